// DataCopy 0-level and 2-level (DC): G-1/2/3, the DC-2/DC-3 laws, and the wrong variants each one catches.
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

}  // namespace
}  // namespace dcconf::properties::testing
