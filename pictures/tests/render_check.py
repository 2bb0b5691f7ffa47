#!/usr/bin/python3
"""Renders a dcconf picture page (explain.html, failures/ID.html) in headless Chromium and checks the PNG.

    render_check.py PAGE.html --png OUT.png [--grid ID ...] [--mismatch-byte N] [--chromium PATH]

Checks, each a failure (exit 1) when it does not hold:
  * the page is well-formed XML (xmllint --noout) and its first <svg id="picture"> gives the page size;
  * the PNG is not blank: many colours, enough non-white pixels;
  * every --grid ID is drawn: the first cell of <g id="grid-ID"> with a region class shows that region's colour
    (taken from the page's own <style>) at the pixel the SVG geometry puts it;
  * --mismatch-byte N: the cell of grid "diff" and of grid "act" holding byte N shows the mismatch colour, and a
    cell of "diff" without a mismatch does not.
The SVG sits at the page's top-left corner (body margin 0), so SVG user units are CSS pixels; Chromium runs with
device scale factor 1.
"""

import argparse
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zlib

SVG = "{http://www.w3.org/2000/svg}"
MISMATCH = (0xFF, 0x00, 0x80)


def fail(message):
    print("render_check: FAIL: " + message)
    sys.exit(1)


def decode_png(path):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit RGB or RGBA, non-interlaced PNG."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(path + " is not a PNG")
    pos, idat, width, height, colour, depth, interlace = 8, b"", 0, 0, 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat += chunk
        elif kind == b"IEND":
            break
    if depth != 8 or colour not in (2, 6) or interlace != 0:
        fail("unsupported PNG (depth %d, colour type %d, interlace %d)" % (depth, colour, interlace))
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, previous, i = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = previous[x]
            c = previous[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + a) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + b) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 0xFF
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else (b if pb <= pc else c))) & 0xFF
        rows.append(line)
        previous = line
    return width, height, rows, bpp


def pixel(png, x, y):
    width, height, rows, bpp = png
    x, y = int(x), int(y)
    if not (0 <= x < width and 0 <= y < height):
        fail("pixel (%d, %d) is outside the %dx%d screenshot" % (x, y, width, height))
    line = rows[y]
    return tuple(line[x * bpp:x * bpp + 3])


def close(a, b, tolerance=6):
    return all(abs(p - q) <= tolerance for p, q in zip(a, b))


def hex_colour(text):
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


def render(chromium, page, png_path, width, height):
    profile = tempfile.mkdtemp(prefix="dcconf-chromium-")
    try:
        command = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                   "--disable-background-networking", "--disable-component-update", "--disable-sync",
                   "--hide-scrollbars", "--force-device-scale-factor=1", "--user-data-dir=" + profile,
                   # the screenshot waits for every raster tile: under load one was taken with cells still white
                   "--run-all-compositor-stages-before-draw",
                   "--screenshot=" + os.path.abspath(png_path), "--window-size=%d,%d" % (width, height),
                   "file://" + os.path.abspath(page)]
        result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
        if not os.path.exists(png_path):
            fail("chromium wrote no screenshot (exit %d): %s" % (result.returncode, result.stdout.decode()[-2000:]))
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def cells(svg, grid_id):
    for group in svg.iter(SVG + "g"):
        if group.get("id") == "grid-" + grid_id:
            return [r for r in group.iter(SVG + "rect") if r.get("data-b0") is not None]
    return None


def holds(rect, n):
    """Whether the cell holds byte n: [b0, b1) in its first row, the same span data-pitch further per grouped row."""
    b0, b1 = int(rect.get("data-b0")), int(rect.get("data-b1"))
    pitch, rows = int(rect.get("data-pitch", "0")), int(rect.get("data-rows", "1"))
    if n < b0:
        return False
    if pitch == 0:
        return n < b1
    return (n - b0) // pitch < rows and (n - b0) % pitch < b1 - b0


def sample_point(rect):
    # Away from the centred label text: 4 px inside the top-left corner.
    return float(rect.get("x")) + 4, float(rect.get("y")) + 4


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("page")
    parser.add_argument("--png", required=True)
    parser.add_argument("--grid", action="append", default=[])
    parser.add_argument("--mismatch-byte", type=int)
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    args = parser.parse_args()

    lint = subprocess.run(["xmllint", "--noout", args.page], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if lint.returncode != 0:
        fail("xmllint: " + lint.stdout.decode()[:2000])
    root = ET.parse(args.page).getroot()
    svg = next(root.iter(SVG + "svg"), None)
    if svg is None or svg.get("id") != "picture":
        fail("no <svg id=\"picture\"> in " + args.page)
    width, height = float(svg.get("width")), float(svg.get("height"))
    styles = "".join(s.text or "" for s in svg.iter(SVG + "style"))
    fills = dict(re.findall(r"\.([a-z]+) \{ fill: (#[0-9a-f]{6}); \}", styles))

    render(args.chromium, args.page, args.png, int(width) + 1, min(int(height) + 1, 8000))
    png = decode_png(args.png)
    w, h, rows, bpp = png
    colours, non_white = set(), 0
    for y in range(0, h, 3):
        line = rows[y]
        for x in range(0, w, 3):
            c = tuple(line[x * bpp:x * bpp + 3])
            colours.add(c)
            non_white += c != (255, 255, 255)
    samples = ((h + 2) // 3) * ((w + 2) // 3)
    if len(colours) < 8 or non_white < samples * 0.02:
        fail("the screenshot looks blank: %d colours, %d of %d sampled pixels not white" % (len(colours), non_white, samples))
    checked = []

    for grid in args.grid:
        rects = cells(svg, grid)
        if not rects:
            fail("grid %s has no cells in the page" % grid)
        target = next((r for r in rects if r.get("class").split()[0] in fills), None)
        if target is None:
            fail("grid %s has no region-coloured cell" % grid)
        cls = target.get("class").split()[0]
        got = pixel(png, *sample_point(target))
        if not close(got, hex_colour(fills[cls])):
            fail("grid %s: cell of bytes %s..%s should show %s (%s), the screenshot has %s at %s" %
                 (grid, target.get("data-b0"), target.get("data-b1"), cls, fills[cls], got, sample_point(target)))
        checked.append("grid %s cell %s shows %s" % (grid, target.get("data-b0"), cls))

    if args.mismatch_byte is not None:
        n = args.mismatch_byte
        for grid in ("diff", "act"):
            rects = cells(svg, grid) or fail("no grid %s in a failure page" % grid)
            holder = next((r for r in rects if holds(r, n)), None)
            if holder is None:
                fail("no cell of grid %s holds byte %d" % (grid, n))
            got = pixel(png, *sample_point(holder))
            if not close(got, MISMATCH):
                fail("grid %s: byte %d's cell at %s is %s, not the mismatch colour %s" %
                     (grid, n, sample_point(holder), got, MISMATCH))
            checked.append("grid %s byte %d highlighted at %s" % (grid, n, sample_point(holder)))
        other = next((r for r in cells(svg, "diff") if not holds(r, n) and r.get("class").split()[0] == "eq"), None)
        if other is None or close(pixel(png, *sample_point(other)), MISMATCH):
            fail("an equal cell of the difference grid is missing or shows the mismatch colour")
    print("render_check: ok: %s (%dx%d, %d colours)%s" % (args.page, w, h, len(colours),
                                                         "".join("\n  " + c for c in checked)))


if __name__ == "__main__":
    main()
