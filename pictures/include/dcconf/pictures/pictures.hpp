// Pictures of a case and of a failure (docs/pictures.md): the source and destination drawn as grids in their natural
// shape (GM rows at the copy's pitch, UB 32-byte blocks, ND rows x columns, NZ 16 x C0 fractals), every element
// coloured by the oracle's region, arrows from source to destination, the parameters with their units. Output is
// self-contained SVG / HTML (inline CSS, no script, no network), bounded in size whatever the buffers.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dcconf/casefile/casefile.hpp"
#include "dcconf/oracle/expectation.hpp"

namespace dcconf::pictures {

// The highlight of a mismatching byte; the browser test looks for exactly this colour.
inline constexpr const char* kMismatchColour = "#ff0080";

struct Explained {
  std::string svg;   // a standalone SVG document
  std::string html;  // explain.html: the SVG inline, the parameter table, the clauses, the legend
};
// Any case: a computed one is drawn with its regions; an invalid / unsupported / malformed one says why.
Explained explainCase(const casefile::CaseData& data);

struct FailureInput {
  std::string id;
  std::string title;     // "DataCopyPad GM->VECIN half, G-1 conformance"
  std::string status;    // FAIL / CRASH / TIMEOUT
  std::string clause;
  std::string message;
  std::vector<std::string> diff;  // the text diff lines
  std::string repro;
  // The destination the implementation produced; empty when it produced none (crash, timeout, refusal).
  std::vector<std::uint8_t> actual;
  // The truth to compare against when it is not the oracle's own (a vector's expected.bin / care.bin).
  std::optional<std::vector<std::uint8_t>> expected;
  std::optional<std::vector<std::uint8_t>> care;
};
// failures/ID.html: expected, actual and difference on the same grids, mismatching bytes highlighted.
std::string failurePage(const casefile::CaseData& data, const FailureInput& failure);

// A sparse case's destination (a buffer of up to 2^41 bytes): only the windows around its footprint exist.
struct SparseDestination {
  std::vector<oracle::ByteRange> windows;  // sorted, disjoint, buffer coordinates
  std::vector<oracle::ByteRange> writes;   // the footprint's writes
  oracle::Expectation expectation;         // over the windows, back to back
  std::vector<std::uint8_t> actual;        // the windows' bytes after the run, back to back; empty when none
  std::optional<std::uint64_t> strayByte;  // a byte written outside every window (G-1)
  std::uint8_t strayValue = 0;
};
// failures/ID.html of a sparse case: the window with the first mismatch drawn as expected, actual and difference,
// every window's mismatch count, the first mismatching bytes and a stray write, with the case's parameters.
std::string sparseFailurePage(const oracle::Case& c, const FailureInput& failure, const SparseDestination& dst);

// report.html from report.json's text (dcconf.report/1): per-unit table, failures linked to failurePages (paths
// relative to the report, "failures/ID.html"), coverage when the report has it, the unspecified-bytes tally.
std::string reportPage(const std::string& reportJsonText, const std::vector<std::string>& failurePages);

}  // namespace dcconf::pictures
