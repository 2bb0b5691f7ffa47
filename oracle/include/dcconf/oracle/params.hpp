// Ascend C parameter structs, field for field: same names, same widths, same defaults.
// One deliberate difference: DataCopyPadExtParams<T>::paddingValue is a T in Ascend C; the oracle's dtype is a
// run-time value, so it holds the raw little-endian bits of T in the low sizeof(T) bytes.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <variant>
#include <vector>

#include "dcconf/oracle/types.hpp"

namespace dcconf::oracle {

struct DataCopyParams {
  std::uint16_t blockCount = 0;
  std::uint16_t blockLen = 0;
  std::uint16_t srcStride = 0;
  std::uint16_t dstStride = 0;
  friend bool operator==(const DataCopyParams&, const DataCopyParams&) = default;
};

struct DataCopyExtParams {
  std::uint16_t blockCount = 0;
  std::uint32_t blockLen = 0;
  std::uint32_t srcStride = 0;
  std::uint32_t dstStride = 0;
  std::uint32_t rsv = 0;
  friend bool operator==(const DataCopyExtParams&, const DataCopyExtParams&) = default;
};

// SetLoopModePara(LoopModeParams, DataCopyMVType) on the Ascend 950 (LOOP, project clauses): the DataCopyPad that
// follows runs loop2Size x loop1Size times; every stride is in bytes on its side (the vendor goldens).
struct LoopModeParams {
  std::uint32_t loop1Size = 0;  // LOOP-2: [1, 2^21 - 1]
  std::uint32_t loop2Size = 0;
  std::uint64_t loop1SrcStride = 0;  // LOOP-2: the GM side < 2^40, the UB side < 2^21 and a multiple of 32
  std::uint64_t loop1DstStride = 0;
  std::uint64_t loop2SrcStride = 0;
  std::uint64_t loop2DstStride = 0;
  friend bool operator==(const LoopModeParams&, const LoopModeParams&) = default;
};

struct DataCopyPadParams {
  bool isPad = false;
  std::uint8_t leftPadding = 0;
  std::uint8_t rightPadding = 0;
  std::uint64_t paddingValue = 0;
  friend bool operator==(const DataCopyPadParams&, const DataCopyPadParams&) = default;
};

struct DataCopyPadExtParams {
  bool isPad = false;
  std::uint8_t leftPadding = 0;
  std::uint8_t rightPadding = 0;
  std::uint64_t paddingValue = 0;  // raw bits of T (see the banner)
  friend bool operator==(const DataCopyPadExtParams&, const DataCopyPadExtParams&) = default;
};

struct Nd2NzParams {
  std::uint16_t ndNum = 0;
  std::uint16_t nValue = 0;
  std::uint16_t dValue = 0;
  std::uint16_t srcNdMatrixStride = 0;
  std::uint16_t srcDValue = 0;
  std::uint16_t dstNzC0Stride = 0;
  std::uint16_t dstNzNStride = 0;
  std::uint16_t dstNzMatrixStride = 0;
  friend bool operator==(const Nd2NzParams&, const Nd2NzParams&) = default;
};

struct Nz2NdParamsFull {
  std::uint16_t ndNum = 1;
  std::uint16_t nValue = 0;
  std::uint16_t dValue = 0;
  std::uint16_t srcNdMatrixStride = 1;
  std::uint16_t srcNStride = 0;
  std::uint16_t dstDStride = 0;
  std::uint16_t dstNdMatrixStride = 1;
  friend bool operator==(const Nz2NdParamsFull&, const Nz2NdParamsFull&) = default;
};

// The 2-level interface's single argument, DataCopy(dst, src, calCount).
struct CalCount {
  std::uint32_t calCount = 0;
  friend bool operator==(const CalCount&, const CalCount&) = default;
};

// Slice DataCopy (SLICE): one SliceInfo per dimension, dimension 0 innermost.
struct SliceInfo {
  std::uint32_t startIndex = 0;
  std::uint32_t endIndex = 0;
  std::uint32_t stride = 0;
  std::uint32_t burstLen = 0;  // 32-byte units
  friend bool operator==(const SliceInfo&, const SliceInfo&) = default;
};
inline constexpr std::size_t kMaxSliceDims = 8;  // SLICE-4: dimValue <= 8 (K_MAX_DIM)
inline constexpr std::uint32_t kMaxUnalignedSliceBurstLen = 2047;  // SLICE-4: uint16 bytes on the pad transport

// The slice call's arguments, DataCopy(dst, src, dstSliceInfo[], srcSliceInfo[], dimValue), plus each tensor's
// ShapeInfo (per-dimension sizes in elements, dimension 0 innermost) that the call reads from the tensors.
// Entries at and beyond dimValue are not used. The case file spells this "SliceInfo".
struct SliceParams {
  std::uint32_t dimValue = 1;
  std::array<SliceInfo, kMaxSliceDims> srcSliceInfo{};
  std::array<SliceInfo, kMaxSliceDims> dstSliceInfo{};
  std::array<std::uint32_t, kMaxSliceDims> srcShape{};
  std::array<std::uint32_t, kMaxSliceDims> dstShape{};
  friend bool operator==(const SliceParams&, const SliceParams&) = default;
};

// DN2NZ (Ascend 950 headers' widths). enableSmallC0 is the template argument DataCopy<T, enableSmallC0>, carried
// here so one struct describes the call (DN2NZ-3).
struct Dn2NzParams {
  std::uint16_t dnNum = 0;
  std::uint16_t nValue = 0;
  std::uint32_t dValue = 0;
  std::uint64_t srcDnMatrixStride = 0;
  std::uint64_t srcDValue = 0;
  std::uint16_t dstNzC0Stride = 0;
  std::uint16_t dstNzNStride = 0;
  std::uint32_t dstNzMatrixStride = 0;
  bool enableSmallC0 = false;
  friend bool operator==(const Dn2NzParams&, const Dn2NzParams&) = default;
};

// Enhanced DataCopy (ENH): enums with the Ascend C enumerator values.
enum class BlockMode : std::uint8_t { normal = 0, matrix, vector, smallChannel, depthwise };
enum class DeqScale : std::uint8_t { none = 0, deq, vdeq, deq8, vdeq8, deq16, vdeq16 };
std::string_view name(BlockMode mode);  // "BLOCK_MODE_NORMAL", ...
std::string_view name(DeqScale scale);  // "DEQ_NONE", ...
struct DataCopyEnhancedParams {
  BlockMode blockMode = BlockMode::normal;
  DeqScale deqScale = DeqScale::none;
  std::uint64_t deqValue = 0;
  std::uint8_t sidStoreMode = 0;
  bool isRelu = false;
  std::uint8_t padMode = 0;  // pad_t; 0 = PAD_NONE
  std::uint64_t padValue = 0;
  // Beyond the documented struct, so one struct describes the call (ENH-2): the CO1 element type U of
  // DataCopy(LocalTensor<T>, LocalTensor<U>, ...) when it differs from the case's dtype T, and the uint64 per-channel
  // parameters the V* modes read at deqTensorAddr (a field of the newer headers; entry k for column k % 16).
  std::optional<DType> srcDType;
  std::vector<std::uint64_t> deqTensor;
  friend bool operator==(const DataCopyEnhancedParams&, const DataCopyEnhancedParams&) = default;
};

// Quantising / ReLU copy from L0C (FIX): QuantMode_t with the Ascend C enumerator values.
enum class QuantMode : std::uint8_t {
  NoQuant = 0, F322F16, F322BF16, DEQF16, VDEQF16, QF322B8_PRE, VQF322B8_PRE, REQ8, VREQ8,
};
std::string_view name(QuantMode mode);  // "NoQuant", "F322F16", ...
inline constexpr QuantMode kAllQuantModes[] = {QuantMode::NoQuant,      QuantMode::F322F16,     QuantMode::F322BF16,
                                               QuantMode::DEQF16,       QuantMode::VDEQF16,     QuantMode::QF322B8_PRE,
                                               QuantMode::VQF322B8_PRE, QuantMode::REQ8,        QuantMode::VREQ8};

// DataCopyCO12DstParams, field for field (the vendor's widths: nSize/mSize/srcStride 16 bit, dstStride 32 bit).
struct DataCopyCO12DstParams {
  std::uint16_t nSize = 0;
  std::uint16_t mSize = 0;
  std::uint32_t dstStride = 0;
  std::uint16_t srcStride = 0;
  QuantMode quantPre = QuantMode::NoQuant;
  std::uint8_t reluPre = 0;
  bool channelSplit = false;
  bool nz2ndEn = false;
  std::uint8_t sid = 0;
  friend bool operator==(const DataCopyCO12DstParams&, const DataCopyCO12DstParams&) = default;
};

// The state a FIX call reads besides its params: the source element type U (the case's dtype is the destination
// type T), the scalar of SetFixpipePreQuantFlag, the per-column tensor of SetFixPipeConfig (V* modes), and the
// SetFixpipeNz2ndFlag(ndNum, srcNdStride, dstNdStride) register (nz2ndEn only).
// FIX-2 / FIX-8: the SetFixpipeNz2ndFlag register of a product: the unit of srcNdStride in L0C elements and the
// ranges its implementation header allows. A2/A3: 1024-byte fractals (256 elements), srcNdStride <= 512, a uint16
// dstNdStride; the Ascend 950: C0_SIZE (16 elements), both fields whole (uint16 and uint32).
struct Nz2ndRegister {
  std::uint64_t srcNdStrideElements;
  std::uint64_t maxSrcNdStride;
  std::uint64_t maxDstNdStride;
};
constexpr Nz2ndRegister nz2ndRegister(Product product) {
  return product == Product::ascend950 ? Nz2ndRegister{16, 0xFFFF, 0xFFFFFFFF} : Nz2ndRegister{256, 512, 0xFFFF};
}
// The Ascend 950's Fixpipe<T, U, FixpipeConfig{layout}>(dst, src, FixpipeParamsArch3510<layout>) (FIX950-1, project):
// the CO2Layout template argument. A FixpipeState with a layout is that call (operation fixpipe950), its
// DataCopyCO12DstParams carrying nSize, mSize, srcStride, dstStride, quantPre, reluEn (reluPre) and isChannelSplit.
enum class Co2Layout : std::uint8_t { NZ = 0, ROW_MAJOR, COLUMN_MAJOR };
std::string_view name(Co2Layout layout);  // "NZ", "ROW_MAJOR", "COLUMN_MAJOR"
inline constexpr Co2Layout kAllCo2Layouts[] = {Co2Layout::NZ, Co2Layout::ROW_MAJOR, Co2Layout::COLUMN_MAJOR};
// Nz2DnParams (COLUMN_MAJOR, FIX950-4): the 950 header's widths.
struct Nz2DnState {
  std::uint16_t dnNum = 1;
  std::uint16_t srcNzMatrixStride = 0;  // C0_SIZE units (16 L0C elements)
  std::uint32_t dstDnMatrixStride = 0;  // destination elements
  std::uint16_t srcNzC0Stride = 1;      // C0_SIZE units between the rows of a fractal; != 0
  friend bool operator==(const Nz2DnState&, const Nz2DnState&) = default;
};
// FIX950-3: on the 950 Nz2NdParams.srcNdStride counts C0_SIZE = 16 L0C elements (64 bytes).
inline constexpr std::uint64_t kArch3510SrcNdStrideElements = 16;
struct FixpipeState {
  DType srcDType = DType::int32_t;
  std::uint64_t quantScalar = 0;
  std::vector<std::uint64_t> quantTensor;  // one entry per column n (V* modes); at least nSize entries
  std::uint16_t ndNum = 1;
  std::uint16_t srcNdStride = 0;  // 1024-byte units: one 16x16 fractal of 32-bit L0C elements (FIX-2)
  std::uint32_t dstNdStride = 0;  // elements; [0, 65535] on Atlas A2/A3 (FIX-2)
  // FIX950 (project): set for the 950's FixpipeParamsArch3510 call; ROW_MAJOR reads ndNum/srcNdStride/dstNdStride
  // (Nz2NdParams, srcNdStride in C0_SIZE units), COLUMN_MAJOR reads nz2dn.
  std::optional<Co2Layout> layout;
  Nz2DnState nz2dn;
  // FIX950-9 (project): FixpipeParamsArch3510.dualDstCtl, CO1->UB only: 0 one UB, 1 the M split, 2 the N split
  // (3 reserved); with 1 or 2 the destination buffer is the two sub-blocks' UBs end to end, half each.
  std::uint8_t dualDstCtl = 0;
  friend bool operator==(const FixpipeState&, const FixpipeState&) = default;
};

// The Ascend 950's multi-dimensional DataCopy GM->VECIN through the NDDMA (NDDMA, project clauses):
// DataCopy<T, dim, NdDmaConfig{isNearestValueMode}>(dst, src, NdDmaParams<T, dim>{NdDmaLoopInfo<dim>, constantValue}).
// Dimension 0 is the innermost loop; counts and strides are elements of T. Entries at and beyond dim are not read.
inline constexpr std::size_t kMaxNdDmaDims = 5;  // NDDMA-2: dim in [1, 5]
struct NdDmaParams {
  std::uint8_t dim = 1;
  std::array<std::uint64_t, kMaxNdDmaDims> loopSrcStride{};  // NDDMA-2: < 2^40
  std::array<std::uint32_t, kMaxNdDmaDims> loopDstStride{};  // NDDMA-2: < 2^20
  std::array<std::uint32_t, kMaxNdDmaDims> loopSize{};       // NDDMA-2: [1, 2^20)
  std::array<std::uint8_t, kMaxNdDmaDims> loopLpSize{};      // left pad elements
  std::array<std::uint8_t, kMaxNdDmaDims> loopRpSize{};      // right pad elements
  std::uint64_t constantValue = 0;   // raw bits of T (as DataCopyPadExtParams::paddingValue)
  bool isNearestValueMode = false;   // NdDmaConfig: pads take the nearest element of their dimension (NDDMA-3)
  friend bool operator==(const NdDmaParams&, const NdDmaParams&) = default;
};
// BroadCastVecToMM(dst, src, blockCount, blockLen, srcGap, dstGap) (BRC, project): the call's four scalar arguments,
// which Ascend C passes one by one; blockCount is an int32_t there, unsigned here (the case format's fields are).
struct BroadCastVecToMMParams {
  std::uint32_t blockCount = 0;  // BRC-2: [1, 255]
  std::uint8_t blockLen = 0;     // BRC-2: [1, 255] rows of 16 elements (AMB-41 for half)
  std::uint8_t srcGap = 0;       // 32-byte data blocks between source blocks, tail to head
  std::uint8_t dstGap = 0;       // fractals (256 elements) between destination blocks (AMB-40)
  friend bool operator==(const BroadCastVecToMMParams&, const BroadCastVecToMMParams&) = default;
};
using CopyParams = std::variant<DataCopyParams, DataCopyExtParams, Nd2NzParams, Nz2NdParamsFull, CalCount, SliceParams,
                                Dn2NzParams, DataCopyCO12DstParams, NdDmaParams, BroadCastVecToMMParams>;
using PadParams = std::variant<std::monostate, DataCopyPadParams, DataCopyPadExtParams>;

// The struct name as the case file spells it in "type".
std::string_view typeName(const CopyParams& params);
std::string_view typeName(const PadParams& params);

}  // namespace dcconf::oracle
