// dcconf explain CASE.json --out DIR: explain.html and explain.svg, the case drawn as pictures (docs/pictures.md).
#include <memory>

#include "case_input.hpp"
#include "commands.hpp"
#include "dcconf/casefile/casefile.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "dcconf/pictures/pictures.hpp"
#include "diagnostics.hpp"
#include "output_dir.hpp"

namespace dcconf::cli {
namespace {

int runExplain(const CaseCommandOptions& options) {
  // As `dcconf case`: a call that is not documented at all (4) writes nothing; an invalid (3) or unsupported (6)
  // case gets a page that says why, and the status says so too.
  const EvaluatedCaseInput input = evaluateCaseInput(options);
  if (!input.data) return input.status;
  const casefile::CaseData& data = *input.data;
  const oracle::Evaluation& evaluation = input.evaluation;
  // an output never is, holds or lies inside the case file it draws (as `dcconf case`)
  StagedOutput::Begin staged = StagedOutput::begin(options.outDir, options.force, {{"the case file", options.casePath}});
  if (!staged.output) return fail(ExitStatus::outputRefused, staged.error);
  const pictures::Explained explained = pictures::explainCase(data);
  std::string error = staged.output->write("explain.html", explained.html);
  if (error.empty()) error = staged.output->write("explain.svg", explained.svg);
  if (error.empty()) error = staged.output->commit();
  if (!error.empty()) return fail(ExitStatus::outputRefused, error);
  switch (evaluation.verdict) {
    case oracle::Verdict::invalid: return reportViolations(ExitStatus::invalidCase, options.casePath, evaluation.violations);
    case oracle::Verdict::notSupported:
      return reportViolations(ExitStatus::notSupported, options.casePath, evaluation.violations);
    default: return reportViolations(ExitStatus::ok, options.casePath, evaluation.violations);
  }
}

}  // namespace

Command addExplainCommand(CLI::App& parent) {
  auto options = std::make_shared<CaseCommandOptions>();
  CLI::App* app = parent.add_subcommand("explain", "Draw a case: explain.html and explain.svg (source, destination, regions)");
  addCaseCommandOptions(*app, *options);
  return {app, [options] { return runExplain(*options); }};
}

}  // namespace dcconf::cli
