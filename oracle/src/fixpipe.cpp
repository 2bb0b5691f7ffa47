// =====================================================================================================================
// Quantising / ReLU copy from L0C (DataCopyCO12DstParams)                    SEMANTICS section 10, clauses FIX-*
// =====================================================================================================================
// A case: DataCopy(dst T, src U, DataCopyCO12DstParams) on CO1->GM or CO1->A1, on Atlas A2/A3 and (FIX-8) the Ascend
// 950, whose implementation converts the NZ dstStride to its element units itself. Case::dtype is T (destination),
// Case::fixpipe->srcDType is U (source, float or int32_t, 4 bytes). The destination's C0d (FIX-1, revised) is 32
// elements for 8-bit T (one 32-byte row of 32 channels, as the vendor's data_copy_l0c2gm / fixpipe_l0c2l1 goldens
// have it), 8 with channelSplit (float T only, FIX-3), 16 otherwise; the source fractal stays 16 columns wide.
//
// Source (every layout): element (m, n) of matrix i is read at source element
//     i*U*srcNdStride + (n/16)*srcStride*16 + 16*m + n%16         (FIX-1 bursts, FIX-2's formula; L0C fractals
// are 16 columns wide whatever the destination C0, so channelSplit changes the destination only, FIX-3).
// U = 256 on Atlas A2/A3: srcNdStride counts 1024 bytes, one 16x16 fractal of 32-bit L0C elements (FIX-2: the
// SetFixpipeNz2ndFlag / Fixpipe pages and the vendor's batch_matmul golden); U = 16 (C0_SIZE) on the 950 (FIX-8).
// Destination:
//   FIX-1 (no nz2nd): byte 32*dstStride*(n/C0d) + (C0d*m + n%C0d)*sizeof(T)   (bursts of mSize*C0d elements)
//   FIX-3 channelSplit: the same with C0 = 8 and sizeof(T) = 4: (n/8)*32*dstStride + 32*m + 4*(n%8)
//   FIX-2 nz2ndEn (GM only): element i*dstNdStride + m*dstStride + n, for i < ndNum
// @post every destination byte outside those elements is KEEP (G-1); the result depends only on the elements read.
// @post (FIX-6a) a DEQF16 / VDEQF16 result is never -0.0 (0x8000): a negative input under ReLU or a zero product
//       gives +0.0.
// @post (FIX-6) the value of an element is convert(x) for its quantPre, with q = quantScalar, or quantTensor[n]
//       for the V* modes; a value that changes between the readings of an unresolved AMB-8..12 is ANY with
//       region ambiguous<id> (the lowest id that changes it); a converted NaN (NaN source, 0 x inf, NaN scale)
//       gives ANY (region special, AMB-16): which NaN the converter writes is not documented; for a half / bfloat16 T without
//       ReLU the element must still be a NaN of T (AMB-16 (project), Expectation::classes). NoQuant moves bits
//       verbatim.
// Validation (G-4): FIX-4 mode/dtype/path, FIX-1 nSize % C0d, srcStride % 16, dstStride != 0, FIX-2 nz2nd on GM
// only and the register's ranges (ndNum [1, 65535]; A2/A3: srcNdStride [0, 512], dstNdStride [0, 65535]), FIX-3
// channelSplit with float T only, reluPre in {0, 1}, V* tensor length >= nSize.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include "dcconf/oracle/deviation.hpp"
#include "dcconf/oracle/numeric.hpp"
#include "paths.hpp"
#include "readings.hpp"

namespace dcconf::oracle::detail {
namespace {

const DataCopyCO12DstParams& paramsOf(const Case& c) { return std::get<DataCopyCO12DstParams>(c.params); }

bool isVectorMode(QuantMode m) {
  return m == QuantMode::VDEQF16 || m == QuantMode::VQF322B8_PRE || m == QuantMode::VREQ8;
}
bool isEightBitMode(QuantMode m) {
  return m == QuantMode::QF322B8_PRE || m == QuantMode::VQF322B8_PRE || m == QuantMode::REQ8 || m == QuantMode::VREQ8;
}
bool isDeqMode(QuantMode m) { return m == QuantMode::DEQF16 || m == QuantMode::VDEQF16; }

// ---- FIX-4: which (U, T) each QuantMode_t converts ----
bool pairAllowed(QuantMode mode, DType u, DType t) {
  const bool b8 = t == DType::int8_t || t == DType::uint8_t;
  switch (mode) {
    case QuantMode::NoQuant: return (u == DType::float_ && t == DType::float_) || (u == DType::int32_t && t == DType::int32_t);
    case QuantMode::F322F16: return u == DType::float_ && t == DType::half;
    case QuantMode::F322BF16: return u == DType::float_ && t == DType::bfloat16_t;
    case QuantMode::DEQF16:
    case QuantMode::VDEQF16: return u == DType::int32_t && t == DType::half;
    case QuantMode::QF322B8_PRE:
    case QuantMode::VQF322B8_PRE: return u == DType::float_ && b8;
    case QuantMode::REQ8:
    case QuantMode::VREQ8: return u == DType::int32_t && b8;
  }
  return false;
}

// FIX-1 / FIX-3: the destination's C0d in elements of T.
std::uint64_t c0Of(const Case& c) {
  if (paramsOf(c).channelSplit) return 8;
  return sizeBytes(c.dtype) == 1 ? 32 : 16;
}

std::vector<Violation> check(const Case& c) {
  std::vector<Violation> out;
  const auto& p = paramsOf(c);
  const FixpipeState& f = *c.fixpipe;
  const auto modeIndex = static_cast<std::size_t>(p.quantPre);
  if (modeIndex >= std::size(kAllQuantModes)) {
    out.push_back(violation("FIX-4", "params.quantPre", modeIndex, "not a QuantMode_t value (0..8)"));
    return out;
  }
  if (f.srcDType != DType::float_ && f.srcDType != DType::int32_t) {
    out.push_back({"FIX-4", "fixpipe.srcDType", std::string(name(f.srcDType)), "the L0C source U is float or int32_t"});
  } else if (!pairAllowed(p.quantPre, f.srcDType, c.dtype)) {
    out.push_back({"FIX-4", "dtype", std::string(name(c.dtype)),
                   std::string(name(f.srcDType)) + " -> " + std::string(name(c.dtype)) + " is not a conversion of " +
                       std::string(name(p.quantPre))});
  }
  if (c.dstPos == Position::A1 && (c.dtype == DType::float_ || c.dtype == DType::int32_t)) {
    out.push_back({"FIX-4", "dtype", std::string(name(c.dtype)), "CO1->A1 has no float or int32_t destination"});
  }
  if (p.reluPre > 1) out.push_back(violation("FIX-6", "params.reluPre", p.reluPre, "reluPre is 0 (off) or 1 (normal relu)"));
  if (p.nSize == 0) out.push_back(violation("FIX-1", "params.nSize", 0, "nSize must be at least 1"));
  if (p.mSize == 0) out.push_back(violation("FIX-1", "params.mSize", 0, "mSize must be at least 1"));
  if (p.srcStride % 16 != 0) {
    out.push_back(violation("FIX-1", "params.srcStride", p.srcStride, "srcStride must be a multiple of 16"));
  }
  if (p.dstStride == 0) out.push_back(violation("FIX-1", "params.dstStride", 0, "dstStride must not be 0"));
  if (p.channelSplit && c.dtype != DType::float_) {
    out.push_back(violation("FIX-3", "params.channelSplit", 1, "channelSplit is for a float destination only"));
  }
  if (p.nz2ndEn) {
    if (c.dstPos != Position::GM) {
      out.push_back(violation("FIX-2", "params.nz2ndEn", 1, "nz2ndEn is for CO1->GM only"));
    }
    if (p.channelSplit) {
      out.push_back(violation("FIX-3", "params.channelSplit", 1, "channelSplit with nz2ndEn is not documented"));
    }
    if (f.ndNum == 0) out.push_back(violation("FIX-2", "fixpipe.ndNum", 0, "ndNum must be at least 1"));
    // FIX-2: the A2/A3 implementation header's range checks of SetFixpipeNz2ndFlag (the 950's fields are whole, FIX-8)
    const Nz2ndRegister reg = nz2ndRegister(c.product);
    if (f.srcNdStride > reg.maxSrcNdStride) {
      out.push_back(violation("FIX-2", "fixpipe.srcNdStride", f.srcNdStride,
                              "srcNdStride (1024-byte units) must be <= 512 on Atlas A2/A3"));
    }
    if (f.dstNdStride > reg.maxDstNdStride) {
      out.push_back(violation("FIX-2", "fixpipe.dstNdStride", f.dstNdStride,
                              "dstNdStride (elements) must be <= 65535 on Atlas A2/A3 (a uint16 register field)"));
    }
  } else if (p.nSize % c0Of(c) != 0) {
    out.push_back(violation("FIX-1", "params.nSize", p.nSize,
                            "without nz2ndEn nSize must be a multiple of the destination's C0d = " +
                                std::to_string(c0Of(c)) + " (" + std::string(name(c.dtype)) + ")"));
  }
  if (isVectorMode(p.quantPre) && f.quantTensor.size() < p.nSize) {
    out.push_back(violation("FIX-4", "fixpipe.quantTensor", f.quantTensor.size(),
                            "a V* mode needs one uint64 parameter per column (nSize = " + std::to_string(p.nSize) + ")"));
  }
  return out;
}

std::uint64_t ndCount(const Case& c) { return paramsOf(c).nz2ndEn ? c.fixpipe->ndNum : 1; }

// Source element index of (i, m, n).
std::uint64_t srcElement(const Case& c, std::uint64_t i, std::uint64_t m, std::uint64_t n) {
  const auto& p = paramsOf(c);
  const std::uint64_t nd = p.nz2ndEn ? std::uint64_t{c.fixpipe->srcNdStride} : 0;
  // FIX-2: 1024-byte units on A2/A3; FIX-8: C0_SIZE (16 elements) on the 950
  return i * nd * nz2ndRegister(c.product).srcNdStrideElements + (n / 16) * p.srcStride * 16 + 16 * m + n % 16;
}

// Destination byte of (i, m, n).
std::uint64_t dstByte(const Case& c, std::uint64_t i, std::uint64_t m, std::uint64_t n) {
  const auto& p = paramsOf(c);
  const std::uint64_t s = sizeBytes(c.dtype);
  if (p.nz2ndEn) return (i * c.fixpipe->dstNdStride + m * p.dstStride + n) * s;
  const std::uint64_t c0 = c0Of(c);
  return kDataBlockBytes * p.dstStride * (n / c0) + (c0 * m + n % c0) * s;
}

Extents extents(const Case& c) {
  const auto& p = paramsOf(c);
  if (p.nSize == 0 || p.mSize == 0) return {};
  Extents e;
  const std::uint64_t last = ndCount(c) - 1;
  for (std::uint64_t b = 0; b * 16 < p.nSize; ++b) {  // the widest element of each 16-column source block
    const std::uint64_t lastCol = std::min<std::uint64_t>(p.nSize - 1, b * 16 + 15);
    e.srcSpanBytes = std::max(e.srcSpanBytes, (srcElement(c, last, p.mSize - 1, lastCol) + 1) * 4);
  }
  const std::uint64_t s = sizeBytes(c.dtype);
  if (p.nz2ndEn) {
    e.dstSpanBytes = dstByte(c, last, p.mSize - 1, p.nSize - 1) + s;
  } else {
    const std::uint64_t c0 = c0Of(c);
    e.dstSpanBytes = dstByte(c, 0, p.mSize - 1, (p.nSize / c0 - 1) * c0 + c0 - 1) + s;
  }
  return e;
}

// ---- FIX-6 arithmetic -------------------------------------------------------------------------------------------

// FIX-6a: DEQF16 / VDEQF16 add the (zero) offset after converting to half, so -0.0 becomes +0.0.
constexpr std::uint16_t kHalfNegativeZero = 0x8000;
constexpr double kHalfMax = 65504.0;  // the largest finite half

// The deviations of a live AsIf on this thread (deviation.hpp): diagnosis only, never set while a property's
// expectation is computed.
thread_local FixDeviations tDeviations = 0;
bool deviates(FixDeviation d) { return (tDeviations & bitOf(d)) != 0; }

// One choice for each of AMB-8..12 (index 0..4) and AMB-20 (index 5): false = the first reading, true = the second.
constexpr std::size_t kReadings = 6;
using Readings = std::array<bool, kReadings>;
constexpr std::size_t kDeqf16McbHalf = 5;  // AMB-20
constexpr std::array<int, kReadings> kAmbIds{8, 9, 10, 11, 12, 20};



Converted convert(const Case& c, std::uint64_t x, std::uint64_t qBits, const Readings& r) {
  const auto& p = paramsOf(c);
  const bool relu = p.reluPre == 1;
  const DType u = c.fixpipe->srcDType;
  const DType t = c.dtype;
  QuantParam q = decodeQuantParam(qBits);
  if (deviates(FixDeviation::mcbIgnored)) q.mcb = false;
  if (deviates(FixDeviation::scaleFromAll32Bits)) q.m1 = std::bit_cast<float>(static_cast<std::uint32_t>(qBits));
  if (looksSignExtended(qBits) && r[4]) {
    q.n = 0;
    q.mcb = false;
    q.offsetBits = 0;
    q.signedResult = t == DType::int8_t;
  }
  if (p.quantPre == QuantMode::NoQuant) {
    if (!relu) return {false, x};
    const auto bits = rectifiedBits(u, x);
    return bits ? Converted{false, *bits} : Converted{true, 0};
  }
  if (p.quantPre == QuantMode::F322F16 || p.quantPre == QuantMode::F322BF16) {
    std::uint64_t in = x;
    if (relu) {
      const auto bits = rectifiedBits(DType::float_, x);
      if (!bits) return {true, 0};
      in = *bits;
    }
    float f = 0.0F;
    const auto in32 = static_cast<std::uint32_t>(in);
    std::memcpy(&f, &in32, sizeof f);
    if (std::isnan(f)) return nanResult(t, relu);  // which NaN the converter writes is not documented
    return {false, p.quantPre == QuantMode::F322F16 ? floatToHalfBits(f) : floatToBfloat16Bits(f)};
  }
  // DEQ / QF322B8 / REQ8: FIX-6. value: the source as an exact double (int32 after the optional MCB shift).
  double value = 0.0;
  if (u == DType::int32_t) {
    std::int64_t xi = static_cast<std::int32_t>(static_cast<std::uint32_t>(x));
    const std::int64_t shifted = xi >> (q.n + (r[1] ? 1 : 0));  // AMB-9: N raw, or N+1
    if (q.mcb && isDeqMode(p.quantPre) && r[kDeqf16McbHalf]) {
      // AMB-20, the DEQF16 golden's reading: saturate to the fp16 range, round to half, then multiply
      const double clamped = std::clamp(static_cast<double>(shifted), -kHalfMax, kHalfMax);
      value = static_cast<double>(halfBitsToFloat(doubleToHalfBits(clamped, false)));
    } else {
      if (q.mcb) xi = saturateInt16(shifted);                  // FIX-6: the REQ8 golden's int16 saturation
      value = static_cast<double>(static_cast<float>(xi));     // f32(x)
    }
  } else {
    float f = 0.0F;
    const auto x32 = static_cast<std::uint32_t>(x);
    std::memcpy(&f, &x32, sizeof f);
    if (std::isnan(f)) return nanResult(t, relu);
    value = static_cast<double>(f);
  }
  const double m1 = static_cast<double>(q.m1);
  const bool negative = value < 0.0;
  const bool reluOnProduct = deviates(FixDeviation::reluOnProduct);
  if (isDeqMode(p.quantPre)) {
    double y = value * ((negative && relu && !reluOnProduct) ? 0.0 : m1);  // exact: 24 x 11 significant bits
    if (reluOnProduct && relu && y < 0.0) y = 0.0;
    if (std::isnan(y)) return nanResult(t, relu);              // 0 x inf, or a NaN scale: NaN bits undocumented
    // FIX-6 (rev. 2026-12): beyond the fp16 range saturates to +-65504 under either AMB-10 reading, never inf.
    const double saturated = std::clamp(y, -kHalfMax, kHalfMax);
    const std::uint16_t h = doubleToHalfBits(saturated, r[2]);  // AMB-10: RNE, or toward zero
    if (deviates(FixDeviation::negativeZeroKept)) return {false, h};
    return {false, h == kHalfNegativeZero ? 0u : h};           // FIX-6a: + the zero offset after the conversion
  }
  // 8-bit results. AMB-11: ReLU at the scale (M2 = 0, before the offset), or max(., 0) after the offset.
  const bool reluAtScale = relu && !r[3];
  double y = value * ((negative && reluAtScale && !reluOnProduct) ? 0.0 : m1);
  if (reluOnProduct && reluAtScale && y < 0.0) y = 0.0;
  if (std::isnan(y)) return {true, 0};
  // noClampBeforeOffset: bounded only so the rounding stays in int64 (the final saturation hides the difference)
  const double bound = deviates(FixDeviation::noClampBeforeOffset) ? 0x1p40 : 255.0;
  y = std::min(bound, std::max(-bound - 1.0, y));
  // AMB-8: the 9-bit offset as two's complement (first reading), or unsigned 0..511.
  const std::int64_t offset = (!r[0] && q.offsetBits >= 256) ? std::int64_t{q.offsetBits} - 512 : q.offsetBits;
  std::int64_t k = deviates(FixDeviation::offsetBeforeRounding) ? roundHalfEvenToInt(y + static_cast<double>(offset))
                                                                : roundHalfEvenToInt(y) + offset;
  if (relu && r[3]) k = std::max<std::int64_t>(k, 0);
  const std::uint8_t byte = q.signedResult ? static_cast<std::uint8_t>(saturateInt8(k)) : saturateUint8(k);
  return {false, byte};
}

// Which ambiguities can change this element's value at all (so the common case evaluates once).
Readings relevant(const Case& c, std::uint64_t qBits) {
  const auto& p = paramsOf(c);
  const Profile& pr = c.profile;
  const QuantParam q = decodeQuantParam(qBits);
  const bool scaled = p.quantPre != QuantMode::NoQuant && p.quantPre != QuantMode::F322F16 &&
                      p.quantPre != QuantMode::F322BF16;
  const bool eight = isEightBitMode(p.quantPre);
  const bool intSrc = c.fixpipe->srcDType == DType::int32_t;
  return {eight && pr.fixOffset == Profile::FixOffset::any,
          scaled && intSrc && pr.fixShift == Profile::FixShift::any,
          isDeqMode(p.quantPre) && pr.fixDeqRounding == Profile::FixDeqRounding::any,
          eight && p.reluPre == 1 && pr.fixReluOrder == Profile::FixReluOrder::any,
          scaled && looksSignExtended(qBits) && pr.fixNegScale == Profile::FixNegScale::any && (q.m1Bits >> 18) != 0,
          isDeqMode(p.quantPre) && intSrc && pr.deqf16Mcb == Profile::Deqf16Mcb::any &&
              (q.mcb || looksSignExtended(qBits))};  // AMB-20 only with MCB (a sign-extended word may set it)
}

Readings pinned(const Profile& pr) {
  const std::array<bool, 5> first = pinnedReadings<5>(pr);
  return {first[0], first[1], first[2], first[3], first[4], pr.deqf16Mcb == Profile::Deqf16Mcb::half};
}

ReadingOutcome evaluateElement(const Case& c, std::uint64_t x, std::uint64_t qBits) {
  return underEveryReading(relevant(c, qBits), pinned(c.profile),
                           [&](const Readings& r) { return convert(c, x, qBits, r); }, kAmbIds);
}

}  // namespace

// Shared with FIX950 (fixpipe950.cpp): the arithmetic and the dtype rules are the A2/A3 ones (FIX950-5).
bool fixIsVectorMode(QuantMode m) { return isVectorMode(m); }
bool fixPairAllowed(QuantMode mode, DType u, DType t) { return pairAllowed(mode, u, t); }
ReadingOutcome fixEvaluateElement(const Case& c, std::uint64_t x, std::uint64_t qBits) {
  return evaluateElement(c, x, qBits);
}
std::uint64_t fixQuantWord(const Case& c, std::uint64_t m, std::uint64_t n) {
  const FixpipeState& f = *c.fixpipe;
  if (!isVectorMode(std::get<DataCopyCO12DstParams>(c.params).quantPre)) return f.quantScalar;
  if (deviates(FixDeviation::vectorWordByRow)) return f.quantTensor[m % f.quantTensor.size()];
  return deviates(FixDeviation::vectorWordFirst) ? f.quantTensor[0] : f.quantTensor[n];
}

namespace {

void walk(const Case& c, WriteSink& sink) {
  const auto& p = paramsOf(c);
  const std::uint32_t s = sizeBytes(c.dtype);
  ElementMemo memo;
  for (std::uint64_t i = 0; i < ndCount(c); ++i) {
    for (std::uint64_t m = 0; m < p.mSize; ++m) {
      for (std::uint64_t n = 0; n < p.nSize; ++n) {
        const std::uint64_t to = dstByte(c, i, m, n);
        const auto x = sink.readElement(srcElement(c, i, m, n) * 4, 4);
        if (!x) {  // footprint only
          for (std::uint32_t b = 0; b < s; ++b) sink.write(to + b, ByteSource::any(), Region::data);
          continue;
        }
        const std::uint64_t q = fixQuantWord(c, m, n);
        writeConverted(sink, to, s, memo(*x, q, [&] { return evaluateElement(c, *x, q); }), c.dtype);
      }
    }
  }
}

}  // namespace

const PathSemantics& fixpipeSemantics() {
  static const PathSemantics semantics{check, extents, walk};
  return semantics;
}

}  // namespace dcconf::oracle::detail

namespace dcconf::oracle {

std::string_view describe(FixDeviation deviation) {
  switch (deviation) {
    case FixDeviation::offsetBeforeRounding: return "the offset added before rounding";
    case FixDeviation::noClampBeforeOffset: return "no saturation to [-256, 255] before the offset";
    case FixDeviation::vectorWordByRow: return "the V* quant word picked by the row, not the column";
    case FixDeviation::vectorWordFirst: return "every column given V* quant word 0";
    case FixDeviation::mcbIgnored: return "the MCB shift ignored";
    case FixDeviation::scaleFromAll32Bits: return "the scale read from all 32 bits";
    case FixDeviation::reluOnProduct: return "ReLU on the product, not the source";
    case FixDeviation::negativeZeroKept: return "-0.0 kept (no zero offset after the conversion)";
  }
  return "?";
}

FixDeviations applicableDeviations(const Case& c) {
  const auto* p = std::get_if<DataCopyCO12DstParams>(&c.params);
  if (p == nullptr || !c.fixpipe || p->quantPre == QuantMode::NoQuant || p->quantPre == QuantMode::F322F16 ||
      p->quantPre == QuantMode::F322BF16) {
    return 0;
  }
  FixDeviations out = bitOf(FixDeviation::scaleFromAll32Bits);
  if (detail::isEightBitMode(p->quantPre)) out |= bitOf(FixDeviation::offsetBeforeRounding) | bitOf(FixDeviation::noClampBeforeOffset);
  if (detail::isVectorMode(p->quantPre)) out |= bitOf(FixDeviation::vectorWordByRow) | bitOf(FixDeviation::vectorWordFirst);
  if (c.fixpipe->srcDType == DType::int32_t) out |= bitOf(FixDeviation::mcbIgnored);
  if (p->reluPre == 1) out |= bitOf(FixDeviation::reluOnProduct);
  if (detail::isDeqMode(p->quantPre)) out |= bitOf(FixDeviation::negativeZeroKept);
  return out;
}

AsIf::AsIf(FixDeviations deviations) { detail::tDeviations = deviations; }
AsIf::~AsIf() { detail::tDeviations = 0; }

}  // namespace dcconf::oracle
