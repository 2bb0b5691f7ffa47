// The benchmark table's cases are valid calls with the sizes they declare, and fast == oracle on them.
#include <gtest/gtest.h>

#include <sstream>

#include "bench_cases.hpp"
#include "bench_run.hpp"
#include "dcconf/backends/backend.hpp"
#include "dcconf/oracle/oracle.hpp"

namespace dcconf::bench {
namespace {

// Rows whose path fast does not implement yet: the quantising copy (issue 7) until its fast form lands.
bool fastMayDecline(const BenchCase& benchCase) { return benchCase.name.starts_with("fixpipe"); }

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
      if (result.status == backends::RunStatus::notSupported && fastMayDecline(benchCase)) continue;
      ASSERT_EQ(result.status, backends::RunStatus::ok) << result.detail;
      EXPECT_EQ(oracle::firstMismatch(e.expectation, instance.dst), oracle::kNoMismatch);
    }
  }
}

// Past the counts' limits at small sizes (a 4095-block DC-1 count is reached at 8 MiB by 64-unit blocks), every row
// is still a valid call within its buffers (validation only: no evaluation at this size).
TEST(BenchCases, EveryCaseIsValidAt16M) {
  for (const BenchCase& benchCase : benchCases()) {
    SCOPED_TRACE(label(benchCase));
    const BenchInstance instance = benchCase.build(benchCase.dtype, std::uint64_t{16} << 20);
    const std::vector<oracle::Violation> violations = oracle::validate(instance.c);
    EXPECT_TRUE(violations.empty()) << (violations.empty() ? std::string() : oracle::describe(violations.front()));
  }
}

// A row the backend answers not-supported is listed as skipped with that answer as the reason, not timed, and the
// run goes on; the oracle, which implements every path, times it.
TEST(BenchCases, UnsupportedRowsAreSkippedWithTheReason) {
  class Declining final : public backends::Backend {
   public:
    std::string name() const override { return "declining"; }
    std::string version() const override { return "0"; }
    bool supports(const oracle::Case&) const override { return false; }
    backends::RunResult run(const oracle::Case&, std::span<const std::uint8_t>, std::span<std::uint8_t>) override {
      return {backends::RunStatus::notSupported, "FIX: not implemented here"};
    }
  } declining;
  BenchOptions options;
  options.sizes = {kMinBytes};
  options.filter = "^fixpipe-nz/half/";
  options.repetitions = 1;
  options.minSeconds = 0.001;
  std::ostringstream progress;
  const std::vector<BenchRow> rows = runBench(declining, options, progress);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].status, "skipped");
  EXPECT_EQ(rows[0].detail, "not-supported: FIX: not implemented here");
  EXPECT_EQ(rows[0].backendBytesPerSecond, 0.0);
  const auto oracle = backends::makeOracleBackend();
  const std::vector<BenchRow> timed = runBench(*oracle, options, progress);
  ASSERT_EQ(timed.size(), 1u);
  EXPECT_EQ(timed[0].status, "ok") << timed[0].detail;
  EXPECT_GT(timed[0].backendBytesPerSecond, 0.0);
}

// At kStreamingBytes and up the fast layout transforms store past the cache; the oracle checks those paths too.
TEST(BenchCases, LargeLayoutTransformsMatchTheOracle) {
  const auto fast = backends::makeFastBackend();
  for (const BenchCase& benchCase : benchCases()) {
    if (benchCase.name != "nd2nz" && benchCase.name != "dn2nz" && benchCase.name != "nz2nd" &&
        benchCase.name != "pad-ub2tscm") {
      continue;
    }
    SCOPED_TRACE(label(benchCase));
    BenchInstance instance = benchCase.build(benchCase.dtype, std::uint64_t{8} << 20);
    const oracle::Evaluation e = oracle::evaluate(instance.c, instance.src, instance.dst);
    ASSERT_EQ(e.verdict, oracle::Verdict::computed);
    ASSERT_EQ(fast->run(instance.c, instance.src, instance.dst).status, backends::RunStatus::ok);
    EXPECT_EQ(oracle::firstMismatch(e.expectation, instance.dst), oracle::kNoMismatch);
  }
}

// Fills src with a non-repeating pattern, runs fast on a KEEP-filled dst and compares it with the oracle.
void expectFastMatchesTheOracle(const oracle::Case& c) {
  std::vector<std::uint8_t> src(c.src.sizeBytes), dst(c.dst.sizeBytes, 0xA5);
  for (std::size_t i = 0; i < src.size(); ++i) src[i] = static_cast<std::uint8_t>(i * 37 + i / 256);
  const oracle::Evaluation e = oracle::evaluate(c, src, dst);
  ASSERT_EQ(e.verdict, oracle::Verdict::computed)
      << (e.violations.empty() ? std::string() : oracle::describe(e.violations.front()));
  ASSERT_EQ(backends::makeFastBackend()->run(c, src, dst).status, backends::RunStatus::ok);
  EXPECT_EQ(oracle::firstMismatch(e.expectation, dst), oracle::kNoMismatch);
}

// The streamed 1-byte DN2NZ (full tiles leave through streaming stores, the n and d tails through plain ones, in
// the same lines) beside the oracle: 250 rows (a partial last tile), a d tail of 5, rows 250..255 of every column
// block KEEP; the output is past kStreamingBytes.
TEST(BenchCases, StreamedByteDn2NzWithTailsMatchesTheOracle) {
  const std::uint64_t d = (std::uint64_t{8} << 20) / 256 + 5;
  oracle::Case c;
  c.api = oracle::Api::DataCopy;
  c.dstPos = oracle::Position::A1;
  c.dtype = oracle::DType::int8_t;
  c.product = oracle::Product::ascend950;
  c.params = oracle::Dn2NzParams{1, 250, static_cast<std::uint32_t>(d), 0, 256, 256, 1, 32, false};
  const std::uint64_t blocks = (d + 31) / 32;
  c.src = {(d - 1) * 256 + 250, 0};
  c.dst = {(blocks - 1) * 256 * 32 + 250 * 32, 0};
  expectFastMatchesTheOracle(c);
}

// The streamed (L1-staged) ND2NZ past kStreamingBytes with every edge of the staging: 40 rows (a partial last tile
// of 8), 40 full column blocks (a 32-block strip, then a partial one of 8), a d tail of 5 halves, a source row pitch
// wider than the row, and gaps between the NZ matrices.
TEST(BenchCases, StreamedNd2NzWithTailsMatchesTheOracle) {
  oracle::Case c;
  c.api = oracle::Api::DataCopy;
  c.dstPos = oracle::Position::A1;
  c.dtype = oracle::DType::half;
  constexpr std::uint64_t ndNum = 170, n = 40, d = 16 * 40 + 5, srcD = 650, c0Stride = 40;
  constexpr std::uint64_t matrixStride = 16 * 41 * c0Stride + 16;
  c.params = oracle::Nd2NzParams{ndNum, n, d, n * srcD, srcD, c0Stride, 1, matrixStride};
  c.src = {((ndNum - 1) * n * srcD + (n - 1) * srcD + d) * 2, 0};
  c.dst = {((ndNum - 1) * matrixStride + 16 * ((d - 1) / 16 * c0Stride + n)) * 2, 0};
  expectFastMatchesTheOracle(c);
}

// The streamed NZ2ND of 4-byte T past kStreamingBytes: 40 rows (a partial last tile), 20 column blocks (a 16-block
// strip, then a partial one of 4), gaps between the NZ column blocks (srcNStride 48), between the ND rows and between
// the ND matrices. ND rows 1312 bytes apart take the staged walk, 1344 bytes (21 lines) apart the line walk, which
// starts mid-line at a dst offset of 32.
TEST(BenchCases, StreamedNz2NdWithTailsMatchesTheOracle) {
  oracle::Case c;
  c.api = oracle::Api::DataCopy;
  c.srcPos = oracle::Position::VECOUT;
  c.dstPos = oracle::Position::GM;
  c.dtype = oracle::DType::float_;
  constexpr std::uint64_t ndNum = 170, n = 40, d = 16 * 20, nStride = 48, fractals = 60;
  c.src = {((ndNum - 1) * 256 * fractals + 16 * (19 * nStride + n)) * 4, 0};
  for (const std::uint64_t dStride : {328u, 336u}) {
    for (const std::uint64_t dstOffset : {0u, 32u}) {
      SCOPED_TRACE("dstDStride " + std::to_string(dStride) + ", dst offset " + std::to_string(dstOffset));
      const std::uint64_t matrixStride = n * dStride + 8;
      c.params = oracle::Nz2NdParamsFull{ndNum, n, d, fractals, nStride, static_cast<std::uint16_t>(dStride),
                                         static_cast<std::uint16_t>(matrixStride)};
      c.dst = {dstOffset + ((ndNum - 1) * matrixStride + (n - 1) * dStride + d) * 4, dstOffset};
      expectFastMatchesTheOracle(c);
    }
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
