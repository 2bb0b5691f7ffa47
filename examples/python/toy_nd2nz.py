"""A toy ND2NZ (DataCopy GM->A1/B1 with Nd2NzParams) in numpy, the kind of model a simulator starts from.

run(case, src, dst) follows SEMANTICS ND2NZ-2/3: for matrix i, row r < nValue and column c < dValue,
dst[i*dstNzMatrixStride + (c/C0)*dstNzC0Stride*C0 + r*dstNzNStride*C0 + c%C0] = src[i*srcNdMatrixStride + r*srcDValue + c],
and the columns from dValue up to the next multiple of C0 are written 0. One numpy assignment per (matrix, row).
"""
import numpy as np

import dcconf


def _elements(case, buffer, offset):
    """buffer[offset:] as elements of the case's dtype (a trailing partial element is not part of any)."""
    itemsize = dcconf.numpy_dtype(case.dtype).itemsize
    end = offset + (buffer.size - offset) // itemsize * itemsize
    return buffer[offset:end].view(dcconf.numpy_dtype(case.dtype))


def run(case, src, dst, zero_tail=True):
    p = case.params
    if p.get("type") != "Nd2NzParams":
        raise dcconf.NotSupported([dcconf.Violation("TOY", "params.type", p.get("type"), "only ND2NZ is modelled")])
    itemsize = dcconf.numpy_dtype(case.dtype).itemsize
    c0 = 32 // itemsize
    s = _elements(case, src, case.src_offset)
    d = _elements(case, dst, case.dst_offset)
    d_value = p["dValue"]
    padded = -(-d_value // c0) * c0
    columns = np.arange(padded)
    # where column c of a row lands, relative to the row's start (c/C0 column blocks, c%C0 slots)
    offsets = (columns // c0) * p["dstNzC0Stride"] * c0 + columns % c0
    for i in range(p["ndNum"]):
        for r in range(p["nValue"]):
            row = np.zeros(padded, dtype=s.dtype) if zero_tail else d[i * p["dstNzMatrixStride"] + r * p["dstNzNStride"] * c0 + offsets].copy()
            start = i * p["srcNdMatrixStride"] + r * p["srcDValue"]
            row[:d_value] = s[start:start + d_value]
            d[i * p["dstNzMatrixStride"] + r * p["dstNzNStride"] * c0 + offsets] = row
    return dst


def run_forgetting_the_tail(case, src, dst):
    """Deliberately wrong: leaves the columns [dValue, AlignUp(dValue, C0)) untouched instead of writing 0
    (ND2NZ-3), a classic bug of hand-written layout code."""
    return run(case, src, dst, zero_tail=False)
