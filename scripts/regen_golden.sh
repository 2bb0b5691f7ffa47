#!/usr/bin/env bash
# The golden vector set (vectors/golden/): the curated edge cases and the documents' worked examples, exported with
# fixed options. A change to the oracle that moves a golden byte shows up as a diff in review.
#   scripts/regen_golden.sh [DCCONF]           regenerate vectors/golden/ (after an intended oracle change)
#   scripts/regen_golden.sh --check [DCCONF]   regenerate into a temp folder and fail on any drift (CI)
# --count 0: no random cases, so the golden set moves only when the oracle or the curated list moves, not when a
# generator does.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
check=0
if [ "${1:-}" = "--check" ]; then check=1; shift; fi
dcconf="${1:-$root/build/dcconf}"
options=(--product atlas-a2 --profile default --count 0 --seed 1 --quiet)
if ((check)); then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  "$dcconf" vectors export --out "$tmp/golden" "${options[@]}"
  if ! diff -r "$root/vectors/golden" "$tmp/golden"; then
    echo "regen_golden: vectors/golden/ drifted from what this dcconf exports." >&2
    echo "regen_golden: if the oracle change is intended, run scripts/regen_golden.sh and commit vectors/golden/." >&2
    exit 1
  fi
  "$dcconf" vectors lint "$root/vectors/golden" --quiet
  echo "regen_golden: vectors/golden/ is up to date"
else
  # dcconf never replaces a vector set, even with --force (issue 16): export beside it, then swap, so the old set
  # goes only once the new one is complete.
  new="$root/vectors/.golden.new"
  rm -rf "$new"
  "$dcconf" vectors export --out "$new" "${options[@]}"
  rm -rf "$root/vectors/golden"
  mv "$new" "$root/vectors/golden"
  "$dcconf" vectors lint "$root/vectors/golden"
fi
