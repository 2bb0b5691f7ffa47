// Whole-range draws (docs/coverage.md): some cases (n in 40 for a struct of n fields) aim one field of its parameter struct at the field's whole
// range (a boundary, or a value whose top bit is drawn uniformly over the field's width), and sets every other field
// to a small value that keeps the case cheap and the wide field observable: two blocks when the field is a stride,
// one block when it is a 2 MiB length. The ranges come from the coverage model, so draws and gate agree.
#include <algorithm>
#include <bit>
#include <numeric>
#include <variant>

#include "dcconf/properties/coverage.hpp"
#include "draw.hpp"

namespace dcconf::properties::detail {

using namespace dcconf::oracle;

std::uint64_t drawWhole(const FieldRange& range) {
  const std::uint64_t step = range.step, lo = range.docMin, hi = range.reachMax;
  const std::uint64_t boundary = drawElement(std::vector<std::uint64_t>{lo, lo + step, hi - step, hi});
  const int lowBit = std::countr_zero(step);
  // a range whose one value is 0 (ND2NZUB's matrix strides, AMB-33) has no top bit: draw bit 0, clamped to 0 below
  const int topMax = std::max(lowBit, static_cast<int>(std::bit_width(hi)) - 1);
  const auto top = static_cast<int>(drawInRange(static_cast<std::uint64_t>(lowBit), static_cast<std::uint64_t>(topMax)));
  const std::uint64_t below = drawInRange(0, (std::uint64_t{1} << top) - 1);
  const std::uint64_t bits = ((std::uint64_t{1} << top) | below) / step * step;
  const bool atBoundary = drawWeightedBool(1, 1);  // every draw above is made either way: a fixed draw count
  return std::clamp(atBoundary ? boundary : bits, lo, hi);
}

std::uint64_t drawWholeUpper(const FieldRange& range) {
  const std::uint64_t bits = drawWhole(range);
  const std::uint64_t lo = range.docMin, hi = range.reachMax, step = range.step;
  const std::uint64_t boundary =
      std::vector<std::uint64_t>{lo, lo + step, hi - step, hi}[drawWeightedIndex({1, 1, 3, 3})];
  // a boundary is far from a small failing value: the value shrinks on its own, in steps, toward the minimum
  const std::uint64_t v = drawWeightedBool(1, 3) ? boundary : bits;
  return drawShrinkOnly(v / step, lo / step) * step;
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

// ND2NZ UB->L1 (ND2NZ-6/7): two rows of two whole column blocks, srcDValue == dValue, rows one block apart, column
// blocks nValue apart (every route's layout), then the wide field with the rest kept inside AMB-38's layouts (under
// nd2nzu2l1-page too): a wide nValue reads one column block; a wide dValue takes the rows that make
// nValue*dValue*s whole blocks; a wide srcDValue, dstNzNStride or (on the 950, where it must be nValue) a dstNzC0Stride
// past 4096 rows comes with one row or one column block, so a few of them only check the IUT still runs.
void widenNd2NzUbToL1(Nd2NzParams& p, std::uint64_t c0, std::uint64_t elementBytes, bool is950, std::uint64_t v,
                      std::size_t field) {
  p = {};
  p.ndNum = 1;
  p.nValue = 2;
  p.dValue = static_cast<std::uint16_t>(2 * c0);
  p.srcDValue = p.dValue;
  p.dstNzNStride = 1;
  p.dstNzC0Stride = 2;
  const auto u16 = static_cast<std::uint16_t>(v);
  switch (field) {
    case 0: p.ndNum = u16; break;
    case 1: p.nValue = u16; p.dValue = static_cast<std::uint16_t>(c0); p.srcDValue = p.dValue; p.dstNzC0Stride = u16; break;
    case 2: {
      const std::uint64_t rows = kDataBlockBytes / std::gcd(v * elementBytes, kDataBlockBytes);  // whole blocks
      p.nValue = static_cast<std::uint16_t>(rows);
      p.dValue = u16;
      p.srcDValue = u16;
      p.dstNzC0Stride = p.nValue;
      break;
    }
    case 3: p.srcNdMatrixStride = u16; break;
    case 4: p.nValue = 1; p.dValue = static_cast<std::uint16_t>(c0); p.srcDValue = u16; break;
    case 5:
      p.dstNzC0Stride = u16;
      if (is950) {
        p.nValue = u16;  // ND2NZ-7: the 950's column blocks lie nValue blocks apart
        if (v > 4096) p.dValue = static_cast<std::uint16_t>(c0);
      } else {
        p.nValue = 1;
      }
      p.srcDValue = p.dValue;
      break;
    case 6: p.dstNzNStride = u16; if (is950) p.nValue = 1; p.dValue = static_cast<std::uint16_t>(c0); p.srcDValue = p.dValue; break;
    default: p.dstNzMatrixStride = u16; break;
  }
}

// ND2NZUB under AMB-33's default: two rows of two column blocks (a tail one), then the wide field with the rest set
// inside the emulation's layouts: a wide nValue reads one column (srcDValue == dValue, 255-row calls), a wide
// dValue one row whose column blocks sit one row apart, a dstNzC0Stride past the 16-bit offset one column block.
void widenNd2NzGmToUb(Nd2NzParams& p, std::uint64_t c0, std::uint64_t elementBytes, std::uint64_t v, std::size_t field) {
  const bool floatRows = c0 * elementBytes > kDataBlockBytes;  // AMB-34: 64-byte rows, pitch 2 blocks with a tail
  const auto rowBlocks = static_cast<std::uint16_t>(floatRows ? 2 : 1);
  p = {};
  p.ndNum = 1;
  p.nValue = 2;
  p.dValue = static_cast<std::uint16_t>(c0 + 1);
  p.srcDValue = p.dValue;
  p.dstNzNStride = rowBlocks;
  p.dstNzC0Stride = static_cast<std::uint16_t>(2 * rowBlocks);
  const auto u16 = static_cast<std::uint16_t>(v);
  switch (field) {
    case 0: p.ndNum = u16; break;
    case 1: p.nValue = u16; p.dValue = 1; p.srcDValue = 1; p.dstNzC0Stride = 1; break;
    case 2: p.nValue = 1; p.dValue = u16; p.srcDValue = static_cast<std::uint16_t>(std::max<std::uint64_t>(1, v)); p.dstNzC0Stride = rowBlocks; break;
    case 4: p.srcDValue = u16; if (v < c0) p.dValue = u16; break;  // AMB-33: srcDValue >= min(dValue, C0)
    case 5:
      p.nValue = 1;
      p.dstNzC0Stride = u16;
      if (v * (kDataBlockBytes / elementBytes) > 0xFFFF) p.dValue = static_cast<std::uint16_t>(c0);  // one column block
      break;
    case 6: p.dValue = static_cast<std::uint16_t>(c0); p.srcDValue = p.dValue; p.dstNzNStride = u16; break;  // no tail
    default: break;  // the matrix strides: 0 is their one value
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
    case 1: p.nValue = u16; p.srcNStride = static_cast<std::uint16_t>(std::min<std::uint64_t>(v, 4095)); break;
    case 2: p.dValue = u16; p.dstDStride = u16; p.dstNdMatrixStride = u16; break;
    case 3: p.ndNum = 2; p.srcNdMatrixStride = u16; break;
    case 4: p.dValue = 32; p.srcNStride = u16; p.dstDStride = 32; p.dstNdMatrixStride = 32; break;
    case 5: p.nValue = 2; p.dstDStride = u16; p.dstNdMatrixStride = static_cast<std::uint16_t>(std::min<std::uint64_t>(0xFFFF, 2 * v)); break;
    default: p.ndNum = 2; p.dstNdMatrixStride = u16; break;
  }
}

// PAD-U2L1 blocks of the UB->GM leg, in the units of `params` (dstStride in AMB-3's GM unit).
struct TscmBlocks {
  std::uint64_t count = 2, lenBytes = 1, srcStride = 0, dstStride = 0;
};

template <typename Blocks>
void setBlocks(Blocks& p, const TscmBlocks& b) {
  p.blockCount = static_cast<std::uint16_t>(b.count);
  p.blockLen = static_cast<decltype(p.blockLen)>(b.lenBytes);
  p.srcStride = static_cast<decltype(p.srcStride)>(b.srcStride);
  p.dstStride = static_cast<decltype(p.dstStride)>(b.dstStride);
}

// An ND2NZ leg of one matrix (PAD-U2L1-2) reading `rows` rows of dValue elements, srcDValue apart, into disjoint rows
// of the destination (dstNzC0Stride = nValue).
Nd2NzParams tscmRows(std::uint64_t rows, std::uint64_t dValue, std::uint64_t srcDValue) {
  Nd2NzParams nd;
  nd.ndNum = 1;
  nd.nValue = static_cast<std::uint16_t>(rows);
  nd.dValue = static_cast<std::uint16_t>(dValue);
  nd.srcDValue = static_cast<std::uint16_t>(srcDValue);
  nd.dstNzC0Stride = static_cast<std::uint16_t>(std::max<std::uint64_t>(1, rows));
  nd.dstNzNStride = 1;
  nd.dstNzMatrixStride = 1;  // one matrix: never multiplied, and valid under AMB-6's doc-range reading too
  return nd;
}

// The ND2NZ leg tiling a contiguous workspace of `bytes` bytes (the UB->GM leg with dstStride 0): rows of up to
// 65535 elements, so every written byte reaches the destination.
Nd2NzParams tscmTiling(std::uint64_t bytes, std::uint64_t s) {
  const std::uint64_t d = std::clamp<std::uint64_t>((bytes + s - 1) / s, 1, 0xFFFF);
  return tscmRows((bytes + d * s - 1) / (d * s), d, d);
}

// The UB->GM blocks writing a contiguous workspace the ND2NZ leg reads: at most 4095 blocks of at most blockLenMax
// bytes, dstStride 0.
TscmBlocks tscmCover(std::uint64_t bytes, std::uint64_t blockLenMax) {
  TscmBlocks b;
  b.count = std::clamp<std::uint64_t>((bytes + blockLenMax - 1) / blockLenMax, 1, 4095);
  b.lenBytes = std::max<std::uint64_t>(1, (bytes + b.count - 1) / b.count);
  return b;
}

// A wide GM dstStride: block 1 starts gapBytes after block 0. Row r of the ND2NZ leg (r*srcDValue*s, srcDValue <=
// 65535) lands inside block 1 when the blocks are (r + 1) elements long, so the gap shows in the destination; the
// rows between read unwritten workspace (ANY, PAD-U2L1-1).
void tscmProbeGap(TscmBlocks& b, Nd2NzParams& nd, std::uint64_t gapBytes, std::uint64_t s) {
  std::uint64_t r = 1;
  for (int k = 0; k < 3; ++k) r = std::max<std::uint64_t>(1, ((r + 1) * s + gapBytes + 0xFFFF * s - 1) / (0xFFFF * s));
  b.count = 2;
  b.lenBytes = (r + 1) * s;
  const std::uint64_t block1 = b.lenBytes + gapBytes;
  nd = tscmRows(r + 1, 1, (block1 + r * s - 1) / (r * s));
}

}  // namespace

// evenRows: the fp4x2 types need an even nValue (DN2NZ-4): the smallest layout has two rows, not one.
void widenDn2Nz(Dn2NzParams& p, std::uint64_t c0, bool enableSmallC0Off, bool evenRows, std::uint64_t v,
                std::size_t field) {
  const std::uint16_t rows = evenRows ? 2 : 1;
  p = {};
  p.enableSmallC0 = enableSmallC0Off;  // the large-C0 mode (DN2NZ-3 small C0 needs dValue <= 4)
  p.dnNum = 1;
  p.nValue = rows;
  p.dValue = static_cast<std::uint32_t>(c0 + 1);
  p.srcDValue = rows;
  p.srcDnMatrixStride = p.dValue * rows;
  p.dstNzNStride = 1;
  p.dstNzC0Stride = rows;
  p.dstNzMatrixStride = static_cast<std::uint32_t>(2 * rows * c0);
  switch (field) {
    case 0: p.dnNum = static_cast<std::uint16_t>(v); p.dValue = 1; p.dstNzMatrixStride = static_cast<std::uint32_t>(rows * c0); break;
    case 1: p.nValue = static_cast<std::uint16_t>(v); p.dValue = 1; p.srcDValue = std::max<std::uint64_t>(1, v); break;
    case 2: p.dValue = static_cast<std::uint32_t>(v); break;
    case 3: p.dnNum = 2; p.dValue = 1; p.srcDnMatrixStride = v; p.dstNzMatrixStride = static_cast<std::uint32_t>(rows * c0); break;
    case 4: p.dValue = 2; p.srcDValue = v; break;
    case 5: p.dstNzC0Stride = static_cast<std::uint16_t>(v); break;
    case 6: p.nValue = 2; p.dValue = static_cast<std::uint32_t>(c0 - 1); p.dstNzNStride = static_cast<std::uint16_t>(v); break;
    default: p.dnNum = 2; p.dValue = 1; p.dstNzMatrixStride = static_cast<std::uint32_t>(v); break;
  }
}

// UB->TSCM (PAD-U2L1-1), n cases of 80 for its 11 rows (its oracle keeps 8 bytes per workspace byte: half the rate): one field of either leg drawn whole, the other fields small,
// and the two legs matched so that the wide field shows in the destination: a wide UB->GM field writes a
// contiguous workspace (dstStride 0) that the ND2NZ leg tiles, a wide GM dstStride is probed by an ND2NZ row inside
// block 1, and a wide ND2NZ field gets UB->GM blocks covering what it reads.
void widenPadUbToTscm(Case& c, const Scope& scope) {
  if (scope.profile) c.profile = *scope.profile;  // AMB-3 decides the GM stride unit
  const std::vector<FieldRange> ranges = fieldRanges(c, Operation::padUbToTscm);
  if (!drawWeightedBool(80 - ranges.size(), ranges.size())) return;
  const std::size_t field = drawIndex(ranges.size());
  const std::uint64_t v = drawWholeUpper(ranges[field]);
  const std::uint64_t s = sizeBytes(c.dtype);
  const bool ext = std::holds_alternative<DataCopyExtParams>(c.params);
  const std::uint64_t blockLenMax = ext ? 2097151 : 0xFFFF;
  const std::uint64_t gmUnit = c.profile.tscmGmStrideUnit == Profile::TscmGmStrideUnit::bytes ? 1 : kDataBlockBytes;
  const std::uint64_t srcStride = drawInRange(0, 1);  // drawn either way: a fixed number of draws
  const std::uint64_t smallLen = s * drawInRange(1, 2);
  TscmBlocks b;
  Nd2NzParams& nd = *c.nd2nzParams;
  switch (field) {
    case 0: b.count = v; b.lenBytes = smallLen; break;
    case 1: b.count = v > 0xFFFF / 4 ? 1 : 2; b.lenBytes = v; break;
    case 2: b.lenBytes = smallLen; break;
    case 3: tscmProbeGap(b, nd, v * gmUnit, s); b.dstStride = v; break;
    default: break;
  }
  if (field < 4) {
    b.srcStride = field == 2 ? v : srcStride;
    if (field != 3) nd = tscmTiling(b.count * b.lenBytes, s);
  } else {  // an ND2NZ row (ndNum skipped): the ND2NZ widening with one matrix, and UB->GM blocks under its reads
    widenNd2Nz(nd, kDataBlockBytes / s, v, field - 3);
    nd.ndNum = 1;
    const std::uint64_t readBytes =
        nd.nValue == 0 || nd.dValue == 0 ? 0 : ((std::uint64_t{nd.nValue} - 1) * nd.srcDValue + nd.dValue) * s;
    b = tscmCover(readBytes, blockLenMax);
    b.srcStride = srcStride;
  }
  std::visit(
      [&](auto& p) {
        using P = std::decay_t<decltype(p)>;
        if constexpr (std::is_same_v<P, DataCopyParams> || std::is_same_v<P, DataCopyExtParams>) setBlocks(p, b);
      },
      c.params);
}

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
          if (operation == Operation::nd2nzGmToUb && c.profile.nd2nzUbReading == Profile::Nd2NzUbReading::emulation) {
            widenNd2NzGmToUb(p, nd2nzGmToUbC0(c), sizeBytes(c.dtype), drawWhole(ranges[field]), field);
            if (c.profile.nd2nzZeroMatrixStride == Profile::Nd2NzZeroMatrixStride::docRange) {
              p.ndNum = 0;  // AMB-6's doc-range forbids the matrix stride 0 AMB-33 needs: only the empty call
              p.dstNzMatrixStride = 1;
            }
          } else if (isUbToL1Path(operation, {c.srcPos, c.dstPos})) {  // ND2NZ-6/7 (project)
            widenNd2NzUbToL1(p, c0, sizeBytes(c.dtype), c.product == Product::ascend950, drawWhole(ranges[field]), field);
          } else {
            widenNd2Nz(p, c0, drawWhole(ranges[field]), field);
          }
        } else if constexpr (std::is_same_v<P, Nz2NdParamsFull>) {
          widenNz2Nd(p, drawWhole(ranges[field]), field);
        } else if constexpr (std::is_same_v<P, Dn2NzParams>) {
          widenDn2Nz(p, c0, c.profile.smallC0Polarity == Profile::SmallC0Polarity::cApiPage,
                     c.dtype == DType::fp4x2_e2m1_t || c.dtype == DType::fp4x2_e1m2_t, drawWhole(ranges[field]), field);
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
  // FIX950-9: a two-UB buffer's second half starts at its middle, so growing it would move that half (and could even
  // out an odd size a breaker set): kept as drawn
  if (!isDualDestination(data.c)) grow(data.c.dst, data.dstBefore, e.dstSpanBytes, ~std::uint64_t{seed});
}

}  // namespace dcconf::properties::detail
