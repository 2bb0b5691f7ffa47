#include "dcconf/oracle/expectation.hpp"

#include <array>

#include "paths.hpp"

namespace dcconf::oracle {

std::string_view name(Region region) {
  constexpr std::array<std::string_view, 12> kNames{
      "keep",      "data",          "left-pad",         "right-pad",        "dummy",            "zero-tail",
      "collision", "ambiguous(AMB-8)", "ambiguous(AMB-9)", "ambiguous(AMB-10)", "ambiguous(AMB-11)", "ambiguous(AMB-12)"};
  return kNames[static_cast<std::size_t>(region)];
}

int ambiguityId(Region region) {
  const int first = static_cast<int>(Region::ambiguous8);
  const int r = static_cast<int>(region);
  return r >= first && r <= static_cast<int>(Region::ambiguous12) ? 8 + (r - first) : 0;
}
Region ambiguousRegion(int ambId) { return static_cast<Region>(static_cast<int>(Region::ambiguous8) + (ambId - 8)); }

std::vector<std::uint64_t> ambiguousByteCounts(const std::vector<Region>& regions) {
  std::vector<std::uint64_t> counts(13, 0);
  for (const Region r : regions) {
    if (const int id = ambiguityId(r); id != 0) ++counts[static_cast<std::size_t>(id)];
  }
  return counts;
}

std::string describe(const Violation& v) { return v.clause + ": " + v.field + " = " + v.value + ": " + v.message; }

std::uint64_t firstMismatch(const Expectation& expectation, std::span<const std::uint8_t> actual) {
  const std::uint64_t n = expectation.expected.size();
  if (actual.size() != n) return std::min<std::uint64_t>(actual.size(), n);
  for (std::uint64_t i = 0; i < n; ++i) {
    if (expectation.care[i] != 0 && expectation.expected[i] != actual[i]) return i;
  }
  return kNoMismatch;
}

namespace detail {

void requireRange(std::vector<Violation>& out, const char* clause, const char* field, std::uint64_t value,
                  std::uint64_t lo, std::uint64_t hi, const char* zeroNote) {
  if (value >= lo && value <= hi) return;
  const std::string fieldName(field);
  std::string message = fieldName.substr(fieldName.rfind('.') + 1) + " must be in [" + std::to_string(lo) + ", " +
                        std::to_string(hi) + "]";
  if (value == 0) message += zeroNote;
  out.push_back(violation(clause, fieldName, value, message));
}

}  // namespace detail
}  // namespace dcconf::oracle
