#include <algorithm>

#include "dcconf/backends/backend.hpp"
#include "dcconf/oracle/alternatives.hpp"
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

// G-6: as an implementation the oracle follows one behaviour, the first reading of every alternatives ambiguity the
// case's profile leaves open (its ANY bytes would otherwise keep dstBefore, which no whole reading explains).
oracle::Case firstReadings(oracle::Case c) {
  for (const int id : oracle::kOpenAlternativeIds) {
    if (oracle::leavesOpen(c.profile, id)) c.profile = oracle::pinReading(c.profile, id, false);
  }
  return c;
}

// Whether an open alternatives ambiguity is to blame for some ANY byte (the only case firstReadings changes).
bool decidesAnyByte(const oracle::Expectation& e) {
  for (std::size_t i = 0; i < e.care.size(); ++i) {
    if (e.care[i] == 0 && oracle::isAlternatives(oracle::ambiguityId(e.region[i]))) return true;
  }
  return false;
}

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
    if (e.verdict == oracle::Verdict::computed && decidesAnyByte(e.expectation)) {
      oracle::evaluate(firstReadings(c), src, dst, e);  // the verdict stays the profile's (G-4), the bytes one reading's
    }
    if (e.verdict != oracle::Verdict::computed) return refused(e.verdict, e.violations);
    for (std::size_t i = 0; i < dst.size(); ++i) {
      if (e.expectation.care[i] != 0) dst[i] = e.expectation.expected[i];
    }
    // AMB-16 (project): an element whose payload is open is still a NaN; a canonical quiet one, as ANY bytes
    // elsewhere keep dstBefore.
    oracle::writeCanonicalClasses(e.expectation.classes, dst);
    return {};
  }

  // Sparse buffers (a 4 GiB GM stride): the expectation is built over the caller's windows only, so the
  // oracle never touches the bytes in between.
  RunResult runSparse(const oracle::Case& c, SparseBytes src, SparseBytes dst) override {
    oracle::WindowedEvaluation w;
    oracle::evaluateWindows(c, src.bytes, dst.bytes, dst.windows, w);
    if (w.verdict == oracle::Verdict::computed && decidesAnyByte(w.expectation)) {
      oracle::evaluateWindows(firstReadings(c), src.bytes, dst.bytes, dst.windows, w);
    }
    if (w.verdict != oracle::Verdict::computed) return refused(w.verdict, w.violations);
    if (w.uncoveredWrites != 0) return {RunStatus::error, "oracle: the case writes outside the sparse windows"};
    std::uint64_t at = 0;
    for (const oracle::ByteRange& r : dst.windows) {
      for (std::uint64_t b = r.begin; b < r.end; ++b, ++at) {
        if (w.expectation.care[at] != 0) dst.bytes[b] = w.expectation.expected[at];
      }
    }
    // AMB-16 (project): a canonical NaN where a class constraint stands; its index is the expectation's (windows
    // back to back), and an element never straddles two windows (they are page-aligned).
    std::uint64_t windowStart = 0;
    for (const oracle::ByteRange& r : dst.windows) {
      const std::uint64_t length = r.end - r.begin;
      for (const oracle::ClassConstraint& k : w.expectation.classes) {
        if (k.index < windowStart || k.index >= windowStart + length) continue;
        oracle::ClassConstraint shifted = k;
        shifted.index -= windowStart;
        oracle::writeCanonicalClasses({&shifted, 1}, dst.bytes.subspan(r.begin, length));
      }
      windowStart += length;
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
