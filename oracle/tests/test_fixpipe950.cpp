// FIX950 (project, issue 31 item 3): the Ascend 950 Fixpipe with FixpipeParamsArch3510<CO2Layout>. The worked
// examples use the vendor's published parameters (asc-devkit fixpipe_l0c2gm, batch_matmul); their goldens are
// numpy matmuls, rebuilt here from small-integer A and B so that every sum is exact in float whatever the order.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <vector>

#include "dcconf/oracle/oracle.hpp"
#include "test_support.hpp"

namespace dcconf::oracle {
namespace {

using test::Bytes;
using test::guardBuffer;
using test::loadLE;
using test::storeLE;

std::uint64_t f32(float v) { return std::bit_cast<std::uint32_t>(v); }

// A float -> float NoQuant 950 Fixpipe, CO1->GM.
Case fix950(Co2Layout layout, std::uint16_t mSize, std::uint16_t nSize, std::uint16_t srcStride, std::uint32_t dstStride) {
  Case c;
  c.product = Product::ascend950;
  c.api = Api::DataCopy;
  c.srcPos = Position::CO1;
  c.dstPos = Position::GM;
  c.dtype = DType::float_;
  DataCopyCO12DstParams p;
  p.nSize = nSize;
  p.mSize = mSize;
  p.srcStride = srcStride;
  p.dstStride = dstStride;
  c.params = p;
  c.fixpipe = FixpipeState{};
  c.fixpipe->srcDType = DType::float_;
  c.fixpipe->layout = layout;
  return c;
}

Evaluation run(const Case& c, const Bytes& src) { return evaluate(c, src, guardBuffer(c.dst.sizeBytes)); }

// C = A x B for the vendor's M, K, N, from small integers (exact in float).
std::vector<float> matmul(std::uint64_t m0, std::uint64_t k0, std::uint64_t n0, std::uint64_t batch) {
  std::vector<float> cm(m0 * n0, 0.0F);
  for (std::uint64_t m = 0; m < m0; ++m) {
    for (std::uint64_t n = 0; n < n0; ++n) {
      float sum = 0.0F;
      for (std::uint64_t k = 0; k < k0; ++k) {
        sum += (static_cast<float>((batch * 7 + m * 3 + k) % 9) - 4.0F) *
               (static_cast<float>((batch * 5 + k * 2 + n) % 7) - 3.0F);
      }
      cm[m * n0 + n] = sum;
    }
  }
  return cm;
}

// ---- FIX950-7: fixpipe_l0c2gm scenario 3 (CO2Layout::COLUMN_MAJOR, the DN output) ----------------------------------
// Published: M 128, K 128, N 256, float L0C -> float GM; mSize 128, srcStride CeilAlign(M,16) = 128, nSize 256,
// dstStride M = 128, params Nz2DnParams{dnNum 1, srcNzMatrixStride 0, dstDnMatrixStride 0, srcNzC0Stride 1}. The
// golden is golden.transpose(1, 0): element (m, n) of C at GM element n*M + m, 128 KiB of float.
TEST(Fixpipe950, VendorFixpipeL0c2gmScenario3Nz2Dn) {
  constexpr std::uint64_t kM = 128, kK = 128, kN = 256;
  Case c = fix950(Co2Layout::COLUMN_MAJOR, kM, kN, 128, kM);
  c.fixpipe->nz2dn = Nz2DnState{1, 0, 0, 1};
  c.src = {kM * kN * 4, 0};
  c.dst = {kM * kN * 4 + 64, 0};
  const std::vector<float> cm = matmul(kM, kK, kN, 0);
  Bytes src(c.src.sizeBytes, 0);
  for (std::uint64_t m = 0; m < kM; ++m) {  // the Mmad result in L0C: NZ, 16-column fractals, 128 rows per block
    for (std::uint64_t n = 0; n < kN; ++n) storeLE(src, ((n / 16) * 128 * 16 + 16 * m + n % 16) * 4, f32(cm[m * kN + n]), 4);
  }
  const Evaluation e = run(c, src);
  ASSERT_EQ(e.verdict, Verdict::computed) << describe(e.violations.front());
  std::uint64_t wrong = 0;
  for (std::uint64_t n = 0; n < kN; ++n) {
    for (std::uint64_t m = 0; m < kM; ++m) {
      const std::uint64_t at = (n * kM + m) * 4;  // golden.transpose(1, 0), row-major [N][M]
      for (std::uint64_t b = 0; b < 4; ++b) wrong += e.expectation.care[at + b] == 0;
      wrong += loadLE(e.expectation.expected, at, 4) != f32(cm[m * kN + n]);
    }
  }
  EXPECT_EQ(wrong, 0u) << "of " << kM * kN << " golden elements";
  for (std::uint64_t b = kM * kN * 4; b < c.dst.sizeBytes; ++b) EXPECT_EQ(e.expectation.region[b], Region::keep);
}

// ---- FIX950-3: srcNdStride counts C0_SIZE (16 elements) on the 950 --------------------------------------------------
// The vendor's batch_matmul passes srcNdStride 160 on the 950 where it passes 10 on A2 for the same L0C layout:
// B 4, M 30, K 40, N 70, matrices 32 x 80 = 2560 elements apart = 160 x 16. ROW_MAJOR, ndNum 4, dstNdStride M*N.
TEST(Fixpipe950, BatchMatmulRowMajorSrcNdStrideInC0Size) {
  constexpr std::uint64_t kB = 4, kM = 30, kK = 40, kN = 70, kMAlign = 32, kNAlign = 80;
  Case c = fix950(Co2Layout::ROW_MAJOR, kM, kN, kMAlign, kN);
  c.fixpipe->ndNum = kB;
  c.fixpipe->srcNdStride = 160;
  c.fixpipe->dstNdStride = kM * kN;
  c.src = {kB * kMAlign * kNAlign * 4, 0};
  c.dst = {kB * kM * kN * 4 + 64, 0};
  Bytes src(c.src.sizeBytes, 0);
  for (std::uint64_t e = 0; e < kB * kMAlign * kNAlign; ++e) storeLE(src, e * 4, f32(1.0e9F), 4);  // padding marker
  std::vector<float> golden;
  for (std::uint64_t b = 0; b < kB; ++b) {
    const std::vector<float> cm = matmul(kM, kK, kN, b);
    golden.insert(golden.end(), cm.begin(), cm.end());
    for (std::uint64_t m = 0; m < kM; ++m) {
      for (std::uint64_t n = 0; n < kN; ++n) {
        storeLE(src, (b * kMAlign * kNAlign + (n / 16) * kMAlign * 16 + 16 * m + n % 16) * 4, f32(cm[m * kN + n]), 4);
      }
    }
  }
  const Evaluation e = run(c, src);
  ASSERT_EQ(e.verdict, Verdict::computed) << describe(e.violations.front());
  std::uint64_t wrong = 0;
  for (std::uint64_t i = 0; i < golden.size(); ++i) {
    wrong += loadLE(e.expectation.expected, i * 4, 4) != f32(golden[i]) || e.expectation.care[i * 4] == 0;
  }
  EXPECT_EQ(wrong, 0u) << "of " << golden.size() << " golden elements";
}

// FIX950-2: the NZ output's dstStride counts elements (fixpipe_l0c2gm scenario 1 on the 950: dstStride = M*16 =
// 2048 where A2 passes 256 blocks of 32 bytes): the L0C block layout is reproduced.
TEST(Fixpipe950, VendorScenario1NzDstStrideInElements) {
  constexpr std::uint64_t kM = 128, kN = 256;
  Case c = fix950(Co2Layout::NZ, kM, kN, 128, kM * 16);
  c.src = {kM * kN * 4, 0};
  c.dst = {kM * kN * 4 + 64, 0};
  Bytes src(c.src.sizeBytes, 0);
  for (std::uint64_t e = 0; e < kM * kN; ++e) storeLE(src, e * 4, f32(static_cast<float>(e % 1000) - 500.0F), 4);
  const Evaluation e = run(c, src);
  ASSERT_EQ(e.verdict, Verdict::computed) << describe(e.violations.front());
  for (std::uint64_t b = 0; b < kM * kN * 4; ++b) {
    ASSERT_EQ(e.expectation.care[b], 1) << b;
    ASSERT_EQ(e.expectation.expected[b], src[b]) << b;
  }
}

// FIX950-6 / AMB-23: ndNum 0 (and dnNum, nSize, mSize 0) is the page's NOP by default: every byte KEEP. The header's
// assertion is profile fix950-zero-reject.
TEST(Fixpipe950, ZeroCountIsNopByDefaultAndRejectedUnderTheHeaderProfile) {
  Case c = fix950(Co2Layout::ROW_MAJOR, 16, 16, 16, 16);
  c.fixpipe->ndNum = 0;
  c.src = {16 * 16 * 4, 0};
  c.dst = {16 * 16 * 4, 0};
  const Bytes src(c.src.sizeBytes, 0x11);
  Evaluation e = run(c, src);
  ASSERT_EQ(e.verdict, Verdict::computed) << describe(e.violations.front());
  for (std::uint64_t b = 0; b < c.dst.sizeBytes; ++b) EXPECT_EQ(e.expectation.region[b], Region::keep) << b;
  c.profile = *parseProfile("fix950-zero-reject").profile;
  e = run(c, src);
  ASSERT_EQ(e.verdict, Verdict::invalid);
  EXPECT_EQ(e.violations.front().clause, "FIX950-6");
  Case d = fix950(Co2Layout::COLUMN_MAJOR, 16, 16, 16, 16);
  d.fixpipe->nz2dn.dnNum = 0;
  d.src = c.src;
  d.dst = c.dst;
  e = run(d, src);
  ASSERT_EQ(e.verdict, Verdict::computed);
  for (std::uint64_t b = 0; b < d.dst.sizeBytes; ++b) EXPECT_EQ(e.expectation.region[b], Region::keep) << b;
}

// FIX950-4: srcNzC0Stride spaces the rows of a fractal (C0_SIZE units): 2 reads every other 16-element row.
TEST(Fixpipe950, Nz2DnSrcNzC0StrideStepsRows) {
  Case c = fix950(Co2Layout::COLUMN_MAJOR, 4, 16, 16, 4);
  c.fixpipe->nz2dn.srcNzC0Stride = 2;
  c.src = {16 * 16 * 4, 0};
  c.dst = {16 * 4 * 4, 0};
  Bytes src(c.src.sizeBytes, 0);
  for (std::uint64_t e = 0; e < 256; ++e) storeLE(src, e * 4, f32(static_cast<float>(e)), 4);
  const Evaluation e = run(c, src);
  ASSERT_EQ(e.verdict, Verdict::computed) << describe(e.violations.front());
  for (std::uint64_t m = 0; m < 4; ++m) {
    for (std::uint64_t n = 0; n < 16; ++n) {
      EXPECT_EQ(loadLE(e.expectation.expected, (n * 4 + m) * 4, 4), f32(static_cast<float>(32 * m + n))) << m << "," << n;
    }
  }
}

// Validation names the clause: FIX950-4 srcNzC0Stride 0, FIX950-2 channelSplit with ND/DN, FIX950-1 nz2ndEn.
TEST(Fixpipe950, ValidationNamesTheClause) {
  auto firstClause = [](Case c) {
    c.src = {1 << 16, 0};
    c.dst = {1 << 16, 0};
    const Evaluation e = evaluate(c, Bytes(c.src.sizeBytes, 0), guardBuffer(c.dst.sizeBytes));
    return e.verdict == Verdict::invalid ? e.violations.front().clause : std::string(name(e.verdict));
  };
  Case a = fix950(Co2Layout::COLUMN_MAJOR, 16, 16, 16, 16);
  a.fixpipe->nz2dn.srcNzC0Stride = 0;
  EXPECT_EQ(firstClause(a), "FIX950-4");
  Case b = fix950(Co2Layout::ROW_MAJOR, 16, 16, 16, 16);
  std::get<DataCopyCO12DstParams>(b.params).channelSplit = true;
  EXPECT_EQ(firstClause(b), "FIX950-2");
  Case d = fix950(Co2Layout::NZ, 16, 16, 16, 256);
  std::get<DataCopyCO12DstParams>(d.params).nz2ndEn = true;
  EXPECT_EQ(firstClause(d), "FIX950-1");
  Case m = fix950(Co2Layout::COLUMN_MAJOR, 32768, 16, 32768, 32768);  // AMB-24: the header's 32767
  EXPECT_EQ(firstClause(m), "FIX950-4");
}

// PROD: the 950 call on another product is NOT_SUPPORTED.
TEST(Fixpipe950, NotSupportedOffThe950) {
  for (const Product p : {Product::atlas_a2, Product::atlas_a3, Product::kirin9020}) {
    Case c = fix950(Co2Layout::ROW_MAJOR, 16, 16, 16, 16);
    c.product = p;
    c.src = {16 * 16 * 4, 0};
    c.dst = {16 * 16 * 4, 0};
    EXPECT_EQ(evaluate(c, Bytes(c.src.sizeBytes, 0), guardBuffer(c.dst.sizeBytes)).verdict, Verdict::notSupported);
  }
}

// ---- FIX950-8..12: L0C -> UB (FixpipeConfig{layout, true}) and dualDstCtl -----------------------------------------

#include "fixpipe_ub_vendor_golden.inc"

// The L0C of fixpipe_l0c2ub: C (numpy's golden, row-major [128][256]) in NZ, 16-column fractals, srcStride 128.
constexpr std::uint64_t kUbM = 128, kUbN = 256;
Bytes vendorL0c() {
  Bytes src(kUbM * kUbN * 4, 0);
  for (std::uint64_t m = 0; m < kUbM; ++m) {
    for (std::uint64_t n = 0; n < kUbN; ++n) {
      storeLE(src, ((n / 16) * 128 * 16 + 16 * m + n % 16) * 4, kFixUbVendorGolden[m * kUbN + n], 4);
    }
  }
  return src;
}

// A float -> float 950 Fixpipe CO1->VECOUT (the example's cUB position) over the vendor's L0C, dst exactly M*N floats.
Case fixUb(Co2Layout layout, std::uint16_t mSize, std::uint16_t nSize, std::uint32_t dstStride, std::uint8_t dual) {
  Case c = fix950(layout, mSize, nSize, 128, dstStride);
  c.dstPos = Position::VECOUT;
  c.fixpipe->dualDstCtl = dual;
  c.src = {kUbM * kUbN * 4, 0};
  c.dst = {kUbM * kUbN * 4, 0};
  return c;
}

// Every destination byte cared for and equal to `golden` (float bits per element).
void expectWholeBuffer(const Evaluation& e, const std::vector<std::uint32_t>& golden) {
  ASSERT_EQ(e.verdict, Verdict::computed) << describe(e.violations.front());
  ASSERT_EQ(e.expectation.expected.size(), golden.size() * 4);
  std::uint64_t wrong = 0;
  for (std::uint64_t i = 0; i < golden.size(); ++i) {
    wrong += loadLE(e.expectation.expected, i * 4, 4) != golden[i];
    for (std::uint64_t b = 0; b < 4; ++b) wrong += e.expectation.care[i * 4 + b] == 0;
  }
  EXPECT_EQ(wrong, 0u) << "of " << golden.size() << " golden elements";
}

// FIX950-12 scenario 1: NZ, nSize 256, mSize 128, dstStride M*16 = 2048; the golden is reshape(M/16, 16, N/16, 16)
// .transpose(2, 0, 1, 3): element (m, n) at (n/16)*M*16 + 16*m + n%16.
TEST(Fixpipe950, VendorFixpipeL0c2ubScenario1Nz) {
  std::vector<std::uint32_t> golden(kUbM * kUbN);
  for (std::uint64_t m = 0; m < kUbM; ++m) {
    for (std::uint64_t n = 0; n < kUbN; ++n) golden[(n / 16) * kUbM * 16 + 16 * m + n % 16] = kFixUbVendorGolden[m * kUbN + n];
  }
  expectWholeBuffer(run(fixUb(Co2Layout::NZ, kUbM, kUbN, kUbM * 16, 0), vendorL0c()), golden);
}

// Scenario 2: ROW_MAJOR, dstStride N: C row-major.
TEST(Fixpipe950, VendorFixpipeL0c2ubScenario2RowMajor) {
  const std::vector<std::uint32_t> golden(kFixUbVendorGolden, kFixUbVendorGolden + kUbM * kUbN);
  expectWholeBuffer(run(fixUb(Co2Layout::ROW_MAJOR, kUbM, kUbN, kUbN, 0), vendorL0c()), golden);
}

// Scenario 3: dualDstCtl 0b01, mSize CeilAlign(128, 2), dstStride N: half h holds rows [64h, 64h + 64) row-major, so
// the two UBs end to end are C row-major (the example copies UB h to GM at h*M/2*N).
TEST(Fixpipe950, VendorFixpipeL0c2ubScenario3SplitM) {
  const std::vector<std::uint32_t> golden(kFixUbVendorGolden, kFixUbVendorGolden + kUbM * kUbN);
  expectWholeBuffer(run(fixUb(Co2Layout::ROW_MAJOR, kUbM, kUbN, kUbN, 1), vendorL0c()), golden);
}

// Scenario 4: dualDstCtl 0b10, nSize CeilAlign(256, 32), dstStride N/2: half h holds C[:, 128h:128h + 128] row-major.
TEST(Fixpipe950, VendorFixpipeL0c2ubScenario4SplitN) {
  std::vector<std::uint32_t> golden;
  for (std::uint64_t h = 0; h < 2; ++h) {
    for (std::uint64_t m = 0; m < kUbM; ++m) {
      for (std::uint64_t n = 0; n < kUbN / 2; ++n) golden.push_back(kFixUbVendorGolden[m * kUbN + h * kUbN / 2 + n]);
    }
  }
  expectWholeBuffer(run(fixUb(Co2Layout::ROW_MAJOR, kUbM, kUbN, kUbN / 2, 2), vendorL0c()), golden);
}

// FIX950-9: the start offset applies inside each half; the bytes around each half's part are KEEP. NZ, M split of 4
// rows x 16 columns, int32_t, offset 32 in halves of 512 bytes: half h rows 2h, 2h+1 at 32 + (16*m' + n)*4.
TEST(Fixpipe950, DualStartOffsetAppliesInsideEachHalf) {
  Case c = fix950(Co2Layout::NZ, 4, 16, 16, 64);
  c.dtype = DType::int32_t;
  c.fixpipe->srcDType = DType::int32_t;
  c.dstPos = Position::VECIN;
  c.fixpipe->dualDstCtl = 1;
  c.src = {16 * 16 * 4, 0};
  c.dst = {1024, 32};
  Bytes src(c.src.sizeBytes, 0);
  for (std::uint64_t e = 0; e < 256; ++e) storeLE(src, e * 4, 1000 + e, 4);
  const Evaluation e = run(c, src);
  ASSERT_EQ(e.verdict, Verdict::computed) << describe(e.violations.front());
  std::vector<int> written(1024, 0);
  for (std::uint64_t m = 0; m < 4; ++m) {
    for (std::uint64_t n = 0; n < 16; ++n) {
      const std::uint64_t at = (m / 2) * 512 + 32 + (16 * (m % 2) + n) * 4;  // buffer byte
      EXPECT_EQ(loadLE(e.expectation.expected, at, 4), 1000 + 16 * m + n) << m << "," << n;
      for (int b = 0; b < 4; ++b) written[at + b] = 1;
    }
  }
  for (std::uint64_t b = 0; b < 1024; ++b) {
    if (written[b] == 0) {
      EXPECT_EQ(e.expectation.region[b], Region::keep) << b;
    }
  }
  c.dst = {2 * (32 + 128) - 2, 32};  // each half 158 bytes: one byte short of 32 + 2 rows of 64 bytes
  EXPECT_EQ(run(c, src).verdict, Verdict::invalid);
  c.dst = {2 * (32 + 128), 32};
  EXPECT_EQ(run(c, src).verdict, Verdict::computed);
}

// FIX950-11: the N split of an NZ result: half h holds columns [16h, 16h + 16) as an NZ block of its own.
TEST(Fixpipe950, DualSplitNNzColumnsPerHalf) {
  Case c = fix950(Co2Layout::NZ, 2, 32, 16, 32);
  c.dstPos = Position::VECIN;
  c.fixpipe->dualDstCtl = 2;
  c.src = {2 * 16 * 16 * 4, 0};
  c.dst = {256, 0};
  Bytes src(c.src.sizeBytes, 0);
  for (std::uint64_t e = 0; e < 512; ++e) storeLE(src, e * 4, f32(static_cast<float>(e)), 4);
  const Evaluation e = run(c, src);
  ASSERT_EQ(e.verdict, Verdict::computed) << describe(e.violations.front());
  for (std::uint64_t m = 0; m < 2; ++m) {
    for (std::uint64_t n = 0; n < 32; ++n) {
      const std::uint64_t at = (n / 16) * 128 + (16 * m + n % 16) * 4;
      EXPECT_EQ(loadLE(e.expectation.expected, at, 4), f32(static_cast<float>((n / 16) * 256 + 16 * m + n % 16)))
          << m << "," << n;
    }
  }
}

// Validation of the UB path and dualDstCtl names FIX950-8..11.
TEST(Fixpipe950, UbAndDualValidationNamesTheClause) {
  auto firstClause = [](Case c) {
    c.src = {1 << 16, 0};
    if (c.dst.sizeBytes == 0) c.dst = {1 << 16, 0};
    const Evaluation e = evaluate(c, Bytes(c.src.sizeBytes, 0), guardBuffer(c.dst.sizeBytes));
    return e.verdict == Verdict::invalid ? e.violations.front().clause : std::string(name(e.verdict));
  };
  auto ub = [](Co2Layout layout, std::uint16_t mSize, std::uint16_t nSize, std::uint8_t dual) {
    Case c = fix950(layout, mSize, nSize, 32, 1024);
    c.dstPos = Position::VECIN;
    c.fixpipe->dualDstCtl = dual;
    return c;
  };
  EXPECT_EQ(firstClause(ub(Co2Layout::ROW_MAJOR, 16, 32, 0)), "computed");
  EXPECT_EQ(firstClause(ub(Co2Layout::ROW_MAJOR, 16, 32, 3)), "FIX950-9");  // reserved
  Case gm = ub(Co2Layout::ROW_MAJOR, 16, 32, 1);
  gm.dstPos = Position::GM;
  EXPECT_EQ(firstClause(gm), "FIX950-9");  // dual toward GM
  EXPECT_EQ(firstClause(ub(Co2Layout::COLUMN_MAJOR, 16, 32, 1)), "FIX950-9");
  Case relu = ub(Co2Layout::ROW_MAJOR, 16, 32, 2);
  std::get<DataCopyCO12DstParams>(relu.params).reluPre = 1;
  EXPECT_EQ(firstClause(relu), "FIX950-9");
  Case odd = ub(Co2Layout::ROW_MAJOR, 16, 32, 1);
  odd.dst = {(1 << 16) + 1, 0};
  EXPECT_EQ(firstClause(odd), "FIX950-9");  // B must be even
  EXPECT_EQ(firstClause(ub(Co2Layout::ROW_MAJOR, 15, 32, 1)), "FIX950-10");
  EXPECT_EQ(firstClause(ub(Co2Layout::ROW_MAJOR, 16, 48, 2)), "FIX950-11");
  EXPECT_EQ(firstClause(ub(Co2Layout::ROW_MAJOR, 16, 48, 1)), "computed");
  EXPECT_EQ(firstClause(ub(Co2Layout::NZ, 16, 64, 2)), "computed");  // AMB-32: accepted
  Case split = ub(Co2Layout::NZ, 16, 16, 0);
  std::get<DataCopyCO12DstParams>(split.params).channelSplit = true;
  EXPECT_EQ(firstClause(split), "FIX950-8");
  EXPECT_EQ(firstClause(ub(Co2Layout::ROW_MAJOR, 16, 4, 0)), "FIX950-8");  // 4 floats = 16 bytes
  EXPECT_EQ(firstClause(ub(Co2Layout::COLUMN_MAJOR, 4, 16, 0)), "FIX950-8");
  Case gmRow = ub(Co2Layout::ROW_MAJOR, 16, 4, 0);
  gmRow.dstPos = Position::GM;
  EXPECT_EQ(firstClause(gmRow), "computed");  // the 32-byte rule is the UB's and L1's only
  Case a2 = ub(Co2Layout::ROW_MAJOR, 16, 32, 0);
  a2.product = Product::atlas_a2;
  EXPECT_EQ(firstClause(a2), "not-supported");
}

// FIX950-13: fixpipe_l0c2l1 scenario 1 on dav-3510 (M = N = K = 128, FixpipeParamsArch3510<NZ> with nSize
// CeilAlign(N, 16) = 128, mSize 128, srcStride 128, dstStride M*16 = 2048 elements, F322F16): the L1 result is the
// L0C's NZ blocks converted to half, element (m, n) at (n/16)*2048 + 16*m + n%16; the vendor's golden is
// matmul(A, B).astype(float16), read back through a second Mmad. Here the L0C holds exact small products.
TEST(Fixpipe950, VendorFixpipeL0c2l1Scenario1NzIntoL1) {
  constexpr std::uint64_t kM = 128, kN = 128, kK = 128;
  Case c = fix950(Co2Layout::NZ, kM, kN, 128, kM * 16);
  c.dstPos = Position::A1;
  c.dtype = DType::half;
  std::get<DataCopyCO12DstParams>(c.params).quantPre = QuantMode::F322F16;
  c.src = {kM * kN * 4, 0};
  c.dst = {kM * kN * 2 + 64, 0};
  const std::vector<float> cm = matmul(kM, kK, kN, 0);
  Bytes src(c.src.sizeBytes, 0);
  for (std::uint64_t m = 0; m < kM; ++m) {
    for (std::uint64_t n = 0; n < kN; ++n) storeLE(src, ((n / 16) * 128 * 16 + 16 * m + n % 16) * 4, f32(cm[m * kN + n]), 4);
  }
  const Evaluation e = run(c, src);
  ASSERT_EQ(e.verdict, Verdict::computed) << describe(e.violations.front());
  std::uint64_t wrong = 0;
  for (std::uint64_t m = 0; m < kM; ++m) {
    for (std::uint64_t n = 0; n < kN; ++n) {
      const std::uint64_t at = ((n / 16) * kM * 16 + 16 * m + n % 16) * 2;
      wrong += loadLE(e.expectation.expected, at, 2) != test::halfBitsOf(cm[m * kN + n]);  // |C| < 2048: exact
      wrong += e.expectation.care[at] == 0 || e.expectation.care[at + 1] == 0;
    }
  }
  EXPECT_EQ(wrong, 0u);
  for (std::uint64_t b = kM * kN * 2; b < c.dst.sizeBytes; ++b) EXPECT_EQ(e.expectation.region[b], Region::keep) << b;
  // A2/A3's DataCopy CO1->A1 refuses a float result (FIX-4); the 950's Fixpipe into L1 takes it (the header's pairs)
  Case f = fix950(Co2Layout::ROW_MAJOR, 3, 8, 16, 8);
  f.dstPos = Position::A1;
  f.src = {1 << 12, 0};
  f.dst = {1 << 12, 0};
  EXPECT_EQ(evaluate(f, Bytes(f.src.sizeBytes, 0), guardBuffer(f.dst.sizeBytes)).verdict, Verdict::computed);
}

// FIX950-13: L1's checks are the UB's (channelSplit, whole 32-byte ND rows / DN columns) under their own clause, and
// no dual mode.
TEST(Fixpipe950, L1ValidationNamesTheClause) {
  auto firstClause = [](Case c) {
    c.src = {1 << 16, 0};
    c.dst = {1 << 16, 0};
    const Evaluation e = evaluate(c, Bytes(c.src.sizeBytes, 0), guardBuffer(c.dst.sizeBytes));
    return e.verdict == Verdict::invalid ? e.violations.front().clause : std::string(name(e.verdict));
  };
  auto l1 = [](Co2Layout layout, std::uint16_t mSize, std::uint16_t nSize) {
    Case c = fix950(layout, mSize, nSize, 32, 1024);
    c.dstPos = Position::A1;
    return c;
  };
  EXPECT_EQ(firstClause(l1(Co2Layout::ROW_MAJOR, 16, 32)), "computed");
  EXPECT_EQ(firstClause(l1(Co2Layout::ROW_MAJOR, 16, 4)), "FIX950-13");
  EXPECT_EQ(firstClause(l1(Co2Layout::COLUMN_MAJOR, 4, 16)), "FIX950-13");
  Case split = l1(Co2Layout::NZ, 16, 16);
  std::get<DataCopyCO12DstParams>(split.params).channelSplit = true;
  EXPECT_EQ(firstClause(split), "FIX950-13");
  Case dual = l1(Co2Layout::ROW_MAJOR, 16, 32);
  dual.fixpipe->dualDstCtl = 1;
  EXPECT_EQ(firstClause(dual), "FIX950-9");
  Case b1 = l1(Co2Layout::NZ, 16, 16);
  b1.dstPos = Position::B1;
  EXPECT_EQ(firstClause(b1), "malformed");
}

}  // namespace
}  // namespace dcconf::oracle
