// Word-at-a-time scans of byte arrays (marks, care, regions), where one byte per step was a top profile entry.
// Each is a plain loop over 8-byte words with a byte loop only for the words that need it.
#pragma once

#include <cstdint>
#include <cstring>
#include <span>

namespace dcconf::oracle::detail {

inline constexpr std::uint64_t kLowBits = 0x0101010101010101u;
inline constexpr std::uint64_t kHighBits = 0x8080808080808080u;

inline std::uint64_t loadWord(const std::uint8_t* p) {
  std::uint64_t w;
  std::memcpy(&w, p, 8);
  return w;
}
// True when a byte of w is zero (exact: the classic has-zero-byte test).
constexpr bool hasZeroByte(std::uint64_t w) { return ((w - kLowBits) & ~w & kHighBits) != 0; }

// True when every byte is zero.
inline bool allZero(std::span<const std::uint8_t> bytes) {
  std::uint64_t any = 0;
  std::uint64_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) any |= loadWord(bytes.data() + i);
  for (; i < bytes.size(); ++i) any |= bytes[i];
  return any == 0;
}

// Calls f(i) for every i with bytes[i] == 0, in order.
template <class F>
void forEachZeroByte(std::span<const std::uint8_t> bytes, F&& f) {
  const std::uint8_t* p = bytes.data();
  const std::uint64_t n = bytes.size();
  std::uint64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    if (!hasZeroByte(loadWord(p + i))) continue;
    for (std::uint64_t k = i; k < i + 8; ++k) {
      if (p[k] == 0) f(k);
    }
  }
  for (; i < n; ++i) {
    if (p[i] == 0) f(i);
  }
}

}  // namespace dcconf::oracle::detail
