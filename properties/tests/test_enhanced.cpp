// Enhanced DataCopy (ENH): G-1/2/3 on BLOCK_MODE_NORMAL and on CO1->CO2, the ENH-1 NORMAL == DC-2 law, the
// conversion properties (ENH-3 ReLU results never negative; ENH-2 unit scale exact, equal V* columns == scalar;
// ENH-3 store mode 3 == 0/1 re-packed), G-4 on ENH-1/2/3, and the wrong variants each property catches.
#include "dcconf/properties/fixpipe.hpp"
#include "support/harness.hpp"

namespace dcconf::properties::testing {
namespace {

constexpr auto kNormal = oracle::Operation::enhancedNormal;
constexpr auto kCo1 = oracle::Operation::enhancedCo1ToCo2;

std::vector<CaseProperty> properties() {
  auto rows = withG123(kNormal, "_normal", {{"ENH_1_lawNormalIsDataCopy0Level", kNormal, checkLawEnh1NormalIsDc0Level}});
  const auto co1 = withG123(kCo1, "_co1ToCo2",
                            {{"ENH_3_reluNeverNegative", kCo1, checkEnh3ReluNeverNegative},
                             {"ENH_2_lawUnitScaleIsExact", kCo1, checkLawEnh2UnitScaleIsExact},
                             {"ENH_3_lawStoreMode3IsRepacked", kCo1, checkLawEnh3StoreMode3IsRepacked},
                             {"ENH_2_lawEqualColumnsIsScalar", kCo1, checkLawEnh2EqualColumnsIsScalar}});
  rows.insert(rows.end(), co1.begin(), co1.end());
  return rows;
}
const auto kProperties = properties();

const WrongVariant kWrongVariants[] = {
    {"ENH_1_lawNormal_catches_enhNormalIgnoresDstStride", Mutation::enhNormalIgnoresDstStride, kNormal,
     checkLawEnh1NormalIsDc0Level, "ENH-1 law"},
    {"G1_catches_enhNormalIgnoresDstStride", Mutation::enhNormalIgnoresDstStride, kNormal, checkG1Conformance,
     "G-1 ENH"},
    {"G1_catches_co1ReluIgnored", Mutation::co1ReluIgnored, kCo1, checkG1Conformance, "G-1 ENH"},
    // AMB-16 (project, issue 29 item 4): inf where DEQ half -> half of a NaN source (or inf x 0) must be a NaN
    {"G1_catches_nanResultAsInf", Mutation::nanResultAsInf, kCo1, checkG1Conformance, "G-1 ENH"},
    {"ENH_3_relu_catches_co1ReluIgnored", Mutation::co1ReluIgnored, kCo1, checkEnh3ReluNeverNegative, "ENH-3"},
    {"ENH_2_unitScale_catches_co1DeqScaleDoubled", Mutation::co1DeqScaleDoubled, kCo1, checkLawEnh2UnitScaleIsExact,
     "ENH-2 law"},
    {"ENH_3_repacked_catches_co1StoreModeHalvesSwapped", Mutation::co1StoreModeHalvesSwapped, kCo1,
     checkLawEnh3StoreMode3IsRepacked, "ENH-3"},
    {"ENH_2_equalColumns_catches_co1ScalarIgnoresOffset", Mutation::co1ScalarIgnoresOffset, kCo1,
     checkLawEnh2EqualColumnsIsScalar, "ENH-2 law"},
    {"G1_catches_co1StoreModeHalvesSwapped", Mutation::co1StoreModeHalvesSwapped, kCo1, checkG1Conformance, "G-1 ENH"},
    {"G2_catches_readOutsideFootprint", Mutation::readOutsideFootprint, kCo1, checkG2NoStrayReads, "G-2 ENH"},
    {"G3_catches_nondeterministicByte", Mutation::nondeterministicByte, kCo1, checkG3Determinism, "G-3 ENH"},
};

DCCONF_FAMILY_TESTS(Enhanced, kProperties, kWrongVariants);

// FIX-7 (revised) for ENH-4: no byte the default cares about differs under any fully pinned AMB-8..14 combination
// (e.g. DEQ16 int16 with isRelu: AMB-11 x AMB-14 together move ReLU after an offset stage).
TEST(EnhancedOracle, FIX_7_defaultCaresOnlyWhereEveryPinnedProfileAgrees) {
  checkProperty("oracle", caseSpec(kCo1, [](backends::Backend&, const CaseData& data) {
                  return checkDefaultCaresOnlyWhereEveryPinnedProfileAgrees(data);
                }));
}

TEST(EnhancedInvalid, G4_oracleRejectsWithExactlyTheBrokenClauseAndField_normal) {
  checkOracleRejectsExactly(kNormal, {"ENH-1", "ENH-2", "ENH-3", "G-1", "G-2", "G-5"});
}
TEST(EnhancedInvalid, G4_oracleRejectsWithExactlyTheBrokenClauseAndField_co1ToCo2) {
  checkOracleRejectsExactly(kCo1, {"ENH-1", "ENH-2", "ENH-3", "G-1", "G-2", "G-5"});
}

}  // namespace
}  // namespace dcconf::properties::testing
