// The case a `dcconf case` / `dcconf explain` command reads: the file under the buffer cap, then --profile.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dcconf/casefile/casefile.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "exit_status.hpp"

namespace dcconf::cli {

struct CaseInput {
  std::optional<casefile::CaseData> data;  // empty: the one-line error is printed and status says why
  int status = 0;
};
CaseInput loadCaseInput(const std::string& casePath, std::uint64_t maxBufferBytes, const std::string& profile);

// Prints one line per violation, each prefixed with the case's label; returns the status.
int reportViolations(ExitStatus status, const std::string& caseLabel, const std::vector<oracle::Violation>& all);

}  // namespace dcconf::cli
