// BroadCastVecToMM, VECIN/VECOUT -> CO1 (docs/semantics.md section 9a, BRC-*, project): the vendor's worked example,
// hand models of the placement under each pinned reading, the open readings of AMB-40/41, AMB-42, validation.
#include <cstring>

#include "dcconf/oracle/alternatives.hpp"
#include "test_support.hpp"

namespace dcconf::oracle::test {
namespace {

Case makeBroadcast(DType t, const BroadCastVecToMMParams& p, std::uint64_t srcSize, std::uint64_t dstSize,
                   std::uint64_t srcOffset = 0, std::uint64_t dstOffset = 0, Position src = Position::VECIN) {
  Case c = makeCase(Api::BroadCastVecToMM, src, Position::CO1, t, p, srcSize, dstSize, srcOffset, dstOffset);
  c.product = Product::atlas_inference_310p;
  return c;
}

// BRC-3 by hand, one pinned reading: rows 16-element rows per block (blockLen, or 2*blockLen for half 64-byte units),
// block b at fractal b*(rows + dstGap), or b*dstGap head to head; each row fills all 16 rows of its fractal.
Model modelBroadcast(const Trial& r, const BroadCastVecToMMParams& p, bool headToHead, bool halfLen64) {
  Model m(r.src, r.dst);
  const std::uint64_t s = sizeBytes(r.c.dtype);
  const std::uint64_t rows = p.blockLen * (r.c.dtype == DType::half && halfLen64 ? 2u : 1u);
  for (std::uint64_t b = 0; b < p.blockCount; ++b) {
    const std::uint64_t firstFractal = headToHead ? b * p.dstGap : b * (rows + p.dstGap);
    for (std::uint64_t j = 0; j < rows; ++j) {
      for (std::uint64_t row = 0; row < 16; ++row) {
        for (std::uint64_t col = 0; col < 16; ++col) {
          const std::uint64_t d = r.c.dst.offsetBytes + ((firstFractal + j) * 256 + row * 16 + col) * s;
          const std::uint64_t from = r.c.src.offsetBytes + b * (rows * 16 * s + p.srcGap * 32) + (j * 16 + col) * s;
          for (std::uint64_t k = 0; k < s; ++k) m.copy(d + k, from + k);
        }
      }
    }
  }
  return m;
}

// BRC-5: broadcast_ub2l0c, float, BroadCastVecToMM(dst, src, 1, 1, 0, 1): numpy's golden is the [16] input in every
// row of a [16, 16] output (golden[i] = input_x for i < 16). The input here is 16 floats in the recipe's
// uniform(-100, 100) range; the golden is built from them by that recipe.
TEST(Broadcast, VendorWorkedExampleFloat16To16x16) {
  const float input[16] = {-93.25F, 41.5F,  7.125F,   -0.5F,  99.75F, -64.0F, 12.375F, 3.0F,
                           -27.5F,  88.0F,  -100.0F, 55.25F, -8.75F, 0.0F,   71.5F,   -33.125F};
  Bytes src(sizeof input);
  std::memcpy(src.data(), input, sizeof input);
  float golden[16][16];
  for (auto& row : golden) std::memcpy(row, input, sizeof input);
  const std::uint64_t dstSize = sizeof golden + 1024;  // one more fractal after it: KEEP
  const Trial r = runCase(makeBroadcast(DType::float_, {1, 1, 0, 1}, src.size(), dstSize), src);
  ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
  Bytes expected(sizeof golden);
  std::memcpy(expected.data(), golden, sizeof golden);
  for (std::uint64_t i = 0; i < expected.size(); ++i) {
    ASSERT_EQ(r.eval.expectation.care[i], 1) << i;
    ASSERT_EQ(r.eval.expectation.expected[i], expected[i]) << "byte " << i;
  }
  for (std::uint64_t i = expected.size(); i < dstSize; ++i) {
    ASSERT_EQ(r.eval.expectation.region[i], Region::keep) << i;
    ASSERT_EQ(r.eval.expectation.expected[i], r.dst[i]) << i;
  }
}

// BRC-3/4: every type, both paths, each pinned reading, against the hand model (also G-2's stray reads).
TEST(Broadcast, PlacementMatchesTheModelUnderEachPinnedReading) {
  const BroadCastVecToMMParams shapes[] = {{1, 1, 0, 0}, {3, 2, 1, 1}, {2, 1, 3, 4}, {4, 3, 0, 2}, {2, 2, 2, 0}};
  for (const DType t : {DType::half, DType::float_, DType::int32_t}) {
    for (const auto& p : shapes) {
      for (const bool headToHead : {false, true}) {
        for (const bool halfLen64 : {false, true}) {
          SCOPED_TRACE(std::string(name(t)) + " blockCount " + std::to_string(p.blockCount) + " blockLen " +
                       std::to_string(p.blockLen) + " srcGap " + std::to_string(p.srcGap) + " dstGap " +
                       std::to_string(p.dstGap) + (headToHead ? " head-to-head" : "") + (halfLen64 ? " 64b" : ""));
          const std::uint64_t s = sizeBytes(t);
          Case c = makeBroadcast(t, p, 32 + 2 * p.blockCount * (p.blockLen * 32 * s + p.srcGap * 32),
                                 256 * s * 2 + p.blockCount * (2 * p.blockLen + p.dstGap) * 256 * s, 32, 256 * s,
                                 headToHead ? Position::VECOUT : Position::VECIN);
          c.profile.brcDstGap = headToHead ? Profile::BrcDstGap::stride : Profile::BrcDstGap::gap;
          c.profile.brcHalfLen = halfLen64 ? Profile::BrcHalfLen::bytes64 : Profile::BrcHalfLen::elems16;
          const Trial r = runCase(c);
          const Model m = modelBroadcast(r, p, headToHead, halfLen64);
          expectEvaluationMatches(r.eval, m, r.dst);
          expectNoStrayReads(r, m);
        }
      }
    }
  }
}

// AMB-40/41 open (the default): a byte the readings place differently is ANY in the region of the axis to blame;
// a float case with one block leaves nothing open and every written byte cared.
TEST(Broadcast, DefaultLeavesTheAmbiguousBytesAnyAndNoOthers) {
  {
    const Trial r = runCase(makeBroadcast(DType::float_, {1, 3, 0, 0}, 3 * 64, 3 * 1024));
    ASSERT_EQ(r.eval.verdict, Verdict::computed);
    for (std::uint64_t i = 0; i < 3 * 1024; ++i) ASSERT_EQ(r.eval.expectation.care[i], 1) << i;
  }
  {  // float, two blocks of one row, dstGap 2: block 1 at fractal 3 (tail to head) or 2 (head to head)
    const Trial r = runCase(makeBroadcast(DType::float_, {2, 1, 0, 2}, 2 * 64, 4 * 1024));
    ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
    for (std::uint64_t i = 0; i < 1024; ++i) ASSERT_EQ(r.eval.expectation.care[i], 1);
    for (std::uint64_t i = 1024; i < 2048; ++i) ASSERT_EQ(r.eval.expectation.region[i], Region::keep);
    for (std::uint64_t i = 2048; i < 4096; ++i) {
      ASSERT_EQ(r.eval.expectation.care[i], 0) << i;
      ASSERT_EQ(r.eval.expectation.region[i], Region::ambiguous40) << i;
    }
    const Alternatives alt = alternatives(r.c, r.src, r.dst, r.eval.expectation);
    EXPECT_EQ(alt.ambIds, (std::vector<int>{40}));
  }
  {  // half, one block of one unit: fractal 0 either way, fractal 1 only under the 64-byte reading
    const Trial r = runCase(makeBroadcast(DType::half, {1, 1, 0, 0}, 64, 2 * 512));
    ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
    for (std::uint64_t i = 0; i < 512; ++i) ASSERT_EQ(r.eval.expectation.care[i], 1);
    for (std::uint64_t i = 512; i < 1024; ++i) ASSERT_EQ(r.eval.expectation.region[i], Region::ambiguous41) << i;
    const Alternatives alt = alternatives(r.c, r.src, r.dst, r.eval.expectation);
    EXPECT_EQ(alt.ambIds, (std::vector<int>{41}));
  }
}

// BRC-4: head to head with dstGap below the block's rows, two blocks address one fractal: ANY (collision).
TEST(Broadcast, OverlappingBlocksUnderHeadToHeadAreCollisions) {
  Case c = makeBroadcast(DType::int32_t, {2, 2, 0, 1}, 2 * 2 * 64, 3 * 1024);
  c.profile.brcDstGap = Profile::BrcDstGap::stride;
  const Trial r = runCase(c);
  ASSERT_EQ(r.eval.verdict, Verdict::computed);
  for (std::uint64_t i = 1024; i < 2048; ++i) ASSERT_EQ(r.eval.expectation.region[i], Region::collision) << i;
  EXPECT_EQ(definingClause(r.c, Operation::broadcastUbToL0c, Region::collision), "BRC-4");
}

bool names(const Evaluation& e, const std::string& clause, const std::string& field) {
  for (const auto& v : e.violations) {
    if (v.clause == clause && v.field == field) return true;
  }
  return false;
}

// BRC-2 ranges and AMB-42's alignment; AMB-1 hw-noop makes a zero count a no-op.
TEST(Broadcast, ValidationNamesTheRangeClauses) {
  const auto eval = [](const Case& c) { return runCase(c).eval; };
  EXPECT_TRUE(names(eval(makeBroadcast(DType::float_, {0, 1, 0, 0}, 64, 1024)), "BRC-2", "params.blockCount"));
  EXPECT_TRUE(names(eval(makeBroadcast(DType::float_, {256, 1, 0, 0}, 1 << 16, 1 << 20)), "BRC-2",
                    "params.blockCount"));
  EXPECT_TRUE(names(eval(makeBroadcast(DType::float_, {1, 0, 0, 0}, 64, 1024)), "BRC-2", "params.blockLen"));
  // AMB-42: 512 bytes is 128 floats, not 256 elements; brc-align-64b accepts it
  Case c = makeBroadcast(DType::float_, {1, 1, 0, 0}, 64, 2048, 0, 512);
  EXPECT_TRUE(names(eval(c), "BRC-2", "dst.offset"));
  c.profile.brcDstAlign = Profile::BrcDstAlign::bytes64;
  EXPECT_EQ(eval(c).verdict, Verdict::computed);
  c.dst.offsetBytes = 32;
  EXPECT_TRUE(names(eval(c), "BRC-2", "dst.offset"));
  Case noop = makeBroadcast(DType::half, {0, 1, 0, 0}, 64, 1024);
  noop.profile.zeroCount = Profile::ZeroCount::hwNoop;
  const Evaluation e = eval(noop);
  ASSERT_EQ(e.verdict, Verdict::computed);
  EXPECT_TRUE(e.footprint.writes.empty());
}

// BRC-1: the Atlas inference AI Core only, half/float/int32_t; the UB->CO1 paths only.
TEST(Broadcast, ProductsTypesAndPaths) {
  for (const Product product : allProducts()) {
    Case c = makeBroadcast(DType::float_, {1, 1, 0, 0}, 64, 1024);
    c.product = product;
    const Verdict expected = product == Product::atlas_inference_310p ? Verdict::computed : Verdict::notSupported;
    EXPECT_EQ(runCase(c).eval.verdict, expected) << name(product);
  }
  EXPECT_EQ(runCase(makeBroadcast(DType::int16_t, {1, 1, 0, 0}, 32, 512)).eval.verdict, Verdict::notSupported);
  Case wrongPath = makeBroadcast(DType::float_, {1, 1, 0, 0}, 64, 1024);
  wrongPath.dstPos = Position::CO2;
  EXPECT_EQ(runCase(wrongPath).eval.verdict, Verdict::malformed);
  Case wrongParams = makeBroadcast(DType::float_, {1, 1, 0, 0}, 64, 1024);
  wrongParams.params = DataCopyParams{1, 1, 0, 0};
  EXPECT_EQ(runCase(wrongParams).eval.verdict, Verdict::malformed);
}

}  // namespace
}  // namespace dcconf::oracle::test
