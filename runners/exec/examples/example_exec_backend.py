#!/usr/bin/env python3
"""Reference implementation of the dcconf.exec/1 protocol (docs/exec-protocol.md), and a template for wrapping
a simulator.

dcconf starts this script once and streams cases to it:

    dcconf run --backend exec:"python3 runners/exec/examples/example_exec_backend.py"

Protocol in one paragraph: every message is one line of JSON. On stdin, dcconf first sends a hello
({"protocol":"dcconf.exec/1","hello":true}); we answer {"hello":true,"name":...,"version":...}. Then, for each
case, dcconf sends {"protocol":"dcconf.exec/1","id":N,"case":"<dir>/case.json","dst":"<dir>/dst.bin",
"dstBytes":M}. We load the dcconf.case/1 file, perform the copy, write the whole destination buffer (exactly M
bytes) to the "dst" path, and answer {"id":N,"status":"ok"|"rejected"|"not-supported"|"error","detail":"..."}.
EOF on stdin means "exit now".

To wrap a simulator, keep main() and load_case() as they are and replace perform() with: set up the
simulator's memories from the case's src/dst buffers, issue the DataCopy/DataCopyPad call with the case's
parameters, read the destination memory back. Two rules matter more than anything else:
  * stdout belongs to the protocol. Anything else (simulator logs, debug prints) must go to stderr, which dcconf
    saves to <session>/stderr.log. A stray line on stdout is a protocol error and gets this process restarted.
  * Answer every request with exactly one line, and flush it.

This example implements, straight from SEMANTICS.md, using only the standard library:
  DataCopyPad GM->VECIN/VECOUT (PAD-G2U-1..4), DataCopyPad VECIN/VECOUT->GM (PAD-U2G-1, -2), their 950
  PaddingMode::Compact (PAD-CMP-1..4, the header's reading of AMB-21/22),
  DataCopy 0-level (DC-1, DC-2), DataCopy ND2NZ GM->A1/B1 (ND2NZ-1..3) and the quantising copy CO1->GM/A1
  (FIX-1..3, DataCopyCO12DstParams) without conversion (quantPre NoQuant, with or without ReLU);
and answers not-supported for everything else. The case's "profile" is ignored on purpose: it only tells
dcconf how to grade (it is not a hardware input); "product" is read once, for the unit of the nz2nd register's
srcNdStride, which the Ascend 950 counts in C0_SIZE (FIX-8).
"""

import json
import os
import sys

PROTOCOL = "dcconf.exec/1"
# dcconf offers /2 in its hello ("offer"); we take it unless started with --protocol 1. Under /2 the case comes
# inline in the request and both buffers sit in one shared-memory arena: no files per case (docs/exec-protocol.md).
PROTOCOL_V2 = "dcconf.exec/2"
NAME = "example-python"
VERSION = "1.0"

# Ascend C element type name -> sizeof(T) in bytes (SEMANTICS section 0: "s").
DTYPE_BYTES = {
    "int8_t": 1, "uint8_t": 1, "int16_t": 2, "uint16_t": 2, "half": 2, "bfloat16_t": 2,
    "int32_t": 4, "uint32_t": 4, "float": 4, "int64_t": 8, "uint64_t": 8, "double": 8,
}
C0_BYTES = 32  # one Unified Buffer data block ("C0B")
UB_POSITIONS = ("VECIN", "VECOUT")


class Rejected(Exception):
    """The case breaks a documented constraint (G-4): the hardware API would refuse it."""


class NotSupported(Exception):
    """This backend does not implement the case's path or parameter struct."""


def align_up(value, alignment):
    return (value + alignment - 1) // alignment * alignment


def require_range(name, value, low, high):
    if not low <= value <= high:
        raise Rejected(f"{name} = {value}: must be in [{low}, {high}]")


def raw_bits(value):
    """dcconf writes paddingValue and padRegister as raw little-endian bits, "0x..."; plain integers work too."""
    if isinstance(value, str):
        return int(value, 16)
    if isinstance(value, int) and value >= 0:
        return value
    raise NotSupported(f"pad value {value!r}: this example reads raw bits (\"0x...\") or non-negative integers")


def element_bytes(bits, size):
    """The low `size` bytes of bits, little-endian: one element of T as it sits in memory."""
    return (bits & ((1 << (8 * size)) - 1)).to_bytes(size, "little")


# ---- loading a dcconf.case/1 file -----------------------------------------------------------------------------

def load_buffer(spec, case_dir):
    """A buffer is {"size", "offset", "file"} (dcconf always sends files) or {"size", "offset", "hex"}."""
    if "file" in spec:
        with open(os.path.join(case_dir, spec["file"]), "rb") as f:
            data = bytearray(f.read())
    else:
        data = bytearray.fromhex(spec["hex"])
    if len(data) != spec["size"]:
        raise ValueError(f"buffer holds {len(data)} bytes, the case says {spec['size']}")
    return data


def load_case(path):
    with open(path, encoding="utf-8") as f:
        case = json.load(f)
    if case.get("schema") != "dcconf.case/1":
        raise ValueError(f"{path}: schema {case.get('schema')!r} is not dcconf.case/1")
    case_dir = os.path.dirname(path)
    return case, load_buffer(case["src"], case_dir), load_buffer(case["dst"], case_dir)


# ---- the copies, one function per SEMANTICS section -------------------------------------------------------------
# Each takes the case, the source bytes and the destination bytes (the destination's prior content) and writes
# into dst in place. src_at/dst_at are the case's start offsets inside the buffers.

def check_bounds(case, src_span, dst_span):
    """G-1/G-2: a copy must stay inside the buffers it was given. A real simulator would fault; we refuse."""
    for side, span in (("src", src_span), ("dst", dst_span)):
        buf = case[side]
        if buf["offset"] + span > buf["size"]:
            raise Rejected(f"{side}: the copy needs {buf['offset'] + span} bytes, the buffer has {buf['size']}")


def copy_blocks(case, src, dst, count, size, src_pitch, dst_pitch):
    """count blocks of `size` bytes, block i read at i*src_pitch and written at i*dst_pitch (both in bytes)."""
    check_bounds(case, (count - 1) * src_pitch + size, (count - 1) * dst_pitch + size)
    src_at, dst_at = case["src"]["offset"], case["dst"]["offset"]
    for i in range(count):
        read, write = src_at + i * src_pitch, dst_at + i * dst_pitch
        dst[write: write + size] = src[read: read + size]


def pad_gm_to_ub(case, src, dst):
    """DataCopyPad GM -> VECIN/VECOUT (SEMANTICS section 1)."""
    p, pad = case["params"], case["padParams"]
    s = DTYPE_BYTES[case["dtype"]]
    count, B = p["blockCount"], p["blockLen"]  # blockLen is in bytes for DataCopyPad
    L, R = pad["leftPadding"], pad["rightPadding"]
    # PAD-G2U-1: constraints.
    require_range("params.blockCount", count, 1, 4095)
    require_range("params.blockLen", B, 1, 2097151)
    if L * s > 32 or R * s > 32:
        raise Rejected(f"leftPadding/rightPadding = {L}/{R}: each pad must be <= 32 bytes")
    pad_value = raw_bits(pad.get("paddingValue", 0))
    # PAD-G2U-1: the vendor's parameter checks, as hardware built to them would apply them. Under the
    # byte-len / pad-raw profiles (AMB-17 / AMB-18) dcconf then reports these rejections apart (G-4).
    if B % s != 0:
        raise Rejected(f"params.blockLen = {B}: not a multiple of sizeof(T) = {s}")
    if pad["type"] == "DataCopyPadParams" and pad_value != 0:
        raise Rejected("padParams.paddingValue must be 0 with DataCopyPadParams")
    if s == 8 and pad_value != 0:
        raise Rejected("padParams.paddingValue must be 0 for a 64-bit T")
    # PAD-G2U-2: geometry. W is the UB block size: pads + data, rounded up to whole 32-byte blocks.
    P = (L + R) * s
    W = align_up(P + B, C0_BYTES)
    src_pitch = B + p["srcStride"]              # GM: bytes
    dst_pitch = W + C0_BYTES * p["dstStride"]   # UB: dstStride counts 32-byte blocks
    check_bounds(case, (count - 1) * src_pitch + B, (count - 1) * dst_pitch + W)
    # PAD-G2U-4: the pad element. isPad -> paddingValue; else the pad register if the case set one (SetPadValue);
    # else the pad bytes are unspecified (ANY), so leaving the prior bytes is as good as anything.
    if pad["isPad"]:
        pad_element = element_bytes(pad_value, s)
    elif "padRegister" in case:
        pad_element = element_bytes(raw_bits(case["padRegister"]), s)
    else:
        pad_element = None
    src_at, dst_at = case["src"]["offset"], case["dst"]["offset"]
    for i in range(count):
        block = dst_at + i * dst_pitch
        read = src_at + i * src_pitch
        # PAD-G2U-3: [0, L*s) left pad | [L*s, L*s+B) data | [L*s+B, P+B) right pad | [P+B, W) dummy.
        # Dummy bytes (PAD-G2U-5) are ANY in the default profile; we leave them as they were.
        dst[block + L * s: block + L * s + B] = src[read: read + B]
        if pad_element is not None:
            dst[block: block + L * s] = pad_element * L
            dst[block + L * s + B: block + P + B] = pad_element * R


def pad_compact_gm_to_ub(case, src, dst):
    """DataCopyPad<T, PaddingMode::Compact> GM -> VECIN/VECOUT, Ascend 950 (SEMANTICS section 2a, PAD-CMP)."""
    p, pad = case["params"], case["padParams"]
    s = DTYPE_BYTES[case["dtype"]]
    count, B = p["blockCount"], p["blockLen"]
    # PAD-CMP-1: PAD-G2U-1's constraints, with either params struct
    require_range("params.blockCount", count, 1, 4095)
    require_range("params.blockLen", B, 1, 2097151)
    if pad["leftPadding"] * s > 32 or pad["rightPadding"] * s > 32 or B % s != 0:
        raise Rejected("PAD-CMP-1: padding over 32 bytes or blockLen not whole elements")
    pad_value = raw_bits(pad.get("paddingValue", 0))
    if s == 8 and pad_value != 0:
        raise Rejected("padParams.paddingValue must be 0 for a 64-bit T")
    # PAD-CMP-2: the blocks back to back in the UB (the 950 header ignores leftPadding/rightPadding and dstStride:
    # AMB-21/22, which dcconf's default profile leaves open); PAD-CMP-3: paddingValue up to the next 32 bytes
    run = count * B
    tail_end = align_up(run, C0_BYTES)
    # the buffers must hold every reading dcconf's default profile leaves open (pads around the run, byte strides)
    widest = align_up((pad["leftPadding"] + pad["rightPadding"]) * s + (count - 1) * (B + p["dstStride"]) + B, C0_BYTES)
    check_bounds(case, (count - 1) * (B + p["srcStride"]) + B, widest)
    copy_blocks(case, src, dst, count, B, B + p["srcStride"], B)
    if pad["isPad"]:
        dst_at = case["dst"]["offset"]
        element = element_bytes(pad_value, s)
        dst[dst_at + run: dst_at + tail_end] = (element * (C0_BYTES // s + 1))[: tail_end - run]


def pad_compact_ub_to_gm(case, src, dst):
    """DataCopyPad<T, PaddingMode::Compact> VECIN/VECOUT -> GM (PAD-CMP-4): the UB read packed."""
    p = case["params"]
    count, B = p["blockCount"], p["blockLen"]
    require_range("params.blockCount", count, 1, 4095)  # PAD-CMP-1
    require_range("params.blockLen", B, 1, 2097151)
    check_bounds(case, (count - 1) * (B + p["srcStride"]) + B, 0)  # every reading of AMB-22 fits
    copy_blocks(case, src, dst, count, B, B, B + p["dstStride"])


def pad_ub_to_gm(case, src, dst):
    """DataCopyPad VECIN/VECOUT -> GM (SEMANTICS section 2)."""
    p = case["params"]
    count, B = p["blockCount"], p["blockLen"]
    require_range("params.blockCount", count, 1, 4095)  # PAD-U2G-1
    require_range("params.blockLen", B, 1, 2097151)
    # PAD-U2G-2: UB blocks are whole 32-byte blocks apart (srcStride in blocks); GM blocks are byte-strided and
    # exactly B bytes are written each: the UB dummy never reaches GM.
    copy_blocks(case, src, dst, count, B, align_up(B, C0_BYTES) + C0_BYTES * p["srcStride"], B + p["dstStride"])


def copy_0level(case, src, dst):
    """DataCopy with DataCopyParams (SEMANTICS section 4): everything counts 32-byte blocks."""
    p = case["params"]
    count, blocks = p["blockCount"], p["blockLen"]
    require_range("params.blockCount", count, 1, 4095)  # DC-1
    require_range("params.blockLen", blocks, 1, 65535)
    # DC-2: block i moves 32*blockLen bytes; both pitches are blockLen + stride blocks.
    copy_blocks(case, src, dst, count, C0_BYTES * blocks, C0_BYTES * (blocks + p["srcStride"]),
                C0_BYTES * (blocks + p["dstStride"]))


def nd2nz(case, src, dst):
    """DataCopy with Nd2NzParams, GM -> A1/B1 (SEMANTICS section 6). Works in elements of T."""
    p = case["params"]
    s = DTYPE_BYTES[case["dtype"]]
    c0 = C0_BYTES // s  # elements per 32-byte fractal row
    # ND2NZ-1: ranges. dstNzMatrixStride 0 is accepted for a single matrix (AMB-6, default profile).
    require_range("params.ndNum", p["ndNum"], 0, 4095)
    require_range("params.nValue", p["nValue"], 0, 16384)
    require_range("params.srcDValue", p["srcDValue"], 1, 65535)
    require_range("params.dstNzC0Stride", p["dstNzC0Stride"], 1, 16384)
    require_range("params.dstNzNStride", p["dstNzNStride"], 1, 16384)
    require_range("params.dstNzMatrixStride", p["dstNzMatrixStride"], 0 if p["ndNum"] <= 1 else 1, 65535)
    n, d = p["nValue"], p["dValue"]
    if p["ndNum"] == 0 or n == 0 or d == 0:
        return  # ND2NZ-1: moves nothing
    d_aligned = align_up(d, c0)

    def dst_element(i, r, c):  # ND2NZ-2, the destination index of (matrix i, row r, column c)
        return (i * p["dstNzMatrixStride"] + (c // c0) * p["dstNzC0Stride"] * c0
                + r * p["dstNzNStride"] * c0 + c % c0)

    def src_element(i, r, c):
        return i * p["srcNdMatrixStride"] + r * p["srcDValue"] + c

    last = p["ndNum"] - 1
    src_span = (src_element(last, n - 1, d - 1) + 1) * s
    dst_span = max(dst_element(last, n - 1, c) for c in range(d_aligned)) * s + s
    check_bounds(case, src_span, dst_span)
    src_at, dst_at = case["src"]["offset"], case["dst"]["offset"]
    zero = bytes(s)
    for i in range(p["ndNum"]):
        for r in range(n):
            for c in range(d_aligned):
                to = dst_at + dst_element(i, r, c) * s
                if c < d:
                    frm = src_at + src_element(i, r, c) * s
                    dst[to: to + s] = src[frm: frm + s]
                else:
                    dst[to: to + s] = zero  # ND2NZ-3: the column tail up to the next C0 is written 0


def fixpipe_no_quant(case, src, dst):
    """DataCopy CO1 -> GM/A1 with DataCopyCO12DstParams, quantPre NoQuant (SEMANTICS section 10): the layouts of
    FIX-1 (bursts), FIX-2 (nz2nd, several matrices) and FIX-3 (channelSplit); values move unchanged, or through
    ReLU (FIX-6: max(x, 0)). The case's "dtype" is the destination T, "fixpipe"."srcDType" the L0C source U."""
    p, f = case["params"], case["fixpipe"]
    if "layout" in f:  # FIX950 (the Ascend 950's FixpipeParamsArch3510): other units and layouts, not implemented here
        raise NotSupported("the 950 Fixpipe (fixpipe.layout, FIX950) is not implemented")
    if p["quantPre"] != "NoQuant":
        raise NotSupported(f"DataCopyCO12DstParams quantPre {p['quantPre']} (a conversion) is not implemented")
    if (f["srcDType"], case["dtype"]) not in (("float", "float"), ("int32_t", "int32_t")):
        raise Rejected(f"FIX-4: NoQuant does not convert {f['srcDType']} to {case['dtype']}")
    n_size, m_size, nz2nd, split = p["nSize"], p["mSize"], p["nz2ndEn"], p["channelSplit"]
    if split and case["dtype"] != "float":
        raise Rejected("FIX-3: channelSplit is for a float destination only")
    c0 = 8 if split else (32 if case["dtype"] in ("int8_t", "uint8_t") else 16)  # FIX-3; FIX-1: C0d 32 for 8-bit
    require_range("params.nSize", n_size, 1, 65535)
    require_range("params.mSize", m_size, 1, 65535)
    require_range("params.reluPre", p["reluPre"], 0, 1)
    if p["srcStride"] % 16 != 0 or p["dstStride"] == 0:
        raise Rejected("FIX-1: srcStride must be a multiple of 16 and dstStride non-zero")
    if nz2nd and (case["path"] != "CO1->GM" or split or f["ndNum"] == 0):
        raise Rejected("FIX-2: nz2ndEn is for CO1->GM without channelSplit, with ndNum >= 1")
    is950 = case.get("product") == "ascend950"
    if nz2nd and not is950:  # FIX-2: the A2/A3 SetFixpipeNz2ndFlag ranges (the 950's fields are whole, FIX-8)
        require_range("fixpipe.srcNdStride", f["srcNdStride"], 0, 512)
        require_range("fixpipe.dstNdStride", f["dstNdStride"], 0, 65535)
    src_unit = 16 if is950 else 256  # srcNdStride in 1024-byte units (FIX-2), C0_SIZE on the 950 (FIX-8)
    if not nz2nd and n_size % c0 != 0:
        raise Rejected(f"FIX-1: nSize {n_size} is not a multiple of C0d = {c0}")
    if case["path"] == "CO1->A1":
        raise Rejected("FIX-4: CO1->A1 has no float or int32_t destination")
    nd = f["ndNum"] if nz2nd else 1

    def src_element(i, m, n):  # L0C fractals are 16 columns wide (FIX-1/2)
        return i * (f["srcNdStride"] if nz2nd else 0) * src_unit + (n // 16) * p["srcStride"] * 16 + 16 * m + n % 16

    def dst_byte(i, m, n):
        if nz2nd:  # FIX-2
            return (i * f["dstNdStride"] + m * p["dstStride"] + n) * 4
        return 32 * p["dstStride"] * (n // c0) + (c0 * m + n % c0) * 4  # FIX-1 / FIX-3

    cells = [(i, m, n) for i in range(nd) for m in range(m_size) for n in range(n_size)]
    check_bounds(case, max(src_element(*k) for k in cells) * 4 + 4, max(dst_byte(*k) for k in cells) + 4)
    src_at, dst_at = case["src"]["offset"], case["dst"]["offset"]
    for k in cells:
        frm, to = src_at + src_element(*k) * 4, dst_at + dst_byte(*k)
        value = src[frm: frm + 4]
        if p["reluPre"] == 1 and value[3] & 0x80:  # a negative float or int32 becomes +0
            value = bytes(4)
        dst[to: to + 4] = value


def perform(case, src, dst):
    """Dispatch on api, path and the params struct, as the oracle does (oracle::resolveOperation)."""
    api, params_type = case["api"], case["params"]["type"]
    src_pos, dst_pos = case["path"].split("->")
    if "loopMode" in case:  # LOOP: the call repeated over SetLoopModePara's loops; one call would be wrong
        raise NotSupported("DataCopyPad in loop mode (LOOP, SetLoopModePara) is not implemented by this example")
    if case.get("atomic", "none") != "none":  # ATOM: the copy combines with GM's prior content; a plain copy is wrong
        raise NotSupported("the atomic copies to GM (ATOM, SetAtomicAdd/Max/Min) are not implemented by this example")
    if "enhancedParams" in case:  # ENH: DataCopyParams plus DataCopyEnhancedParams is not a plain 0-level copy
        raise NotSupported("DataCopy with DataCopyEnhancedParams (ENH) is not implemented by this example")
    if api == "DataCopyPad" and case.get("paddingMode", "Normal") == "Compact":
        if params_type == "DataCopyExtParams" and src_pos == "GM" and dst_pos in UB_POSITIONS:
            return pad_compact_gm_to_ub(case, src, dst)
        if params_type == "DataCopyExtParams" and src_pos in UB_POSITIONS and dst_pos == "GM":
            return pad_compact_ub_to_gm(case, src, dst)
        raise NotSupported(f"PaddingMode::Compact on {case['path']} with {params_type} is no documented call")
    if api == "DataCopyPad" and params_type in ("DataCopyParams", "DataCopyExtParams"):
        if src_pos == "GM" and dst_pos in UB_POSITIONS:
            return pad_gm_to_ub(case, src, dst)
        if src_pos in UB_POSITIONS and dst_pos == "GM":
            return pad_ub_to_gm(case, src, dst)
    if api == "DataCopy" and params_type == "DataCopyParams":
        return copy_0level(case, src, dst)
    if api == "DataCopy" and params_type == "Nd2NzParams" and src_pos == "GM" and dst_pos in ("A1", "B1"):
        return nd2nz(case, src, dst)
    if api == "DataCopy" and params_type == "DataCopyCO12DstParams" and src_pos == "CO1" and dst_pos in ("GM", "A1"):
        return fixpipe_no_quant(case, src, dst)
    raise NotSupported(f"{api} {case['path']} with {params_type} is not implemented by this example")


# ---- the protocol loop ---------------------------------------------------------------------------------------

def answer(message):
    # One line, flushed at once: dcconf is waiting for it (and times the case out if it does not come).
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


class Arena:
    """dcconf.exec/2's shared buffers: a file dcconf names in each request, mapped once and again when it grows."""

    def __init__(self):
        self.path, self.size, self.view = None, 0, None

    def map(self, path, size):
        import mmap
        if (path, size) != (self.path, self.size):
            with open(path, "r+b") as f:
                self.view = memoryview(mmap.mmap(f.fileno(), size))
            self.path, self.size = path, size
        return self.view


ARENA = Arena()


def load_request(request):
    """The case and its buffers from a request of either protocol; returns (case, src, dst, store_dst)."""
    if request.get("protocol") == PROTOCOL_V2:
        case = request["case"]
        arena = ARENA.map(request["arena"], request["arenaBytes"])
        src_at, dst_at = request["srcAt"], request["dstAt"]
        src = bytes(arena[src_at:src_at + case["src"]["size"]])
        dst = bytearray(arena[dst_at:dst_at + case["dst"]["size"]])

        def store_dst(result):
            arena[dst_at:dst_at + len(result)] = result
        return case, src, dst, store_dst

    case, src, dst = load_case(request["case"])

    def store_dst(result):
        with open(request["dst"], "wb") as f:
            f.write(result)  # the whole buffer, same size as the case's dst: untouched bytes keep their prior value
    return case, src, dst, store_dst


def serve(request):
    """One case request -> one reply. The destination is stored only for "ok"."""
    reply = {"id": request["id"]}
    try:
        case, src, dst, store_dst = load_request(request)
        perform(case, src, dst)
        store_dst(dst)
        reply.update(status="ok")
    except Rejected as e:
        reply.update(status="rejected", detail=str(e))
    except NotSupported as e:
        reply.update(status="not-supported", detail=str(e))
    except Exception as e:  # a bug here or a file we could not read: report it, keep serving
        reply.update(status="error", detail=f"{type(e).__name__}: {e}")
    return reply


def main():
    v1_only = "--protocol" in sys.argv and sys.argv[sys.argv.index("--protocol") + 1:][:1] == ["1"]
    for line in sys.stdin:  # one request per line; EOF (dcconf closed our stdin) ends the loop and the process
        request = json.loads(line)
        if request.get("protocol") not in (PROTOCOL, PROTOCOL_V2):
            print(f"unknown protocol {request.get('protocol')!r}", file=sys.stderr)
            return 2
        if request.get("hello"):
            chosen = PROTOCOL_V2 if PROTOCOL_V2 in request.get("offer", []) and not v1_only else PROTOCOL
            # Extra keys are allowed; the pid lets a test check that one process serves many cases.
            answer({"hello": True, "protocol": chosen, "name": NAME, "version": VERSION, "pid": os.getpid()})
        else:
            answer(serve(request))
    return 0


if __name__ == "__main__":
    sys.exit(main())
