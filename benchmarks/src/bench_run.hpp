// `dcconf bench`'s engine: the shared case table through any Backend, each row next to a memcpy of the same number
// of bytes measured in the same run; results as a table and as bench.json (docs/bench.md).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <regex>
#include <string>
#include <vector>

#include "bench_cases.hpp"
#include "dcconf/backends/backend.hpp"

namespace dcconf::bench {

struct BenchOptions {
  std::string backendSpec = "fast";  // recorded only; the caller makes the backend
  std::vector<std::uint64_t> sizes;
  std::string filter;  // ECMAScript regex searched in "<case>/<dtype>/<size>"; empty: every row
  std::uint32_t repetitions = 3;  // timed (memcpy, backend) pairs per row; medians are reported
  double minSeconds = 0.1;        // per measurement
  // Threads the copy is split over: each runs its own case of size / threads, all at once, against as many
  // memcpys of the same bytes at once. A power of two in [1, kMaxThreads]; the backend must be thread-safe.
  std::uint32_t threads = 1;
};
inline constexpr std::uint32_t kMaxThreads = 64;

struct BenchRow {
  std::string name;   // "datacopy-contiguous"
  std::string path;   // "GM->VECIN"
  std::string dtype;  // "half"
  std::uint32_t dtypeBytes = 0;
  std::uint64_t sizeBytes = 0;     // the size asked for
  std::uint64_t payloadBytes = 0;  // bytes the copy moves; also what the memcpy baseline copies
  std::string status = "ok";       // ok | skipped | a RunStatus name ("rejected", "not-supported", ...)
  std::string detail;              // why, when not ok
  double backendBytesPerSecond = 0;  // medians over the repetitions
  double memcpyBytesPerSecond = 0;
  double ratio = 0;  // the median of the repetitions' backend / memcpy
};

// Runs every selected row; progress lines go to err. A backend named "oracle" skips sizes above kOracleMaxBytes.
std::vector<BenchRow> runBench(backends::Backend& backend, const BenchOptions& options, std::ostream& err);

struct MachineInfo {
  std::string cpu;  // /proc/cpuinfo "model name"
  std::uint32_t cores = 0;
  std::string loadAverage;  // /proc/loadavg's first three fields, at the start of the run
  std::vector<std::string> cpuFlags;  // the SIMD flags of /proc/cpuinfo the copy kernels could use
  std::string simd;                   // the fast backend's SIMD target ("AVX3", "AVX2", "scalar")
};
MachineInfo machineInfo();

// The table, after one line naming the machine (CPU, cores, SIMD, load average) and the threads.
std::string tableText(const std::vector<BenchRow>& rows, const std::string& backendName, const MachineInfo& machine,
                      std::uint32_t threads);
std::string jsonText(const std::vector<BenchRow>& rows, const BenchOptions& options, const backends::Backend& backend,
                     const MachineInfo& machine);

}  // namespace dcconf::bench
