// Diagnosis of a wrong output: the FIX-6 deviations (oracle/deviation.hpp) that reproduce it. A
// failure's message states them, and the run's failure signature (runners/run/src/signature.hpp) keys on them: two
// defects of one conversion mode are two bugs, one defect met in several modes and properties is one.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "dcconf/casefile/casefile.hpp"
#include "dcconf/oracle/deviation.hpp"

namespace dcconf::properties {

// The set of FIX-6 deviations (oracle/deviation.hpp, at most three) under which the oracle reproduces a FIX / FIX950
// case's wrong output: every byte it cares about as `actual` has it, at least one byte `base` (the true
// expectation) cares about and `actual` gets wrong among them, and the open readings followed whole (G-6) where it
// leaves such a byte open or the failure is G-6's alone. 0 unless exactly one minimal set (no reproducing part)
// does: a draw two explanations fit names neither.
oracle::FixDeviations reproducingDeviations(const casefile::CaseData& data, const oracle::Expectation& base,
                                            std::span<const std::uint8_t> actual);
// How a message states them: "(as if: the offset added before rounding)", one each; deviationsIn finds them again.
std::string stated(oracle::FixDeviations deviations);
oracle::FixDeviations deviationsIn(std::string_view message);

}  // namespace dcconf::properties
