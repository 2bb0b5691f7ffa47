#include "dcconf/casefile/casefile.hpp"

namespace dcconf::casefile {

// "case.json: params.blockCount = 70000: does not fit uint16_t"; the parts that are empty are left out.
std::string LoadError::oneLine() const {
  std::string line = file;
  if (!field.empty()) line += ": " + field + (value.empty() ? "" : " = " + value);
  line += ": " + message;
  // One line whatever the parts contain (a JSON value may carry a newline).
  for (char& ch : line) {
    if (ch == '\n' || ch == '\r') ch = ' ';
  }
  return line;
}

}  // namespace dcconf::casefile
