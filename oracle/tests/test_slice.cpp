// DataCopy slice (SEMANTICS section 5, SLICE-*): the doc's worked example (SLICE-5) and its way back, strided bursts
// with a GM byte stride (the unaligned transport), outer dimensions in order (dimension 1 fastest), validation by
// clause, footprints and guard bytes. Expectations are written out by hand from the clauses.
#include "test_support.hpp"

namespace dcconf::oracle::test {
namespace {

SliceParams slice(std::uint32_t dimValue, std::initializer_list<SliceInfo> src, std::initializer_list<SliceInfo> dst,
                  std::initializer_list<std::uint32_t> srcShape, std::initializer_list<std::uint32_t> dstShape) {
  SliceParams p;
  p.dimValue = dimValue;
  std::copy(src.begin(), src.end(), p.srcSliceInfo.begin());
  std::copy(dst.begin(), dst.end(), p.dstSliceInfo.begin());
  std::copy(srcShape.begin(), srcShape.end(), p.srcShape.begin());
  std::copy(dstShape.begin(), dstShape.end(), p.dstShape.begin());
  return p;
}

Case makeSlice(Position srcPos, Position dstPos, DType t, const SliceParams& p, std::uint64_t srcSize,
               std::uint64_t dstSize, std::uint64_t srcOffset = 0, std::uint64_t dstOffset = 0) {
  Case c = makeCase(Api::DataCopy, srcPos, dstPos, t, p, srcSize, dstSize, srcOffset, dstOffset);
  if (srcPos == Position::CO2) c.product = Product::atlas_training;
  return c;
}

// count elements of s bytes: dst element d.. <- src element from.. (buffer coordinates add the offsets)
void copyElements(Model& m, const Trial& r, std::uint64_t dstElem, std::uint64_t srcElem, std::uint64_t count) {
  const std::uint64_t s = sizeBytes(r.c.dtype);
  for (std::uint64_t b = 0; b < count * s; ++b) {
    m.copy(r.c.dst.offsetBytes + dstElem * s + b, r.c.src.offsetBytes + srcElem * s + b);
  }
}

// SLICE-5: int32, src [87, 3], src slices {16,70,7,3},{0,2,1,1}; dst [48, 2], {0,47,0,3},{0,1,0,1}.
// E = 3*32/4 = 24; B = (70-16+1+7)/(24+7) = 2 bursts at src elements 16 and 47; rows 0 and 2 (offsets 0 and 174);
// the destination gets 16..39, 47..70, 190..213, 221..244 as four contiguous 24-element runs (96 elements).
TEST(Slice, WorkedExampleSlice5) {
  const SliceParams p = slice(2, {{16, 70, 7, 3}, {0, 2, 1, 1}}, {{0, 47, 0, 3}, {0, 1, 0, 1}}, {87, 3}, {48, 2});
  Bytes src(87 * 3 * 4);
  for (std::uint64_t i = 0; i < 87 * 3; ++i) storeLE(src, 4 * i, i, 4);  // element i holds i
  const Trial r = runCase(makeSlice(Position::GM, Position::VECIN, DType::int32_t, p, src.size(), 96 * 4 + 64), src);
  ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
  const std::uint64_t firsts[] = {16, 47, 190, 221};
  for (std::uint64_t run = 0; run < 4; ++run) {
    for (std::uint64_t k = 0; k < 24; ++k) {
      EXPECT_EQ(loadLE(r.eval.expectation.expected, 4 * (24 * run + k), 4), firsts[run] + k) << run << " " << k;
    }
  }
  Model m(r.src, r.dst);
  copyElements(m, r, 0, 16, 24);
  copyElements(m, r, 24, 47, 24);
  copyElements(m, r, 48, 174 + 16, 24);
  copyElements(m, r, 72, 174 + 47, 24);
  expectComputedAsModel(r, m);  // the 64 guard bytes after element 96 stay KEEP
}

// The vendor example's way back: DataCopy(dstGlobal, ubTensor, dstSliceInfo, dstSliceInfo, 2) moves the 96
// elements out unchanged, at a GM destination offset that is not 32-byte aligned.
TEST(Slice, WorkedExampleWayBackToGm) {
  const SliceParams p = slice(2, {{0, 47, 0, 3}, {0, 1, 0, 1}}, {{0, 47, 0, 3}, {0, 1, 0, 1}}, {48, 2}, {48, 2});
  const Trial r = runCase(makeSlice(Position::VECOUT, Position::GM, DType::float_, p, 96 * 4, 96 * 4 + 13, 0, 5));
  Model m(r.src, r.dst);
  copyElements(m, r, 0, 0, 96);
  expectComputedAsModel(r, m);
}

// SLICE-3/4 with strides on both sides, half (E = 16): src {3, 60, 5, 1}: B = (60-3+1+5)/21 = 3 bursts at elements
// 3, 24, 45 (a 10-byte GM stride: the unaligned transport, modelled); dst {0, 79, 16, 1}: (79+1+16)/32 = 3 bursts,
// pitch 32*(1 + floor(16*2/32)) = 64 bytes. The 32-byte gaps between destination bursts stay KEEP.
TEST(Slice, StridedBurstsBothSides) {
  const SliceParams p = slice(1, {{3, 60, 5, 1}}, {{0, 79, 16, 1}}, {70}, {96});
  const Trial r = runCase(makeSlice(Position::GM, Position::VECIN, DType::half, p, 70 * 2 + 6, 96 * 2 + 32, 6, 32));
  Model m(r.src, r.dst);
  copyElements(m, r, 0, 3, 16);
  copyElements(m, r, 32, 24, 16);
  copyElements(m, r, 64, 45, 16);
  expectComputedAsModel(r, m);
  // dstStride0*s not a multiple of 32 is floored (SLICE-4): stride 20 halves = 40 bytes -> pitch 32*(1+1)
  const SliceParams q = slice(1, {{0, 15 + 36, 20, 1}}, {{0, 51, 20, 1}}, {64}, {64});
  const Trial f = runCase(makeSlice(Position::GM, Position::VECIN, DType::half, q, 128, 128));
  Model mf(f.src, f.dst);
  copyElements(mf, f, 0, 0, 16);
  copyElements(mf, f, 32, 36, 16);
  expectComputedAsModel(f, mf);
}

// SLICE-1/2/4 with three dimensions, dimension 1 varying fastest. int32, burstLen 1 (E = 8).
// src [8, 3, 2]: dim 1 selects {0, 2}, dim 2 {0, 1}: entries (0,0)=0, (2,0)=16, (0,1)=24, (2,1)=40.
// dst [8, 4, 1]: dim 1 {0..3}, dim 2 {0}: entries 0, 8, 16, 24. CO2 -> GM (atlas-training).
TEST(Slice, OuterDimensionsDimensionOneFastest) {
  const SliceParams p = slice(3, {{0, 7, 0, 1}, {0, 2, 1, 1}, {0, 1, 0, 1}}, {{0, 7, 0, 1}, {0, 3, 0, 1}, {0, 0, 0, 1}},
                              {8, 3, 2}, {8, 4, 1});
  const Trial r = runCase(makeSlice(Position::CO2, Position::GM, DType::int32_t, p, 48 * 4, 40 * 4));
  Model m(r.src, r.dst);
  copyElements(m, r, 0, 0, 8);
  copyElements(m, r, 8, 16, 8);
  copyElements(m, r, 16, 24, 8);
  copyElements(m, r, 24, 40, 8);
  expectComputedAsModel(r, m);
}

// SLICE-4 (revised): the loop runs over the source list, so a longer destination list is valid and its extra
// entries are never written. SLICE-5's source (rows 0 and 2 of [87, 3]) into dst [48, 3] selecting rows {0, 1, 2}:
// entries 0 <- 0 and 48 <- 174 as in SLICE-5, while row 2 (elements 96..143) stays KEEP, guard bytes after it too.
TEST(Slice, LongerDestinationListExtraEntriesNeverWritten) {
  const SliceParams p = slice(2, {{16, 70, 7, 3}, {0, 2, 1, 1}}, {{0, 47, 0, 3}, {0, 2, 0, 1}}, {87, 3}, {48, 3});
  const Trial r = runCase(makeSlice(Position::GM, Position::VECIN, DType::int32_t, p, 87 * 3 * 4, 144 * 4 + 64));
  Model m(r.src, r.dst);
  copyElements(m, r, 0, 16, 24);
  copyElements(m, r, 24, 47, 24);
  copyElements(m, r, 48, 174 + 16, 24);
  copyElements(m, r, 72, 174 + 47, 24);
  expectComputedAsModel(r, m);  // elements 96.. are KEEP: the third destination entry is never paired
}

// A selection shorter than one burst moves nothing.
TEST(Slice, ShorterThanOneBurstMovesNothing) {
  const SliceParams p = slice(1, {{0, 6, 0, 1}}, {{0, 6, 0, 1}}, {16}, {16});
  expectNoop(runCase(makeSlice(Position::GM, Position::VECIN, DType::int32_t, p, 64, 64)));
}

std::vector<Violation> violationsOf(const Case& c) {
  const Bytes src(c.src.sizeBytes, 1), dst(c.dst.sizeBytes, 2);
  const Evaluation e = evaluate(c, src, dst);
  EXPECT_EQ(e.verdict, Verdict::invalid) << violationsText(e.violations);
  return e.violations;
}

TEST(Slice, ValidationNamesClauseFieldAndValue) {
  const SliceParams good = slice(2, {{16, 70, 7, 3}, {0, 2, 1, 1}}, {{0, 47, 0, 3}, {0, 1, 0, 1}}, {87, 3}, {48, 2});
  auto caseWith = [&](const SliceParams& p, Position srcPos = Position::GM, Position dstPos = Position::VECIN) {
    return makeSlice(srcPos, dstPos, DType::int32_t, p, 4096, 4096);
  };
  ASSERT_EQ(validate(caseWith(good)).size(), 0u);
  SliceParams p = good;
  p.dimValue = 9;
  EXPECT_VIOLATION(violationsOf(caseWith(p)), "SLICE-4", "params.dimValue", "9");
  p.dimValue = 0;
  EXPECT_VIOLATION(violationsOf(caseWith(p)), "SLICE-4", "params.dimValue", "0");
  // AMB-5: dimension 1's burstLen does not move data, but the doc's equality is still a constraint
  p = good;
  p.dstSliceInfo[1].burstLen = 2;
  auto vs = violationsOf(caseWith(p));
  EXPECT_VIOLATION(vs, "SLICE-4", "params.dstSliceInfo[1].burstLen", "2");
  EXPECT_NE(vs.at(0).message.find("AMB-5"), std::string::npos);
  p = good;
  p.srcSliceInfo[0].burstLen = p.dstSliceInfo[0].burstLen = 0;
  EXPECT_VIOLATION(violationsOf(caseWith(p)), "SLICE-3", "params.srcSliceInfo[0].burstLen", "0");
  p = good;
  p.srcSliceInfo[1].endIndex = 3;  // shape 3
  EXPECT_VIOLATION(violationsOf(caseWith(p)), "SLICE-1", "params.srcSliceInfo[1].endIndex", "3");
  p = good;
  p.dstSliceInfo[0].startIndex = 48;
  p.dstSliceInfo[0].endIndex = 47;
  EXPECT_VIOLATION(violationsOf(caseWith(p)), "SLICE-2", "params.dstSliceInfo[0].startIndex", "48");
  p = good;
  p.srcShape[1] = 0;
  EXPECT_VIOLATION(violationsOf(caseWith(p)), "SLICE-1", "params.srcShape[1]", "0");
  // mismatched element counts: 1 destination burst of 24 against 2 source bursts; 3 rows against 2
  p = good;
  p.dstSliceInfo[0].endIndex = 23;
  EXPECT_VIOLATION(violationsOf(caseWith(p)), "SLICE-4", "params.dstSliceInfo[0].endIndex", "23");
  // SLICE-4 (revised): a destination list shorter than the source's: 3 source rows {0, 1, 2} against 2
  p = good;
  p.srcSliceInfo[1].stride = 0;
  EXPECT_VIOLATION(violationsOf(caseWith(p)), "SLICE-4", "params.dstSliceInfo", "2");
  // at most 1536 offset entries: 2 * 769 = 1538
  p = slice(3, {{0, 7, 0, 1}, {0, 1, 0, 1}, {0, 768, 0, 1}}, {{0, 7, 0, 1}, {0, 1, 0, 1}, {0, 768, 0, 1}},
            {8, 2, 769}, {8, 2, 769});
  EXPECT_VIOLATION(violationsOf(caseWith(p)), "SLICE-4", "params.srcSliceInfo", "1538");
  // UB burst starts: a UB destination entry at element 1 (4 bytes), a UB source stride of 7 int32 (28 bytes)
  p = good;
  p.dstSliceInfo[0].startIndex = 1;
  p.dstShape[0] = 49;
  p.dstSliceInfo[0].endIndex = 48;
  EXPECT_VIOLATION(violationsOf(caseWith(p)), "SLICE-4", "params.dstSliceInfo", "1");
  p = good;
  p.srcShape = {48 + 7, 2};
  p.dstShape = {56, 2};  // 56 int32 = 7 blocks: the second UB destination row starts aligned
  p.srcSliceInfo = {SliceInfo{0, 54, 7, 3}, SliceInfo{0, 1, 0, 1}};
  p.dstSliceInfo = {SliceInfo{0, 54, 7, 3}, SliceInfo{0, 1, 0, 1}};
  EXPECT_VIOLATION(violationsOf(caseWith(p, Position::VECOUT, Position::GM)), "SLICE-4",
                   "params.srcSliceInfo[0].stride", "7");
  // ... while a GM source takes the same stride (the unaligned transport)
  EXPECT_TRUE(validate(caseWith(p)).empty()) << violationsText(validate(caseWith(p)));
}

// SLICE-4 (turn 3): a GM source whose dimension-0 stride*sizeof(T) is not whole 32-byte blocks goes by the
// unaligned transport, which holds burstLen*32 in a uint16: burstLen <= 2047 there, any length when aligned.
TEST(Slice, UnalignedTransportBurstLenAtMost2047) {
  auto run = [](std::uint32_t burstLen, std::uint32_t srcStride) {
    const std::uint64_t e = burstLen * 32 / 4;  // int32
    const SliceParams p = slice(1, {{0, static_cast<std::uint32_t>(e - 1), srcStride, burstLen}},
                                {{0, static_cast<std::uint32_t>(e - 1), 0, burstLen}}, {static_cast<std::uint32_t>(e)},
                                {static_cast<std::uint32_t>(e)});
    return runCase(makeSlice(Position::GM, Position::VECIN, DType::int32_t, p, 4 * e, 4 * e));
  };
  EXPECT_EQ(run(2047, 1).eval.verdict, Verdict::computed);
  const Trial r = run(2048, 1);
  EXPECT_EQ(r.eval.verdict, Verdict::invalid);
  EXPECT_VIOLATION(r.eval.violations, "SLICE-4", "params.srcSliceInfo[0].burstLen", "2048");
  EXPECT_EQ(r.eval.violations.size(), 1u);
  EXPECT_EQ(run(2048, 8).eval.verdict, Verdict::computed);  // 8 int32 = 32 bytes: the aligned transport
}

TEST(Slice, PathsAndProducts) {
  const SliceParams p = slice(1, {{0, 7, 0, 1}}, {{0, 7, 0, 1}}, {8}, {8});
  Case c = makeSlice(Position::GM, Position::A1, DType::int32_t, p, 32, 32);
  EXPECT_FALSE(resolveOperation(c).operation.has_value());  // not a slice path
  c = makeSlice(Position::CO2, Position::GM, DType::int32_t, p, 32, 32);
  c.product = Product::atlas_a2;  // no CO2 position
  const Bytes src(32), dst(32);
  Evaluation e = evaluate(c, src, dst);
  EXPECT_EQ(e.verdict, Verdict::notSupported);
  EXPECT_VIOLATION(e.violations, "PROD", "path", "CO2->GM");
  c.product = Product::kirin9020;
  EXPECT_VIOLATION(evaluate(c, src, dst).violations, "PROD", "product", "kirin9020");
  EXPECT_EQ(clauseFamily(Operation::slice), "SLICE");
}

}  // namespace
}  // namespace dcconf::oracle::test
