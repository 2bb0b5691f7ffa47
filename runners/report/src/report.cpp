#include "dcconf/report/report.hpp"

#include "dcconf/oracle/alternatives.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <map>
#include <string_view>
#include <tuple>
#include <ctime>
#include <cstdio>
#include <iomanip>
#include <sstream>

#include <nlohmann/json.hpp>

#include "dcconf/casefile/text.hpp"

namespace dcconf::report {
namespace {

constexpr std::array<std::string_view, kCaseStatusCount> kStatusNames{
    "PASS", "FAIL", "NOT_SUPPORTED", "REJECTED", "ACCEPTED_INVALID", "CRASH", "TIMEOUT"};

constexpr std::array kAllStatuses{CaseStatus::pass,           CaseStatus::fail,  CaseStatus::notSupported,
                                  CaseStatus::rejected,       CaseStatus::acceptedInvalid,
                                  CaseStatus::crash,          CaseStatus::timeout};

using casefile::xmlEscape;

nlohmann::json countsJson(const Counts& counts) {
  nlohmann::json out = nlohmann::json::object();
  for (const CaseStatus status : kAllStatuses) out[std::string(name(status))] = counts[status];
  return out;
}

std::string formatSeconds(double seconds) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(3) << seconds;
  return out.str();
}

}  // namespace

std::string_view name(CaseStatus status) { return kStatusNames[static_cast<std::size_t>(status)]; }

std::string isoNowUtc() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  ::gmtime_r(&now, &utc);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return buffer;
}

bool isFailure(CaseStatus status) {
  return status == CaseStatus::fail || status == CaseStatus::crash || status == CaseStatus::timeout;
}

std::uint64_t Counts::total() const {
  std::uint64_t sum = 0;
  for (const auto n : byStatus) sum += n;
  return sum;
}

std::uint64_t Counts::failures() const {
  return (*this)[CaseStatus::fail] + (*this)[CaseStatus::crash] + (*this)[CaseStatus::timeout];
}

namespace {

// Every text a report stores may come from outside (a backend's detail, a path, the command line): valid UTF-8 before
// it is kept, so report.json always serialises (one invalid byte once lost the whole run).
void makeValid(std::string& text) { text = casefile::validUtf8(text); }

}  // namespace

Report::Report(RunMeta meta) : meta_(std::move(meta)) {
  for (std::string* text : {&meta_.command, &meta_.dcconfVersion, &meta_.backendName, &meta_.backendVersion,
                            &meta_.product, &meta_.profile, &meta_.shard, &meta_.startedAt}) {
    makeValid(*text);
  }
}

void Report::record(const GroupKey& key, const std::string& property, CaseStatus status, std::uint64_t n) {
  counts_[key][property].add(status, n);
}

Counts Report::counts(const GroupKey& key, const std::string& property) const {
  const auto group = counts_.find(key);
  if (group == counts_.end()) return {};
  const auto found = group->second.find(property);
  return found == group->second.end() ? Counts{} : found->second;
}

void Report::addFailure(Failure failure) {
  for (std::string* text : {&failure.id, &failure.group, &failure.dtype, &failure.property, &failure.clause,
                            &failure.status, &failure.message, &failure.caseFile, &failure.repro, &failure.unit,
                            &failure.expected, &failure.expectedReason, &failure.bug}) {
    makeValid(*text);
  }
  for (std::string& line : failure.diff) makeValid(line);
  failures_.push_back(std::move(failure));
}
void Report::addError(std::string error) { errors_.push_back(casefile::validUtf8(error)); }
void Report::setLimits(std::vector<std::string> sources, std::vector<std::string> declared) {
  limitsSources_ = std::move(sources);
  limitsDeclared_ = std::move(declared);
}

void Report::addLimitsTally(const std::string& operation, const LimitsTally& tally) {
  LimitsTally& mine = limitsTallies_[operation];
  mine.drawnInside += tally.drawnInside;
  mine.notDrawn += tally.notDrawn;
  mine.notSent += tally.notSent;
  for (const auto& [constraint, counts] : tally.constraints) {
    mine.constraints[constraint].first += counts.first;
    mine.constraints[constraint].second += counts.second;
  }
}

void Report::addNote(std::string note) { notes_.push_back(casefile::validUtf8(note)); }
void Report::addUnspecified(const std::string& reason, std::uint64_t bytes, std::uint64_t cases) {
  Unspecified& tally = unspecified_[casefile::validUtf8(reason)];
  tally.bytes += bytes;
  tally.cases += cases;
}
void Report::addReading(int ambId, unsigned readings) {
  ReadingTally& tally = readings_[ambId];
  if (readings == 3u) ++tally.both;
  if (readings == 1u) ++tally.firstOnly;
  if (readings == 2u) ++tally.secondOnly;
}
std::string Report::fingerprint(int ambId, const ReadingTally* tally) {
  if (tally == nullptr || tally->cases() == 0) return "not exercised";
  if (tally->inconsistent()) return "INCONSISTENT";
  const oracle::ReadingWords words = oracle::readingWords(ambId);
  if (tally->firstOnly != 0) return std::string(words.first);
  if (tally->secondOnly != 0) return std::string(words.second);
  return std::string(words.first) + "|" + std::string(words.second);
}
bool Report::readingsInconsistent() const {
  return std::any_of(readings_.begin(), readings_.end(), [](const auto& r) { return r.second.inconsistent(); });
}
void Report::finish(std::chrono::duration<double> elapsed) { elapsedSeconds_ = elapsed.count(); }
void Report::addUnit(const std::string& id, const GroupKey& key, const std::string& property, double seconds) {
  const auto found = units_.find(id);
  const double before = found == units_.end() ? 0 : found->second.seconds;
  units_[id] = UnitRef{key, property, before + seconds};
}
void Report::addUnitSeconds(const std::string& id, double seconds) {
  if (const auto found = units_.find(id); found != units_.end()) found->second.seconds += seconds;
}

bool Report::mergeJson(const std::string& reportJson, std::string* why) {
  const auto json = nlohmann::json::parse(reportJson, nullptr, false);
  if (json.is_discarded() || !json.is_object() || json.value("schema", nlohmann::json()) != "dcconf.report/1") {
    if (why) *why = "not a dcconf.report/1 report";
    return false;
  }
  try {
    // Counts are checked before any is added: a negative, fractional or huge count would wrap the sums.
    std::vector<std::tuple<GroupKey, std::string, CaseStatus, std::uint64_t>> counted;
    for (const auto& group : json.at("groups")) {
      const GroupKey key{group.at("group").get<std::string>(), group.at("dtype").get<std::string>()};
      for (const auto& [property, counts] : group.at("properties").items()) {
        for (const CaseStatus status : kAllStatuses) {
          const auto& count = counts.at(std::string(name(status)));
          if (!count.is_number_unsigned() || count.get<std::uint64_t>() > kMaxMergedCount) {
            if (why) {
              *why = "groups: " + key.group + " / " + key.dtype + " / " + casefile::validUtf8(property, 80) + " " +
                     std::string(name(status)) + " = " + casefile::validUtf8(count.dump(), 40) +
                     ": not a whole number of cases in [0, 2^40]";
            }
            return false;
          }
          counted.emplace_back(key, property, status, count.get<std::uint64_t>());
        }
      }
    }
    for (const auto& [key, property, status, n] : counted) record(key, property, status, n);
    for (const auto& f : json.at("failures")) {
      Failure failure;
      failure.id = f.at("id");
      failure.group = f.at("group");
      failure.dtype = f.at("dtype");
      failure.property = f.at("property");
      failure.clause = f.at("clause");
      failure.status = f.at("status");
      failure.message = f.at("message");
      failure.diff = f.at("diff").get<std::vector<std::string>>();
      failure.caseFile = f.at("caseFile");
      failure.repro = f.at("repro");
      failure.unit = f.value("unit", "");
      failure.expected = f.value("expected", "");
      failure.expectedReason = f.value("reason", "");
      failure.bug = f.value("bug", "");
      failure.signature = f.value("signature", "");
      failure.signatureText = f.value("signatureText", "");
      failures_.push_back(std::move(failure));
    }
    for (const auto& group : json.at("groups")) {
      if (group.contains("id")) setGroupId({group.at("group"), group.at("dtype")}, group.at("id"));
    }
    if (const auto found = json.find("units"); found != json.end()) {
      for (const auto& unit : *found) {
        addUnit(unit.at("id"), {unit.at("group"), unit.at("dtype")}, unit.at("property"), unit.value("seconds", 0.0));
      }
    }
    for (const auto& note : json.at("notes")) {
      const std::string text = note.get<std::string>();
      // a limits note is about an operation, said by each worker that ran one of its units: once is enough
      if (text.starts_with("limits: ") && std::find(notes_.begin(), notes_.end(), text) != notes_.end()) continue;
      notes_.push_back(text);
    }
    if (const auto found = json.find("limits"); found != json.end()) {
      if (limitsDeclared_.empty()) {
        setLimits(found->at("sources").get<std::vector<std::string>>(), found->at("declared").get<std::vector<std::string>>());
      }
      for (const auto& [operation, tally] : found->at("operations").items()) {
        LimitsTally read{tally.at("drawnInside").get<std::uint64_t>(), tally.at("notDrawn").get<std::uint64_t>(),
                         tally.at("notSent").get<std::uint64_t>(), {}};
        if (const auto constraints = tally.find("constraints"); constraints != tally.end()) {
          for (const auto& [constraint, counts] : constraints->items()) {
            read.constraints[constraint] = {counts.at("active").get<std::uint64_t>(), counts.at("tight").get<std::uint64_t>()};
          }
        }
        addLimitsTally(operation, read);
      }
    }
    if (const auto found = json.find("errors"); found != json.end()) {
      for (const auto& error : *found) errors_.push_back(error.get<std::string>());
    }
    if (json.value("interrupted", false) && !interrupted()) interrupted_ = json.value("interruptedBy", "a signal");
    if (const auto found = json.find("unspecified"); found != json.end()) {
      for (const auto& [reason, tally] : found->items()) {
        addUnspecified(reason, tally.at("bytes").get<std::uint64_t>(), tally.at("cases").get<std::uint64_t>());
      }
    }
    if (const auto found = json.find("readings"); found != json.end()) {
      for (const auto& [amb, entry] : found->items()) {
        if (amb.rfind("AMB-", 0) != 0) continue;
        const auto counts = entry.find("cases");
        if (counts == entry.end()) continue;
        ReadingTally& tally = readings_[std::stoi(amb.substr(4))];
        tally.both += counts->at("both").get<std::uint64_t>();
        tally.firstOnly += counts->at("firstOnly").get<std::uint64_t>();
        tally.secondOnly += counts->at("secondOnly").get<std::uint64_t>();
      }
    }
    if (json.value("strictReadings", false)) strictReadings_ = true;
    if (const auto found = json.find("coverage"); found != json.end() && !coverage_.mergeJsonText(found->dump())) {
      return false;
    }
    elapsedSeconds_ = std::max(elapsedSeconds_, json.at("meta").at("elapsedSeconds").get<double>());
  } catch (const nlohmann::json::exception& e) {
    if (why) *why = std::string("does not match the dcconf.report/1 schema: ") + casefile::validUtf8(e.what(), 160);
    return false;
  }
  return true;
}

Counts Report::totals() const {
  Counts sum;
  for (const auto& [key, byProperty] : counts_) {
    for (const auto& [property, counts] : byProperty) {
      for (const CaseStatus status : kAllStatuses) sum.add(status, counts[status]);
    }
  }
  return sum;
}

bool Report::passed() const {
  if (!errors_.empty()) return false;
  if (strictReadings_ && readingsInconsistent()) return false;  // G-6, --strict-readings
  if (!baseline_) return totals().failures() == 0 && failures_.empty();
  for (const Failure& f : failures_) {
    if (f.expected.empty()) return false;
  }
  return !(baseline_->strict && !baseline_->xpass.empty());
}

namespace {

// Long operation names ("DataCopy CO1 quant/relu (DataCopyCO12DstParams)") are cut to their column.
std::string fitColumn(const std::string& text, std::size_t width) {
  return text.size() < width ? text : text.substr(0, width - 3) + "..";
}

constexpr std::size_t kUnspecifiedReasonsShown = 3;  // without -v: the reasons with the most unchecked bytes
constexpr std::size_t kGroupIdsShown = 6;  // ids of a bug's further failures named on the terminal

std::string displayStatus(const Failure& f) {
  if (f.expected == "XFAIL") return "XFAIL(" + f.status + ")";
  if (f.expected == "FLAKE") return "FLAKY(listed)";
  return f.status;
}

std::string entryText(const BaselineEntryRef& e) {
  return e.kind + " '" + e.match + "'" + (e.reason.empty() ? "" : ": " + e.reason) + (e.bug.empty() ? "" : " (" + e.bug + ")");
}

}  // namespace

void Report::printTotals(std::ostream& out) const {
  const Counts all = totals();
  out << all.total() << " cases: " << all[CaseStatus::pass] << " passed, " << all.failures() << " failed ("
      << all[CaseStatus::crash] << " crashed, " << all[CaseStatus::timeout] << " timed out), "
      << all[CaseStatus::notSupported] << " not supported, " << all[CaseStatus::rejected] << " rejected, "
      << all[CaseStatus::acceptedInvalid] << " invalid accepted, in " << formatSeconds(elapsedSeconds_) << " s";
  if (baseline_) {
    std::size_t expected = 0;
    for (const auto& f : failures_) expected += !f.expected.empty();
    out << "; baseline: " << expected << " expected, " << failures_.size() - expected << " new, "
        << baseline_->xpass.size() << " XPASS, " << baseline_->stale.size() << " stale";
  }
  out << "\n";
}

void Report::printSummary(std::ostream& out, bool verbose) const {
  out << "dcconf " << meta_.dcconfVersion << "  backend " << meta_.backendName << " (" << meta_.backendVersion
      << ")  product " << meta_.product << "  profile " << meta_.profile << "  seed " << meta_.seed << "\n\n";
  out << std::left << std::setw(28) << "id" << std::setw(34) << "path" << std::setw(12) << "dtype";
  for (const CaseStatus status : kAllStatuses) out << std::right << std::setw(static_cast<int>(name(status).size()) + 2) << name(status);
  out << "\n";
  // A row that ran nothing (every case NOT_SUPPORTED) is folded, without -v, into one line per operation: a backend
  // that implements a little reads its own rows, not a hundred of zeros.
  std::map<std::string, std::pair<std::vector<std::string>, std::uint64_t>> folded;  // group -> dtypes, cases
  for (const auto& [key, byProperty] : counts_) {
    Counts sum;
    for (const auto& [property, counts] : byProperty) {
      for (const CaseStatus status : kAllStatuses) sum.add(status, counts[status]);
    }
    if (!verbose && sum.total() != 0 && sum[CaseStatus::notSupported] == sum.total()) {
      auto& [dtypes, cases] = folded[key.group];
      dtypes.push_back(key.dtype);
      cases += sum.total();
      continue;
    }
    const auto id = groupIds_.find(key);
    out << std::left << std::setw(28) << fitColumn(id == groupIds_.end() ? "" : id->second, 28) << std::setw(34)
        << fitColumn(key.group, 34) << std::setw(12) << key.dtype;
    for (const CaseStatus status : kAllStatuses) {
      out << std::right << std::setw(static_cast<int>(name(status).size()) + 2) << sum[status];
    }
    out << "\n";
  }
  for (const auto& [group, fold] : folded) {
    out << std::left << std::setw(28) << "" << std::setw(34) << fitColumn(group, 34) << "all NOT_SUPPORTED: "
        << fold.second << " cases of " << fold.first.size() << " dtype" << (fold.first.size() == 1 ? "" : "s")
        << " (-v: one row each)\n";
  }
  out << "\n";
  // the limits' never-sent breakers are one counted line without -v (they are listed in report.json's notes)
  constexpr std::string_view kBreakerNote = "limits: G-4 breaker";
  std::size_t breakerNotes = 0, notDrawnNotes = 0;
  for (const auto& note : notes_) {
    if (!verbose && note.starts_with(kBreakerNote)) {
      ++breakerNotes;
      continue;
    }
    if (!verbose && note.starts_with(kNotDrawnNote)) {
      ++notDrawnNotes;
      continue;
    }
    out << "note: " << note << "\n";
  }
  if (notDrawnNotes != 0) {
    out << "note: " << notDrawnNotes << " unit" << (notDrawnNotes == 1 ? "" : "s")
        << " not drawn past their first cases: the backend answered NOT_SUPPORTED to each (-v or report.json lists them)\n";
  }
  if (breakerNotes != 0) {
    out << "note: limits: " << breakerNotes << " G-4 breaker" << (breakerNotes == 1 ? " lies" : "s lie")
        << " outside the declared limits: never sent, not expected by the coverage gate (-v or report.json lists them)\n";
  }
  if (hasLimits()) {  // once: what the limits exclude is neither a pass nor a failure (docs/limits.md)
    out << "limits (" ;
    for (std::size_t k = 0; k < limitsSources_.size(); ++k) out << (k ? ", " : "") << limitsSources_[k];
    out << "): the run drew only inside these; what they exclude is not tested, neither passed nor failed\n";
    for (const auto& line : limitsDeclared_) out << "  limit " << line << "\n";
    for (const auto& [operation, tally] : limitsTallies_) {
      out << "  " << operation << ": " << tally.drawnInside << " cases drawn inside, " << tally.notDrawn
          << " draws the limits made impossible, " << tally.notSent << " cases outside not sent (invalid, sparse, round-trip, or derived by a law: that draw's law skipped)\n";
      for (const auto& [constraint, counts] : tally.constraints) {
        out << "    " << constraint << ": applied to " << counts.first << " cases, " << counts.second << " at its boundary\n";
      }
    }
  }
  if (interrupted()) out << "interrupted by " << interrupted_ << ": these are the cases that finished\n";
  for (const auto& error : errors_) out << "error: " << error << "\n";
  if (!unspecified_.empty()) {
    std::uint64_t totalBytes = 0;
    for (const auto& [reason, tally] : unspecified_) totalBytes += tally.bytes;
    // Short by default: the reasons that left the most bytes unchecked; -v (and report.json / report.html) all.
    std::vector<std::pair<std::string, Unspecified>> reasons(unspecified_.begin(), unspecified_.end());
    std::stable_sort(reasons.begin(), reasons.end(), [](const auto& a, const auto& b) { return a.second.bytes > b.second.bytes; });
    const std::size_t shown = verbose ? reasons.size() : std::min(reasons.size(), kUnspecifiedReasonsShown);
    out << "unspecified: " << totalBytes << " destination bytes of passing cases were ANY (not checked), because:\n";
    for (std::size_t k = 0; k < shown; ++k) {
      out << "  " << std::right << std::setw(12) << reasons[k].second.bytes << " bytes in " << std::setw(7)
          << reasons[k].second.cases << " cases  " << reasons[k].first << "\n";
    }
    if (shown < reasons.size()) {
      out << "  ... and " << reasons.size() - shown << " more reason" << (reasons.size() - shown == 1 ? "" : "s")
          << " (-v or the report lists all)\n";
    }
  }
  if (!readings_.empty()) {
    // G-6: the readings every passing output of the run follows (the implementation's reading fingerprint). Short by
    // default: how many ambiguities were exercised, and every INCONSISTENT one; -v one line per ambiguity.
    std::size_t exercised = 0, inconsistent = 0;
    for (const int id : oracle::kOpenAlternativeIds) {
      const auto found = readings_.find(id);
      if (found == readings_.end() || found->second.cases() == 0) continue;
      ++exercised;
      inconsistent += found->second.inconsistent();
    }
    out << "readings (G-6): " << exercised << " of " << std::size(oracle::kOpenAlternativeIds)
        << " open ambiguities exercised, " << inconsistent << " INCONSISTENT"
        << (strictReadings_ ? " (--strict-readings: INCONSISTENT fails the run)" : "")
        << (verbose ? "; the readings every passing case that exercised one was consistent with:" : " (-v or the report for each)")
        << "\n";
    for (const int id : oracle::kOpenAlternativeIds) {
      const auto found = readings_.find(id);
      const ReadingTally* tally = found == readings_.end() ? nullptr : &found->second;
      if (!verbose && (tally == nullptr || !tally->inconsistent())) continue;
      out << "  AMB-" << std::left << std::setw(3) << id << std::right << " " << fingerprint(id, tally);
      if (tally != nullptr && tally->cases() != 0) {
        const oracle::ReadingWords w = oracle::readingWords(id);
        out << "  (" << tally->cases() << " cases: " << tally->firstOnly << " only " << w.first << ", "
            << tally->secondOnly << " only " << w.second << ", " << tally->both << " either)";
      }
      out << "\n";
    }
  }
  // G-4: the units whose invalid cases the backend ran without refusing them (not failures, but worth a look).
  std::vector<std::pair<std::uint64_t, std::string>> accepted;
  for (const auto& [key, byProperty] : counts_) {
    for (const auto& [property, counts] : byProperty) {
      if (counts[CaseStatus::acceptedInvalid] != 0) {
        accepted.emplace_back(counts[CaseStatus::acceptedInvalid], key.group + " " + key.dtype + " " + property);
      }
    }
  }
  if (!accepted.empty()) {
    std::stable_sort(accepted.begin(), accepted.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    std::uint64_t all = 0;
    for (const auto& [n, unit] : accepted) all += n;
    out << "invalid accepted (G-4): " << all << " invalid case" << (all == 1 ? "" : "s")
        << " ran without the backend refusing them, in:\n";
    const std::size_t shown = verbose ? accepted.size() : std::min(accepted.size(), kGroupIdsShown);
    for (std::size_t k = 0; k < shown; ++k) {
      out << "  " << std::right << std::setw(7) << accepted[k].first << "  " << accepted[k].second << "\n";
    }
    if (shown < accepted.size()) out << "  ... and " << accepted.size() - shown << " more (-v or the report lists all)\n";
  }
  if (baseline_) {
    std::size_t xfail = 0, flakes = 0;
    for (const auto& f : failures_) {
      xfail += f.expected == "XFAIL";
      flakes += f.expected == "FLAKE";
    }
    out << "baseline " << baseline_->file << ": " << xfail << " XFAIL, " << flakes << " known FLAKY, "
        << baseline_->xpass.size() << " XPASS" << (baseline_->strict ? " (strict: fail the run)" : "") << ", "
        << baseline_->stale.size() << " stale\n";
    for (const auto& e : baseline_->xpass) out << "  XPASS " << e.unit << "  listed as " << entryText(e) << "\n";
    for (const auto& e : baseline_->stale) out << "  stale " << entryText(e) << ": matches no selected unit\n";
  }
  // One block per bug (failures sharing a signature and a baseline verdict), its first failure in full and
  // the other units it hit by id; then a short summary, one line a bug, and the totals last.
  const auto groups = failureGroups();
  for (const auto& group : groups) {
    const Failure& failure = failures_[group.front()];
    out << "\n" << displayStatus(failure) << " " << failure.id << (failure.unit.empty() ? "" : "  unit " + failure.unit)
        << "  [" << failure.clause << "] " << failure.property << ": " << failure.message << "\n";
    if (!failure.expected.empty()) {
      out << "    expected by the baseline: " << failure.expectedReason << (failure.bug.empty() ? "" : " (" + failure.bug + ")")
          << "\n";
    }
    for (const auto& line : failure.diff) out << "    " << line << "\n";
    if (!failure.repro.empty()) out << "  repro: " << failure.repro << "\n";
    if (group.size() > 1) {
      out << "  the same bug (" << failure.signatureText << ") in " << group.size() - 1 << " more:";
      for (std::size_t k = 1; k < group.size() && k <= kGroupIdsShown; ++k) out << " " << failures_[group[k]].id;
      if (group.size() - 1 > kGroupIdsShown) out << " ... (report.json lists all)";
      out << "\n";
    }
  }
  if (!groups.empty()) {
    out << "\nshort summary: " << groups.size() << " distinct failure" << (groups.size() == 1 ? "" : "s") << " in "
        << failures_.size() << " failing unit result" << (failures_.size() == 1 ? "" : "s") << "\n";
    for (const auto& group : groups) {
      const Failure& failure = failures_[group.front()];
      out << "  " << displayStatus(failure) << " " << failure.id << ": "
          << (failure.signatureText.empty() ? failure.property : failure.signatureText) << " ["
          << failure.clause << "]" << (group.size() > 1 ? " (+" + std::to_string(group.size() - 1) + " more)" : "") << "\n";
    }
  }
}

std::vector<std::vector<std::size_t>> Report::failureGroups() const {
  std::vector<std::vector<std::size_t>> groups;
  std::map<std::string, std::size_t> bySignature;
  for (std::size_t i = 0; i < failures_.size(); ++i) {
    const Failure& f = failures_[i];
    if (f.signature.empty()) {
      groups.push_back({i});
      continue;
    }
    const std::string key = displayStatus(f) + "\n" + f.signature;
    const auto [it, added] = bySignature.emplace(key, groups.size());
    if (added) groups.emplace_back();
    groups[it->second].push_back(i);
  }
  return groups;
}

std::string Report::toJsonText() const {
  nlohmann::json json;
  json["schema"] = "dcconf.report/1";
  json["meta"] = {{"command", meta_.command},         {"dcconfVersion", meta_.dcconfVersion},
                  {"backend", meta_.backendName},       {"backendVersion", meta_.backendVersion},
                  {"product", meta_.product},           {"profile", meta_.profile},
                  {"seed", meta_.seed},                 {"shard", meta_.shard},
                  {"startedAt", meta_.startedAt},       {"elapsedSeconds", elapsedSeconds_}};
  if (interrupted()) json["interrupted"] = true;  // only then: every complete report stays as it was
  if (interrupted()) json["interruptedBy"] = interrupted_;
  if (!errors_.empty()) json["errors"] = errors_;
  json["passed"] = passed();
  json["totals"] = countsJson(totals());
  json["groups"] = nlohmann::json::array();
  for (const auto& [key, byProperty] : counts_) {
    nlohmann::json properties = nlohmann::json::object();
    for (const auto& [property, counts] : byProperty) properties[property] = countsJson(counts);
    nlohmann::json group = {{"group", key.group}, {"dtype", key.dtype}, {"properties", properties}};
    if (const auto id = groupIds_.find(key); id != groupIds_.end()) group["id"] = id->second;
    json["groups"].push_back(std::move(group));
  }
  json["failures"] = nlohmann::json::array();
  for (const auto& f : failures_) {
    json["failures"].push_back({{"id", f.id},           {"group", f.group},       {"dtype", f.dtype},
                                {"property", f.property}, {"clause", f.clause},   {"status", f.status},
                                {"message", f.message},   {"diff", f.diff},       {"caseFile", f.caseFile},
                                {"repro", f.repro}});
    nlohmann::json& added = json["failures"].back();
    if (!f.unit.empty()) added["unit"] = f.unit;
    if (!f.signature.empty()) {
      added["signature"] = f.signature;
      added["signatureText"] = f.signatureText;
    }
    if (!f.expected.empty()) {
      added["expected"] = f.expected;
      added["reason"] = f.expectedReason;
      if (!f.bug.empty()) added["bug"] = f.bug;
    }
  }
  json["units"] = nlohmann::json::array();
  for (const auto& [id, unit] : units_) {
    json["units"].push_back({{"id", id}, {"group", unit.key.group}, {"dtype", unit.key.dtype}, {"property", unit.property},
                             {"seconds", unit.seconds}});
  }
  if (baseline_) {
    auto entries = [](const std::vector<BaselineEntryRef>& list) {
      nlohmann::json out = nlohmann::json::array();
      for (const auto& e : list) {
        out.push_back({{"kind", e.kind}, {"match", e.match}, {"reason", e.reason}, {"bug", e.bug}});
        if (!e.unit.empty()) out.back()["unit"] = e.unit;
      }
      return out;
    };
    std::uint64_t xfail = 0, flakes = 0;
    for (const auto& f : failures_) {
      xfail += f.expected == "XFAIL";
      flakes += f.expected == "FLAKE";
    }
    json["baseline"] = {{"file", baseline_->file}, {"strict", baseline_->strict}, {"xfail", xfail},
                        {"knownFlaky", flakes}, {"xpass", entries(baseline_->xpass)}, {"stale", entries(baseline_->stale)}};
  }
  json["notes"] = notes_;
  if (hasLimits()) {
    nlohmann::json operations = nlohmann::json::object();
    for (const auto& [operation, tally] : limitsTallies_) {
      operations[operation] = {{"drawnInside", tally.drawnInside}, {"notDrawn", tally.notDrawn}, {"notSent", tally.notSent}};
      if (!tally.constraints.empty()) {
        nlohmann::json& constraints = operations[operation]["constraints"] = nlohmann::json::object();
        for (const auto& [constraint, counts] : tally.constraints) {
          constraints[constraint] = {{"active", counts.first}, {"tight", counts.second}};
        }
      }
    }
    json["limits"] = {{"sources", limitsSources_}, {"declared", limitsDeclared_}, {"operations", operations}};
  }
  json["unspecified"] = nlohmann::json::object();
  for (const auto& [reason, tally] : unspecified_) {
    json["unspecified"][reason] = {{"bytes", tally.bytes}, {"cases", tally.cases}};
  }
  if (!readings_.empty()) {
    json["readings"] = nlohmann::json::object();
    for (const int id : oracle::kOpenAlternativeIds) {
      const auto found = readings_.find(id);
      const ReadingTally* tally = found == readings_.end() ? nullptr : &found->second;
      nlohmann::json entry = {{"fingerprint", fingerprint(id, tally)}};
      if (tally != nullptr) {
        entry["cases"] = {{"both", tally->both}, {"firstOnly", tally->firstOnly}, {"secondOnly", tally->secondOnly}};
      }
      json["readings"]["AMB-" + std::to_string(id)] = entry;
    }
  }
  if (strictReadings_) json["strictReadings"] = true;
  if (!coverage_.empty()) json["coverage"] = nlohmann::json::parse(coverage_.toJsonText());
  return json.dump(2) + "\n";
}

// One <testsuite> per path x dtype, one <testcase> per property: thousands of random cases make one verdict each.
std::string Report::toJunitXml() const {
  std::ostringstream out;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  std::uint64_t tests = 0;
  std::uint64_t failed = 0;
  std::uint64_t errors = 0;
  std::uint64_t skipped = 0;
  std::ostringstream suites;
  for (const auto& [key, byProperty] : counts_) {
    std::ostringstream cases;
    std::uint64_t suiteFailed = 0, suiteErrors = 0, suiteSkipped = 0;
    double suiteSeconds = 0;
    for (const auto& [property, counts] : byProperty) {
      double seconds = 0;  // the units of this row (one, or one per product of a multi-product run)
      for (const auto& [id, unit] : units_) {
        if (unit.key == key && unit.property == property) seconds += unit.seconds;
      }
      suiteSeconds += seconds;
      cases << "    <testcase classname=\"" << xmlEscape(key.group + "." + key.dtype) << "\" name=\""
            << xmlEscape(property) << "\" time=\"" << formatSeconds(seconds) << "\">\n";
      std::string failuresText;
      std::string expectedReason;  // the baseline's reason when every failure here is expected
      bool allExpected = true;
      for (const auto& f : failures_) {
        if (f.group == key.group && f.dtype == key.dtype && f.property == property) {
          allExpected = allExpected && !f.expected.empty();
          if (!f.expected.empty() && expectedReason.find(f.expectedReason) == std::string::npos) {
            expectedReason += (expectedReason.empty() ? "" : "; ") + f.expectedReason;
          }
          failuresText += "[" + f.clause + "] " + f.message + "\n";
          for (const auto& line : f.diff) failuresText += "  " + line + "\n";
          failuresText += "repro: " + f.repro + "\n";
        }
      }
      const std::string tally = std::to_string(counts.total()) + " cases: " +
                                std::to_string(counts[CaseStatus::pass]) + " pass, " +
                                std::to_string(counts[CaseStatus::fail]) + " fail, " +
                                std::to_string(counts[CaseStatus::crash]) + " crash, " +
                                std::to_string(counts[CaseStatus::timeout]) + " timeout, " +
                                std::to_string(counts[CaseStatus::rejected]) + " rejected, " +
                                std::to_string(counts[CaseStatus::acceptedInvalid]) + " accepted-invalid, " +
                                std::to_string(counts[CaseStatus::notSupported]) + " not-supported";
      std::string xpassStrict;  // pytest's "[XPASS(strict)] reason" for a listed unit that passed under --strict
      if (baseline_ && baseline_->strict) {
        for (const auto& e : baseline_->xpass) {
          const auto unit = units_.find(e.unit);
          if (unit != units_.end() && unit->second.key == key && unit->second.property == property) {
            xpassStrict = "[XPASS(strict)] " + e.reason;
          }
        }
      }
      if (counts.failures() > 0 && allExpected && !failuresText.empty()) {
        // pytest writes an expected failure as a skipped test with the xfail reason.
        ++suiteSkipped;
        cases << "      <skipped type=\"pytest.xfail\" message=\"" << xmlEscape(expectedReason) << "\">"
              << xmlEscape(failuresText) << "</skipped>\n";
      } else if (!xpassStrict.empty()) {
        ++suiteFailed;
        cases << "      <failure message=\"" << xmlEscape(xpassStrict) << "\"/>\n";
      } else if (counts[CaseStatus::fail] > 0) {
        ++suiteFailed;
        cases << "      <failure message=\"" << xmlEscape(tally) << "\">" << xmlEscape(failuresText) << "</failure>\n";
      } else if (counts[CaseStatus::crash] + counts[CaseStatus::timeout] > 0) {
        ++suiteErrors;
        cases << "      <error message=\"" << xmlEscape(tally) << "\">" << xmlEscape(failuresText) << "</error>\n";
      } else if (counts[CaseStatus::notSupported] == counts.total()) {
        ++suiteSkipped;
        cases << "      <skipped message=\"not supported by the backend or product\"/>\n";
      }
      cases << "      <system-out>" << xmlEscape(tally) << "</system-out>\n";
      cases << "    </testcase>\n";
    }
    suites << "  <testsuite name=\"" << xmlEscape(key.group + " " + key.dtype) << "\" tests=\"" << byProperty.size()
           << "\" failures=\"" << suiteFailed << "\" errors=\"" << suiteErrors << "\" skipped=\"" << suiteSkipped
           << "\" time=\"" << formatSeconds(suiteSeconds) << "\">\n"
           << cases.str() << "  </testsuite>\n";
    tests += byProperty.size();
    failed += suiteFailed;
    errors += suiteErrors;
    skipped += suiteSkipped;
  }
  if (!readings_.empty()) {
    // G-6: the reading fingerprint as suite properties, and one test case per exercised ambiguity, which fails only
    // when --strict-readings is on and no single reading explains the ambiguity's cases (INCONSISTENT).
    std::ostringstream properties, cases;
    std::uint64_t suiteTests = 0, suiteFailed = 0;
    for (const int id : oracle::kOpenAlternativeIds) {
      const auto found = readings_.find(id);
      const ReadingTally* tally = found == readings_.end() ? nullptr : &found->second;
      const std::string amb = "AMB-" + std::to_string(id);
      const std::string print = fingerprint(id, tally);
      properties << "      <property name=\"" << amb << "\" value=\"" << xmlEscape(print) << "\"/>\n";
      if (tally == nullptr || tally->cases() == 0) continue;
      const oracle::ReadingWords w = oracle::readingWords(id);
      const std::string counts = std::to_string(tally->cases()) + " cases: " + std::to_string(tally->firstOnly) +
                                 " only " + std::string(w.first) + ", " + std::to_string(tally->secondOnly) + " only " +
                                 std::string(w.second) + ", " + std::to_string(tally->both) + " either";
      ++suiteTests;
      cases << "    <testcase classname=\"dcconf.readings\" name=\"" << amb << " " << xmlEscape(print)
            << "\" time=\"0\">\n";
      if (strictReadings_ && tally->inconsistent()) {
        ++suiteFailed;
        cases << "      <failure message=\"G-6: " << amb << " INCONSISTENT under --strict-readings: no single reading "
              << "explains every case (" << xmlEscape(counts) << ")\"/>\n";
      }
      cases << "      <system-out>" << xmlEscape(counts) << "</system-out>\n    </testcase>\n";
    }
    suites << "  <testsuite name=\"readings (G-6)\" tests=\"" << suiteTests << "\" failures=\"" << suiteFailed
           << "\" errors=\"0\" skipped=\"0\" time=\"0\">\n    <properties>\n"
           << "      <property name=\"strictReadings\" value=\"" << (strictReadings_ ? "true" : "false") << "\"/>\n"
           << properties.str() << "    </properties>\n" << cases.str() << "  </testsuite>\n";
    tests += suiteTests;
    failed += suiteFailed;
  }
  for (std::size_t k = 0; k < errors_.size(); ++k) {  // what kept the run from testing: one error case each
    suites << "  <testsuite name=\"error-" << k + 1 << "\" tests=\"1\" failures=\"0\" errors=\"1\" time=\"0\">\n"
           << "    <testcase classname=\"dcconf\" name=\"run error " << k + 1 << "\"><error message=\""
           << xmlEscape(errors_[k]) << "\"/></testcase>\n  </testsuite>\n";
    ++tests;
    ++errors;
  }
  if (interrupted()) {  // a run cut short must not read as complete in CI: one error case says so
    suites << "  <testsuite name=\"interrupted\" tests=\"1\" failures=\"0\" errors=\"1\" time=\"0\">\n"
           << "    <testcase classname=\"dcconf\" name=\"run complete\"><error message=\"interrupted by "
           << xmlEscape(interrupted_) << ": only the cases that finished are reported\"/></testcase>\n  </testsuite>\n";
    ++tests;
    ++errors;
  }
  out << "<testsuites name=\"dcconf " << xmlEscape(meta_.backendName) << "\" tests=\"" << tests << "\" failures=\""
      << failed << "\" errors=\"" << errors << "\" skipped=\"" << skipped << "\" time=\""
      << formatSeconds(elapsedSeconds_) << "\">\n"
      << suites.str() << "</testsuites>\n";
  return out.str();
}

// ---- progress ----------------------------------------------------------------------------------------------------

bool Progress::enabledByDefault() { return true; }

std::chrono::milliseconds Progress::defaultLineEvery() {
  constexpr std::chrono::milliseconds kDefault{30000};
  const char* text = std::getenv("DCCONF_PROGRESS_EVERY");
  if (text == nullptr || *text == '\0') return kDefault;
  char* end = nullptr;
  const double seconds = std::strtod(text, &end);
  if (end == text || *end != '\0' || !(seconds >= 0) || seconds > 86400) return kDefault;  // not a number: ignored
  return std::chrono::milliseconds(static_cast<std::int64_t>(seconds * 1000));
}

Progress::Progress(std::string label, std::uint64_t totalCases, std::uint64_t totalUnits, bool enabled,
                   std::optional<std::chrono::milliseconds> lineEvery)
    : bar_(::isatty(STDERR_FILENO) == 1 && std::getenv("CI") == nullptr),
      every_(lineEvery.value_or(defaultLineEvery())),
      label_(std::move(label)),
      total_(totalCases),
      totalUnits_(totalUnits),
      enabled_(enabled),
      start_(std::chrono::steady_clock::now()),
      lastDraw_(start_) {}

Progress::~Progress() { finish(); }

void Progress::advance(std::uint64_t cases) {
  done_ += cases;
  maybeDraw();
}

void Progress::unitDone(std::uint64_t cases, bool failed) {
  done_ += cases;
  ++unitsDone_;
  failures_ += failed;
  maybeDraw();
}

void Progress::maybeDraw() {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - lastDraw_ >= (bar_ ? std::chrono::milliseconds(100) : every_)) {
    lastDraw_ = now;
    draw(false);
  }
}

void Progress::finish() {
  if (finished_) return;
  finished_ = true;
  // Off a terminal a short run stays silent, and a line per step (every_ 0) needs no last line.
  if (enabled_ && (bar_ || (linePrinted_ && every_.count() > 0))) draw(true);
}

void Progress::draw(bool final) {
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  // The bar and the ETA follow units when there are units, cases otherwise.
  const bool byUnits = totalUnits_ > 0;
  const std::uint64_t total = byUnits ? totalUnits_ : total_;
  const std::uint64_t done = std::min(byUnits ? unitsDone_ : done_, total);
  const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0.0;
  const int width = 24;
  const int filled = total == 0 ? 0 : static_cast<int>(width * done / total);
  std::string bar(static_cast<std::size_t>(filled), '#');
  bar.resize(width, '.');
  const double eta = rate > 0 && total > done ? static_cast<double>(total - done) / rate : 0.0;
  if (!bar_) {  // a log: whole lines, no bar, nothing redrawn
    linePrinted_ = true;
    if (byUnits) {
      std::fprintf(stderr, "%s: %llu/%llu units, %llu cases, %llu failed, %.0fs elapsed, ETA %.0fs%s\n", label_.c_str(),
                   static_cast<unsigned long long>(done), static_cast<unsigned long long>(total),
                   static_cast<unsigned long long>(done_), static_cast<unsigned long long>(failures_), seconds, eta,
                   final ? ", done" : "");
    } else {
      std::fprintf(stderr, "%s: %llu/%llu, %.0f/s, %.0fs elapsed, ETA %.0fs%s\n", label_.c_str(),
                   static_cast<unsigned long long>(done), static_cast<unsigned long long>(total), rate, seconds, eta,
                   final ? ", done" : "");
    }
    std::fflush(stderr);
    return;
  }
  if (byUnits) {
    std::fprintf(stderr, "\r%-24.24s [%s] %llu/%llu units  %llu cases  %llu failed  %.0fs  ETA %.0fs   ", label_.c_str(),
                 bar.c_str(), static_cast<unsigned long long>(done), static_cast<unsigned long long>(total),
                 static_cast<unsigned long long>(done_), static_cast<unsigned long long>(failures_), seconds, eta);
  } else {
    std::fprintf(stderr, "\r%-24.24s [%s] %llu/%llu  %.0f/s  %.0fs  ETA %.0fs   ", label_.c_str(), bar.c_str(),
                 static_cast<unsigned long long>(done), static_cast<unsigned long long>(total), rate, seconds, eta);
  }
  if (final) std::fputc('\n', stderr);
  std::fflush(stderr);
}

}  // namespace dcconf::report
