// A buffer as a grid: rows at the shape's pitch, panels side by side, at most kMaxCells cells (elements grouped
// into cells across and rows grouped down when the buffer is big; the heading states the grouping).
#include "grid.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "dcconf/pictures/pictures.hpp"
#include "dcconf/casefile/text.hpp"

namespace dcconf::pictures::detail {
namespace {

constexpr std::uint64_t kMaxCellsPerRow = 40;  // 40 x kCellW = 1360 px: every panel fits a 1,400 px window
constexpr std::uint64_t kMaxCells = 2048;
constexpr std::int64_t kMaxPanels = 24;
constexpr double kMaxGridHeight = 1100;  // cells only; rows are grouped further down to fit
constexpr double kPanelGap = 10;
constexpr double kPanelLabelH = 13;
constexpr double kHeadingLineH = 13;  // the heading, caption and grouping lines, wrapped to the grid's width
constexpr std::uint64_t kSamplePerCell = 64;  // categories of a big cell come from this many evenly spaced bytes

std::int64_t floorDiv(std::int64_t a, std::int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
std::uint64_t ceilDiv(std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; }
std::string fmt(double v) {
  std::ostringstream out;
  out << std::round(v * 10) / 10;
  return out.str();
}

// text in lines of at most `width` characters, broken at spaces (a longer word is cut, never mid-character).
std::vector<std::string> wrapped(const std::string& text, std::size_t width) {
  std::vector<std::string> lines;
  std::string rest = text;
  while (rest.size() > width) {
    std::size_t cut = rest.rfind(' ', width);
    if (cut == std::string::npos || cut == 0) cut = casefile::validUtf8(rest, width).size() - 3;  // drops its "..."
    lines.push_back(rest.substr(0, cut));
    rest = rest.substr(rest[cut] == ' ' ? cut + 1 : cut);
  }
  lines.push_back(rest);
  return lines;
}

}  // namespace

Grid::Grid(BufferView view, double maxWidth) : view_(std::move(view)) {
  const Shape& shape = *view_.shape;
  const auto rowBytes = static_cast<std::int64_t>(shape.rowBytes);
  const auto origin = static_cast<std::int64_t>(shape.originByte);
  // The window: the footprint plus up to two rows of context on each side, inside the buffer.
  const std::uint64_t context = 2 * shape.rowBytes;
  window0_ = view_.interestingBegin > context ? view_.interestingBegin - context : 0;
  window1_ = std::min(view_.size, oracle::satAdd(std::max(view_.interestingEnd, view_.interestingBegin), context));
  if (window1_ <= window0_) window1_ = std::min(view_.size, window0_ + 1);
  row0_ = floorDiv(static_cast<std::int64_t>(window0_) - origin, rowBytes);
  row1_ = floorDiv(static_cast<std::int64_t>(window1_) - 1 - origin, rowBytes);
  if (shape.panelRows > 0) {
    panelRows_ = static_cast<std::int64_t>(shape.panelRows);
    panel0_ = floorDiv(row0_, panelRows_);
    panelCount_ = floorDiv(row1_, panelRows_) - panel0_ + 1;
    if (panelCount_ > kMaxPanels) {  // the rest is cut (the heading says which bytes are drawn), keeping the focus
      std::int64_t first = panel0_;
      if (view_.focus) {
        const std::int64_t focusRow = floorDiv(static_cast<std::int64_t>(*view_.focus) - origin, rowBytes);
        first = std::clamp(floorDiv(focusRow, panelRows_) - kMaxPanels / 2, panel0_, panel0_ + panelCount_ - kMaxPanels);
      }
      panel0_ = first;
      panelCount_ = kMaxPanels;
      row0_ = std::max(row0_, panel0_ * panelRows_);
      row1_ = std::min(row1_, (panel0_ + panelCount_) * panelRows_ - 1);
      window0_ = std::max<std::uint64_t>(window0_, static_cast<std::uint64_t>(std::max<std::int64_t>(0, origin + row0_ * rowBytes)));
      window1_ = std::min<std::uint64_t>(window1_, static_cast<std::uint64_t>(origin + (row1_ + 1) * rowBytes));
    }
  } else {
    panelRows_ = row1_ - row0_ + 1;
    panel0_ = 0;
    panelCount_ = 1;
  }
  // an empty buffer (a copy that moves nothing, e.g. ndNum 0) still gets one empty panel, never a division by zero
  panelRows_ = std::max<std::int64_t>(1, panelRows_);
  panelCount_ = std::max<std::int64_t>(1, panelCount_);
  elementsPerRow_ = ceilDiv(shape.rowBytes, shape.elementBytes);
  perCell_ = ceilDiv(elementsPerRow_, kMaxCellsPerRow);
  cellsPerRow_ = ceilDiv(elementsPerRow_, perCell_);
  const std::uint64_t rowsTotal = static_cast<std::uint64_t>(panelCount_ * panelRows_);
  rowsPerCell_ = std::max<std::uint64_t>(1, ceilDiv(rowsTotal * cellsPerRow_, kMaxCells));
  panelW_ = static_cast<double>(cellsPerRow_) * kCellW;
  panelsPerLine_ = std::max<std::int64_t>(1, static_cast<std::int64_t>((maxWidth + kPanelGap) / (panelW_ + kPanelGap)));
  panelsPerLine_ = std::min(panelsPerLine_, panelCount_);
  const std::int64_t lines = (panelCount_ + panelsPerLine_ - 1) / panelsPerLine_;
  const double extraPerLine = (shape.panelRows > 0 ? kPanelLabelH : 0) + kPanelGap;
  for (;;) {  // group rows down until the grid is at most kMaxGridHeight tall
    cellRowsPerPanel_ = static_cast<std::int64_t>(ceilDiv(static_cast<std::uint64_t>(panelRows_), rowsPerCell_));
    const double tall = static_cast<double>(lines) * (static_cast<double>(cellRowsPerPanel_) * kCellH + extraPerLine);
    if (tall <= kMaxGridHeight || cellRowsPerPanel_ <= 1) break;
    rowsPerCell_ = ceilDiv(static_cast<std::uint64_t>(panelRows_),
                           static_cast<std::uint64_t>(std::max(1.0, (kMaxGridHeight / static_cast<double>(lines) - extraPerLine) / kCellH)));
  }
  panelH_ = static_cast<double>(cellRowsPerPanel_) * kCellH + (shape.panelRows > 0 ? kPanelLabelH : 0);
  width_ = std::max(static_cast<double>(panelsPerLine_) * (panelW_ + kPanelGap) - kPanelGap, 260.0);
  grouping_ = perCell_ == 1 && rowsPerCell_ == 1
                  ? "1 cell = 1 element (" + std::to_string(shape.elementBytes) + " B)"
                  : "1 cell = " + std::to_string(perCell_) + " element(s) x " + std::to_string(rowsPerCell_) +
                        " row(s), coloured by the most frequent region (a mismatch anywhere wins)";
  grouping_ += "; bytes " + std::to_string(window0_) + ".." + std::to_string(window1_) + " of " +
               std::to_string(view_.size) + " drawn";
  // Headings wrap at the grid's width (grids stand side by side) rather than lose their end.
  const std::pair<const std::string*, double> texts[] = {{&view_.heading, 7.3}, {&shape.caption, 6.1}, {&grouping_, 6.1}};
  for (std::size_t i = 0; i < 3; ++i) {
    const auto n = static_cast<std::size_t>(std::max(20.0, width_ / texts[i].second));
    for (std::string& line : wrapped(*texts[i].first, n)) headingLines_.push_back({std::move(line), i == 0});
  }
  headingH_ = kHeadingLineH * static_cast<double>(headingLines_.size()) + 9;
  height_ = headingH_ + static_cast<double>(lines) * (panelH_ + kPanelGap);
}

Point Grid::panelOrigin(std::int64_t panelIndex) const {
  const std::int64_t k = panelIndex - panel0_;
  const double px = x_ + static_cast<double>(k % panelsPerLine_) * (panelW_ + kPanelGap);
  const double py = y_ + headingH_ + static_cast<double>(k / panelsPerLine_) * (panelH_ + kPanelGap);
  return {px, py + (view_.shape->panelRows > 0 ? kPanelLabelH : 0)};
}

std::optional<Grid::CellPos> Grid::cellOf(std::uint64_t byte) const {
  if (byte < window0_ || byte >= window1_) return std::nullopt;
  const Shape& shape = *view_.shape;
  const std::int64_t rel = static_cast<std::int64_t>(byte) - static_cast<std::int64_t>(shape.originByte);
  const std::int64_t row = floorDiv(rel, static_cast<std::int64_t>(shape.rowBytes));
  const auto inRow = static_cast<std::uint64_t>(rel - row * static_cast<std::int64_t>(shape.rowBytes));
  const std::int64_t panel = shape.panelRows > 0 ? floorDiv(row, panelRows_) : 0;
  const std::int64_t rowInPanel = shape.panelRows > 0 ? row - panel * panelRows_ : row - row0_;
  if (panel < panel0_ || panel >= panel0_ + panelCount_) return std::nullopt;
  return CellPos{panel, rowInPanel / static_cast<std::int64_t>(rowsPerCell_), inRow / shape.elementBytes / perCell_};
}

std::optional<Point> Grid::locate(std::uint64_t byte) const {
  const auto cell = cellOf(byte);
  if (!cell) return std::nullopt;
  const Point o = panelOrigin(cell->panel);
  return Point{o.x + (static_cast<double>(cell->cellCol) + 0.5) * kCellW,
               o.y + (static_cast<double>(cell->cellRow) + 0.5) * kCellH};
}

void Grid::draw(std::ostringstream& svg, double x, double y) {
  x_ = x;
  y_ = y;
  const Shape& shape = *view_.shape;
  svg << "<g id=\"grid-" << view_.id << "\">\n";
  for (std::size_t i = 0; i < headingLines_.size(); ++i) {
    svg << "<text class=\"" << (headingLines_[i].second ? "h2" : "cap") << "\" x=\"" << fmt(x) << "\" y=\""
        << fmt(y + kHeadingLineH * static_cast<double>(i + 1)) << "\">" << xmlEscape(headingLines_[i].first) << "</text>\n";
  }
  const auto origin = static_cast<std::int64_t>(shape.originByte);
  const auto rowBytes = static_cast<std::int64_t>(shape.rowBytes);
  for (std::int64_t panel = panel0_; panel < panel0_ + panelCount_; ++panel) {
    const Point o = panelOrigin(panel);
    if (shape.panelRows > 0) {
      svg << "<text class=\"pl\" x=\"" << fmt(o.x) << "\" y=\"" << fmt(o.y - 3) << "\">" << shape.panelWord << " " << panel;
      if (shape.panelColumns > 0 && panel >= 0) {
        const auto n0 = static_cast<std::uint64_t>(panel) * shape.panelColumns;
        svg << ": n " << n0 << ".." << n0 + shape.panelColumns - 1;
      }
      svg << "</text>\n";
    }
    const std::int64_t firstRow = shape.panelRows > 0 ? panel * panelRows_ : row0_;
    for (std::int64_t cr = 0; cr < cellRowsPerPanel_; ++cr) {
      const std::int64_t r0 = firstRow + cr * static_cast<std::int64_t>(rowsPerCell_);
      const std::int64_t r1 = std::min(r0 + static_cast<std::int64_t>(rowsPerCell_), firstRow + panelRows_);
      for (std::uint64_t cc = 0; cc < cellsPerRow_; ++cc) {
        // The cell's bytes: elements [cc*perCell, (cc+1)*perCell) of rows [r0, r1), clipped to the window.
        std::array<std::uint64_t, kCatCount> counts{};
        bool highlighted = false, unspecified = false, anyByte = false;
        std::uint64_t firstByte = 0, firstEnd = 0, lastByte = 0, cellBytes = 0;
        std::int64_t cellFirstRow = 0, lastRow = 0;
        for (std::int64_t r = r0; r < r1; ++r) {
          const std::int64_t rowStart = origin + r * rowBytes;
          const std::int64_t b0 = rowStart + static_cast<std::int64_t>(cc * perCell_ * shape.elementBytes);
          const std::int64_t b1 = std::min(rowStart + rowBytes, b0 + static_cast<std::int64_t>(perCell_ * shape.elementBytes));
          const std::int64_t lo = std::max<std::int64_t>(b0, static_cast<std::int64_t>(window0_));
          const std::int64_t hi = std::min<std::int64_t>(b1, static_cast<std::int64_t>(window1_));
          if (lo >= hi) continue;
          const auto ulo = static_cast<std::uint64_t>(lo), uhi = static_cast<std::uint64_t>(hi);
          if (!anyByte) {
            firstByte = ulo;
            firstEnd = uhi;
            cellFirstRow = r;
          }
          lastRow = r;
          anyByte = true;
          lastByte = uhi;
          cellBytes += uhi - ulo;
          const auto it = std::lower_bound(view_.highlights.begin(), view_.highlights.end(), ulo);
          highlighted = highlighted || (it != view_.highlights.end() && *it < uhi);
          const std::uint64_t step = std::max<std::uint64_t>(1, (uhi - ulo) / kSamplePerCell);
          for (std::uint64_t b = ulo; b < uhi; b += step) {
            ++counts[static_cast<std::size_t>(view_.cat(b))];
            unspecified = unspecified || (view_.unspecified && view_.unspecified(b));
          }
        }
        if (!anyByte) continue;
        const auto best = static_cast<Cat>(std::max_element(counts.begin(), counts.end()) - counts.begin());
        const double cx = o.x + static_cast<double>(cc) * kCellW;
        const double cy = o.y + static_cast<double>(cr) * kCellH;
        const bool single = perCell_ == 1 && rowsPerCell_ == 1;
        std::string cls = style(best).cls;
        if (highlighted) cls = "mm";
        else if (view_.faded) cls = "eq";
        if (unspecified && !highlighted) cls += " u";
        svg << "<rect class=\"" << cls << "\" x=\"" << fmt(cx) << "\" y=\"" << fmt(cy) << "\" width=\"" << kCellW
            << "\" height=\"" << kCellH << "\" data-b0=\"" << firstByte << "\" data-b1=\"" << firstEnd << "\"";
        // Grouped rows: the cell holds [b0, b1) and the same span data-pitch, 2*data-pitch, ... further on.
        if (lastRow > cellFirstRow) svg << " data-pitch=\"" << shape.rowBytes << "\" data-rows=\"" << lastRow - cellFirstRow + 1 << "\"";
        svg << "><title>";
        if (single) {
          svg << xmlEscape(view_.title(firstByte));
        } else {
          svg << "bytes " << firstByte << ".." << lastByte << " (" << cellBytes << " B):";
          for (std::size_t k = 0; k < kCatCount; ++k) {
            if (counts[k] > 0) svg << " " << style(static_cast<Cat>(k)).label;
          }
          if (highlighted) svg << "; MISMATCH inside";
          svg << "; first: " << xmlEscape(view_.title(firstByte));
        }
        svg << "</title></rect>\n";
        std::string text = single ? view_.label(firstByte) : "";
        if (highlighted && view_.faded) text = "\xe2\x89\xa0";  // "≠"
        if (unspecified && text.empty()) text = "?";
        if (!text.empty()) {
          svg << "<text class=\"lb\" x=\"" << fmt(cx + kCellW / 2) << "\" y=\"" << fmt(cy + 12.5) << "\"";
          // Six characters fit a cell; the digits that tell expected from actual apart are squeezed in, not cut.
          if (text.size() > 6) svg << " textLength=\"" << fmt(kCellW - 2) << "\" lengthAdjust=\"spacingAndGlyphs\"";
          svg << ">" << xmlEscape(text) << "</text>\n";
        }
      }
    }
    // Block marks across rows and fractal marks down panels: thin and thick lines.
    const double ph = static_cast<double>(cellRowsPerPanel_) * kCellH;
    if (shape.markBytes > 0 && shape.markBytes < shape.rowBytes && perCell_ == 1) {
      for (std::uint64_t b = shape.markBytes; b < shape.rowBytes; b += shape.markBytes) {
        const double lx = o.x + static_cast<double>(b / shape.elementBytes) * kCellW;
        svg << "<line class=\"mk\" x1=\"" << fmt(lx) << "\" y1=\"" << fmt(o.y) << "\" x2=\"" << fmt(lx) << "\" y2=\""
            << fmt(o.y + ph) << "\"/>\n";
      }
    }
    if (shape.fractalRows > 0 && rowsPerCell_ == 1) {
      for (std::int64_t r = static_cast<std::int64_t>(shape.fractalRows); r < panelRows_;
           r += static_cast<std::int64_t>(shape.fractalRows)) {
        const double ly = o.y + static_cast<double>(r) * kCellH;
        svg << "<line class=\"fr\" x1=\"" << fmt(o.x) << "\" y1=\"" << fmt(ly) << "\" x2=\"" << fmt(o.x + panelW_)
            << "\" y2=\"" << fmt(ly) << "\"/>\n";
      }
    }
    svg << "<rect class=\"frame\" x=\"" << fmt(o.x) << "\" y=\"" << fmt(o.y) << "\" width=\"" << fmt(panelW_)
        << "\" height=\"" << fmt(ph) << "\"/>\n";
  }
  svg << "</g>\n";
}

}  // namespace dcconf::pictures::detail
