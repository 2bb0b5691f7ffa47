// =====================================================================================================================
// Ascend 950 Fixpipe out of L0C (FixpipeParamsArch3510<CO2Layout>)                 clauses FIX950-1..13 (project)
// =====================================================================================================================
// A case: Fixpipe<T, U, FixpipeConfig{layout[, isToUB]}>(dst GM, UB or L1, src CO1, FixpipeParamsArch3510<layout>), as
// DataCopyCO12DstParams (nSize, mSize, srcStride, dstStride, quantPre, reluPre = reluEn, channelSplit =
// isChannelSplit) plus FixpipeState (srcDType U, deqScalar = quantScalar, the V* tensor, layout, Nz2NdParams in
// ndNum/srcNdStride/dstNdStride, Nz2DnParams in nz2dn). Case::dtype is T.
//
// Source (FIX950-3/4): element (m, n) of matrix i is L0C element
//     NZ, ROW_MAJOR: i*16*srcNdStride       + (n/16)*srcStride*16 + 16*m                 + n%16
//     COLUMN_MAJOR:  i*16*srcNzMatrixStride + (n/16)*srcStride*16 + 16*srcNzC0Stride*m   + n%16
// (srcNdStride and srcNzMatrixStride count C0_SIZE = 16 elements on the 950, not A2's 1024 bytes.)
// Destination element (FIX950-2/3/4), bytes = element * sizeof(T):
//     NZ:           (n/C0d)*dstStride + C0d*m + n%C0d      (dstStride in elements, not A2's 32-byte blocks)
//     ROW_MAJOR:    i*dstNdStride + m*dstStride + n
//     COLUMN_MAJOR: i*dstDnMatrixStride + n*dstStride + m  (the transposed result)
// CO1->VECIN/VECOUT (FIX950-8) and CO1->A1 (FIX950-13): the same formulas, dstStride in elements. dualDstCtl 1/2 (FIX950-9..11): the
// buffer is sub-block 0's UB in bytes [0, B/2) and sub-block 1's in [B/2, B), the start offset inside each half;
// the M split gives half h rows [h*mSize/2, (h+1)*mSize/2) as rows m' = m - h*mSize/2 (AMB-31: mSize is the whole
// result), the N split columns [h*nSize/2, (h+1)*nSize/2) as n' = n - h*nSize/2; each half uses the layout formula.
// @post a dual-destination case writes element (i, m, n) at byte h*B/2 + (destination element of (i, m', n'))*s of
//       the copy's destination, h its half; nothing else changes.
// @post a zero nSize, mSize, ndNum (ROW_MAJOR) or dnNum (COLUMN_MAJOR) writes nothing under the default (AMB-23:
//       the page's NOP); profile fix950-zero-reject rejects it (the header's assertions).
// @post every destination byte outside the elements above is KEEP (G-1); an element's value is FIX-6's conversion
//       of the element read, exactly as on A2/A3 (FIX950-5), with AMB-8..12/20 open as there.
// Validation (G-4): FIX950-1 layout/nz2ndEn/dtype pairs (FIX-4), FIX950-2 sizes and strides, FIX950-3 Nz2NdParams,
// FIX950-4 Nz2DnParams (AMB-24: the header's limits), FIX950-6 zero counts under AMB-23, FIX950-8 the UB checks,
// FIX950-9 dualDstCtl and the even buffer, FIX950-10 even mSize, FIX950-11 nSize a multiple of 32, FIX950-13 the
// L1 checks (as the UB's).
#include <algorithm>
#include <string>

#include "paths.hpp"
#include "readings.hpp"

namespace dcconf::oracle::detail {
namespace {

constexpr std::uint64_t kMaxNSize = 4095;          // FIX950-2: nSize in [0, 4095] (page, header UINT12_MAX)
constexpr std::uint64_t kMaxDnMSize = 32767;       // FIX950-4 / AMB-24: the header's UINT15_MAX for NZ2DN

const DataCopyCO12DstParams& paramsOf(const Case& c) { return std::get<DataCopyCO12DstParams>(c.params); }
Co2Layout layoutOf(const Case& c) { return *c.fixpipe->layout; }

// FIX950-2: the NZ destination's C0d in elements of T (FIX-1's: 8 with channelSplit, 32 for 8-bit T, else 16).
std::uint64_t c0Of(const Case& c) {
  if (paramsOf(c).channelSplit) return 8;
  return sizeBytes(c.dtype) == 1 ? 32 : 16;
}

std::uint64_t matrixCount(const Case& c) {
  switch (layoutOf(c)) {
    case Co2Layout::ROW_MAJOR: return c.fixpipe->ndNum;
    case Co2Layout::COLUMN_MAJOR: return c.fixpipe->nz2dn.dnNum;
    case Co2Layout::NZ: break;
  }
  return 1;
}

bool toUb(const Case& c) { return c.dstPos == Position::VECIN || c.dstPos == Position::VECOUT; }
bool toL1(const Case& c) { return c.dstPos == Position::A1; }
// FIX950-9: dualDstCtl 1 (M split) or 2 (N split).
bool isDual(const Case& c) { return c.fixpipe->dualDstCtl == 1 || c.fixpipe->dualDstCtl == 2; }
constexpr std::uint8_t kSplitM = 1;
constexpr std::uint8_t kMaxDualDstCtl = 2;  // FIX950-9: 3 (0b11) is reserved

// FIX950-6 / AMB-23: a zero count is the page's NOP.
bool isNop(const Case& c) { return paramsOf(c).nSize == 0 || paramsOf(c).mSize == 0 || matrixCount(c) == 0; }

std::vector<Violation> check(const Case& c) {
  std::vector<Violation> out;
  const auto& p = paramsOf(c);
  const FixpipeState& f = *c.fixpipe;
  const Co2Layout layout = layoutOf(c);
  if (static_cast<std::size_t>(layout) >= std::size(kAllCo2Layouts)) {
    out.push_back(violation("FIX950-1", "fixpipe.layout", static_cast<std::uint64_t>(layout),
                            "not a CO2Layout value (NZ, ROW_MAJOR, COLUMN_MAJOR)"));
    return out;
  }
  const auto modeIndex = static_cast<std::size_t>(p.quantPre);
  if (modeIndex >= std::size(kAllQuantModes)) {
    out.push_back(violation("FIX950-1", "params.quantPre", modeIndex, "not a QuantMode_t value (0..8)"));
    return out;
  }
  if (f.srcDType != DType::float_ && f.srcDType != DType::int32_t) {
    out.push_back({"FIX950-1", "fixpipe.srcDType", std::string(name(f.srcDType)), "the L0C source U is float or int32_t"});
  } else if (!fixPairAllowed(p.quantPre, f.srcDType, c.dtype)) {
    out.push_back({"FIX950-1", "dtype", std::string(name(c.dtype)),
                   std::string(name(f.srcDType)) + " -> " + std::string(name(c.dtype)) + " is not a conversion of " +
                       std::string(name(p.quantPre)) + " (FIX-4)"});
  }
  if (p.nz2ndEn) {
    out.push_back(violation("FIX950-1", "params.nz2ndEn", 1,
                            "FixpipeParamsArch3510 has no nz2ndEn: the layout is fixpipe.layout (ROW_MAJOR for ND)"));
  }
  if (p.reluPre > 1) out.push_back(violation("FIX950-1", "params.reluPre", p.reluPre, "reluEn is 0 or 1"));
  if (p.nSize > kMaxNSize) out.push_back(violation("FIX950-2", "params.nSize", p.nSize, "nSize must be <= 4095"));
  if (p.srcStride % 16 != 0) {
    out.push_back(violation("FIX950-2", "params.srcStride", p.srcStride, "srcStride must be a multiple of 16 (FIX-1)"));
  }
  if (p.dstStride == 0) out.push_back(violation("FIX950-2", "params.dstStride", 0, "dstStride must not be 0"));
  if (p.channelSplit) {
    if (c.dtype != DType::float_ || f.srcDType != DType::float_) {
      out.push_back(violation("FIX950-2", "params.channelSplit", 1, "isChannelSplit is for float -> float only"));
    }
    if (layout != Co2Layout::NZ) {
      out.push_back(violation("FIX950-2", "params.channelSplit", 1, "isChannelSplit is not allowed with NZ2ND/NZ2DN"));
    }
  }
  if (layout == Co2Layout::NZ && p.nSize % c0Of(c) != 0) {
    out.push_back(violation("FIX950-2", "params.nSize", p.nSize,
                            "NZ output needs nSize a multiple of C0d = " + std::to_string(c0Of(c)) + " (" +
                                std::string(name(c.dtype)) + ")"));
  }
  if (layout == Co2Layout::ROW_MAJOR && f.ndNum > 1 && f.dstNdStride == 0) {
    out.push_back(violation("FIX950-3", "fixpipe.dstNdStride", 0, "dstNdStride must be >= 1 when ndNum > 1"));
  }
  if (layout == Co2Layout::COLUMN_MAJOR) {
    if (f.nz2dn.srcNzC0Stride == 0) {
      out.push_back(violation("FIX950-4", "fixpipe.nz2dn.srcNzC0Stride", 0, "srcNzC0Stride must not be 0 with NZ2DN"));
    }
    if (p.mSize > kMaxDnMSize) {
      out.push_back(violation("FIX950-4", "params.mSize", p.mSize,
                              "NZ2DN mSize must be <= 32767 (the 950 header; AMB-24: the page says 65535)"));
    }
    if (f.nz2dn.dnNum > 1 && f.nz2dn.dstDnMatrixStride == 0) {
      out.push_back(violation("FIX950-4", "fixpipe.nz2dn.dstDnMatrixStride", 0,
                              "dstDnMatrixStride must be >= 1 when dnNum > 1 (the 950 header; AMB-24)"));
    }
  }
  if (c.profile.fix950Zero == Profile::Fix950Zero::reject) {  // AMB-23 under fix950-zero-reject
    const char* note = " (AMB-23: the default takes the page's NOP)";
    if (p.nSize == 0) out.push_back(violation("FIX950-6", "params.nSize", 0, std::string("nSize must be >= 1") + note));
    if (p.mSize == 0) out.push_back(violation("FIX950-6", "params.mSize", 0, std::string("mSize must be >= 1") + note));
    if (layout == Co2Layout::ROW_MAJOR && f.ndNum == 0) {
      out.push_back(violation("FIX950-6", "fixpipe.ndNum", 0, std::string("ndNum must be >= 1") + note));
    }
    if (layout == Co2Layout::COLUMN_MAJOR && f.nz2dn.dnNum == 0) {
      out.push_back(violation("FIX950-6", "fixpipe.nz2dn.dnNum", 0, std::string("dnNum must be >= 1") + note));
    }
  }
  if (toUb(c) || toL1(c)) {  // FIX950-8 / FIX950-13: the header's L0C->UB and L0C->L1 checks
    const char* clause = toUb(c) ? "FIX950-8" : "FIX950-13";
    const std::string where = toUb(c) ? "the UB" : "L1";
    if (p.channelSplit) {
      out.push_back(violation(clause, "params.channelSplit", 1, "isChannelSplit is for CO1->GM only, not " + where));
    }
    const std::uint32_t s = sizeBytes(c.dtype);
    if (layout == Co2Layout::ROW_MAJOR && p.nSize * s % 32 != 0) {
      out.push_back(violation(clause, "params.nSize", p.nSize, "NZ2ND to " + where + " needs nSize*sizeof(T) a multiple of 32"));
    }
    if (layout == Co2Layout::COLUMN_MAJOR && p.mSize * s % 32 != 0) {
      out.push_back(violation(clause, "params.mSize", p.mSize, "NZ2DN to " + where + " needs mSize*sizeof(T) a multiple of 32"));
    }
  }
  if (f.dualDstCtl > kMaxDualDstCtl) {
    out.push_back(violation("FIX950-9", "fixpipe.dualDstCtl", f.dualDstCtl,
                            "dualDstCtl is 0 (one UB), 1 (M split) or 2 (N split); 3 is reserved"));
  } else if (isDual(c)) {
    if (!toUb(c)) {
      out.push_back(violation("FIX950-9", "fixpipe.dualDstCtl", f.dualDstCtl,
                              "the dual-destination mode is for CO1->VECIN/VECOUT only"));
    }
    if (layout == Co2Layout::COLUMN_MAJOR || p.quantPre != QuantMode::NoQuant || p.reluPre != 0) {
      out.push_back(violation("FIX950-9", "fixpipe.dualDstCtl", f.dualDstCtl,
                              "the dual-destination mode needs layout NZ or ROW_MAJOR, quantPre NoQuant and reluEn 0"));
    }
    if (c.dst.sizeBytes % 2 != 0) {
      out.push_back(violation("FIX950-9", "dst.size", c.dst.sizeBytes,
                              "a dual-destination buffer is the two sub-blocks' UBs end to end: its size must be even"));
    }
    if (f.dualDstCtl == kSplitM && p.mSize % 2 != 0) {
      out.push_back(violation("FIX950-10", "params.mSize", p.mSize, "the M split needs an even mSize"));
    }
    if (f.dualDstCtl != kSplitM && p.nSize % 32 != 0) {
      out.push_back(violation("FIX950-11", "params.nSize", p.nSize, "the N split needs nSize a multiple of 32"));
    }
  }
  if (fixIsVectorMode(p.quantPre) && f.quantTensor.size() < p.nSize) {
    out.push_back(violation("FIX950-5", "fixpipe.quantTensor", f.quantTensor.size(),
                            "a V* mode needs one uint64 parameter per column (nSize = " + std::to_string(p.nSize) + ")"));
  }
  return out;
}

// Source element index of (i, m, n): FIX950-3 / FIX950-4.
std::uint64_t srcElement(const Case& c, std::uint64_t i, std::uint64_t m, std::uint64_t n) {
  const auto& p = paramsOf(c);
  const FixpipeState& f = *c.fixpipe;
  const std::uint64_t block = (n / 16) * p.srcStride * 16 + n % 16;
  if (layoutOf(c) == Co2Layout::COLUMN_MAJOR) {
    return i * f.nz2dn.srcNzMatrixStride * kArch3510SrcNdStrideElements + block +
           m * 16 * std::uint64_t{f.nz2dn.srcNzC0Stride};
  }
  const std::uint64_t nd = layoutOf(c) == Co2Layout::ROW_MAJOR ? std::uint64_t{f.srcNdStride} : 0;
  return i * nd * kArch3510SrcNdStrideElements + block + 16 * m;
}

// Destination element index of (i, m, n): FIX950-2 / 3 / 4.
std::uint64_t dstElement(const Case& c, std::uint64_t i, std::uint64_t m, std::uint64_t n) {
  const auto& p = paramsOf(c);
  const FixpipeState& f = *c.fixpipe;
  switch (layoutOf(c)) {
    case Co2Layout::ROW_MAJOR: return i * f.dstNdStride + m * p.dstStride + n;
    case Co2Layout::COLUMN_MAJOR: return i * f.nz2dn.dstDnMatrixStride + n * p.dstStride + m;
    case Co2Layout::NZ: break;
  }
  const std::uint64_t c0 = c0Of(c);
  return (n / c0) * p.dstStride + c0 * m + n % c0;
}

// FIX950-9..11: where element (m, n) goes in a dual-destination case: the half h and the row and column inside it.
struct HalfPlace {
  std::uint64_t half = 0;
  std::uint64_t m = 0;
  std::uint64_t n = 0;
};
HalfPlace halfPlace(const Case& c, std::uint64_t m, std::uint64_t n) {
  const auto& p = paramsOf(c);
  if (!isDual(c)) return {0, m, n};
  // an as-if footprint of an invalid case (an mSize or nSize below 2) stays in one half
  if (c.fixpipe->dualDstCtl == kSplitM) {
    const std::uint64_t rows = p.mSize / 2;  // AMB-31: mSize counts the whole result (the golden)
    return rows == 0 ? HalfPlace{0, m, n} : HalfPlace{m / rows, m % rows, n};
  }
  const std::uint64_t cols = p.nSize / 2;
  return cols == 0 ? HalfPlace{0, m, n} : HalfPlace{n / cols, m, n % cols};
}

// Destination byte of (i, m, n) from the copy's start: the half's base, then the layout's element (FIX950-2..4, 8..11).
std::uint64_t dstByte(const Case& c, std::uint64_t i, std::uint64_t m, std::uint64_t n) {
  const HalfPlace at = halfPlace(c, m, n);
  return at.half * (c.dst.sizeBytes / 2) + dstElement(c, i, at.m, at.n) * sizeBytes(c.dtype);
}

Extents extents(const Case& c) {
  if (isNop(c)) return {};
  const auto& p = paramsOf(c);
  Extents e;
  const std::uint64_t last = matrixCount(c) - 1;
  for (std::uint64_t b = 0; b * 16 < p.nSize; ++b) {  // the widest element of each 16-column source block
    const std::uint64_t lastCol = std::min<std::uint64_t>(p.nSize - 1, b * 16 + 15);
    e.srcSpanBytes = std::max(e.srcSpanBytes, (srcElement(c, last, p.mSize - 1, lastCol) + 1) * 4);
  }
  // every destination formula grows with i, m and n (NZ: nSize is a multiple of C0d); a dual case's last element
  // is in the second half, whose span from B/2 is the first's: G-1 then asks each half to hold its part
  e.dstSpanBytes = dstByte(c, last, p.mSize - 1, p.nSize - 1) + sizeBytes(c.dtype);
  return e;
}

void walk(const Case& c, WriteSink& sink) {
  if (isNop(c)) return;  // FIX950-6 (AMB-23 default): nothing is written
  const auto& p = paramsOf(c);
  const std::uint32_t s = sizeBytes(c.dtype);
  ElementMemo memo;
  for (std::uint64_t i = 0; i < matrixCount(c); ++i) {
    for (std::uint64_t m = 0; m < p.mSize; ++m) {
      for (std::uint64_t n = 0; n < p.nSize; ++n) {
        const std::uint64_t to = dstByte(c, i, m, n);
        const auto x = sink.readElement(srcElement(c, i, m, n) * 4, 4);
        if (!x) {  // footprint only
          for (std::uint32_t b = 0; b < s; ++b) sink.write(to + b, ByteSource::any(), Region::data);
          continue;
        }
        // FIX950-5: FIX-6's quant word and conversion
        const std::uint64_t q = fixQuantWord(c, m, n);
        writeConverted(sink, to, s, memo(*x, q, [&] { return fixEvaluateElement(c, *x, q); }), c.dtype);
      }
    }
  }
}

}  // namespace

}  // namespace dcconf::oracle::detail

namespace dcconf::oracle {

bool isDualDestination(const Case& c) {
  return c.fixpipe && c.fixpipe->layout && (c.fixpipe->dualDstCtl == 1 || c.fixpipe->dualDstCtl == 2) &&
         (c.dstPos == Position::VECIN || c.dstPos == Position::VECOUT);
}

}  // namespace dcconf::oracle

namespace dcconf::oracle::detail {

const PathSemantics& fixpipe950Semantics() {
  static const PathSemantics semantics{check, extents, walk};
  return semantics;
}

}  // namespace dcconf::oracle::detail
