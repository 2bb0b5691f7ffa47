// =====================================================================================================================
// DataCopyPad, VECIN/VECOUT -> TSCM                                           SEMANTICS section 3, clauses PAD-U2L1-*
// =====================================================================================================================
// PAD-U2L1-1: the call runs as UB -> GM workspace (PAD-U2G with the given DataCopy params; AMB-3 decides the unit of
// the GM-side dstStride) and then GM -> L1 with ND2NZ. Workspace bytes the first leg did not write are ANY.
// @post dst == ND2NZ(UB2GM(src)) on every byte whose workspace source was written by the first leg.
// @post a destination byte whose workspace source was never written is ANY.
#include <algorithm>

#include "paths.hpp"

namespace dcconf::oracle::detail {
namespace {

std::uint64_t gmStrideUnitBytes(const Profile& profile) {
  return profile.tscmGmStrideUnit == Profile::TscmGmStrideUnit::bytes ? 1 : kDataBlockBytes;  // AMB-3
}

std::vector<Violation> check(const Case& c) {
  std::vector<Violation> out;
  checkPadBlocks(out, "PAD-U2G-1", padBlocks(c.params), c.profile);
  const Nd2NzParams& nd = *c.nd2nzParams;
  if (nd.ndNum != 1) {
    out.push_back(violation("PAD-U2L1-2", "nd2nzParams.ndNum", nd.ndNum, "ndNum must be 1 on the UB->TSCM path"));
  }
  checkNd2NzRanges(out, "nd2nzParams.", nd, c.profile);
  return out;
}

Extents extents(const Case& c) {
  return {ubToGmExtents(padBlocks(c.params), gmStrideUnitBytes(c.profile)).srcSpanBytes,
          nd2nzExtents(*c.nd2nzParams, sizeBytes(c.dtype)).dstSpanBytes};
}

// Records the first leg into a workspace (per byte, 1 + the source byte moved there; 0 unwritten). Only the prefix
// ND2NZ can read is kept: a valid call may spread its GM blocks over terabytes (dstStride up to 2^32 - 1).
// The workspace of the last sink on this thread is kept for the next one (8 bytes per workspace byte: fresh pages
// cost more than the walk on a large case).
thread_local std::vector<std::uint64_t> workspaceScratch;
constexpr std::size_t kMaxKeptWorkspaceEntries = 128u << 20;  // 1 GiB: a 64 MiB case runs again without fresh pages

class WorkspaceSink final : public WriteSink {
 public:
  explicit WorkspaceSink(std::uint64_t keptBytes)
      : WriteSink(bytes_), bytes_(takeScratch(workspaceScratch, keptBytes, std::uint64_t{0})) {}
  ~WorkspaceSink() { keepScratch(workspaceScratch, bytes_, kMaxKeptWorkspaceEntries); }
  Nd2NzSource source() const { return {&bytes_}; }

 private:
  std::vector<std::uint64_t> bytes_;
};

void walk(const Case& c, WriteSink& sink) {
  const PadBlocks blocks = padBlocks(c.params);
  const std::uint64_t unit = gmStrideUnitBytes(c.profile);
  const std::uint64_t nd2nzReadBytes = nd2nzExtents(*c.nd2nzParams, sizeBytes(c.dtype)).srcSpanBytes;
  WorkspaceSink workspace(std::min(ubToGmExtents(blocks, unit).dstSpanBytes, nd2nzReadBytes));
  walkUbToGmBlocks(blocks, unit, workspace);
  walkNd2Nz(*c.nd2nzParams, sizeBytes(c.dtype), sink, workspace.source());
}

}  // namespace

const PathSemantics& padUbToTscmSemantics() {
  static const PathSemantics semantics{check, extents, walk};
  return semantics;
}

}  // namespace dcconf::oracle::detail
