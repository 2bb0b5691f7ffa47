// The dcconf exit statuses, defined once for every subcommand (docs/exit-status.md).
#pragma once

namespace dcconf::cli {

enum class ExitStatus : int {
  ok = 0,              // valid case, outputs written (later: every check passed)
  checksFailed = 1,    // a run (or replay) found FAIL, CRASH or TIMEOUT cases
  usage = 2,           // bad command line (every CLI11 parse error)
  invalidCase = 3,     // the case breaks a constraint (G-4); one violation per stderr line
  unreadableCase = 4,  // the case file cannot be read or is not a documented call
  outputRefused = 5,   // the output exists (no --force) or cannot be written
  notSupported = 6,    // the product lacks the path or dtype (PROD)
  backendUnavailable = 7,  // the --backend cannot be loaded or started, or selects nothing to run
  nothingTested = 8,       // a run or judgement finished, but not one case passed or failed (all NOT_SUPPORTED)
  interruptedByInt = 130,  // SIGINT: the report of what finished is written, marked interrupted (128 + 2)
  interruptedByTerm = 143, // SIGTERM: likewise (128 + 15)
};

constexpr int code(ExitStatus status) { return static_cast<int>(status); }

}  // namespace dcconf::cli
