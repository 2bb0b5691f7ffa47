#include "dcconf/casefile/json_guard.hpp"

namespace dcconf::casefile {

std::string jsonDepthError(std::string_view text, std::size_t maxDepth) {
  std::size_t depth = 0;
  std::size_t line = 1;
  std::size_t lineStart = 0;
  bool inString = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (inString) {
      if (ch == '\\') {
        ++i;  // the escaped character never ends the string
      } else if (ch == '"') {
        inString = false;
      }
      continue;
    }
    switch (ch) {
      case '"': inString = true; break;
      case '\n':
        ++line;
        lineStart = i + 1;
        break;
      case '[':
      case '{':
        if (++depth > maxDepth) {
          return "nesting deeper than " + std::to_string(maxDepth) + " levels at line " + std::to_string(line) +
                 ", column " + std::to_string(i - lineStart + 1);
        }
        break;
      case ']':
      case '}':
        if (depth > 0) --depth;  // unbalanced closers are the parser's to report
        break;
      default: break;
    }
  }
  return {};
}

std::optional<nlohmann::json> parseJsonGuarded(std::string_view text, std::string& error, std::size_t maxDepth) {
  error = jsonDepthError(text, maxDepth);
  if (!error.empty()) return std::nullopt;
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    const std::string what = e.what();
    const auto syntax = what.find("syntax error");
    error = syntax == std::string::npos ? what : what.substr(syntax);
    return std::nullopt;
  }
}

std::string clipForMessage(std::string_view text, std::size_t maxChars) {
  if (text.size() <= maxChars) return std::string(text);
  return std::string(text.substr(0, maxChars)) + "...(" + std::to_string(text.size()) + " bytes)";
}

}  // namespace dcconf::casefile
