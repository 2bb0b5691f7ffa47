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
  RunResult run(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) override {
    oracle::Evaluation& e = scratch_;
    oracle::evaluate(c, src, dst, e);
    switch (e.verdict) {
      case oracle::Verdict::computed:
        for (std::size_t i = 0; i < dst.size(); ++i) {
          if (e.expectation.care[i] != 0) dst[i] = e.expectation.expected[i];
        }
        return {};
      case oracle::Verdict::invalid:
        return {RunStatus::rejected, oracle::describe(e.violations.front())};
      case oracle::Verdict::notSupported:
        return {RunStatus::notSupported, oracle::describe(e.violations.front())};
      case oracle::Verdict::malformed:
        return {RunStatus::error, oracle::describe(e.violations.front())};
    }
    return {RunStatus::error, "unknown verdict"};
  }

 private:
  oracle::Evaluation scratch_;  // reused call to call: a large case then costs no fresh pages
};

}  // namespace

std::unique_ptr<Backend> makeOracleBackend() { return std::make_unique<OracleBackend>(); }

}  // namespace dcconf::backends
