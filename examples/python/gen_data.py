#!/usr/bin/python3
"""An Ascend C sample's gen_data.py, rewritten on dcconf: the goldens come from the oracle, not from numpy by hand.

The vendor's samples write ./input/*.bin and ./output/golden.bin (raw little-endian, numpy tofile) that the kernel
test reads and verify_result.py compares. Here the two kernels are
  (1) DataCopyPad GM->VECIN of a [16, 20] half tensor: each 40-byte row lands in a 64-byte UB block followed by two
      right-pad halves of paddingValue (PAD-G2U-3); the dummy halves after the padding are unspecified (AMB-2).
  (2) the quantising copy out of L0C, REQ8: a [16, 32] int32 Mmad result in L0C's NZ layout, requantised to int8
      with a scalar quant parameter (SetFixpipePreQuantFlag) and written as ND to GM (nz2ndEn, FIX-2).
Bytes the spec leaves unspecified are set to a stated value (ANY_FILL) and counted: a verify_result.py must not
compare them (output/*_care.bin is 1 where a byte must match).

    python3 gen_data.py [--out DIR] [--seed N]
"""
import argparse
import pathlib

import numpy as np

import dcconf

ANY_FILL = 0x00


def gen_pad_data(out: pathlib.Path, rng):
    rows, cols = 16, 20
    input_x = rng.uniform(-100, 100, [rows, cols]).astype(np.float16)
    case = dcconf.DataCopyPad("GM->VECIN", "half",
                              params=dcconf.DataCopyExtParams(blockCount=rows, blockLen=cols * 2),
                              pad=dcconf.DataCopyPadExtParams(isPad=True, rightPadding=2, paddingValue=-1.0))
    golden = dcconf.golden(case, input_x, any_fill=ANY_FILL)
    input_x.tofile(out / "input" / "pad_input_x.bin")
    golden.tofile(out / "output" / "pad_golden.bin")
    golden.care.astype(np.uint8).tofile(out / "output" / "pad_care.bin")
    return golden


def gen_req8_data(out: pathlib.Path, rng):
    m, n = 16, 32
    c = rng.integers(-3000, 3000, [m, n], dtype=np.int32)  # the Mmad result, (m, n)
    # L0C holds it NZ: element (m, n) at (n/16)*srcStride*16 + 16*m + n%16 (FIX-1), here srcStride = m
    l0c = np.ascontiguousarray(c.reshape(m, n // 16, 16).transpose(1, 0, 2))
    case = dcconf.DataCopy(
        "CO1->GM", "int8_t",
        dcconf.DataCopyCO12DstParams(nSize=n, mSize=m, srcStride=m, dstStride=n, quantPre=dcconf.QuantMode.REQ8,
                                     nz2ndEn=True),
        fixpipe=dcconf.FixpipeState(srcDType="int32_t",
                                    quantScalar=dcconf.quant_param(0.03125, offset_bits=3, signed_result=True)))
    golden = dcconf.golden(case, l0c, any_fill=ANY_FILL)
    l0c.tofile(out / "input" / "req8_l0c.bin")
    golden.tofile(out / "output" / "req8_golden.bin")
    golden.care.astype(np.uint8).tofile(out / "output" / "req8_care.bin")
    return golden


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=".", help="folder that gets input/ and output/ (default .)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    out = pathlib.Path(args.out)
    (out / "input").mkdir(parents=True, exist_ok=True)
    (out / "output").mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(args.seed)
    for name, golden in (("pad", gen_pad_data(out, rng)), ("req8", gen_req8_data(out, rng))):
        print(f"{name}: golden {golden.tensor.size} elements of {golden.tensor.dtype}, {golden.any_bytes} "
              f"unspecified byte(s) set to 0x{golden.any_fill:02x} {golden.evaluation.unspecified or ''}")


if __name__ == "__main__":
    main()
