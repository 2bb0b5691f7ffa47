"""dcconf.vectors: load a dcconf.vectors/1 set and verify a device harness's outputs, numpy only (no extension).

    from dcconf import vectors
    vs = vectors.load("golden/")               # the rules of `dcconf vectors lint`
    for t in vs:                                # t.tc_id, t.case (dict), t.src, t.dst_before (numpy uint8)
        run_on_device(t.case, t.src, t.dst_before).tofile(f"outputs/{t.tc_id}.bin")
    results = vectors.verify(vs, "outputs/")    # the rules of `dcconf vectors verify`: one Result per vector

Same rules and exit statuses as `dcconf vectors lint` / `verify` (docs/vectors-format.md, docs/exit-status.md):
every file the manifest lists is a relative path inside the set, has its size (checked before it is read) and its
sha256; nothing in the folder is unlisted; JSON is capped in size and nesting depth; tcIds are unique and every flag
is defined. Valid vectors: the output must equal expected.bin wherever care.bin is 1, and, when the vector carries
"alternatives" (G-6: a default-profile case with open alternatives ambiguities), match one whole reading's
expected/care pair too: a byte-wise mix of readings fails naming G-6, a pass says which readings it follows
(Result.readings). Sets without the field (pinned profiles, older exports) judge as before. Each element
nanElements lists (AMB-16 (project); absent in sets exported before the NaN class) must be some NaN of its dtype. Invalid
vectors (result
"invalid"): no output counts as REJECTED; an output may change only bytes inside allowedWrites (ACCEPTED_INVALID),
else FAIL (G-4). An output's size is checked before it is read.

    python3 -m dcconf.vectors lint SET
    python3 -m dcconf.vectors verify SET --outputs DIR [--tc GLOB]
    exit 0 ok, 1 a vector failed, 2 usage, 4 the set does not load, 7 nothing to judge (no outputs folder, no
    vector selected by --tc).
"""
import argparse
import dataclasses
import fnmatch
import hashlib
import json
import os
import pathlib
import re
import sys

import numpy as np

MANIFEST_SCHEMA = "dcconf.vectors/1"
GROUP_SCHEMA = "dcconf.vectors.group/1"
MANIFEST_FILE = "manifest.json"
MAX_BUFFER_BYTES = 256 << 20   # any one tensor (vectors::LoadLimits::maxBufferBytes)
MAX_JSON_BYTES = 64 << 20      # the manifest and each group file (maxJsonBytes)
MAX_TESTS = 1 << 20            # in the whole set (maxTests)
MAX_TOTAL_BYTES = 4 << 30      # all listed files together (maxTotalBytes)
MAX_JSON_DEPTH = 64            # nesting of objects and arrays; the formats need fewer than 10

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_UNREADABLE, EXIT_NOTHING = 0, 1, 2, 4, 7


class VectorSetError(Exception):
    """The folder is not a sound vector set. str() is the first problem; .problems holds every one, each a line
    naming the file and the field, as `dcconf vectors lint` prints them."""

    def __init__(self, problems):
        self.problems = list(problems)
        super().__init__(self.problems[0])


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
    # valid only: (offset, dtype) of the ANY elements that must be some NaN of dtype, any payload (AMB-16 (project))
    nan_elements: list = dataclasses.field(default_factory=list)
    clause: str = ""  # invalid only
    field: str = ""   # invalid only
    allowed_writes: list = dataclasses.field(default_factory=list)  # invalid only
    ambiguities: list = dataclasses.field(default_factory=list)  # G-6, valid only: ["AMB-8", "AMB-10"]
    readings: list = dataclasses.field(default_factory=list)  # G-6: Reading per distinct whole reading

    def to_case(self):
        """The case as a dcconf.Case carrying src and dst_before (needs the extension)."""
        import dcconf
        return dcconf.Case(dict(self.case), self.src, self.dst_before)


@dataclasses.dataclass
class Reading:
    """One distinct whole reading of a vector's open alternatives (G-6)."""
    combinations: list  # profile words per combination giving these bytes: ["offset-signed,deq-rne", ...]
    expected: np.ndarray
    care: np.ndarray

    @property
    def name(self):
        return self.combinations[0]


@dataclasses.dataclass
class VectorSet:
    directory: pathlib.Path
    manifest: dict
    tests: list

    def __iter__(self):
        return iter(self.tests)

    def __len__(self):
        return len(self.tests)


@dataclasses.dataclass
class Result:
    tc_id: str
    status: str  # PASS | FAIL | REJECTED | ACCEPTED_INVALID
    message: str = ""
    readings: dict = dataclasses.field(default_factory=dict)  # G-6, a pass: {"AMB-8": ["offset-signed"], ...}

    @property
    def ok(self):
        return self.status != "FAIL"


def _safe_relative(rel):
    """A set-relative path that stays inside the set: not absolute, no "..", ".", empty parts or backslashes."""
    if not isinstance(rel, str) or not rel or rel.startswith("/") or "\\" in rel or "\0" in rel:
        return False
    return all(part not in ("", ".", "..") for part in rel.split("/"))


_JSON_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)


def _json_depth(data: bytes) -> int:
    """The deepest nesting of [ and { outside strings, without recursion (so a hostile file cannot overflow)."""
    bare = np.frombuffer(_JSON_STRING.sub(b'""', data), dtype=np.uint8)
    step = ((bare == ord("[")) | (bare == ord("{"))).astype(np.int64) - ((bare == ord("]")) | (bare == ord("}")))
    return int(np.cumsum(step).max(initial=0))


class _DuplicateKey(ValueError):
    pass


def _no_duplicates(pairs):
    """An object that names a key twice is refused, as the C++ reader (casefile::parseJsonRejectingDuplicates) does."""
    seen = {}
    for key, value in pairs:
        if key in seen:
            raise _DuplicateKey(f'duplicate key "{key[:64]}": an object names it twice')
        seen[key] = value
    return seen


def _parse_json(data: bytes, file: str):
    depth = _json_depth(data)
    if depth > MAX_JSON_DEPTH:
        raise VectorSetError([f"{file}: nests {depth} levels deep: over the limit of {MAX_JSON_DEPTH}"])
    try:
        value = json.loads(data, object_pairs_hook=_no_duplicates)
    except _DuplicateKey as error:
        raise VectorSetError([f"{file}: is not JSON: {error}"]) from None
    except (ValueError, RecursionError):
        raise VectorSetError([f"{file}: is not JSON"]) from None
    if not isinstance(value, dict):
        raise VectorSetError([f"{file}: is not a JSON object"])
    return value


def _stat_size(path: pathlib.Path, rel: str):
    try:
        if not path.is_file():
            return None, f"{rel}: cannot read {path}: missing or not a regular file"
        return path.stat().st_size, None
    except OSError as error:
        return None, f"{rel}: cannot read {path}: {error.strerror}"


def _read_capped(path: pathlib.Path, size: int):
    with open(path, "rb") as f:
        data = f.read(size)
    return data if len(data) == size else None


def _uint(value):
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check_manifest(manifest, problems):
    files = {}
    if manifest.get("schema") != MANIFEST_SCHEMA:
        problems.append(f"{MANIFEST_FILE}: schema: = {str(manifest.get('schema'))[:60]!r}: not a vector set manifest "
                        f"(expected \"{MANIFEST_SCHEMA}\")")
        return files
    declared = manifest.get("numberOfTests")
    if not _uint(declared):
        problems.append(f"{MANIFEST_FILE}: numberOfTests: is not an unsigned integer")
    elif declared > MAX_TESTS:
        problems.append(f"{MANIFEST_FILE}: numberOfTests: = {declared}: over the limit of {MAX_TESTS} tests")
    flags = manifest.get("flags", {})
    if not isinstance(flags, dict):
        problems.append(f"{MANIFEST_FILE}: flags: is not an object of flag definitions")
    groups = manifest.get("groups")
    if not isinstance(groups, list) or not all(isinstance(g, str) for g in groups):
        problems.append(f"{MANIFEST_FILE}: groups: is not an array of strings")
    entries = manifest.get("files")
    if not isinstance(entries, dict):
        problems.append(f"{MANIFEST_FILE}: files: is not an object of file entries")
        return files
    total = 0
    for rel, entry in entries.items():
        at = f'files["{rel[:120]}"]'
        if not _safe_relative(rel):
            problems.append(f"{MANIFEST_FILE}: {at}: is not a relative path inside the set")
            continue
        if not isinstance(entry, dict) or not _uint(entry.get("size")) or not isinstance(entry.get("sha256"), str):
            problems.append(f"{MANIFEST_FILE}: {at}: needs an unsigned size and a sha256 string")
            continue
        if not re.fullmatch(r"[0-9a-f]{64}", entry["sha256"]):
            problems.append(f"{MANIFEST_FILE}: {at}.sha256: is not 64 lower-case hex digits")
        cap = max(MAX_BUFFER_BYTES, MAX_JSON_BYTES)
        if entry["size"] > cap:
            problems.append(f"{MANIFEST_FILE}: {at}.size: = {entry['size']}: over the limit of {cap} bytes")
            continue
        total += entry["size"]
        files[rel] = entry
    if total > MAX_TOTAL_BYTES:
        problems.append(f"{MANIFEST_FILE}: files: add up to {total} bytes: over the limit of {MAX_TOTAL_BYTES}")
    for group in groups if isinstance(groups, list) else []:
        if isinstance(group, str) and group not in files:
            problems.append(f"{MANIFEST_FILE}: groups: {group[:120]!r} is not listed in files")
    return files


def _check_files(directory, files, problems):
    """Every listed file: exists, has the listed size (before it is read), the listed sha256. Returns the bytes
    of the JSON files (the groups) and the paths of the tensors."""
    ok = True
    for rel, entry in files.items():
        path = directory / rel
        size, problem = _stat_size(path, rel)
        if problem:
            problems.append(problem)
            ok = False
            continue
        if size != entry["size"]:
            problems.append(f"{rel}: size: is {size} bytes, the manifest says {entry['size']} (truncated or replaced)")
            ok = False
            continue
        digest = hashlib.sha256()
        with open(path, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                digest.update(chunk)
        if digest.hexdigest() != entry["sha256"]:
            problems.append(f"{rel}: sha256: is {digest.hexdigest()}, the manifest says {entry['sha256']} (corrupted)")
            ok = False
    walked = 0
    for root, dirs, names in os.walk(directory):
        for name in names:
            walked += 1
            if walked > 4 * MAX_TESTS:
                return ok
            full = pathlib.Path(root, name)
            rel = full.relative_to(directory).as_posix()
            if full.is_symlink():  # as dcconf: a set holds regular files only, listed or not
                problems.append(f"{full}: is a symbolic link to {str(os.readlink(full))[:120]}: "
                                "a vector set holds regular files only")
                ok = False
            elif rel != MANIFEST_FILE and rel not in files:
                problems.append(f"{rel}: is in the set folder but not listed in manifest.json")
    return ok


def _tensor(directory, files, rel, size, where, problems):
    if not isinstance(rel, str) or rel not in files:
        problems.append(f"{where}: {str(rel)[:120]!r} is not listed in manifest.json")
        return None
    if files[rel]["size"] != size:
        problems.append(f"{where}: {rel} is {files[rel]['size']} bytes, the case says {size}")
        return None
    data = _read_capped(directory / rel, size)
    if data is None:
        problems.append(f"{rel}: cannot be read to the end")
        return None
    return np.frombuffer(data, dtype=np.uint8).copy()


# The two profile words of each alternatives ambiguity (oracle::readingWords), in the order of the register.
READING_WORDS = {7: ("basic-api-page", "c-api-page"), 8: ("offset-signed", "offset-unsigned"),
                 9: ("shift-raw", "shift-plus-one"), 10: ("deq-rne", "deq-trunc"),
                 11: ("relu-before-offset", "relu-after-offset"), 12: ("negscale-signed", "negscale-magnitude"),
                 13: ("vdeq-repeat", "vdeq-advance"), 14: ("deq16-no-offset", "deq16-offset"),
                 15: ("sid-doc", "sid-matmul"), 19: ("enh-len-block", "enh-len-32b"),
                 20: ("deqf16-mcb-int16", "deqf16-mcb-half"), 21: ("cmp-pads-ignored", "cmp-pads-run"),
                 22: ("cmp-stride-ignored", "cmp-stride-bytes")}


def _amb_id(name):
    match = re.fullmatch(r"AMB-(\d{1,3})", name) if isinstance(name, str) else None
    return int(match.group(1)) if match and int(match.group(1)) in READING_WORDS else None


def _parse_alternatives(directory, files, t, test, dst_size, where, problems):
    """G-6: the optional "alternatives" of a valid test (absent for pinned profiles and in older sets)."""
    alt = t.get("alternatives")
    if alt is None:
        return
    where = f"{where}.alternatives"
    names = alt.get("ambiguities") if isinstance(alt, dict) else None
    ids = [_amb_id(n) for n in names] if isinstance(names, list) else [None]
    if not 1 <= len(ids) <= 8 or None in ids or ids != sorted(set(ids)):
        problems.append(f"{where}.ambiguities: not 1 to 8 alternatives ambiguities (AMB-7..15, 19..22) in "
                        f"ascending order")
        return
    readings = alt.get("readings")
    if not isinstance(readings, list) or not 1 <= len(readings) <= 1 << len(ids):
        problems.append(f"{where}.readings: not an array of 1 to {1 << len(ids)} readings")
        return
    parsed = []
    for r, reading in enumerate(readings):
        at = f"{where}.readings[{r}]"
        words = reading.get("combinations") if isinstance(reading, dict) else None
        if not isinstance(words, list) or not words or not all(
                isinstance(w, str) and len(w.split(",")) == len(ids)
                and all(word in READING_WORDS[i] for word, i in zip(w.split(","), ids)) for w in words):
            problems.append(f"{at}.combinations: not a non-empty array of one profile word per ambiguity, in order")
            return
        expected = _tensor(directory, files, reading.get("expected", {}).get("file"), dst_size, f"{at}.expected.file",
                           problems)
        care = _tensor(directory, files, reading.get("care", {}).get("file"), dst_size, f"{at}.care.file", problems)
        if expected is None or care is None:
            return
        if care.size and care.max() > 1:
            problems.append(f"{at}.care: a care mask holds 0 or 1")
            return
        parsed.append(Reading(list(words), expected, care))
    test.ambiguities = [f"AMB-{i}" for i in ids]
    test.readings = parsed


def _parse_group(directory, group_file, files, flags, problems):
    data = _read_capped(directory / group_file, files[group_file]["size"])
    if data is None:
        problems.append(f"{group_file}: cannot be read to the end")
        return []
    if len(data) > MAX_JSON_BYTES:
        problems.append(f"{group_file}: is over the limit of {MAX_JSON_BYTES} bytes")
        return []
    try:
        group = _parse_json(data, group_file)
    except VectorSetError as error:
        problems.extend(error.problems)
        return []
    if group.get("schema") != GROUP_SCHEMA:
        problems.append(f"{group_file}: schema: not {GROUP_SCHEMA}")
        return []
    tests = []
    for g, test_group in enumerate(group.get("testGroups", [])):
        for k, t in enumerate(test_group.get("tests", []) if isinstance(test_group, dict) else []):
            where = f"{group_file}: testGroups[{g}].tests[{k}]"
            try:
                case = t["case"]
                dst_size = case["dst"]["size"]
                src_size = case["src"]["size"]
                test = Test(tc_id=t["tcId"], result=t["result"], flags=list(t["flags"]), comment=t["comment"],
                            case=case, group_file=group_file, src=None, dst_before=None)
            except (KeyError, TypeError):
                problems.append(f"{where}: needs tcId, result, flags, comment and a case with src/dst sizes")
                continue
            if not _uint(src_size) or not _uint(dst_size) or max(src_size, dst_size) > MAX_BUFFER_BYTES:
                problems.append(f"{where}.case: src/dst size: not an unsigned size up to {MAX_BUFFER_BYTES}")
                continue
            for flag in test.flags:
                if flag not in flags:
                    problems.append(f"{where}.flags: {str(flag)[:60]!r} is not defined in manifest.json flags")
            refused = _case_fields_refused(case)
            if refused:
                problems.append(f"{where}.case.{refused}")
                continue
            test.src = _tensor(directory, files, case["src"].get("file"), src_size, f"{where}.case.src.file", problems)
            test.dst_before = _tensor(directory, files, case["dst"].get("file"), dst_size, f"{where}.case.dst.file",
                                      problems)
            if test.result == "valid":
                test.expected = _tensor(directory, files, t.get("expected", {}).get("file"), dst_size,
                                        f"{where}.expected.file", problems)
                test.care = _tensor(directory, files, t.get("care", {}).get("file"), dst_size, f"{where}.care.file",
                                    problems)
                _parse_alternatives(directory, files, t, test, dst_size, where, problems)
                test.nan_elements = _nan_elements(t.get("nanElements", []), test.care, dst_size, where, problems)
            elif test.result == "invalid":
                test.clause, test.field = t.get("clause", ""), t.get("field", "")
                ranges = t.get("allowedWrites", [])
                if not all(isinstance(r, list) and len(r) == 2 and _uint(r[0]) and _uint(r[1]) and r[0] <= r[1]
                           <= dst_size for r in ranges):
                    problems.append(f"{where}.allowedWrites: not [begin, end] ranges inside the destination")
                    continue
                test.allowed_writes = [tuple(r) for r in ranges]
            else:
                problems.append(f"{where}.result: = {str(test.result)[:30]!r}: not valid or invalid")
            tests.append(test)
    return tests


def _case_fields_refused(case):
    """The case's fields checked by the case file's own parser (the C++ one, through dcconf._core), so that this lint
    and `dcconf vectors lint` refuse the same cases: "" or "FIELD: = VALUE: why". Without the extension the fields
    are not checked (a note on stderr, once): the numpy-only verifier still judges outputs."""
    global _FIELDS_UNCHECKED_NOTED
    try:
        from . import _core
    except ImportError:
        _core = None  # the package leaves _core None when the extension does not load
    if _core is None or not hasattr(_core, "check_case_fields"):
        if not _FIELDS_UNCHECKED_NOTED:
            sys.stderr.write("dcconf: note: dcconf._core is not importable: the cases' fields are not checked\n")
            _FIELDS_UNCHECKED_NOTED = True
        return ""
    refused = _core.check_case_fields(json.dumps(case))
    if refused is None:
        return ""
    field, value, why = refused
    return f"{field}: " + (f"= {value[:60]}: " if value else "") + why


_FIELDS_UNCHECKED_NOTED = False


def load(directory) -> VectorSet:
    """Loads and checks the whole set (`dcconf vectors lint`'s rules); raises VectorSetError with every problem."""
    directory = pathlib.Path(directory)
    if not directory.is_dir():
        raise VectorSetError([f"{directory}: is not a vector set folder (expected a directory holding manifest.json)"])
    size, problem = _stat_size(directory / MANIFEST_FILE, MANIFEST_FILE)
    if problem:
        raise VectorSetError([problem + ": not a dcconf vector set"])
    if size > MAX_JSON_BYTES:
        raise VectorSetError([f"{MANIFEST_FILE}: is {size} bytes: over the limit of {MAX_JSON_BYTES}"])
    data = _read_capped(directory / MANIFEST_FILE, size)
    if data is None:
        raise VectorSetError([f"{MANIFEST_FILE}: cannot be read to the end"])
    manifest = _parse_json(data, MANIFEST_FILE)
    problems = []
    files = _check_manifest(manifest, problems)
    if problems:
        raise VectorSetError(problems)
    files_ok = _check_files(directory, files, problems)
    if not files_ok:
        raise VectorSetError(problems)
    flags = manifest.get("flags", {})
    tests, ids = [], set()
    for group_file in manifest["groups"]:
        for test in _parse_group(directory, group_file, files, flags, problems):
            if test.tc_id in ids:
                problems.append(f"{group_file}: tcId: \"{test.tc_id}\" is not unique in the set")
                continue
            ids.add(test.tc_id)
            tests.append(test)
            if len(tests) > MAX_TESTS:
                raise VectorSetError(problems + [f"{group_file}: more than {MAX_TESTS} tests in the set"])
    if not problems and len(tests) != manifest["numberOfTests"]:
        problems.append(f"{MANIFEST_FILE}: numberOfTests: = {manifest['numberOfTests']}: the groups hold {len(tests)}")
    if problems:
        raise VectorSetError(problems)
    return VectorSet(directory, manifest, tests)


load_set = load  # the name of the former vectors/python/dcconf_vectors.py


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
        raise VectorSetError([f"{field}: not a raw uint64: {str(value)[:40]!r}"]) from None
    if not 0 <= number < 1 << 64:
        raise VectorSetError([f"{field}: outside uint64: {str(value)[:40]!r}"])
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


# AMB-16 (project): (exponent bits, mantissa bits) of the float types a NaN element may have
_NAN_FORMATS = {"half": (5, 10), "bfloat16_t": (8, 7), "float": (8, 23), "double": (11, 52)}
_NAN_SIZES = {"half": 2, "bfloat16_t": 2, "float": 4, "double": 8}


def _nan_elements(entries, care, dst_size, where, problems):
    """A valid test's optional nanElements: [(offset, dtype)], sorted, disjoint, inside dst and ANY in care."""
    out = []
    if not isinstance(entries, list):
        problems.append(f"{where}.nanElements: is not an array of {{offset, dtype}} objects")
        return out
    end = 0
    for i, entry in enumerate(entries):
        at = f"{where}.nanElements[{i}]"
        if not isinstance(entry, dict) or not _uint(entry.get("offset")) or entry.get("dtype") not in _NAN_FORMATS:
            problems.append(f"{at}: needs an offset >= 0 and a dtype of half, bfloat16_t, float or double")
            continue
        offset, size = entry["offset"], _NAN_SIZES[entry["dtype"]]
        if offset < end or offset + size > dst_size:
            problems.append(f"{at}.offset: = {offset}: not inside dst after the previous element")
            continue
        if care is not None and care[offset:offset + size].any():
            problems.append(f"{at}.offset: = {offset}: its bytes are cared in care (a NaN element is ANY)")
            continue
        out.append((offset, entry["dtype"]))
        end = offset + size
    return out


def _is_nan(raw: bytes, dtype):
    exponent_bits, mantissa_bits = _NAN_FORMATS[dtype]
    bits = int.from_bytes(raw, "little")
    exponent = (bits >> mantissa_bits) & ((1 << exponent_bits) - 1)
    return exponent == (1 << exponent_bits) - 1 and bits & ((1 << mantissa_bits) - 1) != 0


def verify_test(test, output):
    """Judges one output (numpy uint8 array, or None when the harness dumped nothing)."""
    size = test.case["dst"]["size"]
    if output is None:
        if test.result == "invalid":
            return Result(test.tc_id, "REJECTED")
        return Result(test.tc_id, "FAIL", f"{test.tc_id}: no output {test.tc_id}.bin (the harness did not dump it)")
    output = np.ascontiguousarray(output).reshape(-1).view(np.uint8)
    if output.size != size:
        return Result(test.tc_id, "FAIL", f"{test.tc_id}: the output is {output.size} bytes, expected {size} "
                                          f"(the case's dst.size)")
    if test.result == "invalid":
        allowed = np.zeros(size, dtype=bool)
        for begin, end in test.allowed_writes:
            allowed[begin:end] = True
        bad = np.flatnonzero(~allowed & (output != test.dst_before))
        if bad.size:
            b = int(bad[0])
            return Result(test.tc_id, "FAIL", f"{test.tc_id}: invalid ({test.clause} {test.field}) and run anyway, it "
                                              f"wrote byte {b} outside the allowed writes: expected "
                                              f"0x{test.dst_before[b]:02x}, got 0x{output[b]:02x} (G-4/G-1)")
        return Result(test.tc_id, "ACCEPTED_INVALID")
    bad = np.flatnonzero((test.care == 1) & (output != test.expected))
    if bad.size:
        b = int(bad[0])
        return Result(test.tc_id, "FAIL", f"{test.tc_id}: {bad.size} cared byte(s) differ; first at byte {b}: "
                                          f"expected 0x{test.expected[b]:02x}, got 0x{output[b]:02x}")
    for offset, dtype in test.nan_elements:
        size = _NAN_SIZES[dtype]
        raw = output[offset:offset + size].tobytes()
        if not _is_nan(raw, dtype):
            return Result(test.tc_id, "FAIL", f"{test.tc_id}: the {dtype} element at byte {offset} is "
                                              f"0x{int.from_bytes(raw, 'little'):0{2 * size}x}, expected a NaN of "
                                              f"{dtype} (AMB-16 (project): any payload)")
    return _judge_readings(test, output)


def _judge_readings(test, output):
    """G-6: an output matching every cared byte must also follow one whole reading of the open alternatives."""
    if not test.readings:
        return Result(test.tc_id, "PASS")
    followed, differences = [], []
    for reading in test.readings:
        bad = np.flatnonzero((reading.care == 1) & (output != reading.expected))
        if not bad.size:
            followed.extend(reading.combinations)
        else:
            b = int(bad[0])
            differences.append(f"reading {reading.name} differs at dst byte {b}: expected "
                               f"0x{reading.expected[b]:02x}, actual 0x{output[b]:02x}")
    if not followed:
        return Result(test.tc_id, "FAIL", f"{test.tc_id}: G-6: the output matches every cared byte but no single whole "
                                          f"reading of {', '.join(test.ambiguities)} (a call follows one reading of "
                                          f"each ambiguity; a byte-wise mix fails): " + "; ".join(differences[:2]))
    readings = {}
    for k, amb in enumerate(test.ambiguities):
        words = {w.split(",")[k] for w in followed}
        readings[amb] = [word for word in READING_WORDS[int(amb[4:])] if word in words]
    return Result(test.tc_id, "PASS", "follows " + "; ".join(f"{amb} {'|'.join(w)}" for amb, w in readings.items()),
                  readings)


def fingerprint(results):
    """G-6: per ambiguity, the readings every passing vector that exercised it is consistent with, as
    {"AMB-8": ["offset-signed"]}; an empty list when no single reading explains them all (INCONSISTENT)."""
    out = {}
    for result in results:
        for amb, words in result.readings.items():
            out[amb] = [w for w in out[amb] if w in words] if amb in out else list(words)
    return out


def _read_output(path: pathlib.Path, test):
    """The output's bytes, or a FAIL Result: the size is checked on the file system before anything is read."""
    want = test.case["dst"]["size"]
    try:
        size = path.stat().st_size
    except OSError as error:
        return Result(test.tc_id, "FAIL", f"{test.tc_id}: {path.name} is unreadable ({error.strerror})")
    if size != want:
        return Result(test.tc_id, "FAIL", f"{test.tc_id}: {path.name} is {size} bytes, expected {want} "
                                          f"(the case's dst.size)")
    data = _read_capped(path, want)
    if data is None:
        return Result(test.tc_id, "FAIL", f"{test.tc_id}: cannot read {path} to the end")
    return np.frombuffer(data, dtype=np.uint8)


def verify(vector_set, outputs_dir, tc_glob="*"):
    """One Result per selected vector, reading <tcId>.bin from outputs_dir (`dcconf vectors verify`'s rules)."""
    outputs_dir = pathlib.Path(outputs_dir)
    if not outputs_dir.is_dir():
        raise NotADirectoryError(f"--outputs: {outputs_dir} is not a directory")
    results = []
    for test in vector_set.tests:
        if not fnmatch.fnmatchcase(test.tc_id, tc_glob):
            continue
        path = outputs_dir / f"{test.tc_id}.bin"
        if not path.is_file():
            results.append(verify_test(test, None))
            continue
        output = _read_output(path, test)
        results.append(output if isinstance(output, Result) else verify_test(test, output))
    return results


verify_outputs = verify  # the former name


def _error(message):
    print(f"dcconf: error: {message}", file=sys.stderr)


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line and status 2, like dcconf's usage errors
        _error(f"{message} (see --help)")
        sys.exit(EXIT_USAGE)


def main(argv=None, legacy=False):
    """The command line; legacy=True also takes the former `dcconf_vectors.py SET OUTPUTS`."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if legacy and len(argv) == 2 and not any(a.startswith("-") for a in argv):
        argv = ["verify", argv[0], "--outputs", argv[1]]
    parser = _Parser(prog="python3 -m dcconf.vectors", description=__doc__.split("\n\n")[0],
                     epilog="exit: 0 ok, 1 a vector failed, 2 usage, 4 the set does not load, 7 nothing to judge")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    lint = commands.add_parser("lint", help="check a set (the rules of dcconf vectors lint)")
    lint.add_argument("set")
    check = commands.add_parser("verify", help="judge a harness's <tcId>.bin outputs (dcconf vectors verify)")
    check.add_argument("set")
    check.add_argument("--outputs", required=True, help="folder of <tcId>.bin files")
    check.add_argument("--tc", default="*", help="only the vectors whose tcId matches this glob")
    check.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    try:
        vector_set = load(args.set)
    except VectorSetError as error:
        for problem in error.problems:
            _error(f"{args.set}/{problem}")
        return EXIT_UNREADABLE
    if args.command == "lint":
        print(f"{args.set}: {len(vector_set.tests)} vectors in {len(vector_set.manifest['groups'])} group files, "
              f"{len(vector_set.manifest['files'])} files hashed: ok")
        return EXIT_OK
    try:
        results = verify(vector_set, args.outputs, args.tc)
    except NotADirectoryError as error:
        _error(str(error))
        return EXIT_NOTHING
    if not results:
        _error(f"--tc: '{args.tc}' selects no vector of the set")
        return EXIT_NOTHING
    for result in results:
        if not result.ok:
            print(f"FAIL {result.message}")
    failed = sum(not r.ok for r in results)
    if not args.quiet:
        print(f"{len(results)} vectors: {len(results) - failed} ok, {failed} failed")
        for amb, words in sorted(fingerprint(results).items(), key=lambda item: int(item[0][4:])):
            print(f"readings (G-6): {amb} {'|'.join(words) if words else 'INCONSISTENT'}")
    return EXIT_FAILED if failed else EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
