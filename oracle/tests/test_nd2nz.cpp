// DataCopy ND2NZ GM -> A1/B1 (SEMANTICS section 6, ND2NZ-*): the doc's 4x4 figure scaled to real C0, tails,
// rows beyond nValue, several matrices (disjoint / overlapping), footprints and guard bytes.
#include "test_support.hpp"

namespace dcconf::oracle::test {
namespace {

Case makeNd2Nz(DType t, const Nd2NzParams& p, std::uint64_t srcSize, std::uint64_t dstSize, std::uint64_t srcOffset = 0,
               std::uint64_t dstOffset = 0, Position dstPos = Position::A1) {
  return makeCase(Api::DataCopy, Position::GM, dstPos, t, p, srcSize, dstSize, srcOffset, dstOffset);
}

// ND2NZ-2/3 by hand (collisions become ANY through the model, ND2NZ-4).
Model modelNd2Nz(const Trial& r, const Nd2NzParams& p) {
  Model m(r.src, r.dst);
  const std::uint64_t s = sizeBytes(r.c.dtype);
  const std::uint64_t C0 = 32 / s;
  const std::uint64_t dAligned = (p.dValue + C0 - 1) / C0 * C0;
  for (std::uint64_t i = 0; i < p.ndNum; ++i) {
    for (std::uint64_t row = 0; row < p.nValue; ++row) {
      for (std::uint64_t col = 0; col < dAligned; ++col) {
        const std::uint64_t d = i * p.dstNzMatrixStride + (col / C0) * p.dstNzC0Stride * C0 + row * p.dstNzNStride * C0 +
                                col % C0;
        const std::uint64_t from = i * p.srcNdMatrixStride + row * p.srcDValue + col;
        for (std::uint64_t b = 0; b < s; ++b) {
          if (col < p.dValue) {
            m.copy(r.c.dst.offsetBytes + d * s + b, r.c.src.offsetBytes + from * s + b);
          } else {
            m.literal(r.c.dst.offsetBytes + d * s + b, 0, Region::zeroTail);
          }
        }
      }
    }
  }
  return m;
}

void checkNd2Nz(DType t, const Nd2NzParams& p, std::uint64_t srcSize, std::uint64_t dstSize, std::uint64_t srcOffset = 0,
                std::uint64_t dstOffset = 0) {
  const Trial r = runCase(makeNd2Nz(t, p, srcSize, dstSize, srcOffset, dstOffset));
  expectComputedAsModel(r, modelNd2Nz(r, p));
}

// Doc figure (C0 = 2 there): nValue 4, dValue 4 = 2*C0, srcDValue = dValue, dstNzC0Stride = nValue, dstNzNStride 1.
// With real C0: source row r (2*C0 elements) becomes two C0-wide rows: element (r, c) at NZ row (c/C0)*4 + r.
TEST(Nd2Nz, WorkedFigureScaledToRealC0) {
  for (const DType t : {DType::half, DType::float_, DType::int8_t}) {
    SCOPED_TRACE(std::string(name(t)));
    const std::uint64_t s = sizeBytes(t);
    const std::uint64_t C0 = 32 / s;
    const Nd2NzParams p{1, 4, static_cast<std::uint16_t>(2 * C0), 0, static_cast<std::uint16_t>(2 * C0), 4, 1, 0};
    const Trial r = runCase(makeNd2Nz(t, p, 4 * 2 * C0 * s + 7, 256 + 64, 7, 0));
    ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
    EXPECT_EQ(r.eval.footprint.reads, (std::vector<ByteRange>{{7, 7 + 256}}));
    EXPECT_EQ(r.eval.footprint.writes, (std::vector<ByteRange>{{0, 256}}));
    // line_src (row 0) -> line_dst1 (NZ row 0) and line_dst2 (NZ row 4 = nValue): addr3..addr4 = nValue*C0 elements
    for (std::uint64_t half = 0; half < 2; ++half) {
      for (std::uint64_t row = 0; row < 4; ++row) {
        for (std::uint64_t k = 0; k < C0 * s; ++k) {
          EXPECT_EQ(r.eval.expectation.expected[(half * 4 + row) * 32 + k], r.src[7 + row * 2 * C0 * s + half * C0 * s + k]);
        }
      }
    }
    for (std::uint64_t k = 256; k < 320; ++k) EXPECT_EQ(r.eval.expectation.region[k], Region::keep);
    expectComputedAsModel(r, modelNd2Nz(r, p));
  }
}

// ND2NZ-3: dValue just under / at / over a multiple of C0; tail written 0 (region zeroTail).
TEST(Nd2Nz, DValueAroundMultipleOfC0) {
  for (const DType t : {DType::half, DType::float_, DType::int8_t, DType::uint16_t}) {
    const std::uint64_t C0 = 32 / sizeBytes(t);
    for (const std::uint64_t d : {C0 - 1, C0, C0 + 1, 2 * C0 - 1, 2 * C0, 2 * C0 + 1, std::uint64_t{1}}) {
      SCOPED_TRACE(std::string(name(t)) + " dValue " + std::to_string(d));
      const auto dv = static_cast<std::uint16_t>(d);
      const Nd2NzParams p{1, 3, dv, 0, static_cast<std::uint16_t>(d + 2), 3, 1, 1};
      checkNd2Nz(t, p, 3 * (d + 2) * sizeBytes(t) + 32, 3 * 32 * 3 + 64, 5, 0);
    }
  }
  // explicit: half, dValue 17, nValue 1: cols 0..15 at 0..31, col 16 at 32..33, zero bytes 34..63
  const Nd2NzParams p{1, 1, 17, 0, 17, 1, 1, 1};
  const Trial r = runCase(makeNd2Nz(DType::half, p, 34, 96));
  ASSERT_EQ(r.eval.verdict, Verdict::computed);
  for (std::uint64_t k = 0; k < 34; ++k) EXPECT_EQ(r.eval.expectation.expected[k], r.src[k]);
  for (std::uint64_t k = 34; k < 64; ++k) {
    EXPECT_EQ(r.eval.expectation.expected[k], 0);
    EXPECT_EQ(r.eval.expectation.care[k], 1);
    EXPECT_EQ(r.eval.expectation.region[k], Region::zeroTail);
  }
  EXPECT_EQ(r.eval.footprint.reads, (std::vector<ByteRange>{{0, 34}}));
  EXPECT_EQ(r.eval.footprint.writes, (std::vector<ByteRange>{{0, 64}}));
}

// Rows from nValue up to the next multiple of 16 are KEEP.
TEST(Nd2Nz, RowsBeyondNValueKeep) {
  for (const std::uint16_t n : {std::uint16_t{1}, std::uint16_t{5}, std::uint16_t{15}, std::uint16_t{17}}) {
    SCOPED_TRACE("nValue " + std::to_string(n));
    const Nd2NzParams p{1, n, 20, 0, 20, 32, 1, 1};  // half: two column blocks, 32 NZ rows apart
    const Trial r = runCase(makeNd2Nz(DType::half, p, std::uint64_t{n} * 40, 2 * 32 * 32 + 32, 0, 0, Position::B1));
    ASSERT_EQ(r.eval.verdict, Verdict::computed);
    for (std::uint64_t row = n; row < 32; ++row) {
      for (std::uint64_t k = 0; k < 32; ++k) {
        EXPECT_EQ(r.eval.expectation.region[row * 32 + k], Region::keep);
        EXPECT_EQ(r.eval.expectation.expected[row * 32 + k], guardByte(row * 32 + k));
      }
    }
    expectComputedAsModel(r, modelNd2Nz(r, p));
  }
}

TEST(Nd2Nz, SeveralMatricesDisjoint) {
  // half, 3x20: each NZ matrix takes 2 column blocks x 3 rows = 96 elements; stride 96 (tight) and 112 (gap)
  for (const std::uint16_t stride : {std::uint16_t{96}, std::uint16_t{112}}) {
    const Nd2NzParams p{3, 3, 20, 70, 22, 3, 1, stride};
    checkNd2Nz(DType::half, p, (2 * 70 + 2 * 22 + 20) * 2 + 9, (2 * stride + 96) * 2 + 64, 9, 32);
  }
  const Nd2NzParams f{2, 2, 8, 16, 8, 2, 1, 16};  // float, exactly one column block
  checkNd2Nz(DType::float_, f, 32 * 4, 32 * 4 + 32);
}

// ND2NZ-4: two (i, r, c) on one destination element -> ANY, region collision.
TEST(Nd2Nz, OverlappingMatricesCollide) {
  const Nd2NzParams p{2, 3, 16, 48, 16, 3, 1, 16};  // matrix 1 row r lands on matrix 0 row r+1
  const Trial r = runCase(makeNd2Nz(DType::half, p, 96 * 2, 4 * 32 + 64));
  ASSERT_EQ(r.eval.verdict, Verdict::computed);
  for (std::uint64_t k = 0; k < 32; ++k) {
    EXPECT_EQ(r.eval.expectation.region[k], Region::data);  // matrix 0 row 0 alone
    EXPECT_EQ(r.eval.expectation.expected[k], r.src[k]);
  }
  for (std::uint64_t k = 32; k < 96; ++k) {  // rows 1, 2: matrix 0 rows 1,2 and matrix 1 rows 0,1
    EXPECT_EQ(r.eval.expectation.region[k], Region::collision);
    EXPECT_EQ(r.eval.expectation.care[k], 0);
  }
  for (std::uint64_t k = 96; k < 128; ++k) {  // matrix 1 row 2 alone
    EXPECT_EQ(r.eval.expectation.region[k], Region::data);
    EXPECT_EQ(r.eval.expectation.expected[k], r.src[96 + 64 + (k - 96)]);
  }
  expectComputedAsModel(r, modelNd2Nz(r, p));
  // inside one matrix: dstNzC0Stride 1 with 2 rows puts (r=0, c/C0=1) on (r=1, c/C0=0)
  const Nd2NzParams q{1, 2, 32, 0, 32, 1, 1, 1};
  checkNd2Nz(DType::half, q, 128, 128);
}

TEST(Nd2Nz, NothingMovesWhenACountIsZero) {
  expectNoop(runCase(makeNd2Nz(DType::half, Nd2NzParams{0, 4, 16, 0, 16, 4, 1, 1}, 64, 64)));
  expectNoop(runCase(makeNd2Nz(DType::half, Nd2NzParams{1, 0, 16, 0, 16, 4, 1, 1}, 64, 64)));
  expectNoop(runCase(makeNd2Nz(DType::half, Nd2NzParams{1, 4, 0, 0, 16, 4, 1, 1}, 64, 64)));
}

TEST(Nd2Nz, SmallStridesAndLargeNStride) {
  checkNd2Nz(DType::int8_t, Nd2NzParams{1, 4, 40, 0, 41, 6, 1, 0}, 4 * 41, 12 * 32);
  checkNd2Nz(DType::uint8_t, Nd2NzParams{2, 2, 33, 100, 50, 5, 2, 600}, 200, 1200 + 64);
  checkNd2Nz(DType::int32_t, Nd2NzParams{1, 3, 9, 0, 9, 7, 2, 0}, 27 * 4, 14 * 32 + 32);
}

}  // namespace
}  // namespace dcconf::oracle::test
