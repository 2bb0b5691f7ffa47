"""dcconf.evaluate on a 16 MiB ND2NZ case vs `dcconf case` on the same case (within 2x).

    PYTHONPATH=build/python /usr/bin/python3 python/bench/bench_evaluate.py [--dcconf build/dcconf] [--repeat 5]

Prints the median wall time of each and the ratio. `dcconf case` reads the case and its 16 MiB source file and
writes expected.bin, care.bin and result.json; evaluate takes the arrays and returns expected/care/region arrays.
"""
import argparse
import json
import pathlib
import statistics
import subprocess
import tempfile
import time

import numpy as np

import dcconf


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dcconf", default=str(pathlib.Path(__file__).resolve().parents[2] / "build" / "dcconf"))
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    # 4096 rows x 2048 halves (16 MiB) into 128 NZ column blocks of 4096 rows (16 MiB)
    case = dcconf.DataCopy("GM->A1", "half", dcconf.Nd2NzParams(ndNum=1, nValue=4096, dValue=2048, srcDValue=2048,
                                                                 dstNzC0Stride=4096, dstNzNStride=1))
    src_span, dst_span = case.extents()
    rng = np.random.default_rng(1)
    src = rng.integers(0, 256, src_span, dtype=np.uint8)
    dst = np.full(dst_span, 0xA5, dtype=np.uint8)
    with tempfile.TemporaryDirectory(prefix="dcconf-bench-") as tmp:
        tmp = pathlib.Path(tmp)
        src.tofile(tmp / "src.bin")
        body = case.to_dict()
        body["src"] = {"size": int(src.size), "offset": 0, "file": "src.bin"}
        body["dst"] = {"size": int(dst.size), "offset": 0, "fill": "0xA5"}
        (tmp / "case.json").write_text(json.dumps(body))
        cli, py = [], []
        for k in range(args.repeat):
            start = time.perf_counter()
            subprocess.run([args.dcconf, "case", str(tmp / "case.json"), "--out", str(tmp / f"out{k}")], check=True)
            cli.append(time.perf_counter() - start)
            start = time.perf_counter()
            result = dcconf.evaluate(case, src, dst)
            py.append(time.perf_counter() - start)
        written = np.fromfile(tmp / "out0" / "expected.bin", dtype=np.uint8)
        assert np.array_equal(written, result.expected_bytes), "evaluate and dcconf case disagree"
    print(f"16 MiB ND2NZ half, {args.repeat} runs: dcconf case median {statistics.median(cli) * 1e3:.0f} ms, "
          f"dcconf.evaluate median {statistics.median(py) * 1e3:.0f} ms, ratio "
          f"{statistics.median(py) / statistics.median(cli):.2f}")


if __name__ == "__main__":
    main()
