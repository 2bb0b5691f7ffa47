// dcconf baseline write REPORT.json > FILE: bootstraps a baseline (docs/baseline.md) from a failing run's report.
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "commands.hpp"
#include "dcconf/casefile/io.hpp"
#include "dcconf/report/baseline.hpp"
#include "diagnostics.hpp"

namespace dcconf::cli {
namespace {

int runWrite(const std::string& reportPath) {
  std::string text;
  if (std::string error = casefile::readRegularFile(reportPath, report::kMaxBaselineBytes * 16, text); !error.empty()) {
    return fail(ExitStatus::unreadableCase, error);
  }
  const report::BaselineWritten written = report::baselineFromReport(text, reportPath);
  if (!written.error.empty()) return fail(ExitStatus::unreadableCase, written.error);
  std::cout << written.text;
  return code(ExitStatus::ok);
}

}  // namespace

Command addBaselineCommand(CLI::App& parent) {
  auto reportPath = std::make_shared<std::string>();
  CLI::App* app = parent.add_subcommand("baseline", "Expected-failure baselines (docs/baseline.md)");
  app->require_subcommand(1);
  CLI::App* write = app->add_subcommand("write", "Print a baseline listing every failure of a report.json");
  write->add_option("REPORT", *reportPath, "report.json of a dcconf run or vectors check/verify")->required();
  return {app, [reportPath] { return runWrite(*reportPath); }};
}

}  // namespace dcconf::cli
