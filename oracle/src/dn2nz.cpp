// =====================================================================================================================
// DataCopy DN2NZ, GM -> A1/B1 (Ascend 950)                                        SEMANTICS section 8, clauses DN2NZ-*
// =====================================================================================================================
// s = sizeof(T) (1 for the fp4x2 types, whose parameters are all in bytes: ND2NZ-5). One NZ row is C0 elements:
// C0 = 32/s (a 32-byte row), or C0 = 4 in the small-C0 mode (DN2NZ-3; the vendor page: "C0_SIZE is padded to
// 4*sizeof(T) bytes"). dstNzC0Stride and dstNzNStride count rows (C0_SIZE units); srcDnMatrixStride, srcDValue and
// dstNzMatrixStride count elements.
// @post (DN2NZ-1) dst[i*dstNzMatrixStride + (d/C0)*dstNzC0Stride*C0 + n*dstNzNStride*C0 + d%C0]
//                 == src[i*srcDnMatrixStride + d*srcDValue + n]   for i < dnNum, n < nValue, d < dValue.
// @post (DN2NZ-1) for n < nValue and d in [dValue, AlignUp(dValue, C0)) the same destination element is 0.
// @post (DN2NZ-3) small C0 (dValue <= 4, so one column block): rows are 4*s bytes; each matrix's destination is
//       zero-padded from the end of its last row up to the next multiple of 32 bytes (from the matrix start).
//       Decision: SEMANTICS says "C0 = 4 elements, the destination is zero-padded to 32 bytes"; a 32-byte row pitch
//       would make the mode indistinguishable from the normal one when dValue <= 4, so the row pitch is C0*s.
// @post a destination element written twice is ANY (as ND2NZ-4). Nothing else is written (G-1).
// AMB-7: the small-C0 mode is the template switch enableSmallC0 (basic-API page); profile c-api-page reads the
// switch with the opposite polarity. The dstNzMatrixStride == 0 with dnNum <= 1 reading follows AMB-6.
// The 64-bit strides make every extent saturating (satMul/satAdd): an overflowing case fails the bounds check.
#include "paths.hpp"

namespace dcconf::oracle::detail {
namespace {

constexpr std::uint64_t kSmallC0Elems = 4;

bool smallC0(const Case& c) {
  const bool flag = std::get<Dn2NzParams>(c.params).enableSmallC0;
  return c.profile.smallC0Polarity == Profile::SmallC0Polarity::cApiPage ? !flag : flag;  // AMB-7
}

struct Layout {
  std::uint64_t s;
  std::uint64_t c0Elems;  // C0: one NZ row
  bool small;
};
Layout layout(const Case& c) {
  const std::uint64_t s = sizeBytes(c.dtype);
  return {s, smallC0(c) ? kSmallC0Elems : kDataBlockBytes / s, smallC0(c)};
}

// DN2NZ-3: where a small-C0 matrix's rows end (elements from the matrix start); the pad runs to the next 32 bytes.
std::uint64_t smallRowsEndElems(const Dn2NzParams& p, const Layout& l) {
  return ((std::uint64_t{p.nValue} - 1) * p.dstNzNStride + 1) * l.c0Elems;
}

std::vector<Violation> check(const Case& c) {
  std::vector<Violation> out;
  const auto& p = std::get<Dn2NzParams>(c.params);
  const std::uint64_t s = sizeBytes(c.dtype);
  // DN2NZ-2 (dValue, srcDnMatrixStride and the upper ends of srcDValue and dstNzMatrixStride are the full widths)
  requireRange(out, "DN2NZ-2", "params.dnNum", p.dnNum, 0, 4095);
  requireRange(out, "DN2NZ-2", "params.nValue", p.nValue, 0, 16384);
  if ((c.dtype == DType::fp4x2_e2m1_t || c.dtype == DType::fp4x2_e1m2_t) && p.nValue <= 16384 && p.nValue % 2 != 0) {  // DN2NZ-4: the vendor asserts an even nValue for fp4x2
    out.push_back(violation("DN2NZ-4", "params.nValue", p.nValue, "nValue must be even for " + std::string(name(c.dtype))));
  }
  requireRange(out, "DN2NZ-2", "params.srcDValue", p.srcDValue, 1, ~std::uint64_t{0});
  requireRange(out, "DN2NZ-2", "params.dstNzC0Stride", p.dstNzC0Stride, 1, 65535);
  requireRange(out, "DN2NZ-2", "params.dstNzNStride", p.dstNzNStride, 1, 65535);
  const bool zeroMatrixStrideOk =
      p.dnNum <= 1 && c.profile.nd2nzZeroMatrixStride == Profile::Nd2NzZeroMatrixStride::acceptWhenSingle;  // AMB-6
  if (p.dstNzMatrixStride == 0 && !zeroMatrixStrideOk) {
    out.push_back(violation("DN2NZ-2", "params.dstNzMatrixStride", 0,
                            "dstNzMatrixStride must be in [1, 2^32-1] (AMB-6: 0 only with dnNum <= 1 under the "
                            "default profile)"));
  }
  if ((std::uint64_t{p.dstNzMatrixStride} * s) % kDataBlockBytes != 0) {
    out.push_back(violation("DN2NZ-2", "params.dstNzMatrixStride", p.dstNzMatrixStride,
                            "dstNzMatrixStride*sizeof(T) must be a multiple of 32 (sizeof(T) = " + std::to_string(s) +
                                ")"));
  }
  if (smallC0(c) && p.dValue > kSmallC0Elems) {
    out.push_back(violation("DN2NZ-3", "params.enableSmallC0", p.enableSmallC0 ? 1 : 0,
                            "the small-C0 mode needs dValue <= 4, dValue is " + std::to_string(p.dValue) +
                                (c.profile.smallC0Polarity == Profile::SmallC0Polarity::cApiPage
                                     ? " (AMB-7 profile c-api-page: enableSmallC0 false selects it)"
                                     : " (AMB-7)")));
  }
  return out;
}

bool movesNothing(const Dn2NzParams& p) { return p.dnNum == 0 || p.nValue == 0 || p.dValue == 0; }

Extents extents(const Case& c) {
  const auto& p = std::get<Dn2NzParams>(c.params);
  if (movesNothing(p)) return {};
  const Layout l = layout(c);
  const std::uint64_t lastMatrix = p.dnNum - 1u;
  const std::uint64_t lastColumnBlock = (std::uint64_t{p.dValue} - 1) / l.c0Elems;
  const std::uint64_t srcElems = satAdd(satAdd(satMul(lastMatrix, p.srcDnMatrixStride),
                                               satMul(std::uint64_t{p.dValue} - 1, p.srcDValue)),
                                        p.nValue);
  const std::uint64_t lastMatrixBytes =
      l.small ? alignUp(smallRowsEndElems(p, l) * l.s, kDataBlockBytes)
              : (lastColumnBlock * p.dstNzC0Stride + (std::uint64_t{p.nValue} - 1) * p.dstNzNStride + 1) * l.c0Elems * l.s;
  return {satMul(srcElems, l.s), satAdd(satMul(satMul(lastMatrix, p.dstNzMatrixStride), l.s), lastMatrixBytes)};
}

void walk(const Case& c, WriteSink& sink) {
  ByteWriter out(sink);
  const Dn2NzParams p = std::get<Dn2NzParams>(c.params);  // copies: a byte store may alias what a reference names
  if (movesNothing(p)) return;
  const Layout l = layout(c);
  const std::uint64_t dAligned = alignUp(p.dValue, l.c0Elems);
  for (std::uint64_t i = 0; i < p.dnNum; ++i) {
    // column block by column block, so that the walk writes the NZ destination in order (no write depends on
    // another's order: a byte written twice is ANY either way, ND2NZ-4)
    for (std::uint64_t db = 0; db < dAligned / l.c0Elems; ++db) {  // d / C0, without a division per element
      for (std::uint64_t n = 0; n < p.nValue; ++n) {
        for (std::uint64_t k = 0; k < l.c0Elems; ++k) {  // d % C0
          const std::uint64_t d = db * l.c0Elems + k;
          const std::uint64_t dstElem =
              i * p.dstNzMatrixStride + db * p.dstNzC0Stride * l.c0Elems + n * p.dstNzNStride * l.c0Elems + k;
          const std::uint64_t srcElem = i * p.srcDnMatrixStride + d * p.srcDValue + n;
          for (std::uint64_t b = 0; b < l.s; ++b) {
            if (d < p.dValue) {
              out.write(dstElem * l.s + b, ByteSource::fromSource(srcElem * l.s + b), Region::data);
            } else {
              out.write(dstElem * l.s + b, ByteSource::fromLiteral(0), Region::zeroTail);
            }
          }
        }
      }
    }
    if (!l.small) continue;
    // DN2NZ-3: the small-C0 matrix is zero-padded to a multiple of 32 bytes
    const std::uint64_t matrixByte = i * p.dstNzMatrixStride * l.s;
    const std::uint64_t rowsEndByte = smallRowsEndElems(p, l) * l.s;
    for (std::uint64_t b = rowsEndByte; b < alignUp(rowsEndByte, kDataBlockBytes); ++b) {
      out.write(matrixByte + b, ByteSource::fromLiteral(0), Region::zeroTail);
    }
  }
}

}  // namespace

const PathSemantics& dn2nzSemantics() {
  static const PathSemantics semantics{check, extents, walk};
  return semantics;
}

}  // namespace dcconf::oracle::detail
