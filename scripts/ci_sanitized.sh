#!/usr/bin/env bash
# CI stage: an ASan+UBSan build, in build-san/, of the oracle, casefile, vectors and backends tests and
# of dcconf; runs those tests, the fuzz corpus of the vector loader, and a short `dcconf run` on every product.
# Any sanitizer report fails the stage (halt_on_error). About 25 min on 2 cores from scratch (no ccache): the
# build 13, the tests 6, the per-product runs 4.
# The full sanitized ctest (~20 min on 2 cores) is: DCCONF_SANITIZED_ALL=1 bash scripts/ci_sanitized.sh
set -euo pipefail
cd "$(dirname "$0")/.."
build=build-san
# -Wno-maybe-uninitialized: with the sanitizers' instrumentation GCC 12 reports false positives inside libstdc++'s
# <regex> (std::function in _State); the plain -Werror build keeps the warning.
flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -Wno-maybe-uninitialized"
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:abort_on_error=0"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
source scripts/ccache_launcher.sh  # sets launcher: build through ccache when installed
# -O1 -g1: the sanitizers' usual level; instrumented code at -O2 -g compiles about 3x slower (99 s against 34 s for
# runners/report/src/report.cpp), which a fresh CI machine without a compiler cache pays for every file.
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDCCONF_WERROR="${DCCONF_WERROR:-OFF}" -DDCCONF_FUZZ=OFF \
      -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
      "${launcher[@]}" \
      -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_C_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" \
      -DCMAKE_SHARED_LINKER_FLAGS="$flags" >/dev/null
jobs="$(nproc)"
if [ -n "${DCCONF_SANITIZED_ALL:-}" ]; then
  cmake --build "$build" -j"$jobs"
  ctest --test-dir "$build" --output-on-failure -j"$jobs"
  exit 0
fi
# Only the targets this stage runs (the test executables are globbed per family).
targets=(dcconf casefile_tests vectors_tests report_tests exec_test_exec_backend dcconf_fixture_hostile_plugin
         dcconf_vectors_walk_set)
targets+=($(sed -n 's/^add_executable(\(backends_[A-Za-z0-9_]*\) .*/\1/p' backends/tests/CMakeLists.txt))
for source in oracle/tests/test_*.cpp; do targets+=("oracle_$(basename "$source" .cpp)"); done
cmake --build "$build" -j"$jobs" --target "${targets[@]}"
# reliability.*: the hostile plugins, shard reports and signals (cli/tests/reliability.sh), through the
# sanitized dcconf; report.* and exec.*: the readers and the reply parser those scenarios feed. reliability.late-write
# runs in the plain build only: its fixture faults on purpose inside the worker (a write to the protected buffer from
# a thread), and the sanitized worker's own SEGV handler reports it first, so the host's region name never shows.
ctest --test-dir "$build" --output-on-failure -j"$jobs" -R '^(oracle|casefile|vectors|backends|report|exec|reliability)\.' \
      -E '^vectors\.(cli|python|golden|schema|fuzz)|^reliability\.(late-write|explain-memory)$'
# The vector loader's fuzz corpus (golden set plus the deep and wide inputs), each input once, under ASan+UBSan.
if [ -x build/fuzz_vectors_load ]; then
  corpus="$(mktemp -d)"
  trap 'rm -rf "$corpus"' EXIT
  vectors/fuzz/make_corpus.sh vectors/golden "$corpus"
  build/fuzz_vectors_load -runs=0 -rss_limit_mb=512 -malloc_limit_mb=256 "$corpus"
fi
# The other readers' fuzz target: every seed once, the regression inputs included.
if [ -x build/fuzz_inputs ]; then
  inputs="$(mktemp -d)"
  trap 'rm -rf "${corpus:-}" "$inputs"' EXIT
  vectors/fuzz/make_inputs_corpus.sh "$inputs"
  build/fuzz_inputs -runs=0 -rss_limit_mb=512 -malloc_limit_mb=256 "$inputs"
fi
# A short run of the whole suite on every product (a past UBSan finding was on ascend950, GM->A1).
for product in $("$build/dcconf" list | sed -n 's/^\([^ ].*\) (profile .*/\1/p'); do
  echo "sanitized: dcconf run --product $product"
  "$build/dcconf" run --product "$product" --cases 3 --seed 1 --quiet --threads "$jobs"  # both cores: ascend950 210 -> 135 s
done
echo "sanitized: all clean"
