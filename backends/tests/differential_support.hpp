// Shared by the backends' differential tests (one test file per family): seeded draws, a case printer, and the
// byte-by-byte comparison of a backend against oracle::evaluate with guard bytes around the destination.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "dcconf/backends/backend.hpp"
#include "dcconf/oracle/oracle.hpp"

namespace dcconf::backends::test {

inline constexpr std::uint64_t kGuardBytes = 64;

// ---- random draws ---------------------------------------------------------------------------------------------

class Draw {
 public:
  explicit Draw(std::uint64_t seed) : gen_(seed) {}
  std::uint64_t between(std::uint64_t lo, std::uint64_t hi) {
    return std::uniform_int_distribution<std::uint64_t>(lo, hi)(gen_);
  }
  bool oneIn(std::uint64_t n) { return between(1, n) == 1; }
  std::uint64_t from(std::initializer_list<std::uint64_t> choices) {
    return *(choices.begin() + between(0, choices.size() - 1));
  }
  std::uint64_t bits() { return gen_(); }
  std::vector<std::uint8_t> bytes(std::uint64_t n) {
    std::vector<std::uint8_t> out(n);
    for (auto& b : out) b = static_cast<std::uint8_t>(gen_());
    return out;
  }

 private:
  std::mt19937_64 gen_;
};

template <typename T>
T narrow(std::uint64_t value) {
  return static_cast<T>(value);
}

// One line with every field of the case (params, pads, enhanced and fixpipe state, buffers).
std::string describeCase(const oracle::Case& c);

// The destination with kGuardBytes of random guard on each side; the backend sees only the middle span.
struct GuardedDst {
  std::vector<std::uint8_t> bytes;
  std::span<std::uint8_t> span() { return {bytes.data() + kGuardBytes, bytes.size() - 2 * kGuardBytes}; }
  std::span<const std::uint8_t> inner() const { return {bytes.data() + kGuardBytes, bytes.size() - 2 * kGuardBytes}; }
};
GuardedDst guardedDst(Draw& d, std::uint64_t sizeBytes);

// What one comparison saw: empty failure when the backend matched the oracle on every cared byte (VALUE and KEEP)
// and kept the guards; caredBytes / anyBytes count the destination bytes inside the write footprint.
struct Comparison {
  std::string failure;
  std::uint64_t caredBytes = 0;
  std::uint64_t anyBytes = 0;
};
// Runs one valid case on the backend with the given source; the destination's prior content is random.
Comparison compareWithOracle(Backend& backend, const oracle::Case& c, std::span<const std::uint8_t> src, Draw& d);
// The same with a random source.
std::string differential(Backend& backend, const oracle::Case& c, Draw& d);

}  // namespace dcconf::backends::test
