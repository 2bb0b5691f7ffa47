// DataCopy 0-level and 2-level (DC): G-1/2/3, the DC-2/DC-3 laws, and the wrong variants each one catches.
#include <set>

#include "support/harness.hpp"

namespace dcconf::properties::testing {
namespace {

constexpr auto k0Level = oracle::Operation::copy0Level;
constexpr auto k2Level = oracle::Operation::copy2Level;

std::vector<CaseProperty> properties() {
  auto rows = withG123(k0Level, "_0level", {
      {"DC_2_lawPadAlignedEqualsDataCopy", k0Level, checkLawPadAlignedEqualsDc2},
      {"DC_2_lawZeroStrideBlocksConcatenate", k0Level, checkLawZeroStrideBlocksConcatenate},
  });
  const auto twoLevel = withG123(k2Level, "_2level", {{"DC_3_lawTwoLevelIsZeroLevel", k2Level, checkLawDc3TwoLevelIsZeroLevel}});
  rows.insert(rows.end(), twoLevel.begin(), twoLevel.end());
  return rows;
}
const auto kProperties = properties();

const WrongVariant kWrongVariants[] = {
    {"G1_catches_dropLastBlock", Mutation::dropLastBlock, k0Level, checkG1Conformance, "G-1 DC"},
    {"G2_catches_readOutsideFootprint", Mutation::readOutsideFootprint, k0Level, checkG2NoStrayReads, "G-2 DC"},
    {"G3_catches_nondeterministicByte", Mutation::nondeterministicByte, k2Level, checkG3Determinism, "G-3 DC"},
    {"G1_catches_twoLevelRoundsUp", Mutation::twoLevelRoundsUp, k2Level, checkG1Conformance, "G-1 DC"},
    {"DC_3_law_catches_twoLevelRoundsUp", Mutation::twoLevelRoundsUp, k2Level, checkLawDc3TwoLevelIsZeroLevel, "DC-3"},
    {"DC_2_lawPadAligned_catches_dc0IgnoresSrcStride", Mutation::dc0IgnoresSrcStride, k0Level,
     checkLawPadAlignedEqualsDc2, "DC-2 0-level"},
    {"DC_2_lawZeroStride_catches_dropLastBlock", Mutation::dropLastBlock, k0Level,
     checkLawZeroStrideBlocksConcatenate, "DC-2 law"},
};

DCCONF_FAMILY_TESTS(DataCopy, kProperties, kWrongVariants);

// DC-5 (project): the UB->L1 paths are drawn apart. A scope with apartOnly (the run's "l1" units) draws every one of
// the four and nothing else; the default scope, whose units existed before them, never draws one; a glob that leaves
// no older path draws them too (`--path 'VECIN->A1'`, an export of that path).
TEST(DataCopyDrawnApart, UbToL1OnlyInTheirOwnScope) {
  const auto isUbToL1 = [](const oracle::Case& c) { return drawnApart(k0Level, {c.srcPos, c.dstPos}); };
  for (const auto op : {k0Level, k2Level}) {
    Scope apart;
    apart.product = oracle::Product::ascend950;
    apart.apartOnly = true;
    Scope plain;
    plain.product = oracle::Product::ascend950;
    Scope named = plain;
    named.pathGlob = "VECOUT->B1";
    std::set<std::string> apartPaths, plainPaths, namedPaths;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
      const auto draw = [&](const Scope& scope) { return genCase(op, scope)(rc::Random(seed), 20).value().data.c; };
      const oracle::Case a = draw(apart), p = draw(plain), n = draw(named);
      EXPECT_TRUE(isUbToL1(a)) << oracle::pathName(a.srcPos, a.dstPos);
      EXPECT_FALSE(isUbToL1(p)) << oracle::pathName(p.srcPos, p.dstPos);
      apartPaths.insert(oracle::pathName(a.srcPos, a.dstPos));
      plainPaths.insert(oracle::pathName(p.srcPos, p.dstPos));
      namedPaths.insert(oracle::pathName(n.srcPos, n.dstPos));
    }
    EXPECT_EQ(apartPaths, (std::set<std::string>{"VECIN->A1", "VECIN->B1", "VECOUT->A1", "VECOUT->B1"}));
    EXPECT_EQ(plainPaths.size(), 5u);  // DC_NO_CO2's five
    EXPECT_EQ(namedPaths, std::set<std::string>{"VECOUT->B1"});
    Scope training = apart;  // Atlas training has no UB->L1 path (DC-5): no draw at all
    training.product = oracle::Product::atlas_training;
    EXPECT_THROW((void)genCase(op, training)(rc::Random(1), 20).value(), std::logic_error);
  }
}

// ND2NZ-6/7 (project): ND2NZ's UB->TSCM is drawn apart the same way, and what its scope draws is valid on every
// product that has it, under both AMB-38 readings (the generator keeps to the layouts the default accepts).
TEST(DataCopyDrawnApart, Nd2NzUbToL1DrawsValidLayoutsInItsOwnScope) {
  for (const auto product : {oracle::Product::atlas_a2, oracle::Product::ascend950}) {
    for (const char* profile : {"default", "nd2nzu2l1-page"}) {
      Scope apart;
      apart.product = product;
      apart.apartOnly = true;
      apart.profile = *oracle::parseProfile(profile).profile;
      Scope plain = apart;
      plain.apartOnly = false;
      std::set<std::string> paths;
      for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        const oracle::Case a = genCase(oracle::Operation::nd2nz, apart)(rc::Random(seed), 30).value().data.c;
        const oracle::Case p = genCase(oracle::Operation::nd2nz, plain)(rc::Random(seed), 30).value().data.c;
        paths.insert(oracle::pathName(a.srcPos, a.dstPos));
        EXPECT_TRUE(oracle::validate(a).empty()) << oracle::describe(oracle::validate(a).front());
        EXPECT_EQ(p.srcPos, oracle::Position::GM);
      }
      EXPECT_EQ(paths, (std::set<std::string>{"VECIN->TSCM", "VECOUT->TSCM"})) << profile;
    }
  }
}

}  // namespace
}  // namespace dcconf::properties::testing
