#include "dcconf/casefile/json_guard.hpp"

#include <set>
#include <stdexcept>
#include <vector>

#include <nlohmann/json.hpp>

#include "dcconf/casefile/text.hpp"

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

DuplicateKey::DuplicateKey(const std::string& name)
    : std::runtime_error("duplicate key \"" + clipForMessage(name, 64) + "\": an object names it twice"), key(name) {}

nlohmann::json parseJsonRejectingDuplicates(std::string_view text) {
  // One set of keys per open object; the parser calls back per key before it stores the value.
  std::vector<std::set<std::string>> openObjects;
  const nlohmann::json::parser_callback_t noteKeys = [&openObjects](int, nlohmann::json::parse_event_t event,
                                                             nlohmann::json& parsed) {
    switch (event) {
      case nlohmann::json::parse_event_t::object_start: openObjects.emplace_back(); break;
      case nlohmann::json::parse_event_t::object_end:
        if (!openObjects.empty()) openObjects.pop_back();
        break;
      case nlohmann::json::parse_event_t::key:
        if (!openObjects.empty() && !openObjects.back().insert(parsed.get<std::string>()).second) {
          throw DuplicateKey(parsed.get<std::string>());
        }
        break;
      default: break;
    }
    return true;
  };
  return nlohmann::json::parse(text, noteKeys);
}

std::string parseErrorExcerpt(std::string_view what) {
  const auto syntax = what.find("syntax error");
  std::string_view reason = syntax == std::string_view::npos ? what : what.substr(syntax);
  // nlohmann quotes the token it read last in full ("; last read: '<100 KB string>'"): keep an excerpt of it.
  constexpr std::string_view kLastRead = "; last read: '";
  const auto last = reason.find(kLastRead);
  if (last == std::string_view::npos) return clipForMessage(reason, 300);
  std::string_view token = reason.substr(last + kLastRead.size());
  if (!token.empty() && token.back() == '\'') token.remove_suffix(1);
  return clipForMessage(reason.substr(0, last), 240) + std::string(kLastRead) + clipForMessage(token, 40) + "'";
}

std::optional<nlohmann::json> parseJsonGuarded(std::string_view text, std::string& error, std::size_t maxDepth) {
  error = jsonDepthError(text, maxDepth);
  if (!error.empty()) return std::nullopt;
  try {
    return parseJsonRejectingDuplicates(text);
  } catch (const nlohmann::json::exception& e) {
    error = parseErrorExcerpt(e.what());
    return std::nullopt;
  } catch (const DuplicateKey& e) {
    error = e.what();
    return std::nullopt;
  }
}

std::string clipForMessage(std::string_view text, std::size_t maxChars) {
  bool cut = false;
  std::string out = validUtf8(text, maxChars, /*escapeControls=*/true, &cut);  // one line, valid UTF-8
  if (cut) out += "(" + std::to_string(text.size()) + " bytes)";
  return out;
}

}  // namespace dcconf::casefile
