// What a new user meets in the first hour: repros that work when pasted, the verdict as the last line, progress in
// a CI log, and the small slips of the help texts and messages.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <sstream>

#include "run_dcconf.hpp"

namespace dcconf::cli::testing {
namespace {


// dcconf run in `dir` (its default output folder lands there), stdout and stderr captured in `dir`.
RunResult runIn(const fs::path& dir, const std::string& args) {
  return runDcconf("cd " + q(dir) + " && '" + DCCONF_EXE + "' " + args, dir, /*prefixExe=*/false);
}

std::vector<std::string> linesStartingWith(const std::string& text, const std::string& prefix) {
  std::vector<std::string> found;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(prefix, 0) == 0) found.push_back(line.substr(prefix.size()));
  }
  return found;
}

const std::string kBrokenRun = "run --seed 11 --cases 15 --path 'GM->*' --dtype half --backend plugin:" +
                               std::string(DCCONF_BROKEN_PLUGIN);

TEST(FirstHour, AFailingRunWithoutOutKeepsItsCasesWhereThePastedReproFindsThem) {
  const fs::path dir = scratchDir();
  const RunResult r = runIn(dir, kBrokenRun);
  ASSERT_EQ(r.status, 1) << r.stderrText;
  EXPECT_NE(r.stdoutText.find("failing cases kept in dcconf-failures/ (no --out given"), std::string::npos)
      << r.stdoutText;
  EXPECT_TRUE(fs::exists(dir / "dcconf-failures" / "report.json"));
  const std::vector<std::string> repros = linesStartingWith(r.stdoutText, "  repro: ");
  ASSERT_FALSE(repros.empty()) << r.stdoutText;
  for (const std::string& repro : repros) {
    EXPECT_EQ(repro.rfind(std::string(DCCONF_EXE) + " run --backend", 0), 0u) << repro;
    // pasted as printed, in the folder of the run: the case is found and fails again (1), never unreadable (4)
    const fs::path pasted = dir / "pasted";
    fs::create_directories(pasted);
    EXPECT_EQ(runDcconf("cd " + q(dir) + " && " + repro, pasted, /*prefixExe=*/false).status, 1) << repro;
  }
  // the next failing run replaces the folder; a passing run leaves it as it is
  EXPECT_EQ(runIn(dir, kBrokenRun).status, 1);
  const fs::path passing = dir / "passing";
  fs::create_directories(passing);
  ASSERT_EQ(runIn(passing, "run --seed 2 --cases 5 --quiet --path 'GM->*' --dtype half").status, 0);
  EXPECT_FALSE(fs::exists(passing / "dcconf-failures"));
  EXPECT_EQ(std::distance(fs::directory_iterator(passing), fs::directory_iterator()), 2) << "stdout.txt, stderr.txt";
}

TEST(FirstHour, AForeignDefaultFolderIsLeftAloneAndTheCasesGoUnderTmpdir) {
  const fs::path dir = scratchDir();
  fs::create_directories(dir / "dcconf-failures");
  std::ofstream(dir / "dcconf-failures" / "mine.txt") << "mine\n";
  const fs::path tmp = dir / "tmp";
  fs::create_directories(tmp);
  const RunResult r = runDcconf("cd " + q(dir) + " && TMPDIR=" + q(tmp) + " '" + DCCONF_EXE + "' " + kBrokenRun, dir,
                                /*prefixExe=*/false);
  ASSERT_EQ(r.status, 1) << r.stderrText;
  EXPECT_EQ(readText(dir / "dcconf-failures" / "mine.txt"), "mine\n");
  const std::vector<std::string> kept = linesStartingWith(r.stdoutText, "failing cases kept in " + tmp.string());
  ASSERT_EQ(kept.size(), 1u) << r.stdoutText;
  const std::vector<std::string> repros = linesStartingWith(r.stdoutText, "  repro: ");
  ASSERT_FALSE(repros.empty());
  EXPECT_NE(repros.front().find("--replay " + tmp.string() + "/dcconf-failures."), std::string::npos) << repros.front();
}

std::string lastLine(const std::string& text) {
  const std::size_t end = text.find_last_not_of('\n');
  if (end == std::string::npos) return "";
  const std::size_t begin = text.rfind('\n', end);
  return text.substr(begin == std::string::npos ? 0 : begin + 1, end - (begin == std::string::npos ? 0 : begin + 1) + 1);
}

std::size_t lineCount(const std::string& text, const std::string& prefix) {
  return linesStartingWith(text, prefix).size();
}

// The indented lines right after the line that starts with header.
std::vector<std::string> blockLines(const std::string& text, const std::string& header) {
  std::vector<std::string> block;
  std::istringstream lines(text);
  bool inside = false;
  for (std::string line; std::getline(lines, line);) {
    if (inside && line.rfind("  ", 0) != 0) break;
    if (inside) block.push_back(line);
    inside = inside || line.rfind(header, 0) == 0;
  }
  return block;
}

const std::regex kTotals(R"(^[0-9]+ cases: [0-9]+ passed, [0-9]+ failed .* in [0-9.]+ s$)");

// The last line of every run is its verdict, the totals; the unspecified bytes and readings (G-6) above it, short
// unless -v.
TEST(FirstHour, TheLastLineOfARunIsItsVerdictAndTheDetailAboveItIsShort) {
  const fs::path dir = scratchDir();
  for (const std::string& args : {std::string("run --seed 3 --cases 30 --path 'GM->*' --dtype half"),
                                  std::string("run --seed 3 --cases 10 --product atlas-a2 --dtype int8_t"), kBrokenRun,
                                  std::string("run --seed 3 --cases 10 --path 'GM->*' --dtype half --coverage")}) {
    const RunResult r = runIn(dir, args);
    EXPECT_TRUE(std::regex_match(lastLine(r.stdoutText), kTotals)) << args << ":\n" << r.stdoutText;
    EXPECT_LT(r.stdoutText.rfind("unspecified: "), r.stdoutText.rfind(" cases: ")) << args;
  }
  const RunResult fixpipe = runIn(dir, "run --seed 3 --cases 10 --product atlas-a2 --dtype int8_t");
  ASSERT_EQ(fixpipe.status, 0) << fixpipe.stderrText;
  ASSERT_NE(fixpipe.stdoutText.find("readings (G-6): "), std::string::npos) << fixpipe.stdoutText;
  EXPECT_EQ(lineCount(fixpipe.stdoutText, "  AMB-"), 0u) << "no INCONSISTENT one: no line per ambiguity";
  const std::vector<std::string> reasons = blockLines(fixpipe.stdoutText, "unspecified: ");
  ASSERT_FALSE(reasons.empty()) << fixpipe.stdoutText;
  EXPECT_LE(reasons.size(), 4u) << "three reasons and a line saying how many more:\n" << fixpipe.stdoutText;
  const RunResult verbose = runIn(dir, "run --seed 3 --cases 10 --product atlas-a2 --dtype int8_t -v");
  ASSERT_EQ(verbose.status, 0);
  EXPECT_EQ(lineCount(verbose.stdoutText, "  AMB-"), 13u) << verbose.stdoutText;  // every open alternatives id
  EXPECT_TRUE(std::regex_match(lastLine(verbose.stdoutText), kTotals));
}

// Off a terminal (a CI log), progress comes as whole lines at a bounded rate: DCCONF_PROGRESS_EVERY seconds (30 by
// default, so a short run stays silent); bench writes a line per row.
TEST(FirstHour, OffATerminalProgressComesAsLinesAtABoundedRate) {
  const fs::path dir = scratchDir();
  const std::string run = "run --seed 2 --cases 5 --path 'GM->*' --dtype half";
  const RunResult often =
      runDcconf("cd " + q(dir) + " && DCCONF_PROGRESS_EVERY=0 '" + DCCONF_EXE + "' " + run, dir, /*prefixExe=*/false);
  ASSERT_EQ(often.status, 0) << often.stderrText;
  EXPECT_EQ(often.stderrText.find('\r'), std::string::npos) << "no bar redrawn in a log";
  const std::vector<std::string> lines = linesStartingWith(often.stderrText, "dcconf run fast: ");
  ASSERT_GE(lines.size(), 2u) << often.stderrText;
  EXPECT_NE(lines.front().find(" units, "), std::string::npos) << lines.front();
  EXPECT_TRUE(std::regex_search(lines.back(), std::regex("^([0-9]+)/\\1 units, "))) << lines.back();
  const RunResult quiet = runIn(dir, run);
  EXPECT_EQ(quiet.stderrText, "") << "a run shorter than 30 s prints no progress line";
  const RunResult bench = runIn(dir, "bench --sizes 4K --filter '^nd2nz/' --repetitions 1 --min-time 0.001");
  ASSERT_EQ(bench.status, 0) << bench.stderrText;
  EXPECT_EQ(lineCount(bench.stderrText, "bench: "), 3u) << bench.stderrText;
}

// The small slips a new user met.
TEST(FirstHour, SmallSlips) {
  const fs::path dir = scratchDir();
  // vectors export --help says what --force does: a set is never replaced
  const RunResult help = runDcconf("vectors export --help", dir);
  EXPECT_EQ(help.stdoutText.find("replace a non-empty --out"), std::string::npos) << help.stdoutText;
  EXPECT_NE(help.stdoutText.find("a set is never replaced"), std::string::npos) << help.stdoutText;
  // run --help has the whole --limits text
  const RunResult runHelp = runDcconf("run --help", dir);
  EXPECT_NE(runHelp.stdoutText.find("applied together with the limits the backend declares itself"), std::string::npos)
      << runHelp.stdoutText;
  // a --profile typo gets a "did you mean", in run, case and vectors export
  for (const std::string& args : {std::string("run --cases 1 --profile hw-nop"),
                                  "case '" + std::string(DCCONF_EXAMPLES_DIR) + "/nd2nz-4x4-half.json' --out x --profile doc-dumy",
                                  std::string("vectors export --out set --profile hw-nop")}) {
    const RunResult r = runDcconf(args, dir);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_NE(r.stderrText.find("(did you mean '"), std::string::npos) << args << ": " << r.stderrText;
    EXPECT_EQ(std::count(r.stderrText.begin(), r.stderrText.end(), '\n'), 1) << r.stderrText;
  }
  // verify --outputs nosuch: said before the set is read (here the set does not even exist)
  const RunResult verify = runDcconf("vectors verify " + q(dir / "no-set") + " --outputs " + q(dir / "nosuch"), dir);
  EXPECT_EQ(verify.status, 7) << verify.stderrText;
  EXPECT_NE(verify.stderrText.find("--outputs: " + (dir / "nosuch").string() + " does not exist"), std::string::npos)
      << verify.stderrText;
  // dcconf list names loop mode and the 950 Fixpipe's layouts
  const RunResult list = runDcconf("list --product ascend950", dir);
  EXPECT_NE(list.stdoutText.find("loop mode"), std::string::npos) << list.stdoutText;
  EXPECT_NE(list.stdoutText.find("layouts: NZ,ROW_MAJOR,COLUMN_MAJOR"), std::string::npos) << list.stdoutText;
  const auto json = nlohmann::json::parse(runDcconf("list --product ascend950 --json", dir).stdoutText);
  bool loop = false, layouts = false;
  for (const auto& op : json["products"][0]["operations"]) {
    loop = loop || op.value("loopMode", false);
    layouts = layouts || op.contains("layouts");
  }
  EXPECT_TRUE(loop && layouts);
  EXPECT_EQ(runDcconf("list --product atlas-a2", dir).stdoutText.find("loop mode"), std::string::npos);
}

// The example exec backend accepts invalid cases; the terminal names the units where it did.
TEST(FirstHour, TheTerminalNamesTheUnitsThatAcceptedInvalidCases) {
  const fs::path dir = scratchDir();
  const std::string backend =
      "exec:/usr/bin/python3 " + std::string(DCCONF_SOURCE_DIR) + "/runners/exec/examples/example_exec_backend.py";
  const RunResult r = runIn(dir, "run --seed 5 --cases 10 --path 'GM->*' --dtype half --backend '" + backend + "'");
  ASSERT_NE(r.stdoutText.find("invalid accepted (G-4): "), std::string::npos) << r.stdoutText;
  const std::vector<std::string> units = linesStartingWith(
      r.stdoutText.substr(r.stdoutText.find("invalid accepted (G-4): ")), "      ");
  ASSERT_FALSE(units.empty()) << r.stdoutText;
  EXPECT_NE(units.front().find(" half "), std::string::npos) << units.front();
  EXPECT_TRUE(std::regex_match(lastLine(r.stdoutText), kTotals));
}

// vectors export says the set's size before writing it, and --max-bytes refuses a bigger set, writing nothing.
TEST(FirstHour, VectorsExportSaysItsSizeAndHonoursMaxBytes) {
  const fs::path dir = scratchDir();
  const std::string exportSet = "vectors export --paths 'GM->VECIN' --dtypes half --count 2 --seed 1 --out ";
  const RunResult capped = runDcconf(exportSet + q(dir / "capped") + " --max-bytes 1K", dir);
  EXPECT_EQ(capped.status, 2) << capped.stderrText;
  EXPECT_NE(capped.stderrText.find("--max-bytes: the set would be "), std::string::npos) << capped.stderrText;
  EXPECT_TRUE(!fs::exists(dir / "capped") || fs::is_empty(dir / "capped"));
  EXPECT_EQ(runDcconf(exportSet + q(dir / "x") + " --max-bytes 12Q", dir).status, 2);
  const RunResult written = runDcconf(exportSet + q(dir / "set") + " --max-bytes 64M", dir);
  ASSERT_EQ(written.status, 0) << written.stderrText;
  EXPECT_TRUE(std::regex_search(written.stdoutText, std::regex("^writing [0-9]+ vectors, [0-9.]+ KiB in [0-9]+ files to ")))
      << written.stdoutText;
}

}  // namespace
}  // namespace dcconf::cli::testing
