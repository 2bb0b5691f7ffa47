// BroadCastVecToMM, VECIN/VECOUT -> CO1 (BRC, project): each 16-element source row fills one 16x16 fractal.
// Under the default profile AMB-40 and AMB-41 are open; the fast backend takes their first readings (dstGap tail to
// head, a half blockLen unit of 16 elements), the ones the page's table states.
#include <algorithm>
#include <cstring>

#include "fast_common.hpp"

namespace dcconf::backends::fast {

using oracle::Case;
using oracle::Profile;

RunResult runBroadcastUbToL0c(const Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) {
  const auto& p = std::get<oracle::BroadCastVecToMMParams>(c.params);
  const std::uint64_t s = oracle::sizeBytes(c.dtype);
  Checker check;
  const bool noop = c.profile.zeroCount == Profile::ZeroCount::hwNoop;
  check.range("BRC-2", "params.blockCount", p.blockCount, noop ? 0 : 1, 255, kAmb1Note);
  check.range("BRC-2", "params.blockLen", p.blockLen, noop ? 0 : 1, 255, kAmb1Note);
  const std::uint64_t alignBytes = c.profile.brcDstAlign == Profile::BrcDstAlign::bytes64 ? 64 : 256 * s;  // AMB-42
  check.require(c.dst.offsetBytes % kBlock32Bytes != 0 || c.dst.offsetBytes % alignBytes == 0, "BRC-2", "dst.offset", c.dst.offsetBytes,
                "the CO1 start is not aligned (AMB-42)");
  if (check.failed()) return check.rejection();
  const bool moves = p.blockCount != 0 && p.blockLen != 0;
  const std::uint64_t rowBytes = 16 * s;
  const std::uint64_t fractalBytes = 256 * s;
  struct Layout {
    std::uint64_t rows, srcPitchBytes, dstPitchBytes;
  };
  auto layout = [&](bool halfPairs, bool headToHead) {
    const std::uint64_t rows = std::uint64_t{p.blockLen} * (c.dtype == oracle::DType::half && halfPairs ? 2 : 1);
    return Layout{rows, rows * rowBytes + std::uint64_t{p.srcGap} * kBlock32Bytes,
                  (headToHead ? p.dstGap : rows + p.dstGap) * fractalBytes};
  };
  // Runs the first reading of an open question (tail to head; 16 elements) but, as the oracle, wants buffers that
  // hold every open reading's footprint.
  const bool halfPairs = c.profile.brcHalfLen == Profile::BrcHalfLen::bytes64;
  const bool headToHead = c.profile.brcDstGap == Profile::BrcDstGap::stride;
  const Layout run = layout(halfPairs, headToHead);
  std::uint64_t srcSpan = 0;
  std::uint64_t dstSpan = 0;
  for (const bool pairs : {false, true}) {
    for (const bool head : {false, true}) {
      const bool lenReading = c.profile.brcHalfLen == Profile::BrcHalfLen::any ? true : pairs == halfPairs;
      const bool gapReading = c.profile.brcDstGap == Profile::BrcDstGap::any ? true : head == headToHead;
      if (!moves || !lenReading || !gapReading) continue;
      const Layout l = layout(pairs, head);
      srcSpan = std::max(srcSpan, (p.blockCount - 1) * l.srcPitchBytes + l.rows * rowBytes);
      dstSpan = std::max(dstSpan, (p.blockCount - 1) * l.dstPitchBytes + l.rows * fractalBytes);
    }
  }
  check.buffers(c, srcSpan, dstSpan);
  if (check.failed()) return check.rejection();
  const auto [from, to] = operandsOf(c, src, dst);
  for (std::uint64_t b = 0; moves && b < p.blockCount; ++b) {
    for (std::uint64_t j = 0; j < run.rows; ++j) {
      const std::uint8_t* row = from + b * run.srcPitchBytes + j * rowBytes;
      std::uint8_t* fractal = to + b * run.dstPitchBytes + j * fractalBytes;
      for (std::uint64_t r = 0; r < 16; ++r) std::memcpy(fractal + r * rowBytes, row, rowBytes);
    }
  }
  return {RunStatus::ok, {}};
}

}  // namespace dcconf::backends::fast
