// DataCopy NDDMA (project, Ascend 950): G-1/2/3, the NDDMA-3 laws (padless rows == DC-2, constant and nearest pads
// == the padless copy padded as numpy pads, the transpose twice == identity), and the wrong variants they catch.
#include <rapidcheck/Random.h>

#include "dcconf/properties/coverage.hpp"
#include "support/harness.hpp"

namespace dcconf::properties::testing {
namespace {

constexpr auto kNdDma = oracle::Operation::nddma;

const auto kProperties = withG123(kNdDma, "_nddma", {
    {"NDDMA_3_lawPadlessRowsAreContiguousCopy", kNdDma, checkLawNdDmaPadlessRowsAreContiguousCopy},
    {"NDDMA_3_lawConstantPadIsPaddedPadless", kNdDma, checkLawNdDmaConstantPadIsPaddedPadless},
    {"NDDMA_3_lawNearestPadIsEdgePadded", kNdDma, checkLawNdDmaNearestPadIsEdgePadded},
    {"NDDMA_3_lawTransposeTwiceIsIdentity", kNdDma, checkLawNdDmaTransposeTwiceIsIdentity},
});

const WrongVariant kWrongVariants[] = {
    {"NDDMA_3_lawNearestPad_catches_nddmaNearestAsConstant", Mutation::nddmaNearestAsConstant, kNdDma,
     checkLawNdDmaNearestPadIsEdgePadded, "NDDMA-3 law"},
    {"NDDMA_3_lawConstantPad_catches_nddmaPadsSwapped", Mutation::nddmaPadsSwapped, kNdDma,
     checkLawNdDmaConstantPadIsPaddedPadless, "NDDMA-3 law"},
    {"G1_catches_nddmaPadsSwapped", Mutation::nddmaPadsSwapped, kNdDma, checkG1Conformance, "G-1 NDDMA"},
    {"G2_catches_readOutsideFootprint", Mutation::readOutsideFootprint, kNdDma, checkG2NoStrayReads, "G-2 NDDMA"},
    {"G3_catches_nondeterministicByte", Mutation::nondeterministicByte, kNdDma, checkG3Determinism, "G-3 NDDMA"},
};

DCCONF_FAMILY_TESTS(NdDma, kProperties, kWrongVariants);

// The coverage model (docs/coverage.md): dim, then five rows per read dimension, named by dimension; wide draws
// reach every dimension's rows and stay valid.
TEST(NdDmaCoverage, RowsPerReadDimension) {
  std::array<std::uint64_t, oracle::kMaxNdDmaDims> widestSrcStride{};
  for (std::uint64_t seed = 0; seed < 600; ++seed) {
    const GeneratedCase g = genCase(kNdDma)(rc::Random(rc::Random::Key{seed, 31, 9, 1}), 50).value();
    ASSERT_TRUE(oracle::validate(g.data.c).empty()) << oracle::describe(oracle::validate(g.data.c).front());
    const auto& p = std::get<oracle::NdDmaParams>(g.data.c.params);
    const auto samples = fieldSamples(g.data.c, kNdDma);
    ASSERT_EQ(samples.size(), 1 + 5 * std::size_t{p.dim});
    EXPECT_EQ(samples[0].range.name, "NdDmaParams.dim");
    EXPECT_EQ(samples.back().range.name, ndDmaRowName(p.dim - 1, 4));
    for (std::size_t i = 0; i < p.dim; ++i) {
      EXPECT_EQ(samples[2 + 5 * i].value, p.loopSrcStride[i]);
      widestSrcStride[i] = std::max(widestSrcStride[i], p.loopSrcStride[i]);
    }
  }
  for (std::size_t i = 0; i < oracle::kMaxNdDmaDims; ++i) {
    EXPECT_GT(widestSrcStride[i], std::uint64_t{1} << 32) << "dimension " << i << " never drew a wide source stride";
  }
}

}  // namespace
}  // namespace dcconf::properties::testing
