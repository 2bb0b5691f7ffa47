// DataCopyPad in the fast backend: GM->UB (PAD-G2U), UB->GM (PAD-U2G), UB->TSCM (PAD-U2L1), and the 950's
// PaddingMode::Compact both ways (PAD-CMP).
// Hot path per block: one memcpy of the data and at most two word-pattern fills of under 64 bytes each.
#include <algorithm>
#include <cstring>
#include <vector>

#include "fast_common.hpp"

namespace dcconf::backends::fast {
namespace {

using oracle::Case;
using oracle::Profile;

// DataCopyParams and DataCopyExtParams widened; the stride units depend on the side (GM bytes, UB 32-byte blocks).
struct PadBlocks {
  std::uint64_t count = 0;
  std::uint64_t lenBytes = 0;
  std::uint64_t srcStride = 0;
  std::uint64_t dstStride = 0;
  bool isExt = false;
  // AMB-1 hw-noop: a zero count or length moves nothing, so the copy has no blocks at all
  std::uint64_t movedCount() const { return lenBytes == 0 ? 0 : count; }
};

PadBlocks padBlocksOf(const oracle::CopyParams& params) {
  if (const auto* ext = std::get_if<oracle::DataCopyExtParams>(&params)) {
    return {ext->blockCount, ext->blockLen, ext->srcStride, ext->dstStride, true};
  }
  const auto& plain = std::get<oracle::DataCopyParams>(params);
  return {plain.blockCount, plain.blockLen, plain.srcStride, plain.dstStride, false};
}

// PAD-G2U-1 / PAD-U2G-1 block constraints, under the caller's clause id.
void checkPadBlocks(Checker& check, std::string_view clause, const PadBlocks& b, const Profile& profile) {
  const std::uint64_t lowest = profile.zeroCount == Profile::ZeroCount::hwNoop ? 0 : 1;  // AMB-1
  check.range(clause, "params.blockCount", b.count, lowest, 4095, kAmb1Note);
  check.range(clause, "params.blockLen", b.lenBytes, lowest, b.isExt ? 2097151 : 65535, kAmb1Note);
}

// UB block pitch of the UB side of PAD-U2G: whole 32-byte blocks plus the stride in blocks.
std::uint64_t ubReadPitchBytes(const PadBlocks& b) {
  return oracle::alignUp(b.lenBytes, kBlock32Bytes) + kBlock32Bytes * b.srcStride;
}

struct PadFill {
  bool isPad = false;
  std::uint64_t leftElems = 0;
  std::uint64_t rightElems = 0;
  std::uint64_t valueBits = 0;
};

PadFill padFillOf(const oracle::PadParams& params) {
  if (const auto* ext = std::get_if<oracle::DataCopyPadExtParams>(&params)) {
    return {ext->isPad, ext->leftPadding, ext->rightPadding, ext->paddingValue};
  }
  const auto& plain = std::get<oracle::DataCopyPadParams>(params);
  return {plain.isPad, plain.leftPadding, plain.rightPadding, plain.paddingValue};
}

// The low bytes of the block's first element; a block shorter than one element leaves the rest 0.
std::uint64_t firstElementBits(const std::uint8_t* block, std::uint64_t blockLenBytes, std::uint32_t elementBytes) {
  std::uint64_t bits = 0;
  std::memcpy(&bits, block, std::min<std::uint64_t>(blockLenBytes, elementBytes));
  return bits;
}

// PAD-G2U-1's parameter rules under the caller's clause id (PaddingMode::Compact takes them too: PAD-CMP-1).
void checkPadGmToUb(Checker& check, std::string_view clause, const Case& c, const PadBlocks& b, const PadFill& pad) {
  const std::uint32_t s = oracle::sizeBytes(c.dtype);
  checkPadBlocks(check, clause, b, c.profile);
  check.require(pad.leftElems * s <= 32, clause, "padParams.leftPadding", pad.leftElems,
                "leftPadding * sizeof(T) must be <= 32 bytes");
  check.require(pad.rightElems * s <= 32, clause, "padParams.rightPadding", pad.rightElems,
                "rightPadding * sizeof(T) must be <= 32 bytes");
  // PAD-G2U-1 (the vendor's parameter checks): blockLen in whole elements (AMB-17), and the non-Ext
  // struct's paddingValue 0 (AMB-18); one paddingValue complaint, as the oracle gives
  check.require(b.lenBytes % s == 0 || c.profile.padBlockLen == oracle::Profile::PadBlockLen::byteLen, clause,
                "params.blockLen", b.lenBytes, "a multiple of sizeof(T) (AMB-17)");
  const bool rawRejected = std::holds_alternative<oracle::DataCopyPadParams>(c.padParams) &&
                           c.profile.padRawValue == oracle::Profile::PadRawValue::reject;
  check.require(pad.valueBits == 0 || (!rawRejected && s != 8), clause, "padParams.paddingValue", pad.valueBits,
                rawRejected ? "the non-Ext DataCopyPadParams needs paddingValue 0 (AMB-18)"
                            : "paddingValue must be 0 for a 64-bit T");
}

}  // namespace

RunResult runPadGmToUb(const Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) {
  const PadBlocks b = padBlocksOf(c.params);
  const PadFill pad = padFillOf(c.padParams);
  const std::uint32_t s = oracle::sizeBytes(c.dtype);
  Checker check;
  checkPadGmToUb(check, "PAD-G2U-1", c, b, pad);
  // PAD-G2U-2 geometry
  const std::uint64_t leftBytes = pad.leftElems * s;
  const std::uint64_t ubBlockBytes = oracle::alignUp(leftBytes + pad.rightElems * s + b.lenBytes, kBlock32Bytes);
  const std::uint64_t srcPitchBytes = b.lenBytes + b.srcStride;
  const std::uint64_t dstPitchBytes = ubBlockBytes + kBlock32Bytes * b.dstStride;
  const std::uint64_t count = b.movedCount();
  check.buffers(c, burstSpanBytes(count, srcPitchBytes, b.lenBytes), burstSpanBytes(count, dstPitchBytes, ubBlockBytes));
  if (check.failed()) return check.rejection();

  const auto [from, to] = operandsOf(c, src, dst);
  // Right pad, then dummy: the right pad is whole elements, so one pattern fill from phase 0 covers both.
  const std::uint64_t tailBytes = ubBlockBytes - leftBytes - b.lenBytes;
  if (leftBytes == 0 && tailBytes == 0) {  // nothing but data: plain bursts (one memcpy when gapless)
    copyBursts(to, dstPitchBytes, from, srcPitchBytes, count, b.lenBytes);
    return {};
  }
  // PAD-G2U-4: isPad -> paddingValue; else the pad register when set; else unspecified (0 is as good as any).
  const std::uint64_t padWord = splatElement(pad.isPad ? pad.valueBits : c.padRegister.value_or(0), s);
  // PAD-G2U-5 (AMB-2): the documented dummy is the block's first element when there is no padding, else the pad
  // value; pad-dummy pins the pad value whenever isPad. The default profile leaves it ANY: write the documented one.
  const bool dummyIsFirstElement = pad.leftElems == 0 && pad.rightElems == 0 &&
                                   !(c.profile.padDummy == Profile::PadDummy::padDummy && pad.isPad);
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::uint8_t* data = from + i * srcPitchBytes;
    std::uint8_t* block = to + i * dstPitchBytes;
    fillWord(block, leftBytes, padWord);
    std::memcpy(block + leftBytes, data, b.lenBytes);
    const std::uint64_t tailWord = dummyIsFirstElement ? splatElement(firstElementBits(data, b.lenBytes, s), s) : padWord;
    fillWord(block + leftBytes + b.lenBytes, tailBytes, tailWord);
  }
  return {};
}

RunResult runPadUbToGm(const Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) {
  const PadBlocks b = padBlocksOf(c.params);
  Checker check;
  checkPadBlocks(check, "PAD-U2G-1", b, c.profile);
  // PAD-U2G-2: exactly blockLen bytes per block land in GM; the UB dummy is never written out
  const std::uint64_t srcPitchBytes = ubReadPitchBytes(b);
  const std::uint64_t dstPitchBytes = b.lenBytes + b.dstStride;
  const std::uint64_t count = b.movedCount();
  check.buffers(c, burstSpanBytes(count, srcPitchBytes, b.lenBytes), burstSpanBytes(count, dstPitchBytes, b.lenBytes));
  if (check.failed()) return check.rejection();
  const auto [from, to] = operandsOf(c, src, dst);
  copyBursts(to, dstPitchBytes, from, srcPitchBytes, count, b.lenBytes);
  return {};
}

RunResult runPadUbToTscm(const Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) {
  const PadBlocks b = padBlocksOf(c.params);
  const oracle::Nd2NzParams& nd = *c.nd2nzParams;
  const std::uint32_t s = oracle::sizeBytes(c.dtype);
  Checker check;
  checkPadBlocks(check, "PAD-U2G-1", b, c.profile);  // PAD-U2L1-1: the first leg is PAD-U2G
  check.require(nd.ndNum == 1, "PAD-U2L1-2", "nd2nzParams.ndNum", nd.ndNum, "ndNum must be 1 on the UB->TSCM path");
  checkNd2Nz(check, "nd2nzParams.", nd, c.profile);
  // AMB-3: the GM-leg dstStride is in bytes (code, example) or 32-byte blocks (doc table)
  const std::uint64_t strideUnitBytes =
      c.profile.tscmGmStrideUnit == Profile::TscmGmStrideUnit::bytes ? 1 : kBlock32Bytes;
  const std::uint64_t srcPitchBytes = ubReadPitchBytes(b);
  const std::uint64_t wsPitchBytes = b.lenBytes + strideUnitBytes * b.dstStride;
  const std::uint64_t count = b.movedCount();
  const SpanBytes layout = nd2nzSpans(nd, s);
  check.buffers(c, burstSpanBytes(count, srcPitchBytes, b.lenBytes), layout.dst);
  if (check.failed()) return check.rejection();

  // The workspace only needs what the ND2NZ leg reads and the UB->GM leg wrote: bytes past either are unspecified,
  // so a huge GM stride costs nothing. One buffer per thread, grown, never shrunk.
  const std::uint64_t wsBytes = std::min(burstSpanBytes(count, wsPitchBytes, b.lenBytes), layout.src);
  const auto [from, to] = operandsOf(c, src, dst);
  if (srcPitchBytes == wsPitchBytes) {
    // The workspace would be src byte for byte, save the gaps between blocks, which it leaves unwritten (ANY): the
    // ND2NZ leg reads src in place, one pass instead of two (wsBytes is within src's span, gaps included).
    nd2nz(to, from, wsBytes, nd, s);
    return {};
  }
  thread_local std::vector<std::uint8_t> workspace;
  if (workspace.size() < wsBytes) workspace.resize(wsBytes);
  // Blocks wholly inside the workspace, then the one the workspace end cuts, if any.
  const std::uint64_t wholeBlocks =
      count == 0 || wsBytes < b.lenBytes ? 0 : std::min(count, (wsBytes - b.lenBytes) / wsPitchBytes + 1);
  copyBursts(workspace.data(), wsPitchBytes, from, srcPitchBytes, wholeBlocks, b.lenBytes);
  if (wholeBlocks < count && wholeBlocks * wsPitchBytes < wsBytes) {
    std::memcpy(workspace.data() + wholeBlocks * wsPitchBytes, from + wholeBlocks * srcPitchBytes,
                wsBytes - wholeBlocks * wsPitchBytes);
  }
  nd2nz(to, workspace.data(), wsBytes, nd, s);
  return {};
}

// ---- PaddingMode::Compact (PAD-CMP, Ascend 950) ---------------------------------------------------------------
// The readings this backend writes: the profile's pinned ones, and where AMB-21/22 are open the header's code
// (pads and the UB-side stride ignored). The buffers must hold every open reading's footprint, as the oracle asks.
namespace {
struct CompactReading {
  bool padsRun;
  bool strideBytes;
};
CompactReading compactWritten(const Profile& p) {
  return {p.compactPads == Profile::CompactPads::run, p.compactUbStride == Profile::CompactUbStride::bytes};
}
// The largest UB span over the readings the case may be evaluated under (AMB-21/22 open: both).
template <class Span>
std::uint64_t widestSpan(const Profile& p, Span&& span) {
  const bool padsOpen = p.compactPads == Profile::CompactPads::any;
  const bool strideOpen = p.compactUbStride == Profile::CompactUbStride::any;
  const CompactReading w = compactWritten(p);
  std::uint64_t widest = 0;
  for (const bool pads : {false, true}) {
    for (const bool stride : {false, true}) {
      if ((pads != w.padsRun && !padsOpen) || (stride != w.strideBytes && !strideOpen)) continue;
      widest = std::max(widest, span(CompactReading{pads, stride}));
    }
  }
  return widest;
}
}  // namespace

RunResult runPadCompactGmToUb(const Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) {
  const PadBlocks b = padBlocksOf(c.params);
  const PadFill pad = padFillOf(c.padParams);
  const std::uint32_t s = oracle::sizeBytes(c.dtype);
  Checker check;
  checkPadGmToUb(check, "PAD-CMP-1", c, b, pad);
  const std::uint64_t count = b.movedCount();
  // PAD-CMP-2/3: [left pad][blocks at pitch B (+ dstStride bytes)][right pad][tail to the next 32 bytes]
  auto tailEnd = [&](const CompactReading& r) {
    if (count == 0) return std::uint64_t{0};
    const std::uint64_t pads = r.padsRun ? (pad.leftElems + pad.rightElems) * s : 0;
    return oracle::alignUp(pads + burstSpanBytes(count, b.lenBytes + (r.strideBytes ? b.dstStride : 0), b.lenBytes),
                           kBlock32Bytes);
  };
  const std::uint64_t srcPitchBytes = b.lenBytes + b.srcStride;
  check.buffers(c, burstSpanBytes(count, srcPitchBytes, b.lenBytes), widestSpan(c.profile, tailEnd));
  if (check.failed()) return check.rejection();
  if (count == 0) return {};
  const auto [from, to] = operandsOf(c, src, dst);
  const CompactReading r = compactWritten(c.profile);
  const std::uint64_t leftBytes = r.padsRun ? pad.leftElems * s : 0;
  const std::uint64_t rightBytes = r.padsRun ? pad.rightElems * s : 0;
  const std::uint64_t dstPitchBytes = b.lenBytes + (r.strideBytes ? b.dstStride : 0);
  const std::uint64_t runEnd = leftBytes + burstSpanBytes(count, dstPitchBytes, b.lenBytes);
  // PAD-G2U-4 for the pads, PAD-CMP-3 for the tail (without isPad the tail is ANY: the pad register's is as good)
  const std::uint64_t padWord = splatElement(pad.isPad ? pad.valueBits : c.padRegister.value_or(0), s);
  fillWord(to, leftBytes, padWord);
  copyBursts(to + leftBytes, dstPitchBytes, from, srcPitchBytes, count, b.lenBytes);
  fillWord(to + runEnd, rightBytes, padWord);
  fillWord(to + runEnd + rightBytes, tailEnd(r) - runEnd - rightBytes, padWord);
  return {};
}

RunResult runPadCompactUbToGm(const Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) {
  const PadBlocks b = padBlocksOf(c.params);
  Checker check;
  checkPadBlocks(check, "PAD-CMP-1", b, c.profile);
  const std::uint64_t count = b.movedCount();
  // PAD-CMP-4: the UB read packed (AMB-22: or srcStride bytes apart), GM blocks blockLen + dstStride bytes apart
  auto srcSpan = [&](const CompactReading& r) {
    return burstSpanBytes(count, b.lenBytes + (r.strideBytes ? b.srcStride : 0), b.lenBytes);
  };
  const std::uint64_t dstPitchBytes = b.lenBytes + b.dstStride;
  check.buffers(c, widestSpan(c.profile, srcSpan), burstSpanBytes(count, dstPitchBytes, b.lenBytes));
  if (check.failed()) return check.rejection();
  const auto [from, to] = operandsOf(c, src, dst);
  const std::uint64_t srcPitchBytes = b.lenBytes + (compactWritten(c.profile).strideBytes ? b.srcStride : 0);
  copyBursts(to, dstPitchBytes, from, srcPitchBytes, count, b.lenBytes);
  return {};
}

// ---- loop mode, SetLoopModePara (LOOP, Ascend 950) ---------------------------------------------------------------

namespace {

RunResult runPadCall(const Case& c, oracle::Operation operation, std::span<const std::uint8_t> src,
                     std::span<std::uint8_t> dst) {
  switch (operation) {
    case oracle::Operation::padGmToUb: return runPadGmToUb(c, src, dst);
    case oracle::Operation::padUbToGm: return runPadUbToGm(c, src, dst);
    case oracle::Operation::padCompactGmToUb: return runPadCompactGmToUb(c, src, dst);
    case oracle::Operation::padCompactUbToGm: return runPadCompactUbToGm(c, src, dst);
    default: return {RunStatus::error, "LOOP-1: loop mode on an operation that is not DataCopyPad GM<->UB"};
  }
}

// The call's own parameter rules, for a loop that runs no iteration (AMB-25): nothing is written, but the call is
// still the call.
RunResult checkPadCall(const Case& c, oracle::Operation operation) {
  const PadBlocks b = padBlocksOf(c.params);
  Checker check;
  const bool compact = operation == oracle::Operation::padCompactGmToUb || operation == oracle::Operation::padCompactUbToGm;
  if (operation == oracle::Operation::padGmToUb || operation == oracle::Operation::padCompactGmToUb) {
    checkPadGmToUb(check, compact ? "PAD-CMP-1" : "PAD-G2U-1", c, b, padFillOf(c.padParams));
  } else {
    checkPadBlocks(check, compact ? "PAD-CMP-1" : "PAD-U2G-1", b, c.profile);
  }
  return check.failed() ? check.rejection() : RunResult{};
}

}  // namespace

RunResult runPadLoopMode(const Case& c, oracle::Operation operation, std::span<const std::uint8_t> src,
                         std::span<std::uint8_t> dst) {
  const oracle::LoopModeParams& l = *c.loopMode;
  const bool ubIsDst = c.srcPos == oracle::Position::GM;
  constexpr std::uint64_t kLimit21 = std::uint64_t{1} << 21, kLimit40 = std::uint64_t{1} << 40;
  Checker check;  // LOOP-2: the header's limits, the UB side below 2^21 and 32-byte multiples, the GM side below 2^40
  auto stride = [&](std::string_view field, std::uint64_t bytes, bool ubSide) {
    check.require(bytes < (ubSide ? kLimit21 : kLimit40), "LOOP-2", field, bytes, ubSide ? "below 2^21" : "below 2^40");
    if (ubSide) check.require(bytes % kBlock32Bytes == 0, "LOOP-2", field, bytes, "a multiple of 32");
  };
  check.require(l.loop1Size < kLimit21, "LOOP-2", "loopMode.loop1Size", l.loop1Size, "below 2^21");
  check.require(l.loop2Size < kLimit21, "LOOP-2", "loopMode.loop2Size", l.loop2Size, "below 2^21");
  stride("loopMode.loop1SrcStride", l.loop1SrcStride, !ubIsDst);
  stride("loopMode.loop2SrcStride", l.loop2SrcStride, !ubIsDst);
  stride("loopMode.loop1DstStride", l.loop1DstStride, ubIsDst);
  stride("loopMode.loop2DstStride", l.loop2DstStride, ubIsDst);
  if (check.failed()) return check.rejection();
  Case call = c;
  call.loopMode.reset();
  if (l.loop1Size == 0 || l.loop2Size == 0) return checkPadCall(call, operation);  // AMB-25: no iteration
  // LOOP-3: iteration (i2, i1) is the call from its starts moved by the strides; each checks its own bounds
  for (std::uint64_t i2 = 0; i2 < l.loop2Size; ++i2) {
    for (std::uint64_t i1 = 0; i1 < l.loop1Size; ++i1) {
      call.src.offsetBytes = c.src.offsetBytes + i2 * l.loop2SrcStride + i1 * l.loop1SrcStride;
      call.dst.offsetBytes = c.dst.offsetBytes + i2 * l.loop2DstStride + i1 * l.loop1DstStride;
      if (RunResult r = runPadCall(call, operation, src, dst); r.status != RunStatus::ok) return r;
    }
  }
  return {};
}

}  // namespace dcconf::backends::fast
