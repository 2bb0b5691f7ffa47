"""The pytest plugin in child pytest runs: ids, -k selection, vector sets, replay, seeds."""
import json
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]

ORACLE_SUITE = '''
import numpy as np
import dcconf

def oracle_run(case, src, dst):
    e = dcconf.evaluate(case, src, dst)   # invalid cases raise: REJECTED
    # golden: expected, with a NaN of T where AMB-16 wants one (issue 29); G-6: one fixed behaviour of each open
    # ambiguity, the first whole reading, as a real implementation would
    dst[:] = dcconf.golden(case, src, dst).tensor.view(np.uint8)
    if e.alternatives:
        reading = e.alternatives.readings[0]
        dst[reading.care] = reading.expected_bytes[reading.care]

def flipping_run(case, src, dst):
    oracle_run(case, src, dst)
    dst[np.flatnonzero(dcconf.evaluate(case, src, dst).care)[:1]] ^= 0x40

def test_oracle(dcconf_case):
    dcconf_case.check(oracle_run)

def test_flipping(dcconf_case):
    dcconf_case.check(flipping_run)

def careless_run(case, src, dst):
    dst[:] = 0x5A   # runs whatever it is given and writes the whole buffer

def test_careless(dcconf_case):
    dcconf_case.check(careless_run)
'''


def pytest_child(tmp_path, *args):
    (tmp_path / "test_suite.py").write_text(ORACLE_SUITE)
    package = os.path.dirname(os.path.dirname(os.path.abspath(__import__("dcconf").__file__)))
    env = dict(os.environ, PYTHONPATH=package)
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "dcconf.pytest_plugin", "-p", "no:cacheprovider",
                           str(tmp_path / "test_suite.py"), *args], capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=600)


def collected(child):
    return [line.split("::", 1)[1] for line in child.stdout.splitlines() if "::" in line]


def test_ids_carry_operation_path_dtype_and_clause(tmp_path):
    child = pytest_child(tmp_path, "--collect-only", "-q", "--dcconf-operation", "nd2nz", "--dcconf-cases", "2",
                         "--dcconf-invalid", "0")
    ids = collected(child)
    assert child.returncode == 0, child.stdout + child.stderr
    # ND2NZ on atlas-a2: 8 dtypes (products.tsv DC set) x 2 cases x 3 tests
    assert len(ids) == 8 * 2 * 3, ids
    assert all("DataCopy-ND2NZ-GM-" in i and "-ND2NZ-G-1-" in i for i in ids), ids
    assert any("-half-" in i for i in ids) and any("-uint8_t-" in i for i in ids)


def test_k_selects_like_a_glob(tmp_path):
    child = pytest_child(tmp_path, "--collect-only", "-q", "--dcconf-cases", "1", "-k", "test_oracle and ND2NZ and half")
    ids = collected(child)
    assert ids and all(i.startswith("test_oracle[DataCopy-ND2NZ-") and "-half-" in i for i in ids), ids
    everything = collected(pytest_child(tmp_path, "--collect-only", "-q", "--dcconf-cases", "1"))
    families = {i.split("-G-1-")[0].rsplit("-", 1)[1] for i in everything}
    assert {"G2U", "U2G", "DC", "ND2NZ", "NZ2ND", "SLICE", "FIX"} <= families, families


def test_unknown_product_is_a_usage_error(tmp_path):
    child = pytest_child(tmp_path, "-q", "--dcconf-product", "nosuch", "-k", "test_oracle")
    assert child.returncode == 4, child.stdout + child.stderr
    assert "--dcconf-product: unknown product 'nosuch' (known: " in child.stderr, child.stderr


def test_a_selection_of_nothing_fails_the_session(tmp_path):
    child = pytest_child(tmp_path, "-q", "--dcconf-operation", "nosuch", "-k", "test_oracle")
    assert child.returncode == 1, child.stdout + child.stderr
    assert "1 error" in child.stdout and "skipped" not in child.stdout, child.stdout
    assert "the selection selects no case (--dcconf-product 'atlas-a2', --dcconf-operation 'nosuch'" in child.stdout


def test_same_seed_same_cases_and_another_seed_others(tmp_path):
    import dcconf._core as core
    args = ("--collect-only", "-q", "--dcconf-operation", "padGmToUb", "--dcconf-cases", "4")
    first = collected(pytest_child(tmp_path, *args, "--dcconf-seed", "7"))
    assert first and first == collected(pytest_child(tmp_path, *args, "--dcconf-seed", "7"))
    draws = {core.draw("padGmToUb", "atlas-a2", "half", "*", "", seed, 50)[0] for seed in (1, 1, 2, 3)}
    assert len(draws) == 3  # a seed gives one case, other seeds others


def test_generated_cases_pass_the_oracle_and_fail_a_flipped_byte(tmp_path):
    child = pytest_child(tmp_path, "-q", "--dcconf-cases", "2", "--dcconf-operation", "padGmToUb", "--dcconf-invalid",
                         "0", "--dcconf-dtype", "half", "--dcconf-failures", str(tmp_path / "failures"), "-k",
                         "not careless")
    assert child.returncode == 1, child.stdout + child.stderr
    assert "2 passed" in child.stdout and "2 failed" in child.stdout, child.stdout
    assert "cared byte(s) differ" in child.stdout and "repro: dcconf run --backend YOUR_BACKEND --replay" in child.stdout
    saved = sorted((tmp_path / "failures").glob("*.json"))
    assert len(saved) == 2
    # a saved case replays: the oracle passes it, the flipping implementation still fails it
    replay = pytest_child(tmp_path, "-q", "--dcconf-replay", str(saved[0]), "-k", "not careless")
    assert replay.returncode == 1 and "1 passed" in replay.stdout and "1 failed" in replay.stdout, replay.stdout


def test_vector_set_cases(tmp_path):
    child = pytest_child(tmp_path, "-q", "--dcconf-vectors", str(ROOT / "vectors" / "golden"), "-k", "test_oracle")
    assert child.returncode == 0, child.stdout[-3000:] + child.stderr
    ids = collected(pytest_child(tmp_path, "--collect-only", "-q", "--dcconf-vectors", str(ROOT / "vectors" / "golden")))
    assert any("-invalid-FIX-4" in i for i in ids) and any("-valid-" in i for i in ids), ids[:5]
    flipped = pytest_child(tmp_path, "-q", "--dcconf-vectors", str(ROOT / "vectors" / "golden"), "-k",
                           "test_flipping and datacopy_gm2a1_float")
    assert flipped.returncode == 1 and "cared byte(s) differ" in flipped.stdout, flipped.stdout[-3000:]
    assert "repro: dcconf vectors check" in flipped.stdout


def test_invalid_cases_pass_when_refused_and_fail_when_written_outside(tmp_path):
    ids = collected(pytest_child(tmp_path, "--collect-only", "-q", "--dcconf-cases", "0", "--dcconf-operation",
                                 "padGmToUb", "--dcconf-dtype", "half"))
    assert ids and all("-G-4-PAD-G2U-" in i or "-G-4-G-" in i for i in ids), ids
    refused = pytest_child(tmp_path, "-q", "--dcconf-cases", "0", "-k", "test_oracle", "--dcconf-dtype", "half")
    assert refused.returncode == 0 and " passed" in refused.stdout, refused.stdout[-2000:]
    careless = pytest_child(tmp_path, "-q", "--dcconf-cases", "0", "-k", "test_careless", "--dcconf-operation",
                            "padGmToUb", "--dcconf-dtype", "half", "--dcconf-failures", str(tmp_path / "f"))
    assert careless.returncode == 1, careless.stdout[-2000:]
    assert "and run anyway, it wrote byte" in careless.stdout and "(G-4/G-1)" in careless.stdout, careless.stdout[-2000:]


def _first_draw(core, predicate, operation="padGmToUb", dtype="int8_t"):
    for seed in range(1, 400):
        text, _ = core.draw(operation, "atlas-a2", dtype, "*", "", seed, 100)
        if text is not None and predicate(json.loads(text)):
            return seed
    raise AssertionError("no drawn case matches")


def test_shrink_ends_at_the_smallest_failing_value_of_each_field():
    """Issue 28: a model failing for blockLen > 40 shrank to 63 and one failing for rightPadding >= 1 kept 32;
    after the shrink tree, each integer field is binary-searched down to its smallest failing value."""
    import dcconf._core as core
    fails_wide = lambda case: case["params"]["blockLen"] > 40
    seed = _first_draw(core, lambda c: c["params"]["blockLen"] > 100)
    text, steps = core.draw("padGmToUb", "atlas-a2", "int8_t", "*", "", seed, 100,
                            fails=lambda t: fails_wide(json.loads(t)))
    assert json.loads(text)["params"]["blockLen"] == 41 and steps > 0, text
    fails_padded = lambda case: case["padParams"]["rightPadding"] >= 1
    seed = _first_draw(core, lambda c: c["padParams"]["rightPadding"] > 8)
    text, _ = core.draw("padGmToUb", "atlas-a2", "int8_t", "*", "", seed, 100,
                        fails=lambda t: fails_padded(json.loads(t)))
    shrunk = json.loads(text)
    assert shrunk["padParams"]["rightPadding"] == 1 and shrunk["params"]["blockCount"] == 1, text


# G-6 (issue 27): an implementation following one fixed reading passes and the summary prints its fingerprint; one
# mixing readings inside a call (even bytes the first reading, odd bytes the last) fails naming G-6.
READINGS_SUITE = '''
import numpy as np
import dcconf

def first_reading(case, src, dst):
    e = dcconf.evaluate(case, src, dst)
    dst[:] = e.alternatives.readings[0].expected_bytes if e.alternatives else e.expected_bytes

def mixing(case, src, dst):
    e = dcconf.evaluate(case, src, dst)
    if not e.alternatives:
        dst[:] = e.expected_bytes
        return
    dst[:] = e.alternatives.readings[0].expected_bytes
    dst[1::2] = e.alternatives.readings[-1].expected_bytes[1::2]

def test_first_reading(dcconf_case):
    dcconf_case.check(first_reading)

def test_mixing(dcconf_case):
    dcconf_case.check(mixing)
'''


def test_plugin_reports_the_readings_and_fails_a_mix(tmp_path):
    (tmp_path / "test_suite.py").write_text(READINGS_SUITE)
    package = os.path.dirname(os.path.dirname(os.path.abspath(__import__("dcconf").__file__)))
    env = dict(os.environ, PYTHONPATH=package)

    def child(*args):
        return subprocess.run([sys.executable, "-m", "pytest", "-p", "dcconf.pytest_plugin", "-p", "no:cacheprovider",
                               str(tmp_path / "test_suite.py"), "--dcconf-vectors", str(ROOT / "vectors" / "golden"),
                               *args], capture_output=True, text=True, env=env,
                              cwd=tmp_path, timeout=600)

    passed = child("-k", "test_first_reading and datacopy_co12gm_uint8_t-0001", "--junitxml", str(tmp_path / "junit.xml"))
    assert passed.returncode == 0, passed.stdout[-3000:] + passed.stderr
    assert "dcconf readings (G-6)" in passed.stdout and "AMB-8 offset-signed (1 case(s))" in passed.stdout, \
        passed.stdout[-3000:]
    junit = (tmp_path / "junit.xml").read_text()
    assert 'name="dcconf readings" value="AMB-8 offset-signed"' in junit, junit[-2000:]
    mixed = child("-k", "test_mixing and datacopy_co12gm_uint8_t-0001")
    assert mixed.returncode == 1, mixed.stdout[-3000:]
    assert "G-6" in mixed.stdout and "reading offset-signed differs" in mixed.stdout, mixed.stdout[-3000:]
