// ATOM (project, issue 31 item 7): the atomic copies to GM. The three properties `dcconf run` plans for them (ATOM-3
// on the drawn bytes, the ATOM-4 law, ATOM-4/5 on edge values) hold on both built-in backends over the UB->GM
// operations, and the edge values catch a clamped overflow.
#include "support/harness.hpp"

namespace dcconf::properties::testing {
namespace {

using oracle::Operation;

const std::vector<CaseProperty> kProperties{
    {"ATOM_3_atomicTwin_pad", Operation::padUbToGm, checkAtom3AtomicConformance},
    {"ATOM_3_atomicTwin_0level", Operation::copy0Level, checkAtom3AtomicConformance},
    {"ATOM_3_atomicTwin_2level", Operation::copy2Level, checkAtom3AtomicConformance},
    {"ATOM_4_lawAddOntoZeroIsPlain_pad", Operation::padUbToGm, checkLawAtomAddOntoZeroIsPlain},
    {"ATOM_4_5_edgeValues_pad", Operation::padUbToGm, checkAtomEdgeValues},
    {"ATOM_4_5_edgeValues_0level", Operation::copy0Level, checkAtomEdgeValues},
    {"ATOM_4_5_edgeValues_2level", Operation::copy2Level, checkAtomEdgeValues},
};

using Atomic = CasePropertyTest;
TEST_P(Atomic, holds) { check(); }
INSTANTIATE_TEST_SUITE_P(Backends, Atomic, ::testing::Combine(::testing::ValuesIn(kProperties), allBackends()),
                         casePropertyName);

const WrongVariant kWrongVariants[] = {
    {"ATOM_4_5_edgeValues_catch_atomAddOverflowToMax", Mutation::atomAddOverflowToMax, Operation::padUbToGm,
     checkAtomEdgeValues, "ATOM-4/5 edge values"},
    {"ATOM_4_5_edgeValues_0level_catch_atomAddOverflowToMax", Mutation::atomAddOverflowToMax, Operation::copy0Level,
     checkAtomEdgeValues, "ATOM-4/5 edge values"},
};
using AtomicWrongVariants = WrongVariantTest;
TEST_P(AtomicWrongVariants, caught) { check(); }
INSTANTIATE_TEST_SUITE_P(Mutants, AtomicWrongVariants, ::testing::ValuesIn(kWrongVariants), wrongVariantName);

}  // namespace
}  // namespace dcconf::properties::testing
