#include "reply.hpp"

#include <nlohmann/json.hpp>

#include "child_process.hpp"
#include "dcconf/casefile/json_guard.hpp"

namespace dcconf::exec::detail {

using backends::RunResult;
using backends::RunStatus;
using nlohmann::json;

namespace {

std::optional<RunStatus> parseStatus(const std::string& text) {
  if (text == "ok") return RunStatus::ok;
  if (text == "rejected") return RunStatus::rejected;
  if (text == "not-supported") return RunStatus::notSupported;
  if (text == "error") return RunStatus::error;
  return std::nullopt;
}

}  // namespace

Reply parseReply(const std::string& line, std::uint64_t id) {
  if (std::string deep = casefile::jsonDepthError(line); !deep.empty()) return {{}, "reply is not a JSON object: " + deep};
  const json reply = json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (reply.is_discarded() || !reply.is_object()) return {{}, "reply is not a JSON object: " + oneLine(line, 80)};
  const auto idIt = reply.find("id");
  if (idIt == reply.end() || !idIt->is_number_unsigned() || idIt->get<std::uint64_t>() != id) {
    return {{},
            "reply id " + (idIt == reply.end() ? std::string("missing") : oneLine(idIt->dump(), 40)) + ", expected " +
                std::to_string(id)};
  }
  const auto statusIt = reply.find("status");
  const std::optional<RunStatus> status =
      statusIt != reply.end() && statusIt->is_string() ? parseStatus(statusIt->get<std::string>()) : std::nullopt;
  if (!status) {
    return {{},
            "reply status " + (statusIt == reply.end() ? std::string("missing") : oneLine(statusIt->dump(), 40)) +
                " is not ok, rejected, not-supported or error"};
  }
  std::string detail;
  if (const auto detailIt = reply.find("detail"); detailIt != reply.end()) {
    if (!detailIt->is_string()) return {{}, "reply detail is not a string"};
    detail = oneLine(detailIt->get<std::string>());
  }
  return {RunResult{*status, std::move(detail)}, {}};
}

LineKind classifyLine(const std::string& line) {
  if (line.find("\"validate\"") == std::string::npos || !casefile::jsonDepthError(line).empty()) return {};
  const json parsed = json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (parsed.is_discarded() || !parsed.is_object() || parsed.contains("status")) return {};
  const auto validate = parsed.find("validate");
  if (validate == parsed.end()) return {};
  if (*validate == true) return {LineKind::Kind::question, {}};
  return {LineKind::Kind::malformedQuestion, "validity question validate = " + oneLine(validate->dump(), 40) + ": must be true"};
}

}  // namespace dcconf::exec::detail
