// Field coverage in the report (docs/coverage.md): merging, gaps, JSON round trip through a worker's report.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "dcconf/report/report.hpp"
#include "sample_dir.hpp"

namespace dcconf::report {
namespace {

FieldCoverage sample(std::uint64_t value, std::uint32_t boundaries) {
  FieldCoverage c;
  c.widthBits = 16;
  c.docMax = c.reachMax = 4095;
  c.cases = 1;
  c.min = c.max = c.bitsSet = value;
  c.bitsRequired = 0xFFF;
  c.boundaries = boundaries;
  return c;
}

Report coveredReport() {
  Report report({"dcconf run --coverage", "0.1", "fast", "1", "atlas-a2", "default", 1, "1/1", isoNowUtc()});
  report.coverage().addField("padGmToUb", "DataCopyParams.blockCount", sample(1, kBoundaryMin));
  report.coverage().addField("padGmToUb", "DataCopyParams.blockCount", sample(4095, kBoundaryMax));
  report.coverage().addBreaker("padGmToUb", "PAD-G2U-1", 7);
  report.coverage().expectBreaker("padGmToUb", "padG2UPadding", 5);
  report.coverage().addBreakerDraw("padGmToUb", "padG2UPadding", 5);
  report.coverage().addTime({1.0, 2.0, 0.5});
  report.coverage().setNumberClassNames({"tie", "bound", "+0"});
  report.coverage().addNumbers("fixpipe", "DEQF16 int32_t->half", {4, 0b111, 0b111});
  return report;
}

TEST(Coverage, MergesValuesAndNamesEveryGap) {
  const Report report = coveredReport();
  const FieldCoverage& c = report.coverage().fields().at("padGmToUb").at("DataCopyParams.blockCount");
  EXPECT_EQ(c.cases, 2u);
  EXPECT_EQ(c.min, 1u);
  EXPECT_EQ(c.max, 4095u);
  EXPECT_EQ(c.bitsSet, 0xFFFu);
  // min and max hit; min+1 and max-1 not: exactly those two gaps, named
  const std::vector<std::string> gaps = report.coverage().gaps();
  ASSERT_EQ(gaps.size(), 2u);
  EXPECT_EQ(gaps[0], "padGmToUb DataCopyParams.blockCount: boundary min+1");
  EXPECT_EQ(gaps[1], "padGmToUb DataCopyParams.blockCount: boundary max-1");
}

TEST(Coverage, AMissingBitIsAGap) {
  Coverage coverage;
  coverage.addField("copy0Level", "DataCopyParams.dstStride", sample(0x7FFF, 15));
  const auto gaps = coverage.gaps();
  EXPECT_TRUE(gaps.empty()) << gaps.front();
  FieldCoverage wide = sample(1, 15);
  wide.bitsRequired = 0xFFFF;
  coverage.addField("copy0Level", "DataCopyParams.dstStride", wide);
  ASSERT_EQ(coverage.gaps().size(), 1u);
  EXPECT_EQ(coverage.gaps()[0], "copy0Level DataCopyParams.dstStride: bit 15");
}

// An enumeration (FIX quantPre) wants every value: a value never drawn is a gap, whatever the bits and boundaries.
TEST(Coverage, AnEnumerationValueNeverDrawnIsAGap) {
  Coverage coverage;
  for (const std::uint64_t v : {0, 1, 2, 3, 4, 5, 7, 8}) {  // 6 (VQF322B8_PRE) missing: bits and boundaries all hit
    FieldCoverage c = sample(v, (v == 0 ? kBoundaryMin : 0) | (v == 1 ? kBoundaryMinPlus1 : 0) |
                                    (v == 7 ? kBoundaryMaxMinus1 : 0) | (v == 8 ? kBoundaryMax : 0));
    c.docMax = c.reachMax = 8;
    c.bitsRequired = 0xF;
    c.valuesSeen = std::uint64_t{1} << v;
    c.valuesRequired = 0x1FF;
    coverage.addField("fixpipe", "DataCopyCO12DstParams.quantPre", c);
  }
  const auto gaps = coverage.gaps();
  ASSERT_EQ(gaps.size(), 1u);
  EXPECT_EQ(gaps[0], "fixpipe DataCopyCO12DstParams.quantPre: value 6");
}

// A special source-value class meaningful for a conversion and never drawn is one gap line; a class the conversion
// has no use for (required bit clear) is none.
TEST(Coverage, AMissingNumberClassIsAGap) {
  Coverage coverage;
  coverage.setNumberClassNames({"tie", "bound", "pastBound", "+0", "-0"});
  coverage.addNumbers("fixpipe", "REQ8 int32_t->int8_t", {3, 0b01111, 0b00111});    // -0 not required: no gap
  coverage.addNumbers("fixpipe", "REQ8 int32_t->int8_t", {2, 0b01111, 0b00011});    // +0 required, never drawn
  coverage.addNumbers("enhancedCo1ToCo2", "DEQ half->half", {1, 0b11111, 0b11111});  // complete
  const auto gaps = coverage.gaps();
  ASSERT_EQ(gaps.size(), 1u);
  EXPECT_EQ(gaps[0], "fixpipe REQ8 int32_t->int8_t: class +0");
  EXPECT_EQ(coverage.numbers().at("fixpipe").at("REQ8 int32_t->int8_t").cases, 5u);
  Coverage merged;  // a worker's report carries the class names and the classes by name
  ASSERT_TRUE(merged.mergeJsonText(coverage.toJsonText()));
  ASSERT_EQ(merged.gaps(), gaps);
}

TEST(Coverage, SurvivesAWorkersReport) {
  Report merged({});
  ASSERT_TRUE(merged.mergeJson(coveredReport().toJsonText()));
  ASSERT_TRUE(merged.mergeJson(coveredReport().toJsonText()));
  const FieldCoverage& c = merged.coverage().fields().at("padGmToUb").at("DataCopyParams.blockCount");
  EXPECT_EQ(c.cases, 4u);
  EXPECT_EQ(c.boundaries, kBoundaryMin | kBoundaryMax);
  EXPECT_EQ(merged.coverage().breakers().at("padGmToUb").at("PAD-G2U-1"), 14u);
  EXPECT_DOUBLE_EQ(merged.coverage().time().oracleSeconds, 4.0);
  EXPECT_EQ(merged.coverage().breakerDraws().at("padGmToUb").at("padG2UPadding").drawn, 10u);
  EXPECT_EQ(merged.coverage().breakerDraws().at("padGmToUb").at("padG2UPadding").minimum, 5u);
}

// G-4 minimum (docs/coverage.md): a breaker registered and drawn fewer times than its minimum is one gap line; a
// breaker never drawn at all is one too (it was registered with 0 draws), and both survive a worker's report.
TEST(Coverage, ABreakerUnderItsMinimumIsAGap) {
  Coverage coverage;
  coverage.expectBreaker("nd2nz", "nd2nzRange", 5);
  coverage.expectBreaker("nd2nz", "G-1/G-2 short buffer", 5);
  coverage.addBreakerDraw("nd2nz", "nd2nzRange", 4);
  coverage.addBreakerDraw("nd2nz", "G-1/G-2 short buffer", 5);
  coverage.expectBreaker("nz2nd", "nz2ndRange", 5);
  std::vector<std::string> gaps = coverage.gaps();
  ASSERT_EQ(gaps.size(), 2u);
  EXPECT_EQ(gaps[0], "nd2nz G-4 breaker nd2nzRange: drawn 4 times, minimum 5");
  EXPECT_EQ(gaps[1], "nz2nd G-4 breaker nz2ndRange: drawn 0 times, minimum 5");
  Coverage merged;
  ASSERT_TRUE(merged.mergeJsonText(coverage.toJsonText()));
  EXPECT_EQ(merged.gaps(), gaps);
  coverage.addBreakerDraw("nd2nz", "nd2nzRange");
  coverage.addBreakerDraw("nz2nd", "nz2ndRange", 5);
  gaps = coverage.gaps();
  EXPECT_TRUE(gaps.empty()) << gaps.front();
}

TEST(Coverage, WritesASampleForSchemaValidation) {
  const std::filesystem::path dir = sampleDir("coverage") / "coverage";
  std::filesystem::create_directories(dir);
  const Report report = coveredReport();
  std::ofstream(dir / "report.json") << report.toJsonText();
  std::ofstream(dir / "junit.xml") << report.toJunitXml();
  EXPECT_TRUE(std::filesystem::is_regular_file(dir / "junit.xml"));
  if (std::getenv("DCCONF_REPORT_SAMPLE_DIR") == nullptr) std::filesystem::remove_all(dir.parent_path());
}

}  // namespace
}  // namespace dcconf::report
