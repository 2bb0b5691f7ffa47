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

std::uint64_t loadElementBits(std::span<const std::uint8_t> bytes, std::uint64_t byteOffset, std::uint32_t sizeBytes);

std::uint16_t floatToHalfBits(float value);   // round to nearest even; overflow to inf; NaN stays NaN
float halfBitsToFloat(std::uint16_t bits);
std::uint16_t floatToBfloat16Bits(float value);  // round to nearest even
float bfloat16BitsToFloat(std::uint16_t bits);

}  // namespace dcconf::oracle
