#include "safe_output.hpp"

#include <system_error>

namespace dcconf::cli {
namespace {

namespace fs = std::filesystem;

// Absolute, normal, symbolic links of the existing part resolved; no trailing separator.
fs::path real(const fs::path& path) {
  std::error_code ec;
  fs::path resolved = fs::weakly_canonical(fs::absolute(path, ec), ec);
  if (ec) resolved = fs::absolute(path, ec).lexically_normal();
  return resolved.has_filename() ? resolved : resolved.parent_path();
}

// Whether inner is outer or below it, component by component ("/a/bc" is not inside "/a/b").
bool within(const fs::path& inner, const fs::path& outer) {
  auto o = outer.begin();
  auto i = inner.begin();
  for (; o != outer.end(); ++o, ++i) {
    if (i == inner.end() || *i != *o) return false;
  }
  return true;
}

}  // namespace

std::string overlapError(const NamedPath& output, const std::vector<NamedPath>& inputs) {
  const fs::path out = real(output.path);
  for (const NamedPath& input : inputs) {
    if (input.path.empty()) continue;
    const fs::path in = real(input.path);
    const std::string both = output.role + " " + output.path.string() + ": ";
    const std::string inputText = input.role + " " + input.path.string();
    if (out == in) return both + "is " + inputText + " (an output never replaces an input)";
    if (within(in, out)) return both + "contains " + inputText + " (an output never replaces an input)";
    if (within(out, in)) return both + "lies inside " + inputText + " (an output never writes into an input)";
  }
  return {};
}

}  // namespace dcconf::cli
