// SIMD kernels of the quantising copy (FIX-6), compiled for each Highway target and picked at run time
// (fast_simd.hpp). Each lane computes what the scalar kernels in fast_fixpipe.cpp compute, in the same order:
// - F322F16: ReLU on the bits, then one round to nearest even (F16C), NaN as the quiet NaN with its sign;
// - F322BF16: integer rounding to nearest even on the bits, NaN likewise;
// - DEQF16: f32(x) (after the MCB shift) times M1 exactly in double, then double -> half in one rounding: the
//   double is first rounded to float by round-to-odd (truncate, set the last bit when inexact), which keeps the
//   F16C rounding to half exact (float has more than 11 + 2 significand bits);
// - 8-bit results: the double product clamped to [-256, 255], rounded half to even, plus the offset, saturated.
// Only x86 targets with AVX2 (and so F16C) get kernels: Highway's half conversion without F16C does not round to
// nearest even, so older CPUs keep the scalar path.
#include <atomic>
#include <cstdint>
#include <cstring>

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

// Converts the leading multiple of 16 elements (16 is a multiple of every lane count here).
template <class Body>
std::uint64_t forEachVector(std::uint64_t count, std::uint64_t lanes, const Body& body) {
  const std::uint64_t done = count / LaneParams::kColumns * LaneParams::kColumns;
  for (std::uint64_t k = 0; k < done; k += lanes) body(k);
  return done;
}

std::uint64_t FloatToHalf(const std::uint8_t* src, std::uint8_t* dst, std::uint64_t count, bool relu) {
  const hn::ScalableTag<float> df;
  const hn::RebindToSigned<decltype(df)> di;
  const hn::Rebind<hwy::float16_t, decltype(df)> dh;
  const auto quietNaN = hn::BitCast(df, hn::Set(di, 0x7FC00000));
  return forEachVector(count, hn::Lanes(df), [&](std::uint64_t k) {
    auto bits = hn::LoadU(di, reinterpret_cast<const std::int32_t*>(src) + k);
    if (relu) bits = hn::IfThenZeroElse(hn::Lt(bits, hn::Zero(di)), bits);  // sign set (-0, NaN too) -> +0
    auto f = hn::BitCast(df, bits);
    f = hn::IfThenElse(hn::IsNaN(f), hn::CopySign(quietNaN, f), f);
    hn::StoreU(hn::DemoteTo(dh, f), dh, reinterpret_cast<hwy::float16_t*>(dst) + k);
  });
}

std::uint64_t FloatToBf16(const std::uint8_t* src, std::uint8_t* dst, std::uint64_t count, bool relu) {
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
    hn::StoreU(hn::DemoteTo(d16, out), d16, reinterpret_cast<std::uint16_t*>(dst) + k);
  });
}

// The elements' values as doubles: an int32 source after the optional MCB shift (saturated to int16) and the
// rounding to f32, or a float source widened.
template <class D64>
hn::Vec<D64> intSource(D64 d64, const std::uint8_t* src, std::uint64_t k, const LaneParams& lanes) {
  const hn::Rebind<std::int32_t, D64> di;
  const hn::Rebind<float, D64> df;
  const std::uint64_t column = k % LaneParams::kColumns;
  const auto x = hn::LoadU(di, reinterpret_cast<const std::int32_t*>(src) + k);
  const auto shifted = hn::Min(hn::Max(hn::operator>>(x, hn::LoadU(di, lanes.shift + column)), hn::Set(di, -32768)),
                               hn::Set(di, 32767));
  const auto v = hn::IfThenElse(hn::Eq(hn::LoadU(di, lanes.mcb + column), hn::Set(di, 1)), shifted, x);
  return hn::PromoteTo(d64, hn::ConvertTo(df, v));
}
template <class D64>
hn::Vec<D64> floatSource(D64 d64, const std::uint8_t* src, std::uint64_t k, const LaneParams&) {
  const hn::Rebind<float, D64> df;
  return hn::PromoteTo(d64, hn::LoadU(df, reinterpret_cast<const float*>(src) + k));
}

// v * (M2 = 0 for negative v under ReLU at the scale, else M1): exact in double.
template <class D64>
hn::Vec<D64> scaled(D64 d64, hn::Vec<D64> v, std::uint64_t k, const LaneParams& lanes, bool reluAtScale) {
  auto scale = hn::LoadU(d64, lanes.scale + k % LaneParams::kColumns);
  if (reluAtScale) scale = hn::IfThenZeroElse(hn::Lt(v, hn::Zero(d64)), scale);
  return hn::Mul(v, scale);
}

// A 0/1 int32 per lane from a double-lane mask (the lane widths differ, so the mask goes through a value).
template <class D64>
hn::Vec<hn::Rebind<std::int32_t, D64>> oneWhere(D64 d64, hn::Mask<D64> m) {
  return hn::DemoteTo(hn::Rebind<std::int32_t, D64>(), hn::IfThenElseZero(m, hn::Set(d64, 1.0)));
}

std::uint64_t DeqToHalf(const std::uint8_t* src, std::uint8_t* dst, std::uint64_t count, const LaneParams& lanes,
                        bool relu) {
  const hn::ScalableTag<double> d64;
  const hn::Rebind<float, decltype(d64)> df;
  const hn::Rebind<std::int32_t, decltype(d64)> di;
  const hn::Rebind<hwy::float16_t, decltype(d64)> dh;
  const hn::Rebind<std::uint16_t, decltype(d64)> du16;
  const auto quietNaN = hn::BitCast(df, hn::Set(di, 0x7FC00000));
  const auto negativeZero = hn::Set(du16, 0x8000);
  return forEachVector(count, hn::Lanes(d64), [&](std::uint64_t k) {
    const auto y = scaled(d64, intSource(d64, src, k, lanes), k, lanes, relu);
    // round to odd: the nearest float, one step toward zero when that rounded away, and the last bit set if inexact
    const auto nearest = hn::DemoteTo(df, y);
    const auto back = hn::PromoteTo(d64, nearest);
    const auto away = oneWhere(d64, hn::Gt(hn::Abs(back), hn::Abs(y)));
    const auto inexact = oneWhere(d64, hn::Ne(back, y));
    auto f = hn::BitCast(df, hn::Or(hn::Sub(hn::BitCast(di, nearest), away), inexact));
    f = hn::IfThenElse(hn::IsNaN(f), hn::CopySign(quietNaN, f), f);
    // FIX-6a: the zero offset is added after the conversion to half, so a -0.0 result (ReLU'd negative, zero
    // product, underflow) comes out +0.0
    const auto h = hn::BitCast(du16, hn::DemoteTo(dh, f));
    hn::StoreU(hn::IfThenZeroElse(hn::Eq(h, negativeZero), h), du16, reinterpret_cast<std::uint16_t*>(dst) + k);
  });
}

template <class Source>
std::uint64_t To8(const std::uint8_t* src, std::uint8_t* dst, std::uint64_t count, const LaneParams& lanes,
                  SimdFlags flags, const Source& source) {
  const hn::ScalableTag<double> d64;
  const hn::Rebind<std::int32_t, decltype(d64)> di;
  const hn::Rebind<std::uint8_t, decltype(d64)> d8;
  const bool reluAtScale = flags.relu && !flags.reluAfterOffset;
  const bool reluAfterOffset = flags.relu && flags.reluAfterOffset;
  return forEachVector(count, hn::Lanes(d64), [&](std::uint64_t k) {
    const std::uint64_t column = k % LaneParams::kColumns;
    const auto y = scaled(d64, source(d64, src, k, lanes), k, lanes, reluAtScale);
    const auto notNaN = oneWhere(d64, hn::Not(hn::IsNaN(y)));  // NaN (source, or 0 * inf) gives 0
    const auto clamped = hn::Min(hn::Max(y, hn::Set(d64, -256.0)), hn::Set(d64, 255.0));
    auto q = hn::Add(hn::DemoteTo(di, hn::Round(clamped)), hn::LoadU(di, lanes.offset + column));
    if (reluAfterOffset) q = hn::Max(q, hn::Zero(di));
    q = hn::Min(hn::Max(q, hn::LoadU(di, lanes.lo + column)), hn::LoadU(di, lanes.hi + column));
    const auto byte = hn::And(hn::And(q, hn::Set(di, 0xFF)), hn::Sub(hn::Zero(di), notNaN));
    hn::StoreU(hn::DemoteTo(d8, byte), d8, dst + k);
  });
}
#else
constexpr bool kHasKernels = false;
#endif

std::uint64_t Convert(SimdKernel kernel, const std::uint8_t* src, std::uint8_t* dst, std::uint64_t count,
                      const LaneParams* lanes, SimdFlags flags) {
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX2
  const auto fromInt = [](auto d, const std::uint8_t* s, std::uint64_t k, const LaneParams& l) {
    return intSource(d, s, k, l);
  };
  const auto fromFloat = [](auto d, const std::uint8_t* s, std::uint64_t k, const LaneParams& l) {
    return floatSource(d, s, k, l);
  };
  switch (kernel) {
    case SimdKernel::floatToHalf: return FloatToHalf(src, dst, count, flags.relu);
    case SimdKernel::floatToBf16: return FloatToBf16(src, dst, count, flags.relu);
    case SimdKernel::deqToHalf: return DeqToHalf(src, dst, count, *lanes, flags.relu);
    case SimdKernel::intTo8: return To8(src, dst, count, *lanes, flags, fromInt);
    case SimdKernel::floatTo8: return To8(src, dst, count, *lanes, flags, fromFloat);
  }
#else
  (void)kernel, (void)src, (void)dst, (void)count, (void)lanes, (void)flags;
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
                          const LaneParams& lanes, SimdFlags flags) {
  if (!simdUsable()) return 0;
  return HWY_DYNAMIC_DISPATCH(Convert)(kernel, src, dst, count, &lanes, flags);
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
