#!/usr/bin/env bash
# docs.tutorial (issue 28): runs every ```sh block of docs/tutorial.md, verbatim and in order, as one bash script
# with `set -euo pipefail`, in an empty temporary folder, with the set-up the tutorial states (dcconf on PATH,
# DCCONF_SRC, PYTHONPATH to the built package; Debian's python3 first, which has numpy and pytest).
# Usage: scripts/run_tutorial.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$(cd "$1" && pwd)
build=$(cd "$2" && pwd)
script=$(mktemp "${TMPDIR:-/tmp}/dcconf-tutorial.XXXXXX.sh")
work=$(mktemp -d "${TMPDIR:-/tmp}/dcconf-tutorial.XXXXXX")
trap 'rm -rf "$work" "$script"' EXIT
{
  echo 'set -euo pipefail'
  # the blocks between a line "```sh" and the next "```", nothing else (```text blocks are not run)
  awk '/^```sh$/ {inside = 1; next} /^```/ {inside = 0; next} inside {print}' "$src/docs/tutorial.md"
} > "$script"
blocks=$(grep -c '^```sh$' "$src/docs/tutorial.md")
[ "$blocks" -ge 7 ] || { echo "run_tutorial: only $blocks sh blocks in docs/tutorial.md"; exit 1; }
cd "$work"
export DCCONF_SRC="$src" PATH="$build:/usr/bin:$PATH" PYTHONPATH="$build/python"
bash "$script"
echo "run_tutorial: $blocks blocks of docs/tutorial.md ran green"
