// --baseline FILE / --strict-baseline, read the same way by run, vectors check / verify and report merge.
#pragma once

#include <optional>
#include <string>

#include "dcconf/report/baseline.hpp"
#include "diagnostics.hpp"

namespace dcconf::cli {

// Loads the baseline when a path is given; returns an error line (exit 2) or "".
inline std::string loadBaselineOption(const std::string& path, bool strict, std::optional<report::Baseline>& out) {
  if (path.empty()) return strict ? "--strict-baseline needs --baseline FILE" : "";
  report::BaselineLoad loaded = report::loadBaseline(path);
  if (!loaded.baseline) return "--baseline: " + loaded.error;
  out = std::move(loaded.baseline);
  return "";
}

}  // namespace dcconf::cli
