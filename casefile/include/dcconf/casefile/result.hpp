// dcconf.result/1: what the oracle said about one case (docs/case-format.md, "Outputs"). Shared by every command
// that writes a verdict next to expected.bin / care.bin.
#pragma once

#include <nlohmann/json_fwd.hpp>

#include "dcconf/oracle/case.hpp"
#include "dcconf/oracle/oracle.hpp"

namespace dcconf::casefile {

inline constexpr const char* kResultSchema = "dcconf.result/1";

nlohmann::json resultJson(const oracle::Case& c, const oracle::Evaluation& evaluation);

// AMB-16 (project): the elements whose bytes are ANY but must be a NaN of T, as [{"offset": N, "dtype": "half"}, ...]:
// result.json's and a vector's `nanElements`, one format.
nlohmann::json nanElementsJson(const std::vector<oracle::ClassConstraint>& classes);

}  // namespace dcconf::casefile
