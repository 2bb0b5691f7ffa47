"""The numpy verifier (python3 -m dcconf.vectors) and `dcconf vectors lint/verify` on the same inputs: one table of
damaged sets and outputs, both tools, the same exit status (issue 16 item 7). DCCONF_EXE names the dcconf binary."""
import hashlib
import json
import os
import pathlib
import resource
import shutil
import subprocess
import sys

import numpy as np
import pytest

from dcconf import vectors

ROOT = pathlib.Path(__file__).resolve().parents[2]
DCCONF = os.environ.get("DCCONF_EXE", str(ROOT / "build" / "dcconf"))
PYTHON_VERIFIER = [sys.executable, "-m", "dcconf.vectors"]


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    base = tmp_path_factory.mktemp("agreement")
    subprocess.run([DCCONF, "vectors", "export", "--out", str(base / "set"), "--count", "1", "--seed", "9",
                    "--paths", "GM->*", "--quiet"], check=True)
    subprocess.run([DCCONF, "vectors", "check", str(base / "set"), "--backend", "fast", "--save-outputs",
                    str(base / "outputs"), "--quiet"], check=True)
    return base


def _manifest(set_dir):
    return json.loads((set_dir / "manifest.json").read_text())


def _write_manifest(set_dir, manifest):
    (set_dir / "manifest.json").write_text(json.dumps(manifest, indent=1))


def _first_valid(set_dir):
    for test in vectors.load(set_dir):
        if test.result == "valid":
            return test
    raise AssertionError("no valid vector")


def unlisted_file(s, o):
    (s / "data" / "extra.bin").write_bytes(b"\0" * 8)


def escaping_entry(s, o):
    m = _manifest(s)
    data = pathlib.Path("/etc/hostname").read_bytes() if pathlib.Path("/etc/hostname").exists() else b""
    m["files"]["../../../../etc/hostname"] = {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    _write_manifest(s, m)


def absolute_entry(s, o):
    m = _manifest(s)
    m["files"]["/etc/passwd"] = {"size": 1, "sha256": "0" * 64}
    _write_manifest(s, m)


def symlink_out_of_the_set(s, o):
    (s / "data" / "link.bin").symlink_to("/etc/hostname")


def deep_manifest(s, o):
    (s / "manifest.json").write_text("[" * 100000 + "]" * 100000)


def deep_schema_value(s, o):
    (s / "manifest.json").write_text('{"schema": ' + "[" * 100000 + "]" * 100000 + "}")


def no_manifest(s, o):
    (s / "manifest.json").unlink()


def manifest_not_json(s, o):
    (s / "manifest.json").write_text("{ not json")


def truncated_tensor(s, o):
    victim = next((s / "data").glob("*.src.bin"))
    victim.write_bytes(victim.read_bytes()[:-1])


def corrupted_tensor(s, o):
    victim = next((s / "data").glob("*.src.bin"))
    data = bytearray(victim.read_bytes())
    data[0] ^= 1
    victim.write_bytes(bytes(data))


def absurd_size_entry(s, o):
    m = _manifest(s)
    rel = next(iter(m["files"]))
    m["files"][rel]["size"] = 1 << 62
    _write_manifest(s, m)


def flipped_cared_byte(s, o):
    test = _first_valid(s)
    out = np.fromfile(o / f"{test.tc_id}.bin", dtype=np.uint8)
    out[int(np.flatnonzero(test.care)[0])] ^= 0xFF
    out.tofile(o / f"{test.tc_id}.bin")


def missing_valid_output(s, o):
    (o / f"{_first_valid(s).tc_id}.bin").unlink()


def huge_sparse_output(s, o):
    with open(o / f"{_first_valid(s).tc_id}.bin", "r+b") as f:
        f.truncate(2 << 30)  # 2 GiB, sparse: a verifier that reads it whole needs 2 GiB of memory


def no_outputs_folder(s, o):
    shutil.rmtree(o)


# mutation, lint status, verify status, message both print (None: only the status is compared)
TABLE = [
    (None, 0, 0, None),
    (unlisted_file, 4, 4, "data/extra.bin: is in the set folder but not listed in manifest.json"),
    (escaping_entry, 4, 4, 'files["../../../../etc/hostname"]: is not a relative path inside the set'),
    (absolute_entry, 4, 4, 'files["/etc/passwd"]: is not a relative path inside the set'),
    (symlink_out_of_the_set, 4, 4, "is a symbolic link to /etc/hostname: a vector set holds regular files only"),
    (deep_manifest, 4, 4, "manifest.json: "),
    (deep_schema_value, 4, 4, "manifest.json: "),
    (no_manifest, 4, 4, "manifest.json: "),
    (manifest_not_json, 4, 4, "manifest.json: is not JSON"),
    (truncated_tensor, 4, 4, ": size: is "),
    (corrupted_tensor, 4, 4, ": sha256: is "),
    (absurd_size_entry, 4, 4, "over the limit of"),
    (flipped_cared_byte, 0, 1, None),
    (missing_valid_output, 0, 1, None),
    (huge_sparse_output, 0, 1, None),
    (no_outputs_folder, 0, 7, "--outputs: "),
]


def _limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (1536 << 20, 1536 << 20))  # far below the 2 GiB output


@pytest.mark.parametrize("mutate,lint_status,verify_status,message", TABLE,
                         ids=[row[0].__name__ if row[0] else "pristine" for row in TABLE])
def test_both_verifiers_agree(pristine, tmp_path, mutate, lint_status, verify_status, message):
    set_dir, outputs = tmp_path / "set", tmp_path / "outputs"
    shutil.copytree(pristine / "set", set_dir)
    shutil.copytree(pristine / "outputs", outputs)
    if mutate:
        mutate(set_dir, outputs)
    env = dict(os.environ, PYTHONPATH=os.environ.get("PYTHONPATH", str(ROOT / "python")))
    for tool in ([DCCONF, "vectors"], PYTHON_VERIFIER):
        for command, want in ((["lint", str(set_dir)], lint_status),
                              (["verify", str(set_dir), "--outputs", str(outputs), "--quiet"], verify_status)):
            child = subprocess.run(tool + command, capture_output=True, text=True, env=env,
                                   preexec_fn=_limit_memory if tool is PYTHON_VERIFIER else None, timeout=120)
            where = f"{' '.join(tool[-2:])} {command[0]}: exit {child.returncode}\n{child.stdout}{child.stderr}"
            assert child.returncode == want, where
            assert "Traceback" not in child.stderr, where
            if want == 4 or (want == 7 and message):
                lines = child.stderr.splitlines()
                assert lines and all(line.startswith("dcconf: error: ") for line in lines), where
                assert all(len(line) < 400 for line in lines), where
                assert message in child.stderr, where


@pytest.mark.parametrize("argv,status", [(["--help"], 0), (["verify", "--help"], 0), ([], 2),
                                         (["verify", "SET"], 2), (["frobnicate", "SET"], 2)])
def test_command_line_statuses(argv, status):
    child = subprocess.run(PYTHON_VERIFIER + argv, capture_output=True, text=True)
    assert child.returncode == status, child.stdout + child.stderr
    dcconf_child = subprocess.run([DCCONF, "vectors"] + argv, capture_output=True, text=True)
    assert dcconf_child.returncode == status, dcconf_child.stdout + dcconf_child.stderr


def test_tc_glob_selecting_nothing_is_status_7(pristine):
    for tool in ([DCCONF, "vectors"], PYTHON_VERIFIER):
        child = subprocess.run(tool + ["verify", str(pristine / "set"), "--outputs", str(pristine / "outputs"),
                                       "--tc", "no-such-*"], capture_output=True, text=True)
        assert child.returncode == 7, child.stderr


def test_library_api_and_the_former_module_name(pristine):
    vs = vectors.load(pristine / "set")
    results = vectors.verify(vs, pristine / "outputs")
    assert results and all(r.ok for r in results)
    assert {"PASS", "REJECTED"} <= {r.status for r in results}
    sys.path.insert(0, str(ROOT / "vectors" / "python"))
    try:
        import dcconf_vectors
    finally:
        sys.path.pop(0)
    assert dcconf_vectors.load_set is vectors.load and dcconf_vectors.verify_outputs is vectors.verify


def test_nan_elements_both_verifiers(tmp_path):
    """AMB-16 (project, issue 29 item 4): the golden set's NaN-sourced FIX elements (nanElements) take any NaN of T
    and fail inf; without nanElements (a set from before issue 29) both tools judge them as plain ANY."""
    set_dir, outputs = tmp_path / "set", tmp_path / "outputs"
    shutil.copytree(ROOT / "vectors" / "golden", set_dir)
    subprocess.run([DCCONF, "vectors", "check", str(set_dir), "--backend", "fast", "--save-outputs", str(outputs),
                    "--quiet"], check=True)
    test = next(t for t in vectors.load(set_dir) if t.nan_elements)
    offset, dtype = test.nan_elements[0]
    assert dtype in ("half", "bfloat16_t")
    inf = 0x7C00 if dtype == "half" else 0x7F80
    env = dict(os.environ, PYTHONPATH=os.environ.get("PYTHONPATH", str(ROOT / "python")))

    def statuses(element):
        out = np.fromfile(outputs / f"{test.tc_id}.bin", dtype=np.uint8)
        out[offset:offset + 2] = np.frombuffer(element.to_bytes(2, "little"), dtype=np.uint8)
        out.tofile(outputs / f"{test.tc_id}.bin")
        return [subprocess.run(tool + ["verify", str(set_dir), "--outputs", str(outputs), "--tc", test.tc_id],
                               capture_output=True, text=True, env=env)
                for tool in ([DCCONF, "vectors"], PYTHON_VERIFIER)]

    assert [c.returncode for c in statuses(inf | 0x8001)] == [0, 0]  # a negative NaN, another payload
    failed = statuses(inf)
    assert [c.returncode for c in failed] == [1, 1], [c.stdout + c.stderr for c in failed]
    assert all(f"NaN of {dtype}" in c.stdout + c.stderr for c in failed), [c.stdout + c.stderr for c in failed]
    group = set_dir / test.group_file
    text = json.loads(group.read_text())
    for g in text["testGroups"]:
        for t in g["tests"]:
            t.pop("nanElements", None)
    group.write_text(json.dumps(text, indent=2))
    manifest = _manifest(set_dir)
    data = group.read_bytes()
    manifest["files"][test.group_file] = {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    _write_manifest(set_dir, manifest)
    assert [c.returncode for c in statuses(inf)] == [0, 0]


# The corrupt golden-ascend950 sets of the audit: one malformed 950 field each (the group file re-hashed, so only the
# field is wrong). Both linters read the case's fields with the one case-file parser: both refuse, naming the field.
def _edit_first_case(set_dir, wants, edit):
    """Applies edit(case) to the first case holding the dotted path `wants`; re-hashes its group file."""
    manifest = _manifest(set_dir)
    for group_file in manifest["groups"]:
        path = set_dir / group_file
        group = json.loads(path.read_text())
        for test_group in group["testGroups"]:
            for test in test_group["tests"]:
                node = test["case"]
                for key in wants.split("."):
                    node = node.get(key) if isinstance(node, dict) else None
                if node is None:
                    continue
                text = edit(test["case"], json.dumps(group, indent=1))
                path.write_text(text if isinstance(text, str) else json.dumps(group, indent=1))
                data = path.read_bytes()
                manifest["files"][group_file] = {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
                _write_manifest(set_dir, manifest)
                return
    raise AssertionError(f"no case with {wants}")


def _set(path, value):
    def edit(case, _text):
        *parents, last = path.split(".")
        node = case
        for key in parents:
            node = node[key]
        node[last] = value
    return edit


def _duplicated_key(case, text):
    # the group's text with the first case's "dtype" named twice (json.loads would keep the last silently)
    return text.replace('"dtype": ', '"dtype": "half", "dtype": ', 1)


CORRUPT_950 = [
    ("loopMode", _set("loopMode.loop3Size", 1), "loopMode.loop3Size"),
    ("paddingMode", _set("paddingMode", "compact"), "paddingMode"),
    ("atomic", _set("atomic", "ADD"), "atomic"),
    ("fixpipe.dualDstCtl", _set("fixpipe.dualDstCtl", 256), "fixpipe.dualDstCtl"),
    ("fixpipe.layout", _set("fixpipe.layout", "DIAG"), "fixpipe.layout"),
    ("params.loopLpSize", _set("params.loopLpSize", [300, 0, 0, 0, 0]), "loopLpSize"),
    ("loopMode", _set("loopMode.loop1Size", -1), "loopMode.loop1Size"),
    ("params", _duplicated_key, 'duplicate key "dtype"'),
]


@pytest.mark.parametrize("wants,edit,field", CORRUPT_950, ids=[row[2] for row in CORRUPT_950])
def test_both_linters_refuse_a_malformed_950_field(tmp_path, wants, edit, field):
    set_dir = tmp_path / "set"
    shutil.copytree(ROOT / "vectors" / "golden-ascend950", set_dir)
    _edit_first_case(set_dir, wants, edit)
    env = dict(os.environ, PYTHONPATH=os.environ.get("PYTHONPATH", str(ROOT / "python")))
    for tool in ([DCCONF, "vectors"], PYTHON_VERIFIER):
        child = subprocess.run(tool + ["lint", str(set_dir)], capture_output=True, text=True, env=env, timeout=300)
        where = f"{' '.join(tool[-2:])} lint: exit {child.returncode}\n{child.stdout}{child.stderr}"
        assert child.returncode == 4, where
        assert field in child.stderr, where
