// DataCopy normal 0-level and 2-level (SEMANTICS section 4, DC-*): worked examples, every documented path,
// strides, remainders, footprints and guard bytes.
#include "test_support.hpp"

namespace dcconf::oracle::test {
namespace {

struct DC {
  DType dtype = DType::half;
  std::uint32_t blockCount = 1;
  std::uint32_t blockLen = 1;  // 32-byte blocks
  std::uint32_t srcStride = 0;
  std::uint32_t dstStride = 0;
  Position srcPos = Position::GM;
  Position dstPos = Position::VECIN;
  std::uint64_t srcOffset = 0;
  std::uint64_t dstOffset = 0;
  Product product = kDefaultProduct;
};

Case makeDC(const DC& g) {
  const std::uint64_t srcSpan = 32 * ((g.blockCount - 1) * (g.blockLen + g.srcStride) + g.blockLen);
  const std::uint64_t dstSpan = 32 * ((g.blockCount - 1) * (g.blockLen + g.dstStride) + g.blockLen);
  Case c = makeCase(Api::DataCopy, g.srcPos, g.dstPos, g.dtype,
                    DataCopyParams{static_cast<std::uint16_t>(g.blockCount), static_cast<std::uint16_t>(g.blockLen),
                                   static_cast<std::uint16_t>(g.srcStride), static_cast<std::uint16_t>(g.dstStride)},
                    g.srcOffset + srcSpan + 64, g.dstOffset + dstSpan + 64, g.srcOffset, g.dstOffset);
  c.product = g.product;
  return c;
}

// DC-2 by hand.
Model modelDC(const DC& g, const Trial& r) {
  Model m(r.src, r.dst);
  for (std::uint64_t i = 0; i < g.blockCount; ++i) {
    for (std::uint64_t k = 0; k < 32 * g.blockLen; ++k) {
      m.copy(g.dstOffset + 32 * i * (g.blockLen + g.dstStride) + k, g.srcOffset + 32 * i * (g.blockLen + g.srcStride) + k);
    }
  }
  return m;
}

void checkDC(const DC& g) {
  const Trial r = runCase(makeDC(g));
  expectComputedAsModel(r, modelDC(g, r));
}

// Doc: DataCopyParams{2, 8, 0, 1}: two blocks of 8 data blocks, contiguous in the source, one block gap in dst.
TEST(DataCopy, WorkedExample0Level2x8DstGap1) {
  const DC g{.dtype = DType::half, .blockCount = 2, .blockLen = 8, .srcStride = 0, .dstStride = 1};
  const Trial r = runCase(makeDC(g));
  ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
  EXPECT_EQ(r.eval.footprint.reads, (std::vector<ByteRange>{{0, 512}}));
  EXPECT_EQ(r.eval.footprint.writes, (std::vector<ByteRange>{{0, 256}, {288, 544}}));
  for (std::uint64_t k = 0; k < 256; ++k) {
    EXPECT_EQ(r.eval.expectation.expected[k], r.src[k]);
    EXPECT_EQ(r.eval.expectation.expected[288 + k], r.src[256 + k]);
  }
  for (std::uint64_t k = 256; k < 288; ++k) {
    EXPECT_EQ(r.eval.expectation.region[k], Region::keep);
    EXPECT_EQ(r.eval.expectation.expected[k], guardByte(k));
  }
  expectComputedAsModel(r, modelDC(g, r));
}

// Doc: 2-level DataCopy(dst, src, 512) of half: 1024 bytes = 32 data blocks, contiguous.
TEST(DataCopy, WorkedExample2Level512Half) {
  for (const auto& [from, to] : {std::pair{Position::GM, Position::VECIN}, std::pair{Position::VECIN, Position::VECOUT},
                                 std::pair{Position::VECOUT, Position::GM}}) {
    SCOPED_TRACE(pathName(from, to));
    Case c = makeCase(Api::DataCopy, from, to, DType::half, CalCount{512}, 1024 + 32, 1024 + 64, 0, 32);
    Bytes src = patternBuffer(c.src.sizeBytes);
    for (std::uint64_t k = 0; k < 512; ++k) storeLE(src, 2 * k, halfBitsOf(float(k + 1)), 2);  // [1 2 3 ... 512]
    const Trial r = runCase(c, src);
    ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
    EXPECT_EQ(r.eval.footprint.reads, (std::vector<ByteRange>{{0, 1024}}));
    EXPECT_EQ(r.eval.footprint.writes, (std::vector<ByteRange>{{32, 1056}}));
    for (std::uint64_t k = 0; k < 512; ++k) {
      EXPECT_EQ(loadLE(r.eval.expectation.expected, 32 + 2 * k, 2), halfBitsOf(float(k + 1)));
    }
    Model m(r.src, r.dst);
    for (std::uint64_t k = 0; k < 1024; ++k) m.copy(32 + k, k);
    expectComputedAsModel(r, m);
  }
}

// DC-3: floor(calCount*s/32)*32 bytes; a remainder is silently dropped; under 32 bytes moves nothing.
TEST(DataCopy, TwoLevelRemainderDropped) {
  struct Row {
    DType t;
    std::uint32_t calCount;
    std::uint64_t movedBytes;
  };
  for (const Row row : {Row{DType::half, 17, 32}, Row{DType::half, 15, 0}, Row{DType::half, 16, 32},
                        Row{DType::float_, 9, 32}, Row{DType::float_, 7, 0}, Row{DType::int8_t, 95, 64},
                        Row{DType::int8_t, 96, 96}, Row{DType::int8_t, 97, 96}, Row{DType::uint32_t, 1, 0},
                        Row{DType::half, 0, 0}}) {
    SCOPED_TRACE(std::string(name(row.t)) + " calCount " + std::to_string(row.calCount));
    const std::uint64_t logical = std::uint64_t{row.calCount} * sizeBytes(row.t);
    const Case c = makeCase(Api::DataCopy, Position::GM, Position::VECIN, row.t, CalCount{row.calCount},
                            logical + 5, logical + 64);
    const Trial r = runCase(c);
    Model m(r.src, r.dst);
    for (std::uint64_t k = 0; k < row.movedBytes; ++k) m.copy(k, k);
    expectComputedAsModel(r, m);
  }
}

TEST(DataCopy, EveryDocumentedPath) {
  for (const auto& [from, to] :
       {std::pair{Position::GM, Position::VECIN}, std::pair{Position::GM, Position::A1}, std::pair{Position::GM, Position::B1},
        std::pair{Position::VECIN, Position::VECOUT}, std::pair{Position::VECOUT, Position::GM}}) {
    SCOPED_TRACE(pathName(from, to));
    checkDC({.blockCount = 3, .blockLen = 2, .srcStride = 1, .dstStride = 2, .srcPos = from, .dstPos = to,
             .srcOffset = 64, .dstOffset = 32});
  }
  // CO2 exists only on the older parts (PROD).
  checkDC({.blockCount = 2, .blockLen = 1, .srcPos = Position::CO2, .dstPos = Position::GM, .dstOffset = 3,
           .product = Product::atlas_training});
}

// DC-5 (project): UB -> L1 on the four products whose DataCopy page and headers have it, DC-2's walk with both
// strides in blocks, both call levels; Atlas training lacks it (NOT_SUPPORTED, never a failure).
TEST(DataCopy, UbToL1OnTheProductsThatHaveIt) {
  const std::pair<Position, Position> ubToL1[] = {{Position::VECIN, Position::A1}, {Position::VECIN, Position::B1},
                                                  {Position::VECOUT, Position::A1}, {Position::VECOUT, Position::B1}};
  for (const Product product : {Product::atlas_a2, Product::atlas_a3, Product::atlas_inference_310p, Product::ascend950}) {
    for (const auto& [from, to] : ubToL1) {
      SCOPED_TRACE(std::string(name(product)) + " " + pathName(from, to));
      checkDC({.blockCount = 3, .blockLen = 2, .srcStride = 1, .dstStride = 2, .srcPos = from, .dstPos = to,
               .srcOffset = 64, .dstOffset = 32, .product = product});
      Case c2 = makeCase(Api::DataCopy, from, to, DType::half, CalCount{17}, 64, 96, 0, 32);  // DC-3: 32 bytes move
      c2.product = product;
      const Trial r = runCase(c2);
      Model m(r.src, r.dst);
      for (std::uint64_t k = 0; k < 32; ++k) m.copy(32 + k, k);
      expectComputedAsModel(r, m);
    }
  }
  for (const auto& [from, to] : ubToL1) {
    Case c = makeDC({.srcPos = from, .dstPos = to, .product = Product::atlas_training});
    EXPECT_EQ(runCase(c).eval.verdict, Verdict::notSupported) << pathName(from, to);
    c.params = CalCount{16};
    EXPECT_EQ(runCase(c).eval.verdict, Verdict::notSupported) << pathName(from, to);
  }
}

// DC-5, the vendor example data_copy_ub2l1 scenario 1 (Ascend 950, half, m = n = k = 32): the A and B matrices, already
// NZ in the UB, go to A1 and B1 with DataCopy(l1, ub, m*k): 2048 bytes each, verbatim, every byte cared.
TEST(DataCopy, UbToL1VendorExampleScenario1) {
  for (const Position l1 : {Position::A1, Position::B1}) {
    Case c = makeCase(Api::DataCopy, Position::VECIN, l1, DType::half, CalCount{32 * 32}, 2048, 2048 + 64);
    c.product = Product::ascend950;
    const Trial r = runCase(c);
    ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
    EXPECT_EQ(r.eval.footprint.writes, (std::vector<ByteRange>{{0, 2048}}));
    for (std::uint64_t k = 0; k < 2048; ++k) {
      ASSERT_EQ(r.eval.expectation.region[k], Region::data) << k;
      ASSERT_EQ(r.eval.expectation.expected[k], r.src[k]) << k;
    }
    for (std::uint64_t k = 2048; k < 2048 + 64; ++k) EXPECT_EQ(r.eval.expectation.region[k], Region::keep) << k;
  }
}

TEST(DataCopy, StridesAndSizes) {
  for (const DType t : {DType::int8_t, DType::half, DType::float_}) {
    for (const std::uint32_t len : {1u, 2u, 3u}) {
      for (const std::uint32_t stride : {0u, 1u, 5u}) {
        SCOPED_TRACE(std::string(name(t)) + " len " + std::to_string(len) + " stride " + std::to_string(stride));
        checkDC({.dtype = t, .blockCount = 4, .blockLen = len, .srcStride = stride, .dstStride = 0});
        checkDC({.dtype = t, .blockCount = 4, .blockLen = len, .srcStride = 0, .dstStride = stride});
        checkDC({.dtype = t, .blockCount = 1, .blockLen = len, .srcStride = stride, .dstStride = stride,
                 .srcPos = Position::VECOUT, .dstPos = Position::GM, .srcOffset = 32, .dstOffset = 1});
      }
    }
  }
  checkDC({.blockCount = 4095, .blockLen = 1, .srcStride = 1});
}

TEST(DataCopy, ZeroCountInvalidByDefaultNoopUnderHwNoop) {
  for (const bool zeroCount : {true, false}) {
    Case c = makeDC({.blockCount = 1, .blockLen = 1});
    auto& p = std::get<DataCopyParams>(c.params);
    (zeroCount ? p.blockCount : p.blockLen) = 0;
    Trial r = runCase(c);
    EXPECT_EQ(r.eval.verdict, Verdict::invalid);
    EXPECT_VIOLATION(r.eval.violations, "DC-1", zeroCount ? "params.blockCount" : "params.blockLen", "0");
    c.profile.zeroCount = Profile::ZeroCount::hwNoop;
    expectNoop(runCase(c));
  }
}

}  // namespace
}  // namespace dcconf::oracle::test
