// The mutant catalogue: each entry is fast with one fault a simulator or kernel author could plausibly make, as
// (a) an edit of the case fast runs and/or (b) a fix-up of fast's result. Every mutant is wrong on some valid case:
// the kill matrix (dcconf mutants) shows a property failing on one.
#include <algorithm>
#include <limits>
#include <variant>
#include <vector>

#include "dcconf/mutants/case_edits.hpp"
#include "dcconf/mutants/mutants.hpp"
#include "dcconf/oracle/oracle.hpp"

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
    if constexpr (requires { p.blockLen; }) {
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

// ---- the catalogue -------------------------------------------------------------------------------------------------

using Op = Operation;
constexpr auto kPadG2U = Op::padGmToUb;
constexpr auto kPadU2G = Op::padUbToGm;

class MutantBackend final : public backends::Backend {
 public:
  explicit MutantBackend(const Mutant& mutant) : mutant_(mutant), fast_(backends::makeFastBackend()) {}
  std::string name() const override { return "mutant:" + std::string(mutant_.name); }
  std::string version() const override { return fast_->version(); }
  bool supports(const Case& c) const override { return fast_->supports(c); }
  RunResult run(const Case& c, ConstBytes src, Bytes dst) override {
    const auto op = resolveOperation(c).operation;
    if (!op || std::find(mutant_.operations.begin(), mutant_.operations.end(), *op) == mutant_.operations.end() ||
        (mutant_.affectsDType && !mutant_.affectsDType(c.dtype))) {
      return fast_->run(c, src, dst);
    }
    const std::vector<std::uint8_t> before(dst.begin(), dst.end());
    Case mutated = c;
    if (mutant_.editCase) mutant_.editCase(mutated);
    RunResult result = fast_->run(mutated, src, dst);
    if (result.status == RunStatus::rejected) result = runUnbounded(mutated, src, dst);
    if (result.status == RunStatus::ok && mutant_.editBytes) mutant_.editBytes(c, src, before, dst);
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
  static const std::vector<Mutant> mutants{
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
  };
  return mutants;
}

std::unique_ptr<backends::Backend> makeMutantBackend(const Mutant& mutant) { return std::make_unique<MutantBackend>(mutant); }

}  // namespace dcconf::mutants
