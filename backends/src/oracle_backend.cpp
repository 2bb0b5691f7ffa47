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
  bool acceptsSparseBuffers() const override { return true; }  // a sparse evaluation above kDenseBytes
  RunResult run(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) override {
    if (dst.size() > kDenseBytes || src.size() > kDenseBytes) return runSparse(c, src, dst);
    oracle::Evaluation& e = scratch_;
    oracle::evaluate(c, src, dst, e);
    if (e.verdict != oracle::Verdict::computed) return refused(e.verdict, e.violations);
    for (std::size_t i = 0; i < dst.size(); ++i) {
      if (e.expectation.care[i] != 0) dst[i] = e.expectation.expected[i];
    }
    return {};
  }

 private:
  // Above this a buffer is taken for a sparse mapping (issue 15: a 4 GiB GM stride): the expectation is built over
  // the footprint only, so the oracle never touches the bytes in between.
  static constexpr std::uint64_t kDenseBytes = std::uint64_t{256} << 20;

  static RunResult refused(oracle::Verdict verdict, const std::vector<oracle::Violation>& violations) {
    switch (verdict) {
      case oracle::Verdict::computed: return {};
      case oracle::Verdict::invalid: return {RunStatus::rejected, oracle::describe(violations.front())};
      case oracle::Verdict::notSupported: return {RunStatus::notSupported, oracle::describe(violations.front())};
      case oracle::Verdict::malformed: return {RunStatus::error, oracle::describe(violations.front())};
    }
    return {RunStatus::error, "unknown verdict"};
  }

  RunResult runSparse(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) {
    oracle::WindowedEvaluation w;
    oracle::evaluateWindows(c, src, dst, {}, w);  // the gates, and the footprint of a valid case
    if (w.verdict != oracle::Verdict::computed) return refused(w.verdict, w.violations);
    const std::vector<oracle::ByteRange> windows = w.footprint.writes;
    oracle::evaluateWindows(c, src, dst, windows, w);
    std::uint64_t at = 0;
    for (const oracle::ByteRange& r : windows) {
      for (std::uint64_t b = r.begin; b < r.end; ++b, ++at) {
        if (w.expectation.care[at] != 0) dst[b] = w.expectation.expected[at];
      }
    }
    return {};
  }


  oracle::Evaluation scratch_;  // reused call to call: a large case then costs no fresh pages
};

}  // namespace

std::unique_ptr<Backend> makeOracleBackend() { return std::make_unique<OracleBackend>(); }

}  // namespace dcconf::backends
