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
# Hostile shapes: nesting far beyond the loaders' depth cap, and a wide array, for both parsers.
deep=$(printf '%*s' 5000 '' | tr ' ' '[')
{ printf '0'; printf '%s' "$deep"; } > "$corpus/deep-manifest"
{ printf '1{"testGroups":'; printf '%s' "$deep"; } > "$corpus/deep-group"
wide=$(printf '1,%.0s' $(seq 1 8000))
{ printf '0{"schema":"dcconf.vectors/1","files":[%s1]}' "$wide"; } > "$corpus/wide-manifest"
{ printf '1{"testGroups":[{"tests":[%s1]}]}' "$wide"; } > "$corpus/wide-group"
