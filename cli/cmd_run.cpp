// dcconf run: the property suite against a backend, or --replay of one saved case.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <sstream>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "baseline_option.hpp"
#include "commands.hpp"
#include "dcconf/casefile/casefile.hpp"
#include "dcconf/casefile/json_guard.hpp"
#include "dcconf/pictures/pictures.hpp"
#include "dcconf/run/lifecycle.hpp"
#include "dcconf/run/run.hpp"
#include "diagnostics.hpp"
#include "output_dir.hpp"
#include "run_verdict.hpp"

namespace dcconf::cli {
namespace {

struct RunCliOptions {
  run::RunOptions run;
  std::string product = std::string(oracle::name(oracle::kDefaultProduct));
  std::string profile = "default";
  std::string seed;  // empty: a fresh one, printed
  std::string time;  // "30s", "2m", "500ms"
  std::string shard;  // "I/N", 1-based
  std::string outDir;
  bool force = false;
  bool coverage = false;  // print the field-coverage table (docs/coverage.md)
  bool requireCoverage = false;  // exit 1 when a gated bit or boundary was never drawn
  std::string replay;
  bool keepTemp = false;
  std::string baseline;  // expected failures and known flakes (docs/baseline.md)
  bool strictBaseline = false;
  bool strictReadings = false;  // G-6: an INCONSISTENT reading fingerprint fails the run
  bool verbose = false;  // -v: every unspecified reason, reading and accepted-invalid unit in the summary
  std::vector<std::string> replayRefuses;  // options given that a --replay would ignore
  std::string resultsJsonl;  // --results-jsonl FILE
  std::string limitsFile;    // --limits FILE (docs/limits.md)
};

// --results-jsonl FILE: created (or, with --force, replaced when it is one dcconf wrote: its first line has our
// schema) with its header line before the run; never inside --out, which is replaced as a whole.
std::string startResultsJsonl(const RunCliOptions& o) {
  namespace fs = std::filesystem;
  const fs::path file = o.resultsJsonl;
  std::error_code ec;
  if (!o.outDir.empty()) {
    const fs::path out = fs::weakly_canonical(o.outDir, ec);
    const fs::path at = fs::weakly_canonical(file, ec);
    const auto rel = at.lexically_relative(out);
    if (!rel.empty() && *rel.begin() != "..") {
      return "--results-jsonl: " + file.string() + " lies inside --out " + o.outDir + ", which is written as a whole";
    }
  }
  if (fs::exists(file, ec)) {
    if (!fs::is_regular_file(file, ec)) return "--results-jsonl: " + file.string() + " exists and is not a file";
    std::ifstream in(file);
    std::string first;
    std::getline(in, first);
    const bool ours = first.find(std::string("\"schema\":\"") + run::kResultsSchema + "\"") != std::string::npos;
    if (fs::file_size(file, ec) > 0 && !(o.force && ours)) {
      return "--results-jsonl: " + file.string() + " exists" +
             (ours ? " (a dcconf results stream: --force replaces it)" : " and was not written by dcconf: not replaced");
    }
  }
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out << run::resultsJsonlHeader(o.run);
  out.flush();
  if (!out) return "--results-jsonl: cannot write " + file.string();
  return "";
}

std::optional<run::Shard> parseShard(const std::string& text) {
  const auto slash = text.find('/');
  if (slash == std::string::npos) return std::nullopt;
  try {
    const unsigned long index = std::stoul(text.substr(0, slash));
    const unsigned long count = std::stoul(text.substr(slash + 1));
    if (index < 1 || count < 1 || index > count || count > 100000) return std::nullopt;
    return run::Shard{static_cast<std::uint32_t>(index - 1), static_cast<std::uint32_t>(count)};
  } catch (...) {
    return std::nullopt;
  }
}

// Turns the text options into RunOptions; returns an error line or "".
std::string resolveOptions(RunCliOptions& o) {
  o.run.products.clear();
  if (o.product == "all") {
    o.run.products.assign(oracle::allProducts().begin(), oracle::allProducts().end());
  } else {
    std::size_t start = 0;
    while (start <= o.product.size()) {
      const std::size_t comma = std::min(o.product.find(',', start), o.product.size());
      const std::string word = o.product.substr(start, comma - start);
      const auto product = oracle::parseProduct(word);
      if (!product) return unknownProduct("--product", word, "see dcconf list; a,b or all");
      if (std::find(o.run.products.begin(), o.run.products.end(), *product) == o.run.products.end()) {
        o.run.products.push_back(*product);
      }
      start = comma + 1;
    }
  }
  o.run.product = o.run.products.front();
  o.run.dtypeGlob = canonicalDTypeGlob(o.run.dtypeGlob);
  if (const std::string error = dtypeGlobError("--dtype", o.run.dtypeGlob); !error.empty()) return error;
  const auto profile = parseProfileOption("--profile", o.profile);
  if (!profile.profile) return profile.error;
  o.run.profile = *profile.profile;
  if (o.seed.empty()) {
    o.run.seed = std::random_device{}() | (std::uint64_t{std::random_device{}()} << 32);
  } else if (const auto seed = parseUInt64(o.seed)) {
    o.run.seed = *seed;
  } else {  // a seed above 2^64-1 was once clamped, so the run was not the one asked for
    return "--seed: '" + o.seed + "' is not a whole number in [0, 18446744073709551615]";
  }
  if (!o.time.empty()) {
    o.run.timeBudget = parseDuration(o.time);
    if (!o.run.timeBudget) {
      return "--time: '" + o.time + "' is not a duration like 30s, 2m or 500ms, above 0 and at most 10^12 ms";
    }
  }
  if (!o.shard.empty()) {
    const auto shard = parseShard(o.shard);
    if (!shard) return "--shard: '" + o.shard + "' is not I/N with 1 <= I <= N";
    o.run.shard = *shard;
  } else if (const auto fromEnv = run::shardFromEnvironment()) {
    o.run.shard = *fromEnv;
  } else if (const std::string envError = run::shardEnvironmentError(); !envError.empty()) {
    return envError;
  }
  if (o.run.reruns > 100) return "--reruns: must be in [0, 100]";
  if (o.run.threads < 1 || o.run.threads > 256) return "--threads: must be in [1, 256]";
  if (o.run.casesPerProperty < 1 || o.run.casesPerProperty > 10000000) return "--cases: must be in [1, 10000000]";
  o.run.outDir = o.outDir;
  // The command that reproduces this run's case stream, seed included.
  o.run.commandLine = "dcconf run --backend " + run::shellQuoteArg(o.run.backendSpec) + " --product " + o.product +
                      " --path " + run::shellQuoteArg(o.run.pathGlob) + " --dtype " + run::shellQuoteArg(o.run.dtypeGlob) +
                      (o.run.onlyGlob == "*" ? "" : " --only " + run::shellQuoteArg(o.run.onlyGlob)) +
                      " --profile " + o.profile + " --seed " + std::to_string(o.run.seed) +
                      (o.run.timeBudget ? " --time " + o.time : " --cases " + std::to_string(o.run.casesPerProperty));
  return "";
}

// The exit status of a replay; a backend that did not load (7) or a case it tested nothing of (8) says so on stderr.
int replayStatus(const run::ReplayResult& result, const std::string& backend) {
  switch (result.verdict) {
    case run::ReplayResult::Verdict::conforms: return code(ExitStatus::ok);
    case run::ReplayResult::Verdict::fails: return code(ExitStatus::checksFailed);
    case run::ReplayResult::Verdict::nothingTested:
      return fail(ExitStatus::nothingTested, "nothing was tested: backend " + backend +
                                                 " answered NOT_SUPPORTED to the replayed case (exit 8, docs/exit-status.md)");
    case run::ReplayResult::Verdict::backendUnavailable: return fail(ExitStatus::backendUnavailable, result.error);
    case run::ReplayResult::Verdict::tooLarge: return fail(ExitStatus::unreadableCase, result.error);
  }
  return code(ExitStatus::checksFailed);
}

// A sparse failure's case file ("sparse": {"seed", ...}, no buffer bytes), or nullopt for any other file.
// Read with the case files' guards: a size cap, the depth cap and no duplicate keys.
std::optional<int> replayIfSparse(const RunCliOptions& o) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(o.replay, ec) || std::filesystem::file_size(o.replay, ec) > (1u << 20)) {
    return std::nullopt;  // loadCaseFile says what is wrong with it
  }
  std::ifstream in(o.replay, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  std::string error;
  const auto json = casefile::parseJsonGuarded(text.str(), error);
  if (!json) return std::nullopt;
  const run::SparseCaseRead read = run::readSparseCase(*json, o.replay);
  if (!read.error.empty()) return fail(ExitStatus::unreadableCase, read.error);
  if (!read.sparse) return std::nullopt;
  run::ReplayResult result = run::replaySparseCase(o.run, *read.sparse, std::cout);
  if (result.verdict == run::ReplayResult::Verdict::tooLarge) result.error = o.replay + ": " + result.error;  // the file
  return replayStatus(result, o.run.backendSpec);
}

int runReplay(const RunCliOptions& o) {
  if (const auto sparse = replayIfSparse(o)) return *sparse;
  auto loaded = casefile::loadCaseFile(o.replay);
  if (const auto* error = std::get_if<casefile::LoadError>(&loaded)) {
    return fail(ExitStatus::unreadableCase, error->oneLine());
  }
  // A G-4 failure's valid part, saved beside it by the run: the bound on what the invalid case may write.
  std::optional<casefile::CaseData> validBase;
  const std::string validPath = run::validBasePath(o.replay);
  if (validPath != o.replay && std::filesystem::is_regular_file(validPath)) {
    auto valid = casefile::loadCaseFile(validPath);
    if (const auto* error = std::get_if<casefile::LoadError>(&valid)) {
      return fail(ExitStatus::unreadableCase, error->oneLine());
    }
    validBase = std::move(std::get<casefile::CaseData>(valid));
  }
  return replayStatus(
      run::replayCase(o.run, std::get<casefile::CaseData>(loaded), std::cout, validBase ? &*validBase : nullptr),
      o.run.backendSpec);
}

// Without --out, a failing run keeps its output in ./dcconf-failures, which the next failing run replaces (only a
// folder dcconf wrote; --force rules), else in a fresh folder under $TMPDIR: every printed repro names a real file.
struct DefaultOutput {
  std::filesystem::path dir;  // empty when --out was given (or no default folder could be made: error)
  std::string why;            // how the folder was chosen, for the line that names it
  std::string error;
  std::filesystem::path fresh;  // a folder made for this run, removed again when nothing failed
  bool used() const { return !dir.empty(); }
  DefaultOutput() = default;
  DefaultOutput(const DefaultOutput&) = delete;
  DefaultOutput& operator=(const DefaultOutput&) = delete;
  ~DefaultOutput() {
    std::error_code ignored;
    if (!fresh.empty()) std::filesystem::remove(fresh, ignored);  // only while still empty
  }
};

constexpr const char* kDefaultOutDir = "dcconf-failures";

void beginDefaultOutput(DefaultOutput& d, std::optional<StagedOutput>& staged) {
  StagedOutput::Begin begin = StagedOutput::begin(kDefaultOutDir, /*force=*/true);
  if (begin.output) {
    staged.emplace(std::move(*begin.output));
    d.dir = kDefaultOutDir;
    d.why = "the next failing run replaces it; --out DIR keeps a run's output where you say";
    return;
  }
  std::error_code ec;
  std::string pattern = (std::filesystem::temp_directory_path(ec) / "dcconf-failures.XXXXXX").string();
  std::optional<StagedOutput::Begin> fresh;
  if (::mkdtemp(pattern.data()) != nullptr) {
    d.fresh = pattern;
    fresh.emplace(StagedOutput::begin(d.fresh, /*force=*/true));
  }
  if (!fresh || !fresh->output) {
    d.error = "no --out, and neither ./" + std::string(kDefaultOutDir) + " (" + begin.error + ") nor a folder under " +
              std::filesystem::temp_directory_path(ec).string() + " can keep the failing cases: give --out DIR";
    return;
  }
  staged.emplace(std::move(*fresh->output));
  d.dir = d.fresh;
  d.why = "./" + std::string(kDefaultOutDir) + " was not usable: " + begin.error;
}

int runRun(RunCliOptions& o) {
  if (const std::string error = resolveOptions(o); !error.empty()) return fail(ExitStatus::usage, error);
  run::keepTemporaryFolder(o.keepTemp);
  run::installInterruptHandlers();  // SIGINT/SIGTERM: stop, report what finished, exit 130/143
  run::retainFreedMemory();
  if (!o.replay.empty()) {
    if (!o.replayRefuses.empty()) {
      return fail(ExitStatus::usage, "--replay runs one saved case once and writes nothing: " + o.replayRefuses.front() +
                                         " does not apply (run it without --replay)");
    }
    return runReplay(o);
  }
  if (!o.limitsFile.empty()) {  // a bad limits file is a bad input: one line naming file, field, value (exit 2)
    properties::LimitsLoad loaded = properties::loadLimitsFile(o.limitsFile);
    if (!loaded.limits) return fail(ExitStatus::usage, "--limits: " + loaded.error);
    o.run.limits = std::move(loaded.limits);
  }
  std::optional<report::Baseline> baseline;
  if (const std::string error = loadBaselineOption(o.baseline, o.strictBaseline, baseline); !error.empty()) {
    return fail(ExitStatus::usage, error);
  }
  std::optional<StagedOutput> staged;
  DefaultOutput defaultOut;
  if (!o.outDir.empty()) {  // refuse before spending minutes on a run whose results could not be kept
    StagedOutput::Begin begin = StagedOutput::begin(o.outDir, o.force);
    if (!begin.output) return fail(ExitStatus::outputRefused, begin.error);
    staged.emplace(std::move(*begin.output));
  } else {
    beginDefaultOutput(defaultOut, staged);
    if (!defaultOut.used()) return fail(ExitStatus::outputRefused, defaultOut.error);
    o.run.outDir = defaultOut.dir;  // the repros name it
  }
  o.run.program = programName();
  if (!o.resultsJsonl.empty()) {
    if (const std::string error = startResultsJsonl(o); !error.empty()) return fail(ExitStatus::outputRefused, error);
    o.run.resultsJsonl = o.resultsJsonl;
  }
  run::RunOutcome outcome = run::runSuite(o.run, std::cerr);
  const int signal = run::interruptSignal();
  if (!outcome.report) return signal != 0 ? 128 + signal : fail(ExitStatus::backendUnavailable, outcome.error);
  if (signal != 0) outcome.report->markInterrupted(run::interruptName());
  if (baseline) report::applyBaseline(*outcome.report, *baseline, o.strictBaseline);
  outcome.report->setStrictReadings(o.strictReadings);
  // Without --out only a run with failures keeps its output: the cases its repros replay.
  const bool keep = staged && (!defaultOut.used() || !outcome.report->failures().empty());
  if (!keep) staged.reset();
  std::string writeError;
  if (keep) {
    writeError = staged->write("report.json", outcome.report->toJsonText());
    if (writeError.empty()) writeError = staged->write("junit.xml", outcome.report->toJunitXml());
    std::vector<std::string> written;
    for (const auto& file : outcome.files) {
      if (writeError.empty()) writeError = staged->write(file.relativePath, file.text);
      written.push_back(file.relativePath);
    }
    if (writeError.empty()) {
      writeError = staged->write("report.html", pictures::reportPage(outcome.report->toJsonText(), written));
    }
    if (writeError.empty()) writeError = staged->commit(/*markedInterrupted=*/true);  // the report says interrupted
  }
  // Everything else above the totals line: the last line of a run is its verdict.
  if (!o.run.quiet) outcome.report->printSummary(std::cout, o.verbose);
  if (o.coverage) outcome.report->coverage().print(std::cout);
  if (!o.run.quiet && keep && defaultOut.used() && writeError.empty()) {
    std::cout << "failing cases kept in " << defaultOut.dir.string() << "/ (no --out given; " << defaultOut.why << ")\n";
  }
  std::cout.flush();
  if (!outcome.error.empty()) printError(outcome.error);
  bool covered = true;
  if (o.requireCoverage) {  // the coverage gate (docs/coverage.md): one line per field bit or boundary never drawn
    for (const std::string& gap : outcome.report->coverage().gaps()) {
      printError("coverage gap: " + gap);
      covered = false;
    }
  }
  const int status = signal != 0 ? 128 + signal  // ExitStatus::interruptedByInt / interruptedByTerm
                                  : exitCodeOf(*outcome.report, !outcome.error.empty());  // says "nothing was tested"
  std::cerr.flush();
  outcome.report->printTotals(std::cout);
  if (signal != 0) return status;
  if (!writeError.empty()) return fail(ExitStatus::outputRefused, writeError);
  for (const std::string& error : outcome.report->errors()) {  // an incomplete output is no result to trust
    if (run::isOutputError(error)) return fail(ExitStatus::outputRefused, error);
  }
  return status == code(ExitStatus::ok) && !covered ? code(ExitStatus::checksFailed) : status;
}

}  // namespace

Command addRunCommand(CLI::App& parent) {
  auto o = std::make_shared<RunCliOptions>();
  CLI::App* app = parent.add_subcommand("run", "Run the conformance suite against a backend (default: fast)");
  app->add_option("--backend", o->run.backendSpec, "fast | oracle | plugin:PATH.so | exec:\"COMMAND ARGS\"")
      ->capture_default_str();
  app->add_option("--product", o->product, "product id (dcconf list), a comma list, or all: one run, one report")
      ->capture_default_str();
  app->add_option("--path,--paths", o->run.pathGlob,
                  "only paths or operations matching this glob, e.g. 'GM->*', 'GM->UB', 'DataCopyPad*', 'padGmToUb'")
      ->capture_default_str();
  app->add_option("--dtype,--dtypes", o->run.dtypeGlob, "only dtypes matching this glob, e.g. 'int*'")
      ->capture_default_str();
  app->add_option("--only", o->run.onlyGlob, "only units whose id matches this glob, e.g. 'padGmToUb/*/G-1-*' (dcconf list --units)")
      ->capture_default_str();
  app->add_option("--profile", o->profile, "ambiguity profile, e.g. hw-noop,doc-dummy")->capture_default_str();
  app->add_option("--seed", o->seed, "RapidCheck seed (default: fresh, printed in the report)");
  app->add_option("--cases", o->run.casesPerProperty, "successful cases per property and dtype")->capture_default_str();
  app->add_option("--time", o->time,
                  "time budget for the properties instead of --cases: 30s, 2m, 500ms, or a bare number of seconds "
                  "(bounds the properties, not wall time: start-up, shrinking and reports come on top)");
  app->add_option("--threads", o->run.threads, "worker processes")->capture_default_str();
  app->add_option("--shard", o->shard, "run only shard I of N (1-based); GTEST_SHARD_INDEX/GTEST_TOTAL_SHARDS too");
  app->add_flag("--fail-fast", o->run.failFast, "stop after the first failing property");
  app->add_option("--out", o->outDir, "write report.json, junit.xml, report.html and failures/ here");
  app->add_option("--results-jsonl", o->resultsJsonl,
                  "append one JSON line per finished unit to FILE as the run goes (a header line first)");
  app->add_flag("--force", o->force, "replace a non-empty --out directory");
  app->add_option("--timeout-ms", o->run.perCaseTimeoutMs, "per-case timeout for plugin and exec backends")
      ->capture_default_str()
      ->check(CLI::Range(1u, 3600000u));  // 0 would time every case out: a run that tests nothing
  app->add_flag("--quiet", o->run.quiet, "no progress, no summary table: only the totals line");
  app->add_flag("-v,--verbose", o->verbose,
                "the summary in full: every unspecified reason, G-6 reading and unit that accepted invalid cases");
  app->add_flag("--keep-temp", o->keepTemp, "keep the run's temporary folder ($TMPDIR/dcconf-run.*: exec case folders)");
  CLI::Option* replay =
      app->add_option("--replay", o->replay, "run one saved case file (e.g. OUT/failures/ID.json) and show the diff");
  app->add_option("--limits", o->limitsFile,
                  "draw only inside the limits declared in FILE (dcconf.limits/2 or /1, docs/limits.md), applied together with "
                  "the limits the backend declares itself");
  app->add_option("--baseline", o->baseline, "expected failures and known flakes (JSON, docs/baseline.md)");
  app->add_flag("--strict-baseline", o->strictBaseline, "a baseline entry that now passes (XPASS) fails the run");
  app->add_flag("--strict-readings", o->strictReadings,
                "G-6: an ambiguity no single reading explains over the run (INCONSISTENT) fails it; off by default, "
                "since a product may legitimately differ by dtype");
  app->add_option("--reruns", o->run.reruns, "replay a failing case N times; a pass makes it FLAKY (G-3)")
      ->capture_default_str();
  app->add_flag("--coverage", o->coverage, "print per operation and field the range drawn, bits and boundaries hit");
  app->add_flag("--require-coverage", o->requireCoverage,
                "exit 1 when a documented field bit or boundary was never drawn (the coverage gate)");
  return {app, [o, app, replay] {
            o->replayRefuses.clear();
            if (replay->count() > 0) {
              for (const char* name : {"--out", "--cases", "--time", "--shard", "--threads", "--baseline", "--reruns",
                                       "--only", "--path", "--dtype", "--fail-fast", "--seed", "--results-jsonl", "--limits"}) {
                if (app->count(name) > 0) o->replayRefuses.emplace_back(name);
              }
            }
            return runRun(*o);
          }};
}

}  // namespace dcconf::cli
