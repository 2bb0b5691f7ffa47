// =====================================================================================================================
// DataCopyPad, GM -> VECIN/VECOUT                                              SEMANTICS section 1, clauses PAD-G2U-*
// =====================================================================================================================
// @post every UB block i starts at i*(W + 32*dstStride) and holds, in order: L*s bytes of left pad, the blockLen
//       source bytes of GM block i verbatim, R*s bytes of right pad, then dummy bytes up to W = AlignUp(P + B, 32).
// @post pad bytes are paddingValue when isPad, else the pad register when the case sets one, else ANY.
// @post dummy bytes follow the AMB-2 profile.
// @post the dstStride gaps and everything outside the blocks are untouched (G-1).
#include "paths.hpp"

namespace dcconf::oracle::detail {
namespace {

// PAD-G2U-2
struct Geometry {
  std::uint64_t leftPadBytes, rightPadBytes, padBytes, ubBlockBytes;
};
Geometry geometry(const PadBlocks& blocks, const PadFill& fill, std::uint64_t elementBytes) {
  const std::uint64_t left = fill.leftPadding * elementBytes;
  const std::uint64_t right = fill.rightPadding * elementBytes;
  return {left, right, left + right, alignUp(left + right + blocks.blockLenBytes, kDataBlockBytes)};
}

std::vector<Violation> check(const Case& c) {
  std::vector<Violation> out;
  checkPadGmToUb(out, "PAD-G2U-1", c);
  return out;
}

Extents extents(const Case& c) {
  const PadBlocks blocks = padBlocks(c.params);
  if (blocks.blockCount == 0 || blocks.blockLenBytes == 0) return {};  // AMB-1 hw-noop
  const Geometry g = geometry(blocks, padFill(c.padParams), sizeBytes(c.dtype));
  const std::uint64_t last = blocks.blockCount - 1;
  return {last * (blocks.blockLenBytes + blocks.srcStride) + blocks.blockLenBytes,
          last * (g.ubBlockBytes + kDataBlockBytes * blocks.dstStride) + g.ubBlockBytes};
}

void walk(const Case& c, WriteSink& sink) {
  ByteWriter out(sink);
  const PadBlocks blocks = padBlocks(c.params);
  const PadFill fill = padFill(c.padParams);
  const std::uint64_t s = sizeBytes(c.dtype);
  const std::uint64_t B = blocks.blockLenBytes;
  const Geometry g = geometry(blocks, fill, s);
  if (blocks.blockCount == 0 || B == 0) return;  // AMB-1 hw-noop: nothing moves

  // PAD-G2U-4: the value of pad byte k, counted from the start of its pad run.
  auto padByte = [&](std::uint64_t k) {
    if (fill.isPad) return ByteSource::fromLiteral(elementByte(fill.paddingValue, k % s));
    if (c.padRegister) return ByteSource::fromLiteral(elementByte(*c.padRegister, k % s));
    return ByteSource::any();
  };
  // PAD-G2U-5 (AMB-2): dummy byte k, counted from the start of the dummy run, of the block read at srcBlock.
  auto dummyByte = [&](std::uint64_t srcBlock, std::uint64_t k) {
    switch (c.profile.padDummy) {
      case Profile::PadDummy::any:
        return ByteSource::any();
      case Profile::PadDummy::docDummy:
        if (fill.leftPadding == 0 && fill.rightPadding == 0) {
          // the block's first element, repeated; a block shorter than one element leaves the rest unknown
          return k % s < B ? ByteSource::fromSource(srcBlock + k % s) : ByteSource::any();
        }
        return fill.isPad ? ByteSource::fromLiteral(elementByte(fill.paddingValue, k % s)) : ByteSource::any();
      case Profile::PadDummy::padDummy:
        return fill.isPad ? ByteSource::fromLiteral(elementByte(fill.paddingValue, k % s)) : ByteSource::any();
    }
    return ByteSource::any();
  };

  for (std::uint64_t i = 0; i < blocks.blockCount; ++i) {
    const std::uint64_t srcBlock = i * (B + blocks.srcStride);                          // PAD-G2U-2, GM bytes
    const std::uint64_t dstBlock = i * (g.ubBlockBytes + kDataBlockBytes * blocks.dstStride);  // UB blocks
    std::uint64_t at = 0;
    for (std::uint64_t k = 0; k < g.leftPadBytes; ++k) out.write(dstBlock + at++, padByte(k), Region::leftPad);
    out.writeSourceRun(dstBlock + at, srcBlock, B, Region::data);
    at += B;
    for (std::uint64_t k = 0; k < g.rightPadBytes; ++k) out.write(dstBlock + at++, padByte(k), Region::rightPad);
    for (std::uint64_t k = 0; at < g.ubBlockBytes; ++k) out.write(dstBlock + at++, dummyByte(srcBlock, k), Region::dummy);
  }
}

}  // namespace

const PathSemantics& padGmToUbSemantics() {
  static const PathSemantics semantics{check, extents, walk};
  return semantics;
}

// ---- shared with PAD-U2G, PAD-U2L1 and PAD-CMP --------------------------------------------------------------------

PadFill padFill(const PadParams& params) {
  if (const auto* ext = std::get_if<DataCopyPadExtParams>(&params)) {
    return {ext->isPad, ext->leftPadding, ext->rightPadding, ext->paddingValue};
  }
  const auto& plain = std::get<DataCopyPadParams>(params);
  return {plain.isPad, plain.leftPadding, plain.rightPadding, plain.paddingValue};
}

// PAD-G2U-1's parameter rules, under the caller's clause id (PaddingMode::Compact takes them too: PAD-CMP-1).
void checkPadGmToUb(std::vector<Violation>& out, const char* clause, const Case& c) {
  const PadBlocks blocks = padBlocks(c.params);
  const PadFill fill = padFill(c.padParams);
  const std::uint64_t s = sizeBytes(c.dtype);
  checkPadBlocks(out, clause, blocks, c.profile);
  if (fill.leftPadding * s > 32) {
    out.push_back(violation(clause, "padParams.leftPadding", fill.leftPadding,
                            "leftPadding * sizeof(T) must be <= 32 bytes (sizeof(T) = " + std::to_string(s) + ")"));
  }
  if (fill.rightPadding * s > 32) {
    out.push_back(violation(clause, "padParams.rightPadding", fill.rightPadding,
                            "rightPadding * sizeof(T) must be <= 32 bytes (sizeof(T) = " + std::to_string(s) + ")"));
  }
  // PAD-G2U-1 (the vendor's kernel_operator_data_copy_check.h): blockLen a multiple of sizeof(T) (AMB-17)
  if (blocks.blockLenBytes % s != 0 && c.profile.padBlockLen == Profile::PadBlockLen::elementMultiple) {
    out.push_back(violation(clause, "params.blockLen", blocks.blockLenBytes,
                            "blockLen must be a multiple of sizeof(T) = " + std::to_string(s) +
                                " bytes (AMB-17: profile byte-len accepts it)"));
  }
  // ... and the non-Ext DataCopyPadParams' paddingValue 0 (AMB-18); reported once with the 64-bit rule
  const bool plain = std::holds_alternative<DataCopyPadParams>(c.padParams);
  if (plain && fill.paddingValue != 0 && c.profile.padRawValue == Profile::PadRawValue::reject) {
    out.push_back(violation(clause, "padParams.paddingValue", fill.paddingValue,
                            "the non-Ext DataCopyPadParams needs paddingValue 0 (AMB-18: profile pad-raw takes its "
                            "low sizeof(T) bytes)"));
  } else if (s == 8 && fill.paddingValue != 0) {
    out.push_back(violation(clause, "padParams.paddingValue", fill.paddingValue,
                            "paddingValue must be 0 for a 64-bit T"));
  }
}

PadBlocks padBlocks(const CopyParams& params) {
  if (const auto* ext = std::get_if<DataCopyExtParams>(&params)) {
    return {ext->blockCount, ext->blockLen, ext->srcStride, ext->dstStride, true};
  }
  const auto& plain = std::get<DataCopyParams>(params);
  return {plain.blockCount, plain.blockLen, plain.srcStride, plain.dstStride, false};
}

void checkPadBlocks(std::vector<Violation>& out, const char* clause, const PadBlocks& blocks, const Profile& profile) {
  const bool noopAllowed = profile.zeroCount == Profile::ZeroCount::hwNoop;  // AMB-1
  requireRange(out, clause, "params.blockCount", blocks.blockCount, noopAllowed ? 0 : 1, 4095, kAmb1Note);
  if (blocks.blockLenBytes == 0 && !noopAllowed) {
    out.push_back(violation(clause, "params.blockLen", 0, std::string("blockLen must be >= 1 byte") + kAmb1Note));
  }
  if (blocks.isExt && blocks.blockLenBytes > 2097151) {
    out.push_back(violation(clause, "params.blockLen", blocks.blockLenBytes,
                            "DataCopyExtParams.blockLen must be <= 2097151 bytes"));
  }
}

}  // namespace dcconf::oracle::detail
