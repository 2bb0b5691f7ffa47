#include "dcconf/casefile/casefile.hpp"

#include "dcconf/casefile/text.hpp"

namespace dcconf::casefile {
namespace {

constexpr std::size_t kMaxLineBytes = 1000;

}  // namespace

// "case.json: params.blockCount = 70000: does not fit uint16_t"; the parts that are empty are left out.
std::string LoadError::oneLine() const {
  std::string line = file;
  if (!field.empty()) line += ": " + field + (value.empty() ? "" : " = " + value);
  line += ": " + message;
  // One line whatever the parts contain (a JSON value may carry a newline), valid UTF-8 with control characters
  // escaped, and of bounded length (a message once ran to one 100,177-character line).
  for (char& ch : line) {
    if (ch == '\n' || ch == '\r') ch = ' ';
  }
  return validUtf8(line, kMaxLineBytes, /*escapeControls=*/true);
}

}  // namespace dcconf::casefile
