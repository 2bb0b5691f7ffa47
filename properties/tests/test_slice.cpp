// DataCopy slice (SLICE): G-1/2/3, the full-range and gather/scatter laws, G-4 on the SLICE-* constraints, and the
// wrong variants each law catches.
#include <rapidcheck/Random.h>

#include "dcconf/properties/coverage.hpp"
#include "support/harness.hpp"

namespace dcconf::properties::testing {
namespace {

constexpr auto kSlice = oracle::Operation::slice;

const auto kProperties = withG123(kSlice, "_slice", {
    {"SLICE_1_3_lawFullRangeIsContiguousCopy", kSlice, checkLawSliceFullRangeIsContiguousCopy},
    {"SLICE_4_lawGatherThenScatterRestores", kSlice, checkLawSliceGatherThenScatterRestores},
});

const WrongVariant kWrongVariants[] = {
    {"SLICE_1_3_lawFullRange_catches_sliceDropsLastOuterIndex", Mutation::sliceDropsLastOuterIndex, kSlice,
     checkLawSliceFullRangeIsContiguousCopy, "SLICE-1/SLICE-3 law"},
    {"SLICE_4_lawGatherScatter_catches_sliceDropsLastOuterIndex", Mutation::sliceDropsLastOuterIndex, kSlice,
     checkLawSliceGatherThenScatterRestores, "SLICE-4 law"},
    {"G1_catches_sliceDropsLastOuterIndex", Mutation::sliceDropsLastOuterIndex, kSlice, checkG1Conformance, "G-1 SLICE"},
    {"G2_catches_readOutsideFootprint", Mutation::readOutsideFootprint, kSlice, checkG2NoStrayReads, "G-2 SLICE"},
    {"G3_catches_nondeterministicByte", Mutation::nondeterministicByte, kSlice, checkG3Determinism, "G-3 SLICE"},
};

DCCONF_FAMILY_TESTS(Slice, kProperties, kWrongVariants);

// The coverage model (docs/coverage.md): dimValue, then 10 rows per used dimension; the UB source's dimension-0 start
// and stride step by C0 (SLICE-4, G-5). Wide cases (one in four) stay valid and every buffer under kWideBufferBytes,
// and 400 draws reach the dimension-0 start's maximum (65535 on the GM side).
TEST(SliceCoverage, RowsPerDimensionAndWideCasesStayBounded) {
  std::uint64_t largestBuffer = 0, largestStart = 0;
  for (std::uint64_t seed = 0; seed < 400; ++seed) {
    const GeneratedCase g = genSlice()(rc::Random(rc::Random::Key{seed, 15, 3, 1}), 50).value();
    const auto& p = std::get<oracle::SliceParams>(g.data.c.params);
    const auto samples = fieldSamples(g.data.c, kSlice);
    ASSERT_EQ(samples.size(), 1 + 10 * std::size_t{p.dimValue});
    EXPECT_EQ(samples[0].range.name, "SliceParams.dimValue");
    EXPECT_EQ(samples[1].range.name, "SliceParams.srcSliceInfo[0].startIndex");
    const std::uint64_t c0 = oracle::kDataBlockBytes / oracle::sizeBytes(g.data.c.dtype);
    const bool ubSrc = g.data.c.srcPos != oracle::Position::GM;
    EXPECT_EQ(samples[1].range.step, ubSrc ? c0 : 1u);
    EXPECT_EQ(samples[3].range.step, ubSrc ? c0 : 1u);  // srcSliceInfo[0].stride
    EXPECT_EQ(samples[5].range.step, ubSrc ? 1u : c0);  // dstSliceInfo[0].startIndex
    largestBuffer = std::max({largestBuffer, g.data.c.src.sizeBytes, g.data.c.dst.sizeBytes});
    if (!ubSrc) largestStart = std::max<std::uint64_t>(largestStart, p.srcSliceInfo[0].startIndex);
  }
  EXPECT_LE(largestBuffer, kWideBufferBytes);
  EXPECT_EQ(largestStart, kReachSliceDim0Elements);
}

TEST(SliceInvalid, G4_oracleRejectsWithExactlyTheBrokenClauseAndField) {
  checkOracleRejectsExactly(kSlice, {"SLICE-1", "SLICE-2", "SLICE-4", "G-1", "G-2", "G-5"});
}

}  // namespace
}  // namespace dcconf::properties::testing
