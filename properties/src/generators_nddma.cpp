// NDDMA (project): valid multi-dimensional DataCopy GM->VECIN cases of the Ascend 950.
// Small boxes by default (at most a few thousand elements); now and then one field of one read dimension drawn over
// its whole documented range (docs/coverage.md) with the others set so the case stays cheap and valid: a huge source
// stride only over a size-1 dimension, a huge destination stride only over an unpadded size-1 dimension, the
// largest loopSize and the widest pads only as a line (every other dimension one unpadded element).
#include <algorithm>
#include <array>

#include "draw.hpp"

namespace dcconf::properties::detail {
namespace {

using oracle::NdDmaParams;

constexpr std::uint64_t kSizeMax = (std::uint64_t{1} << 20) - 1;       // NDDMA-2
constexpr std::uint64_t kDstStrideMax = (std::uint64_t{1} << 20) - 1;  // NDDMA-2
constexpr std::uint64_t kSrcStrideMax = (std::uint64_t{1} << 40) - 1;  // NDDMA-2
constexpr std::uint32_t kWideOneIn = 3;  // cases drawn with one field whole (docs/coverage.md)

std::uint64_t extentOf(const NdDmaParams& p, std::size_t i) {
  return std::uint64_t{p.loopLpSize[i]} + p.loopSize[i] + p.loopRpSize[i];
}

// NDDMA-4: over the repeating dimensions, ascending strides must clear the span below; a packed box in any dimension
// order always does (each stride is the product of the extents placed before it).
void packDestination(NdDmaParams& p, const std::array<std::size_t, 5>& order, std::uint64_t firstPitch) {
  std::uint64_t pitch = firstPitch;
  for (std::size_t j = 0; j < p.dim; ++j) {
    const std::size_t i = order[j];
    p.loopDstStride[i] = static_cast<std::uint32_t>(pitch);
    pitch *= extentOf(p, i);
  }
}

// A whole-range draw for the coverage gate: half the time one of its four boundaries (each dimension's rows get a
// fifth of the wide draws, so drawEdgy's 2-in-5 share of edges alone would miss some), else drawEdgy's mix.
std::uint64_t drawWhole(std::uint64_t lo, std::uint64_t top) {
  const std::vector<std::uint64_t> edges{top, top - 1, lo, lo + 1};
  return drawOneIn(2) ? drawElement(edges) : drawEdgy(edges, lo, top);
}

// Grows the case to read dimension w; the dimensions it adds hold one unpadded element (E_i = 1: no span, NDDMA-4
// skips them).
void readUpTo(NdDmaParams& p, std::size_t w) {
  for (std::size_t i = p.dim; i <= w; ++i) {
    p.loopSize[i] = 1;
    p.loopLpSize[i] = p.loopRpSize[i] = 0;
    p.loopSrcStride[i] = p.loopDstStride[i] = 0;
  }
  p.dim = static_cast<std::uint8_t>(std::max<std::size_t>(p.dim, w + 1));
}

// Every read dimension but w one unpadded element (strides 0: E_i = 1 repeats nothing, NDDMA-2's span and NDDMA-4
// skip it); w moves unit strides, so the case is one line along dimension w.
void lineAlong(NdDmaParams& p, std::size_t w) {
  for (std::size_t i = 0; i < p.dim; ++i) {
    p.loopSize[i] = 1;
    p.loopLpSize[i] = p.loopRpSize[i] = 0;
    p.loopSrcStride[i] = p.loopDstStride[i] = 0;
  }
  p.loopSrcStride[w] = p.loopDstStride[w] = 1;
}

}  // namespace

GeneratedCase drawNdDma(const Scope& scope) {
  const oracle::PathPair path = drawPath(oracle::Operation::nddma, scope);
  oracle::Case c = makeCase(oracle::Api::DataCopy, path.src, path.dst, NdDmaParams{});
  drawProductAndDType(c, oracle::Operation::nddma, scope);
  const bool b64 = oracle::sizeBytes(c.dtype) == 8;
  const oracle::Profile profile = scope.profile.value_or(oracle::Profile{});  // the accepting words draw more
  const bool halved = b64 && profile.ndDmaB64Stride == oracle::Profile::NdDmaB64Stride::reject;  // AMB-35's limits
  NdDmaParams p;
  p.dim = static_cast<std::uint8_t>(drawEdgy({1, 2, 5}, 1, 5));
  std::uint64_t elements = 1;
  std::uint64_t packedSrc = 1;  // a source stride that packs the dimensions below: contiguous reads
  for (std::size_t i = 0; i < p.dim; ++i) {
    const std::uint64_t budget = std::max<std::uint64_t>(1, 4096 / elements / 4);
    // dimension 0 reaches 64 elements, so an int8_t row reads whole 32-byte blocks (the special-data classes)
    p.loopSize[i] = static_cast<std::uint32_t>(std::min<std::uint64_t>(budget, i == 0 ? drawEdgy({1, 2, 3, 256}, 1, 300)
                                                                                      : drawEdgy({1, 2, 3}, 1, 24)));
    const bool padded = drawOneIn(2);
    const std::uint64_t padMax = std::min<std::uint64_t>(255, budget);
    p.loopLpSize[i] = static_cast<std::uint8_t>(padded ? drawEdgy({1, padMax}, 0, std::min<std::uint64_t>(padMax, 6)) : 0);
    p.loopRpSize[i] = static_cast<std::uint8_t>(padded ? drawEdgy({1, padMax}, 0, std::min<std::uint64_t>(padMax, 6)) : 0);
    elements *= extentOf(p, i);
    p.loopSrcStride[i] = drawEdgy({packedSrc, 0, 1}, 0, 64);
    packedSrc *= p.loopSize[i];
  }
  std::array<std::size_t, 5> order{0, 1, 2, 3, 4};
  if (drawOneIn(3)) {  // a transposed destination (scenario 3): the dimensions packed in a drawn order
    for (std::size_t i = p.dim; i > 1; --i) std::swap(order[i - 1], order[drawIndex(i)]);
  }
  packDestination(p, order, drawEdgy({1, 2}, 1, 3));
  if (drawOneIn(8)) {  // overlapping: strictly descending strides are never ascending, so the collision rule applies
    const std::uint64_t base = drawEdgy({0, 1}, 0, 3);
    const std::uint64_t step = 1 + drawEdgy({0}, 0, 8);
    for (std::size_t i = 0; i < p.dim; ++i) p.loopDstStride[i] = static_cast<std::uint32_t>(base + (p.dim - 1 - i) * step);
  }
  // AMB-36 (project): under a scope that pins nddma-interleave-any, one case in six takes the ascending strides 1, 2,
  // 3, ..., which interleave wherever a dimension's padded row is longer than the next stride (ANY where tuples meet)
  if (profile.ndDmaInterleave == oracle::Profile::NdDmaInterleave::any && drawOneIn(6)) {
    for (std::size_t i = 0; i < p.dim; ++i) p.loopDstStride[i] = static_cast<std::uint32_t>(i + 1);
  }
  // one field of one dimension w over its whole range, one case in kWideOneIn; w drawn first (the case grows to
  // read it), so each dimension's rows (counted only where dim > w) get an equal share
  const std::size_t w = drawIndex(oracle::kMaxNdDmaDims);
  switch (drawOneIn(kWideOneIn) ? drawIndex(5) : 5) {
    case 0:  // the longest line
      readUpTo(p, w);
      lineAlong(p, w);
      p.loopSize[w] = static_cast<std::uint32_t>(drawWhole(1, kSizeMax));
      break;
    case 1: {  // any source stride over an unpadded size-1 dimension (it multiplies index 0); AMB-35 for b64
      readUpTo(p, w);
      p.loopSize[w] = 1;
      p.loopLpSize[w] = p.loopRpSize[w] = 0;  // NDDMA-2's span counts pads times the stride
      p.loopSrcStride[w] = drawWhole(0, halved ? kSrcStrideMax / 2 : kSrcStrideMax);
      break;
    }
    case 2: {  // any destination stride over an unpadded size-1 dimension
      readUpTo(p, w);
      p.loopSize[w] = 1;
      p.loopLpSize[w] = p.loopRpSize[w] = 0;
      std::array<std::size_t, 5> othersFirst{};  // the others packed from 1, w last: it repeats nothing
      std::size_t j = 0;
      for (std::size_t i = 0; i < 5; ++i) {
        if (i != w) othersFirst[j++] = i;
      }
      othersFirst[4] = w;
      packDestination(p, othersFirst, 1);
      p.loopDstStride[w] = static_cast<std::uint32_t>(drawWhole(0, halved ? kDstStrideMax / 2 : kDstStrideMax));
      break;
    }
    case 3:  // the widest pads along one line
    case 4:
      readUpTo(p, w);
      lineAlong(p, w);
      p.loopSize[w] = static_cast<std::uint32_t>(drawEdgy({1, 2}, 1, 64));
      p.loopLpSize[w] = static_cast<std::uint8_t>(drawWhole(0, 255));
      p.loopRpSize[w] = static_cast<std::uint8_t>(drawWhole(0, 255));
      break;
    default: break;
  }
  // AMB-35 (project): under a scope that pins nddma-b64-wrap, one b64 case in three moves a read dimension's strides up
  // by the b64 fields' reach (2^19, 2^39 elements), where the page's ranges hold them: the cut takes them back
  if (b64 && !halved && drawOneIn(3)) {
    const std::size_t i = drawIndex(p.dim);
    if (p.loopDstStride[i] <= kDstStrideMax / 2) p.loopDstStride[i] += static_cast<std::uint32_t>(kDstStrideMax / 2 + 1);
    if (p.loopSrcStride[i] <= kSrcStrideMax / 2) p.loopSrcStride[i] += kSrcStrideMax / 2 + 1;
  }
  // AMB-37 (project): under a scope that pins nddma-size0-noop, one case in six has a read dimension of size 0 (a
  // no-op); drawn only then, so the default's draws stay as they were
  if (profile.ndDmaZeroSize == oracle::Profile::NdDmaZeroSize::noop && drawOneIn(6)) p.loopSize[drawIndex(p.dim)] = 0;
  p.isNearestValueMode = !b64 && drawOneIn(2);            // NDDMA-2: b64 takes the constant mode
  // a T: raw bits within sizeof(T) bytes (the case file refuses wider ones)
  const std::uint64_t bitsOfT = oracle::sizeBytes(c.dtype) * 8;
  p.constantValue = b64 ? 0 : *rc::gen::arbitrary<std::uint64_t>() & ((std::uint64_t{1} << bitsOfT) - 1);
  c.params = p;
  return finish(c, scope);
}

}  // namespace dcconf::properties::detail
