// DataCopyPad VECIN/VECOUT -> GM (SEMANTICS section 2, PAD-U2G-*): worked example, boundary sizes, strides,
// footprints, guard bytes (the UB dummy is never written out).
#include "test_support.hpp"

namespace dcconf::oracle::test {
namespace {

struct U2G {
  DType dtype = DType::half;
  std::uint32_t blockCount = 1;
  std::uint32_t blockLen = 0;   // bytes
  std::uint32_t srcStride = 0;  // UB 32-byte blocks
  std::uint32_t dstStride = 0;  // GM bytes
  Position srcPos = Position::VECIN;
  std::uint64_t srcOffset = 0;
  std::uint64_t dstOffset = 0;
  std::uint64_t dstSlack = 40;
};

std::uint64_t ubPitch(const U2G& g) { return (g.blockLen + 31) / 32 * 32 + 32 * g.srcStride; }

Case makeU2G(const U2G& g) {
  const std::uint64_t srcSpan = (g.blockCount - 1) * ubPitch(g) + g.blockLen;
  const std::uint64_t dstSpan = (g.blockCount - 1) * (g.blockLen + g.dstStride) + g.blockLen;
  return makeCase(Api::DataCopyPad, g.srcPos, Position::GM, g.dtype,
                  DataCopyExtParams{static_cast<std::uint16_t>(g.blockCount), g.blockLen, g.srcStride, g.dstStride, 0},
                  g.srcOffset + srcSpan + 64, g.dstOffset + dstSpan + g.dstSlack, g.srcOffset, g.dstOffset);
}

// PAD-U2G-2 by hand: exactly blockLen bytes per block, from the UB block's start.
Model modelU2G(const U2G& g, const Trial& r) {
  Model m(r.src, r.dst);
  for (std::uint64_t i = 0; i < g.blockCount; ++i) {
    for (std::uint64_t k = 0; k < g.blockLen; ++k) {
      m.copy(g.dstOffset + i * (g.blockLen + g.dstStride) + k, g.srcOffset + i * ubPitch(g) + k);
    }
  }
  return m;
}

void checkU2G(const U2G& g) {
  const Trial r = runCase(makeU2G(g));
  expectComputedAsModel(r, modelU2G(g, r));
}

// Doc: blockLen 47, srcStride 1 (UB: pitch AlignUp(47, 32) + 32 = 96), dstStride 1 (GM: pitch 48). The 17 dummy
// bytes of each UB block are dropped.
TEST(PadUbToGm, WorkedExample47Bytes) {
  const U2G g{.dtype = DType::uint8_t, .blockCount = 3, .blockLen = 47, .srcStride = 1, .dstStride = 1};
  const Trial r = runCase(makeU2G(g));
  ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
  EXPECT_EQ(r.eval.footprint.reads, (std::vector<ByteRange>{{0, 47}, {96, 143}, {192, 239}}));
  EXPECT_EQ(r.eval.footprint.writes, (std::vector<ByteRange>{{0, 47}, {48, 95}, {96, 143}}));
  for (std::uint64_t i = 0; i < 3; ++i) {
    for (std::uint64_t k = 0; k < 47; ++k) EXPECT_EQ(r.eval.expectation.expected[48 * i + k], r.src[96 * i + k]);
    EXPECT_EQ(r.eval.expectation.region[48 * i + 47], Region::keep);  // the 1-byte gap
    EXPECT_EQ(r.eval.expectation.expected[48 * i + 47], guardByte(48 * i + 47));
  }
  for (std::uint64_t d = 143; d < r.dst.size(); ++d) {
    EXPECT_EQ(r.eval.expectation.region[d], Region::keep);  // dummy never written out
    EXPECT_EQ(r.eval.expectation.care[d], 1);
  }
  expectComputedAsModel(r, modelU2G(g, r));
}

// Doc: the aligned example, blockLen 64, srcStride 1 (one data block), dstStride 1 byte.
TEST(PadUbToGm, WorkedExample64BytesAligned) {
  const U2G g{.dtype = DType::half, .blockCount = 2, .blockLen = 64, .srcStride = 1, .dstStride = 1};
  const Trial r = runCase(makeU2G(g));
  ASSERT_EQ(r.eval.verdict, Verdict::computed);
  EXPECT_EQ(r.eval.footprint.reads, (std::vector<ByteRange>{{0, 64}, {96, 160}}));
  EXPECT_EQ(r.eval.footprint.writes, (std::vector<ByteRange>{{0, 64}, {65, 129}}));
  expectComputedAsModel(r, modelU2G(g, r));
}

// The DataCopyPad doc example: 40 bytes (20 halves) back out to GM at an unaligned GM offset.
TEST(PadUbToGm, WorkedExample40BytesOut) {
  const U2G g{.dtype = DType::half, .blockCount = 1, .blockLen = 40, .srcPos = Position::VECOUT, .srcOffset = 64,
              .dstOffset = 5};
  const Trial r = runCase(makeU2G(g));
  ASSERT_EQ(r.eval.verdict, Verdict::computed);
  EXPECT_EQ(r.eval.footprint.reads, (std::vector<ByteRange>{{64, 104}}));
  EXPECT_EQ(r.eval.footprint.writes, (std::vector<ByteRange>{{5, 45}}));
  expectComputedAsModel(r, modelU2G(g, r));
}

TEST(PadUbToGm, BoundaryBlockLens) {
  for (const DType t : {DType::uint8_t, DType::half, DType::float_, DType::double_}) {
    for (const std::uint32_t B : {1u, 2u, 3u, 31u, 32u, 33u, 63u, 64u, 65u, 97u}) {
      SCOPED_TRACE(std::string(name(t)) + " blockLen " + std::to_string(B));
      checkU2G({.dtype = t, .blockCount = 1, .blockLen = B});
      checkU2G({.dtype = t, .blockCount = 4, .blockLen = B, .srcStride = 2, .dstStride = 3, .srcOffset = 32,
                .dstOffset = 11});
      checkU2G({.dtype = t, .blockCount = 2, .blockLen = B, .srcStride = 0, .dstStride = 0});
    }
  }
}

TEST(PadUbToGm, ZeroBlockLenOrCount) {
  Case c = makeU2G({.dtype = DType::half, .blockCount = 1, .blockLen = 32});
  std::get<DataCopyExtParams>(c.params).blockLen = 0;
  Trial r = runCase(c);
  EXPECT_EQ(r.eval.verdict, Verdict::invalid);
  EXPECT_VIOLATION(r.eval.violations, "PAD-U2G-1", "params.blockLen", "0");
  c.profile.zeroCount = Profile::ZeroCount::hwNoop;
  expectNoop(runCase(c));

  c = makeU2G({.dtype = DType::half, .blockCount = 1, .blockLen = 32});
  std::get<DataCopyExtParams>(c.params).blockCount = 0;
  r = runCase(c);
  EXPECT_EQ(r.eval.verdict, Verdict::invalid);
  EXPECT_VIOLATION(r.eval.violations, "PAD-U2G-1", "params.blockCount", "0");
  c.profile.zeroCount = Profile::ZeroCount::hwNoop;
  expectNoop(runCase(c));
}

TEST(PadUbToGm, PlainDataCopyParamsOverload) {
  Case c = makeCase(Api::DataCopyPad, Position::VECOUT, Position::GM, DType::float_, DataCopyParams{3, 20, 1, 4},
                    3 * 64, 3 * 24 + 10);
  const Trial r = runCase(c);
  Model m(r.src, r.dst);
  for (std::uint64_t i = 0; i < 3; ++i) {
    for (std::uint64_t k = 0; k < 20; ++k) m.copy(24 * i + k, 64 * i + k);  // UB pitch 32 + 32, GM pitch 20 + 4
  }
  expectComputedAsModel(r, m);
}

TEST(PadUbToGm, MaximumBlockCountAndLargeBlock) {
  checkU2G({.dtype = DType::uint8_t, .blockCount = 4095, .blockLen = 1, .dstStride = 1});
  checkU2G({.dtype = DType::half, .blockCount = 2, .blockLen = 4096 + 17, .srcStride = 1, .dstStride = 100});
}

}  // namespace
}  // namespace dcconf::oracle::test
