#include "case_input.hpp"

#include "diagnostics.hpp"

namespace dcconf::cli {

CaseInput loadCaseInput(const std::string& casePath, std::uint64_t maxBufferBytes, const std::string& profile) {
  auto loaded = casefile::loadCaseFile(casePath, {maxBufferBytes});
  if (const auto* error = std::get_if<casefile::LoadError>(&loaded)) {
    return {std::nullopt, fail(ExitStatus::unreadableCase, error->oneLine())};
  }
  CaseInput input{std::move(std::get<casefile::CaseData>(loaded)), 0};
  if (!profile.empty()) {
    const oracle::ProfileParse parsed = oracle::parseProfile(profile);
    if (!parsed.profile) return {std::nullopt, fail(ExitStatus::usage, "--profile: " + parsed.error)};
    input.data->c.profile = *parsed.profile;
  }
  return input;
}

int reportViolations(ExitStatus status, const std::string& caseLabel, const std::vector<oracle::Violation>& all) {
  for (const auto& violation : all) printError(caseLabel + ": " + oracle::describe(violation));
  return code(status);
}

}  // namespace dcconf::cli
