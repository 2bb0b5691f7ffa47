// The one table of benchmark cases, shared by the Google Benchmark binary (benchmarks/dcconf_benchmarks) and
// `dcconf bench`: each entry names a path and an element width and builds a valid case with its buffers for a target
// number of payload bytes. Also the timing loop and the size vocabulary ("4K", "64M") both front ends use.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dcconf/oracle/case.hpp"

namespace dcconf::bench {

// One case, ready to run: buffers sized as the case declares, src filled with a pattern, dst zeroed.
struct BenchInstance {
  oracle::Case c;
  std::vector<std::uint8_t> src;
  std::vector<std::uint8_t> dst;
  std::uint64_t payloadBytes = 0;  // bytes of data the copy moves (what a memcpy of the same work would copy)
};

struct BenchCase {
  std::string_view name;  // "datacopy-contiguous"; with the dtype, "datacopy-contiguous/half" is the case's label
  std::string_view what;  // one line: the api, parameters and shape the builder uses
  oracle::DType dtype;
  // payloadBytes is targetBytes, or a little less where the shape cannot hit it exactly (unaligned blocks).
  // targetBytes: a power of two >= 4 KiB.
  BenchInstance (*build)(oracle::DType dtype, std::uint64_t targetBytes);
};

std::span<const BenchCase> benchCases();
std::string label(const BenchCase& benchCase);  // "datacopy-contiguous/half"
std::string pathOf(const BenchInstance& instance);  // "GM->VECIN"

// The oracle builds a full expectation per call (three dst-sized vectors and a per-byte walk): it is benchmarked up
// to this size only.
inline constexpr std::uint64_t kOracleMaxBytes = std::uint64_t{64} << 20;
inline constexpr std::uint64_t kMinBytes = std::uint64_t{4} << 10;
inline constexpr std::uint64_t kMaxBytes = std::uint64_t{1} << 30;

// "4K", "64K", "1M", "64M", "1G" or plain bytes; a power of two in [kMinBytes, kMaxBytes], else empty.
std::optional<std::uint64_t> parseSize(std::string_view text);
std::string sizeLabel(std::uint64_t bytes);  // 4096 -> "4K", 67108864 -> "64M"
// Comma-separated sizes; empty when any is bad.
std::optional<std::vector<std::uint64_t>> parseSizes(std::string_view text);

// Calls once() until at least minSeconds have passed (and at least once after one untimed warm-up call); returns
// bytes per second of wall-clock time.
double bytesPerSecond(const std::function<void()>& once, std::uint64_t bytes, double minSeconds);
// The baseline: a plain memcpy of bytes between two buffers of that size, timed the same way.
double memcpyBytesPerSecond(std::uint64_t bytes, double minSeconds);

}  // namespace dcconf::bench
