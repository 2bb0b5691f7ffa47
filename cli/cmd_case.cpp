// dcconf case CASE.json --out DIR: the oracle's verdict and expected destination for one case file.
#include <iostream>
#include <memory>

#include "case_input.hpp"
#include "commands.hpp"
#include "dcconf/casefile/casefile.hpp"
#include "dcconf/casefile/result.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "diagnostics.hpp"
#include "output_dir.hpp"

namespace dcconf::cli {
namespace {

// result.json always; expected.bin and care.bin only when the oracle computed them.
std::string writeOutputs(StagedOutput& out, const casefile::CaseData& data, const oracle::Evaluation& evaluation) {
  std::string error = out.write("result.json", casefile::resultJson(data.c, evaluation).dump(2) + "\n");
  if (error.empty() && evaluation.verdict == oracle::Verdict::computed) {
    error = out.write("expected.bin", evaluation.expectation.expected);
    if (error.empty()) error = out.write("care.bin", evaluation.expectation.care);
  }
  return error.empty() ? out.commit() : error;
}

int runCase(const CaseCommandOptions& options) {
  const EvaluatedCaseInput input = evaluateCaseInput(options);
  if (!input.data) return input.status;
  const casefile::CaseData& data = *input.data;
  const oracle::Evaluation& evaluation = input.evaluation;
  StagedOutput::Begin staged = StagedOutput::begin(options.outDir, options.force, {{"the case file", options.casePath}});
  if (!staged.output) return fail(ExitStatus::outputRefused, staged.error);
  if (std::string error = writeOutputs(*staged.output, data, evaluation); !error.empty()) {
    return fail(ExitStatus::outputRefused, error);
  }
  switch (evaluation.verdict) {
    case oracle::Verdict::invalid:
      return reportViolations(ExitStatus::invalidCase, options.casePath, evaluation.violations);
    case oracle::Verdict::notSupported:
      return reportViolations(ExitStatus::notSupported, options.casePath, evaluation.violations);
    default: {
      std::uint64_t cared = 0;
      for (const auto care : evaluation.expectation.care) cared += care != 0;
      std::cout << "computed: " << options.outDir << "/expected.bin (" << evaluation.expectation.expected.size()
                << " bytes, " << cared << " cared), care.bin, result.json\n";
      return code(ExitStatus::ok);
    }
  }
}

}  // namespace

Command addCaseCommand(CLI::App& parent) {
  auto options = std::make_shared<CaseCommandOptions>();
  CLI::App* app = parent.add_subcommand("case", "Evaluate one case file: write expected.bin, care.bin, result.json");
  addCaseCommandOptions(*app, *options);
  return {app, [options] { return runCase(*options); }};
}

}  // namespace dcconf::cli
