// dcconf explain CASE.json --out DIR: explain.html and explain.svg, the case drawn as pictures (docs/pictures.md).
// dcconf explain --clause ID: the text of one clause of docs/semantics.md (built in).
#include <iostream>
#include <memory>

#include "case_input.hpp"
#include "commands.hpp"
#include "dcconf/casefile/casefile.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "dcconf/oracle/semantics.hpp"
#include "dcconf/pictures/pictures.hpp"
#include "diagnostics.hpp"
#include "output_dir.hpp"

namespace dcconf::cli {
namespace {

struct ExplainOptions : CaseCommandOptions {
  std::string clause;
};

int explainClause(const std::string& id) {
  const auto clause = oracle::clauseText(id);
  if (!clause) {
    std::string families;
    for (const std::string& known : oracle::clauseIds()) {
      const std::string family = known.substr(0, known.rfind('-'));
      if (families.find(" " + family + "-") == std::string::npos) families += " " + family + "-N";
    }
    return fail(ExitStatus::usage, "--clause: '" + id + "' is not a clause of docs/semantics.md (ids:" + families + ")");
  }
  std::cout << clause->id << "  (docs/semantics.md, section " << clause->section << ")\n" << clause->text << "\n";
  return code(ExitStatus::ok);
}

int runExplain(const ExplainOptions& options) {
  if (!options.clause.empty()) {
    if (!options.casePath.empty() || !options.outDir.empty()) {
      return fail(ExitStatus::usage, "explain: --clause takes no CASE or --out");
    }
    return explainClause(options.clause);
  }
  if (options.casePath.empty() || options.outDir.empty()) {
    return fail(ExitStatus::usage, "explain: CASE and --out are required (or --clause ID)");
  }
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
  auto options = std::make_shared<ExplainOptions>();
  CLI::App* app = parent.add_subcommand(
      "explain", "Draw a case: explain.html and explain.svg (source, destination, regions); or print a clause's text");
  addCaseCommandOptions(*app, *options, false);
  app->add_option("--clause", options->clause, "print the text of clause ID of docs/semantics.md (e.g. FIX-2) and exit");
  return {app, [options] { return runExplain(*options); }};
}

}  // namespace dcconf::cli
