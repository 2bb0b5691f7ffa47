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

}  // namespace dcconf::exec::detail
