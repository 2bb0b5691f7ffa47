#include <algorithm>

#include "dcconf/backends/backend.hpp"
#include "dcconf/oracle/oracle.hpp"

namespace dcconf::backends {

std::string_view name(RunStatus status) {
  switch (status) {
    case RunStatus::ok: return "ok";
    case RunStatus::rejected: return "rejected";
    case RunStatus::notSupported: return "not-supported";
    case RunStatus::crashed: return "crashed";
    case RunStatus::timedOut: return "timed-out";
    case RunStatus::error: return "error";
    case RunStatus::violated: return "violated";
  }
  return "?";
}

namespace {

class OracleBackend final : public Backend {
 public:
  std::string name() const override { return "oracle"; }
  std::string version() const override { return "dcconf-oracle"; }
  bool supports(const oracle::Case& c) const override {
    const auto resolution = oracle::resolveOperation(c);
    return resolution.operation && oracle::checkSupport(c, *resolution.operation).empty();
  }
  bool acceptsSparseBuffers() const override { return true; }  // runSparse: an evaluation over the windows
  RunResult run(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) override {
    oracle::Evaluation& e = scratch_;
    oracle::evaluate(c, src, dst, e);
    if (e.verdict != oracle::Verdict::computed) return refused(e.verdict, e.violations);
    for (std::size_t i = 0; i < dst.size(); ++i) {
      if (e.expectation.care[i] != 0) dst[i] = e.expectation.expected[i];
    }
    return {};
  }

  // Sparse buffers (issue 15: a 4 GiB GM stride): the expectation is built over the caller's windows only, so the
  // oracle never touches the bytes in between.
  RunResult runSparse(const oracle::Case& c, SparseBytes src, SparseBytes dst) override {
    oracle::WindowedEvaluation w;
    oracle::evaluateWindows(c, src.bytes, dst.bytes, dst.windows, w);
    if (w.verdict != oracle::Verdict::computed) return refused(w.verdict, w.violations);
    if (w.uncoveredWrites != 0) return {RunStatus::error, "oracle: the case writes outside the sparse windows"};
    std::uint64_t at = 0;
    for (const oracle::ByteRange& r : dst.windows) {
      for (std::uint64_t b = r.begin; b < r.end; ++b, ++at) {
        if (w.expectation.care[at] != 0) dst.bytes[b] = w.expectation.expected[at];
      }
    }
    return {};
  }

 private:
  static RunResult refused(oracle::Verdict verdict, const std::vector<oracle::Violation>& violations) {
    switch (verdict) {
      case oracle::Verdict::computed: return {};
      case oracle::Verdict::invalid: return {RunStatus::rejected, oracle::describe(violations.front())};
      case oracle::Verdict::notSupported: return {RunStatus::notSupported, oracle::describe(violations.front())};
      case oracle::Verdict::malformed: return {RunStatus::error, oracle::describe(violations.front())};
    }
    return {RunStatus::error, "unknown verdict"};
  }

  oracle::Evaluation scratch_;  // reused call to call: a large case then costs no fresh pages
};

}  // namespace

std::unique_ptr<Backend> makeOracleBackend() { return std::make_unique<OracleBackend>(); }

}  // namespace dcconf::backends
