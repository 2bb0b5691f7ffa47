// Fast backend: the Ascend 950 multi-dimensional DataCopy GM->VECIN through the NDDMA (SEMANTICS section 2d,
// NDDMA-1..4, project). Written from the clauses: the padded box of each dimension is filled outermost first; a row
// of dimension 0 copies its data run with one memcpy when both innermost strides are 1 and fills its pads by value.
#include <algorithm>
#include <array>
#include <cstring>
#include <string>

#include "fast_common.hpp"

namespace dcconf::backends::fast {
namespace {

using oracle::NdDmaParams;

std::string at(const char* name, std::size_t i) { return "params." + std::string(name) + "[" + std::to_string(i) + "]"; }

struct Geometry {
  std::size_t dims = 1;
  std::array<std::uint64_t, oracle::kMaxNdDmaDims> extent{};  // lp + size + rp
};

// Writes the rows of dimension `level` and below. srcIndex: per dimension the clamped source index so far (NDDMA-3's
// nearest element; the data element when no dimension is in a pad); inPad: some outer dimension is in a pad.
class Filler {
 public:
  Filler(const NdDmaParams& p, const Geometry& g, std::uint64_t s, const std::uint8_t* src, std::uint8_t* dst)
      : p_(p), g_(g), s_(s), src_(src), dst_(dst) {}

  void fill(std::size_t level, std::uint64_t srcElement, std::uint64_t dstElement, bool inPad) {
    if (level == 0) return row(srcElement, dstElement, inPad);
    const std::uint64_t lp = p_.loopLpSize[level];
    for (std::uint64_t k = 0; k < g_.extent[level]; ++k) {
      const bool pad = k < lp || k - lp >= p_.loopSize[level];
      const std::uint64_t j = k < lp ? 0 : std::min<std::uint64_t>(k - lp, p_.loopSize[level] - 1);
      fill(level - 1, srcElement + j * p_.loopSrcStride[level], dstElement + k * p_.loopDstStride[level], inPad || pad);
    }
  }

 private:
  void element(std::uint64_t dstElement, const std::uint8_t* value) { std::memcpy(dst_ + dstElement * s_, value, s_); }

  void row(std::uint64_t srcElement, std::uint64_t dstElement, bool inPad) {
    const std::uint64_t lp = p_.loopLpSize[0];
    const std::uint64_t n = p_.loopSize[0];
    const std::uint64_t srcStride = p_.loopSrcStride[0];
    const std::uint64_t dstStride = p_.loopDstStride[0];
    std::uint8_t constant[8];
    std::memcpy(constant, &p_.constantValue, sizeof constant);  // little-endian: the low s bytes are T's
    const bool nearest = p_.isNearestValueMode;
    const std::uint8_t* first = src_ + srcElement * s_;
    const std::uint8_t* last = src_ + (srcElement + (n - 1) * srcStride) * s_;
    for (std::uint64_t k = 0; k < lp; ++k) element(dstElement + k * dstStride, nearest ? first : constant);
    const std::uint64_t dataStart = dstElement + lp * dstStride;
    if (inPad && !nearest) {
      for (std::uint64_t k = 0; k < n; ++k) element(dataStart + k * dstStride, constant);
    } else if (srcStride == 1 && dstStride == 1) {
      std::memcpy(dst_ + dataStart * s_, first, n * s_);
    } else {
      for (std::uint64_t k = 0; k < n; ++k) element(dataStart + k * dstStride, src_ + (srcElement + k * srcStride) * s_);
    }
    const std::uint64_t rightStart = dataStart + n * dstStride;
    for (std::uint64_t k = 0; k < p_.loopRpSize[0]; ++k) element(rightStart + k * dstStride, nearest ? last : constant);
  }

  const NdDmaParams& p_;
  const Geometry& g_;
  std::uint64_t s_;
  const std::uint8_t* src_;
  std::uint8_t* dst_;
};

}  // namespace

RunResult runNdDma(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) {
  const auto& p = std::get<NdDmaParams>(c.params);
  const std::uint64_t s = oracle::sizeBytes(c.dtype);
  const bool b64 = s == 8;
  const bool halved = b64 && c.profile.ndDmaB64Stride == oracle::Profile::NdDmaB64Stride::reject;  // AMB-35
  Checker check;
  check.range("NDDMA-2", "params.dim", p.dim, 1, oracle::kMaxNdDmaDims);
  if (check.failed()) return check.rejection();
  Geometry g;
  g.dims = p.dim;
  constexpr std::uint64_t kTwo20 = std::uint64_t{1} << 20;
  constexpr std::uint64_t kTwo40 = std::uint64_t{1} << 40;
  const bool zeroSizeNoop = c.profile.ndDmaZeroSize == oracle::Profile::NdDmaZeroSize::noop;  // AMB-37
  for (std::size_t i = 0; i < g.dims; ++i) {
    check.range("NDDMA-2", at("loopSize", i), p.loopSize[i], zeroSizeNoop ? 0 : 1, kTwo20 - 1,
                " (AMB-37: the page's range; profile nddma-size0-noop accepts 0)");
    // AMB-35: an 8-byte T runs as 4-byte copies with doubled strides, so its limits are half the page's (by default)
    check.range(halved ? "AMB-35" : "NDDMA-2", at("loopSrcStride", i), p.loopSrcStride[i], 0,
                (halved ? kTwo40 / 2 : kTwo40) - 1);
    check.range(halved ? "AMB-35" : "NDDMA-2", at("loopDstStride", i), p.loopDstStride[i], 0,
                (halved ? kTwo20 / 2 : kTwo20) - 1);
    g.extent[i] = std::uint64_t{p.loopLpSize[i]} + p.loopSize[i] + p.loopRpSize[i];
  }
  check.require(!b64 || !p.isNearestValueMode, "NDDMA-2", "params.isNearestValueMode", 1, "b64 takes the constant mode only");
  check.require(!b64 || p.constantValue == 0, "NDDMA-2", "params.constantValue", p.constantValue, "b64 pads with 0 only");
  if (check.failed()) return check.rejection();
  // AMB-35 (nddma-b64-wrap): the 4-byte copies' stride fields cut the doubled strides to 20 / 40 bits, so an 8-byte
  // T's strides act modulo 2^19 / 2^39 elements from here on
  NdDmaParams run = p;
  for (std::size_t i = 0; b64 && !halved && i < oracle::kMaxNdDmaDims; ++i) {
    run.loopDstStride[i] %= static_cast<std::uint32_t>(kTwo20 / 2);
    run.loopSrcStride[i] %= kTwo40 / 2;
  }
  if (std::any_of(p.loopSize.begin(), p.loopSize.begin() + g.dims, [](std::uint32_t n) { return n == 0; })) {
    check.buffers(c, 0, 0);  // AMB-37 (nddma-size0-noop): nothing read, nothing written
    return check.failed() ? check.rejection() : RunResult{};
  }
  // NDDMA-2: each side's address span, pads included; G-1/G-2 spans: the padded box / the data box
  std::uint64_t srcPadded = 1, dstBox = 1, srcBox = 1;
  for (std::size_t i = 0; i < g.dims; ++i) {
    srcPadded = oracle::satAdd(srcPadded, oracle::satMul(g.extent[i] - 1, run.loopSrcStride[i]));
    dstBox = oracle::satAdd(dstBox, oracle::satMul(g.extent[i] - 1, run.loopDstStride[i]));
    srcBox = oracle::satAdd(srcBox, oracle::satMul(run.loopSize[i] - 1, run.loopSrcStride[i]));
  }
  check.require(oracle::satMul(srcPadded, s) <= kTwo40, "NDDMA-2", "params.loopSrcStride", oracle::satMul(srcPadded, s),
                "source span above 2^40 bytes");
  check.require(oracle::satMul(dstBox, s) <= kTwo40, "NDDMA-2", "params.loopDstStride", oracle::satMul(dstBox, s),
                "destination span above 2^40 bytes");
  // NDDMA-4 (AMB-36): ascending strides over the repeating dimensions must each clear the span below them, unless
  // the profile is nddma-interleave-any (a doubly written element is then ANY: whichever write lands last)
  std::uint64_t previousStride = 0, below = 1;
  bool ascending = true, first = true;
  for (std::size_t i = 0; i < g.dims; ++i) {
    if (g.extent[i] <= 1) continue;
    if (!first && run.loopDstStride[i] < previousStride) ascending = false;
    previousStride = run.loopDstStride[i];
    first = false;
  }
  first = true;
  const bool interleaveRejected = c.profile.ndDmaInterleave == oracle::Profile::NdDmaInterleave::reject;
  for (std::size_t i = 0; ascending && interleaveRejected && i < g.dims; ++i) {
    if (g.extent[i] <= 1) continue;
    check.require(first || run.loopDstStride[i] >= below, "NDDMA-4", at("loopDstStride", i), run.loopDstStride[i],
                  "ascending strides must clear the span of the dimensions below (AMB-36: nddma-interleave-any "
                  "accepts)");
    if (check.failed()) break;
    below = oracle::satAdd(below, oracle::satMul(g.extent[i] - 1, run.loopDstStride[i]));
    first = false;
  }
  if (check.failed()) return check.rejection();
  check.buffers(c, oracle::satMul(srcBox, s), oracle::satMul(dstBox, s));
  if (check.failed()) return check.rejection();
  const auto [base, out] = operandsOf(c, src, dst);
  Filler(run, g, s, base, out).fill(g.dims - 1, 0, 0, false);
  return {};
}

}  // namespace dcconf::backends::fast
