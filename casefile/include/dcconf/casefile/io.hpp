// Small file helpers shared by the case files and the CLI's outputs. No exceptions: errors come back as text.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>

namespace dcconf::casefile {

// Writes via a temporary file in the same directory and a rename, so a reader never sees half a file.
// Returns "" on success, else one line saying what failed.
std::string writeFileAtomic(const std::filesystem::path& path, std::span<const std::uint8_t> bytes);
std::string writeFileAtomic(const std::filesystem::path& path, std::string_view text);

// Writes all of text to fd, retrying short writes and EINTR; "" or the errno text of the failing call
// ("No space left on device", "File too large").
std::string writeAll(int fd, std::string_view text);

// Reads a regular file of at most maxBytes into text; "" or one line saying why not. A FIFO, device or folder is
// refused without blocking (opened O_NONBLOCK, checked with fstat): `--baseline` on a FIFO hung forever.
std::string readRegularFile(const std::filesystem::path& path, std::uint64_t maxBytes, std::string& text);

}  // namespace dcconf::casefile
