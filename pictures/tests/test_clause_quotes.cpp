// failures/ID.html quotes the text of the clauses a failure names (docs/semantics.md, built in).
#include <gtest/gtest.h>

#include <string>

#include "dcconf/pictures/pictures.hpp"

namespace dcconf::pictures {
namespace {

TEST(FailurePageClauses, QuotesTheClauseAndTheClausesOfTheMessage) {
  const casefile::CaseData data{};  // the quote does not depend on the case; an uncomputable one is drawn as such
  FailureInput f;
  f.id = "quote";
  f.status = "FAIL";
  f.clause = "FIX-2";
  f.message = "dst byte 64 differs (region guard, G-1)";
  const std::string page = failurePage(data, f);
  const std::size_t fix2 = page.find("<blockquote class=\"clause\" id=\"clause-FIX-2\">");
  ASSERT_NE(fix2, std::string::npos);
  EXPECT_NE(page.find("srcNdStride counts 1024-byte units", fix2), std::string::npos);
  const std::size_t g1 = page.find("<blockquote class=\"clause\" id=\"clause-G-1\">");
  ASSERT_NE(g1, std::string::npos);
  EXPECT_LT(fix2, g1) << "the failure's own clause first";
  EXPECT_NE(page.find("No stray writes", g1), std::string::npos);
}

TEST(FailurePageClauses, NoQuoteWhenNoClauseIsNamed) {
  FailureInput f;
  f.id = "generator";
  f.status = "FAIL";
  f.clause = "generator";
  f.message = "the generator itself failed";
  EXPECT_EQ(failurePage(casefile::CaseData{}, f).find("<blockquote"), std::string::npos);
}

}  // namespace
}  // namespace dcconf::pictures
