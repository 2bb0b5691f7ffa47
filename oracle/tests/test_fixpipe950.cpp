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

}  // namespace
}  // namespace dcconf::oracle
