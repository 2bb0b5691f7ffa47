// The natural shape of each operation's buffers (SEMANTICS sections 1-10), the probe map and the parameter table.
#include "shapes.hpp"
#include "dcconf/casefile/text.hpp"

#include <algorithm>
#include <map>
#include <variant>

#include <nlohmann/json.hpp>

namespace dcconf::pictures::detail {

using oracle::Operation;

namespace {

constexpr std::uint64_t kProbeCapBytes = 1u << 24;  // three probe planes number every source byte up to here
constexpr std::uint64_t kMaxPanelRows = 4096;

struct Burst {
  std::uint64_t blockCount = 0, blockLen = 0, srcStride = 0, dstStride = 0;
};
Burst burstOf(const oracle::CopyParams& params) {
  if (const auto* p = std::get_if<oracle::DataCopyParams>(&params)) {
    return {p->blockCount, p->blockLen, p->srcStride, p->dstStride};
  }
  if (const auto* p = std::get_if<oracle::DataCopyExtParams>(&params)) {
    return {p->blockCount, p->blockLen, p->srcStride, p->dstStride};
  }
  return {};
}
std::uint64_t padElements(const oracle::PadParams& pad) {
  if (const auto* p = std::get_if<oracle::DataCopyPadParams>(&pad)) return std::uint64_t{p->leftPadding} + p->rightPadding;
  if (const auto* p = std::get_if<oracle::DataCopyPadExtParams>(&pad)) {
    return std::uint64_t{p->leftPadding} + p->rightPadding;
  }
  return 0;
}

std::string str(std::uint64_t v) { return std::to_string(v); }

// An NZ destination of 32-byte rows whose column blocks are c0StrideRows apart: one panel per column block.
Shape nzShape(std::string name, std::uint64_t origin, std::uint64_t rowBytes, std::uint64_t c0StrideRows,
              std::uint32_t elementBytes, const std::string& why) {
  Shape s;
  s.name = std::move(name);
  s.originByte = origin;
  s.rowBytes = std::max<std::uint64_t>(rowBytes, 1);
  s.panelRows = std::clamp<std::uint64_t>(c0StrideRows, 1, kMaxPanelRows);
  s.fractalRows = 16;
  s.elementBytes = elementBytes;
  s.caption = "NZ: rows of C0 = " + str(s.rowBytes / std::max<std::uint32_t>(elementBytes, 1)) + " elements (" +
              str(s.rowBytes) + " B), one panel per column block (" + why + " = " + str(s.panelRows) +
              " rows apart), a thick line every 16 rows (one fractal)";
  return s;
}

Shape rowShape(std::string name, std::uint64_t origin, std::uint64_t rowBytes, std::uint32_t elementBytes,
               std::string caption, std::uint64_t markBytes = 0) {
  Shape s;
  s.name = std::move(name);
  s.originByte = origin;
  s.rowBytes = std::max<std::uint64_t>(rowBytes, 1);
  s.elementBytes = elementBytes;
  s.caption = std::move(caption);
  s.markBytes = markBytes;
  return s;
}

// A UB (or L1) buffer: one 32-byte block per row, one panel per burst (the pitch in blocks).
Shape ubShape(std::string name, std::uint64_t origin, std::uint64_t pitchBytes, std::uint32_t elementBytes,
              const std::string& why) {
  Shape s;
  s.name = std::move(name);
  s.originByte = origin;
  s.rowBytes = 32;
  s.panelRows = std::clamp<std::uint64_t>(pitchBytes / 32, 1, kMaxPanelRows);
  s.panelWord = "burst";
  s.elementBytes = elementBytes;
  s.caption = "32-byte blocks, one per row; one panel per burst: pitch " + str(pitchBytes) + " B = " + why;
  return s;
}

// GM rows at the pitch, or, on a local position, 32-byte blocks in one panel per burst.
Shape sideShape(oracle::Position p, std::string name, std::uint64_t origin, std::uint64_t pitchBytes,
                std::uint32_t elementBytes, const std::string& why) {
  if (oracle::isLocal(p) && pitchBytes % 32 == 0) return ubShape(std::move(name), origin, pitchBytes, elementBytes, why);
  return rowShape(std::move(name), origin, pitchBytes, elementBytes, "GM rows at the copy's pitch: " + str(pitchBytes) + " B = " + why);
}

// An L0C (CO1) source of the quantising copies: 16x16 fractals of the accumulator type, one row per m, one panel
// per 16 channels n (FIX-1, ENH-1); the grid says which m and n a cell holds.
Shape l0cShape(std::string name, std::uint64_t origin, std::uint64_t c0StrideRows, oracle::DType accumulator,
               const std::string& why) {
  const std::uint32_t u = oracle::sizeBytes(accumulator);
  Shape s = nzShape(std::move(name), origin, 16 * u, c0StrideRows, u, why);
  s.panelColumns = 16;
  s.caption = "L0C NZ of " + std::string(oracle::name(accumulator)) + ": a row is one m, 16 channels n (" + str(16 * u) +
              " B); panel k holds n 16k..16k+15, " + why + " = " + str(s.panelRows) +
              " rows apart; a thick line every 16 rows (one 16x16 fractal)";
  return s;
}

std::string pos(oracle::Position p, const char* side) { return std::string(oracle::name(p)) + " (" + side + ")"; }

}  // namespace

Shapes shapesOf(const oracle::Case& c, Operation op) {
  const std::uint32_t s = oracle::sizeBytes(c.dtype);
  const std::string srcName = pos(c.srcPos, "source");
  const std::string dstName = pos(c.dstPos, "destination");
  const std::uint64_t so = c.src.offsetBytes;
  const std::uint64_t dso = c.dst.offsetBytes;
  const Burst b = burstOf(c.params);
  Shapes out;
  switch (op) {
    case Operation::padGmToUb: {
      const std::uint64_t w = oracle::alignUp(padElements(c.padParams) * s + b.blockLen, 32);
      out.src = sideShape(c.srcPos, srcName, so, b.blockLen + b.srcStride, s,
                          "blockLen " + str(b.blockLen) + " B + srcStride " + str(b.srcStride) + " B (PAD-G2U-2)");
      out.dst = sideShape(c.dstPos, dstName, dso, w + 32 * b.dstStride, s,
                          "W = AlignUp(pads + blockLen, 32) = " + str(w) + " B + dstStride " + str(b.dstStride) +
                              " x 32 B (PAD-G2U-2)");
      break;
    }
    case Operation::padCompactGmToUb:  // PAD-CMP-2: packed at pitch blockLen (the header's reading of AMB-22)
      out.src = sideShape(c.srcPos, srcName, so, b.blockLen + b.srcStride, s,
                          "blockLen " + str(b.blockLen) + " B + srcStride " + str(b.srcStride) + " B (PAD-CMP-2)");
      out.dst = rowShape(dstName, dso, b.blockLen, s, "UB blocks packed at pitch blockLen " + str(b.blockLen) +
                                                          " B, tail to 32 B (PAD-CMP-2, PAD-CMP-3)");
      break;
    case Operation::padCompactUbToGm:  // PAD-CMP-4
      out.src = rowShape(srcName, so, b.blockLen, s, "UB blocks packed at pitch blockLen " + str(b.blockLen) + " B (PAD-CMP-4)");
      out.dst = sideShape(c.dstPos, dstName, dso, b.blockLen + b.dstStride, s,
                          "blockLen " + str(b.blockLen) + " B + dstStride " + str(b.dstStride) + " B (PAD-CMP-4)");
      break;
    case Operation::padUbToGm:
    case Operation::padUbToTscm: {
      const std::uint64_t pitch = oracle::alignUp(b.blockLen, 32) + 32 * b.srcStride;
      out.src = sideShape(c.srcPos, srcName, so, pitch, s,
                          "AlignUp(blockLen " + str(b.blockLen) + " B, 32) + srcStride " + str(b.srcStride) +
                              " x 32 B (PAD-U2G-2)");
      if (op == Operation::padUbToGm) {
        out.dst = sideShape(c.dstPos, dstName, dso, b.blockLen + b.dstStride, s,
                            "blockLen " + str(b.blockLen) + " B + dstStride " + str(b.dstStride) + " B (PAD-U2G-2)");
      } else {
        const auto nd = c.nd2nzParams.value_or(oracle::Nd2NzParams{});
        out.dst = nzShape(dstName, dso, 32, nd.dstNzC0Stride, s, "dstNzC0Stride");
      }
      break;
    }
    case Operation::copy0Level:
    case Operation::enhancedNormal:
      out.src = sideShape(c.srcPos, srcName, so, 32 * (b.blockLen + b.srcStride), s,
                          "(blockLen " + str(b.blockLen) + " + srcStride " + str(b.srcStride) + ") x 32 B (DC-2)");
      out.dst = sideShape(c.dstPos, dstName, dso, 32 * (b.blockLen + b.dstStride), s,
                          "(blockLen " + str(b.blockLen) + " + dstStride " + str(b.dstStride) + ") x 32 B (DC-2)");
      break;
    case Operation::copy2Level:
      out.src = rowShape(srcName, so, 32, s, "one 32-byte data block per row (DC-3)");
      out.dst = rowShape(dstName, dso, 32, s, "one 32-byte data block per row (DC-3)");
      break;
    case Operation::nd2nz: {
      const auto& p = std::get<oracle::Nd2NzParams>(c.params);
      out.src = rowShape(srcName, so, std::uint64_t{p.srcDValue} * s, s,
                         "ND: one row per matrix row, srcDValue = " + str(p.srcDValue) + " elements (ND2NZ-2)");
      out.dst = nzShape(dstName, dso, 32, p.dstNzC0Stride, s, "dstNzC0Stride");
      break;
    }
    case Operation::nd2nzGmToUb: {  // ND2NZUB-3: A2/A3 float rows are 64 bytes (AMB-34), the others 32
      const auto& p = std::get<oracle::Nd2NzParams>(c.params);
      out.src = rowShape(srcName, so, std::uint64_t{p.srcDValue} * s, s,
                         "ND: one row per matrix row, srcDValue = " + str(p.srcDValue) + " elements (ND2NZUB-3)");
      out.dst = nzShape(dstName, dso, oracle::nd2nzGmToUbC0(c) * s, p.dstNzC0Stride, s, "dstNzC0Stride");
      break;
    }
    case Operation::broadcastUbToL0c: {  // BRC-3: one 16-element row per fractal; each fractal 16 copies of it
      const auto& p = std::get<oracle::BroadCastVecToMMParams>(c.params);
      out.src = ubShape(srcName, so, std::uint64_t{p.blockLen} * 16 * s + 32 * std::uint64_t{p.srcGap}, s,
                        "blockLen " + str(p.blockLen) + " x 16 elements + srcGap " + str(p.srcGap) + " x 32 B (BRC-3)");
      out.dst = rowShape(dstName, dso, 16 * s, s,
                         "L0C fractals of 16 x 16 elements, a thick line every 16 rows; every row of fractal j of a "
                         "block is source row j (BRC-3)");
      out.dst.fractalRows = 16;
      break;
    }
    case Operation::nz2nd: {
      const auto& p = std::get<oracle::Nz2NdParamsFull>(c.params);
      out.src = nzShape(srcName, so, 16 * s, p.srcNStride == 0 ? 16 : p.srcNStride, s, "srcNStride");
      out.dst = rowShape(dstName, dso, std::uint64_t{p.dstDStride} * s, s,
                         "ND: one row per matrix row, dstDStride = " + str(p.dstDStride) + " elements (NZ2ND-2)");
      break;
    }
    case Operation::dn2nz: {
      const auto& p = std::get<oracle::Dn2NzParams>(c.params);
      const std::uint64_t c0Bytes = p.enableSmallC0 ? 4 * s : 32;
      out.src = rowShape(srcName, so, oracle::satMul(std::min<std::uint64_t>(p.srcDValue, 1u << 20), s), s,
                         "DN: one row per column d, srcDValue = " + str(p.srcDValue) +
                             " elements, n contiguous (DN2NZ-1)");
      out.dst = nzShape(dstName, dso, c0Bytes, p.dstNzC0Stride, s, "dstNzC0Stride");
      break;
    }
    case Operation::slice: {
      const auto& p = std::get<oracle::SliceParams>(c.params);
      out.src = rowShape(srcName, so, std::uint64_t{std::max<std::uint32_t>(p.srcShape[0], 1)} * s, s,
                         "rows of dimension 0: srcShape[0] = " + str(p.srcShape[0]) + " elements (SLICE-1)");
      out.dst = rowShape(dstName, dso, std::uint64_t{std::max<std::uint32_t>(p.dstShape[0], 1)} * s, s,
                         "rows of dimension 0: dstShape[0] = " + str(p.dstShape[0]) + " elements (SLICE-1)");
      break;
    }
    case Operation::enhancedCo1ToCo2: {
      const auto srcType = c.enhancedParams && c.enhancedParams->srcDType ? *c.enhancedParams->srcDType : c.dtype;
      out.src = l0cShape(srcName, so, 16, srcType, "fractals");
      out.dst = rowShape(dstName, dso, 32, s, "UB: one 32-byte block per row (ENH-1)");
      out.note = "no arrows: the values are converted (ENH-2), so the move cannot be traced by value";
      break;
    }
    case Operation::fixpipe: {
      const auto& p = std::get<oracle::DataCopyCO12DstParams>(c.params);
      out.src = l0cShape(srcName, so, p.srcStride == 0 ? 16 : p.srcStride,
                         c.fixpipe ? c.fixpipe->srcDType : oracle::DType::int32_t, "srcStride");
      if (p.nz2ndEn) {
        out.dst = rowShape(dstName, dso, std::uint64_t{std::max<std::uint32_t>(p.dstStride, 1)} * s, s,
                           "ND: one row per m, dstStride = " + str(p.dstStride) + " elements (FIX-2)");
      } else {
        const std::uint64_t c0d = s == 1 ? 32 : (p.channelSplit && s == 4 ? 8 : 16);
        const std::uint64_t rowBytes = c0d * s;
        out.dst = nzShape(dstName, dso, rowBytes, std::max<std::uint64_t>(32 * std::uint64_t{p.dstStride} / rowBytes, 1),
                          s, "32 x dstStride B");
      }
      break;
    }
    case Operation::nddma: {  // NDDMA-3: rows of dimension 1 (or of dimension 0 alone) on each side
      const auto& p = std::get<oracle::NdDmaParams>(c.params);
      const bool twoD = p.dim > 1;
      const std::uint64_t srcRow = twoD ? std::max<std::uint64_t>(p.loopSrcStride[1], 1) : std::max<std::uint64_t>(p.loopSize[0], 1);
      const std::uint64_t dstRow = twoD ? std::max<std::uint64_t>(p.loopDstStride[1], 1)
                                        : std::uint64_t{p.loopLpSize[0]} + p.loopSize[0] + p.loopRpSize[0];
      out.src = rowShape(srcName, so, srcRow * s, s, "loopSrcStride[1] = " + str(srcRow) + " elements (NDDMA-3)");
      out.dst = rowShape(dstName, dso, dstRow * s, s, "loopDstStride[1] = " + str(dstRow) + " elements, pads included (NDDMA-3)");
      break;
    }
    case Operation::fixpipe950: {  // FIX950-2/3/4: dstStride counts elements whatever the layout
      const auto& p = std::get<oracle::DataCopyCO12DstParams>(c.params);
      const auto layout = c.fixpipe && c.fixpipe->layout ? *c.fixpipe->layout : oracle::Co2Layout::NZ;
      out.src = l0cShape(srcName, so, p.srcStride == 0 ? 16 : p.srcStride,
                         c.fixpipe ? c.fixpipe->srcDType : oracle::DType::int32_t, "srcStride");
      const std::uint64_t rowBytes = std::uint64_t{std::max<std::uint32_t>(p.dstStride, 1)} * s;
      // FIX950-9: a dual-destination buffer is two UBs end to end; the picture's rows run on across the seam
      const std::string dual = !oracle::isDualDestination(c) ? ""
                               : std::string("; dualDstCtl ") + (c.fixpipe->dualDstCtl == 1 ? "1 (M split)" : "2 (N split)") +
                                     ": sub-block 1's UB from byte " + str(c.dst.sizeBytes / 2) + " (FIX950-9)";
      if (layout == oracle::Co2Layout::ROW_MAJOR) {
        out.dst = rowShape(dstName, dso, rowBytes, s,
                           "ND: one row per m, dstStride = " + str(p.dstStride) + " elements (FIX950-3)" + dual);
      } else if (layout == oracle::Co2Layout::COLUMN_MAJOR) {
        out.dst = rowShape(dstName, dso, rowBytes, s,
                           "DN: one row per n (the transpose), dstStride = " + str(p.dstStride) + " elements (FIX950-4)");
      } else {
        const std::uint64_t c0d = s == 1 ? 32 : (p.channelSplit && s == 4 ? 8 : 16);
        out.dst = nzShape(dstName, dso, c0d * s, std::max<std::uint64_t>(std::uint64_t{p.dstStride} / c0d, 1), s,
                          "dstStride elements" + dual);
      }
      break;
    }
  }
  return out;
}

std::string sourceLabel(const oracle::Case& c, Operation op, std::uint64_t srcByte, bool longForm) {
  const std::uint32_t s = oracle::sizeBytes(c.dtype);
  if (srcByte < c.src.offsetBytes) return longForm ? "before the copy's start" : "";
  const std::uint64_t e = (srcByte - c.src.offsetBytes) / s;
  auto coord = [&](std::uint64_t matrix, std::uint64_t row, std::uint64_t col) {
    if (!longForm) return str(row) + "," + str(col);
    return "element " + str(e) + " = matrix " + str(matrix) + ", row " + str(row) + ", column " + str(col);
  };
  if (op == Operation::nd2nz) {
    const auto& p = std::get<oracle::Nd2NzParams>(c.params);
    const std::uint64_t m = p.srcNdMatrixStride == 0 || p.ndNum <= 1 ? 0 : e / p.srcNdMatrixStride;
    const std::uint64_t rem = e - m * p.srcNdMatrixStride;
    return coord(m, rem / std::max<std::uint16_t>(p.srcDValue, 1), rem % std::max<std::uint16_t>(p.srcDValue, 1));
  }
  if (op == Operation::dn2nz) {
    const auto& p = std::get<oracle::Dn2NzParams>(c.params);
    const std::uint64_t m = p.srcDnMatrixStride == 0 || p.dnNum <= 1 ? 0 : e / p.srcDnMatrixStride;
    const std::uint64_t rem = e - m * p.srcDnMatrixStride;
    const std::uint64_t sd = std::max<std::uint64_t>(p.srcDValue, 1);
    return coord(m, rem % sd, rem / sd);  // (n, d): n contiguous
  }
  if (op == Operation::nz2nd) {
    const auto& p = std::get<oracle::Nz2NdParamsFull>(c.params);
    const std::uint64_t fr = 256ull * std::max<std::uint16_t>(p.srcNdMatrixStride, 1);
    const std::uint64_t cbStride = 16ull * std::max<std::uint16_t>(p.srcNStride, 1);
    const std::uint64_t m = p.ndNum <= 1 ? 0 : e / fr;
    const std::uint64_t rem = e - m * fr;
    return coord(m, (rem % cbStride) / 16, (rem / cbStride) * 16 + rem % 16);
  }
  return longForm ? "element " + str(e) : str(e);
}

ProbeMap probeMap(const casefile::CaseData& data, const oracle::Expectation& base) {
  const std::uint64_t n = data.src.size();
  if (n == 0 || n > kProbeCapBytes) return {};
  // only the span of the destination's data bytes can hold a source byte
  std::uint64_t first = base.expected.size(), last = 0;
  for (std::uint64_t d = 0; d < base.expected.size(); ++d) {
    if (base.region[d] != oracle::Region::data || base.care[d] == 0) continue;
    first = std::min(first, d);
    last = d + 1;
  }
  if (last <= first) return {};
  ProbeMap map;
  map.begin = first;
  map.from.assign(last - first, 0);
  const int planes = n <= 256 ? 1 : (n <= 65536 ? 2 : 3);
  std::vector<std::uint8_t> probe(n);
  for (int plane = 0; plane < planes; ++plane) {
    for (std::uint64_t i = 0; i < n; ++i) probe[i] = static_cast<std::uint8_t>(i >> (8 * plane));
    const auto e = oracle::evaluate(data.c, probe, data.dstBefore);
    if (e.verdict != oracle::Verdict::computed || e.expectation.expected.size() != base.expected.size()) return {};
    for (std::size_t i = 0; i < map.from.size(); ++i) {
      map.from[i] |= static_cast<std::int32_t>(std::uint32_t{e.expectation.expected[first + i]} << (8 * plane));
    }
  }
  // A check plane that is no function of the index planes: a converted value fails it.
  for (std::uint64_t i = 0; i < n; ++i) probe[i] = static_cast<std::uint8_t>((i * 167 + 13) ^ ((i >> 8) * 29));
  const auto check = oracle::evaluate(data.c, probe, data.dstBefore);
  if (check.verdict != oracle::Verdict::computed) return {};
  for (std::size_t i = 0; i < map.from.size(); ++i) {
    const std::uint64_t d = first + i;
    if (base.region[d] != oracle::Region::data || base.care[d] == 0) {
      map.from[i] = -1;
      continue;
    }
    const auto from = static_cast<std::uint64_t>(map.from[i]);
    if (from >= n || check.expectation.expected[d] != probe[from]) return {};
  }
  return map;
}

std::vector<std::pair<std::uint64_t, std::uint64_t>> formulaArrows(const oracle::Case& c, Operation op) {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> arrows;
  if (op != Operation::fixpipe) return arrows;
  const auto& p = std::get<oracle::DataCopyCO12DstParams>(c.params);
  const std::uint64_t s = oracle::sizeBytes(c.dtype);
  const std::uint64_t u = oracle::sizeBytes(c.fixpipe ? c.fixpipe->srcDType : oracle::DType::int32_t);
  const std::uint64_t c0d = s == 1 ? 32 : (p.channelSplit && s == 4 ? 8 : 16);
  // FIX-1 / FIX-2: the first element of every 16-column source block and of every 16th row.
  for (std::uint64_t n = 0; n < p.nSize && arrows.size() < 12; n += 16) {
    for (std::uint64_t m = 0; m < p.mSize && arrows.size() < 12; m += 16) {
      const std::uint64_t srcE = (n / 16) * p.srcStride * 16 + 16 * m + n % 16;
      const std::uint64_t dstB = p.nz2ndEn ? (m * p.dstStride + n) * s
                                           : (n / c0d) * 32 * std::uint64_t{p.dstStride} + m * c0d * s + (n % c0d) * s;
      arrows.emplace_back(c.src.offsetBytes + srcE * u, c.dst.offsetBytes + dstB);
    }
  }
  return arrows;
}

namespace {

// field -> unit, per family; fields not listed have no unit (counts, flags, enumerators).
std::string unitOf(Operation op, const std::string& field) {
  static const std::map<std::string, std::string> pad{
      {"params.blockCount", "bursts"}, {"params.blockLen", "bytes"}, {"padParams.leftPadding", "elements"},
      {"padParams.rightPadding", "elements"}, {"padParams.paddingValue", "raw bits of T"}};
  static const std::map<std::string, std::string> dc{
      {"params.blockCount", "bursts"}, {"params.blockLen", "32-byte blocks"}, {"params.srcStride", "32-byte blocks"},
      {"params.dstStride", "32-byte blocks"}, {"params.calCount", "elements"}};
  static const std::map<std::string, std::string> nz{
      {"params.nValue", "rows"}, {"params.dValue", "elements"}, {"params.srcNdMatrixStride", "elements"},
      {"params.srcDValue", "elements"}, {"params.dstNzC0Stride", "32-byte rows"},
      {"params.dstNzNStride", "32-byte rows"}, {"params.dstNzMatrixStride", "elements"},
      {"params.srcDnMatrixStride", "elements"}, {"params.srcNStride", "16-element rows"},
      {"params.dstDStride", "elements"}, {"params.dstNdMatrixStride", "elements"},
      {"nd2nzParams.nValue", "rows"}, {"nd2nzParams.dValue", "elements"}, {"nd2nzParams.srcDValue", "elements"},
      {"nd2nzParams.dstNzC0Stride", "32-byte rows"}, {"nd2nzParams.dstNzNStride", "32-byte rows"},
      {"nd2nzParams.dstNzMatrixStride", "elements"}};
  if (op == Operation::padGmToUb) {
    if (field == "params.srcStride") return "bytes (GM)";
    if (field == "params.dstStride") return "32-byte blocks (UB)";
  }
  if (op == Operation::padUbToGm || op == Operation::padUbToTscm) {
    if (field == "params.srcStride") return "32-byte blocks (UB)";
    if (field == "params.dstStride") return "bytes (GM workspace)";
  }
  if (op == Operation::nz2nd && field == "params.srcNdMatrixStride") return "16x16 fractals";
  if (op == Operation::fixpipe) {
    if (field == "params.srcStride") return "16-element rows";
    if (field == "params.dstStride") return "32-byte units (NZ) / elements (nz2nd)";
    if (field == "params.nSize") return "columns";
    if (field == "params.mSize") return "rows";
  }
  if (op == Operation::slice) {
    if (field.find("burstLen") != std::string::npos) return "32-byte blocks";
    if (field.find("Index") != std::string::npos || field.find("stride") != std::string::npos ||
        field.find("Shape") != std::string::npos) {
      return "elements";
    }
  }
  const bool isPad = op == Operation::padGmToUb || op == Operation::padUbToGm || op == Operation::padUbToTscm;
  for (const auto* table : {isPad ? &pad : &dc, &nz}) {
    if (const auto it = table->find(field); it != table->end()) return it->second;
  }
  if (field == "src.size" || field == "dst.size" || field == "src.offset" || field == "dst.offset") return "bytes";
  return "";
}

void flatten(const nlohmann::json& json, const std::string& prefix, std::vector<ParamRow>& rows, Operation op) {
  if (json.is_object()) {
    for (const auto& [key, value] : json.items()) {
      if (key == "hex" || key == "file" || key == "type") continue;
      flatten(value, prefix.empty() ? key : prefix + "." + key, rows, op);
    }
    return;
  }
  std::string text = json.is_string() ? json.get<std::string>() : json.dump();
  if (text.size() > 80) text = casefile::validUtf8(text, 77);  // "..." appended, never mid-character
  rows.push_back({prefix, text, unitOf(op, prefix)});
}

}  // namespace

std::vector<ParamRow> parameterRows(const casefile::CaseData& data, Operation op) {
  const nlohmann::json json = casefile::toJson(data);
  std::vector<ParamRow> rows;
  for (const char* key : {"product", "api", "path", "dtype", "profile"}) {
    if (json.contains(key)) rows.push_back({key, json[key].is_string() ? json[key].get<std::string>() : json[key].dump(), ""});
  }
  rows.push_back({"operation", std::string(oracle::name(op)), ""});
  for (const auto& [key, value] : json.items()) {
    if (key == "schema" || key == "description" || key == "product" || key == "api" || key == "path" ||
        key == "dtype" || key == "profile") {
      continue;
    }
    if (key == "params" || key == "padParams" || key == "nd2nzParams") {
      rows.push_back({key + " (type)", value.value("type", ""), ""});
    }
    flatten(value, key, rows, op);
  }
  return rows;
}

std::vector<std::pair<std::string, std::string>> clausesOf(Operation op) {
  switch (op) {
    case Operation::padGmToUb:
      return {{"PAD-G2U-1", "constraints"}, {"PAD-G2U-2", "geometry: GM block i at i*(B + srcStride), UB block i at i*(W + 32*dstStride)"},
              {"PAD-G2U-3", "left pad, data, right pad, dummy inside each UB block; dstStride gaps KEEP"},
              {"PAD-G2U-4", "pad values"}, {"PAD-G2U-5", "dummy bytes (AMB-2)"}, {"G-1", "no stray writes"}};
    case Operation::padUbToGm:
      return {{"PAD-U2G-1", "constraints"}, {"PAD-U2G-2", "UB block i at i*(AlignUp(B,32) + 32*srcStride), GM block i at i*(B + dstStride)"},
              {"G-1", "no stray writes"}};
    case Operation::padCompactGmToUb:
      return {{"PAD-CMP-1", "constraints (as PAD-G2U-1), Ascend 950 only"},
              {"PAD-CMP-2", "GM block i at i*(B + srcStride), UB block i at i*B (packed)"},
              {"PAD-CMP-3", "tail to 32 B: paddingValue under isPad"}, {"AMB-21", "leftPadding/rightPadding"},
              {"AMB-22", "dstStride"}, {"G-1", "no stray writes"}};
    case Operation::padCompactUbToGm:
      return {{"PAD-CMP-1", "constraints (as PAD-U2G-1), Ascend 950 only"},
              {"PAD-CMP-4", "UB block i at i*B (packed), GM block i at i*(B + dstStride)"}, {"AMB-22", "srcStride"},
              {"G-1", "no stray writes"}};
    case Operation::padUbToTscm:
      return {{"PAD-U2L1-1", "UB -> GM workspace (PAD-U2G) then ND2NZ"}, {"PAD-U2L1-2", "constraints"},
              {"ND2NZ-2", "NZ layout"}, {"ND2NZ-3", "tail zeros"}, {"AMB-3", "workspace dstStride unit"}};
    case Operation::copy0Level:
      return {{"DC-1", "parameters in 32-byte units"}, {"DC-2", "block i: 32*blockLen bytes at 32*i*(blockLen + stride)"},
              {"G-1", "no stray writes"}};
    case Operation::copy2Level:
      return {{"DC-3", "floor(calCount*s/32)*32 bytes, remainder dropped"}, {"AMB-4", "block count overflow"}};
    case Operation::nd2nz:
      return {{"ND2NZ-1", "ranges"}, {"ND2NZ-2", "dst[i*MS + (c/C0)*C0S*C0 + r*NS*C0 + c%C0] = src[i*SMS + r*srcD + c]"},
              {"ND2NZ-3", "d tail zero-filled"}, {"ND2NZ-4", "collisions are ANY"}, {"AMB-6", "dstNzMatrixStride 0"}};
    case Operation::nz2nd:
      return {{"NZ2ND-1", "ranges"}, {"NZ2ND-2", "dst[i*DMS + r*dstD + c] = src[i*256*SMS + (c/16)*16*NS + 16r + c%16]"},
              {"NZ2ND-4", "round trip"}};
    case Operation::slice:
      return {{"SLICE-1", "physical index"}, {"SLICE-2", "outer dimensions"}, {"SLICE-3", "dimension 0 in bursts"},
              {"SLICE-4", "pairing of offset lists"}};
    case Operation::dn2nz:
      return {{"DN2NZ-1", "dst[... + (d/C0)*C0S*C0 + n*NS*C0 + d%C0] = src[i*SMS + d*srcD + n]"}, {"DN2NZ-2", "ranges"},
              {"DN2NZ-3", "small C0 (AMB-7)"}};
    case Operation::enhancedNormal:
      return {{"ENH-1", "BLOCK_MODE_NORMAL: as DC"}, {"DC-2", "block geometry"}};
    case Operation::enhancedCo1ToCo2:
      return {{"ENH-1", "block modes"}, {"ENH-2", "deqScale conversions"}, {"ENH-3", "sidStoreMode, relu"},
              {"ENH-4", "arithmetic ambiguities (AMB-13, AMB-14)"}};
    case Operation::fixpipe:
      return {{"FIX-1", "NZ output, C0d"}, {"FIX-2", "nz2ndEn"}, {"FIX-3", "channelSplit"}, {"FIX-4", "conversions"},
              {"FIX-5", "quant parameter"}, {"FIX-6", "arithmetic"}, {"FIX-7", "ambiguities AMB-8..12"}};
    case Operation::nddma:
      return {{"NDDMA-1", "Ascend 950 only, GM->VECIN"}, {"NDDMA-2", "ranges (AMB-35, AMB-37)"},
              {"NDDMA-3", "dimension 0 innermost; pads: constantValue or the nearest element"},
              {"NDDMA-4", "overlap (AMB-36)"}, {"G-1", "no stray writes"}};
    case Operation::fixpipe950:
      return {{"FIX950-1", "Ascend 950 only, conversions as FIX-4"}, {"FIX950-2", "sizes, NZ dstStride in elements"},
              {"FIX950-3", "ROW_MAJOR: srcNdStride in C0_SIZE units"}, {"FIX950-4", "COLUMN_MAJOR: the transpose"},
              {"FIX950-5", "values as FIX-6"}, {"FIX950-6", "zero count: NOP (AMB-23)"},
              {"FIX950-8", "toward the UB: the same formulas"}, {"FIX950-9", "dualDstCtl: two UBs end to end"},
              {"G-1", "no stray writes"}};
    case Operation::nd2nzGmToUb:
      return {{"ND2NZUB-1", "A2/A3/950, GM->VECIN"}, {"ND2NZUB-2", "ranges (ND2NZ-1)"},
              {"ND2NZUB-3", "dst[(c/C0)*C0S*32/s + r*NS*32/s + c%C0] = src[r*srcD + c]; AMB-33 domain"},
              {"ND2NZUB-4", "tail to 32 B: ANY"}, {"ND2NZUB-5", "collisions are ANY"},
              {"AMB-34", "A2/A3 float rows of 16"}, {"G-1", "no stray writes"}};
    case Operation::broadcastUbToL0c:
      return {{"BRC-1", "Atlas inference, VECIN/VECOUT->CO1"}, {"BRC-2", "ranges, CO1 start 256 elements (AMB-42)"},
              {"BRC-3", "dst[(b*(L + dstGap) + j)*256 + r*16 + c] = src[b*(L*16 + srcGap*32/s) + j*16 + c]"},
              {"BRC-4", "the rest KEEP"}, {"AMB-40", "dstGap tail or head"}, {"AMB-41", "half blockLen unit"},
              {"G-1", "no stray writes"}};
  }
  return {};
}

const CatStyle& style(Cat cat) {
  static const CatStyle styles[kCatCount] = {
      {"data", "data", "#9cc8f0", "a source byte moved verbatim (or its converted value)"},
      {"lpad", "left pad", "#f5b041", "left padding elements (PAD-G2U-3)"},
      {"rpad", "right pad", "#f7dc6f", "right padding elements (PAD-G2U-3)"},
      {"dummy", "dummy", "#c39bd3", "dummy bytes up to the 32-byte boundary (PAD-G2U-5, AMB-2)"},
      {"tail", "tail zeros", "#82e0aa", "d tail zero-filled up to C0 (ND2NZ-3)"},
      {"coll", "collision", "#e59866", "written more than once, order undocumented: ANY (ND2NZ-4; ND2NZUB-5, NDDMA-4, LOOP-3, BRC-4)"},
      {"any", "ANY", "#aab7b8", "unspecified: any value passes (an unresolved ambiguity)"},
      {"keep", "KEEP", "#ffffff", "inside the footprint but not written: must keep its prior value"},
      {"gap", "stride gap", "#d5dbdb", "between blocks / rows: not read (source) or KEEP (destination)"},
      {"guard", "guard", "#fdebd0", "outside the copy: KEEP, must be untouched (G-1)"},
      {"nread", "not read", "#f2f3f4", "source bytes the copy does not read (G-2)"},
  };
  return styles[static_cast<std::size_t>(cat)];
}

}  // namespace dcconf::pictures::detail
