// oracle::Case <-> DcconfCannTiling (dcconf_cann_tiling.h). Encoding is field for field; decoding checks the
// block's identity and every code's range first (so a clear message names the field), builds the case, then
// re-encodes it and requires the same bytes (reserved bytes, unused sections, derived sizes: all covered by that
// one comparison).
#include "codec.hpp"

#include <array>
#include <cstring>
#include <type_traits>
#include <utility>
#include <variant>

namespace dcconf::cann {
namespace {

using namespace oracle;

static_assert(offsetof(DcconfCannTiling, paddingMode) == 18 && offsetof(DcconfCannTiling, atomicOp) == 19 &&
                  offsetof(DcconfCannTiling, srcSizeBytes) == 36 && offsetof(DcconfCannTiling, padRegister) == 72 &&
                  offsetof(DcconfCannTiling, dataCopy) == 80 && offsetof(DcconfCannTiling, pad) == 112 &&
                  offsetof(DcconfCannTiling, dn2nz) == 176 && offsetof(DcconfCannTiling, enhanced) == 216 &&
                  offsetof(DcconfCannTiling, fixpipe) == 264 && offsetof(DcconfCannTiling, slice) == 288 &&
                  offsetof(DcconfCannTiling, loopMode) == 616 && offsetof(DcconfCannTiling, profileExt) == 656 &&
                  offsetof(DcconfCannTiling, reserved1) == 666 && offsetof(DcconfCannTiling, fixpipe950) == 672 &&
                  offsetof(DcconfCannTiling, ndDma) == 768 && offsetof(DcconfCannTiling, ndDma.constantValue) == 864 &&
                  sizeof(DcconfCannTiling) == 896,
              "tiling v3 layout (docs/cann.md)");
static_assert(kMaxNdDmaDims == DCCONF_CANN_NDDMA_DIMS, "NDDMA-2 dimensions");
static_assert(offsetof(DcconfCannFixpipe950Params, dstStride) == 12 &&
                  offsetof(DcconfCannFixpipe950Params, deqScalar) == 16 &&
                  offsetof(DcconfCannFixpipe950Params, quantTensorEntries) == 32 &&
                  offsetof(DcconfCannFixpipe950Params, ndNum) == 36 && offsetof(DcconfCannFixpipe950Params, dnNum) == 44 &&
                  offsetof(DcconfCannFixpipe950Params, srcNzC0Stride) == 52,
              "FIX950 section layout (docs/cann.md)");
static_assert(static_cast<unsigned>(Co2Layout::ROW_MAJOR) == DCCONF_CANN_CO2_ROW_MAJOR &&
                  static_cast<unsigned>(Co2Layout::COLUMN_MAJOR) == DCCONF_CANN_CO2_COLUMN_MAJOR &&
                  std::size(kAllCo2Layouts) == DCCONF_CANN_CO2_COUNT,
              "fixpipe950.layout holds CO2Layout in the vendor's order (FIX950-1)");
static_assert(static_cast<unsigned>(PaddingMode::compact) == DCCONF_CANN_PADDING_COMPACT &&
                  static_cast<unsigned>(AtomicOp::min) == DCCONF_CANN_ATOMIC_MIN,
              "paddingMode / atomicOp hold the oracle enums' values");
static_assert(std::has_unique_object_representations_v<DcconfCannTiling>, "no implicit padding: every byte is a field");
static_assert(std::variant_size_v<CopyParams> + 1 == DCCONF_CANN_PARAMS_COUNT, "one params section per alternative");
static_assert(std::size(kAllOperations) + 1 == DCCONF_CANN_FAMILY_COUNT, "one kernel family per operation");
static_assert(kMaxSliceDims == DCCONF_CANN_SLICE_DIMS, "SLICE-4 dimensions");
static_assert(std::size(kAllQuantModes) == DCCONF_CANN_QUANT_COUNT &&
                  static_cast<unsigned>(QuantMode::DEQF16) == DCCONF_CANN_QUANT_DEQF16 &&
                  static_cast<unsigned>(QuantMode::VREQ8) == DCCONF_CANN_QUANT_VREQ8,
              "co12.quantPre holds QuantMode_t in the documented order (FIX-4); the FIX kernel switches on it");

constexpr std::uint8_t code(auto enumerator) { return static_cast<std::uint8_t>(static_cast<unsigned>(enumerator) + 1); }

std::string hex(std::uint64_t value) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  do {
    out.insert(out.begin(), kDigits[value & 0xF]);
    value >>= 4;
  } while (value != 0);
  return "0x" + out;
}

// ---- encode: one writer per params struct ----------------------------------------------------------------------

void put(DcconfCannTiling& t, const DataCopyParams& p) {
  t.dataCopy = {p.blockCount, p.blockLen, p.srcStride, p.dstStride};
}
void put(DcconfCannTiling& t, const DataCopyExtParams& p) {
  t.dataCopyExt = {p.blockCount, 0, p.blockLen, p.srcStride, p.dstStride, p.rsv};
}
DcconfCannNd2NzParams nd2nzSection(const Nd2NzParams& p) {
  return {p.ndNum, p.nValue, p.dValue, p.srcNdMatrixStride, p.srcDValue, p.dstNzC0Stride, p.dstNzNStride,
          p.dstNzMatrixStride};
}
void put(DcconfCannTiling& t, const Nd2NzParams& p) { t.nd2nz = nd2nzSection(p); }
void put(DcconfCannTiling& t, const Nz2NdParamsFull& p) {
  t.nz2nd = {p.ndNum, p.nValue, p.dValue, p.srcNdMatrixStride, p.srcNStride, p.dstDStride, p.dstNdMatrixStride, 0};
}
void put(DcconfCannTiling& t, const CalCount& p) { t.calCount = p.calCount; }
void put(DcconfCannTiling& t, const SliceParams& p) {
  t.slice.dimValue = p.dimValue;
  for (std::size_t d = 0; d < kMaxSliceDims; ++d) {
    const SliceInfo& s = p.srcSliceInfo[d];
    const SliceInfo& o = p.dstSliceInfo[d];
    t.slice.srcSliceInfo[d] = {s.startIndex, s.endIndex, s.stride, s.burstLen};
    t.slice.dstSliceInfo[d] = {o.startIndex, o.endIndex, o.stride, o.burstLen};
    t.slice.srcShape[d] = p.srcShape[d];
    t.slice.dstShape[d] = p.dstShape[d];
  }
}
void put(DcconfCannTiling& t, const Dn2NzParams& p) {
  t.dn2nz = {p.dnNum, p.nValue, p.dValue, p.srcDnMatrixStride, p.srcDValue, p.dstNzC0Stride, p.dstNzNStride,
             p.dstNzMatrixStride, static_cast<std::uint8_t>(p.enableSmallC0), {}};
}
// NDDMA (v3): oracle::NdDmaParams <-> the ndDma section, which spell every field alike: every dimension's entries (the
// case's whole arrays), dim, the pad mode and the constant. The section's profile bytes: putProfile / getProfile.
template <typename From, typename To>
void copyNdDma(const From& from, To& to) {
  for (std::size_t d = 0; d < kMaxNdDmaDims; ++d) {
    to.loopSrcStride[d] = from.loopSrcStride[d];
    to.loopDstStride[d] = from.loopDstStride[d];
    to.loopSize[d] = from.loopSize[d];
    to.loopLpSize[d] = from.loopLpSize[d];
    to.loopRpSize[d] = from.loopRpSize[d];
  }
  to.dim = from.dim;
  to.isNearestValueMode = static_cast<decltype(to.isNearestValueMode)>(from.isNearestValueMode);
  to.constantValue = from.constantValue;
}
void put(DcconfCannTiling& t, const NdDmaParams& p) { copyNdDma(p, t.ndDma); }
// BRC: never reached either, encode refuses the case by name first (BRC-1: no kernel family yet)
void put(DcconfCannTiling&, const BroadCastVecToMMParams&) {}
void put(DcconfCannTiling& t, const DataCopyCO12DstParams& p) {
  t.co12 = {p.nSize, p.mSize, p.dstStride, p.srcStride, static_cast<std::uint8_t>(p.quantPre), p.reluPre,
            static_cast<std::uint8_t>(p.channelSplit), static_cast<std::uint8_t>(p.nz2ndEn), p.sid, 0};
}
// FIX950 (v3): the whole call in its own section, FixpipeParamsArch3510's widths; co12 and fixpipe stay zero.
DcconfCannFixpipe950Params fix950Section(const Case& c, const DataCopyCO12DstParams& p, const FixpipeState& f,
                                         std::uint32_t quantEntries) {
  DcconfCannFixpipe950Params s{};
  s.layout = static_cast<std::uint8_t>(*f.layout);
  s.isToUB = static_cast<std::uint8_t>(c.dstPos == Position::VECIN || c.dstPos == Position::VECOUT);
  s.quantPre = static_cast<std::uint8_t>(p.quantPre);
  s.reluEn = p.reluPre;
  s.nSize = p.nSize;
  s.mSize = p.mSize;
  s.srcStride = p.srcStride;
  s.dualDstCtl = f.dualDstCtl;
  s.dstStride = p.dstStride;
  s.deqScalar = f.quantScalar;
  s.isChannelSplit = static_cast<std::uint8_t>(p.channelSplit);
  s.srcDType = code(f.srcDType);
  s.nz2ndEn = static_cast<std::uint8_t>(p.nz2ndEn);
  s.sid = p.sid;
  s.quantTensorEntries = quantEntries;
  s.ndNum = f.ndNum;
  s.srcNdStride = f.srcNdStride;
  s.dstNdStride = f.dstNdStride;
  s.dnNum = f.nz2dn.dnNum;
  s.srcNzMatrixStride = f.nz2dn.srcNzMatrixStride;
  s.dstDnMatrixStride = f.nz2dn.dstDnMatrixStride;
  s.srcNzC0Stride = f.nz2dn.srcNzC0Stride;
  return s;
}

template <typename PadStruct>
void putPad(DcconfCannTiling& t, const PadStruct& p) {
  t.pad = {static_cast<std::uint8_t>(p.isPad), p.leftPadding, p.rightPadding, {}, p.paddingValue};
}

// Two readings in one byte (AMB-17/18 and AMB-19/20): the first in bits 0..3, the second in bits 4..7.
template <typename Low, typename High>
constexpr std::uint8_t nibbles(Low low, High high) {
  return static_cast<std::uint8_t>(static_cast<unsigned>(low) | static_cast<unsigned>(high) << 4);
}

void putProfile(DcconfCannTiling& t, const Profile& p) {
  const std::array<std::uint8_t, DCCONF_CANN_PROFILE_FIELDS> fields{
      static_cast<std::uint8_t>(p.zeroCount),        static_cast<std::uint8_t>(p.padDummy),
      static_cast<std::uint8_t>(p.tscmGmStrideUnit), static_cast<std::uint8_t>(p.calCountOverflow),
      static_cast<std::uint8_t>(p.nd2nzZeroMatrixStride), static_cast<std::uint8_t>(p.smallC0Polarity),
      static_cast<std::uint8_t>(p.fixOffset),        static_cast<std::uint8_t>(p.fixShift),
      static_cast<std::uint8_t>(p.fixDeqRounding),   static_cast<std::uint8_t>(p.fixReluOrder),
      static_cast<std::uint8_t>(p.fixNegScale),      static_cast<std::uint8_t>(p.vdeqTensorStep),
      static_cast<std::uint8_t>(p.deq16Offset),      static_cast<std::uint8_t>(p.sidHalf),
      nibbles(p.padBlockLen, p.padRawValue),         nibbles(p.enhBlockLenUnit, p.deqf16Mcb)};
  std::memcpy(t.profile, fields.data(), fields.size());
  const std::array<std::uint8_t, DCCONF_CANN_PROFILE_EXT_FIELDS> ext{
      static_cast<std::uint8_t>(p.compactPads),      static_cast<std::uint8_t>(p.compactUbStride),
      static_cast<std::uint8_t>(p.fix950Zero),       static_cast<std::uint8_t>(p.nd2nzUbReading),
      static_cast<std::uint8_t>(p.nd2nzUbFloatC0),   static_cast<std::uint8_t>(p.nd2nzU2L1Reading),
      static_cast<std::uint8_t>(p.nd2nzU2L1Values),  static_cast<std::uint8_t>(p.brcDstGap),
      static_cast<std::uint8_t>(p.brcHalfLen),       static_cast<std::uint8_t>(p.brcDstAlign)};
  static_assert(sizeof(t.profileExt) == ext.size(), "every profileExt byte is live");
  std::memcpy(t.profileExt, ext.data(), ext.size());
  t.ndDma.profileAmb35 = static_cast<std::uint8_t>(p.ndDmaB64Stride);  // v3: the NDDMA readings, live in every block
  t.ndDma.profileAmb36 = static_cast<std::uint8_t>(p.ndDmaInterleave);
  t.ndDma.profileAmb37 = static_cast<std::uint8_t>(p.ndDmaZeroSize);
}

// A uint64 case field into a uint32 tiling field, or the error naming both.
bool fitsU32(std::uint64_t value, const char* field, const char* tilingField, const char* clause, std::uint32_t& out,
             CodecError& error) {
  if (value <= 0xFFFFFFFFull) {
    out = static_cast<std::uint32_t>(value);
    return true;
  }
  error = {clause, field, std::to_string(value),
           std::string("does not fit the tiling's uint32 ") + tilingField + " (tiling v3 buffers are under 4 GiB)"};
  return false;
}

// ---- decode: codes first (clear messages), then the case, then the canonical re-encoding ----------------------

struct Reader {
  CodecError error;
  bool ok = true;

  // raw must be in [lo, hi]; the field is named as the tiling spells it, the clause is the block's own format
  // unless the code is a call's (PAD-CMP-1, ATOM-1).
  bool range(const char* field, std::uint64_t raw, std::uint64_t lo, std::uint64_t hi, const char* what,
             const char* clause = "TILING") {
    if (ok && (raw < lo || raw > hi)) {
      error = {clause, std::string("tiling.") + field, std::to_string(raw),
               std::string("is not a ") + what + " code (expected " + std::to_string(lo) + ".." + std::to_string(hi) + ")"};
      ok = false;
    }
    return ok;
  }
  template <typename E>
  E enumerator(const char* field, std::uint8_t raw, std::uint8_t lo, std::uint8_t hi, const char* what,
               const char* clause = "TILING") {
    range(field, raw, lo, hi, what, clause);
    return static_cast<E>(raw - lo);
  }
};

Profile getProfile(const DcconfCannTiling& t, Reader& r) {
  Profile p;
  const std::uint8_t* f = t.profile;
  p.zeroCount = r.enumerator<Profile::ZeroCount>("profile[AMB-1]", f[DCCONF_CANN_AMB1_ZERO_COUNT], 0, 1, "AMB-1");
  p.padDummy = r.enumerator<Profile::PadDummy>("profile[AMB-2]", f[DCCONF_CANN_AMB2_PAD_DUMMY], 0, 2, "AMB-2");
  p.tscmGmStrideUnit =
      r.enumerator<Profile::TscmGmStrideUnit>("profile[AMB-3]", f[DCCONF_CANN_AMB3_TSCM_GM_STRIDE], 0, 1, "AMB-3");
  p.calCountOverflow =
      r.enumerator<Profile::CalCountOverflow>("profile[AMB-4]", f[DCCONF_CANN_AMB4_CALCOUNT_OVERFLOW], 0, 1, "AMB-4");
  p.nd2nzZeroMatrixStride = r.enumerator<Profile::Nd2NzZeroMatrixStride>(
      "profile[AMB-6]", f[DCCONF_CANN_AMB6_ND2NZ_ZERO_MATRIX_STRIDE], 0, 1, "AMB-6");
  p.smallC0Polarity =
      r.enumerator<Profile::SmallC0Polarity>("profile[AMB-7]", f[DCCONF_CANN_AMB7_SMALL_C0], 0, 1, "AMB-7");
  p.fixOffset = r.enumerator<Profile::FixOffset>("profile[AMB-8]", f[DCCONF_CANN_AMB8_FIX_OFFSET], 0, 2, "AMB-8");
  p.fixShift = r.enumerator<Profile::FixShift>("profile[AMB-9]", f[DCCONF_CANN_AMB9_FIX_SHIFT], 0, 2, "AMB-9");
  p.fixDeqRounding =
      r.enumerator<Profile::FixDeqRounding>("profile[AMB-10]", f[DCCONF_CANN_AMB10_FIX_DEQ_ROUNDING], 0, 2, "AMB-10");
  p.fixReluOrder =
      r.enumerator<Profile::FixReluOrder>("profile[AMB-11]", f[DCCONF_CANN_AMB11_FIX_RELU_ORDER], 0, 2, "AMB-11");
  p.fixNegScale =
      r.enumerator<Profile::FixNegScale>("profile[AMB-12]", f[DCCONF_CANN_AMB12_FIX_NEG_SCALE], 0, 2, "AMB-12");
  p.vdeqTensorStep =
      r.enumerator<Profile::VdeqTensorStep>("profile[AMB-13]", f[DCCONF_CANN_AMB13_VDEQ_TENSOR_STEP], 0, 2, "AMB-13");
  p.deq16Offset = r.enumerator<Profile::Deq16Offset>("profile[AMB-14]", f[DCCONF_CANN_AMB14_DEQ16_OFFSET], 0, 2, "AMB-14");
  p.sidHalf = r.enumerator<Profile::SidHalf>("profile[AMB-15]", f[DCCONF_CANN_AMB15_SID_HALF], 0, 1, "AMB-15");
  const std::uint8_t pad = f[DCCONF_CANN_AMB17_18_PAD], enh = f[DCCONF_CANN_AMB19_20_ENH];
  p.padBlockLen = r.enumerator<Profile::PadBlockLen>("profile[AMB-17]", pad & 0x0Fu, 0, 1, "AMB-17");
  p.padRawValue = r.enumerator<Profile::PadRawValue>("profile[AMB-18]", pad >> 4, 0, 1, "AMB-18");
  p.enhBlockLenUnit = r.enumerator<Profile::EnhBlockLenUnit>("profile[AMB-19]", enh & 0x0Fu, 0, 2, "AMB-19");
  p.deqf16Mcb = r.enumerator<Profile::Deqf16Mcb>("profile[AMB-20]", enh >> 4, 0, 2, "AMB-20");
  const std::uint8_t* x = t.profileExt;
  p.compactPads =
      r.enumerator<Profile::CompactPads>("profileExt[AMB-21]", x[DCCONF_CANN_AMB21_COMPACT_PADS], 0, 2, "AMB-21");
  p.compactUbStride = r.enumerator<Profile::CompactUbStride>("profileExt[AMB-22]",
                                                             x[DCCONF_CANN_AMB22_COMPACT_UB_STRIDE], 0, 2, "AMB-22");
  p.fix950Zero =
      r.enumerator<Profile::Fix950Zero>("profileExt[AMB-23]", x[DCCONF_CANN_AMB23_FIX950_ZERO], 0, 1, "AMB-23");
  p.nd2nzUbReading = r.enumerator<Profile::Nd2NzUbReading>("profileExt[AMB-33]", x[DCCONF_CANN_AMB33_ND2NZUB_READING],
                                                           0, 1, "AMB-33");
  p.nd2nzUbFloatC0 = r.enumerator<Profile::Nd2NzUbFloatC0>("profileExt[AMB-34]", x[DCCONF_CANN_AMB34_ND2NZUB_FLOAT_C0],
                                                           0, 1, "AMB-34");
  p.nd2nzU2L1Reading = r.enumerator<Profile::Nd2NzU2L1Reading>(
      "profileExt[AMB-38]", x[DCCONF_CANN_AMB38_ND2NZ_U2L1_READING], 0, 1, "AMB-38");
  p.nd2nzU2L1Values = r.enumerator<Profile::Nd2NzU2L1Values>("profileExt[AMB-39]",
                                                             x[DCCONF_CANN_AMB39_ND2NZ_U2L1_VALUES], 0, 1, "AMB-39");
  p.brcDstGap =
      r.enumerator<Profile::BrcDstGap>("profileExt[AMB-40]", x[DCCONF_CANN_AMB40_BRC_DST_GAP], 0, 2, "AMB-40");
  p.brcHalfLen =
      r.enumerator<Profile::BrcHalfLen>("profileExt[AMB-41]", x[DCCONF_CANN_AMB41_BRC_HALF_LEN], 0, 2, "AMB-41");
  p.brcDstAlign =
      r.enumerator<Profile::BrcDstAlign>("profileExt[AMB-42]", x[DCCONF_CANN_AMB42_BRC_DST_ALIGN], 0, 1, "AMB-42");
  p.ndDmaB64Stride =
      r.enumerator<Profile::NdDmaB64Stride>("ndDma.profileAmb35[AMB-35]", t.ndDma.profileAmb35, 0, 1, "AMB-35");
  p.ndDmaInterleave =
      r.enumerator<Profile::NdDmaInterleave>("ndDma.profileAmb36[AMB-36]", t.ndDma.profileAmb36, 0, 1, "AMB-36");
  p.ndDmaZeroSize =
      r.enumerator<Profile::NdDmaZeroSize>("ndDma.profileAmb37[AMB-37]", t.ndDma.profileAmb37, 0, 1, "AMB-37");
  return p;
}

// FIX950 (v3): DataCopyCO12DstParams from the fixpipe950 section; its codes name the section and FIX950-1.
DataCopyCO12DstParams getFix950Params(const DcconfCannFixpipe950Params& s, Reader& r) {
  DataCopyCO12DstParams out;
  out.nSize = s.nSize;
  out.mSize = s.mSize;
  out.dstStride = s.dstStride;
  out.srcStride = s.srcStride;
  out.quantPre = r.enumerator<QuantMode>("fixpipe950.quantPre", code(s.quantPre), 1, 9, "QuantMode_t", "FIX950-1");
  out.reluPre = s.reluEn;
  r.range("fixpipe950.isChannelSplit", s.isChannelSplit, 0, 1, "bool", "FIX950-2");
  r.range("fixpipe950.nz2ndEn", s.nz2ndEn, 0, 1, "bool", "FIX950-1");
  out.channelSplit = s.isChannelSplit != 0;
  out.nz2ndEn = s.nz2ndEn != 0;
  out.sid = s.sid;
  return out;
}

// FIX950 (v3): the FixpipeState from the fixpipe950 section (the quant tensor from the aux buffer).
FixpipeState getFix950State(const DcconfCannFixpipe950Params& s, Reader& r) {
  FixpipeState f;
  f.layout = r.enumerator<Co2Layout>("fixpipe950.layout", s.layout, 0, DCCONF_CANN_CO2_COUNT - 1,
                                     "CO2Layout (0 NZ, 1 ROW_MAJOR, 2 COLUMN_MAJOR)", "FIX950-1");
  r.range("fixpipe950.isToUB", s.isToUB, 0, 1, "bool", "FIX950-8");
  f.srcDType = r.enumerator<DType>("fixpipe950.srcDType", s.srcDType, 1, DCCONF_CANN_DT_COUNT - 1, "dtype", "FIX950-1");
  f.quantScalar = s.deqScalar;
  f.ndNum = s.ndNum;
  f.srcNdStride = s.srcNdStride;
  f.dstNdStride = s.dstNdStride;
  f.nz2dn = {s.dnNum, s.srcNzMatrixStride, s.dstDnMatrixStride, s.srcNzC0Stride};
  f.dualDstCtl = s.dualDstCtl;
  return f;
}

CopyParams getParams(const DcconfCannTiling& t, Reader& r) {
  switch (t.paramsType) {
    case DCCONF_CANN_PARAMS_DATA_COPY: {
      const auto& p = t.dataCopy;
      return DataCopyParams{p.blockCount, p.blockLen, p.srcStride, p.dstStride};
    }
    case DCCONF_CANN_PARAMS_DATA_COPY_EXT: {
      const auto& p = t.dataCopyExt;
      return DataCopyExtParams{p.blockCount, p.blockLen, p.srcStride, p.dstStride, p.rsv};
    }
    case DCCONF_CANN_PARAMS_ND2NZ: {
      const auto& p = t.nd2nz;
      return Nd2NzParams{p.ndNum, p.nValue, p.dValue, p.srcNdMatrixStride, p.srcDValue, p.dstNzC0Stride,
                         p.dstNzNStride, p.dstNzMatrixStride};
    }
    case DCCONF_CANN_PARAMS_NZ2ND: {
      const auto& p = t.nz2nd;
      return Nz2NdParamsFull{p.ndNum, p.nValue, p.dValue, p.srcNdMatrixStride, p.srcNStride, p.dstDStride,
                             p.dstNdMatrixStride};
    }
    case DCCONF_CANN_PARAMS_CAL_COUNT: return CalCount{t.calCount};
    case DCCONF_CANN_PARAMS_SLICE: {
      SliceParams p;
      p.dimValue = t.slice.dimValue;
      for (std::size_t d = 0; d < kMaxSliceDims; ++d) {
        const auto& s = t.slice.srcSliceInfo[d];
        const auto& o = t.slice.dstSliceInfo[d];
        p.srcSliceInfo[d] = {s.startIndex, s.endIndex, s.stride, s.burstLen};
        p.dstSliceInfo[d] = {o.startIndex, o.endIndex, o.stride, o.burstLen};
        p.srcShape[d] = t.slice.srcShape[d];
        p.dstShape[d] = t.slice.dstShape[d];
      }
      return p;
    }
    case DCCONF_CANN_PARAMS_NDDMA: {
      const auto& n = t.ndDma;
      r.range("ndDma.isNearestValueMode", n.isNearestValueMode, 0, 1, "bool", "NDDMA-3");
      NdDmaParams p;
      copyNdDma(n, p);  // isNearestValueMode: 0 or 1 (checked above)
      return p;
    }
    case DCCONF_CANN_PARAMS_DN2NZ: {
      const auto& p = t.dn2nz;
      r.range("dn2nz.enableSmallC0", p.enableSmallC0, 0, 1, "bool");
      return Dn2NzParams{p.dnNum, p.nValue, p.dValue, p.srcDnMatrixStride, p.srcDValue, p.dstNzC0Stride,
                         p.dstNzNStride, p.dstNzMatrixStride, p.enableSmallC0 != 0};
    }
    default: {  // DCCONF_CANN_PARAMS_CO12_DST (the range was checked before)
      if (t.family == DCCONF_CANN_FAMILY_FIXPIPE_950) return getFix950Params(t.fixpipe950, r);
      const auto& p = t.co12;
      DataCopyCO12DstParams out;
      out.nSize = p.nSize;
      out.mSize = p.mSize;
      out.dstStride = p.dstStride;
      out.srcStride = p.srcStride;
      out.quantPre = r.enumerator<QuantMode>("co12.quantPre", code(p.quantPre) , 1, 9, "QuantMode_t");
      out.reluPre = p.reluPre;
      r.range("co12.channelSplit", p.channelSplit, 0, 1, "bool");
      r.range("co12.nz2ndEn", p.nz2ndEn, 0, 1, "bool");
      out.channelSplit = p.channelSplit != 0;
      out.nz2ndEn = p.nz2ndEn != 0;
      out.sid = p.sid;
      return out;
    }
  }
}

template <typename PadStruct>
PadStruct getPad(const DcconfCannTiling& t, Reader& r) {
  r.range("pad.isPad", t.pad.isPad, 0, 1, "bool");
  return PadStruct{t.pad.isPad != 0, t.pad.leftPadding, t.pad.rightPadding, t.pad.paddingValue};
}

DataCopyEnhancedParams getEnhanced(const DcconfCannTiling& t, std::span<const std::uint64_t> deqTensor, Reader& r) {
  const auto& p = t.enhanced;
  DataCopyEnhancedParams out;
  out.blockMode = r.enumerator<BlockMode>("enhanced.blockMode", code(p.blockMode), 1, 5, "BlockMode");
  out.deqScale = r.enumerator<DeqScale>("enhanced.deqScale", code(p.deqScale), 1, 7, "DeqScale");
  out.deqValue = p.deqValue;
  out.sidStoreMode = p.sidStoreMode;
  r.range("enhanced.isRelu", p.isRelu, 0, 1, "bool");
  out.isRelu = p.isRelu != 0;
  out.padMode = p.padMode;
  out.padValue = p.padValue;
  if (p.srcDType != 0) {
    out.srcDType = r.enumerator<DType>("enhanced.srcDType", p.srcDType, 1, DCCONF_CANN_DT_COUNT - 1, "dtype");
  }
  out.deqTensor.assign(deqTensor.begin(), deqTensor.end());
  return out;
}

}  // namespace

std::string CodecError::oneLine() const { return clause + ": " + field + " = " + value + ": " + message; }

DcconfCannFamily familyOf(Operation operation) { return static_cast<DcconfCannFamily>(code(operation)); }

std::string_view familyName(DcconfCannFamily family) {
  static constexpr std::array<std::string_view, DCCONF_CANN_FAMILY_COUNT> kNames{
      "none",  "pad-gm-to-ub", "pad-ub-to-gm", "pad-ub-to-tscm", "copy-0level", "copy-2level",         "nd2nz",
      "nz2nd", "slice",        "dn2nz",        "enhanced-normal", "enhanced-co1-to-co2", "fixpipe",
      "pad-compact-gm-to-ub", "pad-compact-ub-to-gm", "fixpipe-950", "nddma",
      "nd2nz-gm-to-ub", "broadcast-ub-to-l0c"};
  const auto index = static_cast<std::size_t>(family);
  return index < kNames.size() ? kNames[index] : std::string_view("unknown");
}

std::string_view sectionAt(std::size_t offset) {
  struct Section {
    std::size_t begin;
    std::string_view name;
  };
  static const Section kSections[] = {
      {offsetof(DcconfCannTiling, magic), "magic"},         {offsetof(DcconfCannTiling, version), "version"},
      {offsetof(DcconfCannTiling, sizeBytes), "sizeBytes"}, {offsetof(DcconfCannTiling, family), "family"},
      {offsetof(DcconfCannTiling, api), "api"},             {offsetof(DcconfCannTiling, srcPos), "srcPos"},
      {offsetof(DcconfCannTiling, dstPos), "dstPos"},       {offsetof(DcconfCannTiling, dtype), "dtype"},
      {offsetof(DcconfCannTiling, product), "product"},     {offsetof(DcconfCannTiling, paramsType), "paramsType"},
      {offsetof(DcconfCannTiling, padParamsType), "padParamsType"},
      {offsetof(DcconfCannTiling, presence), "presence"},   {offsetof(DcconfCannTiling, guardByte), "guardByte"},
      {offsetof(DcconfCannTiling, paddingMode), "paddingMode"}, {offsetof(DcconfCannTiling, atomicOp), "atomicOp"},
      {offsetof(DcconfCannTiling, profile), "profile"},
      {offsetof(DcconfCannTiling, srcSizeBytes), "buffers"}, {offsetof(DcconfCannTiling, padRegister), "padRegister"},
      {offsetof(DcconfCannTiling, dataCopy), "dataCopy"},   {offsetof(DcconfCannTiling, dataCopyExt), "dataCopyExt"},
      {offsetof(DcconfCannTiling, calCount), "calCount"},   {offsetof(DcconfCannTiling, pad), "pad"},
      {offsetof(DcconfCannTiling, nd2nz), "nd2nz"},         {offsetof(DcconfCannTiling, tscmNd2nz), "tscmNd2nz"},
      {offsetof(DcconfCannTiling, nz2nd), "nz2nd"},         {offsetof(DcconfCannTiling, dn2nz), "dn2nz"},
      {offsetof(DcconfCannTiling, enhanced), "enhanced"},   {offsetof(DcconfCannTiling, co12), "co12"},
      {offsetof(DcconfCannTiling, fixpipe), "fixpipe"},     {offsetof(DcconfCannTiling, slice), "slice"},
      {offsetof(DcconfCannTiling, loopMode), "loopMode"},   {offsetof(DcconfCannTiling, profileExt), "profileExt"},
      {offsetof(DcconfCannTiling, reserved1), "reserved1"}, {offsetof(DcconfCannTiling, fixpipe950), "fixpipe950"},
      {offsetof(DcconfCannTiling, ndDma), "ndDma"}};
  std::string_view name = "magic";
  for (const Section& s : kSections) {
    if (s.begin <= offset) name = s.name;
  }
  return name;
}

std::uint64_t srcDeviceBytes(const Case& c) { return satAdd(c.src.sizeBytes, kDataBlockBytes - 1) / kDataBlockBytes * kDataBlockBytes; }
std::uint64_t dstDeviceBytes(const Case& c) {
  return satAdd(satAdd(c.dst.sizeBytes, kDataBlockBytes - 1) / kDataBlockBytes * kDataBlockBytes,
                DCCONF_CANN_GUARD_TAIL_BYTES);
}

EncodeResult encode(const Case& c, const EncodeOptions& options) {
  EncodeResult result;
  const OperationResolution resolved = resolveOperation(c);
  if (!resolved.operation) {
    result.error = {"CASE", "api/path/params", std::string(name(c.api)) + " " + pathName(c.srcPos, c.dstPos),
                    resolved.error + " (no kernel family runs it)"};
    return result;
  }
  if (*resolved.operation == Operation::broadcastUbToL0c) {  // BRC-1: no kernel family yet
    result.error = {"BRC-1", "path", pathName(c.srcPos, c.dstPos),
                    "no CANN kernel family runs BroadCastVecToMM UB->L0C yet"};
    return result;
  }
  Encoded e;
  DcconfCannTiling& t = e.tiling;
  t.magic = DCCONF_CANN_TILING_MAGIC;
  t.version = DCCONF_CANN_TILING_VERSION;
  t.sizeBytes = sizeof(DcconfCannTiling);
  t.family = static_cast<std::uint8_t>(familyOf(*resolved.operation));
  t.api = static_cast<std::uint8_t>(c.api);
  t.srcPos = code(c.srcPos);
  t.dstPos = code(c.dstPos);
  t.dtype = code(c.dtype);
  t.product = code(c.product);
  t.paramsType = static_cast<std::uint8_t>(c.params.index() + 1);
  t.padParamsType = static_cast<std::uint8_t>(c.padParams.index());
  t.guardByte = options.guardByte;
  t.paddingMode = static_cast<std::uint8_t>(c.paddingMode);  // PAD-CMP-1 (the family says it too: decode checks both)
  t.atomicOp = static_cast<std::uint8_t>(c.atomic);          // ATOM-1
  putProfile(t, c.profile);
  CodecError& error = result.error;
  if (!fitsU32(c.src.sizeBytes, "src.size", "srcSizeBytes", "G-2", t.srcSizeBytes, error) ||
      !fitsU32(c.src.offsetBytes, "src.offset", "srcOffsetBytes", "G-2", t.srcOffsetBytes, error) ||
      !fitsU32(c.dst.sizeBytes, "dst.size", "dstSizeBytes", "G-1", t.dstSizeBytes, error) ||
      !fitsU32(c.dst.offsetBytes, "dst.offset", "dstOffsetBytes", "G-1", t.dstOffsetBytes, error) ||
      !fitsU32(srcDeviceBytes(c), "src.size", "srcDeviceBytes (src.size rounded up to 32)", "G-2", t.srcDeviceBytes,
               error) ||
      !fitsU32(dstDeviceBytes(c), "dst.size", "dstDeviceBytes (dst.size rounded up to 32, plus the 32-byte guard tail)",
               "G-1", t.dstDeviceBytes, error)) {
    return result;
  }
  std::visit([&t](const auto& p) { put(t, p); }, c.params);
  if (const auto* p = std::get_if<DataCopyPadParams>(&c.padParams)) putPad(t, *p);
  if (const auto* p = std::get_if<DataCopyPadExtParams>(&c.padParams)) putPad(t, *p);
  if (c.nd2nzParams) {
    t.presence |= DCCONF_CANN_HAS_TSCM_ND2NZ;
    t.tscmNd2nz = nd2nzSection(*c.nd2nzParams);
  }
  if (c.padRegister) {
    t.presence |= DCCONF_CANN_HAS_PAD_REGISTER;
    t.padRegister = *c.padRegister;
  }
  if (c.loopMode) {  // LOOP-1/2: the vendor's LoopModeParams widths are the case's, so every value fits
    const LoopModeParams& l = *c.loopMode;
    t.presence |= DCCONF_CANN_HAS_LOOP_MODE;
    t.loopMode = {l.loop1Size, l.loop2Size, l.loop1SrcStride, l.loop1DstStride, l.loop2SrcStride, l.loop2DstStride};
  }
  // The aux buffer: the FIX quant tensor, then the ENH deq tensor (uint64 entries each).
  std::uint32_t quantEntries = 0;
  std::uint32_t deqEntries = 0;
  if (c.fixpipe) {
    const FixpipeState& f = *c.fixpipe;
    t.presence |= DCCONF_CANN_HAS_FIXPIPE;
    if (!fitsU32(f.quantTensor.size(), "fixpipe.quantTensor", "fixpipe.quantTensorEntries", "FIX-6", quantEntries,
                 error)) {
      return result;
    }
    const auto* co12 = std::get_if<DataCopyCO12DstParams>(&c.params);
    if (*resolved.operation == Operation::fixpipe950 && co12 != nullptr) {  // v3: its own section, co12 zero
      t.co12 = {};
      t.fixpipe950 = fix950Section(c, *co12, f, quantEntries);
    } else {
      t.fixpipe = {f.quantScalar, quantEntries, f.ndNum, f.srcNdStride, f.dstNdStride, code(f.srcDType), {}};
    }
    e.aux = f.quantTensor;
  }
  if (c.enhancedParams) {
    const DataCopyEnhancedParams& p = *c.enhancedParams;
    t.presence |= DCCONF_CANN_HAS_ENHANCED;
    if (!fitsU32(p.deqTensor.size(), "enhancedParams.deqTensor", "enhanced.deqTensorEntries", "ENH-2", deqEntries,
                 error)) {
      return result;
    }
    t.enhanced = {static_cast<std::uint8_t>(p.blockMode), static_cast<std::uint8_t>(p.deqScale), p.sidStoreMode,
                  static_cast<std::uint8_t>(p.isRelu), p.padMode, p.srcDType ? code(*p.srcDType) : std::uint8_t{0},
                  {}, p.deqValue, p.padValue, deqEntries, 0};
    if (deqEntries != 0) t.deqTensorOffsetBytes = quantEntries * 8u;
    e.aux.insert(e.aux.end(), p.deqTensor.begin(), p.deqTensor.end());
  }
  if (!fitsU32(satMul(e.aux.size(), sizeof(std::uint64_t)), c.fixpipe ? "fixpipe.quantTensor" : "enhancedParams.deqTensor",
               "auxBytes (8 per entry)", c.fixpipe ? "FIX-6" : "ENH-2", t.auxBytes, error)) {
    return result;
  }
  result.encoded = std::move(e);
  return result;
}

DecodeResult decode(const DcconfCannTiling& t, std::span<const std::uint64_t> aux) {
  DecodeResult result;
  Reader r;
  if (t.magic != DCCONF_CANN_TILING_MAGIC) {
    result.error = {"TILING", "tiling.magic", hex(t.magic), "not a dcconf CANN tiling block (expected " +
                                                                hex(DCCONF_CANN_TILING_MAGIC) + ", \"DCCT\")"};
    return result;
  }
  if (t.version != DCCONF_CANN_TILING_VERSION || t.sizeBytes != sizeof(DcconfCannTiling)) {
    result.error = {"TILING", "tiling.version", std::to_string(t.version) + " (" + std::to_string(t.sizeBytes) + " bytes)",
                    "this host reads version " + std::to_string(DCCONF_CANN_TILING_VERSION) + " (" +
                        std::to_string(sizeof(DcconfCannTiling)) + " bytes) only"};
    return result;
  }
  Case c;
  c.api = r.enumerator<Api>("api", code(t.api), 1, 2, "Api (0 DataCopy, 1 DataCopyPad)");
  c.srcPos = r.enumerator<Position>("srcPos", t.srcPos, 1, DCCONF_CANN_POS_COUNT - 1, "TPosition");
  c.dstPos = r.enumerator<Position>("dstPos", t.dstPos, 1, DCCONF_CANN_POS_COUNT - 1, "TPosition");
  c.dtype = r.enumerator<DType>("dtype", t.dtype, 1, DCCONF_CANN_DT_COUNT - 1, "dtype");
  c.product = r.enumerator<Product>("product", t.product, 1, static_cast<std::uint8_t>(allProducts().size()), "product");
  r.range("family", t.family, 1, DCCONF_CANN_FAMILY_COUNT - 1, "kernel family");
  r.range("paramsType", t.paramsType, 1, DCCONF_CANN_PARAMS_NDDMA, "params struct (BroadCastVecToMMParams has no section)");
  r.range("padParamsType", t.padParamsType, 0, 2, "pad params struct");
  r.range("presence", t.presence & ~DCCONF_CANN_PRESENCE_MASK, 0, 0, "presence bits");
  c.paddingMode = r.enumerator<PaddingMode>("paddingMode", t.paddingMode, 0, DCCONF_CANN_PADDING_COUNT - 1,
                                             "PaddingMode (0 Normal, 1 Compact)", "PAD-CMP-1");
  c.atomic = r.enumerator<AtomicOp>("atomicOp", t.atomicOp, 0, DCCONF_CANN_ATOMIC_COUNT - 1,
                                    "AtomicOp (0 none, 1 add, 2 max, 3 min)", "ATOM-1");
  c.profile = getProfile(t, r);
  if (!r.ok) return {std::nullopt, r.error};
  c.params = getParams(t, r);
  if (t.padParamsType == DCCONF_CANN_PAD_PARAMS) c.padParams = getPad<DataCopyPadParams>(t, r);
  if (t.padParamsType == DCCONF_CANN_PAD_EXT_PARAMS) c.padParams = getPad<DataCopyPadExtParams>(t, r);
  if ((t.presence & DCCONF_CANN_HAS_TSCM_ND2NZ) != 0) {
    const auto& p = t.tscmNd2nz;
    c.nd2nzParams = Nd2NzParams{p.ndNum, p.nValue, p.dValue, p.srcNdMatrixStride, p.srcDValue, p.dstNzC0Stride,
                                p.dstNzNStride, p.dstNzMatrixStride};
  }
  if ((t.presence & DCCONF_CANN_HAS_PAD_REGISTER) != 0) c.padRegister = t.padRegister;
  if ((t.presence & DCCONF_CANN_HAS_LOOP_MODE) != 0) {
    const auto& l = t.loopMode;
    c.loopMode = LoopModeParams{l.loop1Size, l.loop2Size, l.loop1SrcStride, l.loop1DstStride, l.loop2SrcStride,
                                l.loop2DstStride};
  }
  if (r.ok && aux.size() * sizeof(std::uint64_t) != t.auxBytes) {
    r.error = {"TILING", "tiling.auxBytes", std::to_string(t.auxBytes),
               "the aux buffer holds " + std::to_string(aux.size() * sizeof(std::uint64_t)) + " bytes"};
    r.ok = false;
  }
  if (!r.ok) return {std::nullopt, r.error};
  // Each tensor's slice of the aux buffer; the re-encoding below checks the offsets and counts.
  const auto slice = [&aux](std::uint32_t offsetBytes, std::uint32_t entries) {
    const std::size_t first = std::min<std::size_t>(offsetBytes / sizeof(std::uint64_t), aux.size());
    return aux.subspan(first, std::min<std::size_t>(entries, aux.size() - first));
  };
  if ((t.presence & DCCONF_CANN_HAS_ENHANCED) != 0) {
    c.enhancedParams = getEnhanced(t, slice(t.deqTensorOffsetBytes, t.enhanced.deqTensorEntries), r);
  }
  const bool fix950 = t.family == DCCONF_CANN_FAMILY_FIXPIPE_950;
  const std::uint32_t quantEntries = fix950 ? t.fixpipe950.quantTensorEntries : t.fixpipe.quantTensorEntries;
  const std::span<const std::uint64_t> quantTensor = slice(t.quantTensorOffsetBytes, quantEntries);
  if ((t.presence & DCCONF_CANN_HAS_FIXPIPE) != 0) {
    FixpipeState f;
    if (fix950) {
      f = getFix950State(t.fixpipe950, r);
    } else {
      f.srcDType = r.enumerator<DType>("fixpipe.srcDType", t.fixpipe.srcDType, 1, DCCONF_CANN_DT_COUNT - 1, "dtype");
      f.quantScalar = t.fixpipe.quantScalar;
      f.ndNum = t.fixpipe.ndNum;
      f.srcNdStride = t.fixpipe.srcNdStride;
      f.dstNdStride = t.fixpipe.dstNdStride;
    }
    if (r.ok && quantTensor.size() != quantEntries) {
      r.error = {fix950 ? "FIX950-5" : "FIX-6",
                 fix950 ? "tiling.fixpipe950.quantTensorEntries" : "tiling.fixpipe.quantTensorEntries",
                 std::to_string(quantEntries), "the aux buffer holds " + std::to_string(quantTensor.size()) + " entries there"};
      r.ok = false;
    }
    f.quantTensor.assign(quantTensor.begin(), quantTensor.end());
    c.fixpipe = std::move(f);
  }
  c.src = {t.srcSizeBytes, t.srcOffsetBytes};
  c.dst = {t.dstSizeBytes, t.dstOffsetBytes};
  if (!r.ok) return {std::nullopt, r.error};
  // Canonical form: the case must encode back to exactly these bytes.
  const EncodeResult again = encode(c, {t.guardByte});
  if (!again.encoded) return {std::nullopt, again.error};
  const auto* expected = reinterpret_cast<const std::uint8_t*>(&again.encoded->tiling);
  const auto* actual = reinterpret_cast<const std::uint8_t*>(&t);
  for (std::size_t b = 0; b < sizeof(DcconfCannTiling); ++b) {
    if (expected[b] != actual[b]) {
      result.error = {"TILING", "tiling." + std::string(sectionAt(b)) + " (byte " + std::to_string(b) + ")",
                      hex(actual[b]),
                      "the decoded case encodes this byte as " + hex(expected[b]) +
                          ": an unused section, a reserved byte or a derived size was changed (or family " +
                          std::string(familyName(static_cast<DcconfCannFamily>(t.family))) +
                          " does not run this call)"};
      return result;
    }
  }
  result.c = std::move(c);
  return result;
}

}  // namespace dcconf::cann
