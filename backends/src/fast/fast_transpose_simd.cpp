// DN2NZ's tile transpose (fast_transpose.hpp), compiled for each Highway target and picked at run time. With L =
// 16 / elementBytes elements per 16 bytes, a tile of 16 n x 2L d is 16 / L sub-tiles of L n; each sub-tile is L
// 256-bit vectors whose low 128 bits hold source row d = j and high 128 bits row d = j + L (L elements along n).
// log2(L) rounds of per-128-bit interleaves transpose both halves at once, so each vector ends as one whole 32-byte
// destination row (d 0..L-1 low, L..2L-1 high), stored in address order. The L vectors stay in registers (32 of
// them on AVX-512 targets, which is where the SSE2 network this replaces spilled).
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>
#include <utility>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "fast_transpose_simd.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "dcconf/backends/fast_simd.hpp"
#include "fast_transpose.hpp"

HWY_BEFORE_NAMESPACE();
namespace dcconf::backends::fast {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX2
constexpr bool kHasKernels = true;

template <std::size_t kBytes>
struct UintOf;
template <> struct UintOf<1> { using type = std::uint8_t; };
template <> struct UintOf<2> { using type = std::uint16_t; };
template <> struct UintOf<4> { using type = std::uint32_t; };
template <> struct UintOf<8> { using type = std::uint64_t; };

using D8 = hn::Full256<std::uint8_t>;
using V8 = hn::Vec<D8>;

constexpr std::size_t bitReversed(std::size_t index, std::size_t lanes) {
  std::size_t out = 0;
  for (std::size_t bit = 1; bit < lanes; bit *= 2) out = out * 2 + ((index & bit) != 0 ? 1 : 0);
  return out;
}

// Round k (kDistance = 2^k) of an in-place L x L transpose per 128-bit half: rows i and i + 2^k (bit k of i clear)
// are interleaved 2^k elements at a time, the low halves into row i, the high halves into row i + 2^k. After log2(L)
// rounds row i holds the source's column bitReversed(i). Index sequences keep every index a constant, so the rows
// stay in registers (a loop over a bit-reversed index put them on the stack).
template <std::size_t kElementBytes, std::size_t kDistance, std::size_t kLanes, std::size_t... kI>
HWY_INLINE void interleaveRounds(V8 (&rows)[kLanes], std::index_sequence<kI...> all) {
  if constexpr (kDistance < kLanes) {
    using G = typename UintOf<kElementBytes * kDistance>::type;
    const hn::Repartition<G, D8> dg;
    const D8 d8;
    const auto pair = [&](auto i) {
      constexpr std::size_t kRow = decltype(i)::value;
      if constexpr ((kRow & kDistance) == 0) {
        const auto a = hn::BitCast(dg, rows[kRow]);
        const auto b = hn::BitCast(dg, rows[kRow + kDistance]);
        rows[kRow] = hn::BitCast(d8, hn::InterleaveLower(dg, a, b));
        rows[kRow + kDistance] = hn::BitCast(d8, hn::InterleaveUpper(dg, a, b));
      }
    };
    (pair(std::integral_constant<std::size_t, kI>{}), ...);
    interleaveRounds<kElementBytes, kDistance * 2>(rows, all);
  }
}

// One sub-tile of L n x 2L d: L vectors loaded, transposed, stored as L destination rows in address order.
template <std::size_t kElementBytes, std::size_t... kJ>
HWY_INLINE void subTile(std::uint8_t* to, std::uint64_t dstRowPitch, const std::uint8_t* from, std::uint64_t srcDPitch,
                        std::index_sequence<kJ...> all) {
  constexpr std::size_t kLanes = sizeof...(kJ);
  const hn::Full128<std::uint8_t> d128;
  const D8 d8;
  V8 rows[kLanes] = {
      hn::Combine(d8, hn::LoadU(d128, from + (kJ + kLanes) * srcDPitch), hn::LoadU(d128, from + kJ * srcDPitch))...};
  interleaveRounds<kElementBytes, 1>(rows, all);
  (hn::StoreU(rows[bitReversed(kJ, kLanes)], d8, to + kJ * dstRowPitch), ...);
}

template <std::size_t kElementBytes>
HWY_INLINE void tile(std::uint8_t* to, std::uint64_t dstRowPitch, const std::uint8_t* from, std::uint64_t srcDPitch) {
  constexpr std::size_t kLanes = 16 / kElementBytes;
  for (std::size_t n0 = 0; n0 < 16; n0 += kLanes) {
    subTile<kElementBytes>(to + n0 * dstRowPitch, dstRowPitch, from + n0 * kElementBytes, srcDPitch,
                           std::make_index_sequence<kLanes>());
  }
}

// A contiguous output run streamed through an L1 stage laid out with the destination's line offset, so that every
// whole destination line leaves as one 64-byte non-temporal store (two 32-byte ones on AVX2) whatever the
// destination's alignment (a bench buffer from malloc starts 16 bytes into a line; 16-byte streaming stores there
// ran at half the speed); the run's partial first and last lines are plain stores.
class LineStreamer {
 public:
  static constexpr std::uint64_t kLine = 64;
  static constexpr std::uint64_t kFlushBytes = 4096;

  explicit LineStreamer(std::uint8_t* dst)
      : skew_(reinterpret_cast<std::uintptr_t>(dst) % kLine), line_(dst - skew_), fill_(skew_) {}
  // Where the next `bytes` (at most 512) of the run go; call produced(bytes) once they are written.
  std::uint8_t* next() { return stage_ + fill_; }
  void produced(std::uint64_t bytes) {
    fill_ += bytes;
    if (fill_ >= kFlushBytes) flushWholeLines();
  }
  void finish() {
    flushWholeLines();
    const std::uint64_t from = first_ ? skew_ : 0;
    if (fill_ > from) std::memcpy(line_ + from, stage_ + from, fill_ - from);
  }

 private:
  void flushWholeLines() {
    const hn::ScalableTag<std::uint8_t> d;
    const std::uint64_t whole = fill_ / kLine * kLine;
    for (std::uint64_t at = 0; at < whole; at += kLine) {
      if (at == 0 && first_ && skew_ != 0) {  // the run's first line is partial
        std::memcpy(line_ + skew_, stage_ + skew_, kLine - skew_);
        continue;
      }
      for (std::uint64_t k = 0; k < kLine; k += hn::Lanes(d)) hn::Stream(hn::Load(d, stage_ + at + k), d, line_ + at + k);
    }
    if (whole == 0) return;
    std::memcpy(stage_, stage_ + whole, fill_ - whole);  // the partial last line, at most 63 bytes
    line_ += whole;
    fill_ -= whole;
    first_ = false;
  }

  alignas(64) std::uint8_t stage_[kFlushBytes + 512 + kLine];
  std::uint64_t skew_;
  std::uint8_t* line_;   // the destination line stage_[0] maps to
  std::uint64_t fill_;   // bytes of stage_ in use (the first skew_ of the first line are not the run's)
  bool first_ = true;
};

// A staged row, a multiple of 16 bytes: vector moves (memcpy's `rep movsq` at these sizes took half the kernel's
// samples).
HWY_INLINE void copyRow(std::uint8_t* to, const std::uint8_t* from, std::uint64_t bytes) {
  const D8 d8;
  const hn::Full128<std::uint8_t> d128;
  std::uint64_t at = 0;
  for (; at + 32 <= bytes; at += 32) hn::StoreU(hn::LoadU(d8, from + at), d8, to + at);
  if (at < bytes) hn::StoreU(hn::LoadU(d128, from + at), d128, to + at);
}

// The tiles of up to 256 n at a time: their 2L source rows are first copied, each row in one sequential run, into an
// 8 KiB L1 stage that the tiles then read. Read straight from the source, 16 bytes from each of 2L rows per
// sub-tile, the same bytes came at a third of memcpy's speed (a stand-alone loop of the bench's int8 shape: 2.2 GB/s
// against 6.4 GB/s for memcpy and 54 GB/s with the rows already in L1); staged, at about memcpy's.
template <std::size_t kElementBytes, class Out>
void transposeTilesStaged(const std::uint8_t* src, std::uint64_t srcDPitch, std::uint64_t tiles, Out& out) {
  constexpr std::uint64_t kRows = 32 / kElementBytes;
  constexpr std::uint64_t kGroupTiles = 16;
  alignas(64) std::uint8_t rows[kRows * kGroupTiles * 16 * kElementBytes];
  for (std::uint64_t g = 0; g < tiles; g += kGroupTiles) {
    const std::uint64_t groupTiles = std::min(kGroupTiles, tiles - g);
    const std::uint64_t rowBytes = groupTiles * 16 * kElementBytes;
    for (std::uint64_t d = 0; d < kRows; ++d) copyRow(rows + d * rowBytes, src + d * srcDPitch + g * 16 * kElementBytes, rowBytes);
    for (std::uint64_t t = 0; t < groupTiles; ++t) {
      out.tile(g + t, [&](std::uint8_t* to, std::uint64_t dstRowPitch) {
        tile<kElementBytes>(to, dstRowPitch, rows + t * 16 * kElementBytes, rowBytes);
      });
    }
  }
}

// Plain stores: tile t's rows at dst + (16t + n) * dstRowPitch.
struct DirectOut {
  std::uint8_t* dst;
  std::uint64_t dstRowPitch;
  template <class Write>
  void tile(std::uint64_t t, const Write& write) { write(dst + 16 * t * dstRowPitch, dstRowPitch); }
};

// Streamed: dstRowPitch is 32, so the tiles' rows are one contiguous run.
struct StreamedOut {
  LineStreamer& streamer;
  template <class Write>
  void tile(std::uint64_t, const Write& write) {
    write(streamer.next(), 32);
    streamer.produced(16 * 32);
  }
};

template <std::size_t kElementBytes>
void transposeTiles(std::uint8_t* dst, std::uint64_t dstRowPitch, const std::uint8_t* src, std::uint64_t srcDPitch,
                    std::uint64_t tiles, bool stream) {
  if (!stream) {
    DirectOut out{dst, dstRowPitch};
    return transposeTilesStaged<kElementBytes>(src, srcDPitch, tiles, out);
  }
  LineStreamer streamer(dst);
  StreamedOut out{streamer};
  transposeTilesStaged<kElementBytes>(src, srcDPitch, tiles, out);
  streamer.finish();
}

#else
constexpr bool kHasKernels = false;
#endif

std::uint64_t TransposeTiles(std::uint64_t elementBytes, std::uint8_t* dst, std::uint64_t dstRowPitch,
                             const std::uint8_t* src, std::uint64_t srcDPitch, std::uint64_t tiles, bool stream) {
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX2
  switch (elementBytes) {
    case 1: transposeTiles<1>(dst, dstRowPitch, src, srcDPitch, tiles, stream); return tiles;
    case 2: transposeTiles<2>(dst, dstRowPitch, src, srcDPitch, tiles, stream); return tiles;
    case 4: transposeTiles<4>(dst, dstRowPitch, src, srcDPitch, tiles, stream); return tiles;
    default: return 0;
  }
#else
  (void)elementBytes, (void)dst, (void)dstRowPitch, (void)src, (void)srcDPitch, (void)tiles, (void)stream;
  return 0;
#endif
}

bool HasTransposeKernels() { return kHasKernels; }

}  // namespace HWY_NAMESPACE
}  // namespace dcconf::backends::fast
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace dcconf::backends::fast {
namespace {
HWY_EXPORT(TransposeTiles);
HWY_EXPORT(HasTransposeKernels);
}  // namespace

bool transposeSimdUsable() {
  // fastSimdTarget() is "scalar" when the fast backend's SIMD kernels are turned off (tests) or this CPU lacks AVX2;
  // it runs CPUID (slow in a VM), hence once per copy
  return HWY_DYNAMIC_DISPATCH(HasTransposeKernels)() && fastSimdTarget() != std::string_view("scalar");
}

std::uint64_t transposeTilesSimd(std::uint64_t elementBytes, std::uint8_t* dst, std::uint64_t dstRowPitch,
                                 const std::uint8_t* src, std::uint64_t srcDPitch, std::uint64_t tiles, bool stream) {
  return HWY_DYNAMIC_DISPATCH(TransposeTiles)(elementBytes, dst, dstRowPitch, src, srcDPitch, tiles, stream);
}

}  // namespace dcconf::backends::fast
#endif  // HWY_ONCE
