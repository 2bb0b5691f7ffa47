// The benchmark table's cases are valid calls with the sizes they declare, and fast == oracle on them.
#include <gtest/gtest.h>

#include "bench_cases.hpp"
#include "dcconf/backends/backend.hpp"
#include "dcconf/oracle/oracle.hpp"

namespace dcconf::bench {
namespace {

TEST(BenchCases, EveryCaseIsValidAndFastMatchesTheOracle) {
  const auto fast = backends::makeFastBackend();
  for (const BenchCase& benchCase : benchCases()) {
    for (const std::uint64_t size : {kMinBytes, std::uint64_t{64} << 10}) {
      SCOPED_TRACE(label(benchCase) + "/" + sizeLabel(size));
      BenchInstance instance = benchCase.build(benchCase.dtype, size);
      EXPECT_EQ(instance.src.size(), instance.c.src.sizeBytes);
      EXPECT_EQ(instance.dst.size(), instance.c.dst.sizeBytes);
      EXPECT_LE(instance.payloadBytes, size);
      EXPECT_GE(instance.payloadBytes, size - size / 16);
      const oracle::Evaluation e = oracle::evaluate(instance.c, instance.src, instance.dst);
      ASSERT_EQ(e.verdict, oracle::Verdict::computed)
          << (e.violations.empty() ? std::string() : oracle::describe(e.violations.front()));
      const backends::RunResult result = fast->run(instance.c, instance.src, instance.dst);
      ASSERT_EQ(result.status, backends::RunStatus::ok) << result.detail;
      EXPECT_EQ(oracle::firstMismatch(e.expectation, instance.dst), oracle::kNoMismatch);
    }
  }
}

// At kStreamingBytes and up the fast layout transforms store past the cache; the oracle checks those paths too.
TEST(BenchCases, LargeLayoutTransformsMatchTheOracle) {
  const auto fast = backends::makeFastBackend();
  for (const BenchCase& benchCase : benchCases()) {
    if (benchCase.name != "nd2nz" && benchCase.name != "dn2nz" && benchCase.name != "nz2nd") continue;
    SCOPED_TRACE(label(benchCase));
    BenchInstance instance = benchCase.build(benchCase.dtype, std::uint64_t{8} << 20);
    const oracle::Evaluation e = oracle::evaluate(instance.c, instance.src, instance.dst);
    ASSERT_EQ(e.verdict, oracle::Verdict::computed);
    ASSERT_EQ(fast->run(instance.c, instance.src, instance.dst).status, backends::RunStatus::ok);
    EXPECT_EQ(oracle::firstMismatch(e.expectation, instance.dst), oracle::kNoMismatch);
  }
}

TEST(BenchCases, Sizes) {
  EXPECT_EQ(parseSize("4K"), std::uint64_t{4096});
  EXPECT_EQ(parseSize("64M"), std::uint64_t{64} << 20);
  EXPECT_EQ(parseSize("1G"), std::uint64_t{1} << 30);
  EXPECT_EQ(parseSize("8192"), std::uint64_t{8192});
  EXPECT_FALSE(parseSize("2K"));   // below 4 KiB
  EXPECT_FALSE(parseSize("3M"));   // not a power of two
  EXPECT_FALSE(parseSize("4X"));
  EXPECT_FALSE(parseSize(""));
  EXPECT_FALSE(parseSizes("4K,,1M"));
  EXPECT_EQ(parseSizes("4K,1M")->size(), 2u);
  EXPECT_EQ(sizeLabel(std::uint64_t{64} << 20), "64M");
  EXPECT_EQ(sizeLabel(4096), "4K");
}

}  // namespace
}  // namespace dcconf::bench
