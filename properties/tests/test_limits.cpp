// Declared limits (issue 26 item 1, docs/limits.md): the file format's errors, the field mapping, and every
// generator drawing inside a narrow declaration by construction, its shrinks included.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <set>

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include "dcconf/casefile/casefile.hpp"
#include "dcconf/properties/generators.hpp"
#include "dcconf/properties/limit_expr.hpp"
#include "dcconf/properties/limits.hpp"

namespace dcconf::properties {
namespace {

using oracle::Operation;

// A drawn ND2NZ case of the default product: what a limit's scope is resolved against.
oracle::Case nd2nzCase() {
  Scope scope;
  scope.product = oracle::Product::atlas_a2;
  scope.pathGlob = "GM->A1";
  scope.dtypes = {oracle::DType::half};
  return genCase(Operation::nd2nz, scope)(rc::Random(1), 10).value().data.c;
}

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
  // the admitted values by index, as a constraint's repair searches them
  EXPECT_EQ(stride.count(), 12u);
  EXPECT_EQ(stride.at(0), 16u);
  EXPECT_EQ(stride.at(1), 32u);
  EXPECT_EQ(stride.at(11), 192u);
  EXPECT_EQ(set.count(), 2u);
  EXPECT_EQ(set.at(1), 3u);
  EXPECT_EQ(none.count(), 0u);
}

// Each text is refused with one line starting as expected (naming the source, the field and the value).
void expectRefused(const std::map<std::string, std::string>& cases) {
  for (const auto& [text, expected] : cases) {
    const LimitsLoad loaded = parseLimits(text, "test.json");
    EXPECT_FALSE(loaded.limits) << text;
    EXPECT_EQ(loaded.error.rfind(expected, 0), 0u) << loaded.error;
    EXPECT_EQ(loaded.error.find('\n'), std::string::npos);
  }
}

// Bad input: one line naming the source, the field and the value.
TEST(Limits, BadFilesAreOneLineNamingFieldAndValue) {
  const std::map<std::string, std::string> cases = {
      {R"({"format": "dcconf.limits/3"})", "test.json: format = \"dcconf.limits/3\": expected \"dcconf.limits/2\" (or \"dcconf.limits/1\")"},
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
  expectRefused(cases);
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
  const auto narrowed = limits->narrow(nd2nzCase(), Operation::nd2nz, stride);
  ASSERT_TRUE(narrowed);
  EXPECT_EQ(narrowed->docMin, 16u);
  EXPECT_EQ(narrowed->reachMax, 192u);
  EXPECT_EQ(narrowed->step, 16u);
  EXPECT_EQ(requiredBits(*narrowed), 0xF0u);  // bits 4..7: what 16..192 in steps of 16 can set
  const FieldRange other{"Nd2NzParams.nValue", 16, 0, 16384, 16384, 1, false};
  EXPECT_EQ(limits->narrow(nd2nzCase(), Operation::nd2nz, other)->reachMax, 16384u);  // not declared: unchanged
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
  const FieldLimit f = both.fieldLimit(nd2nzCase(), "params.dstNzC0Stride").value();
  for (const std::uint64_t v : {0ull, 1ull, 4294967296ull, 4294967297ull, 1ull << 63, ~0ull}) {
    const auto mapped = f.map(v);
    ASSERT_TRUE(mapped) << v;
    EXPECT_EQ(*mapped, 0u) << v;
  }
  const FieldRange stride{"Nd2NzParams.dstNzC0Stride", 16, 1, 65535, 65535, 1, false};
  EXPECT_FALSE(both.narrow(nd2nzCase(), Operation::nd2nz, stride)) << "docMin 1: no admitted value";
  // with a lower bound above 0 nothing is admitted
  const auto above = parsed(field + R"({"min": 1, "multipleOf": 4294967297}}}}})");
  Limits none;
  none.add(*file);
  none.add(*above);
  EXPECT_FALSE(none.fieldLimit(nd2nzCase(), "params.dstNzC0Stride").value().map(5));
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

// ---- dcconf.limits/2: expressions, conditions, scopes (issue 49 item 2) --------------------------------------------
// Each kind of declaration the issue's simulator needed, drawn inside by construction: every case drawn is checked
// against the declaration written out here in plain C++ (not by the limits code), the draws must reach the
// declaration's boundary, and the same draws without the limits must break it (so each check can fail).

bool isField(const std::string& name) {
  static const std::set<std::string> kFields{"params.blockLen", "params.dstStride", "params.ndNum", "params.dValue", "padParams.rightPadding"};
  return kFields.count(name) != 0;
}

TEST(LimitExpressions, EvaluateAsWrittenAndSaturate) {
  LimitExpression e;
  ASSERT_EQ(parseLimitExpression(e, "alignUp(params.blockLen, 32) + 32*params.dstStride <= 768", ExprForm::claim, isField), "");
  ASSERT_EQ(e.fields, (std::vector<std::string>{"params.blockLen", "params.dstStride"}));
  std::vector<std::uint64_t> values;
  const std::vector<std::uint64_t> inside{33, 22}, outside{33, 23};
  evaluate(e, 2, inside, values);
  EXPECT_EQ(values[e.comparisons[0].left], 64u + 704u);
  EXPECT_TRUE(holds(e.comparisons[0], values));
  evaluate(e, 2, outside, values);
  EXPECT_FALSE(holds(e.comparisons[0], values));
  LimitExpression bound;
  ASSERT_EQ(parseLimitExpression(bound, "4*C0 + sizeof(T) / 2 + ceilDiv(C0, 3) + min(C0, 5) + max(1, 2)", ExprForm::bound, isField), "");
  EXPECT_EQ(boundValue(bound, 2), 64u + 1 + 6 + 5 + 2);  // C0 = 16 for 2-byte elements
  EXPECT_EQ(boundValue(bound, 4), 32u + 2 + 3 + 5 + 2);
  LimitExpression big;  // saturates: a "<=" with an overflowing side fails, never wraps into a small value
  ASSERT_EQ(parseLimitExpression(big, "params.blockLen * 0xFFFFFFFFFFFFFFFF <= 5", ExprForm::claim, isField), "");
  evaluate(big, 1, std::vector<std::uint64_t>{2}, values);
  EXPECT_FALSE(holds(big.comparisons[0], values));
  LimitExpression condition;  // ">" reads with its sides swapped; conditions join with &&
  ASSERT_EQ(parseLimitExpression(condition, "params.ndNum > 1 && params.dValue != 3", ExprForm::condition, isField), "");
  ASSERT_EQ(condition.comparisons.size(), 2u);
  evaluate(condition, 1, std::vector<std::uint64_t>{2, 4}, values);
  EXPECT_TRUE(holds(condition.comparisons[0], values) && holds(condition.comparisons[1], values));
  evaluate(condition, 1, std::vector<std::uint64_t>{1, 4}, values);
  EXPECT_FALSE(holds(condition.comparisons[0], values));
}

TEST(LimitExpressions, WhatCannotBeRepairedOrBoundedIsRefusedWithItsColumn) {
  const std::map<std::string, std::pair<ExprForm, std::string>> cases = {
      {"params.blockLen - 1 <= 5", {ExprForm::claim, "no subtraction: move the term to the other side (column 17)"}},
      {"params.blockLen / params.dstStride <= 5", {ExprForm::claim, "a divisor may use numbers, sizeof(T) and C0 only"}},
      {"alignUp(params.blockLen, 0) <= 5", {ExprForm::claim, "an alignment is 0 for sizeof(T) = 1"}},
      {"params.blockLen / (C0 / 32) <= 5", {ExprForm::claim, "a divisor is 0 for sizeof(T) = 2"}},
      {"params.blockLenn <= 5", {ExprForm::claim, "'params.blockLenn' is no integer field"}},
      {"params.blockLen != 5", {ExprForm::claim, "'!=' only in a condition"}},
      {"4 <= 5", {ExprForm::claim, "compares no field"}},
      {"params.blockLen <= 5 && params.dstStride <= 1", {ExprForm::claim, "unexpected text after the comparison"}},
      {"params.blockLen * 2", {ExprForm::bound, "a bound may use numbers, sizeof(T) and C0 only ('params.blockLen')"}},
      {"99999999999999999999", {ExprForm::bound, "a number above 2^64 - 1"}},
      {std::string(40, '(') + "1" + std::string(40, ')'), {ExprForm::bound, "nested deeper than 16"}},
      {std::string(600, '1'), {ExprForm::bound, "longer than 512 characters"}},
  };
  for (const auto& [text, expected] : cases) {
    LimitExpression e;
    const std::string why = parseLimitExpression(e, text, expected.first, isField);
    EXPECT_EQ(why.rfind(expected.second, 0), 0u) << text << ": " << why;
    EXPECT_TRUE(e.nodes.empty()) << "a refused text leaves nothing behind";
  }
}

// Untrusted text (a plugin's or an exec hello's limits) never crashes the reader: random sequences of the language's
// tokens and stray bytes either parse or give a reason, and what parses evaluates for every element size.
TEST(LimitExpressions, RandomTextParsesOrIsRefusedNeverCrashes) {
  static const char* const kTokens[] = {"params.blockLen", "params.dstStride", "sizeof(T)", "C0", "(", ")", "+", "*", "/",
                                        "-", ",", "<=", "<", ">=", ">", "==", "!=", "&&", "alignUp(", "ceilDiv(", "min(",
                                        "max(", "0", "1", "32", "0x10", "18446744073709551615", " ", "\x01", "\xff", "sizeof"};
  std::uint64_t state = 7;
  int parsed = 0;
  for (int k = 0; k < 20000; ++k) {
    std::string text;
    const int length = 1 + static_cast<int>((state >> 7) % 12);
    for (int t = 0; t < length; ++t) {
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      text += kTokens[(state >> 33) % std::size(kTokens)];
    }
    for (const ExprForm form : {ExprForm::bound, ExprForm::claim, ExprForm::condition}) {
      LimitExpression e;
      if (!parseLimitExpression(e, text, form, isField).empty()) continue;
      ++parsed;
      std::vector<std::uint64_t> values;
      for (const std::uint64_t size : {1, 2, 4, 8}) evaluate(e, size, std::vector<std::uint64_t>(e.fields.size(), ~std::uint64_t{0}), values);
    }
  }
  EXPECT_GT(parsed, 100) << "the generator reaches texts that parse";
}

// Draws `count` cases of op on atlas-a2 under limits (all inside by construction, valid, and at most a third not
// drawn), returning them for the test's own check of the declaration.
std::vector<oracle::Case> drawInside(const Limits& limits, Operation op, int count, const std::string& pathGlob = "*") {
  Scope scope;
  scope.product = oracle::Product::atlas_a2;
  scope.pathGlob = pathGlob;
  scope.limits = std::make_shared<const Limits>(limits);
  const rc::Gen<GeneratedCase> gen = genCase(op, scope);
  std::vector<oracle::Case> out;
  int excluded = 0;
  for (int k = 0; k < count; ++k) {
    try {
      const GeneratedCase c = gen(rc::Random(static_cast<std::uint64_t>(k) + 1), k % 100).value();
      EXPECT_EQ(limits.violation(c.data.c), "") << c;
      EXPECT_TRUE(oracle::validate(c.data.c).empty()) << c;
      out.push_back(c.data.c);
    } catch (const LimitsExclude&) {
      ++excluded;
    }
  }
  EXPECT_GE(out.size(), 2u * static_cast<std::size_t>(excluded)) << oracle::key(op) << ": " << excluded << " not drawn";
  return out;
}

std::vector<oracle::Case> drawUnlimited(Operation op, int count, const std::string& pathGlob = "*") {
  return drawInside(Limits{}, op, count, pathGlob);
}

std::string shown(const oracle::Case& c) { return casefile::toJsonWithoutBuffers(c).dump(); }

std::uint64_t elementBytes(const oracle::Case& c) { return oracle::sizeBytes(c.dtype); }

template <typename Params>
const Params& paramsOf(const oracle::Case& c) {
  return std::get<Params>(c.params);
}

struct Blocks {
  std::uint64_t blockCount = 0, blockLen = 0, dstStride = 0;
};
Blocks blocksOf(const oracle::Case& c) {
  if (const auto* p = std::get_if<oracle::DataCopyParams>(&c.params)) return {p->blockCount, p->blockLen, p->dstStride};
  const auto& p = paramsOf<oracle::DataCopyExtParams>(c);
  return {p.blockCount, p.blockLen, p.dstStride};
}
std::uint64_t rightPaddingOf(const oracle::Case& c) {
  if (const auto* p = std::get_if<oracle::DataCopyPadParams>(&c.padParams)) return p->rightPadding;
  if (const auto* p = std::get_if<oracle::DataCopyPadExtParams>(&c.padParams)) return p->rightPadding;
  return 0;
}

// Per-dtype bounds: blockLen a multiple of 2*sizeof(T) and at most 4*C0 bytes (C0 = 32/sizeof(T)).
TEST(LimitsV2, PerDtypeBoundsFollowSizeofTAndC0) {
  const auto limits = parsed(R"j({"format": "dcconf.limits/2", "operations": {"padUbToGm":
      {"fields": {"params.blockLen": {"multipleOf": "2*sizeof(T)", "max": "4*C0"}}}}})j");
  ASSERT_TRUE(limits);
  auto breaks = [](const oracle::Case& c, std::uint64_t blockLen) {
    return blockLen % (2 * elementBytes(c)) != 0 || blockLen > 4 * (32 / elementBytes(c));
  };
  std::map<std::uint64_t, std::uint64_t> largest;  // element size -> largest blockLen drawn
  for (const oracle::Case& c : drawInside(*limits, Operation::padUbToGm, 1200)) {
    const std::uint64_t blockLen = blocksOf(c).blockLen;
    EXPECT_FALSE(breaks(c, blockLen)) << shown(c);
    largest[elementBytes(c)] = std::max(largest[elementBytes(c)], blockLen);
  }
  EXPECT_EQ(largest[1], 128u) << "int8_t reaches its own bound 4*32";
  EXPECT_EQ(largest[2], 64u) << "half reaches its own bound 4*16";
  EXPECT_EQ(largest[4], 32u) << "float reaches its own bound 4*8";
  int broken = 0;
  for (const oracle::Case& c : drawUnlimited(Operation::padUbToGm, 200)) {
    broken += breaks(c, blocksOf(c).blockLen);
  }
  EXPECT_GT(broken, 50);
  // the coverage gate narrows a field to the range declared for the case's own dtype
  const std::vector<oracle::Case> some = drawInside(*limits, Operation::padUbToGm, 50);
  for (const oracle::Case& c : some) {
    const FieldRange blockLen{"DataCopyExtParams.blockLen", 32, 1, 2097151, 2097151, 1, false};
    const auto narrowed = limits->narrow(c, Operation::padUbToGm, blockLen);
    ASSERT_TRUE(narrowed);
    EXPECT_EQ(narrowed->reachMax, 4 * (32 / elementBytes(c))) << shown(c);
    EXPECT_EQ(narrowed->step, 2 * elementBytes(c)) << shown(c);
  }
}

// Arithmetic across fields: the UB row pitch AlignUp(blockLen, 32) + 32*dstStride at most 256 bytes.
TEST(LimitsV2, ArithmeticAcrossFieldsHoldsAndReachesItsBoundary) {
  const auto limits = parsed(R"j({"format": "dcconf.limits/2", "operations": {"padGmToUb":
      {"constraints": ["alignUp(params.blockLen, 32) + 32*params.dstStride <= 256"]}}})j");
  ASSERT_TRUE(limits);
  auto pitch = [](const oracle::Case& c) {
    return (blocksOf(c).blockLen + 31) / 32 * 32 + 32 * blocksOf(c).dstStride;
  };
  int atBoundary = 0, tightUses = 0;
  for (const oracle::Case& c : drawInside(*limits, Operation::padGmToUb, 400)) {
    EXPECT_LE(pitch(c), 256u) << shown(c);
    atBoundary += pitch(c) == 256;
    for (const ConstraintUse& use : limits->uses(c)) tightUses += use.active && use.tight;
  }
  EXPECT_GT(atBoundary, 4) << "the repair lands on the boundary often enough for the gate to see it";
  EXPECT_EQ(tightUses, atBoundary) << "the report counts exactly the cases at the boundary";
  int broken = 0;
  for (const oracle::Case& c : drawUnlimited(Operation::padGmToUb, 200)) broken += pitch(c) > 256;
  EXPECT_GT(broken, 20);
}

// "rightPadding pads exactly to the 32-byte boundary" (left padding none): an equality the repair solves for the one
// field on one side only.
TEST(LimitsV2, RightPaddingPadsExactlyToTheBlockBoundary) {
  const auto limits = parsed(R"j({"format": "dcconf.limits/2", "operations": {"padGmToUb": {
      "fields": {"padParams.leftPadding": {"values": [0]}},
      "constraints": ["alignUp(params.blockLen, 32) == params.blockLen + padParams.rightPadding * sizeof(T)"]}}})j");
  ASSERT_TRUE(limits);
  auto padsExactly = [](const oracle::Case& c) {
    const std::uint64_t blockLen = blocksOf(c).blockLen;
    const std::uint64_t right = rightPaddingOf(c);
    return (blockLen + 31) / 32 * 32 == blockLen + right * elementBytes(c);
  };
  int padded = 0;
  for (const oracle::Case& c : drawInside(*limits, Operation::padGmToUb, 400)) {
    EXPECT_TRUE(padsExactly(c)) << shown(c);
    padded += rightPaddingOf(c) > 0;
  }
  EXPECT_GT(padded, 50) << "the repair sets rightPadding, not only cases already aligned";
  int broken = 0;
  for (const oracle::Case& c : drawUnlimited(Operation::padGmToUb, 200)) broken += !padsExactly(c);
  EXPECT_GT(broken, 50);
}

// A condition: the FIX NZ output's dstStride is mSize*C0*sizeof(T)/32 when nz2ndEn is 0, free otherwise.
TEST(LimitsV2, ConditionalConstraintAppliesOnlyWhereItsConditionHolds) {
  const auto limits = parsed(R"j({"format": "dcconf.limits/2", "operations": {"fixpipe": {"constraints": [
      {"if": "params.nz2ndEn == 0", "then": "params.dstStride == params.mSize * C0 * sizeof(T) / 32"}]}}})j");
  ASSERT_TRUE(limits);
  int nz = 0, nd = 0, ndFree = 0;
  for (const oracle::Case& c : drawInside(*limits, Operation::fixpipe, 400)) {
    const auto& p = paramsOf<oracle::DataCopyCO12DstParams>(c);
    if (!p.nz2ndEn) {
      ++nz;
      EXPECT_EQ(std::uint64_t{p.dstStride}, std::uint64_t{p.mSize} * (32 / elementBytes(c)) * elementBytes(c) / 32) << shown(c);
    } else {
      ++nd;
      ndFree += p.dstStride != p.mSize;
    }
  }
  EXPECT_GT(nz, 50);
  EXPECT_GT(nd, 50);
  EXPECT_GT(ndFree, 10) << "the claim is not forced where nz2ndEn is 1";
  int broken = 0;
  for (const oracle::Case& c : drawUnlimited(Operation::fixpipe, 200)) {
    const auto& p = paramsOf<oracle::DataCopyCO12DstParams>(c);
    broken += !p.nz2ndEn && p.dstStride != p.mSize;
  }
  EXPECT_GT(broken, 20);
}

// ND2NZ tiles that must not overlap, on GM->A1 only (a path scope): with ndNum > 1 the matrix stride spans the
// tile's column blocks, and a tile's rows fit between its column blocks. Checked on the destination indices the
// semantics give (ND2NZ: i*dstNzMatrixStride + (c/C0)*dstNzC0Stride*C0 + r*dstNzNStride*C0 + c%C0).
TEST(LimitsV2, Nd2NzTilesOnL1DoNotOverlap) {
  const auto limits = parsed(R"j({"format": "dcconf.limits/2", "operations": {"nd2nz": {
      "when": {"paths": ["GM->A1"]},
      "constraints": ["params.nValue * params.dstNzNStride <= params.dstNzC0Stride",
                      {"if": "params.ndNum > 1", "then": "params.dstNzMatrixStride >= ceilDiv(params.dValue, C0) * params.dstNzC0Stride * C0"}]}}})j");
  ASSERT_TRUE(limits);
  auto overlaps = [](const oracle::Case& c) {
    const auto& p = paramsOf<oracle::Nd2NzParams>(c);
    const std::uint64_t c0 = 32 / elementBytes(c);
    if (std::uint64_t{p.ndNum} * p.nValue * p.dValue > (1u << 16)) return false;  // too many to list: skip
    std::set<std::uint64_t> seen;
    for (std::uint64_t i = 0; i < p.ndNum; ++i) {
      for (std::uint64_t r = 0; r < p.nValue; ++r) {
        for (std::uint64_t col = 0; col < p.dValue; ++col) {
          if (!seen.insert(i * p.dstNzMatrixStride + col / c0 * p.dstNzC0Stride * c0 + r * p.dstNzNStride * c0 + col % c0).second) return true;
        }
      }
    }
    return false;
  };
  int several = 0;
  for (const oracle::Case& c : drawInside(*limits, Operation::nd2nz, 300, "GM->A1")) {
    EXPECT_FALSE(overlaps(c)) << shown(c);
    several += paramsOf<oracle::Nd2NzParams>(c).ndNum > 1;
  }
  EXPECT_GT(several, 30);
  int overlapping = 0;
  for (const oracle::Case& c : drawUnlimited(Operation::nd2nz, 300, "GM->A1")) overlapping += overlaps(c);
  EXPECT_GT(overlapping, 10);
  // the scope: on the UB path the constraints do not apply
  const oracle::Case onA1 = drawInside(*limits, Operation::nd2nz, 1, "GM->A1").at(0);
  EXPECT_EQ(limits->uses(onA1).size(), 2u);
  const oracle::Case onB1 = drawInside(*limits, Operation::nd2nz, 1, "GM->B1").at(0);
  EXPECT_TRUE(limits->uses(onB1).empty());
}

// Scopes by dtype and product: blockCount at most 2 for half, at most 4 for float, free for the others; a block for
// the 950's DN2NZ is not listed to an Atlas A2 run.
TEST(LimitsV2, ScopesByDtypeAndProduct) {
  const auto limits = parsed(R"j({"format": "dcconf.limits/2", "operations": {
      "padUbToGm": [{"when": {"dtypes": ["half"]}, "fields": {"params.blockCount": {"max": 2}}},
                    {"when": {"dtypes": ["float"]}, "fields": {"params.blockCount": {"max": 4}}}],
      "dn2nz": {"when": {"products": ["ascend950"]}, "fields": {"params.nValue": {"max": 8}}}}})j");
  ASSERT_TRUE(limits);
  std::map<oracle::DType, std::uint64_t> largest;
  for (const oracle::Case& c : drawInside(*limits, Operation::padUbToGm, 600)) {
    const std::uint64_t blockCount = blocksOf(c).blockCount;
    largest[c.dtype] = std::max(largest[c.dtype], blockCount);
  }
  EXPECT_EQ(largest[oracle::DType::half], 2u);
  EXPECT_EQ(largest[oracle::DType::float_], 4u);
  EXPECT_GT(largest[oracle::DType::int8_t], 4u) << "int8_t is not limited";
  const std::vector<oracle::Product> a2{oracle::Product::atlas_a2}, a950{oracle::Product::ascend950};
  for (const std::string& line : limits->describe(a2)) EXPECT_EQ(line.find("dn2nz"), std::string::npos) << line;
  const std::vector<std::string> on950 = limits->describe(a950);
  EXPECT_TRUE(std::any_of(on950.begin(), on950.end(), [](const std::string& l) { return l.starts_with("dn2nz: params.nValue"); }));
}

TEST(LimitsV2, BadDeclarationsAreOneLineNamingFieldAndValue) {
  const std::map<std::string, std::string> cases = {
      {R"j({"format": "dcconf.limits/1", "operations": {"padGmToUb": {"constraints": ["params.blockLen <= 4"]}}})j",
       "test.json: operations.padGmToUb.constraints = [\"params.blockLen <= 4\"]: \"constraints\" needs \"format\": \"dcconf.limits/2\""},
      {R"j({"format": "dcconf.limits/1", "operations": {"padGmToUb": {"fields": {"params.blockLen": {"max": "C0"}}}}})j",
       "test.json: operations.padGmToUb.fields.params.blockLen.max = \"C0\": an expression needs"},
      {R"j({"format": "dcconf.limits/2", "operations": {"padGmToUb": {"constraints": ["params.blockLen - 1 <= 4"]}}})j",
       "test.json: operations.padGmToUb.constraints[0] = \"params.blockLen - 1 <= 4\": no subtraction"},
      {R"j({"format": "dcconf.limits/2", "operations": {"fixpipe": {"constraints": [{"if": "params.mSize", "then": "params.nSize <= 32"}]}}})j",
       "test.json: operations.fixpipe.constraints[0].if = \"params.mSize\": expected a comparison"},
      {R"j({"format": "dcconf.limits/2", "operations": {"nd2nz": {"when": {"paths": ["GM->VECIN"]}, "fields": {"params.nValue": {"max": 4}}}}})j",
       "test.json: operations.nd2nz.when.paths[0] = \"GM->VECIN\": matches no path of nd2nz"},
      {R"j({"format": "dcconf.limits/2", "operations": {"nd2nz": {"when": {"dtypes": ["half7"]}}}})j",
       "test.json: operations.nd2nz.when.dtypes[0] = \"half7\": not a dtype"},
      {R"j({"format": "dcconf.limits/2", "operations": {"dn2nz": {"when": {"products": ["atlas-a2"]}}}})j",
       "test.json: operations.dn2nz.when.products[0] = \"atlas-a2\": dn2nz has no cases on it"},
      {R"j({"format": "dcconf.limits/2", "operations": {"padGmToUb": {"fields": {"params.blockLen": {"multipleOf": "C0 / 32"}}}}})j",
       "test.json: operations.padGmToUb.fields.params.blockLen.multipleOf = \"C0 / 32\": is 0 for sizeof(T) = 2"},
      {R"j({"format": "dcconf.limits/2", "operations": {"padGmToUb": {"fields": {"params.blockLen": {"min": "64*C0", "max": 16}}}}})j",
       "test.json: operations.padGmToUb.fields.params.blockLen = {\"max\":16,\"min\":\"64*C0\"}: admits no value"},
  };
  expectRefused(cases);
}

// The published schema names every operation a limits file may limit (it lacked the newer ones), and the shipped
// limits files read.
TEST(LimitsV2, SchemaListsEveryOperationAndTheShippedFilesRead) {
  std::ifstream in(std::string(DCCONF_SOURCE_DIR) + "/docs/schema/limits.schema.json");
  const nlohmann::json schema = nlohmann::json::parse(in);
  std::set<std::string> listed;
  for (const auto& key : schema.at("properties").at("operations").at("propertyNames").at("enum")) listed.insert(key.get<std::string>());
  std::set<std::string> operations;
  for (const Operation op : oracle::kAllOperations) operations.insert(std::string(oracle::key(op)));
  EXPECT_EQ(listed, operations);
  const LimitsLoad shipped = loadLimitsFile(std::string(DCCONF_SOURCE_DIR) + "/runners/plugin/tests/limits/narrow.json");
  EXPECT_TRUE(shipped.limits) << shipped.error;
}

}  // namespace
}  // namespace dcconf::properties
