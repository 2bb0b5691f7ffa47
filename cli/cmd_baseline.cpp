// dcconf baseline write REPORT.json > FILE: bootstraps a baseline (docs/baseline.md) from a failing run's report.
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "commands.hpp"
#include "dcconf/report/baseline.hpp"
#include "diagnostics.hpp"

namespace dcconf::cli {
namespace {

int runWrite(const std::string& reportPath) {
  std::ifstream in(reportPath, std::ios::binary);
  if (!in) return fail(ExitStatus::unreadableCase, reportPath + ": cannot read the report");
  std::string text(report::kMaxBaselineBytes * 16 + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (text.size() > report::kMaxBaselineBytes * 16) return fail(ExitStatus::unreadableCase, reportPath + ": too large");
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
