// dcconf list (the support matrix, SEMANTICS section 11) and the issue-6 worked examples end to end
// (slice SLICE-5, DN2NZ's vendor example, enhanced MATRIX). Expected bytes are derived by hand from the documents.
#include <algorithm>
#include <cstring>

#include "run_dcconf.hpp"

namespace dcconf::cli::testing {
namespace {

struct Output {
  int status = -1;
  std::string out;
  std::string err;
};

Output runCapturing(const std::string& args) {
  const fs::path dir = scratchDir();
  const std::string command = std::string("'") + DCCONF_EXE + "' " + args + " > '" + (dir / "out.txt").string() +
                              "' 2> '" + (dir / "err.txt").string() + "'";
  const int raw = std::system(command.c_str());
  return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, readText(dir / "out.txt"), readText(dir / "err.txt")};
}

TEST(List, TextNamesEveryProductAndItsOperations) {
  const Output r = runCapturing("list");
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* product : {"kirin9020 ", "kirinx90 ", "atlas-a2 ", "atlas-a3 ", "atlas-200i-500-a2 ",
                              "atlas-training ", "atlas-inference-310p ", "ascend950 "}) {
    EXPECT_NE(("\n" + r.out).find(std::string("\n") + product + "(profile default)"), std::string::npos) << product;
  }
  EXPECT_NE(r.out.find("dn2nz [DN2NZ]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("enhancedCo1ToCo2 [ENH]"), std::string::npos) << r.out;
}

TEST(List, JsonForOneProduct) {
  const Output r = runCapturing("list --product atlas-a2 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["schema"], "dcconf.support/1");
  ASSERT_EQ(j["products"].size(), 1u);
  const nlohmann::json& a2 = j["products"][0];
  EXPECT_EQ(a2["product"], "atlas-a2");
  EXPECT_EQ(a2["profile"], "default");
  bool sawSlice = false;
  for (const auto& op : a2["operations"]) {
    EXPECT_NE(op["operation"], "dn2nz");             // Ascend 950 only
    EXPECT_NE(op["operation"], "enhancedCo1ToCo2");  // training / 310P only
    if (op["operation"] == "slice") {
      sawSlice = true;
      EXPECT_EQ(op["paths"], nlohmann::json::array({"GM->VECIN", "VECOUT->GM"}));  // no CO2 on A2
      EXPECT_EQ(op["family"], "SLICE");
    }
  }
  EXPECT_TRUE(sawSlice);
}

// The operations `dcconf list --product product --json` gives; of their paths, how many are in `paths`, each of them
// expected to belong to `owner` alone.
nlohmann::json listedOperations(const std::string& product) {
  const Output r = runCapturing("list --product " + product + " --json");
  EXPECT_EQ(r.status, 0) << r.err;
  return nlohmann::json::parse(r.out)["products"][0]["operations"];
}
int pathsOwnedBy(const nlohmann::json& operations, std::initializer_list<const char*> paths, const char* owner) {
  int found = 0;
  for (const auto& op : operations) {
    for (const auto& path : op["paths"]) {
      if (std::find(paths.begin(), paths.end(), path.get<std::string>()) == paths.end()) continue;
      ++found;
      EXPECT_EQ(op["operation"], owner);
    }
  }
  return found;
}
const nlohmann::json* listedOperation(const nlohmann::json& operations, const char* key) {
  for (const auto& op : operations) {
    if (op["operation"] == key) return &op;
  }
  return nullptr;
}

// BRC-1 (issue 31 item 8): BroadCastVecToMM lists VECIN->CO1 and VECOUT->CO1 with half, float and int32_t on the
// Atlas inference product, and no other product lists it or a UB->CO1 path.
TEST(List, BroadcastUbToL0cOnTheAtlasInferenceOnly) {
  for (const std::string product : {"atlas-inference-310p", "atlas-training", "atlas-a2", "ascend950"}) {
    SCOPED_TRACE(product);
    const nlohmann::json operations = listedOperations(product);
    const int toL0c = pathsOwnedBy(operations, {"VECIN->CO1", "VECOUT->CO1"}, "broadcastUbToL0c");
    EXPECT_EQ(toL0c, product == "atlas-inference-310p" ? 2 : 0);
    if (const nlohmann::json* op = listedOperation(operations, "broadcastUbToL0c")) {
      EXPECT_EQ((*op)["paths"], nlohmann::json::array({"VECIN->CO1", "VECOUT->CO1"}));
      EXPECT_EQ((*op)["dtypes"], nlohmann::json::array({"half", "float", "int32_t"}));
    }
  }
}

// ATOM-1/2 (issue 31 item 7): the UB->GM operations of A2/A3/950 list their atomic forms; other products none.
// FIX950-8 (issue 31 item 4): the 950 Fixpipe lists CO1->GM and the UB paths, and no other product or operation has
// a CO1->VECIN / CO1->VECOUT path (fixpipe950's own path set in the product table).
TEST(List, FixpipeToUbOnTheAscend950Only) {
  for (const std::string product : {"ascend950", "atlas-a2", "atlas-a3", "atlas-training", "atlas-inference-310p"}) {
    SCOPED_TRACE(product);
    const nlohmann::json operations = listedOperations(product);
    EXPECT_EQ(pathsOwnedBy(operations, {"CO1->VECIN", "CO1->VECOUT"}, "fixpipe950"), product == "ascend950" ? 2 : 0);
    if (const nlohmann::json* op = listedOperation(operations, "fixpipe950")) {
      EXPECT_EQ((*op)["paths"], nlohmann::json::array({"CO1->GM", "CO1->VECIN", "CO1->VECOUT", "CO1->A1"}));  // FIX950-13
    }
  }
}

TEST(List, AtomicFormsOnTheirProductsOnly) {
  for (const std::string product : {"atlas-a2", "atlas-a3", "ascend950", "atlas-training", "kirin9020"}) {
    const Output r = runCapturing("list --product " + product + " --json");
    ASSERT_EQ(r.status, 0) << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    const bool modelled = product == "atlas-a2" || product == "atlas-a3" || product == "ascend950";
    int withAtomic = 0;
    for (const auto& op : j["products"][0]["operations"]) {
      if (!op.contains("atomic")) continue;
      ++withAtomic;
      EXPECT_TRUE(op["operation"] == "padUbToGm" || op["operation"] == "copy0Level" || op["operation"] == "copy2Level")
          << op["operation"];
      // ATOM-2's six types, as far as the operation takes them on the product (the 950's DataCopy has no bfloat16)
      const std::vector<std::string> six{"int8_t", "int16_t", "int32_t", "half", "bfloat16_t", "float"};
      nlohmann::json expected = nlohmann::json::array();
      for (const auto& d : op["dtypes"]) {
        if (std::find(six.begin(), six.end(), d.get<std::string>()) != six.end()) expected.push_back(d);
      }
      EXPECT_EQ(op["atomic"]["dtypes"], expected) << product << " " << op["operation"];
      EXPECT_GE(expected.size(), 5u);
      EXPECT_EQ(op["atomic"]["ops"], nlohmann::json::array({"add", "max", "min"}));
    }
    EXPECT_EQ(withAtomic, modelled ? 3 : 0) << product;
  }
  EXPECT_NE(runCapturing("list --product ascend950").out.find("atomic: add,max,min"), std::string::npos);
}

TEST(List, UnknownProductIsAUsageError) {
  const Output r = runCapturing("list --product atlas-a9");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(lineCount(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("atlas-a9"), std::string::npos);
}

std::vector<std::uint8_t> runExampleOutput(const std::string& name, std::vector<std::uint8_t>* care) {
  const fs::path dir = scratchDir();
  const RunResult run = runDcconf("case " + example(name) + " --out " + (dir / "out").string(), dir);
  EXPECT_EQ(run.status, 0) << run.stderrText;
  *care = readBytes(dir / "out" / "care.bin");
  return readBytes(dir / "out" / "expected.bin");
}

std::uint32_t le32(const std::vector<std::uint8_t>& b, std::size_t at) {
  std::uint32_t v = 0;
  std::memcpy(&v, b.data() + at, 4);
  return v;
}
std::uint16_t le16(const std::vector<std::uint8_t>& b, std::size_t at) {
  std::uint16_t v = 0;
  std::memcpy(&v, b.data() + at, 2);
  return v;
}
std::uint16_t halfBits(float value) {
  const auto h = static_cast<_Float16>(value);
  std::uint16_t bits = 0;
  std::memcpy(&bits, &h, 2);
  return bits;
}

// SLICE-5: dst elements 0..95 = 16..39, 47..70, 190..213, 221..244; then 32 bytes of fill.
TEST(List, SliceExampleEndToEnd) {
  std::vector<std::uint8_t> care;
  const auto dst = runExampleOutput("slice-87x3-int32.json", &care);
  ASSERT_EQ(dst.size(), 416u);
  const std::uint32_t firsts[] = {16, 47, 190, 221};
  for (std::uint32_t run = 0; run < 4; ++run) {
    for (std::uint32_t k = 0; k < 24; ++k) EXPECT_EQ(le32(dst, 4 * (24 * run + k)), firsts[run] + k);
  }
  for (std::size_t i = 384; i < 416; ++i) EXPECT_EQ(dst[i], 0xA5);
  EXPECT_EQ(care, std::vector<std::uint8_t>(416, 1));
}

// DN2NZ vendor example: dst[(b*32 + n)*16 + d%16] = src[d*32 + n] = d*32 + n + 1.
TEST(List, Dn2NzExampleEndToEnd) {
  std::vector<std::uint8_t> care;
  const auto dst = runExampleOutput("dn2nz-32x32-half.json", &care);
  ASSERT_EQ(dst.size(), 2048u + 64u);
  for (std::size_t d = 0; d < 32; ++d) {
    for (std::size_t n = 0; n < 32; ++n) {
      const std::size_t at = 2 * (((d / 16) * 32 + n) * 16 + d % 16);
      ASSERT_EQ(le16(dst, at), halfBits(static_cast<float>(d * 32 + n + 1))) << d << " " << n;
    }
  }
  for (std::size_t i = 2048; i < dst.size(); ++i) EXPECT_EQ(dst[i], 0xA5);
}

// ENH-1 MATRIX half: fractals 0 and 2 (elements 1..256, 513..768) at dst bytes 0 and 576.
TEST(List, EnhancedMatrixExampleEndToEnd) {
  std::vector<std::uint8_t> care;
  const auto dst = runExampleOutput("enhanced-co1-matrix-half.json", &care);
  ASSERT_EQ(dst.size(), 1120u);
  for (std::size_t k = 0; k < 256; ++k) {
    EXPECT_EQ(le16(dst, 2 * k), halfBits(static_cast<float>(k + 1)));
    EXPECT_EQ(le16(dst, 576 + 2 * k), halfBits(static_cast<float>(513 + k)));
  }
  for (std::size_t i = 512; i < 576; ++i) EXPECT_EQ(dst[i], 0xA5);
  for (std::size_t i = 1088; i < 1120; ++i) EXPECT_EQ(dst[i], 0xA5);
}

}  // namespace
}  // namespace dcconf::cli::testing
