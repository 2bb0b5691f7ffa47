// DataCopyPad in loop mode on the Ascend 950 (docs/semantics.md section 2b, LOOP-*, issue 31 item 2): the vendor
// golden's worked examples (data_copy_pad_gm2ub_ub2gm scenarios 4 and 5: their published parameters, the golden's
// construction written out here), iteration overlap (LOOP-3's collision rule), validation and product support.
#include "test_support.hpp"

namespace dcconf::oracle::test {
namespace {

// Scenarios 4 and 5: int8, blockCount 2, blockLen 40, isPad with -1; LOOP1_SIZE 2, LOOP2_SIZE 2,
// LOOP1_SRC_STRIDE 80, LOOP1_DST_STRIDE 128, LOOP2_SRC_STRIDE 160, LOOP2_DST_STRIDE 288; GM [1, 320], UB [1, 576].
constexpr LoopModeParams kVendorLoop{2, 2, 80, 128, 160, 288};

Case vendorCase(PaddingMode mode) {
  Case c = makeCase(Api::DataCopyPad, Position::GM, Position::VECIN, DType::int8_t,
                    DataCopyExtParams{2, 40, 0, 0, 0}, 320, 576);
  c.product = Product::ascend950;
  c.paddingMode = mode;
  c.padParams = DataCopyPadExtParams{true, 0, 0, 0xFF};
  c.loopMode = kVendorLoop;
  return c;
}

Bytes vendorInput() {
  Bytes gm(320);
  for (std::uint64_t i = 0; i < gm.size(); ++i) gm[i] = static_cast<std::uint8_t>(i * 7 + 3);
  return gm;
}

// The golden's UB starts zeroed (Duplicate(0)); bytes no iteration writes keep that zero (KEEP).
Bytes evaluateInto(const Case& c, const Bytes& gm) {
  const Bytes ub(576, 0);
  const Evaluation e = evaluate(c, gm, ub);
  EXPECT_EQ(e.verdict, Verdict::computed) << violationsText(e.violations);
  Bytes out(ub.size());
  for (std::uint64_t b = 0; b < out.size(); ++b) {
    EXPECT_EQ(e.expectation.care[b], 1) << "every byte is pinned, byte " << b;
    out[b] = e.expectation.expected[b];
  }
  return out;
}

// LOOP-4, scenario 5 (Normal): per iteration two 64-byte UB blocks of 40 data bytes and 24 bytes of -1. The 24 are
// PAD-G2U-5 dummy bytes (isPad, no padding): the golden holds paddingValue there, the pad-dummy reading of AMB-2;
// the default leaves exactly them ANY (docs/semantics.md, after the register).
TEST(LoopMode, VendorScenario5Normal) {
  const Bytes gm = vendorInput();
  Bytes golden(576, 0);
  for (std::uint64_t outer = 0; outer < 2; ++outer) {
    for (std::uint64_t inner = 0; inner < 2; ++inner) {
      for (std::uint64_t block = 0; block < 2; ++block) {
        const std::uint64_t dst = outer * 288 + inner * 128 + block * 64;
        const std::uint64_t src = outer * 160 + inner * 80 + block * 40;
        for (std::uint64_t k = 0; k < 40; ++k) golden[dst + k] = gm[src + k];
        for (std::uint64_t k = 40; k < 64; ++k) golden[dst + k] = 0xFF;
      }
    }
  }
  Case c = vendorCase(PaddingMode::normal);
  c.profile = *parseProfile("pad-dummy").profile;
  EXPECT_EQ(evaluateInto(c, gm), golden);
  const Evaluation byDefault = evaluate(vendorCase(PaddingMode::normal), gm, Bytes(576, 0));
  ASSERT_EQ(byDefault.verdict, Verdict::computed);
  for (std::uint64_t b = 0; b < 576; ++b) {
    const bool dummy = b < 544 && (b % 288) % 128 % 64 >= 40 && (b % 288) < 256;
    EXPECT_EQ(byDefault.expectation.care[b] == 0, dummy) << b;
    if (dummy) {
      EXPECT_EQ(byDefault.expectation.region[b], Region::dummy) << b;
    } else {
      EXPECT_EQ(byDefault.expectation.expected[b], golden[b]) << b;
    }
  }
}

// LOOP-4, scenario 4 (Compact): per iteration 80 packed data bytes then 16 bytes of -1 (PAD-CMP-3).
TEST(LoopMode, VendorScenario4Compact) {
  const Bytes gm = vendorInput();
  Bytes golden(576, 0);
  for (std::uint64_t outer = 0; outer < 2; ++outer) {
    for (std::uint64_t inner = 0; inner < 2; ++inner) {
      const std::uint64_t dst = outer * 288 + inner * 128;
      const std::uint64_t src = outer * 160 + inner * 80;
      for (std::uint64_t k = 0; k < 80; ++k) golden[dst + k] = gm[src + k];
      for (std::uint64_t k = 80; k < 96; ++k) golden[dst + k] = 0xFF;
    }
  }
  EXPECT_EQ(evaluateInto(vendorCase(PaddingMode::compact), gm), golden);
}

// LOOP-3: one iteration is the plain call; the footprint of the loop is the union of the iterations' footprints.
TEST(LoopMode, OneIterationIsThePlainCall) {
  Case looped = vendorCase(PaddingMode::normal);
  looped.loopMode = LoopModeParams{1, 1, 999, 4096, 12345, 8192};  // strides unused with one iteration
  Case plain = looped;
  plain.loopMode.reset();
  const Trial a = runCase(looped);
  const Trial b = runCase(plain, a.src);
  ASSERT_EQ(a.eval.verdict, Verdict::computed) << violationsText(a.eval.violations);
  EXPECT_EQ(a.eval.expectation.expected, b.eval.expectation.expected);
  EXPECT_EQ(a.eval.expectation.care, b.eval.expectation.care);
  EXPECT_EQ(a.eval.expectation.region, b.eval.expectation.region);
}

// LOOP-3: iterations whose destinations overlap leave the overlap ANY (collision), whatever the values; the
// bytes only one iteration writes keep their values. Here loop1DstStride 32 < the 64-byte UB block of the call.
TEST(LoopMode, OverlappingIterationsCollide) {
  Case c = vendorCase(PaddingMode::normal);
  c.params = DataCopyExtParams{1, 40, 0, 0, 0};
  c.loopMode = LoopModeParams{2, 1, 40, 32, 0, 0};
  const Trial r = runCase(c, vendorInput());
  ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
  const Expectation& e = r.eval.expectation;
  for (std::uint64_t b = 0; b < 32; ++b) {  // iteration 0 only: its data bytes
    EXPECT_EQ(e.care[b], 1) << b;
    EXPECT_EQ(e.expected[b], r.src[b]) << b;
  }
  for (std::uint64_t b = 32; b < 64; ++b) {  // both iterations
    EXPECT_EQ(e.care[b], 0) << b;
    EXPECT_EQ(e.region[b], Region::collision) << b;
  }
  for (std::uint64_t b = 64; b < 72; ++b) EXPECT_EQ(e.expected[b], r.src[40 + b - 32]) << b;  // iteration 1 only
  for (std::uint64_t b = 72; b < 96; ++b) EXPECT_EQ(e.region[b], Region::dummy) << b;       // its dummy bytes
  for (std::uint64_t b = 96; b < 576; ++b) EXPECT_EQ(e.region[b], Region::keep) << b;
}

// AMB-25 (project): a loop size of 0 moves nothing; every byte is KEEP.
TEST(LoopMode, ZeroLoopSizeMovesNothing) {
  for (const LoopModeParams l : {LoopModeParams{0, 2, 80, 128, 160, 288}, LoopModeParams{2, 0, 80, 128, 160, 288}}) {
    Case c = vendorCase(PaddingMode::normal);
    c.loopMode = l;
    const Trial r = runCase(c);
    ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
    for (std::uint64_t b = 0; b < 576; ++b) ASSERT_EQ(r.eval.expectation.region[b], Region::keep) << b;
    EXPECT_TRUE(r.eval.footprint.writes.empty());
    EXPECT_TRUE(r.eval.footprint.reads.empty());
  }
}

// LOOP-2: the header's limits, UB side on dst for GM->UB and on src for UB->GM, each broken one named.
TEST(LoopMode, ValidationNamesEachBrokenLimit) {
  Case c = vendorCase(PaddingMode::normal);
  c.loopMode = LoopModeParams{1u << 21, (1u << 21) - 1, std::uint64_t{1} << 40, 48, (std::uint64_t{1} << 40) - 1,
                              std::uint64_t{1} << 21};
  const std::string text = violationsText(validate(c));
  EXPECT_NE(text.find("LOOP-2: loopMode.loop1Size = 2097152"), std::string::npos) << text;
  EXPECT_EQ(text.find("loopMode.loop2Size"), std::string::npos) << text;
  EXPECT_NE(text.find("LOOP-2: loopMode.loop1SrcStride = 1099511627776"), std::string::npos) << text;
  EXPECT_EQ(text.find("loopMode.loop2SrcStride"), std::string::npos) << text;
  EXPECT_NE(text.find("LOOP-2: loopMode.loop1DstStride = 48: a UB-side loop stride must be a multiple of 32"),
            std::string::npos) << text;
  EXPECT_NE(text.find("LOOP-2: loopMode.loop2DstStride = 2097152"), std::string::npos) << text;
  // UB->GM: the UB side is the source
  Case out = makeCase(Api::DataCopyPad, Position::VECOUT, Position::GM, DType::int8_t,
                      DataCopyExtParams{2, 40, 0, 0, 0}, 4096, 4096);
  out.product = Product::ascend950;
  out.loopMode = LoopModeParams{2, 2, 48, 48, 64, (std::uint64_t{1} << 40) - 1};
  const std::string outText = violationsText(validate(out));
  EXPECT_NE(outText.find("loopMode.loop1SrcStride = 48"), std::string::npos) << outText;
  EXPECT_EQ(outText.find("loopMode.loop1DstStride"), std::string::npos) << outText;
  EXPECT_EQ(outText.find("loopMode.loop2DstStride"), std::string::npos) << outText;
  // the call's own clauses still hold in every iteration
  c.loopMode = kVendorLoop;
  c.params = DataCopyExtParams{0, 40, 0, 0, 0};
  EXPECT_NE(violationsText(validate(c)).find("PAD-G2U-1"), std::string::npos) << violationsText(validate(c));
}

// LOOP-3 bounds: the buffers must hold the last iteration (G-1 / G-2 name it).
TEST(LoopMode, BuffersMustHoldTheLastIteration) {
  Case c = vendorCase(PaddingMode::normal);
  c.dst.sizeBytes = 543;  // the last iteration starts at 288 + 128 and writes two 64-byte blocks: up to 544
  EXPECT_NE(violationsText(validate(c)).find("G-1: dst.size = 543"), std::string::npos) << violationsText(validate(c));
  c.dst.sizeBytes = 544;
  EXPECT_TRUE(validate(c).empty()) << violationsText(validate(c));
  c.src.sizeBytes = 319;  // the last iteration reads from 160 + 80: up to 320
  EXPECT_NE(violationsText(validate(c)).find("G-2: src.size = 319"), std::string::npos) << violationsText(validate(c));
}

// LOOP-1: the Ascend 950 only, DataCopyPad GM<->UB only.
TEST(LoopMode, OnlyOnTheAscend950AndDataCopyPadGmUb) {
  Case c = vendorCase(PaddingMode::normal);
  c.product = Product::atlas_a2;
  const Trial r = runCase(c);
  EXPECT_EQ(r.eval.verdict, Verdict::notSupported);
  EXPECT_NE(violationsText(r.eval.violations).find("LOOP-1"), std::string::npos) << violationsText(r.eval.violations);
  Case plain = makeCase(Api::DataCopy, Position::GM, Position::VECIN, DType::int8_t, DataCopyParams{1, 1, 0, 0}, 32, 32);
  plain.product = Product::ascend950;
  plain.loopMode = kVendorLoop;
  const OperationResolution resolution = resolveOperation(plain);
  EXPECT_FALSE(resolution.operation);
  EXPECT_NE(resolution.error.find("LOOP-1"), std::string::npos) << resolution.error;
}

}  // namespace
}  // namespace dcconf::oracle::test
