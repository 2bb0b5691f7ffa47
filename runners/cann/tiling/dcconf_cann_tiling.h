/* dcconf CANN harness: the tiling block one host program hands one Ascend C kernel (docs/cann.md).
 *
 * Plain C, fixed layout, little-endian, natural alignment with every padding byte spelled out, so the host (GCC,
 * C++20) and the kernel (the Ascend C compiler, C++) agree on every offset; the static asserts at the bottom pin
 * them. One block describes one dcconf.case/1 call: which kernel family runs it, the element type, every parameter
 * struct of every supported call field for field (the vendor's widths), the buffers, the guard byte and the pad
 * register. A section the case does not use is all zero (decode rejects anything else), so encode -> decode is
 * the identity and a corrupted block is detected rather than executed.
 *
 * Versioning: magic "DCCT" + version. A change of layout bumps DCCONF_CANN_TILING_VERSION; the host refuses a
 * block of another version and the kernel answers with DCCONF_CANN_STATUS_BAD_TILING without touching memory.
 */
#ifndef DCCONF_CANN_TILING_H
#define DCCONF_CANN_TILING_H

#include <stddef.h>
#include <stdint.h>

#define DCCONF_CANN_TILING_MAGIC 0x54434344u /* bytes 'D' 'C' 'C' 'T' */
#define DCCONF_CANN_TILING_VERSION 3u /* v2: paddingMode, atomicOp, loopMode, profileExt; v3: the FIX950
                                         * (672..767) and NDDMA (768..895) sections */
#define DCCONF_CANN_BLOCK_BYTES 32u      /* one UB data block: every device buffer is a multiple of it */
#define DCCONF_CANN_GUARD_TAIL_BYTES 32u /* guard-filled bytes after dst.size in every destination buffer */
#define DCCONF_CANN_SLICE_DIMS 8u        /* SLICE-4: dimValue <= 8 */
#define DCCONF_CANN_NDDMA_DIMS 5u        /* NDDMA-2: dim <= 5 */

/* Kernel families: oracle::Operation + 1 (0 = none). One or two kernel entries per family (DcconfCannEntry). */
enum DcconfCannFamily {
  DCCONF_CANN_FAMILY_NONE = 0,
  DCCONF_CANN_FAMILY_PAD_GM_TO_UB = 1,    /* PAD-G2U  DataCopyPad GM->VECIN/VECOUT */
  DCCONF_CANN_FAMILY_PAD_UB_TO_GM = 2,    /* PAD-U2G  DataCopyPad VECIN/VECOUT->GM */
  DCCONF_CANN_FAMILY_PAD_UB_TO_TSCM = 3,  /* PAD-U2L1 DataCopyPad VECIN/VECOUT->TSCM */
  DCCONF_CANN_FAMILY_COPY_0LEVEL = 4,     /* DC-1/2 */
  DCCONF_CANN_FAMILY_COPY_2LEVEL = 5,     /* DC-3 */
  DCCONF_CANN_FAMILY_ND2NZ = 6,           /* ND2NZ */
  DCCONF_CANN_FAMILY_NZ2ND = 7,           /* NZ2ND */
  DCCONF_CANN_FAMILY_SLICE = 8,           /* SLICE */
  DCCONF_CANN_FAMILY_DN2NZ = 9,           /* DN2NZ (dav-3510 only) */
  DCCONF_CANN_FAMILY_ENHANCED_NORMAL = 10, /* ENH-1 BLOCK_MODE_NORMAL */
  DCCONF_CANN_FAMILY_ENHANCED_CO1_TO_CO2 = 11, /* ENH-1 CO1->CO2 (no CO2 on dav-2201/dav-3510: never built) */
  DCCONF_CANN_FAMILY_FIXPIPE = 12,        /* FIX: DataCopyCO12DstParams (dav-2201) */
  /* PAD-CMP: DataCopyPad<T, PaddingMode::Compact> GM<->UB, dav-3510; the block's paddingMode is
   * DCCONF_CANN_PADDING_COMPACT. Entries pad_compact_gm_to_ub / pad_compact_ub_to_gm (kernels/pad.asc, AIV). */
  DCCONF_CANN_FAMILY_PAD_COMPACT_GM_TO_UB = 13,
  DCCONF_CANN_FAMILY_PAD_COMPACT_UB_TO_GM = 14,
  /* FIX950: Fixpipe<T, U, FixpipeConfig{layout, isToUB}> with FixpipeParamsArch3510, dav-3510;
   * the block's fixpipe950 section (v3) holds the call. Entries fixpipe_950 (CO1->GM, AIC) and fixpipe_950_ub
   * (CO1->VECIN/VECOUT, one AIC + two AIVs: kernels/fixpipe950.asc). */
  DCCONF_CANN_FAMILY_FIXPIPE_950 = 15,
  /* NDDMA: DataCopy<T, dim, NdDmaConfig>(VECIN, GM, NdDmaParams<T, dim>), dav-3510: the ndDma
   * section (v3); entry nddma (kernels/datacopy.asc, AIV). */
  DCCONF_CANN_FAMILY_NDDMA = 16,
  /* ND2NZUB: DataCopy ND2NZ GM->VECIN, the emulated call (DataCopyGM2UBND2NZImpl, AIV only, in
   * the dav_c220 and dav_3510 headers). The nd2nz section; entry nd2nz_gm_to_ub (kernels/datacopy.asc, AIV). */
  DCCONF_CANN_FAMILY_ND2NZ_GM_TO_UB = 17,
  /* BRC: BroadCastVecToMM VECIN/VECOUT->CO1, dav-m200 (Atlas inference). No kernel, no tiling
   * section: the encoder refuses these cases by name. */
  DCCONF_CANN_FAMILY_BROADCAST_UB_TO_L0C = 18,
  DCCONF_CANN_FAMILY_COUNT = 19
};

/* Kernel entries (kernels/launch.asc): one per family and core type. A family whose paths run on different cores has
 * two: GM -> L1 (A1/B1/TSCM) and L1 -> GM run only on the cube core (AIC), the UB paths only on the vector core (AIV),
 * as the vendor's dav_c220 kernel_operator_data_copy_impl.h guards them (docs/cann.md, "Core types"). The host picks
 * the entry from the block's family and destination (host/device.cpp, entryOf). Not part of the block's layout. */
enum DcconfCannEntry {
  DCCONF_CANN_ENTRY_NONE = 0,
  DCCONF_CANN_ENTRY_PAD_GM_TO_UB, DCCONF_CANN_ENTRY_PAD_UB_TO_GM, DCCONF_CANN_ENTRY_PAD_UB_TO_TSCM,
  DCCONF_CANN_ENTRY_COPY_0LEVEL_UB, DCCONF_CANN_ENTRY_COPY_0LEVEL_L1,
  DCCONF_CANN_ENTRY_COPY_2LEVEL_UB, DCCONF_CANN_ENTRY_COPY_2LEVEL_L1,
  DCCONF_CANN_ENTRY_ND2NZ, DCCONF_CANN_ENTRY_NZ2ND, DCCONF_CANN_ENTRY_SLICE, DCCONF_CANN_ENTRY_DN2NZ,
  DCCONF_CANN_ENTRY_ENHANCED_NORMAL_UB, DCCONF_CANN_ENTRY_ENHANCED_NORMAL_L1, DCCONF_CANN_ENTRY_FIXPIPE,
  DCCONF_CANN_ENTRY_PAD_COMPACT_GM_TO_UB, DCCONF_CANN_ENTRY_PAD_COMPACT_UB_TO_GM, /* dav-3510 */
  DCCONF_CANN_ENTRY_FIXPIPE_950, DCCONF_CANN_ENTRY_FIXPIPE_950_UB, /* dav-3510: FIX950 CO1->GM, CO1->UB */
  DCCONF_CANN_ENTRY_ND2NZ_GM_TO_UB, /* ND2NZUB GM->VECIN, AIV, both architectures */
  /* dav-3510: DC-5 plain DataCopy VECIN/VECOUT -> A1/B1 (0- and 2-level) and ND2NZ-6 the ND2NZ
   * VECIN/VECOUT -> TSCM, MIX 1:2 (the AIC loads and reads back the L1 destination, AIV 0 makes the call). */
  DCCONF_CANN_ENTRY_COPY_0LEVEL_UB_TO_L1, DCCONF_CANN_ENTRY_COPY_2LEVEL_UB_TO_L1, DCCONF_CANN_ENTRY_ND2NZ_UB_TO_L1,
  DCCONF_CANN_ENTRY_NDDMA, /* NDDMA GM->VECIN, AIV, dav-3510 */
  DCCONF_CANN_ENTRY_COUNT
};

/* The core type an entry declares with KERNEL_TASK_TYPE_DEFAULT. */
enum DcconfCannCoreType {
  DCCONF_CANN_CORE_NONE = 0,
  DCCONF_CANN_CORE_AIV = 1, /* KERNEL_TYPE_AIV_ONLY */
  DCCONF_CANN_CORE_AIC = 2, /* KERNEL_TYPE_AIC_ONLY */
  DCCONF_CANN_CORE_MIX = 3, /* KERNEL_TYPE_MIX_AIC_1_1: one AIC and one AIV run the entry together */
  /* KERNEL_TYPE_MIX_AIC_1_2: one AIC and both AIVs (FIX950 CO1->UB, dualDstCtl; the dav-3510 UB -> L1 entries, where
   * no __MIX_CORE_AIC_RATION__=1 makes the vendor's DataCopyUB2L1Impl the direct copy_ubuf_to_cbuf, not a KFC message) */
  DCCONF_CANN_CORE_MIX_1_2 = 4
};

/* Element types: oracle::DType + 1 (0 = none). */
enum DcconfCannDType {
  DCCONF_CANN_DT_INT8 = 1, DCCONF_CANN_DT_UINT8, DCCONF_CANN_DT_INT16, DCCONF_CANN_DT_UINT16,
  DCCONF_CANN_DT_INT32, DCCONF_CANN_DT_UINT32, DCCONF_CANN_DT_INT64, DCCONF_CANN_DT_UINT64,
  DCCONF_CANN_DT_HALF, DCCONF_CANN_DT_BFLOAT16, DCCONF_CANN_DT_FLOAT, DCCONF_CANN_DT_DOUBLE,
  DCCONF_CANN_DT_FP4X2_E2M1, DCCONF_CANN_DT_FP4X2_E1M2,
  DCCONF_CANN_DT_COUNT
};

/* TPosition: oracle::Position + 1 (0 = none). */
enum DcconfCannPosition {
  DCCONF_CANN_POS_GM = 1, DCCONF_CANN_POS_VECIN, DCCONF_CANN_POS_VECOUT, DCCONF_CANN_POS_A1, DCCONF_CANN_POS_B1,
  DCCONF_CANN_POS_TSCM, DCCONF_CANN_POS_CO1, DCCONF_CANN_POS_CO2,
  DCCONF_CANN_POS_COUNT
};

/* Which params section is live: the index of oracle::CopyParams' alternative + 1. */
enum DcconfCannParamsType {
  DCCONF_CANN_PARAMS_DATA_COPY = 1, DCCONF_CANN_PARAMS_DATA_COPY_EXT, DCCONF_CANN_PARAMS_ND2NZ,
  DCCONF_CANN_PARAMS_NZ2ND, DCCONF_CANN_PARAMS_CAL_COUNT, DCCONF_CANN_PARAMS_SLICE, DCCONF_CANN_PARAMS_DN2NZ,
  DCCONF_CANN_PARAMS_CO12_DST,
  DCCONF_CANN_PARAMS_NDDMA, /* NDDMA: the ndDma section (v3) */
  DCCONF_CANN_PARAMS_BROADCAST, /* BRC: no section either (BroadCastVecToMMParams) */
  DCCONF_CANN_PARAMS_COUNT
};

/* Which pad params section is live: the index of oracle::PadParams' alternative (0 = none). */
enum DcconfCannPadParamsType {
  DCCONF_CANN_PAD_NONE = 0, DCCONF_CANN_PAD_PARAMS = 1, DCCONF_CANN_PAD_EXT_PARAMS = 2
};

/* presence bits: the optional parts of a case. */
#define DCCONF_CANN_HAS_TSCM_ND2NZ 0x01u  /* nd2nzParams (VECIN/VECOUT->TSCM) */
#define DCCONF_CANN_HAS_PAD_REGISTER 0x02u /* SetPadValue before the call */
#define DCCONF_CANN_HAS_ENHANCED 0x04u    /* DataCopyEnhancedParams */
#define DCCONF_CANN_HAS_FIXPIPE 0x08u     /* FixpipeState */
#define DCCONF_CANN_HAS_LOOP_MODE 0x10u   /* loopMode: SetLoopModePara before the DataCopyPad (LOOP, dav-3510) */
#define DCCONF_CANN_PRESENCE_MASK 0x1Fu

/* paddingMode: DataCopyPad's PaddingMode template argument (PAD-CMP-1), the vendor's enum order. */
enum DcconfCannPaddingMode { DCCONF_CANN_PADDING_NORMAL = 0, DCCONF_CANN_PADDING_COMPACT = 1, DCCONF_CANN_PADDING_COUNT };

/* atomicOp: the DMA atomic state of a copy to GM (ATOM-1): SetAtomicAdd<T>() / SetAtomicMax<T>() / SetAtomicMin<T>()
 * before the call, SetAtomicNone() after; oracle::AtomicOp's order. */
enum DcconfCannAtomicOp {
  DCCONF_CANN_ATOMIC_NONE = 0, DCCONF_CANN_ATOMIC_ADD = 1, DCCONF_CANN_ATOMIC_MAX = 2, DCCONF_CANN_ATOMIC_MIN = 3,
  DCCONF_CANN_ATOMIC_COUNT
};

/* profile[] indices: the ambiguity profile (AMB-n), each the oracle enum's value. The kernel ignores it; it is
 * carried so a tiling block names the case completely. */
enum DcconfCannProfileField {
  DCCONF_CANN_AMB1_ZERO_COUNT = 0, DCCONF_CANN_AMB2_PAD_DUMMY, DCCONF_CANN_AMB3_TSCM_GM_STRIDE,
  DCCONF_CANN_AMB4_CALCOUNT_OVERFLOW, DCCONF_CANN_AMB6_ND2NZ_ZERO_MATRIX_STRIDE, DCCONF_CANN_AMB7_SMALL_C0,
  DCCONF_CANN_AMB8_FIX_OFFSET, DCCONF_CANN_AMB9_FIX_SHIFT, DCCONF_CANN_AMB10_FIX_DEQ_ROUNDING,
  DCCONF_CANN_AMB11_FIX_RELU_ORDER, DCCONF_CANN_AMB12_FIX_NEG_SCALE, DCCONF_CANN_AMB13_VDEQ_TENSOR_STEP,
  DCCONF_CANN_AMB14_DEQ16_OFFSET, DCCONF_CANN_AMB15_SID_HALF,
  /* two readings per byte, the lower AMB-n in bits 0..3, the higher in bits 4..7 */
  DCCONF_CANN_AMB17_18_PAD = 14, DCCONF_CANN_AMB19_20_ENH = 15,
  DCCONF_CANN_PROFILE_FIELDS /* 16: every profile byte is live */
};

/* profileExt[] indices (v2): the readings AMB-21..23, 33/34 and 38..42, one byte each, the oracle enum's value. */
enum DcconfCannProfileExtField {
  DCCONF_CANN_AMB21_COMPACT_PADS = 0, DCCONF_CANN_AMB22_COMPACT_UB_STRIDE, DCCONF_CANN_AMB23_FIX950_ZERO,
  DCCONF_CANN_AMB33_ND2NZUB_READING, DCCONF_CANN_AMB34_ND2NZUB_FLOAT_C0, DCCONF_CANN_AMB38_ND2NZ_U2L1_READING,
  DCCONF_CANN_AMB39_ND2NZ_U2L1_VALUES, DCCONF_CANN_AMB40_BRC_DST_GAP, DCCONF_CANN_AMB41_BRC_HALF_LEN,
  DCCONF_CANN_AMB42_BRC_DST_ALIGN,
  DCCONF_CANN_PROFILE_EXT_FIELDS /* 10 live bytes of profileExt[10] */
};

/* FIX on a device (kernels/fixpipe.asc, host/fixpipe_host.cpp). L0C cannot be written from GM, so the kernel fills
 * it as L0C = A x B on the cube, B an identity: for the FIX family the SOURCE buffer holds these Mmad operands, not
 * the vector's src bytes. A is the L0A image of DCCONF_CANN_FIX_L0C_BYTES(srcDeviceBytes) / 64 rows of 32 bytes
 * (one int8 or half K0 fractal column, row-major), B one 512-byte L0B fractal right after it. L0C row r then holds
 * the source elements 16r..16r+15 (NZ with one 16-column block). The block's layout is unchanged by this. */
#define DCCONF_CANN_FIX_FRACTAL_BYTES 1024u /* one 16x16 L0C fractal of 4-byte elements */
#define DCCONF_CANN_FIX_ROW_BYTES 64u       /* one L0C row: 16 elements of 4 bytes */
#define DCCONF_CANN_FIX_IDENTITY_BYTES 512u /* one L0B fractal: K0 x 16 */
#define DCCONF_CANN_FIX_L0C_BYTES(srcDeviceBytes) \
  ((((srcDeviceBytes) + DCCONF_CANN_FIX_FRACTAL_BYTES - 1u) / DCCONF_CANN_FIX_FRACTAL_BYTES + ((srcDeviceBytes) == 0u)) * \
   DCCONF_CANN_FIX_FRACTAL_BYTES)
/* V* quant tensor: staged GM -> L1 -> fixpipe buffer (FB) in 128-byte bursts; FB holds 256 uint64 entries per call
 * (the vendor's Fixpipe tiles N by 256 columns); the kernel loads it once, so nSize <= 256. */
#define DCCONF_CANN_FB_BURST_BYTES 128u
#define DCCONF_CANN_FB_QUANT_ENTRIES 256u
#define DCCONF_CANN_FIX_FB_ENTRIES(entries)                                                                   \
  ((entries) >= DCCONF_CANN_FB_QUANT_ENTRIES ? DCCONF_CANN_FB_QUANT_ENTRIES                                  \
                                             : (((entries) + 15u) / 16u + ((entries) == 0u)) * 16u)

/* QuantMode_t as the block stores it (co12.quantPre): the documented enum order (FIX-4). */
enum DcconfCannQuantMode {
  DCCONF_CANN_QUANT_NO_QUANT = 0, DCCONF_CANN_QUANT_F322F16, DCCONF_CANN_QUANT_F322BF16, DCCONF_CANN_QUANT_DEQF16,
  DCCONF_CANN_QUANT_VDEQF16, DCCONF_CANN_QUANT_QF322B8_PRE, DCCONF_CANN_QUANT_VQF322B8_PRE, DCCONF_CANN_QUANT_REQ8,
  DCCONF_CANN_QUANT_VREQ8,
  DCCONF_CANN_QUANT_COUNT
};

/* Kernel status word (first 4 bytes of the status buffer). */
#define DCCONF_CANN_STATUS_OK 0u
#define DCCONF_CANN_STATUS_BAD_TILING 1u   /* magic/version/size mismatch: nothing was touched */
#define DCCONF_CANN_STATUS_BAD_FAMILY 2u   /* the block is for another kernel family */
#define DCCONF_CANN_STATUS_BAD_DTYPE 3u    /* this kernel was not built for the dtype */
#define DCCONF_CANN_STATUS_BAD_PATH 4u     /* this kernel does not implement the positions */

typedef struct DcconfCannDataCopyParams { /* 8 bytes */
  uint16_t blockCount, blockLen, srcStride, dstStride;
} DcconfCannDataCopyParams;

typedef struct DcconfCannDataCopyExtParams { /* 20 bytes */
  uint16_t blockCount;
  uint16_t reserved0;
  uint32_t blockLen, srcStride, dstStride, rsv;
} DcconfCannDataCopyExtParams;

typedef struct DcconfCannPadParams { /* 16 bytes: DataCopyPadParams or DataCopyPadExtParams<T> (raw bits of T) */
  uint8_t isPad, leftPadding, rightPadding;
  uint8_t reserved0[5];
  uint64_t paddingValue;
} DcconfCannPadParams;

typedef struct DcconfCannNd2NzParams { /* 16 bytes */
  uint16_t ndNum, nValue, dValue, srcNdMatrixStride, srcDValue, dstNzC0Stride, dstNzNStride, dstNzMatrixStride;
} DcconfCannNd2NzParams;

typedef struct DcconfCannNz2NdParams { /* 16 bytes: Nz2NdParamsFull */
  uint16_t ndNum, nValue, dValue, srcNdMatrixStride, srcNStride, dstDStride, dstNdMatrixStride;
  uint16_t reserved0;
} DcconfCannNz2NdParams;

typedef struct DcconfCannDn2NzParams { /* 40 bytes */
  uint16_t dnNum, nValue;
  uint32_t dValue;
  uint64_t srcDnMatrixStride, srcDValue;
  uint16_t dstNzC0Stride, dstNzNStride;
  uint32_t dstNzMatrixStride;
  uint8_t enableSmallC0;
  uint8_t reserved0[7];
} DcconfCannDn2NzParams;

typedef struct DcconfCannEnhancedParams { /* 32 bytes: DataCopyEnhancedParams */
  uint8_t blockMode, deqScale, sidStoreMode, isRelu, padMode;
  uint8_t srcDType; /* DcconfCannDType of the CO1 element type U, 0 = the case's dtype (ENH-2) */
  uint8_t reserved0[2];
  uint64_t deqValue, padValue;
  uint32_t deqTensorEntries; /* uint64 entries at auxBuffer + deqTensorOffsetBytes (V* modes) */
  uint32_t reserved1;
} DcconfCannEnhancedParams;

typedef struct DcconfCannCo12DstParams { /* 16 bytes: DataCopyCO12DstParams */
  uint16_t nSize, mSize;
  uint32_t dstStride;
  uint16_t srcStride;
  uint8_t quantPre, reluPre, channelSplit, nz2ndEn, sid;
  uint8_t reserved0;
} DcconfCannCo12DstParams;

typedef struct DcconfCannFixpipeState { /* 24 bytes; the per-column quant tensor travels in the aux buffer */
  uint64_t quantScalar;
  uint32_t quantTensorEntries; /* uint64 entries at auxBuffer + quantTensorOffsetBytes */
  uint16_t ndNum, srcNdStride;
  uint32_t dstNdStride;
  uint8_t srcDType; /* DcconfCannDType of U */
  uint8_t reserved0[3];
} DcconfCannFixpipeState;

/* CO2Layout (FixpipeConfig.format, FIX950-1): the vendor's enum order. */
enum DcconfCannCo2Layout {
  DCCONF_CANN_CO2_NZ = 0, DCCONF_CANN_CO2_ROW_MAJOR = 1, DCCONF_CANN_CO2_COLUMN_MAJOR = 2, DCCONF_CANN_CO2_COUNT
};

typedef struct DcconfCannFixpipe950Params { /* 96 bytes (v3): FixpipeConfig + FixpipeParamsArch3510<layout> */
  /* FixpipeConfig */
  uint8_t layout;   /* DcconfCannCo2Layout */
  uint8_t isToUB;   /* 1 for CO1->VECIN/VECOUT (FIX950-8), 0 for CO1->GM: the block's dstPos says it too */
  /* FixpipeParamsArch3510, the vendor's widths (kernel_struct_fixpipe.h) */
  uint8_t quantPre; /* DcconfCannQuantMode */
  uint8_t reluEn;   /* the case's reluPre byte (FIX950-1: 0 or 1) */
  uint16_t nSize, mSize, srcStride;
  uint8_t dualDstCtl; /* FIX950-9: 0 one UB, 1 M split, 2 N split (any byte: invalid cases carry others) */
  uint8_t subBlockId; /* not a case field (FIX950-8): always 0 */
  uint32_t dstStride; /* elements (FIX950-2) */
  uint64_t deqScalar; /* FixpipeState.quantScalar */
  uint8_t unitFlag;   /* not a case field: always 0 */
  uint8_t isChannelSplit;
  uint8_t srcDType;   /* DcconfCannDType of U */
  uint8_t nz2ndEn;    /* DataCopyCO12DstParams' byte the case carries; FIX950-1 wants 0 (no such 950 field) */
  uint8_t sid;        /* DataCopyCO12DstParams' sid the case carries; not a 950 field */
  uint8_t reserved0[3];
  uint32_t quantTensorEntries; /* uint64 entries at auxBuffer + quantTensorOffsetBytes (V* modes) */
  /* Nz2NdParams (ROW_MAJOR): srcNdStride in C0_SIZE units (FIX950-3) */
  uint16_t ndNum, srcNdStride;
  uint32_t dstNdStride;
  /* Nz2DnParams (COLUMN_MAJOR, FIX950-4) */
  uint16_t dnNum, srcNzMatrixStride;
  uint32_t dstDnMatrixStride;
  uint16_t srcNzC0Stride;
  uint8_t reserved1[42];
} DcconfCannFixpipe950Params;

typedef struct DcconfCannLoopModeParams { /* 40 bytes: LoopModeParams (the vendor's field order and widths) */
  uint32_t loop1Size, loop2Size;
  uint64_t loop1SrcStride, loop1DstStride, loop2SrcStride, loop2DstStride;
} DcconfCannLoopModeParams;

/* NdDmaParams<T, dim> (NdDmaLoopInfo<dim> + constantValue) and NdDmaConfig::isNearestValueMode (v3, 128 bytes). Every
 * per-dimension array holds all DCCONF_CANN_NDDMA_DIMS entries of the case (entries at and beyond dim are not read by
 * the call, but they are the case's). The vendor's widths: loopSrcStride uint64, loopDstStride and loopSize uint32,
 * loopLpSize and loopRpSize uint8, constantValue the raw bits of T in the low sizeof(T) bytes. The three NDDMA
 * profile readings ride here too and are live in every block (like profile[] and profileExt[]), the rest is live with
 * paramsType DCCONF_CANN_PARAMS_NDDMA. */
typedef struct DcconfCannNdDmaParams {
  uint64_t loopSrcStride[DCCONF_CANN_NDDMA_DIMS]; /* +0 */
  uint32_t loopDstStride[DCCONF_CANN_NDDMA_DIMS]; /* +40 */
  uint32_t loopSize[DCCONF_CANN_NDDMA_DIMS];      /* +60 */
  uint8_t loopLpSize[DCCONF_CANN_NDDMA_DIMS];     /* +80 */
  uint8_t loopRpSize[DCCONF_CANN_NDDMA_DIMS];     /* +85 */
  uint8_t dim;                                    /* +90 */
  uint8_t isNearestValueMode;                     /* +91: 0 constant pads, 1 nearest (NDDMA-3) */
  uint8_t profileAmb35, profileAmb36, profileAmb37; /* +92..94: Profile::NdDmaB64Stride, NdDmaInterleave, NdDmaZeroSize */
  uint8_t reserved0;                              /* +95 */
  uint64_t constantValue;                         /* +96 */
  uint8_t reserved1[24];                          /* +104 */
} DcconfCannNdDmaParams;

typedef struct DcconfCannSliceInfo { /* 16 bytes */
  uint32_t startIndex, endIndex, stride, burstLen;
} DcconfCannSliceInfo;

typedef struct DcconfCannSliceParams { /* 328 bytes */
  uint32_t dimValue;
  uint32_t reserved0;
  DcconfCannSliceInfo srcSliceInfo[DCCONF_CANN_SLICE_DIMS];
  DcconfCannSliceInfo dstSliceInfo[DCCONF_CANN_SLICE_DIMS];
  uint32_t srcShape[DCCONF_CANN_SLICE_DIMS];
  uint32_t dstShape[DCCONF_CANN_SLICE_DIMS];
} DcconfCannSliceParams;

typedef struct DcconfCannTiling { /* 896 bytes = 28 blocks of 32 */
  /* identity */
  uint32_t magic;     /* DCCONF_CANN_TILING_MAGIC */
  uint16_t version;   /* DCCONF_CANN_TILING_VERSION */
  uint16_t sizeBytes; /* sizeof(DcconfCannTiling) */
  uint8_t family;     /* DcconfCannFamily */
  uint8_t api;        /* 0 DataCopy, 1 DataCopyPad */
  uint8_t srcPos, dstPos; /* DcconfCannPosition */
  uint8_t dtype;      /* DcconfCannDType of T */
  uint8_t product;    /* oracle::Product + 1 */
  uint8_t paramsType; /* DcconfCannParamsType */
  uint8_t padParamsType; /* DcconfCannPadParamsType */
  uint8_t presence;   /* DCCONF_CANN_HAS_* */
  uint8_t guardByte;  /* value of every guard byte (device buffers past dst.size / src.size) */
  uint8_t paddingMode; /* DcconfCannPaddingMode (v2; reserved in v1) */
  uint8_t atomicOp;    /* DcconfCannAtomicOp (v2; reserved in v1) */
  uint8_t profile[16]; /* DcconfCannProfileField */
  /* buffers (bytes); the device buffers are the case's buffers rounded up to 32 plus the guard tail */
  uint32_t srcSizeBytes, srcOffsetBytes, dstSizeBytes, dstOffsetBytes;
  uint32_t srcDeviceBytes; /* GM source buffer: alignUp(src.size, 32) */
  uint32_t dstDeviceBytes; /* GM destination buffer: alignUp(dst.size, 32) + DCCONF_CANN_GUARD_TAIL_BYTES */
  uint32_t quantTensorOffsetBytes; /* FIX quant tensor in the aux buffer */
  uint32_t deqTensorOffsetBytes;   /* ENH deq tensor in the aux buffer (after the quant tensor) */
  uint32_t auxBytes;               /* size of the aux buffer (0: none) */
  uint64_t padRegister; /* raw bits for SetPadValue (low sizeof(T) bytes), when DCCONF_CANN_HAS_PAD_REGISTER */
  /* parameters: the sections paramsType / padParamsType / presence select are live, the others are zero */
  DcconfCannDataCopyParams dataCopy;
  DcconfCannDataCopyExtParams dataCopyExt;
  uint32_t calCount;
  DcconfCannPadParams pad;
  DcconfCannNd2NzParams nd2nz;     /* params of the ND2NZ family */
  DcconfCannNd2NzParams tscmNd2nz; /* the UB->TSCM call's second struct */
  DcconfCannNz2NdParams nz2nd;
  DcconfCannDn2NzParams dn2nz;
  DcconfCannEnhancedParams enhanced;
  DcconfCannCo12DstParams co12;
  DcconfCannFixpipeState fixpipe;
  DcconfCannSliceParams slice;
  DcconfCannLoopModeParams loopMode; /* v2: live with DCCONF_CANN_HAS_LOOP_MODE */
  uint8_t profileExt[10];            /* v2: DcconfCannProfileExtField */
  uint8_t reserved1[6];
  /* v3: the FIX950 family's call (its co12 / fixpipe sections stay zero), live when family is FIXPIPE_950 */
  DcconfCannFixpipe950Params fixpipe950;
  DcconfCannNdDmaParams ndDma;       /* v3: bytes 768..895 */
} DcconfCannTiling;

#if defined(__cplusplus)
#define DCCONF_CANN_STATIC_ASSERT(cond, msg) static_assert(cond, msg)
#else
#define DCCONF_CANN_STATIC_ASSERT(cond, msg) _Static_assert(cond, msg)
#endif
DCCONF_CANN_STATIC_ASSERT(sizeof(DcconfCannTiling) == 896, "tiling v3 is 896 bytes");
DCCONF_CANN_STATIC_ASSERT(sizeof(DcconfCannTiling) % DCCONF_CANN_BLOCK_BYTES == 0, "whole 32-byte blocks");
DCCONF_CANN_STATIC_ASSERT(sizeof(DcconfCannDataCopyExtParams) == 20, "DataCopyExtParams section");
DCCONF_CANN_STATIC_ASSERT(sizeof(DcconfCannDn2NzParams) == 40, "Dn2NzParams section");
DCCONF_CANN_STATIC_ASSERT(sizeof(DcconfCannEnhancedParams) == 32, "DataCopyEnhancedParams section");
DCCONF_CANN_STATIC_ASSERT(sizeof(DcconfCannFixpipeState) == 24, "FixpipeState section");
DCCONF_CANN_STATIC_ASSERT(sizeof(DcconfCannSliceParams) == 328, "SliceParams section");
DCCONF_CANN_STATIC_ASSERT(sizeof(DcconfCannLoopModeParams) == 40, "LoopModeParams section");
DCCONF_CANN_STATIC_ASSERT(sizeof(DcconfCannFixpipe950Params) == 96, "FIX950 section");
DCCONF_CANN_STATIC_ASSERT(sizeof(DcconfCannNdDmaParams) == 128, "NdDmaParams section");
DCCONF_CANN_STATIC_ASSERT(offsetof(DcconfCannTiling, fixpipe950) == 672 && offsetof(DcconfCannTiling, ndDma) == 768,
                          "tiling v3: FIX950 at 672..767, NDDMA at 768..895");

#endif /* DCCONF_CANN_TILING_H */
