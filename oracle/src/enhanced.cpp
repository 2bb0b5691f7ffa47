// =====================================================================================================================
// Enhanced DataCopy (DataCopyParams + DataCopyEnhancedParams), data movement       SEMANTICS section 9, clauses ENH-*
// =====================================================================================================================
// ENH-1 block units (tables 6-8; s = sizeof(T), 2 or 4 on CO1->CO2):
//   NORMAL (every path but CO1->CO2): as DC: block 32 B, strides 32 B.
//   MATRIX (CO1->CO2): block = one 16x16 fractal = 256*s B (512 / 1024); srcStride in fractals; dstStride 32 B.
//   VECTOR (CO1->CO2): block = one 1x16 row = 16*s B (32 / 64); srcStride 256*s B (512 / 1024); dstStride 32 B.
//   SMALL_CHANNEL (CO1->CO2): block = one 16x4 fractal = 64*s B (128 / 256), derived like MATRIX; srcStride in
//   the same unit; dstStride 32 B.
// @post block i: blockLen blocks at src + i*(blockLen*block + srcStride*srcUnit) land at
//       dst + i*(blockLen*block + 32*dstStride); everything else is untouched.
// @post (ENH-3) isRelu on CO1->CO2 without deqScale: each element is max(x, 0) (FIX-6's "ReLU without quant");
//       unsigned types pass unchanged; a NaN or -0.0 source element gives ANY (the sources do not pin it down).
// Rejected (ENH-1): DEPTHWISE ("当前暂不支持"), padMode != PAD_NONE ("当前暂不支持"), NORMAL on CO1->CO2, the
// CO1->CO2 modes elsewhere. deqScale and isRelu are CO1->CO2 only (ENH-2, ENH-3). deqScale != DEQ_NONE on CO1->CO2
// is NOT_SUPPORTED by this oracle (clause ENH-2; the conversion arithmetic lands with issue 7): see checkSupport.
#include <cmath>

#include "dcconf/oracle/numeric.hpp"
#include "paths.hpp"

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
  checkPadMode(out, e);
  return out;
}

Blocks32 normalBlocks(const Case& c) {
  const auto& p = std::get<DataCopyParams>(c.params);
  return {p.blockCount, p.blockLen, p.srcStride, p.dstStride};
}
Extents extentsNormal(const Case& c) { return blocks32Extents(normalBlocks(c)); }
void walkNormal(const Case& c, WriteSink& sink) { walkBlocks32(normalBlocks(c), sink); }

// ---- CO1 -> CO2 ----

struct Units {
  std::uint64_t blockBytes;
  std::uint64_t srcStrideBytes;
};
// ENH-1, tables 7 and 8 (SMALL_CHANNEL derived from its 16x4 fractal)
Units co1Units(BlockMode mode, std::uint64_t s) {
  switch (mode) {
    case BlockMode::matrix: return {256 * s, 256 * s};
    case BlockMode::vector: return {16 * s, 256 * s};
    case BlockMode::smallChannel: return {64 * s, 64 * s};
    case BlockMode::normal:
    case BlockMode::depthwise: break;
  }
  return {kDataBlockBytes, kDataBlockBytes};  // rejected by checkCo1 before any use
}

std::vector<Violation> checkCo1(const Case& c) {
  std::vector<Violation> out;
  const auto& e = enhancedOf(c);
  checkDataCopyParams(out, "DC-1", std::get<DataCopyParams>(c.params), c.profile);
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
  return out;
}

struct Co1Blocks {
  std::uint64_t count, lenBlocks, srcStride, dstStride;
  Units units;
};
Co1Blocks co1Blocks(const Case& c) {
  const auto& p = std::get<DataCopyParams>(c.params);
  return {p.blockCount, p.blockLen, p.srcStride, p.dstStride, co1Units(enhancedOf(c).blockMode, sizeBytes(c.dtype))};
}

Extents extentsCo1(const Case& c) {
  const Co1Blocks b = co1Blocks(c);
  if (b.count == 0 || b.lenBlocks == 0) return {};
  const std::uint64_t lenBytes = b.lenBlocks * b.units.blockBytes;
  return {(b.count - 1) * (lenBytes + b.srcStride * b.units.srcStrideBytes) + lenBytes,
          (b.count - 1) * (lenBytes + kDataBlockBytes * b.dstStride) + lenBytes};
}

void walkCo1(const Case& c, WriteSink& sink) {
  const Co1Blocks b = co1Blocks(c);
  const bool relu = enhancedOf(c).isRelu;
  const std::uint64_t lenBytes = b.lenBlocks * b.units.blockBytes;
  for (std::uint64_t i = 0; i < b.count; ++i) {
    const std::uint64_t from = i * (lenBytes + b.srcStride * b.units.srcStrideBytes);
    const std::uint64_t to = i * (lenBytes + kDataBlockBytes * b.dstStride);
    for (std::uint64_t k = 0; k < lenBytes; ++k) {
      sink.write(to + k, relu ? ByteSource::rectified(from + k, c.dtype) : ByteSource::fromSource(from + k),
                 Region::data);
    }
  }
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
