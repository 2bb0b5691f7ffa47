// Numeric helpers: half / bfloat16 encode and decode (ties to even, subnormals, overflow), encodeNumber for every
// dtype (integer ranges, overflow rejection), formatElement / decodeElement, loadElementBits. The half conversions
// are cross-checked against the compiler's _Float16 over all 65536 halves and a large sample of floats.
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include "dcconf/oracle/numeric.hpp"
#include "test_support.hpp"

namespace dcconf::oracle::test {
namespace {

std::uint32_t bitsOf(float f) { return std::bit_cast<std::uint32_t>(f); }
float floatOf(std::uint32_t bits) { return std::bit_cast<float>(bits); }

float compilerHalfToFloat(std::uint16_t bits) {
  _Float16 h;
  std::memcpy(&h, &bits, sizeof h);
  return static_cast<float>(h);
}
std::uint16_t compilerFloatToHalf(float f) { return halfBitsOf(f); }

// Reference bfloat16 rounding by the usual bit trick (round to nearest even on the upper 16 bits).
std::uint16_t referenceBf16(float f) {
  const std::uint32_t u = bitsOf(f);
  if (std::isnan(f)) return static_cast<std::uint16_t>((u >> 16) | 0x0040u);
  const std::uint32_t rounding = 0x7FFFu + ((u >> 16) & 1u);
  return static_cast<std::uint16_t>((u + rounding) >> 16);
}

bool isHalfNan(std::uint16_t h) { return (h & 0x7C00u) == 0x7C00u && (h & 0x03FFu) != 0; }
bool isBf16Nan(std::uint16_t h) { return (h & 0x7F80u) == 0x7F80u && (h & 0x007Fu) != 0; }

// ---- half: every bit pattern ----------------------------------------------------------------------------------

TEST(Numeric, HalfDecodeMatchesCompilerForAll65536) {
  for (std::uint32_t b = 0; b <= 0xFFFF; ++b) {
    const auto h = static_cast<std::uint16_t>(b);
    const float mine = halfBitsToFloat(h);
    const float ref = compilerHalfToFloat(h);
    if (isHalfNan(h)) {
      ASSERT_TRUE(std::isnan(mine)) << std::hex << b;
      ASSERT_EQ(std::signbit(mine), std::signbit(ref)) << std::hex << b;
    } else {
      ASSERT_EQ(bitsOf(mine), bitsOf(ref)) << std::hex << b;
    }
  }
}

TEST(Numeric, HalfRoundTripForAll65536) {
  for (std::uint32_t b = 0; b <= 0xFFFF; ++b) {
    const auto h = static_cast<std::uint16_t>(b);
    const float f = compilerHalfToFloat(h);
    const std::uint16_t back = floatToHalfBits(f);
    if (isHalfNan(h)) {
      ASSERT_TRUE(isHalfNan(back)) << std::hex << b;  // NaN stays NaN
      ASSERT_EQ(back & 0x8000u, h & 0x8000u) << std::hex << b;
    } else {
      ASSERT_EQ(back, h) << std::hex << b;
      ASSERT_EQ(decodeElement(DType::half, h), static_cast<double>(f)) << std::hex << b;
      const EncodedNumber e = encodeNumber(DType::half, static_cast<double>(f));
      if (std::isinf(f)) {
        ASSERT_FALSE(e.ok) << std::hex << b;
      } else {
        ASSERT_TRUE(e.ok) << std::hex << b << " " << e.error;
        ASSERT_EQ(e.bits, h) << std::hex << b;
      }
    }
  }
}

TEST(Numeric, FloatToHalfMatchesCompilerOnALargeSample) {
  // every float exactly halfway between neighbouring halves and one ulp either side (ties to even), over all
  // finite halves; then 4M pseudo-random float bit patterns.
  std::uint64_t checked = 0;
  for (std::uint32_t b = 0; b < 0x7BFF; ++b) {
    const float lo = compilerHalfToFloat(static_cast<std::uint16_t>(b));
    const float hi = compilerHalfToFloat(static_cast<std::uint16_t>(b + 1));
    const float mid = (lo + hi) / 2;  // exact in float
    for (const float f : {mid, std::nextafter(mid, 0.0f), std::nextafter(mid, 1e9f), -mid}) {
      ASSERT_EQ(floatToHalfBits(f), compilerFloatToHalf(f)) << std::hexfloat << f;
      ++checked;
    }
  }
  std::uint64_t state = 0x9E3779B97F4A7C15ull;
  for (int i = 0; i < 4'000'000; ++i) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    const auto u = static_cast<std::uint32_t>(state >> 32);
    const float f = floatOf(u);
    const std::uint16_t mine = floatToHalfBits(f);
    const std::uint16_t ref = compilerFloatToHalf(f);
    if (std::isnan(f)) {
      ASSERT_TRUE(isHalfNan(mine)) << std::hex << u;
    } else {
      ASSERT_EQ(mine, ref) << std::hex << u;
    }
    ++checked;
  }
  EXPECT_GT(checked, 4'000'000u);
}

TEST(Numeric, HalfSpecialValuesByHand) {
  EXPECT_EQ(floatToHalfBits(1.0f), 0x3C00);
  EXPECT_EQ(floatToHalfBits(-2.0f), 0xC000);
  EXPECT_EQ(floatToHalfBits(0.0f), 0x0000);
  EXPECT_EQ(floatToHalfBits(-0.0f), 0x8000);
  EXPECT_EQ(floatToHalfBits(65504.0f), 0x7BFF);                  // max finite
  EXPECT_EQ(floatToHalfBits(65519.0f), 0x7BFF);                  // below the tie
  EXPECT_EQ(floatToHalfBits(65520.0f), 0x7C00);                  // tie rounds to even = 2^16 -> inf
  EXPECT_EQ(floatToHalfBits(std::ldexp(1.0f, -14)), 0x0400);     // min normal
  EXPECT_EQ(floatToHalfBits(std::ldexp(1.0f, -24)), 0x0001);     // min subnormal
  EXPECT_EQ(floatToHalfBits(std::ldexp(1.0f, -25)), 0x0000);     // tie -> even (0)
  EXPECT_EQ(floatToHalfBits(std::ldexp(3.0f, -25)), 0x0002);     // tie between 1 and 2 -> 2
  EXPECT_EQ(floatToHalfBits(std::ldexp(1.0f, -26)), 0x0000);
  EXPECT_EQ(floatToHalfBits(1.0f + std::ldexp(1.0f, -11)), 0x3C00);        // tie -> even
  EXPECT_EQ(floatToHalfBits(1.0f + std::ldexp(3.0f, -11)), 0x3C02);        // tie -> even (up)
  EXPECT_EQ(floatToHalfBits(std::ldexp(1023.0f, -24) + std::ldexp(1.0f, -25)), 0x0400);  // subnormal rounds to normal
  EXPECT_EQ(floatToHalfBits(std::numeric_limits<float>::infinity()), 0x7C00);
  EXPECT_EQ(floatToHalfBits(-std::numeric_limits<float>::infinity()), 0xFC00);
  EXPECT_TRUE(isHalfNan(floatToHalfBits(std::numeric_limits<float>::quiet_NaN())));
  EXPECT_EQ(floatToHalfBits(1e10f), 0x7C00);  // overflow to inf
  EXPECT_EQ(halfBitsToFloat(0x3555), 0x1.554p-2f);
  EXPECT_EQ(halfBitsToFloat(0x8001), -std::ldexp(1.0f, -24));
}

// ---- bfloat16 -------------------------------------------------------------------------------------------------

TEST(Numeric, Bfloat16ByHandAndAgainstReference) {
  EXPECT_EQ(floatToBfloat16Bits(1.0f), 0x3F80);
  EXPECT_EQ(floatToBfloat16Bits(floatOf(0x3F808000)), 0x3F80);  // tie -> even
  EXPECT_EQ(floatToBfloat16Bits(floatOf(0x3F818000)), 0x3F82);  // tie -> even (up)
  EXPECT_EQ(floatToBfloat16Bits(floatOf(0x3F808001)), 0x3F81);
  EXPECT_EQ(floatToBfloat16Bits(floatOf(0x3F807FFF)), 0x3F80);
  EXPECT_EQ(floatToBfloat16Bits(floatOf(0x00008000)), 0x0000);  // subnormal tie -> even
  EXPECT_EQ(floatToBfloat16Bits(floatOf(0x00018000)), 0x0002);
  EXPECT_EQ(floatToBfloat16Bits(floatOf(0x00000001)), 0x0000);
  EXPECT_EQ(floatToBfloat16Bits(floatOf(0x807FFFFF)), 0x8080);  // largest subnormal rounds to -min normal
  EXPECT_EQ(floatToBfloat16Bits(std::numeric_limits<float>::max()), 0x7F80);  // rounds up to inf
  EXPECT_EQ(floatToBfloat16Bits(floatOf(0x7F7F7FFF)), 0x7F7F);
  EXPECT_EQ(floatToBfloat16Bits(-0.0f), 0x8000);
  EXPECT_TRUE(isBf16Nan(floatToBfloat16Bits(std::numeric_limits<float>::quiet_NaN())));
  EXPECT_EQ(bfloat16BitsToFloat(0x3FC0), 1.5f);
  EXPECT_EQ(bfloat16BitsToFloat(0xFF80), -std::numeric_limits<float>::infinity());
  std::uint64_t state = 12345;
  for (int i = 0; i < 2'000'000; ++i) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    const auto u = static_cast<std::uint32_t>(state >> 32);
    const float f = floatOf(u);
    if (std::isnan(f)) {
      ASSERT_TRUE(isBf16Nan(floatToBfloat16Bits(f))) << std::hex << u;
    } else {
      ASSERT_EQ(floatToBfloat16Bits(f), referenceBf16(f)) << std::hex << u;
    }
  }
  for (std::uint32_t b = 0; b <= 0xFFFF; ++b) {  // decode is exact: upper half of a float
    const auto h = static_cast<std::uint16_t>(b);
    if (!isBf16Nan(h)) {
      ASSERT_EQ(bitsOf(bfloat16BitsToFloat(h)), b << 16) << std::hex << b;
    }
  }
}

// ---- encodeNumber -------------------------------------------------------------------------------------------

void expectEncodes(DType t, double v, std::uint64_t bits) {
  const EncodedNumber e = encodeNumber(t, v);
  EXPECT_TRUE(e.ok) << name(t) << " " << v << ": " << e.error;
  EXPECT_EQ(e.bits, bits) << name(t) << " " << v;
}
void expectRejects(DType t, double v) {
  const EncodedNumber e = encodeNumber(t, v);
  EXPECT_FALSE(e.ok) << name(t) << " " << v << " encoded as " << e.bits;
  EXPECT_FALSE(e.error.empty());
}

TEST(Numeric, EncodeIntegers) {
  expectEncodes(DType::int8_t, -128, 0x80);
  expectEncodes(DType::int8_t, 127, 0x7F);
  expectEncodes(DType::int8_t, -1, 0xFF);
  expectRejects(DType::int8_t, 128);
  expectRejects(DType::int8_t, -129);
  expectRejects(DType::int8_t, 1.5);
  expectEncodes(DType::uint8_t, 255, 0xFF);
  expectEncodes(DType::uint8_t, 0, 0);
  expectRejects(DType::uint8_t, 256);
  expectRejects(DType::uint8_t, -1);
  expectEncodes(DType::int16_t, -32768, 0x8000);
  expectEncodes(DType::int16_t, 32767, 0x7FFF);
  expectRejects(DType::int16_t, 32768);
  expectEncodes(DType::uint16_t, 65535, 0xFFFF);
  expectRejects(DType::uint16_t, 65536);
  expectEncodes(DType::int32_t, -2147483648.0, 0x80000000u);
  expectEncodes(DType::int32_t, 2147483647.0, 0x7FFFFFFFu);
  expectRejects(DType::int32_t, 2147483648.0);
  expectRejects(DType::int32_t, -2147483649.0);
  expectEncodes(DType::uint32_t, 4294967295.0, 0xFFFFFFFFu);
  expectRejects(DType::uint32_t, 4294967296.0);
  expectEncodes(DType::int64_t, -9223372036854775808.0, 0x8000000000000000ull);
  expectEncodes(DType::int64_t, -1, 0xFFFFFFFFFFFFFFFFull);
  expectRejects(DType::int64_t, 9223372036854775808.0);
  expectEncodes(DType::uint64_t, 9223372036854775808.0, 0x8000000000000000ull);
  expectEncodes(DType::uint64_t, 18446744073709549568.0, 0xFFFFFFFFFFFFF800ull);  // largest double below 2^64
  expectRejects(DType::uint64_t, 18446744073709551616.0);                          // 2^64
  expectRejects(DType::uint64_t, -1);
  for (const auto& t : allDTypes()) {
    expectRejects(t.dtype, std::numeric_limits<double>::quiet_NaN());
    expectRejects(t.dtype, std::numeric_limits<double>::infinity());
    expectRejects(t.dtype, -std::numeric_limits<double>::infinity());
  }
}

TEST(Numeric, EncodeFloats) {
  expectEncodes(DType::half, 1.5, 0x3E00);
  expectEncodes(DType::half, -2, 0xC000);
  expectEncodes(DType::half, 65504, 0x7BFF);
  expectEncodes(DType::half, 65519.99, 0x7BFF);
  expectRejects(DType::half, 65520);  // rounds to 2^16: overflow
  expectRejects(DType::half, 1e6);
  expectEncodes(DType::half, std::ldexp(1.0, -25), 0x0000);  // underflow is not overflow
  expectEncodes(DType::half, std::ldexp(1.0, -24), 0x0001);
  expectEncodes(DType::half, 0.1, 0x2E66);  // 0.0999755859375
  expectEncodes(DType::half, -0.0, 0x8000);
  // double -> half rounds once (no double rounding through float): 1 + 2^-11 + 2^-40 is above the tie
  expectEncodes(DType::half, 1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40), 0x3C01);
  expectEncodes(DType::bfloat16_t, 1.5, 0x3FC0);
  expectEncodes(DType::bfloat16_t, 3.3895313892515355e38, 0x7F7F);  // max finite bfloat16
  expectRejects(DType::bfloat16_t, 3.4028234663852886e38);          // FLT_MAX rounds up past it
  expectEncodes(DType::bfloat16_t, 1.00390625, 0x3F80);              // tie -> even
  expectEncodes(DType::float_, 0.1, 0x3DCCCCCDu);
  expectEncodes(DType::float_, 3.4028234663852886e38, 0x7F7FFFFFu);
  expectRejects(DType::float_, 3.4028235677973366e38);  // the tie above FLT_MAX rounds to inf
  expectRejects(DType::float_, 1e39);
  expectEncodes(DType::float_, std::ldexp(1.0, -149), 0x00000001u);
  expectEncodes(DType::float_, std::ldexp(1.0, -150), 0x00000000u);  // tie -> even
  expectEncodes(DType::double_, 0.1, 0x3FB999999999999Aull);
  expectEncodes(DType::double_, -1.0, 0xBFF0000000000000ull);
  // float encodes agree with the compiler's double -> float conversion on a sample
  std::uint64_t state = 777;
  for (int i = 0; i < 200'000; ++i) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    const double d = std::bit_cast<double>((state & 0x800FFFFFFFFFFFFFull) | ((880 + (state >> 52) % 280) << 52));
    const float f = static_cast<float>(d);
    const EncodedNumber e = encodeNumber(DType::float_, d);
    if (std::isinf(f)) {
      ASSERT_FALSE(e.ok) << d;
    } else {
      ASSERT_TRUE(e.ok) << d;
      ASSERT_EQ(e.bits, bitsOf(f)) << std::hexfloat << d;
    }
  }
}

// ---- format / decode / load -----------------------------------------------------------------------------

TEST(Numeric, FormatAndDecode) {
  EXPECT_EQ(formatElement(DType::half, 0x3E00), "1.5");
  EXPECT_EQ(formatElement(DType::half, 0x7C00), "inf");
  EXPECT_EQ(formatElement(DType::half, 0xFC00), "-inf");
  EXPECT_EQ(formatElement(DType::half, 0x7E00), "nan");
  EXPECT_EQ(formatElement(DType::half, 0xC000), "-2");
  EXPECT_EQ(formatElement(DType::bfloat16_t, 0x3FC0), "1.5");
  EXPECT_EQ(formatElement(DType::float_, 0x3DCCCCCDu), "0.1");
  EXPECT_EQ(formatElement(DType::double_, 0x3FB999999999999Aull), "0.1");
  EXPECT_EQ(formatElement(DType::int8_t, 0xFF), "-1");
  EXPECT_EQ(formatElement(DType::uint8_t, 0xFF), "255");
  EXPECT_EQ(formatElement(DType::int16_t, 0x8000), "-32768");
  EXPECT_EQ(formatElement(DType::uint32_t, 0xFFFFFFFFu), "4294967295");
  EXPECT_EQ(formatElement(DType::int32_t, 0x80000000u), "-2147483648");
  EXPECT_EQ(formatElement(DType::int64_t, 0x8000000000000000ull), "-9223372036854775808");
  EXPECT_EQ(formatElement(DType::uint64_t, 0xFFFFFFFFFFFFFFFFull), "18446744073709551615");
  EXPECT_EQ(decodeElement(DType::int8_t, 0x80), -128.0);
  EXPECT_EQ(decodeElement(DType::uint16_t, 0xFFFF), 65535.0);
  EXPECT_EQ(decodeElement(DType::half, 0x0001), std::ldexp(1.0, -24));
  EXPECT_EQ(decodeElement(DType::float_, 0x3F800000u), 1.0);
  EXPECT_EQ(decodeElement(DType::int8_t, 0x1FF), -1.0);  // only the low byte counts
}

TEST(Numeric, LoadElementBitsIsLittleEndian) {
  const Bytes bytes{0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09};
  EXPECT_EQ(loadElementBits(bytes, 0, 1), 0x01u);
  EXPECT_EQ(loadElementBits(bytes, 1, 2), 0x0302u);
  EXPECT_EQ(loadElementBits(bytes, 0, 4), 0x04030201u);
  EXPECT_EQ(loadElementBits(bytes, 1, 8), 0x0908070605040302ull);
  EXPECT_EQ(loadElementBits(bytes, 8, 2), 0x09u);  // clipped at the end, never reads past it
}

TEST(Numeric, StoreElementBitsIsLittleEndian) {
  Bytes bytes(9, 0xEE);
  storeElementBits(bytes, 1, 2, 0xFF0302u);  // only the low two bytes
  storeElementBits(bytes, 3, 4, 0x07060504u);
  storeElementBits(bytes, 0, 1, 0x01u);
  storeElementBits(bytes, 7, 8, 0x0A0908ull);  // clipped at the end, never writes past it
  EXPECT_EQ(bytes, (Bytes{0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09}));
  EXPECT_EQ(loadElementBits(bytes, 1, 8), 0x0908070605040302ull);  // the twins agree
}

}  // namespace
}  // namespace dcconf::oracle::test

namespace dcconf::oracle {
namespace {

// ---- FIX-5 / FIX-6 building blocks ---------------------------------------------------------------------------------

TEST(Numeric, SaturationExhaustiveOverInt32Edges) {
  // Every value in [-70000, 70000] plus the int32/int64 extremes, against the definition by comparison.
  auto check = [](std::int64_t v) {
    EXPECT_EQ(saturateInt8(v), v < -128 ? -128 : (v > 127 ? 127 : v)) << v;
    EXPECT_EQ(saturateUint8(v), v < 0 ? 0 : (v > 255 ? 255 : v)) << v;
    EXPECT_EQ(saturateInt16(v), v < -32768 ? -32768 : (v > 32767 ? 32767 : v)) << v;
  };
  for (std::int64_t v = -70000; v <= 70000; ++v) check(v);
  for (std::int64_t v : {std::int64_t{INT32_MIN}, std::int64_t{INT32_MAX}, INT64_MIN, INT64_MAX}) check(v);
  EXPECT_EQ(saturateInt8(128), 127);
  EXPECT_EQ(saturateInt8(-129), -128);
  EXPECT_EQ(saturateUint8(256), 255);
  EXPECT_EQ(saturateUint8(-1), 0);
  EXPECT_EQ(saturateInt16(32768), 32767);
  EXPECT_EQ(saturateInt16(-32769), -32768);
}

TEST(Numeric, RoundHalfEvenByHand) {
  EXPECT_EQ(roundHalfEvenToInt(0.5), 0);
  EXPECT_EQ(roundHalfEvenToInt(1.5), 2);
  EXPECT_EQ(roundHalfEvenToInt(2.5), 2);
  EXPECT_EQ(roundHalfEvenToInt(3.5), 4);
  EXPECT_EQ(roundHalfEvenToInt(-0.5), 0);
  EXPECT_EQ(roundHalfEvenToInt(-1.5), -2);
  EXPECT_EQ(roundHalfEvenToInt(-2.5), -2);
  EXPECT_EQ(roundHalfEvenToInt(2.4999), 2);
  EXPECT_EQ(roundHalfEvenToInt(2.5001), 3);
  EXPECT_EQ(roundHalfEvenToInt(-2.5001), -3);
  EXPECT_EQ(roundHalfEvenToInt(255.5), 256);
  EXPECT_EQ(roundHalfEvenToInt(-256.0), -256);
  EXPECT_EQ(roundHalfEvenToInt(std::nan("")), 0);
  EXPECT_EQ(roundHalfEvenToInt(1e300), INT64_MAX);
  EXPECT_EQ(roundHalfEvenToInt(-1e300), INT64_MIN);
}

TEST(Numeric, RoundHalfEvenMatchesNearbyintOnQuarterSteps) {
  // Every multiple of 1/4 in [-600, 600]: the default rounding mode of nearbyint is ties to even.
  for (int q = -2400; q <= 2400; ++q) {
    const double v = q / 4.0;
    EXPECT_EQ(roundHalfEvenToInt(v), static_cast<std::int64_t>(std::nearbyint(v))) << v;
  }
}

TEST(Numeric, QuantParamFieldsByHand) {
  // The worked example's scalar: the fp32 bits of 0.5 in the low word.
  const QuantParam half = decodeQuantParam(0x3F000000u);
  EXPECT_EQ(half.m1Bits, 0x3F000000u >> 13);
  EXPECT_EQ(half.m1, 0.5F);
  EXPECT_EQ(half.n, 0u);
  EXPECT_FALSE(half.mcb);
  EXPECT_EQ(half.offsetBits, 0u);
  EXPECT_FALSE(half.signedResult);
  // The low 13 bits of an fp32 scale are ignored (FIX-5): 1 + 2^-23 reads as 1.0; 1 + 2^-10 survives.
  EXPECT_EQ(decodeQuantParam(0x3F800001u).m1, 1.0F);
  EXPECT_EQ(decodeQuantParam(0x3F801FFFu).m1, 1.0F);
  EXPECT_EQ(decodeQuantParam(0x3F802000u).m1, 1.0F + 1.0F / 1024.0F);
  // A negative scale keeps its sign bit (bit 31).
  EXPECT_EQ(decodeQuantParam(0xBF000000u).m1, -0.5F);
  // Each field alone.
  EXPECT_EQ(decodeQuantParam(std::uint64_t{0xF} << 32).n, 15u);
  EXPECT_EQ(decodeQuantParam(std::uint64_t{0x5} << 32).n, 5u);
  EXPECT_TRUE(decodeQuantParam(std::uint64_t{1} << 36).mcb);
  EXPECT_EQ(decodeQuantParam(std::uint64_t{0x1FF} << 37).offsetBits, 0x1FFu);
  EXPECT_EQ(decodeQuantParam(std::uint64_t{0x100} << 37).offsetBits, 0x100u);
  EXPECT_TRUE(decodeQuantParam(std::uint64_t{1} << 46).signedResult);
  // Bits above 46 and the fields do not leak into each other.
  const QuantParam high = decodeQuantParam(~std::uint64_t{0} << 47);
  EXPECT_EQ(high.m1Bits, 0u);
  EXPECT_EQ(high.n, 0u);
  EXPECT_FALSE(high.mcb);
  EXPECT_EQ(high.offsetBits, 0u);
  EXPECT_FALSE(high.signedResult);
  const QuantParam all = decodeQuantParam(~std::uint64_t{0});
  EXPECT_EQ(all.m1Bits, 0x7FFFFu);
  EXPECT_EQ(all.n, 15u);
  EXPECT_TRUE(all.mcb);
  EXPECT_EQ(all.offsetBits, 0x1FFu);
  EXPECT_TRUE(all.signedResult);
}

TEST(Numeric, QuantParamEncodeDecodeRoundTripsEveryField) {
  for (std::uint32_t n = 0; n < 16; ++n) {
    for (std::uint32_t offset = 0; offset < 512; offset += 37) {
      for (int flags = 0; flags < 4; ++flags) {
        const std::uint64_t bits = encodeQuantParam(0.25F, n, (flags & 1) != 0, offset, (flags & 2) != 0);
        const QuantParam q = decodeQuantParam(bits);
        EXPECT_EQ(q.m1, 0.25F);
        EXPECT_EQ(q.n, n);
        EXPECT_EQ(q.mcb, (flags & 1) != 0);
        EXPECT_EQ(q.offsetBits, offset);
        EXPECT_EQ(q.signedResult, (flags & 2) != 0);
      }
    }
  }
}

TEST(Numeric, M1ExhaustiveAgainstFloatTruncation) {
  // Every one of the 2^19 M1 encodings equals the fp32 with those bits on top and 13 zero bits below.
  for (std::uint32_t m = 0; m < (1u << 19); ++m) {
    const std::uint32_t fp32 = m << 13;
    float expected = 0.0F;
    std::memcpy(&expected, &fp32, sizeof expected);
    const float got = m1ToFloat(m);
    std::uint32_t gotBits = 0;
    std::memcpy(&gotBits, &got, sizeof gotBits);
    ASSERT_EQ(gotBits, fp32) << m;
    (void)expected;
  }
}

}  // namespace
}  // namespace dcconf::oracle
