"""dcconf's Python API against the CLI (`dcconf case`, DCCONF_EXE) and the worked examples in docs/examples."""
import json
import os
import pathlib
import subprocess

import numpy as np
import pytest

import dcconf
from dcconf import (CalCount, DataCopy, DataCopyCO12DstParams, DataCopyEnhancedParams, DataCopyExtParams,
                    DataCopyPad, DataCopyPadExtParams, DataCopyParams, Dn2NzParams, FixpipeState, LoopModeParams,
                    Nd2NzParams, Nz2NdParamsFull, SliceInfo, SliceParams)

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"
DCCONF = os.environ.get("DCCONF_EXE", str(ROOT / "build" / "dcconf"))

# Each worked example rebuilt field by field with the builders: the builders' defaults must be Ascend C's (the
# example files spell some fields out, leave others to the case format's defaults).
BUILT = {
    "pad-gm2ub-40B-rightpad.json": lambda: DataCopyPad(
        "GM->VECIN", "half", DataCopyExtParams(blockCount=1, blockLen=40),
        DataCopyPadExtParams(isPad=True, rightPadding=2, paddingValue=0), product="atlas-a2"),
    "pad-gm2ub-47B-strides.json": lambda: DataCopyPad(
        "GM->VECIN", "uint8_t", DataCopyExtParams(blockCount=2, blockLen=47, srcStride=1, dstStride=1),
        DataCopyPadExtParams()),
    "pad-ub2gm-47B.json": lambda: DataCopyPad(
        "VECIN->GM", "uint8_t", DataCopyExtParams(blockCount=2, blockLen=47, srcStride=1, dstStride=1)),
    "pad-ub2tscm-3x96-half.json": lambda: DataCopyPad(
        "VECIN->TSCM", "half", DataCopyExtParams(blockCount=3, blockLen=192, srcStride=1, dstStride=64),
        nd2nz=Nd2NzParams(ndNum=1, nValue=3, dValue=96, srcDValue=128, dstNzC0Stride=7, dstNzNStride=2,
                          dstNzMatrixStride=1)),
    "datacopy-0level-2x8-gap1.json": lambda: DataCopy(
        "GM->VECIN", "half", DataCopyParams(blockCount=2, blockLen=8, dstStride=1)),
    "datacopy-2level-512-half.json": lambda: DataCopy("GM->VECIN", "half", calCount=512),
    "nd2nz-4x4-half.json": lambda: DataCopy(
        "GM->A1", "half", Nd2NzParams(ndNum=1, nValue=4, dValue=32, srcDValue=32, dstNzC0Stride=4, dstNzNStride=1)),
    "nz2nd-32x32-half.json": lambda: DataCopy(
        "VECOUT->GM", "half", Nz2NdParamsFull(nValue=32, dValue=32, srcNStride=32, dstDStride=32)),
    "slice-87x3-int32.json": lambda: DataCopy("GM->VECIN", "int32_t", SliceParams(
        dimValue=2, srcSliceInfo=[SliceInfo(16, 70, 7, 3), SliceInfo(0, 2, 1, 1)],
        dstSliceInfo=[SliceInfo(0, 47, 0, 3), SliceInfo(0, 1, 0, 1)], srcShape=[87, 3], dstShape=[48, 2])),
    "dn2nz-32x32-half.json": lambda: DataCopy(
        "GM->A1", "half", Dn2NzParams(dnNum=1, nValue=32, dValue=32, srcDValue=32, dstNzC0Stride=32,
                                      dstNzNStride=1), product="ascend950"),
    "enhanced-co1-matrix-half.json": lambda: DataCopy(
        "CO1->CO2", "half", DataCopyParams(blockCount=2, blockLen=1, srcStride=1, dstStride=2),
        enhanced=DataCopyEnhancedParams(blockMode=dcconf.BlockMode.BLOCK_MODE_MATRIX), product="atlas-training",
        profile="enh-len-block"),
    "enhanced-deq8-int32-int8.json": lambda: DataCopy(
        "CO1->CO2", "int8_t", DataCopyParams(blockCount=2, blockLen=1, dstStride=1),
        enhanced=DataCopyEnhancedParams(blockMode="BLOCK_MODE_VECTOR", deqScale=dcconf.DeqScale.DEQ8,
                                        deqValue=71056995909632, srcDType="int32_t"), product="atlas-training",
        profile="enh-len-block"),
    "fixpipe-deqf16-int32-half.json": lambda: DataCopy(
        "CO1->GM", "half", DataCopyCO12DstParams(nSize=128, mSize=9, dstStride=9, srcStride=16,
                                                 quantPre=dcconf.QuantMode.DEQF16),
        fixpipe=FixpipeState(srcDType="int32_t", quantScalar=dcconf.quant_param(0.5))),
}


def dcconf_case_cli(tmp_path, case_file):
    out = tmp_path / "cli"
    status = subprocess.run([DCCONF, "case", str(case_file), "--out", str(out)], capture_output=True, text=True)
    return status, out


@pytest.mark.parametrize("name", sorted(BUILT))
def test_builder_matches_worked_example_field_for_field(name):
    loaded = dcconf.Case.from_json(EXAMPLES / name)
    built = BUILT[name]()
    # the casefile writer of both, with the example's buffers: every field, defaults included
    built_text = json.loads(built.to_json(loaded.src, loaded.dst_before))
    loaded_text = json.loads(loaded.to_json())
    loaded_text.pop("description", None)
    assert built_text == loaded_text


@pytest.mark.parametrize("name", sorted(BUILT))
def test_evaluate_agrees_with_dcconf_case(name, tmp_path):
    status, out = dcconf_case_cli(tmp_path, EXAMPLES / name)
    assert status.returncode == 0, status.stderr
    case = BUILT[name]()
    loaded = dcconf.Case.from_json(EXAMPLES / name)
    result = dcconf.evaluate(case, loaded.src, loaded.dst_before)
    assert result.verdict == "computed"
    np.testing.assert_array_equal(result.expected_bytes, np.fromfile(out / "expected.bin", dtype=np.uint8))
    np.testing.assert_array_equal(result.care, np.fromfile(out / "care.bin", dtype=np.uint8).astype(bool))
    cli = json.loads((out / "result.json").read_text())
    assert [list(r) for r in result.footprint.writes] == cli["writeRanges"]
    assert [list(r) for r in result.footprint.reads] == cli["readRanges"]
    assert result.regions == cli["regions"]
    assert result.operation == cli["operation"]


def test_issue_example_and_typed_views():
    case = DataCopyPad(path="GM->VECIN", dtype="half", params=DataCopyExtParams(blockCount=2, blockLen=40),
                       pad=DataCopyPadExtParams(isPad=True, rightPadding=2, paddingValue=0))
    src = np.arange(40, dtype=np.float16)
    dst = np.full(64, 7.0, dtype=np.float16)
    typed = dcconf.evaluate(case, src, dst)
    raw = dcconf.evaluate(case, src.view(np.uint8), dst.view(np.uint8))
    assert typed.expected.dtype == np.float16 and typed.expected.shape == (64,)
    np.testing.assert_array_equal(typed.expected_bytes, raw.expected_bytes)
    # block 0: 20 halves then the 2 right-pad zeros; block 1 at the next 64-byte UB block (PAD-G2U-2/3)
    np.testing.assert_array_equal(typed.expected[:20], src[:20])
    np.testing.assert_array_equal(typed.expected[20:22], [0, 0])
    np.testing.assert_array_equal(typed.expected[32:52], src[20:40])
    assert typed.care_elements[:22].all() and not typed.care_elements[22:32].any()  # dummy halves: ANY (AMB-2)
    assert typed.region_at(40) == "right-pad" and typed.region_at(50) == "dummy"
    assert list(typed.unspecified.values()) == [40]
    assert next(iter(typed.unspecified)).startswith("AMB-2: DataCopyPad dummy bytes (PAD-G2U-5")


def test_bfloat16_as_uint16_and_float32_views():
    case = DataCopyPad("GM->VECIN", "bfloat16_t", DataCopyExtParams(blockCount=1, blockLen=64), DataCopyPadExtParams())
    src = np.arange(32, dtype=np.uint16) * 3
    result = dcconf.evaluate(case, src, np.zeros(32, np.uint16))
    np.testing.assert_array_equal(result.expected, src)
    case = DataCopy("GM->VECIN", "float", calCount=8)
    src = np.linspace(-1, 1, 8, dtype=np.float32)
    np.testing.assert_array_equal(dcconf.evaluate(case, src, np.zeros(8, np.float32)).expected, src)
    # a big-endian or strided view is the same tensor: the bytes cross as the device's little-endian layout
    big = src.astype(">f4")
    np.testing.assert_array_equal(dcconf.evaluate(case, big, np.zeros(8, np.float32)).expected, src)
    strided = np.repeat(src, 2)[::2]
    np.testing.assert_array_equal(dcconf.evaluate(case, strided, np.zeros(8, np.float32)).expected, src)


def test_invalid_case_names_clause_field_and_value():
    case = DataCopyPad("GM->VECIN", "half", DataCopyExtParams(blockCount=0, blockLen=40), DataCopyPadExtParams())
    with pytest.raises(dcconf.InvalidCase) as raised:
        dcconf.evaluate(case, np.zeros(64, np.uint8), np.zeros(64, np.uint8))
    first = raised.value.violations[0]
    assert (first.clause, first.field, first.value) == ("PAD-G2U-1", "params.blockCount", "0")
    assert str(raised.value).startswith("PAD-G2U-1: params.blockCount = 0: ")
    # the same case under the hw-noop profile (AMB-1) is valid
    assert dcconf.evaluate(case, np.zeros(64, np.uint8), np.zeros(64, np.uint8), profile="hw-noop").verdict == "computed"
    # raise_on_invalid=False gives the verdict instead
    assert dcconf.evaluate(case, np.zeros(64, np.uint8), np.zeros(64, np.uint8),
                           raise_on_invalid=False).verdict == "invalid"


def test_buffer_too_small_is_invalid_g2():
    case = DataCopy("GM->VECIN", "half", calCount=512)
    with pytest.raises(dcconf.InvalidCase) as raised:
        dcconf.evaluate(case, np.zeros(100, np.uint8), np.zeros(1024, np.uint8))
    assert raised.value.violations[0].clause == "G-2"


def test_not_supported_is_its_own_exception():
    case = DataCopy("GM->VECIN", "half", DataCopyParams(blockCount=1, blockLen=1), product="kirin9020")
    with pytest.raises(dcconf.NotSupported, match="PROD"):
        dcconf.evaluate(case, np.zeros(32, np.uint8), np.zeros(32, np.uint8))
    assert not issubclass(dcconf.NotSupported, dcconf.InvalidCase)


def test_format_errors_name_field_and_value():
    case = DataCopyPad("GM->VECIN", "half", DataCopyExtParams(blockCount=70000, blockLen=40))
    with pytest.raises(dcconf.CaseFormatError, match=r"params\.blockCount = 70000: does not fit uint16_t"):
        dcconf.evaluate(case, np.zeros(64, np.uint8), np.zeros(64, np.uint8))
    with pytest.raises(dcconf.CaseFormatError, match="blokLen"):
        dcconf.Case.from_json('{"schema": "dcconf.case/1", "api": "DataCopyPad", "path": "GM->VECIN", '
                              '"dtype": "half", "params": {"type": "DataCopyExtParams", "blokLen": 1}, '
                              '"src": {"size": 0, "hex": ""}, "dst": {"size": 0, "fill": 0}}')
    # a DataCopyPad on GM->A1 is not a documented call at all (CASE)
    with pytest.raises(dcconf.CaseFormatError):
        dcconf.evaluate(DataCopyPad("GM->A1", "half", DataCopyExtParams(blockCount=1, blockLen=32)),
                        np.zeros(32, np.uint8), np.zeros(32, np.uint8))


def test_integers_are_range_checked_like_the_case_files():
    """An offset the case file refuses is refused here too, not wrapped (2**64 evaluated as offset 0 before)."""
    params = DataCopyExtParams(blockCount=1, blockLen=32)
    for kwargs, message in (({"src_offset": 2 ** 64}, r"src\.offset = 1\.8446744073709552e\+19: does not fit uint64_t"),
                            ({"dst_offset": -1}, r"dst\.offset = -1: must not be negative")):
        with pytest.raises(dcconf.CaseFormatError, match=message):
            dcconf.evaluate(DataCopyPad("GM->VECIN", "uint8_t", params, **kwargs), np.zeros(64, np.uint8),
                            np.zeros(64, np.uint8))
    with pytest.raises(dcconf.CaseFormatError, match=r"params\.blockLen = 1\.8446744073709552e\+19: does not fit uint32_t"):
        dcconf.evaluate(DataCopyPad("GM->VECIN", "uint8_t", DataCopyExtParams(blockCount=1, blockLen=2 ** 64)),
                        np.zeros(64, np.uint8), np.zeros(64, np.uint8))


def test_work_past_the_cap_is_refused_naming_the_fields():
    """A 2^42-iteration loop-mode case is refused at once (a CaseFormatError naming the loop sizes and the cap)."""
    case = DataCopyPad("GM->VECIN", "half", DataCopyExtParams(blockCount=1, blockLen=32), DataCopyPadExtParams(),
                       loopMode=LoopModeParams(loop1Size=2 ** 21 - 1, loop2Size=2 ** 21 - 1), product="ascend950")
    with pytest.raises(dcconf.CaseFormatError, match=r"loopMode\.loop1Size 2097151 x loopMode\.loop2Size 2097151 "
                                                     r"iterations\): above the cap of 2147483648"):
        dcconf.evaluate(case, np.zeros(32, np.uint8), np.zeros(64, np.uint8))
    dcconf.set_max_work(1 << 10)
    try:
        with pytest.raises(dcconf.CaseFormatError, match="above the cap of 1024"):
            dcconf.evaluate(DataCopyPad("GM->VECIN", "uint8_t", DataCopyExtParams(blockCount=64, blockLen=32),
                                        DataCopyPadExtParams()), np.zeros(2048, np.uint8), np.zeros(2048, np.uint8))
    finally:
        dcconf.set_max_work(1 << 31)


HUGE_NDDMA = {"schema": "dcconf.case/1", "product": "ascend950", "api": "DataCopy", "path": "GM->VECIN", "dtype": "half",
              "profile": "nddma-interleave-any",
              "params": {"type": "NdDmaParams", "dim": 5, "constantValue": "0x7c8d", "isNearestValueMode": False,
                         "loopSize": [1] * 5, "loopLpSize": [255] * 5, "loopRpSize": [255] * 5,
                         "loopSrcStride": [0] * 5, "loopDstStride": [0] * 5},
              "src": {"size": 64, "offset": 0, "hex": "00" * 64}, "dst": {"size": 64, "offset": 0, "fill": 0}}


def test_ctrl_c_reaches_python_inside_a_long_evaluation(tmp_path):
    """The extension polls Python's signals inside the walk: SIGINT is a KeyboardInterrupt within a second."""
    import signal
    import sys
    import time
    (tmp_path / "huge.json").write_text(json.dumps(HUGE_NDDMA))
    script = ("import signal, dcconf\nsignal.signal(signal.SIGINT, signal.default_int_handler)\n"
              "dcconf.set_max_work(10 ** 14)\ncase = dcconf.Case.from_json(open('huge.json').read())\n"
              "print('started', flush=True)\n"
              "try:\n    dcconf.evaluate(case, case.src, case.dst_before)\nexcept KeyboardInterrupt:\n"
              "    print('KeyboardInterrupt', flush=True)\n")
    child = subprocess.Popen([sys.executable, "-c", script], cwd=tmp_path, stdout=subprocess.PIPE, text=True,
                             env=dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(dcconf.__file__))))
    assert child.stdout.readline() == "started\n"
    time.sleep(1)
    child.send_signal(signal.SIGINT)
    try:
        out, _ = child.communicate(timeout=5)
    finally:
        child.kill()
    assert out == "KeyboardInterrupt\n"


def test_golden_fills_any_bytes_and_counts_them():
    case = DataCopyPad("GM->VECIN", "half", DataCopyExtParams(blockCount=1, blockLen=40),
                       DataCopyPadExtParams(isPad=True, rightPadding=2, paddingValue=1.5))
    src = np.arange(20, dtype=np.float16)
    g = dcconf.golden(case, src, any_fill=0xEE)
    assert g.tensor.dtype == np.float16 and g.tensor.size == 16 * 2  # one 64-byte UB block
    np.testing.assert_array_equal(g.tensor[:22], np.concatenate([src, [1.5, 1.5]]).astype(np.float16))
    assert g.any_bytes == 20 and (g.tensor.view(np.uint8)[44:] == 0xEE).all()


def test_check_gives_the_run_diff():
    loaded = dcconf.Case.from_json(EXAMPLES / "nd2nz-4x4-half.json")
    expected = dcconf.evaluate(loaded, loaded.src, loaded.dst_before).expected_bytes
    actual = expected.copy()
    assert dcconf.check(loaded, loaded.src, loaded.dst_before, actual).ok
    actual[2 * 16 * 2 + 2] ^= 0x01  # the element of ND row 2, column 1 (NZ: row 2 of column block 0, slot 1)
    actual[-1] ^= 0xFF              # a guard byte past the footprint
    diff = dcconf.check(loaded, loaded.src, loaded.dst_before, actual)
    assert not diff.ok and diff.mismatched_bytes == 2 and diff.first_byte == 66
    assert diff.clause == "ND2NZ-2"
    assert diff.lines[0].startswith("byte 66 [data] matrix 0, ND row 2, column 1 (NZ column block 0, slot 1)")
    assert "[guard]" in diff.lines[1] and diff.lines[1].endswith("(G-1 (guard))")
    assert str(diff).startswith("2 cared byte(s) differ; first at byte 66 [ND2NZ-2]")


def test_nan_source_must_give_a_nan_of_t():
    """AMB-16 (project, issue 29 item 4): F322BF16 of a NaN source: ANY bytes, but some NaN of bfloat16."""
    case = DataCopy("CO1->GM", "bfloat16_t", DataCopyCO12DstParams(nSize=16, mSize=1, dstStride=1, srcStride=16,
                                                                   quantPre=dcconf.QuantMode.F322BF16),
                    fixpipe=FixpipeState(srcDType="float"))
    src = np.zeros(16 * 16, dtype=np.float32)
    src[1] = np.nan  # NZ element (m 0, n 1): destination element 1, bytes 2..3
    dst_before = np.zeros(32, dtype=np.uint8)
    e = dcconf.evaluate(case, src, dst_before)
    assert e.nan_elements == [(2, "bfloat16_t")] and not e.care[2:4].any()
    g = dcconf.golden(case, src, dst_before, any_fill=0xEE)
    assert g.tensor.view(np.uint8)[2:4].tolist() == [0xC0, 0x7F]  # a canonical quiet NaN, not any_fill
    actual = np.asarray(g).view(np.uint8).copy()
    assert dcconf.check(case, src, dst_before, actual).ok
    actual[2:4] = [0x81, 0xFF]  # another NaN (negative, signalling payload 0x01)
    assert dcconf.check(case, src, dst_before, actual).ok
    actual[2:4] = [0x80, 0x7F]  # +inf
    diff = dcconf.check(case, src, dst_before, actual)
    assert not diff.ok and diff.first_byte == 2 and "AMB-16" in diff.clause
    assert "expected a NaN of bfloat16_t" in diff.lines[0] and "actual inf" in diff.lines[0]


def test_round_trip_through_the_casefile_writer(tmp_path):
    for name in sorted(BUILT):
        loaded = dcconf.Case.from_json(EXAMPLES / name)
        saved = loaded.save(tmp_path / name)
        again = dcconf.Case.from_json(saved)
        assert again.to_json() == loaded.to_json()
        np.testing.assert_array_equal(again.src, loaded.src)


def test_product_override_and_extents():
    case = DataCopy("GM->VECIN", "half", calCount=512)
    assert case.extents() == (1024, 1024)
    with pytest.raises(dcconf.NotSupported):
        dcconf.evaluate(case, np.zeros(1024, np.uint8), np.zeros(1024, np.uint8), product="kirin9020")


def test_quant_param_packs_fix5_fields():
    assert dcconf.quant_param(0.5) == 0x3F000000
    bits = dcconf.quant_param(1.0, n=3, offset_bits=5, signed_result=True)
    assert bits >> 32 & 0xF == 3 and bits >> 37 & 0x1FF == 5 and bits >> 46 & 1 == 1


def test_turn3_vendor_checks_and_profiles():
    """PAD-G2U-1 (turn 3): blockLen 41 of half is rejected (AMB-17) unless byte-len; FIX-2: srcNdStride counts
    1024-byte fractals, so matrix 1 of an nz2nd copy with srcNdStride 1 is read at L0C element 256."""
    case = DataCopyPad("GM->VECIN", "half", DataCopyExtParams(blockCount=1, blockLen=41), DataCopyPadExtParams())
    with pytest.raises(dcconf.InvalidCase) as raised:
        dcconf.evaluate(case, np.zeros(64, np.uint8), np.zeros(64, np.uint8))
    first = raised.value.violations[0]
    assert (first.clause, first.field, first.value) == ("PAD-G2U-1", "params.blockLen", "41")
    assert dcconf.evaluate(case, np.zeros(64, np.uint8), np.zeros(64, np.uint8),
                           profile="byte-len").verdict == "computed"
    fix = DataCopy("CO1->GM", "float", DataCopyCO12DstParams(nSize=1, mSize=1, dstStride=1, srcStride=16, nz2ndEn=True),
                   fixpipe=FixpipeState(srcDType="float", ndNum=2, srcNdStride=1, dstNdStride=1), product="atlas-a2")
    src = np.zeros(257, np.float32)
    src[0], src[16], src[256] = 1.0, 2.0, 3.0  # element 16: where the old 64-byte reading put matrix 1
    out = dcconf.evaluate(fix, src, np.zeros(2, np.float32))
    np.testing.assert_array_equal(out.expected.view(np.float32), np.array([1.0, 3.0], np.float32))


def test_compact_padding_mode_vendor_scenario_3():
    # PAD-CMP-5 (issue 31): the vendor's data_copy_pad scenario 3, half [3, 24] packed into [1, 80] on the 950:
    # 72 data halves back to back, then 8 halves of paddingValue 0 up to 160 bytes (PAD-CMP-2/3)
    case = DataCopyPad("GM->VECIN", "half", DataCopyExtParams(blockCount=3, blockLen=48),
                       DataCopyPadExtParams(isPad=True, rightPadding=8, paddingValue=0), paddingMode="Compact",
                       product="ascend950")
    assert json.loads(case.to_json())["paddingMode"] == "Compact"
    src = np.arange(1, 73, dtype=np.float16)
    result = dcconf.evaluate(case, src, np.full(80, 7.0, dtype=np.float16))
    np.testing.assert_array_equal(result.expected[:72], src)
    np.testing.assert_array_equal(result.expected[72:], np.zeros(8, np.float16))
    assert result.care_elements.all()
    # Compact is the 950's only (PROD), and a Normal case keeps its per-block 32-byte rounding
    with pytest.raises(dcconf.NotSupported):
        dcconf.evaluate(DataCopyPad("GM->VECIN", "half", DataCopyExtParams(blockCount=3, blockLen=48),
                                    DataCopyPadExtParams(isPad=True), paddingMode="Compact", product="atlas-a2"),
                        src, np.zeros(80, np.float16))
    with pytest.raises(ValueError):
        DataCopyPad("GM->VECIN", "half", DataCopyExtParams(blockCount=1, blockLen=2), paddingMode="compact")


def test_loop_mode_vendor_scenario_4():
    # LOOP-4 (issue 31 item 2): the vendor's data_copy_pad scenario 4, int8 Compact in loop mode on the 950: loops of
    # 2 x 2, strides 80/128 (inner) and 160/288 (outer); per iteration 80 packed bytes then 16 bytes of -1
    loop = LoopModeParams(loop1Size=2, loop2Size=2, loop1SrcStride=80, loop1DstStride=128, loop2SrcStride=160,
                          loop2DstStride=288)
    case = DataCopyPad("GM->VECIN", "int8_t", DataCopyExtParams(blockCount=2, blockLen=40),
                       DataCopyPadExtParams(isPad=True, paddingValue=-1), paddingMode="Compact", loopMode=loop,
                       product="ascend950")
    assert json.loads(case.to_json())["loopMode"]["loop2DstStride"] == 288
    src = (np.arange(320) * 7 + 3).astype(np.uint8).view(np.int8)
    result = dcconf.evaluate(case, src, np.zeros(576, np.int8))
    golden = np.zeros(576, np.int8)
    for outer in range(2):
        for inner in range(2):
            at, frm = outer * 288 + inner * 128, outer * 160 + inner * 80
            golden[at:at + 80] = src[frm:frm + 80]
            golden[at + 80:at + 96] = -1
    np.testing.assert_array_equal(result.expected, golden)
    assert result.care_elements.all()
    with pytest.raises(dcconf.NotSupported):  # LOOP-1: the 950 only
        dcconf.evaluate(DataCopyPad("GM->VECIN", "int8_t", DataCopyExtParams(blockCount=2, blockLen=40),
                                    DataCopyPadExtParams(isPad=True), loopMode=loop, product="atlas-a2"),
                        src, np.zeros(576, np.int8))


def test_fixpipe950_nz2dn_transposes_and_is_950_only():
    # FIX950-4 (issue 31 item 3): the 950 Fixpipe with CO2Layout.COLUMN_MAJOR writes the L0C matrix transposed;
    # the vendor's fixpipe_l0c2gm scenario 3 shape cut to M 32, N 16 (srcStride 32, dstStride M, {1, 0, 0, 1})
    m, n = 32, 16
    params = DataCopyCO12DstParams(nSize=n, mSize=m, srcStride=32, dstStride=m)
    state = dcconf.FixpipeState(srcDType="float", layout=dcconf.CO2Layout.COLUMN_MAJOR,
                                nz2dn=dcconf.Nz2DnParams(1, 0, 0, 1))
    case = DataCopy("CO1->GM", "float", params, fixpipe=state, product="ascend950")
    body = json.loads(case.to_json())
    assert body["fixpipe"]["layout"] == "COLUMN_MAJOR" and body["fixpipe"]["nz2dn"]["srcNzC0Stride"] == 1
    matrix = np.arange(m * n, dtype=np.float32).reshape(m, n)  # C[m][n]; one 16-column fractal block in L0C
    result = dcconf.evaluate(case, matrix, np.zeros(m * n, np.float32))
    np.testing.assert_array_equal(result.expected, matrix.T.reshape(-1))
    assert result.care_elements.all()
    with pytest.raises(dcconf.NotSupported):
        dcconf.evaluate(DataCopy("CO1->GM", "float", params, fixpipe=state, product="atlas-a2"), matrix,
                        np.zeros(m * n, np.float32))


def test_fixpipe950_to_ub_dual_destination():
    # FIX950-9..12 (issue 31 item 4): the vendor's fixpipe_l0c2ub scenarios 3 and 4 from its recipe (numpy seed 9,
    # A [128][128], B [128][256] uniform in [-1, 3) as half, C = A x B in float32): C in L0C as NZ (srcStride 128),
    # ROW_MAJOR toward VECOUT; the M split's two UBs end to end are C, the N split's UB h is C[:, 128h:128h + 128].
    np.random.seed(9)
    a = np.random.uniform(-1, 3, [128, 128]).astype(np.float16)
    b = np.random.uniform(-1, 3, [128, 256]).astype(np.float16)
    c = np.matmul(a.astype(np.float32), b.astype(np.float32)).astype(np.float32)
    l0c = c.reshape(128, 16, 16).transpose(1, 0, 2).reshape(-1)  # [N/16][M][16]
    state = dcconf.FixpipeState(srcDType="float", layout=dcconf.CO2Layout.ROW_MAJOR, dualDstCtl=1)
    split_m = DataCopy("CO1->VECOUT", "float", DataCopyCO12DstParams(nSize=256, mSize=128, srcStride=128,
                                                                      dstStride=256), fixpipe=state, product="ascend950")
    assert json.loads(split_m.to_json())["fixpipe"]["dualDstCtl"] == 1
    result = dcconf.evaluate(split_m, l0c, np.zeros(128 * 256, np.float32))
    np.testing.assert_array_equal(result.expected, c.reshape(-1))
    assert result.care_elements.all()
    state.dualDstCtl = 2
    split_n = DataCopy("CO1->VECOUT", "float", DataCopyCO12DstParams(nSize=256, mSize=128, srcStride=128,
                                                                      dstStride=128), fixpipe=state, product="ascend950")
    result = dcconf.evaluate(split_n, l0c, np.zeros(128 * 256, np.float32))
    np.testing.assert_array_equal(result.expected, np.concatenate([c[:, :128].reshape(-1), c[:, 128:].reshape(-1)]))
    assert "dualDstCtl" not in dcconf.FixpipeState(srcDType="float", layout="ROW_MAJOR").case_json()  # 0: no key
    with pytest.raises(dcconf.NotSupported):  # FIX950-8: the 950 only
        dcconf.evaluate(DataCopy("CO1->VECOUT", "float", DataCopyCO12DstParams(nSize=256, mSize=128, srcStride=128,
                                                                               dstStride=256),
                                 fixpipe=dcconf.FixpipeState(srcDType="float", layout="ROW_MAJOR"), product="atlas-a2"),
                        l0c, np.zeros(128 * 256, np.float32))


def test_atomic_vendor_scenarios():
    # ATOM-6 (issue 31 item 7): the vendor's data_movement_with_atomic_operations, one case per core. Scenario 1:
    # SetAtomicAdd<half>, 256 ones added three times onto twos: fives. Scenario 2: SetAtomicMax<half> over numpy's
    # draws (seed 9, uniform [1, 5), [3, 7), [2, 6)) onto zeros: their element-wise maximum.
    add = DataCopy("VECOUT->GM", "half", calCount=256, atomic="add", product="atlas-a2")
    assert json.loads(add.to_json())["atomic"] == "add"
    gm = np.full(256, 2.0, np.float16)
    for _ in range(3):
        result = dcconf.evaluate(add, np.ones(256, np.float16), gm)
        assert result.care_elements.all()
        gm = result.expected
    np.testing.assert_array_equal(gm, np.full(256, 5.0, np.float16))
    np.random.seed(9)
    inputs = [np.random.uniform(lo, hi, [256]).astype(np.float16) for lo, hi in ((1, 5), (3, 7), (2, 6))]
    golden = np.maximum.reduce(inputs)
    for product in ("atlas-a2", "atlas-a3", "ascend950"):
        gm = np.zeros(256, np.float16)
        for x in inputs:
            gm = dcconf.evaluate(DataCopy("VECOUT->GM", "half", calCount=256, atomic="max", product=product), x,
                                 gm).expected
        np.testing.assert_array_equal(gm, golden)
    # DataCopyPad UB->GM too; ATOM-1: not on Atlas training; a bad name is refused
    pad = DataCopyPad("VECOUT->GM", "float", DataCopyExtParams(blockCount=1, blockLen=8), atomic="min")
    out = dcconf.evaluate(pad, np.array([1.0, -3.0], np.float32), np.array([2.0, -4.0, 9.0], np.float32))
    np.testing.assert_array_equal(out.expected, np.array([1.0, -4.0, 9.0], np.float32))
    with pytest.raises(dcconf.NotSupported):
        dcconf.evaluate(DataCopy("VECOUT->GM", "float", calCount=8, atomic="add", product="atlas-training"),
                        np.zeros(8, np.float32), np.zeros(8, np.float32))
    with pytest.raises(ValueError):
        DataCopy("VECOUT->GM", "half", calCount=16, atomic="sum")


def test_datacopy_ub_to_l1_vendor_example():
    # DC-5 (issue 31 item 5): data_copy_ub2l1 scenario 1 on the Ascend 950, half, m = k = 32: DataCopy(a1, ub, m*k)
    # moves the NZ matrix verbatim; the 0-level call keeps DC-2's block strides; Atlas training lacks the path.
    x = np.arange(32 * 32, dtype=np.float16)
    for path in ("VECIN->A1", "VECIN->B1", "VECOUT->A1", "VECOUT->B1"):
        for product in ("atlas-a2", "atlas-a3", "atlas-inference-310p", "ascend950"):
            result = dcconf.evaluate(DataCopy(path, "half", calCount=32 * 32, product=product), x,
                                     np.zeros(32 * 32, np.float16))
            assert result.care_elements.all()
            np.testing.assert_array_equal(result.expected, x)
    gap = dcconf.evaluate(DataCopy("VECOUT->B1", "half", DataCopyParams(blockCount=2, blockLen=1, srcStride=1, dstStride=0),
                                   product="ascend950"), x[:48], np.zeros(32, np.float16))
    np.testing.assert_array_equal(gap.expected, np.concatenate([x[:16], x[32:48]]))
    with pytest.raises(dcconf.NotSupported):
        dcconf.evaluate(DataCopy("VECIN->A1", "half", calCount=16, product="atlas-training"), x[:16], np.zeros(16, np.float16))


def test_nd2nz_ub_to_l1_routes_and_page():
    # ND2NZ-6..8 (issue 31 item 5): DataCopy(tscm, ub, Nd2NzParams). A 3x32 half matrix, srcDValue == dValue, rows one
    # block apart, column blocks 3 blocks apart: every vendor route places it as the page does (AMB-38), on A2 and the
    # 950 alike; the result is the NZ matrix (numpy's reshape and transpose).
    x = np.arange(3 * 32, dtype=np.float16).reshape(3, 32)
    golden = x.reshape(3, 2, 16).transpose(1, 0, 2).reshape(-1)
    params = Nd2NzParams(ndNum=1, nValue=3, dValue=32, srcDValue=32, dstNzC0Stride=3, dstNzNStride=1)
    for product in ("atlas-a2", "atlas-a3", "ascend950"):
        result = dcconf.evaluate(DataCopy("VECOUT->TSCM", "half", params, product=product), x.reshape(-1),
                                 np.zeros(96, np.float16))
        assert result.care_elements.all()
        np.testing.assert_array_equal(result.expected, golden)
    # The page's example (ndNum 1 as its table says): no route places it so; the page reading does, tail zeroed.
    page_example = DataCopy("VECIN->TSCM", "half", Nd2NzParams(ndNum=1, nValue=2, dValue=24, srcDValue=48,
                                                                dstNzC0Stride=11, dstNzNStride=2), product="ascend950")
    src = np.arange(96, dtype=np.float16)
    with pytest.raises(dcconf.InvalidCase, match="ND2NZ-7.*AMB-38"):
        dcconf.evaluate(page_example, src, np.zeros(14 * 16, np.float16))
    page = dcconf.evaluate(page_example, src, np.zeros(14 * 16, np.float16), profile="nd2nzu2l1-page")
    np.testing.assert_array_equal(page.expected[11 * 16: 12 * 16], np.concatenate([src[16:24], np.zeros(8, np.float16)]))
    np.testing.assert_array_equal(page.expected[2 * 16: 3 * 16], src[48:64])  # row 1 two blocks on (dstNzNStride 2)
    with pytest.raises(dcconf.NotSupported):
        dcconf.evaluate(DataCopy("VECIN->TSCM", "half", params, product="atlas-training"), x.reshape(-1),
                        np.zeros(96, np.float16))
def test_broadcast_vec_to_mm_vendor_example():
    # BRC-5 (issue 31 item 8): broadcast_ub2l0c, float, BroadCastVecToMM(dst, src, 1, 1, 0, 1) on VECIN->CO1: numpy's
    # golden is the [16] input in each of the 16 rows (golden[i] = input_x), every element cared.
    x = np.random.default_rng(8).uniform(-100, 100, 16).astype(np.float32)
    golden = np.tile(x, 16)
    case = dcconf.BroadCastVecToMM("VECIN->CO1", "float", 1, 1, 0, 1)
    result = dcconf.evaluate(case, x, np.zeros(256, np.float32))
    assert result.care_elements.all()
    np.testing.assert_array_equal(result.expected, golden)
    # AMB-40: two blocks, dstGap 1: block 1 at fractal 2 (tail to head) or 1 (head to head); ANY where they differ,
    # pinned by a profile word
    two = dcconf.BroadCastVecToMM("VECOUT->CO1", "int32_t", 2, 1, 0, 1)
    src = np.arange(32, dtype=np.int32)
    open_ = dcconf.evaluate(two, src, np.zeros(3 * 256, np.int32))
    assert open_.care_elements[:256].all() and not open_.care_elements[256:].any()
    gap = dcconf.evaluate(two, src, np.zeros(3 * 256, np.int32), profile="brc-dstgap-gap")
    np.testing.assert_array_equal(gap.expected[512:], np.tile(src[16:], 16))
    np.testing.assert_array_equal(gap.expected[256:512], np.zeros(256, np.int32))
    # AMB-42: a CO1 start off 256 elements is invalid; BRC-1: not on Atlas A2
    with pytest.raises(dcconf.InvalidCase):
        dcconf.evaluate(dcconf.BroadCastVecToMM("VECIN->CO1", "float", 1, 1, dst_offset=512), x,
                        np.zeros(512, np.float32))
    with pytest.raises(dcconf.NotSupported):
        dcconf.evaluate(dcconf.BroadCastVecToMM("VECIN->CO1", "float", 1, 1, product="atlas-a2"), x,
                        np.zeros(256, np.float32))


def test_nd2nz_gm_to_ub_vendor_example():
    # ND2NZUB-6 (issue 31 item 6): nd2nz_during_data_movement, half 32x32, Nd2NzParams{1, 32, 32, 0, 32, 32, 1, 0}
    # on GM->VECIN: the golden is the two 32x16 column blocks one after the other (numpy's reshape and transpose).
    x = np.arange(32 * 32, dtype=np.float16).reshape(32, 32)
    golden = x.reshape(32, 2, 16).transpose(1, 0, 2).reshape(-1)
    for product in ("atlas-a2", "atlas-a3", "ascend950"):
        case = DataCopy("GM->VECIN", "half", Nd2NzParams(ndNum=1, nValue=32, dValue=32, srcDValue=32,
                                                         dstNzC0Stride=32, dstNzNStride=1), product=product)
        result = dcconf.evaluate(case, x.reshape(-1), np.zeros(32 * 32, np.float16))
        assert result.care_elements.all()
        np.testing.assert_array_equal(result.expected, golden)
    # AMB-33: a second matrix is a layout the emulation places otherwise: invalid by default, the page's under
    # nd2nzub-page; ND2NZUB-1: not on Atlas inference
    two = DataCopy("GM->VECIN", "half", Nd2NzParams(ndNum=2, nValue=1, dValue=16, srcNdMatrixStride=16, srcDValue=16,
                                                    dstNzC0Stride=1, dstNzNStride=1, dstNzMatrixStride=16))
    with pytest.raises(dcconf.InvalidCase):
        dcconf.evaluate(two, np.zeros(32, np.float16), np.zeros(32, np.float16))
    page = dcconf.evaluate(two, np.arange(32, dtype=np.float16), np.zeros(32, np.float16), profile="nd2nzub-page")
    np.testing.assert_array_equal(page.expected, np.arange(32, dtype=np.float16))
    with pytest.raises(dcconf.NotSupported):
        dcconf.evaluate(DataCopy("GM->VECIN", "half", Nd2NzParams(ndNum=1, nValue=1, dValue=16, srcDValue=16,
                                                                  dstNzC0Stride=1, dstNzNStride=1),
                                 product="atlas-inference-310p"), np.zeros(16, np.float16), np.zeros(16, np.float16))


def _nddma(srcStride, dstStride, size, lp=(0, 0), rp=(0, 0), constant=0, nearest=False):
    return DataCopy("GM->VECIN", "float", dcconf.NdDmaParams(dim=2, loopSrcStride=srcStride, loopDstStride=dstStride,
                                                              loopSize=size, loopLpSize=lp, loopRpSize=rp,
                                                              constantValue=constant, isNearestValueMode=nearest),
                    product="ascend950")


def test_nddma_vendor_scenarios():
    # NDDMA-5 (issue 31 item 9): data_copy_gm2ub_nddma's five scenarios, float, input arange(1, n + 1), the UB zeroed
    # first; the goldens are numpy's (pad with zeros, edge pad, transpose, repeat, slice), every element cared.
    def run(case, x, out_shape):
        result = dcconf.evaluate(case, x.reshape(-1), np.zeros(int(np.prod(out_shape)), np.float32))
        assert result.care_elements.all()
        return result.expected.reshape(out_shape)

    x1 = np.arange(1, 16 * 32 + 1, dtype=np.float32).reshape(16, 32)
    np.testing.assert_array_equal(run(_nddma((1, 32), (1, 64), (32, 16), (15, 13), (17, 3)), x1, (32, 64)),
                                  np.pad(x1, ((13, 3), (15, 17))))
    x2 = np.arange(1, 28 * 15 + 1, dtype=np.float32).reshape(28, 15)
    np.testing.assert_array_equal(run(_nddma((1, 15), (1, 32), (15, 28), (11, 3), (6, 1), nearest=True), x2, (32, 32)),
                                  np.pad(x2, ((3, 1), (11, 6)), mode="edge"))
    x3 = np.arange(1, 16 * 64 + 1, dtype=np.float32).reshape(16, 64)
    np.testing.assert_array_equal(run(_nddma((1, 64), (16, 1), (64, 16)), x3, (64, 16)), x3.T)
    x4 = np.arange(1, 17, dtype=np.float32)
    np.testing.assert_array_equal(run(_nddma((1, 0), (1, 16), (16, 3)), x4, (3, 16)), np.tile(x4, (3, 1)))
    x5 = np.arange(1, 32 * 64 + 1, dtype=np.float32).reshape(32, 64)
    np.testing.assert_array_equal(run(_nddma((1, 64), (1, 16), (16, 16)), x5, (16, 16)), x5[:16, :16])
    # NDDMA-3: a non-zero constant pads every padded row and column
    np.testing.assert_array_equal(run(_nddma((1, 32), (1, 64), (32, 16), (15, 13), (17, 3), constant=-2.5), x1, (32, 64)),
                                  np.pad(x1, ((13, 3), (15, 17)), constant_values=-2.5))
    # NDDMA-1: the Ascend 950 only; NDDMA-2: loopSize 0 is invalid (AMB-37)
    with pytest.raises(dcconf.NotSupported):
        dcconf.evaluate(DataCopy("GM->VECIN", "float", dcconf.NdDmaParams(dim=1, loopSrcStride=[1], loopDstStride=[1],
                                                                           loopSize=[16]), product="atlas-a2"),
                        x4, np.zeros(16, np.float32))
    with pytest.raises(dcconf.InvalidCase, match="NDDMA-2.*AMB-37.*nddma-size0-noop"):
        dcconf.evaluate(_nddma((1, 16), (1, 16), (16, 0)), x4, np.zeros(16, np.float32))
    # ... which nddma-size0-noop accepts as a no-op: every destination element kept, even with pads around it
    before = np.full(32, 7, np.float32)
    noop = dcconf.evaluate(_nddma((1, 16), (1, 16), (16, 0), lp=(0, 1), rp=(0, 1)), x4, before,
                           profile="nddma-size0-noop")
    assert noop.care_elements.all()
    np.testing.assert_array_equal(noop.expected, before)
    # NDDMA-4: rows of three elements two apart interleave (AMB-36); nddma-interleave-any computes them, the element
    # both rows write ANY
    rows = _nddma((1, 3), (1, 2), (3, 2))
    with pytest.raises(dcconf.InvalidCase, match="NDDMA-4.*AMB-36.*nddma-interleave-any"):
        dcconf.evaluate(rows, x4, np.zeros(8, np.float32))
    woven = dcconf.evaluate(rows, x4, np.zeros(8, np.float32), profile="nddma-interleave-any")
    np.testing.assert_array_equal(woven.care_elements, [True, True, False, True, True, True, True, True])
    np.testing.assert_array_equal(woven.expected[[0, 1, 3, 4]], [1, 2, 5, 6])
    # AMB-35: an 8-byte T's loopDstStride 2^19 + 2 is past the doubled 20-bit field; nddma-b64-wrap cuts it to 2
    b64 = DataCopy("GM->VECIN", "int64_t", dcconf.NdDmaParams(dim=1, loopSrcStride=[1], loopDstStride=[2**19 + 2],
                                                               loopSize=[3]), product="ascend950")
    ints = np.arange(1, 4, dtype=np.int64)
    with pytest.raises(dcconf.InvalidCase, match="AMB-35.*nddma-b64-wrap"):
        dcconf.evaluate(b64, ints, np.zeros(5, np.int64))
    cut = dcconf.evaluate(b64, ints, np.zeros(5, np.int64), profile="nddma-b64-wrap")
    np.testing.assert_array_equal(cut.expected, [1, 0, 2, 0, 3])
