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

}  // namespace dcconf::cli
