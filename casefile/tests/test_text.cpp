// The shared glob matcher and XML escape (casefile/text.hpp).
#include <string>

#include <gtest/gtest.h>

#include "dcconf/casefile/text.hpp"

using dcconf::casefile::globMatch;
using dcconf::casefile::xmlEscape;

TEST(GlobMatch, LiteralsQuestionMarksAndStars) {
  EXPECT_TRUE(globMatch("", ""));
  EXPECT_FALSE(globMatch("", "a"));
  EXPECT_TRUE(globMatch("*", ""));
  EXPECT_TRUE(globMatch("*", "GM->UB"));
  EXPECT_TRUE(globMatch("GM->?B", "GM->UB"));
  EXPECT_FALSE(globMatch("GM->?B", "GM->UBX"));
  EXPECT_TRUE(globMatch("pad*/half", "pad-gm2ub/half"));
  EXPECT_FALSE(globMatch("pad*/half", "pad-gm2ub/float"));
  EXPECT_TRUE(globMatch("*ND*", "nz2nd/NZ->ND"));
  EXPECT_TRUE(globMatch("a*b*c", "aXbYbZc"));  // needs the backtrack to the second star
  EXPECT_FALSE(globMatch("a*b*c", "aXbYbZ"));
  EXPECT_TRUE(globMatch("***", "x"));
}

TEST(GlobMatch, ALongHostilePatternStaysQuick) {
  // Exponential for a naive recursive matcher; one backtrack point keeps it quadratic at worst.
  const std::string text(4000, 'a');
  std::string pattern;
  for (int i = 0; i < 200; ++i) pattern += "a*";
  pattern += "b";
  EXPECT_FALSE(globMatch(pattern, text));
}

TEST(XmlEscape, EntitiesAndForbiddenControls) {
  EXPECT_EQ(xmlEscape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;");
  EXPECT_EQ(xmlEscape(std::string("x\x01y\x1fz", 5)), "x?y?z");
  EXPECT_EQ(xmlEscape("tab\tnl\ncr\r"), "tab\tnl\ncr\r");
  EXPECT_EQ(xmlEscape(""), "");
}

TEST(HexByte, TwoLowerCaseDigits) {
  EXPECT_EQ(dcconf::casefile::hexByte(0x00), "0x00");
  EXPECT_EQ(dcconf::casefile::hexByte(0x0a), "0x0a");
  EXPECT_EQ(dcconf::casefile::hexByte(0x9b), "0x9b");
  EXPECT_EQ(dcconf::casefile::hexByte(0xff), "0xff");
}
