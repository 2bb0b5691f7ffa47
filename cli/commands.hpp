// Subcommand registry. Each subcommand lives in its own cmd_<name>.cpp and exposes one registrar; main.cpp calls
// them in order. Adding a subcommand = one new file + one line in kRegistrars (main.cpp) + one line in CMakeLists.
#pragma once

#include <functional>

#include <CLI/CLI.hpp>

namespace dcconf::cli {

struct Command {
  CLI::App* app = nullptr;   // the subcommand, to see whether it was the one parsed
  std::function<int()> run;  // runs after a successful parse; returns the exit status code
};

using Registrar = Command (*)(CLI::App& parent);

Command addCaseCommand(CLI::App& parent);
Command addListCommand(CLI::App& parent);
Command addRunCommand(CLI::App& parent);
Command addVectorsCommand(CLI::App& parent);
Command addBenchCommand(CLI::App& parent);
Command addMutantsCommand(CLI::App& parent);
Command addReportCommand(CLI::App& parent);
Command addBaselineCommand(CLI::App& parent);
Command addExplainCommand(CLI::App& parent);

}  // namespace dcconf::cli
