// The sparse evaluation (issue 15): footprints as ranges and the expectation over windows, for a GM stride of
// 4 GiB - 1 (PAD-G2U-2) that no dense evaluation can hold, and against the dense evaluation on a small case.
#include <sys/mman.h>

#include "test_support.hpp"

namespace dcconf::oracle::test {
namespace {

// Two half blocks of 64 bytes, the second read srcStride GM bytes after the first ends (PAD-G2U-2).
Case twoBlocks(std::uint32_t srcStride, std::uint64_t srcSlack) {
  const std::uint64_t srcSpan = 64 + std::uint64_t{srcStride} + 64;
  Case c = makeCase(Api::DataCopyPad, Position::GM, Position::VECIN, DType::half,
                    DataCopyExtParams{2, 64, srcStride, 1, 0}, 3 + srcSpan + srcSlack, 32 + 64 + 32 + 64 + 96, 3, 32);
  c.padParams = DataCopyPadExtParams{};
  return c;
}

// A read-only mapping whose bytes mostly do not exist (anonymous, MAP_NORESERVE): reads of untouched pages see 0.
struct Mapping {
  explicit Mapping(std::uint64_t bytes) : size(bytes) {
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    data = p == MAP_FAILED ? nullptr : static_cast<std::uint8_t*>(p);
  }
  ~Mapping() {
    if (data != nullptr) munmap(data, size);
  }
  std::uint64_t size;
  std::uint8_t* data;
};

TEST(Sparse, footprintOfA4GiBStrideIsTwoRanges) {
  const Case c = twoBlocks(0xFFFFFFFFu, 0);
  ASSERT_TRUE(validate(c).empty());
  const Footprint f = sparseFootprint(c);
  const std::uint64_t second = 3 + 64 + std::uint64_t{0xFFFFFFFFu};
  EXPECT_EQ(f.reads, (std::vector<ByteRange>{{3, 3 + 64}, {second, second + 64}}));
  EXPECT_EQ(f.writes, (std::vector<ByteRange>{{32, 32 + 64}, {32 + 64 + 32, 32 + 64 + 32 + 64}}));
}

TEST(Sparse, windowsOfA4GiBStrideHoldTheSecondBlock) {
  const Case c = twoBlocks(0xFFFFFFFFu, 5);
  Mapping src(c.src.sizeBytes);
  ASSERT_NE(src.data, nullptr);
  const std::uint64_t second = 3 + 64 + std::uint64_t{0xFFFFFFFFu};
  for (std::uint64_t k = 0; k < 64; ++k) src.data[second + k] = srcPattern(k);  // only the second block is written
  const Bytes dst = guardBuffer(c.dst.sizeBytes);
  const std::vector<ByteRange> windows = guardWindows(sparseFootprint(c).writes, 16, 1, c.dst.sizeBytes);
  WindowedEvaluation w;
  evaluateWindows(c, {src.data, src.size}, dst, windows, w);
  ASSERT_EQ(w.verdict, Verdict::computed);
  EXPECT_EQ(w.uncoveredWrites, 0u);
  for (std::uint64_t k = 0; k < 64; ++k) {
    const std::uint64_t at = w.indexOf(128 + k);
    ASSERT_NE(at, kNoMismatch);
    EXPECT_EQ(w.expectation.expected[at], srcPattern(k)) << "byte " << k << " of block 1";
    EXPECT_EQ(w.expectation.region[at], Region::data);
  }
  const std::uint64_t guard = w.indexOf(32 + 64);  // the dstStride gap: KEEP with the prior byte
  ASSERT_NE(guard, kNoMismatch);
  EXPECT_EQ(w.expectation.region[guard], Region::keep);
  EXPECT_EQ(w.expectation.expected[guard], guardByte(32 + 64));
}

TEST(Sparse, windowsThatMissTheFootprintCountTheUncoveredWrites) {
  const Case c = twoBlocks(100, 0);
  const Bytes src = patternBuffer(c.src.sizeBytes), dst = guardBuffer(c.dst.sizeBytes);
  WindowedEvaluation w;
  evaluateWindows(c, src, dst, std::vector<ByteRange>{{32, 96}}, w);  // block 0 only
  EXPECT_EQ(w.uncoveredWrites, 64u);
}

TEST(Sparse, wholeBufferWindowEqualsTheDenseEvaluation) {
  const Case c = twoBlocks(100, 7);
  const Bytes src = patternBuffer(c.src.sizeBytes), dst = guardBuffer(c.dst.sizeBytes);
  const Evaluation dense = evaluate(c, src, dst);
  WindowedEvaluation w;
  evaluateWindows(c, src, dst, std::vector<ByteRange>{{0, c.dst.sizeBytes}}, w);
  ASSERT_EQ(w.verdict, Verdict::computed);
  EXPECT_EQ(w.expectation.expected, dense.expectation.expected);
  EXPECT_EQ(w.expectation.care, dense.expectation.care);
  EXPECT_EQ(w.expectation.region, dense.expectation.region);
  EXPECT_EQ(w.footprint.reads, dense.footprint.reads);
  EXPECT_EQ(w.footprint.writes, dense.footprint.writes);
}

TEST(Sparse, anInvalidCaseIsNotComputed) {
  Case c = twoBlocks(100, 0);
  std::get<DataCopyExtParams>(c.params).blockCount = 0;
  const Bytes src = patternBuffer(c.src.sizeBytes), dst = guardBuffer(c.dst.sizeBytes);
  WindowedEvaluation w;
  evaluateWindows(c, src, dst, {}, w);
  EXPECT_EQ(w.verdict, Verdict::invalid);
  ASSERT_FALSE(w.violations.empty());
  EXPECT_EQ(w.violations.front().clause, "PAD-G2U-1");
}

}  // namespace
}  // namespace dcconf::oracle::test
