// `dcconf vectors check` (replay every vector on a backend) and `dcconf vectors verify` (judge the <tcId>.bin files a
// device harness dumped). Both report as `dcconf run` does: report::Report, one row per api path x dtype.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "dcconf/report/report.hpp"
#include "dcconf/vectors/export.hpp"
#include "dcconf/vectors/vectors.hpp"

namespace dcconf::vectors {

inline constexpr const char* kValidProperty = "vector";
inline constexpr const char* kInvalidProperty = "vector G-4 invalid";

struct JudgeOptions {
  std::string tcGlob = "*";   // only the vectors whose tcId matches
  std::string command;        // recorded in the report
  std::string setArgument;    // DIR as the user typed it, for repro lines
  bool saveOutputs = false;   // check: keep each destination the backend produced as <tcId>.bin
};

struct Judged {
  std::optional<report::Report> report;
  std::string error;             // one line when nothing could be judged (backend unavailable, no vector selected)
  std::vector<SetFile> outputs;  // check with saveOutputs: "<tcId>.bin"
  std::vector<SetFile> failurePages;  // "failures/<tcId>.html", one per failure (docs/pictures.md)
};

// backendSpec: fast | oracle | plugin:PATH | exec:COMMAND (as dcconf run).
Judged checkSet(const VectorSet& set, const std::string& backendSpec, std::uint32_t perCaseTimeoutMs,
                const JudgeOptions& options);

// outputsDir holds <tcId>.bin per vector the harness ran. A valid vector without one FAILs; an invalid vector
// without one counts as REJECTED (the harness refused it), with one as ACCEPTED_INVALID unless it wrote outside
// allowedWrites (FAIL, G-4).
Judged verifySet(const VectorSet& set, const std::filesystem::path& outputsDir, const JudgeOptions& options);
// "" when outputsDir is a folder, else the one line saying it is not (checked before a set is loaded, too).
std::string outputsFolderError(const std::filesystem::path& outputsDir);

}  // namespace dcconf::vectors
