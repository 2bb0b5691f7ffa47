"""dcconf from Python: the byte-exact oracle for Ascend C data copies as a numpy library (docs/python.md).

    import numpy as np, dcconf
    case = dcconf.DataCopyPad(path="GM->VECIN", dtype="half",
                              params=dcconf.DataCopyExtParams(blockCount=2, blockLen=40),
                              pad=dcconf.DataCopyPadExtParams(isPad=True, rightPadding=2, paddingValue=0))
    src = np.arange(40, dtype=np.float16)
    g = dcconf.golden(case, src)          # the destination a gen_data.py writes (ANY bytes filled, counted)
    r = dcconf.evaluate(case, src, np.zeros(64, np.float16))   # expected / care / regions / footprint
    d = dcconf.check(case, src, dst_before, actual)             # the diff `dcconf run` prints

The rules live in the C++ libraries (oracle, casefile, runners/run diff, properties), reached through the
extension dcconf._core; dcconf.vectors works without it (numpy only).
"""
import dataclasses
import json
import os
import pathlib
import sys
from typing import Dict, List, Optional, Tuple


class MissingDependency(ImportError):
    """dcconf cannot work in this Python: numpy, or the extension dcconf._core, is missing. The message is one line
    that names the fix; uncaught, it is printed as that line alone (no traceback)."""


def _missing(message):
    """The MissingDependency to raise, with the interpreter's exception display set to print it as one line."""
    previous = sys.excepthook
    if not getattr(previous, "_dcconf_one_line", False):
        def one_line(kind, value, traceback):
            if isinstance(value, MissingDependency):
                sys.stderr.write(f"dcconf: error: {value}\n")
            else:
                previous(kind, value, traceback)
        one_line._dcconf_one_line = True
        sys.excepthook = one_line
    return MissingDependency(message)


try:  # written by the build beside the extension: the interpreter it is built for
    from ._built_for import PYTHON as _BUILT_FOR
except ImportError:
    _BUILT_FOR = ""
# The interpreter to use instead, when this one cannot: `dcconf-python` (beside dcconf) runs it with this package.
_USE_INSTEAD = (f"; or run dcconf-python (beside dcconf), the {_BUILT_FOR} this package is built for"
                if _BUILT_FOR and os.path.realpath(_BUILT_FOR) != os.path.realpath(sys.executable) else "")

try:
    import numpy as np
except ImportError as _numpy_error:
    raise _missing(f"numpy is not importable by {sys.executable} ({_numpy_error}): install it (Debian: apt install "
                   f"python3-numpy and make the venv with --system-site-packages; other Pythons: pip install numpy)"
                   f"{_USE_INSTEAD}") from None

from .params import (BlockMode, BroadCastVecToMMParams, CalCount, CO2Layout, DataCopyCO12DstParams, DataCopyEnhancedParams, DataCopyExtParams,
                     DataCopyParams, DataCopyPadExtParams, DataCopyPadParams, DeqScale, Dn2NzParams, FixpipeState,
                     LoopModeParams, Nd2NzParams, NdDmaParams, Nz2DnParams, Nz2NdParamsFull, QuantMode, SliceInfo, SliceParams)

try:
    from . import _core
except ImportError as _error:  # the pure-Python parts (dcconf.vectors) still work
    _core = None
    # absent (no _core*.so beside this file) or present but unloadable (another Python's ABI, a missing symbol)
    _core_error = ("no _core*.so in " + os.path.dirname(__file__) if "cannot import name" in str(_error)
                   or isinstance(_error, ModuleNotFoundError) else str(_error))

__all__ = ["Case", "DataCopy", "DataCopyPad", "evaluate", "golden", "check", "Evaluation", "Golden", "Diff",
           "Violation", "Alternatives", "Reading", "DcconfError", "MissingDependency", "CaseFormatError", "InvalidCase", "NotSupported", "quant_param",
           "numpy_dtype", "set_max_work", "DataCopyParams", "DataCopyExtParams", "DataCopyPadParams", "DataCopyPadExtParams",
           "Nd2NzParams", "Nz2NdParamsFull", "CalCount", "SliceInfo", "SliceParams", "Dn2NzParams",
           "DataCopyEnhancedParams", "DataCopyCO12DstParams", "FixpipeState", "BlockMode", "DeqScale", "QuantMode",
           "CO2Layout", "Nz2DnParams", "LoopModeParams", "BroadCastVecToMM", "BroadCastVecToMMParams",
           "NdDmaParams"]

CASE_SCHEMA = "dcconf.case/1"


def _core_module():
    if _core is None:
        raise _missing(f"the extension dcconf._core is missing or not built for {sys.executable} ({_core_error}): "
                       f"pip install ./python with this Python (docs/python.md), or build it with "
                       f"`bash scripts/setup.sh` and use Debian's /usr/bin/python3 with PYTHONPATH=build/python"
                       f"{_USE_INSTEAD}")
    return _core


# ---- errors ------------------------------------------------------------------------------------------------------

class DcconfError(Exception):
    """Base of every dcconf error."""


class CaseFormatError(DcconfError, ValueError):
    """The case breaks the dcconf.case/1 format, or is not a documented call at all (exit 4 of `dcconf case`).
    The message is one line: FILE: FIELD = VALUE: why."""

    def __init__(self, message, file="", field="", value="", why=""):
        super().__init__(message)
        self.file, self.field, self.value, self.why = file, field, value, why


@dataclasses.dataclass(frozen=True)
class Violation:
    clause: str  # "PAD-G2U-1"
    field: str   # "params.blockCount"
    value: str   # "0"
    message: str

    def __str__(self):
        return f"{self.clause}: {self.field} = {self.value}: {self.message}"


class InvalidCase(DcconfError, ValueError):
    """The case breaks a documented constraint (G-4) or does not fit its buffers (G-1, G-2, G-5): exit 3.
    .violations lists every broken clause; the message names the first's clause, field and value."""

    def __init__(self, violations):
        self.violations = list(violations)
        super().__init__("; ".join(str(v) for v in self.violations))


class NotSupported(DcconfError):
    """The product does not document this path or dtype (clause PROD): neither a pass nor a failure (exit 6)."""

    def __init__(self, violations):
        self.violations = list(violations)
        super().__init__("; ".join(str(v) for v in self.violations))


def _call(fn, *args, **kwargs):
    core = _core_module()
    try:
        return fn(core, *args, **kwargs)
    except core._FormatError as error:
        raise CaseFormatError(*error.args) from None


def _violations(rows):
    return [Violation(clause, field, value, message) for clause, field, value, message, _ in rows]


# ---- dtypes ------------------------------------------------------------------------------------------------------

_NUMPY = {"int8_t": np.int8, "uint8_t": np.uint8, "int16_t": np.int16, "uint16_t": np.uint16, "int32_t": np.int32,
          "uint32_t": np.uint32, "int64_t": np.int64, "uint64_t": np.uint64, "half": np.float16,
          "bfloat16_t": np.uint16, "float": np.float32, "double": np.float64, "fp4x2_e2m1_t": np.uint8,
          "fp4x2_e1m2_t": np.uint8}


def numpy_dtype(dtype: str):
    """The numpy dtype that holds an Ascend C element: bfloat16_t as uint16 (its raw bits), fp4x2 as uint8."""
    try:
        return np.dtype(_NUMPY[dtype])
    except KeyError:
        raise ValueError(f"dtype: unknown Ascend C dtype {dtype!r} (one of {', '.join(_NUMPY)})") from None


def _bytes(array, what):
    """A contiguous uint8 view of any numpy array (or bytes), without copying when it is contiguous already."""
    if array is None:
        return None
    if isinstance(array, (bytes, bytearray, memoryview)):
        return np.frombuffer(array, dtype=np.uint8)
    array = np.asarray(array)
    if array.dtype == object:
        raise TypeError(f"{what}: a numeric numpy array is needed, not dtype object")
    if array.dtype.byteorder == ">":  # device buffers are little-endian
        array = array.astype(array.dtype.newbyteorder("<"))
    return np.ascontiguousarray(array).reshape(-1).view(np.uint8)


# ---- cases -------------------------------------------------------------------------------------------------------

class Case:
    """One call of one data-copy API (a dcconf.case/1 case without, or with, its buffers).

    Build it with DataCopy / DataCopyPad, or load it with Case.from_json(text or path). .src and .dst_before are
    the buffers a loaded case carries (None for a built one: pass them to evaluate)."""

    def __init__(self, body: dict, src=None, dst_before=None):
        self._body = body
        self.src = src
        self.dst_before = dst_before

    # the fields a test wants to read without parsing JSON
    api = property(lambda self: self._body["api"])
    path = property(lambda self: self._body["path"])
    dtype = property(lambda self: self._body["dtype"])
    product = property(lambda self: self._body.get("product", "atlas-a2"))
    profile = property(lambda self: self._body.get("profile", "default"))
    description = property(lambda self: self._body.get("description", ""))
    params = property(lambda self: self._body["params"])
    src_offset = property(lambda self: self._body.get("src", {}).get("offset", 0))
    dst_offset = property(lambda self: self._body.get("dst", {}).get("offset", 0))

    def to_dict(self) -> dict:
        """The case JSON without buffer contents (src/dst carry their offsets, and sizes when known)."""
        return json.loads(json.dumps(self._body))

    def _text(self):
        return json.dumps(self._body)

    def __repr__(self):
        return f"dcconf.Case({self.api} {self.path} {self.dtype} {self._body['params'].get('type', '')})"

    def extents(self, product=None, profile=None) -> Tuple[int, int]:
        """(srcSpanBytes, dstSpanBytes) from the parameters alone: the source must hold src_offset + the first,
        the destination dst_offset + the second (for a dual-destination 950 Fixpipe, FIX950-9, that is both UBs end
        to end, each dst_offset + one half's span). Raises InvalidCase / NotSupported like evaluate."""
        spans, violations, verdict = _call(lambda core: core.extents(self._text(), product or "", profile or ""))
        _raise_for(verdict, _violations(violations))
        return spans

    def with_buffers(self, src=None, dst_before=None) -> "Case":
        return Case(self.to_dict(), src if src is not None else self.src,
                    dst_before if dst_before is not None else self.dst_before)

    def to_json(self, src=None, dst_before=None) -> str:
        """dcconf.case/1 text with both buffers inline (the casefile writer): a file `dcconf case` and
        `dcconf run --replay` read. Without buffers, a zero source and destination just large enough."""
        src, dst_before = self._buffers(src, dst_before)
        return _call(lambda core: core.case_to_json(self._text(), src, dst_before))

    def save(self, path, src=None, dst_before=None):
        """Writes to_json() atomically (temp file + rename)."""
        path = pathlib.Path(path)
        _write_atomic(path, self.to_json(src, dst_before).encode())
        return path

    @classmethod
    def from_json(cls, text_or_path, max_buffer_bytes=256 << 20) -> "Case":
        """A case from dcconf.case/1 text or a file (the casefile parser: same strictness and messages)."""
        is_path = isinstance(text_or_path, os.PathLike) or not str(text_or_path).lstrip().startswith("{")
        text, src, dst = _call(lambda core: core.load_case(os.fspath(text_or_path), is_path, ".", max_buffer_bytes))
        body = json.loads(text)
        return cls(body, src, dst)

    def _buffers(self, src, dst_before):
        src = src if src is not None else self.src
        dst_before = dst_before if dst_before is not None else self.dst_before
        if src is None or dst_before is None:
            src_span, dst_span = self.extents()
            if src is None:
                src = np.zeros(self.src_offset + src_span, dtype=np.uint8)
            if dst_before is None:
                dst_before = np.zeros(self.dst_offset + dst_span, dtype=np.uint8)
        return _bytes(src, "src"), _bytes(dst_before, "dst_before")


def _raise_for(verdict, violations):
    """The exception of a verdict that is not "computed"."""
    if verdict == "malformed":
        first = violations[0] if violations else Violation("CASE", "", "", "not a documented call")
        raise CaseFormatError(f"<case>: {first}", "<case>", first.field, first.value, first.message)
    if verdict == "invalid":
        raise InvalidCase(violations)
    if verdict == "not-supported":
        raise NotSupported(violations)


def _write_atomic(path: pathlib.Path, data: bytes):
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        tmp.write_bytes(data)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def _common(body, product, profile, src_offset, dst_offset, description):
    if product is not None:
        body["product"] = product
    if profile is not None:
        body["profile"] = profile
    if description:
        body["description"] = description
    body["src"] = {"offset": int(src_offset)}
    body["dst"] = {"offset": int(dst_offset)}
    return body


def _struct_json(value, what):
    if not hasattr(value, "case_json"):
        raise TypeError(f"{what}: expected a dcconf parameter struct, got {type(value).__name__}")
    return value.case_json()


def _atomic_json(body, atomic):
    """atomic: "none", or "add" / "max" / "min" for a VECIN/VECOUT->GM copy after SetAtomicAdd/Max/Min<T>() (Atlas
    A2/A3, Ascend 950: ATOM-1..5): each element the copy writes becomes op(the destination's prior content, the
    copied value), so the destination buffer given to evaluate() is an input."""
    if atomic not in ("none", "add", "max", "min"):
        raise ValueError(f"atomic: expected 'none', 'add', 'max' or 'min', got {atomic!r}")
    if atomic != "none":
        body["atomic"] = atomic


def DataCopyPad(path: str, dtype: str, params, pad=None, nd2nz: Nd2NzParams = None, padRegister=None, *,
                paddingMode: str = "Normal", loopMode: LoopModeParams = None, atomic: str = "none", product=None,
                profile=None, src_offset=0, dst_offset=0, description="") -> Case:
    """DataCopyPad(dst, src, params[, padParams]) on `path` ("GM->VECIN", "VECOUT->GM", "VECIN->TSCM", ...).
    params: DataCopyExtParams or DataCopyParams; pad: DataCopyPadExtParams / DataCopyPadParams (GM->UB);
    nd2nz: the Nd2NzParams of the GM->L1 leg (UB->TSCM); padRegister: raw bits last set by SetPadValue;
    paddingMode: "Normal", or "Compact" for DataCopyPad<T, PaddingMode::Compact> (Ascend 950, either params struct,
    GM<->UB: PAD-CMP-1..4, AMB-21/22); loopMode: SetLoopModePara's LoopModeParams (Ascend 950, GM<->UB: the call
    repeated over two loop levels, LOOP-1..3); atomic: see _atomic_json."""
    if paddingMode not in ("Normal", "Compact"):
        raise ValueError(f"paddingMode: expected 'Normal' or 'Compact', got {paddingMode!r}")
    body = {"schema": CASE_SCHEMA, "api": "DataCopyPad", "path": path, "dtype": dtype,
            "params": _struct_json(params, "params")}
    if pad is not None:
        body["padParams"] = _struct_json(pad, "pad")
    if nd2nz is not None:
        body["nd2nzParams"] = _struct_json(nd2nz, "nd2nz")
    if padRegister is not None:
        body["padRegister"] = hex(int(padRegister))
    if paddingMode != "Normal":
        body["paddingMode"] = paddingMode
    if loopMode is not None:
        body["loopMode"] = _struct_json(loopMode, "loopMode")
    _atomic_json(body, atomic)
    return Case(_common(body, product, profile, src_offset, dst_offset, description))


def DataCopy(path: str, dtype: str, params=None, *, enhanced: DataCopyEnhancedParams = None,
             fixpipe: FixpipeState = None, calCount: int = None, atomic: str = "none", product=None, profile=None,
             src_offset=0, dst_offset=0, description="") -> Case:
    """DataCopy(dst, src, ...) with the overload its params select, as in Ascend C:
    DataCopyParams (0-level, DC-1; with enhanced=DataCopyEnhancedParams the enhanced copy, ENH), calCount=N or
    CalCount (2-level, DC-3), Nd2NzParams (ND2NZ), Nz2NdParamsFull (NZ2ND), SliceParams (slice, SLICE),
    Dn2NzParams (DN2NZ), DataCopyCO12DstParams with fixpipe=FixpipeState (the quantising copy out of L0C, FIX; with
    FixpipeState.layout set, the Ascend 950's Fixpipe with FixpipeParamsArch3510, FIX950), NdDmaParams on GM->VECIN
    (the Ascend 950's multi-dimensional copy with pads, NDDMA: give product="ascend950"); atomic: "add", "max" or
    "min" on VECOUT->GM (ATOM, see _atomic_json)."""
    if calCount is not None:
        if params is not None:
            raise TypeError("DataCopy: give params or calCount, not both")
        params = CalCount(calCount)
    if params is None:
        raise TypeError("DataCopy: params (or calCount) is required")
    body = {"schema": CASE_SCHEMA, "api": "DataCopy", "path": path, "dtype": dtype,
            "params": _struct_json(params, "params")}
    if enhanced is not None:
        body["enhancedParams"] = _struct_json(enhanced, "enhanced")
    if fixpipe is not None:
        body["fixpipe"] = _struct_json(fixpipe, "fixpipe")
    _atomic_json(body, atomic)
    return Case(_common(body, product, profile, src_offset, dst_offset, description))


def BroadCastVecToMM(path: str, dtype: str, blockCount: int, blockLen: int, srcGap: int = 0, dstGap: int = 0, *,
                     product="atlas-inference-310p", profile=None, src_offset=0, dst_offset=0,
                     description="") -> Case:
    """BroadCastVecToMM(dst, src, blockCount, blockLen, srcGap, dstGap) on "VECIN->CO1" or "VECOUT->CO1" (Atlas
    inference AI Core, half/float/int32_t: BRC-1..4): each 16-element source row fills one whole 16x16 fractal of
    L0C. AMB-40/41 (dstGap, half's blockLen unit) are open by default; dst_offset is a multiple of 256 elements
    (AMB-42)."""
    params = BroadCastVecToMMParams(blockCount, blockLen, srcGap, dstGap)
    body = {"schema": CASE_SCHEMA, "api": "BroadCastVecToMM", "path": path, "dtype": dtype,
            "params": _struct_json(params, "params")}
    return Case(_common(body, product, profile, src_offset, dst_offset, description))


def quant_param(scale: float, n: int = 0, mcb: bool = False, offset_bits: int = 0, signed_result: bool = False) -> int:
    """FIX-5: the 64-bit quant parameter (M1 from scale's fp32 bits [31:13], N, MCB, 9-bit offset, sign) that
    SetFixpipePreQuantFlag / SetFixPipeConfig take."""
    return _core_module().encode_quant_param(float(scale), int(n), bool(mcb), int(offset_bits), bool(signed_result))


def set_max_work(nbytes: int):
    """The work cap of every evaluation (`--max-work` of the CLI, default 2**32): destination bytes one evaluation
    may walk, repeats counted. A case past it raises CaseFormatError naming the fields and the cap."""
    if not 1 <= int(nbytes) < 2 ** 64:
        raise ValueError(f"max_work: {nbytes} is not in [1, 2**64)")
    _core_module().set_max_work(int(nbytes))


# ---- evaluation --------------------------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Footprint:
    reads: List[Tuple[int, int]]   # source byte ranges [begin, end) the result may depend on (G-2)
    writes: List[Tuple[int, int]]  # destination byte ranges the copy may write (G-1)


@dataclasses.dataclass
class Reading:
    """One distinct whole reading of a case's open alternatives (G-6): the destination under it."""
    combinations: List[str]  # profile words of each combination giving these bytes: ["offset-signed,deq-rne", ...]
    expected_bytes: np.ndarray
    care: np.ndarray  # bool per destination byte: the default care plus every byte this reading decides
    _dtype: object = np.uint8

    @property
    def name(self) -> str:
        """The first combination's profile words (`dcconf case` names its files after them)."""
        return self.combinations[0]

    @property
    def expected(self):
        size = np.dtype(self._dtype).itemsize
        return self.expected_bytes if self.expected_bytes.size % size else self.expected_bytes.view(self._dtype)


@dataclasses.dataclass
class Alternatives:
    """G-6: the ambiguities of kind *alternatives* the case leaves open (default profile) and its distinct whole
    readings. An implementation follows one reading of each ambiguity: its output must match one Reading on every
    byte that reading cares about. Empty (falsy) under a pinned profile or when the case exercises none."""
    ambiguities: List[str]  # ["AMB-8", "AMB-11"], ascending; combinations list one profile word per entry, in order
    readings: List[Reading]

    def __bool__(self):
        return bool(self.readings)

    def __len__(self):
        return len(self.readings)


@dataclasses.dataclass
class Evaluation:
    """What the oracle says about every destination byte. expected has dst_before's dtype (bytes: expected_bytes);
    care is one bool per destination byte (False: ANY); region one code per byte (region_names)."""
    verdict: str           # "computed" | "invalid" | "not-supported"
    operation: str
    product: str
    profile: str
    violations: List[Violation]
    footprint: Footprint
    expected_bytes: Optional[np.ndarray] = None
    care: Optional[np.ndarray] = None
    region: Optional[np.ndarray] = None
    unspecified: Dict[str, int] = dataclasses.field(default_factory=dict)  # ANY bytes by reason (clause)
    # (byte offset, dtype) of the ANY elements that must still be some NaN of dtype, any payload (AMB-16 (project):
    # a NaN source of a float conversion, inf x 0); check() fails an output holding inf or a number there
    nan_elements: List[Tuple[int, str]] = dataclasses.field(default_factory=list)
    _dtype: object = np.uint8
    _alternatives: Optional[Alternatives] = None
    _alternatives_of: object = None  # computes them on first use (2^k more oracle evaluations)

    @property
    def alternatives(self) -> Alternatives:
        """G-6: the open alternatives ambiguities of the case and its distinct whole readings (computed on first
        use); empty, and falsy, under a pinned profile or when the case exercises none."""
        if self._alternatives is None:
            self._alternatives = self._alternatives_of() if self._alternatives_of else Alternatives([], [])
        return self._alternatives

    @property
    def expected(self):
        if self.expected_bytes is None:
            return None
        if self.expected_bytes.size % np.dtype(self._dtype).itemsize:
            return self.expected_bytes
        return self.expected_bytes.view(self._dtype)

    @property
    def care_elements(self):
        """One bool per element of expected: every byte of the element is cared."""
        size = np.dtype(self._dtype).itemsize
        if self.care is None or self.care.size % size:
            return self.care
        return self.care.reshape(-1, size).all(axis=1)

    @property
    def regions(self) -> Dict[str, int]:
        """Bytes per region name ("keep", "data", "left-pad", ...) over the destination."""
        if self.region is None:
            return {}
        counts = np.bincount(self.region, minlength=len(_region_names()))
        return {_region_names()[i]: int(c) for i, c in enumerate(counts) if c}

    def region_at(self, byte: int) -> str:
        return _region_names()[int(self.region[byte])]


_REGION_NAMES = []


def _region_names():
    if not _REGION_NAMES:
        _REGION_NAMES.extend(_core_module().region_names())
    return _REGION_NAMES


def evaluate(case: Case, src=None, dst_before=None, product: str = None, profile: str = None,
             raise_on_invalid: bool = True) -> Evaluation:
    """The oracle on case with these buffers (any numpy dtype; sizes are the arrays' byte sizes). dst_before
    defaults to the case's, else zeros just large enough. Raises InvalidCase (G-4 and bounds) and NotSupported
    (PROD) unless raise_on_invalid is False; CaseFormatError for a case that is not a documented call."""
    if src is None and case.src is None:
        raise TypeError("evaluate: src is required (the case carries no buffers)")
    dst_dtype = np.asarray(dst_before).dtype if dst_before is not None and not isinstance(
        dst_before, (bytes, bytearray, memoryview)) else numpy_dtype(case.dtype)
    src_bytes, dst_bytes = case._buffers(src, dst_before)
    out = _call(lambda core: core.evaluate(case._text(), src_bytes, dst_bytes, product or "", profile or ""))
    violations = _violations(out["violations"])
    if raise_on_invalid or out["verdict"] == "malformed":
        _raise_for(out["verdict"], violations)
    return Evaluation(verdict=out["verdict"], operation=out["operation"], product=out["product"],
                      profile=out["profile"], violations=violations,
                      footprint=Footprint([tuple(r) for r in out["reads"]], [tuple(r) for r in out["writes"]]),
                      expected_bytes=out.get("expected"), care=out.get("care"), region=out.get("region"),
                      unspecified=dict(out.get("unspecified", {})),
                      nan_elements=[tuple(k) for k in out.get("nan_elements", [])], _dtype=dst_dtype,
                      _alternatives_of=_alternatives_later(case, src_bytes, dst_bytes, product, profile, dst_dtype)
                      if out.get("open_alternatives") else None)


def _alternatives_later(case, src_bytes, dst_bytes, product, profile, dtype):
    """A function computing the case's alternatives on the buffers as they are now (copied: the caller may write
    into dst_before before asking)."""
    text, src_bytes, dst_bytes = case._text(), np.array(src_bytes, copy=True), np.array(dst_bytes, copy=True)
    return lambda: _alternatives(_call(lambda core: core.alternatives(text, src_bytes, dst_bytes, product or "",
                                                                      profile or "")), dtype)


def _alternatives(raw, dtype) -> Alternatives:
    if not raw:
        return Alternatives([], [])
    return Alternatives([f"AMB-{i}" for i in raw["ambiguities"]],
                        [Reading(list(r["combinations"]), r["expected"], r["care"], dtype) for r in raw["readings"]])


@dataclasses.dataclass
class Golden:
    """The destination tensor a gen_data.py writes: expected values, ANY bytes replaced by any_fill.

    tensor      the whole destination buffer (dst_offset bytes included) as a 1-D numpy array of the case's dtype
                (numpy_dtype(case.dtype); bfloat16 as uint16), or of uint8 when the buffer is not a whole number of
                elements. VALUE bytes hold the oracle's value, KEEP bytes dst_before's, ANY bytes any_fill, except
                the elements of evaluation.nan_elements (AMB-16: some NaN of T): a canonical quiet NaN of T.
                np.asarray(golden) is this array (Golden implements __array__), so a Golden goes wherever numpy
                expects the tensor: np.array_equal(golden, out), golden[...] via np.asarray, tofile.
    care        bool per destination byte: the bytes a comparison must use (False = ANY)
    any_bytes   how many bytes are ANY (unspecified) and hold any_fill
    any_fill    the byte value written into the ANY bytes
    evaluation  the Evaluation it was made from (regions, footprint, violations, alternatives)
    """
    tensor: np.ndarray
    care: np.ndarray
    any_bytes: int
    any_fill: int
    evaluation: Evaluation

    def __array__(self, dtype=None, copy=None):
        """np.asarray(golden) / np.array(golden): the tensor (a copy only when numpy asks for one or for a dtype)."""
        if dtype is not None and np.dtype(dtype) != self.tensor.dtype:
            return self.tensor.astype(dtype)
        return self.tensor.copy() if copy else self.tensor

    def tofile(self, path):
        """Raw little-endian bytes, the vendor's golden .bin (numpy tofile)."""
        self.tensor.tofile(path)


# The oracle backend's canonical quiet NaNs (oracle::canonicalNanBits): (size in bytes, bits)
_CANONICAL_NAN = {"half": (2, 0x7E00), "bfloat16_t": (2, 0x7FC0), "float": (4, 0x7FC00000),
                  "double": (8, 0x7FF8000000000000)}


def _reading_named(alternatives: Alternatives, words: str) -> Reading:
    """The whole reading whose combinations include words ("offset-signed", "offset-signed,deq-rne"; G-6)."""
    for r in alternatives.readings:
        if words in r.combinations:
            return r
    names = ", ".join(c for r in alternatives.readings for c in r.combinations)
    raise ValueError(f"reading: {words!r} is not a whole reading of this case's open alternatives "
                     f"({', '.join(alternatives.ambiguities)}; G-6): one of {names}")


def golden(case: Case, src, dst_before=None, any_fill: int = 0, product=None, profile=None,
           reading: Optional[str] = None) -> Golden:
    """The expected destination for src: dst_before defaults to zeros of dst_offset + the destination span (so
    KEEP bytes are 0); ANY bytes are set to any_fill (0..255) and counted in any_bytes. reading (G-6): the profile
    words of one whole reading of the case's open alternatives (a Reading's combination, e.g. "offset-signed"):
    the golden of an implementation following it, every byte that reading decides a value; ignored when the case
    leaves no alternatives open (a pinned profile, or none exercised)."""
    if not 0 <= any_fill <= 255:
        raise ValueError(f"any_fill: {any_fill} is not a byte value")
    if dst_before is None and case.dst_before is None:
        _, dst_span = case.extents(product, profile)
        dst_before = np.zeros(case.dst_offset + dst_span, dtype=np.uint8)
    e = evaluate(case, src, dst_before, product=product, profile=profile)
    expected, care = e.expected_bytes, e.care
    if reading is not None and e.alternatives:
        chosen = _reading_named(e.alternatives, reading)
        expected, care = chosen.expected_bytes, chosen.care
    data = expected.copy()
    data[~care] = any_fill
    for offset, nan_dtype in e.nan_elements:  # AMB-16 (project): a NaN of T, so the golden itself conforms
        size, bits = _CANONICAL_NAN[nan_dtype]
        data[offset:offset + size] = np.frombuffer(bits.to_bytes(size, "little"), dtype=np.uint8)
    dtype = numpy_dtype(case.dtype)
    tensor = data.view(dtype) if data.size % dtype.itemsize == 0 else data
    return Golden(tensor=tensor, care=care, any_bytes=int(data.size - np.count_nonzero(care)), any_fill=any_fill,
                  evaluation=e)


@dataclasses.dataclass
class Diff:
    """How an implementation's destination differs from the oracle, as `dcconf run` prints it."""
    mismatched_bytes: int
    first_byte: Optional[int]
    clause: str
    summary: str
    lines: List[str]
    # G-6: on a conforming output, the readings it follows per open alternatives ambiguity ({"AMB-8":
    # ["offset-signed"]}; both words when the case cannot tell them apart); empty when the case has none.
    readings: Dict[str, List[str]] = dataclasses.field(default_factory=dict)
    # G-6: every cared byte matches but no single whole reading explains the output (a byte-wise mix): the message.
    mix: str = ""

    @property
    def ok(self):
        return self.mismatched_bytes == 0 and not self.mix

    def __bool__(self):
        return not self.ok  # `if diff:` reads "if there is a difference"

    @property
    def follows(self) -> str:
        """"AMB-8 offset-signed; AMB-11 relu-before-offset|relu-after-offset", or "" without alternatives."""
        return "; ".join(f"{amb} {'|'.join(words)}" for amb, words in self.readings.items())

    def __str__(self):
        if self.mix:
            return self.mix
        if self.ok:
            return "conforms: every cared byte matches" + (f"; follows {self.follows}" if self.readings else "")
        return "\n".join([self.summary] + ["    " + line for line in self.lines])


def check(case: Case, src, dst_before, actual, max_lines: int = 8, product=None, profile=None) -> Diff:
    """Compares actual (the destination your implementation produced from src and dst_before) with the oracle on
    every cared byte, guard and gap bytes included; the lines are `dcconf run`'s (runners/run diff). With open
    alternatives (G-6) the output must also follow one whole reading: .readings names the one(s) it follows, a
    byte-wise mix of readings is not ok and .mix (and str()) names G-6 and the conflicting bytes."""
    src_bytes, dst_bytes = case._buffers(src, dst_before)
    actual_bytes = _bytes(actual, "actual")
    evaluate(case, src_bytes, dst_bytes, product=product, profile=profile)  # InvalidCase / NotSupported first
    out = _call(lambda core: core.diff(case._text(), src_bytes, dst_bytes, actual_bytes, max_lines, product or "",
                                       profile or ""))
    if out["mix"]:
        return Diff(0, None, "G-6", out["mix"], [], {}, out["mix"])
    readings = {amb: list(words) for amb, words in out["readings"].items()}
    return Diff(out["mismatched_bytes"], out["first_byte"], out["clause"], out["summary"], list(out["lines"]),
                readings)
