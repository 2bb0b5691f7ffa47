// DataCopy slice (SLICE): G-1/2/3, the full-range and gather/scatter laws, G-4 on the SLICE-* constraints, and the
// wrong variants each law catches.
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

TEST(SliceInvalid, G4_oracleRejectsWithExactlyTheBrokenClauseAndField) {
  checkOracleRejectsExactly(kSlice, {"SLICE-1", "SLICE-2", "SLICE-4", "G-1", "G-2", "G-5"});
}

}  // namespace
}  // namespace dcconf::properties::testing
