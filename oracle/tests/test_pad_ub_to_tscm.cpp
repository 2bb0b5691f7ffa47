// DataCopyPad VECIN/VECOUT -> TSCM (SEMANTICS section 3, PAD-U2L1-*): UB -> GM workspace (PAD-U2G, GM stride in
// bytes, AMB-3) then ND2NZ. The doc's half 3x96 example, tails, unwritten workspace bytes (ANY), constraints.
#include <optional>

#include "test_support.hpp"

namespace dcconf::oracle::test {
namespace {

Case makeTscm(DType t, const DataCopyExtParams& dc, const Nd2NzParams& nd, std::uint64_t srcSize, std::uint64_t dstSize,
              std::uint64_t srcOffset = 0, std::uint64_t dstOffset = 0, Position from = Position::VECIN) {
  Case c = makeCase(Api::DataCopyPad, from, Position::TSCM, t, dc, srcSize, dstSize, srcOffset, dstOffset);
  c.nd2nzParams = nd;
  return c;
}

// PAD-U2L1-1 by hand: a workspace of "which UB byte landed here" (none = never written), then ND2NZ over it.
Model modelTscm(const Trial& r, const DataCopyExtParams& dc, const Nd2NzParams& nd, std::uint64_t gmStrideUnit) {
  std::vector<std::optional<std::uint64_t>> workspace(1 << 20);
  const std::uint64_t B = dc.blockLen;
  for (std::uint64_t i = 0; i < dc.blockCount; ++i) {
    for (std::uint64_t k = 0; k < B; ++k) {
      workspace.at(i * (B + gmStrideUnit * dc.dstStride) + k) =
          r.c.src.offsetBytes + i * ((B + 31) / 32 * 32 + 32 * dc.srcStride) + k;
    }
  }
  Model m(r.src, r.dst);
  const std::uint64_t s = sizeBytes(r.c.dtype);
  const std::uint64_t C0 = 32 / s;
  for (std::uint64_t row = 0; row < nd.nValue; ++row) {
    for (std::uint64_t col = 0; col < (nd.dValue + C0 - 1) / C0 * C0; ++col) {
      const std::uint64_t d = (col / C0) * nd.dstNzC0Stride * C0 + row * nd.dstNzNStride * C0 + col % C0;
      const std::uint64_t from = row * nd.srcDValue + col;
      for (std::uint64_t b = 0; b < s; ++b) {
        const std::uint64_t db = r.c.dst.offsetBytes + d * s + b;
        if (col >= nd.dValue) {
          m.literal(db, 0, Region::zeroTail);
        } else if (const auto ub = workspace.at(from * s + b)) {
          m.copy(db, *ub);
        } else {
          m.any(db, Region::workspace);  // PAD-U2L1-1: a workspace byte the first leg never wrote
        }
      }
    }
  }
  return m;
}

// Doc figure: half, 3 rows A/B/C of 6 data blocks (96 halves) in UB with one spare block (A7) after each
// (DataCopyExtParams{3, 192, 1, 64, 0}); in GM each row is followed by 64 empty bytes (pitch 256 = 128 halves);
// Nd2NzParams{1, 3, 96, 0, 128, 7, 2, 1}: element (r, c) lands at 32-byte block 7*(c/16) + 2*r, slot c%16.
TEST(PadUbToTscm, WorkedExampleHalf3x96) {
  const DataCopyExtParams dc{3, 192, 1, 64, 0};
  const Nd2NzParams nd{1, 3, 96, 0, 128, 7, 2, 1};
  Case c = makeTscm(DType::half, dc, nd, 3 * 224 + 32, 40 * 32 + 64);
  Bytes src = patternBuffer(c.src.sizeBytes);
  for (std::uint64_t row = 0; row < 3; ++row) {
    for (std::uint64_t col = 0; col < 96; ++col) storeLE(src, row * 224 + 2 * col, 0x1000 * (row + 1) + col, 2);
    for (std::uint64_t b = 192; b < 224; ++b) src[row * 224 + b] = 0xEE;  // A7: never moved
  }
  const Trial r = runCase(c, src);
  ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
  std::vector<std::uint8_t> isTarget(40, 0);
  for (std::uint64_t row = 0; row < 3; ++row) {
    for (std::uint64_t col = 0; col < 96; ++col) {
      const std::uint64_t block = 7 * (col / 16) + 2 * row;
      isTarget[block] = 1;
      EXPECT_EQ(loadLE(r.eval.expectation.expected, 32 * block + 2 * (col % 16), 2), 0x1000 * (row + 1) + col)
          << "r " << row << " c " << col;
      EXPECT_EQ(r.eval.expectation.care[32 * block + 2 * (col % 16)], 1);
    }
  }
  std::vector<ByteRange> writes;
  for (std::uint64_t block = 0; block < 40; ++block) {
    if (isTarget[block] != 0) {
      writes.push_back({32 * block, 32 * block + 32});
      continue;
    }
    for (std::uint64_t b = 0; b < 32; ++b) {  // the blank blocks of the figure
      EXPECT_EQ(r.eval.expectation.region[32 * block + b], Region::keep);
      EXPECT_EQ(r.eval.expectation.expected[32 * block + b], guardByte(32 * block + b));
    }
  }
  EXPECT_EQ(writes.size(), 18u);
  EXPECT_EQ(r.eval.footprint.writes, writes);
  EXPECT_EQ(r.eval.footprint.reads, (std::vector<ByteRange>{{0, 192}, {224, 416}, {448, 640}}));
  expectComputedAsModel(r, modelTscm(r, dc, nd, 1));
}

TEST(PadUbToTscm, DValueTailAndVecout) {
  for (const std::uint16_t d : {std::uint16_t{90}, std::uint16_t{95}, std::uint16_t{96}, std::uint16_t{1}}) {
    SCOPED_TRACE("dValue " + std::to_string(d));
    const DataCopyExtParams dc{3, 192, 1, 64, 0};
    const Nd2NzParams nd{1, 3, d, 0, 128, 7, 2, 1};
    const Trial r = runCase(makeTscm(DType::half, dc, nd, 3 * 224, 40 * 32 + 32, 0, 32, Position::VECOUT));
    expectComputedAsModel(r, modelTscm(r, dc, nd, 1));
  }
  const DataCopyExtParams dc{2, 32, 0, 0, 0};  // float, 2 rows of 8, contiguous in GM
  const Nd2NzParams nd{1, 2, 7, 0, 8, 2, 1, 0};
  const Trial r = runCase(makeTscm(DType::float_, dc, nd, 64, 128));
  expectComputedAsModel(r, modelTscm(r, dc, nd, 1));
}

// Workspace bytes the UB -> GM leg did not write are ANY (PAD-U2L1-1).
TEST(PadUbToTscm, UnwrittenWorkspaceIsAny) {
  const DataCopyExtParams dc{2, 32, 0, 32, 0};  // GM: 16 halves, 32-byte gap, 16 halves
  const Nd2NzParams nd{1, 2, 32, 0, 32, 2, 1, 1};  // reads 32 halves per row: the gap and past the end are ANY
  const Trial r = runCase(makeTscm(DType::half, dc, nd, 64, 4 * 32 + 32));
  ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
  // NZ rows: block 0 = row 0 c0..15 (UB 0..31), block 1 = row 1 c0..15 (workspace 64..95 = UB block 1 = 32..63),
  // block 2 = row 0 c16..31 (workspace gap 32..63: ANY), block 3 = row 1 c16..31 (workspace 96..127: ANY)
  for (std::uint64_t b = 0; b < 32; ++b) {
    EXPECT_EQ(r.eval.expectation.expected[b], r.src[b]);
    EXPECT_EQ(r.eval.expectation.expected[32 + b], r.src[32 + b]);
    EXPECT_EQ(r.eval.expectation.care[64 + b], 0);
    EXPECT_EQ(r.eval.expectation.care[96 + b], 0);
    EXPECT_EQ(r.eval.expectation.region[128 + b], Region::keep);
  }
  EXPECT_EQ(r.eval.footprint.reads, (std::vector<ByteRange>{{0, 64}}));
  EXPECT_EQ(r.eval.footprint.writes, (std::vector<ByteRange>{{0, 128}}));
  expectComputedAsModel(r, modelTscm(r, dc, nd, 1));
}

TEST(PadUbToTscm, BlockLenBoundaries) {
  for (const std::uint32_t B : {2u, 30u, 32u, 34u, 62u, 64u, 66u}) {
    SCOPED_TRACE("blockLen " + std::to_string(B));
    const DataCopyExtParams dc{3, B, 1, 2, 0};
    const auto halves = static_cast<std::uint16_t>(B / 2);
    const Nd2NzParams nd{1, 3, halves, 0, static_cast<std::uint16_t>(halves + 1), 3, 1, 1};
    const Trial r = runCase(makeTscm(DType::half, dc, nd, 3 * 160, 5 * 3 * 32 + 32));
    expectComputedAsModel(r, modelTscm(r, dc, nd, 1));
  }
  // blockLen 1 of int8: one byte per row
  const DataCopyExtParams dc{2, 1, 0, 1, 0};
  const Nd2NzParams nd{1, 2, 1, 0, 2, 2, 1, 1};
  const Trial r = runCase(makeTscm(DType::int8_t, dc, nd, 64, 128));
  expectComputedAsModel(r, modelTscm(r, dc, nd, 1));
}

TEST(PadUbToTscm, ConstraintsAndSupport) {
  const DataCopyExtParams dc{1, 32, 0, 0, 0};
  Trial r = runCase(makeTscm(DType::half, dc, Nd2NzParams{2, 1, 16, 16, 16, 1, 1, 16}, 64, 128));
  EXPECT_EQ(r.eval.verdict, Verdict::invalid);
  EXPECT_VIOLATION(r.eval.violations, "PAD-U2L1-2", "nd2nzParams.ndNum", "2");
  r = runCase(makeTscm(DType::half, DataCopyExtParams{0, 0, 0, 0, 0}, Nd2NzParams{1, 1, 16, 0, 0, 0, 1, 1}, 64, 128));
  EXPECT_EQ(r.eval.verdict, Verdict::invalid);
  EXPECT_VIOLATION(r.eval.violations, "PAD-U2G-1", "params.blockCount", "0");
  EXPECT_VIOLATION(r.eval.violations, "PAD-U2G-1", "params.blockLen", "0");
  EXPECT_VIOLATION(r.eval.violations, "ND2NZ-1", "nd2nzParams.srcDValue", "0");
  EXPECT_VIOLATION(r.eval.violations, "ND2NZ-1", "nd2nzParams.dstNzC0Stride", "0");
  Case c = makeTscm(DType::half, dc, Nd2NzParams{1, 1, 16, 0, 16, 1, 1, 1}, 64, 128);
  c.product = Product::atlas_200i_500_a2;
  r = runCase(c);
  EXPECT_EQ(r.eval.verdict, Verdict::notSupported);
  EXPECT_VIOLATION(r.eval.violations, "PROD", "product", "atlas-200i-500-a2");
  c.product = Product::kirin9020;
  r = runCase(c);
  expectComputedAsModel(r, modelTscm(r, dc, Nd2NzParams{1, 1, 16, 0, 16, 1, 1, 1}, 1));
}

}  // namespace
}  // namespace dcconf::oracle::test
