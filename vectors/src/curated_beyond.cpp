// The curated edge cases of the paths beyond the seed pages: Compact DataCopyPad, loop mode, atomic copies
// to GM, the 950 Fixpipe to GM and to the UB, ND2NZ GM->UB, UB->L1, NDDMA and BroadCastVecToMM. One vector per
// boundary a clause names, built by hand; the vendor examples' parameters where they are small. A case its product
// does not have is dropped by the builder (PROD), so each product's set holds its own paths.
#include <array>
#include <cmath>

#include "curated_builder.hpp"
#include "dcconf/oracle/numeric.hpp"

namespace dcconf::vectors::detail::curated {

namespace {

std::uint64_t roundUp32(std::uint64_t bytes) { return alignUp(bytes, 32); }
// A pad value of T from a bit pattern: its low s bytes, and 0 for an 8-byte T (PAD-G2U-1 and NDDMA-2 take no other).
std::uint64_t padBitsOf(std::uint64_t bits, std::uint32_t s) { return s == 8 ? 0 : bits & ((std::uint64_t{1} << (8 * s)) - 1); }

// ---- PAD-CMP: DataCopyPad<T, PaddingMode::Compact> GM<->UB ---------------------------------------------------------

Case compact(const ExportOptions& o, Position src, Position dst, DType t, DataCopyExtParams p, PadParams pad = std::monostate{}) {
  Case c = baseCase(o, Api::DataCopyPad, src, dst, t, p, pad);
  c.paddingMode = PaddingMode::compact;
  return c;
}

void compactCases(Builder& b, DType t) {
  const auto& o = b.options();
  const std::uint32_t s = sizeBytes(t);
  const std::uint64_t value = padBitsOf(0x0102030405060708ull, s);
  const auto g2u = [&](std::uint16_t count, std::uint32_t len, DataCopyPadExtParams pad, std::uint32_t srcStride = 0,
                       std::uint32_t dstStride = 0) {
    return compact(o, Position::GM, Position::VECIN, t, {count, len, srcStride, dstStride, 0}, pad);
  };
  b.valid(g2u(3, 13 * s, {true, 0, 0, value}), "PAD-CMP-2/3: 3 blocks of 13 elements packed at pitch blockLen, the tail "
                                                "up to the next 32 bytes holds the pad value");
  b.valid(g2u(3, 13 * s, {false, 0, 0, 0}), "PAD-CMP-3: isPad false: the tail up to 32 bytes is ANY, nothing after it is written");
  b.valid(g2u(2, 16 * s, {true, 0, 0, value}), "PAD-CMP-3: blockCount*blockLen a multiple of 32 bytes: no tail");
  b.valid(g2u(3, 5 * s, {true, 0, 0, value}, 3 * s + 1), "PAD-CMP-2: a GM srcStride of 3 elements and a byte between the blocks");
  b.valid(g2u(2, 5 * s, {true, 1, 2, value}), "PAD-CMP-3/AMB-21: leftPadding 1 and rightPadding 2: ignored or padding the "
                                              "packed run (the bytes the readings disagree on are ANY)");
  b.valid(g2u(2, 5 * s, {true, 0, 0, value}, 0, 32), "PAD-CMP-2/AMB-22: dstStride 32: ignored or spacing the UB blocks in bytes");
  const auto u2g = [&](std::uint16_t count, std::uint32_t len, std::uint32_t srcStride, std::uint32_t dstStride) {
    return compact(o, Position::VECOUT, Position::GM, t, {count, len, srcStride, dstStride, 0});
  };
  b.valid(u2g(3, 13 * s, 0, 7), "PAD-CMP-4: UB blocks packed at pitch blockLen, GM blocks 7 bytes apart: exactly blockLen "
                                "bytes per block, the gaps KEEP");
  b.valid(u2g(2, 5 * s, 32, 0), "PAD-CMP-4/AMB-22: UB srcStride 32: ignored or spacing the UB blocks in bytes");
  b.invalid(g2u(2, 4 * s, {true, 0, 0, value}), "PAD-CMP-1", "params.blockCount", "INVALID_BLOCKCOUNT",
            "PAD-CMP-1: a Compact blockCount of 4096 breaks PAD-G2U-1",
            [](casefile::CaseData& d) { std::get<DataCopyExtParams>(d.c.params).blockCount = 4096; });
}

// PAD-CMP-5: the vendor example's scenario 3 (half, N 3, B 48, isPad 0, rightPadding 8 ignored by default).
void compactVendorCase(Builder& b) {
  b.valid(compact(b.options(), Position::GM, Position::VECIN, DType::half, {3, 48, 0, 0, 0},
                  DataCopyPadExtParams{true, 0, 8, 0}),
          "PAD-CMP-5: the vendor's data_copy_pad_gm2ub_ub2gm scenario 3 parameters: half, 3 blocks of 48 bytes packed, "
          "16 zero bytes after them (rightPadding 8: AMB-21)");
}

// ---- LOOP: DataCopyPad in loop mode (SetLoopModePara) ---------------------------------------------------------------

Case looped(Case c, LoopModeParams loop) {
  c.loopMode = loop;
  return c;
}

void loopCases(Builder& b, DType t) {
  const auto& o = b.options();
  const std::uint32_t s = sizeBytes(t);
  const std::uint64_t value = padBitsOf(0xF1F2F3F4F5F6F7F8ull, s);
  const DataCopyExtParams two{2, 5 * s, 0, 0, 0};
  const Case g2u = baseCase(o, Api::DataCopyPad, Position::GM, Position::VECIN, t, two, DataCopyPadExtParams{true, 0, 1, value});
  const std::uint64_t ubIteration = 2 * roundUp32(6 * s);  // two 32-byte-aligned UB blocks of 5 data + 1 pad element
  const std::uint64_t gmIteration = 2 * 5 * s;
  b.valid(looped(g2u, {2, 2, gmIteration + 3, ubIteration + 32, 2 * gmIteration + 11, 2 * ubIteration + 96}),
          "LOOP-3: GM->UB Normal, loop sizes 2 and 2: GM strides off 32 bytes, a KEEP block between UB iterations");
  Case compactG2u = g2u;
  compactG2u.paddingMode = PaddingMode::compact;
  compactG2u.padParams = DataCopyPadExtParams{true, 0, 0, value};
  const std::uint64_t packed = roundUp32(gmIteration);
  b.valid(looped(compactG2u, {3, 2, gmIteration, packed, 3 * gmIteration + 5, 3 * packed + 32}),
          "LOOP-3/PAD-CMP-3: GM->UB Compact in loop mode: each iteration packed and its tail padded to 32 bytes");
  b.valid(looped(g2u, {2, 1, gmIteration, 0, 0, 0}),
          "LOOP-3: loop1DstStride 0: both iterations write the same UB bytes, which are ANY (region collision)");
  const Case u2g = baseCase(o, Api::DataCopyPad, Position::VECOUT, Position::GM, t, two, std::monostate{});
  b.valid(looped(u2g, {2, 2, 2 * roundUp32(5 * s), gmIteration + 1, 4 * roundUp32(5 * s) + 32, 2 * gmIteration + 9}),
          "LOOP-3: UB->GM Normal in loop mode: exactly blockLen bytes per block and iteration, the GM gaps KEEP");
  b.invalid(looped(g2u, {1, 1, 0, 0, 0, 0}), "LOOP-2", "loopMode.loop1Size", "INVALID_OTHER",
            "LOOP-2: loop1Size 2^21", [](casefile::CaseData& d) { d.c.loopMode->loop1Size = 1u << 21; });
  b.invalid(looped(g2u, {2, 1, gmIteration, ubIteration, 0, 0}), "LOOP-2", "loopMode.loop1DstStride", "INVALID_OTHER",
            "LOOP-2: a UB-side loop stride that is not a multiple of 32 bytes",
            [&](casefile::CaseData& d) { d.c.loopMode->loop1DstStride = ubIteration + 16; });
}

// LOOP-4: the vendor example's scenarios 4 (Compact) and 5 (Normal), int8_t into a zeroed UB.
void loopVendorCases(Builder& b) {
  const LoopModeParams loop{2, 2, 80, 128, 160, 288};
  Case normal = baseCase(b.options(), Api::DataCopyPad, Position::GM, Position::VECIN, DType::int8_t,
                         DataCopyExtParams{2, 40, 0, 0, 0}, DataCopyPadExtParams{true, 0, 0, 0xFF});
  b.valid(looped(normal, loop), "LOOP-4: the vendor's scenario 5 parameters: int8, 2 blocks of 40 bytes, isPad -1, loops "
                                "2 x 2, GM strides 80/160, UB strides 128/288 (the 24 dummy bytes per block ANY, AMB-2)");
  normal.paddingMode = PaddingMode::compact;
  b.valid(looped(normal, loop), "LOOP-4: the vendor's scenario 4 parameters: Compact, per iteration 80 packed bytes then 16 "
                                "bytes of -1, every byte pinned");
}

// ---- ATOM: atomic copies to GM --------------------------------------------------------------------------------------

// The values ATOM-4/5 round, overflow, compare or leave open (NaN, +-0, subnormals: AMB-27/29/30), per element type.
std::vector<std::uint64_t> atomicOperands(DType t) {
  switch (t) {
    case DType::half:  // 0, -0, 1, -1, 65504, -65504, inf, -inf, NaN, the least subnormal, 1 + ulp, 2^-11 (half an ulp of 1)
      return {0x0000, 0x8000, 0x3C00, 0xBC00, 0x7BFF, 0xFBFF, 0x7C00, 0xFC00, 0x7E00, 0x0001, 0x3C01, 0x1000};
    case DType::bfloat16_t:
      return {0x0000, 0x8000, 0x3F80, 0xBF80, 0x7F7F, 0xFF7F, 0x7F80, 0xFF80, 0x7FC0, 0x0001, 0x3F81, 0x3B80};
    case DType::float_:
      return {0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x7F800000,
              0xFF800000, 0x7FC00000, 0x00000001, 0x3F800001, 0x33800000};
    case DType::int8_t: return {0, 1, 0xFF, 0x7F, 0x80, 0x7E, 0x81, 100};
    case DType::int16_t: return {0, 1, 0xFFFF, 0x7FFF, 0x8000, 0x7FFE, 0x8001, 1000};
    default: return {0, 1, 0xFFFFFFFF, 0x7FFFFFFF, 0x80000000, 0x7FFFFFFE, 0x80000001, 100000};  // int32_t
  }
}

// Every (old, new) pair of the operands once: source element k holds operand k % n, destination element k operand
// (k / n) % n, from each buffer's start.
void fillAtomicOperands(casefile::CaseData& d) {
  const std::vector<std::uint64_t> operands = atomicOperands(d.c.dtype);
  const std::uint64_t n = operands.size();
  const std::uint32_t s = sizeBytes(d.c.dtype);
  const auto put = [&](std::vector<std::uint8_t>& buffer, std::uint64_t start, auto pick) {
    for (std::uint64_t at = start, k = 0; at + s <= buffer.size(); at += s, ++k) {
      storeElementBits(buffer, at, s, operands[pick(k)]);
    }
  };
  put(d.src, d.c.src.offsetBytes, [&](std::uint64_t k) { return k % n; });
  put(d.dstBefore, d.c.dst.offsetBytes, [&](std::uint64_t k) { return (k / n) % n; });
}

void atomicCases(Builder& b, DType t) {
  const auto& o = b.options();
  const std::uint32_t s = sizeBytes(t);
  const std::uint64_t pairs = atomicOperands(t).size() * atomicOperands(t).size();
  const auto elements = static_cast<std::uint32_t>(roundUp32(pairs * s) / s);
  for (const AtomicOp op : {AtomicOp::add, AtomicOp::max, AtomicOp::min}) {
    const std::string opName(name(op));
    Case copy = baseCase(o, Api::DataCopy, Position::VECOUT, Position::GM, t, CalCount{elements});
    copy.atomic = op;
    b.valid(copy, "ATOM-3/4/5: DataCopy VECOUT->GM under SetAtomic" + opName +
                      ": every pair of the boundary operands (+-0, +-1, the largest finite, +-inf, NaN, the least "
                      "subnormal, ties; integer limits) once",
            {}, fillAtomicOperands);
    Case pad = baseCase(o, Api::DataCopyPad, Position::VECOUT, Position::GM, t,
                        DataCopyExtParams{3, 13 * s, 0, 2 * s, 0}, std::monostate{});
    pad.atomic = op;
    b.valid(pad, "ATOM-3: DataCopyPad VECOUT->GM under SetAtomic" + opName + ": 3 blocks of 13 elements, 2 KEEP elements between",
            {}, fillAtomicOperands);
  }
  if (s > 1) {
    Case cut = baseCase(o, Api::DataCopyPad, Position::VECOUT, Position::GM, t, DataCopyExtParams{2, 5 * s + 1, 0, 0, 0},
                        std::monostate{});
    cut.atomic = AtomicOp::add;
    b.valid(cut, "ATOM-3/AMB-26: blockLen 5 elements and a byte: the elements a block cuts are ANY", {}, fillAtomicOperands);
  }
}

void atomicInvalidCase(Builder& b) {
  Case base = baseCase(b.options(), Api::DataCopy, Position::VECOUT, Position::GM, DType::int16_t, CalCount{16});
  base.atomic = AtomicOp::add;
  b.invalid(base, "ATOM-2", "dtype", "INVALID_OTHER", "ATOM-2: SetAtomicAdd<uint16_t>: not an atomic type",
            [](casefile::CaseData& d) { d.c.dtype = DType::uint16_t; });
}

// ---- FIX950: Fixpipe with FixpipeParamsArch3510 out of L0C ----------------------------------------------------------

Case fix950(const ExportOptions& o, Position dst, Co2Layout layout, QuantMode mode, DType u, DType t, std::uint16_t mSize,
            std::uint16_t nSize, std::uint32_t dstStride) {
  DataCopyCO12DstParams p;
  p.mSize = mSize;
  p.nSize = nSize;
  p.srcStride = static_cast<std::uint16_t>((mSize + 15) / 16 * 16);
  p.dstStride = dstStride;
  p.quantPre = mode;
  Case c = baseCase(o, Api::DataCopy, Position::CO1, dst, t, p);
  c.fixpipe = FixpipeState{};
  c.fixpipe->srcDType = u;
  c.fixpipe->layout = layout;
  return c;
}
DataCopyCO12DstParams& co12(casefile::CaseData& d) { return std::get<DataCopyCO12DstParams>(d.c.params); }

void fix950Cases(Builder& b) {
  const auto& o = b.options();
  constexpr DType i32 = DType::int32_t, f32 = DType::float_;
  const auto gm = [&](Co2Layout layout, QuantMode mode, DType u, DType t, std::uint16_t m, std::uint16_t n, std::uint32_t stride) {
    return fix950(o, Position::GM, layout, mode, u, t, m, n, stride);
  };
  b.valid(gm(Co2Layout::NZ, QuantMode::NoQuant, f32, f32, 3, 32, 64),
          "FIX950-2: NZ float, dstStride 64 counts elements (not 32-byte blocks): 16 KEEP rows between the column blocks");
  Case split = gm(Co2Layout::NZ, QuantMode::NoQuant, f32, f32, 3, 16, 32);
  std::get<DataCopyCO12DstParams>(split.params).channelSplit = true;
  b.valid(split, "FIX950-2: isChannelSplit, float in 8-channel rows, dstStride in elements");
  b.valid(gm(Co2Layout::ROW_MAJOR, QuantMode::F322F16, f32, DType::half, 5, 20, 24),
          "FIX950-3/FIX-6: ROW_MAJOR F322F16, 5 rows of 20 halves 24 apart: ties, overflow, subnormals, inf, NaN");
  Case two = gm(Co2Layout::ROW_MAJOR, QuantMode::NoQuant, i32, i32, 3, 20, 24);
  two.fixpipe->ndNum = 2;
  two.fixpipe->srcNdStride = 33;  // C0_SIZE units: one 16-element group past the first matrix's 2 x 16 rows of 16
  two.fixpipe->dstNdStride = 80;
  b.valid(two, "FIX950-3: ROW_MAJOR ndNum 2, srcNdStride 33 in C0_SIZE (16-element) units, dstNdStride 80 elements");
  Case req = gm(Co2Layout::COLUMN_MAJOR, QuantMode::REQ8, i32, DType::int8_t, 4, 32, 4);
  req.fixpipe->quantScalar = encodeQuantParam(0.5F, 0, false, 3, true);
  b.valid(req, "FIX950-4/FIX-6: COLUMN_MAJOR (NZ2DN) REQ8 int32 -> int8: the transposed result, dstStride = mSize");
  Case dn = gm(Co2Layout::COLUMN_MAJOR, QuantMode::NoQuant, f32, f32, 5, 16, 8);
  dn.fixpipe->nz2dn = {2, 40, 100, 2};
  b.valid(dn, "FIX950-4: COLUMN_MAJOR dnNum 2, srcNzMatrixStride 40, dstDnMatrixStride 100, srcNzC0Stride 2 (fractal rows "
              "read two C0_SIZE apart), dstStride 8 > mSize");
  b.valid(gm(Co2Layout::COLUMN_MAJOR, QuantMode::NoQuant, f32, f32, 16, 32, 16),
          "FIX950-7: the vendor's fixpipe_l0c2gm scenario 3 layout at M 16, N 32: float, Nz2DnParams {1, 0, 0, 1}");
  Case vdeq = gm(Co2Layout::ROW_MAJOR, QuantMode::VDEQF16, i32, DType::half, 2, 16, 16);
  for (std::uint32_t n = 0; n < 16; ++n) {
    vdeq.fixpipe->quantTensor.push_back(encodeQuantParam(std::ldexp(1.0F, -static_cast<int>(n % 5)), 0, false, 0, false));
  }
  b.valid(vdeq, "FIX950-5: ROW_MAJOR VDEQF16, one power-of-two scale per column");
  Case nop = gm(Co2Layout::ROW_MAJOR, QuantMode::NoQuant, f32, f32, 2, 16, 16);
  nop.fixpipe->ndNum = 0;
  b.valid(nop, "FIX950-6/AMB-23: ndNum 0 is a NOP, nothing written (the page; the header asserts ndNum > 0)");
  Case relu = gm(Co2Layout::ROW_MAJOR, QuantMode::NoQuant, f32, f32, 2, 16, 16);
  std::get<DataCopyCO12DstParams>(relu.params).reluPre = 1;
  b.valid(relu, "FIX950-5/FIX-6: reluEn without quant: max(x, 0); -0.0 and NaN sources are ANY");

  const auto ub = [&](Co2Layout layout, DType t, std::uint16_t m, std::uint16_t n, std::uint32_t stride, std::uint8_t dual) {
    Case c = fix950(o, Position::VECOUT, layout, QuantMode::NoQuant, t, t, m, n, stride);
    c.fixpipe->dualDstCtl = dual;
    return c;
  };
  b.valid(ub(Co2Layout::ROW_MAJOR, f32, 4, 8, 8, 0), "FIX950-8: CO1->VECOUT ROW_MAJOR float, nSize*4 a multiple of 32");
  b.valid(ub(Co2Layout::NZ, i32, 3, 16, 64, 0), "FIX950-8: CO1->VECOUT NZ int32_t, dstStride 64 elements");
  b.valid(ub(Co2Layout::ROW_MAJOR, f32, 4, 16, 16, 1),
          "FIX950-10: dualDstCtl 1, the M split: rows 0..1 to the first UB, 2..3 to the second, each at the offset");
  b.valid(ub(Co2Layout::ROW_MAJOR, f32, 3, 32, 16, 2),
          "FIX950-11: dualDstCtl 2, the N split: columns 0..15 to the first UB, 16..31 to the second, dstStride N/2");
  b.valid(ub(Co2Layout::NZ, i32, 2, 32, 32, 2), "FIX950-11/AMB-32: the N split with NZ output");

  const auto fix = [&](const Case& base, const char* clause, const char* field, const char* comment, auto breakIt) {
    b.invalid(base, clause, field, "INVALID_FIX", comment, breakIt);
  };
  const Case plain = gm(Co2Layout::ROW_MAJOR, QuantMode::NoQuant, f32, f32, 2, 16, 16);
  fix(plain, "FIX950-1", "params.nz2ndEn", "FIX950-1: nz2ndEn is no field of FixpipeParamsArch3510",
      [](casefile::CaseData& d) { co12(d).nz2ndEn = true; });
  fix(plain, "FIX950-2", "params.dstStride", "FIX950-2: dstStride 0", [](casefile::CaseData& d) { co12(d).dstStride = 0; });
  const Case toUb = ub(Co2Layout::ROW_MAJOR, f32, 4, 16, 16, 0);
  fix(toUb, "FIX950-9", "fixpipe.dualDstCtl", "FIX950-9: dualDstCtl 3 is reserved",
      [](casefile::CaseData& d) { d.c.fixpipe->dualDstCtl = 3; });
  fix(ub(Co2Layout::ROW_MAJOR, f32, 4, 16, 16, 1), "FIX950-10", "params.mSize", "FIX950-10: the M split with mSize 3",
      [](casefile::CaseData& d) { co12(d).mSize = 3; });
  fix(toUb, "FIX950-8", "params.nSize", "FIX950-8: ROW_MAJOR to the UB with nSize 12: nSize*4 not a multiple of 32",
      [](casefile::CaseData& d) { co12(d).nSize = 12; });
}

// ---- FIX-8: DataCopy with DataCopyCO12DstParams on the 950 (the A2 list covers the rest, on every product) --------

// FIX950-13: toward L1, the vendor's fixpipe_l0c2l1 scenarios 1 and 2 (dav-3510: NZ, M = N = K = 128, srcStride 128,
// dstStride = M*C0 elements) and the UB's size rules.
void fix950L1Cases(Builder& b) {
  const auto& o = b.options();
  constexpr DType f32 = DType::float_;
  b.valid(fix950(o, Position::A1, Co2Layout::NZ, QuantMode::F322F16, f32, DType::half, 128, 128, 128 * 16),
          "FIX950-13: fixpipe_l0c2l1 scenario 1, F322F16 into L1 as NZ, dstStride 2048 elements");
  Case quant = fix950(o, Position::A1, Co2Layout::NZ, QuantMode::QF322B8_PRE, f32, DType::int8_t, 128, 128, 128 * 32);
  quant.fixpipe->quantScalar = encodeQuantParam(2.0F, 0, false, 0, true);
  b.valid(quant, "FIX950-13: fixpipe_l0c2l1 scenario 2, QF322B8_PRE scale 2 into L1 as NZ (C0d 32), dstStride 4096");
  b.valid(fix950(o, Position::A1, Co2Layout::ROW_MAJOR, QuantMode::NoQuant, f32, f32, 3, 8, 8),
          "FIX950-13: ROW_MAJOR float into L1 (a float result: refused by A2/A3's DataCopy CO1->A1, not here)");
  Case split = fix950(o, Position::A1, Co2Layout::NZ, QuantMode::NoQuant, f32, f32, 2, 16, 32);
  b.invalid(split, "FIX950-13", "params.channelSplit", "INVALID_FIX", "FIX950-13: isChannelSplit toward L1",
            [](casefile::CaseData& d) { co12(d).channelSplit = true; });
}

void fix8Cases(Builder& b) {
  if (b.options().product != Product::ascend950) return;  // appended last: no earlier vector of any set moves
  const auto& o = b.options();
  Case two = fix950(o, Position::GM, Co2Layout::NZ, QuantMode::NoQuant, DType::float_, DType::float_, 3, 20, 24);
  two.fixpipe->layout.reset();
  std::get<DataCopyCO12DstParams>(two.params).nz2ndEn = true;
  two.fixpipe->ndNum = 2;
  two.fixpipe->srcNdStride = 20;  // C0_SIZE units: matrix 0 spans 16 + 3 rows of 16 elements, one row spare
  two.fixpipe->dstNdStride = 80;
  b.valid(two, "FIX-8: nz2nd on the 950, SetFixpipeNz2ndFlag(2, 20, 80): srcNdStride counts C0_SIZE (16 L0C elements), "
               "not A2's 1024 bytes");
  Case wide = two;
  wide.fixpipe->srcNdStride = 600;  // past A2's 512
  wide.fixpipe->dstNdStride = 70000;  // past A2's uint16
  b.valid(wide, "FIX-8: the 950's register fields are whole: srcNdStride 600 and dstNdStride 70000 (both refused on A2/A3)");
  Case deq = fix950(o, Position::GM, Co2Layout::NZ, QuantMode::DEQF16, DType::int32_t, DType::half, 2, 16, 2);
  deq.fixpipe->layout.reset();
  deq.fixpipe->quantScalar = encodeQuantParam(4.0F, 0, false, 0, false);
  b.valid(deq, "FIX-6 (rev. 2026-12): DEQF16 x 4 of the int32 edges: products past the half range saturate to +-65504, "
               "never inf");
}

// ---- ND2NZUB: DataCopy ND2NZ GM->VECIN; DC-5 / ND2NZ-6: UB->L1 ------------------------------------------------------

void nd2nzUbCases(Builder& b, DType t) {
  const auto& o = b.options();
  // ND2NZUB-3/AMB-34: float rows on Atlas A2/A3 are 16 elements, 64 bytes: two blocks apart
  const bool wideFloat = t == DType::float_ && o.product != Product::ascend950;
  const auto c0 = static_cast<std::uint16_t>(wideFloat ? 16 : 32 / sizeBytes(t));
  const std::uint16_t rowBlocks = wideFloat ? 2 : 1;
  const auto nd = [&](Nd2NzParams p) { return baseCase(o, Api::DataCopy, Position::GM, Position::VECIN, t, p); };
  const auto d2 = static_cast<std::uint16_t>(2 * c0);
  b.valid(nd({1, 3, d2, 0, static_cast<std::uint16_t>(d2 + 5), static_cast<std::uint16_t>(4 * rowBlocks), rowBlocks, 0}),
          "ND2NZUB-3: 3 rows of two column blocks, source rows 5 elements longer, a KEEP row after each column block");
  b.valid(nd({1, 2, static_cast<std::uint16_t>(c0 + 3), 0, static_cast<std::uint16_t>(c0 + 3),
              static_cast<std::uint16_t>(2 * rowBlocks), rowBlocks, 0}),
          "ND2NZUB-4: dValue C0 + 3: the last column block's row tail is ANY (0 or the pad call's dummy)");
  b.invalid(nd({1, 2, d2, 0, d2, static_cast<std::uint16_t>(2 * rowBlocks), rowBlocks, 0}), "ND2NZUB-3",
            "params.srcNdMatrixStride", "INVALID_ND2NZ",
            "ND2NZUB-3/AMB-33: srcNdMatrixStride with one matrix: the emulation adds it once to the matrix",
            [&](casefile::CaseData& d) { std::get<Nd2NzParams>(d.c.params).srcNdMatrixStride = d2; });
}

void nd2nzUbVendorCase(Builder& b) {
  b.valid(baseCase(b.options(), Api::DataCopy, Position::GM, Position::VECIN, DType::half, Nd2NzParams{1, 32, 32, 0, 32, 32, 1, 0}),
          "ND2NZUB-6: the vendor's nd2nz_during_data_movement parameters: half 32 x 32 into two NZ column blocks");
}

void ubToL1Cases(Builder& b, DType t) {
  const auto& o = b.options();
  const std::uint32_t s = sizeBytes(t);
  b.valid(baseCase(o, Api::DataCopy, Position::VECIN, Position::A1, t, DataCopyParams{2, 1, 1, 1}),
          "DC-5: UB->L1 0-level, two 32-byte blocks, one block of stride on each side");
  b.valid(baseCase(o, Api::DataCopy, Position::VECOUT, Position::B1, t, CalCount{40 / s + 1}),
          "DC-5/DC-3: UB->L1 2-level, calCount*s not a multiple of 32: the remainder is dropped");
  const auto c0 = static_cast<std::uint16_t>(32 / s);
  const auto d2 = static_cast<std::uint16_t>(2 * c0);
  b.valid(baseCase(o, Api::DataCopy, Position::VECIN, Position::TSCM, t, Nd2NzParams{1, 4, d2, 0, d2, 4, 1, 0}),
          "ND2NZ-6/7: the emulated UB->L1 ND2NZ, 4 rows of two column blocks, a layout every route places alike");
}

// ---- DN2NZ: DataCopy with Dn2NzParams GM->A1 (Ascend 950) -----------------------------------------------------------

void dn2nzCases(Builder& b, DType t) {
  const auto& o = b.options();
  const std::uint32_t c0 = 32 / sizeBytes(t);
  const auto dn = [&](Dn2NzParams p) { return baseCase(o, Api::DataCopy, Position::GM, Position::A1, t, p); };
  b.valid(dn({1, 3, c0 + 3, 0, 5, 4, 1, c0, false}),
          "DN2NZ-1: 3 columns of C0 + 3, the source's D stride 5 elements: the d tail of the second block is zero-filled");
  b.valid(dn({2, 2, c0, 2 * c0 * 5, 5, 2, 1, 4 * c0, false}),
          "DN2NZ-1: 2 matrices, the source's matrix stride 2*C0 rows of 5, the destination's 4 rows of C0 (KEEP between)");
  b.valid(dn({1, 4, 3, 0, 4, 1, 1, c0, true}), "DN2NZ-3: enableSmallC0 with dValue 3: rows of 4 elements, column 3 zero");
  b.invalid(dn({1, 3, c0, 0, 3, 1, 1, c0, false}), "DN2NZ-2", "params.srcDValue", "INVALID_DN2NZ", "DN2NZ-2: srcDValue 0",
            [](casefile::CaseData& d) { std::get<Dn2NzParams>(d.c.params).srcDValue = 0; });
}

// ---- NDDMA: DataCopy GM->VECIN with NdDmaParams ---------------------------------------------------------------------

NdDmaParams ndDma(std::uint8_t dim, std::array<std::uint64_t, 5> src, std::array<std::uint32_t, 5> dst,
                  std::array<std::uint32_t, 5> size, std::array<std::uint8_t, 5> lp = {}, std::array<std::uint8_t, 5> rp = {}) {
  NdDmaParams p;
  p.dim = dim;
  p.loopSrcStride = src;
  p.loopDstStride = dst;
  p.loopSize = size;
  p.loopLpSize = lp;
  p.loopRpSize = rp;
  return p;
}

void nddmaCases(Builder& b, DType t) {
  const auto& o = b.options();
  const std::uint32_t s = sizeBytes(t);
  const auto dma = [&](NdDmaParams p) { return baseCase(o, Api::DataCopy, Position::GM, Position::VECIN, t, p); };
  NdDmaParams padded = ndDma(2, {1, 7}, {1, 9}, {5, 3}, {1, 1}, {3, 1});
  padded.constantValue = padBitsOf(0x5A6B7C8D, s);
  b.valid(dma(padded), "NDDMA-3: 2 dimensions, 5 x 3 elements with pads 1/3 and 1/1 in constant mode, rows 9 apart");
  if (s != 8) {
    NdDmaParams nearest = padded;
    nearest.isNearestValueMode = true;
    b.valid(dma(nearest), "NDDMA-3: the same in nearest-value mode: every pad takes its dimension's nearest element");
  }
  b.valid(dma(ndDma(2, {1, 4}, {3, 1}, {4, 3})), "NDDMA-3: a transpose, source rows of 4 into destination columns of 3");
  b.valid(dma(ndDma(2, {1, 0}, {1, 8}, {8, 3})), "NDDMA-3: loopSrcStride 0: one row of 8 broadcast into 3 rows");
  b.valid(dma(ndDma(5, {1, 3, 7, 15, 31}, {1, 2, 4, 8, 16}, {2, 2, 2, 2, 2}, {0, 0, 0, 0, 1}, {})),
          "NDDMA-2/3: all 5 dimensions, 2 elements each, a left pad on the outermost");
  b.valid(dma(ndDma(2, {1, 5}, {1, 0}, {4, 2})), "NDDMA-4: loopDstStride 0 over 2 rows: both write the same elements, ANY");
  const NdDmaParams plain = ndDma(2, {1, 4}, {1, 4}, {4, 2});
  b.invalid(dma(plain), "NDDMA-2", "params.dim", "INVALID_OTHER", "NDDMA-2: dim 6",
            [](casefile::CaseData& d) { std::get<NdDmaParams>(d.c.params).dim = 6; });
  b.invalid(dma(plain), "NDDMA-2", "params.loopSize[1]", "INVALID_OTHER", "NDDMA-2/AMB-37: loopSize 0 on dimension 1",
            [](casefile::CaseData& d) { std::get<NdDmaParams>(d.c.params).loopSize[1] = 0; });
  b.invalid(dma(plain), "NDDMA-4", "params.loopDstStride[1]", "INVALID_OTHER",
            "NDDMA-4/AMB-36: ascending loopDstStride {1, 3} under rows of 4: the loops interleave",
            [](casefile::CaseData& d) { std::get<NdDmaParams>(d.c.params).loopDstStride[1] = 3; });
}

// ---- BRC: BroadCastVecToMM VECIN/VECOUT->CO1 (Atlas inference) ------------------------------------------------------

void broadcastCases(Builder& b, DType t) {
  const auto& o = b.options();
  const auto brc = [&](Position src, BroadCastVecToMMParams p) { return baseCase(o, Api::BroadCastVecToMM, src, Position::CO1, t, p); };
  b.valid(brc(Position::VECIN, {1, 1, 0, 0}), "BRC-3: one row of 16 elements into every row of one 16 x 16 fractal");
  b.valid(brc(Position::VECOUT, {2, 2, 1, 1}),
          "BRC-3/4: 2 blocks of 2 rows, source blocks a data block apart, a KEEP fractal between the destination blocks");
  b.invalid(brc(Position::VECIN, {1, 1, 0, 0}), "BRC-2", "params.blockCount", "INVALID_BLOCKCOUNT", "BRC-2: blockCount 256",
            [](casefile::CaseData& d) { std::get<BroadCastVecToMMParams>(d.c.params).blockCount = 256; });
}

void broadcastVendorCase(Builder& b) {
  b.valid(baseCase(b.options(), Api::BroadCastVecToMM, Position::VECIN, Position::CO1, DType::float_,
                   BroadCastVecToMMParams{1, 1, 0, 1}),
          "BRC-5: the vendor's broadcast_ub2l0c parameters: float, blockCount 1, blockLen 1, srcGap 0, dstGap 1");
}

}  // namespace

void addBeyondSeedDrafts(Builder& b) {
  for (const DType t : {DType::uint8_t, DType::half, DType::float_, DType::int64_t}) {
    compactCases(b, t);
    loopCases(b, t);
    nddmaCases(b, t);
    ubToL1Cases(b, t);
    if (t != DType::int64_t) dn2nzCases(b, t);  // DN2NZ-4: no 8-byte T
    if (t != DType::int64_t) nd2nzUbCases(b, t);  // ND2NZUB-1: no 8-byte T
  }
  compactVendorCase(b);
  loopVendorCases(b);
  nd2nzUbVendorCase(b);
  for (const DType t : {DType::int8_t, DType::int16_t, DType::int32_t, DType::half, DType::bfloat16_t, DType::float_}) {
    atomicCases(b, t);
  }
  atomicInvalidCase(b);
  fix950Cases(b);
  for (const DType t : {DType::half, DType::float_, DType::int32_t}) broadcastCases(b, t);
  broadcastVendorCase(b);
  fix950L1Cases(b);
  fix8Cases(b);
}

}  // namespace dcconf::vectors::detail::curated
