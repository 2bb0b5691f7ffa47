// Google Benchmark front end of the shared case table (src/bench_cases.hpp): for every size, a plain memcpy first,
// then every case on the fast backend and, up to kOracleMaxBytes, on the oracle. Bytes/s come from
// SetBytesProcessed (wall-clock time); the counter x_memcpy divides them by the memcpy of the same byte count
// measured earlier in the same run (measured on the spot when a filter left that memcpy out).
#include <chrono>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "bench_cases.hpp"
#include "dcconf/backends/backend.hpp"

namespace {

using namespace dcconf;

constexpr std::uint64_t kSizes[] = {std::uint64_t{4} << 10, std::uint64_t{64} << 10, std::uint64_t{1} << 20,
                                    std::uint64_t{16} << 20, std::uint64_t{64} << 20};

std::map<std::uint64_t, double>& memcpyBaselines() {
  static std::map<std::uint64_t, double> baselines;  // payload bytes -> bytes/s
  return baselines;
}

// Wall-clock bytes/s of the loop that just ran (the same quantity SetBytesProcessed reports with UseRealTime).
class LoopTimer {
 public:
  double bytesPerSecond(const benchmark::State& state, std::uint64_t bytes) const {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    return static_cast<double>(bytes) * static_cast<double>(state.iterations()) / seconds;
  }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

void benchMemcpy(benchmark::State& state, std::uint64_t bytes) {
  std::vector<std::uint8_t> from(bytes, 0x5A);
  std::vector<std::uint8_t> to(bytes, 0);
  const LoopTimer timer;
  for (auto _ : state) {
    std::memcpy(to.data(), from.data(), bytes);
    benchmark::ClobberMemory();
  }
  memcpyBaselines()[bytes] = timer.bytesPerSecond(state, bytes);
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes * state.iterations()));
}

void benchBackend(benchmark::State& state, backends::Backend* backend, const bench::BenchCase* benchCase,
                  std::uint64_t size) {
  bench::BenchInstance instance = benchCase->build(benchCase->dtype, size);
  const backends::RunResult first = backend->run(instance.c, instance.src, instance.dst);
  if (first.status != backends::RunStatus::ok) {
    state.SkipWithError((std::string(backends::name(first.status)) + ": " + first.detail).c_str());
    for (auto _ : state) {
    }
    return;
  }
  const LoopTimer timer;
  for (auto _ : state) {
    backend->run(instance.c, instance.src, instance.dst);
    benchmark::ClobberMemory();
  }
  const double bytesPerSecond = timer.bytesPerSecond(state, instance.payloadBytes);
  double& baseline = memcpyBaselines()[instance.payloadBytes];
  if (baseline == 0) baseline = bench::memcpyBytesPerSecond(instance.payloadBytes, 0.05);
  state.SetBytesProcessed(static_cast<std::int64_t>(instance.payloadBytes * state.iterations()));
  state.counters["x_memcpy"] = bytesPerSecond / baseline;
  state.SetLabel(bench::pathOf(instance));
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  const std::unique_ptr<backends::Backend> fast = backends::makeFastBackend();
  const std::unique_ptr<backends::Backend> oracle = backends::makeOracleBackend();
  for (const std::uint64_t size : kSizes) {
    benchmark::RegisterBenchmark(("memcpy/" + bench::sizeLabel(size)).c_str(), benchMemcpy, size)->UseRealTime();
  }
  for (const std::uint64_t size : kSizes) {
    for (const bench::BenchCase& benchCase : bench::benchCases()) {
      const std::string suffix = bench::label(benchCase) + "/" + bench::sizeLabel(size);
      benchmark::RegisterBenchmark(("fast/" + suffix).c_str(), benchBackend, fast.get(), &benchCase, size)
          ->UseRealTime();
      if (size > bench::kOracleMaxBytes) continue;
      benchmark::RegisterBenchmark(("oracle/" + suffix).c_str(), benchBackend, oracle.get(), &benchCase, size)
          ->UseRealTime();
    }
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
