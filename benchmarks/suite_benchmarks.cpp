// The cost of the default `dcconf run` of one product (issue 15, docs/coverage.md "Cost"): BM_DefaultRun/<product>
// runs the suite as `dcconf run --product P --seed 1` does (fast backend, 100 cases per property, one process) and
// reports the run's own time split (report.json coverage.time) as counters, with the machine's load average beside
// them: a shared CI machine's figures mean little without it. No test asserts on the timings.
#include <fstream>
#include <sstream>
#include <string>

#include <benchmark/benchmark.h>

#include "dcconf/oracle/types.hpp"
#include "dcconf/run/run.hpp"

namespace {

double loadAverage1() {
  std::ifstream in("/proc/loadavg");
  double load = 0;
  in >> load;
  return load;
}

// Runs the suite once per benchmark iteration and hands each report to `take`; false (the benchmark is skipped
// with the reason) when a run did not start.
template <class Take>
bool runEachIteration(benchmark::State& state, const dcconf::run::RunOptions& options, Take take) {
  for (auto _ : state) {
    std::ostringstream err;
    const dcconf::run::RunOutcome outcome = dcconf::run::runSuite(options, err);
    if (!outcome.report) {
      state.SkipWithError(("the run did not start: " + outcome.error).c_str());
      return false;
    }
    take(*outcome.report);
  }
  return true;
}

void BM_DefaultRun(benchmark::State& state, dcconf::oracle::Product product) {
  dcconf::run::RunOptions options;
  options.product = product;
  options.seed = 1;
  options.quiet = true;
  options.commandLine = "BM_DefaultRun";
  dcconf::report::TimeSplit split;
  double cases = 0;
  const double loadBefore = loadAverage1();
  const bool ran = runEachIteration(state, options, [&](const dcconf::report::Report& report) {
    const dcconf::report::TimeSplit& t = report.coverage().time();
    split.generationSeconds += t.generationSeconds;
    split.oracleSeconds += t.oracleSeconds;
    split.backendSeconds += t.backendSeconds;
    cases += static_cast<double>(report.totals().total());
  });
  if (!ran) return;
  const auto avg = benchmark::Counter::kAvgIterations;
  state.counters["generation_s"] = benchmark::Counter(split.generationSeconds, avg);
  state.counters["oracle_s"] = benchmark::Counter(split.oracleSeconds, avg);
  state.counters["backend_s"] = benchmark::Counter(split.backendSeconds, avg);
  state.counters["cases"] = benchmark::Counter(cases, avg);
  state.counters["load1"] = (loadBefore + loadAverage1()) / 2;
}

// Cases per second of one backend on the same units (issue 26: the exec transport's cost beside the plugin's).
// The no-op exec backends answer not-supported at once, so their rate is dcconf's side of the transport; the
// example plugin and the example exec backend do the copies. Compare rates within one run of this binary.
void BM_UnitsPerSecond(benchmark::State& state, std::string backendSpec) {
  dcconf::run::RunOptions options;
  options.backendSpec = std::move(backendSpec);
  options.onlyGlob = "padUbToGm/half/*";
  options.seed = 1;
  options.quiet = true;
  options.commandLine = "BM_UnitsPerSecond";
  double cases = 0;
  const bool ran = runEachIteration(state, options, [&](const dcconf::report::Report& report) {
    cases += static_cast<double>(report.totals().total());
  });
  if (!ran) return;
  state.counters["cases"] = benchmark::Counter(cases, benchmark::Counter::kAvgIterations);
  state.counters["cases_per_s"] = benchmark::Counter(cases, benchmark::Counter::kIsRate);
  state.counters["load1"] = loadAverage1();
}

const bool registeredUnits = [] {
  const std::string python = DCCONF_PYTHON3;
  const std::string noop = python + " " + DCCONF_BENCH_FIXTURES + "/noop_exec_backend.py";
  const std::string example = python + " " + DCCONF_EXEC_EXAMPLE;
  const std::pair<const char*, std::string> backends[] = {
      {"plugin-example", std::string("plugin:") + DCCONF_EXAMPLE_PLUGIN},
      {"exec2-noop", "exec:" + noop},
      {"exec1-noop", "exec:" + noop + " --protocol 1"},
      {"exec2-example", "exec:" + example},
      {"exec1-example", "exec:" + example + " --protocol 1"},
  };
  for (const auto& [label, spec] : backends) {
    benchmark::RegisterBenchmark((std::string("BM_UnitsPerSecond/") + label).c_str(), BM_UnitsPerSecond, spec)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime()
        ->Iterations(5);
  }
  return true;
}();

const bool registered = [] {
  for (const dcconf::oracle::Product product : dcconf::oracle::allProducts()) {
    benchmark::RegisterBenchmark(("BM_DefaultRun/" + std::string(dcconf::oracle::name(product))).c_str(),
                                 BM_DefaultRun, product)
        ->Unit(benchmark::kSecond)
        ->UseRealTime()
        ->Iterations(1);
  }
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
