"""Shared by the quantising-copy fault checks: one dcconf run of a fault fixture plugin on Atlas A2, the faults picked
by DCCONF_QUANT_FAULTS (None: all, "": none), its report read back."""
import json
import os
import subprocess


def run_faults(dcconf, plugin, work, faults, out, seed="1", extra=()):
    env = dict(os.environ)
    if faults is None:
        env.pop("DCCONF_QUANT_FAULTS", None)
    else:
        env["DCCONF_QUANT_FAULTS"] = faults
    args = [dcconf, "run", "--backend", "plugin:" + plugin, "--product", "atlas-a2", "--seed", seed,
            *extra, "--out", os.path.join(work, out), "--quiet"]
    done = subprocess.run(args, env=env, capture_output=True, text=True)
    with open(os.path.join(work, out, "report.json"), encoding="utf-8") as f:
        return done, json.load(f)
