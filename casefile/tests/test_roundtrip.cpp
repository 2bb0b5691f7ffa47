// toJson/toJsonText/toJsonWithFiles -> parse gives back an equal CaseData.
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "dcconf/casefile/casefile.hpp"

namespace dcconf::casefile {
namespace {

namespace fs = std::filesystem;

CaseData load(const fs::path& path) {
  LoadResult result = loadCaseFile(path);
  if (auto* data = std::get_if<CaseData>(&result)) return std::move(*data);
  ADD_FAILURE() << std::get<LoadError>(result).oneLine();
  return {};
}

CaseData reparse(const std::string& text, const fs::path& baseDir = ".") {
  LoadResult result = parseCaseText(text, baseDir);
  if (auto* data = std::get_if<CaseData>(&result)) return std::move(*data);
  ADD_FAILURE() << std::get<LoadError>(result).oneLine() << "\n" << text;
  return {};
}

// Every non-default corner at once: pad register, profile, DataCopyPadParams raw bits, offsets.
CaseData unusualCase() {
  CaseData data;
  data.c.product = oracle::Product::kirinx90;
  data.c.dtype = oracle::DType::float_;
  data.c.params = oracle::DataCopyParams{3, 40, 7, 1};
  data.c.padParams = oracle::DataCopyPadParams{false, 1, 2, 0xFFFFFFFFFFFFFFFFull};
  data.c.padRegister = 0x3F800000;
  data.c.profile = *oracle::parseProfile("hw-noop,doc-range").profile;
  data.c.src = {5, 1};
  data.c.dst = {3, 0};
  data.src = {1, 2, 3, 4, 5};
  data.dstBefore = {0xFF, 0, 0x7F};
  data.description = "corner cases";
  return data;
}

TEST(RoundTrip, ExampleFilesSurviveToJsonText) {
  int examples = 0;
  for (const auto& entry : fs::directory_iterator(DCCONF_EXAMPLES_DIR)) {
    if (entry.path().extension() != ".json") continue;
    SCOPED_TRACE(entry.path().string());
    const CaseData original = load(entry.path());
    EXPECT_TRUE(reparse(toJsonText(original)) == original);
    ++examples;
  }
  EXPECT_GE(examples, 8);
}

TEST(RoundTrip, UnusualCaseSurvivesToJsonText) {
  const CaseData original = unusualCase();
  const std::string text = toJsonText(original);
  EXPECT_EQ(text.back(), '\n');
  EXPECT_TRUE(reparse(text) == original) << text;
}

TEST(RoundTrip, Nd2NzAndCalCountSurvive) {
  CaseData data;
  data.c.api = oracle::Api::DataCopyPad;
  data.c.srcPos = oracle::Position::VECIN;
  data.c.dstPos = oracle::Position::TSCM;
  data.c.params = oracle::DataCopyExtParams{1, 64, 0, 0, 0};
  data.c.nd2nzParams = oracle::Nd2NzParams{1, 2, 3, 4, 5, 6, 7, 8};
  EXPECT_TRUE(reparse(toJsonText(data)) == data);
  data.c.nd2nzParams.reset();
  data.c.params = oracle::CalCount{123456};
  EXPECT_TRUE(reparse(toJsonText(data)) == data);
}

// LOOP-1 (project): loopMode's six fields, the strides past 32 bits, survive; a case without it writes no key.
TEST(RoundTrip, LoopModeSurvives) {
  CaseData data;
  data.c.product = oracle::Product::ascend950;
  data.c.api = oracle::Api::DataCopyPad;
  data.c.dtype = oracle::DType::int8_t;
  data.c.params = oracle::DataCopyExtParams{2, 40, 0, 0, 0};
  data.c.padParams = oracle::DataCopyPadExtParams{true, 0, 0, 0xFF};
  data.c.paddingMode = oracle::PaddingMode::compact;
  data.c.loopMode = oracle::LoopModeParams{2, 2097151, (std::uint64_t{1} << 40) - 1, 128, 160, 288};
  const std::string text = toJsonText(data);
  EXPECT_NE(text.find("\"loop1SrcStride\": 1099511627775"), std::string::npos) << text;
  EXPECT_TRUE(reparse(text) == data) << text;
  data.c.loopMode->loop2Size = 3;
  EXPECT_FALSE(reparse(text) == data) << "the loop fields take part in the comparison";
  data.c.loopMode.reset();
  EXPECT_EQ(toJsonText(data).find("loopMode"), std::string::npos);
  // an unknown loop field is an error naming it
  std::string bad = text;
  bad.replace(bad.find("\"loop2Size\""), 11, "\"loop3Size\"");
  const LoadResult result = parseCaseText(bad, ".");
  ASSERT_TRUE(std::holds_alternative<LoadError>(result));
  EXPECT_NE(std::get<LoadError>(result).oneLine().find("loopMode.loop3Size"), std::string::npos)
      << std::get<LoadError>(result).oneLine();
}

// ATOM-1 (project): the atomic state survives by name; a case without it writes no key; an unknown name is an error.
TEST(RoundTrip, AtomicSurvives) {
  CaseData data;
  data.c.api = oracle::Api::DataCopy;
  data.c.srcPos = oracle::Position::VECOUT;
  data.c.dstPos = oracle::Position::GM;
  data.c.params = oracle::CalCount{256};
  for (oracle::AtomicOp op : {oracle::AtomicOp::add, oracle::AtomicOp::max, oracle::AtomicOp::min}) {
    data.c.atomic = op;
    const std::string text = toJsonText(data);
    EXPECT_NE(text.find("\"atomic\": \"" + std::string(oracle::name(op)) + "\""), std::string::npos) << text;
    EXPECT_TRUE(reparse(text) == data) << text;
  }
  const std::string text = toJsonText(data);
  data.c.atomic = oracle::AtomicOp::add;
  EXPECT_FALSE(reparse(text) == data) << "the atomic field takes part in the comparison";
  data.c.atomic = oracle::AtomicOp::none;
  EXPECT_EQ(toJsonText(data).find("atomic"), std::string::npos);
  std::string bad = text;
  bad.replace(bad.find("\"min\""), 5, "\"sum\"");
  const LoadResult result = parseCaseText(bad, ".");
  ASSERT_TRUE(std::holds_alternative<LoadError>(result));
  EXPECT_NE(std::get<LoadError>(result).oneLine().find("atomic"), std::string::npos)
      << std::get<LoadError>(result).oneLine();
}

// The issue-6 params: slice arrays (including an entry past dimValue), DN2NZ's 64-bit strides and enableSmallC0,
// DataCopyEnhancedParams with its enums by name, and the AMB-7 profile.
TEST(RoundTrip, SliceDn2NzAndEnhancedSurvive) {
  CaseData data;
  data.c.dtype = oracle::DType::int32_t;
  oracle::SliceParams slice;
  slice.dimValue = 2;
  slice.srcSliceInfo[0] = {16, 70, 7, 3};
  slice.srcSliceInfo[1] = {0, 2, 1, 1};
  slice.dstSliceInfo[0] = {0, 47, 0, 3};
  slice.dstSliceInfo[1] = {0, 1, 0, 1};
  slice.srcShape[0] = 87;
  slice.srcShape[1] = 3;
  slice.dstShape[0] = 48;
  slice.dstShape[1] = 2;
  slice.dstShape[4] = 9;  // past dimValue: still written so the round trip is exact
  data.c.params = slice;
  std::string text = toJsonText(data);
  EXPECT_NE(text.find("\"type\": \"SliceInfo\""), std::string::npos) << text;
  EXPECT_TRUE(reparse(text) == data) << text;
  data.c.dtype = oracle::DType::fp4x2_e1m2_t;
  data.c.params = oracle::Dn2NzParams{2, 3, 0xFFFFFFFFu, ~0ull, 1ull << 40, 65535, 2, 0x80000000u, true};
  data.c.profile = *oracle::parseProfile("c-api-page").profile;
  text = toJsonText(data);
  EXPECT_TRUE(reparse(text) == data) << text;
  data.c.profile = {};
  data.c.dtype = oracle::DType::half;
  data.c.params = oracle::DataCopyParams{2, 1, 1, 2};
  data.c.enhancedParams = oracle::DataCopyEnhancedParams{oracle::BlockMode::smallChannel, oracle::DeqScale::vdeq8,
                                                         0x123456789ull, 3, true, 2, 7, oracle::DType::int32_t,
                                                         {0x3F800000ull, 0xFFFFFFFFBF800000ull}};
  text = toJsonText(data);
  EXPECT_NE(text.find("BLOCK_MODE_SMALL_CHANNEL"), std::string::npos) << text;
  EXPECT_NE(text.find("VDEQ8"), std::string::npos) << text;
  EXPECT_TRUE(reparse(text) == data) << text;
  data.c.enhancedParams->isRelu = false;
  EXPECT_FALSE(reparse(text) == data);  // sameCase looks at enhancedParams
}

// NDDMA (project): every NdDmaLoopInfo array at its widest, an entry past dim, a T constant and the nearest mode.
TEST(RoundTrip, NdDmaSurvives) {
  CaseData data;
  data.c.product = oracle::Product::ascend950;
  data.c.api = oracle::Api::DataCopy;
  data.c.srcPos = oracle::Position::GM;
  data.c.dstPos = oracle::Position::VECIN;
  data.c.dtype = oracle::DType::half;
  oracle::NdDmaParams p;
  p.dim = 3;
  p.loopSrcStride = {1, (1ull << 40) - 1, ~0ull, 0, 0};
  p.loopDstStride = {1, (1u << 20) - 1, 0xFFFFFFFFu, 0, 0};
  p.loopSize = {32, 1, (1u << 20) - 1, 0, 0};
  p.loopLpSize = {255, 0, 7, 0, 0};
  p.loopRpSize = {0, 255, 1, 0, 3};  // past dim: still written so the round trip is exact
  p.constantValue = 0xBC00;           // half -1.0
  p.isNearestValueMode = true;
  data.c.params = p;
  std::string text = toJsonText(data);
  EXPECT_NE(text.find("\"type\": \"NdDmaParams\""), std::string::npos) << text;
  EXPECT_TRUE(reparse(text) == data) << text;
  p.dim = 5;
  p.isNearestValueMode = false;
  data.c.dtype = oracle::DType::uint64_t;
  p.constantValue = ~0ull;
  data.c.params = p;
  text = toJsonText(data);
  EXPECT_TRUE(reparse(text) == data) << text;
  // a number is encoded as T (here half), as DataCopyPadExtParams' paddingValue
  const std::string numeric = R"({"schema": "dcconf.case/1", "product": "ascend950", "api": "DataCopy", "path": "GM->VECIN",
      "dtype": "half", "params": {"type": "NdDmaParams", "dim": 1, "loopSrcStride": [1], "loopDstStride": [1],
      "loopSize": [4], "constantValue": -1.0}, "src": {"size": 8, "hex": "0000000000000000"}, "dst": {"size": 8, "hex": "0000000000000000"}})";
  const CaseData parsed = reparse(numeric);
  EXPECT_EQ(std::get<oracle::NdDmaParams>(parsed.c.params).constantValue, 0xBC00u);
  // a sixth entry is refused by name
  LoadResult six = parseCaseText(R"({"schema": "dcconf.case/1", "product": "ascend950", "api": "DataCopy",
      "path": "GM->VECIN", "dtype": "half", "params": {"type": "NdDmaParams", "loopSize": [1, 1, 1, 1, 1, 1]},
      "src": {"size": 8, "hex": "0000000000000000"}, "dst": {"size": 8, "hex": "0000000000000000"}})", ".");
  ASSERT_TRUE(std::holds_alternative<LoadError>(six));
  EXPECT_NE(std::get<LoadError>(six).oneLine().find("params.loopSize"), std::string::npos);
}

// BRC (project): the BroadCastVecToMM api and its four arguments at full width; a blockLen past uint8_t is refused
// by name.
TEST(RoundTrip, BroadCastVecToMMSurvives) {
  CaseData data;
  data.c.product = oracle::Product::atlas_inference_310p;
  data.c.api = oracle::Api::BroadCastVecToMM;
  data.c.srcPos = oracle::Position::VECOUT;
  data.c.dstPos = oracle::Position::CO1;
  data.c.dtype = oracle::DType::int32_t;
  data.c.params = oracle::BroadCastVecToMMParams{0xFFFFFFFFu, 255, 254, 253};
  data.c.profile = *oracle::parseProfile("brc-dstgap-stride,brc-half-len-64b,brc-align-64b").profile;
  const std::string text = toJsonText(data);
  EXPECT_NE(text.find("\"api\": \"BroadCastVecToMM\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"type\": \"BroadCastVecToMMParams\""), std::string::npos) << text;
  EXPECT_TRUE(reparse(text) == data) << text;
  LoadResult wide = parseCaseText(R"({"schema": "dcconf.case/1", "product": "atlas-inference-310p",
      "api": "BroadCastVecToMM", "path": "VECIN->CO1", "dtype": "float",
      "params": {"type": "BroadCastVecToMMParams", "blockCount": 1, "blockLen": 256},
      "src": {"size": 8, "hex": "0000000000000000"}, "dst": {"size": 8, "hex": "0000000000000000"}})", ".");
  ASSERT_TRUE(std::holds_alternative<LoadError>(wide));
  EXPECT_NE(std::get<LoadError>(wide).oneLine().find("params.blockLen"), std::string::npos);
}

TEST(RoundTrip, FixpipeSurvives) {
  CaseData data;
  data.c.api = oracle::Api::DataCopy;
  data.c.srcPos = oracle::Position::CO1;
  data.c.dstPos = oracle::Position::GM;
  data.c.dtype = oracle::DType::int8_t;
  data.c.params = oracle::DataCopyCO12DstParams{20, 3, 0x10000u, 48, oracle::QuantMode::VREQ8, 1, true, true, 7};
  data.c.fixpipe = oracle::FixpipeState{oracle::DType::float_, 0xFFFFFFFFBF800000ull, {1, ~0ull, 0x3F000000}, 2, 16, 99, std::nullopt, {}};
  data.c.profile = *oracle::parseProfile("offset-unsigned,shift-plus-one,deq-trunc,relu-after-offset,negscale-magnitude")
                        .profile;
  const std::string text = toJsonText(data);
  EXPECT_NE(text.find("\"VREQ8\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"fixpipe\""), std::string::npos) << text;
  EXPECT_TRUE(reparse(text) == data) << text;
  data.c.fixpipe->quantTensor.pop_back();
  EXPECT_FALSE(reparse(text) == data);  // sameCase looks at fixpipe
}

// FIX950-9 (project): fixpipe.dualDstCtl survives; a case without it (0) writes no key, so earlier files stay as
// they are; a value the oracle rejects (3) still reads, for the oracle to name FIX950-9.
TEST(RoundTrip, FixpipeDualDstCtlSurvives) {
  CaseData data;
  data.c.product = oracle::Product::ascend950;
  data.c.api = oracle::Api::DataCopy;
  data.c.srcPos = oracle::Position::CO1;
  data.c.dstPos = oracle::Position::VECIN;
  data.c.dtype = oracle::DType::float_;
  data.c.params = oracle::DataCopyCO12DstParams{256, 128, 256, 128, oracle::QuantMode::NoQuant, 0, false, false, 0};
  data.c.fixpipe = oracle::FixpipeState{};
  data.c.fixpipe->srcDType = oracle::DType::float_;
  data.c.fixpipe->layout = oracle::Co2Layout::ROW_MAJOR;
  EXPECT_EQ(toJsonText(data).find("dualDstCtl"), std::string::npos);
  for (const int dual : {1, 2, 3}) {
    data.c.fixpipe->dualDstCtl = static_cast<std::uint8_t>(dual);
    const std::string text = toJsonText(data);
    EXPECT_NE(text.find("\"dualDstCtl\": " + std::to_string(dual)), std::string::npos) << text;
    EXPECT_TRUE(reparse(text) == data) << text;
  }
  const std::string text = toJsonText(data);
  data.c.fixpipe->dualDstCtl = 1;
  EXPECT_FALSE(reparse(text) == data) << "dualDstCtl takes part in the comparison";
  std::string bad = text;
  bad.replace(bad.find("\"dualDstCtl\": 3"), 15, "\"dualDstCtl\": 256");
  const LoadResult result = parseCaseText(bad, ".");
  ASSERT_TRUE(std::holds_alternative<LoadError>(result)) << bad;
  EXPECT_NE(std::get<LoadError>(result).oneLine().find("fixpipe.dualDstCtl"), std::string::npos)
      << std::get<LoadError>(result).oneLine();
}

TEST(RoundTrip, ToJsonWithFilesWritesLoadableBins) {
  const fs::path dir = fs::temp_directory_path() / ("dcconf-casefile-withfiles-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const CaseData original = unusualCase();
  const nlohmann::json j = toJsonWithFiles(original, dir, "shrunk");
  ASSERT_FALSE(j.is_null());
  EXPECT_EQ(j["src"]["file"], "shrunk.src.bin");
  std::ofstream(dir / "shrunk.json") << j.dump(2);
  EXPECT_TRUE(load(dir / "shrunk.json") == original);
  EXPECT_TRUE(toJsonWithFiles(original, dir / "absent-dir", "x").is_null());
  fs::remove_all(dir);
}

}  // namespace
}  // namespace dcconf::casefile
