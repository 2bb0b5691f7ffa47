// Internal: one buffer drawn as a grid of cells in its shape, at a bounded number of cells.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "shapes.hpp"

namespace dcconf::pictures::detail {

inline constexpr double kCellW = 34;
inline constexpr double kCellH = 18;

struct BufferView {
  std::string id;       // SVG id prefix: "src", "dst", "exp", "act", "diff"
  std::string heading;  // "expected", ...
  const Shape* shape = nullptr;
  std::uint64_t size = 0;
  std::uint64_t interestingBegin = 0, interestingEnd = 0;  // the footprint; the window adds a little around it
  std::function<Cat(std::uint64_t)> cat;
  std::function<bool(std::uint64_t)> unspecified;        // ANY bytes: drawn dashed, "?"
  std::vector<std::uint64_t> highlights;                 // sorted bytes drawn in the mismatch colour
  std::function<std::string(std::uint64_t)> label;       // element starting at byte -> short text ("" none)
  std::function<std::string(std::uint64_t)> title;       // element starting at byte -> hover text
  bool faded = false;                                    // the difference grid: equal cells pale
  std::optional<std::uint64_t> focus;                    // a byte that must be drawn (the first mismatch)
};

struct Point {
  double x = 0, y = 0;
};

class Grid {
 public:
  Grid(BufferView view, double maxWidth);
  double width() const { return width_; }
  double height() const { return height_; }
  void draw(std::ostringstream& svg, double x, double y);  // remembers where it was drawn
  std::optional<Point> locate(std::uint64_t byte) const;   // centre of the cell holding byte (after draw)
  const std::string& grouping() const { return grouping_; }

 private:
  struct CellPos {
    std::int64_t panel;
    std::int64_t cellRow;
    std::uint64_t cellCol;
  };
  std::optional<CellPos> cellOf(std::uint64_t byte) const;
  Point panelOrigin(std::int64_t panelIndex) const;

  BufferView view_;
  std::uint64_t window0_ = 0, window1_ = 0;  // bytes drawn
  std::int64_t row0_ = 0, row1_ = 0;         // rows drawn, relative to the origin, inclusive
  std::int64_t panelRows_ = 0;               // rows per panel
  std::int64_t panel0_ = 0, panelCount_ = 1;
  std::uint64_t perCell_ = 1;      // elements per cell across
  std::uint64_t rowsPerCell_ = 1;  // rows per cell down
  std::uint64_t cellsPerRow_ = 1, elementsPerRow_ = 1;
  std::int64_t cellRowsPerPanel_ = 1;
  std::int64_t panelsPerLine_ = 1;
  double panelW_ = 0, panelH_ = 0;
  double width_ = 0, height_ = 0;
  double x_ = 0, y_ = 0;
  std::string grouping_;
  std::vector<std::pair<std::string, bool>> headingLines_;  // wrapped; true: the heading's own (bold) lines
  double headingH_ = 0;
};

}  // namespace dcconf::pictures::detail
