// Every error is one line on stderr, "dcconf: error: ...", so scripts can grep and people can read.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dcconf/oracle/case.hpp"
#include "exit_status.hpp"

namespace dcconf::cli {

void printError(std::string_view line);
// How the user invoked dcconf (argv[0], e.g. build/dcconf): printed commands start with it, so they work when pasted.
void setProgramName(std::string name);
const std::string& programName();
// Prints the line and returns status's code, for `return fail(ExitStatus::usage, "...")`.
int fail(ExitStatus status, std::string_view line);
// "30s", "2m", "500ms" or a bare number of seconds, above 0 and at most 10^12 ms; empty when it is none of those.
std::optional<std::chrono::milliseconds> parseDuration(const std::string& text);
// "500", "500K", "64M", "2G" (binary units) up to 2^50 bytes; empty otherwise.
std::optional<std::uint64_t> parseByteCount(std::string_view text);
// 175112192 -> "167.0 MiB" (B, KiB, MiB, GiB with one decimal).
std::string byteCountText(std::uint64_t bytes);
// Decimal digits only, within [0, 2^64-1]; empty otherwise (no sign, no space, no clamping).
std::optional<std::uint64_t> parseUInt64(std::string_view text);

// " (did you mean 'run'?)" for the candidate closest to `word` by edit distance, when it is close enough to be a
// typo (at most a third of the word's length, at least 1, or a prefix); "" otherwise.
std::string didYouMean(std::string_view word, const std::vector<std::string>& candidates);
// The same suggestion as a bare name ("" when none).
std::string closestName(std::string_view word, const std::vector<std::string>& candidates);

// A --dtype word: the Ascend C name, or a common alias (fp16, f16 -> half; bf16 -> bfloat16_t; f32, fp32 -> float;
// i8, int8 -> int8_t; u8, uint8 -> uint8_t; ... f64 -> double), returned as the Ascend C name; a glob stays as it is.
std::string canonicalDTypeGlob(const std::string& glob);
// "" when the glob matches some dtype; else the error line for `option`, with a suggestion.
std::string dtypeGlobError(const std::string& option, const std::string& glob);
// --profile SPEC parsed; on an unknown word the error line names it with the closest profile word ("did you mean").
oracle::ProfileParse parseProfileOption(const std::string& option, const std::string& spec);
// "--product: unknown product 'atlas-a9' (did you mean 'atlas-a2'?; see dcconf list)".
std::string unknownProduct(const std::string& option, const std::string& word, const std::string& hint = "see dcconf list");

}  // namespace dcconf::cli
