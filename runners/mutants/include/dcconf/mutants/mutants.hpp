// Mutant backends: the fast backend with one realistic fault each, and the kill matrix of the property suite
// against them. A surviving mutant means a missing property or a weak generator: fix the suite, never the mutant.
#pragma once

#include <chrono>
#include <functional>
#include <cstdint>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dcconf/backends/backend.hpp"
#include "dcconf/oracle/case.hpp"
#include "dcconf/run/run.hpp"

namespace dcconf::mutants {

struct Mutant {
  std::string_view name;         // "g2uDstStrideInBytes"
  std::string_view clause;       // the clause the fault violates
  std::string_view description;  // one line
  std::vector<oracle::Operation> operations;  // the fault only fires on these (and the suite runs only these)
  oracle::Product product = oracle::kDefaultProduct;
  bool (*affectsDType)(oracle::DType) = nullptr;  // nullptr: every dtype
  // (a) the case fast is run on instead of the real one; nullptr: the real one.
  void (*editCase)(oracle::Case& c) = nullptr;
  // (b) a fix-up of fast's result; before is dst's prior content. nullptr: none.
  void (*editBytes)(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<const std::uint8_t> before,
                    std::span<std::uint8_t> dst) = nullptr;
  // Conditional mutants (catalogue_conditional.cpp, docs/mutants.md): wrong only in a rare region of the inputs.
  std::string_view conditionClass = {};  // "truncation", "offByOneAtMax", ...; empty for the unconditional ones
  // (c) really crashes (abort, a null write) or hangs (an endless loop) on some inputs, before fast runs. Such a
  // mutant's backend runs each call in a forked child (isolated.cpp): CRASH or TIMEOUT, as a plugin's would be.
  // nullptr: never.
  void (*failsOn)(const oracle::Case& c) = nullptr;
  // G-4: the mutant executes some invalid cases as if valid, so the kill matrix also runs its invalid-case units.
  bool acceptsInvalid = false;
  // Wrong only where a field needs more than a flat buffer holds: only the sparse lane's cases reach it,
  // so no fixed flat case (fix_cases.cpp) is expected to kill it.
  bool needsSparseLane = false;
};

// The conditional mutants, appended to catalogue() (catalogue_conditional.cpp).
std::vector<Mutant> conditionalMutants();

const std::vector<Mutant>& catalogue();
std::unique_ptr<backends::Backend> makeMutantBackend(const Mutant& mutant);

struct KillOptions {
  std::chrono::milliseconds timePerMutant{2000};
  std::uint64_t seed = 1;
  std::vector<std::uint64_t> seeds;  // several seeds (--seeds 1-8): one matrix per seed, summed up by class; empty: seed
  std::string nameGlob = "*";  // only mutants whose name matches
  bool defaultRun = false;     // each mutant against the default run (100 cases per property), not a time budget
  bool conditional = false;    // the conditional mutants (always against the default run) instead of the others
  // Set: each counterexample file goes here as soon as its mutant is done (relative path already prefixed with
  // seed-N/ for several seeds) and KillMatrix::files stays empty. A wide counterexample is megabytes of JSON, and
  // holding 46 of them made every fork of an isolated (crash, hang) mutant's case copy-on-write a 400 MB process.
  std::function<void(run::OutputFile&&)> fileSink;
};

struct KillRow {
  std::string mutant;
  std::string clause;
  std::string conditionClass;  // Mutant::conditionClass
  std::uint64_t seed = 1;      // the run's seed
  bool killed = false;
  std::string killedBy;       // the property
  std::string unit;           // "padGmToUb half"
  std::string failureClause;  // what the shrunk counterexample's diff breaks
  std::uint64_t casesToKill = 0;  // cases the killing property ran up to and including its first failure
  std::string caseFile;       // relative to --out
  std::vector<std::string> diff;
  double seconds = 0;
};

struct KillMatrix {
  std::vector<KillRow> rows;
  std::vector<run::OutputFile> files;  // the shrunk counterexamples, for the caller to write
  std::size_t seedCount = 1;           // > 1: rows of several seeds, named mutant@seed, files under seed-N/
  std::string interrupted;             // "SIGINT"/"SIGTERM": the rows are the mutants that finished
  bool allKilled() const;
  double medianCasesToKill() const;  // over the killed mutants; 0 when none
  struct ClassSummary {
    std::uint64_t mutants = 0, killed = 0, worstCasesToKill = 0;
    double medianCasesToKill = 0;
  };
  std::map<std::string, ClassSummary> byConditionClass() const;  // the conditional mutants, by class
  void print(std::ostream& out) const;
  std::string toJsonText() const;  // schema dcconf.mutants/1
};

KillMatrix runKillMatrix(const KillOptions& options, std::ostream& err);

}  // namespace dcconf::mutants
