#include "harness.hpp"

#include <algorithm>

namespace dcconf::properties::testing {

std::unique_ptr<backends::Backend> makeBackend(const std::string& name) {
  if (name == "none") return makeUnsupportingBackend();
  return name == "fast" ? backends::makeFastBackend() : backends::makeOracleBackend();
}

PropertySpec<GeneratedCase> caseSpec(oracle::Operation operation, rc::Gen<GeneratedCase> gen, CaseInvariant invariant) {
  return {std::string(oracle::clauseFamily(operation)), std::move(gen),
          [invariant](backends::Backend& iut, const GeneratedCase& g) { return invariant(iut, g.data); },
          [](const GeneratedCase& g) { return bucketsOf(g.data); }, reachableBuckets(operation)};
}

PropertySpec<GeneratedCase> caseSpec(oracle::Operation operation, CaseInvariant invariant) {
  return caseSpec(operation, genCase(operation), invariant);
}

void checkOracleRejectsExactly(oracle::Operation operation, std::vector<std::string> clauses) {
  const PropertySpec<InvalidCase> spec{
      "G-4 " + std::string(oracle::clauseFamily(operation)), genInvalidCase(operation, Scope{}),
      [](backends::Backend&, const InvalidCase& invalid) { return checkG4OracleRejectsExactly(invalid); },
      [](const InvalidCase& invalid) { return std::vector<std::string>{invalid.clause, invalid.clause + " " + invalid.field}; },
      std::move(clauses)};
  checkProperty("oracle", spec);
}

void Stats::count(const Outcome& outcome) {
  switch (outcome.kind) {
    case Outcome::Kind::pass: ++passed; break;
    case Outcome::Kind::fail: ++failed; break;
    case Outcome::Kind::notSupported: ++notSupported; break;
    case Outcome::Kind::notApplicable: ++notApplicable; break;
  }
}

std::string Stats::summary() const {
  return "cases " + std::to_string(buckets.cases()) + ": passed " + std::to_string(passed) + ", not supported by the IUT " +
         std::to_string(notSupported) + ", law not applicable " + std::to_string(notApplicable);
}

namespace {

void checkRan(const std::string& backendName, const std::string& family, const Stats& stats) {
  if (stats.ran() * 100 < stats.buckets.cases() && stats.notSupported == 0) {
    ADD_FAILURE() << family << ": the invariant applied to " << stats.ran() << " of " << stats.buckets.cases()
                  << " cases (< 1%): the generator rarely meets its preconditions";
  }
  if (stats.ran() == 0) {
    ADD_FAILURE() << backendName << " ran no case of " << family << " (" << stats.notSupported
                  << " not supported, " << stats.notApplicable
                  << " not applicable): a property must not pass without exercising the IUT";
  }
}

}  // namespace

void checkStats(const std::string& backendName, const std::string& family, const std::vector<std::string>& reachable,
                const Stats& stats, const std::function<BucketTally(std::uint64_t cases)>& confirm) {
  std::cout << "[" << family << " on " << backendName << "] " << stats.summary() << "\nbuckets:\n"
            << stats.buckets.report();
  const auto starved = stats.buckets.starved(reachable, 1.0);
  if (starved.empty()) return checkRan(backendName, family, stats);
  const std::uint64_t draws = 10 * std::max<std::uint64_t>(stats.buckets.cases(), 100);
  const BucketTally confirmation = confirm(draws);
  const auto confirmed = confirmation.starved(starved, 1.0);
  for (const std::string& bucket : starved) {
    const bool low = std::find(confirmed.begin(), confirmed.end(), bucket) != confirmed.end();
    std::ostringstream line;
    line << family << ": bucket '" << bucket << "' got " << stats.buckets.percent(bucket) << "% of the run's cases and "
         << confirmation.percent(bucket) << "% of " << draws << " draws from seed " << kConfirmationSeed;
    if (low) {
      ADD_FAILURE() << line.str() << " (< 1%): the generator does not reach this edge";
    } else {
      std::cout << line.str() << ": a low draw of this run, not a starved edge\n";
    }
  }
  checkRan(backendName, family, stats);
}

std::vector<CaseProperty> withG123(oracle::Operation operation, const std::string& suffix,
                                   std::vector<CaseProperty> own) {
  std::vector<CaseProperty> rows{{"G1_conformance" + suffix, operation, checkG1Conformance},
                                 {"G2_noStrayReads" + suffix, operation, checkG2NoStrayReads},
                                 {"G3_determinism" + suffix, operation, checkG3Determinism}};
  rows.insert(rows.end(), own.begin(), own.end());
  return rows;
}

std::string casePropertyName(const ::testing::TestParamInfo<std::tuple<CaseProperty, std::string>>& info) {
  return std::get<0>(info.param).name + "_" + std::get<1>(info.param);
}

std::string propertyOnlyName(const ::testing::TestParamInfo<CaseProperty>& info) { return info.param.name; }

std::string wrongVariantName(const ::testing::TestParamInfo<WrongVariant>& info) { return info.param.name; }

std::string expectCaughtMessage(bool failed, const std::string& message, const std::string& clause) {
  std::cout << "wrong variant caught, RapidCheck said:\n" << message.substr(0, 1500) << "\n";
  if (!failed) return "the property passed on a wrong backend (expected a failure naming " + clause + "):\n" + message;
  if (message.find(clause) == std::string::npos) return "the counterexample does not name " + clause + ":\n" + message;
  if (message.find("dcconf.case/1") == std::string::npos) return "the counterexample is not a case file:\n" + message;
  return {};
}

}  // namespace dcconf::properties::testing
