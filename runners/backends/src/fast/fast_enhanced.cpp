// Enhanced DataCopy data movement (ENH-1, ENH-3) in the fast backend: NORMAL is the 32-byte block copy on the
// normal paths; MATRIX / VECTOR / SMALL_CHANNEL on CO1->CO2 are block copies in their own units; isRelu clears
// negative elements after the copy (word at a time by width).
#include <cstring>

#include "fast_common.hpp"

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

RunResult runEnhancedCo1ToCo2(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) {
  const auto& p = std::get<oracle::DataCopyParams>(c.params);
  const DataCopyEnhancedParams& e = *c.enhancedParams;
  const std::uint64_t s = oracle::sizeBytes(c.dtype);
  Checker check;
  checkBlocks(check, c, p);
  // tables 7/8: unit (bytes) of a block and of the source stride; the destination stride is in 32 bytes
  std::uint64_t unit = 0;
  std::uint64_t srcUnit = 0;
  switch (e.blockMode) {
    case BlockMode::matrix: unit = srcUnit = 16 * 16 * s; break;
    case BlockMode::vector: unit = 16 * s, srcUnit = 16 * 16 * s; break;
    case BlockMode::smallChannel: unit = srcUnit = 16 * 4 * s; break;
    case BlockMode::normal:
    case BlockMode::depthwise: break;
  }
  check.require(unit != 0, "ENH-1", "enhancedParams.blockMode", static_cast<std::uint64_t>(e.blockMode),
                modeName(e.blockMode) + " is not a CO1->CO2 mode this part supports");
  check.require(e.padMode == 0, "ENH-1", "enhancedParams.padMode", e.padMode, "padMode is not supported yet");
  if (check.failed()) return check.rejection();
  const std::uint64_t lenBytes = unit * p.blockLen;
  const std::uint64_t srcPitch = lenBytes + srcUnit * p.srcStride;
  const std::uint64_t dstPitch = lenBytes + kBlock32Bytes * p.dstStride;
  check.buffers(c, burstSpanBytes(p.blockCount, srcPitch, lenBytes), burstSpanBytes(p.blockCount, dstPitch, lenBytes));
  if (check.failed()) return check.rejection();
  const auto [from, to] = operandsOf(c, src, dst);
  copyBursts(to, dstPitch, from, srcPitch, p.blockCount, lenBytes);
  if (e.isRelu) {
    for (std::uint64_t i = 0; i < p.blockCount; ++i) relu(to + i * dstPitch, lenBytes, c.dtype);
  }
  return {};
}

}  // namespace dcconf::backends::fast
