// dcconf case CASE.json --out DIR: the oracle's verdict and expected destination for one case file.
#include <algorithm>
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "case_input.hpp"
#include "commands.hpp"
#include "dcconf/casefile/casefile.hpp"
#include "dcconf/casefile/result.hpp"
#include "dcconf/oracle/alternatives.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "diagnostics.hpp"
#include "output_dir.hpp"

namespace dcconf::cli {
namespace {

// G-6: one expected/care pair per distinct whole reading of the alternatives the case exercises, named by the
// reading's profile words (expected.offset-signed.shift-raw.bin); combinations giving the same bytes share the
// first one's name. expected.bin/care.bin stay the bytes every reading agrees on. Returns the names written.
std::vector<std::string> writeReadings(StagedOutput& out, const casefile::CaseData& data,
                                       const oracle::Evaluation& evaluation, std::string& error) {
  std::vector<std::string> names;
  if (data.src.size() != data.c.src.sizeBytes || data.dstBefore.size() != data.c.dst.sizeBytes) return names;
  const oracle::Alternatives a = oracle::alternatives(data.c, data.src, data.dstBefore, evaluation.expectation);
  for (const oracle::WholeReading& reading : oracle::distinctReadings(a, evaluation.expectation)) {
    std::string words = a.words(reading.combinations.front());
    std::replace(words.begin(), words.end(), ',', '.');
    error = out.write("expected." + words + ".bin", reading.expected);
    if (error.empty()) error = out.write("care." + words + ".bin", reading.care);
    if (!error.empty()) break;
    names.push_back(words);
  }
  return names;
}

// result.json always; expected.bin and care.bin only when the oracle computed them, and one pair per whole reading.
std::string writeOutputs(StagedOutput& out, const casefile::CaseData& data, const oracle::Evaluation& evaluation,
                         std::vector<std::string>& readings) {
  std::string error = out.write("result.json", casefile::resultJson(data.c, evaluation).dump(2) + "\n");
  if (error.empty() && evaluation.verdict == oracle::Verdict::computed) {
    error = out.write("expected.bin", evaluation.expectation.expected);
    if (error.empty()) error = out.write("care.bin", evaluation.expectation.care);
    if (error.empty()) readings = writeReadings(out, data, evaluation, error);
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
  std::vector<std::string> readings;
  if (std::string error = writeOutputs(*staged.output, data, evaluation, readings); !error.empty()) {
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
      for (const auto& words : readings) {  // G-6
        std::cout << "  whole reading " << words << ": expected." << words << ".bin, care." << words << ".bin\n";
      }
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
