// =====================================================================================================================
// DataCopy NZ2ND, VECOUT -> GM                                                    SEMANTICS section 7, clauses NZ2ND-*
// =====================================================================================================================
// C0 is 16 elements whatever the dtype. srcNdMatrixStride in 16x16 fractals (256 elements), srcNStride in 16
// elements, dstDStride and dstNdMatrixStride in elements.
// @post (NZ2ND-2) dst[i*dstNdMatrixStride + r*dstDStride + c]
//                 == src[i*256*srcNdMatrixStride + (c/16)*16*srcNStride + 16*r + c%16]
//                 for i < ndNum, r < nValue, c < dValue; nothing else is written (G-1); a collision is ANY.
#include "paths.hpp"

namespace dcconf::oracle::detail {
namespace {

constexpr std::uint64_t kC0 = 16;
constexpr std::uint64_t kFractalElems = 256;

std::vector<Violation> check(const Case& c) {
  std::vector<Violation> out;
  const auto& p = std::get<Nz2NdParamsFull>(c.params);
  requireRange(out, "NZ2ND-1", "params.ndNum", p.ndNum, 0, 4095);
  requireRange(out, "NZ2ND-1", "params.nValue", p.nValue, 1, 8192);
  requireRange(out, "NZ2ND-1", "params.dValue", p.dValue, 1, 8192);
  if (p.dValue % kC0 != 0) {
    out.push_back(violation("NZ2ND-1", "params.dValue", p.dValue, "dValue must be a multiple of 16"));
  }
  requireRange(out, "NZ2ND-1", "params.srcNdMatrixStride", p.srcNdMatrixStride, 1, 512);
  // NZ2ND-1: the vendor check is UINT12_MAX; the page's 4096 is one past it
  requireRange(out, "NZ2ND-1", "params.srcNStride", p.srcNStride, 0, 4095);
  requireRange(out, "NZ2ND-1", "params.dstDStride", p.dstDStride, 1, 65535);
  requireRange(out, "NZ2ND-1", "params.dstNdMatrixStride", p.dstNdMatrixStride, 1, 65535);
  // NZ2ND-1 (the A2/A3 implementation): with several matrices, srcNdMatrixStride*256 must be a multiple
  // of nValue*sizeof(T). Followed as the spec states it (the check mixes elements and bytes); only once the ranges
  // hold, so that one broken field is one violation.
  const std::uint64_t rowBytes = std::uint64_t{p.nValue} * sizeBytes(c.dtype);
  if (out.empty() && p.ndNum > 1 && (std::uint64_t{p.srcNdMatrixStride} * kFractalElems) % rowBytes != 0) {
    out.push_back(violation("NZ2ND-1", "params.srcNdMatrixStride", p.srcNdMatrixStride,
                            "with ndNum > 1, srcNdMatrixStride*256 must be a multiple of nValue*sizeof(T) = " +
                                std::to_string(rowBytes)));
  }
  return out;
}

Extents extents(const Case& c) {
  const auto& p = std::get<Nz2NdParamsFull>(c.params);
  if (p.ndNum == 0) return {};
  const std::uint64_t s = sizeBytes(c.dtype);
  const std::uint64_t lastMatrix = p.ndNum - 1u;
  const std::uint64_t lastColumnBlock = (p.dValue - 1u) / kC0;
  const std::uint64_t srcElems = lastMatrix * kFractalElems * p.srcNdMatrixStride +
                                 lastColumnBlock * kC0 * p.srcNStride + kC0 * (p.nValue - 1u) + kC0;
  const std::uint64_t dstElems = lastMatrix * p.dstNdMatrixStride + (p.nValue - 1u) * p.dstDStride + p.dValue;
  return {srcElems * s, dstElems * s};
}

void walk(const Case& c, WriteSink& sink) {
  ByteWriter out(sink);
  const auto& p = std::get<Nz2NdParamsFull>(c.params);
  const std::uint64_t s = sizeBytes(c.dtype);
  for (std::uint64_t i = 0; i < p.ndNum; ++i) {
    for (std::uint64_t r = 0; r < p.nValue; ++r) {
      for (std::uint64_t col = 0; col < p.dValue; ++col) {
        const std::uint64_t dstElem = i * p.dstNdMatrixStride + r * p.dstDStride + col;
        const std::uint64_t srcElem =
            i * kFractalElems * p.srcNdMatrixStride + (col / kC0) * kC0 * p.srcNStride + kC0 * r + col % kC0;
        for (std::uint64_t b = 0; b < s; ++b) {
          out.write(dstElem * s + b, ByteSource::fromSource(srcElem * s + b), Region::data);
        }
      }
    }
  }
}

}  // namespace

const PathSemantics& nz2ndSemantics() {
  static const PathSemantics semantics{check, extents, walk};
  return semantics;
}

}  // namespace dcconf::oracle::detail
