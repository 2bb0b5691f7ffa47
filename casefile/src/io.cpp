#include "dcconf/casefile/io.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

namespace dcconf::casefile {
namespace fs = std::filesystem;

namespace {

// Writes all of text to fd; "" or the errno text of the failing call (ENOSPC says "No space left on device").
std::string writeAll(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return std::strerror(n < 0 ? errno : EIO);
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  return {};
}

}  // namespace

std::string writeFileAtomic(const fs::path& path, std::string_view text) {
  // The pid keeps two processes writing the same file from sharing a temporary.
  const fs::path temp = path.string() + ".tmp-" + std::to_string(::getpid());
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return "cannot create " + temp.string() + ": " + std::strerror(errno);
  std::string why = writeAll(fd, text);
  // close() reports a deferred write error (NFS, quota) the writes did not.
  if (::close(fd) != 0 && why.empty()) why = std::strerror(errno);
  if (!why.empty()) {
    std::error_code ignored;
    fs::remove(temp, ignored);
    return "cannot write " + temp.string() + ": " + why;
  }
  std::error_code ec;
  fs::rename(temp, path, ec);
  if (ec) {
    const std::string reason = ec.message();
    fs::remove(temp, ec);
    return "cannot rename " + temp.string() + " to " + path.string() + ": " + reason;
  }
  return {};
}

std::string writeFileAtomic(const fs::path& path, std::span<const std::uint8_t> bytes) {
  return writeFileAtomic(path, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

}  // namespace dcconf::casefile
