#!/usr/bin/env bash
# Validates DIR/report.json against docs/schema/report.schema.json and DIR/junit.xml against docs/schema/junit.xsd.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$1"
python3 - "$root/docs/schema/report.schema.json" "$dir/report.json" <<'PY'
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.validate(json.load(open(sys.argv[2])), schema, cls=jsonschema.Draft202012Validator)
print(f"{sys.argv[2]}: valid dcconf.report/1")
PY
xmllint --noout --schema "$root/docs/schema/junit.xsd" "$dir/junit.xml"
