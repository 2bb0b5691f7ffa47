// =====================================================================================================================
// DataCopy GM -> VECIN through the NDDMA (NdDmaParams, Ascend 950)        SEMANTICS section 2d, clauses NDDMA-* (project)
// =====================================================================================================================
// s = sizeof(T); for i < dim: L_i = loopLpSize[i], N_i = loopSize[i], R_i = loopRpSize[i], E_i = L_i + N_i + R_i;
// strides loopSrcStride[i] / loopDstStride[i] in elements. Dimension 0 is the innermost loop.
// @post (NDDMA-3) for every tuple k with k_i < E_i, destination element sum k_i*loopDstStride[i] holds
//       - source element sum (k_i - L_i)*loopSrcStride[i] when every k_i is in [L_i, L_i + N_i) (region data);
//       - else the low s bytes of constantValue, or under isNearestValueMode the source element
//         sum clamp(k_i - L_i, 0, N_i - 1)*loopSrcStride[i] (region leftPad when some k_i < L_i, else rightPad).
// @post (NDDMA-4) a destination element two tuples write is ANY (region collision); nothing else is written (G-1).
// @post (AMB-36, profile nddma-interleave-any) ascending destination strides that interleave are accepted too: the
//       elements two tuples write are ANY by the same collision rule.
// @post the read footprint is sum j_i*loopSrcStride[i], j_i < N_i: 1 + sum (N_i - 1)*loopSrcStride[i] elements.
// Validation (G-4): NDDMA-2 ranges, the 2^40-byte spans, b64 constant mode with value 0, AMB-35 (b64 strides),
// AMB-36 (NDDMA-4's no-interleave rule for ascending strides), AMB-37 (loopSize 0).
// @post (AMB-35, profile nddma-b64-wrap) with an 8-byte T, loopDstStride and loopSrcStride take the page's ranges
//       (< 2^20, < 2^40) and act as loopDstStride mod 2^19 and loopSrcStride mod 2^39 in every rule above: the header
//       runs b64 as 4-byte copies whose 20-bit destination and 40-bit source stride fields take the doubled strides.
// @post (AMB-37, profile nddma-size0-noop) a loopSize of 0 in a read dimension: the call reads nothing and writes
//       nothing (every destination byte KEEP); the other fields keep their NDDMA-2 ranges.
#include <algorithm>
#include <array>
#include <string>

#include "paths.hpp"

namespace dcconf::oracle::detail {
namespace {

constexpr std::uint64_t kSizeLimit = std::uint64_t{1} << 20;       // NDDMA-2: loopSize < 2^20
constexpr std::uint64_t kDstStrideLimit = std::uint64_t{1} << 20;  // NDDMA-2: loopDstStride < 2^20
constexpr std::uint64_t kSrcStrideLimit = std::uint64_t{1} << 40;  // NDDMA-2: loopSrcStride < 2^40
constexpr std::uint64_t kSpanLimitBytes = std::uint64_t{1} << 40;  // NDDMA-2: one instruction's 40-bit address span

const NdDmaParams& paramsOf(const Case& c) { return std::get<NdDmaParams>(c.params); }

std::string field(const char* name, std::size_t i) { return "params." + std::string(name) + "[" + std::to_string(i) + "]"; }

// AMB-37 (nddma-size0-noop): a read dimension of loopSize 0 makes the whole call a no-op.
bool movesNothing(const NdDmaParams& p) {
  return std::any_of(p.loopSize.begin(), p.loopSize.begin() + std::min<std::size_t>(p.dim, kMaxNdDmaDims),
                     [](std::uint32_t n) { return n == 0; });
}

// E_i: the elements dimension i writes, pads included.
std::uint64_t extentOf(const NdDmaParams& p, std::size_t i) {
  return std::uint64_t{p.loopLpSize[i]} + p.loopSize[i] + p.loopRpSize[i];
}

// 1 + sum (count_i - 1) * stride_i, saturating: the elements a side spans.
template <class Count, class Stride>
std::uint64_t spanElements(const NdDmaParams& p, Count count, Stride stride) {
  std::uint64_t span = 1;
  for (std::size_t i = 0; i < p.dim; ++i) {
    if (count(i) == 0) return 0;
    span = satAdd(span, satMul(count(i) - 1, stride(i)));
  }
  return span;
}

// AMB-35 (nddma-b64-wrap): an 8-byte T runs as 4-byte copies whose stride fields hold 2*loopDstStride masked to 20
// bits and 2*loopSrcStride in the 40-bit field, so in elements of T the strides act modulo 2^19 and 2^39.
NdDmaParams effective(const Case& c) {
  NdDmaParams p = paramsOf(c);
  if (sizeBytes(c.dtype) == 8 && c.profile.ndDmaB64Stride == Profile::NdDmaB64Stride::wrap) {
    for (std::size_t i = 0; i < kMaxNdDmaDims; ++i) {
      p.loopDstStride[i] %= static_cast<std::uint32_t>(kDstStrideLimit / 2);
      p.loopSrcStride[i] %= kSrcStrideLimit / 2;
    }
  }
  return p;
}

std::vector<Violation> checkLayout(const Case& c, const NdDmaParams& p);

std::vector<Violation> check(const Case& c) {
  std::vector<Violation> out;
  const NdDmaParams& p = paramsOf(c);
  const std::uint64_t s = sizeBytes(c.dtype);
  const bool b64 = s == 8;
  const bool halved = b64 && c.profile.ndDmaB64Stride == Profile::NdDmaB64Stride::reject;  // AMB-35's default
  if (p.dim < 1 || p.dim > kMaxNdDmaDims) {
    out.push_back(violation("NDDMA-2", "params.dim", p.dim, "must be in [1, 5]"));
    return out;  // the per-dimension fields are not defined without a dimension count
  }
  // AMB-35 (project): with an 8-byte T the header doubles every stride into the 4-byte copy's fields; by default a
  // stride the field would cut is invalid, under nddma-b64-wrap the page's ranges hold and the cut applies (effective)
  const std::uint64_t dstLimit = halved ? kDstStrideLimit / 2 : kDstStrideLimit;
  const std::uint64_t srcLimit = halved ? kSrcStrideLimit / 2 : kSrcStrideLimit;
  for (std::size_t i = 0; i < p.dim; ++i) {
    if (p.loopSize[i] == 0) {
      if (c.profile.ndDmaZeroSize == Profile::NdDmaZeroSize::reject) {
        out.push_back(violation("NDDMA-2", field("loopSize", i), 0,
                                "must be in [1, 2^20) (AMB-37: the page's range; profile nddma-size0-noop accepts 0)"));
      }
    } else if (p.loopSize[i] >= kSizeLimit) {
      out.push_back(violation("NDDMA-2", field("loopSize", i), p.loopSize[i], "must be in [1, 2^20)"));
    }
    if (p.loopSrcStride[i] >= srcLimit) {
      out.push_back(violation(halved ? "AMB-35" : "NDDMA-2", field("loopSrcStride", i), p.loopSrcStride[i],
                              halved ? "must be below 2^39 with an 8-byte T (AMB-35: the header doubles it into 40 "
                                       "bits; profile nddma-b64-wrap accepts it, cut to the field)"
                                     : "must be below 2^40"));
    }
    if (p.loopDstStride[i] >= dstLimit) {
      out.push_back(violation(halved ? "AMB-35" : "NDDMA-2", field("loopDstStride", i), p.loopDstStride[i],
                              halved ? "must be below 2^19 with an 8-byte T (AMB-35: the header doubles it into 20 "
                                       "bits; profile nddma-b64-wrap accepts it, cut to the field)"
                                     : "must be below 2^20"));
    }
  }
  if (b64 && p.isNearestValueMode) {
    out.push_back(violation("NDDMA-2", "params.isNearestValueMode", 1,
                            "an 8-byte T supports the constant pad mode only (the 950 header's static assertion)"));
  }
  if (b64 && p.constantValue != 0) {
    out.push_back(violation("NDDMA-2", "params.constantValue", p.constantValue,
                            "an 8-byte T supports the constant pad value 0 only (the 950 header's assertion)"));
  }
  if (!out.empty() || movesNothing(p)) return out;  // AMB-37's no-op has no span and no overlap to judge
  return checkLayout(c, effective(c));
}

// NDDMA-2's spans and NDDMA-4 / AMB-36, on the strides the instruction runs (AMB-35's cut under nddma-b64-wrap).
std::vector<Violation> checkLayout(const Case& c, const NdDmaParams& p) {
  std::vector<Violation> out;
  const std::uint64_t s = sizeBytes(c.dtype);
  // NDDMA-2: the page's address span per side, pads included, in bytes
  const auto extent = [&](std::size_t i) { return extentOf(p, i); };
  const std::uint64_t srcSpan = satMul(spanElements(p, extent, [&](std::size_t i) { return p.loopSrcStride[i]; }), s);
  const std::uint64_t dstSpan =
      satMul(spanElements(p, extent, [&](std::size_t i) { return std::uint64_t{p.loopDstStride[i]}; }), s);
  if (srcSpan > kSpanLimitBytes) {
    out.push_back(violation("NDDMA-2", "params.loopSrcStride", srcSpan,
                            "the source's address span (pads included) must not exceed 2^40 bytes"));
  }
  if (dstSpan > kSpanLimitBytes) {
    out.push_back(violation("NDDMA-2", "params.loopDstStride", dstSpan,
                            "the destination's address span (pads included) must not exceed 2^40 bytes"));
  }
  // NDDMA-4 / AMB-36: over the dimensions that repeat, a non-decreasing stride sequence must not interleave
  std::vector<std::size_t> repeating;
  for (std::size_t i = 0; i < p.dim; ++i) {
    if (extentOf(p, i) > 1) repeating.push_back(i);
  }
  bool ascending = true;
  for (std::size_t j = 1; j < repeating.size(); ++j) {
    if (p.loopDstStride[repeating[j]] < p.loopDstStride[repeating[j - 1]]) ascending = false;
  }
  if (ascending && c.profile.ndDmaInterleave == Profile::NdDmaInterleave::reject) {
    std::uint64_t below = 1;  // the span of the repeating dimensions below, in elements
    for (std::size_t j = 0; j < repeating.size(); ++j) {
      const std::size_t i = repeating[j];
      if (j > 0 && p.loopDstStride[i] < below) {
        out.push_back(violation("NDDMA-4", field("loopDstStride", i), p.loopDstStride[i],
                                "with ascending destination strides a dimension's stride must be at least the span of "
                                "the dimensions below it (" + std::to_string(below) +
                                    " elements; AMB-36: profile nddma-interleave-any accepts, the doubly written "
                                    "elements ANY)"));
        break;
      }
      below = satAdd(below, satMul(extentOf(p, i) - 1, p.loopDstStride[i]));
    }
  }
  return out;
}

Extents extents(const Case& c) {
  const NdDmaParams p = effective(c);  // AMB-35
  const std::uint64_t s = sizeBytes(c.dtype);
  if (movesNothing(p)) return {0, 0};  // AMB-37 (nddma-size0-noop): no footprint on either side
  // G-2: pads read nothing, nearest pads read inside the data's box; G-1: every tuple's element
  const std::uint64_t src =
      spanElements(p, [&](std::size_t i) { return std::uint64_t{p.loopSize[i]}; },
                   [&](std::size_t i) { return p.loopSrcStride[i]; });
  const std::uint64_t dst =
      spanElements(p, [&](std::size_t i) { return extentOf(p, i); },
                   [&](std::size_t i) { return std::uint64_t{p.loopDstStride[i]}; });
  return {satMul(src, s), satMul(dst, s)};
}

void walk(const Case& c, WriteSink& sink) {
  const NdDmaParams p = effective(c);  // AMB-35
  const std::uint64_t s = sizeBytes(c.dtype);
  const std::size_t dims = p.dim;
  if (movesNothing(p)) return;  // AMB-37 (nddma-size0-noop): every destination byte KEEP
  // work.hpp: the walk writes every tuple's element once, pads included: refused at once when that passes the cap
  std::uint64_t elements = 1;
  std::string what;
  for (std::size_t i = 0; i < dims; ++i) {
    elements = satMul(elements, extentOf(p, i));
    what += (i ? " x " : "") + std::string("params.loopLpSize+loopSize+loopRpSize[") + std::to_string(i) + "] " +
            std::to_string(extentOf(p, i));
  }
  sink.expectWork(satMul(elements, s), what + " elements of " + std::to_string(s) + " bytes");
  ByteWriter out(sink);
  // k: the tuple, dimension 0 fastest (NDDMA-3); the walk ends when the outermost dimension wraps. Dimension 0 is
  // walked as its stretches of left pads, data and right pads: its data elements are source elements
  // (k_0 - L_0)*loopSrcStride[0] on from the outer dimensions' start, one block when both strides are 1.
  const std::uint64_t lp0 = p.loopLpSize[0];
  const std::uint64_t n0 = p.loopSize[0];
  const std::uint64_t dstStride0 = p.loopDstStride[0];
  const std::uint64_t srcStride0 = p.loopSrcStride[0];
  std::array<ByteSource, 8> constant;  // the low s bytes of constantValue
  for (std::uint64_t b = 0; b < s; ++b) constant[b] = ByteSource::fromLiteral(elementByte(p.constantValue, b));
  std::array<std::uint64_t, kMaxNdDmaDims> k{};
  while (true) {
    bool outerData = true;
    bool outerLeft = false;
    std::uint64_t dstBase = 0;  // destination element of k_0 = 0
    std::uint64_t srcBase = 0;  // source element of the data's first k_0 (clamped for a pad)
    for (std::size_t i = 1; i < dims; ++i) {
      dstBase += k[i] * p.loopDstStride[i];
      const std::uint64_t lp = p.loopLpSize[i];
      const std::uint64_t clamped = k[i] < lp ? 0 : std::min<std::uint64_t>(k[i] - lp, p.loopSize[i] - 1);
      if (k[i] < lp) outerLeft = true;
      if (k[i] < lp || k[i] - lp >= p.loopSize[i]) outerData = false;
      srcBase += clamped * p.loopSrcStride[i];
    }
    auto pad = [&](std::uint64_t k0, bool left) {  // a pad element: its nearest source element, or the constant
      const std::uint64_t dstElement = dstBase + k0 * dstStride0;
      const std::uint64_t srcElement = srcBase + (left ? 0 : std::min(k0 - lp0, n0 - 1)) * srcStride0;
      const Region region = left || outerLeft ? Region::leftPad : Region::rightPad;
      if (p.isNearestValueMode) return out.writeSourceRun(dstElement * s, srcElement * s, s, region);
      for (std::uint64_t b = 0; b < s; ++b) out.write(dstElement * s + b, constant[b], region);
    };
    for (std::uint64_t k0 = 0; k0 < lp0; ++k0) pad(k0, true);
    if (!outerData) {  // a pad row: every element of dimension 0 is a pad (nearest: clamped along dimension 0 too)
      for (std::uint64_t k0 = lp0; k0 < lp0 + n0; ++k0) pad(k0, false);
    } else if (dstStride0 == 1 && srcStride0 == 1) {
      out.writeSourceRun((dstBase + lp0) * s, srcBase * s, n0 * s, Region::data);
    } else {
      for (std::uint64_t j = 0; j < n0; ++j) {
        out.writeSourceRun((dstBase + (lp0 + j) * dstStride0) * s, (srcBase + j * srcStride0) * s, s, Region::data);
      }
    }
    for (std::uint64_t k0 = lp0 + n0; k0 < extentOf(p, 0); ++k0) pad(k0, false);
    std::size_t i = 1;
    while (i < dims && ++k[i] == extentOf(p, i)) k[i++] = 0;
    if (i >= dims) break;
  }
}

}  // namespace

const PathSemantics& nddmaSemantics() {
  static const PathSemantics semantics{check, extents, walk};
  return semantics;
}

}  // namespace dcconf::oracle::detail
