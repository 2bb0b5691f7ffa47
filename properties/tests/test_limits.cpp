// Declared limits (issue 26 item 1, docs/limits.md): the file format's errors, the field mapping, and every
// generator drawing inside a narrow declaration by construction, its shrinks included.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <memory>

#include <rapidcheck.h>

#include "dcconf/properties/generators.hpp"
#include "dcconf/properties/limits.hpp"

namespace dcconf::properties {
namespace {

using oracle::Operation;

std::shared_ptr<const Limits> parsed(const std::string& text) {
  LimitsLoad loaded = parseLimits(text, "test.json");
  EXPECT_TRUE(loaded.limits) << loaded.error;
  return loaded.limits ? std::make_shared<const Limits>(*loaded.limits) : nullptr;
}

// The issue's simulator: ND2NZ only with dstNzNStride 1 and dstNzC0Stride a multiple of 16 up to 192, DataCopyPad
// without left padding, blockCount <= 8, and a relation of each kind.
const char* const kNarrow = R"({"format": "dcconf.limits/1", "operations": {
  "nd2nz": {"fields": {"params.dstNzNStride": {"values": [1]},
                       "params.dstNzC0Stride": {"min": 16, "max": 192, "multipleOf": 16}}},
  "padGmToUb": {"fields": {"padParams.leftPadding": {"values": [0]}, "params.blockCount": {"max": 8}}},
  "padUbToGm": {"fields": {"params.blockCount": {"max": 8}}},
  "copy0Level": {"fields": {"params.blockCount": {"max": 8}}, "relations": [["params.srcStride", "==", "params.dstStride"]]},
  "nz2nd": {"relations": [["params.dValue", "<=", "params.dstDStride"]]},
  "fixpipe": {"fields": {"params.mSize": {"max": 64}}, "relations": [["params.mSize", "<=", "params.nSize"]]}}})";

TEST(Limits, FieldMapLandsOnAnAdmittedValueAndKeepsAdmittedOnes) {
  const FieldLimit stride{"params.dstNzC0Stride", 16, 192, 16, {}};
  for (std::uint64_t v = 0; v < 5000; ++v) {
    const auto mapped = stride.map(v);
    ASSERT_TRUE(mapped);
    EXPECT_TRUE(stride.admits(*mapped)) << v << " -> " << *mapped;
    if (stride.admits(v)) {
      EXPECT_EQ(*mapped, v);
    }
  }
  const FieldLimit set{"padParams.leftPadding", 0, ~std::uint64_t{0}, 1, {0, 3}};
  for (std::uint64_t v = 0; v < 50; ++v) EXPECT_TRUE(set.admits(set.map(v).value()));
  const FieldLimit none{"params.blockCount", 3, 5, 8, {}};  // no multiple of 8 in [3, 5]
  EXPECT_FALSE(none.map(4));
  EXPECT_EQ(stride.largestAtMost(40), 32u);
  EXPECT_EQ(stride.smallestAtLeast(17), 32u);
  EXPECT_FALSE(stride.largestAtMost(15));
}

// Bad input: one line naming the source, the field and the value.
TEST(Limits, BadFilesAreOneLineNamingFieldAndValue) {
  const std::map<std::string, std::string> cases = {
      {R"({"format": "dcconf.limits/2"})", "test.json: format = \"dcconf.limits/2\": expected \"dcconf.limits/1\""},
      {R"({"format": "dcconf.limits/1", "operations": {"nd3nz": {}}})", "test.json: operations.nd3nz = \"nd3nz\": not an operation key"},
      {R"({"format": "dcconf.limits/1", "operations": {"nd2nz": {"fields": {"params.dstNzNStrid": {"max": 1}}}}})",
       "test.json: operations.nd2nz.fields.params.dstNzNStrid = \"params.dstNzNStrid\": no integer field of nd2nz cases"},
      {R"({"format": "dcconf.limits/1", "operations": {"nd2nz": {"fields": {"params.nValue": {"min": -1}}}}})",
       "test.json: operations.nd2nz.fields.params.nValue.min = -1: not a whole number"},
      {R"({"format": "dcconf.limits/1", "operations": {"nd2nz": {"fields": {"params.nValue": {"min": 9, "max": 3}}}}})",
       "test.json: operations.nd2nz.fields.params.nValue.min = 9: above max 3"},
      {R"({"format": "dcconf.limits/1", "operations": {"nd2nz": {"fields": {"params.nValue": {"multipleOf": 0}}}}})",
       "test.json: operations.nd2nz.fields.params.nValue.multipleOf = 0: must be at least 1"},
      {R"({"format": "dcconf.limits/1", "operations": {"nd2nz": {"relations": [["params.nValue", "<", "params.dValue"]]}}})",
       "test.json: operations.nd2nz.relations[0][1] = \"<\": expected \"<=\" or \"==\""},
      {"not json", "test.json: not JSON"},
  };
  for (const auto& [text, expected] : cases) {
    const LimitsLoad loaded = parseLimits(text, "test.json");
    EXPECT_FALSE(loaded.limits) << text;
    EXPECT_EQ(loaded.error.rfind(expected, 0), 0u) << loaded.error;
    EXPECT_EQ(loaded.error.find('\n'), std::string::npos);
  }
}

// Every draw of a limited operation lies inside the limits and is valid; draws no mapping fits are few (the done
// criterion: >= 50% of an operation's draws inside; here every case drawn is inside).
TEST(Limits, EveryGeneratorDrawsInsideByConstruction) {
  const auto limits = parsed(kNarrow);
  ASSERT_TRUE(limits);
  for (const Operation op : {Operation::nd2nz, Operation::padGmToUb, Operation::padUbToGm, Operation::copy0Level,
                             Operation::nz2nd, Operation::fixpipe}) {
    Scope scope;
    scope.product = oracle::Product::atlas_a2;
    scope.limits = limits;
    const rc::Gen<GeneratedCase> gen = genCase(op, scope);
    int drawn = 0, excluded = 0;
    for (int k = 0; k < 400; ++k) {
      try {
        const GeneratedCase c = gen(rc::Random(static_cast<std::uint64_t>(k) + 1), k % 100).value();
        ++drawn;
        EXPECT_EQ(limits->violation(c.data.c), "") << c;
        EXPECT_TRUE(oracle::validate(c.data.c).empty()) << c;
      } catch (const LimitsExclude&) {
        ++excluded;
      }
    }
    EXPECT_GE(drawn, 2 * excluded) << oracle::key(op) << ": " << drawn << " drawn, " << excluded << " not drawn";
  }
}

// Without limits the same draws leave the limited space (so the test above can fail).
TEST(Limits, UnlimitedDrawsLeaveTheNarrowSpace) {
  const auto limits = parsed(kNarrow);
  ASSERT_TRUE(limits);
  Scope scope;
  scope.product = oracle::Product::atlas_a2;
  const rc::Gen<GeneratedCase> gen = genCase(Operation::nd2nz, scope);
  int outside = 0;
  for (int k = 0; k < 200; ++k) outside += !limits->admits(gen(rc::Random(static_cast<std::uint64_t>(k) + 1), 50).value().data.c);
  EXPECT_GT(outside, 100);
}

// RapidCheck's shrinks rebuild the case through the same generator, hence the same mapping: every shrink candidate
// (two levels deep) is inside the limits or not drawn at all.
TEST(Limits, ShrinksStayInside) {
  const auto limits = parsed(kNarrow);
  ASSERT_TRUE(limits);
  Scope scope;
  scope.product = oracle::Product::atlas_a2;
  scope.limits = limits;
  for (const Operation op : {Operation::nd2nz, Operation::padGmToUb, Operation::copy0Level}) {
    const rc::Gen<GeneratedCase> gen = genCase(op, scope);
    int checked = 0;
    std::function<void(const rc::Shrinkable<GeneratedCase>&, int)> walk = [&](const rc::Shrinkable<GeneratedCase>& s, int depth) {
      try {
        const GeneratedCase c = s.value();
        ++checked;
        EXPECT_EQ(limits->violation(c.data.c), "") << c;
      } catch (const LimitsExclude&) {
        return;
      }
      if (depth == 0) return;
      auto shrinks = s.shrinks();
      for (int n = 0; n < 12; ++n) {
        auto next = shrinks.next();
        if (!next) break;
        walk(*next, depth - 1);
      }
    };
    for (int k = 0; k < 10; ++k) walk(gen(rc::Random(static_cast<std::uint64_t>(k) + 99), 80), 2);
    EXPECT_GT(checked, 100) << oracle::key(op);
  }
}

// The coverage gate's range of a limited field is the declared one.
TEST(Limits, CoverageRangeNarrowsToTheDeclaredSpace) {
  const auto limits = parsed(kNarrow);
  ASSERT_TRUE(limits);
  const FieldRange stride{"Nd2NzParams.dstNzC0Stride", 16, 1, 65535, 65535, 1, false};
  const auto narrowed = limits->narrow(Operation::nd2nz, stride);
  ASSERT_TRUE(narrowed);
  EXPECT_EQ(narrowed->docMin, 16u);
  EXPECT_EQ(narrowed->reachMax, 192u);
  EXPECT_EQ(narrowed->step, 16u);
  EXPECT_EQ(requiredBits(*narrowed), 0xF0u);  // bits 4..7: what 16..192 in steps of 16 can set
  const FieldRange other{"Nd2NzParams.nValue", 16, 0, 16384, 16384, 1, false};
  EXPECT_EQ(limits->narrow(Operation::nd2nz, other)->reachMax, 16384u);  // not declared: unchanged
}

// multipleOf 2^32 (file) and 2^32 + 1 (a backend's hello): their lcm exceeds 2^64, so only 0 is a multiple of both.
// The intersection must not wrap to 2^32, which the second source does not admit.
TEST(Limits, IntersectedMultiplesBeyond64BitsAdmitOnlyZero) {
  const std::string field = R"({"format": "dcconf.limits/1", "operations": {"nd2nz": {"fields": {"params.dstNzC0Stride": )";
  const auto file = parsed(field + R"({"multipleOf": 4294967296}}}}})");
  const auto hello = parsed(field + R"({"multipleOf": 4294967297}}}}})");
  ASSERT_TRUE(file && hello);
  Limits both;
  both.add(*file);
  both.add(*hello);
  const FieldLimit& f = both.operations.at(Operation::nd2nz).fields.at(0);
  for (const std::uint64_t v : {0ull, 1ull, 4294967296ull, 4294967297ull, 1ull << 63, ~0ull}) {
    const auto mapped = f.map(v);
    ASSERT_TRUE(mapped) << v;
    EXPECT_EQ(*mapped, 0u) << v;
  }
  const FieldRange stride{"Nd2NzParams.dstNzC0Stride", 16, 1, 65535, 65535, 1, false};
  EXPECT_FALSE(both.narrow(Operation::nd2nz, stride)) << "docMin 1: no admitted value";
  // with a lower bound above 0 nothing is admitted
  const auto above = parsed(field + R"({"min": 1, "multipleOf": 4294967297}}}}})");
  Limits none;
  none.add(*file);
  none.add(*above);
  EXPECT_FALSE(none.operations.at(Operation::nd2nz).fields.at(0).map(5));
}

// The documented fields of the 950's operations are fields a limits file may name (they were refused: the list came
// from 64 draws on the default product only).
TEST(Limits, FieldsOfEveryProductAndPathMayBeNamed) {
  const std::map<std::string, std::string> fields = {
      {"padGmToUb", "loopMode.loop1Size"}, {"padUbToGm", "loopMode.loop2DstStride"},
      {"fixpipe950", "fixpipe.dualDstCtl"}, {"nddma", "params.dim"}};
  for (const auto& [operation, field] : fields) {
    const LimitsLoad loaded = parseLimits(R"({"format": "dcconf.limits/1", "operations": {")" + operation +
                                              R"(": {"fields": {")" + field + R"(": {"max": 1}}}}})",
                                          "test.json");
    EXPECT_TRUE(loaded.limits) << loaded.error;
  }
}

}  // namespace
}  // namespace dcconf::properties
