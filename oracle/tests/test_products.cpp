// The product table as data (SEMANTICS section 11, clause PROD): the embedded oracle/data/products.tsv parses,
// declares every product, and gives the new operations (slice, DN2NZ, enhanced) exactly the products section 11
// names; the table parser reports malformed tables by line. (test_validation.cpp checks the pre-existing entries.)
#include <algorithm>
#include <set>
#include <string>

#include "test_support.hpp"

namespace dcconf::oracle::test {
namespace {

TEST(Products, EmbeddedTableParsesAndDeclaresEveryProduct) {
  const SupportTableParse& parsed = supportTable();
  ASSERT_TRUE(parsed.table.has_value()) << parsed.error;
  for (const Product p : allProducts()) {
    const auto& products = parsed.table->products;
    const auto it = std::find_if(products.begin(), products.end(), [&](const ProductDefaults& d) { return d.product == p; });
    ASSERT_NE(it, products.end()) << name(p);
    EXPECT_TRUE(parseProfile(it->profile).profile.has_value()) << it->profile;
  }
  // "*" expands to the documented paths; a shared path set keeps only the operation's documented paths
  for (const SupportRow& row : parsed.table->rows) {
    const auto documented = documentedPaths(row.operation);
    for (const PathPair& path : row.paths) {
      EXPECT_TRUE(std::any_of(documented.begin(), documented.end(),
                              [&](const PathPair& d) { return d.src == path.src && d.dst == path.dst; }))
          << name(row.product) << " " << key(row.operation) << " " << pathName(path.src, path.dst);
    }
    EXPECT_FALSE(row.paths.empty());
    EXPECT_FALSE(row.dtypes.empty());
  }
}

TEST(Products, ParserNamesTheLine) {
  auto errorOf = [](std::string_view text) {
    const SupportTableParse parsed = parseSupportTable(text);
    EXPECT_FALSE(parsed.table.has_value());
    return parsed.error;
  };
  EXPECT_EQ(errorOf("# comment\ndtypes X int8_t,foo\n"), "line 2: unknown dtype 'foo'");
  EXPECT_EQ(errorOf("dtypes X int8_t\nop atlas-a2 copy9Level * X\n"), "line 2: unknown operation 'copy9Level'");
  EXPECT_EQ(errorOf("dtypes X int8_t\nop atlas-a2 copy0Level NOPE X\n"), "line 2: unknown path set 'NOPE'");
  EXPECT_EQ(errorOf("op atlas-a2 copy0Level * X\n"), "line 1: unknown dtype set 'X'");
  EXPECT_EQ(errorOf("product atlas-a9 default\n"), "line 1: unknown product 'atlas-a9'");
  EXPECT_EQ(errorOf("product atlas-a2 hw-nope\n"), "line 1: unknown profile 'hw-nope'");
  EXPECT_EQ(errorOf("paths P GM-VECIN\n"), "line 1: malformed path 'GM-VECIN' (SRC->DST)");
  EXPECT_EQ(errorOf("dtypes X int8_t\ndtypes X half\n"), "line 2: dtype set 'X' declared twice");
  EXPECT_EQ(errorOf("dtypes X int8_t\nop atlas-a2 nd2nz * X\nop atlas-a2 nd2nz * X\n"),
            "line 3: operation 'nd2nz' listed twice for 'atlas-a2'");
  EXPECT_NE(errorOf("op atlas-a2\n").find("line 1: expected"), std::string::npos);
  // a minimal good table
  const SupportTableParse ok = parseSupportTable("dtypes X int8_t,half  # trailing comment\nop kirin9020 nz2nd * X\n");
  ASSERT_TRUE(ok.table.has_value()) << ok.error;
  ASSERT_EQ(ok.table->rows.size(), 1u);
  EXPECT_EQ(ok.table->rows[0].dtypes, (std::vector<DType>{DType::int8_t, DType::half}));
  ASSERT_EQ(ok.table->rows[0].paths.size(), 1u);
  EXPECT_EQ(ok.table->rows[0].paths[0].src, Position::VECOUT);
}

// Section 11 for the operations this issue adds, written out from the table in SEMANTICS.md.
TEST(Products, NewOperationsPerProduct) {
  struct Expect {
    Operation operation;
    Position src, dst;
    DType dtype;
    std::vector<Product> supported;
  };
  using enum Product;
  const std::vector<Expect> table{
      {Operation::slice, Position::GM, Position::VECIN, DType::half,
       {atlas_a2, atlas_a3, atlas_training, atlas_inference_310p}},
      {Operation::slice, Position::CO2, Position::GM, DType::half, {atlas_training, atlas_inference_310p}},
      {Operation::dn2nz, Position::GM, Position::A1, DType::fp4x2_e1m2_t, {ascend950}},
      {Operation::dn2nz, Position::GM, Position::B1, DType::bfloat16_t, {ascend950}},
      {Operation::enhancedNormal, Position::GM, Position::VECIN, DType::int8_t,
       {atlas_a2, atlas_a3, atlas_training, atlas_inference_310p}},
      {Operation::enhancedNormal, Position::CO2, Position::GM, DType::float_, {atlas_training, atlas_inference_310p}},
      {Operation::enhancedCo1ToCo2, Position::CO1, Position::CO2, DType::int32_t, {atlas_training, atlas_inference_310p}},
  };
  for (const Expect& e : table) {
    for (const Product p : allProducts()) {
      Case c;
      c.product = p;
      c.srcPos = e.src;
      c.dstPos = e.dst;
      c.dtype = e.dtype;
      const bool expected = std::find(e.supported.begin(), e.supported.end(), p) != e.supported.end();
      EXPECT_EQ(checkSupport(c, e.operation).empty(), expected)
          << name(p) << " " << key(e.operation) << " " << pathName(e.src, e.dst);
    }
  }
}

TEST(Products, OperationNamesRoundTrip) {
  for (const Operation op : kAllOperations) {
    EXPECT_EQ(parseOperationKey(key(op)), op);
    EXPECT_FALSE(name(op).empty());
    EXPECT_FALSE(clauseFamily(op).empty());
    EXPECT_FALSE(documentedPaths(op).empty());
  }
  EXPECT_FALSE(parseOperationKey("nope").has_value());
}

// DC-5 and ND2NZ-6 (project): the UB->L1 paths among the documented ones; not DataCopyPad's UB->TSCM (PAD-U2L1).
TEST(Products, UbToL1PathsAreDc5AndNd2Nz6Only) {
  std::set<std::string> ubToL1;
  for (const Operation op : kAllOperations) {
    for (const PathPair& path : documentedPaths(op)) {
      if (isUbToL1Path(op, path)) ubToL1.insert(std::string(key(op)) + " " + pathName(path.src, path.dst));
    }
  }
  const std::set<std::string> expected{"copy0Level VECIN->A1", "copy0Level VECIN->B1", "copy0Level VECOUT->A1",
                                       "copy0Level VECOUT->B1", "copy2Level VECIN->A1", "copy2Level VECIN->B1",
                                       "copy2Level VECOUT->A1", "copy2Level VECOUT->B1", "nd2nz VECIN->TSCM",
                                       "nd2nz VECOUT->TSCM"};
  EXPECT_EQ(ubToL1, expected);
}

}  // namespace
}  // namespace dcconf::oracle::test
