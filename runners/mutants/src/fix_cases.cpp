// The fixed FIX cases of the kill matrix. Each one pins down a FIX-1..6 detail with values whose expected result
// is a VALUE (not ANY) under its profile, or a NaN of T where AMB-16 leaves only the payload open: saturation, ties,
// FIX-5's ignored low scale bits, the MCB shift, ReLU before the offset, per-column parameters, channelSplit's C0 = 8,
// nz2nd's dstStride and a NaN source's NaN result.
#include "fix_cases.hpp"

#include <bit>
#include <cstdint>
#include <string>

#include "dcconf/oracle/numeric.hpp"
#include "dcconf/oracle/oracle.hpp"

namespace dcconf::mutants {
namespace {

using namespace dcconf::oracle;

std::uint32_t f32(float v) { return std::bit_cast<std::uint32_t>(v); }
std::uint32_t i32(std::int32_t v) { return static_cast<std::uint32_t>(v); }

// FIX-5: M1 = bits [31:13] of the fp32 bits, N = [35:32], MCB = 36, offset = [45:37], sign = 46.
std::uint64_t quant(std::uint32_t scaleBits, std::uint64_t n, bool mcb, std::uint64_t offset, bool sign) {
  return scaleBits | n << 32 | std::uint64_t{mcb} << 36 | offset << 37 | std::uint64_t{sign} << 46;
}

// A CO1->GM case of one mSize x nSize matrix (srcStride = mSize rounded up to 16, dense C0d-column bursts).
casefile::CaseData fixCase(std::string description, QuantMode mode, DType u, DType t, std::uint16_t mSize,
                           std::uint16_t nSize, std::uint64_t quantScalar, const char* profile = "default") {
  casefile::CaseData data;
  data.description = std::move(description);
  Case& c = data.c;
  c.product = Product::atlas_a2;
  c.api = Api::DataCopy;
  c.srcPos = Position::CO1;
  c.dstPos = Position::GM;
  c.dtype = t;
  c.profile = *parseProfile(profile).profile;
  DataCopyCO12DstParams p;
  p.nSize = nSize;
  p.mSize = mSize;
  p.srcStride = static_cast<std::uint16_t>(alignUp(mSize, 16));
  const std::uint64_t c0 = sizeBytes(t) == 1 ? 32 : 16;  // FIX-1: C0d 32 for 8-bit results
  p.dstStride = static_cast<std::uint32_t>((std::uint64_t{mSize} * c0 * sizeBytes(t) + 31) / 32);
  p.quantPre = mode;
  c.params = p;
  c.fixpipe = FixpipeState{};
  c.fixpipe->srcDType = u;
  c.fixpipe->quantScalar = quantScalar;
  return data;
}

// Sizes the buffers from the (final) parameters: the source's elements cycle through values, the destination is
// 0xEE with 32 bytes past the footprint.
casefile::CaseData sized(casefile::CaseData data, const std::vector<std::uint32_t>& values) {
  const Extents e = extents(data.c);
  data.c.src = {e.srcSpanBytes, 0};
  data.c.dst = {e.dstSpanBytes + 32, 0};
  data.src.resize(e.srcSpanBytes);
  for (std::uint64_t k = 0; k * 4 < data.src.size(); ++k) {
    const std::uint32_t v = values[k % values.size()];
    storeElementBits(data.src, 4 * k, 4, v);
  }
  data.dstBefore.assign(data.c.dst.sizeBytes, 0xEE);
  return data;
}

DataCopyCO12DstParams& paramsOf(casefile::CaseData& data) { return std::get<DataCopyCO12DstParams>(data.c.params); }

}  // namespace

std::vector<casefile::CaseData> fixpipeKillCases() {
  std::vector<casefile::CaseData> cases;
  const std::uint32_t halfWithLowBits = f32(0.5F) | 0xFFFu;  // M1 = 0.5 exactly; the fp32 is 0.5 + 4095 ulp
  const std::vector<std::uint32_t> req8{1000, 5, i32(-5), 7, 3, 200, i32(-1000), 0, 1, i32(-1), 9, i32(-9), 300,
                                        i32(-300), 11, 13};
  // FIX-6: 1000*0.5 clamps to 255 and saturates to 127 (a wrap gives -1); 5*0.5 = 2.5 -> 2 (ties to even);
  // FIX-5: 5 * (0.5 + low bits) would round to 3.
  cases.push_back(sized(fixCase("REQ8 int32->int8: saturation, ties to even, low 13 scale bits ignored",
                                QuantMode::REQ8, DType::int32_t, DType::int8_t, 1, 32,
                                quant(halfWithLowBits, 0, false, 0, true)),
                        req8));
  // F322F16: 1 + 2^-11 and 2^-25 are ties that go to even (down); 1 + 3*2^-11 goes up.
  const std::vector<std::uint32_t> ties{f32(1.0F + 0x1p-11F), f32(-(1.0F + 0x1p-11F)), f32(1.0F + 3 * 0x1p-11F),
                                        f32(0x1p-25F), f32(2.5F), f32(65504.0F), f32(-0.0F), f32(3.0F)};
  cases.push_back(sized(fixCase("F322F16 float->half: ties to even", QuantMode::F322F16, DType::float_, DType::half,
                                2, 16, 0),
                        ties));
  // DEQF16 (profile deq-rne pins AMB-10): 2049 * 1.0 is a half tie -> 2048; with the low scale bits it would be 2050.
  const std::vector<std::uint32_t> deq{2049, 2051, i32(-2049), 1000, 4097, 0, 1, i32(-1)};
  cases.push_back(sized(fixCase("DEQF16 int32->half: low 13 scale bits ignored", QuantMode::DEQF16, DType::int32_t,
                                DType::half, 1, 16, quant(f32(1.0F) | 0xFFFu, 0, false, 0, false), "deq-rne"),
                        deq));
  // MCB shift N = 2 (profile shift-raw pins AMB-9): 2 >> 2 = 0, 4 >> 2 = 1, 100 >> 2 = 25.
  const std::vector<std::uint32_t> shifted{2, 4, 100, i32(-7), 8, 12, 3, i32(-100)};
  cases.push_back(sized(fixCase("REQ8 int32->int8 with the MCB shift N = 2", QuantMode::REQ8, DType::int32_t,
                                DType::int8_t, 1, 32, quant(f32(1.0F), 2, true, 0, true), "shift-raw"),
                        shifted));
  // ReLU before the offset (profile relu-before-offset pins AMB-11): -3 -> M2 = 0 -> 0 + 5 = 5 (after: 2).
  const std::vector<std::uint32_t> relu{i32(-3), i32(-1), i32(-100), 4, 0, i32(-4), 7, i32(-2)};
  casefile::CaseData reluCase = fixCase("REQ8 int32->int8, reluPre 1, offset +5: ReLU before the offset",
                                        QuantMode::REQ8, DType::int32_t, DType::int8_t, 1, 32,
                                        quant(f32(1.0F), 0, false, 5, true), "relu-before-offset");
  paramsOf(reluCase).reluPre = 1;
  cases.push_back(sized(std::move(reluCase), relu));
  // VREQ8: column k scales by k + 1, every source element is 3.
  casefile::CaseData vector = fixCase("VREQ8 int32->uint8: column k's own parameter (scale k + 1)", QuantMode::VREQ8,
                                      DType::int32_t, DType::uint8_t, 2, 32, 0);
  for (std::uint32_t k = 0; k < 32; ++k) {
    vector.c.fixpipe->quantTensor.push_back(quant(f32(static_cast<float>(k + 1)), 0, false, 0, false));
  }
  cases.push_back(sized(std::move(vector), {3}));
  // FIX-3: channelSplit, C0 = 8: bursts of 8 columns, each row 32 bytes, dstStride 2 (64 bytes).
  const std::vector<std::uint32_t> counting{f32(1.0F), f32(2.0F), f32(3.0F), f32(4.0F), f32(5.0F), f32(6.0F), f32(7.0F)};
  casefile::CaseData split = fixCase("NoQuant float channelSplit: C0 = 8", QuantMode::NoQuant, DType::float_,
                                     DType::float_, 2, 16, 0);
  paramsOf(split).channelSplit = true;
  paramsOf(split).dstStride = 2;
  cases.push_back(sized(std::move(split), counting));
  // FIX-6a: DEQF16 with ReLU: negative inputs give +0.0 (M2 = 0, then + the zero offset), never -0.0.
  casefile::CaseData deqRelu = fixCase("DEQF16 int32->half, reluPre 1: negative inputs give +0.0", QuantMode::DEQF16,
                                       DType::int32_t, DType::half, 1, 16, quant(f32(0.5F), 0, false, 0, false));
  paramsOf(deqRelu).reluPre = 1;
  cases.push_back(sized(std::move(deqRelu), {i32(-3), 4, i32(-1), 0, 7, i32(-100), 2, i32(-8)}));
  // FIX-2: nz2nd, rows dstStride = 8 elements apart for nSize = 5.
  casefile::CaseData nd = fixCase("NoQuant float nz2nd: dstStride 8 for nSize 5", QuantMode::NoQuant, DType::float_,
                                  DType::float_, 3, 5, 0);
  paramsOf(nd).nz2ndEn = true;
  paramsOf(nd).dstStride = 8;
  cases.push_back(sized(std::move(nd), counting));
  // AMB-16 (project): a NaN source converts to some NaN of bfloat16 (any payload), not to inf or a number.
  const std::vector<std::uint32_t> nans{f32(1.0F), 0x7FC00000u, f32(-2.0F), 0xFF800001u, 0x7F800000u, f32(0.5F)};
  cases.push_back(sized(fixCase("F322BF16 float->bfloat16_t: NaN sources give a NaN of bfloat16_t", QuantMode::F322BF16,
                                DType::float_, DType::bfloat16_t, 1, 16, 0),
                        nans));
  return cases;
}

}  // namespace dcconf::mutants
