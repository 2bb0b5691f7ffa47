// DataCopy DN2NZ (Ascend 950): G-1/2/3, the DN2NZ-1 transpose law against ND2NZ, G-4 on DN2NZ-2/3, and the wrong
// variants each property catches.
#include "support/harness.hpp"

namespace dcconf::properties::testing {
namespace {

constexpr auto kDn2Nz = oracle::Operation::dn2nz;

const auto kProperties = withG123(kDn2Nz, "_dn2nz", {
    {"DN2NZ_1_lawTransposeIsNd2Nz", kDn2Nz, checkLawDn2Nz1TransposeIsNd2Nz},
});

const WrongVariant kWrongVariants[] = {
    {"DN2NZ_1_lawTransposeIsNd2Nz_catches_dn2nzPackedSrc", Mutation::dn2nzPackedSrc, kDn2Nz,
     checkLawDn2Nz1TransposeIsNd2Nz, "DN2NZ-1 law"},
    {"G1_catches_dn2nzPackedSrc", Mutation::dn2nzPackedSrc, kDn2Nz, checkG1Conformance, "G-1 DN2NZ"},
    {"G1_catches_tailNotZeroed", Mutation::nd2nzTailNotZeroed, kDn2Nz, checkG1Conformance, "G-1 DN2NZ"},
    {"G2_catches_readOutsideFootprint", Mutation::readOutsideFootprint, kDn2Nz, checkG2NoStrayReads, "G-2 DN2NZ"},
    {"G3_catches_nondeterministicByte", Mutation::nondeterministicByte, kDn2Nz, checkG3Determinism, "G-3 DN2NZ"},
};

DCCONF_FAMILY_TESTS(Dn2Nz, kProperties, kWrongVariants);

TEST(Dn2NzInvalid, G4_oracleRejectsWithExactlyTheBrokenClauseAndField) {
  checkOracleRejectsExactly(kDn2Nz, {"DN2NZ-2", "DN2NZ-3", "G-1", "G-2"});
}

}  // namespace
}  // namespace dcconf::properties::testing
