// =====================================================================================================================
// DataCopyPad in loop mode, SetLoopModePara(LoopModeParams, DataCopyMVType), GM <-> UB (Ascend 950)
//                                                                           SEMANTICS section 2b, clauses LOOP-*
// =====================================================================================================================
// @post iteration (i2, i1), i2 < loop2Size, i1 < loop1Size, is the case's own DataCopyPad (PAD-G2U, PAD-U2G or
//       PAD-CMP) from src + i2*loop2SrcStride + i1*loop1SrcStride to dst + i2*loop2DstStride + i1*loop1DstStride,
//       every stride in bytes (LOOP-3).
// @post a destination byte two iterations write is ANY (region collision: the order is undocumented, as ND2NZ-4);
//       every other written byte is what its iteration writes; the rest is KEEP.
// @post a loop size of 0 moves nothing (AMB-25: the goldens' loops; every byte KEEP).
#include "paths.hpp"

namespace dcconf::oracle::detail {
namespace {

constexpr std::uint64_t kLoopSizeLimit = std::uint64_t{1} << 21;    // LOOP-2: 21-bit loop sizes
constexpr std::uint64_t kUbStrideLimit = std::uint64_t{1} << 21;    // LOOP-2: the UB-side strides
constexpr std::uint64_t kGmStrideLimit = std::uint64_t{1} << 40;    // LOOP-2: the GM-side strides

bool gmToUb(const Case& c) { return c.srcPos == Position::GM; }

// The single call the loop repeats.
Case singleCall(const Case& c) {
  Case call = c;
  call.loopMode.reset();
  return call;
}
const PathSemantics& callSemantics(const Case& call) { return singleCallSemantics(*resolveOperation(call).operation); }

void checkStride(std::vector<Violation>& out, const char* field, std::uint64_t strideBytes, bool ubSide) {
  const std::string name = std::string("loopMode.") + field;
  if (ubSide && strideBytes >= kUbStrideLimit) {
    out.push_back(violation("LOOP-2", name, strideBytes, "a UB-side loop stride must be below 2^21 bytes"));
  } else if (ubSide && strideBytes % kDataBlockBytes != 0) {
    out.push_back(violation("LOOP-2", name, strideBytes, "a UB-side loop stride must be a multiple of 32 bytes"));
  } else if (!ubSide && strideBytes >= kGmStrideLimit) {
    out.push_back(violation("LOOP-2", name, strideBytes, "a GM-side loop stride must be below 2^40 bytes"));
  }
}

std::vector<Violation> check(const Case& c) {
  const LoopModeParams& l = *c.loopMode;
  std::vector<Violation> out;
  // LOOP-2: the 950 header's limits (dav_3510 data copy impl); OUT_TO_UB has its UB side on dst, UB_TO_OUT on src
  if (l.loop1Size >= kLoopSizeLimit) out.push_back(violation("LOOP-2", "loopMode.loop1Size", l.loop1Size, "must be below 2^21"));
  if (l.loop2Size >= kLoopSizeLimit) out.push_back(violation("LOOP-2", "loopMode.loop2Size", l.loop2Size, "must be below 2^21"));
  const bool ubIsDst = gmToUb(c);
  checkStride(out, "loop1SrcStride", l.loop1SrcStride, !ubIsDst);
  checkStride(out, "loop2SrcStride", l.loop2SrcStride, !ubIsDst);
  checkStride(out, "loop1DstStride", l.loop1DstStride, ubIsDst);
  checkStride(out, "loop2DstStride", l.loop2DstStride, ubIsDst);
  // LOOP-1: each iteration is the case's own call, with its clauses
  const Case call = singleCall(c);
  for (Violation& v : callSemantics(call).check(call)) out.push_back(std::move(v));
  return out;
}

bool moves(const LoopModeParams& l) { return l.loop1Size != 0 && l.loop2Size != 0; }  // AMB-25: 0 is no loop

// The start of the last iteration plus one call's extents (the strides are unsigned, so the last is the farthest).
Extents extents(const Case& c) {
  const LoopModeParams& l = *c.loopMode;
  if (!moves(l)) return {};
  const Case single = singleCall(c);
  const Extents call = callSemantics(single).extents(single);
  if (call.srcSpanBytes == 0 && call.dstSpanBytes == 0) return {};  // the call itself moves nothing (AMB-1)
  const std::uint64_t lastSrc = (l.loop2Size - 1) * l.loop2SrcStride + (l.loop1Size - 1) * l.loop1SrcStride;
  const std::uint64_t lastDst = (l.loop2Size - 1) * l.loop2DstStride + (l.loop1Size - 1) * l.loop1DstStride;
  return {call.srcSpanBytes == 0 ? 0 : lastSrc + call.srcSpanBytes, call.dstSpanBytes == 0 ? 0 : lastDst + call.dstSpanBytes};
}

void walk(const Case& c, WriteSink& sink) {
  const LoopModeParams& l = *c.loopMode;
  if (!moves(l)) return;
  const Case call = singleCall(c);
  const PathSemantics& semantics = callSemantics(call);
  // work.hpp: each iteration costs at least one unit, so 2^21 x 2^21 empty iterations are refused before the first
  sink.expectWork(std::uint64_t{l.loop1Size} * l.loop2Size, "loopMode.loop1Size " + std::to_string(l.loop1Size) +
                                                  " x loopMode.loop2Size " + std::to_string(l.loop2Size) + " iterations");
  for (std::uint64_t i2 = 0; i2 < l.loop2Size; ++i2) {      // LOOP-3: the outer level
    for (std::uint64_t i1 = 0; i1 < l.loop1Size; ++i1) {    // the inner level
      const std::uint64_t srcStart = i2 * l.loop2SrcStride + i1 * l.loop1SrcStride;
      const std::uint64_t dstStart = i2 * l.loop2DstStride + i1 * l.loop1DstStride;
      sink.shiftStarts(srcStart, dstStart);
      sink.spendWork(1);
      semantics.walk(call, sink);
      sink.unshiftStarts(srcStart, dstStart);
    }
  }
}

}  // namespace

const PathSemantics& loopModeSemantics() {
  static const PathSemantics semantics{check, extents, walk};
  return semantics;
}

}  // namespace dcconf::oracle::detail
