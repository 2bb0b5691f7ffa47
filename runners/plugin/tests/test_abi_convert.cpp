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
               Profile::CalCountOverflow::hwWrap, Profile::Nd2NzZeroMatrixStride::docRange,
               Profile::SmallC0Polarity::cApiPage};
  c.src = {0x1122334455667788ull, 0x0102030405060708ull};
  c.dst = {0x8877665544332211ull, 0x0807060504030201ull};
  return c;
}

// Every SliceInfo field of every dimension distinct.
SliceParams sliceParams() {
  SliceParams p;
  p.dimValue = 0xFFFFFFF0u;
  for (std::uint32_t k = 0; k < kMaxSliceDims; ++k) {
    p.srcSliceInfo[k] = {0x10000000u + k, 0x20000000u + k, 0x30000000u + k, 0x40000000u + k};
    p.dstSliceInfo[k] = {0x50000000u + k, 0x60000000u + k, 0x70000000u + k, 0x80000000u + k};
    p.srcShape[k] = 0x90000000u + k;
    p.dstShape[k] = 0xA0000000u + k;
  }
  return p;
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
  EXPECT_EQ(r.enhancedParams, c.enhancedParams);
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
      sliceParams(),
      Dn2NzParams{0xFFF1, 0xFFF2, 0xFFFFFFF3u, 0xFFFFFFFFFFFFFFF4ull, 0xFFFFFFFFFFFFFFF5ull, 0xFFF6, 0xFFF7, 0xFFFFFFF8u,
                  true},
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

TEST(AbiConvert, RoundTripsEnhancedParamsAndFp4DTypes) {
  for (const DType dtype : {DType::fp4x2_e2m1_t, DType::fp4x2_e1m2_t}) {
    Case c = baseCase();
    c.dtype = dtype;
    c.enhancedParams = DataCopyEnhancedParams{BlockMode::smallChannel, DeqScale::vdeq16, 0xFEDCBA9876543210ull, 0xFE,
                                              true, 0xFD, 0x0123456789ABCDEFull};
    SCOPED_TRACE(std::string(name(dtype)));
    expectRoundTrip(c);
  }
}

// A valid-shaped case of every Operation (the first documented path, the params it takes) converts without throwing,
// resolves to the same operation in the ABI and round-trips.
TEST(AbiConvert, ConvertsOneCaseOfEveryOperation) {
  for (const Operation operation : kAllOperations) {
    if (operation == Operation::fixpipe) continue;  // not in ABI 1.1: see FixpipeIsNotExpressible
    Case c;
    c.api = operation == Operation::padGmToUb || operation == Operation::padUbToGm || operation == Operation::padUbToTscm
                ? Api::DataCopyPad
                : Api::DataCopy;
    c.srcPos = documentedPaths(operation).front().src;
    c.dstPos = documentedPaths(operation).front().dst;
    switch (operation) {
      case Operation::padGmToUb: c.params = DataCopyExtParams{}; c.padParams = DataCopyPadExtParams{}; break;
      case Operation::padUbToGm: c.params = DataCopyExtParams{}; break;
      case Operation::padUbToTscm: c.params = DataCopyExtParams{}; c.nd2nzParams = Nd2NzParams{}; break;
      case Operation::copy0Level: c.params = DataCopyParams{}; break;
      case Operation::copy2Level: c.params = CalCount{}; break;
      case Operation::nd2nz: c.params = Nd2NzParams{}; break;
      case Operation::nz2nd: c.params = Nz2NdParamsFull{}; break;
      case Operation::slice: c.params = sliceParams(); break;
      case Operation::dn2nz: c.params = Dn2NzParams{1, 2, 3, 4, 5, 6, 7, 8, true}; break;
      case Operation::enhancedNormal:
      case Operation::enhancedCo1ToCo2:
        c.params = DataCopyParams{1, 2, 3, 4};
        c.enhancedParams = DataCopyEnhancedParams{BlockMode::matrix, DeqScale::none, 5, 1, true, 0, 6};
        break;
      case Operation::fixpipe: break;
    }
    SCOPED_TRACE(std::string(name(operation)));
    ASSERT_EQ(resolveOperation(c).operation, operation) << resolveOperation(c).error;
    dcconf_case abi{};
    ASSERT_NO_THROW(abi = toAbi(c));
    EXPECT_EQ(abi.operation, static_cast<std::uint32_t>(operation));
    expectRoundTrip(c);
  }
}

// FIX (DataCopyCO12DstParams) has no ABI 1.1 form: no plugin can express it (the host answers not-supported), and
// converting it anyway does not throw and names no operation.
TEST(AbiConvert, FixpipeIsNotExpressible) {
  Case c;
  c.api = Api::DataCopy;
  c.srcPos = Position::CO1;
  c.dstPos = Position::GM;
  c.dtype = DType::half;
  c.params = DataCopyCO12DstParams{16, 1, 1, 16, QuantMode::DEQF16, 0, false, false, 0};
  c.fixpipe = FixpipeState{};
  ASSERT_EQ(resolveOperation(c).operation, Operation::fixpipe);
  EXPECT_EQ(abiCaseBytesNeeded(c), ~std::size_t{0});
  dcconf_case abi{};
  ASSERT_NO_THROW(abi = toAbi(c));
  EXPECT_EQ(abi.operation, std::uint32_t{DCCONF_OP_NONE});
}

// What a plugin must know to be given a case: the v1.0 case for the original operations, the 1.1 fields otherwise.
TEST(AbiConvert, NamesTheCaseBytesACaseNeeds) {
  Case c;
  c.params = DataCopyExtParams{};
  c.padParams = DataCopyPadExtParams{};
  EXPECT_EQ(abiCaseBytesNeeded(c), DCCONF_CASE_V1_0_SIZE);
  c.profile.smallC0Polarity = Profile::SmallC0Polarity::cApiPage;  // AMB-7 is a 1.1 field
  EXPECT_GT(abiCaseBytesNeeded(c), DCCONF_CASE_V1_0_SIZE);
  Case fp4;
  fp4.api = Api::DataCopy;
  fp4.dstPos = Position::A1;
  fp4.dtype = DType::fp4x2_e2m1_t;
  fp4.params = Nd2NzParams{};
  EXPECT_GT(abiCaseBytesNeeded(fp4), DCCONF_CASE_V1_0_SIZE);
  Case slice = fp4;
  slice.dtype = DType::half;
  slice.dstPos = Position::VECIN;
  slice.params = SliceParams{};
  EXPECT_EQ(abiCaseBytesNeeded(slice), offsetof(dcconf_case, slice) + sizeof(dcconf_SliceParams));
  Case enhanced = slice;
  enhanced.params = DataCopyParams{};
  enhanced.enhancedParams = DataCopyEnhancedParams{};
  EXPECT_EQ(abiCaseBytesNeeded(enhanced), sizeof(dcconf_case));
}

// A reader never reads past struct_size: a v1.0 case reads with the 1.1 fields at their defaults, and a 1.1
// params kind or enum value in it is out of range.
TEST(AbiConvert, ReadsAV1_0CaseWithoutThe1_1Fields) {
  Case c = baseCase();
  c.params = DataCopyParams{1, 2, 3, 4};
  c.enhancedParams = DataCopyEnhancedParams{BlockMode::matrix, DeqScale::none, 5, 1, true, 0, 6};
  dcconf_case abi = toAbi(c);
  abi.struct_size = static_cast<std::uint32_t>(DCCONF_CASE_V1_0_SIZE);
  const FromAbi old = fromAbi(abi);
  ASSERT_TRUE(old.value) << old.error;
  EXPECT_FALSE(old.value->enhancedParams);
  EXPECT_EQ(old.value->profile.smallC0Polarity, Profile::SmallC0Polarity::basicApiPage);
  abi.dtype = DCCONF_DTYPE_FP4X2_E2M1;
  EXPECT_EQ(fromAbi(abi).error, "dcconf_case.dtype = 12 is out of range (0..11)");
  abi = toAbi(c);
  abi.struct_size = static_cast<std::uint32_t>(DCCONF_CASE_V1_0_SIZE);
  abi.paramsKind = DCCONF_PARAMS_SLICE;
  EXPECT_FALSE(fromAbi(abi).value);
  abi.struct_size = static_cast<std::uint32_t>(DCCONF_CASE_V1_0_SIZE - 1);
  EXPECT_FALSE(fromAbi(abi).value);
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
  abi.dtype = 14;
  EXPECT_EQ(fromAbi(abi).error, "dcconf_case.dtype = 14 is out of range (0..13)");
  abi = toAbi(Case{});
  abi.paramsKind = 7;
  EXPECT_FALSE(fromAbi(abi).value);
  abi = toAbi(Case{});
  abi.profile.amb2PadDummy = 3;
  EXPECT_NE(fromAbi(abi).error.find("profile.amb2PadDummy"), std::string::npos);
  abi = toAbi(Case{});
  abi.amb7SmallC0Polarity = 2;
  EXPECT_NE(fromAbi(abi).error.find("amb7SmallC0Polarity"), std::string::npos);
  abi = toAbi(Case{});
  abi.hasEnhancedParams = 1;
  abi.enhancedParams.blockMode = 5;
  EXPECT_NE(fromAbi(abi).error.find("enhancedParams.blockMode"), std::string::npos);
}

// The ABI is a layout contract: these offsets are what a plugin compiled today reads.
TEST(AbiConvert, LayoutIsStable) {
  EXPECT_EQ(sizeof(dcconf_DataCopyParams), 8u);
  EXPECT_EQ(sizeof(dcconf_DataCopyExtParams), 20u);
  EXPECT_EQ(sizeof(dcconf_DataCopyPadParams), 16u);
  EXPECT_EQ(sizeof(dcconf_Nd2NzParams), 16u);
  EXPECT_EQ(offsetof(dcconf_case, params), 32u);
  EXPECT_EQ(DCCONF_CASE_V1_0_SIZE, 144u);  // sizeof(dcconf_case) of v1.0: the 1.1 fields start there
  EXPECT_EQ(sizeof(dcconf_SliceParams), 324u);
  EXPECT_EQ(sizeof(dcconf_Dn2NzParams), 40u);
  EXPECT_EQ(sizeof(dcconf_DataCopyEnhancedParams), 24u);
  EXPECT_EQ(offsetof(dcconf_case, slice), 152u);
  EXPECT_EQ(offsetof(dcconf_case, dn2nz), 480u);
  EXPECT_EQ(offsetof(dcconf_case, enhancedParams), 520u);
  EXPECT_EQ(sizeof(dcconf_case), 544u);
  EXPECT_EQ(offsetof(dcconf_backend_v1_t, case_struct_size), 56u);
}

}  // namespace
}  // namespace dcconf::plugin
