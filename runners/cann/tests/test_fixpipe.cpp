// FIX on a device (host/fixpipe_host.hpp): the Mmad operands that load L0C, byte for byte on hand-checked cases;
// the sizes the kernel stages (L0C fractals, fixpipe-buffer bursts); which vectors the route cannot run, and why.
#include <gtest/gtest.h>

#include <cstring>
#include <limits>

#include "dcconf/oracle/oracle.hpp"
#include "fixpipe_host.hpp"
#include "runner.hpp"

namespace dcconf::cann {
namespace {

// A valid CO1->GM call reading 16 elements (one row of one 16-column block) from src.offset.
vectors::Vector fixVector(oracle::DType u, oracle::QuantMode mode, oracle::DType t, std::uint64_t srcBytes,
                          std::uint64_t srcOffset) {
  vectors::Vector v;
  v.result = vectors::Result::valid;
  oracle::Case& c = v.data.c;
  c.product = oracle::Product::atlas_a2;
  c.api = oracle::Api::DataCopy;
  c.srcPos = oracle::Position::CO1;
  c.dstPos = oracle::Position::GM;
  c.dtype = t;
  oracle::DataCopyCO12DstParams p;
  p.nSize = 16;
  p.mSize = 1;
  p.dstStride = 1;
  p.srcStride = 16;
  p.quantPre = mode;
  c.params = p;
  oracle::FixpipeState f;
  f.srcDType = u;
  c.fixpipe = f;
  c.src = {srcBytes, srcOffset};
  c.dst = {32, 0};
  v.data.src.assign(srcBytes, 0);
  v.data.dstBefore.assign(32, 0);
  return v;
}

template <typename T, std::size_t N>
void put(vectors::Vector& v, std::uint64_t at, const T (&values)[N]) {
  std::memcpy(v.data.src.data() + at, values, sizeof values);
}

oracle::DataCopyCO12DstParams& paramsOf(vectors::Vector& v) {
  return std::get<oracle::DataCopyCO12DstParams>(v.data.c.params);
}

// FIX (int32_t U): A row 0 holds the 16 elements as int8 then 16 zero bytes; B has a 1 at n*32 + n.
TEST(CannFix, Int32SourceBecomesInt8RowsTimesAnInt8Identity) {
  vectors::Vector v = fixVector(oracle::DType::int32_t, oracle::QuantMode::DEQF16, oracle::DType::half, 64, 0);
  const std::int32_t values[16] = {-128, 127, 0, 5, -1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13};
  put(v, 0, values);
  ASSERT_EQ(fixpipeProblem(v), std::nullopt);
  EXPECT_EQ(fixL0cBytes(v.data.c), 1024u);
  const std::vector<std::uint8_t> ops = fixMmadOperands(v.data.c, v.data.src);
  ASSERT_EQ(ops.size(), 1024u);  // A: 16 rows x 32 bytes, B: 512
  const std::uint8_t row0[16] = {0x80, 0x7F, 0x00, 0x05, 0xFF, 0x02, 0x03, 0x04,
                                 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D};
  for (std::size_t b = 0; b < 512; ++b) EXPECT_EQ(ops[b], b < 16 ? row0[b] : 0) << "A byte " << b;
  for (std::size_t b = 0; b < 512; ++b) {
    const bool diagonal = b % 33 == 0 && b / 33 < 16;  // (k = n, n) at n*32 + k
    EXPECT_EQ(ops[512 + b], diagonal ? 1 : 0) << "B byte " << b;
  }
}

// FIX (float U): halves from src.offset on; elements before the offset and inexact ones outside the read footprint
// are 0; B has half 1.0 (0x3C00) at element n*16 + n.
TEST(CannFix, FloatSourceBecomesHalfRowsFromTheOffsetTimesAHalfIdentity) {
  vectors::Vector v = fixVector(oracle::DType::float_, oracle::QuantMode::F322F16, oracle::DType::half, 128, 32);
  const float before[8] = {3.0f, 3.0f, 3.0f, 3.0f, 3.0f, 3.0f, 3.0f, 3.0f};
  const float read[16] = {1.5f, 0, 0, 0, 0, 0, 0, 0, -2.0f, 0, 0, 0, 0, 0, 0, 65504.0f};
  const float unread[8] = {1e9f, 1e9f, 1e9f, 1e9f, 1e9f, 1e9f, 1e9f, 1e9f};  // not half, but not read either
  put(v, 0, before);
  put(v, 32, read);
  put(v, 96, unread);
  ASSERT_EQ(fixpipeProblem(v), std::nullopt);
  const std::vector<std::uint8_t> ops = fixMmadOperands(v.data.c, v.data.src);
  ASSERT_EQ(ops.size(), 1024u);
  // element 8 (src byte 32): row 0 col 8 = A bytes 16..17; element 16: row 1 col 0 = bytes 32..33; element 23: 46..47
  std::vector<std::uint8_t> a(512, 0);
  a[17] = 0x3E;             // 1.5 = 0x3E00
  a[33] = 0xC0;             // -2.0 = 0xC000
  a[46] = 0xFF, a[47] = 0x7B;  // 65504 = 0x7BFF
  for (std::size_t b = 0; b < 512; ++b) EXPECT_EQ(ops[b], a[b]) << "A byte " << b;
  for (std::size_t b = 0; b < 512; ++b) {
    const bool oneHigh = b % 34 == 1 && b / 34 < 16;  // high byte of 0x3C00 at element n*17
    EXPECT_EQ(ops[512 + b], oneHigh ? 0x3C : 0) << "B byte " << b;
  }
}

TEST(CannFix, StagedSizesAreWholeFractalsAndFixpipeBufferBursts) {
  vectors::Vector v = fixVector(oracle::DType::int32_t, oracle::QuantMode::NoQuant, oracle::DType::int32_t, 0, 0);
  const std::pair<std::uint64_t, std::uint64_t> l0c[] = {{0, 1024}, {64, 1024}, {1024, 1024}, {1025, 2048}};
  for (const auto& [srcBytes, l0cBytes] : l0c) {
    v.data.c.src.sizeBytes = srcBytes;
    EXPECT_EQ(fixL0cBytes(v.data.c), l0cBytes) << srcBytes;
    EXPECT_EQ(fixOperandBytes(v.data.c), l0cBytes / 2 + 512) << srcBytes;
  }
  const std::pair<std::uint64_t, std::uint64_t> aux[] = {{0, 0}, {8, 128}, {128, 128}, {136, 256}};
  for (const auto& [bytes, device] : aux) EXPECT_EQ(auxDeviceBytes(bytes), device) << bytes;
  // entries the kernel moves into the fixpipe buffer: whole 128-byte bursts, at most 256 (2 KiB)
  const std::pair<unsigned, unsigned> fb[] = {{0, 16}, {1, 16}, {16, 16}, {17, 32}, {255, 256}, {256, 256}, {1000, 256}};
  for (const auto& [entries, staged] : fb) EXPECT_EQ(DCCONF_CANN_FIX_FB_ENTRIES(entries), staged) << entries;
}

// FIX: only int8-range int32 and finite, half-exact, non-negative-zero float sources are launched, and only the
// elements the call reads count.
TEST(CannSkip, FixpipeSourcesMmadCannotPlaceExactlyAreSkipped) {
  vectors::Vector v = fixVector(oracle::DType::int32_t, oracle::QuantMode::DEQF16, oracle::DType::half, 128, 0);
  EXPECT_EQ(skipReason(v, fakeCapabilities(Arch::dav2201), false), std::nullopt) << "the fake device plays FIX as is";
  const Capabilities caps = kernelCapabilities(Arch::dav2201);
  const std::int32_t values[] = {127, -128, 0, 5};
  put(v, 0, values);
  EXPECT_EQ(skipReason(v, caps, false), std::nullopt);
  const std::int32_t big[] = {128};
  put(v, 80, big);  // element 20: the call reads elements 0..15 only
  EXPECT_EQ(skipReason(v, caps, false), std::nullopt);
  EXPECT_EQ(fixMmadOperands(v.data.c, v.data.src)[32 + 4], 0) << "an unread inexact element is placed as 0";
  put(v, 8, big);
  EXPECT_EQ(skipReason(v, caps, false).value_or(""),
            "FIX: src byte 8 holds a int32_t that Mmad cannot place in L0C exactly (the kernel loads L0C as source x identity)");

  vectors::Vector f = fixVector(oracle::DType::float_, oracle::QuantMode::F322F16, oracle::DType::half, 64, 0);
  const float floats[] = {1.5f, 65504.0f, 0.0f, 6.103515625e-05f, 5.9604644775390625e-08f, 1.0f, 2.0f, 3.0f,
                          -0.25f, 4.0f, 8.0f, 16.0f, 0.5f, 0.125f, -1.0f, 1024.0f};
  put(f, 0, floats);
  EXPECT_EQ(skipReason(f, caps, false), std::nullopt);
  const float notExact[] = {1.0f + 1.0f / 2048.0f, 65536.0f, -0.0f, std::numeric_limits<float>::infinity(),
                            -std::numeric_limits<float>::infinity(), std::numeric_limits<float>::quiet_NaN()};
  for (const float bad : notExact) {
    vectors::Vector g = f;
    const float one[] = {bad};
    put(g, 4, one);
    EXPECT_EQ(skipReason(g, caps, false).value_or("").rfind("FIX: src byte 4 holds a float", 0), 0u) << bad;
  }
  // FIX-8: dav-3510 builds the FIX kernel too (DataCopyL0C2GMImpl in the dav_3510 header).
  f.data.c.product = oracle::Product::ascend950;
  EXPECT_EQ(skipReason(f, kernelCapabilities(Arch::dav3510), false), std::nullopt);
}

// FIX-4 / FIX-2: what the kernel cannot express is skipped, named by clause, field and value.
TEST(CannSkip, FixpipeQuantTensorWiderThanTheFixpipeBufferAndNz2ndStridesTheApiCannotTakeAreSkipped) {
  const Capabilities caps = kernelCapabilities(Arch::dav2201);
  vectors::Vector v = fixVector(oracle::DType::int32_t, oracle::QuantMode::VDEQF16, oracle::DType::half, 64, 0);
  paramsOf(v).nSize = 256;
  v.data.c.fixpipe->quantTensor.assign(256, 0);
  EXPECT_EQ(fixpipeProblem(v), std::nullopt);
  paramsOf(v).nSize = 272;
  v.data.c.fixpipe->quantTensor.assign(272, 0);
  EXPECT_EQ(fixpipeProblem(v).value_or(""),
            "FIX-4: nSize = 272: the VDEQF16 tensor does not fit one fixpipe buffer load (256 entries; the kernel "
            "loads it once)");
  paramsOf(v).quantPre = oracle::QuantMode::DEQF16;  // a scalar mode needs no buffer
  EXPECT_EQ(fixpipeProblem(v), std::nullopt);

  vectors::Vector nd = fixVector(oracle::DType::int32_t, oracle::QuantMode::NoQuant, oracle::DType::int32_t, 64, 0);
  paramsOf(nd).nz2ndEn = true;
  nd.data.c.fixpipe->ndNum = 2;
  nd.data.c.fixpipe->srcNdStride = 512;
  nd.data.c.fixpipe->dstNdStride = 65535;
  EXPECT_EQ(fixpipeProblem(nd), std::nullopt);
  nd.data.c.fixpipe->srcNdStride = 513;
  EXPECT_EQ(skipReason(nd, caps, false).value_or(""),
            "FIX-2: fixpipe.srcNdStride = 513: SetFixpipeNz2ndFlag checks srcNdStride <= 512");
  nd.data.c.fixpipe->srcNdStride = 1;
  nd.data.c.fixpipe->dstNdStride = 65536;
  EXPECT_EQ(fixpipeProblem(nd).value_or(""),
            "FIX-2: fixpipe.dstNdStride = 65536: SetFixpipeNz2ndFlag takes a uint16_t dstNdStride");
}


// FIX950 (issue 31 items 3, 4): a dav-3510 build runs the 950 Fixpipe toward GM and UB (dav-2201 has no kernel for
// it); the preload's exactness rule is FIX's; a dual-destination buffer (FIX950-9) whose halves are not whole 32-byte
// blocks is skipped (each AIV stages its UB half in whole blocks), one whose halves are runs; the V* tensor is not
// held to FIX's one fixpipe-buffer load (the 950's Fixpipe tiles N itself), and FIX's nz2nd limits do not apply.
TEST(CannSkip, Fix950RunsOnDav3510AndDualHalvesMustBeWholeBlocks) {
  const Capabilities caps = kernelCapabilities(Arch::dav3510);
  vectors::Vector v = fixVector(oracle::DType::float_, oracle::QuantMode::NoQuant, oracle::DType::float_, 1024, 0);
  oracle::Case& c = v.data.c;
  c.product = oracle::Product::ascend950;
  c.dstPos = oracle::Position::VECIN;
  c.fixpipe->layout = oracle::Co2Layout::ROW_MAJOR;
  c.fixpipe->dualDstCtl = 1;  // the M split: one row of 8 floats per UB
  paramsOf(v).nSize = 8;
  paramsOf(v).mSize = 2;
  paramsOf(v).dstStride = 8;
  c.dst = {128, 0};
  v.data.dstBefore.assign(128, 0);
  ASSERT_TRUE(oracle::validate(c).empty()) << oracle::validate(c).front().clause;
  EXPECT_EQ(skipReason(v, caps, false), std::nullopt) << "64-byte halves";
  c.dst = {80, 0};
  v.data.dstBefore.assign(80, 0);
  ASSERT_TRUE(oracle::validate(c).empty()) << oracle::validate(c).front().clause;
  const std::string halves =
      "FIX950-9: dst.size = 80: each AIV stages and reads back its UB half in whole 32-byte blocks, and a half of 40 "
      "bytes is not";
  EXPECT_EQ(skipReason(v, caps, false).value_or(""), halves);
  EXPECT_EQ(skipReason(v, fakeCapabilities(Arch::dav3510), false).value_or(""), halves) << "the fake keeps it too";
  c.fixpipe->dualDstCtl = 0;  // one UB: staged whole
  EXPECT_EQ(skipReason(v, caps, false), std::nullopt);
  const std::int32_t big[] = {0x7F800000};  // +inf: inf x 0 = NaN through the Mmad preload
  put(v, 0, big);
  EXPECT_EQ(skipReason(v, caps, false).value_or("").rfind("FIX: src byte 0 holds a float", 0), 0u);

  vectors::Vector q = fixVector(oracle::DType::int32_t, oracle::QuantMode::VDEQF16, oracle::DType::half, 64, 0);
  q.data.c.product = oracle::Product::ascend950;
  q.data.c.fixpipe->layout = oracle::Co2Layout::NZ;
  paramsOf(q).nSize = 272;
  q.data.c.fixpipe->quantTensor.assign(273, 0);
  q.data.c.fixpipe->srcNdStride = 1000;
  EXPECT_EQ(fixpipeProblem(q), std::nullopt);
  EXPECT_EQ(fixQuantL1Bytes(q.data.c), 2304u) << "the whole tensor (2184 bytes), in 128-byte bursts";
  EXPECT_EQ(skipReason(q, kernelCapabilities(Arch::dav2201), false).value_or(""),
            "product ascend950 is dav-3510; this build targets dav-2201");
}

}  // namespace
}  // namespace dcconf::cann
