// =====================================================================================================================
// DataCopyPad<T, PaddingMode::Compact>, GM <-> VECIN/VECOUT (Ascend 950)     SEMANTICS section 2a, clauses PAD-CMP-*
// =====================================================================================================================
// @post GM->UB: the blockCount blocks of blockLen source bytes lie back to back in the UB from the destination start
//       (no per-block 32-byte rounding); the bytes after the run up to the next 32-byte boundary are paddingValue
//       under isPad, else ANY (PAD-CMP-3).
// @post AMB-21 (leftPadding/rightPadding) and AMB-22 (the UB-side stride) are open by default: a byte the readings
//       place differently is ANY (region ambiguous21/22); with no padding and a zero UB stride (or one block)
//       nothing is open.
// @post UB->GM: GM block i at i*(blockLen + dstStride) equals the i-th packed UB block; nothing else is written.
#include <array>

#include "paths.hpp"
#include "readings.hpp"

namespace dcconf::oracle::detail {
namespace {

// One whole reading of the open questions: AMB-21 (pads honoured around the packed run) and AMB-22 (UB stride in
// bytes). false = the header's code (ignored), the first reading of each.
struct Reading {
  bool padsRun = false;
  bool strideBytes = false;
};

std::array<Reading, 4> readingsOf(const Case& c, bool hasPads, bool hasUbStride, unsigned& openMask) {
  const Profile& p = c.profile;
  const bool padsOpen = hasPads && p.compactPads == Profile::CompactPads::any;
  const bool strideOpen = hasUbStride && p.compactUbStride == Profile::CompactUbStride::any;
  const Reading pinned{p.compactPads == Profile::CompactPads::run, p.compactUbStride == Profile::CompactUbStride::bytes};
  openMask = (padsOpen ? 1u : 0u) | (strideOpen ? 2u : 0u);
  std::array<Reading, 4> byMask;
  byMask.fill(pinned);
  for (unsigned m = 0; m < 4; ++m) {
    if (padsOpen) byMask[m].padsRun = (m & 1u) != 0;
    if (strideOpen) byMask[m].strideBytes = (m & 2u) != 0;
  }
  return byMask;
}

// AMB-22 moves bytes only when the UB-side stride is non-zero and some block follows another: a single block lies
// at the run's start under either reading, so its two walks would be the same.
bool stridePlaces(const PadBlocks& b, std::uint64_t ubStride) { return ubStride != 0 && b.blockCount > 1; }

// PAD-CMP-2/3 geometry of one reading, GM->UB.
struct Packed {
  std::uint64_t leftBytes, pitchBytes, runEnd, rightBytes, tailEnd;
};
Packed packed(const PadBlocks& b, const PadFill& fill, std::uint64_t s, const Reading& r) {
  const std::uint64_t left = r.padsRun ? fill.leftPadding * s : 0;
  const std::uint64_t right = r.padsRun ? fill.rightPadding * s : 0;
  const std::uint64_t pitch = b.blockLenBytes + (r.strideBytes ? b.dstStride : 0);
  const std::uint64_t runEnd = left + (b.blockCount - 1) * pitch + b.blockLenBytes;
  return {left, pitch, runEnd, right, alignUp(runEnd + right, kDataBlockBytes)};
}

std::vector<Violation> checkGmToUb(const Case& c) {
  std::vector<Violation> out;
  checkPadGmToUb(out, "PAD-CMP-1", c);
  return out;
}

Extents extentsGmToUb(const Case& c) {
  const PadBlocks b = padBlocks(c.params);
  if (b.blockCount == 0 || b.blockLenBytes == 0) return {};  // AMB-1 hw-noop
  const PadFill fill = padFill(c.padParams);
  unsigned open = 0;
  const auto readings = readingsOf(c, fill.leftPadding + fill.rightPadding != 0, stridePlaces(b, b.dstStride), open);
  std::uint64_t dst = 0;
  for (unsigned m = 0; m < 4; ++m) {
    if ((m & ~open) == 0) dst = std::max(dst, packed(b, fill, sizeBytes(c.dtype), readings[m]).tailEnd);
  }
  return {(b.blockCount - 1) * (b.blockLenBytes + b.srcStride) + b.blockLenBytes, dst};
}

template <class Out>
void walkGmToUbReading(const Case& c, const Reading& r, Out& out) {
  const PadBlocks b = padBlocks(c.params);
  const PadFill fill = padFill(c.padParams);
  const std::uint64_t s = sizeBytes(c.dtype);
  const Packed g = packed(b, fill, s, r);
  // PAD-G2U-4 values for the pads (AMB-21 second reading) and PAD-CMP-3 for the tail, byte k of its run
  auto padByte = [&](std::uint64_t k) {
    if (fill.isPad) return ByteSource::fromLiteral(elementByte(fill.paddingValue, k % s));
    if (c.padRegister) return ByteSource::fromLiteral(elementByte(*c.padRegister, k % s));
    return ByteSource::any();
  };
  for (std::uint64_t k = 0; k < g.leftBytes; ++k) out.write(k, padByte(k), Region::leftPad);
  for (std::uint64_t i = 0; i < b.blockCount; ++i) {
    const std::uint64_t from = i * (b.blockLenBytes + b.srcStride);  // PAD-CMP-2: the GM side as PAD-G2U-2
    const std::uint64_t to = g.leftBytes + i * g.pitchBytes;
    out.writeSourceRun(to, from, b.blockLenBytes, Region::data);
  }
  for (std::uint64_t k = 0; k < g.rightBytes; ++k) out.write(g.runEnd + k, padByte(k), Region::rightPad);
  for (std::uint64_t k = 0; g.runEnd + g.rightBytes + k < g.tailEnd; ++k) {
    const ByteSource v = fill.isPad ? ByteSource::fromLiteral(elementByte(fill.paddingValue, k % s)) : ByteSource::any();
    out.write(g.runEnd + g.rightBytes + k, v, Region::compactTail);
  }
}

constexpr std::array<Region, 2> kBlame{Region::ambiguous21, Region::ambiguous22};
constexpr std::size_t kKeptWrites = std::size_t{1} << 16;  // entries a walk's list keeps for the next walk

// Every open combination walked and merged (readings.hpp), or the one reading walked straight into the sink.
template <class WalkReading>
void walkReadings(const std::array<Reading, 4>& readings, unsigned open, WriteSink& sink, WalkReading&& walkOne) {
  if (open == 0) {
    ByteWriter out(sink);
    walkOne(readings[0], out);
    return;
  }
  // LOOP-3 walks once per iteration: the lists keep their capacity from one walk to the next
  thread_local std::array<std::vector<Written>, 4> byMask;
  for (unsigned m = 0; m < 4; ++m) {
    byMask[m].clear();
    if ((m & ~open) != 0) continue;
    Collector collect{&byMask[m]};
    walkOne(readings[m], collect);
  }
  mergeReadings(sink, byMask, open, kBlame);
  for (auto& writes : byMask) {  // a wide case's lists are not kept for the rest of the run
    if (writes.capacity() > kKeptWrites) std::vector<Written>().swap(writes);
  }
}

void walkGmToUb(const Case& c, WriteSink& sink) {
  const PadBlocks b = padBlocks(c.params);
  if (b.blockCount == 0 || b.blockLenBytes == 0) return;  // AMB-1 hw-noop: nothing moves
  const PadFill fill = padFill(c.padParams);
  unsigned open = 0;
  const auto readings = readingsOf(c, fill.leftPadding + fill.rightPadding != 0, stridePlaces(b, b.dstStride), open);
  walkReadings(readings, open, sink, [&](const Reading& r, auto& out) { walkGmToUbReading(c, r, out); });
}

// ---- UB -> GM ----------------------------------------------------------------------------------------------------

std::vector<Violation> checkUbToGm(const Case& c) {
  std::vector<Violation> out;
  checkPadBlocks(out, "PAD-CMP-1", padBlocks(c.params), c.profile);
  return out;
}

// PAD-CMP-4: UB block i at i*B (header) or i*(B + srcStride) bytes (AMB-22's second reading).
std::uint64_t ubPitch(const PadBlocks& b, const Reading& r) { return b.blockLenBytes + (r.strideBytes ? b.srcStride : 0); }

Extents extentsUbToGm(const Case& c) {
  const PadBlocks b = padBlocks(c.params);
  if (b.blockCount == 0 || b.blockLenBytes == 0) return {};  // AMB-1 hw-noop
  unsigned open = 0;
  const auto readings = readingsOf(c, false, stridePlaces(b, b.srcStride), open);
  std::uint64_t src = 0;
  for (unsigned m = 0; m < 4; ++m) {
    if ((m & ~open) == 0) src = std::max(src, (b.blockCount - 1) * ubPitch(b, readings[m]) + b.blockLenBytes);
  }
  return {src, (b.blockCount - 1) * (b.blockLenBytes + b.dstStride) + b.blockLenBytes};
}

void walkUbToGm(const Case& c, WriteSink& sink) {
  const PadBlocks b = padBlocks(c.params);
  unsigned open = 0;
  const auto readings = readingsOf(c, false, stridePlaces(b, b.srcStride), open);
  walkReadings(readings, open, sink, [&](const Reading& r, auto& out) {
    for (std::uint64_t i = 0; i < b.blockCount; ++i) {
      const std::uint64_t from = i * ubPitch(b, r);
      const std::uint64_t to = i * (b.blockLenBytes + b.dstStride);  // PAD-CMP-4: GM dstStride in bytes
      out.writeSourceRun(to, from, b.blockLenBytes, Region::data);
    }
  });
}

}  // namespace

const PathSemantics& padCompactGmToUbSemantics() {
  static const PathSemantics semantics{checkGmToUb, extentsGmToUb, walkGmToUb};
  return semantics;
}

const PathSemantics& padCompactUbToGmSemantics() {
  static const PathSemantics semantics{checkUbToGm, extentsUbToGm, walkUbToGm};
  return semantics;
}

}  // namespace dcconf::oracle::detail
