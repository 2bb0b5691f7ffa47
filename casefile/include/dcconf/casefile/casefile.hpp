// The dcconf.case/1 contract (docs/case-format.md): a case file <-> oracle::Case plus its buffers.
// Every load error is one line naming the file, the field, the value and the reason; nothing here throws.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "dcconf/oracle/case.hpp"

namespace dcconf::casefile {

inline constexpr const char* kCaseSchema = "dcconf.case/1";
// A case file's description is a note for people; above this it is refused (a 100 MB description cost 517 MB RSS).
inline constexpr std::size_t kMaxDescriptionBytes = 64 * 1024;

// A case with its concrete buffers: src (c.src.sizeBytes) and the destination's content before the copy.
struct CaseData {
  oracle::Case c;
  std::vector<std::uint8_t> src;
  std::vector<std::uint8_t> dstBefore;
  std::string description;  // optional free text ("description" key); not used by the oracle
};

// Field-by-field equality (oracle::Case has no operator==): the round-trip contract of toJson.
bool sameCase(const oracle::Case& a, const oracle::Case& b);
bool operator==(const CaseData& a, const CaseData& b);

struct LoadError {
  std::string file;     // the case file (or "<json>" for in-memory text)
  std::string field;    // "params.blockCount", "src.file", ...
  std::string value;    // the offending value as written
  std::string message;  // why
  std::string oneLine() const;  // "case.json: params.blockCount = 70000: does not fit uint16_t"
};

struct LoadLimits {
  std::uint64_t maxBufferBytes = 256ull << 20;  // no buffer is allocated beyond this, whatever the file says
};

using LoadResult = std::variant<CaseData, LoadError>;

LoadResult loadCaseFile(const std::filesystem::path& path, const LoadLimits& limits = {});
// baseDir resolves relative "file" references.
LoadResult parseCase(const nlohmann::json& json, const std::filesystem::path& baseDir, const std::string& fileLabel,
                     const LoadLimits& limits = {});
LoadResult parseCaseText(const std::string& text, const std::filesystem::path& baseDir,
                         const std::string& fileLabel = "<json>", const LoadLimits& limits = {});

// The case as dcconf.case/1 JSON with both buffers inline as "hex" (self-contained: a bug report, a shrunk
// counterexample). Loading the result gives back an equal CaseData.
nlohmann::json toJson(const CaseData& data);
std::string toJsonText(const CaseData& data);  // pretty, 2-space indent, trailing newline

// The case alone: src and dst carry "size" and "offset" but no content (the exec protocol's dcconf.exec/2 sends
// the buffers through shared memory). Not loadable by parseCase on its own.
nlohmann::json toJsonWithoutBuffers(const oracle::Case& c);

// The inverse of toJsonWithoutBuffers: the case with its buffers' sizes and offsets and no bytes (the CaseData's
// src and dstBefore are empty). For judging or editing a case's parameters (limits, the exec validity query).
LoadResult parseCaseWithoutBuffers(nlohmann::json json, const std::string& fileLabel);

// The same, but buffers written next to the JSON as <stem>.src.bin / <stem>.dst.bin and referenced by "file".
// Returns the JSON; the caller writes it (atomically) to dir/<stem>.json. Null JSON if a .bin cannot be written.
nlohmann::json toJsonWithFiles(const CaseData& data, const std::filesystem::path& dir, const std::string& stem);

}  // namespace dcconf::casefile
