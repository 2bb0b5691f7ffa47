// Merging shard reports: refuse shards of different runs, name the missing one, then add everything up.
#include "dcconf/report/merge.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

namespace dcconf::report {
namespace {

struct ShardMeta {
  std::uint32_t index = 0;  // 1-based
  std::uint32_t count = 0;
};

std::optional<ShardMeta> parseShard(const std::string& text) {
  const auto slash = text.find('/');
  if (slash == std::string::npos || slash == 0 || slash + 1 >= text.size() || text.size() > 24) return std::nullopt;
  const std::string index = text.substr(0, slash);
  const std::string count = text.substr(slash + 1);
  const auto digits = [](const std::string& s) { return std::all_of(s.begin(), s.end(), ::isdigit); };
  if (!digits(index) || !digits(count)) return std::nullopt;
  const unsigned long i = std::stoul(index);
  const unsigned long n = std::stoul(count);
  if (i < 1 || n < 1 || i > n || n > 100000) return std::nullopt;
  return ShardMeta{static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(n)};
}

std::string text(const nlohmann::json& meta, const char* key) {
  const auto found = meta.find(key);
  return found == meta.end() ? "(none)" : found->is_string() ? found->get<std::string>() : found->dump();
}

}  // namespace

Merged mergeShardReports(const std::vector<ShardReport>& shards) {
  if (shards.empty()) return {std::nullopt, "no shard reports to merge"};
  std::vector<nlohmann::json> metas;
  std::map<std::uint32_t, std::string> seen;  // shard index -> folder
  std::uint32_t count = 0;
  for (const ShardReport& shard : shards) {
    const auto json = nlohmann::json::parse(shard.json, nullptr, false);
    if (json.is_discarded() || !json.is_object() || json.value("schema", nlohmann::json()) != "dcconf.report/1" ||
        !json.contains("meta") || !json["meta"].is_object()) {
      return {std::nullopt, shard.name + "/report.json: not a dcconf.report/1 report"};
    }
    const nlohmann::json& meta = json["meta"];
    const auto parsed = parseShard(text(meta, "shard"));
    if (!parsed) return {std::nullopt, shard.name + "/report.json: meta.shard = " + text(meta, "shard") + ": not I/N"};
    if (!metas.empty()) {
      // The fields that make shards parts of one run; anything else (time, command) may differ.
      for (const char* key : {"seed", "product", "profile", "backend"}) {
        if (text(meta, key) != text(metas.front(), key)) {
          return {std::nullopt, shard.name + "/report.json: meta." + key + " = " + text(meta, key) + ", but " +
                                    shards.front().name + " has " + text(metas.front(), key) +
                                    ": not shards of the same run"};
        }
      }
      if (parsed->count != count) {
        return {std::nullopt, shard.name + "/report.json: meta.shard = " + text(meta, "shard") + ", but " +
                                  shards.front().name + " is one of " + std::to_string(count) + " shards"};
      }
    }
    count = parsed->count;
    if (const auto [it, inserted] = seen.emplace(parsed->index, shard.name); !inserted) {
      return {std::nullopt, shard.name + "/report.json: shard " + text(meta, "shard") + " is also " + it->second};
    }
    metas.push_back(meta);
  }
  std::string missing;
  for (std::uint32_t i = 1; i <= count; ++i) {
    if (seen.count(i) == 0) missing += (missing.empty() ? "" : ", ") + std::to_string(i) + "/" + std::to_string(count);
  }
  if (!missing.empty()) return {std::nullopt, "shard " + missing + " missing: got " + std::to_string(seen.size()) +
                                                  " of " + std::to_string(count) + " shard reports"};
  const nlohmann::json& first = metas.front();
  std::string startedAt = first.value("startedAt", std::string());
  for (const auto& meta : metas) startedAt = std::min(startedAt, meta.value("startedAt", std::string()));
  try {
    Report merged(RunMeta{first.value("command", std::string()), first.value("dcconfVersion", std::string()),
                          first.value("backend", std::string()), first.value("backendVersion", std::string()),
                          first.value("product", std::string()), first.value("profile", std::string()),
                          first.at("seed").get<std::uint64_t>(), "1/1", startedAt});
    std::map<std::string, std::string> unitShard;  // unit id -> the shard folder that ran it
    for (const ShardReport& shard : shards) {
      // Each shard alone first: its counts checked, what it tested, which units it claims.
      Report alone(RunMeta{});
      std::string why;
      if (!alone.mergeJson(shard.json, &why)) return {std::nullopt, shard.name + "/report.json: " + why};
      for (const auto& [id, unit] : alone.units()) {
        if (const auto [it, inserted] = unitShard.emplace(id, shard.name); !inserted) {
          return {std::nullopt, shard.name + "/report.json: unit " + id + " is also in " + it->second +
                                    ": shards must be disjoint (the same unit counted twice)"};
        }
      }
      const std::string which = "shard " + text(nlohmann::json::parse(shard.json)["meta"], "shard") + " (" +
                                shard.name + ")";
      if (alone.interrupted()) {
        merged.addError(which + " was interrupted by " + alone.interruptedBy() +
                        ": the merged run is incomplete");
      }
      const Counts totals = alone.totals();
      if (totals.total() == totals[CaseStatus::notSupported]) {
        merged.addError(which + " tested nothing (" + std::to_string(totals.total()) +
                        " cases, none passed or failed)");
      }
      if (!merged.mergeJson(shard.json, &why)) return {std::nullopt, shard.name + "/report.json: " + why};
    }
    merged.addNote("merged from " + std::to_string(count) + " shards");
    return {std::move(merged), ""};
  } catch (const nlohmann::json::exception&) {
    return {std::nullopt, shards.front().name + "/report.json: meta.seed is not a whole number"};
  }
}

}  // namespace dcconf::report
