// Numbers that matter, measured (docs/coverage.md): which special source-value classes the read source elements of
// an arithmetic case hit (FIX-6 per QuantMode_t, ENH-4's deq conversions). The classes of the result (a rounding tie
// after scaling, the saturation bound, one past it) are judged on the exact scaled value f32(x) * M1 of FIX-5's
// parameter, only where the open readings cannot move it: no MCB shift (AMB-9), an offset every reading adds alike
// (AMB-8, AMB-14), not a sign-extended parameter (AMB-12), not a negative source under ReLU (AMB-11).
#include <algorithm>
#include <cmath>
#include <span>

#include "dcconf/oracle/numeric.hpp"
#include "dcconf/properties/coverage.hpp"
#include "dcconf/properties/fixpipe.hpp"

namespace dcconf::properties {

using namespace dcconf::oracle;

namespace {

// A wide case reads up to a million elements; the special values are spread over all of them, so the first ones do.
constexpr std::uint64_t kMaxElementsClassified = std::uint64_t{1} << 16;

constexpr std::uint32_t bit(NumberClass k) { return 1u << static_cast<unsigned>(k); }
constexpr std::uint32_t kResultClasses = bit(NumberClass::tie) | bit(NumberClass::bound) | bit(NumberClass::pastBound);
constexpr std::uint32_t kIntegerSourceClasses = bit(NumberClass::plusZero) | bit(NumberClass::smallInteger);
constexpr std::uint32_t kFloatSourceClasses = kIntegerSourceClasses | bit(NumberClass::minusZero) |
                                              bit(NumberClass::subnormal) | bit(NumberClass::plusInf) |
                                              bit(NumberClass::minusInf) | bit(NumberClass::nan);

// int32 sources have no -0, subnormal, infinity or NaN.
std::uint32_t sourceClassesOf(DType u) { return u == DType::int32_t ? kIntegerSourceClasses : kFloatSourceClasses; }

std::uint32_t sourceClasses(DType u, std::uint64_t bits) {
  const double v = decodeElement(u, bits);
  if (std::isnan(v)) return bit(NumberClass::nan);
  if (std::isinf(v)) return v > 0 ? bit(NumberClass::plusInf) : bit(NumberClass::minusInf);
  if (v == 0) return std::signbit(v) ? bit(NumberClass::minusZero) : bit(NumberClass::plusZero);
  std::uint32_t out = 0;
  if (std::fabs(v) <= 16 && v == std::trunc(v)) out |= bit(NumberClass::smallInteger);
  if (u == DType::float_ && std::fabs(v) < 0x1p-126) out |= bit(NumberClass::subnormal);
  if (u == DType::half && std::fabs(v) < 0x1p-14) out |= bit(NumberClass::subnormal);
  return out;
}

// Whether |p| lies exactly half way between two neighbours of a float format with `digits` significant bits, minimum
// normal exponent minExp and maximum exponent maxExp (p is exact in a double: 24 x 11 significant bits).
bool isFormatTie(double p, int digits, int minExp, int maxExp) {
  if (p == 0 || !std::isfinite(p)) return false;
  const double a = std::fabs(p);
  const int e = std::ilogb(a);
  if (e > maxExp) return false;
  const double quantum = std::ldexp(1.0, std::max(e, minExp) - (digits - 1));
  return std::fmod(a, quantum) == quantum / 2;
}

enum class Result : std::uint8_t { half, bfloat16, int8, uint8, int16 };

// The result classes of the exact scaled value p. An integer result adds `offset` before saturating (FIX-6); without
// one (an offset the open readings disagree on) the bound classes are not judged, the tie still is.
std::uint32_t resultClasses(double p, Result r, std::optional<std::int64_t> offset) {
  if (!std::isfinite(p)) return 0;
  std::uint32_t out = 0;
  auto integer = [&](std::int64_t lo, std::int64_t hi, double y) {
    if (y - std::floor(y) == 0.5) out |= bit(NumberClass::tie);
    if (!offset) return;
    const std::int64_t k = roundHalfEvenToInt(y) + *offset;
    if (k == lo || k == hi) out |= bit(NumberClass::bound);
    if (k == lo - 1 || k == hi + 1) out |= bit(NumberClass::pastBound);
  };
  switch (r) {
    case Result::half: {
      if (isFormatTie(p, 11, -14, 15)) out |= bit(NumberClass::tie);
      const std::uint16_t h = doubleToHalfBits(p, false) & 0x7FFF;
      if (h == 0x7BFF) out |= bit(NumberClass::bound);
      if (h == 0x7C00) out |= bit(NumberClass::pastBound);
      break;
    }
    case Result::bfloat16: {
      if (isFormatTie(p, 8, -126, 127)) out |= bit(NumberClass::tie);
      const std::uint16_t b = floatToBfloat16Bits(static_cast<float>(p)) & 0x7FFF;
      if (b == 0x7F7F) out |= bit(NumberClass::bound);
      if (b == 0x7F80) out |= bit(NumberClass::pastBound);
      break;
    }
    case Result::int8: integer(-128, 127, std::clamp(p, -256.0, 255.0)); break;  // FIX-6: clamp first
    case Result::uint8: integer(0, 255, std::clamp(p, -256.0, 255.0)); break;
    case Result::int16: integer(-32768, 32767, p); break;
  }
  return out;
}

bool signExtended(std::uint64_t q) { return (q >> 32) == 0xFFFFFFFFu; }

// The offset an integer result adds, where the readings agree: AMB-8 reads offsets below 256 alike; AMB-14 (ENH DEQ16
// int16) only a zero offset.
std::optional<std::int64_t> agreedOffset(const QuantParam& q, Result r) {
  if (r == Result::int16) return q.offsetBits == 0 ? std::optional<std::int64_t>{0} : std::nullopt;
  return q.offsetBits < 256 ? std::optional<std::int64_t>{q.offsetBits} : std::nullopt;
}

// One scaled element: the source classes always, the result classes where no open reading moves them.
std::uint32_t scaledClasses(DType u, std::uint64_t x, std::uint64_t qBits, bool relu, Result r) {
  std::uint32_t out = sourceClasses(u, x);
  const QuantParam q = decodeQuantParam(qBits);
  if (signExtended(qBits) || (u == DType::int32_t && q.mcb)) return out;
  const double value = u == DType::int32_t ? static_cast<double>(static_cast<float>(static_cast<std::int32_t>(x)))
                                           : decodeElement(u, x);
  if (relu && value < 0) return out;
  return out | resultClasses(value * static_cast<double>(q.m1), r, agreedOffset(q, r));
}

Result resultOf(DType t, bool signedResult) {
  switch (t) {
    case DType::half: return Result::half;
    case DType::bfloat16_t: return Result::bfloat16;
    case DType::int16_t: return Result::int16;
    default: return signedResult ? Result::int8 : Result::uint8;
  }
}

std::string conversionName(std::string_view mode, DType u, DType t) {
  return std::string(mode) + " " + std::string(name(u)) + "->" + std::string(name(t));
}

// FIX-1/FIX-2 (and FIX950-2/3/4): element (m, n) of the first matrix is source element (n/16)*srcStride*16 + 16*m + n%16.
NumberSample fixSample(const Case& c, std::span<const std::uint8_t> src) {
  const auto& p = std::get<DataCopyCO12DstParams>(c.params);
  const FixpipeState& f = *c.fixpipe;
  const DType u = f.srcDType, t = c.dtype;
  NumberSample out{conversionName(name(p.quantPre), u, t), sourceClassesOf(u), 0};
  const bool identity = p.quantPre == QuantMode::NoQuant;
  const bool unscaled = identity || p.quantPre == QuantMode::F322F16 || p.quantPre == QuantMode::F322BF16;
  if (!identity) out.required |= kResultClasses;
  // FIX950-4: NZ2DN rows of a fractal are srcNzC0Stride C0_SIZE apart
  const bool dn = f.layout == Co2Layout::COLUMN_MAJOR;
  const std::uint64_t rowElems = dn ? 16 * std::uint64_t{f.nz2dn.srcNzC0Stride} : 16;
  std::uint64_t seen = 0;
  for (std::uint64_t m = 0; m < p.mSize && seen < kMaxElementsClassified; ++m) {
    for (std::uint64_t n = 0; n < p.nSize && seen < kMaxElementsClassified; ++n, ++seen) {
      const std::uint64_t at = c.src.offsetBytes + 4 * ((n / 16) * p.srcStride * 16 + rowElems * m + n % 16);
      if (at + 4 > src.size()) continue;
      const std::uint64_t x = loadElementBits(src, at, 4);
      if (identity) {
        out.drawn |= sourceClasses(u, x);
      } else if (unscaled) {
        const double v = decodeElement(u, x);
        out.drawn |= sourceClasses(u, x);
        if (!(p.reluPre == 1 && v < 0)) out.drawn |= resultClasses(v, resultOf(t, false), 0);
      } else {
        const std::uint64_t q = isPerColumnMode(p.quantPre) ? f.quantTensor.at(n) : f.quantScalar;
        const bool signedResult = decodeQuantParam(q).signedResult;
        out.drawn |= scaledClasses(u, x, q, p.reluPre == 1, resultOf(t, signedResult));
      }
    }
  }
  return out;
}

// ENH-1/ENH-4: burst i reads blockLen*E elements at i*(burst + srcStride*unit); V* entry column % 16 (bursts past the
// first are AMB-13, not classified for V*).
NumberSample enhancedSample(const Case& c, std::span<const std::uint8_t> src) {
  const auto& e = *c.enhancedParams;
  const auto& p = std::get<DataCopyParams>(c.params);
  const DType u = e.srcDType.value_or(c.dtype), t = c.dtype;
  const std::uint64_t s = sizeBytes(u);
  const std::uint64_t blockElems = e.blockMode == BlockMode::matrix ? 256 : e.blockMode == BlockMode::vector ? 16 : 64;
  const std::uint64_t strideElems = e.blockMode == BlockMode::smallChannel ? 64 : 256;
  const bool perColumn = e.deqScale == DeqScale::vdeq || e.deqScale == DeqScale::vdeq8 || e.deqScale == DeqScale::vdeq16;
  NumberSample out{conversionName(name(e.deqScale), u, t), sourceClassesOf(u) | kResultClasses, 0};
  const std::uint64_t burst = std::uint64_t{p.blockLen} * blockElems;
  const std::uint64_t pitch = (burst + std::uint64_t{p.srcStride} * strideElems) * s;
  std::uint64_t seen = 0;
  for (std::uint64_t i = 0; i < (perColumn ? 1u : p.blockCount) && seen < kMaxElementsClassified; ++i) {
    for (std::uint64_t j = 0; j < burst && seen < kMaxElementsClassified; ++j, ++seen) {
      const std::uint64_t at = c.src.offsetBytes + i * pitch + j * s;
      if (at + s > src.size() || (perColumn && e.deqTensor.size() < 16)) continue;
      const std::uint64_t q = perColumn ? e.deqTensor[j % 16] : e.deqValue;
      const bool signedResult = decodeQuantParam(q).signedResult || t == DType::int8_t;
      out.drawn |= scaledClasses(u, loadElementBits(src, at, static_cast<std::uint32_t>(s)), q, e.isRelu,
                                 resultOf(t, signedResult));
    }
  }
  return out;
}

}  // namespace

std::optional<NumberSample> numberSample(const Case& c, std::span<const std::uint8_t> src, Operation operation) {
  if ((operation == Operation::fixpipe || operation == Operation::fixpipe950) && c.fixpipe &&
      std::holds_alternative<DataCopyCO12DstParams>(c.params)) {
    return fixSample(c, src);
  }
  if (operation == Operation::enhancedCo1ToCo2 && c.enhancedParams && c.enhancedParams->deqScale != DeqScale::none &&
      std::holds_alternative<DataCopyParams>(c.params)) {
    return enhancedSample(c, src);
  }
  return moveSample(c, src, operation);
}

}  // namespace dcconf::properties
