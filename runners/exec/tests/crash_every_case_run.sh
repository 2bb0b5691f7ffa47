#!/bin/bash
# A crashing operation is spent as a hanging one is (docs/exec-protocol.md "Crashes and hangs"): the default run
# against an exec backend that crashes on every case ends by itself with exit 1, every operation's remaining units
# reported once as CRASH with the crash count, and never a pass.
#   crash_every_case_run.sh DCCONF PYTHON3 FIXTURE
dcconf=$1 python=$2 fixture=$3
TMPDIR="$(mktemp -d "${TMPDIR:-/tmp}/dcconf-crash-every.XXXXXX")" || exit 1
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT
start=$(date +%s)
"$dcconf" run --backend "exec:$python $fixture" --quiet --out "$TMPDIR/out" >"$TMPDIR/stdout" 2>"$TMPDIR/stderr"
rc=$?
seconds=$(($(date +%s) - start))
echo "exit $rc after $seconds s: $(tail -1 "$TMPDIR/stdout")"
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, expected 1"; cat "$TMPDIR/stderr"; exit 1; }
"$python" - "$TMPDIR/out/report.json" <<'PY' || exit 1
import json, sys
report = json.load(open(sys.argv[1]))
totals = report["totals"]
failures = report["failures"]
spent = [f for f in failures if f["status"] == "CRASH" and "crashed the backend" in f["message"]]
print(f"totals {totals}; {len(failures)} failures, {len(spent)} of them spent operations' units")
assert totals.get("PASS", 0) == 0, "a backend that crashes on every case passed something"
assert spent, "no unit was reported as not run after its operation's crashes"
assert all(f["status"] == "CRASH" for f in failures), sorted({f["status"] for f in failures})
PY
echo PASS
