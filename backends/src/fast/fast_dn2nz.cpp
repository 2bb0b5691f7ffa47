// DataCopy DN2NZ (GM -> A1/B1, DN2NZ-1..4) in the fast backend. The source is N-contiguous and the destination is
// D-contiguous (a transpose), so the copy walks tiles of 16 n x C0 d: each tile reads C0 short source runs and
// writes 16 destination rows. A column block's full tiles go to the SIMD transpose (fast_transpose.hpp: AVX2 /
// AVX-512, picked at run time); partial tiles (the n or d tail), and every tile on CPUs without the kernels, are
// moved one element memcpy at a time with a fixed size per element width. Large outputs are streamed.
#include <algorithm>
#include <cstring>

#include "fast_common.hpp"
#include "fast_transpose.hpp"

namespace dcconf::backends::fast {
namespace {

using oracle::Dn2NzParams;

constexpr std::uint64_t kSmallC0 = 4;
constexpr std::uint64_t kTileN = 16;
constexpr std::uint64_t kAllOnes = ~std::uint64_t{0};

struct Geometry {
  std::uint64_t s, c0, rowBytes;
  bool small;
};

// One tile of nCount n x dCount d, element by element (the scalar path, bit-identical to the SIMD one).
template <std::uint64_t kElementBytes>
void transposeTileScalar(std::uint8_t* dst, std::uint64_t dstRowPitch, const std::uint8_t* src, std::uint64_t srcDPitch,
                         std::uint64_t nCount, std::uint64_t dCount) {
  for (std::uint64_t n = 0; n < nCount; ++n) {
    std::uint8_t* row = dst + n * dstRowPitch;
    const std::uint8_t* column = src + n * kElementBytes;
    for (std::uint64_t d = 0; d < dCount; ++d) std::memcpy(row + d * kElementBytes, column + d * srcDPitch, kElementBytes);
  }
}

void tileScalar(std::uint64_t s, std::uint8_t* dst, std::uint64_t dstRowPitch, const std::uint8_t* src,
                std::uint64_t srcDPitch, std::uint64_t nCount, std::uint64_t dCount) {
  switch (s) {
    case 1: transposeTileScalar<1>(dst, dstRowPitch, src, srcDPitch, nCount, dCount); break;
    case 2: transposeTileScalar<2>(dst, dstRowPitch, src, srcDPitch, nCount, dCount); break;
    default: transposeTileScalar<4>(dst, dstRowPitch, src, srcDPitch, nCount, dCount); break;
  }
}

}  // namespace

RunResult runDn2Nz(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) {
  const auto& p = std::get<Dn2NzParams>(c.params);
  const std::uint64_t s = oracle::sizeBytes(c.dtype);
  // AMB-7: the basic-API page's switch; c-api-page reads it the other way round
  const bool small = p.enableSmallC0 != (c.profile.smallC0Polarity == oracle::Profile::SmallC0Polarity::cApiPage);
  const Geometry g{s, small ? kSmallC0 : kBlock32Bytes / s, (small ? kSmallC0 : kBlock32Bytes / s) * s, small};
  Checker check;
  check.range("DN2NZ-2", "params.dnNum", p.dnNum, 0, 4095);
  check.range("DN2NZ-2", "params.nValue", p.nValue, 0, 16384);
  const bool fp4 = c.dtype == oracle::DType::fp4x2_e2m1_t || c.dtype == oracle::DType::fp4x2_e1m2_t;
  check.require(!fp4 || p.nValue % 2 == 0, "DN2NZ-4", "params.nValue", p.nValue, "even for fp4x2");
  check.range("DN2NZ-2", "params.srcDValue", p.srcDValue, 1, kAllOnes);
  check.range("DN2NZ-2", "params.dstNzC0Stride", p.dstNzC0Stride, 1, 65535);
  check.range("DN2NZ-2", "params.dstNzNStride", p.dstNzNStride, 1, 65535);
  const bool zeroAllowed =
      p.dnNum <= 1 && c.profile.nd2nzZeroMatrixStride == oracle::Profile::Nd2NzZeroMatrixStride::acceptWhenSingle;
  check.require(p.dstNzMatrixStride != 0 || zeroAllowed, "DN2NZ-2", "params.dstNzMatrixStride", 0,
                "must be >= 1 (AMB-6: 0 only with dnNum <= 1 under the default profile)");
  check.require(p.dstNzMatrixStride * s % kBlock32Bytes == 0, "DN2NZ-2", "params.dstNzMatrixStride",
                p.dstNzMatrixStride, "times sizeof(T) must be 32-byte whole");
  check.require(!small || p.dValue <= kSmallC0, "DN2NZ-3", "params.enableSmallC0", p.enableSmallC0 ? 1 : 0,
                "the small-C0 mode needs dValue <= 4 (AMB-7)");
  const bool empty = p.dnNum == 0 || p.nValue == 0 || p.dValue == 0;
  SpanBytes spans;
  const std::uint64_t dstMatrixPitch = std::uint64_t{p.dstNzMatrixStride} * s;
  const std::uint64_t blocks = empty ? 0 : (std::uint64_t{p.dValue} + g.c0 - 1) / g.c0;
  const std::uint64_t rowsEndBytes = ((std::uint64_t{p.nValue} - 1) * p.dstNzNStride + 1) * g.rowBytes;
  if (!empty) {
    const std::uint64_t lastMatrixStart = oracle::satMul(p.dnNum - 1u, p.srcDnMatrixStride);
    const std::uint64_t lastSrc = oracle::satAdd(lastMatrixStart, oracle::satMul(std::uint64_t{p.dValue} - 1, p.srcDValue));
    spans.src = oracle::satMul(oracle::satAdd(lastSrc, p.nValue), s);
    const std::uint64_t lastMatrixBytes =
        small ? oracle::alignUp(rowsEndBytes, kBlock32Bytes)
              : (blocks - 1) * p.dstNzC0Stride * g.rowBytes + rowsEndBytes;
    spans.dst = oracle::satAdd(oracle::satMul(p.dnNum - 1u, dstMatrixPitch), lastMatrixBytes);
  }
  check.buffers(c, spans.src, spans.dst);
  if (check.failed()) return check.rejection();
  if (empty) return {};
  const auto [from, to] = operandsOf(c, src, dst);
  const std::uint64_t srcDPitch = p.srcDValue * s;
  const std::uint64_t dstRowPitch = p.dstNzNStride * g.rowBytes;
  const std::uint64_t tailElems = p.dValue - (blocks - 1) * g.c0;  // data elements in the last column block
  // Streamed when big and every full tile is 512 contiguous bytes (rows of 32 bytes, dstNzNStride 1).
  const bool stream = dstRowPitch == kBlock32Bytes &&
                      streamable(to, spans.dst, {dstRowPitch, p.dstNzC0Stride * g.rowBytes, dstMatrixPitch});
  const bool simd = transposeSimdUsable();
  for (std::uint64_t i = 0; i < p.dnNum; ++i) {
    const std::uint8_t* matrixSrc = from + i * p.srcDnMatrixStride * s;
    std::uint8_t* matrixDst = to + i * dstMatrixPitch;
    for (std::uint64_t b = 0; b < blocks; ++b) {
      const std::uint64_t dCount = b + 1 == blocks ? tailElems : g.c0;
      std::uint8_t* blockDst = matrixDst + b * p.dstNzC0Stride * g.rowBytes;
      const std::uint8_t* blockSrc = matrixSrc + b * g.c0 * srcDPitch;
      // a full-width block's full tiles in one SIMD call, the rest element by element
      const std::uint64_t simdTiles = simd && !small && dCount == g.c0 ? p.nValue / kTileN : 0;
      if (simdTiles != 0) transposeTilesSimd(s, blockDst, dstRowPitch, blockSrc, srcDPitch, simdTiles, stream);
      for (std::uint64_t n0 = simdTiles * kTileN; n0 < p.nValue; n0 += kTileN) {
        tileScalar(s, blockDst + n0 * dstRowPitch, dstRowPitch, blockSrc + n0 * s, srcDPitch,
                   std::min(kTileN, p.nValue - n0), dCount);
      }
      if (dCount == g.c0) continue;
      // DN2NZ-1: the d tail of the last column block is zero
      for (std::uint64_t n = 0; n < p.nValue; ++n) {
        std::memset(blockDst + n * dstRowPitch + dCount * s, 0, (g.c0 - dCount) * s);
      }
    }
    if (small) {  // DN2NZ-3: zero-padded to the next 32 bytes after the last row
      std::memset(matrixDst + rowsEndBytes, 0, oracle::alignUp(rowsEndBytes, kBlock32Bytes) - rowsEndBytes);
    }
  }
  if (stream) streamFence();
  return {};
}

}  // namespace dcconf::backends::fast
