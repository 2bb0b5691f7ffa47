// The fixed FIX cases of the kill matrix (docs/mutants.md): hand-picked valid quantising copies out of L0C that the
// matrix runs on a fixpipe mutant the property suite did not kill -- the properties/ generators for FIX may be
// missing from a build, and some faults (AMB-11) show only under a profile the suite does not draw by default.
#pragma once

#include <vector>

#include "dcconf/casefile/casefile.hpp"

namespace dcconf::mutants {

// Each case holds its source and the destination's prior content; its description says what it pins down.
std::vector<casefile::CaseData> fixpipeKillCases();

}  // namespace dcconf::mutants
