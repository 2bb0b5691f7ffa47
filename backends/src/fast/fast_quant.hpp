// The FIX-5 quant parameter and the FIX-6 number steps in the fast backend, shared by the quantising copy
// (fast_fixpipe.cpp) and the enhanced deqScale copy (fast_enhanced.cpp, ENH-4 uses the same encoding). Written from
// SEMANTICS.md, not from the oracle (no oracle numeric function is called), so the two stay independent.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>

#include "dcconf/oracle/case.hpp"

namespace dcconf::backends::fast {

// The reading this run takes of each ambiguity: the profile's, or the first one where it leaves the question open
// (the oracle marks exactly the bytes where readings disagree ANY, so any one reading matches it).
struct QuantReadings {
  bool offsetUnsigned = false;   // AMB-8
  bool shiftPlusOne = false;     // AMB-9
  bool deqTrunc = false;         // AMB-10
  bool reluAfterOffset = false;  // AMB-11
  bool negScaleLowWord = false;  // AMB-12
  bool vdeqAdvance = false;      // AMB-13
  bool deq16Offset = false;      // AMB-14
  bool sidMatmul = false;        // AMB-15
  bool deqf16McbHalf = false;    // AMB-20: FIX DEQF16/VDEQF16 saturate the MCB shift to half, not int16
};

inline QuantReadings quantReadingsOf(const oracle::Profile& pr) {
  using P = oracle::Profile;
  return {pr.fixOffset == P::FixOffset::offsetUnsigned,      pr.fixShift == P::FixShift::shiftPlusOne,
          pr.fixDeqRounding == P::FixDeqRounding::deqTrunc,   pr.fixReluOrder == P::FixReluOrder::reluAfterOffset,
          pr.fixNegScale == P::FixNegScale::negScaleMagnitude, pr.vdeqTensorStep == P::VdeqTensorStep::advance,
          pr.deq16Offset == P::Deq16Offset::added,             pr.sidHalf == P::SidHalf::matmulPairing,
          pr.deqf16Mcb == P::Deqf16Mcb::half};
}

// FIX-5 fields of one uint64 parameter, as this run reads them.
struct QuantParam {
  double scale = 0;         // M1: bits [31:13] as an fp32 whose low 13 bits are zero
  unsigned shift = 0;       // N (bits [35:32]), plus one under AMB-9's second reading
  bool mcb = false;         // bit 36
  std::int32_t offset = 0;  // bits [45:37], 9-bit two's complement or unsigned (AMB-8)
  bool int8Result = false;  // bit 46; for T = int8 when AMB-12's second reading drops the upper word
};

inline QuantParam decodeQuantParam(std::uint64_t q, oracle::DType t, const QuantReadings& r) {
  QuantParam d;
  d.scale = static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(q) & 0xFFFFE000u));
  std::uint64_t fields = q >> 32;
  bool int8Result = ((fields >> 14) & 1u) != 0;
  // AMB-12: a negative fp32 scale sign-extended to 64 bits; the second reading keeps only the low word
  if (r.negScaleLowWord && fields == 0xFFFFFFFFu && (q & 0x80000000u) != 0) {
    fields = 0;
    int8Result = t == oracle::DType::int8_t;
  }
  d.shift = static_cast<unsigned>(fields & 0xFu) + (r.shiftPlusOne ? 1 : 0);
  d.mcb = ((fields >> 4) & 1u) != 0;
  const auto raw = static_cast<std::int32_t>((fields >> 5) & 0x1FFu);
  d.offset = !r.offsetUnsigned && raw >= 256 ? raw - 512 : raw;
  d.int8Result = int8Result;
  return d;
}

inline std::int64_t clampTo(std::int64_t v, std::int64_t lo, std::int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

// FIX-6: an int32 source after the optional MCB shift (saturated to int16), as the exact value of f32(x).
inline double intSource(std::int32_t x, const QuantParam& q) {
  std::int64_t v = x;
  if (q.mcb) v = clampTo(v >> q.shift, -32768, 32767);
  return static_cast<double>(static_cast<float>(v));
}

// A double to half in one rounding, from its bits: to nearest even (overflow to inf) or toward zero (overflow and
// inf to the largest finite, AMB-10's second reading). NaN gives the quiet NaN with the value's sign.
[[gnu::always_inline]] inline std::uint16_t toHalf(double y, bool towardZero) {
  const std::uint16_t sign = std::signbit(y) ? 0x8000u : 0u;
  if (std::isnan(y)) return sign | 0x7E00u;
  const auto bits = std::bit_cast<std::uint64_t>(std::fabs(y));
  const std::uint16_t overflow = sign | (towardZero ? 0x7BFFu : 0x7C00u);
  if (bits == 0) return sign;
  const int exp = static_cast<int>(bits >> 52) - 1023;
  if (exp >= 16) return overflow;  // |y| >= 65536 (inf included); doubles here are never subnormal
  const std::uint64_t mant = (bits & ((std::uint64_t{1} << 52) - 1)) | (std::uint64_t{1} << 52);
  // result = kept + rounding, in half-bit units: normal (10 mantissa bits kept) or subnormal (units of 2^-24)
  const int drop = exp >= -14 ? 42 : 28 - exp;
  if (drop >= 64) return sign;  // below 2^-35: rounds to zero either way
  std::uint64_t kept = mant >> drop;
  if (exp >= -14) kept = (static_cast<std::uint64_t>(exp + 15) << 10) + kept - 1024;
  const std::uint64_t rest = mant & ((std::uint64_t{1} << drop) - 1);
  const std::uint64_t half = std::uint64_t{1} << (drop - 1);
  if (!towardZero && (rest > half || (rest == half && (kept & 1u) != 0))) ++kept;  // may carry to 0x7C00 = inf
  return static_cast<std::uint16_t>(sign | kept);
}

}  // namespace dcconf::backends::fast
