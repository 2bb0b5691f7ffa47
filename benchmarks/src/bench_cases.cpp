// The benchmark case table. Every builder makes a case the oracle calls valid on the product it names (checked by
// benchmarks/tests/test_bench_cases.cpp) with exactly the buffer sizes the case declares.
#include "bench_cases.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstring>
#include <tuple>

#include "dcconf/oracle/numeric.hpp"

namespace dcconf::bench {
namespace {

using oracle::Api;
using oracle::Case;
using oracle::DType;
using oracle::Position;

constexpr std::uint64_t kBlock = oracle::kDataBlockBytes;

std::uint16_t u16(std::uint64_t value) { return static_cast<std::uint16_t>(value); }
std::uint32_t u32(std::uint64_t value) { return static_cast<std::uint32_t>(value); }

BenchInstance instance(Case c, std::uint64_t srcBytes, std::uint64_t dstBytes, std::uint64_t payloadBytes) {
  c.src = {srcBytes, 0};
  c.dst = {dstBytes, 0};
  BenchInstance out{std::move(c), std::vector<std::uint8_t>(srcBytes), std::vector<std::uint8_t>(dstBytes, 0),
                    payloadBytes};
  for (std::size_t i = 0; i < out.src.size(); ++i) out.src[i] = static_cast<std::uint8_t>(i * 131 + 7);
  return out;
}

Case caseOf(Api api, Position from, Position to, DType dtype) {
  Case c;
  std::tie(c.api, c.srcPos, c.dstPos, c.dtype) = std::tie(api, from, to, dtype);
  return c;
}

// DC-1/2: blockCount <= 4095 bursts of blockLen 32-byte blocks.
BenchInstance dataCopyContiguous(DType dtype, std::uint64_t target) {
  const std::uint64_t blocks = target / kBlock;
  const std::uint64_t len = std::min<std::uint64_t>(blocks, 2048);
  Case c = caseOf(Api::DataCopy, Position::GM, Position::VECIN, dtype);
  c.params = oracle::DataCopyParams{u16(blocks / len), u16(len), 0, 0};
  return instance(std::move(c), target, target, target);
}

// One 32-byte block of gap after every burst on both sides.
BenchInstance dataCopyStrided(DType dtype, std::uint64_t target) {
  const std::uint64_t blocks = target / kBlock;
  const std::uint64_t len = std::max<std::uint64_t>(16, blocks / 2048);
  const std::uint64_t count = blocks / len;
  Case c = caseOf(Api::DataCopy, Position::GM, Position::VECIN, dtype);
  c.params = oracle::DataCopyParams{u16(count), u16(len), 1, 1};
  const std::uint64_t span = count * (len + 1) * kBlock;
  return instance(std::move(c), span, span, target);
}

// DataCopyPad blocks: at least 512 bytes, at most 2048 of them.
std::uint64_t padBlockBytes(std::uint64_t target) { return std::max<std::uint64_t>(512, target / 2048); }

BenchInstance padGmToUb(DType dtype, std::uint64_t target, std::uint64_t blockLen, std::uint8_t padElems) {
  const std::uint64_t count = target / padBlockBytes(target);
  const std::uint64_t s = oracle::sizeBytes(dtype);
  Case c = caseOf(Api::DataCopyPad, Position::GM, Position::VECIN, dtype);
  c.params = oracle::DataCopyExtParams{u16(count), u32(blockLen), 0, 0, 0};
  c.padParams = oracle::DataCopyPadExtParams{padElems != 0, padElems, padElems, padElems != 0 ? 1u : 0u};
  const std::uint64_t ubBlock = oracle::alignUp(blockLen + 2 * padElems * s, kBlock);
  return instance(std::move(c), count * blockLen, count * ubBlock, count * blockLen);
}

BenchInstance padAligned(DType dtype, std::uint64_t target) {
  return padGmToUb(dtype, target, padBlockBytes(target), 0);
}
// Left and right padding of 16 bytes each: every UB block is the data plus one 32-byte block.
BenchInstance padPadded(DType dtype, std::uint64_t target) {
  return padGmToUb(dtype, target, padBlockBytes(target), static_cast<std::uint8_t>(16 / oracle::sizeBytes(dtype)));
}
// blockLen one element short of 32-byte whole: every UB block ends in a dummy fill.
BenchInstance padUnaligned(DType dtype, std::uint64_t target) {
  return padGmToUb(dtype, target, padBlockBytes(target) - oracle::sizeBytes(dtype), 0);
}

// PAD-U2G with blockLen one element short of 32-byte whole: UB blocks are read at a 32-byte pitch, GM is packed.
BenchInstance padUbToGm(DType dtype, std::uint64_t target) {
  const std::uint64_t ubBlock = padBlockBytes(target);
  const std::uint64_t count = target / ubBlock;
  const std::uint64_t blockLen = ubBlock - oracle::sizeBytes(dtype);
  Case c = caseOf(Api::DataCopyPad, Position::VECOUT, Position::GM, dtype);
  c.params = oracle::DataCopyExtParams{u16(count), u32(blockLen), 0, 0, 0};
  return instance(std::move(c), count * ubBlock, count * blockLen, count * blockLen);
}

// Matrices of at most 32768 elements (the uint16 matrix strides), rows of 512 bytes, NZ packed (C0 stride = rows).
BenchInstance nd2nz(DType dtype, std::uint64_t target) {
  const std::uint64_t s = oracle::sizeBytes(dtype);
  const std::uint64_t elems = std::min<std::uint64_t>(target / s, 32768);
  const std::uint64_t d = 512 / s;
  const std::uint64_t n = elems / d;
  Case c = caseOf(Api::DataCopy, Position::GM, Position::A1, dtype);
  c.params = oracle::Nd2NzParams{u16(target / (elems * s)), u16(n), u16(d), u16(elems), u16(d), u16(n), 1, u16(elems)};
  return instance(std::move(c), target, target, target);
}

// The inverse layout: matrices of at most 32768 elements, 256 columns, NZ packed on the source side.
BenchInstance nz2nd(DType dtype, std::uint64_t target) {
  const std::uint64_t s = oracle::sizeBytes(dtype);
  const std::uint64_t elems = std::min<std::uint64_t>(target / s, 32768);
  const std::uint64_t d = 256;
  const std::uint64_t n = elems / d;
  Case c = caseOf(Api::DataCopy, Position::VECOUT, Position::GM, dtype);
  c.params = oracle::Nz2NdParamsFull{u16(target / (elems * s)), u16(n), u16(d), u16(elems / 256), u16(n), u16(d),
                                     u16(elems)};
  return instance(std::move(c), target, target, target);
}

// One N-contiguous matrix of up to 256 rows, transposed into packed NZ fractals (Ascend 950 only).
BenchInstance dn2nz(DType dtype, std::uint64_t target) {
  const std::uint64_t s = oracle::sizeBytes(dtype);
  const std::uint64_t elems = target / s;
  const std::uint64_t c0 = kBlock / s;
  const std::uint64_t n = std::min<std::uint64_t>(256, elems / c0);
  Case c = caseOf(Api::DataCopy, Position::GM, Position::A1, dtype);
  c.product = oracle::Product::ascend950;
  c.params = oracle::Dn2NzParams{1, u16(n), u32(elems / n), elems, n, u16(n), 1, u32(elems), false};
  return instance(std::move(c), target, target, target);
}

// PAD-U2L1: a contiguous UB -> GM workspace leg (at most 2048 whole-32-byte blocks), then ND2NZ of one matrix with
// rows of at least 512 bytes and at most 16384 rows (ND2NZ-1), NZ packed; source and destination both targetBytes.
BenchInstance padUbToTscm(DType dtype, std::uint64_t target) {
  const std::uint64_t s = oracle::sizeBytes(dtype);
  const std::uint64_t block = padBlockBytes(target);
  const std::uint64_t rowBytes = std::max<std::uint64_t>(512, target / 16384);
  const std::uint64_t n = target / rowBytes;
  Case c = caseOf(Api::DataCopyPad, Position::VECIN, Position::TSCM, dtype);
  c.params = oracle::DataCopyExtParams{u16(target / block), u32(block), 0, 0, 0};
  c.nd2nzParams = oracle::Nd2NzParams{1, u16(n), u16(rowBytes / s), 0, u16(rowBytes / s), u16(n), 1, 1};
  return instance(std::move(c), target, target, target);
}

// Enhanced DataCopy, BLOCK_MODE_NORMAL on GM->VECIN (ENH-1: as DC), with the contiguous DC shape.
BenchInstance enhancedNormal(DType dtype, std::uint64_t target) {
  BenchInstance out = dataCopyContiguous(dtype, target);
  out.c.enhancedParams = oracle::DataCopyEnhancedParams{};
  return out;
}

// Enhanced DataCopy CO1 -> CO2 (atlas-training), no deqScale, no strides: blocks of 64 units (more when 2048 blocks
// would not hold the target, DC-1), a unit being a 16x16 fractal (MATRIX) or a 1x16 row (VECTOR).
BenchInstance enhancedCo1ToCo2(DType dtype, std::uint64_t target, oracle::BlockMode mode) {
  const std::uint64_t unitBytes = (mode == oracle::BlockMode::matrix ? 256 : 16) * oracle::sizeBytes(dtype);
  const std::uint64_t units = target / unitBytes;
  const std::uint64_t len = std::max(std::min<std::uint64_t>(units, 64), units / 2048);
  Case c = caseOf(Api::DataCopy, Position::CO1, Position::CO2, dtype);
  c.product = oracle::Product::atlas_training;
  c.params = oracle::DataCopyParams{u16(units / len), u16(len), 0, 0};
  c.enhancedParams = oracle::DataCopyEnhancedParams{};
  c.enhancedParams->blockMode = mode;
  return instance(std::move(c), target, target, target);
}
BenchInstance enhancedMatrix(DType dtype, std::uint64_t target) {
  return enhancedCo1ToCo2(dtype, target, oracle::BlockMode::matrix);
}
BenchInstance enhancedVector(DType dtype, std::uint64_t target) {
  return enhancedCo1ToCo2(dtype, target, oracle::BlockMode::vector);
}

// The quantising copy (FIX) CO1 -> GM on atlas-a2: targetBytes of 4-byte L0C source (the payload), an n x m grid of
// at most 32768 rows (nSize <= 65535, a power of two), packed bursts (FIX-1) or a packed ND matrix (FIX-2, nz2nd).
// dtype is the destination T of the mode; the scaling modes use M1 = 1/64 (V*: 1/64, 2/64, 3/64 by column), no
// shift, no offset, a signed 8-bit result for int8_t.
BenchInstance fixpipe(DType dtype, std::uint64_t target, bool nz2nd, oracle::QuantMode mode) {
  using oracle::QuantMode;
  const std::uint64_t elems = target / 4;
  const std::uint64_t n = std::min(elems / 16, std::max<std::uint64_t>(4096, elems / 32768));
  const std::uint64_t m = elems / n;
  const std::uint64_t s = oracle::sizeBytes(dtype);
  Case c = caseOf(Api::DataCopy, Position::CO1, Position::GM, dtype);
  c.product = oracle::Product::atlas_a2;
  const std::uint64_t c0 = s == 1 ? 32 : 16;  // FIX-1: the destination's C0d (32 channels for 8-bit results)
  const std::uint64_t dstStride = nz2nd ? n : m * c0 * s / kBlock;  // elements (FIX-2) or 32-byte units (FIX-1)
  c.params = oracle::DataCopyCO12DstParams{u16(n), u16(m), u32(dstStride), u16(m), mode, 0, false, nz2nd, 0};
  c.fixpipe = oracle::FixpipeState{};
  const bool fromFloat = mode == QuantMode::F322F16 || mode == QuantMode::F322BF16 ||
                         mode == QuantMode::QF322B8_PRE || mode == QuantMode::VQF322B8_PRE;
  c.fixpipe->srcDType = fromFloat ? DType::float_ : DType::int32_t;
  const bool signedResult = dtype == DType::int8_t;
  const bool scaled = mode != QuantMode::F322F16 && mode != QuantMode::F322BF16;
  const bool vector = mode == QuantMode::VDEQF16 || mode == QuantMode::VQF322B8_PRE || mode == QuantMode::VREQ8;
  c.fixpipe->quantScalar = scaled && !vector ? oracle::encodeQuantParam(1.0F / 64, 0, false, 0, signedResult) : 0;
  for (std::uint64_t k = 0; vector && k < n; ++k) {
    const float scale = static_cast<float>(1 + k % 3) / 64;
    c.fixpipe->quantTensor.push_back(oracle::encodeQuantParam(scale, 0, false, 0, signedResult));
  }
  return instance(std::move(c), target, elems * s, target);
}
// half = F322F16 from float, int8_t = REQ8 from int32
oracle::QuantMode defaultMode(DType dtype) {
  return dtype == DType::int8_t ? oracle::QuantMode::REQ8 : oracle::QuantMode::F322F16;
}
BenchInstance fixpipeNz(DType dtype, std::uint64_t target) { return fixpipe(dtype, target, false, defaultMode(dtype)); }
BenchInstance fixpipeNz2Nd(DType dtype, std::uint64_t target) {
  return fixpipe(dtype, target, true, defaultMode(dtype));
}
template <oracle::QuantMode kMode>
BenchInstance fixpipeMode(DType dtype, std::uint64_t target) {
  return fixpipe(dtype, target, false, kMode);
}

// Two dimensions: up to 1024 rows, each the first half of a source row twice as wide (a strided gather).
BenchInstance slice(DType dtype, std::uint64_t target) {
  const std::uint64_t s = oracle::sizeBytes(dtype);
  const std::uint64_t rowBytes = std::max<std::uint64_t>(512, target / 1024);
  const std::uint64_t rows = target / rowBytes;
  const std::uint64_t e = rowBytes / s;
  const std::uint32_t burstLen = u32(rowBytes / kBlock);
  Case c = caseOf(Api::DataCopy, Position::GM, Position::VECIN, dtype);
  oracle::SliceParams p;
  p.dimValue = 2;
  p.srcSliceInfo[0] = p.dstSliceInfo[0] = {0, u32(e - 1), 0, burstLen};
  p.srcSliceInfo[1] = p.dstSliceInfo[1] = {0, u32(rows - 1), 0, burstLen};
  p.srcShape[0] = u32(2 * e);
  p.dstShape[0] = u32(e);
  p.srcShape[1] = p.dstShape[1] = u32(rows);
  c.params = p;
  return instance(std::move(c), 2 * target, target, target);
}

constexpr BenchCase kCases[] = {
    {"datacopy-contiguous", "DataCopy GM->VECIN, DataCopyParams, no strides, bursts up to 64 KiB", DType::int8_t,
     dataCopyContiguous},
    {"datacopy-contiguous", "", DType::half, dataCopyContiguous},
    {"datacopy-contiguous", "", DType::float_, dataCopyContiguous},
    {"datacopy-strided", "DataCopy GM->VECIN, srcStride = dstStride = 1 block, bursts >= 512 B", DType::int8_t,
     dataCopyStrided},
    {"datacopy-strided", "", DType::half, dataCopyStrided},
    {"datacopy-strided", "", DType::float_, dataCopyStrided},
    {"pad-gm2ub-aligned", "DataCopyPad GM->VECIN, Ext params, 32-byte whole blocks, no padding", DType::int8_t,
     padAligned},
    {"pad-gm2ub-aligned", "", DType::half, padAligned},
    {"pad-gm2ub-aligned", "", DType::float_, padAligned},
    {"pad-gm2ub-padded", "DataCopyPad GM->VECIN, 16 B left + 16 B right padding per block", DType::int8_t, padPadded},
    {"pad-gm2ub-padded", "", DType::half, padPadded},
    {"pad-gm2ub-padded", "", DType::float_, padPadded},
    {"pad-gm2ub-unaligned", "DataCopyPad GM->VECIN, blockLen one element short of 32-byte whole (dummy fill)",
     DType::int8_t, padUnaligned},
    {"pad-gm2ub-unaligned", "", DType::half, padUnaligned},
    {"pad-gm2ub-unaligned", "", DType::float_, padUnaligned},
    {"pad-ub2gm", "DataCopyPad VECOUT->GM, blockLen one element short of 32-byte whole", DType::int8_t, padUbToGm},
    {"pad-ub2gm", "", DType::half, padUbToGm},
    {"pad-ub2gm", "", DType::float_, padUbToGm},
    {"nd2nz", "DataCopy GM->A1 ND2NZ, 512-byte rows, matrices <= 32768 elements", DType::int8_t, nd2nz},
    {"nd2nz", "", DType::half, nd2nz},
    {"nd2nz", "", DType::float_, nd2nz},
    {"nz2nd", "DataCopy VECOUT->GM NZ2ND, 256 columns, matrices <= 32768 elements", DType::half, nz2nd},
    {"nz2nd", "", DType::float_, nz2nd},
    {"dn2nz", "DataCopy GM->A1 DN2NZ (ascend950), one matrix, <= 256 rows", DType::int8_t, dn2nz},
    {"dn2nz", "", DType::half, dn2nz},
    {"dn2nz", "", DType::float_, dn2nz},
    {"slice", "DataCopy GM->VECIN slice, 2 dims, <= 1024 rows of half a source row each", DType::int8_t, slice},
    {"slice", "", DType::half, slice},
    {"slice", "", DType::float_, slice},
    {"pad-ub2tscm", "DataCopyPad VECIN->TSCM: UB->GM workspace, then ND2NZ of one matrix, rows >= 512 B",
     DType::int8_t, padUbToTscm},
    {"pad-ub2tscm", "", DType::half, padUbToTscm},
    {"pad-ub2tscm", "", DType::float_, padUbToTscm},
    {"enhanced-normal", "DataCopy + DataCopyEnhancedParams NORMAL, GM->VECIN, shaped as datacopy-contiguous",
     DType::int8_t, enhancedNormal},
    {"enhanced-normal", "", DType::half, enhancedNormal},
    {"enhanced-normal", "", DType::float_, enhancedNormal},
    {"enhanced-matrix", "DataCopy + DataCopyEnhancedParams MATRIX, CO1->CO2 (atlas-training), 16x16 fractals",
     DType::half, enhancedMatrix},
    {"enhanced-matrix", "", DType::float_, enhancedMatrix},
    {"enhanced-vector", "DataCopy + DataCopyEnhancedParams VECTOR, CO1->CO2 (atlas-training), 1x16 rows",
     DType::half, enhancedVector},
    {"enhanced-vector", "", DType::float_, enhancedVector},
    {"fixpipe-nz", "DataCopy CO1->GM, DataCopyCO12DstParams: half = F322F16 from float, int8_t = REQ8 from int32",
     DType::half, fixpipeNz},
    {"fixpipe-nz", "", DType::int8_t, fixpipeNz},
    {"fixpipe-nz2nd", "the same with nz2ndEn: one packed ND matrix (FIX-2)", DType::half, fixpipeNz2Nd},
    {"fixpipe-nz2nd", "", DType::int8_t, fixpipeNz2Nd},
    {"fixpipe-deqf16", "the fixpipe-nz shape with DEQF16: half from int32, M1 = 1/64", DType::half,
     fixpipeMode<oracle::QuantMode::DEQF16>},
    {"fixpipe-f322bf16", "the fixpipe-nz shape with F322BF16: bfloat16_t from float", DType::bfloat16_t,
     fixpipeMode<oracle::QuantMode::F322BF16>},
    {"fixpipe-qf322b8", "the fixpipe-nz shape with QF322B8_PRE: int8_t from float, M1 = 1/64", DType::int8_t,
     fixpipeMode<oracle::QuantMode::QF322B8_PRE>},
    {"fixpipe-vdeqf16", "the fixpipe-nz shape with VDEQF16: one parameter per column (1/64, 2/64, 3/64, ...)",
     DType::half, fixpipeMode<oracle::QuantMode::VDEQF16>},
    {"fixpipe-vqf322b8", "the fixpipe-nz shape with VQF322B8_PRE, one parameter per column", DType::int8_t,
     fixpipeMode<oracle::QuantMode::VQF322B8_PRE>},
    {"fixpipe-vreq8", "the fixpipe-nz shape with VREQ8, one parameter per column", DType::int8_t,
     fixpipeMode<oracle::QuantMode::VREQ8>},
};

}  // namespace

std::span<const BenchCase> benchCases() { return kCases; }

std::string label(const BenchCase& benchCase) {
  return std::string(benchCase.name) + "/" + std::string(oracle::name(benchCase.dtype));
}

std::string pathOf(const BenchInstance& instance) { return oracle::pathName(instance.c.srcPos, instance.c.dstPos); }

std::optional<std::uint64_t> parseSize(std::string_view text) {
  std::uint64_t value = 0;
  std::size_t at = 0;
  for (; at < text.size() && text[at] >= '0' && text[at] <= '9'; ++at) {
    if (value > kMaxBytes) return std::nullopt;
    value = value * 10 + static_cast<std::uint64_t>(text[at] - '0');
  }
  if (at == 0) return std::nullopt;
  const std::string_view unit = text.substr(at);
  if (unit == "K" || unit == "k") value <<= 10;
  else if (unit == "M" || unit == "m") value <<= 20;
  else if (unit == "G" || unit == "g") value <<= 30;
  else if (!unit.empty()) return std::nullopt;
  if (value < kMinBytes || value > kMaxBytes || !std::has_single_bit(value)) return std::nullopt;
  return value;
}

std::string sizeLabel(std::uint64_t bytes) {
  if (bytes >= (1u << 30) && bytes % (1u << 30) == 0) return std::to_string(bytes >> 30) + "G";
  if (bytes >= (1u << 20) && bytes % (1u << 20) == 0) return std::to_string(bytes >> 20) + "M";
  if (bytes >= (1u << 10) && bytes % (1u << 10) == 0) return std::to_string(bytes >> 10) + "K";
  return std::to_string(bytes);
}

std::optional<std::vector<std::uint64_t>> parseSizes(std::string_view text) {
  std::vector<std::uint64_t> sizes;
  while (true) {
    const std::size_t comma = text.find(',');
    const auto size = parseSize(text.substr(0, comma));
    if (!size) return std::nullopt;
    sizes.push_back(*size);
    if (comma == std::string_view::npos) return sizes;
    text.remove_prefix(comma + 1);
  }
}

double bytesPerSecond(const std::function<void()>& once, std::uint64_t bytes, double minSeconds) {
  using Clock = std::chrono::steady_clock;
  once();  // warm-up: page faults, caches
  std::uint64_t iterations = 0;
  const Clock::time_point start = Clock::now();
  double seconds = 0;
  do {
    once();
    ++iterations;
    seconds = std::chrono::duration<double>(Clock::now() - start).count();
  } while (seconds < minSeconds);
  return static_cast<double>(bytes) * static_cast<double>(iterations) / seconds;
}

double memcpyBytesPerSecond(std::uint64_t bytes, double minSeconds) {
  std::vector<std::uint8_t> from(bytes, 0x5A);
  std::vector<std::uint8_t> to(bytes, 0);
  return bytesPerSecond([&] { std::memcpy(to.data(), from.data(), bytes); }, bytes, minSeconds);
}

}  // namespace dcconf::bench
