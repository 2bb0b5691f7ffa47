// The operands of one call, staged as common.h describes: a GM operand is a GlobalTensor at its byte offset, an
// on-chip one a LocalTensor at its offset inside a staging buffer that holds the whole device buffer. NOT COMPILED
// HERE (see common.h).
#ifndef DCCONF_CANN_KERNELS_OPERANDS_H
#define DCCONF_CANN_KERNELS_OPERANDS_H

#include "common.h"

namespace dcconf_cann {

template <typename T>
struct Operands {
  Staging s;
  bool srcOnGm = true;
  bool dstOnGm = true;
  AscendC::GlobalTensor<T> srcG, dstG;
  AscendC::LocalTensor<T> srcL, dstL;
  AscendC::LocalTensor<uint8_t> dstBytes;
  uint8_t dstPos = 0;

  // false (status set) when this build cannot observe the destination.
  __aicore__ inline bool Admit(const DcconfCannTiling& t, uint32_t& status) {
    srcOnGm = t.srcPos == DCCONF_CANN_POS_GM;
    dstOnGm = t.dstPos == DCCONF_CANN_POS_GM;
    dstPos = t.dstPos;
#if !DCCONF_CANN_L1_READBACK
    if (IsL1(t.dstPos)) {
      status = DCCONF_CANN_STATUS_BAD_PATH;  // the host skips these vectors unless the readback is enabled
      return false;
    }
#endif
    return true;
  }

  // The source: a GM tensor at its offset, or the whole device buffer staged on chip.
  __aicore__ inline void PrepareSrc(const DcconfCannTiling& t, GM_ADDR srcGm) {
    if (srcOnGm) {
      srcG = GmAt<T>(srcGm, t.srcOffsetBytes, t.srcDeviceBytes);
      return;
    }
    s.pipe.InitBuffer(s.ubSrc, t.srcDeviceBytes);
    AscendC::LocalTensor<uint8_t> srcBytes = s.ubSrc.template Get<uint8_t>();
    StageIn(srcBytes, srcGm, t.srcDeviceBytes);
    srcL = srcBytes.template ReinterpretCast<T>()[t.srcOffsetBytes / sizeof(T)];
  }

  // An on-chip destination's staging buffer, allocated but not loaded (the mixed UB->TSCM entry loads it on the AIC).
  __aicore__ inline void AllocDst(const DcconfCannTiling& t, GM_ADDR dstGm) {
    if (dstOnGm) {
      dstG = GmAt<T>(dstGm, t.dstOffsetBytes, t.dstDeviceBytes);
      return;
    }
    if (IsL1(t.dstPos)) {
      s.pipe.InitBuffer(s.l1Dst, t.dstDeviceBytes);
      dstBytes = s.l1Dst.template Get<uint8_t>();
    } else {
      s.pipe.InitBuffer(s.ubDst, t.dstDeviceBytes);
      dstBytes = s.ubDst.template Get<uint8_t>();
    }
    dstL = dstBytes.template ReinterpretCast<T>()[t.dstOffsetBytes / sizeof(T)];
  }
  __aicore__ inline void LoadDst(const DcconfCannTiling& t, GM_ADDR dstGm) {
    if (!dstOnGm) StageIn(dstBytes, dstGm, t.dstDeviceBytes);  // the vector's dst.bin and the guard bytes
  }

  // Everything on the one core the entry runs on; false (status set) when the destination is not observable.
  __aicore__ inline bool Prepare(const DcconfCannTiling& t, GM_ADDR srcGm, GM_ADDR dstGm, uint32_t& status) {
    if (!Admit(t, status)) return false;
    PrepareSrc(t, srcGm);
    AllocDst(t, dstGm);
    LoadDst(t, dstGm);
    AllDone();  // staging complete before the call, whichever pipe the call uses
    return true;
  }

  // The whole staging buffer back to the GM destination, unchanged.
  __aicore__ inline void Finish(const DcconfCannTiling& t, GM_ADDR dstGm) {
    AllDone();
    if (dstOnGm) return;
#if DCCONF_CANN_L1_READBACK
    if (IsL1(dstPos)) {
      L1ToGm(dstGm, dstBytes, t.dstDeviceBytes);
      return;
    }
#endif
    StageOut(dstGm, dstBytes, t.dstDeviceBytes);
  }
};

// ATOM-2: the element types SetAtomicAdd/Max/Min<T> take: half, float, int16_t, int32_t, int8_t, bfloat16_t in both
// SupportType lists (asc-devkit impl/basic_api/dav_c220/kernel_operator_set_atomic_impl.h lines 53-94, ASCENDC_ASSERT;
// impl/basic_api/dav_3510/kernel_operator_set_atomic_impl.h lines 23-167, static_assert: another T does not compile
// there, so no other T is instantiated and the kernel answers BAD_DTYPE; the host skips those vectors first).
template <typename A, typename B> struct SameType { static constexpr bool value = false; };
template <typename A> struct SameType<A, A> { static constexpr bool value = true; };
template <typename T>
constexpr bool kAtomicType = SameType<T, half>::value || SameType<T, float>::value || SameType<T, int16_t>::value ||
                             SameType<T, int32_t>::value || SameType<T, int8_t>::value ||
                             SameType<T, bfloat16_t>::value;

// ATOM-1/3 (docs/semantics.md 2c): the DMA atomic state of the copy to GM that follows, from the block's atomicOp:
// SetAtomicAdd<T>() / SetAtomicMax<T>() / SetAtomicMin<T>() now, SetAtomicNone() when the scope ends (asc-devkit
// include/basic_api/kernel_operator_set_atomic_intf.h lines 36-50, which declares DisableDmaAtomic() too and calls
// it SetAtomicNone's new name; the vendor's examples use SetAtomicNone). The caller waits for its copy (AllDone)
// before the scope ends. UNCONFIRMED on a device: that the state needs no pipe barrier between the Set call and the
// MTE3 copy (the vendor's examples call them back to back).
template <typename T>
struct AtomicScope {
  bool on = false;
  bool ok = true;
  __aicore__ inline AtomicScope(const DcconfCannTiling& t, uint32_t& status) {
    if (t.atomicOp == DCCONF_CANN_ATOMIC_NONE) return;
    if constexpr (!kAtomicType<T>) {
      ok = false;
      status = DCCONF_CANN_STATUS_BAD_DTYPE;
    } else {
      on = true;
      switch (t.atomicOp) {
        case DCCONF_CANN_ATOMIC_ADD: AscendC::SetAtomicAdd<T>(); break;
        case DCCONF_CANN_ATOMIC_MAX: AscendC::SetAtomicMax<T>(); break;
        case DCCONF_CANN_ATOMIC_MIN: AscendC::SetAtomicMin<T>(); break;
        default:
          on = false;
          ok = false;
          status = DCCONF_CANN_STATUS_BAD_TILING;
          break;
      }
    }
  }
  __aicore__ inline ~AtomicScope() {
    if (on) AscendC::SetAtomicNone();
  }
};

__aicore__ inline AscendC::DataCopyParams ToParams(const DcconfCannDataCopyParams& p) {
  return AscendC::DataCopyParams{p.blockCount, p.blockLen, p.srcStride, p.dstStride};
}
__aicore__ inline AscendC::DataCopyExtParams ToParams(const DcconfCannDataCopyExtParams& p) {
  return AscendC::DataCopyExtParams{p.blockCount, p.blockLen, p.srcStride, p.dstStride, p.rsv};
}
__aicore__ inline AscendC::Nd2NzParams ToParams(const DcconfCannNd2NzParams& p) {
  AscendC::Nd2NzParams out;
  out.ndNum = p.ndNum;
  out.nValue = p.nValue;
  out.dValue = p.dValue;
  out.srcNdMatrixStride = p.srcNdMatrixStride;
  out.srcDValue = p.srcDValue;
  out.dstNzC0Stride = p.dstNzC0Stride;
  out.dstNzNStride = p.dstNzNStride;
  out.dstNzMatrixStride = p.dstNzMatrixStride;
  return out;
}

// UB -> L1 needs both cores: loading and reading back an L1 destination is GM <-> L1, cube core only, while the copy
// from the UB is issued by the vector core. So the entry is MIX: the AIC loads the destination and sets flag 1, the
// AIV stages the UB source, waits, makes the call and sets flag 2, the AIC waits and reads the destination back;
// CrossCoreSetFlag / CrossCoreWaitFlag mode 2 (the vendor's CrossCoreSetFlag page: the AIC's set releases every AIV,
// the AIC's wait needs every AIV's set). Under MIX 1:2 (the dav-3510 UB -> L1 DataCopy entries) AIV 0 makes the call
// and AIV 1 only keeps the flags; under MIX 1:1 (PAD-U2L1) the one AIV is AIV 0. UNCONFIRMED (docs/cann.md): both
// cores placing the L1 staging buffer at the same offset (same InitBuffer order on both), TBuf<A1> on the AIV.
constexpr uint16_t kL1DstLoaded = 1;  // AIC -> AIV(s)
constexpr uint16_t kL1CallDone = 2;   // AIV(s) -> AIC
enum class UbToL1Call : uint8_t {
  padNd2nz,    // PAD-U2L1: DataCopyPad(TSCM, UB, DataCopy(Ext)Params, Nd2NzParams)
  copy0Level,  // DC-5: DataCopy(A1/B1, UB, DataCopyParams)
  copy2Level,  // DC-5: DataCopy(A1/B1, UB, calCount)
  nd2nz        // ND2NZ-6: DataCopy(TSCM, UB, Nd2NzParams)
};
template <typename T, UbToL1Call call>
__aicore__ inline void UbToL1(const DcconfCannTiling& t, GM_ADDR srcGm, GM_ADDR dstGm, uint32_t& status) {
  if (!IsUb(t.srcPos) || !IsL1(t.dstPos)) {
    status = DCCONF_CANN_STATUS_BAD_PATH;
    return;
  }
  Operands<T> o;
  if (!o.Admit(t, status)) return;
  o.AllocDst(t, dstGm);
  if ASCEND_IS_AIC {
    o.LoadDst(t, dstGm);
    AllDone();
    AscendC::CrossCoreSetFlag<0x2, PIPE_MTE2>(kL1DstLoaded);
    AscendC::CrossCoreWaitFlag(kL1CallDone);
    o.Finish(t, dstGm);
    return;
  }
  const bool caller = AscendC::GetSubBlockIdx() == 0;
  if (caller) o.PrepareSrc(t, srcGm);
  AllDone();
  AscendC::CrossCoreWaitFlag(kL1DstLoaded);
  if (caller) {
    if constexpr (call == UbToL1Call::padNd2nz) {
      if (t.paramsType == DCCONF_CANN_PARAMS_DATA_COPY_EXT) {
        AscendC::DataCopyPad(o.dstL, o.srcL, ToParams(t.dataCopyExt), ToParams(t.tscmNd2nz));
      } else {
        AscendC::DataCopyPad(o.dstL, o.srcL, ToParams(t.dataCopy), ToParams(t.tscmNd2nz));
      }
    } else if constexpr (call == UbToL1Call::copy0Level) {
      AscendC::DataCopy(o.dstL, o.srcL, ToParams(t.dataCopy));
    } else if constexpr (call == UbToL1Call::copy2Level) {
      AscendC::DataCopy(o.dstL, o.srcL, t.calCount);
    } else {
      AscendC::DataCopy(o.dstL, o.srcL, ToParams(t.nd2nz));
    }
  }
  AllDone();
  AscendC::CrossCoreSetFlag<0x2, PIPE_MTE3>(kL1CallDone);
}

}  // namespace dcconf_cann

#endif  // DCCONF_CANN_KERNELS_OPERANDS_H
