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
    const oracle::ProfileParse parsed = parseProfileOption("--profile", profile);
    if (!parsed.profile) return {std::nullopt, fail(ExitStatus::usage, parsed.error)};
    input.data->c.profile = *parsed.profile;
  }
  return input;
}

void addCaseCommandOptions(CLI::App& app, CaseCommandOptions& options, bool required) {
  app.add_option("CASE", options.casePath, "dcconf.case/1 file (docs/case-format.md)")->required(required);
  app.add_option("--out", options.outDir, "output directory (created; replaced only with --force)")->required(required);
  app.add_flag("--force", options.force, "replace a non-empty output directory");
  app.add_option("--profile", options.profile, "ambiguity profile, overrides the case's (e.g. hw-noop,doc-dummy)");
  app.add_option("--max-buffer-bytes", options.maxBufferBytes, "refuse buffers larger than this")->capture_default_str();
}

EvaluatedCaseInput evaluateCaseInput(const CaseCommandOptions& options) {
  CaseInput input = loadCaseInput(options.casePath, options.maxBufferBytes, options.profile);
  if (!input.data) return {std::nullopt, {}, input.status};
  EvaluatedCaseInput out{std::move(input.data), {}, 0};
  out.evaluation = oracle::evaluate(out.data->c, out.data->src, out.data->dstBefore);
  if (out.evaluation.verdict == oracle::Verdict::malformed) {
    out.status = reportViolations(ExitStatus::unreadableCase, options.casePath, out.evaluation.violations);
    out.data.reset();
  }
  return out;
}

int reportViolations(ExitStatus status, const std::string& caseLabel, const std::vector<oracle::Violation>& all) {
  for (const auto& violation : all) printError(caseLabel + ": " + oracle::describe(violation));
  return code(status);
}

}  // namespace dcconf::cli
