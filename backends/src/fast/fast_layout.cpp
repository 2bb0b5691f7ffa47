// DataCopy ND2NZ (GM -> A1/B1) and NZ2ND (VECOUT -> GM) in the fast backend. Both are a grid of (row, column
// block) chunks of one C0 run each; the grid is walked in tiles of 16 rows (one fractal's height), in which a column
// block's 16 chunks are contiguous on the NZ side. Large outputs are streamed, walked so that the source is read in
// long runs (see copyGridStreamed).
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
// A streamed tile is staged in L1 through this many bytes: 16 rows of up to 1 KiB.
constexpr std::uint64_t kStageBytes = 16 * 1024;

// Where chunk (r, c) of a tile sits on one side: r * rowPitchBytes + c * chunkPitchBytes from chunk (0, 0).
struct Pitches {
  std::uint64_t rowPitchBytes = 0;
  std::uint64_t chunkPitchBytes = 0;
};

struct ChunkGrid {
  std::uint64_t rows = 0;
  std::uint64_t chunks = 0;  // per row
  std::uint64_t chunkBytes = 0;
  Pitches src;
  Pitches dst;
};

// One chunk of kChunkBytes (a multiple of 16; 0: chunkBytes), streamed past the cache (to must be 16-byte aligned)
// or memcpy'd.
template <std::uint64_t kChunkBytes, bool kStream>
void copyChunk(std::uint8_t* to, const std::uint8_t* from, std::uint64_t chunkBytes) {
#if defined(__SSE2__)
  if constexpr (kStream && kChunkBytes != 0) {
    for (std::uint64_t at = 0; at < kChunkBytes; at += 16) {
      const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + at));
      _mm_stream_si128(reinterpret_cast<__m128i*>(to + at), chunk);
    }
    return;
  }
#endif
  std::memcpy(to, from, kChunkBytes != 0 ? kChunkBytes : chunkBytes);
}

// rows x chunks chunks from `from` to `to`. rowsInner walks each chunk column's rows in the inner loop (else each
// row's chunks), so that the side whose runs should be contiguous is walked in address order.
template <std::uint64_t kChunkBytes, bool kStream>
void copyTile(std::uint8_t* to, Pitches toPitches, const std::uint8_t* from, Pitches fromPitches, std::uint64_t rows,
              std::uint64_t chunks, std::uint64_t chunkBytes, bool rowsInner) {
  const std::uint64_t outer = rowsInner ? chunks : rows;
  const std::uint64_t inner = rowsInner ? rows : chunks;
  const Pitches toStep = rowsInner ? Pitches{toPitches.chunkPitchBytes, toPitches.rowPitchBytes} : toPitches;
  const Pitches fromStep = rowsInner ? Pitches{fromPitches.chunkPitchBytes, fromPitches.rowPitchBytes} : fromPitches;
  for (std::uint64_t o = 0; o < outer; ++o) {
    std::uint8_t* t = to + o * toStep.rowPitchBytes;
    const std::uint8_t* f = from + o * fromStep.rowPitchBytes;
    for (std::uint64_t i = 0; i < inner; ++i, t += toStep.chunkPitchBytes, f += fromStep.chunkPitchBytes) {
      copyChunk<kChunkBytes, kStream>(t, f, chunkBytes);
    }
  }
}

// Unstreamed: per tile, column by column, so the 16 chunks of a column are contiguous on the NZ side and the tile's
// ND rows stay in cache across columns. kChunkBytes != 0 makes every chunk a fixed-size copy (two or four vector
// moves); 0 reads g.chunkBytes.
template <std::uint64_t kChunkBytes>
void copyGridDirect(std::uint8_t* dst, const std::uint8_t* src, const ChunkGrid& g) {
  for (std::uint64_t tile = 0; tile < g.rows; tile += kTileRows) {
    copyTile<kChunkBytes, false>(dst + tile * g.dst.rowPitchBytes, g.dst, src + tile * g.src.rowPitchBytes, g.src,
                                 std::min(kTileRows, g.rows - tile), g.chunks, g.chunkBytes, true);
  }
}

// Streamed, with the source read in long sequential runs (reading the ND side 32 or 64 bytes per row, one row pitch
// apart, held the copy near 0.55x memcpy; stand-alone loops of the bench's shapes: ~0.7x -> ~1x):
// - NZ -> ND with 64-byte chunks (whole ND rows, their pitch a whole number of lines): destination line by
//   destination line (the same one in every row, wherever dst starts in its line) down all rows, so that each line
//   is written whole and the one or two NZ columns it draws on are read from start to end (~0.6x -> ~0.9x in the
//   bench; with 32-byte chunks a line drawing on three columns did worse than the staging below);
// - otherwise each tile (in strips of columns that fit kStageBytes) is gathered row by row into an L1 buffer laid
//   out like the destination, then streamed out in the destination's address order.
template <std::uint64_t kChunkBytes>
void copyGridStreamed(std::uint8_t* dst, const std::uint8_t* src, const ChunkGrid& g) {
  const auto columnsContiguous = [](const Pitches& side) { return side.rowPitchBytes == kChunkBytes; };
  const bool wholeNdRows = g.dst.chunkPitchBytes == kChunkBytes && g.dst.rowPitchBytes % kLineBytes == 0;
  if (kChunkBytes == kLineBytes && columnsContiguous(g.src) && wholeNdRows) {
    const std::uint64_t rowBytes = g.chunks * kChunkBytes;
    const std::uint64_t skew = reinterpret_cast<std::uintptr_t>(dst) % kLineBytes;  // a multiple of 16
    for (std::uint64_t line = 0; line < skew + rowBytes; line += kLineBytes) {
      const std::uint64_t begin = std::max(line, skew) - skew;  // the line's part of a row, as bytes of the row
      const std::uint64_t end = std::min(line + kLineBytes, skew + rowBytes) - skew;
      for (std::uint64_t r = 0; r < g.rows; ++r) {
        std::uint8_t* to = dst + r * g.dst.rowPitchBytes;
        const std::uint8_t* from = src + r * g.src.rowPitchBytes;
        for (std::uint64_t at = begin; at < end; at += 16) {
          copyChunk<16, true>(to + at, from + at / kChunkBytes * g.src.chunkPitchBytes + at % kChunkBytes, 16);
        }
      }
    }
    return;
  }
  alignas(64) std::uint8_t stage[kStageBytes];
  constexpr std::uint64_t kStripChunks = kStageBytes / (kTileRows * kChunkBytes);
  for (std::uint64_t tile = 0; tile < g.rows; tile += kTileRows) {
    const std::uint64_t rows = std::min(kTileRows, g.rows - tile);
    for (std::uint64_t strip = 0; strip < g.chunks; strip += kStripChunks) {
      const std::uint64_t chunks = std::min(kStripChunks, g.chunks - strip);
      const Pitches staged = columnsContiguous(g.dst) ? Pitches{kChunkBytes, rows * kChunkBytes}
                                                      : Pitches{chunks * kChunkBytes, kChunkBytes};
      copyTile<kChunkBytes, false>(stage, staged,
                                   src + tile * g.src.rowPitchBytes + strip * g.src.chunkPitchBytes, g.src, rows,
                                   chunks, kChunkBytes, false);
      copyTile<kChunkBytes, true>(dst + tile * g.dst.rowPitchBytes + strip * g.dst.chunkPitchBytes, g.dst, stage,
                                  staged, rows, chunks, kChunkBytes, columnsContiguous(g.dst));
    }
  }
}

// stream: the caller checked streamable() for the whole output (dst, its row, chunk and matrix pitches); chunks of
// other sizes than 32 and 64 bytes are copied unstreamed all the same.
void copyGrid(std::uint8_t* dst, const std::uint8_t* src, const ChunkGrid& g, bool stream) {
  if (g.rows == 0 || g.chunks == 0) return;
  switch (g.chunkBytes) {
    case 32:  // ND2NZ, NZ2ND of 16-bit T
      stream ? copyGridStreamed<32>(dst, src, g) : copyGridDirect<32>(dst, src, g);
      break;
    case 64:  // NZ2ND of 32-bit T
      stream ? copyGridStreamed<64>(dst, src, g) : copyGridDirect<64>(dst, src, g);
      break;
    default: copyGridDirect<0>(dst, src, g); break;
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
  ChunkGrid grid{0, fullChunks, kBlock32Bytes, {p.srcDValue * s, kBlock32Bytes},
                 {kBlock32Bytes * p.dstNzNStride, kBlock32Bytes * p.dstNzC0Stride}};
  // Streamed when big and each chunk column of a tile, 16 rows of 32 bytes, is contiguous (dstNzNStride 1).
  const bool stream = p.dstNzNStride == 1 &&
                      streamable(dst, p.ndNum * p.nValue * rowBytes,
                                 {grid.dst.rowPitchBytes, grid.dst.chunkPitchBytes, p.dstNzMatrixStride * s});
  for (std::uint64_t i = 0; i < p.ndNum; ++i) {
    const std::uint64_t srcBase = i * p.srcNdMatrixStride * s;
    std::uint8_t* matrix = dst + i * p.dstNzMatrixStride * s;
    // Rows whose whole source lies below the limit take the grid; the rest (PAD-U2L1 only) are copied clipped.
    grid.rows = srcLimitBytes < srcBase + rowBytes
                    ? 0
                    : std::min<std::uint64_t>(p.nValue, (srcLimitBytes - srcBase - rowBytes) / grid.src.rowPitchBytes + 1);
    if (grid.rows > 0) copyGrid(matrix, src + srcBase, grid, stream);
    for (std::uint64_t r = grid.rows; r < p.nValue; ++r) {
      for (std::uint64_t chunk = 0; chunk < fullChunks; ++chunk) {
        copyClipped(matrix + r * grid.dst.rowPitchBytes + chunk * grid.dst.chunkPitchBytes, src,
                    srcBase + r * grid.src.rowPitchBytes + chunk * kBlock32Bytes, kBlock32Bytes, srcLimitBytes);
      }
    }
    if (tailBytes == 0) continue;
    // ND2NZ-3: the partial column block gets its data, then zeros up to C0 elements
    for (std::uint64_t r = 0; r < p.nValue; ++r) {
      std::uint8_t* to = matrix + r * grid.dst.rowPitchBytes + fullChunks * grid.dst.chunkPitchBytes;
      copyClipped(to, src, srcBase + r * grid.src.rowPitchBytes + fullChunks * kBlock32Bytes, tailBytes, srcLimitBytes);
      std::memset(to + tailBytes, 0, kBlock32Bytes - tailBytes);
    }
  }
  if (stream) streamFence();
}

// ND2NZ-6/7 (project): ND2NZ UB->TSCM, the page's ranges, then AMB-38's layouts (every vendor route as the page).
// The 950's x + 0 (AMB-39) is a plain move here: the default leaves the bytes it could change ANY.
void checkNd2NzUbToL1(Checker& check, const Case& c, const oracle::Nd2NzParams& p) {
  check.range("ND2NZ-6", "params.ndNum", p.ndNum, 1, 1);
  check.range("ND2NZ-6", "params.nValue", p.nValue, 1, 16384);
  check.range("ND2NZ-6", "params.dValue", p.dValue, 1, 65535);
  check.range("ND2NZ-6", "params.srcDValue", p.srcDValue, 1, 65535);
  check.range("ND2NZ-6", "params.dstNzC0Stride", p.dstNzC0Stride, 1, 16384);
  check.range("ND2NZ-6", "params.dstNzNStride", p.dstNzNStride, 1, 16384);
  check.range("ND2NZ-6", "params.dstNzMatrixStride", p.dstNzMatrixStride, 0, 16384);
  if (check.failed() || c.profile.nd2nzU2L1Reading == oracle::Profile::Nd2NzU2L1Reading::page) return;
  const std::uint64_t s = oracle::sizeBytes(c.dtype);
  const std::uint64_t c0Elems = kBlock32Bytes / s;
  check.require(p.nValue == 1 || p.srcDValue == p.dValue, "ND2NZ-7", "params.srcDValue", p.srcDValue,
                "must equal dValue when nValue > 1 (AMB-38)");
  check.require(std::uint64_t{p.nValue} * p.dValue * s % kBlock32Bytes == 0, "ND2NZ-7", "params.dValue", p.dValue,
                "nValue*dValue*s must be whole 32-byte blocks (AMB-38)");
  if (c.product != oracle::Product::ascend950) return;
  check.require(p.dValue % c0Elems == 0, "ND2NZ-7", "params.dValue", p.dValue, "must be whole blocks on the 950 (AMB-38)");
  check.require(p.srcDValue % c0Elems == 0, "ND2NZ-7", "params.srcDValue", p.srcDValue,
                "must be whole blocks on the 950 (AMB-38)");
  check.require(p.nValue == 1 || p.dstNzNStride == 1, "ND2NZ-7", "params.dstNzNStride", p.dstNzNStride,
                "must be 1 on the 950 when nValue > 1 (AMB-38)");
  check.require(p.dValue <= c0Elems || p.dstNzC0Stride == p.nValue, "ND2NZ-7", "params.dstNzC0Stride", p.dstNzC0Stride,
                "must equal nValue on the 950 when dValue > C0 (AMB-38)");
}

RunResult runNd2Nz(const Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) {
  const auto& p = std::get<oracle::Nd2NzParams>(c.params);
  const std::uint32_t s = oracle::sizeBytes(c.dtype);
  Checker check;
  if (oracle::isLocal(c.srcPos) && c.dstPos == oracle::Position::TSCM) {
    checkNd2NzUbToL1(check, c, p);
  } else {
    checkNd2Nz(check, "params.", p, c.profile);
  }
  const SpanBytes spans = nd2nzSpans(p, s);
  check.buffers(c, spans.src, spans.dst);
  if (check.failed()) return check.rejection();
  const auto [from, to] = operandsOf(c, src, dst);
  nd2nz(to, from, spans.src, p, s);
  return {};
}

// ---- ND2NZ GM->UB (ND2NZUB, project) ----------------------------------------------------------------------------
// The vendor's emulation: per column block and row one DataCopyPad block; where it differs from the page the default
// rejects (AMB-33), profile nd2nzub-page runs GM->L1's ND2NZ. The ANY tail bytes (ND2NZUB-4) are written 0.

RunResult runNd2NzGmToUb(const Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) {
  const auto& p = std::get<oracle::Nd2NzParams>(c.params);
  const std::uint32_t s = oracle::sizeBytes(c.dtype);
  if (c.profile.nd2nzUbReading == oracle::Profile::Nd2NzUbReading::page) return runNd2Nz(c, src, dst);  // GM->L1's
  Checker check;
  checkNd2Nz(check, "params.", p, c.profile);
  const bool floatRows16 = c.dtype == oracle::DType::float_ &&
                           (c.product == oracle::Product::atlas_a2 || c.product == oracle::Product::atlas_a3) &&
                           c.profile.nd2nzUbFloatC0 == oracle::Profile::Nd2NzUbFloatC0::header16;  // AMB-34
  const std::uint64_t c0Elems = floatRows16 ? 16 : kBlock32Bytes / s;
  const bool moves = p.ndNum != 0 && p.nValue != 0 && p.dValue != 0;
  if (moves && !check.failed()) {  // AMB-33: the emulation's layout only
    const char* amb = "ND2NZUB-3";
    check.require(p.ndNum == 1, amb, "params.ndNum", p.ndNum, "must be <= 1 (AMB-33)");
    check.require(p.srcNdMatrixStride == 0, amb, "params.srcNdMatrixStride", p.srcNdMatrixStride, "must be 0 (AMB-33)");
    check.require(p.dstNzMatrixStride == 0, amb, "params.dstNzMatrixStride", p.dstNzMatrixStride, "must be 0 (AMB-33)");
    const bool pitchFixed = p.dValue % c0Elems != 0 || p.nValue > 255;
    check.require(floatRows16 ? p.dstNzNStride >= 2 && (!pitchFixed || p.dstNzNStride == 2) : p.dstNzNStride == 1,
                  amb, "params.dstNzNStride", p.dstNzNStride, "is not the emulation's row pitch (AMB-33)");
    check.require(p.nValue <= 255 || (p.srcDValue == p.dValue && p.dValue <= 257), amb, "params.srcDValue",
                  p.srcDValue, "must equal dValue <= 257 when nValue > 255 (AMB-33)");
    check.require(p.srcDValue >= std::min<std::uint64_t>(p.dValue, c0Elems), amb, "params.srcDValue", p.srcDValue,
                  "must be >= min(dValue, C0) (AMB-33)");
    check.require((p.dValue - 1) / c0Elems * p.dstNzC0Stride * (kBlock32Bytes / s) <= 65535, amb,
                  "params.dstNzC0Stride", p.dstNzC0Stride, "overflows the emulation's 16-bit offset (AMB-33)");
  }
  if (check.failed()) return check.rejection();
  const std::uint64_t columnBlocks = moves ? (p.dValue + c0Elems - 1) / c0Elems : 0;
  const std::uint64_t rowPitchBytes = kBlock32Bytes * p.dstNzNStride;
  const std::uint64_t blockPitchBytes = kBlock32Bytes * p.dstNzC0Stride;
  std::uint64_t srcSpan = 0;
  std::uint64_t dstSpan = 0;
  if (moves) {
    srcSpan = ((p.nValue - 1u) * std::uint64_t{p.srcDValue} + p.dValue) * s;
    for (std::uint64_t cb = columnBlocks - std::min<std::uint64_t>(columnBlocks, 2); cb < columnBlocks; ++cb) {
      const std::uint64_t bytes = std::min<std::uint64_t>(c0Elems, p.dValue - cb * c0Elems) * s;
      dstSpan = std::max(dstSpan, cb * blockPitchBytes + (p.nValue - 1u) * rowPitchBytes +
                                      (bytes + kBlock32Bytes - 1) / kBlock32Bytes * kBlock32Bytes);
    }
  }
  check.buffers(c, srcSpan, dstSpan);
  if (check.failed()) return check.rejection();
  const auto [from, to] = operandsOf(c, src, dst);
  for (std::uint64_t cb = 0; cb < columnBlocks; ++cb) {
    const std::uint64_t bytes = std::min<std::uint64_t>(c0Elems, p.dValue - cb * c0Elems) * s;
    const std::uint64_t padded = (bytes + kBlock32Bytes - 1) / kBlock32Bytes * kBlock32Bytes;
    for (std::uint64_t r = 0; r < p.nValue; ++r) {
      std::uint8_t* row = to + cb * blockPitchBytes + r * rowPitchBytes;
      std::memmove(row, from + (r * p.srcDValue + cb * c0Elems) * s, bytes);
      std::memset(row + bytes, 0, padded - bytes);
    }
  }
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
  check.range("NZ2ND-1", "params.srcNStride", p.srcNStride, 0, 4095);  // UINT12_MAX
  // NZ2ND-1: several matrices need srcNdMatrixStride*256 % (nValue*sizeof(T)) == 0, as the spec words it
  check.require(check.failed() || p.ndNum <= 1 || (std::uint64_t{p.srcNdMatrixStride} * kFractalElems) % (p.nValue * s) == 0,
                "NZ2ND-1", "params.srcNdMatrixStride", p.srcNdMatrixStride, "*256 a multiple of nValue*sizeof(T)");
  check.range("NZ2ND-1", "params.dstDStride", p.dstDStride, 1, 65535);
  check.range("NZ2ND-1", "params.dstNdMatrixStride", p.dstNdMatrixStride, 1, 65535);
  // NZ2ND-2: row r of column block k is 16 contiguous elements at 16*(k*srcNStride + r) of the matrix
  const ChunkGrid grid{p.nValue, p.dValue / kNzC0Elems, kNzC0Elems * s, {kNzC0Elems * s, kNzC0Elems * p.srcNStride * s},
                       {p.dstDStride * s, kNzC0Elems * s}};
  const std::uint64_t srcMatrixPitchBytes = kFractalElems * p.srcNdMatrixStride * s;
  const std::uint64_t dstMatrixPitchBytes = p.dstNdMatrixStride * s;
  SpanBytes spans;
  if (p.ndNum != 0 && grid.chunks != 0) {
    spans.src = (p.ndNum - 1u) * srcMatrixPitchBytes + (grid.chunks - 1) * grid.src.chunkPitchBytes +
                (grid.rows - 1) * grid.src.rowPitchBytes + grid.chunkBytes;
    spans.dst = (p.ndNum - 1u) * dstMatrixPitchBytes + (grid.rows - 1) * grid.dst.rowPitchBytes + p.dValue * s;
  }
  check.buffers(c, spans.src, spans.dst);
  if (check.failed()) return check.rejection();
  const auto [from, to] = operandsOf(c, src, dst);
  // Streamed when big: each tile's ND rows leave as contiguous runs of dValue elements.
  const bool stream = streamable(to, p.ndNum * p.nValue * p.dValue * s,
                                 {grid.dst.rowPitchBytes, grid.dst.chunkPitchBytes, dstMatrixPitchBytes});
  for (std::uint64_t i = 0; i < p.ndNum; ++i) {
    copyGrid(to + i * dstMatrixPitchBytes, from + i * srcMatrixPitchBytes, grid, stream);
  }
  if (stream) streamFence();
  return {};
}

}  // namespace dcconf::backends::fast
