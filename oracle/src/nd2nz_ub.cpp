// =====================================================================================================================
// DataCopy ND2NZ, GM -> VECIN (software emulated)                 SEMANTICS section 6a, clauses ND2NZUB-* (project)
// =====================================================================================================================
// The vendor emulates the call with one DataCopyPad GM->UB block per row and column block (isPad false). Its layout
// is ND2NZ-2's only on part of ND2NZ-1's ranges; AMB-33 rejects the rest by default (profile nd2nzub-page: the
// page's ND2NZ-2/3 everywhere). C0 = 32/s elements; float on Atlas A2/A3 moves 16-element rows (AMB-34).
// @post (ND2NZUB-3) dst[(c/C0)*dstNzC0Stride*(32/s) + r*dstNzNStride*(32/s) + c%C0] == src[r*srcDValue + c]
//                   for r < nValue, c < dValue (ndNum 1; ndNum 0 writes nothing).
// @post (ND2NZUB-4) in the last column block, bytes [cn*s, AlignUp(cn*s, 32)) of each row are ANY (cn = dValue
//                   % C0 != 0); under nd2nzub-page they are 0 for c < AlignUp(dValue, C0) instead.
// @post (ND2NZUB-5) an element written twice is ANY.  Nothing else is written (G-1).
#include <algorithm>

#include "paths.hpp"

namespace dcconf::oracle::detail {
namespace {

constexpr std::uint64_t kRowsPerPadCall = 255;  // the emulation's DataCopyPad blockCount (MAX_REPEAT_TIMES)
constexpr std::uint64_t kU16 = 65535;

bool sixteenFloatRows(const Case& c) { return nd2nzGmToUbC0(c) * sizeBytes(c.dtype) == 2 * kDataBlockBytes; }
std::uint64_t c0Elements(const Case& c) { return nd2nzGmToUbC0(c); }

bool pageReading(const Case& c) { return c.profile.nd2nzUbReading == Profile::Nd2NzUbReading::page; }

std::vector<Violation> check(const Case& c) {
  std::vector<Violation> out;
  const Nd2NzParams& p = std::get<Nd2NzParams>(c.params);
  checkNd2NzRanges(out, "params.", p, c.profile);  // ND2NZUB-2: ND2NZ-1's ranges
  if (pageReading(c) || !out.empty() || p.ndNum == 0 || p.nValue == 0 || p.dValue == 0) return out;
  // AMB-33: where the emulation and the page place data differently, the default rejects (G-4).
  const std::uint64_t s = sizeBytes(c.dtype);
  const std::uint64_t C0 = c0Elements(c);
  auto reject = [&](const char* field, std::uint64_t value, const std::string& why) {
    out.push_back(violation("ND2NZUB-3", std::string("params.") + field, value,
                            why + " (AMB-33: the emulation and the page disagree; profile nd2nzub-page accepts)"));
  };
  if (p.ndNum > 1) reject("ndNum", p.ndNum, "ndNum must be 0 or 1: the emulation writes every matrix at one place");
  // one matrix: the emulation adds both matrix strides to it once (more matrices are ndNum's violation alone)
  if (p.ndNum == 1 && p.srcNdMatrixStride != 0) {
    reject("srcNdMatrixStride", p.srcNdMatrixStride, "srcNdMatrixStride must be 0: the emulation adds it to matrix 0");
  }
  if (p.ndNum == 1 && p.dstNzMatrixStride != 0) {
    reject("dstNzMatrixStride", p.dstNzMatrixStride, "dstNzMatrixStride must be 0: the emulation adds it to matrix 0");
  }
  const bool tail = p.dValue % C0 != 0;
  if (sixteenFloatRows(c)) {  // rows 64 bytes apart unless the pad call's dstStride (dstNzNStride - 2 blocks) says more
    if (p.dstNzNStride < 2) {
      reject("dstNzNStride", p.dstNzNStride, "dstNzNStride must be >= 2 for float's 64-byte rows");
    } else if (p.dstNzNStride != 2 && (tail || p.nValue > kRowsPerPadCall)) {
      reject("dstNzNStride", p.dstNzNStride,
             "dstNzNStride must be 2 when dValue % 16 != 0 or nValue > 255: the tail block and the 255-row calls keep "
             "a 64-byte pitch");
    }
  } else if (p.dstNzNStride != 1) {
    reject("dstNzNStride", p.dstNzNStride, "dstNzNStride must be 1: the emulation's row pitch is one block below 64");
  }
  if (p.nValue > kRowsPerPadCall && (p.srcDValue != p.dValue || std::uint64_t{p.dValue} * kRowsPerPadCall > kU16)) {
    reject("srcDValue", p.srcDValue,
           "nValue > 255 needs srcDValue == dValue <= 257: the emulation steps 255-row calls by dValue in 16 bits");
  }
  if (p.srcDValue < std::min<std::uint64_t>(p.dValue, C0)) {
    reject("srcDValue", p.srcDValue, "srcDValue must be >= min(dValue, C0): the pad call's srcStride goes negative");
  }
  const std::uint64_t lastBlockOffset = (alignUp(p.dValue, C0) / C0 - 1) * p.dstNzC0Stride * (kDataBlockBytes / s);
  if (lastBlockOffset > kU16) {
    reject("dstNzC0Stride", p.dstNzC0Stride,
           "(ceil(dValue/C0)-1)*dstNzC0Stride*32/s must be <= 65535: the emulation's 16-bit destination offset");
  }
  return out;
}

Extents extents(const Case& c) {
  const Nd2NzParams& p = std::get<Nd2NzParams>(c.params);
  const std::uint64_t s = sizeBytes(c.dtype);
  if (pageReading(c)) return nd2nzExtents(p, static_cast<std::uint32_t>(s));
  if (p.ndNum == 0 || p.nValue == 0 || p.dValue == 0) return {};  // ND2NZ-1: moves nothing
  const std::uint64_t C0 = c0Elements(c);
  const std::uint64_t columnBlocks = alignUp(p.dValue, C0) / C0;
  const std::uint64_t lastRowStart = (std::uint64_t{p.nValue} - 1) * p.dstNzNStride * kDataBlockBytes;
  std::uint64_t dstBytes = 0;  // a full 64-byte float row may end past the shorter last block: look at both
  for (std::uint64_t cb = columnBlocks - std::min<std::uint64_t>(columnBlocks, 2); cb < columnBlocks; ++cb) {
    const std::uint64_t columns = std::min<std::uint64_t>(C0, p.dValue - cb * C0);
    dstBytes = std::max(dstBytes, cb * p.dstNzC0Stride * kDataBlockBytes + lastRowStart +
                                      alignUp(columns * s, kDataBlockBytes));
  }
  const std::uint64_t srcBytes = ((std::uint64_t{p.nValue} - 1) * p.srcDValue + p.dValue) * s;
  return {srcBytes, dstBytes};
}

// ND2NZUB-3/4: row r's part of column block cb is one DataCopyPad block; its bytes past the data up to the next
// 32-byte boundary are the pad call's dummy bytes (ANY), the rest of a 64-byte float row is not written.
void walk(const Case& c, WriteSink& sink) {
  const Nd2NzParams p = std::get<Nd2NzParams>(c.params);
  const std::uint64_t s = sizeBytes(c.dtype);
  if (pageReading(c)) return walkNd2Nz(p, static_cast<std::uint32_t>(s), sink, Nd2NzSource{});
  if (p.ndNum == 0) return;
  ByteWriter out(sink);
  const std::uint64_t C0 = c0Elements(c);
  for (std::uint64_t cb = 0; cb < alignUp(p.dValue, C0) / C0; ++cb) {
    const std::uint64_t columns = std::min<std::uint64_t>(C0, p.dValue - cb * C0);
    const std::uint64_t blockBytes = alignUp(columns * s, kDataBlockBytes);
    for (std::uint64_t r = 0; r < p.nValue; ++r) {
      const std::uint64_t rowStart = cb * p.dstNzC0Stride * kDataBlockBytes + r * p.dstNzNStride * kDataBlockBytes;
      const std::uint64_t srcStart = (r * p.srcDValue + cb * C0) * s;
      for (std::uint64_t b = 0; b < blockBytes; ++b) {
        if (b < columns * s) {
          out.write(rowStart + b, ByteSource::fromSource(srcStart + b), Region::data);
        } else {
          out.write(rowStart + b, ByteSource::any(), Region::dummy);
        }
      }
    }
  }
}

}  // namespace
}  // namespace dcconf::oracle::detail

namespace dcconf::oracle {
// AMB-34: the A2/A3 header has its own float emulation with 16-element (64-byte) rows.
std::uint64_t nd2nzGmToUbC0(const Case& c) {
  const bool headerFloatRows = c.dtype == DType::float_ &&
                               (c.product == Product::atlas_a2 || c.product == Product::atlas_a3) &&
                               c.profile.nd2nzUbFloatC0 == Profile::Nd2NzUbFloatC0::header16 &&
                               c.profile.nd2nzUbReading == Profile::Nd2NzUbReading::emulation;  // AMB-33's page: 32/s
  return headerFloatRows ? 16 : kDataBlockBytes / sizeBytes(c.dtype);
}
}  // namespace dcconf::oracle

namespace dcconf::oracle::detail {
const PathSemantics& nd2nzGmToUbSemantics() {
  static const PathSemantics semantics{check, extents, walk};
  return semantics;
}

}  // namespace dcconf::oracle::detail
