#!/usr/bin/env bash
# CTest python.pip_install*: the Python package installs offline with pip into a venv and works from there
# (docs/python.md). Everything happens in a private temporary folder removed at exit; python/ is copied there, so
# pip's in-place build writes nothing into the checkout.
#   test_python_install.sh SOURCE BUILD PYTHON
# With a PYTHON that has numpy (Debian's): venv --system-site-packages, pip install --no-build-isolation --no-index,
# then the installed package computes a golden, np.asarray(golden) is the tensor, python -m dcconf.vectors runs, and
# without numpy / without the extension the error is one line naming the fix.
# With a PYTHON that has no numpy (a pyenv build first on PATH): the same install with --no-deps (pip cannot fetch
# numpy offline), then `import dcconf` must fail with the one-line numpy error, and the extension must load.
set -euo pipefail
source_dir=$(cd "$1" && pwd) build=$(cd "$2" && pwd) python=$3
work=$(mktemp -d "${TMPDIR:-/tmp}/dcconf-pip-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "test_python_install: FAIL: $*" >&2; exit 1; }
cd "$work"
unset PYTHONPATH
export PYTHONDONTWRITEBYTECODE=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1

mkdir src && cp -r "$source_dir/python/." src/ && rm -rf src/build src/*.egg-info src/dcconf/_core*.so
"$python" -m venv --system-site-packages venv || fail "$python -m venv --system-site-packages"
has_numpy=yes
"$python" -c "import numpy" 2>/dev/null || has_numpy=no
deps=(--no-index)
[ $has_numpy = yes ] || deps=(--no-index --no-deps)
DCCONF_SOURCE_DIR=$source_dir DCCONF_BUILD_DIR=$build venv/bin/pip install -q --no-build-isolation "${deps[@]}" ./src \
  >pip.log 2>&1 || { cat pip.log; fail "pip install --no-build-isolation ${deps[*]} ./python"; }
site=$(venv/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
ls "$site"/dcconf/_core*.so >/dev/null || fail "no extension in $site/dcconf"
echo "installed into $site with $("$python" --version) ($python), numpy: $has_numpy"

# The extension loads in this Python whatever numpy does (same ABI tag as the build tree's, or built for it).
venv/bin/python - "$site" <<'PY' || fail "the installed extension does not load"
import importlib.machinery, importlib.util, glob, sys
path = glob.glob(sys.argv[1] + "/dcconf/_core*.so")[0]
spec = importlib.util.spec_from_file_location("dcconf._core", path)
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
print("extension loads:", path)
PY

if [ $has_numpy = no ]; then
  venv/bin/python -c "import dcconf" >out.txt 2>err.txt && fail "import dcconf succeeded without numpy"
  [ "$(wc -l <err.txt)" -eq 1 ] || { cat err.txt; fail "the missing-numpy error is not one line"; }
  grep -q "^dcconf: error: numpy is not importable by .*pip install numpy" err.txt || { cat err.txt; fail "message"; }
  cat err.txt
  echo "test_python_install: ok (no numpy in $python: installed with --no-deps, one-line error on import)"
  exit 0
fi

venv/bin/python - <<'PY' || fail "the installed package does not work"
import sys
import numpy as np
import dcconf
assert dcconf.__file__.startswith(sys.prefix), (dcconf.__file__, sys.prefix)
case = dcconf.DataCopyPad(path="GM->VECIN", dtype="half", params=dcconf.DataCopyExtParams(blockCount=2, blockLen=40),
                          pad=dcconf.DataCopyPadExtParams(isPad=True, rightPadding=2, paddingValue=-1.0))
src = np.arange(40, dtype=np.float16)
g = dcconf.golden(case, src, any_fill=0)
a = np.asarray(g)
assert a is g.tensor and a.dtype == np.float16 and a.shape == (64,), (type(a), a.dtype, a.shape)
assert list(a[:22]) == list(range(20)) + [-1, -1] and list(a[32:54]) == list(range(20, 40)) + [-1, -1], a
assert np.array_equal(g, g.tensor) and np.asarray(g, dtype=np.float32).dtype == np.float32
print("golden ok:", dcconf.__file__)
PY
venv/bin/python -m dcconf.vectors --help >/dev/null || fail "python -m dcconf.vectors --help"
venv/bin/python -m pytest -p dcconf.pytest_plugin --help >pytest.txt 2>&1 || { cat pytest.txt; fail "pytest plugin"; }

# Without numpy (a venv that does not see Debian's) and without the extension: one line naming the fix each.
"$python" -m venv --without-pip bare || fail "venv --without-pip"
PYTHONPATH=$site bare/bin/python -c "import dcconf" >out.txt 2>err.txt && fail "import dcconf worked without numpy"
[ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^dcconf: error: numpy is not importable.*apt install python3-numpy" err.txt \
  || { cat err.txt; fail "missing numpy: not the one-line error"; }
PYTHONPATH=$site bare/bin/python -m dcconf.vectors --help >out.txt 2>err.txt && fail "dcconf.vectors without numpy"
[ "$(wc -l <err.txt)" -eq 1 ] || { cat err.txt; fail "python -m dcconf.vectors without numpy: not one line"; }
PYTHONPATH=$work/src venv/bin/python -c "import dcconf, numpy as np; dcconf.golden(dcconf.DataCopy('GM->VECIN', 'half', calCount=16), np.zeros(16, np.float16))" \
  >out.txt 2>err.txt && fail "golden worked without the extension"
[ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^dcconf: error: the extension dcconf._core is missing.*pip install ./python" err.txt \
  || { cat err.txt; fail "missing extension: not the one-line error"; }
echo "test_python_install: ok"
