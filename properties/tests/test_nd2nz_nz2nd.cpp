// DataCopy ND2NZ and NZ2ND: G-1/2/3, ND2NZ-3 tail, NZ2ND-4 round trip, and the wrong variants each one catches.
#include "support/harness.hpp"

namespace dcconf::properties::testing {
namespace {

constexpr auto kNd2Nz = oracle::Operation::nd2nz;
constexpr auto kNz2Nd = oracle::Operation::nz2nd;
constexpr auto kNd2NzUb = oracle::Operation::nd2nzGmToUb;  // ND2NZUB (project, issue 31 item 6)

std::vector<CaseProperty> properties() {
  auto rows = withG123(kNd2Nz, "_nd2nz", {{"ND2NZ_3_tailZeroFill", kNd2Nz, checkNd2Nz3TailZeroFill}});
  const auto nz2nd = withG123(kNz2Nd, "_nz2nd");
  rows.insert(rows.end(), nz2nd.begin(), nz2nd.end());
  const auto toUb = withG123(kNd2NzUb, "_nd2nzGmToUb", {{"ND2NZUB_3_lawIsNd2NzToL1", kNd2NzUb, checkLawNd2NzUbIsNd2NzToL1}});
  rows.insert(rows.end(), toUb.begin(), toUb.end());
  return rows;
}
const auto kProperties = properties();

const WrongVariant kWrongVariants[] = {
    {"ND2NZ_3_catches_nd2nzTailNotZeroed", Mutation::nd2nzTailNotZeroed, kNd2Nz, checkNd2Nz3TailZeroFill,
     "ND2NZ-3 tail not zero"},
    {"G1_catches_nd2nzTailNotZeroed", Mutation::nd2nzTailNotZeroed, kNd2Nz, checkG1Conformance, "G-1 ND2NZ"},
    {"G2_catches_readOutsideFootprint", Mutation::readOutsideFootprint, kNz2Nd, checkG2NoStrayReads, "G-2 NZ2ND"},
    {"G3_catches_nondeterministicByte", Mutation::nondeterministicByte, kNd2Nz, checkG3Determinism, "G-3 ND2NZ"},
    {"G1_catches_nz2ndFloatC0Of8", Mutation::nz2ndFloatC0Of8, kNz2Nd, checkG1Conformance, "G-1 NZ2ND"},
    {"ND2NZUB_3_law_catches_nd2nzUbDropsLastRow", Mutation::nd2nzUbDropsLastRow, kNd2NzUb, checkLawNd2NzUbIsNd2NzToL1,
     "ND2NZUB-3 law"},
};

DCCONF_FAMILY_TESTS(Nd2NzNz2Nd, kProperties, kWrongVariants);

// NZ2ND-4 draws its own two-leg cases, so it is not a table row.
PropertySpec<RoundTripCase> roundTripSpec() {
  return {"NZ2ND", genRoundTrip(), checkNz2Nd4RoundTrip,
          [](const RoundTripCase& r) {
            const auto& nd = std::get<oracle::Nd2NzParams>(r.nd2nz.data.c.params);
            std::vector<std::string> buckets{"width:" + std::to_string(oracle::sizeBytes(r.nd2nz.data.c.dtype))};
            if (nd.nValue % 16 != 0) buckets.emplace_back("nValue%16!=0");
            if (nd.dstNzC0Stride > nd.nValue) buckets.emplace_back("N'>nValue");
            return buckets;
          },
          {"width:2", "width:4", "nValue%16!=0", "N'>nValue"}};
}

class Nz2NdRoundTrip : public ::testing::TestWithParam<std::string> {};
TEST_P(Nz2NdRoundTrip, NZ2ND_4_roundTrip) { checkProperty(GetParam(), roundTripSpec()); }
INSTANTIATE_TEST_SUITE_P(Backends, Nz2NdRoundTrip, allBackends(), backendParamName);

TEST(Nz2NdRoundTripWrongVariants, NZ2ND_4_catches_nz2ndFloatC0Of8) {
  expectCaught(*makeWrongBackend(Mutation::nz2ndFloatC0Of8), roundTripSpec(), "NZ2ND-4");
}

// ND2NZ-6 (project, issue 31 item 5): the ND2NZ UB->L1 is drawn apart (the run's "l1" units); its law over those
// draws on the 950 (with AMB-39's x + 0 elements) and A2. Its reachable buckets are the run's coverage rows.
PropertySpec<GeneratedCase> nd2nzUbToL1LawSpec(oracle::Product product) {
  Scope scope;
  scope.product = product;
  scope.apartOnly = true;
  auto spec = caseSpec(kNd2Nz, genCase(kNd2Nz, scope), checkLawNd2NzUbToL1IsNd2NzFromGm);
  spec.reachable.clear();
  return spec;
}
class Nd2NzUbToL1Law : public ::testing::TestWithParam<std::string> {};
TEST_P(Nd2NzUbToL1Law, ND2NZ_6_lawIsNd2NzFromGm) {
  checkProperty(GetParam(), nd2nzUbToL1LawSpec(oracle::Product::ascend950));
  checkProperty(GetParam(), nd2nzUbToL1LawSpec(oracle::Product::atlas_a2));
}
INSTANTIATE_TEST_SUITE_P(Backends, Nd2NzUbToL1Law, allBackends(), backendParamName);

TEST(Nd2NzUbToL1LawWrongVariants, ND2NZ_6_law_catches_nd2nzUbDropsLastRow) {
  expectCaught(*makeWrongBackend(Mutation::nd2nzUbDropsLastRow), nd2nzUbToL1LawSpec(oracle::Product::atlas_a2), "ND2NZ-6 law");
}

}  // namespace
}  // namespace dcconf::properties::testing
