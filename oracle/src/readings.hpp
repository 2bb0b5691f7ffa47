// Arithmetic under unresolved ambiguities (FIX-7, ENH-4): evaluate an element under every open reading; agreeing
// readings pin the value, disagreeing ones make it ANY with the region of the AMB to blame. Shared by the
// quantising copy (fixpipe.cpp) and the enhanced deqScale copy (enhanced.cpp).
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "paths.hpp"

namespace dcconf::oracle::detail {

struct Converted {
  bool any = false;  // not pinned down by any reading (NaN source or product, missing V* entry)
  std::uint64_t bits = 0;
  std::uint8_t anyBytes = 0;  // bit b: byte b of the value is ANY though the rest is pinned (AMB-16: a zero's sign)
  bool nan = false;  // with any: the element is some NaN of the float T (AMB-16 (project): the payload is open)
  friend bool operator==(const Converted&, const Converted&) = default;
};

struct ReadingOutcome {
  Converted value;
  int ambId = 0;  // 8 + k when value.any because reading k (AMB-(8+k)) is unresolved
};

// The profile's pinned reading of AMB-8 .. AMB-(8+N-1), index k = AMB-(8+k): true = the second reading. FIX has
// AMB-8..12 (N = 5), ENH-4 adds AMB-13 and AMB-14 (N = 7).
template <std::size_t N>
std::array<bool, N> pinnedReadings(const Profile& pr) {
  static_assert(N <= 7, "AMB-8 .. AMB-14");
  const std::array<bool, 7> all{pr.fixOffset == Profile::FixOffset::offsetUnsigned,
                                pr.fixShift == Profile::FixShift::shiftPlusOne,
                                pr.fixDeqRounding == Profile::FixDeqRounding::deqTrunc,
                                pr.fixReluOrder == Profile::FixReluOrder::reluAfterOffset,
                                pr.fixNegScale == Profile::FixNegScale::negScaleMagnitude,
                                pr.vdeqTensorStep == Profile::VdeqTensorStep::advance,
                                pr.deq16Offset == Profile::Deq16Offset::added};
  std::array<bool, N> out{};
  for (std::size_t k = 0; k < N; ++k) out[k] = all[k];
  return out;
}

// AMB-12: a negative fp32 scale sign-extended to 64 bits (bits [63:32] all ones, bit 31 set). First reading: the
// upper bits are the fields they sit in; second: only the low word is meaningful.
inline bool looksSignExtended(std::uint64_t q) { return (q >> 32) == 0xFFFFFFFFu && ((q >> 31) & 1u) != 0; }

// AMB-(8+k) for reading k: AMB-8..14 in order.
template <std::size_t N>
constexpr std::array<int, N> consecutiveAmbIds() {
  std::array<int, N> ids{};
  for (std::size_t k = 0; k < N; ++k) ids[k] = 8 + static_cast<int>(k);
  return ids;
}

// Reading k is AMB-ambIds[k] (AMB-(8+k) unless told); pinned[k] is the profile's choice (false = first reading),
// open[k] marks the unresolved ones. The blame goes to the first reading (in index order) whose flip alone changes
// the value.
template <std::size_t N, class Convert>
ReadingOutcome underEveryReading(const std::array<bool, N>& open, const std::array<bool, N>& pinned,
                                 Convert&& convertWith, const std::array<int, N>& ambIds = consecutiveAmbIds<N>()) {
  static_assert(N <= 8, "a fixed table of 2^N results");
  unsigned openMask = 0;
  for (std::size_t k = 0; k < N; ++k) openMask |= open[k] ? 1u << k : 0u;
  // A fixed array, not a vector: this runs once per element, and an allocation here dominated `dcconf run`.
  std::array<Converted, std::size_t{1} << N> byMask{};
  for (unsigned mask = openMask;; mask = (mask - 1) & openMask) {  // every subset of the open readings
    std::array<bool, N> r = pinned;
    for (std::size_t k = 0; k < N; ++k) {
      if (open[k]) r[k] = ((mask >> k) & 1u) != 0;
    }
    byMask[mask] = convertWith(r);
    if (mask == 0) break;
  }
  bool agree = true;
  for (unsigned mask = openMask;; mask = (mask - 1) & openMask) {
    agree = agree && byMask[mask] == byMask[0];
    if (mask == 0) break;
  }
  if (agree) return {byMask[0], 0};
  for (std::size_t k = 0; k < N; ++k) {
    if (!open[k]) continue;
    for (unsigned mask = openMask;; mask = (mask - 1) & openMask) {
      if (!(byMask[mask] == byMask[mask ^ (1u << k)])) return {{true, 0}, ambIds[k]};
      if (mask == 0) break;
    }
  }
  return {{true, 0}, 8};  // unreachable: two disagreeing subsets differ in some single flip along a path
}

// FIX-4 / FIX-6 (fixpipe.cpp), shared with FIX950 (fixpipe950.cpp): the V* modes, the (U, T) pairs of a QuantMode,
// and one element's conversion under the profile's readings of AMB-8..12 and AMB-20.
bool fixIsVectorMode(QuantMode m);
bool fixPairAllowed(QuantMode mode, DType u, DType t);
ReadingOutcome fixEvaluateElement(const Case& c, std::uint64_t x, std::uint64_t qBits);
// One walk's element outcomes by (x, qBits): within one case the conversion depends on nothing else, and sources
// repeat values (zeros, small integers, specials), so the last ones are kept in a small direct-mapped table.
class ElementMemo {
 public:
  template <class Evaluate>
  const ReadingOutcome& operator()(std::uint64_t x, std::uint64_t qBits, Evaluate&& evaluate) {
    Entry& e = entries_[((x * 0x9E3779B97F4A7C15ull) ^ (qBits * 0xC2B2AE3D27D4EB4Full)) >> 58];
    if (!e.filled || e.x != x || e.qBits != qBits) e = {x, qBits, evaluate(), true};
    return e.outcome;
  }

 private:
  struct Entry {
    std::uint64_t x = 0, qBits = 0;
    ReadingOutcome outcome;
    bool filled = false;
  };
  std::array<Entry, 64> entries_{};
};
// FIX-6: the quant word of element (m, n): quantTensor[n] in the V* modes, else quantScalar.
std::uint64_t fixQuantWord(const Case& c, std::uint64_t m, std::uint64_t n);

// A NaN result of a conversion to t: ANY with the NaN class where t is a float type (AMB-16 (project)), plain ANY
// for an integer t (no NaN to write) or under a ReLU (max(NaN, 0) and -inf x M2 = 0 may be either).
inline Converted nanResult(DType t, bool relu) {
  return {true, 0, 0, info(t).isFloat && !relu};
}

// The element's bytes: VALUE literals, or ANY in the region of the AMB to blame (data when no AMB is), with the
// NaN class of t (elemBytes wide) where the value is a NaN. Sink: a WriteSink, or anything with its
// write(dstByte, ByteSource, Region) (enhanced.cpp collects AMB-19's readings).
template <class Sink>
void writeConverted(Sink& sink, std::uint64_t dstByte, std::uint32_t elemBytes, const ReadingOutcome& o, DType t) {
  for (std::uint32_t b = 0; b < elemBytes; ++b) {
    if (o.value.any && o.value.nan && o.ambId == 0) {
      sink.write(dstByte + b, ByteSource::nanClass(b, t), Region::special);
    } else if (o.value.any) {
      sink.write(dstByte + b, ByteSource::any(), o.ambId != 0 ? ambiguousRegion(o.ambId) : Region::special);
    } else if (((o.value.anyBytes >> b) & 1u) != 0) {
      sink.write(dstByte + b, ByteSource::any(), Region::special);
    } else {
      sink.write(dstByte + b, ByteSource::fromLiteral(elementByte(o.value.bits, b)), Region::data);
    }
  }
}

// ---- layout readings (AMB-19, AMB-21, AMB-22): a reading moves bytes elsewhere, not to another value -----------
// Each reading's writes are collected; per destination byte the common write stands, and a byte the readings write
// differently (or only some of them write: it may also be kept) is ANY in the region of the axis to blame.
// A write covers `length` bytes from dstByte on: byte j from source byte srcByte + j (Kind::source), or ANY
// (Kind::unspecified); every other kind is one byte. A block of a walk is one entry, not one per byte.
struct Written {
  std::uint64_t dstByte;
  ByteSource source;
  Region region;
  std::uint64_t length = 1;
};
// The source of byte k of a write that starts with `first`.
inline ByteSource sourceAt(ByteSource first, std::uint64_t k) {
  if (first.kind == ByteSource::Kind::source) first.srcByte += k;
  return first;
}
struct Collector {
  std::vector<Written>* out;
  void write(std::uint64_t dstByte, ByteSource source, Region region) {
    const bool runs = source.kind == ByteSource::Kind::source || source.kind == ByteSource::Kind::unspecified;
    if (runs && !out->empty()) {  // the byte that continues the last write extends it
      Written& last = out->back();
      if (last.dstByte + last.length == dstByte && last.region == region && last.source.kind == source.kind &&
          (source.kind != ByteSource::Kind::source || last.source.srcByte + last.length == source.srcByte)) {
        ++last.length;
        return;
      }
    }
    out->push_back({dstByte, source, region});
  }
  void writeSourceRun(std::uint64_t dstByte, std::uint64_t srcByte, std::uint64_t n, Region region) {
    if (n == 1) return write(dstByte, ByteSource::fromSource(srcByte), region);
    if (n > 0) out->push_back({dstByte, ByteSource::fromSource(srcByte), region, n});
  }
};
inline bool sameSource(const ByteSource& a, const ByteSource& b) {
  return a.kind == b.kind && a.srcByte == b.srcByte && a.literal == b.literal && a.dtype == b.dtype;
}
// Some byte written twice, in writes sorted by dstByte.
inline bool writesTwice(const std::vector<Written>& writes) {
  std::uint64_t end = 0;
  for (const Written& w : writes) {
    if (w.dstByte < end) return true;
    end = std::max(end, w.dstByte + w.length);
  }
  return false;
}
// writes in ascending dstByte, writes of one byte in the order they were made: a reading that writes some byte
// twice gets one entry a byte, so that its writes of that byte pair up in order with the other readings'.
inline void sortByDstByte(std::vector<Written>& writes) {
  const auto byDstByte = [](const Written& x, const Written& y) { return x.dstByte < y.dstByte; };
  // most walks write in ascending order already: the check is O(n), the sort not
  if (std::is_sorted(writes.begin(), writes.end(), byDstByte) && !writesTwice(writes)) return;
  std::vector<Written> sorted = writes;
  std::stable_sort(sorted.begin(), sorted.end(), byDstByte);
  if (!writesTwice(sorted)) {
    writes = std::move(sorted);
    return;
  }
  std::vector<Written> bytes;
  for (const Written& w : writes) {
    for (std::uint64_t k = 0; k < w.length; ++k) bytes.push_back({w.dstByte + k, sourceAt(w.source, k), w.region});
  }
  std::stable_sort(bytes.begin(), bytes.end(), byDstByte);
  writes = std::move(bytes);
}

// byMask[m]: the writes under the combination m of the open axes (bit k set = the second reading of axis k); every
// subset of openMask is filled. axisRegion[k]: the ANY region blamed when flipping axis k alone changes the byte.
// The merge steps from one write boundary of any reading to the next: within such a stretch every reading writes
// each byte or none, from consecutive source bytes, so one comparison decides the whole stretch.
inline void mergeReadings(WriteSink& sink, std::span<std::vector<Written>> byMask, unsigned openMask,
                          std::span<const Region> axisRegion) {
  for (auto& writes : byMask) sortByDstByte(writes);
  // fixed arrays: in loop mode this runs once per iteration, up to 2^21 times a case
  assert(byMask.size() <= 4 && "at most two open axes");
  std::array<std::size_t, 4> head{};
  std::array<std::uint64_t, 4> into{};  // bytes of byMask[m][head[m]] already merged
  std::array<std::optional<ByteSource>, 4> at{};
  auto subsets = [openMask](auto&& visit) {
    for (unsigned m = openMask;; m = (m - 1) & openMask) {
      visit(m);
      if (m == 0) break;
    }
  };
  if (std::all_of(byMask.begin(), byMask.end(), [](const auto& writes) { return writes.empty(); })) return;
  ByteWriter out(sink);
  while (true) {
    std::optional<std::uint64_t> next;
    subsets([&](unsigned m) {
      if (head[m] < byMask[m].size()) {
        const std::uint64_t from = byMask[m][head[m]].dstByte + into[m];
        if (!next || from < *next) next = from;
      }
    });
    if (!next) return;
    std::uint64_t end = UINT64_MAX;  // the stretch [*next, end): no reading's write starts or ends inside it
    Region region = Region::keep;
    subsets([&](unsigned m) {  // one write per reading and step: a byte written twice pairs up in order
      at[m].reset();
      if (head[m] == byMask[m].size()) return;
      const Written& w = byMask[m][head[m]];
      const std::uint64_t from = w.dstByte + into[m];
      if (from != *next) {
        end = std::min(end, from);
        return;
      }
      at[m] = sourceAt(w.source, into[m]);
      end = std::min(end, w.dstByte + w.length);
      if (m == 0) region = w.region;
    });
    const std::uint64_t n = end - *next;
    subsets([&](unsigned m) {
      if (!at[m]) return;
      into[m] += n;
      if (into[m] == byMask[m][head[m]].length) ++head[m], into[m] = 0;
    });
    auto same = [&](unsigned a, unsigned b) {
      return at[a].has_value() == at[b].has_value() && (!at[a] || sameSource(*at[a], *at[b]));
    };
    bool agree = at[0].has_value();
    subsets([&](unsigned m) { agree = agree && same(m, 0); });
    if (agree) {
      if (at[0]->kind == ByteSource::Kind::source) {
        out.writeSourceRun(*next, at[0]->srcByte, n, region);
      } else {
        for (std::uint64_t k = 0; k < n; ++k) out.write(*next + k, *at[0], region);  // ANY, or one byte
      }
      continue;
    }
    Region blame = axisRegion.front();
    bool found = false;
    for (std::size_t k = 0; k < axisRegion.size() && !found; ++k) {
      if ((openMask >> k & 1u) == 0) continue;
      subsets([&](unsigned m) { found = found || !same(m, m ^ (1u << k)); });
      if (found) blame = axisRegion[k];
    }
    for (std::uint64_t k = 0; k < n; ++k) {
      out.write(*next + k, ByteSource::any(), blame);
      subsets([&](unsigned m) {  // every reading's source byte is read all the same
        if (at[m]) sink.noteRead(sourceAt(*at[m], k));
      });
    }
  }
}

}  // namespace dcconf::oracle::detail
