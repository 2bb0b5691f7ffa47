// DataCopyPad GM -> VECIN/VECOUT (SEMANTICS section 1, PAD-G2U-*): worked examples, boundary sizes, padding limits,
// pad values (isPad / pad register / ANY), dummy bytes, footprints and guard bytes.
#include <optional>

#include "test_support.hpp"

namespace dcconf::oracle::test {
namespace {

struct G2U {
  DType dtype = DType::half;
  std::uint32_t blockCount = 1;
  std::uint32_t blockLen = 0;  // bytes
  std::uint32_t srcStride = 0;  // GM bytes
  std::uint32_t dstStride = 0;  // UB 32-byte blocks
  std::uint8_t left = 0;
  std::uint8_t right = 0;
  bool isPad = false;
  std::uint64_t padValue = 0;
  std::optional<std::uint64_t> padRegister;
  std::uint64_t srcOffset = 0;
  std::uint64_t dstOffset = 0;
  std::uint64_t srcSlack = 0;  // bytes after the read extent
  std::uint64_t dstSlack = 64;  // guard bytes after the write extent
  Profile profile{};
};

std::uint64_t s(const G2U& g) { return sizeBytes(g.dtype); }
// PAD-G2U-2, by hand: W = AlignUp((L+R)*s + B, 32).
std::uint64_t ubBlockBytes(const G2U& g) { return ((g.left + g.right) * s(g) + g.blockLen + 31) / 32 * 32; }

Case makeG2U(const G2U& g) {
  const std::uint64_t srcSpan = (g.blockCount - 1) * (g.blockLen + g.srcStride) + g.blockLen;
  const std::uint64_t dstSpan = (g.blockCount - 1) * (ubBlockBytes(g) + 32 * g.dstStride) + ubBlockBytes(g);
  Case c = makeCase(Api::DataCopyPad, Position::GM, Position::VECIN, g.dtype,
                    DataCopyExtParams{static_cast<std::uint16_t>(g.blockCount), g.blockLen, g.srcStride, g.dstStride, 0},
                    g.srcOffset + srcSpan + g.srcSlack, g.dstOffset + dstSpan + g.dstSlack, g.srcOffset, g.dstOffset);
  c.padParams = DataCopyPadExtParams{g.isPad, g.left, g.right, g.padValue};
  c.padRegister = g.padRegister;
  c.profile = g.profile;
  return c;
}

// The documented layout of each UB block (PAD-G2U-3/4/5), written out byte by byte.
Model modelG2U(const G2U& g, const Trial& r) {
  Model m(r.src, r.dst);
  const std::uint64_t size = s(g);
  const std::uint64_t L = g.left * size;
  const std::uint64_t R = g.right * size;
  const std::uint64_t B = g.blockLen;
  const std::uint64_t W = ubBlockBytes(g);
  auto pad = [&](std::uint64_t d, std::uint64_t k, Region region) {
    if (g.isPad) {
      m.literal(d, static_cast<std::uint8_t>(g.padValue >> (8 * (k % size))), region);
    } else if (g.padRegister) {
      m.literal(d, static_cast<std::uint8_t>(*g.padRegister >> (8 * (k % size))), region);
    } else {
      m.any(d, region);
    }
  };
  for (std::uint64_t i = 0; i < g.blockCount; ++i) {
    const std::uint64_t gm = g.srcOffset + i * (B + g.srcStride);
    const std::uint64_t ub = g.dstOffset + i * (W + 32 * g.dstStride);
    for (std::uint64_t k = 0; k < L; ++k) pad(ub + k, k, Region::leftPad);
    for (std::uint64_t k = 0; k < B; ++k) m.copy(ub + L + k, gm + k);
    for (std::uint64_t k = 0; k < R; ++k) pad(ub + L + B + k, k, Region::rightPad);
    for (std::uint64_t k = 0; L + B + R + k < W; ++k) {
      const std::uint64_t d = ub + L + B + R + k;
      switch (g.profile.padDummy) {
        case Profile::PadDummy::any:
          m.any(d, Region::dummy);
          break;
        case Profile::PadDummy::docDummy:
          if (g.left == 0 && g.right == 0) {
            m.copy(d, gm + k % size, Region::dummy);  // the block's first element, repeated
          } else if (g.isPad) {
            m.literal(d, static_cast<std::uint8_t>(g.padValue >> (8 * (k % size))), Region::dummy);
          } else {
            m.any(d, Region::dummy);
          }
          break;
        case Profile::PadDummy::padDummy:
          if (g.isPad) {
            m.literal(d, static_cast<std::uint8_t>(g.padValue >> (8 * (k % size))), Region::dummy);
          } else {
            m.any(d, Region::dummy);
          }
          break;
      }
    }
  }
  return m;
}

// PAD-G2U-1 (turn 3, AMB-17): a blockLen that is not whole elements is invalid by default (the vendor's check) and
// computed as bytes verbatim under byte-len: such a case is checked both ways.
void checkG2U(G2U g) {
  if (g.blockLen % s(g) != 0 && g.profile.padBlockLen == Profile::PadBlockLen::elementMultiple) {
    const Trial rejected = runCase(makeG2U(g));
    EXPECT_EQ(rejected.eval.verdict, Verdict::invalid);
    EXPECT_VIOLATION(rejected.eval.violations, "PAD-G2U-1", "params.blockLen", std::to_string(g.blockLen));
    g.profile.padBlockLen = Profile::PadBlockLen::byteLen;
  }
  const Trial r = runCase(makeG2U(g));
  const Model m = modelG2U(g, r);
  expectComputedAsModel(r, m);
}

// ---- worked examples (PAD-G2U-6) ---------------------------------------------------------------------------------

// Doc: half, DataCopyExtParams{1, 40, 0, 0, 0}, DataCopyPadExtParams{true, 0, 2, 0}: the 64-byte UB block holds 20
// data halves (src 1..20), 2 zero halves, then 20 dummy bytes (ANY under the default profile).
TEST(PadGmToUb, WorkedExample40BytesRightPad2) {
  Case c = makeCase(Api::DataCopyPad, Position::GM, Position::VECIN, DType::half, DataCopyExtParams{1, 40, 0, 0, 0},
                    3 + 40 + 5, 32 + 64 + 32, 3, 32);
  c.padParams = DataCopyPadExtParams{true, 0, 2, 0};
  Bytes src = patternBuffer(c.src.sizeBytes);
  for (int k = 0; k < 20; ++k) storeLE(src, 3 + 2 * static_cast<std::uint64_t>(k), halfBitsOf(float(k + 1)), 2);
  const Trial r = runCase(c, src);
  ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
  const Expectation& e = r.eval.expectation;
  for (std::uint64_t i = 0; i < 32; ++i) {
    EXPECT_EQ(e.region[i], Region::keep);
    EXPECT_EQ(e.care[i], 1);
    EXPECT_EQ(e.expected[i], guardByte(i));
  }
  for (std::uint64_t k = 0; k < 20; ++k) {  // data halves 1..20
    EXPECT_EQ(loadLE(e.expected, 32 + 2 * k, 2), halfBitsOf(float(k + 1))) << "half " << k;
    EXPECT_EQ(e.region[32 + 2 * k], Region::data);
    EXPECT_EQ(e.care[32 + 2 * k + 1], 1);
  }
  for (std::uint64_t b = 40; b < 44; ++b) {  // two zero halves
    EXPECT_EQ(e.expected[32 + b], 0) << b;
    EXPECT_EQ(e.care[32 + b], 1);
    EXPECT_EQ(e.region[32 + b], Region::rightPad);
  }
  for (std::uint64_t b = 44; b < 64; ++b) {  // 20 dummy bytes, ANY
    EXPECT_EQ(e.care[32 + b], 0) << b;
    EXPECT_EQ(e.region[32 + b], Region::dummy);
  }
  for (std::uint64_t i = 96; i < 128; ++i) {
    EXPECT_EQ(e.region[i], Region::keep);
    EXPECT_EQ(e.expected[i], guardByte(i));
  }
  ASSERT_EQ(r.eval.footprint.reads.size(), 1u);
  EXPECT_EQ(r.eval.footprint.reads[0], (ByteRange{3, 43}));
  ASSERT_EQ(r.eval.footprint.writes.size(), 1u);
  EXPECT_EQ(r.eval.footprint.writes[0], (ByteRange{32, 96}));
  expectComputedAsModel(r, modelG2U({.dtype = DType::half, .blockLen = 40, .right = 2, .isPad = true, .srcOffset = 3,
                                     .dstOffset = 32},
                                    r));
}

// Doc configuration example 2: blockLen 47, srcStride 1 (GM bytes), dstStride 1 (UB block): GM pitch 48, UB pitch
// 64 + 32 = 96, 17 dummy bytes per block.
TEST(PadGmToUb, WorkedExample47BytesStrides) {
  const G2U g{.dtype = DType::uint8_t, .blockCount = 3, .blockLen = 47, .srcStride = 1, .dstStride = 1};
  const Trial r = runCase(makeG2U(g));
  ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
  const std::vector<ByteRange> reads{{0, 47}, {48, 95}, {96, 143}};
  const std::vector<ByteRange> writes{{0, 64}, {96, 160}, {192, 256}};
  EXPECT_EQ(r.eval.footprint.reads, reads);
  EXPECT_EQ(r.eval.footprint.writes, writes);
  for (std::uint64_t i = 0; i < 3; ++i) {
    for (std::uint64_t k = 0; k < 47; ++k) EXPECT_EQ(r.eval.expectation.expected[96 * i + k], r.src[48 * i + k]);
    for (std::uint64_t k = 47; k < 64; ++k) EXPECT_EQ(r.eval.expectation.care[96 * i + k], 0);  // 17 dummy bytes
    for (std::uint64_t k = 64; k < 96; ++k) {
      EXPECT_EQ(r.eval.expectation.region[96 * i + k], Region::keep);  // the dstStride gap
      EXPECT_EQ(r.eval.expectation.expected[96 * i + k], guardByte(96 * i + k));
    }
  }
  expectComputedAsModel(r, modelG2U(g, r));
  checkG2U({.dtype = DType::half, .blockCount = 3, .blockLen = 47, .srcStride = 1, .dstStride = 1});
}

// Doc: when L == R == 0 the dummy is "the first element of the block" (profile doc-dummy, AMB-2).
TEST(PadGmToUb, WorkedExample47DocDummyRepeatsFirstElement) {
  Profile p;
  p.padDummy = Profile::PadDummy::docDummy;
  const G2U g{.dtype = DType::uint8_t, .blockCount = 2, .blockLen = 47, .srcStride = 1, .dstStride = 1, .profile = p};
  const Trial r = runCase(makeG2U(g));
  ASSERT_EQ(r.eval.verdict, Verdict::computed);
  for (std::uint64_t i = 0; i < 2; ++i) {
    for (std::uint64_t k = 47; k < 64; ++k) {
      EXPECT_EQ(r.eval.expectation.expected[96 * i + k], r.src[48 * i]);
      EXPECT_EQ(r.eval.expectation.care[96 * i + k], 1);
      EXPECT_EQ(r.eval.expectation.region[96 * i + k], Region::dummy);
    }
  }
  expectComputedAsModel(r, modelG2U(g, r));
}

// ---- boundary sizes ------------------------------------------------------------------------------------------------

TEST(PadGmToUb, BoundaryBlockLens) {
  for (const DType t : {DType::uint8_t, DType::half, DType::float_, DType::int64_t}) {
    for (const std::uint32_t B : {1u, 2u, 3u, 4u, 7u, 8u, 31u, 32u, 33u, 63u, 64u, 65u, 100u}) {
      SCOPED_TRACE(std::string(name(t)) + " blockLen " + std::to_string(B));
      checkG2U({.dtype = t, .blockCount = 1, .blockLen = B});
      checkG2U({.dtype = t, .blockCount = 3, .blockLen = B, .srcStride = 5, .dstStride = 2, .srcOffset = 7,
                .dstOffset = 64});
    }
  }
}

TEST(PadGmToUb, BlockLenZeroInvalidByDefaultNoopUnderHwNoop) {
  G2U g{.dtype = DType::half, .blockCount = 2, .blockLen = 0};
  Case c = makeG2U(g);
  c.src.sizeBytes = 64;
  c.dst.sizeBytes = 64;
  Trial r = runCase(c);
  EXPECT_EQ(r.eval.verdict, Verdict::invalid);
  EXPECT_VIOLATION(r.eval.violations, "PAD-G2U-1", "params.blockLen", "0");
  c.profile.zeroCount = Profile::ZeroCount::hwNoop;
  expectNoop(runCase(c));
  // blockCount 0 likewise
  c = makeG2U({.dtype = DType::half, .blockCount = 1, .blockLen = 32});
  std::get<DataCopyExtParams>(c.params).blockCount = 0;
  r = runCase(c);
  EXPECT_EQ(r.eval.verdict, Verdict::invalid);
  EXPECT_VIOLATION(r.eval.violations, "PAD-G2U-1", "params.blockCount", "0");
  c.profile.zeroCount = Profile::ZeroCount::hwNoop;
  expectNoop(runCase(c));
}

TEST(PadGmToUb, BlockLenNotMultipleOfElementSize) {
  checkG2U({.dtype = DType::half, .blockCount = 2, .blockLen = 33, .right = 1, .isPad = true, .padValue = 0x3C00});
  checkG2U({.dtype = DType::float_, .blockCount = 2, .blockLen = 31, .left = 1, .isPad = true, .padValue = 0x3FC00000});
  checkG2U({.dtype = DType::int32_t, .blockCount = 2, .blockLen = 5, .left = 2, .right = 3, .isPad = true,
            .padValue = 0x11223344});
}

// ---- padding: limits, values ------------------------------------------------------------------------------------

TEST(PadGmToUb, PaddingAtZeroAndAtThe32ByteLimit) {
  struct Limit {
    DType t;
    std::uint8_t max;
    std::uint64_t value;
  };
  for (const Limit l : {Limit{DType::int8_t, 32, 0x7E}, Limit{DType::half, 16, 0xBC00}, Limit{DType::float_, 8, 0x3FC00000},
                        Limit{DType::double_, 4, 0}, Limit{DType::uint64_t, 4, 0}}) {
    SCOPED_TRACE(std::string(name(l.t)));
    for (const std::uint32_t B : {1u, 32u, 33u, 64u}) {
      checkG2U({.dtype = l.t, .blockCount = 2, .blockLen = B, .left = 0, .right = 0, .isPad = true, .padValue = l.value});
      checkG2U({.dtype = l.t, .blockCount = 2, .blockLen = B, .left = l.max, .right = 0, .isPad = true,
                .padValue = l.value});
      checkG2U({.dtype = l.t, .blockCount = 2, .blockLen = B, .left = 0, .right = l.max, .isPad = true,
                .padValue = l.value});
      checkG2U({.dtype = l.t, .blockCount = 2, .blockLen = B, .srcStride = 3, .dstStride = 1, .left = l.max,
                .right = l.max, .isPad = true, .padValue = l.value});
    }
    // limit + 1 -> invalid, naming the field
    Trial r = runCase(makeG2U({.dtype = l.t, .blockLen = 32, .left = static_cast<std::uint8_t>(l.max + 1)}));
    EXPECT_EQ(r.eval.verdict, Verdict::invalid);
    EXPECT_VIOLATION(r.eval.violations, "PAD-G2U-1", "padParams.leftPadding", std::to_string(l.max + 1));
    r = runCase(makeG2U({.dtype = l.t, .blockLen = 32, .right = static_cast<std::uint8_t>(l.max + 1)}));
    EXPECT_EQ(r.eval.verdict, Verdict::invalid);
    EXPECT_VIOLATION(r.eval.violations, "PAD-G2U-1", "padParams.rightPadding", std::to_string(l.max + 1));
  }
}

// Left 3 halves of 0x1234 and right 2 of it: bytes 34 12 | data | 34 12; a 96-byte block with 64 bytes data.
TEST(PadGmToUb, PadValueBytesAreLittleEndianElements) {
  const G2U g{.dtype = DType::half, .blockCount = 1, .blockLen = 64, .left = 3, .right = 2, .isPad = true,
              .padValue = 0x1234};
  const Trial r = runCase(makeG2U(g));
  ASSERT_EQ(r.eval.verdict, Verdict::computed);
  const Bytes& e = r.eval.expectation.expected;
  for (std::uint64_t k = 0; k < 3; ++k) {
    EXPECT_EQ(e[2 * k], 0x34);
    EXPECT_EQ(e[2 * k + 1], 0x12);
  }
  for (std::uint64_t k = 0; k < 64; ++k) EXPECT_EQ(e[6 + k], r.src[k]);
  EXPECT_EQ(e[70], 0x34);
  EXPECT_EQ(e[71], 0x12);
  EXPECT_EQ(e[72], 0x34);
  EXPECT_EQ(e[73], 0x12);
  EXPECT_EQ(r.eval.footprint.writes, (std::vector<ByteRange>{{0, 96}}));  // AlignUp(6 + 64 + 4, 32) = 96
  expectComputedAsModel(r, modelG2U(g, r));
}

TEST(PadGmToUb, SixtyFourBitPaddingValueMustBeZero) {
  for (const DType t : {DType::int64_t, DType::uint64_t, DType::double_}) {
    Trial r = runCase(makeG2U({.dtype = t, .blockLen = 16, .right = 1, .isPad = true, .padValue = 1}));
    EXPECT_EQ(r.eval.verdict, Verdict::invalid) << name(t);
    EXPECT_VIOLATION(r.eval.violations, "PAD-G2U-1", "padParams.paddingValue", "1");
    checkG2U({.dtype = t, .blockLen = 16, .right = 1, .isPad = true, .padValue = 0});
  }
}

// PAD-G2U-4: isPad false -> the pad register when the case states one, else ANY.
TEST(PadGmToUb, IsPadFalseUsesPadRegisterOrAny) {
  for (const DType t : {DType::uint8_t, DType::half, DType::float_}) {
    SCOPED_TRACE(std::string(name(t)));
    checkG2U({.dtype = t, .blockCount = 2, .blockLen = 20, .dstStride = 1, .left = 2, .right = 1, .isPad = false,
              .padValue = 0x77});
    checkG2U({.dtype = t, .blockCount = 2, .blockLen = 20, .dstStride = 1, .left = 2, .right = 1, .isPad = false,
              .padValue = 0x77, .padRegister = 0xCAFEBABEDEADBEEFull});
  }
  // explicit bytes: half, register 0xBEEF -> pad bytes EF BE; isPad true wins over the register.
  G2U g{.dtype = DType::half, .blockLen = 30, .left = 1, .isPad = false, .padRegister = 0xBEEF};
  Trial r = runCase(makeG2U(g));
  ASSERT_EQ(r.eval.verdict, Verdict::computed);
  EXPECT_EQ(r.eval.expectation.expected[0], 0xEF);
  EXPECT_EQ(r.eval.expectation.expected[1], 0xBE);
  EXPECT_EQ(r.eval.expectation.care[0], 1);
  g.isPad = true;
  g.padValue = 0x0102;
  r = runCase(makeG2U(g));
  EXPECT_EQ(r.eval.expectation.expected[0], 0x02);
  EXPECT_EQ(r.eval.expectation.expected[1], 0x01);
  g.isPad = false;
  g.padRegister.reset();
  r = runCase(makeG2U(g));
  EXPECT_EQ(r.eval.expectation.care[0], 0);
  EXPECT_EQ(r.eval.expectation.care[1], 0);
  EXPECT_EQ(r.eval.expectation.region[0], Region::leftPad);
}

// ---- dummy profiles (AMB-2) -----------------------------------------------------------------------------------

TEST(PadGmToUb, DummyUnderEachProfile) {
  for (const auto dummy : {Profile::PadDummy::any, Profile::PadDummy::docDummy, Profile::PadDummy::padDummy}) {
    Profile p;
    p.padDummy = dummy;
    SCOPED_TRACE(profileName(p));
    for (const bool isPad : {false, true}) {
      checkG2U({.dtype = DType::half, .blockCount = 2, .blockLen = 10, .srcStride = 2, .isPad = isPad,
                .padValue = 0xABCD, .profile = p});
      checkG2U({.dtype = DType::half, .blockCount = 2, .blockLen = 10, .left = 1, .isPad = isPad, .padValue = 0xABCD,
                .profile = p});
      checkG2U({.dtype = DType::float_, .blockCount = 2, .blockLen = 12, .right = 2, .isPad = isPad,
                .padValue = 0x01020304, .padRegister = 0x55, .profile = p});
      checkG2U({.dtype = DType::float_, .blockCount = 3, .blockLen = 36, .srcStride = 4, .dstStride = 2,
                .isPad = isPad, .padValue = 0x01020304, .profile = p});
    }
  }
}

// No dummy when P + B is already a multiple of 32 (any profile).
TEST(PadGmToUb, NoDummyWhenAligned) {
  Profile p;
  p.padDummy = Profile::PadDummy::docDummy;
  const G2U g{.dtype = DType::half, .blockCount = 2, .blockLen = 28, .left = 1, .right = 1, .isPad = true,
              .padValue = 0x7777, .profile = p};
  const Trial r = runCase(makeG2U(g));
  ASSERT_EQ(r.eval.verdict, Verdict::computed);
  for (const Region region : r.eval.expectation.region) EXPECT_NE(region, Region::dummy);
  EXPECT_EQ(r.eval.footprint.writes, (std::vector<ByteRange>{{0, 64}}));
  expectComputedAsModel(r, modelG2U(g, r));
}

// ---- the plain DataCopyParams / DataCopyPadParams overload, and VECOUT ------------------------------------------

// The non-Ext DataCopyPadParams with a non-zero paddingValue: invalid by default (turn 3, AMB-18: the vendor's check);
// profile pad-raw takes the value's low sizeof(T) bytes, as the A2/A3 implementation passes it to the pad register.
TEST(PadGmToUb, PlainParamsOverloadAndVecout) {
  Case c = makeCase(Api::DataCopyPad, Position::GM, Position::VECOUT, DType::half, DataCopyParams{2, 18, 6, 1},
                    1 + 18 + 6 + 18 + 3, 32 + 32 + 32 + 32 + 32, 1, 32);
  c.padParams = DataCopyPadParams{true, 1, 0, 0x0000000000004242ull};
  const Trial rejected = runCase(c);
  EXPECT_EQ(rejected.eval.verdict, Verdict::invalid);
  EXPECT_VIOLATION(rejected.eval.violations, "PAD-G2U-1", "padParams.paddingValue", std::to_string(0x4242));
  ASSERT_EQ(rejected.eval.violations.size(), 1u);
  EXPECT_NE(rejected.eval.violations.front().message.find("AMB-18"), std::string::npos);
  std::get<DataCopyPadParams>(c.padParams).paddingValue = 0;  // the vendor's only value: zero pads
  const Trial zero = runCase(c);
  ASSERT_EQ(zero.eval.verdict, Verdict::computed);
  EXPECT_EQ(zero.eval.expectation.expected[32], 0);
  std::get<DataCopyPadParams>(c.padParams).paddingValue = 0x4242;
  c.profile = *parseProfile("pad-raw").profile;
  const Trial r = runCase(c);
  // by hand: W = AlignUp(2 + 18, 32) = 32; block 0 at 32, block 1 at 32 + 32 + 32 = 96
  Model m(r.src, r.dst);
  for (std::uint64_t i = 0; i < 2; ++i) {
    const std::uint64_t ub = 32 + i * 64;
    const std::uint64_t gm = 1 + i * 24;
    m.literal(ub, 0x42, Region::leftPad);
    m.literal(ub + 1, 0x42, Region::leftPad);
    for (std::uint64_t k = 0; k < 18; ++k) m.copy(ub + 2 + k, gm + k);
    for (std::uint64_t k = 20; k < 32; ++k) m.any(ub + k, Region::dummy);
  }
  expectComputedAsModel(r, m);
}

TEST(PadGmToUb, MaximumBlockCount) {
  checkG2U({.dtype = DType::uint8_t, .blockCount = 4095, .blockLen = 3, .left = 1, .isPad = true, .padValue = 9});
}

}  // namespace
}  // namespace dcconf::oracle::test
