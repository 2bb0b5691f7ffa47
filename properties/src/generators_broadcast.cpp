// BRC (project): valid BroadCastVecToMM cases of the Atlas inference AI Core. Small calls by default
// (a few blocks of a few rows, small gaps, overlapping head-to-head layouts now and then for AMB-40); one case in
// eight draws one argument over its whole documented range (docs/coverage.md) with the other counts at 1, so the
// case stays a few hundred KiB at most.
#include "draw.hpp"

namespace dcconf::properties::detail {

using oracle::BroadCastVecToMMParams;

GeneratedCase drawBroadcastUbToL0c(const Scope& scope) {
  const oracle::PathPair path = drawPath(oracle::Operation::broadcastUbToL0c, scope);
  oracle::Case c = makeCase(oracle::Api::BroadCastVecToMM, path.src, path.dst, BroadCastVecToMMParams{});
  drawProductAndDType(c, oracle::Operation::broadcastUbToL0c, scope);
  applyScopeProfile(c, scope);
  BroadCastVecToMMParams p;
  p.blockCount = static_cast<std::uint32_t>(drawEdgy({1, 2, 3}, 1, 6));
  p.blockLen = static_cast<std::uint8_t>(drawEdgy({1, 2}, 1, 4));
  p.srcGap = static_cast<std::uint8_t>(drawEdgy({0, 1}, 0, 4));
  p.dstGap = static_cast<std::uint8_t>(drawEdgy({0, 1, p.blockLen}, 0, 6));
  if (drawOneIn(8)) {  // BRC-2 whole ranges: one argument drawn whole, the other counts 1
    const std::vector<FieldRange> ranges = fieldRanges(c, oracle::Operation::broadcastUbToL0c);
    const std::size_t field = drawIndex(ranges.size());
    const std::uint64_t v = drawWhole(ranges[field]);
    p = {1, 1, 0, 0};
    switch (field) {
      case 0: p.blockCount = static_cast<std::uint32_t>(v); break;
      case 1: p.blockLen = static_cast<std::uint8_t>(v); break;
      case 2: p.srcGap = static_cast<std::uint8_t>(v), p.blockCount = 2; break;  // a gap shows between two blocks
      default: p.dstGap = static_cast<std::uint8_t>(v), p.blockCount = 2; break;
    }
  }
  c.params = p;
  return finish(c, scope);
}

}  // namespace dcconf::properties::detail
