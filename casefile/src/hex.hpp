// Hex text <-> bytes for inline buffers and raw-bit values ("0x...").
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dcconf::casefile::detail {

// Hex digits in text, ASCII whitespace ignored (so long buffers may be grouped); nullopt on any other character.
std::optional<std::uint64_t> countHexDigits(std::string_view text);
// Preconditions: countHexDigits(text) is even. Caller has checked the byte count against its limit.
std::vector<std::uint8_t> decodeHexBytes(std::string_view text);
std::string encodeHexBytes(std::span<const std::uint8_t> bytes);

// "0x1F" -> 31; nullopt when not "0x" + 1..16 hex digits.
std::optional<std::uint64_t> parseHexBits(std::string_view text);
std::string formatHexBits(std::uint64_t bits);  // "0x1f"

}  // namespace dcconf::casefile::detail
