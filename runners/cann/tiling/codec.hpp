// Host side of the tiling block (dcconf_cann_tiling.h): oracle::Case <-> DcconfCannTiling, and the kernel family
// of a case. encode -> decode is the identity on every case the oracle can describe (tested over every vector of
// the repository's sets and generated cases); decode re-encodes what it read and refuses any byte that differs, so
// a stale, corrupted or foreign block is an error naming the byte's field, never a kernel launch.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dcconf/oracle/case.hpp"
#include "dcconf_cann_tiling.h"

namespace dcconf::cann {

inline constexpr std::uint8_t kDefaultGuardByte = 0xA5;

// One line: "G-1: dst.size = 5000000000: does not fit the tiling's uint32 dstSizeBytes".
struct CodecError {
  std::string clause;   // the clause the field belongs to, or "TILING" for the block's own format
  std::string field;    // case field ("dst.size") or tiling field ("tiling.version")
  std::string value;
  std::string message;
  std::string oneLine() const;
};

// The block plus the aux buffer: the variable-length tensors (FIX quant tensor, then ENH deq tensor).
struct Encoded {
  DcconfCannTiling tiling{};
  std::vector<std::uint64_t> aux;
};

struct EncodeResult {
  std::optional<Encoded> encoded;
  CodecError error;  // when encoded is empty
};
struct DecodeResult {
  std::optional<oracle::Case> c;
  CodecError error;  // when c is empty
};

struct EncodeOptions {
  std::uint8_t guardByte = kDefaultGuardByte;
};

// Fails only on a case the block cannot hold: a malformed call (clause CASE), a buffer over 4 GiB (G-1/G-2), a
// quant / deq tensor whose bytes overflow the aux buffer's uint32 size (FIX-6 / ENH-2), or a call no kernel runs yet,
// refused by name (BRC-1). Compact, loop mode and atomic encode (v2), the GM->UB ND2NZ (ND2NZUB) in the nd2nz
// section, UB->L1 (DC-5, ND2NZ-6; the runner skips it on dav-2201), the 950 Fixpipe (FIX950, CO1->GM and CO1->UB)
// into its own section (v3) and NDDMA in the ndDma section (v3).
EncodeResult encode(const oracle::Case& c, const EncodeOptions& options = {});
// aux: the aux buffer's entries (auxBytes / 8 of them).
DecodeResult decode(const DcconfCannTiling& tiling, std::span<const std::uint64_t> aux = {});

DcconfCannFamily familyOf(oracle::Operation operation);
std::string_view familyName(DcconfCannFamily family);  // "pad-gm-to-ub", ..., as the kernels are named

// The tiling field that holds byte `offset` of the block ("dataCopyExt", "slice", "reserved1", ...).
std::string_view sectionAt(std::size_t offset);

// Device buffer sizes the block records (whole 32-byte blocks; the destination also has the guard tail).
std::uint64_t srcDeviceBytes(const oracle::Case& c);
std::uint64_t dstDeviceBytes(const oracle::Case& c);

}  // namespace dcconf::cann
