"""G-6 (issue 27): whole readings of the open alternatives ambiguities, from Python: evaluate().alternatives,
check() naming the reading an output follows or failing a byte-wise mix, and both vector verifiers (the numpy one
and `dcconf vectors verify`, DCCONF_EXE) on one set: a whole reading passes, a mix fails naming G-6, a set without
the field (an older export) verifies byte-wise as before."""
import hashlib
import json
import os
import pathlib
import shutil
import subprocess
import sys

import numpy as np
import pytest

import dcconf
from dcconf import vectors

ROOT = pathlib.Path(__file__).resolve().parents[2]
DCCONF = os.environ.get("DCCONF_EXE", str(ROOT / "build" / "dcconf"))


def req8_with_offset():
    """The REQ8 worked example with offset field 0x1FE: -2 read signed, 510 unsigned (AMB-8, FIX-5/7)."""
    body = json.loads((ROOT / "docs" / "examples" / "fixpipe-req8-int32-int8.json").read_text())
    body["fixpipe"]["quantScalar"] = "0x7fc03f000000"  # 0x40003f000000 | 0x1fe << 37
    return dcconf.Case.from_json(json.dumps(body))


# By hand (the example's description): element (0,0) -150 * 0.5 = -75, (0,1) -145 * 0.5 = -72.5 -> -72 (half to
# even), (0,32) at byte 512: 10 * 0.5 = 5. Signed offset -2: -77 = 0xb3, -74 = 0xb6, 3 = 0x03; unsigned 510:
# 435, 438, 515 all saturate to 127 = 0x7f.
BY_HAND = {0: (0xb3, 0x7f), 1: (0xb6, 0x7f), 512: (0x03, 0x7f)}


def test_evaluate_exposes_the_ambiguities_and_each_whole_reading():
    case = req8_with_offset()
    e = dcconf.evaluate(case, case.src, case.dst_before)
    assert e.alternatives and e.alternatives.ambiguities == ["AMB-8"]
    assert [r.combinations for r in e.alternatives.readings] == [["offset-signed"], ["offset-unsigned"]]
    signed, unsigned = e.alternatives.readings
    for byte, (s, u) in BY_HAND.items():
        assert not e.care[byte]  # the default leaves it to the reading
        assert signed.care[byte] and unsigned.care[byte]
        assert (signed.expected_bytes[byte], unsigned.expected_bytes[byte]) == (s, u), byte
    assert signed.expected_bytes[-1] == unsigned.expected_bytes[-1] == 0xee  # past the footprint: the fill
    pinned = dcconf.evaluate(case, case.src, case.dst_before, profile="offset-signed")
    assert not pinned.alternatives  # a pinned profile leaves nothing open


def test_golden_of_one_whole_reading():
    case = req8_with_offset()
    default = dcconf.golden(case, case.src, case.dst_before, any_fill=0x5a)
    for word, column in (("offset-signed", 0), ("offset-unsigned", 1)):
        g = dcconf.golden(case, case.src, case.dst_before, any_fill=0x5a, reading=word)
        data = np.asarray(g).view(np.uint8)
        for byte, by_hand in BY_HAND.items():
            assert default.tensor.view(np.uint8)[byte] == 0x5a  # ANY by default
            assert g.care[byte] and data[byte] == by_hand[column], (word, byte)
        assert g.any_bytes < default.any_bytes
        assert dcconf.check(case, case.src, case.dst_before, data.copy()).readings == {"AMB-8": [word]}
    with pytest.raises(ValueError, match="G-6.*offset-signed, offset-unsigned"):
        dcconf.golden(case, case.src, case.dst_before, reading="offset-sideways")
    pinned = dcconf.golden(case, case.src, case.dst_before, profile="offset-signed", reading="offset-unsigned")
    assert np.asarray(pinned).view(np.uint8)[0] == BY_HAND[0][0]  # a pinned profile opens no alternative to pick


def test_check_names_the_reading_and_fails_a_mix_with_g6():
    case = req8_with_offset()
    readings = dcconf.evaluate(case, case.src, case.dst_before).alternatives.readings
    for reading, word in zip(readings, ["offset-signed", "offset-unsigned"]):
        diff = dcconf.check(case, case.src, case.dst_before, reading.expected_bytes.copy())
        assert diff.ok and diff.readings == {"AMB-8": [word]}, str(diff)
        assert str(diff).endswith(f"follows AMB-8 {word}")
    mixed = readings[0].expected_bytes.copy()
    mixed[1] = readings[1].expected_bytes[1]  # column 0 signed, column 1 unsigned
    diff = dcconf.check(case, case.src, case.dst_before, mixed)
    assert not diff.ok and diff and diff.clause == "G-6"
    assert "G-6" in str(diff) and "offset-signed" in str(diff) and "offset-unsigned" in str(diff), str(diff)
    assert "byte 0x1 = 0x7f follows only offset-unsigned" in diff.mix, diff.mix


# ---- the two vector verifiers -------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def fix_set(tmp_path_factory):
    """The curated CO1->GM vectors (count 0: fixed), exported with the default profile."""
    base = tmp_path_factory.mktemp("alternatives")
    subprocess.run([DCCONF, "vectors", "export", "--out", str(base / "set"), "--count", "0", "--paths", "CO1->GM",
                    "--quiet"], check=True)
    return base / "set"


def amb8_test(vector_set):
    return next(t for t in vector_set if t.ambiguities == ["AMB-8"])


QUIET_NAN = {"half": 0x7E00, "bfloat16_t": 0x7FC0, "float": 0x7FC00000, "double": 0x7FF8000000000000}


def write_outputs(vector_set, out, k=0):
    """Every valid vector's output: its reading k (the last one when it has fewer), else expected.bin; a quiet NaN
    wherever the vector wants some NaN of T (nanElements, issue 29), as an implementation would write one."""
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir()
    for t in vector_set:
        if t.result == "valid":
            chosen = (t.readings[min(k, len(t.readings) - 1)].expected if t.readings else t.expected).copy()
            for offset, dtype in t.nan_elements:
                size = vectors._NAN_SIZES[dtype]
                chosen[offset:offset + size] = np.frombuffer(QUIET_NAN[dtype].to_bytes(size, "little"), np.uint8)
            chosen.tofile(out / f"{t.tc_id}.bin")


def mixed_output(test):
    first, second = test.readings[0], test.readings[1]
    differ = np.flatnonzero((first.care == 1) & (second.care == 1) & (first.expected != second.expected))
    assert differ.size >= 2, "a mix needs two bytes the readings decide differently"
    out = first.expected.copy()
    out[differ[0]] = second.expected[differ[0]]
    return out


def dcconf_verify(set_dir, outputs):
    return subprocess.run([DCCONF, "vectors", "verify", str(set_dir), "--outputs", str(outputs), "-v"], capture_output=True,
                          text=True)


def python_verify(set_dir, outputs):
    return subprocess.run([sys.executable, "-m", "dcconf.vectors", "verify", str(set_dir), "--outputs", str(outputs)],
                          capture_output=True, text=True, env=dict(os.environ))


def test_the_set_carries_the_readings_and_the_g6_flag(fix_set):
    vs = vectors.load(fix_set)
    t = amb8_test(vs)
    assert "ALTERNATIVES" in t.flags and vs.manifest["flags"]["ALTERNATIVES"]["clause"] == "G-6"
    assert [r.combinations for r in t.readings] == [["offset-signed"], ["offset-unsigned"]]
    # each reading keeps every byte the default cares about and decides more
    for r in t.readings:
        assert np.array_equal(r.expected[t.care == 1], t.expected[t.care == 1])
        assert r.care.sum() > t.care.sum()


@pytest.mark.parametrize("k, word", [(0, "offset-signed"), (1, "offset-unsigned")])
def test_both_verifiers_pass_a_whole_reading_and_name_it(fix_set, tmp_path, k, word):
    vs = vectors.load(fix_set)
    write_outputs(vs, tmp_path / "out", k)
    results = vectors.verify(vs, tmp_path / "out")
    assert all(r.ok for r in results), [r.message for r in results if not r.ok]
    t = amb8_test(vs)
    assert next(r for r in results if r.tc_id == t.tc_id).readings == {"AMB-8": [word]}
    assert vectors.fingerprint(results)["AMB-8"] == [word]
    python = python_verify(fix_set, tmp_path / "out")
    assert python.returncode == 0 and f"readings (G-6): AMB-8 {word}" in python.stdout, python.stdout + python.stderr
    cli = dcconf_verify(fix_set, tmp_path / "out")
    assert cli.returncode == 0, cli.stdout[-2000:] + cli.stderr
    assert f"AMB-8   {word}" in cli.stdout, cli.stdout[-2000:]


def test_both_verifiers_fail_a_byte_wise_mix_naming_g6(fix_set, tmp_path):
    vs = vectors.load(fix_set)
    t = amb8_test(vs)
    write_outputs(vs, tmp_path / "out")
    mixed_output(t).tofile(tmp_path / "out" / f"{t.tc_id}.bin")
    result = next(r for r in vectors.verify(vs, tmp_path / "out") if r.tc_id == t.tc_id)
    assert result.status == "FAIL" and "G-6" in result.message, result.message
    assert "reading offset-signed differs" in result.message and "reading offset-unsigned differs" in result.message
    python = python_verify(fix_set, tmp_path / "out")
    assert python.returncode == 1 and "G-6" in python.stdout, python.stdout
    cli = dcconf_verify(fix_set, tmp_path / "out")
    assert cli.returncode == 1 and f"{t.tc_id}: G-6" in cli.stdout, cli.stdout[-2000:]


def strip_alternatives(set_dir):
    """The set as an export from before the field: no alternatives, no reading files, the manifest re-hashed."""
    manifest = json.loads((set_dir / "manifest.json").read_text())
    for group in manifest["groups"]:
        body = json.loads((set_dir / group).read_text())
        for test_group in body["testGroups"]:
            for test in test_group["tests"]:
                for reading in test.pop("alternatives", {}).get("readings", []):
                    for key in ("expected", "care"):
                        (set_dir / reading[key]["file"]).unlink()
                        del manifest["files"][reading[key]["file"]]
        data = json.dumps(body, indent=2).encode()
        (set_dir / group).write_bytes(data)
        manifest["files"][group] = {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    (set_dir / "manifest.json").write_text(json.dumps(manifest, indent=2))


def test_a_set_without_the_field_still_verifies_byte_wise(fix_set, tmp_path):
    t = amb8_test(vectors.load(fix_set))
    old = tmp_path / "old"
    shutil.copytree(fix_set, old)
    strip_alternatives(old)
    vs = vectors.load(old)
    assert not any(test.readings for test in vs)
    write_outputs(vs, tmp_path / "out")
    mixed_output(t).tofile(tmp_path / "out" / f"{t.tc_id}.bin")  # only the field makes a mix fail
    assert all(r.ok for r in vectors.verify(vs, tmp_path / "out"))
    assert python_verify(old, tmp_path / "out").returncode == 0
    cli = dcconf_verify(old, tmp_path / "out")
    assert cli.returncode == 0, cli.stdout[-2000:] + cli.stderr
