// The run engine: every (operation, dtype, property) unit of the product, as RapidCheck properties against one
// backend; counts per-case statuses, keeps the shrunk counterexample of each failing unit and writes the reports.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>
#include <rapidcheck.h>
#include <rapidcheck/detail/Configuration.h>

#include "dcconf/backends/call_timeout.hpp"
#include "dcconf/casefile/casefile.hpp"
#include "dcconf/casefile/io.hpp"
#include "dcconf/properties/coverage.hpp"
#include "dcconf/properties/generators.hpp"
#include "dcconf/properties/invariants.hpp"
#include "dcconf/properties/limits.hpp"
#include "dcconf/properties/minimise.hpp"
#include "dcconf/properties/sparse.hpp"
#include "dcconf/report/report.hpp"
#include "dcconf/run/diff.hpp"
#include "dcconf/run/failure_page.hpp"
#include "dcconf/run/lifecycle.hpp"
#include "dcconf/run/run.hpp"
#include "call_budget.hpp"
#include "engine_internal.hpp"
#include "signature.hpp"

namespace dcconf::run {

using oracle::DType;
using oracle::Operation;
using properties::Outcome;
using report::CaseStatus;

namespace {

// Remembers how the backend's last calls ended, so a crash or a timeout is reported as such, not as a mismatch.
// Gives each call its adaptive budget (call_budget.hpp) and makes no call of a spent operation.
class StatusTap final : public backends::Backend {
 public:
  StatusTap(backends::Backend& inner, std::uint32_t timeoutCapMs)
      : inner_(inner), timed_(dynamic_cast<backends::CallTimeout*>(&inner)), budget_(timeoutCapMs) {}
  std::string name() const override { return inner_.name(); }
  std::string version() const override { return inner_.version(); }
  // The engine asks before a case's properties and each property's run asks again: the answer for the case in hand
  // is kept, so a plugin or exec backend gets one round trip a case.
  bool supports(const oracle::Case& c) const override {
    if (outsideLimits(c)) return false;
    if (asked_ && asked_->first == c) return asked_->second;
    const bool answer = inner_.supports(c);
    asked_.emplace(c, answer);
    return answer;
  }
  bool acceptsSparseBuffers() const override { return inner_.acceptsSparseBuffers(); }
  backends::RunResult run(const oracle::Case& c, std::span<const std::uint8_t> src,
                          std::span<std::uint8_t> dst) override {
    if (outsideLimits(c)) return notSent();
    return tapped(src.size() + dst.size(), [&] { return inner_.run(c, src, dst); });
  }
  backends::RunResult runSparse(const oracle::Case& c, SparseBytes src, SparseBytes dst) override {
    if (outsideLimits(c)) return notSent();
    // a sparse call moves its footprint, not its (up to 2^41-byte) buffers: its windows are the scale
    std::uint64_t bytes = 0;
    for (const auto& window : src.windows) bytes += window.end - window.begin;
    for (const auto& window : dst.windows) bytes += window.end - window.begin;
    return tapped(bytes, [&] { return inner_.runSparse(c, src, dst); });
  }
  void reset() { sawCrash = sawTimeout = sawSpent = sawOutsideLimits = false; }
  // The backend's declared limits: a case a law derives outside them (a longer merged block, a companion layout) is
  // never sent, and that draw's law is skipped and counted; drawn cases are inside by construction.
  void setLimits(std::shared_ptr<const properties::Limits> limits) { limits_ = std::move(limits); }
  // The operation (report group) of the calls that follow: the unit a timeout is counted against.
  void setOperation(std::string operation) { operation_ = std::move(operation); }
  bool spent() const { return budget_.spent(operation_); }
  bool spentByCrashes() const { return budget_.spentByCrashes(operation_); }
  std::string spentReason() const { return budget_.spentReason(operation_); }
  bool sawCrash = false;
  bool sawTimeout = false;
  bool sawSpent = false;  // a call of a spent operation was not made (reported as TIMEOUT or CRASH "not run")
  mutable bool sawOutsideLimits = false;  // a (derived) case outside the declared limits was not sent
  double backendSeconds = 0;  // in run(), over the tap's life: the time split of docs/coverage.md

 private:
  template <class Call>
  backends::RunResult tapped(std::uint64_t bytes, Call call) {
    if (budget_.spent(operation_)) {
      sawSpent = true;
      if (budget_.spentByCrashes(operation_)) {
        sawCrash = true;
        return {backends::RunStatus::crashed, budget_.spentReason(operation_)};
      }
      sawTimeout = true;
      return {backends::RunStatus::timedOut, budget_.spentReason(operation_)};
    }
    const std::uint32_t budgetMs = budget_.budgetMs(bytes);
    if (timed_ != nullptr) timed_->setCallTimeoutMs(budgetMs);
    const auto start = std::chrono::steady_clock::now();
    backends::RunResult result = call();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    backendSeconds += seconds;
    switch (result.status) {
      case backends::RunStatus::ok:
      case backends::RunStatus::rejected:
      case backends::RunStatus::notSupported:
      case backends::RunStatus::violated: budget_.observe(bytes, seconds); break;  // answered: its time counts
      case backends::RunStatus::timedOut:
        sawTimeout = true;
        budget_.timedOut(operation_, budgetMs);
        break;
      case backends::RunStatus::crashed:
        sawCrash = true;
        budget_.crashed(operation_);
        break;
      case backends::RunStatus::error: break;
    }
    return result;
  }
  bool outsideLimits(const oracle::Case& c) const {
    if (!limits_ || limits_->admits(c)) return false;
    sawOutsideLimits = true;
    return true;
  }
  static backends::RunResult notSent() {
    return {backends::RunStatus::notSupported, "outside the backend's declared limits: not sent"};
  }
  backends::Backend& inner_;
  mutable std::optional<std::pair<oracle::Case, bool>> asked_;  // the last case supports() was asked about
  std::shared_ptr<const properties::Limits> limits_;
  backends::CallTimeout* timed_;  // null for in-process backends, which cannot be timed out
  CallBudget budget_;
  std::string operation_;
};

// Empty for a case whose law does not apply: it tested nothing, so it is neither counted as a pass nor at all.
std::optional<CaseStatus> statusOf(const Outcome& outcome, const StatusTap& tap) {
  if (tap.sawCrash) return CaseStatus::crash;
  if (tap.sawTimeout) return CaseStatus::timeout;
  switch (outcome.kind) {
    case Outcome::Kind::pass: return CaseStatus::pass;
    case Outcome::Kind::fail: return CaseStatus::fail;
    case Outcome::Kind::notSupported: return CaseStatus::notSupported;
    case Outcome::Kind::notApplicable: return std::nullopt;
  }
  return CaseStatus::fail;
}

std::string slug(std::string text) {
  for (char& ch : text) {
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '-';
  }
  text.erase(std::unique(text.begin(), text.end(), [](char a, char b) { return a == '-' && b == '-'; }), text.end());
  while (!text.empty() && text.back() == '-') text.pop_back();
  return text;
}

// An exception out of a check (a backend or law that threw) fails that case, counted and saved like any failure:
// left to RapidCheck it would fail a property the engine never saw fail, and the unit would pass.
template <class Check>
Outcome guarded(Check&& check) {
  try {
    return check();
  } catch (const rc::GenerationFailure&) {
    throw;  // RapidCheck's own: the draw is discarded
  } catch (const std::exception& e) {
    return Outcome::fail(std::string("exception inside the property: ") + e.what());
  }
}

std::string flattened(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  return text;
}

constexpr std::chrono::seconds kShrinkBudget{10};
constexpr std::uint32_t kShrinkHangs = 5;
// An operation and dtype whose kUnsupportedProbe probe cases the backend's supports() all refuses: each of their units
// stops after its first case if that is NOT_SUPPORTED too. supports() answers by product, operation, path and dtype
// (docs/plugin-abi.md), so further draws would cost their generation and test nothing: a partial simulator paid 95%
// of its run for operations it does not implement. The probe draws from its own seed, the same in every shard and
// worker, so a sharded run still adds up to the whole.
constexpr std::uint32_t kUnsupportedProbe = 8;
constexpr std::uint32_t kMinimiseTries = 400;  // backend calls of the field-wise minimisation, per failing unit
// After a unit's first failure it keeps drawing for other bugs (failures whose signature is new), for at
// most kHuntRounds more RapidCheck runs, kMaxBugsPerUnit reported failures and kHuntBudget of wall time.
constexpr std::uint32_t kHuntRounds = 12;
constexpr std::uint32_t kMaxBugsPerUnit = 8;
constexpr std::chrono::seconds kHuntBudget{10};
// ... and all units of a run (a worker process) together hunt for at most this long: a backend broken everywhere
// reports its first bug of every unit at the cost of a run without hunting plus this.
constexpr std::chrono::seconds kRunHuntBudget{60};

std::uint64_t mixSeed(std::uint64_t seed, std::uint64_t unitIndex) {
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ull * (unitIndex + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// A failing case as drawn, with its property's message and status.
struct Drawn {
  casefile::CaseData data;
  std::string message;
  CaseStatus status = CaseStatus::fail;
};

// One failing unit's minimal case, saved and explained.
struct Counterexample {
  casefile::CaseData data;
  std::string message;
  CaseStatus status = CaseStatus::fail;
  std::optional<oracle::Case> validBase;  // G-4: the invalid case's valid part, saved beside it for --replay
  FailureSignature signature;             // of the minimal case
  std::optional<properties::SparseCase> sparse;  // a sparse unit's case: its buffers are seeded, never stored
};

class UnitRunner {
 public:
  UnitRunner(const RunOptions& options, backends::Backend& backend, report::Report& report,
             std::vector<OutputFile>& files, std::shared_ptr<const properties::Limits> limits)
      : options_(options), tap_(backend, options.perCaseTimeoutMs), report_(report), files_(files),
        limits_(std::move(limits)) {
    tap_.setLimits(limits_);
  }

  // Runs one unit for `cases` successes (or until it fails); returns false when it failed.
  bool runUnit(const Unit& unit, std::uint64_t unitIndex, std::uint32_t cases, std::uint64_t round) {
    const report::GroupKey key{unit.group, std::string(oracle::name(unit.dtype))};
    tap_.setOperation(unit.group);
    if (tap_.spent()) return notRun(unit, unitIndex, key);
    bool failed = false;
    std::optional<Counterexample> minimal;
    // The signatures of the bugs this unit already reported (and of the draws that led to them); a failure
    // with a known signature counts as a pass while hunting, so RapidCheck finds and shrinks the next bug.
    std::vector<FailureSignature> known;
    bool hunting = false;  // a round after the first: nothing is counted, only new bugs reported
    std::optional<properties::SparseCase> currentSparse;  // the sparse case being judged (saved with its failure)
    // The round's first failing draw, before shrinking: the bug's signature is probed on it (signatureOf).
    std::optional<Drawn> firstDrawn;
    // Shrinking re-runs the backend for every candidate; a hang costs a full timeout each time. After the first
    // failure, shrink for at most kShrinkBudget and kShrinkHangs crash/timeout answers, then call every further
    // candidate a pass, which makes RapidCheck settle on the smallest failure found so far.
    std::chrono::steady_clock::time_point firstFailure;
    std::uint32_t shrinkHangs = 0;
    auto shrinkBudgetSpent = [&] {
      const auto shrinking = std::chrono::steady_clock::now() - firstFailure;
      return failed && (shrinking > kShrinkBudget || shrinkHangs >= kShrinkHangs ||
                        shrinkSpent_ + shrinking > options_.shrinkBudget);
    };
    const properties::Scope scope = scopeFor(unit);
    // The unit's generator, built once: a Gen is an immutable recipe, and building one per case was pure overhead.
    std::optional<rc::Gen<properties::GeneratedCase>> caseGen;
    std::optional<rc::Gen<properties::InvalidCase>> invalidGen;
    std::optional<rc::Gen<properties::RoundTripCase>> roundTripGen;
    std::optional<properties::SparseSchedule> sparseSchedule;
    switch (unit.property->kind) {
      case PropertyKind::onCase: caseGen = properties::genCase(unit.operation, scope); break;
      case PropertyKind::onInvalid: invalidGen = properties::genInvalidCase(unit.operation, scope); break;
      case PropertyKind::onRoundTrip: roundTripGen = properties::genRoundTrip(scope); break;
      case PropertyKind::onSparse:
        sparseSchedule.emplace(unit.operation, scope);
        cases = static_cast<std::uint32_t>(sparseSchedule->size());
        break;
    }
    // G-4 minimum (docs/coverage.md): the unit's first kBreakerMinimum * B cases draw its B breakers in turn, by the
    // case's index, the rest draw freely. Shrinking replays the recorded draws, so the schedule never changes a
    // counterexample; the index counts this unit's cases from round 0, so --time rounds continue the schedule.
    std::vector<rc::Gen<properties::InvalidCase>> scheduled;
    const std::string operationKey(oracle::key(unit.operation));
    const bool limitedOp = limits_ && limits_->limits(unit.operation);
    std::vector<std::string> breakers;
    // Under limits, a breaker whose every draw fell outside them (or whose valid base they made impossible) is
    // excluded by the limits, not a coverage gap: the gate expects the breakers that were sent (docs/limits.md).
    std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> breakerFate;  // breaker -> (sent, excluded)
    if (unit.property->kind == PropertyKind::onInvalid) {
      breakers = properties::invalidBreakers(unit.operation, scope);
      for (std::size_t b = 0; b < breakers.size(); ++b) {
        if (!limitedOp) report_.coverage().expectBreaker(operationKey, breakers[b], properties::kBreakerMinimum);
        scheduled.push_back(properties::genInvalidCase(unit.operation, scope, b));
      }
    }
    report::Report::LimitsTally limitsTally;
    // A case outside the limits (an invalid, sparse or round-trip case, which are not mapped) is not sent.
    auto outsideLimits = [&](const oracle::Case& c) {
      if (!limits_ || limits_->admits(c)) return false;
      if (!failed) ++limitsTally.notSent;
      return true;
    };
    std::uint64_t caseIndex = round * cases;
    std::uint64_t sparseSlot = 0;
    bool sparseNoted = false;
    const bool refused = refusedByProbe(unit, key, scope);
    std::uint64_t notSupported = 0;
    bool answered = false;  // the backend answered a case of the unit with something other than NOT_SUPPORTED
    auto count = [&](CaseStatus status) {
      if (status == CaseStatus::notSupported) ++notSupported;
      else answered = true;
      if (!failed && !hunting) report_.record(key, unit.property->name, status);
    };
    auto unsupportedUnit = [&] { return refused && !answered && notSupported > 0; };
    auto onOutcome = [&](const Outcome& outcome, const casefile::CaseData& data,
                         const std::optional<oracle::Case>& validBase = std::nullopt) {
      if (interrupted()) return;  // a case cut short by SIGINT/SIGTERM (its backend killed) is not counted
      if (failed && tap_.sawSpent) return;  // a call not made is never a shrink counterexample
      if (tap_.sawOutsideLimits && outcome.kind != Outcome::Kind::fail) {  // a derived case not sent: law skipped
        if (!failed && !hunting) ++limitsTally.notSent;
        return;
      }
      const std::optional<CaseStatus> status = statusOf(outcome, tap_);
      if (!status) return;
      if (report::isFailure(*status) && explainedByKnown(unit, known, *status, outcome.message, data)) {
        return;  // a bug already reported: not what the current round looks for
      }
      count(*status);
      if (!failed && *status == CaseStatus::pass) {
        for (std::size_t r = 0; r < outcome.unspecifiedBytesByRegion.size(); ++r) {
          if (outcome.unspecifiedBytesByRegion[r] == 0) continue;
          report_.addUnspecified(std::string(oracle::whyUnspecified(static_cast<oracle::Region>(r))),
                                 outcome.unspecifiedBytesByRegion[r]);
        }
        for (const auto& reading : outcome.readings) report_.addReading(reading.ambId, reading.readings);  // G-6
      }
      if (report::isFailure(*status)) {
        if (!failed) {
          firstFailure = std::chrono::steady_clock::now();
          firstDrawn = Drawn{data, outcome.message, *status};
        }
        if (failed && *status != CaseStatus::fail) ++shrinkHangs;
        failed = true;
        minimal = Counterexample{data, outcome.message, *status, validBase, {}, currentSparse};  // the last failure RapidCheck sees is the minimal
        RC_FAIL(outcome.message);
      }
    };
    auto property = [&]() {
      if (shrinkBudgetSpent() || interrupted() || unsupportedUnit()) return;
      tap_.reset();
      const auto start = std::chrono::steady_clock::now();
      const double backendBefore = tap_.backendSeconds;
      double generationSeconds = 0;
      auto generate = [&](const auto& gen) -> std::optional<std::decay_t<decltype(*gen)>> {
        std::optional<std::decay_t<decltype(*gen)>> value;
        try {
          value = *gen;
        } catch (const properties::LimitsExclude&) {  // the limits leave this draw no case: not drawn, not counted
          if (!failed) ++limitsTally.notDrawn;
        }
        generationSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return value;
      };
      struct SplitTime {  // adds this call's generation / oracle / backend split when the property returns
        std::function<void()> add;
        ~SplitTime() { add(); }
      } splitTime{[&] {
        const double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const double backend = tap_.backendSeconds - backendBefore;
        report_.coverage().addTime({generationSeconds, std::max(0.0, total - generationSeconds - backend), backend});
      }};
      switch (unit.property->kind) {
        case PropertyKind::onCase: {
          const auto drawn = generate(*caseGen);
          if (!drawn) break;
          const auto& generated = *drawn;
          if (!failed && limitedOp) {
            ++limitsTally.drawnInside;
            for (const properties::ConstraintUse& use : limits_->uses(generated.data.c)) {
              auto& [active, tight] = limitsTally.constraints[use.constraint->describe()];
              active += use.active;
              tight += use.tight;
            }
          }
          if (!failed) recordFieldCoverage(operationKey, unit.operation, generated.data.c);
          if (!failed) recordNumberCoverage(operationKey, unit.operation, generated);
          // a drawn case the IUT does not support is NOT_SUPPORTED whatever the property: asked first, so a partial
          // implementation pays no oracle evaluation for it
          if (!tap_.supports(generated.data.c)) {
            onOutcome(Outcome::notSupported(tap_.name() + " does not support the case"), generated.data);
            break;
          }
          onOutcome(guarded([&] { return unit.property->onCase(tap_, generated.data); }), generated.data);
          break;
        }
        case PropertyKind::onInvalid: {
          const std::uint64_t k = failed ? ~std::uint64_t{0} : caseIndex++;
          const bool inSchedule = k < std::uint64_t{properties::kBreakerMinimum} * scheduled.size();
          const auto drawnInvalid = generate(inSchedule ? scheduled[k % scheduled.size()] : *invalidGen);
          if (!drawnInvalid || outsideLimits(drawnInvalid->data.c)) {
            if (!failed && limitedOp) {
              const std::string breaker = drawnInvalid ? drawnInvalid->breaker : inSchedule ? breakers[k % breakers.size()] : "";
              if (!breaker.empty()) ++breakerFate[breaker].second;
            }
            break;
          }
          if (!failed && limitedOp) ++breakerFate[drawnInvalid->breaker].first;
          const auto& invalid = *drawnInvalid;
          if (!failed) {
            report_.coverage().addBreaker(operationKey, invalid.clause);
            report_.coverage().addBreakerDraw(operationKey, invalid.breaker);
          }
          properties::InvalidPolicyTally tally;
          const Outcome outcome = guarded([&] { return properties::checkG4IutInvalidPolicy(tap_, invalid, tally); });
          if (outcome.failed() || tap_.sawCrash || tap_.sawTimeout) {
            onOutcome(outcome, invalid.data, invalid.validBase);
          } else {
            count(tally.rejected > 0       ? CaseStatus::rejected
                  : tally.ranAnyway > 0    ? CaseStatus::acceptedInvalid
                                           : CaseStatus::notSupported);
          }
          break;
        }
        case PropertyKind::onSparse: {  // the k-th scheduled draw: every bit and both maxima once per run
          if (!failed) sparseSlot = caseIndex++;  // shrinking keeps the failing case's slot
          const std::uint64_t k = sparseSlot;
          const auto drawnSparse = generate(sparseSchedule->gen(k));
          if (!drawnSparse || outsideLimits(drawnSparse->c)) break;
          const auto& sparse = *drawnSparse;
          casefile::CaseData described{sparse.c, {}, {}, "sparse: " + sparse.describe()};
          currentSparse = sparse;
          const Outcome outcome = guarded([&] { return properties::checkSparseConformance(tap_, sparse); });
          // only a case that ran counts for the gate: an IUT without the capability leaves the reach dense
          if (!failed && outcome.kind != Outcome::Kind::notSupported) {
            recordFieldSamples(operationKey, sparse.c, properties::sparseFieldSamples(sparse));
          } else if (outcome.kind == Outcome::Kind::notSupported && !sparseNoted) {  // say why, once per unit
            report_.addNote(unit.id + ": " + outcome.message);
            sparseNoted = true;
          }
          onOutcome(outcome, described);
          break;
        }
        case PropertyKind::onRoundTrip: {
          const auto drawnRoundTrip = generate(*roundTripGen);
          if (!drawnRoundTrip || outsideLimits(drawnRoundTrip->nd2nz.data.c)) break;
          const auto& roundTrip = *drawnRoundTrip;
          onOutcome(guarded([&] { return properties::checkNz2Nd4RoundTrip(tap_, roundTrip); }), roundTrip.nd2nz.data);
          break;
        }
      }
    };
    rc::detail::TestParams params;
    params.seed = mixSeed(options_.seed + round, unitIndex);
    params.maxSuccess = static_cast<int>(cases);
    params.maxSize = 100;
    const auto result = rc::detail::checkTestable(property, rc::detail::TestMetadata{}, params);
    if (limitedOp || limitsTally.notSent > 0) report_.addLimitsTally(operationKey, limitsTally);
    if (unsupportedUnit()) {
      report_.addNote(std::string(report::kNotDrawnNote) + unit.id + ": " + tap_.name() + " answered NOT_SUPPORTED to its first " +
                      "case, and its supports() refused " + std::to_string(kUnsupportedProbe) + " probe cases of " +
                      key.group + " " + key.dtype);
    }
    for (const std::string& breaker : breakers) {
      if (!limitedOp) break;
      const auto& [sent, excluded] = breakerFate[breaker];
      const std::string id = operationKey + "/" + breaker;
      if (sent == 0 && excluded > 0 && excludedBreakers_.insert(id).second) {
        report_.addNote("limits: G-4 breaker '" + breaker + "' of " + operationKey +
                        " lies outside the declared limits: never sent, not expected by the coverage gate");
      }
      // a later --time round draws the schedule no more: an excluded breaker stays excluded
      if (excludedBreakers_.count(id) == 0) report_.coverage().expectBreaker(operationKey, breaker, properties::kBreakerMinimum);
    }
    rc::detail::Error error;
    rc::detail::GaveUpResult gaveUp;
    rc::detail::FailureResult unseen;  // a failure onOutcome never saw: something outside guarded() threw
    if (result.match(error) || result.match(gaveUp) || (!failed && !interrupted() && result.match(unseen))) {  // the suite's own fault, reported as a failure all the same
      report::Failure failure;
      failure.id = unitId(unit, unitIndex);
      failure.group = unit.group;
      failure.dtype = key.dtype;
      failure.property = unit.property->name;
      failure.clause = "generator";
      failure.unit = unit.id;
      failure.status = "FAIL";
      failure.message = unseen.description.empty()
                            ? "the generator itself failed: " + error.description + gaveUp.description
                            : "exception outside the checks: " + flattened(unseen.description);
      report_.record(key, unit.property->name, CaseStatus::fail);
      report_.addFailure(std::move(failure));
      return false;
    }
    if (!failed || !minimal) return true;
    shrinkSpent_ += std::chrono::steady_clock::now() - firstFailure;
    std::uint32_t reported = 0;
    const auto huntStart = firstFailure;
    for (std::uint32_t hunt = 0;; ++hunt) {
      if (unit.property->kind == PropertyKind::onCase && minimal->status == CaseStatus::fail && !interrupted() &&
          shrinkSpent_ < options_.shrinkBudget) {
        minimiseFields(unit, *minimal, known);
      }
      minimal->signature =
          signatureOf(unit, firstDrawn ? *firstDrawn : Drawn{minimal->data, minimal->message, minimal->status}, *minimal,
                      known);
      known.push_back(minimal->signature);
      if (hunt > 0) report_.record(key, unit.property->name, minimal->status);  // each further bug is one failure
      saveFailure(unit, unitIndex, *minimal, reported++);
      // Hunting re-runs the backend: never after a crash or hang (each costs a timeout), --fail-fast or an interrupt.
      // A sparse unit's cases are its fixed schedule: drawing on would leave it. A FLAKY finding (--reruns) is not
      // hunted further: a backend that answers differently on the same inputs makes every signature a guess.
      const bool flaky = !report_.failures().empty() && report_.failures().back().status == "FLAKY";
      const bool huntMore = !options_.failFast && minimal->status == CaseStatus::fail && !interrupted() && !flaky &&
                            unit.property->kind != PropertyKind::onSparse && reported < kMaxBugsPerUnit &&
                            hunt + 1 < kHuntRounds && std::chrono::steady_clock::now() - huntStart < kHuntBudget &&
                            huntSpent_ < kRunHuntBudget && report_.failures().size() < options_.maxFailuresKept;
      if (!huntMore) break;
      hunting = true;
      failed = false;
      minimal.reset();
      firstDrawn.reset();
      shrinkHangs = 0;
      params.seed = mixSeed(params.seed, hunt + 1);
      const auto huntBegin = std::chrono::steady_clock::now();
      [[maybe_unused]] const auto next = rc::detail::checkTestable(property, rc::detail::TestMetadata{}, params);
      huntSpent_ += std::chrono::steady_clock::now() - huntBegin;
      if (!failed || !minimal) break;  // nothing new within one unit's worth of draws
    }
    return false;
  }

 private:
  std::string reproPrefix() const {
    return shellQuoteArg(options_.program) + " run --backend " + shellQuoteArg(options_.backendSpec);
  }

  // A unit of an operation spent earlier in the run (two timeouts, or CallBudget::kCrashesToSpend crashes): not run,
  // one TIMEOUT or CRASH naming why (never a pass).
  bool notRun(const Unit& unit, std::uint64_t unitIndex, const report::GroupKey& key) {
    const CaseStatus status = tap_.spentByCrashes() ? CaseStatus::crash : CaseStatus::timeout;
    report::Failure failure;
    failure.id = unitId(unit, unitIndex);
    failure.group = unit.group;
    failure.dtype = key.dtype;
    failure.property = unit.property->name;
    failure.clause = unit.property->clauses;
    failure.unit = unit.id;
    failure.status = std::string(report::name(status));
    failure.message = tap_.spentReason();
    failure.repro = reproPrefix() + " --seed " +
                    std::to_string(options_.seed) + " --only " + shellQuoteArg(unit.id);
    report_.record(key, unit.property->name, status);
    report_.addFailure(std::move(failure));
    return false;
  }

  // Each gated field of a drawn valid case into the run's coverage (docs/coverage.md).
  void recordFieldCoverage(const std::string& operationKey, Operation operation, const oracle::Case& c) {
    recordFieldSamples(operationKey, c, properties::fieldSamples(c, operation));
  }
  void recordFieldSamples(const std::string& operationKey, const oracle::Case& c,
                          const std::vector<properties::FieldSample>& samples) {
    const auto operation = oracle::parseOperationKey(operationKey);
    for (properties::FieldSample sample : samples) {
      if (limits_ && operation) {  // the gate demands the space declared for c's product, path and dtype (docs/limits.md)
        const auto narrowed = limits_->narrow(c, *operation, sample.range);
        if (!narrowed) continue;
        sample.range = *narrowed;
      }
      report::FieldCoverage one;
      one.widthBits = sample.range.widthBits;
      one.docMax = sample.range.docMax;
      one.reachMax = sample.range.reachMax;
      one.cases = 1;
      one.min = one.max = one.bitsSet = sample.value;
      one.bitsRequired = properties::requiredBits(sample.range);
      one.boundaries = properties::boundariesHit(sample.range, sample.value);
      one.valuesSeen = properties::valueBit(sample.range, sample.value);
      one.valuesRequired = properties::requiredValues(sample.range);
      report_.coverage().addField(operationKey, std::string(sample.range.name), one);
    }
  }

  // The special source-value classes of an arithmetic case (FIX, ENH deq) into the run's coverage.
  void recordNumberCoverage(const std::string& operationKey, Operation operation,
                            const properties::GeneratedCase& generated) {
    const casefile::CaseData& data = generated.data;
    const auto sample = properties::isMove(operation)
                            ? properties::moveSample(data.c, data.src, operation, generated.moveReads)
                            : properties::numberSample(data.c, data.src, operation);
    if (sample) report_.coverage().addNumbers(operationKey, sample->conversion, {1, sample->required, sample->drawn});
  }

  properties::Scope scopeFor(const Unit& unit) const {
    properties::Scope scope;
    scope.product = unit.product;
    scope.dtypes = {unit.dtype};
    scope.pathGlob = unit.pathGlob;
    scope.apartOnly = unit.apartOnly;
    scope.profile = options_.profile;
    scope.limits = limits_;
    return scope;
  }

  std::string unitId(const Unit& unit, std::uint64_t unitIndex) const {
    return slug(unit.group) + "-" + std::string(oracle::name(unit.dtype)) + "-" + slug(unit.property->name) + "-" +
           std::to_string(unitIndex);
  }

  // After RapidCheck's shrink, each integer field down to its smallest failing value (properties/minimise.hpp).
  // Only plain FAIL counterexamples: a candidate that crashes or hangs ends the search (it costs a timeout each).
  // known: the signatures of bugs the unit already reported; a candidate failing with one of those is another bug.
  void minimiseFields(const Unit& unit, Counterexample& minimal, const std::vector<FailureSignature>& known) {
    const auto begin = std::chrono::steady_clock::now();
    const auto deadline = begin + std::min<std::chrono::steady_clock::duration>(kShrinkBudget, options_.shrinkBudget - shrinkSpent_);
    struct Spent {  // the run's shrink budget pays for this too, however it returns
      std::chrono::steady_clock::duration& total;
      std::chrono::steady_clock::time_point begin;
      ~Spent() { total += std::chrono::steady_clock::now() - begin; }
    } spent{shrinkSpent_, begin};
    bool stop = false;
    std::string message = minimal.message;
    const auto result = properties::minimiseIntegerFields(
        minimal.data,
        [&](const casefile::CaseData& candidate) {
          if (stop || interrupted() || std::chrono::steady_clock::now() > deadline) return false;
          if (limits_ && !limits_->admits(candidate.c)) return false;  // shrinking stays inside the limits
          tap_.reset();
          const Outcome outcome = guarded([&] { return unit.property->onCase(tap_, candidate); });
          const std::optional<CaseStatus> status = statusOf(outcome, tap_);
          if (tap_.sawCrash || tap_.sawTimeout) stop = true;
          if (status != CaseStatus::fail) return false;
          if (explainedByKnown(unit, known, *status, outcome.message, candidate)) return false;
          message = outcome.message;
          return true;
        },
        kMinimiseTries);
    if (result.steps == 0) return;
    minimal.data = result.data;
    minimal.message = message;
  }

  // A known bug explains a failure with its symptom and modes (FailureSignature::explains); a failure that FIX-6
  // deviations reproduce is explained when the known bugs name each of them.
  bool explainedByKnown(const Unit& unit, const std::vector<FailureSignature>& known, CaseStatus status,
                        const std::string& message, const casefile::CaseData& data) {
    if (known.empty()) return false;
    const Symptom symptom = defectSymptom(unit, status, message, data);
    if (symptom.deviations != 0) return (symptom.deviations & ~coveredDeviations(known, symptom, data.c)) == 0;
    return std::any_of(known.begin(), known.end(), [&](const FailureSignature& s) { return s.explains(symptom, data.c); });
  }

  // A failure's symptom. A case property other than G-1 (a law, a FIX-6 property, G-6 under pinned readings) that
  // fails where G-1 names FIX-6 deviations takes G-1's symptom: the defect is the deviation, whichever property met it.
  Symptom defectSymptom(const Unit& unit, CaseStatus status, const std::string& message, const casefile::CaseData& data) {
    Symptom symptom = symptomOf(report::name(status), message);
    if (status != CaseStatus::fail || unit.property->kind != PropertyKind::onCase || symptom.deviations != 0 ||
        unit.property->onCase == &properties::checkG1Conformance || interrupted()) {
      return symptom;
    }
    if (oracle::applicableDeviations(data.c) == 0) return symptom;  // G-1 could name none
    tap_.reset();
    const Outcome g1 = guarded([&] { return properties::checkG1Conformance(tap_, data); });
    const std::optional<CaseStatus> g1Status = statusOf(g1, tap_);
    if (g1Status != CaseStatus::fail) return symptom;
    const Symptom conformance = symptomOf(report::name(*g1Status), g1.message);
    return conformance.deviations != 0 ? conformance : symptom;
  }

  // The deviations of the known bugs that explain (part of) a failure with this symptom in case c.
  static oracle::FixDeviations coveredDeviations(const std::vector<FailureSignature>& known, const Symptom& symptom,
                                                 const oracle::Case& c) {
    oracle::FixDeviations covered = 0;
    for (const FailureSignature& s : known) {
      if (s.symptom.deviations != 0 && s.explains(symptom, c)) covered |= s.symptom.deviations;
    }
    return covered;
  }

  // The switches on in the failing case that the failure needs: the case with one off no longer fails the same way
  // (or is not a valid case). Only a plain FAIL of a case property is probed (a crash or hang costs a timeout a
  // call); otherwise every switch that is on counts as needed.
  std::vector<std::string> neededSwitches(const Unit& unit, const casefile::CaseData& data, const Symptom& symptom) {
    std::vector<std::string> out;
    const bool probe = unit.property->kind == PropertyKind::onCase && symptom.status == report::name(CaseStatus::fail);
    for (auto& [name, off] : switchedOff(data.c)) {
      casefile::CaseData candidate = data;
      candidate.c = std::move(off);
      bool needed = true;
      if (probe && !interrupted() && (!limits_ || limits_->admits(candidate.c)) &&  // never a call outside the limits
          oracle::evaluate(candidate.c, candidate.src, candidate.dstBefore).verdict == oracle::Verdict::computed) {
        tap_.reset();
        const Outcome outcome = guarded([&] { return unit.property->onCase(tap_, candidate); });
        const std::optional<CaseStatus> status = statusOf(outcome, tap_);
        needed = status != CaseStatus::fail || !symptomOf(report::name(*status), outcome.message).sameOutcome(symptom);
      }
      if (needed) out.push_back(name);
    }
    return out;
  }

  // A bug's signature. Named by FIX-6 deviations, those of the shrunk case: a draw shows several faults at once,
  // where a simpler deviation may fit by coincidence, and shrinking keeps one of them. Otherwise the symptom,
  // conversion and needed switches (neededSwitches) of its first failing draw when they are probed, not of the
  // shrunk case: a handful of elements rarely still fails once any value changes, a drawn case's many elements show
  // the bug under every switch it does not need, as the later draws explainedByKnown judges do.
  FailureSignature signatureOf(const Unit& unit, const Drawn& drawn, const Counterexample& minimal,
                               const std::vector<FailureSignature>& known) {
    FailureSignature s;
    s.symptom = defectSymptom(unit, minimal.status, minimal.message, minimal.data);
    // unprobed (not a plain FAIL of a case property: every switch on counts) the shrunk case has the fewest on
    const bool probed = unit.property->kind == PropertyKind::onCase && drawn.status == CaseStatus::fail;
    const casefile::CaseData* named = s.symptom.deviations == 0 && probed ? &drawn.data : &minimal.data;
    if (s.symptom.deviations == 0) {
      if (probed) s.symptom = defectSymptom(unit, drawn.status, drawn.message, drawn.data);
      s.needed = neededSwitches(unit, *named, s.symptom);
    }
    s.conversion = modesOf(named->c).conversion;
    keepWhatTellsDefectsApart(s, coveredDeviations(known, s.symptom, named->c));
    return s;
  }

  // bugIndex: the unit's n-th distinct bug; the first keeps the unit's plain failure id.
  void saveFailure(const Unit& unit, std::uint64_t unitIndex, const Counterexample& minimal, std::uint32_t bugIndex) {
    report::Failure failure;
    failure.id = unitId(unit, unitIndex) + (bugIndex == 0 ? "" : "-bug" + std::to_string(bugIndex + 1));
    failure.signature = minimal.signature.key();  // one bug across units: its modes stay, the unit goes
    failure.signatureText = failure.signature;
    failure.group = unit.group;
    failure.dtype = std::string(oracle::name(unit.dtype));
    failure.property = unit.property->name;
    failure.status = std::string(report::name(minimal.status));
    failure.message = minimal.message.substr(0, minimal.message.find('\n'));
    failure.clause = unit.property->clauses;
    failure.unit = unit.id;
    if (report_.failures().size() >= options_.maxFailuresKept) {  // a backend wrong everywhere: counted, not kept
      if (report_.failures().size() == options_.maxFailuresKept) {
        report_.addNote("the run keeps the cases of its first " + std::to_string(options_.maxFailuresKept) +
                        " failures; later failures are listed with their message only (no case file, no diff)");
      }
      failure.diff.push_back("case not kept: more than " + std::to_string(options_.maxFailuresKept) +
                             " failures in this run");
      report_.addFailure(std::move(failure));
      return;
    }
    if (minimal.sparse) {  // buffers of up to 2^41 bytes, saved as the seed their windows are drawn from
      failure.diff.push_back(minimal.message);
      failure.diff.push_back("a sparse case: its buffers are holes with the footprint's windows seeded (" +
                             minimal.data.description + ")");
      failure.caseFile = "failures/" + failure.id + ".json";
      files_.push_back({failure.caseFile, sparseCaseText(*minimal.sparse)});
      const std::filesystem::path saved =
          options_.outDir.empty() ? std::filesystem::path(failure.caseFile) : options_.outDir / failure.caseFile;
      failure.repro = reproPrefix() + " --replay " + shellQuoteArg(saved.string());
      tap_.reset();
      files_.push_back({failurePicturePath(failure), sparseFailurePicture(tap_, *minimal.sparse, failure)});
      report_.addFailure(std::move(failure));
      return;
    }
    const std::vector<std::uint8_t> actual = explainAgainstOracle(minimal.data, failure);
    if (options_.reruns > 0 && unit.property->kind == PropertyKind::onCase) checkFlaky(unit, minimal.data, failure);
    failure.caseFile = "failures/" + failure.id + ".json";
    files_.push_back({failure.caseFile, casefile::toJsonText(minimal.data)});
    const std::filesystem::path saved =
        options_.outDir.empty() ? std::filesystem::path(failure.caseFile) : options_.outDir / failure.caseFile;
    failure.repro = reproPrefix() + " --replay " + shellQuoteArg(saved.string());
    if (minimal.validBase) {  // --replay judges the writes of an invalid case against its valid part (G-4)
      files_.push_back({run::validBasePath(failure.caseFile), casefile::toJsonText(validBaseData(minimal.data, *minimal.validBase))});
    }
    files_.push_back({failurePicturePath(failure), failurePicture(minimal.data, failure, actual)});
    report_.addFailure(std::move(failure));
  }

  // A backend call outside RapidCheck (explaining or rerunning a failure): an exception is the call's error.
  backends::RunResult runOutside(const casefile::CaseData& data, std::vector<std::uint8_t>& dst) {
    try {
      return tap_.run(data.c, data.src, dst);
    } catch (const std::exception& e) {
      return {backends::RunStatus::error, std::string("exception: ") + e.what()};
    }
  }

  // The conformance diff of the minimal case: where the backend's bytes leave the oracle's expectation. Returns the
  // destination the backend produced (empty when it produced none), for the failure's picture.
  std::vector<std::uint8_t> explainAgainstOracle(const casefile::CaseData& data, report::Failure& failure) {
    const auto evaluation = oracle::evaluate(data.c, data.src, data.dstBefore);
    if (evaluation.verdict != oracle::Verdict::computed) return {};
    std::vector<std::uint8_t> actual = data.dstBefore;
    tap_.reset();
    const auto result = runOutside(data, actual);
    if (result.status != backends::RunStatus::ok) {
      failure.diff.push_back("backend answered " + std::string(backends::name(result.status)) + ": " + result.detail);
      return {};
    }
    const MismatchReport mismatches = describeMismatches(data.c, evaluation, actual);
    if (mismatches.mismatchedBytes == 0) return actual;
    failure.clause = mismatches.clause;
    failure.diff.push_back(mismatches.summary);
    failure.diff.insert(failure.diff.end(), mismatches.lines.begin(), mismatches.lines.end());
    return actual;
  }

  // --reruns: replays the minimal case; a pass among the replays makes the failure FLAKY, a G-3 determinism finding,
  // shown with the bytes two runs of the backend on the same inputs disagree on.
  void checkFlaky(const Unit& unit, const casefile::CaseData& data, report::Failure& failure) {
    std::uint32_t passes = 0;
    for (std::uint32_t r = 0; r < options_.reruns; ++r) {
      tap_.reset();
      const Outcome outcome = guarded([&] { return unit.property->onCase(tap_, data); });
      passes += statusOf(outcome, tap_) == CaseStatus::pass;
    }
    if (passes == 0) return;
    failure.status = "FLAKY";
    failure.clause = "G-3";
    failure.message = "failed, then passed " + std::to_string(passes) + " of " + std::to_string(options_.reruns) +
                      " reruns on the same inputs (G-3 determinism); first failure: " + failure.message;
    // Two runs that disagree: the first output against each later one, up to 2 * reruns + 2 runs.
    std::vector<std::uint8_t> first = data.dstBefore;
    tap_.reset();
    const auto firstResult = runOutside(data, first);
    for (std::uint32_t r = 0; r < 2 * options_.reruns + 1; ++r) {
      std::vector<std::uint8_t> again = data.dstBefore;
      const auto againResult = runOutside(data, again);
      if (againResult.status != firstResult.status) {
        failure.diff.insert(failure.diff.begin(), "G-3: run 1 answered " + std::string(backends::name(firstResult.status)) +
                                                      ", run " + std::to_string(r + 2) + " answered " +
                                                      std::string(backends::name(againResult.status)));
        return;
      }
      if (again == first) continue;
      std::vector<std::string> lines;
      std::uint64_t differing = 0;
      for (std::size_t b = 0; b < first.size(); ++b) {
        if (first[b] == again[b]) continue;
        if (++differing > 8) continue;
        char text[96];
        std::snprintf(text, sizeof text, "  byte %zu: run 1 wrote 0x%02x, run %u wrote 0x%02x", b, first[b], r + 2, again[b]);
        lines.emplace_back(text);
      }
      lines.insert(lines.begin(), "G-3: two runs on the same inputs differ in " + std::to_string(differing) + " byte(s):");
      failure.diff.insert(failure.diff.begin(), lines.begin(), lines.end());
      return;
    }
    failure.diff.insert(failure.diff.begin(), "G-3: the verdict changed between runs, but " +
                                                  std::to_string(2 * options_.reruns + 2) +
                                                  " direct runs wrote the same bytes");
  }

  const RunOptions& options_;
  StatusTap tap_;
  report::Report& report_;
  std::vector<OutputFile>& files_;
  std::chrono::steady_clock::duration huntSpent_{};  // time the run spent hunting for further bugs
  std::chrono::steady_clock::duration shrinkSpent_{};  // ... and shrinking and minimising, bounded by shrinkBudget
  std::shared_ptr<const properties::Limits> limits_;
  std::set<std::string> excludedBreakers_;  // "operation/breaker" noted once
  std::map<report::GroupKey, bool> refused_;  // refusedByProbe's answers

  // Whether the backend's supports() refuses each of kUnsupportedProbe cases drawn for the unit's operation and dtype.
  bool refusedByProbe(const Unit& unit, const report::GroupKey& key, const properties::Scope& scope) {
    if (const auto it = refused_.find(key); it != refused_.end()) return it->second;
    bool refused = true;
    try {
      const rc::Gen<properties::GeneratedCase> gen = properties::genCase(unit.operation, scope);
      for (std::uint32_t k = 0; k < kUnsupportedProbe && refused; ++k) {
        const properties::GeneratedCase drawn = gen(rc::Random(mixSeed(options_.seed, k)), static_cast<int>(10 * k)).value();
        refused = !tap_.supports(drawn.data.c);
      }
    } catch (const std::exception&) {  // the limits leave no case, or the generator gave up: each unit decides alone
      refused = false;
    }
    tap_.reset();
    return refused_[key] = refused;
  }
};

}  // namespace

std::string shellQuoteArg(const std::string& text) {
  if (!text.empty() && text.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./:=,") ==
                           std::string::npos) {
    return text;
  }
  std::string quoted = "'";
  for (const char ch : text) quoted += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return quoted + "'";
}

// RapidCheck announces its own random seed on first use; a run states its seed in the report instead, so the line
// would only mislead. Load the configuration once with stderr muted.
void loadRapidCheckQuietly() {
  static const bool loaded = [] {
    std::streambuf* saved = std::cerr.rdbuf(nullptr);
    rc::detail::configuration();
    std::cerr.rdbuf(saved);
    return true;
  }();
  (void)loaded;
}

namespace {

// One --results-jsonl line: the unit's id, verdict, counts and time, and its failure when it failed. One write(2)
// on an O_APPEND descriptor, so the lines of parallel workers never interleave and each is on disk when written.
// Returns "" or the run's error (isOutputError): a stream cut short (a full disk) must not look complete.
std::string appendResultLine(const std::filesystem::path& file, const Unit& unit, const report::GroupKey& key,
                      const report::Report& report, const report::Counts& before, std::size_t failuresBefore,
                      double seconds) {
  const report::Counts after = report.counts(key, unit.property->name);
  nlohmann::json counts = nlohmann::json::object();
  report::Counts delta;
  for (std::size_t s = 0; s < report::kCaseStatusCount; ++s) {
    delta.byStatus[s] = after.byStatus[s] - before.byStatus[s];
    counts[std::string(report::name(static_cast<CaseStatus>(s)))] = delta.byStatus[s];
  }
  std::string status = delta.total() > 0 && delta[CaseStatus::notSupported] == delta.total() ? "NOT_SUPPORTED" : "PASS";
  nlohmann::json line = {{"unit", unit.id}, {"group", key.group}, {"dtype", key.dtype},
                         {"property", unit.property->name}, {"cases", delta.total()}, {"counts", counts},
                         {"seconds", seconds}};
  if (delta.failures() > 0) status = delta[CaseStatus::crash] > 0 ? "CRASH" : delta[CaseStatus::timeout] > 0 ? "TIMEOUT" : "FAIL";
  for (std::size_t f = failuresBefore; f < report.failures().size(); ++f) {
    const report::Failure& failure = report.failures()[f];
    status = failure.status;  // FAIL / CRASH / TIMEOUT / FLAKY, as the report says
    line["failure"] = {{"id", failure.id}, {"clause", failure.clause}, {"message", failure.message},
                       {"caseFile", failure.caseFile}, {"repro", failure.repro}};
  }
  line["status"] = status;
  const std::string text = line.dump() + "\n";
  const int fd = ::open(file.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  std::string why = fd < 0 ? std::strerror(errno) : casefile::writeAll(fd, text);
  if (fd >= 0 && ::close(fd) != 0 && why.empty()) why = std::strerror(errno);  // a deferred error (NFS, quota)
  return why.empty() ? why : std::string(kResultsJsonlError) + file.string() + ": " + why;
}

}  // namespace

EffectiveLimits effectiveLimits(const RunOptions& options, const backends::Backend& backend) {
  properties::Limits all;
  if (options.limits) all.add(*options.limits);
  if (const std::string text = backend.declaredLimits(); !text.empty()) {
    properties::LimitsLoad own = properties::parseLimits(text, "limits of backend '" + backend.name() + "'");
    if (!own.limits) return {nullptr, own.error};
    all.add(*own.limits);
  }
  if (all.empty() && all.sources.empty()) return {};
  return {std::make_shared<const properties::Limits>(std::move(all)), ""};
}

std::string resultsJsonlHeader(const RunOptions& options) {
  return nlohmann::json{{"schema", kResultsSchema}, {"command", options.commandLine}, {"seed", options.seed},
                        {"startedAt", report::isoNowUtc()}}.dump() + "\n";
}

report::Report runUnits(const RunOptions& options, backends::Backend& backend, const std::vector<Unit>& units,
                        const std::vector<std::uint64_t>& unitIndices, std::vector<OutputFile>& files,
                        std::ostream& err) {
  report::RunMeta meta{options.commandLine,
                       DCCONF_VERSION,
                       backend.name(),
                       backend.version(),
                       productsName(options),
                       oracle::profileName(options.profile),
                       options.seed,
                       std::to_string(options.shard.index + 1) + "/" + std::to_string(options.shard.count),
                       report::isoNowUtc()};
  report::Report report(meta);
  bool resultsCut = false;  // a --results-jsonl write failed
  report.coverage().setNumberClassNames({std::begin(properties::kNumberClassNames), std::end(properties::kNumberClassNames)});
  for (const std::uint64_t index : unitIndices) {
    const Unit& unit = units[index];
    const report::GroupKey key{unit.group, std::string(oracle::name(unit.dtype))};
    report.addUnit(unit.id, key, unit.property->name);
    report.setGroupId(key, unit.id.substr(0, unit.id.rfind('/')));  // "padGmToUb/half", "atlas-a3:padGmToUb/half"
  }
  loadRapidCheckQuietly();
  EffectiveLimits limits = effectiveLimits(options, backend);
  if (!limits.error.empty()) {  // a backend whose own limits do not read tests nothing: the report cannot pass
    report.addError(limits.error);
    report.finish(std::chrono::duration<double>(0));
    return report;
  }
  if (limits.limits) {  // only what can apply to the run's products (DN2NZ's limits say nothing to an Atlas A2 run)
    report.setLimits(limits.limits->sources, limits.limits->describe(runProducts(options)));
  }
  UnitRunner runner(options, backend, report, files, limits.limits);
  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t plannedCases = static_cast<std::uint64_t>(options.casesPerProperty) * unitIndices.size();
  report::Progress progress("dcconf run " + backend.name(), options.timeBudget ? 0 : plannedCases, unitIndices.size(),
                            !options.quiet && report::Progress::enabledByDefault());
  for (std::size_t k = 0; k < unitIndices.size(); ++k) {
    if (interrupted()) break;  // the report holds the units that finished
    const Unit& unit = units[unitIndices[k]];
    const auto unitBegin = std::chrono::steady_clock::now();
    const report::GroupKey unitKey{unit.group, std::string(oracle::name(unit.dtype))};
    const report::Counts countsBefore = report.counts(unitKey, unit.property->name);
    const std::size_t failuresBefore = report.failures().size();
    bool ok = true;
    if (options.timeBudget) {
      // Spread what is left of the budget evenly over the units still to run, in rounds of a few cases.
      const auto remaining = *options.timeBudget - (std::chrono::steady_clock::now() - start);
      const auto slice = remaining / static_cast<long>(unitIndices.size() - k);
      const auto unitStart = std::chrono::steady_clock::now();
      std::uint64_t round = 0;
      do {
        ok = runner.runUnit(unit, unitIndices[k], 20, round++);
        progress.advance(20);
      } while (ok && !interrupted() && std::chrono::steady_clock::now() - unitStart < slice);
      progress.unitDone(0, !ok);
    } else {
      ok = runner.runUnit(unit, unitIndices[k], options.casesPerProperty, 0);
      progress.unitDone(options.casesPerProperty, !ok);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - unitBegin).count();
    report.addUnitSeconds(unit.id, seconds);
    if (!options.resultsJsonl.empty() && !interrupted() && !resultsCut) {  // after a failed write, no further line
      const std::string error = appendResultLine(options.resultsJsonl, unit, unitKey, report, countsBefore, failuresBefore, seconds);
      if (!error.empty()) report.addError(error);
      resultsCut = !error.empty();
    }
    if (!ok && options.failFast) {
      err << "dcconf: --fail-fast: stopping after the first failing property\n";
      break;
    }
  }
  progress.finish();
  report.finish(std::chrono::steady_clock::now() - start);
  return report;
}

}  // namespace dcconf::run
