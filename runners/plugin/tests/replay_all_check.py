"""Issue 26 item 3: every failure of a run replays. Runs `dcconf run ARGS... --out work/run`, then for every failure in
report.json: its case file exists (sparse ones included) and `dcconf run --backend B --replay FILE` fails again
(exit 1: checks failed). usage: replay_all_check.py DCCONF BACKEND RUN-ARGS..."""
import json
import os
import subprocess
import sys

dcconf, backend, args = sys.argv[1], sys.argv[2], sys.argv[3:]
out = os.path.abspath("run")
done = subprocess.run([dcconf, "run", "--backend", backend, *args, "--out", out, "--quiet"], capture_output=True,
                      text=True)
if done.returncode != 1:
    sys.exit("the run exited %d, expected 1 (it must find failures): %s" % (done.returncode, done.stderr[-1500:]))
report = json.load(open(os.path.join(out, "report.json"), encoding="utf-8"))
failures = report["failures"]
if not failures:
    sys.exit("no failures to replay")
sparse = 0
for f in failures:
    case_file = os.path.join(out, f.get("caseFile", ""))
    if not f.get("caseFile") or not os.path.isfile(case_file):
        sys.exit("failure %s (%s) has no case file" % (f["id"], f["status"]))
    with open(case_file, encoding="utf-8") as c:
        sparse += "sparse" in json.load(c)
    replay = subprocess.run([dcconf, "run", "--backend", backend, "--replay", case_file], capture_output=True, text=True)
    if replay.returncode != 1 or "FAIL" not in replay.stdout:
        sys.exit("replaying %s (%s) exited %d, expected 1 with a FAIL line:\n%s%s" %
                 (f["id"], f["status"], replay.returncode, replay.stdout[-1500:], replay.stderr[-500:]))
    print("replayed %s: %s" % (f["id"], replay.stdout.strip().splitlines()[0][:160]))
print("%d failures (%d sparse) each replay to a failure" % (len(failures), sparse))
