#!/usr/bin/env bash
# docs.tutorial: runs every ```sh block of docs/tutorial.md, verbatim and in order, as one bash script
# with `set -euo pipefail`, in an empty temporary folder, with the set-up the tutorial states (dcconf and
# dcconf-python on PATH, DCCONF_SRC) and, first on PATH, a python3 that is not the one the package is built for: a
# venv without numpy or pytest (the tutorial must name its interpreter, never rely on whichever python3 is first).
# Usage: scripts/run_tutorial.sh SOURCE_DIR BUILD_DIR [OTHER_PYTHON]  (the venv's base; default: python3 on PATH)
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
"${3:-python3}" -m venv --without-pip "$work/.other-python" \
  || { echo "run_tutorial: cannot make a venv for the other python3 (python3-venv)"; exit 1; }
export DCCONF_SRC="$src" PATH="$build:$work/.other-python/bin:$PATH"
unset PYTHONPATH
if python3 -c 'import numpy' 2>/dev/null; then echo "run_tutorial: the other python3 has numpy"; exit 1; fi
bash "$script"
echo "run_tutorial: $blocks blocks of docs/tutorial.md ran green"
