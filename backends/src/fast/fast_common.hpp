// Internal to the fast backend: clause-naming parameter checks, burst copies and pattern fills shared by its paths.
// The fast backend is an implementation under test written from SEMANTICS.md, not from the oracle's walks: it uses
// only the oracle's plain types (Case, params, sizeBytes, alignUp, isLocal).
#pragma once

#include <bit>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

#include "dcconf/backends/backend.hpp"
#include "dcconf/oracle/case.hpp"

namespace dcconf::backends::fast {

// Pad values arrive as raw little-endian bits; on a little-endian host a memcpy of them is already the UB image.
static_assert(std::endian::native == std::endian::little, "the fast backend assumes a little-endian host");

inline constexpr std::uint64_t kBlock32Bytes = oracle::kDataBlockBytes;

// The copy's operands, already advanced to the case's start offsets (valid only after Checker::buffers passed).
struct Operands {
  const std::uint8_t* src;
  std::uint8_t* dst;
};
Operands operandsOf(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst);

// G-4: stops at the first broken clause and words it as one line, "PAD-G2U-1: padParams.leftPadding = 17: why".
class Checker {
 public:
  void require(bool holds, std::string_view clause, std::string_view field, std::uint64_t value, std::string_view rule);
  void range(std::string_view clause, std::string_view field, std::uint64_t value, std::uint64_t lo, std::uint64_t hi,
             std::string_view zeroNote = "");
  // G-5 (local operand starts are 32-byte aligned), then G-2/G-1 ([offset, offset + span) inside each buffer).
  void buffers(const oracle::Case& c, std::uint64_t srcSpanBytes, std::uint64_t dstSpanBytes);
  bool failed() const { return !detail_.empty(); }
  RunResult rejection() const { return {RunStatus::rejected, detail_}; }

 private:
  std::string detail_;
};
inline constexpr std::string_view kAmb1Note = " (AMB-1: profile hw-noop accepts 0)";

// Bytes spanned by count bursts of lenBytes, pitchBytes apart (0 when nothing moves).
constexpr std::uint64_t burstSpanBytes(std::uint64_t count, std::uint64_t pitchBytes, std::uint64_t lenBytes) {
  return count == 0 || lenBytes == 0 ? 0 : (count - 1) * pitchBytes + lenBytes;
}

// count bursts of lenBytes: one memcpy each, or a single memcpy when neither side has gaps.
void copyBursts(std::uint8_t* dst, std::uint64_t dstPitchBytes, const std::uint8_t* src, std::uint64_t srcPitchBytes,
                std::uint64_t count, std::uint64_t lenBytes);

// Outputs of at least this many bytes are written with non-temporal (streaming) stores where every store is 16-byte
// aligned: they would leave the cache before anyone reads them, and streaming skips each line's read for ownership.
inline constexpr std::uint64_t kStreamingBytes = std::uint64_t{8} << 20;
// A cache line: the granule of the prefetches and of whole-line streaming.
inline constexpr std::uint64_t kLineBytes = 64;
// Whether an output of totalBytes at dst, written at offsets that are sums of the pitches, can be streamed.
bool streamable(const std::uint8_t* dst, std::uint64_t totalBytes, std::initializer_list<std::uint64_t> pitches);
// After streaming stores: orders them before anything the caller does next.
void streamFence();

// 8 bytes holding the element (elementBytes in {1, 2, 4, 8}) repeated, so a pattern fill is word stores.
std::uint64_t splatElement(std::uint64_t elementBits, std::uint32_t elementBytes);
// lenBytes of word repeated, starting at its low byte (the fills here are under 64 bytes).
void fillWord(std::uint8_t* dst, std::uint64_t lenBytes, std::uint64_t word);

// ---- ND2NZ core, shared by DataCopy ND2NZ and DataCopyPad UB->TSCM ------------------------------------------------

// ND2NZ-1 ranges (and AMB-6), fields named with prefix ("params." or "nd2nzParams.").
void checkNd2Nz(Checker& check, std::string_view prefix, const oracle::Nd2NzParams& p, const oracle::Profile& profile);
struct SpanBytes {
  std::uint64_t src = 0;
  std::uint64_t dst = 0;
};
SpanBytes nd2nzSpans(const oracle::Nd2NzParams& p, std::uint32_t elementBytes);
// ND2NZ-2/3. Source bytes at or past srcLimitBytes are unspecified (PAD-U2L1's unwritten workspace): the elements
// they feed are skipped, never read.
void nd2nz(std::uint8_t* dst, const std::uint8_t* src, std::uint64_t srcLimitBytes, const oracle::Nd2NzParams& p,
           std::uint32_t elementBytes);

// ---- the paths ----------------------------------------------------------------------------------------------------

RunResult runPadGmToUb(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst);
RunResult runPadUbToGm(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst);
RunResult runPadUbToTscm(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst);
RunResult runPadCompactGmToUb(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst);
RunResult runPadCompactUbToGm(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst);
// LOOP (Ascend 950): the DataCopyPad call of `operation` repeated over SetLoopModePara's two loop levels.
RunResult runPadLoopMode(const oracle::Case& c, oracle::Operation operation, std::span<const std::uint8_t> src,
                         std::span<std::uint8_t> dst);
// ATOM (project): `plain` (the call's own run) under SetAtomicAdd/Max/Min<T>(): each element it writes whole becomes
// op(prior content, written value).
RunResult runAtomic(const oracle::Case& c, oracle::Operation operation, std::span<const std::uint8_t> src,
                    std::span<std::uint8_t> dst,
                    RunResult (*plain)(const oracle::Case&, std::span<const std::uint8_t>, std::span<std::uint8_t>));
RunResult runCopy0Level(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst);
RunResult runCopy2Level(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst);
RunResult runNd2Nz(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst);
RunResult runNd2NzGmToUb(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst);
RunResult runBroadcastUbToL0c(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst);
RunResult runNz2Nd(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst);
RunResult runSlice(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst);
RunResult runDn2Nz(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst);
RunResult runEnhancedNormal(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst);
RunResult runEnhancedCo1ToCo2(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst);
RunResult runFixpipe(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst);
RunResult runNdDma(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst);
RunResult runFixpipe950(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst);

}  // namespace dcconf::backends::fast
