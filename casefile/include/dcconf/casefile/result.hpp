// dcconf.result/1: what the oracle said about one case (docs/case-format.md, "Outputs"). Shared by every command
// that writes a verdict next to expected.bin / care.bin.
#pragma once

#include <nlohmann/json.hpp>

#include "dcconf/oracle/case.hpp"
#include "dcconf/oracle/oracle.hpp"

namespace dcconf::casefile {

inline constexpr const char* kResultSchema = "dcconf.result/1";

nlohmann::json resultJson(const oracle::Case& c, const oracle::Evaluation& evaluation);

}  // namespace dcconf::casefile
