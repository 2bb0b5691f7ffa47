// The fast backend: dispatch to one file per family (fast/fast_pad.cpp, fast_datacopy.cpp, fast_layout.cpp,
// fast_slice.cpp, fast_dn2nz.cpp, fast_enhanced.cpp, fast_fixpipe.cpp) and
// the helpers they share. Support is the product table (oracle::checkSupport); everything else is its own.
#include <algorithm>
#include <cstring>
#include <limits>

#include "dcconf/backends/backend.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "fast/fast_common.hpp"

namespace dcconf::backends {
namespace fast {

Operands operandsOf(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) {
  return {src.data() + c.src.offsetBytes, dst.data() + c.dst.offsetBytes};
}

void Checker::require(bool holds, std::string_view clause, std::string_view field, std::uint64_t value,
                      std::string_view rule) {
  if (holds || failed()) return;
  detail_.append(clause).append(": ").append(field).append(" = ").append(std::to_string(value)).append(": ");
  detail_.append(rule);
}

void Checker::range(std::string_view clause, std::string_view field, std::uint64_t value, std::uint64_t lo,
                    std::uint64_t hi, std::string_view zeroNote) {
  if (failed() || (value >= lo && value <= hi)) return;
  std::string rule = "must be in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
  if (value == 0) rule += zeroNote;
  require(false, clause, field, value, rule);
}

namespace {
void checkBuffer(Checker& check, std::string_view side, oracle::Position position, const oracle::BufferSpec& buffer,
                 std::uint64_t spanBytes, std::string_view boundsClause) {
  // the messages are made only for a broken rule: loop mode checks every iteration's buffers
  if (oracle::isLocal(position) && buffer.offsetBytes % kBlock32Bytes != 0) {
    check.require(false, "G-5", std::string(side) + ".offset", buffer.offsetBytes,
                  std::string(oracle::name(position)) + " operand start must be 32-byte aligned");
  }
  // offset + span may overflow for hostile offsets: compare by subtraction
  const bool fits = buffer.offsetBytes <= buffer.sizeBytes && spanBytes <= buffer.sizeBytes - buffer.offsetBytes;
  if (!fits) {
    check.require(false, boundsClause, std::string(side) + ".size", buffer.sizeBytes,
                  "buffer too small for " + std::to_string(spanBytes) + " bytes from offset " +
                      std::to_string(buffer.offsetBytes));
  }
}
}  // namespace

void Checker::buffers(const oracle::Case& c, std::uint64_t srcSpanBytes, std::uint64_t dstSpanBytes) {
  checkBuffer(*this, "src", c.srcPos, c.src, srcSpanBytes, "G-2");
  checkBuffer(*this, "dst", c.dstPos, c.dst, dstSpanBytes, "G-1");
}

void copyBursts(std::uint8_t* dst, std::uint64_t dstPitchBytes, const std::uint8_t* src, std::uint64_t srcPitchBytes,
                std::uint64_t count, std::uint64_t lenBytes) {
  if (count == 0 || lenBytes == 0) return;
  if (dstPitchBytes == lenBytes && srcPitchBytes == lenBytes) {  // gapless on both sides: one burst
    std::memcpy(dst, src, count * lenBytes);
    return;
  }
  for (std::uint64_t i = 0; i < count; ++i, dst += dstPitchBytes, src += srcPitchBytes) std::memcpy(dst, src, lenBytes);
}

std::uint64_t splatElement(std::uint64_t elementBits, std::uint32_t elementBytes) {
  switch (elementBytes) {
    case 1: return (elementBits & 0xFFu) * 0x0101010101010101u;
    case 2: return (elementBits & 0xFFFFu) * 0x0001000100010001u;
    case 4: return (elementBits & 0xFFFFFFFFu) * 0x0000000100000001u;
    default: return elementBits;
  }
}

void fillWord(std::uint8_t* dst, std::uint64_t lenBytes, std::uint64_t word) {
  std::uint64_t at = 0;
  for (; at + sizeof word <= lenBytes; at += sizeof word) std::memcpy(dst + at, &word, sizeof word);
  std::memcpy(dst + at, &word, lenBytes - at);
}

}  // namespace fast

namespace {

class FastBackend final : public Backend {
 public:
  std::string name() const override { return "fast"; }
  std::string version() const override { return "1"; }
  bool acceptsSparseBuffers() const override { return true; }  // every path writes block by block
  bool supports(const oracle::Case& c) const override {
    const auto resolution = oracle::resolveOperation(c);
    return resolution.operation && oracle::checkSupport(c, *resolution.operation).empty();
  }
  RunResult run(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) override {
    const auto resolution = oracle::resolveOperation(c);
    if (!resolution.operation) return {RunStatus::error, "CASE: " + resolution.error};
    if (const auto unsupported = oracle::checkSupport(c, *resolution.operation); !unsupported.empty()) {
      return {RunStatus::notSupported, oracle::describe(unsupported.front())};
    }
    // Bounds are checked against the declared sizes, so the spans must be exactly those.
    if (src.size() != c.src.sizeBytes || dst.size() != c.dst.sizeBytes) {
      return {RunStatus::error, "CASE: buffer spans (" + std::to_string(src.size()) + ", " +
                                    std::to_string(dst.size()) + " bytes) differ from the case's sizes"};
    }
    if (c.atomic != oracle::AtomicOp::none) {  // ATOM-1: resolved for the UB->GM DataCopy / DataCopyPad only
      const auto op = *resolution.operation;
      return fast::runAtomic(c, op, src, dst,
                             op == oracle::Operation::padUbToGm    ? fast::runPadUbToGm
                             : op == oracle::Operation::copy2Level ? fast::runCopy2Level
                                                                   : fast::runCopy0Level);
    }
    if (c.loopMode) return fast::runPadLoopMode(c, *resolution.operation, src, dst);  // LOOP: resolved for pads only
    switch (*resolution.operation) {
      case oracle::Operation::padGmToUb: return fast::runPadGmToUb(c, src, dst);
      case oracle::Operation::padUbToGm: return fast::runPadUbToGm(c, src, dst);
      case oracle::Operation::padUbToTscm: return fast::runPadUbToTscm(c, src, dst);
      case oracle::Operation::copy0Level: return fast::runCopy0Level(c, src, dst);
      case oracle::Operation::copy2Level: return fast::runCopy2Level(c, src, dst);
      case oracle::Operation::nd2nz: return fast::runNd2Nz(c, src, dst);
      case oracle::Operation::nz2nd: return fast::runNz2Nd(c, src, dst);
      case oracle::Operation::slice: return fast::runSlice(c, src, dst);
      case oracle::Operation::dn2nz: return fast::runDn2Nz(c, src, dst);
      case oracle::Operation::enhancedNormal: return fast::runEnhancedNormal(c, src, dst);
      case oracle::Operation::enhancedCo1ToCo2: return fast::runEnhancedCo1ToCo2(c, src, dst);
      case oracle::Operation::fixpipe: return fast::runFixpipe(c, src, dst);
      case oracle::Operation::padCompactGmToUb: return fast::runPadCompactGmToUb(c, src, dst);
      case oracle::Operation::padCompactUbToGm: return fast::runPadCompactUbToGm(c, src, dst);
      case oracle::Operation::fixpipe950: return fast::runFixpipe950(c, src, dst);
      case oracle::Operation::nddma: return fast::runNdDma(c, src, dst);
      case oracle::Operation::nd2nzGmToUb: return fast::runNd2NzGmToUb(c, src, dst);
      case oracle::Operation::broadcastUbToL0c: return fast::runBroadcastUbToL0c(c, src, dst);
    }
    return {RunStatus::error, "unknown operation"};
  }
};

}  // namespace

std::unique_ptr<Backend> makeFastBackend() { return std::make_unique<FastBackend>(); }

}  // namespace dcconf::backends
