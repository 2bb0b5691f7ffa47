#!/usr/bin/env bash
# The golden vector sets: the curated edge cases and the documents' worked examples, exported with fixed options, one
# set per product family whose paths differ. A change to the oracle that moves a golden byte shows up as a diff in
# review.
#   vectors/golden/                        atlas-a2: the seed pages, ND2NZ GM->UB, UB->L1, atomic copies
#   vectors/golden-ascend950/              ascend950: the above plus Compact, loop mode, the 950 Fixpipe, NDDMA, DN2NZ
#   vectors/golden-atlas-inference-310p/   atlas-inference-310p: DataCopy, enhanced CO1->CO2, BroadCastVecToMM
#   scripts/regen_golden.sh [DCCONF]           regenerate the sets (after an intended oracle or curated-list change)
#   scripts/regen_golden.sh --check [DCCONF]   regenerate into a temp folder and fail on any drift (CI)
# --count 0: no random cases, so a set moves only when the oracle or the curated list moves, not when a generator does.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
check=0
if [ "${1:-}" = "--check" ]; then check=1; shift; fi
dcconf="${1:-$root/build/dcconf}"
sets=("golden:atlas-a2" "golden-ascend950:ascend950" "golden-atlas-inference-310p:atlas-inference-310p")
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
drifted=0
for entry in "${sets[@]}"; do
  dir="${entry%%:*}"
  product="${entry#*:}"
  options=(--product "$product" --profile default --count 0 --seed 1 --quiet)
  if ((check)); then
    "$dcconf" vectors export --out "$tmp/$dir" "${options[@]}"
    if ! diff -r "$root/vectors/$dir" "$tmp/$dir"; then
      echo "regen_golden: vectors/$dir/ drifted from what this dcconf exports." >&2
      drifted=1
      continue
    fi
    "$dcconf" vectors lint "$root/vectors/$dir" --quiet
  else
    # dcconf never replaces a vector set, even with --force: export beside it, then swap, so the old set
    # goes only once the new one is complete.
    new="$root/vectors/.$dir.new"
    rm -rf "$new"
    "$dcconf" vectors export --out "$new" "${options[@]}"
    rm -rf "$root/vectors/$dir"
    mv "$new" "$root/vectors/$dir"
    "$dcconf" vectors lint "$root/vectors/$dir"
  fi
done
if ((drifted)); then
  echo "regen_golden: if the change is intended, run scripts/regen_golden.sh and commit vectors/golden*/." >&2
  exit 1
fi
if ((check)); then echo "regen_golden: vectors/golden*/ are up to date"; fi
