// The clause texts built in from docs/semantics.md: every family found, list items and register rows parsed, ids
// matched as whole tokens. (scripts/check_semantics.py embedded checks every id against the binary's output.)
#include <gtest/gtest.h>

#include <algorithm>

#include "dcconf/oracle/semantics.hpp"

namespace dcconf::oracle {
namespace {

TEST(Semantics, ListItemClauseKeepsItsIndentedLinesAndSection) {
  const auto fix2 = clauseText("FIX-2");
  ASSERT_TRUE(fix2);
  EXPECT_EQ(fix2->id, "FIX-2");
  EXPECT_EQ(fix2->section, "10. Quantising / ReLU copy out of L0C (`FIX`)");
  EXPECT_TRUE(fix2->text.starts_with("ND output (nz2ndEn, CO1->GM only)")) << fix2->text;
  EXPECT_NE(fix2->text.find("**srcNdStride counts 1024-byte units**"), std::string::npos) << "a continuation line";
  EXPECT_EQ(fix2->text.find("FIX-3"), std::string::npos) << "the next item is not part of FIX-2";
}

TEST(Semantics, RegisterRowIsItsColumnsByName) {
  const auto amb7 = clauseText("amb-7");  // case-insensitive
  ASSERT_TRUE(amb7);
  EXPECT_EQ(amb7->id, "AMB-7");
  EXPECT_EQ(amb7->section, "12. Ambiguity register");
  EXPECT_EQ(amb7->text, "question: the polarity of DN2NZ enableSmallC0\nkind: alternatives\ndefault: either page's\n"
                        "other profiles: `basic-api-page`, `c-api-page`");
}

TEST(Semantics, EveryFamilyAndTheTurn3ClausesAreDefined) {
  const std::vector<std::string> ids = clauseIds();
  for (const char* id : {"G-1", "G-6", "PAD-G2U-1", "PAD-U2G-2", "PAD-U2L1-2", "DC-4", "SLICE-5", "ND2NZ-5", "NZ2ND-4",
                         "DN2NZ-4", "ENH-4", "FIX-6a", "FIX-6b", "FIX-7", "AMB-1", "AMB-12", "AMB-17", "AMB-20"}) {
    EXPECT_NE(std::find(ids.begin(), ids.end(), id), ids.end()) << id;
  }
  EXPECT_EQ(std::count(ids.begin(), ids.end(), "FIX-6"), 1);
  EXPECT_FALSE(clauseText("FIX-99"));  // check_semantics: not a clause
  EXPECT_FALSE(clauseText("PROD"));
}

TEST(Semantics, CitedClausesAreWholeTokensInOrderOnce) {
  EXPECT_EQ(clausesCitedIn("[PAD-G2U-3] dst byte 64 (region guard, G-1); see G-1 and FIX-6a"),
            (std::vector<std::string>{"PAD-G2U-3", "G-1", "FIX-6a"}));
  EXPECT_EQ(clausesCitedIn("padGmToUb/half/G-1-conformance"), (std::vector<std::string>{"G-1"}));
  EXPECT_TRUE(clausesCitedIn("generator; XG-1; G-10; FIX-6ab; UTF-8").empty());  // check_semantics: not a clause
}

}  // namespace
}  // namespace dcconf::oracle
