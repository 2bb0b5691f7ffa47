// dcconf: parse the command line, run the chosen subcommand, map every outcome to an ExitStatus.
#include <array>
#include <exception>
#include <string>
#include <vector>

#include "commands.hpp"
#include "dcconf/backends/children.hpp"
#include "dcconf/oracle/work.hpp"
#include "dcconf/run/lifecycle.hpp"
#include "diagnostics.hpp"

namespace {

using namespace dcconf::cli;

constexpr std::array<Registrar, 9> kRegistrars{addRunCommand,     addCaseCommand,    addListCommand,
                                               addVectorsCommand, addBenchCommand,   addMutantsCommand,
                                               addReportCommand,  addBaselineCommand, addExplainCommand};

// Every subcommand name of `app`.
std::vector<std::string> subcommandNames(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) names.push_back(sub->get_name());
  return names;
}

// For a parse error: the deepest subcommand named on the command line, and a suggestion for the first word that is
// neither one of its options nor a subcommand ("--sed" -> "--seed", "merg" -> "merge"); "" when none fits.
std::string suggestion(CLI::App& app, int argc, char** argv) {
  CLI::App* at = &app;
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word == "--") break;
    if (word.rfind("-", 0) != 0) {
      CLI::App* sub = nullptr;
      for (CLI::App* candidate : at->get_subcommands([](const CLI::App*) { return true; })) {
        if (candidate->check_name(word)) sub = candidate;
      }
      if (sub != nullptr) {
        at = sub;
      } else if (i > 1 && !at->get_subcommands([](const CLI::App*) { return true; }).empty() &&
                 std::string(argv[i - 1]).rfind("-", 0) != 0) {
        const std::string hint = didYouMean(word, subcommandNames(*at));
        if (!hint.empty()) return "'" + word + "' is not a subcommand of " + at->get_name() + hint;
      }
      continue;
    }
    const std::string name = word.substr(0, word.find('='));
    std::vector<std::string> names;
    bool known = name == "--help" || name == "-h";
    for (const CLI::Option* option : at->get_options()) {
      for (const std::string& l : option->get_lnames()) names.push_back("--" + l);
      for (const std::string& s : option->get_snames()) names.push_back("-" + s);
    }
    for (const std::string& n : names) known = known || n == name;
    if (known) continue;
    const std::string hint = didYouMean(name, names);
    return "unknown option " + name + (at == &app ? "" : " for dcconf " + at->get_name()) +
           (hint.empty() ? "" : hint);
  }
  return "";
}
int runCommand(int argc, char** argv);

// --max-work on a subcommand and its own subcommands (vectors check, ...); one definition of the option.
void addMaxWorkOption(CLI::App& app, std::uint64_t& maxWork) {
  static const char* const kEvaluating[] = {"case", "explain", "run", "check", "verify", "export", "bench"};
  for (const char* name : kEvaluating) {
    if (app.get_name() != name) continue;
    app.add_option("--max-work", maxWork,
                   "refuse a case whose evaluation walks more destination bytes than this (repeats counted)")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
  }
  for (CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) addMaxWorkOption(*sub, maxWork);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 0) dcconf::cli::setProgramName(argv[0]);
  dcconf::backends::becomeSubreaper();  // orphaned helpers of a backend become ours, so they die with the run
  const int status = runCommand(argc, argv);
  dcconf::backends::killAllDescendants();  // every exit path of a subcommand comes back here
  return status;
}

namespace {

int runCommand(int argc, char** argv) {
  CLI::App app{"dcconf: conformance suite and byte-exact reference oracle for Ascend C data-copy instructions"};
  app.set_version_flag("--version", std::string("dcconf ") + DCCONF_VERSION);
  app.require_subcommand(1);
  std::vector<Command> commands;
  for (const Registrar registrar : kRegistrars) commands.push_back(registrar(app));
  // The work cap of every evaluation (oracle/work.hpp), on every subcommand that evaluates cases.
  std::uint64_t maxWork = dcconf::oracle::kDefaultMaxWorkBytes;
  for (const Command& command : commands) addMaxWorkOption(*command.app, maxWork);
  // CLI11 would say "A subcommand is required" for a mistyped one: name it instead.
  if (argc > 1 && argv[1][0] != '-') {
    bool known = false;
    for (const Command& command : commands) known = known || command.app->check_name(argv[1]);
    if (!known) {
      std::vector<std::string> names;
      for (const Command& command : commands) names.push_back(command.app->get_name());
      return fail(ExitStatus::usage, std::string("'") + argv[1] + "' is not a dcconf subcommand" +
                                         didYouMean(argv[1], names) + " (see dcconf --help)");
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version arrive as "errors" with exit code 0; every real parse error is a usage error (2).
    if (e.get_exit_code() == 0) return app.exit(e);
    const std::string hint = suggestion(app, argc, argv);
    return fail(ExitStatus::usage, std::string(e.what()) + (hint.empty() ? "" : ": " + hint) + " (see dcconf --help)");
  }
  dcconf::oracle::setMaxWorkBytes(maxWork);
  for (const Command& command : commands) {
    if (!command.app->parsed()) continue;
    // Every subcommand stops on SIGINT/SIGTERM: loops look at the flag, nothing is committed unless marked
    // interrupted, temp folders go at exit, and the status is 130/143 (once only `run` handled them).
    dcconf::run::installInterruptHandlers();
    try {
      const int status = command.run();
      if (const int signal = dcconf::run::interruptSignal(); signal != 0) return 128 + signal;
      return status;
    } catch (const dcconf::oracle::EvaluationStopped&) {  // a signal stopped a long walk: unwound, temp files gone
      return 128 + dcconf::run::interruptSignal();
    } catch (const std::exception& e) {
      // Only the oracle can throw here (std::bad_alloc on a huge internal span): still one line, never an abort.
      return fail(ExitStatus::unreadableCase, std::string("cannot evaluate the case: ") + e.what());
    }
  }
  return fail(ExitStatus::usage, "no subcommand (see dcconf --help)");
}

}  // namespace
