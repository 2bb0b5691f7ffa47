// DataCopy slice (SLICE-1..4) in the fast backend: the outer index combinations are walked as an odometer
// (dimension 1 fastest), and every dimension-0 burst is one memcpy.
#include <algorithm>
#include <cstring>
#include <vector>

#include "fast_common.hpp"

namespace dcconf::backends::fast {
namespace {

using oracle::SliceInfo;
using oracle::SliceParams;

constexpr std::uint64_t kMaxEntries = 1536;

struct SideView {
  std::string_view name;
  const std::array<SliceInfo, oracle::kMaxSliceDims>& info;
  const std::array<std::uint32_t, oracle::kMaxSliceDims>& shape;
};

std::string at(std::string_view side, std::string_view what, std::size_t k) {
  return "params." + std::string(side) + std::string(what) + "[" + std::to_string(k) + "]";
}

// SLICE-2: indices start + m*(1 + stride) for m in [0, (end - start + 1 + stride)/(1 + stride)).
std::uint64_t picks(const SliceInfo& si) {
  return (std::uint64_t{si.endIndex} - si.startIndex + 1 + si.stride) / (1 + std::uint64_t{si.stride});
}


// SLICE-1/4: element offsets of (start0, outer indices), dimension 1 varying fastest (an odometer).
std::vector<std::uint64_t> entries(const SideView& side, std::uint32_t dims) {
  std::array<std::uint64_t, oracle::kMaxSliceDims> count{};
  std::array<std::uint64_t, oracle::kMaxSliceDims> pitch{};
  std::uint64_t total = 1;
  std::uint64_t p = side.shape[0];
  for (std::size_t k = 1; k < dims; ++k) {
    count[k] = picks(side.info[k]);
    pitch[k] = p;
    p = oracle::satMul(p, side.shape[k]);
    total *= count[k];
  }
  std::vector<std::uint64_t> out;
  out.reserve(total);
  std::array<std::uint64_t, oracle::kMaxSliceDims> m{};
  for (std::uint64_t n = 0; n < total; ++n) {
    std::uint64_t offset = side.info[0].startIndex;
    for (std::size_t k = 1; k < dims; ++k) {
      const std::uint64_t idx = side.info[k].startIndex + m[k] * (1 + std::uint64_t{side.info[k].stride});
      offset = oracle::satAdd(offset, oracle::satMul(idx, pitch[k]));
    }
    out.push_back(offset);
    for (std::size_t k = 1; k < dims && ++m[k] == count[k]; ++k) m[k] = 0;
  }
  return out;
}

void checkBounds(Checker& check, const SideView& side, std::uint32_t dims) {
  for (std::size_t k = 0; k < dims; ++k) {
    check.require(side.shape[k] != 0, "SLICE-1", at(side.name, "Shape", k), 0, "a used dimension needs a size");
    check.require(side.info[k].startIndex <= side.info[k].endIndex, "SLICE-2",
                  at(side.name, "SliceInfo", k) + ".startIndex", side.info[k].startIndex, "must be <= endIndex");
    check.require(side.info[k].endIndex < side.shape[k], "SLICE-1", at(side.name, "SliceInfo", k) + ".endIndex",
                  side.info[k].endIndex, "must lie inside the shape");
  }
}

}  // namespace

RunResult runSlice(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) {
  const auto& p = std::get<SliceParams>(c.params);
  const std::uint64_t s = oracle::sizeBytes(c.dtype);
  Checker check;
  check.range("SLICE-4", "params.dimValue", p.dimValue, 1, oracle::kMaxSliceDims);
  if (check.failed()) return check.rejection();
  const SideView from{"src", p.srcSliceInfo, p.srcShape};
  const SideView to{"dst", p.dstSliceInfo, p.dstShape};
  checkBounds(check, from, p.dimValue);
  checkBounds(check, to, p.dimValue);
  for (std::size_t k = 0; k < p.dimValue; ++k) {
    check.require(p.srcSliceInfo[k].burstLen == p.dstSliceInfo[k].burstLen, "SLICE-4",
                  at("dst", "SliceInfo", k) + ".burstLen", p.dstSliceInfo[k].burstLen, "must equal the source's (AMB-5)");
  }
  check.require(p.srcSliceInfo[0].burstLen != 0, "SLICE-3", "params.srcSliceInfo[0].burstLen", 0, "must be >= 1");
  // SLICE-4: the unaligned transport (GM source, stride0*s not 32-byte aligned) holds burst bytes in a uint16
  const bool unaligned = c.srcPos == oracle::Position::GM && (std::uint64_t{p.srcSliceInfo[0].stride} * s) % kBlock32Bytes != 0;
  check.require(!unaligned || p.srcSliceInfo[0].burstLen <= 2047, "SLICE-4", "params.srcSliceInfo[0].burstLen",
                p.srcSliceInfo[0].burstLen, "<= 2047 on the unaligned transport");
  if (check.failed()) return check.rejection();
  // SLICE-3: E elements per burst, B bursts
  const std::uint64_t burstBytes = kBlock32Bytes * p.srcSliceInfo[0].burstLen;
  const std::uint64_t e = burstBytes / s;
  auto bursts = [&](const SliceInfo& si) {
    return (std::uint64_t{si.endIndex} - si.startIndex + 1 + si.stride) / (e + si.stride);
  };
  const std::uint64_t count = bursts(p.srcSliceInfo[0]);
  check.require(count == bursts(p.dstSliceInfo[0]), "SLICE-4", "params.dstSliceInfo[0].endIndex",
                p.dstSliceInfo[0].endIndex, "selects another number of bursts than the source");
  std::uint64_t srcEntries = 1;
  std::uint64_t dstEntries = 1;
  for (std::size_t k = 1; k < p.dimValue; ++k) {
    srcEntries = oracle::satMul(srcEntries, picks(p.srcSliceInfo[k]));
    dstEntries = oracle::satMul(dstEntries, picks(p.dstSliceInfo[k]));
  }
  check.require(srcEntries <= kMaxEntries, "SLICE-4", "params.srcSliceInfo", srcEntries, "at most 1536 offset entries");
  check.require(dstEntries <= kMaxEntries, "SLICE-4", "params.dstSliceInfo", dstEntries, "at most 1536 offset entries");
  check.require(dstEntries >= srcEntries, "SLICE-4", "params.dstSliceInfo", dstEntries,
                "must select at least as many offset entries as the source (extra ones are never written)");
  if (check.failed()) return check.rejection();
  const std::vector<std::uint64_t> srcList = entries(from, p.dimValue);
  const std::vector<std::uint64_t> dstList = entries(to, p.dimValue);
  // G-5: UB burst starts are 32-byte aligned; a GM source may take any stride (the unaligned transport)
  const bool ubSource = c.srcPos != oracle::Position::GM;
  const std::vector<std::uint64_t>& ubList = ubSource ? srcList : dstList;
  check.require(!ubSource || (p.srcSliceInfo[0].stride * s) % kBlock32Bytes == 0, "SLICE-4",
                "params.srcSliceInfo[0].stride", p.srcSliceInfo[0].stride, "a UB source stride must be 32-byte whole");
  for (std::size_t j = 0; j < srcList.size(); ++j) {  // only the entries the copy uses: one per source entry
    const std::uint64_t entry = ubList[j];
    check.require((entry * s) % kBlock32Bytes == 0, "SLICE-4", ubSource ? "params.srcSliceInfo" : "params.dstSliceInfo",
                  entry, "UB burst start not 32-byte aligned");
  }
  const std::uint64_t srcPitch = (e + p.srcSliceInfo[0].stride) * s;
  const std::uint64_t dstPitch = kBlock32Bytes * (p.srcSliceInfo[0].burstLen + p.dstSliceInfo[0].stride * s / kBlock32Bytes);
  std::uint64_t srcSpan = 0;
  std::uint64_t dstSpan = 0;
  if (count != 0) {
    for (std::size_t j = 0; j < srcList.size(); ++j) {
      const std::uint64_t srcEnd = oracle::satMul(srcList[j], s);
      const std::uint64_t dstEnd = oracle::satMul(dstList[j], s);
      srcSpan = std::max(srcSpan, oracle::satAdd(srcEnd, burstSpanBytes(count, srcPitch, burstBytes)));
      dstSpan = std::max(dstSpan, oracle::satAdd(dstEnd, burstSpanBytes(count, dstPitch, burstBytes)));
    }
  }
  check.buffers(c, srcSpan, dstSpan);
  if (check.failed()) return check.rejection();
  const auto [base, out] = operandsOf(c, src, dst);
  for (std::size_t j = 0; j < srcList.size(); ++j) {
    copyBursts(out + dstList[j] * s, dstPitch, base + srcList[j] * s, srcPitch, count, burstBytes);
  }
  return {};
}

}  // namespace dcconf::backends::fast
