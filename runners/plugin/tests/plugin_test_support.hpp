// Shared by the plugin tests: cases for the example plugin's paths (random and hand-picked), and running one case
// through a backend next to the oracle.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "dcconf/oracle/numeric.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "dcconf/plugin/plugin_backend.hpp"

namespace dcconf::plugin::test {

using namespace dcconf::oracle;
using Bytes = std::vector<std::uint8_t>;

inline std::unique_ptr<backends::Backend> load(const char* path, const PluginOptions& options = {}) {
  PluginLoad loaded = makePluginBackend(path, options);
  EXPECT_TRUE(loaded.backend) << loaded.error;
  return std::move(loaded.backend);
}

// Sizes both buffers to the case's extents (plus slackBytes) past their offsets.
inline void sizeBuffers(Case& c, std::uint64_t slackBytes) {
  const Extents e = extents(c);
  c.src.sizeBytes = c.src.offsetBytes + e.srcSpanBytes + slackBytes;
  c.dst.sizeBytes = c.dst.offsetBytes + e.dstSpanBytes + slackBytes;
}

// A valid DataCopyPad GM->VECIN case of blockCount blocks of 40 half (padded right by 4), on Atlas A2.
inline Case padCase(std::uint16_t blockCount) {
  Case c;
  c.dtype = DType::half;
  c.params = DataCopyExtParams{blockCount, 40, 3, 1, 0};
  c.padParams = DataCopyPadExtParams{true, 0, 4, 0x3C00};
  c.src.offsetBytes = 5;
  sizeBuffers(c, 7);
  return c;
}

inline Bytes randomBytes(std::mt19937& rng, std::uint64_t n) {
  Bytes out(n);
  for (auto& b : out) b = static_cast<std::uint8_t>(rng());
  return out;
}

struct Comparison {
  Verdict verdict;
  backends::RunResult result;
  bool dstUntouched = false;                  // the backend left dst as it was
  std::uint64_t firstMismatch = kNoMismatch;  // first cared byte the backend got wrong (computed cases)
  std::string firstClause;                    // the oracle's first violation (other verdicts)
};

// Runs c on the backend and through the oracle, on the same random buffers.
inline Comparison compareWithOracle(backends::Backend& backend, const Case& c, std::mt19937& rng) {
  const Bytes src = randomBytes(rng, c.src.sizeBytes);
  const Bytes before = randomBytes(rng, c.dst.sizeBytes);
  Bytes dst = before;
  const Evaluation e = evaluate(c, src, before);
  Comparison out{e.verdict, backend.run(c, src, dst), false, kNoMismatch, {}};
  out.dstUntouched = dst == before;
  if (e.verdict == Verdict::computed) out.firstMismatch = oracle::firstMismatch(e.expectation, dst);
  if (!e.violations.empty()) out.firstClause = e.violations.front().clause;
  return out;
}

}  // namespace dcconf::plugin::test

namespace dcconf::plugin::test {

// A DataCopy case on one product, dtype and path, its buffers sized to the case's extents.
inline Case dataCopyCase(Product product, DType dtype, Position src, Position dst, CopyParams params) {
  Case c;
  c.api = Api::DataCopy;
  c.product = product;
  c.dtype = dtype;
  c.srcPos = src;
  c.dstPos = dst;
  c.params = std::move(params);
  sizeBuffers(c, 0);
  return c;
}
// ABI 1.12: a valid DataCopy ND2NZ UB->L1 case (ND2NZ-6: Atlas A2, half, a 2x16 matrix every vendor route places as
// the page does, AMB-38) and a valid NDDMA case (NDDMA-1: the 950, float, 8x4 with three pad columns).
inline Case nd2nzUbToL1Case() {
  return dataCopyCase(Product::atlas_a2, DType::half, Position::VECIN, Position::TSCM,
                      Nd2NzParams{1, 2, 16, 0, 16, 2, 1, 0});
}
inline Case ndDmaCase() {
  return dataCopyCase(Product::ascend950, DType::float_, Position::GM, Position::VECIN,
                      NdDmaParams{2, {1, 8, 0, 0, 0}, {1, 16, 0, 0, 0}, {8, 4, 0, 0, 0}, {1, 0, 0, 0, 0},
                                  {2, 0, 0, 0, 0}, 0, false});
}

// A valid quantising copy (FIX, ABI 1.2) on Atlas A2: int32 -> half, DEQF16 with scale 0.5, two 16-column rows.
inline Case fixpipeCase() {
  Case c;
  c.api = Api::DataCopy;
  c.srcPos = Position::CO1;
  c.dstPos = Position::GM;
  c.dtype = DType::half;
  c.params = DataCopyCO12DstParams{16, 2, 2, 16, QuantMode::DEQF16, 0, false, false, 0};
  c.fixpipe = FixpipeState{};
  c.fixpipe->srcDType = DType::int32_t;
  c.fixpipe->quantScalar = encodeQuantParam(0.5F, 0, false, 0, false);
  sizeBuffers(c, 0);
  return c;
}

// A valid enhanced CO1->CO2 conversion (ENH-2, ABI 1.3) on Atlas training: DEQ8 int32 -> int8, VECTOR blocks, two
// bursts of one 1x16 row, sidStoreMode 0 (each 16 results in the high 16 B of a 32-byte slot), scale 2^-20.
inline Case enhancedDeq8Case() {
  Case c;
  c.product = Product::atlas_training;
  c.api = Api::DataCopy;
  c.srcPos = Position::CO1;
  c.dstPos = Position::CO2;
  c.dtype = DType::int8_t;
  c.params = DataCopyParams{2, 1, 0, 1};
  c.enhancedParams = DataCopyEnhancedParams{};
  c.enhancedParams->blockMode = BlockMode::vector;
  c.enhancedParams->deqScale = DeqScale::deq8;
  c.enhancedParams->srcDType = DType::int32_t;
  c.enhancedParams->deqValue = encodeQuantParam(std::ldexp(1.0F, -20), 0, false, 0, true);
  sizeBuffers(c, 0);
  return c;
}

}  // namespace dcconf::plugin::test
