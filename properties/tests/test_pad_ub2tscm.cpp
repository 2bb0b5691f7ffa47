// DataCopyPad VECIN/VECOUT -> TSCM (PAD-U2L1): G-1/2/3, laws, and the wrong variants each one catches.
#include <rapidcheck/Random.h>

#include "dcconf/properties/coverage.hpp"
#include "support/harness.hpp"

namespace dcconf::properties::testing {
namespace {

constexpr auto kOp = oracle::Operation::padUbToTscm;

const auto kProperties = withG123(kOp, "", {
    {"PAD_U2L1_1_lawExtEqualsPlain", kOp, checkLawPadExtEqualsPlain},
    {"PAD_U2L1_1_lawIsU2GThenNd2Nz", kOp, checkLawPadU2L1IsU2GThenNd2Nz},
});

const WrongVariant kWrongVariants[] = {
    {"G1_catches_tscmGmStrideIn32B", Mutation::tscmGmStrideIn32B, kOp, checkG1Conformance, "G-1 PAD-U2L1"},
    {"G2_catches_readOutsideFootprint", Mutation::readOutsideFootprint, kOp, checkG2NoStrayReads, "G-2 PAD-U2L1"},
    {"G3_catches_nondeterministicByte", Mutation::nondeterministicByte, kOp, checkG3Determinism, "G-3 PAD-U2L1"},
    {"PAD_U2L1_1_law_catches_tscmGmStrideIn32B", Mutation::tscmGmStrideIn32B, kOp, checkLawPadU2L1IsU2GThenNd2Nz,
     "PAD-U2L1-1 law"},
    {"PAD_U2L1_1_lawExtPlain_catches_plainIgnoresDstStride", Mutation::plainIgnoresDstStride, kOp,
     checkLawPadExtEqualsPlain, "PAD-U2L1-1 law"},
};

DCCONF_FAMILY_TESTS(PadUb2Tscm, kProperties, kWrongVariants);

// Whether c's expectation pins a destination byte that c with the GM dstStride replaced does not pin to the same value
// (there the truncated stride's ND2NZ leg reads unwritten workspace, ANY, or other bytes).
bool expectationsDiffer(const casefile::CaseData& data, std::uint32_t otherDstStride) {
  oracle::Case other = data.c;
  std::visit([&](auto& p) {
    using P = std::decay_t<decltype(p)>;
    if constexpr (std::is_same_v<P, oracle::DataCopyExtParams>) p.dstStride = otherDstStride;
  }, other.params);
  const auto a = oracle::evaluate(data.c, data.src, data.dstBefore);
  const auto b = oracle::evaluate(other, data.src, data.dstBefore);
  if (a.verdict != oracle::Verdict::computed || b.verdict != oracle::Verdict::computed) return false;
  for (std::size_t i = 0; i < a.expectation.expected.size(); ++i) {
    if (a.expectation.care[i] == 0) continue;
    if (b.expectation.care[i] == 0 || a.expectation.expected[i] != b.expectation.expected[i]) return true;
  }
  return false;
}

// The coverage model (docs/coverage.md): the four UB->GM rows of params and the seven ND2NZ rows without ndNum
// (PAD-U2L1-2). Wide cases stay valid with every buffer about kWideBufferBytes at most, and a wide GM dstStride shows in the
// destination: an IUT keeping only its low 12 bits writes other bytes (the ND2NZ leg probes the second block).
TEST(PadUb2TscmCoverage, ElevenRowsAndAWideGmStrideIsObservable) {
  std::uint64_t largestBuffer = 0, wideStrides = 0;
  for (std::uint64_t seed = 0; seed < 600; ++seed) {
    const GeneratedCase g = genPadUbToTscm(ParamStruct::ext)(rc::Random(rc::Random::Key{seed, 15, 3, 2}), 50).value();
    const auto samples = fieldSamples(g.data.c, kOp);
    ASSERT_EQ(samples.size(), 11u);
    EXPECT_EQ(samples[3].range.name, "DataCopyExtParams.dstStride");
    EXPECT_EQ(samples[4].range.name, "Nd2NzParams.nValue");
    largestBuffer = std::max({largestBuffer, g.data.c.src.sizeBytes, g.data.c.dst.sizeBytes});
    const auto stride = static_cast<std::uint32_t>(samples[3].value);
    if (stride > 0xFFF && stride % 0x1000 != 0 && g.data.c.nd2nzParams->dValue == 1) {
      ++wideStrides;
      EXPECT_TRUE(expectationsDiffer(g.data, stride & 0xFFF)) << "dstStride " << stride;
    }
  }
  // a UB stride of kReachUbStrideBlocks puts the second block 4 MiB - 32 bytes after the first, as on PAD-U2G: the
  // buffer holds that span, the blocks and the drawn offset
  EXPECT_LE(largestBuffer, kWideBufferBytes + 4096);
  EXPECT_GT(wideStrides, 0u);
}

}  // namespace
}  // namespace dcconf::properties::testing
