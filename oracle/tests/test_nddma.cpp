// NDDMA (project, issue 31 item 9): the Ascend 950 multi-dimensional DataCopy GM->VECIN (NdDmaParams). The worked
// examples are the vendor example data_copy_gm2ub_nddma's published parameters; its numpy goldens are rebuilt by
// scripts/gen_nddma_vendor_golden.py into nddma_vendor_goldens.inc (NDDMA-5).
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <vector>

#include "dcconf/oracle/oracle.hpp"
#include "test_support.hpp"

namespace dcconf::oracle {
namespace {

#include "nddma_vendor_goldens.inc"

using test::Bytes;
using test::guardBuffer;
using test::loadLE;
using test::Model;
using test::storeLE;

struct Dim {
  std::uint64_t srcStride;
  std::uint32_t dstStride;
  std::uint32_t size;
  std::uint8_t lp = 0;
  std::uint8_t rp = 0;
};

// A vector, not an initializer_list: GCC 12 at -O2 mis-handled an initializer_list of this aggregate (garbage fields).
NdDmaParams params(const std::vector<Dim>& dims, std::uint64_t constantValue = 0, bool nearest = false) {
  NdDmaParams p;
  p.dim = static_cast<std::uint8_t>(dims.size());
  std::size_t i = 0;
  for (const Dim& d : dims) {
    p.loopSrcStride[i] = d.srcStride;
    p.loopDstStride[i] = d.dstStride;
    p.loopSize[i] = d.size;
    p.loopLpSize[i] = d.lp;
    p.loopRpSize[i] = d.rp;
    ++i;
  }
  p.constantValue = constantValue;
  p.isNearestValueMode = nearest;
  return p;
}

Case nddma(DType dtype, NdDmaParams p, std::uint64_t srcBytes, std::uint64_t dstBytes, std::uint64_t srcOffset = 0,
           std::uint64_t dstOffset = 0) {
  Case c = test::makeCase(Api::DataCopy, Position::GM, Position::VECIN, dtype, p, srcBytes, dstBytes, srcOffset,
                          dstOffset);
  c.product = Product::ascend950;
  return c;
}

// ---- NDDMA-5: the vendor example, scenarios 1-5 ---------------------------------------------------------------------
// float; the input arange(1, n + 1); the kernel zeroes the UB (Duplicate 0) before the copy. The destination sits
// 64 bytes into a guarded buffer with 64 guard bytes after it: the guards must stay KEEP (G-1).
struct Scenario {
  const char* name;
  NdDmaParams params;
  std::uint64_t inputElements;
  const std::uint16_t* golden;
  std::uint64_t goldenElements;
};

void expectScenario(const Scenario& s) {
  SCOPED_TRACE(s.name);
  constexpr std::uint64_t kGuard = 64;
  const std::uint64_t outBytes = s.goldenElements * 4;
  const Case c = nddma(DType::float_, s.params, s.inputElements * 4, kGuard + outBytes + kGuard, 0, kGuard);
  Bytes src(c.src.sizeBytes, 0);
  for (std::uint64_t i = 0; i < s.inputElements; ++i) {
    storeLE(src, i * 4, std::bit_cast<std::uint32_t>(static_cast<float>(i + 1)), 4);
  }
  Bytes dst = guardBuffer(c.dst.sizeBytes);
  for (std::uint64_t i = 0; i < outBytes; ++i) dst[kGuard + i] = 0;  // Duplicate(xLocal, 0, ...)
  const Evaluation e = evaluate(c, src, dst);
  ASSERT_EQ(e.verdict, Verdict::computed) << test::violationsText(e.violations);
  std::uint64_t wrong = 0;
  for (std::uint64_t i = 0; i < s.goldenElements; ++i) {
    const std::uint64_t want = std::bit_cast<std::uint32_t>(static_cast<float>(s.golden[i]));
    for (std::uint64_t b = 0; b < 4; ++b) {
      const std::uint64_t d = kGuard + i * 4 + b;
      if (e.expectation.care[d] != 1 || e.expectation.expected[d] != static_cast<std::uint8_t>(want >> (8 * b))) {
        if (++wrong <= 5) ADD_FAILURE() << "element " << i << " byte " << b << " differs from the vendor golden";
      }
    }
  }
  EXPECT_EQ(wrong, 0u);
  for (std::uint64_t d = 0; d < kGuard; ++d) {
    for (const std::uint64_t at : {d, kGuard + outBytes + d}) {
      EXPECT_EQ(e.expectation.region[at], Region::keep) << "guard byte " << at;
      EXPECT_EQ(e.expectation.care[at], 1) << "guard byte " << at;
      EXPECT_EQ(e.expectation.expected[at], dst[at]) << "guard byte " << at;
    }
  }
}

TEST(NdDma, VendorScenario1PaddingConstantZero) {
  expectScenario({"scenario 1", params({{1, 1, 32, 15, 17}, {32, 64, 16, 13, 3}}), 16 * 32, kNddmaScenario1Golden,
                  std::size(kNddmaScenario1Golden)});
}
TEST(NdDma, VendorScenario2PaddingNearestValue) {
  expectScenario({"scenario 2", params({{1, 1, 15, 11, 6}, {15, 32, 28, 3, 1}}, 0, true), 28 * 15,
                  kNddmaScenario2Golden, std::size(kNddmaScenario2Golden)});
}
TEST(NdDma, VendorScenario3Transpose) {
  expectScenario({"scenario 3", params({{1, 16, 64}, {64, 1, 16}}), 16 * 64, kNddmaScenario3Golden,
                  std::size(kNddmaScenario3Golden)});
}
TEST(NdDma, VendorScenario4Broadcast) {
  expectScenario({"scenario 4", params({{1, 1, 16}, {0, 16, 3}}), 16, kNddmaScenario4Golden,
                  std::size(kNddmaScenario4Golden)});
}
TEST(NdDma, VendorScenario5Slice) {
  expectScenario({"scenario 5", params({{1, 1, 16}, {64, 16, 16}}), 32 * 64, kNddmaScenario5Golden,
                  std::size(kNddmaScenario5Golden)});
}

// ---- NDDMA-3 against a hand model ----------------------------------------------------------------------------------
// Three dimensions of int16 with pads on every side, a source and a destination offset, guards all round. The model
// walks the destination box row by row and asks, per dimension, whether the index is a pad.
void modelBox3(Model& m, const NdDmaParams& p, std::uint64_t s, std::uint64_t srcOff, std::uint64_t dstOff) {
  const auto e = [&](int i) { return std::uint64_t{p.loopLpSize[i]} + p.loopSize[i] + p.loopRpSize[i]; };
  for (std::uint64_t z = 0; z < e(2); ++z) {
    for (std::uint64_t y = 0; y < e(1); ++y) {
      for (std::uint64_t x = 0; x < e(0); ++x) {
        const std::uint64_t idx[3] = {x, y, z};
        bool pad = false;
        bool left = false;
        std::uint64_t from = 0;
        for (int i = 0; i < 3; ++i) {
          const std::int64_t j = static_cast<std::int64_t>(idx[i]) - p.loopLpSize[i];
          if (j < 0) left = true;
          if (j < 0 || j >= static_cast<std::int64_t>(p.loopSize[i])) pad = true;
          const std::int64_t nearest = std::clamp<std::int64_t>(j, 0, p.loopSize[i] - 1);
          from += static_cast<std::uint64_t>(nearest) * p.loopSrcStride[i];
        }
        const std::uint64_t to = x * p.loopDstStride[0] + y * p.loopDstStride[1] + z * p.loopDstStride[2];
        const Region region = !pad ? Region::data : (left ? Region::leftPad : Region::rightPad);
        for (std::uint64_t b = 0; b < s; ++b) {
          if (!pad || p.isNearestValueMode) {
            m.copy(dstOff + to * s + b, srcOff + from * s + b, region);
          } else {
            m.literal(dstOff + to * s + b, static_cast<std::uint8_t>(p.constantValue >> (8 * b)), region);
          }
        }
      }
    }
  }
}

TEST(NdDma, ThreeDimensionsConstantPadsMatchTheModel) {
  // x: 3 data + 2 left + 1 right = 6, row pitch 8; y: 2 + 1 + 2 = 5, plane pitch 48; z: 2 + 0 + 1 = 3.
  const NdDmaParams p = params({{1, 1, 3, 2, 1}, {7, 8, 2, 1, 2}, {30, 48, 2, 0, 1}}, 0xBEEF);
  const Case c = nddma(DType::int16_t, p, 3 + 2 * 1024, 2 * 200, 3, 32);
  const test::Trial r = test::runCase(c);
  Model m(r.src, r.dst);
  modelBox3(m, p, 2, 3, 32);
  test::expectComputedAsModel(r, m);
}

TEST(NdDma, ThreeDimensionsNearestValueMatchTheModel) {
  const NdDmaParams p = params({{2, 1, 3, 2, 1}, {9, 6, 2, 1, 2}, {40, 30, 2, 2, 1}}, 0, true);
  const Case c = nddma(DType::float_, p, 4 * 200, 4 * 200 + 32, 4, 32);
  const test::Trial r = test::runCase(c);
  Model m(r.src, r.dst);
  modelBox3(m, p, 4, 4, 32);
  test::expectComputedAsModel(r, m);
}

// NDDMA-4: not ascending (2, 1) and overlapping: the doubly written elements are ANY (collision), the rest VALUE.
TEST(NdDma, OverlapWithoutAscendingStridesIsACollision) {
  const NdDmaParams p = params({{1, 2, 3}, {3, 1, 2}});  // dst elements 0,2,4 then 1,3,5: disjoint
  const test::Trial disjoint = test::runCase(nddma(DType::uint8_t, p, 9, 64));
  ASSERT_EQ(disjoint.eval.verdict, Verdict::computed) << test::violationsText(disjoint.eval.violations);
  for (std::uint64_t d = 0; d < 6; ++d) EXPECT_EQ(disjoint.eval.expectation.region[d], Region::data) << d;
  const NdDmaParams q = params({{1, 2, 3}, {3, 1, 3}});  // dst 0,2,4 / 1,3,5 / 2,4,6: 2 and 4 twice
  const test::Trial r = test::runCase(nddma(DType::uint8_t, q, 9, 64));
  Model m(r.src, r.dst);
  for (std::uint64_t y = 0; y < 3; ++y) {
    for (std::uint64_t x = 0; x < 3; ++x) m.copy(2 * x + y, x + 3 * y);
  }
  test::expectComputedAsModel(r, m);
  EXPECT_EQ(r.eval.expectation.region[2], Region::collision);
  EXPECT_EQ(r.eval.expectation.care[4], 0);
}

// NDDMA-4: a zero destination stride over a repeating dimension writes one element many times (ANY).
TEST(NdDma, ZeroDestinationStrideCollides) {
  const test::Trial r = test::runCase(nddma(DType::int32_t, params({{1, 0, 3}}), 12, 64));
  ASSERT_EQ(r.eval.verdict, Verdict::computed) << test::violationsText(r.eval.violations);
  for (std::uint64_t d = 0; d < 4; ++d) EXPECT_EQ(r.eval.expectation.region[d], Region::collision);
  EXPECT_EQ(r.eval.expectation.region[4], Region::keep);
}

// NDDMA-2: b64 runs in constant mode with the value 0: every pad byte is 0; the data moves whole.
TEST(NdDma, B64PadsAreZero) {
  const NdDmaParams p = params({{1, 1, 2, 1, 1}, {2, 4, 2, 1, 0}});
  const Case c = nddma(DType::int64_t, p, 8 * 4, 8 * 16);
  const test::Trial r = test::runCase(c);
  Model m(r.src, r.dst);
  for (std::uint64_t y = 0; y < 3; ++y) {
    for (std::uint64_t x = 0; x < 4; ++x) {
      const bool pad = y == 0 || x == 0 || x == 3;
      const Region region = (y == 0 || x == 0) ? Region::leftPad : Region::rightPad;
      for (std::uint64_t b = 0; b < 8; ++b) {
        if (pad) {
          m.literal((y * 4 + x) * 8 + b, 0, region);
        } else {
          m.copy((y * 4 + x) * 8 + b, ((y - 1) * 2 + (x - 1)) * 8 + b);
        }
      }
    }
  }
  test::expectComputedAsModel(r, m);
}

// ---- boundaries ------------------------------------------------------------------------------------------------------
TEST(NdDma, LargestSizeAndPadsOneDimension) {
  constexpr std::uint32_t kSize = (1u << 20) - 1;
  const NdDmaParams p = params({{1, 1, kSize, 255, 255}}, 0x7F);
  const Case c = nddma(DType::int8_t, p, kSize, kSize + 510 + 32);
  const test::Trial r = test::runCase(c);
  ASSERT_EQ(r.eval.verdict, Verdict::computed) << test::violationsText(r.eval.violations);
  const auto& e = r.eval.expectation;
  EXPECT_EQ(e.expected[0], 0x7F);
  EXPECT_EQ(e.region[254], Region::leftPad);
  EXPECT_EQ(e.expected[255], r.src[0]);
  EXPECT_EQ(e.expected[255 + kSize - 1], r.src[kSize - 1]);
  EXPECT_EQ(e.region[255 + kSize], Region::rightPad);
  EXPECT_EQ(e.expected[255 + kSize + 254], 0x7F);
  EXPECT_EQ(e.region[255 + kSize + 255], Region::keep);
  EXPECT_EQ(r.eval.footprint.reads.size(), 1u);
  EXPECT_EQ(r.eval.footprint.reads.front().end, kSize);
}

TEST(NdDma, FiveDimensionsEachTwoWide) {
  // dimension i's destination stride 2^i, source stride 3^i: a 32-element dense box from a sparse source
  const NdDmaParams p = params({{1, 1, 2}, {3, 2, 2}, {9, 4, 2}, {27, 8, 2}, {81, 16, 2}});
  const test::Trial r = test::runCase(nddma(DType::half, p, 2 * 122, 2 * 32 + 32));
  Model m(r.src, r.dst);
  for (std::uint64_t t = 0; t < 32; ++t) {
    std::uint64_t from = 0, pow3 = 1;
    for (int i = 0; i < 5; ++i, pow3 *= 3) from += ((t >> i) & 1u) * pow3;
    m.copy(2 * t, 2 * from);
    m.copy(2 * t + 1, 2 * from + 1);
  }
  test::expectComputedAsModel(r, m);
}

// A one-dimensional copy with one element: the smallest call.
TEST(NdDma, OneElement) {
  const test::Trial r = test::runCase(nddma(DType::double_, params({{0, 0, 1}}), 8, 64));
  Model m(r.src, r.dst);
  for (std::uint64_t b = 0; b < 8; ++b) m.copy(b, b);
  test::expectComputedAsModel(r, m);
}

// ---- validation (G-4) ---------------------------------------------------------------------------------------------
std::vector<Violation> violationsOf(const Case& c) {
  const Evaluation e = evaluate(c, Bytes(c.src.sizeBytes, 0), guardBuffer(c.dst.sizeBytes));
  EXPECT_EQ(e.verdict, Verdict::invalid);
  return e.violations;
}

TEST(NdDma, RangesAreChecked) {
  NdDmaParams p = params({{1, 1, 4}});
  p.dim = 0;
  EXPECT_VIOLATION(violationsOf(nddma(DType::int8_t, p, 64, 64)), "NDDMA-2", "params.dim", "0");
  p.dim = 6;
  EXPECT_VIOLATION(violationsOf(nddma(DType::int8_t, p, 64, 64)), "NDDMA-2", "params.dim", "6");
  const auto one = [](Dim d, DType t = DType::int8_t) { return violationsOf(nddma(t, params({d}), 1 << 12, 1 << 12)); };
  EXPECT_VIOLATION(one({1, 1, 0}), "NDDMA-2", "params.loopSize[0]", "0");
  EXPECT_VIOLATION(one({1, 1, 1u << 20}), "NDDMA-2", "params.loopSize[0]", "1048576");
  EXPECT_VIOLATION(one({std::uint64_t{1} << 40, 1, 1}), "NDDMA-2", "params.loopSrcStride[0]", "1099511627776");
  EXPECT_VIOLATION(one({1, 1u << 20, 1}), "NDDMA-2", "params.loopDstStride[0]", "1048576");
  // AMB-35: an 8-byte T halves both stride limits
  EXPECT_VIOLATION(one({1, 1u << 19, 1}, DType::uint64_t), "AMB-35", "params.loopDstStride[0]", "524288");
  EXPECT_VIOLATION(one({std::uint64_t{1} << 39, 1, 1}, DType::double_), "AMB-35", "params.loopSrcStride[0]",
                   "549755813888");
  const NdDmaParams edge = params({{(std::uint64_t{1} << 39) - 1, (1u << 19) - 1, 1}});
  EXPECT_EQ(evaluate(nddma(DType::int64_t, edge, 8, 8), Bytes(8, 0), guardBuffer(8)).verdict, Verdict::computed);
  // NDDMA-2: an 8-byte T takes the constant mode with 0 only
  EXPECT_VIOLATION(violationsOf(nddma(DType::int64_t, params({{1, 1, 1, 1, 0}}, 0, true), 8, 64)), "NDDMA-2",
                   "params.isNearestValueMode", "1");
  EXPECT_VIOLATION(violationsOf(nddma(DType::uint64_t, params({{1, 1, 1, 1, 0}}, 5), 8, 64)), "NDDMA-2",
                   "params.constantValue", "5");
  // ...but other types take any constant and the nearest mode
  EXPECT_EQ(evaluate(nddma(DType::int32_t, params({{1, 1, 1, 1, 0}}, 5, true), 4, 64), Bytes(4, 0), guardBuffer(64)).verdict,
            Verdict::computed);
}

TEST(NdDma, AddressSpanIsCheckedPadsIncluded) {
  // (E0 - 1) * stride * s: 256 pad-inclusive elements at a stride of 2^32 float elements span 2^40 + ... bytes
  const NdDmaParams p = params({{std::uint64_t{1} << 32, 1, 1, 255, 0}});
  EXPECT_VIOLATION(violationsOf(nddma(DType::float_, p, 4, 4096)), "NDDMA-2", "params.loopSrcStride",
                   std::to_string(255 * (std::uint64_t{1} << 34) + 4));
  // the boundary (our reading of the 40-bit limit): a span of exactly 2^40 bytes is valid, one element more is not
  constexpr std::uint64_t kSpan = std::uint64_t{1} << 40;
  // (validate, not evaluate: the buffers would be a terabyte)
  EXPECT_TRUE(validate(nddma(DType::int8_t, params({{kSpan - 1, 1, 2}}), kSpan, 2)).empty());
  EXPECT_VIOLATION(validate(nddma(DType::int8_t, params({{kSpan / 2, 1, 3}}), kSpan + 1, 3)), "NDDMA-2",
                   "params.loopSrcStride", std::to_string(kSpan + 1));
}

// NDDMA-4 / AMB-36: ascending destination strides that interleave are invalid; the first stride that fits passes.
TEST(NdDma, AscendingStridesMustNotInterleave) {
  // the page's picture: a padded row of 3 elements, so dimension 1's stride is at least 3
  const auto with = [](std::uint32_t stride1) { return nddma(DType::int8_t, params({{1, 1, 1, 1, 1}, {1, stride1, 2}}), 8, 64); };
  EXPECT_VIOLATION(violationsOf(with(2)), "NDDMA-4", "params.loopDstStride[1]", "2");
  EXPECT_EQ(evaluate(with(3), Bytes(8, 0), guardBuffer(64)).verdict, Verdict::computed);
  // a dimension of one element repeats nothing and does not take part (stride 0 between two that fit)
  const Case skip = nddma(DType::int8_t, params({{1, 1, 2}, {0, 0, 1}, {2, 2, 2}}), 8, 64);
  EXPECT_EQ(evaluate(skip, Bytes(8, 0), guardBuffer(64)).verdict, Verdict::computed);
}

TEST(NdDma, BuffersMustHoldBothFootprints) {
  const NdDmaParams p = params({{2, 1, 4, 1, 1}});  // reads 1 + 3*2 elements, writes 6
  EXPECT_VIOLATION(violationsOf(nddma(DType::int16_t, p, 13, 64)), "G-2", "src.size", "13");
  EXPECT_VIOLATION(violationsOf(nddma(DType::int16_t, p, 14, 11)), "G-1", "dst.size", "11");
  EXPECT_EQ(evaluate(nddma(DType::int16_t, p, 14, 12), Bytes(14, 0), guardBuffer(12)).verdict, Verdict::computed);
}

// NDDMA-1 / PROD: the 950 only, GM->VECIN only.
TEST(NdDma, ProductAndPath) {
  Case c = nddma(DType::half, params({{1, 1, 4}}), 8, 64);
  c.product = Product::atlas_a2;
  EXPECT_EQ(evaluate(c, Bytes(8, 0), guardBuffer(64)).verdict, Verdict::notSupported);
  c.product = Product::ascend950;
  c.dstPos = Position::VECOUT;
  const Evaluation wrongPath = evaluate(c, Bytes(8, 0), guardBuffer(64));
  EXPECT_EQ(wrongPath.verdict, Verdict::malformed);
  c.dstPos = Position::VECIN;
  c.dtype = DType::fp4x2_e2m1_t;  // NDDMA-1: not on the page's list
  EXPECT_EQ(evaluate(c, Bytes(8, 0), guardBuffer(64)).verdict, Verdict::notSupported);
  c.dtype = DType::bfloat16_t;
  EXPECT_EQ(evaluate(c, Bytes(8, 0), guardBuffer(64)).verdict, Verdict::computed);
  EXPECT_EQ(definingClause(c, Operation::nddma, Region::leftPad), "NDDMA-3");
}

// ---- the accepting profile words (AMB-35..37) ------------------------------------------------------------------------
Case withProfile(Case c, std::string_view words) {
  c.profile = parseProfile(words).profile.value();
  return c;
}

// AMB-37: a read dimension of loopSize 0, padded on both sides and between two dimensions that move data. The page's
// range starts at 1, so the default rejects it naming NDDMA-2 and AMB-37; under nddma-size0-noop the whole call
// reads nothing and writes nothing (not even the pads of the other dimensions): every destination byte KEEP.
TEST(NdDma, Amb37ZeroSizeRejectedByDefaultNoopUnderItsWord) {
  const NdDmaParams p = params({{1, 1, 4, 2, 1}, {4, 7, 0, 1, 1}, {8, 21, 2}});
  const Case c = nddma(DType::half, p, 64, 256);
  const std::vector<Violation> rejected = violationsOf(c);
  EXPECT_VIOLATION(rejected, "NDDMA-2", "params.loopSize[1]", "0");
  EXPECT_NE(test::violationsText(rejected).find("AMB-37"), std::string::npos);
  EXPECT_NE(test::violationsText(rejected).find("nddma-size0-noop"), std::string::npos);
  test::expectNoop(test::runCase(withProfile(c, "nddma-size0-noop")));
  // the word accepts no other out-of-range field: a loopSize of 2^20 stays invalid beside a 0
  NdDmaParams wide = p;
  wide.loopSize[0] = 1u << 20;
  EXPECT_VIOLATION(violationsOf(withProfile(nddma(DType::half, wide, 64, 256), "nddma-size0-noop")), "NDDMA-2",
                   "params.loopSize[0]", "1048576");
  // and a case without a 0 is computed as before under it (one byte checked by hand: element 0 of the data)
  NdDmaParams one = p;
  one.loopSize[1] = 1;
  const test::Trial r = test::runCase(withProfile(nddma(DType::half, one, 64, 256), "nddma-size0-noop"));
  ASSERT_EQ(r.eval.verdict, Verdict::computed) << test::violationsText(r.eval.violations);
  // the first data tuple (2, 1, 0), past both left pads, is destination element 2*1 + 1*7 = 9, source element 0
  EXPECT_EQ(r.eval.expectation.expected[9 * 2], r.src[0]);
  EXPECT_EQ(r.eval.expectation.expected[9 * 2 + 1], r.src[1]);
}

// AMB-36: rows of three bytes two apart, an ascending stride sequence (1, 2) whose rows interleave: NDDMA-4 rejects
// it by default, naming AMB-36 and the word; under nddma-interleave-any it is computed, the byte both rows write (row
// 0's third element, row 1's first) ANY, the others as the walk places them: dst 0, 1 <- src 0, 1; dst 3, 4 <- src
// 4, 5; nothing else written.
TEST(NdDma, Amb36InterleavingStridesRejectedByDefaultAnyUnderItsWord) {
  const Case c = nddma(DType::uint8_t, params({{1, 1, 3}, {3, 2, 2}}), 6, 64);
  const std::vector<Violation> rejected = violationsOf(c);
  EXPECT_VIOLATION(rejected, "NDDMA-4", "params.loopDstStride[1]", "2");
  EXPECT_NE(test::violationsText(rejected).find("AMB-36"), std::string::npos);
  EXPECT_NE(test::violationsText(rejected).find("nddma-interleave-any"), std::string::npos);
  const test::Trial r = test::runCase(withProfile(c, "nddma-interleave-any"));
  ASSERT_EQ(r.eval.verdict, Verdict::computed) << test::violationsText(r.eval.violations);
  const auto& e = r.eval.expectation;
  const std::pair<std::size_t, std::size_t> moved[] = {{0, 0}, {1, 1}, {3, 4}, {4, 5}};  // (dst, src) bytes
  for (const auto& [d, s] : moved) {
    EXPECT_EQ(e.care[d], 1) << d;
    EXPECT_EQ(e.expected[d], r.src[s]) << d;
    EXPECT_EQ(e.region[d], Region::data) << d;
  }
  EXPECT_EQ(e.care[2], 0);
  EXPECT_EQ(e.region[2], Region::collision);
  for (std::size_t d = 5; d < 64; ++d) EXPECT_EQ(e.region[d], Region::keep) << d;
  // a non-ascending sequence needs no word: its collisions are ANY by default too (NDDMA-4)
  EXPECT_EQ(test::runCase(nddma(DType::uint8_t, params({{1, 2, 3}, {3, 1, 2}}), 6, 64)).eval.verdict, Verdict::computed);
}

// AMB-35: int64_t, three elements with loopSrcStride 2^39 + 2 and loopDstStride 2^19 + 3, inside the page's ranges
// but past the b64 limits: the default rejects it naming AMB-35 and the word; under nddma-b64-wrap the header's
// 4-byte copy takes 2*(2^39 + 2) cut to 40 bits = 4 and 2*(2^19 + 3) masked to 20 bits = 6 four-byte units, i.e. 2
// and 3 elements: destination element 3k <- source element 2k, k < 3, every other byte KEEP.
TEST(NdDma, Amb35B64StridesRejectedByDefaultCutUnderItsWord) {
  const NdDmaParams p = params({{(std::uint64_t{1} << 39) + 2, (1u << 19) + 3, 3}});
  const Case c = nddma(DType::int64_t, p, 8 * 5, 8 * 8);
  const std::vector<Violation> rejected = violationsOf(c);
  EXPECT_VIOLATION(rejected, "AMB-35", "params.loopSrcStride[0]", std::to_string((std::uint64_t{1} << 39) + 2));
  EXPECT_VIOLATION(rejected, "AMB-35", "params.loopDstStride[0]", std::to_string((1u << 19) + 3));
  EXPECT_NE(test::violationsText(rejected).find("nddma-b64-wrap"), std::string::npos);
  const test::Trial r = test::runCase(withProfile(c, "nddma-b64-wrap"));
  ASSERT_EQ(r.eval.verdict, Verdict::computed) << test::violationsText(r.eval.violations);
  const auto& e = r.eval.expectation;
  for (std::size_t d = 0; d < 64; ++d) {
    const std::size_t element = d / 8;
    if (element % 3 == 0 && element < 9) {
      EXPECT_EQ(e.expected[d], r.src[element / 3 * 16 + d % 8]) << d;
      EXPECT_EQ(e.region[d], Region::data) << d;
    } else {
      EXPECT_EQ(e.region[d], Region::keep) << d;
      EXPECT_EQ(e.expected[d], r.dst[d]) << d;
    }
    EXPECT_EQ(e.care[d], 1) << d;
  }
  // the word keeps the page's ranges: 2^20 stays invalid (NDDMA-2), and a 4-byte T is not cut
  const auto one = [](DType t, std::uint32_t dstStride) {
    return withProfile(nddma(t, params({{1, dstStride, 2}}), 64, 1 << 22), "nddma-b64-wrap");
  };
  EXPECT_VIOLATION(violationsOf(one(DType::uint64_t, 1u << 20)), "NDDMA-2", "params.loopDstStride[0]", "1048576");
  const test::Trial wide = test::runCase(one(DType::float_, (1u << 19) + 3));
  ASSERT_EQ(wide.eval.verdict, Verdict::computed) << test::violationsText(wide.eval.violations);
  EXPECT_EQ(wide.eval.expectation.region[((1u << 19) + 3) * 4], Region::data);
}

}  // namespace
}  // namespace dcconf::oracle
