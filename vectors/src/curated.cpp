// The curated edge cases: one vector per boundary the clauses name, built by hand so each exists for a reason.
#include <bit>
#include <cmath>
#include <numeric>

#include "dcconf/oracle/numeric.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "curated_builder.hpp"

namespace dcconf::vectors::detail {

using namespace dcconf::oracle;

namespace {

using namespace curated;

DataCopyExtParams ext(std::uint16_t count, std::uint32_t len, std::uint32_t srcStride = 0, std::uint32_t dstStride = 0) {
  return {count, len, srcStride, dstStride, 0};
}
DataCopyPadExtParams padExt(bool isPad, std::uint8_t left, std::uint8_t right, std::uint64_t value) {
  return {isPad, left, right, value};
}

void padGmToUbCases(Builder& b, DType t) {
  const auto& o = b.options();
  const std::uint32_t s = sizeBytes(t);
  const auto g2u = [&](CopyParams p, PadParams pad) {
    return baseCase(o, Api::DataCopyPad, Position::GM, Position::VECIN, t, std::move(p), std::move(pad));
  };
  const auto maxPad = static_cast<std::uint8_t>(32 / s);
  const std::uint64_t value = 0x0102030405060708ull & (s == 8 ? 0 : (std::uint64_t{1} << (8 * s)) - 1);  // PAD-G2U-1: 64-bit pads are 0
  b.valid(g2u(ext(3, 13 * s), padExt(false, 0, 0, 0)), "PAD-G2U-2: 3 blocks of 13 elements, not a multiple of 32 bytes");
  b.valid(g2u(ext(2, 5 * s), padExt(true, 0, maxPad, value)), "PAD-G2U-1: rightPadding*s == 32, the largest allowed");
  b.valid(g2u(ext(2, 5 * s), padExt(true, maxPad, 0, value)), "PAD-G2U-1: leftPadding*s == 32, the largest allowed");
  b.valid(g2u(ext(2, 3 * s), padExt(true, 1, 2, value)), "PAD-G2U-3/4: left and right pad with a pad value, dummy after");
  Case reg = g2u(ext(2, 3 * s), padExt(false, 1, 1, 0));
  reg.padRegister = 0x1111111111111111ull & (s == 8 ? ~0ull : (std::uint64_t{1} << (8 * s)) - 1);
  b.valid(reg, "PAD-G2U-4: isPad false, pads take the pad register set by SetPadValue", {"PAD_REGISTER"});
  b.valid(g2u(ext(3, 8 * s, 5, 2), padExt(false, 0, 0, 0)), "PAD-G2U-2/3: srcStride 5 bytes, dstStride 2 blocks (KEEP gaps)");
  Case unaligned = g2u(ext(2, 6 * s, 0, 0), padExt(true, 0, 1, value));
  unaligned.src.offsetBytes = 3 * s;
  b.valid(unaligned, "G-5: the GM source starts at an address that is not 32-byte aligned");
  DataCopyParams plain{2, static_cast<std::uint16_t>(7 * s), 1, 1};
  b.valid(g2u(plain, DataCopyPadParams{true, 1, 0, 0}),  // AMB-18: its paddingValue must be 0 by default
          "PAD-G2U-1: the 16-bit DataCopyParams/DataCopyPadParams pair");

  const Case good = g2u(ext(2, 4 * s), padExt(true, 0, 1, value));
  b.invalid(good, "PAD-G2U-1", "params.blockCount", "INVALID_BLOCKCOUNT", "PAD-G2U-1: blockCount 4096 > 4095",
            [](casefile::CaseData& d) { std::get<DataCopyExtParams>(d.c.params).blockCount = 4096; });
  b.invalid(good, "PAD-G2U-1", "padParams.rightPadding", "INVALID_PADDING", "PAD-G2U-1: rightPadding*s > 32",
            [&](casefile::CaseData& d) {
              std::get<DataCopyPadExtParams>(d.c.padParams).rightPadding = static_cast<std::uint8_t>(maxPad + 1);
            });
  b.invalid(good, "PAD-G2U-1", "params.blockLen", "INVALID_BLOCKLEN", "PAD-G2U-1: Ext blockLen 2097152 > 2097151",
            [](casefile::CaseData& d) { std::get<DataCopyExtParams>(d.c.params).blockLen = 2097152; });
  b.invalid(good, "G-1", "dst.size", "INVALID_BOUNDS", "G-1: the destination buffer ends inside the write footprint",
            [](casefile::CaseData& d) {
              d.c.dst.sizeBytes -= kSlackBytes + 1;
              d.dstBefore.resize(d.c.dst.sizeBytes);
            });
  b.invalid(good, "G-5", "dst.offset", "INVALID_ALIGNMENT", "G-5: the UB destination does not start 32-byte aligned",
            [](casefile::CaseData& d) {
              d.c.dst.offsetBytes = 16;
              d.c.dst.sizeBytes += 32;
              d.dstBefore.resize(d.c.dst.sizeBytes, kGuard);
            });
}

void padUbToGmCases(Builder& b, DType t) {
  const std::uint32_t s = sizeBytes(t);
  const auto u2g = [&](CopyParams p) {
    return baseCase(b.options(), Api::DataCopyPad, Position::VECOUT, Position::GM, t, std::move(p),
                    std::monostate{});
  };
  b.valid(u2g(ext(3, 13 * s, 0, 7)), "PAD-U2G-2: exactly blockLen bytes per block; dstStride gaps and the tail KEEP");
  b.invalid(u2g(ext(2, 4 * s)), "PAD-U2G-1", "params.blockCount", "INVALID_BLOCKCOUNT", "PAD-U2G-1: blockCount 4096",
            [](casefile::CaseData& d) { std::get<DataCopyExtParams>(d.c.params).blockCount = 4096; });
}

void dataCopyCases(Builder& b, DType t) {
  const std::uint32_t s = sizeBytes(t);
  const auto dc = [&](CopyParams p) {
    return baseCase(b.options(), Api::DataCopy, Position::GM, Position::VECIN, t, std::move(p));
  };
  b.valid(dc(DataCopyParams{2, 1, 1, 1}), "DC-2: two 32-byte blocks, one block of stride on each side");
  b.valid(dc(CalCount{40 / s + 1}), "DC-3: calCount*s not a multiple of 32: the remainder is dropped");
  b.valid(dc(CalCount{1}), "DC-3: fewer than 32 bytes: nothing moves");
  b.invalid(dc(DataCopyParams{2, 1, 0, 0}), "DC-1", "params.blockCount", "INVALID_BLOCKCOUNT", "DC-1: blockCount 4096",
            [](casefile::CaseData& d) { std::get<DataCopyParams>(d.c.params).blockCount = 4096; });
}

void nd2nzCases(Builder& b, DType t) {
  const std::uint32_t c0 = 32 / sizeBytes(t);
  const auto nd = [&](Nd2NzParams p) {
    return baseCase(b.options(), Api::DataCopy, Position::GM, Position::A1, t, p);
  };
  const auto d = static_cast<std::uint16_t>(c0 + c0 / 4 + 1);
  b.valid(nd({1, 3, d, 0, d, 16, 1, 1}), "ND2NZ-3: dValue not a multiple of C0: the tail is zero-filled");
  b.valid(nd({2, 2, static_cast<std::uint16_t>(c0), static_cast<std::uint16_t>(2 * c0 + 3),
              static_cast<std::uint16_t>(c0), 16, 1, static_cast<std::uint16_t>(16 * c0)}),
          "ND2NZ-2: two matrices, the source's matrix stride larger than a matrix");
  b.invalid(nd({1, 3, d, 0, d, 16, 1, 1}), "ND2NZ-1", "params.srcDValue", "INVALID_ND2NZ", "ND2NZ-1: srcDValue 0",
            [](casefile::CaseData& dd) { std::get<Nd2NzParams>(dd.c.params).srcDValue = 0; });
}

// ---- FIX: one vector per QuantMode_t, per layout switch and per AMB-8..12, and one per constraint broken ----------

// nSize 0: one destination C0d (FIX-1: 32 for an 8-bit T, else 16).
Case fixCase(const ExportOptions& o, Position dst, QuantMode mode, DType u, DType t, std::uint16_t mSize,
             std::uint16_t nSize) {
  const std::uint64_t c0 = sizeBytes(t) == 1 ? 32 : 16;
  DataCopyCO12DstParams p;
  p.mSize = mSize;
  p.nSize = nSize != 0 ? nSize : static_cast<std::uint16_t>(c0);
  p.srcStride = static_cast<std::uint16_t>((mSize + 15) / 16 * 16);
  p.dstStride = static_cast<std::uint32_t>((std::uint64_t{mSize} * c0 * sizeBytes(t) + 31) / 32);  // bursts head to head
  p.quantPre = mode;
  Case c = baseCase(o, Api::DataCopy, Position::CO1, dst, t, p);
  c.fixpipe = FixpipeState{};
  c.fixpipe->srcDType = u;
  return c;
}
DataCopyCO12DstParams& co12(Case& c) { return std::get<DataCopyCO12DstParams>(c.params); }
DataCopyCO12DstParams& co12(casefile::CaseData& d) { return co12(d.c); }

void fixpipeCases(Builder& b) {
  const auto& o = b.options();
  const auto gm = [&](QuantMode mode, DType u, DType t, std::uint16_t m = 2, std::uint16_t n = 0) {
    return fixCase(o, Position::GM, mode, u, t, m, n);
  };
  constexpr DType i32 = DType::int32_t, f32 = DType::float_;
  Case copy = gm(QuantMode::NoQuant, i32, i32, 2, 32);
  co12(copy).dstStride = 5;
  b.valid(copy, "FIX-1: NoQuant int32_t copy, 2 bursts of 2x16 elements 160 bytes apart (dstStride 5): the gaps KEEP");
  Case relu = gm(QuantMode::NoQuant, f32, f32);
  co12(relu).reluPre = 1;
  b.valid(relu, "FIX-6: ReLU without quant is max(x, 0); -0.0 and NaN sources are ANY");
  b.valid(gm(QuantMode::F322F16, f32, DType::half), "FIX-6: F322F16 rounds to nearest even: ties, 65520 overflow, subnormals, inf, NaN");
  b.valid(gm(QuantMode::F322BF16, f32, DType::bfloat16_t), "FIX-6: F322BF16 rounds to nearest even");
  Case deq = gm(QuantMode::DEQF16, i32, DType::half);
  deq.fixpipe->quantScalar = encodeQuantParam(1.0F / 3.0F, 0, false, 0, false);
  b.valid(deq, "FIX-6/AMB-10: DEQF16 with M1 = 1/3: products between two halves are ANY by default (rounding undocumented)");
  Case req = gm(QuantMode::REQ8, i32, DType::int8_t);
  req.fixpipe->quantScalar = encodeQuantParam(1.0F, 0, false, 0, true);
  b.valid(req, "FIX-6: REQ8 with scale 1: int32 edges clamp, round half to even and saturate to int8");
  Case offset = gm(QuantMode::QF322B8_PRE, f32, DType::uint8_t);
  offset.fixpipe->quantScalar = encodeQuantParam(0.5F, 0, false, 0x1FF, false);
  b.valid(offset, "FIX-5/AMB-8: QF322B8_PRE with offset bits 0x1FF: -1 (signed) or 511 (unsigned)");
  Case shift = gm(QuantMode::REQ8, i32, DType::uint8_t);
  shift.fixpipe->quantScalar = encodeQuantParam(1.0F, 3, true, 0, false);
  b.valid(shift, "FIX-6/AMB-9: REQ8 with MCB: x = sat_int16(x >> N), N = 3 or N + 1");
  Case order = gm(QuantMode::REQ8, i32, DType::int8_t);
  co12(order).reluPre = 1;
  order.fixpipe->quantScalar = encodeQuantParam(1.0F, 0, false, 5, true);
  b.valid(order, "FIX-6/AMB-11: REQ8 with ReLU and offset 5: ReLU before or after the offset");
  Case negative = gm(QuantMode::QF322B8_PRE, f32, DType::int8_t);
  negative.fixpipe->quantScalar = static_cast<std::uint64_t>(std::int64_t{std::bit_cast<std::int32_t>(-0.5F)});
  b.valid(negative, "FIX-5/AMB-12: scale -0.5 sign-extended into bits [63:32]: fields of all ones, or only the low word counts",
          {"AMB_12"});  // the oracle names AMB-8 (the lower id), which the all-ones offset also opens
  Case vreq = gm(QuantMode::VREQ8, i32, DType::int8_t);
  for (std::uint32_t n = 0; n < 32; ++n) {
    vreq.fixpipe->quantTensor.push_back(encodeQuantParam(std::ldexp(1.0F, static_cast<int>(n % 6) - 2), 0, false, n, true));
  }
  b.valid(vreq, "FIX-4: VREQ8, one parameter per column (scales 0.25..8, offsets 0..31)");
  Case wide = gm(QuantMode::REQ8, i32, DType::int8_t, 16, 64);
  wide.fixpipe->quantScalar = encodeQuantParam(0.5F, 0, false, 0, true);
  b.valid(wide, "FIX-1: REQ8 int8 NZ output in 32-channel rows: mSize 16, nSize 64, two bursts of 16 x 32 bytes "
                "(dstStride 16), as the vendor's data_copy_l0c2gm golden");
  Case deqRelu = gm(QuantMode::DEQF16, i32, DType::half);
  co12(deqRelu).reluPre = 1;
  deqRelu.fixpipe->quantScalar = encodeQuantParam(0.5F, 0, false, 0, false);
  b.valid(deqRelu, "FIX-6a: DEQF16 with ReLU: negative inputs give +0.0 (the zero offset is added after the conversion)");
  Case vdeq = gm(QuantMode::VDEQF16, i32, DType::half);
  for (std::uint32_t n = 0; n < 16; ++n) {
    vdeq.fixpipe->quantTensor.push_back(encodeQuantParam(std::ldexp(1.0F, -static_cast<int>(n % 5)), 0, false, 0, false));
  }
  b.valid(vdeq, "FIX-4: VDEQF16, one power-of-two scale per column");
  Case split = gm(QuantMode::NoQuant, f32, f32, 3, 16);
  co12(split).channelSplit = true;
  co12(split).dstStride = 3;  // a burst is mSize rows of 32 bytes
  b.valid(split, "FIX-3: channelSplit: C0 = 8, element (m, n) at (n/8)*32*dstStride + 32m + 4(n%8)");
  Case nz2nd = gm(QuantMode::F322F16, f32, DType::half, 3, 20);
  co12(nz2nd).nz2ndEn = true;
  co12(nz2nd).dstStride = 24;
  *nz2nd.fixpipe = {f32, 0, {}, 2, 19, 72, std::nullopt, {}};
  b.valid(nz2nd, "FIX-2: nz2nd, 2 matrices of 3x20 halves: rows 24 elements apart, matrices 72 apart (SetFixpipeNz2ndFlag(2, 19, 72))");
  Case a1 = fixCase(o, Position::A1, QuantMode::REQ8, i32, DType::int8_t, 2, 0);
  a1.fixpipe->quantScalar = encodeQuantParam(0.25F, 0, false, 0, true);
  b.valid(a1, "FIX-4: CO1->A1 with REQ8 (A1 has no float or int32_t destination)");

  const auto fix = [&](const Case& base, const char* clause, const char* field, const char* comment, auto breakIt) {
    b.invalid(base, clause, field, "INVALID_FIX", comment, breakIt);
  };
  const Case plain = gm(QuantMode::NoQuant, i32, i32, 2, 32);
  fix(plain, "FIX-1", "params.nSize", "FIX-1: nSize 24 is not a multiple of C0d = 16 (int32_t)",
      [](casefile::CaseData& d) { co12(d).nSize = 24; });
  fix(plain, "FIX-1", "params.srcStride", "FIX-1: srcStride 17 is not a multiple of 16",
      [](casefile::CaseData& d) { co12(d).srcStride = 17; });
  fix(plain, "FIX-1", "params.dstStride", "FIX-1: dstStride 0", [](casefile::CaseData& d) { co12(d).dstStride = 0; });
  fix(a1, "FIX-2", "params.nz2ndEn", "FIX-2: nz2ndEn on CO1->A1", [](casefile::CaseData& d) { co12(d).nz2ndEn = true; });
  fix(gm(QuantMode::F322F16, f32, DType::half), "FIX-3", "params.channelSplit", "FIX-3: channelSplit with a half destination",
      [](casefile::CaseData& d) { co12(d).channelSplit = true; });
  fix(req, "FIX-4", "dtype", "FIX-4: REQ8 from a float source (its conversion is int32_t -> int8_t)",
      [](casefile::CaseData& d) { d.c.fixpipe->srcDType = DType::float_; });
  fix(vreq, "FIX-4", "fixpipe.quantTensor", "FIX-4: VREQ8 with 31 parameters for 32 columns",
      [](casefile::CaseData& d) { d.c.fixpipe->quantTensor.resize(31); });
  fix(req, "FIX-1", "params.nSize", "FIX-1: an int8 result with nSize 48: not a multiple of C0d = 32 (16-channel "
                                    "bursts were the old reading)",
      [](casefile::CaseData& d) { co12(d).nSize = 48; });
  fix(req, "FIX-6", "params.reluPre", "FIX-6: reluPre 2", [](casefile::CaseData& d) { co12(d).reluPre = 2; });
  fix(gm(QuantMode::NoQuant, f32, f32), "FIX-4", "dtype", "FIX-4: a float destination on CO1->A1",
      [](casefile::CaseData& d) { d.c.dstPos = Position::A1; });
}

}  // namespace

std::vector<Draft> curatedDrafts(const ExportOptions& options) {
  Builder b(options);
  // One dtype per element width keeps the set small; the widths are where the byte arithmetic differs.
  for (const DType t : {DType::uint8_t, DType::half, DType::float_, DType::int64_t}) {
    padGmToUbCases(b, t);
    padUbToGmCases(b, t);
    dataCopyCases(b, t);
    nd2nzCases(b, t);
  }
  fixpipeCases(b);
  curated::addBeyondSeedDrafts(b);
  return b.take();
}

}  // namespace dcconf::vectors::detail
