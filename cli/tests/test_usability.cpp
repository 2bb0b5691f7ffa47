// Issue 28's small things people expect: "did you mean" for mistyped subcommands, options, dtypes and products,
// dtype aliases, per-unit durations in junit.xml, the --results-jsonl stream, report.html (totals, status columns in
// the terminal's order, unit rows linked to their failures) for a run and for `report merge`.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>

#include "run_dcconf.hpp"

namespace dcconf::cli::testing {
namespace {


TEST(Usability, DidYouMeanForSubcommandsOptionsDtypesAndProducts) {
  const fs::path dir = scratchDir();
  for (const auto& [args, hint] : {std::pair{"rnu", "did you mean 'run'?"},
                                   {"run --sed 3 --cases 1", "did you mean '--seed'?"},
                                   {"report merg a --out b", "did you mean 'merge'?"},
                                   {"run --dtype hlaf --cases 1", "did you mean 'half'?"},
                                   {"run --product atlas-a9 --cases 1", "did you mean 'atlas-a2'?"},
                                   {"list --product atlas-a9", "did you mean 'atlas-a2'?"}}) {
    const RunResult r = runDcconf(args, dir);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_NE(r.stderrText.find(hint), std::string::npos) << args << ": " << r.stderrText;
  }
}

TEST(Usability, DtypeAliasesSelectTheAscendCName) {
  const fs::path dir = scratchDir();
  for (const auto& [alias, name] : {std::pair{"fp16", "half"}, {"bf16", "bfloat16_t"}, {"f32", "float"}, {"i8", "int8_t"}}) {
    const RunResult r = runDcconf(std::string("list --units --json --dtype ") + alias, dir);
    ASSERT_EQ(r.status, 0) << alias << ": " << r.stderrText;
    const auto units = nlohmann::json::parse(r.stdoutText)["units"];
    ASSERT_FALSE(units.empty()) << alias;
    for (const auto& unit : units) EXPECT_EQ(unit["dtype"], name) << alias;
  }
}

TEST(Usability, JunitHasPerUnitDurationsAndJsonlStreamsUnits) {
  const fs::path dir = scratchDir();
  const fs::path out = dir / "out", stream = dir / "units.jsonl";
  const RunResult r = runDcconf("run --seed 2 --cases 20 --quiet --path 'GM->*' --dtype fp16 --threads 2 --out " + q(out) +
                                    " --results-jsonl " + q(stream),
                                dir);
  ASSERT_EQ(r.status, 0) << r.stderrText;
  const std::string junit = readText(out / "junit.xml");
  // the testcases' times add up to something (they were all "0" before), and none exceeds the whole run
  double junitSeconds = 0;
  const std::regex testcaseTime("<testcase [^>]* time=\"([0-9.]+)\"");
  for (auto it = std::sregex_iterator(junit.begin(), junit.end(), testcaseTime); it != std::sregex_iterator(); ++it) {
    junitSeconds += std::stod((*it)[1].str());
  }
  EXPECT_GT(junitSeconds, 0.0) << junit.substr(0, 2000);
  // one header line, then one line per unit of the report, each flushed as the unit finished
  const auto report = nlohmann::json::parse(readText(out / "report.json"));
  std::istringstream lines(readText(stream));
  std::string line;
  ASSERT_TRUE(std::getline(lines, line));
  EXPECT_EQ(nlohmann::json::parse(line)["schema"], "dcconf.results/1");
  std::set<std::string> units;
  double seconds = 0;
  while (std::getline(lines, line)) {
    const auto unit = nlohmann::json::parse(line);
    EXPECT_TRUE(unit["status"] == "PASS" || unit["status"] == "NOT_SUPPORTED") << line;
    seconds += unit["seconds"].get<double>();
    units.insert(unit["unit"].get<std::string>());
  }
  EXPECT_EQ(units.size(), report["units"].size());
  EXPECT_GT(seconds, 0.0);
  // an existing stream is not overwritten without --force, and a file that is not one never is
  EXPECT_EQ(runDcconf("run --cases 1 --results-jsonl " + q(stream), dir).status, 5);
  std::ofstream(dir / "notes.txt") << "mine\n";
  EXPECT_EQ(runDcconf("run --cases 1 --force --results-jsonl " + q(dir / "notes.txt"), dir).status, 5);
  EXPECT_EQ(readText(dir / "notes.txt"), "mine\n");
}

TEST(Usability, JsonlOfAFailingUnitNamesItsFailure) {
  const fs::path dir = scratchDir();
  const fs::path stream = dir / "units.jsonl";
  const RunResult r = runDcconf("run --seed 11 --cases 15 --quiet --path 'GM->*' --dtype half --backend plugin:" +
                                    std::string(DCCONF_BROKEN_PLUGIN) + " --results-jsonl " + q(stream),
                                dir);
  ASSERT_EQ(r.status, 1);
  bool sawFailure = false;
  std::istringstream lines(readText(stream));
  std::string line;
  while (std::getline(lines, line)) {
    const auto unit = nlohmann::json::parse(line);
    if (unit.value("status", "") != "FAIL") continue;
    sawFailure = true;
    EXPECT_TRUE(unit.contains("failure")) << line;
    EXPECT_NE(unit["failure"]["repro"].get<std::string>().find("dcconf run"), std::string::npos) << line;
  }
  EXPECT_TRUE(sawFailure);
}

// A stream cut short is no green run: a failed write of --results-jsonl (here a file-size limit, as a full disk) is
// exit 5 naming the file, on a run that otherwise passes (G-1 units only: the sparse lane's buffers need large files).
TEST(Usability, JsonlWriteThatFailsIsAnOutputError) {
  const fs::path dir = scratchDir();
  const fs::path stream = dir / "units.jsonl";
  const RunResult r = runDcconf("sh -c \"ulimit -f 2; trap '' XFSZ; exec '" + std::string(DCCONF_EXE) +
                                    "' run --seed 2 --cases 5 --quiet --path 'GM->*' --dtype fp16 --only '*/G-1-conformance' --results-jsonl " +
                                    q(stream) + "\"",
                                dir, /*prefixExe=*/false);
  EXPECT_EQ(r.status, 5) << r.stdoutText << r.stderrText;
  EXPECT_NE(r.stderrText.find("dcconf: error: --results-jsonl: cannot write " + stream.string() + ": File too large"),
            std::string::npos)
      << r.stderrText;
}

TEST(Usability, ReportHtmlHasTotalsOrderedColumnsAndLinksAlsoAfterMerge) {
  const fs::path dir = scratchDir();
  for (const char* shard : {"1/2", "2/2"}) {
    const std::string name = std::string("shard-") + shard[0];
    runDcconf("run --seed 11 --cases 15 --quiet --path 'GM->*' --dtype half --shard " + std::string(shard) +
                  " --backend plugin:" + DCCONF_BROKEN_PLUGIN + " --out " + q(dir / name),
              dir);
  }
  const RunResult merged = runDcconf("report merge " + q(dir / "shard-1") + " " + q(dir / "shard-2") + " --out " +
                                         q(dir / "merged") + " --quiet",
                                     dir);
  ASSERT_EQ(merged.status, 1) << merged.stderrText;
  for (const fs::path& page : {dir / "shard-1" / "report.html", dir / "merged" / "report.html"}) {
    ASSERT_TRUE(fs::exists(page)) << page;
    const std::string html = readText(page);
    EXPECT_NE(html.find("<h2>Totals</h2>"), std::string::npos) << page;
    const auto pass = html.find("<th>PASS</th>"), fail = html.find("<th>FAIL</th>"),
               notSupported = html.find("<th>NOT_SUPPORTED</th>"), timeout = html.find("<th>TIMEOUT</th>");
    EXPECT_TRUE(pass < fail && fail < notSupported && notSupported < timeout) << page << ": terminal order";
    const auto link = html.find("<a href=\"#failure-");
    ASSERT_NE(link, std::string::npos) << page << ": a unit row links to its failure";
    const std::string id = html.substr(link + 18, html.find('"', link + 18) - link - 18);
    EXPECT_NE(html.find("id=\"failure-" + id + "\""), std::string::npos) << page << ": anchor " << id;
  }
  // the merged folder carries every failure's picture, a sparse case's (its windows drawn) too
  const auto report = nlohmann::json::parse(readText(dir / "merged" / "report.json"));
  int sparse = 0;
  for (const auto& failure : report["failures"]) {
    if (failure["caseFile"] == "") continue;
    sparse += nlohmann::json::parse(readText(dir / "merged" / failure["caseFile"].get<std::string>())).contains("sparse");
    const fs::path page = dir / "merged" / "failures" / (failure["id"].get<std::string>() + ".html");
    ASSERT_TRUE(fs::exists(page)) << page;
    EXPECT_NE(readText(dir / "merged" / "report.html").find("href=\"failures/" + page.filename().string() + "\""),
              std::string::npos) << page;
  }
  EXPECT_GT(sparse, 0) << "the broken plugin fails a sparse case here";
}

}  // namespace
}  // namespace dcconf::cli::testing
