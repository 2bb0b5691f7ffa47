// The mutant catalogue: each entry is fast with one fault a simulator or kernel author could plausibly make, as
// (a) an edit of the case fast runs and/or (b) a fix-up of fast's result. Every mutant is wrong on some valid case:
// the kill matrix (dcconf mutants) shows a property failing on one.
#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <optional>
#include <variant>
#include <vector>

#include "dcconf/mutants/case_edits.hpp"
#include "dcconf/mutants/mutants.hpp"
#include "dcconf/oracle/numeric.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "isolated.hpp"

namespace dcconf::mutants {

using namespace dcconf::oracle;
using backends::RunResult;
using backends::RunStatus;

namespace {

using Bytes = std::span<std::uint8_t>;
using ConstBytes = std::span<const std::uint8_t>;

template <typename Field>
void setField(Field& field, std::uint64_t value) {
  field = static_cast<Field>(std::min<std::uint64_t>(value, std::numeric_limits<Field>::max()));
}

// PAD-G2U-2: the padded UB block width W in bytes.
std::uint64_t paddedWidthBytes(const Case& c, std::uint64_t blockLen) {
  std::uint64_t pads = 0;
  std::visit([&](const auto& p) {
    if constexpr (requires { p.isPad; }) pads = std::uint64_t{p.leftPadding} + p.rightPadding;
  }, c.padParams);
  return alignUp(pads * sizeBytes(c.dtype) + blockLen, 32);
}

void flip(Bytes dst, std::uint64_t at) {
  if (at < dst.size()) dst[at] = static_cast<std::uint8_t>(~dst[at]);
}

void putElement(ConstBytes from, std::uint64_t fromAt, Bytes to, std::uint64_t toAt, std::uint64_t s) {
  if (fromAt + s > from.size() || toAt + s > to.size()) return;
  std::copy_n(from.begin() + static_cast<std::ptrdiff_t>(fromAt), s, to.begin() + static_cast<std::ptrdiff_t>(toAt));
}

void zeroElement(Bytes to, std::uint64_t toAt, std::uint64_t s) {
  if (toAt + s > to.size()) return;
  std::fill_n(to.begin() + static_cast<std::ptrdiff_t>(toAt), s, std::uint8_t{0});
}

// An ND/DN -> NZ layout with explicit element strides, for faults fast's parameters cannot express.
struct NzLayout {
  std::uint64_t matrices = 0, rows = 0, cols = 0;
  std::uint64_t srcMatrix = 0, srcRow = 0, srcCol = 1;        // elements
  std::uint64_t dstMatrix = 0, dstC0Stride = 0, dstNStride = 0;  // elements; 32-byte units; 32-byte units
  std::uint64_t c0 = 16;                                        // elements
};

// ND2NZ-2/3 with the given layout: dst starts from before, data then the zero column tail.
void writeNz(const Case& c, const NzLayout& l, ConstBytes src, ConstBytes before, Bytes dst) {
  std::copy(before.begin(), before.end(), dst.begin());
  const std::uint64_t s = sizeBytes(c.dtype);
  for (std::uint64_t i = 0; i < l.matrices; ++i) {
    for (std::uint64_t r = 0; r < l.rows; ++r) {
      for (std::uint64_t col = 0; col < alignUp(l.cols, l.c0); ++col) {
        const std::uint64_t to = c.dst.offsetBytes +
            s * (i * l.dstMatrix + (col / l.c0) * l.dstC0Stride * l.c0 + r * l.dstNStride * l.c0 + col % l.c0);
        if (col >= l.cols) {
          zeroElement(dst, to, s);
        } else {
          putElement(src, c.src.offsetBytes + s * (i * l.srcMatrix + r * l.srcRow + col * l.srcCol), dst, to, s);
        }
      }
    }
  }
}

NzLayout nd2nzLayout(const Nd2NzParams& p, DType dtype) {
  return {p.ndNum, p.nValue, p.dValue, p.srcNdMatrixStride, p.srcDValue, 1, p.dstNzMatrixStride,
          p.dstNzC0Stride, p.dstNzNStride, 32 / sizeBytes(dtype)};
}

bool notTwoBytes(DType dtype) { return sizeBytes(dtype) != 2; }
bool fourBytes(DType dtype) { return sizeBytes(dtype) == 4; }
bool wideDType(DType dtype) { return sizeBytes(dtype) > 1; }

// ---- DataCopyPad GM -> UB (PAD-G2U) and UB -> GM (PAD-U2G), DataCopy 0-level (DC) -------------------------------

void dstStrideInBytes(Case& c) { editBlocks(c, [](auto& p) { p.dstStride = static_cast<decltype(p.dstStride)>(p.dstStride / 32); }); }
void srcStrideInBytes(Case& c) { editBlocks(c, [](auto& p) { p.srcStride = static_cast<decltype(p.srcStride)>(p.srcStride / 32); }); }
void dstStrideInBlocks(Case& c) { editBlocks(c, [](auto& p) { setField(p.dstStride, std::uint64_t{p.dstStride} * 32); }); }
void srcStrideInBlocks(Case& c) { editBlocks(c, [](auto& p) { setField(p.srcStride, std::uint64_t{p.srcStride} * 32); }); }
void dropLastBlock(Case& c) { editBlocks(c, [](auto& p) { if (p.blockCount > 1) --p.blockCount; }); }
void extraBlock(Case& c) { editBlocks(c, [](auto& p) { if (p.blockCount < 4095) ++p.blockCount; }); }
void stridesSwapped(Case& c) { editBlocks(c, [](auto& p) { std::swap(p.srcStride, p.dstStride); }); }
void srcOffsetAlignedDown(Case& c) { c.src.offsetBytes = c.src.offsetBytes / 32 * 32; }
void dstOffsetAlignedDown(Case& c) { c.dst.offsetBytes = c.dst.offsetBytes / 32 * 32; }

// PAD-G2U-2: the UB pitch taken as 32*dstStride (head to head) instead of W + 32*dstStride.
void g2uDstStrideHeadToHead(Case& c) {
  const Case original = c;
  editBlocks(c, [&](auto& p) {
    const std::uint64_t widthBlocks = paddedWidthBytes(original, p.blockLen) / 32;
    setField(p.dstStride, p.dstStride > widthBlocks ? p.dstStride - widthBlocks : 0);
  });
}
// DC-2: the source pitch taken as 32*srcStride (head to head) instead of 32*(blockLen + srcStride).
void dcSrcStrideHeadToHead(Case& c) {
  editBlocks(c, [](auto& p) { setField(p.srcStride, p.srcStride > p.blockLen ? p.srcStride - p.blockLen : 0); });
}
void dcDstStrideHeadToHead(Case& c) {
  editBlocks(c, [](auto& p) { setField(p.dstStride, p.dstStride > p.blockLen ? p.dstStride - p.blockLen : 0); });
}
void padsSwapped(Case& c) { editPad(c, [](auto& p) { std::swap(p.leftPadding, p.rightPadding); }); }
void padValueLowByteOnly(Case& c) { editPad(c, [](auto& p) { p.paddingValue &= 0xFF; }); }
void padValueByteSwapped(Case& c) {
  const std::uint64_t s = sizeBytes(c.dtype);
  editPad(c, [&](auto& p) {
    std::uint64_t swapped = 0;
    for (std::uint64_t k = 0; k < s; ++k) swapped |= ((p.paddingValue >> (8 * k)) & 0xFF) << (8 * (s - 1 - k));
    p.paddingValue = swapped;
  });
}
void isPadIgnored(Case& c) { editPad(c, [](auto& p) { p.isPad = false; }); }
void padRegisterIgnored(Case& c) { c.padRegister.reset(); }
void leftPadIgnored(Case& c) { editPad(c, [](auto& p) { p.leftPadding = 0; }); }

// G-1: one byte written just past the last block (a dummy or burst overrun).
void byteWrittenPastEnd(const Case& c, ConstBytes, ConstBytes, Bytes dst) {
  const Footprint f = footprint(c);
  if (!f.writes.empty()) flip(dst, f.writes.back().end);
}

// PAD-U2G-2: each GM block written AlignUp(B, 32) bytes long, the UB dummy included (later blocks win overlaps).
void u2gDummyWrittenOut(const Case& c, ConstBytes src, ConstBytes, Bytes dst) {
  std::visit([&](const auto& p) {
    if constexpr (requires { p.blockLen; p.srcStride; }) {
      const std::uint64_t b = p.blockLen, w = alignUp(b, 32);
      for (std::uint64_t i = 0; i < p.blockCount; ++i) {
        const std::uint64_t from = c.src.offsetBytes + i * (w + 32 * std::uint64_t{p.srcStride});
        const std::uint64_t to = c.dst.offsetBytes + i * (b + p.dstStride);
        for (std::uint64_t k = b; k < w; ++k) putElement(src, from + k, dst, to + k, 1);
      }
    }
  }, c.params);
}

// ---- DataCopy 2-level (DC-3) ---------------------------------------------------------------------------------------

void dc3RoundsUp(Case& c) {
  auto& p = std::get<CalCount>(c.params);
  const std::uint64_t s = sizeBytes(c.dtype);
  setField(p.calCount, alignUp(std::uint64_t{p.calCount} * s, 32) / s);
}
void dc3CountInBytes(Case& c) {
  auto& p = std::get<CalCount>(c.params);
  p.calCount /= sizeBytes(c.dtype);
}

// ---- ND2NZ ---------------------------------------------------------------------------------------------------------

void nd2nzC0Always16(const Case& c, ConstBytes src, ConstBytes before, Bytes dst) {
  NzLayout l = nd2nzLayout(std::get<Nd2NzParams>(c.params), c.dtype);
  l.c0 = 16;
  writeNz(c, l, src, before, dst);
}
void nd2nzTailNotZeroed(const Case& c, ConstBytes src, ConstBytes before, Bytes dst) {
  NzLayout l = nd2nzLayout(std::get<Nd2NzParams>(c.params), c.dtype);
  std::vector<std::uint8_t> zeroed(dst.begin(), dst.end());
  writeNz(c, l, src, before, dst);  // tail zeroed; now put the prior bytes back where only the tail went
  const std::uint64_t s = sizeBytes(c.dtype);
  for (std::uint64_t i = 0; i < l.matrices; ++i) {
    for (std::uint64_t r = 0; r < l.rows; ++r) {
      for (std::uint64_t col = l.cols; col < alignUp(l.cols, l.c0); ++col) {
        const std::uint64_t to = c.dst.offsetBytes +
            s * (i * l.dstMatrix + (col / l.c0) * l.dstC0Stride * l.c0 + r * l.dstNStride * l.c0 + col % l.c0);
        putElement(before, to, dst, to, s);
      }
    }
  }
}
void nd2nzRowsBeyondNZeroed(const Case& c, ConstBytes, ConstBytes, Bytes dst) {
  const NzLayout l = nd2nzLayout(std::get<Nd2NzParams>(c.params), c.dtype);
  const std::uint64_t s = sizeBytes(c.dtype);
  for (std::uint64_t i = 0; i < l.matrices; ++i) {
    for (std::uint64_t r = l.rows; r < alignUp(l.rows, 16); ++r) {
      for (std::uint64_t col = 0; col < alignUp(l.cols, l.c0); ++col) {
        zeroElement(dst, c.dst.offsetBytes + s * (i * l.dstMatrix + (col / l.c0) * l.dstC0Stride * l.c0 +
                                                  r * l.dstNStride * l.c0 + col % l.c0), s);
      }
    }
  }
}
void nd2nzDstStridesSwapped(Case& c) {
  auto& p = std::get<Nd2NzParams>(c.params);
  std::swap(p.dstNzC0Stride, p.dstNzNStride);
}
void nd2nzSrcMatrixStrideIgnored(Case& c) { std::get<Nd2NzParams>(c.params).srcNdMatrixStride = 0; }
void nd2nzDstMatrixStrideIn32B(Case& c) {
  auto& p = std::get<Nd2NzParams>(c.params);
  setField(p.dstNzMatrixStride, std::uint64_t{p.dstNzMatrixStride} * 32 / sizeBytes(c.dtype));
}
void nd2nzLastMatrixDropped(Case& c) {
  auto& p = std::get<Nd2NzParams>(c.params);
  if (p.ndNum > 1) --p.ndNum;
}
void nd2nzLastRowDropped(Case& c) {
  auto& p = std::get<Nd2NzParams>(c.params);
  if (p.nValue > 1) --p.nValue;
}
void nd2nzLastColumnDropped(Case& c) {
  auto& p = std::get<Nd2NzParams>(c.params);
  if (p.dValue > 1) --p.dValue;
}
void nd2nzSrcDValueAsDValue(Case& c) {
  auto& p = std::get<Nd2NzParams>(c.params);
  if (p.dValue > 0) p.srcDValue = p.dValue;
}

// ---- NZ2ND ---------------------------------------------------------------------------------------------------------

// NZ2ND-2 with the 32-bit ND2NZ C0 (8 elements) instead of 16.
void nz2ndFloatC0Of8(const Case& c, ConstBytes src, ConstBytes before, Bytes dst) {
  std::copy(before.begin(), before.end(), dst.begin());
  const auto& p = std::get<Nz2NdParamsFull>(c.params);
  const std::uint64_t s = sizeBytes(c.dtype), c0 = 32 / s;
  for (std::uint64_t i = 0; i < p.ndNum; ++i) {
    for (std::uint64_t r = 0; r < p.nValue; ++r) {
      for (std::uint64_t col = 0; col < p.dValue; ++col) {
        putElement(src, c.src.offsetBytes + s * (i * 256 * p.srcNdMatrixStride + (col / c0) * c0 * p.srcNStride + c0 * r + col % c0),
                   dst, c.dst.offsetBytes + s * (i * p.dstNdMatrixStride + r * p.dstDStride + col), s);
      }
    }
  }
}
void nz2ndSrcNStrideAsNValue(Case& c) {
  auto& p = std::get<Nz2NdParamsFull>(c.params);
  p.srcNStride = p.nValue;
}
void nz2ndDstDStrideAsDValue(Case& c) {
  auto& p = std::get<Nz2NdParamsFull>(c.params);
  p.dstDStride = p.dValue;
}
void nz2ndLastMatrixDropped(Case& c) {
  auto& p = std::get<Nz2NdParamsFull>(c.params);
  if (p.ndNum > 1) --p.ndNum;
}
void nz2ndSrcMatrixStrideInElements(Case& c) {
  auto& p = std::get<Nz2NdParamsFull>(c.params);
  setField(p.srcNdMatrixStride, std::max<std::uint64_t>(1, p.srcNdMatrixStride / 16));
}

// ---- SLICE ---------------------------------------------------------------------------------------------------------

std::uint32_t selected(const SliceInfo& si) { return (si.endIndex - si.startIndex + 1 + si.stride) / (si.stride + 1); }

// SLICE-2: the stride of dimensions >= 1 ignored (the same number of consecutive indices selected).
void sliceStrideOnDim0Only(Case& c) {
  auto& p = std::get<SliceParams>(c.params);
  for (std::size_t k = 1; k < p.dimValue; ++k) {
    for (SliceInfo* si : {&p.srcSliceInfo[k], &p.dstSliceInfo[k]}) {
      si->endIndex = si->startIndex + selected(*si) - 1;
      si->stride = 0;
    }
  }
}
// SLICE-4: the destination's dimension-0 stride ignored (bursts land back to back).
void sliceDstStride0Ignored(Case& c) { std::get<SliceParams>(c.params).dstSliceInfo[0].stride = 0; }
// SLICE-1: dimension 1's shape taken from the source for the destination too.
void sliceDstUsesSrcShape(Case& c) {
  auto& p = std::get<SliceParams>(c.params);
  p.dstShape = p.srcShape;
}

// ---- DN2NZ ---------------------------------------------------------------------------------------------------------

// DN2NZ-1 read as ND2NZ: D contiguous and N strided by srcDValue.
void dn2nzReadsNd(const Case& c, ConstBytes src, ConstBytes before, Bytes dst) {
  const auto& p = std::get<Dn2NzParams>(c.params);
  if (p.enableSmallC0) return;
  writeNz(c, {p.dnNum, p.nValue, p.dValue, p.srcDnMatrixStride, p.srcDValue, 1, p.dstNzMatrixStride, p.dstNzC0Stride,
              p.dstNzNStride, 32 / sizeBytes(c.dtype)}, src, before, dst);
}
void dn2nzSmallC0Ignored(Case& c) { std::get<Dn2NzParams>(c.params).enableSmallC0 = false; }
void dn2nzDstStridesSwapped(Case& c) {
  auto& p = std::get<Dn2NzParams>(c.params);
  std::swap(p.dstNzC0Stride, p.dstNzNStride);
}

// ---- Enhanced DataCopy (ENH) --------------------------------------------------------------------------------------

void enhReluIgnored(Case& c) {
  if (c.enhancedParams) c.enhancedParams->isRelu = false;
}

// ---- Quantising copy out of L0C (FIX) -----------------------------------------------------------------------------

using FixParams = DataCopyCO12DstParams;

bool isVectorQuant(QuantMode m) { return m == QuantMode::VDEQF16 || m == QuantMode::VQF322B8_PRE || m == QuantMode::VREQ8; }
bool isEightBitQuant(QuantMode m) {
  return m == QuantMode::QF322B8_PRE || m == QuantMode::VQF322B8_PRE || m == QuantMode::REQ8 || m == QuantMode::VREQ8;
}
bool eightBit(DType dtype) { return dtype == DType::int8_t || dtype == DType::uint8_t; }
bool int8Only(DType dtype) { return dtype == DType::int8_t; }
bool halfOnly(DType dtype) { return dtype == DType::half; }
bool scaledResult(DType dtype) { return eightBit(dtype) || halfOnly(dtype); }

// Calls f(sourceBits, quantBits, dstByte) for every element FIX-1/2/3 writes (buffer coordinates).
template <typename F>
void forEachFixElement(const Case& c, ConstBytes src, F f) {
  const auto& p = std::get<FixParams>(c.params);
  const FixpipeState& fs = *c.fixpipe;
  const std::uint64_t s = sizeBytes(c.dtype), c0 = p.channelSplit ? 8 : (s == 1 ? 32 : 16);  // FIX-1 C0d, FIX-3
  const std::uint64_t srcUnit = nz2ndRegister(c.product).srcNdStrideElements;  // FIX-2, FIX-8
  for (std::uint64_t i = 0; i < (p.nz2ndEn ? fs.ndNum : 1u); ++i) {
    for (std::uint64_t m = 0; m < p.mSize; ++m) {
      for (std::uint64_t n = 0; n < p.nSize; ++n) {
        const std::uint64_t from = c.src.offsetBytes + 4 * ((p.nz2ndEn ? i * fs.srcNdStride * srcUnit : 0) +
                                                            (n / 16) * p.srcStride * 16 + 16 * m + n % 16);
        const std::uint64_t to = c.dst.offsetBytes + (p.nz2ndEn ? (i * fs.dstNdStride + m * p.dstStride + n) * s
                                                                : 32 * p.dstStride * (n / c0) + (c0 * m + n % c0) * s);
        if (from + 4 > src.size()) continue;
        const std::uint64_t q = isVectorQuant(p.quantPre) ? fs.quantTensor[n] : fs.quantScalar;
        f(static_cast<std::uint32_t>(loadElementBits(src, from, 4)), q, to);
      }
    }
  }
}

// ---- FIX-6 / ENH-4 arithmetic with one fault (shared by the FIX and the enhanced CO1->CO2 mutants) ----

// The AMB-8..14 readings a mutant takes: the case's profile, or where it says "any" the first reading (as fast).
struct Readings {
  bool offsetUnsigned, shiftPlusOne, truncate, reluAfterOffset, lowWordOnly, int16Offset;
};
Readings readingsOf(const Profile& pr) {
  return {pr.fixOffset == Profile::FixOffset::offsetUnsigned, pr.fixShift == Profile::FixShift::shiftPlusOne,
          pr.fixDeqRounding == Profile::FixDeqRounding::deqTrunc,
          pr.fixReluOrder == Profile::FixReluOrder::reluAfterOffset,
          pr.fixNegScale == Profile::FixNegScale::negScaleMagnitude, pr.deq16Offset == Profile::Deq16Offset::added};
}

// One fault in the arithmetic; all false is the right result.
struct ArithFault {
  bool int8Wraps = false;      // k mod 256 instead of saturating to int8
  bool int16Wraps = false;     // k mod 65536 instead of saturating to int16 (DEQ16)
  bool roundHalfAway = false;  // 8-bit: ties away from zero instead of to even
  bool fullScale = false;      // M1 = the whole fp32 in bits [31:0] (the low 13 bits not ignored, FIX-5)
};

// What one conversion does: source type U (int32, float or half), result type T (half, int16, int8, uint8), ReLU,
// whether an offset stage follows the rounding (8-bit; int16 under AMB-14), and whether an int8 T forces a signed
// result (ENH-4: the header ORs bit 46 in), and whether a half result saturates to +-65504 (FIX-6, not ENH-4).
struct Conversion {
  DType u, t;
  bool relu, offsetStage, int8ByDType, halfSaturates;
};

// FIX-6 on one element: x's raw bits and the uint64 parameter in, the result's raw bits out; nullopt where the
// result is no number (NaN product, NaN or infinite half source).
std::optional<std::uint64_t> convertElement(const Conversion& cv, std::uint64_t x, std::uint64_t qBits,
                                            const Readings& r, const ArithFault& fault) {
  QuantParam q = decodeQuantParam(qBits);
  if (r.lowWordOnly && (qBits >> 32) == 0xFFFFFFFFu && (qBits >> 31 & 1u) != 0) {
    q = QuantParam{q.m1Bits, q.m1, 0, false, 0, cv.t == DType::int8_t};  // AMB-12: the low word only
  }
  double v = std::bit_cast<float>(static_cast<std::uint32_t>(x));
  if (cv.u == DType::int32_t) {
    std::int64_t xi = static_cast<std::int32_t>(static_cast<std::uint32_t>(x));
    if (q.mcb) xi = saturateInt16(xi >> (q.n + (r.shiftPlusOne ? 1 : 0)));  // AMB-9
    v = static_cast<float>(xi);
  } else if (cv.u == DType::half) {
    v = halfBitsToFloat(static_cast<std::uint16_t>(x));
    if (!std::isfinite(v)) return std::nullopt;
  }
  const double scale = fault.fullScale ? static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(qBits)))
                                       : static_cast<double>(q.m1);
  const bool reluLate = cv.relu && cv.offsetStage && r.reluAfterOffset;  // AMB-11
  const double y = v * (cv.relu && !reluLate && v < 0 ? 0.0 : scale);   // M2 = 0 with ReLU
  if (cv.t == DType::half) {
    return doubleToHalfBits(cv.halfSaturates && !std::isnan(y) ? std::clamp(y, -65504.0, 65504.0) : y,
                            r.truncate);  // AMB-10
  }
  if (std::isnan(y)) return std::nullopt;
  const bool eight = cv.t != DType::int16_t;
  const double clamped = eight ? std::clamp(y, -256.0, 255.0) : std::clamp(y, -1048576.0, 1048576.0);
  std::int64_t k = roundHalfEvenToInt(clamped);
  if (eight && fault.roundHalfAway) k = static_cast<std::int64_t>(std::round(clamped));
  if (!eight && r.truncate) k = static_cast<std::int64_t>(std::trunc(clamped));  // AMB-10 on int16
  if (cv.offsetStage) {
    k += !r.offsetUnsigned && q.offsetBits >= 256 ? std::int64_t{q.offsetBits} - 512 : std::int64_t{q.offsetBits};
    if (reluLate) k = std::max<std::int64_t>(k, 0);
  }
  if (!eight) return fault.int16Wraps ? static_cast<std::uint16_t>(k) : static_cast<std::uint16_t>(saturateInt16(k));
  if (!q.signedResult && !(cv.int8ByDType && cv.t == DType::int8_t)) return saturateUint8(k);
  return fault.int8Wraps ? static_cast<std::uint8_t>(k) : static_cast<std::uint8_t>(saturateInt8(k));
}

// Stores the faulty result of one element over fast's where the fault changes it (elsewhere fast's stays).
void rewriteElement(const Conversion& cv, std::uint64_t x, std::uint64_t q, const ArithFault& fault, Bytes dst,
                    std::uint64_t to, const Readings& r) {
  const auto wrong = convertElement(cv, x, q, r, fault);
  if (wrong && wrong != convertElement(cv, x, q, r, {})) storeElementBits(dst, to, sizeBytes(cv.t), *wrong);
}

// Rewrites the DEQF16 / 8-bit elements of fast's FIX result with the faulty arithmetic.
void rewriteScaled(const Case& c, ConstBytes src, Bytes dst, const ArithFault& fault) {
  const auto& p = std::get<FixParams>(c.params);
  if (!isEightBitQuant(p.quantPre) && p.quantPre != QuantMode::DEQF16 && p.quantPre != QuantMode::VDEQF16) return;
  const Conversion cv{c.fixpipe->srcDType, c.dtype, p.reluPre == 1, isEightBitQuant(p.quantPre), false, true};
  const Readings r = readingsOf(c.profile);
  forEachFixElement(c, src, [&](std::uint64_t x, std::uint64_t q, std::uint64_t to) {
    rewriteElement(cv, x, q, fault, dst, to, r);
  });
}
void fixInt8Wraps(const Case& c, ConstBytes src, ConstBytes, Bytes dst) { rewriteScaled(c, src, dst, {.int8Wraps = true}); }
void fix8BitRoundHalfAway(const Case& c, ConstBytes src, ConstBytes, Bytes dst) {
  rewriteScaled(c, src, dst, {.roundHalfAway = true});
}
void fixScaleLow13BitsUsed(const Case& c, ConstBytes src, ConstBytes, Bytes dst) {
  rewriteScaled(c, src, dst, {.fullScale = true});
}

// F322F16 with ties away from zero: a float exactly half-way between two halves takes the one of larger magnitude.
void fixF16RoundHalfAway(const Case& c, ConstBytes src, ConstBytes, Bytes dst) {
  const auto& p = std::get<FixParams>(c.params);
  if (p.quantPre != QuantMode::F322F16) return;
  forEachFixElement(c, src, [&](std::uint32_t x, std::uint64_t, std::uint64_t to) {
    const float f = p.reluPre == 1 && (x >> 31) != 0 ? 0.0F : std::bit_cast<float>(x);
    if (!std::isfinite(f)) return;
    const std::uint16_t nearest = floatToHalfBits(f);
    const auto up = static_cast<std::uint16_t>(nearest + 1);  // one ulp further from zero
    const double a = std::fabs(static_cast<double>(f));
    const double below = std::fabs(static_cast<double>(halfBitsToFloat(nearest)));
    const double above = std::fabs(static_cast<double>(halfBitsToFloat(up)));
    if (a > below && a - below == above - a) storeElementBits(dst, to, 2, up);
  });
}

// FIX-6: the MCB shift by N - 1 (wrong under both AMB-9 readings, N and N + 1).
void fixShiftOffByOne(Case& c) {
  auto shiftLess = [](std::uint64_t& q) {
    const std::uint64_t n = (q >> 32) & 0xFu;
    if (n > 0) q = (q & ~(std::uint64_t{0xF} << 32)) | (n - 1) << 32;
  };
  shiftLess(c.fixpipe->quantScalar);
  for (std::uint64_t& q : c.fixpipe->quantTensor) shiftLess(q);
}
void fixChannelSplitC0Of16(Case& c) { std::get<FixParams>(c.params).channelSplit = false; }
void fixNz2ndDstStrideIgnored(Case& c) {
  auto& p = std::get<FixParams>(c.params);
  if (p.nz2ndEn) p.dstStride = p.nSize;  // rows packed nSize apart
}
// FIX-4 / ENH-4: every column takes the V* tensor's first entry.
void sameAsEntry0(std::vector<std::uint64_t>& tensor) {
  if (!tensor.empty()) std::fill(tensor.begin(), tensor.end(), tensor.front());
}
void fixVectorColumn0Only(Case& c) { sameAsEntry0(c.fixpipe->quantTensor); }
// FIX-1's old reading: 8-bit NZ output in 16-channel bursts (16 B rows) instead of C0d = 32 (32 B rows). Each
// element fast put at its C0d-32 byte moves to (n/16)*32*dstStride + 16m + n%16; the rest keeps the prior bytes.
void fixEightBitC0Of16(const Case& c, ConstBytes, ConstBytes before, Bytes dst) {
  const auto& p = std::get<FixParams>(c.params);
  if (p.nz2ndEn || sizeBytes(c.dtype) != 1) return;
  const std::vector<std::uint8_t> right(dst.begin(), dst.end());
  std::copy(before.begin(), before.end(), dst.begin());
  for (std::uint64_t m = 0; m < p.mSize; ++m) {
    for (std::uint64_t n = 0; n < p.nSize; ++n) {
      const std::uint64_t from = c.dst.offsetBytes + 32 * std::uint64_t{p.dstStride} * (n / 32) + 32 * m + n % 32;
      const std::uint64_t to = c.dst.offsetBytes + 32 * std::uint64_t{p.dstStride} * (n / 16) + 16 * m + n % 16;
      if (from < right.size() && to < dst.size()) dst[to] = right[from];
    }
  }
}
// FIX-6a broken: DEQF16 / VDEQF16 keep the sign of a zero result (a negative input under ReLU gives -0.0).
void fixDeqNegativeZero(const Case& c, ConstBytes src, ConstBytes, Bytes dst) {
  const auto& p = std::get<FixParams>(c.params);
  if (p.quantPre != QuantMode::DEQF16 && p.quantPre != QuantMode::VDEQF16) return;
  forEachFixElement(c, src, [&](std::uint32_t x, std::uint64_t, std::uint64_t to) {
    const bool negative = static_cast<std::int32_t>(x) < 0;
    if (p.reluPre == 1 && negative && to + 2 <= dst.size()) storeElementBits(dst, to, 2, 0x8000);
  });
}
// AMB-11's other reading forced: only wrong where the case pins relu-before-offset (under "any" the oracle leaves
// every element the order changes ANY).
void fixReluAfterOffset(Case& c) { c.profile.fixReluOrder = Profile::FixReluOrder::reluAfterOffset; }

// ---- Enhanced DataCopy CO1->CO2 conversions (ENH-2..4) -------------------------------------------------------------

bool isDeq8(DeqScale d) { return d == DeqScale::deq8 || d == DeqScale::vdeq8; }
bool isVectorDeq(DeqScale d) { return d == DeqScale::vdeq || d == DeqScale::vdeq8 || d == DeqScale::vdeq16; }
bool int16Only(DType dtype) { return dtype == DType::int16_t; }
bool narrowResult(DType dtype) { return sizeBytes(dtype) <= 2; }  // the T a deqScale can produce

// ENH-1..3 geometry of a CO1->CO2 burst: E elements of U per block (tables 7/8), the UB side at sizeof(T), or for
// DEQ8/VDEQ8 with sidStoreMode 0/1 each 16 results in one 16-byte half of a 32-byte slot (AMB-15 picks which).
struct Co1Geometry {
  std::uint64_t burstElems = 0, srcElemBytes = 0, dstElemBytes = 0, srcPitch = 0, dstBurstBytes = 0, dstPitch = 0;
  std::optional<std::uint64_t> slotHalf;  // byte offset of the written half in each 32-byte slot
  std::uint64_t dstByte(std::uint64_t j) const {
    return slotHalf ? 32 * (j / 16) + *slotHalf + j % 16 : j * dstElemBytes;
  }
};
Co1Geometry co1Geometry(const Case& c) {
  const auto& p = std::get<DataCopyParams>(c.params);
  const DataCopyEnhancedParams& e = *c.enhancedParams;
  const std::uint64_t blockElems = e.blockMode == BlockMode::matrix ? 256 : e.blockMode == BlockMode::vector ? 16 : 64;
  const std::uint64_t strideElems = e.blockMode == BlockMode::smallChannel ? 64 : 256;
  Co1Geometry g;
  g.burstElems = blockElems * p.blockLen;
  g.srcElemBytes = sizeBytes(e.srcDType.value_or(c.dtype));
  g.dstElemBytes = sizeBytes(c.dtype);
  g.srcPitch = (g.burstElems + strideElems * p.srcStride) * g.srcElemBytes;
  if (isDeq8(e.deqScale) && e.sidStoreMode <= 1) {
    g.slotHalf = (e.sidStoreMode == 0) == (c.profile.sidHalf == Profile::SidHalf::docPage) ? 16 : 0;
  }
  g.dstBurstBytes = g.slotHalf ? 2 * g.burstElems : g.burstElems * g.dstElemBytes;
  g.dstPitch = g.dstBurstBytes + 32 * std::uint64_t{p.dstStride};
  return g;
}

// Calls f(sourceBits, parameterBits, dstByte) for every element a CO1->CO2 conversion writes (buffer coordinates);
// V* entry column % 16, or 16*burst + column % 16 where the profile pins vdeq-advance (AMB-13).
template <typename F>
void forEachEnhElement(const Case& c, ConstBytes src, F f) {
  const auto& p = std::get<DataCopyParams>(c.params);
  const DataCopyEnhancedParams& e = *c.enhancedParams;
  const Co1Geometry g = co1Geometry(c);
  const bool advance = c.profile.vdeqTensorStep == Profile::VdeqTensorStep::advance;
  for (std::uint64_t i = 0; i < p.blockCount; ++i) {
    for (std::uint64_t j = 0; j < g.burstElems; ++j) {
      const std::uint64_t from = c.src.offsetBytes + i * g.srcPitch + j * g.srcElemBytes;
      const std::uint64_t entry = (advance ? 16 * i : 0) + j % 16;
      if (from + g.srcElemBytes > src.size() || (isVectorDeq(e.deqScale) && entry >= e.deqTensor.size())) continue;
      f(loadElementBits(src, from, static_cast<std::uint32_t>(g.srcElemBytes)),
        isVectorDeq(e.deqScale) ? e.deqTensor[entry] : e.deqValue, c.dst.offsetBytes + i * g.dstPitch + g.dstByte(j));
    }
  }
}

// Rewrites the converted elements of fast's CO1->CO2 result with the faulty arithmetic.
void rewriteConverted(const Case& c, ConstBytes src, Bytes dst, const ArithFault& fault) {
  const DataCopyEnhancedParams& e = *c.enhancedParams;
  if (e.deqScale == DeqScale::none) return;
  const Readings r = readingsOf(c.profile);
  const bool offsetStage = isDeq8(e.deqScale) || (c.dtype == DType::int16_t && r.int16Offset);  // AMB-14
  const Conversion cv{e.srcDType.value_or(c.dtype), c.dtype, e.isRelu, offsetStage, true, false};
  forEachEnhElement(c, src, [&](std::uint64_t x, std::uint64_t q, std::uint64_t to) {
    rewriteElement(cv, x, q, fault, dst, to, r);
  });
}
void enhDeq8Int8Wraps(const Case& c, ConstBytes src, ConstBytes, Bytes dst) {
  rewriteConverted(c, src, dst, {.int8Wraps = true});
}
void enhDeq16Int16Wraps(const Case& c, ConstBytes src, ConstBytes, Bytes dst) {
  rewriteConverted(c, src, dst, {.int16Wraps = true});
}
// ENH-4 ties (conditional: only an exact tie after scaling differs): 8-bit results round half away from zero.
void enhDeqRoundHalfAway(const Case& c, ConstBytes src, ConstBytes, Bytes dst) {
  rewriteConverted(c, src, dst, {.roundHalfAway = true});
}

// The catalogue with the conditional mutants after it; the ENH tie ones need rewriteConverted above.
std::vector<Mutant> withConditionalMutants(std::vector<Mutant> mutants) {
  for (Mutant& m : conditionalMutants()) mutants.push_back(std::move(m));
  mutants.push_back({.name = "condEnhDeq8RoundHalfAway", .clause = "ENH-4",
                     .description = "DEQ8 results round exact ties away from zero instead of to even",
                     .operations = {Operation::enhancedCo1ToCo2}, .product = Product::atlas_training,
                     .affectsDType = [](DType d) { return sizeBytes(d) == 1; }, .editBytes = enhDeqRoundHalfAway,
                     .conditionClass = "enhTieRounding"});
  return mutants;
}

// ENH-3: the two 16-byte halves of sidStoreMode 0 and 1 exchanged.
void enhSidHalvesSwapped(Case& c) {
  DataCopyEnhancedParams& e = *c.enhancedParams;
  if (isDeq8(e.deqScale) && e.sidStoreMode <= 1) e.sidStoreMode ^= 1u;
}
// ENH-3: sidStoreMode 3 (contiguous) stored like 0 (one half of each 32-byte slot).
void enhSidMode3AsMode0(Case& c) {
  DataCopyEnhancedParams& e = *c.enhancedParams;
  if (isDeq8(e.deqScale) && e.sidStoreMode == 3) e.sidStoreMode = 0;
}
// ENH-3: the conversion path forgets isRelu (the plain move still rectifies).
void enhReluIgnoredWithDeq(Case& c) {
  DataCopyEnhancedParams& e = *c.enhancedParams;
  if (e.deqScale != DeqScale::none) e.isRelu = false;
}
void enhVectorColumn0Only(Case& c) { sameAsEntry0(c.enhancedParams->deqTensor); }
// ENH-2: the UB-side burst laid out at the CO1 element size: the destination pitch grows by the bytes the
// conversion saves per burst (rounded up to whole 32-byte blocks).
void enhUbUnitNotHalved(Case& c) {
  const Co1Geometry g = co1Geometry(c);
  const std::uint64_t co1BurstBytes = g.burstElems * g.srcElemBytes;
  if (c.enhancedParams->deqScale == DeqScale::none || co1BurstBytes <= g.dstBurstBytes) return;
  auto& p = std::get<DataCopyParams>(c.params);
  setField(p.dstStride, p.dstStride + (co1BurstBytes - g.dstBurstBytes + 31) / 32);
}
// ENH-2: DEQ half -> half run as int32 -> half (the source read as int32 elements).
void enhDeqHalfAsInt32(Case& c) {
  DataCopyEnhancedParams& e = *c.enhancedParams;
  if (e.deqScale == DeqScale::deq && e.srcDType == DType::half) e.srcDType = DType::int32_t;
}

// ---- the catalogue -------------------------------------------------------------------------------------------------

using Op = Operation;
constexpr auto kPadG2U = Op::padGmToUb;
constexpr auto kPadU2G = Op::padUbToGm;
constexpr auto kCo1Co2 = Op::enhancedCo1ToCo2;
constexpr auto kTraining = Product::atlas_training;  // the products with CO1->CO2

// The largest destination a mutant copies (a byte-editing mutant keeps dst's prior content; the isolated runner
// copies dst into shared memory): a larger one is a sparse mapping, used in place.
constexpr std::uint64_t kMaxBytesMutantCopies = std::uint64_t{256} << 20;

class MutantBackend final : public backends::Backend {
 public:
  explicit MutantBackend(const Mutant& mutant) : mutant_(mutant), fast_(backends::makeFastBackend()) {}
  std::string name() const override { return "mutant:" + std::string(mutant_.name); }
  std::string version() const override { return fast_->version(); }
  bool supports(const Case& c) const override { return fast_->supports(c); }
  bool acceptsSparseBuffers() const override { return true; }  // see kMaxBytesMutantCopies
  RunResult run(const Case& c, ConstBytes src, Bytes dst) override {
    const auto op = resolveOperation(c).operation;
    if (!op || std::find(mutant_.operations.begin(), mutant_.operations.end(), *op) == mutant_.operations.end() ||
        (mutant_.affectsDType && !mutant_.affectsDType(c.dtype))) {
      return fast_->run(c, src, dst);
    }
    // A sparse buffer is not copied: a byte-editing mutant leaves such cases alone.
    const bool copyable = dst.size() <= kMaxBytesMutantCopies;
    const std::vector<std::uint8_t> before = mutant_.editBytes && copyable ? std::vector<std::uint8_t>(dst.begin(), dst.end())
                                                                           : std::vector<std::uint8_t>{};
    if (mutant_.failsOn) mutant_.failsOn(c);  // may not return: the backend runs isolated (makeMutantBackend)
    Case mutated = c;
    if (mutant_.editCase) mutant_.editCase(mutated);
    RunResult result = fast_->run(mutated, src, dst);
    if (result.status == RunStatus::rejected) result = runUnbounded(mutated, src, dst);
    if (result.status == RunStatus::ok && mutant_.editBytes && copyable) mutant_.editBytes(c, src, before, dst);
    return result;
  }

 private:
  // A faulty unit does not check bounds: when the fault moves the copy past the buffers, run it on buffers grown
  // to its footprint (source bytes past the end read as 0) and keep what lands inside dst.
  RunResult runUnbounded(Case mutated, ConstBytes src, Bytes dst) {
    constexpr std::uint64_t kMaxGrownBytes = std::uint64_t{64} << 20;
    mutated.src.sizeBytes = std::max<std::uint64_t>(src.size(), kMaxGrownBytes);
    mutated.dst.sizeBytes = std::max<std::uint64_t>(dst.size(), kMaxGrownBytes);
    if (!validate(mutated).empty()) return {RunStatus::rejected, "mutant: the edited case is not valid"};
    const Footprint f = footprint(mutated);
    const std::uint64_t srcBytes = std::max<std::uint64_t>(src.size(), f.reads.empty() ? 0 : f.reads.back().end);
    const std::uint64_t dstBytes = std::max<std::uint64_t>(dst.size(), f.writes.empty() ? 0 : f.writes.back().end);
    if (srcBytes > kMaxGrownBytes || dstBytes > kMaxGrownBytes) return {RunStatus::rejected, "mutant: copy too far out"};
    std::vector<std::uint8_t> grownSrc(src.begin(), src.end()), grownDst(dst.begin(), dst.end());
    grownSrc.resize(srcBytes, 0);
    grownDst.resize(dstBytes, 0);
    mutated.src.sizeBytes = srcBytes;
    mutated.dst.sizeBytes = dstBytes;
    const RunResult result = fast_->run(mutated, grownSrc, grownDst);
    if (result.status == RunStatus::ok) std::copy_n(grownDst.begin(), dst.size(), dst.begin());
    return result;
  }

  const Mutant& mutant_;
  std::unique_ptr<backends::Backend> fast_;
};

}  // namespace

const std::vector<Mutant>& catalogue() {
  static const std::vector<Mutant> mutants = withConditionalMutants({
      // DataCopyPad GM -> UB
      {"g2uDstStrideInBytes", "PAD-G2U-2", "UB dstStride read in bytes (so 32x too small)", {kPadG2U}, kDefaultProduct, nullptr, dstStrideInBytes},
      {"g2uSrcStrideInBlocks", "PAD-G2U-2", "GM srcStride read in 32-byte blocks instead of bytes", {kPadG2U}, kDefaultProduct, nullptr, srcStrideInBlocks},
      {"g2uDstStrideHeadToHead", "PAD-G2U-2", "UB pitch 32*dstStride head to head instead of W + 32*dstStride", {kPadG2U}, kDefaultProduct, nullptr, g2uDstStrideHeadToHead},
      {"g2uStridesSwapped", "PAD-G2U-2", "srcStride and dstStride exchanged", {kPadG2U}, kDefaultProduct, nullptr, stridesSwapped},
      {"g2uPadsSwapped", "PAD-G2U-3", "leftPadding and rightPadding exchanged", {kPadG2U}, kDefaultProduct, nullptr, padsSwapped},
      {"g2uLeftPadIgnored", "PAD-G2U-3", "leftPadding treated as 0 (data not shifted right)", {kPadG2U}, kDefaultProduct, nullptr, leftPadIgnored},
      {"g2uPadValueLowByteOnly", "PAD-G2U-4", "pad value written 1 byte wide (upper bytes of T zero)", {kPadG2U}, kDefaultProduct, wideDType, padValueLowByteOnly},
      {"g2uPadValueByteSwapped", "PAD-G2U-4", "pad value written big-endian", {kPadG2U}, kDefaultProduct, wideDType, padValueByteSwapped},
      {"g2uIsPadIgnored", "PAD-G2U-4", "isPad ignored: pads take the pad register (or nothing)", {kPadG2U}, kDefaultProduct, nullptr, isPadIgnored},
      {"g2uPadRegisterIgnored", "PAD-G2U-4", "SetPadValue register ignored when isPad is false", {kPadG2U}, kDefaultProduct, nullptr, padRegisterIgnored},
      {"g2uLastBlockDropped", "PAD-G2U-2", "blockCount - 1 blocks copied", {kPadG2U}, kDefaultProduct, nullptr, dropLastBlock},
      {"g2uExtraBlock", "PAD-G2U-2", "blockCount + 1 blocks copied (off by one)", {kPadG2U}, kDefaultProduct, nullptr, extraBlock},
      {"g2uBytePastLastBlock", "G-1", "one byte written past the last UB block", {kPadG2U}, kDefaultProduct, nullptr, nullptr, byteWrittenPastEnd},
      {"g2uGmOffsetAlignedDown", "PAD-G2U-2", "GM source address aligned down to 32 bytes", {kPadG2U}, kDefaultProduct, nullptr, srcOffsetAlignedDown},
      // DataCopyPad UB -> GM
      {"u2gDummyWrittenOut", "PAD-U2G-2", "AlignUp(B, 32) bytes written per GM block: the UB dummy goes out", {kPadU2G}, kDefaultProduct, nullptr, nullptr, u2gDummyWrittenOut},
      {"u2gDstStrideInBlocks", "PAD-U2G-2", "GM dstStride read in 32-byte blocks instead of bytes", {kPadU2G}, kDefaultProduct, nullptr, dstStrideInBlocks},
      {"u2gSrcStrideInBytes", "PAD-U2G-2", "UB srcStride read in bytes (so 32x too small)", {kPadU2G}, kDefaultProduct, nullptr, srcStrideInBytes},
      {"u2gLastBlockDropped", "PAD-U2G-2", "blockCount - 1 blocks copied", {kPadU2G}, kDefaultProduct, nullptr, dropLastBlock},
      {"u2gGmOffsetAlignedDown", "PAD-U2G-2", "GM destination address aligned down to 32 bytes", {kPadU2G}, kDefaultProduct, nullptr, dstOffsetAlignedDown},
      {"u2gBytePastLastBlock", "PAD-U2G-2", "one GM byte written past the last block", {kPadU2G}, kDefaultProduct, nullptr, nullptr, byteWrittenPastEnd},
      // DataCopyPad UB -> TSCM
      {"u2l1GmStrideIn32B", "AMB-3", "GM-leg dstStride in 32-byte units under the default (bytes) profile", {Op::padUbToTscm}, kDefaultProduct, nullptr,
       [](Case& c) { c.profile.tscmGmStrideUnit = Profile::TscmGmStrideUnit::docTable32; }},
      {"u2l1LastBlockDropped", "PAD-U2L1-1", "UB -> GM leg copies blockCount - 1 blocks", {Op::padUbToTscm}, kDefaultProduct, nullptr, dropLastBlock},
      // DataCopy 0-level
      {"dcDstStrideInBytes", "DC-2", "dstStride read in bytes (so 32x too small)", {Op::copy0Level}, kDefaultProduct, nullptr, dstStrideInBytes},
      {"dcSrcStrideHeadToHead", "DC-2", "source pitch 32*srcStride head to head instead of tail to head", {Op::copy0Level}, kDefaultProduct, nullptr, dcSrcStrideHeadToHead},
      {"dcDstStrideHeadToHead", "DC-2", "destination pitch 32*dstStride head to head instead of tail to head", {Op::copy0Level}, kDefaultProduct, nullptr, dcDstStrideHeadToHead},
      {"dcStridesSwapped", "DC-2", "srcStride and dstStride exchanged", {Op::copy0Level}, kDefaultProduct, nullptr, stridesSwapped},
      {"dcLastBlockDropped", "DC-2", "blockCount - 1 blocks copied", {Op::copy0Level}, kDefaultProduct, nullptr, dropLastBlock},
      {"dcExtraBlock", "DC-2", "blockCount + 1 blocks copied (off by one)", {Op::copy0Level}, kDefaultProduct, nullptr, extraBlock},
      // DataCopy 2-level
      {"dc3RoundsUp", "DC-3", "2-level rounds the byte count up to 32 instead of down", {Op::copy2Level}, kDefaultProduct, nullptr, dc3RoundsUp},
      {"dc3CountInBytes", "DC-3", "calCount taken as bytes instead of elements", {Op::copy2Level}, kDefaultProduct, wideDType, dc3CountInBytes},
      // ND2NZ
      {"nd2nzC0Always16", "ND2NZ-2", "C0 = 16 elements for every dtype", {Op::nd2nz}, kDefaultProduct, notTwoBytes, nullptr, nd2nzC0Always16},
      {"nd2nzTailNotZeroed", "ND2NZ-3", "column tail [dValue, AlignUp(dValue, C0)) left as it was", {Op::nd2nz}, kDefaultProduct, nullptr, nullptr, nd2nzTailNotZeroed},
      {"nd2nzRowsBeyondNZeroed", "ND2NZ-3", "rows nValue..AlignUp(nValue, 16) zeroed instead of kept", {Op::nd2nz}, kDefaultProduct, nullptr, nullptr, nd2nzRowsBeyondNZeroed},
      {"nd2nzDstStridesSwapped", "ND2NZ-2", "dstNzC0Stride and dstNzNStride exchanged", {Op::nd2nz}, kDefaultProduct, nullptr, nd2nzDstStridesSwapped},
      {"nd2nzSrcMatrixStrideIgnored", "ND2NZ-2", "srcNdMatrixStride ignored: every matrix reads matrix 0", {Op::nd2nz}, kDefaultProduct, nullptr, nd2nzSrcMatrixStrideIgnored},
      {"nd2nzDstMatrixStrideIn32B", "ND2NZ-2", "dstNzMatrixStride read in 32-byte units instead of elements", {Op::nd2nz}, kDefaultProduct, nullptr, nd2nzDstMatrixStrideIn32B},
      {"nd2nzLastMatrixDropped", "ND2NZ-2", "ndNum - 1 matrices copied", {Op::nd2nz}, kDefaultProduct, nullptr, nd2nzLastMatrixDropped},
      {"nd2nzLastRowDropped", "ND2NZ-2", "nValue - 1 rows copied", {Op::nd2nz}, kDefaultProduct, nullptr, nd2nzLastRowDropped},
      {"nd2nzLastColumnDropped", "ND2NZ-2", "dValue - 1 columns copied", {Op::nd2nz}, kDefaultProduct, nullptr, nd2nzLastColumnDropped},
      {"nd2nzSrcDValueAsDValue", "ND2NZ-2", "source row pitch taken as dValue instead of srcDValue", {Op::nd2nz}, kDefaultProduct, nullptr, nd2nzSrcDValueAsDValue},
      // NZ2ND
      {"nz2ndFloatC0Of8", "NZ2ND-2", "C0 = 8 elements for 32-bit T (the ND2NZ C0) instead of 16", {Op::nz2nd}, kDefaultProduct, fourBytes, nullptr, nz2ndFloatC0Of8},
      {"nz2ndSrcNStrideAsNValue", "NZ2ND-2", "srcNStride taken as nValue (packed fractal columns)", {Op::nz2nd}, kDefaultProduct, nullptr, nz2ndSrcNStrideAsNValue},
      {"nz2ndDstDStrideAsDValue", "NZ2ND-2", "dstDStride taken as dValue (packed rows)", {Op::nz2nd}, kDefaultProduct, nullptr, nz2ndDstDStrideAsDValue},
      {"nz2ndLastMatrixDropped", "NZ2ND-2", "ndNum - 1 matrices copied", {Op::nz2nd}, kDefaultProduct, nullptr, nz2ndLastMatrixDropped},
      {"nz2ndSrcMatrixStrideInElements", "NZ2ND-1", "srcNdMatrixStride read as 16-element rows instead of fractals", {Op::nz2nd}, kDefaultProduct, nullptr, nz2ndSrcMatrixStrideInElements},
      // SLICE
      {"sliceStrideOnDim0Only", "SLICE-2", "slice stride applied to dimension 0 only", {Op::slice}, kDefaultProduct, nullptr, sliceStrideOnDim0Only},
      {"sliceDstStride0Ignored", "SLICE-4", "destination dimension-0 stride ignored", {Op::slice}, kDefaultProduct, nullptr, sliceDstStride0Ignored},
      {"sliceDstUsesSrcShape", "SLICE-1", "destination offsets computed with the source's shape", {Op::slice}, kDefaultProduct, nullptr, sliceDstUsesSrcShape},
      // DN2NZ
      {"dn2nzReadsNd", "DN2NZ-1", "source read as ND (D contiguous) instead of DN", {Op::dn2nz}, Product::ascend950, nullptr, nullptr, dn2nzReadsNd},
      {"dn2nzSmallC0Ignored", "DN2NZ-3", "enableSmallC0 ignored (C0 stays 32 bytes)", {Op::dn2nz}, Product::ascend950, nullptr, dn2nzSmallC0Ignored},
      {"dn2nzDstStridesSwapped", "DN2NZ-1", "dstNzC0Stride and dstNzNStride exchanged", {Op::dn2nz}, Product::ascend950, nullptr, dn2nzDstStridesSwapped},
      // Enhanced DataCopy
      {"enhNormalDstStrideInBytes", "ENH-1", "BLOCK_MODE_NORMAL dstStride read in bytes", {Op::enhancedNormal}, kDefaultProduct, nullptr, dstStrideInBytes},
      {"enhNormalLastBlockDropped", "ENH-1", "BLOCK_MODE_NORMAL copies blockCount - 1 blocks", {Op::enhancedNormal}, kDefaultProduct, nullptr, dropLastBlock},
      {"enhCo1ReluIgnored", "ENH-3", "CO1->CO2 copies verbatim when isRelu", {Op::enhancedCo1ToCo2}, Product::atlas_training, nullptr, enhReluIgnored},
      // Quantising copy out of L0C
      {"fixInt8Wraps", "FIX-6", "int8 results wrap (k mod 256) instead of saturating", {Op::fixpipe}, kDefaultProduct, int8Only, nullptr, fixInt8Wraps},
      {"fixF16RoundHalfAway", "FIX-6", "F322F16 rounds ties away from zero instead of to even", {Op::fixpipe}, kDefaultProduct, halfOnly, nullptr, fixF16RoundHalfAway},
      {"fix8BitRoundHalfAway", "FIX-6", "8-bit results round ties away from zero instead of to even", {Op::fixpipe}, kDefaultProduct, eightBit, nullptr, fix8BitRoundHalfAway},
      {"fixReluAfterOffset", "AMB-11", "ReLU after the offset although the profile pins relu-before-offset", {Op::fixpipe}, kDefaultProduct, eightBit, fixReluAfterOffset},
      {"fixScaleLow13BitsUsed", "FIX-5", "M1 = the whole fp32 scale: its low 13 bits not ignored", {Op::fixpipe}, kDefaultProduct, scaledResult, nullptr, fixScaleLow13BitsUsed},
      {"fixShiftOffByOne", "FIX-6", "MCB shift by N - 1 instead of N", {Op::fixpipe}, kDefaultProduct, scaledResult, fixShiftOffByOne},
      {"fixChannelSplitC0Of16", "FIX-3", "channelSplit ignored: C0 = 16 for a float destination", {Op::fixpipe}, kDefaultProduct, fourBytes, fixChannelSplitC0Of16},
      {"fixNz2ndDstStrideIgnored", "FIX-2", "nz2nd rows packed nSize apart: dstStride ignored", {Op::fixpipe}, kDefaultProduct, nullptr, fixNz2ndDstStrideIgnored},
      {"fixVectorColumn0Only", "FIX-4", "V* modes use column 0's parameter for every column", {Op::fixpipe}, kDefaultProduct, nullptr, fixVectorColumn0Only},
      {"fixEightBitC0Of16", "FIX-1", "8-bit NZ output in 16-channel bursts (the old C0 = 16 reading), not C0d = 32", {Op::fixpipe}, kDefaultProduct, eightBit, nullptr, fixEightBitC0Of16},
      {"fixDeqNegativeZero", "FIX-6a", "DEQF16 with ReLU writes -0.0 for a negative input instead of +0.0", {Op::fixpipe}, kDefaultProduct, halfOnly, nullptr, fixDeqNegativeZero},
      // Enhanced DataCopy CO1->CO2 conversions
      {"enhSidHalvesSwapped", "ENH-3", "DEQ8 sidStoreMode 0 and 1 halves exchanged", {kCo1Co2}, kTraining, eightBit, enhSidHalvesSwapped},
      {"enhSidMode3AsMode0", "ENH-3", "DEQ8 sidStoreMode 3 stored like 0 (half slots, not contiguous)", {kCo1Co2}, kTraining, eightBit, enhSidMode3AsMode0},
      {"enhDeq8Int8Wraps", "ENH-4", "DEQ8 int8 results wrap (k mod 256) instead of saturating", {kCo1Co2}, kTraining, int8Only, nullptr, enhDeq8Int8Wraps},
      {"enhDeq16Int16Wraps", "ENH-4", "DEQ16 int16 results wrap (k mod 65536) instead of saturating", {kCo1Co2}, kTraining, int16Only, nullptr, enhDeq16Int16Wraps},
      {"enhReluIgnoredWithDeq", "ENH-3", "isRelu ignored when a deqScale is set", {kCo1Co2}, kTraining, narrowResult, enhReluIgnoredWithDeq},
      {"enhVectorColumn0Only", "ENH-4", "V* modes use deqTensor entry 0 for every column", {kCo1Co2}, kTraining, narrowResult, enhVectorColumn0Only},
      {"enhUbUnitNotHalved", "ENH-2", "UB-side burst pitch from sizeof(U): the unit not halved with conversion", {kCo1Co2}, kTraining, narrowResult, enhUbUnitNotHalved},
      {"enhDeqHalfAsInt32", "ENH-2", "DEQ half -> half run as int32 -> half", {kCo1Co2}, kTraining, halfOnly, enhDeqHalfAsInt32},
  });
  return mutants;
}

// A mutant that really crashes or hangs runs each call in a forked child, with a timeout.
constexpr std::chrono::milliseconds kIsolatedTimeout{2000};

std::unique_ptr<backends::Backend> makeMutantBackend(const Mutant& mutant) {
  if (mutant.failsOn) return isolate(std::make_unique<MutantBackend>(mutant), kIsolatedTimeout);
  return std::make_unique<MutantBackend>(mutant);
}

}  // namespace dcconf::mutants
