// G-6 (turn 3): whole readings of the alternatives ambiguities. Values written out by hand from SEMANTICS FIX-6/7
// and the register (as test_fixpipe.cpp's AMB tests), never taken from the oracle's numeric code.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <optional>
#include <vector>

#include "dcconf/oracle/alternatives.hpp"
#include "dcconf/oracle/numeric.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "test_support.hpp"

namespace dcconf::oracle {
namespace {

using test::Bytes;
using test::guardBuffer;
using test::storeLE;

std::uint64_t f32(float v) { return std::bit_cast<std::uint32_t>(v); }

// REQ8 int32 -> int8, one row of 32 columns (one C0d burst), source column n = value(n).
struct Req8 {
  Case c;
  Bytes src;
  Bytes dstBefore;
};
template <class F>
Req8 req8(std::uint64_t quantScalar, bool relu, F value) {
  Req8 r;
  Case& c = r.c;
  c.api = Api::DataCopy;
  c.srcPos = Position::CO1;
  c.dstPos = Position::GM;
  c.dtype = DType::int8_t;
  DataCopyCO12DstParams p;
  p.nSize = 32;
  p.mSize = 1;
  p.srcStride = 16;
  p.dstStride = 1;
  p.quantPre = QuantMode::REQ8;
  p.reluPre = relu ? 1 : 0;
  c.params = p;
  c.fixpipe = FixpipeState{};
  c.fixpipe->srcDType = DType::int32_t;
  c.fixpipe->quantScalar = quantScalar;
  c.src = {16 * 16 * 4 * 2, 0};
  c.dst = {32 + 64, 0};
  r.src.assign(c.src.sizeBytes, 0);
  for (std::uint64_t n = 0; n < 32; ++n) storeLE(r.src, ((n / 16) * 16 * 16 + n % 16) * 4, value(n), 4);
  r.dstBefore = guardBuffer(c.dst.sizeBytes);
  return r;
}

// offset field 0x1FE: 510 read unsigned, -2 read as a 9-bit signed value (AMB-8).
constexpr std::uint64_t kOffset510OrMinus2 = std::uint64_t{1} << 46 | std::uint64_t{0x1FE} << 37;

TEST(Alternatives, Amb8OneCombinationPerValue) {
  Req8 r = req8(f32(1.0F) | kOffset510OrMinus2, false, [](std::uint64_t n) { return 5 + n; });
  const Evaluation e = evaluate(r.c, r.src, r.dstBefore);
  ASSERT_EQ(e.verdict, Verdict::computed);
  const Alternatives a = alternatives(r.c, r.src, r.dstBefore, e.expectation);
  ASSERT_EQ(a.ambIds, std::vector<int>{8});
  EXPECT_EQ(a.valid.count(), 2u);
  EXPECT_EQ(a.words(0), "offset-signed");
  EXPECT_EQ(a.words(1), "offset-unsigned");
  ASSERT_EQ(a.byteCount(), 32u);
  // column n: 5 + n - 2 signed, saturated 127 unsigned
  for (std::uint64_t n = 0; n < 32; ++n) {
    const std::optional<Alternatives::Byte> b = a.byteAt(n);
    ASSERT_TRUE(b.has_value()) << n;
    ASSERT_EQ(b->index, n);
    ASSERT_EQ(b->choiceCount(), 2u);
    EXPECT_EQ(b->value(0), 3 + n);
    EXPECT_TRUE(b->combinations(0).test(0));
    EXPECT_EQ(b->value(1), 0x7F);
    EXPECT_TRUE(b->combinations(1).test(1));
  }
  EXPECT_FALSE(a.byteAt(32).has_value());
  Bytes signedOut = r.dstBefore, unsignedOut = r.dstBefore, mixed = r.dstBefore;
  for (std::uint64_t n = 0; n < 32; ++n) {
    signedOut[n] = static_cast<std::uint8_t>(3 + n);
    unsignedOut[n] = 0x7F;
    mixed[n] = n % 2 == 0 ? signedOut[n] : unsignedOut[n];  // even columns signed, odd unsigned
  }
  // every one of them passes the byte-wise default
  EXPECT_EQ(firstMismatch(e.expectation, signedOut), kNoMismatch);
  EXPECT_EQ(firstMismatch(e.expectation, mixed), kNoMismatch);
  const Consistency s = consistentCombinations(a, signedOut);
  EXPECT_EQ(s.consistent.count(), 1u);
  EXPECT_EQ(readingsOf(a, s.consistent, 0), 1u);
  EXPECT_EQ(readingsOf(a, consistentCombinations(a, unsignedOut).consistent, 0), 2u);
  const Consistency m = consistentCombinations(a, mixed);
  EXPECT_TRUE(m.consistent.none());
  EXPECT_EQ(m.conflicting, (std::vector<std::uint64_t>{0, 1}));
  const std::string why = describeConflict(a, m, mixed);
  EXPECT_NE(why.find("G-6"), std::string::npos) << why;
  EXPECT_NE(why.find("byte 0x0 = 0x3 follows only offset-signed"), std::string::npos) << why;
  EXPECT_NE(why.find("byte 0x1 = 0x7f follows only offset-unsigned"), std::string::npos) << why;
}

// ReLU with offset -2/510 and x = -3: signed: relu first 0 - 2 = -2, offset first max(-5, 0) = 0; unsigned: 127
// either way. Every byte's blame goes to AMB-8 (the first flip that changes it), so AMB-11 only shows once AMB-8 is
// pinned: the enumeration must grow to {8, 11}.
TEST(Alternatives, MaskedAmbiguityIsEnumeratedToo) {
  Req8 r = req8(f32(1.0F) | kOffset510OrMinus2, true, [](std::uint64_t) { return 0xFFFFFFFDu; });
  const Evaluation e = evaluate(r.c, r.src, r.dstBefore);
  ASSERT_EQ(e.verdict, Verdict::computed);
  EXPECT_EQ(ambiguousByteCounts(e.expectation.region)[11], 0u);
  const Alternatives a = alternatives(r.c, r.src, r.dstBefore, e.expectation);
  ASSERT_EQ(a.ambIds, (std::vector<int>{8, 11}));
  EXPECT_EQ(a.words(0b10), "offset-signed,relu-after-offset");
  ASSERT_GT(a.byteCount(), 0u);
  std::optional<Alternatives::Byte> first;
  a.forEachByte([&](const Alternatives::Byte& b) {
    first = b;
    return false;
  });
  const Alternatives::Byte b0 = *first;
  auto valueOf = [&](std::size_t m) {
    for (std::size_t k = 0; k < b0.choiceCount(); ++k) {
      if (b0.combinations(k).test(m)) return static_cast<int>(b0.value(k));
    }
    return -1;
  };
  EXPECT_EQ(valueOf(0b00), 0xFE);  // signed, relu before offset: -2
  EXPECT_EQ(valueOf(0b10), 0x00);  // signed, relu after offset: 0
  EXPECT_EQ(valueOf(0b01), 0x7F);
  EXPECT_EQ(valueOf(0b11), 0x7F);
  Bytes out = r.dstBefore;
  for (std::uint64_t n = 0; n < 32; ++n) out[n] = 0;
  const Consistency k = consistentCombinations(a, out);
  ASSERT_EQ(k.consistent.count(), 1u);
  EXPECT_TRUE(k.consistent.test(0b10));
}

// The stored choices of every decided byte against the case evaluated under each whole combination on its own (the
// pinned profile through evaluate(), not the enumeration): the value a combination gives, or ANY. Scales, shifts,
// 9-bit offsets and ReLU open AMB-8 and AMB-11 together, so some bytes take three or four values (the table starts
// with two slots a byte and widens).
void expectStoredChoicesArePinnedEvaluations(const Req8& r, std::size_t& bytesWithManyValues) {
  const Evaluation e = evaluate(r.c, r.src, r.dstBefore);
  ASSERT_EQ(e.verdict, Verdict::computed);
  const Alternatives a = alternatives(r.c, r.src, r.dstBefore, e.expectation);
  for (std::size_t m = 0; m < a.combinationCount() && !a.empty(); ++m) {
    Case pinned = r.c;
    for (std::size_t k = 0; k < a.ambIds.size(); ++k) {
      pinned.profile = pinReading(pinned.profile, a.ambIds[k], ((m >> k) & 1u) != 0);
    }
    const Evaluation under = evaluate(pinned, r.src, r.dstBefore);
    ASSERT_EQ(under.verdict == Verdict::computed, a.valid.test(m)) << a.words(m);
    if (!a.valid.test(m)) continue;
    std::optional<std::uint64_t> previous;
    a.forEachByte([&](const Alternatives::Byte& b) {
      EXPECT_TRUE(!previous || b.index > *previous) << "ascending";
      previous = b.index;
      std::size_t giving = 0;
      for (std::size_t k = 0; k < b.choiceCount(); ++k) giving += b.combinations(k).test(m) ? 1 : 0;
      if (under.expectation.care[b.index] == 0) {
        EXPECT_TRUE(b.unconstrained().test(m)) << b.index << " " << a.words(m);
        EXPECT_EQ(giving, 0u) << b.index;
      } else {
        EXPECT_FALSE(b.unconstrained().test(m)) << b.index;
        EXPECT_EQ(giving, 1u) << b.index << " " << a.words(m);
        EXPECT_TRUE(b.follows(under.expectation.expected[b.index]).test(m)) << b.index << " " << a.words(m);
      }
      const std::optional<Alternatives::Byte> at = a.byteAt(b.index);
      EXPECT_TRUE(at && at->values == b.values && at->pattern == b.pattern) << b.index;
      return true;
    });
  }
  a.forEachByte([&](const Alternatives::Byte& b) {
    bytesWithManyValues += b.choiceCount() > 2 ? 1 : 0;
    return true;
  });
}

TEST(Alternatives, EveryStoredChoiceIsThePinnedEvaluation) {
  std::size_t bytesWithManyValues = 0;
  for (const float scale : {-0.3F, -1.7F, -2.9F, 0.6F, 1.3F}) {
    for (const std::uint32_t shift : {1u, 3u}) {
      for (const std::uint32_t offsetBits : {0x1FEu, 0x1F0u, 0x180u, 0x140u}) {
        for (const bool relu : {false, true}) {
          const std::uint64_t quant = encodeQuantParam(scale, shift, false, offsetBits, true);
          Req8 r = req8(quant, relu, [](std::uint64_t n) { return static_cast<std::uint32_t>(n * 1013 - 16000); });
          expectStoredChoicesArePinnedEvaluations(r, bytesWithManyValues);
        }
      }
    }
  }
  EXPECT_GT(bytesWithManyValues, 0u) << "no byte took more than two values: the table never widened";
}

// A pinned profile leaves nothing open: no alternatives.
TEST(Alternatives, PinnedProfileHasNone) {
  Req8 r = req8(f32(1.0F) | kOffset510OrMinus2, false, [](std::uint64_t n) { return n; });
  r.c.profile = *parseProfile("offset-unsigned").profile;
  const Evaluation e = evaluate(r.c, r.src, r.dstBefore);
  ASSERT_EQ(e.verdict, Verdict::computed);
  EXPECT_TRUE(alternatives(r.c, r.src, r.dstBefore, e.expectation).empty());
}

TEST(Alternatives, RegisterKinds) {
  // the register's kind column (docs/semantics.md): AMB-21/22 (issue 31's Compact questions) are alternatives too
  for (int id : {7, 8, 9, 10, 11, 12, 13, 14, 15, 19, 20, 21, 22}) EXPECT_TRUE(isAlternatives(id)) << id;
  for (int id : {1, 2, 3, 4, 5, 6, 16, 17, 18, 23, 24}) EXPECT_FALSE(isAlternatives(id)) << id;
  for (int id : kOpenAlternativeIds) {
    const ReadingWords w = readingWords(id);
    ASSERT_TRUE(parseProfile(w.first).profile) << w.first;
    ASSERT_TRUE(parseProfile(w.second).profile) << w.second;
    EXPECT_EQ(pinReading(Profile{}, id, false), *parseProfile(w.first).profile) << id;
    EXPECT_EQ(pinReading(Profile{}, id, true), *parseProfile(w.second).profile) << id;
    EXPECT_TRUE(leavesOpen(Profile{}, id));
    EXPECT_FALSE(leavesOpen(pinReading(Profile{}, id, true), id));
  }
}

}  // namespace
}  // namespace dcconf::oracle
