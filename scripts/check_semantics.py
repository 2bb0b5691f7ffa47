#!/usr/bin/env python3
"""Keeps docs/semantics.md, the code and the upstream spec in step (docs/semantics.md, first section).

    check_semantics.py cited            every clause id cited under oracle/, backends/, ..., docs/ is defined in
                                        docs/semantics.md (CTest semantics.cited)
    check_semantics.py sync [--spec F]  docs/semantics.md and ../shared/spec/SEMANTICS.md define the same ids, apart
                                        from the ids the doc tags *(project)*; when the spec is absent this is an
                                        error under CI=true and a skip with a message otherwise (.ci/run)
    check_semantics.py ids              the ids docs/semantics.md defines, one a line
    check_semantics.py embedded --dcconf EXE
                                        `EXE explain --clause ID` prints each defined clause's text (the copy embedded
                                        in the binary agrees with the doc; CTest semantics.embedded)

A definition is a list item that starts with the id (`- **FIX-2** ...` here, `- FIX-2 ...` upstream) or the first
cell of a table row (`| AMB-7 | ...`; upstream `| AMB-8..12 |` defines AMB-8 to AMB-12; `| AMB-21 *(project)* |` is
a project-only row). A citation is a family
known from either text (PAD-G2U, FIX, AMB, G, ...) followed by -N or -Na, or a range such as AMB-8..12 / FIX-1..3.
Lines containing "check_semantics: not a clause" are not scanned (tests that use an undefined id on purpose).
Exit status: 0 consistent (or skipped), 1 inconsistent, 2 usage or unreadable input.
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Where clause ids are cited: every folder with code, tests, examples or docs, and the README.
CITING = ["oracle", "casefile", "backends", "pictures", "properties", "runners", "vectors", "benchmarks", "cli",
          "python", "examples", "docs", "README.md"]
MAX_SCAN_BYTES = 8 << 20
# A line that names an id on purpose as undefined (a test of the unknown-clause error) carries this marker.
IGNORE = "check_semantics: not a clause"  # larger files are data, not text that cites

ID = r"[A-Z][A-Z0-9]*(?:-[A-Z][A-Z0-9]*)*-[0-9]+[a-z]?"
BULLET = re.compile(r"^- (?:\*\*)?(" + ID + r")(?:\*\*)?(?=[\s*]|$)(\s*\*\(project\)\*)?")
ROW = re.compile(r"^\|\s*(" + ID + r")(?:\.\.([0-9]+))?\s*(\*\(project\)\*)?\s*\|")
# The families of today's clauses, so that a citation is caught even when the doc lost a whole family; families a
# text adds later (a new section upstream or here) join from the definitions.
BASE_FAMILIES = {"G", "PAD-G2U", "PAD-U2G", "PAD-U2L1", "DC", "SLICE", "ND2NZ", "NZ2ND", "DN2NZ", "ENH", "FIX", "PROD",
                 "AMB"}


def split_id(clause):
    family, _, number = clause.rpartition("-")
    return family, number


def definitions(path):
    """{id: is_project_only} in file order; raises OSError when unreadable."""
    found = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            bullet = BULLET.match(line)
            if bullet:
                found[bullet.group(1)] = bool(bullet.group(2))
                continue
            row = ROW.match(line)
            if row:
                first = row.group(1)
                if row.group(2):  # a range row: AMB-8..12
                    family, number = split_id(first)
                    for n in range(int(number), int(row.group(2)) + 1):
                        found[f"{family}-{n}"] = False
                else:
                    found[first] = bool(row.group(3))
    return found


def citation_pattern(families):
    alternation = "|".join(sorted((re.escape(f) for f in families), key=len, reverse=True))
    return re.compile(r"(?<![A-Za-z0-9_-])(" + alternation + r")-([0-9]+)([a-z]?)(?:\.\.([0-9]+))?(?![A-Za-z0-9_])")


def cited(root, families):
    """[(file, line number, id)] for every citation under the citing folders."""
    pattern = citation_pattern(families)
    out = []
    paths = []
    for entry in CITING:
        top = os.path.join(root, entry)
        if os.path.isfile(top):
            paths.append(top)
        for directory, subdirs, files in os.walk(top):
            subdirs[:] = sorted(d for d in subdirs if d not in ("__pycache__", ".pytest_cache") and not d.startswith("build"))
            paths.extend(os.path.join(directory, name) for name in sorted(files))
    for path in paths:
        try:
            if os.path.getsize(path) > MAX_SCAN_BYTES:
                continue
            with open(path, "rb") as f:
                data = f.read()
        except OSError:
            continue
        if b"\0" in data[:8192]:
            continue  # binary
        text = data.decode("utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            if IGNORE in line:
                continue
            for m in pattern.finditer(line):
                family, first, suffix, last = m.group(1), int(m.group(2)), m.group(3), m.group(4)
                if last and not suffix and int(last) >= first:
                    ids = [f"{family}-{n}" for n in range(first, int(last) + 1)]
                else:
                    ids = [f"{family}-{first}{suffix}"]
                out.extend((os.path.relpath(path, root), number, i) for i in ids)
    return out


def load(path, what):
    try:
        return definitions(path)
    except OSError as error:
        sys.exit(f"check_semantics: cannot read {what} {path}: {error.strerror}")


def families_of(*id_sets):
    families = set(BASE_FAMILIES)
    for ids in id_sets:
        families.update(split_id(i)[0] for i in ids)
    return families


def run_cited(args):
    doc = load(args.doc, "the project's semantics")
    spec = definitions(args.spec) if os.path.isfile(args.spec) else {}
    citations = cited(args.root, families_of(doc, spec))
    missing = [(f, n, i) for f, n, i in citations if i not in doc]
    for f, n, i in missing:
        print(f"{f}:{n}: {i} is cited but not defined in docs/semantics.md")
    total = len({i for _, _, i in citations})
    if missing:
        print(f"check_semantics cited: {len({i for _, _, i in missing})} undefined id(s)")
        return 1
    print(f"check_semantics cited: {total} distinct cited ids, all defined among {len(doc)} in docs/semantics.md")
    return 0


def run_sync(args):
    doc = load(args.doc, "the project's semantics")
    if not os.path.isfile(args.spec):
        message = f"the upstream spec {args.spec} is absent"
        if os.environ.get("CI", "").lower() in ("true", "1", "yes"):
            print(f"check_semantics sync: error: {message} (CI=true: the sync check must run)")
            return 1
        print(f"check_semantics sync: skipped: {message} (an error when CI=true)")
        return 0
    spec = load(args.spec, "the upstream spec")
    project = {i for i, only in doc.items() if only}
    shared = set(doc) - project
    status = 0
    for i in sorted(set(spec) - shared):
        print(f"{i}: defined in {args.spec} but not in docs/semantics.md")
        status = 1
    for i in sorted(shared - set(spec)):
        print(f"{i}: defined in docs/semantics.md but not in {args.spec} (tag it *(project)* if it is ours only)")
        status = 1
    for i in sorted(project & set(spec)):
        print(f"{i}: tagged *(project)* in docs/semantics.md but the upstream spec defines it")
        status = 1
    verdict = "in step" if status == 0 else "NOT in step"
    print(f"check_semantics sync: {verdict}: {len(spec)} upstream ids, {len(shared)} shared + {len(project)} "
          f"project-only in docs/semantics.md")
    return status


def normalise(text):
    return " ".join(text.replace("**", "").split())


def clause_texts(path):
    """{id: first line of its text, normalised} for the bullet definitions (the rows are checked by id only)."""
    texts = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            bullet = BULLET.match(line)
            if bullet:
                texts[bullet.group(1)] = normalise(line[bullet.end():])
    return texts


def run_embedded(args):
    doc = load(args.doc, "the project's semantics")
    texts = clause_texts(args.doc)
    status = 0
    for clause in doc:
        result = subprocess.run([args.dcconf, "explain", "--clause", clause], capture_output=True, text=True)
        shown = normalise(result.stdout)
        if result.returncode != 0 or not shown.startswith(clause) or normalise(texts.get(clause, "")) not in shown:
            print(f"{clause}: `dcconf explain --clause {clause}` exit {result.returncode} does not print its text: "
                  f"{result.stdout[:200]!r} {result.stderr[:200]!r}")
            status = 1
    print(f"check_semantics embedded: {len(doc)} clause(s) checked, {'all shown' if status == 0 else 'MISMATCH'}")
    return status


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["cited", "sync", "ids", "embedded"])
    parser.add_argument("--root", default=ROOT, help="the source tree to scan (default: this checkout)")
    parser.add_argument("--doc", default=None, help="the project's semantics (default: ROOT/docs/semantics.md)")
    parser.add_argument("--spec", default=None, help="the upstream spec (default: ROOT/../shared/spec/SEMANTICS.md)")
    parser.add_argument("--dcconf", help="the dcconf executable (mode embedded)")
    args = parser.parse_args()
    args.root = os.path.abspath(args.root)
    args.doc = args.doc or os.path.join(args.root, "docs", "semantics.md")
    args.spec = args.spec or os.path.join(os.path.dirname(args.root), "shared", "spec", "SEMANTICS.md")
    if args.mode == "ids":
        print("\n".join(load(args.doc, "the project's semantics")))
        return 0
    if args.mode == "embedded":
        if not args.dcconf:
            parser.error("embedded needs --dcconf EXE")
        return run_embedded(args)
    return run_cited(args) if args.mode == "cited" else run_sync(args)


if __name__ == "__main__":
    sys.exit(main())
