// Whole-range draws (docs/coverage.md): some cases (n in 40 for a struct of n fields) aim one field of its parameter struct at the field's whole
// range (a boundary, or a value whose top bit is drawn uniformly over the field's width), and sets every other field
// to a small value that keeps the case cheap and the wide field observable: two blocks when the field is a stride,
// one block when it is a 2 MiB length. The ranges come from the coverage model, so draws and gate agree.
#include <algorithm>
#include <bit>
#include <variant>

#include "dcconf/properties/coverage.hpp"
#include "draw.hpp"

namespace dcconf::properties::detail {

using namespace dcconf::oracle;

std::uint64_t drawWhole(const FieldRange& range) {
  const std::uint64_t step = range.step, lo = range.docMin, hi = range.reachMax;
  const std::uint64_t boundary = drawElement(std::vector<std::uint64_t>{lo, lo + step, hi - step, hi});
  const int lowBit = std::countr_zero(step);
  const auto top = static_cast<int>(drawInRange(static_cast<std::uint64_t>(lowBit),
                                                static_cast<std::uint64_t>(std::bit_width(hi) - 1)));
  const std::uint64_t below = drawInRange(0, (std::uint64_t{1} << top) - 1);
  const std::uint64_t bits = ((std::uint64_t{1} << top) | below) / step * step;
  const bool atBoundary = drawWeightedBool(1, 1);  // every draw above is made either way: a fixed draw count
  return std::clamp(atBoundary ? boundary : bits, lo, hi);
}


namespace {

// Strides small and apart, one to four small blocks: the base every widened field starts from.
template <typename Blocks>
void smallBlocks(Blocks& p, std::uint64_t blockLenMax) {
  p.blockCount = 2;
  p.blockLen = static_cast<decltype(p.blockLen)>(drawInRange(1, blockLenMax));
  p.srcStride = static_cast<decltype(p.srcStride)>(drawInRange(0, 1));
  p.dstStride = static_cast<decltype(p.dstStride)>(drawInRange(0, 1));
}

// Block structs (DataCopyParams, DataCopyExtParams). A block length past 64 K units is one block.
template <typename Blocks>
void widenBlocks(Blocks& p, const std::vector<FieldRange>& ranges, std::size_t field, std::uint64_t blockLenMax) {
  smallBlocks(p, blockLenMax);
  const std::uint64_t v = drawWhole(ranges[field]);
  switch (field) {
    case 0: p.blockCount = static_cast<std::uint16_t>(v); break;
    case 1:
      p.blockLen = static_cast<decltype(p.blockLen)>(v);
      if (v > 0xFFFF / 4) p.blockCount = 1;
      break;
    case 2: p.srcStride = static_cast<decltype(p.srcStride)>(v); break;
    default: p.dstStride = static_cast<decltype(p.dstStride)>(v); break;
  }
}

void widenNd2Nz(Nd2NzParams& p, std::uint64_t c0, std::uint64_t v, std::size_t field) {
  p = {};
  p.ndNum = 1;
  p.nValue = 2;
  p.dValue = static_cast<std::uint16_t>(c0 + 1);  // two column blocks: dstNzC0Stride moves data
  p.srcDValue = p.dValue;
  p.srcNdMatrixStride = static_cast<std::uint16_t>(2 * p.srcDValue);
  p.dstNzNStride = 1;
  p.dstNzC0Stride = 2;
  p.dstNzMatrixStride = static_cast<std::uint16_t>(4 * c0);
  const auto u16 = static_cast<std::uint16_t>(v);
  switch (field) {
    case 0: p.ndNum = u16; p.nValue = 1; p.dValue = 1; break;
    case 1: p.nValue = u16; p.dValue = 1; p.srcDValue = 1; p.dstNzC0Stride = static_cast<std::uint16_t>(std::max<std::uint64_t>(1, v)); break;
    case 2: p.nValue = 1; p.dValue = u16; p.srcDValue = static_cast<std::uint16_t>(std::max<std::uint64_t>(1, v)); p.dstNzC0Stride = 1; break;
    case 3: p.ndNum = 2; p.nValue = 1; p.dValue = 1; p.srcNdMatrixStride = u16; break;
    case 4: p.dValue = 1; p.srcDValue = u16; break;
    case 5: p.nValue = 1; p.dstNzC0Stride = u16; p.dstNzMatrixStride = 1; p.ndNum = 1; break;
    case 6: p.dValue = static_cast<std::uint16_t>(c0 - 1); p.dstNzNStride = u16; p.dstNzC0Stride = 1; break;
    default: p.ndNum = 2; p.nValue = 1; p.dValue = 1; p.dstNzMatrixStride = u16; break;
  }
}

void widenNz2Nd(Nz2NdParamsFull& p, std::uint64_t v, std::size_t field) {
  p = {};
  p.ndNum = 1;
  p.nValue = 1;
  p.dValue = 16;
  p.srcNdMatrixStride = 1;
  p.srcNStride = 1;
  p.dstDStride = 16;
  p.dstNdMatrixStride = 16;
  const auto u16 = static_cast<std::uint16_t>(v);
  switch (field) {
    case 0: p.ndNum = u16; break;
    case 1: p.nValue = u16; p.srcNStride = static_cast<std::uint16_t>(std::min<std::uint64_t>(v, 4096)); break;
    case 2: p.dValue = u16; p.dstDStride = u16; p.dstNdMatrixStride = u16; break;
    case 3: p.ndNum = 2; p.srcNdMatrixStride = u16; break;
    case 4: p.dValue = 32; p.srcNStride = u16; p.dstDStride = 32; p.dstNdMatrixStride = 32; break;
    case 5: p.nValue = 2; p.dstDStride = u16; p.dstNdMatrixStride = static_cast<std::uint16_t>(std::min<std::uint64_t>(0xFFFF, 2 * v)); break;
    default: p.ndNum = 2; p.dstNdMatrixStride = u16; break;
  }
}

void widenDn2Nz(Dn2NzParams& p, std::uint64_t c0, bool enableSmallC0Off, std::uint64_t v, std::size_t field) {
  p = {};
  p.enableSmallC0 = enableSmallC0Off;  // the large-C0 mode (DN2NZ-3 small C0 needs dValue <= 4)
  p.dnNum = 1;
  p.nValue = 1;
  p.dValue = static_cast<std::uint32_t>(c0 + 1);
  p.srcDValue = 1;
  p.srcDnMatrixStride = p.dValue;
  p.dstNzNStride = 1;
  p.dstNzC0Stride = 1;
  p.dstNzMatrixStride = static_cast<std::uint32_t>(2 * c0);
  switch (field) {
    case 0: p.dnNum = static_cast<std::uint16_t>(v); p.dValue = 1; p.dstNzMatrixStride = static_cast<std::uint32_t>(c0); break;
    case 1: p.nValue = static_cast<std::uint16_t>(v); p.dValue = 1; p.srcDValue = std::max<std::uint64_t>(1, v); break;
    case 2: p.dValue = static_cast<std::uint32_t>(v); break;
    case 3: p.dnNum = 2; p.dValue = 1; p.srcDnMatrixStride = v; p.dstNzMatrixStride = static_cast<std::uint32_t>(c0); break;
    case 4: p.dValue = 2; p.srcDValue = v; break;
    case 5: p.dstNzC0Stride = static_cast<std::uint16_t>(v); break;
    case 6: p.nValue = 2; p.dValue = static_cast<std::uint32_t>(c0 - 1); p.dstNzNStride = static_cast<std::uint16_t>(v); break;
    default: p.dnNum = 2; p.dValue = 1; p.dstNzMatrixStride = static_cast<std::uint32_t>(v); break;
  }
}

}  // namespace

// A struct of n fields is widened in n cases of 40 (one in ten for the four DataCopyParams fields): every field gets
// about the same number of wide draws whatever its struct, enough for the gate at the default 100 cases.
void widenSometimes(Case& c, Operation operation) {
  const std::vector<FieldRange> ranges = fieldRanges(c, operation);
  // NZ2ND has only the 16- and 32-bit dtypes (NZ2ND-1), so half the cases of the others: twice the rate; CO1->CO2
  // splits its cases over three block modes, each gated on its own: 2.5 times the rate
  const std::size_t kWideWeight = operation == Operation::nz2nd ? 20 : operation == Operation::enhancedCo1ToCo2 ? 16 : 40;
  const std::size_t n = std::min(ranges.size(), kWideWeight / 2);
  if (!drawWeightedBool(kWideWeight - n, n) || ranges.empty()) return;
  const std::size_t field = drawIndex(ranges.size());
  const std::uint64_t c0 = kDataBlockBytes / sizeBytes(c.dtype);
  std::visit(
      [&](auto& p) {
        using P = std::decay_t<decltype(p)>;
        if constexpr (std::is_same_v<P, DataCopyParams>) {
          widenBlocks(p, ranges, field, operation == Operation::copy0Level || operation == Operation::enhancedNormal ||
                                          operation == Operation::enhancedCo1ToCo2
                                      ? 2
                                      : 64);
        } else if constexpr (std::is_same_v<P, DataCopyExtParams>) {
          widenBlocks(p, ranges, field, 64);
        } else if constexpr (std::is_same_v<P, CalCount>) {
          p.calCount = static_cast<std::uint32_t>(drawWhole(ranges[0]));
        } else if constexpr (std::is_same_v<P, Nd2NzParams>) {
          widenNd2Nz(p, c0, drawWhole(ranges[field]), field);
        } else if constexpr (std::is_same_v<P, Nz2NdParamsFull>) {
          widenNz2Nd(p, drawWhole(ranges[field]), field);
        } else if constexpr (std::is_same_v<P, Dn2NzParams>) {
          widenDn2Nz(p, c0, c.profile.smallC0Polarity == Profile::SmallC0Polarity::cApiPage,
                     drawWhole(ranges[field]), field);
        }
      },
      c.params);
}

}  // namespace dcconf::properties::detail

namespace dcconf::properties::detail {

// An invalid case's buffers grown to its as-if footprint (what an IUT executing it as if it were valid would touch),
// by at most kAsIfGrowthBytes each (damage next to the valid footprint shows in the first bytes), so such an IUT writes observable guard bytes (G-4). New bytes are seeded.
void growToAsIfFootprint(InvalidCase& invalid) {
  constexpr std::uint64_t kAsIfGrowthBytes = std::uint64_t{64} << 10;
  constexpr std::uint64_t kGuardBytes = 64;
  casefile::CaseData& data = invalid.data;
  // Every operation's extents are closed-form in its (broken) parameters, wrapping at 2^64 at worst (a count of 0 minus
  // one), which the cap absorbs. SLICE is the exception: its extents walk offset lists indexed by dimValue, which a
  // SLICE-4 breaker sets past the 8 SliceInfo entries, so an as-if SLICE extent does not exist.
  const auto operation = resolveOperation(data.c).operation;
  if (!operation || *operation == Operation::slice) return;
  const Extents e = extents(data.c);
  auto grow = [&](BufferSpec& buffer, std::vector<std::uint8_t>& bytes, std::uint64_t span, std::uint64_t seed) {
    const std::uint64_t want = std::min(buffer.offsetBytes + span + kGuardBytes, buffer.sizeBytes + kAsIfGrowthBytes);
    if (want <= buffer.sizeBytes) return;
    const std::vector<std::uint8_t> more = seededBytes(seed, want - buffer.sizeBytes);
    bytes.insert(bytes.end(), more.begin(), more.end());
    buffer.sizeBytes = want;
  };
  const auto seed = *rc::gen::arbitrary<std::uint32_t>();
  grow(data.c.src, data.src, e.srcSpanBytes, seed);
  grow(data.c.dst, data.dstBefore, e.dstSpanBytes, ~std::uint64_t{seed});
}

}  // namespace dcconf::properties::detail
