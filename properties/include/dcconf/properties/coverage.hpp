// The suite's functional-coverage model (docs/coverage.md): for every field of the gated parameter structs, the
// documented range, the part of it the default run must reach (boundaries and every bit), and the field's value in
// a case. The generators draw their whole-range values from the same ranges, so the model and the draws cannot drift.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "dcconf/oracle/oracle.hpp"

namespace dcconf::properties {

// A flat buffer larger than this is not allocated for a valid case: a field whose documented range implies more
// (a 4 GiB GM stride) is reached up to this size only (docs/coverage.md, "out of reach").
inline constexpr std::uint64_t kWideBufferBytes = std::uint64_t{4} << 20;
// The 32-bit strides of DataCopyExtParams: GM strides count bytes, UB strides 32-byte blocks.
inline constexpr std::uint64_t kReachGmStrideBytes = (std::uint64_t{1} << 21) - 1;
inline constexpr std::uint64_t kReachUbStrideBlocks = (std::uint64_t{1} << 17) - 1;
// DN2NZ's 32- and 64-bit fields (elements).
inline constexpr std::uint64_t kReachDn2NzElements = (std::uint64_t{1} << 20) - 1;

struct FieldRange {
  std::string_view name;       // "DataCopyExtParams.srcStride"
  std::uint32_t widthBits = 0;  // the field's C++ width
  std::uint64_t docMin = 0;    // the smallest valid value (a multiple of step)
  std::uint64_t docMax = 0;    // the largest documented valid value
  std::uint64_t reachMax = 0;  // the gate's upper end: docMax, or less where a flat buffer cannot hold more
  std::uint64_t step = 1;      // valid values are multiples of step (NZ2ND dValue, DN2NZ dstNzMatrixStride)
};

struct FieldSample {
  FieldRange range;
  std::uint64_t value = 0;
};

// Whether the coverage gate holds the operation's fields (the others are not modelled yet: docs/coverage.md).
bool coverageGated(oracle::Operation operation);

// The gated fields of c's parameter struct, in struct order: their ranges for c's struct, dtype and path (values are
// not read), and with c's values. Empty for an ungated operation.
std::vector<FieldRange> fieldRanges(const oracle::Case& c, oracle::Operation operation);
std::vector<FieldSample> fieldSamples(const oracle::Case& c, oracle::Operation operation);

// The four boundaries of a range (min, min+1 step, max-1 step, max), as a bit mask of the ones value hits.
std::uint32_t boundariesHit(const FieldRange& range, std::uint64_t value);
// The bits a range requires to be set at least once: from log2(step) up to the top bit of reachMax.
std::uint64_t requiredBits(const FieldRange& range);

}  // namespace dcconf::properties
