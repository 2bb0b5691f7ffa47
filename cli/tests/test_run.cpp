// dcconf run end to end: the built-in, plugin and exec backends, a broken plugin's shrunk and replayable failure,
// crash and hang isolation, sharding, worker processes, reports that validate, and the exit statuses.
#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "dcconf/oracle/expectation.hpp"
#include "run_dcconf.hpp"

namespace dcconf::cli::testing {
namespace {

// Small budgets: these tests check the plumbing, the property suite itself has its own tests.
const std::string kFew = " --seed 11 --cases 15 --quiet";

nlohmann::json report(const fs::path& out) { return nlohmann::json::parse(readText(out / "report.json")); }

std::uint64_t total(const nlohmann::json& r, const char* status) { return r["totals"][status].get<std::uint64_t>(); }

std::uint64_t all(const nlohmann::json& r) {
  std::uint64_t sum = 0;
  for (const auto& [status, count] : r["totals"].items()) sum += count.get<std::uint64_t>();
  return sum;
}

void expectValidReports(const fs::path& out) {
  const std::string command = std::string("'") + DCCONF_SOURCE_DIR + "/scripts/validate_report.sh' '" + out.string() +
                              "' > /dev/null 2>&1";
  EXPECT_EQ(std::system(command.c_str()), 0) << "report.json or junit.xml in " << out << " do not match the schemas";
}

TEST(Run, FastBackendPassesAndWritesValidReports) {
  const fs::path dir = scratchDir();
  const RunResult r = runDcconf("run" + kFew + " --out '" + (dir / "out").string() + "'", dir);
  ASSERT_EQ(r.status, 0) << r.stderrText;
  const auto json = report(dir / "out");
  EXPECT_TRUE(json["passed"].get<bool>());
  EXPECT_EQ(json["meta"]["backend"], "fast");
  EXPECT_EQ(json["meta"]["seed"], 11);
  EXPECT_GT(total(json, "PASS"), 1000u);
  EXPECT_GT(total(json, "REJECTED"), 0u) << "the G-4 property must reach the backend";
  EXPECT_EQ(total(json, "FAIL"), 0u);
  // AMB-2 is unresolved under the default profile, so DataCopyPad dummy bytes go unchecked and the report says so.
  EXPECT_GT(json["unspecified"][std::string(oracle::whyUnspecified(oracle::Region::dummy))]["bytes"].get<std::uint64_t>(), 0u);
  expectValidReports(dir / "out");
}

TEST(Run, SummarySaysHowManyBytesWereLeftUnspecifiedAndWhy) {
  const fs::path dir = scratchDir();
  const RunResult r = runDcconf("run --seed 11 --cases 15 --path 'GM->VEC*'", dir);
  ASSERT_EQ(r.status, 0) << r.stderrText;
  EXPECT_NE(r.stdoutText.find("unspecified: "), std::string::npos) << r.stdoutText;
  EXPECT_NE(r.stdoutText.find(" cases  AMB-2: DataCopyPad dummy bytes"), std::string::npos) << r.stdoutText;
  EXPECT_NE(r.stdoutText.find(" cases  PAD-G2U-4: pad bytes with no padding value given"), std::string::npos) << r.stdoutText;
}

// FIX: one unit per destination type some QuantMode_t produces (FIX-4: none produces int16_t), each with the FIX
// properties as well as G-1..4.
TEST(Run, FixpipeUnitsCoverEveryConvertedDtype) {
  const fs::path dir = scratchDir();
  const RunResult r = runDcconf("run" + kFew + " --path 'CO1->*' --out '" + (dir / "out").string() + "'", dir);
  ASSERT_EQ(r.status, 0) << r.stderrText;
  const auto json = report(dir / "out");
  std::set<std::string> dtypes;
  bool fixProperty = false;
  for (const auto& group : json["groups"]) {
    EXPECT_NE(group["group"].get<std::string>().find("DataCopyCO12DstParams"), std::string::npos) << group["group"];
    dtypes.insert(group["dtype"].get<std::string>());
    fixProperty = fixProperty || group["properties"].contains("FIX-6 8-bit monotonic, saturating");
  }
  EXPECT_EQ(dtypes, (std::set<std::string>{"uint8_t", "int8_t", "half", "bfloat16_t", "float", "int32_t"}));
  EXPECT_TRUE(fixProperty);
  EXPECT_EQ(total(json, "FAIL"), 0u);
  EXPECT_GT(total(json, "REJECTED"), 0u) << "the FIX breakers must reach the backend";
}

TEST(Run, ExamplePluginPasses) {
  const fs::path dir = scratchDir();
  const RunResult r =
      runDcconf("run" + kFew + " --backend plugin:" + DCCONF_EXAMPLE_PLUGIN + " --out '" + (dir / "out").string() + "'", dir);
  ASSERT_EQ(r.status, 0) << r.stderrText;
  const auto json = report(dir / "out");
  EXPECT_GT(total(json, "PASS"), 100u);
  EXPECT_GT(total(json, "NOT_SUPPORTED"), 0u) << "the example implements only some paths";
  EXPECT_EQ(json["meta"]["backend"], "example");
  expectValidReports(dir / "out");
}

TEST(Run, ExampleExecScriptPasses) {
  const fs::path dir = scratchDir();
  const std::string backend =
      std::string("exec:python3 ") + DCCONF_SOURCE_DIR + "/runners/exec/examples/example_exec_backend.py";
  const RunResult r = runDcconf("run --seed 11 --cases 8 --quiet --path 'GM->*' --backend '" + backend + "' --out '" +
                                    (dir / "out").string() + "'",
                                dir);
  ASSERT_EQ(r.status, 0) << r.stderrText;
  const auto json = report(dir / "out");
  EXPECT_GT(total(json, "PASS"), 50u);
  expectValidReports(dir / "out");
}

// docs/exec-protocol.md: unknown reply keys are ignored. A reply (it has "status") carrying "validate" that is not
// true is a reply, not a validity question: a correct backend passes, and one wrong on the cases whose replies carry
// it fails there (it used to pass: the thrown JSON error vanished inside RapidCheck).
TEST(Run, ExecReplyWithAnUnknownValidateKeyIsReadAsAReply) {
  const fs::path dir = scratchDir();
  const std::string fixture = std::string("exec:python3 ") + DCCONF_SOURCE_DIR + "/runners/exec/tests/fixtures/faulty_backend.py ";
  const std::string args = "run --seed 11 --cases 8 --quiet --only 'padGmToUb/half/*' --backend '";
  const RunResult correct = runDcconf(args + fixture + "unknown_key' --out '" + (dir / "ok").string() + "'", dir);
  ASSERT_EQ(correct.status, 0) << correct.stdoutText << correct.stderrText;
  EXPECT_GT(total(report(dir / "ok"), "PASS"), 10u);
  EXPECT_EQ(total(report(dir / "ok"), "FAIL"), 0u);
  const RunResult wrong = runDcconf(args + fixture + "unknown_key_wrong' --out '" + (dir / "wrong").string() + "'", dir);
  EXPECT_EQ(wrong.status, 1) << wrong.stdoutText << wrong.stderrText;
  const auto json = report(dir / "wrong");
  EXPECT_GT(total(json, "FAIL"), 0u);
  ASSERT_FALSE(json["failures"].empty());
  EXPECT_NE(json["failures"][0]["message"].get<std::string>().find("PAD-G2U: IUT differs from the oracle"), std::string::npos)
      << json["failures"][0];
}

// Issue 50 item 4: a 1 KB saved sparse case whose footprint is dense (2 x 1 GiB) is refused before anything is
// allocated (it took 5.2 GB of RSS and passed): exit 4, one line naming the file, the windows' bytes and the cap.
// A sparse case of the same call with small blocks still runs.
TEST(Run, ReplayOfADenseSparseCaseIsRefusedWithinItsCap) {
  const fs::path dir = scratchDir();
  auto sparse = nlohmann::json::parse(readText(fs::path(DCCONF_SOURCE_DIR) / "docs/examples/pad-gm2ub-40B-rightpad.json"));
  sparse["params"]["blockCount"] = 512;
  sparse["params"]["blockLen"] = 2097120;  // PAD-G2U-1's largest whole-block length: 512 blocks are 1 GiB
  sparse["padParams"]["rightPadding"] = 0;
  sparse["src"] = {{"size", 512 * 2097120}, {"offset", 0}};
  sparse["dst"] = {{"size", 512 * 2097120}, {"offset", 0}};
  sparse["sparse"] = {{"seed", 7}};
  std::ofstream(dir / "dense.json") << sparse.dump();
  const RunResult refused = runDcconf("run --replay '" + (dir / "dense.json").string() + "'", dir);
  EXPECT_EQ(refused.status, 4) << refused.stdoutText << refused.stderrText;
  const std::string line = refused.stderrText.substr(0, refused.stderrText.find('\n'));
  EXPECT_NE(line.find((dir / "dense.json").string() + ": sparse windows"), std::string::npos) << refused.stderrText;
  EXPECT_NE(line.find("more than the 256 MiB"), std::string::npos) << refused.stderrText;
  sparse["params"]["blockCount"] = 2;
  sparse["params"]["blockLen"] = 64;
  std::ofstream(dir / "small.json") << sparse.dump();
  const RunResult small = runDcconf("run --replay '" + (dir / "small.json").string() + "'", dir);
  EXPECT_EQ(small.status, 0) << small.stdoutText << small.stderrText;
  EXPECT_NE(small.stdoutText.find("PASS  G-1 sparse buffers"), std::string::npos) << small.stdoutText;
}

// A replay that tests nothing is not a pass: a saved sparse case on a backend without the sparse capability exits 8
// (it exited 0); a backend that does not load exits 7 with the error on stderr (it exited 1, the error on stdout).
TEST(Run, ReplayThatTestsNothingOrCannotLoadItsBackendSaysSo) {
  const fs::path dir = scratchDir();
  auto sparse = nlohmann::json::parse(readText(fs::path(DCCONF_SOURCE_DIR) / "docs/examples/pad-gm2ub-40B-rightpad.json"));
  sparse["src"] = {{"size", 64}, {"offset", 0}};
  sparse["dst"] = {{"size", 96}, {"offset", 0}};
  sparse["sparse"] = {{"seed", 7}};
  std::ofstream(dir / "sparse.json") << sparse.dump();
  const std::string example =
      std::string("exec:python3 ") + DCCONF_SOURCE_DIR + "/runners/exec/examples/example_exec_backend.py";
  const RunResult replay = runDcconf("run --backend '" + example + "' --replay '" + (dir / "sparse.json").string() + "'", dir);
  EXPECT_EQ(replay.status, 8) << replay.stdoutText << replay.stderrText;
  EXPECT_NE(replay.stdoutText.find("NOT_SUPPORTED  G-1 sparse buffers"), std::string::npos) << replay.stdoutText;
  EXPECT_NE(replay.stderrText.find("dcconf: error: nothing was tested"), std::string::npos) << replay.stderrText;
  const RunResult noPlugin = runDcconf("run --backend plugin:/nonexistent.so --replay '" + std::string(DCCONF_SOURCE_DIR) +
                                           "/docs/examples/pad-gm2ub-40B-rightpad.json'",
                                       dir);
  EXPECT_EQ(noPlugin.status, 7) << noPlugin.stdoutText << noPlugin.stderrText;
  EXPECT_EQ(noPlugin.stdoutText, "");
  EXPECT_NE(noPlugin.stderrText.find("dcconf: error: plugin '/nonexistent.so': "), std::string::npos) << noPlugin.stderrText;
}

// Issue 28: an invalid case that the backend runs anyway, writing outside its valid part's footprint, is saved with
// that valid part (ID.valid.json), and its replay shows the stray write, not "generated case not computed" lines.
TEST(Run, InvalidCaseReplayShowsTheStrayWrite) {
  const fs::path dir = scratchDir();
  const fs::path out = dir / "out";
  const std::string backend = std::string("exec:python3 ") + DCCONF_SOURCE_DIR +
                              "/runners/exec/tests/fixtures/faulty_backend.py stray_invalid";
  const RunResult r = runDcconf("run --seed 3 --cases 30 --quiet --only 'padGmToUb/half/G-4*' --backend '" + backend +
                                    "' --out '" + out.string() + "'",
                                dir);
  ASSERT_EQ(r.status, 1) << r.stderrText;
  const auto json = report(out);
  ASSERT_EQ(json["failures"].size(), 1U);
  const auto& failure = json["failures"][0];
  EXPECT_NE(failure["message"].get<std::string>().find("outside the footprint"), std::string::npos) << failure;
  const fs::path saved = out / failure["caseFile"].get<std::string>();
  const fs::path valid = out / ("failures/" + failure["id"].get<std::string>() + ".valid.json");
  ASSERT_TRUE(fs::exists(saved));
  ASSERT_TRUE(fs::exists(valid)) << "the valid part is saved beside the invalid case";
  const RunResult replay = runDcconf("run --backend '" + backend + "' --replay '" + saved.string() + "'", dir);
  EXPECT_EQ(replay.status, 1) << replay.stdoutText;
  EXPECT_NE(replay.stdoutText.find("oracle verdict: invalid"), std::string::npos) << replay.stdoutText;
  EXPECT_NE(replay.stdoutText.find("FAIL  G-4 invalid cases"), std::string::npos) << replay.stdoutText;
  EXPECT_NE(replay.stdoutText.find("outside the footprint"), std::string::npos) << replay.stdoutText;
  EXPECT_EQ(replay.stdoutText.find("not computed"), std::string::npos) << replay.stdoutText;
  // the conforming example rejects the same case: the replay passes and says so
  const std::string example =
      std::string("exec:python3 ") + DCCONF_SOURCE_DIR + "/runners/exec/examples/example_exec_backend.py";
  const RunResult fixed = runDcconf("run --backend '" + example + "' --replay '" + saved.string() + "'", dir);
  EXPECT_EQ(fixed.status, 0) << fixed.stdoutText;
  EXPECT_NE(fixed.stdoutText.find("REJECTED  G-4 invalid cases"), std::string::npos) << fixed.stdoutText;
  // without the valid part the replay still runs the case and lists what it wrote, judging nothing it cannot
  fs::remove(valid);
  const RunResult bare = runDcconf("run --backend '" + backend + "' --replay '" + saved.string() + "'", dir);
  EXPECT_NE(bare.stdoutText.find("ACCEPTED_INVALID"), std::string::npos) << bare.stdoutText;
  EXPECT_EQ(bare.stdoutText.find("not computed"), std::string::npos) << bare.stdoutText;
}

// Issue 28: the shipped exec example rejects the FIX-3 channelSplit case it used to run (int32_t destination),
// the reproduction the issue gives.
TEST(Run, ExampleExecRejectsInvalidChannelSplit) {
  const fs::path dir = scratchDir();
  const std::string backend =
      std::string("exec:python3 ") + DCCONF_SOURCE_DIR + "/runners/exec/examples/example_exec_backend.py";
  const RunResult r = runDcconf("run --seed 3 --quiet --only 'fixpipe/*/G-4*' --backend '" + backend + "'", dir);
  EXPECT_EQ(r.status, 0) << r.stdoutText << r.stderrText;
}

TEST(Run, BrokenPluginFailsWithAShrunkReplayableCase) {
  const fs::path dir = scratchDir();
  const fs::path out = dir / "out";
  const RunResult r = runDcconf("run" + kFew + " --path 'GM->*' --dtype half --backend plugin:" +
                                    DCCONF_BROKEN_PLUGIN + " --out '" + out.string() + "'",
                                dir);
  ASSERT_EQ(r.status, 1) << "a failing backend must fail the run";
  const auto json = report(out);
  ASSERT_FALSE(json["failures"].empty());
  const auto& failure = json["failures"][0];
  EXPECT_EQ(failure["status"], "FAIL");
  EXPECT_EQ(failure["clause"], "PAD-G2U-3") << "the fixture drops the last block's data";
  EXPECT_NE(failure["repro"].get<std::string>().find("--replay"), std::string::npos);
  const fs::path saved = out / failure["caseFile"].get<std::string>();
  ASSERT_TRUE(fs::exists(saved));
  // shrunk: the fewest blocks that show a dropped last block
  const auto savedCase = nlohmann::json::parse(readText(saved));
  EXPECT_EQ(savedCase["params"]["blockCount"], 2);
  // the replay reproduces it, and the case is a valid dcconf.case/1 file for `dcconf case` too
  EXPECT_EQ(runDcconf("run --backend plugin:" + std::string(DCCONF_BROKEN_PLUGIN) + " --replay '" + saved.string() + "'",
                      dir).status,
            1);
  EXPECT_EQ(runDcconf("case '" + saved.string() + "' --out '" + (dir / "expect").string() + "'", dir).status, 0);
  expectValidReports(out);
}

TEST(Run, CrashingPluginYieldsCrashLinesAndTheRunCompletes) {
  const fs::path dir = scratchDir();
  const RunResult r = runDcconf("run" + kFew + " --path 'GM->*' --dtype half --backend plugin:" +
                                    DCCONF_CRASHY_PLUGIN + " --out '" + (dir / "out").string() + "'",
                                dir);
  EXPECT_EQ(r.status, 1);
  const auto json = report(dir / "out");
  EXPECT_GT(total(json, "CRASH"), 0u);
  EXPECT_GT(total(json, "PASS"), 0u) << "cases after a crash still run";
  EXPECT_EQ(json["failures"][0]["status"], "CRASH");
  EXPECT_NE(json["failures"][0]["message"].get<std::string>().find("SIGSEGV"), std::string::npos);
  expectValidReports(dir / "out");
}

TEST(Run, HangingPluginYieldsTimeoutLinesAndTheRunCompletes) {
  const fs::path dir = scratchDir();
  const RunResult r = runDcconf("run --seed 11 --cases 10 --quiet --timeout-ms 150 --path 'GM->VECIN' --dtype half "
                                "--backend plugin:" + std::string(DCCONF_HANG_PLUGIN) + " --out '" +
                                    (dir / "out").string() + "'",
                                dir);
  EXPECT_EQ(r.status, 1);
  const auto json = report(dir / "out");
  EXPECT_GT(total(json, "TIMEOUT"), 0u);
  EXPECT_GT(total(json, "PASS"), 0u);
  expectValidReports(dir / "out");
}

TEST(Run, ShardsPartitionTheRunAndEnvironmentShardingIsHonoured) {
  const fs::path dir = scratchDir();
  ASSERT_EQ(runDcconf("run" + kFew + " --out '" + (dir / "full").string() + "'", dir).status, 0);
  ASSERT_EQ(runDcconf("run" + kFew + " --shard 1/2 --out '" + (dir / "s1").string() + "'", dir).status, 0);
  ASSERT_EQ(runDcconf("GTEST_SHARD_INDEX=1 GTEST_TOTAL_SHARDS=2 '" + std::string(DCCONF_EXE) + "' run" + kFew +
                          " --out '" + (dir / "s2").string() + "'",
                      dir, false)
                .status,
            0);
  EXPECT_EQ(report(dir / "s2")["meta"]["shard"], "2/2");
  EXPECT_EQ(all(report(dir / "s1")) + all(report(dir / "s2")), all(report(dir / "full")));
  EXPECT_GT(all(report(dir / "s1")), 0u);
  EXPECT_GT(all(report(dir / "s2")), 0u);
}

TEST(Run, WorkerProcessesGiveTheSameCountsAsOne) {
  const fs::path dir = scratchDir();
  ASSERT_EQ(runDcconf("run" + kFew + " --out '" + (dir / "one").string() + "'", dir).status, 0);
  ASSERT_EQ(runDcconf("run" + kFew + " --threads 2 --out '" + (dir / "two").string() + "'", dir).status, 0);
  EXPECT_EQ(report(dir / "one")["totals"], report(dir / "two")["totals"]);
  EXPECT_EQ(report(dir / "one")["groups"], report(dir / "two")["groups"]);
}

// Issue 49 item 1: a plugin that implements one operation pays for that one. On the Ascend 950 the fixture takes
// FIX (DataCopyCO12DstParams) only; every unit of another operation draws one case, answered NOT_SUPPORTED, and no
// more, while FIX's units draw all theirs. Shards and worker processes see the same cut, so they add up to the whole.
TEST(Run, AnOperationTheBackendDoesNotSupportDrawsOneCaseAUnit) {
  const fs::path dir = scratchDir();
  const std::string args = "run --product ascend950 --seed 3 --cases 20 --backend plugin:" +
                           std::string(DCCONF_ONE_OPERATION_PLUGIN) + " --out ";
  const RunResult r = runDcconf("DCCONF_FIXTURE_OPERATION=11 '" + std::string(DCCONF_EXE) + "' " + args + q(dir / "one"),
                                dir, /*prefixExe=*/false);
  ASSERT_EQ(r.status, 0) << r.stdoutText << r.stderrText;
  const auto json = report(dir / "one");
  auto isFix = [](const nlohmann::json& row) { return row["group"].get<std::string>().starts_with("DataCopy CO1 quant/relu"); };
  std::size_t cut = 0, fixPasses = 0, otherUnits = 0, notes = 0;
  for (const auto& group : json["groups"]) {
    for (const auto& [property, counts] : group["properties"].items()) {
      if (isFix(group)) {
        fixPasses += counts["PASS"].get<std::uint64_t>();
        continue;
      }
      for (const auto& [status, n] : counts.items()) {
        EXPECT_TRUE(status == "NOT_SUPPORTED" || n == 0) << group["id"] << " " << property << ": " << counts;
        cut += n.get<std::uint64_t>();
      }
    }
  }
  std::set<std::string> others;
  for (const auto& unit : json["units"]) {
    if (!isFix(unit)) others.insert("not drawn further: " + unit["id"].get<std::string>() + ": ");
  }
  otherUnits = others.size();
  for (const auto& note : json["notes"]) {
    const std::string text = note.get<std::string>();
    const auto it = others.upper_bound(text);
    notes += it != others.begin() && text.starts_with(*std::prev(it));
  }
  EXPECT_GT(otherUnits, 500u) << "the 950's other operations";
  EXPECT_EQ(cut, otherUnits) << "one case a unit";
  EXPECT_EQ(notes, otherUnits) << "each unit not drawn further is named in the report";
  EXPECT_GT(fixPasses, 400u) << "FIX's supported units drew all their cases";
  EXPECT_NE(r.stdoutText.find(" units not drawn past their first cases: the backend answered NOT_SUPPORTED"),
            std::string::npos) << r.stdoutText;
  const RunResult two = runDcconf("DCCONF_FIXTURE_OPERATION=11 '" + std::string(DCCONF_EXE) + "' " + args +
                                      q(dir / "two") + " --threads 2",
                                  dir, /*prefixExe=*/false);
  ASSERT_EQ(two.status, 0) << two.stderrText;
  EXPECT_EQ(report(dir / "two")["groups"], json["groups"]);
}

TEST(Run, RefusesBadOptionsAndUnloadableBackends) {
  const fs::path dir = scratchDir();
  EXPECT_EQ(runDcconf("run --shard 3/2", dir).status, 2);
  EXPECT_EQ(runDcconf("run --product atlas-z9", dir).status, 2);
  EXPECT_EQ(runDcconf("run --time 5 parsecs", dir).status, 2);
  RunResult r = runDcconf("run --backend plugin:/nonexistent/libx.so", dir);
  EXPECT_EQ(r.status, 7);
  EXPECT_EQ(lineCount(r.stderrText), 1) << r.stderrText;
  EXPECT_EQ(runDcconf("run --backend plugin:" + std::string(DCCONF_BAD_ABI_PLUGIN), dir).status, 7);
  EXPECT_EQ(runDcconf("run --backend 'exec:/nonexistent-simulator --flag'", dir).status, 7);
  EXPECT_EQ(runDcconf("run --path 'GM->NOWHERE'", dir).status, 7);
}

TEST(Run, KeepsExistingOutputWithoutForce) {
  const fs::path dir = scratchDir();
  fs::create_directories(dir / "out");
  std::ofstream(dir / "out" / "keep.txt") << "mine";
  EXPECT_EQ(runDcconf("run" + kFew + " --out '" + (dir / "out").string() + "'", dir).status, 5);
  EXPECT_EQ(readText(dir / "out" / "keep.txt"), "mine");
  // Issue 16: --force replaces only a folder dcconf wrote, never the user's own.
  EXPECT_EQ(runDcconf("run" + kFew + " --force --out '" + (dir / "out").string() + "'", dir).status, 5);
  EXPECT_EQ(readText(dir / "out" / "keep.txt"), "mine");
  fs::remove_all(dir / "out");
  EXPECT_EQ(runDcconf("run" + kFew + " --out '" + (dir / "out").string() + "'", dir).status, 0);
  EXPECT_EQ(runDcconf("run" + kFew + " --force --out '" + (dir / "out").string() + "'", dir).status, 0);
  EXPECT_TRUE(fs::exists(dir / "out" / "report.json"));
  // Issue 30: --force never deletes a file the user added to dcconf's output.
  std::ofstream(dir / "out" / "extra.txt") << "stale";
  EXPECT_EQ(runDcconf("run" + kFew + " --force --out '" + (dir / "out").string() + "'", dir).status, 5);
  EXPECT_EQ(readText(dir / "out" / "extra.txt"), "stale");
}

TEST(Run, TimeBudgetRunsAndStops) {
  const fs::path dir = scratchDir();
  const auto start = std::chrono::steady_clock::now();
  ASSERT_EQ(runDcconf("run --seed 11 --quiet --time 2s --out '" + (dir / "out").string() + "'", dir).status, 0);
  const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, 20.0);
  EXPECT_GT(total(report(dir / "out"), "PASS"), 0u);
}

}  // namespace
}  // namespace dcconf::cli::testing
