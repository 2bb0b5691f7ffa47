// The sparse lane: scheduled whole-range values of the strides a flat buffer cannot hold, run on sparse
// mappings (casefile::SparseBuffer) against the oracle's windowed evaluation.
#include "dcconf/properties/sparse.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <optional>
#include <stdexcept>

#include "compare.hpp"
#include "dcconf/casefile/sparse_buffer.hpp"
#include "dcconf/casefile/text.hpp"
#include "dcconf/properties/coverage.hpp"
#include "dcconf/properties/fixpipe.hpp"
#include "draw.hpp"

namespace dcconf::properties {

using namespace dcconf::oracle;
using namespace detail;

namespace {

// A field the sparse lane stretches: its coverage-model name and the dense lane's reach (its bits are the dense
// lane's; the sparse lane draws every bit above them, and the documented maximum and maximum-1).
struct SparseField {
  std::string_view name;
  std::uint64_t denseReach;
  int valueBits = 32;  // the documented maximum's width: the lane draws bits up to valueBits - 1
  // Where the documented maximum has no address space (DN2NZ's 64-bit strides): the lane's own maximum, whose width
  // is valueBits, drawn and gated in its place; 0: the documented maximum.
  std::uint64_t laneTop = 0;
};

// SLICE: the start, end and stride of both sides and both shapes of every dimension (coverage rows
// j = 0, 1, 2, 4, 5, 6, 8, 9 of dimension d); a burstLen moves its bytes, so its reach is a footprint, not a hole.
constexpr std::size_t kSliceSparseRows[] = {0, 1, 2, 4, 5, 6, 8, 9};
const std::vector<SparseField>& sliceSparseFields() {
  static const std::vector<SparseField> fields = [] {
    std::vector<SparseField> out;
    for (std::size_t d = 0; d < kMaxSliceDims; ++d) {
      for (const std::size_t j : kSliceSparseRows) {
        out.push_back({sliceRowName(d, j), d == 0 ? kReachSliceDim0Elements : kReachSliceOuterIndex});
      }
    }
    return out;
  }();
  return fields;
}

// LOOP-2: the loop sizes (below 2^21, dense reach 2^16-1) and the GM side's loop strides (bytes,
// below 2^40, dense reach 2^21-1; the UB side's are reached whole by the dense lane). Fields 2.. of a Normal PAD
// operation; a Compact one (PAD-CMP, whose sparse units came later) stretches the GM strides alone (sparseFields).
constexpr int kLoopSizeBits = 21;
constexpr int kLoopGmStrideBits = 40;
constexpr std::uint64_t kLoopSizeReach = (std::uint64_t{1} << 16) - 1;

bool isNormalPad(Operation operation) { return operation == Operation::padGmToUb || operation == Operation::padUbToGm; }
bool isCompactPad(Operation operation) {
  return operation == Operation::padCompactGmToUb || operation == Operation::padCompactUbToGm;
}
// The index of an operation's first loop field (none: past every field).
std::size_t firstLoopField(Operation operation) {
  return isNormalPad(operation) ? 2 : isCompactPad(operation) ? 0 : std::numeric_limits<std::size_t>::max();
}

std::vector<SparseField> loopGmStrideFields(bool srcIsGm) {
  return {{srcIsGm ? "LoopModeParams.loop1SrcStride" : "LoopModeParams.loop1DstStride", kReachGmStrideBytes, kLoopGmStrideBits},
          {srcIsGm ? "LoopModeParams.loop2SrcStride" : "LoopModeParams.loop2DstStride", kReachGmStrideBytes, kLoopGmStrideBits}};
}
// A Normal operation's fields, then the loop sizes and GM strides.
std::vector<SparseField> withLoopFields(std::vector<SparseField> fields, bool srcIsGm) {
  fields.push_back({"LoopModeParams.loop1Size", kLoopSizeReach, kLoopSizeBits});
  fields.push_back({"LoopModeParams.loop2Size", kLoopSizeReach, kLoopSizeBits});
  const std::vector<SparseField> strides = loopGmStrideFields(srcIsGm);
  fields.insert(fields.end(), strides.begin(), strides.end());
  return fields;
}

// NDDMA-2: each dimension's source stride (elements, below 2^40) and destination stride (below 2^20),
// moved by a dimension of two elements. The dense lane draws them whole only over a dimension of one element, where
// they multiply index 0 and no byte shows them; its packed boxes observe strides below 2^12.
constexpr std::uint64_t kNdDmaStrideReach = (std::uint64_t{1} << 12) - 1;
constexpr int kNdDmaSrcStrideBits = 40;
constexpr int kNdDmaDstStrideBits = 20;
const std::vector<SparseField>& ndDmaStrideFields() {  // field 2d: loopSrcStride[d], 2d + 1: loopDstStride[d]
  static const std::vector<SparseField> fields = [] {
    std::vector<SparseField> out;
    for (std::size_t d = 0; d < kMaxNdDmaDims; ++d) {
      out.push_back({ndDmaRowName(d, 1), kNdDmaStrideReach, kNdDmaSrcStrideBits});
      out.push_back({ndDmaRowName(d, 2), kNdDmaStrideReach, kNdDmaDstStrideBits});
    }
    return out;
  }();
  return fields;
}

// DN2NZ-2: the source matrix and column strides (elements, documented to 2^64-1; a buffer holds
// at most 2^41 bytes, so the lane's top is 2^38-1: 2^40 bytes of a 4-byte T, the widest DN2NZ-4 type) and the
// destination matrix stride (elements, a multiple of 32/s up to 2^32-1), past the dense reach of 2^20-1; laid out by
// the dense widening (widenDn2Nz: two matrices, or two columns, one element each).
constexpr int kDn2NzSrcLaneBits = 38;
constexpr std::uint64_t kDn2NzSrcLaneTop = (std::uint64_t{1} << kDn2NzSrcLaneBits) - 1;
constexpr std::size_t kDn2NzWideField[] = {3, 4, 7};  // the fields' places among DN2NZ's coverage rows
const std::vector<SparseField>& dn2nzStrideFields() {
  static const std::vector<SparseField> fields{
      {"Dn2NzParams.srcDnMatrixStride", kReachDn2NzElements, kDn2NzSrcLaneBits, kDn2NzSrcLaneTop},
      {"Dn2NzParams.srcDValue", kReachDn2NzElements, kDn2NzSrcLaneBits, kDn2NzSrcLaneTop},
      {"Dn2NzParams.dstNzMatrixStride", kReachDn2NzElements}};
  return fields;
}

std::vector<SparseField> sparseFields(Operation operation) {
  switch (operation) {
    case Operation::nddma: return ndDmaStrideFields();
    case Operation::dn2nz: return dn2nzStrideFields();
    case Operation::slice: return sliceSparseFields();
    case Operation::padGmToUb:  // GM source stride in bytes, UB destination stride in 32-byte blocks
      return withLoopFields({{"DataCopyExtParams.srcStride", kReachGmStrideBytes},
                             {"DataCopyExtParams.dstStride", kReachUbStrideBlocks}}, true);
    case Operation::padUbToGm:
      return withLoopFields({{"DataCopyExtParams.srcStride", kReachUbStrideBlocks},
                             {"DataCopyExtParams.dstStride", kReachGmStrideBytes}}, false);
    // The Compact operations take the GM strides only: a size slot costs up to 2 s, and SetLoopModePara's sizes are
    // one register for both modes (LOOP_SIZE), drawn whole by the Normal operations' units.
    case Operation::padCompactGmToUb: return loopGmStrideFields(true);
    case Operation::padCompactUbToGm: return loopGmStrideFields(false);
    case Operation::fixpipe:
      // the nz2nd register's dstNdStride is 16 bits on A2/A3 (FIX-2): the dense lane reaches all of it
      return {{"DataCopyCO12DstParams.dstStride", kReachFixDstStride}};
    default: return {};
  }
}

// The fields' documented widths and maxima come from the coverage model (fieldRanges), so draws and gate agree.
FieldRange rangeOf(const Case& c, Operation operation, std::string_view field) {
  for (const FieldRange& r : fieldRanges(c, operation)) {
    if (r.name == field) return r;
  }
  throw std::logic_error("sparse: the coverage model has no field " + std::string(field));
}

struct Slot {
  std::size_t field;
  int bit;  // -1: the maximum, -2: the maximum - 1, kMultiMiB: a slice moving field-th size of kMultiMiBBursts
  std::optional<DType> dtype = std::nullopt;  // NDDMA: the dtype the slot is dealt to
};
constexpr int kMultiMiB = -3;
// SLICE multi-MiB moves: bursts of 2047 blocks (SLICE-4's unaligned-transport limit), 24 or 48 of
// them in dimension 1: 1.5 MiB and 3 MiB, past a 1 MiB fault.
constexpr std::uint32_t kMultiMiBBurstBlocks = 2047;
constexpr std::uint32_t kMultiMiBBursts[] = {24, 48};
// LOOP-1: loop mode is the Ascend 950's; its slots join a PAD unit whose scope can draw the 950.
bool drawsLoopMode(Operation operation, const Scope& scope) {
  return (isNormalPad(operation) || isCompactPad(operation)) &&
         scope.product.value_or(Product::ascend950) == Product::ascend950;
}

// The loop slots are dealt round robin over the operation's dtype units, so a run draws each once, not once per
// dtype: a size slot repeats its call up to 2^21-1 times (about 0.35 us an iteration, oracle and fast backend), the
// gate counts fields per operation, and LOOP-3's addressing is in bytes whatever T. A scope of several dtypes (or
// none) takes them all.
struct Deal {
  std::size_t hand = 0;   // the scope's dtype's place among the operation's 950 dtypes
  std::size_t hands = 1;  // how many there are: loop slot k goes to hand k % hands
};
// The Ascend 950's dtypes of an operation, in the oracle's table order.
std::vector<DType> dtypesOn950(Operation operation) {
  std::vector<DType> out;
  for (const DTypeInfo& d : allDTypes()) {
    const bool gmToUb = operation == Operation::padGmToUb || operation == Operation::padCompactGmToUb;
    const PathPair gmToL1 = documentedPaths(Operation::dn2nz).front();  // DN2NZ: GM -> A1/B1
    Case probe = operation == Operation::nddma   ? makeCase(Api::DataCopy, Position::GM, Position::VECIN, NdDmaParams{})
                 : operation == Operation::dn2nz ? makeCase(Api::DataCopy, gmToL1.src, gmToL1.dst, Dn2NzParams{})
                 : gmToUb ? makeCase(Api::DataCopyPad, Position::GM, Position::VECIN, DataCopyExtParams{})
                          : makeCase(Api::DataCopyPad, Position::VECIN, Position::GM, DataCopyExtParams{});
    if (isCompactPad(operation)) probe.paddingMode = PaddingMode::compact;
    probe.product = Product::ascend950;
    probe.dtype = d.dtype;
    if (checkSupport(probe, operation).empty()) out.push_back(d.dtype);
  }
  return out;
}

Deal dealOf(Operation operation, const Scope& scope) {
  if (scope.dtypes.size() != 1) return {};
  const std::vector<DType> dtypes = dtypesOn950(operation);
  const auto at = std::find(dtypes.begin(), dtypes.end(), scope.dtypes.front());
  if (at == dtypes.end()) throw std::logic_error("sparse: a loop unit's dtype is not the 950's");
  return {static_cast<std::size_t>(at - dtypes.begin()), dtypes.size()};
}

// NDDMA-2's limits for T (AMB-35 halves the 8-byte T's) and its span rule: a dimension of two elements at stride v
// after `below` elements of dimension 0 spans (below + v) * s bytes, kept under 2^40 (NDDMA-2 allows exactly 2^40 by
// our reading of the page's 40-bit limit only, so the slots hold under the stricter one). The highest stride shown.
constexpr std::uint64_t kNdDmaSpanBytes = std::uint64_t{1} << 40;
std::uint64_t ndDmaDocMax(std::size_t field, DType dtype, const Profile& profile) {
  const bool halved = sizeBytes(dtype) == 8 && profile.ndDmaB64Stride == Profile::NdDmaB64Stride::reject;
  const int bits = field % 2 == 0 ? kNdDmaSrcStrideBits : kNdDmaDstStrideBits;
  return (std::uint64_t{1} << (halved ? bits - 1 : bits)) - 1;
}
std::uint64_t ndDmaObservableTop(std::size_t field, DType dtype, const Profile& profile, std::uint64_t below) {
  const std::uint64_t docMax = ndDmaDocMax(field, dtype, profile);
  return field % 2 == 0 ? std::min(docMax, (kNdDmaSpanBytes - 1) / sizeBytes(dtype) - below) : docMax;
}

// NDDMA's slots are dealt like loop mode's, but only over the dtypes whose observable top reaches the slot's bit (a
// maximum counts as the field's top bit): the source stride's bit 39 is reachable with a 1-byte T alone. A scope of
// several dtypes (or none) draws every slot, each with the first dtype it allows among the slot's.
std::vector<Slot> ndDmaSchedule(const Scope& scope) {
  const std::vector<SparseField>& fields = ndDmaStrideFields();
  const std::vector<DType> dtypes = dtypesOn950(Operation::nddma);
  const Profile profile = scope.profile.value_or(Profile{});  // AMB-35's nddma-b64-wrap widens the b64 tops
  std::vector<Slot> out;
  std::size_t k = 0;
  auto add = [&](std::size_t f, int bit) {
    const int topBit = bit >= 0 ? bit : fields[f].valueBits - 1;
    std::vector<DType> eligible;
    for (const DType d : dtypes) {
      if (std::bit_width(ndDmaObservableTop(f, d, profile, 1)) > static_cast<std::uint64_t>(topBit)) eligible.push_back(d);
    }
    const DType dealt = eligible[k++ % eligible.size()];
    if (scope.dtypes.size() == 1) {
      if (scope.dtypes.front() == dealt) out.push_back({f, bit, dealt});
      return;
    }
    const auto allowed = scope.allowsDType(dealt) ? std::find(eligible.begin(), eligible.end(), dealt)
                                                  : std::find_if(eligible.begin(), eligible.end(),
                                                                 [&](DType d) { return scope.allowsDType(d); });
    if (allowed != eligible.end()) out.push_back({f, bit, *allowed});
  };
  for (std::size_t f = 0; f < fields.size(); ++f) {
    for (int b = static_cast<int>(std::bit_width(fields[f].denseReach)); b < fields[f].valueBits; ++b) add(f, b);
    add(f, -1);
    add(f, -2);
  }
  return out;
}

// NDDMA-1 and DN2NZ exist on the Ascend 950 only, for their own dtypes: another scope draws no slot.
bool reaches950Path(Operation operation, const Scope& scope) {
  if (scope.product.value_or(Product::ascend950) != Product::ascend950) return false;
  const std::vector<DType> dtypes = dtypesOn950(operation);
  return std::any_of(dtypes.begin(), dtypes.end(), [&](DType d) { return scope.allowsDType(d); });
}

std::vector<Slot> schedule(Operation operation, const Scope& scope) {
  if ((operation == Operation::nddma || operation == Operation::dn2nz) && !reaches950Path(operation, scope)) return {};
  if (operation == Operation::nddma) return ndDmaSchedule(scope);
  std::vector<Slot> out;
  const std::vector<SparseField> fields = sparseFields(operation);
  const std::size_t used = drawsLoopMode(operation, scope) ? fields.size() : std::min(fields.size(), firstLoopField(operation));
  const Deal deal = drawsLoopMode(operation, scope) ? dealOf(operation, scope) : Deal{};
  std::size_t loopSlots = 0;
  // SLICE's multi-MiB moves come first: a --time run always reaches them, and a fault in large transfers shows in
  // the lane's first cases, not after its ~1300 field slots (each a wide, costly move).
  if (operation == Operation::slice) {
    for (std::size_t k = 0; k < std::size(kMultiMiBBursts); ++k) out.push_back({k, kMultiMiB});
  }
  auto add = [&](std::size_t f, int bit) {
    const bool loopField = drawsLoopMode(operation, scope) && f >= firstLoopField(operation);
    if (!loopField || loopSlots++ % deal.hands == deal.hand) out.push_back({f, bit});
  };
  for (std::size_t f = 0; f < used; ++f) {
    for (int b = static_cast<int>(std::bit_width(fields[f].denseReach)); b < fields[f].valueBits; ++b) add(f, b);
    add(f, -1);
    add(f, -2);
  }
  return out;
}

// The field's documented maximum (coverage model) has the width the schedule drew bits for (or lies above the lane's
// own maximum), checked at each draw.
std::uint64_t valueFor(const Slot& slot, const SparseField& field, const FieldRange& range) {
  if (field.laneTop != 0 ? range.docMax <= field.laneTop
                         : std::bit_width(range.docMax) != static_cast<std::uint64_t>(field.valueBits)) {
    throw std::logic_error("sparse: the documented maximum of " + std::string(field.name) + " changed in the coverage model");
  }
  const std::uint64_t maximum = field.laneTop != 0 ? field.laneTop : range.docMax;
  if (slot.bit == -1) return maximum;
  if (slot.bit == -2) return maximum - 1;
  const std::uint64_t top = std::uint64_t{1} << slot.bit;
  return top | drawInRange(0, top - 1);
}

// Buffers just holding the footprint, plus a small tail, at the offsets the dense draw chose.
void sizeBuffers(Case& c) {
  const Extents e = extents(c);
  c.src.sizeBytes = c.src.offsetBytes + e.srcSpanBytes + drawInRange(0, 64);
  c.dst.sizeBytes = c.dst.offsetBytes + e.dstSpanBytes + drawInRange(0, 64);
  requireValid(c);
  if (c.src.sizeBytes > casefile::kMaxSparseBytes || c.dst.sizeBytes > casefile::kMaxSparseBytes) {
    throw std::logic_error("sparse: a scheduled case exceeds the 2^41-byte cap");
  }
}

SparseCase drawPad(Operation operation, const Scope& scope, const Slot& slot) {
  const GeneratedCase g = operation == Operation::padGmToUb ? *genPadGmToUb(ParamStruct::ext, 0, scope)
                                                            : *genPadUbToGm(ParamStruct::ext, scope);
  Case c = g.data.c;
  auto& p = std::get<DataCopyExtParams>(c.params);
  p.blockCount = 2;  // two blocks: the stride moves the second one
  p.blockLen = std::min<std::uint32_t>(p.blockLen, 256);
  p.srcStride %= 64;
  p.dstStride %= 64;
  const SparseField field = sparseFields(operation)[slot.field];
  const std::uint64_t v = valueFor(slot, field, rangeOf(c, operation, field.name));
  (slot.field == 0 ? p.srcStride : p.dstStride) = static_cast<std::uint32_t>(v);
  sizeBuffers(c);
  return {c, {std::string(field.name), v}, *rc::gen::arbitrary<std::uint64_t>()};
}

// LOOP-2, on the Ascend 950. A scheduled loop size repeats a one-call case at consecutive places:
// GM->UB one 32-byte block (no dummy bytes: AMB-2 stays out) from GM one element further each time into the next UB
// block; UB->GM one byte from the next UB block to the next GM byte. Every iteration's bytes are distinct and cared
// for, so a count off by one or a truncated size shows. A scheduled GM stride moves the second of two iterations of
// a small call; the UB side's stride keeps them apart. The other level runs once.
SparseCase drawLoop(Operation operation, const Scope& scope, const Slot& slot) {
  Scope on950 = scope;
  on950.product = Product::ascend950;
  const bool gmToUb = operation == Operation::padGmToUb || operation == Operation::padCompactGmToUb;
  const GeneratedCase g = isCompactPad(operation) ? *genCase(operation, on950)
                          : gmToUb                ? *genPadGmToUb(ParamStruct::ext, 0, on950)
                                                  : *genPadUbToGm(ParamStruct::ext, on950);
  Case c = g.data.c;
  widenToExtParams(c);  // a Compact case may be drawn with either struct (PAD-CMP-1); the wide strides need Ext
  auto& p = std::get<DataCopyExtParams>(c.params);
  const SparseField field = sparseFields(operation)[slot.field];
  const bool sizeField = field.name.ends_with("Size");
  const bool level1 = field.name.starts_with("LoopModeParams.loop1");
  LoopModeParams l{1, 1, 0, 0, 0, 0};
  c.loopMode = l;  // the loop rows exist in the coverage model from here on
  const std::uint64_t v = valueFor(slot, field, rangeOf(c, operation, field.name));
  std::uint64_t gmStride = 0;
  std::uint64_t ubStride = kDataBlockBytes;
  if (sizeField) {
    p.blockCount = 1;
    p.blockLen = gmToUb ? kDataBlockBytes : 1;
    p.srcStride = p.dstStride = 0;
    if (gmToUb) c.padParams = DataCopyPadExtParams{};  // no padding: one whole block
    (level1 ? l.loop1Size : l.loop2Size) = static_cast<std::uint32_t>(v);
    gmStride = gmToUb ? sizeBytes(c.dtype) : 1;
  } else {
    p.blockCount = std::min<std::uint16_t>(p.blockCount, 2);
    p.blockLen = std::min<std::uint32_t>(p.blockLen, 256);
    p.srcStride %= 64;
    p.dstStride %= 64;
    (level1 ? l.loop1Size : l.loop2Size) = 2;
    Case single = c;
    single.loopMode.reset();
    const Extents call = extents(single);
    ubStride = alignUp(gmToUb ? call.dstSpanBytes : call.srcSpanBytes, kDataBlockBytes);
    gmStride = v;
  }
  std::uint64_t& gm = gmToUb ? (level1 ? l.loop1SrcStride : l.loop2SrcStride) : (level1 ? l.loop1DstStride : l.loop2DstStride);
  std::uint64_t& ub = gmToUb ? (level1 ? l.loop1DstStride : l.loop2DstStride) : (level1 ? l.loop1SrcStride : l.loop2SrcStride);
  gm = gmStride;
  ub = ubStride;
  c.loopMode = l;
  sizeBuffers(c);
  return {c, {std::string(field.name), v}, *rc::gen::arbitrary<std::uint64_t>()};
}

// As widenFixpipe: one row or two, one or two column groups, the stretched stride between them.
SparseCase drawFix(const Scope& scope, const Slot& slot) {
  const GeneratedCase g = *genFixpipe(scope);
  Case c = g.data.c;
  auto p = std::get<DataCopyCO12DstParams>(c.params);
  FixpipeState& f = *c.fixpipe;
  const std::uint64_t c0 = p.nz2ndEn ? 1 : fixDestinationC0(c);
  p.mSize = 1;
  p.nSize = static_cast<std::uint16_t>(c0);
  p.srcStride = 16;
  p.dstStride = 1;
  f.ndNum = 1;
  f.srcNdStride = 1;
  f.dstNdStride = 1;
  c.params = p;
  const SparseField field = sparseFields(Operation::fixpipe)[slot.field];
  const std::uint64_t v = valueFor(slot, field, rangeOf(c, Operation::fixpipe, field.name));
  p.dstStride = static_cast<std::uint32_t>(v);
  if (p.nz2ndEn) p.mSize = 2; else p.nSize = static_cast<std::uint16_t>(2 * c0);
  if (!f.quantTensor.empty() && f.quantTensor.size() < p.nSize) f.quantTensor.resize(p.nSize, f.quantTensor.back());
  c.params = p;
  sizeBuffers(c);
  return {c, {std::string(field.name), v}, *rc::gen::arbitrary<std::uint64_t>()};
}

// SLICE: the widening's layout (wideSliceLayout) with the scheduled value in the slot's row; both maxima and every
// bit above the dense reach of each start, end, stride and shape, placed up to 2^37 bytes into the buffers.
SparseCase drawSliceSparse(const Scope& scope, const Slot& slot) {
  // the path, product and dtype as genSlice draws them, without its dense buffers (the lane only needs the call)
  const PathPair path = drawPath(Operation::slice, scope);
  Case c = makeCase(Api::DataCopy, path.src, path.dst, SliceParams{});
  drawProductAndDType(c, Operation::slice, scope);
  const bool ubSrc = c.srcPos != Position::GM;
  (ubSrc ? c.dst : c.src).offsetBytes = drawInRange(0, 63);  // GM: any byte; the local side 32-byte aligned (G-5)
  (ubSrc ? c.src : c.dst).offsetBytes = kDataBlockBytes * drawInRange(0, 1);
  if (slot.bit == kMultiMiB) {  // dimension 0 one burst of 2047 blocks, dimension 1 n consecutive indices
    const std::uint64_t e = std::uint64_t{kDataBlockBytes} * kMultiMiBBurstBlocks / sizeBytes(c.dtype);
    const std::uint32_t n = kMultiMiBBursts[slot.field];
    SliceParams p;
    p.dimValue = 2;
    for (auto* info : {&p.srcSliceInfo, &p.dstSliceInfo}) {
      (*info)[0] = {0, static_cast<std::uint32_t>(e - 1), 0, kMultiMiBBurstBlocks};
      (*info)[1] = {0, n - 1, 0, 1};
    }
    p.srcShape[0] = p.dstShape[0] = static_cast<std::uint32_t>(e);
    p.srcShape[1] = p.dstShape[1] = n;
    c.params = p;
    sizeBuffers(c);
    return {c, {"SLICE bytes moved", std::uint64_t{n} * kDataBlockBytes * kMultiMiBBurstBlocks},
            *rc::gen::arbitrary<std::uint64_t>()};
  }
  const std::vector<FieldRange> ranges = sliceRangesAtEveryDim(c);
  const std::size_t d = slot.field / std::size(kSliceSparseRows);
  const std::size_t j = kSliceSparseRows[slot.field % std::size(kSliceSparseRows)];
  const FieldRange& range = sliceRow(ranges, d, j);
  const std::uint64_t v = std::max(range.docMin, valueFor(slot, sliceSparseFields()[slot.field], range) / range.step * range.step);
  c.params = wideSliceLayout(c, ubSrc, drawWideSliceField(ranges, d, j, v));
  sizeBuffers(c);
  return {c, {std::string(range.name), v}, *rc::gen::arbitrary<std::uint64_t>()};
}

// DN2NZ-1/2: the dense widening's layout of the slot's field (two matrices, or two columns, of one element), the value
// rounded down to the row's step (dstNzMatrixStride: whole 32-byte blocks).
SparseCase drawDn2NzSparse(const Scope& scope, const Slot& slot) {
  Case c = (*genCase(Operation::dn2nz, scope)).data.c;
  const SparseField& field = dn2nzStrideFields()[slot.field];
  const FieldRange range = rangeOf(c, Operation::dn2nz, field.name);
  const std::uint64_t v = valueFor(slot, field, range) / range.step * range.step;
  widenDn2Nz(std::get<Dn2NzParams>(c.params), kDataBlockBytes / sizeBytes(c.dtype),
             c.profile.smallC0Polarity == Profile::SmallC0Polarity::cApiPage,
             c.dtype == DType::fp4x2_e2m1_t || c.dtype == DType::fp4x2_e1m2_t, v, kDn2NzWideField[slot.field]);
  sizeBuffers(c);
  return {c, {std::string(field.name), v}, *rc::gen::arbitrary<std::uint64_t>()};
}

// NDDMA-2/3: dimension w of two elements, the slot's stride between them, every other dimension one
// unpadded element, except under a wider w a short padded row in dimension 0 at unit strides (not under a maximum,
// whose span leaves it no room). The path, offsets, pad mode and constant are the dense generator's.
SparseCase drawNdDmaSparse(const Scope& scope, const Slot& slot) {
  Scope dealt = scope;
  dealt.product = Product::ascend950;
  dealt.dtypes = {*slot.dtype};
  Case c = (*genCase(Operation::nddma, dealt)).data.c;
  const auto& drawn = std::get<NdDmaParams>(c.params);
  const std::size_t w = slot.field / 2;
  const bool srcField = slot.field % 2 == 0;
  NdDmaParams p;
  p.dim = static_cast<std::uint8_t>(w + 1);
  p.isNearestValueMode = drawn.isNearestValueMode;
  p.constantValue = drawn.constantValue;
  p.loopSize.fill(1);
  if (w > 0 && slot.bit >= 0) {
    p.loopSize[0] = static_cast<std::uint32_t>(drawInRange(1, 8));
    p.loopLpSize[0] = static_cast<std::uint8_t>(drawInRange(0, 2));
    p.loopRpSize[0] = static_cast<std::uint8_t>(drawInRange(0, 2));
    p.loopSrcStride[0] = p.loopDstStride[0] = 1;
  }
  const std::uint64_t below = w > 0 ? std::uint64_t{p.loopLpSize[0]} + p.loopSize[0] + p.loopRpSize[0] : 1;
  p.loopSize[w] = 2;
  c.params = p;  // dimension w's rows exist in the coverage model from here on
  const SparseField& field = ndDmaStrideFields()[slot.field];
  if (rangeOf(c, Operation::nddma, field.name).docMax != ndDmaDocMax(slot.field, c.dtype, c.profile)) {
    throw std::logic_error("sparse: the documented maximum of " + std::string(field.name) + " changed in the coverage model");
  }
  const std::uint64_t top = ndDmaObservableTop(slot.field, c.dtype, c.profile, below);
  const std::uint64_t v = slot.bit == -1   ? top
                          : slot.bit == -2 ? top - 1
                                           : std::min(top, (std::uint64_t{1} << slot.bit) |
                                                               drawInRange(0, (std::uint64_t{1} << slot.bit) - 1));
  if (srcField) {
    p.loopSrcStride[w] = v;
    p.loopDstStride[w] = static_cast<std::uint32_t>(w > 0 ? below : drawInRange(1, 3));  // packed after dimension 0
  } else {
    p.loopDstStride[w] = static_cast<std::uint32_t>(v);  // NDDMA-4: at least dimension 0's span (v >= 2^12)
    p.loopSrcStride[w] = drawInRange(0, 16);
  }
  c.params = p;
  sizeBuffers(c);
  return {c, {std::string(field.name), v}, *rc::gen::arbitrary<std::uint64_t>()};
}

}  // namespace

std::string SparseCase::describe() const {
  return draw.field + " = " + std::to_string(draw.value) + " (" + std::string(clauseFamily(*resolveOperation(c).operation)) +
         ", " + std::string(name(c.dtype)) + ", src " + std::to_string(c.src.sizeBytes) + " bytes, dst " +
         std::to_string(c.dst.sizeBytes) + " bytes, seed " + std::to_string(seed) + ")";
}

std::vector<FieldSample> sparseFieldSamples(const SparseCase& sc) {
  const Operation operation = *resolveOperation(sc.c).operation;
  std::vector<FieldSample> samples = fieldSamples(sc.c, operation);
  for (FieldSample& sample : samples) {
    for (const SparseField& field : sparseFields(operation)) {
      if (sample.range.name == field.name) sample.range.reachMax = field.laneTop != 0 ? field.laneTop : sample.range.docMax;
    }
  }
  return samples;
}

bool hasSparseCases(Operation operation) {
  return !sparseFields(operation).empty() && !isCompactPad(operation) && operation != Operation::nddma &&
         operation != Operation::dn2nz;
}
bool hasCompactLoopSparseCases(Operation operation) { return isCompactPad(operation); }
bool hasNdDmaSparseCases(Operation operation) { return operation == Operation::nddma; }
bool hasDn2NzSparseCases(Operation operation) { return operation == Operation::dn2nz; }

struct SparseSchedule::Slots {
  std::vector<Slot> slots;
};

namespace {
// A FIX or SLICE scope that draws no case (a dtype the operation lacks) schedules nothing.
std::vector<Slot> scheduleOfUnit(Operation operation, const Scope& scope) {
  if ((operation == Operation::fixpipe || operation == Operation::slice) && !scopeHasCases(operation, scope)) return {};
  return schedule(operation, scope);
}
}  // namespace

SparseSchedule::SparseSchedule(Operation operation, const Scope& scope)
    : operation_(operation), scope_(scope), slots_(std::make_shared<const Slots>(Slots{scheduleOfUnit(operation, scope)})) {}

std::size_t SparseSchedule::size() const { return slots_->slots.size(); }

rc::Gen<SparseCase> SparseSchedule::gen(std::size_t k) const {
  return rc::gen::exec([operation = operation_, scope = scope_, slots = slots_, k] {
    const Slot slot = slots->slots[k % slots->slots.size()];
    if (operation == Operation::slice) return drawSliceSparse(scope, slot);
    if (operation == Operation::fixpipe) return drawFix(scope, slot);
    if (operation == Operation::nddma) return drawNdDmaSparse(scope, slot);
    if (operation == Operation::dn2nz) return drawDn2NzSparse(scope, slot);
    return slot.field < firstLoopField(operation) ? drawPad(operation, scope, slot) : drawLoop(operation, scope, slot);
  });
}

std::size_t sparseScheduleSize(Operation operation, const Scope& scope) { return SparseSchedule(operation, scope).size(); }

rc::Gen<SparseCase> genSparseCase(Operation operation, const Scope& scope, std::size_t k) {
  return SparseSchedule(operation, scope).gen(k);
}

namespace {
struct SparseWindows {
  std::vector<ByteRange> src, dst;
};
SparseWindows windowsOf(const Case& c) {
  const Footprint fp = sparseFootprint(c);
  const std::uint64_t page = casefile::SparseBuffer::pageBytes();
  return {guardWindows(fp.reads, 64, page, c.src.sizeBytes), guardWindows(fp.writes, 64, page, c.dst.sizeBytes)};
}
}  // namespace

std::uint64_t sparseWindowBytes(const SparseCase& sc) {
  const SparseWindows w = windowsOf(sc.c);
  std::uint64_t bytes = 0;
  for (const auto* list : {&w.src, &w.dst}) {
    for (const ByteRange& r : *list) bytes += r.end - r.begin;
  }
  return bytes;
}

namespace {
// The seeded buffers of a valid sparse case and the oracle's expectation over its destination windows.
struct SparseSetup {
  std::optional<casefile::SparseBuffer> src, dst;
  SparseWindows windows;
  WindowedEvaluation w;
  std::string buffersError;  // the buffers could not be made
  bool oracleFailed = false;
};
// The windows' bytes of a buffer, back to back: indexed like the windowed expectation.
std::vector<std::uint8_t> windowBytesOf(std::span<const std::uint8_t> buffer, std::span<const ByteRange> windows) {
  std::vector<std::uint8_t> bytes;
  std::uint64_t total = 0;
  for (const ByteRange& r : windows) total += r.end - r.begin;
  bytes.reserve(total);
  for (const ByteRange& r : windows) bytes.insert(bytes.end(), buffer.begin() + r.begin, buffer.begin() + r.end);
  return bytes;
}

SparseSetup setUp(const SparseCase& sc) {
  SparseSetup s;
  s.src = casefile::SparseBuffer::create(sc.c.src.sizeBytes, &s.buffersError);
  if (s.src) s.dst = casefile::SparseBuffer::create(sc.c.dst.sizeBytes, &s.buffersError);
  if (!s.src || !s.dst) return s;
  s.windows = windowsOf(sc.c);
  s.src->seed(s.windows.src, sc.seed);
  s.dst->seed(s.windows.dst, sc.seed + 1);
  evaluateWindows(sc.c, s.src->bytes(), s.dst->bytes(), s.windows.dst, s.w);
  s.oracleFailed = s.w.verdict != Verdict::computed || s.w.uncoveredWrites != 0;
  return s;
}
}  // namespace

Outcome checkSparseConformance(Backend& iut, const SparseCase& sc) {
  const Case& c = sc.c;
  const std::string family = familyOf(c);
  if (!validate(c).empty()) return Outcome::fail("G-4 " + family + ": generated sparse case not valid");
  if (!iut.supports(c)) return Outcome::notSupported(iut.name() + " does not support the case");
  if (!iut.acceptsSparseBuffers()) {
    return Outcome::notSupported("not run: " + iut.name() + " lacks the sparse-buffer capability (it copies or sends "
                                 "whole buffers)");
  }
  SparseSetup setup = setUp(sc);
  if (!setup.src || !setup.dst) return Outcome::fail("G-1 " + family + ": sparse buffers: " + setup.buffersError);
  if (setup.oracleFailed) {
    return Outcome::fail("G-1 " + family + ": the oracle's windowed evaluation failed on " + sc.describe());
  }
  casefile::SparseBuffer* src = &*setup.src;
  casefile::SparseBuffer* dst = &*setup.dst;
  const std::vector<ByteRange>& srcWindows = setup.windows.src;
  const std::vector<ByteRange>& dstWindows = setup.windows.dst;
  const WindowedEvaluation& w = setup.w;
  // G-6's alternatives, before the IUT overwrites the destination's windows (their KEEP bytes are dstBefore's).
  const Alternatives alternatives = alternativesInWindows(c, src->bytes(), dst->bytes(), w);
  const backends::RunResult result = iut.runSparse(c, {src->bytes(), src->fd(), srcWindows}, {dst->bytes(), dst->fd(), dstWindows});
  if (result.status == backends::RunStatus::notSupported) return Outcome::notSupported(result.detail);
  if (result.status != backends::RunStatus::ok) {
    return Outcome::fail("G-1 " + family + ": IUT answered " + std::string(backends::name(result.status)) +
                         " on a valid sparse case " + sc.describe() + ": " + result.detail);
  }
  const std::span<const std::uint8_t> actual = dst->bytes();
  const Expectation& x = w.expectation;
  std::uint64_t windowStart = 0;  // the window's first byte in the expectation, which holds the windows back to back
  for (const ByteRange& r : dstWindows) {
    const std::uint64_t length = r.end - r.begin;
    const std::uint64_t i = firstCaredDifference(std::span(x.care).subspan(windowStart, length),
                                                 std::span(x.expected).subspan(windowStart, length),
                                                 actual.subspan(r.begin, length));
    if (i != kNoMismatch) {
      const std::uint64_t at = windowStart + i;
      const std::uint64_t b = r.begin + i;
      const bool written = x.region[at] != Region::keep;
      return Outcome::fail("G-1 " + family + ": sparse case " + sc.describe() + ": dst byte " + std::to_string(b) +
                           " (region " + (written ? std::string(name(x.region[at])) : std::string("guard")) +
                           ", " + definingClause(c, *resolveOperation(c).operation, x.region[at]) + "): expected " +
                           casefile::hexByte(x.expected[at]) + ", actual " + casefile::hexByte(actual[b]));
    }
    // AMB-16 (project): the NaN-class elements of the window (an element never straddles two page windows)
    if (const std::uint64_t k = firstClassViolation(x.classes, actual.subspan(r.begin, length), windowStart);
        k != kNoMismatch) {
      const std::uint64_t b = r.begin + (x.classes[k].index - windowStart);
      return Outcome::fail("G-1 " + family + ": sparse case " + sc.describe() + ": " +
                           classViolationAt(x, actual, x.classes[k].index, b));
    }
    windowStart += length;
  }
  if (const auto stray = dst->firstStrayByte(dstWindows)) {
    return Outcome::fail("G-1 " + family + ": sparse case " + sc.describe() + ": dst byte " + std::to_string(*stray) +
                         " written outside the footprint (" + casefile::hexByte(actual[*stray]) +
                         " where the hole reads 0x00)");
  }
  Outcome passed = Outcome::pass();
  // G-6 over the windows: the window bytes of the output, indexed like the expectation.
  if (!alternatives.empty()) {
    const std::vector<std::uint8_t> windowBytes = windowBytesOf(actual, dstWindows);
    auto bufferByte = [&](std::uint64_t index) {
      for (const ByteRange& r : dstWindows) {
        if (index < r.end - r.begin) return r.begin + index;
        index -= r.end - r.begin;
      }
      return index;
    };
    if (std::string mix = wholeReadings(alternatives, windowBytes, &passed.readings, bufferByte); !mix.empty()) {
      return Outcome::fail("G-1 " + family + ": sparse case " + sc.describe() + ": " + mix);
    }
  }
  passed.unspecifiedBytesByRegion = unspecifiedBytesByRegion(w.expectation);
  return passed;
}

SparseRunBytes rerunSparse(Backend& iut, const SparseCase& sc) {
  SparseRunBytes out;
  if (!validate(sc.c).empty()) {
    out.error = "the sparse case is not valid";
    return out;
  }
  SparseSetup setup = setUp(sc);
  if (!setup.src || !setup.dst) {
    out.error = "sparse buffers: " + setup.buffersError;
    return out;
  }
  if (setup.oracleFailed) {
    out.error = "the oracle's windowed evaluation failed";
    return out;
  }
  const backends::RunResult result = iut.runSparse(sc.c, {setup.src->bytes(), setup.src->fd(), setup.windows.src},
                                                   {setup.dst->bytes(), setup.dst->fd(), setup.windows.dst});
  pictures::SparseDestination& d = out.dst;
  d.windows = setup.windows.dst;
  d.writes = std::move(setup.w.footprint.writes);
  d.expectation = std::move(setup.w.expectation);
  if (result.status != backends::RunStatus::ok) {
    out.error = "the backend answered " + std::string(backends::name(result.status)) + ": " + result.detail;
    return out;
  }
  const std::span<const std::uint8_t> actual = setup.dst->bytes();
  d.actual = windowBytesOf(actual, d.windows);
  d.strayByte = setup.dst->firstStrayByte(d.windows);
  if (d.strayByte) d.strayValue = actual[*d.strayByte];
  return out;
}

}  // namespace dcconf::properties
