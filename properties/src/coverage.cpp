// The coverage model: documented ranges (SEMANTICS PAD-G2U-1, PAD-U2G-1, PAD-U2L1-1/2, SLICE-1..4, DC-1, DC-3/AMB-4, ND2NZ-1, NZ2ND-1,
// DN2NZ-2) and the reach of each field (docs/coverage.md).
#include "dcconf/properties/coverage.hpp"

#include <algorithm>
#include <bit>
#include <variant>

#include "dcconf/properties/fixpipe.hpp"

namespace dcconf::properties {

using namespace dcconf::oracle;

namespace {

constexpr std::uint64_t kU16 = 0xFFFF;
constexpr std::uint64_t kU32 = 0xFFFFFFFF;
constexpr std::uint64_t kU64 = ~std::uint64_t{0};

FieldRange full(std::string_view name, std::uint32_t width, std::uint64_t lo, std::uint64_t hi) {
  return {name, width, lo, hi, hi, 1};
}

// DataCopyPad: PAD-G2U-1 / PAD-U2G-1. GM strides are bytes, UB strides 32-byte blocks (PAD-G2U-2, PAD-U2G-2).
// PAD-G2U-1 (AMB-17): GM->UB blockLen is whole elements unless the profile is byte-len: step sizeof(T).
std::vector<FieldRange> callPadRanges(const Case& c, bool srcIsGm) {
  const std::uint64_t step =
      srcIsGm && c.profile.padBlockLen == Profile::PadBlockLen::elementMultiple ? sizeBytes(c.dtype) : 1;
  auto blockLen = [step](std::string_view name, std::uint32_t width, std::uint64_t max) {
    return FieldRange{name, width, step, max / step * step, max / step * step, step};
  };
  if (std::holds_alternative<DataCopyParams>(c.params)) {
    return {full("DataCopyParams.blockCount", 16, 1, 4095), blockLen("DataCopyParams.blockLen", 16, kU16),
            full("DataCopyParams.srcStride", 16, 0, kU16), full("DataCopyParams.dstStride", 16, 0, kU16)};
  }
  const std::uint64_t srcReach = srcIsGm ? kReachGmStrideBytes : kReachUbStrideBlocks;
  const std::uint64_t dstReach = srcIsGm ? kReachUbStrideBlocks : kReachGmStrideBytes;
  return {full("DataCopyExtParams.blockCount", 16, 1, 4095), blockLen("DataCopyExtParams.blockLen", 32, 2097151),
          {"DataCopyExtParams.srcStride", 32, 0, kU32, srcReach, 1},
          {"DataCopyExtParams.dstStride", 32, 0, kU32, dstReach, 1}};
}

}  // namespace

namespace detail {

// LOOP-2 (Ascend 950): SetLoopModePara's fields after the call's rows, in struct order: the sizes (21 bits in a
// uint32_t), reached to 2^16 - 1 (every iteration costs each property about 2.5 us: a run drawing the 21-bit top as
// often as the other rows' took 8 times as long); then the strides in bytes (uint64_t): the UB side below 2^21 in
// 32-byte steps, all of it reached; the GM side below 2^40, reached to kReachGmStrideBytes (what a flat buffer holds).
std::vector<FieldRange> loopRanges(bool srcIsGm) {
  constexpr std::uint64_t kSizeMax = (std::uint64_t{1} << 21) - 1;
  constexpr std::uint64_t kSizeReach = (std::uint64_t{1} << 16) - 1;
  constexpr std::uint64_t kUbMax = (std::uint64_t{1} << 21) - kDataBlockBytes;
  constexpr std::uint64_t kGmMax = (std::uint64_t{1} << 40) - 1;
  const FieldRange ub{"", 64, 0, kUbMax, kUbMax, kDataBlockBytes};
  const FieldRange gm{"", 64, 0, kGmMax, kReachGmStrideBytes, 1};
  auto named = [](FieldRange r, std::string_view name) {
    r.name = name;
    return r;
  };
  const FieldRange& src = srcIsGm ? gm : ub;
  const FieldRange& dst = srcIsGm ? ub : gm;
  return {{"LoopModeParams.loop1Size", 32, 0, kSizeMax, kSizeReach, 1},
          {"LoopModeParams.loop2Size", 32, 0, kSizeMax, kSizeReach, 1},
          named(src, "LoopModeParams.loop1SrcStride"), named(dst, "LoopModeParams.loop1DstStride"),
          named(src, "LoopModeParams.loop2SrcStride"), named(dst, "LoopModeParams.loop2DstStride")};
}

}  // namespace detail

namespace {

// The call's rows, then loop mode's when the case has it (fieldSamples appends the values in this order).
std::vector<FieldRange> padRanges(const Case& c, bool srcIsGm) {
  std::vector<FieldRange> out = callPadRanges(c, srcIsGm);
  if (c.loopMode) {
    const std::vector<FieldRange> loop = detail::loopRanges(srcIsGm);
    out.insert(out.end(), loop.begin(), loop.end());
  }
  return out;
}

FieldRange values(std::string_view name, std::uint32_t width, std::uint64_t lo, std::uint64_t hi) {
  return {name, width, lo, hi, hi, 1, true};
}

// ND2NZ-1 (dstNzMatrixStride 0 only for one matrix: AMB-6).
std::vector<FieldRange> nd2nzRanges() {
  return {full("Nd2NzParams.ndNum", 16, 0, 4095),          full("Nd2NzParams.nValue", 16, 0, 16384),
          full("Nd2NzParams.dValue", 16, 0, kU16),         full("Nd2NzParams.srcNdMatrixStride", 16, 0, kU16),
          full("Nd2NzParams.srcDValue", 16, 1, kU16),      full("Nd2NzParams.dstNzC0Stride", 16, 1, 16384),
          full("Nd2NzParams.dstNzNStride", 16, 1, 16384),  full("Nd2NzParams.dstNzMatrixStride", 16, 1, kU16)};
}

// ND2NZUB (project): under AMB-33's default the emulation's layouts only: ndNum 0 or 1, both matrix strides 0, the
// row pitch 1 block (A2/A3 float, AMB-34: 2 blocks and up). Under nd2nzub-page ND2NZ-1's rows.
std::vector<FieldRange> nd2nzGmToUbRanges(const Case& c) {
  if (c.profile.nd2nzUbReading == Profile::Nd2NzUbReading::page) return nd2nzRanges();
  const bool floatRows = nd2nzGmToUbC0(c) * sizeBytes(c.dtype) > kDataBlockBytes;
  return {full("Nd2NzParams.ndNum", 16, 0, 1),
          full("Nd2NzParams.nValue", 16, 0, 16384),
          full("Nd2NzParams.dValue", 16, 0, kU16),
          full("Nd2NzParams.srcNdMatrixStride", 16, 0, 0),
          full("Nd2NzParams.srcDValue", 16, 1, kU16),
          full("Nd2NzParams.dstNzC0Stride", 16, 1, 16384),
          floatRows ? full("Nd2NzParams.dstNzNStride", 16, 2, 16384) : full("Nd2NzParams.dstNzNStride", 16, 1, 1),
          full("Nd2NzParams.dstNzMatrixStride", 16, 0, 0)};
}

// ND2NZ-6/7 (project): ND2NZ UB->L1's own rows (their names say so: the page's ranges differ from ND2NZ-1's). Under
// AMB-38's default the 950 takes whole column blocks: dValue and srcDValue step C0.
std::vector<FieldRange> nd2nzUbToL1Ranges(const Case& c) {
  const std::uint64_t c0 = kDataBlockBytes / sizeBytes(c.dtype);
  const bool blocks = c.product == Product::ascend950 && c.profile.nd2nzU2L1Reading == Profile::Nd2NzU2L1Reading::routes;
  const std::uint64_t wholeMax = kU16 / c0 * c0;
  const FieldRange dValue = blocks ? FieldRange{"Nd2NzParams[UB->L1].dValue", 16, c0, wholeMax, wholeMax, c0}
                                   : full("Nd2NzParams[UB->L1].dValue", 16, 1, kU16);
  const FieldRange srcDValue = blocks ? FieldRange{"Nd2NzParams[UB->L1].srcDValue", 16, c0, wholeMax, wholeMax, c0}
                                      : full("Nd2NzParams[UB->L1].srcDValue", 16, 1, kU16);
  return {values("Nd2NzParams[UB->L1].ndNum", 16, 1, 1),
          full("Nd2NzParams[UB->L1].nValue", 16, 1, 16384),
          dValue,
          full("Nd2NzParams[UB->L1].srcNdMatrixStride", 16, 0, kU16),
          srcDValue,
          full("Nd2NzParams[UB->L1].dstNzC0Stride", 16, 1, 16384),
          full("Nd2NzParams[UB->L1].dstNzNStride", 16, 1, 16384),
          full("Nd2NzParams[UB->L1].dstNzMatrixStride", 16, 0, 16384)};
}

// PAD-U2L1-1: the UB->GM leg reads `params` as PAD-U2G (PAD-U2G-1 rows; the Ext blockLen and GM dstStride, in AMB-3's
// unit, reach kReachTscmGmStrideBytes of workspace), the ND2NZ leg reads nd2nzParams
// (ND2NZ-1 rows; ndNum is fixed at 1 by PAD-U2L1-2, so it is no row).
std::vector<FieldRange> padUbToTscmRanges(const Case& c) {
  std::vector<FieldRange> out = padRanges(c, false);
  if (std::holds_alternative<DataCopyExtParams>(c.params)) {
    const bool bytes = c.profile.tscmGmStrideUnit == Profile::TscmGmStrideUnit::bytes;
    out[1].reachMax = kReachTscmGmStrideBytes;
    out[3].reachMax = bytes ? kReachTscmGmStrideBytes : kReachTscmGmStrideBytes / kDataBlockBytes;
  }
  const std::vector<FieldRange> nd = nd2nzRanges();
  out.insert(out.end(), nd.begin() + 1, nd.end());
  return out;
}

// SLICE rows: dimValue (SLICE-4: 1..8, every value), then per dimension d < dimValue the SliceInfo fields of each side
// and the two shapes: srcSliceInfo[d].{startIndex, endIndex, stride, burstLen}, dstSliceInfo[d].{...}, srcShape[d],
// dstShape[d]. An index is below its shape (SLICE-1: at most 2^32 - 2), a shape at least 1, dimension 0's burstLen at
// least 1 (SLICE-3; k >= 1: AMB-5, the same range). The UB side's dimension-0 start, and a UB source's dimension-0
// stride, are whole 32-byte blocks (SLICE-4, G-5): step C0.
constexpr std::size_t kSliceRowsPerDim = 10;

std::vector<FieldRange> sliceRanges(const Case& c) {
  const auto& p = std::get<SliceParams>(c.params);
  const std::uint64_t c0 = kDataBlockBytes / sizeBytes(c.dtype);
  const bool ubSrc = c.srcPos != Position::GM;
  std::vector<FieldRange> out{values("SliceParams.dimValue", 32, 1, kMaxSliceDims)};
  for (std::size_t d = 0; d < std::min<std::size_t>(p.dimValue, kMaxSliceDims); ++d) {
    const std::uint64_t reach = d == 0 ? kReachSliceDim0Elements : kReachSliceOuterIndex;
    const std::uint64_t burstReach = d == 0 ? kReachSliceBurstLen : kU32;
    for (std::size_t side = 0; side < 2; ++side) {
      const bool ub = (side == 0) == ubSrc;
      const std::uint64_t startStep = d == 0 && ub ? c0 : 1;
      const std::uint64_t strideStep = d == 0 && ub && side == 0 ? c0 : 1;
      auto row = [&](std::size_t j, std::uint64_t lo, std::uint64_t hi, std::uint64_t r, std::uint64_t step) {
        out.push_back({sliceRowName(d, 4 * side + j), 32, lo, hi / step * step, (r + 1 - step) / step * step, step});
      };
      row(0, 0, kU32 - 1, reach, startStep);
      row(1, 0, kU32 - 1, reach, 1);
      row(2, 0, kU32, reach, strideStep);
      row(3, 1, kU32, burstReach, 1);
    }
    out.push_back({sliceRowName(d, 8), 32, 1, kU32, reach, 1});
    out.push_back({sliceRowName(d, 9), 32, 1, kU32, reach, 1});
  }
  return out;
}

// FIX-1..4 (DataCopyCO12DstParams), and with nz2ndEn FIX-2's SetFixpipeNz2ndFlag register. nSize is a multiple of
// C0d without nz2nd; srcStride a multiple of 16; dstStride counts 32-byte blocks (elements with nz2nd) and
// reaches what a 4 MiB buffer holds; the register's fields have the product's ranges: A2/A3 (FIX-2) ndNum
// [1, 65535], srcNdStride [0, 512] (1024-byte units), dstNdStride [0, 65535] (a uint16), all reached; the 950
// (FIX-8) srcNdStride [0, 65535] (C0_SIZE units) and a uint32 dstNdStride reaching what a buffer holds, as FIX950's;
// mSize 16383 rows (a million elements converted one by one past that). quantPre, reluPre, channelSplit and
// nz2ndEn are enumerations: every value drawn.
std::vector<FieldRange> fixRanges(const Case& c) {
  const auto& p = std::get<DataCopyCO12DstParams>(c.params);
  const std::uint64_t c0 = p.nz2ndEn ? 1 : fixDestinationC0(c);
  std::vector<FieldRange> out{
      {"DataCopyCO12DstParams.nSize", 16, c0, kU16 / c0 * c0, kU16 / c0 * c0, c0},
      {"DataCopyCO12DstParams.mSize", 16, 1, kU16, kReachFixMSize, 1},
      {"DataCopyCO12DstParams.srcStride", 16, 0, kU16 / 16 * 16, kU16 / 16 * 16, 16},
      {"DataCopyCO12DstParams.dstStride", 32, 1, kU32, kReachFixDstStride, 1},
      values("DataCopyCO12DstParams.quantPre", 8, 0, 8),
      values("DataCopyCO12DstParams.reluPre", 8, 0, 1),
      values("DataCopyCO12DstParams.channelSplit", 1, 0, 1),
      values("DataCopyCO12DstParams.nz2ndEn", 1, 0, 1)};
  if (p.nz2ndEn) {
    out.push_back(full("Nz2ndFlag.ndNum", 16, 1, kU16));
    const oracle::Nz2ndRegister reg = oracle::nz2ndRegister(c.product);
    out.push_back(full("Nz2ndFlag.srcNdStride", 16, 0, reg.maxSrcNdStride));
    out.push_back({"Nz2ndFlag.dstNdStride", 32, 0, reg.maxDstNdStride,
                   std::min<std::uint64_t>(reg.maxDstNdStride, kReachFix950Elements), 1});
  }
  return out;
}

// FIX950 (project): FixpipeParamsArch3510 (carried as DataCopyCO12DstParams) and the layout's matrix parameters.
// nSize [0, 4095] (0 = AMB-23's NOP; NZ draws multiples of C0d), mSize reaches FIX's 16383 rows, srcStride a
// multiple of 16, dstStride (elements) FIX's reach; ROW_MAJOR adds Nz2NdParams (srcNdStride in C0_SIZE units, the
// uint32 dstNdStride reaching a 4 MiB buffer), COLUMN_MAJOR Nz2DnParams. quantPre, reluEn, isChannelSplit and the
// layout are enumerations: every value drawn.
std::vector<FieldRange> fix950Ranges(const Case& c) {
  std::vector<FieldRange> out{
      full("FixpipeParamsArch3510.nSize", 16, 0, 4095),
      {"FixpipeParamsArch3510.mSize", 16, 0, kU16, kReachFixMSize, 1},
      {"FixpipeParamsArch3510.srcStride", 16, 0, kU16 / 16 * 16, kU16 / 16 * 16, 16},
      {"FixpipeParamsArch3510.dstStride", 32, 1, kU32, kReachFixDstStride, 1},
      values("FixpipeParamsArch3510.quantPre", 8, 0, 8),
      values("FixpipeParamsArch3510.reluEn", 8, 0, 1),
      values("FixpipeParamsArch3510.isChannelSplit", 1, 0, 1),
      values("FixpipeParamsArch3510.layout", 8, 0, 2)};
  const std::optional<Co2Layout> layout = c.fixpipe ? c.fixpipe->layout : std::nullopt;
  if (layout == Co2Layout::ROW_MAJOR) {
    out.push_back(full("Nz2NdParams.ndNum", 16, 0, kU16));
    out.push_back(full("Nz2NdParams.srcNdStride", 16, 0, kU16));
    out.push_back({"Nz2NdParams.dstNdStride", 32, 0, kU32, kReachFix950Elements, 1});
  } else if (layout == Co2Layout::COLUMN_MAJOR) {
    out.push_back(full("Nz2DnParams.dnNum", 16, 0, kU16));
    out.push_back(full("Nz2DnParams.srcNzMatrixStride", 16, 0, kU16));
    out.push_back({"Nz2DnParams.dstDnMatrixStride", 32, 0, kU32, kReachFix950Elements, 1});
    out.push_back(full("Nz2DnParams.srcNzC0Stride", 16, 1, kU16));
  }
  // FIX950-9 (project): a UB case's dualDstCtl, every documented value (3 is the invalid lane's)
  if (c.dstPos == Position::VECIN || c.dstPos == Position::VECOUT) out.push_back(values("FixpipeParamsArch3510.dualDstCtl", 8, 0, 2));
  return out;
}

// ENH-1 CO1->CO2 (DataCopyParams, DC-1's ranges) per block mode: a block is E source elements of sizeof(U), the
// source stride unit 256 (MATRIX, VECTOR) or 64 (SMALL_CHANNEL) elements, so blockCount (of one-block bursts),
// blockLen and srcStride reach what a 256 KiB source holds (kWideCo1SourceBytes), the 32-byte dstStride 256 KiB.
std::vector<FieldRange> enhancedCo1Ranges(const Case& c) {
  const auto& e = *c.enhancedParams;
  const std::uint64_t s = sizeBytes(e.srcDType.value_or(c.dtype));
  struct Mode {
    std::uint64_t blockElems, strideElems;
    std::string_view names[4];
  };
  static const Mode kMatrix{256, 256, {"DataCopyParams.blockCount[MATRIX]", "DataCopyParams.blockLen[MATRIX]",
                                       "DataCopyParams.srcStride[MATRIX]", "DataCopyParams.dstStride[MATRIX]"}};
  static const Mode kVector{16, 256, {"DataCopyParams.blockCount[VECTOR]", "DataCopyParams.blockLen[VECTOR]",
                                      "DataCopyParams.srcStride[VECTOR]", "DataCopyParams.dstStride[VECTOR]"}};
  static const Mode kSmall{64, 64, {"DataCopyParams.blockCount[SMALL_CHANNEL]", "DataCopyParams.blockLen[SMALL_CHANNEL]",
                                    "DataCopyParams.srcStride[SMALL_CHANNEL]", "DataCopyParams.dstStride[SMALL_CHANNEL]"}};
  const Mode& m = e.blockMode == BlockMode::matrix ? kMatrix : e.blockMode == BlockMode::vector ? kVector : kSmall;
  auto reach = [&](std::uint64_t unitElems) { return std::min(kU16, kWideCo1SourceBytes / (unitElems * s) - 1); };
  return {{m.names[0], 16, 1, 4095, std::min<std::uint64_t>(4095, reach(m.blockElems) + 1), 1},
          {m.names[1], 16, 1, kU16, reach(m.blockElems), 1},
          {m.names[2], 16, 0, kU16, reach(m.strideElems), 1},
          {m.names[3], 16, 0, kU16, kWideCo1SourceBytes / kDataBlockBytes - 1, 1}};
}

// NDDMA-2: dim, then each dimension i < dim's five fields (a dimension counts only in the cases that read it);
// AMB-35 halves the b64 strides' tops unless nddma-b64-wrap accepts the page's; nddma-size0-noop (AMB-37) starts the
// sizes at 0.
std::vector<FieldRange> ndDmaRanges(const Case& c) {
  const auto& p = std::get<NdDmaParams>(c.params);
  const bool halved = sizeBytes(c.dtype) == 8 && c.profile.ndDmaB64Stride == Profile::NdDmaB64Stride::reject;
  const std::uint64_t srcTop = (std::uint64_t{1} << (halved ? 39 : 40)) - 1;
  const std::uint64_t dstTop = (std::uint64_t{1} << (halved ? 19 : 20)) - 1;
  const std::uint64_t sizeMin = c.profile.ndDmaZeroSize == Profile::NdDmaZeroSize::noop ? 0 : 1;
  std::vector<FieldRange> out{{"NdDmaParams.dim", 8, 1, 5, 5, 1, true}};
  for (std::size_t i = 0; i < std::min<std::size_t>(p.dim, kMaxNdDmaDims); ++i) {
    out.push_back(full(ndDmaRowName(i, 0), 32, sizeMin, (std::uint64_t{1} << 20) - 1));
    out.push_back(full(ndDmaRowName(i, 1), 64, 0, srcTop));
    out.push_back(full(ndDmaRowName(i, 2), 32, 0, dstTop));
    out.push_back(full(ndDmaRowName(i, 3), 8, 0, 255));
    out.push_back(full(ndDmaRowName(i, 4), 8, 0, 255));
  }
  return out;
}

}  // namespace

std::string_view ndDmaRowName(std::size_t i, std::size_t j) {
  static const std::vector<std::string> names = [] {
    static constexpr const char* kFields[5] = {"loopSize", "loopSrcStride", "loopDstStride", "loopLpSize", "loopRpSize"};
    std::vector<std::string> out;
    for (std::size_t d = 0; d < kMaxNdDmaDims; ++d) {
      for (const char* f : kFields) out.push_back(std::string("NdDmaParams.") + f + "[" + std::to_string(d) + "]");
    }
    return out;
  }();
  return names[i * 5 + j];
}

std::string_view sliceRowName(std::size_t d, std::size_t j) {
  static const std::vector<std::string> names = [] {
    static constexpr const char* kInfo[4] = {"startIndex", "endIndex", "stride", "burstLen"};
    std::vector<std::string> out;
    for (std::size_t k = 0; k < kMaxSliceDims; ++k) {
      const std::string i = "[" + std::to_string(k) + "]";
      for (const char* side : {"srcSliceInfo", "dstSliceInfo"}) {
        for (const char* f : kInfo) out.push_back(std::string("SliceParams.") + side + i + "." + f);
      }
      out.push_back("SliceParams.srcShape" + i);
      out.push_back("SliceParams.dstShape" + i);
    }
    return out;
  }();
  return names[d * kSliceRowsPerDim + j];
}

bool coverageGated(Operation operation) {
  switch (operation) {
    case Operation::padGmToUb:
    case Operation::padUbToGm:
    case Operation::padCompactGmToUb:
    case Operation::padCompactUbToGm:
    case Operation::padUbToTscm:
    case Operation::slice:
    case Operation::copy0Level:
    case Operation::copy2Level:
    case Operation::nd2nz:
    case Operation::nz2nd:
    case Operation::dn2nz:
    case Operation::enhancedNormal:
    case Operation::nddma:  // NDDMA-2: dim and each read dimension's fields (generators_nddma.cpp draws them whole)
    case Operation::nd2nzGmToUb:
    case Operation::broadcastUbToL0c:  // BRC-2: the four arguments, whole (generators_broadcast.cpp widens them)
      return true;
    default:
      return false;
  }
}

std::vector<FieldRange> fieldRanges(const Case& c, Operation operation) {
  const std::uint64_t s = sizeBytes(c.dtype);
  switch (operation) {
    case Operation::padGmToUb: return padRanges(c, true);
    case Operation::padUbToGm: return padRanges(c, false);
    case Operation::padCompactGmToUb: return padRanges(c, true);  // PAD-CMP-1: PAD-G2U-1's ranges
    case Operation::padCompactUbToGm: return padRanges(c, false);  // PAD-CMP-1: PAD-U2G-1's ranges
    case Operation::copy0Level:
    case Operation::enhancedNormal:  // DC-1 blocks in 32-byte units: blockLen 65535 is 2 MiB, one block
      return {full("DataCopyParams.blockCount", 16, 1, 4095), full("DataCopyParams.blockLen", 16, 1, kU16),
              full("DataCopyParams.srcStride", 16, 0, kU16), full("DataCopyParams.dstStride", 16, 0, kU16)};
    case Operation::copy2Level:  // DC-3, AMB-4 default: at most 65535 blocks, so calCount*s < 65536*32
      return {full("CalCount.calCount", 32, 0, (std::uint64_t{65536} * kDataBlockBytes - 1) / s)};
    case Operation::padUbToTscm: return c.nd2nzParams ? padUbToTscmRanges(c) : std::vector<FieldRange>{};
    case Operation::nd2nz: return isLocal(c.srcPos) ? nd2nzUbToL1Ranges(c) : nd2nzRanges();
    case Operation::nd2nzGmToUb: return nd2nzGmToUbRanges(c);
    case Operation::broadcastUbToL0c:  // BRC-2 (project)
      return {full("BroadCastVecToMMParams.blockCount", 32, 1, 255), full("BroadCastVecToMMParams.blockLen", 8, 1, 255),
              full("BroadCastVecToMMParams.srcGap", 8, 0, 255), full("BroadCastVecToMMParams.dstGap", 8, 0, 255)};
    case Operation::nz2nd:  // NZ2ND-1: dValue a multiple of 16
      return {full("Nz2NdParamsFull.ndNum", 16, 0, 4095),
              full("Nz2NdParamsFull.nValue", 16, 1, 8192),
              {"Nz2NdParamsFull.dValue", 16, 16, 8192, 8192, 16},
              full("Nz2NdParamsFull.srcNdMatrixStride", 16, 1, 512),
              full("Nz2NdParamsFull.srcNStride", 16, 0, 4095),  // UINT12_MAX
              full("Nz2NdParamsFull.dstDStride", 16, 1, kU16),
              full("Nz2NdParamsFull.dstNdMatrixStride", 16, 1, kU16)};
    case Operation::dn2nz: {  // DN2NZ-2: dstNzMatrixStride*s whole 32-byte blocks; DN2NZ-4: fp4x2 nValue even
      const std::uint64_t c0 = kDataBlockBytes / s;
      const std::uint64_t rowStep = c.dtype == DType::fp4x2_e2m1_t || c.dtype == DType::fp4x2_e1m2_t ? 2 : 1;
      return {full("Dn2NzParams.dnNum", 16, 0, 4095),
              {"Dn2NzParams.nValue", 16, 0, 16384, 16384, rowStep},
              {"Dn2NzParams.dValue", 32, 0, kU32, kReachDn2NzDValue, 1},
              {"Dn2NzParams.srcDnMatrixStride", 64, 0, kU64, kReachDn2NzElements, 1},
              {"Dn2NzParams.srcDValue", 64, 1, kU64, kReachDn2NzElements, 1},
              full("Dn2NzParams.dstNzC0Stride", 16, 1, kU16),
              full("Dn2NzParams.dstNzNStride", 16, 1, kU16),
              {"Dn2NzParams.dstNzMatrixStride", 32, c0, kU32 / c0 * c0, (kReachDn2NzElements + 1 - c0), c0}};
    }
    case Operation::slice: return sliceRanges(c);
    case Operation::fixpipe: return fixRanges(c);
    case Operation::fixpipe950: return fix950Ranges(c);
    case Operation::nddma: return ndDmaRanges(c);
    case Operation::enhancedCo1ToCo2:
      if (!c.enhancedParams || c.enhancedParams->blockMode == BlockMode::normal) return {};
      return enhancedCo1Ranges(c);
    default: return {};
  }
}

std::vector<FieldSample> fieldSamples(const Case& c, Operation operation) {
  const std::vector<FieldRange> ranges = fieldRanges(c, operation);
  std::vector<std::uint64_t> values;
  std::visit(
      [&](const auto& p) {
        using P = std::decay_t<decltype(p)>;
        if constexpr (std::is_same_v<P, DataCopyParams>) {
          values = {p.blockCount, p.blockLen, p.srcStride, p.dstStride};
        } else if constexpr (std::is_same_v<P, DataCopyExtParams>) {
          values = {p.blockCount, p.blockLen, p.srcStride, p.dstStride};
        } else if constexpr (std::is_same_v<P, CalCount>) {
          values = {p.calCount};
        } else if constexpr (std::is_same_v<P, Nd2NzParams>) {
          values = {p.ndNum, p.nValue, p.dValue, p.srcNdMatrixStride, p.srcDValue, p.dstNzC0Stride, p.dstNzNStride,
                    p.dstNzMatrixStride};
        } else if constexpr (std::is_same_v<P, Nz2NdParamsFull>) {
          values = {p.ndNum, p.nValue, p.dValue, p.srcNdMatrixStride, p.srcNStride, p.dstDStride, p.dstNdMatrixStride};
        } else if constexpr (std::is_same_v<P, Dn2NzParams>) {
          values = {p.dnNum, p.nValue, p.dValue, p.srcDnMatrixStride, p.srcDValue, p.dstNzC0Stride, p.dstNzNStride,
                    p.dstNzMatrixStride};
        } else if constexpr (std::is_same_v<P, SliceParams>) {
          values = {p.dimValue};
          for (std::size_t d = 0; d < std::min<std::size_t>(p.dimValue, kMaxSliceDims); ++d) {
            for (const SliceInfo& si : {p.srcSliceInfo[d], p.dstSliceInfo[d]}) {
              values.insert(values.end(), {si.startIndex, si.endIndex, si.stride, si.burstLen});
            }
            values.insert(values.end(), {p.srcShape[d], p.dstShape[d]});
          }
        } else if constexpr (std::is_same_v<P, BroadCastVecToMMParams>) {
          values = {p.blockCount, p.blockLen, p.srcGap, p.dstGap};
        } else if constexpr (std::is_same_v<P, NdDmaParams>) {
          values = {p.dim};  // ndDmaRanges' rows: each read dimension's five fields
          for (std::size_t i = 0; i < std::min<std::size_t>(p.dim, kMaxNdDmaDims); ++i) {
            values.insert(values.end(), {p.loopSize[i], p.loopSrcStride[i], p.loopDstStride[i], p.loopLpSize[i],
                                         p.loopRpSize[i]});
          }
        } else if constexpr (std::is_same_v<P, DataCopyCO12DstParams>) {
          values = {p.nSize,   p.mSize,          p.srcStride,       p.dstStride, static_cast<std::uint64_t>(p.quantPre),
                    p.reluPre, p.channelSplit, p.nz2ndEn};
          if (p.nz2ndEn && c.fixpipe) {
            values.insert(values.end(), {c.fixpipe->ndNum, c.fixpipe->srcNdStride, c.fixpipe->dstNdStride});
          }
        }
      },
      c.params);
  if (operation == Operation::fixpipe950 && c.fixpipe && c.fixpipe->layout) {  // FIX950: fix950Ranges' rows
    const auto& p = std::get<DataCopyCO12DstParams>(c.params);
    const FixpipeState& f = *c.fixpipe;
    values = {p.nSize, p.mSize, p.srcStride, p.dstStride, static_cast<std::uint64_t>(p.quantPre), p.reluPre,
              p.channelSplit, static_cast<std::uint64_t>(*f.layout)};
    if (f.layout == Co2Layout::ROW_MAJOR) values.insert(values.end(), {f.ndNum, f.srcNdStride, f.dstNdStride});
    if (f.layout == Co2Layout::COLUMN_MAJOR) {
      values.insert(values.end(), {f.nz2dn.dnNum, f.nz2dn.srcNzMatrixStride, f.nz2dn.dstDnMatrixStride,
                                   f.nz2dn.srcNzC0Stride});
    }
    if (c.dstPos == Position::VECIN || c.dstPos == Position::VECOUT) values.push_back(f.dualDstCtl);
  }
  if (c.loopMode) {  // loopRanges' rows after the call's (LOOP-2)
    const LoopModeParams& l = *c.loopMode;
    values.insert(values.end(), {l.loop1Size, l.loop2Size, l.loop1SrcStride, l.loop1DstStride, l.loop2SrcStride,
                                 l.loop2DstStride});
  }
  if (operation == Operation::padUbToTscm && c.nd2nzParams) {  // the ND2NZ leg after the UB->GM leg (PAD-U2L1-1)
    const Nd2NzParams& p = *c.nd2nzParams;
    values.insert(values.end(), {p.nValue, p.dValue, p.srcNdMatrixStride, p.srcDValue, p.dstNzC0Stride,
                                 p.dstNzNStride, p.dstNzMatrixStride});
  }
  std::vector<FieldSample> samples;
  if (values.size() != ranges.size()) return samples;  // a struct the operation's gate does not model
  for (std::size_t k = 0; k < ranges.size(); ++k) samples.push_back({ranges[k], values[k]});
  return samples;
}

std::uint32_t boundariesHit(const FieldRange& range, std::uint64_t value) {
  const std::uint64_t lo = range.docMin, hi = range.reachMax;
  if (lo == hi) return value == lo ? 15u : 0u;  // a one-value range (a declared limit): its four boundaries are one
  std::uint32_t hit = 0;
  if (value == lo) hit |= 1;
  if (value == lo + range.step) hit |= 2;
  if (value == hi - range.step) hit |= 4;
  if (value == hi) hit |= 8;
  return hit;
}

std::uint64_t requiredValues(const FieldRange& range) {
  if (!range.everyValue) return 0;
  std::uint64_t out = 0;
  for (std::uint64_t v = range.docMin; v <= range.docMax && v < 64; v += range.step) out |= std::uint64_t{1} << v;
  return out;
}

std::uint64_t valueBit(const FieldRange& range, std::uint64_t value) {
  return range.everyValue && value < 64 ? std::uint64_t{1} << value : 0;
}

std::uint64_t requiredBits(const FieldRange& range) {
  if (range.reachMax == 0) return 0;
  const int top = static_cast<int>(std::bit_width(range.reachMax)) - 1;
  const int low = std::countr_zero(range.step);
  const std::uint64_t upTo = top >= 63 ? kU64 : (std::uint64_t{1} << (top + 1)) - 1;
  return upTo & ~((std::uint64_t{1} << low) - 1);
}

}  // namespace dcconf::properties
