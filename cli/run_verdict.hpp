// The exit status of a finished run or judgement (docs/exit-status.md): a failure first; then a run in which not
// one case was tested (every case NOT_SUPPORTED, or none at all) is its own status, never a green 0.
#pragma once

#include "dcconf/report/report.hpp"
#include "diagnostics.hpp"
#include "exit_status.hpp"

namespace dcconf::cli {

inline ExitStatus verdictOf(const report::Report& report, bool hadError) {
  if (!report.passed() || hadError) return ExitStatus::checksFailed;
  const report::Counts totals = report.totals();
  // PASS, REJECTED and ACCEPTED_INVALID each checked something; NOT_SUPPORTED checked nothing.
  if (totals.total() == totals[report::CaseStatus::notSupported]) return ExitStatus::nothingTested;
  return ExitStatus::ok;
}

// verdictOf as an exit code; a run that tested nothing says so on stderr (one line), since 8 is not self-evident.
inline int exitCodeOf(const report::Report& report, bool hadError) {
  const ExitStatus status = verdictOf(report, hadError);
  if (status == ExitStatus::nothingTested) {
    const report::Counts totals = report.totals();
    return fail(status, "nothing was tested: " +
                            (totals.total() == 0 ? std::string("no case ran")
                                                 : "all " + std::to_string(totals.total()) + " cases were NOT_SUPPORTED") +
                            " on backend " + report.meta().backendName + " (exit 8, docs/exit-status.md)");
  }
  return code(status);
}

}  // namespace dcconf::cli
