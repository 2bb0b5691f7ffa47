// A failure names the clause that defines the wrong byte: for every operation, generated cases are evaluated, one
// cared byte of each region is corrupted, and describeMismatches must label it with the clause that defines that
// region's content for the case (DN2NZ-1 for DN2NZ data and tails, DN2NZ-3 with small C0, ENH-1 for block geometry,
// ENH-3 for ReLU and sidStoreMode halves, FIX-1/2/3 for pure moves, FIX-6 for conversions, ...). The table below is
// the specification of that mapping, written from SEMANTICS.md; each operation must show every label it lists.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include <rapidcheck/Random.h>

#include "dcconf/properties/generators.hpp"
#include "dcconf/run/diff.hpp"

namespace dcconf::run {
namespace {

using oracle::Operation;
using oracle::Region;

std::string expectedClause(const oracle::Case& c, Operation op, Region region) {
  if (const int amb = oracle::ambiguityId(region); amb != 0) return "AMB-" + std::to_string(amb);
  if (op == Operation::nddma && region != Region::keep) return region == Region::collision ? "NDDMA-4" : "NDDMA-3";
  const bool tail = region == Region::zeroTail;
  switch (region) {
    case Region::leftPad:
    case Region::rightPad: return "PAD-G2U-4";
    case Region::dummy: return op == Operation::nd2nzGmToUb ? "ND2NZUB-4" : "PAD-G2U-5";
    case Region::compactTail: return "PAD-CMP-3";
    case Region::special: return "AMB-16";
    case Region::workspace: return "PAD-U2L1-1";
    case Region::collision:
      return c.loopMode                          ? "LOOP-3"  // the loop iterations' own order rule
             : op == Operation::dn2nz            ? "DN2NZ-1"
             : op == Operation::nd2nzGmToUb      ? "ND2NZUB-5"
             : op == Operation::broadcastUbToL0c ? "BRC-4"
                                                 : "ND2NZ-4";
    default: break;
  }
  switch (op) {
    case Operation::padGmToUb: return "PAD-G2U-3";
    case Operation::padUbToGm: return "PAD-U2G-2";
    case Operation::padUbToTscm: return tail ? "ND2NZ-3" : "PAD-U2L1-1";
    case Operation::copy0Level: return "DC-2";
    case Operation::copy2Level: return "DC-3";
    case Operation::nd2nz: return tail ? "ND2NZ-3" : "ND2NZ-2";
    case Operation::nz2nd: return "NZ2ND-2";
    case Operation::slice: return "SLICE-4";
    case Operation::dn2nz: return std::get<oracle::Dn2NzParams>(c.params).enableSmallC0 ? "DN2NZ-3" : "DN2NZ-1";
    case Operation::enhancedNormal: return "ENH-1";
    case Operation::enhancedCo1ToCo2: {
      const auto& e = *c.enhancedParams;
      const bool deq8 = e.deqScale == oracle::DeqScale::deq8 || e.deqScale == oracle::DeqScale::vdeq8;
      if ((deq8 && e.sidStoreMode != 3) || e.isRelu) return "ENH-3";
      return e.deqScale != oracle::DeqScale::none ? "ENH-2" : "ENH-1";
    }
    case Operation::fixpipe: {
      const auto& p = std::get<oracle::DataCopyCO12DstParams>(c.params);
      if (p.quantPre != oracle::QuantMode::NoQuant || p.reluPre != 0) return "FIX-6";
      return p.nz2ndEn ? "FIX-2" : p.channelSplit ? "FIX-3" : "FIX-1";
    }
    case Operation::padCompactGmToUb: return "PAD-CMP-2";
    case Operation::padCompactUbToGm: return "PAD-CMP-4";
    case Operation::nd2nzGmToUb: return "ND2NZUB-3";
    case Operation::fixpipe950: {  // FIX950-5 for a conversion, else the layout's clause
      const auto& p = std::get<oracle::DataCopyCO12DstParams>(c.params);
      if (p.quantPre != oracle::QuantMode::NoQuant || p.reluPre != 0) return "FIX950-5";
      const auto layout = *c.fixpipe->layout;
      return layout == oracle::Co2Layout::ROW_MAJOR ? "FIX950-3" : layout == oracle::Co2Layout::COLUMN_MAJOR ? "FIX950-4" : "FIX950-2";
    }
    case Operation::nddma: return "NDDMA-3";
    case Operation::broadcastUbToL0c: return "BRC-3";
  }
  return "?";
}

// The labels each operation's generated cases must produce at least once.
const std::map<Operation, std::set<std::string>>& mustSee() {
  static const std::map<Operation, std::set<std::string>> table{
      {Operation::padGmToUb, {"PAD-G2U-3", "PAD-G2U-4", "PAD-G2U-5"}},
      {Operation::padUbToGm, {"PAD-U2G-2"}},
      {Operation::padCompactGmToUb, {"PAD-CMP-2", "PAD-CMP-3"}},
      {Operation::padCompactUbToGm, {"PAD-CMP-4"}},
      {Operation::padUbToTscm, {"PAD-U2L1-1", "ND2NZ-3"}},
      {Operation::copy0Level, {"DC-2"}},
      {Operation::copy2Level, {"DC-3"}},
      {Operation::nd2nz, {"ND2NZ-2", "ND2NZ-3"}},
      {Operation::nz2nd, {"NZ2ND-2"}},
      {Operation::slice, {"SLICE-4"}},
      {Operation::dn2nz, {"DN2NZ-1", "DN2NZ-3"}},
      {Operation::nddma, {"NDDMA-3"}},
      {Operation::enhancedNormal, {"ENH-1"}},
      {Operation::enhancedCo1ToCo2, {"ENH-1", "ENH-2", "ENH-3"}},
      {Operation::fixpipe, {"FIX-1", "FIX-2", "FIX-3", "FIX-6"}},
      {Operation::fixpipe950, {"FIX950-2", "FIX950-3", "FIX950-4", "FIX950-5"}},
      {Operation::nd2nzGmToUb, {"ND2NZUB-3"}},  // ND2NZUB-4 bytes are ANY: never a mismatch
      {Operation::broadcastUbToL0c, {"BRC-3"}},  // AMB-40/41 and BRC-4 collision bytes are ANY: never a mismatch
  };
  return table;
}

class DiffClauses : public ::testing::TestWithParam<Operation> {};

TEST_P(DiffClauses, EveryRegionIsLabelledWithItsDefiningClause) {
  const Operation op = GetParam();
  const rc::Gen<properties::GeneratedCase> gen = properties::genCase(op);
  std::set<std::string> seen;
  std::uint64_t checked = 0;
  for (int k = 0; k < 300; ++k) {
    const casefile::CaseData d = gen(rc::Random(static_cast<std::uint64_t>(k) * 7919 + 11), 30).value().data;
    const oracle::Evaluation e = oracle::evaluate(d.c, d.src, d.dstBefore);
    if (e.verdict != oracle::Verdict::computed) continue;
    const auto& x = e.expectation;
    std::set<Region> done;  // one corrupted byte per region and case
    for (std::uint64_t b = 0; b < x.expected.size(); ++b) {
      if (x.care[b] == 0 || x.region[b] == Region::keep || !done.insert(x.region[b]).second) continue;
      std::vector<std::uint8_t> actual = x.expected;
      oracle::writeCanonicalClasses(x.classes, actual);  // AMB-16: the conforming output holds a NaN where one is due
      actual[b] ^= 0x5A;
      const MismatchReport r = describeMismatches(d.c, e, actual);
      ASSERT_EQ(r.firstByte, b);
      const std::string want = expectedClause(d.c, op, x.region[b]);
      ASSERT_EQ(r.clause, want) << oracle::name(op) << " region " << oracle::name(x.region[b]) << " byte " << b;
      ASSERT_NE(r.summary.find("[" + want + "]"), std::string::npos) << r.summary;
      seen.insert(want);
      ++checked;
    }
  }
  EXPECT_GT(checked, 0u);
  for (const std::string& label : mustSee().at(op)) {
    EXPECT_TRUE(seen.count(label) != 0) << oracle::name(op) << ": no generated case produced a " << label << " byte";
  }
}

// AMB-16 (project, issue 29 item 4): a FIX element that must be a NaN of T and holds +inf is reported at its first
// byte with the conversion's clause and AMB-16; any NaN payload there is no mismatch.
TEST(DiffClausesNanClass, InfWhereANanOfTIsDue) {
  const rc::Gen<properties::GeneratedCase> gen = properties::genCase(Operation::fixpipe);
  std::uint64_t checked = 0;
  for (int k = 0; k < 400 && checked < 3; ++k) {
    const casefile::CaseData d = gen(rc::Random(static_cast<std::uint64_t>(k) * 104729 + 5), 30).value().data;
    const oracle::Evaluation e = oracle::evaluate(d.c, d.src, d.dstBefore);
    if (e.verdict != oracle::Verdict::computed || e.expectation.classes.empty()) continue;
    const oracle::ClassConstraint& nan = e.expectation.classes.front();
    ASSERT_TRUE(nan.dtype == oracle::DType::half || nan.dtype == oracle::DType::bfloat16_t);
    std::vector<std::uint8_t> actual = e.expectation.expected;
    for (const oracle::ClassConstraint& each : e.expectation.classes) {  // some NaN everywhere: no mismatch
      actual[each.index] = 0x01;
      actual[each.index + 1] = each.dtype == oracle::DType::half ? 0xFE : 0xFF;  // 0xFE01 / 0xFF01: negative NaNs
      if (each.dtype == oracle::DType::bfloat16_t) actual[each.index] = 0x81;  // 0xFF81
    }
    ASSERT_EQ(describeMismatches(d.c, e, actual).mismatchedBytes, 0u);
    actual[nan.index] = 0x00;  // +inf
    actual[nan.index + 1] = nan.dtype == oracle::DType::half ? 0x7C : 0x7F;
    if (nan.dtype == oracle::DType::bfloat16_t) actual[nan.index] = 0x80;
    const MismatchReport r = describeMismatches(d.c, e, actual);
    EXPECT_EQ(r.brokenClassElements, 1u);
    EXPECT_EQ(r.mismatchedBytes, 2u);
    EXPECT_EQ(r.firstByte, nan.index);
    EXPECT_EQ(r.clause, "FIX-6, AMB-16");
    ASSERT_FALSE(r.lines.empty());
    EXPECT_NE(r.lines.front().find("actual inf"), std::string::npos) << r.lines.front();
    EXPECT_EQ(oracle::firstMismatch(e.expectation, actual), nan.index);
    ++checked;
  }
  EXPECT_EQ(checked, 3u) << "the FIX generators plant NaN sources (specialFloats)";
}

// KEEP bytes: a write into a gap between blocks is G-1 (gap), past the footprint G-1 (guard), whatever the operation.
TEST(DiffClausesKeep, GapAndGuard) {
  const rc::Gen<properties::GeneratedCase> gen = properties::genCase(Operation::copy0Level);
  bool gap = false, guard = false;
  for (int k = 0; k < 200 && !(gap && guard); ++k) {
    const casefile::CaseData d = gen(rc::Random(static_cast<std::uint64_t>(k) + 1), 30).value().data;
    const oracle::Evaluation e = oracle::evaluate(d.c, d.src, d.dstBefore);
    if (e.verdict != oracle::Verdict::computed || e.footprint.writes.empty()) continue;
    const std::uint64_t spanBegin = e.footprint.writes.front().begin, spanEnd = e.footprint.writes.back().end;
    for (std::uint64_t b = 0; b < e.expectation.expected.size(); ++b) {
      if (e.expectation.region[b] != Region::keep) continue;
      const bool inSpan = b >= spanBegin && b < spanEnd;
      if ((inSpan && gap) || (!inSpan && guard)) continue;
      std::vector<std::uint8_t> actual = e.expectation.expected;
      oracle::writeCanonicalClasses(e.expectation.classes, actual);
      actual[b] ^= 0x01;
      EXPECT_EQ(describeMismatches(d.c, e, actual).clause, inSpan ? "G-1 (gap)" : "G-1 (guard)");
      (inSpan ? gap : guard) = true;
    }
  }
  EXPECT_TRUE(gap && guard);
}

INSTANTIATE_TEST_SUITE_P(Operations, DiffClauses, ::testing::ValuesIn(oracle::kAllOperations),
                         [](const ::testing::TestParamInfo<Operation>& param) {
                           return std::string(oracle::key(param.param));
                         });

}  // namespace
}  // namespace dcconf::run
