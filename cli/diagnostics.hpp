// Every error is one line on stderr, "dcconf: error: ...", so scripts can grep and people can read.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "exit_status.hpp"

namespace dcconf::cli {

void printError(std::string_view line);
// Prints the line and returns status's code, for `return fail(ExitStatus::usage, "...")`.
int fail(ExitStatus status, std::string_view line);
// "30s", "2m", "500ms" or a bare number of seconds, above 0 and at most 10^12 ms; empty when it is none of those.
std::optional<std::chrono::milliseconds> parseDuration(const std::string& text);
// Decimal digits only, within [0, 2^64-1]; empty otherwise (no sign, no space, no clamping).
std::optional<std::uint64_t> parseUInt64(std::string_view text);

}  // namespace dcconf::cli
