#!/usr/bin/env bash
# plugin.hang_on_one_operation_costs_seconds (issue 29 item 5): the default run against a plugin that hangs on one
# operation finishes within 120 s, fails (exit 1), its TIMEOUT messages name the adaptive budget, the operation's
# later units are "not run" TIMEOUTs, and no unit of that operation passes.
set -u
dcconf=$1 plugin=$2 out=$3
start=$(date +%s%N)
"$dcconf" run --backend "plugin:$plugin" --product atlas-a2 --seed 1 --quiet --out "$out" --force
rc=$?
end=$(date +%s%N)
wallMs=$(( (end - start) / 1000000 ))
wall=$((wallMs / 1000)).$(printf %03d $((wallMs % 1000)))
echo "exit $rc, wall ${wall} s, load $(cut -d' ' -f1-3 /proc/loadavg)"
report="$out/report.json"
budget=$(grep -c 'did not answer within [0-9]* ms (adaptive budget; --timeout-ms 10000)' "$report")
notrun=$(grep -c 'not run: DataCopyPad GM->UB timed out 2 times in this run (last budget [0-9]* ms)' "$report")
echo "TIMEOUT messages naming the adaptive budget: $budget; units not run: $notrun"
fail=0
[ "$rc" -eq 1 ] || { echo "FAIL: exit $rc, expected 1 (a run with TIMEOUTs fails)"; fail=1; }
[ "$wallMs" -le 120000 ] || { echo "FAIL: the run took ${wall} s (limit 120 s)"; fail=1; }
[ "$budget" -ge 1 ] || { echo "FAIL: no TIMEOUT message names the adaptive budget"; fail=1; }
[ "$notrun" -ge 1 ] || { echo "FAIL: the spent operation's later units are not reported as not run"; fail=1; }
exit $fail
