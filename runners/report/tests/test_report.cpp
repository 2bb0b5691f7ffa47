#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "dcconf/report/report.hpp"
#include "sample_dir.hpp"

namespace dcconf::report {
namespace {

Report sampleReport(bool withFailure) {
  Report report({"dcconf run", "0.1.0", "fast", "1", "atlas-a2", "default", 42, "1/1", "2026-11-21T00:00:00Z"});
  report.record({"DataCopyPad GM->VECIN", "half"}, "G-1 conformance", CaseStatus::pass, 10);
  report.record({"DataCopyPad GM->VECIN", "half"}, "G-4 invalid rejected", CaseStatus::rejected, 5);
  report.record({"DataCopy NZ2ND", "int8_t"}, "G-1 conformance", CaseStatus::notSupported, 3);
  report.addUnspecified("AMB-2: DataCopyPad dummy bytes (PAD-G2U-5)", 24);
  report.addUnspecified("AMB-2: DataCopyPad dummy bytes (PAD-G2U-5)", 8);
  report.setLimits({"limits.json"}, {"nd2nz: params.dstNzNStride in {1}"});  // issue 26: docs/limits.md
  report.addLimitsTally("nd2nz", {10, 1, 2, {{"params.nValue <= params.dstNzC0Stride", {7, 3}}}});
  report.addReading(8, 1u);  // G-6: one case only offset-signed explains, one either reading explains
  report.addReading(8, 3u);
  report.addReading(9, withFailure ? 2u : 1u);  // the two samples disagree on AMB-9: merged, INCONSISTENT
  if (withFailure) {
    report.record({"DataCopyPad GM->VECIN", "half"}, "G-1 conformance", CaseStatus::fail, 1);
    report.addFailure({"pad-half-1", "DataCopyPad GM->VECIN", "half", "G-1 conformance", "PAD-G2U-3", "FAIL",
                       "byte 40 <right-pad> expected 0 got 1 & \"quoted\" <tag>", {"block 0 offset 40"},
                       "failures/pad-half-1.json", "dcconf run --backend fast --replay failures/pad-half-1.json",
                       "padGmToUb/half/G-1-conformance", "", "", "", "", ""});
  }
  report.finish(std::chrono::duration<double>(1.5));
  return report;
}

TEST(Report, CountsStatusesAndPassesWithoutFailures) {
  const Report report = sampleReport(false);
  EXPECT_TRUE(report.passed());
  EXPECT_EQ(report.totals().total(), 18u);
  EXPECT_EQ(report.totals()[CaseStatus::notSupported], 3u);
}

// Issue 49 item 5: without -v, the rows that ran nothing fold into one line per operation, and the limits' breaker
// notes into one counted line; -v prints every row and note.
TEST(Report, RowsThatRanNothingAndBreakerNotesFoldWithoutVerbose) {
  Report report({"dcconf run", "0.1.0", "sim", "1", "atlas-a2", "default", 1, "1/1", "2026-11-21T00:00:00Z"});
  report.record({"DataCopyPad GM->VECIN", "half"}, "G-1 conformance", CaseStatus::pass, 10);
  report.record({"DataCopy NZ2ND", "int8_t"}, "G-1 conformance", CaseStatus::notSupported, 3);
  report.record({"DataCopy NZ2ND", "half"}, "G-1 conformance", CaseStatus::notSupported, 4);
  report.record({"DataCopy ND2NZ", "half"}, "G-1 conformance", CaseStatus::notSupported, 2);
  report.record({"DataCopy ND2NZ", "half"}, "G-2 no stray reads", CaseStatus::pass, 1);  // ran something: a row
  for (const char* breaker : {"a", "b", "c"}) {
    report.addNote(std::string("limits: G-4 breaker '") + breaker + "' of nd2nz lies outside the declared limits: never sent");
  }
  report.addNote("another note");
  report.finish(std::chrono::duration<double>(1.0));
  std::ostringstream shortText, verboseText;
  report.printSummary(shortText);
  report.printSummary(verboseText, /*verbose=*/true);
  const std::string brief = shortText.str(), full = verboseText.str();
  EXPECT_NE(brief.find("DataCopy NZ2ND                    all NOT_SUPPORTED: 7 cases of 2 dtypes (-v: one row each)"),
            std::string::npos) << brief;
  EXPECT_EQ(brief.find("int8_t"), std::string::npos) << brief;
  EXPECT_NE(brief.find("DataCopy ND2NZ                    half"), std::string::npos) << brief;
  EXPECT_NE(brief.find("note: limits: 3 G-4 breakers lie outside the declared limits"), std::string::npos) << brief;
  EXPECT_EQ(brief.find("breaker 'a'"), std::string::npos) << brief;
  EXPECT_NE(brief.find("note: another note"), std::string::npos) << brief;
  EXPECT_NE(full.find("DataCopy NZ2ND                    int8_t"), std::string::npos) << full;
  EXPECT_NE(full.find("breaker 'a'"), std::string::npos) << full;
  EXPECT_EQ(full.find("all NOT_SUPPORTED"), std::string::npos) << full;
}

// G-6: INCONSISTENT fails the run only under --strict-readings (a product may differ by dtype).
TEST(Report, StrictReadingsFailsAnInconsistentRun) {
  Report report({});
  report.record({"g", "half"}, "p", CaseStatus::pass, 2);
  report.addReading(8, 1u);
  EXPECT_FALSE(report.readingsInconsistent());
  report.addReading(8, 2u);
  EXPECT_TRUE(report.readingsInconsistent());
  EXPECT_TRUE(report.passed());
  report.setStrictReadings(true);
  EXPECT_FALSE(report.passed());
  Report merged({});  // a shard's strictness survives the merge
  ASSERT_TRUE(merged.mergeJson(report.toJsonText()));
  EXPECT_TRUE(merged.strictReadings());
  EXPECT_FALSE(merged.passed());
}

// A group whose units carry several id prefixes (an apart "/l1" unit beside the plain ones) is named by the shortest,
// whichever order the units ran in or the workers' reports are merged in (the --threads run equals the single one).
TEST(Report, GroupIdIsTheShortestWhateverTheOrder) {
  const GroupKey key{"DataCopy 0-level", "half"};
  for (const bool plainFirst : {true, false}) {
    Report a({}), b({});
    a.record(key, "G-1 conformance", CaseStatus::pass);
    b.record(key, "G-1 conformance", CaseStatus::pass);
    a.setGroupId(key, plainFirst ? "copy0Level/half" : "copy0Level/half/l1");
    b.setGroupId(key, plainFirst ? "copy0Level/half/l1" : "copy0Level/half");
    Report merged({});
    ASSERT_TRUE(merged.mergeJson(a.toJsonText()));
    ASSERT_TRUE(merged.mergeJson(b.toJsonText()));
    const auto json = nlohmann::json::parse(merged.toJsonText());
    ASSERT_EQ(json["groups"].size(), 1u);
    EXPECT_EQ(json["groups"][0]["id"], "copy0Level/half") << plainFirst;
    a.setGroupId(key, "copy0Level/half/l1");
    EXPECT_EQ(nlohmann::json::parse(a.toJsonText())["groups"][0]["id"], plainFirst ? "copy0Level/half" : "copy0Level/half/l1");
  }
}

TEST(Report, NotSupportedIsNeitherPassNorFailure) {
  Report report({});
  report.record({"g", "half"}, "p", CaseStatus::notSupported, 7);
  EXPECT_TRUE(report.passed());
  EXPECT_EQ(report.totals()[CaseStatus::pass], 0u);
  EXPECT_NE(report.toJunitXml().find("<skipped"), std::string::npos);
}

TEST(Report, CrashAndTimeoutAreFailures) {
  for (const CaseStatus status : {CaseStatus::crash, CaseStatus::timeout, CaseStatus::fail}) {
    Report report({});
    report.record({"g", "half"}, "p", status);
    EXPECT_FALSE(report.passed()) << name(status);
  }
  Report accepted({});
  accepted.record({"g", "half"}, "p", CaseStatus::acceptedInvalid);
  EXPECT_TRUE(accepted.passed()) << "ACCEPTED_INVALID is reported apart from conformance (G-4)";
}

TEST(Report, JsonCarriesMetaGroupsAndFailures) {
  const auto json = nlohmann::json::parse(sampleReport(true).toJsonText());
  EXPECT_EQ(json["schema"], "dcconf.report/1");
  EXPECT_EQ(json["meta"]["backend"], "fast");
  EXPECT_EQ(json["meta"]["seed"], 42);
  EXPECT_FALSE(json["passed"].get<bool>());
  EXPECT_EQ(json["totals"]["FAIL"], 1);
  ASSERT_EQ(json["failures"].size(), 1u);
  EXPECT_EQ(json["failures"][0]["clause"], "PAD-G2U-3");
  EXPECT_EQ(json["groups"].size(), 2u);
  EXPECT_EQ(json["unspecified"]["AMB-2: DataCopyPad dummy bytes (PAD-G2U-5)"]["bytes"], 32);
  EXPECT_EQ(json["unspecified"]["AMB-2: DataCopyPad dummy bytes (PAD-G2U-5)"]["cases"], 2);
}

TEST(Report, SummarySaysHowManyBytesWereLeftUnspecifiedAndWhy) {
  std::ostringstream out;
  sampleReport(false).printSummary(out);
  EXPECT_NE(out.str().find("unspecified: 32 destination bytes"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("AMB-2: DataCopyPad dummy bytes"), std::string::npos) << out.str();
}

// Short by default: the three reasons that left the most bytes unchecked, then how many more; verbose: all.
TEST(Report, SummaryListsTheLargestUnspecifiedReasonsUnlessVerbose) {
  Report report = sampleReport(false);
  for (int k = 1; k <= 5; ++k) report.addUnspecified("reason " + std::to_string(k), static_cast<std::uint64_t>(100 * k));
  std::ostringstream out, verbose;
  report.printSummary(out);
  report.printSummary(verbose, /*verbose=*/true);
  EXPECT_NE(out.str().find("reason 5\n"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("reason 3\n"), std::string::npos) << out.str();
  EXPECT_EQ(out.str().find("reason 2\n"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("  ... and 3 more reasons (-v or the report lists all)\n"), std::string::npos) << out.str();
  EXPECT_NE(verbose.str().find("reason 1\n"), std::string::npos) << verbose.str();
  EXPECT_NE(verbose.str().find("AMB-2: DataCopyPad dummy bytes"), std::string::npos) << verbose.str();
  EXPECT_EQ(out.str().find(" cases: "), std::string::npos) << "the totals line is the caller's, printed last";
}

TEST(Report, JunitEscapesAndMarksFailures) {
  const std::string xml = sampleReport(true).toJunitXml();
  EXPECT_NE(xml.find("<failure"), std::string::npos);
  EXPECT_NE(xml.find("&amp; &quot;quoted&quot; &lt;tag&gt;"), std::string::npos);
  EXPECT_EQ(xml.find("<tag>"), std::string::npos);
}

TEST(Report, SummaryNamesEveryGroupAndTheRepro) {
  std::ostringstream out;
  sampleReport(true).printSummary(out);
  EXPECT_NE(out.str().find("DataCopyPad GM->VECIN"), std::string::npos);
  EXPECT_NE(out.str().find("repro: dcconf run --backend fast --replay failures/pad-half-1.json"), std::string::npos);
}

// Issue 26: failures sharing a signature are one block naming the other units; a short summary, one line a bug, and
// the totals line come last.
TEST(Report, FailuresOfOneBugAreOneBlockAndTheTotalsComeLast) {
  Report report({"dcconf run", "0.1.0", "p", "1", "atlas-a2", "default", 1, "1/1", ""});
  auto failure = [](std::string id, std::string signature) {
    Failure f;
    f.id = std::move(id);
    f.group = "DataCopy GM->VECIN";
    f.dtype = "half";
    f.property = "G-1 conformance";
    f.clause = "DC-2";
    f.status = "FAIL";
    f.message = "dst byte 3 differs";
    f.diff = {"diff line of " + f.id};
    f.repro = "repro of " + f.id;
    f.signature = signature;
    f.signatureText = signature.empty() ? "" : "FAIL G-1 conformance, region data: a wrong value";
    return f;
  };
  report.record({"DataCopy GM->VECIN", "half"}, "G-1 conformance", CaseStatus::fail, 3);
  report.addFailure(failure("a-half", "sig-1"));
  report.addFailure(failure("lonely", ""));
  report.addFailure(failure("a-float", "sig-1"));
  report.finish(std::chrono::duration<double>(1));
  ASSERT_EQ(report.failureGroups().size(), 2u);
  std::ostringstream out;
  report.printSummary(out);
  EXPECT_EQ(out.str().find("3 cases:"), std::string::npos) << "the caller prints the totals, after what it adds";
  report.printTotals(out);  // as every caller does, last
  const std::string text = out.str();
  EXPECT_NE(text.find("diff line of a-half"), std::string::npos);
  EXPECT_EQ(text.find("diff line of a-float"), std::string::npos) << "the second failure of a bug is not a block: " << text;
  EXPECT_NE(text.find("the same bug (FAIL G-1 conformance, region data: a wrong value) in 1 more: a-float"),
            std::string::npos) << text;
  EXPECT_NE(text.find("short summary: 2 distinct failures in 3 failing unit results"), std::string::npos) << text;
  const std::size_t totals = text.find("3 cases: 0 passed, 3 failed");
  ASSERT_NE(totals, std::string::npos) << text;
  EXPECT_GT(totals, text.find("short summary")) << "the totals line is the last thing a person reads";
  EXPECT_EQ(text.find("3 cases:", totals + 1), std::string::npos) << "one totals line";
  // report.json carries the signature; a merge reads it back
  const auto json = nlohmann::json::parse(report.toJsonText());
  EXPECT_EQ(json["failures"][0]["signature"], "sig-1");
  EXPECT_FALSE(json["failures"][1].contains("signature"));
}

// Writes both formats for the schema-validation test registered beside this one.
// The folder is $DCCONF_REPORT_SAMPLE_DIR (the schema test sets its own temporary folder); alone, a private one.
TEST(Report, WritesSamplesForSchemaValidation) {
  const Report report = sampleReport(true);
  const std::filesystem::path dir = sampleDir("report");
  std::ofstream(dir / "report.json") << report.toJsonText();
  std::ofstream(dir / "junit.xml") << report.toJunitXml();
  EXPECT_TRUE(std::filesystem::is_regular_file(dir / "junit.xml"));
  if (std::getenv("DCCONF_REPORT_SAMPLE_DIR") == nullptr) std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace dcconf::report

namespace dcconf::report {
namespace {

TEST(Report, MergesAnotherReportsJson) {
  Report merged({});
  ASSERT_TRUE(merged.mergeJson(sampleReport(true).toJsonText()));
  ASSERT_TRUE(merged.mergeJson(sampleReport(false).toJsonText()));
  EXPECT_EQ(merged.totals().total(), 19u + 18u);
  EXPECT_EQ(merged.failures().size(), 1u);
  EXPECT_FALSE(merged.passed());
  const auto& dummy = merged.unspecified().at("AMB-2: DataCopyPad dummy bytes (PAD-G2U-5)");
  EXPECT_EQ(dummy.bytes, 2u * 32u);
  EXPECT_EQ(dummy.cases, 2u * 2u);
  // declared limits: listed once, the per-operation tallies added
  const auto limits = nlohmann::json::parse(merged.toJsonText()).at("limits");
  EXPECT_EQ(limits.at("declared"), nlohmann::json::array({"nd2nz: params.dstNzNStride in {1}"}));
  EXPECT_EQ(limits.at("operations").at("nd2nz"),
            (nlohmann::json{{"drawnInside", 20}, {"notDrawn", 2}, {"notSent", 4},
                            {"constraints", {{"params.nValue <= params.dstNzC0Stride", {{"active", 14}, {"tight", 6}}}}}}));
  std::ostringstream summary;
  merged.printSummary(summary);
  EXPECT_NE(summary.str().find("  limit nd2nz: params.dstNzNStride in {1}\n"), std::string::npos) << summary.str();
  // G-6 fingerprint: per-reading case counts add up; AMB-9 is only shift-raw in one, only shift-plus-one in the other
  EXPECT_EQ(merged.readings().at(8).firstOnly, 2u);
  EXPECT_EQ(merged.readings().at(8).both, 2u);
  EXPECT_EQ(Report::fingerprint(8, &merged.readings().at(8)), "offset-signed");
  EXPECT_EQ(Report::fingerprint(9, &merged.readings().at(9)), "INCONSISTENT");
  EXPECT_EQ(Report::fingerprint(13, nullptr), "not exercised");
  // short by default: the count and every INCONSISTENT ambiguity; -v (verbose) one line per open ambiguity
  EXPECT_NE(summary.str().find("readings (G-6): 2 of 13 open ambiguities exercised, 1 INCONSISTENT"), std::string::npos)
      << summary.str();
  EXPECT_NE(summary.str().find("  AMB-9   INCONSISTENT"), std::string::npos) << summary.str();
  EXPECT_EQ(summary.str().find("  AMB-8 "), std::string::npos) << summary.str();
  EXPECT_EQ(summary.str().find("  AMB-13  not exercised"), std::string::npos) << summary.str();
  std::ostringstream verbose;
  merged.printSummary(verbose, /*verbose=*/true);
  EXPECT_NE(verbose.str().find("  AMB-9   INCONSISTENT"), std::string::npos) << verbose.str();
  EXPECT_NE(verbose.str().find("  AMB-8   offset-signed"), std::string::npos) << verbose.str();
  EXPECT_NE(verbose.str().find("  AMB-13  not exercised"), std::string::npos) << verbose.str();
  const auto readings = nlohmann::json::parse(merged.toJsonText()).at("readings");
  EXPECT_EQ(readings.at("AMB-8").at("fingerprint"), "offset-signed");
  EXPECT_EQ(readings.at("AMB-19").at("fingerprint"), "not exercised");
  // junit.xml: the fingerprint as properties of a "readings (G-6)" suite, one test case per exercised ambiguity,
  // which fails only under --strict-readings
  const std::string junit = merged.toJunitXml();
  EXPECT_NE(junit.find("<property name=\"AMB-8\" value=\"offset-signed\"/>"), std::string::npos) << junit;
  EXPECT_NE(junit.find("<property name=\"AMB-13\" value=\"not exercised\"/>"), std::string::npos) << junit;
  EXPECT_NE(junit.find("<testcase classname=\"dcconf.readings\" name=\"AMB-9 INCONSISTENT\""), std::string::npos);
  EXPECT_EQ(junit.find("AMB-9 INCONSISTENT under --strict-readings"), std::string::npos) << "not strict: no failure";
  Report strict = merged;
  strict.setStrictReadings(true);
  const std::string strictJunit = strict.toJunitXml();
  EXPECT_NE(strictJunit.find("<failure message=\"G-6: AMB-9 INCONSISTENT under --strict-readings"), std::string::npos)
      << strictJunit;
  EXPECT_EQ(strictJunit.find("G-6: AMB-8 INCONSISTENT"), std::string::npos);
  EXPECT_FALSE(merged.mergeJson("{\"schema\": \"something else\"}"));
  EXPECT_FALSE(merged.mergeJson("not json"));
}

}  // namespace
}  // namespace dcconf::report
