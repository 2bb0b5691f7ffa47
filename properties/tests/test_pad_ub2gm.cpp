// DataCopyPad VECIN/VECOUT -> GM (PAD-U2G): G-1/2/3, laws, and the wrong variants each one catches.
#include "support/harness.hpp"

namespace dcconf::properties::testing {
namespace {

constexpr auto kOp = oracle::Operation::padUbToGm;

const auto kProperties = withG123(kOp, "", {
    {"PAD_U2G_1_lawExtEqualsPlain", kOp, checkLawPadExtEqualsPlain},
    {"PAD_U2G_2_lawZeroStrideBlocksConcatenate", kOp, checkLawZeroStrideBlocksConcatenate},
});

const WrongVariant kWrongVariants[] = {
    {"G1_catches_dropLastBlock", Mutation::dropLastBlock, kOp, checkG1Conformance, "G-1 PAD-U2G"},
    {"G1_catches_writeGuardByte", Mutation::writeGuardByte, kOp, checkG1Conformance, "region guard"},
    {"G2_catches_readOutsideFootprint", Mutation::readOutsideFootprint, kOp, checkG2NoStrayReads, "G-2 PAD-U2G"},
    {"G3_catches_nondeterministicByte", Mutation::nondeterministicByte, kOp, checkG3Determinism, "G-3 PAD-U2G"},
    {"PAD_U2G_1_law_catches_plainIgnoresDstStride", Mutation::plainIgnoresDstStride, kOp, checkLawPadExtEqualsPlain,
     "PAD-U2G-1 law"},
    {"PAD_U2G_2_law_catches_dropLastBlock", Mutation::dropLastBlock, kOp, checkLawZeroStrideBlocksConcatenate,
     "PAD-U2G-2 law"},
};

DCCONF_FAMILY_TESTS(PadUb2Gm, kProperties, kWrongVariants);

}  // namespace
}  // namespace dcconf::properties::testing
