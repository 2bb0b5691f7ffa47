#!/usr/bin/env bash
# Seed corpus for fuzz_inputs: every worked example case file (selector '0'), the small hostile seeds in seeds/
# (named <selector>-<what>), and, when a report folder is given, its report.json as a report ('2') and as the input
# of `baseline write` ('3'). usage: make_inputs_corpus.sh CORPUS_DIR [REPORT_DIR]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
corpus="$1"
mkdir -p "$corpus"
for example in "$here"/../../docs/examples/*.json; do
  { printf '0'; cat "$example"; } >"$corpus/case-$(basename "$example" .json)"
done
for seed in "$here"/seeds/*; do
  name="$(basename "$seed")"
  { printf '%s' "${name%%-*}"; cat "$seed"; } >"$corpus/seed-$name"
done
if [ $# -ge 2 ] && [ -f "$2/report.json" ]; then
  { printf '2'; cat "$2/report.json"; } >"$corpus/report"
  { printf '3'; cat "$2/report.json"; } >"$corpus/report-as-baseline-input"
fi
# Hostile shapes: a long unterminated string (its error line must quote an excerpt), a duplicated key.
long=$(printf '%*s' 100000 '' | tr ' ' 'a')
{ printf '0{"schema":"dcconf.case/1","description":"%s' "$long"; } >"$corpus/case-long-token"
{ printf '0{"schema":"dcconf.case/1","schema":"dcconf.case/1"}'; } >"$corpus/case-duplicate-key"
