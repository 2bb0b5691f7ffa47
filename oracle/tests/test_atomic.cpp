// Atomic copies to GM (docs/semantics.md section 2c, ATOM-*, issue 31 item 7): the vendor example's two scenarios
// (data_movement_with_atomic_operations, ATOM-6: published parameters, numpy's numbers), the arithmetic of add, max
// and min per type (ATOM-4/5) with the open questions AMB-26..30 left ANY, KEEP around the written elements, and
// validation and product support (ATOM-1/2).
#include <algorithm>
#include <array>

#include "test_support.hpp"

namespace dcconf::oracle::test {
namespace {

#include "atomic_vendor_scenario2.inc"

constexpr std::uint64_t kElements = 256;  // the example's DATA_SIZE

// One core's call of the example: SetAtomic*<half>(); DataCopy(dstGlobal, srcLocal, 256) (2-level, VECOUT->GM).
Case vendorCall(AtomicOp op, Product product) {
  Case c = makeCase(Api::DataCopy, Position::VECOUT, Position::GM, DType::half, CalCount{kElements}, 2 * kElements,
                    2 * kElements);
  c.product = product;
  c.atomic = op;
  return c;
}

Bytes halves(std::span<const std::uint16_t> bits) {
  Bytes out(2 * bits.size());
  for (std::size_t i = 0; i < bits.size(); ++i) storeLE(out, 2 * i, bits[i], 2);
  return out;
}
Bytes filled(std::uint16_t bits, std::uint64_t count) { return halves(std::vector<std::uint16_t>(count, bits)); }

// The destination after one call whose every byte is pinned (care 1), as `dcconf case` prints it.
Bytes pinnedResult(const Case& c, const Bytes& src, const Bytes& dstBefore) {
  const Evaluation e = evaluate(c, src, dstBefore);
  EXPECT_EQ(e.verdict, Verdict::computed) << violationsText(e.violations);
  if (e.verdict != Verdict::computed) return {};
  for (std::uint64_t b = 0; b < dstBefore.size(); ++b) EXPECT_EQ(e.expectation.care[b], 1) << "byte " << b;
  return e.expectation.expected;
}

constexpr Product kAtomicProducts[] = {Product::atlas_a2, Product::atlas_a3, Product::ascend950};

// ATOM-6, scenario 1: input_x all 1.0 (0x3c00) added by three cores into input_y all 2.0 (0x4000): 5.0 (0x4500).
TEST(Atomic, VendorScenario1HalfAdd) {
  for (Product product : kAtomicProducts) {
    const Bytes x = filled(0x3c00, kElements);
    Bytes gm = filled(0x4000, kElements);
    for (int core = 0; core < 3; ++core) gm = pinnedResult(vendorCall(AtomicOp::add, product), x, gm);
    EXPECT_EQ(gm, filled(0x4500, kElements)) << name(product);
  }
}

// ATOM-6, scenario 2: three cores' SetAtomicMax over a zeroed input_y give numpy's maximum.reduce, whatever the
// order in which the cores' copies land.
TEST(Atomic, VendorScenario2HalfMax) {
  const std::array<Bytes, 3> inputs{halves(kScenario2X0), halves(kScenario2X1), halves(kScenario2X2)};
  const Bytes golden = halves(kScenario2Golden);
  std::array<int, 3> order{0, 1, 2};
  do {
    for (Product product : kAtomicProducts) {
      Bytes gm(2 * kElements, 0);
      for (int core : order) gm = pinnedResult(vendorCall(AtomicOp::max, product), inputs[core], gm);
      EXPECT_EQ(gm, golden) << name(product) << " order " << order[0] << order[1] << order[2];
    }
  } while (std::next_permutation(order.begin(), order.end()));
}

// One element of T through a one-block DataCopy VECOUT->GM (32 bytes): element 0 is old op new, the rest of the
// block copies zeros into zeros (every op of two zeros of one sign is that zero).
struct One {
  bool care = false;
  std::uint64_t bits = 0;
  bool nanClass = false;
};
One atomicOne(AtomicOp op, DType t, std::uint64_t oldBits, std::uint64_t newBits) {
  const std::uint32_t s = sizeBytes(t);
  Case c = makeCase(Api::DataCopy, Position::VECOUT, Position::GM, t, DataCopyParams{1, 1, 0, 0}, 32, 32);
  c.atomic = op;
  Bytes src(32, 0);
  Bytes dst(32, 0);
  storeLE(src, 0, newBits, s);
  storeLE(dst, 0, oldBits, s);
  const Evaluation e = evaluate(c, src, dst);
  EXPECT_EQ(e.verdict, Verdict::computed) << violationsText(e.violations);
  if (e.verdict != Verdict::computed) return {};
  for (std::uint64_t b = s; b < 32; ++b) EXPECT_TRUE(e.expectation.care[b] == 1 && e.expectation.expected[b] == 0) << b;
  One out;
  out.care = e.expectation.care[0] == 1;
  for (std::uint32_t b = 0; b < s; ++b) EXPECT_EQ(e.expectation.care[b] == 1, out.care) << "whole element";
  out.bits = loadLE(e.expectation.expected, 0, s);
  out.nanClass = !e.expectation.classes.empty() && e.expectation.classes[0].index == 0;
  return out;
}
void expectBits(AtomicOp op, DType t, std::uint64_t oldBits, std::uint64_t newBits, std::uint64_t want) {
  const One got = atomicOne(op, t, oldBits, newBits);
  EXPECT_TRUE(got.care) << name(op) << " " << name(t) << " " << oldBits << ", " << newBits;
  EXPECT_EQ(got.bits, want) << name(op) << " " << name(t) << " " << oldBits << ", " << newBits;
}
void expectAny(AtomicOp op, DType t, std::uint64_t oldBits, std::uint64_t newBits) {
  const One got = atomicOne(op, t, oldBits, newBits);
  EXPECT_FALSE(got.care) << name(op) << " " << name(t) << " " << oldBits << ", " << newBits;
  EXPECT_FALSE(got.nanClass);
}

// ATOM-4: half and bfloat16 sums rounded once, to nearest with ties to even; overflow to inf.
TEST(Atomic, HalfAndBfloat16AddRoundToNearestEven) {
  expectBits(AtomicOp::add, DType::half, 0x6800, 0x3c00, 0x6800);  // 2048 + 1 = 2049, a tie: 2048 (even)
  expectBits(AtomicOp::add, DType::half, 0x6801, 0x3c00, 0x6802);  // 2050 + 1 = 2051, a tie: 2052 (even)
  expectBits(AtomicOp::add, DType::half, 0x6800, 0x3c01, 0x6801);  // 2048 + 1.000977: above the tie, 2050
  expectBits(AtomicOp::add, DType::half, 0x7bff, 0x7bff, 0x7c00);  // 65504 + 65504: inf
  expectBits(AtomicOp::add, DType::half, 0xc000, 0x3c00, 0xbc00);  // -2 + 1 = -1
  expectBits(AtomicOp::add, DType::half, 0x7c00, 0x3c00, 0x7c00);  // inf + 1 = inf
  expectBits(AtomicOp::add, DType::bfloat16_t, 0x3f80, 0x3b80, 0x3f80);  // 1 + 2^-8, a tie: 1 (even)
  expectBits(AtomicOp::add, DType::bfloat16_t, 0x3f81, 0x3b80, 0x3f82);  // 1.0078125 + 2^-8, a tie: up to even
  expectBits(AtomicOp::add, DType::bfloat16_t, 0x7f7f, 0x7f7f, 0x7f80);  // max + max: inf
  expectBits(AtomicOp::add, DType::float_, 0x3f800000, 0x33800000, 0x3f800000);  // 1 + 2^-24, a tie: 1
  expectBits(AtomicOp::add, DType::float_, 0x3f800001, 0x33800000, 0x3f800002);  // a tie: up to even
  expectBits(AtomicOp::add, DType::float_, 0x40400000, 0xbf800000, 0x40000000);  // 3 + -1 = 2
}

// ATOM-4 with AMB-16's class, AMB-27 (subnormals) and AMB-30 (the sign of a zero sum).
TEST(Atomic, AddSpecialOperands) {
  const One nan = atomicOne(AtomicOp::add, DType::half, 0x7e00, 0x3c00);  // NaN + 1: some NaN
  EXPECT_FALSE(nan.care);
  EXPECT_TRUE(nan.nanClass);
  const One infs = atomicOne(AtomicOp::add, DType::float_, 0x7f800000, 0xff800000);  // inf + -inf: some NaN
  EXPECT_FALSE(infs.care);
  EXPECT_TRUE(infs.nanClass);
  expectAny(AtomicOp::add, DType::half, 0x0001, 0x3c00);            // a subnormal operand (AMB-27)
  expectAny(AtomicOp::add, DType::half, 0x0400, 0x8401);            // 2^-14 - (2^-14 + ulp): a subnormal sum
  expectAny(AtomicOp::add, DType::bfloat16_t, 0x3f80, 0xbf80);      // 1 + -1 = 0, sign open (AMB-30)
  expectAny(AtomicOp::add, DType::float_, 0x00000000, 0x80000000);  // +0 + -0 (AMB-30)
  expectBits(AtomicOp::add, DType::half, 0x8000, 0x8000, 0x8000);   // -0 + -0 = -0
  expectBits(AtomicOp::add, DType::half, 0x0000, 0x3555, 0x3555);   // +0 + x = x: a zeroed GM takes the copy
}

// ATOM-4 / ATOM-5 on integers: signed, two's complement; an overflowing add is ANY (AMB-28).
TEST(Atomic, Integers) {
  expectBits(AtomicOp::add, DType::int8_t, 100, 27, 127);
  expectAny(AtomicOp::add, DType::int8_t, 100, 28);                 // 128 leaves int8 (AMB-28)
  expectAny(AtomicOp::add, DType::int8_t, 0x80, 0xff);              // -128 + -1 = -129 (AMB-28)
  expectBits(AtomicOp::add, DType::int8_t, 0x80, 0x7f, 0xff);       // -128 + 127 = -1
  expectBits(AtomicOp::add, DType::int16_t, 0xffff, 0x0003, 0x0002);  // -1 + 3 = 2
  expectBits(AtomicOp::max, DType::int16_t, 0xffff, 0x0001, 0x0001);  // signed: max(-1, 1) = 1
  expectBits(AtomicOp::min, DType::int16_t, 0xffff, 0x0001, 0xffff);  // min(-1, 1) = -1
  expectBits(AtomicOp::max, DType::int32_t, 0x80000000, 0x7fffffff, 0x7fffffff);
  expectBits(AtomicOp::min, DType::int8_t, 0x7f, 0x80, 0x80);
  expectAny(AtomicOp::add, DType::int32_t, 0x7fffffff, 1);
  expectBits(AtomicOp::add, DType::int32_t, 0x80000000, 0x7fffffff, 0xffffffff);  // INT_MIN + INT_MAX = -1
}

// ATOM-5: numeric order; NaN (AMB-29), +0 against -0 (AMB-30) and subnormal operands (AMB-27) ANY.
TEST(Atomic, MaxMin) {
  expectBits(AtomicOp::max, DType::half, 0xbc00, 0x3c00, 0x3c00);  // max(-1, 1) = 1 (not the larger bit pattern)
  expectBits(AtomicOp::min, DType::half, 0xbc00, 0x3c00, 0xbc00);
  expectBits(AtomicOp::max, DType::float_, 0xff800000, 0xc2c80000, 0xc2c80000);  // max(-inf, -100) = -100
  expectBits(AtomicOp::min, DType::bfloat16_t, 0x7f80, 0x4000, 0x4000);          // min(inf, 2) = 2
  expectBits(AtomicOp::max, DType::half, 0x4500, 0x4500, 0x4500);
  expectAny(AtomicOp::max, DType::half, 0x7e00, 0x3c00);         // NaN (AMB-29)
  expectAny(AtomicOp::min, DType::float_, 0x3f800000, 0xffc00000);
  expectAny(AtomicOp::max, DType::half, 0x0000, 0x8000);         // +0 against -0 (AMB-30)
  expectAny(AtomicOp::min, DType::bfloat16_t, 0x8000, 0x0000);
  expectAny(AtomicOp::max, DType::half, 0x0001, 0x0000);         // a subnormal operand (AMB-27)
}

// ATOM-3 on DataCopyPad UB->GM: only the written elements combine; the dstStride gap and the tail stay KEEP with
// their prior bytes; an element written only in part is ANY (AMB-26).
TEST(Atomic, PadUbToGmKeepsUnwrittenBytes) {
  // two blocks of 6 bytes (3 halves), dstStride 4 bytes: GM [0, 6) and [10, 16); UB blocks at 0 and 32
  Case c = makeCase(Api::DataCopyPad, Position::VECOUT, Position::GM, DType::half, DataCopyExtParams{2, 6, 0, 4, 0},
                    64, 24);
  c.atomic = AtomicOp::add;
  Bytes ub(64, 0);
  for (int k = 0; k < 3; ++k) storeLE(ub, 2 * k, 0x3c00, 2);       // 1.0
  for (int k = 0; k < 3; ++k) storeLE(ub, 32 + 2 * k, 0x4000, 2);  // 2.0
  const Bytes gm = filled(0x4200, 12);                              // 3.0 everywhere
  const Evaluation e = evaluate(c, ub, gm);
  ASSERT_EQ(e.verdict, Verdict::computed) << violationsText(e.violations);
  for (std::uint64_t b = 0; b < 24; ++b) {
    const bool block0 = b < 6;
    const bool block1 = b >= 10 && b < 16;
    EXPECT_EQ(e.expectation.care[b], 1) << b;
    const std::uint16_t element = static_cast<std::uint16_t>(loadLE(e.expectation.expected, b / 2 * 2, 2));
    EXPECT_EQ(element, block0 ? 0x4400 : block1 ? 0x4500 : 0x4200) << b;  // 3 + 1 = 4, 3 + 2 = 5, else KEEP 3
  }
  // dstStride 5: block 1 starts at byte 11, its halves straddle the element grid of the copy's start (AMB-26)
  c.params = DataCopyExtParams{2, 6, 0, 5, 0};
  const Evaluation odd = evaluate(c, ub, gm);
  ASSERT_EQ(odd.verdict, Verdict::computed) << violationsText(odd.violations);
  for (std::uint64_t b = 0; b < 24; ++b) {
    const bool written = b < 6 || (b >= 11 && b < 17);
    EXPECT_EQ(odd.expectation.care[b] == 0, b >= 11 && b < 17) << b;
    EXPECT_EQ(odd.expectation.region[b] != Region::keep, written) << b;
    if (!written) {
      EXPECT_EQ(odd.expectation.expected[b], gm[b]) << b;
    }
  }
}

// AMB-26: two 3-byte blocks back to back write the half at bytes [2, 4) whole, but across the two blocks: ANY;
// the halves inside one block combine (1.0 + 3.0 = 4.0).
TEST(Atomic, ElementAcrossTwoPadBlocksIsAny) {
  Case c = makeCase(Api::DataCopyPad, Position::VECOUT, Position::GM, DType::half, DataCopyExtParams{2, 3, 0, 0, 0},
                    64, 8);
  c.profile = *parseProfile("byte-len").profile;
  c.atomic = AtomicOp::add;
  Bytes ub(64, 0);
  storeLE(ub, 0, 0x3c00, 2);       // block 0: 1.0 then one byte of the next half
  ub[2] = 0x00;
  ub[32] = 0x3c;                   // block 1: the other byte, then 1.0
  storeLE(ub, 33, 0x3c00, 2);
  const Bytes gm = filled(0x4200, 4);  // 3.0
  const Evaluation e = evaluate(c, ub, gm);
  ASSERT_EQ(e.verdict, Verdict::computed) << violationsText(e.violations);
  EXPECT_EQ(loadLE(e.expectation.expected, 0, 2), 0x4400u);
  EXPECT_EQ(loadLE(e.expectation.expected, 4, 2), 0x4400u);
  for (std::uint64_t b = 0; b < 8; ++b) EXPECT_EQ(e.expectation.care[b] == 0, b == 2 || b == 3) << b;
}

// SetAtomicNone: the plain overwrite, the same expectation as a case without the field.
TEST(Atomic, NoneIsThePlainCopy) {
  Case c = vendorCall(AtomicOp::none, Product::atlas_a2);
  const Bytes x = halves(kScenario2X1);
  const Bytes gm = halves(kScenario2X0);
  EXPECT_EQ(pinnedResult(c, x, gm), x);
  c.atomic = AtomicOp::add;
  EXPECT_NE(pinnedResult(c, x, gm), x);
}

// ATOM-2: T outside the headers' list is invalid; ATOM-1: other products NOT_SUPPORTED, other calls malformed.
TEST(Atomic, Validation) {
  for (AtomicOp op : {AtomicOp::add, AtomicOp::max, AtomicOp::min}) {
    for (DType t : {DType::uint8_t, DType::uint16_t, DType::uint32_t, DType::int64_t, DType::double_}) {
      Case c = makeCase(Api::DataCopy, Position::VECOUT, Position::GM, t, DataCopyParams{1, 1, 0, 0}, 32, 32);
      c.atomic = op;
      const Evaluation e = evaluate(c, Bytes(32, 0), Bytes(32, 0));
      EXPECT_EQ(e.verdict, Verdict::invalid) << name(t);
      ASSERT_FALSE(e.violations.empty());
      EXPECT_EQ(e.violations[0].clause, "ATOM-2") << name(t);
    }
  }
  for (Product product : {Product::atlas_training, Product::atlas_inference_310p, Product::atlas_200i_500_a2,
                          Product::kirin9020}) {
    Case c = makeCase(Api::DataCopyPad, Position::VECOUT, Position::GM, DType::half, DataCopyExtParams{1, 32, 0, 0, 0},
                      32, 32);
    c.product = product;
    c.atomic = AtomicOp::add;
    const Evaluation e = evaluate(c, Bytes(32, 0), Bytes(32, 0));
    EXPECT_EQ(e.verdict, Verdict::notSupported) << name(product);
    if (product != Product::atlas_training && product != Product::atlas_inference_310p) {  // those lack DataCopyPad
      ASSERT_FALSE(e.violations.empty());
      EXPECT_EQ(e.violations[0].clause, "ATOM-1") << name(product);
    }
  }
  Case toUb = makeCase(Api::DataCopy, Position::GM, Position::VECIN, DType::half, DataCopyParams{1, 1, 0, 0}, 32, 32);
  toUb.atomic = AtomicOp::add;
  EXPECT_EQ(evaluate(toUb, Bytes(32, 0), Bytes(32, 0)).verdict, Verdict::malformed);
  EXPECT_NE(resolveOperation(toUb).error.find("ATOM-1"), std::string::npos);
  Case loop = makeCase(Api::DataCopyPad, Position::VECOUT, Position::GM, DType::half, DataCopyExtParams{1, 32, 0, 0, 0},
                       32, 32);
  loop.product = Product::ascend950;
  loop.loopMode = LoopModeParams{1, 1, 0, 0, 0, 0};
  loop.atomic = AtomicOp::max;
  EXPECT_EQ(evaluate(loop, Bytes(32, 0), Bytes(32, 0)).verdict, Verdict::malformed);
}

// The windowed (sparse) evaluation combines the same elements as the dense one.
TEST(Atomic, WindowsAgreeWithDense) {
  Case c = makeCase(Api::DataCopyPad, Position::VECOUT, Position::GM, DType::float_, DataCopyExtParams{3, 12, 0, 20, 0},
                    96, 128, 0, 8);
  c.atomic = AtomicOp::add;
  const Bytes ub = patternBuffer(96);
  const Bytes gm = filled(0x3c00, 64);  // floats of bits 0x3c003c00
  const Evaluation dense = evaluate(c, ub, gm);
  ASSERT_EQ(dense.verdict, Verdict::computed);
  const std::vector<ByteRange> windows{{0, 32}, {32, 64}, {64, 128}};
  WindowedEvaluation sparse;
  evaluateWindows(c, ub, gm, windows, sparse);
  ASSERT_EQ(sparse.verdict, Verdict::computed);
  EXPECT_EQ(sparse.expectation.expected, dense.expectation.expected);
  EXPECT_EQ(sparse.expectation.care, dense.expectation.care);
}

}  // namespace
}  // namespace dcconf::oracle::test
