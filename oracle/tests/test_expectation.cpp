// The expectation's scans (firstCaredDifference, firstMismatch, unspecifiedBytesByRegion) read a word at a time:
// every length around the word and block boundaries, every position of the first difference, care bytes other
// than 0 and 1, against a plain byte loop written here.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "dcconf/oracle/expectation.hpp"

namespace dcconf::oracle {
namespace {

std::uint64_t byteLoopFirstCaredDifference(const std::vector<std::uint8_t>& care, const std::vector<std::uint8_t>& a,
                                           const std::vector<std::uint8_t>& b) {
  for (std::uint64_t i = 0; i < care.size(); ++i) {
    if (care[i] != 0 && a[i] != b[i]) return i;
  }
  return kNoMismatch;
}

TEST(Expectation, FirstCaredDifferenceAtEveryPositionOfEveryLengthUpTo41) {
  for (std::uint64_t n = 0; n <= 41; ++n) {
    for (const std::uint8_t careValue : {std::uint8_t{1}, std::uint8_t{2}, std::uint8_t{0x80}, std::uint8_t{0xFF}}) {
      std::vector<std::uint8_t> care(n, careValue), a(n), b(n);
      for (std::uint64_t i = 0; i < n; ++i) a[i] = b[i] = static_cast<std::uint8_t>(i * 37 + 5);
      EXPECT_EQ(firstCaredDifference(care, a, b), kNoMismatch) << "n " << n;
      for (std::uint64_t at = 0; at < n; ++at) {
        for (const std::uint8_t flip : {std::uint8_t{0x01}, std::uint8_t{0x80}, std::uint8_t{0xFF}}) {
          std::vector<std::uint8_t> c = b;
          c[at] ^= flip;
          EXPECT_EQ(firstCaredDifference(care, a, c), at) << "n " << n << " at " << at;
          std::vector<std::uint8_t> ignored = care;
          ignored[at] = 0;  // ANY: the difference there does not count
          EXPECT_EQ(firstCaredDifference(ignored, a, c), kNoMismatch) << "n " << n << " at " << at;
        }
      }
    }
  }
}

TEST(Expectation, FirstCaredDifferenceSkipsAnyBytesAndFindsTheFirstOfMany) {
  // A pattern of care 0/1 bytes and differences at pseudo-random places, checked against the byte loop.
  std::uint64_t state = 12345;
  const auto next = [&] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return state >> 33;
  };
  for (int round = 0; round < 2000; ++round) {
    const std::uint64_t n = next() % 200;
    std::vector<std::uint8_t> care(n), a(n), b(n);
    for (std::uint64_t i = 0; i < n; ++i) {
      care[i] = next() % 3 == 0 ? 0 : static_cast<std::uint8_t>(1 + next() % 255);
      a[i] = static_cast<std::uint8_t>(next());
      b[i] = next() % 50 == 0 ? static_cast<std::uint8_t>(next()) : a[i];
    }
    EXPECT_EQ(firstCaredDifference(care, a, b), byteLoopFirstCaredDifference(care, a, b)) << "round " << round;
  }
}

TEST(Expectation, FirstMismatchIsTheFirstCaredDifferenceWithoutClasses) {
  Expectation e;
  e.expected.assign(19, 7);
  e.care.assign(19, 1);
  e.region.assign(19, Region::data);
  std::vector<std::uint8_t> actual(19, 7);
  EXPECT_EQ(firstMismatch(e, actual), kNoMismatch);
  actual[17] = 8;
  EXPECT_EQ(firstMismatch(e, actual), 17u);
  e.care[17] = 0;
  EXPECT_EQ(firstMismatch(e, actual), kNoMismatch);
  actual[8] = 0;
  EXPECT_EQ(firstMismatch(e, actual), 8u);
  EXPECT_EQ(firstMismatch(e, std::vector<std::uint8_t>(18, 7)), 18u) << "a short actual fails at its end";
}

TEST(Expectation, UnspecifiedBytesByRegionCountsEveryAnyByteAcrossWords) {
  Expectation e;
  const std::uint64_t n = 70;
  e.expected.assign(n, 0);
  e.care.assign(n, 1);
  e.region.assign(n, Region::data);
  EXPECT_TRUE(unspecifiedBytesByRegion(e).empty());
  std::vector<std::uint64_t> want;
  const auto expectAny = [&](std::uint64_t i, Region r) {
    e.care[i] = 0;
    e.region[i] = r;
    const auto k = static_cast<std::size_t>(r);
    if (want.size() <= k) want.resize(k + 1, 0);
    ++want[k];
  };
  for (const std::uint64_t i : {0u, 7u, 8u, 15u, 63u, 64u, 69u}) expectAny(i, Region::dummy);
  for (std::uint64_t i = 20; i < 37; ++i) expectAny(i, Region::collision);
  EXPECT_EQ(unspecifiedBytesByRegion(e), want);
}

}  // namespace
}  // namespace dcconf::oracle
