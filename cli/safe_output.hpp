// An output never is, contains or lies inside one of the command's inputs (`vectors check SET
// --save-outputs SET --force` replaced the golden set). Checked on the real paths, symbolic links resolved.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace dcconf::cli {

struct NamedPath {
  std::string role;  // how the command line names it: "--out", "the vector set", "--outputs"
  std::filesystem::path path;
};

// "" or one line naming both: "--out x: is the vector set x", "... lies inside ...", "... contains ...".
std::string overlapError(const NamedPath& output, const std::vector<NamedPath>& inputs);

}  // namespace dcconf::cli
