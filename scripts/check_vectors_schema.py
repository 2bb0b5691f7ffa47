#!/usr/bin/env python3
"""Validate a dcconf.vectors/1 set against docs/schema/vectors-{manifest,group}.schema.json (draft 2020-12).

usage: check_vectors_schema.py SCHEMA_DIR SET_DIR [SET_DIR...]   Exit 1 naming each failing file and field.
The case objects inside the group files are also checked against docs/schema/case.schema.json.
"""
import json
import pathlib
import sys
import warnings

import jsonschema

warnings.filterwarnings("ignore", category=DeprecationWarning)
from jsonschema.validators import RefResolver  # noqa: E402  (referencing is not in Debian 12's python3-jsonschema)

from check_schema import print_errors  # noqa: E402


def load(path: pathlib.Path):
    return json.loads(path.read_text())


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    schema_dir = pathlib.Path(sys.argv[1])
    manifest_schema = load(schema_dir / "vectors-manifest.schema.json")
    group_schema = load(schema_dir / "vectors-group.schema.json")
    case_schema = load(schema_dir / "case.schema.json")
    store = {manifest_schema["$id"]: manifest_schema, group_schema["$id"]: group_schema}
    for schema in (manifest_schema, group_schema, case_schema):
        jsonschema.Draft202012Validator.check_schema(schema)
    resolver = RefResolver.from_schema(group_schema, store=store)
    validators = {
        "manifest": jsonschema.Draft202012Validator(manifest_schema),
        "group": jsonschema.Draft202012Validator(group_schema, resolver=resolver),
        "case": jsonschema.Draft202012Validator(case_schema),
    }
    failed = checked = 0
    for set_dir in map(pathlib.Path, sys.argv[2:]):
        manifest = set_dir / "manifest.json"
        if not manifest.is_file():
            print(f"{set_dir}: no manifest.json: not a vector set", file=sys.stderr)
            return 1
        documents = [(manifest, "manifest", load(manifest))]
        for group in load(manifest).get("groups", []):
            documents.append((set_dir / group, "group", load(set_dir / group)))
        for path, kind, document in documents:
            checked += 1
            failed += print_errors(validators[kind], document, str(path))
            if kind == "group":
                for g, test_group in enumerate(document.get("testGroups", [])):
                    for t, test in enumerate(test_group.get("tests", [])):
                        failed += print_errors(validators["case"], test.get("case"), str(path),
                                               f"testGroups/{g}/tests/{t}/case/")
    print(f"{checked} files, {failed} schema errors")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
