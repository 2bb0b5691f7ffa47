// What a run found, in the forms a person and a CI read: a terminal table, report.json and junit.xml.
// Shared by `dcconf run` and `dcconf vectors check/verify`, so every command reports the same way.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "dcconf/report/coverage.hpp"

namespace dcconf::report {

// Per-case outcome. NOT_SUPPORTED is neither a pass nor a failure; ACCEPTED_INVALID is reported apart from
// conformance (G-4: the IUT ran an invalid case without writing outside the footprint).
enum class CaseStatus : std::uint8_t { pass, fail, notSupported, rejected, acceptedInvalid, crash, timeout };
inline constexpr std::size_t kCaseStatusCount = 7;
std::string_view name(CaseStatus status);  // "PASS", "FAIL", "NOT_SUPPORTED", ...
bool isFailure(CaseStatus status);         // FAIL, CRASH, TIMEOUT

// A failure worth a person's attention: the minimal case, where it is saved, how to replay it, what differs.
struct Failure {
  std::string id;        // stable within the run: "<group>-<dtype>-<property>-<n>"
  std::string group;     // "DataCopyPad GM->VECIN"
  std::string dtype;
  std::string property;  // "G-1 conformance"
  std::string clause;    // the clause the first difference breaks
  std::string status;    // FAIL / CRASH / TIMEOUT
  std::string message;   // one line
  std::vector<std::string> diff;  // a few lines: coordinates, region, expected vs actual
  std::string caseFile;  // relative to the report folder
  std::string repro;     // the command that replays it
  std::string unit;      // the unit's stable id ("padGmToUb/half/G-1-conformance"), or the tcId of a vector
  // Set by applyBaseline (baseline.hpp): "XFAIL" (listed under xfail) or "FLAKE" (a FLAKY failure listed under
  // flakes); empty when the failure is unexpected and fails the run.
  std::string expected;
  std::string expectedReason;
  std::string bug;
  // Failures with one signature are one bug seen from several units (the terminal shows them as one
  // block); empty: a group of its own. signatureText says it for a person.
  std::string signature;
  std::string signatureText;
};

// What a baseline (baseline.hpp) found beyond the failures it marks expected.
struct BaselineEntryRef {
  std::string kind;    // "xfail" or "flakes"
  std::string match;   // the entry's id glob
  std::string reason;
  std::string bug;
  std::string unit;    // XPASS: the unit that passed
};
struct BaselineSummary {
  std::string file;
  bool strict = false;  // XPASS fails the run
  std::vector<BaselineEntryRef> xpass;  // listed under xfail, ran, did not fail
  std::vector<BaselineEntryRef> stale;  // matched nothing in the selected units
};

// The note that names a unit the run engine stopped after its first case, because the backend declines its operation
// and dtype; the terminal counts these notes in one line.
inline constexpr std::string_view kNotDrawnNote = "not drawn further: ";

struct GroupKey {
  std::string group;  // operation and path
  std::string dtype;
  auto operator<=>(const GroupKey&) const = default;
};

struct Counts {
  std::uint64_t byStatus[kCaseStatusCount] = {};
  std::uint64_t total() const;
  std::uint64_t failures() const;
  void add(CaseStatus status, std::uint64_t n = 1) { byStatus[static_cast<std::size_t>(status)] += n; }
  std::uint64_t operator[](CaseStatus status) const { return byStatus[static_cast<std::size_t>(status)]; }
};

// Now, as ISO 8601 UTC ("2026-11-21T12:00:00Z"), for RunMeta::startedAt.
std::string isoNowUtc();

struct RunMeta {
  std::string command;  // what was run, for the record
  std::string dcconfVersion;
  std::string backendName;
  std::string backendVersion;
  std::string product;
  std::string profile;
  std::uint64_t seed = 0;
  std::string shard;   // "1/1"
  std::string startedAt;  // ISO 8601 UTC
};

class Report {
 public:
  explicit Report(RunMeta meta);

  void record(const GroupKey& key, const std::string& property, CaseStatus status, std::uint64_t n = 1);
  void addFailure(Failure failure);
  void addNote(std::string note);
  // Destination bytes a passing case left unchecked (ANY), tallied by why: "AMB-2: DataCopyPad dummy bytes ...".
  void addUnspecified(const std::string& reason, std::uint64_t bytes, std::uint64_t cases = 1);
  struct Unspecified {
    std::uint64_t bytes = 0;
    std::uint64_t cases = 0;  // passing cases with at least one such byte
  };
  const std::map<std::string, Unspecified>& unspecified() const { return unspecified_; }
  // G-6 reading fingerprint: per alternatives ambiguity (AMB id), how many passing cases that exercised it were
  // consistent with both readings, with only the first, with only the second.
  struct ReadingTally {
    std::uint64_t both = 0;
    std::uint64_t firstOnly = 0;
    std::uint64_t secondOnly = 0;
    std::uint64_t cases() const { return both + firstOnly + secondOnly; }
    // Cases that only one reading explains, on both sides: no single reading explains the run.
    bool inconsistent() const { return firstOnly != 0 && secondOnly != 0; }
  };
  // readings: bit 0 the first reading, bit 1 the second (oracle::readingsOf).
  void addReading(int ambId, unsigned readings);
  const std::map<int, ReadingTally>& readings() const { return readings_; }
  // The fingerprint of one ambiguity: "offset-signed", "offset-signed|offset-unsigned", "not exercised",
  // "INCONSISTENT".
  static std::string fingerprint(int ambId, const ReadingTally* tally);
  bool readingsInconsistent() const;
  // --strict-readings: an INCONSISTENT ambiguity fails the run (off by default: a product may differ by dtype).
  void setStrictReadings(bool strict) { strictReadings_ = strict; }
  bool strictReadings() const { return strictReadings_; }
  void finish(std::chrono::duration<double> elapsed);
  // A run stopped by SIGINT/SIGTERM: the report holds what finished, says so ("interrupted": true in report.json,
  // an error test case in junit.xml, a line in the summary), and why ("SIGINT").
  void markInterrupted(std::string why) { interrupted_ = std::move(why); }
  bool interrupted() const { return !interrupted_.empty(); }
  const std::string& interruptedBy() const { return interrupted_; }
  // Something kept the run from testing what it was asked to (a worker process died before reporting, a shard that
  // tested nothing): the report cannot pass ("errors" in report.json, an error case in junit.xml).
  void addError(std::string error);
  const std::vector<std::string>& errors() const { return errors_; }
  // Adds the counts, failures and notes of another report's JSON (a worker process's); false if it is not one (why
  // says which field, in one line). A count that is not a whole number in [0, kMaxMergedCount] is refused.
  static constexpr std::uint64_t kMaxMergedCount = std::uint64_t{1} << 40;
  bool mergeJson(const std::string& reportJson, std::string* why = nullptr);

  // No FAIL, CRASH or TIMEOUT anywhere and no error; with a baseline: every failure expected (and no XPASS when
  // strict).
  bool passed() const;
  Counts totals() const;
  // One unit's counts; it stops counting at its first failure, so total() is the cases it took to fail.
  Counts counts(const GroupKey& key, const std::string& property) const;
  const RunMeta& meta() const { return meta_; }
  const std::vector<Failure>& failures() const { return failures_; }
  std::vector<Failure>& failures() { return failures_; }
  // The units that ran, by stable id (the baseline's XPASS and stale checks need those that did not fail).
  struct UnitRef {
    GroupKey key;
    std::string property;
    double seconds = 0;  // wall time the unit took (junit.xml's time, report.json units[].seconds)
  };
  void addUnit(const std::string& id, const GroupKey& key, const std::string& property, double seconds = 0);
  void addUnitSeconds(const std::string& id, double seconds);
  const std::map<std::string, UnitRef>& units() const { return units_; }
  // The short id of a summary row ("padGmToUb/half"), shown in the table and report.json.
  // A group's units can carry several id prefixes ("copy0Level/half" and the apart "copy0Level/half/l1"): the shortest
  // (then the smallest) names the group, whatever order the units or the workers' reports come in.
  void setGroupId(const GroupKey& key, std::string id) {
    const auto [it, added] = groupIds_.emplace(key, id);
    if (!added && (id.size() < it->second.size() || (id.size() == it->second.size() && id < it->second))) it->second = std::move(id);
  }
  void setBaseline(BaselineSummary summary) { baseline_ = std::move(summary); }
  const std::optional<BaselineSummary>& baseline() const { return baseline_; }
  // Field coverage, G-4 breakers and the time split (docs/coverage.md); report.json's "coverage".
  Coverage& coverage() { return coverage_; }
  const Coverage& coverage() const { return coverage_; }

  // Declared limits (docs/limits.md): where they came from, what they declare (listed once in the summary
  // and report.json "limits"), and per operation how many valid cases were drawn inside them, how many draws they
  // made impossible (not drawn) and how many invalid, sparse or round-trip cases outside them were not sent. None of
  // these is a pass or a failure.
  struct LimitsTally {
    std::uint64_t drawnInside = 0;
    std::uint64_t notDrawn = 0;
    std::uint64_t notSent = 0;
    // per declared constraint: the drawn cases it applied to, and those at its boundary (docs/limits.md)
    std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> constraints;
  };
  void setLimits(std::vector<std::string> sources, std::vector<std::string> declared);
  void addLimitsTally(const std::string& operation, const LimitsTally& tally);
  bool hasLimits() const { return !limitsDeclared_.empty(); }

  // The path x dtype table, notes, the unspecified bytes and readings (G-6; short unless verbose) and the failures,
  // for a terminal; the caller prints the totals line after it and after anything it adds, so it is the last line.
  void printSummary(std::ostream& out, bool verbose = false) const;
  void printTotals(std::ostream& out) const;   // the one totals line: the verdict, last (all --quiet keeps)
  // Indexes into failures(), one list per bug: the failures sharing a signature (and baseline verdict), in order of
  // first appearance; a failure without a signature is a group of its own.
  std::vector<std::vector<std::size_t>> failureGroups() const;
  std::string toJsonText() const;              // schema dcconf.report/1
  std::string toJunitXml() const;

 private:
  RunMeta meta_;
  std::map<GroupKey, std::map<std::string, Counts>> counts_;  // group/dtype -> property -> counts
  std::vector<Failure> failures_;
  std::vector<std::string> notes_;
  std::map<std::string, Unspecified> unspecified_;
  std::map<int, ReadingTally> readings_;
  bool strictReadings_ = false;
  std::map<std::string, UnitRef> units_;
  std::map<GroupKey, std::string> groupIds_;
  std::optional<BaselineSummary> baseline_;
  double elapsedSeconds_ = 0;
  std::string interrupted_;  // empty unless interrupted: the signal's name
  std::vector<std::string> errors_;
  std::vector<std::string> limitsSources_;
  std::vector<std::string> limitsDeclared_;
  std::map<std::string, LimitsTally> limitsTallies_;
  Coverage coverage_;
};

// Progress on stderr: on a terminal (CI unset) a one-line bar with cases/s and ETA, redrawn at most ten times a
// second; off one (a CI log, a pipe) a whole line at most every lineEvery (default: DCCONF_PROGRESS_EVERY seconds,
// else 30), and a last line when any was printed, so a long run is never silent and a short one stays quiet.
// With totalUnits, the bar counts units (a unit: a property x path x dtype, a vector, a bench row, a mutant) and the
// line shows units done / total, cases, failures so far, elapsed and ETA.
class Progress {
 public:
  Progress(std::string label, std::uint64_t totalCases, std::uint64_t totalUnits = 0, bool enabled = enabledByDefault(),
           std::optional<std::chrono::milliseconds> lineEvery = std::nullopt);
  ~Progress();
  void advance(std::uint64_t cases = 1);
  // One unit finished after `cases` cases; failed counts it in the failures so far.
  void unitDone(std::uint64_t cases, bool failed);
  void finish();
  static bool enabledByDefault();
  // Off a terminal: DCCONF_PROGRESS_EVERY (seconds, fractions allowed; 0 a line per step), else 30 s.
  static std::chrono::milliseconds defaultLineEvery();

 private:
  void draw(bool final);
  void maybeDraw();
  bool bar_;  // a terminal: redraw one line in place
  std::chrono::milliseconds every_;
  bool linePrinted_ = false;
  std::string label_;
  std::uint64_t total_;
  std::uint64_t done_ = 0;
  std::uint64_t totalUnits_ = 0;
  std::uint64_t unitsDone_ = 0;
  std::uint64_t failures_ = 0;
  bool enabled_;
  bool finished_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point lastDraw_;
};

}  // namespace dcconf::report
