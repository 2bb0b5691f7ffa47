// DataCopyPad VECIN/VECOUT -> TSCM (PAD-U2L1): G-1/2/3, laws, and the wrong variants each one catches.
#include "support/harness.hpp"

namespace dcconf::properties::testing {
namespace {

constexpr auto kOp = oracle::Operation::padUbToTscm;

const auto kProperties = withG123(kOp, "", {
    {"PAD_U2L1_1_lawExtEqualsPlain", kOp, checkLawPadExtEqualsPlain},
    {"PAD_U2L1_1_lawIsU2GThenNd2Nz", kOp, checkLawPadU2L1IsU2GThenNd2Nz},
});

const WrongVariant kWrongVariants[] = {
    {"G1_catches_tscmGmStrideIn32B", Mutation::tscmGmStrideIn32B, kOp, checkG1Conformance, "G-1 PAD-U2L1"},
    {"G2_catches_readOutsideFootprint", Mutation::readOutsideFootprint, kOp, checkG2NoStrayReads, "G-2 PAD-U2L1"},
    {"G3_catches_nondeterministicByte", Mutation::nondeterministicByte, kOp, checkG3Determinism, "G-3 PAD-U2L1"},
    {"PAD_U2L1_1_law_catches_tscmGmStrideIn32B", Mutation::tscmGmStrideIn32B, kOp, checkLawPadU2L1IsU2GThenNd2Nz,
     "PAD-U2L1-1 law"},
    {"PAD_U2L1_1_lawExtPlain_catches_plainIgnoresDstStride", Mutation::plainIgnoresDstStride, kOp,
     checkLawPadExtEqualsPlain, "PAD-U2L1-1 law"},
};

DCCONF_FAMILY_TESTS(PadUb2Tscm, kProperties, kWrongVariants);

}  // namespace
}  // namespace dcconf::properties::testing
