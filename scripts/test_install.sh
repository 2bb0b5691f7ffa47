#!/usr/bin/env bash
# The install tests (cmake/Install.cmake), each in a private temporary folder removed at exit:
#   test_install.sh prefix BUILD PYTHON   cmake --install into a temp prefix; the installed dcconf and Python package
#                                         work with the build and source trees out of reach
#   test_install.sh deb BUILD PYTHON      cpack -G DEB into a temp folder; the package's files and Depends; its
#                                         unpacked dcconf runs
#   test_install.sh dpkg BUILD PYTHON     (root, by hand or in a throw-away CI machine) dpkg -i the .deb, run dcconf
#                                         from PATH and import dcconf, then dpkg -r; refuses when dcconf is installed
set -euo pipefail
mode=$1 build=$(cd "$2" && pwd) python=$3
work=$(mktemp -d "${TMPDIR:-/tmp}/dcconf-install-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "test_install $mode: FAIL: $*" >&2; exit 1; }

# A short real run: one path, one dtype, a few cases; exits 0 only when something was tested and passed.
short_run() {
  "$1" run --path 'GM->*' --dtype half --cases 20 --seed 1 --quiet --out "$work/run-$2" \
    || fail "$1 run exited $?"
  [ -s "$work/run-$2/report.json" ] || fail "$1 run wrote no report.json"
}

# The Python package, imported with nothing of the build or source tree on the path: the oracle computes a golden.
python_golden() {
  (cd "$work" && env -u PYTHONPATH PYTHONPATH="$1" PYTHONDONTWRITEBYTECODE=1 "$python" -c '
import numpy as np, dcconf, sys
assert dcconf.__file__.startswith(sys.argv[1]), (dcconf.__file__, sys.argv[1])
case = dcconf.DataCopyPad(path="GM->VECIN", dtype="half", params=dcconf.DataCopyExtParams(blockCount=1, blockLen=40),
                          pad=dcconf.DataCopyPadExtParams(isPad=True, rightPadding=2, paddingValue=0))
g = dcconf.golden(case, np.arange(20, dtype=np.float16))
assert list(np.asarray(g)[:22]) == list(range(20)) + [0, 0], np.asarray(g)[:22]
print("python ok:", dcconf.__file__)' "$1") || fail "the installed Python package ($1) does not compute a golden"
}

case $mode in
  prefix)
    prefix=$work/prefix
    cmake --install "$build" --prefix "$prefix" >"$work/install.log" || { cat "$work/install.log"; fail "cmake --install"; }
    for f in bin/dcconf include/dcconf_backend.h share/doc/dcconf/examples/plugin/example_plugin.c \
             share/doc/dcconf/semantics.md share/doc/dcconf/README.md share/dcconf/schema/report.schema.json \
             share/dcconf/schema/case.schema.json lib/python3/dist-packages/dcconf/__init__.py; do
      [ -f "$prefix/$f" ] || fail "$f not installed"
    done
    ls "$prefix"/lib/python3/dist-packages/dcconf/_core*.so >/dev/null || fail "the Python extension is not installed"
    # The installed dcconf from PATH, run from the temporary folder: the clause texts are built in.
    (cd "$work" && PATH="$prefix/bin:/usr/bin:/bin" dcconf --help >/dev/null) || fail "installed dcconf --help"
    (cd "$work" && PATH="$prefix/bin:/usr/bin:/bin" dcconf explain --clause PAD-G2U-3) | grep -q "dummy bytes" \
      || fail "installed dcconf explain --clause"
    short_run "$prefix/bin/dcconf" prefix
    # The plugin example builds from the installed header alone and passes a short run.
    cc -shared -fPIC -O1 -I"$prefix/include" -o "$work/libexample.so" \
       "$prefix/share/doc/dcconf/examples/plugin/example_plugin.c" || fail "example_plugin.c against the installed header"
    "$prefix/bin/dcconf" run --backend "plugin:$work/libexample.so" --path 'GM->*' --dtype half --cases 20 --seed 1 \
      --quiet --out "$work/run-plugin" || fail "the installed example plugin's run exited $?"
    python_golden "$prefix/lib/python3/dist-packages"
    echo "test_install prefix: ok ($(du -sh "$prefix" | cut -f1) installed)"
    ;;
  deb)
    start=$(date +%s)
    (cd "$work" && cpack -G DEB -B "$work/out" --config "$build/CPackConfig.cmake" >"$work/cpack.log" 2>&1) \
      || { cat "$work/cpack.log"; fail "cpack -G DEB"; }
    deb=$(ls "$work"/out/dcconf_*.deb) || fail "no .deb"
    echo "built $(basename "$deb") ($(du -h "$deb" | cut -f1)) in $(( $(date +%s) - start )) s"
    dpkg-deb -c "$deb" >"$work/files"
    for f in ./usr/bin/dcconf ./usr/include/dcconf_backend.h ./usr/share/doc/dcconf/semantics.md \
             ./usr/share/doc/dcconf/examples/plugin/example_plugin.c ./usr/share/dcconf/schema/report.schema.json \
             ./usr/lib/python3/dist-packages/dcconf/__init__.py; do
      grep -q " $f\$" "$work/files" || fail "$f not in the package"
    done
    grep -q "/usr/lib/python3/dist-packages/dcconf/_core.*\.so$" "$work/files" || fail "no Python extension"
    depends=$(dpkg-deb -f "$deb" Depends)
    echo "Depends: $depends"
    # dpkg-shlibdeps' libraries of the binaries and the Python package's needs.
    for d in libc6 libstdc++6 python3-numpy "python3 (>= " "python3 (<< "; do
      [[ $depends == *"$d"* ]] || fail "Depends lacks $d"
    done
    # Each shared library the installed dcconf loads belongs to a package named in Depends.
    dpkg-deb -x "$deb" "$work/root"
    for lib in $(ldd "$work/root/usr/bin/dcconf" | awk '$3 ~ /^\// {print $3}'); do
      pkg=$(dpkg -S "$(readlink -f "$lib")" 2>/dev/null | head -1 | cut -d: -f1) || pkg=""
      [ -z "$pkg" ] && pkg=$(dpkg -S "$lib" 2>/dev/null | head -1 | cut -d: -f1)
      [ -n "$pkg" ] || fail "no package owns $lib"
      [[ $depends == *"$pkg"* ]] || fail "dcconf loads $lib of $pkg, which Depends does not name"
    done
    short_run "$work/root/usr/bin/dcconf" deb
    python_golden "$work/root/usr/lib/python3/dist-packages"
    echo "test_install deb: ok"
    ;;
  dpkg)
    [ "$(id -u)" -eq 0 ] || fail "needs root"
    ! dpkg-query -W dcconf >/dev/null 2>&1 || fail "a dcconf package is already installed; remove it first"
    (cd "$work" && cpack -G DEB -B "$work/out" --config "$build/CPackConfig.cmake" >"$work/cpack.log" 2>&1) \
      || { cat "$work/cpack.log"; fail "cpack -G DEB"; }
    deb=$(ls "$work"/out/dcconf_*.deb)
    trap 'dpkg -r dcconf >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
    dpkg -i "$deb" || fail "dpkg -i"
    [ "$(command -v dcconf)" = /usr/bin/dcconf ] || fail "dcconf on PATH is $(command -v dcconf)"
    /usr/bin/dcconf run --help >/dev/null || fail "dcconf run --help"
    short_run /usr/bin/dcconf dpkg
    (cd "$work" && env -u PYTHONPATH /usr/bin/python3 -c 'import dcconf, numpy as np; print("python ok:", dcconf.__file__)') \
      || fail "import dcconf from the package"
    dpkg -r dcconf || fail "dpkg -r"
    [ ! -e /usr/bin/dcconf ] || fail "/usr/bin/dcconf left behind by dpkg -r"
    echo "test_install dpkg: ok (installed, ran, removed)"
    ;;
  *) echo "usage: test_install.sh prefix|deb|dpkg BUILD PYTHON" >&2; exit 2 ;;
esac
