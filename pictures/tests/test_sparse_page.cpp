// failures/ID.html of a sparse case (buffers of up to 2^41 bytes, only the windows around the footprint exist): the
// window with the mismatch is drawn, the flipped byte and no other highlighted, a stray write named.
#include <gtest/gtest.h>

#include <string>

#include "dcconf/backends/backend.hpp"
#include "dcconf/pictures/pictures.hpp"
#include "dcconf/properties/sparse.hpp"
#include "page_text.hpp"

namespace dcconf::pictures {
namespace {

using testing::count;
using testing::gridText;

// The fast backend, then one byte of the destination changed: `at` (buffer coordinates) gets value ^ 0x40.
class FlipsAByte final : public backends::Backend {
 public:
  explicit FlipsAByte(std::uint64_t at) : at_(at) {}
  std::string name() const override { return "flips-a-byte"; }
  std::string version() const override { return "1"; }
  bool supports(const oracle::Case& c) const override { return fast_->supports(c); }
  bool acceptsSparseBuffers() const override { return true; }
  backends::RunResult run(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) override {
    backends::RunResult result = fast_->run(c, src, dst);
    dst[at_] ^= 0x40;
    return result;
  }

 private:
  std::unique_ptr<backends::Backend> fast_ = backends::makeFastBackend();
  std::uint64_t at_;
};

// PAD UB->GM half on the Atlas A2: the lane's first slot whose GM destination passes 1 GiB (a stride's top bits).
properties::SparseCase padSparseCase() {
  properties::Scope scope;
  scope.product = oracle::Product::atlas_a2;
  scope.dtypes = {oracle::DType::half};
  for (std::size_t k = 0; k < properties::sparseScheduleSize(oracle::Operation::padUbToGm, scope); ++k) {
    properties::SparseCase sc = properties::genSparseCase(oracle::Operation::padUbToGm, scope, k)(rc::Random(k + 1), 50).value();
    if (sc.c.dst.sizeBytes > std::uint64_t{1} << 30) return sc;
  }
  throw std::logic_error("no PAD UB->GM sparse slot with a destination past 1 GiB");
}

FailureInput sparseFailure() {
  FailureInput f;
  f.id = "PAD-U2G-half-G-1-sparse";
  f.status = "FAIL";
  f.clause = "G-1";
  f.title = "DataCopyPad VECOUT->GM half, G-1 sparse buffers";
  f.message = "dst byte differs";
  return f;
}

TEST(SparseFailurePage, G_1_theFlippedByteOfTheLastBlockIsHighlighted) {
  const properties::SparseCase sc = padSparseCase();
  const properties::SparseRunBytes clean = properties::rerunSparse(*backends::makeFastBackend(), sc);
  ASSERT_TRUE(clean.error.empty()) << clean.error;
  const auto& windows = clean.dst.windows;
  ASSERT_GE(windows.size(), 2u) << "the stride puts the two blocks pages apart";
  // the first data byte of the last window: not the buffer's first page
  std::uint64_t start = 0, index = 0;
  for (std::size_t k = 0; k + 1 < windows.size(); ++k) start += windows[k].end - windows[k].begin;
  while (clean.dst.expectation.region[start + index] != oracle::Region::data) ++index;
  const std::uint64_t target = windows.back().begin + index;
  FlipsAByte wrong(target);
  const properties::SparseRunBytes run = properties::rerunSparse(wrong, sc);
  ASSERT_TRUE(run.error.empty()) << run.error;
  EXPECT_FALSE(run.dst.strayByte.has_value());
  const std::string page = sparseFailurePage(sc.c, sparseFailure(), run.dst);
  // the last window is drawn: the one highlighted cell of the actual and difference grids holds its byte `index`
  for (const char* grid : {"act", "diff"}) {
    const std::string g = gridText(page, grid);
    ASSERT_FALSE(g.empty()) << grid;
    EXPECT_EQ(count(g, "class=\"mm\""), 1u) << grid;
    const std::string rect = g.substr(g.find("class=\"mm\""), 200);
    const std::uint64_t b0 = std::stoull(rect.substr(rect.find("data-b0=\"") + 9));
    const std::uint64_t b1 = std::stoull(rect.substr(rect.find("data-b1=\"") + 9));
    EXPECT_TRUE(b0 <= index && index < b1) << grid << ": " << rect;
  }
  EXPECT_EQ(count(gridText(page, "exp"), "class=\"mm\""), 0u);
  EXPECT_NE(page.find("expected, window " + std::to_string(windows.size() - 1) + ": destination bytes " +
                      std::to_string(windows.back().begin) + ".."),
            std::string::npos);
  EXPECT_NE(page.find("1 cared byte(s) differ in 1 of " + std::to_string(windows.size()) + " window(s)"), std::string::npos);
  EXPECT_NE(page.find("<tr><td>" + std::to_string(target) + "</td><td>data</td>"), std::string::npos)
      << "the first mismatching bytes name it in buffer coordinates";
  EXPECT_NE(page.find("<h3>Parameters</h3>"), std::string::npos);
  EXPECT_LT(page.size(), std::size_t{3} << 20);
}

TEST(SparseFailurePage, G_1_aWriteOutsideEveryWindowIsNamed) {
  const properties::SparseCase sc = padSparseCase();
  const std::uint64_t far = sc.c.dst.sizeBytes / 2;  // between the two blocks, gigabytes apart
  const properties::SparseRunBytes clean = properties::rerunSparse(*backends::makeFastBackend(), sc);
  ASSERT_TRUE(clean.error.empty()) << clean.error;
  for (const oracle::ByteRange& w : clean.dst.windows) ASSERT_TRUE(far < w.begin || far >= w.end) << sc.describe();
  FlipsAByte wrong(far);
  const properties::SparseRunBytes run = properties::rerunSparse(wrong, sc);
  ASSERT_EQ(run.dst.strayByte, far);
  const std::string page = sparseFailurePage(sc.c, sparseFailure(), run.dst);
  EXPECT_NE(page.find("destination byte " + std::to_string(far) + " written outside every window (0x40"), std::string::npos);
  EXPECT_EQ(count(gridText(page, "diff"), "class=\"mm\""), 0u) << "no byte inside the windows differs";
}

// A backend that produced nothing (CRASH, TIMEOUT): the expectation alone, and the reason.
TEST(SparseFailurePage, aRunWithoutOutputDrawsTheExpectationOnly) {
  const properties::SparseCase sc = padSparseCase();
  properties::SparseRunBytes run = properties::rerunSparse(*backends::makeFastBackend(), sc);
  run.dst.actual.clear();
  FailureInput f = sparseFailure();
  f.status = "CRASH";
  const std::string page = sparseFailurePage(sc.c, f, run.dst);
  EXPECT_NE(page.find("the implementation produced no destination (CRASH)"), std::string::npos);
  EXPECT_FALSE(gridText(page, "exp").empty());
  EXPECT_TRUE(gridText(page, "act").empty());
}

}  // namespace
}  // namespace dcconf::pictures
