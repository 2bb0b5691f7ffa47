"""Compatibility entry point: the numpy verifier is now dcconf.vectors (python/dcconf/vectors.py, docs/python.md).

    import dcconf_vectors as dv          # same names as before: load_set, verify_outputs, verify_test, ...
    python3 vectors/python/dcconf_vectors.py SET OUTPUTS     # = python3 -m dcconf.vectors verify SET --outputs OUTPUTS
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "python"))

from dcconf.vectors import *  # noqa: E402,F401,F403
from dcconf.vectors import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(legacy=True))
