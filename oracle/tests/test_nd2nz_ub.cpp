// DataCopy ND2NZ GM -> VECIN (docs/semantics.md section 6a, ND2NZUB-*, project): the vendor's worked example, the
// emulation's tail dummy bytes, A2/A3 float's 64-byte rows (AMB-34), the layouts AMB-33 rejects, the page's reading.
#include "test_support.hpp"

namespace dcconf::oracle::test {
namespace {

Case makeNd2NzUb(Product product, DType t, const Nd2NzParams& p, std::uint64_t srcSize, std::uint64_t dstSize,
                 std::uint64_t srcOffset = 0, std::uint64_t dstOffset = 0) {
  Case c = makeCase(Api::DataCopy, Position::GM, Position::VECIN, t, p, srcSize, dstSize, srcOffset, dstOffset);
  c.product = product;
  return c;
}

// ND2NZUB-3/4 by hand: rows of rowElems elements (32/s, or 16 floats), the tail block's bytes up to 32 ANY.
Model modelEmulation(const Trial& r, const Nd2NzParams& p, std::uint64_t rowElems) {
  Model m(r.src, r.dst);
  const std::uint64_t s = sizeBytes(r.c.dtype);
  for (std::uint64_t row = 0; row < p.nValue; ++row) {
    for (std::uint64_t cb = 0; cb * rowElems < p.dValue; ++cb) {
      const std::uint64_t at = r.c.dst.offsetBytes + cb * p.dstNzC0Stride * 32 + row * p.dstNzNStride * 32;
      const std::uint64_t dataBytes = std::min<std::uint64_t>(rowElems, p.dValue - cb * rowElems) * s;
      for (std::uint64_t b = 0; b < dataBytes; ++b) {
        m.copy(at + b, r.c.src.offsetBytes + (row * p.srcDValue + cb * rowElems) * s + b);
      }
      for (std::uint64_t b = dataBytes; b % 32 != 0; ++b) m.any(at + b, Region::dummy);
    }
  }
  return m;
}

constexpr Product kProducts[] = {Product::atlas_a2, Product::atlas_a3, Product::ascend950};

// ND2NZUB-6: nd2nz_during_data_movement, half 32x32, Nd2NzParams{1, 32, 32, 0, 32, 32, 1, 0}: the golden is the
// source's two 32x16 column blocks one after the other, element (r, c) at (c/16)*512 + r*16 + c%16.
TEST(Nd2NzUb, VendorWorkedExampleHalf32x32) {
  const Nd2NzParams p{1, 32, 32, 0, 32, 32, 1, 0};
  for (const Product product : kProducts) {
    SCOPED_TRACE(std::string(name(product)));
    const Trial r = runCase(makeNd2NzUb(product, DType::half, p, 32 * 32 * 2, 32 * 32 * 2 + 64));
    ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
    for (std::uint64_t row = 0; row < 32; ++row) {
      for (std::uint64_t col = 0; col < 32; ++col) {
        const std::uint64_t d = ((col / 16) * 512 + row * 16 + col % 16) * 2;
        const std::uint64_t from = (row * 32 + col) * 2;
        for (std::uint64_t b = 0; b < 2; ++b) {
          ASSERT_EQ(r.eval.expectation.care[d + b], 1);
          ASSERT_EQ(r.eval.expectation.expected[d + b], r.src[from + b]) << "row " << row << " col " << col;
        }
      }
    }
    for (std::uint64_t k = 2048; k < 2048 + 64; ++k) EXPECT_EQ(r.eval.expectation.region[k], Region::keep);
  }
}

// ND2NZUB-4: the last column block's bytes past the data up to 32 are the pad call's dummy bytes (ANY); for every
// dtype of the emulation with 32-byte rows, dValue around C0.
TEST(Nd2NzUb, TailBytesUpTo32AreAny) {
  for (const DType t : {DType::int8_t, DType::half, DType::bfloat16_t, DType::int32_t, DType::float_}) {
    const std::uint64_t s = sizeBytes(t);
    const std::uint64_t C0 = 32 / s;
    for (const std::uint64_t d : {std::uint64_t{1}, C0 - 1, C0, C0 + 1, 2 * C0 + 1}) {
      SCOPED_TRACE(std::string(name(t)) + " dValue " + std::to_string(d));
      const auto dv = static_cast<std::uint16_t>(d);
      const Nd2NzParams p{1, 3, dv, 0, static_cast<std::uint16_t>(d + 1), 3, 1, 0};
      const Trial r = runCase(makeNd2NzUb(Product::ascend950, t, p, 3 * (d + 1) * s + 9, 3 * 3 * 32 + 96, 9, 32));
      expectComputedAsModel(r, modelEmulation(r, p, C0));
    }
  }
}

// AMB-34: float on A2/A3 moves 16-element rows (64 bytes, pitch dstNzNStride blocks); the tail row's bytes past the
// data up to 32 are ANY and the rest of the 64 bytes KEEP. The 950 and profile nd2nzub-c0-8 take C0 = 8.
TEST(Nd2NzUb, A2FloatRowsOf16) {
  const Nd2NzParams p{1, 2, 17, 0, 17, 4, 2, 0};
  for (const Product product : {Product::atlas_a2, Product::atlas_a3}) {
    const Trial r = runCase(makeNd2NzUb(product, DType::float_, p, 2 * 17 * 4, 4 * 2 * 32 + 64));
    expectComputedAsModel(r, modelEmulation(r, p, 16));
    // row 0 of column block 1 (at 128): element 16, then 28 ANY bytes, then 32 KEEP bytes of the 64-byte row
    EXPECT_EQ(r.eval.expectation.region[128], Region::data);
    EXPECT_EQ(r.eval.expectation.care[132], 0);
    EXPECT_EQ(r.eval.expectation.region[160], Region::keep);
  }
  const Nd2NzParams narrow{1, 2, 17, 0, 17, 4, 1, 0};  // C0 = 8: three column blocks, rows one block apart
  Case c950 = makeNd2NzUb(Product::ascend950, DType::float_, narrow, 2 * 17 * 4, 4 * 3 * 32 + 64);
  const Trial r950 = runCase(c950);
  expectComputedAsModel(r950, modelEmulation(r950, narrow, 8));
  Case pinned = makeNd2NzUb(Product::atlas_a2, DType::float_, narrow, 2 * 17 * 4, 4 * 3 * 32 + 64);
  pinned.profile = *parseProfile("nd2nzub-c0-8").profile;
  const Trial rPinned = runCase(pinned);
  expectComputedAsModel(rPinned, modelEmulation(rPinned, narrow, 8));
}

// AMB-33: each layout the emulation places otherwise is invalid by default, naming ND2NZUB-3 and its field; the
// profile nd2nzub-page accepts it and gives GM->L1's ND2NZ-2/3 (zero tail) byte for byte.
TEST(Nd2NzUb, EmulationLayoutsOnlyByDefault) {
  struct Bad {
    const char* field;
    Nd2NzParams p;
  };
  const Bad bad[] = {
      {"params.ndNum", {2, 2, 16, 32, 16, 2, 1, 64}},
      {"params.srcNdMatrixStride", {1, 2, 16, 5, 16, 2, 1, 0}},
      {"params.dstNzMatrixStride", {1, 2, 16, 0, 16, 2, 1, 16}},
      {"params.dstNzNStride", {1, 2, 16, 0, 16, 4, 2, 0}},
      {"params.srcDValue", {1, 2, 16, 0, 8, 2, 1, 0}},      // below min(dValue, C0)
      {"params.srcDValue", {1, 256, 16, 0, 17, 256, 1, 0}},  // 256 rows not dValue apart
      {"params.dstNzC0Stride", {1, 1, 48, 0, 48, 4096, 1, 0}},  // 2*4096*16 > 65535
  };
  for (const Bad& b : bad) {
    SCOPED_TRACE(b.field);
    Case c = makeNd2NzUb(Product::ascend950, DType::half, b.p, 1 << 20, 1 << 20);
    const Evaluation e = evaluate(c, patternBuffer(c.src.sizeBytes), guardBuffer(c.dst.sizeBytes));
    ASSERT_EQ(e.verdict, Verdict::invalid);
    bool named = false;
    for (const Violation& v : e.violations) {
      named = named || (v.clause == "ND2NZUB-3" && v.field == b.field && v.message.find("AMB-33") != std::string::npos);
    }
    EXPECT_TRUE(named) << violationsText(e.violations);
    c.profile = *parseProfile("nd2nzub-page").profile;
    Case l1 = c;
    l1.dstPos = Position::A1;
    l1.profile = Profile{};
    const Evaluation page = evaluate(c, patternBuffer(c.src.sizeBytes), guardBuffer(c.dst.sizeBytes));
    const Evaluation gmToL1 = evaluate(l1, patternBuffer(c.src.sizeBytes), guardBuffer(c.dst.sizeBytes));
    ASSERT_EQ(page.verdict, Verdict::computed) << violationsText(page.violations);
    EXPECT_EQ(page.expectation.expected, gmToL1.expectation.expected);
    EXPECT_EQ(page.expectation.care, gmToL1.expectation.care);
  }
}

// The boundaries AMB-33 keeps: 255 rows with any srcDValue, 256+ rows with srcDValue == dValue <= 257, the 16-bit
// offset exactly 65535 elements away; an empty call writes nothing.
TEST(Nd2NzUb, EmulationBoundariesStayValid) {
  const Nd2NzParams rows255{1, 255, 16, 0, 40, 255, 1, 0};
  const Trial a = runCase(makeNd2NzUb(Product::atlas_a2, DType::half, rows255, 255 * 40 * 2, 255 * 32));
  expectComputedAsModel(a, modelEmulation(a, rows255, 16));
  const Nd2NzParams rows300{1, 300, 16, 0, 16, 300, 1, 0};
  const Trial b = runCase(makeNd2NzUb(Product::atlas_a2, DType::half, rows300, 300 * 16 * 2, 300 * 32));
  expectComputedAsModel(b, modelEmulation(b, rows300, 16));
  Nd2NzParams wide257{1, 256, 257, 0, 257, 255, 1, 0};  // 255*257 = 65535: the last dValue the 16-bit step holds
  const Evaluation ok = evaluate(makeNd2NzUb(Product::ascend950, DType::int8_t, wide257, 256 * 257, 9 * 256 * 32),
                                 patternBuffer(256 * 257), guardBuffer(9 * 256 * 32));
  EXPECT_EQ(ok.verdict, Verdict::computed) << violationsText(ok.violations);
  wide257.dValue = wide257.srcDValue = 258;
  const Evaluation bad = evaluate(makeNd2NzUb(Product::ascend950, DType::int8_t, wide257, 256 * 258, 9 * 256 * 32),
                                  patternBuffer(256 * 258), guardBuffer(9 * 256 * 32));
  EXPECT_EQ(bad.verdict, Verdict::invalid);
  const Nd2NzParams offsetMax{1, 1, 17, 0, 17, 4095, 1, 0};  // (2-1)*4095*16 = 65520 <= 65535
  const Trial c = runCase(makeNd2NzUb(Product::ascend950, DType::half, offsetMax, 17 * 2, 4096 * 32));
  expectComputedAsModel(c, modelEmulation(c, offsetMax, 16));
  const Nd2NzParams empty{0, 2, 16, 7, 16, 2, 3, 9};  // ndNum 0: nothing moves, the other fields are not read
  expectNoop(runCase(makeNd2NzUb(Product::ascend950, DType::half, empty, 64, 64)));
}

// ND2NZUB-1: Atlas inference (310P), training and the Kirins have no modelled GM->UB ND2NZ.
TEST(Nd2NzUb, OtherProductsNotSupported) {
  const Nd2NzParams p{1, 2, 16, 0, 16, 2, 1, 0};
  for (const Product product : {Product::atlas_inference_310p, Product::atlas_training, Product::kirin9020}) {
    SCOPED_TRACE(std::string(name(product)));
    const Evaluation e = evaluate(makeNd2NzUb(product, DType::half, p, 64, 128), patternBuffer(64), guardBuffer(128));
    EXPECT_EQ(e.verdict, Verdict::notSupported);
  }
}

}  // namespace
}  // namespace dcconf::oracle::test
