#!/usr/bin/python3
"""The pictures' browser tests (CTest pictures.browser.*): make a page with dcconf, render it with render_check.py.

    browser_tests.py explain DCCONF CASE WORKDIR
    browser_tests.py vectors-failure DCCONF WORKDIR           (a flipped byte at a known place, via vectors verify)
    browser_tests.py run-failures WORKDIR -- DCCONF RUN ARGS   (every failures/*.html of a run --out WORKDIR/out,
                                                              sparse cases' pages too)
    browser_tests.py manifest-page PAGES_DIR ID...            (wrong-backend pages, each at its manifest's first byte)
    browser_tests.py lint-examples DCCONF EXAMPLES_DIR WORKDIR (explain every example; xmllint; size bound)
    browser_tests.py docs DCCONF EXAMPLES_DIR WORKDIR OUTDIR   (docs/pictures/*.png: one per family + a failure)
"""

import glob
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FEW_MEGABYTES = 3 << 20


def fail(message):
    print("browser_tests: FAIL: " + message)
    sys.exit(1)


def fresh(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def run(command, ok=(0,)):
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if result.returncode not in ok:
        fail("%s exited %d:\n%s" % (" ".join(command), result.returncode, result.stdout.decode()[-3000:]))
    return result


def render(page, png, *extra):
    run([sys.executable, os.path.join(HERE, "render_check.py"), page, "--png", png] + list(extra))
    print("rendered " + page + " -> " + png)


def explain(dcconf, case, workdir):
    fresh(workdir)
    out = os.path.join(workdir, "explain")
    run([dcconf, "explain", case, "--out", out])
    run(["xmllint", "--noout", os.path.join(out, "explain.svg")])
    render(os.path.join(out, "explain.html"), os.path.join(workdir, "explain.png"), "--grid", "src", "--grid", "dst")


def vectors_failure(dcconf, workdir):
    fresh(workdir)
    vectors = os.path.join(workdir, "set")
    run([dcconf, "vectors", "export", "--out", vectors, "--paths", "GM->A1", "--dtypes", "half", "--count", "2",
         "--seed", "7", "--quiet"])
    manifest = json.load(open(os.path.join(vectors, "manifest.json")))
    test = None
    for group_file in manifest["groups"] if isinstance(manifest["groups"], list) else manifest["groups"].values():
        name = group_file if isinstance(group_file, str) else group_file.get("file")
        group = json.load(open(os.path.join(vectors, name)))
        for tg in group["testGroups"]:
            for t in tg["tests"]:
                if t["result"] == "valid" and test is None:
                    test = t
    if test is None:
        fail("no valid vector exported")
    expected = bytearray(open(os.path.join(vectors, test["expected"]["file"]), "rb").read())
    care = open(os.path.join(vectors, test["care"]["file"]), "rb").read()
    cared = [i for i, c in enumerate(care) if c]
    byte = cared[len(cared) // 2]  # a cared byte in the middle of the footprint
    expected[byte] ^= 0x40
    outputs = fresh(os.path.join(workdir, "outputs"))
    open(os.path.join(outputs, test["tcId"] + ".bin"), "wb").write(expected)
    report = os.path.join(workdir, "report")
    run([dcconf, "vectors", "verify", vectors, "--outputs", outputs, "--tc", test["tcId"], "--out", report, "--quiet"],
        ok=(1,))
    page = os.path.join(report, "failures", test["tcId"] + ".html")
    if not os.path.exists(page):
        fail("vectors verify --out wrote no " + page)
    if ('href="failures/%s.html"' % test["tcId"]) not in open(os.path.join(report, "report.html")).read():
        fail("report.html does not link " + page)
    run(["xmllint", "--noout", os.path.join(report, "report.html")])
    render(page, os.path.join(workdir, "failure.png"), "--grid", "src", "--grid", "exp", "--mismatch-byte", str(byte))


def run_failures(workdir, command):
    fresh(workdir)
    out = os.path.join(workdir, "out")
    run(command + ["--out", out], ok=(1,))
    pages = sorted(glob.glob(os.path.join(out, "failures", "*.html")))
    # ID.valid.json is the valid part saved beside a failing invalid case (its replay judge), not a failure of its own.
    cases = sorted(c for c in glob.glob(os.path.join(out, "failures", "*.json")) if not c.endswith(".valid.json"))
    if not pages or len(pages) != len(cases):
        fail("%d failure pages for %d saved failures in %s" % (len(pages), len(cases), out))
    report = open(os.path.join(out, "report.html")).read()
    run(["xmllint", "--noout", os.path.join(out, "report.html")])
    for i, page in enumerate(pages):
        name = os.path.basename(page)
        if 'href="failures/%s"' % name not in report:
            fail("report.html does not link " + name)
        # A sparse case (its buffers a seed, only windows exist): the window drawn, its first highlighted byte shown.
        if "sparse" in json.load(open(page[:-5] + ".json")):
            text = open(page).read()
            diff = text[text.find('<g id="grid-diff">'):]
            mark = diff.find('class="mm"')
            extra = []
            if mark >= 0:
                b0 = diff.find('data-b0="', mark) + len('data-b0="')
                extra = ["--mismatch-byte", diff[b0:diff.find('"', b0)]]
            elif "written outside every window" not in text and "produced no destination" not in text:
                fail(name + ": a sparse failure's page highlights no byte and names no stray write")
            render(page, os.path.join(workdir, "page-%d.png" % i), "--grid", "exp", *extra)
            continue
        # A valid saved case is drawn (source and expected grids); an invalid one (G-4) says why instead.
        verdict = subprocess.run([command[0], "case", page[:-5] + ".json", "--out", os.path.join(workdir, "case-%d" % i)],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT).returncode
        grids = ["--grid", "src", "--grid", "exp"] if verdict == 0 else []
        if verdict != 0 and "Oracle verdict" not in open(page).read():
            fail(name + ": an invalid case's page does not state the oracle's verdict")
        render(page, os.path.join(workdir, "page-%d.png" % i), *grids)


def manifest_pages(pages_dir, *page_ids):
    first = {}
    for line in open(os.path.join(pages_dir, "manifest.txt")):
        parts = line.split()
        if parts:
            first[parts[0]] = int(parts[1])
    missing = [page_id for page_id in page_ids if page_id not in first]
    if missing:
        fail("%s not in %s/manifest.txt: the wrong backend produced no mismatch" % (", ".join(missing), pages_dir))
    for page_id in page_ids:
        render(os.path.join(pages_dir, page_id + ".html"), os.path.join(pages_dir, page_id + ".png"), "--grid", "exp",
               "--mismatch-byte", str(first[page_id]))


def lint_examples(dcconf, examples, workdir):
    fresh(workdir)
    count = 0
    for case in sorted(glob.glob(os.path.join(examples, "*.json"))):
        out = os.path.join(workdir, os.path.basename(case)[:-5])
        run([dcconf, "explain", case, "--out", out], ok=(0, 3, 6))
        for name in ("explain.svg", "explain.html"):
            path = os.path.join(out, name)
            run(["xmllint", "--noout", path])
            if os.path.getsize(path) > FEW_MEGABYTES:
                fail("%s is %d bytes" % (path, os.path.getsize(path)))
        count += 1
    if count < 10:
        fail("only %d examples explained" % count)
    print("lint-examples: %d examples, every explain.svg / explain.html well-formed" % count)


# One worked example per clause family, for docs/pictures.md.
DOC_FAMILIES = [
    ("pad-g2u", "pad-gm2ub-47B-strides.json"), ("pad-u2g", "pad-ub2gm-47B.json"),
    ("pad-u2l1", "pad-ub2tscm-3x96-half.json"), ("dc", "datacopy-0level-2x8-gap1.json"),
    ("dc-3", "datacopy-2level-512-half.json"), ("nd2nz", "nd2nz-4x4-half.json"), ("nz2nd", "nz2nd-32x32-half.json"),
    ("slice", "slice-87x3-int32.json"), ("dn2nz", "dn2nz-32x32-half.json"), ("enh", "enhanced-deq8-int32-int8.json"),
    ("fix", "fixpipe-deqf16-int32-half.json"),
]


def docs(dcconf, examples, workdir, outdir):
    fresh(workdir)
    os.makedirs(outdir, exist_ok=True)
    for family, example in DOC_FAMILIES:
        out = os.path.join(workdir, family)
        run([dcconf, "explain", os.path.join(examples, example), "--out", out])
        render(os.path.join(out, "explain.html"), os.path.join(outdir, family + ".png"), "--grid", "src", "--grid", "dst")
    vectors_failure(dcconf, os.path.join(workdir, "failure"))
    shutil.copy(os.path.join(workdir, "failure", "failure.png"), os.path.join(outdir, "failure.png"))


def main():
    kind, args = sys.argv[1], sys.argv[2:]
    if kind == "explain":
        explain(*args)
    elif kind == "vectors-failure":
        vectors_failure(*args)
    elif kind == "run-failures":
        split = args.index("--")
        run_failures(args[0], args[split + 1:])
    elif kind == "manifest-page":
        manifest_pages(*args)
    elif kind == "lint-examples":
        lint_examples(*args)
    elif kind == "docs":
        docs(*args)
    else:
        fail("unknown test kind " + kind)


if __name__ == "__main__":
    main()
