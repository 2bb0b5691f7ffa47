// Shared by the FIX (fixpipe.asc, dav-2201) and FIX950 (fixpipe950.asc, dav-3510) kernels. NOT COMPILED HERE: see
// common.h. The (U, T) pairs FIX-4 documents, QuantMode_t by name, and the L0C preload: L0C cannot be written from
// GM, so the source buffer holds Mmad operands the host built (host/fixpipe_host.cpp, layout in dcconf_cann_tiling.h):
// A (rows x 32 bytes, int8 for int32_t U, half for float U) and B (a K0 x 16 identity fractal). GM -> A1/B1 as whole
// blocks, A1 -> A2 and B1 -> B2 with LoadData (no transpose: the host wrote A as L0A's ZZ rows and B as L0B's ZN
// fractal), then Mmad(m = rows, n = 16, k = K0) with the accumulator initialised to 0: L0C row r = source elements
// 16r..16r+15, i.e. the source buffer byte for byte (exact for the sources the host lets through). Cube core only.
#ifndef DCCONF_CANN_KERNELS_FIXPIPE_L0C_H
#define DCCONF_CANN_KERNELS_FIXPIPE_L0C_H

#include "common.h"

namespace dcconf_cann {

// The L0C preload's buffers (allocated from the caller's TPipe).
struct L0cPreload {
  AscendC::TBuf<AscendC::TPosition::A1> aL1;
  AscendC::TBuf<AscendC::TPosition::B1> bL1;
  AscendC::TBuf<AscendC::TPosition::A2> aL0;
  AscendC::TBuf<AscendC::TPosition::B2> bL0;
  AscendC::TBuf<AscendC::TPosition::CO1> l0c;
};

// FIX-4 conversions: U float -> T uint8/int8/half/bfloat16/float; U int32_t -> T uint8/int8/half/int16/int32. The
// vendor headers static_assert the pairs, so no other pair is instantiated.
template <typename U, typename T>
__aicore__ constexpr bool FixPairDocumented() {
  using AscendC::IsSameType;
  const bool both = IsSameType<T, uint8_t>::value || IsSameType<T, int8_t>::value || IsSameType<T, half>::value;
  if (IsSameType<U, float>::value) {
    return both || IsSameType<T, bfloat16_t>::value || IsSameType<T, float>::value;
  }
  if (IsSameType<U, int32_t>::value) {
    return both || IsSameType<T, int16_t>::value || IsSameType<T, int32_t>::value;
  }
  return false;
}

// The dtype code T stands for (DCCONF_CANN_DISPATCH maps fp4x2 to uint8_t and double to uint64_t: not FIX types).
template <typename T>
__aicore__ constexpr uint8_t FixDTypeCode() {
  using AscendC::IsSameType;
  return IsSameType<T, int8_t>::value       ? DCCONF_CANN_DT_INT8
         : IsSameType<T, uint8_t>::value    ? DCCONF_CANN_DT_UINT8
         : IsSameType<T, int16_t>::value    ? DCCONF_CANN_DT_INT16
         : IsSameType<T, int32_t>::value    ? DCCONF_CANN_DT_INT32
         : IsSameType<T, half>::value       ? DCCONF_CANN_DT_HALF
         : IsSameType<T, bfloat16_t>::value ? DCCONF_CANN_DT_BFLOAT16
         : IsSameType<T, float>::value      ? DCCONF_CANN_DT_FLOAT
                                            : 0;
}

// QuantMode_t by name (the block stores the documented enum order, pinned host-side in codec.cpp; the vendor's
// numeric values are not assumed).
__aicore__ inline QuantMode_t ToQuantMode(uint8_t code) {
  switch (code) {
    case DCCONF_CANN_QUANT_F322F16: return QuantMode_t::F322F16;
    case DCCONF_CANN_QUANT_F322BF16: return QuantMode_t::F322BF16;
    case DCCONF_CANN_QUANT_DEQF16: return QuantMode_t::DEQF16;
    case DCCONF_CANN_QUANT_VDEQF16: return QuantMode_t::VDEQF16;
    case DCCONF_CANN_QUANT_QF322B8_PRE: return QuantMode_t::QF322B8_PRE;
    case DCCONF_CANN_QUANT_VQF322B8_PRE: return QuantMode_t::VQF322B8_PRE;
    case DCCONF_CANN_QUANT_REQ8: return QuantMode_t::REQ8;
    case DCCONF_CANN_QUANT_VREQ8: return QuantMode_t::VREQ8;
    default: return QuantMode_t::NoQuant;
  }
}
__aicore__ inline bool IsScalarQuant(uint8_t code) {
  return code == DCCONF_CANN_QUANT_DEQF16 || code == DCCONF_CANN_QUANT_QF322B8_PRE || code == DCCONF_CANN_QUANT_REQ8;
}
__aicore__ inline bool IsVectorQuant(uint8_t code) {
  return code == DCCONF_CANN_QUANT_VDEQF16 || code == DCCONF_CANN_QUANT_VQF322B8_PRE || code == DCCONF_CANN_QUANT_VREQ8;
}

// L0C = A x identity; returns the whole L0C staging buffer as U.
// @post L0C bytes [0, srcDeviceBytes) equal the vector's source wherever the host placed an element exactly.
template <typename U>
__aicore__ inline AscendC::LocalTensor<U> LoadL0cByMmad(const DcconfCannTiling& t, GM_ADDR srcGm, AscendC::TPipe& pipe,
                                                        L0cPreload& s) {
  using Operand = typename AscendC::Conditional<AscendC::IsSameType<U, int32_t>::value, int8_t, half>::type;
  const uint32_t l0cBytes = DCCONF_CANN_FIX_L0C_BYTES(t.srcDeviceBytes);
  const uint32_t rows = l0cBytes / DCCONF_CANN_FIX_ROW_BYTES;
  const uint32_t aBytes = rows * DCCONF_CANN_BLOCK_BYTES;  // one 32-byte K0 row per L0C row
  pipe.InitBuffer(s.aL1, aBytes);
  pipe.InitBuffer(s.bL1, DCCONF_CANN_FIX_IDENTITY_BYTES);
  pipe.InitBuffer(s.aL0, aBytes);
  pipe.InitBuffer(s.bL0, DCCONF_CANN_FIX_IDENTITY_BYTES);
  pipe.InitBuffer(s.l0c, l0cBytes);
  StageIn(s.aL1.Get<uint8_t>(), srcGm, aBytes);
  StageIn(s.bL1.Get<uint8_t>(), srcGm + aBytes, DCCONF_CANN_FIX_IDENTITY_BYTES);
  AllDone();
  AscendC::LoadData2DParams load;  // one 512-byte fractal per repeat, consecutive on both sides
  load.startIndex = 0;
  load.repeatTimes = static_cast<uint8_t>(rows / 16);  // <= 128 fractals for a 128 KiB L0C
  load.srcStride = 1;
  load.dstGap = 0;
  load.ifTranspose = false;
  AscendC::LoadData(s.aL0.Get<Operand>(), s.aL1.Get<Operand>(), load);
  load.repeatTimes = 1;
  AscendC::LoadData(s.bL0.Get<Operand>(), s.bL1.Get<Operand>(), load);
  AllDone();
  AscendC::MmadParams mm;
  mm.m = static_cast<uint16_t>(rows);  // >= 16: never the m == 1 GEMV form
  mm.n = 16;
  mm.k = static_cast<uint16_t>(DCCONF_CANN_BLOCK_BYTES / sizeof(Operand));  // K0: the whole fractal column
  mm.cmatrixSource = false;
  mm.cmatrixInitVal = true;  // start from 0, do not accumulate onto L0C's old content
  AscendC::LocalTensor<U> c = s.l0c.Get<U>();
  AscendC::Mmad(c, s.aL0.Get<Operand>(), s.bL0.Get<Operand>(), mm);
  AllDone();
  return c;
}

}  // namespace dcconf_cann

#endif  // DCCONF_CANN_KERNELS_FIXPIPE_L0C_H
