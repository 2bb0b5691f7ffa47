#include "diagnostics.hpp"

#include <algorithm>
#include <charconv>
#include <iostream>
#include <string>

#include "dcconf/casefile/text.hpp"

namespace dcconf::cli {
namespace {

constexpr std::size_t kMaxErrorLineBytes = 2000;

}  // namespace

void printError(std::string_view line) {
  std::string oneLine(line.substr(0, kMaxErrorLineBytes + 4));
  for (char& ch : oneLine) {
    if (ch == '\n' || ch == '\r') ch = ' ';  // a library message must not break the one-line rule
  }
  // Valid UTF-8 with control characters escaped (a NUL from an input never reaches the terminal raw) and of
  // bounded length, whatever part of an input the message quotes (issue 30).
  std::cerr << "dcconf: error: " << casefile::validUtf8(oneLine, kMaxErrorLineBytes, true) << '\n';
}

int fail(ExitStatus status, std::string_view line) {
  printError(line);
  return code(status);
}

std::optional<std::uint64_t> parseUInt64(std::string_view text) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::optional<std::chrono::milliseconds> parseDuration(const std::string& text) {
  // Digits, then a unit: no sign (stoull took "-1" as 2^64-1), no wrap, no zero (issue 30: "0s" ran, an
  // overflowing "307445734561825861m" wrapped to a few seconds).
  const std::size_t digits = std::min(text.find_first_not_of("0123456789"), text.size());
  const auto value = parseUInt64(std::string_view(text).substr(0, digits));
  if (!value || *value == 0) return std::nullopt;
  const std::string unit = text.substr(digits);
  const std::uint64_t perUnit = unit == "ms" ? 1 : unit == "s" || unit.empty() ? 1000 : unit == "m" ? 60000 : 0;
  constexpr std::uint64_t kMaxMs = 1000000000000ull;  // 10^12 ms, about 31 years
  if (perUnit == 0 || *value > kMaxMs / perUnit) return std::nullopt;
  return std::chrono::milliseconds(static_cast<std::int64_t>(*value * perUnit));
}

}  // namespace dcconf::cli
