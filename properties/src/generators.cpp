// Valid-case generators, one per operation x params struct. Dependent generation (rc::gen::exec) draws the dtype
// first so the constraints that depend on it (padding <= 32/sizeof(T) elements, C0) are drawn after it, and every
// shrunk candidate is rebuilt through the same code, hence still valid.
#include <algorithm>
#include <numeric>
#include <cstdlib>
#include <limits>
#include <stdexcept>

#include "dcconf/properties/generators.hpp"
#include "draw.hpp"

namespace dcconf::properties {

using namespace dcconf::oracle;
using namespace detail;

std::uint64_t propScale() {
  static const std::uint64_t scale = [] {
    const char* text = std::getenv("DCCONF_PROP_SCALE");
    const long value = text != nullptr ? std::strtol(text, nullptr, 10) : 1;
    return static_cast<std::uint64_t>(std::clamp(value, 1L, 64L));
  }();
  return scale;
}

bool Scope::allowsPath(Position src, Position dst) const { return globMatch(pathGlob, pathName(src, dst)); }

bool Scope::allowsDType(DType dtype) const {
  return dtypes.empty() || std::find(dtypes.begin(), dtypes.end(), dtype) != dtypes.end();
}

std::ostream& operator<<(std::ostream& os, const GeneratedCase& generated) {
  return os << casefile::toJsonText(generated.data);
}

namespace {

// ---- DataCopyPad block parameters (PAD-G2U-1, PAD-U2G-1) -------------------------------------------------------

struct PadBlockDraw {
  std::uint64_t blockCount, blockLenBytes, srcStride, dstStride;
};

// GM strides are in bytes, UB strides in 32-byte blocks (PAD-G2U-2, PAD-U2G-2).
std::uint64_t drawStride(bool gmSide) {
  const std::uint64_t k = propScale();
  return gmSide ? drawEdgy({0, 1, 32, 1000 * k}, 0, 256 * k) : drawEdgy({0, 1, 8 * k}, 0, 4 * k);
}

// blockLenStep: sizeof(T) where PAD-G2U-1 (AMB-17) wants whole elements, else 1.
PadBlockDraw drawPadBlocks(bool srcIsGm, std::uint32_t s, std::uint32_t blockLenStep = 1) {
  const std::uint64_t k = propScale();
  PadBlockDraw d{};
  d.blockCount = drawEdgy({1, 2, 3}, 1, 8 * k);
  // aligned first (simplest), then the byte edges around one and two data blocks and around sizeof(T)
  d.blockLenBytes = drawEdgy({32, 64, 1, 31, 33, 63, s + 1u, 2u * s - 1u}, 1, 256 * k);
  d.blockLenBytes = std::max<std::uint64_t>(blockLenStep, d.blockLenBytes / blockLenStep * blockLenStep);
  d.srcStride = drawStride(srcIsGm);
  d.dstStride = drawStride(!srcIsGm);
  return d;
}

CopyParams padCopyParams(ParamStruct which, const PadBlockDraw& d) {
  if (which == ParamStruct::ext) {
    return DataCopyExtParams{static_cast<std::uint16_t>(d.blockCount), static_cast<std::uint32_t>(d.blockLenBytes),
                             static_cast<std::uint32_t>(d.srcStride), static_cast<std::uint32_t>(d.dstStride), 0};
  }
  return DataCopyParams{static_cast<std::uint16_t>(d.blockCount), static_cast<std::uint16_t>(d.blockLenBytes),
                        static_cast<std::uint16_t>(d.srcStride), static_cast<std::uint16_t>(d.dstStride)};
}

// PAD-G2U-1: padding <= 32 bytes a side; a 64-bit T pads with 0 only; the non-Ext struct pads with 0 only unless
// AMB-18's profile pad-raw takes the raw value.
PadParams drawPadParams(ParamStruct which, DType dtype, const Profile& profile) {
  const std::uint32_t s = sizeBytes(dtype);
  const std::uint64_t maxPad = 32 / s;
  const auto left = static_cast<std::uint8_t>(drawEdgy({0, maxPad, 1}, 0, maxPad));
  const auto right = static_cast<std::uint8_t>(drawEdgy({0, maxPad, 1}, 0, maxPad));
  const bool isPad = drawBool();
  const std::uint64_t drawn = *rc::gen::arbitrary<std::uint64_t>() & elementMask(dtype);  // drawn either way
  const bool zeroOnly = s == 8 || (which != ParamStruct::ext && profile.padRawValue == Profile::PadRawValue::reject);
  const std::uint64_t value = zeroOnly ? 0 : drawn;
  if (which == ParamStruct::ext) return DataCopyPadExtParams{isPad, left, right, value};
  return DataCopyPadParams{isPad, left, right, value};
}

Case padCase(Position src, Position dst) { return makeCase(Api::DataCopyPad, src, dst, DataCopyExtParams{}); }

// ---- ND2NZ parameters (ND2NZ-1/2) ----------------------------------------------------------------------------------

}  // namespace

namespace detail {

// Mostly disjoint layouts; sometimes overlapping ones, whose collisions are ANY (ND2NZ-4).
bool drawOverlap() { return drawWeightedBool(4, 1); }

// Both candidates are drawn either way: a fixed number of draws, so shrinking `overlap` (or the fields `disjoint`
// comes from) does not reshuffle the draws after this one.
std::uint64_t drawStrideFrom(std::uint64_t disjoint, bool overlap, std::uint64_t lo, std::uint64_t extraMax) {
  const std::uint64_t colliding = lo + drawInRange(0, disjoint > lo ? disjoint - 1 - lo : 0);
  const std::uint64_t apart = std::max(lo, disjoint) + drawEdgy({0}, 0, extraMax);
  return overlap && disjoint > lo ? colliding : apart;
}

}  // namespace detail

namespace {

Nd2NzParams drawNd2NzParams(std::uint32_t s, std::uint64_t ndNumMax, const Scope& scope) {
  const std::uint64_t C0 = kDataBlockBytes / s;
  Nd2NzParams p;
  p.ndNum = static_cast<std::uint16_t>(ndNumMax <= 1 ? 1 : drawEdgy({1, 2, 3}, 0, ndNumMax));
  p.nValue = static_cast<std::uint16_t>(drawEdgy({1, 16, 15, 17}, 0, 33));
  p.dValue = static_cast<std::uint16_t>(drawEdgy({C0, C0 - 1, C0 + 1, 1, 2 * C0}, 0, 3 * C0 + 3));
  p.srcDValue = static_cast<std::uint16_t>(std::max<std::uint64_t>(1, p.dValue + drawEdgy({0, 1}, 0, 8)));
  const bool overlap = drawOverlap();
  p.srcNdMatrixStride = static_cast<std::uint16_t>(drawStrideFrom(std::uint64_t{p.nValue} * p.srcDValue, overlap, 0, 8));
  p.dstNzNStride = static_cast<std::uint16_t>(drawEdgy({1, 2}, 1, 3));
  p.dstNzC0Stride =
      static_cast<std::uint16_t>(drawStrideFrom(std::uint64_t{p.nValue} * p.dstNzNStride, overlap, 1, 16));
  const std::uint64_t columnBlocks = alignUp(p.dValue, C0) / C0;
  const std::uint64_t matrixElems = columnBlocks * p.dstNzC0Stride * C0;
  // AMB-6: 0 is accepted for a single matrix under the default profile, not under doc-range
  const bool zeroOk = !scope.profile || scope.profile->nd2nzZeroMatrixStride == Profile::Nd2NzZeroMatrixStride::acceptWhenSingle;
  p.dstNzMatrixStride = static_cast<std::uint16_t>(
      p.ndNum <= 1 ? drawEdgy({zeroOk ? 0u : 1u, 1}, zeroOk ? 0 : 1, 64) : drawStrideFrom(matrixElems, overlap, 1, 2 * C0));
  return p;
}

// ---- per-operation generators ------------------------------------------------------------------------------------

// PAD-CMP: the Compact mode draws AMB-21/22's readings (the default leaves both open) unless the scope pins a
// profile.
void makeCompact(Case& c, const Scope& scope) {
  c.paddingMode = PaddingMode::compact;
  const auto pads = drawOneOf(Profile::CompactPads::any, Profile::CompactPads::ignored, Profile::CompactPads::run);
  const auto stride = drawOneOf(Profile::CompactUbStride::any, Profile::CompactUbStride::ignored,
                                Profile::CompactUbStride::bytes);  // drawn either way: a fixed number of draws
  if (!scope.profile) {
    c.profile.compactPads = pads;
    c.profile.compactUbStride = stride;
  }
}

// LOOP-2's whole ranges (docs/coverage.md): one loop field drawn whole over its coverage row, the rest set so the
// case stays cheap and the field observable. A wide size repeats a one-element call: UB->GM writes it to consecutive
// GM bytes (64 KiB at the sizes' reach); GM->UB writes one UB block each time (LOOP-3 collisions: ANY, but nothing outside it). A
// wide stride moves the second of two iterations, the other side's stride keeps them apart.
void widenLoop(Case& c) {
  const bool ubIsDst = c.srcPos == Position::GM;
  const std::vector<FieldRange> rows = loopRanges(ubIsDst);
  const std::size_t field = drawIndex(rows.size());
  const std::uint64_t v = drawWhole(rows[field]);
  LoopModeParams l{1, 1, 0, 0, 0, 0};
  if (field < 2) {
    std::visit([&](auto& p) {
      if constexpr (requires { p.blockLen; p.srcStride; }) {
        p.blockCount = 1;
        p.blockLen = static_cast<decltype(p.blockLen)>(ubIsDst ? sizeBytes(c.dtype) : 1);
      }
    }, c.params);
    (field == 0 ? l.loop1Size : l.loop2Size) = static_cast<std::uint32_t>(v);
    (field == 0 ? l.loop1SrcStride : l.loop2SrcStride) = ubIsDst ? drawInRange(0, 1) : 0;
    (field == 0 ? l.loop1DstStride : l.loop2DstStride) = ubIsDst ? 0 : 1;
  } else {
    Case single = c;
    single.loopMode.reset();
    const Extents call = extents(single);
    const bool first = field < 4;
    const bool src = field % 2 == 0;
    (first ? l.loop1Size : l.loop2Size) = 2;
    const FieldRange& other = rows[field ^ 1];  // the same level's stride on the other side (rows 2-3, 4-5)
    const std::uint64_t apart =
        std::min(alignUp(src ? call.dstSpanBytes : call.srcSpanBytes, other.step), other.docMax);
    (first ? (src ? l.loop1SrcStride : l.loop1DstStride) : (src ? l.loop2SrcStride : l.loop2DstStride)) = v;
    (first ? (src ? l.loop1DstStride : l.loop1SrcStride) : (src ? l.loop2DstStride : l.loop2SrcStride)) = apart;
  }
  c.loopMode = l;
}

// LOOP: on the Ascend 950 one DataCopyPad GM<->UB case in three runs in loop mode (LOOP-1), with
// loop levels of 0..6 iterations (0 is AMB-25's no-op) and strides in bytes, 32-byte steps on the UB side (LOOP-2):
// mostly past the footprint of what they repeat, one in five inside it, so iterations collide (LOOP-3). Drawn either
// way on the 950 (a fixed number of draws); one loop case in two widens one loop field (widenLoop).
void maybeLoopMode(Case& c) {
  if (c.product != Product::ascend950) return;  // the other products' draws stay as they were
  const bool loop = drawWeightedBool(2, 1);
  LoopModeParams l;
  l.loop1Size = static_cast<std::uint32_t>(drawEdgy({1, 2, 0}, 0, 6));
  l.loop2Size = static_cast<std::uint32_t>(drawEdgy({1, 2, 0}, 0, 6));
  const Extents call = extents(c);
  const bool ubIsDst = c.srcPos == Position::GM;
  const std::vector<FieldRange> rows = loopRanges(ubIsDst);  // LOOP-2: each stride's unit and largest value
  auto stride = [](std::uint64_t repeatedSpan, const FieldRange& row) {
    const std::uint64_t apart = alignUp(repeatedSpan, row.step) + row.step * drawEdgy({0, 1}, 0, 4);
    const std::uint64_t inside = row.step * drawInRange(0, std::min(repeatedSpan, row.docMax) / row.step);
    return drawWeightedBool(4, 1) || apart > row.docMax ? inside : apart;
  };
  l.loop1SrcStride = stride(call.srcSpanBytes, rows[2]);
  l.loop1DstStride = stride(call.dstSpanBytes, rows[3]);
  const auto inner = [](std::uint64_t size, std::uint64_t strideBytes, std::uint64_t span) {
    return size == 0 ? 0 : (size - 1) * strideBytes + span;
  };
  l.loop2SrcStride = stride(inner(l.loop1Size, l.loop1SrcStride, call.srcSpanBytes), rows[4]);
  l.loop2DstStride = stride(inner(l.loop1Size, l.loop1DstStride, call.dstSpanBytes), rows[5]);
  if (!loop) return;
  c.loopMode = l;
  if (drawBool()) widenLoop(c);
}

GeneratedCase drawPadGmToUb(ParamStruct which, std::uint32_t onlyWidthBytes, const Scope& scope,
                            Operation op = Operation::padGmToUb) {
  const PathPair path = drawPath(op, scope);
  Case c = padCase(path.src, path.dst);
  drawProductAndDType(c, op, scope, onlyWidthBytes);
  applyScopeProfile(c, scope);  // AMB-17/18 (validity) decide what is drawn, and the coverage ranges' step
  const std::uint32_t s = sizeBytes(c.dtype);
  const bool wholeElements = c.profile.padBlockLen == Profile::PadBlockLen::elementMultiple;
  c.params = padCopyParams(which, drawPadBlocks(true, s, wholeElements ? s : 1));
  widenSometimes(c, op);
  if (wholeElements) {  // a widened other field leaves blockLen small and arbitrary: whole elements again
    std::visit([s](auto& p) {
      if constexpr (requires { p.blockLen; p.srcStride; }) {
        p.blockLen = static_cast<decltype(p.blockLen)>(std::max<std::uint64_t>(s, p.blockLen / s * s));
      }
    }, c.params);
  }
  c.padParams = drawPadParams(which, c.dtype, c.profile);
  const bool setPadValue = drawWeightedBool(2, 1);  // PAD-G2U-4: SetPadValue was called
  const std::uint64_t padRegister = *rc::gen::arbitrary<std::uint64_t>() & elementMask(c.dtype);  // drawn either way
  if (setPadValue) c.padRegister = padRegister;
  c.profile.padDummy = drawOneOf(Profile::PadDummy::any, Profile::PadDummy::docDummy, Profile::PadDummy::padDummy);  // AMB-2
  if (op == Operation::padCompactGmToUb) makeCompact(c, scope);
  maybeLoopMode(c);
  return finish(c, scope);
}

GeneratedCase drawPadUbToGm(ParamStruct which, const Scope& scope, Operation op = Operation::padUbToGm) {
  const PathPair path = drawPath(op, scope);
  Case c = padCase(path.src, path.dst);
  drawProductAndDType(c, op, scope);
  c.params = padCopyParams(which, drawPadBlocks(false, sizeBytes(c.dtype)));
  widenSometimes(c, op);
  if (op == Operation::padCompactUbToGm) makeCompact(c, scope);
  maybeLoopMode(c);
  return finish(c, scope);
}

// The usual layout: the UB->GM leg writes the rows ND2NZ then reads (blockCount = nValue, blockLen = dValue*s,
// GM gap = (srcDValue - dValue)*s); sometimes the two parameter sets are drawn independently.
GeneratedCase drawPadUbToTscm(ParamStruct which, const Scope& scope) {
  const PathPair path = drawPath(Operation::padUbToTscm, scope);
  Case c = padCase(path.src, path.dst);
  drawProductAndDType(c, Operation::padUbToTscm, scope);
  const std::uint32_t s = sizeBytes(c.dtype);
  Nd2NzParams nd = drawNd2NzParams(s, 1, scope);
  const bool independent = drawWeightedBool(3, 1);  // shrinks toward the usual, matched layout
  const bool matched = !independent && nd.nValue > 0 && nd.dValue > 0;
  PadBlockDraw blocks = drawPadBlocks(false, s);
  if (matched) {
    blocks.blockCount = nd.nValue;
    blocks.blockLenBytes = std::uint64_t{nd.dValue} * s;
    blocks.dstStride = (std::uint64_t{nd.srcDValue} - nd.dValue) * s;
  }
  c.params = padCopyParams(which, blocks);
  c.nd2nzParams = nd;
  widenPadUbToTscm(c, scope);
  return finish(c, scope);
}

// DC-1: the normal DataCopy paths; CO2 exists only on the older products, which drawProductAndDType respects.
Case drawDataCopyPath(Operation operation, const Scope& scope) {
  const PathPair path = drawPath(operation, scope);
  return makeCase(Api::DataCopy, path.src, path.dst, DataCopyParams{});
}

GeneratedCase drawCopy0Level(const Scope& scope) {
  Case c = drawDataCopyPath(Operation::copy0Level, scope);
  drawProductAndDType(c, Operation::copy0Level, scope);
  c.params = drawDataCopyBlocks();
  widenSometimes(c, Operation::copy0Level);
  return finish(c, scope);
}

GeneratedCase drawCopy2Level(const Scope& scope) {
  Case c = drawDataCopyPath(Operation::copy2Level, scope);
  c.params = CalCount{};
  drawProductAndDType(c, Operation::copy2Level, scope);
  const std::uint64_t C0 = kDataBlockBytes / sizeBytes(c.dtype);  // elements in one 32-byte block
  // DC-3 edges: exactly one block, just under (nothing moves), just over (a dropped remainder)
  c.params = CalCount{static_cast<std::uint32_t>(drawEdgy({C0, C0 - 1, C0 + 1, 2 * C0 + 1, 0, 1}, 0, 16 * C0 * propScale()))};
  widenSometimes(c, Operation::copy2Level);
  return finish(c, scope);
}

// ND2NZ-6/7 (project): ND2NZ UB->TSCM, one matrix. By default (AMB-38) the layouts every vendor route places as the
// page does: srcDValue == dValue unless one row, nValue made a multiple that fills whole blocks; on the 950 whole
// column blocks, rows one block apart, column blocks nValue blocks apart. Under nd2nzu2l1-page any layout in the
// page's ranges. The matrix strides are drawn though one matrix ignores them (an IUT that reads them shows).
Nd2NzParams drawNd2NzUbToL1Params(const Case& c) {
  const std::uint64_t s = sizeBytes(c.dtype);
  const std::uint64_t C0 = kDataBlockBytes / s;
  const bool page = c.profile.nd2nzU2L1Reading == Profile::Nd2NzU2L1Reading::page;
  const bool wholeBlocks = !page && c.product == Product::ascend950;
  Nd2NzParams p;
  p.ndNum = 1;
  p.srcNdMatrixStride = static_cast<std::uint16_t>(drawEdgy({0, 1, 65535}, 0, 64));
  p.dstNzMatrixStride = static_cast<std::uint16_t>(drawEdgy({0, 1, 16384}, 0, 64));
  p.nValue = static_cast<std::uint16_t>(drawEdgy({1, 2, 16, 15, 17}, 1, 33));
  p.dValue = static_cast<std::uint16_t>(wholeBlocks ? C0 * drawEdgy({1, 2, 3}, 1, 4)
                                                    : drawEdgy({C0, C0 - 1, C0 + 1, 1, 2 * C0}, 1, 3 * C0 + 3));
  const std::uint64_t extra = drawEdgy({0, 1}, 0, 8);  // drawn either way: a fixed draw count
  if (!page) {  // AMB-38: nValue*dValue*s whole blocks (the workspace copy)
    const std::uint64_t rows = kDataBlockBytes / std::gcd(std::uint64_t{p.dValue} * s, kDataBlockBytes);
    p.nValue = static_cast<std::uint16_t>(alignUp(p.nValue, rows));
  }
  const bool anyPitch = page || p.nValue == 1;
  p.srcDValue = static_cast<std::uint16_t>(!anyPitch ? p.dValue : p.dValue + (wholeBlocks ? C0 * extra : extra));
  p.dstNzNStride = static_cast<std::uint16_t>(wholeBlocks && p.nValue > 1 ? 1 : drawEdgy({1, 2}, 1, 4));
  const std::uint64_t disjoint = std::uint64_t{p.nValue} * p.dstNzNStride;
  p.dstNzC0Stride = static_cast<std::uint16_t>(
      wholeBlocks && p.dValue > C0 ? p.nValue : std::min<std::uint64_t>(16384, drawStrideFrom(disjoint, drawOverlap(), 1, 16)));
  return p;
}

GeneratedCase drawNd2Nz(const Scope& scope) {
  const PathPair path = drawPath(Operation::nd2nz, scope);
  Case c = makeCase(Api::DataCopy, path.src, path.dst, Nd2NzParams{});
  drawProductAndDType(c, Operation::nd2nz, scope);
  if (isLocal(path.src)) {  // ND2NZ-6 (project): UB->TSCM, drawn apart (its own units)
    applyScopeProfile(c, scope);  // AMB-38 decides what is drawn
    c.params = drawNd2NzUbToL1Params(c);
    widenSometimes(c, Operation::nd2nz);
    return finish(c, scope);
  }
  c.params = drawNd2NzParams(sizeBytes(c.dtype), 3, scope);
  widenSometimes(c, Operation::nd2nz);
  return finish(c, scope);
}

// ND2NZUB (project): the emulation's layouts by default (AMB-33: one matrix, no matrix strides, its row pitch),
// GM->L1's ND2NZ draw under nd2nzub-page. Whole ranges come from widenSometimes (docs/coverage.md).
GeneratedCase drawNd2NzGmToUb(const Scope& scope) {
  Case c = makeCase(Api::DataCopy, Position::GM, Position::VECIN, Nd2NzParams{});
  drawProductAndDType(c, Operation::nd2nzGmToUb, scope);
  applyScopeProfile(c, scope);
  if (c.profile.nd2nzUbReading == Profile::Nd2NzUbReading::page) {
    c.params = drawNd2NzParams(sizeBytes(c.dtype), 3, scope);
    widenSometimes(c, Operation::nd2nzGmToUb);
    return finish(c, scope);
  }
  const std::uint64_t C0 = nd2nzGmToUbC0(c);
  const bool floatRows = C0 * sizeBytes(c.dtype) > kDataBlockBytes;  // AMB-34: 64-byte rows, pitch >= 2 blocks
  Nd2NzParams p;
  // AMB-6's doc-range rejects the dstNzMatrixStride 0 AMB-33 needs: only the empty call is valid then
  const bool zeroMatrixStrideOk = c.profile.nd2nzZeroMatrixStride == Profile::Nd2NzZeroMatrixStride::acceptWhenSingle;
  p.ndNum = static_cast<std::uint16_t>(zeroMatrixStrideOk ? drawEdgy({1}, 0, 1) : 0);
  p.dstNzMatrixStride = zeroMatrixStrideOk ? 0 : 1;
  p.nValue = static_cast<std::uint16_t>(drawEdgy({1, 16, 15, 17}, 0, 33));
  p.dValue = static_cast<std::uint16_t>(drawEdgy({C0, C0 - 1, C0 + 1, 1, 2 * C0}, 0, 3 * C0 + 3));
  p.srcDValue = static_cast<std::uint16_t>(std::max<std::uint64_t>(1, p.dValue + drawEdgy({0, 1}, 0, 8)));
  const bool tail = p.dValue % C0 != 0;
  // AMB-34's float rows: any pitch from 2 blocks without a tail, up to ND2NZ-1's 16384 (then two rows, 512 KiB)
  p.dstNzNStride = static_cast<std::uint16_t>(!floatRows ? 1 : tail ? 2 : drawEdgy({2, 3, 16384}, 2, 4));
  if (p.dstNzNStride > 4) p.nValue = static_cast<std::uint16_t>(std::min<std::uint16_t>(p.nValue, 2));
  p.dstNzC0Stride = static_cast<std::uint16_t>(std::min<std::uint64_t>(
      16384, drawStrideFrom(std::uint64_t{p.nValue} * p.dstNzNStride, drawOverlap(), 1, 16)));  // ND2NZ-1
  const std::uint64_t columnBlocks = alignUp(p.dValue, C0) / C0;  // 0 for dValue 0
  if (const std::uint64_t later = columnBlocks > 1 ? (columnBlocks - 1) * (kDataBlockBytes / sizeBytes(c.dtype)) : 0;
      later > 0) {
    p.dstNzC0Stride = static_cast<std::uint16_t>(std::min<std::uint64_t>(p.dstNzC0Stride, 0xFFFF / later));  // AMB-33
  }
  c.params = p;
  widenSometimes(c, Operation::nd2nzGmToUb);
  return finish(c, scope);
}

GeneratedCase drawNz2Nd(const Scope& scope) {
  const PathPair path = drawPath(Operation::nz2nd, scope);
  Case c = makeCase(Api::DataCopy, path.src, path.dst, Nz2NdParamsFull{});
  drawProductAndDType(c, Operation::nz2nd, scope);
  constexpr std::uint64_t kC0 = 16;  // NZ2ND-1: C0 is 16 elements whatever the dtype
  Nz2NdParamsFull p;
  p.ndNum = static_cast<std::uint16_t>(drawEdgy({1, 2}, 0, 3));
  p.nValue = static_cast<std::uint16_t>(drawEdgy({1, 16, 15, 17}, 1, 33));
  p.dValue = static_cast<std::uint16_t>(kC0 * drawEdgy({1, 2}, 1, 3));
  const bool overlap = drawOverlap();
  p.srcNStride = static_cast<std::uint16_t>(drawStrideFrom(p.nValue, overlap, 0, 16));
  const std::uint64_t fractals = (p.dValue / kC0 * p.srcNStride * kC0 + 255) / 256;
  p.srcNdMatrixStride = static_cast<std::uint16_t>(drawStrideFrom(std::max<std::uint64_t>(1, fractals), overlap, 1, 2));
  if (p.ndNum > 1) {  // NZ2ND-1: srcNdMatrixStride*256 a multiple of nValue*sizeof(T): round up to one
    const std::uint64_t rowBytes = std::uint64_t{p.nValue} * sizeBytes(c.dtype);
    p.srcNdMatrixStride = static_cast<std::uint16_t>(alignUp(p.srcNdMatrixStride, rowBytes / std::gcd(rowBytes, std::uint64_t{256})));
  }
  p.dstDStride = static_cast<std::uint16_t>(drawStrideFrom(p.dValue, overlap, 1, 8));
  p.dstNdMatrixStride =
      static_cast<std::uint16_t>(drawStrideFrom(std::uint64_t{p.nValue} * p.dstDStride, overlap, 1, 16));
  c.params = p;
  widenSometimes(c, Operation::nz2nd);
  return finish(c, scope);
}

}  // namespace

rc::Gen<GeneratedCase> genPadGmToUb(ParamStruct params, std::uint32_t onlyWidthBytes, const Scope& scope) {
  return rc::gen::exec([=] { return drawPadGmToUb(params, onlyWidthBytes, scope); });
}
rc::Gen<GeneratedCase> genPadUbToGm(ParamStruct params, const Scope& scope) {
  return rc::gen::exec([=] { return drawPadUbToGm(params, scope); });
}
rc::Gen<GeneratedCase> genPadUbToTscm(ParamStruct params, const Scope& scope) {
  return rc::gen::exec([=] { return drawPadUbToTscm(params, scope); });
}
rc::Gen<GeneratedCase> genCopy0Level(const Scope& scope) { return rc::gen::exec([=] { return drawCopy0Level(scope); }); }
rc::Gen<GeneratedCase> genCopy2Level(const Scope& scope) { return rc::gen::exec([=] { return drawCopy2Level(scope); }); }
rc::Gen<GeneratedCase> genNd2Nz(const Scope& scope) { return rc::gen::exec([=] { return drawNd2Nz(scope); }); }
rc::Gen<GeneratedCase> genNz2Nd(const Scope& scope) { return rc::gen::exec([=] { return drawNz2Nd(scope); }); }
rc::Gen<GeneratedCase> genSlice(const Scope& scope) { return rc::gen::exec([=] { return drawSlice(scope); }); }
rc::Gen<GeneratedCase> genDn2Nz(const Scope& scope) { return rc::gen::exec([=] { return drawDn2Nz(scope); }); }
rc::Gen<GeneratedCase> genEnhancedNormal(const Scope& scope) {
  return rc::gen::exec([=] { return drawEnhancedNormal(scope); });
}
rc::Gen<GeneratedCase> genEnhancedCo1ToCo2(const Scope& scope) {
  return rc::gen::exec([=] { return drawEnhancedCo1ToCo2(scope); });
}
rc::Gen<GeneratedCase> genFixpipe(const Scope& scope) { return rc::gen::exec([=] { return drawFixpipe(scope); }); }

bool hasGenerator(Operation operation) {
  switch (operation) {
    case Operation::padGmToUb:
    case Operation::padUbToGm:
    case Operation::padCompactGmToUb:
    case Operation::padCompactUbToGm:
    case Operation::padUbToTscm:
    case Operation::copy0Level:
    case Operation::copy2Level:
    case Operation::nd2nz:
    case Operation::nz2nd:
    case Operation::slice:
    case Operation::dn2nz:
    case Operation::enhancedNormal:
    case Operation::enhancedCo1ToCo2:
    case Operation::fixpipe:
    case Operation::fixpipe950:
    case Operation::nddma:
    case Operation::nd2nzGmToUb:
    case Operation::broadcastUbToL0c:
      return true;
  }
  return false;
}

bool scopeHasCases(Operation operation, const Scope& scope) {
  if (operation == Operation::fixpipe950) return fixpipe950HasCases(scope);
  return hasGenerator(operation) && (operation != Operation::fixpipe || fixpipeHasCases(scope));
}

rc::Gen<GeneratedCase> genCase(Operation operation, const Scope& scope) {
  switch (operation) {
    // either params struct, the plain DataCopyParams first (rc::gen::oneOf would not shrink the choice)
    case Operation::padGmToUb:
      return rc::gen::exec([=] { return drawPadGmToUb(drawOneOf(ParamStruct::plain, ParamStruct::ext), 0, scope); });
    case Operation::padUbToGm:
      return rc::gen::exec([=] { return drawPadUbToGm(drawOneOf(ParamStruct::plain, ParamStruct::ext), scope); });
    case Operation::padUbToTscm:
      return rc::gen::exec([=] { return drawPadUbToTscm(drawOneOf(ParamStruct::plain, ParamStruct::ext), scope); });
    case Operation::copy0Level: return genCopy0Level(scope);
    case Operation::copy2Level: return genCopy2Level(scope);
    case Operation::nd2nz: return genNd2Nz(scope);
    case Operation::nz2nd: return genNz2Nd(scope);
    case Operation::slice: return genSlice(scope);
    case Operation::dn2nz: return genDn2Nz(scope);
    case Operation::enhancedNormal: return genEnhancedNormal(scope);
    case Operation::enhancedCo1ToCo2: return genEnhancedCo1ToCo2(scope);
    case Operation::fixpipe: return genFixpipe(scope);
    case Operation::fixpipe950: return rc::gen::exec([=] { return drawFixpipe950(scope); });
    case Operation::nd2nzGmToUb: return rc::gen::exec([=] { return drawNd2NzGmToUb(scope); });
    case Operation::padCompactGmToUb:  // PAD-CMP-1: either struct, the Ext one first (the spelling of the examples)
      return rc::gen::exec([=] {
        return drawPadGmToUb(drawOneOf(ParamStruct::ext, ParamStruct::plain), 0, scope, Operation::padCompactGmToUb);
      });
    case Operation::padCompactUbToGm:
      return rc::gen::exec([=] {
        return drawPadUbToGm(drawOneOf(ParamStruct::ext, ParamStruct::plain), scope, Operation::padCompactUbToGm);
      });
    case Operation::nddma: return rc::gen::exec([=] { return drawNdDma(scope); });
    case Operation::broadcastUbToL0c: return rc::gen::exec([=] { return drawBroadcastUbToL0c(scope); });
  }
  throw std::logic_error("no property generator for " + std::string(name(operation)));
}

rc::Gen<GeneratedCase> genAnyCase() {
  return rc::gen::exec([] {
    std::vector<Operation> generated;
    for (const Operation op : kAllOperations) {
      if (hasGenerator(op)) generated.push_back(op);
    }
    return *genCase(drawElement(generated));
  });
}

}  // namespace dcconf::properties
