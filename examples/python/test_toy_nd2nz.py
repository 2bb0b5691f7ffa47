"""The toy ND2NZ against the oracle through the plugin:  pytest -p dcconf.pytest_plugin examples/python

Every drawn ND2NZ case of the product (all dtypes, GM->A1 and GM->B1) must conform; the deliberately wrong variant
is run in a child pytest and must fail with a readable diff, a saved case file and a repro line."""
import os
import pathlib
import subprocess
import sys

import pytest

import dcconf
import toy_nd2nz

HERE = pathlib.Path(__file__).resolve().parent


@pytest.mark.dcconf(operation="nd2nz", cases=8, invalid=0)  # the toy does not validate (G-4)
def test_toy_nd2nz_conforms(dcconf_case):
    dcconf_case.check(toy_nd2nz.run)


def test_wrong_nd2nz_fails_with_a_readable_diff(tmp_path):
    package = os.path.dirname(os.path.dirname(os.path.abspath(dcconf.__file__)))  # the folder holding dcconf/
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HERE), package]))
    child = subprocess.run([sys.executable, "-m", "pytest", "-p", "dcconf.pytest_plugin", "-p", "no:cacheprovider",
                            str(HERE / "wrong_nd2nz_suite.py"), "--dcconf-dtype", "half", "--dcconf-failures",
                            str(tmp_path / "failures"), "-x", "-q"],
                           capture_output=True, text=True, env=env, cwd=tmp_path)
    out = child.stdout
    assert child.returncode == 1, out + child.stderr  # 1: tests failed (not a crash or a usage error)
    assert "cared byte(s) differ" in out and "[zero-tail]" in out and "(ND2NZ-3)" in out, out + child.stderr
    assert "repro: dcconf run --backend YOUR_BACKEND --replay" in out, out
    saved = list((tmp_path / "failures").glob("*.json"))
    assert len(saved) == 1, out
    # the shrunk case is a case file dcconf reads back, and the wrong implementation still fails on it
    case = dcconf.Case.from_json(saved[0])
    actual = toy_nd2nz.run_forgetting_the_tail(case, case.src.copy(), case.dst_before.copy())
    assert not dcconf.check(case, case.src, case.dst_before, actual).ok
