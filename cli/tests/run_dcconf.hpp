// Runs the built dcconf binary (DCCONF_EXE) and reads what it wrote. Header-only: shared by the two test files.
#pragma once

#include <sys/wait.h>

#include <cstdint>
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

// A directory of this test's own, empty at the start. It lives in the build tree, not in /tmp: two build trees
// testing at once (worktrees, CI jobs on one machine) would otherwise empty each other's folders mid-test.
inline fs::path scratchDir() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const fs::path dir = fs::path(DCCONF_EXE).parent_path() / "test-scratch" / "dcconf-cli-tests" /
                       (std::string(info->test_suite_name()) + "." + info->name());
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
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
