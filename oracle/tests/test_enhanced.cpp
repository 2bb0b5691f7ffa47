// Enhanced DataCopy, data movement (SEMANTICS section 9, ENH-1..3): NORMAL on the normal paths is DC; MATRIX,
// VECTOR and SMALL_CHANNEL on CO1->CO2 with their per-width units (tables 7 and 8, SMALL_CHANNEL derived);
// isRelu as max(x, 0) with NaN and -0.0 left ANY; the documented rejections; deqScale NOT_SUPPORTED for now.
#include <cmath>
#include <limits>

#include "test_support.hpp"

namespace dcconf::oracle::test {
namespace {

Case makeEnhanced(Position srcPos, Position dstPos, DType t, DataCopyParams p, DataCopyEnhancedParams e,
                  std::uint64_t srcSize, std::uint64_t dstSize, Product product = Product::atlas_training) {
  Case c = makeCase(Api::DataCopy, srcPos, dstPos, t, p, srcSize, dstSize);
  c.enhancedParams = e;
  c.product = product;
  return c;
}

Case co1(DType t, DataCopyParams p, BlockMode mode, std::uint64_t srcSize, std::uint64_t dstSize, bool relu = false) {
  return makeEnhanced(Position::CO1, Position::CO2, t, p, {mode, DeqScale::none, 0, 0, relu, 0, 0}, srcSize, dstSize);
}

// count bursts of len bytes, src pitch / dst pitch in bytes
Model bursts(const Trial& r, std::uint64_t count, std::uint64_t len, std::uint64_t srcPitch, std::uint64_t dstPitch) {
  Model m(r.src, r.dst);
  for (std::uint64_t i = 0; i < count; ++i) {
    for (std::uint64_t b = 0; b < len; ++b) m.copy(i * dstPitch + b, i * srcPitch + b);
  }
  return m;
}

// ENH-1 NORMAL = DC: 2 blocks of 2*32 bytes, srcStride 1, dstStride 3 -> src pitch 96, dst pitch 160.
TEST(Enhanced, NormalIsDataCopy) {
  for (const auto& [src, dst] : {std::pair{Position::GM, Position::VECIN}, std::pair{Position::VECIN, Position::VECOUT},
                                 std::pair{Position::VECOUT, Position::GM}, std::pair{Position::CO2, Position::GM}}) {
    SCOPED_TRACE(pathName(src, dst));
    const Trial r = runCase(makeEnhanced(src, dst, DType::half, {2, 2, 1, 3}, {}, 192, 256));
    expectComputedAsModel(r, bursts(r, 2, 64, 96, 160));
  }
  // sidStoreMode is the sid outside CO1->CO2: no effect on the data
  const Trial sid = runCase(makeEnhanced(Position::GM, Position::A1, DType::int8_t, {1, 1, 0, 0},
                                         {BlockMode::normal, DeqScale::none, 0, 3, false, 0, 0}, 32, 64, Product::atlas_a2));
  expectComputedAsModel(sid, bursts(sid, 1, 32, 32, 32));
}

// Table 7, MATRIX: a block is one 16x16 fractal (512 B for b16, 1024 B for b32), srcStride in fractals, dstStride in
// 32 B. blockCount 2, blockLen 1, srcStride 1, dstStride 2: src pitch 2*fractal, dst pitch fractal + 64.
TEST(Enhanced, MatrixMode) {
  const Trial h = runCase(co1(DType::half, {2, 1, 1, 2}, BlockMode::matrix, 2048, 512 + 64 + 512 + 32));
  expectComputedAsModel(h, bursts(h, 2, 512, 1024, 576));
  const Trial f = runCase(co1(DType::float_, {2, 1, 1, 2}, BlockMode::matrix, 4096, 1024 + 64 + 1024 + 32));
  expectComputedAsModel(f, bursts(f, 2, 1024, 2048, 1088));
}

// Table 8, VECTOR: a block is one 1x16 row (32 B / 64 B), srcStride in 512 B / 1024 B, dstStride in 32 B.
// blockCount 3, blockLen 2, srcStride 1, dstStride 0: half src pitch 64 + 512, dst pitch 64.
TEST(Enhanced, VectorMode) {
  const Trial h = runCase(co1(DType::half, {3, 2, 1, 0}, BlockMode::vector, 2 * 576 + 64, 3 * 64 + 32));
  expectComputedAsModel(h, bursts(h, 3, 64, 576, 64));
  const Trial i = runCase(co1(DType::int32_t, {2, 1, 2, 1}, BlockMode::vector, 64 + 2048 + 64, 64 + 32 + 64));
  expectComputedAsModel(i, bursts(i, 2, 64, 64 + 2048, 96));
}

// SMALL_CHANNEL: one 16x4 fractal = 64 elements (128 B for b16, 256 B for b32), srcStride in the same unit.
TEST(Enhanced, SmallChannelMode) {
  const Trial f = runCase(co1(DType::float_, {2, 1, 1, 1}, BlockMode::smallChannel, 512 + 256, 256 + 32 + 256));
  expectComputedAsModel(f, bursts(f, 2, 256, 512, 288));
  const Trial h = runCase(co1(DType::uint16_t, {1, 3, 0, 0}, BlockMode::smallChannel, 384, 384 + 32));
  expectComputedAsModel(h, bursts(h, 1, 384, 384, 384));
}

// ENH-3 isRelu without deqScale: max(x, 0). Signed integers: negatives -> 0; unsigned unchanged; floats: negatives
// -> +0, +inf stays, -inf -> 0, NaN and -0.0 ANY.
TEST(Enhanced, ReluOnElementValues) {
  // int32, one VECTOR block = 16 elements
  Bytes src(64);
  const std::int64_t ints[16] = {-5, 0, 7, INT32_MIN, INT32_MAX, -1, 1, 2, 3, -4, 5, 6, 7, 8, 9, -10};
  for (int k = 0; k < 16; ++k) storeLE(src, 4 * k, static_cast<std::uint32_t>(ints[k]), 4);
  const Trial r = runCase(co1(DType::int32_t, {1, 1, 0, 0}, BlockMode::vector, 64, 96, true), src);
  ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
  Model m(r.src, r.dst);
  for (int k = 0; k < 16; ++k) {
    for (std::uint64_t b = 0; b < 4; ++b) m.read(4 * k + b);
    m.element(4 * k, ints[k] < 0 ? 0 : static_cast<std::uint64_t>(ints[k]), 4, Region::data);
  }
  expectEvaluationMatches(r.eval, m, r.dst);
  // uint32: all ones stays
  Bytes ones(64, 0xFF);
  const Trial u = runCase(co1(DType::uint32_t, {1, 1, 0, 0}, BlockMode::vector, 64, 64, true), ones);
  EXPECT_EQ(u.eval.expectation.expected, ones);
  // float
  const float inf = std::numeric_limits<float>::infinity();
  const float floats[16] = {-1.5f, 2.0f, -0.0f, std::nanf(""), -inf, inf, 0.0f, -3.0f, 4.0f, 5.0f, -6.0f, 7.0f, 8.0f, 9.0f, 10.0f, -1e-40f};
  Bytes fsrc(64);
  for (int k = 0; k < 16; ++k) storeLE(fsrc, 4 * k, floatBitsOf(floats[k]), 4);
  const Trial f = runCase(co1(DType::float_, {1, 1, 0, 0}, BlockMode::vector, 64, 64, true), fsrc);
  Model mf(f.src, f.dst);
  for (int k = 0; k < 16; ++k) {
    for (std::uint64_t b = 0; b < 4; ++b) mf.read(4 * k + b);
    if (k == 2 || k == 3) {
      for (std::uint64_t b = 0; b < 4; ++b) mf.any(4 * k + b, Region::data);
    } else {
      mf.element(4 * k, std::signbit(floats[k]) ? 0 : floatBitsOf(floats[k]), 4, Region::data);
    }
  }
  expectEvaluationMatches(f.eval, mf, f.dst);
  // half, 16 elements in one 32-byte VECTOR block
  Bytes hsrc(32);
  for (int k = 0; k < 16; ++k) storeLE(hsrc, 2 * k, halfBitsOf(static_cast<float>(k % 2 == 0 ? -k - 1 : k)), 2);
  const Trial h = runCase(co1(DType::half, {1, 1, 0, 0}, BlockMode::vector, 32, 32, true), hsrc);
  for (int k = 0; k < 16; ++k) {
    EXPECT_EQ(loadLE(h.eval.expectation.expected, 2 * k, 2), k % 2 == 0 ? 0u : halfBitsOf(static_cast<float>(k))) << k;
  }
  EXPECT_EQ(h.eval.expectation.care, Bytes(32, 1));
}

std::vector<Violation> violationsOf(const Case& c, Verdict expected = Verdict::invalid) {
  const Bytes src(c.src.sizeBytes), dst(c.dst.sizeBytes);
  const Evaluation e = evaluate(c, src, dst);
  EXPECT_EQ(e.verdict, expected) << violationsText(e.violations);
  return e.violations;
}

TEST(Enhanced, Rejections) {
  EXPECT_VIOLATION(violationsOf(co1(DType::half, {1, 1, 0, 0}, BlockMode::depthwise, 4096, 4096)), "ENH-1",
                   "enhancedParams.blockMode", "BLOCK_MODE_DEPTHWISE");
  EXPECT_VIOLATION(violationsOf(co1(DType::half, {1, 1, 0, 0}, BlockMode::normal, 4096, 4096)), "ENH-1",
                   "enhancedParams.blockMode", "BLOCK_MODE_NORMAL");
  EXPECT_VIOLATION(violationsOf(makeEnhanced(Position::GM, Position::VECIN, DType::half, {1, 1, 0, 0},
                                             {BlockMode::matrix, DeqScale::none, 0, 0, false, 0, 0}, 64, 64)),
                   "ENH-1", "enhancedParams.blockMode", "BLOCK_MODE_MATRIX");
  Case pad = makeEnhanced(Position::GM, Position::A1, DType::half, {1, 1, 0, 0}, {}, 64, 64);
  pad.enhancedParams->padMode = 1;
  EXPECT_VIOLATION(violationsOf(pad), "ENH-1", "enhancedParams.padMode", "1");
  Case relu = makeEnhanced(Position::GM, Position::VECIN, DType::half, {1, 1, 0, 0}, {}, 64, 64);
  relu.enhancedParams->isRelu = true;
  EXPECT_VIOLATION(violationsOf(relu), "ENH-3", "enhancedParams.isRelu", "1");
  Case deq = makeEnhanced(Position::GM, Position::VECIN, DType::half, {1, 1, 0, 0}, {}, 64, 64);
  deq.enhancedParams->deqScale = DeqScale::deq;
  EXPECT_VIOLATION(violationsOf(deq), "ENH-2", "enhancedParams.deqScale", "DEQ");
  Case zero = co1(DType::half, {0, 1, 0, 0}, BlockMode::matrix, 4096, 4096);
  EXPECT_VIOLATION(violationsOf(zero), "DC-1", "params.blockCount", "0");
  // deqScale on CO1->CO2 is documented, but its arithmetic lands with issue 7: NOT_SUPPORTED, clause ENH-2
  Case conv = co1(DType::int32_t, {1, 1, 0, 0}, BlockMode::matrix, 4096, 4096);
  conv.enhancedParams->deqScale = DeqScale::vdeq16;
  EXPECT_VIOLATION(violationsOf(conv, Verdict::notSupported), "ENH-2", "enhancedParams.deqScale", "VDEQ16");
}

TEST(Enhanced, MalformedAndProducts) {
  Case c = co1(DType::half, {1, 1, 0, 0}, BlockMode::matrix, 512, 512);
  c.params = CalCount{16};
  EXPECT_FALSE(resolveOperation(c).operation.has_value());
  c = co1(DType::half, {1, 1, 0, 0}, BlockMode::matrix, 512, 512);
  c.api = Api::DataCopyPad;
  EXPECT_FALSE(resolveOperation(c).operation.has_value());
  c = co1(DType::half, {1, 1, 0, 0}, BlockMode::matrix, 512, 512);
  c.dstPos = Position::GM;  // CO1->GM is FIX, not enhanced DataCopy
  EXPECT_FALSE(resolveOperation(c).operation.has_value());
  // CO1->CO2 exists on the training / 310P parts only; A2 has the enhanced normal paths without CO2
  c = co1(DType::half, {1, 1, 0, 0}, BlockMode::matrix, 512, 512);
  EXPECT_EQ(resolveOperation(c).operation, Operation::enhancedCo1ToCo2);
  c.product = Product::atlas_inference_310p;
  EXPECT_EQ(violationsOf(c, Verdict::computed).size(), 0u);
  c.product = Product::atlas_a2;
  EXPECT_VIOLATION(violationsOf(c, Verdict::notSupported), "PROD", "product", "atlas-a2");
  c.product = Product::atlas_training;
  c.dtype = DType::int8_t;  // CO1 holds b16/b32 data
  EXPECT_VIOLATION(violationsOf(c, Verdict::notSupported), "PROD", "dtype", "int8_t");
  Case n = makeEnhanced(Position::CO2, Position::GM, DType::half, {1, 1, 0, 0}, {}, 64, 64, Product::atlas_a2);
  EXPECT_VIOLATION(violationsOf(n, Verdict::notSupported), "PROD", "path", "CO2->GM");
  n.srcPos = Position::VECOUT;
  EXPECT_EQ(violationsOf(n, Verdict::computed).size(), 0u);
  EXPECT_EQ(resolveOperation(n).operation, Operation::enhancedNormal);
}

}  // namespace
}  // namespace dcconf::oracle::test
