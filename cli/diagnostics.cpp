#include "diagnostics.hpp"

#include <iostream>
#include <string>

namespace dcconf::cli {

void printError(std::string_view line) {
  std::string oneLine(line);
  for (char& ch : oneLine) {
    if (ch == '\n' || ch == '\r') ch = ' ';  // a library message must not break the one-line rule
  }
  std::cerr << "dcconf: error: " << oneLine << '\n';
}

int fail(ExitStatus status, std::string_view line) {
  printError(line);
  return code(status);
}

std::optional<std::chrono::milliseconds> parseDuration(const std::string& text) {
  std::size_t used = 0;
  unsigned long long value = 0;
  try {
    value = std::stoull(text, &used);
  } catch (...) {
    return std::nullopt;
  }
  const std::string unit = text.substr(used);
  if (unit == "ms") return std::chrono::milliseconds(value);
  if (unit == "s" || unit.empty()) return std::chrono::milliseconds(value * 1000);
  if (unit == "m") return std::chrono::milliseconds(value * 60000);
  return std::nullopt;
}

}  // namespace dcconf::cli
