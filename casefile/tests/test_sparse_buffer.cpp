// casefile::SparseBuffer (issue 15): a 4 GiB hole costs nothing, windows are seeded, strays outside them are found.
#include <gtest/gtest.h>

#include <algorithm>

#include "dcconf/casefile/sparse_buffer.hpp"

namespace dcconf::casefile {
namespace {

constexpr std::uint64_t kFourGiB = std::uint64_t{4} << 30;

SparseBuffer make(std::uint64_t size) {
  std::string error;
  auto buffer = SparseBuffer::create(size, &error);
  if (!buffer) ADD_FAILURE() << error;
  return std::move(*buffer);
}

TEST(SparseBuffer, aFreshBufferHasNoPages) {
  const SparseBuffer b = make(kFourGiB);
  EXPECT_EQ(b.size(), kFourGiB);
  EXPECT_TRUE(b.existingRanges().empty());
  EXPECT_EQ(b.firstStrayByte({}), std::nullopt);
}

TEST(SparseBuffer, seedingMakesExactlyTheWindowsExist) {
  SparseBuffer b = make(kFourGiB);
  const std::uint64_t page = SparseBuffer::pageBytes();
  const std::vector<oracle::ByteRange> windows{{0, page}, {kFourGiB - 2 * page, kFourGiB}};
  b.seed(windows, 7);
  EXPECT_EQ(b.existingRanges(), windows);
  EXPECT_TRUE(std::any_of(b.bytes().begin(), b.bytes().begin() + 64, [](std::uint8_t v) { return v != 0; }));
  EXPECT_EQ(b.firstStrayByte(windows), std::nullopt);  // seeded bytes inside windows are not strays
}

TEST(SparseBuffer, aWriteOutsideTheWindowsIsAStrayAndAReadIsNot) {
  SparseBuffer b = make(kFourGiB);
  const std::uint64_t page = SparseBuffer::pageBytes();
  const std::vector<oracle::ByteRange> windows{{page, 2 * page}};
  b.seed(windows, 1);
  volatile std::uint8_t read = b.bytes()[std::uint64_t{1} << 31];  // a read may fault a zero page in: harmless
  (void)read;
  EXPECT_EQ(b.firstStrayByte(windows), std::nullopt);
  b.bytes()[(std::uint64_t{3} << 30) + 5] = 0x5A;
  EXPECT_EQ(b.firstStrayByte(windows), (std::uint64_t{3} << 30) + 5);
}

TEST(SparseBuffer, aSizeAboveTheCapIsRefusedWithAReason) {
  std::string error;
  EXPECT_FALSE(SparseBuffer::create(kMaxSparseBytes + 1, &error));
  EXPECT_NE(error.find("cap"), std::string::npos) << error;
}

}  // namespace
}  // namespace dcconf::casefile
