// Field-wise minimisation (issue 28): after the shrink, each integer field goes down to its smallest failing value.
// A model that is wrong for blockLen > 40 must end at blockLen 41 (the pytest plugin's shrink stopped at 63), one
// wrong for rightPadding >= 1 at rightPadding 1 (it kept 32), and every field the fault does not need at its
// smallest valid value.
#include <functional>
#include <variant>

#include <gtest/gtest.h>

#include "dcconf/backends/backend.hpp"
#include "dcconf/casefile/casefile.hpp"
#include "dcconf/properties/invariants.hpp"
#include "dcconf/properties/minimise.hpp"

namespace dcconf::properties {
namespace {

using oracle::DataCopyExtParams;
using oracle::DataCopyPadExtParams;

// The fast backend with one flipped destination byte (the first data byte) whenever `wrong` holds for the case.
class WrongWhen : public backends::Backend {
 public:
  explicit WrongWhen(std::function<bool(const oracle::Case&)> wrong) : wrong_(std::move(wrong)) {}
  std::string name() const override { return "wrong-when"; }
  std::string version() const override { return "1"; }
  bool supports(const oracle::Case& c) const override { return fast_->supports(c); }
  backends::RunResult run(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) override {
    const backends::RunResult result = fast_->run(c, src, dst);
    if (result.status == backends::RunStatus::ok && wrong_(c)) dst[c.dst.offsetBytes] ^= 0xFF;
    return result;
  }

 private:
  std::unique_ptr<backends::Backend> fast_ = backends::makeFastBackend();
  std::function<bool(const oracle::Case&)> wrong_;
};

// DataCopyPad GM->VECIN, int8_t, 3 blocks of 63 bytes, strides 5 / 2 blocks, right padding 32 with value 0.
casefile::CaseData wideCase() {
  std::string srcHex;
  for (int i = 0; i < 1024; ++i) srcHex += "0123456789abcdef"[(i * 7) % 16] + std::string("5");
  const std::string text = R"({
    "schema": "dcconf.case/1", "product": "atlas-a2", "api": "DataCopyPad", "path": "GM->VECIN", "dtype": "int8_t",
    "params": {"type": "DataCopyExtParams", "blockCount": 3, "blockLen": 63, "srcStride": 5, "dstStride": 2, "rsv": 0},
    "padParams": {"type": "DataCopyPadExtParams", "isPad": true, "leftPadding": 0, "rightPadding": 32,
                  "paddingValue": 0},
    "src": {"size": 1024, "offset": 0, "hex": ")" + srcHex + R"("},
    "dst": {"size": 2048, "offset": 0, "fill": "0xA5"}})";
  auto loaded = casefile::parseCaseText(text, "");
  EXPECT_TRUE(std::holds_alternative<casefile::CaseData>(loaded)) << std::get<casefile::LoadError>(loaded).oneLine();
  return std::get<casefile::CaseData>(loaded);
}

const DataCopyExtParams& params(const casefile::CaseData& data) { return std::get<DataCopyExtParams>(data.c.params); }
const DataCopyPadExtParams& pad(const casefile::CaseData& data) { return std::get<DataCopyPadExtParams>(data.c.padParams); }

Minimised minimiseAgainst(WrongWhen& model, const casefile::CaseData& failing) {
  EXPECT_TRUE(checkG1Conformance(model, failing).failed()) << "the starting case must fail";
  return minimiseIntegerFields(failing, [&](const casefile::CaseData& d) { return checkG1Conformance(model, d).failed(); });
}

TEST(Minimise, BlockLenAboveFortyEndsAtFortyOne) {
  WrongWhen model([](const oracle::Case& c) { return std::get<DataCopyExtParams>(c.params).blockLen > 40; });
  const Minimised m = minimiseAgainst(model, wideCase());
  EXPECT_EQ(params(m.data).blockLen, 41U);
  EXPECT_EQ(params(m.data).blockCount, 1U);
  EXPECT_EQ(params(m.data).srcStride, 0U);
  EXPECT_EQ(params(m.data).dstStride, 0U);
  EXPECT_EQ(pad(m.data).rightPadding, 0U);
  EXPECT_TRUE(checkG1Conformance(model, m.data).failed());
}

TEST(Minimise, RightPaddingFromThirtyTwoEndsAtOne) {
  WrongWhen model([](const oracle::Case& c) { return std::get<DataCopyPadExtParams>(c.padParams).rightPadding >= 1; });
  const Minimised m = minimiseAgainst(model, wideCase());
  EXPECT_EQ(pad(m.data).rightPadding, 1U);
  EXPECT_EQ(params(m.data).blockLen, 1U);
  EXPECT_EQ(params(m.data).blockCount, 1U);
  EXPECT_TRUE(checkG1Conformance(model, m.data).failed());
}

// Two fields the fault needs together: each ends at the smallest value that still fails with the other.
TEST(Minimise, TwoConditionsBothMinimal) {
  WrongWhen model([](const oracle::Case& c) {
    const auto& p = std::get<DataCopyExtParams>(c.params);
    return p.blockCount >= 2 && p.srcStride >= 3;
  });
  const Minimised m = minimiseAgainst(model, wideCase());
  EXPECT_EQ(params(m.data).blockCount, 2U);
  EXPECT_EQ(params(m.data).srcStride, 3U);
  EXPECT_EQ(params(m.data).blockLen, 1U);
}

// Only cases the oracle computes are offered: the predicate never sees an invalid candidate, and a budget of tries
// is kept.
TEST(Minimise, OffersOnlyValidCasesWithinTheBudget) {
  std::uint32_t asked = 0;
  const Minimised m = minimiseIntegerFields(wideCase(), [&](const casefile::CaseData& d) {
    ++asked;
    EXPECT_TRUE(oracle::validate(d.c).empty());
    return true;
  }, 25);
  EXPECT_LE(asked, 25U);
  EXPECT_EQ(m.tries, asked);
}

}  // namespace
}  // namespace dcconf::properties
