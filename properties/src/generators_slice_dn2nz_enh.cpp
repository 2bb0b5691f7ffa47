// Valid-case generators of the operations added with SEMANTICS sections 5, 8 and 9: slice (SLICE), DN2NZ (DN2NZ,
// Ascend 950) and enhanced DataCopy (ENH). As in generators.cpp, the path and dtype come first and every choice is
// ordered simplest first, so a shrunk case has one dimension, one burst, zero strides and the default profile.
#include <algorithm>
#include <limits>

#include "dcconf/properties/coverage.hpp"
#include "dcconf/properties/generators.hpp"
#include "draw.hpp"

namespace dcconf::properties::detail {

using namespace dcconf::oracle;

namespace {

// ---- SLICE-1..4 ----------------------------------------------------------------------------------------------------

// Elements one side's outer dimensions may span before the remaining dimensions are made trivial (shape 1): the
// buffers stay small whatever dimValue is drawn.
std::uint64_t sliceElementBudget() { return 4096 * propScale(); }

// Dimension 0 of one side selecting exactly `bursts` bursts of e elements (SLICE-3): the selection spans
// bursts*(e + stride) - stride elements plus a slack the floor in SLICE-3 drops; 0 bursts spans less than one burst.
// Both spans are drawn either way: a fixed number of draws, so shrinking the burst count keeps later draws in place.
SliceInfo drawSliceDim0(std::uint64_t e, std::uint64_t stride, std::uint64_t bursts, std::uint64_t start,
                        std::uint32_t burstLen) {
  const std::uint64_t pitch = e + stride;
  const std::uint64_t partial = drawInRange(1, e - 1);  // e >= 4: a burst is 32 bytes of at most 8-byte elements
  const std::uint64_t slack = drawEdgy({0}, 0, pitch - 1);
  const std::uint64_t span = bursts == 0 ? partial : bursts * pitch - stride + slack;
  return {static_cast<std::uint32_t>(start), static_cast<std::uint32_t>(start + span - 1),
          static_cast<std::uint32_t>(stride), burstLen};
}

// One outer dimension (k >= 1) of one side selecting `picks` indices (SLICE-2).
SliceInfo drawSliceOuter(std::uint64_t picks, std::uint32_t burstLen) {
  const std::uint64_t stride = drawEdgy({0, 1}, 0, 3);
  const std::uint64_t first = drawEdgy({0}, 0, 3);
  const std::uint64_t last = first + (picks - 1) * (stride + 1) + drawInRange(0, stride);
  return {static_cast<std::uint32_t>(first), static_cast<std::uint32_t>(last), static_cast<std::uint32_t>(stride),
          burstLen};
}

// Whole ranges (docs/coverage.md): in one case of four one SLICE field kind of dimension d (coverage.cpp's rows) is drawn
// whole, on one side or (where the sides stay independent) on both, and the layout around it is the smallest one that
// makes it observable: one 32-byte burst per entry, two entries or two bursts where the field is a distance (end,
// stride, shape as the next dimension's pitch), dimensions below d trivial, and the other side selecting as many
// bursts and entries (SLICE-4: the loop runs over the source list, so a wide destination entry needs a source entry
// beside it). burstLen of the dimensions >= 1 moves no data (AMB-5): every wide case draws those whole, both sides
// equal.
void widenSlice(Case& c, SliceParams& p, bool ubSrc) {
  if (!drawOneIn(4)) return;
  const std::vector<FieldRange> ranges = sliceRangesAtEveryDim(c);
  const std::size_t d = drawIndex(kMaxSliceDims);
  const std::size_t j = drawIndex(10);  // srcSliceInfo[d] fields, dstSliceInfo[d] fields, srcShape[d], dstShape[d]
  const std::uint64_t vx = drawWholeUpper(sliceRow(ranges, d, j));
  p = wideSliceLayout(c, ubSrc, drawWideSliceField(ranges, d, j, vx));
}

}  // namespace

std::vector<FieldRange> sliceRangesAtEveryDim(const Case& c) {
  Case all = c;
  SliceParams every;
  every.dimValue = kMaxSliceDims;
  all.params = every;
  return fieldRanges(all, Operation::slice);
}

const FieldRange& sliceRow(const std::vector<FieldRange>& ranges, std::size_t d, std::size_t j) {
  return ranges[1 + 10 * d + j];  // after the dimValue row, ten rows per dimension
}

WideSliceField drawWideSliceField(const std::vector<FieldRange>& ranges, std::size_t d, std::size_t j,
                                  std::uint64_t vx) {
  const std::size_t jOther = j < 8 ? (j + 4) % 8 : 17 - j;  // the same field of the other side, the other shape
  WideSliceField wide{d, j, vx, drawWholeUpper(sliceRow(ranges, d, jOther)), {}};
  for (std::size_t k = 1; k < kMaxSliceDims; ++k) wide.outerBurstLen[k] = drawWholeUpper(sliceRow(ranges, k, 3));
  return wide;
}

// The smallest layout that shows field j of dimension d at value vx (docs/coverage.md, "How the generators reach it").
// Values near 2^32 (the sparse lane's) leave no room for a second burst or index after them: there the case selects
// one burst / index on both sides (a stride), or none on both (a dimension-0 start past the last whole burst), still
// a valid call (SLICE-1..4) that carries the value.
SliceParams wideSliceLayout(const Case& c, bool ubSrc, const WideSliceField& wide) {
  const std::size_t d = wide.d, j = wide.j;
  const std::uint64_t vx = wide.vx, vy = wide.vy;
  std::array<std::uint64_t, kMaxSliceDims> outerBurstLen = wide.outerBurstLen;
  constexpr std::uint64_t kU32 = std::numeric_limits<std::uint32_t>::max();
  const bool onSrc = j < 4 || j == 8;
  const std::size_t kind = j >= 8 ? 4 : j % 4;  // start, end, stride, burstLen, shape
  const std::uint64_t s = sizeBytes(c.dtype);
  const std::uint64_t c0 = kDataBlockBytes / s;
  const bool xUb = onSrc == ubSrc;
  if (kind == 3) outerBurstLen[d] = vx;
  const std::uint64_t burstLen0 = d == 0 && kind == 3 ? vx : 1;
  const std::uint64_t e = kDataBlockBytes * burstLen0 / s;
  SliceParams w;
  w.dimValue = static_cast<std::uint32_t>(kind == 4 && d + 1 < kMaxSliceDims ? d + 2 : d + 1);
  auto& xInfo = onSrc ? w.srcSliceInfo : w.dstSliceInfo;
  auto& yInfo = onSrc ? w.dstSliceInfo : w.srcSliceInfo;
  auto& xShape = onSrc ? w.srcShape : w.dstShape;
  auto& yShape = onSrc ? w.dstShape : w.srcShape;
  const auto u32 = [](std::uint64_t x) { return static_cast<std::uint32_t>(x); };
  auto set = [&](auto& info, auto& shape, std::size_t k, std::uint64_t start, std::uint64_t end, std::uint64_t stride,
                 std::uint64_t size) {
    info[k] = {u32(start), u32(end), u32(stride), u32(k == 0 ? burstLen0 : outerBurstLen[k])};
    shape[k] = u32(size);
  };
  for (std::size_t k = 0; k < kMaxSliceDims; ++k) {  // one burst in dimension 0, one index of size 1 above
    set(xInfo, xShape, k, 0, k == 0 ? e - 1 : 0, 0, k == 0 ? e : 1);
    set(yInfo, yShape, k, 0, k == 0 ? e - 1 : 0, 0, k == 0 ? e : 1);
  }
  auto pickTwo = [&](auto& info, auto& shape, std::size_t k) { set(info, shape, k, 0, 1, 0, 2); };
  // both sides: start at v (one burst / one index), two bursts or indices v + 1 apart, a shape as a pitch
  auto both = [&](auto&& one) {
    one(xInfo, xShape, vx);
    one(yInfo, yShape, vy);
  };
  if (d == 0) {
    switch (kind) {
      case 0:
        if (vx + e > kU32) {  // no whole burst fits after the start: both sides select none (SLICE-3)
          set(xInfo, xShape, 0, vx, vx, 0, vx + 1);
          set(yInfo, yShape, 0, 0, 0, 0, e);
          break;
        }
        both([&](auto& info, auto& shape, std::uint64_t v) { set(info, shape, 0, v, v + e - 1, 0, v + e); });
        break;
      case 1: {  // at most one burst ending at v; the other side selects the same span
        const std::uint64_t step = xUb ? c0 : 1;
        const std::uint64_t start = vx + 1 >= e ? (vx + 1 - e) / step * step : 0;
        set(xInfo, xShape, 0, start, vx, 0, vx + 1);
        set(yInfo, yShape, 0, 0, vx - start, 0, vx - start + 1);
        break;
      }
      case 2:  // two bursts v apart (one burst each where a second would pass 2^32 - 2)
        if (2 * e + vx > kU32) {
          set(xInfo, xShape, 0, 0, e - 1, vx, e);
          set(yInfo, yShape, 0, 0, e - 1, vy, e);
          break;
        }
        both([&](auto& info, auto& shape, std::uint64_t v) { set(info, shape, 0, 0, 2 * e + v - 1, v, 2 * e + v); });
        break;
      case 3: break;  // one burst of v blocks on both sides
      default: {      // shape[0] as the pitch of dimension 1 (a UB side only where it keeps bursts aligned)
        if (vx < e) {  // shorter than a burst: both sides select none
          set(xInfo, xShape, 0, 0, vx - 1, 0, vx);
          set(yInfo, yShape, 0, 0, vx - 1, 0, e);
        } else {
          xShape[0] = u32(vx);
        }
        if (!xUb || vx % c0 == 0) {
          pickTwo(xInfo, xShape, 1);
          pickTwo(yInfo, yShape, 1);
        }
        break;
      }
    }
  } else {
    switch (kind) {
      case 0: both([&](auto& info, auto& shape, std::uint64_t v) { set(info, shape, d, v, v, 0, v + 1); }); break;
      case 1:  // indices 0 and v on both sides (one side alone where the other's v is 0: a single index)
        if (vx > 0) set(xInfo, xShape, d, 0, vx, vx - 1, vx + 1);
        if (vx > 0 && vy > 0) set(yInfo, yShape, d, 0, vy, vy - 1, vy + 1);
        if (vx > 0 && vy == 0) pickTwo(yInfo, yShape, d);
        break;
      case 2:  // indices 0 and v + 1 (one index each where v + 1 would pass 2^32 - 2)
        if (vx + 2 > kU32) {
          set(xInfo, xShape, d, 0, 0, vx, 1);
          set(yInfo, yShape, d, 0, 0, vy, 1);
          break;
        }
        both([&](auto& info, auto& shape, std::uint64_t v) { set(info, shape, d, 0, v + 1, v, v + 2); });
        break;
      case 3: break;
      default:
        xShape[d] = u32(vx);
        yShape[d] = u32(vy);
        if (d + 1 < kMaxSliceDims) {  // the pitch of dimension d + 1
          pickTwo(xInfo, xShape, d + 1);
          pickTwo(yInfo, yShape, d + 1);
        }
        break;
    }
  }
  return w;
}

// GM->VECIN gathers, VECOUT->GM and CO2->GM scatter. The UB side keeps every burst start on the 32-byte grid (G-5,
// SLICE-4): its start, its dimension-0 shape and (for a UB source) its stride are whole 32-byte blocks. Both sides
// select the same burst count; the destination selects at least the source's outer index count per dimension
// (SLICE-4: the extra destination entries are never written).
GeneratedCase drawSlice(const Scope& scope) {
  const PathPair path = drawPath(Operation::slice, scope);
  Case c = makeCase(Api::DataCopy, path.src, path.dst, SliceParams{});
  drawProductAndDType(c, Operation::slice, scope);
  const std::uint64_t s = sizeBytes(c.dtype);
  const std::uint64_t c0 = kDataBlockBytes / s;  // elements per 32 bytes
  const bool ubSrc = path.src != Position::GM;
  SliceParams p;
  p.dimValue = static_cast<std::uint32_t>(drawEdgy({1, 2, 3}, 1, kMaxSliceDims));
  const auto burstLen = static_cast<std::uint32_t>(drawEdgy({1, 2}, 1, 3));
  const std::uint64_t e = kDataBlockBytes * burstLen / s;
  const bool none = drawOneIn(20);  // SLICE-3: B == 0 moves nothing
  const std::uint64_t some = drawEdgy({1, 2, 3}, 1, 5);  // drawn either way: a fixed number of draws
  const std::uint64_t bursts = none ? 0 : some;
  const std::uint64_t k = propScale();
  const std::uint64_t srcStride = ubSrc ? c0 * drawEdgy({0, 1}, 0, 4) : drawEdgy({0, 1, c0, e, 200 * k}, 0, 3 * e);
  const std::uint64_t dstStride = drawEdgy({0, c0, 1, e}, 0, 3 * e);
  auto start = [&](bool ub) { return ub ? c0 * drawEdgy({0}, 0, 3) : drawEdgy({0, 1}, 0, 40); };
  p.srcSliceInfo[0] = drawSliceDim0(e, srcStride, bursts, start(ubSrc), burstLen);
  p.dstSliceInfo[0] = drawSliceDim0(e, dstStride, bursts, start(!ubSrc), burstLen);
  auto shape0 = [&](const SliceInfo& si, bool ub) {
    const std::uint64_t least = std::uint64_t{si.endIndex} + 1 + drawEdgy({0}, 0, 40);
    return static_cast<std::uint32_t>(ub ? alignUp(least, c0) : least);
  };
  p.srcShape[0] = shape0(p.srcSliceInfo[0], ubSrc);
  p.dstShape[0] = shape0(p.dstSliceInfo[0], !ubSrc);
  std::uint64_t srcPitch = p.srcShape[0], dstPitch = p.dstShape[0];
  // SLICE-4 (revised): dimension 1 of the destination may select more indices than the source's; the extra offset
  // entries are never written. One draw before the loop, so the per-dimension draws shrink as before.
  const std::uint64_t extraDstPicks = drawEdgy({0}, 0, 2);
  for (std::size_t dim = 1; dim < p.dimValue; ++dim) {
    const auto burst = static_cast<std::uint32_t>(drawEdgy({1}, 1, 3));  // AMB-5: moves nothing, equal both sides
    const std::uint64_t picks = drawEdgy({1, 2}, 1, 3);
    SliceInfo src = drawSliceOuter(picks, burst);
    SliceInfo dst = drawSliceOuter(picks + (dim == 1 ? extraDstPicks : 0), burst);
    auto shape = [](const SliceInfo& si) { return static_cast<std::uint32_t>(si.endIndex + 1 + drawEdgy({0}, 0, 2)); };
    std::uint32_t srcShape = shape(src), dstShape = shape(dst);
    if (srcPitch * srcShape > sliceElementBudget() || dstPitch * dstShape > sliceElementBudget()) {
      src = dst = {0, 0, 0, burst};  // a trivial dimension: one index of a size-1 dimension
      srcShape = dstShape = 1;
    }
    p.srcSliceInfo[dim] = src;
    p.dstSliceInfo[dim] = dst;
    p.srcShape[dim] = srcShape;
    p.dstShape[dim] = dstShape;
    srcPitch *= srcShape;
    dstPitch *= dstShape;
  }
  widenSlice(c, p, ubSrc);
  c.params = p;
  return finish(c, scope);
}

// ---- DN2NZ-1..4 ------------------------------------------------------------------------------------------------------

namespace {

// A 64-bit stride field far beyond 2^32; drawn only where the field multiplies a zero index (DN2NZ-2's full widths).
std::uint64_t drawHugeStride() {
  constexpr std::uint64_t kLo = std::uint64_t{1} << 32;
  return drawEdgy({kLo, std::numeric_limits<std::uint64_t>::max(), std::uint64_t{1} << 40}, kLo,
                  std::numeric_limits<std::uint64_t>::max());
}

}  // namespace

// Every DN2NZ-4 dtype (the fp4x2 pairs are bytes: ND2NZ-5), the d tail, several matrices, the small-C0 mode with
// dValue <= 4 (DN2NZ-3) under either AMB-7 reading, and the 64-bit fields at sizes only where they multiply 0.
GeneratedCase drawDn2Nz(const Scope& scope) {
  const PathPair path = drawPath(Operation::dn2nz, scope);
  Case c = makeCase(Api::DataCopy, path.src, path.dst, Dn2NzParams{});
  drawProductAndDType(c, Operation::dn2nz, scope);
  // the profile first: which enableSmallC0 value selects the small-C0 mode depends on AMB-7
  if (scope.profile) {
    c.profile = *scope.profile;
  } else {
    c.profile.smallC0Polarity = drawOneOf(Profile::SmallC0Polarity::basicApiPage, Profile::SmallC0Polarity::cApiPage);
  }
  const std::uint64_t s = sizeBytes(c.dtype);
  const std::uint64_t c0 = kDataBlockBytes / s;
  const bool small = drawOneIn(4);
  Dn2NzParams p;
  p.dnNum = static_cast<std::uint16_t>(drawEdgy({1, 2, 3}, 0, 4));
  p.nValue = static_cast<std::uint16_t>(drawEdgy({1, 16, 15, 17}, 0, 40));
  if (c.dtype == DType::fp4x2_e2m1_t || c.dtype == DType::fp4x2_e1m2_t) {  // DN2NZ-4: even nValue
    p.nValue = static_cast<std::uint16_t>(alignUp(p.nValue, 2));
  }
  p.dValue = static_cast<std::uint32_t>(small ? drawEdgy({1, 4, 2, 3}, 1, 4)
                                              : drawEdgy({c0, c0 - 1, c0 + 1, 1, 2 * c0}, 0, 3 * c0 + 3));
  p.enableSmallC0 = small != (c.profile.smallC0Polarity == Profile::SmallC0Polarity::cApiPage);  // AMB-7
  const bool huge = drawOneIn(6);
  // N is contiguous: a D stride of at least nValue keeps the source columns apart (overlapping reads are harmless)
  p.srcDValue = huge && p.dValue <= 1 ? drawHugeStride() : std::max<std::uint64_t>(1, p.nValue + drawEdgy({0, 1}, 0, 8));
  // one source matrix spans (dValue-1)*srcDValue + nValue elements (a huge srcDValue only multiplies 0)
  const std::uint64_t srcMatrixElems = p.dValue == 0 ? 0 : (std::uint64_t{p.dValue} - 1) * p.srcDValue + p.nValue;
  p.srcDnMatrixStride = huge && p.dnNum <= 1 ? drawHugeStride() : srcMatrixElems + drawEdgy({0}, 0, 16);
  const bool overlap = drawOverlap();
  p.dstNzNStride = static_cast<std::uint16_t>(drawEdgy({1, 2}, 1, 3));
  p.dstNzC0Stride = static_cast<std::uint16_t>(drawStrideFrom(std::uint64_t{p.nValue} * p.dstNzNStride, overlap, 1, 16));
  const std::uint64_t rowElems = small ? 4 : c0;
  const std::uint64_t matrixElems =
      p.nValue == 0 ? 0
      : small       ? alignUp(((std::uint64_t{p.nValue} - 1) * p.dstNzNStride + 1) * rowElems * s, kDataBlockBytes) / s
                    : (std::uint64_t{p.dValue} + c0 - 1) / c0 * p.dstNzC0Stride * c0;
  const bool zeroOk = c.profile.nd2nzZeroMatrixStride == Profile::Nd2NzZeroMatrixStride::acceptWhenSingle;  // AMB-6
  // both strides are drawn either way: a fixed number of draws, so shrinking dnNum or huge keeps the others in place
  // (an overlap within one 32-byte block is no overlap once aligned up below)
  const std::uint64_t single = drawEdgy({zeroOk ? 0 : c0, c0}, 1, 64);
  const std::uint64_t several = drawStrideFrom(matrixElems, overlap && matrixElems > c0, 1, 64);
  const std::uint64_t hugeSingle = std::numeric_limits<std::uint32_t>::max() / c0 * c0;
  std::uint64_t matrixStride = p.dnNum > 1 ? several : huge ? hugeSingle : single;
  // DN2NZ-2: dstNzMatrixStride*sizeof(T) is whole 32-byte blocks
  if (matrixStride != 0) matrixStride = alignUp(matrixStride, c0);
  p.dstNzMatrixStride = static_cast<std::uint32_t>(matrixStride);
  c.params = p;
  widenSometimes(c, Operation::dn2nz);
  return finish(c, scope);
}

// ---- ENH-1, ENH-3 --------------------------------------------------------------------------------------------------

namespace {

// An enhanced DataCopy case of the operation (DataCopyParams + DataCopyEnhancedParams) with path, product and dtype.
Case drawEnhancedSkeleton(Operation operation, const Scope& scope) {
  const PathPair path = drawPath(operation, scope);
  Case c = makeCase(Api::DataCopy, path.src, path.dst, DataCopyParams{});
  c.enhancedParams = DataCopyEnhancedParams{};
  drawProductAndDType(c, operation, scope);
  return c;
}

// A FIX-5 parameter (ENH-4): a scale from a few exact values (1.0 first) with the ignored low 13 bits sometimes set,
// then N, MCB, the 9-bit offset and the sign bit, each shrinking to 0; now and then a negative scale sign-extended to
// 64 bits (AMB-12).
std::uint64_t drawDeqParam() {
  std::uint64_t q = drawOneOf<std::uint64_t>(0x3F800000, 0x3F000000, 0x40000000, 0x3E800000, 0xBF800000, 0x3FC00000,
                                             0x3DCCCCCD, 0x00000000, 0x7F800000);
  q |= drawEdgy({0}, 0, 0x1FFF);
  q |= drawEdgy({0}, 0, 15) << 32;
  q |= std::uint64_t{drawBool()} << 36;
  q |= drawEdgy({0, 5, 255, 256, 511}, 0, 511) << 37;
  q |= std::uint64_t{drawBool()} << 46;
  if (drawEdgy({0}, 0, 7) == 7) q = 0xFFFFFFFF80000000ull | (q & 0x7FFFFFFF);
  return q;
}

// ENH-2 table 5: a deqScale producing the drawn T (DEQ_NONE first where T allows it, so shrinking drops the
// conversion), its source type U, deqValue or the V* tensor (16 entries, or 16 per burst; sometimes all equal),
// and for DEQ8/VDEQ8 a store mode (3, 0 or 1: ENH-3).
void drawConversion(Case& c, const Scope& scope) {
  DataCopyEnhancedParams& e = *c.enhancedParams;
  std::vector<DeqScale> modes{DeqScale::none};
  if (c.dtype == DType::half) modes = {DeqScale::none, DeqScale::deq, DeqScale::deq16, DeqScale::vdeq, DeqScale::vdeq16};
  if (c.dtype == DType::int16_t) modes = {DeqScale::none, DeqScale::deq16, DeqScale::vdeq16};
  if (c.dtype == DType::int8_t || c.dtype == DType::uint8_t) modes = {DeqScale::deq8, DeqScale::vdeq8};
  e.deqScale = drawElement(modes);
  if (e.deqScale == DeqScale::none) return;
  e.srcDType = e.deqScale == DeqScale::deq && drawBool() ? DType::half : DType::int32_t;
  e.deqValue = drawDeqParam();
  if (e.deqScale == DeqScale::deq8 || e.deqScale == DeqScale::vdeq8) {
    e.sidStoreMode = drawOneOf<std::uint8_t>(3, 0, 1);
  }
  if (e.deqScale != DeqScale::vdeq && e.deqScale != DeqScale::vdeq8 && e.deqScale != DeqScale::vdeq16) return;
  if (e.blockMode == BlockMode::smallChannel) e.blockMode = BlockMode::matrix;  // ENH-4: V* not modelled there
  const bool advance = scope.profile && scope.profile->vdeqTensorStep == Profile::VdeqTensorStep::advance;
  const std::uint64_t bursts = std::get<DataCopyParams>(c.params).blockCount;
  e.deqTensor.resize(advance || drawBool() ? 16 * std::max<std::uint64_t>(bursts, 1) : 16);
  const bool equalColumns = !drawBool();  // shrinks toward equal columns: one parameter reads better
  const std::uint64_t first = drawDeqParam();
  for (std::uint64_t& q : e.deqTensor) q = equalColumns ? first : drawDeqParam();
}

// Whole ranges (docs/coverage.md), once the block mode is final (a V* conversion moves SMALL_CHANNEL to MATRIX): a
// wide blockLen is one burst and a wide blockCount has one-block bursts (a MATRIX fractal of int32 is 1 KiB), and a V* tensor of 16 entries per burst keeps its
// first entry for the bursts a wide blockCount adds (no thousands of distinct draws).
void widenCo1ToCo2(Case& c, const Scope& scope) {
  widenSometimes(c, Operation::enhancedCo1ToCo2);
  auto& p = std::get<DataCopyParams>(c.params);
  if (p.blockLen > 2) p.blockCount = 1;
  if (p.blockCount > 2) p.blockLen = 1;  // 4095 MATRIX fractals of int32 are already 4 MiB
  std::vector<std::uint64_t>& tensor = c.enhancedParams->deqTensor;
  const bool advance = scope.profile && scope.profile->vdeqTensorStep == Profile::VdeqTensorStep::advance;
  if (tensor.size() > 16 || (advance && !tensor.empty())) tensor.resize(16 * std::max<std::size_t>(p.blockCount, 1), tensor.front());
}

}  // namespace

// BLOCK_MODE_NORMAL on the normal DataCopy paths: DC-1 blocks; deqValue, sidStoreMode and padValue are fields NORMAL
// does not read, so they shrink to 0 but are sometimes set.
GeneratedCase drawEnhancedNormal(const Scope& scope) {
  Case c = drawEnhancedSkeleton(Operation::enhancedNormal, scope);
  c.params = drawDataCopyBlocks();
  widenSometimes(c, Operation::enhancedNormal);
  constexpr std::uint64_t kAll = std::numeric_limits<std::uint64_t>::max();
  c.enhancedParams->deqValue = drawEdgy({0}, 0, kAll);
  c.enhancedParams->sidStoreMode = static_cast<std::uint8_t>(drawEdgy({0}, 0, 3));
  c.enhancedParams->padValue = drawEdgy({0}, 0, kAll);
  return finish(c, scope);
}

// CO1->CO2 with MATRIX, VECTOR or SMALL_CHANNEL blocks, isRelu on or off, and a deqScale conversion where T has one
// (ENH-2..4, drawConversion).
GeneratedCase drawEnhancedCo1ToCo2(const Scope& scope) {
  Case c = drawEnhancedSkeleton(Operation::enhancedCo1ToCo2, scope);
  DataCopyParams p;
  p.blockCount = static_cast<std::uint16_t>(drawEdgy({1, 2, 3}, 1, 6));
  p.blockLen = static_cast<std::uint16_t>(drawEdgy({1, 2}, 1, 4));
  p.srcStride = static_cast<std::uint16_t>(drawEdgy({0, 1}, 0, 3));
  p.dstStride = static_cast<std::uint16_t>(drawEdgy({0, 1}, 0, 20));
  c.params = p;
  c.enhancedParams->blockMode = drawOneOf(BlockMode::matrix, BlockMode::vector, BlockMode::smallChannel);
  c.enhancedParams->isRelu = drawBool();
  drawConversion(c, scope);
  widenCo1ToCo2(c, scope);
  GeneratedCase generated = finish(c, scope);
  plantConversionSources(generated.data, generated.data.c.enhancedParams->srcDType.value_or(generated.data.c.dtype));
  return generated;
}

}  // namespace dcconf::properties::detail
