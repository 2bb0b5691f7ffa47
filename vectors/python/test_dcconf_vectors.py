"""dcconf_vectors against outputs written by `dcconf vectors check --save-outputs` (DCCONF_EXE, default build/dcconf)."""
import os
import pathlib
import shutil
import subprocess
import tempfile
import unittest

import numpy as np

import dcconf_vectors as dv

ROOT = pathlib.Path(__file__).resolve().parents[2]
DCCONF = os.environ.get("DCCONF_EXE", str(ROOT / "build" / "dcconf"))


class VerifyOutputs(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = pathlib.Path(tempfile.mkdtemp(prefix="dcconf-vectors-py-"))
        cls.set_dir = cls.tmp / "set"
        cls.outputs = cls.tmp / "outputs"
        subprocess.run([DCCONF, "vectors", "export", "--out", str(cls.set_dir), "--count", "1", "--seed", "9",
                        "--quiet"], check=True)
        subprocess.run([DCCONF, "vectors", "check", str(cls.set_dir), "--backend", "fast", "--save-outputs",
                        str(cls.outputs), "--quiet"], check=True)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def test_outputs_of_fast_pass(self):
        vs = dv.load_set(self.set_dir)
        self.assertEqual(len(vs.tests), vs.manifest["numberOfTests"])
        results = dv.verify_outputs(vs, self.outputs)
        self.assertTrue(all(r.ok for r in results), [r.message for r in results if not r.ok])
        self.assertIn("REJECTED", {r.status for r in results})

    def test_one_corrupted_byte_fails_naming_tcid_and_byte(self):
        vs = dv.load_set(self.set_dir)
        test = next(t for t in vs.tests if t.result == "valid")
        byte = int(np.flatnonzero(test.care)[0])
        bad = self.tmp / "bad"
        shutil.copytree(self.outputs, bad, dirs_exist_ok=True)
        out = np.fromfile(bad / f"{test.tc_id}.bin", dtype=np.uint8)
        out[byte] ^= 0xFF
        out.tofile(bad / f"{test.tc_id}.bin")
        failed = [r for r in dv.verify_outputs(vs, bad) if not r.ok]
        self.assertEqual(len(failed), 1)
        self.assertEqual(failed[0].tc_id, test.tc_id)
        self.assertIn(f"first at byte {byte}", failed[0].message)

    def test_corrupted_tensor_is_refused(self):
        copy = self.tmp / "corrupt"
        shutil.copytree(self.set_dir, copy, dirs_exist_ok=True)
        victim = next((copy / "data").glob("*.src.bin"))
        data = bytearray(victim.read_bytes())
        data[0] ^= 1
        victim.write_bytes(bytes(data))
        with self.assertRaisesRegex(dv.VectorSetError, "sha256"):
            dv.load_set(copy)

    def test_fixpipe_vectors_state_and_a_corrupted_element(self):
        vs = dv.load_set(ROOT / "vectors" / "golden")
        fix = [t for t in vs.tests if t.case["params"]["type"] == "DataCopyCO12DstParams"]
        self.assertTrue(fix)
        self.assertTrue(all(dv.fixpipe_state(t) is not None for t in fix))
        self.assertIsNone(dv.fixpipe_state(next(t for t in vs.tests if "fixpipe" not in t.case)))
        worked = next(t for t in fix if "WORKED_EXAMPLE" in t.flags)
        state = dv.fixpipe_state(worked)
        self.assertEqual((state.src_dtype, state.quant_scalar), ("int32_t", 0x3F000000))  # DEQF16, scale 0.5
        nz2nd = next(t for t in fix if "FIX_NZ2ND_MULTI_MATRIX" in t.flags)
        self.assertEqual(dv.fixpipe_state(nz2nd).nz2nd_register, 2 | 19 << 16 | 72 << 32)
        per_column = next(t for t in fix if "FIX_PER_COLUMN" in t.flags)
        self.assertEqual(dv.fixpipe_state(per_column).quant_tensor.dtype, np.uint64)
        self.assertEqual(len(dv.fixpipe_state(per_column).quant_tensor), per_column.case["params"]["nSize"])
        # an element left open by an ambiguity is care 0, but (G-6) it must follow one whole reading: any value
        # passes only where that reading leaves the byte ANY too; a byte the reading decides, or a cared one, fails
        amb = next(t for t in fix if any(f.startswith("AMB_") for f in t.flags) and t.result == "valid")
        self.assertTrue(amb.readings and "ALTERNATIVES" in amb.flags)
        reading = amb.readings[0]
        out = reading.expected.copy()
        out[reading.care == 0] ^= 0xFF
        self.assertEqual(dv.verify_test(amb, out).status, "PASS")
        decided = int(np.flatnonzero((amb.care == 0) & (reading.care == 1))[0])
        out[decided] ^= 0x01
        self.assertIn("G-6", dv.verify_test(amb, out).message)
        out[decided] ^= 0x01
        cared = int(np.flatnonzero(amb.care)[0])
        out[cared] ^= 0x01
        self.assertEqual(dv.verify_test(amb, out).status, "FAIL")

    def test_golden_set_loads(self):
        vs = dv.load_set(ROOT / "vectors" / "golden")
        self.assertGreater(len(vs.tests), 0)


if __name__ == "__main__":
    unittest.main()
