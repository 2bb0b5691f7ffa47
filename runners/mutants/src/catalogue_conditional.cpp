// Conditional mutants (docs/mutants.md): each is fast with a fault that fires only in a rare region of the inputs,
// the bugs simulators and kernels have: a field truncated to fewer bits, an off-by-one at the maximum count, a large
// stride wrapping, a large calCount rounded wrong, a crash or hang on a rare large input, a stray read (G-2), an
// invalid call executed (G-4). The whole-range draws (docs/coverage.md) are what kill them. (The ENH tie-rounding
// mutant sits in catalogue.cpp beside the arithmetic it reuses.)
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <optional>

#include "dcconf/mutants/case_edits.hpp"
#include "dcconf/mutants/mutants.hpp"
#include "dcconf/oracle/oracle.hpp"

namespace dcconf::mutants {

using namespace dcconf::oracle;
using backends::RunStatus;

namespace {

using Bytes = std::span<std::uint8_t>;
using ConstBytes = std::span<const std::uint8_t>;
using Op = Operation;

template <typename Field>
void keepLowBits(Field& field, unsigned bits) {
  field = static_cast<Field>(static_cast<std::uint64_t>(field) & ((std::uint64_t{1} << bits) - 1));
}

// ---- truncation: a field stored in fewer bits than its struct gives it -----------------------------------------

void blockLen16(Case& c) { editBlocks(c, [](auto& p) { keepLowBits(p.blockLen, 16); }); }
void srcStride16(Case& c) { editBlocks(c, [](auto& p) { keepLowBits(p.srcStride, 16); }); }
void dstStride16(Case& c) { editBlocks(c, [](auto& p) { keepLowBits(p.dstStride, 16); }); }
void srcStride20(Case& c) { editBlocks(c, [](auto& p) { keepLowBits(p.srcStride, 20); }); }
// bits only the sparse lane reaches (a 4 GiB GM stride, a 2^17-block UB stride)
void srcStride24(Case& c) { editBlocks(c, [](auto& p) { keepLowBits(p.srcStride, 24); }); }
void dstStride24(Case& c) { editBlocks(c, [](auto& p) { keepLowBits(p.dstStride, 24); }); }
void dstStride17(Case& c) { editBlocks(c, [](auto& p) { keepLowBits(p.dstStride, 17); }); }
void srcStride17(Case& c) { editBlocks(c, [](auto& p) { keepLowBits(p.srcStride, 17); }); }
// loop mode's 21-bit sizes and GM-side strides of up to 2^40-1 bytes (LOOP-2), past the dense reach
void loopSizes16(Case& c) {
  if (!c.loopMode) return;
  keepLowBits(c.loopMode->loop1Size, 16);
  keepLowBits(c.loopMode->loop2Size, 16);
}
void loopGmDstStrides21(Case& c) {
  if (!c.loopMode) return;
  keepLowBits(c.loopMode->loop1DstStride, 21);
  keepLowBits(c.loopMode->loop2DstStride, 21);
}
// NDDMA's 40-bit source and 20-bit destination strides of every dimension (NDDMA-2): only the sparse
// lane moves a dimension by a stride past 2^12 (the dense lane's wide strides multiply index 0)
void ndDmaSrcStrides32(Case& c) {
  for (auto& stride : std::get<NdDmaParams>(c.params).loopSrcStride) keepLowBits(stride, 32);
}
void ndDmaDstStrides16(Case& c) {
  for (auto& stride : std::get<NdDmaParams>(c.params).loopDstStride) keepLowBits(stride, 16);
}
void fixDstStride17(Case& c) { keepLowBits(std::get<DataCopyCO12DstParams>(c.params).dstStride, 17); }
void blockCount11(Case& c) { editBlocks(c, [](auto& p) { keepLowBits(p.blockCount, 11); }); }
void dstStride15(Case& c) { editBlocks(c, [](auto& p) { keepLowBits(p.dstStride, 15); }); }
void srcStride15(Case& c) { editBlocks(c, [](auto& p) { keepLowBits(p.srcStride, 15); }); }
void blockLen15(Case& c) { editBlocks(c, [](auto& p) { keepLowBits(p.blockLen, 15); }); }
void nd2nzC0Stride13(Case& c) { keepLowBits(std::get<Nd2NzParams>(c.params).dstNzC0Stride, 13); }
void nd2nzNStride13(Case& c) { keepLowBits(std::get<Nd2NzParams>(c.params).dstNzNStride, 13); }
void nd2nzNValue13(Case& c) { keepLowBits(std::get<Nd2NzParams>(c.params).nValue, 13); }
void nd2nzDValue15(Case& c) { keepLowBits(std::get<Nd2NzParams>(c.params).dValue, 15); }
void nz2ndDstDStride14(Case& c) { keepLowBits(std::get<Nz2NdParamsFull>(c.params).dstDStride, 14); }
void nz2ndNValue12(Case& c) { keepLowBits(std::get<Nz2NdParamsFull>(c.params).nValue, 12); }
void dn2nzNStride14(Case& c) { keepLowBits(std::get<Dn2NzParams>(c.params).dstNzNStride, 14); }
void dn2nzC0Stride14(Case& c) { keepLowBits(std::get<Dn2NzParams>(c.params).dstNzC0Stride, 14); }
void dn2nzSrcDValue16(Case& c) {
  auto& p = std::get<Dn2NzParams>(c.params);
  if (p.srcDValue > 0xFFFF) keepLowBits(p.srcDValue, 16);
}

// DN2NZ-2's source matrix stride is 64 bits and its destination matrix stride 32: registers of 32 and 20 bits lose what
// only the sparse lane moves by (dense strides that move data stop at 2^20 - 1; wider ones multiply index 0). (A
// 32-bit srcDValue is no such mutant: the dense draw of 2^32 over no rows wraps it to the invalid 0, which shows.)
void dn2nzSrcMatrixStride32(Case& c) { keepLowBits(std::get<Dn2NzParams>(c.params).srcDnMatrixStride, 32); }
void dn2nzDstMatrixStride20(Case& c) { keepLowBits(std::get<Dn2NzParams>(c.params).dstNzMatrixStride, 20); }

// DN2NZ: dValue is 32 bits; a register of 16 loses the columns from 65536 on (only widened draws reach them)
void dn2nzDValue16(Case& c) {
  auto& p = std::get<Dn2NzParams>(c.params);
  if (p.dValue > 0xFFFF) keepLowBits(p.dValue, 16);
}

// SLICE indices and shapes are 32 bits; a start register of 16 bits loses what only the sparse lane
// reaches (dense starts stop at 2^16 - 1 in dimension 0 and 2^13 - 1 above: docs/coverage.md); a 16-bit shape is
// also reached by dense dimension-0 ends up to 2^18.
void sliceStartIndex16(Case& c) {
  auto& p = std::get<SliceParams>(c.params);
  for (std::size_t d = 0; d < kMaxSliceDims; ++d) {
    keepLowBits(p.srcSliceInfo[d].startIndex, 16);
    keepLowBits(p.dstSliceInfo[d].startIndex, 16);
  }
}
void sliceShape16(Case& c) {
  auto& p = std::get<SliceParams>(c.params);
  for (std::size_t d = 0; d < kMaxSliceDims; ++d) {
    keepLowBits(p.srcShape[d], 16);
    keepLowBits(p.dstShape[d], 16);
  }
}

// ---- off by one at the maximum count -------------------------------------------------------------------------------

void dropLastAt4095(Case& c) { editBlocks(c, [](auto& p) { if (p.blockCount == 4095) --p.blockCount; }); }
void nd2nzDropMatrixAt4095(Case& c) {
  auto& p = std::get<Nd2NzParams>(c.params);
  if (p.ndNum == 4095) --p.ndNum;
}
void nz2ndDropRowAt8192(Case& c) {
  auto& p = std::get<Nz2NdParamsFull>(c.params);
  if (p.nValue == 8192) --p.nValue;
}
void nz2ndDropMatrixAt4095(Case& c) {
  auto& p = std::get<Nz2NdParamsFull>(c.params);
  if (p.ndNum == 4095) --p.ndNum;
}

// ---- a large stride wrapping: the pitch computed in too few bits ------------------------------------------------

// The GM pitch B + stride in bytes kept in 21 bits (a 2 MiB window); the stride that gives the wrapped pitch (0
// when none does).
template <typename Field>
void gmPitchWraps21(Field& stride, std::uint64_t blockLen) {
  const std::uint64_t pitch = blockLen + stride;
  if (pitch < (std::uint64_t{1} << 21)) return;
  const std::uint64_t wrapped = pitch & 0x1FFFFF;
  stride = static_cast<Field>(wrapped >= blockLen ? wrapped - blockLen : 0);
}
void g2uGmPitchWraps(Case& c) { editBlocks(c, [](auto& p) { gmPitchWraps21(p.srcStride, p.blockLen); }); }
void u2gGmPitchWraps(Case& c) { editBlocks(c, [](auto& p) { gmPitchWraps21(p.dstStride, p.blockLen); }); }
// DC-2: the destination pitch blockLen + dstStride (32-byte units) kept in 16 bits.
void dcDstPitchWraps(Case& c) {
  editBlocks(c, [](auto& p) {
    const std::uint64_t pitch = std::uint64_t{p.blockLen} + p.dstStride;
    if (pitch < 65536) return;
    const std::uint64_t wrapped = pitch & 0xFFFF;
    p.dstStride = static_cast<decltype(p.dstStride)>(wrapped >= p.blockLen ? wrapped - p.blockLen : 0);
  });
}
// ND2NZ-2: the column-block pitch dstNzC0Stride*C0 (elements) kept in 16 bits.
void nd2nzC0PitchWraps(Case& c) {
  auto& p = std::get<Nd2NzParams>(c.params);
  const std::uint64_t c0 = kDataBlockBytes / sizeBytes(c.dtype);
  const std::uint64_t pitch = std::uint64_t{p.dstNzC0Stride} * c0;
  if (pitch >= 65536) p.dstNzC0Stride = static_cast<std::uint16_t>(std::max<std::uint64_t>(1, (pitch & 0xFFFF) / c0));
}
// DN2NZ-1: the row pitch dstNzNStride*C0 (elements) kept in 16 bits.
void dn2nzNPitchWraps(Case& c) {
  auto& p = std::get<Dn2NzParams>(c.params);
  const std::uint64_t c0 = kDataBlockBytes / sizeBytes(c.dtype);
  const std::uint64_t pitch = std::uint64_t{p.dstNzNStride} * c0;
  if (pitch >= 65536) p.dstNzNStride = static_cast<std::uint16_t>(std::max<std::uint64_t>(1, (pitch & 0xFFFF) / c0));
}

// ---- a large calCount rounded wrong (DC-3) ---------------------------------------------------------------------

std::uint64_t calCountBytes(const Case& c) { return std::uint64_t{std::get<CalCount>(c.params).calCount} * sizeBytes(c.dtype); }
void dc3RoundsUpAbove64K(Case& c) {
  const std::uint64_t bytes = calCountBytes(c);
  if (bytes >= 65536 && bytes % 32 != 0) {
    std::get<CalCount>(c.params).calCount = static_cast<std::uint32_t>(alignUp(bytes, 32) / sizeBytes(c.dtype));
  }
}
void dc3DropsBlockAbove1M(Case& c) {
  const std::uint64_t bytes = calCountBytes(c);
  if (bytes >= (1u << 20)) std::get<CalCount>(c.params).calCount -= static_cast<std::uint32_t>(32 / sizeBytes(c.dtype));
}
void dc3CalCount16(Case& c) { keepLowBits(std::get<CalCount>(c.params).calCount, 16); }

// ---- a crash or hang on a rare large input -----------------------------------------------------------------------

// Really crash or hang: the mutant's backend runs isolated (isolated.cpp), so the run sees CRASH or TIMEOUT.
[[noreturn]] void nullWrite() {
  volatile std::uint8_t* volatile target = nullptr;
  *target = 1;  // SIGSEGV
  std::abort();  // in case a null page is mapped
}
[[noreturn]] void spinForever() {
  volatile std::uint64_t spins = 0;
  for (;;) spins = spins + 1;  // volatile: a side effect, so the loop is not optimised away
}

void crashAt4095Blocks(const Case& c) {
  std::visit([&](const auto& p) {
    if constexpr (requires { p.blockLen; p.srcStride; }) {
      if (p.blockCount == 4095) nullWrite();
    }
  }, c.params);
}
void hangAt1MiB(const Case& c) {
  if (calCountBytes(c) >= (1u << 20)) spinForever();
}
void abortOnNValueOver8192(const Case& c) {
  if (std::get<Nd2NzParams>(c.params).nValue > 8192) std::abort();
}

// ---- a stray read (G-2): bytes from outside the source footprint land in dst ----------------------------------

// PAD-G2U with an Ext blockLen past 64 KiB: block 0's last data byte read one byte past the block.
void g2uStrayReadPastLongBlock(const Case& c, ConstBytes src, ConstBytes, Bytes dst) {
  const auto* p = std::get_if<DataCopyExtParams>(&c.params);
  if (p == nullptr || p->blockLen <= 0xFFFF) return;
  std::uint64_t left = 0;
  std::visit([&](const auto& pad) {
    if constexpr (requires { pad.leftPadding; }) left = pad.leftPadding;
  }, c.padParams);
  const std::uint64_t from = c.src.offsetBytes + p->blockLen;
  const std::uint64_t to = c.dst.offsetBytes + left * sizeBytes(c.dtype) + p->blockLen - 1;
  if (from < src.size() && to < dst.size()) dst[to] = src[from];
}
// DC-2 with a source stride past 1 MiB: block 1 read 32 bytes early (from the stride gap).
void dcStrayReadLargeSrcStride(const Case& c, ConstBytes src, ConstBytes, Bytes dst) {
  const auto& p = std::get<DataCopyParams>(c.params);
  if (p.srcStride < 32768 || p.blockCount < 2) return;
  const std::uint64_t from = c.src.offsetBytes + 32 * (std::uint64_t{p.blockLen} + p.srcStride) - 32;
  const std::uint64_t to = c.dst.offsetBytes + 32 * (std::uint64_t{p.blockLen} + p.dstStride);
  for (std::uint64_t b = 0; b < 32 && from + b < src.size() && to + b < dst.size(); ++b) dst[to + b] = src[from + b];
}

// ---- special data in a move: only planted sources (docs/coverage.md) reach these -------------------------------

// "Zero-block optimisation": a 32-byte destination block (aligned to the destination's offset) the copy would fill
// with zeros is not written at all, so it keeps its prior bytes. Random bytes give such a block with p = 2^-256.
void skipsZeroBlocks(const Case& c, ConstBytes, ConstBytes before, Bytes dst) {
  for (std::uint64_t at = c.dst.offsetBytes; at + kDataBlockBytes <= dst.size(); at += kDataBlockBytes) {
    const auto block = dst.subspan(at, kDataBlockBytes);
    if (std::all_of(block.begin(), block.end(), [](std::uint8_t b) { return b == 0; })) {
      std::copy_n(before.begin() + static_cast<std::ptrdiff_t>(at), kDataBlockBytes, block.begin());
    }
  }
}
// A float -0.0 written by the move arrives as +0.0 (a datapath that "normalises" zeros). Random bytes give a -0.0
// element with p = 2^-16 (half) .. 2^-64 (double).
void flushesNegativeZero(const Case& c, ConstBytes, ConstBytes before, Bytes dst) {
  const std::uint64_t s = sizeBytes(c.dtype);
  const std::uint64_t sign = std::uint64_t{1} << (8 * s - 1);
  for (std::uint64_t at = c.dst.offsetBytes; at + s <= dst.size(); at += s) {
    std::uint64_t bits = 0, was = 0;
    std::memcpy(&bits, &dst[at], s);  // little-endian host, as every buffer here
    std::memcpy(&was, &before[at], s);
    if (bits == sign && was != bits) std::memset(&dst[at], 0, s);
  }
}
// ENH-4: DEQ half -> half writes an infinite result as the largest finite half, as a truncating
// conversion would saturate a finite overflow; only an infinite source times a non-zero scale pins inf (AMB-10
// leaves a finite overflow's result open).
void enhDeqInfSaturates(const Case& c, ConstBytes, ConstBytes before, Bytes dst) {
  const auto& e = *c.enhancedParams;
  if (e.deqScale != DeqScale::deq || e.srcDType.value_or(c.dtype) != DType::half || c.dtype != DType::half) return;
  for (std::uint64_t at = c.dst.offsetBytes; at + 2 <= dst.size(); at += 2) {
    std::uint16_t bits = 0, was = 0;
    std::memcpy(&bits, &dst[at], 2);
    std::memcpy(&was, &before[at], 2);
    if ((bits & 0x7FFFu) == 0x7C00u && was != bits) {
      bits = static_cast<std::uint16_t>(bits - 1);  // 0x7BFF / 0xFBFF: +-65504
      std::memcpy(&dst[at], &bits, 2);
    }
  }
}
// AMB-16 (project): F322F16 / F322BF16 write +inf where the float source is a NaN (a converter that
// keeps the all-ones exponent and drops the mantissa). Only the class check sees it: the element's bytes are ANY.
void fixNanToInf(const Case& c, ConstBytes, ConstBytes before, Bytes dst) {
  const QuantMode mode = std::get<DataCopyCO12DstParams>(c.params).quantPre;
  if (mode != QuantMode::F322F16 && mode != QuantMode::F322BF16) return;
  const std::uint16_t inf = c.dtype == DType::half ? 0x7C00u : 0x7F80u;  // the exponent bits of T
  for (std::uint64_t at = c.dst.offsetBytes; at + 2 <= dst.size(); at += 2) {
    std::uint16_t bits = 0, was = 0;
    std::memcpy(&bits, &dst[at], 2);
    std::memcpy(&was, &before[at], 2);
    const bool nan = (bits & inf) == inf && (bits & 0x7FFFu) != inf;
    if (nan && was != bits) std::memcpy(&dst[at], &inf, 2);
  }
}

// ---- a long transfer: only slices moving more than 1 MiB reach it --------------------------------------------------

// SLICE: a DMA whose byte counter stops at 1 MiB: the destination bytes the slice writes after its first 1 MiB (in
// address order) keep their prior value. The sparse lane's 1.5 and 3 MiB slices (docs/coverage.md) reach it.
void sliceStopsAfter1MiB(const Case& c, ConstBytes, ConstBytes before, Bytes dst) {
  constexpr std::uint64_t kLimitBytes = std::uint64_t{1} << 20;
  std::uint64_t moved = 0;
  for (const ByteRange& r : sparseFootprint(c).writes) {  // ranges, not marks: the cost is the walk's bursts
    const std::uint64_t length = r.end - r.begin;
    if (moved + length > kLimitBytes && r.end <= dst.size()) {
      const std::uint64_t from = r.begin + (moved >= kLimitBytes ? 0 : kLimitBytes - moved);
      std::copy(before.begin() + static_cast<std::ptrdiff_t>(from), before.begin() + static_cast<std::ptrdiff_t>(r.end),
                dst.begin() + static_cast<std::ptrdiff_t>(from));
    }
    moved += length;
  }
}

bool isFloat(DType t) { return t == DType::half || t == DType::bfloat16_t || t == DType::float_ || t == DType::double_; }

// ---- an invalid call accepted and executed (G-4) ---------------------------------------------------------------

void nz2ndAcceptsUnalignedDValue(Case& c) {
  auto& p = std::get<Nz2NdParamsFull>(c.params);
  if (p.dValue % 16 != 0 && p.dValue < 8192) p.dValue = static_cast<std::uint16_t>(alignUp(p.dValue, 16));
}
void acceptsBlockCountOver4095(Case& c) { editBlocks(c, [](auto& p) { if (p.blockCount > 4095) p.blockCount = 4095; }); }
void nd2nzAcceptsNValueOver16384(Case& c) {
  auto& p = std::get<Nd2NzParams>(c.params);
  if (p.nValue > 16384) p.nValue = 16384;
}

// AMB-21's cmp-pads-run reading written with its tail aligned from the end of the data instead of the end of the
// right pad: the right pad's bytes past that 32-byte boundary are never written (a fault found outside the
// catalogue). In an implementation that takes its reading from the case's pin (as the example plugin does), or in
// one that always runs that reading.
void compactPadsRunPacked(Case& c) {
  c.profile.compactPads = Profile::CompactPads::run;
  c.profile.compactUbStride = Profile::CompactUbStride::ignored;
}
void compactTailFromData(const Case& c, ConstBytes, ConstBytes before, Bytes dst);
void compactPinnedTailFromData(const Case& c, ConstBytes src, ConstBytes before, Bytes dst) {
  const bool packed = c.profile.compactUbStride != Profile::CompactUbStride::bytes;  // the fault's UB pitch
  if (c.profile.compactPads == Profile::CompactPads::run && packed) compactTailFromData(c, src, before, dst);
}
void compactTailFromData(const Case& c, ConstBytes, ConstBytes before, Bytes dst) {
  if (c.paddingMode != PaddingMode::compact || c.srcPos != Position::GM) return;
  std::uint64_t count = 0, len = 0, left = 0, right = 0;
  std::visit([&](const auto& p) {
    if constexpr (requires { p.blockLen; p.srcStride; }) count = p.blockCount, len = p.blockLen;
  }, c.params);
  std::visit([&](const auto& p) {
    if constexpr (requires { p.leftPadding; }) left = p.leftPadding, right = p.rightPadding;
  }, c.padParams);
  const std::uint64_t s = sizeBytes(c.dtype);
  const std::uint64_t runEnd = left * s + count * len;
  const LoopModeParams once{1, 1, 0, 0, 0, 0};
  const LoopModeParams& l = c.loopMode.value_or(once);  // LOOP-3: every iteration has the same fault
  for (std::uint64_t i2 = 0; i2 < l.loop2Size; ++i2) {
    for (std::uint64_t i1 = 0; i1 < l.loop1Size; ++i1) {
      const std::uint64_t start = c.dst.offsetBytes + i2 * l.loop2DstStride + i1 * l.loop1DstStride;
      for (std::uint64_t k = alignUp(runEnd, 32); k < alignUp(runEnd + right * s, 32); ++k) {
        if (start + k < dst.size()) dst[start + k] = before[start + k];
      }
    }
  }
}

Mutant edit(std::string_view name, std::string_view clause, std::string_view description, Op op,
            std::string_view conditionClass, void (*editCase)(Case&), Product product = kDefaultProduct) {
  return {.name = name, .clause = clause, .description = description, .operations = {op}, .product = product,
          .editCase = editCase, .conditionClass = conditionClass};
}
Mutant sparseOnly(Mutant mutant) {
  mutant.needsSparseLane = true;
  return mutant;
}
Mutant bytes(std::string_view name, std::string_view clause, std::string_view description, Op op,
             std::string_view conditionClass, void (*editBytes)(const Case&, ConstBytes, ConstBytes, Bytes),
             Product product = kDefaultProduct) {
  return {.name = name, .clause = clause, .description = description, .operations = {op}, .product = product,
          .editBytes = editBytes, .conditionClass = conditionClass};
}
Mutant floatOnly(Mutant mutant) {
  mutant.affectsDType = isFloat;
  return mutant;
}
Mutant fails(std::string_view name, std::string_view clause, std::string_view description, Op op,
             void (*failsOn)(const Case&)) {
  return {.name = name, .clause = clause, .description = description, .operations = {op},
          .conditionClass = "crashOrHang", .failsOn = failsOn};
}
Mutant acceptsInvalid(std::string_view name, std::string_view clause, std::string_view description,
                      std::vector<Op> ops, void (*editCase)(Case&)) {
  return {.name = name, .clause = clause, .description = description, .operations = std::move(ops),
          .editCase = editCase, .conditionClass = "invalidAccepted", .acceptsInvalid = true};
}

constexpr auto kG2U = Op::padGmToUb;
constexpr auto kU2G = Op::padUbToGm;
constexpr auto kDc = Op::copy0Level;
constexpr auto k950 = Product::ascend950;

}  // namespace

std::vector<Mutant> conditionalMutants() {
  constexpr std::string_view kTrunc = "truncation", kMax = "offByOneAtMax", kWrap = "largeStrideWrap",
                             kCal = "largeCalCountRounding", kStray = "strayRead", kSpecial = "specialData";
  return {
      edit("condG2uExtBlockLen16Bit", "PAD-G2U-1", "Ext blockLen kept in 16 bits", kG2U, kTrunc, blockLen16),
      edit("condG2uExtSrcStride16Bit", "PAD-G2U-2", "Ext GM srcStride kept in 16 bits", kG2U, kTrunc, srcStride16),
      edit("condG2uExtDstStride16Bit", "PAD-G2U-2", "Ext UB dstStride kept in 16 bits", kG2U, kTrunc, dstStride16),
      edit("condG2uExtSrcStride20Bit", "PAD-G2U-2", "Ext GM srcStride kept in 20 bits", kG2U, kTrunc, srcStride20),
      sparseOnly(edit("condG2uExtSrcStride24Bit", "PAD-G2U-2", "Ext GM srcStride kept in 24 bits", kG2U,
                      kTrunc, srcStride24)),
      sparseOnly(edit("condG2uExtDstStride17Bit", "PAD-G2U-2", "Ext UB dstStride kept in 17 bits", kG2U,
                      kTrunc, dstStride17)),
      sparseOnly(edit("condU2gExtDstStride24Bit", "PAD-U2G-2", "Ext GM dstStride kept in 24 bits", kU2G,
                      kTrunc, dstStride24)),
      sparseOnly(edit("condU2gExtSrcStride17Bit", "PAD-U2G-2", "Ext UB srcStride kept in 17 bits", kU2G,
                      kTrunc, srcStride17)),
      sparseOnly(edit("condG2uLoopSize16Bit", "LOOP-2", "loop1Size and loop2Size kept in 16 bits", kG2U, kTrunc,
                      loopSizes16, k950)),
      sparseOnly(edit("condU2gLoopGmStride21Bit", "LOOP-2", "the GM-side loop strides kept in 21 bits", kU2G, kTrunc,
                      loopGmDstStrides21, k950)),
      sparseOnly(edit("condNdDmaSrcStride32Bit", "NDDMA-2", "every loopSrcStride kept in 32 bits", Op::nddma, kTrunc,
                      ndDmaSrcStrides32, k950)),
      sparseOnly(edit("condNdDmaDstStride16Bit", "NDDMA-2", "every loopDstStride kept in 16 bits", Op::nddma, kTrunc,
                      ndDmaDstStrides16, k950)),
      sparseOnly(edit("condFixDstStride17Bit", "FIX-1", "dstStride kept in 17 bits", Op::fixpipe,
                      kTrunc, fixDstStride17)),
      edit("condG2uBlockCount11Bit", "PAD-G2U-1", "blockCount kept in 11 bits", kG2U, kTrunc, blockCount11),
      edit("condU2gExtBlockLen16Bit", "PAD-U2G-1", "Ext blockLen kept in 16 bits", kU2G, kTrunc, blockLen16),
      edit("condU2gExtSrcStride16Bit", "PAD-U2G-2", "Ext UB srcStride kept in 16 bits", kU2G, kTrunc, srcStride16),
      edit("condU2gExtDstStride16Bit", "PAD-U2G-2", "Ext GM dstStride kept in 16 bits", kU2G, kTrunc, dstStride16),
      edit("condDcDstStride15Bit", "DC-2", "dstStride kept in 15 bits", kDc, kTrunc, dstStride15),
      edit("condDcSrcStride15Bit", "DC-2", "srcStride kept in 15 bits", kDc, kTrunc, srcStride15),
      edit("condDcBlockLen15Bit", "DC-2", "blockLen kept in 15 bits", kDc, kTrunc, blockLen15),
      edit("condEnhNormalDstStride15Bit", "ENH-1", "BLOCK_MODE_NORMAL dstStride kept in 15 bits", Op::enhancedNormal,
           kTrunc, dstStride15),
      edit("condNd2nzC0Stride13Bit", "ND2NZ-2", "dstNzC0Stride kept in 13 bits", Op::nd2nz, kTrunc, nd2nzC0Stride13),
      edit("condNd2nzNStride13Bit", "ND2NZ-2", "dstNzNStride kept in 13 bits", Op::nd2nz, kTrunc, nd2nzNStride13),
      edit("condNd2nzNValue13Bit", "ND2NZ-2", "nValue kept in 13 bits", Op::nd2nz, kTrunc, nd2nzNValue13),
      edit("condNd2nzDValue15Bit", "ND2NZ-2", "dValue kept in 15 bits", Op::nd2nz, kTrunc, nd2nzDValue15),
      edit("condNz2ndDstDStride14Bit", "NZ2ND-2", "dstDStride kept in 14 bits", Op::nz2nd, kTrunc, nz2ndDstDStride14),
      edit("condNz2ndNValue12Bit", "NZ2ND-2", "nValue kept in 12 bits", Op::nz2nd, kTrunc, nz2ndNValue12),
      edit("condDn2nzNStride14Bit", "DN2NZ-1", "dstNzNStride kept in 14 bits", Op::dn2nz, kTrunc, dn2nzNStride14, k950),
      edit("condDn2nzC0Stride14Bit", "DN2NZ-1", "dstNzC0Stride kept in 14 bits", Op::dn2nz, kTrunc, dn2nzC0Stride14, k950),
      edit("condDn2nzDValue16Bit", "DN2NZ-1", "dValue kept in 16 bits", Op::dn2nz, kTrunc, dn2nzDValue16, k950),
      sparseOnly(edit("condDn2nzSrcMatrixStride32Bit", "DN2NZ-2", "srcDnMatrixStride kept in 32 bits", Op::dn2nz,
                      kTrunc, dn2nzSrcMatrixStride32, k950)),
      sparseOnly(edit("condDn2nzDstMatrixStride20Bit", "DN2NZ-2", "dstNzMatrixStride kept in 20 bits", Op::dn2nz,
                      kTrunc, dn2nzDstMatrixStride20, k950)),
      sparseOnly(edit("condSliceStartIndex16Bit", "SLICE-1", "startIndex of every dimension kept in 16 bits",
                      Op::slice, kTrunc, sliceStartIndex16)),
      edit("condSliceShape16Bit", "SLICE-1", "the shape of every dimension kept in 16 bits", Op::slice, kTrunc,
           sliceShape16),
      edit("condDn2nzSrcDValue16Bit", "DN2NZ-1", "srcDValue kept in 16 bits", Op::dn2nz, kTrunc, dn2nzSrcDValue16, k950),
      edit("condG2uDropsLastAt4095", "PAD-G2U-2", "blockCount 4095 copies 4094 blocks", kG2U, kMax, dropLastAt4095),
      edit("condU2gDropsLastAt4095", "PAD-U2G-2", "blockCount 4095 copies 4094 blocks", kU2G, kMax, dropLastAt4095),
      edit("condDcDropsLastAt4095", "DC-2", "blockCount 4095 copies 4094 blocks", kDc, kMax, dropLastAt4095),
      edit("condNd2nzDropsMatrixAt4095", "ND2NZ-2", "ndNum 4095 copies 4094 matrices", Op::nd2nz, kMax,
           nd2nzDropMatrixAt4095),
      edit("condNz2ndDropsRowAt8192", "NZ2ND-2", "nValue 8192 copies 8191 rows", Op::nz2nd, kMax, nz2ndDropRowAt8192),
      edit("condNz2ndDropsMatrixAt4095", "NZ2ND-2", "ndNum 4095 copies 4094 matrices", Op::nz2nd, kMax,
           nz2ndDropMatrixAt4095),
      edit("condG2uGmPitchWraps21Bit", "PAD-G2U-2", "GM pitch blockLen + srcStride wraps at 2 MiB", kG2U, kWrap,
           g2uGmPitchWraps),
      edit("condU2gGmPitchWraps21Bit", "PAD-U2G-2", "GM pitch blockLen + dstStride wraps at 2 MiB", kU2G, kWrap,
           u2gGmPitchWraps),
      edit("condDcDstPitchWraps", "DC-2", "destination pitch blockLen + dstStride wraps at 65536 blocks", kDc, kWrap,
           dcDstPitchWraps),
      edit("condNd2nzC0PitchWraps16Bit", "ND2NZ-2", "column-block pitch dstNzC0Stride*C0 wraps at 65536 elements",
           Op::nd2nz, kWrap, nd2nzC0PitchWraps),
      edit("condDn2nzNPitchWraps16Bit", "DN2NZ-1", "row pitch dstNzNStride*C0 wraps at 65536 elements", Op::dn2nz,
           kWrap, dn2nzNPitchWraps, k950),
      edit("condDc3RoundsUpAbove64KiB", "DC-3", "byte counts from 64 KiB on rounded up to 32 instead of down",
           Op::copy2Level, kCal, dc3RoundsUpAbove64K),
      edit("condDc3DropsBlockAbove1MiB", "DC-3", "byte counts from 1 MiB on lose their last 32-byte block",
           Op::copy2Level, kCal, dc3DropsBlockAbove1M),
      edit("condDc3CalCount16Bit", "DC-3", "calCount kept in 16 bits", Op::copy2Level, kCal, dc3CalCount16),
      fails("condG2uCrashAt4095Blocks", "G-1", "crashes on blockCount 4095", kG2U, crashAt4095Blocks),
      fails("condDcCrashAt4095Blocks", "G-1", "crashes on blockCount 4095", kDc, crashAt4095Blocks),
      fails("condDc3HangAt1MiB", "G-1", "hangs on a 2-level copy of 1 MiB or more", Op::copy2Level, hangAt1MiB),
      fails("condNd2nzCrashOnNValueOver8192", "G-1", "aborts on nValue > 8192", Op::nd2nz, abortOnNValueOver8192),
      bytes("condG2uStrayReadPastLongBlock", "G-2", "Ext blockLen > 64 KiB: last byte of block 0 read one past it",
            kG2U, kStray, g2uStrayReadPastLongBlock),
      bytes("condDcStrayReadLargeSrcStride", "G-2", "srcStride >= 32768: block 1 read 32 bytes early", kDc, kStray,
            dcStrayReadLargeSrcStride),
      bytes("condDcSkipsZeroBlocks", "DC-2", "a 32-byte destination block of zeros is not written", kDc, kSpecial,
            skipsZeroBlocks),
      bytes("condNd2nzSkipsZeroBlocks", "ND2NZ-2", "a 32-byte destination block of zeros is not written", Op::nd2nz,
            kSpecial, skipsZeroBlocks),
      floatOnly(bytes("condG2uFlushesNegativeZero", "PAD-G2U-3", "a -0.0 element arrives as +0.0", kG2U, kSpecial,
                      flushesNegativeZero)),
      bytes("condEnhDeqInfSaturates", "ENH-4", "DEQ half -> half writes +-inf as +-65504", Op::enhancedCo1ToCo2,
            kSpecial, enhDeqInfSaturates, Product::atlas_training),
      bytes("condFixNanToInf", "FIX-6", "F322F16 / F322BF16 write +inf for a NaN source (AMB-16: a NaN of T)",
            Op::fixpipe, kSpecial, fixNanToInf),
      bytes("condSliceStopsAfter1MiB", "SLICE-3", "destination bytes after the first 1 MiB a slice writes are not written",
            Op::slice, "largeTransfer", sliceStopsAfter1MiB),
      {.name = "condCompactTailFromData", .clause = "PAD-CMP-3",
       .description = "always AMB-21 cmp-pads-run, its tail aligned from the data's end: right-pad bytes past it unwritten",
       .operations = {Op::padCompactGmToUb}, .product = k950, .editCase = compactPadsRunPacked,
       .editBytes = compactTailFromData, .conditionClass = "specialData"},
      {.name = "condCompactPinnedTailFromData", .clause = "PAD-CMP-3",
       .description = "cmp-pads-run when the case pins it, its tail aligned from the data's end (the rest correct)",
       .operations = {Op::padCompactGmToUb}, .product = k950, .editBytes = compactPinnedTailFromData,
       .conditionClass = "specialData"},
      acceptsInvalid("condNz2ndAcceptsUnalignedDValue", "G-4", "dValue not a multiple of 16 run aligned up",
                     {Op::nz2nd}, nz2ndAcceptsUnalignedDValue),
      acceptsInvalid("condPadAcceptsBlockCountOver4095", "G-4", "blockCount > 4095 run as 4095", {kG2U, kU2G},
                     acceptsBlockCountOver4095),
      acceptsInvalid("condDcAcceptsBlockCountOver4095", "G-4", "blockCount > 4095 run as 4095", {kDc},
                     acceptsBlockCountOver4095),
      acceptsInvalid("condNd2nzAcceptsNValueOver16384", "G-4", "nValue > 16384 run as 16384", {Op::nd2nz},
                     nd2nzAcceptsNValueOver16384),
  };
}

}  // namespace dcconf::mutants
