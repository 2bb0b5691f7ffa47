// dcconf bench: the benchmark table (benchmarks/src/bench_cases.hpp) through any backend, next to memcpy.
#include <bit>
#include <iostream>
#include <memory>
#include <regex>

#include "bench_run.hpp"
#include "commands.hpp"
#include "dcconf/run/run.hpp"
#include "diagnostics.hpp"
#include "output_dir.hpp"

namespace dcconf::cli {
namespace {

struct BenchCliOptions {
  bench::BenchOptions bench;
  std::string sizes = "4K,1M,64M";
  std::string outDir;
  bool force = false;
  std::uint32_t perCaseTimeoutMs = 60000;
};

bool isHardFailure(const bench::BenchRow& row) {
  return row.status == backends::name(backends::RunStatus::crashed) ||
         row.status == backends::name(backends::RunStatus::timedOut) ||
         row.status == backends::name(backends::RunStatus::error) ||
         row.status == backends::name(backends::RunStatus::violated);  // wrote outside its buffers
}

int runBenchCommand(BenchCliOptions& o) {
  const auto sizes = bench::parseSizes(o.sizes);
  if (!sizes) {
    return fail(ExitStatus::usage, "--sizes: '" + o.sizes + "' is not a list like 4K,1M,64M (powers of two, 4K to 1G)");
  }
  o.bench.sizes = *sizes;
  try {
    (void)std::regex(o.bench.filter);
  } catch (const std::regex_error& e) {
    return fail(ExitStatus::usage, "--filter: '" + o.bench.filter + "' is not a regular expression: " + e.what());
  }
  if (o.bench.repetitions < 1 || o.bench.repetitions > 1000) {
    return fail(ExitStatus::usage, "--repetitions: must be in [1, 1000]");
  }
  if (!(o.bench.minSeconds > 0 && o.bench.minSeconds <= 60)) {
    return fail(ExitStatus::usage, "--min-time: must be in (0, 60]");
  }
  if (o.bench.threads < 1 || o.bench.threads > bench::kMaxThreads || !std::has_single_bit(o.bench.threads)) {
    return fail(ExitStatus::usage, "--threads: " + std::to_string(o.bench.threads) +
                                       " is not a power of two in [1, " + std::to_string(bench::kMaxThreads) + "]");
  }
  if (o.bench.threads > 1 && o.bench.backendSpec.rfind("exec:", 0) == 0) {
    return fail(ExitStatus::usage, "--threads: an exec: backend runs one call at a time; use --threads 1");
  }
  std::optional<StagedOutput> staged;
  if (!o.outDir.empty()) {
    StagedOutput::Begin begin = StagedOutput::begin(o.outDir, o.force);
    if (!begin.output) return fail(ExitStatus::outputRefused, begin.error);
    staged.emplace(std::move(*begin.output));
  }
  run::BackendMade made = run::makeBackend(o.bench.backendSpec, o.perCaseTimeoutMs);
  if (!made.backend) return fail(ExitStatus::backendUnavailable, made.error);
  const bench::MachineInfo machine = bench::machineInfo();
  const std::vector<bench::BenchRow> rows = bench::runBench(*made.backend, o.bench, std::cerr);
  if (rows.empty()) return fail(ExitStatus::backendUnavailable, "--filter selects no benchmark case");
  const std::string table = bench::tableText(rows, made.backend->name(), machine, o.bench.threads);
  std::cout << table;
  if (staged) {
    std::string error = staged->write("bench.json", bench::jsonText(rows, o.bench, *made.backend, machine));
    if (error.empty()) error = staged->write("table.txt", table);
    if (error.empty()) error = staged->commit();
    if (!error.empty()) return fail(ExitStatus::outputRefused, error);
  }
  const bool broken = std::any_of(rows.begin(), rows.end(), isHardFailure);
  return code(broken ? ExitStatus::checksFailed : ExitStatus::ok);
}

}  // namespace

Command addBenchCommand(CLI::App& parent) {
  auto o = std::make_shared<BenchCliOptions>();
  CLI::App* app =
      parent.add_subcommand("bench", "Time a backend on the benchmark table, next to memcpy (docs/bench.md)");
  app->add_option("--backend", o->bench.backendSpec, "fast | oracle | plugin:PATH.so | exec:\"COMMAND ARGS\"")
      ->capture_default_str();
  app->add_option("--sizes", o->sizes, "payload sizes, powers of two from 4K to 1G")->capture_default_str();
  app->add_option("--filter", o->bench.filter, "only rows whose <case>/<dtype>/<size> matches this regex");
  app->add_option("--repetitions", o->bench.repetitions, "measurements per row; the median is reported")
      ->capture_default_str();
  app->add_option("--min-time", o->bench.minSeconds, "seconds per measurement")->capture_default_str();
  app->add_option("--threads", o->bench.threads,
                  "split each copy over this many threads (a power of two), against as many memcpys")
      ->capture_default_str();
  app->add_option("--out", o->outDir, "write bench.json and table.txt here");
  app->add_flag("--force", o->force, "replace a non-empty --out directory");
  app->add_option("--timeout-ms", o->perCaseTimeoutMs, "per-call timeout for plugin and exec backends")
      ->capture_default_str()
      ->check(CLI::Range(1u, 3600000u));  // 0 would time every case out: a run that tests nothing
  return {app, [o] { return runBenchCommand(*o); }};
}

}  // namespace dcconf::cli
