// Field-wise minimisation: binary search per integer field over the case's JSON form (dcconf.case/1), so every
// parameter struct, present and future, is covered without a list of fields to keep in step. Only the parameters
// travel through JSON; the buffers are the failing case's own (a MiB of hex per candidate made the kill matrix 2.6x
// slower).
#include "dcconf/properties/minimise.hpp"

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dcconf/oracle/oracle.hpp"

namespace dcconf::properties {

namespace {

using nlohmann::json;

// JSON pointers of the non-negative integer members under every top-level object but the buffers.
void collectIntegerFields(const json& node, const json::json_pointer& at, std::vector<json::json_pointer>& out) {
  if (node.is_object()) {
    for (const auto& [key, value] : node.items()) collectIntegerFields(value, at / key, out);
  } else if (node.is_array()) {
    for (std::size_t i = 0; i < node.size(); ++i) {
      if (node[i].is_object()) collectIntegerFields(node[i], at / std::to_string(i), out);  // SliceInfo[], ...
    }
  } else if (node.is_number_unsigned() || (node.is_number_integer() && node.get<std::int64_t>() >= 0)) {
    out.push_back(at);
  }
}

}  // namespace

Minimised minimiseIntegerFields(const casefile::CaseData& failing,
                                const std::function<bool(const casefile::CaseData&)>& fails, std::uint32_t maxTries) {
  Minimised out{failing, 0, 0};
  json current = casefile::toJsonWithoutBuffers(failing.c);
  std::vector<json::json_pointer> fields;
  for (const auto& [key, value] : current.items()) {
    if (key != "src" && key != "dst" && value.is_object()) collectIntegerFields(value, json::json_pointer("/" + key), fields);
  }
  // A candidate: the current case with one field set; it counts only if the oracle computes it and it still fails.
  auto failsWith = [&](const json::json_pointer& field, std::uint64_t value, casefile::CaseData& parsed) {
    if (out.tries >= maxTries) return false;
    json candidate = current;
    candidate[field] = value;
    auto loaded = casefile::parseCaseWithoutBuffers(std::move(candidate), "<minimise>");
    auto* data = std::get_if<casefile::CaseData>(&loaded);
    if (data == nullptr) return false;
    data->src = failing.src;
    data->dstBefore = failing.dstBefore;
    data->description = failing.description;
    if (oracle::evaluate(data->c, data->src, data->dstBefore).verdict != oracle::Verdict::computed) return false;
    ++out.tries;
    if (!fails(*data)) return false;
    parsed = std::move(*data);
    return true;
  };
  for (bool lowered = true; lowered && out.tries < maxTries;) {
    lowered = false;
    for (const json::json_pointer& field : fields) {
      const std::uint64_t value = current[field].get<std::uint64_t>();
      std::uint64_t low = 0;  // smallest value not yet known to pass
      std::uint64_t high = value;  // a failing value
      casefile::CaseData best;
      bool found = false;
      while (low < high && out.tries < maxTries) {
        const std::uint64_t mid = low + (high - low) / 2;
        casefile::CaseData parsed;
        if (failsWith(field, mid, parsed)) {
          high = mid;
          best = std::move(parsed);
          found = true;
        } else {
          low = mid + 1;
        }
      }
      if (!found || high >= value) continue;
      current[field] = high;
      out.data = std::move(best);
      ++out.steps;
      lowered = true;
    }
  }
  return out;
}

}  // namespace dcconf::properties
