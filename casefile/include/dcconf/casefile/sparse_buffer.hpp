// A buffer too big to allocate (a 4 GiB GM stride): a memfd of the full size whose bytes mostly do not
// exist (ftruncate makes a hole, no memory), mapped MAP_SHARED so a forked crash-isolation child's writes are seen
// and the exec protocol can hand the fd on. Only page-aligned windows around the footprint are seeded; after the
// IUT ran, SEEK_DATA/SEEK_HOLE list every page that exists, so a stray write anywhere is found without reading the
// buffer (docs/coverage.md, "Sparse buffers").
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dcconf/oracle/expectation.hpp"

namespace dcconf::casefile {

// The largest sparse buffer: 2 TiB of address space (a UB stride of 2^32-1 32-byte blocks is 128 GiB; a GM-side loop
// stride of 2^40-1 bytes, LOOP-2, needs a little over 1 TiB). Above it a case is not run (and says so).
inline constexpr std::uint64_t kMaxSparseBytes = std::uint64_t{1} << 41;

class SparseBuffer {
 public:
  // nullopt with *error set ("memfd_create: ...", "size 2^42 exceeds the 2^41 cap") when it cannot be made.
  static std::optional<SparseBuffer> create(std::uint64_t sizeBytes, std::string* error);
  SparseBuffer(SparseBuffer&& other) noexcept;
  SparseBuffer& operator=(SparseBuffer&& other) noexcept;
  SparseBuffer(const SparseBuffer&) = delete;
  SparseBuffer& operator=(const SparseBuffer&) = delete;
  ~SparseBuffer();

  std::span<std::uint8_t> bytes() const { return {data_, size_}; }
  std::uint64_t size() const { return size_; }
  int fd() const { return fd_; }
  static std::uint64_t pageBytes();

  // Fills the windows (sorted, disjoint, inside the buffer) with bytes of a splitmix64 stream from seed.
  void seed(std::span<const oracle::ByteRange> windows, std::uint64_t seed);
  // The byte ranges that exist in the file (SEEK_DATA/SEEK_HOLE; page granular), in order.
  std::vector<oracle::ByteRange> existingRanges() const;
  // The first non-zero byte that exists outside the windows (a stray write: G-1), or nullopt.
  std::optional<std::uint64_t> firstStrayByte(std::span<const oracle::ByteRange> windows) const;

 private:
  SparseBuffer(int fd, std::uint8_t* data, std::uint64_t size) : fd_(fd), data_(data), size_(size) {}
  void release();
  int fd_ = -1;
  std::uint8_t* data_ = nullptr;
  std::uint64_t size_ = 0;
};

}  // namespace dcconf::casefile
