// dcconf mutants: the default suite against every mutant backend (fast with one realistic fault each) and the kill
// matrix. Exit 1 when a mutant survived: the suite misses a property or a generator is too weak.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "dcconf/mutants/mutants.hpp"
#include "dcconf/run/lifecycle.hpp"
#include "diagnostics.hpp"
#include "output_dir.hpp"

namespace dcconf::cli {
namespace {

struct MutantsCliOptions {
  mutants::KillOptions kill;
  std::string timePerMutant = "2s";
  std::string outDir;
  bool force = false;
  bool list = false;
  std::string seeds;  // "1-8" or "1,3,5"
};

// --seeds: "A-B" (inclusive) or a comma list; empty on a malformed list or more than 64 seeds.
std::vector<std::uint64_t> parseSeeds(const std::string& text) {
  std::vector<std::uint64_t> out;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    const std::string item = text.substr(at, comma - at);
    const std::size_t dash = item.find('-');
    try {
      std::size_t used = 0;
      const std::uint64_t lo = std::stoull(item.substr(0, dash), &used);
      if (used != item.substr(0, dash).size() || item[0] == '-') return {};
      std::uint64_t hi = lo;
      if (dash != std::string::npos) {
        const std::string tail = item.substr(dash + 1);
        hi = std::stoull(tail, &used);
        if (used != tail.size() || tail.empty() || tail[0] == '-' || hi < lo) return {};
      }
      if (hi - lo >= 64) return {};
      for (std::uint64_t s = lo; s <= hi; ++s) out.push_back(s);
    } catch (const std::exception&) {
      return {};
    }
    if (out.size() > 64) return {};
    at = comma + 1;
  }
  return out;
}

int runMutants(MutantsCliOptions& o) {
  if (o.list) {
    for (const mutants::Mutant& mutant : mutants::catalogue()) {
      std::cout << mutant.name << "\t" << mutant.clause << "\t" << mutant.description << "\n";
    }
    return code(ExitStatus::ok);
  }
  const auto budget = parseDuration(o.timePerMutant);
  if (!budget || budget->count() <= 0) {
    return fail(ExitStatus::usage, "--time-per-mutant: '" + o.timePerMutant + "' is not a duration like 2s or 500ms");
  }
  o.kill.timePerMutant = *budget;
  if (!o.seeds.empty()) {
    o.kill.seeds = parseSeeds(o.seeds);
    if (o.kill.seeds.empty()) {
      return fail(ExitStatus::usage, "--seeds: '" + o.seeds + "' is not a seed range like 1-8 or a list like 1,3,5 (at most 64)");
    }
  }
  run::retainFreedMemory();
  std::optional<StagedOutput> staged;
  if (!o.outDir.empty()) {
    StagedOutput::Begin begin = StagedOutput::begin(o.outDir, o.force);
    if (!begin.output) return fail(ExitStatus::outputRefused, begin.error);
    staged.emplace(std::move(*begin.output));
  }
  // Counterexamples go to the staging folder as each mutant ends (or nowhere without --out), not kept in memory.
  std::string error;
  o.kill.fileSink = [&](run::OutputFile&& file) {
    if (staged && error.empty()) error = staged->write(file.relativePath, file.text);
  };
  const mutants::KillMatrix matrix = mutants::runKillMatrix(o.kill, std::cerr);
  if (matrix.rows.empty() && matrix.interrupted.empty()) {
    return fail(ExitStatus::usage, "--only: no mutant matches '" + o.kill.nameGlob + "'");
  }
  matrix.print(std::cout);
  if (!matrix.interrupted.empty()) {
    std::cout << "interrupted by " << matrix.interrupted << ": " << matrix.rows.size() << " mutants finished\n";
  }
  if (staged) {  // interrupted: mutants.json holds the finished mutants and says "interrupted": true
    if (error.empty()) error = staged->write("mutants.json", matrix.toJsonText());
    if (error.empty()) error = staged->commit(/*markedInterrupted=*/true);
    if (!error.empty()) return fail(ExitStatus::outputRefused, error);
  }
  return code(matrix.allKilled() ? ExitStatus::ok : ExitStatus::checksFailed);
}

}  // namespace

Command addMutantsCommand(CLI::App& parent) {
  auto o = std::make_shared<MutantsCliOptions>();
  CLI::App* app = parent.add_subcommand("mutants", "Run the suite against every mutant backend: the kill matrix");
  app->add_option("--time-per-mutant", o->timePerMutant, "time budget per mutant, e.g. 2s")->capture_default_str();
  CLI::Option* seedOption = app->add_option("--seed", o->kill.seed, "RapidCheck seed")->capture_default_str();
  app->add_option("--seeds", o->seeds,
                  "several seeds, e.g. 1-8 or 1,3,5: one matrix each, cases-to-kill per class over all of them")
      ->excludes(seedOption);
  app->add_option("--only", o->kill.nameGlob, "only mutants whose name matches this glob")->capture_default_str();
  app->add_flag("--default-run", o->kill.defaultRun,
                "run each mutant against the default run (100 cases per property) instead of a time budget");
  app->add_flag("--conditional", o->kill.conditional,
                "the conditional mutants (wrong only on rare inputs), each against the default run");
  app->add_option("--out", o->outDir, "write mutants.json and the counterexamples here");
  app->add_flag("--force", o->force, "replace a non-empty --out directory");
  app->add_flag("--list", o->list, "list the catalogue (name, clause, description) and exit");
  return {app, [o] { return runMutants(*o); }};
}

}  // namespace dcconf::cli
