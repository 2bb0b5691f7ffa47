// dcconf: parse the command line, run the chosen subcommand, map every outcome to an ExitStatus.
#include <array>
#include <exception>
#include <string>
#include <vector>

#include "commands.hpp"
#include "dcconf/backends/children.hpp"
#include "dcconf/run/lifecycle.hpp"
#include "diagnostics.hpp"

namespace {

using namespace dcconf::cli;

constexpr std::array<Registrar, 9> kRegistrars{addRunCommand,     addCaseCommand,    addListCommand,
                                               addVectorsCommand, addBenchCommand,   addMutantsCommand,
                                               addReportCommand,  addBaselineCommand, addExplainCommand};

int runCommand(int argc, char** argv);

}  // namespace

int main(int argc, char** argv) {
  dcconf::backends::becomeSubreaper();  // orphaned helpers of a backend become ours, so they die with the run
  const int status = runCommand(argc, argv);
  dcconf::backends::killAllDescendants();  // every exit path of a subcommand comes back here (issue 30)
  return status;
}

namespace {

int runCommand(int argc, char** argv) {
  CLI::App app{"dcconf: conformance suite and byte-exact reference oracle for Ascend C data-copy instructions"};
  app.set_version_flag("--version", std::string("dcconf ") + DCCONF_VERSION);
  app.require_subcommand(1);
  std::vector<Command> commands;
  for (const Registrar registrar : kRegistrars) commands.push_back(registrar(app));
  // CLI11 would say "A subcommand is required" for a mistyped one: name it instead.
  if (argc > 1 && argv[1][0] != '-') {
    bool known = false;
    for (const Command& command : commands) known = known || command.app->check_name(argv[1]);
    if (!known) return fail(ExitStatus::usage, std::string("'") + argv[1] + "' is not a dcconf subcommand (see dcconf --help)");
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version arrive as "errors" with exit code 0; every real parse error is a usage error (2).
    if (e.get_exit_code() == 0) return app.exit(e);
    return fail(ExitStatus::usage, std::string(e.what()) + " (see dcconf --help)");
  }
  for (const Command& command : commands) {
    if (!command.app->parsed()) continue;
    // Every subcommand stops on SIGINT/SIGTERM: loops look at the flag, nothing is committed unless marked
    // interrupted, temp folders go at exit, and the status is 130/143 (issue 30: only `run` handled them).
    dcconf::run::installInterruptHandlers();
    try {
      const int status = command.run();
      if (const int signal = dcconf::run::interruptSignal(); signal != 0) return 128 + signal;
      return status;
    } catch (const std::exception& e) {
      // Only the oracle can throw here (std::bad_alloc on a huge internal span): still one line, never an abort.
      return fail(ExitStatus::unreadableCase, std::string("cannot evaluate the case: ") + e.what());
    }
  }
  return fail(ExitStatus::usage, "no subcommand (see dcconf --help)");
}

}  // namespace
