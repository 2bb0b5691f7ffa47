// result.json (docs/case-format.md): what `dcconf case` tells a harness about an evaluated case.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "dcconf/casefile/result.hpp"

namespace dcconf::casefile {
namespace {

oracle::Evaluation computedWithBytes(std::size_t count) {
  oracle::Evaluation e;
  e.verdict = oracle::Verdict::computed;
  e.expectation.expected.assign(count, 0);
  e.expectation.care.assign(count, 1);
  e.expectation.region.assign(count, oracle::Region::data);
  return e;
}

// AMB-16 (project, issue 29 item 4): an element that must be a NaN of T is listed with its first byte and dtype, as a
// vector's nanElements, so a harness reading only result.json can check it; its bytes stay ANY.
TEST(Result, ListsTheElementsThatMustBeANan) {
  oracle::Evaluation e = computedWithBytes(8);
  for (std::size_t b = 4; b < 6; ++b) e.expectation.care[b] = 0;
  e.expectation.classes.push_back({4, oracle::DType::half, oracle::ValueClass::nan});
  const nlohmann::json result = resultJson(oracle::Case{}, e);
  ASSERT_TRUE(result.contains("nanElements"));
  EXPECT_EQ(result["nanElements"], nlohmann::json::parse(R"([{"offset": 4, "dtype": "half"}])"));
  EXPECT_EQ(result["anyBytes"], 2);
}

TEST(Result, NoNanElementsNoKey) {
  const nlohmann::json result = resultJson(oracle::Case{}, computedWithBytes(8));
  EXPECT_FALSE(result.contains("nanElements")) << "results without a NaN element stay as they were";
}

}  // namespace
}  // namespace dcconf::casefile
