// SIMD kernels of the quantising copy (FIX-6), compiled for each Highway target and picked at run time
// (fast_simd.hpp). Each lane computes what the scalar kernels in fast_fixpipe.cpp compute, in the same order:
// - F322F16: ReLU on the bits, then one round to nearest even (F16C), NaN as the quiet NaN with its sign;
// - F322BF16: integer rounding to nearest even on the bits, NaN likewise;
// - the scaled modes: y = f32(x) (after the MCB shift) times M1, which the scalar code forms exactly in double, is
//   here the float product p plus its exact rest y - p (one FMA), so a vector holds as many lanes as floats;
// - DEQF16: y -> half in one rounding: y rounded to odd in float (p stepped toward zero when beyond y, the last bit
//   set when inexact), which keeps the F16C rounding to half exact (float has more than 11 + 2 significand bits),
//   saturated to +-65504 first (FIX-6);
// - 8-bit results: y clamped to [-256, 255], rounded half to even (p's rounding, the rest breaking p's exact ties),
//   plus the offset, saturated.
// Only x86 targets with AVX2 (and so F16C and FMA) get kernels: Highway's half conversion without F16C does not
// round to nearest even, and the rest needs a fused multiply-subtract, so older CPUs keep the scalar path.
#include <atomic>
#include <cstdint>
#include <cstring>
#include <utility>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "fast_quant_simd.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "fast_simd.hpp"

HWY_BEFORE_NAMESPACE();
namespace dcconf::backends::fast {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX2
constexpr bool kHasKernels = true;

// Where element k's result goes: rows of 16 elements (one L0C fractal row), pitch bytes apart. A vector never
// straddles two rows (16 is a multiple of every lane count here).
HWY_INLINE std::uint8_t* outputAt(std::uint8_t* dst, std::uint64_t k, std::uint64_t pitch, std::uint64_t elementBytes) {
  return dst + k / LaneParams::kColumns * pitch + k % LaneParams::kColumns * elementBytes;
}

// Converts the leading multiple of 16 elements.
template <class Body>
HWY_INLINE std::uint64_t forEachVector(std::uint64_t count, std::uint64_t lanes, const Body& body) {
  const std::uint64_t done = count / LaneParams::kColumns * LaneParams::kColumns;
  for (std::uint64_t k = 0; k < done; k += lanes) body(k);
  return done;
}

std::uint64_t FloatToHalf(const std::uint8_t* src, std::uint8_t* dst, std::uint64_t count, std::uint64_t pitch,
                          bool relu) {
  const hn::ScalableTag<float> df;
  const hn::RebindToSigned<decltype(df)> di;
  const hn::Rebind<hwy::float16_t, decltype(df)> dh;
  const auto quietNaN = hn::BitCast(df, hn::Set(di, 0x7FC00000));
  return forEachVector(count, hn::Lanes(df), [&](std::uint64_t k) {
    auto bits = hn::LoadU(di, reinterpret_cast<const std::int32_t*>(src) + k);
    if (relu) bits = hn::IfThenZeroElse(hn::Lt(bits, hn::Zero(di)), bits);  // sign set (-0, NaN too) -> +0
    auto f = hn::BitCast(df, bits);
    f = hn::IfThenElse(hn::IsNaN(f), hn::CopySign(quietNaN, f), f);
    hn::StoreU(hn::DemoteTo(dh, f), dh, reinterpret_cast<hwy::float16_t*>(outputAt(dst, k, pitch, 2)));
  });
}

std::uint64_t FloatToBf16(const std::uint8_t* src, std::uint8_t* dst, std::uint64_t count, std::uint64_t pitch,
                          bool relu) {
  const hn::ScalableTag<std::int32_t> di;
  const hn::RebindToUnsigned<decltype(di)> du;
  const hn::Rebind<std::uint16_t, decltype(di)> d16;
  return forEachVector(count, hn::Lanes(di), [&](std::uint64_t k) {
    auto f = hn::LoadU(di, reinterpret_cast<const std::int32_t*>(src) + k);
    if (relu) f = hn::IfThenZeroElse(hn::Lt(f, hn::Zero(di)), f);
    const auto isNaN = hn::Gt(hn::And(f, hn::Set(di, 0x7FFFFFFF)), hn::Set(di, 0x7F800000));
    const auto lsb = hn::And(hn::ShiftRight<16>(f), hn::Set(di, 1));
    const auto rounded = hn::ShiftRight<16>(hn::BitCast(du, hn::Add(hn::Add(f, hn::Set(di, 0x7FFF)), lsb)));
    const auto nan = hn::Or(hn::And(hn::ShiftRight<16>(f), hn::Set(di, 0x8000)), hn::Set(di, 0x7FC0));
    const auto out = hn::IfThenElse(isNaN, nan, hn::BitCast(di, rounded));
    hn::StoreU(hn::DemoteTo(d16, out), d16, reinterpret_cast<std::uint16_t*>(outputAt(dst, k, pitch, 2)));
  });
}

// The elements' values as floats: an int32 source after the optional MCB shift (saturated to int16) and the
// rounding to f32, or a float source as it is.
template <class DF>
HWY_INLINE hn::Vec<DF> intSource(DF df, const std::uint8_t* src, std::uint64_t k, const LaneParams& lanes) {
  const hn::RebindToSigned<DF> di;
  const auto x = hn::LoadU(di, reinterpret_cast<const std::int32_t*>(src) + k);
  if (!lanes.anyMcb) return hn::ConvertTo(df, x);
  const std::uint64_t column = k % LaneParams::kColumns;
  const auto shifted = hn::Min(hn::Max(hn::operator>>(x, hn::LoadU(di, lanes.shift + column)), hn::Set(di, -32768)),
                               hn::Set(di, 32767));
  return hn::ConvertTo(df, hn::IfThenElse(hn::Eq(hn::LoadU(di, lanes.mcb + column), hn::Set(di, 1)), shifted, x));
}
// A float source with its column's scale. A subnormal source v = m * 2^-149 comes as m * 2^-85 (normal, exact)
// with the scale times 2^-64: the same product, and no subnormal operand (see FlushSubnormals). The scale times
// 2^-64 is exact or, below 2^-62, makes a product under 2^-188, which rounds to zero whatever the scale reads.
template <class DF>
HWY_INLINE std::pair<hn::Vec<DF>, hn::Vec<DF>> floatSource(DF df, const std::uint8_t* src, std::uint64_t k,
                                                const LaneParams& lanes) {
  const hn::RebindToSigned<DF> di;
  const auto bits = hn::LoadU(di, reinterpret_cast<const std::int32_t*>(src) + k);
  const auto scale = hn::LoadU(df, lanes.scale + k % LaneParams::kColumns);
  const auto magnitude = hn::And(bits, hn::Set(di, 0x7FFFFFFF));
  const auto subnormal = hn::RebindMask(df, hn::And(hn::Lt(magnitude, hn::Set(di, 0x00800000)),
                                                    hn::Ne(magnitude, hn::Zero(di))));
  const auto v = hn::BitCast(df, bits);
  const auto rescaled = hn::CopySign(hn::Mul(hn::ConvertTo(df, magnitude), hn::Set(df, 0x1p-85F)), v);
  return {hn::IfThenElse(subnormal, rescaled, v),
          hn::IfThenElse(subnormal, hn::Mul(scale, hn::Set(df, 0x1p-64F)), scale)};
}
template <class DF>
HWY_INLINE std::pair<hn::Vec<DF>, hn::Vec<DF>> intSourceAndScale(DF df, const std::uint8_t* src, std::uint64_t k,
                                                      const LaneParams& lanes) {
  return {intSource(df, src, k, lanes), hn::LoadU(df, lanes.scale + k % LaneParams::kColumns)};
}

// The product y = v * (M2 = 0 for negative v under ReLU at the scale, else M1) as the nearest float p and the exact
// rest y - p (FMA): a 24-bit by 11-bit product needs 35 bits, so p alone may round it, but p and the rest together
// are y (the rest is exact but for products below 2^-100, which every conversion here takes to zero anyway).
template <class DF>
struct Product {
  hn::Vec<DF> nearest, rest;
};
template <class DF>
HWY_INLINE Product<DF> product(DF df, hn::Vec<DF> v, hn::Vec<DF> scale, bool reluAtScale) {
  if (reluAtScale) scale = hn::IfThenZeroElse(hn::Lt(v, hn::Zero(df)), scale);
  const auto nearest = hn::Mul(v, scale);
  return {nearest, hn::MulSub(v, scale, nearest)};
}

std::uint64_t DeqToHalf(const std::uint8_t* src, std::uint8_t* dst, std::uint64_t count, std::uint64_t pitch,
                        const LaneParams& lanes, bool relu) {
  const hn::ScalableTag<float> df;
  const hn::RebindToSigned<decltype(df)> di;
  const hn::Rebind<hwy::float16_t, decltype(df)> dh;
  const hn::Rebind<std::uint16_t, decltype(df)> du16;
  const auto quietNaN = hn::BitCast(df, hn::Set(di, 0x7FC00000));
  const auto negativeZero = hn::Set(du16, 0x8000);
  const auto zero = hn::Zero(df);
  const auto halfMax = hn::Set(df, 65504.0F);
  return forEachVector(count, hn::Lanes(df), [&](std::uint64_t k) {
    const auto [v, scale] = intSourceAndScale(df, src, k, lanes);
    const auto [p, rest] = product(df, v, scale, relu);
    // y rounded to odd: p, one step toward zero when p is beyond y, and the last bit set when p != y; the F16C
    // rounding to half of that is y's (float keeps more than 11 + 2 significand bits). A NaN rest (inf product)
    // leaves p alone.
    const auto away = hn::Or(hn::And(hn::Gt(p, zero), hn::Lt(rest, zero)), hn::And(hn::Lt(p, zero), hn::Gt(rest, zero)));
    const auto inexact = hn::Gt(hn::Abs(rest), zero);
    const auto one = hn::Set(di, 1);
    auto f = hn::BitCast(df, hn::Or(hn::Sub(hn::BitCast(di, p), hn::IfThenElseZero(hn::RebindMask(di, away), one)),
                                    hn::IfThenElseZero(hn::RebindMask(di, inexact), one)));
    // FIX-6 (rev. 2026-12): past the half range saturates to +-65504, never inf (NaN stays NaN)
    f = hn::IfThenElse(hn::IsNaN(f), hn::CopySign(quietNaN, f), hn::Min(hn::Max(f, hn::Neg(halfMax)), halfMax));
    // FIX-6a: the zero offset is added after the conversion to half, so a -0.0 result (ReLU'd negative, zero
    // product, underflow) comes out +0.0
    const auto h = hn::BitCast(du16, hn::DemoteTo(dh, f));
    hn::StoreU(hn::IfThenZeroElse(hn::Eq(h, negativeZero), h), du16,
               reinterpret_cast<std::uint16_t*>(outputAt(dst, k, pitch, 2)));
  });
}

template <class Source>
std::uint64_t To8(const std::uint8_t* src, std::uint8_t* dst, std::uint64_t count, std::uint64_t pitch, const LaneParams& lanes,
                  SimdFlags flags, const Source& source) {
  const hn::ScalableTag<float> df;
  const hn::RebindToSigned<decltype(df)> di;
  const hn::Rebind<std::uint8_t, decltype(df)> d8;
  const bool reluAtScale = flags.relu && !flags.reluAfterOffset;
  const bool reluAfterOffset = flags.relu && flags.reluAfterOffset;
  const auto zero = hn::Zero(df);
  const auto halfUnit = hn::Set(df, 0.5F);
  return forEachVector(count, hn::Lanes(df), [&](std::uint64_t k) {
    const std::uint64_t column = k % LaneParams::kColumns;
    const auto [v, scale] = source(df, src, k, lanes);
    const auto [p, rest] = product(df, v, scale, reluAtScale);
    const auto notNaN = hn::RebindMask(di, hn::Not(hn::IsNaN(p)));  // NaN (source, or 0 * inf) gives 0
    // y clamped to [-256, 255] and rounded half to even: p's rounding, but for a p exactly half-way between two
    // integers, where y's side of it (the rest's sign) decides and only an exact tie goes to even. p != y never
    // straddles a half-way point (they are floats here, and y is nearer p than any other float).
    const auto clamped = hn::Min(hn::Max(p, hn::Set(df, -256.0F)), hn::Set(df, 255.0F));
    auto rounded = hn::Round(clamped);
    const auto tie = hn::Eq(hn::Abs(hn::Sub(clamped, rounded)), halfUnit);
    rounded = hn::IfThenElse(hn::And(tie, hn::Gt(rest, zero)), hn::Add(clamped, halfUnit), rounded);
    rounded = hn::IfThenElse(hn::And(tie, hn::Lt(rest, zero)), hn::Sub(clamped, halfUnit), rounded);
    auto q = hn::Add(hn::ConvertTo(di, rounded), hn::LoadU(di, lanes.offset + column));
    if (reluAfterOffset) q = hn::Max(q, hn::Zero(di));
    q = hn::Min(hn::Max(q, hn::LoadU(di, lanes.lo + column)), hn::LoadU(di, lanes.hi + column));
    const auto byte = hn::IfThenElseZero(notNaN, hn::And(q, hn::Set(di, 0xFF)));
    hn::StoreU(hn::DemoteTo(d8, byte), d8, outputAt(dst, k, pitch, 1));
  });
}
// Subnormal operands and results cost x86 a microcode assist per instruction (QF322B8_PRE ran 40% slower on the
// bench's source bytes), so the float-to-8-bit kernel runs with DAZ and FTZ set, which changes no byte: subnormal
// sources come rescaled (floatSource); a product that would be subnormal rounds to 0 either way; the FMA rest only
// matters at a tie, |y| >= 0.5, where it is 0 or at least 2^-36 (the exact product has 35 significant bits). A
// subnormal M1 would read as zero under DAZ, so a call with one keeps the mode as it is.
class FlushSubnormals {
 public:
  explicit FlushSubnormals(bool on) : saved_(_mm_getcsr()), on_(on) {
    if (on_) _mm_setcsr(saved_ | kDazFtz);
  }
  ~FlushSubnormals() {
    if (on_) _mm_setcsr(saved_);
  }
  FlushSubnormals(const FlushSubnormals&) = delete;
  FlushSubnormals& operator=(const FlushSubnormals&) = delete;

 private:
  static constexpr unsigned kDazFtz = 0x8040;  // MXCSR bit 15 (flush to zero) and bit 6 (denormals are zero)
  unsigned saved_;
  bool on_;
};
#else
constexpr bool kHasKernels = false;
#endif

std::uint64_t Convert(SimdKernel kernel, const std::uint8_t* src, std::uint8_t* dst, std::uint64_t count,
                      std::uint64_t pitch, const LaneParams* lanes, SimdFlags flags) {
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX2
  const auto fromInt = [](auto d, const std::uint8_t* s, std::uint64_t k, const LaneParams& l) {
    return intSourceAndScale(d, s, k, l);
  };
  const auto fromFloat = [](auto d, const std::uint8_t* s, std::uint64_t k, const LaneParams& l) {
    return floatSource(d, s, k, l);
  };
  switch (kernel) {
    case SimdKernel::floatToHalf: return FloatToHalf(src, dst, count, pitch, flags.relu);
    case SimdKernel::floatToBf16: return FloatToBf16(src, dst, count, pitch, flags.relu);
    case SimdKernel::deqToHalf: return DeqToHalf(src, dst, count, pitch, *lanes, flags.relu);
    case SimdKernel::intTo8: return To8(src, dst, count, pitch, *lanes, flags, fromInt);
    case SimdKernel::floatTo8: {
      const FlushSubnormals flush(!lanes->anySubnormalScale);
      return To8(src, dst, count, pitch, *lanes, flags, fromFloat);
    }
  }
#else
  (void)kernel, (void)src, (void)dst, (void)count, (void)pitch, (void)lanes, (void)flags;
#endif
  return 0;
}

bool HasKernels() { return kHasKernels; }

}  // namespace HWY_NAMESPACE
}  // namespace dcconf::backends::fast
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace dcconf::backends::fast {
namespace {

HWY_EXPORT(Convert);
HWY_EXPORT(HasKernels);

std::atomic<bool> simdEnabled{true};

bool simdUsable() { return simdEnabled.load(std::memory_order_relaxed) && HWY_DYNAMIC_DISPATCH(HasKernels)(); }

}  // namespace

std::uint64_t convertSimd(SimdKernel kernel, const std::uint8_t* src, std::uint8_t* dst, std::uint64_t count,
                          std::uint64_t dstRowPitchBytes, const LaneParams& lanes, SimdFlags flags) {
  if (!simdUsable()) return 0;
  return HWY_DYNAMIC_DISPATCH(Convert)(kernel, src, dst, count, dstRowPitchBytes, &lanes, flags);
}

}  // namespace dcconf::backends::fast

namespace dcconf::backends {

std::string_view fastSimdTarget() {
  if (!fast::simdUsable()) return "scalar";
  // the best target this CPU supports among those compiled in, which is the one HWY_DYNAMIC_DISPATCH calls
  const std::int64_t supported = hwy::SupportedTargets() & HWY_TARGETS;
  return hwy::TargetName(supported & -supported);
}

bool setFastSimdEnabled(bool enabled) { return fast::simdEnabled.exchange(enabled); }

}  // namespace dcconf::backends
#endif  // HWY_ONCE
