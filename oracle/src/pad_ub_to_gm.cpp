// =====================================================================================================================
// DataCopyPad, VECIN/VECOUT -> GM                                              SEMANTICS section 2, clauses PAD-U2G-*
// =====================================================================================================================
// @post GM block i, at i*(blockLen + dstStride) bytes, equals the first blockLen bytes of UB block i, which starts at
//       i*(AlignUp(blockLen, 32) + 32*srcStride) bytes.
// @post exactly blockLen bytes are written per block: the UB dummy, the dstStride gaps and everything after the last
//       block are untouched (PAD-U2G-2, G-1).
#include "paths.hpp"

namespace dcconf::oracle::detail {
namespace {

std::vector<Violation> check(const Case& c) {
  std::vector<Violation> out;
  checkPadBlocks(out, "PAD-U2G-1", padBlocks(c.params), c.profile);
  return out;
}

Extents extents(const Case& c) { return ubToGmExtents(padBlocks(c.params), 1); }

void walk(const Case& c, WriteSink& sink) { walkUbToGmBlocks(padBlocks(c.params), 1, sink); }

}  // namespace

const PathSemantics& padUbToGmSemantics() {
  static const PathSemantics semantics{check, extents, walk};
  return semantics;
}

// PAD-U2G-2, with the GM stride unit as a parameter for PAD-U2L1's AMB-3.
void walkUbToGmBlocks(const PadBlocks& blocks, std::uint64_t dstStrideUnitBytes, WriteSink& sink) {
  ByteWriter out(sink);
  const std::uint64_t B = blocks.blockLenBytes;
  for (std::uint64_t i = 0; i < blocks.blockCount; ++i) {
    const std::uint64_t srcBlock = i * (alignUp(B, kDataBlockBytes) + kDataBlockBytes * blocks.srcStride);
    const std::uint64_t dstBlock = i * (B + dstStrideUnitBytes * blocks.dstStride);
    out.writeSourceRun(dstBlock, srcBlock, B, Region::data);
  }
}

Extents ubToGmExtents(const PadBlocks& blocks, std::uint64_t dstStrideUnitBytes) {
  if (blocks.blockCount == 0 || blocks.blockLenBytes == 0) return {};  // AMB-1 hw-noop
  const std::uint64_t B = blocks.blockLenBytes;
  const std::uint64_t last = blocks.blockCount - 1;
  return {last * (alignUp(B, kDataBlockBytes) + kDataBlockBytes * blocks.srcStride) + B,
          last * (B + dstStrideUnitBytes * blocks.dstStride) + B};
}

}  // namespace dcconf::oracle::detail
