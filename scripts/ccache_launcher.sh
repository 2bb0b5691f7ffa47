# Sourced by setup.sh and ci_sanitized.sh: when ccache is installed, sets `launcher` to the CMake options that build
# through it (empty otherwise). Paths relative to the checkout's parent and no working-directory hash let a fresh
# clone (CI) or a second worktree side by side hit the same cache.
launcher=()
if command -v ccache >/dev/null; then
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(cd .. && pwd)}" CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-1}"
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
