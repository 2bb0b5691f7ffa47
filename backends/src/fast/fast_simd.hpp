// The quantising copy's SIMD kernels (fast_quant_simd.cpp, Highway with runtime dispatch). They exist only for x86
// targets with AVX2 and F16C or better, whose conversions round as FIX-6 says; on any other CPU (or when a test
// turns them off) convertSimd converts nothing and the scalar kernels of fast_fixpipe.cpp do all the work. Both give
// the same bytes: the SIMD lanes compute exactly what the scalar code does (double products, round to nearest even,
// NaN as the quiet NaN with the value's sign).
#pragma once

#include <cstdint>
#include "dcconf/backends/fast_simd.hpp"

namespace dcconf::backends::fast {

// FIX-5 parameters per lane. Element k of a kernel call uses column k % 16 (one L0C fractal row is 16 columns), and
// the tables repeat the 16 columns twice so a vector starting at any column loads contiguous lanes.
struct LaneParams {
  static constexpr unsigned kColumns = 16;
  alignas(64) float scale[2 * kColumns];  // M1 is an fp32 (FIX-5)
  alignas(64) std::int32_t shift[2 * kColumns];
  alignas(64) std::int32_t mcb[2 * kColumns];  // 1: MCB shift with int16 saturation
  alignas(64) std::int32_t offset[2 * kColumns];
  alignas(64) std::int32_t lo[2 * kColumns];  // the 8-bit result's range: [-128, 127] or [0, 255]
  alignas(64) std::int32_t hi[2 * kColumns];
  bool anyMcb = false;             // some column shifts: the kernels skip the shift otherwise
  bool anySubnormalScale = false;  // some column's M1 is a subnormal fp32
};

enum class SimdKernel : std::uint8_t { floatToHalf, floatToBf16, deqToHalf, intTo8, floatTo8 };

struct SimdFlags {
  bool relu = false;             // reluPre
  bool reluAfterOffset = false;  // AMB-11's second reading
};

// Converts a prefix of elements [0, count) (whole rows of 16) and returns its length; 0 when SIMD is off or
// unavailable. The source is contiguous; the results of each row of 16 elements are contiguous, rows
// dstRowPitchBytes apart (16 * element bytes: one contiguous run). The caller converts the rest with the scalar
// kernel, starting at the returned index.
std::uint64_t convertSimd(SimdKernel kernel, const std::uint8_t* src, std::uint8_t* dst, std::uint64_t count,
                          std::uint64_t dstRowPitchBytes, const LaneParams& lanes, SimdFlags flags);

}  // namespace dcconf::backends::fast
