// FIX (DataCopyCO12DstParams): hand-computed expectations from SEMANTICS section 10 and the quantising copy page.
// Values are written out by hand (or via the compiler's _Float16), never taken from the oracle's numeric code.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <cstring>
#include <vector>

#include "dcconf/oracle/deviation.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "test_support.hpp"

namespace dcconf::oracle {
namespace {

using test::Bytes;
using test::guardBuffer;
using test::halfBitsOf;
using test::loadLE;
using test::storeLE;

std::uint64_t f32(float v) { return std::bit_cast<std::uint32_t>(v); }

// A case with an mSize x nSize NZ source (srcStride = round up of mSize to 16), dense destination (C0d-column bursts).
Case fixCase(DType u, DType t, QuantMode mode, std::uint16_t mSize, std::uint16_t nSize, Position dst = Position::GM) {
  Case c;
  c.api = Api::DataCopy;
  c.srcPos = Position::CO1;
  c.dstPos = dst;
  c.dtype = t;
  const auto srcStride = static_cast<std::uint16_t>((mSize + 15) / 16 * 16);
  DataCopyCO12DstParams p;
  p.nSize = nSize;
  p.mSize = mSize;
  p.srcStride = srcStride;
  const std::uint64_t c0 = sizeBytes(t) == 1 ? 32 : 16;  // FIX-1 (revised): C0d 32 for 8-bit results
  p.dstStride = static_cast<std::uint32_t>(std::max<std::uint64_t>(1, mSize * c0 * sizeBytes(t) / 32));
  p.quantPre = mode;
  c.params = p;
  c.fixpipe = FixpipeState{};
  c.fixpipe->srcDType = u;
  c.src = {std::uint64_t{srcStride} * 16 * 4 * ((nSize + 15) / 16), 0};
  c.dst = {std::uint64_t{mSize} * ((nSize + c0 - 1) / c0 * c0) * sizeBytes(t) + 64, 0};
  return c;
}
DataCopyCO12DstParams& params(Case& c) { return std::get<DataCopyCO12DstParams>(c.params); }

// Source bytes with element (m, n) of the NZ layout set to value(m, n).
template <class F>
Bytes nzSource(const Case& c, F value) {
  Bytes src(c.src.sizeBytes, 0);
  const auto& p = std::get<DataCopyCO12DstParams>(c.params);
  for (std::uint64_t m = 0; m < p.mSize; ++m) {
    for (std::uint64_t n = 0; n < p.nSize; ++n) {
      storeLE(src, ((n / 16) * p.srcStride * 16 + 16 * m + n % 16) * 4, value(m, n), 4);
    }
  }
  return src;
}

Evaluation run(const Case& c, const Bytes& src) { return evaluate(c, src, guardBuffer(c.dst.sizeBytes)); }

// One element: a 1 x 16 case (nSize 16) with x in column 0 (the others 0); returns the destination element 0.
struct One {
  Evaluation e;
  std::uint64_t bits = 0;
  bool care = false;
  Region region = Region::keep;
};
One one(Case c, std::uint64_t x) {
  const Bytes src = nzSource(c, [&](std::uint64_t, std::uint64_t n) { return n == 0 ? x : 0; });
  One r;
  r.e = run(c, src);
  EXPECT_EQ(r.e.verdict, Verdict::computed) << (r.e.violations.empty() ? "" : describe(r.e.violations.front()));
  if (r.e.verdict != Verdict::computed) return r;
  const std::uint32_t s = sizeBytes(c.dtype);
  r.bits = loadLE(r.e.expectation.expected, 0, s);
  r.care = r.e.expectation.care[0] != 0;
  r.region = r.e.expectation.region[0];
  return r;
}

// ---- the documents' worked example: int32 -> half, DEQF16, scale 0.5 ------------------------------------------------
// H = W = 4, Kh = Kw = 2, dilation 1: ho = wo = 3, howo = m = 9, Cout = n = 128 (coutBlocks 8); nSize = 128,
// mSize = 9, srcStride = 16, dstStride = 9 * 2 * 16 / 32 = 9; deqScalar = the fp32 bits of 0.5.
TEST(Fixpipe, WorkedExampleDeqf16HalfScale) {
  Case c = fixCase(DType::int32_t, DType::half, QuantMode::DEQF16, 9, 128);
  params(c).dstStride = 9;
  ASSERT_EQ(params(c).srcStride, 16);
  c.fixpipe->quantScalar = 0x3F000000u;  // (uint64_t)*(uint32_t*)&0.5f
  c.dst = {8 * 9 * 16 * 2 + 32, 0};     // dstSize = coutBlocks * howo * 16 halves, plus a guard
  // value(m, n) = m*128 + n - 500: negatives, odd values (x.5 results), zero.
  auto value = [](std::uint64_t m, std::uint64_t n) {
    return static_cast<std::uint64_t>(static_cast<std::uint32_t>(static_cast<std::int32_t>(m * 128 + n) - 500));
  };
  const Bytes src = nzSource(c, value);
  const Evaluation e = run(c, src);
  ASSERT_EQ(e.verdict, Verdict::computed);
  for (std::uint64_t m = 0; m < 9; ++m) {
    for (std::uint64_t n = 0; n < 128; ++n) {
      const auto x = static_cast<std::int32_t>(m * 128 + n) - 500;
      const std::uint64_t at = (n / 16) * 9 * 32 + (16 * m + n % 16) * 2;  // burst n/16 at 32*dstStride
      ASSERT_EQ(loadLE(e.expectation.expected, at, 2), halfBitsOf(static_cast<float>(x) * 0.5F)) << m << "," << n;
      ASSERT_EQ(e.expectation.care[at], 1);
      ASSERT_EQ(e.expectation.region[at], Region::data);
    }
  }
  const Bytes guard = guardBuffer(c.dst.sizeBytes);
  for (std::uint64_t b = 8 * 9 * 32; b < c.dst.sizeBytes; ++b) {
    EXPECT_EQ(e.expectation.region[b], Region::keep);
    EXPECT_EQ(e.expectation.expected[b], guard[b]);
  }
  EXPECT_EQ(e.footprint.writes.size(), 1u);
  EXPECT_EQ(e.footprint.writes.front().end, 8u * 9 * 32);
}

// ---- layouts --------------------------------------------------------------------------------------------------------

TEST(Fixpipe, Fix1BurstsWithGapsKeepGuardBytes) {
  // int32 -> int32 NoQuant, mSize 2, nSize 32, dstStride 5 (160 B head to head; a burst is 2*16*4 = 128 B).
  Case c = fixCase(DType::int32_t, DType::int32_t, QuantMode::NoQuant, 2, 32);
  params(c).dstStride = 5;
  c.dst = {400, 0};
  const Bytes src = nzSource(c, [](std::uint64_t m, std::uint64_t n) { return 1000 * m + n; });
  const Evaluation e = run(c, src);
  ASSERT_EQ(e.verdict, Verdict::computed);
  const Bytes guard = guardBuffer(400);
  for (std::uint64_t b = 0; b < 400; ++b) {
    const bool inBurst = b < 128 || (b >= 160 && b < 288);
    EXPECT_EQ(e.expectation.region[b], inBurst ? Region::data : Region::keep) << b;
    if (!inBurst) { EXPECT_EQ(e.expectation.expected[b], guard[b]) << b; }
  }
  for (std::uint64_t m = 0; m < 2; ++m) {
    for (std::uint64_t n = 0; n < 32; ++n) {
      EXPECT_EQ(loadLE(e.expectation.expected, (n / 16) * 160 + (16 * m + n % 16) * 4, 4), 1000 * m + n);
    }
  }
}

// ---- FIX-1 (revised): 8-bit results are NZ with C0d = 32 (32-channel rows of 32 bytes) -----------------------------
// REQ8, int32 -> int8, mSize 16, nSize 64: the source is four 16x16 int32 fractals (srcStride 16); the destination
// has two 32-channel bursts of 16 rows x 32 bytes, dstStride 16 (32-byte units: 16 rows = 512 B, head to head), as
// the vendor's data_copy_l0c2gm writes int8 output (dstStride = M per 32-channel group). Scale 0.5 with the int8
// sign bit (46), offset 0, no MCB. x(m, n) = 16m + 5n - 150; y = x / 2 rounded half to even, saturated to int8.
// Element (m, n) lands at byte (n / 32) * 512 + 32 * m + n % 32. By hand:
//   (0, 0):  x = -150 -> -75           -> 0xB5 at byte 0
//   (0, 1):  x = -145 -> -72.5 -> -72  -> 0xB8 at byte 1 (tie to even)
//   (0, 31): x = 5    -> 2.5   -> 2    -> 0x02 at byte 31
//   (0, 32): x = 10   -> 5             -> 0x05 at byte 512 (second burst)
//   (1, 0):  x = -134 -> -67           -> 0xBD at byte 32 (row 1 of burst 0)
//   (15, 63): x = 405 -> 202.5 -> 127  -> 0x7F at byte 512 + 480 + 31 = 1023 (saturated)
//   (15, 33): x = 255 -> 127.5 -> 128 -> 127 (0x7F) at byte 512 + 480 + 1 = 993 (tie rounds up to even, then saturates)
//   (9, 27): x = 129  -> 64.5  -> 64   -> 0x40 at byte 288 + 27 = 315
TEST(Fixpipe, Fix1Req8Int8ThirtyTwoChannelRowsWorkedExample) {
  Case c = fixCase(DType::int32_t, DType::int8_t, QuantMode::REQ8, 16, 64);
  ASSERT_EQ(params(c).dstStride, 16u);  // mSize * C0d * 1 byte / 32
  c.fixpipe->quantScalar = f32(0.5F) | std::uint64_t{1} << 46;
  c.dst = {1024 + 64, 0};
  const Bytes src = nzSource(c, [](std::uint64_t m, std::uint64_t n) {
    return static_cast<std::uint32_t>(static_cast<std::int32_t>(16 * m + 5 * n) - 150);
  });
  const Evaluation e = run(c, src);
  ASSERT_EQ(e.verdict, Verdict::computed) << describe(e.violations.front());
  const auto& x = e.expectation;
  EXPECT_EQ(x.expected[0], 0xB5);
  EXPECT_EQ(x.expected[1], 0xB8);
  EXPECT_EQ(x.expected[31], 0x02);
  EXPECT_EQ(x.expected[512], 0x05);
  EXPECT_EQ(x.expected[32], 0xBD);
  EXPECT_EQ(x.expected[1023], 0x7F);
  EXPECT_EQ(x.expected[993], 0x7F);
  EXPECT_EQ(x.expected[315], 0x40);
  // Every element, by integer arithmetic: half of x, ties to the even neighbour, clamped to [-128, 127].
  for (std::int64_t m = 0; m < 16; ++m) {
    for (std::int64_t n = 0; n < 64; ++n) {
      const std::int64_t v = 16 * m + 5 * n - 150;
      std::int64_t half = v / 2;  // toward zero
      if (v % 2 != 0) {
        const std::int64_t lo = v < 0 ? half - 1 : half;  // the two neighbours of v / 2
        half = (lo % 2 == 0) ? lo : lo + 1;
      }
      const std::int64_t want = std::clamp<std::int64_t>(half, -128, 127);
      const std::uint64_t at = (n / 32) * 512 + 32 * m + n % 32;
      EXPECT_EQ(x.expected[at], static_cast<std::uint8_t>(want)) << "m " << m << " n " << n;
      EXPECT_TRUE(x.care[at]);
    }
  }
  const Bytes guard = guardBuffer(c.dst.sizeBytes);
  for (std::uint64_t b = 1024; b < c.dst.sizeBytes; ++b) {
    EXPECT_EQ(x.region[b], Region::keep) << b;
    EXPECT_EQ(x.expected[b], guard[b]) << b;
  }
  // the old reading (16-channel bursts) needs nSize % 16 only: nSize 48 is now invalid (FIX-1, C0d 32)
  params(c).nSize = 48;
  const Evaluation bad = run(c, src);
  ASSERT_EQ(bad.verdict, Verdict::invalid);
  EXPECT_EQ(bad.violations.front().clause, "FIX-1");
  EXPECT_EQ(bad.violations.front().field, "params.nSize");
}

TEST(Fixpipe, Fix2Nz2ndRowMajorWithStrideAndTwoMatrices) {
  // float -> float NoQuant, mSize 3, nSize 5 (not a multiple of 16), dstStride 7 elements, 2 matrices.
  Case c = fixCase(DType::float_, DType::float_, QuantMode::NoQuant, 3, 5);
  params(c).nz2ndEn = true;
  params(c).dstStride = 7;
  c.fixpipe->ndNum = 2;
  c.fixpipe->srcNdStride = 1;  // FIX-2 (turn 3): 1024-byte units, one 16x16 fractal of 4-byte elements
  c.fixpipe->dstNdStride = 30;  // elements
  c.src = {2 * 16 * 16 * 4, 0};
  c.dst = {(30 + 2 * 7 + 5) * 4 + 16, 0};
  Bytes src(c.src.sizeBytes, 0);
  for (std::uint64_t i = 0; i < 2; ++i) {
    for (std::uint64_t m = 0; m < 3; ++m) {
      for (std::uint64_t n = 0; n < 5; ++n) {
        storeLE(src, (i * 256 + 16 * m + n) * 4, f32(static_cast<float>(100 * i + 10 * m + n)), 4);
      }
    }
  }
  const Evaluation e = run(c, src);
  ASSERT_EQ(e.verdict, Verdict::computed) << describe(e.violations.front());
  std::vector<bool> written(c.dst.sizeBytes, false);
  for (std::uint64_t i = 0; i < 2; ++i) {
    for (std::uint64_t m = 0; m < 3; ++m) {
      for (std::uint64_t n = 0; n < 5; ++n) {
        const std::uint64_t at = (i * 30 + m * 7 + n) * 4;
        EXPECT_EQ(loadLE(e.expectation.expected, at, 4), f32(static_cast<float>(100 * i + 10 * m + n)));
        for (int b = 0; b < 4; ++b) written[at + b] = true;
      }
    }
  }
  for (std::uint64_t b = 0; b < c.dst.sizeBytes; ++b) {
    EXPECT_EQ(e.expectation.region[b] == Region::keep, !written[b]) << b;
  }
}

// ---- FIX-2 (turn 3): the vendor's batch_matmul example (asc-devkit, examples/.../batch_matmul) ----------------------
// Published parameters: B = 4 batches, M = 30, K = 40, N = 70, float everywhere (NoQuant). Each batch's Mmad writes
// C[b] = A[b] x B[b] into L0C at element b * CeilAlign(M,16) * CeilAlign(N,16) = b * 2560, NZ with 16-column
// fractals and srcStride = CeilAlign(M,16) = 32 rows. One Fixpipe with nz2nd writes all four to GM as [4][30][70]:
// nSize 70, mSize 30, srcStride 32, dstStride N = 70, ndNum 4, srcNdStride = 32*80/256 = 10 (A2/A3: 1024-byte units,
// "16 * 16 * 4 = 1024 bytes"), dstNdStride M*N = 2100. The golden (numpy) is C row-major. Under the old 64-byte
// reading matrix b would be read at element b*160, inside matrix 0: the golden disagrees on most of its bytes.
TEST(Fixpipe, WorkedExampleBatchMatmulNz2ndSrcNdStride1024B) {
  constexpr std::uint64_t kB = 4, kM = 30, kK = 40, kN = 70, kMAlign = 32, kNAlign = 80;
  Case c = fixCase(DType::float_, DType::float_, QuantMode::NoQuant, kM, kN);
  params(c).srcStride = kMAlign;
  params(c).dstStride = kN;
  params(c).nz2ndEn = true;
  c.fixpipe->ndNum = kB;
  c.fixpipe->srcNdStride = 10;
  c.fixpipe->dstNdStride = kM * kN;
  c.src = {kB * kMAlign * kNAlign * 4, 0};
  c.dst = {kB * kM * kN * 4 + 64, 0};
  // A and B of small integers: every product and sum is exact in float, so C is the golden whatever the order.
  auto a = [](std::uint64_t b, std::uint64_t m, std::uint64_t k) { return static_cast<float>((b * 7 + m * 3 + k) % 11) - 5.0F; };
  auto bm = [](std::uint64_t b, std::uint64_t k, std::uint64_t n) { return static_cast<float>((b * 5 + k * 2 + n) % 13) - 6.0F; };
  std::vector<float> golden(kB * kM * kN, 0.0F);
  for (std::uint64_t b = 0; b < kB; ++b) {
    for (std::uint64_t m = 0; m < kM; ++m) {
      for (std::uint64_t n = 0; n < kN; ++n) {
        float sum = 0.0F;
        for (std::uint64_t k = 0; k < kK; ++k) sum += a(b, m, k) * bm(b, k, n);
        golden[(b * kM + m) * kN + n] = sum;
      }
    }
  }
  // L0C: the padding rows and columns of each matrix hold a marker that no golden element equals
  Bytes src(c.src.sizeBytes, 0);
  for (std::uint64_t e = 0; e < kB * kMAlign * kNAlign; ++e) storeLE(src, e * 4, f32(1.0e9F), 4);
  for (std::uint64_t b = 0; b < kB; ++b) {
    for (std::uint64_t m = 0; m < kM; ++m) {
      for (std::uint64_t n = 0; n < kN; ++n) {
        const std::uint64_t at = b * kMAlign * kNAlign + (n / 16) * kMAlign * 16 + 16 * m + n % 16;
        storeLE(src, at * 4, f32(golden[(b * kM + m) * kN + n]), 4);
      }
    }
  }
  const Evaluation e = run(c, src);
  ASSERT_EQ(e.verdict, Verdict::computed) << describe(e.violations.front());
  std::uint64_t wrong = 0;
  for (std::uint64_t i = 0; i < golden.size(); ++i) {
    wrong += loadLE(e.expectation.expected, i * 4, 4) != f32(golden[i]) || e.expectation.care[i * 4] == 0;
  }
  EXPECT_EQ(wrong, 0u) << "of " << golden.size() << " golden elements";
  for (std::uint64_t b = golden.size() * 4; b < c.dst.sizeBytes; ++b) EXPECT_EQ(e.expectation.region[b], Region::keep);
}

// FIX-2 (turn 3): the A2/A3 header's ranges: srcNdStride [0, 512], dstNdStride [0, 65535]; the register is read
// with nz2ndEn only, so without it any value is fine.
TEST(Fixpipe, Fix2RegisterRanges) {
  Case c = fixCase(DType::float_, DType::float_, QuantMode::NoQuant, 1, 16);
  params(c).nz2ndEn = true;
  params(c).dstStride = 16;
  c.fixpipe->ndNum = 2;
  c.fixpipe->srcNdStride = 512;
  c.fixpipe->dstNdStride = 65535;
  c.src = {(512 * 256 + 16) * 4, 0};
  c.dst = {(65535 + 16) * 4, 0};
  EXPECT_TRUE(validate(c).empty());
  c.fixpipe->srcNdStride = 513;
  c.src = {(513 * 256 + 16) * 4, 0};
  std::vector<Violation> v = validate(c);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].clause, "FIX-2");
  EXPECT_EQ(v[0].field, "fixpipe.srcNdStride");
  EXPECT_EQ(v[0].value, "513");
  c.fixpipe->srcNdStride = 512;
  c.fixpipe->dstNdStride = 65536;
  c.dst = {(65536 + 16) * 4, 0};
  v = validate(c);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].field, "fixpipe.dstNdStride");
  EXPECT_EQ(v[0].value, "65536");
  params(c).nz2ndEn = false;
  c.fixpipe->srcNdStride = 65535;
  c.fixpipe->dstNdStride = 0xFFFFFFFFu;
  EXPECT_TRUE(validate(c).empty());
}

TEST(Fixpipe, Fix3ChannelSplitEightColumnBursts) {
  // float -> float, mSize 2, nSize 16, channelSplit: (n/8)*32*dstStride + 32*m + 4*(n%8), dstStride 3.
  Case c = fixCase(DType::float_, DType::float_, QuantMode::NoQuant, 2, 16);
  params(c).channelSplit = true;
  params(c).dstStride = 3;
  c.dst = {96 + 64 + 32, 0};
  const Bytes src = nzSource(c, [](std::uint64_t m, std::uint64_t n) { return f32(static_cast<float>(16 * m + n)); });
  const Evaluation e = run(c, src);
  ASSERT_EQ(e.verdict, Verdict::computed);
  for (std::uint64_t m = 0; m < 2; ++m) {
    for (std::uint64_t n = 0; n < 16; ++n) {
      EXPECT_EQ(loadLE(e.expectation.expected, (n / 8) * 96 + 32 * m + 4 * (n % 8), 4),
                f32(static_cast<float>(16 * m + n)));
    }
  }
  for (std::uint64_t b = 64; b < 96; ++b) EXPECT_EQ(e.expectation.region[b], Region::keep);
  for (std::uint64_t b = 160; b < 192; ++b) EXPECT_EQ(e.expectation.region[b], Region::keep);
}

// ---- FIX-6 arithmetic, every QuantMode_t ------------------------------------------------------------------------

TEST(Fixpipe, NoQuantIdentityAndRelu) {
  Case c = fixCase(DType::int32_t, DType::int32_t, QuantMode::NoQuant, 1, 16);
  EXPECT_EQ(one(c, 0xFFFFFFF6u).bits, 0xFFFFFFF6u);  // -10 unchanged
  params(c).reluPre = 1;
  EXPECT_EQ(one(c, 0xFFFFFFF6u).bits, 0u);  // max(-10, 0)
  EXPECT_EQ(one(c, 7).bits, 7u);
  Case f = fixCase(DType::float_, DType::float_, QuantMode::NoQuant, 1, 16);
  EXPECT_EQ(one(f, f32(-1.5F)).bits, f32(-1.5F));
  params(f).reluPre = 1;
  EXPECT_EQ(one(f, f32(-1.5F)).bits, 0u);
  EXPECT_EQ(one(f, f32(2.25F)).bits, f32(2.25F));
  EXPECT_FALSE(one(f, 0x80000000u).care);  // -0.0: max(-0, +0) unpinned
}

TEST(Fixpipe, F322F16AndF322BF16RoundToNearestEven) {
  Case h = fixCase(DType::float_, DType::half, QuantMode::F322F16, 1, 16);
  EXPECT_EQ(one(h, f32(1.0F)).bits, 0x3C00u);
  EXPECT_EQ(one(h, f32(1.0F + 1.0F / 2048.0F)).bits, 0x3C00u);  // tie -> even
  EXPECT_EQ(one(h, f32(1.0F + 3.0F / 2048.0F)).bits, 0x3C02u);  // tie -> even (up)
  EXPECT_EQ(one(h, f32(70000.0F)).bits, 0x7C00u);               // overflow -> inf
  EXPECT_EQ(one(h, 0xFF800000u).bits, 0xFC00u);                // -inf stays -inf
  EXPECT_FALSE(one(h, 0x7FC00001u).care);                       // NaN: which NaN is written is undocumented
  Case b = fixCase(DType::float_, DType::bfloat16_t, QuantMode::F322BF16, 1, 16);
  EXPECT_EQ(one(b, 0x3F808000u).bits, 0x3F80u);  // tie -> even (down)
  EXPECT_EQ(one(b, 0x3F818000u).bits, 0x3F82u);  // tie -> even (up)
  EXPECT_EQ(one(b, 0x3F808001u).bits, 0x3F81u);
  EXPECT_FALSE(one(b, 0xFFC00000u).care);  // NaN: unpinned
  params(b).reluPre = 1;
  EXPECT_EQ(one(b, f32(-3.0F)).bits, 0u);
}

// AMB-16 leaves a converted NaN's payload open, not its class (issue 29 item 4): the element's bytes are ANY, and
// Expectation::classes says they must hold some NaN of T. Bit patterns by hand: bfloat16 NaN = exponent 0xFF and a
// non-zero 7-bit mantissa (0x7F81..0x7FFF, 0xFF81..0xFFFF), +inf 0x7F80; half NaN 0x7C01..0x7FFF, +inf 0x7C00.
TEST(Fixpipe, NanSourceMustConvertToSomeNan) {
  Case b = fixCase(DType::float_, DType::bfloat16_t, QuantMode::F322BF16, 1, 16);
  const One nan = one(b, 0xFFC00000u);
  ASSERT_EQ(nan.e.expectation.classes.size(), 1u);
  EXPECT_EQ(nan.e.expectation.classes[0], (ClassConstraint{0, DType::bfloat16_t, ValueClass::nan}));
  EXPECT_FALSE(nan.care);
  const auto withElement0 = [&](std::uint16_t bits) {
    std::vector<std::uint8_t> actual = nan.e.expectation.expected;
    actual[0] = static_cast<std::uint8_t>(bits);
    actual[1] = static_cast<std::uint8_t>(bits >> 8);
    return firstMismatch(nan.e.expectation, actual);
  };
  EXPECT_EQ(withElement0(0x7F80), 0u);            // +inf for a NaN source fails
  EXPECT_EQ(withElement0(0xFF80), 0u);            // -inf
  EXPECT_EQ(withElement0(0x3F80), 0u);            // 1.0
  EXPECT_EQ(withElement0(0x0000), 0u);            // +0.0
  EXPECT_EQ(withElement0(0x7FC0), kNoMismatch);   // the canonical quiet NaN
  EXPECT_EQ(withElement0(0xFFC0), kNoMismatch);   // the source's sign
  EXPECT_EQ(withElement0(0x7F81), kNoMismatch);   // a signalling payload: the payload is open (AMB-16)
  EXPECT_EQ(withElement0(0xFFFF), kNoMismatch);
  // the other columns are VALUE (0.0): one differing there is reported at its own byte, after the element
  {
    std::vector<std::uint8_t> actual = nan.e.expectation.expected;
    actual[0] = 0x80, actual[1] = 0x7F, actual[2] = 0x01;
    EXPECT_EQ(firstMismatch(nan.e.expectation, actual), 0u);
    actual[0] = 0xC0;
    EXPECT_EQ(firstMismatch(nan.e.expectation, actual), 2u);
  }
  Case h = fixCase(DType::float_, DType::half, QuantMode::F322F16, 1, 16);
  const One hn = one(h, 0x7F800001u);  // a signalling float NaN
  ASSERT_EQ(hn.e.expectation.classes.size(), 1u);
  EXPECT_EQ(hn.e.expectation.classes[0].dtype, DType::half);
  std::vector<std::uint8_t> actual = hn.e.expectation.expected;
  actual[0] = 0x00, actual[1] = 0x7C;  // +inf
  EXPECT_EQ(firstMismatch(hn.e.expectation, actual), 0u);
  actual[0] = 0x01;  // 0x7C01: a NaN
  EXPECT_EQ(firstMismatch(hn.e.expectation, actual), kNoMismatch);
  // DEQF16: 0 x inf is a NaN (AMB-16's inf x 0): some NaN of half
  Case d = fixCase(DType::int32_t, DType::half, QuantMode::DEQF16, 1, 16);
  d.fixpipe->quantScalar = 0x7F800000u;  // +inf
  const One dn = one(d, 0);
  ASSERT_EQ(dn.e.expectation.classes.size(), 16u);  // every column's source is 0
  EXPECT_EQ(dn.e.expectation.classes[15].index, 30u);
  // no class: under ReLU max(NaN, 0) may be 0; an 8-bit result has no NaN to write
  params(b).reluPre = 1;
  EXPECT_TRUE(one(b, 0xFFC00000u).e.expectation.classes.empty());
  EXPECT_FALSE(one(b, 0xFFC00000u).care);
  Case q = fixCase(DType::float_, DType::int8_t, QuantMode::QF322B8_PRE, 1, 32);
  q.fixpipe->quantScalar = f32(1.0F);
  EXPECT_TRUE(one(q, 0x7FC00000u).e.expectation.classes.empty());
  // a finite source has no class constraint
  EXPECT_TRUE(one(h, f32(1.0F)).e.expectation.classes.empty());
}

TEST(Fixpipe, ClassHelpers) {
  EXPECT_EQ(canonicalNanBits(DType::half), 0x7E00u);
  EXPECT_EQ(canonicalNanBits(DType::bfloat16_t), 0x7FC0u);
  EXPECT_EQ(canonicalNanBits(DType::float_), 0x7FC00000u);
  EXPECT_EQ(canonicalNanBits(DType::double_), 0x7FF8000000000000u);
  EXPECT_EQ(canonicalNanBits(DType::int32_t), 0u);
  const ClassConstraint f{0, DType::float_, ValueClass::nan};
  const std::uint8_t inf[4] = {0x00, 0x00, 0x80, 0x7F};
  const std::uint8_t snan[4] = {0x01, 0x00, 0x80, 0xFF};
  const std::uint8_t maxFinite[4] = {0xFF, 0xFF, 0x7F, 0x7F};
  EXPECT_FALSE(holdsClass(f, inf));
  EXPECT_TRUE(holdsClass(f, snan));
  EXPECT_FALSE(holdsClass(f, maxFinite));
  EXPECT_FALSE(holdsClass(f, std::span(snan).first(3)));  // cut short
  EXPECT_EQ(describeViolation({0, DType::bfloat16_t, ValueClass::nan}, std::vector<std::uint8_t>{0x80, 0x7F}),
            "expected a NaN of bfloat16_t (AMB-16 (project): any payload), actual inf");
}

TEST(Fixpipe, Deqf16ScaleReluAndShift) {
  Case c = fixCase(DType::int32_t, DType::half, QuantMode::DEQF16, 1, 16);
  c.fixpipe->quantScalar = f32(0.25F);
  EXPECT_EQ(one(c, 6).bits, halfBitsOf(1.5F));
  EXPECT_EQ(one(c, 0xFFFFFFFEu).bits, halfBitsOf(-0.5F));
  params(c).reluPre = 1;  // M2 = 0: f32(-2) * 0 = -0.0, + the zero offset after the conversion = +0.0 (FIX-6a)
  EXPECT_EQ(one(c, 0xFFFFFFFEu).bits, 0x0000u);
  EXPECT_TRUE(one(c, 0xFFFFFFFEu).care);
  params(c).reluPre = 0;
  c.fixpipe->quantScalar = f32(0.0F);  // a zero product of a negative input: +0.0 too (FIX-6a)
  EXPECT_EQ(one(c, 0xFFFFFFFEu).bits, 0x0000u);
  c.fixpipe->quantScalar = f32(1e-9F);  // -2e-9 underflows to -0.0 in half: +0.0 after the zero offset (FIX-6a)
  EXPECT_EQ(one(c, 0xFFFFFFFEu).bits, 0x0000u);
  c.fixpipe->quantScalar = f32(0.25F);
  params(c).reluPre = 1;
  params(c).reluPre = 0;
  // MCB with N = 2, pinned shift-raw: sat_int16(100000 >> 2) = 25000 -> 25000 * 0.25 = 6250.
  c.fixpipe->quantScalar = f32(0.25F) | std::uint64_t{2} << 32 | std::uint64_t{1} << 36;
  c.profile = *parseProfile("shift-raw").profile;
  EXPECT_EQ(one(c, 100000).bits, halfBitsOf(6250.0F));
  c.profile = *parseProfile("shift-plus-one").profile;  // 100000 >> 3 = 12500 -> 3125
  EXPECT_EQ(one(c, 100000).bits, halfBitsOf(3125.0F));
  // saturation: 2^30 >> 2 = 2^28 -> 32767 -> 8191.75, not a half: AMB-10 decides (8192 or 8188)
  c.profile = *parseProfile("shift-raw,deqf16-mcb-int16").profile;
  EXPECT_EQ(one(c, 1u << 30).region, Region::ambiguous10);
  c.profile = *parseProfile("shift-raw,deq-rne,deqf16-mcb-int16").profile;
  EXPECT_EQ(one(c, 1u << 30).bits, halfBitsOf(8192.0F));
  c.profile = *parseProfile("shift-raw,deq-trunc,deqf16-mcb-int16").profile;
  EXPECT_EQ(one(c, 1u << 30).bits, halfBitsOf(8188.0F));
  // AMB-20 (turn 3): the DEQF16 golden's reading saturates 2^28 to the half range, 65504, then x 0.25 = 16376 (a
  // half); the REQ8 golden's int16 saturation gives 8192: the default leaves the element ANY, region ambiguous20
  c.profile = *parseProfile("shift-raw,deq-rne,deqf16-mcb-half").profile;
  EXPECT_EQ(one(c, 1u << 30).bits, halfBitsOf(16376.0F));
  c.profile = *parseProfile("shift-raw,deq-rne").profile;
  EXPECT_EQ(one(c, 1u << 30).region, Region::ambiguous20);
  // a shifted value inside int16 that half cannot hold: 100003 >> 2 = 25000 either way; 131068 >> 2 = 32767 ->
  // half rounds to 32768 first: x 0.25 = 8192 (half) vs 8191.75 -> RNE 8192 (int16): the readings agree there
  EXPECT_EQ(one(c, 131068).bits, halfBitsOf(8192.0F));
  EXPECT_TRUE(one(c, 131068).care);
  // VDEQF16: per-column parameters.
  Case v = fixCase(DType::int32_t, DType::half, QuantMode::VDEQF16, 1, 16);
  for (int n = 0; n < 16; ++n) v.fixpipe->quantTensor.push_back(f32(static_cast<float>(n + 1)));
  const Bytes src = nzSource(v, [](std::uint64_t, std::uint64_t) { return 3; });
  const Evaluation e = run(v, src);
  ASSERT_EQ(e.verdict, Verdict::computed);
  for (std::uint64_t n = 0; n < 16; ++n) {
    EXPECT_EQ(loadLE(e.expectation.expected, 2 * n, 2), halfBitsOf(3.0F * static_cast<float>(n + 1)));
  }
}

TEST(Fixpipe, Req8AndQf322b8SaturateRoundAndOffset) {
  Case c = fixCase(DType::int32_t, DType::int8_t, QuantMode::REQ8, 1, 32);
  const std::uint64_t sign = std::uint64_t{1} << 46;
  c.fixpipe->quantScalar = f32(0.5F) | sign;
  EXPECT_EQ(one(c, 5).bits, 2u);                 // 2.5 -> 2 (even)
  EXPECT_EQ(one(c, 7).bits, 4u);                 // 3.5 -> 4
  EXPECT_EQ(one(c, 0xFFFFFFFBu).bits, 0xFEu);    // -2.5 -> -2
  EXPECT_EQ(one(c, 1000).bits, 0x7Fu);           // 500 -> clamp 255 -> sat 127
  EXPECT_EQ(one(c, 0xFFFFFC18u).bits, 0x80u);    // -500 -> -256 -> sat -128
  c.fixpipe->quantScalar = f32(0.5F) | sign | std::uint64_t{10} << 37;  // offset +10 (< 256: both AMB-8 readings)
  EXPECT_EQ(one(c, 5).bits, 12u);
  EXPECT_TRUE(one(c, 5).care);
  Case u = fixCase(DType::int32_t, DType::uint8_t, QuantMode::REQ8, 1, 32);
  u.fixpipe->quantScalar = f32(2.0F);  // sign bit 0: uint8
  EXPECT_EQ(one(u, 100).bits, 200u);
  EXPECT_EQ(one(u, 200).bits, 255u);            // 400 -> clamp 255
  EXPECT_EQ(one(u, 0xFFFFFFFFu).bits, 0u);      // -2 -> sat 0
  Case q = fixCase(DType::float_, DType::int8_t, QuantMode::QF322B8_PRE, 1, 32);
  q.fixpipe->quantScalar = f32(1.0F) | sign;
  EXPECT_EQ(one(q, f32(1.5F)).bits, 2u);
  EXPECT_EQ(one(q, f32(-0.5F)).bits, 0u);
  EXPECT_EQ(one(q, f32(-127.5F)).bits, 0x80u);  // -128
  EXPECT_EQ(one(q, f32(1e9F)).bits, 0x7Fu);
  EXPECT_FALSE(one(q, 0x7FC00000u).care);       // NaN: unpinned
  Case vq = fixCase(DType::float_, DType::uint8_t, QuantMode::VQF322B8_PRE, 1, 32);
  for (int n = 0; n < 32; ++n) vq.fixpipe->quantTensor.push_back(f32(static_cast<float>(n)));
  const Evaluation e = run(vq, nzSource(vq, [](std::uint64_t, std::uint64_t) { return f32(10.0F); }));
  ASSERT_EQ(e.verdict, Verdict::computed);
  for (std::uint64_t n = 0; n < 32; ++n) EXPECT_EQ(e.expectation.expected[n], std::min<std::uint64_t>(10 * n, 255));
  Case vr = fixCase(DType::int32_t, DType::int8_t, QuantMode::VREQ8, 1, 32);
  for (int n = 0; n < 32; ++n) vr.fixpipe->quantTensor.push_back(f32(n % 2 == 0 ? 1.0F : -1.0F) | sign);
  const Evaluation r = run(vr, nzSource(vr, [](std::uint64_t, std::uint64_t) { return 3; }));
  ASSERT_EQ(r.verdict, Verdict::computed);
  for (std::uint64_t n = 0; n < 32; ++n) EXPECT_EQ(r.expectation.expected[n], n % 2 == 0 ? 3u : 0xFDu);
}

// ---- diagnosis (deviation.hpp): each FIX-6 deviation changes its own stage, worked by hand ----------------------------

One oneAsIf(FixDeviations deviations, const Case& c, std::uint64_t x) {
  const AsIf asIf(deviations);
  return one(c, x);
}

TEST(FixpipeDeviation, EightBitOffsetBeforeRoundingAndNoClamp) {
  Case c = fixCase(DType::int32_t, DType::int8_t, QuantMode::REQ8, 1, 32);
  c.fixpipe->quantScalar = f32(0.5F) | std::uint64_t{1} << 46 | std::uint64_t{1} << 37;  // int8, offset +1
  EXPECT_EQ(one(c, 5).bits, 3u);                                                   // rne(2.5) = 2, + 1
  EXPECT_EQ(oneAsIf(bitOf(FixDeviation::offsetBeforeRounding), c, 5).bits, 4u);  // rne(3.5)
  Case u = fixCase(DType::int32_t, DType::uint8_t, QuantMode::REQ8, 1, 32);
  u.profile.fixOffset = Profile::FixOffset::offsetSigned;
  u.fixpipe->quantScalar = f32(1.0F) | std::uint64_t{512 - 100} << 37;  // uint8, offset -100
  EXPECT_EQ(one(u, 300).bits, 155u);                                            // 300 -> 255, - 100
  EXPECT_EQ(oneAsIf(bitOf(FixDeviation::noClampBeforeOffset), u, 300).bits, 200u);
  EXPECT_EQ(oneAsIf(bitOf(FixDeviation::noClampBeforeOffset), u, 100).bits, 0u);  // in range: unchanged (0 <- -0)
}

TEST(FixpipeDeviation, VectorWordByRowAndFirst) {
  Case c = fixCase(DType::int32_t, DType::half, QuantMode::VDEQF16, 2, 16);
  for (int n = 0; n < 16; ++n) c.fixpipe->quantTensor.push_back(f32(static_cast<float>(n + 1)));
  const Bytes src = nzSource(c, [](std::uint64_t, std::uint64_t) { return 1; });
  auto at = [&](FixDeviations d, std::uint64_t m, std::uint64_t n) {  // NZ: (16 m + n) halves
    const AsIf asIf(d);
    const Evaluation e = run(c, src);
    return loadLE(e.expectation.expected, (16 * m + n) * 2, 2);
  };
  EXPECT_EQ(at(0, 1, 0), 0x3C00u);                                         // column 0: word 0, 1.0
  EXPECT_EQ(at(bitOf(FixDeviation::vectorWordByRow), 1, 0), 0x4000u);     // row 1: word 1, 2.0
  EXPECT_EQ(at(0, 0, 1), 0x4000u);                                         // column 1: word 1, 2.0
  EXPECT_EQ(at(bitOf(FixDeviation::vectorWordFirst), 0, 1), 0x3C00u);     // every column: word 0
}

TEST(FixpipeDeviation, McbScaleBitsReluAndNegativeZero) {
  Case c = fixCase(DType::int32_t, DType::half, QuantMode::DEQF16, 1, 16);
  c.profile.fixShift = Profile::FixShift::shiftRaw;
  c.profile.deqf16Mcb = Profile::Deqf16Mcb::int16;
  c.profile.fixDeqRounding = Profile::FixDeqRounding::deqRne;
  c.fixpipe->quantScalar = f32(1.0F) | std::uint64_t{1} << 32 | std::uint64_t{1} << 36;  // N = 1, MCB
  EXPECT_EQ(one(c, 6).bits, 0x4200u);                                         // 6 >> 1 = 3.0
  EXPECT_EQ(oneAsIf(bitOf(FixDeviation::mcbIgnored), c, 6).bits, 0x4600u);  // 6.0
  c.fixpipe->quantScalar = 0x3F800001;  // M1 = 1.0 from bits [31:13]; 1 + 2^-23 from all 32
  EXPECT_EQ(one(c, 2049).bits, 0x6800u);                                              // a tie: 2048
  EXPECT_EQ(oneAsIf(bitOf(FixDeviation::scaleFromAll32Bits), c, 2049).bits, 0x6801u);  // past it: 2050
  params(c).reluPre = 1;
  c.fixpipe->quantScalar = f32(-1.0F);
  EXPECT_EQ(one(c, 3).bits, 0xC200u);                                                  // ReLU(3) * -1 = -3
  EXPECT_EQ(oneAsIf(bitOf(FixDeviation::reluOnProduct), c, 3).bits, 0u);              // ReLU(-3)
  EXPECT_EQ(oneAsIf(bitOf(FixDeviation::reluOnProduct), c, 0xFFFFFFFDu).bits, 0x4200u);  // ReLU(-3 * -1)
  c.fixpipe->quantScalar = f32(1.0F);
  EXPECT_EQ(one(c, 0xFFFFFFFBu).bits, 0u);                                                   // -5 * M2 = -0.0 + 0
  EXPECT_EQ(oneAsIf(bitOf(FixDeviation::negativeZeroKept), c, 0xFFFFFFFBu).bits, 0x8000u);
}

TEST(FixpipeDeviation, OnlyTheStagesACaseHasApply) {
  Case deq = fixCase(DType::int32_t, DType::half, QuantMode::DEQF16, 1, 16);
  EXPECT_EQ(applicableDeviations(deq), bitOf(FixDeviation::scaleFromAll32Bits) | bitOf(FixDeviation::mcbIgnored) |
                                           bitOf(FixDeviation::negativeZeroKept));
  Case vq = fixCase(DType::float_, DType::int8_t, QuantMode::VQF322B8_PRE, 1, 32);
  params(vq).reluPre = 1;
  EXPECT_EQ(applicableDeviations(vq), bitOf(FixDeviation::scaleFromAll32Bits) |
                                          bitOf(FixDeviation::offsetBeforeRounding) |
                                          bitOf(FixDeviation::noClampBeforeOffset) |
                                          bitOf(FixDeviation::vectorWordByRow) | bitOf(FixDeviation::vectorWordFirst) |
                                          bitOf(FixDeviation::reluOnProduct));
  EXPECT_EQ(applicableDeviations(fixCase(DType::float_, DType::half, QuantMode::F322F16, 1, 16)), 0u);
}

// ---- ambiguities: ANY under the default profile, pinned under each word ------------------------------------------

TEST(Fixpipe, Amb8OffsetSignedness) {
  Case c = fixCase(DType::int32_t, DType::int8_t, QuantMode::REQ8, 1, 32);
  c.fixpipe->quantScalar = f32(1.0F) | std::uint64_t{1} << 46 | std::uint64_t{0x1FE} << 37;  // 510 or -2
  const One any = one(c, 5);
  EXPECT_FALSE(any.care);
  EXPECT_EQ(any.region, Region::ambiguous8);
  EXPECT_EQ(ambiguityId(any.region), 8);
  // Only column 0 depends on it? No: every column reads the scalar; columns holding 0 give -2 vs 127 too.
  EXPECT_EQ(ambiguousByteCounts(any.e.expectation.region)[8], 32u);  // nSize 32 (C0d for int8)
  c.profile = *parseProfile("offset-signed").profile;
  EXPECT_EQ(one(c, 5).bits, 3u);
  c.profile = *parseProfile("offset-unsigned").profile;
  EXPECT_EQ(one(c, 5).bits, 0x7Fu);
}

TEST(Fixpipe, Amb9ShiftOnlyMarksElementsItChanges) {
  Case c = fixCase(DType::int32_t, DType::half, QuantMode::DEQF16, 1, 16);
  c.fixpipe->quantScalar = f32(1.0F) | std::uint64_t{1} << 32 | std::uint64_t{1} << 36;
  // column 0 = 8 (8 >> 1 = 4 vs 8 >> 2 = 2): ANY; the other columns are 0 (0 either way): pinned.
  const One r = one(c, 8);
  EXPECT_EQ(r.region, Region::ambiguous9);
  const auto counts = ambiguousByteCounts(r.e.expectation.region);
  EXPECT_EQ(counts[9], 2u);  // one half element
  const auto byRegion = unspecifiedBytesByRegion(r.e.expectation);  // the same count, indexed by region
  ASSERT_EQ(byRegion.size(), static_cast<std::size_t>(Region::ambiguous9) + 1);
  EXPECT_EQ(byRegion[static_cast<std::size_t>(Region::ambiguous9)], 2u);
  EXPECT_EQ(byRegion[static_cast<std::size_t>(Region::keep)], 0u);
  EXPECT_EQ(r.e.expectation.care[2], 1);
  c.profile = *parseProfile("shift-plus-one").profile;
  EXPECT_EQ(one(c, 8).bits, halfBitsOf(2.0F));
}

TEST(Fixpipe, Amb10DeqRounding) {
  Case c = fixCase(DType::int32_t, DType::half, QuantMode::DEQF16, 1, 16);
  c.fixpipe->quantScalar = f32(1.0F);
  // 2049 is not a half: RNE -> 2048, toward zero -> 2048 as well (tie to even); 2051 -> 2052 vs 2050.
  EXPECT_TRUE(one(c, 2049).care);
  EXPECT_EQ(one(c, 2051).region, Region::ambiguous10);
  c.profile = *parseProfile("deq-rne").profile;
  EXPECT_EQ(one(c, 2051).bits, halfBitsOf(2052.0F));
  c.profile = *parseProfile("deq-trunc").profile;
  EXPECT_EQ(one(c, 2051).bits, halfBitsOf(2050.0F));
}

// FIX-6 (rev. 2026-12): a DEQF16 product beyond the half range saturates to +-65504 under both AMB-10 readings (the
// vendor's gen_data_s322f16.py clips to np.finfo(np.float16) before the cast), so the default pins it: never inf.
TEST(Fixpipe, Fix6Deqf16OverflowSaturates) {
  Case c = fixCase(DType::int32_t, DType::half, QuantMode::DEQF16, 1, 16);
  c.fixpipe->quantScalar = f32(1.0F);
  for (const char* word : {"deq-rne", "deq-trunc", ""}) {
    if (*word != 0) c.profile = *parseProfile(word).profile;
    EXPECT_EQ(one(c, 100000).bits, 0x7BFFu) << word;                 // 100000 -> 65504, not inf
    EXPECT_TRUE(one(c, 100000).care) << word;
    EXPECT_EQ(one(c, 0xFFFE7960u).bits, 0xFBFFu) << word;             // -100000 -> -65504
    EXPECT_EQ(one(c, 65520).bits, 0x7BFFu) << word;                   // RNE's first value past the range
    EXPECT_EQ(one(c, 0x7FFFFFFFu).bits, 0x7BFFu) << word;             // INT32_MAX
  }
  c.fixpipe->quantScalar = f32(std::numeric_limits<float>::infinity());  // M1 = inf: an infinite product saturates
  EXPECT_EQ(one(c, 1).bits, 0x7BFFu);
  Case v = fixCase(DType::int32_t, DType::half, QuantMode::VDEQF16, 1, 16);
  for (int n = 0; n < 16; ++n) v.fixpipe->quantTensor.push_back(f32(4.0F));
  EXPECT_EQ(one(v, 20000).bits, 0x7BFFu);  // 80000 -> 65504
}

TEST(Fixpipe, Amb11ReluAndOffsetOrder) {
  Case c = fixCase(DType::int32_t, DType::int8_t, QuantMode::REQ8, 1, 32);
  params(c).reluPre = 1;
  c.fixpipe->quantScalar = f32(1.0F) | std::uint64_t{1} << 46 | std::uint64_t{5} << 37;  // offset +5
  c.profile = *parseProfile("offset-signed").profile;
  // x = -3: relu first -> 0 + 5 = 5; offset first -> -3 + 5 = 2, max(2, 0) = 2.
  EXPECT_EQ(one(c, 0xFFFFFFFDu).region, Region::ambiguous11);
  EXPECT_TRUE(one(c, 4).care);  // x >= 0: both readings give 9
  c.profile = *parseProfile("offset-signed,relu-before-offset").profile;
  EXPECT_EQ(one(c, 0xFFFFFFFDu).bits, 5u);
  c.profile = *parseProfile("offset-signed,relu-after-offset").profile;
  EXPECT_EQ(one(c, 0xFFFFFFFDu).bits, 2u);
}

TEST(Fixpipe, Amb12SignExtendedNegativeScale) {
  Case c = fixCase(DType::int32_t, DType::int8_t, QuantMode::REQ8, 1, 32);
  // (uint64_t)(int32_t) of the fp32 bits of -1.0: bits [63:32] all ones.
  c.fixpipe->quantScalar = 0xFFFFFFFF00000000ull | f32(-1.0F);
  c.profile = *parseProfile("offset-signed,shift-raw").profile;
  EXPECT_EQ(one(c, 4).region, Region::ambiguous12);
  c.profile = *parseProfile("offset-signed,shift-raw,negscale-magnitude").profile;
  EXPECT_EQ(one(c, 4).bits, 0xFCu);  // low word only: -4
  c.profile = *parseProfile("offset-signed,shift-raw,negscale-signed").profile;
  // fields: N = 15, MCB: sat16(4 >> 15) = 0 -> 0 * -1 = 0, offset 0x1FF = -1 -> -1
  EXPECT_EQ(one(c, 4).bits, 0xFFu);
}

TEST(Fixpipe, ProfileWordsRoundTrip) {
  for (const char* word : {"offset-signed", "offset-unsigned", "shift-raw", "shift-plus-one", "deq-rne", "deq-trunc",
                           "relu-before-offset", "relu-after-offset", "negscale-signed", "negscale-magnitude"}) {
    const auto parsed = parseProfile(word);
    ASSERT_TRUE(parsed.profile) << word;
    EXPECT_EQ(profileName(*parsed.profile), word);
  }
}

// ---- validation -------------------------------------------------------------------------------------------------

bool hasClause(const std::vector<Violation>& v, const std::string& clause, const std::string& field) {
  for (const auto& x : v) {
    if (x.clause == clause && x.field == field) return true;
  }
  return false;
}

TEST(Fixpipe, ValidationByClause) {
  Case c = fixCase(DType::int32_t, DType::half, QuantMode::DEQF16, 1, 16);
  EXPECT_TRUE(validate(c).empty());
  Case bad = c;
  params(bad).nSize = 20;
  EXPECT_TRUE(hasClause(validate(bad), "FIX-1", "params.nSize"));
  params(bad).nz2ndEn = true;  // nz2nd lifts the C0 multiple
  EXPECT_FALSE(hasClause(validate(bad), "FIX-1", "params.nSize"));
  bad = c;
  params(bad).srcStride = 8;
  EXPECT_TRUE(hasClause(validate(bad), "FIX-1", "params.srcStride"));
  bad = c;
  params(bad).dstStride = 0;
  EXPECT_TRUE(hasClause(validate(bad), "FIX-1", "params.dstStride"));
  bad = c;
  bad.dtype = DType::int8_t;  // DEQF16 makes half only
  EXPECT_TRUE(hasClause(validate(bad), "FIX-4", "dtype"));
  bad = c;
  bad.fixpipe->srcDType = DType::half;
  EXPECT_TRUE(hasClause(validate(bad), "FIX-4", "fixpipe.srcDType"));
  bad = fixCase(DType::int32_t, DType::int32_t, QuantMode::NoQuant, 1, 16, Position::A1);
  EXPECT_TRUE(hasClause(validate(bad), "FIX-4", "dtype"));  // A1: no int32/float output
  bad = fixCase(DType::int32_t, DType::half, QuantMode::DEQF16, 1, 16, Position::A1);
  params(bad).nz2ndEn = true;
  EXPECT_TRUE(hasClause(validate(bad), "FIX-2", "params.nz2ndEn"));
  bad = c;
  params(bad).channelSplit = true;
  EXPECT_TRUE(hasClause(validate(bad), "FIX-3", "params.channelSplit"));
  bad = c;
  params(bad).reluPre = 2;
  EXPECT_TRUE(hasClause(validate(bad), "FIX-6", "params.reluPre"));
  bad = fixCase(DType::int32_t, DType::half, QuantMode::VDEQF16, 1, 16);
  bad.fixpipe->quantTensor.assign(15, 0);
  EXPECT_TRUE(hasClause(validate(bad), "FIX-4", "fixpipe.quantTensor"));
  bad = fixCase(DType::int32_t, DType::int16_t, QuantMode::DEQF16, 1, 16);
  EXPECT_TRUE(hasClause(validate(bad), "FIX-4", "dtype"));  // no QuantMode_t yields int16_t
}

TEST(Fixpipe, SupportAndResolution) {
  Case c = fixCase(DType::int32_t, DType::half, QuantMode::DEQF16, 1, 16);
  EXPECT_EQ(resolveOperation(c).operation, Operation::fixpipe);
  EXPECT_TRUE(checkSupport(c, Operation::fixpipe).empty());
  c.product = Product::atlas_training;
  EXPECT_FALSE(checkSupport(c, Operation::fixpipe).empty());
  c.product = Product::atlas_a3;
  c.dstPos = Position::A1;
  EXPECT_TRUE(checkSupport(c, Operation::fixpipe).empty());
  Case noState = c;
  noState.fixpipe.reset();
  EXPECT_FALSE(resolveOperation(noState).operation);
  c.srcPos = Position::CO2;
  EXPECT_FALSE(resolveOperation(c).operation);
}

}  // namespace
}  // namespace dcconf::oracle
