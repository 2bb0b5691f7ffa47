// The dcconf.exec/1 reply line (docs/exec-protocol.md) parsed apart from the process handling, so that the fuzz
// target (runners/fuzz) drives it on arbitrary bytes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "dcconf/backends/backend.hpp"

namespace dcconf::exec::detail {

// A parsed reply, or why the line is not one (protocol error: the stream can no longer be trusted).
struct Reply {
  std::optional<backends::RunResult> result;
  std::string protocolError;
};

// One reply line for request id; every text in the result or error is one line of valid UTF-8.
Reply parseReply(const std::string& line, std::uint64_t id);

// What a line the child wrote during a case is, by its documented shape: a line with a "status" key is a reply
// (unknown keys, "validate" among them, ignored); one without it whose "validate" is present is a validity
// question, malformed (why names the field) unless "validate" is true; anything else is read as a reply.
struct LineKind {
  enum class Kind : std::uint8_t { reply, question, malformedQuestion } kind = Kind::reply;
  std::string why;  // malformedQuestion only
};
LineKind classifyLine(const std::string& line);

}  // namespace dcconf::exec::detail
