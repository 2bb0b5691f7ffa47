#include "compare.hpp"

#include <algorithm>
#include <cstdio>

#include "dcconf/casefile/text.hpp"
#include "dcconf/oracle/numeric.hpp"

namespace dcconf::properties::detail {

using namespace dcconf::oracle;

Run runIut(Backend& iut, const Case& c, std::span<const std::uint8_t> src, std::span<const std::uint8_t> dstBefore) {
  Run run{{}, std::vector<std::uint8_t>(dstBefore.begin(), dstBefore.end())};
  if (!iut.supports(c)) {
    run.result = {backends::RunStatus::notSupported, iut.name() + " does not support the case"};
    return run;
  }
  run.result = iut.run(c, src, run.dst);
  return run;
}

std::optional<Outcome> statusOutcome(const Run& run, std::string_view clause, const Case& c) {
  switch (run.result.status) {
    case backends::RunStatus::ok: return std::nullopt;
    case backends::RunStatus::notSupported: return Outcome::notSupported(run.result.detail);
    default:
      return Outcome::fail(std::string(clause) + " " + familyOf(c) + ": IUT answered " +
                           std::string(backends::name(run.result.status)) + " on a valid case: " + run.result.detail);
  }
}

std::string familyOf(const Case& c) {
  const auto resolution = resolveOperation(c);
  return resolution.operation ? std::string(clauseFamily(*resolution.operation)) : std::string("CASE");
}

std::optional<Evaluation> computed(const Case& c, std::span<const std::uint8_t> src,
                                   std::span<const std::uint8_t> dstBefore, std::string* why) {
  Evaluation e = evaluate(c, src, dstBefore);
  if (e.verdict == Verdict::computed) return e;
  *why = "oracle verdict " + std::string(name(e.verdict)) +
         (e.violations.empty() ? std::string() : ": " + describe(e.violations.front()));
  return std::nullopt;
}

std::string regionOf(const Evaluation& e, std::uint64_t byte) {
  if (e.expectation.region[byte] != Region::keep) return std::string(name(e.expectation.region[byte]));
  const auto& writes = e.footprint.writes;
  const bool between = !writes.empty() && byte >= writes.front().begin && byte < writes.back().end;
  return between ? "gap" : "guard";
}

namespace {

using casefile::hexByte;

// The element containing byte, counted on the element grid that starts at the copy's destination offset.
std::string elementText(const Case& c, std::span<const std::uint8_t> bytes, std::uint64_t start) {
  return formatElement(c.dtype, loadElementBits(bytes, start, sizeBytes(c.dtype)));
}

}  // namespace

std::string describeByte(const Case& c, std::span<const std::uint8_t> expected, std::span<const std::uint8_t> actual,
                         std::uint64_t byte, const std::string& region) {
  const std::uint64_t s = sizeBytes(c.dtype);
  const std::uint64_t phase = c.dst.offsetBytes % s;
  std::string text = "dst byte " + std::to_string(byte) + " (region " + region + "): expected " +
                     hexByte(expected[byte]) + ", actual " + hexByte(actual[byte]);
  if (byte < phase) return text;
  const std::uint64_t start = byte - (byte - phase) % s;
  if (start + s > actual.size()) return text;
  return text + "; " + std::string(name(c.dtype)) + " element at byte " + std::to_string(start) + ": expected " +
         elementText(c, expected, start) + ", actual " + elementText(c, actual, start);
}

std::string classViolationAt(const Expectation& x, std::span<const std::uint8_t> actual, std::uint64_t index,
                             std::uint64_t bufferByte) {
  if (index >= x.care.size() || x.care[index] != 0) return {};
  const auto k = std::lower_bound(x.classes.begin(), x.classes.end(), index,
                                  [](const ClassConstraint& c, std::uint64_t i) { return c.index < i; });
  if (k == x.classes.end() || k->index != index) return {};
  const std::uint64_t size = sizeBytes(k->dtype);
  const auto element = actual.subspan(std::min<std::uint64_t>(bufferByte, actual.size()));
  return "dst " + std::string(name(k->dtype)) + " element at byte " + std::to_string(bufferByte) + " (region " +
         std::string(name(x.region[index])) + "): " +
         describeViolation(*k, element.first(std::min<std::uint64_t>(size, element.size())));
}

std::string wholeReadings(const Alternatives& alternatives, std::span<const std::uint8_t> actual,
                          std::vector<Outcome::Reading>* readings,
                          const std::function<std::uint64_t(std::uint64_t)>& bufferByte) {
  if (alternatives.empty()) return {};
  const Consistency k = consistentCombinations(alternatives, actual);
  if (k.consistent.none()) return describeConflict(alternatives, k, actual, bufferByte);
  for (std::size_t a = 0; a < alternatives.ambIds.size(); ++a) {
    readings->push_back({alternatives.ambIds[a], readingsOf(alternatives, k.consistent, a)});
  }
  return {};
}

std::vector<std::uint8_t> rangeMask(const std::vector<ByteRange>& ranges, std::uint64_t sizeBytes,
                                    std::int64_t shiftBytes) {
  std::vector<std::uint8_t> mask(sizeBytes, 0);
  const auto clamped = [&](std::uint64_t b) {  // b + shiftBytes, inside [0, sizeBytes]
    const std::int64_t at = static_cast<std::int64_t>(b) + shiftBytes;
    return at < 0 ? std::uint64_t{0} : std::min(static_cast<std::uint64_t>(at), sizeBytes);
  };
  for (const ByteRange& r : ranges) {
    const std::uint64_t begin = clamped(r.begin), end = clamped(r.end);
    if (begin < end) std::fill(mask.data() + begin, mask.data() + end, std::uint8_t{1});
  }
  return mask;
}

}  // namespace dcconf::properties::detail
