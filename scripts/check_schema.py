#!/usr/bin/env python3
"""Validate every *.json in a directory against a JSON Schema (draft 2020-12). Exit 1 naming each failing file."""
import json
import pathlib
import sys

import jsonschema


def print_errors(validator, document, label: str, prefix: str = "") -> int:
    """Prints one line per schema error, "LABEL: PREFIX/where: message"; returns how many."""
    count = 0
    for error in validator.iter_errors(document):
        where = prefix + ("/".join(str(p) for p in error.absolute_path) or "<top level>")
        print(f"{label}: {where}: {error.message}", file=sys.stderr)
        count += 1
    return count


def main() -> int:
    if len(sys.argv) != 3:
        print("usage: check_schema.py SCHEMA.json DIR", file=sys.stderr)
        return 2
    schema = json.loads(pathlib.Path(sys.argv[1]).read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    files = sorted(pathlib.Path(sys.argv[2]).glob("*.json"))
    if not files:
        print(f"no *.json in {sys.argv[2]}", file=sys.stderr)
        return 1
    failed = 0
    for path in files:
        failed += print_errors(validator, json.loads(path.read_text()), path.name)
    print(f"{len(files)} files, {failed} schema errors")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
