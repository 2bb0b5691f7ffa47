#include "dcconf/oracle/numeric.hpp"

#include <bit>
#include <charconv>
#include <cmath>
#include <limits>

namespace dcconf::oracle {
namespace {

// Rounds a double to a binary floating format with mantBits stored mantissa bits and the given exponent bias, to
// nearest with ties to even (std::nearbyint in the default rounding mode). Power-of-two scaling is exact in
// double, so the only rounding is the one nearbyint does.
std::uint64_t roundToBinary(double value, int mantBits, int bias, std::uint64_t* overflowed) {
  const std::uint64_t expAllOnes = (std::uint64_t{1} << (std::bit_width(static_cast<unsigned>(2 * bias + 1)))) - 1;
  const int signShift = mantBits + std::bit_width(static_cast<unsigned>(2 * bias + 1));
  const std::uint64_t sign = std::signbit(value) ? std::uint64_t{1} << signShift : 0;
  const double a = std::fabs(value);
  const std::uint64_t infBits = sign | expAllOnes << mantBits;
  if (std::isnan(value)) return infBits | std::uint64_t{1} << (mantBits - 1);  // quiet NaN
  if (std::isinf(value)) return infBits;
  const int minNormalExp = 1 - bias;
  if (a < std::ldexp(1.0, minNormalExp)) {  // subnormal: count units of 2^(minNormalExp - mantBits)
    return sign | static_cast<std::uint64_t>(std::nearbyint(std::ldexp(a, mantBits - minNormalExp)));
  }
  int exp2 = 0;
  std::frexp(a, &exp2);
  int e = exp2 - 1;  // a = 1.f * 2^e
  auto mant = static_cast<std::uint64_t>(std::nearbyint(std::ldexp(a, mantBits - e)));
  if (mant == std::uint64_t{1} << (mantBits + 1)) {
    mant >>= 1;
    ++e;
  }
  const auto field = static_cast<std::uint64_t>(e + bias);
  if (field >= expAllOnes) {
    if (overflowed != nullptr) *overflowed = 1;
    return infBits;
  }
  return sign | field << mantBits | (mant - (std::uint64_t{1} << mantBits));
}

std::string shortest(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

std::string shortest(float value) {
  if (std::isnan(value) || std::isinf(value)) return shortest(static_cast<double>(value));
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

}  // namespace

std::uint16_t floatToHalfBits(float value) {
  return static_cast<std::uint16_t>(roundToBinary(static_cast<double>(value), 10, 15, nullptr));
}

float halfBitsToFloat(std::uint16_t bits) {
  const std::uint32_t sign = (bits & 0x8000u) << 16;
  const std::uint32_t exponent = (bits >> 10) & 0x1fu;
  const std::uint32_t mantissa = bits & 0x3ffu;
  if (exponent == 0x1f) return std::bit_cast<float>(sign | 0x7f800000u | mantissa << 13);
  if (exponent == 0) {
    const float magnitude = std::ldexp(static_cast<float>(mantissa), -24);
    return sign != 0 ? -magnitude : magnitude;
  }
  return std::bit_cast<float>(sign | (exponent + 112) << 23 | mantissa << 13);
}

std::uint16_t floatToBfloat16Bits(float value) {
  return static_cast<std::uint16_t>(roundToBinary(static_cast<double>(value), 7, 127, nullptr));
}

std::uint16_t doubleToBfloat16Bits(double value) {
  return static_cast<std::uint16_t>(roundToBinary(value, 7, 127, nullptr));
}

float bfloat16BitsToFloat(std::uint16_t bits) { return std::bit_cast<float>(std::uint32_t{bits} << 16); }

EncodedNumber encodeNumber(DType dtype, double value) {
  const DTypeInfo& t = info(dtype);
  if (!std::isfinite(value)) return {false, 0, "not a finite number"};
  if (!t.isFloat) {
    if (value != std::trunc(value)) return {false, 0, "not a whole number, but " + std::string(t.name) + " is an integer type"};
    const double lo = t.isSigned ? -std::ldexp(1.0, static_cast<int>(8 * t.sizeBytes - 1)) : 0.0;
    const double hiExclusive = std::ldexp(1.0, static_cast<int>(8 * t.sizeBytes - (t.isSigned ? 1 : 0)));
    if (value < lo || value >= hiExclusive) return {false, 0, "out of range for " + std::string(t.name)};
    const std::uint64_t mask = t.sizeBytes == 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * t.sizeBytes)) - 1;
    const std::uint64_t bits = t.isSigned ? static_cast<std::uint64_t>(static_cast<std::int64_t>(value))
                                          : static_cast<std::uint64_t>(value);
    return {true, bits & mask, {}};
  }
  std::uint64_t overflowed = 0;
  std::uint64_t bits = 0;
  switch (dtype) {
    case DType::half: bits = roundToBinary(value, 10, 15, &overflowed); break;
    case DType::bfloat16_t: bits = roundToBinary(value, 7, 127, &overflowed); break;
    case DType::float_: bits = roundToBinary(value, 23, 127, &overflowed); break;
    default: bits = std::bit_cast<std::uint64_t>(value); break;
  }
  if (overflowed != 0) return {false, 0, "overflows " + std::string(t.name)};
  return {true, bits, {}};
}

bool isSubnormal(DType dtype, double value) {
  const double minNormal = dtype == DType::half ? std::ldexp(1.0, -14) : std::ldexp(1.0, -126);
  return value != 0.0 && std::fabs(value) < minNormal;
}

double decodeElement(DType dtype, std::uint64_t bits) {
  switch (dtype) {
    case DType::int8_t: return static_cast<std::int8_t>(bits);
    case DType::uint8_t: return static_cast<std::uint8_t>(bits);
    case DType::int16_t: return static_cast<std::int16_t>(bits);
    case DType::uint16_t: return static_cast<std::uint16_t>(bits);
    case DType::int32_t: return static_cast<std::int32_t>(bits);
    case DType::uint32_t: return static_cast<std::uint32_t>(bits);
    case DType::int64_t: return static_cast<double>(static_cast<std::int64_t>(bits));
    case DType::uint64_t: return static_cast<double>(bits);
    case DType::half: return halfBitsToFloat(static_cast<std::uint16_t>(bits));
    case DType::bfloat16_t: return bfloat16BitsToFloat(static_cast<std::uint16_t>(bits));
    case DType::float_: return std::bit_cast<float>(static_cast<std::uint32_t>(bits));
    case DType::double_: return std::bit_cast<double>(bits);
    case DType::fp4x2_e2m1_t:
    case DType::fp4x2_e1m2_t: return static_cast<std::uint8_t>(bits);  // ND2NZ-5: an opaque byte
  }
  return 0;
}

std::string formatElement(DType dtype, std::uint64_t bits) {
  switch (dtype) {
    case DType::int64_t: return std::to_string(static_cast<std::int64_t>(bits));
    case DType::uint64_t: return std::to_string(bits);
    case DType::half: return shortest(halfBitsToFloat(static_cast<std::uint16_t>(bits)));
    case DType::bfloat16_t: return shortest(bfloat16BitsToFloat(static_cast<std::uint16_t>(bits)));
    case DType::float_: return shortest(std::bit_cast<float>(static_cast<std::uint32_t>(bits)));
    case DType::double_: return shortest(std::bit_cast<double>(bits));
    default: return std::to_string(static_cast<std::int64_t>(decodeElement(dtype, bits)));
  }
}

std::uint64_t loadElementBits(std::span<const std::uint8_t> bytes, std::uint64_t byteOffset, std::uint32_t sizeBytes) {
  std::uint64_t bits = 0;
  for (std::uint32_t b = 0; b < sizeBytes && byteOffset + b < bytes.size(); ++b) {
    bits |= std::uint64_t{bytes[byteOffset + b]} << (8 * b);
  }
  return bits;
}

void storeElementBits(std::span<std::uint8_t> bytes, std::uint64_t byteOffset, std::uint32_t sizeBytes,
                      std::uint64_t bits) {
  for (std::uint32_t b = 0; b < sizeBytes && byteOffset + b < bytes.size(); ++b) {
    bytes[byteOffset + b] = static_cast<std::uint8_t>(bits >> (8 * b));
  }
}

std::uint16_t doubleToHalfBits(double value, bool towardZero) {
  auto bits = static_cast<std::uint16_t>(roundToBinary(value, 10, 15, nullptr));
  if (!towardZero || std::isnan(value)) return bits;
  if (std::isinf(value)) return static_cast<std::uint16_t>((bits & 0x8000u) | 0x7BFFu);
  if (std::fabs(static_cast<double>(halfBitsToFloat(bits))) > std::fabs(value)) --bits;  // one ulp toward zero
  return bits;
}

// ---- FIX-5 / FIX-6 building blocks ---------------------------------------------------------------------------------

std::int8_t saturateInt8(std::int64_t value) {
  return static_cast<std::int8_t>(value < -128 ? -128 : value > 127 ? 127 : value);
}
std::uint8_t saturateUint8(std::int64_t value) {
  return static_cast<std::uint8_t>(value < 0 ? 0 : value > 255 ? 255 : value);
}
std::int16_t saturateInt16(std::int64_t value) {
  return static_cast<std::int16_t>(value < -32768 ? -32768 : value > 32767 ? 32767 : value);
}

std::int64_t roundHalfEvenToInt(double value) {
  if (std::isnan(value)) return 0;
  if (value >= 9.2e18) return std::numeric_limits<std::int64_t>::max();
  if (value <= -9.2e18) return std::numeric_limits<std::int64_t>::min();
  const double floor = std::floor(value);
  const double fraction = value - floor;  // exact for |value| < 2^52; above that value is an integer
  auto result = static_cast<std::int64_t>(floor);
  if (fraction > 0.5 || (fraction == 0.5 && (result % 2) != 0)) ++result;
  return result;
}

float m1ToFloat(std::uint32_t m1Bits) { return std::bit_cast<float>((m1Bits & 0x7FFFFu) << 13); }

QuantParam decodeQuantParam(std::uint64_t bits) {
  QuantParam q;
  q.m1Bits = static_cast<std::uint32_t>((bits >> 13) & 0x7FFFFu);
  q.m1 = m1ToFloat(q.m1Bits);
  q.n = static_cast<std::uint32_t>((bits >> 32) & 0xFu);
  q.mcb = ((bits >> 36) & 1u) != 0;
  q.offsetBits = static_cast<std::uint32_t>((bits >> 37) & 0x1FFu);
  q.signedResult = ((bits >> 46) & 1u) != 0;
  return q;
}

std::uint64_t encodeQuantParam(float scale, std::uint32_t n, bool mcb, std::uint32_t offsetBits, bool signedResult) {
  return std::uint64_t{std::bit_cast<std::uint32_t>(scale)} | std::uint64_t{n & 0xFu} << 32 |
         std::uint64_t{mcb ? 1u : 0u} << 36 | std::uint64_t{offsetBits & 0x1FFu} << 37 |
         std::uint64_t{signedResult ? 1u : 0u} << 46;
}

}  // namespace dcconf::oracle
