// Case -> dcconf_case -> Case keeps every field of every params type; out-of-range ABI values are named.
#include <gtest/gtest.h>

#include <cstddef>

#include "dcconf/plugin/abi_convert.hpp"

namespace dcconf::plugin {
namespace {

using namespace dcconf::oracle;

// Every field distinct and using its full width, so a swapped or truncated field shows.
Case baseCase() {
  Case c;
  c.product = Product::ascend950;
  c.api = Api::DataCopy;
  c.srcPos = Position::CO2;
  c.dstPos = Position::TSCM;
  c.dtype = DType::bfloat16_t;
  c.profile = {Profile::ZeroCount::hwNoop, Profile::PadDummy::padDummy, Profile::TscmGmStrideUnit::docTable32,
               Profile::CalCountOverflow::hwWrap, Profile::Nd2NzZeroMatrixStride::docRange};
  c.src = {0x1122334455667788ull, 0x0102030405060708ull};
  c.dst = {0x8877665544332211ull, 0x0807060504030201ull};
  return c;
}

void expectRoundTrip(const Case& c) {
  const dcconf_case abi = toAbi(c);
  EXPECT_EQ(abi.struct_size, sizeof(dcconf_case));
  const FromAbi back = fromAbi(abi);
  ASSERT_TRUE(back.value) << back.error;
  const Case& r = *back.value;
  EXPECT_EQ(r.product, c.product);
  EXPECT_EQ(r.api, c.api);
  EXPECT_EQ(r.srcPos, c.srcPos);
  EXPECT_EQ(r.dstPos, c.dstPos);
  EXPECT_EQ(r.dtype, c.dtype);
  EXPECT_EQ(r.params, c.params);
  EXPECT_EQ(r.padParams, c.padParams);
  EXPECT_EQ(r.nd2nzParams, c.nd2nzParams);
  EXPECT_EQ(r.padRegister, c.padRegister);
  EXPECT_EQ(r.profile, c.profile);
  EXPECT_EQ(r.src, c.src);
  EXPECT_EQ(r.dst, c.dst);
}

TEST(AbiConvert, RoundTripsEveryParamsType) {
  const CopyParams all[] = {
      DataCopyParams{0xFFF1, 0xFFF2, 0xFFF3, 0xFFF4},
      DataCopyExtParams{0xFFF5, 0xFFFFFFF1u, 0xFFFFFFF2u, 0xFFFFFFF3u, 0xFFFFFFF4u},
      Nd2NzParams{1, 2, 3, 4, 5, 6, 7, 0xFFFF},
      Nz2NdParamsFull{0xFFF1, 2, 3, 4, 5, 6, 0xFFF7},
      CalCount{0xFEDCBA98u},
  };
  for (const CopyParams& params : all) {
    Case c = baseCase();
    c.params = params;
    SCOPED_TRACE(std::string(typeName(params)));
    expectRoundTrip(c);
  }
}

TEST(AbiConvert, RoundTripsEveryPadParamsTypeAndOptional) {
  const PadParams all[] = {
      std::monostate{},
      DataCopyPadParams{true, 0xFE, 0xFD, 0xFEDCBA9876543210ull},
      DataCopyPadExtParams{true, 0xFC, 0xFB, 0x0123456789ABCDEFull},
  };
  for (const PadParams& pad : all) {
    Case c = baseCase();
    c.padParams = pad;
    c.nd2nzParams = Nd2NzParams{0xFFF1, 0xFFF2, 0xFFF3, 0xFFF4, 0xFFF5, 0xFFF6, 0xFFF7, 0xFFF8};
    c.padRegister = 0xA5A5A5A5DEADBEEFull;
    SCOPED_TRACE(std::string(typeName(pad)));
    expectRoundTrip(c);
  }
  expectRoundTrip(Case{});  // the defaults: no optionals, default profile
}

TEST(AbiConvert, FillsTheResolvedOperation) {
  Case c;  // DataCopyPad GM->VECIN needs matching pad params
  c.params = DataCopyExtParams{};
  c.padParams = DataCopyPadExtParams{};
  EXPECT_EQ(toAbi(c).operation, std::uint32_t{DCCONF_OP_PAD_GM_TO_UB});
  c.padParams = std::monostate{};
  EXPECT_EQ(toAbi(c).operation, std::uint32_t{DCCONF_OP_NONE});
}

TEST(AbiConvert, NamesTheOutOfRangeField) {
  dcconf_case abi = toAbi(Case{});
  abi.dtype = 12;
  EXPECT_EQ(fromAbi(abi).error, "dcconf_case.dtype = 12 is out of range (0..11)");
  abi = toAbi(Case{});
  abi.paramsKind = 5;
  EXPECT_FALSE(fromAbi(abi).value);
  abi = toAbi(Case{});
  abi.profile.amb2PadDummy = 3;
  EXPECT_NE(fromAbi(abi).error.find("profile.amb2PadDummy"), std::string::npos);
}

// The ABI is a layout contract: these offsets are what a plugin compiled today reads.
TEST(AbiConvert, LayoutIsStable) {
  EXPECT_EQ(sizeof(dcconf_DataCopyParams), 8u);
  EXPECT_EQ(sizeof(dcconf_DataCopyExtParams), 20u);
  EXPECT_EQ(sizeof(dcconf_DataCopyPadParams), 16u);
  EXPECT_EQ(sizeof(dcconf_Nd2NzParams), 16u);
  EXPECT_EQ(offsetof(dcconf_case, params), 32u);
  EXPECT_EQ(sizeof(dcconf_case), 144u);
}

}  // namespace
}  // namespace dcconf::plugin
