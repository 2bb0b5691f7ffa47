// DataCopy NZ2ND VECOUT -> GM (SEMANTICS section 7, NZ2ND-*): the doc's 32x32 half example, 32-bit elements,
// strides, several matrices, dValue validation, footprints and guard bytes.
#include "test_support.hpp"

namespace dcconf::oracle::test {
namespace {

Case makeNz2Nd(DType t, const Nz2NdParamsFull& p, std::uint64_t srcSize, std::uint64_t dstSize,
               std::uint64_t srcOffset = 0, std::uint64_t dstOffset = 0) {
  return makeCase(Api::DataCopy, Position::VECOUT, Position::GM, t, p, srcSize, dstSize, srcOffset, dstOffset);
}

// NZ2ND-2 by hand.
Model modelNz2Nd(const Trial& r, const Nz2NdParamsFull& p) {
  Model m(r.src, r.dst);
  const std::uint64_t s = sizeBytes(r.c.dtype);
  for (std::uint64_t i = 0; i < p.ndNum; ++i) {
    for (std::uint64_t row = 0; row < p.nValue; ++row) {
      for (std::uint64_t col = 0; col < p.dValue; ++col) {
        const std::uint64_t d = i * p.dstNdMatrixStride + row * p.dstDStride + col;
        const std::uint64_t from = i * 256 * p.srcNdMatrixStride + (col / 16) * 16 * p.srcNStride + 16 * row + col % 16;
        for (std::uint64_t b = 0; b < s; ++b) m.copy(r.c.dst.offsetBytes + d * s + b, r.c.src.offsetBytes + from * s + b);
      }
    }
  }
  return m;
}

void checkNz2Nd(DType t, const Nz2NdParamsFull& p, std::uint64_t srcSize, std::uint64_t dstSize,
                std::uint64_t srcOffset = 0, std::uint64_t dstOffset = 0) {
  const Trial r = runCase(makeNz2Nd(t, p, srcSize, dstSize, srcOffset, dstOffset));
  expectComputedAsModel(r, modelNz2Nd(r, p));
}

// Doc: half, {1, 32, 32, 1, 32, 32, 1}, src = [1 2 ... 1024] -> dst = [1..16 513..528 17..32 529..544 ... 497..512
// 1009..1024].
TEST(Nz2Nd, WorkedExample32x32Half) {
  const Nz2NdParamsFull p{1, 32, 32, 1, 32, 32, 1};
  Case c = makeNz2Nd(DType::half, p, 2048 + 32, 32 + 2048 + 32, 0, 32);
  Bytes src = patternBuffer(c.src.sizeBytes);
  for (std::uint64_t k = 0; k < 1024; ++k) storeLE(src, 2 * k, halfBitsOf(float(k + 1)), 2);
  const Trial r = runCase(c, src);
  ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
  std::vector<float> want;  // the doc's sequence
  for (int row = 0; row < 32; ++row) {
    for (int k = 1; k <= 16; ++k) want.push_back(float(16 * row + k));
    for (int k = 513; k <= 528; ++k) want.push_back(float(16 * row + k));
  }
  ASSERT_EQ(want.size(), 1024u);
  for (std::uint64_t k = 0; k < 1024; ++k) {
    EXPECT_EQ(loadLE(r.eval.expectation.expected, 32 + 2 * k, 2), halfBitsOf(want[k])) << "element " << k;
    EXPECT_EQ(r.eval.expectation.care[32 + 2 * k], 1);
  }
  EXPECT_EQ(r.eval.footprint.reads, (std::vector<ByteRange>{{0, 2048}}));
  EXPECT_EQ(r.eval.footprint.writes, (std::vector<ByteRange>{{32, 2080}}));
  expectComputedAsModel(r, modelNz2Nd(r, p));
}

TEST(Nz2Nd, ThirtyTwoBitElementsKeepC016) {
  // float: C0 is 16 elements (64 bytes) here, not 8
  const Nz2NdParamsFull p{1, 2, 32, 1, 2, 40, 1};
  const Trial r = runCase(makeNz2Nd(DType::float_, p, 4 * 64 + 32, (40 + 32) * 4 + 16, 0, 3));
  ASSERT_EQ(r.eval.verdict, Verdict::computed);
  // row 0: src elements 0..15 then 32..47; row 1 (dst element 40): 16..31 then 48..63
  for (std::uint64_t b = 0; b < 64; ++b) {
    EXPECT_EQ(r.eval.expectation.expected[3 + b], r.src[b]);
    EXPECT_EQ(r.eval.expectation.expected[3 + 64 + b], r.src[128 + b]);
    EXPECT_EQ(r.eval.expectation.expected[3 + 160 + b], r.src[64 + b]);
    EXPECT_EQ(r.eval.expectation.expected[3 + 224 + b], r.src[192 + b]);
  }
  EXPECT_EQ(r.eval.footprint.writes, (std::vector<ByteRange>{{3, 131}, {163, 291}}));
  expectComputedAsModel(r, modelNz2Nd(r, p));
}

TEST(Nz2Nd, StridesAndSeveralMatrices) {
  for (const DType t : {DType::half, DType::int16_t, DType::uint16_t, DType::float_, DType::int32_t, DType::uint32_t}) {
    SCOPED_TRACE(std::string(name(t)));
    const std::uint64_t s = sizeBytes(t);
    checkNz2Nd(t, Nz2NdParamsFull{1, 3, 16, 1, 0, 16, 1}, 256 * s, 48 * s + 20, 0, 7);
    checkNz2Nd(t, Nz2NdParamsFull{2, 4, 48, 2, 6, 50, 260}, 512 * 2 * s, (260 + 4 * 50 + 48) * s + 10, 32, 1);
    checkNz2Nd(t, Nz2NdParamsFull{3, 1, 16, 1, 1, 16, 16}, 256 * 3 * s, 48 * s, 0, 0);
  }
}

// NZ2ND-1 (turn 3), from the vendor's A2/A3 checks: srcNStride <= 4095 (UINT12_MAX; the page said 4096), and with
// ndNum > 1 srcNdMatrixStride*256 a multiple of nValue*sizeof(T) (taken as the spec states it).
TEST(Nz2Nd, Turn3VendorChecks) {
  for (const DType t : {DType::half, DType::float_}) {
    SCOPED_TRACE(std::string(name(t)));
    const std::uint64_t s = sizeBytes(t);
    Trial r = runCase(makeNz2Nd(t, Nz2NdParamsFull{2, 5, 16, 2, 1, 16, 80}, 1 << 16, 1 << 16));
    EXPECT_EQ(r.eval.verdict, Verdict::invalid);
    EXPECT_VIOLATION(r.eval.violations, "NZ2ND-1", "params.srcNdMatrixStride", "2");  // 512 % (5*s) != 0
    EXPECT_EQ(r.eval.violations.size(), 1u);
    checkNz2Nd(t, Nz2NdParamsFull{2, 5, 16, 5, 1, 16, 80}, 5 * 256 * 2 * s, 2 * 80 * s);  // 1280 % 10, % 20 == 0
    checkNz2Nd(t, Nz2NdParamsFull{1, 5, 16, 2, 1, 16, 80}, 512 * s, 80 * s);  // one matrix: no such rule
    r = runCase(makeNz2Nd(t, Nz2NdParamsFull{1, 1, 16, 1, 4096, 16, 16}, 1 << 16, 1 << 16));
    EXPECT_EQ(r.eval.verdict, Verdict::invalid);
    EXPECT_VIOLATION(r.eval.violations, "NZ2ND-1", "params.srcNStride", "4096");
    checkNz2Nd(t, Nz2NdParamsFull{1, 1, 32, 1, 4095, 32, 32}, (16 * 4095 + 16) * s, 32 * s);
  }
}

// dstDStride < dValue overlaps rows: a doubly-written element is ANY (the write order is undocumented).
TEST(Nz2Nd, OverlappingRowsCollide) {
  const Nz2NdParamsFull p{1, 2, 32, 1, 2, 16, 1};
  const Trial r = runCase(makeNz2Nd(DType::half, p, 256 * 2, 64 * 2 + 32));
  ASSERT_EQ(r.eval.verdict, Verdict::computed);
  for (std::uint64_t b = 32; b < 64; ++b) EXPECT_EQ(r.eval.expectation.region[b], Region::collision);
  expectComputedAsModel(r, modelNz2Nd(r, p));
}

TEST(Nz2Nd, DValueNotMultipleOf16IsInvalid) {
  for (const std::uint16_t d : {std::uint16_t{1}, std::uint16_t{15}, std::uint16_t{17}, std::uint16_t{8191}}) {
    const Trial r = runCase(makeNz2Nd(DType::half, Nz2NdParamsFull{1, 1, d, 1, 1, d, 1}, 1 << 20, 1 << 20));
    EXPECT_EQ(r.eval.verdict, Verdict::invalid);
    EXPECT_VIOLATION(r.eval.violations, "NZ2ND-1", "params.dValue", std::to_string(d));
  }
  checkNz2Nd(DType::half, Nz2NdParamsFull{1, 1, 16, 1, 1, 16, 1}, 32, 32);
}

TEST(Nz2Nd, NdNumZeroMovesNothing) {
  expectNoop(runCase(makeNz2Nd(DType::half, Nz2NdParamsFull{0, 4, 16, 1, 4, 16, 1}, 256, 256)));
}

}  // namespace
}  // namespace dcconf::oracle::test
