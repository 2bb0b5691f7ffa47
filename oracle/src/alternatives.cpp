// G-6: whole readings of the alternatives ambiguities. The simple way the spec's wording allows: evaluate the
// case once per whole combination of the exercised open readings (each pinned in the profile) and diff against the
// default evaluation, keeping per ANY byte a set of combinations per distinct value instead of 2^k buffers.
#include "dcconf/oracle/alternatives.hpp"

#include <algorithm>
#include <cassert>
#include <cstdio>

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
    std::vector<Alternatives::Byte> bytes(anyIndex.size());
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
      for (std::size_t j = 0; j < anyIndex.size(); ++j) {
        const std::uint64_t i = anyIndex[j];
        Alternatives::Byte& b = bytes[j];
        if (e->care[i] == 0) {  // also a NaN-class element's bytes: AMB-16 opens the payload, firstMismatch checks the class
          b.unconstrained.set(m);
          continue;
        }
        auto found = std::find_if(b.choices.begin(), b.choices.end(),
                                  [&](const Alternatives::Choice& ch) { return ch.value == e->expected[i]; });
        if (found == b.choices.end()) found = b.choices.insert(b.choices.end(), {e->expected[i], {}});
        found->combinations.set(m);
      }
    }
    if (grown.size() > exercised.size() && exercised.size() < kMaxAmbiguities) {
      exercised = grown;
      continue;
    }
    out.bytes.reserve(static_cast<std::size_t>(
        std::count_if(bytes.begin(), bytes.end(), [](const Alternatives::Byte& b) { return !b.choices.empty(); })));
    for (std::size_t j = 0; j < anyIndex.size(); ++j) {
      if (bytes[j].choices.empty()) continue;  // ANY under every combination: nothing to choose
      bytes[j].index = anyIndex[j];
      out.bytes.push_back(std::move(bytes[j]));
    }
    out.pinnedEvaluations = evaluations;
    return out;
  }
}

bool anyOpen(const Profile& p) {
  return std::any_of(std::begin(kOpenAlternativeIds), std::end(kOpenAlternativeIds),
                     [&](int id) { return leavesOpen(p, id); });
}

Combinations maskOf(const Alternatives& a, const Alternatives::Byte& b, std::uint8_t actual) {
  Combinations mask = b.unconstrained;
  for (const auto& ch : b.choices) {
    if (ch.value == actual) mask |= ch.combinations;
  }
  return mask & a.valid;
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
  std::vector<std::vector<int>> seen;  // per reading in out: each alternatives byte's value, -1 for ANY
  for (std::size_t m = 0; m < a.combinationCount() && !a.empty(); ++m) {
    if (!a.valid.test(m)) continue;
    std::vector<int> values;
    values.reserve(a.bytes.size());
    for (const auto& b : a.bytes) {
      int value = -1;
      for (const auto& choice : b.choices) {
        if (choice.combinations.test(m)) value = choice.value;
      }
      values.push_back(value);
    }
    const auto found = std::find(seen.begin(), seen.end(), values);
    if (found != seen.end()) {
      out[static_cast<std::size_t>(found - seen.begin())].combinations.push_back(m);
      continue;
    }
    WholeReading reading{{m}, base.expected, base.care};
    for (std::size_t j = 0; j < a.bytes.size(); ++j) {
      if (values[j] < 0) continue;
      reading.expected[a.bytes[j].index] = static_cast<std::uint8_t>(values[j]);
      reading.care[a.bytes[j].index] = 1;
    }
    seen.push_back(std::move(values));
    out.push_back(std::move(reading));
  }
  return out;
}

Consistency consistentCombinations(const Alternatives& a, std::span<const std::uint8_t> actual) {
  Consistency out;
  out.consistent = a.valid;
  if (a.empty()) return out;
  for (std::size_t j = 0; j < a.bytes.size(); ++j) {
    const Alternatives::Byte& bj = a.bytes[j];
    const Combinations mj = maskOf(a, bj, actual[bj.index]);
    const Combinations next = out.consistent & mj;
    if (next.any()) {
      out.consistent = next;
      continue;
    }
    // Byte j empties the set: name a pair with an earlier byte when one explains it, else the bytes that narrowed.
    out.consistent.reset();
    if (mj.none()) {
      out.conflicting = {bj.index};
      return out;
    }
    Combinations narrowed = a.valid;
    std::vector<std::uint64_t> narrowing;
    for (std::size_t i = 0; i < j; ++i) {
      const Combinations mi = maskOf(a, a.bytes[i], actual[a.bytes[i].index]);
      if ((mi & mj).none()) {
        out.conflicting = {a.bytes[i].index, bj.index};
        return out;
      }
      if ((narrowed & mi) != narrowed) {
        narrowed &= mi;
        narrowing.push_back(a.bytes[i].index);
      }
    }
    narrowing.push_back(bj.index);
    out.conflicting = std::move(narrowing);
    return out;
  }
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
    const auto it = std::lower_bound(a.bytes.begin(), a.bytes.end(), index,
                                     [](const Alternatives::Byte& b, std::uint64_t i) { return b.index < i; });
    if (it == a.bytes.end() || it->index != index) continue;
    const Combinations mask = maskOf(a, *it, actual[index]);
    out += firstByte ? " byte " : "; byte ";
    firstByte = false;
    out += hexByte(bufferByte ? bufferByte(index) : index) + " = " + hexByte(actual[index]);
    if (mask.none()) {
      out += " matches no reading (";
      for (std::size_t c = 0; c < it->choices.size(); ++c) {
        const auto& ch = it->choices[c];
        for (std::size_t m = 0; m < a.combinationCount(); ++m) {
          if (!(ch.combinations & a.valid).test(m)) continue;
          out += (c == 0 ? "" : ", ") + hexByte(ch.value) + " under " + a.words(m);
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
