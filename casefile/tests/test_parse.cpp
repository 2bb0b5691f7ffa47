// Every kind of bad input gives one LoadError naming the field; nothing throws, nothing huge is allocated.
// The replaced operator new below pairs malloc with free; GCC cannot see that through inlining and warns.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <new>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "dcconf/casefile/casefile.hpp"

// Records the largest single allocation, to show an untrusted size is rejected before anything is allocated.
namespace {
std::atomic<std::size_t> gLargestAllocationBytes{0};
}
void* operator new(std::size_t bytes) {
  std::size_t seen = gLargestAllocationBytes.load();
  while (bytes > seen && !gLargestAllocationBytes.compare_exchange_weak(seen, bytes)) {
  }
  if (void* p = std::malloc(bytes == 0 ? 1 : bytes)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace dcconf::casefile {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// A valid DataCopyPad GM->VECIN case; each test breaks one thing.
json validCase() {
  return json::parse(R"({
    "schema": "dcconf.case/1", "product": "atlas-a2", "api": "DataCopyPad", "path": "GM->VECIN", "dtype": "half",
    "params": {"type": "DataCopyExtParams", "blockCount": 1, "blockLen": 4},
    "padParams": {"type": "DataCopyPadExtParams", "isPad": true, "rightPadding": 1, "paddingValue": 1.0},
    "src": {"size": 4, "hex": "01000200"},
    "dst": {"size": 32, "fill": "0xA5"}})");
}

LoadError expectError(const json& j, const fs::path& baseDir = ".", const LoadLimits& limits = {}) {
  const LoadResult result = parseCase(j, baseDir, "case.json", limits);
  if (const auto* error = std::get_if<LoadError>(&result)) return *error;
  ADD_FAILURE() << "expected a LoadError for " << j.dump();
  return {};
}

// The field the error names after one change to the valid case.
template <class Mutate>
std::string fieldAfter(Mutate mutate) {
  json j = validCase();
  mutate(j);
  return expectError(j).field;
}

CaseData expectCase(const json& j, const fs::path& baseDir = ".") {
  LoadResult result = parseCase(j, baseDir, "case.json");
  if (auto* data = std::get_if<CaseData>(&result)) return std::move(*data);
  ADD_FAILURE() << std::get<LoadError>(result).oneLine();
  return {};
}

TEST(Parse, ValidCaseReadsFieldsAndAppliesAscendCDefaults) {
  const CaseData data = expectCase(validCase());
  const auto& params = std::get<oracle::DataCopyExtParams>(data.c.params);
  EXPECT_EQ(params.blockCount, 1);
  EXPECT_EQ(params.blockLen, 4u);
  EXPECT_EQ(params.srcStride, 0u);  // missing -> Ascend C default
  const auto& pad = std::get<oracle::DataCopyPadExtParams>(data.c.padParams);
  EXPECT_TRUE(pad.isPad);
  EXPECT_EQ(pad.leftPadding, 0);
  EXPECT_EQ(pad.paddingValue, 0x3C00u);  // 1.0 as half
  EXPECT_EQ(data.src, (std::vector<std::uint8_t>{1, 0, 2, 0}));
  EXPECT_EQ(data.dstBefore, std::vector<std::uint8_t>(32, 0xA5));
}

TEST(Parse, Nz2NdDefaultsAreAscendCs) {
  json j = validCase();
  j["api"] = "DataCopy";
  j["path"] = "VECOUT->GM";
  j.erase("padParams");
  j["params"] = {{"type", "Nz2NdParamsFull"}, {"nValue", 16}};
  const auto params = std::get<oracle::Nz2NdParamsFull>(expectCase(j).c.params);
  EXPECT_EQ(params.ndNum, 1);
  EXPECT_EQ(params.srcNdMatrixStride, 1);
  EXPECT_EQ(params.dstNdMatrixStride, 1);
}

TEST(Parse, MalformedJsonNamesLineAndColumn) {
  const LoadResult result = parseCaseText("{\n  \"schema\": \"dcconf.case/1\",\n  \"api\": ,\n}", ".", "case.json");
  const std::string line = std::get<LoadError>(result).oneLine();
  EXPECT_NE(line.find("case.json: malformed JSON at line 3, column"), std::string::npos) << line;
  EXPECT_EQ(line.find('\n'), std::string::npos);
}

TEST(Parse, UnknownTopLevelKeyIsAnError) {
  json j = validCase();
  j["prodcut"] = "atlas-a2";
  EXPECT_EQ(expectError(j).field, "prodcut");
}

TEST(Parse, UnknownStructKeyIsReportedBeforeDefaults) {
  json j = validCase();
  j["params"]["blokLen"] = 4;
  const LoadError error = expectError(j);
  EXPECT_EQ(error.field, "params.blokLen");
  EXPECT_NE(error.message.find("unknown key"), std::string::npos);
}

TEST(Parse, ValueWiderThanFieldNamesFieldAndWidth) {
  json j = validCase();
  j["params"]["blockCount"] = 70000;
  EXPECT_EQ(expectError(j).oneLine(), "case.json: params.blockCount = 70000: does not fit uint16_t");
  j = validCase();
  j["padParams"]["rightPadding"] = 256;
  EXPECT_EQ(expectError(j).oneLine(), "case.json: padParams.rightPadding = 256: does not fit uint8_t");
}

TEST(Parse, NegativeNumberIsAnError) {
  json j = validCase();
  j["params"]["srcStride"] = -1;
  const LoadError error = expectError(j);
  EXPECT_EQ(error.field, "params.srcStride");
  EXPECT_EQ(error.message, "must not be negative");
}

TEST(Parse, FractionWhereIntegerExpectedIsAnError) {
  json j = validCase();
  j["params"]["blockLen"] = 4.5;
  EXPECT_EQ(expectError(j).oneLine(), "case.json: params.blockLen = 4.5: must be an integer, not a fraction");
  j["params"]["blockLen"] = 4.0;  // whole, but a float in JSON: the file should say 4
  EXPECT_NE(expectError(j).message.find("written as an integer"), std::string::npos);
}

TEST(Parse, WrongJsonTypesAreErrors) {
  EXPECT_EQ(fieldAfter([](json& j) { j["params"]["blockLen"] = "4"; }), "params.blockLen");
  EXPECT_EQ(fieldAfter([](json& j) { j["padParams"]["isPad"] = 1; }), "padParams.isPad");
  EXPECT_EQ(fieldAfter([](json& j) { j["params"] = json::array(); }), "params");
  EXPECT_EQ(fieldAfter([](json& j) { j["dtype"] = 2; }), "dtype");
}

TEST(Parse, HexLengthMustMatchSize) {
  json j = validCase();
  j["src"]["hex"] = "010002";
  const LoadError error = expectError(j);
  EXPECT_EQ(error.field, "src.hex");
  EXPECT_NE(error.message.find("holds 6 hex digits, size 4 needs 8"), std::string::npos) << error.message;
}

TEST(Parse, HexWithNonHexCharacterIsAnError) {
  json j = validCase();
  j["src"]["hex"] = "0100020g";
  EXPECT_EQ(expectError(j).field, "src.hex");
  j["src"]["hex"] = "0100 0200";  // white space groups digits
  EXPECT_EQ(expectCase(j).src, (std::vector<std::uint8_t>{1, 0, 2, 0}));
}

TEST(Parse, SizeOverTheCapFailsWithoutAllocating) {
  json j = validCase();
  j["dst"]["size"] = std::uint64_t{1} << 40;
  gLargestAllocationBytes = 0;
  const LoadError error = expectError(j);
  EXPECT_EQ(error.field, "dst.size");
  EXPECT_NE(error.message.find("over the buffer limit"), std::string::npos);
  EXPECT_LT(gLargestAllocationBytes.load(), std::size_t{1} << 20);
  // The cap is the caller's: a smaller limit rejects a small buffer too.
  EXPECT_EQ(expectError(validCase(), ".", LoadLimits{16}).field, "dst.size");
}

class FileBuffers : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("dcconf-casefile-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
                                       ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
    std::ofstream(dir_ / "four.bin", std::ios::binary).write("\x01\x00\x02\x00", 4);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(FileBuffers, FileRelativeToTheCaseIsRead) {
  json j = validCase();
  j["src"] = {{"size", 4}, {"file", "four.bin"}};
  EXPECT_EQ(expectCase(j, dir_).src, (std::vector<std::uint8_t>{1, 0, 2, 0}));
}

TEST_F(FileBuffers, MissingFileIsAnError) {
  json j = validCase();
  j["src"] = {{"size", 4}, {"file", "absent.bin"}};
  const LoadError error = expectError(j, dir_);
  EXPECT_EQ(error.field, "src.file");
  EXPECT_EQ(error.value, "absent.bin");
}

TEST_F(FileBuffers, FileSizeMustMatchSize) {
  json j = validCase();
  j["src"] = {{"size", 8}, {"file", "four.bin"}};
  EXPECT_EQ(expectError(j, dir_).oneLine(), "case.json: src.file = four.bin: is 4 bytes, size says 8");
}

TEST_F(FileBuffers, LoadCaseFileResolvesFilesNextToTheCase) {
  json j = validCase();
  j["src"] = {{"size", 4}, {"file", "four.bin"}};
  std::ofstream(dir_ / "case.json") << j.dump();
  const LoadResult result = loadCaseFile(dir_ / "case.json");
  ASSERT_TRUE(std::holds_alternative<CaseData>(result)) << std::get<LoadError>(result).oneLine();
  EXPECT_EQ(std::get<LoadError>(loadCaseFile(dir_ / "nope.json")).file, (dir_ / "nope.json").string());
}

TEST(Parse, UnknownNamesListTheKnownOnes) {
  for (const char* key : {"dtype", "product", "api"}) {
    json j = validCase();
    j[key] = "bogus";
    const LoadError error = expectError(j);
    EXPECT_EQ(error.field, key);
    EXPECT_NE(error.message.find("known:"), std::string::npos) << error.message;
  }
  EXPECT_EQ(fieldAfter([](json& j) { j["path"] = "GM->UB"; }), "path");
  EXPECT_EQ(fieldAfter([](json& j) { j["params"]["type"] = "DataCopyParamz"; }), "params.type");
}

TEST(Parse, ExactlyOneBufferSourceAndFillOnlyForDst) {
  EXPECT_EQ(fieldAfter([](json& j) { j["src"] = {{"size", 4}, {"fill", "0x00"}}; }), "src.fill");
  EXPECT_EQ(fieldAfter([](json& j) { j["dst"]["hex"] = std::string(64, '0'); }), "dst");
  EXPECT_EQ(fieldAfter([](json& j) { j["dst"].erase("fill"); }), "dst");
  EXPECT_EQ(fieldAfter([](json& j) { j["dst"]["fill"] = "0x1FF"; }), "dst.fill");
}

TEST(Parse, PaddingValueFollowsTheStructsFieldType) {
  json j = validCase();
  j["padParams"]["paddingValue"] = "0x10000";  // raw bits wider than half
  EXPECT_EQ(expectError(j).field, "padParams.paddingValue");
  j["padParams"]["paddingValue"] = 70000.0;  // overflows half
  EXPECT_EQ(expectError(j).field, "padParams.paddingValue");
  j["padParams"]["paddingValue"] = "0x7c00";
  EXPECT_EQ(std::get<oracle::DataCopyPadExtParams>(expectCase(j).c.padParams).paddingValue, 0x7C00u);
  // DataCopyPadParams::paddingValue is a uint64_t in Ascend C: raw bits, integers only.
  j = validCase();
  j["params"] = {{"type", "DataCopyParams"}, {"blockCount", 1}, {"blockLen", 4}};
  j["padParams"] = {{"type", "DataCopyPadParams"}, {"paddingValue", 1.5}};
  EXPECT_EQ(expectError(j).field, "padParams.paddingValue");
}

TEST(Parse, ProfileIsAStringOrAnArrayOfNames) {
  json j = validCase();
  j["profile"] = "hw-noop,doc-dummy";
  const oracle::Profile fromString = expectCase(j).c.profile;
  j["profile"] = {"hw-noop", "doc-dummy"};
  EXPECT_EQ(expectCase(j).c.profile, fromString);
  EXPECT_EQ(oracle::profileName(fromString), "hw-noop,doc-dummy");
  j["profile"] = "hw-nop";
  EXPECT_EQ(expectError(j).field, "profile");
}

TEST(Parse, SliceDn2NzAndEnhancedFieldsAreChecked) {
  auto sliceCase = [] {
    json j = validCase();
    j["api"] = "DataCopy";
    j.erase("padParams");
    j["params"] = json::parse(R"({"type": "SliceInfo", "dimValue": 2,
        "srcSliceInfo": [{"startIndex": 16, "endIndex": 70, "stride": 7, "burstLen": 3}, {"endIndex": 2, "stride": 1,
                          "burstLen": 1}],
        "dstSliceInfo": [{"endIndex": 47, "burstLen": 3}, {"endIndex": 1, "burstLen": 1}],
        "srcShape": [87, 3], "dstShape": [48, 2]})");
    return j;
  };
  const CaseData data = expectCase(sliceCase());
  const auto& p = std::get<oracle::SliceParams>(data.c.params);
  EXPECT_EQ(p.srcSliceInfo[0], (oracle::SliceInfo{16, 70, 7, 3}));
  EXPECT_EQ(p.srcSliceInfo[1], (oracle::SliceInfo{0, 2, 1, 1}));
  EXPECT_EQ(p.dstShape[1], 2u);
  EXPECT_EQ(p.srcShape[2], 0u);
  json j = sliceCase();
  j["params"]["srcShape"] = json::array({1, 1, 1, 1, 1, 1, 1, 1, 1});
  EXPECT_EQ(expectError(j).field, "params.srcShape");
  j = sliceCase();
  j["params"]["srcSliceInfo"][1]["burstlen"] = 1;
  EXPECT_EQ(expectError(j).field, "params.srcSliceInfo[1].burstlen");
  j = sliceCase();
  j["params"]["dstShape"][0] = 4294967296ull;
  EXPECT_EQ(expectError(j).field, "params.dstShape[0]");
  j = sliceCase();
  j["params"]["dstSliceInfo"] = 3;
  EXPECT_EQ(expectError(j).field, "params.dstSliceInfo");
  // DN2NZ: 64-bit strides, u32 dValue, the small-C0 switch a boolean
  j = sliceCase();
  j["params"] = json::parse(R"({"type": "Dn2NzParams", "dnNum": 1, "dValue": 4294967296})");
  EXPECT_EQ(expectError(j).field, "params.dValue");
  j["params"] = json::parse(R"({"type": "Dn2NzParams", "srcDValue": 18446744073709551615, "enableSmallC0": 1})");
  EXPECT_EQ(expectError(j).field, "params.enableSmallC0");
  // enhancedParams: enums by name, unknown keys rejected
  j = sliceCase();
  j["params"] = json::parse(R"({"type": "DataCopyParams", "blockCount": 1, "blockLen": 1})");
  j["enhancedParams"] = json::parse(R"({"blockMode": "BLOCK_MODE_MATRIX", "deqScale": "DEQ8", "isRelu": true})");
  const CaseData enhanced = expectCase(j);
  ASSERT_TRUE(enhanced.c.enhancedParams.has_value());
  EXPECT_EQ(enhanced.c.enhancedParams->blockMode, oracle::BlockMode::matrix);
  EXPECT_EQ(enhanced.c.enhancedParams->deqScale, oracle::DeqScale::deq8);
  EXPECT_TRUE(enhanced.c.enhancedParams->isRelu);
  j["enhancedParams"]["blockMode"] = "MATRIX";
  const LoadError bad = expectError(j);
  EXPECT_EQ(bad.field, "enhancedParams.blockMode");
  EXPECT_NE(bad.message.find("BLOCK_MODE_SMALL_CHANNEL"), std::string::npos) << bad.message;
  j["enhancedParams"] = json::parse(R"({"padMode": 256})");
  EXPECT_EQ(expectError(j).field, "enhancedParams.padMode");
  j["enhancedParams"] = json::parse(R"({"type": "DataCopyParams"})");
  EXPECT_EQ(expectError(j).field, "enhancedParams.type");
  // the 4-bit dtypes parse by their Ascend C names
  j = sliceCase();
  j["dtype"] = "fp4x2_e2m1_t";
  EXPECT_EQ(expectCase(j).c.dtype, oracle::DType::fp4x2_e2m1_t);
}

TEST(Parse, SchemaMustBeCase1) {
  json j = validCase();
  j["schema"] = "dcconf.case/2";
  EXPECT_EQ(expectError(j).field, "schema");
  j.erase("schema");
  EXPECT_EQ(expectError(j).oneLine(), "case.json: schema: missing (required)");
}

TEST(Parse, NonObjectTopLevelIsAnError) {
  EXPECT_EQ(std::get<LoadError>(parseCaseText("[1, 2]", ".")).field, "<top level>");
}

}  // namespace
}  // namespace dcconf::casefile
