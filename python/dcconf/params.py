"""Ascend C parameter structs, field for field: the same names, widths and defaults as
oracle/include/dcconf/oracle/params.hpp (and the vendor headers). Each knows its dcconf.case/1 spelling."""
import dataclasses
from typing import List, Optional, Sequence


def _fields(struct):
    return {f.name: getattr(struct, f.name) for f in dataclasses.fields(struct)}


class _Struct:
    """A parameter struct; `case_json()` is its object in the case file (with "type" when the format wants it)."""
    TYPE: Optional[str] = None

    def case_json(self):
        body = {k: (v.case_json() if isinstance(v, _Struct) else v) for k, v in _fields(self).items()}
        return {"type": self.TYPE, **body} if self.TYPE else body


@dataclasses.dataclass
class DataCopyParams(_Struct):
    """DC-1 (0-level, units of 32-byte blocks) and DataCopyPad (blockLen in bytes). All uint16_t."""
    TYPE = "DataCopyParams"
    blockCount: int = 0
    blockLen: int = 0
    srcStride: int = 0
    dstStride: int = 0


@dataclasses.dataclass
class DataCopyExtParams(_Struct):
    """DataCopyPad: blockCount uint16_t, the rest uint32_t."""
    TYPE = "DataCopyExtParams"
    blockCount: int = 0
    blockLen: int = 0
    srcStride: int = 0
    dstStride: int = 0
    rsv: int = 0


@dataclasses.dataclass
class DataCopyPadParams(_Struct):
    """paddingValue is a uint64_t of raw bits (the low sizeof(T) bytes are the pad element)."""
    TYPE = "DataCopyPadParams"
    isPad: bool = False
    leftPadding: int = 0
    rightPadding: int = 0
    paddingValue: int = 0


@dataclasses.dataclass
class DataCopyPadExtParams(_Struct):
    """paddingValue is a T: a number is converted to the dtype (round to nearest even for floats); a string
    "0x..." gives T's raw little-endian bits."""
    TYPE = "DataCopyPadExtParams"
    isPad: bool = False
    leftPadding: int = 0
    rightPadding: int = 0
    paddingValue: object = 0


@dataclasses.dataclass
class LoopModeParams(_Struct):
    """SetLoopModePara's LoopModeParams (Ascend 950, DataCopyPad GM<->UB: LOOP-1..3): the call repeated loop2Size x
    loop1Size times, iteration (i2, i1) from src + i2*loop2SrcStride + i1*loop1SrcStride to dst + i2*loop2DstStride +
    i1*loop1DstStride, bytes. Sizes uint32_t (below 2^21), strides uint64_t."""
    TYPE = "LoopModeParams"
    loop1Size: int = 0
    loop2Size: int = 0
    loop1SrcStride: int = 0
    loop1DstStride: int = 0
    loop2SrcStride: int = 0
    loop2DstStride: int = 0


@dataclasses.dataclass
class Nd2NzParams(_Struct):
    """ND2NZ (DataCopy GM->A1/B1), and the GM->L1 leg of DataCopyPad VECIN/VECOUT->TSCM. All uint16_t."""
    TYPE = "Nd2NzParams"
    ndNum: int = 0
    nValue: int = 0
    dValue: int = 0
    srcNdMatrixStride: int = 0
    srcDValue: int = 0
    dstNzC0Stride: int = 0
    dstNzNStride: int = 0
    dstNzMatrixStride: int = 0


@dataclasses.dataclass
class Nz2NdParamsFull(_Struct):
    """NZ2ND (DataCopy VECOUT->GM). All uint16_t; ndNum and both matrix strides default to 1 as in Ascend C."""
    TYPE = "Nz2NdParamsFull"
    ndNum: int = 1
    nValue: int = 0
    dValue: int = 0
    srcNdMatrixStride: int = 1
    srcNStride: int = 0
    dstDStride: int = 0
    dstNdMatrixStride: int = 1


@dataclasses.dataclass
class CalCount(_Struct):
    """The 2-level interface's argument, DataCopy(dst, src, calCount) (DC-3): elements, uint32_t."""
    TYPE = "calCount"
    calCount: int = 0


@dataclasses.dataclass
class SliceInfo(_Struct):
    """One dimension of a slice DataCopy (SLICE); burstLen in 32-byte units. All uint32_t."""
    startIndex: int = 0
    endIndex: int = 0
    stride: int = 0
    burstLen: int = 0


@dataclasses.dataclass
class SliceParams(_Struct):
    """DataCopy(dst, src, dstSliceInfo[], srcSliceInfo[], dimValue) plus each tensor's ShapeInfo (elements per
    dimension, dimension 0 innermost). The case file spells it "SliceInfo"."""
    TYPE = "SliceInfo"
    dimValue: int = 1
    srcSliceInfo: Sequence[SliceInfo] = ()
    dstSliceInfo: Sequence[SliceInfo] = ()
    srcShape: Sequence[int] = ()
    dstShape: Sequence[int] = ()

    def case_json(self):
        return {"type": self.TYPE, "dimValue": self.dimValue,
                "srcSliceInfo": [s.case_json() for s in self.srcSliceInfo],
                "dstSliceInfo": [s.case_json() for s in self.dstSliceInfo],
                "srcShape": list(self.srcShape), "dstShape": list(self.dstShape)}


@dataclasses.dataclass
class Dn2NzParams(_Struct):
    """DN2NZ (Ascend 950 widths). enableSmallC0 is the template argument DataCopy<T, enableSmallC0> (DN2NZ-3)."""
    TYPE = "Dn2NzParams"
    dnNum: int = 0
    nValue: int = 0
    dValue: int = 0
    srcDnMatrixStride: int = 0
    srcDValue: int = 0
    dstNzC0Stride: int = 0
    dstNzNStride: int = 0
    dstNzMatrixStride: int = 0
    enableSmallC0: bool = False


@dataclasses.dataclass
class NdDmaParams(_Struct):
    """NDDMA (project, Ascend 950): DataCopy<T, dim, NdDmaConfig{isNearestValueMode}>(dst, src, NdDmaParams<T, dim>)
    on GM->VECIN. One entry per dimension, dimension 0 (the innermost loop) first, at most 5 (NDDMA-2); counts and
    strides in elements of T: loopSrcStride uint64_t, loopDstStride and loopSize uint32_t, loopLpSize/loopRpSize
    uint8_t pads. constantValue is a T like DataCopyPadExtParams.paddingValue (a number, or "0x..." raw bits);
    isNearestValueMode makes every pad the nearest element of its dimension instead (NDDMA-3)."""
    TYPE = "NdDmaParams"
    dim: int = 1
    loopSrcStride: Sequence[int] = ()
    loopDstStride: Sequence[int] = ()
    loopSize: Sequence[int] = ()
    loopLpSize: Sequence[int] = ()
    loopRpSize: Sequence[int] = ()
    constantValue: object = 0
    isNearestValueMode: bool = False

    def case_json(self):
        body = super().case_json()
        for key in ("loopSrcStride", "loopDstStride", "loopSize", "loopLpSize", "loopRpSize"):
            body[key] = [int(v) for v in body[key]]
        return body


@dataclasses.dataclass
class BroadCastVecToMMParams(_Struct):
    """BRC (project): BroadCastVecToMM's four scalar arguments (blockCount an int32_t in Ascend C, the others
    uint8_t): blockCount and blockLen in [1, 255], blockLen in 16-element rows, srcGap in 32-byte data blocks, dstGap
    in 256-element fractals (BRC-2)."""
    TYPE = "BroadCastVecToMMParams"
    blockCount: int = 0
    blockLen: int = 0
    srcGap: int = 0
    dstGap: int = 0


class BlockMode:
    BLOCK_MODE_NORMAL = "BLOCK_MODE_NORMAL"
    BLOCK_MODE_MATRIX = "BLOCK_MODE_MATRIX"
    BLOCK_MODE_VECTOR = "BLOCK_MODE_VECTOR"
    BLOCK_MODE_SMALL_CHANNEL = "BLOCK_MODE_SMALL_CHANNEL"
    BLOCK_MODE_DEPTHWISE = "BLOCK_MODE_DEPTHWISE"


class DeqScale:
    DEQ_NONE = "DEQ_NONE"
    DEQ = "DEQ"
    VDEQ = "VDEQ"
    DEQ8 = "DEQ8"
    VDEQ8 = "VDEQ8"
    DEQ16 = "DEQ16"
    VDEQ16 = "VDEQ16"


class QuantMode:
    """QuantMode_t of DataCopyCO12DstParams.quantPre."""
    NoQuant = "NoQuant"
    F322F16 = "F322F16"
    F322BF16 = "F322BF16"
    DEQF16 = "DEQF16"
    VDEQF16 = "VDEQF16"
    QF322B8_PRE = "QF322B8_PRE"
    VQF322B8_PRE = "VQF322B8_PRE"
    REQ8 = "REQ8"
    VREQ8 = "VREQ8"


@dataclasses.dataclass
class DataCopyEnhancedParams(_Struct):
    """Enhanced DataCopy (ENH), with DataCopyParams. srcDType (the CO1 type U when it differs from dtype) and
    deqTensor (the V* modes' per-channel parameters) go beyond the documented struct, as in the case format."""
    blockMode: str = BlockMode.BLOCK_MODE_NORMAL
    deqScale: str = DeqScale.DEQ_NONE
    deqValue: int = 0
    sidStoreMode: int = 0
    isRelu: bool = False
    padMode: int = 0
    padValue: int = 0
    srcDType: Optional[str] = None
    deqTensor: List[int] = dataclasses.field(default_factory=list)

    def case_json(self):
        body = _fields(self)
        if body["srcDType"] is None:
            del body["srcDType"]
        if not body["deqTensor"]:
            del body["deqTensor"]
        else:
            body["deqTensor"] = [int(v) for v in body["deqTensor"]]
        return body


@dataclasses.dataclass
class DataCopyCO12DstParams(_Struct):
    """The quantising copy out of L0C (FIX), CO1->GM / CO1->A1; the case's dtype is the destination T."""
    TYPE = "DataCopyCO12DstParams"
    nSize: int = 0
    mSize: int = 0
    dstStride: int = 0
    srcStride: int = 0
    quantPre: str = QuantMode.NoQuant
    reluPre: int = 0
    channelSplit: bool = False
    nz2ndEn: bool = False
    sid: int = 0


class CO2Layout:
    """The CO2Layout of the Ascend 950 Fixpipe (FIX950): FixpipeState.layout."""
    NZ = "NZ"
    ROW_MAJOR = "ROW_MAJOR"
    COLUMN_MAJOR = "COLUMN_MAJOR"


@dataclasses.dataclass
class Nz2DnParams(_Struct):
    """Nz2DnParams of the 950 Fixpipe with CO2Layout.COLUMN_MAJOR (FIX950-4): srcNzMatrixStride and srcNzC0Stride in
    C0_SIZE (16-element) units, dstDnMatrixStride in elements."""
    dnNum: int = 1
    srcNzMatrixStride: int = 0
    dstDnMatrixStride: int = 0
    srcNzC0Stride: int = 1


@dataclasses.dataclass
class FixpipeState(_Struct):
    """What a FIX call reads besides its params: the L0C type U, SetFixpipePreQuantFlag(quantScalar),
    SetFixPipeConfig(quantTensor: one uint64 per column, V* modes), SetFixpipeNz2ndFlag(ndNum, srcNdStride,
    dstNdStride): srcNdStride in 1024-byte units (one 16x16 fractal of 32-bit L0C elements, 0..512), dstNdStride in
    elements (0..65535 on Atlas A2/A3), FIX-2. dcconf.quant_param() packs a FIX-5 parameter."""
    srcDType: str = "int32_t"
    quantScalar: int = 0
    quantTensor: List[int] = dataclasses.field(default_factory=list)
    ndNum: int = 1
    srcNdStride: int = 0
    dstNdStride: int = 0
    # FIX950 (the Ascend 950's Fixpipe with FixpipeParamsArch3510): a layout makes the case that call; srcNdStride then
    # counts C0_SIZE (16-element) units and an NZ dstStride elements. nz2dn: COLUMN_MAJOR's Nz2DnParams.
    layout: Optional[str] = None
    nz2dn: Optional[Nz2DnParams] = None
    # FIX950-9: FixpipeParamsArch3510.dualDstCtl toward the UB (CO1->VECIN/VECOUT): 0 one UB, 1 the M split, 2 the N
    # split; with 1 or 2 the dst buffer is the two sub-blocks' UBs end to end (an even size, the offset in each half).
    dualDstCtl: int = 0

    def case_json(self):
        body = _fields(self)
        body["quantScalar"] = hex(int(self.quantScalar))
        body["quantTensor"] = [hex(int(v)) for v in self.quantTensor]
        if self.layout is None:
            del body["layout"]
            del body["nz2dn"]
        else:
            body["nz2dn"] = _fields(self.nz2dn if self.nz2dn is not None else Nz2DnParams())
        if self.dualDstCtl == 0:
            del body["dualDstCtl"]  # as the case format: written only when set
        return body
