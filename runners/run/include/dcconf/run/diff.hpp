// Explains how an implementation's destination differs from the oracle's expectation: which clause, where
// (block / row / column, ND and NZ coordinates on layout paths), which region, expected vs actual as the dtype.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "dcconf/oracle/oracle.hpp"

namespace dcconf::run {

struct MismatchReport {
  std::uint64_t mismatchedBytes = 0;  // cared bytes that differ + the bytes of brokenClassElements
  std::uint64_t brokenClassElements = 0;  // AMB-16 (project): elements that must be a NaN of T and are not
  std::uint64_t firstByte = oracle::kNoMismatch;
  std::string clause;              // the clause the first mismatch breaks
  std::string summary;             // one line
  std::vector<std::string> lines;  // at most maxLines, one per mismatching element
};

// c must be valid and e its computed evaluation; actual is the destination the implementation produced.
MismatchReport describeMismatches(const oracle::Case& c, const oracle::Evaluation& e,
                                  std::span<const std::uint8_t> actual, std::size_t maxLines = 8);

// Where a destination byte sits, in the words of the case's path: "UB block 2, byte 45" or
// "matrix 0, ND row 3, column 17 (NZ column block 1, slot 1)".
std::string locateDestinationByte(const oracle::Case& c, std::uint64_t dstByte);

// The clause a wrong byte of this region breaks, for this case's operation.
std::string clauseForRegion(const oracle::Case& c, oracle::Region region, bool insideWriteSpan);

}  // namespace dcconf::run
