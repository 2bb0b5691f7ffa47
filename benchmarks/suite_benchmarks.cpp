// The cost of the suite (docs/coverage.md "Cost"; docs/bench.md "The suite benchmark"):
// BM_DefaultRun/<product> runs the suite as `dcconf run --product P --seed 1` does (fast backend, 100 cases per
// property, one process) and reports the run's own time split (report.json coverage.time) as counters;
// BM_Suite/<backend>/<product>[/<operation>/<property>] times the same run, or the units of one operation and
// property, in CPU seconds (user + system, the backend's worker or child process included) and reports cases per
// CPU second. CPU seconds, not wall time: a shared machine's load moves wall time, not the work done. The machine's
// load average sits beside them all the same. No test asserts on the timings.
#include <sys/resource.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include <benchmark/benchmark.h>

#include "dcconf/oracle/types.hpp"
#include "dcconf/run/lifecycle.hpp"
#include "dcconf/run/run.hpp"

namespace {

double loadAverage1() {
  std::ifstream in("/proc/loadavg");
  double load = 0;
  in >> load;
  return load;
}

// CPU seconds (user + system) of this process and of its children that were waited for: a run's backend worker
// or exec child is waited for when the run ends, so the difference around a run is the run's whole cost.
double cpuSeconds() {
  auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6; };
  rusage self{};
  rusage children{};
  ::getrusage(RUSAGE_SELF, &self);
  ::getrusage(RUSAGE_CHILDREN, &children);
  return seconds(self.ru_utime) + seconds(self.ru_stime) + seconds(children.ru_utime) + seconds(children.ru_stime);
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

// One default run (100 cases per property) of `backendSpec` on `product`, restricted to the units `onlyGlob` names,
// timed in CPU seconds (the benchmark's time, UseManualTime) with its cases per CPU second.
void BM_Suite(benchmark::State& state, std::string backendSpec, dcconf::oracle::Product product, std::string onlyGlob) {
  dcconf::run::RunOptions options;
  options.backendSpec = std::move(backendSpec);
  options.product = product;
  options.onlyGlob = std::move(onlyGlob);
  options.seed = 1;
  options.quiet = true;
  options.commandLine = "BM_Suite";
  double cases = 0;
  double cpu = 0;
  const double loadBefore = loadAverage1();
  for (auto _ : state) {
    std::ostringstream err;
    const double before = cpuSeconds();
    const dcconf::run::RunOutcome outcome = dcconf::run::runSuite(options, err);
    const double spent = cpuSeconds() - before;
    if (!outcome.report) {
      state.SkipWithError(("the run did not start: " + outcome.error).c_str());
      return;
    }
    state.SetIterationTime(spent);
    cpu += spent;
    cases += static_cast<double>(outcome.report->totals().total());
  }
  const auto avg = benchmark::Counter::kAvgIterations;
  state.counters["cases"] = benchmark::Counter(cases, avg);
  state.counters["cpu_s"] = benchmark::Counter(cpu, avg);
  state.counters["cases_per_cpu_s"] = cpu > 0 ? cases / cpu : 0;
  state.counters["load1"] = (loadBefore + loadAverage1()) / 2;
}

// Cases per second of one backend on the same units (the exec transport's cost beside the plugin's).
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

// The backends of the suite benchmark: the in-process fast backend, the shipped example plugin, and the no-op plugin
// and no-op exec backend (which answer not-supported after the transport: dcconf's side of each route alone).
std::vector<std::pair<std::string, std::string>> suiteBackends() {
  const std::string python = DCCONF_PYTHON3;
  return {{"fast", "fast"},
          {"plugin-example", std::string("plugin:") + DCCONF_EXAMPLE_PLUGIN},
          {"plugin-noop", std::string("plugin:") + DCCONF_NOOP_PLUGIN},
          {"exec-noop", "exec:" + python + " " + DCCONF_BENCH_FIXTURES + "/noop_exec_backend.py"}};
}

// BM_Suite/<backend>/<product> (the whole default run), then one row per operation and property of the product:
// BM_Suite/<backend>/<product>/<operation key>/<property slug>, its units of every dtype.
const bool registeredSuite = [] {
  for (const auto& [label, spec] : suiteBackends()) {
    for (const dcconf::oracle::Product product : dcconf::oracle::allProducts()) {
      const std::string row = "BM_Suite/" + label + "/" + std::string(dcconf::oracle::name(product));
      benchmark::RegisterBenchmark(row.c_str(), BM_Suite, spec, product, std::string("*"))
          ->Unit(benchmark::kSecond)
          ->UseManualTime()
          ->Iterations(1);
    }
  }
  for (const auto& [label, spec] : suiteBackends()) {
    for (const dcconf::oracle::Product product : dcconf::oracle::allProducts()) {
      dcconf::run::RunOptions options;
      options.product = product;
      std::set<std::string> rows;  // "operation key/property slug", in plan order of first sight
      std::vector<std::string> ordered;
      for (const dcconf::run::UnitInfo& unit : dcconf::run::listUnits(options)) {
        const std::string operation = unit.id.substr(0, unit.id.find('/'));
        const std::string property = unit.id.substr(unit.id.rfind('/') + 1);
        if (rows.insert(operation + "/" + property).second) ordered.push_back(operation + "/" + property);
      }
      for (const std::string& operationProperty : ordered) {
        const std::string operation = operationProperty.substr(0, operationProperty.find('/'));
        const std::string property = operationProperty.substr(operationProperty.find('/') + 1);
        const std::string row =
            "BM_Suite/" + label + "/" + std::string(dcconf::oracle::name(product)) + "/" + operationProperty;
        benchmark::RegisterBenchmark(row.c_str(), BM_Suite, spec, product, operation + "/*/" + property)
            ->Unit(benchmark::kMillisecond)
            ->UseManualTime()
            ->Iterations(1);
      }
    }
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

// The heap policy of `dcconf run` (run::retainFreedMemory), so that the numbers are those of the command.
int main(int argc, char** argv) {
  dcconf::run::retainFreedMemory();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
