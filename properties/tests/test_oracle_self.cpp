// Oracle self-consistency over every operation's generated cases: footprint, regions, care and extents agree.
#include <gtest/gtest-spi.h>

#include "support/harness.hpp"

namespace dcconf::properties::testing {
namespace {

using oracle::Operation;

Outcome selfConsistent(backends::Backend&, const casefile::CaseData& data) { return checkOracleSelfConsistency(data); }

const CaseProperty kOperations[] = {
    {"PadGmToUb", Operation::padGmToUb, selfConsistent},   {"PadUbToGm", Operation::padUbToGm, selfConsistent},
    {"PadUbToTscm", Operation::padUbToTscm, selfConsistent}, {"Copy0Level", Operation::copy0Level, selfConsistent},
    {"Copy2Level", Operation::copy2Level, selfConsistent}, {"Nd2Nz", Operation::nd2nz, selfConsistent},
    {"Nz2Nd", Operation::nz2nd, selfConsistent},       {"Slice", Operation::slice, selfConsistent},
    {"Dn2Nz", Operation::dn2nz, selfConsistent},       {"EnhancedNormal", Operation::enhancedNormal, selfConsistent},
    {"EnhancedCo1ToCo2", Operation::enhancedCo1ToCo2, selfConsistent}, {"Fixpipe", Operation::fixpipe, selfConsistent},
    {"Fixpipe950", Operation::fixpipe950, selfConsistent},
};

class OracleSelf : public ::testing::TestWithParam<CaseProperty> {};
TEST_P(OracleSelf, G1_G2_footprintRegionsCareExtentsAgree) {
  checkProperty("oracle", caseSpec(GetParam().operation, GetParam().invariant));
}
INSTANTIATE_TEST_SUITE_P(Operations, OracleSelf, ::testing::ValuesIn(kOperations), propertyOnlyName);

// Issue 15: the sparse evaluation (ranges, windows) equals the dense one on ordinary cases of every operation.
Outcome sparseMatchesDense(backends::Backend&, const casefile::CaseData& data) { return checkSparseMatchesDense(data); }
class SparseOracle : public ::testing::TestWithParam<CaseProperty> {};
TEST_P(SparseOracle, G1_G2_windowedEvaluationEqualsDense) {
  checkProperty("oracle", caseSpec(GetParam().operation, sparseMatchesDense));
}
INSTANTIATE_TEST_SUITE_P(Operations, SparseOracle, ::testing::ValuesIn(kOperations), propertyOnlyName);

// Printable: a generated case, printed as dcconf.case/1, loads back equal, so a counterexample is a case file.
TEST(Printable, CASE_everyGeneratedCaseRoundTripsThroughItsCaseFile) {
  const PropertySpec<GeneratedCase> spec{
      "CASE", genAnyCase(),
      [](backends::Backend&, const GeneratedCase& g) {
        const auto loaded = casefile::parseCaseText(casefile::toJsonText(g.data), ".");
        if (const auto* error = std::get_if<casefile::LoadError>(&loaded)) {
          return Outcome::fail("CASE: printed case does not load: " + error->oneLine());
        }
        return std::get<casefile::CaseData>(loaded) == g.data ? Outcome::pass()
                                                                : Outcome::fail("CASE: printed case loads back different");
      },
      [](const GeneratedCase& g) { return bucketsOf(g.data); },
      {}};
  checkProperty("oracle", spec);
}

// The harness itself: a backend that supports nothing fails the test, and so does a starved bucket.
TEST(Harness, backendSupportingNothingFailsTheProperty) {
  EXPECT_NONFATAL_FAILURE(checkProperty("none", caseSpec(Operation::padGmToUb, checkG1Conformance)), "ran no case");
}
TEST(Harness, starvedBucketFailsTheProperty) {
  auto spec = caseSpec(Operation::padGmToUb, checkG1Conformance);
  spec.reachable.emplace_back("bucket-no-generator-reaches");
  EXPECT_NONFATAL_FAILURE(checkProperty("oracle", spec), "the generator does not reach this edge");
}

}  // namespace
}  // namespace dcconf::properties::testing
