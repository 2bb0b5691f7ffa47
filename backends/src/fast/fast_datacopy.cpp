// DataCopy 0-level (DC-1, DC-2) and 2-level (DC-3) in the fast backend: whole 32-byte blocks, one memcpy per block,
// or a single memcpy when neither side has a stride.
#include "fast_common.hpp"

namespace dcconf::backends::fast {

RunResult runCopy0Level(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) {
  const auto& p = std::get<oracle::DataCopyParams>(c.params);
  const std::uint64_t lowest = c.profile.zeroCount == oracle::Profile::ZeroCount::hwNoop ? 0 : 1;  // AMB-1
  Checker check;
  check.range("DC-1", "params.blockCount", p.blockCount, lowest, 4095, kAmb1Note);
  check.range("DC-1", "params.blockLen", p.blockLen, lowest, 65535, kAmb1Note);
  // DC-2: every quantity is in 32-byte blocks
  const std::uint64_t blockBytes = kBlock32Bytes * p.blockLen;
  const std::uint64_t srcPitchBytes = kBlock32Bytes * (std::uint64_t{p.blockLen} + p.srcStride);
  const std::uint64_t dstPitchBytes = kBlock32Bytes * (std::uint64_t{p.blockLen} + p.dstStride);
  check.buffers(c, burstSpanBytes(p.blockCount, srcPitchBytes, blockBytes),
                burstSpanBytes(p.blockCount, dstPitchBytes, blockBytes));
  if (check.failed()) return check.rejection();
  const auto [from, to] = operandsOf(c, src, dst);
  copyBursts(to, dstPitchBytes, from, srcPitchBytes, p.blockCount, blockBytes);
  return {};
}

RunResult runCopy2Level(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) {
  const std::uint64_t calCount = std::get<oracle::CalCount>(c.params).calCount;
  // DC-3: floor(calCount*s/32) whole blocks; a remainder under 32 bytes is dropped
  std::uint64_t blocks = calCount * oracle::sizeBytes(c.dtype) / kBlock32Bytes;
  Checker check;
  if (c.profile.calCountOverflow == oracle::Profile::CalCountOverflow::hwWrap) {
    blocks %= 65536;  // AMB-4 hw-wrap: the 16-bit block count wraps
  } else {
    check.require(blocks <= 65535, "DC-3", "params.calCount", calCount,
                  "calCount*sizeof(T)/32 = " + std::to_string(blocks) + " blocks exceeds 65535 (AMB-4)");
  }
  const std::uint64_t moveBytes = kBlock32Bytes * blocks;
  check.buffers(c, moveBytes, moveBytes);
  if (check.failed()) return check.rejection();
  const auto [from, to] = operandsOf(c, src, dst);
  copyBursts(to, moveBytes, from, moveBytes, 1, moveBytes);
  return {};
}

}  // namespace dcconf::backends::fast
