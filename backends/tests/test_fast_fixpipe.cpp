// Differential test of the fast backend's quantising / ReLU copy out of L0C (FIX-1..7, DataCopyCO12DstParams)
// against oracle::evaluate, byte by byte with guard bytes around the destination: every cared byte (VALUE, and
// KEEP = the prior byte) must match; ANY bytes are free. Sources are built from special values (0, -0, NaN, +-inf,
// subnormals, INT32_MIN/MAX, half-way values, saturating values), quant parameters from FIX-5 fields at their
// edges. A grid walks every QuantMode_t x FIX-4 dtype pair x path x reluPre x channelSplit x nz2nd with boundary
// sizes and strides under several AMB-8..12 profiles; a seeded random sweep draws valid cases by hand (independent of
// the properties/ generators); invalid cases must be rejected without a write.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "dcconf/backends/backend.hpp"
#include "dcconf/backends/fast_simd.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "differential_support.hpp"
#include "hwy/targets.h"

namespace dcconf::backends {
namespace {

using oracle::Case;
using oracle::DType;
using oracle::Position;
using oracle::Product;
using oracle::Profile;
using oracle::QuantMode;
using test::describeCase;
using test::Draw;
using test::narrow;
using Params = oracle::DataCopyCO12DstParams;

constexpr std::uint64_t kSeed = 0xf1c5eed7ULL;

// ---- FIX-4: the (mode, U, T) conversions, written out from the spec's list ----------------------------------------

struct Conversion {
  QuantMode mode;
  DType u;
  DType t;
};
const std::vector<Conversion>& conversions() {
  static const std::vector<Conversion> list{
      {QuantMode::NoQuant, DType::float_, DType::float_},        {QuantMode::NoQuant, DType::int32_t, DType::int32_t},
      {QuantMode::F322F16, DType::float_, DType::half},          {QuantMode::F322BF16, DType::float_, DType::bfloat16_t},
      {QuantMode::DEQF16, DType::int32_t, DType::half},          {QuantMode::VDEQF16, DType::int32_t, DType::half},
      {QuantMode::QF322B8_PRE, DType::float_, DType::int8_t},    {QuantMode::QF322B8_PRE, DType::float_, DType::uint8_t},
      {QuantMode::VQF322B8_PRE, DType::float_, DType::int8_t},   {QuantMode::VQF322B8_PRE, DType::float_, DType::uint8_t},
      {QuantMode::REQ8, DType::int32_t, DType::int8_t},          {QuantMode::REQ8, DType::int32_t, DType::uint8_t},
      {QuantMode::VREQ8, DType::int32_t, DType::int8_t},         {QuantMode::VREQ8, DType::int32_t, DType::uint8_t},
  };
  return list;
}

bool isVector(QuantMode m) { return m == QuantMode::VDEQF16 || m == QuantMode::VQF322B8_PRE || m == QuantMode::VREQ8; }
bool onA1(DType t) { return t != DType::float_ && t != DType::int32_t; }  // FIX-4: A1 has no 32-bit outputs

// ---- special source values and quant parameters ---------------------------------------------------------------

std::uint64_t f32(float v) { return std::bit_cast<std::uint32_t>(v); }
std::uint64_t i32(std::int32_t v) { return static_cast<std::uint32_t>(v); }

const std::vector<std::uint64_t>& specialFloats() {
  static const std::vector<std::uint64_t> v{
      f32(0.0F), f32(-0.0F), 0x7FC00000u, 0xFFC00000u, 0x7F800001u, 0xFFBFFFFFu,  // zeros, quiet / signalling NaNs
      f32(std::numeric_limits<float>::infinity()), f32(-std::numeric_limits<float>::infinity()),
      0x00000001u, 0x807FFFFFu, 0x00800000u, f32(std::numeric_limits<float>::max()), f32(-1e30F),  // subnormal, big
      f32(1.0F + 0x1p-11F), f32(1.0F + 3 * 0x1p-11F), f32(-(1.0F + 0x1p-11F)),  // half ties (to even: down, up)
      f32(1.0F + 0x1p-8F), f32(1.0F + 3 * 0x1p-8F), f32(-(1.0F + 3 * 0x1p-8F)),  // bfloat16 ties
      f32(65504.0F), f32(65519.996F), f32(65520.0F), f32(-65520.0F), f32(65536.0F),  // half overflow edge
      f32(0x1p-25F), f32(3 * 0x1p-25F), f32(0x1p-24F), f32(0x1p-14F), f32(-0x1p-26F),  // half subnormal ties
      f32(0.5F), f32(1.5F), f32(2.5F), f32(-0.5F), f32(-2.5F), f32(127.5F), f32(-128.5F), f32(255.5F),  // 8-bit ties
      f32(128.0F), f32(-129.0F), f32(256.0F), f32(-257.0F), f32(300.0F), f32(-300.0F), f32(1e9F), f32(3.0F),
  };
  return v;
}

const std::vector<std::uint64_t>& specialInts() {
  static const std::vector<std::uint64_t> v{
      0, 1, i32(-1), 2, 3, 5, i32(-3), i32(-5), 127, 128, i32(-128), i32(-129), 255, 256, i32(-256), i32(-257),
      i32(std::numeric_limits<std::int32_t>::min()), i32(std::numeric_limits<std::int32_t>::max()),
      i32((1 << 24) + 1), i32(-((1 << 24) + 3)), 32767, 32768, i32(-32768), i32(-32769), 65535, 2049, 2051, 4097,
      i32(1 << 20), i32(-(1 << 20)), 1000, i32(-1000), 65520, 131041,
  };
  return v;
}

// Sources: mostly special values, the rest random bits (so NaN payloads and odd exponents also appear).
std::vector<std::uint8_t> specialSource(Draw& d, const Case& c) {
  std::vector<std::uint8_t> src = d.bytes(c.src.sizeBytes);
  const auto& specials = c.fixpipe->srcDType == DType::float_ ? specialFloats() : specialInts();
  for (std::uint64_t at = c.src.offsetBytes; at + 4 <= src.size(); at += 4) {
    if (d.oneIn(4)) continue;
    const auto v = static_cast<std::uint32_t>(specials[d.between(0, specials.size() - 1)]);
    for (int b = 0; b < 4; ++b) src[at + static_cast<std::uint64_t>(b)] = narrow<std::uint8_t>(v >> (8 * b));
  }
  return src;
}

// FIX-5: M1 = bits [31:13], N = [35:32], MCB = 36, offset = [45:37], sign = 46.
std::uint64_t quantBits(float scale, std::uint64_t n, bool mcb, std::uint64_t offset, bool sign) {
  return f32(scale) | (n & 0xFu) << 32 | std::uint64_t{mcb} << 36 | (offset & 0x1FFu) << 37 | std::uint64_t{sign} << 46;
}

std::uint64_t drawQuant(Draw& d, DType t) {
  if (d.oneIn(12)) return d.bits();  // every bit random, including [63:47]
  if (d.oneIn(10)) return 0xFFFFFFFF00000000ULL | f32(-static_cast<float>(d.from({1, 2, 3})) * 0.5F);  // AMB-12
  static const float kScales[] = {1.0F, 0.5F, 0.25F, 2.0F, 3.0F, -1.0F, -0.5F, 1.0F / 3.0F, 0x1p-10F, 65536.0F,
                                  0x1.fffffep0F, 0x1p-140F, 1e-3F, std::numeric_limits<float>::infinity()};
  const float scale = kScales[d.between(0, std::size(kScales) - 1)];
  const std::uint64_t n = d.from({0, 1, 2, 3, 15, d.between(0, 15)});
  const std::uint64_t offset = d.from({0, 0, 5, 100, 255, 256, 300, 511, d.between(0, 511)});
  const bool sign = d.oneIn(8) ? d.oneIn(2) : t == DType::int8_t;
  return quantBits(scale, n, d.oneIn(2), offset, sign);
}

// ---- case construction ------------------------------------------------------------------------------------------

struct Shape {
  bool gm = true, relu = false, channelSplit = false, nz2nd = false;
  std::uint64_t nSize = 16, mSize = 1, srcStride = 16, dstStride = 1;
  std::uint64_t ndNum = 1, srcNdStride = 0, dstNdStride = 0;
};

// Offsets: local operands 32-byte aligned (G-5), GM anywhere; sizes hold the copy plus some slack.
void sizeBuffers(Draw& d, Case& c) {
  c.src.offsetBytes = 32 * d.from({0, 0, 1, 3});
  c.dst.offsetBytes = c.dstPos == Position::GM ? d.from({0, 0, 1, 7, 33}) : 32 * d.from({0, 0, 2});
  const oracle::Extents e = oracle::extents(c);
  c.src.sizeBytes = c.src.offsetBytes + e.srcSpanBytes + d.from({0, 4, 64});
  c.dst.sizeBytes = c.dst.offsetBytes + e.dstSpanBytes + d.from({0, 1, 64});
}

Case fixCase(Draw& d, Product product, const Conversion& cv, const Shape& sh, const Profile& profile) {
  Case c;
  c.product = product;
  c.api = oracle::Api::DataCopy;
  c.srcPos = Position::CO1;
  c.dstPos = sh.gm ? Position::GM : Position::A1;
  c.dtype = cv.t;
  c.profile = profile;
  Params p;
  p.nSize = narrow<std::uint16_t>(sh.nSize);
  p.mSize = narrow<std::uint16_t>(sh.mSize);
  p.srcStride = narrow<std::uint16_t>(sh.srcStride);
  p.dstStride = narrow<std::uint32_t>(sh.dstStride);
  p.quantPre = cv.mode;
  p.reluPre = sh.relu ? 1 : 0;
  p.channelSplit = sh.channelSplit;
  p.nz2ndEn = sh.nz2nd;
  p.sid = narrow<std::uint8_t>(d.between(0, 3));
  c.params = p;
  oracle::FixpipeState f;
  f.srcDType = cv.u;
  f.quantScalar = drawQuant(d, cv.t);
  if (isVector(cv.mode) || d.oneIn(4)) {  // a tensor in a scalar mode must be ignored
    const std::uint64_t entries = sh.nSize + d.from({0, 0, 3});
    for (std::uint64_t k = 0; k < entries; ++k) f.quantTensor.push_back(drawQuant(d, cv.t));
  }
  f.ndNum = narrow<std::uint16_t>(sh.ndNum);
  f.srcNdStride = narrow<std::uint16_t>(sh.srcNdStride);
  f.dstNdStride = narrow<std::uint32_t>(sh.dstNdStride);
  c.fixpipe = f;
  sizeBuffers(d, c);
  return c;
}

std::uint64_t ceilDiv(std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; }

// Minimum non-overlapping strides for the shape (FIX-1: srcStride rows of 16, dstStride 32-byte units; FIX-2:
// dstStride elements, matrix strides in 1024-byte fractals / elements), and `extra` on top of each.
// FIX-1 (revised) / FIX-3: the destination's C0d in elements.
std::uint64_t dstC0(bool channelSplit, std::uint64_t elementBytes) {
  if (channelSplit) return 8;
  return elementBytes == 1 ? 32 : 16;
}

void setStrides(Shape& sh, std::uint64_t elementBytes, std::uint64_t extra) {
  const std::uint64_t c0 = dstC0(sh.channelSplit, elementBytes);
  sh.srcStride = oracle::alignUp(sh.mSize, 16) + 16 * extra;
  if (sh.nz2nd) {
    sh.dstStride = sh.nSize + extra;
    sh.srcNdStride = ceilDiv(ceilDiv(sh.nSize, 16) * sh.srcStride, 16) + extra;  // FIX-2: 256-element fractals
    sh.dstNdStride = sh.mSize * sh.dstStride + extra;
  } else {
    sh.dstStride = std::max<std::uint64_t>(1, ceilDiv(sh.mSize * c0 * elementBytes, 32)) + extra;
  }
}

struct Tally {
  std::uint64_t cases = 0, failures = 0, caredBytes = 0, anyBytes = 0;
};

// One valid case on fast against the oracle, special-valued source; counts into tally.
void check(Backend& fast, const Case& c, Draw& d, Tally& tally) {
  const std::vector<std::uint8_t> src = specialSource(d, c);
  const test::Comparison r = test::compareWithOracle(fast, c, src, d);
  ++tally.cases;
  tally.caredBytes += r.caredBytes;
  tally.anyBytes += r.anyBytes;
  if (r.failure.empty()) return;
  if (++tally.failures <= 10) ADD_FAILURE() << r.failure << "\n  " << describeCase(c);
}

Profile profileOf(const char* words) {
  const auto parsed = oracle::parseProfile(words);
  EXPECT_TRUE(parsed.profile) << parsed.error;
  return parsed.profile.value_or(Profile{});
}

const char* const kGridProfiles[] = {
    "default",
    "offset-signed,shift-raw,deq-rne,relu-before-offset,negscale-signed",
    "offset-unsigned,shift-plus-one,deq-trunc,relu-after-offset,negscale-magnitude",
    "offset-unsigned,deq-rne,relu-before-offset",
};

// ---- the grid: every mode x dtype pair x path x reluPre x channelSplit x nz2nd x boundary sizes x strides x profile -

TEST(FastFixpipe, GridOfModesPairsPathsLayoutsAndBoundarySizesMatchesOracle) {
  auto fast = makeFastBackend();
  Draw d(kSeed);
  Tally tally;
  for (const char* words : kGridProfiles) {
    const Profile profile = profileOf(words);
    for (const Conversion& cv : conversions()) {
      const std::uint64_t s = oracle::sizeBytes(cv.t);
      for (const bool gm : {true, false}) {
        if (!gm && !onA1(cv.t)) continue;
        for (const bool relu : {false, true}) {
          for (const bool nz2nd : gm ? std::vector<bool>{false, true} : std::vector<bool>{false}) {
            for (const bool split : cv.t == DType::float_ && !nz2nd ? std::vector<bool>{false, true} : std::vector<bool>{false}) {
              const std::uint64_t c0 = dstC0(split, s);
              // FIX-1: a multiple of C0d without nz2nd; FIX-2 takes any width (C0-1, C0, C0+1 and a single column)
              const std::vector<std::uint64_t> widths = nz2nd ? std::vector<std::uint64_t>{1, 15, 16, 17, 33}
                                                              : std::vector<std::uint64_t>{c0, 2 * c0, 3 * c0};
              for (const std::uint64_t nSize : widths) {
                for (const std::uint64_t mSize : {1, 15, 16, 17}) {
                  for (const std::uint64_t extra : {0, 2}) {
                    Shape sh{gm, relu, split, nz2nd, nSize, mSize};
                    sh.ndNum = nz2nd ? 1 + extra : 1;
                    setStrides(sh, s, extra);
                    check(*fast, fixCase(d, Product::atlas_a2, cv, sh, profile), d, tally);
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  EXPECT_EQ(tally.failures, 0u);
  // not vacuous: most written bytes are pinned values, and the default profile leaves some ANY
  EXPECT_GT(tally.caredBytes, 4 * tally.anyBytes);
  EXPECT_GT(tally.anyBytes, 0u);
  RecordProperty("cases", std::to_string(tally.cases));
  std::printf("[ info ] FIX grid: %llu cases, %llu VALUE bytes compared, %llu ANY bytes\n",
              static_cast<unsigned long long>(tally.cases), static_cast<unsigned long long>(tally.caredBytes),
              static_cast<unsigned long long>(tally.anyBytes));
}

// FIX-2 (turn 3), without the oracle: srcNdStride counts 1024-byte L0C fractals, so with srcNdStride 1 matrix 1 of
// a float NoQuant nz2nd copy starts at source element 256 (the old 64-byte reading: element 16), and the A2/A3
// register ranges are rejected past srcNdStride 512 and dstNdStride 65535.
TEST(FastFixpipe, Nz2ndSrcNdStrideCountsFractalsAndRangesAreChecked) {
  auto fast = makeFastBackend();
  Draw d(kSeed + 2);
  Shape sh{true, false, false, true, 1, 1};
  sh.srcStride = 16;
  sh.dstStride = 1;
  sh.ndNum = 2;
  sh.srcNdStride = 1;
  sh.dstNdStride = 1;
  Case c = fixCase(d, Product::atlas_a2, {QuantMode::NoQuant, DType::float_, DType::float_}, sh, Profile{});
  c.src = {(256 + 1) * 4, 0};
  c.dst = {2 * 4, 0};
  std::vector<std::uint8_t> src(c.src.sizeBytes, 0), dst(c.dst.sizeBytes, 0xEE);
  const auto put = [&src](std::uint64_t element, float v) { std::memcpy(&src[4 * element], &v, 4); };
  put(0, 1.0F);
  put(16, 2.0F);   // where the old reading put matrix 1
  put(256, 3.0F);  // one 1024-byte fractal on
  ASSERT_EQ(fast->run(c, src, dst).status, backends::RunStatus::ok);
  float first = 0.0F, second = 0.0F;
  std::memcpy(&first, &dst[0], 4);
  std::memcpy(&second, &dst[4], 4);
  EXPECT_EQ(first, 1.0F);
  EXPECT_EQ(second, 3.0F);
  auto& f = *c.fixpipe;
  f.srcNdStride = 513;
  c.src = {(513 * 256 + 1) * 4, 0};
  src.assign(c.src.sizeBytes, 0);
  EXPECT_EQ(fast->run(c, src, dst).status, backends::RunStatus::rejected);
  f.srcNdStride = 1;
  f.dstNdStride = 65536;
  c.src = {(256 + 1) * 4, 0};
  c.dst = {65537 * 4, 0};
  src.assign(c.src.sizeBytes, 0);
  dst.assign(c.dst.sizeBytes, 0);
  EXPECT_EQ(fast->run(c, src, dst).status, backends::RunStatus::rejected);
}

// Strides below the non-overlapping minimum: srcStride 0 (every column block reads the same fractal) and
// destinations that overlap (the oracle makes collisions ANY; everything else must still match).
TEST(FastFixpipe, OverlappingAndZeroStridesMatchOracle) {
  auto fast = makeFastBackend();
  Draw d(kSeed + 1);
  Tally tally;
  for (const Conversion& cv : conversions()) {
    for (const bool nz2nd : {false, true}) {
      for (const std::uint64_t mSize : {1, 17}) {
        Shape sh{true, d.oneIn(2), false, nz2nd, nz2nd ? 20u : 32u, mSize};
        setStrides(sh, oracle::sizeBytes(cv.t), 0);
        sh.srcStride = 0;
        sh.dstStride = nz2nd ? 7 : 1;
        sh.ndNum = nz2nd ? 2 : 1;
        sh.srcNdStride = 0;
        sh.dstNdStride = nz2nd ? 3 : 0;
        check(*fast, fixCase(d, Product::atlas_a3, cv, sh, Profile{}), d, tally);
      }
    }
  }
  EXPECT_EQ(tally.failures, 0u);
  std::printf("[ info ] FIX overlapping strides: %llu cases\n", static_cast<unsigned long long>(tally.cases));
}

// ---- a seeded random sweep over valid cases, drawn by hand ------------------------------------------------------

Profile drawFixProfile(Draw& d) {
  Profile p;
  p.fixOffset = static_cast<Profile::FixOffset>(d.between(0, 2));
  p.fixShift = static_cast<Profile::FixShift>(d.between(0, 2));
  p.fixDeqRounding = static_cast<Profile::FixDeqRounding>(d.between(0, 2));
  p.fixReluOrder = static_cast<Profile::FixReluOrder>(d.between(0, 2));
  p.fixNegScale = static_cast<Profile::FixNegScale>(d.between(0, 2));
  return p;
}

Case drawValidCase(Draw& d) {
  const Conversion& cv = conversions()[d.between(0, conversions().size() - 1)];
  Shape sh;
  sh.gm = !onA1(cv.t) || d.oneIn(2);
  sh.relu = d.oneIn(2);
  sh.nz2nd = sh.gm && d.oneIn(3);
  sh.channelSplit = cv.t == DType::float_ && !sh.nz2nd && d.oneIn(2);
  const std::uint64_t c0 = dstC0(sh.channelSplit, oracle::sizeBytes(cv.t));
  sh.nSize = sh.nz2nd ? d.from({1, 15, 16, 17, d.between(1, 70)}) : c0 * d.from({1, 2, d.between(1, 5)});
  sh.mSize = d.from({1, 15, 16, 17, d.between(1, 40)});
  sh.ndNum = sh.nz2nd ? d.from({1, 1, 2, d.between(1, 4)}) : 1;
  setStrides(sh, oracle::sizeBytes(cv.t), d.from({0, 0, 1, d.between(0, 5)}));
  if (d.oneIn(8)) sh.srcStride = 16 * d.between(0, 3);  // overlapping source reads are valid
  if (d.oneIn(8)) sh.dstStride = d.between(1, 8);       // overlapping destinations: collisions are ANY
  if (sh.nz2nd && d.oneIn(6)) sh.srcNdStride = d.between(0, 4);
  if (sh.nz2nd && d.oneIn(6)) sh.dstNdStride = d.between(0, 64);
  return fixCase(d, d.oneIn(2) ? Product::atlas_a2 : Product::atlas_a3, cv, sh, drawFixProfile(d));
}

TEST(FastFixpipe, RandomValidCasesMatchOracle) {
  auto fast = makeFastBackend();
  Draw d(kSeed + 2);
  Tally tally;
  for (int n = 0; n < 4000; ++n) check(*fast, drawValidCase(d), d, tally);
  EXPECT_EQ(tally.failures, 0u);
  RecordProperty("cases", std::to_string(tally.cases));
  std::printf("[ info ] FIX random sweep: %llu cases (seed 0x%llx), %llu VALUE bytes compared\n",
              static_cast<unsigned long long>(tally.cases), static_cast<unsigned long long>(kSeed + 2),
              static_cast<unsigned long long>(tally.caredBytes));
}

// ---- the scalar path against the SIMD kernels -------------------------------------------------------------------

// Whether /proc/cpuinfo lists every flag (false when there is no such file).
bool cpuHas(std::initializer_list<std::string_view> flags) {
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);) {
    if (line.rfind("flags", 0) != 0) continue;
    line += ' ';
    return std::all_of(flags.begin(), flags.end(), [&](std::string_view f) {
      return line.find(" " + std::string(f) + " ") != std::string::npos;
    });
  }
  return false;
}

// The SIMD kernels (fast_quant_simd.cpp) and the scalar kernels the backend falls back to on CPUs without them must
// write the same bytes, ANY bytes (NaN, -0 under ReLU) included: the case runs with the kernels on and off from the
// same prior dst. Returns the first differing byte, or "" when every byte agrees.
std::string scalarVsSimd(Backend& fast, const Case& c, const std::vector<std::uint8_t>& src, Draw& d) {
  std::vector<std::uint8_t> simd = d.bytes(c.dst.sizeBytes);
  std::vector<std::uint8_t> scalar = simd;
  const RunResult a = fast.run(c, src, simd);
  const bool was = setFastSimdEnabled(false);
  const RunResult b = fast.run(c, src, scalar);
  setFastSimdEnabled(was);
  if (a.status != RunStatus::ok || b.status != RunStatus::ok) return "not ok: " + a.detail + " / " + b.detail;
  const auto at = std::mismatch(simd.begin(), simd.end(), scalar.begin());
  if (at.first == simd.end()) return "";
  return "dst byte " + std::to_string(at.first - simd.begin()) + ": SIMD " + std::to_string(int{*at.first}) +
         ", scalar " + std::to_string(int{*at.second});
}

// The same random valid cases as the sweep (every conversion, profile, layout, nz2nd row tails, unaligned GM
// destinations), scalar against SIMD.
void expectScalarMatchesSimd(Backend& fast, std::uint64_t seed) {
  Draw d(seed);
  std::uint64_t cases = 0, bytes = 0, failures = 0;
  for (int n = 0; n < 3000; ++n) {
    const Case c = drawValidCase(d);
    const std::string failure = scalarVsSimd(fast, c, specialSource(d, c), d);
    ++cases;
    bytes += c.dst.sizeBytes;
    if (!failure.empty() && ++failures <= 10) ADD_FAILURE() << failure << "\n  " << describeCase(c);
  }
  EXPECT_EQ(failures, 0u);
  std::printf("[ info ] FIX scalar vs SIMD (%s): %llu cases, %llu dst bytes compared\n",
              std::string(fastSimdTarget()).c_str(), static_cast<unsigned long long>(cases),
              static_cast<unsigned long long>(bytes));
}

// ---- products at the edges of the SIMD kernels' float arithmetic ------------------------------------------------
// The scaled kernels form y = f32(x) * M1 as a float product p plus its exact FMA rest, break p's half-way ties by
// the rest's sign, round DEQF16 to odd through it, and (8-bit results from float) run with subnormal inputs and
// results flushed, rescaling subnormal sources first. Random values rarely land there, so these cases aim at it:
// sources one or two ulps around the values whose product is an 8-bit or half rounding tie, subnormal sources under
// scales up to 2^127, subnormal and negative scales, with MCB shifts, offsets and ReLU.

// M1 from its bits (FIX-5: sign, exponent, the top 10 mantissa bits), over every exponent band that matters.
float drawScale(Draw& d) {
  const std::uint32_t exponent = static_cast<std::uint32_t>(
      d.from({0, 0, 1, 20, 100, 121, 121, 127, 140, 200, 250, 252, 253, 254, d.between(0, 254)}));
  const auto mantissa = static_cast<std::uint32_t>(d.between(0, 1023)) << 13;
  const std::uint32_t sign = d.oneIn(5) ? 0x80000000u : 0u;
  return std::bit_cast<float>(sign | exponent << 23 | (exponent == 0 && mantissa == 0 ? 1u << 22 : mantissa));
}

// A rounding tie of the result: k + 1/2 for 8-bit results, the midpoint of two neighbouring halves for DEQF16.
double drawTie(Draw& d, DType t) {
  if (t == DType::half) {
    const int exponent = static_cast<int>(d.between(0, 30)) - 15;  // normal and subnormal halves, and 65504
    const double ulp = std::ldexp(1.0, std::max(exponent, -14) - 10);
    const double h = (exponent < -14 ? 0.0 : std::ldexp(1.0, exponent)) + ulp * static_cast<double>(d.between(0, 1023));
    return (d.oneIn(2) ? -1.0 : 1.0) * (h + ulp / 2);
  }
  return static_cast<double>(d.between(0, 520)) - 264.5;
}

// A source element aimed at a tie of its column's scale, a subnormal, or anything.
std::uint32_t drawEdgeSource(Draw& d, const Case& c, float scale) {
  const bool fromFloat = c.fixpipe->srcDType == DType::float_;
  if (fromFloat && d.oneIn(4)) {  // a subnormal, maybe a large one
    const auto mantissa = static_cast<std::uint32_t>(d.oneIn(2) ? d.between(1, 0x7FFFFF) : 0x7FFFFF - d.between(0, 3));
    return (d.oneIn(2) ? 0x80000000u : 0u) | mantissa;
  }
  if (d.oneIn(8) || scale == 0) return static_cast<std::uint32_t>(d.bits());
  const double wanted = drawTie(d, c.dtype) / static_cast<double>(scale);
  if (fromFloat) {
    float v = static_cast<float>(wanted);
    for (std::uint64_t step = d.between(0, 2); step > 0; --step) {
      v = std::nextafter(v, d.oneIn(2) ? std::numeric_limits<float>::infinity() : -std::numeric_limits<float>::infinity());
    }
    return std::bit_cast<std::uint32_t>(v);
  }
  if (!(std::fabs(wanted) < 2147483520.0)) return static_cast<std::uint32_t>(d.bits());
  const auto v = static_cast<std::int64_t>(std::nearbyint(wanted)) + static_cast<std::int64_t>(d.between(0, 2)) - 1;
  return static_cast<std::uint32_t>(static_cast<std::int32_t>(std::clamp<std::int64_t>(v, INT32_MIN, INT32_MAX)));
}

void expectEdgeProductsMatch(Backend& fast, std::uint64_t seed) {
  Draw d(seed);
  Tally tally;
  std::uint64_t failures = 0;
  for (int n = 0; n < 1500; ++n) {
    // the scaled conversions only (index 4 on: DEQF16, V*, QF322B8_PRE, REQ8)
    const Conversion& cv = conversions()[d.between(4, conversions().size() - 1)];
    Shape sh;
    sh.relu = d.oneIn(3);
    sh.nz2nd = d.oneIn(3);
    sh.nSize = sh.nz2nd ? d.from({16, 17, 33, 48}) : dstC0(false, oracle::sizeBytes(cv.t)) * d.from({1, 2});
    sh.mSize = d.from({1, 16, 17, 40});
    setStrides(sh, oracle::sizeBytes(cv.t), d.from({0, 1}));
    Case c = fixCase(d, Product::atlas_a2, cv, sh, Profile{});
    std::vector<float> scales(16);  // V*: column n takes scales[n % 16], so an element's L0C column picks its scale
    for (float& scale : scales) scale = drawScale(d);
    const bool mcb = c.fixpipe->srcDType == DType::int32_t && d.oneIn(4);
    const auto quant = [&](float scale) {
      return quantBits(scale, mcb ? d.between(0, 15) : 0, mcb, d.oneIn(3) ? d.between(0, 511) : 0,
                       c.dtype == DType::int8_t);
    };
    c.fixpipe->quantScalar = quant(scales[0]);
    for (std::uint64_t k = 0; k < c.fixpipe->quantTensor.size(); ++k) {
      c.fixpipe->quantTensor[k] = quant(scales[k % 16]);
    }
    std::vector<std::uint8_t> src = d.bytes(c.src.sizeBytes);
    for (std::uint64_t at = c.src.offsetBytes; at + 4 <= src.size(); at += 4) {
      const std::uint64_t column = (at - c.src.offsetBytes) / 4 % 16;  // the L0C column of this element, mod 16
      const float scale = isVector(cv.mode) ? scales[column] : scales[0];
      const std::uint32_t v = drawEdgeSource(d, c, scale);
      std::memcpy(src.data() + at, &v, 4);
    }
    const test::Comparison r = test::compareWithOracle(fast, c, src, d);
    ++tally.cases;
    tally.caredBytes += r.caredBytes;
    if (!r.failure.empty() && ++tally.failures <= 10) ADD_FAILURE() << r.failure << "\n  " << describeCase(c);
    const std::string failure = scalarVsSimd(fast, c, src, d);
    if (!failure.empty() && ++failures <= 10) ADD_FAILURE() << "scalar vs SIMD: " << failure << "\n  " << describeCase(c);
  }
  EXPECT_EQ(tally.failures, 0u);
  EXPECT_EQ(failures, 0u);
  std::printf("[ info ] FIX products at ties and subnormals (%s): %llu cases, %llu VALUE bytes compared\n",
              std::string(fastSimdTarget()).c_str(), static_cast<unsigned long long>(tally.cases),
              static_cast<unsigned long long>(tally.caredBytes));
}

// Runs check on the best SIMD target this CPU has, then (x86 with more than AVX2) on AVX2's narrower lanes.
template <class Check>
void onEachSimdTarget(const Check& check) {
  check(0);
#if HWY_ARCH_X86
  if ((hwy::SupportedTargets() & HWY_AVX2) != 0 && hwy::SupportedTargets() != HWY_AVX2) {
    hwy::SetSupportedTargetsForTest(HWY_AVX2);
    EXPECT_EQ(fastSimdTarget(), "AVX2");
    check(1);
    hwy::SetSupportedTargetsForTest(0);  // back to what the CPU has
  }
#endif
}

TEST(FastFixpipe, ScalarPathWritesTheSameBytesAsTheSimdKernels) {
  auto fast = makeFastBackend();
  if (cpuHas({"avx2", "f16c"})) {
    EXPECT_NE(fastSimdTarget(), "scalar") << "this CPU has AVX2 and F16C: the SIMD kernels must be on";
  }
  onEachSimdTarget([&](std::uint64_t target) { expectScalarMatchesSimd(*fast, kSeed + 3 + target); });
}

TEST(FastFixpipe, ProductsAtTiesAndSubnormalsMatchOracleAndScalar) {
  auto fast = makeFastBackend();
  onEachSimdTarget([&](std::uint64_t target) { expectEdgeProductsMatch(*fast, kSeed + 5 + target); });
}

// ---- products and invalid cases -------------------------------------------------------------------------------

TEST(FastFixpipe, ProductsWithoutFixAreNotSupported) {
  auto fast = makeFastBackend();
  Draw d(kSeed + 3);
  Shape sh;
  setStrides(sh, 2, 0);
  for (const Product product : oracle::allProducts()) {
    const Case c = fixCase(d, product, conversions()[4], sh, Profile{});
    const bool documented =
        product == Product::atlas_a2 || product == Product::atlas_a3 || product == Product::ascend950;  // FIX-8
    EXPECT_EQ(fast->supports(c), documented) << oracle::name(product);
    std::vector<std::uint8_t> src(c.src.sizeBytes), dst(c.dst.sizeBytes);
    EXPECT_EQ(fast->run(c, src, dst).status, documented ? RunStatus::ok : RunStatus::notSupported)
        << oracle::name(product);
  }
}

Params& paramsOf(Case& c) { return std::get<Params>(c.params); }

struct Breaker {
  const char* what;
  bool (*apply)(Case&);  // false when it does not apply to this case
};

const std::vector<Breaker>& breakers() {
  static const std::vector<Breaker> list{
      {"quantPre 9", [](Case& c) { return paramsOf(c).quantPre = static_cast<QuantMode>(9), true; }},
      {"source U half", [](Case& c) { return c.fixpipe->srcDType = DType::half, true; }},
      {"int32 -> int16", [](Case& c) { return c.fixpipe->srcDType == DType::int32_t && (c.dtype = DType::int16_t, true); }},
      {"source and mode disagree",
       [](Case& c) {
         c.fixpipe->srcDType = c.fixpipe->srcDType == DType::float_ ? DType::int32_t : DType::float_;
         return true;
       }},
      {"CO1->A1 float", [](Case& c) { return c.dstPos == Position::A1 && c.dtype == DType::half && (c.dtype = DType::float_, true); }},
      {"reluPre 2", [](Case& c) { return paramsOf(c).reluPre = 2, true; }},
      {"nSize 0", [](Case& c) { return paramsOf(c).nSize = 0, true; }},
      {"mSize 0", [](Case& c) { return paramsOf(c).mSize = 0, true; }},
      {"srcStride 8", [](Case& c) { return paramsOf(c).srcStride = 8, true; }},
      {"dstStride 0", [](Case& c) { return paramsOf(c).dstStride = 0, true; }},
      {"channelSplit, not float", [](Case& c) { return c.dtype != DType::float_ && (paramsOf(c).channelSplit = true, true); }},
      {"nz2nd to A1", [](Case& c) { return c.dstPos == Position::A1 && (paramsOf(c).nz2ndEn = true, true); }},
      {"nz2nd with channelSplit", [](Case& c) { return paramsOf(c).channelSplit && (paramsOf(c).nz2ndEn = true, true); }},
      {"ndNum 0", [](Case& c) { return paramsOf(c).nz2ndEn && (c.fixpipe->ndNum = 0, true); }},
      {"nSize C0 + 1 without nz2nd", [](Case& c) { return !paramsOf(c).nz2ndEn && (paramsOf(c).nSize += 1, true); }},
      {"nSize C0 - 1 without nz2nd", [](Case& c) { return !paramsOf(c).nz2ndEn && (paramsOf(c).nSize -= 1, true); }},
      {"8-bit nSize + 16 without nz2nd (the old 16-channel C0)",
       [](Case& c) {
         return !paramsOf(c).nz2ndEn && oracle::sizeBytes(c.dtype) == 1 && (paramsOf(c).nSize += 16, true);
       }},
      {"V* tensor one short",
       [](Case& c) {
         if (!isVector(paramsOf(c).quantPre)) return false;
         c.fixpipe->quantTensor.resize(paramsOf(c).nSize - 1u);
         return true;
       }},
      {"src one byte short", [](Case& c) { return c.src.sizeBytes = c.src.offsetBytes + oracle::extents(c).srcSpanBytes - 1, true; }},
      {"dst one byte short", [](Case& c) { return c.dst.sizeBytes = c.dst.offsetBytes + oracle::extents(c).dstSpanBytes - 1, true; }},
      {"CO1 offset not 32-byte aligned (G-5)", [](Case& c) { return c.src.offsetBytes += 16, c.src.sizeBytes += 16, true; }},
      {"A1 offset not 32-byte aligned (G-5)",
       [](Case& c) { return c.dstPos == Position::A1 && (c.dst.offsetBytes += 4, c.dst.sizeBytes += 4, true); }},
  };
  return list;
}

std::string clauseOf(const std::string& detail) { return detail.substr(0, detail.find(':')); }

// fast must answer rejected, name a clause the oracle also names, and leave every byte (guards included) as it was.
TEST(FastFixpipe, InvalidCasesAreRejectedWithoutWrites) {
  auto fast = makeFastBackend();
  Draw d(kSeed + 4);
  std::uint64_t rejected = 0;
  for (const Breaker& breaker : breakers()) {
    std::uint64_t applied = 0;
    for (int n = 0; n < 200 && applied < 25; ++n) {
      Case c = drawValidCase(d);
      if (!breaker.apply(c)) continue;
      ++applied;
      const std::vector<oracle::Violation> violations = oracle::validate(c);
      ASSERT_FALSE(violations.empty()) << breaker.what << " left a valid case: " << describeCase(c);
      const std::vector<std::uint8_t> src = d.bytes(c.src.sizeBytes);
      test::GuardedDst dst = test::guardedDst(d, c.dst.sizeBytes);
      const std::vector<std::uint8_t> before = dst.bytes;
      const RunResult r = fast->run(c, src, dst.span());
      EXPECT_EQ(r.status, RunStatus::rejected) << breaker.what << ": " << r.detail << "\n  " << describeCase(c);
      EXPECT_TRUE(std::any_of(violations.begin(), violations.end(),
                              [&](const oracle::Violation& v) { return v.clause == clauseOf(r.detail); }))
          << breaker.what << ": fast says '" << r.detail << "', oracle says '" << oracle::describe(violations.front())
          << "'\n  " << describeCase(c);
      EXPECT_TRUE(dst.bytes == before) << breaker.what << ": wrote on a rejected case\n  " << describeCase(c);
    }
    EXPECT_GT(applied, 0u) << breaker.what << " never applied";
    rejected += applied;
  }
  std::printf("[ info ] FIX invalid: %llu cases\n", static_cast<unsigned long long>(rejected));
}

}  // namespace
}  // namespace dcconf::backends
