// The example plugin agrees with the oracle on random DataCopyPad GM<->UB, DataCopy 0-level, quantising-copy (FIX)
// and enhanced CO1->CO2 conversion (ENH-2..4) cases, rejects the invalid ones without touching dst, declines the
// 8-bit FIX modes and the enhanced conversions it does not implement, and the broken fixture is caught.
#include <array>
#include <bit>
#include <cmath>
#include <map>

#include "dcconf/properties/generators.hpp"
#include "plugin_test_support.hpp"

namespace dcconf::plugin::test {
namespace {

std::uint64_t pick(std::mt19937& rng, std::uint64_t lo, std::uint64_t hi) {
  return std::uniform_int_distribution<std::uint64_t>(lo, hi)(rng);
}
template <typename T>
T pickU(std::mt19937& rng, std::uint64_t lo, std::uint64_t hi) {
  return static_cast<T>(pick(rng, lo, hi));
}

constexpr std::array kCopyDTypes{DType::half,    DType::int16_t, DType::uint16_t, DType::float_,
                                 DType::int32_t, DType::uint32_t, DType::int8_t,  DType::uint8_t};

Case randomPadGmToUb(std::mt19937& rng) {
  Case c;
  c.dtype = static_cast<DType>(pick(rng, 0, 11));
  const std::uint64_t s = sizeBytes(c.dtype);
  const bool isPad = pick(rng, 0, 1) == 1;
  const auto left = pickU<std::uint8_t>(rng, 0, 32 / s);
  const auto right = pickU<std::uint8_t>(rng, 0, 32 / s);
  const std::uint64_t value = s == 8 ? 0 : rng() & ((std::uint64_t{1} << (8 * s)) - 1);
  const auto blockCount = pickU<std::uint16_t>(rng, 1, 6);
  // PAD-G2U-1 (turn 3, default profile): blockLen whole elements (AMB-17), the non-Ext paddingValue 0 (AMB-18).
  const auto blockLenBytes = static_cast<std::uint16_t>(s * pickU<std::uint16_t>(rng, 1, static_cast<std::uint16_t>(100 / s)));
  if (pick(rng, 0, 1) == 1) {
    c.params = DataCopyExtParams{blockCount, blockLenBytes, pickU<std::uint32_t>(rng, 0, 40),
                                 pickU<std::uint32_t>(rng, 0, 3), 0};
    c.padParams = DataCopyPadExtParams{isPad, left, right, value};
  } else {
    c.params = DataCopyParams{blockCount, blockLenBytes, pickU<std::uint16_t>(rng, 0, 40),
                              pickU<std::uint16_t>(rng, 0, 3)};
    c.padParams = DataCopyPadParams{isPad, left, right, 0};
  }
  if (pick(rng, 0, 3) == 0) c.padRegister = rng();
  c.dstPos = pick(rng, 0, 1) == 1 ? Position::VECIN : Position::VECOUT;
  return c;
}

Case randomPadUbToGm(std::mt19937& rng) {
  Case c;
  c.dtype = static_cast<DType>(pick(rng, 0, 11));
  c.srcPos = pick(rng, 0, 1) == 1 ? Position::VECIN : Position::VECOUT;
  c.dstPos = Position::GM;
  c.params = DataCopyExtParams{pickU<std::uint16_t>(rng, 1, 6), pickU<std::uint32_t>(rng, 1, 100),
                               pickU<std::uint32_t>(rng, 0, 3), pickU<std::uint32_t>(rng, 0, 40), 0};
  return c;
}

Case randomCopy0Level(std::mt19937& rng) {
  constexpr std::array<std::pair<Position, Position>, 5> kPaths{{{Position::GM, Position::VECIN},
                                                                 {Position::GM, Position::A1},
                                                                 {Position::GM, Position::B1},
                                                                 {Position::VECIN, Position::VECOUT},
                                                                 {Position::VECOUT, Position::GM}}};
  Case c;
  c.api = Api::DataCopy;
  std::tie(c.srcPos, c.dstPos) = kPaths[pick(rng, 0, kPaths.size() - 1)];
  c.dtype = kCopyDTypes[pick(rng, 0, kCopyDTypes.size() - 1)];
  c.params = DataCopyParams{pickU<std::uint16_t>(rng, 1, 5), pickU<std::uint16_t>(rng, 1, 4),
                            pickU<std::uint16_t>(rng, 0, 3), pickU<std::uint16_t>(rng, 0, 3)};
  return c;
}

std::uint64_t randomOffset(std::mt19937& rng, Position position) {
  return isLocal(position) ? 32 * pick(rng, 0, 2) : pick(rng, 0, 40);
}

// A valid case on one of the example's paths, sized to fit, under a profile the example follows.
Case randomValidCase(std::mt19937& rng) {
  const auto kind = pick(rng, 0, 2);
  Case c = kind == 0 ? randomPadGmToUb(rng) : kind == 1 ? randomPadUbToGm(rng) : randomCopy0Level(rng);
  c.product = pick(rng, 0, 1) == 1 ? Product::atlas_a2 : Product::atlas_a3;
  c.profile = *parseProfile(std::array{"default", "doc-dummy", "hw-noop"}[pick(rng, 0, 2)]).profile;
  c.src.offsetBytes = randomOffset(rng, c.srcPos);
  c.dst.offsetBytes = randomOffset(rng, c.dstPos);
  sizeBuffers(c, pick(rng, 0, 40));
  return c;
}

// Sets blockCount or blockLen through whichever params struct the case holds.
void setBlocks(Case& c, std::optional<std::uint16_t> blockCount, std::optional<std::uint16_t> blockLen) {
  std::visit(
      [&](auto& p) {
        if constexpr (requires { p.blockLen; p.srcStride; }) {
          if (blockCount) p.blockCount = *blockCount;
          if (blockLen) p.blockLen = *blockLen;
        }
      },
      c.params);
}

// One way to break the case (G-4 constraints, G-1/G-2 bounds, G-5 alignment).
void breakCase(std::mt19937& rng, Case& c) {
  switch (pick(rng, 0, 5)) {
    case 0: setBlocks(c, 0, std::nullopt); break;     // invalid unless hw-noop
    case 1: setBlocks(c, 4096, std::nullopt); break;
    case 2: setBlocks(c, std::nullopt, 0); break;
    case 3: c.src.sizeBytes = c.src.offsetBytes + extents(c).srcSpanBytes - 1; break;
    case 4: c.dst.sizeBytes = c.dst.offsetBytes + extents(c).dstSpanBytes - 1; break;
    default:
      if (auto* pad = std::get_if<DataCopyPadExtParams>(&c.padParams)) {
        pad->leftPadding = static_cast<std::uint8_t>(32 / sizeBytes(c.dtype) + 1);
      } else if (isLocal(c.dstPos)) {
        c.dst.offsetBytes += 16;
        c.dst.sizeBytes += 16;
      } else {
        c.src.offsetBytes += c.src.sizeBytes;
      }
  }
}

TEST(ExamplePlugin, AgreesWithTheOracle) {
  const auto backend = load(DCCONF_EXAMPLE_PLUGIN);
  ASSERT_TRUE(backend);
  std::mt19937 rng(20260521);
  int computed = 0, invalid = 0;
  for (int i = 0; i < 600; ++i) {
    Case c = randomValidCase(rng);
    const bool broken = pick(rng, 0, 3) == 0;
    if (broken) breakCase(rng, c);
    ASSERT_TRUE(backend->supports(c)) << "case " << i;
    const Comparison r = compareWithOracle(*backend, c, rng);
    if (r.verdict == Verdict::computed) {
      ++computed;
      ASSERT_EQ(r.result.status, backends::RunStatus::ok) << "case " << i << ": " << r.result.detail;
      ASSERT_EQ(r.firstMismatch, kNoMismatch) << "case " << i << " (" << name(*resolveOperation(c).operation) << ")";
    } else {
      ++invalid;
      ASSERT_EQ(r.verdict, Verdict::invalid) << "case " << i;
      ASSERT_EQ(r.result.status, backends::RunStatus::rejected) << "case " << i;
      // The example checks in the oracle's order and starts its detail with the clause (a convention, not the ABI).
      EXPECT_EQ(r.result.detail.rfind(r.firstClause + ":", 0), 0u) << r.result.detail << " vs " << r.firstClause;
      ASSERT_TRUE(r.dstUntouched) << "case " << i << " wrote into dst while rejecting it";
    }
  }
  EXPECT_GT(computed, 300);
  EXPECT_GT(invalid, 60);
}

// A valid quantising copy (FIX) in the example's subset: the modes without an 8-bit result, every layout (FIX-1
// bursts, FIX-2 nz2nd with several matrices, FIX-3 channelSplit), ReLU, MCB shifts, V* tensors, and the AMB-8..12
// words the example follows. Destinations never overlap, so every element is checked.
Case randomFixpipeCase(std::mt19937& rng) {
  struct Conversion {
    QuantMode mode;
    DType u, t;
  };
  constexpr std::array<Conversion, 6> kConversions{{{QuantMode::NoQuant, DType::float_, DType::float_},
                                                    {QuantMode::NoQuant, DType::int32_t, DType::int32_t},
                                                    {QuantMode::F322F16, DType::float_, DType::half},
                                                    {QuantMode::F322BF16, DType::float_, DType::bfloat16_t},
                                                    {QuantMode::DEQF16, DType::int32_t, DType::half},
                                                    {QuantMode::VDEQF16, DType::int32_t, DType::half}}};
  const Conversion k = kConversions[pick(rng, 0, kConversions.size() - 1)];
  Case c;
  c.api = Api::DataCopy;
  c.srcPos = Position::CO1;
  c.dtype = k.t;
  const bool toA1 = k.t != DType::float_ && k.t != DType::int32_t && pick(rng, 0, 2) == 0;
  c.dstPos = toA1 ? Position::A1 : Position::GM;
  DataCopyCO12DstParams p;
  p.quantPre = k.mode;
  p.reluPre = pickU<std::uint8_t>(rng, 0, 1);
  p.nz2ndEn = !toA1 && pick(rng, 0, 1) == 1;
  p.channelSplit = !p.nz2ndEn && k.t == DType::float_ && pick(rng, 0, 1) == 1;
  const std::uint64_t c0 = p.channelSplit ? 8 : 16;
  const std::uint64_t s = sizeBytes(k.t);
  p.mSize = pickU<std::uint16_t>(rng, 1, 4);
  p.nSize = p.nz2ndEn ? pickU<std::uint16_t>(rng, 1, 40) : static_cast<std::uint16_t>(c0 * pick(rng, 1, 3));
  p.srcStride = static_cast<std::uint16_t>(16 * pick(rng, 1, 2));
  p.dstStride = p.nz2ndEn ? static_cast<std::uint32_t>(p.nSize + pick(rng, 0, 5))
                          : static_cast<std::uint32_t>((p.mSize * c0 * s + 31) / 32 + pick(rng, 0, 2));
  c.params = p;
  FixpipeState f;
  f.srcDType = k.u;
  f.ndNum = p.nz2ndEn ? pickU<std::uint16_t>(rng, 1, 3) : 1;
  f.srcNdStride = static_cast<std::uint16_t>(p.srcStride / 16 * ((p.nSize + 15) / 16));  // FIX-2: 1024-byte units
  f.dstNdStride = static_cast<std::uint32_t>(p.mSize * p.dstStride + pick(rng, 0, 9));
  // A quant parameter (FIX-5): scale 2^-20..2^-12 keeps int32 sources in half's range, N, MCB, offset and sign
  // bits random, sometimes a negative scale sign-extended into bits [63:32] (AMB-12).
  auto quant = [&rng] {
    const float scale = std::ldexp(1.0F + static_cast<float>(pick(rng, 0, 1023)) / 1024.0F,
                                   -static_cast<int>(pick(rng, 12, 20)));
    if (pick(rng, 0, 5) == 0) return std::uint64_t{0xFFFFFFFF00000000ull} | std::bit_cast<std::uint32_t>(-scale);
    return encodeQuantParam(pick(rng, 0, 3) == 0 ? -scale : scale, pickU<std::uint32_t>(rng, 0, 15),
                            pick(rng, 0, 1) == 1, pickU<std::uint32_t>(rng, 0, 511), pick(rng, 0, 1) == 1);
  };
  f.quantScalar = quant();
  if (k.mode == QuantMode::VDEQF16) {
    for (std::uint32_t n = 0; n < p.nSize; ++n) f.quantTensor.push_back(quant());
  }
  c.fixpipe = f;
  constexpr std::array kProfiles{"default", "deq-rne", "deq-trunc", "shift-raw,negscale-signed",
                                 "shift-plus-one,negscale-magnitude"};
  c.profile = *parseProfile(kProfiles[pick(rng, 0, kProfiles.size() - 1)]).profile;
  c.dst.offsetBytes = randomOffset(rng, c.dstPos);
  sizeBuffers(c, pick(rng, 0, 40));
  return c;
}

TEST(ExamplePlugin, AgreesWithTheOracleOnTheQuantisingCopy) {
  const auto backend = load(DCCONF_EXAMPLE_PLUGIN);
  ASSERT_TRUE(backend);
  std::mt19937 rng(20261121);
  for (int i = 0; i < 300; ++i) {
    const Case c = randomFixpipeCase(rng);
    ASSERT_TRUE(backend->supports(c)) << "case " << i;
    const Comparison r = compareWithOracle(*backend, c, rng);
    ASSERT_EQ(r.verdict, Verdict::computed) << "case " << i << ": " << r.firstClause;
    ASSERT_EQ(r.result.status, backends::RunStatus::ok) << "case " << i << ": " << r.result.detail;
    ASSERT_EQ(r.firstMismatch, kNoMismatch) << "case " << i << " ("
                                            << name(std::get<DataCopyCO12DstParams>(c.params).quantPre) << ", profile "
                                            << profileName(c.profile) << ")";
  }
}

// The 8-bit results (QF322B8_PRE, REQ8 and their V* forms): supported and equal to the oracle on every mode, dtype and
// ReLU setting, with an offset, a negative scale and a V* tensor whose words differ.
TEST(ExamplePlugin, ConvertsTheEightBitQuantisingCopies) {
  const auto backend = load(DCCONF_EXAMPLE_PLUGIN);
  ASSERT_TRUE(backend);
  std::mt19937 rng(17);
  for (const QuantMode mode : {QuantMode::REQ8, QuantMode::VREQ8, QuantMode::QF322B8_PRE, QuantMode::VQF322B8_PRE}) {
    for (const DType t : {DType::int8_t, DType::uint8_t}) {
      for (const int relu : {0, 1}) {
        Case c = fixpipeCase();
        c.dtype = t;
        auto& p = std::get<DataCopyCO12DstParams>(c.params);
        p.quantPre = mode;
        p.reluPre = static_cast<std::uint8_t>(relu);
        p.nSize = 32;  // FIX-1: C0d 32 for an 8-bit result
        p.dstStride = std::max<std::uint32_t>(p.dstStride, p.mSize);
        c.fixpipe->srcDType = mode == QuantMode::REQ8 || mode == QuantMode::VREQ8 ? DType::int32_t : DType::float_;
        const std::uint64_t word = std::uint64_t{std::bit_cast<std::uint32_t>(-0.75F)} |
                                   std::uint64_t{t == DType::int8_t} << 46 | std::uint64_t{7} << 37;
        c.fixpipe->quantScalar = word;
        c.fixpipe->quantTensor.clear();
        for (std::uint64_t n = 0; n < p.nSize; ++n) c.fixpipe->quantTensor.push_back(word + (n << 13));
        sizeBuffers(c, 0);
        SCOPED_TRACE(std::string(name(mode)) + " " + std::string(name(t)) + " relu " + std::to_string(relu));
        ASSERT_TRUE(backend->supports(c));
        const Comparison r = compareWithOracle(*backend, c, rng);
        ASSERT_EQ(r.verdict, Verdict::computed) << r.firstClause;
        EXPECT_EQ(r.result.status, backends::RunStatus::ok) << r.result.detail;
        EXPECT_EQ(r.firstMismatch, kNoMismatch);
      }
    }
  }
}

TEST(ExamplePlugin, AnswersNotSupportedOffItsPaths) {
  const auto backend = load(DCCONF_EXAMPLE_PLUGIN);
  ASSERT_TRUE(backend);
  Case kirin = padCase(2);
  kirin.product = Product::kirin9020;
  EXPECT_FALSE(backend->supports(kirin));
  std::mt19937 rng(3);
  EXPECT_EQ(compareWithOracle(*backend, kirin, rng).result.status, backends::RunStatus::notSupported);
}

// ABI 1.12: the example compiles against the 1.12 header, so NDDMA (NDDMA-1) and ND2NZ UB->L1 (ND2NZ-6) cases reach
// it; it implements neither and answers NOT_SUPPORTED itself (its own detail, not dcconf's layout refusal), dst intact.
TEST(ExamplePlugin, AnswersNotSupportedToThe1_12Cases) {
  const auto backend = load(DCCONF_EXAMPLE_PLUGIN);
  ASSERT_TRUE(backend);
  std::mt19937 rng(31);
  for (const Case& c : {ndDmaCase(), nd2nzUbToL1Case()}) {
    SCOPED_TRACE(std::string(name(*resolveOperation(c).operation)));
    EXPECT_FALSE(backend->supports(c));
    const Comparison compared = compareWithOracle(*backend, c, rng);
    EXPECT_EQ(compared.verdict, Verdict::computed);  // a valid case, so only the plugin declines it
    EXPECT_EQ(compared.result.status, backends::RunStatus::notSupported);
    EXPECT_NE(compared.result.detail.find("example plugin"), std::string::npos) << compared.result.detail;
    EXPECT_TRUE(compared.dstUntouched);
  }
}

TEST(ExamplePlugin, BrokenFixtureIsCaught) {
  const auto backend = load(DCCONF_BROKEN_PLUGIN);
  ASSERT_TRUE(backend);
  std::mt19937 rng(5);
  int mismatches = 0;
  for (int i = 0; i < 50; ++i) {
    Case c = randomPadGmToUb(rng);
    sizeBuffers(c, 0);
    const Comparison r = compareWithOracle(*backend, c, rng);
    ASSERT_EQ(r.result.status, backends::RunStatus::ok) << r.result.detail;
    mismatches += r.firstMismatch != kNoMismatch;
  }
  EXPECT_GT(mismatches, 0);
}

}  // namespace
}  // namespace dcconf::plugin::test

namespace dcconf::plugin::test {
namespace {

// The enhanced conversions the example implements (ABI 1.3), stated from the case model, not from the plugin:
// (V)DEQ int32 -> half, (V)DEQ8 int32 -> int8/uint8, V* not on SMALL_CHANNEL.
bool exampleHandlesConversion(const Case& c) {
  const DataCopyEnhancedParams& e = *c.enhancedParams;
  const bool vector = e.deqScale == DeqScale::vdeq || e.deqScale == DeqScale::vdeq8;
  if (e.srcDType != DType::int32_t || (vector && e.blockMode == BlockMode::smallChannel)) return false;
  if (e.deqScale == DeqScale::deq || e.deqScale == DeqScale::vdeq) return c.dtype == DType::half;
  return (e.deqScale == DeqScale::deq8 || e.deqScale == DeqScale::vdeq8) &&
         (c.dtype == DType::int8_t || c.dtype == DType::uint8_t);
}

// ENH-2..4 (ABI 1.3): valid enhanced CO1->CO2 cases from the property suite's generator, on both CO2 products, under
// the default profile (ambiguous elements unchecked) and under profiles pinning AMB-8..15 (every element checked).
// The example runs the conversions it implements, deq tensor included, and declines the others.
TEST(ExamplePlugin, AgreesWithTheOracleOnTheEnhancedConversions) {
  const auto backend = load(DCCONF_EXAMPLE_PLUGIN);
  ASSERT_TRUE(backend);
  constexpr std::array kProfiles{
      "default", "sid-matmul", "offset-unsigned,relu-after-offset", "shift-plus-one,deq-trunc", "negscale-magnitude",
      "vdeq-advance", "vdeq-repeat,negscale-signed",
      "offset-signed,shift-raw,deq-rne,relu-before-offset,negscale-signed,vdeq-repeat,sid-matmul",
      "offset-unsigned,shift-plus-one,deq-trunc,relu-after-offset,negscale-magnitude,vdeq-advance"};
  std::mt19937 rng(20261207);
  std::map<std::string, int> ran;  // per deqScale (and store mode), so every implemented conversion is exercised
  int declined = 0;
  for (std::uint64_t seed = 0; seed < 2000 && ran["total"] < 400; ++seed) {
    properties::Scope scope;
    scope.product = seed % 2 == 0 ? Product::atlas_training : Product::atlas_inference_310p;
    scope.dtypes = {DType::half, DType::int8_t, DType::uint8_t};
    scope.profile = *parseProfile(kProfiles[seed % kProfiles.size()]).profile;
    const Case c = properties::genEnhancedCo1ToCo2(scope)(rc::Random(seed), 30).value().data.c;
    SCOPED_TRACE("seed " + std::to_string(seed) + ", profile " + profileName(c.profile));
    const DataCopyEnhancedParams& e = *c.enhancedParams;
    ASSERT_EQ(backend->supports(c), exampleHandlesConversion(c)) << name(e.deqScale) << " " << name(c.dtype);
    const Comparison r = compareWithOracle(*backend, c, rng);
    ASSERT_EQ(r.verdict, Verdict::computed) << r.firstClause;
    if (!exampleHandlesConversion(c)) {
      ASSERT_EQ(r.result.status, backends::RunStatus::notSupported) << r.result.detail;
      ++declined;
      continue;
    }
    ASSERT_EQ(r.result.status, backends::RunStatus::ok) << r.result.detail;
    ASSERT_EQ(r.firstMismatch, kNoMismatch) << name(e.deqScale) << " -> " << name(c.dtype) << ", "
                                            << name(e.blockMode) << ", sidStoreMode " << int{e.sidStoreMode}
                                            << ", isRelu " << e.isRelu << ", " << e.deqTensor.size() << " V* entries";
    ++ran["total"];
    ++ran[std::string(name(e.deqScale)) + (e.deqScale == DeqScale::deq8 || e.deqScale == DeqScale::vdeq8
                                                ? " sid" + std::to_string(e.sidStoreMode)
                                                : "")];
  }
  EXPECT_GE(ran["total"], 400);
  EXPECT_GT(declined, 20);  // DEQ half -> half, DEQ16/VDEQ16 and the plain move reach the example and are declined
  for (const char* cell : {"DEQ", "VDEQ", "DEQ8 sid0", "DEQ8 sid1", "DEQ8 sid3", "VDEQ8 sid0", "VDEQ8 sid1",
                           "VDEQ8 sid3"}) {
    EXPECT_GE(ran[cell], 10) << cell;
  }
}

// Issue 31 item 3 (ABI 1.6): the example implements the 950 Fixpipe (FIX950) for the FIX conversions it has, with
// cases drawn by the suite's own generator; the 8-bit results it declines, and other products too.
TEST(ExamplePlugin, AgreesWithTheOracleOnThe950Fixpipe) {
  const auto backend = load(DCCONF_EXAMPLE_PLUGIN);
  ASSERT_TRUE(backend);
  std::mt19937 rng(20261201);
  std::map<std::string, int> ran;
  for (std::uint64_t seed = 0; seed < 600; ++seed) {
    properties::Scope scope;
    scope.product = Product::ascend950;
    const Case c = properties::genCase(Operation::fixpipe950, scope)(rc::Random(seed), 30).value().data.c;
    if (!backend->supports(c)) {
      EXPECT_EQ(sizeBytes(c.dtype), 1u) << name(c.dtype);  // only the 8-bit results are declined
      continue;
    }
    SCOPED_TRACE("seed " + std::to_string(seed));
    const Comparison r = compareWithOracle(*backend, c, rng);
    ASSERT_EQ(r.verdict, Verdict::computed) << r.firstClause;
    ASSERT_EQ(r.result.status, backends::RunStatus::ok) << r.result.detail;
    ASSERT_EQ(r.firstMismatch, kNoMismatch) << name(c.dtype);
    ++ran[std::string(name(*c.fixpipe->layout))];
  }
  for (const char* layout : {"NZ", "ROW_MAJOR", "COLUMN_MAJOR"}) EXPECT_GE(ran[layout], 50) << layout;
  Case a2 = properties::genCase(Operation::fixpipe950, {})(rc::Random(1), 10).value().data.c;
  a2.product = Product::atlas_a2;
  EXPECT_FALSE(backend->supports(a2));
}

// Issue 31 (ABI 1.5): the example implements DataCopyPad PaddingMode::Compact on the Ascend 950, both ways, under
// every AMB-21/22 reading (open or pinned), with cases drawn by the suite's own generators; other products decline.
TEST(ExamplePlugin, AgreesWithTheOracleOnTheCompactMode) {
  const auto backend = load(DCCONF_EXAMPLE_PLUGIN);
  ASSERT_TRUE(backend);
  constexpr std::array kProfiles{"default", "cmp-pads-ignored", "cmp-pads-run,cmp-stride-bytes", "cmp-stride-ignored",
                                 "cmp-pads-run,cmp-stride-ignored", "pad-dummy,cmp-stride-bytes"};
  std::mt19937 rng(20261128);
  std::map<std::string, int> ran;
  for (std::uint64_t seed = 0; seed < 600; ++seed) {
    properties::Scope scope;
    scope.product = Product::ascend950;
    scope.profile = *parseProfile(kProfiles[seed % kProfiles.size()]).profile;
    const Operation op = seed % 3 == 0 ? Operation::padCompactUbToGm : Operation::padCompactGmToUb;
    const Case c = properties::genCase(op, scope)(rc::Random(seed), 30).value().data.c;
    SCOPED_TRACE("seed " + std::to_string(seed) + ", profile " + profileName(c.profile));
    ASSERT_TRUE(backend->supports(c));
    const Comparison r = compareWithOracle(*backend, c, rng);
    ASSERT_EQ(r.verdict, Verdict::computed) << r.firstClause;
    ASSERT_EQ(r.result.status, backends::RunStatus::ok) << r.result.detail;
    ASSERT_EQ(r.firstMismatch, kNoMismatch) << name(op) << " " << name(c.dtype);
    ++ran[std::string(key(op))];
  }
  EXPECT_GE(ran["padCompactGmToUb"], 300);
  EXPECT_GE(ran["padCompactUbToGm"], 150);
  Case a2 = properties::genCase(Operation::padCompactGmToUb, {})(rc::Random(1), 10).value().data.c;
  a2.product = Product::atlas_a2;
  EXPECT_FALSE(backend->supports(a2));
  EXPECT_EQ(compareWithOracle(*backend, a2, rng).result.status, backends::RunStatus::notSupported);
}

}  // namespace
}  // namespace dcconf::plugin::test
