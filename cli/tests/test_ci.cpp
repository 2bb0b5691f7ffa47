// Teams in CI, end to end on the fault fixtures (wrong = broken plugin, crashy, flaky): unit ids and selection,
// baselines (XFAIL / XPASS / strict / stale, in the summary, report.json and junit.xml), --reruns and FLAKY,
// shard merging, GTEST_ shard variables, and the command-line fixes of issue 17.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>
#include <vector>

#include "run_dcconf.hpp"

namespace dcconf::cli::testing {
namespace {

nlohmann::json readJson(const fs::path& path) { return nlohmann::json::parse(readText(path)); }

void writeText(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

bool validReports(const fs::path& out) {
  const std::string command = std::string("'") + DCCONF_SOURCE_DIR + "/scripts/validate_report.sh' '" + out.string() +
                              "' > /dev/null 2>&1";
  return std::system(command.c_str()) == 0;
}

std::set<std::string> unitIds(const nlohmann::json& report) {
  std::set<std::string> ids;
  for (const auto& unit : report["units"]) ids.insert(unit["id"].get<std::string>());
  return ids;
}

std::string plugin(const char* path) { return std::string(" --backend 'plugin:") + path + "'"; }

// The broken plugin drops the last block of multi-block DataCopyPad GM->UB copies: G-1 fails on padGmToUb/half.
const std::string kWrongRun = "run --seed 11 --cases 30 --quiet --only 'padGmToUb/half/*'" + plugin(DCCONF_BROKEN_PLUGIN);

TEST(Units, SummaryNamesSelectUnits) {
  const fs::path dir = scratchDir();
  // The summary's own words select: the operation name's path word, the operation name, its key.
  for (const std::string path : {"GM->UB", "DataCopyPad*", "padGmToUb"}) {
    const RunResult listed = runDcconf("list --units --path '" + path + "'", dir);
    ASSERT_EQ(listed.status, 0) << path << ": " << listed.stderrText;
    EXPECT_NE(listed.stdoutText.find("padGmToUb/half/G-1-conformance\t"), std::string::npos) << path;
    EXPECT_EQ(listed.stdoutText.find("nd2nz/"), std::string::npos) << path;
  }
  const RunResult r = runDcconf("run --seed 3 --cases 5 --path 'GM->UB' --dtype half --out '" + (dir / "out").string() + "'", dir);
  ASSERT_EQ(r.status, 0) << r.stderrText;
  const auto report = readJson(dir / "out" / "report.json");
  // the operations whose name ends in GM->UB on atlas-a2: DataCopyPad GM->UB and (issue 31 item 6) DataCopy ND2NZ GM->UB
  std::set<std::string> operations;
  for (const auto& id : unitIds(report)) {
    const bool named = id.rfind("padGmToUb/half/", 0) == 0 || id.rfind("nd2nzGmToUb/half/", 0) == 0;
    EXPECT_TRUE(named) << id;
    operations.insert(id.substr(0, id.find('/')));
  }
  EXPECT_EQ(operations, (std::set<std::string>{"nd2nzGmToUb", "padGmToUb"}));
  EXPECT_GT(unitIds(report).size(), 3u);
  EXPECT_NE(r.stdoutText.find("padGmToUb/half"), std::string::npos) << "the summary shows the row id";
  EXPECT_TRUE(validReports(dir / "out"));
}

// DC-5 (issue 31 item 5): the plain DataCopy UB->L1 has units of its own ("l1" after the dtype), planned after every
// other unit, the 950 Fixpipe's UB units included (only the later atomic edge-value units follow), so that no older
// unit's index (and seed) moves; a --path naming
// only UB->L1 paths plans those units and no other copy unit; Atlas training has none.
TEST(Units, UbToL1UnitsComeLastAndAPathSelectsThem) {
  const fs::path dir = scratchDir();
  const RunResult all = runDcconf("list --units --product ascend950", dir);
  ASSERT_EQ(all.status, 0) << all.stderrText;
  std::vector<std::string> ids;
  std::istringstream lines(all.stdoutText);
  for (std::string line; std::getline(lines, line);) {
    if (line.find('\t') != std::string::npos) ids.push_back(line.substr(0, line.find('\t')));  // not the count line
  }
  const auto firstL1 = std::find_if(ids.begin(), ids.end(), [](const std::string& id) { return id.find("/l1/") != std::string::npos; });
  ASSERT_NE(firstL1, ids.end());
  EXPECT_EQ(*firstL1, "copy0Level/int8_t/l1/G-1-conformance");
  // after them only the units of properties added later (ATOM-4/5's edge values, the ND2NZUB-3, ND2NZ-6 and NDDMA-3
  // laws), for the same reason
  const auto later = [](const std::string& id) {
    return id.ends_with("/ATOM-4-5-atomic-edge-values") || id.ends_with("/law-ND2NZUB-3-GM-UB-GM-L1-ND2NZ") ||
           id.ends_with("/l1/law-ND2NZ-6-UB-L1-GM-L1-ND2NZ") || id.find("/law-NDDMA-3-") != std::string::npos;
  };
  // and after those (rank 2) the Compact DataCopyPad's sparse units (issue 31 item 2: loop mode's GM strides)
  const auto compactSparse = [](const std::string& id) {
    return id.starts_with("padCompact") && id.ends_with("/G-1-sparse-buffers");
  };
  // and after those (rank 3) NDDMA's sparse units (issue 31 item 9: each dimension's strides, moved)
  const auto ndDmaSparse = [](const std::string& id) {
    return id.starts_with("nddma/") && id.ends_with("/G-1-sparse-buffers");
  };
  const auto firstLater = std::find_if(firstL1, ids.end(), later);
  const auto firstCompactSparse = std::find_if(ids.begin(), ids.end(), compactSparse);
  // and after those (rank 4) DN2NZ's sparse units (issue 29's leftover: its matrix and column strides)
  const auto dn2nzSparse = [](const std::string& id) {
    return id.starts_with("dn2nz/") && id.ends_with("/G-1-sparse-buffers");
  };
  const auto firstNdDmaSparse = std::find_if(ids.begin(), ids.end(), ndDmaSparse);
  const auto firstDn2NzSparse = std::find_if(ids.begin(), ids.end(), dn2nzSparse);
  EXPECT_NE(firstLater, ids.end());
  EXPECT_EQ(std::distance(firstCompactSparse, firstNdDmaSparse), 24);  // 12 dtypes, GM->UB and UB->GM
  EXPECT_EQ(std::distance(firstNdDmaSparse, firstDn2NzSparse), 12);    // NDDMA-1's 12 dtypes
  // and after those (rank 5) the Compact law "Ext params == plain params" (issue 45 item 1: PAD-CMP-1 rev.), (rank 6)
  // G-6's pinned readings (issue 45 item 6), and (rank 7) the Fixpipe CO1->A1 units (issue 45 item 3: FIX950-13)
  const auto compactPlainLaw = [](const std::string& id) {
    return id.starts_with("padCompact") && id.ends_with("/law-Ext-params-plain-params");
  };
  const auto pinnedReadings = [](const std::string& id) { return id.ends_with("/G-6-pinned-readings-followed") && id.find("/l1/") == std::string::npos; };
  const auto fixpipeL1 = [](const std::string& id) { return id.starts_with("fixpipe950/") && id.find("/l1/") != std::string::npos; };
  const auto firstCompactPlainLaw = std::find_if(ids.begin(), ids.end(), compactPlainLaw);
  const auto firstPinned = std::find_if(ids.begin(), ids.end(), pinnedReadings);
  const auto firstFixpipeL1 = std::find_if(ids.begin(), ids.end(), fixpipeL1);
  EXPECT_EQ(std::distance(firstDn2NzSparse, firstCompactPlainLaw), 11);  // DN2NZ-4's 11 dtypes
  EXPECT_EQ(std::distance(firstCompactPlainLaw, firstPinned), 24);        // 12 dtypes, GM->UB and UB->GM
  EXPECT_EQ(std::distance(firstPinned, firstFixpipeL1), 42);              // Fixpipe, Compact both ways, 950 Fixpipe GM and UB
  EXPECT_EQ(std::distance(firstFixpipeL1, ids.end()), 36);                // 6 dtypes, 6 properties
  for (auto it = firstCompactPlainLaw; it != firstPinned; ++it) EXPECT_TRUE(compactPlainLaw(*it)) << *it;
  for (auto it = firstPinned; it != firstFixpipeL1; ++it) EXPECT_TRUE(pinnedReadings(*it)) << *it;
  for (auto it = firstFixpipeL1; it != ids.end(); ++it) EXPECT_TRUE(fixpipeL1(*it)) << *it;
  for (auto it = firstL1; it != firstLater; ++it) EXPECT_NE(it->find("/l1/"), std::string::npos) << *it;
  for (auto it = firstLater; it != firstCompactSparse; ++it) EXPECT_TRUE(later(*it)) << *it;
  for (auto it = firstCompactSparse; it != firstNdDmaSparse; ++it) EXPECT_TRUE(compactSparse(*it)) << *it;
  for (auto it = firstNdDmaSparse; it != firstDn2NzSparse; ++it) EXPECT_TRUE(ndDmaSparse(*it)) << *it;
  for (auto it = firstDn2NzSparse; it != firstCompactPlainLaw; ++it) EXPECT_TRUE(dn2nzSparse(*it)) << *it;
  EXPECT_EQ(std::count_if(ids.begin(), firstL1, [](const std::string& id) { return id.find("fixpipe950/") == 0 && id.find("/ub/") != std::string::npos; }),
            std::count_if(ids.begin(), firstPinned, [](const std::string& id) { return id.find("/ub/") != std::string::npos; }));
  const RunResult named = runDcconf("list --units --product ascend950 --path 'VECIN->A1' --dtype half", dir);
  ASSERT_EQ(named.status, 0) << named.stderrText;
  EXPECT_NE(named.stdoutText.find("copy0Level/half/l1/G-1-conformance\t"), std::string::npos) << named.stdoutText;
  EXPECT_NE(named.stdoutText.find("copy2Level/half/l1/G-4-invalid-cases\t"), std::string::npos) << named.stdoutText;
  EXPECT_EQ(named.stdoutText.find("copy0Level/half/G-"), std::string::npos) << named.stdoutText;
  EXPECT_NE(all.stdoutText.find("nd2nz/half/l1/G-1-conformance\t"), std::string::npos);  // ND2NZ-6: UB->TSCM
  const RunResult training = runDcconf("list --units --product atlas-training", dir);
  ASSERT_EQ(training.status, 0) << training.stderrText;
  EXPECT_EQ(training.stdoutText.find("/l1/"), std::string::npos);
  const RunResult run = runDcconf("run --product ascend950 --seed 5 --cases 20 --quiet --only '*/l1/*' --out '" +
                                      (dir / "l1").string() + "'", dir);
  ASSERT_EQ(run.status, 0) << run.stderrText << run.stdoutText;
  EXPECT_TRUE(validReports(dir / "l1"));
}

TEST(Units, OnlySelectsOneUnitAndLongNamesFitTheirColumn) {
  const fs::path dir = scratchDir();
  const RunResult r = runDcconf("run --seed 3 --cases 5 --only 'fixpipe/half/G-1-conformance' --out '" +
                                    (dir / "out").string() + "'", dir);
  ASSERT_EQ(r.status, 0) << r.stderrText;
  EXPECT_EQ(unitIds(readJson(dir / "out" / "report.json")), std::set<std::string>{"fixpipe/half/G-1-conformance"});
  // "DataCopy CO1 quant/relu (DataCopyCO12DstParams)" is cut, so the dtype column stays where the header has it.
  const auto header = r.stdoutText.find("dtype");
  const auto row = r.stdoutText.find("fixpipe/half");
  ASSERT_NE(header, std::string::npos);
  ASSERT_NE(row, std::string::npos);
  const auto headerColumn = header - r.stdoutText.rfind('\n', header) - 1;
  const auto rowStart = r.stdoutText.rfind('\n', row) + 1;
  EXPECT_EQ(r.stdoutText.compare(rowStart + headerColumn, 4, "half"), 0) << r.stdoutText;
  EXPECT_EQ(runDcconf("run --cases 5 --only 'nothing/*'", dir).status, 7);
}

TEST(Baseline, BootstrapThenXfailXpassStrictAndStale) {
  const fs::path dir = scratchDir();
  const RunResult failing = runDcconf(kWrongRun + " --out '" + (dir / "base").string() + "'", dir);
  ASSERT_EQ(failing.status, 1) << failing.stderrText;
  const RunResult written = runDcconf("baseline write '" + (dir / "base" / "report.json").string() + "'", dir);
  ASSERT_EQ(written.status, 0) << written.stderrText;
  auto baseline = nlohmann::json::parse(written.stdoutText);
  ASSERT_FALSE(baseline["xfail"].empty());
  EXPECT_EQ(baseline["xfail"][0]["id"].get<std::string>().rfind("padGmToUb/half/", 0), 0u);
  writeText(dir / "baseline.json", baseline.dump());

  // The same run against its baseline: every failure is XFAIL, the run passes, junit says skipped as pytest does.
  const RunResult gated = runDcconf(kWrongRun + " --baseline '" + (dir / "baseline.json").string() + "' --out '" +
                                        (dir / "gated").string() + "'", dir);
  ASSERT_EQ(gated.status, 0) << gated.stderrText << gated.stdoutText;
  const auto report = readJson(dir / "gated" / "report.json");
  EXPECT_TRUE(report["passed"].get<bool>());
  for (const auto& f : report["failures"]) EXPECT_EQ(f["expected"], "XFAIL") << f.dump();
  EXPECT_EQ(report["baseline"]["xfail"].get<std::size_t>(), report["failures"].size());
  EXPECT_NE(readText(dir / "gated" / "junit.xml").find("<skipped type=\"pytest.xfail\" message=\"FAIL ["),
            std::string::npos);
  EXPECT_TRUE(validReports(dir / "gated"));

  // A listed unit that passes is XPASS; an entry for units outside the selection is stale.
  baseline["xfail"].push_back({{"id", "padGmToUb/half/G-4-invalid-cases"}, {"reason", "was SIM-7"}});
  baseline["xfail"].push_back({{"id", "nd2nz/*"}, {"reason", "fixed long ago"}, {"bug", "SIM-1"}});
  writeText(dir / "baseline.json", baseline.dump());
  const RunResult xpass = runDcconf(kWrongRun + " --baseline '" + (dir / "baseline.json").string() + "' --out '" +
                                        (dir / "xpass").string() + "'", dir);
  ASSERT_EQ(xpass.status, 0) << xpass.stderrText;
  const auto xr = readJson(dir / "xpass" / "report.json");
  ASSERT_EQ(xr["baseline"]["xpass"].size(), 1u);
  EXPECT_EQ(xr["baseline"]["xpass"][0]["unit"], "padGmToUb/half/G-4-invalid-cases");
  ASSERT_EQ(xr["baseline"]["stale"].size(), 1u);
  EXPECT_EQ(xr["baseline"]["stale"][0]["match"], "nd2nz/*");
  EXPECT_TRUE(validReports(dir / "xpass"));

  const RunResult strict = runDcconf(kWrongRun + " --strict-baseline --baseline '" + (dir / "baseline.json").string() +
                                         "' --out '" + (dir / "strict").string() + "'", dir);
  EXPECT_EQ(strict.status, 1);
  EXPECT_NE(readText(dir / "strict" / "junit.xml").find("[XPASS(strict)] was SIM-7"), std::string::npos);

  // A failure the baseline does not list still fails the run.
  writeText(dir / "other.json", R"({"schema": "dcconf.baseline/1", "xfail": [{"id": "nd2nz/*", "reason": "r"}]})");
  EXPECT_EQ(runDcconf(kWrongRun + " --baseline '" + (dir / "other.json").string() + "'", dir).status, 1);
}

TEST(Baseline, CrashIsExpectedOnlyWhereListedAndBadFilesAreOneLine) {
  const fs::path dir = scratchDir();
  const std::string crashy = "run --seed 11 --cases 30 --quiet --only 'padGmToUb/half/G-1-*'" + plugin(DCCONF_CRASHY_PLUGIN);
  writeText(dir / "b.json", R"({"schema": "dcconf.baseline/1",
    "xfail": [{"id": "padGmToUb/*/G-1-conformance", "reason": "SIGSEGV on blockCount 3", "bug": "SIM-9"}]})");
  const RunResult r = runDcconf(crashy + " --baseline '" + (dir / "b.json").string() + "' --out '" + (dir / "out").string() + "'", dir);
  ASSERT_EQ(r.status, 0) << r.stderrText << r.stdoutText;
  const auto report = readJson(dir / "out" / "report.json");
  ASSERT_EQ(report["failures"].size(), 1u);
  EXPECT_EQ(report["failures"][0]["status"], "CRASH");
  EXPECT_EQ(report["failures"][0]["expected"], "XFAIL");
  EXPECT_EQ(report["failures"][0]["bug"], "SIM-9");
  EXPECT_TRUE(validReports(dir / "out"));

  writeText(dir / "bad.json", R"({"schema": "dcconf.baseline/1", "xfail": [{"id": "x/*", "reason": 3}]})");
  const RunResult bad = runDcconf(crashy + " --baseline '" + (dir / "bad.json").string() + "'", dir);
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.stderrText.find("bad.json: xfail[0].reason = 3: must be a string"), std::string::npos) << bad.stderrText;
  EXPECT_EQ(lineCount(bad.stderrText), 1);
}

TEST(Flakes, RerunsMakeAFlakyG3FindingThatOnlyAFlakesEntryExcuses) {
  const fs::path dir = scratchDir();
  const std::string flaky = "run --seed 11 --cases 30 --quiet --reruns 3 --only 'padGmToUb/half/G-1-conformance'" +
                            plugin(DCCONF_FLAKY_PLUGIN);
  const RunResult r = runDcconf(flaky + " --out '" + (dir / "out").string() + "'", dir);
  ASSERT_EQ(r.status, 1) << r.stderrText;
  const auto report = readJson(dir / "out" / "report.json");
  ASSERT_EQ(report["failures"].size(), 1u);
  const auto& f = report["failures"][0];
  EXPECT_EQ(f["status"], "FLAKY");
  EXPECT_EQ(f["clause"], "G-3");
  // The fixture flips the lowest bit of byte 0 on every third call.
  ASSERT_GE(f["diff"].size(), 2u);
  EXPECT_EQ(f["diff"][0], "G-3: two runs on the same inputs differ in 1 byte(s):") << f.dump();
  EXPECT_NE(f["diff"][1].get<std::string>().find("byte 0: run 1 wrote"), std::string::npos) << f.dump();
  EXPECT_TRUE(validReports(dir / "out"));
  // Without --reruns the same failure is a plain FAIL.
  const RunResult plain = runDcconf("run --seed 11 --cases 30 --quiet --only 'padGmToUb/half/G-1-conformance'" +
                                        plugin(DCCONF_FLAKY_PLUGIN) + " --out '" + (dir / "plain").string() + "'", dir);
  EXPECT_EQ(plain.status, 1);
  EXPECT_EQ(readJson(dir / "plain" / "report.json")["failures"][0]["status"], "FAIL");

  writeText(dir / "xfail.json", R"({"schema": "dcconf.baseline/1", "xfail": [{"id": "*", "reason": "r"}]})");
  EXPECT_EQ(runDcconf(flaky + " --baseline '" + (dir / "xfail.json").string() + "'", dir).status, 1)
      << "a FLAKY failure is excused only under flakes";
  writeText(dir / "flakes.json", R"({"schema": "dcconf.baseline/1", "flakes": [{"id": "padGmToUb/*", "reason": "r"}]})");
  const RunResult listed = runDcconf(flaky + " --baseline '" + (dir / "flakes.json").string() + "'", dir);
  EXPECT_EQ(listed.status, 0) << listed.stdoutText;
}

TEST(Merge, ShardsMergeIntoTheUnshardedRunAndMismatchesAreRefused) {
  const fs::path dir = scratchDir();
  const std::string base = "run --seed 5 --cases 10 --quiet --path 'GM->*' --dtype half" + plugin(DCCONF_BROKEN_PLUGIN);
  ASSERT_EQ(runDcconf(base + " --out '" + (dir / "whole").string() + "'", dir).status, 1);
  for (int i = 1; i <= 3; ++i) {
    const auto out = (dir / ("shard-" + std::to_string(i))).string();
    runDcconf(base + " --shard " + std::to_string(i) + "/3 --out '" + out + "'", dir);
  }
  const std::string shards = " '" + (dir / "shard-1").string() + "' '" + (dir / "shard-2").string() + "' '" +
                             (dir / "shard-3").string() + "'";
  const RunResult merged = runDcconf("report merge" + shards + " --quiet --out '" + (dir / "merged").string() + "'", dir);
  EXPECT_EQ(merged.status, 1) << merged.stderrText;
  const auto whole = readJson(dir / "whole" / "report.json");
  const auto m = readJson(dir / "merged" / "report.json");
  EXPECT_EQ(m["totals"], whole["totals"]);
  EXPECT_EQ(unitIds(m), unitIds(whole));
  EXPECT_EQ(m["failures"].size(), whole["failures"].size());
  for (const auto& f : m["failures"]) EXPECT_TRUE(fs::exists(dir / "merged" / f["caseFile"].get<std::string>()));
  EXPECT_TRUE(validReports(dir / "merged"));

  // The gate: the merge applies the baseline over the whole run.
  writeText(dir / "b.json", runDcconf("baseline write '" + (dir / "whole" / "report.json").string() + "'", dir).stdoutText);
  EXPECT_EQ(runDcconf("report merge" + shards + " --baseline '" + (dir / "b.json").string() + "' --out '" +
                          (dir / "gate").string() + "'", dir).status, 0);

  const RunResult missing = runDcconf("report merge '" + (dir / "shard-1").string() + "' '" +
                                          (dir / "shard-3").string() + "' --out '" + (dir / "m2").string() + "'", dir);
  EXPECT_EQ(missing.status, 4);
  EXPECT_NE(missing.stderrText.find("shard 2/3 missing"), std::string::npos) << missing.stderrText;
  EXPECT_FALSE(fs::exists(dir / "m2"));

  runDcconf("run --seed 6 --cases 10 --quiet --path 'GM->*' --dtype half --shard 2/3" + plugin(DCCONF_BROKEN_PLUGIN) +
                " --out '" + (dir / "other-seed").string() + "'", dir);
  const RunResult mixed = runDcconf("report merge '" + (dir / "shard-1").string() + "' '" + (dir / "other-seed").string() +
                                        "' '" + (dir / "shard-3").string() + "' --out '" + (dir / "m3").string() + "'", dir);
  EXPECT_EQ(mixed.status, 4);
  EXPECT_NE(mixed.stderrText.find("meta.seed = 6, but"), std::string::npos) << mixed.stderrText;
}

TEST(Shards, GtestVariablesOutOfRangeAreAnError) {
  const fs::path dir = scratchDir();
  const std::string exe = std::string("'") + DCCONF_EXE + "' run --cases 2 --quiet";
  for (const std::string env : {"GTEST_SHARD_INDEX=3 GTEST_TOTAL_SHARDS=3", "GTEST_SHARD_INDEX=x GTEST_TOTAL_SHARDS=2",
                                "GTEST_SHARD_INDEX=0", "GTEST_SHARD_INDEX=0 GTEST_TOTAL_SHARDS=0"}) {
    const RunResult r = runDcconf("env " + env + " " + exe, dir, false);
    EXPECT_EQ(r.status, 2) << env;
    EXPECT_NE(r.stderrText.find("GTEST_"), std::string::npos) << r.stderrText;
  }
  EXPECT_EQ(runDcconf("env GTEST_SHARD_INDEX=1 GTEST_TOTAL_SHARDS=40 " + exe, dir, false).status, 0);
}

TEST(CommandLine, ReplayRefusesOptionsItWouldIgnore) {
  const fs::path dir = scratchDir();
  const RunResult r = runDcconf("run --replay '" + example("pad-gm2ub-40B-rightpad.json") + "' --out '" +
                                    (dir / "o").string() + "' --cases 5", dir);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.stderrText.find("--out does not apply"), std::string::npos) << r.stderrText;
  EXPECT_EQ(runDcconf("run --replay '" + example("pad-gm2ub-40B-rightpad.json") + "'", dir).status, 0);
}

TEST(CommandLine, UnknownSubcommandIsNamed) {
  const fs::path dir = scratchDir();
  const RunResult r = runDcconf("frobnicate", dir);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.stderrText.find("'frobnicate' is not a dcconf subcommand"), std::string::npos) << r.stderrText;
}

TEST(CommandLine, CasePrintsWhereOutputsWentAndTheVerdict) {
  const fs::path dir = scratchDir();
  const RunResult r = runDcconf("case '" + example("pad-gm2ub-40B-rightpad.json") + "' --out '" + (dir / "e").string() + "'", dir);
  ASSERT_EQ(r.status, 0) << r.stderrText;
  EXPECT_EQ(r.stdoutText.rfind("computed: " + (dir / "e").string() + "/expected.bin (", 0), 0u) << r.stdoutText;
}

TEST(CommandLine, PluginNameWithoutSlashLoadsFromTheCurrentFolder) {
  const fs::path dir = scratchDir();
  fs::copy_file(DCCONF_EXAMPLE_PLUGIN, dir / "libmine.so");
  const RunResult r = runDcconf("cd '" + dir.string() + "' && '" + DCCONF_EXE +
                                    "' run --backend plugin:libmine.so --cases 3 --quiet --only 'padGmToUb/half/*'",
                                dir, false);
  EXPECT_EQ(r.status, 0) << r.stderrText;
}

TEST(CommandLine, VectorOptionsShareRunsNames) {
  const fs::path dir = scratchDir();
  const RunResult r = runDcconf("vectors export --out '" + (dir / "set").string() +
                                    "' --count 1 --path 'GM->VECIN' --dtype half --quiet", dir);
  ASSERT_EQ(r.status, 0) << r.stderrText;
  // verify with no outputs at all: every valid vector fails; a baseline written from that report excuses them.
  fs::create_directories(dir / "none");
  const std::string verify = "vectors verify '" + (dir / "set").string() + "' --outputs '" + (dir / "none").string() + "' --quiet";
  ASSERT_EQ(runDcconf(verify + " --out '" + (dir / "rep").string() + "'", dir).status, 1);
  writeText(dir / "b.json", runDcconf("baseline write '" + (dir / "rep" / "report.json").string() + "'", dir).stdoutText);
  const RunResult gated = runDcconf(verify + " --baseline '" + (dir / "b.json").string() + "' --out '" + (dir / "rep2").string() + "'", dir);
  EXPECT_EQ(gated.status, 0) << gated.stderrText;
  EXPECT_TRUE(validReports(dir / "rep2"));
}

}  // namespace
}  // namespace dcconf::cli::testing

namespace dcconf::cli::testing {
namespace {

// On a terminal (script(1) gives the command a pseudo-terminal), stderr shows units done / total, cases, failures
// so far, elapsed and ETA; --quiet keeps only the totals line on stdout and no progress.
TEST(Progress, ShownOnATerminalQuietOtherwise) {
  const fs::path dir = scratchDir();
  const std::string run = std::string("'") + DCCONF_EXE + "' run --seed 2 --cases 20 --only 'padGmToUb/*'" +
                          plugin(DCCONF_BROKEN_PLUGIN);
  const RunResult tty = runDcconf("env -u CI script -qec \"" + run + " > /dev/null\" /dev/null", dir, false);
  EXPECT_EQ(tty.status, 1) << tty.stderrText;
  EXPECT_NE(tty.stdoutText.find(" units "), std::string::npos) << tty.stdoutText;
  EXPECT_NE(tty.stdoutText.find(" failed "), std::string::npos) << tty.stdoutText;
  EXPECT_NE(tty.stdoutText.find("ETA"), std::string::npos) << tty.stdoutText;
  const RunResult piped = runDcconf("env -u CI " + run + " --quiet", dir, false);
  EXPECT_EQ(piped.status, 1);
  EXPECT_EQ(piped.stderrText, "");
  EXPECT_EQ(lineCount(piped.stdoutText), 1) << piped.stdoutText;
  EXPECT_NE(piped.stdoutText.find(" cases: "), std::string::npos) << piped.stdoutText;
}

// dcconf bench: rows done / total on a terminal, one line per row on stderr when it is not one (docs/bench.md).
TEST(Progress, BenchShownOnATerminalALinePerRowOtherwise) {
  const fs::path dir = scratchDir();
  const std::string bench = std::string("'") + DCCONF_EXE +
                            "' bench --sizes 4K --filter '^nd2nz/' --repetitions 1 --min-time 0.001";
  const RunResult tty = runDcconf("env -u CI script -qec \"" + bench + " > /dev/null\" /dev/null", dir, false);
  EXPECT_EQ(tty.status, 0) << tty.stderrText;
  EXPECT_NE(tty.stdoutText.find("3/3 units"), std::string::npos) << tty.stdoutText;
  EXPECT_NE(tty.stdoutText.find("ETA"), std::string::npos) << tty.stdoutText;
  const RunResult piped = runDcconf("env -u CI " + bench, dir, false);
  EXPECT_EQ(piped.status, 0);
  EXPECT_EQ(lineCount(piped.stderrText), 3) << piped.stderrText;
  EXPECT_EQ(piped.stderrText.find('\r'), std::string::npos) << piped.stderrText;
  EXPECT_NE(piped.stderrText.find("bench: 3/3 units"), std::string::npos) << piped.stderrText;
}

}  // namespace
}  // namespace dcconf::cli::testing

namespace dcconf::cli::testing {
namespace {

TEST(Products, AListOrAllRunsInOneReport) {
  const fs::path dir = scratchDir();
  const RunResult r = runDcconf("run --seed 4 --cases 5 --quiet --product atlas-a2,atlas-a3 --only '*/half/G-1-*' --out '" +
                                    (dir / "out").string() + "'", dir);
  ASSERT_EQ(r.status, 0) << r.stderrText;
  const auto report = readJson(dir / "out" / "report.json");
  EXPECT_EQ(report["meta"]["product"], "atlas-a2,atlas-a3");
  std::set<std::string> prefixes;
  for (const auto& id : unitIds(report)) prefixes.insert(id.substr(0, id.find(':')));
  EXPECT_EQ(prefixes, (std::set<std::string>{"atlas-a2", "atlas-a3"}));
  EXPECT_TRUE(validReports(dir / "out"));
  const RunResult all = runDcconf("run --seed 4 --cases 2 --quiet --product all --only '*:padGmToUb/half/G-1-*'", dir);
  EXPECT_EQ(all.status, 0) << all.stderrText;
  EXPECT_EQ(runDcconf("run --cases 2 --product atlas-a2,nope", dir).status, 2);
}

}  // namespace
}  // namespace dcconf::cli::testing
