// FIX (DataCopyCO12DstParams, SEMANTICS section 10): G-1/2/3, one property per @post of oracle/src/fixpipe.cpp
// (the FIX-6 value references, the FIX-2/3/4 laws), FIX-7's ANY elements on the oracle, G-4 on the FIX constraints,
// and the wrong variants each property catches.
#include <rapidcheck/Random.h>

#include "dcconf/properties/fixpipe.hpp"
#include "support/harness.hpp"

namespace dcconf::properties::testing {
namespace {

constexpr auto kFix = oracle::Operation::fixpipe;

const auto kProperties = withG123(kFix, "",
                                  {{"FIX_6_reluOutputsNeverNegative", kFix, checkFix6ReluNeverNegative},
                                   {"FIX_6_noQuantIsIdentity", kFix, checkFix6NoQuantIsIdentity},
                                   {"FIX_6_f322f16IsFloat16Cast", kFix, checkFix6F322F16IsFloat16Cast},
                                   {"FIX_6_f322bf16IsRoundNearestEven", kFix, checkFix6F322BF16IsRoundNearestEven},
                                   {"FIX_6_deqf16IsHalfOfExactProduct", kFix, checkFix6Deqf16IsHalfOfExactProduct},
                                   {"FIX_6_eightBitMonotonicAndSaturating", kFix, checkFix6EightBitMonotonicAndSaturating},
                                   {"FIX_4_lawVectorEqualColumnsIsScalar", kFix, checkLawFix4VectorEqualColumnsIsScalar},
                                   {"FIX_2_lawNz2ndIsNzRelaidOut", kFix, checkLawFix2Nz2ndIsNzRelaidOut},
                                   {"FIX_3_lawChannelSplitIsNzRelaidOut", kFix, checkLawFix3ChannelSplitIsNzRelaidOut}});

// The backends that implement FIX: the oracle, and fast once it does. A property must not pass on a backend that
// ran none of its cases (checkStats), and today fast answers not supported for every FIX case.
std::vector<std::string> fixBackends() {
  std::vector<std::string> out{"oracle"};
  const GeneratedCase probe = genFixpipe()(rc::Random(1), 10).value();
  if (backends::makeFastBackend()->supports(probe.data.c)) out.emplace_back("fast");
  return out;
}

using Fixpipe = CasePropertyTest;
TEST_P(Fixpipe, holds) { check(); }
INSTANTIATE_TEST_SUITE_P(Backends, Fixpipe, ::testing::Combine(::testing::ValuesIn(kProperties), ::testing::ValuesIn(fixBackends())),
                         casePropertyName);

const WrongVariant kWrongVariants[] = {
    {"FIX_6_relu_catches_fixReluIgnored", Mutation::fixReluIgnored, kFix, checkFix6ReluNeverNegative, "FIX-6"},
    {"FIX_6_noQuant_catches_fixReluAlwaysOn", Mutation::fixReluAlwaysOn, kFix, checkFix6NoQuantIsIdentity, "FIX-6"},
    {"FIX_6_f16_catches_fixReluAlwaysOn", Mutation::fixReluAlwaysOn, kFix, checkFix6F322F16IsFloat16Cast, "FIX-6"},
    {"FIX_6_bf16_catches_fixReluAlwaysOn", Mutation::fixReluAlwaysOn, kFix, checkFix6F322BF16IsRoundNearestEven, "FIX-6"},
    {"FIX_6_eightBit_catches_fixSignBitFlipped", Mutation::fixSignBitFlipped, kFix,
     checkFix6EightBitMonotonicAndSaturating, "FIX-6"},
    {"FIX_4_law_catches_fixVectorReadsScalar", Mutation::fixVectorReadsScalar, kFix,
     checkLawFix4VectorEqualColumnsIsScalar, "FIX-4 law"},
    {"FIX_2_law_catches_fixNz2ndRowPitchIsNSize", Mutation::fixNz2ndRowPitchIsNSize, kFix,
     checkLawFix2Nz2ndIsNzRelaidOut, "FIX-2 law"},
    {"FIX_3_law_catches_fixSplitPitchOneBlockMore", Mutation::fixSplitPitchOneBlockMore, kFix,
     checkLawFix3ChannelSplitIsNzRelaidOut, "FIX-3 law"},
    {"G1_catches_writeGuardByte", Mutation::writeGuardByte, kFix, checkG1Conformance, "G-1 FIX"},
    {"G2_catches_readOutsideFootprint", Mutation::readOutsideFootprint, kFix, checkG2NoStrayReads, "G-2 FIX"},
    {"G3_catches_nondeterministicByte", Mutation::nondeterministicByte, kFix, checkG3Determinism, "G-3 FIX"},
};
using FixpipeWrongVariants = WrongVariantTest;
TEST_P(FixpipeWrongVariants, caught) { check(); }
INSTANTIATE_TEST_SUITE_P(Mutants, FixpipeWrongVariants, ::testing::ValuesIn(kWrongVariants), wrongVariantName);

// FIX-7 is about the oracle's own expectation: evaluated under the default and under all 32 pinned readings.
TEST(FixpipeOracle, FIX_7_anyExactlyWhereAmbReadingsDiffer) {
  checkProperty("oracle", caseSpec(kFix, [](backends::Backend&, const CaseData& data) {
                  return checkFix7AnyExactlyWhereReadingsDiffer(data);
                }));
}

// FIX-7 (revised): no byte the default cares about differs under any fully pinned combination of AMB-8..12.
TEST(FixpipeOracle, FIX_7_defaultCaresOnlyWhereEveryPinnedProfileAgrees) {
  checkProperty("oracle", caseSpec(kFix, [](backends::Backend&, const CaseData& data) {
                  return checkDefaultCaresOnlyWhereEveryPinnedProfileAgrees(data);
                }));
}

TEST(FixpipeInvalid, G4_oracleRejectsWithExactlyTheBrokenClauseAndField) {
  checkOracleRejectsExactly(kFix, {"FIX-1", "FIX-2", "FIX-3", "FIX-4", "FIX-6", "G-1", "G-2", "G-5",
                                   "FIX-1 params.nSize", "FIX-1 params.srcStride", "FIX-1 params.dstStride",
                                   "FIX-1 params.mSize", "FIX-2 params.nz2ndEn", "FIX-2 fixpipe.ndNum",
                                   "FIX-3 params.channelSplit", "FIX-4 dtype",
                                   "FIX-4 fixpipe.quantTensor", "FIX-6 params.reluPre"});
}

}  // namespace
}  // namespace dcconf::properties::testing
