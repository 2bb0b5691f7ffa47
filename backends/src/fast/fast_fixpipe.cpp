// =====================================================================================================================
// Quantising / ReLU copy out of L0C (DataCopyCO12DstParams) in the fast backend       SEMANTICS section 10, FIX-1..7
// =====================================================================================================================
// Written from SEMANTICS.md, not from the oracle: its own validation, layout and number conversions (no oracle
// numeric function is called here). Case::dtype is the destination T, fixpipe->srcDType the L0C source U (4 bytes).
// The 16 source columns of one L0C fractal row are contiguous. With C0d = 16 a block's rows are one source run and one
// destination burst: one kernel call. Otherwise (nz2nd, C0d 32 for 8-bit results) a strip of a block's rows is one
// call that puts each 16-column row at its own place; C0d 8 (channelSplit) and a partial last nz2nd block go row by
// row. One kernel per conversion is picked once per case, so the inner loops have no per-element dispatch.
// Ambiguities (FIX-7, AMB-8..12): a profile word pins the reading; under "any" (the default) the first reading is
// used -- the oracle leaves exactly the elements where the readings disagree ANY, so any one reading matches it.
// @post only the FIX-1/2/3 destination elements are written; every other byte of dst is untouched (G-1).
// @post an element is the FIX-6 conversion of its source element with the scalar (or, V* modes, its column's)
//       FIX-5 parameter; NaN sources (and -0.0 under ReLU) give some value (the oracle says ANY there).
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <optional>
#include <vector>

#include "fast_common.hpp"
#include "fast_quant.hpp"
#include "fast_simd.hpp"

namespace dcconf::backends::fast {
namespace {

using oracle::DType;
using oracle::FixpipeState;
using oracle::QuantMode;
using Params = oracle::DataCopyCO12DstParams;

constexpr std::uint64_t kFractalCols = 16;  // L0C fractals are 16 columns wide whatever the destination C0
constexpr std::uint64_t kStripRows = 32;     // rows of one block per kernel call when rows are not contiguous

bool isVector(QuantMode m) { return m == QuantMode::VDEQF16 || m == QuantMode::VQF322B8_PRE || m == QuantMode::VREQ8; }

// ---- FIX-4: the conversions each QuantMode_t performs (U -> T) ----
bool converts(QuantMode mode, DType u, DType t) {
  const bool to8 = t == DType::int8_t || t == DType::uint8_t;
  const bool fromFloat = u == DType::float_;
  const bool fromInt = u == DType::int32_t;
  switch (mode) {
    case QuantMode::NoQuant: return (fromFloat && t == DType::float_) || (fromInt && t == DType::int32_t);
    case QuantMode::F322F16: return fromFloat && t == DType::half;
    case QuantMode::F322BF16: return fromFloat && t == DType::bfloat16_t;
    case QuantMode::DEQF16:
    case QuantMode::VDEQF16: return fromInt && t == DType::half;
    case QuantMode::QF322B8_PRE:
    case QuantMode::VQF322B8_PRE: return fromFloat && to8;
    case QuantMode::REQ8:
    case QuantMode::VREQ8: return fromInt && to8;
  }
  return false;
}

// FIX-1 (revised) / FIX-3: C0d of the NZ destination; 8-bit results have 32-channel rows (one 32-byte row).
std::uint64_t destinationC0(const Params& p, std::uint64_t s) {
  if (p.channelSplit) return 8;
  return s == 1 ? 32 : 16;
}

void checkParams(Checker& check, const oracle::Case& c, const Params& p, const FixpipeState& f) {
  const auto mode = static_cast<std::uint64_t>(p.quantPre);
  check.range("FIX-4", "params.quantPre", mode, 0, 8);
  if (check.failed()) return;
  check.require(f.srcDType == DType::float_ || f.srcDType == DType::int32_t, "FIX-4", "fixpipe.srcDType",
                static_cast<std::uint64_t>(f.srcDType), "the L0C source U is float or int32_t");
  check.require(converts(p.quantPre, f.srcDType, c.dtype), "FIX-4", "dtype", static_cast<std::uint64_t>(c.dtype),
                std::string(oracle::name(f.srcDType)) + " -> " + std::string(oracle::name(c.dtype)) +
                    " is not a conversion of " + std::string(oracle::name(p.quantPre)));
  check.require(c.dstPos != oracle::Position::A1 || (c.dtype != DType::float_ && c.dtype != DType::int32_t), "FIX-4",
                "dtype", static_cast<std::uint64_t>(c.dtype), "CO1->A1 has no float or int32_t destination");
  check.range("FIX-6", "params.reluPre", p.reluPre, 0, 1);
  check.require(p.nSize != 0, "FIX-1", "params.nSize", 0, "nSize must be at least 1");
  check.require(p.mSize != 0, "FIX-1", "params.mSize", 0, "mSize must be at least 1");
  check.require(p.srcStride % 16 == 0, "FIX-1", "params.srcStride", p.srcStride, "a multiple of 16 (C0_size rows)");
  check.require(p.dstStride != 0, "FIX-1", "params.dstStride", 0, "dstStride must not be 0");
  check.require(!p.channelSplit || c.dtype == DType::float_, "FIX-3", "params.channelSplit", 1,
                "channelSplit needs a float destination");
  if (p.nz2ndEn) {
    check.require(c.dstPos == oracle::Position::GM, "FIX-2", "params.nz2ndEn", 1, "nz2ndEn is CO1->GM only");
    check.require(!p.channelSplit, "FIX-3", "params.channelSplit", 1, "channelSplit with nz2ndEn is undocumented");
    check.require(f.ndNum != 0, "FIX-2", "fixpipe.ndNum", 0, "ndNum must be at least 1");
    if (c.product != oracle::Product::ascend950) {  // the 950's register fields are whole (FIX-8)
      check.range("FIX-2", "fixpipe.srcNdStride", f.srcNdStride, 0, 512);    // A2/A3 SetFixpipeNz2ndFlag
      check.range("FIX-2", "fixpipe.dstNdStride", f.dstNdStride, 0, 65535);  // a uint16 register field on A2/A3
    }
  } else {
    const std::uint64_t c0 = destinationC0(p, oracle::sizeBytes(c.dtype));
    check.require(p.nSize % c0 == 0, "FIX-1", "params.nSize", p.nSize,
                  "without nz2ndEn a multiple of C0d = " + std::to_string(c0));
  }
  check.require(!isVector(p.quantPre) || f.quantTensor.size() >= p.nSize, "FIX-4", "fixpipe.quantTensor",
                f.quantTensor.size(), "a V* mode needs one parameter per column");
}

// ---- FIX-1/2/3 geometry: where row m of fractal column block b of matrix i comes from and goes to ----
struct Geometry {
  std::uint64_t matrices = 1;
  std::uint64_t srcMatrixElems = 0, srcBlockElems = 0;  // source element pitches (matrix, 16-column block)
  std::uint64_t dstMatrixBytes = 0, dstRowBytes = 0;    // nz2nd: matrix and row pitches
  std::uint64_t dstBurstBytes = 0;                      // NZ: pitch of C0-column bursts (32 * dstStride)
  std::uint64_t c0 = 16;
  bool nz2nd = false;
};

Geometry geometryOf(const Params& p, const FixpipeState& f, std::uint64_t s, oracle::Product product) {
  Geometry g;
  g.nz2nd = p.nz2ndEn;
  g.matrices = p.nz2ndEn ? f.ndNum : 1;
  // srcNdStride in 1024-byte units, one 16x16 fractal of 4-byte L0C elements (FIX-2); C0_SIZE on the 950 (FIX-8)
  const std::uint64_t srcUnitElems = product == oracle::Product::ascend950 ? 16 : 256;
  g.srcMatrixElems = p.nz2ndEn ? std::uint64_t{f.srcNdStride} * srcUnitElems : 0;
  g.srcBlockElems = std::uint64_t{p.srcStride} * 16;
  g.dstMatrixBytes = std::uint64_t{f.dstNdStride} * s;
  g.dstRowBytes = std::uint64_t{p.dstStride} * s;
  g.dstBurstBytes = kBlock32Bytes * p.dstStride;
  g.c0 = destinationC0(p, s);
  return g;
}

SpanBytes spansOf(const Params& p, const Geometry& g, std::uint64_t s) {
  const std::uint64_t blocks = (p.nSize + kFractalCols - 1) / kFractalCols;
  const std::uint64_t lastRowStart = (g.matrices - 1) * g.srcMatrixElems + 16 * (p.mSize - 1);
  // block offsets never decrease, so the widest read is the last block's last column or the one before's column 15
  std::uint64_t srcEnd = lastRowStart + (blocks - 1) * g.srcBlockElems + (p.nSize - 1) % kFractalCols + 1;
  if (blocks > 1) srcEnd = std::max(srcEnd, lastRowStart + (blocks - 2) * g.srcBlockElems + kFractalCols);
  SpanBytes spans;
  spans.src = 4 * srcEnd;
  if (g.nz2nd) {
    spans.dst = (g.matrices - 1) * g.dstMatrixBytes + (p.mSize - 1) * g.dstRowBytes + p.nSize * s;
  } else {
    spans.dst = (p.nSize / g.c0 - 1) * g.dstBurstBytes + (g.c0 * p.mSize) * s;
  }
  return spans;
}

// ---- number conversions (FIX-5 parameters, decoded once per case or per V* column, and toHalf: fast_quant.hpp) ----

// fp32 bits to bfloat16, to nearest even; NaN gives the quiet NaN with its sign.
std::uint16_t toBfloat16(std::uint32_t f) {
  if ((f & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<std::uint16_t>(((f >> 16) & 0x8000u) | 0x7FC0u);
  return static_cast<std::uint16_t>((f + 0x7FFFu + ((f >> 16) & 1u)) >> 16);
}

std::uint32_t load32(const std::uint8_t* p) {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}
template <class T>
void store(std::uint8_t* p, T v) {
  std::memcpy(p, &v, sizeof v);
}

// What every kernel sees besides its operands.
struct Context {
  bool relu = false;
  QuantReadings readings;
};

// ---- kernels: count elements from a contiguous source run to a contiguous destination run ----
// Element k uses column k % 16's parameter, q[(k % 16) * qStep] (qStep 0: the scalar, 1: per column); a run of
// whole fractal rows (16 columns each) is one call.
using Kernel = void (*)(const std::uint8_t* src, std::uint8_t* dst, std::uint64_t count, const QuantParam* q,
                        std::uint64_t qStep, const Context& ctx);

void copyRaw(const std::uint8_t* src, std::uint8_t* dst, std::uint64_t count, const QuantParam*, std::uint64_t,
             const Context&) {
  std::memcpy(dst, src, 4 * count);
}

// NoQuant with ReLU: max(x, 0) on int32 or float bits (float -0.0 and NaN are ANY: any result will do).
void reluRaw(const std::uint8_t* src, std::uint8_t* dst, std::uint64_t count, const QuantParam*, std::uint64_t,
             const Context&) {
  for (std::uint64_t k = 0; k < count; ++k) {
    const std::uint32_t v = load32(src + 4 * k);
    store<std::uint32_t>(dst + 4 * k, (v >> 31) != 0 ? 0 : v);
  }
}

std::uint32_t rectifiedFloat(std::uint32_t f, bool relu) { return relu && (f >> 31) != 0 ? 0 : f; }

void floatToHalf(const std::uint8_t* src, std::uint8_t* dst, std::uint64_t count, const QuantParam*, std::uint64_t,
                 const Context& ctx) {
  for (std::uint64_t k = 0; k < count; ++k) {
    const float f = std::bit_cast<float>(rectifiedFloat(load32(src + 4 * k), ctx.relu));
    store(dst + 2 * k, toHalf(static_cast<double>(f), false));
  }
}

void floatToBf16(const std::uint8_t* src, std::uint8_t* dst, std::uint64_t count, const QuantParam*, std::uint64_t,
                 const Context& ctx) {
  for (std::uint64_t k = 0; k < count; ++k) store(dst + 2 * k, toBfloat16(rectifiedFloat(load32(src + 4 * k), ctx.relu)));
}

// AMB-20, profile deqf16-mcb-half: the MCB-shifted value saturated to +-65504 and rounded to half (the
// vendor's DEQF16 golden) instead of saturated to int16.
double halfSaturated(std::int32_t x, const QuantParam& q) {
  const std::int64_t v = clampTo(std::int64_t{x} >> q.shift, -65504, 65504);
  const std::uint16_t h = toHalf(static_cast<double>(v), false);
  const double magnitude = std::ldexp(static_cast<double>(1024 + (h & 0x3FFu)), ((h >> 10) & 0x1F) - 25);
  return v == 0 ? 0.0 : (h & 0x8000u) != 0 ? -magnitude : magnitude;  // |v| >= 1: a normal half
}

// DEQF16 / VDEQF16: y = f32(x) * (x >= 0 ? M1 : M2), M2 = 0 with ReLU; the product of a 24-bit and an 11-bit
// significand is exact in double, so the only rounding is toHalf's. FIX-6a: the zero offset is added after the
// conversion, so a -0.0 result comes out +0.0 (clearing a zero's sign leaves every other value alone).
void deqToHalf(const std::uint8_t* src, std::uint8_t* dst, std::uint64_t count, const QuantParam* q, std::uint64_t qStep,
               const Context& ctx) {
  for (std::uint64_t k = 0; k < count; ++k) {
    const QuantParam& qk = q[k % kFractalCols * qStep];
    const auto x = static_cast<std::int32_t>(load32(src + 4 * k));
    const double v = qk.mcb && ctx.readings.deqf16McbHalf ? halfSaturated(x, qk) : intSource(x, qk);
    const double y = v * (ctx.relu && v < 0 ? 0.0 : qk.scale);
    const std::uint16_t h = toHalf(std::clamp(y, -65504.0, 65504.0), ctx.readings.deqTrunc);  // FIX-6 saturation
    store(dst + 2 * k, h == 0x8000u ? std::uint16_t{0} : h);
  }
}

// 8-bit results (QF322B8_PRE, REQ8 and their V* forms): clamp to [-256, 255], round half to even, add the offset,
// saturate to int8 or uint8 by the sign bit. ReLU: M2 = 0 before the offset, or max(., 0) after it (AMB-11).
[[gnu::always_inline]] inline std::uint8_t quantize8(double v, const QuantParam& q, const Context& ctx) {
  const bool reluAtScale = ctx.relu && !ctx.readings.reluAfterOffset;
  const double y = v * (reluAtScale && v < 0 ? 0.0 : q.scale);
  if (std::isnan(y)) return 0;  // ANY (NaN source, or 0 * inf)
  // 1.5 * 2^52 added and taken away rounds |y| <= 256 to an integer, ties to even (the default rounding mode)
  constexpr double kRound = 0x1.8p52;
  std::int64_t k = static_cast<std::int64_t>((std::clamp(y, -256.0, 255.0) + kRound) - kRound) + q.offset;
  if (ctx.relu && ctx.readings.reluAfterOffset) k = std::max<std::int64_t>(k, 0);
  return q.int8Result ? static_cast<std::uint8_t>(clampTo(k, -128, 127)) : static_cast<std::uint8_t>(clampTo(k, 0, 255));
}

void intTo8(const std::uint8_t* src, std::uint8_t* dst, std::uint64_t count, const QuantParam* q, std::uint64_t qStep,
            const Context& ctx) {
  for (std::uint64_t k = 0; k < count; ++k) {
    const QuantParam& qk = q[k % kFractalCols * qStep];
    dst[k] = quantize8(intSource(static_cast<std::int32_t>(load32(src + 4 * k)), qk), qk, ctx);
  }
}

void floatTo8(const std::uint8_t* src, std::uint8_t* dst, std::uint64_t count, const QuantParam* q, std::uint64_t qStep,
              const Context& ctx) {
  for (std::uint64_t k = 0; k < count; ++k) {
    const QuantParam& qk = q[k % kFractalCols * qStep];
    dst[k] = quantize8(static_cast<double>(std::bit_cast<float>(load32(src + 4 * k))), qk, ctx);
  }
}

Kernel kernelFor(QuantMode mode, DType u, bool relu) {
  switch (mode) {
    case QuantMode::NoQuant: return relu ? reluRaw : copyRaw;
    case QuantMode::F322F16: return floatToHalf;
    case QuantMode::F322BF16: return floatToBf16;
    case QuantMode::DEQF16:
    case QuantMode::VDEQF16: return deqToHalf;
    case QuantMode::QF322B8_PRE:
    case QuantMode::VQF322B8_PRE:
    case QuantMode::REQ8:
    case QuantMode::VREQ8: return u == DType::float_ ? floatTo8 : intTo8;
  }
  return copyRaw;
}

// The SIMD kernel for a conversion (fast_simd.hpp), when there is one: every conversion but NoQuant and DEQF16's
// rounding toward zero (AMB-10's second reading), which stay scalar.
std::optional<SimdKernel> simdKernelFor(QuantMode mode, DType u, const QuantReadings& r) {
  switch (mode) {
    case QuantMode::NoQuant: return std::nullopt;
    case QuantMode::F322F16: return SimdKernel::floatToHalf;
    case QuantMode::F322BF16: return SimdKernel::floatToBf16;
    case QuantMode::DEQF16:
    case QuantMode::VDEQF16:  // AMB-20's half saturation has no SIMD kernel
      return r.deqTrunc || r.deqf16McbHalf ? std::nullopt : std::optional(SimdKernel::deqToHalf);
    case QuantMode::QF322B8_PRE:
    case QuantMode::VQF322B8_PRE:
    case QuantMode::REQ8:
    case QuantMode::VREQ8: return u == DType::float_ ? SimdKernel::floatTo8 : SimdKernel::intTo8;
  }
  return std::nullopt;
}

// One conversion for a whole case: the SIMD kernel on the leading whole fractal rows of a run, the scalar kernel on
// the rest (so a run's columns stay k % 16 either way).
class Converter {
 public:
  Converter(Kernel scalar, std::optional<SimdKernel> simd, const Context& ctx, std::uint64_t dstElementBytes)
      : scalar_(scalar), simd_(simd), ctx_(ctx), s_(dstElementBytes) {}

  // The lane tables of the 16 columns starting at q (stepping qStep), cols of them real.
  static LaneParams lanesOf(const QuantParam* q, std::uint64_t qStep, std::uint64_t cols) {
    LaneParams lanes{};
    for (unsigned j = 0; j < 2 * LaneParams::kColumns; ++j) {
      const std::uint64_t column = j % LaneParams::kColumns;
      const QuantParam& p = q[(column < cols ? column : 0) * qStep];
      lanes.scale[j] = static_cast<float>(p.scale);  // exact: M1 is an fp32
      lanes.anyMcb = lanes.anyMcb || p.mcb;
      lanes.anySubnormalScale = lanes.anySubnormalScale || std::fpclassify(lanes.scale[j]) == FP_SUBNORMAL;
      lanes.shift[j] = static_cast<std::int32_t>(p.shift);
      lanes.mcb[j] = p.mcb ? 1 : 0;
      lanes.offset[j] = p.offset;
      lanes.lo[j] = p.int8Result ? -128 : 0;
      lanes.hi[j] = p.int8Result ? 127 : 255;
    }
    return lanes;
  }

  // count elements from a contiguous source run to one contiguous destination run.
  void run(const std::uint8_t* src, std::uint8_t* dst, std::uint64_t count, const QuantParam* q, std::uint64_t qStep,
           const LaneParams& lanes) const {
    const std::uint64_t done = simd(src, dst, count, kFractalCols * s_, lanes);
    if (done < count) scalar_(src + 4 * done, dst + s_ * done, count - done, q, qStep, ctx_);
  }

  // rows whole fractal rows from a contiguous source run to destination rows rowPitch bytes apart.
  void runRows(const std::uint8_t* src, std::uint8_t* dst, std::uint64_t rows, std::uint64_t rowPitch,
               const QuantParam* q, std::uint64_t qStep, const LaneParams& lanes) const {
    const std::uint64_t done = simd(src, dst, kFractalCols * rows, rowPitch, lanes) / kFractalCols;
    for (std::uint64_t r = done; r < rows; ++r) {
      scalar_(src + 4 * kFractalCols * r, dst + r * rowPitch, kFractalCols, q, qStep, ctx_);
    }
  }

 private:
  std::uint64_t simd(const std::uint8_t* src, std::uint8_t* dst, std::uint64_t count, std::uint64_t rowPitch,
                     const LaneParams& lanes) const {
    if (!simd_) return 0;
    return convertSimd(*simd_, src, dst, count, rowPitch, lanes, {ctx_.relu, ctx_.readings.reluAfterOffset});
  }

  Kernel scalar_;
  std::optional<SimdKernel> simd_;
  Context ctx_;
  std::uint64_t s_;
};

// FIX-5's decoded parameters (one per column for the V* modes, else the scalar for all: qStep 0) and the lane tables
// of each 16-column block, made once per call: what the A2/A3 and the 950 Fixpipe convert with.
struct QuantTables {
  std::vector<QuantParam> quants;
  std::uint64_t qStep = 0;
  std::vector<LaneParams> lanes;
};
QuantTables quantTablesOf(const oracle::Case& c, const Context& ctx) {
  const auto& p = std::get<Params>(c.params);
  const FixpipeState& f = *c.fixpipe;
  QuantTables t;
  if (isVector(p.quantPre)) {
    t.quants.reserve(p.nSize);
    for (std::uint64_t n = 0; n < p.nSize; ++n) t.quants.push_back(decodeQuantParam(f.quantTensor[n], c.dtype, ctx.readings));
    t.qStep = 1;
  } else {
    t.quants.push_back(decodeQuantParam(f.quantScalar, c.dtype, ctx.readings));
  }
  for (std::uint64_t n0 = 0; n0 < p.nSize; n0 += kFractalCols) {
    t.lanes.push_back(Converter::lanesOf(t.quants.data() + n0 * t.qStep, t.qStep, std::min(kFractalCols, p.nSize - n0)));
  }
  return t;
}

// nz2nd visits a block's strip once per strip of the matrix, too far apart for the hardware prefetcher: the next
// block's strip is fetched while this one converts, one line per row (each row's first element, which the block
// reads).
void prefetchStrip(const std::uint8_t* strip, std::uint64_t rows) {
  for (std::uint64_t r = 0; r < rows; ++r) __builtin_prefetch(strip + 4 * kFractalCols * r);
}

}  // namespace

RunResult runFixpipe(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) {
  if (!c.fixpipe) return {RunStatus::error, "CASE: DataCopyCO12DstParams without the fixpipe state"};
  const auto& p = std::get<Params>(c.params);
  const FixpipeState& f = *c.fixpipe;
  Checker check;
  checkParams(check, c, p, f);
  if (check.failed()) return check.rejection();
  const std::uint64_t s = oracle::sizeBytes(c.dtype);
  const Geometry g = geometryOf(p, f, s, c.product);
  const SpanBytes spans = spansOf(p, g, s);
  check.buffers(c, spans.src, spans.dst);
  if (check.failed()) return check.rejection();

  const Context ctx{p.reluPre == 1, quantReadingsOf(c.profile)};
  const auto [quants, qStep, lanes] = quantTablesOf(c, ctx);
  const Converter convert(kernelFor(p.quantPre, f.srcDType, ctx.relu),
                          simdKernelFor(p.quantPre, f.srcDType, ctx.readings), ctx, s);
  const auto [from, to] = operandsOf(c, src, dst);
  const std::uint64_t blocks = (p.nSize + kFractalCols - 1) / kFractalCols;
  for (std::uint64_t i = 0; i < g.matrices; ++i) {
    const std::uint8_t* matrix = from + 4 * i * g.srcMatrixElems;
    if (!g.nz2nd && g.c0 == kFractalCols) {
      for (std::uint64_t b = 0; b < blocks; ++b) {  // FIX-1: the block's rows are one source run and one burst
        convert.run(matrix + 4 * b * g.srcBlockElems, to + b * g.dstBurstBytes, kFractalCols * p.mSize,
                    quants.data() + b * kFractalCols * qStep, qStep, lanes[b]);
      }
      continue;
    }
    // FIX-2 (row m at dstStride elements, column n at n), FIX-1 with C0d 32 (8-bit results: a 32-channel row takes
    // two source blocks) and FIX-3 (C0d 8): a strip of a block's rows is one kernel call that writes each 16-column
    // row where it goes. nz2nd walks strips across all blocks, so a destination row is written while it is in cache;
    // the NZ bursts walk the blocks of one burst down all its rows together, so the source is read in few streams.
    const std::uint64_t rowPitch = g.nz2nd ? g.dstRowBytes : g.c0 * s;
    const std::uint64_t pieceCols = g.nz2nd ? kFractalCols : std::min(g.c0, kFractalCols);
    const auto columnOffset = [&](std::uint64_t n) {  // of column n from its row's start
      return g.nz2nd ? n * s : (n / g.c0) * g.dstBurstBytes + (n % g.c0) * s;
    };
    const auto convertStrip = [&](std::uint64_t m0, std::uint64_t b) {
      const std::uint64_t rows = std::min(kStripRows, p.mSize - m0);
      const std::uint64_t n0 = b * kFractalCols;
      const std::uint64_t cols = std::min(kFractalCols, p.nSize - n0);
      const std::uint8_t* run = matrix + 4 * (b * g.srcBlockElems + kFractalCols * m0);
      std::uint8_t* strip = to + i * g.dstMatrixBytes + m0 * rowPitch;
      const QuantParam* q = quants.data() + n0 * qStep;
      if (g.nz2nd && b + 1 < blocks) prefetchStrip(run + 4 * g.srcBlockElems, rows);
      if (cols == kFractalCols && pieceCols == kFractalCols) {
        convert.runRows(run, strip + columnOffset(n0), rows, rowPitch, q, qStep, lanes[b]);
        return;
      }
      // a partial last block (nz2nd) or C0d 8 (FIX-3): per row, runs that never cross a destination row
      for (std::uint64_t r = 0; r < rows; ++r) {
        for (std::uint64_t k = 0; k < cols; k += pieceCols) {
          convert.run(run + 4 * (kFractalCols * r + k), strip + r * rowPitch + columnOffset(n0 + k),
                      std::min(pieceCols, cols - k), q + k * qStep, qStep, lanes[b]);
        }
      }
    };
    if (g.nz2nd) {
      for (std::uint64_t m0 = 0; m0 < p.mSize; m0 += kStripRows) {
        for (std::uint64_t b = 0; b < blocks; ++b) convertStrip(m0, b);
      }
      continue;
    }
    const std::uint64_t burstBlocks = std::max<std::uint64_t>(1, g.c0 / kFractalCols);
    for (std::uint64_t b0 = 0; b0 < blocks; b0 += burstBlocks) {
      for (std::uint64_t m0 = 0; m0 < p.mSize; m0 += kStripRows) {
        for (std::uint64_t b = b0; b < std::min(blocks, b0 + burstBlocks); ++b) convertStrip(m0, b);
      }
    }
  }
  return {};
}

}  // namespace dcconf::backends::fast

// =====================================================================================================================
// Ascend 950 Fixpipe (FixpipeParamsArch3510<CO2Layout>)                                    FIX950-1..12 (project)
// =====================================================================================================================
// The same conversions as FIX (FIX950-5); the layouts from docs/semantics.md section 10a: srcNdStride and
// srcNzMatrixStride in C0_SIZE (16-element) units, NZ dstStride in elements, COLUMN_MAJOR the transposed result, a
// zero count a NOP unless the profile says fix950-zero-reject (AMB-23). A run of source columns that stays
// contiguous in the destination is one kernel call: a 16-column block row (ROW_MAJOR), a C0d piece (NZ), one
// element (COLUMN_MAJOR, whose destination steps by dstStride per column). Toward the UB (FIX950-8) the same
// formulas; dualDstCtl 1/2 (FIX950-9..11) sends the first half of the rows (M) or columns (N) to bytes [0, B/2) of the
// buffer and the second to [B/2, B), each from the start offset, as rows m - h*mSize/2 or columns n - h*nSize/2.
namespace dcconf::backends::fast {
namespace {

using oracle::Co2Layout;

std::uint64_t matricesOf950(const FixpipeState& f) {
  if (f.layout == Co2Layout::ROW_MAJOR) return f.ndNum;
  if (f.layout == Co2Layout::COLUMN_MAJOR) return f.nz2dn.dnNum;
  return 1;
}

void checkParams950(Checker& check, const oracle::Case& c, const Params& p, const FixpipeState& f) {
  const Co2Layout layout = *f.layout;
  check.range("FIX950-1", "fixpipe.layout", static_cast<std::uint64_t>(layout), 0, 2);
  check.range("FIX950-1", "params.quantPre", static_cast<std::uint64_t>(p.quantPre), 0, 8);
  if (check.failed()) return;
  check.require(f.srcDType == DType::float_ || f.srcDType == DType::int32_t, "FIX950-1", "fixpipe.srcDType",
                static_cast<std::uint64_t>(f.srcDType), "the L0C source U is float or int32_t");
  check.require(converts(p.quantPre, f.srcDType, c.dtype), "FIX950-1", "dtype", static_cast<std::uint64_t>(c.dtype),
                "not a conversion of " + std::string(oracle::name(p.quantPre)) + " (FIX-4)");
  check.require(!p.nz2ndEn, "FIX950-1", "params.nz2ndEn", 1, "the layout is fixpipe.layout, not nz2ndEn");
  check.range("FIX950-1", "params.reluPre", p.reluPre, 0, 1);
  check.range("FIX950-2", "params.nSize", p.nSize, 0, 4095);
  check.require(p.srcStride % 16 == 0, "FIX950-2", "params.srcStride", p.srcStride, "a multiple of 16");
  check.require(p.dstStride != 0, "FIX950-2", "params.dstStride", 0, "dstStride must not be 0");
  if (p.channelSplit) {
    check.require(c.dtype == DType::float_ && f.srcDType == DType::float_, "FIX950-2", "params.channelSplit", 1,
                  "float -> float only");
    check.require(layout == Co2Layout::NZ, "FIX950-2", "params.channelSplit", 1, "NZ output only");
  }
  if (layout == Co2Layout::NZ) {
    const std::uint64_t c0 = destinationC0(p, oracle::sizeBytes(c.dtype));
    check.require(p.nSize % c0 == 0, "FIX950-2", "params.nSize", p.nSize, "a multiple of C0d = " + std::to_string(c0));
  }
  if (layout == Co2Layout::ROW_MAJOR) {
    check.require(f.ndNum <= 1 || f.dstNdStride != 0, "FIX950-3", "fixpipe.dstNdStride", 0, ">= 1 when ndNum > 1");
  }
  if (layout == Co2Layout::COLUMN_MAJOR) {
    check.require(f.nz2dn.srcNzC0Stride != 0, "FIX950-4", "fixpipe.nz2dn.srcNzC0Stride", 0, "must not be 0");
    check.range("FIX950-4", "params.mSize", p.mSize, 0, 32767);  // AMB-24: the 950 header's limit
    check.require(f.nz2dn.dnNum <= 1 || f.nz2dn.dstDnMatrixStride != 0, "FIX950-4", "fixpipe.nz2dn.dstDnMatrixStride",
                  0, ">= 1 when dnNum > 1");
  }
  if (c.profile.fix950Zero == oracle::Profile::Fix950Zero::reject) {  // AMB-23
    check.require(p.nSize != 0, "FIX950-6", "params.nSize", 0, "nSize 0 rejected (fix950-zero-reject)");
    check.require(p.mSize != 0, "FIX950-6", "params.mSize", 0, "mSize 0 rejected (fix950-zero-reject)");
    check.require(matricesOf950(f) != 0, "FIX950-6", "fixpipe.ndNum/dnNum", 0, "0 rejected (fix950-zero-reject)");
  }
  const bool toUb = c.dstPos == oracle::Position::VECIN || c.dstPos == oracle::Position::VECOUT;
  if (toUb || c.dstPos == oracle::Position::A1) {  // FIX950-8 (UB), FIX950-13 (L1): the same checks
    const char* clause = toUb ? "FIX950-8" : "FIX950-13";
    const std::uint64_t s = oracle::sizeBytes(c.dtype);
    check.require(!p.channelSplit, clause, "params.channelSplit", 1, "not toward the UB or L1");
    check.require(layout != Co2Layout::ROW_MAJOR || p.nSize * s % 32 == 0, clause, "params.nSize", p.nSize,
                  "NZ2ND to the UB or L1: nSize*sizeof(T) a multiple of 32");
    check.require(layout != Co2Layout::COLUMN_MAJOR || p.mSize * s % 32 == 0, clause, "params.mSize", p.mSize,
                  "NZ2DN to the UB or L1: mSize*sizeof(T) a multiple of 32");
  }
  check.range("FIX950-9", "fixpipe.dualDstCtl", f.dualDstCtl, 0, 2);
  if (f.dualDstCtl == 1 || f.dualDstCtl == 2) {
    check.require(toUb, "FIX950-9", "fixpipe.dualDstCtl", f.dualDstCtl, "CO1->VECIN/VECOUT only");
    check.require(layout != Co2Layout::COLUMN_MAJOR && p.quantPre == oracle::QuantMode::NoQuant && p.reluPre == 0,
                  "FIX950-9", "fixpipe.dualDstCtl", f.dualDstCtl, "NZ or ROW_MAJOR without quantisation or ReLU");
    check.require(c.dst.sizeBytes % 2 == 0, "FIX950-9", "dst.size", c.dst.sizeBytes, "two UBs: an even size");
    check.require(f.dualDstCtl != 1 || p.mSize % 2 == 0, "FIX950-10", "params.mSize", p.mSize, "even for the M split");
    check.require(f.dualDstCtl != 2 || p.nSize % 32 == 0, "FIX950-11", "params.nSize", p.nSize,
                  "a multiple of 32 for the N split");
  }
  check.require(!isVector(p.quantPre) || f.quantTensor.size() >= p.nSize, "FIX950-5", "fixpipe.quantTensor",
                f.quantTensor.size(), "a V* mode needs one parameter per column");
}

}  // namespace

RunResult runFixpipe950(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) {
  if (!c.fixpipe || !c.fixpipe->layout) return {RunStatus::error, "CASE: FixpipeParamsArch3510 without its layout"};
  const auto& p = std::get<Params>(c.params);
  const FixpipeState& f = *c.fixpipe;
  Checker check;
  checkParams950(check, c, p, f);
  if (check.failed()) return check.rejection();
  const std::uint64_t matrices = matricesOf950(f);
  if (p.nSize == 0 || p.mSize == 0 || matrices == 0) return {};  // FIX950-6: a NOP (AMB-23's default)
  const Co2Layout layout = *f.layout;
  const std::uint64_t s = oracle::sizeBytes(c.dtype);
  const std::uint64_t c0 = destinationC0(p, s);
  // FIX950-3/4: matrix and row pitches of the source in elements
  const std::uint64_t srcMatrixElems =
      16 * (layout == Co2Layout::COLUMN_MAJOR ? std::uint64_t{f.nz2dn.srcNzMatrixStride}
                                              : (layout == Co2Layout::ROW_MAJOR ? std::uint64_t{f.srcNdStride} : 0));
  const std::uint64_t srcRowElems = layout == Co2Layout::COLUMN_MAJOR ? 16 * std::uint64_t{f.nz2dn.srcNzC0Stride} : 16;
  const std::uint64_t srcBlockElems = std::uint64_t{p.srcStride} * 16;
  const std::uint64_t dstMatrixElems = layout == Co2Layout::COLUMN_MAJOR ? std::uint64_t{f.nz2dn.dstDnMatrixStride}
                                                                        : std::uint64_t{f.dstNdStride};
  const auto dstOf = [&](std::uint64_t i, std::uint64_t m, std::uint64_t n) -> std::uint64_t {  // element index
    switch (layout) {
      case Co2Layout::ROW_MAJOR: return i * dstMatrixElems + m * p.dstStride + n;
      case Co2Layout::COLUMN_MAJOR: return i * dstMatrixElems + n * p.dstStride + m;
      case Co2Layout::NZ: break;
    }
    return (n / c0) * p.dstStride + c0 * m + n % c0;
  };
  const auto srcOf = [&](std::uint64_t i, std::uint64_t m, std::uint64_t n) {
    return i * srcMatrixElems + (n / 16) * srcBlockElems + m * srcRowElems + n % 16;
  };
  // FIX950-9..11: destination byte of (i, m, n) from the copy's start, the half's base included
  const std::uint64_t halfBytes = c.dst.sizeBytes / 2;
  const std::uint64_t halfRows = f.dualDstCtl == 1 ? p.mSize / 2 : p.mSize;
  const std::uint64_t halfCols = f.dualDstCtl == 2 ? p.nSize / 2 : p.nSize;
  const auto dstByteOf = [&](std::uint64_t i, std::uint64_t m, std::uint64_t n) {
    const std::uint64_t h = m / halfRows + n / halfCols;  // at most one of the two is 1
    return h * halfBytes + s * dstOf(i, m % halfRows, n % halfCols);
  };
  // spans: every formula grows with i, m and n%16; n/16 with the block, so the last row of every block is a candidate
  std::uint64_t srcEnd = 0;
  for (std::uint64_t n0 = 0; n0 < p.nSize; n0 += 16) {
    srcEnd = std::max(srcEnd, srcOf(matrices - 1, p.mSize - 1, std::min<std::uint64_t>(p.nSize - 1, n0 + 15)) + 1);
  }
  check.buffers(c, 4 * srcEnd, dstByteOf(matrices - 1, p.mSize - 1, p.nSize - 1) + s);
  if (check.failed()) return check.rejection();

  const Context ctx{p.reluPre == 1, quantReadingsOf(c.profile)};
  const auto [quants, qStep, lanes] = quantTablesOf(c, ctx);
  const Converter convert(kernelFor(p.quantPre, f.srcDType, ctx.relu),
                          simdKernelFor(p.quantPre, f.srcDType, ctx.readings), ctx, s);
  const auto [from, to] = operandsOf(c, src, dst);
  const std::uint64_t piece = layout == Co2Layout::COLUMN_MAJOR ? 1 : (layout == Co2Layout::NZ ? std::min(c0, kFractalCols) : kFractalCols);
  for (std::uint64_t i = 0; i < matrices; ++i) {
    for (std::uint64_t m = 0; m < p.mSize; ++m) {
      for (std::uint64_t n = 0; n < p.nSize; n += piece) {
        const std::uint64_t count = std::min(piece, p.nSize - n);
        convert.run(from + 4 * srcOf(i, m, n), to + dstByteOf(i, m, n), count, quants.data() + n * qStep, qStep,
                    lanes[n / kFractalCols]);
      }
    }
  }
  return {};
}

}  // namespace dcconf::backends::fast
