// =====================================================================================================================
// DataCopy, normal 0-level and 2-level                                               SEMANTICS section 4, clauses DC-*
// =====================================================================================================================
// @post (DC-2) block i: the 32*blockLen bytes at src + 32*i*(blockLen + srcStride) land verbatim at
//       dst + 32*i*(blockLen + dstStride); the dstStride gaps and all else are untouched.
// @post (DC-3) 2-level equals 0-level {1, floor(calCount*s/32), 0, 0}: a remainder under 32 bytes is not moved.
#include "paths.hpp"

namespace dcconf::oracle::detail {

// DC-2
void walkBlocks32(const Blocks32& b, WriteSink& sink) {
  ByteWriter out(sink);
  const std::uint64_t blockBytes = kDataBlockBytes * b.blockLenBlocks32;
  for (std::uint64_t i = 0; i < b.blockCount; ++i) {
    const std::uint64_t srcBlock = kDataBlockBytes * i * (b.blockLenBlocks32 + b.srcStrideBlocks32);
    const std::uint64_t dstBlock = kDataBlockBytes * i * (b.blockLenBlocks32 + b.dstStrideBlocks32);
    out.writeSourceRun(dstBlock, srcBlock, blockBytes, Region::data);
  }
}

Extents blocks32Extents(const Blocks32& b) {
  if (b.blockCount == 0 || b.blockLenBlocks32 == 0) return {};
  const std::uint64_t last = b.blockCount - 1;
  const std::uint64_t blockBytes = kDataBlockBytes * b.blockLenBlocks32;
  return {kDataBlockBytes * last * (b.blockLenBlocks32 + b.srcStrideBlocks32) + blockBytes,
          kDataBlockBytes * last * (b.blockLenBlocks32 + b.dstStrideBlocks32) + blockBytes};
}

// DC-1
void checkDataCopyParams(std::vector<Violation>& out, const char* clause, const DataCopyParams& p,
                         const Profile& profile) {
  const bool noopAllowed = profile.zeroCount == Profile::ZeroCount::hwNoop;  // AMB-1
  requireRange(out, clause, "params.blockCount", p.blockCount, noopAllowed ? 0 : 1, 4095, kAmb1Note);
  requireRange(out, clause, "params.blockLen", p.blockLen, noopAllowed ? 0 : 1, 65535, kAmb1Note);
}

namespace {

// ---- 0-level ----

Blocks32 level0Blocks(const Case& c) {
  const auto& p = std::get<DataCopyParams>(c.params);
  return {p.blockCount, p.blockLen, p.srcStride, p.dstStride};
}

std::vector<Violation> check0(const Case& c) {
  std::vector<Violation> out;
  checkDataCopyParams(out, "DC-1", std::get<DataCopyParams>(c.params), c.profile);
  return out;
}

Extents extents0(const Case& c) { return blocks32Extents(level0Blocks(c)); }
void walk0(const Case& c, WriteSink& sink) { walkBlocks32(level0Blocks(c), sink); }

// ---- 2-level ----

std::uint64_t wholeBlocks(const Case& c) {
  return std::uint64_t{std::get<CalCount>(c.params).calCount} * sizeBytes(c.dtype) / kDataBlockBytes;
}

Blocks32 level2Blocks(const Case& c) {
  std::uint64_t blockLen = wholeBlocks(c);
  if (c.profile.calCountOverflow == Profile::CalCountOverflow::hwWrap) blockLen %= 65536;  // AMB-4 hw-wrap
  return {1, blockLen, 0, 0};
}

std::vector<Violation> check2(const Case& c) {
  std::vector<Violation> out;
  const std::uint64_t blocks = wholeBlocks(c);
  if (blocks > 65535 && c.profile.calCountOverflow == Profile::CalCountOverflow::reject) {
    out.push_back(violation("DC-3", "params.calCount", std::get<CalCount>(c.params).calCount,
                            "calCount*sizeof(T)/32 = " + std::to_string(blocks) +
                                " blocks exceeds 65535 (AMB-4: profile hw-wrap wraps mod 65536)"));
  }
  return out;
}

Extents extents2(const Case& c) { return blocks32Extents(level2Blocks(c)); }
void walk2(const Case& c, WriteSink& sink) { walkBlocks32(level2Blocks(c), sink); }

}  // namespace

const PathSemantics& copy0LevelSemantics() {
  static const PathSemantics semantics{check0, extents0, walk0};
  return semantics;
}

const PathSemantics& copy2LevelSemantics() {
  static const PathSemantics semantics{check2, extents2, walk2};
  return semantics;
}

}  // namespace dcconf::oracle::detail
