// Where the report tests write their sample outputs: $DCCONF_REPORT_SAMPLE_DIR when the schema test sets it (a
// temporary folder of its own), else a fresh private folder (the caller removes it). Never a fixed path, so two
// ctest runs in one build folder do not collide.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace dcconf::report {

inline std::filesystem::path sampleDir(const std::string& name) {
  if (const char* dir = std::getenv("DCCONF_REPORT_SAMPLE_DIR")) return dir;
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("dcconf-report-sample-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace dcconf::report
