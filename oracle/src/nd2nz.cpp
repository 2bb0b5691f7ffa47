// =====================================================================================================================
// DataCopy ND2NZ, GM -> A1/B1                                                     SEMANTICS section 6, clauses ND2NZ-*
// =====================================================================================================================
// C0 = 32/sizeof(T) elements. Source strides in elements; dstNzC0Stride and dstNzNStride in 32-byte units (C0
// elements); dstNzMatrixStride in elements.
// @post (ND2NZ-2) dst[i*dstNzMatrixStride + (c/C0)*dstNzC0Stride*C0 + r*dstNzNStride*C0 + c%C0]
//                 == src[i*srcNdMatrixStride + r*srcDValue + c]   for i < ndNum, r < nValue, c < dValue.
// @post (ND2NZ-3) for r < nValue and c in [dValue, AlignUp(dValue, C0)) the same destination is 0.
// @post (ND2NZ-4) a destination element written twice is ANY.  Nothing else is written (G-1).
#include <algorithm>

#include "paths.hpp"

namespace dcconf::oracle::detail {
namespace {

std::vector<Violation> check(const Case& c) {
  if (isNd2NzUbToL1(c)) return checkNd2NzUbToL1(c);  // ND2NZ-6/7 (project): the UB->L1 emulation's own rules
  std::vector<Violation> out;
  checkNd2NzRanges(out, "params.", std::get<Nd2NzParams>(c.params), c.profile);
  return out;
}

Extents extents(const Case& c) { return nd2nzExtents(std::get<Nd2NzParams>(c.params), sizeBytes(c.dtype)); }

void walk(const Case& c, WriteSink& sink) {
  walkNd2Nz(std::get<Nd2NzParams>(c.params), sizeBytes(c.dtype), sink, Nd2NzSource{nullptr, nd2nzUbToL1BytesOpen(c)});
}

}  // namespace

const PathSemantics& nd2nzSemantics() {
  static const PathSemantics semantics{check, extents, walk};
  return semantics;
}

// ND2NZ-1
void checkNd2NzRanges(std::vector<Violation>& out, const std::string& prefix, const Nd2NzParams& p,
                      const Profile& profile) {
  auto field = [&](const char* name) { return prefix + name; };
  auto require = [&](const char* name, std::uint64_t value, std::uint64_t lo, std::uint64_t hi) {
    requireRange(out, "ND2NZ-1", field(name).c_str(), value, lo, hi);
  };
  require("ndNum", p.ndNum, 0, 4095);
  require("nValue", p.nValue, 0, 16384);
  require("srcDValue", p.srcDValue, 1, 65535);
  require("dstNzC0Stride", p.dstNzC0Stride, 1, 16384);
  require("dstNzNStride", p.dstNzNStride, 1, 16384);
  const bool zeroMatrixStrideOk =
      p.ndNum <= 1 && profile.nd2nzZeroMatrixStride == Profile::Nd2NzZeroMatrixStride::acceptWhenSingle;  // AMB-6
  if (p.dstNzMatrixStride == 0 && !zeroMatrixStrideOk) {
    out.push_back(violation("ND2NZ-1", field("dstNzMatrixStride"), 0,
                            p.ndNum <= 1 ? "dstNzMatrixStride must be in [1, 65535] (AMB-6: profile doc-range)"
                                         : "dstNzMatrixStride must be in [1, 65535] when ndNum > 1 (AMB-6)"));
  }
}

// ND2NZ-2, ND2NZ-3
void walkNd2Nz(const Nd2NzParams& params, std::uint32_t elementBytes, WriteSink& sink, const Nd2NzSource& source) {
  ByteWriter out(sink);
  const Nd2NzParams p = params;          // copies: a byte store may alias what a reference names, and the walk
  const Nd2NzSource sourceOf = source;  // would reload every field after each byte
  const std::uint64_t s = elementBytes;
  const std::uint64_t C0 = kDataBlockBytes / s;
  constexpr std::uint64_t kFractalRows = 16;
  // One fractal (16 rows x C0 columns) at a time: its destination bytes are contiguous for the usual strides and
  // its source rows stay in cache. The result does not depend on the order (ND2NZ-4 collisions are order-free).
  const bool plainSource = !sourceOf.open && sourceOf.workspace == nullptr;  // source byte k moves as such
  for (std::uint64_t i = 0; i < p.ndNum; ++i) {
    for (std::uint64_t r0 = 0; r0 < p.nValue; r0 += kFractalRows) {
      for (std::uint64_t cb = 0; cb < alignUp(p.dValue, C0) / C0; ++cb) {  // c / C0, without a division per element
        const std::uint64_t dataBytes = std::min(C0, p.dValue - cb * C0) * s;  // the row's columns c < dValue
        for (std::uint64_t r = r0; r < std::min(r0 + kFractalRows, std::uint64_t{p.nValue}); ++r) {
          // row r's C0 columns from c = cb * C0: contiguous on both sides (ND2NZ-2), then the zero tail (ND2NZ-3)
          const std::uint64_t dstRow =
              (i * p.dstNzMatrixStride + cb * p.dstNzC0Stride * C0 + r * p.dstNzNStride * C0) * s;
          const std::uint64_t srcRow = (i * p.srcNdMatrixStride + r * p.srcDValue + cb * C0) * s;
          if (plainSource) {
            out.writeSourceRun(dstRow, srcRow, dataBytes, Region::data);
          } else {
            for (std::uint64_t b = 0; b < dataBytes; ++b) {
              const ByteSource v = sourceOf(srcRow + b);
              out.write(dstRow + b, v, v.kind == ByteSource::Kind::unspecified ? sourceOf.anyRegion() : Region::data);
            }
          }
          for (std::uint64_t b = dataBytes; b < C0 * s; ++b) {
            out.write(dstRow + b, ByteSource::fromLiteral(0), Region::zeroTail);
          }
        }
      }
    }
  }
}

Extents nd2nzExtents(const Nd2NzParams& p, std::uint32_t elementBytes) {
  if (p.ndNum == 0 || p.nValue == 0 || p.dValue == 0) return {};  // ND2NZ-1: moves nothing
  const std::uint64_t s = elementBytes;
  const std::uint64_t C0 = kDataBlockBytes / s;
  const std::uint64_t lastMatrix = p.ndNum - 1u;
  const std::uint64_t lastRow = p.nValue - 1u;
  const std::uint64_t lastColumnBlock = alignUp(p.dValue, C0) / C0 - 1;
  const std::uint64_t srcElems = lastMatrix * p.srcNdMatrixStride + lastRow * p.srcDValue + p.dValue;
  const std::uint64_t dstElems = lastMatrix * p.dstNzMatrixStride + lastColumnBlock * p.dstNzC0Stride * C0 +
                                 lastRow * p.dstNzNStride * C0 + C0;
  return {srcElems * s, dstElems * s};
}

}  // namespace dcconf::oracle::detail
