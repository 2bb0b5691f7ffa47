// Issue 16: the JSON depth cap, clipped values in messages, and a write error that names its errno.
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "dcconf/casefile/casefile.hpp"
#include "dcconf/casefile/io.hpp"
#include "dcconf/casefile/json_guard.hpp"

namespace dcconf::casefile {
namespace {

namespace fs = std::filesystem;

TEST(JsonGuard, DepthAtTheCapPassesOneMoreFails) {
  const auto nest = [](std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); };
  EXPECT_EQ(jsonDepthError(nest(kMaxJsonDepth)), "");
  EXPECT_EQ(jsonDepthError(nest(kMaxJsonDepth + 1)), "nesting deeper than 64 levels at line 1, column 65");
  EXPECT_EQ(jsonDepthError("{\"a\":\n  [[\"[[[[\"]]}", 2), "nesting deeper than 2 levels at line 2, column 4");
  // Brackets inside strings, escaped quotes included, are not nesting.
  EXPECT_EQ(jsonDepthError("[\"\\\"[[[[[[\"]", 1), "");
}

TEST(JsonGuard, AHundredThousandLevelsIsOneLineNotACrash) {
  const std::string text = std::string(100000, '[') + std::string(100000, ']');
  const LoadResult result = parseCaseText(text, ".", "n.json");
  const auto* error = std::get_if<LoadError>(&result);
  ASSERT_NE(error, nullptr);
  EXPECT_EQ(error->oneLine(), "n.json: malformed JSON: nesting deeper than 64 levels at line 1, column 65");
}

TEST(JsonGuard, NumberOverflowNamesTheFile) {
  const LoadResult result = parseCaseText(R"({"schema": "dcconf.case/1", "params": {"blockLen": 1e400}})", ".", "big.json");
  const auto* error = std::get_if<LoadError>(&result);
  ASSERT_NE(error, nullptr);
  EXPECT_EQ(error->oneLine().rfind("big.json: malformed JSON: number overflow", 0), 0u) << error->oneLine();
}

TEST(JsonGuard, ClipKeepsAFewDozenCharacters) {
  EXPECT_EQ(clipForMessage("short"), "short");
  EXPECT_EQ(clipForMessage(std::string(1000, 'x'), 4), "xxxx...(1000 bytes)");
}

// "cannot write X" used to say nothing of why; a full disk must say "No space left on device". RLIMIT_FSIZE gives
// the same failure (EFBIG) without filling a disk.
TEST(WriteFileAtomic, AFailedWriteNamesItsErrno) {
  const fs::path dir = fs::temp_directory_path() / ("dcconf-guard-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  rlimit saved{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
  ::signal(SIGXFSZ, SIG_IGN);
  rlimit small = saved;
  small.rlim_cur = 16;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  const std::string error = writeFileAtomic(dir / "out.bin", std::string_view(std::string(4096, 'x')));
  ::setrlimit(RLIMIT_FSIZE, &saved);
  EXPECT_EQ(error.rfind("cannot write " + (dir / "out.bin").string() + ".tmp-", 0), 0u) << error;
  EXPECT_NE(error.find(": File too large"), std::string::npos) << error;
  EXPECT_FALSE(fs::exists(dir / "out.bin"));
  EXPECT_TRUE(fs::is_empty(dir)) << "the temporary file is removed";
  fs::remove_all(dir);
}

}  // namespace
}  // namespace dcconf::casefile
