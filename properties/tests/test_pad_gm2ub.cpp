// DataCopyPad GM -> VECIN/VECOUT (PAD-G2U): G-1/2/3, pad regions, laws, and the wrong variants each one catches.
#include "support/harness.hpp"

namespace dcconf::properties::testing {
namespace {

constexpr auto kOp = oracle::Operation::padGmToUb;

const auto kProperties = withG123(kOp, "", {
    {"PAD_G2U_3_4_5_padRegions", kOp, checkPadG2U345Regions},
    {"PAD_G2U_1_lawExtEqualsPlain", kOp, checkLawPadExtEqualsPlain},
    {"PAD_G2U_2_lawZeroStrideBlocksConcatenate", kOp, checkLawZeroStrideBlocksConcatenate},
});

const WrongVariant kWrongVariants[] = {
    {"G1_catches_dropLastBlock", Mutation::dropLastBlock, kOp, checkG1Conformance, "G-1 PAD-G2U"},
    {"G1_catches_writeGuardByte", Mutation::writeGuardByte, kOp, checkG1Conformance, "region guard"},
    {"G2_catches_readOutsideFootprint", Mutation::readOutsideFootprint, kOp, checkG2NoStrayReads, "G-2 PAD-G2U"},
    {"G3_catches_nondeterministicByte", Mutation::nondeterministicByte, kOp, checkG3Determinism, "G-3 PAD-G2U"},
    {"PAD_G2U_3_catches_swapPads", Mutation::swapPads, kOp, checkPadG2U345Regions, "PAD-G2U-"},
    {"PAD_G2U_4_catches_ignorePadRegister", Mutation::ignorePadRegister, kOp, checkPadG2U345Regions, "PAD-G2U-4"},
    {"PAD_G2U_5_catches_padDummyUnderDocDummy", Mutation::padDummyUnderDocDummy, kOp, checkPadG2U345Regions,
     "PAD-G2U-5"},
    {"PAD_G2U_1_law_catches_plainIgnoresDstStride", Mutation::plainIgnoresDstStride, kOp, checkLawPadExtEqualsPlain,
     "PAD-G2U-1 law"},
    {"PAD_G2U_2_law_catches_dropLastBlock", Mutation::dropLastBlock, kOp, checkLawZeroStrideBlocksConcatenate,
     "PAD-G2U-2 law"},
};

DCCONF_FAMILY_TESTS(PadGm2Ub, kProperties, kWrongVariants);

}  // namespace
}  // namespace dcconf::properties::testing
