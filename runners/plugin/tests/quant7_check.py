"""Issue 26: seven independent faults in one plugin (fixtures/quant7_plugin.c) are seven distinct failures of one
run, and the same plugin without faults passes. The FIX units' G-1 conformance property (default settings otherwise)
sees every fault; the other FIX properties only add time. usage: quant7_check.py DCCONF PLUGIN WORKDIR"""
import os
import sys

from quant_faults import run_faults

dcconf, plugin, work = sys.argv[1:4]
os.makedirs(work, exist_ok=True)
# Each fault and what its failure's signature must name (runners/run/src/signature.cpp: the FIX-6 deviation that
# reproduces the output, else the case's mode fields).
FAULTS = {
    "a": ["as if the MCB shift ignored"],
    "b": ["as if every column given V* quant word 0"],
    "c": ["[quantPre=F322F16 src=float", " relu"],
    "d": ["channelSplit"],
    "e": ["nz2nd", "ndNum>1"],
    "f": ["[quantPre=NoQuant", " relu"],
    "g": ["[quantPre=F322BF16 src=float"],
}


def run(faults, out):
    return run_faults(dcconf, plugin, work, faults, out, extra=("--only", "fixpipe/*/G-1*"))


clean, clean_report = run("", "clean")
if clean.returncode != 0:
    sys.exit("the fault-free fixture does not pass (exit %d): %s" % (clean.returncode, clean.stdout[-2000:]))

faulty, report = run(None, "faulty")
if faulty.returncode != 1:
    sys.exit("the seven-fault run exited %d, expected 1: %s" % (faulty.returncode, faulty.stderr[-2000:]))
signatures = sorted({f.get("signature", "") for f in report["failures"] if f["status"] == "FAIL"})
print("%d failures, %d distinct signatures:" % (len(report["failures"]), len(signatures)))
for s in signatures:
    print("  " + s)
missing = [letter for letter, marks in FAULTS.items()
           if not any(all(m in s for m in marks) for s in signatures)]
if len(signatures) < 7 or missing:
    sys.exit("expected >= 7 distinct failures covering every fault; no failure names fault(s) %s" % missing)
# One bug is a handful of signatures (its conversions and the properties that see it), not one per draw.
if len(signatures) > 4 * len(FAULTS):
    sys.exit("%d distinct signatures for %d faults: one bug is split into many" % (len(signatures), len(FAULTS)))
print("quant7: 7 faults, %d distinct failures, clean run passes" % len(signatures))
