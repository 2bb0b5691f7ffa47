// =====================================================================================================================
// DataCopy, slice: GM -> VECIN, VECOUT -> GM, CO2 -> GM                             SEMANTICS section 5, clauses SLICE-*
// =====================================================================================================================
// s = sizeof(T); E = burstLen0*32/s elements per burst; B = (end0 - start0 + 1 + srcStride0) / (E + srcStride0).
// Offset list of a side: for every combination of the indices dimensions >= 1 select (SLICE-2, dimension 1 varying
// fastest), the physical element index (SLICE-1) of (start0, idx_1, ..., idx_{dimValue-1}).
// @post (SLICE-4) for the j-th entries S_j (source) and D_j (destination) and m < B: the E*s bytes at source element
//       S_j + m*(E + srcStride0) land verbatim at destination byte D_j*s + 32*m*(burstLen0 + floor(dstStride0*s/32)).
// @post a destination byte two pairs write is ANY (the order is undocumented, as ND2NZ-4). Nothing else is written.
// Decisions (reported by the validation messages):
//  - AMB-5: only dimension 0's burstLen moves data; the doc's equality src[k].burstLen == dst[k].burstLen is still
//    checked for every dimension pair (SLICE-4 lists it as a constraint); "burstLen must be 1 when dimValue > 1" is not.
//  - SLICE-4's unaligned transport: with a GM source the element formula above holds for any srcStride0 (the pad
//    transport takes the GM stride in bytes), so it is modelled; a UB source (VECOUT/CO2) whose burst starts are not
//    32-byte aligned (srcStride0*s or an entry not a multiple of 32) is rejected (SLICE-4, G-5).
//  - The destination list is the destination's own SLICE-2 selection; both sides must select the same number of
//    bursts (SLICE-4 "mismatched element counts"). SLICE-4 (revised): the copy loops over the source list, so a
//    longer destination list is valid and its extra entries are never written (nor checked for alignment); a
//    shorter one is invalid (the loop would run past it).
//  - A selection shorter than one burst (B == 0) moves nothing.
#include <algorithm>

#include "paths.hpp"

namespace dcconf::oracle::detail {
namespace {

constexpr std::uint64_t kMaxOffsetEntries = 1536;  // SLICE-4

struct Side {
  const char* name;  // "src" or "dst"
  const std::array<SliceInfo, kMaxSliceDims>& info;
  const std::array<std::uint32_t, kMaxSliceDims>& shape;
};
Side srcSide(const SliceParams& p) { return {"src", p.srcSliceInfo, p.srcShape}; }
Side dstSide(const SliceParams& p) { return {"dst", p.dstSliceInfo, p.dstShape}; }

std::string field(const Side& side, const char* what, std::size_t k, const char* member) {
  return "params." + std::string(side.name) + what + "[" + std::to_string(k) + "]" + member;
}

// SLICE-2: how many indices dimension k >= 1 selects.
std::uint64_t selectedCount(const SliceInfo& si) {
  return (std::uint64_t{si.endIndex} - si.startIndex + 1 + si.stride) / (std::uint64_t{si.stride} + 1);
}

std::uint64_t burstElems(const SliceParams& p, DType dtype) {
  return kDataBlockBytes * p.srcSliceInfo[0].burstLen / sizeBytes(dtype);
}

// SLICE-3: bursts of dimension 0 on one side.
std::uint64_t burstCount(const SliceInfo& si0, std::uint64_t elems) {
  return (std::uint64_t{si0.endIndex} - si0.startIndex + 1 + si0.stride) / (elems + si0.stride);
}

std::uint64_t entryCount(const Side& side, std::uint32_t dimValue) {
  std::uint64_t n = 1;
  for (std::size_t k = 1; k < dimValue; ++k) n = satMul(n, selectedCount(side.info[k]));
  return n;
}

// SLICE-1, SLICE-2, SLICE-4: the offset list in elements, dimension 1 varying fastest.
std::vector<std::uint64_t> offsetList(const Side& side, std::uint32_t dimValue) {
  std::vector<std::uint64_t> out{side.info[0].startIndex};
  std::uint64_t pitch = side.shape[0];  // prod_{j<k} shape_j
  for (std::size_t k = 1; k < dimValue; ++k) {
    std::vector<std::uint64_t> next;
    const std::uint64_t count = selectedCount(side.info[k]);
    for (std::uint64_t m = 0; m < count; ++m) {
      const std::uint64_t idx = side.info[k].startIndex + m * (std::uint64_t{side.info[k].stride} + 1);
      for (const std::uint64_t inner : out) next.push_back(satAdd(inner, satMul(idx, pitch)));
    }
    out = std::move(next);
    pitch = satMul(pitch, side.shape[k]);
  }
  return out;
}

// SLICE-1 bounds of one side: every used dimension has a size and selects inside it.
void checkSide(std::vector<Violation>& out, const Side& side, std::uint32_t dimValue) {
  for (std::size_t k = 0; k < dimValue; ++k) {
    const SliceInfo& si = side.info[k];
    if (side.shape[k] == 0) {
      out.push_back(violation("SLICE-1", field(side, "Shape", k, ""), 0, "a used dimension's size must be >= 1"));
      continue;
    }
    if (si.startIndex > si.endIndex) {
      out.push_back(violation("SLICE-2", field(side, "SliceInfo", k, ".startIndex"), si.startIndex,
                              "startIndex must be <= endIndex (" + std::to_string(si.endIndex) + ")"));
    }
    if (si.endIndex >= side.shape[k]) {
      out.push_back(violation("SLICE-1", field(side, "SliceInfo", k, ".endIndex"), si.endIndex,
                              "endIndex must be inside the shape: < " + std::to_string(side.shape[k])));
    }
  }
}

// G-5 on the UB side: every burst of every entry the copy uses (the first usedEntries) starts 32-byte aligned.
void checkUbAlignment(std::vector<Violation>& out, const Side& side, std::uint32_t dimValue, std::uint64_t s,
                      bool stridesToo, std::uint64_t usedEntries) {
  if (stridesToo && (std::uint64_t{side.info[0].stride} * s) % kDataBlockBytes != 0) {
    out.push_back(violation("SLICE-4", field(side, "SliceInfo", 0, ".stride"), side.info[0].stride,
                            "stride*sizeof(T) must be a multiple of 32 when the source is in UB (the unaligned "
                            "transport exists for a GM source only)"));
  }
  const std::vector<std::uint64_t> entries = offsetList(side, dimValue);
  for (std::size_t j = 0; j < entries.size() && j < usedEntries; ++j) {
    const std::uint64_t entry = entries[j];
    if ((entry * s) % kDataBlockBytes != 0) {
      out.push_back(violation("SLICE-4", "params." + std::string(side.name) + "SliceInfo", entry,
                              "a UB burst would start at element " + std::to_string(entry) +
                                  ", not 32-byte aligned (G-5)"));
      return;
    }
  }
}

std::vector<Violation> check(const Case& c) {
  std::vector<Violation> out;
  const auto& p = std::get<SliceParams>(c.params);
  const std::uint64_t s = sizeBytes(c.dtype);
  if (p.dimValue < 1 || p.dimValue > kMaxSliceDims) {
    out.push_back(violation("SLICE-4", "params.dimValue", p.dimValue, "dimValue must be in [1, 8]"));
    return out;
  }
  const Side src = srcSide(p);
  const Side dst = dstSide(p);
  checkSide(out, src, p.dimValue);
  checkSide(out, dst, p.dimValue);
  for (std::size_t k = 0; k < p.dimValue; ++k) {
    if (p.srcSliceInfo[k].burstLen != p.dstSliceInfo[k].burstLen) {
      out.push_back(violation("SLICE-4", field(dst, "SliceInfo", k, ".burstLen"), p.dstSliceInfo[k].burstLen,
                              "must equal srcSliceInfo[" + std::to_string(k) + "].burstLen = " +
                                  std::to_string(p.srcSliceInfo[k].burstLen) +
                                  " (AMB-5: only dimension 0's burstLen moves data)"));
    }
  }
  if (p.srcSliceInfo[0].burstLen == 0) {
    out.push_back(violation("SLICE-3", "params.srcSliceInfo[0].burstLen", 0, "a burst is burstLen*32 bytes, >= 1"));
  }
  // SLICE-4: the unaligned (pad) transport of a GM source holds the burst in bytes in a uint16
  if (c.srcPos == Position::GM && (std::uint64_t{p.srcSliceInfo[0].stride} * s) % kDataBlockBytes != 0 &&
      p.srcSliceInfo[0].burstLen > kMaxUnalignedSliceBurstLen) {
    out.push_back(violation("SLICE-4", "params.srcSliceInfo[0].burstLen", p.srcSliceInfo[0].burstLen,
                            "burstLen must be <= 2047 when stride*sizeof(T) is not a multiple of 32 (the unaligned "
                            "transport holds burstLen*32 bytes in a uint16)"));
  }
  if (!out.empty()) return out;
  const std::uint64_t e = burstElems(p, c.dtype);
  const std::uint64_t srcBursts = burstCount(p.srcSliceInfo[0], e);
  const std::uint64_t dstBursts = burstCount(p.dstSliceInfo[0], e);
  if (srcBursts != dstBursts) {
    out.push_back(violation("SLICE-4", "params.dstSliceInfo[0].endIndex", p.dstSliceInfo[0].endIndex,
                            "the destination selects " + std::to_string(dstBursts) + " bursts of " +
                                std::to_string(e) + " elements, the source " + std::to_string(srcBursts)));
  }
  const std::uint64_t srcEntries = entryCount(src, p.dimValue);
  const std::uint64_t dstEntries = entryCount(dst, p.dimValue);
  for (const auto& [side, n] : {std::pair{src, srcEntries}, std::pair{dst, dstEntries}}) {
    if (n > kMaxOffsetEntries) {
      out.push_back(violation("SLICE-4", "params." + std::string(side.name) + "SliceInfo", n,
                              "the outer dimensions select " + std::to_string(n) +
                                  " offset entries, at most 1536 are allowed"));
    }
  }
  if (!out.empty()) return out;
  if (dstEntries < srcEntries) {
    out.push_back(violation("SLICE-4", "params.dstSliceInfo", dstEntries,
                            "the destination's outer dimensions select " + std::to_string(dstEntries) +
                                " offset entries, fewer than the source's " + std::to_string(srcEntries) +
                                " (the copy loops over the source list, pairing entries by position)"));
    return out;
  }
  if (c.srcPos == Position::GM) {
    checkUbAlignment(out, dst, p.dimValue, s, false, srcEntries);
  } else {
    checkUbAlignment(out, src, p.dimValue, s, true, srcEntries);
  }
  return out;
}

struct Geometry {
  std::vector<std::uint64_t> srcEntries;  // elements
  std::vector<std::uint64_t> dstEntries;  // elements
  std::uint64_t bursts;
  std::uint64_t burstBytes;
  std::uint64_t srcPitchBytes;
  std::uint64_t dstPitchBytes;
};

Geometry geometry(const Case& c) {
  const auto& p = std::get<SliceParams>(c.params);
  const std::uint64_t s = sizeBytes(c.dtype);
  const std::uint64_t e = burstElems(p, c.dtype);
  const std::uint64_t burstLen = p.srcSliceInfo[0].burstLen;
  return {offsetList(srcSide(p), p.dimValue),
          offsetList(dstSide(p), p.dimValue),
          burstCount(p.srcSliceInfo[0], e),
          e * s,
          (e + p.srcSliceInfo[0].stride) * s,
          kDataBlockBytes * (burstLen + std::uint64_t{p.dstSliceInfo[0].stride} * s / kDataBlockBytes)};
}

Extents extents(const Case& c) {
  const Geometry g = geometry(c);
  if (g.bursts == 0) return {};
  const std::uint64_t s = sizeBytes(c.dtype);
  Extents x;
  for (std::size_t j = 0; j < g.srcEntries.size(); ++j) {
    const std::uint64_t srcEnd = satAdd(satMul(g.srcEntries[j], s), (g.bursts - 1) * g.srcPitchBytes + g.burstBytes);
    const std::uint64_t dstEnd = satAdd(satMul(g.dstEntries[j], s), (g.bursts - 1) * g.dstPitchBytes + g.burstBytes);
    x.srcSpanBytes = std::max(x.srcSpanBytes, srcEnd);
    x.dstSpanBytes = std::max(x.dstSpanBytes, dstEnd);
  }
  return x;
}

void walk(const Case& c, WriteSink& sink) {
  ByteWriter out(sink);
  const Geometry g = geometry(c);
  const std::uint64_t s = sizeBytes(c.dtype);
  for (std::size_t j = 0; j < g.srcEntries.size(); ++j) {  // the loop runs over the source list (SLICE-4)
    for (std::uint64_t m = 0; m < g.bursts; ++m) {
      const std::uint64_t from = g.srcEntries[j] * s + m * g.srcPitchBytes;
      const std::uint64_t to = g.dstEntries[j] * s + m * g.dstPitchBytes;
      out.writeSourceRun(to, from, g.burstBytes, Region::data);
    }
  }
}

}  // namespace

const PathSemantics& sliceSemantics() {
  static const PathSemantics semantics{check, extents, walk};
  return semantics;
}

}  // namespace dcconf::oracle::detail
