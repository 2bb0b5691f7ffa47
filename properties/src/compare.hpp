// Running an IUT on a case and describing the first bad byte: shared by every invariant.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dcconf/oracle/alternatives.hpp"
#include "dcconf/properties/invariants.hpp"

namespace dcconf::properties::detail {

struct Run {
  backends::RunResult result;
  std::vector<std::uint8_t> dst;
};
// dst starts as dstBefore; a backend that does not support the case is not run.
Run runIut(Backend& iut, const oracle::Case& c, std::span<const std::uint8_t> src,
           std::span<const std::uint8_t> dstBefore);
// nullopt when the run is ok; otherwise the outcome to return (notSupported, or a failure naming clause).
std::optional<Outcome> statusOutcome(const Run& run, std::string_view clause, const oracle::Case& c);

// The clause family of a case ("PAD-G2U"), or "CASE" when it resolves to no operation.
std::string familyOf(const oracle::Case& c);

// The oracle's evaluation of a case that must compute; nullopt and *why filled otherwise.
std::optional<oracle::Evaluation> computed(const oracle::Case& c, std::span<const std::uint8_t> src,
                                           std::span<const std::uint8_t> dstBefore, std::string* why);
inline std::optional<oracle::Evaluation> computed(const CaseData& data, std::string* why) {
  return computed(data.c, data.src, data.dstBefore, why);
}

// 'keep' bytes are 'gap' between the first and last write range and 'guard' outside.
std::string regionOf(const oracle::Evaluation& e, std::uint64_t byte);

// "dst byte 77 (region right-pad): expected 0x12, actual 0x34; half element at byte 76: expected 1.5, actual -2"
std::string describeByte(const oracle::Case& c, std::span<const std::uint8_t> expected,
                         std::span<const std::uint8_t> actual, std::uint64_t byte, const std::string& region);

// AMB-16 (project): when expectation index `index` starts a class constraint that `actual` (the whole output;
// the element at bufferByte) breaks, the failure text ("dst bfloat16_t element at byte 64 (region data): expected a
// NaN of ..."); else empty.
std::string classViolationAt(const oracle::Expectation& x, std::span<const std::uint8_t> actual, std::uint64_t index,
                             std::uint64_t bufferByte);

using oracle::firstCaredDifference;

// G-6: empty when one whole combination of the open readings explains `actual` (indexed like the expectation the
// alternatives came from), with the readings it may follow added to *readings; otherwise the failure line.
// bufferByte maps an expectation index to a destination byte for the message (identity when empty).
std::string wholeReadings(const oracle::Alternatives& alternatives, std::span<const std::uint8_t> actual,
                          std::vector<Outcome::Reading>* readings,
                          const std::function<std::uint64_t(std::uint64_t)>& bufferByte = {});

// One flag per byte of a buffer of sizeBytes, set inside the ranges (shifted by shiftBytes).
std::vector<std::uint8_t> rangeMask(const std::vector<oracle::ByteRange>& ranges, std::uint64_t sizeBytes,
                                    std::int64_t shiftBytes = 0);

}  // namespace dcconf::properties::detail
