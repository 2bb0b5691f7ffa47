// The run engine on misbehaving backends. No exception inside a property vanishes: a backend that throws on some
// calls gets those cases counted as failures of their unit and reported, never a pass (RapidCheck alone would shrink
// a failure the engine never saw).
#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>

#include "engine_internal.hpp"

namespace dcconf::run {
namespace {

class ThrowsEverySecondCall final : public backends::Backend {
 public:
  std::string name() const override { return "throws"; }
  std::string version() const override { return "0"; }
  bool supports(const oracle::Case& c) const override { return fast_->supports(c); }
  backends::RunResult run(const oracle::Case& c, std::span<const std::uint8_t> src,
                          std::span<std::uint8_t> dst) override {
    if (++calls_ % 2 == 0) throw std::runtime_error("type must be boolean, but is string");
    return fast_->run(c, src, dst);
  }

 private:
  std::unique_ptr<backends::Backend> fast_ = backends::makeFastBackend();
  std::uint64_t calls_ = 0;
};

report::Report runWith(backends::Backend& backend, RunOptions options, std::vector<OutputFile>& files) {
  options.seed = 5;
  options.quiet = true;
  const std::vector<Unit> units = planUnits(options);
  std::vector<std::uint64_t> indices(units.size());
  for (std::size_t i = 0; i < units.size(); ++i) indices[i] = i;
  std::ostringstream err;
  return runUnits(options, backend, units, indices, files, err);
}

report::Report runWithThrowingBackend(const std::string& only) {
  RunOptions options;
  options.casesPerProperty = 20;
  options.onlyGlob = only;
  ThrowsEverySecondCall backend;
  std::vector<OutputFile> files;
  return runWith(backend, options, files);
}

TEST(EngineExceptions, AThrowingBackendFailsTheCaseAndIsReported) {
  for (const char* only : {"padGmToUb/half/G-1-conformance", "padGmToUb/half/G-4*"}) {
    const report::Report report = runWithThrowingBackend(only);
    EXPECT_FALSE(report.passed()) << only;
    EXPECT_GT(report.totals()[report::CaseStatus::fail], 0u) << only;
    ASSERT_FALSE(report.failures().empty()) << only;
    EXPECT_NE(report.failures().front().message.find("exception inside the property: type must be boolean"),
              std::string::npos)
        << only << ": " << report.failures().front().message;
  }
}

}  // namespace
}  // namespace dcconf::run
