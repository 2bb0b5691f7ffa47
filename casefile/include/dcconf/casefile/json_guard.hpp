// Guards for every JSON reader of untrusted text (case files, vector sets, exec replies, worker results): a nesting
// cap checked before parsing, so no later recursion (dump, comparison, our readers) can run out of stack, and a
// clip for values quoted in one-line messages.
#pragma once

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

namespace dcconf::casefile {

// No dcconf format nests deeper than 8; 64 leaves room for hand-written files and stays far from any stack limit.
inline constexpr std::size_t kMaxJsonDepth = 64;

// "" when no array or object in text nests deeper than maxDepth (brackets inside strings do not count);
// otherwise "nesting deeper than 64 levels at line L, column C". Linear, no recursion, no allocation.
std::string jsonDepthError(std::string_view text, std::size_t maxDepth = kMaxJsonDepth);

// Parses as nlohmann::json::parse does, but an object that names a key twice throws DuplicateKey (two
// blockLen values silently kept the last; a broken file is refused, naming the key).
struct DuplicateKey : std::runtime_error {
  explicit DuplicateKey(const std::string& name);
  std::string key;
};
nlohmann::json parseJsonRejectingDuplicates(std::string_view text);

// A parse error's reason in one line, with the token nlohmann quotes ("last read: '...'") cut to an excerpt.
std::string parseErrorExcerpt(std::string_view what);

// Parses text without exceptions: the value, or nullopt and a one-line reason (depth, then syntax or a duplicate key).
std::optional<nlohmann::json> parseJsonGuarded(std::string_view text, std::string& error,
                                               std::size_t maxDepth = kMaxJsonDepth);

// text cut to at most maxChars bytes on a character boundary, with "...(N bytes)" when it was cut, invalid UTF-8 and
// control characters escaped ("\x00"), for quoting a value in a one-line message.
std::string clipForMessage(std::string_view text, std::size_t maxChars = 40);

}  // namespace dcconf::casefile
