"""Issue 49 item 4: seven faults of a third-party simulator's quantising copy, several in one conversion mode
(fixtures/quant_same_mode_plugin.c), are seven distinct failures of one default run, each named by the FIX-6
deviation that reproduces it; no failure names a deviation the plugin does not have; the fault-free build passes.
usage: quant_same_mode_check.py DCCONF PLUGIN WORKDIR"""
import os
import sys

from quant_faults import run_faults

dcconf, plugin, work = sys.argv[1:4]
os.makedirs(work, exist_ok=True)
# Each fault and the deviation its failures must name (oracle/include/dcconf/oracle/deviation.hpp's words).
FAULTS = {
    "a": "the offset added before rounding",
    "b": "no saturation to [-256, 255] before the offset",
    "c": "the V* quant word picked by the row, not the column",
    "d": "the MCB shift ignored",
    "e": "the scale read from all 32 bits",
    "f": "ReLU on the product, not the source",
    "g": "-0.0 kept (no zero offset after the conversion)",
}
ABSENT = ["every column given V* quant word 0"]  # a deviation of the catalogue this plugin does not have


def run(faults, out, seed="1"):
    return run_faults(dcconf, plugin, work, faults, out, seed)


clean, _ = run("", "clean")
if clean.returncode != 0:
    sys.exit("the fault-free fixture does not pass (exit %d): %s" % (clean.returncode, clean.stdout[-2000:]))

for seed in ("1", "2"):
    faulty, report = run(None, "faulty" + seed, seed)
    if faulty.returncode != 1:
        sys.exit("the seven-fault run exited %d, expected 1: %s" % (faulty.returncode, faulty.stderr[-2000:]))
    signatures = sorted({f.get("signature", "") for f in report["failures"] if f["status"] == "FAIL"})
    print("seed %s: %d failures, %d distinct signatures:" % (seed, len(report["failures"]), len(signatures)))
    for s in signatures:
        print("  " + s)
    named = {letter: [s for s in signatures if "as if " + words + " [" in s] for letter, words in FAULTS.items()}
    missing = [letter for letter, found in named.items() if len(found) != 1]
    if missing:
        sys.exit("seed %s: fault(s) %s not named by exactly one signature of its own" % (seed, missing))
    wrong = [s for s in signatures if any(words in s for words in ABSENT)]
    if wrong:
        sys.exit("seed %s: a failure names a deviation the plugin does not have: %s" % (seed, wrong))
    # the faults show together in draws no three deviations reproduce: those stay generic, but not one per draw
    if len(signatures) > 4 * len(FAULTS):
        sys.exit("%d distinct signatures for %d faults: one bug is split into many" % (len(signatures), len(FAULTS)))
print("quant_same_mode: 7 faults, each named by its own deviation over two seeds; the clean run passes")
