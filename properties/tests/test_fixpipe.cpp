// FIX (DataCopyCO12DstParams, SEMANTICS section 10): G-1/2/3, one property per @post of oracle/src/fixpipe.cpp
// (the FIX-6 value references, the FIX-2/3/4 laws), FIX-7's ANY elements on the oracle, G-4 on the FIX constraints,
// and the wrong variants each property catches.
#include <rapidcheck/Random.h>

#include <bit>

#include "dcconf/oracle/numeric.hpp"
#include "dcconf/properties/coverage.hpp"
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
    // AMB-16 (project, issue 29 item 4): inf where a NaN source's result must be some NaN of T
    {"G1_catches_nanResultAsInf", Mutation::nanResultAsInf, kFix, checkG1Conformance, "G-1 FIX"},
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
                                   "FIX-2 fixpipe.srcNdStride", "FIX-2 fixpipe.dstNdStride",
                                   "FIX-3 params.channelSplit", "FIX-4 dtype",
                                   "FIX-4 fixpipe.quantTensor", "FIX-6 params.reluPre"});
}

// ---- the coverage model (docs/coverage.md) ----

oracle::Case fixCoverageCase(oracle::QuantMode mode, oracle::DType u, oracle::DType t, float scale) {
  oracle::Case c;
  c.api = oracle::Api::DataCopy;
  c.srcPos = oracle::Position::CO1;
  c.dstPos = oracle::Position::GM;
  c.product = oracle::Product::atlas_a2;
  c.dtype = t;
  oracle::DataCopyCO12DstParams p;
  p.nSize = 32;
  p.mSize = 1;
  p.srcStride = 16;
  p.dstStride = 1;
  p.quantPre = mode;
  c.params = p;
  c.fixpipe = oracle::FixpipeState{};
  c.fixpipe->srcDType = u;
  c.fixpipe->quantScalar = oracle::encodeQuantParam(scale, 0, false, 0, t == oracle::DType::int8_t);
  return c;
}

std::vector<std::uint8_t> words(const std::vector<std::uint32_t>& values) {  // element n of row 0: word n % 16 + ...
  std::vector<std::uint8_t> out(4 * 16 * 16 * 2, 0);
  for (std::size_t n = 0; n < values.size(); ++n) {
    const std::size_t at = 4 * ((n / 16) * 256 + n % 16);
    for (std::size_t b = 0; b < 4; ++b) out[at + b] = static_cast<std::uint8_t>(values[n] >> (8 * b));
  }
  return out;
}

std::uint32_t classes(std::initializer_list<NumberClass> list) {
  std::uint32_t out = 0;
  for (const NumberClass k : list) out |= 1u << static_cast<unsigned>(k);
  return out;
}

// The nz2nd register's fields are modelled (and gated) only when nz2ndEn reads them; the enumerations want every
// value; nSize steps by C0d without nz2nd.
TEST(FixCoverage, ModelsTheRegisterOnlyWithNz2ndAndEveryQuantMode) {
  oracle::Case c = fixCoverageCase(oracle::QuantMode::REQ8, oracle::DType::int32_t, oracle::DType::int8_t, 1.0F);
  auto ranges = fieldRanges(c, kFix);
  ASSERT_EQ(ranges.size(), 8u);
  EXPECT_EQ(ranges[0].name, "DataCopyCO12DstParams.nSize");
  EXPECT_EQ(ranges[0].step, 32u);  // C0d of an 8-bit result (FIX-1 revised)
  EXPECT_EQ(ranges[4].name, "DataCopyCO12DstParams.quantPre");
  EXPECT_EQ(requiredValues(ranges[4]), 0x1FFu);
  EXPECT_EQ(valueBit(ranges[4], 7), 0x80u);
  std::get<oracle::DataCopyCO12DstParams>(c.params).nz2ndEn = true;
  ranges = fieldRanges(c, kFix);
  ASSERT_EQ(ranges.size(), 11u);
  EXPECT_EQ(ranges[0].step, 1u);
  EXPECT_EQ(ranges[10].name, "Nz2ndFlag.dstNdStride");
  // FIX-2 (turn 3): the A2/A3 register ranges, reached in full
  EXPECT_EQ(ranges[9].docMax, 512u);
  EXPECT_EQ(ranges[9].reachMax, 512u);
  EXPECT_EQ(ranges[10].docMax, 65535u);
  EXPECT_EQ(ranges[10].reachMax, 65535u);
  EXPECT_EQ(fieldSamples(c, kFix).size(), 11u);
}

// REQ8 int32 -> int8 at scale 1: 127 is the bound, 128 one past, 0 and 5 the zero and a small integer; no tie at
// scale 1 (an integer times 1), and an int32 source has no -0, subnormal, inf or NaN to require.
TEST(FixCoverage, ClassifiesTheSourceValuesOfAScaledMode) {
  const oracle::Case c = fixCoverageCase(oracle::QuantMode::REQ8, oracle::DType::int32_t, oracle::DType::int8_t, 1.0F);
  const auto sample = numberSample(c, words({127, 128, 0, 5}), kFix);
  ASSERT_TRUE(sample.has_value());
  EXPECT_EQ(sample->conversion, "REQ8 int32_t->int8_t");
  EXPECT_EQ(sample->required, classes({NumberClass::tie, NumberClass::bound, NumberClass::pastBound,
                                       NumberClass::plusZero, NumberClass::smallInteger}));
  EXPECT_EQ(sample->drawn, classes({NumberClass::bound, NumberClass::pastBound, NumberClass::plusZero,
                                    NumberClass::smallInteger}));
  // at scale 0.5, 5 is 2.5: a tie (and 127 no longer the bound)
  const oracle::Case half = fixCoverageCase(oracle::QuantMode::REQ8, oracle::DType::int32_t, oracle::DType::int8_t, 0.5F);
  EXPECT_EQ(numberSample(half, words({5}), kFix)->drawn & classes({NumberClass::tie}), classes({NumberClass::tie}));
  EXPECT_EQ(numberSample(half, words({127}), kFix)->drawn & classes({NumberClass::bound}), 0u);
}

// F322F16: float sources have every class; 65520 rounds to inf (one past the half bound), 1 + 2^-11 is a tie.
TEST(FixCoverage, ClassifiesFloatSpecials) {
  const oracle::Case c = fixCoverageCase(oracle::QuantMode::F322F16, oracle::DType::float_, oracle::DType::half, 1.0F);
  const auto sample = numberSample(c, words({0x80000000u, 0x00000001u, 0x7F800000u, 0xFF800000u, 0x7FC00000u,
                                             std::bit_cast<std::uint32_t>(65520.0F), std::bit_cast<std::uint32_t>(65504.0F),
                                             std::bit_cast<std::uint32_t>(1.0F + 0x1p-11F)}),
                                   kFix);
  ASSERT_TRUE(sample.has_value());
  EXPECT_EQ(sample->drawn, sample->required & ~classes({NumberClass::smallInteger}));
}

}  // namespace
}  // namespace dcconf::properties::testing
