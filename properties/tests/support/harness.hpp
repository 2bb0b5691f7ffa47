// Test-side driver of the properties: runs one property through RapidCheck's gtest bridge (RC_PARAMS honoured),
// counts coverage buckets and IUT support, and demonstrates failures on wrong backends.
#pragma once

#include <algorithm>
#include <functional>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "dcconf/properties/buckets.hpp"
#include "dcconf/properties/generators.hpp"
#include "dcconf/properties/invariants.hpp"
#include "support/wrong_backends.hpp"

namespace dcconf::properties::testing {

// "oracle", "fast", or "none" (supports nothing: the harness's own self-test)
std::unique_ptr<backends::Backend> makeBackend(const std::string& name);

template <typename Value>
struct PropertySpec {
  std::string family;  // clause family, for messages ("PAD-G2U")
  rc::Gen<Value> gen;
  std::function<Outcome(backends::Backend&, const Value&)> invariant;
  std::function<std::vector<std::string>(const Value&)> classify;
  std::vector<std::string> reachable;  // buckets that must get >= 1% of the cases
};

using CaseInvariant = Outcome (*)(backends::Backend&, const casefile::CaseData&);
// A property over one operation's generated cases, classified by bucketsOf.
PropertySpec<GeneratedCase> caseSpec(oracle::Operation operation, CaseInvariant invariant);
PropertySpec<GeneratedCase> caseSpec(oracle::Operation operation, rc::Gen<GeneratedCase> gen, CaseInvariant invariant);

inline constexpr std::uint64_t kConfirmationSeed = 0x5EEDC0DE;  // drawnBuckets: the same confirmation draws every run

struct Stats {
  BucketTally buckets;
  std::uint64_t passed = 0, failed = 0, notSupported = 0, notApplicable = 0;
  void count(const Outcome& outcome);
  std::uint64_t ran() const { return passed + failed; }
  std::string summary() const;
};

// The body RapidCheck runs once per case: draw, classify, check, RC_FAIL with the invariant's message.
template <typename Value>
void propertyBody(backends::Backend& iut, const PropertySpec<Value>& spec, Stats& stats) {
  const Value value = *spec.gen;
  const std::vector<std::string> buckets = spec.classify(value);
  stats.buckets.countCase();
  for (const std::string& bucket : buckets) stats.buckets.addNamed(bucket);
  if (!buckets.empty()) RC_TAG(buckets.front());
  const Outcome outcome = spec.invariant(iut, value);
  stats.count(outcome);
  if (outcome.failed()) RC_FAIL(outcome.message);
}

// The buckets of `cases` values drawn from a fixed seed, sizes ramping 0..100 as in a RapidCheck run: drawing only,
// no backend.
template <typename Value>
BucketTally drawnBuckets(const PropertySpec<Value>& spec, std::uint64_t cases) {
  BucketTally tally;
  for (std::uint64_t i = 0; i < cases; ++i) {
    const int size = static_cast<int>(i * 100 / std::max<std::uint64_t>(cases - 1, 1));
    const Value value = spec.gen(rc::Random(kConfirmationSeed + i), size).value();
    tally.countCase();
    for (const std::string& bucket : spec.classify(value)) tally.addNamed(bucket);
  }
  return tally;
}

// After a passing run: every reachable bucket got >= 1%, and the IUT ran at least one case (a backend that
// answers notSupported for a whole family must not pass silently). A bucket under 1% of a random-seed run is
// starved only if 10x as many draws from a fixed seed confirm it (`confirm`): a run's share of a 2-3% edge
// scatters far wider than binomial (RapidCheck ramps the size), and a low draw is not a generator that misses.
void checkStats(const std::string& backendName, const std::string& family, const std::vector<std::string>& reachable,
                const Stats& stats, const std::function<BucketTally(std::uint64_t cases)>& confirm);

template <typename Value>
void checkProperty(const std::string& backendName, const PropertySpec<Value>& spec) {
  const auto iut = makeBackend(backendName);
  Stats stats;
  rc::detail::checkGTest([&] { propertyBody(*iut, spec, stats); });
  if (::testing::Test::HasFailure()) return;  // shrinking runs skew the counts
  checkStats(backendName, spec.family, spec.reachable, stats,
             [&spec](std::uint64_t cases) { return drawnBuckets(spec, cases); });
}

// G-4 over one operation's invalid cases (genInvalidCase(operation, {})): the oracle names exactly the broken clause
// and field; `clauses` are the clause buckets the operation's breakers must reach.
void checkOracleRejectsExactly(oracle::Operation operation, std::vector<std::string> clauses);

// The "done means" of the property suite: on a deliberately wrong backend the property fails, and the shrunk
// counterexample's message names the clause.
std::string expectCaughtMessage(bool failed, const std::string& message, const std::string& clause);
template <typename Value>
void expectCaught(backends::Backend& wrong, const PropertySpec<Value>& spec, const std::string& clause) {
  Stats stats;
  const auto result = rc::detail::checkTestable([&] { propertyBody(wrong, spec, stats); });
  std::ostringstream message;
  rc::detail::printResultMessage(result, message);
  const std::string problem = expectCaughtMessage(result.template is<rc::detail::FailureResult>(), message.str(), clause);
  EXPECT_TRUE(problem.empty()) << problem;
}

}  // namespace dcconf::properties::testing

namespace dcconf::properties::testing {

// Every family's properties run on both built-in backends.
inline auto allBackends() { return ::testing::Values(std::string("oracle"), std::string("fast")); }
inline std::string backendParamName(const ::testing::TestParamInfo<std::string>& info) { return info.param; }

// A property over one operation's generated cases, as a row of a family's table.
struct CaseProperty {
  std::string name;  // clause ids first: "PAD_G2U_3_4_5_padRegions"
  oracle::Operation operation;
  CaseInvariant invariant;
};
// gtest prints parameters in test listings; a name reads better than the struct's bytes.
// G-1, G-2 and G-3 over one operation (names suffixed, e.g. "_0level"), followed by the family's own rows.
std::vector<CaseProperty> withG123(oracle::Operation operation, const std::string& suffix,
                                   std::vector<CaseProperty> own = {});

inline void PrintTo(const CaseProperty& property, std::ostream* os) { *os << property.name; }

// Parameterised over (property, backend); test names read "<property>_<backend>".
class CasePropertyTest : public ::testing::TestWithParam<std::tuple<CaseProperty, std::string>> {
 protected:
  void check() const {
    const auto& [property, backend] = GetParam();
    checkProperty(backend, caseSpec(property.operation, property.invariant));
  }
};
std::string casePropertyName(const ::testing::TestParamInfo<std::tuple<CaseProperty, std::string>>& info);
std::string propertyOnlyName(const ::testing::TestParamInfo<CaseProperty>& info);

// A wrong backend, the property that must catch it, and the clause its counterexample must name.
struct WrongVariant {
  const char* name;  // "<invariant>_catches_<mutation>"
  Mutation mutation;
  oracle::Operation operation;
  CaseInvariant invariant;
  const char* clause;
};
inline void PrintTo(const WrongVariant& variant, std::ostream* os) { *os << variant.name; }
class WrongVariantTest : public ::testing::TestWithParam<WrongVariant> {
 protected:
  void check() const {
    const WrongVariant& w = GetParam();
    expectCaught(*makeWrongBackend(w.mutation), caseSpec(w.operation, w.invariant), w.clause);
  }
};
std::string wrongVariantName(const ::testing::TestParamInfo<WrongVariant>& info);

}  // namespace dcconf::properties::testing

// One family's tables as two parameterised suites: Suite (properties x backends) and Suite##WrongVariants.
#define DCCONF_FAMILY_TESTS(Suite, properties, wrongVariants)                                               \
  using Suite = CasePropertyTest;                                                                           \
  TEST_P(Suite, holds) { check(); }                                                                         \
  INSTANTIATE_TEST_SUITE_P(Backends, Suite, ::testing::Combine(::testing::ValuesIn(properties), allBackends()), \
                           casePropertyName);                                                               \
  using Suite##WrongVariants = WrongVariantTest;                                                            \
  TEST_P(Suite##WrongVariants, caught) { check(); }                                                         \
  INSTANTIATE_TEST_SUITE_P(Mutants, Suite##WrongVariants, ::testing::ValuesIn(wrongVariants), wrongVariantName)
