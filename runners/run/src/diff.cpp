#include "dcconf/run/diff.hpp"

#include <algorithm>

#include "dcconf/oracle/numeric.hpp"

namespace dcconf::run {
namespace {

using oracle::Operation;
using oracle::Region;

constexpr std::uint64_t kSearchCap = 1u << 22;  // brute-force inverse layouts only this far

Operation operationOf(const oracle::Case& c) { return *oracle::resolveOperation(c).operation; }

std::string blockAndByte(const char* side, std::uint64_t rel, std::uint64_t pitchBytes) {
  if (pitchBytes == 0) return "byte " + std::to_string(rel);
  return std::string(side) + " block " + std::to_string(rel / pitchBytes) + ", byte " + std::to_string(rel % pitchBytes);
}

// ND2NZ-2 inverse by search: which (matrix, row, column) lands on destination element e.
std::string locateNd2Nz(const oracle::Nd2NzParams& p, std::uint64_t elementBytes, std::uint64_t e) {
  const std::uint64_t C0 = oracle::kDataBlockBytes / elementBytes;
  const std::uint64_t columnBlocks = oracle::alignUp(p.dValue, C0) / C0;
  std::uint64_t budget = kSearchCap;
  for (std::uint64_t i = 0; i < p.ndNum && budget > 0; ++i) {
    for (std::uint64_t r = 0; r < p.nValue && budget > 0; ++r) {
      for (std::uint64_t cb = 0; cb < columnBlocks && budget > 0; ++cb, --budget) {
        const std::uint64_t rowStart = i * p.dstNzMatrixStride + cb * p.dstNzC0Stride * C0 + r * p.dstNzNStride * C0;
        if (e >= rowStart && e < rowStart + C0) {
          const std::uint64_t column = cb * C0 + (e - rowStart);
          return "matrix " + std::to_string(i) + ", ND row " + std::to_string(r) + ", column " +
                 std::to_string(column) + " (NZ column block " + std::to_string(cb) + ", slot " +
                 std::to_string(e - rowStart) + (column >= p.dValue ? ", d tail)" : ")");
        }
      }
    }
  }
  return "NZ element " + std::to_string(e) + " (no ND source: outside the written fractals)";
}

// NZ2ND-2 inverse by search.
std::string locateNz2Nd(const oracle::Nz2NdParamsFull& p, std::uint64_t e) {
  std::uint64_t budget = kSearchCap;
  for (std::uint64_t i = 0; i < p.ndNum && budget > 0; ++i) {
    for (std::uint64_t r = 0; r < p.nValue && budget > 0; ++r, --budget) {
      const std::uint64_t rowStart = i * p.dstNdMatrixStride + r * p.dstDStride;
      if (e >= rowStart && e < rowStart + p.dValue) {
        const std::uint64_t column = e - rowStart;
        return "matrix " + std::to_string(i) + ", ND row " + std::to_string(r) + ", column " + std::to_string(column) +
               " (NZ column block " + std::to_string(column / 16) + ", slot " + std::to_string(column % 16) + ")";
      }
    }
  }
  return "ND element " + std::to_string(e) + " (outside every written row)";
}

}  // namespace

std::string locateDestinationByte(const oracle::Case& c, std::uint64_t dstByte) {
  if (dstByte < c.dst.offsetBytes) return "guard before the destination start (byte " + std::to_string(dstByte) + ")";
  const std::uint64_t rel = dstByte - c.dst.offsetBytes;
  const std::uint64_t s = oracle::sizeBytes(c.dtype);
  switch (operationOf(c)) {
    case Operation::padGmToUb: {
      const auto blocks = std::visit(
          [](const auto& p) -> std::pair<std::uint64_t, std::uint64_t> {
            if constexpr (requires { p.blockLen; p.srcStride; }) return {p.blockLen, p.dstStride};
            return {0, 0};
          },
          c.params);
      const auto [left, right] = std::visit(
          [](const auto& p) -> std::pair<std::uint64_t, std::uint64_t> {
            if constexpr (requires { p.leftPadding; }) return {p.leftPadding, p.rightPadding};
            return {0, 0};
          },
          c.padParams);
      const std::uint64_t ubBlockBytes = oracle::alignUp((left + right) * s + blocks.first, oracle::kDataBlockBytes);
      return blockAndByte("UB", rel, ubBlockBytes + oracle::kDataBlockBytes * blocks.second);
    }
    case Operation::padCompactGmToUb: {  // PAD-CMP-2: packed at pitch blockLen (the header's reading)
      const auto [count, len] = std::visit(  // either struct spelling (PAD-CMP-1 rev.): blockLen in bytes
          [](const auto& p) -> std::pair<std::uint64_t, std::uint64_t> {
            if constexpr (requires { p.blockLen; p.srcStride; }) return {p.blockCount, p.blockLen};
            return {0, 0};
          },
          c.params);
      if (rel >= count * len) return "tail byte " + std::to_string(rel) + " (PAD-CMP-3)";
      return blockAndByte("UB", rel, std::max<std::uint64_t>(len, 1));
    }
    case Operation::padCompactUbToGm:  // PAD-CMP-4
    case Operation::padUbToGm: {
      const auto pitch = std::visit(
          [](const auto& p) -> std::uint64_t {
            if constexpr (requires { p.blockLen; p.srcStride; }) return std::uint64_t{p.blockLen} + p.dstStride;
            return 0;
          },
          c.params);
      return blockAndByte("GM", rel, pitch);
    }
    case Operation::copy0Level: {
      const auto& p = std::get<oracle::DataCopyParams>(c.params);
      return blockAndByte("dst", rel, oracle::kDataBlockBytes * (std::uint64_t{p.blockLen} + p.dstStride));
    }
    case Operation::copy2Level:
      return "byte " + std::to_string(rel) + " (block " + std::to_string(rel / oracle::kDataBlockBytes) + ")";
    case Operation::nd2nzGmToUb:  // ND2NZUB-3: ND2NZ-2's placement where the rows are 32 bytes (not AMB-34's float)
      if (oracle::nd2nzGmToUbC0(c) * s != oracle::kDataBlockBytes) break;
      return locateNd2Nz(std::get<oracle::Nd2NzParams>(c.params), s, rel / s) + ", byte " + std::to_string(rel % s);
    case Operation::broadcastUbToL0c: {  // BRC-3: which fractal, which of its 16 rows, which column
      const std::uint64_t element = rel / s;
      return "fractal " + std::to_string(element / 256) + ", row " + std::to_string(element % 256 / 16) + ", column " +
             std::to_string(element % 16) + ", byte " + std::to_string(rel % s);
    }
    case Operation::nd2nz:
      return locateNd2Nz(std::get<oracle::Nd2NzParams>(c.params), s, rel / s) + ", byte " + std::to_string(rel % s);
    case Operation::padUbToTscm:
      return locateNd2Nz(*c.nd2nzParams, s, rel / s) + ", byte " + std::to_string(rel % s);
    case Operation::nz2nd:
      return locateNz2Nd(std::get<oracle::Nz2NdParamsFull>(c.params), rel / s) + ", byte " + std::to_string(rel % s);
    case Operation::enhancedNormal: {
      const auto& p = std::get<oracle::DataCopyParams>(c.params);
      return blockAndByte("dst", rel, oracle::kDataBlockBytes * (std::uint64_t{p.blockLen} + p.dstStride));
    }
    case Operation::slice:
    case Operation::dn2nz:
    case Operation::enhancedCo1ToCo2:
    case Operation::fixpipe:
    case Operation::fixpipe950:
    case Operation::nddma:
      break;  // no inverse layout worth searching: the byte and its region say enough
  }
  return "byte " + std::to_string(rel);
}

std::string clauseForRegion(const oracle::Case& c, Region region, bool insideWriteSpan) {
  if (region == Region::keep) return insideWriteSpan ? "G-1 (gap)" : "G-1 (guard)";
  return oracle::definingClause(c, operationOf(c), region);
}

MismatchReport describeMismatches(const oracle::Case& c, const oracle::Evaluation& e,
                                  std::span<const std::uint8_t> actual, std::size_t maxLines) {
  MismatchReport report;
  const auto& x = e.expectation;
  const std::uint64_t n = std::min<std::uint64_t>(x.expected.size(), actual.size());
  const std::uint64_t s = oracle::sizeBytes(c.dtype);
  const std::uint64_t spanBegin = e.footprint.writes.empty() ? 0 : e.footprint.writes.front().begin;
  const std::uint64_t spanEnd = e.footprint.writes.empty() ? 0 : e.footprint.writes.back().end;
  std::uint64_t lastElementShown = oracle::kNoMismatch;
  for (std::uint64_t i = 0; i < n; ++i) {
    if (x.care[i] == 0 || x.expected[i] == actual[i]) continue;
    ++report.mismatchedBytes;
    const bool inSpan = i >= spanBegin && i < spanEnd;
    if (report.firstByte == oracle::kNoMismatch) {
      report.firstByte = i;
      report.clause = clauseForRegion(c, x.region[i], inSpan);
    }
    // One line per element: align to the element grid from the destination start.
    const std::uint64_t elementStart = i < c.dst.offsetBytes ? i : i - (i - c.dst.offsetBytes) % s;
    if (elementStart == lastElementShown || report.lines.size() >= maxLines) continue;
    lastElementShown = elementStart;
    const std::uint64_t width = std::min<std::uint64_t>(s, n - elementStart);
    const auto expectedBits = oracle::loadElementBits(x.expected, elementStart, static_cast<std::uint32_t>(width));
    const auto actualBits = oracle::loadElementBits(actual, elementStart, static_cast<std::uint32_t>(width));
    std::string regionName(oracle::name(x.region[i]));
    if (x.region[i] == Region::keep) regionName = inSpan ? "gap" : "guard";
    report.lines.push_back("byte " + std::to_string(i) + " [" + regionName + "] " + locateDestinationByte(c, i) +
                           ": expected " + oracle::formatElement(c.dtype, expectedBits) + ", got " +
                           oracle::formatElement(c.dtype, actualBits) + "  (" + clauseForRegion(c, x.region[i], inSpan) +
                           ")");
  }
  const std::uint64_t caredBytes = report.mismatchedBytes;
  // AMB-16 (project): an element whose payload is open must still be a NaN of its type.
  for (const oracle::ClassConstraint& k : x.classes) {
    const std::uint64_t size = oracle::sizeBytes(k.dtype);
    const auto element = actual.subspan(std::min<std::uint64_t>(k.index, actual.size()));
    if (k.index + size <= actual.size() && oracle::holdsClass(k, element.first(size))) continue;
    ++report.brokenClassElements;
    report.mismatchedBytes += size;
    const std::string clause = clauseForRegion(c, Region::data, true) + ", AMB-16";
    if (k.index < report.firstByte) {
      report.firstByte = k.index;
      report.clause = clause;
    }
    if (report.lines.size() >= maxLines) continue;
    report.lines.push_back("byte " + std::to_string(k.index) + " [data] " + locateDestinationByte(c, k.index) + ": " +
                           oracle::describeViolation(k, element.first(std::min<std::uint64_t>(size, element.size()))) +
                           "  (" + clause + ")");
  }
  if (report.brokenClassElements > 0) {
    report.summary = std::to_string(caredBytes) + " cared byte(s) differ and " +
                     std::to_string(report.brokenClassElements) + " element(s) are not of their class (AMB-16); first at byte " +
                     std::to_string(report.firstByte) + " [" + report.clause + "]";
  } else if (report.mismatchedBytes > 0) {
    report.summary = std::to_string(report.mismatchedBytes) + " cared byte(s) differ; first at byte " +
                     std::to_string(report.firstByte) + " [" + report.clause + "]";
  }
  return report;
}

}  // namespace dcconf::run
