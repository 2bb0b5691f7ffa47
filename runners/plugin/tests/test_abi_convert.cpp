// Case -> dcconf_case -> Case keeps every field of every params type; out-of-range ABI values are named.
#include <gtest/gtest.h>

#include <cstddef>
#include <optional>
#include <vector>

#include "dcconf/plugin/abi_convert.hpp"
#include "plugin_test_support.hpp"

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

// Every NdDmaLoopInfo entry distinct and at its field's full width (NDDMA, ABI 1.12).
NdDmaParams ndDmaParams() {
  NdDmaParams p;
  p.dim = 0xFE;
  for (std::uint32_t i = 0; i < kMaxNdDmaDims; ++i) {
    p.loopSrcStride[i] = 0xFFFFFFFFFFFFFF00ull + i;
    p.loopDstStride[i] = 0xFFFFFF00u + i;
    p.loopSize[i] = 0xEEEEEE00u + i;
    p.loopLpSize[i] = static_cast<std::uint8_t>(0xF0 + i);
    p.loopRpSize[i] = static_cast<std::uint8_t>(0xE0 + i);
  }
  p.constantValue = 0xFEDCBA9876543210ull;
  p.isNearestValueMode = true;
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
  EXPECT_EQ(r.fixpipe, c.fixpipe);
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
      DataCopyCO12DstParams{0xFFF1, 0xFFF2, 0xFFFFFFF3u, 0xFFF4, QuantMode::VREQ8, 0xFE, true, true, 0xFD},
      BroadCastVecToMMParams{0xFFFFFFF1u, 0xFE, 0xFD, 0xFC},
      ndDmaParams(),
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
                                              true, 0xFD, 0x0123456789ABCDEFull, {}, {}};
    SCOPED_TRACE(std::string(name(dtype)));
    expectRoundTrip(c);
  }
}

// A valid-shaped case of every Operation (the first documented path, the params it takes) converts without throwing,
// resolves to the same operation in the ABI and round-trips.
TEST(AbiConvert, ConvertsOneCaseOfEveryOperation) {
  for (const Operation operation : kAllOperations) {
    Case c;
    c.api = operation == Operation::padGmToUb || operation == Operation::padUbToGm ||
                    operation == Operation::padUbToTscm || operation == Operation::padCompactGmToUb ||
                    operation == Operation::padCompactUbToGm
                ? Api::DataCopyPad
            : operation == Operation::broadcastUbToL0c ? Api::BroadCastVecToMM
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
        c.enhancedParams = DataCopyEnhancedParams{BlockMode::matrix, DeqScale::none, 5, 1, true, 0, 6, {}, {}};
        break;
      case Operation::fixpipe:
        c.params = DataCopyCO12DstParams{16, 2, 1, 16, QuantMode::VDEQF16, 1, false, true, 0};
        c.fixpipe = FixpipeState{DType::int32_t, 5, {1, 2, 3}, 2, 16, 64, std::nullopt, {}};
        break;
      case Operation::padCompactGmToUb:  // PAD-CMP-1 (ABI 1.5)
        c.params = DataCopyExtParams{};
        c.padParams = DataCopyPadExtParams{};
        c.paddingMode = PaddingMode::compact;
        break;
      case Operation::padCompactUbToGm:
        c.params = DataCopyExtParams{};
        c.paddingMode = PaddingMode::compact;
        break;
      case Operation::nd2nzGmToUb: c.params = Nd2NzParams{}; break;  // ND2NZUB-1 (ABI 1.9)
      case Operation::broadcastUbToL0c: c.params = BroadCastVecToMMParams{3, 2, 1, 4}; break;  // BRC-1 (ABI 1.11)
      case Operation::fixpipe950:  // FIX950-1 (ABI 1.6)
        c.params = DataCopyCO12DstParams{16, 2, 1, 16, QuantMode::VDEQF16, 1, false, false, 0};
        c.fixpipe = FixpipeState{DType::int32_t, 5, {1, 2, 3}, 2, 16, 64, Co2Layout::COLUMN_MAJOR, {3, 4, 5, 6}};
        break;
      case Operation::nddma: c.params = ndDmaParams(); break;  // NDDMA-1 (ABI 1.12)
    }
    SCOPED_TRACE(std::string(name(operation)));
    ASSERT_EQ(resolveOperation(c).operation, operation) << resolveOperation(c).error;
    dcconf_case abi{};
    ASSERT_NO_THROW(abi = toAbi(c));
    EXPECT_EQ(abi.operation, static_cast<std::uint32_t>(operation));
    expectRoundTrip(c);
  }
}

// FIX (ABI 1.2): DataCopyCO12DstParams, the source dtype, the scalar, the per-column tensor, the nz2nd register and
// the AMB-8..12 words, each distinct and at full width, survive the round trip; the tensor is passed by pointer.
Case fixpipeCase(std::vector<std::uint64_t> quantTensor = {0x1111222233334444ull, 0x5555666677778888ull, 3}) {
  Case c = baseCase();
  c.srcPos = Position::CO1;
  c.dstPos = Position::GM;
  c.params = DataCopyCO12DstParams{0xFFF1, 0xFFF2, 0xFFFFFFF3u, 0xFFF4, QuantMode::VQF322B8_PRE, 1, true, true, 0xFE};
  c.fixpipe = FixpipeState{DType::float_, 0xFEDCBA9876543210ull, std::move(quantTensor), 0xFFF5, 0xFFF6, 0xFFFFFFF7u, std::nullopt, {}};
  c.profile.fixOffset = Profile::FixOffset::offsetUnsigned;
  c.profile.fixShift = Profile::FixShift::shiftRaw;
  c.profile.fixDeqRounding = Profile::FixDeqRounding::deqTrunc;
  c.profile.fixReluOrder = Profile::FixReluOrder::reluBeforeOffset;
  c.profile.fixNegScale = Profile::FixNegScale::negScaleMagnitude;
  return c;
}

TEST(AbiConvert, RoundTripsTheQuantisingCopy) {
  const Case c = fixpipeCase();
  const dcconf_case abi = toAbi(c);
  EXPECT_EQ(abi.paramsKind, std::uint32_t{DCCONF_PARAMS_CO12DST});
  EXPECT_EQ(abi.co12Dst.quantPre, std::uint8_t{DCCONF_QUANT_VQF322B8_PRE});
  EXPECT_EQ(abi.co12Dst.dstStride, 0xFFFFFFF3u);
  EXPECT_EQ(abi.hasFixpipe, 1);
  EXPECT_EQ(abi.fixpipe.srcDType, std::uint32_t{DCCONF_DTYPE_FLOAT});
  EXPECT_EQ(abi.fixpipe.quantTensor, c.fixpipe->quantTensor.data());
  EXPECT_EQ(abi.fixpipe.quantTensorLength, 3u);
  EXPECT_EQ(abi.amb8FixOffset, std::uint8_t{DCCONF_AMB8_OFFSET_UNSIGNED});
  EXPECT_EQ(abi.amb9FixShift, std::uint8_t{DCCONF_AMB9_SHIFT_RAW});
  EXPECT_EQ(abi.amb10FixDeqRounding, std::uint8_t{DCCONF_AMB10_DEQ_TRUNC});
  EXPECT_EQ(abi.amb11FixReluOrder, std::uint8_t{DCCONF_AMB11_RELU_BEFORE_OFFSET});
  EXPECT_EQ(abi.amb12FixNegScale, std::uint8_t{DCCONF_AMB12_NEGSCALE_MAGNITUDE});
  expectRoundTrip(c);
  const Case empty = fixpipeCase({});  // no V* tensor: a NULL pointer, length 0
  EXPECT_EQ(toAbi(empty).fixpipe.quantTensor, nullptr);
  expectRoundTrip(empty);
}

// A FIX case needs the 1.2 layout, so a 1.1 plugin (case_struct_size 544) is never handed one.
TEST(AbiConvert, TheQuantisingCopyNeedsThe1_2Layout) {
  Case c;
  c.api = Api::DataCopy;
  c.srcPos = Position::CO1;
  c.dstPos = Position::GM;
  c.dtype = DType::half;
  c.params = DataCopyCO12DstParams{16, 1, 1, 16, QuantMode::DEQF16, 0, false, false, 0};
  c.fixpipe = FixpipeState{};
  ASSERT_EQ(resolveOperation(c).operation, Operation::fixpipe);
  EXPECT_EQ(abiCaseBytesNeeded(c), DCCONF_CASE_V1_2_SIZE);  // the whole 1.2 case, none of 1.3
  EXPECT_GT(abiCaseBytesNeeded(c), DCCONF_CASE_V1_1_SIZE);
  EXPECT_EQ(toAbi(c).operation, std::uint32_t{DCCONF_OP_FIXPIPE});
  Case profileOnly;  // a pinned AMB-8..12 reading on any case is a 1.2 field too
  profileOnly.params = DataCopyExtParams{};
  profileOnly.padParams = DataCopyPadExtParams{};
  profileOnly.profile.fixShift = Profile::FixShift::shiftPlusOne;
  EXPECT_EQ(abiCaseBytesNeeded(profileOnly), offsetof(dcconf_case, hasFixpipe) + 1);
  EXPECT_GT(abiCaseBytesNeeded(profileOnly), DCCONF_CASE_V1_1_SIZE);
}

// ---- ABI 1.3: the enhanced CO1->CO2 conversions (ENH-2..4) and AMB-13..15 ----

// srcDType, deqValue and the V* tensor (entries at full width), the other enhanced fields and the AMB-13..15 words.
Case conversionCase(std::optional<DType> srcDType,
                    std::vector<std::uint64_t> deqTensor = {0xFFFFFFFFFFFFFFFFull, 0x8000000000000001ull, 2}) {
  Case c = baseCase();
  c.srcPos = Position::CO1;
  c.dstPos = Position::CO2;
  c.params = DataCopyParams{0xFFF1, 0xFFF2, 0xFFF3, 0xFFF4};
  c.enhancedParams = DataCopyEnhancedParams{BlockMode::vector, DeqScale::vdeq8, 0xFEDCBA9876543210ull, 0xFE, true,
                                            0xFD, 0x0123456789ABCDEFull, srcDType, std::move(deqTensor)};
  c.profile.vdeqTensorStep = Profile::VdeqTensorStep::advance;
  c.profile.deq16Offset = Profile::Deq16Offset::ignored;
  c.profile.sidHalf = Profile::SidHalf::matmulPairing;
  return c;
}

TEST(AbiConvert, RoundTripsTheEnhancedConversions) {
  const Case c = conversionCase(DType::fp4x2_e1m2_t);  // the last dtype: the field is not narrowed
  const dcconf_case abi = toAbi(c);
  EXPECT_EQ(abi.enhancedConversion.srcDType, std::uint32_t{DCCONF_DTYPE_FP4X2_E1M2});
  EXPECT_EQ(abi.enhancedConversion.deqTensor, c.enhancedParams->deqTensor.data());
  EXPECT_EQ(abi.enhancedConversion.deqTensorLength, 3u);
  EXPECT_EQ(abi.enhancedParams.deqScale, std::uint8_t{DCCONF_VDEQ8});
  EXPECT_EQ(abi.amb13VdeqTensorStep, std::uint8_t{DCCONF_AMB13_VDEQ_ADVANCE});
  EXPECT_EQ(abi.amb14Deq16Offset, std::uint8_t{DCCONF_AMB14_DEQ16_NO_OFFSET});
  EXPECT_EQ(abi.amb15SidHalf, std::uint8_t{DCCONF_AMB15_MATMUL_PAIRING});
  expectRoundTrip(c);
  for (const DType u : {DType::int8_t, DType::int32_t, DType::half}) {  // 0 (int8) is a type, not "none"
    SCOPED_TRACE(std::string(name(u)));
    expectRoundTrip(conversionCase(u));
  }
  const Case none = conversionCase(std::nullopt, {});  // no source type stated, no tensor: NONE and NULL
  EXPECT_EQ(toAbi(none).enhancedConversion.srcDType, std::uint32_t{DCCONF_DTYPE_NONE});
  EXPECT_EQ(toAbi(none).enhancedConversion.deqTensor, nullptr);
  expectRoundTrip(none);
  EXPECT_EQ(toAbi(Case{}).enhancedConversion.srcDType, std::uint32_t{DCCONF_DTYPE_NONE});  // no enhanced params
  EXPECT_EQ(toAbi(Case{}).amb15SidHalf, std::uint8_t{DCCONF_AMB15_DOC_PAGE});
}

// A 1.2 case (608 bytes) and a 1.1 case (544) read with the 1.3 fields at their defaults, whatever their bytes say.
TEST(AbiConvert, ReadsOlderCasesWithoutThe1_3Fields) {
  for (const std::size_t size : {std::size_t{DCCONF_CASE_V1_2_SIZE}, std::size_t{DCCONF_CASE_V1_1_SIZE}}) {
    SCOPED_TRACE(size);
    dcconf_case abi = toAbi(conversionCase(DType::int32_t));
    abi.struct_size = static_cast<std::uint32_t>(size);
    abi.amb13VdeqTensorStep = 7;  // out of range, but past the case's end
    abi.enhancedConversion.deqTensor = nullptr;
    const FromAbi old = fromAbi(abi);
    ASSERT_TRUE(old.value) << old.error;
    ASSERT_TRUE(old.value->enhancedParams);
    EXPECT_EQ(old.value->enhancedParams->deqScale, DeqScale::vdeq8);  // a 1.1 field
    EXPECT_FALSE(old.value->enhancedParams->srcDType);
    EXPECT_TRUE(old.value->enhancedParams->deqTensor.empty());
    EXPECT_EQ(old.value->profile.vdeqTensorStep, Profile::VdeqTensorStep::any);
    EXPECT_EQ(old.value->profile.deq16Offset, Profile::Deq16Offset::any);
    EXPECT_EQ(old.value->profile.sidHalf, Profile::SidHalf::docPage);
  }
}

TEST(AbiConvert, NamesTheOutOfRange1_3Fields) {
  const Case c = conversionCase(DType::int32_t);
  dcconf_case abi = toAbi(c);
  abi.amb13VdeqTensorStep = 3;
  EXPECT_EQ(fromAbi(abi).error, "dcconf_case.amb13VdeqTensorStep = 3 is out of range (0..2)");
  abi = toAbi(c);
  abi.amb14Deq16Offset = 0xFF;
  EXPECT_EQ(fromAbi(abi).error, "dcconf_case.amb14Deq16Offset = 255 is out of range (0..2)");
  abi = toAbi(c);
  abi.amb15SidHalf = 2;
  EXPECT_EQ(fromAbi(abi).error, "dcconf_case.amb15SidHalf = 2 is out of range (0..1)");
  abi = toAbi(c);
  abi.enhancedConversion.srcDType = 14;  // neither a dtype nor NONE
  EXPECT_EQ(fromAbi(abi).error, "dcconf_case.enhancedConversion.srcDType = 14 is out of range (0..13)");
  abi.enhancedConversion.srcDType = 254;
  EXPECT_EQ(fromAbi(abi).error, "dcconf_case.enhancedConversion.srcDType = 254 is out of range (0..13)");
  abi = toAbi(c);
  abi.enhancedConversion.deqTensor = nullptr;  // NULL with a non-zero length
  EXPECT_EQ(fromAbi(abi).error, "dcconf_case.enhancedConversion.deqTensor is NULL with deqTensorLength 3");
  abi.enhancedConversion.deqTensorLength = 0;  // NULL with length 0: an empty tensor
  const FromAbi empty = fromAbi(abi);
  ASSERT_TRUE(empty.value) << empty.error;
  EXPECT_TRUE(empty.value->enhancedParams->deqTensor.empty());
}

// A case needs the 1.3 layout when it uses a conversion or pins AMB-13..15, so a 1.2 plugin never sees one; an
// enhanced case without a conversion still needs only 1.1.
TEST(AbiConvert, TheEnhancedConversionsNeedThe1_3Layout) {
  const Case deq8 = test::enhancedDeq8Case();  // DEQ8 with its source type
  ASSERT_EQ(resolveOperation(deq8).operation, Operation::enhancedCo1ToCo2);
  EXPECT_EQ(abiCaseBytesNeeded(deq8), DCCONF_CASE_V1_3_SIZE);
  Case plain = deq8;  // the enhanced move: no conversion
  plain.enhancedParams->deqScale = DeqScale::none;
  plain.enhancedParams->srcDType.reset();
  EXPECT_EQ(abiCaseBytesNeeded(plain), DCCONF_CASE_V1_1_SIZE);
  Case deq = plain;
  deq.enhancedParams->deqScale = DeqScale::deq;
  EXPECT_EQ(abiCaseBytesNeeded(deq), DCCONF_CASE_V1_3_SIZE);
  Case typed = plain;  // a stated source type alone (U == T) is a 1.3 field too
  typed.enhancedParams->srcDType = plain.dtype;
  EXPECT_EQ(abiCaseBytesNeeded(typed), DCCONF_CASE_V1_3_SIZE);
  Case tensor = plain;
  tensor.enhancedParams->deqTensor = {1};
  EXPECT_EQ(abiCaseBytesNeeded(tensor), DCCONF_CASE_V1_3_SIZE);
  // a pinned AMB-13..15 word on any case
  for (const char* word : {"vdeq-repeat", "vdeq-advance", "deq16-no-offset", "deq16-offset", "sid-matmul"}) {
    SCOPED_TRACE(word);
    Case pinned = test::padCase(1);
    pinned.profile = *parseProfile(word).profile;
    EXPECT_EQ(abiCaseBytesNeeded(pinned), offsetof(dcconf_case, amb15SidHalf) + 1);
    EXPECT_GT(abiCaseBytesNeeded(pinned), DCCONF_CASE_V1_2_SIZE);
  }
}

// Turn 3: a case pinning AMB-17..20 needs the 1.4 layout (a 1.3 plugin never sees one); basic-api-page and sid-doc
// name the default's readings and need nothing new. A 1.3 case reads with the 1.4 words at their defaults.
TEST(AbiConvert, TheTurn3WordsNeedThe1_4Layout) {
  for (const char* word : {"byte-len", "pad-raw", "enh-len-block", "enh-len-32b", "deqf16-mcb-int16", "deqf16-mcb-half"}) {
    SCOPED_TRACE(word);
    Case pinned = test::padCase(1);
    pinned.profile = *parseProfile(word).profile;
    EXPECT_EQ(abiCaseBytesNeeded(pinned), offsetof(dcconf_case, amb20Deqf16Mcb) + 1);
    EXPECT_GT(abiCaseBytesNeeded(pinned), DCCONF_CASE_V1_3_SIZE);
    const FromAbi back = fromAbi(toAbi(pinned));
    ASSERT_TRUE(back.value) << back.error;
    EXPECT_EQ(back.value->profile, pinned.profile);
    dcconf_case old = toAbi(pinned);
    old.struct_size = static_cast<std::uint32_t>(DCCONF_CASE_V1_3_SIZE);
    const FromAbi older = fromAbi(old);
    ASSERT_TRUE(older.value) << older.error;
    EXPECT_EQ(older.value->profile, Profile{});
  }
  for (const char* word : {"basic-api-page", "sid-doc"}) {
    Case named = test::padCase(1);
    named.profile = *parseProfile(word).profile;
    EXPECT_EQ(abiCaseBytesNeeded(named), DCCONF_CASE_V1_0_SIZE) << word;
  }
}

// Issue 31 item 3: a 950 Fixpipe case (FIX950) or a pinned AMB-23 needs the 1.6 layout and round-trips; a 1.5 reader
// of the same bytes would see no layout (dcconf never hands it one).
TEST(AbiConvert, The950FixpipeNeedsThe1_6Layout) {
  Case c;
  c.product = Product::ascend950;
  c.api = Api::DataCopy;
  c.srcPos = Position::CO1;
  c.dstPos = Position::GM;
  c.dtype = DType::float_;
  c.params = DataCopyCO12DstParams{256, 128, 128, 128, QuantMode::NoQuant, 0, false, false, 0};
  c.fixpipe = FixpipeState{DType::float_, 0, {}, 1, 0, 0, Co2Layout::COLUMN_MAJOR, {1, 0, 0, 1}};
  ASSERT_EQ(resolveOperation(c).operation, Operation::fixpipe950);
  EXPECT_GT(abiCaseBytesNeeded(c), DCCONF_CASE_V1_5_SIZE);
  const dcconf_case abi = toAbi(c);
  EXPECT_EQ(abi.operation, std::uint32_t{DCCONF_OP_FIXPIPE_950});
  EXPECT_EQ(abi.co2Layout, DCCONF_CO2_COLUMN_MAJOR);
  EXPECT_EQ(abi.nz2dn.srcNzC0Stride, 1u);
  const FromAbi back = fromAbi(abi);
  ASSERT_TRUE(back.value) << back.error;
  EXPECT_EQ(back.value->fixpipe, c.fixpipe);
  Case pinned = c;
  pinned.profile = *parseProfile("fix950-zero-reject").profile;
  EXPECT_EQ(fromAbi(toAbi(pinned)).value->profile, pinned.profile);
  dcconf_case old = abi;
  old.struct_size = static_cast<std::uint32_t>(DCCONF_CASE_V1_5_SIZE);
  const FromAbi older = fromAbi(old);
  ASSERT_TRUE(older.value) << older.error;
  EXPECT_FALSE(older.value->fixpipe->layout);
  dcconf_case bad = abi;
  bad.co2Layout = 3;
  EXPECT_FALSE(fromAbi(bad).value);
}

// Issue 31: a Compact case (PAD-CMP) or a pinned AMB-21/22 reading needs the 1.5 layout; it round-trips, and a 1.4
// reader of the same bytes sees a Normal DataCopyPad with the default profile (so dcconf never hands it one).
TEST(AbiConvert, TheCompactModeNeedsThe1_5Layout) {
  Case compact = test::padCase(1);
  compact.product = Product::ascend950;
  compact.params = DataCopyExtParams{3, 48, 0, 0, 0};
  compact.padParams = DataCopyPadExtParams{true, 0, 8, 0};
  compact.paddingMode = PaddingMode::compact;
  ASSERT_EQ(resolveOperation(compact).operation, Operation::padCompactGmToUb);
  EXPECT_EQ(abiCaseBytesNeeded(compact), offsetof(dcconf_case, amb22CompactUbStride) + 1);
  EXPECT_GT(abiCaseBytesNeeded(compact), DCCONF_CASE_V1_4_SIZE);
  const dcconf_case abi = toAbi(compact);
  EXPECT_EQ(abi.operation, std::uint32_t{DCCONF_OP_PAD_COMPACT_GM_TO_UB});
  EXPECT_EQ(abi.paddingMode, DCCONF_PADDING_COMPACT);
  const FromAbi back = fromAbi(abi);
  ASSERT_TRUE(back.value) << back.error;
  EXPECT_EQ(back.value->paddingMode, PaddingMode::compact);
  for (const char* word : {"cmp-pads-ignored", "cmp-pads-run", "cmp-stride-ignored", "cmp-stride-bytes"}) {
    Case pinned = test::padCase(1);
    pinned.profile = *parseProfile(word).profile;
    EXPECT_GT(abiCaseBytesNeeded(pinned), DCCONF_CASE_V1_4_SIZE) << word;
    const FromAbi again = fromAbi(toAbi(pinned));
    ASSERT_TRUE(again.value) << again.error;
    EXPECT_EQ(again.value->profile, pinned.profile) << word;
  }
  dcconf_case old = abi;
  old.struct_size = static_cast<std::uint32_t>(DCCONF_CASE_V1_4_SIZE);
  const FromAbi older = fromAbi(old);
  ASSERT_TRUE(older.value) << older.error;
  EXPECT_EQ(older.value->paddingMode, PaddingMode::normal);
  dcconf_case bad = abi;
  bad.paddingMode = 2;
  EXPECT_FALSE(fromAbi(bad).value);
}

// ATOM-1 (issue 31 item 7): an atomic case round-trips through the 1.8 field and needs it: a 1.7 plugin, which would
// overwrite GM, is never handed one; an unknown op is an error.
TEST(AbiConvert, AtomicNeedsThe1_8Layout) {
  Case atomic = test::padCase(1);
  atomic.srcPos = Position::VECOUT;
  atomic.dstPos = Position::GM;
  atomic.padParams = std::monostate{};
  for (const AtomicOp op : {AtomicOp::add, AtomicOp::max, AtomicOp::min}) {
    atomic.atomic = op;
    EXPECT_GT(abiCaseBytesNeeded(atomic), DCCONF_CASE_V1_7_SIZE);
    EXPECT_LE(abiCaseBytesNeeded(atomic), sizeof(dcconf_case));
    const dcconf_case abi = toAbi(atomic);
    EXPECT_EQ(abi.atomicOp, static_cast<std::uint8_t>(op));
    const FromAbi back = fromAbi(abi);
    ASSERT_TRUE(back.value) << back.error;
    EXPECT_EQ(back.value->atomic, op);
    dcconf_case old = abi;  // a 1.7 reader's view: the atomic field is past its struct
    old.struct_size = static_cast<std::uint32_t>(DCCONF_CASE_V1_7_SIZE);
    const FromAbi older = fromAbi(old);
    ASSERT_TRUE(older.value) << older.error;
    EXPECT_EQ(older.value->atomic, AtomicOp::none);
  }
  dcconf_case bad = toAbi(atomic);
  bad.atomicOp = 4;
  EXPECT_FALSE(fromAbi(bad).value);
  atomic.atomic = AtomicOp::none;
  EXPECT_LE(abiCaseBytesNeeded(atomic), DCCONF_CASE_V1_7_SIZE);
  EXPECT_EQ(toAbi(atomic).atomicOp, DCCONF_ATOMIC_NONE);
}

// FIX950-9 (issue 31 item 4): a dual-destination 950 Fixpipe toward the UB round-trips through the 1.9 field and needs
// it: a 1.8 plugin, which would write one UB, is never handed one; a single-UB case (0) fits the 1.6 layout.
TEST(AbiConvert, DualDstCtlNeedsThe1_9Layout) {
  Case c;
  c.product = Product::ascend950;
  c.api = Api::DataCopy;
  c.srcPos = Position::CO1;
  c.dstPos = Position::VECIN;
  c.dtype = DType::float_;
  c.params = DataCopyCO12DstParams{256, 128, 256, 128, QuantMode::NoQuant, 0, false, false, 0};
  c.fixpipe = FixpipeState{};
  c.fixpipe->srcDType = DType::float_;
  c.fixpipe->layout = Co2Layout::ROW_MAJOR;
  c.src = {128 * 256 * 4, 0};
  c.dst = {128 * 256 * 4, 0};
  EXPECT_LE(abiCaseBytesNeeded(c), DCCONF_CASE_V1_6_SIZE);
  EXPECT_EQ(toAbi(c).dualDstCtl, 0);
  for (const std::uint8_t dual : {std::uint8_t{1}, std::uint8_t{2}, std::uint8_t{3}}) {
    c.fixpipe->dualDstCtl = dual;
    EXPECT_GT(abiCaseBytesNeeded(c), DCCONF_CASE_V1_8_SIZE);
    EXPECT_LE(abiCaseBytesNeeded(c), sizeof(dcconf_case));
    const dcconf_case abi = toAbi(c);
    EXPECT_EQ(abi.dualDstCtl, dual);
    const FromAbi back = fromAbi(abi);
    ASSERT_TRUE(back.value) << back.error;
    EXPECT_EQ(back.value->fixpipe->dualDstCtl, dual);
    EXPECT_EQ(back.value->dstPos, Position::VECIN);
    dcconf_case old = abi;  // a 1.8 reader's view: the field is past its struct
    old.struct_size = static_cast<std::uint32_t>(DCCONF_CASE_V1_8_SIZE);
    const FromAbi older = fromAbi(old);
    ASSERT_TRUE(older.value) << older.error;
    EXPECT_EQ(older.value->fixpipe->dualDstCtl, 0);
  }
}

// Profile words read back as written, and a reader of the layout that ends at olderSize (where the words start) sees
// the default profile.
void expectWordsRoundTripAndOlderReadsDefaults(const dcconf_case& abi, const Profile& profile, std::size_t olderSize) {
  const FromAbi back = fromAbi(abi);
  ASSERT_TRUE(back.value) << back.error;
  EXPECT_EQ(back.value->profile, profile);
  dcconf_case old = abi;
  old.struct_size = static_cast<std::uint32_t>(olderSize);
  const FromAbi older = fromAbi(old);
  ASSERT_TRUE(older.value) << older.error;
  EXPECT_EQ(older.value->profile, Profile{});
}

// ND2NZUB-1 (issue 31 item 6): a GM->UB ND2NZ case and the AMB-33/41 words round-trip through the 1.10 fields and
// need them: a 1.9 plugin, which does not know the operation, is never handed one.
TEST(AbiConvert, Nd2NzGmToUbNeedsThe1_10Layout) {
  Case c = test::dataCopyCase(Product::atlas_a2, DType::float_, Position::GM, Position::VECIN,
                              Nd2NzParams{1, 2, 17, 0, 17, 4, 2, 0});
  EXPECT_GT(abiCaseBytesNeeded(c), DCCONF_CASE_V1_9_SIZE);
  EXPECT_LE(abiCaseBytesNeeded(c), sizeof(dcconf_case));
  EXPECT_EQ(toAbi(c).operation, DCCONF_OP_ND2NZ_GM_TO_UB);
  c.profile = *parseProfile("nd2nzub-page,nd2nzub-c0-8").profile;
  const dcconf_case abi = toAbi(c);
  EXPECT_EQ(abi.amb33Nd2NzUbReading, 1);
  EXPECT_EQ(abi.amb34Nd2NzUbFloatC0, 1);
  expectWordsRoundTripAndOlderReadsDefaults(abi, c.profile, DCCONF_CASE_V1_9_SIZE);
  dcconf_case bad = abi;
  bad.amb33Nd2NzUbReading = 2;
  EXPECT_FALSE(fromAbi(bad).value);
}

// BRC-1 (issue 31 item 8): a BroadCastVecToMM case (its api, its four arguments at full width) and the AMB-40..42
// words round-trip through the 1.11 fields and need them: a 1.10 plugin, which knows neither the api nor the
// params kind, is never handed one, and reads such a case as malformed.
TEST(AbiConvert, BroadcastUbToL0cNeedsThe1_11Layout) {
  Case c;
  c.api = Api::BroadCastVecToMM;
  c.product = Product::atlas_inference_310p;
  c.dtype = DType::half;
  c.srcPos = Position::VECOUT;
  c.dstPos = Position::CO1;
  c.params = BroadCastVecToMMParams{0xFFFFFFFFu, 255, 254, 253};
  EXPECT_GT(abiCaseBytesNeeded(c), DCCONF_CASE_V1_10_SIZE);
  EXPECT_LE(abiCaseBytesNeeded(c), sizeof(dcconf_case));
  c.profile = *parseProfile("brc-dstgap-stride,brc-half-len-64b,brc-align-64b").profile;
  const dcconf_case abi = toAbi(c);
  EXPECT_EQ(abi.operation, DCCONF_OP_BROADCAST_UB_TO_L0C);
  EXPECT_EQ(abi.api, DCCONF_API_BROADCASTVECTOMM);
  EXPECT_EQ(abi.paramsKind, DCCONF_PARAMS_BROADCAST);
  EXPECT_EQ(abi.broadcast.blockCount, 0xFFFFFFFFu);
  EXPECT_EQ(abi.amb40BrcDstGap, DCCONF_AMB40_STRIDE);
  EXPECT_EQ(abi.amb41BrcHalfLen, DCCONF_AMB41_BYTES64);
  EXPECT_EQ(abi.amb42BrcDstAlign, DCCONF_AMB42_BYTES64);
  const FromAbi back = fromAbi(abi);
  ASSERT_TRUE(back.value) << back.error;
  EXPECT_EQ(back.value->params, c.params);
  EXPECT_EQ(back.value->api, Api::BroadCastVecToMM);
  EXPECT_EQ(back.value->profile, c.profile);
  dcconf_case old = abi;  // a 1.10 reader's view: the api value and the params kind are past its layout
  old.struct_size = static_cast<std::uint32_t>(DCCONF_CASE_V1_10_SIZE);
  EXPECT_FALSE(fromAbi(old).value);
  dcconf_case bad = abi;
  bad.amb40BrcDstGap = 3;
  EXPECT_FALSE(fromAbi(bad).value);
}

// NDDMA-1 (issue 31 item 9): an NDDMA case (every NdDmaLoopInfo entry at full width) round-trips through the 1.12
// field `nddma` and needs it: a 1.11 plugin, which knows neither the operation nor the params kind, is never handed
// one, and reads such a case as malformed.
TEST(AbiConvert, NdDmaNeedsThe1_12Layout) {
  Case c = test::ndDmaCase();
  c.params = ndDmaParams();
  EXPECT_GT(abiCaseBytesNeeded(c), DCCONF_CASE_V1_11_SIZE);
  EXPECT_EQ(abiCaseBytesNeeded(c), DCCONF_CASE_V1_12_SIZE);  // the NDDMA params are the last 1.12 field
  const dcconf_case abi = toAbi(c);
  EXPECT_EQ(abi.operation, DCCONF_OP_NDDMA);
  EXPECT_EQ(abi.paramsKind, DCCONF_PARAMS_NDDMA);
  EXPECT_EQ(abi.nddma.dim, 0xFE);
  EXPECT_EQ(abi.nddma.loopSrcStride[4], 0xFFFFFFFFFFFFFF04ull);
  EXPECT_EQ(abi.nddma.loopRpSize[4], 0xE4);
  EXPECT_EQ(abi.nddma.isNearestValueMode, 1);
  const FromAbi back = fromAbi(abi);
  ASSERT_TRUE(back.value) << back.error;
  EXPECT_EQ(back.value->params, c.params);
  dcconf_case old = abi;  // a 1.11 reader's view: the params kind is past its layout
  old.struct_size = static_cast<std::uint32_t>(DCCONF_CASE_V1_11_SIZE);
  EXPECT_FALSE(fromAbi(old).value);
}

// AMB-35..37 (issue 31 item 9): the NDDMA profile words round-trip through the 1.13 fields and need them: a 1.12 plugin,
// which would run the default's reject, is never handed a case with one set; an NDDMA case without one stays 1.12.
TEST(AbiConvert, NdDmaWordsNeedThe1_13Layout) {
  Case c = test::ndDmaCase();
  EXPECT_EQ(abiCaseBytesNeeded(c), DCCONF_CASE_V1_12_SIZE);
  for (const char* word : {"nddma-size0-noop", "nddma-interleave-any", "nddma-b64-wrap"}) {  // each alone needs it
    c.profile = *parseProfile(word).profile;
    EXPECT_GT(abiCaseBytesNeeded(c), DCCONF_CASE_V1_12_SIZE) << word;
  }
  c.profile = *parseProfile("nddma-size0-noop,nddma-interleave-any,nddma-b64-wrap").profile;
  const dcconf_case abi = toAbi(c);
  EXPECT_EQ(abi.amb37NdDmaZeroSize, DCCONF_AMB37_NOOP);
  EXPECT_EQ(abi.amb36NdDmaInterleave, DCCONF_AMB36_ANY);
  EXPECT_EQ(abi.amb35NdDmaB64Stride, DCCONF_AMB35_WRAP);
  expectWordsRoundTripAndOlderReadsDefaults(abi, c.profile, DCCONF_CASE_V1_12_SIZE);
  dcconf_case bad = abi;
  bad.amb37NdDmaZeroSize = 2;
  EXPECT_EQ(fromAbi(bad).error, "dcconf_case.amb37NdDmaZeroSize = 2 is out of range (0..1)");
  bad = abi;
  bad.amb36NdDmaInterleave = 2;
  EXPECT_EQ(fromAbi(bad).error, "dcconf_case.amb36NdDmaInterleave = 2 is out of range (0..1)");
  bad = abi;
  bad.amb35NdDmaB64Stride = 2;
  EXPECT_EQ(fromAbi(bad).error, "dcconf_case.amb35NdDmaB64Stride = 2 is out of range (0..1)");
}

// ND2NZ-6..8 (issue 31 item 5): DataCopy ND2NZ UB->L1 keeps DCCONF_OP_ND2NZ (the path tells it from GM->L1); it and
// the AMB-38/39 words need the 1.12 layout, since a 1.11 plugin would run it as the GM->L1 call under the defaults.
TEST(AbiConvert, Nd2NzUbToL1NeedsThe1_12Layout) {
  Case c = test::nd2nzUbToL1Case();
  EXPECT_GT(abiCaseBytesNeeded(c), DCCONF_CASE_V1_11_SIZE);
  EXPECT_LT(abiCaseBytesNeeded(c), sizeof(dcconf_case));  // the words, not the NDDMA params
  EXPECT_EQ(toAbi(c).operation, DCCONF_OP_ND2NZ);
  Case gmToL1 = c;  // the GM->L1 call stays in the v1.0 layout
  gmToL1.srcPos = Position::GM;
  gmToL1.dstPos = Position::A1;
  EXPECT_EQ(abiCaseBytesNeeded(gmToL1), DCCONF_CASE_V1_0_SIZE);
  gmToL1.profile = *parseProfile("nd2nzu2l1-move").profile;  // a word alone needs the layout too
  EXPECT_GT(abiCaseBytesNeeded(gmToL1), DCCONF_CASE_V1_11_SIZE);
  c.profile = *parseProfile("nd2nzu2l1-page,nd2nzu2l1-move").profile;
  const dcconf_case abi = toAbi(c);
  EXPECT_EQ(abi.amb38Nd2NzU2L1Reading, DCCONF_AMB38_PAGE);
  EXPECT_EQ(abi.amb39Nd2NzU2L1Move, DCCONF_AMB39_MOVE);
  expectWordsRoundTripAndOlderReadsDefaults(abi, c.profile, DCCONF_CASE_V1_11_SIZE);
  EXPECT_EQ(fromAbi(abi).value.value_or(Case{}).srcPos, Position::VECIN);
  dcconf_case bad = abi;
  bad.amb39Nd2NzU2L1Move = 2;
  EXPECT_EQ(fromAbi(bad).error, "dcconf_case.amb39Nd2NzU2L1Move = 2 is out of range (0..1)");
}

// LOOP-1 (issue 31 item 2): a case in loop mode round-trips through the 1.7 fields (strides past 32 bits) and needs
// them: a 1.6 plugin, which would run a single call, is never handed one.
TEST(AbiConvert, LoopModeNeedsThe1_7Layout) {
  Case loop = test::padCase(1);
  loop.product = Product::ascend950;
  loop.params = DataCopyExtParams{2, 40, 0, 0, 0};
  loop.padParams = DataCopyPadExtParams{true, 0, 0, 0};
  loop.loopMode = LoopModeParams{2, 2097151, (std::uint64_t{1} << 40) - 1, 128, 160, 288};
  EXPECT_EQ(abiCaseBytesNeeded(loop), DCCONF_CASE_V1_7_SIZE);  // the 1.7 fields end where 1.8's start
  EXPECT_GT(abiCaseBytesNeeded(loop), DCCONF_CASE_V1_6_SIZE);
  const dcconf_case abi = toAbi(loop);
  EXPECT_EQ(abi.hasLoopMode, 1);
  EXPECT_EQ(abi.loopMode.loop1SrcStride, (std::uint64_t{1} << 40) - 1);
  const FromAbi back = fromAbi(abi);
  ASSERT_TRUE(back.value) << back.error;
  EXPECT_EQ(back.value->loopMode, loop.loopMode);
  loop.loopMode.reset();
  EXPECT_LE(abiCaseBytesNeeded(loop), DCCONF_CASE_V1_6_SIZE);
  EXPECT_EQ(toAbi(loop).hasLoopMode, 0);
  dcconf_case old = abi;  // a 1.6 reader's view: the loop fields are past its struct
  old.struct_size = static_cast<std::uint32_t>(DCCONF_CASE_V1_6_SIZE);
  const FromAbi older = fromAbi(old);
  ASSERT_TRUE(older.value) << older.error;
  EXPECT_FALSE(older.value->loopMode);
}

// A 1.1 case (544 bytes) reads with the 1.2 fields at their defaults; the 1.2 params kind in it is out of range.
TEST(AbiConvert, ReadsAV1_1CaseWithoutThe1_2Fields) {
  dcconf_case abi = toAbi(fixpipeCase());
  abi.struct_size = static_cast<std::uint32_t>(DCCONF_CASE_V1_1_SIZE);
  EXPECT_FALSE(fromAbi(abi).value);  // DCCONF_PARAMS_CO12DST is past a 1.1 case's end
  abi.paramsKind = DCCONF_PARAMS_DATACOPY;
  const FromAbi old = fromAbi(abi);
  ASSERT_TRUE(old.value) << old.error;
  EXPECT_FALSE(old.value->fixpipe);
  EXPECT_EQ(old.value->profile.fixOffset, Profile::FixOffset::any);
  EXPECT_EQ(old.value->profile.fixNegScale, Profile::FixNegScale::any);
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
  EXPECT_EQ(abiCaseBytesNeeded(enhanced), DCCONF_CASE_V1_1_SIZE);  // the whole 1.1 case, none of 1.2
}

// A reader never reads past struct_size: a v1.0 case reads with the 1.1 fields at their defaults, and a 1.1
// params kind or enum value in it is out of range.
TEST(AbiConvert, ReadsAV1_0CaseWithoutThe1_1Fields) {
  Case c = baseCase();
  c.params = DataCopyParams{1, 2, 3, 4};
  c.enhancedParams = DataCopyEnhancedParams{BlockMode::matrix, DeqScale::none, 5, 1, true, 0, 6, {}, {}};
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
  abi.paramsKind = 10;  // 9 is DCCONF_PARAMS_NDDMA since 1.12
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
  abi = toAbi(Case{});
  abi.amb11FixReluOrder = 3;
  EXPECT_EQ(fromAbi(abi).error, "dcconf_case.amb11FixReluOrder = 3 is out of range (0..2)");
  const Case fix = fixpipeCase();
  abi = toAbi(fix);
  abi.fixpipe.srcDType = 14;
  EXPECT_EQ(fromAbi(abi).error, "dcconf_case.fixpipe.srcDType = 14 is out of range (0..13)");
  abi = toAbi(fix);
  abi.fixpipe.quantTensor = nullptr;
  EXPECT_EQ(fromAbi(abi).error, "dcconf_case.fixpipe.quantTensor is NULL with quantTensorLength 3");
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
  EXPECT_EQ(DCCONF_CASE_V1_1_SIZE, 544u);  // sizeof(dcconf_case) of 1.1: the 1.2 fields start there
  EXPECT_EQ(sizeof(dcconf_DataCopyCO12DstParams), 16u);
  EXPECT_EQ(sizeof(dcconf_FixpipeState), 40u);
  EXPECT_EQ(offsetof(dcconf_case, amb12FixNegScale), 548u);
  EXPECT_EQ(offsetof(dcconf_case, co12Dst), 552u);
  EXPECT_EQ(offsetof(dcconf_case, fixpipe), 568u);
  EXPECT_EQ(offsetof(dcconf_FixpipeState, quantTensor), 24u);
  EXPECT_EQ(DCCONF_CASE_V1_2_SIZE, 608u);  // sizeof(dcconf_case) of 1.2: the 1.3 fields start there
  EXPECT_EQ(offsetof(dcconf_case, amb15SidHalf), 610u);
  EXPECT_EQ(sizeof(dcconf_EnhancedConversion), 24u);
  EXPECT_EQ(offsetof(dcconf_case, enhancedConversion), 616u);
  EXPECT_EQ(offsetof(dcconf_EnhancedConversion, deqTensor), 8u);
  EXPECT_EQ(DCCONF_CASE_V1_3_SIZE, 640u);  // sizeof(dcconf_case) of 1.3: the 1.4 fields start there
  EXPECT_EQ(offsetof(dcconf_case, amb20Deqf16Mcb), 643u);
  EXPECT_EQ(DCCONF_CASE_V1_4_SIZE, 648u);  // sizeof(dcconf_case) of 1.4: the 1.5 fields start there
  EXPECT_EQ(offsetof(dcconf_case, amb22CompactUbStride), 650u);
  EXPECT_EQ(DCCONF_CASE_V1_5_SIZE, 656u);  // sizeof(dcconf_case) of 1.5: the 1.6 fields start there
  EXPECT_EQ(offsetof(dcconf_case, nz2dn), 664u);
  EXPECT_EQ(sizeof(dcconf_Nz2DnParams), 16u);
  EXPECT_EQ(DCCONF_CASE_V1_6_SIZE, 680u);  // sizeof(dcconf_case) of 1.6: the 1.7 fields start there
  EXPECT_EQ(sizeof(dcconf_LoopModeParams), 40u);
  EXPECT_EQ(offsetof(dcconf_case, loopMode), 688u);
  EXPECT_EQ(DCCONF_CASE_V1_7_SIZE, 728u);  // sizeof(dcconf_case) of 1.7: the 1.8 fields start there
  EXPECT_EQ(DCCONF_CASE_V1_8_SIZE, 736u);  // sizeof(dcconf_case) of 1.8: the 1.9 fields start there
  EXPECT_EQ(DCCONF_CASE_V1_9_SIZE, 744u);  // sizeof(dcconf_case) of 1.9: the 1.10 fields start there
  EXPECT_EQ(DCCONF_CASE_V1_10_SIZE, 752u);  // sizeof(dcconf_case) of 1.10: the 1.11 fields start there
  EXPECT_EQ(sizeof(dcconf_BroadCastVecToMMParams), 8u);
  EXPECT_EQ(offsetof(dcconf_case, broadcast), 760u);
  EXPECT_EQ(DCCONF_CASE_V1_11_SIZE, 768u);  // sizeof(dcconf_case) of 1.11: the 1.12 fields start there
  EXPECT_EQ(offsetof(dcconf_case, amb39Nd2NzU2L1Move), 769u);
  EXPECT_EQ(sizeof(dcconf_NdDmaParams), 104u);
  EXPECT_EQ(offsetof(dcconf_NdDmaParams, loopDstStride), 16u);
  EXPECT_EQ(offsetof(dcconf_NdDmaParams, loopSrcStride), 56u);
  EXPECT_EQ(offsetof(dcconf_NdDmaParams, constantValue), 96u);
  EXPECT_EQ(offsetof(dcconf_case, nddma), 776u);
  EXPECT_EQ(DCCONF_CASE_V1_12_SIZE, 880u);  // sizeof(dcconf_case) of 1.12: the 1.13 fields start there
  EXPECT_EQ(sizeof(dcconf_case), 888u);
  EXPECT_EQ(offsetof(dcconf_backend_v1_t, case_struct_size), 56u);
}

}  // namespace
}  // namespace dcconf::plugin
