// Invariant 7: equivalence laws. Each law builds a second case (or a chain of cases) that the spec says must give
// the same bytes, runs both on the IUT and compares the bytes both expectations care about.
#include <algorithm>

#include "compare.hpp"
#include "dcconf/properties/invariants.hpp"
#include "draw.hpp"

namespace dcconf::properties {

using namespace dcconf::oracle;
using namespace detail;

namespace {

// Runs a and b (same dst size and prior content) on the IUT; the law holds when every byte both oracles care about
// agrees.
Outcome compareRuns(Backend& iut, const std::string& law, const CaseData& a, const CaseData& b) {
  std::string why;
  const auto ea = computed(a, &why);
  if (!ea) return Outcome::fail(law + ": first case not computed: " + why);
  const auto eb = computed(b, &why);
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

CaseData withCase(const CaseData& data, const Case& c) {
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
    if constexpr (requires { p.blockLen; }) out = Blocks{p.blockCount, p.blockLen, p.srcStride, p.dstStride};
  }, c.params);
  return out;
}

// Sets DataCopyParams or DataCopyExtParams fields, whichever the case holds.
void setBlocks(Case& c, const Blocks& b) {
  std::visit([&](auto& p) {
    if constexpr (requires { p.blockLen; }) {
      p.blockCount = static_cast<decltype(p.blockCount)>(b.blockCount);
      p.blockLen = static_cast<decltype(p.blockLen)>(b.blockLen);
      p.srcStride = static_cast<decltype(p.srcStride)>(b.srcStride);
      p.dstStride = static_cast<decltype(p.dstStride)>(b.dstStride);
    }
  }, c.params);
}

bool isPadOperation(const Case& c) {
  const auto op = resolveOperation(c).operation;
  return op == Operation::padGmToUb || op == Operation::padUbToGm || op == Operation::padUbToTscm;
}

template <typename To, typename From>
To samePadFields(const From& p) {
  return To{p.isPad, p.leftPadding, p.rightPadding, p.paddingValue};
}

}  // namespace

Outcome checkLawPadExtEqualsPlain(Backend& iut, const CaseData& data) {
  if (!isPadOperation(data.c)) return Outcome::notApplicable("not DataCopyPad");
  const Blocks b = *padBlocksOf(data.c);
  if (std::max({b.blockLen, b.srcStride, b.dstStride}) > 0xFFFF) return Outcome::notApplicable("does not fit 16 bits");
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
