// =====================================================================================================================
// BroadCastVecToMM, VECIN/VECOUT -> CO1 (Atlas inference)              SEMANTICS section 9a, clauses BRC-* (project)
// =====================================================================================================================
// Each 16-element source row becomes one whole 16x16 fractal of L0C (the row copied into its 16 rows); a block is
// blockLen such rows, source blocks srcGap data blocks apart, destination blocks dstGap fractals apart.
// @post (BRC-3) dst[(b*(rows + dstGap) + j)*256 + r*16 + c] == src[b*(rows*16 + srcGap*32/s) + j*16 + c]
//               for b < blockCount, j < rows, r < 16, c < 16; rows = blockLen (2*blockLen for half under AMB-41's
//               64-byte reading); under AMB-40's head-to-head reading block b starts at fractal b*dstGap.
// @post (BRC-4) every other destination byte is KEEP; a fractal two (b, j) address is ANY (collision).
// @post AMB-40 (blockCount > 1) and AMB-41 (half) are open by default: a byte the readings place differently is ANY
//       (region ambiguous40/41).
#include <algorithm>
#include <array>

#include "paths.hpp"
#include "readings.hpp"

namespace dcconf::oracle::detail {
namespace {

constexpr std::uint64_t kRowElems = 16;        // one fractal row, and one blockLen unit (BRC-2)
constexpr std::uint64_t kFractalElems = 256;   // 16 x 16; also dstGap's unit and the destination alignment (AMB-42)
constexpr std::uint64_t kMaxCount = 255;       // BRC-2: blockCount and blockLen

const BroadCastVecToMMParams& paramsOf(const Case& c) { return std::get<BroadCastVecToMMParams>(c.params); }
bool movesNothing(const BroadCastVecToMMParams& p) { return p.blockCount == 0 || p.blockLen == 0; }  // AMB-1 hw-noop

// One whole reading of AMB-40 and AMB-41; false = the first reading of each (tail to head; 16 elements).
struct Reading {
  bool dstHeadToHead = false;
  bool halfLen64Bytes = false;
};

std::array<Reading, 4> readingsOf(const Case& c, unsigned& openMask) {
  const Profile& pr = c.profile;
  const bool gapOpen = paramsOf(c).blockCount > 1 && pr.brcDstGap == Profile::BrcDstGap::any;
  const bool lenOpen = c.dtype == DType::half && pr.brcHalfLen == Profile::BrcHalfLen::any;
  const Reading pinned{pr.brcDstGap == Profile::BrcDstGap::stride, pr.brcHalfLen == Profile::BrcHalfLen::bytes64};
  openMask = (gapOpen ? 1u : 0u) | (lenOpen ? 2u : 0u);
  std::array<Reading, 4> byMask;
  byMask.fill(pinned);
  for (unsigned m = 0; m < 4; ++m) {
    if (gapOpen) byMask[m].dstHeadToHead = (m & 1u) != 0;
    if (lenOpen) byMask[m].halfLen64Bytes = (m & 2u) != 0;
  }
  return byMask;
}

// BRC-3 geometry of one reading, in elements and fractals.
struct Geometry {
  std::uint64_t rows;             // 16-element rows (= fractals) per block
  std::uint64_t srcPitchBytes;    // block to block in the source
  std::uint64_t dstPitchFractals; // block to block in the destination
};
Geometry geometry(const Case& c, const Reading& r) {
  const BroadCastVecToMMParams& p = paramsOf(c);
  const std::uint64_t s = sizeBytes(c.dtype);
  const std::uint64_t rows = p.blockLen * (c.dtype == DType::half && r.halfLen64Bytes ? 2 : 1);  // AMB-41
  const std::uint64_t pitch = r.dstHeadToHead ? p.dstGap : rows + p.dstGap;                       // AMB-40
  return {rows, rows * kRowElems * s + p.srcGap * kDataBlockBytes, pitch};
}

std::vector<Violation> check(const Case& c) {
  std::vector<Violation> out;
  const BroadCastVecToMMParams& p = paramsOf(c);
  const bool noop = c.profile.zeroCount == Profile::ZeroCount::hwNoop;
  requireRange(out, "BRC-2", "params.blockCount", p.blockCount, noop ? 0 : 1, kMaxCount, kAmb1Note);
  requireRange(out, "BRC-2", "params.blockLen", p.blockLen, noop ? 0 : 1, kMaxCount, kAmb1Note);
  // AMB-42: the page's 256-element start by default, the general page's 64 bytes under brc-align-64b
  const bool page = c.profile.brcDstAlign == Profile::BrcDstAlign::elems256;
  const std::uint64_t align = broadcastDstAlignBytes(c);
  if (c.dst.offsetBytes % kDataBlockBytes == 0 && c.dst.offsetBytes % align != 0) {  // off 32 bytes: G-5 says so
    out.push_back(violation("BRC-2", "dst.offset", c.dst.offsetBytes,
                            "the CO1 destination start must be a multiple of " + std::to_string(align) + " bytes" +
                                (page ? " (256 elements; AMB-42: profile brc-align-64b takes 64 bytes)"
                                      : " (AMB-42 brc-align-64b)")));
  }
  return out;
}

Extents extents(const Case& c) {
  const BroadCastVecToMMParams& p = paramsOf(c);
  if (movesNothing(p)) return {};
  const std::uint64_t s = sizeBytes(c.dtype);
  unsigned open = 0;
  const auto readings = readingsOf(c, open);
  Extents out{0, 0};
  for (unsigned m = 0; m < 4; ++m) {  // the union of the open readings' footprints
    if ((m & ~open) != 0) continue;
    const Geometry g = geometry(c, readings[m]);
    const std::uint64_t last = p.blockCount - 1;
    out.srcSpanBytes = std::max(out.srcSpanBytes, last * g.srcPitchBytes + g.rows * kRowElems * s);
    out.dstSpanBytes = std::max(out.dstSpanBytes, (last * g.dstPitchFractals + g.rows) * kFractalElems * s);
  }
  return out;
}

// BRC-3: row j of block b fills fractal (b*pitch + j) row by row; a fractal written twice is a collision (BRC-4).
template <class Out>
void walkReading(const Case& c, const Reading& r, Out& out) {
  const BroadCastVecToMMParams& p = paramsOf(c);
  const std::uint64_t s = sizeBytes(c.dtype);
  const Geometry g = geometry(c, r);
  const std::uint64_t rowBytes = kRowElems * s;
  for (std::uint64_t b = 0; b < p.blockCount; ++b) {
    for (std::uint64_t j = 0; j < g.rows; ++j) {
      const std::uint64_t from = b * g.srcPitchBytes + j * rowBytes;
      const std::uint64_t fractal = (b * g.dstPitchFractals + j) * kFractalElems * s;
      for (std::uint64_t row = 0; row < kRowElems; ++row) {
        for (std::uint64_t k = 0; k < rowBytes; ++k) {
          out.write(fractal + row * rowBytes + k, ByteSource::fromSource(from + k), Region::data);
        }
      }
    }
  }
}

constexpr std::array<Region, 2> kBlame{Region::ambiguous40, Region::ambiguous41};

// BRC-4 inside one reading: a byte it writes twice is one ANY write (collision), so that the merge compares the
// readings byte for byte and blames AMB-40/41 only where they disagree.
void collapseCollisions(std::vector<Written>& writes) {
  sortByDstByte(writes);  // a byte written twice: one entry a byte
  std::size_t kept = 0;
  for (std::size_t i = 0; i < writes.size(); ++i) {
    if (kept > 0 && writes[kept - 1].dstByte == writes[i].dstByte) {
      writes[kept - 1] = {writes[i].dstByte, ByteSource::any(), Region::collision};
      continue;
    }
    writes[kept++] = writes[i];
  }
  writes.resize(kept);
}

void walk(const Case& c, WriteSink& sink) {
  if (movesNothing(paramsOf(c))) return;
  unsigned open = 0;
  const auto readings = readingsOf(c, open);
  if (open == 0) {
    ByteWriter out(sink);
    walkReading(c, readings[0], out);
    return;
  }
  std::array<std::vector<Written>, 4> byMask;  // every open combination walked, then merged (readings.hpp)
  for (unsigned m = 0; m < 4; ++m) {
    if ((m & ~open) != 0) continue;
    Collector collect{&byMask[m]};
    walkReading(c, readings[m], collect);
    collapseCollisions(byMask[m]);
  }
  mergeReadings(sink, byMask, open, kBlame);
}

}  // namespace

const PathSemantics& broadcastUbToL0cSemantics() {
  static const PathSemantics semantics{check, extents, walk};
  return semantics;
}

}  // namespace dcconf::oracle::detail

namespace dcconf::oracle {
std::uint64_t broadcastDstAlignBytes(const Case& c) {
  constexpr std::uint64_t kL0cAlignBytes = 64;  // the general alignment page's L0C rule
  return c.profile.brcDstAlign == Profile::BrcDstAlign::bytes64 ? kL0cAlignBytes : 256 * sizeBytes(c.dtype);
}
}  // namespace dcconf::oracle
