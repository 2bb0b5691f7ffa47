// Special data in every move (issue 29 item 1, docs/coverage.md): 100 generated cases of every move operation and
// dtype hold every value class the coverage gate requires of moves, on the bytes they read. Without the planting
// (random source bytes) zeroBlock, onesBlock, repeatedBlock, -0, +-inf, the NaNs and the integer bounds never show.
#include <gtest/gtest.h>
#include <rapidcheck/Random.h>

#include "dcconf/properties/coverage.hpp"
#include "dcconf/properties/generators.hpp"

namespace dcconf::properties::testing {
namespace {

using oracle::Operation;

std::string missingClasses(std::uint32_t missing) {
  std::string out;
  for (std::size_t k = 0; k < kNumberClassCount; ++k) {
    if (missing >> k & 1) out += " " + std::string(kNumberClassNames[k]);
  }
  return out;
}

void expectEveryClassIn100Cases(oracle::Product product) {
  std::size_t units = 0;
  for (const Operation operation : oracle::kAllOperations) {
    if (!isMove(operation)) continue;
    for (const oracle::DTypeInfo& dtype : oracle::allDTypes()) {
      Scope scope;
      scope.product = product;
      scope.dtypes = {dtype.dtype};
      if (!scopeHasCases(operation, scope)) continue;
      std::uint32_t required = 0, drawn = 0;
      bool any = false;
      for (std::uint64_t seed = 0; seed < 100; ++seed) {
        std::optional<GeneratedCase> g;
        try {
          g = genCase(operation, scope)(rc::Random(rc::Random::Key{seed, 29, 1, 1}), 50).value();
        } catch (const std::exception&) {
          break;  // the product has no case of this operation and dtype (the support table says so)
        }
        const auto sample = moveSample(g->data.c, g->data.src, operation);
        ASSERT_TRUE(sample.has_value()) << oracle::name(operation);
        EXPECT_EQ(sample->conversion, "move " + std::string(oracle::name(dtype.dtype)));
        required |= sample->required;
        drawn |= sample->drawn;
        any = true;
      }
      if (!any) continue;
      ++units;
      EXPECT_EQ(required & ~drawn, 0u) << oracle::name(operation) << " " << oracle::name(dtype.dtype)
                                       << ": missing" << missingClasses(required & ~drawn);
    }
  }
  EXPECT_GT(units, 20u);
}

TEST(SpecialData, EveryMoveAndDTypeHoldsEveryRequiredClassAtlasA2) { expectEveryClassIn100Cases(oracle::Product::atlas_a2); }
TEST(SpecialData, EveryMoveAndDTypeHoldsEveryRequiredClassAscend950) {
  expectEveryClassIn100Cases(oracle::Product::ascend950);
}

// The classifier itself: a DataCopy half case of two 32-byte blocks read whole.
TEST(SpecialData, ClassifiesReadBytes) {
  oracle::Case c;
  c.api = oracle::Api::DataCopy;
  c.srcPos = oracle::Position::GM;
  c.dstPos = oracle::Position::VECIN;
  c.dtype = oracle::DType::half;
  oracle::DataCopyParams p;
  p.blockCount = 1;
  p.blockLen = 4;
  c.params = p;
  c.src = {128, 0};
  c.dst = {128, 0};
  std::vector<std::uint8_t> src(128, 0x11);
  src[0] = 0x00;
  src[1] = 0x80;  // -0.0
  src[2] = 0x01;
  src[3] = 0x7C;  // sNaN (payload 1)
  for (std::size_t k = 32; k < 64; ++k) src[k] = 0x00;
  const auto sample = moveSample(c, src, Operation::copy0Level);
  ASSERT_TRUE(sample.has_value());
  auto bit = [](NumberClass k) { return 1u << static_cast<unsigned>(k); };
  EXPECT_EQ(sample->drawn & (bit(NumberClass::minusZero) | bit(NumberClass::sNaN) | bit(NumberClass::zeroBlock)),
            bit(NumberClass::minusZero) | bit(NumberClass::sNaN) | bit(NumberClass::zeroBlock));
  EXPECT_EQ(sample->drawn & (bit(NumberClass::onesBlock) | bit(NumberClass::nan) | bit(NumberClass::plusInf)), 0u);
  EXPECT_NE(sample->required & bit(NumberClass::repeatedBlock), 0u);
  EXPECT_EQ(sample->drawn & bit(NumberClass::repeatedBlock), 0u) << "0x11 repeated is one repeated byte, not a block";
}

}  // namespace
}  // namespace dcconf::properties::testing
