// Enhanced DataCopy data movement (ENH-1, ENH-3) in the fast backend: NORMAL is the 32-byte block copy on the
// normal paths; MATRIX / VECTOR / SMALL_CHANNEL on CO1->CO2 are block copies in their own units; isRelu clears
// negative elements after the copy (word at a time by width). With a deqScale (ENH-2..4) each element is converted
// by this file's own arithmetic (FIX-5 fields, FIX-6 steps: fast_quant.hpp, shared with the quantising copy) and stored at
// sizeof(T), or for DEQ8/VDEQ8 in one half of each 32-byte slot (sidStoreMode 0/1) or packed (3). Where the
// profile leaves an AMB-8..14 reading open, the first reading is taken (the oracle marks those bytes ANY).
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>

#include "fast_common.hpp"
#include "fast_quant.hpp"

namespace dcconf::backends::fast {
namespace {

using oracle::BlockMode;
using oracle::DataCopyEnhancedParams;
using oracle::DeqScale;

std::string modeName(BlockMode mode) { return std::string(oracle::name(mode)); }

void checkBlocks(Checker& check, const oracle::Case& c, const oracle::DataCopyParams& p) {
  const std::uint64_t lowest = c.profile.zeroCount == oracle::Profile::ZeroCount::hwNoop ? 0 : 1;  // AMB-1
  check.range("DC-1", "params.blockCount", p.blockCount, lowest, 4095, kAmb1Note);
  check.range("DC-1", "params.blockLen", p.blockLen, lowest, 65535, kAmb1Note);
}

// ReLU in place on n elements of width s: signed integers and floats with the sign bit set become 0; a NaN (and,
// for the floats, anything with an all-ones exponent and a mantissa) is left as it is.
template <class U>
void reluElements(std::uint8_t* data, std::uint64_t n, bool isFloat, unsigned exponentBits, unsigned mantissaBits) {
  constexpr unsigned kBits = 8 * sizeof(U);
  for (std::uint64_t k = 0; k < n; ++k) {
    U v;
    std::memcpy(&v, data + k * sizeof(U), sizeof(U));
    if ((v >> (kBits - 1)) == 0) continue;
    if (isFloat) {
      const U exponent = static_cast<U>((v >> mantissaBits) & ((U{1} << exponentBits) - 1));
      const U mantissa = static_cast<U>(v & ((U{1} << mantissaBits) - 1));
      if (exponent == (U{1} << exponentBits) - 1 && mantissa != 0) continue;  // NaN
    }
    const U zero = 0;
    std::memcpy(data + k * sizeof(U), &zero, sizeof(U));
  }
}

void relu(std::uint8_t* data, std::uint64_t bytes, oracle::DType dtype) {
  const oracle::DTypeInfo& t = oracle::info(dtype);
  if (!t.isSigned) return;
  if (t.sizeBytes == 2) reluElements<std::uint16_t>(data, bytes / 2, t.isFloat, 5, 10);  // half (no bf16 on CO1)
  if (t.sizeBytes == 4) reluElements<std::uint32_t>(data, bytes / 4, t.isFloat, 8, 23);
}

}  // namespace

RunResult runEnhancedNormal(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) {
  const auto& p = std::get<oracle::DataCopyParams>(c.params);
  const DataCopyEnhancedParams& e = *c.enhancedParams;
  Checker check;
  checkBlocks(check, c, p);
  check.require(e.blockMode == BlockMode::normal, "ENH-1", "enhancedParams.blockMode",
                static_cast<std::uint64_t>(e.blockMode), modeName(e.blockMode) + " is for CO1->CO2 only");
  check.require(e.deqScale == DeqScale::none, "ENH-2", "enhancedParams.deqScale", static_cast<std::uint64_t>(e.deqScale),
                "deqScale is for CO1->CO2 only");
  check.require(!e.isRelu, "ENH-3", "enhancedParams.isRelu", 1, "isRelu is for CO1->CO2 only");
  check.require(e.padMode == 0, "ENH-1", "enhancedParams.padMode", e.padMode, "padMode is not supported yet");
  const std::uint64_t blockBytes = kBlock32Bytes * p.blockLen;
  const std::uint64_t srcPitch = kBlock32Bytes * (std::uint64_t{p.blockLen} + p.srcStride);
  const std::uint64_t dstPitch = kBlock32Bytes * (std::uint64_t{p.blockLen} + p.dstStride);
  check.buffers(c, burstSpanBytes(p.blockCount, srcPitch, blockBytes), burstSpanBytes(p.blockCount, dstPitch, blockBytes));
  if (check.failed()) return check.rejection();
  const auto [from, to] = operandsOf(c, src, dst);
  copyBursts(to, dstPitch, from, srcPitch, p.blockCount, blockBytes);
  return {};
}

namespace {

// ---- ENH-2 table 5 and the conversion arithmetic ----

bool isPerColumn(DeqScale d) { return d == DeqScale::vdeq || d == DeqScale::vdeq8 || d == DeqScale::vdeq16; }
bool isEightBit(DeqScale d) { return d == DeqScale::deq8 || d == DeqScale::vdeq8; }

// (deqScale, U, T) as table 5 lists them; without a deqScale, U == T of 2 or 4 bytes.
bool tableFiveHas(DeqScale d, oracle::DType u, oracle::DType t) {
  using oracle::DType;
  if (d == DeqScale::none) return u == t && oracle::sizeBytes(t) >= 2;
  if (d == DeqScale::deq && t == DType::half && u == DType::half) return true;
  if (u != DType::int32_t) return false;
  switch (d) {
    case DeqScale::deq:
    case DeqScale::vdeq: return t == DType::half;
    case DeqScale::deq8:
    case DeqScale::vdeq8: return t == DType::int8_t || t == DType::uint8_t;
    case DeqScale::deq16:
    case DeqScale::vdeq16: return t == DType::half || t == DType::int16_t;
    case DeqScale::none: break;
  }
  return false;
}

// One element: x's raw bits in, the result's raw bits out.
std::uint64_t convertElement(std::uint64_t x, const QuantParam& q, const DataCopyEnhancedParams& e, oracle::DType u,
                             oracle::DType t, const QuantReadings& k) {
  double v = 0;
  if (u == oracle::DType::int32_t) {
    v = intSource(static_cast<std::int32_t>(x), q);
  } else {
    v = static_cast<double>(std::bit_cast<_Float16>(static_cast<std::uint16_t>(x)));
  }
  const bool eight = isEightBit(e.deqScale);
  const bool offsetStep = eight || (t == oracle::DType::int16_t && k.deq16Offset);
  const bool reluLate = e.isRelu && offsetStep && k.reluAfterOffset;
  const double y = v * ((e.isRelu && !reluLate && v < 0) ? 0.0 : q.scale);
  if (t == oracle::DType::half) return toHalf(y, k.deqTrunc && !std::isinf(v));  // inf source: exact inf (ENH-4)
  if (std::isnan(y)) return 0;  // unspecified (the oracle's ANY); keeps the integer casts defined
  std::int64_t r = 0;
  if (eight) {
    r = static_cast<std::int64_t>(std::nearbyint(std::clamp(y, -256.0, 255.0)));
  } else {
    const double c = std::clamp(y, -1e7, 1e7);
    r = static_cast<std::int64_t>(k.deqTrunc ? std::trunc(c) : std::nearbyint(c));
  }
  if (offsetStep) r += q.offset;
  if (reluLate) r = std::max<std::int64_t>(r, 0);
  if (!eight) return static_cast<std::uint16_t>(std::clamp<std::int64_t>(r, -32768, 32767));
  if (q.int8Result || t == oracle::DType::int8_t) return static_cast<std::uint8_t>(std::clamp<std::int64_t>(r, -128, 127));
  return static_cast<std::uint8_t>(std::clamp<std::int64_t>(r, 0, 255));
}

}  // namespace

RunResult runEnhancedCo1ToCo2(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) {
  const auto& p = std::get<oracle::DataCopyParams>(c.params);
  const DataCopyEnhancedParams& e = *c.enhancedParams;
  const oracle::DType u = e.srcDType.value_or(c.dtype);
  const std::uint64_t su = oracle::sizeBytes(u);
  const std::uint64_t st = oracle::sizeBytes(c.dtype);
  const QuantReadings k = quantReadingsOf(c.profile);
  Checker check;
  checkBlocks(check, c, p);
  // tables 7/8: elements of U in a block and in a source stride unit; the destination stride is in 32 bytes
  std::uint64_t blockElems = 0;
  std::uint64_t strideElems = 0;
  switch (e.blockMode) {
    case BlockMode::matrix: blockElems = strideElems = 16 * 16; break;
    case BlockMode::vector: blockElems = 16, strideElems = 16 * 16; break;
    case BlockMode::smallChannel: blockElems = strideElems = 16 * 4; break;
    case BlockMode::normal:
    case BlockMode::depthwise: break;
  }
  // AMB-19: enh-len-32b counts MATRIX/VECTOR blockLen in 32-byte blocks of U; otherwise the table's blocks
  // (the default profile accepts either reading)
  const bool matrixOrVector = e.blockMode == BlockMode::matrix || e.blockMode == BlockMode::vector;
  if (matrixOrVector && c.profile.enhBlockLenUnit == oracle::Profile::EnhBlockLenUnit::dataBlock32) blockElems = 32 / su;
  check.require(blockElems != 0, "ENH-1", "enhancedParams.blockMode", static_cast<std::uint64_t>(e.blockMode),
                modeName(e.blockMode) + " is not a CO1->CO2 mode this part supports");
  check.require(e.padMode == 0, "ENH-1", "enhancedParams.padMode", e.padMode, "padMode is not supported yet");
  check.require(tableFiveHas(e.deqScale, u, c.dtype), "ENH-2", "dtype", static_cast<std::uint64_t>(c.dtype),
                "not a (deqScale, U, T) conversion of table 5");
  const bool eight = isEightBit(e.deqScale);
  check.require(!eight || e.sidStoreMode <= 1 || e.sidStoreMode == 3, "ENH-3", "enhancedParams.sidStoreMode",
                e.sidStoreMode, "DEQ8/VDEQ8 store modes are 0, 1 and 3");
  const std::uint64_t entries = isPerColumn(e.deqScale) ? (k.vdeqAdvance ? 16 * std::uint64_t{std::max<std::uint16_t>(p.blockCount, 1)} : 16) : 0;
  check.require(e.deqTensor.size() >= entries, "ENH-2", "enhancedParams.deqTensor", e.deqTensor.size(),
                "too few V* parameters (16 per call, per burst with vdeq-advance)");
  if (check.failed()) return check.rejection();
  // 8-bit results with sidStoreMode 0/1 take a half of each 32-byte slot: 0 the high half by the page (AMB-15)
  const bool halfSlots = eight && e.sidStoreMode != 3;
  const std::uint64_t slotOffset = ((e.sidStoreMode == 0) != k.sidMatmul) ? 16 : 0;
  const std::uint64_t burstElems = blockElems * p.blockLen;
  const std::uint64_t srcLen = burstElems * su;
  const std::uint64_t srcPitch = srcLen + strideElems * su * p.srcStride;
  const std::uint64_t dstLen = halfSlots ? 2 * burstElems : burstElems * st;
  const std::uint64_t dstPitch = dstLen + kBlock32Bytes * p.dstStride;
  // end of the last burst's writes: its last element's slot byte (a burst of 8 results fills half of one slot half)
  const std::uint64_t lastElem = burstElems == 0 ? 0 : burstElems - 1;
  const std::uint64_t dstLastEnd = halfSlots ? 32 * (lastElem / 16) + slotOffset + lastElem % 16 + 1 : dstLen;
  check.buffers(c, burstSpanBytes(p.blockCount, srcPitch, srcLen),
                p.blockCount == 0 || burstElems == 0 ? 0 : (p.blockCount - 1) * dstPitch + dstLastEnd);
  if (check.failed()) return check.rejection();
  const auto [from, to] = operandsOf(c, src, dst);
  if (e.deqScale == DeqScale::none) {
    copyBursts(to, dstPitch, from, srcPitch, p.blockCount, srcLen);
    if (e.isRelu) {
      for (std::uint64_t i = 0; i < p.blockCount; ++i) relu(to + i * dstPitch, srcLen, c.dtype);
    }
    return {};
  }
  std::array<QuantParam, 16> params{};
  for (std::uint64_t i = 0; i < p.blockCount; ++i) {
    for (std::uint64_t col = 0; col < 16; ++col) {  // V*: entry col (AMB-13: or 16*i + col)
      const std::uint64_t raw = isPerColumn(e.deqScale) ? e.deqTensor[(k.vdeqAdvance ? 16 * i : 0) + col] : e.deqValue;
      params[col] = decodeQuantParam(raw, c.dtype, k);
    }
    const std::uint8_t* in = from + i * srcPitch;
    std::uint8_t* out = to + i * dstPitch;
    for (std::uint64_t j = 0; j < burstElems; ++j) {
      std::uint64_t x = 0;
      std::memcpy(&x, in + j * su, su);
      const std::uint64_t y = convertElement(x, params[j % 16], e, u, c.dtype, k);
      const std::uint64_t at = halfSlots ? 32 * (j / 16) + slotOffset + j % 16 : j * st;
      std::memcpy(out + at, &y, st);
    }
  }
  return {};
}

}  // namespace dcconf::backends::fast
