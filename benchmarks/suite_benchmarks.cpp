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

void BM_DefaultRun(benchmark::State& state, dcconf::oracle::Product product) {
  dcconf::run::RunOptions options;
  options.product = product;
  options.seed = 1;
  options.quiet = true;
  options.commandLine = "BM_DefaultRun";
  dcconf::report::TimeSplit split;
  double cases = 0;
  const double loadBefore = loadAverage1();
  for (auto _ : state) {
    std::ostringstream err;
    const dcconf::run::RunOutcome outcome = dcconf::run::runSuite(options, err);
    if (!outcome.report) {
      state.SkipWithError(("the run did not start: " + outcome.error).c_str());
      return;
    }
    const dcconf::report::TimeSplit& t = outcome.report->coverage().time();
    split.generationSeconds += t.generationSeconds;
    split.oracleSeconds += t.oracleSeconds;
    split.backendSeconds += t.backendSeconds;
    cases += static_cast<double>(outcome.report->totals().total());
  }
  const auto avg = benchmark::Counter::kAvgIterations;
  state.counters["generation_s"] = benchmark::Counter(split.generationSeconds, avg);
  state.counters["oracle_s"] = benchmark::Counter(split.oracleSeconds, avg);
  state.counters["backend_s"] = benchmark::Counter(split.backendSeconds, avg);
  state.counters["cases"] = benchmark::Counter(cases, avg);
  state.counters["load1"] = (loadBefore + loadAverage1()) / 2;
}

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
