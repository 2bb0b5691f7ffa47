// The pictures on every operation and product, bounded sizes on big buffers, and the failure highlight on exactly the
// mismatching bytes. The browser renders them in render_check.py (CTest pictures.browser.*).
#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <variant>

#include "dcconf/casefile/casefile.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "dcconf/pictures/pictures.hpp"
#include "dcconf/properties/generators.hpp"
#include "page_text.hpp"

namespace dcconf::pictures {
namespace {

constexpr std::size_t kFewMegabytes = 3u << 20;

using testing::count;
using testing::gridText;

// The width attribute of a page's (first) picture, in px.
double svgWidth(const std::string& page) {
  static const std::regex width(R"re(<svg [^>]*id="picture" width="([0-9.]+)")re");
  std::smatch m;
  return std::regex_search(page, m, width) ? std::stod(m[1].str()) : -1;
}
constexpr double kWindowPx = 1400;  // issue 28: a picture fits a 1,400 px window

// A FAIL whose actual destination is the oracle's expectation with one bit of one byte flipped.
FailureInput oneWrongByte(const casefile::CaseData& data, std::string id, std::size_t byte) {
  FailureInput f;
  f.id = std::move(id);
  f.status = "FAIL";
  f.actual = oracle::evaluate(data.c, data.src, data.dstBefore).expectation.expected;
  f.actual[byte] ^= 1;
  return f;
}

// Every (product, operation) row of the support table, drawn on generated cases of its first dtype that has any.
TEST(Pictures, ExplainDrawsEveryOperationOnEveryProduct) {
  const auto& table = oracle::supportTable();
  ASSERT_TRUE(table.table.has_value()) << table.error;
  std::size_t rows = 0, rowsDrawn = 0;
  for (const auto& row : table.table->rows) {
    if (!properties::hasGenerator(row.operation)) continue;
    ++rows;
    int drawn = 0;
    for (const oracle::DType dtype : row.dtypes) {
      properties::Scope scope;
      scope.product = row.product;
      scope.dtypes = {dtype};
      if (drawn > 0 || !properties::scopeHasCases(row.operation, scope)) continue;
      const auto gen = properties::genCase(row.operation, scope);
      for (int seed = 1; seed <= 3; ++seed) {
        const casefile::CaseData data = gen(rc::Random(static_cast<std::uint64_t>(seed)), 30).value().data;
        const Explained e = explainCase(data);
        const std::string what = std::string(oracle::name(row.product)) + " " + std::string(oracle::name(row.operation));
        ASSERT_LT(e.html.size(), kFewMegabytes) << what;
        ASSERT_EQ(e.svg.rfind("<?xml", 0), 0u);
        if (oracle::evaluate(data.c, data.src, data.dstBefore).verdict != oracle::Verdict::computed) {
          EXPECT_NE(e.html.find("Oracle verdict"), std::string::npos) << what;
          continue;
        }
        EXPECT_NE(gridText(e.svg, "src").find("<rect"), std::string::npos) << what;
        EXPECT_NE(gridText(e.svg, "dst").find("<rect"), std::string::npos) << what;
        EXPECT_EQ(count(e.svg, "class=\"mm\""), 0u) << "no mismatch highlight on an explain page";
        EXPECT_NE(e.html.find("<h3>Parameters</h3>"), std::string::npos);
        EXPECT_GT(svgWidth(e.svg), 0) << what;
        EXPECT_LE(svgWidth(e.svg), kWindowPx) << what;
        ++drawn;
      }
    }
    rowsDrawn += drawn > 0 ? 1 : 0;
    EXPECT_GT(drawn, 0) << "nothing drawn for " << oracle::name(row.product) << " " << oracle::name(row.operation);
  }
  EXPECT_EQ(rowsDrawn, rows);
  EXPECT_GT(rows, 30u);
}

// A case made by hand: ND2NZ half, 4 x 32 -> two column blocks of 4 rows (the docs' example).
casefile::CaseData nd2nzCase() {
  casefile::CaseData data;
  data.c.api = oracle::Api::DataCopy;
  data.c.srcPos = oracle::Position::GM;
  data.c.dstPos = oracle::Position::A1;
  data.c.dtype = oracle::DType::half;
  data.c.params = oracle::Nd2NzParams{1, 4, 32, 0, 32, 4, 1, 0};
  data.c.src = {256, 0};
  data.c.dst = {320, 0};
  data.src.resize(256);
  for (std::size_t i = 0; i < data.src.size(); ++i) data.src[i] = static_cast<std::uint8_t>(i * 7 + 1);
  data.dstBefore.assign(320, 0xA5);
  return data;
}

TEST(Pictures, ExplainArrowsFollowTheLayout) {
  const Explained e = explainCase(nd2nzCase());
  // ND2NZ-2: each of the 4 rows is split into 2 column blocks of 16: 8 contiguous runs, 8 arrows.
  EXPECT_EQ(count(e.svg, "class=\"arrow\""), 8u);
  // Source element (row 1, column 16) lands in column block 1, row 1: labelled with its ND coordinate there.
  EXPECT_NE(gridText(e.svg, "dst").find(">1,16</text>"), std::string::npos);
  EXPECT_NE(e.html.find("32-byte rows"), std::string::npos) << "dstNzC0Stride's unit in the parameter table";
}

TEST(Pictures, FailurePageHighlightsExactlyTheMismatchingElements) {
  const casefile::CaseData data = nd2nzCase();
  const auto e = oracle::evaluate(data.c, data.src, data.dstBefore);
  ASSERT_EQ(e.verdict, oracle::Verdict::computed);
  FailureInput f;
  f.id = "t";
  f.status = "FAIL";
  f.actual = e.expectation.expected;
  f.actual[5] ^= 0xFF;    // column block 0, row 0, element 2
  f.actual[130] ^= 0x01;  // 32-byte row 4 = column block 1 (dstNzC0Stride 4), row 0, element 1
  const std::string page = failurePage(data, f);
  EXPECT_EQ(count(gridText(page, "diff"), "class=\"mm\""), 2u);
  EXPECT_EQ(count(gridText(page, "act"), "class=\"mm\""), 2u);
  EXPECT_EQ(count(gridText(page, "exp"), "class=\"mm\""), 0u);
  EXPECT_NE(gridText(page, "diff").find("data-b0=\"4\" data-b1=\"6\""), std::string::npos);
  EXPECT_NE(page.find("MISMATCH at destination byte 130"), std::string::npos) << "hover text of the mismatch";
}

// Issue 27 item 2: an output that mixes two readings of AMB-8 inside one call matches every cared byte; its failure
// page highlights the bytes no single reading explains and names the reading each follows. REQ8 int32 -> int8, one row
// of 32 columns, offset field 0x1FE (-2 signed, 510 unsigned), scale 1.0, source column n = 5 + n: column n is 3 + n
// under offset-signed and saturates to 127 under offset-unsigned (SEMANTICS FIX-6, AMB-8; worked by hand).
// A FIX (DataCopyCO12DstParams) case of one row of nSize columns from NZ fractals of 32-bit U (zeros), dst 0xA5.
casefile::CaseData fixRowCase(oracle::DType t, oracle::DType u, oracle::QuantMode quantPre, std::uint16_t nSize,
                              std::uint64_t dstBytes) {
  casefile::CaseData data;
  oracle::Case& c = data.c;
  c.api = oracle::Api::DataCopy;
  c.srcPos = oracle::Position::CO1;
  c.dstPos = oracle::Position::GM;
  c.dtype = t;
  oracle::DataCopyCO12DstParams p;
  p.nSize = nSize;
  p.mSize = 1;
  p.srcStride = 16;
  p.dstStride = 1;
  p.quantPre = quantPre;
  c.params = p;
  c.fixpipe = oracle::FixpipeState{};
  c.fixpipe->srcDType = u;
  c.src = {std::uint64_t{16 * 16 * 4} * ((nSize + 15u) / 16u), 0};
  c.dst = {dstBytes, 0};
  data.src.assign(c.src.sizeBytes, 0);
  data.dstBefore.assign(c.dst.sizeBytes, 0xA5);
  return data;
}

TEST(Pictures, FailurePageDrawsAMixOfReadings) {
  casefile::CaseData data = fixRowCase(oracle::DType::int8_t, oracle::DType::int32_t, oracle::QuantMode::REQ8, 32, 96);
  data.c.fixpipe->quantScalar = std::uint64_t{0x3F800000} | std::uint64_t{1} << 46 | std::uint64_t{0x1FE} << 37;
  for (std::uint32_t n = 0; n < 32; ++n) data.src[((n / 16) * 256 + n % 16) * 4] = static_cast<std::uint8_t>(5 + n);
  FailureInput f;
  f.id = "mix";
  f.status = "FAIL";
  f.clause = "G-6";
  f.actual = data.dstBefore;
  for (std::uint32_t n = 0; n < 32; ++n) f.actual[n] = n % 2 == 0 ? static_cast<std::uint8_t>(3 + n) : 0x7F;
  const std::string page = failurePage(data, f);
  EXPECT_NE(page.find("0 cared byte(s) differ"), std::string::npos) << "the byte-wise default passes this output";
  EXPECT_NE(page.find("2 byte(s) no single reading explains together (G-6), highlighted"), std::string::npos) << page;
  EXPECT_EQ(count(gridText(page, "act"), "class=\"mm\""), 2u);
  EXPECT_NE(page.find("<tr><td>0</td><td><code>0x03</code></td><td>AMB-8 offset-signed</td></tr>"), std::string::npos)
      << page;
  EXPECT_NE(page.find("<tr><td>1</td><td><code>0x7f</code></td><td>AMB-8 offset-unsigned</td></tr>"), std::string::npos)
      << page;
  // the same output following one reading throughout draws no conflict
  for (std::uint32_t n = 0; n < 32; ++n) f.actual[n] = 0x7F;
  const std::string whole = failurePage(data, f);
  EXPECT_EQ(whole.find("no single reading explains"), std::string::npos);
  EXPECT_EQ(count(gridText(whole, "act"), "class=\"mm\""), 0u);
}

// Issue 29 item 4: F322F16 (FIX-6) of a NaN source gives an element that must be a NaN of half (AMB-16 (project)); its
// bytes are ANY, so only the class check sees an inf there. Row 0 of one float fractal, 16 columns, column 0 a quiet
// NaN (0x7FC00000), the others 1.0f (0x3F800000).
TEST(Pictures, FailurePageHighlightsAnElementThatMustBeANan) {
  casefile::CaseData data = fixRowCase(oracle::DType::half, oracle::DType::float_, oracle::QuantMode::F322F16, 16, 64);
  const oracle::Case& c = data.c;
  for (std::uint32_t n = 0; n < 16; ++n) {
    const std::uint32_t bits = n == 0 ? 0x7FC00000u : 0x3F800000u;
    for (std::uint32_t b = 0; b < 4; ++b) data.src[n * 4 + b] = static_cast<std::uint8_t>(bits >> (8 * b));
  }
  const auto e = oracle::evaluate(c, data.src, data.dstBefore);
  ASSERT_EQ(e.verdict, oracle::Verdict::computed);
  ASSERT_EQ(e.expectation.classes.size(), 1u);
  ASSERT_EQ(e.expectation.classes[0].index, 0u);
  FailureInput f;
  f.id = "nan";
  f.status = "FAIL";
  f.actual = e.expectation.expected;
  f.actual[0] = 0x00;  // +inf of half where a NaN is due
  f.actual[1] = 0x7C;
  const std::string page = failurePage(data, f);
  EXPECT_NE(page.find("2 byte(s) of elements that must be a NaN of T and are not"), std::string::npos) << page;
  EXPECT_NE(page.find("actual inf"), std::string::npos);
  EXPECT_EQ(count(gridText(page, "act"), "class=\"mm\""), 1u) << "one half element (a grid cell) highlighted";
  f.actual[1] = 0xFE;  // 0xFE00: a negative quiet NaN conforms
  const std::string conforming = failurePage(data, f);
  EXPECT_EQ(conforming.find("must be a NaN of T and are not"), std::string::npos);
  EXPECT_EQ(count(gridText(conforming, "act"), "class=\"mm\""), 0u);
}

TEST(Pictures, BigBuffersAreGroupedIntoCellsAndStayFewMegabytes) {
  casefile::CaseData data;
  data.c.api = oracle::Api::DataCopy;
  data.c.srcPos = oracle::Position::GM;
  data.c.dstPos = oracle::Position::VECIN;
  data.c.dtype = oracle::DType::half;
  data.c.params = oracle::DataCopyParams{64, 512, 0, 0};  // 64 blocks of 16 KiB: 1 MiB
  data.c.src = {1u << 20, 0};
  data.c.dst = {1u << 20, 0};
  data.src.assign(1u << 20, 1);
  data.dstBefore.assign(1u << 20, 0);
  const Explained e = explainCase(data);
  EXPECT_LT(e.html.size(), kFewMegabytes);
  EXPECT_LT(e.svg.size(), kFewMegabytes);
  // GM: 64 rows of 16 KiB = 8192 halves: 171 elements a cell across (48 cells), 2 rows a cell down (2048 cells).
  // UB: 32-byte blocks of 16 halves, one panel per 512-block burst, rows grouped down to stay readable.
  EXPECT_NE(e.html.find("1 cell = 205 element(s) x 2 row(s)"), std::string::npos) << "at most 40 cells across";
  EXPECT_NE(e.html.find("1 cell = 1 element(s) x 512 row(s)"), std::string::npos);
  const std::string page = failurePage(data, oneWrongByte(data, "big", 700000));
  EXPECT_LT(page.size(), kFewMegabytes);
  EXPECT_EQ(count(gridText(page, "diff"), "class=\"mm\""), 1u) << "a grouped cell still shows its one mismatch";
  EXPECT_LE(svgWidth(e.svg), kWindowPx);
  EXPECT_LE(svgWidth(page), kWindowPx);
}

// Wide rows (a 40-element ND row beside a 40-element NZ-free UB panel would have been 2 x 1,632 px side by side)
// stack or group so that neither page needs a window wider than 1,400 px; the page's box scrolls, never the page.
TEST(Pictures, WideGridsFitA1400PxWindow) {
  for (const int elementsPerRow : {39, 40, 41, 48, 200}) {
    casefile::CaseData data;
    data.c.api = oracle::Api::DataCopy;
    data.c.srcPos = oracle::Position::GM;
    data.c.dstPos = oracle::Position::VECIN;
    data.c.dtype = oracle::DType::half;
    const std::uint16_t blockLen = static_cast<std::uint16_t>(elementsPerRow * 2 / 32 + 1);  // 32-byte blocks
    data.c.params = oracle::DataCopyParams{4, blockLen, 0, 0};
    const std::uint64_t bytes = 4u * 32u * blockLen;
    data.c.src = {bytes, 0};
    data.c.dst = {bytes, 0};
    data.src.assign(bytes, 3);
    data.dstBefore.assign(bytes, 0);
    const Explained e = explainCase(data);
    EXPECT_LE(svgWidth(e.svg), kWindowPx) << elementsPerRow;
    EXPECT_NE(e.html.find("<div class=\"pic\">"), std::string::npos);
    const std::string page = failurePage(data, oneWrongByte(data, "wide", 1));
    EXPECT_LE(svgWidth(page), kWindowPx) << elementsPerRow;
    EXPECT_NE(page.find("<div class=\"pic\">"), std::string::npos);
  }
}

// The quantising copy's L0C source says which m and n each cell holds (FIX-1): the caption names the layout and
// every panel its 16 channels.
TEST(Pictures, FixSourceGridNamesItsRowsAndChannels) {
  const auto loaded = casefile::loadCaseFile(std::string(DCCONF_SOURCE_DIR) + "/docs/examples/fixpipe-deqf16-int32-half.json");
  ASSERT_TRUE(std::holds_alternative<casefile::CaseData>(loaded));
  const auto& data = std::get<casefile::CaseData>(loaded);
  const Explained e = explainCase(data);
  const std::string src = gridText(e.svg, "src");
  EXPECT_NE(src.find("L0C NZ of int32_t: a row is one m, 16 channels n (64 B)"), std::string::npos) << src.substr(0, 600);
  for (const char* panel : {">column block 0: n 0..15<", ">column block 1: n 16..31<", ">column block 7: n 112..127<"}) {
    EXPECT_NE(src.find(panel), std::string::npos) << panel;
  }
  EXPECT_EQ(gridText(e.svg, "dst").find(": n 0..15<"), std::string::npos) << "the GM side is not an L0C grid";
}

TEST(Pictures, InvalidCaseSaysWhyInsteadOfDrawing) {
  casefile::CaseData data = nd2nzCase();
  std::get<oracle::Nd2NzParams>(data.c.params).srcDValue = 0;  // ND2NZ-1: srcDValue in [1, 65535]
  const Explained e = explainCase(data);
  EXPECT_NE(e.html.find("ND2NZ-1"), std::string::npos);
  EXPECT_EQ(gridText(e.svg, "src"), "");
}

TEST(Pictures, ReportPageLinksTheFailurePagesItIsGiven) {
  const std::string json = R"({"schema":"dcconf.report/1","passed":false,"meta":{"backend":"x"},
    "totals":{"PASS":1,"FAIL":1},"groups":[{"group":"ND2NZ GM->A1","dtype":"half","properties":{"G-1":{"PASS":1,"FAIL":1}}}],
    "failures":[{"id":"a","status":"FAIL","clause":"ND2NZ-2"},{"id":"b","status":"CRASH"}],
    "unspecified":{"AMB-2: dummy":{"bytes":20,"cases":1}},"coverage":{"buckets":3}})";
  const std::string page = reportPage(json, {"failures/a.html", "failures/a.json"});
  EXPECT_NE(page.find("<a href=\"failures/a.html\">a</a>"), std::string::npos);
  EXPECT_EQ(page.find("failures/b.html"), std::string::npos) << "no link to a page that was not written";
  EXPECT_NE(page.find("AMB-2: dummy"), std::string::npos);
  EXPECT_NE(page.find("<h2>Coverage</h2>"), std::string::npos);
  EXPECT_NE(page.find("<td class=\"fail\">1</td>"), std::string::npos);
  EXPECT_EQ(page.find("Readings (G-6)"), std::string::npos) << "no fingerprint table when no case exercised one";
}

// Issue 27 item 3: report.html shows the reading fingerprint, an INCONSISTENT ambiguity marked as a failure.
TEST(Pictures, ReportPageShowsTheReadingFingerprint) {
  const std::string json = R"({"schema":"dcconf.report/1","passed":true,"totals":{"PASS":1},"groups":[],"failures":[],
    "readings":{"AMB-8":{"fingerprint":"offset-signed","cases":{"both":4,"firstOnly":7,"secondOnly":0}},
                "AMB-9":{"fingerprint":"INCONSISTENT","cases":{"both":0,"firstOnly":2,"secondOnly":3}},
                "AMB-13":{"fingerprint":"not exercised"}},"strictReadings":true})";
  const std::string page = reportPage(json, {});
  EXPECT_NE(page.find("<h2>Readings (G-6)</h2>"), std::string::npos) << page;
  EXPECT_NE(page.find("<tr><td>AMB-8</td><td>offset-signed</td><td>7</td><td>0</td><td>4</td></tr>"), std::string::npos)
      << page;
  EXPECT_NE(page.find("<td>AMB-9</td><td class=\"fail\">INCONSISTENT</td>"), std::string::npos) << page;
  EXPECT_NE(page.find("<tr><td>AMB-13</td><td>not exercised</td><td></td>"), std::string::npos) << page;
  EXPECT_NE(page.find("--strict-readings"), std::string::npos) << page;
}

// A 1-ulp error of half -0.01 read "-1e-02" in both the expected and the actual cell: the two cells now show as many
// digits as tell them apart (0xa11e = -0.0099945..., 0xa11d = -0.0099869...), squeezed into the cell, the hex on hover.
TEST(Pictures, FailureCellsShowTheDigitsThatTellExpectedAndActualApart) {
  casefile::CaseData data = nd2nzCase();
  for (std::size_t i = 0; i + 1 < data.src.size(); i += 2) {
    data.src[i] = 0x1e;
    data.src[i + 1] = 0xa1;
  }
  const auto e = oracle::evaluate(data.c, data.src, data.dstBefore);
  ASSERT_EQ(e.verdict, oracle::Verdict::computed);
  FailureInput f;
  f.id = "ulp";
  f.status = "FAIL";
  f.actual = e.expectation.expected;
  ASSERT_EQ(f.actual[4], 0x1e);
  f.actual[4] = 0x1d;  // element 2: 0xa11d
  const std::string page = failurePage(data, f);
  const std::string exp = gridText(page, "exp"), act = gridText(page, "act");
  EXPECT_NE(exp.find(">-0.009995</text>"), std::string::npos) << exp.substr(0, 3000);
  EXPECT_NE(act.find(">-0.009987</text>"), std::string::npos) << act.substr(0, 3000);
  EXPECT_NE(exp.find(">-1e-02</text>"), std::string::npos) << "the equal cells stay short";
  EXPECT_NE(exp.find("textLength="), std::string::npos) << "a longer label is fitted to the cell";
  EXPECT_NE(act.find("0xa11d"), std::string::npos) << "the hex on hover";
}

// A panel heading longer than its grid wraps onto more lines instead of ending in "...".
TEST(Pictures, LongHeadingsWrapInsteadOfBeingCut) {
  const casefile::CaseData data = nd2nzCase();
  const std::string page = failurePage(data, oneWrongByte(data, "long", 5));
  for (const char* grid : {"src", "exp", "act", "diff"}) {
    const std::string text = gridText(page, grid);
    EXPECT_EQ(text.find("...</text>"), std::string::npos) << grid << ": a heading line was cut";
    EXPECT_NE(text.find("drawn</text>"), std::string::npos) << grid << ": the grouping line ends whole";
  }
}

// report.html: the failures come first, each with its picture, the totals' failure counts link to them.
TEST(Pictures, ReportPageShowsTheFailuresFirstWithTheirPictures) {
  std::string groups;
  for (int k = 0; k < 800; ++k) {
    groups += std::string(k ? "," : "") + R"({"group":"G)" + std::to_string(k) + R"(","dtype":"half","properties":{"G-1":{"PASS":1}}})";
  }
  const std::string json = R"({"schema":"dcconf.report/1","passed":false,"totals":{"PASS":800,"FAIL":1},"groups":[)" + groups +
                           R"(],"failures":[{"id":"a","status":"FAIL","clause":"ND2NZ-2","group":"G799","dtype":"half","property":"G-1"}]})";
  const std::string page = reportPage(json, {"failures/a.html"});
  const std::size_t failures = page.find("<h2 id=\"failures\">Failures</h2>"), units = page.find("<h2>Units</h2>");
  ASSERT_NE(failures, std::string::npos);
  ASSERT_NE(units, std::string::npos);
  EXPECT_LT(failures, units);
  EXPECT_LT(page.find("<iframe class=\"picture\" loading=\"lazy\" title=\"a\" src=\"failures/a.html\">"), units);
  EXPECT_NE(page.find("<td class=\"fail\"><a href=\"#failures\">1</a></td>"), std::string::npos) << "totals link";
}

}  // namespace
}  // namespace dcconf::pictures
