// Shared by every dcconf CANN kernel (docs/cann.md). NOT COMPILED HERE: written against the Ascend C API as the
// vendor's open asc-devkit headers and examples document it (GlobalTensor / LocalTensor / TPipe / TBuf, DataCopy,
// DataCopyPad, SetPadValue, SetFlag / WaitFlag); build it with runners/cann/CMakeLists.txt where CANN is installed.
//
// Every kernel: one block (one core; UB->TSCM one AIC + one AIV; FIX950 CO1->UB and the dav-3510 UB->L1 DataCopy one
// AIC + two AIVs, operands.h UbToL1), one vector. It reads the tiling block from GM (dcconf_cann_tiling.h), answers a
// status word, and runs exactly the call the block describes with every parameter taken from the block at run time. An
// on-chip destination is first loaded whole from the GM destination buffer (the vector's dst.bin plus the
// guard-filled rounding and tail), the call writes into it at dst.offset, and the whole staging buffer is copied
// back unchanged, so every destination byte (data, pads, dummy, KEEP, guards) is observable on the host. An on-chip
// source is staged the same way from the GM source buffer.
#ifndef DCCONF_CANN_KERNELS_COMMON_H
#define DCCONF_CANN_KERNELS_COMMON_H

#include "kernel_operator.h"
#include "dcconf_cann_tiling.h"

namespace dcconf_cann {

// The block, copied word by word with scalar GM loads; false when it is not a block of this version.
__aicore__ inline bool LoadTiling(GM_ADDR tilingGm, DcconfCannTiling& t) {
  __gm__ const uint32_t* words = reinterpret_cast<__gm__ const uint32_t*>(tilingGm);
  uint32_t* out = reinterpret_cast<uint32_t*>(&t);
  for (uint32_t i = 0; i < sizeof(DcconfCannTiling) / sizeof(uint32_t); ++i) out[i] = words[i];
  return t.magic == DCCONF_CANN_TILING_MAGIC && t.version == DCCONF_CANN_TILING_VERSION &&
         t.sizeBytes == sizeof(DcconfCannTiling);
}

// The status word the host checks; flushed from the scalar cache so the host's copy-out sees it.
__aicore__ inline void WriteStatus(GM_ADDR statusGm, uint32_t status) {
  AscendC::GlobalTensor<uint32_t> word;
  word.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(statusGm), DCCONF_CANN_BLOCK_BYTES / sizeof(uint32_t));
  word.SetValue(0, status);
  AscendC::DataCacheCleanAndInvalid<uint32_t, AscendC::CacheLine::SINGLE_CACHE_LINE, AscendC::DcciDst::CACHELINE_OUT>(
      word);
}

// A GM operand starting at any byte offset of its buffer (GM_UNALIGNED vectors start off the element grid too).
template <typename T>
__aicore__ inline AscendC::GlobalTensor<T> GmAt(GM_ADDR base, uint32_t offsetBytes, uint32_t sizeBytes) {
  AscendC::GlobalTensor<T> g;
  g.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(base + offsetBytes), (sizeBytes - offsetBytes) / sizeof(T));
  return g;
}

// Whole 32-byte blocks between a GM buffer and an on-chip staging buffer, as bytes (MTE2 in, MTE3 out).
__aicore__ inline void StageIn(const AscendC::LocalTensor<uint8_t>& local, GM_ADDR gm, uint32_t deviceBytes) {
  AscendC::GlobalTensor<uint8_t> g;
  g.SetGlobalBuffer(reinterpret_cast<__gm__ uint8_t*>(gm), deviceBytes);
  AscendC::DataCopyParams whole{1, static_cast<uint16_t>(deviceBytes / DCCONF_CANN_BLOCK_BYTES), 0, 0};
  AscendC::DataCopy(local, g, whole);
}
__aicore__ inline void StageOut(GM_ADDR gm, const AscendC::LocalTensor<uint8_t>& local, uint32_t deviceBytes) {
  AscendC::GlobalTensor<uint8_t> g;
  g.SetGlobalBuffer(reinterpret_cast<__gm__ uint8_t*>(gm), deviceBytes);
  AscendC::DataCopyParams whole{1, static_cast<uint16_t>(deviceBytes / DCCONF_CANN_BLOCK_BYTES), 0, 0};
  AscendC::DataCopy(g, local, whole);
}

// MTE2 (GM in) must finish before MTE3 (out) reads what it wrote; PIPE_ALL between the call and the copy back keeps
// the call's own pipe (MTE2, MTE3 or FIX) ordered before it whatever path it took.
__aicore__ inline void InToOut() {
  AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE3>(EVENT_ID0);
  AscendC::WaitFlag<AscendC::HardEvent::MTE2_MTE3>(EVENT_ID0);
}
__aicore__ inline void AllDone() { AscendC::PipeBarrier<PIPE_ALL>(); }

// The element type T of a dtype code, for the templated bodies. double and the fp4x2 pairs move as raw bytes of
// their width (uint64_t / uint8_t), which is all a data move does with them (ND2NZ-5, DN2NZ-4).
#define DCCONF_CANN_DISPATCH(dtypeCode, Body, ...)                                     \
  switch (dtypeCode) {                                                               \
    case DCCONF_CANN_DT_INT8: Body<int8_t>(__VA_ARGS__); break;                      \
    case DCCONF_CANN_DT_UINT8: Body<uint8_t>(__VA_ARGS__); break;                    \
    case DCCONF_CANN_DT_INT16: Body<int16_t>(__VA_ARGS__); break;                    \
    case DCCONF_CANN_DT_UINT16: Body<uint16_t>(__VA_ARGS__); break;                  \
    case DCCONF_CANN_DT_INT32: Body<int32_t>(__VA_ARGS__); break;                    \
    case DCCONF_CANN_DT_UINT32: Body<uint32_t>(__VA_ARGS__); break;                  \
    case DCCONF_CANN_DT_INT64: Body<int64_t>(__VA_ARGS__); break;                    \
    case DCCONF_CANN_DT_UINT64: Body<uint64_t>(__VA_ARGS__); break;                  \
    case DCCONF_CANN_DT_HALF: Body<half>(__VA_ARGS__); break;                        \
    case DCCONF_CANN_DT_BFLOAT16: Body<bfloat16_t>(__VA_ARGS__); break;              \
    case DCCONF_CANN_DT_FLOAT: Body<float>(__VA_ARGS__); break;                      \
    case DCCONF_CANN_DT_DOUBLE: Body<uint64_t>(__VA_ARGS__); break;                  \
    case DCCONF_CANN_DT_FP4X2_E2M1:                                                  \
    case DCCONF_CANN_DT_FP4X2_E1M2: Body<uint8_t>(__VA_ARGS__); break;               \
    default: status = DCCONF_CANN_STATUS_BAD_DTYPE; break;                           \
  }

// Raw bits -> T (the pad register and DataCopyPadExtParams<T>::paddingValue carry T's bits in the low bytes).
template <typename T>
__aicore__ inline T FromBits(uint64_t bits) {
  T value;
  uint8_t* out = reinterpret_cast<uint8_t*>(&value);
  for (uint32_t b = 0; b < sizeof(T); ++b) out[b] = static_cast<uint8_t>(bits >> (8 * b));
  return value;
}

__aicore__ inline bool IsUb(uint8_t pos) {
  return pos == DCCONF_CANN_POS_VECIN || pos == DCCONF_CANN_POS_VECOUT || pos == DCCONF_CANN_POS_CO2;
}
__aicore__ inline bool IsL1(uint8_t pos) {
  return pos == DCCONF_CANN_POS_A1 || pos == DCCONF_CANN_POS_B1 || pos == DCCONF_CANN_POS_TSCM;
}

// On-chip staging buffers of one kernel, allocated from TPipe at the positions the call names.
struct Staging {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECIN> ubSrc;
  AscendC::TBuf<AscendC::TPosition::VECOUT> ubDst;
  AscendC::TBuf<AscendC::TPosition::A1> l1Dst;
};

#if DCCONF_CANN_L1_READBACK
// L1 -> GM for the readback of an L1 destination. Not confirmed against the documents for dav-2201 (the documented
// DataCopy paths end in L1): enable only after checking it on the target (docs/cann.md, "L1 destinations").
__aicore__ inline void L1ToGm(GM_ADDR gm, const AscendC::LocalTensor<uint8_t>& l1, uint32_t deviceBytes) {
  StageOut(gm, l1, deviceBytes);
}
#endif

}  // namespace dcconf_cann

// Each kernel entry: check the block, that this entry takes its family and destination (dstTaken, an expression on
// t: the host's launch table, host/device.cpp kernelEntries, routes the same way), then the templated body; the
// status word last. coreType is KERNEL_TASK_TYPE_DEFAULT(...): the vendor's impl headers run each copy only on its
// own core (`if ASCEND_IS_AIC` / `if ASCEND_IS_AIV`) and skip it on the other, so an entry on the wrong core would
// silently do nothing (docs/cann.md, "Core types").
#define DCCONF_CANN_KERNEL_ON(entryName, familyCode, dstTaken, Body, coreType)                            \
  extern "C" __global__ __aicore__ void entryName(GM_ADDR tilingGm, GM_ADDR srcGm, GM_ADDR dstGm,           \
                                                  GM_ADDR auxGm, GM_ADDR statusGm) {                        \
    coreType;                                                                                               \
    DcconfCannTiling t;                                                                                     \
    uint32_t status = DCCONF_CANN_STATUS_OK;                                                                \
    if (!dcconf_cann::LoadTiling(tilingGm, t)) {                                                            \
      status = DCCONF_CANN_STATUS_BAD_TILING;                                                               \
    } else if (t.family != (familyCode)) {                                                                  \
      status = DCCONF_CANN_STATUS_BAD_FAMILY;                                                               \
    } else if (!(dstTaken)) {                                                                               \
      status = DCCONF_CANN_STATUS_BAD_PATH;                                                                 \
    } else {                                                                                                \
      DCCONF_CANN_DISPATCH(t.dtype, Body, t, srcGm, dstGm, auxGm, status)                                   \
    }                                                                                                       \
    dcconf_cann::AllDone();                                                                                 \
    dcconf_cann::WriteStatus(statusGm, status);                                                             \
  }
// dstTaken: every destination of the family, or one side of a family split across cores (GM -> A1/B1 on the cube
// core, UB destinations on the vector core, UB -> A1/B1/TSCM on both: host/device.cpp entryTakes, DstSide).
#define DCCONF_CANN_DST_ANY true
#define DCCONF_CANN_DST_L1 (dcconf_cann::IsL1(t.dstPos) && !dcconf_cann::IsUb(t.srcPos))
#define DCCONF_CANN_DST_NOT_L1 !dcconf_cann::IsL1(t.dstPos)
#define DCCONF_CANN_UB_TO_L1 (dcconf_cann::IsL1(t.dstPos) && dcconf_cann::IsUb(t.srcPos))
// coreType (host/device.hpp DcconfCannCoreType): vector only (UB), cube only (L1, L0, FIX), one of each (UB->TSCM
// DataCopyPad), or one AIC and two AIVs (FIX950 CO1->UB; the dav-3510 UB -> L1 DataCopy: a kernel type other than
// MIX 1:1 leaves __MIX_CORE_AIC_RATION__ undefined, which selects the vendor's direct copy_ubuf_to_cbuf).
#define DCCONF_CANN_AIV KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY)
#define DCCONF_CANN_AIC KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY)
#define DCCONF_CANN_MIX KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_1)
// one AIC and both AIVs; KERNEL_TYPE_MIX_AIC_1_2 is in impl/basic_api/utils/kernel_utils_macros.h line 94 (asc-devkit
// 82b89a15f)
#define DCCONF_CANN_MIX_1_2 KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2)

#endif  // DCCONF_CANN_KERNELS_COMMON_H
