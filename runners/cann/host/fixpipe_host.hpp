// FIX (SEMANTICS section 10) on a real device: what the host prepares for kernels/fixpipe.asc (docs/cann.md, "FIX").
// L0C cannot be written from GM, so the kernel computes L0C = A x B on the cube with B an identity; the host builds
// A and B (the layout is in dcconf_cann_tiling.h) and skips vectors the route cannot place exactly or the kernel
// cannot express. The V* quant tensor travels in the aux buffer, padded to whole fixpipe-buffer bursts.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dcconf/oracle/case.hpp"
#include "dcconf/vectors/vectors.hpp"

namespace dcconf::cann {

// L0C bytes the kernel fills: the source device buffer rounded up to whole 16x16 fractals of 4-byte elements.
std::uint64_t fixL0cBytes(const oracle::Case& c);
// The FIX kernel's source buffer: A (fixL0cBytes / 2: one 32-byte L0A row per 16 elements) then B (512).
std::uint64_t fixOperandBytes(const oracle::Case& c);
// A and B for the vector's source: element e of [src.offset, src.size) as int8 (int32_t U) or half (float U) at
// L0A row e/16, column e%16 when exact in that type, else 0; every other A byte 0; B the K0 x 16 identity in L0B's
// column-major (ZN) fractal. Run it on vectors fixpipeProblem accepts (every element the call reads is exact).
std::vector<std::uint8_t> fixMmadOperands(const oracle::Case& c, std::span<const std::uint8_t> src);

// Why the FIX or FIX950 kernel cannot run the vector exactly, or nullopt: an element the call reads (oracle read
// footprint; from src.offset on for an invalid case) that the Mmad route changes (int32 outside
// [-128, 127]; a float half does not hold, -0.0, an infinity or NaN: inf x 0 is NaN); FIX only: a V* tensor wider
// than one fixpipe buffer (nSize > 256), an nz2nd stride SetFixpipeNz2ndFlag cannot take (srcNdStride > 512,
// dstNdStride > 65535).
std::optional<std::string> fixpipeProblem(const vectors::Vector& v);
// Why the fixpipe_950_ub entry cannot stage the destination, whatever loads L0C: a dual-destination buffer (FIX950-9)
// whose halves are not whole 32-byte blocks (each AIV stages and reads back its UB half in whole blocks).
std::optional<std::string> fix950UbProblem(const oracle::Case& c);

// L1 bytes the kernel stages the V* quant tensor in: FIX moves at most one fixpipe buffer load (256 entries) through
// L1; FIX950 passes the whole tensor to Fixpipe as its L1 cbufWorkspace (the 950 impl tiles N itself), in bursts.
std::uint64_t fixQuantL1Bytes(const oracle::Case& c);

// The aux device buffer: the aux bytes zero-padded to whole 128-byte fixpipe-buffer bursts, which the kernel stages.
std::uint64_t auxDeviceBytes(std::uint64_t auxBytes);

}  // namespace dcconf::cann
