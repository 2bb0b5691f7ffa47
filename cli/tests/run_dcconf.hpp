// Runs the built dcconf binary (DCCONF_EXE) and reads what it wrote. Header-only: shared by the two test files.
#pragma once

#include <sys/wait.h>

#include <stdlib.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace dcconf::cli::testing {

namespace fs = std::filesystem;

struct RunResult {
  int status = -1;
  std::string stderrText;
  std::string stdoutText;
};

// A directory of this test's own, empty at the start: a fresh mkdtemp folder under $TMPDIR named after the test,
// never a fixed path (two ctest runs in one build folder, or two build trees, would otherwise empty each other's
// folders mid-test). Removed when the test process ends, unless a test failed (then its path is printed).
inline fs::path scratchDir() {
  struct Cleanup {
    std::vector<fs::path> dirs;
    ~Cleanup() {
      const auto* unit = ::testing::UnitTest::GetInstance();
      for (const fs::path& dir : dirs) {
        if (unit->Failed()) {
          std::fprintf(stderr, "scratch folder kept: %s\n", dir.c_str());
        } else {
          std::error_code ignored;
          fs::remove_all(dir, ignored);
        }
      }
    }
  };
  static Cleanup cleanup;
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string name = std::string(info->test_suite_name()) + "." + info->name();
  for (char& ch : name) ch = ch == '/' ? '_' : ch;  // parameterised tests: "Suite/Name/0"
  std::string pattern = (fs::temp_directory_path() / ("dcconf-cli-" + name + ".XXXXXX")).string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    ADD_FAILURE() << "mkdtemp " << pattern << " failed";
    return fs::temp_directory_path();
  }
  cleanup.dirs.emplace_back(pattern);
  return pattern;
}

inline std::string readText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline std::vector<std::uint8_t> readBytes(const fs::path& path) {
  const std::string text = readText(path);
  return {text.begin(), text.end()};
}

// A path quoted for the shell command line runDcconf builds.
inline std::string q(const fs::path& path) { return "'" + path.string() + "'"; }

// args are passed through the shell as written; stdout and stderr are captured into the scratch directory. With
// prefixExe false, args is the whole command line (to set environment variables in front of it).
inline RunResult runDcconf(const std::string& args, const fs::path& scratch, bool prefixExe = true) {
  const fs::path errPath = scratch / "stderr.txt";
  const fs::path outPath = scratch / "stdout.txt";
  const std::string command = (prefixExe ? std::string("'") + DCCONF_EXE + "' " : std::string()) + args + " > '" +
                              outPath.string() + "' 2> '" + errPath.string() + "'";
  const int raw = std::system(command.c_str());
  return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, readText(errPath), readText(outPath)};
}

inline std::string example(const std::string& name) { return std::string(DCCONF_EXAMPLES_DIR) + "/" + name; }

inline int lineCount(const std::string& text) {
  int lines = 0;
  for (const char ch : text) lines += ch == '\n';
  return lines;
}

}  // namespace dcconf::cli::testing
