"""dcconf_vectors: load a dcconf.vectors/1 set and verify a device harness's outputs (numpy only).

    import dcconf_vectors as dv
    vs = dv.load_set("golden/")                 # checks every file's size and sha256 against manifest.json
    for t in vs.tests:                           # t.tc_id, t.case (dict), t.src, t.dst_before (numpy uint8)
        out = run_on_device(t.case, t.src, t.dst_before)
        out.tofile(f"outputs/{t.tc_id}.bin")
    results = dv.verify_outputs(vs, "outputs/")  # one Result per test; .ok, .status, .message

Valid vectors: the output must equal expected.bin wherever care.bin is 1. Invalid vectors (result "invalid"): no
output counts as REJECTED; an output may change only bytes inside allowedWrites (ACCEPTED_INVALID), else FAIL (G-4).
FIX vectors (DataCopyCO12DstParams, case["fixpipe"]) also need the state the copy reads besides its params:
fixpipe_state(t) gives it as numbers (SetFixpipePreQuantFlag, SetFixPipeConfig, SetFixpipeNz2ndFlag). Elements the
spec leaves open (AMB-8..12, flags AMB_8..AMB_12) are care 0 like every ANY byte.
Run as a script: python3 dcconf_vectors.py SET_DIR OUTPUTS_DIR (exit 1 on any failure). docs/vectors-format.md.
"""
import dataclasses
import hashlib
import json
import pathlib
import sys

import numpy as np

MANIFEST_SCHEMA = "dcconf.vectors/1"
GROUP_SCHEMA = "dcconf.vectors.group/1"
MAX_FILE_BYTES = 256 << 20


class VectorSetError(Exception):
    """The folder is not a sound vector set; the message names the file and the field."""


@dataclasses.dataclass
class Test:
    tc_id: str
    result: str  # "valid" | "invalid"
    flags: list
    comment: str
    case: dict
    group_file: str
    src: np.ndarray
    dst_before: np.ndarray
    expected: np.ndarray = None  # valid only
    care: np.ndarray = None  # valid only
    clause: str = ""  # invalid only
    allowed_writes: list = dataclasses.field(default_factory=list)  # invalid only


@dataclasses.dataclass
class VectorSet:
    directory: pathlib.Path
    manifest: dict
    tests: list


@dataclasses.dataclass
class Result:
    tc_id: str
    status: str  # PASS | FAIL | REJECTED | ACCEPTED_INVALID
    message: str = ""

    @property
    def ok(self):
        return self.status != "FAIL"


def _read(directory, rel, files):
    entry = files.get(rel)
    if entry is None:
        raise VectorSetError(f"{rel}: not listed in manifest.json files")
    path = directory / rel
    if not path.is_file():
        raise VectorSetError(f"{rel}: missing")
    size = path.stat().st_size
    if size != entry["size"] or size > MAX_FILE_BYTES:
        raise VectorSetError(f"{rel}: size: is {size} bytes, the manifest says {entry['size']}")
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != entry["sha256"]:
        raise VectorSetError(f"{rel}: sha256: is {digest}, the manifest says {entry['sha256']} (corrupted)")
    return data


def _tensor(directory, rel, size, files, field):
    data = _read(directory, rel, files)
    if len(data) != size:
        raise VectorSetError(f"{rel}: {field}: is {len(data)} bytes, the case says {size}")
    return np.frombuffer(data, dtype=np.uint8).copy()


def load_set(directory):
    """Loads the set, checking every tensor's size and sha256; raises VectorSetError naming the file and field."""
    directory = pathlib.Path(directory)
    try:
        manifest = json.loads((directory / "manifest.json").read_text())
    except (OSError, ValueError) as error:
        raise VectorSetError(f"{directory}/manifest.json: not a dcconf vector set ({error})") from None
    if not isinstance(manifest, dict) or manifest.get("schema") != MANIFEST_SCHEMA:
        raise VectorSetError(f"manifest.json: schema: not {MANIFEST_SCHEMA}")
    files = manifest["files"]
    tests = []
    for group_file in manifest["groups"]:
        group = json.loads(_read(directory, group_file, files))
        if group.get("schema") != GROUP_SCHEMA:
            raise VectorSetError(f"{group_file}: schema: not {GROUP_SCHEMA}")
        for test_group in group["testGroups"]:
            for t in test_group["tests"]:
                case = t["case"]
                dst_size = case["dst"]["size"]
                test = Test(tc_id=t["tcId"], result=t["result"], flags=t["flags"], comment=t["comment"], case=case,
                            group_file=group_file,
                            src=_tensor(directory, case["src"]["file"], case["src"]["size"], files, "case.src"),
                            dst_before=_tensor(directory, case["dst"]["file"], dst_size, files, "case.dst"))
                if test.result == "valid":
                    test.expected = _tensor(directory, t["expected"]["file"], dst_size, files, "expected")
                    test.care = _tensor(directory, t["care"]["file"], dst_size, files, "care")
                else:
                    test.clause = t["clause"]
                    test.allowed_writes = [tuple(r) for r in t["allowedWrites"]]
                tests.append(test)
    ids = [t.tc_id for t in tests]
    if len(set(ids)) != len(ids):
        raise VectorSetError("tcId: not unique in the set")
    return VectorSet(directory, manifest, tests)


@dataclasses.dataclass
class FixpipeState:
    src_dtype: str  # the L0C source type U ("float" or "int32_t"); the case's dtype is the destination T
    quant_scalar: int  # SetFixpipePreQuantFlag (the scalar modes)
    quant_tensor: np.ndarray  # uint64, one parameter per column (the V* modes, SetFixPipeConfig)
    nz2nd_register: int  # SetFixpipeNz2ndFlag: ndNum | srcNdStride << 16 | dstNdStride << 32 (FIX-2)


def _raw_uint64(value, field):
    """A raw uint64 of the case format: a number or a "0x..." string."""
    try:
        number = int(value, 0) if isinstance(value, str) else int(value)
    except (TypeError, ValueError):
        raise VectorSetError(f"{field}: not a raw uint64: {value!r}") from None
    if not 0 <= number < 1 << 64:
        raise VectorSetError(f"{field}: outside uint64: {value!r}")
    return number


def fixpipe_state(test):
    """The FIX call's state for a DataCopyCO12DstParams vector, or None for any other vector."""
    state = test.case.get("fixpipe")
    if state is None:
        return None
    tensor = [_raw_uint64(q, f"{test.tc_id}: fixpipe.quantTensor[{k}]") for k, q in enumerate(state.get("quantTensor", []))]
    register = (int(state.get("ndNum", 1)) | int(state.get("srcNdStride", 0)) << 16
                | int(state.get("dstNdStride", 0)) << 32)
    return FixpipeState(src_dtype=state["srcDType"],
                        quant_scalar=_raw_uint64(state.get("quantScalar", 0), f"{test.tc_id}: fixpipe.quantScalar"),
                        quant_tensor=np.array(tensor, dtype=np.uint64), nz2nd_register=register)


def verify_test(test, output):
    """Judges one output (numpy uint8 array, or None when the harness dumped nothing)."""
    size = test.case["dst"]["size"]
    if output is None:
        if test.result == "invalid":
            return Result(test.tc_id, "REJECTED")
        return Result(test.tc_id, "FAIL", f"{test.tc_id}: no output {test.tc_id}.bin")
    if output.size != size:
        return Result(test.tc_id, "FAIL", f"{test.tc_id}: the output is {output.size} bytes, expected {size}")
    if test.result == "invalid":
        allowed = np.zeros(size, dtype=bool)
        for begin, end in test.allowed_writes:
            allowed[begin:end] = True
        bad = np.flatnonzero(~allowed & (output != test.dst_before))
        if bad.size:
            return Result(test.tc_id, "FAIL", f"{test.tc_id}: invalid ({test.clause}) and run anyway, it wrote byte "
                                              f"{bad[0]} outside the allowed writes (G-4)")
        return Result(test.tc_id, "ACCEPTED_INVALID")
    bad = np.flatnonzero((test.care == 1) & (output != test.expected))
    if bad.size:
        b = int(bad[0])
        return Result(test.tc_id, "FAIL", f"{test.tc_id}: {bad.size} cared byte(s) differ; first at byte {b}: "
                                          f"expected 0x{test.expected[b]:02x}, got 0x{output[b]:02x}")
    return Result(test.tc_id, "PASS")


def verify_outputs(vector_set, outputs_dir):
    """One Result per test, reading <tcId>.bin from outputs_dir (numpy.fromfile, uint8)."""
    outputs_dir = pathlib.Path(outputs_dir)
    results = []
    for test in vector_set.tests:
        path = outputs_dir / f"{test.tc_id}.bin"
        output = np.fromfile(path, dtype=np.uint8) if path.is_file() else None
        results.append(verify_test(test, output))
    return results


def main(argv):
    if len(argv) != 3:
        print("usage: dcconf_vectors.py SET_DIR OUTPUTS_DIR", file=sys.stderr)
        return 2
    try:
        results = verify_outputs(load_set(argv[1]), argv[2])
    except VectorSetError as error:
        print(f"dcconf_vectors: error: {error}", file=sys.stderr)
        return 4
    for result in results:
        if not result.ok:
            print(f"FAIL {result.message}")
    failed = sum(not r.ok for r in results)
    print(f"{len(results)} vectors: {len(results) - failed} ok, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
