#!/usr/bin/env bash
# Seed corpus for fuzz_vectors_load from a vector set: each JSON file prefixed with the parser-selecting byte
# ('0' manifest, '1' group file). usage: make_corpus.sh SET_DIR CORPUS_DIR
set -euo pipefail
set_dir="$1"
corpus="$2"
mkdir -p "$corpus"
{ printf '0'; cat "$set_dir/manifest.json"; } > "$corpus/manifest"
for group in "$set_dir"/*.json; do
  [ "$(basename "$group")" = manifest.json ] && continue
  { printf '1'; cat "$group"; } > "$corpus/$(basename "$group" .json)"
done
