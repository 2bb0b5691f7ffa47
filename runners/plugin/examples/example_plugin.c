/*
 * example_plugin.c -- a dcconf plugin, written as a template to copy.
 *
 * It implements these Ascend C data-copy operations on plain host memory, straight from SEMANTICS.md:
 *   DataCopyPad GM -> VECIN/VECOUT   (PAD-G2U-1..5)
 *   DataCopyPad VECIN/VECOUT -> GM   (PAD-U2G-1..2)
 *   DataCopy 0-level                 (DC-1, DC-2)
 *   DataCopy CO1 -> GM/A1 with DataCopyCO12DstParams (FIX-1..6, ABI 1.2): every conversion (NoQuant, F322F16,
 *                                    F322BF16, (V)DEQF16, (V)QF322B8_PRE, (V)REQ8), ReLU, channelSplit, nz2nd
 *   DataCopyPad<T, PaddingMode::Compact> GM <-> UB on the Ascend 950 (PAD-CMP-1..4, ABI 1.5)
 *   enhanced DataCopy CO1 -> CO2 with a deqScale conversion (ENH-1..4, ABI 1.3) on Atlas training / 310P:
 *                                    DEQ/VDEQ int32 -> half, DEQ8/VDEQ8 int32 -> int8/uint8 (sidStoreMode 0, 1,
 *                                    3), isRelu; not DEQ half -> half, DEQ16/VDEQ16 or the plain move
 * and answers DCCONF_NOT_SUPPORTED for everything else.
 *
 * To wrap a simulator or an NPU runtime, keep the shape and replace the copy_* functions:
 *   - create():   open the simulator / device, allocate device buffers you can reuse; return your state.
 *   - supports(): say which products, operations and dtypes your target implements (never look at values).
 *   - run():      validate (or let the target validate and map its error to DCCONF_REJECTED), copy src and the
 *                 prior dst into the target's GM/UB/L1, issue the one DataCopy / DataCopyPad call, copy the whole
 *                 destination buffer back into dst. dst must end up holding every byte of the destination buffer.
 *   - destroy():  release everything create() took.
 * dcconf runs the plugin in a worker process of its own, so a crash or hang in your target costs one case only.
 *
 * Build:  cc -std=c99 -shared -fPIC -I runners/plugin/include example_plugin.c -o libdcconf_example_plugin.so
 */
#include <math.h> /* signbit (a macro: no libm needed) */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dcconf_backend.h"

/* ---- instance state: whatever your target needs (a simulator handle, a device context, staging buffers) ---- */

typedef struct example_instance {
  unsigned long cases_run;
} example_instance;

static void* example_create(void) { return calloc(1, sizeof(example_instance)); }

static void example_destroy(void* self) { free(self); }

/* ---- helpers ---------------------------------------------------------------------------------------------- */

enum { DATA_BLOCK_BYTES = 32 }; /* C0B: one UB data block */

static uint64_t align_up(uint64_t value, uint64_t alignment) { return (value + alignment - 1) / alignment * alignment; }

static uint64_t dtype_bytes(uint32_t dtype) {
  switch (dtype) {
    case DCCONF_DTYPE_INT8: case DCCONF_DTYPE_UINT8: return 1;
    case DCCONF_DTYPE_INT16: case DCCONF_DTYPE_UINT16: case DCCONF_DTYPE_HALF: case DCCONF_DTYPE_BFLOAT16: return 2;
    case DCCONF_DTYPE_INT32: case DCCONF_DTYPE_UINT32: case DCCONF_DTYPE_FLOAT: return 4;
    default: return 8; /* int64, uint64, double */
  }
}

/* Writes one line into detail and returns status: every non-OK answer says why. */
static int answer(char* detail, size_t detail_cap, int status, const char* format, ...) {
  va_list args;
  va_start(args, format);
  if (detail_cap > 0) vsnprintf(detail, detail_cap, format, args);
  va_end(args);
  return status;
}

/* The four block numbers of DataCopyParams or DataCopyExtParams, widened (the Ext struct has 32-bit fields). */
typedef struct blocks {
  uint64_t count, len, src_stride, dst_stride;
  int is_ext;
} blocks;

static blocks read_blocks(const dcconf_case* c) {
  blocks b;
  if (c->paramsKind == DCCONF_PARAMS_DATACOPY_EXT) {
    const dcconf_DataCopyExtParams* p = &c->params.dataCopyExt;
    b.count = p->blockCount; b.len = p->blockLen; b.src_stride = p->srcStride; b.dst_stride = p->dstStride;
    b.is_ext = 1;
  } else {
    const dcconf_DataCopyParams* p = &c->params.dataCopy;
    b.count = p->blockCount; b.len = p->blockLen; b.src_stride = p->srcStride; b.dst_stride = p->dstStride;
    b.is_ext = 0;
  }
  return b;
}

/* AMB-1: the docs reject blockCount/blockLen == 0; profile hw-noop says hardware does nothing instead. A plugin for
 * real hardware would pick one behaviour; this one follows the profile so that either reading can be checked. */
static int zero_is_noop(const dcconf_case* c) { return c->profile.amb1ZeroCount == DCCONF_AMB1_HW_NOOP; }

/* G-5, then G-1/G-2: a local (UB/L1) operand starts 32-byte aligned, and the buffer holds [offset, offset + span).
 * Checking before touching memory is what keeps an invalid case from writing outside dst. */
static int check_buffer(const char* clause, const char* side, uint32_t position, const dcconf_buffer* buffer, size_t actual_bytes,
                        uint64_t span_bytes, char* detail, size_t detail_cap) {
  if (position != DCCONF_POS_GM && buffer->offsetBytes % DATA_BLOCK_BYTES != 0) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "G-5: %s.offset %llu is not 32-byte aligned", side,
                  (unsigned long long)buffer->offsetBytes);
  }
  if (buffer->offsetBytes > actual_bytes || span_bytes > actual_bytes - buffer->offsetBytes) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "%s: %s buffer of %llu bytes cannot hold [%llu, +%llu)",
                  clause, side, (unsigned long long)actual_bytes,
                  (unsigned long long)buffer->offsetBytes, (unsigned long long)span_bytes);
  }
  return DCCONF_OK;
}

/* Both buffers at once: the source span is read, the destination span written. */
static int check_buffers(const dcconf_case* c, size_t src_size, uint64_t src_span, size_t dst_size, uint64_t dst_span,
                         char* detail, size_t detail_cap) {
  int status = check_buffer("G-2", "src", c->srcPos, &c->src, src_size, src_span, detail, detail_cap);
  if (status == DCCONF_OK) status = check_buffer("G-1", "dst", c->dstPos, &c->dst, dst_size, dst_span, detail, detail_cap);
  return status;
}

/* PAD-G2U-1 / PAD-U2G-1: blockCount in [1, 4095], blockLen >= 1 byte, and <= 2097151 for the Ext struct. */
static int check_pad_blocks(const dcconf_case* c, const blocks* b, const char* clause, char* detail,
                            size_t detail_cap) {
  if (b->count > 4095 || (b->count == 0 && !zero_is_noop(c))) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "%s: blockCount %llu is outside [1, 4095]", clause,
                  (unsigned long long)b->count);
  }
  if (b->len == 0 && !zero_is_noop(c)) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "%s: blockLen must be >= 1 byte", clause);
  }
  if (b->is_ext && b->len > 2097151) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "%s: DataCopyExtParams.blockLen %llu exceeds 2097151", clause,
                  (unsigned long long)b->len);
  }
  return DCCONF_OK;
}

/* Fills n bytes with copies of one element (its raw bits, little-endian, s bytes). */
static void fill_elements(uint8_t* to, uint64_t n, uint64_t element_bits, uint64_t s) {
  uint64_t k;
  for (k = 0; k < n; ++k) to[k] = (uint8_t)(element_bits >> (8 * (k % s)));
}

/* ---- DataCopyPad GM -> VECIN/VECOUT (SEMANTICS section 1) ------------------------------------------------- */

/* PAD-G2U-1 (and PAD-CMP-1, which takes the same rules for the Compact mode), under the caller's clause id. */
static int check_pad_gm_to_ub(const dcconf_case* c, const blocks* b, const char* clause, char* detail,
                              size_t detail_cap) {
  const uint64_t s = dtype_bytes(c->dtype);
  const int ext = c->padKind == DCCONF_PAD_EXT;
  const uint64_t left = ext ? c->padParams.padExt.leftPadding : c->padParams.pad.leftPadding;
  const uint64_t right = ext ? c->padParams.padExt.rightPadding : c->padParams.pad.rightPadding;
  const uint64_t padding_value = ext ? c->padParams.padExt.paddingValue : c->padParams.pad.paddingValue;
  const int status = check_pad_blocks(c, b, clause, detail, detail_cap);

  if (status != DCCONF_OK) return status;
  if (left * s > 32 || right * s > 32) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "%s: padding of %llu/%llu elements exceeds 32 bytes", clause,
                  (unsigned long long)left, (unsigned long long)right);
  }
  /* PAD-G2U-1, the vendor's parameter checks: whole elements (AMB-17, unless byte-len) and, with the
   * non-Ext DataCopyPadParams, paddingValue 0 (AMB-18, unless pad-raw) */
  if (b->len % s != 0 && c->amb17PadBlockLen != DCCONF_AMB17_BYTE_LEN) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "%s: blockLen %llu is not a multiple of sizeof(T)", clause,
                  (unsigned long long)b->len);
  }
  if (!ext && padding_value != 0 && c->amb18PadRawValue != DCCONF_AMB18_PAD_RAW) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "%s: DataCopyPadParams needs paddingValue 0 (AMB-18)", clause);
  }
  if (s == 8 && padding_value != 0) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "%s: paddingValue must be 0 for a 64-bit T", clause);
  }
  return DCCONF_OK;
}


static int copy_pad_gm_to_ub(const dcconf_case* c, const uint8_t* src, size_t src_size, uint8_t* dst,
                             size_t dst_size, char* detail, size_t detail_cap) {
  const blocks b = read_blocks(c);
  const uint64_t s = dtype_bytes(c->dtype);
  /* DataCopyPadParams and DataCopyPadExtParams carry the same four fields. */
  const int ext = c->padKind == DCCONF_PAD_EXT;
  const int is_pad = ext ? c->padParams.padExt.isPad : c->padParams.pad.isPad;
  const uint64_t left = ext ? c->padParams.padExt.leftPadding : c->padParams.pad.leftPadding;
  const uint64_t right = ext ? c->padParams.padExt.rightPadding : c->padParams.pad.rightPadding;
  const uint64_t padding_value = ext ? c->padParams.padExt.paddingValue : c->padParams.pad.paddingValue;
  uint64_t left_bytes, right_bytes, ub_block_bytes, src_span = 0, dst_span = 0, i;
  int status = check_pad_gm_to_ub(c, &b, "PAD-G2U-1", detail, detail_cap);

  if (status != DCCONF_OK) return status;
  /* PAD-G2U-2: each UB block is left pad + data + right pad, rounded up to whole 32-byte data blocks. */
  left_bytes = left * s;
  right_bytes = right * s;
  ub_block_bytes = align_up(left_bytes + b.len + right_bytes, DATA_BLOCK_BYTES);
  if (b.count > 0 && b.len > 0) {
    src_span = (b.count - 1) * (b.len + b.src_stride) + b.len;
    dst_span = (b.count - 1) * (ub_block_bytes + DATA_BLOCK_BYTES * b.dst_stride) + ub_block_bytes;
  }
  status = check_buffers(c, src_size, src_span, dst_size, dst_span, detail, detail_cap);
  if (status != DCCONF_OK || src_span == 0) return status; /* span 0: the AMB-1 no-op */

  for (i = 0; i < b.count; ++i) {
    const uint8_t* from = src + c->src.offsetBytes + i * (b.len + b.src_stride); /* GM strides in bytes */
    uint8_t* to = dst + c->dst.offsetBytes + i * (ub_block_bytes + DATA_BLOCK_BYTES * b.dst_stride);
    const uint64_t dummy_start = left_bytes + b.len + right_bytes;
    uint64_t k;

    /* PAD-G2U-4: pads hold paddingValue when isPad, else the pad register if set; else leave them alone. */
    if (is_pad || c->hasPadRegister) {
      const uint64_t pad_bits = is_pad ? padding_value : c->padRegister;
      fill_elements(to, left_bytes, pad_bits, s);
      fill_elements(to + left_bytes + b.len, right_bytes, pad_bits, s);
    }
    memcpy(to + left_bytes, from, b.len); /* PAD-G2U-3: the data, verbatim */

    /* PAD-G2U-5, the documented rule (the oracle's default profile does not check dummies, AMB-2): without padding
     * the dummies repeat the block's first element; with padding they are paddingValue when isPad. */
    if (left == 0 && right == 0) {
      for (k = 0; dummy_start + k < ub_block_bytes; ++k) {
        if (k % s < b.len) to[dummy_start + k] = from[k % s];
      }
    } else if (is_pad) {
      fill_elements(to + dummy_start, ub_block_bytes - dummy_start, padding_value, s);
    }
  }
  return DCCONF_OK;
}

/* ---- DataCopyPad VECIN/VECOUT -> GM (SEMANTICS section 2) ------------------------------------------------- */

static int copy_pad_ub_to_gm(const dcconf_case* c, const uint8_t* src, size_t src_size, uint8_t* dst,
                             size_t dst_size, char* detail, size_t detail_cap) {
  const blocks b = read_blocks(c);
  const uint64_t ub_pitch = align_up(b.len, DATA_BLOCK_BYTES) + DATA_BLOCK_BYTES * b.src_stride;
  const uint64_t gm_pitch = b.len + b.dst_stride;
  uint64_t src_span = 0, dst_span = 0, i;
  int status = check_pad_blocks(c, &b, "PAD-U2G-1", detail, detail_cap);

  if (status != DCCONF_OK) return status;
  if (b.count > 0 && b.len > 0) {
    src_span = (b.count - 1) * ub_pitch + b.len;
    dst_span = (b.count - 1) * gm_pitch + b.len;
  }
  status = check_buffers(c, src_size, src_span, dst_size, dst_span, detail, detail_cap);
  if (status != DCCONF_OK || src_span == 0) return status;

  /* PAD-U2G-2: exactly blockLen bytes per block; the UB dummy bytes never reach GM. */
  for (i = 0; i < b.count; ++i) {
    memcpy(dst + c->dst.offsetBytes + i * gm_pitch, src + c->src.offsetBytes + i * ub_pitch, b.len);
  }
  return DCCONF_OK;
}

/* ---- DataCopyPad<T, PaddingMode::Compact>, Ascend 950 (docs/semantics.md section 2a, ABI 1.5) ------------ */
/* The blocks lie back to back in the UB (pitch blockLen), and GM->UB fills the bytes after the run up to the next 32
 * bytes with paddingValue under isPad (PAD-CMP-2/3/4). Two questions are open: whether leftPadding/rightPadding pad
 * the run (AMB-21) and whether the UB-side stride spaces the blocks in bytes (AMB-22). A plugin for hardware does
 * what the hardware does; this one writes the 950 header's reading (both ignored) unless the case pins the other,
 * and, like the oracle, wants buffers that hold every reading the case leaves open. */
static uint64_t compact_span(uint64_t count, uint64_t pitch, uint64_t len) { return (count - 1) * pitch + len; }

static int copy_pad_compact_gm_to_ub(const dcconf_case* c, const uint8_t* src, size_t src_size, uint8_t* dst,
                                     size_t dst_size, char* detail, size_t detail_cap) {
  const blocks b = read_blocks(c);
  const uint64_t s = dtype_bytes(c->dtype);
  const dcconf_DataCopyPadExtParams* pad = &c->padParams.padExt;
  const int pads_run = c->amb21CompactPads == DCCONF_AMB21_RUN, pads_open = c->amb21CompactPads == DCCONF_AMB21_ANY;
  const int stride_bytes = c->amb22CompactUbStride == DCCONF_AMB22_BYTES;
  const int stride_open = c->amb22CompactUbStride == DCCONF_AMB22_ANY;
  const uint64_t pad_bytes = (uint64_t)(pad->leftPadding + pad->rightPadding) * s;
  const uint64_t left_bytes = pads_run ? pad->leftPadding * s : 0, right_bytes = pads_run ? pad->rightPadding * s : 0;
  const uint64_t pitch = b.len + (stride_bytes ? b.dst_stride : 0);
  uint64_t src_span = 0, dst_span = 0, run_end, tail_end, i;
  int status = check_pad_gm_to_ub(c, &b, "PAD-CMP-1", detail, detail_cap);

  if (status != DCCONF_OK) return status;
  if (b.count > 0 && b.len > 0) {
    src_span = compact_span(b.count, b.len + b.src_stride, b.len);
    /* the widest reading: pads around the run when AMB-21 may be "run", strides when AMB-22 may be "bytes" */
    dst_span = align_up((pads_run || pads_open ? pad_bytes : 0) +
                            compact_span(b.count, b.len + (stride_bytes || stride_open ? b.dst_stride : 0), b.len),
                        DATA_BLOCK_BYTES);
  }
  status = check_buffers(c, src_size, src_span, dst_size, dst_span, detail, detail_cap);
  if (status != DCCONF_OK || src_span == 0) return status;

  run_end = left_bytes + compact_span(b.count, pitch, b.len);
  tail_end = align_up(run_end + right_bytes, DATA_BLOCK_BYTES);
  for (i = 0; i < b.count; ++i) {
    memcpy(dst + c->dst.offsetBytes + left_bytes + i * pitch, src + c->src.offsetBytes + i * (b.len + b.src_stride),
           b.len);
  }
  if (pad->isPad || c->hasPadRegister) { /* PAD-G2U-4 values for the pads; PAD-CMP-3: the tail is paddingValue */
    const uint64_t bits = pad->isPad ? pad->paddingValue : c->padRegister;
    fill_elements(dst + c->dst.offsetBytes, left_bytes, bits, s);
    fill_elements(dst + c->dst.offsetBytes + run_end, right_bytes, bits, s);
    fill_elements(dst + c->dst.offsetBytes + run_end + right_bytes, tail_end - run_end - right_bytes, bits, s);
  }
  return DCCONF_OK;
}

static int copy_pad_compact_ub_to_gm(const dcconf_case* c, const uint8_t* src, size_t src_size, uint8_t* dst,
                                     size_t dst_size, char* detail, size_t detail_cap) {
  const blocks b = read_blocks(c);
  const int stride_bytes = c->amb22CompactUbStride == DCCONF_AMB22_BYTES;
  const int stride_open = c->amb22CompactUbStride == DCCONF_AMB22_ANY;
  const uint64_t ub_pitch = b.len + (stride_bytes ? b.src_stride : 0), gm_pitch = b.len + b.dst_stride;
  uint64_t src_span = 0, dst_span = 0, i;
  int status = check_pad_blocks(c, &b, "PAD-CMP-1", detail, detail_cap);

  if (status != DCCONF_OK) return status;
  if (b.count > 0 && b.len > 0) {
    src_span = compact_span(b.count, b.len + (stride_bytes || stride_open ? b.src_stride : 0), b.len);
    dst_span = compact_span(b.count, gm_pitch, b.len);
  }
  status = check_buffers(c, src_size, src_span, dst_size, dst_span, detail, detail_cap);
  if (status != DCCONF_OK || src_span == 0) return status;
  for (i = 0; i < b.count; ++i) { /* PAD-CMP-4: the UB read packed, exactly blockLen bytes per GM block */
    memcpy(dst + c->dst.offsetBytes + i * gm_pitch, src + c->src.offsetBytes + i * ub_pitch, b.len);
  }
  return DCCONF_OK;
}

/* ---- DataCopy 0-level (SEMANTICS section 4) --------------------------------------------------------------- */

static int copy_0level(const dcconf_case* c, const uint8_t* src, size_t src_size, uint8_t* dst, size_t dst_size,
                       char* detail, size_t detail_cap) {
  const blocks b = read_blocks(c); /* DataCopyParams: every field counts 32-byte blocks */
  const uint64_t block_bytes = DATA_BLOCK_BYTES * b.len;
  const uint64_t src_pitch = DATA_BLOCK_BYTES * (b.len + b.src_stride);
  const uint64_t dst_pitch = DATA_BLOCK_BYTES * (b.len + b.dst_stride);
  uint64_t src_span = 0, dst_span = 0, i;
  int status;

  /* DC-1: blockCount in [1, 4095], blockLen in [1, 65535] (a u16, so only 0 can be out of range). */
  if (b.count > 4095 || (b.count == 0 && !zero_is_noop(c))) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "DC-1: blockCount %llu is outside [1, 4095]",
                  (unsigned long long)b.count);
  }
  if (b.len == 0 && !zero_is_noop(c)) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "DC-1: blockLen must be in [1, 65535]");
  }
  if (b.count > 0 && b.len > 0) {
    src_span = (b.count - 1) * src_pitch + block_bytes;
    dst_span = (b.count - 1) * dst_pitch + block_bytes;
  }
  status = check_buffers(c, src_size, src_span, dst_size, dst_span, detail, detail_cap);
  if (status != DCCONF_OK || src_span == 0) return status;

  /* DC-2: block i moves 32*blockLen bytes; the stride gaps are untouched. */
  for (i = 0; i < b.count; ++i) {
    memcpy(dst + c->dst.offsetBytes + i * dst_pitch, src + c->src.offsetBytes + i * src_pitch, block_bytes);
  }
  return DCCONF_OK;
}

/* ---- DataCopy CO1 -> GM/A1, DataCopyCO12DstParams (SEMANTICS section 10) ----------------------------------- */

/* Bits of one element, little-endian, s bytes. */
static uint64_t load_bits(const uint8_t* at, uint64_t s) {
  uint64_t bits = 0, k;
  for (k = 0; k < s; ++k) bits |= (uint64_t)at[k] << (8 * k);
  return bits;
}
static void store_bits(uint8_t* at, uint64_t bits, uint64_t s) {
  uint64_t k;
  for (k = 0; k < s; ++k) at[k] = (uint8_t)(bits >> (8 * k));
}

static float float_of_bits(uint32_t bits) {
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

/* A double to IEEE half bits: to nearest even, or toward zero (AMB-10 deq-trunc: an overflow gives the largest
 * finite half). Scaling by powers of two is exact, so the one rounding is the explicit one. */
static uint16_t double_to_half(double y, int toward_zero) {
  const uint16_t sign = signbit(y) ? 0x8000 : 0;
  const double a = y < 0 ? -y : y;
  double pow2 = 32768.0, units;
  uint64_t whole, bits;
  int e = 15;
  if (y != y) return sign | 0x7E00; /* NaN: quiet, no payload */
  if (a >= 65536.0) return sign | (toward_zero ? 0x7BFF : 0x7C00);
  if (a < 1.0 / 16384) {
    units = a * 16777216.0; /* subnormal: units of 2^-24 */
    bits = 0;
  } else {
    while (a < pow2) { pow2 /= 2; --e; } /* 2^e <= a < 2^(e+1) */
    units = a / pow2 * 1024.0;            /* in [1024, 2048) */
    bits = (uint64_t)(e + 14) << 10;      /* exponent field e + 15, minus the implicit 1024 units */
  }
  whole = (uint64_t)units;
  if (!toward_zero && (units - (double)whole > 0.5 || (units - (double)whole == 0.5 && (whole & 1) != 0))) ++whole;
  bits += whole; /* a carry out of the mantissa steps the exponent, as it should */
  if (bits >= 0x7C00) bits = toward_zero ? 0x7BFF : 0x7C00;
  return (uint16_t)(sign | bits);
}

/* Finite half bits to a double (exact). */
static double half_to_double(uint16_t h) {
  const int e = h >> 10 & 31;
  const double magnitude = e == 0 ? ldexp((double)(h & 1023), -24) : ldexp((double)(1024 + (h & 1023)), e - 25);
  return (h & 0x8000) != 0 ? -magnitude : magnitude;
}

/* fp32 bits to bfloat16 bits, to nearest even. */
static uint16_t float_to_bfloat16(uint32_t bits) {
  if ((bits & 0x7FFFFFFFu) > 0x7F800000u) return (uint16_t)((bits >> 16 & 0x8000u) | 0x7FC0u); /* NaN */
  return (uint16_t)((bits + 0x7FFFu + (bits >> 16 & 1u)) >> 16);
}

/* ReLU on raw bits (float or int32): negative values become +0. */
static uint32_t relu_bits(uint32_t bits) { return (bits & 0x80000000u) != 0 ? 0 : bits; }

static int is_vector_mode(uint32_t mode) {
  return mode == DCCONF_QUANT_VDEQF16 || mode == DCCONF_QUANT_VQF322B8_PRE || mode == DCCONF_QUANT_VREQ8;
}

/* FIX-4: the (U, T) pair each mode converts, for the modes this example implements. */
static int fix_pair_allowed(uint32_t mode, uint32_t u, uint32_t t) {
  switch (mode) {
    case DCCONF_QUANT_NOQUANT:
      return (u == DCCONF_DTYPE_FLOAT && t == DCCONF_DTYPE_FLOAT) ||
             (u == DCCONF_DTYPE_INT32 && t == DCCONF_DTYPE_INT32);
    case DCCONF_QUANT_F322F16: return u == DCCONF_DTYPE_FLOAT && t == DCCONF_DTYPE_HALF;
    case DCCONF_QUANT_F322BF16: return u == DCCONF_DTYPE_FLOAT && t == DCCONF_DTYPE_BFLOAT16;
    case DCCONF_QUANT_DEQF16: case DCCONF_QUANT_VDEQF16: return u == DCCONF_DTYPE_INT32 && t == DCCONF_DTYPE_HALF;
    case DCCONF_QUANT_QF322B8_PRE: case DCCONF_QUANT_VQF322B8_PRE:
      return u == DCCONF_DTYPE_FLOAT && (t == DCCONF_DTYPE_INT8 || t == DCCONF_DTYPE_UINT8);
    case DCCONF_QUANT_REQ8: case DCCONF_QUANT_VREQ8:
      return u == DCCONF_DTYPE_INT32 && (t == DCCONF_DTYPE_INT8 || t == DCCONF_DTYPE_UINT8);
    default: return 0;
  }
}

/* The FIX (U, T) pairs this example converts: those of its modes (supports() asks before quantPre matters). */
static int fix_pair_implemented(uint32_t u, uint32_t t) {
  uint32_t mode;
  for (mode = DCCONF_QUANT_NOQUANT; mode <= DCCONF_QUANT_VREQ8; ++mode) {
    if (fix_pair_allowed(mode, u, t)) return 1;
  }
  return 0;
}

/* FIX-5's fields of a quant parameter. AMB-12: a negative fp32 scale sign-extended to 64 bits is read as it stands
 * (negscale-signed), or by its low word only (negscale-magnitude). */
typedef struct quant_param {
  float m1;             /* bits [31:13]: 1-8-10, the low 13 bits ignored */
  uint32_t n;           /* bits [35:32] */
  int mcb;              /* bit 36 */
  uint32_t offset_bits; /* bits [45:37] */
  int signed_result;    /* bit 46 */
} quant_param;

static quant_param decode_quant(const dcconf_case* c, uint64_t q) {
  quant_param p;
  if ((q >> 31) == 0x1FFFFFFFFull && c->amb12FixNegScale == DCCONF_AMB12_NEGSCALE_MAGNITUDE) q &= 0xFFFFFFFFu;
  p.m1 = float_of_bits((uint32_t)q & 0xFFFFE000u);
  p.n = (uint32_t)(q >> 32 & 0xF);
  p.mcb = (q >> 36 & 1) != 0;
  p.offset_bits = (uint32_t)(q >> 37 & 0x1FF);
  p.signed_result = (q >> 46 & 1) != 0;
  return p;
}

/* FIX-6 on an int32 x up to the scale: the MCB shift (AMB-9: N raw, or N + 1 under shift-plus-one; arithmetic, then
 * saturated to int16), f32(x), times M1 -- or M2 = 0 for a negative x with ReLU, which gives -0.0 (FIX-6 literally).
 * The product is exact in double. half_saturation: AMB-20's deqf16-mcb-half reading (FIX DEQF16/VDEQF16 only): the
 * shifted value saturates to +-65504 and rounds to half instead. */
static double deq_scaled(const dcconf_case* c, uint32_t x, const quant_param* q, int relu, int half_saturation) {
  int64_t xi = (int32_t)x;
  double value;
  if (q->mcb) {
    const uint32_t shift = q->n + (c->amb9FixShift == DCCONF_AMB9_SHIFT_PLUS_ONE ? 1 : 0);
    xi = xi < 0 ? -((-xi - 1) >> shift) - 1 : xi >> shift;
    if (half_saturation) {
      xi = xi < -65504 ? -65504 : xi > 65504 ? 65504 : xi;
      value = half_to_double(double_to_half((double)xi, 0));
      return value * ((value < 0 && relu) ? 0.0 : (double)q->m1);
    }
    xi = xi < -32768 ? -32768 : xi > 32767 ? 32767 : xi;
  }
  value = (double)(float)xi;
  return value * ((value < 0 && relu) ? 0.0 : (double)q->m1);
}

/* A double in [-256, 255] to the nearest integer, ties to even (no libm). */
static int64_t round_half_even(double y) {
  const int64_t t = (int64_t)y;                   /* toward zero */
  const int64_t down = (double)t > y ? t - 1 : t; /* floor */
  const double fraction = y - (double)down;
  return fraction > 0.5 || (fraction == 0.5 && (down & 1) != 0) ? down + 1 : down;
}

/* FIX-6's 8-bit step (REQ8 and QF322B8 of FIX, ENH-4's DEQ8) on the scaled value y: saturate to [-256, 255], round
 * half to even, add the 9-bit offset (AMB-8), ReLU after the offset under AMB-11's second reading, then saturate to
 * int8 or uint8. */
static uint64_t quantise_8bit(const dcconf_case* c, double y, const quant_param* q, int relu_after_offset,
                              int to_int8) {
  int64_t k;
  if (y != y) y = 0; /* NaN (0 * inf): the oracle leaves the element unspecified */
  k = round_half_even(y < -256.0 ? -256.0 : y > 255.0 ? 255.0 : y);
  /* AMB-8: the 9-bit offset in two's complement (the first reading), or unsigned 0..511 (offset-unsigned) */
  k += c->amb8FixOffset != DCCONF_AMB8_OFFSET_UNSIGNED && q->offset_bits >= 256 ? (int64_t)q->offset_bits - 512
                                                                                 : (int64_t)q->offset_bits;
  if (relu_after_offset && k < 0) k = 0;
  if (to_int8) return (uint8_t)(k < -128 ? -128 : k > 127 ? 127 : k);
  return (uint64_t)(k < 0 ? 0 : k > 255 ? 255 : k);
}

/* FIX-6 for one element x (the source's raw 32 bits), with quant parameter q (FIX-5). */
static uint64_t fix_convert(const dcconf_case* c, uint32_t x, uint64_t q) {
  const dcconf_DataCopyCO12DstParams* p = &c->co12Dst;
  const int relu = p->reluPre == 1;
  quant_param param;
  uint16_t h;
  double y;
  switch (p->quantPre) {
    case DCCONF_QUANT_NOQUANT: return relu ? relu_bits(x) : x;
    case DCCONF_QUANT_F322F16: return double_to_half(float_of_bits(relu ? relu_bits(x) : x), 0);
    case DCCONF_QUANT_F322BF16: return float_to_bfloat16(relu ? relu_bits(x) : x);
    default: break;
  }
  param = decode_quant(c, q);
  if (p->quantPre >= DCCONF_QUANT_QF322B8_PRE) { /* QF322B8 float -> 8 bits, REQ8 int32 -> 8 bits */
    /* AMB-11: ReLU at the scale (M2 = 0), or max(., 0) after the offset */
    const int relu_after_offset = relu && c->amb11FixReluOrder == DCCONF_AMB11_RELU_AFTER_OFFSET;
    /* AMB-12 negscale-magnitude: bits [46:32] of a sign-extended word are not fields; T alone picks int8 */
    const int magnitude = (q >> 31) == 0x1FFFFFFFFull && c->amb12FixNegScale == DCCONF_AMB12_NEGSCALE_MAGNITUDE;
    const double value = (double)float_of_bits(x);
    y = c->fixpipe.srcDType == DCCONF_DTYPE_FLOAT ? value * ((value < 0 && relu && !relu_after_offset) ? 0.0 : param.m1)
                                                  : deq_scaled(c, x, &param, relu && !relu_after_offset, 0);
    return quantise_8bit(c, y, &param, relu_after_offset,
                         param.signed_result || (magnitude && c->dtype == DCCONF_DTYPE_INT8));
  }
  /* DEQF16 / VDEQF16: int32 -> half */
  y = deq_scaled(c, x, &param, relu, c->amb20Deqf16Mcb == DCCONF_AMB20_HALF);
  y = y > 65504.0 ? 65504.0 : y < -65504.0 ? -65504.0 : y; /* FIX-6: saturate to the half range, never inf */
  h = double_to_half(y, c->amb10FixDeqRounding == DCCONF_AMB10_DEQ_TRUNC);
  return h == 0x8000 ? 0 : h; /* FIX-6a: the zero offset is added after the conversion: never -0.0 */
}

/* FIX-5: the quant parameter of column col: the V* tensor's entry, or the scalar. */
static uint64_t fix_param(const dcconf_case* c, uint64_t col) {
  return is_vector_mode(c->co12Dst.quantPre) ? c->fixpipe.quantTensor[col] : c->fixpipe.quantScalar;
}

/* A test fixture may swap in its own parameter pick and element conversion (runners/plugin/tests/fixtures). */
#ifndef EXAMPLE_FIX_PARAM
#define EXAMPLE_FIX_PARAM(c, row, col) fix_param(c, col)
#endif
#ifndef EXAMPLE_FIX_CONVERT
#define EXAMPLE_FIX_CONVERT fix_convert
#endif

static int copy_fixpipe(const dcconf_case* c, const uint8_t* src, size_t src_size, uint8_t* dst, size_t dst_size,
                        char* detail, size_t detail_cap) {
  const dcconf_DataCopyCO12DstParams* p = &c->co12Dst;
  const dcconf_FixpipeState* f = &c->fixpipe;
  const uint64_t s = dtype_bytes(c->dtype);
  /* FIX-1 (revised): C0d is 32 for 8-bit results, 8 with channelSplit (FIX-3), else 16 */
  const uint64_t c0 = p->channelSplit ? 8 : (dtype_bytes(c->dtype) == 1 ? 32 : 16);
  /* FIX-2: srcNdStride counts 1024-byte units, one 16x16 fractal of 4-byte L0C elements; C0_SIZE (16 elements) on
   * the 950, whose register fields are whole (FIX-8) */
  const int is950 = c->product == DCCONF_PRODUCT_ASCEND950;
  const uint64_t nd = p->nz2ndEn ? f->ndNum : 1, nd_src = p->nz2ndEn ? (uint64_t)f->srcNdStride * (is950 ? 16 : 256) : 0;
  uint64_t src_span = 0, dst_span, i, m, col, block;
  int status;

  /* FIX-1..4 constraints */
  if (!fix_pair_allowed(p->quantPre, f->srcDType, c->dtype)) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "FIX-4: quantPre %u does not convert dtype %u to %u",
                  (unsigned)p->quantPre, (unsigned)f->srcDType, (unsigned)c->dtype);
  }
  if (c->dstPos == DCCONF_POS_A1 && (c->dtype == DCCONF_DTYPE_FLOAT || c->dtype == DCCONF_DTYPE_INT32)) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "FIX-4: CO1->A1 has no float or int32_t destination");
  }
  if (p->reluPre > 1) return answer(detail, detail_cap, DCCONF_REJECTED, "FIX-6: reluPre must be 0 or 1");
  if (p->nSize == 0 || p->mSize == 0 || p->srcStride % 16 != 0 || p->dstStride == 0) {
    return answer(detail, detail_cap, DCCONF_REJECTED,
                  "FIX-1: nSize, mSize and dstStride must be >= 1 and srcStride a multiple of 16");
  }
  if (p->channelSplit && (c->dtype != DCCONF_DTYPE_FLOAT || p->nz2ndEn)) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "FIX-3: channelSplit is for a float destination without nz2nd");
  }
  if (p->nz2ndEn && (c->dstPos != DCCONF_POS_GM || f->ndNum == 0)) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "FIX-2: nz2ndEn is for CO1->GM, with ndNum >= 1");
  }
  if (p->nz2ndEn && !is950 && (f->srcNdStride > 512 || f->dstNdStride > 65535)) { /* FIX-2: A2/A3 ranges */
    return answer(detail, detail_cap, DCCONF_REJECTED, "FIX-2: srcNdStride %u > 512 or dstNdStride %u > 65535",
                  (unsigned)f->srcNdStride, (unsigned)f->dstNdStride);
  }
  if (!p->nz2ndEn && p->nSize % c0 != 0) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "FIX-1: nSize %u is not a multiple of C0d = %u",
                  (unsigned)p->nSize, (unsigned)c0);
  }
  if (is_vector_mode(p->quantPre) && f->quantTensorLength < p->nSize) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "FIX-4: the V* quant tensor has fewer than nSize entries");
  }

  /* Spans: the source is L0C fractals 16 columns wide (FIX-1/2), read as 4-byte elements. */
  for (block = 0; block * 16 < p->nSize; ++block) {
    const uint64_t last_col = block * 16 + 15 < p->nSize ? 15 : (p->nSize - 1) % 16;
    const uint64_t end =
        ((nd - 1) * nd_src + block * p->srcStride * 16 + 16 * (uint64_t)(p->mSize - 1) + last_col + 1) * 4;
    if (end > src_span) src_span = end;
  }
  dst_span = p->nz2ndEn ? ((nd - 1) * f->dstNdStride + (uint64_t)(p->mSize - 1) * p->dstStride + p->nSize) * s
                        : 32 * (uint64_t)p->dstStride * (p->nSize / c0 - 1) + c0 * p->mSize * s;
  status = check_buffers(c, src_size, src_span, dst_size, dst_span, detail, detail_cap);
  if (status != DCCONF_OK) return status;

  for (i = 0; i < nd; ++i) {
    for (m = 0; m < p->mSize; ++m) {
      for (col = 0; col < p->nSize; ++col) {
        const uint64_t from = i * nd_src + (col / 16) * p->srcStride * 16 + 16 * m + col % 16;
        const uint64_t to = p->nz2ndEn ? (i * f->dstNdStride + m * p->dstStride + col) * s /* FIX-2 */
                                       : 32 * (uint64_t)p->dstStride * (col / c0) + (c0 * m + col % c0) * s;
        const uint32_t x = (uint32_t)load_bits(src + c->src.offsetBytes + 4 * from, 4);
        store_bits(dst + c->dst.offsetBytes + to, EXAMPLE_FIX_CONVERT(c, x, EXAMPLE_FIX_PARAM(c, m, col)), s);
      }
    }
  }
  return DCCONF_OK;
}

/* ---- the Ascend 950 Fixpipe, FixpipeParamsArch3510<CO2Layout> (FIX950, ABI 1.6) -------------------------------- */

/* FIX950-2/3/4: NZ (dstStride in elements), ROW_MAJOR (srcNdStride in C0_SIZE = 16-element units) or COLUMN_MAJOR
 * (the transpose; rows srcNzC0Stride C0_SIZE apart); a zero count is a NOP unless AMB-23 says reject. Values as FIX. */
static int copy_fixpipe950(const dcconf_case* c, const uint8_t* src, size_t src_size, uint8_t* dst, size_t dst_size,
                           char* detail, size_t detail_cap) {
  const dcconf_DataCopyCO12DstParams* p = &c->co12Dst;
  const dcconf_FixpipeState* f = &c->fixpipe;
  const dcconf_Nz2DnParams* dn = &c->nz2dn;
  const uint32_t layout = c->co2Layout;
  const uint64_t s = dtype_bytes(c->dtype);
  const uint64_t c0 = p->channelSplit ? 8 : (s == 1 ? 32 : 16);
  const uint64_t count = layout == DCCONF_CO2_ROW_MAJOR ? f->ndNum : layout == DCCONF_CO2_COLUMN_MAJOR ? dn->dnNum : 1;
  const uint64_t src_matrix = 16 * (uint64_t)(layout == DCCONF_CO2_ROW_MAJOR      ? f->srcNdStride
                                              : layout == DCCONF_CO2_COLUMN_MAJOR ? dn->srcNzMatrixStride
                                                                                  : 0);
  const uint64_t src_row = layout == DCCONF_CO2_COLUMN_MAJOR ? 16 * (uint64_t)dn->srcNzC0Stride : 16;
  const uint64_t dst_matrix = layout == DCCONF_CO2_COLUMN_MAJOR ? dn->dstDnMatrixStride : f->dstNdStride;
  uint64_t src_span = 0, dst_span, i, m, col, block;
  int status;

  if (layout > DCCONF_CO2_COLUMN_MAJOR || !fix_pair_allowed(p->quantPre, f->srcDType, c->dtype) || p->nz2ndEn ||
      p->reluPre > 1) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "FIX950-1: layout, conversion, nz2ndEn or reluEn");
  }
  if (p->nSize > 4095 || p->srcStride % 16 != 0 || p->dstStride == 0 ||
      (p->channelSplit && (c->dtype != DCCONF_DTYPE_FLOAT || layout != DCCONF_CO2_NZ)) ||
      (layout == DCCONF_CO2_NZ && p->nSize % c0 != 0)) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "FIX950-2: nSize, srcStride, dstStride or isChannelSplit");
  }
  if (layout == DCCONF_CO2_ROW_MAJOR && f->ndNum > 1 && f->dstNdStride == 0) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "FIX950-3: dstNdStride 0 with ndNum > 1");
  }
  if (layout == DCCONF_CO2_COLUMN_MAJOR &&
      (dn->srcNzC0Stride == 0 || p->mSize > 32767 || (dn->dnNum > 1 && dn->dstDnMatrixStride == 0))) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "FIX950-4: srcNzC0Stride, mSize or dstDnMatrixStride");
  }
  if (c->amb23Fix950Zero == DCCONF_AMB23_REJECT && (p->nSize == 0 || p->mSize == 0 || count == 0)) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "FIX950-6: a zero count under fix950-zero-reject");
  }
  if (is_vector_mode(p->quantPre) && f->quantTensorLength < p->nSize) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "FIX950-5: the V* quant tensor has fewer than nSize entries");
  }
  if (p->nSize == 0 || p->mSize == 0 || count == 0) return DCCONF_OK; /* FIX950-6: the page's NOP */

  for (block = 0; block * 16 < p->nSize; ++block) {
    const uint64_t last_col = block * 16 + 15 < p->nSize ? 15 : (p->nSize - 1) % 16;
    const uint64_t end = ((count - 1) * src_matrix + block * p->srcStride * 16 + src_row * (p->mSize - 1) + last_col + 1) * 4;
    if (end > src_span) src_span = end;
  }
  dst_span = layout == DCCONF_CO2_ROW_MAJOR ? ((count - 1) * dst_matrix + (uint64_t)(p->mSize - 1) * p->dstStride + p->nSize) * s
             : layout == DCCONF_CO2_COLUMN_MAJOR
                 ? ((count - 1) * dst_matrix + (uint64_t)(p->nSize - 1) * p->dstStride + p->mSize) * s
                 : ((p->nSize / c0 - 1) * (uint64_t)p->dstStride + c0 * p->mSize) * s;
  status = check_buffers(c, src_size, src_span, dst_size, dst_span, detail, detail_cap);
  if (status != DCCONF_OK) return status;

  for (i = 0; i < count; ++i) {
    for (m = 0; m < p->mSize; ++m) {
      for (col = 0; col < p->nSize; ++col) {
        const uint64_t from = i * src_matrix + (col / 16) * p->srcStride * 16 + src_row * m + col % 16;
        const uint64_t to = layout == DCCONF_CO2_ROW_MAJOR ? (i * dst_matrix + m * p->dstStride + col) * s
                            : layout == DCCONF_CO2_COLUMN_MAJOR
                                ? (i * dst_matrix + col * p->dstStride + m) * s
                                : ((col / c0) * (uint64_t)p->dstStride + c0 * m + col % c0) * s;
        const uint32_t x = (uint32_t)load_bits(src + c->src.offsetBytes + 4 * from, 4);
        store_bits(dst + c->dst.offsetBytes + to, EXAMPLE_FIX_CONVERT(c, x, EXAMPLE_FIX_PARAM(c, m, col)), s);
      }
    }
  }
  return DCCONF_OK;
}

/* ---- enhanced DataCopy CO1 -> CO2 with deqScale (SEMANTICS section 9, ABI 1.3) ------------------------------ */

static int is_vector_deq(uint32_t deq_scale) { return deq_scale == DCCONF_VDEQ || deq_scale == DCCONF_VDEQ8; }

/* ENH-4 for one int32 element with parameter bits: (V)DEQ -> half, (V)DEQ8 -> int8/uint8 (FIX-6 on FIX-5's fields).
 * isRelu decides ReLU (ENH-3: "relu wins" over the parameter); AMB-11 puts it before the scale (M2 = 0) or after the
 * offset. */
static uint64_t enhanced_convert(const dcconf_case* c, uint32_t x, uint64_t param_bits) {
  const dcconf_DataCopyEnhancedParams* e = &c->enhancedParams;
  const quant_param q = decode_quant(c, param_bits);
  const int relu = e->isRelu != 0;
  const int relu_after_offset = relu && c->amb11FixReluOrder == DCCONF_AMB11_RELU_AFTER_OFFSET;
  if (e->deqScale == DCCONF_DEQ || e->deqScale == DCCONF_VDEQ) {
    return double_to_half(deq_scaled(c, x, &q, relu, 0), c->amb10FixDeqRounding == DCCONF_AMB10_DEQ_TRUNC);
  }
  /* bit 46 picks int8 or uint8; the header sets it for an int8 T */
  return quantise_8bit(c, deq_scaled(c, x, &q, relu && !relu_after_offset, 0), &q, relu_after_offset,
                       q.signed_result || c->dtype == DCCONF_DTYPE_INT8);
}

/* Where element j of a burst lands in its destination burst: contiguous at sizeof(T), or, for DEQ8 with sidStoreMode
 * 0/1, each 16 results (one 1x16 source row) in one half of a 32-byte slot, the other half kept (ENH-3). */
static uint64_t enhanced_dst_byte(uint64_t j, int half_slot, uint64_t s) {
  return half_slot >= 0 ? 32 * (j / 16) + (uint64_t)half_slot + j % 16 : j * s;
}

static int copy_enhanced_co1(const dcconf_case* c, const uint8_t* src, size_t src_size, uint8_t* dst,
                             size_t dst_size, char* detail, size_t detail_cap) {
  const dcconf_DataCopyParams* p = &c->params.dataCopy;
  const dcconf_DataCopyEnhancedParams* e = &c->enhancedParams;
  const dcconf_EnhancedConversion* k = &c->enhancedConversion;
  const uint64_t s = dtype_bytes(c->dtype);
  /* AMB-13: the V* entries of bursts after the first: entries 0..15 again, or 16 more per burst (vdeq-advance) */
  const int advance = c->amb13VdeqTensorStep == DCCONF_AMB13_VDEQ_ADVANCE;
  uint64_t block_elems, stride_elems, burst_elems, src_pitch, dst_pitch, src_span = 0, dst_span = 0, i, j;
  int half_slot = -1; /* DEQ8 with sidStoreMode 0/1: 16 results fill one 16-byte half (0 low, 16 high) of 32 B */
  int status;

  /* DC-1, then ENH-1's block modes and padMode, then ENH-3's store modes: the oracle's order */
  if (p->blockCount > 4095 || ((p->blockCount == 0 || p->blockLen == 0) && !zero_is_noop(c))) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "DC-1: blockCount %u must be in [1, 4095], blockLen >= 1",
                  (unsigned)p->blockCount);
  }
  switch (e->blockMode) { /* ENH-1 tables 7, 8: elements of a block, and the src stride unit, in elements of U */
    /* AMB-19: under enh-len-32b blockLen counts 32-byte blocks of the 4-byte source (8 elements); this
     * plugin takes the table's blocks otherwise (the default profile accepts either) */
    case DCCONF_BLOCK_MODE_MATRIX: block_elems = 256; stride_elems = 256; break;
    case DCCONF_BLOCK_MODE_VECTOR: block_elems = 16; stride_elems = 256; break;
    case DCCONF_BLOCK_MODE_SMALL_CHANNEL: block_elems = 64; stride_elems = 64; break;
    default: return answer(detail, detail_cap, DCCONF_REJECTED, "ENH-1: blockMode %u is not a CO1->CO2 mode",
                           (unsigned)e->blockMode);
  }
  if (e->padMode != 0) return answer(detail, detail_cap, DCCONF_REJECTED, "ENH-1: padMode must be PAD_NONE");
  if (e->blockMode != DCCONF_BLOCK_MODE_SMALL_CHANNEL && c->amb19EnhBlockLenUnit == DCCONF_AMB19_DATA_BLOCK_32) {
    block_elems = DATA_BLOCK_BYTES / 4;
  }
  if ((e->deqScale == DCCONF_DEQ8 || e->deqScale == DCCONF_VDEQ8) && e->sidStoreMode != 3) {
    if (e->sidStoreMode > 1) {
      return answer(detail, detail_cap, DCCONF_REJECTED, "ENH-3: sidStoreMode %u is not 0, 1 or 3",
                    (unsigned)e->sidStoreMode);
    }
    /* ENH-3: the page says 0 = high 16 B, 1 = low; AMB-15 sid-matmul swaps them */
    half_slot = (e->sidStoreMode == 0) == (c->amb15SidHalf == DCCONF_AMB15_DOC_PAGE) ? 16 : 0;
  }
  if (is_vector_deq(e->deqScale) &&
      k->deqTensorLength < (advance && p->blockCount > 1 ? 16 * (uint64_t)p->blockCount : 16)) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "ENH-2: the V* deq tensor has %llu entries, fewer than it reads",
                  (unsigned long long)k->deqTensorLength);
  }

  /* ENH-2: the UB side holds the same elements at sizeof(T); bursts 32*dstStride apart */
  burst_elems = (uint64_t)p->blockLen * block_elems;
  src_pitch = burst_elems * 4 + (uint64_t)p->srcStride * stride_elems * 4;
  dst_pitch = (half_slot >= 0 ? 2 * burst_elems : burst_elems * s) + DATA_BLOCK_BYTES * (uint64_t)p->dstStride;
  if (burst_elems > 0 && p->blockCount > 0) {
    src_span = (p->blockCount - 1) * src_pitch + burst_elems * 4;
    dst_span = (p->blockCount - 1) * dst_pitch + enhanced_dst_byte(burst_elems - 1, half_slot, s) + s;
  }
  status = check_buffers(c, src_size, src_span, dst_size, dst_span, detail, detail_cap);
  if (status != DCCONF_OK || src_span == 0) return status;

  for (i = 0; i < p->blockCount; ++i) {
    for (j = 0; j < burst_elems; ++j) {
      const uint32_t x = (uint32_t)load_bits(src + c->src.offsetBytes + i * src_pitch + 4 * j, 4);
      const uint64_t q = is_vector_deq(e->deqScale) ? k->deqTensor[(advance ? 16 * i : 0) + j % 16] : e->deqValue;
      store_bits(dst + c->dst.offsetBytes + i * dst_pitch + enhanced_dst_byte(j, half_slot, s),
                 enhanced_convert(c, x, q), s);
    }
  }
  return DCCONF_OK;
}

/* ENH-2 table 5, the part implemented here: (V)DEQ int32 -> half, (V)DEQ8 int32 -> int8/uint8 on the CO2 products;
 * V* not on SMALL_CHANNEL (its column order is undocumented: dcconf does not check it either). A case from a dcconf
 * older than this header (struct_size smaller) states no source type: not supported. */
static int enhanced_supported(const dcconf_case* c) {
  const dcconf_DataCopyEnhancedParams* e = &c->enhancedParams;
  if (c->product != DCCONF_PRODUCT_ATLAS_TRAINING && c->product != DCCONF_PRODUCT_ATLAS_INFERENCE_310P) return 0;
  if (c->struct_size < sizeof(dcconf_case) || !c->hasEnhancedParams) return 0;
  if (c->enhancedConversion.srcDType != DCCONF_DTYPE_INT32) return 0;
  if (is_vector_deq(e->deqScale) && e->blockMode == DCCONF_BLOCK_MODE_SMALL_CHANNEL) return 0;
  if (e->deqScale == DCCONF_DEQ || e->deqScale == DCCONF_VDEQ) return c->dtype == DCCONF_DTYPE_HALF;
  return (e->deqScale == DCCONF_DEQ8 || e->deqScale == DCCONF_VDEQ8) &&
         (c->dtype == DCCONF_DTYPE_INT8 || c->dtype == DCCONF_DTYPE_UINT8);
}

/* ---- the ABI entry points --------------------------------------------------------------------------------- */

/* DC-4: the dtypes of normal DataCopy. */
/* DC-4 on Atlas A2/A3 (the only products this plugin's DataCopy serves): the basic DataCopy's type check also
 * allows bfloat16_t, int64_t, uint64_t and double; the copy moves bytes either way. */
static int is_datacopy_dtype(uint32_t dtype) {
  return dtype == DCCONF_DTYPE_HALF || dtype == DCCONF_DTYPE_INT16 || dtype == DCCONF_DTYPE_UINT16 ||
         dtype == DCCONF_DTYPE_FLOAT || dtype == DCCONF_DTYPE_INT32 || dtype == DCCONF_DTYPE_UINT32 ||
         dtype == DCCONF_DTYPE_INT8 || dtype == DCCONF_DTYPE_UINT8 || dtype == DCCONF_DTYPE_BFLOAT16 ||
         dtype == DCCONF_DTYPE_INT64 || dtype == DCCONF_DTYPE_UINT64 || dtype == DCCONF_DTYPE_DOUBLE;
}

/* Capability only: which product/operation/dtype this plugin implements. dcconf resolves the operation for us
 * (c->operation); a malformed case arrives as DCCONF_OP_NONE. */
static int example_supports(void* self, const dcconf_case* c) {
  (void)self;
  if (c->operation == DCCONF_OP_ENHANCED_CO1_TO_CO2) return enhanced_supported(c);
  if (c->atomicOp != DCCONF_ATOMIC_NONE) return 0; /* ATOM: the atomic copies to GM are not implemented here */
  /* LOOP-1: loop mode is the 950's, on the DataCopyPad calls this plugin implements there (Compact) */
  if (c->hasLoopMode && c->operation != DCCONF_OP_PAD_COMPACT_GM_TO_UB && c->operation != DCCONF_OP_PAD_COMPACT_UB_TO_GM) {
    return 0;
  }
  if (c->operation == DCCONF_OP_PAD_COMPACT_GM_TO_UB || c->operation == DCCONF_OP_PAD_COMPACT_UB_TO_GM) {
    return c->product == DCCONF_PRODUCT_ASCEND950 && c->dtype <= DCCONF_DTYPE_DOUBLE; /* PAD-CMP-1: the 950 only */
  }
  if (c->operation == DCCONF_OP_FIXPIPE_950) { /* FIX950-1: the 950 only; the FIX pairs implemented here */
    /* FIX950-8..11: the L0C->UB call (and its dualDstCtl) is not implemented here: CO1->GM only */
    return c->product == DCCONF_PRODUCT_ASCEND950 && c->hasFixpipe && c->hasCo2Layout && c->dstPos == DCCONF_POS_GM &&
           fix_pair_implemented(c->fixpipe.srcDType, c->dtype);
  }
  /* FIX-8: the 950 has DataCopy with DataCopyCO12DstParams too; the other paths here are A2/A3's */
  if (c->product != DCCONF_PRODUCT_ATLAS_A2 && c->product != DCCONF_PRODUCT_ATLAS_A3 &&
      !(c->product == DCCONF_PRODUCT_ASCEND950 && c->operation == DCCONF_OP_FIXPIPE)) {
    return 0;
  }
  if (c->dtype > DCCONF_DTYPE_DOUBLE) return 0;
  switch (c->operation) {
    case DCCONF_OP_PAD_GM_TO_UB:
    case DCCONF_OP_PAD_UB_TO_GM:
      return 1; /* Atlas A2/A3 document DataCopyPad for every dtype */
    case DCCONF_OP_COPY_0LEVEL:
      return is_datacopy_dtype(c->dtype) && c->srcPos != DCCONF_POS_CO2; /* A2/A3 have no CO2 */
    case DCCONF_OP_FIXPIPE:
      return c->hasFixpipe && fix_pair_implemented(c->fixpipe.srcDType, c->dtype);
    default:
      return 0;
  }
}

static int example_run(void* self, const dcconf_case* c, const uint8_t* src, size_t src_size, uint8_t* dst,
                       size_t dst_size, char* detail, size_t detail_cap);

/* LOOP-2: the 950 header's loop limits; the UB side is dst for GM->UB and src for UB->GM. */
static int loop_stride_ok(uint64_t stride, int ub_side) {
  return ub_side ? stride < (1u << 21) && stride % 32 == 0 : stride < ((uint64_t)1 << 40);
}

/* LOOP-3: loop mode repeats the call; iteration (i2, i1) starts loop2*Stride*i2 + loop1*Stride*i1 bytes past the
 * call's own starts on each side. */
static int run_loop_mode(void* self, const dcconf_case* c, const uint8_t* src, size_t src_size, uint8_t* dst,
                         size_t dst_size, char* detail, size_t detail_cap) {
  const dcconf_LoopModeParams* l = &c->loopMode;
  const int ub_is_dst = c->operation == DCCONF_OP_PAD_GM_TO_UB || c->operation == DCCONF_OP_PAD_COMPACT_GM_TO_UB;
  dcconf_case call = *c;
  uint64_t i1, i2;
  if (l->loop1Size >= (1u << 21) || l->loop2Size >= (1u << 21) || !loop_stride_ok(l->loop1SrcStride, !ub_is_dst) ||
      !loop_stride_ok(l->loop2SrcStride, !ub_is_dst) || !loop_stride_ok(l->loop1DstStride, ub_is_dst) ||
      !loop_stride_ok(l->loop2DstStride, ub_is_dst)) {
    return answer(detail, detail_cap, DCCONF_REJECTED, "LOOP-2: a loop size or stride is out of the 950's range");
  }
  if (l->loop1Size == 0 || l->loop2Size == 0) { /* AMB-25: no iteration, but the call's own rules still hold */
    const blocks b = read_blocks(c);
    return ub_is_dst ? check_pad_gm_to_ub(c, &b, "PAD-CMP-1", detail, detail_cap)
                     : check_pad_blocks(c, &b, "PAD-CMP-1", detail, detail_cap);
  }
  call.hasLoopMode = 0;
  for (i2 = 0; i2 < l->loop2Size; ++i2) {
    for (i1 = 0; i1 < l->loop1Size; ++i1) {
      int status;
      call.src.offsetBytes = c->src.offsetBytes + i2 * l->loop2SrcStride + i1 * l->loop1SrcStride;
      call.dst.offsetBytes = c->dst.offsetBytes + i2 * l->loop2DstStride + i1 * l->loop1DstStride;
      status = example_run(self, &call, src, src_size, dst, dst_size, detail, detail_cap);
      if (status != DCCONF_OK) return status;
    }
  }
  return DCCONF_OK;
}

static int example_run(void* self, const dcconf_case* c, const uint8_t* src, size_t src_size, uint8_t* dst,
                       size_t dst_size, char* detail, size_t detail_cap) {
  example_instance* instance = (example_instance*)self;
  ++instance->cases_run;
  if (!example_supports(self, c)) {
    return answer(detail, detail_cap, DCCONF_NOT_SUPPORTED, "example plugin: product %u, operation %u, dtype %u",
                  (unsigned)c->product, (unsigned)c->operation, (unsigned)c->dtype);
  }
  if (c->hasLoopMode) return run_loop_mode(self, c, src, src_size, dst, dst_size, detail, detail_cap);
  switch (c->operation) {
    case DCCONF_OP_PAD_GM_TO_UB: return copy_pad_gm_to_ub(c, src, src_size, dst, dst_size, detail, detail_cap);
    case DCCONF_OP_PAD_UB_TO_GM: return copy_pad_ub_to_gm(c, src, src_size, dst, dst_size, detail, detail_cap);
    case DCCONF_OP_FIXPIPE: return copy_fixpipe(c, src, src_size, dst, dst_size, detail, detail_cap);
    case DCCONF_OP_FIXPIPE_950: return copy_fixpipe950(c, src, src_size, dst, dst_size, detail, detail_cap);
    case DCCONF_OP_PAD_COMPACT_GM_TO_UB:
      return copy_pad_compact_gm_to_ub(c, src, src_size, dst, dst_size, detail, detail_cap);
    case DCCONF_OP_PAD_COMPACT_UB_TO_GM:
      return copy_pad_compact_ub_to_gm(c, src, src_size, dst, dst_size, detail, detail_cap);
    case DCCONF_OP_ENHANCED_CO1_TO_CO2: return copy_enhanced_co1(c, src, src_size, dst, dst_size, detail, detail_cap);
    default: return copy_0level(c, src, src_size, dst, dst_size, detail, detail_cap);
  }
}

static const dcconf_backend_v1_t example_table = {
    DCCONF_ABI_VERSION, sizeof(dcconf_backend_v1_t), "example", "1.0 (dcconf example plugin)",
    example_create,     example_destroy,             example_supports, example_run,
    DCCONF_CASE_LEVEL(13), /* the level this plugin implements, 1.13: never sizeof (a rebuild against a newer header
                            * must not claim fields this code does not read); every case of it reaches
                            * example_supports, which decides */
};

/* The test fixtures include this file to reuse it with one deliberate bug each; they export their own table. */
#ifndef DCCONF_EXAMPLE_NO_ENTRY_POINT
DCCONF_EXPORT const dcconf_backend_v1_t* dcconf_backend_v1(void) { return &example_table; }
#endif
