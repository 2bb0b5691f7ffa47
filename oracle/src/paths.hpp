// Internal contract between the dispatcher (oracle.cpp) and the one-file-per-path semantics.
// A path describes its writes as a walk: for each destination byte it emits where the value comes from. The same
// walk yields the footprint and the expectation, so the two can never disagree.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "dcconf/oracle/case.hpp"
#include "dcconf/oracle/expectation.hpp"
#include "dcconf/oracle/oracle.hpp"

namespace dcconf::oracle::detail {

struct ByteSource {
  // rectified: byte srcByte of max(x, 0) where x is the source element of type dtype holding that byte (ENH-3
  // isRelu); the element starts at a multiple of sizeof(dtype) from the copy's source start.
  enum class Kind : std::uint8_t { source, literal, unspecified, rectified };
  Kind kind = Kind::unspecified;
  std::uint64_t srcByte = 0;  // Kind::source, Kind::rectified: byte index from the copy's source start
  std::uint8_t literal = 0;   // Kind::literal
  DType dtype = DType::uint8_t;  // Kind::rectified

  static ByteSource fromSource(std::uint64_t byte) { return {Kind::source, byte, 0, DType::uint8_t}; }
  static ByteSource fromLiteral(std::uint8_t value) { return {Kind::literal, 0, value, DType::uint8_t}; }
  static ByteSource rectified(std::uint64_t byte, DType dtype) { return {Kind::rectified, byte, 0, dtype}; }
  static ByteSource any() { return {}; }
};

// ENH-3 / FIX-6 ReLU of one element's raw bits: the result bits, or nullopt where the sources do not pin the
// result down (NaN, and -0.0 whose max with 0 may be either zero).
std::optional<std::uint64_t> rectifiedBits(DType dtype, std::uint64_t bits);

// Destination byte indices are from the copy's destination start.
class WriteSink {
 public:
  virtual ~WriteSink() = default;
  virtual void write(std::uint64_t dstByte, ByteSource source, Region region) = 0;
  // FIX: an element the walk computes with (bytes [srcByte, srcByte + size) from the copy's source start, marked as
  // read). nullopt when the sink only records the footprint: the walk then emits anything for the value.
  virtual std::optional<std::uint64_t> readElement(std::uint64_t /*srcByte*/, std::uint32_t /*size*/) {
    return std::nullopt;
  }
};

// Byte b of an element whose raw bits are elementBits: little-endian, so the low byte first.
inline std::uint8_t elementByte(std::uint64_t elementBits, std::uint64_t byteInElement) {
  return static_cast<std::uint8_t>(elementBits >> (8 * byteInElement));
}

inline Violation violation(std::string clause, std::string field, std::uint64_t value, std::string message) {
  return {std::move(clause), std::move(field), std::to_string(value), std::move(message)};
}

// Appends a violation when value is outside [lo, hi]; note is appended to the message when value is 0.
void requireRange(std::vector<Violation>& out, const char* clause, const char* field, std::uint64_t value,
                  std::uint64_t lo, std::uint64_t hi, const char* zeroNote = "");
inline constexpr const char* kAmb1Note = " (AMB-1: profile hw-noop accepts 0 as a no-op)";

// One documented operation: constraints, the extents of a valid call, and the walk of its writes.
struct PathSemantics {
  std::vector<Violation> (*check)(const Case&);
  Extents (*extents)(const Case&);
  void (*walk)(const Case&, WriteSink&);
};

const PathSemantics& padGmToUbSemantics();
const PathSemantics& padUbToGmSemantics();
const PathSemantics& padUbToTscmSemantics();
const PathSemantics& copy0LevelSemantics();
const PathSemantics& copy2LevelSemantics();
const PathSemantics& nd2nzSemantics();
const PathSemantics& nz2ndSemantics();
const PathSemantics& sliceSemantics();
const PathSemantics& dn2nzSemantics();
const PathSemantics& enhancedNormalSemantics();
const PathSemantics& enhancedCo1ToCo2Semantics();
const PathSemantics& fixpipeSemantics();

// ---- shared pieces used by more than one path ------------------------------------------------------------------

// DataCopyParams and DataCopyExtParams, widened; DataCopyPad reads both the same way.
struct PadBlocks {
  std::uint64_t blockCount = 0;
  std::uint64_t blockLenBytes = 0;
  std::uint64_t srcStride = 0;  // unit depends on the side: bytes on GM, 32-byte blocks on UB
  std::uint64_t dstStride = 0;
  bool isExt = false;
};
PadBlocks padBlocks(const CopyParams& params);

// PAD-G2U-1 / PAD-U2G-1 block constraints (shared wording, the caller's clause id).
void checkPadBlocks(std::vector<Violation>& out, const char* clause, const PadBlocks& blocks, const Profile& profile);

// PAD-U2G-2 walk with the GM-side stride unit given, so PAD-U2L1 can reuse it with AMB-3.
void walkUbToGmBlocks(const PadBlocks& blocks, std::uint64_t dstStrideUnitBytes, WriteSink& sink);
Extents ubToGmExtents(const PadBlocks& blocks, std::uint64_t dstStrideUnitBytes);

// ND2NZ-1 ranges, with the field prefix ("params." or "nd2nzParams.").
void checkNd2NzRanges(std::vector<Violation>& out, const std::string& prefix, const Nd2NzParams& p,
                      const Profile& profile);
// ND2NZ-2/3 over an arbitrary source of bytes (PAD-U2L1 feeds it its GM workspace).
void walkNd2Nz(const Nd2NzParams& p, std::uint32_t elementBytes, WriteSink& sink,
               const std::function<ByteSource(std::uint64_t srcByte)>& sourceOf);
Extents nd2nzExtents(const Nd2NzParams& p, std::uint32_t elementBytes);

// DC-2 blocks in 32-byte units; the enhanced NORMAL mode reuses them (ENH-1).
struct Blocks32 {
  std::uint64_t blockCount = 0;
  std::uint64_t blockLenBlocks32 = 0;
  std::uint64_t srcStrideBlocks32 = 0;
  std::uint64_t dstStrideBlocks32 = 0;
};
void checkDataCopyParams(std::vector<Violation>& out, const char* clause, const DataCopyParams& p,
                         const Profile& profile);
void walkBlocks32(const Blocks32& b, WriteSink& sink);
Extents blocks32Extents(const Blocks32& b);

}  // namespace dcconf::oracle::detail
