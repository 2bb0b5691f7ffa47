// Baselines: load (one-line errors naming the field), apply to a report (XFAIL / XPASS / stale), write from a report.
#include "dcconf/report/baseline.hpp"

#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "dcconf/casefile/io.hpp"
#include "dcconf/casefile/json_guard.hpp"
#include "dcconf/casefile/text.hpp"

namespace dcconf::report {

namespace {

constexpr const char* kSchema = "dcconf.baseline/1";

std::string quoted(const nlohmann::json& value) {
  std::string text = value.dump();
  return text.size() > 80 ? text.substr(0, 77) + "..." : text;
}

// Reads one list ("xfail" or "flakes"); returns an error line or "".
std::string readEntries(const nlohmann::json& json, const char* list, const std::string& file,
                        std::vector<BaselineEntry>& out) {
  const auto found = json.find(list);
  if (found == json.end()) return "";
  if (!found->is_array()) return file + ": " + list + " = " + quoted(*found) + ": must be an array of entries";
  if (found->size() > kMaxBaselineEntries) {
    return file + ": " + list + ": " + std::to_string(found->size()) + " entries, more than " +
           std::to_string(kMaxBaselineEntries);
  }
  for (std::size_t i = 0; i < found->size(); ++i) {
    const nlohmann::json& e = (*found)[i];
    const std::string where = file + ": " + list + "[" + std::to_string(i) + "]";
    if (!e.is_object()) return where + " = " + quoted(e) + ": must be an object {\"id\", \"reason\", ...}";
    BaselineEntry entry;
    for (const auto& [key, value] : e.items()) {
      if (!value.is_string()) return where + "." + key + " = " + quoted(value) + ": must be a string";
      const std::string text = value.get<std::string>();
      if (key == "id") {
        entry.match = text;
      } else if (key == "clause") {
        entry.clause = text;
      } else if (key == "reason") {
        entry.reason = text;
      } else if (key == "bug") {
        entry.bug = text;
      } else {
        return where + "." + key + ": unknown key (id, clause, reason, bug)";
      }
    }
    if (entry.match.empty()) return where + ".id: missing or empty (a unit id or tcId glob)";
    if (entry.reason.empty()) return where + ".reason: missing or empty (say why the failure is expected)";
    out.push_back(std::move(entry));
  }
  return "";
}

bool entryMatches(const BaselineEntry& e, const std::string& unit, const std::string& clause) {
  return casefile::globMatch(e.match, unit) && (e.clause.empty() || casefile::globMatch(e.clause, clause));
}

const BaselineEntry* firstMatch(const std::vector<BaselineEntry>& entries, const std::string& unit,
                                const std::string& clause) {
  for (const auto& e : entries) {
    if (entryMatches(e, unit, clause)) return &e;
  }
  return nullptr;
}

BaselineEntryRef ref(const char* kind, const BaselineEntry& e, std::string unit = "") {
  return {kind, e.match, e.reason, e.bug, std::move(unit)};
}

}  // namespace

namespace {

BaselineLoad parseBaselineChecked(const std::string& text, const std::string& file) {
  std::string why;
  const std::optional<nlohmann::json> parsed = casefile::parseJsonGuarded(text, why);  // depth, duplicate keys
  if (!parsed) return {std::nullopt, file + ": not JSON (a " + kSchema + " baseline, docs/baseline.md): " + why};
  const nlohmann::json& json = *parsed;
  if (!json.is_object()) return {std::nullopt, file + ": must be a JSON object"};
  // value("schema", std::string()) throws type_error on a non-string schema (a fuzz finding)
  if (json.value("schema", nlohmann::json()) != kSchema) {
    return {std::nullopt, file + ": schema = " + quoted(json.value("schema", nlohmann::json())) + ": must be \"" +
                              kSchema + "\""};
  }
  for (const auto& [key, value] : json.items()) {
    if (key != "schema" && key != "xfail" && key != "flakes") {
      return {std::nullopt, file + ": " + key + ": unknown key (schema, xfail, flakes)"};
    }
  }
  Baseline baseline;
  baseline.file = file;
  if (std::string error = readEntries(json, "xfail", file, baseline.xfail); !error.empty()) return {std::nullopt, error};
  if (std::string error = readEntries(json, "flakes", file, baseline.flakes); !error.empty()) return {std::nullopt, error};
  return {std::move(baseline), ""};
}

}  // namespace

BaselineLoad parseBaseline(const std::string& text, const std::string& file) {
  try {
    return parseBaselineChecked(text, file);
  } catch (const nlohmann::json::exception& e) {  // a wrong-typed field a reader did not foresee: still one line
    return {std::nullopt, file + ": does not match the " + std::string(kSchema) + " schema: " +
                              casefile::clipForMessage(e.what(), 160)};
  }
}

BaselineLoad loadBaseline(const std::string& path) {
  std::string text;
  if (std::string error = casefile::readRegularFile(path, kMaxBaselineBytes, text); !error.empty()) {
    return {std::nullopt, error};
  }
  return parseBaseline(text, path);
}

void applyBaseline(Report& report, const Baseline& baseline, bool strict) {
  BaselineSummary summary;
  summary.file = baseline.file;
  summary.strict = strict;
  std::set<std::string> failedUnits;
  for (Failure& f : report.failures()) {
    const std::string unit = f.unit.empty() ? f.id : f.unit;
    failedUnits.insert(unit);
    // A FLAKY failure is expected only under flakes; a hard failure only under xfail.
    const bool flaky = f.status == "FLAKY";
    const BaselineEntry* e = firstMatch(flaky ? baseline.flakes : baseline.xfail, unit, f.clause);
    f.expected = e == nullptr ? "" : flaky ? "FLAKE" : "XFAIL";
    f.expectedReason = e == nullptr ? "" : e->reason;
    f.bug = e == nullptr ? "" : e->bug;
  }
  for (const auto& e : baseline.xfail) {
    bool any = false;
    for (const auto& [unit, where] : report.units()) {
      if (!casefile::globMatch(e.match, unit)) continue;
      any = true;
      if (failedUnits.count(unit) == 0) summary.xpass.push_back(ref("xfail", e, unit));
    }
    if (!any) summary.stale.push_back(ref("xfail", e));
  }
  for (const auto& e : baseline.flakes) {
    bool any = false;
    for (const auto& [unit, where] : report.units()) any = any || casefile::globMatch(e.match, unit);
    if (!any) summary.stale.push_back(ref("flakes", e));
  }
  report.setBaseline(std::move(summary));
}

namespace {

BaselineWritten baselineFromReportChecked(const std::string& reportJsonText, const std::string& file) {
  std::string why;
  const std::optional<nlohmann::json> parsed = casefile::parseJsonGuarded(reportJsonText, why);
  if (!parsed) return {"", file + ": not a dcconf.report/1 report.json: " + why};
  const nlohmann::json& json = *parsed;
  if (!json.is_object() || json.value("schema", nlohmann::json()) != "dcconf.report/1") {
    return {"", file + ": not a dcconf.report/1 report.json"};
  }
  const auto failures = json.find("failures");
  if (failures == json.end() || !failures->is_array()) return {"", file + ": failures: missing or not an array"};
  nlohmann::json xfail = nlohmann::json::array();
  nlohmann::json flakes = nlohmann::json::array();
  std::set<std::string> seen;
  for (const auto& f : *failures) {
    if (!f.is_object()) return {"", file + ": failures: an entry is not an object"};
    const std::string unit = f.value("unit", f.value("id", std::string()));
    const std::string status = f.value("status", std::string());
    if (unit.empty() || !seen.insert(status + " " + unit).second) continue;
    const std::string reason = status + " [" + f.value("clause", std::string()) + "] " + f.value("message", std::string());
    nlohmann::json entry = {{"id", unit}, {"reason", reason}};
    if (f.contains("bug")) entry["bug"] = f["bug"];
    (status == "FLAKY" ? flakes : xfail).push_back(std::move(entry));
  }
  return {nlohmann::json{{"schema", kSchema}, {"xfail", xfail}, {"flakes", flakes}}.dump(2) + "\n", ""};
}

}  // namespace

BaselineWritten baselineFromReport(const std::string& reportJsonText, const std::string& file) {
  try {
    return baselineFromReportChecked(reportJsonText, file);
  } catch (const nlohmann::json::exception& e) {  // a wrong-typed field: one line, never an abort
    return {"", file + ": does not match the dcconf.report/1 schema: " + casefile::clipForMessage(e.what(), 160)};
  }
}

}  // namespace dcconf::report
