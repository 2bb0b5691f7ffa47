"""gen_data.py writes the vendor's files, and its goldens equal what a vendor gen_data.py computes by hand in numpy
for these two kernels (on every byte the spec pins; the unspecified ones are listed in *_care.bin)."""
import pathlib
import subprocess
import sys

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent


def test_gen_data_writes_vendor_files_and_goldens(tmp_path):
    child = subprocess.run([sys.executable, str(HERE / "gen_data.py"), "--out", str(tmp_path), "--seed", "3"],
                           capture_output=True, text=True)
    assert child.returncode == 0, child.stderr
    assert "pad: golden 512 elements of float16, 320 unspecified byte(s)" in child.stdout

    # (1) DataCopyPad: each 20-half row, then 2 right-pad halves of -1.0, then 10 dummy halves (ANY) per 64 B block
    x = np.fromfile(tmp_path / "input" / "pad_input_x.bin", dtype=np.float16).reshape(16, 20)
    golden = np.fromfile(tmp_path / "output" / "pad_golden.bin", dtype=np.float16).reshape(16, 32)
    care = np.fromfile(tmp_path / "output" / "pad_care.bin", dtype=np.uint8).reshape(16, 64)
    np.testing.assert_array_equal(golden[:, :20], x)
    np.testing.assert_array_equal(golden[:, 20:22], np.full((16, 2), -1.0, np.float16))
    assert care[:, :44].all() and not care[:, 44:].any() and (golden[:, 22:] == 0).all()

    # (2) REQ8 with scale 2^-5 (exact), offset +3, int8 result: round half to even, add the offset, saturate
    l0c = np.fromfile(tmp_path / "input" / "req8_l0c.bin", dtype=np.int32).reshape(2, 16, 16)
    c = l0c.transpose(1, 0, 2).reshape(16, 32)  # NZ fractals back to the (m, n) matrix
    want = np.clip(np.rint(c / 32.0) + 3, -128, 127).astype(np.int8)
    golden = np.fromfile(tmp_path / "output" / "req8_golden.bin", dtype=np.int8).reshape(16, 32)
    care = np.fromfile(tmp_path / "output" / "req8_care.bin", dtype=np.uint8).reshape(16, 32)
    assert care.all()
    np.testing.assert_array_equal(golden, want)
