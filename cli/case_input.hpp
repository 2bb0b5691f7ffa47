// The case a `dcconf case` / `dcconf explain` command reads: the file under the buffer cap, then --profile.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "dcconf/casefile/casefile.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "exit_status.hpp"

namespace dcconf::cli {

// The options `dcconf case` and `dcconf explain` share: CASE, --out, --force, --profile, --max-buffer-bytes.
struct CaseCommandOptions {
  std::string casePath;
  std::string outDir;
  bool force = false;
  std::string profile;  // overrides the case's profile when set
  std::uint64_t maxBufferBytes = casefile::LoadLimits{}.maxBufferBytes;
};
// CASE and --out are required unless `required` is false (explain: --clause ID needs neither; it checks itself).
void addCaseCommandOptions(CLI::App& app, CaseCommandOptions& options, bool required = true);

struct CaseInput {
  std::optional<casefile::CaseData> data;  // empty: the one-line error is printed and status says why
  int status = 0;
};
CaseInput loadCaseInput(const std::string& casePath, std::uint64_t maxBufferBytes, const std::string& profile);

// The case evaluated, or the exit status when it could not be read or is not a documented call at all (malformed:
// nothing is written). An invalid or unsupported case is evaluated: the command writes what it can and then says why.
struct EvaluatedCaseInput {
  std::optional<casefile::CaseData> data;
  oracle::Evaluation evaluation;
  int status = 0;
};
EvaluatedCaseInput evaluateCaseInput(const CaseCommandOptions& options);

// Prints one line per violation, each prefixed with the case's label; returns the status.
int reportViolations(ExitStatus status, const std::string& caseLabel, const std::vector<oracle::Violation>& all);

}  // namespace dcconf::cli
