// The kill matrix's fixed FIX cases (fix_cases.hpp): each is valid, fully pinned (an ANY byte in its footprint only
// inside an element that must be a NaN of T, AMB-16), and
// the unmutated fast backend matches the oracle on it, so a kill on these cases is the mutant's fault. Every FIX
// mutant of the catalogue differs from the oracle on at least one of them.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "dcconf/mutants/mutants.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "fix_cases.hpp"

namespace dcconf::mutants {
namespace {

// Whether the backend leaves every cared byte of the case as the oracle expects.
bool matchesOracle(backends::Backend& backend, const casefile::CaseData& data) {
  const oracle::Evaluation e = oracle::evaluate(data.c, data.src, data.dstBefore);
  std::vector<std::uint8_t> dst = data.dstBefore;
  const backends::RunResult r = backend.run(data.c, data.src, dst);
  return r.status == backends::RunStatus::ok && oracle::firstMismatch(e.expectation, dst) == oracle::kNoMismatch;
}

TEST(FixKillCases, ValidPinnedAndFastMatchesTheOracle) {
  auto fast = backends::makeFastBackend();
  const auto cases = fixpipeKillCases();
  ASSERT_GE(cases.size(), 8u);
  for (const casefile::CaseData& data : cases) {
    SCOPED_TRACE(data.description);
    const oracle::Evaluation e = oracle::evaluate(data.c, data.src, data.dstBefore);
    ASSERT_EQ(e.verdict, oracle::Verdict::computed)
        << (e.violations.empty() ? "" : oracle::describe(e.violations.front()));
    std::vector<std::uint8_t> classed(e.expectation.care.size(), 0);
    for (const oracle::ClassConstraint& k : e.expectation.classes) {
      for (std::uint32_t b = 0; b < oracle::sizeBytes(k.dtype); ++b) classed[k.index + b] = 1;
    }
    for (const oracle::ByteRange& w : e.footprint.writes) {
      for (std::uint64_t b = w.begin; b < w.end; ++b) {
        EXPECT_TRUE(e.expectation.care[b] == 1 || classed[b] == 1) << "ANY at byte " << b;
      }
    }
    EXPECT_TRUE(matchesOracle(*fast, data));
  }
}

TEST(FixKillCases, EveryFixMutantIsWrongOnOne) {
  const auto cases = fixpipeKillCases();
  std::size_t fixMutants = 0;
  for (const Mutant& mutant : catalogue()) {
    if (std::find(mutant.operations.begin(), mutant.operations.end(), oracle::Operation::fixpipe) ==
        mutant.operations.end() || mutant.needsSparseLane) {  // sparse-only: no flat case can hold its field
      continue;
    }
    ++fixMutants;
    auto backend = makeMutantBackend(mutant);
    const bool killed = std::any_of(cases.begin(), cases.end(), [&](const casefile::CaseData& data) {
      return !matchesOracle(*backend, data);
    });
    EXPECT_TRUE(killed) << mutant.name << " survives every fixed FIX case";
  }
  EXPECT_GE(fixMutants, 9u);
}

}  // namespace
}  // namespace dcconf::mutants
