// The worked examples of the documents, end to end through dcconf. Every expected byte here is derived by hand
// from the document's description (SEMANTICS.md and /work/shared/docs), never from the oracle.
#include <cstring>

#include "dcconf/oracle/expectation.hpp"
#include "run_dcconf.hpp"

namespace dcconf::cli::testing {
namespace {

constexpr std::uint8_t kFill = 0xA5;  // every example's dst fill: bytes the copy must not touch keep it

// The half bit pattern of a whole number 1..2047 (exact in half): 2^e * 1.m with e = floor(log2 n).
std::uint16_t halfOf(int n) {
  int e = 0;
  while ((n >> (e + 1)) != 0) ++e;
  const int mantissa = (n << (10 - e)) & 0x3FF;
  return static_cast<std::uint16_t>(((e + 15) << 10) | mantissa);
}

// The destination as the test expects it: starts as the fill, every byte cared for.
class Expected {
 public:
  explicit Expected(std::size_t sizeBytes, std::uint8_t fill = kFill) : bytes_(sizeBytes, fill), care_(sizeBytes, 1) {}
  void byte(std::size_t at, std::uint8_t value) { bytes_.at(at) = value; }
  void half(std::size_t atByte, int wholeNumber) {
    const std::uint16_t bits = halfOf(wholeNumber);
    byte(atByte, static_cast<std::uint8_t>(bits & 0xFF));
    byte(atByte + 1, static_cast<std::uint8_t>(bits >> 8));
  }
  // Consecutive halves first..first+count-1 from atByte on.
  void halves(std::size_t atByte, int first, int count) {
    for (int k = 0; k < count; ++k) half(atByte + 2 * static_cast<std::size_t>(k), first + k);
  }
  void any(std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) care_.at(i) = 0;
  }

  // expected.bin must agree on every cared byte, and care.bin must be exactly this care mask.
  void check(const fs::path& out) const {
    const std::vector<std::uint8_t> actual = readBytes(out / "expected.bin");
    EXPECT_EQ(readBytes(out / "care.bin"), care_);
    ASSERT_EQ(actual.size(), bytes_.size());
    for (std::size_t i = 0; i < bytes_.size(); ++i) {
      if (care_[i] != 0 && actual[i] != bytes_[i]) {
        ADD_FAILURE() << "expected.bin byte " << i << " is " << int{actual[i]} << ", by hand " << int{bytes_[i]};
        return;
      }
    }
  }

 private:
  std::vector<std::uint8_t> bytes_;
  std::vector<std::uint8_t> care_;
};

// Runs dcconf case on the example, expecting success; returns the output directory.
fs::path runExample(const std::string& name) {
  const fs::path dir = scratchDir();
  const RunResult run = runDcconf("case " + example(name) + " --out " + (dir / "out").string(), dir);
  EXPECT_EQ(run.status, 0) << run.stderrText;
  EXPECT_TRUE(run.stderrText.empty()) << run.stderrText;
  return dir / "out";
}

nlohmann::json resultOf(const fs::path& out) { return nlohmann::json::parse(readText(out / "result.json")); }

TEST(Examples, PadGmToUb40BytesRightPad) {
  // PAD-G2U-6: 40 data bytes (halves 1..20), 2 right-pad halves of 0, 20 dummy bytes (AMB-2 default ANY); W = 64.
  const fs::path out = runExample("pad-gm2ub-40B-rightpad.json");
  Expected e(96);
  e.halves(0, 1, 20);
  for (std::size_t i = 40; i < 44; ++i) e.byte(i, 0);  // two right-pad halves of value 0
  e.any(44, 64);
  e.check(out);
  const nlohmann::json result = resultOf(out);
  EXPECT_EQ(result["schema"], "dcconf.result/1");
  EXPECT_EQ(result["valid"], true);
  EXPECT_EQ(result["verdict"], "computed");
  EXPECT_EQ(result["profile"], "default");
  EXPECT_EQ(result["writeRanges"], nlohmann::json::parse("[[0, 64]]"));
  EXPECT_EQ(result["readRanges"], nlohmann::json::parse("[[0, 40]]"));
  EXPECT_EQ(result["careBytes"], 76);
  EXPECT_EQ(result["anyBytes"], 20);
  EXPECT_EQ(result["regions"]["right-pad"], 4);
  EXPECT_EQ(result["regions"]["dummy"], 20);
  EXPECT_EQ(result["unspecified"][std::string(oracle::whyUnspecified(oracle::Region::dummy))], 20) << "the ANY bytes by reason";
}

TEST(Examples, PadGmToUb47BytesWithStrides) {
  // PAD-G2U-6: GM blocks at 0 and 47+1; UB pitch AlignUp(47,32) + 32*1 = 96; bytes 47..63 of a block are dummy.
  const fs::path out = runExample("pad-gm2ub-47B-strides.json");
  Expected e(192);
  for (int i = 0; i < 47; ++i) {
    e.byte(static_cast<std::size_t>(i), static_cast<std::uint8_t>(i));
    e.byte(static_cast<std::size_t>(96 + i), static_cast<std::uint8_t>(48 + i));
  }
  e.any(47, 64);
  e.any(96 + 47, 96 + 64);
  e.check(out);
}

TEST(Examples, PadUbToGm47Bytes) {
  // PAD-U2G-2: UB blocks at 0 and 96, GM blocks at 0 and 48; byte 47 (the 1-byte gap) and the tail stay KEEP.
  const fs::path out = runExample("pad-ub2gm-47B.json");
  Expected e(128);
  for (int i = 0; i < 47; ++i) {
    e.byte(static_cast<std::size_t>(i), static_cast<std::uint8_t>(i));
    e.byte(static_cast<std::size_t>(48 + i), static_cast<std::uint8_t>(96 + i));
  }
  e.check(out);
}

TEST(Examples, PadUbToTscmThreeRowsOfSixBlocks) {
  // PAD-U2L1-1 with the Atlas page's figure: UB row r starts at r * (192 + 32) bytes = half 112r, so element (r, c)
  // is the whole number 112r + c + 1. In GM the rows sit 256 bytes apart (srcDValue 128 halves), and the first
  // leg wrote all 96 columns of each, so no ANY. ND2NZ puts row r, column block j in 32-byte block 7j + 2r.
  const fs::path out = runExample("pad-ub2tscm-3x96-half.json");
  Expected e(1280);
  for (int r = 0; r < 3; ++r) {
    for (int j = 0; j < 6; ++j) e.halves(static_cast<std::size_t>(7 * j + 2 * r) * 32, 112 * r + 16 * j + 1, 16);
  }
  e.check(out);
  EXPECT_EQ(resultOf(out)["anyBytes"], 0);
}

// PAD-CMP-5 (issue 31 item 1): the vendor's scenario 3. Halves 1..72 packed at pitch 48 bytes, so the UB holds them
// back to back; the 16 bytes up to the next 32-byte boundary are the pad value 0 (rightPadding 8 would pad the same
// bytes with the same value, so AMB-21 leaves nothing open); the guard bytes after stay KEEP.
TEST(Examples, PadCompactGmToUbThreeBlocksOf48Bytes) {
  const fs::path out = runExample("pad-compact-gm2ub-3x48-half.json");
  Expected e(192);
  e.halves(0, 1, 72);
  for (std::size_t i = 144; i < 160; ++i) e.byte(i, 0);
  e.check(out);
  EXPECT_EQ(resultOf(out)["anyBytes"], 0);
}

// LOOP-4 (issue 31 item 2): the vendor's scenario 4, Compact in loop mode. Iteration (i2, i1) reads GM bytes
// [160*i2 + 80*i1, +80), which hold 160*i2 + 80*i1 + 1.. (mod 256), and writes them at UB 288*i2 + 128*i1, then
// 16 bytes of -1; the rest of the zeroed UB is KEEP.
TEST(Examples, LoopModeCompactInt8TwoByTwo) {
  const fs::path out = runExample("loop-compact-gm2ub-int8.json");
  Expected e(576, 0);
  for (std::size_t i2 = 0; i2 < 2; ++i2) {
    for (std::size_t i1 = 0; i1 < 2; ++i1) {
      const std::size_t ub = 288 * i2 + 128 * i1;
      const std::size_t gm = 160 * i2 + 80 * i1;
      for (std::size_t k = 0; k < 80; ++k) e.byte(ub + k, static_cast<std::uint8_t>(gm + k + 1));
      for (std::size_t k = 80; k < 96; ++k) e.byte(ub + k, 0xFF);
    }
  }
  e.check(out);
  EXPECT_EQ(resultOf(out)["anyBytes"], 0);
}

// BRC-5 (issue 31 item 8): the vendor's broadcast_ub2l0c. The float vector 1..16 in every one of the fractal's 16 rows;
// the 32 guard bytes after the fractal stay KEEP.
TEST(Examples, BroadcastVecToMmOneFractalOfFloat) {
  const fs::path out = runExample("brc-ub2l0c-float.json");
  Expected e(1056);
  for (std::size_t r = 0; r < 16; ++r) {
    for (std::size_t c = 0; c < 16; ++c) {
      const float value = static_cast<float>(c + 1);
      std::uint32_t bits = 0;
      std::memcpy(&bits, &value, 4);
      for (std::size_t b = 0; b < 4; ++b) e.byte((16 * r + c) * 4 + b, static_cast<std::uint8_t>(bits >> (8 * b)));
    }
  }
  e.check(out);
  EXPECT_EQ(resultOf(out)["anyBytes"], 0);
}

TEST(Examples, Nz2Nd32x32Half) {
  // NZ2ND-3: dst = 1..16, 513..528, 17..32, 529..544, ..., 497..512, 1009..1024, then the 32 guard bytes.
  const fs::path out = runExample("nz2nd-32x32-half.json");
  Expected e(2080);
  std::size_t at = 0;
  for (int row = 0; row < 32; ++row) {
    for (const int first : {16 * row + 1, 512 + 16 * row + 1}) {
      e.halves(at, first, 16);
      at += 32;
    }
  }
  e.check(out);
}

TEST(Examples, Nd2Nz4x32Half) {
  // ND2NZ-2 with C0 = 16: column block j holds rows 0..3 of columns 16j..16j+15, blocks 4 apart (dstNzC0Stride).
  // Source element (r, c) is r*32 + c + 1: dst = 1..16, 33..48, 65..80, 97..112, 17..32, 49..64, 81..96, 113..128.
  const fs::path out = runExample("nd2nz-4x4-half.json");
  Expected e(320);
  for (int j = 0; j < 2; ++j) {
    for (int r = 0; r < 4; ++r) e.halves(static_cast<std::size_t>(4 * j + r) * 32, 32 * r + 16 * j + 1, 16);
  }
  e.check(out);
}

TEST(Examples, DataCopy2Level512Halves) {
  // DC-3: 512 halves = 1024 bytes = 32 whole blocks, nothing dropped.
  const fs::path out = runExample("datacopy-2level-512-half.json");
  Expected e(1056);
  e.halves(0, 1, 512);
  e.check(out);
}

TEST(Examples, DataCopy0LevelTwoBlocksGapOne) {
  // DC-2: block i is 256 bytes from 256i to 288i; [256, 288) and [544, 576) keep the fill.
  const fs::path out = runExample("datacopy-0level-2x8-gap1.json");
  Expected e(576);
  e.halves(0, 1, 128);
  e.halves(288, 129, 128);
  e.check(out);
  EXPECT_EQ(resultOf(out)["writeRanges"], nlohmann::json::parse("[[0, 256], [288, 544]]"));
}

TEST(Examples, FixpipeDeqf16Int32ToHalfScaleHalf) {
  // FIX worked example: int32 element (m, n) = m*128 + n - 500, DEQF16 with scale 0.5 -> half(k / 2), exact in half.
  // FIX-1: C0 = 16, burst j = n/16 of 9x16 halves at byte 32*dstStride*j = 288*j; inside it (16*m + n%16)*2.
  // k/2 for a whole k: halfOf(|k|) with the exponent one lower, and the sign bit for k < 0. Fill 0xee.
  const fs::path out = runExample("fixpipe-deqf16-int32-half.json");
  Expected e(2336, 0xee);
  for (int m = 0; m < 9; ++m) {
    for (int n = 0; n < 128; ++n) {
      const int k = m * 128 + n - 500;
      const auto magnitude = static_cast<std::uint16_t>(k == 0 ? 0 : halfOf(k < 0 ? -k : k) - (1 << 10));
      const auto bits = static_cast<std::uint16_t>(magnitude | (k < 0 ? 0x8000 : 0));
      const std::size_t at = static_cast<std::size_t>((n / 16) * 288 + (16 * m + n % 16) * 2);
      e.byte(at, static_cast<std::uint8_t>(bits & 0xFF));
      e.byte(at + 1, static_cast<std::uint8_t>(bits >> 8));
    }
  }
  e.check(out);  // bytes 2304..2335 keep the fill
  EXPECT_EQ(resultOf(out)["writeRanges"], nlohmann::json::parse("[[0, 2304]]"));
  EXPECT_EQ(resultOf(out)["anyBytes"], 0) << "every result is exact in half: no AMB applies";
}

TEST(Examples, FixpipeReq8Int32ToInt8ThirtyTwoChannelRows) {
  // FIX-1 (revised): REQ8 int32 -> int8, mSize 16, nSize 64, scale 0.5 with the int8 sign bit, offset 0. The int8 NZ
  // destination has C0d = 32: burst j = n/32 of 16 rows x 32 bytes at 32*dstStride*j = 512*j, row m at 32*m inside
  // it. x(m, n) = 16m + 5n - 150; y = x/2, ties to even, saturated to [-128, 127]. By hand:
  //   (0, 0)  -150 -> -75   = 0xb5 at 0      (0, 1)  -145 -> -72.5 -> -72 = 0xb8 at 1
  //   (0, 31)    5 -> 2.5 -> 2 at 31        (0, 32)   10 -> 5 at 512 (the second burst)
  //   (1, 0)  -134 -> -67   = 0xbd at 32     (15, 33) 255 -> 127.5 -> 128 -> 127 = 0x7f at 993
  const fs::path out = runExample("fixpipe-req8-int32-int8.json");
  Expected e(1056, 0xee);
  for (int m = 0; m < 16; ++m) {
    for (int n = 0; n < 64; ++n) {
      const int x = 16 * m + 5 * n - 150;
      int half = x / 2;  // toward zero; an odd x is a tie between x/2 -+ 0.5: take the even neighbour
      if (x % 2 != 0) {
        const int below = x < 0 ? half - 1 : half;
        half = below % 2 == 0 ? below : below + 1;
      }
      const int v = half < -128 ? -128 : half > 127 ? 127 : half;
      e.byte(static_cast<std::size_t>((n / 32) * 512 + 32 * m + n % 32), static_cast<std::uint8_t>(v));
    }
  }
  e.check(out);  // bytes 1024..1055 keep the fill
  const std::vector<std::uint8_t> bytes = readBytes(out / "expected.bin");
  ASSERT_EQ(bytes.size(), 1056u);
  EXPECT_EQ(bytes[0], 0xb5);
  EXPECT_EQ(bytes[1], 0xb8);
  EXPECT_EQ(bytes[31], 0x02);
  EXPECT_EQ(bytes[32], 0xbd);
  EXPECT_EQ(bytes[512], 0x05);
  EXPECT_EQ(bytes[993], 0x7f);
  EXPECT_EQ(resultOf(out)["writeRanges"], nlohmann::json::parse("[[0, 1024]]"));
  EXPECT_EQ(resultOf(out)["anyBytes"], 0) << "offset 0, no MCB, no ReLU: no AMB applies";
}

TEST(Examples, EnhancedDeq8Int32ToInt8SidStoreMode0) {
  // ENH-2/3/4, CO1->CO2 DEQ8 int32 -> int8, BLOCK_MODE_VECTOR (1x16 rows of int32, 64 B), blockCount 2, blockLen 1,
  // srcStride 0, dstStride 1. deqValue 0x40A03F000000: FIX-5 bits [31:13] = 0x3F000 << 13 = fp32 0.5 -> M1 = 0.5;
  // N = 0, MCB = 0; bits [45:37] = 0x40A03F000000 >> 37 & 0x1FF = 5 -> offset +5 (< 256, so AMB-8 does not apply);
  // bit 46 = 1 -> int8. FIX-6 per element: k = RNE(clamp(0.5*x, -256, 255)) + 5, saturated to [-128, 127]:
  //   x =    0 -> 0      -> 5        x =    1 -> 0.5 -> 0 (tie to even) -> 5
  //   x =    2 -> 1      -> 6        x =    3 -> 1.5 -> 2 (tie to even) -> 7
  //   x =    5 -> 2.5->2 -> 7        x =   -1 -> -0.5 -> 0 -> 5
  //   x =   -3 -> -1.5->-2 -> 3      x =   -5 -> -2.5 -> -2 -> 3
  //   x =  100 -> 50     -> 55       x = -100 -> -50 -> -45
  //   x =  244 -> 122    -> 127      x =  246 -> 123 -> 128 -> saturates to 127
  //   x = 1000 -> 500 clamped 255 -> 260 -> 127       x = -1000 -> -500 clamped -256 -> -251 -> -128
  //   x = -266 -> -133   -> -128     x = -268 -> -134 -> -129 -> saturates to -128
  // Burst 1 reads x = -16, -14, ..., 14 (2k - 16): 0.5*x = k - 8 exactly, + 5 -> k - 3 = -3 .. 12.
  // ENH-3 sidStoreMode 0 (the page: high 16 B of each 32-byte slot): the 16 results of a 1x16 row fill bytes 16..31
  // of the slot, bytes 0..15 keep; the UB burst is one 32-byte slot, pitch 32 + 32*dstStride = 64, so burst 1's
  // results sit at 80..95. Everything else (0..15, 32..79, 96..127) keeps the fill; no byte is ANY.
  const fs::path out = runExample("enhanced-deq8-int32-int8.json");
  Expected e(128);
  const int burst0[16] = {5, 5, 6, 7, 7, 5, 3, 3, 55, -45, 127, 127, 127, -128, -128, -128};
  for (std::size_t j = 0; j < 16; ++j) {
    e.byte(16 + j, static_cast<std::uint8_t>(burst0[j]));
    e.byte(80 + j, static_cast<std::uint8_t>(static_cast<int>(j) - 3));
  }
  e.check(out);
  const nlohmann::json result = resultOf(out);
  EXPECT_EQ(result["writeRanges"], nlohmann::json::parse("[[16, 32], [80, 96]]"));
  EXPECT_EQ(result["readRanges"], nlohmann::json::parse("[[0, 128]]"));
  EXPECT_EQ(result["anyBytes"], 0);
}

// ATOM-6 (issue 31 item 7): the vendor example data_movement_with_atomic_operations through `dcconf case`, one case
// per core (SetAtomic*<half>(); DataCopy(dstGlobal, srcLocal, 256), VECOUT->GM), each run's expected.bin the next
// run's destination. Scenario 1 by hand (1.0 three times onto 2.0: 5.0, bits 0x4500); scenario 2 numpy's numbers
// (oracle/tests/atomic_vendor_scenario2.inc, scripts/gen_atomic_vendor_golden.py).
#include "../../oracle/tests/atomic_vendor_scenario2.inc"

std::string hexOf(const std::vector<std::uint8_t>& bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (const std::uint8_t b : bytes) {
    out += kDigits[b >> 4];
    out += kDigits[b & 15];
  }
  return out;
}
std::vector<std::uint8_t> halfBytes(const std::uint16_t* bits, std::size_t count) {
  std::vector<std::uint8_t> out;
  for (std::size_t i = 0; i < count; ++i) {
    out.push_back(static_cast<std::uint8_t>(bits[i] & 0xFF));
    out.push_back(static_cast<std::uint8_t>(bits[i] >> 8));
  }
  return out;
}

// One core's call through dcconf case; returns expected.bin after checking that every byte is cared for.
std::vector<std::uint8_t> atomicCall(const fs::path& dir, const std::string& product, const std::string& op,
                                     const std::vector<std::uint8_t>& src, const std::vector<std::uint8_t>& dst,
                                     int core) {
  const fs::path casePath = dir / ("core" + std::to_string(core) + ".json");
  const nlohmann::json c = {{"schema", "dcconf.case/1"}, {"product", product}, {"api", "DataCopy"},
                            {"path", "VECOUT->GM"}, {"dtype", "half"}, {"atomic", op},
                            {"params", {{"type", "calCount"}, {"calCount", 256}}},
                            {"src", {{"size", src.size()}, {"hex", hexOf(src)}}},
                            {"dst", {{"size", dst.size()}, {"hex", hexOf(dst)}}}};
  std::ofstream(casePath) << c.dump(2);
  const fs::path out = dir / ("out" + std::to_string(core));
  const RunResult run = runDcconf("case '" + casePath.string() + "' --out '" + out.string() + "'", dir);
  EXPECT_EQ(run.status, 0) << run.stderrText;
  EXPECT_EQ(readBytes(out / "care.bin"), std::vector<std::uint8_t>(dst.size(), 1)) << "every byte pinned";
  return readBytes(out / "expected.bin");
}

TEST(Examples, AtomicVendorScenario1HalfAdd) {
  for (const std::string product : {"atlas-a2", "atlas-a3", "ascend950"}) {
    const fs::path dir = scratchDir();
    const std::vector<std::uint16_t> ones(256, 0x3c00);
    const std::vector<std::uint16_t> twos(256, 0x4000);
    const std::vector<std::uint16_t> fives(256, 0x4500);
    std::vector<std::uint8_t> gm = halfBytes(twos.data(), 256);
    for (int core = 0; core < 3; ++core) gm = atomicCall(dir, product, "add", halfBytes(ones.data(), 256), gm, core);
    EXPECT_EQ(gm, halfBytes(fives.data(), 256)) << product;
  }
}

TEST(Examples, AtomicVendorScenario2HalfMax) {
  for (const std::string product : {"atlas-a2", "atlas-a3", "ascend950"}) {
    const fs::path dir = scratchDir();
    std::vector<std::uint8_t> gm(512, 0);  // input_y: zeros
    const std::uint16_t* inputs[] = {kScenario2X0, kScenario2X1, kScenario2X2};
    for (int core = 0; core < 3; ++core) gm = atomicCall(dir, product, "max", halfBytes(inputs[core], 256), gm, core);
    EXPECT_EQ(gm, halfBytes(kScenario2Golden, 256)) << product;
  }
}

// FIX950-12 (issue 31 item 4): the vendor example fixpipe_l0c2ub through `dcconf case` on the ascend950, scenarios
// 1-4: float L0C holding numpy's C (oracle/tests/fixpipe_ub_vendor_golden.inc, scripts/gen_fixpipe_ub_vendor_golden.py)
// in NZ with srcStride 128, copied CO1->VECOUT; expected.bin must be the golden's bytes, every byte cared for.
#include "../../oracle/tests/fixpipe_ub_vendor_golden.inc"

constexpr std::size_t kUbM = 128, kUbN = 256;

std::vector<std::uint8_t> floatBytes(const std::vector<std::uint32_t>& bits) {
  std::vector<std::uint8_t> out;
  for (const std::uint32_t b : bits) {
    for (int k = 0; k < 4; ++k) out.push_back(static_cast<std::uint8_t>(b >> (8 * k)));
  }
  return out;
}

// One Fixpipe<float, float, FixpipeConfig{layout, true}> call; returns expected.bin after checking every byte is cared.
std::vector<std::uint8_t> fixUbCall(const std::string& layout, std::size_t mSize, std::size_t nSize,
                                    std::size_t dstStride, int dualDstCtl) {
  const fs::path dir = scratchDir();
  std::vector<std::uint32_t> l0c(kUbM * kUbN);
  for (std::size_t m = 0; m < kUbM; ++m) {
    for (std::size_t n = 0; n < kUbN; ++n) l0c[(n / 16) * 128 * 16 + 16 * m + n % 16] = kFixUbVendorGolden[m * kUbN + n];
  }
  const std::vector<std::uint8_t> src = floatBytes(l0c);
  nlohmann::json c = {{"schema", "dcconf.case/1"}, {"product", "ascend950"}, {"api", "DataCopy"},
                      {"path", "CO1->VECOUT"}, {"dtype", "float"},
                      {"params", {{"type", "DataCopyCO12DstParams"}, {"nSize", nSize}, {"mSize", mSize},
                                  {"dstStride", dstStride}, {"srcStride", 128}, {"quantPre", "NoQuant"}}},
                      {"fixpipe", {{"srcDType", "float"}, {"layout", layout}}},
                      {"src", {{"size", src.size()}, {"hex", hexOf(src)}}},
                      {"dst", {{"size", kUbM * kUbN * 4}, {"fill", "0xA5"}}}};
  if (dualDstCtl != 0) c["fixpipe"]["dualDstCtl"] = dualDstCtl;
  std::ofstream(dir / "case.json") << c.dump(2);
  const RunResult run = runDcconf("case '" + (dir / "case.json").string() + "' --out '" + (dir / "out").string() + "'", dir);
  EXPECT_EQ(run.status, 0) << run.stderrText;
  EXPECT_EQ(readBytes(dir / "out" / "care.bin"), std::vector<std::uint8_t>(kUbM * kUbN * 4, 1)) << "every byte pinned";
  return readBytes(dir / "out" / "expected.bin");
}

// Scenario 1: NZ, dstStride M*16: the golden's reshape(M/16, 16, N/16, 16).transpose(2, 0, 1, 3).
TEST(Examples, FixpipeUbVendorScenario1Nz) {
  std::vector<std::uint32_t> golden(kUbM * kUbN);
  for (std::size_t m = 0; m < kUbM; ++m) {
    for (std::size_t n = 0; n < kUbN; ++n) golden[(n / 16) * kUbM * 16 + 16 * m + n % 16] = kFixUbVendorGolden[m * kUbN + n];
  }
  EXPECT_EQ(fixUbCall("NZ", kUbM, kUbN, kUbM * 16, 0), floatBytes(golden));
}

// Scenarios 2 (ROW_MAJOR) and 3 (dualDstCtl 0b01: UB h holds rows [64h, 64h + 64), the UBs end to end): C row-major.
TEST(Examples, FixpipeUbVendorScenarios2And3RowMajorAndSplitM) {
  const std::vector<std::uint32_t> golden(kFixUbVendorGolden, kFixUbVendorGolden + kUbM * kUbN);
  EXPECT_EQ(fixUbCall("ROW_MAJOR", kUbM, kUbN, kUbN, 0), floatBytes(golden));
  EXPECT_EQ(fixUbCall("ROW_MAJOR", kUbM, kUbN, kUbN, 1), floatBytes(golden));
}

// Scenario 4: dualDstCtl 0b10, dstStride N/2: UB h holds C[:, 128h:128h + 128] row-major; the example's vector cores
// put them back (blockCount M, 16 blocks, dstGap 16, GM offset h*N/2), which gives the golden C again.
TEST(Examples, FixpipeUbVendorScenario4SplitN) {
  const std::vector<std::uint8_t> out = fixUbCall("ROW_MAJOR", kUbM, kUbN, kUbN / 2, 2);
  ASSERT_EQ(out.size(), kUbM * kUbN * 4);
  std::vector<std::uint32_t> gm(kUbM * kUbN);
  for (std::size_t h = 0; h < 2; ++h) {
    for (std::size_t m = 0; m < kUbM; ++m) {
      for (std::size_t n = 0; n < kUbN / 2; ++n) {
        const std::size_t at = h * kUbM * kUbN * 2 + (m * kUbN / 2 + n) * 4;  // byte in the two UBs
        std::uint32_t v = 0;
        for (int k = 0; k < 4; ++k) v |= std::uint32_t{out[at + static_cast<std::size_t>(k)]} << (8 * k);
        gm[m * kUbN + h * kUbN / 2 + n] = v;
      }
    }
  }
  EXPECT_EQ(gm, std::vector<std::uint32_t>(kFixUbVendorGolden, kFixUbVendorGolden + kUbM * kUbN));
}

// NDDMA-5 (issue 31 item 9): the vendor example data_copy_gm2ub_nddma through `dcconf case` on the Ascend 950, its
// five scenarios with the published NdDmaLoopInfo; float inputs arange(1, n + 1) into a zeroed UB tile; the goldens
// are numpy's (oracle/tests/nddma_vendor_goldens.inc, scripts/gen_nddma_vendor_golden.py), every byte cared for.
namespace nddma {
#include "../../oracle/tests/nddma_vendor_goldens.inc"
}

std::vector<std::uint8_t> floatBytes(const std::vector<float>& values) {
  std::vector<std::uint8_t> out(values.size() * 4);
  std::memcpy(out.data(), values.data(), out.size());
  return out;
}

TEST(Examples, NdDmaVendorScenarios) {
  struct Scenario {
    const char* params;
    std::size_t inputElements;
    const std::uint16_t* golden;
    std::size_t goldenElements;
  };
  const Scenario scenarios[] = {
      {R"({"type": "NdDmaParams", "dim": 2, "loopSrcStride": [1, 32], "loopDstStride": [1, 64], "loopSize": [32, 16],
           "loopLpSize": [15, 13], "loopRpSize": [17, 3], "constantValue": 0})",
       16 * 32, nddma::kNddmaScenario1Golden, std::size(nddma::kNddmaScenario1Golden)},
      {R"({"type": "NdDmaParams", "dim": 2, "loopSrcStride": [1, 15], "loopDstStride": [1, 32], "loopSize": [15, 28],
           "loopLpSize": [11, 3], "loopRpSize": [6, 1], "isNearestValueMode": true})",
       28 * 15, nddma::kNddmaScenario2Golden, std::size(nddma::kNddmaScenario2Golden)},
      {R"({"type": "NdDmaParams", "dim": 2, "loopSrcStride": [1, 64], "loopDstStride": [16, 1], "loopSize": [64, 16]})",
       16 * 64, nddma::kNddmaScenario3Golden, std::size(nddma::kNddmaScenario3Golden)},
      {R"({"type": "NdDmaParams", "dim": 2, "loopSrcStride": [1, 0], "loopDstStride": [1, 16], "loopSize": [16, 3]})",
       16, nddma::kNddmaScenario4Golden, std::size(nddma::kNddmaScenario4Golden)},
      {R"({"type": "NdDmaParams", "dim": 2, "loopSrcStride": [1, 64], "loopDstStride": [1, 16], "loopSize": [16, 16]})",
       32 * 64, nddma::kNddmaScenario5Golden, std::size(nddma::kNddmaScenario5Golden)},
  };
  int index = 1;
  for (const Scenario& s : scenarios) {
    SCOPED_TRACE("scenario " + std::to_string(index));
    const fs::path dir = scratchDir();
    std::vector<float> input(s.inputElements);
    for (std::size_t i = 0; i < input.size(); ++i) input[i] = static_cast<float>(i + 1);
    std::vector<float> golden(s.goldenElements);
    for (std::size_t i = 0; i < golden.size(); ++i) golden[i] = static_cast<float>(s.golden[i]);
    const std::vector<std::uint8_t> src = floatBytes(input);
    const std::vector<std::uint8_t> zeroed(golden.size() * 4, 0);  // Duplicate(xLocal, 0, dstTotalLength)
    const nlohmann::json c = {{"schema", "dcconf.case/1"}, {"product", "ascend950"}, {"api", "DataCopy"},
                              {"path", "GM->VECIN"}, {"dtype", "float"}, {"params", nlohmann::json::parse(s.params)},
                              {"src", {{"size", src.size()}, {"hex", hexOf(src)}}},
                              {"dst", {{"size", zeroed.size()}, {"hex", hexOf(zeroed)}}}};
    const fs::path casePath = dir / "nddma.json";
    std::ofstream(casePath) << c.dump(2);
    const fs::path out = dir / "out";
    const RunResult run = runDcconf("case '" + casePath.string() + "' --out '" + out.string() + "'", dir);
    ASSERT_EQ(run.status, 0) << run.stderrText;
    EXPECT_EQ(readBytes(out / "care.bin"), std::vector<std::uint8_t>(zeroed.size(), 1)) << "every byte pinned";
    EXPECT_EQ(readBytes(out / "expected.bin"), floatBytes(golden));
    ++index;
  }
}

}  // namespace
}  // namespace dcconf::cli::testing
