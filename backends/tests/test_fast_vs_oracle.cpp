// Differential test: the fast backend (and, as a sanity check, the oracle backend) against oracle::evaluate, the
// reference. Random valid cases from a fixed seed, edge values biased, every AMB profile; destination guard bytes on
// both sides of the span; invalid cases (one broken constraint each) must be rejected without any write.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <numeric>
#include <cstdio>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <variant>
#include <vector>

#include <hwy/targets.h>

#include "dcconf/backends/backend.hpp"
#include "dcconf/backends/fast_simd.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "dcconf/oracle/numeric.hpp"
#include "differential_support.hpp"

namespace dcconf::backends {
namespace {

using test::describeCase;
using test::differential;
using test::Draw;
using test::GuardedDst;
using test::guardedDst;
using test::narrow;

using oracle::Case;
using oracle::DType;
using oracle::Operation;
using oracle::Position;
using oracle::Product;
using oracle::Profile;

constexpr std::uint64_t kSeed = 0x0dcc0f5eedULL;

// Every AMB field drawn independently, so profile combinations are covered too.
Profile drawProfile(Draw& d) {
  Profile p;
  p.zeroCount = d.oneIn(2) ? Profile::ZeroCount::reject : Profile::ZeroCount::hwNoop;
  p.padDummy = static_cast<Profile::PadDummy>(d.between(0, 2));
  p.tscmGmStrideUnit = d.oneIn(2) ? Profile::TscmGmStrideUnit::bytes : Profile::TscmGmStrideUnit::docTable32;
  p.calCountOverflow = d.oneIn(2) ? Profile::CalCountOverflow::reject : Profile::CalCountOverflow::hwWrap;
  p.nd2nzZeroMatrixStride =
      d.oneIn(2) ? Profile::Nd2NzZeroMatrixStride::acceptWhenSingle : Profile::Nd2NzZeroMatrixStride::docRange;
  p.smallC0Polarity = d.oneIn(2) ? Profile::SmallC0Polarity::basicApiPage : Profile::SmallC0Polarity::cApiPage;
  // turn 3: AMB-17/18 (validity) and AMB-19/20 (open, or pinned)
  p.padBlockLen = d.oneIn(2) ? Profile::PadBlockLen::elementMultiple : Profile::PadBlockLen::byteLen;
  p.padRawValue = d.oneIn(2) ? Profile::PadRawValue::reject : Profile::PadRawValue::padRaw;
  p.enhBlockLenUnit = static_cast<Profile::EnhBlockLenUnit>(d.between(0, 2));
  p.deqf16Mcb = static_cast<Profile::Deqf16Mcb>(d.between(0, 2));
  return p;
}

bool zeroCountsOk(const Case& c) { return c.profile.zeroCount == Profile::ZeroCount::hwNoop; }

// ---- generators of valid parameters, one per operation ----------------------------------------------------------

struct Blocks {
  std::uint64_t count, lenBytes, srcStride, dstStride;
};

Blocks drawPadBlocks(Draw& d, const Case& c, std::uint32_t s, bool isExt) {
  Blocks b{};
  b.count = d.from({1, 1, 2, 3, d.between(1, 8), d.between(1, 40)});
  b.lenBytes = d.from({1, 31, 32, 33, 63, 64, s, 3 * s + 1, d.between(1, 100), d.between(1, 300)});
  if (isExt && d.oneIn(300)) b.lenBytes = d.between(65536, 70000);  // only the Ext struct reaches past u16
  if (zeroCountsOk(c) && d.oneIn(10)) b.count = 0;
  if (zeroCountsOk(c) && d.oneIn(10)) b.lenBytes = 0;
  b.srcStride = d.from({0, 0, 1, d.between(0, 40), d.between(100, 300)});
  b.dstStride = d.from({0, 0, 1, d.between(0, 40), d.between(100, 300)});
  return b;
}

void setPadBlocks(Case& c, const Blocks& b, bool isExt) {
  if (isExt) {
    c.params = oracle::DataCopyExtParams{narrow<std::uint16_t>(b.count), narrow<std::uint32_t>(b.lenBytes),
                                         narrow<std::uint32_t>(b.srcStride), narrow<std::uint32_t>(b.dstStride), 0};
  } else {
    c.params = oracle::DataCopyParams{narrow<std::uint16_t>(b.count), narrow<std::uint16_t>(b.lenBytes),
                                      narrow<std::uint16_t>(b.srcStride), narrow<std::uint16_t>(b.dstStride)};
  }
}

Position drawUb(Draw& d) { return d.oneIn(2) ? Position::VECIN : Position::VECOUT; }

void genPadGmToUb(Draw& d, Case& c) {
  const std::uint32_t s = oracle::sizeBytes(c.dtype);
  const bool isExt = d.oneIn(2);
  c.api = oracle::Api::DataCopyPad;
  c.srcPos = Position::GM;
  c.dstPos = drawUb(d);
  Blocks blocks = drawPadBlocks(d, c, s, isExt);
  // PAD-G2U-1 (turn 3, AMB-17): whole elements unless byte-len
  if (c.profile.padBlockLen == Profile::PadBlockLen::elementMultiple) blocks.lenBytes = oracle::alignUp(blocks.lenBytes, s);
  setPadBlocks(c, blocks, isExt);
  const std::uint64_t maxPad = 32 / s;
  const bool isPad = d.oneIn(2);
  const auto left = narrow<std::uint8_t>(d.from({0, 0, maxPad, d.between(0, maxPad)}));
  const auto right = narrow<std::uint8_t>(d.from({0, 0, maxPad, d.between(0, maxPad)}));
  // 64-bit T takes paddingValue 0 only, and so does the non-Ext struct unless pad-raw (AMB-18); others get garbage
  // above the element to prove only the low s bytes count
  const bool zeroOnly = s == 8 || (!isExt && c.profile.padRawValue == Profile::PadRawValue::reject);
  const std::uint64_t value = zeroOnly ? 0 : d.bits();
  if (isExt) {
    c.padParams = oracle::DataCopyPadExtParams{isPad, left, right, value};
  } else {
    c.padParams = oracle::DataCopyPadParams{isPad, left, right, value};
  }
  if (d.oneIn(3)) c.padRegister = d.bits();
}

void genPadUbToGm(Draw& d, Case& c) {
  const bool isExt = d.oneIn(2);
  c.api = oracle::Api::DataCopyPad;
  c.srcPos = drawUb(d);
  c.dstPos = Position::GM;
  setPadBlocks(c, drawPadBlocks(d, c, oracle::sizeBytes(c.dtype), isExt), isExt);
}

// PAD-CMP-1 (issue 31): the Compact mode takes DataCopyExtParams only; AMB-21/22 drawn open or pinned.
void makeCompact(Draw& d, Case& c) {
  if (const auto* plain = std::get_if<oracle::DataCopyParams>(&c.params)) {
    c.params = oracle::DataCopyExtParams{plain->blockCount, plain->blockLen, plain->srcStride, plain->dstStride, 0};
  }
  if (const auto* plain = std::get_if<oracle::DataCopyPadParams>(&c.padParams)) {
    c.padParams = oracle::DataCopyPadExtParams{plain->isPad, plain->leftPadding, plain->rightPadding, plain->paddingValue};
  }
  c.paddingMode = oracle::PaddingMode::compact;
  c.profile.compactPads = static_cast<Profile::CompactPads>(d.between(0, 2));
  c.profile.compactUbStride = static_cast<Profile::CompactUbStride>(d.between(0, 2));
}
void genPadCompactGmToUb(Draw& d, Case& c) {
  genPadGmToUb(d, c);
  makeCompact(d, c);
}
void genPadCompactUbToGm(Draw& d, Case& c) {
  genPadUbToGm(d, c);
  makeCompact(d, c);
}

std::uint64_t c0Elems(const Case& c) { return 32 / oracle::sizeBytes(c.dtype); }

oracle::Nd2NzParams drawNd2Nz(Draw& d, const Case& c, std::uint64_t ndNum) {
  const std::uint64_t c0 = c0Elems(c);
  oracle::Nd2NzParams p;
  p.ndNum = narrow<std::uint16_t>(ndNum);
  p.nValue = narrow<std::uint16_t>(d.oneIn(30) ? 0 : d.from({1, 15, 16, 17, d.between(1, 40)}));
  p.dValue = narrow<std::uint16_t>(d.oneIn(30) ? 0 : d.from({1, c0 - 1, c0, c0 + 1, 2 * c0, d.between(1, 5 * c0)}));
  p.dValue = std::max<std::uint16_t>(p.dValue, d.oneIn(30) ? 0 : 1);
  p.srcDValue = narrow<std::uint16_t>(
      std::max<std::uint64_t>(1, d.from({p.dValue, p.dValue + d.between(0, 10), d.between(1, 100)})));
  p.srcNdMatrixStride = narrow<std::uint16_t>(d.from({std::uint64_t{p.nValue} * p.srcDValue + d.between(0, 20),
                                                      d.between(0, 2000)}));
  p.dstNzNStride = narrow<std::uint16_t>(d.from({1, 1, 1, d.between(1, 3)}));
  p.dstNzC0Stride = narrow<std::uint16_t>(std::max<std::uint64_t>(
      1, d.from({oracle::alignUp(p.nValue, 16) * p.dstNzNStride, std::uint64_t{p.nValue} * p.dstNzNStride,
                 d.between(1, 40)})));
  const std::uint64_t matrixElems = (p.dValue + c0 - 1) / c0 * p.dstNzC0Stride * c0;
  p.dstNzMatrixStride = narrow<std::uint16_t>(
      std::max<std::uint64_t>(1, d.from({matrixElems, matrixElems + d.between(0, 64), d.between(1, 3000)})));
  const bool zeroOk =
      ndNum <= 1 && c.profile.nd2nzZeroMatrixStride == Profile::Nd2NzZeroMatrixStride::acceptWhenSingle;
  if (zeroOk && d.oneIn(4)) p.dstNzMatrixStride = 0;  // AMB-6
  return p;
}

void genPadUbToTscm(Draw& d, Case& c) {
  const std::uint32_t s = oracle::sizeBytes(c.dtype);
  const bool isExt = d.oneIn(2);
  c.api = oracle::Api::DataCopyPad;
  c.srcPos = drawUb(d);
  c.dstPos = Position::TSCM;
  c.nd2nzParams = drawNd2Nz(d, c, 1);
  Blocks b = drawPadBlocks(d, c, s, isExt);
  const oracle::Nd2NzParams& nd = *c.nd2nzParams;
  if (d.oneIn(2) && nd.nValue > 0 && nd.dValue > 0) {
    // Make the GM leg lay out exactly the rows the ND2NZ leg reads (under the byte stride unit).
    b.count = nd.nValue;
    b.lenBytes = std::uint64_t{nd.dValue} * s;
    b.dstStride = (std::uint64_t{nd.srcDValue} - std::min(nd.srcDValue, nd.dValue)) * s;
  }
  setPadBlocks(c, b, isExt);
}

const Position kDataCopyPaths[][2] = {{Position::GM, Position::VECIN},    {Position::GM, Position::A1},
                                      {Position::GM, Position::B1},       {Position::VECIN, Position::VECOUT},
                                      {Position::VECOUT, Position::GM},   {Position::CO2, Position::GM}};
// DC-5 (project): the plain DataCopy's UB->L1 (not the enhanced one's), on every product but Atlas training
const Position kUbToL1Paths[][2] = {{Position::VECIN, Position::A1}, {Position::VECIN, Position::B1},
                                    {Position::VECOUT, Position::A1}, {Position::VECOUT, Position::B1}};

void setDataCopyPath(Draw& d, Case& c, bool plain) {
  c.api = oracle::Api::DataCopy;
  // CO2 exists only on the older parts (PROD): elsewhere draw among the other five
  const bool hasCo2 = c.product == Product::atlas_training || c.product == Product::atlas_inference_310p;
  const bool hasUbToL1 = plain && c.product != Product::atlas_training;
  const auto& path = hasUbToL1 && d.oneIn(3) ? kUbToL1Paths[d.between(0, 3)] : kDataCopyPaths[d.between(0, hasCo2 ? 5 : 4)];
  c.srcPos = path[0];
  c.dstPos = path[1];
}

void drawCopy0Level(Draw& d, Case& c, bool plain) {
  setDataCopyPath(d, c, plain);
  oracle::DataCopyParams p;
  p.blockCount = narrow<std::uint16_t>(zeroCountsOk(c) && d.oneIn(10) ? 0 : d.from({1, 2, d.between(1, 8), d.between(1, 30)}));
  p.blockLen = narrow<std::uint16_t>(zeroCountsOk(c) && d.oneIn(10) ? 0 : d.from({1, 2, d.between(1, 8)}));
  p.srcStride = narrow<std::uint16_t>(d.from({0, 0, 1, d.between(0, 10), d.between(50, 200)}));
  p.dstStride = narrow<std::uint16_t>(d.from({0, 0, 1, d.between(0, 10), d.between(50, 200)}));
  c.params = p;
}

void genCopy0Level(Draw& d, Case& c) { drawCopy0Level(d, c, true); }

void genCopy2Level(Draw& d, Case& c) {
  setDataCopyPath(d, c, true);
  const std::uint64_t perBlock = c0Elems(c);  // elements per 32-byte block
  std::uint64_t calCount = d.from({0, 1, perBlock - 1, perBlock, perBlock + 1, d.between(0, 2000)});
  if (c.profile.calCountOverflow == Profile::CalCountOverflow::hwWrap && d.oneIn(4)) {
    calCount = (65536 * d.between(1, 2) + d.between(0, 5)) * perBlock + d.between(0, perBlock - 1);  // AMB-4
  }
  c.params = oracle::CalCount{narrow<std::uint32_t>(calCount)};
}

void genNd2Nz(Draw& d, Case& c) {
  c.api = oracle::Api::DataCopy;
  c.srcPos = Position::GM;
  c.dstPos = d.oneIn(2) ? Position::A1 : Position::B1;
  c.params = drawNd2Nz(d, c, d.oneIn(40) ? 0 : d.from({1, 1, 2, 3}));
}

// ND2NZUB (project): under AMB-33's default the emulation's layouts (the test draws the profile), else GM->L1's
// ND2NZ draw (nd2nzub-page); A2/A3 float under both AMB-34 readings.
void genNd2NzGmToUb(Draw& d, Case& c) {
  c.api = oracle::Api::DataCopy;
  c.srcPos = Position::GM;
  c.dstPos = Position::VECIN;
  auto p = drawNd2Nz(d, c, d.oneIn(40) ? 0 : d.from({1, 1, 1, 2}));
  if (c.profile.nd2nzUbReading == oracle::Profile::Nd2NzUbReading::emulation) {
    const bool docRange = c.profile.nd2nzZeroMatrixStride == oracle::Profile::Nd2NzZeroMatrixStride::docRange;
    p.ndNum = narrow<std::uint16_t>(docRange ? 0 : std::min<std::uint16_t>(p.ndNum, 1));  // AMB-6 x AMB-33
    p.srcNdMatrixStride = 0;
    p.dstNzMatrixStride = narrow<std::uint16_t>(docRange ? 1 : 0);  // doc-range: no stride 0, so only the empty call
    const bool floatRows = oracle::nd2nzGmToUbC0(c) * oracle::sizeBytes(c.dtype) > 32;
    p.dstNzNStride = narrow<std::uint16_t>(floatRows ? 2 : 1);
    p.srcDValue = std::max(p.srcDValue, p.dValue);
    if (d.oneIn(8)) {  // more than one 255-row pad call
      p.nValue = narrow<std::uint16_t>(d.between(256, 600));
      p.dValue = narrow<std::uint16_t>(d.between(1, 40));
      p.srcDValue = p.dValue;
      p.dstNzC0Stride = narrow<std::uint16_t>(p.nValue * p.dstNzNStride);
    }
  }
  c.params = p;
}

// BRC (project): BroadCastVecToMM from either UB position, a few blocks and rows, gaps on both sides (dstGap below
// blockLen now and then: head-to-head overlaps), a whole-range argument one case in eight; AMB-40/41 open or pinned
// and AMB-42 drawn here (drawProfile's stream stays as it was for the other operations).
void genBroadcastUbToL0c(Draw& d, Case& c) {
  c.api = oracle::Api::BroadCastVecToMM;
  c.srcPos = d.oneIn(2) ? Position::VECIN : Position::VECOUT;
  c.dstPos = Position::CO1;
  // a forced profile (EveryNamedProfile) keeps its pinned words; only the defaults are redrawn
  const std::uint64_t gap = d.between(0, 2), len = d.between(0, 2);
  const bool align64 = d.oneIn(3);
  if (c.profile.brcDstGap == Profile::BrcDstGap::any) c.profile.brcDstGap = static_cast<Profile::BrcDstGap>(gap);
  if (c.profile.brcHalfLen == Profile::BrcHalfLen::any) c.profile.brcHalfLen = static_cast<Profile::BrcHalfLen>(len);
  if (align64) c.profile.brcDstAlign = Profile::BrcDstAlign::bytes64;
  const bool zeroOk = zeroCountsOk(c) && d.oneIn(30);
  oracle::BroadCastVecToMMParams p{narrow<std::uint32_t>(zeroOk ? 0 : d.from({1, 2, 3, d.between(1, 8)})),
                                   narrow<std::uint8_t>(d.from({1, 2, d.between(1, 5)})),
                                   narrow<std::uint8_t>(d.from({0, 1, d.between(0, 8)})),
                                   narrow<std::uint8_t>(d.from({0, 1, d.between(0, 8)}))};
  if (d.oneIn(8)) {  // BRC-2: one argument at its documented end
    switch (d.between(0, 3)) {
      case 0: p = {255, 1, 0, 0}; break;
      case 1: p = {1, 255, 0, 0}; break;
      case 2: p = {2, 1, 255, 0}; break;
      default: p = {2, 1, 0, 255}; break;
    }
  }
  c.params = p;
}

void genNz2Nd(Draw& d, Case& c) {
  c.api = oracle::Api::DataCopy;
  c.srcPos = Position::VECOUT;
  c.dstPos = Position::GM;
  oracle::Nz2NdParamsFull p;
  p.ndNum = narrow<std::uint16_t>(d.oneIn(40) ? 0 : d.from({1, 1, 2, 3}));
  p.nValue = narrow<std::uint16_t>(d.from({1, 15, 16, 17, d.between(1, 40)}));
  p.dValue = narrow<std::uint16_t>(16 * d.between(1, 4));
  p.srcNStride = narrow<std::uint16_t>(d.from({p.nValue, oracle::alignUp(p.nValue, 16), d.between(0, 50)}));
  p.srcNdMatrixStride = narrow<std::uint16_t>(d.between(1, 20));
  if (p.ndNum > 1) {  // NZ2ND-1 (turn 3): srcNdMatrixStride*256 a multiple of nValue*s
    const std::uint64_t rowBytes = std::uint64_t{p.nValue} * oracle::sizeBytes(c.dtype);
    const std::uint64_t unit = rowBytes / std::gcd(rowBytes, std::uint64_t{256});
    p.srcNdMatrixStride = narrow<std::uint16_t>(oracle::alignUp(p.srcNdMatrixStride, unit));
  }
  p.dstDStride = narrow<std::uint16_t>(d.from({p.dValue, p.dValue + d.between(0, 10), d.between(1, 100)}));
  p.dstNdMatrixStride = narrow<std::uint16_t>(
      std::max<std::uint64_t>(1, d.from({std::uint64_t{p.nValue} * p.dstDStride, d.between(1, 3000)})));
  c.params = p;
}

// ---- slice (SLICE-1..4): bursts of E elements, equal burst and entry counts on both sides, UB starts aligned ----

// One side's dimension-0 SliceInfo selecting exactly `bursts` bursts of e elements with the given stride.
oracle::SliceInfo drawDim0(Draw& d, std::uint64_t e, std::uint64_t stride, std::uint64_t bursts, std::uint64_t start,
                           std::uint32_t burstLen) {
  const std::uint64_t pitch = e + stride;
  const std::uint64_t span = bursts == 0 ? d.between(1, e - 1 + (e == 1)) : bursts * pitch - stride;
  const std::uint64_t slack = d.between(0, pitch - 1);  // keeps floor((span + slack + stride)/pitch) == bursts
  return {narrow<std::uint32_t>(start), narrow<std::uint32_t>(start + span + (bursts == 0 ? 0 : slack) - 1),
          narrow<std::uint32_t>(stride), burstLen};
}

void genSlice(Draw& d, Case& c) {
  const std::uint64_t s = oracle::sizeBytes(c.dtype);
  const std::uint64_t c0 = 32 / s;  // elements per 32 bytes
  c.api = oracle::Api::DataCopy;
  const bool hasCo2 = c.product == Product::atlas_training || c.product == Product::atlas_inference_310p;
  const std::uint64_t path = d.between(0, hasCo2 ? 2 : 1);
  c.srcPos = path == 0 ? Position::GM : path == 1 ? Position::VECOUT : Position::CO2;
  c.dstPos = path == 0 ? Position::VECIN : Position::GM;
  const bool ubSrc = c.srcPos != Position::GM;
  oracle::SliceParams p;
  p.dimValue = narrow<std::uint32_t>(d.from({1, 1, 2, 2, 3, d.between(1, 4)}));
  const auto burstLen = narrow<std::uint32_t>(d.from({1, 1, 2, 3}));
  const std::uint64_t e = 32 * burstLen / s;
  const std::uint64_t bursts = d.oneIn(30) ? 0 : d.from({1, 1, 2, 3, d.between(1, 5)});
  // UB side: strides and starts in whole 32-byte blocks, shape 0 too, so every entry starts aligned (G-5)
  auto stride = [&](bool ub) { return ub ? c0 * d.from({0, 0, 1, d.between(0, 4)}) : d.from({0, 0, 1, e, d.between(0, 3 * e)}); };
  auto start = [&](bool ub) { return ub ? c0 * d.from({0, 0, d.between(0, 3)}) : d.from({0, 0, d.between(0, 40)}); };
  p.srcSliceInfo[0] = drawDim0(d, e, stride(ubSrc), bursts, start(ubSrc), burstLen);
  p.dstSliceInfo[0] = drawDim0(d, e, d.from({0, 0, 1, c0, d.between(0, 3 * e)}), bursts, start(!ubSrc), burstLen);
  auto shape0 = [&](const oracle::SliceInfo& si, bool ub) {
    const std::uint64_t least = si.endIndex + 1 + d.from({0, 0, d.between(0, 40)});
    return narrow<std::uint32_t>(ub ? oracle::alignUp(least, c0) : least);
  };
  p.srcShape[0] = shape0(p.srcSliceInfo[0], ubSrc);
  p.dstShape[0] = shape0(p.dstSliceInfo[0], !ubSrc);
  for (std::size_t k = 1; k < p.dimValue; ++k) {
    const std::uint64_t picks = d.from({1, 2, d.between(1, 3)});
    const auto burst = narrow<std::uint32_t>(d.between(1, 3));  // AMB-5: moves nothing, equal on both sides
    for (auto* side : {&p.srcSliceInfo[k], &p.dstSliceInfo[k]}) {
      const std::uint64_t st = d.from({0, 0, 1, d.between(0, 3)});
      const std::uint64_t first = d.from({0, 0, d.between(0, 3)});
      const std::uint64_t last = first + (picks - 1) * (1 + st) + d.between(0, st);
      *side = {narrow<std::uint32_t>(first), narrow<std::uint32_t>(last), narrow<std::uint32_t>(st), burst};
    }
    p.srcShape[k] = narrow<std::uint32_t>(p.srcSliceInfo[k].endIndex + 1 + d.from({0, d.between(0, 2)}));
    p.dstShape[k] = narrow<std::uint32_t>(p.dstSliceInfo[k].endIndex + 1 + d.from({0, d.between(0, 2)}));
  }
  c.params = p;
}

// ---- DN2NZ (DN2NZ-1..4), Ascend 950 ----

void genDn2Nz(Draw& d, Case& c) {
  const std::uint64_t s = oracle::sizeBytes(c.dtype);
  const std::uint64_t c0 = 32 / s;
  c.api = oracle::Api::DataCopy;
  c.srcPos = Position::GM;
  c.dstPos = d.oneIn(2) ? Position::A1 : Position::B1;
  oracle::Dn2NzParams p;
  p.dnNum = narrow<std::uint16_t>(d.oneIn(40) ? 0 : d.from({1, 1, 2, 3}));
  p.nValue = narrow<std::uint16_t>(d.oneIn(30) ? 0 : d.from({1, 15, 16, 17, d.between(1, 40)}));
  if (c.dtype == DType::fp4x2_e2m1_t || c.dtype == DType::fp4x2_e1m2_t) p.nValue = narrow<std::uint16_t>(oracle::alignUp(p.nValue, 2));  // DN2NZ-4
  const bool small = d.oneIn(4);  // DN2NZ-3: dValue <= 4
  p.dValue = narrow<std::uint32_t>(small ? d.between(1, 4)
                                         : (d.oneIn(30) ? 0 : d.from({1, c0 - 1, c0, c0 + 1, 2 * c0, d.between(1, 5 * c0)})));
  p.enableSmallC0 = small != (c.profile.smallC0Polarity == Profile::SmallC0Polarity::cApiPage);  // AMB-7
  p.srcDValue = std::max<std::uint64_t>(1, d.from({p.nValue, p.nValue + d.between(0, 10), d.between(1, 100)}));
  p.srcDnMatrixStride = d.from({std::uint64_t{p.dValue} * p.srcDValue + d.between(0, 20), d.between(0, 2000)});
  p.dstNzNStride = narrow<std::uint16_t>(d.from({1, 1, 1, d.between(1, 3)}));
  p.dstNzC0Stride = narrow<std::uint16_t>(std::max<std::uint64_t>(
      1, d.from({oracle::alignUp(p.nValue, 16) * p.dstNzNStride, std::uint64_t{p.nValue} * p.dstNzNStride,
                 d.between(1, 40)})));
  const std::uint64_t rowElems = small ? 4 : c0;
  const std::uint64_t matrixElems = (p.dValue + rowElems - 1) / rowElems * p.dstNzC0Stride * rowElems;
  // DN2NZ-2: dstNzMatrixStride*s is 32-byte whole
  p.dstNzMatrixStride = narrow<std::uint32_t>(std::max<std::uint64_t>(
      c0, oracle::alignUp(d.from({matrixElems, matrixElems + d.between(0, 64), d.between(1, 3000)}), c0)));
  const bool zeroOk =
      p.dnNum <= 1 && c.profile.nd2nzZeroMatrixStride == Profile::Nd2NzZeroMatrixStride::acceptWhenSingle;
  if (zeroOk && d.oneIn(4)) p.dstNzMatrixStride = 0;  // AMB-6
  c.params = p;
}

// ---- enhanced DataCopy (ENH-1, ENH-3) ----

void genEnhancedNormal(Draw& d, Case& c) {
  drawCopy0Level(d, c, false);
  c.enhancedParams = oracle::DataCopyEnhancedParams{oracle::BlockMode::normal, oracle::DeqScale::none, d.bits(),
                                                    narrow<std::uint8_t>(d.between(0, 255)), false, 0, 0, {}, {}};
}

// A FIX-5 parameter: a scale from a few exact values (or raw bits) with garbage in the ignored low 13 bits, N, MCB,
// the 9-bit offset and the sign bit each sometimes set; sometimes a negative scale sign-extended (AMB-12).
std::uint64_t drawDeqParam(Draw& d) {
  std::uint64_t q = d.oneIn(8) ? d.bits() & 0x7FFFFFFFFFFFull
                               : d.from({0x3F800000, 0x3F000000, 0x40000000, 0x3E800000, 0xBF800000, 0x3FC00000,
                                         0x3DCCC000, 0x47000000, 0x00000000}) |
                                     (d.bits() & 0x1FFF);
  if (d.oneIn(3)) q |= d.between(0, 15) << 32;
  if (d.oneIn(3)) q |= std::uint64_t{1} << 36;
  if (d.oneIn(2)) q |= d.between(0, 511) << 37;
  if (d.oneIn(2)) q |= std::uint64_t{1} << 46;
  if (d.oneIn(8)) q = 0xFFFFFFFF80000000ull | (q & 0x7FFFFFFF);
  return q;
}

// ENH-2 table 5: a deqScale that produces the case's dtype T (or none), its source type U, deqValue, the V* tensor
// (16 entries or 16 per burst, sometimes all equal), and sidStoreMode 0/1/3 for the 8-bit results.
void drawDeqScale(Draw& d, Case& c) {
  using oracle::DeqScale;
  oracle::DataCopyEnhancedParams& e = *c.enhancedParams;
  std::vector<DeqScale> modes{DeqScale::none};
  if (c.dtype == DType::half) modes = {DeqScale::none, DeqScale::deq, DeqScale::vdeq, DeqScale::deq16, DeqScale::vdeq16};
  if (c.dtype == DType::int16_t) modes = {DeqScale::none, DeqScale::deq16, DeqScale::vdeq16};
  if (c.dtype == DType::int8_t || c.dtype == DType::uint8_t) modes = {DeqScale::deq8, DeqScale::vdeq8};
  e.deqScale = modes[d.between(0, modes.size() - 1)];
  if (e.deqScale == DeqScale::none) return;
  e.srcDType = e.deqScale == DeqScale::deq && d.oneIn(3) ? DType::half : DType::int32_t;
  e.deqValue = drawDeqParam(d);
  if (e.deqScale == DeqScale::deq8 || e.deqScale == DeqScale::vdeq8) e.sidStoreMode = narrow<std::uint8_t>(d.from({0, 1, 3}));
  const bool perColumn = e.deqScale == DeqScale::vdeq || e.deqScale == DeqScale::vdeq8 || e.deqScale == DeqScale::vdeq16;
  if (!perColumn) return;
  if (e.blockMode == oracle::BlockMode::smallChannel) e.blockMode = oracle::BlockMode::matrix;  // ENH-4: not modelled
  const auto& p = std::get<oracle::DataCopyParams>(c.params);
  const bool perBurst = d.oneIn(2) || c.profile.vdeqTensorStep == Profile::VdeqTensorStep::advance;
  e.deqTensor.resize(perBurst ? 16 * std::max<std::size_t>(p.blockCount, 1) : 16);
  const std::uint64_t same = drawDeqParam(d);
  const bool allSame = d.oneIn(4);
  for (auto& q : e.deqTensor) q = allSame ? same : drawDeqParam(d);
}

void genEnhancedCo1ToCo2(Draw& d, Case& c) {
  c.api = oracle::Api::DataCopy;
  c.srcPos = Position::CO1;
  c.dstPos = Position::CO2;
  oracle::DataCopyParams p;
  p.blockCount = narrow<std::uint16_t>(zeroCountsOk(c) && d.oneIn(10) ? 0 : d.from({1, 2, d.between(1, 6)}));
  p.blockLen = narrow<std::uint16_t>(zeroCountsOk(c) && d.oneIn(10) ? 0 : d.from({1, 2, d.between(1, 4)}));
  p.srcStride = narrow<std::uint16_t>(d.from({0, 0, 1, d.between(0, 3)}));
  p.dstStride = narrow<std::uint16_t>(d.from({0, 0, 1, d.between(0, 20)}));
  c.params = p;
  const auto mode = static_cast<oracle::BlockMode>(d.between(1, 3));  // MATRIX, VECTOR, SMALL_CHANNEL
  c.enhancedParams = oracle::DataCopyEnhancedParams{mode, oracle::DeqScale::none, 0,
                                                    narrow<std::uint8_t>(d.between(0, 3)), d.oneIn(2), 0, 0, {}, {}};
  drawDeqScale(d, c);
}

// NDDMA (project): 1 to 5 dimensions, sizes and pads from the edges (1, 255) and small random ones, source strides
// from 0 (broadcast) up, destination strides a packed box in a random dimension order (a transpose) or, one case in
// four, random (overlaps: the collision rule; an interleaving ascending sequence: NDDMA-4 rejects it in both),
// constant or nearest pads (b64: constant 0, NDDMA-2), any constant bits above T's (only the low s bytes count).
// The accepting words (AMB-35..37) are drawn here when the profile leaves them at the default (a forced profile keeps
// its own), and each draws what it accepts: nddma-size0-noop a read dimension of size 0, nddma-interleave-any random
// strides that ascend (and interleave), nddma-b64-wrap an 8-byte T's strides moved up by the fields' reach.
void genNdDma(Draw& d, Case& c) {
  c.api = oracle::Api::DataCopy;
  c.srcPos = Position::GM;
  c.dstPos = Position::VECIN;
  const bool b64 = oracle::sizeBytes(c.dtype) == 8;
  oracle::NdDmaParams p;
  p.dim = narrow<std::uint8_t>(d.between(1, 5));
  std::uint64_t elements = 1;  // keep the padded box near 2^14 elements
  for (std::size_t i = 0; i < p.dim; ++i) {
    const std::uint64_t budget = std::max<std::uint64_t>(1, 16384 / elements / 4);
    p.loopSize[i] = narrow<std::uint32_t>(std::min<std::uint64_t>(budget, d.from({1, 2, 3, d.between(1, 40)})));
    const std::uint64_t padBudget = std::min<std::uint64_t>(255, budget);
    p.loopLpSize[i] = narrow<std::uint8_t>(d.oneIn(2) ? 0 : d.from({1, padBudget, d.between(0, std::min<std::uint64_t>(padBudget, 9))}));
    p.loopRpSize[i] = narrow<std::uint8_t>(d.oneIn(2) ? 0 : d.from({1, padBudget, d.between(0, std::min<std::uint64_t>(padBudget, 9))}));
    elements *= std::uint64_t{p.loopLpSize[i]} + p.loopSize[i] + p.loopRpSize[i];
    p.loopSrcStride[i] = d.from({0, 1, p.loopSize[i], d.between(0, 70)});
  }
  // a packed box in a random order of the dimensions
  std::array<std::size_t, 5> order{0, 1, 2, 3, 4};
  for (std::size_t i = p.dim; i > 1; --i) std::swap(order[i - 1], order[d.between(0, i - 1)]);
  std::uint64_t pitch = d.from({1, 1, 2});
  for (std::size_t j = 0; j < p.dim; ++j) {
    const std::size_t i = order[j];
    p.loopDstStride[i] = narrow<std::uint32_t>(pitch);
    pitch *= std::uint64_t{p.loopLpSize[i]} + p.loopSize[i] + p.loopRpSize[i];
  }
  if (c.profile.ndDmaInterleave == Profile::NdDmaInterleave::reject && d.oneIn(4)) {
    c.profile.ndDmaInterleave = Profile::NdDmaInterleave::any;
  }
  if (d.oneIn(4)) {  // random strides, kept when not ascending over the repeating dimensions (NDDMA-4's rule)
    oracle::NdDmaParams q = p;
    for (std::size_t i = 0; i < q.dim; ++i) q.loopDstStride[i] = narrow<std::uint32_t>(d.between(0, 40));
    bool ascending = true;
    std::uint64_t previous = 0;
    for (std::size_t i = 0; i < q.dim; ++i) {
      if (std::uint64_t{q.loopLpSize[i]} + q.loopSize[i] + q.loopRpSize[i] <= 1) continue;
      ascending = ascending && q.loopDstStride[i] >= previous;
      previous = q.loopDstStride[i];
    }
    if (!ascending || c.profile.ndDmaInterleave == Profile::NdDmaInterleave::any) p = q;  // AMB-36
  }
  if (c.profile.ndDmaZeroSize == Profile::NdDmaZeroSize::reject && d.oneIn(4)) {
    c.profile.ndDmaZeroSize = Profile::NdDmaZeroSize::noop;
  }
  if (c.profile.ndDmaZeroSize == Profile::NdDmaZeroSize::noop && d.oneIn(6)) p.loopSize[d.between(0, p.dim - 1)] = 0;
  if (c.profile.ndDmaB64Stride == Profile::NdDmaB64Stride::reject && d.oneIn(4)) {
    c.profile.ndDmaB64Stride = Profile::NdDmaB64Stride::wrap;
  }
  if (b64 && c.profile.ndDmaB64Stride == Profile::NdDmaB64Stride::wrap && d.oneIn(2)) {  // AMB-35: cut back
    const std::size_t i = d.between(0, p.dim - 1);
    p.loopDstStride[i] += narrow<std::uint32_t>(d.from({1u << 19, 0}));
    p.loopSrcStride[i] += d.from({std::uint64_t{1} << 39, 0});
  }
  p.isNearestValueMode = !b64 && d.oneIn(2);
  p.constantValue = b64 ? 0 : d.bits();
  c.params = p;
}

// FIX950 (project): the 950 Fixpipe over its three layouts, every FIX-4 conversion of the dtype, random quant words
// (NaN / inf scales included), sometimes a zero count (AMB-23's NOP) or the fix950-zero-reject profile, and the
// AMB-8..12 readings pinned or open. int16_t has no conversion (FIX-4 lists it, no QuantMode_t produces it): drawn as
// int32_t.
void genFixpipe950(Draw& d, Case& c) {
  using oracle::Co2Layout;
  using oracle::QuantMode;
  c.api = oracle::Api::DataCopy;
  c.srcPos = Position::CO1;
  c.dstPos = Position::GM;
  if (c.dtype == DType::int16_t) c.dtype = DType::int32_t;
  QuantMode mode = QuantMode::NoQuant;
  DType u = DType::float_;
  switch (c.dtype) {
    case DType::int32_t: u = DType::int32_t; break;
    case DType::half:
      mode = static_cast<QuantMode>(d.from({1, 3, 4}));  // F322F16, DEQF16, VDEQF16
      u = mode == QuantMode::F322F16 ? DType::float_ : DType::int32_t;
      break;
    case DType::bfloat16_t: mode = QuantMode::F322BF16; break;
    case DType::int8_t:
    case DType::uint8_t:
      mode = static_cast<QuantMode>(d.from({5, 6, 7, 8}));  // QF322B8_PRE, VQF322B8_PRE, REQ8, VREQ8
      u = mode == QuantMode::REQ8 || mode == QuantMode::VREQ8 ? DType::int32_t : DType::float_;
      break;
    default: break;
  }
  const auto layout = static_cast<Co2Layout>(d.between(0, 2));
  oracle::FixpipeState f;
  f.srcDType = u;
  f.layout = layout;
  oracle::DataCopyCO12DstParams p;
  p.quantPre = mode;
  p.reluPre = d.oneIn(2) ? 1 : 0;
  p.channelSplit = layout == Co2Layout::NZ && c.dtype == DType::float_ && u == DType::float_ && d.oneIn(3);
  const std::uint64_t s = oracle::sizeBytes(c.dtype);
  const std::uint64_t c0 = p.channelSplit ? 8 : (s == 1 ? 32 : 16);
  p.mSize = narrow<std::uint16_t>(d.between(1, 40));
  p.nSize = narrow<std::uint16_t>(layout == Co2Layout::NZ ? c0 * d.between(1, 3) : d.between(1, 70));
  const std::uint64_t c0Stride = layout == Co2Layout::COLUMN_MAJOR ? d.between(1, 3) : 1;
  f.nz2dn.srcNzC0Stride = narrow<std::uint16_t>(c0Stride);
  const std::uint64_t rows = (p.mSize - 1) * c0Stride + 1;
  p.srcStride = narrow<std::uint16_t>(d.oneIn(8) ? 16 * d.between(0, (rows + 15) / 16) : 16 * ((rows + 15) / 16 + d.between(0, 1)));
  const std::uint64_t apart = layout == Co2Layout::NZ ? p.mSize * c0 : (layout == Co2Layout::ROW_MAJOR ? p.nSize : p.mSize);
  p.dstStride = narrow<std::uint32_t>(d.oneIn(10) ? d.between(1, apart) : apart + d.between(0, 5));
  // a forced profile (EveryNamedProfile) is kept: the reject reading and the AMB-8..12 pins are only ever added
  if (d.oneIn(4)) c.profile.fix950Zero = Profile::Fix950Zero::reject;
  const bool reject = c.profile.fix950Zero == Profile::Fix950Zero::reject;
  const std::uint64_t count = d.between(reject ? 1 : 0, 3);
  const std::uint64_t blocks = (p.nSize + 15) / 16;
  const std::uint64_t srcMatrix = (blocks - 1) * p.srcStride + rows + d.between(0, 4);  // C0_SIZE units
  const std::uint64_t dstMatrix = (layout == Co2Layout::COLUMN_MAJOR ? (p.nSize - 1) * std::uint64_t{p.dstStride} + p.mSize
                                                                     : (p.mSize - 1) * std::uint64_t{p.dstStride} + p.nSize) +
                                  d.between(0, 8);
  if (layout == Co2Layout::ROW_MAJOR) {
    f.ndNum = narrow<std::uint16_t>(count);
    f.srcNdStride = narrow<std::uint16_t>(srcMatrix);
    f.dstNdStride = narrow<std::uint32_t>(dstMatrix);
  } else if (layout == Co2Layout::COLUMN_MAJOR) {
    f.nz2dn.dnNum = narrow<std::uint16_t>(count);
    f.nz2dn.srcNzMatrixStride = narrow<std::uint16_t>(srcMatrix);
    f.nz2dn.dstDnMatrixStride = narrow<std::uint32_t>(dstMatrix);
  } else if (count == 0) {
    p.mSize = 0;  // NZ has no matrix count: AMB-23's NOP through mSize
  }
  // a scale of 0.5 .. 2 with a small offset mostly, raw bits sometimes
  auto quantWord = [&] {
    if (d.oneIn(4)) return d.bits();
    const float scales[] = {0.5F, 1.0F, 2.0F, 0.25F, -1.0F};
    return oracle::encodeQuantParam(scales[d.between(0, 4)], narrow<std::uint32_t>(d.between(0, 2)), d.oneIn(4),
                                    narrow<std::uint32_t>(d.from({0, 1, 3, 300})), c.dtype == DType::int8_t);
  };
  f.quantScalar = quantWord();
  const bool vector = mode == QuantMode::VDEQF16 || mode == QuantMode::VQF322B8_PRE || mode == QuantMode::VREQ8;
  if (vector) {
    f.quantTensor.resize(p.nSize + d.between(0, 2));
    for (auto& q : f.quantTensor) q = quantWord();
  }
  const bool open = c.profile.fixOffset == Profile::FixOffset::any && c.profile.fixShift == Profile::FixShift::any &&
                    c.profile.fixDeqRounding == Profile::FixDeqRounding::any &&
                    c.profile.fixReluOrder == Profile::FixReluOrder::any && c.profile.fixNegScale == Profile::FixNegScale::any;
  if (d.oneIn(3) && open) {  // AMB-8..12 pinned to one reading each
    c.profile.fixOffset = static_cast<Profile::FixOffset>(d.between(1, 2));
    c.profile.fixShift = static_cast<Profile::FixShift>(d.between(1, 2));
    c.profile.fixDeqRounding = static_cast<Profile::FixDeqRounding>(d.between(1, 2));
    c.profile.fixReluOrder = static_cast<Profile::FixReluOrder>(d.between(1, 2));
    c.profile.fixNegScale = static_cast<Profile::FixNegScale>(d.between(1, 2));
  }
  c.params = p;
  c.fixpipe = f;
}

// FIX950-8..11 (project): the 950 Fixpipe toward the UB, CO1->VECIN or VECOUT: genFixpipe950's draw made a UB call
// (no channelSplit; ROW_MAJOR nSize and COLUMN_MAJOR mSize whole 32-byte runs), and for the pure moves (float or
// int32_t, NoQuant) half the time dualDstCtl 1 (mSize even) or 2 (nSize a multiple of 32) without ReLU.
void genFixpipe950Ub(Draw& d, Case& c) {
  using oracle::Co2Layout;
  genFixpipe950(d, c);
  c.dstPos = d.oneIn(2) ? Position::VECIN : Position::VECOUT;
  auto& p = std::get<oracle::DataCopyCO12DstParams>(c.params);
  oracle::FixpipeState& f = *c.fixpipe;
  const std::uint64_t perRun = 32 / oracle::sizeBytes(c.dtype);  // elements in 32 bytes
  auto roundUp = [](std::uint64_t v, std::uint64_t a) { return (v + a - 1) / a * a; };
  p.channelSplit = false;
  if (*f.layout == Co2Layout::NZ) p.nSize = narrow<std::uint16_t>(roundUp(p.nSize, oracle::sizeBytes(c.dtype) == 1 ? 32 : 16));
  if (*f.layout == Co2Layout::ROW_MAJOR) p.nSize = narrow<std::uint16_t>(roundUp(p.nSize, perRun));
  if (*f.layout == Co2Layout::COLUMN_MAJOR) {
    p.mSize = narrow<std::uint16_t>(roundUp(p.mSize, perRun));
    p.srcStride = narrow<std::uint16_t>(std::max<std::uint64_t>(p.srcStride, roundUp((p.mSize - 1) * f.nz2dn.srcNzC0Stride + 1, 16)));
  }
  const bool pureMove = p.quantPre == oracle::QuantMode::NoQuant && *f.layout != Co2Layout::COLUMN_MAJOR;
  if (pureMove && d.oneIn(2)) {
    p.reluPre = 0;
    f.dualDstCtl = narrow<std::uint8_t>(d.between(1, 2));
    if (f.dualDstCtl == 1) p.mSize = narrow<std::uint16_t>(roundUp(p.mSize, 2));
    if (f.dualDstCtl == 2) p.nSize = narrow<std::uint16_t>(roundUp(std::max<std::uint64_t>(p.nSize, 1), 32));
  }
  if (f.quantTensor.size() < p.nSize && !f.quantTensor.empty()) f.quantTensor.resize(p.nSize, f.quantTensor.front());
}

struct OperationSpec {
  Operation operation;
  void (*generate)(Draw&, Case&);
  std::vector<Product> products;  // "a few": each operation on parts with different dtype tables
  Product invalidProduct = Product::atlas_a2;  // where the invalid cases are drawn
  const char* label = nullptr;  // the test name when one operation has two specs
};
// gtest prints the parameter of a failing test: the operation's name, not the struct's bytes.
void PrintTo(const OperationSpec& spec, std::ostream* out) { *out << oracle::name(spec.operation); }

const std::vector<Product> kPadProducts{Product::kirin9020, Product::atlas_a2, Product::atlas_200i_500_a2};
const std::vector<Product> kCopyProducts{Product::atlas_a2, Product::atlas_training};

const std::vector<OperationSpec>& operationSpecs() {
  static const std::vector<OperationSpec> specs{
      {Operation::padGmToUb, genPadGmToUb, kPadProducts},   {Operation::padUbToGm, genPadUbToGm, kPadProducts},
      {Operation::padUbToTscm, genPadUbToTscm, kPadProducts}, {Operation::copy0Level, genCopy0Level, kCopyProducts},
      {Operation::copy2Level, genCopy2Level, kCopyProducts},  {Operation::nd2nz, genNd2Nz, kCopyProducts},
      {Operation::nz2nd, genNz2Nd, kCopyProducts},
      {Operation::slice, genSlice, kCopyProducts},
      {Operation::dn2nz, genDn2Nz, {Product::ascend950}, Product::ascend950},
      {Operation::enhancedNormal, genEnhancedNormal, kCopyProducts},
      {Operation::enhancedCo1ToCo2, genEnhancedCo1ToCo2, {Product::atlas_training, Product::atlas_inference_310p},
       Product::atlas_training},
      {Operation::padCompactGmToUb, genPadCompactGmToUb, {Product::ascend950}, Product::ascend950},
      {Operation::padCompactUbToGm, genPadCompactUbToGm, {Product::ascend950}, Product::ascend950},
      {Operation::fixpipe950, genFixpipe950, {Product::ascend950}, Product::ascend950},
      {Operation::fixpipe950, genFixpipe950Ub, {Product::ascend950}, Product::ascend950, "Fixpipe950Ub"},
      {Operation::nddma, genNdDma, {Product::ascend950}, Product::ascend950},
      {Operation::nd2nzGmToUb, genNd2NzGmToUb, {Product::atlas_a2, Product::atlas_a3, Product::ascend950}},
      {Operation::broadcastUbToL0c, genBroadcastUbToL0c, {Product::atlas_inference_310p},
       Product::atlas_inference_310p},
  };
  return specs;
}

// Offsets (aligned for local positions, G-5; anything on GM) and sizes that hold the copy, sometimes exactly.
void sizeBuffers(Draw& d, Case& c) {
  auto offset = [&](Position pos) { return oracle::isLocal(pos) ? 32 * d.between(0, 3) : d.between(0, 40); };
  c.src.offsetBytes = offset(c.srcPos);
  c.dst.offsetBytes = offset(c.dstPos);
  if (c.api == oracle::Api::BroadCastVecToMM) {  // BRC-2 / AMB-42: the CO1 start on 256 elements (or 64 bytes)
    c.dst.offsetBytes = oracle::broadcastDstAlignBytes(c) * d.between(0, 3);
  }
  const bool dual = c.fixpipe && (c.fixpipe->dualDstCtl == 1 || c.fixpipe->dualDstCtl == 2);
  if (dual) c.dst.sizeBytes = 0;  // FIX950-9: with no second half the span is one half's
  const oracle::Extents e = oracle::extents(c);
  c.src.sizeBytes = c.src.offsetBytes + e.srcSpanBytes + d.from({0, d.between(1, 64)});
  c.dst.sizeBytes = c.dst.offsetBytes + e.dstSpanBytes + d.from({0, d.between(1, 64)});
  if (dual) c.dst.sizeBytes *= 2;  // the two sub-blocks' UBs end to end, each holding its half
}

Case drawCase(Draw& d, const OperationSpec& spec, Product product, DType dtype, const Profile& profile) {
  Case c;
  c.product = product;
  c.dtype = dtype;
  c.profile = profile;
  spec.generate(d, c);
  sizeBuffers(d, c);
  return c;
}

struct Tally {
  std::uint64_t cases = 0;
  std::uint64_t failures = 0;
};

// Draws casesPerCombo valid cases per (product, dtype) the product supports, for one operation, and checks each on
// fast (and every oracleEvery-th on the oracle backend). profile: forced, or drawn per case when empty.
Tally runOperation(const OperationSpec& spec, std::uint64_t seed, int casesPerCombo, std::optional<Profile> profile,
                   int oracleEvery = 4) {
  auto fastBackend = makeFastBackend();
  auto oracleBackend = makeOracleBackend();
  Draw d(seed);
  Tally tally;
  for (const Product product : spec.products) {
    for (const oracle::DTypeInfo& dtype : oracle::allDTypes()) {
      const Case probe = drawCase(d, spec, product, dtype.dtype, profile.value_or(Profile{}));
      if (!oracle::checkSupport(probe, spec.operation).empty()) {
        EXPECT_FALSE(fastBackend->supports(probe)) << describeCase(probe);
        std::vector<std::uint8_t> src(probe.src.sizeBytes), dst(probe.dst.sizeBytes);
        EXPECT_EQ(fastBackend->run(probe, src, dst).status, RunStatus::notSupported) << describeCase(probe);
        continue;
      }
      EXPECT_TRUE(fastBackend->supports(probe)) << describeCase(probe);
      for (int n = 0; n < casesPerCombo; ++n) {
        const Case c = drawCase(d, spec, product, dtype.dtype, profile ? *profile : drawProfile(d));
        ++tally.cases;
        for (Backend* backend : {fastBackend.get(), oracleBackend.get()}) {
          if (backend == oracleBackend.get() && n % oracleEvery != 0) continue;
          const std::string failure = differential(*backend, c, d);
          if (failure.empty()) continue;
          ++tally.failures;
          ADD_FAILURE() << backend->name() << ": " << failure << "\n  seed=0x" << std::hex << seed << std::dec
                        << " case #" << n << ": " << describeCase(c);
          if (tally.failures > 10) return tally;  // enough to debug; keep the log readable
        }
      }
    }
  }
  return tally;
}

constexpr int kCasesPerCombo = 300;

class FastVsOracle : public ::testing::TestWithParam<OperationSpec> {};

TEST_P(FastVsOracle, RandomValidCasesMatchOnEveryCaredByte) {
  const OperationSpec& spec = GetParam();
  const std::uint64_t seed = kSeed + static_cast<std::uint64_t>(spec.operation);
  const Tally tally = runOperation(spec, seed, kCasesPerCombo, std::nullopt);
  EXPECT_EQ(tally.failures, 0u);
  RecordProperty("cases", std::to_string(tally.cases));
  std::printf("[ info ] %s: %llu random valid cases, seed 0x%llx\n", std::string(oracle::name(spec.operation)).c_str(),
              static_cast<unsigned long long>(tally.cases), static_cast<unsigned long long>(seed));
}

// Every named profile forced on every operation, so each AMB reading is exercised where it matters.
TEST_P(FastVsOracle, EveryNamedProfile) {
  const OperationSpec& spec = GetParam();
  for (const std::string_view profileName : oracle::allProfileNames()) {
    const auto parsed = oracle::parseProfile(profileName);
    ASSERT_TRUE(parsed.profile) << parsed.error;
    const std::uint64_t seed = kSeed ^ (std::hash<std::string_view>{}(profileName) + static_cast<std::uint64_t>(spec.operation));
    SCOPED_TRACE("profile " + std::string(profileName));
    EXPECT_EQ(runOperation(spec, seed, 40, parsed.profile).failures, 0u);
  }
}

// ---- invalid cases: one broken constraint each ------------------------------------------------------------------

// Applies f to whichever of DataCopyParams / DataCopyExtParams the case holds.
template <typename F>
bool withBlocks(Case& c, F f) {
  if (auto* p = std::get_if<oracle::DataCopyParams>(&c.params)) return f(*p), true;
  if (auto* p = std::get_if<oracle::DataCopyExtParams>(&c.params)) return f(*p), true;
  return false;
}
template <typename F>
bool withPad(Case& c, F f) {
  if (auto* p = std::get_if<oracle::DataCopyPadParams>(&c.padParams)) return f(*p), true;
  if (auto* p = std::get_if<oracle::DataCopyPadExtParams>(&c.padParams)) return f(*p), true;
  return false;
}
oracle::Nd2NzParams* nd2nzOf(Case& c) {
  if (c.nd2nzParams) return &*c.nd2nzParams;
  return std::get_if<oracle::Nd2NzParams>(&c.params);
}
template <typename F>
bool withNd2Nz(Case& c, F f) {
  oracle::Nd2NzParams* p = nd2nzOf(c);
  return p != nullptr && (f(*p), true);
}
template <typename F>
bool withNz2Nd(Case& c, F f) {
  auto* p = std::get_if<oracle::Nz2NdParamsFull>(&c.params);
  return p != nullptr && (f(*p), true);
}
// Applies f to the case's params when they are a P (slice, DN2NZ).
template <typename P, typename F>
bool withParams(Case& c, F f) {
  auto* p = std::get_if<P>(&c.params);
  return p != nullptr && (f(*p), true);
}
bool rejectZeroCounts(Case& c) {
  c.profile.zeroCount = Profile::ZeroCount::reject;  // AMB-1: the default profile rejects 0
  return true;
}

struct Breaker {
  const char* what;
  bool (*apply)(Case&);  // false when the breaker does not apply to this case
};

const std::vector<Breaker>& breakers() {
  static const std::vector<Breaker> list{
      {"blockCount 0", [](Case& c) { return withBlocks(c, [](auto& p) { p.blockCount = 0; }) && rejectZeroCounts(c); }},
      {"blockCount 4096", [](Case& c) { return withBlocks(c, [](auto& p) { p.blockCount = 4096; }); }},
      {"blockLen 0", [](Case& c) { return withBlocks(c, [](auto& p) { p.blockLen = 0; }) && rejectZeroCounts(c); }},
      {"Ext blockLen 2097152",
       [](Case& c) {
         auto* p = std::get_if<oracle::DataCopyExtParams>(&c.params);
         return p != nullptr && (p->blockLen = 2097152, true);
       }},
      {"leftPadding past 32 bytes",
       [](Case& c) {
         const auto tooMany = narrow<std::uint8_t>(32 / oracle::sizeBytes(c.dtype) + 1);
         return withPad(c, [&](auto& p) { p.leftPadding = tooMany; });
       }},
      {"rightPadding past 32 bytes",
       [](Case& c) {
         const auto tooMany = narrow<std::uint8_t>(32 / oracle::sizeBytes(c.dtype) + 1);
         return withPad(c, [&](auto& p) { p.rightPadding = tooMany; });
       }},
      {"64-bit paddingValue != 0",
       [](Case& c) {
         return oracle::sizeBytes(c.dtype) == 8 && withPad(c, [](auto& p) { p.paddingValue = 1; });
       }},
      // turn 3: the vendor's parameter checks
      {"G2U blockLen not whole elements (AMB-17)",
       [](Case& c) {
         const std::uint32_t s = oracle::sizeBytes(c.dtype);
         c.profile.padBlockLen = Profile::PadBlockLen::elementMultiple;
         return c.api == oracle::Api::DataCopyPad && c.srcPos == Position::GM && s > 1 &&
                withBlocks(c, [&](auto& p) { p.blockLen = static_cast<decltype(p.blockLen)>(s + 1); });
       }},
      {"G2U DataCopyPadParams paddingValue != 0 (AMB-18)",
       [](Case& c) {
         auto* pad = std::get_if<oracle::DataCopyPadParams>(&c.padParams);
         c.profile.padRawValue = Profile::PadRawValue::reject;
         return pad != nullptr && c.srcPos == Position::GM && (pad->paddingValue = 2, true);
       }},
      {"NZ2ND srcNStride 4096", [](Case& c) { return withNz2Nd(c, [](auto& p) { p.srcNStride = 4096; }); }},
      {"NZ2ND ndNum 2 nValue 3 srcNdMatrixStride 1",
       [](Case& c) { return withNz2Nd(c, [](auto& p) { p.ndNum = 2, p.nValue = 3, p.srcNdMatrixStride = 1; }); }},
      {"DN2NZ fp4 nValue 3",
       [](Case& c) {
         const bool fp4 = c.dtype == DType::fp4x2_e2m1_t || c.dtype == DType::fp4x2_e1m2_t;
         return fp4 && withParams<oracle::Dn2NzParams>(c, [](auto& p) { p.nValue = 3; });
       }},
      {"UB->TSCM ndNum 2", [](Case& c) { return c.nd2nzParams && (c.nd2nzParams->ndNum = 2, true); }},
      {"ND2NZ ndNum 4096", [](Case& c) { return withNd2Nz(c, [](auto& p) { p.ndNum = 4096; }); }},
      {"ND2NZ nValue 16385", [](Case& c) { return withNd2Nz(c, [](auto& p) { p.nValue = 16385; }); }},
      {"ND2NZ srcDValue 0", [](Case& c) { return withNd2Nz(c, [](auto& p) { p.srcDValue = 0; }); }},
      {"ND2NZ dstNzC0Stride 0", [](Case& c) { return withNd2Nz(c, [](auto& p) { p.dstNzC0Stride = 0; }); }},
      {"ND2NZ dstNzC0Stride 16385", [](Case& c) { return withNd2Nz(c, [](auto& p) { p.dstNzC0Stride = 16385; }); }},
      {"ND2NZ dstNzNStride 0", [](Case& c) { return withNd2Nz(c, [](auto& p) { p.dstNzNStride = 0; }); }},
      {"ND2NZ dstNzNStride 16385", [](Case& c) { return withNd2Nz(c, [](auto& p) { p.dstNzNStride = 16385; }); }},
      {"ND2NZ dstNzMatrixStride 0 under doc-range (AMB-6)",
       [](Case& c) {
         c.profile.nd2nzZeroMatrixStride = Profile::Nd2NzZeroMatrixStride::docRange;
         return withNd2Nz(c, [](auto& p) { p.dstNzMatrixStride = 0; });
       }},
      {"ND2NZ dstNzMatrixStride 0 with ndNum 2",
       [](Case& c) {
         return !c.nd2nzParams && withNd2Nz(c, [](auto& p) { p.dstNzMatrixStride = 0, p.ndNum = 2; });
       }},
      {"NZ2ND ndNum 4096", [](Case& c) { return withNz2Nd(c, [](auto& p) { p.ndNum = 4096; }); }},
      {"NZ2ND nValue 0", [](Case& c) { return withNz2Nd(c, [](auto& p) { p.nValue = 0; }); }},
      {"NZ2ND nValue 8193", [](Case& c) { return withNz2Nd(c, [](auto& p) { p.nValue = 8193; }); }},
      {"NZ2ND dValue 8208", [](Case& c) { return withNz2Nd(c, [](auto& p) { p.dValue = 8208; }); }},
      {"NZ2ND dValue 24 (not a multiple of 16)", [](Case& c) { return withNz2Nd(c, [](auto& p) { p.dValue = 24; }); }},
      {"NZ2ND srcNdMatrixStride 0", [](Case& c) { return withNz2Nd(c, [](auto& p) { p.srcNdMatrixStride = 0; }); }},
      {"NZ2ND srcNdMatrixStride 513", [](Case& c) { return withNz2Nd(c, [](auto& p) { p.srcNdMatrixStride = 513; }); }},
      {"NZ2ND srcNStride 4097", [](Case& c) { return withNz2Nd(c, [](auto& p) { p.srcNStride = 4097; }); }},
      {"NZ2ND dstDStride 0", [](Case& c) { return withNz2Nd(c, [](auto& p) { p.dstDStride = 0; }); }},
      {"NZ2ND dstNdMatrixStride 0", [](Case& c) { return withNz2Nd(c, [](auto& p) { p.dstNdMatrixStride = 0; }); }},
      {"slice dimValue 9",
       [](Case& c) { return withParams<oracle::SliceParams>(c, [](auto& p) { p.dimValue = 9; }); }},
      {"slice burstLen differs in dimension 0",
       [](Case& c) {
         return withParams<oracle::SliceParams>(c, [](auto& p) { p.dstSliceInfo[0].burstLen += 1; });
       }},
      {"slice endIndex outside the shape",
       [](Case& c) {
         return withParams<oracle::SliceParams>(c, [](auto& p) { p.srcShape[0] = p.srcSliceInfo[0].endIndex; });
       }},
      {"slice destination selects one burst more",
       [](Case& c) {
         const std::uint64_t s = oracle::sizeBytes(c.dtype);
         return withParams<oracle::SliceParams>(c, [s](auto& p) {
           const std::uint64_t e = 32 * std::uint64_t{p.dstSliceInfo[0].burstLen} / s;
           p.dstSliceInfo[0].endIndex += narrow<std::uint32_t>(e + p.dstSliceInfo[0].stride);
           p.dstShape[0] = p.dstSliceInfo[0].endIndex + 1;
         });
       }},
      {"DN2NZ dnNum 4096",
       [](Case& c) { return withParams<oracle::Dn2NzParams>(c, [](auto& p) { p.dnNum = 4096; }); }},
      {"DN2NZ srcDValue 0",
       [](Case& c) { return withParams<oracle::Dn2NzParams>(c, [](auto& p) { p.srcDValue = 0; }); }},
      {"DN2NZ dstNzNStride 0",
       [](Case& c) { return withParams<oracle::Dn2NzParams>(c, [](auto& p) { p.dstNzNStride = 0; }); }},
      {"DN2NZ dstNzMatrixStride*s not 32-byte whole",
       [](Case& c) {
         const auto stride = narrow<std::uint32_t>(32 / oracle::sizeBytes(c.dtype) + 1);
         return withParams<oracle::Dn2NzParams>(c, [stride](auto& p) { p.dstNzMatrixStride = stride, p.dnNum = 2; });
       }},
      {"DN2NZ small C0 with dValue 5 (DN2NZ-3)",
       [](Case& c) {
         const bool flag = c.profile.smallC0Polarity == Profile::SmallC0Polarity::basicApiPage;  // AMB-7
         return withParams<oracle::Dn2NzParams>(c, [flag](auto& p) { p.dValue = 5, p.enableSmallC0 = flag; });
       }},
      {"DN2NZ 64-bit stride overflows",
       [](Case& c) {
         return withParams<oracle::Dn2NzParams>(
             c, [](auto& p) { p.srcDnMatrixStride = std::uint64_t{1} << 63, p.dnNum = 3, p.dstNzMatrixStride = 4096; });
       }},
      {"enhanced BLOCK_MODE_DEPTHWISE",
       [](Case& c) { return c.enhancedParams && (c.enhancedParams->blockMode = oracle::BlockMode::depthwise, true); }},
      {"enhanced padMode 1", [](Case& c) { return c.enhancedParams && (c.enhancedParams->padMode = 1, true); }},
      {"enhanced DEQ8 sidStoreMode 2 (ENH-3)",
       [](Case& c) {
         const bool eight = c.enhancedParams && (c.enhancedParams->deqScale == oracle::DeqScale::deq8 ||
                                                 c.enhancedParams->deqScale == oracle::DeqScale::vdeq8);
         return eight && (c.enhancedParams->sidStoreMode = 2, true);
       }},
      {"enhanced V* tensor of 15 entries (ENH-2)",
       [](Case& c) {
         return c.enhancedParams && !c.enhancedParams->deqTensor.empty() &&
                (c.enhancedParams->deqTensor.resize(15), true);
       }},
      {"enhanced DEQ8 to a 16/32-bit T (ENH-2 table 5)",
       [](Case& c) {
         if (!c.enhancedParams || c.srcPos != Position::CO1 || oracle::sizeBytes(c.dtype) < 2) return false;
         c.enhancedParams->deqScale = oracle::DeqScale::deq8;
         c.enhancedParams->srcDType = DType::int32_t;
         return true;
       }},
      {"enhanced isRelu off CO1->CO2",
       [](Case& c) { return c.enhancedParams && c.srcPos != Position::CO1 && (c.enhancedParams->isRelu = true, true); }},
      {"2-level block count over 65535 (AMB-4)",
       [](Case& c) {
         auto* p = std::get_if<oracle::CalCount>(&c.params);
         if (p == nullptr) return false;
         c.profile.calCountOverflow = Profile::CalCountOverflow::reject;
         p->calCount = narrow<std::uint32_t>(65536 * 32 / oracle::sizeBytes(c.dtype));
         return true;
       }},
      {"src one byte short",
       [](Case& c) {
         const std::uint64_t span = oracle::extents(c).srcSpanBytes;
         return span > 0 && (c.src.sizeBytes = c.src.offsetBytes + span - 1, true);
       }},
      {"dst one byte short",
       [](Case& c) {
         if (oracle::isDualDestination(c)) {  // FIX950-9: each of the two UBs one byte short of its half (an even size)
           Case half = c;
           half.dst.sizeBytes = 0;
           const std::uint64_t span = oracle::extents(half).dstSpanBytes;
           return span > 0 && (c.dst.sizeBytes = 2 * (c.dst.offsetBytes + span - 1), true);
         }
         const std::uint64_t span = oracle::extents(c).dstSpanBytes;
         return span > 0 && (c.dst.sizeBytes = c.dst.offsetBytes + span - 1, true);
       }},
      {"local src offset not 32-byte aligned (G-5)",
       [](Case& c) {
         return oracle::isLocal(c.srcPos) && (c.src.offsetBytes += 16, c.src.sizeBytes += 16, true);
       }},
      {"local dst offset not 32-byte aligned (G-5)",
       [](Case& c) {
         return oracle::isLocal(c.dstPos) && (c.dst.offsetBytes += 16, c.dst.sizeBytes += 16, true);
       }},
      {"dst offset past the end",
       [](Case& c) { return c.dst.offsetBytes = c.dst.sizeBytes + 32, true; }},
      // NDDMA-2 / AMB-35 / AMB-37 / NDDMA-4
      {"nddma dim 6", [](Case& c) { return withParams<oracle::NdDmaParams>(c, [](auto& p) { p.dim = 6; }); }},
      {"nddma loopSize 0 (AMB-37)",
       [](Case& c) {
         c.profile.ndDmaZeroSize = Profile::NdDmaZeroSize::reject;  // nddma-size0-noop would accept it
         return withParams<oracle::NdDmaParams>(c, [](auto& p) { p.loopSize[p.dim - 1] = 0; });
       }},
      {"nddma loopDstStride 2^20 (2^19 for b64, AMB-35)",
       [](Case& c) {
         const std::uint32_t limit = oracle::sizeBytes(c.dtype) == 8 ? 1u << 19 : 1u << 20;
         c.profile.ndDmaB64Stride = Profile::NdDmaB64Stride::reject;  // nddma-b64-wrap would cut 2^19
         return withParams<oracle::NdDmaParams>(c, [&](auto& p) { p.loopDstStride[0] = limit; });
       }},
      {"nddma loopSrcStride 2^40 (2^39 for b64, AMB-35)",
       [](Case& c) {
         const std::uint64_t limit = oracle::sizeBytes(c.dtype) == 8 ? 1ull << 39 : 1ull << 40;
         c.profile.ndDmaB64Stride = Profile::NdDmaB64Stride::reject;  // nddma-b64-wrap would cut 2^39
         return withParams<oracle::NdDmaParams>(c, [&](auto& p) { p.loopSrcStride[0] = limit; });
       }},
      {"nddma b64 nearest mode",
       [](Case& c) {
         return oracle::sizeBytes(c.dtype) == 8 && withParams<oracle::NdDmaParams>(c, [](auto& p) { p.isNearestValueMode = true; });
       }},
      {"nddma interleaving ascending strides (NDDMA-4)",
       [](Case& c) {
         c.profile.ndDmaInterleave = Profile::NdDmaInterleave::reject;  // nddma-interleave-any would accept it
         return withParams<oracle::NdDmaParams>(c, [](auto& p) {
           p.dim = 2;
           p.loopSize[0] = 3;
           p.loopSize[1] = 2;
           p.loopLpSize[0] = p.loopRpSize[0] = p.loopLpSize[1] = p.loopRpSize[1] = 0;
           p.loopDstStride[0] = 1;
           p.loopDstStride[1] = 2;
         });
       }},
  };
  return list;
}

std::string clauseOf(const std::string& detail) { return detail.substr(0, detail.find(':')); }

// For every supported dtype on the spec's invalidProduct (atlas-a2 documents most operations; DN2NZ and CO1->CO2
// live elsewhere), a few valid non-empty base cases per
// breaker: fast must answer rejected, name a clause the oracle also names, and leave every byte as it was.
TEST_P(FastVsOracle, InvalidCasesAreRejectedWithoutWrites) {
  const OperationSpec& spec = GetParam();
  const std::uint64_t seed = kSeed * 3 + static_cast<std::uint64_t>(spec.operation);
  auto fastBackend = makeFastBackend();
  Draw d(seed);
  std::uint64_t rejected = 0;
  for (const oracle::DTypeInfo& dtype : oracle::allDTypes()) {
    for (const Breaker& breaker : breakers()) {
      // NDDMA's own breakers draw nothing for the other operations, so their draws stay as before
      if (std::string_view(breaker.what).starts_with("nddma") && spec.operation != Operation::nddma) continue;
      for (int n = 0; n < 4; ++n) {
        Case c = drawCase(d, spec, spec.invalidProduct, dtype.dtype, drawProfile(d));
        if (!oracle::checkSupport(c, spec.operation).empty()) break;
        const oracle::Extents e = oracle::extents(c);
        if (e.srcSpanBytes == 0 || e.dstSpanBytes == 0 || !breaker.apply(c)) continue;
        const std::vector<oracle::Violation> violations = oracle::validate(c);
        ASSERT_FALSE(violations.empty()) << "breaker '" << breaker.what << "' left a valid case: " << describeCase(c);
        const std::vector<std::uint8_t> src = d.bytes(c.src.sizeBytes);
        GuardedDst dst = guardedDst(d, c.dst.sizeBytes);
        const std::vector<std::uint8_t> before = dst.bytes;
        const RunResult r = fastBackend->run(c, src, dst.span());
        const auto named = [&](const oracle::Violation& v) { return v.clause == clauseOf(r.detail); };
        EXPECT_EQ(r.status, RunStatus::rejected) << breaker.what << ": " << r.detail << "\n  seed=0x" << std::hex
                                                 << seed << std::dec << " " << describeCase(c);
        EXPECT_TRUE(std::any_of(violations.begin(), violations.end(), named))
            << breaker.what << ": fast says '" << r.detail << "', oracle says '"
            << oracle::describe(violations.front()) << "'\n  " << describeCase(c);
        EXPECT_TRUE(dst.bytes == before) << breaker.what << ": wrote on a rejected case\n  " << describeCase(c);
        ++rejected;
      }
    }
  }
  std::printf("[ info ] %s: %llu invalid cases\n", std::string(oracle::name(spec.operation)).c_str(),
              static_cast<unsigned long long>(rejected));
}

// UB->TSCM whose GM workspace would mirror the UB source (the same pitch on both legs, gaps included): fast reads
// the source in place, one pass. Block lengths short of and at 32-byte whole, strides 0..2 blocks, both AMB-3
// units, and ND2NZ reads that run over the gaps (ANY) and past the workspace (ANY).
TEST(FastVsOracleUbToTscm, InPlaceWorkspaceMatches) {
  auto fast = makeFastBackend();
  Draw d(kSeed + 99);
  std::uint64_t cases = 0;
  for (const DType dtype : {DType::int8_t, DType::half, DType::float_}) {
    const std::uint32_t s = oracle::sizeBytes(dtype);
    for (const bool bytesUnit : {true, false}) {
      for (const std::uint64_t lenBytes : {std::uint64_t{32} - s, std::uint64_t{32}, std::uint64_t{96}}) {
        for (const std::uint64_t srcStride : {0, 1, 2}) {
          const std::uint64_t srcPitch = oracle::alignUp(lenBytes, 32) + 32 * srcStride;
          const std::uint64_t unit = bytesUnit ? 1 : 32;
          if ((srcPitch - lenBytes) % unit != 0) continue;  // no whole dstStride gives the same pitch
          Case c;
          c.product = Product::atlas_a2;
          c.dtype = dtype;
          c.profile.tscmGmStrideUnit = bytesUnit ? Profile::TscmGmStrideUnit::bytes : Profile::TscmGmStrideUnit::docTable32;
          c.api = oracle::Api::DataCopyPad;
          c.srcPos = Position::VECIN;
          c.dstPos = Position::TSCM;
          const std::uint64_t count = d.between(1, 9);
          c.params = oracle::DataCopyExtParams{narrow<std::uint16_t>(count), narrow<std::uint32_t>(lenBytes),
                                               narrow<std::uint32_t>(srcStride),
                                               narrow<std::uint32_t>((srcPitch - lenBytes) / unit), 0};
          oracle::Nd2NzParams nd = drawNd2Nz(d, c, 1);
          nd.nValue = narrow<std::uint16_t>(std::max<std::uint64_t>(1, count + d.from({0, 0, 1})));
          nd.dValue = narrow<std::uint16_t>(std::max<std::uint64_t>(1, srcPitch / s - d.from({0, 1})));
          nd.srcDValue = narrow<std::uint16_t>(srcPitch / s);
          c.nd2nzParams = nd;
          sizeBuffers(d, c);
          if (!oracle::validate(c).empty()) continue;
          ++cases;
          const std::string failure = test::differential(*fast, c, d);
          EXPECT_TRUE(failure.empty()) << failure << "\n  " << describeCase(c);
        }
      }
    }
  }
  EXPECT_GT(cases, 20u);
  std::printf("[ info ] UB->TSCM in place: %llu cases\n", static_cast<unsigned long long>(cases));
}

// ---- DN2NZ's SIMD transpose (fast_transpose_simd.cpp) ----

// One packed DN2NZ case (ascend950, GM -> A1): nValue x dValue, source rows srcDValue elements apart starting
// srcOffsetBytes into GM.
Case dn2nzCase(DType dtype, std::uint64_t nValue, std::uint64_t dValue, std::uint64_t srcDValue,
               std::uint64_t dstNzNStride, std::uint64_t srcOffsetBytes) {
  const std::uint64_t s = oracle::sizeBytes(dtype);
  const std::uint64_t c0 = 32 / s;
  Case c;
  c.product = Product::ascend950;
  c.dtype = dtype;
  c.api = oracle::Api::DataCopy;
  c.srcPos = Position::GM;
  c.dstPos = Position::A1;
  const std::uint64_t c0Stride = oracle::alignUp(nValue, 16) * dstNzNStride;
  c.params = oracle::Dn2NzParams{1,
                                 narrow<std::uint16_t>(nValue),
                                 narrow<std::uint32_t>(dValue),
                                 dValue * srcDValue,
                                 srcDValue,
                                 narrow<std::uint16_t>(c0Stride),
                                 narrow<std::uint16_t>(dstNzNStride),
                                 narrow<std::uint32_t>((dValue + c0 - 1) / c0 * c0Stride * c0),
                                 false};
  c.src.offsetBytes = srcOffsetBytes;
  const oracle::Extents e = oracle::extents(c);
  c.src.sizeBytes = c.src.offsetBytes + e.srcSpanBytes;
  c.dst.sizeBytes = e.dstSpanBytes;
  return c;
}

// Full tiles, n tails (1..15 past a multiple of 16), d tails, unaligned source starts and row pitches, row gaps on
// the destination, every element width: against the oracle, guard bytes included.
TEST(FastVsOracleDn2Nz, TilesTailsAndUnalignedStartsMatch) {
  auto fast = makeFastBackend();
  Draw d(kSeed + 120);
  std::uint64_t cases = 0;
  for (const DType dtype : {DType::int8_t, DType::half, DType::float_, DType::uint16_t, DType::int32_t}) {
    const std::uint64_t c0 = 32 / oracle::sizeBytes(dtype);
    for (const std::uint64_t nValue : {1, 15, 16, 17, 31, 32, 33, 64, 79}) {
      for (const std::uint64_t dValue : {std::uint64_t{1}, c0 - 1, c0, c0 + 1, 2 * c0, 3 * c0 - 1}) {
        const std::uint64_t srcDValue = nValue + d.from({0, 0, 1, 3, 7});
        const Case c = dn2nzCase(dtype, nValue, dValue, srcDValue, d.from({1, 1, 2}), d.between(0, 40));
        ASSERT_TRUE(oracle::validate(c).empty()) << describeCase(c);
        ++cases;
        const std::string failure = test::differential(*fast, c, d);
        EXPECT_TRUE(failure.empty()) << failure << "\n  " << describeCase(c);
      }
    }
  }
  std::printf("[ info ] DN2NZ tiles and tails: %llu cases on %s\n", static_cast<unsigned long long>(cases),
              std::string(fastSimdTarget()).c_str());
}

// Outputs of 8 MiB and more are streamed (non-temporal stores): one such case per element width, against the oracle.
TEST(FastVsOracleDn2Nz, StreamedOutputsMatch) {
  auto fast = makeFastBackend();
  Draw d(kSeed + 121);
  for (const DType dtype : {DType::int8_t, DType::half, DType::float_}) {
    const std::uint64_t s = oracle::sizeBytes(dtype);
    const Case c = dn2nzCase(dtype, 257, (std::uint64_t{8} << 20) / 257 / s + 1, 257, 1, 3);
    ASSERT_GE(c.dst.sizeBytes, std::uint64_t{8} << 20);
    const std::string failure = test::differential(*fast, c, d);
    EXPECT_TRUE(failure.empty()) << failure << "\n  " << describeCase(c);
  }
}

// The scalar path (CPUs without AVX2, or SIMD turned off) and the SIMD transpose write the same bytes, the whole
// destination compared, with destinations 32-byte aligned and 16 bytes past that (both streamed store forms).
void expectDn2NzScalarMatchesSimd(Backend& fast, std::uint64_t seed) {
  Draw d(seed);
  std::uint64_t cases = 0;
  for (int n = 0; n < 120; ++n) {
    const DType dtype = static_cast<DType>(d.from({static_cast<std::uint64_t>(DType::int8_t),
                                                   static_cast<std::uint64_t>(DType::half),
                                                   static_cast<std::uint64_t>(DType::float_)}));
    const std::uint64_t s = oracle::sizeBytes(dtype);
    const bool big = n % 20 == 0;  // streamed
    const std::uint64_t nValue = big ? d.from({256, 263}) : d.between(1, 70);
    const std::uint64_t dValue = big ? (std::uint64_t{8} << 20) / nValue / s + d.between(0, 40) : d.between(1, 100);
    Case c = dn2nzCase(dtype, nValue, dValue, nValue + d.from({0, 0, 5}), big ? 1 : d.from({1, 1, 3}),
                       d.between(0, 40));
    c.dst.offsetBytes = 32 * d.between(0, 2);
    c.dst.sizeBytes += c.dst.offsetBytes;
    const std::vector<std::uint8_t> src = d.bytes(c.src.sizeBytes);
    const std::vector<std::uint8_t> prior = d.bytes(c.dst.sizeBytes);
    const std::uint64_t skew = 16 * d.between(0, 1);
    std::vector<std::uint8_t> simd(c.dst.sizeBytes + 64), scalar(c.dst.sizeBytes + 64);
    const auto at = [&](std::vector<std::uint8_t>& v) {  // the prior bytes, 32-byte aligned plus skew
      const std::uint64_t start = (32 - reinterpret_cast<std::uintptr_t>(v.data()) % 32) % 32 + skew;
      return std::span<std::uint8_t>(v.data() + start, c.dst.sizeBytes);
    };
    std::copy(prior.begin(), prior.end(), at(simd).begin());
    std::copy(prior.begin(), prior.end(), at(scalar).begin());
    ASSERT_EQ(fast.run(c, src, at(simd)).status, RunStatus::ok) << describeCase(c);
    const bool was = setFastSimdEnabled(false);
    const RunResult r = fast.run(c, src, at(scalar));
    setFastSimdEnabled(was);
    ASSERT_EQ(r.status, RunStatus::ok) << describeCase(c);
    const auto a = at(simd), b = at(scalar);
    const auto diff = std::mismatch(a.begin(), a.end(), b.begin());
    ASSERT_TRUE(diff.first == a.end()) << "dst byte " << (diff.first - a.begin()) << ": SIMD " << int{*diff.first}
                                       << ", scalar " << int{*diff.second} << "\n  " << describeCase(c);
    ++cases;
  }
  std::printf("[ info ] DN2NZ scalar vs SIMD (%s): %llu cases\n", std::string(fastSimdTarget()).c_str(),
              static_cast<unsigned long long>(cases));
}

TEST(FastVsOracleDn2Nz, ScalarPathWritesTheSameBytesAsTheSimdTranspose) {
  auto fast = makeFastBackend();
  expectDn2NzScalarMatchesSimd(*fast, kSeed + 122);  // the best target this CPU has
#if HWY_ARCH_X86
  if ((hwy::SupportedTargets() & HWY_AVX2) != 0 && hwy::SupportedTargets() != HWY_AVX2) {  // AVX2 alone
    hwy::SetSupportedTargetsForTest(HWY_AVX2);
    EXPECT_EQ(fastSimdTarget(), "AVX2");
    expectDn2NzScalarMatchesSimd(*fast, kSeed + 123);
    hwy::SetSupportedTargetsForTest(0);  // back to what the CPU has
  }
#endif
}

std::string operationName(const ::testing::TestParamInfo<OperationSpec>& info) {
  constexpr const char* kNames[] = {"PadGmToUb", "PadUbToGm", "PadUbToTscm", "Copy0Level",     "Copy2Level",
                                    "Nd2Nz",     "Nz2Nd",     "Slice",       "Dn2Nz",          "EnhancedNormal",
                                    "EnhancedCo1ToCo2", "Fixpipe", "PadCompactGmToUb", "PadCompactUbToGm", "Fixpipe950",
                                    "NdDma", "Nd2NzGmToUb", "BroadcastUbToL0c"};
  static_assert(std::size(kNames) == std::size(oracle::kAllOperations));
  if (info.param.label != nullptr) return info.param.label;
  return kNames[static_cast<std::size_t>(info.param.operation)];
}

// ---- atomic copies to GM (ATOM, issue 31 item 7) ----------------------------------------------------------------

// Element values that reach ATOM-4/5's edges: zeros of both signs, ones, infinities, a NaN, the largest finite, the
// smallest normal and a subnormal, and neighbours whose sums are round-to-nearest-even ties (2048 + 1 in half,
// 1 + 2^-8 in bfloat16, 1 + 2^-24 in float).
std::vector<std::uint64_t> atomicPool(DType t) {
  switch (t) {
    case DType::half: return {0x0000, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e00, 0x7bff, 0xfbff, 0x0400, 0x0001,
                              0x6800, 0x6801, 0x3c01, 0x4000, 0xc000};
    case DType::bfloat16_t: return {0x0000, 0x8000, 0x3f80, 0xbf80, 0x7f80, 0xff80, 0x7fc0, 0x7f7f, 0x0080, 0x0001,
                                    0x3b80, 0x3f81, 0xbb80};
    case DType::float_: return {0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x7f800000, 0xff800000, 0x7fc00000,
                                0x7f7fffff, 0x00800000, 0x00000001, 0x33800000, 0x3f800001, 0xb3800000};
    case DType::int8_t: return {0, 1, 0x7f, 0x80, 0xff, 0x40};
    case DType::int16_t: return {0, 1, 0x7fff, 0x8000, 0xffff, 0x4000};
    default: return {0, 1, 0x7fffffff, 0x80000000, 0xffffffff, 0x40000000};
  }
}
void plantPool(Draw& d, std::vector<std::uint8_t>& bytes, DType t) {
  const std::vector<std::uint64_t> pool = atomicPool(t);
  const std::uint32_t s = oracle::sizeBytes(t);
  for (std::uint64_t at = 0; at + s <= bytes.size(); at += s) {
    if (d.oneIn(4)) continue;  // some random bits stay
    const std::uint64_t v = pool[d.between(0, pool.size() - 1)];
    for (std::uint32_t b = 0; b < s; ++b) bytes[at + b] = static_cast<std::uint8_t>(v >> (8 * b));
  }
}

constexpr DType kAtomicTypes[] = {DType::int8_t, DType::int16_t, DType::int32_t,
                                  DType::half,   DType::bfloat16_t, DType::float_};

// ATOM-1..5: the fast backend against the oracle on UB->GM DataCopy (0- and 2-level) and DataCopyPad under each
// atomic op, every supported T, on the three products; the destination's prior content and the source drawn from
// the edge pool (or random); every cared byte, the guards and the NaN class must agree.
TEST(FastVsOracleAtomic, RandomAtomicCasesMatchOnEveryCaredByte) {
  auto fastBackend = makeFastBackend();
  Draw d(kSeed ^ 0xa70c);
  std::uint64_t cases = 0;
  std::uint64_t failures = 0;
  const std::pair<Operation, void (*)(Draw&, Case&)> calls[] = {
      {Operation::padUbToGm, genPadUbToGm}, {Operation::copy0Level, genCopy0Level}, {Operation::copy2Level, genCopy2Level}};
  for (const auto& [operation, generate] : calls) {
    for (const Product product : {Product::atlas_a2, Product::atlas_a3, Product::ascend950}) {
      for (const DType t : kAtomicTypes) {
        for (int n = 0; n < 150 && failures < 10; ++n) {
          Case c;
          c.product = product;
          c.dtype = t;
          c.profile = drawProfile(d);
          do {
            generate(d, c);
          } while (c.dstPos != Position::GM || !oracle::isLocal(c.srcPos));  // DataCopy: its UB->GM path
          c.atomic = static_cast<oracle::AtomicOp>(d.between(1, 3));
          sizeBuffers(d, c);
          std::vector<std::uint8_t> src = d.bytes(c.src.sizeBytes);
          GuardedDst dst = guardedDst(d, c.dst.sizeBytes);
          if (!d.oneIn(4)) {
            plantPool(d, src, t);
            std::vector<std::uint8_t> inner(dst.inner().begin(), dst.inner().end());
            plantPool(d, inner, t);
            std::copy(inner.begin(), inner.end(), dst.span().begin());
          }
          const std::vector<std::uint8_t> before = dst.bytes;
          const oracle::Evaluation e = oracle::evaluate(c, src, dst.inner());
          if (e.verdict != oracle::Verdict::computed) continue;  // the plain call's own invalid draws (none expected)
          ++cases;
          const RunResult r = fastBackend->run(c, src, dst.span());
          std::string failure;
          if (r.status != RunStatus::ok) failure = "status " + std::string(name(r.status)) + ": " + r.detail;
          for (std::uint64_t i = 0; failure.empty() && i < test::kGuardBytes; ++i) {
            const std::uint64_t after = dst.bytes.size() - 1 - i;
            if (dst.bytes[i] != before[i] || dst.bytes[after] != before[after]) failure = "wrote a guard byte";
          }
          const std::uint64_t at = failure.empty() ? oracle::firstMismatch(e.expectation, dst.inner()) : 0;
          if (failure.empty() && at != oracle::kNoMismatch) {
            failure = "dst byte " + std::to_string(at) + ": got " + std::to_string(dst.inner()[at]) + ", expected " +
                      std::to_string(e.expectation.expected[at]);
          }
          if (failure.empty()) continue;
          ++failures;
          ADD_FAILURE() << failure << " atomic " << oracle::name(c.atomic) << " " << describeCase(c);
        }
      }
    }
  }
  EXPECT_EQ(failures, 0u);
  EXPECT_GT(cases, 2000u);
  std::printf("[ info ] atomic: %llu random valid cases\n", static_cast<unsigned long long>(cases));
}

// ATOM-2: T outside the headers' list is rejected without a write; ATOM-1: another product is not supported.
TEST(FastVsOracleAtomic, InvalidTypeRejectedAndOtherProductsNotSupported) {
  auto fastBackend = makeFastBackend();
  for (const DType t : {DType::uint8_t, DType::uint16_t, DType::uint32_t, DType::int64_t, DType::double_}) {
    Case c;
    c.api = oracle::Api::DataCopy;
    c.srcPos = Position::VECOUT;
    c.dstPos = Position::GM;
    c.dtype = t;
    c.params = oracle::DataCopyParams{1, 1, 0, 0};
    c.src = {32, 0};
    c.dst = {32, 0};
    c.atomic = oracle::AtomicOp::add;
    std::vector<std::uint8_t> src(32, 1), dst(32, 7);
    EXPECT_EQ(fastBackend->run(c, src, dst).status, RunStatus::rejected) << oracle::name(t);
    EXPECT_EQ(dst, std::vector<std::uint8_t>(32, 7));
    c.dtype = DType::half;
    c.product = Product::atlas_training;
    EXPECT_EQ(fastBackend->run(c, src, dst).status, RunStatus::notSupported);
  }
}

// ENH-1/2/3 (CO1->CO2): the destination the fast backend requires is the oracle's span to the byte, over the modes,
// both AMB-19 blockLen units, the 8-bit half-slot store modes and bursts whose element count is not a multiple of 16
// (VECTOR with 32-byte blocks of int32: 8 elements): one byte short is rejected untouched, the span itself runs.
TEST(FastVsOracleEnhanced, Co1ToCo2DestinationSpanToTheByte) {
  auto fastBackend = makeFastBackend();
  std::uint64_t checked = 0;
  using oracle::BlockMode;
  using oracle::DeqScale;
  for (const BlockMode mode : {BlockMode::matrix, BlockMode::vector, BlockMode::smallChannel}) {
    for (const auto unit : {Profile::EnhBlockLenUnit::block, Profile::EnhBlockLenUnit::dataBlock32}) {
      for (const auto& [scale, u, t] : {std::tuple{DeqScale::none, DType::half, DType::half},
                                        std::tuple{DeqScale::none, DType::float_, DType::float_},
                                        std::tuple{DeqScale::deq, DType::int32_t, DType::half},
                                        std::tuple{DeqScale::deq8, DType::int32_t, DType::int8_t},
                                        std::tuple{DeqScale::deq8, DType::int32_t, DType::uint8_t}}) {
        for (const std::uint8_t sid : {std::uint8_t{0}, std::uint8_t{1}, std::uint8_t{3}}) {
          for (const std::uint16_t blockLen : {std::uint16_t{1}, std::uint16_t{3}}) {
            Case c;
            c.product = Product::atlas_training;
            c.api = oracle::Api::DataCopy;
            c.srcPos = Position::CO1;
            c.dstPos = Position::CO2;
            c.dtype = t;
            c.profile.enhBlockLenUnit = unit;
            c.params = oracle::DataCopyParams{2, blockLen, 1, 1};
            c.enhancedParams = oracle::DataCopyEnhancedParams{mode, scale, 0x3F800000, sid, false, 0, 0, u, {}};
            c.src = {1 << 16, 0};
            c.dst = {1 << 16, 0};
            if (!oracle::validate(c).empty()) continue;  // not a table-5 conversion or store mode
            const std::uint64_t needed = oracle::extents(c).dstSpanBytes;
            const std::vector<std::uint8_t> src(c.src.sizeBytes, 0x11);
            for (const std::uint64_t size : {needed - 1, needed}) {
              c.dst.sizeBytes = size;
              std::vector<std::uint8_t> dst(size, 0x5A);
              const RunResult r = fastBackend->run(c, src, dst);
              const bool valid = oracle::validate(c).empty();
              EXPECT_EQ(valid, size == needed) << describeCase(c);
              EXPECT_EQ(r.status, valid ? RunStatus::ok : RunStatus::rejected) << r.detail << "\n  " << describeCase(c);
              if (!valid) {
                EXPECT_TRUE(std::all_of(dst.begin(), dst.end(), [](std::uint8_t b) { return b == 0x5A; }));
              }
              ++checked;
            }
          }
        }
      }
    }
  }
  EXPECT_GT(checked, 40u);
}

// ND2NZ-6..8 (project): ND2NZ UB->TSCM, drawn over layouts in and out of AMB-38's (both readings, the 950's value
// reading both ways): fast accepts exactly what the oracle accepts, matches every cared byte, and rejects without a
// write what the oracle finds invalid.
TEST(FastVsOracleNd2NzUbToL1, LayoutsInAndOutOfEveryRoute) {
  auto fastBackend = makeFastBackend();
  Draw d(kSeed + 5);
  std::uint64_t valid = 0, rejected = 0;
  for (int n = 0; n < 3000; ++n) {
    Case c;
    c.product = d.oneIn(2) ? Product::ascend950 : Product::atlas_a2;
    c.api = oracle::Api::DataCopy;
    c.srcPos = d.oneIn(2) ? Position::VECIN : Position::VECOUT;
    c.dstPos = Position::TSCM;
    c.dtype = std::array{DType::int8_t, DType::half, DType::int16_t, DType::float_, DType::int32_t}[d.between(0, 4)];
    c.profile = *oracle::parseProfile(std::array{"default", "nd2nzu2l1-page", "nd2nzu2l1-move",
                                                 "nd2nzu2l1-page,nd2nzu2l1-move"}[d.between(0, 3)]).profile;
    const std::uint64_t C0 = 32 / oracle::sizeBytes(c.dtype);
    oracle::Nd2NzParams p;
    p.ndNum = narrow<std::uint16_t>(d.oneIn(20) ? d.from({0, 2}) : 1);
    p.nValue = narrow<std::uint16_t>(d.from({1, 2, 3, 16, d.between(1, 40)}));
    p.dValue = narrow<std::uint16_t>(d.from({C0, 2 * C0, C0 - 1, C0 + 1, d.between(1, 4 * C0)}));
    p.srcDValue = narrow<std::uint16_t>(d.oneIn(2) ? p.dValue : d.from({p.dValue + 1ull, p.dValue + C0, 2 * C0, 1}));
    p.dstNzNStride = narrow<std::uint16_t>(d.from({1, 1, 2, 3}));
    p.dstNzC0Stride = narrow<std::uint16_t>(d.oneIn(2) ? p.nValue : d.between(1, 2ull * p.nValue + 2));
    p.srcNdMatrixStride = narrow<std::uint16_t>(d.between(0, 65535));
    p.dstNzMatrixStride = narrow<std::uint16_t>(d.from({0, 1, 16384}));
    c.params = p;
    const bool inRange = p.ndNum == 1;
    const oracle::Extents e = inRange ? oracle::extents(c) : oracle::Extents{64, 64};
    c.src = {e.srcSpanBytes + d.between(0, 40), 0};
    c.dst = {e.dstSpanBytes + d.between(0, 40), 0};
    if (oracle::validate(c).empty()) {
      const std::string failure = differential(*fastBackend, c, d);
      EXPECT_EQ(failure, "") << describeCase(c);
      ++valid;
      continue;
    }
    const std::vector<std::uint8_t> src = d.bytes(c.src.sizeBytes);
    std::vector<std::uint8_t> dst(c.dst.sizeBytes, 0x5A);
    const RunResult r = fastBackend->run(c, src, dst);
    EXPECT_EQ(r.status, RunStatus::rejected) << describeCase(c);
    EXPECT_TRUE(std::all_of(dst.begin(), dst.end(), [](std::uint8_t b) { return b == 0x5A; })) << describeCase(c);
    ++rejected;
  }
  EXPECT_GT(valid, 500u);
  EXPECT_GT(rejected, 500u);
}

INSTANTIATE_TEST_SUITE_P(AllOperations, FastVsOracle, ::testing::ValuesIn(operationSpecs()), operationName);

}  // namespace
}  // namespace dcconf::backends
