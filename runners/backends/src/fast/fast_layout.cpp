// DataCopy ND2NZ (GM -> A1/B1) and NZ2ND (VECOUT -> GM) in the fast backend. Both are a grid of (row, column
// block) chunks of one C0 run each; the grid is walked in tiles of 16 rows (one fractal's height) so that, per
// column block, 16 chunks are contiguous on the NZ side and the 16 ND rows stay in cache across column blocks.
#include <algorithm>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "fast_common.hpp"

namespace dcconf::backends::fast {
namespace {

using oracle::Case;

constexpr std::uint64_t kTileRows = 16;

struct ChunkGrid {
  std::uint64_t rows = 0;
  std::uint64_t chunks = 0;  // per row
  std::uint64_t chunkBytes = 0;
  std::uint64_t srcRowPitchBytes = 0;
  std::uint64_t srcChunkPitchBytes = 0;
  std::uint64_t dstRowPitchBytes = 0;
  std::uint64_t dstChunkPitchBytes = 0;
};

// One chunk of kChunkBytes (a multiple of 16), streamed past the cache (to must be 16-byte aligned) or memcpy'd.
template <std::uint64_t kChunkBytes, bool kStream>
void copyChunk(std::uint8_t* to, const std::uint8_t* from) {
#if defined(__SSE2__)
  if constexpr (kStream) {
    for (std::uint64_t at = 0; at < kChunkBytes; at += 16) {
      const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + at));
      _mm_stream_si128(reinterpret_cast<__m128i*>(to + at), chunk);
    }
    return;
  }
#endif
  std::memcpy(to, from, kChunkBytes);
}

// kChunkBytes != 0 makes every chunk a fixed-size copy (two or four vector moves); 0 reads g.chunkBytes.
template <std::uint64_t kChunkBytes, bool kStream = false>
void copyGridAs(std::uint8_t* dst, const std::uint8_t* src, const ChunkGrid& g) {
  const std::uint64_t chunkBytes = kChunkBytes != 0 ? kChunkBytes : g.chunkBytes;
  for (std::uint64_t tile = 0; tile < g.rows; tile += kTileRows) {
    const std::uint64_t tileRows = std::min(kTileRows, g.rows - tile);
    for (std::uint64_t chunk = 0; chunk < g.chunks; ++chunk) {
      const std::uint8_t* from = src + tile * g.srcRowPitchBytes + chunk * g.srcChunkPitchBytes;
      std::uint8_t* to = dst + tile * g.dstRowPitchBytes + chunk * g.dstChunkPitchBytes;
      for (std::uint64_t r = 0; r < tileRows; ++r, from += g.srcRowPitchBytes, to += g.dstRowPitchBytes) {
        if constexpr (kChunkBytes != 0) {
          copyChunk<kChunkBytes, kStream>(to, from);
        } else {
          std::memcpy(to, from, chunkBytes);
        }
      }
    }
  }
}

// stream (ND2NZ only): the caller checked streamable() for the whole output (dst, its row, chunk and matrix pitches).
void copyGrid(std::uint8_t* dst, const std::uint8_t* src, const ChunkGrid& g, bool stream) {
  if (g.rows == 0 || g.chunks == 0) return;
  switch (g.chunkBytes) {
    case 32:  // ND2NZ, NZ2ND of 16-bit T
      stream ? copyGridAs<32, true>(dst, src, g) : copyGridAs<32>(dst, src, g);
      break;
    case 64: copyGridAs<64>(dst, src, g); break;  // NZ2ND of 32-bit T (never streamed)
    default: copyGridAs<0>(dst, src, g); break;
  }
}

// Copies the part of [srcOffset, srcOffset + lenBytes) below srcLimitBytes; the rest of the chunk is unspecified.
void copyClipped(std::uint8_t* to, const std::uint8_t* src, std::uint64_t srcOffset, std::uint64_t lenBytes,
                 std::uint64_t srcLimitBytes) {
  if (srcOffset >= srcLimitBytes) return;
  std::memcpy(to, src + srcOffset, std::min(lenBytes, srcLimitBytes - srcOffset));
}

}  // namespace

bool streamable(const std::uint8_t* dst, std::uint64_t totalBytes, std::initializer_list<std::uint64_t> pitches) {
#if defined(__SSE2__)
  if (totalBytes < kStreamingBytes || reinterpret_cast<std::uintptr_t>(dst) % 16 != 0) return false;
  return std::all_of(pitches.begin(), pitches.end(), [](std::uint64_t pitch) { return pitch % 16 == 0; });
#else
  (void)dst, (void)totalBytes, (void)pitches;
  return false;
#endif
}

void streamFence() {
#if defined(__SSE2__)
  _mm_sfence();
#endif
}

// ---- ND2NZ ----------------------------------------------------------------------------------------------------

void checkNd2Nz(Checker& check, std::string_view prefix, const oracle::Nd2NzParams& p, const oracle::Profile& profile) {
  const std::string field(prefix);
  check.range("ND2NZ-1", field + "ndNum", p.ndNum, 0, 4095);
  check.range("ND2NZ-1", field + "nValue", p.nValue, 0, 16384);
  check.range("ND2NZ-1", field + "srcDValue", p.srcDValue, 1, 65535);
  check.range("ND2NZ-1", field + "dstNzC0Stride", p.dstNzC0Stride, 1, 16384);
  check.range("ND2NZ-1", field + "dstNzNStride", p.dstNzNStride, 1, 16384);
  // AMB-6: the doc's own example uses dstNzMatrixStride 0 with one matrix; doc-range holds to [1, 65535]
  const bool zeroAllowed =
      p.ndNum <= 1 && profile.nd2nzZeroMatrixStride == oracle::Profile::Nd2NzZeroMatrixStride::acceptWhenSingle;
  check.require(p.dstNzMatrixStride != 0 || zeroAllowed, "ND2NZ-1", field + "dstNzMatrixStride", 0,
                "must be in [1, 65535] (AMB-6: 0 only with ndNum <= 1 under the default profile)");
}

SpanBytes nd2nzSpans(const oracle::Nd2NzParams& p, std::uint32_t elementBytes) {
  if (p.ndNum == 0 || p.nValue == 0 || p.dValue == 0) return {};  // ND2NZ-1: moves nothing
  const std::uint64_t c0Elems = kBlock32Bytes / elementBytes;
  const std::uint64_t lastMatrix = p.ndNum - 1u;
  const std::uint64_t lastRow = p.nValue - 1u;
  const std::uint64_t lastColumnBlock = (p.dValue - 1u) / c0Elems;
  const std::uint64_t srcElems = lastMatrix * p.srcNdMatrixStride + lastRow * p.srcDValue + p.dValue;
  const std::uint64_t dstElems = lastMatrix * p.dstNzMatrixStride +
                                 c0Elems * (lastColumnBlock * p.dstNzC0Stride + lastRow * p.dstNzNStride + 1);
  return {srcElems * elementBytes, dstElems * elementBytes};
}

void nd2nz(std::uint8_t* dst, const std::uint8_t* src, std::uint64_t srcLimitBytes, const oracle::Nd2NzParams& p,
           std::uint32_t elementBytes) {
  if (p.ndNum == 0 || p.nValue == 0 || p.dValue == 0) return;
  const std::uint64_t s = elementBytes;
  const std::uint64_t c0Elems = kBlock32Bytes / s;
  const std::uint64_t rowBytes = p.dValue * s;
  const std::uint64_t fullChunks = p.dValue / c0Elems;
  const std::uint64_t tailBytes = rowBytes - fullChunks * kBlock32Bytes;  // the partial last column block's data
  ChunkGrid grid{0, fullChunks, kBlock32Bytes, p.srcDValue * s, kBlock32Bytes,
                 kBlock32Bytes * p.dstNzNStride, kBlock32Bytes * p.dstNzC0Stride};
  // Streamed when big: each chunk column of a tile is 16 rows of 32 bytes, contiguous when dstNzNStride is 1.
  const bool stream = p.dstNzNStride == 1 &&
                      streamable(dst, p.ndNum * p.nValue * rowBytes,
                                 {grid.dstRowPitchBytes, grid.dstChunkPitchBytes, p.dstNzMatrixStride * s});
  for (std::uint64_t i = 0; i < p.ndNum; ++i) {
    const std::uint64_t srcBase = i * p.srcNdMatrixStride * s;
    std::uint8_t* matrix = dst + i * p.dstNzMatrixStride * s;
    // Rows whose whole source lies below the limit take the grid; the rest (PAD-U2L1 only) are copied clipped.
    grid.rows = srcLimitBytes < srcBase + rowBytes
                    ? 0
                    : std::min<std::uint64_t>(p.nValue, (srcLimitBytes - srcBase - rowBytes) / grid.srcRowPitchBytes + 1);
    if (grid.rows > 0) copyGrid(matrix, src + srcBase, grid, stream);
    for (std::uint64_t r = grid.rows; r < p.nValue; ++r) {
      for (std::uint64_t chunk = 0; chunk < fullChunks; ++chunk) {
        copyClipped(matrix + r * grid.dstRowPitchBytes + chunk * grid.dstChunkPitchBytes, src,
                    srcBase + r * grid.srcRowPitchBytes + chunk * kBlock32Bytes, kBlock32Bytes, srcLimitBytes);
      }
    }
    if (tailBytes == 0) continue;
    // ND2NZ-3: the partial column block gets its data, then zeros up to C0 elements
    for (std::uint64_t r = 0; r < p.nValue; ++r) {
      std::uint8_t* to = matrix + r * grid.dstRowPitchBytes + fullChunks * grid.dstChunkPitchBytes;
      copyClipped(to, src, srcBase + r * grid.srcRowPitchBytes + fullChunks * kBlock32Bytes, tailBytes, srcLimitBytes);
      std::memset(to + tailBytes, 0, kBlock32Bytes - tailBytes);
    }
  }
  if (stream) streamFence();
}

RunResult runNd2Nz(const Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) {
  const auto& p = std::get<oracle::Nd2NzParams>(c.params);
  const std::uint32_t s = oracle::sizeBytes(c.dtype);
  Checker check;
  checkNd2Nz(check, "params.", p, c.profile);
  const SpanBytes spans = nd2nzSpans(p, s);
  check.buffers(c, spans.src, spans.dst);
  if (check.failed()) return check.rejection();
  const auto [from, to] = operandsOf(c, src, dst);
  nd2nz(to, from, spans.src, p, s);
  return {};
}

// ---- NZ2ND ----------------------------------------------------------------------------------------------------

namespace {
constexpr std::uint64_t kNzC0Elems = 16;  // NZ2ND-1: C0 is 16 elements whatever the dtype
constexpr std::uint64_t kFractalElems = 256;
}  // namespace

RunResult runNz2Nd(const Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) {
  const auto& p = std::get<oracle::Nz2NdParamsFull>(c.params);
  const std::uint64_t s = oracle::sizeBytes(c.dtype);
  Checker check;
  check.range("NZ2ND-1", "params.ndNum", p.ndNum, 0, 4095);
  check.range("NZ2ND-1", "params.nValue", p.nValue, 1, 8192);
  check.range("NZ2ND-1", "params.dValue", p.dValue, 1, 8192);
  check.require(p.dValue % kNzC0Elems == 0, "NZ2ND-1", "params.dValue", p.dValue, "must be a multiple of 16");
  check.range("NZ2ND-1", "params.srcNdMatrixStride", p.srcNdMatrixStride, 1, 512);
  check.range("NZ2ND-1", "params.srcNStride", p.srcNStride, 0, 4096);
  check.range("NZ2ND-1", "params.dstDStride", p.dstDStride, 1, 65535);
  check.range("NZ2ND-1", "params.dstNdMatrixStride", p.dstNdMatrixStride, 1, 65535);
  // NZ2ND-2: row r of column block k is 16 contiguous elements at 16*(k*srcNStride + r) of the matrix
  const ChunkGrid grid{p.nValue,         p.dValue / kNzC0Elems, kNzC0Elems * s, kNzC0Elems * s,
                       kNzC0Elems * p.srcNStride * s, p.dstDStride * s, kNzC0Elems * s};
  const std::uint64_t srcMatrixPitchBytes = kFractalElems * p.srcNdMatrixStride * s;
  const std::uint64_t dstMatrixPitchBytes = p.dstNdMatrixStride * s;
  SpanBytes spans;
  if (p.ndNum != 0 && grid.chunks != 0) {
    spans.src = (p.ndNum - 1u) * srcMatrixPitchBytes + (grid.chunks - 1) * grid.srcChunkPitchBytes +
                (grid.rows - 1) * grid.srcRowPitchBytes + grid.chunkBytes;
    spans.dst = (p.ndNum - 1u) * dstMatrixPitchBytes + (grid.rows - 1) * grid.dstRowPitchBytes + p.dValue * s;
  }
  check.buffers(c, spans.src, spans.dst);
  if (check.failed()) return check.rejection();
  const auto [from, to] = operandsOf(c, src, dst);
  // Not streamed: a chunk is half a line or one line of a different ND row each time, and streaming partial lines is
  // slower than the read for ownership it saves.
  for (std::uint64_t i = 0; i < p.ndNum; ++i) {
    copyGrid(to + i * dstMatrixPitchBytes, from + i * srcMatrixPitchBytes, grid, false);
  }
  return {};
}

}  // namespace dcconf::backends::fast
