// Element values <-> raw little-endian bits, for pad values written as numbers and for readable diffs.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "dcconf/oracle/types.hpp"

namespace dcconf::oracle {

struct EncodedNumber {
  bool ok = false;
  std::uint64_t bits = 0;  // low sizeBytes(dtype) bytes
  std::string error;       // why the number does not fit the dtype
};
// Integers must be whole and in range; floating types round to nearest, ties to even, and reject overflow.
EncodedNumber encodeNumber(DType dtype, double value);

// The element as a person reads it: "1.5", "-3", "nan", "inf".
std::string formatElement(DType dtype, std::uint64_t bits);
// As a double, exactly for every dtype except 64-bit integers beyond 2^53.
double decodeElement(DType dtype, std::uint64_t bits);
// A non-zero value below the smallest normal of half, bfloat16_t or float (bfloat16_t has float's exponent range).
bool isSubnormal(DType dtype, double value);

std::uint64_t loadElementBits(std::span<const std::uint8_t> bytes, std::uint64_t byteOffset, std::uint32_t sizeBytes);
// loadElementBits' twin: the low sizeBytes bytes of bits, little-endian; like it, never past the end of bytes.
void storeElementBits(std::span<std::uint8_t> bytes, std::uint64_t byteOffset, std::uint32_t sizeBytes,
                      std::uint64_t bits);

std::uint16_t floatToHalfBits(float value);   // round to nearest even; overflow to inf; NaN stays NaN
float halfBitsToFloat(std::uint16_t bits);
// An exact value (e.g. an exact product) to half in one rounding: to nearest even (overflow to inf), or toward zero
// (overflow to the largest finite). AMB-10's two readings.
std::uint16_t doubleToHalfBits(double value, bool towardZero);
std::uint16_t floatToBfloat16Bits(float value);  // round to nearest even
std::uint16_t doubleToBfloat16Bits(double value);  // one rounding, to nearest even (overflow to inf): ATOM-4
float bfloat16BitsToFloat(std::uint16_t bits);

// ---- FIX-5 / FIX-6 building blocks ---------------------------------------------------------------------------------

// Saturation of a wide integer to the narrow type's range.
std::int8_t saturateInt8(std::int64_t value);
std::uint8_t saturateUint8(std::int64_t value);
std::int16_t saturateInt16(std::int64_t value);
// Round to the nearest integer, ties to even (2.5 -> 2, 3.5 -> 4, -2.5 -> -2). NaN gives 0; values beyond the int64
// range saturate (the callers clamp to [-256, 255] first, FIX-6).
std::int64_t roundHalfEvenToInt(double value);

// FIX-5: the 64-bit quant parameter of SetFixpipePreQuantFlag and of each V* tensor entry.
struct QuantParam {
  std::uint32_t m1Bits = 0;  // bits [31:13]: 19 bits, 1 sign + 8 exponent + 10 mantissa
  float m1 = 0.0F;           // m1Bits as a value (the fp32 whose low 13 bits are zero)
  std::uint32_t n = 0;       // bits [35:32]
  bool mcb = false;          // bit 36
  std::uint32_t offsetBits = 0;  // bits [45:37], 9 bits, raw
  bool signedResult = false;     // bit 46: 1 = int8 result, 0 = uint8
};
QuantParam decodeQuantParam(std::uint64_t bits);
// The 1-8-10 float of M1 as an fp32 value: bits << 13 reinterpreted.
float m1ToFloat(std::uint32_t m1Bits);
// Packs the fields back (for tests and generators): the inverse of decodeQuantParam on the fields it reads.
std::uint64_t encodeQuantParam(float scale, std::uint32_t n, bool mcb, std::uint32_t offsetBits, bool signedResult);

}  // namespace dcconf::oracle
