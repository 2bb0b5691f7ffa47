// DataCopy DN2NZ (GM -> A1/B1, DN2NZ-1..4) in the fast backend. The source is N-contiguous and the destination is
// D-contiguous (a transpose), so the copy walks tiles of 16 n x C0 d: each tile reads 16 short source runs and
// writes 16 destination rows. A full tile is transposed in 16-byte registers (SSE2 unpack networks); a partial one
// (the n or d tail) one element memcpy at a time with a fixed size per element width. Large outputs are streamed, and
// the next column block's source rows are prefetched while the walk transposes one (its 16- or 32-row stride
// defeats the hardware prefetchers).
#include <algorithm>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "fast_common.hpp"

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

#if defined(__SSE2__)
// Interleaves the low (kHigh false) or high halves of a and b, kGranuleBytes at a time.
template <std::uint64_t kGranuleBytes, bool kHigh>
__m128i interleave(__m128i a, __m128i b) {
  if constexpr (kGranuleBytes == 1) return kHigh ? _mm_unpackhi_epi8(a, b) : _mm_unpacklo_epi8(a, b);
  if constexpr (kGranuleBytes == 2) return kHigh ? _mm_unpackhi_epi16(a, b) : _mm_unpacklo_epi16(a, b);
  if constexpr (kGranuleBytes == 4) return kHigh ? _mm_unpackhi_epi32(a, b) : _mm_unpacklo_epi32(a, b);
  return kHigh ? _mm_unpackhi_epi64(a, b) : _mm_unpacklo_epi64(a, b);
}

// Round k of an in-place L x L transpose (kDistance = 2^k): rows i and i + 2^k (bit k of i clear) are interleaved
// 2^k elements at a time, the low half into row i, the high half into row i + 2^k. After log2(L) rounds row i holds
// the source's column bitReversed(i).
template <std::uint64_t kElementBytes, std::size_t kDistance>
void interleaveRounds(__m128i (&rows)[16 / kElementBytes]) {
  constexpr std::size_t kLanes = 16 / kElementBytes;
  if constexpr (kDistance < kLanes) {
#pragma GCC unroll 16
    for (std::size_t i = 0; i < kLanes; ++i) {
      if ((i & kDistance) != 0) continue;
      const __m128i a = rows[i];
      const __m128i b = rows[i + kDistance];
      rows[i] = interleave<kElementBytes * kDistance, false>(a, b);
      rows[i + kDistance] = interleave<kElementBytes * kDistance, true>(a, b);
    }
    interleaveRounds<kElementBytes, kDistance * 2>(rows);
  }
}

constexpr std::size_t bitReversed(std::size_t index, std::size_t lanes) {
  std::size_t out = 0;
  for (std::size_t bit = 1; bit < lanes; bit *= 2) out = out * 2 + ((index & bit) != 0 ? 1 : 0);
  return out;
}

// One L x L block (L = 16 / kElementBytes lanes) in registers: row j of the source (L elements along n) at
// src + j*srcDPitch becomes column j; afterwards rows[i] holds destination row bitReversed(i).
template <std::uint64_t kElementBytes>
void transposeInRegisters(__m128i (&rows)[16 / kElementBytes], const std::uint8_t* src, std::uint64_t srcDPitch) {
#pragma GCC unroll 16
  for (std::size_t j = 0; j < 16 / kElementBytes; ++j) {
    rows[j] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + j * srcDPitch));
  }
  interleaveRounds<kElementBytes, 1>(rows);
}

// The same block stored: destination row i at dst + i*dstRowPitch.
template <std::uint64_t kElementBytes>
void transposeBlock(std::uint8_t* dst, std::uint64_t dstRowPitch, const std::uint8_t* src, std::uint64_t srcDPitch) {
  constexpr std::size_t kLanes = 16 / kElementBytes;
  __m128i rows[kLanes];
  transposeInRegisters<kElementBytes>(rows, src, srcDPitch);
#pragma GCC unroll 16
  for (std::size_t i = 0; i < kLanes; ++i) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + bitReversed(i, kLanes) * dstRowPitch), rows[i]);
  }
}

// A full 1-byte tile (16 n x 32 d), streamed: the d 0..15 block goes through a 256-byte local buffer, the d 16..31
// block stays in registers, and each 32-byte destination row leaves as two streaming stores in address order, so
// the tile's lines are written whole, one after the other.
void transposeTileStreamedBytes(std::uint8_t* dst, const std::uint8_t* src, std::uint64_t srcDPitch) {
  alignas(16) std::uint8_t firstHalves[kTileN * 16];
  transposeBlock<1>(firstHalves, 16, src, srcDPitch);
  __m128i rows[16];
  transposeInRegisters<1>(rows, src + 16 * srcDPitch, srcDPitch);
#pragma GCC unroll 16
  for (std::size_t n = 0; n < kTileN; ++n) {
    const __m128i first = _mm_load_si128(reinterpret_cast<const __m128i*>(firstHalves + n * 16));
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + n * kBlock32Bytes), first);
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + n * kBlock32Bytes + 16), rows[bitReversed(n, 16)]);
  }
}
#endif

// stream: the caller checked streamable() for the whole output.
template <std::uint64_t kElementBytes>
void transposeTile(std::uint8_t* dst, std::uint64_t dstRowPitch, const std::uint8_t* src, std::uint64_t srcDPitch,
                   std::uint64_t nCount, std::uint64_t dCount, bool stream) {
#if defined(__SSE2__)
  constexpr std::uint64_t kLanes = 16 / kElementBytes;
  if (nCount == kTileN && dCount == kBlock32Bytes / kElementBytes) {  // a full tile: (16 / L) x 2 blocks
    if constexpr (kElementBytes == 1) {
      if (stream) return transposeTileStreamedBytes(dst, src, srcDPitch);
    }
    // Streamed, the tile is transposed into a local buffer first so that its 512 bytes leave as whole lines.
    alignas(64) std::uint8_t local[kTileN * kBlock32Bytes];
    std::uint8_t* const out = stream ? local : dst;
    const std::uint64_t outPitch = stream ? kBlock32Bytes : dstRowPitch;
    for (std::uint64_t n = 0; n < kTileN; n += kLanes) {
      for (std::uint64_t d = 0; d < dCount; d += kLanes) {
        transposeBlock<kElementBytes>(out + n * outPitch + d * kElementBytes, outPitch,
                                      src + n * kElementBytes + d * srcDPitch, srcDPitch);
      }
    }
    if (stream) {  // the caller streams only when the tile's rows are contiguous (dstRowPitch == 32)
      for (std::uint64_t at = 0; at < sizeof local; at += 16) {
        const __m128i line = _mm_load_si128(reinterpret_cast<const __m128i*>(local + at));
        _mm_stream_si128(reinterpret_cast<__m128i*>(dst + at), line);
      }
    }
    return;
  }
#endif
  (void)stream;
  for (std::uint64_t n = 0; n < nCount; ++n) {
    std::uint8_t* row = dst + n * dstRowPitch;
    const std::uint8_t* column = src + n * kElementBytes;
    for (std::uint64_t d = 0; d < dCount; ++d) std::memcpy(row + d * kElementBytes, column + d * srcDPitch, kElementBytes);
  }
}

void tile(std::uint64_t s, std::uint8_t* dst, std::uint64_t dstRowPitch, const std::uint8_t* src,
          std::uint64_t srcDPitch, std::uint64_t nCount, std::uint64_t dCount, bool stream) {
  switch (s) {
    case 1: transposeTile<1>(dst, dstRowPitch, src, srcDPitch, nCount, dCount, stream); break;
    case 2: transposeTile<2>(dst, dstRowPitch, src, srcDPitch, nCount, dCount, stream); break;
    default: transposeTile<4>(dst, dstRowPitch, src, srcDPitch, nCount, dCount, stream); break;
  }
}

// The tile walk enters a column block's dCount source rows 16 elements at a time, a pattern the hardware
// prefetchers do not follow. So while it transposes one block it prefetches the next one's rows, a share per tile
// (rows [rows * part / parts, rows * (part + 1) / parts)), every line of each: all of them have arrived when the walk
// gets there. nextBlock is the next block's first source row and rows its row count, both only when it exists:
// every address is inside the bytes the copy reads (rows of rowBytes, srcDPitch apart).
void prefetchShare(const std::uint8_t* nextBlock, std::uint64_t rows, std::uint64_t rowBytes, std::uint64_t srcDPitch,
                   std::uint64_t part, std::uint64_t parts) {
  for (std::uint64_t d = rows * part / parts; d < rows * (part + 1) / parts; ++d) {
    const std::uint8_t* row = nextBlock + d * srcDPitch;
    for (std::uint64_t at = 0; at < rowBytes; at += kLineBytes) __builtin_prefetch(row + at);
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
  for (std::uint64_t i = 0; i < p.dnNum; ++i) {
    const std::uint8_t* matrixSrc = from + i * p.srcDnMatrixStride * s;
    std::uint8_t* matrixDst = to + i * dstMatrixPitch;
    for (std::uint64_t b = 0; b < blocks; ++b) {
      const std::uint64_t dCount = b + 1 == blocks ? tailElems : g.c0;
      std::uint8_t* blockDst = matrixDst + b * p.dstNzC0Stride * g.rowBytes;
      const std::uint8_t* blockSrc = matrixSrc + b * g.c0 * srcDPitch;
      const std::uint64_t nextRows = b + 2 < blocks ? g.c0 : b + 2 == blocks ? tailElems : 0;
      const std::uint8_t* nextBlockSrc = nextRows != 0 ? blockSrc + g.c0 * srcDPitch : nullptr;
      const std::uint64_t tiles = (p.nValue + kTileN - 1) / kTileN;
      for (std::uint64_t n0 = 0; n0 < p.nValue; n0 += kTileN) {
        const std::uint64_t nCount = std::min(kTileN, p.nValue - n0);
        if (nextBlockSrc != nullptr) prefetchShare(nextBlockSrc, nextRows, p.nValue * s, srcDPitch, n0 / kTileN, tiles);
        tile(s, blockDst + n0 * dstRowPitch, dstRowPitch, blockSrc + n0 * s, srcDPitch, nCount, dCount, stream);
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
