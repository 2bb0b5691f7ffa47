/*
 * dcconf_backend.h -- the dcconf plugin ABI, version 1.
 *
 * A plugin is a shared library that exports one C function, dcconf_backend_v1(), returning a table of function
 * pointers. dcconf hands the plugin one case at a time (one call of one Ascend C data-copy API, with its buffers) and
 * compares the destination bytes the plugin leaves against its oracle. Plain C99; usable from C and C++.
 *
 * Ownership
 *   - The table returned by dcconf_backend_v1() and its name/version strings belong to the plugin and must stay
 *     valid until the library is unloaded (a static const table is the usual way).
 *   - create() returns an instance owned by dcconf, which gives it back through destroy() exactly once.
 *   - The case, src, dst and detail pointers are valid only for the duration of one call; do not keep them.
 *
 * Threading
 *   - dcconf serializes all calls on one instance (it never calls run() or supports() concurrently on the same
 *     `self`). It may create several instances, each used from one thread. Global state is the plugin's business.
 *   - dcconf runs the plugin inside a worker process of its own; a crash or hang costs one case, not the run.
 *
 * Versioning rules
 *   - DCCONF_ABI_VERSION changes only for an incompatible change; dcconf refuses a table whose abi_version differs.
 *   - Compatible growth only appends fields at the end of a struct. Every growing struct carries struct_size: the
 *     writer sets it to sizeof() as it was compiled, and a reader never reads past it. A plugin built against an
 *     older header therefore keeps working; fields it does not know are simply not seen.
 *   - Enum values are fixed forever; new values are appended. Struct fields hold them as fixed-width integers,
 *     because the size of a C enum is compiler-defined.
 *   - A plugin tells dcconf the ABI level it implements, 1.N, in dcconf_backend_v1_t.case_struct_size, written as
 *     DCCONF_CASE_LEVEL(N): a number in the plugin's source, raised only once the plugin reads the fields of level
 *     N (rebuilding it against a newer header then declares nothing new). A table too short to hold that field, or
 *     holding 0 there, means level 1.0. dcconf hands a plugin only the cases its level can express: a case that
 *     needs a later field or enum value (the "since 1.1" .. "since 1.13" marks below) is answered
 *     DCCONF_NOT_SUPPORTED by dcconf itself, without calling it. Older plugins wrote sizeof(dcconf_case) there;
 *     any value from DCCONF_CASE_V1_0_SIZE up is still read as such a size (the level whose layout it covers). A
 *     dcconf older than this rule reads a level as the 1.0 layout: it sends such a plugin 1.0 cases only.
 */
#ifndef DCCONF_BACKEND_H
#define DCCONF_BACKEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DCCONF_ABI_VERSION 1
/* The symbol dcconf looks up with dlsym(). */
#define DCCONF_ENTRY_POINT_NAME "dcconf_backend_v1"

#if defined(_WIN32)
#define DCCONF_EXPORT __declspec(dllexport)
#else
#define DCCONF_EXPORT __attribute__((visibility("default")))
#endif

/* ---- vocabulary (SEMANTICS section 0 and 11); numeric values are part of the ABI ------------------------------- */

/* What run() returns. */
enum dcconf_status {
  DCCONF_OK = 0,            /* the copy ran; dst holds the result */
  DCCONF_REJECTED = 1,      /* the parameters break a constraint (G-4); dst must be left untouched */
  DCCONF_NOT_SUPPORTED = 2, /* this product/path/dtype is not implemented by the plugin */
  DCCONF_ERROR = 3          /* anything else (simulator failure, device error, ...): say what in detail */
};

enum dcconf_product {
  DCCONF_PRODUCT_KIRIN9020 = 0,
  DCCONF_PRODUCT_KIRINX90 = 1,
  DCCONF_PRODUCT_ATLAS_A2 = 2,
  DCCONF_PRODUCT_ATLAS_A3 = 3,
  DCCONF_PRODUCT_ATLAS_200I_500_A2 = 4,
  DCCONF_PRODUCT_ATLAS_TRAINING = 5,
  DCCONF_PRODUCT_ATLAS_INFERENCE_310P = 6,
  DCCONF_PRODUCT_ASCEND950 = 7
};

enum dcconf_api {
  DCCONF_API_DATACOPY = 0,
  DCCONF_API_DATACOPYPAD = 1,
  DCCONF_API_BROADCASTVECTOMM = 2 /* since 1.11: BroadCastVecToMM (BRC, project) */
};

enum dcconf_position {
  DCCONF_POS_GM = 0,
  DCCONF_POS_VECIN = 1,
  DCCONF_POS_VECOUT = 2,
  DCCONF_POS_A1 = 3,
  DCCONF_POS_B1 = 4,
  DCCONF_POS_TSCM = 5,
  DCCONF_POS_CO1 = 6,
  DCCONF_POS_CO2 = 7
};

/* Ascend C element types; the comment is the size in bytes. */
enum dcconf_dtype {
  DCCONF_DTYPE_INT8 = 0,     /* 1 */
  DCCONF_DTYPE_UINT8 = 1,    /* 1 */
  DCCONF_DTYPE_INT16 = 2,    /* 2 */
  DCCONF_DTYPE_UINT16 = 3,   /* 2 */
  DCCONF_DTYPE_INT32 = 4,    /* 4 */
  DCCONF_DTYPE_UINT32 = 5,   /* 4 */
  DCCONF_DTYPE_INT64 = 6,    /* 8 */
  DCCONF_DTYPE_UINT64 = 7,   /* 8 */
  DCCONF_DTYPE_HALF = 8,     /* 2 */
  DCCONF_DTYPE_BFLOAT16 = 9, /* 2 */
  DCCONF_DTYPE_FLOAT = 10,   /* 4 */
  DCCONF_DTYPE_DOUBLE = 11,  /* 8 */
  /* since 1.1 (DN2NZ-4): two 4-bit values a byte, moved as bytes (ND2NZ-5), so every count is in bytes */
  DCCONF_DTYPE_FP4X2_E2M1 = 12, /* 1 */
  DCCONF_DTYPE_FP4X2_E1M2 = 13, /* 1 */
  /* since 1.3, only in dcconf_EnhancedConversion.srcDType: no source type stated (the CO1 type U is T) */
  DCCONF_DTYPE_NONE = 255
};

/* The documented operation the case is a call of, as dcconf resolved it from api, path and params. */
enum dcconf_operation {
  DCCONF_OP_PAD_GM_TO_UB = 0,   /* PAD-G2U */
  DCCONF_OP_PAD_UB_TO_GM = 1,   /* PAD-U2G */
  DCCONF_OP_PAD_UB_TO_TSCM = 2, /* PAD-U2L1 */
  DCCONF_OP_COPY_0LEVEL = 3,    /* DC-1, DC-2 */
  DCCONF_OP_COPY_2LEVEL = 4,    /* DC-3 */
  DCCONF_OP_ND2NZ = 5,          /* ND2NZ */
  DCCONF_OP_NZ2ND = 6,          /* NZ2ND */
  /* since 1.1 */
  DCCONF_OP_SLICE = 7,                /* SLICE: paramsKind DCCONF_PARAMS_SLICE */
  DCCONF_OP_DN2NZ = 8,                /* DN2NZ: paramsKind DCCONF_PARAMS_DN2NZ */
  DCCONF_OP_ENHANCED_NORMAL = 9,      /* ENH-1 BLOCK_MODE_NORMAL: DCCONF_PARAMS_DATACOPY + enhancedParams */
  DCCONF_OP_ENHANCED_CO1_TO_CO2 = 10, /* ENH-1 MATRIX/VECTOR/SMALL_CHANNEL, CO1->CO2: the same */
  /* since 1.2 */
  DCCONF_OP_FIXPIPE = 11,             /* FIX: DCCONF_PARAMS_CO12DST + fixpipe, CO1->GM / CO1->A1 */
  /* since 1.5: DataCopyPad<T, PaddingMode::Compact> (PAD-CMP, Ascend 950): DCCONF_PARAMS_DATACOPY_EXT, paddingMode 1.
   * A Compact call spelt with DataCopyParams / DataCopyPadParams (PAD-CMP-1) arrives in its Ext spelling: the same
   * call (the header forwards both to one implementation), so a plugin never sees the plain structs here. */
  DCCONF_OP_PAD_COMPACT_GM_TO_UB = 12, /* GM->VECIN/VECOUT, with DCCONF_PAD_EXT */
  DCCONF_OP_PAD_COMPACT_UB_TO_GM = 13, /* VECIN/VECOUT->GM */
  /* since 1.6: Fixpipe with FixpipeParamsArch3510<CO2Layout> (FIX950, Ascend 950): DCCONF_PARAMS_CO12DST + fixpipe
   * (srcNdStride in C0_SIZE units) + co2Layout / nz2dn, CO1->GM; since 1.9 CO1->VECIN/VECOUT (FIX950-8), and
   * CO1->A1 (FIX950-13, no new field). DCCONF_OP_FIXPIPE reaches the 950 too (FIX-8: srcNdStride in C0_SIZE units,
   * both nz2nd register fields whole). */
  DCCONF_OP_FIXPIPE_950 = 14,
  /* since 1.12: DataCopy GM->VECIN with NdDmaParams (NDDMA, project: Ascend 950): DCCONF_PARAMS_NDDMA */
  DCCONF_OP_NDDMA = 15,
  /* since 1.10: DataCopy ND2NZ GM->VECIN (ND2NZUB, project: the vendor's software emulation, A2/A3/950):
   * DCCONF_PARAMS_ND2NZ, read under amb33Nd2NzUbReading / amb34Nd2NzUbFloatC0 */
  DCCONF_OP_ND2NZ_GM_TO_UB = 16,
  /* since 1.11: BroadCastVecToMM VECIN/VECOUT->CO1 (BRC, project: Atlas inference): DCCONF_PARAMS_BROADCAST, read
   * under amb40BrcDstGap / amb41BrcHalfLen / amb42BrcDstAlign */
  DCCONF_OP_BROADCAST_UB_TO_L0C = 17,
  DCCONF_OP_NONE = 255          /* malformed: the api/path/params combination is no documented call */
};

/* Which member of dcconf_case.params is live. */
enum dcconf_params_kind {
  DCCONF_PARAMS_DATACOPY = 0,     /* params.dataCopy */
  DCCONF_PARAMS_DATACOPY_EXT = 1, /* params.dataCopyExt */
  DCCONF_PARAMS_ND2NZ = 2,        /* params.nd2nz */
  DCCONF_PARAMS_NZ2ND = 3,        /* params.nz2nd */
  DCCONF_PARAMS_CALCOUNT = 4,     /* params.calCount */
  /* since 1.1: too large for the union, so they live in fields appended to dcconf_case */
  DCCONF_PARAMS_SLICE = 5,        /* slice (the case's field, not a union member) */
  DCCONF_PARAMS_DN2NZ = 6,        /* dn2nz (the case's field, not a union member) */
  /* since 1.2 */
  DCCONF_PARAMS_CO12DST = 7,      /* co12Dst (the case's field, not a union member) */
  /* since 1.11 */
  DCCONF_PARAMS_BROADCAST = 8,    /* broadcast (the case's field, not a union member) */
  /* since 1.12 */
  DCCONF_PARAMS_NDDMA = 9         /* nddma (the case's field, not a union member) */
};

/* Which member of dcconf_case.padParams is live. */
enum dcconf_pad_kind {
  DCCONF_PAD_NONE = 0,    /* no pad parameters */
  DCCONF_PAD_PARAMS = 1,  /* padParams.pad */
  DCCONF_PAD_EXT = 2      /* padParams.padExt */
};

/* Ambiguity profile (SEMANTICS section 12): which reading of an ambiguous clause the oracle checks against.
 * A plugin that models real hardware may ignore it; one that can emulate either reading should follow it. */
enum dcconf_amb1_zero_count { DCCONF_AMB1_REJECT = 0, DCCONF_AMB1_HW_NOOP = 1 };
enum dcconf_amb2_pad_dummy { DCCONF_AMB2_ANY = 0, DCCONF_AMB2_DOC_DUMMY = 1, DCCONF_AMB2_PAD_DUMMY = 2 };
enum dcconf_amb3_tscm_gm_stride_unit { DCCONF_AMB3_BYTES = 0, DCCONF_AMB3_DOC_TABLE32 = 1 };
enum dcconf_amb4_cal_count_overflow { DCCONF_AMB4_REJECT = 0, DCCONF_AMB4_HW_WRAP = 1 };
enum dcconf_amb6_nd2nz_zero_matrix_stride { DCCONF_AMB6_ACCEPT_WHEN_SINGLE = 0, DCCONF_AMB6_DOC_RANGE = 1 };
/* since 1.1 (dcconf_case.amb7SmallC0Polarity) */
enum dcconf_amb7_small_c0_polarity { DCCONF_AMB7_BASIC_API_PAGE = 0, DCCONF_AMB7_C_API_PAGE = 1 };

/* since 1.2 (dcconf_case.amb8FixOffset .. amb12FixNegScale, FIX-7): ANY (0) marks the results that depend on the
 * reading unchecked; the other values pin one reading. */
enum dcconf_amb8_fix_offset { DCCONF_AMB8_ANY = 0, DCCONF_AMB8_OFFSET_SIGNED = 1, DCCONF_AMB8_OFFSET_UNSIGNED = 2 };
enum dcconf_amb9_fix_shift { DCCONF_AMB9_ANY = 0, DCCONF_AMB9_SHIFT_RAW = 1, DCCONF_AMB9_SHIFT_PLUS_ONE = 2 };
enum dcconf_amb10_fix_deq_rounding { DCCONF_AMB10_ANY = 0, DCCONF_AMB10_DEQ_RNE = 1, DCCONF_AMB10_DEQ_TRUNC = 2 };
enum dcconf_amb11_fix_relu_order {
  DCCONF_AMB11_ANY = 0,
  DCCONF_AMB11_RELU_BEFORE_OFFSET = 1,
  DCCONF_AMB11_RELU_AFTER_OFFSET = 2
};
enum dcconf_amb12_fix_neg_scale {
  DCCONF_AMB12_ANY = 0,
  DCCONF_AMB12_NEGSCALE_SIGNED = 1,    /* profile word negscale-signed: bits [46:32] read as the FIX-5 fields */
  DCCONF_AMB12_NEGSCALE_MAGNITUDE = 2  /* profile word negscale-magnitude: only the low word is meaningful */
};

/* since 1.3 (dcconf_case.amb13VdeqTensorStep .. amb15SidHalf, ENH-4): the enhanced CO1->CO2 conversions. AMB-13
 * and AMB-14 default to ANY (0) like AMB-8..12; AMB-15's default (0) is the DataCopy page's reading (ENH-3). */
enum dcconf_amb13_vdeq_tensor_step {
  DCCONF_AMB13_ANY = 0,
  DCCONF_AMB13_VDEQ_REPEAT = 1,  /* profile word vdeq-repeat: every burst reads entries 0..15 */
  DCCONF_AMB13_VDEQ_ADVANCE = 2  /* profile word vdeq-advance: burst i reads entries 16*i .. 16*i + 15 */
};
enum dcconf_amb14_deq16_offset {
  DCCONF_AMB14_ANY = 0,
  DCCONF_AMB14_DEQ16_NO_OFFSET = 1, /* profile word deq16-no-offset: an int16 result ignores the offset bits */
  DCCONF_AMB14_DEQ16_OFFSET = 2     /* profile word deq16-offset: the offset bits are added */
};
enum dcconf_amb15_sid_half {
  DCCONF_AMB15_DOC_PAGE = 0,      /* profile word sid-doc (the default): sidStoreMode 0 = high 16 B, 1 = low 16 B */
  DCCONF_AMB15_MATMUL_PAIRING = 1 /* profile word sid-matmul: 0 = low, 1 = high */
};
/* since 1.4 (dcconf_case.amb17PadBlockLen .. amb20Deqf16Mcb). AMB-17/18 are validity questions
 * (0 = the default rejects what the vendor's parameter checks reject); AMB-19/20 default to ANY (0) like AMB-8..14. */
enum dcconf_amb17_pad_block_len {
  DCCONF_AMB17_ELEMENT_MULTIPLE = 0, /* DataCopyPad GM->UB blockLen must be a multiple of sizeof(T) */
  DCCONF_AMB17_BYTE_LEN = 1          /* profile word byte-len: any byte count, bytes verbatim */
};
enum dcconf_amb18_pad_raw_value {
  DCCONF_AMB18_REJECT = 0, /* the non-Ext DataCopyPadParams needs paddingValue 0 */
  DCCONF_AMB18_PAD_RAW = 1 /* profile word pad-raw: its low sizeof(T) bytes are the pad element */
};
enum dcconf_amb19_enh_block_len_unit {
  DCCONF_AMB19_ANY = 0,
  DCCONF_AMB19_BLOCK = 1,        /* profile word enh-len-block: blockLen counts table blocks (fractal / 1x16 row) */
  DCCONF_AMB19_DATA_BLOCK_32 = 2 /* profile word enh-len-32b: blockLen counts 32-byte data blocks of the source */
};
enum dcconf_amb20_deqf16_mcb {
  DCCONF_AMB20_ANY = 0,
  DCCONF_AMB20_INT16 = 1, /* profile word deqf16-mcb-int16: the shifted value saturates to int16 */
  DCCONF_AMB20_HALF = 2   /* profile word deqf16-mcb-half: saturates to +-65504 and rounds to half first */
};

/* since 1.5 (dcconf_case.paddingMode .. amb22CompactUbStride): DataCopyPad's PaddingMode template argument
 * and the two open questions of its Compact mode (project clauses PAD-CMP-*, 0 = open like AMB-19/20). */
enum dcconf_padding_mode { DCCONF_PADDING_NORMAL = 0, DCCONF_PADDING_COMPACT = 1 };
enum dcconf_amb21_compact_pads {
  DCCONF_AMB21_ANY = 0,
  DCCONF_AMB21_IGNORED = 1, /* profile word cmp-pads-ignored: leftPadding/rightPadding have no effect (the header) */
  DCCONF_AMB21_RUN = 2      /* profile word cmp-pads-run: L*s pad bytes before and R*s after the packed run */
};
enum dcconf_amb22_compact_ub_stride {
  DCCONF_AMB22_ANY = 0,
  DCCONF_AMB22_IGNORED = 1, /* profile word cmp-stride-ignored: the UB side is packed whatever the stride */
  DCCONF_AMB22_BYTES = 2    /* profile word cmp-stride-bytes: the UB-side stride spaces the blocks, in bytes */
};

/* since 1.6 (dcconf_case.co2Layout .. nz2dn): the CO2Layout of the 950 Fixpipe (FIX950) and the
 * AMB-23 reading of a zero count (0 = the page's NOP, the default). */
enum dcconf_co2_layout { DCCONF_CO2_NZ = 0, DCCONF_CO2_ROW_MAJOR = 1, DCCONF_CO2_COLUMN_MAJOR = 2 };
enum dcconf_amb23_fix950_zero {
  DCCONF_AMB23_NOOP = 0,  /* nSize, mSize, ndNum or dnNum 0: nothing written */
  DCCONF_AMB23_REJECT = 1 /* profile word fix950-zero-reject: invalid (the 950 header's assertions) */
};
/* since 1.7 (dcconf_case.hasLoopMode .. loopMode): SetLoopModePara's LoopModeParams (LOOP, Ascend
 * 950): the DataCopyPad GM<->UB call (Normal or Compact) repeated loop2Size x loop1Size times, iteration (i2, i1)
 * from src + i2*loop2SrcStride + i1*loop1SrcStride to dst + i2*loop2DstStride + i1*loop1DstStride, bytes. */
typedef struct dcconf_LoopModeParams {
  uint32_t loop1Size; /* [0, 2^21): 0 moves nothing (AMB-25) */
  uint32_t loop2Size;
  uint64_t loop1SrcStride; /* bytes; GM side < 2^40, UB side < 2^21 and a multiple of 32 (LOOP-2) */
  uint64_t loop1DstStride;
  uint64_t loop2SrcStride;
  uint64_t loop2DstStride;
} dcconf_LoopModeParams;

/* since 1.11: BroadCastVecToMM(dst, src, blockCount, blockLen, srcGap, dstGap)'s four scalar
 * arguments (BRC-2): blockCount and blockLen in [1, 255] (blockLen in 16-element rows), srcGap in 32-byte data
 * blocks, dstGap in 256-element fractals. blockCount is an int32_t in Ascend C; never negative here. */
typedef struct dcconf_BroadCastVecToMMParams {
  uint32_t blockCount;
  uint8_t blockLen;
  uint8_t srcGap;
  uint8_t dstGap;
  uint8_t reserved; /* zero */
} dcconf_BroadCastVecToMMParams;
/* AMB-40: dstGap tail to head (brc-dstgap-gap) or head to head (brc-dstgap-stride); ANY = open, the default. */
enum dcconf_amb40_brc_dst_gap { DCCONF_AMB40_ANY = 0, DCCONF_AMB40_GAP = 1, DCCONF_AMB40_STRIDE = 2 };
/* AMB-41: the blockLen unit of half: 16 elements (brc-half-len-16) or 64 bytes (brc-half-len-64b); ANY = open. */
enum dcconf_amb41_brc_half_len { DCCONF_AMB41_ANY = 0, DCCONF_AMB41_ELEMS16 = 1, DCCONF_AMB41_BYTES64 = 2 };
/* since 1.12: DataCopy<T, dim, NdDmaConfig{isNearestValueMode}>(dst, src, NdDmaParams<T, dim>)
 * (NDDMA-1..5, Ascend 950). Dimension 0 is the innermost loop; counts and strides are elements of T; entries at and
 * beyond dim are not read (NDDMA-2 gives the ranges). Explicit reserved bytes: the struct has no hidden padding. */
typedef struct dcconf_NdDmaParams {
  uint8_t dim;                /* [1, 5] */
  uint8_t isNearestValueMode; /* NdDmaConfig: 1 = pads take the nearest element of their dimension (NDDMA-3) */
  uint8_t loopLpSize[5];      /* left pad elements per dimension */
  uint8_t loopRpSize[5];      /* right pad elements per dimension */
  uint8_t reserved[4];        /* zero */
  uint32_t loopDstStride[5];  /* < 2^20 (2^19 for an 8-byte T unless AMB-35's word) */
  uint32_t loopSize[5];       /* [1, 2^20) */
  uint64_t loopSrcStride[5];  /* < 2^40 (2^39 for an 8-byte T unless AMB-35's word) */
  uint64_t constantValue;     /* raw bits of T in the low sizeof(T) bytes: the pad of the constant mode */
} dcconf_NdDmaParams;
/* AMB-38: DataCopy ND2NZ UB->L1 valid only where every vendor route agrees with the page (default) or by the page. */
enum dcconf_amb38_nd2nz_u2l1_reading { DCCONF_AMB38_ROUTES = 0, DCCONF_AMB38_PAGE = 1 };
/* AMB-39: the 950's ND2NZ UB->L1 values: ANY where the SSBuffer route's x + 0 may differ (default), or moved as is. */
enum dcconf_amb39_nd2nz_u2l1_move { DCCONF_AMB39_ANY = 0, DCCONF_AMB39_MOVE = 1 };
/* AMB-42: the CO1 start aligned to 256 elements (default) or 64 bytes (brc-align-64b). */
enum dcconf_amb42_brc_dst_align { DCCONF_AMB42_ELEMS256 = 0, DCCONF_AMB42_BYTES64 = 1 };
/* since 1.13. AMB-37: an NDDMA loopSize of 0 invalid (default) or the whole call a no-op (nddma-size0-noop). */
enum dcconf_amb37_nddma_zero_size { DCCONF_AMB37_REJECT = 0, DCCONF_AMB37_NOOP = 1 };
/* since 1.13. AMB-36: NDDMA ascending destination strides that interleave invalid (default) or accepted, the doubly
 * written elements ANY (nddma-interleave-any). */
enum dcconf_amb36_nddma_interleave { DCCONF_AMB36_REJECT = 0, DCCONF_AMB36_ANY = 1 };
/* since 1.13. AMB-35: an 8-byte T's loopDstStride >= 2^19 or loopSrcStride >= 2^39 invalid (default), or taken
 * modulo 2^19 / 2^39 as the header's doubled 4-byte stride fields cut them (nddma-b64-wrap). */
enum dcconf_amb35_nddma_b64_stride { DCCONF_AMB35_REJECT = 0, DCCONF_AMB35_WRAP = 1 };

/* since 1.8 (dcconf_case.atomicOp): the SetAtomicAdd/Max/Min<T>() state of a VECIN/VECOUT->GM
 * DataCopy or DataCopyPad (ATOM, Atlas A2/A3 and Ascend 950): each element of T (the case's dtype) the copy writes
 * becomes op(the destination's prior content, the copied value). */
enum dcconf_atomic_op {
  DCCONF_ATOMIC_NONE = 0, /* SetAtomicNone() / DisableDmaAtomic(): a plain overwrite */
  DCCONF_ATOMIC_ADD = 1,
  DCCONF_ATOMIC_MAX = 2,
  DCCONF_ATOMIC_MIN = 3
};

typedef struct dcconf_Nz2DnParams {
  uint16_t dnNum;             /* matrices, [0, 65535] */
  uint16_t srcNzMatrixStride; /* C0_SIZE (16 L0C elements) units */
  uint32_t dstDnMatrixStride; /* destination elements */
  uint16_t srcNzC0Stride;     /* C0_SIZE units between the rows of a fractal, != 0 */
  uint16_t reserved[3];       /* zero */
} dcconf_Nz2DnParams;

/* since 1.2: QuantMode_t (FIX-4), Ascend C's enumerator values */
enum dcconf_quant_mode {
  DCCONF_QUANT_NOQUANT = 0,
  DCCONF_QUANT_F322F16 = 1,
  DCCONF_QUANT_F322BF16 = 2,
  DCCONF_QUANT_DEQF16 = 3,
  DCCONF_QUANT_VDEQF16 = 4,
  DCCONF_QUANT_QF322B8_PRE = 5,
  DCCONF_QUANT_VQF322B8_PRE = 6,
  DCCONF_QUANT_REQ8 = 7,
  DCCONF_QUANT_VREQ8 = 8
};

/* since 1.1: enhanced DataCopy (ENH), Ascend C's enumerator values */
enum dcconf_block_mode {
  DCCONF_BLOCK_MODE_NORMAL = 0,
  DCCONF_BLOCK_MODE_MATRIX = 1,
  DCCONF_BLOCK_MODE_VECTOR = 2,
  DCCONF_BLOCK_MODE_SMALL_CHANNEL = 3,
  DCCONF_BLOCK_MODE_DEPTHWISE = 4
};
enum dcconf_deq_scale {
  DCCONF_DEQ_NONE = 0,
  DCCONF_DEQ = 1,
  DCCONF_VDEQ = 2,
  DCCONF_DEQ8 = 3,
  DCCONF_VDEQ8 = 4,
  DCCONF_DEQ16 = 5,
  DCCONF_VDEQ16 = 6
};

/* ---- Ascend C parameter structs: same field names, same widths ----------------------------------------------- */

typedef struct dcconf_DataCopyParams {
  uint16_t blockCount;
  uint16_t blockLen;
  uint16_t srcStride;
  uint16_t dstStride;
} dcconf_DataCopyParams;

typedef struct dcconf_DataCopyExtParams {
  uint16_t blockCount;
  uint32_t blockLen;
  uint32_t srcStride;
  uint32_t dstStride;
  uint32_t rsv;
} dcconf_DataCopyExtParams;

typedef struct dcconf_DataCopyPadParams {
  bool isPad;
  uint8_t leftPadding;
  uint8_t rightPadding;
  uint64_t paddingValue; /* raw bits: the low sizeof(T) bytes, little-endian, are the pad element */
} dcconf_DataCopyPadParams;

/* DataCopyPadExtParams<T>: paddingValue is a T in Ascend C; here it is the raw bits of T in the low sizeof(T) bytes,
 * because the element type is a run-time value (dcconf_case.dtype). */
typedef struct dcconf_DataCopyPadExtParams {
  bool isPad;
  uint8_t leftPadding;
  uint8_t rightPadding;
  uint64_t paddingValue;
} dcconf_DataCopyPadExtParams;

typedef struct dcconf_Nd2NzParams {
  uint16_t ndNum;
  uint16_t nValue;
  uint16_t dValue;
  uint16_t srcNdMatrixStride;
  uint16_t srcDValue;
  uint16_t dstNzC0Stride;
  uint16_t dstNzNStride;
  uint16_t dstNzMatrixStride;
} dcconf_Nd2NzParams;

typedef struct dcconf_Nz2NdParamsFull {
  uint16_t ndNum;
  uint16_t nValue;
  uint16_t dValue;
  uint16_t srcNdMatrixStride;
  uint16_t srcNStride;
  uint16_t dstDStride;
  uint16_t dstNdMatrixStride;
} dcconf_Nz2NdParamsFull;

/* The 2-level interface's single argument, DataCopy(dst, src, calCount). */
typedef struct dcconf_CalCount {
  uint32_t calCount;
} dcconf_CalCount;

/* since 1.1: slice DataCopy (SLICE), one SliceInfo per dimension, dimension 0 innermost. */
typedef struct dcconf_SliceInfo {
  uint32_t startIndex;
  uint32_t endIndex;
  uint32_t stride;
  uint32_t burstLen; /* 32-byte units */
} dcconf_SliceInfo;

#define DCCONF_MAX_SLICE_DIMS 8
/* DataCopy(dst, src, dstSliceInfo[], srcSliceInfo[], dimValue) plus each tensor's ShapeInfo (per-dimension sizes in
 * elements). Entries at and beyond dimValue are not used. */
typedef struct dcconf_SliceParams {
  uint32_t dimValue;
  dcconf_SliceInfo srcSliceInfo[DCCONF_MAX_SLICE_DIMS];
  dcconf_SliceInfo dstSliceInfo[DCCONF_MAX_SLICE_DIMS];
  uint32_t srcShape[DCCONF_MAX_SLICE_DIMS];
  uint32_t dstShape[DCCONF_MAX_SLICE_DIMS];
} dcconf_SliceParams;

/* since 1.1: DN2NZ (Ascend 950 widths). enableSmallC0 is the template argument DataCopy<T, enableSmallC0>. */
typedef struct dcconf_Dn2NzParams {
  uint16_t dnNum;
  uint16_t nValue;
  uint32_t dValue;
  uint64_t srcDnMatrixStride;
  uint64_t srcDValue;
  uint16_t dstNzC0Stride;
  uint16_t dstNzNStride;
  uint32_t dstNzMatrixStride;
  uint8_t enableSmallC0;
  uint8_t reserved[7]; /* zero */
} dcconf_Dn2NzParams;

/* since 1.1: DataCopyEnhancedParams (ENH), alongside DataCopyParams. */
typedef struct dcconf_DataCopyEnhancedParams {
  uint8_t blockMode;    /* enum dcconf_block_mode */
  uint8_t deqScale;     /* enum dcconf_deq_scale */
  uint8_t sidStoreMode;
  uint8_t isRelu;
  uint8_t padMode;      /* pad_t; 0 = PAD_NONE */
  uint8_t reserved[3];  /* zero */
  uint64_t deqValue;
  uint64_t padValue;
} dcconf_DataCopyEnhancedParams;

/* since 1.2: DataCopyCO12DstParams (FIX), the vendor's widths. */
typedef struct dcconf_DataCopyCO12DstParams {
  uint16_t nSize;
  uint16_t mSize;
  uint32_t dstStride;
  uint16_t srcStride;
  uint8_t quantPre;     /* enum dcconf_quant_mode */
  uint8_t reluPre;      /* 0 off, 1 normal ReLU */
  uint8_t channelSplit;
  uint8_t nz2ndEn;
  uint8_t sid;
  uint8_t reserved[1];  /* zero */
} dcconf_DataCopyCO12DstParams;

/* since 1.2: the state a FIX call reads besides its params (SEMANTICS section 10). */
typedef struct dcconf_FixpipeState {
  uint32_t srcDType;    /* enum dcconf_dtype: the L0C element type U (float or int32); dcconf_case.dtype is T */
  uint16_t ndNum;       /* SetFixpipeNz2ndFlag(ndNum, srcNdStride, dstNdStride), read with nz2ndEn */
  uint16_t srcNdStride; /* 1024-byte units (read in 64-byte units by dcconf before 1.4: the hardware's unit is 1024 B) (one 16x16 fractal of 32-bit L0C elements), [0, 512] (FIX-2) */
  uint32_t dstNdStride; /* elements, [0, 65535] on Atlas A2/A3 (FIX-2) */
  uint32_t reserved;    /* zero */
  uint64_t quantScalar; /* SetFixpipePreQuantFlag: the FIX-5 quant parameter of the scalar modes */
  /* The per-column uint64 quant parameters of the V* modes (entry n for column n), quantTensorLength entries; NULL
   * when empty. Owned by dcconf, valid during run() only; NULL (length kept) during supports(). */
  const uint64_t* quantTensor;
  uint64_t quantTensorLength;
} dcconf_FixpipeState;

/* since 1.3: what an enhanced DataCopy reads beyond DataCopyEnhancedParams (ENH-2, ENH-4). */
typedef struct dcconf_EnhancedConversion {
  uint32_t srcDType;    /* enum dcconf_dtype: the CO1 type U of DataCopy(LocalTensor<T>, LocalTensor<U>, ...), or
                         * DCCONF_DTYPE_NONE when the case states none (U is the case's dtype T) */
  uint32_t reserved;    /* zero */
  /* The per-column uint64 deqScale parameters of the V* modes (the headers' deqTensorAddr; entry k for column k % 16,
   * AMB-13 for the bursts after the first), deqTensorLength entries; NULL when empty. Owned by dcconf, valid during
   * run() only; NULL (length kept) during supports(). */
  const uint64_t* deqTensor;
  uint64_t deqTensorLength;
} dcconf_EnhancedConversion;

/* ---- the case ------------------------------------------------------------------------------------------------ */

/* One operand buffer. The copy starts offsetBytes into it; the buffer passed to run() is sizeBytes long. */
typedef struct dcconf_buffer {
  uint64_t sizeBytes;
  uint64_t offsetBytes;
} dcconf_buffer;

/* One field per ambiguity the oracle models (values: the dcconf_ambN_* enums). Zero everywhere = default profile. */
typedef struct dcconf_profile {
  uint8_t amb1ZeroCount;
  uint8_t amb2PadDummy;
  uint8_t amb3TscmGmStrideUnit;
  uint8_t amb4CalCountOverflow;
  uint8_t amb6Nd2NzZeroMatrixStride;
  uint8_t reserved[3]; /* zero */
} dcconf_profile;

typedef struct dcconf_case {
  uint32_t struct_size; /* sizeof(dcconf_case) as dcconf was compiled; never read past it */
  uint32_t product;     /* enum dcconf_product */
  uint32_t api;         /* enum dcconf_api */
  uint32_t srcPos;      /* enum dcconf_position */
  uint32_t dstPos;      /* enum dcconf_position */
  uint32_t dtype;       /* enum dcconf_dtype */
  uint32_t operation;   /* enum dcconf_operation; when not NONE, paramsKind and padKind are the ones it takes */
  uint32_t paramsKind;  /* enum dcconf_params_kind */
  union {
    dcconf_DataCopyParams dataCopy;
    dcconf_DataCopyExtParams dataCopyExt;
    dcconf_Nd2NzParams nd2nz;
    dcconf_Nz2NdParamsFull nz2nd;
    dcconf_CalCount calCount;
  } params;
  uint32_t padKind; /* enum dcconf_pad_kind */
  union {
    dcconf_DataCopyPadParams pad;
    dcconf_DataCopyPadExtParams padExt;
  } padParams;
  uint8_t hasNd2nzParams;  /* DataCopyPad VECIN/VECOUT->TSCM only */
  uint8_t hasPadRegister;  /* the case states the pad register (set earlier by SetPadValue) */
  uint8_t reserved[6];     /* zero */
  dcconf_Nd2NzParams nd2nzParams; /* valid when hasNd2nzParams */
  uint64_t padRegister;           /* raw bits of T; valid when hasPadRegister */
  dcconf_profile profile;
  dcconf_buffer src;
  dcconf_buffer dst;
  /* ---- since 1.1 (a plugin compiled earlier reports case_struct_size DCCONF_CASE_V1_0_SIZE and never sees them) */
  uint8_t amb7SmallC0Polarity; /* profile, AMB-7: enum dcconf_amb7_small_c0_polarity */
  uint8_t hasEnhancedParams;   /* enhanced DataCopy (DCCONF_OP_ENHANCED_*): enhancedParams is valid */
  uint8_t reserved2[6];        /* zero */
  dcconf_SliceParams slice;    /* valid when paramsKind == DCCONF_PARAMS_SLICE */
  dcconf_Dn2NzParams dn2nz;    /* valid when paramsKind == DCCONF_PARAMS_DN2NZ */
  dcconf_DataCopyEnhancedParams enhancedParams; /* valid when hasEnhancedParams */
  /* ---- since 1.2 (a plugin compiled against 1.1 reports DCCONF_CASE_V1_1_SIZE and never sees them) */
  uint8_t amb8FixOffset;       /* profile, AMB-8: enum dcconf_amb8_fix_offset */
  uint8_t amb9FixShift;        /* profile, AMB-9: enum dcconf_amb9_fix_shift */
  uint8_t amb10FixDeqRounding; /* profile, AMB-10: enum dcconf_amb10_fix_deq_rounding */
  uint8_t amb11FixReluOrder;   /* profile, AMB-11: enum dcconf_amb11_fix_relu_order */
  uint8_t amb12FixNegScale;    /* profile, AMB-12: enum dcconf_amb12_fix_neg_scale */
  uint8_t hasFixpipe;          /* the quantising copy (DCCONF_OP_FIXPIPE): fixpipe is valid */
  uint8_t reserved3[2];        /* zero */
  dcconf_DataCopyCO12DstParams co12Dst; /* valid when paramsKind == DCCONF_PARAMS_CO12DST */
  dcconf_FixpipeState fixpipe;          /* valid when hasFixpipe */
  /* ---- since 1.3 (a plugin compiled against 1.2 reports DCCONF_CASE_V1_2_SIZE and never sees them) */
  uint8_t amb13VdeqTensorStep; /* profile, AMB-13: enum dcconf_amb13_vdeq_tensor_step */
  uint8_t amb14Deq16Offset;    /* profile, AMB-14: enum dcconf_amb14_deq16_offset */
  uint8_t amb15SidHalf;        /* profile, AMB-15: enum dcconf_amb15_sid_half */
  uint8_t reserved4[5];        /* zero */
  dcconf_EnhancedConversion enhancedConversion; /* valid when hasEnhancedParams */
  /* ---- since 1.4 (a plugin compiled against 1.3 reports DCCONF_CASE_V1_3_SIZE and never sees them) */
  uint8_t amb17PadBlockLen;     /* profile, AMB-17: enum dcconf_amb17_pad_block_len */
  uint8_t amb18PadRawValue;     /* profile, AMB-18: enum dcconf_amb18_pad_raw_value */
  uint8_t amb19EnhBlockLenUnit; /* profile, AMB-19: enum dcconf_amb19_enh_block_len_unit */
  uint8_t amb20Deqf16Mcb;       /* profile, AMB-20: enum dcconf_amb20_deqf16_mcb */
  uint8_t reserved5[4];         /* zero */
  /* ---- since 1.5 (a plugin compiled against 1.4 reports DCCONF_CASE_V1_4_SIZE and never sees them) */
  uint8_t paddingMode;          /* enum dcconf_padding_mode: DCCONF_PADDING_COMPACT for DCCONF_OP_PAD_COMPACT_* */
  uint8_t amb21CompactPads;     /* profile, AMB-21: enum dcconf_amb21_compact_pads */
  uint8_t amb22CompactUbStride; /* profile, AMB-22: enum dcconf_amb22_compact_ub_stride */
  uint8_t reserved6[5];         /* zero */
  /* ---- since 1.6 (a plugin compiled against 1.5 reports DCCONF_CASE_V1_5_SIZE and never sees them) */
  uint8_t hasCo2Layout;         /* DCCONF_OP_FIXPIPE_950: co2Layout and nz2dn are valid */
  uint8_t co2Layout;            /* enum dcconf_co2_layout */
  uint8_t amb23Fix950Zero;      /* profile, AMB-23: enum dcconf_amb23_fix950_zero */
  uint8_t reserved7[5];         /* zero */
  dcconf_Nz2DnParams nz2dn;     /* COLUMN_MAJOR's Nz2DnParams; ROW_MAJOR reads fixpipe.ndNum/srcNdStride/dstNdStride */
  /* ---- since 1.7 (a plugin compiled against 1.6 reports DCCONF_CASE_V1_6_SIZE and never sees them) */
  uint8_t hasLoopMode;          /* DataCopyPad GM<->UB in loop mode (LOOP): loopMode is valid */
  uint8_t reserved8[7];         /* zero */
  dcconf_LoopModeParams loopMode;
  /* ---- since 1.8 (a plugin compiled against 1.7 reports DCCONF_CASE_V1_7_SIZE and never sees them) */
  uint8_t atomicOp;             /* enum dcconf_atomic_op (ATOM) */
  uint8_t reserved9[7];         /* zero */
  /* ---- since 1.9 (a plugin compiled against 1.8 reports DCCONF_CASE_V1_8_SIZE and never sees them) */
  /* DCCONF_OP_FIXPIPE_950 toward the UB (CO1->VECIN/VECOUT, FIX950-8): FixpipeParamsArch3510.dualDstCtl (FIX950-9),
   * 0 one UB, 1 the M split, 2 the N split (other values invalid). With 1 or 2, dst is the two AIV sub-blocks' UBs end
   * to end: bytes [0, size/2) sub-block 0's, [size/2, size) sub-block 1's, dst.offsetBytes applying inside each. */
  uint8_t dualDstCtl;
  uint8_t reserved10[7];        /* zero */
  /* ---- since 1.10 (a plugin compiled against 1.9 reports DCCONF_CASE_V1_9_SIZE and never sees them) */
  uint8_t amb33Nd2NzUbReading;  /* profile, AMB-33: 0 the emulation's layouts only (default), 1 the page (nd2nzub-page) */
  uint8_t amb34Nd2NzUbFloatC0;  /* profile, AMB-34: 0 A2/A3 float rows of 16 (default), 1 C0 = 8 (nd2nzub-c0-8) */
  uint8_t reserved11[6];        /* zero */
  /* ---- since 1.11 (a plugin compiled against 1.10 reports DCCONF_CASE_V1_10_SIZE and never sees them) */
  uint8_t amb40BrcDstGap;       /* profile, AMB-40: enum dcconf_amb40_brc_dst_gap */
  uint8_t amb41BrcHalfLen;      /* profile, AMB-41: enum dcconf_amb41_brc_half_len */
  uint8_t amb42BrcDstAlign;     /* profile, AMB-42: enum dcconf_amb42_brc_dst_align */
  uint8_t reserved12[5];        /* zero */
  dcconf_BroadCastVecToMMParams broadcast; /* valid when paramsKind == DCCONF_PARAMS_BROADCAST */
  /* ---- since 1.12 (a plugin compiled against 1.11 reports DCCONF_CASE_V1_11_SIZE and never sees them) */
  /* ND2NZ UB->L1 (ND2NZ-6..8) is DCCONF_OP_ND2NZ with srcPos VECIN/VECOUT and dstPos TSCM: the path tells it apart */
  uint8_t amb38Nd2NzU2L1Reading; /* profile, AMB-38: enum dcconf_amb38_nd2nz_u2l1_reading */
  uint8_t amb39Nd2NzU2L1Move;    /* profile, AMB-39: enum dcconf_amb39_nd2nz_u2l1_move */
  uint8_t reserved13[6];         /* zero */
  dcconf_NdDmaParams nddma;      /* valid when paramsKind == DCCONF_PARAMS_NDDMA */
  /* ---- since 1.13 (a plugin compiled against 1.12 reports DCCONF_CASE_V1_12_SIZE and never sees them) */
  uint8_t amb37NdDmaZeroSize;    /* profile, AMB-37: enum dcconf_amb37_nddma_zero_size */
  uint8_t amb36NdDmaInterleave;  /* profile, AMB-36: enum dcconf_amb36_nddma_interleave */
  uint8_t amb35NdDmaB64Stride;   /* profile, AMB-35: enum dcconf_amb35_nddma_b64_stride */
  uint8_t reserved14[5];         /* zero */
} dcconf_case;

/* sizeof(dcconf_case) before 1.1: where the 1.1 fields start. */
#define DCCONF_CASE_V1_0_SIZE offsetof(dcconf_case, amb7SmallC0Polarity)
/* sizeof(dcconf_case) of 1.1: where the 1.2 fields start. */
#define DCCONF_CASE_V1_1_SIZE offsetof(dcconf_case, amb8FixOffset)
/* sizeof(dcconf_case) of 1.2: where the 1.3 fields start. */
#define DCCONF_CASE_V1_2_SIZE offsetof(dcconf_case, amb13VdeqTensorStep)
/* sizeof(dcconf_case) of 1.3: where the 1.4 fields start. */
#define DCCONF_CASE_V1_3_SIZE offsetof(dcconf_case, amb17PadBlockLen)
/* sizeof(dcconf_case) of 1.4: where the 1.5 fields start. */
#define DCCONF_CASE_V1_4_SIZE offsetof(dcconf_case, paddingMode)
/* sizeof(dcconf_case) of 1.5: where the 1.6 fields start. */
#define DCCONF_CASE_V1_5_SIZE offsetof(dcconf_case, hasCo2Layout)
/* sizeof(dcconf_case) of 1.6: where the 1.7 fields start. */
#define DCCONF_CASE_V1_6_SIZE offsetof(dcconf_case, hasLoopMode)
/* sizeof(dcconf_case) of 1.7: where the 1.8 fields start. */
#define DCCONF_CASE_V1_7_SIZE offsetof(dcconf_case, atomicOp)
/* sizeof(dcconf_case) of 1.8: where the 1.9 fields start. */
#define DCCONF_CASE_V1_8_SIZE offsetof(dcconf_case, dualDstCtl)
/* sizeof(dcconf_case) of 1.9: where the 1.10 fields start. */
#define DCCONF_CASE_V1_9_SIZE offsetof(dcconf_case, amb33Nd2NzUbReading)
/* sizeof(dcconf_case) of 1.10: where the 1.11 fields start. */
#define DCCONF_CASE_V1_10_SIZE offsetof(dcconf_case, amb40BrcDstGap)
/* sizeof(dcconf_case) of 1.11: where the 1.12 fields start. */
#define DCCONF_CASE_V1_11_SIZE offsetof(dcconf_case, amb38Nd2NzU2L1Reading)
/* sizeof(dcconf_case) of 1.12: where the 1.13 fields start. */
#define DCCONF_CASE_V1_12_SIZE offsetof(dcconf_case, amb37NdDmaZeroSize)

/* The newest level, 1.DCCONF_CASE_LEVEL_CURRENT, of this header; DCCONF_CASE_LEVEL(n) for case_struct_size. A level
 * above the host's newest is read as its newest. */
#define DCCONF_CASE_LEVEL_CURRENT 13
#define DCCONF_CASE_LEVEL(minor) ((uint32_t)(minor))

/* ---- the plugin table ---------------------------------------------------------------------------------------- */

typedef struct dcconf_backend_v1_table {
  uint32_t abi_version; /* DCCONF_ABI_VERSION */
  uint32_t struct_size; /* sizeof(dcconf_backend_v1_t) as the plugin was compiled */
  const char* name;     /* short identifier, e.g. "my-simulator" */
  const char* version;  /* free text, e.g. "1.4.2 (sim build 2026-03-01)" */

  /* A new instance, or NULL on failure (dcconf then reports the plugin as not loadable). */
  void* (*create)(void);
  void (*destroy)(void* self);

  /* Nonzero when the plugin implements this product/api/path/dtype at all. Must not look at parameter values:
   * an invalid case on a supported path is run() returning DCCONF_REJECTED, not unsupported. */
  int (*supports)(void* self, const dcconf_case* c);

  /* Runs one case. src is src_size bytes, dst is dst_size bytes and holds the destination's prior content; the copy
   * starts at c->src.offsetBytes / c->dst.offsetBytes. Write the result into dst and nowhere else, and never outside
   * [dst, dst + dst_size), even for invalid cases. Returns an enum dcconf_status. detail (detail_cap bytes, arrives
   * as "") may receive one NUL-terminated line saying why, for any status other than DCCONF_OK. */
  int (*run)(void* self, const dcconf_case* c, const uint8_t* src, size_t src_size, uint8_t* dst, size_t dst_size,
             char* detail, size_t detail_cap);

  /* since 1.1: the plugin's level, DCCONF_CASE_LEVEL(N) (see "Versioning rules"; formerly sizeof(dcconf_case) as
   * the plugin was compiled, still accepted). 0 (or a table that ends before this field) means level 1.0: dcconf
   * then never sends the plugin a case that needs a later field or enum value. */
  uint32_t case_struct_size;
} dcconf_backend_v1_t;

/* The one exported symbol. */
typedef const dcconf_backend_v1_t* (*dcconf_backend_v1_fn)(void);
DCCONF_EXPORT const dcconf_backend_v1_t* dcconf_backend_v1(void);

/* ---- optional exports (since 1.5). dcconf looks them up with dlsym(); a plugin without them works as before. ---- */

/* Declared limits (docs/limits.md): the part of each operation's parameter space this plugin can express,
 * as dcconf.limits/1 JSON text (NUL-terminated, at most 1 MiB, owned by the plugin, valid until it is unloaded).
 * dcconf draws every valid case inside them (together with `dcconf run --limits FILE`), sends no invalid case outside
 * them, and lists what they exclude in the run's summary and report.json; NULL or "" declares none. Text that does
 * not read makes the plugin unusable (exit 7, one line naming the field and value). */
#define DCCONF_LIMITS_ENTRY_POINT_NAME "dcconf_backend_limits_v1"
typedef const char* (*dcconf_backend_limits_v1_fn)(void);

/* The validity query (docs/plugin-abi.md "Invalid or unsupported?"). REJECTED is for invalid calls
 * only; a valid call the plugin cannot express is NOT_SUPPORTED (or, better, outside its declared limits). A plugin
 * that wants to reject exactly the invalid calls asks dcconf instead of re-implementing the oracle. */
enum dcconf_check {
  DCCONF_CHECK_VALID = 0,         /* a valid, documented call: answer DCCONF_OK or DCCONF_NOT_SUPPORTED */
  DCCONF_CHECK_INVALID = 1,       /* a constraint is broken (G-4, or G-1/G-2/G-5 bounds): answer DCCONF_REJECTED */
  DCCONF_CHECK_NOT_SUPPORTED = 2, /* the product lacks this path or dtype (PROD) */
  DCCONF_CHECK_MALFORMED = 3      /* no documented call (api/path/params), or a field out of its type's range */
};

/* What dcconf gives the plugin. Grows like the other structs: read no field past struct_size. */
typedef struct dcconf_host_v1 {
  uint32_t struct_size; /* sizeof(dcconf_host_v1_t) as dcconf was compiled */
  /* Judges c as dcconf's oracle does (c->struct_size says which layout it is; buffer sizes are the case's own).
   * Returns an enum dcconf_check; clause (e.g. "PAD-G2U-1") and detail (one line: field = value: why) receive
   * NUL-terminated text when not DCCONF_CHECK_VALID (either may be NULL with cap 0). Safe to call from run() and
   * supports(); costs microseconds, no copy. */
  int (*check_case)(const dcconf_case* c, char* clause, size_t clause_cap, char* detail, size_t detail_cap);
} dcconf_host_v1_t;

/* Called once after the plugin is loaded, before create(), with a host table valid until the plugin is unloaded. */
#define DCCONF_SET_HOST_ENTRY_POINT_NAME "dcconf_backend_set_host_v1"
typedef void (*dcconf_backend_set_host_v1_fn)(const dcconf_host_v1_t* host);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* DCCONF_BACKEND_H */
