// Expected-failure baselines (deqp-runner --baseline, array-api-tests --xfails-file): a JSON file listing the units
// (or vector tcIds) known to fail, and the known flakes, each with a reason and an optional bug link. Applying one
// to a report turns listed failures into XFAIL, flags listed units that passed (XPASS) and entries that match no
// selected unit (stale). Format: docs/baseline.md.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "dcconf/report/report.hpp"

namespace dcconf::report {

struct BaselineEntry {
  std::string match;   // glob over unit ids ("padGmToUb/*/G-1-conformance") or tcIds
  std::string clause;  // optional glob over the failure's clause; empty: any
  std::string reason;
  std::string bug;     // optional link
};

struct Baseline {
  std::string file;  // as given, for messages and the report
  std::vector<BaselineEntry> xfail;
  std::vector<BaselineEntry> flakes;
};

struct BaselineLoad {
  std::optional<Baseline> baseline;
  std::string error;  // one line naming file, field and value
};

inline constexpr std::size_t kMaxBaselineBytes = 16u << 20;
inline constexpr std::size_t kMaxBaselineEntries = 100000;

BaselineLoad loadBaseline(const std::string& path);
BaselineLoad parseBaseline(const std::string& text, const std::string& file);

// Marks the report's failures XFAIL / FLAKE and records XPASS and stale entries; report.passed() then gates on
// unexpected failures only (and on XPASS when strict).
void applyBaseline(Report& report, const Baseline& baseline, bool strict);

// A baseline (JSON text) listing every failure of a report.json: each unexpected FAIL / CRASH / TIMEOUT under
// xfail, each FLAKY under flakes, with the message as the reason. Empty text and an error line on bad input.
struct BaselineWritten {
  std::string text;
  std::string error;
};
BaselineWritten baselineFromReport(const std::string& reportJsonText, const std::string& file);

}  // namespace dcconf::report
