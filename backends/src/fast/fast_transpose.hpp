// DN2NZ's SIMD tile transpose (fast_transpose_simd.cpp, Highway with runtime dispatch). Kernels exist only for x86
// targets with AVX2 or better (256-bit vectors, one destination row of 32 bytes each); on other CPUs, or when the
// fast backend's SIMD kernels are turned off (setFastSimdEnabled), transposeSimdUsable() is false and the caller's
// scalar loop does the work. A transpose has no arithmetic: both give the same bytes.
#pragma once

#include <cstdint>

namespace dcconf::backends::fast {

// Whether transposeTilesSimd has kernels on this CPU and the fast backend's SIMD is on: ask once per copy.
bool transposeSimdUsable();

// Transposes `tiles` full tiles of 16 n x C0 d (C0 = 32 / elementBytes; elementBytes 1, 2 or 4) along n: tile t
// reads element (d, n) at src + d*srcDPitch + (16t + n)*elementBytes and writes it at dst + (16t + n)*dstRowPitch +
// d*elementBytes (DN2NZ-1 within one column block). stream: non-temporal stores of whole lines (dstRowPitch
// must be 32: the tiles' rows are one contiguous run; any dst alignment). Call only when transposeSimdUsable(); returns `tiles`.
std::uint64_t transposeTilesSimd(std::uint64_t elementBytes, std::uint8_t* dst, std::uint64_t dstRowPitch,
                                 const std::uint8_t* src, std::uint64_t srcDPitch, std::uint64_t tiles, bool stream);

}  // namespace dcconf::backends::fast
