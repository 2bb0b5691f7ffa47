// The crash and hang mutants (catalogue_conditional.cpp) really crash and hang on their rare input; their backend
// runs each call in a forked child (isolated.cpp), so the test process sees CRASH / TIMEOUT and goes on, and on
// any other input the isolated mutant answers as fast does, with dst written back.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <string_view>
#include <variant>

#include "dcconf/mutants/mutants.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "dcconf/properties/generators.hpp"

namespace dcconf::mutants {
namespace {

using backends::RunStatus;
using namespace oracle;

const Mutant& mutantNamed(std::string_view name) {
  const auto& all = catalogue();
  const auto it = std::find_if(all.begin(), all.end(), [&](const Mutant& m) { return m.name == name; });
  EXPECT_NE(it, all.end()) << name;
  return *it;
}

// A valid case of the operation (atlas-a2) with these params, its buffers sized to the extents.
casefile::CaseData caseWith(Operation operation, CopyParams params, std::uint32_t calCountBytes = 0) {
  properties::Scope scope;
  scope.product = Product::atlas_a2;
  casefile::CaseData data =
      properties::genCase(operation, scope)(rc::Random(rc::Random::Key{1, 2, 3, 4}), 10).value().data;
  data.c.params = params;
  if (calCountBytes != 0) data.c.params = CalCount{static_cast<std::uint32_t>(calCountBytes / sizeBytes(data.c.dtype))};
  const Extents e = extents(data.c);
  data.c.src.sizeBytes = data.c.src.offsetBytes + e.srcSpanBytes;
  data.c.dst.sizeBytes = data.c.dst.offsetBytes + e.dstSpanBytes;
  data.src.assign(data.c.src.sizeBytes, 0x5A);
  data.dstBefore.assign(data.c.dst.sizeBytes, 0xA5);
  EXPECT_TRUE(validate(data.c).empty()) << casefile::toJsonText(data);
  return data;
}

RunStatus runOn(const Mutant& mutant, const casefile::CaseData& data, std::vector<std::uint8_t>& dst) {
  auto backend = makeMutantBackend(mutant);
  dst = data.dstBefore;
  return backend->run(data.c, data.src, dst).status;
}

TEST(IsolatedMutants, ACrashIsCrashAndTheRareInputOnlyCrashes) {
  const Mutant& crash = mutantNamed("condDcCrashAt4095Blocks");
  std::vector<std::uint8_t> dst;
  const auto crashing = caseWith(Operation::copy0Level, DataCopyParams{4095, 1, 0, 0});
  EXPECT_EQ(runOn(crash, crashing, dst), RunStatus::crashed);
  // blockCount 4094: runs as fast, and dst comes back from the child
  const auto fine = caseWith(Operation::copy0Level, DataCopyParams{4094, 1, 0, 0});
  ASSERT_EQ(runOn(crash, fine, dst), RunStatus::ok);
  const auto at = dst.begin() + static_cast<std::ptrdiff_t>(fine.c.dst.offsetBytes);
  EXPECT_EQ(std::vector<std::uint8_t>(at, at + 32), std::vector<std::uint8_t>(32, 0x5A));
}

TEST(IsolatedMutants, AnAbortIsCrash) {
  const Mutant& crash = mutantNamed("condNd2nzCrashOnNValueOver8192");
  Nd2NzParams p{};
  p.ndNum = 1;
  p.nValue = 8193;
  p.dValue = 1;
  p.srcDValue = 1;
  p.dstNzNStride = 1;
  p.dstNzC0Stride = 8193;
  const casefile::CaseData data = caseWith(Operation::nd2nz, p);
  std::vector<std::uint8_t> dst;
  EXPECT_EQ(runOn(crash, data, dst), RunStatus::crashed);
}

TEST(IsolatedMutants, AHangIsTimeout) {
  const Mutant& hang = mutantNamed("condDc3HangAt1MiB");
  const auto data = caseWith(Operation::copy2Level, CalCount{1}, 1u << 20);
  std::vector<std::uint8_t> dst;
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(runOn(hang, data, dst), RunStatus::timedOut);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30));
}

}  // namespace
}  // namespace dcconf::mutants
