// =====================================================================================================================
// Enhanced DataCopy (DataCopyParams + DataCopyEnhancedParams), data movement       SEMANTICS section 9, clauses ENH-*
// =====================================================================================================================
// ENH-1 block units (tables 6-8; a block of E elements of the CO1 type U, s = sizeof(U), 2 or 4):
//   NORMAL (every path but CO1->CO2): as DC: block 32 B, strides 32 B.
//   MATRIX (CO1->CO2): E = 256 (one 16x16 fractal, 512 / 1024 B); srcStride in fractals; dstStride 32 B.
//   VECTOR (CO1->CO2): E = 16 (one 1x16 row, 32 / 64 B); srcStride 256*s B (512 / 1024); dstStride 32 B.
//   SMALL_CHANNEL (CO1->CO2): E = 64 (one 16x4 fractal, 128 / 256 B), derived like MATRIX; srcStride in the same
//   unit; dstStride 32 B.
// AMB-19: MATRIX/VECTOR blockLen in the table's blocks (E as above; profile enh-len-block) or in 32-byte data
//   blocks of the source (E = 32/s; profile enh-len-32b). Open by default: the case must fit under both, and a
//   destination byte the two readings write differently (or only one writes) is ANY, region ambiguous19.
// @post burst i: blockLen*E source elements at src + i*(blockLen*E*s + srcStride*unit); without deqScale their
//       bytes land unchanged at dst + i*(blockLen*E*s + 32*dstStride); everything else is untouched (G-1).
// @post (ENH-3) isRelu without deqScale: each element is max(x, 0) (FIX-6's "ReLU without quant"); unsigned types
//       pass unchanged; a NaN or -0.0 source element gives ANY (the sources do not pin it down).
// ENH-2 deqScale (table 5, U = enhancedParams.srcDType, T = the case's dtype): DEQ int32/half -> half, VDEQ
//   int32 -> half, DEQ8/VDEQ8 int32 -> int8/uint8, DEQ16/VDEQ16 int32 -> half/int16. The UB side holds the same
//   elements at sizeof(T) ("the UB-side unit halves" for b32 -> b16; DEQ half -> half keeps 512 B per fractal),
//   bursts 32*dstStride apart: dst burst i starts at i*(dstBurstBytes + 32*dstStride).
// @post (ENH-3) DEQ8/VDEQ8: sidStoreMode 3: the int8 results contiguous (E bytes per block, a quarter of the
//       source); 0 / 1: each 16 results (one 1x16 source row) fill the high (0) / low (1) 16 B of a 32-byte slot,
//       the other 16 B are KEEP (the page is silent; the vendor matmul writes the two halves with two calls, which
//       needs KEEP). AMB-15 (profile sid-matmul): the matmul's pairing implies 0 = low, 1 = high.
// @post (ENH-4) element value = FIX-6 on FIX-5's fields of the parameter: deqValue, or for V* the uint64 entry
//       column % 16 of enhancedParams.deqTensor (the headers' deqTensorAddr; AMB-13: bursts after the first reuse
//       entries 0..15, or advance 16 per burst). int32: MCB shift (AMB-9), f32(x) * (x < 0 && relu ? 0 : M1);
//       half: x * (...), a NaN source ANY, an infinite one inf (its sign times the scale's; inf x 0 is ANY,
//       AMB-16). half results: one rounding (AMB-10); a zero result's sign (and so
//       its high byte) is ANY (AMB-16: FIX-6a's "+ zero offset after the conversion" is pinned for FIX only). 8-bit: clamp [-256, 255], round
//       half to even, + offset (AMB-8, AMB-11), saturate to int8 when bit 46 is set or T is int8 (the header ORs
//       bit 46 for int8), else uint8. int16 (DEQ16): round (AMB-10), + offset or not (AMB-14), saturate int16.
//       isRelu decides ReLU ("relu wins" over the parameter's bits). AMB-12 applies to every parameter. Under the
//       default profile an element whose value differs between open readings is ANY, region ambiguous<id>.
// Rejected (ENH-1): DEPTHWISE ("当前暂不支持"), padMode != PAD_NONE ("当前暂不支持"), NORMAL on CO1->CO2, the
// CO1->CO2 modes elsewhere. deqScale, isRelu and a srcDType other than T are CO1->CO2 only (ENH-2, ENH-3).
// ENH-2: (deqScale, U, T) outside table 5, a V* tensor shorter than 16 entries (16 per burst under vdeq-advance);
// ENH-3: DEQ8/VDEQ8 with sidStoreMode not in {0, 1, 3}. NOT_SUPPORTED (checkSupport): table 9's float -> half
// without deqScale (no arithmetic documented) and V* on SMALL_CHANNEL (column order in a 16x4 fractal undocumented).
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include "dcconf/oracle/numeric.hpp"
#include "paths.hpp"
#include "readings.hpp"

namespace dcconf::oracle::detail {
namespace {

const DataCopyEnhancedParams& enhancedOf(const Case& c) { return *c.enhancedParams; }

void checkPadMode(std::vector<Violation>& out, const DataCopyEnhancedParams& e) {
  if (e.padMode != 0) {
    out.push_back(violation("ENH-1", "enhancedParams.padMode", e.padMode,
                            "padMode is documented as not supported yet (only PAD_NONE = 0)"));
  }
}

void rejectBlockMode(std::vector<Violation>& out, BlockMode mode, const std::string& why) {
  out.push_back({"ENH-1", "enhancedParams.blockMode", std::string(name(mode)), why});
}

// ---- NORMAL on the normal DataCopy paths ----

std::vector<Violation> checkNormal(const Case& c) {
  std::vector<Violation> out;
  const auto& e = enhancedOf(c);
  checkDataCopyParams(out, "DC-1", std::get<DataCopyParams>(c.params), c.profile);
  if (e.blockMode != BlockMode::normal) {
    rejectBlockMode(out, e.blockMode, "only BLOCK_MODE_NORMAL is documented outside CO1->CO2");
  }
  if (e.deqScale != DeqScale::none) {
    out.push_back({"ENH-2", "enhancedParams.deqScale", std::string(name(e.deqScale)), "deqScale is for CO1->CO2 only"});
  }
  if (e.isRelu) out.push_back(violation("ENH-3", "enhancedParams.isRelu", 1, "isRelu is for CO1->CO2 only"));
  if (e.srcDType && *e.srcDType != c.dtype) {
    out.push_back({"ENH-2", "enhancedParams.srcDType", std::string(name(*e.srcDType)),
                   "a source type other than T is a CO1->CO2 conversion"});
  }
  checkPadMode(out, e);
  return out;
}

Blocks32 normalBlocks(const Case& c) {
  const auto& p = std::get<DataCopyParams>(c.params);
  return {p.blockCount, p.blockLen, p.srcStride, p.dstStride};
}
Extents extentsNormal(const Case& c) { return blocks32Extents(normalBlocks(c)); }
void walkNormal(const Case& c, WriteSink& sink) { walkBlocks32(normalBlocks(c), sink); }

// ---- CO1 -> CO2: geometry (ENH-1, ENH-2 "the UB-side unit halves", ENH-3 sidStoreMode, AMB-19) ----

DType srcTypeOf(const Case& c) { return enhancedOf(c).srcDType.value_or(c.dtype); }
bool isVectorDeq(DeqScale d) { return d == DeqScale::vdeq || d == DeqScale::vdeq8 || d == DeqScale::vdeq16; }
bool isDeq8(DeqScale d) { return d == DeqScale::deq8 || d == DeqScale::vdeq8; }

// ENH-1 tables 7 and 8 (SMALL_CHANNEL derived from its 16x4 fractal): elements per block, and the src stride unit
// in elements of U.
struct Units {
  std::uint64_t blockElems;
  std::uint64_t srcStrideElems;
};
// AMB-19: MATRIX/VECTOR blockLen counts the table's blocks (first reading) or 32-byte data blocks of the
// source (second reading, the page's example and the vendor's broad_cast_vec_to_mm); the stride units stay.
Units co1Units(BlockMode mode, std::uint32_t srcElemBytes, bool dataBlocks32) {
  const std::uint64_t perDataBlock = kDataBlockBytes / srcElemBytes;
  switch (mode) {
    case BlockMode::matrix: return {dataBlocks32 ? perDataBlock : 256, 256};
    case BlockMode::vector: return {dataBlocks32 ? perDataBlock : 16, 256};
    case BlockMode::smallChannel: return {64, 64};
    case BlockMode::normal:
    case BlockMode::depthwise: break;
  }
  return {16, 16};  // rejected by checkCo1 before any use
}

// ENH-2 table 5 (and, without a deqScale, a plain b16/b32 move).
bool deqPairAllowed(DeqScale d, DType u, DType t) {
  const bool b8 = t == DType::int8_t || t == DType::uint8_t;
  switch (d) {
    case DeqScale::none: return u == t && sizeBytes(t) >= 2;
    case DeqScale::deq: return t == DType::half && (u == DType::int32_t || u == DType::half);
    case DeqScale::vdeq: return u == DType::int32_t && t == DType::half;
    case DeqScale::deq8:
    case DeqScale::vdeq8: return u == DType::int32_t && b8;
    case DeqScale::deq16:
    case DeqScale::vdeq16: return u == DType::int32_t && (t == DType::half || t == DType::int16_t);
  }
  return false;
}

// Where the elements of one burst land. Element j of a burst (source order) goes to byte dstByteInBurst(j) of the
// destination burst: contiguous at sizeof(T), except DEQ8/VDEQ8 with sidStoreMode 0/1, where each 16 results
// (one 1x16 source row, 64 B of int32) fill one half of a 32-byte slot and the other half is KEEP (ENH-3).
struct Co1Blocks {
  std::uint64_t count, lenBlocks, srcStride, dstStride;
  Units units;
  std::uint32_t srcElemBytes, dstElemBytes;
  std::optional<std::uint64_t> halfSlotOffset;  // 0 (low 16 B) or 16 (high 16 B) for sidStoreMode 0/1
  std::uint64_t burstElems() const { return lenBlocks * units.blockElems; }
  std::uint64_t srcBurstBytes() const { return burstElems() * srcElemBytes; }
  std::uint64_t srcPitchBytes() const { return srcBurstBytes() + srcStride * units.srcStrideElems * srcElemBytes; }
  std::uint64_t dstBurstBytes() const { return halfSlotOffset ? 2 * burstElems() : burstElems() * dstElemBytes; }
  std::uint64_t dstPitchBytes() const { return dstBurstBytes() + kDataBlockBytes * dstStride; }
  std::uint64_t dstByteInBurst(std::uint64_t j) const {
    return halfSlotOffset ? 32 * (j / 16) + *halfSlotOffset + j % 16 : j * dstElemBytes;
  }
};
// AMB-19's readings a case is evaluated under: the pinned one, or both where the default leaves it open and they
// differ (a VECTOR block of a 16-bit source is one 32-byte data block either way).
std::vector<bool> blockLenReadings(const Case& c) {
  const BlockMode mode = enhancedOf(c).blockMode;
  const Profile::EnhBlockLenUnit unit = c.profile.enhBlockLenUnit;
  if (mode != BlockMode::matrix && mode != BlockMode::vector) return {false};
  if (unit != Profile::EnhBlockLenUnit::any) return {unit == Profile::EnhBlockLenUnit::dataBlock32};
  const std::uint32_t s = sizeBytes(enhancedOf(c).srcDType.value_or(c.dtype));
  if (co1Units(mode, s, false).blockElems == co1Units(mode, s, true).blockElems) return {false};
  return {false, true};
}

Co1Blocks co1Blocks(const Case& c, bool dataBlocks32) {
  const auto& p = std::get<DataCopyParams>(c.params);
  const auto& e = enhancedOf(c);
  std::optional<std::uint64_t> half;
  if (isDeq8(e.deqScale) && (e.sidStoreMode == 0 || e.sidStoreMode == 1)) {
    // AMB-15: the page says 0 = high 16 B, 1 = low; the vendor matmul pairs N-blocks as if 0 = low, 1 = high.
    const bool high = (e.sidStoreMode == 0) == (c.profile.sidHalf == Profile::SidHalf::docPage);
    half = high ? 16 : 0;
  }
  return {p.blockCount, p.blockLen, p.srcStride, p.dstStride,
          co1Units(e.blockMode, sizeBytes(srcTypeOf(c)), dataBlocks32), sizeBytes(srcTypeOf(c)), sizeBytes(c.dtype), half};
}

std::vector<Violation> checkCo1(const Case& c) {
  std::vector<Violation> out;
  const auto& e = enhancedOf(c);
  const auto& p = std::get<DataCopyParams>(c.params);
  checkDataCopyParams(out, "DC-1", p, c.profile);
  switch (e.blockMode) {
    case BlockMode::matrix:
    case BlockMode::vector:
    case BlockMode::smallChannel: break;
    case BlockMode::normal:
      rejectBlockMode(out, e.blockMode, "BLOCK_MODE_NORMAL is for the paths other than CO1->CO2");
      break;
    case BlockMode::depthwise:
      rejectBlockMode(out, e.blockMode, "BLOCK_MODE_DEPTHWISE is documented as not supported yet");
      break;
  }
  checkPadMode(out, e);
  const DType u = srcTypeOf(c);
  if (!deqPairAllowed(e.deqScale, u, c.dtype)) {
    out.push_back({"ENH-2", "dtype", std::string(name(c.dtype)),
                   std::string(name(u)) + " -> " + std::string(name(c.dtype)) + " is not a conversion of " +
                       std::string(name(e.deqScale)) + " (table 5; without deqScale CO1->CO2 moves b16/b32 data)"});
  }
  if (isDeq8(e.deqScale) && e.sidStoreMode != 0 && e.sidStoreMode != 1 && e.sidStoreMode != 3) {
    out.push_back(violation("ENH-3", "enhancedParams.sidStoreMode", e.sidStoreMode,
                            "with DEQ8/VDEQ8 sidStoreMode is the store mode: 0, 1 or 3"));
  }
  if (isVectorDeq(e.deqScale)) {
    const bool advance = c.profile.vdeqTensorStep == Profile::VdeqTensorStep::advance;
    const std::uint64_t need = advance ? 16 * std::uint64_t{std::max<std::uint16_t>(p.blockCount, 1)} : 16;
    if (e.deqTensor.size() < need) {
      out.push_back(violation("ENH-2", "enhancedParams.deqTensor", e.deqTensor.size(),
                              "a V* mode reads one uint64 parameter per column: " + std::to_string(need) +
                                  (advance ? " (AMB-13 vdeq-advance: 16 per burst)" : " (16 per 1x16 row)")));
    }
  }
  return out;
}

// The case must fit under every reading of AMB-19 it is evaluated under (G-1/G-2).
Extents extentsCo1(const Case& c) {
  Extents out;
  for (const bool dataBlocks32 : blockLenReadings(c)) {
    const Co1Blocks b = co1Blocks(c, dataBlocks32);
    if (b.count == 0 || b.lenBlocks == 0) return {};
    out.srcSpanBytes = std::max(out.srcSpanBytes, (b.count - 1) * b.srcPitchBytes() + b.srcBurstBytes());
    out.dstSpanBytes = std::max(out.dstSpanBytes, (b.count - 1) * b.dstPitchBytes() +
                                                      b.dstByteInBurst(b.burstElems() - 1) + b.dstElemBytes);
  }
  return out;
}

// ---- CO1 -> CO2 arithmetic (ENH-4: FIX-5's parameter, FIX-6's steps) ----

// One reading per AMB-8..14 (index id - 8): false = the first reading, true = the second.
constexpr std::size_t kReadings = 7;
using Readings = std::array<bool, kReadings>;
enum Amb : std::size_t { offsetUnsigned, shiftPlusOne, deqTrunc, reluAfterOffset, negScaleLowWord, vdeqAdvance,
                         deq16Offset };


// The parameter of column `column` in burst `burst`: deqValue, or for the V* modes entry column (AMB-13 first
// reading: the 16 entries serve every burst) or 16*burst + column (second reading); nullopt past the tensor's end.
std::optional<std::uint64_t> paramBits(const Case& c, std::uint64_t burst, std::uint64_t column, bool advance) {
  const auto& e = enhancedOf(c);
  if (!isVectorDeq(e.deqScale)) return e.deqValue;
  const std::uint64_t k = (advance ? 16 * burst : 0) + column;
  if (k >= e.deqTensor.size()) return std::nullopt;
  return e.deqTensor[k];
}

std::int64_t roundToInt(double y, bool towardZero) {  // |y| <= 2^20 here
  return towardZero ? static_cast<std::int64_t>(std::trunc(y)) : roundHalfEvenToInt(y);
}

Converted convert(const Case& c, std::uint64_t x, std::optional<std::uint64_t> qBits, const Readings& r) {
  if (!qBits) return {true, 0};
  const auto& e = enhancedOf(c);
  const DType t = c.dtype;
  const bool relu = e.isRelu;  // ENH-3: isRelu decides; a ReLU bit in the parameter loses to it
  QuantParam q = decodeQuantParam(*qBits);
  if (looksSignExtended(*qBits) && r[negScaleLowWord]) q = decodeQuantParam(*qBits & 0xFFFFFFFFu);
  double value = 0.0;
  if (srcTypeOf(c) == DType::int32_t) {
    std::int64_t xi = static_cast<std::int32_t>(static_cast<std::uint32_t>(x));
    if (q.mcb) xi = saturateInt16(xi >> (q.n + (r[shiftPlusOne] ? 1 : 0)));  // AMB-9
    value = static_cast<double>(static_cast<float>(xi));                       // f32(x)
  } else {  // DEQ half -> half
    const float f = halfBitsToFloat(static_cast<std::uint16_t>(x));
    if (std::isnan(f)) return nanResult(t, relu);  // AMB-16: a NaN's payload is not pinned down, its class is
    value = static_cast<double>(f);
  }
  const bool eightBit = isDeq8(e.deqScale);
  const bool offsetStage = eightBit || (t == DType::int16_t && r[deq16Offset]);  // AMB-14
  const bool reluAtScale = relu && !(offsetStage && r[reluAfterOffset]);       // AMB-11
  double y = value * ((value < 0.0 && reluAtScale) ? 0.0 : static_cast<double>(q.m1));  // M2 = 0 with ReLU
  if (std::isnan(y)) return nanResult(t, relu);  // AMB-16: inf x 0 (a zero scale, or ReLU's M2 = 0 on -inf)
  // An infinite source times a non-zero scale is an exact infinity: no rounding applies, so AMB-10's truncation
  // reading (which saturates a finite overflow to 65504) gives inf as well.
  if (t == DType::half && std::isinf(value)) return {false, std::signbit(y) ? 0xFC00u : 0x7C00u};
  if (t == DType::half) {
    const std::uint16_t h = doubleToHalfBits(y, r[deqTrunc]);  // AMB-10
    // AMB-16: whether the ENH DEQ path adds a zero offset after the conversion (FIX-6a for FIX) is not documented,
    // so a zero result's sign bit, and with it the high byte, is ANY; the low byte is 0 either way.
    if ((h & 0x7FFFu) == 0) return {false, 0, 0b10};
    return {false, h};
  }
  std::int64_t k = eightBit ? roundHalfEvenToInt(std::clamp(y, -256.0, 255.0))
                            : roundToInt(std::clamp(y, -1048576.0, 1048576.0), r[deqTrunc]);  // AMB-10 for int16
  if (offsetStage) {
    // AMB-8: the 9-bit offset as two's complement (first reading) or unsigned 0..511
    k += (!r[offsetUnsigned] && q.offsetBits >= 256) ? std::int64_t{q.offsetBits} - 512 : q.offsetBits;
    if (relu && r[reluAfterOffset]) k = std::max<std::int64_t>(k, 0);
  }
  if (!eightBit) return {false, static_cast<std::uint16_t>(saturateInt16(k))};
  // sign (bit 46): the header ORs it in for an int8 T and passes deqValue's bit through for uint8
  const bool signedResult = q.signedResult || t == DType::int8_t;
  return {false, signedResult ? static_cast<std::uint8_t>(saturateInt8(k)) : saturateUint8(k)};
}

ReadingOutcome evaluateElement(const Case& c, std::uint64_t x, std::uint64_t burst, std::uint64_t column) {
  const auto& e = enhancedOf(c);
  const Profile& pr = c.profile;
  const std::optional<std::uint64_t> qs[2] = {paramBits(c, burst, column, false), paramBits(c, burst, column, true)};
  auto anyParam = [&](auto pred) { return std::any_of(std::begin(qs), std::end(qs), [&](auto q) { return q && pred(*q); }); };
  const bool int16 = c.dtype == DType::int16_t;
  const bool offsetStagePossible = isDeq8(e.deqScale) || (int16 && pr.deq16Offset != Profile::Deq16Offset::ignored);
  const std::array<bool, kReadings> open{
      pr.fixOffset == Profile::FixOffset::any && offsetStagePossible &&
          anyParam([](std::uint64_t q) { return decodeQuantParam(q).offsetBits >= 256; }),
      pr.fixShift == Profile::FixShift::any && srcTypeOf(c) == DType::int32_t &&
          anyParam([](std::uint64_t q) { return decodeQuantParam(q).mcb; }),
      pr.fixDeqRounding == Profile::FixDeqRounding::any && (c.dtype == DType::half || int16),
      pr.fixReluOrder == Profile::FixReluOrder::any && e.isRelu && offsetStagePossible,
      pr.fixNegScale == Profile::FixNegScale::any && anyParam(looksSignExtended),
      pr.vdeqTensorStep == Profile::VdeqTensorStep::any && isVectorDeq(e.deqScale) && burst > 0,
      // AMB-14 matters even with a zero offset field: with an offset stage, AMB-11 moves ReLU after it (FIX-7: the
      // default is ANY where any combination of the open readings disagrees).
      pr.deq16Offset == Profile::Deq16Offset::any && int16};
  return underEveryReading(open, pinnedReadings<kReadings>(pr),
                           [&](const Readings& r) { return convert(c, x, qs[r[vdeqAdvance] ? 1 : 0], r); });
}

// One reading's bursts into `out` (a ByteWriter, or AMB-19's collector); source elements are read through sink.
template <class Out>
void walkCo1Bursts(const Case& c, const Co1Blocks& b, WriteSink& sink, Out& out) {
  const auto& e = enhancedOf(c);
  for (std::uint64_t i = 0; i < b.count; ++i) {
    const std::uint64_t from = i * b.srcPitchBytes();
    const std::uint64_t to = i * b.dstPitchBytes();
    if (e.deqScale == DeqScale::none) {  // a byte move, rectified with isRelu (ENH-3)
      for (std::uint64_t k = 0; k < b.srcBurstBytes(); ++k) {
        out.write(to + k, e.isRelu ? ByteSource::rectified(from + k, c.dtype) : ByteSource::fromSource(from + k),
                  Region::data);
      }
      continue;
    }
    for (std::uint64_t j = 0; j < b.burstElems(); ++j) {  // ENH-2/4: element by element
      const std::uint64_t at = to + b.dstByteInBurst(j);
      const auto x = sink.readElement(from + j * b.srcElemBytes, b.srcElemBytes);
      writeConverted(out, at, b.dstElemBytes, x ? evaluateElement(c, *x, i, j % 16) : ReadingOutcome{{true, 0}, 0}, c.dtype);
    }
  }
}

void walkCo1(const Case& c, WriteSink& sink) {
  const std::vector<bool> readings = blockLenReadings(c);
  if (readings.size() == 1) {
    ByteWriter out(sink);
    walkCo1Bursts(c, co1Blocks(c, readings.front()), sink, out);
    return;
  }
  // AMB-19 open: both readings' writes, merged (readings.hpp); a disagreeing byte is ANY, region ambiguous19
  std::vector<Written> byReading[2];
  for (std::size_t r = 0; r < 2; ++r) {
    Collector collect{&byReading[r]};
    walkCo1Bursts(c, co1Blocks(c, readings[r]), sink, collect);
  }
  const Region blame[] = {Region::ambiguous19};
  mergeReadings(sink, byReading, 1u, blame);
}

}  // namespace

// ENH-3 / FIX-6: max(x, 0) on the raw bits.
std::optional<std::uint64_t> rectifiedBits(DType dtype, std::uint64_t bits) {
  const DTypeInfo& t = info(dtype);
  const std::uint64_t signBit = std::uint64_t{1} << (8 * t.sizeBytes - 1);
  if (!t.isSigned || (bits & signBit) == 0) {
    if (t.isFloat && std::isnan(decodeElement(dtype, bits))) return std::nullopt;
    return bits;
  }
  if (t.isFloat) {
    const std::uint64_t magnitude = bits & (signBit - 1);
    if (magnitude == 0) return std::nullopt;  // -0.0: max(-0, +0) may be either zero
    if (std::isnan(decodeElement(dtype, bits))) return std::nullopt;
  }
  return 0;
}

const PathSemantics& enhancedNormalSemantics() {
  static const PathSemantics semantics{checkNormal, extentsNormal, walkNormal};
  return semantics;
}

const PathSemantics& enhancedCo1ToCo2Semantics() {
  static const PathSemantics semantics{checkCo1, extentsCo1, walkCo1};
  return semantics;
}

}  // namespace dcconf::oracle::detail
