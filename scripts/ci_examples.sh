#!/usr/bin/env bash
# CI: both shipped example backends, the C plugin (runners/plugin/examples/example_plugin.c) and the
# exec backend (runners/exec/examples/example_exec_backend.py), through a default `dcconf run` (no --cases, no
# --only) on every product each supports. Each run must exit 0: every case PASS, REJECTED or NOT_SUPPORTED (what
# an example does not implement it answers not-supported, never a faked result), and something tested.
# .ci/run calls it after the test suite. The exec example speaks dcconf.exec/2 (buffers in shared
# memory), which made its default runs about 5x cheaper than the 7 min 22 s measured over exec/1 on atlas-a2.
# Usage: scripts/ci_examples.sh [BUILD_DIR]  (default build). DCCONF_EXAMPLES_SEED picks the seed (default 1).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
dcconf="$build/dcconf"
plugin="$build/runners/plugin/libdcconf_example_plugin.so"
exec_example="python3 runners/exec/examples/example_exec_backend.py"
seed=${DCCONF_EXAMPLES_SEED:-1}
threads=$(( $(nproc) < 2 ? 1 : 2 ))

# The products each example implements (example_plugin.c: example_supports, ascend950 for the Compact DataCopyPad;
# the exec example ignores the product and answers not-supported for ENH, UB->TSCM, slices, DN2NZ/NZ2ND and the
# quantising conversions).
plugin_products=(atlas-a2 atlas-a3 atlas-training atlas-inference-310p ascend950)
exec_products=(kirin9020 kirinx90 atlas-a2 atlas-a3 atlas-200i-500-a2 atlas-training atlas-inference-310p ascend950)

failed=0
run_one() {  # NAME BACKEND PRODUCT
  local name=$1 backend=$2 product=$3 start status
  start=$(date +%s)
  set +e
  "$dcconf" run --backend "$backend" --product "$product" --seed "$seed" --threads "$threads" --quiet \
    > "$tmp/$name-$product.txt" 2>&1
  status=$?
  set -e
  echo "ci_examples: $name on $product: exit $status in $(( $(date +%s) - start )) s: $(tail -n 1 "$tmp/$name-$product.txt")"
  if [ "$status" -ne 0 ]; then
    cat "$tmp/$name-$product.txt"
    failed=1
  fi
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/dcconf-ci-examples.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
for product in "${plugin_products[@]}"; do run_one plugin "plugin:$PWD/$plugin" "$product"; done
for product in "${exec_products[@]}"; do run_one exec "exec:$exec_example" "$product"; done
[ "$failed" -eq 0 ] && echo "ci_examples: both examples green on every product they support"
exit "$failed"
