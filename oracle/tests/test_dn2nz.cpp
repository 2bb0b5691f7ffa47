// DataCopy DN2NZ GM -> A1/B1 (SEMANTICS section 8, DN2NZ-*): hand examples with d tails, several matrices, the
// 4-bit types moved as bytes, the small-C0 mode under both AMB-7 readings, validation (ranges, the 32-byte matrix
// stride rule, overflowing 64-bit strides), and the law DN2NZ(transpose-stored X) == ND2NZ(X) (DN2NZ-1).
#include "test_support.hpp"

namespace dcconf::oracle::test {
namespace {

Case makeDn2Nz(DType t, const CopyParams& p, std::uint64_t srcSize, std::uint64_t dstSize, std::uint64_t srcOffset = 0,
               std::uint64_t dstOffset = 0) {
  Case c = makeCase(Api::DataCopy, Position::GM, Position::A1, t, p, srcSize, dstSize, srcOffset, dstOffset);
  c.product = Product::ascend950;
  return c;
}

// DN2NZ-1 written out for the normal C0 = 32/s: dst row n of column block d/C0 holds d%C0; source d*srcDValue + n.
Model modelDn2Nz(const Trial& r, const Dn2NzParams& p) {
  Model m(r.src, r.dst);
  const std::uint64_t s = sizeBytes(r.c.dtype);
  const std::uint64_t C0 = 32 / s;
  const std::uint64_t dAligned = (p.dValue + C0 - 1) / C0 * C0;
  for (std::uint64_t i = 0; i < p.dnNum; ++i) {
    for (std::uint64_t n = 0; n < p.nValue; ++n) {
      for (std::uint64_t d = 0; d < dAligned; ++d) {
        const std::uint64_t to = i * p.dstNzMatrixStride + (d / C0) * p.dstNzC0Stride * C0 + n * p.dstNzNStride * C0 + d % C0;
        const std::uint64_t from = i * p.srcDnMatrixStride + d * p.srcDValue + n;
        for (std::uint64_t b = 0; b < s; ++b) {
          if (d < p.dValue) {
            m.copy(r.c.dst.offsetBytes + to * s + b, r.c.src.offsetBytes + from * s + b);
          } else {
            m.literal(r.c.dst.offsetBytes + to * s + b, 0, Region::zeroTail);
          }
        }
      }
    }
  }
  return m;
}

// half, nValue 3 (N contiguous), dValue 5 strided by srcDValue 4: NZ row n holds column n of the source:
// dst[16n + d] = src[4d + n] for d < 5, zeros for d in [5, 16). Spot checks by hand, then the full model.
TEST(Dn2Nz, SmallHandExample) {
  const Dn2NzParams p{1, 3, 5, 0, 4, 1, 1, 0};
  const Trial r = runCase(makeDn2Nz(DType::half, p, 3 + 19 * 2 + 7, 3 * 32 + 32, 3, 0));
  ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
  // (n = 1, d = 2): dst element 18 = bytes 36..37 <- src element 9 = bytes 3 + 18..19
  EXPECT_EQ(r.eval.expectation.expected[36], r.src[3 + 18]);
  EXPECT_EQ(r.eval.expectation.expected[37], r.src[3 + 19]);
  // (n = 2, d = 4): dst element 36 <- src element 18
  EXPECT_EQ(r.eval.expectation.expected[72], r.src[3 + 36]);
  for (std::uint64_t k = 10; k < 32; ++k) EXPECT_EQ(r.eval.expectation.expected[k], 0) << k;  // d tail of row 0
  for (std::uint64_t k = 96; k < 128; ++k) EXPECT_EQ(r.eval.expectation.region[k], Region::keep) << k;
  expectComputedAsModel(r, modelDn2Nz(r, p));
}

// Two matrices, two column blocks (float, C0 = 8, dValue 11), dstNzC0Stride 4 rows, dstNzNStride 1,
// dstNzMatrixStride 64 elements (256 bytes), srcDnMatrixStride 50 elements.
TEST(Dn2Nz, SeveralMatricesAndColumnBlocks) {
  const Dn2NzParams p{2, 3, 11, 50, 4, 4, 1, 64};
  const Trial r = runCase(makeDn2Nz(DType::float_, p, (50 + 10 * 4 + 3) * 4, 64 * 4 + 8 * 8 * 4 + 32));
  expectComputedAsModel(r, modelDn2Nz(r, p));
  // dstNzNStride 2 leaves every other row KEEP; B1 destination too
  const Dn2NzParams q{1, 4, 3, 0, 5, 8, 2, 0};
  Case c = makeDn2Nz(DType::int16_t, q, 64, 8 * 32 + 64);
  c.dstPos = Position::B1;
  const Trial rq = runCase(c);
  expectComputedAsModel(rq, modelDn2Nz(rq, q));
}

// DN2NZ-4 / ND2NZ-5: the fp4x2 types move as bytes: C0 = 32, dValue 33 -> one full block and a 31-byte zero tail.
TEST(Dn2Nz, Fp4PairsMoveAsBytes) {
  for (const DType t : {DType::fp4x2_e2m1_t, DType::fp4x2_e1m2_t}) {
    SCOPED_TRACE(std::string(name(t)));
    const Dn2NzParams p{1, 2, 33, 0, 2, 2, 1, 0};
    const Trial r = runCase(makeDn2Nz(t, p, 66, 4 * 32));
    expectComputedAsModel(r, modelDn2Nz(r, p));
    EXPECT_EQ(r.eval.expectation.expected[64], r.src[64]);  // (n 0, d 32): second column block, row 0
    EXPECT_EQ(r.eval.expectation.expected[65], 0);
  }
}

// DN2NZ-4 (turn 3): the vendor asserts an even nValue for the fp4x2 types (an odd one used to be computed).
TEST(Dn2Nz, Fp4OddNValueIsInvalid) {
  for (const DType t : {DType::fp4x2_e2m1_t, DType::fp4x2_e1m2_t}) {
    SCOPED_TRACE(std::string(name(t)));
    const Trial r = runCase(makeDn2Nz(t, Dn2NzParams{1, 3, 33, 0, 3, 2, 1, 0}, 4096, 4096));
    EXPECT_EQ(r.eval.verdict, Verdict::invalid);
    EXPECT_VIOLATION(r.eval.violations, "DN2NZ-4", "params.nValue", "3");
    EXPECT_EQ(r.eval.violations.size(), 1u);
  }
  // an 8-bit integer type with the same layout is fine
  EXPECT_EQ(runCase(makeDn2Nz(DType::int8_t, Dn2NzParams{1, 3, 33, 0, 3, 2, 1, 0}, 4096, 4096)).eval.verdict,
            Verdict::computed);
}

// DN2NZ-3 small C0 (float, dValue 3): C0 = 4 elements, rows 16 bytes apart (dstNzNStride 1), d = 3 zero;
// nValue 3 rows end at byte 48, zero-padded to byte 64. AMB-7: c-api-page selects it with enableSmallC0 = false.
TEST(Dn2Nz, SmallC0UnderBothReadings) {
  auto check = [](const Trial& r) {
    ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
    Model m(r.src, r.dst);
    for (std::uint64_t n = 0; n < 3; ++n) {
      for (std::uint64_t d = 0; d < 4; ++d) {
        for (std::uint64_t b = 0; b < 4; ++b) {
          if (d < 3) {
            m.copy(16 * n + 4 * d + b, (d * 3 + n) * 4 + b);
          } else {
            m.literal(16 * n + 4 * d + b, 0, Region::zeroTail);
          }
        }
      }
    }
    for (std::uint64_t k = 48; k < 64; ++k) m.literal(k, 0, Region::zeroTail);
    expectComputedAsModel(r, m);
  };
  Dn2NzParams p{1, 3, 3, 0, 3, 1, 1, 0, true};
  check(runCase(makeDn2Nz(DType::float_, p, 36, 128)));
  Case c = makeDn2Nz(DType::float_, p, 36, 128);
  c.profile = *parseProfile("c-api-page").profile;
  const Trial normal = runCase(c);  // enableSmallC0 = true is the normal mode under c-api-page: 32-byte rows
  expectComputedAsModel(normal, modelDn2Nz(normal, p));
  c.params = Dn2NzParams{1, 3, 3, 0, 3, 1, 1, 0, false};
  check(runCase(c));
}

// DN2NZ-1: A stored [K][M] (the transpose of an M x K matrix X) with nValue = M, dValue = K, srcDValue = M gives
// exactly ND2NZ of X (nValue = M, dValue = K, srcDValue = K), same destination parameters. A law between two oracle
// paths, over dtypes, tails and two matrices.
TEST(Dn2Nz, TransposeStoredEqualsNd2Nz) {
  for (const DType t : {DType::half, DType::float_, DType::int8_t, DType::uint16_t}) {
    for (const auto& [m, k, num] : {std::tuple{32, 32, 1}, std::tuple{5, 17, 1}, std::tuple{16, 9, 2}, std::tuple{3, 40, 2}}) {
      SCOPED_TRACE(std::string(name(t)) + " M " + std::to_string(m) + " K " + std::to_string(k));
      const std::uint64_t s = sizeBytes(t);
      const std::uint64_t C0 = 32 / s;
      const std::uint64_t blocks = (k + C0 - 1) / C0;
      const std::uint64_t matrixElems = blocks * m * C0;  // NZ matrix size, a multiple of 32 bytes
      Bytes x(num * m * k * s);
      Bytes a(num * m * k * s);
      for (std::uint64_t i = 0; i < x.size(); ++i) x[i] = srcPattern(i * 7 + 3);
      for (int mat = 0; mat < num; ++mat) {
        for (int row = 0; row < m; ++row) {
          for (int col = 0; col < k; ++col) {
            for (std::uint64_t b = 0; b < s; ++b) {
              a[((mat * k + col) * m + row) * s + b] = x[((mat * m + row) * k + col) * s + b];
            }
          }
        }
      }
      const auto mk = static_cast<std::uint64_t>(m * k);
      const Dn2NzParams dn{static_cast<std::uint16_t>(num), static_cast<std::uint16_t>(m), static_cast<std::uint32_t>(k),
                           mk, static_cast<std::uint64_t>(m), static_cast<std::uint16_t>(m), 1,
                           static_cast<std::uint32_t>(matrixElems)};
      const Nd2NzParams nd{static_cast<std::uint16_t>(num), static_cast<std::uint16_t>(m), static_cast<std::uint16_t>(k),
                           static_cast<std::uint16_t>(mk), static_cast<std::uint16_t>(k), static_cast<std::uint16_t>(m), 1,
                           static_cast<std::uint16_t>(matrixElems)};
      const std::uint64_t dstSize = num * matrixElems * s + 64;
      const Trial viaDn = runCase(makeDn2Nz(t, dn, a.size(), dstSize), a);
      Case ndCase = makeDn2Nz(t, nd, x.size(), dstSize);
      const Trial viaNd = runCase(ndCase, x);
      ASSERT_EQ(viaDn.eval.verdict, Verdict::computed) << violationsText(viaDn.eval.violations);
      ASSERT_EQ(viaNd.eval.verdict, Verdict::computed) << violationsText(viaNd.eval.violations);
      EXPECT_EQ(viaDn.eval.expectation.expected, viaNd.eval.expectation.expected);
      EXPECT_EQ(viaDn.eval.expectation.care, viaNd.eval.expectation.care);
      EXPECT_EQ(viaDn.eval.expectation.region, viaNd.eval.expectation.region);
      EXPECT_EQ(viaDn.eval.footprint.writes, viaNd.eval.footprint.writes);
    }
  }
}

TEST(Dn2Nz, MovesNothingWhenACountIsZero) {
  expectNoop(runCase(makeDn2Nz(DType::half, Dn2NzParams{1, 0, 5, 0, 4, 1, 1, 0}, 64, 64)));
  expectNoop(runCase(makeDn2Nz(DType::half, Dn2NzParams{0, 3, 5, 0, 4, 1, 1, 0}, 64, 64)));
  expectNoop(runCase(makeDn2Nz(DType::half, Dn2NzParams{1, 3, 0, 0, 4, 1, 1, 0}, 64, 64)));
}

TEST(Dn2Nz, Validation) {
  auto violations = [](const Case& c) {
    const Bytes src(c.src.sizeBytes), dst(c.dst.sizeBytes);
    const Evaluation e = evaluate(c, src, dst);
    EXPECT_EQ(e.verdict, Verdict::invalid);
    return e.violations;
  };
  auto vs = violations(makeDn2Nz(DType::half, Dn2NzParams{4096, 16385, 1, 0, 0, 0, 0, 0}, 64, 64));
  EXPECT_VIOLATION(vs, "DN2NZ-2", "params.dnNum", "4096");
  EXPECT_VIOLATION(vs, "DN2NZ-2", "params.nValue", "16385");
  EXPECT_VIOLATION(vs, "DN2NZ-2", "params.srcDValue", "0");
  EXPECT_VIOLATION(vs, "DN2NZ-2", "params.dstNzC0Stride", "0");
  EXPECT_VIOLATION(vs, "DN2NZ-2", "params.dstNzNStride", "0");
  EXPECT_VIOLATION(vs, "DN2NZ-2", "params.dstNzMatrixStride", "0");  // dnNum > 1 (AMB-6)
  EXPECT_EQ(vs.size(), 6u) << violationsText(vs);
  // dstNzMatrixStride*s must be a multiple of 32: 8 halves = 16 bytes
  vs = violations(makeDn2Nz(DType::half, Dn2NzParams{2, 1, 1, 1, 1, 1, 1, 8}, 64, 64));
  EXPECT_VIOLATION(vs, "DN2NZ-2", "params.dstNzMatrixStride", "8");
  // 0 with one matrix follows AMB-6 (doc-range rejects)
  Case single = makeDn2Nz(DType::half, Dn2NzParams{1, 1, 1, 0, 1, 1, 1, 0}, 64, 64);
  single.profile = *parseProfile("doc-range").profile;
  EXPECT_VIOLATION(violations(single), "DN2NZ-2", "params.dstNzMatrixStride", "0");
  // DN2NZ-3: small C0 needs dValue <= 4, under either reading of the switch (AMB-7)
  vs = violations(makeDn2Nz(DType::float_, Dn2NzParams{1, 1, 5, 0, 1, 1, 1, 0, true}, 64, 64));
  EXPECT_VIOLATION(vs, "DN2NZ-3", "params.enableSmallC0", "1");
  Case capi = makeDn2Nz(DType::float_, Dn2NzParams{1, 1, 5, 0, 1, 1, 1, 0, false}, 64, 64);
  capi.profile = *parseProfile("c-api-page").profile;
  vs = violations(capi);
  EXPECT_VIOLATION(vs, "DN2NZ-3", "params.enableSmallC0", "0");
  EXPECT_NE(vs.at(0).message.find("c-api-page"), std::string::npos);
  // 64-bit strides whose extent overflows: a bounds violation, never a wrapped span
  vs = violations(makeDn2Nz(DType::half, Dn2NzParams{3, 1, 1, std::uint64_t{1} << 63, 1, 1, 1, 0x10}, 64, 4096));
  EXPECT_VIOLATION(vs, "G-2", "src.size", "64");
  vs = violations(makeDn2Nz(DType::float_, Dn2NzParams{1, 1, 2, 0, ~std::uint64_t{0}, 1, 1, 0}, 64, 4096));
  EXPECT_VIOLATION(vs, "G-2", "src.size", "64");
}

TEST(Dn2Nz, ProductsAndDtypes) {
  const Dn2NzParams p{1, 1, 1, 0, 1, 1, 1, 0};
  Case c = makeDn2Nz(DType::half, p, 64, 64);
  const Bytes src(64), dst(64);
  EXPECT_EQ(evaluate(c, src, dst).verdict, Verdict::computed);
  c.product = Product::atlas_a2;  // DN2NZ is Ascend 950 only
  EXPECT_VIOLATION(evaluate(c, src, dst).violations, "PROD", "product", "atlas-a2");
  c.product = Product::ascend950;
  c.dtype = DType::double_;  // not in DN2NZ-4
  EXPECT_VIOLATION(evaluate(c, src, dst).violations, "PROD", "dtype", "double");
  // the fp4 types exist for DN2NZ only
  Case dc = makeCase(Api::DataCopy, Position::GM, Position::VECIN, DType::fp4x2_e2m1_t, DataCopyParams{1, 1, 0, 0}, 64, 64);
  dc.product = Product::ascend950;
  EXPECT_VIOLATION(evaluate(dc, src, dst).violations, "PROD", "dtype", "fp4x2_e2m1_t");
  c.dstPos = Position::VECIN;
  EXPECT_FALSE(resolveOperation(c).operation.has_value());
}

}  // namespace
}  // namespace dcconf::oracle::test
