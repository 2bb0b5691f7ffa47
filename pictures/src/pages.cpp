// explain.html / explain.svg, failures/ID.html and report.html: the grids assembled into pages.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "dcconf/oracle/alternatives.hpp"
#include "dcconf/oracle/numeric.hpp"
#include "dcconf/oracle/semantics.hpp"
#include "dcconf/pictures/pictures.hpp"
#include "grid.hpp"
#include "dcconf/casefile/text.hpp"

namespace dcconf::pictures {

using namespace detail;
using oracle::Operation;
using oracle::Region;

namespace {

constexpr double kMargin = 12;
constexpr double kGridMaxWidth = 860;
constexpr double kPageMaxWidth = 1400;  // a picture fits a 1,400 px window (grids stack when side by side would not)
constexpr std::size_t kMaxArrows = 12;

std::string fmt(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", v);
  return buffer;
}

// Cut on a character boundary: a backend's Chinese message cut mid-character made the page invalid UTF-8.
std::string clip(const std::string& text, std::size_t n) { return text.size() <= n ? text : casefile::validUtf8(text, n - 3); }

bool inside(std::span<const oracle::ByteRange> ranges, std::uint64_t b) {
  const auto it = std::upper_bound(ranges.begin(), ranges.end(), b,
                                   [](std::uint64_t v, const oracle::ByteRange& r) { return v < r.begin; });
  return it != ranges.begin() && b < std::prev(it)->end;
}

// Destination byte b of region r: a written region's category, else KEEP inside a write range, a stride gap between
// the first and the last, a guard byte outside.
Cat dstCategory(Region r, std::span<const oracle::ByteRange> writes, std::uint64_t b) {
  switch (r) {
    case Region::data: return Cat::data;
    case Region::leftPad: return Cat::leftPad;
    case Region::rightPad: return Cat::rightPad;
    case Region::dummy: return Cat::dummy;
    case Region::zeroTail: return Cat::zeroTail;
    case Region::collision: return Cat::collision;
    case Region::keep: break;
    default: return Cat::any;  // the ambiguous regions
  }
  if (inside(writes, b)) return Cat::keep;
  if (!writes.empty() && b >= writes.front().begin && b < writes.back().end) return Cat::gap;
  return Cat::guard;
}

std::string valueAt(oracle::DType dtype, std::span<const std::uint8_t> bytes, std::uint64_t b) {
  const std::uint32_t s = oracle::sizeBytes(dtype);
  if (b + s > bytes.size()) return "-";
  const std::uint64_t bits = oracle::loadElementBits(bytes, b, s);
  char hex[24];
  std::snprintf(hex, sizeof hex, "0x%0*llx", static_cast<int>(2 * s), static_cast<unsigned long long>(bits));
  return oracle::formatElement(dtype, bits) + " (" + hex + ")";
}

// An element's value in at most six characters, for a cell.
std::string compactValue(oracle::DType dtype, std::uint64_t bits) {
  std::string text = oracle::formatElement(dtype, bits);
  if (text.size() <= 6) return text;
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3g", oracle::decodeElement(dtype, bits));
  if (std::string(buffer).size() <= 6) return buffer;
  std::snprintf(buffer, sizeof buffer, "%.0e", oracle::decodeElement(dtype, bits));
  return buffer;
}

// The cell text of the element at b. When `other` (the buffer it is compared with) holds other bits there that read
// the same in six characters (a 1-ulp error), as many significant digits as tell the two apart, else the hex.
std::string shortValue(oracle::DType dtype, std::span<const std::uint8_t> bytes, std::uint64_t b,
                       std::span<const std::uint8_t> other = {}) {
  const std::uint32_t s = oracle::sizeBytes(dtype);
  if (b + s > bytes.size()) return "";
  const std::uint64_t bits = oracle::loadElementBits(bytes, b, s);
  std::string text = compactValue(dtype, bits);
  if (b + s > other.size()) return text;
  const std::uint64_t otherBits = oracle::loadElementBits(other, b, s);
  if (otherBits == bits || compactValue(dtype, otherBits) != text) return text;
  char mine[40], theirs[40];
  for (int digits = 4; digits <= 17; ++digits) {
    std::snprintf(mine, sizeof mine, "%.*g", digits, oracle::decodeElement(dtype, bits));
    std::snprintf(theirs, sizeof theirs, "%.*g", digits, oracle::decodeElement(dtype, otherBits));
    if (std::string_view(mine) != std::string_view(theirs)) return mine;
  }
  std::snprintf(mine, sizeof mine, "0x%0*llx", static_cast<int>(2 * s), static_cast<unsigned long long>(bits));
  return mine;  // -0 and +0, NaN payloads: only the bits differ
}

// Everything the pictures of one computed case need.
struct Model {
  const casefile::CaseData& data;
  Operation op;
  oracle::Evaluation ev;
  Shapes shapes;
  ProbeMap map;                           // dst byte -> src byte, or empty
  std::vector<std::uint8_t> srcMoved;     // src bytes some dst byte holds (when map is known)
  std::vector<std::uint8_t> expected, care;  // the truth (the oracle's, or a vector's)

  Model(const casefile::CaseData& d, Operation o, oracle::Evaluation e) : data(d), op(o), ev(std::move(e)) {
    shapes = shapesOf(data.c, op);
    if (op != Operation::enhancedCo1ToCo2 && op != Operation::fixpipe && op != Operation::fixpipe950) map = probeMap(data, ev.expectation);
    if (!map.empty()) {
      srcMoved.assign(data.src.size(), 0);
      for (const std::int32_t from : map.from) {
        if (from >= 0) srcMoved[static_cast<std::size_t>(from)] = 1;
      }
    } else if (shapes.note.empty() && op != Operation::fixpipe && op != Operation::fixpipe950) {
      shapes.note = "no arrows: no destination byte holds a source byte verbatim";
    }
    // moved, not copied: a 16 MiB destination is drawn in a few times its size
    expected = std::move(ev.expectation.expected);
    care = std::move(ev.expectation.care);
  }

  std::uint32_t dstElementBytes() const { return oracle::sizeBytes(data.c.dtype); }

  Cat srcCat(std::uint64_t b) const {
    const auto& reads = ev.footprint.reads;
    if (inside(reads, b)) return srcMoved.empty() || srcMoved[b] != 0 ? Cat::data : Cat::gap;
    if (!reads.empty() && b >= reads.front().begin && b < reads.back().end) return Cat::gap;
    return Cat::notRead;
  }
  Cat dstCat(std::uint64_t b) const { return dstCategory(ev.expectation.region[b], ev.footprint.writes, b); }
  std::string srcLabel(std::uint64_t b, bool longForm) const {
    if (op == Operation::enhancedCo1ToCo2 || op == Operation::fixpipe || op == Operation::fixpipe950) {
      const std::uint64_t e = b < data.c.src.offsetBytes ? 0 : (b - data.c.src.offsetBytes) / shapes.src.elementBytes;
      return longForm ? "element " + std::to_string(e) : std::to_string(e);
    }
    return sourceLabel(data.c, op, b, longForm);
  }
  // The short text of a destination element in the explain picture: where it came from, or what it is.
  std::string dstLabel(std::uint64_t b) const {
    switch (dstCat(b)) {
      case Cat::data:
        if (!map.empty() && map[b] >= 0) return srcLabel(static_cast<std::uint64_t>(map[b]), false);
        return std::to_string((b - std::min(b, data.c.dst.offsetBytes)) / dstElementBytes());
      case Cat::leftPad: return "L";
      case Cat::rightPad: return "R";
      case Cat::dummy: return "d";
      case Cat::zeroTail: return "0";
      default: return "";
    }
  }
  std::string dstTitle(std::uint64_t b) const {
    const Cat cat = dstCat(b);
    std::string t = "destination byte " + std::to_string(b) + " (element " +
                    std::to_string((b - std::min(b, data.c.dst.offsetBytes)) / dstElementBytes()) +
                    " of the copy): " + style(cat).label;
    if (care[b] == 0) t += ", ANY: " + std::string(oracle::whyUnspecified(ev.expectation.region[b]));
    if (!map.empty() && map[b] >= 0) t += "; from source byte " + std::to_string(map[b]) + ", " + srcLabel(static_cast<std::uint64_t>(map[b]), true);
    return t;
  }
  std::string srcTitle(std::uint64_t b) const {
    return "source byte " + std::to_string(b) + ", " + srcLabel(b, true) + ": " + style(srcCat(b)).label + ", value " +
           valueAt(op == Operation::fixpipe || op == Operation::fixpipe950 || op == Operation::enhancedCo1ToCo2 ? srcDType() : data.c.dtype, data.src, b);
  }
  oracle::DType srcDType() const {
    if ((op == Operation::fixpipe || op == Operation::fixpipe950) && data.c.fixpipe) return data.c.fixpipe->srcDType;
    if (op == Operation::enhancedCo1ToCo2 && data.c.enhancedParams && data.c.enhancedParams->srcDType) {
      return *data.c.enhancedParams->srcDType;
    }
    return data.c.dtype;
  }

  BufferView srcView() const {
    BufferView v;
    v.id = "src";
    v.heading = "source: " + shapes.src.name + ", " + std::to_string(data.src.size()) + " B, copy starts at byte " +
                std::to_string(data.c.src.offsetBytes);
    v.shape = &shapes.src;
    v.size = data.src.size();
    const auto& reads = ev.footprint.reads;
    v.interestingBegin = reads.empty() ? data.c.src.offsetBytes : reads.front().begin;
    v.interestingEnd = reads.empty() ? data.c.src.offsetBytes + 1 : reads.back().end;
    v.cat = [this](std::uint64_t b) { return srcCat(b); };
    v.label = [this](std::uint64_t b) { return srcCat(b) == Cat::data ? srcLabel(b, false) : std::string(); };
    v.title = [this](std::uint64_t b) { return srcTitle(b); };
    return v;
  }
  BufferView dstView(std::string id, std::string heading) const {
    BufferView v;
    v.id = std::move(id);
    v.heading = std::move(heading);
    v.shape = &shapes.dst;
    v.size = expected.size();
    const auto& writes = ev.footprint.writes;
    v.interestingBegin = writes.empty() ? data.c.dst.offsetBytes : writes.front().begin;
    v.interestingEnd = writes.empty() ? data.c.dst.offsetBytes + 1 : writes.back().end;
    v.cat = [this](std::uint64_t b) { return dstCat(b); };
    v.unspecified = [this](std::uint64_t b) { return care[b] == 0; };
    v.label = [this](std::uint64_t b) { return dstLabel(b); };
    v.title = [this](std::uint64_t b) { return dstTitle(b); };
    return v;
  }
};

const char* kSvgStyle = R"(<style>
text { font-family: DejaVu Sans Mono, monospace; fill: #1b2631; }
.h1 { font-size: 15px; font-weight: bold; } .h2 { font-size: 12px; font-weight: bold; }
.cap { font-size: 10px; fill: #4d5656; } .pl { font-size: 9px; fill: #4d5656; }
.lb { font-size: 9px; text-anchor: middle; pointer-events: none; }
rect { stroke: #7f8c8d; stroke-width: 0.5; }
.frame { fill: none; stroke: #2c3e50; stroke-width: 1.2; }
.mk { stroke: #2c3e50; stroke-width: 1.5; } .fr { stroke: #17202a; stroke-width: 2.5; }
.u { stroke-dasharray: 3 2; stroke: #34495e; }
.eq { fill: #f4f6f6; } .mm { fill: )" "#ff0080" R"(; stroke: #7b0041; stroke-width: 1; }
.arrow { stroke: #1a5276; stroke-width: 1.6; fill: none; opacity: 0.75; marker-end: url(#ah); }
.sw { stroke: #566573; }
)";

std::string styleBlock() {
  std::string s = kSvgStyle;
  for (std::size_t k = 0; k < kCatCount; ++k) {
    const CatStyle& cs = style(static_cast<Cat>(k));
    s += std::string(".") + cs.cls + " { fill: " + cs.fill + "; }\n";
  }
  return s + "</style>\n";
}

// Legend swatches in rows; returns the height used.
double legend(std::ostringstream& svg, double x, double y, double width, bool withMismatch) {
  svg << "<g id=\"legend\">\n";
  double cx = x, cy = y;
  auto item = [&](const std::string& cls, const std::string& label, const std::string& meaning, bool dashed) {
    const double w = 22 + 7.0 * static_cast<double>(label.size()) + 14;
    if (cx + w > x + width) {
      cx = x;
      cy += 20;
    }
    svg << "<rect class=\"sw " << cls << (dashed ? " u" : "") << "\" x=\"" << fmt(cx) << "\" y=\"" << fmt(cy)
        << "\" width=\"16\" height=\"13\"><title>" << xmlEscape(meaning) << "</title></rect><text class=\"cap\" x=\""
        << fmt(cx + 20) << "\" y=\"" << fmt(cy + 10) << "\">" << xmlEscape(label) << "</text>\n";
    cx += w;
  };
  for (std::size_t k = 0; k < kCatCount; ++k) {
    const CatStyle& cs = style(static_cast<Cat>(k));
    item(cs.cls, cs.label, cs.meaning, false);
  }
  item("data", "dashed: ANY", "care 0: any value passes", true);
  if (withMismatch) item("mm", "MISMATCH", "a cared byte that differs from the expectation", false);
  svg << "</g>\n";
  return cy - y + 20;
}

struct Svg {
  std::ostringstream body;
  double width = 0, height = 0;
  std::string document(bool standalone) const {
    std::ostringstream out;
    if (standalone) out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out << "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"picture\" width=\"" << fmt(width) << "\" height=\""
        << fmt(height) << "\" viewBox=\"0 0 " << fmt(width) << " " << fmt(height) << "\">\n"
        << styleBlock()
        << "<defs><marker id=\"ah\" viewBox=\"0 0 8 8\" refX=\"7\" refY=\"4\" markerWidth=\"7\" markerHeight=\"7\" "
           "orient=\"auto\"><path d=\"M0,0 L8,4 L0,8 z\" fill=\"#1a5276\"/></marker></defs>\n"
        << "<rect x=\"0\" y=\"0\" width=\"" << fmt(width) << "\" height=\"" << fmt(height)
        << "\" fill=\"#ffffff\" stroke=\"none\"/>\n"
        << body.str() << "</svg>\n";
    return out.str();
  }
  // In a page: in its own box that scrolls sideways if a window is narrower than the picture, never the page.
  std::string embedded() const { return "<div class=\"pic\">\n" + document(false) + "</div>\n"; }
};

// The header lines, wrapped to the page width (monospace: about 6.6 px a character at 10 px, 9 at 15 px).
double headerLines(std::ostringstream& svg, const std::vector<std::string>& lines, double width) {
  double y = kMargin + 14;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::size_t perLine = std::max<std::size_t>(40, static_cast<std::size_t>((width - 2 * kMargin) / (i == 0 ? 9.2 : 6.3)));
    std::string rest = lines[i];
    for (int wrapped = 0; !rest.empty() && wrapped < 4; ++wrapped) {
      std::size_t cut = rest.size() <= perLine ? rest.size() : rest.rfind(' ', perLine);
      if (cut == std::string::npos || cut == 0) cut = std::min(rest.size(), perLine);
      while (cut > 1 && cut < rest.size() && (static_cast<unsigned char>(rest[cut]) & 0xC0) == 0x80) --cut;  // not mid-character
      svg << "<text class=\"" << (i == 0 ? "h1" : "cap") << "\" x=\"" << kMargin << "\" y=\"" << fmt(y) << "\">"
          << xmlEscape(wrapped == 3 && cut < rest.size() ? rest.substr(0, cut) + " ..." : rest.substr(0, cut)) << "</text>\n";
      rest = cut < rest.size() ? rest.substr(cut + (rest[cut] == ' ' ? 1 : 0)) : "";
      y += i == 0 ? 18 : 13;
    }
  }
  return y + 6;
}

std::string caseTitle(const oracle::Case& c) {
  return std::string(oracle::name(c.api)) + " " + oracle::pathName(c.srcPos, c.dstPos) + " " +
         std::string(oracle::name(c.dtype)) + " on " + std::string(oracle::name(c.product));
}

const char* kHtmlStyle =
    "body{margin:0;font-family:DejaVu Sans,sans-serif;font-size:13px;color:#1b2631;background:#fff}"
    ".pic{max-width:100%;overflow-x:auto}.info{padding:8px 12px;max-width:1400px}table{border-collapse:collapse;margin:6px 0}"
    "td,th{border:1px solid #aab7b8;padding:2px 8px;text-align:left;vertical-align:top}th{background:#eaeded}"
    "pre,code{font-family:DejaVu Sans Mono,monospace;font-size:12px}pre{background:#f4f6f6;padding:6px;"
    "white-space:pre-wrap}.fail{color:#b03a2e;font-weight:bold}.pass{color:#1e8449;font-weight:bold}"
    "blockquote.clause{margin:6px 0;padding:4px 10px;border-left:4px solid #b03a2e;background:#fdf2e9;white-space:pre-wrap}"
    "iframe.picture{width:100%;height:520px;border:1px solid #aab7b8}";

std::string htmlHead(const std::string& title) {
  return "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
         "<title>" + xmlEscape(title) + "</title>\n<style>" + kHtmlStyle + "</style>\n</head>\n<body>\n";
}

std::string paramTable(const casefile::CaseData& data, Operation op) {
  std::string out = "<h3>Parameters</h3>\n<table>\n<tr><th>field</th><th>value</th><th>unit</th></tr>\n";
  for (const auto& row : parameterRows(data, op)) {
    out += "<tr><td><code>" + xmlEscape(row.field) + "</code></td><td><code>" + xmlEscape(row.value) + "</code></td><td>" +
           xmlEscape(row.unit) + "</td></tr>\n";
  }
  out += "</table>\n<h3>Clauses that apply</h3>\n<table>\n<tr><th>clause</th><th>what</th></tr>\n";
  for (const auto& [id, what] : clausesOf(op)) {
    out += "<tr><td><code>" + xmlEscape(id) + "</code></td><td>" + xmlEscape(what) + "</td></tr>\n";
  }
  return out + "</table>\n";
}

// The text of each clause the failure names (its clause field, then its message), as docs/semantics.md words it, so
// the page says what the implementation broke without a trip to the docs. At most four: a message can list many.
std::string quotedClauses(const FailureInput& f) {
  std::vector<std::string> ids = oracle::clausesCitedIn(f.clause);
  for (std::string& id : oracle::clausesCitedIn(f.message)) {
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(std::move(id));
  }
  std::string out;
  for (std::size_t i = 0; i < ids.size() && i < 4; ++i) {
    const auto clause = oracle::clauseText(ids[i]);
    out += "<blockquote class=\"clause\" id=\"clause-" + xmlEscape(clause->id) + "\"><b>" + xmlEscape(clause->id) +
           "</b> (docs/semantics.md, section " + xmlEscape(clause->section) + ")\n" + xmlEscape(clause->text) +
           "</blockquote>\n";
  }
  return out;
}

std::string violationsHtml(const oracle::Evaluation& ev) {
  std::string out = "<h3>Oracle verdict: " + xmlEscape(oracle::name(ev.verdict)) + "</h3>\n<ul>\n";
  for (const auto& v : ev.violations) out += "<li><code>" + xmlEscape(oracle::describe(v)) + "</code></li>\n";
  return out + "</ul>\n";
}

void drawArrows(std::ostringstream& svg, const Grid& from, const Grid& to,
                const std::vector<std::pair<std::uint64_t, std::uint64_t>>& pairs) {
  svg << "<g id=\"arrows\">\n";
  for (const auto& [s, d] : pairs) {
    const auto a = from.locate(s);
    const auto b = to.locate(d);
    if (!a || !b) continue;
    // Into the left edge of the destination cell (its label stays readable), from above when it is below.
    const bool below = b->y - a->y > 3 * kCellH && b->y - a->y > std::abs(b->x - a->x);
    const double ex = below ? b->x : b->x - kCellW / 2 + 1;
    const double ey = below ? b->y - kCellH / 2 + 1 : b->y;
    const double midX = (a->x + ex) / 2;
    const double midY = (a->y + ey) / 2;
    svg << "<path class=\"arrow\" d=\"M" << fmt(a->x) << "," << fmt(a->y) << " C";
    if (below) {
      svg << fmt(a->x) << "," << fmt(midY) << " " << fmt(ex) << "," << fmt(midY);
    } else {
      svg << fmt(midX) << "," << fmt(a->y) << " " << fmt(midX) << "," << fmt(ey);
    }
    svg << " " << fmt(ex) << "," << fmt(ey) << "\"><title>source byte " << s
        << " -> destination byte " << d << "</title></path>\n";
  }
  svg << "</g>\n";
}

// The first destination byte of every run the source moves contiguously (each block / row / fractal row).
std::vector<std::pair<std::uint64_t, std::uint64_t>> runStarts(const ProbeMap& map) {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
  for (std::uint64_t d = map.begin; d < map.end() && out.size() < kMaxArrows; ++d) {
    if (map[d] < 0) continue;
    if (d > 0 && map[d - 1] >= 0 && map[d - 1] + 1 == map[d]) continue;
    out.emplace_back(static_cast<std::uint64_t>(map[d]), d);
  }
  return out;
}

std::string noteLine(const Model& m) {
  return m.shapes.note.empty() ? "arrows: the first element of each contiguous run (block / row / fractal row), at most 12"
                               : m.shapes.note;
}

}  // namespace

Explained explainCase(const casefile::CaseData& data) {
  const auto resolution = oracle::resolveOperation(data.c);
  oracle::Evaluation ev = oracle::evaluate(data.c, data.src, data.dstBefore);
  Svg svg;
  std::vector<std::string> header{"dcconf explain: " + caseTitle(data.c)};
  if (!data.description.empty()) header.push_back(data.description);
  std::string htmlBody;
  if (!resolution.operation || ev.verdict != oracle::Verdict::computed) {
    header.push_back("oracle verdict: " + std::string(oracle::name(ev.verdict)) + " - nothing to draw");
    for (const auto& v : ev.violations) header.push_back(oracle::describe(v));
    if (!resolution.operation) header.push_back(resolution.error);
    svg.width = 1000;
    const double y = headerLines(svg.body, header, svg.width);
    svg.height = y + kMargin;
    htmlBody = violationsHtml(ev);
    if (resolution.operation) htmlBody += paramTable(data, *resolution.operation);
  } else {
    Model m(data, *resolution.operation, std::move(ev));
    header.push_back(noteLine(m));
    Grid src(m.srcView(), kGridMaxWidth);
    Grid dst(m.dstView("dst", "destination: " + m.shapes.dst.name + ", " + std::to_string(m.expected.size()) +
                                   " B, copy starts at byte " + std::to_string(data.c.dst.offsetBytes)),
             kGridMaxWidth);
    const bool sideBySide = src.width() + dst.width() + 3 * kMargin + 60 <= kPageMaxWidth;
    const double dx0 = sideBySide ? kMargin + src.width() + 60 : kMargin;
    svg.width = std::max(sideBySide ? dx0 + dst.width() + kMargin : std::max(src.width(), dst.width()) + 2 * kMargin, 900.0);
    const double y = headerLines(svg.body, header, svg.width);
    src.draw(svg.body, kMargin, y);
    const double dx = dx0;
    const double dy = sideBySide ? y : y + src.height() + 20;
    dst.draw(svg.body, dx, dy);
    drawArrows(svg.body, src, dst, m.map.empty() ? formulaArrows(data.c, m.op) : runStarts(m.map));
    const double bottom = std::max(src.height() + y, dst.height() + dy) + 8;
    const double lh = legend(svg.body, kMargin, bottom, svg.width - 2 * kMargin, false);
    svg.height = bottom + lh + kMargin;
    htmlBody = "<p>" + xmlEscape(src.grouping()) + " (source); " + xmlEscape(dst.grouping()) + " (destination). Hover a cell "
               "for its byte, region and origin.</p>\n" + paramTable(data, m.op);
  }
  Explained out;
  out.svg = svg.document(true);
  out.html = htmlHead("dcconf explain: " + caseTitle(data.c)) + svg.embedded() + "<div class=\"info\">\n" +
             (data.description.empty() ? "" : "<p>" + xmlEscape(data.description) + "</p>\n") + htmlBody +
             "</div>\n</body>\n</html>\n";
  return out;
}

// G-6: the bytes no single whole reading explains together, each with its value and the readings that value follows.
std::string conflictTable(const oracle::Alternatives& alt, std::span<const std::uint8_t> actual,
                          const std::vector<std::uint64_t>& conflicting) {
  std::string rows;
  for (const std::uint64_t b : conflicting) {
    const std::optional<oracle::Alternatives::Byte> at = alt.byteAt(b);
    if (!at) continue;
    const oracle::Combinations follows = at->follows(actual[b]) & alt.valid;
    std::string readings;
    for (std::size_t k = 0; k < alt.ambIds.size(); ++k) {
      const unsigned r = oracle::readingsOf(alt, follows, k);
      readings += (readings.empty() ? "" : ", ") + (r == 0 ? "AMB-" + std::to_string(alt.ambIds[k]) + " no reading"
                                                           : oracle::readingText(alt.ambIds[k], r));
    }
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02x", actual[b]);
    rows += "<tr><td>" + std::to_string(b) + "</td><td><code>" + hex + "</code></td><td>" +
            xmlEscape(readings) + "</td></tr>\n";
  }
  if (rows.empty()) return {};
  return "<h3>Bytes no single reading explains together (G-6)</h3>\n<p>each value follows the readings shown; the "
         "case follows one whole reading of every ambiguity, so these bytes cannot all be right</p>\n<table>\n"
         "<tr><th>byte</th><th>actual</th><th>readings its value follows</th></tr>\n" + rows + "</table>\n";
}

namespace {

// A failure page's first header lines: status and id, clause, title and message, up to three diff lines (a diff line
// that repeats the message, as a sparse failure's first does, is not shown twice) and the repro.
std::vector<std::string> failureHeader(const FailureInput& f) {
  std::vector<std::string> header{f.status + " " + f.id, "[" + f.clause + "] " + f.title + ": " + f.message};
  for (std::size_t i = 0, lines = 0; i < f.diff.size() && lines < 3; ++i) {
    if (f.diff[i] == f.message) continue;
    header.push_back(f.diff[i]);
    ++lines;
  }
  header.push_back("repro: " + f.repro);
  return header;
}

// Expected, then actual and difference (when the implementation produced a destination) side by side or one under
// the other, from y; then the legend. Returns the bottom.
double drawComparison(Svg& svg, Grid& exp, Grid* act, Grid& diff, bool sideBySide, double y) {
  exp.draw(svg.body, kMargin, y);
  if (act != nullptr) {
    const double ax = sideBySide ? kMargin + exp.width() + 30 : kMargin;
    const double ay = sideBySide ? y : y + exp.height() + 14;
    act->draw(svg.body, ax, ay);
    const double fx = sideBySide ? ax + act->width() + 30 : kMargin;
    const double fy = sideBySide ? y : ay + act->height() + 14;
    diff.draw(svg.body, fx, fy);
    y = fy + diff.height() + 8;
  } else {
    y += exp.height() + 8;
  }
  return y + legend(svg.body, kMargin, y, svg.width - 2 * kMargin, true);
}

// A failure page around its picture: what failed, the clauses it broke, the diff, the repro, then the body.
std::string failureDocument(const FailureInput& f, const Svg& svg, const std::string& htmlBody) {
  std::string diffText;
  for (const auto& line : f.diff) diffText += line + "\n";
  return htmlHead(f.status + " " + f.id) + svg.embedded() + "<div class=\"info\">\n<h2 class=\"fail\">" +
         xmlEscape(f.status) + " " + xmlEscape(f.id) + "</h2>\n<p>" + xmlEscape(f.title) + "</p>\n<p>clause <code>" +
         xmlEscape(f.clause) + "</code>: " + xmlEscape(f.message) + "</p>\n" + quotedClauses(f) + "<pre>" + xmlEscape(diffText) +
         "</pre>\n<p>Reproduce:</p>\n<pre>" + xmlEscape(f.repro) + "</pre>\n" + htmlBody + "</div>\n</body>\n</html>\n";
}

}  // namespace

std::string failurePage(const casefile::CaseData& data, const FailureInput& f) {
  const auto resolution = oracle::resolveOperation(data.c);
  oracle::Evaluation ev = oracle::evaluate(data.c, data.src, data.dstBefore);
  Svg svg;
  std::vector<std::string> header = failureHeader(f);
  std::string htmlBody;
  if (!resolution.operation || ev.verdict != oracle::Verdict::computed) {
    header.push_back("oracle verdict: " + std::string(oracle::name(ev.verdict)) + " (an invalid case: nothing to compare)");
    svg.width = 1000;
    const double y = headerLines(svg.body, header, svg.width);
    svg.height = y + kMargin;
    htmlBody = violationsHtml(ev);
  } else {
    // G-6: an output that matches every cared byte can still mix the readings of an ambiguity; then the bytes no
    // single whole reading explains together are the ones to show.
    std::vector<std::uint64_t> conflicting;
    std::string conflictRows;
    if (f.actual.size() == ev.expectation.expected.size() &&
        oracle::firstMismatch(ev.expectation, f.actual) == oracle::kNoMismatch) {
      const oracle::Alternatives alt = oracle::alternatives(data.c, data.src, data.dstBefore, ev.expectation);
      const oracle::Consistency k = oracle::consistentCombinations(alt, f.actual);
      if (!alt.empty() && k.consistent.none()) {
        conflicting = k.conflicting;
        std::sort(conflicting.begin(), conflicting.end());
        header.push_back(oracle::describeConflict(alt, k, f.actual));
        conflictRows = conflictTable(alt, f.actual, conflicting);
      }
    }
    // AMB-16 (project): an element that must be a NaN of T and is not; its bytes are ANY, so the byte loop below
    // cannot see it
    std::vector<std::uint64_t> notNan;
    std::string notNanText;
    if (f.actual.size() == ev.expectation.expected.size()) {
      for (const oracle::ClassConstraint& k : ev.expectation.classes) {
        const std::uint64_t n = oracle::sizeBytes(k.dtype);
        if (k.index + n > f.actual.size()) continue;
        const std::span<const std::uint8_t> element(f.actual.data() + k.index, n);
        if (oracle::holdsClass(k, element)) continue;
        if (notNanText.empty()) notNanText = "byte " + std::to_string(k.index) + ": " + oracle::describeViolation(k, element);
        for (std::uint64_t b = 0; b < n; ++b) notNan.push_back(k.index + b);
      }
    }
    Model m(data, *resolution.operation, std::move(ev));
    if (f.expected && f.care && f.expected->size() == m.expected.size() && f.care->size() == m.care.size()) {
      m.expected = *f.expected;
      m.care = *f.care;
    }
    const bool haveActual = f.actual.size() == m.expected.size();
    std::vector<std::uint64_t> mismatches;
    if (haveActual) {
      for (std::uint64_t b = 0; b < m.expected.size(); ++b) {
        if (m.care[b] != 0 && f.actual[b] != m.expected[b]) mismatches.push_back(b);
      }
    }
    header.push_back(haveActual ? std::to_string(mismatches.size()) + " cared byte(s) differ, highlighted"
                                : "the implementation produced no destination (" + f.status + "): expected only");
    auto highlightToo = [&mismatches](const std::vector<std::uint64_t>& bytes) {  // sorted, each byte once
      mismatches.insert(mismatches.end(), bytes.begin(), bytes.end());
      std::sort(mismatches.begin(), mismatches.end());
      mismatches.erase(std::unique(mismatches.begin(), mismatches.end()), mismatches.end());
    };
    if (!notNan.empty()) {
      header.push_back(std::to_string(notNan.size()) + " byte(s) of elements that must be a NaN of T and are not, "
                       "highlighted (" + notNanText + ")");
      highlightToo(notNan);
    }
    if (!conflicting.empty()) {
      header.push_back(std::to_string(conflicting.size()) + " byte(s) no single reading explains together (G-6), highlighted");
      highlightToo(conflicting);
    }
    const oracle::DType dtype = data.c.dtype;
    const std::uint32_t s = oracle::sizeBytes(dtype);
    auto elementStart = [&](std::uint64_t b) {
      const std::uint64_t o = data.c.dst.offsetBytes % s;
      return b < o ? b : b - (b - o) % s;
    };
    auto both = [&m, &f, dtype, haveActual, elementStart](std::uint64_t b) {
      const std::uint64_t e = elementStart(b);
      std::string t = m.dstTitle(b) + "; expected " + valueAt(dtype, m.expected, e);
      if (haveActual) t += ", actual " + valueAt(dtype, f.actual, e);
      return t;
    };
    BufferView expView = m.dstView("exp", "expected (" + std::to_string(m.expected.size()) + " B)");
    expView.label = [&m, &f, dtype](std::uint64_t b) {
      const Cat cat = m.dstCat(b);
      return cat == Cat::guard || cat == Cat::gap || m.care[b] == 0 ? std::string()
                                                                     : shortValue(dtype, m.expected, b, f.actual);
    };
    expView.title = both;
    BufferView actView = m.dstView("act", "actual, mismatches highlighted");
    actView.highlights = mismatches;
    actView.label = [&m, &f, dtype](std::uint64_t b) {
      const std::span<const std::uint8_t> empty;  // a byte that is not cared for has nothing to differ from
      const Cat cat = m.dstCat(b);
      return cat == Cat::guard || cat == Cat::gap ? std::string()
                                                  : shortValue(dtype, f.actual, b, m.care[b] != 0 ? std::span<const std::uint8_t>(m.expected) : empty);
    };
    actView.title = both;
    BufferView diffView = m.dstView("diff", "difference: " + std::to_string(mismatches.size()) + " byte(s)");
    diffView.highlights = mismatches;
    diffView.faded = true;
    diffView.label = [](std::uint64_t) { return std::string(); };
    diffView.title = [both, &m, &f](std::uint64_t b) {
      return (m.care[b] != 0 && f.actual[b] != m.expected[b] ? "MISMATCH at " : "") + both(b);
    };
    if (!mismatches.empty()) expView.focus = actView.focus = diffView.focus = mismatches.front();
    Grid src(m.srcView(), kGridMaxWidth);
    Grid exp(expView, kGridMaxWidth / 2);
    Grid act(actView, kGridMaxWidth / 2);
    Grid diff(diffView, kGridMaxWidth / 2);
    // Expected, actual, difference side by side when they fit, else one under the other.
    const int shown = haveActual ? 3 : 1;
    const bool sideBySide = exp.width() * shown + 30 * (shown - 1) + 2 * kMargin <= kPageMaxWidth;
    const double rowWidth = sideBySide ? exp.width() * shown + 30 * (shown - 1) : exp.width();
    svg.width = std::max({src.width(), rowWidth, 900.0}) + 2 * kMargin;
    double y = headerLines(svg.body, header, svg.width);
    src.draw(svg.body, kMargin, y);
    y += src.height() + 14;
    svg.height = drawComparison(svg, exp, haveActual ? &act : nullptr, diff, sideBySide, y) + kMargin;
    std::string firsts;
    for (std::size_t i = 0; i < mismatches.size() && i < 16; ++i) {
      const std::uint64_t b = mismatches[i];
      firsts += "<tr><td>" + std::to_string(b) + "</td><td>" + xmlEscape(style(m.dstCat(b)).label) + "</td><td><code>" +
                xmlEscape(valueAt(dtype, m.expected, elementStart(b))) + "</code></td><td><code>" +
                xmlEscape(valueAt(dtype, f.actual, elementStart(b))) + "</code></td></tr>\n";
    }
    htmlBody += conflictRows;
    if (!firsts.empty() && conflictRows.empty()) {
      htmlBody += "<h3>First mismatching bytes</h3>\n<table>\n<tr><th>byte</th><th>region</th><th>expected element</th>"
                  "<th>actual element</th></tr>\n" + firsts + "</table>\n";
    }
    htmlBody += "<p>" + xmlEscape(exp.grouping()) + " (destination grids); " + xmlEscape(src.grouping()) + " (source).</p>\n";
    htmlBody += paramTable(data, m.op);
  }
  return failureDocument(f, svg, htmlBody);
}

std::string sparseFailurePage(const oracle::Case& c, const FailureInput& f, const SparseDestination& d) {
  const auto resolution = oracle::resolveOperation(c);
  const std::span<const oracle::ByteRange> windows = d.windows;
  const oracle::Expectation& x = d.expectation;
  std::uint64_t windowBytes = 0;
  for (const oracle::ByteRange& r : windows) windowBytes += r.end - r.begin;
  const bool consistent = x.expected.size() == windowBytes && x.care.size() == windowBytes && x.region.size() == windowBytes;
  const bool haveActual = consistent && d.actual.size() == windowBytes;
  Svg svg;
  std::vector<std::string> header = failureHeader(f);
  header.push_back("sparse buffers: source " + std::to_string(c.src.sizeBytes) + " B, destination " +
                   std::to_string(c.dst.sizeBytes) + " B; only the " + std::to_string(windows.size()) +
                   " destination window(s) around the footprint exist (footprint +- 64 guard bytes, whole pages)");
  // Per window: its first byte in the expectation, its cared mismatches and the first of them.
  struct WindowRow {
    std::uint64_t start = 0, mismatches = 0, first = oracle::kNoMismatch;
  };
  auto differs = [&](std::uint64_t i) { return x.care[i] != 0 && d.actual[i] != x.expected[i]; };  // i: expectation index
  std::vector<WindowRow> rows;
  std::vector<std::uint64_t> firstMismatches;  // expectation indices, the first 16 over all windows
  std::uint64_t mismatchTotal = 0, start = 0;
  for (const oracle::ByteRange& r : windows) {
    WindowRow row{start};
    for (std::uint64_t i = start; haveActual && i < start + (r.end - r.begin); ++i) {
      if (!differs(i)) continue;
      if (row.mismatches++ == 0) row.first = i;
      if (firstMismatches.size() < 16) firstMismatches.push_back(i);
    }
    mismatchTotal += row.mismatches;
    rows.push_back(row);
    start += r.end - r.begin;
  }
  // The window drawn: the first with a mismatch, else the first.
  std::size_t shown = 0;
  while (shown + 1 < rows.size() && rows[shown].mismatches == 0) ++shown;
  if (!haveActual) {
    header.push_back("the implementation produced no destination (" + f.status + "): expected only");
  } else {
    header.push_back(std::to_string(mismatchTotal) + " cared byte(s) differ in " +
                     std::to_string(std::count_if(rows.begin(), rows.end(), [](const WindowRow& w) { return w.mismatches > 0; })) +
                     " of " + std::to_string(rows.size()) + " window(s), highlighted");
  }
  if (d.strayByte) {
    header.push_back("destination byte " + std::to_string(*d.strayByte) + " written outside every window (" +
                     casefile::hexByte(d.strayValue) + " where the hole reads 0x00): G-1");
  }
  std::string htmlBody;
  if (!consistent || windows.empty() || !resolution.operation) {
    header.push_back("no windows to draw");
    svg.width = 1000;
    svg.height = headerLines(svg.body, header, svg.width) + kMargin;
  } else {
    const oracle::ByteRange w = windows[shown];
    const std::uint64_t base = rows[shown].start, length = w.end - w.begin;
    const oracle::DType dtype = c.dtype;
    const std::uint32_t s = oracle::sizeBytes(dtype);
    // Window-local bytes: windows begin on a page, so 32-byte rows are the buffer's 32-byte blocks.
    Shape shape;
    shape.name = "destination window " + std::to_string(shown);
    shape.rowBytes = 32;
    shape.elementBytes = s;
    const std::span<const std::uint8_t> expected = std::span(x.expected).subspan(base, length);
    const std::span<const std::uint8_t> actual = haveActual ? std::span(d.actual).subspan(base, length) : std::span<const std::uint8_t>();
    std::vector<std::uint64_t> mismatches;
    for (std::uint64_t b = 0; haveActual && b < length; ++b) {
      if (differs(base + b)) mismatches.push_back(b);
    }
    auto elementStart = [&](std::uint64_t b) {
      const std::uint64_t o = c.dst.offsetBytes % s, at = w.begin + b;
      return at < o ? b : b - (at - o) % s;
    };
    auto cat = [&](std::uint64_t b) { return dstCategory(x.region[base + b], d.writes, w.begin + b); };
    auto title = [&](std::uint64_t b) {
      std::string t = "destination byte " + std::to_string(w.begin + b) + " (window " + std::to_string(shown) + " byte " +
                      std::to_string(b) + "): " + style(cat(b)).label;
      if (x.care[base + b] == 0) t += ", ANY: " + std::string(oracle::whyUnspecified(x.region[base + b]));
      t += "; expected " + valueAt(dtype, expected, elementStart(b));
      if (haveActual) t += ", actual " + valueAt(dtype, actual, elementStart(b));
      return t;
    };
    auto view = [&](std::string id, std::string heading) {
      BufferView v;
      v.id = std::move(id);
      v.heading = std::move(heading);
      v.shape = &shape;
      v.size = length;
      v.interestingBegin = 0;
      v.interestingEnd = length;
      for (const oracle::ByteRange& write : d.writes) {  // the footprint inside the window
        if (write.end <= w.begin || write.begin >= w.end) continue;
        v.interestingBegin = std::max(write.begin, w.begin) - w.begin;
        break;
      }
      v.cat = cat;
      v.unspecified = [&](std::uint64_t b) { return x.care[base + b] == 0; };
      v.title = title;
      if (!mismatches.empty()) v.focus = mismatches.front();
      return v;
    };
    const std::string where = "destination bytes " + std::to_string(w.begin) + ".." + std::to_string(w.end - 1);
    BufferView expView = view("exp", "expected, window " + std::to_string(shown) + ": " + where);
    expView.label = [&](std::uint64_t b) {
      const Cat k = cat(b);
      return k == Cat::guard || k == Cat::gap || x.care[base + b] == 0 ? std::string() : shortValue(dtype, expected, b, actual);
    };
    BufferView actView = view("act", "actual, mismatches highlighted");
    actView.highlights = mismatches;
    actView.label = [&](std::uint64_t b) {
      const Cat k = cat(b);
      return k == Cat::guard || k == Cat::gap ? std::string()
                                              : shortValue(dtype, actual, b, x.care[base + b] != 0 ? expected : std::span<const std::uint8_t>());
    };
    BufferView diffView = view("diff", "difference: " + std::to_string(mismatches.size()) + " byte(s) in this window");
    diffView.highlights = mismatches;
    diffView.faded = true;
    diffView.label = [](std::uint64_t) { return std::string(); };
    Grid exp(expView, kGridMaxWidth / 2);
    Grid act(actView, kGridMaxWidth / 2);
    Grid diff(diffView, kGridMaxWidth / 2);
    const bool sideBySide = exp.width() * 3 + 60 + 2 * kMargin <= kPageMaxWidth;
    svg.width = std::max(sideBySide && haveActual ? exp.width() * 3 + 60 : exp.width(), 900.0) + 2 * kMargin;
    const double y = headerLines(svg.body, header, svg.width);
    svg.height = drawComparison(svg, exp, haveActual ? &act : nullptr, diff, sideBySide, y) + kMargin;
    // Every window (the first 64), and the first mismatching bytes over all of them.
    htmlBody += "<h3>Destination windows</h3>\n<table>\n<tr><th>window</th><th>first byte</th><th>last byte</th>"
                "<th>bytes</th><th>cared bytes that differ</th><th>first of them</th></tr>\n";
    for (std::size_t k = 0; k < rows.size() && k < 64; ++k) {
      const oracle::ByteRange& r = windows[k];
      htmlBody += "<tr><td>" + std::to_string(k) + (k == shown ? " (drawn)" : "") + "</td><td>" + std::to_string(r.begin) +
                  "</td><td>" + std::to_string(r.end - 1) + "</td><td>" + std::to_string(r.end - r.begin) + "</td><td" +
                  (rows[k].mismatches > 0 ? " class=\"fail\">" : ">") + std::to_string(rows[k].mismatches) + "</td><td>" +
                  (rows[k].mismatches > 0 ? std::to_string(r.begin + rows[k].first - rows[k].start) : "") + "</td></tr>\n";
    }
    if (rows.size() > 64) htmlBody += "<tr><td colspan=\"6\">... " + std::to_string(rows.size() - 64) + " more</td></tr>\n";
    htmlBody += "</table>\n";
    if (!firstMismatches.empty()) {
      htmlBody += "<h3>First mismatching bytes</h3>\n<table>\n<tr><th>destination byte</th><th>region</th>"
                  "<th>expected byte</th><th>actual byte</th></tr>\n";
      for (const std::uint64_t i : firstMismatches) {
        std::size_t k = 0;
        while (k + 1 < rows.size() && rows[k + 1].start <= i) ++k;
        const std::uint64_t b = windows[k].begin + (i - rows[k].start);
        htmlBody += "<tr><td>" + std::to_string(b) + "</td><td>" +
                    xmlEscape(style(dstCategory(x.region[i], d.writes, b)).label) + "</td><td><code>" +
                    casefile::hexByte(x.expected[i]) + "</code></td><td><code>" + casefile::hexByte(d.actual[i]) +
                    "</code></td></tr>\n";
      }
      htmlBody += "</table>\n";
    }
    htmlBody += "<p>" + xmlEscape(exp.grouping()) + "</p>\n";
    htmlBody += paramTable(casefile::CaseData{c, {}, {}, ""}, *resolution.operation);
  }
  return failureDocument(f, svg, htmlBody);
}

std::string reportPage(const std::string& reportJsonText, const std::vector<std::string>& failurePages) {
  const auto json = nlohmann::json::parse(reportJsonText, nullptr, false);
  if (json.is_discarded() || !json.is_object()) {
    return htmlHead("dcconf report") + "<div class=\"info\"><p>report.json is not JSON</p></div>\n</body>\n</html>\n";
  }
  const std::set<std::string> pages(failurePages.begin(), failurePages.end());
  auto text = [](const nlohmann::json& v) { return xmlEscape(v.is_string() ? v.get<std::string>() : v.dump()); };
  std::string out = htmlHead("dcconf report") + "<div class=\"info\">\n<h1>dcconf report</h1>\n";
  const bool passed = json.value("passed", false);
  out += std::string("<p class=\"") + (passed ? "pass\">PASSED" : "fail\">FAILED") + "</p>\n<table>\n";
  if (json.contains("meta") && json["meta"].is_object()) {
    for (const auto& [key, value] : json["meta"].items()) {
      out += "<tr><th>" + xmlEscape(key) + "</th><td><code>" + text(value) + "</code></td></tr>\n";
    }
  }
  out += "</table>\n";
  // Status columns in the terminal summary's order, then any status this page does not know (a newer report).
  std::vector<std::string> statuses = {"PASS", "FAIL", "NOT_SUPPORTED", "REJECTED", "ACCEPTED_INVALID", "CRASH", "TIMEOUT"};
  if (json.contains("totals") && json["totals"].is_object()) {
    for (const auto& [key, value] : json["totals"].items()) {
      if (std::find(statuses.begin(), statuses.end(), key) == statuses.end()) statuses.push_back(key);
    }
  }
  auto isBad = [](const std::string& status, const std::string& n) {
    return (status == "FAIL" || status == "CRASH" || status == "TIMEOUT") && n != "0" && !n.empty();
  };
  // failuresLink: a count of failures links to the list of failures (the totals row).
  auto countCells = [&](const nlohmann::json& counts, bool failuresLink = false) {
    std::string cells;
    std::uint64_t total = 0;
    for (const auto& s : statuses) {
      const bool has = counts.is_object() && counts.contains(s);
      const std::string n = has ? text(counts[s]) : "";
      if (has && counts[s].is_number_unsigned()) total += counts[s].get<std::uint64_t>();
      const bool bad = isBad(s, n);
      cells += std::string(bad ? "<td class=\"fail\">" : "<td>") +
               (bad && failuresLink ? "<a href=\"#failures\">" + n + "</a>" : n) + "</td>";
    }
    return cells + "<td>" + std::to_string(total) + "</td>";
  };
  std::string header;
  for (const auto& s : statuses) header += "<th>" + xmlEscape(s) + "</th>";
  header += "<th>cases</th>";
  out += "<h2>Totals</h2>\n<table>\n<tr>" + header + "</tr>\n<tr>" +
         countCells(json.value("totals", nlohmann::json::object()), /*failuresLink=*/true) + "</tr>\n</table>\n";
  // The failures by row: a unit row links to its failures below (and to their pictures).
  const auto failures = json.value("failures", nlohmann::json::array());
  std::map<std::string, std::vector<std::string>> failureIdsByRow;
  for (const auto& f : failures) {
    if (!f.is_object()) continue;
    failureIdsByRow[f.value("group", "") + "\x1f" + f.value("dtype", "") + "\x1f" + f.value("property", "")].push_back(
        f.value("id", ""));
  }
  // Failures first, each with its picture, before the units (hundreds of rows on a full run).
  out += "<h2 id=\"failures\">Failures</h2>\n";
  if (failures.empty()) out += "<p>none</p>\n";
  for (const auto& f : failures) {
    if (!f.is_object()) continue;
    const std::string id = f.value("id", "");
    const std::string page = "failures/" + id + ".html";
    out += "<h3 class=\"fail\" id=\"failure-" + xmlEscape(id) + "\">" + text(f.value("status", "")) + " " +
           (pages.count(page) != 0 ? "<a href=\"" + xmlEscape(page) + "\">" + xmlEscape(id) + "</a> (picture)" : xmlEscape(id)) +
           "</h3>\n<p>[" + text(f.value("clause", "")) + "] " + text(f.value("group", "")) + " " +
           text(f.value("dtype", "")) + ", " + text(f.value("property", "")) + ": " + text(f.value("message", "")) +
           "</p>\n<pre>";
    for (const auto& line : f.value("diff", nlohmann::json::array())) out += text(line) + "\n";
    out += "repro: " + text(f.value("repro", "")) + "</pre>\n";
    if (pages.count(page) != 0) {
      out += "<iframe class=\"picture\" loading=\"lazy\" title=\"" + xmlEscape(id) + "\" src=\"" + xmlEscape(page) +
             "\"></iframe>\n";
    }
  }
  // The per-unit table: one row per group x dtype x property, one column per status.
  out += "<h2>Units</h2>\n<table>\n<tr><th>group</th><th>dtype</th><th>property</th>" + header + "<th>failure</th></tr>\n";
  for (const auto& group : json.value("groups", nlohmann::json::array())) {
    if (!group.is_object() || !group.contains("properties") || !group["properties"].is_object()) continue;
    for (const auto& [property, counts] : group["properties"].items()) {
      const std::string groupName = group.value("group", "");
      const std::string dtype = group.value("dtype", "");
      out += "<tr><td>" + xmlEscape(groupName) + "</td><td>" + xmlEscape(dtype) + "</td><td>" + xmlEscape(property) +
             "</td>" + countCells(counts) + "<td>";
      const auto found = failureIdsByRow.find(groupName + "\x1f" + dtype + "\x1f" + property);
      if (found != failureIdsByRow.end()) {
        for (const std::string& id : found->second) {
          out += "<a href=\"#failure-" + xmlEscape(id) + "\">" + xmlEscape(id) + "</a> ";
        }
      }
      out += "</td></tr>\n";
    }
  }
  out += "</table>\n";
  if (json.contains("coverage")) {
    out += "<h2>Coverage</h2>\n";
    const auto& cov = json["coverage"];
    if (cov.is_object()) {
      out += "<table>\n";
      for (const auto& [key, value] : cov.items()) {
        out += "<tr><th>" + xmlEscape(key) + "</th><td><pre>" + xmlEscape(clip(value.dump(1), 4000)) + "</pre></td></tr>\n";
      }
      out += "</table>\n";
    } else {
      out += "<pre>" + xmlEscape(clip(cov.dump(1), 20000)) + "</pre>\n";
    }
  }
  if (const auto readings = json.value("readings", nlohmann::json::object()); readings.is_object() && !readings.empty()) {
    // G-6: the implementation's reading fingerprint, as report.json has it
    out += "<h2>Readings (G-6)</h2>\n<p>per ambiguity, the readings every passing case that exercised it was "
           "consistent with" + std::string(json.value("strictReadings", false) ? " (--strict-readings: INCONSISTENT "
           "fails the run)" : "") + "</p>\n<table>\n<tr><th>ambiguity</th><th>fingerprint</th><th>only the first reading"
           "</th><th>only the second</th><th>either</th></tr>\n";
    for (const auto& [amb, entry] : readings.items()) {
      if (!entry.is_object()) continue;
      const std::string print = entry.value("fingerprint", "");
      const auto cases = entry.value("cases", nlohmann::json());  // absent when not exercised: empty cells
      auto count = [&cases, &text](const char* key) { return cases.is_object() ? text(cases.value(key, 0)) : std::string(); };
      out += "<tr><td>" + xmlEscape(amb) + "</td><td" + (print == "INCONSISTENT" ? " class=\"fail\"" : "") + ">" +
             xmlEscape(print) + "</td><td>" + count("firstOnly") + "</td><td>" + count("secondOnly") + "</td><td>" +
             count("both") + "</td></tr>\n";
    }
    out += "</table>\n";
  }
  out += "<h2>Unspecified bytes</h2>\n";
  const auto unspecified = json.value("unspecified", nlohmann::json::object());
  if (unspecified.empty()) out += "<p>no destination byte of a passing case was ANY</p>\n";
  else {
    out += "<table>\n<tr><th>why ANY</th><th>bytes</th><th>cases</th></tr>\n";
    for (const auto& [reason, tally] : unspecified.items()) {
      out += "<tr><td>" + xmlEscape(reason) + "</td><td>" + (tally.is_object() ? text(tally.value("bytes", 0)) : "") +
             "</td><td>" + (tally.is_object() ? text(tally.value("cases", 0)) : "") + "</td></tr>\n";
    }
    out += "</table>\n";
  }
  for (const auto& note : json.value("notes", nlohmann::json::array())) out += "<p>note: " + text(note) + "</p>\n";
  return out + "</div>\n</body>\n</html>\n";
}

}  // namespace dcconf::pictures
