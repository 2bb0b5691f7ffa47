// G-6: whole readings of the alternatives ambiguities. The simple way the spec's wording allows: evaluate the
// case once per whole combination of the exercised open readings (each pinned in the profile) and diff against the
// default evaluation, keeping per ANY byte a set of combinations per distinct value instead of 2^k buffers.
#include "dcconf/oracle/alternatives.hpp"

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <string>
#include <unordered_map>
#include <utility>

#include "byte_scan.hpp"

namespace dcconf::oracle {

bool isAlternatives(int ambId) { return (ambId >= 7 && ambId <= 15) || (ambId >= 19 && ambId <= 22) || ambId == 40 || ambId == 41; }

ReadingWords readingWords(int ambId) {
  switch (ambId) {
    case 7: return {"basic-api-page", "c-api-page"};
    case 8: return {"offset-signed", "offset-unsigned"};
    case 9: return {"shift-raw", "shift-plus-one"};
    case 10: return {"deq-rne", "deq-trunc"};
    case 11: return {"relu-before-offset", "relu-after-offset"};
    case 12: return {"negscale-signed", "negscale-magnitude"};
    case 13: return {"vdeq-repeat", "vdeq-advance"};
    case 14: return {"deq16-no-offset", "deq16-offset"};
    case 15: return {"sid-doc", "sid-matmul"};
    case 19: return {"enh-len-block", "enh-len-32b"};
    case 20: return {"deqf16-mcb-int16", "deqf16-mcb-half"};
    case 21: return {"cmp-pads-ignored", "cmp-pads-run"};
    case 22: return {"cmp-stride-ignored", "cmp-stride-bytes"};
    case 40: return {"brc-dstgap-gap", "brc-dstgap-stride"};
    case 41: return {"brc-half-len-16", "brc-half-len-64b"};
    default: return {};
  }
}

bool leavesOpen(const Profile& p, int ambId) {
  switch (ambId) {
    case 8: return p.fixOffset == Profile::FixOffset::any;
    case 9: return p.fixShift == Profile::FixShift::any;
    case 10: return p.fixDeqRounding == Profile::FixDeqRounding::any;
    case 11: return p.fixReluOrder == Profile::FixReluOrder::any;
    case 12: return p.fixNegScale == Profile::FixNegScale::any;
    case 13: return p.vdeqTensorStep == Profile::VdeqTensorStep::any;
    case 14: return p.deq16Offset == Profile::Deq16Offset::any;
    case 19: return p.enhBlockLenUnit == Profile::EnhBlockLenUnit::any;
    case 20: return p.deqf16Mcb == Profile::Deqf16Mcb::any;
    case 21: return p.compactPads == Profile::CompactPads::any;
    case 22: return p.compactUbStride == Profile::CompactUbStride::any;
    case 40: return p.brcDstGap == Profile::BrcDstGap::any;
    case 41: return p.brcHalfLen == Profile::BrcHalfLen::any;
    default: return false;  // AMB-7 and AMB-15 have a pinned default; the others are not alternatives
  }
}

Profile pinReading(Profile p, int ambId, bool second) {
  switch (ambId) {
    case 8: p.fixOffset = second ? Profile::FixOffset::offsetUnsigned : Profile::FixOffset::offsetSigned; break;
    case 9: p.fixShift = second ? Profile::FixShift::shiftPlusOne : Profile::FixShift::shiftRaw; break;
    case 10: p.fixDeqRounding = second ? Profile::FixDeqRounding::deqTrunc : Profile::FixDeqRounding::deqRne; break;
    case 11:
      p.fixReluOrder = second ? Profile::FixReluOrder::reluAfterOffset : Profile::FixReluOrder::reluBeforeOffset;
      break;
    case 12:
      p.fixNegScale = second ? Profile::FixNegScale::negScaleMagnitude : Profile::FixNegScale::negScaleSigned;
      break;
    case 13: p.vdeqTensorStep = second ? Profile::VdeqTensorStep::advance : Profile::VdeqTensorStep::repeat; break;
    case 14: p.deq16Offset = second ? Profile::Deq16Offset::added : Profile::Deq16Offset::ignored; break;
    case 19:
      p.enhBlockLenUnit = second ? Profile::EnhBlockLenUnit::dataBlock32 : Profile::EnhBlockLenUnit::block;
      break;
    case 20: p.deqf16Mcb = second ? Profile::Deqf16Mcb::half : Profile::Deqf16Mcb::int16; break;
    case 21: p.compactPads = second ? Profile::CompactPads::run : Profile::CompactPads::ignored; break;
    case 22:
      p.compactUbStride = second ? Profile::CompactUbStride::bytes : Profile::CompactUbStride::ignored;
      break;
    case 40: p.brcDstGap = second ? Profile::BrcDstGap::stride : Profile::BrcDstGap::gap; break;
    case 41: p.brcHalfLen = second ? Profile::BrcHalfLen::bytes64 : Profile::BrcHalfLen::elems16; break;
    case 7:
      p.smallC0Polarity = second ? Profile::SmallC0Polarity::cApiPage : Profile::SmallC0Polarity::basicApiPage;
      break;
    case 15: p.sidHalf = second ? Profile::SidHalf::matmulPairing : Profile::SidHalf::docPage; break;
    default: break;
  }
  return p;
}

std::string Alternatives::words(std::size_t combination) const {
  std::string out;
  for (std::size_t k = 0; k < ambIds.size(); ++k) {
    const ReadingWords w = readingWords(ambIds[k]);
    if (!out.empty()) out += ',';
    out += ((combination >> k) & 1u) != 0 ? w.second : w.first;
  }
  return out;
}

std::uint64_t Alternatives::byteCount() const {
  std::uint64_t n = 0;
  for (const Run& run : runs) n += run.length;
  return n;
}

std::optional<Alternatives::Byte> Alternatives::byteAt(std::uint64_t index) const {
  const auto startsAfter = [](std::uint64_t i, const Run& r) { return i < r.index; };
  auto it = std::upper_bound(runs.begin(), runs.end(), index, startsAfter);
  if (it == runs.begin()) return std::nullopt;
  --it;
  if (index - it->index >= it->length) return std::nullopt;
  const Pattern& p = patterns[it->pattern];
  return Byte{index, &p, values.data() + it->firstValue + (index - it->index) * p.choices.size()};
}

namespace {

constexpr std::size_t kMaxAmbiguities = 8;
static_assert(std::size_t{1} << kMaxAmbiguities == kMaxCombinations);

// The open alternatives ambiguities an expectation blames for an ANY byte, added to `into` (kept sorted, unique).
void addBlamed(const Expectation& e, const Profile& profile, std::vector<int>& into) {
  bool seen[kLastAmbiguityId + 1] = {};
  detail::forEachZeroByte(e.care, [&](std::uint64_t i) {
    if (const int id = ambiguityId(e.region[i]); id != 0) seen[id] = true;
  });
  for (const int id : kOpenAlternativeIds) {
    if (seen[id] && leavesOpen(profile, id) && std::find(into.begin(), into.end(), id) == into.end()) {
      into.push_back(id);
    }
  }
  std::sort(into.begin(), into.end());
}

// The decided bytes under construction: per ANY byte of the base, its pattern so far and its distinct values. A
// pattern is a label per combination (kUnseen, kAny, or the index of the value it gives), interned, so that the
// bytes of a wide case share a few patterns instead of each holding 2^k sets. The values sit in one array, the
// same number of slots a byte; a byte with more values than that widens them all.
class ByteTable {
 public:
  static constexpr char16_t kUnseen = 0xFFFF;
  static constexpr char16_t kAny = 0xFFFE;

  ByteTable(std::size_t combinations, std::uint64_t anyBytes)
      : pattern_(anyBytes, 0), values_(anyBytes * width_) {
    intern(std::u16string(combinations, kUnseen));  // pattern 0: nothing seen yet
  }

  // Under combination m, ANY byte j of the base is ANY too (care 0), or has `value`.
  void record(std::size_t m, std::uint64_t j, bool cared, std::uint8_t value) {
    const std::size_t known = choiceCount_[pattern_[j]];
    char16_t label = kAny;
    if (cared) {
      label = static_cast<char16_t>(known);  // a new value unless one is already known (at most 256 values)
      for (std::size_t k = 0; k < known; ++k) {
        if (valueOf(j, k) == value) {
          label = static_cast<char16_t>(k);
          break;
        }
      }
      if (label == known) setValue(j, known, value);
    }
    pattern_[j] = transition(pattern_[j], m, label);
  }

  // The result: runs of consecutive indices with one pattern, bytes with no choice left out.
  void finish(const std::vector<std::uint64_t>& indexOf, Alternatives& out) const {
    std::vector<std::uint32_t> outPattern(labels_.size(), UINT32_MAX);
    for (std::uint64_t j = 0; j < pattern_.size(); ++j) {
      const std::uint32_t p = pattern_[j];
      if (choiceCount_[p] == 0) continue;  // ANY under every combination: nothing to choose
      if (outPattern[p] == UINT32_MAX) {
        outPattern[p] = static_cast<std::uint32_t>(out.patterns.size());
        out.patterns.push_back(patternOf(labels_[p]));
      }
      const std::uint64_t index = indexOf[j];
      Alternatives::Run* last = out.runs.empty() ? nullptr : &out.runs.back();
      if (last == nullptr || last->pattern != outPattern[p] || last->index + last->length != index) {
        out.runs.push_back({index, 0, out.values.size(), outPattern[p]});
        last = &out.runs.back();
      }
      ++last->length;
      for (std::size_t k = 0; k < choiceCount_[p]; ++k) out.values.push_back(valueOf(j, k));
    }
  }

 private:
  std::uint8_t valueOf(std::uint64_t j, std::size_t k) const { return values_[j * width_ + k]; }
  void setValue(std::uint64_t j, std::size_t k, std::uint8_t value) {
    if (k >= width_) widen(std::max(2 * width_, k + 1));
    values_[j * width_ + k] = value;
  }
  void widen(std::size_t width) {
    std::vector<std::uint8_t> wider(pattern_.size() * width);
    for (std::uint64_t j = 0; j < pattern_.size(); ++j) {
      std::copy_n(values_.begin() + static_cast<std::ptrdiff_t>(j * width_), width_,
                  wider.begin() + static_cast<std::ptrdiff_t>(j * width));
    }
    values_ = std::move(wider);
    width_ = width;
  }

  std::uint32_t intern(const std::u16string& labels) {
    const auto [it, added] = ids_.try_emplace(labels, static_cast<std::uint32_t>(labels_.size()));
    if (added) {
      labels_.push_back(labels);
      std::size_t choices = 0;
      for (const char16_t label : labels) {
        if (label != kUnseen && label != kAny) choices = std::max<std::size_t>(choices, label + 1u);
      }
      choiceCount_.push_back(choices);
      steps_.emplace_back();
    }
    return it->second;
  }

  // Pattern `from` with combination m labelled. Each pattern remembers its steps under the current combination:
  // a pass meets few (pattern, label) pairs, over and over.
  std::uint32_t transition(std::uint32_t from, std::size_t m, char16_t label) {
    if (steps_[from].m != m) {
      steps_[from].m = m;
      steps_[from].to.clear();
    }
    for (const auto& [known, to] : steps_[from].to) {
      if (known == label) return to;
    }
    std::u16string labels = labels_[from];
    labels[m] = label;
    const std::uint32_t to = intern(labels);  // may add a pattern: steps_ grows, so index it again
    steps_[from].to.emplace_back(label, to);
    return to;
  }

  Alternatives::Pattern patternOf(const std::u16string& labels) const {
    Alternatives::Pattern out;
    for (std::size_t m = 0; m < labels.size(); ++m) {
      const char16_t label = labels[m];
      if (label == kUnseen) continue;
      if (label == kAny) {
        out.unconstrained.set(m);
        continue;
      }
      if (out.choices.size() <= label) out.choices.resize(label + 1u);
      out.choices[label].set(m);
    }
    return out;
  }

  std::size_t width_ = 2;  // value slots a byte (before pattern_ and values_: they are sized with it)
  std::vector<std::uint32_t> pattern_;  // per ANY byte
  std::vector<std::uint8_t> values_;    // byte j's value k at j * width_ + k
  std::vector<std::u16string> labels_;  // by pattern id
  std::vector<std::size_t> choiceCount_;
  std::unordered_map<std::u16string, std::uint32_t> ids_;
  struct Steps {
    std::size_t m = SIZE_MAX;  // the combination `to` is for
    std::vector<std::pair<char16_t, std::uint32_t>> to;
  };
  std::vector<Steps> steps_;  // by pattern id
};

// evalPinned(case) -> the expectation of that case, or nullptr when it is not computed (not an alternative).
template <class EvalPinned>
Alternatives enumerate(const Case& c, const Expectation& base, EvalPinned&& evalPinned) {
  std::vector<int> exercised;
  addBlamed(base, c.profile, exercised);
  if (exercised.empty()) return {};
  std::vector<std::uint64_t> anyIndex;
  detail::forEachZeroByte(base.care, [&](std::uint64_t i) { anyIndex.push_back(i); });
  std::uint64_t evaluations = 0;
  while (true) {
    // An ambiguity can be masked by another (the blame goes to the first reading whose flip changes a value), so
    // the set grows until no whole combination leaves an open alternatives ambiguity to blame.
    if (exercised.size() > kMaxAmbiguities) exercised.resize(kMaxAmbiguities);  // the rest stay byte-wise ANY
    Alternatives out;
    out.ambIds = exercised;
    ByteTable table(out.combinationCount(), anyIndex.size());
    std::vector<int> grown = exercised;
    for (std::size_t m = 0; m < out.combinationCount(); ++m) {
      Case pinned = c;
      for (std::size_t k = 0; k < exercised.size(); ++k) {
        pinned.profile = pinReading(pinned.profile, exercised[k], ((m >> k) & 1u) != 0);
      }
      ++evaluations;
      const Expectation* e = evalPinned(pinned);
      if (e == nullptr) continue;
      assert(e->care.size() == base.care.size());
      out.valid.set(m);
      if (grown.size() < kMaxAmbiguities) addBlamed(*e, pinned.profile, grown);
      for (std::uint64_t j = 0; j < anyIndex.size(); ++j) {
        // care 0 also for a NaN-class element's bytes: AMB-16 opens the payload, firstMismatch checks the class
        const std::uint64_t i = anyIndex[j];
        table.record(m, j, e->care[i] != 0, e->expected[i]);
      }
    }
    if (grown.size() > exercised.size() && exercised.size() < kMaxAmbiguities) {
      exercised = grown;
      continue;
    }
    table.finish(anyIndex, out);
    out.pinnedEvaluations = evaluations;
    return out;
  }
}

bool anyOpen(const Profile& p) {
  return std::any_of(std::begin(kOpenAlternativeIds), std::end(kOpenAlternativeIds),
                     [&](int id) { return leavesOpen(p, id); });
}

Combinations maskOf(const Alternatives& a, const Alternatives::Byte& b, std::uint8_t actual) {
  return b.follows(actual) & a.valid;
}

std::string hexByte(std::uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace

Alternatives alternatives(const Case& c, std::span<const std::uint8_t> src, std::span<const std::uint8_t> dstBefore,
                          const Expectation& base) {
  if (!anyOpen(c.profile)) return {};
  Evaluation scratch;
  return enumerate(c, base, [&](const Case& pinned) -> const Expectation* {
    evaluate(pinned, src, dstBefore, scratch);
    return scratch.verdict == Verdict::computed ? &scratch.expectation : nullptr;
  });
}

Alternatives alternativesInWindows(const Case& c, std::span<const std::uint8_t> src,
                                   std::span<const std::uint8_t> dstBefore, const WindowedEvaluation& base) {
  if (!anyOpen(c.profile)) return {};
  WindowedEvaluation scratch;
  return enumerate(c, base.expectation, [&](const Case& pinned) -> const Expectation* {
    evaluateWindows(pinned, src, dstBefore, base.windows, scratch);
    // A combination writing outside the default's windows cannot be compared here: not an alternative.
    return scratch.verdict == Verdict::computed && scratch.uncoveredWrites == 0 ? &scratch.expectation : nullptr;
  });
}

std::vector<WholeReading> distinctReadings(const Alternatives& a, const Expectation& base) {
  std::vector<WholeReading> out;
  std::vector<std::vector<int>> seen;  // per reading in out: each decided byte's value, -1 for ANY
  for (std::size_t m = 0; m < a.combinationCount() && !a.empty(); ++m) {
    if (!a.valid.test(m)) continue;
    std::vector<int> values;
    a.forEachByte([&](const Alternatives::Byte& b) {
      int value = -1;
      for (std::size_t k = 0; k < b.choiceCount(); ++k) {
        if (b.combinations(k).test(m)) value = b.value(k);
      }
      values.push_back(value);
      return true;
    });
    const auto found = std::find(seen.begin(), seen.end(), values);
    if (found != seen.end()) {
      out[static_cast<std::size_t>(found - seen.begin())].combinations.push_back(m);
      continue;
    }
    WholeReading reading{{m}, base.expected, base.care};
    std::size_t j = 0;
    a.forEachByte([&](const Alternatives::Byte& b) {
      if (values[j] >= 0) {
        reading.expected[b.index] = static_cast<std::uint8_t>(values[j]);
        reading.care[b.index] = 1;
      }
      ++j;
      return true;
    });
    seen.push_back(std::move(values));
    out.push_back(std::move(reading));
  }
  return out;
}

Consistency consistentCombinations(const Alternatives& a, std::span<const std::uint8_t> actual) {
  Consistency out;
  out.consistent = a.valid;
  if (a.empty()) return out;
  std::optional<Alternatives::Byte> emptied;  // the byte that empties the set
  a.forEachByte([&](const Alternatives::Byte& b) {
    const Combinations next = out.consistent & maskOf(a, b, actual[b.index]);
    if (next.none()) {
      emptied = b;
      return false;
    }
    out.consistent = next;
    return true;
  });
  if (!emptied) return out;
  // Name a pair with an earlier byte when one explains it, else the bytes that narrowed.
  out.consistent.reset();
  const Alternatives::Byte bj = *emptied;
  const Combinations mj = maskOf(a, bj, actual[bj.index]);
  if (mj.none()) {
    out.conflicting = {bj.index};
    return out;
  }
  Combinations narrowed = a.valid;
  std::vector<std::uint64_t> narrowing;
  a.forEachByte([&](const Alternatives::Byte& bi) {
    if (bi.index == bj.index) return false;
    const Combinations mi = maskOf(a, bi, actual[bi.index]);
    if ((mi & mj).none()) {
      out.conflicting = {bi.index, bj.index};
      return false;
    }
    if ((narrowed & mi) != narrowed) {
      narrowed &= mi;
      narrowing.push_back(bi.index);
    }
    return true;
  });
  if (!out.conflicting.empty()) return out;
  narrowing.push_back(bj.index);
  out.conflicting = std::move(narrowing);
  return out;
}

unsigned readingsOf(const Alternatives& a, const Combinations& combinations, std::size_t k) {
  unsigned bits = 0;
  for (std::size_t m = 0; m < a.combinationCount(); ++m) {
    if (combinations.test(m)) bits |= 1u << ((m >> k) & 1u);
  }
  return bits;
}

std::string readingText(int ambId, unsigned readings) {
  const ReadingWords w = readingWords(ambId);
  std::string out = "AMB-" + std::to_string(ambId) + " ";
  if ((readings & 1u) != 0) out += w.first;
  if (readings == 3u) out += "|";
  if ((readings & 2u) != 0) out += w.second;
  if (readings == 0) out += "(no reading)";
  return out;
}

std::string describeConflict(const Alternatives& a, const Consistency& consistency,
                             std::span<const std::uint8_t> actual,
                             const std::function<std::uint64_t(std::uint64_t)>& bufferByte) {
  std::string out = "G-6: no single combination of the open readings explains the output (a call follows one whole "
                    "reading of each ambiguity):";
  bool firstByte = true;
  for (const std::uint64_t index : consistency.conflicting) {
    const std::optional<Alternatives::Byte> it = a.byteAt(index);
    if (!it) continue;
    const Combinations mask = maskOf(a, *it, actual[index]);
    out += firstByte ? " byte " : "; byte ";
    firstByte = false;
    out += hexByte(bufferByte ? bufferByte(index) : index) + " = " + hexByte(actual[index]);
    if (mask.none()) {
      out += " matches no reading (";
      for (std::size_t c = 0; c < it->choiceCount(); ++c) {
        for (std::size_t m = 0; m < a.combinationCount(); ++m) {
          if (!(it->combinations(c) & a.valid).test(m)) continue;
          out += (c == 0 ? "" : ", ") + hexByte(it->value(c)) + " under " + a.words(m);
          break;
        }
      }
      out += ")";
      continue;
    }
    if (mask.count() <= 2) {
      out += " follows only ";
      bool first = true;
      for (std::size_t m = 0; m < a.combinationCount(); ++m) {
        if (!mask.test(m)) continue;
        out += (first ? "" : " or ") + a.words(m);
        first = false;
      }
      continue;
    }
    out += " follows only";
    for (std::size_t k = 0; k < a.ambIds.size(); ++k) {
      const unsigned r = readingsOf(a, mask, k);
      const unsigned all = readingsOf(a, a.valid, k);
      if (r != all) out += " " + readingText(a.ambIds[k], r);
    }
  }
  return out;
}

}  // namespace dcconf::oracle
