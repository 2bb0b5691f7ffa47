// =====================================================================================================================
// DataCopy ND2NZ, VECIN/VECOUT -> TSCM (software emulated)          SEMANTICS section 6b, clauses ND2NZ-6..8 (project)
// =====================================================================================================================
// The placement is GM->L1's (nd2nz.cpp walks it); this file holds what differs: the page's ranges (ND2NZ-6), the
// layouts every vendor route places as the page does (ND2NZ-7, AMB-38), and the 950 SSBuffer route's x + 0 on the
// values (ND2NZ-8, AMB-39). s = sizeof(T), C0 = 32/s.
// @post (ND2NZ-6) ND2NZ-2/3 for the one matrix: dst[(c/C0)*dstNzC0Stride*C0 + r*dstNzNStride*C0 + c%C0] ==
//                 src[r*srcDValue + c] for r < nValue, c < dValue; 0 for dValue <= c < AlignUp(dValue, C0).
// @post (ND2NZ-8) on the 950 by default: a half/bfloat16_t/float element that is -0, subnormal or NaN is ANY (a NaN
//                 stays a NaN); every moved byte of an 8-bit T is ANY. Nothing else is written (G-1).
#include <cmath>

#include "dcconf/oracle/numeric.hpp"
#include "paths.hpp"

namespace dcconf::oracle::detail {
namespace {

bool pageReading(const Case& c) { return c.profile.nd2nzU2L1Reading == Profile::Nd2NzU2L1Reading::page; }

}  // namespace

// DataCopy with Nd2NzParams, not DataCopyPad UB->TSCM (PAD-U2L1), whose path is the same
bool isNd2NzUbToL1(const Case& c) {
  return c.api == Api::DataCopy && std::holds_alternative<Nd2NzParams>(c.params) &&
         isUbToL1Path(Operation::nd2nz, {c.srcPos, c.dstPos});
}

// ND2NZ-6, then ND2NZ-7 (AMB-38).
std::vector<Violation> checkNd2NzUbToL1(const Case& c) {
  std::vector<Violation> out;
  const Nd2NzParams& p = std::get<Nd2NzParams>(c.params);
  requireRange(out, "ND2NZ-6", "params.ndNum", p.ndNum, 1, 1);
  requireRange(out, "ND2NZ-6", "params.nValue", p.nValue, 1, 16384);
  requireRange(out, "ND2NZ-6", "params.dValue", p.dValue, 1, 65535);
  requireRange(out, "ND2NZ-6", "params.srcDValue", p.srcDValue, 1, 65535);
  requireRange(out, "ND2NZ-6", "params.dstNzC0Stride", p.dstNzC0Stride, 1, 16384);
  requireRange(out, "ND2NZ-6", "params.dstNzNStride", p.dstNzNStride, 1, 16384);
  requireRange(out, "ND2NZ-6", "params.dstNzMatrixStride", p.dstNzMatrixStride, 0, 16384);
  if (!out.empty() || pageReading(c)) return out;
  auto reject = [&](const char* field, std::uint64_t value, const std::string& why) {
    out.push_back(violation("ND2NZ-7", std::string("params.") + field, value,
                            why + " (AMB-38: a vendor route and the page disagree; profile nd2nzu2l1-page accepts)"));
  };
  const std::uint64_t s = sizeBytes(c.dtype);
  const std::uint64_t C0 = kDataBlockBytes / s;
  // the GM workspace route: floor(nValue*dValue*s/32) blocks of the source, contiguous, then GM->L1's ND2NZ
  if (p.nValue > 1 && p.srcDValue != p.dValue) {
    reject("srcDValue", p.srcDValue, "srcDValue must equal dValue when nValue > 1: the workspace holds nValue*dValue elements");
  }
  if (std::uint64_t{p.nValue} * p.dValue * s % kDataBlockBytes != 0) {
    reject("dValue", p.dValue, "nValue*dValue*sizeof(T) must be a multiple of 32: the workspace copy drops the rest");
  }
  if (c.product != Product::ascend950) return out;
  // the 950's SSBuffer route: its assertions, then its scratch layout (column blocks nValue blocks apart, rows one
  // block apart) copied as it lies
  if (p.dValue % C0 != 0) reject("dValue", p.dValue, "dValue*sizeof(T) must be a multiple of 32 on the 950");
  if (p.srcDValue % C0 != 0) reject("srcDValue", p.srcDValue, "srcDValue*sizeof(T) must be a multiple of 32 on the 950");
  if (p.nValue > 1 && p.dstNzNStride != 1) {
    reject("dstNzNStride", p.dstNzNStride, "dstNzNStride must be 1 on the 950 when nValue > 1: its scratch rows are one block apart");
  }
  if (p.dValue > C0 && p.dstNzC0Stride != p.nValue) {
    reject("dstNzC0Stride", p.dstNzC0Stride,
           "dstNzC0Stride must equal nValue on the 950 when dValue > C0: its scratch column blocks are nValue blocks apart");
  }
  return out;
}

// ND2NZ-8 (AMB-39): the 8-bit bytes the 950's SSBuffer route moves through an undefined mask are ANY.
bool nd2nzUbToL1BytesOpen(const Case& c) {
  return isNd2NzUbToL1(c) && c.product == Product::ascend950 &&
         c.profile.nd2nzU2L1Values == Profile::Nd2NzU2L1Values::any && sizeBytes(c.dtype) == 1;
}

// ND2NZ-8 (AMB-39): the moved float elements x + 0 may change, marked in the expectation after the walk.
void applyNd2NzUbToL1Values(const Case& c, std::span<const ByteRange> windows, Expectation& e) {
  if (!isNd2NzUbToL1(c) || c.product != Product::ascend950 ||
      c.profile.nd2nzU2L1Values != Profile::Nd2NzU2L1Values::any) {
    return;
  }
  if (c.dtype != DType::half && c.dtype != DType::bfloat16_t && c.dtype != DType::float_) return;
  const std::uint64_t s = sizeBytes(c.dtype);
  const std::uint64_t start = c.dst.offsetBytes;  // elements of T from the copy's destination start
  std::uint64_t windowAt = 0;  // index in the expectation of the window's first byte
  for (const ByteRange& w : windows) {
    const std::uint64_t first = w.begin > start ? start + (w.begin - start + s - 1) / s * s : start;
    for (std::uint64_t q = first; q + s <= w.end; q += s) {  // whole elements [q, q + s) inside the window
      const std::uint64_t at = windowAt + (q - w.begin);
      if (e.region[at] != Region::data) continue;
      const double x = decodeElement(c.dtype, loadElementBits(e.expected, at, static_cast<std::uint32_t>(s)));
      const bool changes = std::isnan(x) || (x == 0.0 && std::signbit(x)) || isSubnormal(c.dtype, x);
      if (!changes) continue;
      for (std::uint64_t b = 0; b < s; ++b) {
        e.care[at + b] = 0;
        e.region[at + b] = Region::ambiguous39;
      }
      if (std::isnan(x)) e.classes.push_back({at, c.dtype, ValueClass::nan});
    }
    windowAt += w.end - w.begin;
  }
}

}  // namespace dcconf::oracle::detail
