// Invariant 7: equivalence laws. Each law builds a second case (or a chain of cases) that the spec says must give
// the same bytes, runs both on the IUT and compares the bytes both expectations care about.
#include <algorithm>
#include <bit>

#include "compare.hpp"
#include "dcconf/oracle/numeric.hpp"
#include "dcconf/properties/invariants.hpp"
#include "draw.hpp"

namespace dcconf::properties {

using namespace dcconf::oracle;
using namespace detail;

namespace {

// One side of a law: a case over buffers, borrowed (a derived case shares the drawn case's bytes, not copies).
struct Side {
  const Case& c;
  std::span<const std::uint8_t> src;
  std::span<const std::uint8_t> dstBefore;
  Side(const CaseData& data) : c(data.c), src(data.src), dstBefore(data.dstBefore) {}  // NOLINT: implicit on purpose
  Side(const Case& derived, const CaseData& buffers)
      : c(derived), src(buffers.src), dstBefore(buffers.dstBefore) {}
};

// Runs a and b (same dst size and prior content) on the IUT; the law holds when every byte both oracles care about
// agrees.
Outcome compareRuns(Backend& iut, const std::string& law, Side a, Side b) {
  std::string why;
  const auto ea = computed(a.c, a.src, a.dstBefore, &why);
  if (!ea) return Outcome::fail(law + ": first case not computed: " + why);
  const auto eb = computed(b.c, b.src, b.dstBefore, &why);
  if (!eb) return Outcome::fail(law + ": derived case not computed: " + why);
  const Run ra = runIut(iut, a.c, a.src, a.dstBefore);
  if (auto status = statusOutcome(ra, law, a.c)) return *status;
  const Run rb = runIut(iut, b.c, b.src, b.dstBefore);
  if (auto status = statusOutcome(rb, law, b.c)) return *status;
  std::vector<std::uint8_t> care(ea->expectation.care.size());
  for (std::size_t i = 0; i < care.size(); ++i) care[i] = ea->expectation.care[i] & eb->expectation.care[i];
  const std::uint64_t byte = firstCaredDifference(care, ra.dst, rb.dst);
  if (byte == kNoMismatch) return Outcome::pass();
  return Outcome::fail(law + ": the two sides differ (first case as expected, derived case as actual): " +
                       describeByte(a.c, ra.dst, rb.dst, byte, regionOf(*ea, byte)));
}

// The derived case c over data's buffers.
Side withCase(const CaseData& data, const Case& c) { return {c, data}; }

// A copy of data with case c, for a law that changes the buffers too.
CaseData copyWithCase(const CaseData& data, const Case& c) {
  CaseData out = data;
  out.c = c;
  return out;
}

struct Blocks {
  std::uint64_t blockCount, blockLen, srcStride, dstStride;
};

std::optional<Blocks> padBlocksOf(const Case& c) {
  std::optional<Blocks> out;
  std::visit([&](const auto& p) {
    if constexpr (requires { p.blockLen; p.srcStride; }) out = Blocks{p.blockCount, p.blockLen, p.srcStride, p.dstStride};
  }, c.params);
  return out;
}

// Sets DataCopyParams or DataCopyExtParams fields, whichever the case holds.
void setBlocks(Case& c, const Blocks& b) {
  std::visit([&](auto& p) {
    if constexpr (requires { p.blockLen; p.srcStride; }) {
      p.blockCount = static_cast<decltype(p.blockCount)>(b.blockCount);
      p.blockLen = static_cast<decltype(p.blockLen)>(b.blockLen);
      p.srcStride = static_cast<decltype(p.srcStride)>(b.srcStride);
      p.dstStride = static_cast<decltype(p.dstStride)>(b.dstStride);
    }
  }, c.params);
}

bool isPadOperation(const Case& c) {
  const auto op = resolveOperation(c).operation;
  return op == Operation::padGmToUb || op == Operation::padUbToGm || op == Operation::padUbToTscm ||
         op == Operation::padCompactGmToUb || op == Operation::padCompactUbToGm;
}

template <typename To, typename From>
To samePadFields(const From& p) {
  return To{p.isPad, p.leftPadding, p.rightPadding, p.paddingValue};
}

bool isOperation(const Case& c, Operation operation) { return resolveOperation(c).operation == operation; }

// bytes resized to sizeBytes: the prefix kept, the rest seeded filler.
std::vector<std::uint8_t> resized(const std::vector<std::uint8_t>& bytes, std::uint64_t sizeBytes) {
  std::vector<std::uint8_t> out = seededBytes(sizeBytes ^ bytes.size(), sizeBytes);
  std::copy_n(bytes.begin(), std::min<std::uint64_t>(bytes.size(), sizeBytes), out.begin());
  return out;
}

// The one-line reason a derived case cannot stand in for the law, or empty when it is valid and supported.
std::string unusable(const Case& c, Operation operation) {
  auto problems = checkSupport(c, operation);
  if (problems.empty()) problems = validate(c);
  return problems.empty() ? std::string() : describe(problems.front());
}

}  // namespace

Outcome checkLawPadExtEqualsPlain(Backend& iut, const CaseData& data) {
  if (!isPadOperation(data.c)) return Outcome::notApplicable("not DataCopyPad");
  const Blocks b = *padBlocksOf(data.c);
  if (std::max({b.blockLen, b.srcStride, b.dstStride}) > 0xFFFF) return Outcome::notApplicable("does not fit 16 bits");
  // PAD-G2U-1 (AMB-18): the non-Ext DataCopyPadParams takes paddingValue 0 only, unless pad-raw
  if (const auto* pad = std::get_if<DataCopyPadExtParams>(&data.c.padParams);
      pad != nullptr && pad->paddingValue != 0 && data.c.profile.padRawValue == Profile::PadRawValue::reject) {
    return Outcome::notApplicable("a non-zero paddingValue has no DataCopyPadParams twin (AMB-18)");
  }
  Case other = data.c;
  if (std::holds_alternative<DataCopyExtParams>(data.c.params)) {
    other.params = DataCopyParams{};
    if (const auto* pad = std::get_if<DataCopyPadExtParams>(&data.c.padParams)) other.padParams = samePadFields<DataCopyPadParams>(*pad);
  } else {
    other.params = DataCopyExtParams{};
    if (const auto* pad = std::get_if<DataCopyPadParams>(&data.c.padParams)) other.padParams = samePadFields<DataCopyPadExtParams>(*pad);
  }
  setBlocks(other, b);
  return compareRuns(iut, familyOf(data.c) + "-1 law DataCopyExtParams == DataCopyParams", data, withCase(data, other));
}

Outcome checkLawDc3TwoLevelIsZeroLevel(Backend& iut, const CaseData& data) {
  const Case& c = data.c;
  if (!std::holds_alternative<CalCount>(c.params)) return Outcome::notApplicable("not 2-level");
  const std::uint64_t blocks = std::uint64_t{std::get<CalCount>(c.params).calCount} * sizeBytes(c.dtype) / kDataBlockBytes;
  if (blocks == 0) {  // DC-3: fewer than 32 bytes moves nothing
    const Run run = runIut(iut, c, data.src, data.dstBefore);
    if (auto status = statusOutcome(run, "DC-3", c)) return *status;
    if (run.dst == data.dstBefore) return Outcome::pass();
    return Outcome::fail("DC-3 law: calCount*s < 32 must move nothing, but the IUT wrote dst");
  }
  Case zero = c;
  zero.params = DataCopyParams{1, static_cast<std::uint16_t>(blocks), 0, 0};
  return compareRuns(iut, "DC-3 law 2-level == 0-level {1, floor(calCount*s/32), 0, 0}", data, withCase(data, zero));
}

Outcome checkLawPadAlignedEqualsDc2(Backend& iut, const CaseData& data) {
  const Case& c = data.c;
  const bool gmToUb = c.srcPos == Position::GM && c.dstPos == Position::VECIN;
  const bool ubToGm = c.srcPos == Position::VECOUT && c.dstPos == Position::GM;
  if (!std::holds_alternative<DataCopyParams>(c.params) || c.api != Api::DataCopy || !(gmToUb || ubToGm)) {
    return Outcome::notApplicable("not DataCopy 0-level GM->VECIN or VECOUT->GM");
  }
  const auto& dc = std::get<DataCopyParams>(c.params);
  Case pad = c;
  pad.api = Api::DataCopyPad;
  // DC strides are in 32-byte blocks; the Pad GM-side stride is in bytes, the UB side in blocks (PAD-G2U-2/PAD-U2G-2)
  const std::uint64_t gmStride = kDataBlockBytes * (gmToUb ? dc.srcStride : dc.dstStride);
  pad.params = DataCopyExtParams{dc.blockCount, static_cast<std::uint32_t>(kDataBlockBytes * dc.blockLen),
                                 static_cast<std::uint32_t>(gmToUb ? gmStride : dc.srcStride),
                                 static_cast<std::uint32_t>(gmToUb ? dc.dstStride : gmStride), 0};
  if (gmToUb) pad.padParams = DataCopyPadExtParams{};
  const auto padOperation = gmToUb ? Operation::padGmToUb : Operation::padUbToGm;
  if (!checkSupport(pad, padOperation).empty()) pad.product = kDefaultProduct;  // same bytes, a product with both
  return compareRuns(iut, "PAD-G2U-2/PAD-U2G-2 law aligned DataCopyPad == DC-2 0-level", data, withCase(data, pad));
}

Outcome checkLawZeroStrideBlocksConcatenate(Backend& iut, const CaseData& data) {
  const Case& c = data.c;
  const auto op = resolveOperation(c).operation;
  Case zeroStrides = c;
  Case oneBlock = c;
  if (op == Operation::copy0Level) {
    const auto& p = std::get<DataCopyParams>(c.params);
    if (std::uint64_t{p.blockCount} * p.blockLen > 65535) return Outcome::notApplicable("one block does not fit");
    zeroStrides.params = DataCopyParams{p.blockCount, p.blockLen, 0, 0};
    oneBlock.params = DataCopyParams{1, static_cast<std::uint16_t>(p.blockCount * p.blockLen), 0, 0};
  } else if (op == Operation::padGmToUb || op == Operation::padUbToGm) {
    // padding or an unaligned blockLen puts pad/dummy bytes between the UB blocks, so the law's instance drops the
    // padding and rounds blockLen down to whole 32-byte blocks (the buffers still fit: every extent shrinks)
    const Blocks b = *padBlocksOf(c);
    const std::uint64_t blockLen = b.blockLen / kDataBlockBytes * kDataBlockBytes;
    const bool ext = std::holds_alternative<DataCopyExtParams>(c.params);
    if (blockLen == 0) return Outcome::notApplicable("blockLen under one 32-byte block");
    if (b.blockCount * blockLen > (ext ? 2097151u : 65535u)) return Outcome::notApplicable("one block does not fit");
    std::visit([](auto& p) {
      if constexpr (requires { p.isPad; }) p.leftPadding = p.rightPadding = 0;
    }, zeroStrides.padParams);
    oneBlock.padParams = zeroStrides.padParams;
    setBlocks(zeroStrides, {b.blockCount, blockLen, 0, 0});
    setBlocks(oneBlock, {1, b.blockCount * blockLen, 0, 0});
  } else {
    return Outcome::notApplicable("no block concatenation law for this operation");
  }
  return compareRuns(iut, familyOf(c) + "-2 law k zero-stride blocks == one block of k*len",
                     withCase(data, zeroStrides), withCase(data, oneBlock));
}

// PAD-CMP-2/4: with no pads and zero strides (AMB-21/22 closed) the Compact run is one Normal DataCopyPad block of
// blockCount*blockLen bytes, both ways; the Normal block's dummy (AMB-2, ANY by default) is not compared.
Outcome checkLawCompactIsOneNormalBlock(Backend& iut, const CaseData& data) {
  const Case& c = data.c;
  const auto op = resolveOperation(c).operation;
  if (op != Operation::padCompactGmToUb && op != Operation::padCompactUbToGm) return Outcome::notApplicable("not PAD-CMP");
  const Blocks b = *padBlocksOf(c);
  if (b.blockCount * b.blockLen > 2097151 || b.blockLen == 0) return Outcome::notApplicable("one block does not fit");
  Case packed = c;
  std::visit([](auto& p) {
    if constexpr (requires { p.isPad; }) p.leftPadding = p.rightPadding = 0;
  }, packed.padParams);
  setBlocks(packed, {b.blockCount, b.blockLen, 0, 0});
  Case normal = packed;
  normal.paddingMode = PaddingMode::normal;
  widenToExtParams(normal);  // the one block may not fit DataCopyParams' 16-bit blockLen
  setBlocks(normal, {1, b.blockCount * b.blockLen, 0, 0});
  return compareRuns(iut, op == Operation::padCompactGmToUb ? "PAD-CMP-2 law Compact run == one Normal block"
                                                            : "PAD-CMP-4 law Compact run == one Normal block",
                     withCase(data, packed), withCase(data, normal));
}

Outcome checkLawPadU2L1IsU2GThenNd2Nz(Backend& iut, const CaseData& data) {
  const Case& c = data.c;
  if (resolveOperation(c).operation != Operation::padUbToTscm) return Outcome::notApplicable("not PAD-U2L1");
  if (c.profile.tscmGmStrideUnit != Profile::TscmGmStrideUnit::bytes) return Outcome::notApplicable("AMB-3 doc-table");
  // ND2NZ lacks 64-bit and bfloat16 dtypes; the bytes only depend on sizeof(T), so bfloat16 stands in as half
  const std::uint32_t s = sizeBytes(c.dtype);
  if (s == 8) return Outcome::notApplicable("no 64-bit ND2NZ");
  const DType legDType = c.dtype == DType::bfloat16_t ? DType::half : c.dtype;
  std::string why;
  const auto e = computed(data, &why);
  if (!e) return Outcome::fail("PAD-U2L1-1 law: generated case not computed: " + why);

  Case toGm = c;  // leg 1: PAD-U2G into a GM workspace
  toGm.dstPos = Position::GM;
  toGm.nd2nzParams.reset();
  toGm.product = kDefaultProduct;
  Case toL1;  // leg 2: ND2NZ from the workspace into the same L1 buffer
  toL1.api = Api::DataCopy;
  toL1.product = kDefaultProduct;
  toL1.srcPos = Position::GM;
  toL1.dstPos = Position::A1;
  toL1.dtype = legDType;
  toL1.params = *c.nd2nzParams;
  toL1.dst = c.dst;
  const std::uint64_t workspaceBytes = std::max(extents(toGm).dstSpanBytes, extents(toL1).srcSpanBytes);
  toGm.dst = {workspaceBytes, 0};
  toL1.src = {workspaceBytes, 0};
  const std::vector<std::uint8_t> workspace = seededBytes(workspaceBytes, workspaceBytes);  // unwritten bytes are ANY

  const Run direct = runIut(iut, c, data.src, data.dstBefore);
  if (auto status = statusOutcome(direct, "PAD-U2L1-1", c)) return *status;
  const Run leg1 = runIut(iut, toGm, data.src, workspace);
  if (auto status = statusOutcome(leg1, "PAD-U2L1-1", toGm)) return *status;
  const Run leg2 = runIut(iut, toL1, leg1.dst, data.dstBefore);
  if (auto status = statusOutcome(leg2, "PAD-U2L1-1", toL1)) return *status;
  const std::uint64_t byte = firstCaredDifference(e->expectation.care, direct.dst, leg2.dst);
  if (byte == kNoMismatch) return Outcome::pass();
  return Outcome::fail("PAD-U2L1-1 law UB->TSCM == ND2NZ(UB->GM) (UB->TSCM as expected, the two legs as actual): " +
                       describeByte(c, direct.dst, leg2.dst, byte, regionOf(*e, byte)));
}

}  // namespace dcconf::properties

namespace dcconf::properties {

using namespace dcconf::oracle;
using namespace detail;

Outcome checkLawSliceFullRangeIsContiguousCopy(Backend& iut, const CaseData& data) {
  const Case& c = data.c;
  if (!isOperation(c, Operation::slice)) return Outcome::notApplicable("not SLICE");
  const auto& p = std::get<SliceParams>(c.params);
  const std::uint64_t s = sizeBytes(c.dtype);
  const std::uint64_t burstElems = kDataBlockBytes * p.srcSliceInfo[0].burstLen / s;
  // the source's shape on both sides, dimension 0 cut to whole bursts; every dimension selected in full
  SliceParams full = p;
  std::uint64_t elems = 1;
  for (std::size_t k = 0; k < p.dimValue; ++k) {
    const std::uint64_t size = k == 0 ? p.srcShape[0] / burstElems * burstElems : p.srcShape[k];
    if (size == 0) return Outcome::notApplicable("dimension 0 shorter than one burst");
    full.srcShape[k] = full.dstShape[k] = static_cast<std::uint32_t>(size);
    full.srcSliceInfo[k] = full.dstSliceInfo[k] = {0, static_cast<std::uint32_t>(size - 1), 0, p.srcSliceInfo[k].burstLen};
    elems *= size;
  }
  const std::uint64_t bytes = elems * s;
  if (bytes / kDataBlockBytes > 0xFFFF) return Outcome::notApplicable("the contiguous copy's blockLen does not fit 16 bits");
  Case slice = c;
  slice.params = full;
  slice.src.sizeBytes = c.src.offsetBytes + bytes;
  slice.dst.sizeBytes = c.dst.offsetBytes + bytes;
  Case copy = slice;
  copy.params = DataCopyParams{1, static_cast<std::uint16_t>(bytes / kDataBlockBytes), 0, 0};
  if (const std::string why = unusable(slice, Operation::slice); !why.empty()) return Outcome::notApplicable(why);
  if (const std::string why = unusable(copy, Operation::copy0Level); !why.empty()) return Outcome::notApplicable(why);
  const CaseData a{slice, resized(data.src, slice.src.sizeBytes), resized(data.dstBefore, slice.dst.sizeBytes), {}};
  return compareRuns(iut, "SLICE-1/SLICE-3 law full-range slice == contiguous DC-2 copy", a, withCase(a, copy));
}

Outcome checkLawSliceGatherThenScatterRestores(Backend& iut, const CaseData& data) {
  const Case& gather = data.c;
  if (!isOperation(gather, Operation::slice) || gather.srcPos != Position::GM) {
    return Outcome::notApplicable("not a GM->VECIN slice gather");
  }
  const auto& p = std::get<SliceParams>(gather.params);
  const std::uint64_t s = sizeBytes(gather.dtype);
  if ((p.srcSliceInfo[0].stride * s) % kDataBlockBytes != 0 || (p.dstSliceInfo[0].stride * s) % kDataBlockBytes != 0) {
    return Outcome::notApplicable("a dimension-0 stride is not whole 32-byte blocks: the scatter's pitches differ");
  }
  std::string why;
  const auto e = computed(data, &why);
  if (!e) return Outcome::fail("SLICE-4 law: gather not computed: " + why);
  const auto writes = rangeMask(e->footprint.writes, data.dstBefore.size());
  for (std::uint64_t b = 0; b < writes.size(); ++b) {
    if (writes[b] != 0 && e->expectation.care[b] == 0) return Outcome::notApplicable("the gather writes a UB byte twice");
  }
  Case scatter = gather;  // the same slices, the two sides exchanged, back into a fresh GM buffer
  scatter.srcPos = Position::VECOUT;
  scatter.dstPos = Position::GM;
  SliceParams q = p;
  std::swap(q.srcSliceInfo, q.dstSliceInfo);
  std::swap(q.srcShape, q.dstShape);
  scatter.params = q;
  scatter.src = gather.dst;
  scatter.dst = gather.src;
  if (const std::string reason = unusable(scatter, Operation::slice); !reason.empty()) return Outcome::notApplicable(reason);
  const std::vector<std::uint8_t> gmBefore = seededBytes(~data.src.size(), data.src.size());

  const Run ub = runIut(iut, gather, data.src, data.dstBefore);
  if (auto status = statusOutcome(ub, "SLICE-4", gather)) return *status;
  const Run back = runIut(iut, scatter, ub.dst, gmBefore);
  if (auto status = statusOutcome(back, "SLICE-4", scatter)) return *status;
  const auto selected = rangeMask(e->footprint.reads, data.src.size());
  std::vector<std::uint8_t> expected(data.src.size());
  for (std::uint64_t b = 0; b < expected.size(); ++b) expected[b] = selected[b] != 0 ? data.src[b] : gmBefore[b];
  const std::vector<std::uint8_t> care(expected.size(), 1);
  const std::uint64_t byte = firstCaredDifference(care, expected, back.dst);
  if (byte == kNoMismatch) return Outcome::pass();
  return Outcome::fail("SLICE-4 law gather then scatter with the same slices restores the selected elements, the rest "
                       "KEEP (the scatter's GM destination): " +
                       describeByte(scatter, expected, back.dst, byte, selected[byte] != 0 ? "selected" : "keep"));
}

Outcome checkLawDn2Nz1TransposeIsNd2Nz(Backend& iut, const CaseData& data) {
  const Case& c = data.c;
  if (!isOperation(c, Operation::dn2nz)) return Outcome::notApplicable("not DN2NZ");
  const auto& p = std::get<Dn2NzParams>(c.params);
  const bool small = p.enableSmallC0 != (c.profile.smallC0Polarity == Profile::SmallC0Polarity::cApiPage);  // AMB-7
  if (small) return Outcome::notApplicable("small-C0 mode (ND2NZ has none)");
  if (p.dnNum == 0 || p.nValue == 0 || p.dValue == 0) return Outcome::notApplicable("moves nothing");
  const std::uint64_t matrixElems = std::uint64_t{p.nValue} * p.dValue;
  if (matrixElems > 0xFFFF || p.dValue > 0xFFFF || p.dstNzMatrixStride > 0xFFFF || p.dstNzC0Stride > 16384 ||
      p.dstNzNStride > 16384) {
    return Outcome::notApplicable("does not fit ND2NZ-1's 16-bit ranges");
  }
  // X[i][n][d] = src[i*srcDnMatrixStride + d*srcDValue + n] stored row-major (ND), matrices back to back
  const std::uint64_t s = sizeBytes(c.dtype);
  std::vector<std::uint8_t> nd(p.dnNum * matrixElems * s);
  for (std::uint64_t i = 0; i < p.dnNum; ++i) {
    for (std::uint64_t n = 0; n < p.nValue; ++n) {
      for (std::uint64_t d = 0; d < p.dValue; ++d) {
        const std::uint64_t from = c.src.offsetBytes + (i * p.srcDnMatrixStride + d * p.srcDValue + n) * s;
        std::copy_n(data.src.begin() + static_cast<std::ptrdiff_t>(from), s,
                    nd.begin() + static_cast<std::ptrdiff_t>((i * matrixElems + n * p.dValue + d) * s));
      }
    }
  }
  Case nd2nz = c;
  // ND2NZ-5: 4-bit pairs move as bytes; the bytes depend on sizeof(T) only, so bfloat16 stands in as half
  nd2nz.dtype = s == 1 ? DType::int8_t : c.dtype == DType::bfloat16_t ? DType::half : c.dtype;
  nd2nz.params = Nd2NzParams{p.dnNum,
                             p.nValue,
                             static_cast<std::uint16_t>(p.dValue),
                             static_cast<std::uint16_t>(matrixElems),
                             static_cast<std::uint16_t>(p.dValue),
                             p.dstNzC0Stride,
                             p.dstNzNStride,
                             static_cast<std::uint16_t>(p.dstNzMatrixStride)};
  nd2nz.src = {nd.size(), 0};
  if (const std::string why = unusable(nd2nz, Operation::nd2nz); !why.empty()) return Outcome::notApplicable(why);
  return compareRuns(iut, "DN2NZ-1 law DN2NZ(transpose-stored X) == ND2NZ(X)", data,
                     CaseData{nd2nz, nd, data.dstBefore, {}});
}

// ND2NZUB-3 law: the emulated ND2NZ into the UB places what GM->L1's ND2NZ (ND2NZ-2) places, the same parameters
// into an A1 buffer of the same bytes, where both care (ND2NZUB-4's ANY tail, ND2NZ-3's zero tail aside). Rows of
// 16 floats (A2/A3, AMB-34) have no GM->L1 twin.
Outcome checkLawNd2NzUbIsNd2NzToL1(Backend& iut, const CaseData& data) {
  if (!isOperation(data.c, Operation::nd2nzGmToUb)) return Outcome::notApplicable("not ND2NZ GM->UB");
  if (nd2nzGmToUbC0(data.c) * sizeBytes(data.c.dtype) != kDataBlockBytes) {
    return Outcome::notApplicable("rows of 16 floats (AMB-34): GM->L1 has 8-element rows");
  }
  Case toL1 = data.c;
  toL1.dstPos = Position::A1;
  if (const std::string why = unusable(toL1, Operation::nd2nz); !why.empty()) return Outcome::notApplicable(why);
  return compareRuns(iut, "ND2NZUB-3 law GM->UB ND2NZ == GM->L1 ND2NZ", data, withCase(data, toL1));
}

// ND2NZ-6 law: the ND2NZ from the UB places what GM->L1's ND2NZ (ND2NZ-2) places from the same bytes in GM, where
// both care (AMB-39's x + 0 elements on the 950 drop out).
Outcome checkLawNd2NzUbToL1IsNd2NzFromGm(Backend& iut, const CaseData& data) {
  if (!isOperation(data.c, Operation::nd2nz) || !drawnApart(Operation::nd2nz, {data.c.srcPos, data.c.dstPos})) {
    return Outcome::notApplicable("not ND2NZ UB->L1");
  }
  Case fromGm = data.c;
  fromGm.srcPos = Position::GM;
  fromGm.dstPos = Position::A1;
  if (const std::string why = unusable(fromGm, Operation::nd2nz); !why.empty()) return Outcome::notApplicable(why);
  return compareRuns(iut, "ND2NZ-6 law UB->L1 ND2NZ == GM->L1 ND2NZ", data, withCase(data, fromGm));
}

Outcome checkLawEnh1NormalIsDc0Level(Backend& iut, const CaseData& data) {
  if (!isOperation(data.c, Operation::enhancedNormal)) return Outcome::notApplicable("not enhanced BLOCK_MODE_NORMAL");
  Case plain = data.c;
  plain.enhancedParams.reset();
  return compareRuns(iut, "ENH-1 law BLOCK_MODE_NORMAL == DC-2 DataCopy 0-level", data, withCase(data, plain));
}

// ---- ENH-2..4: the enhanced CO1->CO2 conversions ----------------------------------------------------------------

namespace {

bool isCo1Conversion(const Case& c) {
  return isOperation(c, Operation::enhancedCo1ToCo2) && c.enhancedParams->deqScale != DeqScale::none;
}
bool perColumn(DeqScale d) { return d == DeqScale::vdeq || d == DeqScale::vdeq8 || d == DeqScale::vdeq16; }
// The parameters a case reads: deqValue, or every V* tensor entry.
std::vector<std::uint64_t> paramsRead(const DataCopyEnhancedParams& e) {
  return perColumn(e.deqScale) ? e.deqTensor : std::vector<std::uint64_t>{e.deqValue};
}

}  // namespace

Outcome checkEnh3ReluNeverNegative(Backend& iut, const CaseData& data) {
  const Case& c = data.c;
  if (!isOperation(c, Operation::enhancedCo1ToCo2) || !c.enhancedParams->isRelu) return Outcome::notApplicable("no isRelu");
  // FIX-6 rectifies on the input's sign (M2 = 0), so a negative scale or offset can still give a negative result:
  // the law holds for scales with a clear sign bit (bit 31, not sign-extended) and zero offsets.
  for (const std::uint64_t q : paramsRead(*c.enhancedParams)) {
    if (c.enhancedParams->deqScale != DeqScale::none && (((q >> 31) & 1u) != 0 || ((q >> 37) & 0x1FFu) != 0)) {
      return Outcome::notApplicable("negative scale or non-zero offset");
    }
  }
  std::string why;
  const auto e = computed(data, &why);
  if (!e) return Outcome::fail("ENH-3 law: case not computed: " + why);
  const Run run = runIut(iut, c, data.src, data.dstBefore);
  if (auto status = statusOutcome(run, "ENH-3", c)) return *status;
  const std::uint32_t s = sizeBytes(c.dtype);
  for (const ByteRange& w : e->footprint.writes) {
    // written elements start a whole number of elements after the copy's destination start
    for (std::uint64_t at = w.begin; at + s <= w.end; at += s) {
      bool cared = true;
      for (std::uint32_t b = 0; b < s; ++b) cared = cared && e->expectation.care[at + b] != 0;
      if (cared && decodeElement(c.dtype, loadElementBits(run.dst, at, s)) < 0) {
        return Outcome::fail("ENH-3 law isRelu result is never negative: " +
                             describeByte(c, e->expectation.expected, run.dst, at, regionOf(*e, at)));
      }
    }
  }
  return Outcome::pass();
}

Outcome checkLawEnh2UnitScaleIsExact(Backend& iut, const CaseData& data) {
  const Case& c = data.c;
  if (!isCo1Conversion(c) || sizeBytes(c.dtype) != 2) return Outcome::notApplicable("not a conversion to a b16 T");
  const DeqScale mode = c.enhancedParams->deqScale;
  if (mode != DeqScale::deq && mode != DeqScale::deq16) return Outcome::notApplicable("not DEQ / DEQ16");
  // A: deqValue = 1.0 (no shift, no offset), no ReLU, each int32 source element a small int (|x| <= 2048, exact in
  // half and int16). B: the plain move (DEQ_NONE) of the same values already in T. ENH-2: equal bytes.
  Case a = c;
  a.enhancedParams->deqValue = 0x3F800000;
  a.enhancedParams->isRelu = false;
  Case b = a;
  b.enhancedParams->deqScale = DeqScale::none;
  b.enhancedParams->srcDType.reset();
  const std::uint32_t su = sizeBytes(a.enhancedParams->srcDType.value_or(c.dtype));
  const std::uint64_t span = oracle::extents(c).srcSpanBytes;
  CaseData da = copyWithCase(data, a);
  CaseData db = copyWithCase(data, b);
  db.src.assign(span / su * 2, 0);
  db.c.src = {db.src.size(), 0};
  for (std::uint64_t k = 0; k < span / su; ++k) {
    const std::uint64_t at = c.src.offsetBytes + k * su;
    std::uint64_t bits = loadElementBits(data.src, at, su);  // a half source moves as it is
    if (su == 4) {
      const auto x = static_cast<std::int32_t>(bits % 4097) - 2048;  // small, exact in half and int16
      oracle::storeElementBits(da.src, at, 4, static_cast<std::uint32_t>(x));
      bits = c.dtype == DType::half ? std::bit_cast<std::uint16_t>(static_cast<_Float16>(x))
                                    : static_cast<std::uint16_t>(static_cast<std::int16_t>(x));
    }
    db.src[2 * k] = static_cast<std::uint8_t>(bits);
    db.src[2 * k + 1] = static_cast<std::uint8_t>(bits >> 8);
  }
  return compareRuns(iut, "ENH-2 law DEQ with scale 1.0 on small ints == the plain move of those ints", da, db);
}

Outcome checkLawEnh3StoreMode3IsRepacked(Backend& iut, const CaseData& data) {
  const Case& c = data.c;
  if (!isCo1Conversion(c) || sizeBytes(c.dtype) != 1) return Outcome::notApplicable("not DEQ8 / VDEQ8");
  // A: sidStoreMode 0 or 1 with dstStride 0, so the output is back-to-back 32-byte slots, slot g holding results
  // 16g..16g+15 in one half; B: the same with sidStoreMode 3, result k at byte k. ENH-3: A's halves are B re-packed.
  Case a = c;
  std::get<DataCopyParams>(a.params).dstStride = 0;
  if (a.enhancedParams->sidStoreMode == 3) a.enhancedParams->sidStoreMode = 0;
  Case b = a;
  b.enhancedParams->sidStoreMode = 3;
  CaseData da = copyWithCase(data, a);  // B runs on the drawn buffers as they are
  const std::uint64_t need = a.dst.offsetBytes + oracle::extents(a).dstSpanBytes;  // mode 0/1 takes twice mode 3
  if (da.c.dst.sizeBytes < need) {
    da.c.dst.sizeBytes = need;
    da.dstBefore.resize(need, 0xA5);
  }
  std::string why;
  const auto ea = computed(da, &why);
  const auto eb = ea ? computed(b, data.src, data.dstBefore, &why) : std::nullopt;
  if (!ea || !eb) return Outcome::fail("ENH-3 law: case not computed: " + why);
  const Run ra = runIut(iut, da.c, da.src, da.dstBefore);
  if (auto status = statusOutcome(ra, "ENH-3", da.c)) return *status;
  const Run rb = runIut(iut, b, data.src, data.dstBefore);
  if (auto status = statusOutcome(rb, "ENH-3", b)) return *status;
  const bool high = (a.enhancedParams->sidStoreMode == 0) == (c.profile.sidHalf == Profile::SidHalf::docPage);  // AMB-15
  const std::uint64_t results = oracle::extents(b).dstSpanBytes;
  for (std::uint64_t k = 0; k < results; ++k) {
    const std::uint64_t inA = c.dst.offsetBytes + 32 * (k / 16) + (high ? 16 : 0) + k % 16;
    const std::uint64_t inB = c.dst.offsetBytes + k;
    if (ea->expectation.care[inA] != 0 && eb->expectation.care[inB] != 0 && ra.dst[inA] != rb.dst[inB]) {
      return Outcome::fail("ENH-3 law store mode 3 == store mode 0/1 re-packed: result " + std::to_string(k) +
                           ": " + describeByte(a, ea->expectation.expected, ra.dst, inA, regionOf(*ea, inA)) +
                           " vs mode 3 byte " + std::to_string(rb.dst[inB]));
    }
  }
  return Outcome::pass();
}

Outcome checkLawEnh2EqualColumnsIsScalar(Backend& iut, const CaseData& data) {
  const Case& c = data.c;
  if (!isCo1Conversion(c) || !perColumn(c.enhancedParams->deqScale)) return Outcome::notApplicable("not V*");
  // A: every V* entry equal to q; B: the scalar mode (VDEQ -> DEQ, VDEQ8 -> DEQ8, VDEQ16 -> DEQ16) with deqValue q.
  Case a = c;
  const std::uint64_t q = c.enhancedParams->deqTensor.front();
  std::fill(a.enhancedParams->deqTensor.begin(), a.enhancedParams->deqTensor.end(), q);
  Case b = a;
  const DeqScale v = c.enhancedParams->deqScale;
  b.enhancedParams->deqScale = v == DeqScale::vdeq ? DeqScale::deq : v == DeqScale::vdeq8 ? DeqScale::deq8 : DeqScale::deq16;
  b.enhancedParams->deqValue = q;
  b.enhancedParams->deqTensor.clear();
  return compareRuns(iut, "ENH-2 law V* with equal columns == the scalar mode", withCase(data, a), withCase(data, b));
}

}  // namespace dcconf::properties

// ---- NDDMA (project): laws of the multi-dimensional DataCopy GM->VECIN. Each derives cases from a
// drawn one (its dtype, product, offsets and bytes), runs them on the IUT and compares bytes.

namespace dcconf::properties {

using namespace dcconf::oracle;
using namespace detail;

namespace {

constexpr std::uint64_t kLawMaxElements = 1 << 16;  // a derived box beyond this costs more than it adds

// A 2-dimensional NDDMA case on c's dtype, product and offsets: sizes {w, h}, the given element strides, no pads;
// buffers exactly the footprints (srcElements, dstElements past the offsets).
Case twoDims(const Case& c, std::uint32_t w, std::uint32_t h, std::array<std::uint64_t, 2> srcStride,
             std::array<std::uint32_t, 2> dstStride, std::uint64_t srcElements, std::uint64_t dstElements) {
  NdDmaParams p;
  p.dim = 2;
  p.loopSize[0] = w;
  p.loopSize[1] = h;
  p.loopSrcStride[0] = srcStride[0];
  p.loopSrcStride[1] = srcStride[1];
  p.loopDstStride[0] = dstStride[0];
  p.loopDstStride[1] = dstStride[1];
  Case out = c;
  out.params = p;
  const std::uint64_t s = sizeBytes(c.dtype);
  out.src.sizeBytes = c.src.offsetBytes + srcElements * s;
  out.dst.sizeBytes = c.dst.offsetBytes + dstElements * s;
  return out;
}

// The element index of tuple k (dimension 0 first) along the given strides.
std::uint64_t dot(const std::array<std::uint64_t, kMaxNdDmaDims>& k, const auto& stride, std::size_t dim) {
  std::uint64_t at = 0;
  for (std::size_t i = 0; i < dim; ++i) at += k[i] * stride[i];
  return at;
}

// NDDMA-3 by hand: the padded case equals the padless one (same source, destination packed) with each pad element
// the constant (constant mode) or the padless element at the clamped index (nearest mode: numpy's edge pad).
Outcome padIsPaddedPadless(Backend& iut, const CaseData& data, bool nearest) {
  const Case& c = data.c;
  if (!isOperation(c, Operation::nddma)) return Outcome::notApplicable("not NDDMA");
  const auto& p = std::get<NdDmaParams>(c.params);
  if (p.isNearestValueMode != nearest) return Outcome::notApplicable(nearest ? "constant mode" : "nearest mode");
  const std::size_t dim = std::min<std::size_t>(p.dim, kMaxNdDmaDims);
  if (std::find(p.loopSize.begin(), p.loopSize.begin() + dim, 0u) != p.loopSize.begin() + dim) {
    return Outcome::notApplicable("a loopSize of 0 (AMB-37's no-op)");
  }
  if (sizeBytes(c.dtype) == 8 && c.profile.ndDmaB64Stride == Profile::NdDmaB64Stride::wrap) {
    return Outcome::notApplicable("b64 strides cut by AMB-35's fields");  // the law places by the given strides
  }
  std::array<std::uint64_t, kMaxNdDmaDims> extent{}, pitch{};
  std::uint64_t boxElements = 1, interior = 1;
  bool padded = false;
  for (std::size_t i = 0; i < dim; ++i) {
    extent[i] = std::uint64_t{p.loopLpSize[i]} + p.loopSize[i] + p.loopRpSize[i];
    padded = padded || extent[i] != p.loopSize[i];
    pitch[i] = interior;
    interior *= p.loopSize[i];
    boxElements *= extent[i];
  }
  if (!padded) return Outcome::notApplicable("no pads");
  if (boxElements > kLawMaxElements) return Outcome::notApplicable("a box too large for the law");
  const std::string law = std::string("NDDMA-3 law ") + (nearest ? "nearest-value pads == edge-padded padless copy"
                                                                 : "constant pads == constant-padded padless copy");
  std::string why;
  const auto e = computed(data, &why);
  if (!e) return Outcome::fail(law + ": padded case not computed: " + why);
  Case padless = c;  // the same source walk, no pads, the destination packed from the same start
  NdDmaParams q = p;
  for (std::size_t i = 0; i < dim; ++i) {
    q.loopLpSize[i] = q.loopRpSize[i] = 0;
    q.loopDstStride[i] = static_cast<std::uint32_t>(pitch[i]);
  }
  padless.params = q;
  const std::uint64_t s = sizeBytes(c.dtype);
  padless.dst.sizeBytes = c.dst.offsetBytes + interior * s;
  if (const std::string reason = unusable(padless, Operation::nddma); !reason.empty()) {
    return Outcome::notApplicable(reason);
  }
  const Run padRun = runIut(iut, c, data.src, data.dstBefore);
  if (auto status = statusOutcome(padRun, "NDDMA-3", c)) return *status;
  const std::vector<std::uint8_t> freshDst = resized(data.dstBefore, padless.dst.sizeBytes);
  const Run plain = runIut(iut, padless, data.src, freshDst);
  if (auto status = statusOutcome(plain, "NDDMA-3", padless)) return *status;

  std::vector<std::uint8_t> expected = padRun.dst;  // only the box's cared bytes are compared
  std::vector<std::uint8_t> care(expected.size(), 0);
  std::array<std::uint64_t, kMaxNdDmaDims> k{}, j{};
  for (std::uint64_t n = 0; n < boxElements; ++n) {
    std::uint64_t rest = n;
    bool pad = false;
    for (std::size_t i = 0; i < dim; ++i) {
      k[i] = rest % extent[i];
      rest /= extent[i];
      const std::uint64_t lp = p.loopLpSize[i];
      pad = pad || k[i] < lp || k[i] >= lp + p.loopSize[i];
      j[i] = std::clamp<std::uint64_t>(k[i], lp, lp + p.loopSize[i] - 1) - lp;  // numpy's edge index
    }
    const std::uint64_t at = c.dst.offsetBytes + dot(k, p.loopDstStride, dim) * s;
    const std::uint64_t from = c.dst.offsetBytes + dot(j, pitch, dim) * s;
    for (std::uint64_t b = 0; b < s; ++b) {
      expected[at + b] = pad && !nearest ? static_cast<std::uint8_t>(p.constantValue >> (8 * b)) : plain.dst[from + b];
      care[at + b] = e->expectation.care[at + b];  // a collision (NDDMA-4) is not compared
    }
  }
  const std::uint64_t byte = firstCaredDifference(care, expected, padRun.dst);
  if (byte == kNoMismatch) return Outcome::pass();
  return Outcome::fail(law + " (the padless copy padded by hand as expected, the padded case as actual): " +
                       describeByte(c, expected, padRun.dst, byte, regionOf(*e, byte)));
}

}  // namespace

Outcome checkLawNdDmaPadlessRowsAreContiguousCopy(Backend& iut, const CaseData& data) {
  const Case& c = data.c;
  if (!isOperation(c, Operation::nddma)) return Outcome::notApplicable("not NDDMA");
  const auto& p = std::get<NdDmaParams>(c.params);
  // h rows of w elements, w whole 32-byte blocks (DC-2's unit), taken from the drawn case's first two sizes
  const std::uint64_t s = sizeBytes(c.dtype);
  const std::uint64_t c0 = kDataBlockBytes / s;
  const auto w = static_cast<std::uint32_t>(c0 * (1 + p.loopSize[0] % 4));
  const auto h = static_cast<std::uint32_t>(1 + (p.dim > 1 ? p.loopSize[1] : p.loopSize[0]) % 8);
  const Case rows = twoDims(c, w, h, {1, w}, {1, w}, std::uint64_t{w} * h, std::uint64_t{w} * h);
  Case copy = rows;
  copy.params = DataCopyParams{static_cast<std::uint16_t>(h), static_cast<std::uint16_t>(w * s / kDataBlockBytes), 0, 0};
  if (const std::string why = unusable(rows, Operation::nddma); !why.empty()) return Outcome::notApplicable(why);
  if (const std::string why = unusable(copy, Operation::copy0Level); !why.empty()) return Outcome::notApplicable(why);
  const CaseData a{rows, resized(data.src, rows.src.sizeBytes), resized(data.dstBefore, rows.dst.sizeBytes), {}};
  std::string why;
  const auto ea = computed(a, &why);
  if (!ea) return Outcome::fail("NDDMA-3 law: padless rows not computed: " + why);
  const Run ra = runIut(iut, rows, a.src, a.dstBefore);
  if (auto status = statusOutcome(ra, "NDDMA-3", rows)) return *status;
  const Run rb = runIut(iut, copy, a.src, a.dstBefore);
  if (auto status = statusOutcome(rb, "DC-2", copy)) return *status;
  const std::uint64_t byte = firstCaredDifference(ea->expectation.care, ra.dst, rb.dst);
  if (byte == kNoMismatch) return Outcome::pass();
  return Outcome::fail("NDDMA-3 law padless rows {1, w}/{1, w} == contiguous DC-2 copy (NDDMA as expected, DC-2 as "
                       "actual): " + describeByte(rows, ra.dst, rb.dst, byte, regionOf(*ea, byte)));
}

Outcome checkLawNdDmaConstantPadIsPaddedPadless(Backend& iut, const CaseData& data) {
  return padIsPaddedPadless(iut, data, false);
}

Outcome checkLawNdDmaNearestPadIsEdgePadded(Backend& iut, const CaseData& data) {
  return padIsPaddedPadless(iut, data, true);
}

Outcome checkLawNdDmaTransposeTwiceIsIdentity(Backend& iut, const CaseData& data) {
  const Case& c = data.c;
  if (!isOperation(c, Operation::nddma)) return Outcome::notApplicable("not NDDMA");
  const auto& p = std::get<NdDmaParams>(c.params);
  // scenario 3's shape: [h, w] row major into [w, h]; then [w, h] back into [h, w] (both GM->VECIN: the UB result
  // is the second call's GM source)
  const auto w = static_cast<std::uint32_t>(1 + p.loopSize[0] % 64);
  const auto h = static_cast<std::uint32_t>(1 + (p.dim > 1 ? p.loopSize[1] : p.loopLpSize[0]) % 16);
  const std::uint64_t n = std::uint64_t{w} * h;
  const Case there = twoDims(c, w, h, {1, w}, {h, 1}, n, n);
  Case back = twoDims(c, h, w, {1, h}, {w, 1}, n, n);
  back.src.offsetBytes = 0;
  back.src.sizeBytes = n * sizeBytes(c.dtype);
  if (const std::string why = unusable(there, Operation::nddma); !why.empty()) return Outcome::notApplicable(why);
  if (const std::string why = unusable(back, Operation::nddma); !why.empty()) return Outcome::notApplicable(why);
  const std::vector<std::uint8_t> src = resized(data.src, there.src.sizeBytes);
  const std::vector<std::uint8_t> ub = resized(data.dstBefore, there.dst.sizeBytes);
  const Run first = runIut(iut, there, src, ub);
  if (auto status = statusOutcome(first, "NDDMA-3", there)) return *status;
  const std::vector<std::uint8_t> transposed(first.dst.begin() + static_cast<std::ptrdiff_t>(there.dst.offsetBytes),
                                             first.dst.end());
  const Run second = runIut(iut, back, transposed, ub);
  if (auto status = statusOutcome(second, "NDDMA-3", back)) return *status;
  std::vector<std::uint8_t> expected = ub;  // the source's box at the destination offset, the rest KEEP
  std::copy_n(src.begin() + static_cast<std::ptrdiff_t>(c.src.offsetBytes), back.src.sizeBytes,
              expected.begin() + static_cast<std::ptrdiff_t>(c.dst.offsetBytes));
  const std::vector<std::uint8_t> care(expected.size(), 1);
  const std::uint64_t byte = firstCaredDifference(care, expected, second.dst);
  if (byte == kNoMismatch) return Outcome::pass();
  return Outcome::fail("NDDMA-3 law transpose twice (strides {1, w}/{h, 1} then {1, h}/{w, 1}) == identity: " +
                       describeByte(back, expected, second.dst, byte, "data"));
}

}  // namespace dcconf::properties
