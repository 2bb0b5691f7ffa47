// `dcconf report merge`: one report from the report.json of every shard of a sharded run (same seed, product,
// profile, backend and shard count; every shard present exactly once).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "dcconf/report/report.hpp"

namespace dcconf::report {

struct ShardReport {
  std::string name;  // the shard's folder, for messages
  std::string json;  // its report.json
};

struct Merged {
  std::optional<Report> report;
  std::string error;  // one line: which shard differs in which field, or which shard is missing
};

Merged mergeShardReports(const std::vector<ShardReport>& shards);

}  // namespace dcconf::report
