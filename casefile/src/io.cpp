#include "dcconf/casefile/io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

namespace dcconf::casefile {
namespace fs = std::filesystem;

std::string readRegularFile(const fs::path& path, std::uint64_t maxBytes, std::string& text) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return path.string() + ": cannot read (" + std::strerror(errno) + ")";
  struct stat info {};
  std::string error;
  if (::fstat(fd, &info) != 0) {
    error = path.string() + ": cannot read (" + std::strerror(errno) + ")";
  } else if (!S_ISREG(info.st_mode)) {
    error = path.string() + ": not a regular file (a FIFO, device or folder is never read)";
  } else if (static_cast<std::uint64_t>(info.st_size) > maxBytes) {
    error = path.string() + ": " + std::to_string(info.st_size) + " bytes, more than the " + std::to_string(maxBytes) +
            " this input may have";
  } else {
    text.assign(static_cast<std::size_t>(info.st_size), '\0');
    std::size_t done = 0;
    while (done < text.size()) {
      const ssize_t n = ::read(fd, text.data() + done, text.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      done += static_cast<std::size_t>(n);
    }
    text.resize(done);  // a file that shrank while read: what was there
  }
  ::close(fd);
  return error;
}

std::string writeAll(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return std::strerror(n < 0 ? errno : EIO);
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  return {};
}

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
