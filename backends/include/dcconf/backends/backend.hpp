// The in-process backend interface: an implementation under test (IUT) runs one case on buffers it is given.
// Plugins (C ABI) and out-of-process simulators are adapted to this interface by runners/.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "dcconf/oracle/case.hpp"
#include "dcconf/oracle/expectation.hpp"

namespace dcconf::backends {

enum class RunStatus : std::uint8_t {
  ok,            // the backend ran the case; dst holds its result
  rejected,      // the backend refused the parameters (expected for invalid cases)
  notSupported,  // the backend does not implement this product/path/dtype
  crashed,       // the backend died (plugins and processes only)
  timedOut,      // the backend did not answer in time (plugins and processes only)
  error,         // anything else: detail says what
  violated,      // the backend wrote outside its buffers (guard bytes) or into its source: a failure on any case,
                 // valid or invalid; detail names the region ("guard after dst") (plugins only)
};
std::string_view name(RunStatus status);

struct RunResult {
  RunStatus status = RunStatus::ok;
  std::string detail;  // one line; empty when ok
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual std::string name() const = 0;
  virtual std::string version() const = 0;
  // Whether the backend implements this product/api/path/dtype at all (parameters are not looked at).
  virtual bool supports(const oracle::Case& c) const = 0;
  // src is c.src.sizeBytes long, dst is c.dst.sizeBytes long and holds the destination's prior content; the
  // backend performs the copy the case describes (starting at the cases' offsets) and leaves the result in dst.
  // It may be handed invalid cases: it should answer rejected, and must never write outside dst.
  virtual RunResult run(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) = 0;
  // Whether run() may be handed sparse buffers (MAP_SHARED memfd mappings of up to 2^40 bytes whose
  // bytes mostly do not exist): the backend touches only the case's footprint and never copies or clears a whole
  // buffer. A backend that copies buffers (a plugin's guarded copies) or sends them (exec) answers false, and the
  // sparse lane reports its cases as not run.
  virtual bool acceptsSparseBuffers() const { return false; }
  // The backend's own declared limits (dcconf.limits/1 JSON text, docs/limits.md), "" when it declares
  // none: a plugin's dcconf_backend_limits_v1(), an exec child's hello "limits".
  virtual std::string declaredLimits() const { return {}; }
  // A sparse buffer's bytes and the memfd behind them, so that a backend in another process (the plugin worker)
  // can map the same file instead of copying it; windows: the page-aligned ranges that were seeded (the case's
  // footprint and its guards). Nothing outside them may be touched: a page there would be allocated.
  struct SparseBytes {
    std::span<std::uint8_t> bytes;
    int fd = -1;
    std::span<const oracle::ByteRange> windows;
  };
  // Runs a case on sparse buffers (only when acceptsSparseBuffers()). By default run() on their bytes, in place.
  virtual RunResult runSparse(const oracle::Case& c, SparseBytes src, SparseBytes dst) {
    return run(c, src.bytes, dst.bytes);
  }
};

// The oracle itself as a backend: writes every cared byte of the expectation and leaves ANY bytes as they were.
std::unique_ptr<Backend> makeOracleBackend();
// The performance-minded CPU implementation of every oracle path (memcpy-sized bursts, no per-byte hot loops).
std::unique_ptr<Backend> makeFastBackend();

}  // namespace dcconf::backends
