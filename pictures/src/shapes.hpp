// Internal: the natural shape of a case's source and destination, the per-byte categories a picture colours, and the
// source -> destination map the arrows follow.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "dcconf/casefile/casefile.hpp"
#include "dcconf/casefile/text.hpp"
#include "dcconf/oracle/oracle.hpp"

namespace dcconf::pictures::detail {

// What a drawn byte is. Destination: from the oracle's region and care mask; source: read, stride gap, not read.
enum class Cat : std::uint8_t { data, leftPad, rightPad, dummy, zeroTail, collision, any, keep, gap, guard, notRead };
inline constexpr std::size_t kCatCount = 11;
struct CatStyle {
  const char* cls;    // CSS class
  const char* label;  // legend
  const char* fill;
  const char* meaning;  // one line for the legend
};
const CatStyle& style(Cat cat);

// How a buffer is laid out on the page: rows of rowBytes starting at originByte (rows before it are drawn too),
// rows grouped into panels of panelRows side by side (NZ column blocks), a thin mark every markBytes in a row
// (32-byte blocks) and a thick one every fractalRows rows (16-row fractals).
struct Shape {
  std::string name;     // "GM (source)"
  std::string caption;  // "rows at the copy's pitch: 96 B = blockLen 40 B + srcStride 56 B"
  std::uint64_t originByte = 0;
  std::uint64_t rowBytes = 32;
  std::uint64_t panelRows = 0;  // 0: one panel
  std::string panelWord = "column block";
  std::uint64_t panelColumns = 0;  // > 0: panel k holds the matrix columns n [k * panelColumns, (k + 1) * panelColumns)
  std::uint64_t markBytes = 0;
  std::uint64_t fractalRows = 0;
  std::uint32_t elementBytes = 1;
};

struct Shapes {
  Shape src;
  Shape dst;
  std::string note;  // why there are no arrows, when there are none
};
Shapes shapesOf(const oracle::Case& c, oracle::Operation op);

// The short cell label of a source element (its index, or "row,col" of an ND / NZ / DN source) and a longer title.
std::string sourceLabel(const oracle::Case& c, oracle::Operation op, std::uint64_t srcByte, bool longForm);

// Every destination byte that holds a source byte verbatim -> the source byte (or -1), found by evaluating the case
// on a few probe sources; empty when the values are converted (FIX, ENH deqScale) or the source is too big.
// Held for the destination bytes between the first and the last data byte only (a 16 MiB destination of a small
// copy took 128 MB of map), 4 bytes an entry.
struct ProbeMap {
  std::uint64_t begin = 0;         // the first destination byte the map holds
  std::vector<std::int32_t> from;  // source byte of destination byte begin + i, or -1
  bool empty() const { return from.empty(); }
  std::uint64_t end() const { return begin + from.size(); }
  std::int64_t operator[](std::uint64_t dstByte) const {
    return dstByte < begin || dstByte >= end() ? -1 : from[dstByte - begin];
  }
};
ProbeMap probeMap(const casefile::CaseData& data, const oracle::Expectation& base);
// (source byte, destination byte) pairs for the arrows, by the formula where probing cannot see the move (FIX).
std::vector<std::pair<std::uint64_t, std::uint64_t>> formulaArrows(const oracle::Case& c, oracle::Operation op);

// Parameters as (field, value, unit) rows; the clauses that apply to the operation as (id, what) rows.
struct ParamRow {
  std::string field, value, unit;
};
std::vector<ParamRow> parameterRows(const casefile::CaseData& data, oracle::Operation op);
std::vector<std::pair<std::string, std::string>> clausesOf(oracle::Operation op);

using casefile::xmlEscape;  // XML text and attribute escaping (casefile/text.hpp)

}  // namespace dcconf::pictures::detail
