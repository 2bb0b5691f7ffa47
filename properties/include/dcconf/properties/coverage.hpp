// The suite's functional-coverage model (docs/coverage.md): for every field of the gated parameter structs, the
// documented range, the part of it the default run must reach (boundaries and every bit), and the field's value in
// a case. The generators draw their whole-range values from the same ranges, so the model and the draws cannot drift.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
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
// UB->TSCM's GM workspace (PAD-U2L1-1): the oracle keeps 8 bytes per workspace byte, so a wide Ext blockLen or GM
// dstStride reaches 256 KiB (a 2 MiB workspace) where PAD-U2G reaches 2 MiB.
inline constexpr std::uint64_t kReachTscmGmStrideBytes = (std::uint64_t{1} << 18) - 1;
// DN2NZ's 32- and 64-bit fields (elements).
inline constexpr std::uint64_t kReachDn2NzElements = (std::uint64_t{1} << 20) - 1;
// DN2NZ dValue: 2^19 columns is at most 4 MiB per buffer (double), dense; above, every column
// block is written (2^32 columns write 2^32 elements), which sparse buffers do not make cheaper: docs/coverage.md.
inline constexpr std::uint64_t kReachDn2NzDValue = std::uint64_t{1} << 19;
// FIX's 32-bit dstStride (32-byte blocks without nz2nd, elements with it). The nz2nd register's dstNdStride is
// 16 bits wide on A2/A3 (FIX-2) and reached in full.
inline constexpr std::uint64_t kReachFixDstStride = kReachUbStrideBlocks;
// FIX converts every element (FIX-6 under the AMB-8..12 readings): mSize reaches 16383 rows of up to 32 channels.
inline constexpr std::uint64_t kReachFixMSize = (std::uint64_t{1} << 14) - 1;
// FIX950's uint32 matrix strides (elements): a second matrix 4 MiB of float away at most.
inline constexpr std::uint64_t kReachFix950Elements = (std::uint64_t{1} << 20) - 1;
// ENH CO1->CO2 converts every element of its source (ENH-4, with the AMB-13/14/16 readings): a wide blockLen or
// srcStride spans at most this much source (256 KiB), to keep the oracle's cost bounded.
inline constexpr std::uint64_t kWideCo1SourceBytes = kWideBufferBytes / 16;
// SLICE (u32 fields, documented up to 2^32 - 1, SLICE-1..4): dimension 0's element indices, strides and shape reach
// 2^16 - 1 elements (256 KiB of 4-byte elements), dimension 0's burstLen 2^13 - 1 blocks (a 256 KiB burst); a
// dimension k >= 1 multiplies its index by the pitch below it (at least one 32-byte burst), so its indices, stride and
// shape reach 2^13 - 1 (256 KiB). Half of SLICE's cases are wide (81 rows): 1 MiB reaches cost 4 s a product run.
// burstLen of k >= 1 moves no data (AMB-5): reached in full.
inline constexpr std::uint64_t kReachSliceDim0Elements = (std::uint64_t{1} << 16) - 1;
inline constexpr std::uint64_t kReachSliceBurstLen = (std::uint64_t{1} << 13) - 1;
inline constexpr std::uint64_t kReachSliceOuterIndex = (std::uint64_t{1} << 13) - 1;

struct FieldRange {
  std::string_view name;       // "DataCopyExtParams.srcStride"
  std::uint32_t widthBits = 0;  // the field's C++ width
  std::uint64_t docMin = 0;    // the smallest valid value (a multiple of step)
  std::uint64_t docMax = 0;    // the largest documented valid value
  std::uint64_t reachMax = 0;  // the gate's upper end: docMax, or less where a flat buffer cannot hold more
  std::uint64_t step = 1;      // valid values are multiples of step (NZ2ND dValue, DN2NZ dstNzMatrixStride)
  bool everyValue = false;     // an enumeration (docMax < 64): the gate wants every value in [docMin, docMax]
};

// The name of SLICE coverage row j (0..9: srcSliceInfo[d].{startIndex, endIndex, stride, burstLen}, the same of
// dstSliceInfo[d], srcShape[d], dstShape[d]) of dimension d < 8, e.g. "SliceParams.srcSliceInfo[0].startIndex".
std::string_view sliceRowName(std::size_t d, std::size_t j);
// The name of NDDMA coverage row j (0..4: loopSize, loopSrcStride, loopDstStride, loopLpSize, loopRpSize) of
// dimension i < 5, e.g. "NdDmaParams.loopSrcStride[3]".
std::string_view ndDmaRowName(std::size_t i, std::size_t j);

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
// An enumeration's values as a bit mask: every value the gate wants (0 for a plain range), and value's own bit.
std::uint64_t requiredValues(const FieldRange& range);
std::uint64_t valueBit(const FieldRange& range, std::uint64_t value);

// ---- numbers that matter (docs/coverage.md): the special source-value classes an arithmetic path draws ----------

// The classes, as bits of NumberSample::required / drawn, in this order (kNumberClassNames).
enum class NumberClass : std::uint8_t {
  tie,        // the exact scaled value lies half way between two results (rounding tie after scaling)
  bound,      // the result is the saturation bound of the destination (int8 127/-128, half +-65504, ...)
  pastBound,  // one past the bound before saturating (int8 128/-129; half and bfloat16: rounds to inf)
  plusZero,
  minusZero,
  smallInteger,  // an integer of magnitude 1..16
  subnormal,
  plusInf,
  minusInf,
  nan,  // any NaN for a conversion; a quiet NaN for a move (a signalling one is sNaN)
  // moves only (docs/coverage.md): the structured data plantMoveSources lays in read bytes
  zeroBlock,      // 32 or more consecutive read bytes of 0x00
  onesBlock,      // 32 or more consecutive read bytes of 0xFF
  repeatedBlock,  // two consecutive 32-byte blocks of read bytes alike (not one repeated byte)
  sNaN,           // a signalling NaN (quiet bit clear, payload not zero)
  intMin,         // an integer dtype's minimum
  intMax,         // an integer dtype's maximum
};
inline constexpr std::size_t kNumberClassCount = 16;
inline constexpr std::string_view kNumberClassNames[kNumberClassCount] = {
    "tie", "bound", "pastBound", "+0", "-0", "smallInteger", "subnormal", "+inf", "-inf", "NaN",
    "zeroBlock", "onesBlock", "repeatedBlock", "sNaN", "intMin", "intMax"};

// One valid case of an arithmetic path: its conversion ("REQ8 int32_t->int8_t"), the classes meaningful for it
// (an int32 source has no -0, subnormal, inf or NaN; an identity copy has no tie or bound) and those its read
// source elements hit. Empty for a case without a conversion.
struct NumberSample {
  std::string conversion;
  std::uint32_t required = 0;
  std::uint32_t drawn = 0;
};
std::optional<NumberSample> numberSample(const oracle::Case& c, std::span<const std::uint8_t> src,
                                         oracle::Operation operation);

// Moves: DataCopy, DataCopyPad, ND2NZ, NZ2ND, DN2NZ, SLICE, UB->TSCM, ENH normal. Their value
// classes ("move half": byte runs, repeated blocks and the dtype's special elements) on the first kMaxMoveBytesScanned
// source bytes the case reads (oracle::footprint), where numberSample finds them too. Empty for other operations.
// Preconditions (both): validate(c) is empty.
inline constexpr std::uint64_t kMaxMoveBytesScanned = std::uint64_t{1} << 14;
bool isMove(oracle::Operation operation);
std::optional<NumberSample> moveSample(const oracle::Case& c, std::span<const std::uint8_t> src,
                                       oracle::Operation operation);
// The same on read ranges already known (GeneratedCase::moveReads): no second footprint walk.
std::optional<NumberSample> moveSample(const oracle::Case& c, std::span<const std::uint8_t> src,
                                       oracle::Operation operation, std::span<const oracle::ByteRange> reads);
// The first kMaxMoveBytesScanned bytes of c's source reads (oracle::footprint), cut to the source buffer.
std::vector<oracle::ByteRange> moveReadRanges(const oracle::Case& c, std::uint64_t srcBytes);

}  // namespace dcconf::properties
