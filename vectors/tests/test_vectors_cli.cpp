// dcconf vectors end to end: export (refusal, --force, determinism), check, verify with a corrupted byte, lint,
// and the exit statuses of docs/exit-status.md.
#include <gtest/gtest.h>

#include "run_dcconf.hpp"

namespace dcconf::cli::testing {
namespace {

std::string q(const fs::path& path) { return "'" + path.string() + "'"; }

TEST(VectorsCli, ExportRefusesNonEmptyWithoutForceAndIsDeterministic) {
  const fs::path dir = scratchDir();
  const fs::path a = dir / "a", b = dir / "b";
  ASSERT_EQ(runDcconf("vectors export --out " + q(a) + " --dtypes half --count 1 --seed 3", dir).status, 0);
  const RunResult again = runDcconf("vectors export --out " + q(a) + " --dtypes half --count 1 --seed 3", dir);
  EXPECT_EQ(again.status, 5);
  EXPECT_NE(again.stderrText.find("dcconf: error:"), std::string::npos);
  // issue 28: the refusal never suggests the --force that it would refuse too
  EXPECT_EQ(again.stderrText.find("use --force"), std::string::npos) << again.stderrText;
  EXPECT_NE(again.stderrText.find("not even with --force"), std::string::npos) << again.stderrText;
  // Issue 16: --force never replaces a vector set (a golden set is someone's data); only an empty folder.
  EXPECT_EQ(runDcconf("vectors export --out " + q(a) + " --force --dtypes half --count 1 --seed 3", dir).status, 5);
  EXPECT_TRUE(fs::exists(a / "manifest.json"));
  fs::remove_all(a);
  fs::create_directories(a);
  EXPECT_EQ(runDcconf("vectors export --out " + q(a) + " --force --dtypes half --count 1 --seed 3", dir).status, 0);
  ASSERT_EQ(runDcconf("vectors export --out " + q(b) + " --dtypes half --count 1 --seed 3", dir).status, 0);
  EXPECT_EQ(std::system(("diff -r " + q(a) + " " + q(b) + " > /dev/null").c_str()), 0);
  // no staging directory left behind next to the set
  for (const auto& entry : fs::directory_iterator(dir)) EXPECT_NE(entry.path().filename().string().front(), '.');
  EXPECT_EQ(runDcconf("vectors export --out " + q(dir / "c") + " --product no-such", dir).status, 2);
  EXPECT_FALSE(fs::exists(dir / "c"));
}

TEST(VectorsCli, CheckVerifyLintRoundTrip) {
  const fs::path dir = scratchDir();
  const fs::path set = dir / "set", outputs = dir / "outputs", report = dir / "report";
  ASSERT_EQ(runDcconf("vectors export --out " + q(set) + " --count 1 --seed 5", dir).status, 0);
  EXPECT_EQ(runDcconf("vectors lint " + q(set), dir).status, 0);
  const RunResult check =
      runDcconf("vectors check " + q(set) + " --backend fast --save-outputs " + q(outputs) + " --out " + q(report), dir);
  ASSERT_EQ(check.status, 0) << check.stderrText;
  EXPECT_TRUE(fs::exists(report / "report.json"));
  EXPECT_TRUE(fs::exists(report / "junit.xml"));
  EXPECT_EQ(std::system(("'" DCCONF_SOURCE_DIR "/scripts/validate_report.sh' " + q(report) + " > /dev/null 2>&1").c_str()),
            0);
  EXPECT_EQ(runDcconf("vectors verify " + q(set) + " --outputs " + q(outputs), dir).status, 0);

  // one corrupted cared byte: FAIL naming the tcId, the byte and the clause
  const std::string tcId = "datacopypad_gm2vecin_half-0001";
  auto bytes = readBytes(outputs / (tcId + ".bin"));
  const auto care = readBytes(set / "data" / (tcId + ".care.bin"));
  std::size_t byte = 0;
  while (care[byte] == 0) ++byte;
  bytes[byte] ^= 0xFF;
  std::ofstream(outputs / (tcId + ".bin"), std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                                                   static_cast<std::streamsize>(bytes.size()));
  const fs::path failed = dir / "failed";
  EXPECT_EQ(runDcconf("vectors verify " + q(set) + " --outputs " + q(outputs) + " --out " + q(failed), dir).status, 1);
  const auto json = nlohmann::json::parse(readText(failed / "report.json"));
  ASSERT_EQ(json["failures"].size(), 1u);
  const auto& failure = json["failures"][0];
  EXPECT_EQ(failure["id"], tcId);
  EXPECT_NE(failure["message"].get<std::string>().find("first at byte " + std::to_string(byte)), std::string::npos);
  EXPECT_NE(failure["message"].get<std::string>().find(failure["clause"].get<std::string>()), std::string::npos);
  EXPECT_FALSE(failure["clause"].get<std::string>().empty());

  // a corrupted tensor: lint and check refuse with status 4, naming the file
  auto src = readBytes(set / "data" / (tcId + ".src.bin"));
  src[0] ^= 1;
  std::ofstream(set / "data" / (tcId + ".src.bin"), std::ios::binary)
      .write(reinterpret_cast<const char*>(src.data()), static_cast<std::streamsize>(src.size()));
  const RunResult lint = runDcconf("vectors lint " + q(set), dir);
  EXPECT_EQ(lint.status, 4);
  EXPECT_NE(lint.stderrText.find("data/" + tcId + ".src.bin: sha256"), std::string::npos) << lint.stderrText;
  EXPECT_EQ(runDcconf("vectors check " + q(set), dir).status, 4);
}

TEST(VectorsCli, UnavailableBackendAndNotASet) {
  const fs::path dir = scratchDir();
  ASSERT_EQ(runDcconf("vectors export --out " + q(dir / "set") + " --dtypes half --count 0", dir).status, 0);
  EXPECT_EQ(runDcconf("vectors check " + q(dir / "set") + " --backend plugin:/no/such.so", dir).status, 7);
  const RunResult notASet = runDcconf("vectors lint '" DCCONF_EXAMPLES_DIR "'", dir);
  EXPECT_EQ(notASet.status, 4);
  EXPECT_NE(notASet.stderrText.find("manifest.json"), std::string::npos);
}

}  // namespace
}  // namespace dcconf::cli::testing
