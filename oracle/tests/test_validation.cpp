// Validation (G-4): every broken constraint named by clause, field and value; support per product (PROD, section
// 11); malformed api/path/params combinations; G-5 local alignment; G-1/G-2 buffer bounds.
#include <algorithm>

#include "test_support.hpp"

namespace dcconf::oracle::test {
namespace {

Case padG2U(DType t, DataCopyExtParams p, DataCopyPadExtParams pad, std::uint64_t srcSize = 4096,
            std::uint64_t dstSize = 4096) {
  Case c = makeCase(Api::DataCopyPad, Position::GM, Position::VECIN, t, p, srcSize, dstSize);
  c.padParams = pad;
  return c;
}

Verdict verdictOf(const Case& c) {
  const Bytes src(c.src.sizeBytes, 1);
  const Bytes dst(c.dst.sizeBytes, 2);
  return evaluate(c, src, dst).verdict;
}

std::vector<Violation> violationsOf(const Case& c) {
  const Bytes src(c.src.sizeBytes, 1);
  const Bytes dst(c.dst.sizeBytes, 2);
  return evaluate(c, src, dst).violations;
}

// ---- constraint clauses ---------------------------------------------------------------------------------------

TEST(Validation, PadG2UReportsEveryBrokenConstraint) {
  const Case c = padG2U(DType::half, DataCopyExtParams{0, 0, 0, 0, 0}, DataCopyPadExtParams{true, 17, 20, 0});
  const Bytes src(c.src.sizeBytes), dst(c.dst.sizeBytes);
  const Evaluation e = evaluate(c, src, dst);
  EXPECT_EQ(e.verdict, Verdict::invalid);
  EXPECT_VIOLATION(e.violations, "PAD-G2U-1", "params.blockCount", "0");
  EXPECT_VIOLATION(e.violations, "PAD-G2U-1", "params.blockLen", "0");
  EXPECT_VIOLATION(e.violations, "PAD-G2U-1", "padParams.leftPadding", "17");
  EXPECT_VIOLATION(e.violations, "PAD-G2U-1", "padParams.rightPadding", "20");
  EXPECT_EQ(e.violations.size(), 4u) << violationsText(e.violations);
  EXPECT_EQ(validate(c), e.violations);
  EXPECT_TRUE(e.expectation.expected.empty());  // computes nothing
  // the message says why; describe() leads with clause, field and value
  for (const Violation& v : e.violations) {
    EXPECT_FALSE(v.message.empty());
    EXPECT_EQ(describe(v).rfind(v.clause + ": " + v.field + " = " + v.value + ": ", 0), 0u) << describe(v);
  }
  const auto zero = std::find_if(e.violations.begin(), e.violations.end(),
                                 [](const Violation& v) { return v.field == "params.blockCount"; });
  ASSERT_NE(zero, e.violations.end());
  EXPECT_NE(zero->message.find("AMB-1"), std::string::npos) << zero->message;
  EXPECT_NE(zero->message.find("4095"), std::string::npos) << zero->message;
}

TEST(Validation, PadG2URanges) {
  auto check = [](const Case& c, const char* field, const std::string& value) {
    const auto vs = violationsOf(c);
    EXPECT_VIOLATION(vs, "PAD-G2U-1", field, value);
    EXPECT_EQ(vs.size(), 1u) << violationsText(vs);
  };
  check(padG2U(DType::half, {4096, 32, 0, 0, 0}, {}), "params.blockCount", "4096");
  check(padG2U(DType::int8_t, {1, 2097152, 0, 0, 0}, {}), "params.blockLen", "2097152");
  check(padG2U(DType::int64_t, {1, 32, 0, 0, 0}, {true, 0, 1, 0x100}), "padParams.paddingValue", "256");
  check(padG2U(DType::double_, {1, 32, 0, 0, 0}, {false, 0, 1, 1}), "padParams.paddingValue", "1");
  // at the limits: valid
  EXPECT_EQ(verdictOf(padG2U(DType::half, {4095, 2, 0, 0, 0}, {}, 4095 * 2, 4095 * 32)), Verdict::computed);
  // turn 3 (AMB-17): half with blockLen 41 is rejected by the vendor's check (dcconf used to compute it)
  check(padG2U(DType::half, {1, 41, 0, 0, 0}, {}, 41, 64), "params.blockLen", "41");
  EXPECT_EQ(verdictOf(padG2U(DType::int8_t, {1, 2097151, 0, 0, 0}, {true, 32, 32, 0}, 2097151, 2097151 + 64 + 1)),
            Verdict::computed);
  // the plain DataCopyParams has no 2097151 cap (u16 blockLen), and uses the plain pad struct
  Case plain = makeCase(Api::DataCopyPad, Position::GM, Position::VECIN, DType::uint8_t, DataCopyParams{1, 65535, 0, 0},
                        65535, 65536);
  plain.padParams = DataCopyPadParams{false, 0, 0, 0};
  EXPECT_EQ(verdictOf(plain), Verdict::computed);
}

TEST(Validation, PadU2GRanges) {
  Case c = makeCase(Api::DataCopyPad, Position::VECIN, Position::GM, DType::half, DataCopyExtParams{4096, 2097152, 0, 0, 0},
                    1, 1);
  auto vs = violationsOf(c);
  EXPECT_VIOLATION(vs, "PAD-U2G-1", "params.blockCount", "4096");
  EXPECT_VIOLATION(vs, "PAD-U2G-1", "params.blockLen", "2097152");
  EXPECT_EQ(vs.size(), 2u) << violationsText(vs);  // constraints first: no bounds violations yet
}

TEST(Validation, DataCopyRanges) {
  Case c = makeCase(Api::DataCopy, Position::GM, Position::VECIN, DType::half, DataCopyParams{0, 0, 0, 0}, 64, 64);
  auto vs = violationsOf(c);
  EXPECT_VIOLATION(vs, "DC-1", "params.blockCount", "0");
  EXPECT_VIOLATION(vs, "DC-1", "params.blockLen", "0");
  EXPECT_EQ(vs.size(), 2u);
  c.params = DataCopyParams{4096, 1, 0, 0};
  vs = violationsOf(c);
  EXPECT_VIOLATION(vs, "DC-1", "params.blockCount", "4096");
  // DC-3 / AMB-4: more than 65535 whole blocks is rejected by default
  c.params = CalCount{65536 * 16};
  vs = violationsOf(c);
  EXPECT_VIOLATION(vs, "DC-3", "params.calCount", std::to_string(65536 * 16));
  c.params = CalCount{65535 * 16 + 15};  // 65535 blocks and a dropped remainder: valid
  c.src.sizeBytes = c.dst.sizeBytes = 65535 * 32;
  EXPECT_EQ(verdictOf(c), Verdict::computed);
}

TEST(Validation, Nd2NzRangesAllReported) {
  Case c = makeCase(Api::DataCopy, Position::GM, Position::A1, DType::half,
                    Nd2NzParams{4096, 16385, 16, 0, 0, 0, 16385, 0}, 64, 64);
  auto vs = violationsOf(c);
  EXPECT_VIOLATION(vs, "ND2NZ-1", "params.ndNum", "4096");
  EXPECT_VIOLATION(vs, "ND2NZ-1", "params.nValue", "16385");
  EXPECT_VIOLATION(vs, "ND2NZ-1", "params.srcDValue", "0");
  EXPECT_VIOLATION(vs, "ND2NZ-1", "params.dstNzC0Stride", "0");
  EXPECT_VIOLATION(vs, "ND2NZ-1", "params.dstNzNStride", "16385");
  EXPECT_VIOLATION(vs, "ND2NZ-1", "params.dstNzMatrixStride", "0");  // ndNum > 1
  EXPECT_EQ(vs.size(), 6u) << violationsText(vs);
  c.params = Nd2NzParams{1, 1, 16, 0, 16, 16385, 0, 1};
  vs = violationsOf(c);
  EXPECT_VIOLATION(vs, "ND2NZ-1", "params.dstNzC0Stride", "16385");
  EXPECT_VIOLATION(vs, "ND2NZ-1", "params.dstNzNStride", "0");
  EXPECT_EQ(vs.size(), 2u) << violationsText(vs);
  // the upper limits themselves are accepted
  c.params = Nd2NzParams{1, 1, 16, 0, 65535, 16384, 16384, 1};
  c.src.sizeBytes = 32;
  c.dst.sizeBytes = 32;
  EXPECT_EQ(verdictOf(c), Verdict::computed);
}

TEST(Validation, Nz2NdRangesAllReported) {
  Case c = makeCase(Api::DataCopy, Position::VECOUT, Position::GM, DType::float_,
                    Nz2NdParamsFull{4096, 0, 17, 0, 4097, 0, 0}, 64, 64);
  auto vs = violationsOf(c);
  EXPECT_VIOLATION(vs, "NZ2ND-1", "params.ndNum", "4096");
  EXPECT_VIOLATION(vs, "NZ2ND-1", "params.nValue", "0");
  EXPECT_VIOLATION(vs, "NZ2ND-1", "params.dValue", "17");
  EXPECT_VIOLATION(vs, "NZ2ND-1", "params.srcNdMatrixStride", "0");
  EXPECT_VIOLATION(vs, "NZ2ND-1", "params.srcNStride", "4097");
  EXPECT_VIOLATION(vs, "NZ2ND-1", "params.dstDStride", "0");
  EXPECT_VIOLATION(vs, "NZ2ND-1", "params.dstNdMatrixStride", "0");
  EXPECT_EQ(vs.size(), 7u) << violationsText(vs);
  c.params = Nz2NdParamsFull{1, 8193, 8208, 513, 0, 1, 1};
  vs = violationsOf(c);
  EXPECT_VIOLATION(vs, "NZ2ND-1", "params.nValue", "8193");
  EXPECT_VIOLATION(vs, "NZ2ND-1", "params.dValue", "8208");
  EXPECT_VIOLATION(vs, "NZ2ND-1", "params.srcNdMatrixStride", "513");
  c.params = Nz2NdParamsFull{1, 1, 0, 1, 0, 1, 1};
  EXPECT_VIOLATION(violationsOf(c), "NZ2ND-1", "params.dValue", "0");
}

// ---- G-5 and G-1/G-2 ----------------------------------------------------------------------------------------

TEST(Validation, LocalOperandsMust32ByteAlign) {
  // UB destination at 16: G-5; GM source at 3: fine
  Case c = padG2U(DType::half, {1, 32, 0, 0, 0}, {}, 64, 128);
  c.src.offsetBytes = 3;
  c.dst.offsetBytes = 16;
  auto vs = violationsOf(c);
  EXPECT_VIOLATION(vs, "G-5", "dst.offset", "16");
  EXPECT_EQ(vs.size(), 1u) << violationsText(vs);
  c.dst.offsetBytes = 32;
  EXPECT_EQ(verdictOf(c), Verdict::computed);
  // UB source of UB -> GM
  Case u = makeCase(Api::DataCopyPad, Position::VECOUT, Position::GM, DType::half, DataCopyExtParams{1, 32, 0, 0, 0},
                    128, 64, 8, 1);
  EXPECT_VIOLATION(violationsOf(u), "G-5", "src.offset", "8");
  // A1 / B1 destinations, VECIN -> VECOUT both sides, TSCM
  Case nd = makeCase(Api::DataCopy, Position::GM, Position::B1, DType::half, Nd2NzParams{1, 1, 16, 0, 16, 1, 1, 1},
                     64, 128, 1, 33);
  vs = violationsOf(nd);
  EXPECT_VIOLATION(vs, "G-5", "dst.offset", "33");
  EXPECT_EQ(vs.size(), 1u) << violationsText(vs);
  Case vv = makeCase(Api::DataCopy, Position::VECIN, Position::VECOUT, DType::half, DataCopyParams{1, 1, 0, 0}, 128,
                     128, 1, 2);
  vs = violationsOf(vv);
  EXPECT_VIOLATION(vs, "G-5", "src.offset", "1");
  EXPECT_VIOLATION(vs, "G-5", "dst.offset", "2");
  Case t = makeCase(Api::DataCopyPad, Position::VECIN, Position::TSCM, DType::half, DataCopyExtParams{1, 32, 0, 0, 0},
                    64, 128, 0, 31);
  t.nd2nzParams = Nd2NzParams{1, 1, 16, 0, 16, 1, 1, 1};
  EXPECT_VIOLATION(violationsOf(t), "G-5", "dst.offset", "31");
}

TEST(Validation, BuffersMustHoldTheFootprint) {
  // G-PAD example: reads 40 bytes, writes one 64-byte block
  Case c = padG2U(DType::half, {1, 40, 0, 0, 0}, {true, 0, 2, 0}, 40, 64);
  EXPECT_EQ(verdictOf(c), Verdict::computed);
  c.src.sizeBytes = 39;
  c.dst.sizeBytes = 63;
  auto vs = violationsOf(c);
  EXPECT_VIOLATION(vs, "G-2", "src.size", "39");
  EXPECT_VIOLATION(vs, "G-1", "dst.size", "63");
  EXPECT_EQ(vs.size(), 2u) << violationsText(vs);
  // offsets count
  c.src = {46, 6};  // {sizeBytes, offsetBytes}
  c.dst = {96, 32};
  EXPECT_EQ(verdictOf(c), Verdict::computed);
  c.src = {46, 7};
  c.dst = {95, 32};
  vs = violationsOf(c);
  EXPECT_VIOLATION(vs, "G-2", "src.size", "46");
  EXPECT_VIOLATION(vs, "G-1", "dst.size", "95");
  // an offset near 2^64 must not wrap around
  c.src = {45, ~std::uint64_t{0} - 10};
  c.dst = {96, 32};
  vs = violationsOf(c);
  EXPECT_VIOLATION(vs, "G-2", "src.size", "45");
  // constraints first: a broken constraint hides the bounds check
  Case bad = padG2U(DType::half, {0, 40, 0, 0, 0}, {}, 0, 0);
  vs = violationsOf(bad);
  EXPECT_EQ(vs.size(), 1u) << violationsText(vs);
  EXPECT_VIOLATION(vs, "PAD-G2U-1", "params.blockCount", "0");
  // UB->GM: 47 bytes out of a 3-block UB read leaves 17 UB bytes that need not exist after the last block
  Case u = makeCase(Api::DataCopyPad, Position::VECIN, Position::GM, DType::uint8_t, DataCopyExtParams{3, 47, 1, 1, 0},
                    2 * 96 + 47, 3 * 48 - 1);
  EXPECT_EQ(verdictOf(u), Verdict::computed);
  u.src.sizeBytes -= 1;
  u.dst.sizeBytes -= 1;
  vs = violationsOf(u);
  EXPECT_VIOLATION(vs, "G-2", "src.size", std::to_string(2 * 96 + 46));
  EXPECT_VIOLATION(vs, "G-1", "dst.size", std::to_string(3 * 48 - 2));
}

// ---- malformed combinations -----------------------------------------------------------------------------------

TEST(Validation, MalformedCombinations) {
  auto expectMalformed = [](const Case& c, const char* why) {
    SCOPED_TRACE(why);
    const Bytes src(c.src.sizeBytes), dst(c.dst.sizeBytes);
    const Evaluation e = evaluate(c, src, dst);
    EXPECT_EQ(e.verdict, Verdict::malformed);
    ASSERT_EQ(e.violations.size(), 1u);
    EXPECT_EQ(e.violations[0].clause, "CASE");
    EXPECT_FALSE(e.violations[0].message.empty());
    EXPECT_FALSE(resolveOperation(c).operation.has_value());
    EXPECT_EQ(validate(c).size(), 1u);
  };
  const Case good = padG2U(DType::half, {1, 32, 0, 0, 0}, {}, 64, 64);
  ASSERT_EQ(verdictOf(good), Verdict::computed);

  Case c = good;
  c.padParams = DataCopyPadParams{};  // Ext params with the plain pad struct
  expectMalformed(c, "ext params with plain pad params");
  c = good;
  c.padParams = std::monostate{};
  expectMalformed(c, "GM->UB without pad params");
  c = good;
  c.params = Nd2NzParams{1, 1, 16, 0, 16, 1, 1, 1};
  expectMalformed(c, "DataCopyPad with Nd2NzParams");
  c = good;
  c.params = CalCount{16};
  expectMalformed(c, "DataCopyPad with calCount");
  c = good;
  c.nd2nzParams = Nd2NzParams{1, 1, 16, 0, 16, 1, 1, 1};
  expectMalformed(c, "GM->UB with nd2nzParams");
  c = good;
  c.dstPos = Position::A1;
  expectMalformed(c, "DataCopyPad GM->A1");
  c = good;
  c.srcPos = Position::VECIN;
  c.dstPos = Position::VECOUT;
  c.padParams = std::monostate{};
  expectMalformed(c, "DataCopyPad VECIN->VECOUT");

  Case u = makeCase(Api::DataCopyPad, Position::VECIN, Position::GM, DType::half, DataCopyExtParams{1, 32, 0, 0, 0}, 64, 64);
  ASSERT_EQ(verdictOf(u), Verdict::computed);
  c = u;
  c.padRegister = 1;
  expectMalformed(c, "UB->GM with padRegister");
  c = u;
  c.padParams = DataCopyPadExtParams{};
  expectMalformed(c, "UB->GM with pad params");
  c = u;
  c.nd2nzParams = Nd2NzParams{1, 1, 16, 0, 16, 1, 1, 1};
  expectMalformed(c, "UB->GM with nd2nzParams");
  c = u;
  c.dstPos = Position::TSCM;
  expectMalformed(c, "UB->TSCM without nd2nzParams");

  Case d = makeCase(Api::DataCopy, Position::GM, Position::VECIN, DType::half, DataCopyParams{1, 1, 0, 0}, 64, 64);
  ASSERT_EQ(verdictOf(d), Verdict::computed);
  c = d;
  c.dstPos = Position::VECOUT;
  expectMalformed(c, "DataCopy GM->VECOUT");
  c = d;
  c.srcPos = Position::CO1;
  c.dstPos = Position::GM;
  expectMalformed(c, "DataCopy CO1->GM is FIX, not modelled here");
  c = d;
  c.padParams = DataCopyPadParams{};
  expectMalformed(c, "DataCopy with pad params");
  c = d;
  c.padRegister = 0;
  expectMalformed(c, "DataCopy with padRegister");
  c = d;
  c.params = DataCopyExtParams{1, 32, 0, 0, 0};
  expectMalformed(c, "DataCopy with DataCopyExtParams");
  c = d;
  c.params = Nd2NzParams{1, 1, 16, 0, 16, 1, 1, 1};
  c.dstPos = Position::VECOUT;  // GM->VECIN is the emulated ND2NZ (ND2NZUB-1, issue 31 item 6); VECOUT is no path
  expectMalformed(c, "ND2NZ GM->VECOUT");
  c = d;
  c.params = Nz2NdParamsFull{1, 1, 16, 1, 1, 16, 1};
  expectMalformed(c, "NZ2ND GM->VECIN");
  c.srcPos = Position::VECIN;
  c.dstPos = Position::GM;
  expectMalformed(c, "NZ2ND VECIN->GM");

  // BRC-1 (project): BroadCastVecToMM takes BroadCastVecToMMParams on VECIN/VECOUT->CO1 and nothing else
  Case brc = d;
  brc.api = Api::BroadCastVecToMM;
  brc.product = Product::atlas_inference_310p;
  brc.srcPos = Position::VECIN;
  brc.dstPos = Position::CO1;
  brc.dtype = DType::float_;
  brc.params = BroadCastVecToMMParams{1, 1, 0, 1};
  brc.src = {64, 0};
  brc.dst = {1024, 0};
  ASSERT_EQ(verdictOf(brc), Verdict::computed);
  c = brc;
  c.params = DataCopyParams{1, 1, 0, 0};
  expectMalformed(c, "BroadCastVecToMM with DataCopyParams");
  c = brc;
  c.dstPos = Position::CO2;
  expectMalformed(c, "BroadCastVecToMM VECIN->CO2");
  c = brc;
  c.srcPos = Position::GM;
  expectMalformed(c, "BroadCastVecToMM GM->CO1");
  c = brc;
  c.padParams = DataCopyPadParams{};
  expectMalformed(c, "BroadCastVecToMM with pad params");
  c = brc;
  c.enhancedParams = DataCopyEnhancedParams{};
  expectMalformed(c, "BroadCastVecToMM with enhancedParams");
  c = brc;
  c.api = Api::DataCopy;
  expectMalformed(c, "DataCopy with BroadCastVecToMMParams");

  // buffer lengths that differ from the declared sizes
  const Bytes shortSrc(63), dst(64), src(64), shortDst(65);
  Evaluation e = evaluate(good, shortSrc, dst);
  EXPECT_EQ(e.verdict, Verdict::malformed);
  ASSERT_EQ(e.violations.size(), 1u);
  EXPECT_EQ(e.violations[0].field, "src.size");
  EXPECT_EQ(e.violations[0].value, "63");
  e = evaluate(good, src, shortDst);
  EXPECT_EQ(e.verdict, Verdict::malformed);
  ASSERT_EQ(e.violations.size(), 1u);
  EXPECT_EQ(e.violations[0].field, "dst.size");
  EXPECT_EQ(e.violations[0].value, "65");
}

// ---- PROD (section 11) ----------------------------------------------------------------------------------------

enum class Op { g2u, u2g, tscm, dc0, dc2, nd2nz, nz2nd, co2 };

Case caseFor(Op op, DType t, Product product) {
  Case c;
  switch (op) {
    case Op::g2u:
      c = padG2U(t, {1, 32, 0, 0, 0}, {}, 64, 64);
      break;
    case Op::u2g:
      c = makeCase(Api::DataCopyPad, Position::VECOUT, Position::GM, t, DataCopyExtParams{1, 32, 0, 0, 0}, 64, 64);
      break;
    case Op::tscm:
      c = makeCase(Api::DataCopyPad, Position::VECIN, Position::TSCM, t, DataCopyExtParams{1, 32, 0, 0, 0}, 64, 4096);
      c.nd2nzParams = Nd2NzParams{1, 1, 1, 0, 1, 1, 1, 1};
      break;
    case Op::dc0:
      c = makeCase(Api::DataCopy, Position::GM, Position::VECIN, t, DataCopyParams{1, 1, 0, 0}, 64, 64);
      break;
    case Op::dc2:
      c = makeCase(Api::DataCopy, Position::VECIN, Position::VECOUT, t, CalCount{8}, 64, 64);
      break;
    case Op::nd2nz:
      c = makeCase(Api::DataCopy, Position::GM, Position::A1, t, Nd2NzParams{1, 1, 1, 0, 1, 1, 1, 1}, 64, 64);
      break;
    case Op::nz2nd:
      c = makeCase(Api::DataCopy, Position::VECOUT, Position::GM, t, Nz2NdParamsFull{1, 1, 16, 1, 1, 16, 1}, 1024,
                   1024);
      break;
    case Op::co2:
      c = makeCase(Api::DataCopy, Position::CO2, Position::GM, t, DataCopyParams{1, 1, 0, 0}, 64, 64);
      break;
  }
  c.product = product;
  return c;
}

// Section 11, written out from the table.
TEST(Validation, SupportPerProduct) {
  using enum DType;
  const std::vector<DType> all{int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t, uint64_t,
                               half,   bfloat16_t, float_, double_};
  const std::vector<DType> kirinPad{int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, half, float_};
  const std::vector<DType> a2Pad = all;
  const std::vector<DType> pad200i{int8_t, uint8_t, half, bfloat16_t, int16_t, uint16_t, float_, int32_t, uint32_t};
  const std::vector<DType> dcTypes{half, int16_t, uint16_t, float_, int32_t, uint32_t, int8_t, uint8_t};  // DC-4
  // DC-4 (turn 3): the A2/A3 basic DataCopy (normal, 2-level) also takes bfloat16_t, int64_t, uint64_t, double
  const std::vector<DType> dcA2Types = all;
  const std::vector<DType> nz2ndTypes{half, int16_t, uint16_t, float_, int32_t, uint32_t};              // NZ2ND-1
  const std::vector<DType> none;
  struct Row {
    Product product;
    std::vector<DType> g2u, u2g, tscm, dc, nz2nd, co2;
    std::vector<DType> basic;  // DataCopy normal and 2-level (DC-4)
  };
  const std::vector<Row> table{
      {Product::kirin9020, kirinPad, kirinPad, kirinPad, none, none, none, none},
      {Product::kirinx90, kirinPad, kirinPad, kirinPad, none, none, none, none},
      {Product::atlas_a2, a2Pad, a2Pad, a2Pad, dcTypes, nz2ndTypes, none, dcA2Types},
      {Product::atlas_a3, a2Pad, a2Pad, a2Pad, dcTypes, nz2ndTypes, none, dcA2Types},
      {Product::atlas_200i_500_a2, pad200i, pad200i, none, none, none, none, none},
      {Product::atlas_training, none, none, none, dcTypes, nz2ndTypes, dcTypes, dcTypes},
      {Product::atlas_inference_310p, none, none, none, dcTypes, nz2ndTypes, dcTypes, dcTypes},
  };
  auto in = [](const std::vector<DType>& v, DType t) { return std::find(v.begin(), v.end(), t) != v.end(); };
  for (const Row& row : table) {
    for (const DType t : all) {
      const std::string where = std::string(name(row.product)) + " " + std::string(name(t));
      auto expect = [&](Op op, const std::vector<DType>& supported) {
        const Case c = caseFor(op, t, row.product);
        const Verdict v = verdictOf(c);
        if (in(supported, t)) {
          EXPECT_NE(v, Verdict::notSupported) << where << " op " << static_cast<int>(op) << violationsText(violationsOf(c));
        } else {
          EXPECT_EQ(v, Verdict::notSupported) << where << " op " << static_cast<int>(op);
          const auto vs = violationsOf(c);
          ASSERT_EQ(vs.size(), 1u) << where;
          EXPECT_EQ(vs[0].clause, "PROD");
        }
      };
      expect(Op::g2u, row.g2u);
      expect(Op::u2g, row.u2g);
      expect(Op::tscm, row.tscm);
      expect(Op::dc0, row.basic);
      expect(Op::dc2, row.basic);
      expect(Op::nd2nz, row.dc);
      expect(Op::nz2nd, row.nz2nd);
      expect(Op::co2, row.co2);
    }
  }
}

TEST(Validation, SupportViolationNamesWhatIsMissing) {
  auto vs = violationsOf(caseFor(Op::dc0, DType::half, Product::kirin9020));
  EXPECT_VIOLATION(vs, "PROD", "product", "kirin9020");
  vs = violationsOf(caseFor(Op::g2u, DType::bfloat16_t, Product::kirinx90));
  EXPECT_VIOLATION(vs, "PROD", "dtype", "bfloat16_t");
  vs = violationsOf(caseFor(Op::co2, DType::half, Product::atlas_a2));
  EXPECT_VIOLATION(vs, "PROD", "path", "CO2->GM");
  vs = violationsOf(caseFor(Op::nz2nd, DType::int8_t, Product::atlas_a2));
  EXPECT_VIOLATION(vs, "PROD", "dtype", "int8_t");
  vs = violationsOf(caseFor(Op::tscm, DType::half, Product::atlas_200i_500_a2));
  EXPECT_VIOLATION(vs, "PROD", "product", "atlas-200i-500-a2");
  // support comes before constraints: an unsupported, broken case is NOT_SUPPORTED
  Case c = caseFor(Op::g2u, DType::double_, Product::kirin9020);
  std::get<DataCopyExtParams>(c.params).blockCount = 0;
  EXPECT_EQ(verdictOf(c), Verdict::notSupported);
}

// evaluate(..., Evaluation&) reuses the vectors of a previous call: every field must still come out as a fresh
// evaluation's, whatever came before (a larger case, an invalid one, an UB->TSCM case with an empty workspace).
TEST(Evaluate, IntoAReusedEvaluationEqualsAFreshOne) {
  const Case large = makeCase(Api::DataCopy, Position::GM, Position::A1, DType::half,
                              Nd2NzParams{1, 40, 50, 0, 50, 40, 1, 1}, 4000, 5120, 0, 0);
  Case invalid = large;
  std::get<Nd2NzParams>(invalid.params).srcDValue = 0;  // ND2NZ-1
  Case small = makeCase(Api::DataCopy, Position::GM, Position::VECIN, DType::float_,
                        DataCopyParams{2, 1, 1, 0}, 128, 96, 32, 0);
  // The first leg writes a block, but ND2NZ reads no row: the kept workspace is empty.
  Case emptyWorkspace = makeCase(Api::DataCopyPad, Position::VECIN, Position::TSCM, DType::half,
                                 DataCopyExtParams{1, 32, 0, 0, 0}, 64, 64);
  emptyWorkspace.nd2nzParams = Nd2NzParams{1, 0, 16, 0, 16, 1, 1, 1};
  Evaluation reused;
  ASSERT_EQ(evaluate(emptyWorkspace, patternBuffer(64), guardBuffer(64)).verdict, Verdict::computed);
  for (const Case& c : {large, invalid, small, emptyWorkspace, large, small}) {
    const Bytes src = patternBuffer(c.src.sizeBytes);
    const Bytes dst = guardBuffer(c.dst.sizeBytes);
    const Evaluation fresh = evaluate(c, src, dst);
    evaluate(c, src, dst, reused);
    EXPECT_EQ(reused.verdict, fresh.verdict);
    EXPECT_EQ(reused.violations, fresh.violations);
    EXPECT_EQ(reused.footprint.reads, fresh.footprint.reads);
    EXPECT_EQ(reused.footprint.writes, fresh.footprint.writes);
    EXPECT_EQ(reused.expectation.expected, fresh.expectation.expected);
    EXPECT_EQ(reused.expectation.care, fresh.expectation.care);
    EXPECT_EQ(reused.expectation.region, fresh.expectation.region);
  }
}

}  // namespace
}  // namespace dcconf::oracle::test
