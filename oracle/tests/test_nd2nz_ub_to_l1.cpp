// DataCopy ND2NZ VECIN/VECOUT -> TSCM (SEMANTICS section 6b, ND2NZ-6..8, project): the page's ranges, AMB-38's
// layouts (every vendor route as the page) and the page reading, the 950's x + 0 (AMB-39) and its move reading,
// footprints and guard bytes. Expected bytes come from ND2NZ-2/3 written out by hand (modelUb below).
#include <cmath>
#include <cstring>

#include "test_support.hpp"

namespace dcconf::oracle::test {
namespace {

Case makeUb(Product product, DType t, const Nd2NzParams& p, std::uint64_t srcSize, std::uint64_t dstSize,
            Position srcPos = Position::VECIN, const char* profile = "default") {
  Case c = makeCase(Api::DataCopy, srcPos, Position::TSCM, t, p, srcSize, dstSize, 0, 0);
  c.product = product;
  c.profile = *parseProfile(profile).profile;
  return c;
}

// ND2NZ-2/3 for one matrix, by hand.
Model modelUb(const Trial& r, const Nd2NzParams& p) {
  Model m(r.src, r.dst);
  const std::uint64_t s = sizeBytes(r.c.dtype);
  const std::uint64_t C0 = 32 / s;
  for (std::uint64_t row = 0; row < p.nValue; ++row) {
    for (std::uint64_t col = 0; col < (p.dValue + C0 - 1) / C0 * C0; ++col) {
      const std::uint64_t d = (col / C0) * p.dstNzC0Stride * C0 + row * p.dstNzNStride * C0 + col % C0;
      for (std::uint64_t b = 0; b < s; ++b) {
        if (col < p.dValue) {
          m.copy(d * s + b, (row * p.srcDValue + col) * s + b);
        } else {
          m.literal(d * s + b, 0, Region::zeroTail);
        }
      }
    }
  }
  return m;
}

std::string firstClause(const Trial& r) { return r.eval.violations.empty() ? "" : r.eval.violations.front().clause; }

// The page's example (half, nValue 2, dValue 24, srcDValue 48, dstNzC0Stride 11, dstNzNStride 2) with ndNum 1, as
// its own range table demands: no vendor route places it so (AMB-38), so the default rejects it naming ND2NZ-7;
// under nd2nzu2l1-page it is ND2NZ-2/3, the 8-element tail of the second column block written 0.
TEST(Nd2NzUbToL1, PageExampleRejectedByDefaultPlacedByThePageReading) {
  const Nd2NzParams p{1, 2, 24, 144, 48, 11, 2, 96};
  for (const Product product : {Product::atlas_a2, Product::ascend950}) {
    const Trial rejected = runCase(makeUb(product, DType::half, p, 2 * 48 * 2, 12 * 32 + 64));
    EXPECT_EQ(rejected.eval.verdict, Verdict::invalid) << name(product);
    EXPECT_EQ(firstClause(rejected), "ND2NZ-7") << name(product);
    EXPECT_NE(violationsText(rejected.eval.violations).find("AMB-38"), std::string::npos);
    // the 950's x + 0 (AMB-39) would leave the pattern's subnormal halves ANY: its move reading too
    const Trial r = runCase(makeUb(product, DType::half, p, 2 * 48 * 2, 12 * 32 + 64, Position::VECOUT,
                                   "nd2nzu2l1-page,nd2nzu2l1-move"));
    ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
    // A1 (row 0, columns 0..15) at block 0, B1 (row 1) at block 2, A2 (row 0, columns 16..23 + 8 zeros) at block 11
    for (std::uint64_t k = 0; k < 32; ++k) {
      EXPECT_EQ(r.eval.expectation.expected[k], r.src[k]);
      EXPECT_EQ(r.eval.expectation.expected[64 + k], r.src[96 + k]);
    }
    for (std::uint64_t k = 0; k < 16; ++k) EXPECT_EQ(r.eval.expectation.expected[11 * 32 + k], r.src[32 + k]);
    for (std::uint64_t k = 16; k < 32; ++k) EXPECT_EQ(r.eval.expectation.region[11 * 32 + k], Region::zeroTail);
    EXPECT_EQ(r.eval.expectation.region[32], Region::keep);  // block 1: between the two rows
    expectComputedAsModel(r, modelUb(r, p));
  }
}

// ND2NZ-7 on A2/A3: the GM workspace route reads every row when srcDValue == dValue (or one row) and nValue*dValue*s
// fills whole blocks; any destination strides. A tail (dValue % C0) is zero-filled (ND2NZ-3).
TEST(Nd2NzUbToL1, AtlasA2LayoutsOfTheWorkspaceRoute) {
  struct Row {
    DType t;
    Nd2NzParams p;
    bool valid;
  };
  const Row rows[] = {
      {DType::half, {1, 2, 24, 0, 24, 3, 1, 0}, true},     // 2*24*2 = 96 bytes, a tail of 8
      {DType::half, {1, 1, 32, 0, 40, 5, 7, 0}, true},     // one row: any srcDValue, any strides
      {DType::half, {1, 1, 24, 0, 40, 5, 7, 0}, false},    // one row of 48 bytes: the copy drops 16
      {DType::half, {1, 1, 15, 0, 15, 1, 1, 0}, false},    // 30 bytes: the workspace copy drops them
      {DType::half, {1, 2, 16, 0, 32, 2, 1, 0}, false},    // row 1 lies past the workspace
      {DType::float_, {1, 4, 10, 0, 10, 8, 2, 0}, true},   // 160 bytes, strides free on A2
      {DType::int8_t, {1, 32, 33, 0, 33, 32, 1, 0}, true},
  };
  for (const Row& row : rows) {
    const std::uint64_t s = sizeBytes(row.t);
    const Case c = makeUb(Product::atlas_a2, row.t, row.p, (row.p.nValue * std::uint64_t{row.p.srcDValue} + 64) * s, 64 * 1024);
    const Trial r = runCase(c);
    SCOPED_TRACE(std::string(name(row.t)) + " nValue " + std::to_string(row.p.nValue) + " dValue " + std::to_string(row.p.dValue));
    if (!row.valid) {
      EXPECT_EQ(r.eval.verdict, Verdict::invalid);
      EXPECT_EQ(firstClause(r), "ND2NZ-7");
      continue;
    }
    expectComputedAsModel(r, modelUb(r, row.p));
  }
}

// ND2NZ-7 on the 950: also its SSBuffer route's assertions (whole blocks) and scratch layout (rows one block apart,
// column blocks nValue blocks apart).
TEST(Nd2NzUbToL1, Ascend950LayoutsOfBothRoutes) {
  struct Row {
    Nd2NzParams p;
    const char* broken;  // the field the default rejects, or nullptr
  };
  const Row rows[] = {
      {{1, 3, 32, 0, 32, 3, 1, 0}, nullptr},               // two column blocks 3 apart, rows adjacent
      {{1, 1, 16, 0, 48, 9, 5, 0}, nullptr},               // one row, one column block: strides and pitch free
      {{1, 3, 32, 0, 32, 4, 1, 0}, "params.dstNzC0Stride"}, // A2 places it, the scratch does not
      {{1, 3, 32, 0, 32, 6, 2, 0}, "params.dstNzNStride"},
      {{1, 2, 24, 0, 24, 2, 1, 0}, "params.dValue"},        // a tail: the SSBuffer route asserts whole blocks
      {{1, 1, 16, 0, 20, 1, 1, 0}, "params.srcDValue"},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(std::to_string(row.p.nValue) + "x" + std::to_string(row.p.dValue));
    const Case c = makeUb(Product::ascend950, DType::int16_t, row.p, 4096, 4096);
    const Trial r = runCase(c);
    if (row.broken != nullptr) {
      ASSERT_EQ(r.eval.verdict, Verdict::invalid);
      EXPECT_EQ(r.eval.violations.front().clause, "ND2NZ-7");
      EXPECT_EQ(r.eval.violations.front().field, row.broken);
      continue;
    }
    expectComputedAsModel(r, modelUb(r, row.p));  // int16_t: x + 0 is exact (ND2NZ-8)
  }
}

// ND2NZ-6: the page's range table; ndNum is exactly 1 (its figure's 2 contradicts it), no count is 0.
TEST(Nd2NzUbToL1, RangesOfThePageTable) {
  const Nd2NzParams ok{1, 2, 16, 0, 16, 2, 1, 0};
  struct Broken {
    const char* field;
    Nd2NzParams p;
  };
  Nd2NzParams twoMatrices = ok, noRows = ok, noColumns = ok, wideMatrixStride = ok, wideC0 = ok;
  twoMatrices.ndNum = 2;
  noRows.nValue = 0;
  noColumns.dValue = 0;
  wideMatrixStride.dstNzMatrixStride = 16385;
  wideC0.dstNzC0Stride = 16385;
  for (const Broken& b : {Broken{"params.ndNum", twoMatrices}, Broken{"params.nValue", noRows},
                          Broken{"params.dValue", noColumns}, Broken{"params.dstNzMatrixStride", wideMatrixStride},
                          Broken{"params.dstNzC0Stride", wideC0}}) {
    for (const char* profile : {"default", "nd2nzu2l1-page"}) {
      const Trial r = runCase(makeUb(Product::atlas_a3, DType::half, b.p, 4096, 1 << 20, Position::VECIN, profile));
      ASSERT_EQ(r.eval.verdict, Verdict::invalid) << b.field << " " << profile;
      EXPECT_EQ(r.eval.violations.front().clause, "ND2NZ-6");
      EXPECT_EQ(r.eval.violations.front().field, b.field);
    }
  }
  const Trial r = runCase(makeUb(Product::atlas_a3, DType::half, ok, 64, 128));
  expectComputedAsModel(r, modelUb(r, ok));
}

// PROD: UB->TSCM ND2NZ exists on A2/A3/950 only.
TEST(Nd2NzUbToL1, NotOnTheOlderParts) {
  for (const Product product : {Product::atlas_training, Product::atlas_inference_310p, Product::kirin9020}) {
    const Trial r = runCase(makeUb(product, DType::half, {1, 2, 16, 0, 16, 2, 1, 0}, 64, 128));
    EXPECT_EQ(r.eval.verdict, Verdict::notSupported) << name(product);
  }
}

// ND2NZ-8 (AMB-39): on the 950 the SSBuffer route adds 0 on the vector unit. Float elements that are -0, subnormal or
// NaN are ANY by default (a NaN stays some NaN); ordinary ones, and every element under nd2nzu2l1-move, move as
// they are. 8-bit elements are ANY by default; A2/A3 move every byte.
TEST(Nd2NzUbToL1, Ascend950AddZeroOnTheVectorUnit) {
  const Nd2NzParams p{1, 1, 8, 0, 8, 1, 1, 0};  // one float block
  Bytes src(32, 0);
  const std::uint32_t words[8] = {0x3F800000u, 0x80000000u, 0x00000001u, 0x7FC00001u, 0x7F800001u, 0xC0000000u,
                                  0x00800000u, 0x807FFFFFu};
  std::memcpy(src.data(), words, sizeof(words));
  const bool open[8] = {false, true, true, true, true, false, false, true};
  const Trial r = runCase(makeUb(Product::ascend950, DType::float_, p, 32, 64), src);
  ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
  std::size_t nans = 0;
  for (std::uint64_t e = 0; e < 8; ++e) {
    for (std::uint64_t b = 0; b < 4; ++b) {
      EXPECT_EQ(r.eval.expectation.care[4 * e + b], open[e] ? 0 : 1) << "element " << e;
      if (!open[e]) {
        EXPECT_EQ(r.eval.expectation.expected[4 * e + b], src[4 * e + b]);
      }
    }
  }
  for (const ClassConstraint& k : r.eval.expectation.classes) nans += k.valueClass == ValueClass::nan ? 1 : 0;
  EXPECT_EQ(nans, 2u);  // elements 3 and 4 must stay NaNs
  const Trial moved = runCase(makeUb(Product::ascend950, DType::float_, p, 32, 64, Position::VECIN, "nd2nzu2l1-move"), src);
  expectComputedAsModel(moved, modelUb(moved, p));
  const Trial a2 = runCase(makeUb(Product::atlas_a2, DType::float_, p, 32, 64), src);
  expectComputedAsModel(a2, modelUb(a2, p));
  // DataCopyPad VECIN->TSCM (PAD-U2L1) shares the path but not the route: its elements move as they are (the 950's
  // coverage gate caught NaN classes there when this rule looked at the path alone)
  Case pad = makeCase(Api::DataCopyPad, Position::VECIN, Position::TSCM, DType::float_, DataCopyExtParams{1, 32, 0, 0, 0},
                      32, 64, 0, 0);
  pad.product = Product::ascend950;
  pad.nd2nzParams = p;
  const Trial padded = runCase(pad, src);
  ASSERT_EQ(padded.eval.verdict, Verdict::computed) << violationsText(padded.eval.violations);
  EXPECT_TRUE(padded.eval.expectation.classes.empty());
  for (std::uint64_t b = 0; b < 32; ++b) EXPECT_EQ(padded.eval.expectation.care[b], 1) << b;
  const Trial bytes = runCase(makeUb(Product::ascend950, DType::int8_t, {1, 1, 32, 0, 32, 1, 1, 0}, 32, 64));
  ASSERT_EQ(bytes.eval.verdict, Verdict::computed);
  for (std::uint64_t b = 0; b < 32; ++b) EXPECT_EQ(bytes.eval.expectation.care[b], 0) << b;
  for (std::uint64_t b = 32; b < 64; ++b) EXPECT_EQ(bytes.eval.expectation.region[b], Region::keep) << b;
}

}  // namespace
}  // namespace dcconf::oracle::test
