#include "dcconf/casefile/sparse_buffer.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

namespace dcconf::casefile {

std::uint64_t SparseBuffer::pageBytes() {
  static const std::uint64_t page = static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
  return page;
}

std::optional<SparseBuffer> SparseBuffer::create(std::uint64_t sizeBytes, std::string* error) {
  if (sizeBytes > kMaxSparseBytes) {
    *error = "sparse buffer of " + std::to_string(sizeBytes) + " bytes exceeds the cap of 2^41 bytes";
    return std::nullopt;
  }
  const int fd = memfd_create("dcconf-sparse", MFD_CLOEXEC | MFD_ALLOW_SEALING);
  if (fd < 0) {
    *error = std::string("memfd_create: ") + std::strerror(errno);
    return std::nullopt;
  }
  if (ftruncate(fd, static_cast<off_t>(sizeBytes)) != 0) {  // a hole: no memory until a byte is written
    *error = std::string("ftruncate: ") + std::strerror(errno);
    close(fd);
    return std::nullopt;
  }
  // The fd reaches a plugin worker (runSparse): sealed, a plugin's ftruncate cannot shrink it under the caller's
  // mapping, which would die of SIGBUS touching it.
  if (fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) != 0) {
    *error = std::string("memfd seals: ") + std::strerror(errno);
    close(fd);
    return std::nullopt;
  }
  void* data = nullptr;
  if (sizeBytes > 0) {
    data = mmap(nullptr, sizeBytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, fd, 0);
    if (data == MAP_FAILED) {
      *error = std::string("mmap: ") + std::strerror(errno);
      close(fd);
      return std::nullopt;
    }
  }
  return SparseBuffer(fd, static_cast<std::uint8_t*>(data), sizeBytes);
}

SparseBuffer::SparseBuffer(SparseBuffer&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}

SparseBuffer& SparseBuffer::operator=(SparseBuffer&& other) noexcept {
  if (this != &other) {
    release();
    fd_ = std::exchange(other.fd_, -1);
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
  }
  return *this;
}

SparseBuffer::~SparseBuffer() { release(); }

void SparseBuffer::release() {
  if (data_ != nullptr) munmap(data_, size_);
  if (fd_ >= 0) close(fd_);
  data_ = nullptr;
  fd_ = -1;
}

void SparseBuffer::seed(std::span<const oracle::ByteRange> windows, std::uint64_t seed) {
  std::uint64_t state = seed;
  for (const oracle::ByteRange& w : windows) {
    for (std::uint64_t b = w.begin; b < w.end; b += 8) {
      std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);  // splitmix64
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      z ^= z >> 31;
      std::memcpy(data_ + b, &z, std::min<std::uint64_t>(8, w.end - b));
    }
  }
}

std::vector<oracle::ByteRange> SparseBuffer::existingRanges() const {
  std::vector<oracle::ByteRange> out;
  off_t at = 0;
  while (static_cast<std::uint64_t>(at) < size_) {
    const off_t data = lseek(fd_, at, SEEK_DATA);
    if (data < 0) break;  // ENXIO: no data past `at`
    const off_t hole = lseek(fd_, data, SEEK_HOLE);
    const off_t end = hole < 0 ? static_cast<off_t>(size_) : hole;
    out.push_back({static_cast<std::uint64_t>(data), static_cast<std::uint64_t>(end)});
    at = end;
  }
  return out;
}

std::optional<std::uint64_t> SparseBuffer::firstStrayByte(std::span<const oracle::ByteRange> windows) const {
  std::size_t w = 0;
  for (const oracle::ByteRange& r : existingRanges()) {
    for (std::uint64_t b = r.begin; b < r.end;) {
      while (w < windows.size() && windows[w].end <= b) ++w;
      if (w < windows.size() && windows[w].begin <= b) {  // inside a window: compared against the expectation
        b = windows[w].end;
        continue;
      }
      const std::uint64_t stop = std::min(r.end, w < windows.size() ? windows[w].begin : r.end);
      for (; b < stop; ++b) {
        if (data_[b] != 0) return b;
      }
    }
  }
  return std::nullopt;
}

}  // namespace dcconf::casefile
