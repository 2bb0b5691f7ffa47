// SHA-256 (FIPS 180-4), standard library only: the per-file hashes of a vector set's manifest.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace dcconf::vectors {

// Lower-case hex digest of the bytes.
std::string sha256Hex(std::span<const std::uint8_t> bytes);
std::string sha256Hex(std::string_view text);

}  // namespace dcconf::vectors
