// DataCopyPad<T, PaddingMode::Compact>, GM <-> UB on the Ascend 950 (docs/semantics.md section 2a, PAD-CMP-*, issue
// 31): the vendor golden's worked examples (data_copy_pad_gm2ub_ub2gm scenarios 3 and 4), the packed layout and its
// tail by hand, AMB-21/22 (open by default, pinned by the cmp-* profiles), validation and product support.
#include "dcconf/oracle/alternatives.hpp"
#include "test_support.hpp"

namespace dcconf::oracle::test {
namespace {

struct Cmp {
  DType dtype = DType::half;
  std::uint32_t blockCount = 1;
  std::uint32_t blockLen = 0;   // bytes
  std::uint32_t srcStride = 0;  // GM bytes
  std::uint32_t dstStride = 0;  // AMB-22
  std::uint8_t left = 0;
  std::uint8_t right = 0;
  bool isPad = false;
  std::uint64_t padValue = 0;
  std::uint64_t dstSize = 0;  // 0: the packed run's 32-byte span + 64 guard bytes
  Profile profile{};
  Product product = Product::ascend950;
};

Case makeGmToUb(const Cmp& g) {
  const std::uint64_t srcSpan = (g.blockCount - 1) * (g.blockLen + g.srcStride) + g.blockLen;
  const std::uint64_t packed = (std::uint64_t{g.blockCount} * g.blockLen + 31) / 32 * 32;
  Case c = makeCase(Api::DataCopyPad, Position::GM, Position::VECIN, g.dtype,
                    DataCopyExtParams{static_cast<std::uint16_t>(g.blockCount), g.blockLen, g.srcStride, g.dstStride, 0},
                    srcSpan, g.dstSize != 0 ? g.dstSize : packed + 64);
  c.product = g.product;
  c.paddingMode = PaddingMode::compact;
  c.padParams = DataCopyPadExtParams{g.isPad, g.left, g.right, g.padValue};
  c.profile = g.profile;
  return c;
}

// PAD-CMP-2/3 under the header's readings (pads and dstStride ignored), by hand: blocks back to back from byte 0,
// then the tail up to the next 32-byte boundary (paddingValue under isPad, else ANY); the rest KEEP.
Model modelPacked(const Cmp& g, const Trial& r) {
  Model m(r.src, r.dst);
  const std::uint64_t s = sizeBytes(g.dtype);
  std::uint64_t d = 0;
  for (std::uint64_t i = 0; i < g.blockCount; ++i) {
    for (std::uint64_t k = 0; k < g.blockLen; ++k) m.copy(d++, i * (g.blockLen + g.srcStride) + k);
  }
  for (std::uint64_t k = 0; d % 32 != 0; ++k, ++d) {
    if (g.isPad) {
      m.literal(d, static_cast<std::uint8_t>(g.padValue >> (8 * (k % s))), Region::compactTail);
    } else {
      m.any(d, Region::compactTail);
    }
  }
  return m;
}

// PAD-CMP-5, scenario 3: half [3, 24] packed into [1, 80]: 72 data halves (144 B), then 8 halves of 0 (16 B). The
// example's rightPadding is 80 - 72 = 8 halves (its comment says 16): exactly the alignment gap, so AMB-21's two
// readings agree here and the default pins all 160 bytes.
TEST(PadCompact, VendorScenario3HalfThreeRowsOf24) {
  const Cmp g{.dtype = DType::half, .blockCount = 3, .blockLen = 24 * 2, .right = 8, .isPad = true, .padValue = 0,
              .dstSize = 80 * 2};
  const Trial r = runCase(makeGmToUb(g));
  ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
  for (std::uint64_t i = 0; i < 144; ++i) {
    EXPECT_EQ(r.eval.expectation.care[i], 1) << i;
    EXPECT_EQ(r.eval.expectation.expected[i], r.src[i]) << i;  // the three rows back to back
  }
  for (std::uint64_t i = 144; i < 160; ++i) {
    EXPECT_EQ(r.eval.expectation.care[i], 1) << i;
    EXPECT_EQ(r.eval.expectation.expected[i], 0) << i;  // paddingValue 0
  }
  // the same bytes as the hand model of the header's reading (the right pad then fills the gap exactly)
  Cmp header = g;
  header.right = 0;
  const Trial h = runCase(makeGmToUb(header));
  EXPECT_EQ(h.eval.expectation.expected, r.eval.expectation.expected);
  EXPECT_EQ(h.eval.expectation.care, r.eval.expectation.care);
}

// PAD-CMP-5, scenario 4: int8, blockCount 2, blockLen 40, isPad -1, one loop-mode iteration per call. The golden's
// 576-byte UB: iteration (outer o, inner i) reads GM [o*160 + i*80, +80) and writes 80 data bytes at
// o*288 + i*128, then 16 bytes of -1; every other byte keeps the Duplicate(0). Four Compact calls at those offsets
// rebuild the golden's layout byte for byte.
TEST(PadCompact, VendorScenario4LoopIterationsRebuildTheGoldenLayout) {
  Bytes gm(320);
  for (std::uint64_t i = 0; i < gm.size(); ++i) gm[i] = static_cast<std::uint8_t>(i * 7 + 3);
  Bytes golden(576, 0);  // the golden's construction, from its published numbers
  for (std::uint64_t outer = 0; outer < 576; outer += 288) {
    for (std::uint64_t inner = 0; inner < 2; ++inner) {
      const std::uint64_t dst = outer + inner * 128;
      const std::uint64_t from = outer / 288 * 160 + inner * 80;
      for (std::uint64_t k = 0; k < 80; ++k) golden[dst + k] = gm[from + k];
      for (std::uint64_t k = 80; k < 96; ++k) golden[dst + k] = 0xFF;
    }
  }
  Bytes ub(576, 0);
  for (std::uint64_t o = 0; o < 2; ++o) {
    for (std::uint64_t i = 0; i < 2; ++i) {
      Case c = makeGmToUb({.dtype = DType::int8_t, .blockCount = 2, .blockLen = 40, .isPad = true, .padValue = 0xFF});
      c.src = {320, o * 160 + i * 80};
      c.dst = {576, o * 288 + i * 128};
      const Evaluation e = evaluate(c, gm, ub);
      ASSERT_EQ(e.verdict, Verdict::computed) << violationsText(e.violations);
      for (std::uint64_t b = 0; b < ub.size(); ++b) {
        ASSERT_EQ(e.expectation.care[b], 1) << "every byte is pinned, byte " << b;
        ub[b] = e.expectation.expected[b];
      }
    }
  }
  EXPECT_EQ(ub, golden);
}

TEST(PadCompact, PackedLayoutAndTailMatchTheHandModel) {
  for (const DType dtype : {DType::int8_t, DType::half, DType::float_, DType::int64_t}) {
    const std::uint32_t s = sizeBytes(dtype);
    for (const std::uint32_t count : {1u, 2u, 31u, 32u, 33u}) {
      for (const std::uint32_t lenElems : {1u, 31u / s + 1, 32u / s, 7u}) {
        for (const bool isPad : {false, true}) {
          const Cmp g{.dtype = dtype, .blockCount = count, .blockLen = lenElems * s, .srcStride = count % 3,
                      .isPad = isPad, .padValue = s == 8 ? 0 : 0x8177665544332211ull & ((1ull << (8 * s)) - 1)};
          SCOPED_TRACE(std::string(name(dtype)) + " count " + std::to_string(count) + " len " +
                       std::to_string(g.blockLen) + (isPad ? " isPad" : ""));
          const Trial r = runCase(makeGmToUb(g));
          expectComputedAsModel(r, modelPacked(g, r));
        }
      }
    }
  }
}

// AMB-21: with leftPadding/rightPadding set, the default leaves the bytes the two readings place differently ANY
// (region ambiguous21); cmp-pads-ignored is the header's layout, cmp-pads-run pads the run as a whole.
TEST(PadCompact, Amb21PadsOpenByDefaultAndPinnedByProfile) {
  const Cmp g{.dtype = DType::half, .blockCount = 2, .blockLen = 6, .left = 1, .right = 2, .isPad = true,
              .padValue = 0xBEEF};
  const Trial open = runCase(makeGmToUb(g));
  ASSERT_EQ(open.eval.verdict, Verdict::computed);
  std::uint64_t ambiguous = 0;
  for (std::uint64_t b = 0; b < 32; ++b) ambiguous += open.eval.expectation.region[b] == Region::ambiguous21;
  EXPECT_GT(ambiguous, 0u);
  EXPECT_EQ(open.eval.expectation.care[0] == 0, true) << "byte 0: data (ignored) or left pad (run)";

  Cmp ignored = g;
  ignored.profile = *parseProfile("cmp-pads-ignored").profile;
  const Trial a = runCase(makeGmToUb(ignored));
  expectComputedAsModel(a, modelPacked(ignored, a));

  Cmp run = g;
  run.profile = *parseProfile("cmp-pads-run").profile;
  const Trial b = runCase(makeGmToUb(run));
  Model m(b.src, b.dst);  // [EF BE][12 data][EF BE EF BE][tail to 32: 14 bytes of EF BE ...]
  m.literal(0, 0xEF, Region::leftPad);
  m.literal(1, 0xBE, Region::leftPad);
  for (std::uint64_t k = 0; k < 12; ++k) m.copy(2 + k, k);
  for (std::uint64_t k = 0; k < 4; ++k) m.literal(14 + k, k % 2 == 0 ? 0xEF : 0xBE, Region::rightPad);
  for (std::uint64_t k = 0; k < 14; ++k) m.literal(18 + k, k % 2 == 0 ? 0xEF : 0xBE, Region::compactTail);
  expectComputedAsModel(b, m);
}

// Where AMB-21's readings place a block's bytes differently, the bytes are ANY, but each reading reads the same
// source bytes: the footprint holds them, dense and sparse (the sparse lane seeds only its windows, and a plugin
// worker maps nothing else: a loop-mode Compact case crashed the example plugin when these reads were missing).
TEST(PadCompact, Amb21OpenReadingsStillReadTheBlocks) {
  const Cmp g{.dtype = DType::int8_t, .blockCount = 2, .blockLen = 31, .left = 1};
  const Case c = makeGmToUb(g);
  const Trial open = runCase(c);
  ASSERT_EQ(open.eval.verdict, Verdict::computed);
  EXPECT_EQ(open.eval.expectation.care[1], 0) << "the readings disagree on the data bytes";
  const std::vector<ByteRange> blocks{{0, 62}};
  EXPECT_EQ(open.eval.footprint.reads, blocks);
  EXPECT_EQ(sparseFootprint(c).reads, blocks);
}

// AMB-22: a non-zero dstStride is ignored by the header's code, or bytes between blocks by its comment.
TEST(PadCompact, Amb22UbStrideOpenByDefaultAndPinnedByProfile) {
  const Cmp g{.dtype = DType::int8_t, .blockCount = 2, .blockLen = 8, .dstStride = 4, .isPad = true, .padValue = 0x5A};
  const Trial open = runCase(makeGmToUb(g));
  ASSERT_EQ(open.eval.verdict, Verdict::computed);
  for (std::uint64_t k = 0; k < 8; ++k) EXPECT_EQ(open.eval.expectation.care[k], 1) << "block 0 agrees: " << k;
  EXPECT_EQ(open.eval.expectation.region[8], Region::ambiguous22);
  EXPECT_EQ(open.eval.expectation.care[8], 0);

  Cmp bytes = g;
  bytes.profile = *parseProfile("cmp-stride-bytes").profile;
  const Trial b = runCase(makeGmToUb(bytes));
  Model m(b.src, b.dst);
  for (std::uint64_t k = 0; k < 8; ++k) m.copy(k, k);
  for (std::uint64_t k = 0; k < 8; ++k) m.copy(12 + k, 8 + k);  // bytes 8..11 are the gap: KEEP
  for (std::uint64_t k = 20; k < 32; ++k) m.literal(k, 0x5A, Region::compactTail);
  expectComputedAsModel(b, m);
}

// AMB-22 with one block: the UB-side stride is never applied, so every reading gives the packed layout and the
// default leaves nothing open (the oracle walks one reading; a second block opens it again, above and below).
TEST(PadCompact, Amb22OneBlockIsThePackedLayoutUnderEveryReading) {
  for (const char* words : {"default", "cmp-stride-ignored", "cmp-stride-bytes"}) {
    Cmp g{.dtype = DType::int8_t, .blockCount = 1, .blockLen = 40, .dstStride = 7, .isPad = true, .padValue = 0x5A};
    g.profile = *parseProfile(words).profile;
    const Trial r = runCase(makeGmToUb(g));
    expectComputedAsModel(r, modelPacked(g, r));
    EXPECT_TRUE(alternatives(r.c, r.src, r.dst, r.eval.expectation).empty()) << words;

    Case u = makeCase(Api::DataCopyPad, Position::VECOUT, Position::GM, DType::half,
                      DataCopyExtParams{1, 10, 6, 5, 0}, 64, 64);
    u.product = Product::ascend950;
    u.paddingMode = PaddingMode::compact;
    u.profile = g.profile;
    const Trial t = runCase(u);
    Model m(t.src, t.dst);
    for (std::uint64_t k = 0; k < 10; ++k) m.copy(k, k);
    expectComputedAsModel(t, m);
  }
}

TEST(PadCompact, UbToGmReadsThePackedUb) {
  Case c = makeCase(Api::DataCopyPad, Position::VECOUT, Position::GM, DType::half,
                    DataCopyExtParams{3, 10, 0, 5, 0}, 64, 64);
  c.product = Product::ascend950;
  c.paddingMode = PaddingMode::compact;
  const Trial r = runCase(c);
  Model m(r.src, r.dst);
  for (std::uint64_t i = 0; i < 3; ++i) {
    for (std::uint64_t k = 0; k < 10; ++k) m.copy(i * 15 + k, i * 10 + k);  // UB packed, GM gaps of 5 bytes KEEP
  }
  expectComputedAsModel(r, m);
  // AMB-22 on this side: srcStride ignored (header) or bytes; the default leaves the disagreeing GM bytes ANY
  std::get<DataCopyExtParams>(c.params).srcStride = 2;
  const Trial s = runCase(c);
  ASSERT_EQ(s.eval.verdict, Verdict::computed);
  EXPECT_EQ(s.eval.expectation.care[0], 1);
  EXPECT_EQ(s.eval.expectation.region[15], Region::ambiguous22);
}

TEST(PadCompact, ValidationNamesPadCmp1) {
  Case c = makeGmToUb({.dtype = DType::half, .blockCount = 2, .blockLen = 8, .right = 17});
  const Evaluation e = runCase(c).eval;
  EXPECT_EQ(e.verdict, Verdict::invalid);
  EXPECT_VIOLATION(e.violations, "PAD-CMP-1", "padParams.rightPadding", "17");
  Case zero = makeGmToUb({.dtype = DType::half, .blockCount = 1, .blockLen = 8});
  std::get<DataCopyExtParams>(zero.params).blockCount = 0;
  EXPECT_VIOLATION(runCase(zero).eval.violations, "PAD-CMP-1", "params.blockCount", "0");
  Case odd = makeGmToUb({.dtype = DType::half, .blockCount = 1, .blockLen = 7});  // AMB-17
  EXPECT_VIOLATION(runCase(odd).eval.violations, "PAD-CMP-1", "params.blockLen", "7");
}

// PAD-CMP-1 (rev. 2026-12): the plain DataCopyParams / DataCopyPadParams spelling, as the vendor's
// optimize_reduce_invalid_datacopy kernel calls it: float, blockCount 3, blockLen 48, strides 0, isPad, rightPadding 4,
// paddingValue 0. 144 data bytes back to back, then 16 zero bytes to the 32-byte boundary (the right pad fills the gap
// exactly, so AMB-21 leaves nothing open), nothing after: every byte pinned, and the Ext spelling's bytes exactly.
TEST(PadCompact, VendorKernelWithPlainStructs) {
  const Cmp g{.dtype = DType::float_, .blockCount = 3, .blockLen = 48, .right = 4, .isPad = true, .padValue = 0};
  Case plain = makeGmToUb(g);
  plain.params = DataCopyParams{3, 48, 0, 0};
  plain.padParams = DataCopyPadParams{true, 0, 4, 0};
  const Trial r = runCase(plain);
  ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
  EXPECT_EQ(resolveOperation(plain).operation, Operation::padCompactGmToUb);
  for (std::uint64_t i = 0; i < 144; ++i) {
    EXPECT_EQ(r.eval.expectation.care[i], 1) << i;
    EXPECT_EQ(r.eval.expectation.expected[i], r.src[i]) << i;
  }
  for (std::uint64_t i = 144; i < 160; ++i) {
    EXPECT_EQ(r.eval.expectation.care[i], 1) << i;
    EXPECT_EQ(r.eval.expectation.expected[i], 0) << i;
  }
  for (std::uint64_t i = 160; i < r.eval.expectation.region.size(); ++i) {
    EXPECT_EQ(r.eval.expectation.region[i], Region::keep) << i;
  }
  const Trial ext = runCase(makeGmToUb(g), r.src);
  EXPECT_EQ(ext.eval.expectation.expected, r.eval.expectation.expected);
  EXPECT_EQ(ext.eval.expectation.care, r.eval.expectation.care);
  // UB->GM with DataCopyParams too (DataCopyPadUB2GMImpl's plain overload)
  Case out = makeCase(Api::DataCopyPad, Position::VECOUT, Position::GM, DType::float_, DataCopyParams{2, 64, 0, 1}, 128,
                      256);
  out.product = Product::ascend950;
  out.paddingMode = PaddingMode::compact;
  EXPECT_EQ(runCase(out).eval.verdict, Verdict::computed);
  EXPECT_EQ(resolveOperation(out).operation, Operation::padCompactUbToGm);
}

// PAD-CMP-1 / PROD: the 950 only, GM<->UB only, either params struct.
TEST(PadCompact, OtherProductsAreNotSupportedAndOtherCallsMalformed) {
  for (const Product p : {Product::atlas_a2, Product::atlas_a3, Product::kirin9020, Product::atlas_200i_500_a2}) {
    const Case c = makeGmToUb({.dtype = DType::half, .blockCount = 1, .blockLen = 8, .product = p});
    EXPECT_EQ(runCase(c).eval.verdict, Verdict::notSupported) << name(p);
  }
  Case plain = makeGmToUb({.dtype = DType::half, .blockCount = 1, .blockLen = 8});
  plain.params = DataCopyParams{1, 8, 0, 0};
  plain.padParams = DataCopyPadExtParams{};  // the plain struct takes DataCopyPadParams
  EXPECT_EQ(runCase(plain).eval.verdict, Verdict::malformed);
  Case dataCopy = makeCase(Api::DataCopy, Position::GM, Position::VECIN, DType::half, DataCopyParams{1, 1, 0, 0}, 64, 64);
  dataCopy.product = Product::ascend950;
  dataCopy.paddingMode = PaddingMode::compact;
  EXPECT_EQ(runCase(dataCopy).eval.verdict, Verdict::malformed);
  EXPECT_EQ(resolveOperation(makeGmToUb({.blockCount = 1, .blockLen = 2})).operation, Operation::padCompactGmToUb);
}

}  // namespace
}  // namespace dcconf::oracle::test
