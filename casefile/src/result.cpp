#include "dcconf/casefile/result.hpp"

#include <map>

#include <nlohmann/json.hpp>

namespace dcconf::casefile {
namespace {

using nlohmann::json;

json rangesJson(const std::vector<oracle::ByteRange>& ranges) {
  json out = json::array();
  for (const auto& range : ranges) out.push_back({range.begin, range.end});
  return out;
}

json violationsJson(const std::vector<oracle::Violation>& violations) {
  json out = json::array();
  for (const auto& v : violations) {
    out.push_back({{"clause", v.clause}, {"field", v.field}, {"value", v.value}, {"message", v.message}});
  }
  return out;
}

// Bytes per region name over the whole destination buffer, so a reader sees "rightPad: 4" at a glance.
json regionsJson(const oracle::Expectation& expectation) {
  std::map<std::string, std::uint64_t> counts;
  for (const oracle::Region region : expectation.region) ++counts[std::string(oracle::name(region))];
  return counts;
}

// ANY bytes per reason ("AMB-2: DataCopyPad dummy bytes (PAD-G2U-5)": 12): what the check leaves open, and why.
json unspecifiedJson(const oracle::Expectation& expectation) {
  const std::vector<std::uint64_t> counts = oracle::unspecifiedBytesByRegion(expectation);
  json out = json::object();
  for (std::size_t r = 0; r < counts.size(); ++r) {
    if (counts[r] == 0) continue;
    const std::string reason(oracle::whyUnspecified(static_cast<oracle::Region>(r)));  // left and right pad share one
    out[reason] = out.value(reason, std::uint64_t{0}) + counts[r];
  }
  return out;
}

}  // namespace

json resultJson(const oracle::Case& c, const oracle::Evaluation& evaluation) {
  const oracle::OperationResolution resolution = oracle::resolveOperation(c);
  const oracle::Expectation& e = evaluation.expectation;
  std::uint64_t careBytes = 0;
  for (const std::uint8_t care : e.care) careBytes += care;
  json out;
  out["schema"] = kResultSchema;
  out["valid"] = evaluation.verdict == oracle::Verdict::computed;
  out["verdict"] = std::string(oracle::name(evaluation.verdict));
  out["product"] = std::string(oracle::name(c.product));
  out["operation"] = resolution.operation ? json(std::string(oracle::name(*resolution.operation))) : json(nullptr);
  out["profile"] = oracle::profileName(c.profile);
  out["violations"] = violationsJson(evaluation.violations);
  out["readRanges"] = rangesJson(evaluation.footprint.reads);
  out["writeRanges"] = rangesJson(evaluation.footprint.writes);
  out["careBytes"] = careBytes;
  out["anyBytes"] = e.care.size() - careBytes;
  out["regions"] = regionsJson(e);
  out["unspecified"] = unspecifiedJson(e);
  if (!e.classes.empty()) out["nanElements"] = nanElementsJson(e.classes);  // only when there is one
  return out;
}

json nanElementsJson(const std::vector<oracle::ClassConstraint>& classes) {
  json out = json::array();
  for (const oracle::ClassConstraint& k : classes) {
    out.push_back({{"offset", k.index}, {"dtype", std::string(oracle::name(k.dtype))}});
  }
  return out;
}

}  // namespace dcconf::casefile
