// =====================================================================================================================
// FIX on a device: the Mmad operands that load L0C, and what the route cannot run      SEMANTICS section 10 (FIX-1..7)
// =====================================================================================================================
// L0C = A x B with B the identity: C[r][n] = sum_k A[r][k] * B[k][n] = A[r][n], exactly when A[r][n] is the source
// element itself (an int8 for int32_t U, accumulated in int32; a half for float U, accumulated in float) and no
// product is inexact or NaN (inf x 0). L0C holds (r, n) at element 16r + n (NZ, one 16-column block), so row r of A
// carries the source elements 16r..16r+15.
// Only the elements the call reads (the oracle's read footprint, G-2) must be exact; any other element that is not
// exact is placed as 0, which the result cannot depend on.
// @post fixMmadOperands(c, src) has fixOperandBytes(c) bytes; L0C = A x B equals src's exact elements over
//       [src.offset, src.size) and is 0 elsewhere; when fixpipeProblem finds nothing, every element read is exact.
#include "fixpipe_host.hpp"

#include <cmath>
#include <cstring>

#include "dcconf/oracle/numeric.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "codec.hpp"

namespace dcconf::cann {

namespace {

using oracle::Case;
using oracle::DType;

constexpr std::uint64_t kElementBytes = 4;  // U is float or int32_t
constexpr std::uint64_t kRowElements = 16;  // L0C fractal width

bool intU(const Case& c) { return c.fixpipe->srcDType == DType::int32_t; }
// int8 or half: one 32-byte K0 row of A holds 16 elements either way (int8 rows are zero past column 15).
std::uint64_t operandBytes(const Case& c) { return intU(c) ? 1 : 2; }

// A float that Mmad(half, identity) reproduces: half holds it and it is finite and not -0.0 (+0 products lose the
// sign; inf x 0 = NaN spreads to the row's other columns).
bool halfExact(float value) {
  if (!std::isfinite(value) || (value == 0.0f && std::signbit(value))) return false;
  if (value == 0.0f) return true;
  const int exponent = std::ilogb(value);
  if (exponent > 15) return false;
  const float scaled = std::ldexp(value, exponent >= -14 ? 10 - exponent : 24);  // mantissa bits half keeps
  return std::trunc(scaled) == scaled;
}

bool elementExact(const Case& c, std::uint32_t bits) {
  if (intU(c)) {
    const auto value = static_cast<std::int32_t>(bits);
    return value >= -128 && value <= 127;
  }
  float value = 0;
  std::memcpy(&value, &bits, sizeof value);
  return halfExact(value);
}

std::uint32_t elementAt(std::span<const std::uint8_t> src, std::uint64_t at) {
  std::uint32_t bits = 0;
  std::memcpy(&bits, src.data() + at, sizeof bits);
  return bits;
}

bool isVectorQuant(oracle::QuantMode m) {
  return m == oracle::QuantMode::VDEQF16 || m == oracle::QuantMode::VQF322B8_PRE || m == oracle::QuantMode::VREQ8;
}

}  // namespace

std::uint64_t fixL0cBytes(const Case& c) { return DCCONF_CANN_FIX_L0C_BYTES(srcDeviceBytes(c)); }

std::uint64_t fixOperandBytes(const Case& c) { return fixL0cBytes(c) / 2 + DCCONF_CANN_FIX_IDENTITY_BYTES; }

std::vector<std::uint8_t> fixMmadOperands(const Case& c, std::span<const std::uint8_t> src) {
  std::vector<std::uint8_t> out(fixOperandBytes(c), 0);
  const std::uint64_t s = operandBytes(c);
  // A: element e (source byte 4e) at row e/16, column e%16 of 32-byte rows.
  for (std::uint64_t at = c.src.offsetBytes; at + kElementBytes <= c.src.sizeBytes && at + kElementBytes <= src.size();
       at += kElementBytes) {
    const std::uint64_t e = at / kElementBytes;
    const std::uint32_t bits = elementAt(src, at);
    if (!elementExact(c, bits)) continue;  // outside the read footprint (fixpipeProblem screened the rest): 0
    std::uint8_t* cell = out.data() + (e / kRowElements) * DCCONF_CANN_BLOCK_BYTES + (e % kRowElements) * s;
    if (intU(c)) {
      *cell = static_cast<std::uint8_t>(static_cast<std::int8_t>(static_cast<std::int32_t>(bits)));
    } else {
      float value = 0;
      std::memcpy(&value, &bits, sizeof value);
      const std::uint16_t half = oracle::floatToHalfBits(value);
      std::memcpy(cell, &half, sizeof half);
    }
  }
  // B: the K0 x 16 identity, stored column by column (ZN fractal: (k, n) at n*K0 + k), K0 = 32 / s.
  const std::uint64_t k0 = DCCONF_CANN_BLOCK_BYTES / s;
  std::uint8_t* identity = out.data() + fixL0cBytes(c) / 2;
  for (std::uint64_t n = 0; n < kRowElements; ++n) {
    std::uint8_t* one = identity + (n * k0 + n) * s;
    if (intU(c)) {
      *one = 1;
    } else {
      const std::uint16_t halfOne = 0x3C00;
      std::memcpy(one, &halfOne, sizeof halfOne);
    }
  }
  return out;
}

std::optional<std::string> fixpipeProblem(const vectors::Vector& v) {
  const Case& c = v.data.c;
  // Only what the call reads must be exact (G-2); an invalid case (--launch-invalid) is screened from src.offset on.
  const std::vector<oracle::ByteRange> reads = oracle::validate(c).empty()
                                                   ? oracle::footprint(c).reads
                                                   : std::vector{oracle::ByteRange{c.src.offsetBytes, c.src.sizeBytes}};
  for (const oracle::ByteRange& range : reads) {
    for (std::uint64_t at = range.begin / kElementBytes * kElementBytes;
         at < range.end && at + kElementBytes <= v.data.src.size(); at += kElementBytes) {
      if (!elementExact(c, elementAt(v.data.src, at))) {
        return "FIX: src byte " + std::to_string(at) + " holds a " + std::string(oracle::name(c.fixpipe->srcDType)) +
               " that Mmad cannot place in L0C exactly (the kernel loads L0C as source x identity)";
      }
    }
  }
  if (c.fixpipe->layout) return std::nullopt;  // FIX950: Fixpipe tiles N and loads the tensor; no nz2nd register
  const auto& p = std::get<oracle::DataCopyCO12DstParams>(c.params);
  if (isVectorQuant(p.quantPre) && p.nSize > DCCONF_CANN_FB_QUANT_ENTRIES) {
    return "FIX-4: nSize = " + std::to_string(p.nSize) + ": the " + std::string(oracle::name(p.quantPre)) +
           " tensor does not fit one fixpipe buffer load (256 entries; the kernel loads it once)";
  }
  const oracle::Nz2ndRegister reg = oracle::nz2ndRegister(c.product);  // FIX-2; whole fields on the 950 (FIX-8)
  if (p.nz2ndEn && c.fixpipe->srcNdStride > reg.maxSrcNdStride) {
    return "FIX-2: fixpipe.srcNdStride = " + std::to_string(c.fixpipe->srcNdStride) +
           ": SetFixpipeNz2ndFlag checks srcNdStride <= 512";
  }
  if (p.nz2ndEn && c.fixpipe->dstNdStride > reg.maxDstNdStride) {
    return "FIX-2: fixpipe.dstNdStride = " + std::to_string(c.fixpipe->dstNdStride) +
           ": SetFixpipeNz2ndFlag takes a uint16_t dstNdStride";
  }
  return std::nullopt;
}

std::optional<std::string> fix950UbProblem(const Case& c) {
  if (oracle::isDualDestination(c) && (c.dst.sizeBytes / 2) % DCCONF_CANN_BLOCK_BYTES != 0) {
    return "FIX950-9: dst.size = " + std::to_string(c.dst.sizeBytes) +
           ": each AIV stages and reads back its UB half in whole 32-byte blocks, and a half of " +
           std::to_string(c.dst.sizeBytes / 2) + " bytes is not";
  }
  return std::nullopt;
}

std::uint64_t fixQuantL1Bytes(const Case& c) {
  if (c.fixpipe->layout) return auxDeviceBytes(c.fixpipe->quantTensor.size() * sizeof(std::uint64_t));
  return std::uint64_t{DCCONF_CANN_FB_QUANT_ENTRIES} * sizeof(std::uint64_t);
}

std::uint64_t auxDeviceBytes(std::uint64_t auxBytes) {
  return (auxBytes + DCCONF_CANN_FB_BURST_BYTES - 1) / DCCONF_CANN_FB_BURST_BYTES * DCCONF_CANN_FB_BURST_BYTES;
}

}  // namespace dcconf::cann
