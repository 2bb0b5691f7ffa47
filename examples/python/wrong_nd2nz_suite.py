"""Run by test_toy_nd2nz.py, expecting failure: the toy ND2NZ that forgets the zero tail (ND2NZ-3)."""
import pytest

import toy_nd2nz


@pytest.mark.dcconf(operation="nd2nz", cases=8, invalid=0)  # the toy does not validate (G-4)
def test_wrong_nd2nz(dcconf_case):
    dcconf_case.check(toy_nd2nz.run_forgetting_the_tail)
