// Invalid cases (G-4): the oracle rejects with exactly the broken clause and field; an IUT rejects or stays inside
// the footprint of the valid part (running an invalid case is counted, not failed).
#include "support/harness.hpp"

namespace dcconf::properties::testing {
namespace {

const std::vector<std::string> kClauses{"PAD-G2U-1", "PAD-U2G-1", "PAD-U2L1-2", "ND2NZ-1", "NZ2ND-1",
                                        "DC-3",      "DC-1",      "G-5",        "G-1",     "G-2"};

PropertySpec<InvalidCase> invalidSpec(std::function<Outcome(backends::Backend&, const InvalidCase&)> invariant) {
  return {"G-4", genInvalidCase(), std::move(invariant),
          [](const InvalidCase& invalid) { return std::vector<std::string>{invalid.clause, invalid.clause + " " + invalid.field}; },
          kClauses};
}

TEST(Invalid, G4_oracleRejectsWithExactlyTheBrokenClauseAndField) {
  checkProperty("oracle", invalidSpec([](backends::Backend&, const InvalidCase& invalid) {
                  return checkG4OracleRejectsExactly(invalid);
                }));
}

// G-4 minimum (docs/coverage.md): breaker k of invalidBreakers(op, scope) draws breaker k, which the oracle rejects
// with exactly the clause and field it claims; the run engine's schedule relies on both.
TEST(Invalid, G4_eachScheduledBreakerDrawsItself) {
  std::size_t checked = 0;
  for (const oracle::Operation op : oracle::kAllOperations) {
    const Scope scope;
    if (!hasGenerator(op) || !scopeHasCases(op, scope)) continue;
    const std::vector<std::string> names = invalidBreakers(op, scope);
    ASSERT_FALSE(names.empty()) << oracle::key(op);
    EXPECT_EQ(names.back(), "G-1/G-2 short buffer");
    for (std::size_t k = 0; k < names.size(); ++k) {
      for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        const InvalidCase invalid =
            genInvalidCase(op, scope, k)(rc::Random(rc::Random::Key{seed, k, 15, 5}), 50).value();
        EXPECT_EQ(invalid.breaker, names[k]) << oracle::key(op);
        const Outcome outcome = checkG4OracleRejectsExactly(invalid);
        EXPECT_FALSE(outcome.failed()) << oracle::key(op) << " " << names[k] << ": " << outcome.message;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 30u);
}

class InvalidOnIut : public ::testing::TestWithParam<std::string> {};
TEST_P(InvalidOnIut, G4_rejectedOrNoWriteOutsideValidFootprint) {
  InvalidPolicyTally tally;
  checkProperty(GetParam(), invalidSpec([&tally](backends::Backend& iut, const InvalidCase& invalid) {
                  return checkG4IutInvalidPolicy(iut, invalid, tally);
                }));
  std::cout << "[G-4 policy on " << GetParam() << "] rejected " << tally.rejected << ", ran anyway " << tally.ranAnyway
            << ", not supported " << tally.notSupported << "\n";
}
INSTANTIATE_TEST_SUITE_P(Backends, InvalidOnIut, allBackends(), backendParamName);

// The oracle check itself must notice a wrong expectation: here every case claims the neighbouring field.
TEST(InvalidWrongVariants, G4_oracleCheck_catches_wrongExpectedField) {
  expectCaught(*makeBackend("oracle"), invalidSpec([](backends::Backend&, const InvalidCase& invalid) {
                 InvalidCase mislabelled = invalid;
                 mislabelled.field += "X";
                 return checkG4OracleRejectsExactly(mislabelled);
               }),
               "G-4");
}

TEST(InvalidWrongVariants, G4_catches_acceptInvalidWriteOutside) {
  InvalidPolicyTally tally;
  expectCaught(*makeWrongBackend(Mutation::acceptInvalidWriteOutside),
               invalidSpec([&tally](backends::Backend& iut, const InvalidCase& invalid) {
                 return checkG4IutInvalidPolicy(iut, invalid, tally);
               }),
               "G-4/G-1");
}

}  // namespace
}  // namespace dcconf::properties::testing
