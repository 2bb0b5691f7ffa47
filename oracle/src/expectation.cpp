#include "dcconf/oracle/expectation.hpp"

#include <array>

#include "paths.hpp"

namespace dcconf::oracle {

std::string_view name(Region region) {
  constexpr std::array<std::string_view, 7> kNames{"keep",  "data",      "left-pad", "right-pad",
                                                   "dummy", "zero-tail", "collision"};
  return kNames[static_cast<std::size_t>(region)];
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
