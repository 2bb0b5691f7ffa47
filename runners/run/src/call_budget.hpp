// The adaptive per-call timeout of a run: a hang costs seconds, not the full --timeout-ms per
// case. The budget is kFactor times the backend's slowest answered call so far, scaled by bytes for large calls,
// within [kFloorMs, --timeout-ms]; an operation that timed out twice in the run, or crashed kCrashesToSpend times, is
// spent: its remaining calls are not made (reported as not run, never a pass). A crash costs a restart of the
// backend and a shrink, so a backend that crashes on every case would otherwise pay both for every unit.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <string>

namespace dcconf::run {

class CallBudget {
 public:
  static constexpr double kFactor = 20;                         // budget = kFactor x the slowest observed call
  static constexpr std::uint32_t kFloorMs = 1000;               // never below 1 s (unless --timeout-ms is)
  static constexpr std::uint64_t kLargeCallBytes = 64 * 1024;   // from here on a call's time is scaled per byte
  static constexpr std::uint32_t kTimeoutsToSpend = 2;          // an operation that timed out twice is not run again
  // Room for one unit's crash and its bounded shrink (the engine's kShrinkHangs, 5) and a second unit's crash.
  static constexpr std::uint32_t kCrashesToSpend = 8;

  explicit CallBudget(std::uint32_t capMs) : capMs_(capMs) {}

  // The budget of a call moving `bytes` (source + destination): the cap until a call was answered.
  std::uint32_t budgetMs(std::uint64_t bytes) const {
    if (!observed_) return capMs_;
    double seconds = slowestSmallSeconds_;
    if (bytes >= kLargeCallBytes) seconds = std::max(seconds, slowestSecondsPerByte_ * static_cast<double>(bytes));
    const double ms = std::ceil(kFactor * seconds * 1000.0);
    const double bounded = std::max(ms, static_cast<double>(kFloorMs));
    return bounded >= capMs_ ? capMs_ : static_cast<std::uint32_t>(bounded);
  }

  // An answered call (ok, rejected, not supported) and how long it took.
  void observe(std::uint64_t bytes, double seconds) {
    observed_ = true;
    if (bytes >= kLargeCallBytes) {
      slowestSecondsPerByte_ = std::max(slowestSecondsPerByte_, seconds / static_cast<double>(bytes));
    } else {
      slowestSmallSeconds_ = std::max(slowestSmallSeconds_, seconds);
    }
  }

  // A call of `operation` that timed out after budgetMs.
  void timedOut(const std::string& operation, std::uint32_t budgetMs) {
    ++timeouts_[operation];
    lastBudgetMs_[operation] = budgetMs;
  }
  // A call of `operation` that crashed the backend.
  void crashed(const std::string& operation) { ++crashes_[operation]; }
  bool spent(const std::string& operation) const { return spentByTimeouts(operation) || spentByCrashes(operation); }
  bool spentByCrashes(const std::string& operation) const {
    const auto it = crashes_.find(operation);
    return it != crashes_.end() && it->second >= kCrashesToSpend;
  }
  // Why a spent operation's calls are not made: its crash count, or the budget of its last timeout.
  std::string spentReason(const std::string& operation) const {
    if (!spentByTimeouts(operation) && spentByCrashes(operation)) {
      return "not run: " + operation + " crashed the backend " + std::to_string(crashes_.at(operation)) +
             " times in this run; its remaining cases are not run (a crash costs a restart and a shrink)";
    }
    const auto it = lastBudgetMs_.find(operation);
    return "not run: " + operation + " timed out " + std::to_string(kTimeoutsToSpend) +
           " times in this run (last budget " + std::to_string(it == lastBudgetMs_.end() ? 0 : it->second) +
           " ms); its remaining cases are not run (a hang costs seconds)";
  }

 private:
  std::uint32_t capMs_;
  bool observed_ = false;
  double slowestSmallSeconds_ = 0;
  double slowestSecondsPerByte_ = 0;
  std::map<std::string, std::uint32_t> timeouts_;
  std::map<std::string, std::uint32_t> lastBudgetMs_;
  std::map<std::string, std::uint32_t> crashes_;

  bool spentByTimeouts(const std::string& operation) const {
    const auto it = timeouts_.find(operation);
    return it != timeouts_.end() && it->second >= kTimeoutsToSpend;
  }
};

}  // namespace dcconf::run
