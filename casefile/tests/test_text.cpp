// The shared glob matcher and XML escape (casefile/text.hpp).
#include <string>

#include <gtest/gtest.h>

#include "dcconf/casefile/text.hpp"

using dcconf::casefile::globMatch;
using dcconf::casefile::utf8SequenceLength;
using dcconf::casefile::validUtf8;
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

// Issue 30: every outside text is made valid UTF-8 before it is stored; cut on character boundaries.
TEST(ValidUtf8, KeepsValidTextAndEscapesEveryInvalidByte) {
  EXPECT_EQ(validUtf8("plain ascii"), "plain ascii");
  EXPECT_EQ(validUtf8("\xe9\x94\x99 \xf0\x9f\x98\x80"), "\xe9\x94\x99 \xf0\x9f\x98\x80");  // 3- and 4-byte characters
  EXPECT_EQ(validUtf8("a\xff" "b"), "a\\xFFb");
  EXPECT_EQ(validUtf8("\x80"), "\\x80");                      // stray continuation byte
  EXPECT_EQ(validUtf8("\xc0\xaf"), "\\xC0\\xAF");             // overlong '/'
  EXPECT_EQ(validUtf8("\xed\xa0\x80"), "\\xED\\xA0\\x80");    // a UTF-16 surrogate
  EXPECT_EQ(validUtf8("\xf4\x90\x80\x80"), "\\xF4\\x90\\x80\\x80");  // above U+10FFFF
  EXPECT_EQ(validUtf8("\xe9\x94"), "\\xE9\\x94");             // a character cut short
  EXPECT_EQ(validUtf8(std::string("a\0b", 3)), std::string("a\0b", 3));  // NUL is valid UTF-8 ...
  EXPECT_EQ(validUtf8(std::string("a\0b\x1b", 4), 100, true), "a\\x00b\\x1B");  // ... but escaped for a terminal
}

TEST(ValidUtf8, CutsOnACharacterBoundaryNeverInside) {
  std::string chinese;
  for (int k = 0; k < 100; ++k) chinese += "\xe9\x94\x99";  // 300 bytes
  for (std::size_t cap = 0; cap < 12; ++cap) {
    const std::string cut = validUtf8(chinese, cap);
    const std::size_t whole = cap / 3 * 3;
    EXPECT_EQ(cut, chinese.substr(0, whole) + "...") << cap;
    EXPECT_EQ(validUtf8(cut), cut) << cap;  // valid: nothing to escape
  }
  EXPECT_EQ(validUtf8("ab\xff", 4), "ab...");  // an escape counts its 4 bytes
  EXPECT_EQ(validUtf8("ab\xff", 6), "ab\\xFF");
}

TEST(ValidUtf8, EveryTwoByteInputComesOutValid) {
  for (int a = 0; a < 256; ++a) {
    for (int b = 0; b < 256; ++b) {
      const std::string in{static_cast<char>(a), static_cast<char>(b)};
      const std::string out = validUtf8(in);
      EXPECT_EQ(validUtf8(out), out);  // idempotent: the output is valid
      for (std::size_t pos = 0; pos < out.size();) {
        const std::size_t length = utf8SequenceLength(out, pos);
        ASSERT_GT(length, 0u) << a << " " << b;
        pos += length;
      }
    }
  }
}
