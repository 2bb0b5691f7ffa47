#!/usr/bin/env bash
# The fuzz targets at length (10 minutes each without a finding): fuzz_vectors_load and fuzz_inputs, each
# for SECONDS (default 600) on its seed corpus, one after the other (one core each: nice, -jobs 1).
# usage: scripts/fuzz_long.sh [BUILD_DIR] [SECONDS]     prints per target: runs, execs/s, new coverage, findings.
# A finding (crash, leak, timeout, OOM) leaves its input as BUILD_DIR/fuzz-long/<target>/crash-* and exits 1.
set -uo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
seconds="${2:-600}"
out="$build/fuzz-long"
mkdir -p "$out"
status=0
run_target() {  # name corpus-maker...
  local name="$1"
  shift
  local exe="$build/$name"
  [ -x "$exe" ] || { echo "fuzz_long: $exe not built (DCCONF_FUZZ=ON needs clang++)"; status=1; return; }
  rm -rf "$out/$name" && mkdir -p "$out/$name/corpus"
  "$@" "$out/$name/corpus" >/dev/null
  (cd "$out/$name" && nice -n 10 "$(realpath "../../$name")" -max_total_time="$seconds" -rss_limit_mb=512 \
     -malloc_limit_mb=256 -max_len=65536 -timeout=10 -print_final_stats=1 corpus >log.txt 2>&1)
  local rc=$?
  local runs execs
  runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$name/log.txt")"
  execs="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$out/$name/log.txt")"
  local findings
  findings="$(find "$out/$name" -maxdepth 1 -name 'crash-*' -o -maxdepth 1 -name 'leak-*' -o -maxdepth 1 -name 'timeout-*' -o -maxdepth 1 -name 'oom-*' | wc -l)"
  echo "fuzz_long: $name: ${seconds}s, ${runs:-?} runs, ${execs:-?} execs/s, corpus $(ls "$out/$name/corpus" | wc -l) inputs, $findings findings (exit $rc)"
  if [ "$rc" -ne 0 ] || [ "$findings" -ne 0 ]; then
    status=1
    grep -m3 -E 'ERROR|finding|SUMMARY' "$out/$name/log.txt"
  fi
}
run_target fuzz_vectors_load vectors/fuzz/make_corpus.sh vectors/golden
run_target fuzz_inputs vectors/fuzz/make_inputs_corpus.sh
exit "$status"
