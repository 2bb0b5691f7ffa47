// The run engine on misbehaving backends. No exception inside a property vanishes: a backend that throws on some
// calls gets those cases counted as failures of their unit and reported, never a pass (RapidCheck alone would shrink
// a failure the engine never saw). A backend wrong everywhere meets the failure machinery's bounds and still reports.
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

// Writes a random destination, as a broken device would.
class WritesNoise final : public backends::Backend {
 public:
  std::string name() const override { return "noise"; }
  std::string version() const override { return "0"; }
  bool supports(const oracle::Case& c) const override { return fast_->supports(c); }
  backends::RunResult run(const oracle::Case&, std::span<const std::uint8_t>, std::span<std::uint8_t> dst) override {
    for (std::uint8_t& byte : dst) byte = static_cast<std::uint8_t>((state_ = state_ * 6364136223846793005ull + 1) >> 56);
    return {backends::RunStatus::ok, ""};
  }

 private:
  std::unique_ptr<backends::Backend> fast_ = backends::makeFastBackend();
  std::uint64_t state_ = 1;
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

// Past maxFailuresKept the failures are still counted and listed, without their cases (which held the memory), and
// the run says so; with the shrink budget spent no failure is shrunk or minimised further.
TEST(EngineBounds, ManyDistinctFailuresKeepTheFirstCasesAndStillReport) {
  RunOptions options;
  options.casesPerProperty = 5;
  options.onlyGlob = "padGmToUb/*/G-1-conformance";
  options.maxFailuresKept = 3;
  options.shrinkBudget = std::chrono::seconds{0};
  WritesNoise backend;
  std::vector<OutputFile> files;
  const report::Report report = runWith(backend, options, files);
  ASSERT_GT(report.failures().size(), 3u);
  std::size_t kept = 0;
  for (const report::Failure& failure : report.failures()) kept += !failure.caseFile.empty();
  EXPECT_EQ(kept, 3u);
  EXPECT_EQ(report.totals()[report::CaseStatus::fail], report.failures().size()) << "every failure is counted";
  std::size_t caseFiles = 0;
  for (const OutputFile& file : files) caseFiles += file.relativePath.ends_with(".json");
  EXPECT_EQ(caseFiles, 3u);
  EXPECT_NE(report.toJsonText().find("the run keeps the cases of its first 3 failures"), std::string::npos);
}

}  // namespace
}  // namespace dcconf::run
