// dcconf case: exit statuses, the one-line error rule and atomic, refusing output directories.
#include "run_dcconf.hpp"

namespace dcconf::cli::testing {
namespace {

TEST(Cli, VersionPrintsAndExitsZero) {
  const fs::path dir = scratchDir();
  EXPECT_EQ(runDcconf("--version", dir).status, 0);
}

TEST(Cli, UsageErrorsExitTwoWithOneLine) {
  const fs::path dir = scratchDir();
  for (const std::string args : {"", "case", "case x.json", "case x.json --out o --bogus", "frobnicate"}) {
    SCOPED_TRACE(args);
    const RunResult run = runDcconf(args, dir);
    EXPECT_EQ(run.status, 2);
    EXPECT_EQ(lineCount(run.stderrText), 1) << run.stderrText;
    EXPECT_EQ(run.stderrText.rfind("dcconf: error: ", 0), 0u) << run.stderrText;
  }
}

TEST(Cli, UnknownProfileIsAUsageError) {
  const fs::path dir = scratchDir();
  const RunResult run = runDcconf("case " + example("pad-ub2gm-47B.json") + " --out " + (dir / "o").string() +
                                " --profile hw-nop", dir);
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.stderrText.find("hw-nop"), std::string::npos);
}

TEST(Cli, MalformedCaseExitsFourWithOneLine) {
  const fs::path dir = scratchDir();
  std::ofstream(dir / "bad.json") << "{\n  \"schema\": \"dcconf.case/1\",\n  oops\n}\n";
  const RunResult run = runDcconf("case " + (dir / "bad.json").string() + " --out " + (dir / "o").string(), dir);
  EXPECT_EQ(run.status, 4);
  EXPECT_EQ(lineCount(run.stderrText), 1) << run.stderrText;
  EXPECT_NE(run.stderrText.find("malformed JSON at line 3"), std::string::npos) << run.stderrText;
  EXPECT_FALSE(fs::exists(dir / "o"));
}

TEST(Cli, WidthOverflowNamesFieldAndWidth) {
  const fs::path dir = scratchDir();
  nlohmann::json j = nlohmann::json::parse(readText(example("pad-ub2gm-47B.json")));
  j["params"]["blockCount"] = 70000;
  std::ofstream(dir / "case.json") << j.dump();
  const RunResult run = runDcconf("case " + (dir / "case.json").string() + " --out " + (dir / "o").string(), dir);
  EXPECT_EQ(run.status, 4);
  EXPECT_EQ(run.stderrText,
            "dcconf: error: " + (dir / "case.json").string() + ": params.blockCount = 70000: does not fit uint16_t\n");
}

TEST(Cli, UndocumentedCallExitsFour) {
  const fs::path dir = scratchDir();
  nlohmann::json j = nlohmann::json::parse(readText(example("pad-ub2gm-47B.json")));
  j["path"] = "GM->A1";  // DataCopyPad has no GM->A1 path: resolution fails (CASE)
  std::ofstream(dir / "case.json") << j.dump();
  const RunResult run = runDcconf("case " + (dir / "case.json").string() + " --out " + (dir / "o").string(), dir);
  EXPECT_EQ(run.status, 4);
  EXPECT_EQ(lineCount(run.stderrText), 1);
  EXPECT_NE(run.stderrText.find("CASE"), std::string::npos) << run.stderrText;
}

TEST(Cli, BufferCapIsEnforced) {
  const fs::path dir = scratchDir();
  const RunResult run = runDcconf("case " + example("nz2nd-32x32-half.json") + " --out " + (dir / "o").string() +
                                " --max-buffer-bytes 1024", dir);
  EXPECT_EQ(run.status, 4);
  EXPECT_NE(run.stderrText.find("src.size = 2048: over the buffer limit of 1024 bytes"), std::string::npos)
      << run.stderrText;
}

TEST(Cli, InvalidCaseExitsThreeNamingTheClause) {
  const fs::path dir = scratchDir();
  const RunResult run = runDcconf("case " + example("invalid-pad-blockcount0.json") + " --out " + (dir / "o").string(), dir);
  EXPECT_EQ(run.status, 3);
  EXPECT_EQ(lineCount(run.stderrText), 1) << run.stderrText;
  EXPECT_NE(run.stderrText.find("PAD-G2U-1: params.blockCount = 0"), std::string::npos) << run.stderrText;
  const nlohmann::json result = nlohmann::json::parse(readText(dir / "o" / "result.json"));
  EXPECT_EQ(result["valid"], false);
  EXPECT_EQ(result["verdict"], "invalid");
  EXPECT_EQ(result["violations"][0]["clause"], "PAD-G2U-1");
  EXPECT_FALSE(fs::exists(dir / "o" / "expected.bin"));
  EXPECT_FALSE(fs::exists(dir / "o" / "care.bin"));
}

TEST(Cli, ProfileOptionOverridesTheCase) {
  // AMB-1: under hw-noop a zero blockCount is a no-op, so every byte keeps the fill.
  const fs::path dir = scratchDir();
  const RunResult run = runDcconf("case " + example("invalid-pad-blockcount0.json") + " --out " + (dir / "o").string() +
                                " --profile hw-noop", dir);
  ASSERT_EQ(run.status, 0) << run.stderrText;
  EXPECT_EQ(readBytes(dir / "o" / "expected.bin"), std::vector<std::uint8_t>(64, 0xA5));
  EXPECT_EQ(nlohmann::json::parse(readText(dir / "o" / "result.json"))["profile"], "hw-noop");
}

// G-6 (issue 27): a case with an open alternatives ambiguity gets one expected/care pair per whole reading, named by
// its profile words. REQ8 with offset field 0x1FE: -2 read signed, 510 unsigned (AMB-8); element (0,0) = -150 at
// scale 0.5 is -75: -77 = 0xb3 signed, 435 saturated to 127 = 0x7f unsigned. expected.bin leaves it ANY.
TEST(Cli, CaseWritesOneExpectedFilePerWholeReading) {
  const fs::path dir = scratchDir();
  nlohmann::json j = nlohmann::json::parse(readText(example("fixpipe-req8-int32-int8.json")));
  j["fixpipe"]["quantScalar"] = "0x7fc03f000000";  // 0x40003f000000 | 0x1fe << 37
  std::ofstream(dir / "case.json") << j.dump();
  const RunResult run = runDcconf("case " + (dir / "case.json").string() + " --out " + (dir / "o").string(), dir);
  ASSERT_EQ(run.status, 0) << run.stderrText;
  EXPECT_NE(run.stdoutText.find("whole reading offset-signed: expected.offset-signed.bin"), std::string::npos)
      << run.stdoutText;
  EXPECT_EQ(readBytes(dir / "o" / "care.bin").at(0), 0);
  const auto signedBytes = readBytes(dir / "o" / "expected.offset-signed.bin");
  const auto unsignedBytes = readBytes(dir / "o" / "expected.offset-unsigned.bin");
  ASSERT_EQ(signedBytes.size(), 1056u);
  EXPECT_EQ(signedBytes[0], 0xb3);
  EXPECT_EQ(unsignedBytes[0], 0x7f);
  EXPECT_EQ(readBytes(dir / "o" / "care.offset-signed.bin").at(0), 1);
  EXPECT_EQ(signedBytes[1055], 0xee);  // past the footprint: the fill, under every reading
  EXPECT_EQ(unsignedBytes[1055], 0xee);
}

TEST(Cli, NotSupportedExitsSix) {
  const fs::path dir = scratchDir();
  const RunResult run =
      runDcconf("case " + example("notsupported-kirin-datacopy.json") + " --out " + (dir / "o").string(), dir);
  EXPECT_EQ(run.status, 6);
  EXPECT_NE(run.stderrText.find("PROD"), std::string::npos) << run.stderrText;
  EXPECT_EQ(nlohmann::json::parse(readText(dir / "o" / "result.json"))["verdict"], "not-supported");
  EXPECT_FALSE(fs::exists(dir / "o" / "expected.bin"));
}

TEST(Cli, NonEmptyOutputIsRefusedWithoutForceAndReplacedWithIt) {
  const fs::path dir = scratchDir();
  fs::create_directories(dir / "o");
  std::ofstream(dir / "o" / "precious.txt") << "old";
  const std::string args = "case " + example("pad-ub2gm-47B.json") + " --out " + (dir / "o").string();
  const RunResult refused = runDcconf(args, dir);
  EXPECT_EQ(refused.status, 5);
  EXPECT_EQ(lineCount(refused.stderrText), 1);
  EXPECT_EQ(readText(dir / "o" / "precious.txt"), "old");
  EXPECT_FALSE(fs::exists(dir / "o" / "result.json"));

  // Issue 16: --force never replaces a folder dcconf did not write; it does replace one it wrote.
  EXPECT_EQ(runDcconf(args + " --force", dir).status, 5);
  EXPECT_EQ(readText(dir / "o" / "precious.txt"), "old");
  fs::remove_all(dir / "o");
  ASSERT_EQ(runDcconf(args, dir).status, 0);
  EXPECT_EQ(runDcconf(args + " --force", dir).status, 0);  // only dcconf's own files: replaced
  EXPECT_TRUE(fs::exists(dir / "o" / "result.json"));
  // Issue 30: a file the user added inside dcconf's output is not dcconf's to delete: --force refuses, naming it.
  std::ofstream(dir / "o" / "stale.txt") << "from an earlier run";
  const RunResult foreign = runDcconf(args + " --force", dir);
  EXPECT_EQ(foreign.status, 5);
  EXPECT_NE(foreign.stderrText.find("stale.txt was not written by dcconf"), std::string::npos) << foreign.stderrText;
  EXPECT_EQ(readText(dir / "o" / "stale.txt"), "from an earlier run");
  // Nothing staged is left next to the output.
  int entries = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    entries += entry.path().filename() != "stderr.txt" && entry.path().filename() != "stdout.txt";
  }
  EXPECT_EQ(entries, 1);
}

TEST(Cli, EmptyExistingOutputIsUsed) {
  const fs::path dir = scratchDir();
  fs::create_directories(dir / "o");
  EXPECT_EQ(runDcconf("case " + example("pad-ub2gm-47B.json") + " --out " + (dir / "o").string(), dir).status, 0);
  EXPECT_TRUE(fs::exists(dir / "o" / "expected.bin"));
}

TEST(Cli, UnwritableOutputExitsFive) {
  const fs::path dir = scratchDir();
  std::ofstream(dir / "file") << "x";
  const RunResult run = runDcconf("case " + example("pad-ub2gm-47B.json") + " --out " + (dir / "file" / "o").string(), dir);
  EXPECT_EQ(run.status, 5);
  EXPECT_EQ(lineCount(run.stderrText), 1) << run.stderrText;
}

}  // namespace
}  // namespace dcconf::cli::testing
