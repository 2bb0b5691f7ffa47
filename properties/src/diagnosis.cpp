#include "dcconf/properties/diagnosis.hpp"

#include <algorithm>
#include <bit>
#include <vector>

#include "dcconf/oracle/alternatives.hpp"

namespace dcconf::properties {
namespace {

// How the oracle under a set of deviations meets a wrong output: whether it reproduces it (reproducingDeviations'
// rules), and whether it moves any byte the true expectation gets wrong (a deviation that moves none is not tried in
// a pair or a triple).
struct Trial {
  bool reproduces = false;
  bool movesWrongByte = false;
};

Trial trial(oracle::FixDeviations deviations, const casefile::CaseData& data, const oracle::Expectation& base,
            std::span<const std::uint8_t> actual, const std::vector<std::size_t>& wrong) {
  const oracle::AsIf asIf(deviations);
  const oracle::Evaluation e = oracle::evaluate(data.c, data.src, data.dstBefore);
  if (e.verdict != oracle::Verdict::computed) return {};
  Trial t;
  t.movesWrongByte = wrong.empty() || std::any_of(wrong.begin(), wrong.end(), [&](std::size_t b) {
    return e.expectation.care[b] != base.care[b] || e.expectation.expected[b] != base.expected[b];
  });
  if (oracle::firstMismatch(e.expectation, actual) != oracle::kNoMismatch) return t;
  // the deviations must get a wrong byte right (a value, or a NaN class: not only leave it open); the bytes they
  // leave to open readings, as every byte of a G-6-only failure, must follow them whole
  std::vector<std::uint8_t> classed(actual.size(), 0);
  for (const oracle::ClassConstraint& k : e.expectation.classes) {
    for (std::uint64_t b = k.index; b < k.index + oracle::sizeBytes(k.dtype) && b < classed.size(); ++b) classed[b] = 1;
  }
  const auto cared = [&](std::size_t b) { return e.expectation.care[b] != 0 || classed[b] != 0; };
  if (!wrong.empty() && std::none_of(wrong.begin(), wrong.end(), cared)) return t;
  if (wrong.empty() || !std::all_of(wrong.begin(), wrong.end(), cared)) {
    const oracle::Alternatives alternatives = oracle::alternatives(data.c, data.src, data.dstBefore, e.expectation);
    if (!alternatives.empty() && oracle::consistentCombinations(alternatives, actual).consistent.none()) return t;
  }
  t.reproduces = true;
  return t;
}

constexpr std::size_t kMostDeviations = 3;  // a draw rarely shows more faults at once

std::string statedOne(oracle::FixDeviation deviation) {
  return "(as if: " + std::string(oracle::describe(deviation)) + ")";
}

}  // namespace

oracle::FixDeviations reproducingDeviations(const casefile::CaseData& data, const oracle::Expectation& base,
                                            std::span<const std::uint8_t> actual) {
  const oracle::FixDeviations applicable = oracle::applicableDeviations(data.c);
  if (applicable == 0 || actual.size() != base.expected.size()) return 0;
  std::vector<std::size_t> wrong;  // cared bytes actual gets wrong, and those of an element that breaks its NaN class
  for (std::size_t b = 0; b < actual.size(); ++b) {
    if (base.care[b] != 0 && base.expected[b] != actual[b]) wrong.push_back(b);
  }
  if (const std::uint64_t k = oracle::firstClassViolation(base.classes, actual); k != oracle::kNoMismatch) {
    for (std::uint64_t b = base.classes[k].index; b < base.classes[k].index + oracle::sizeBytes(base.classes[k].dtype); ++b) {
      wrong.push_back(b);
    }
  }
  // one deviation alone, and pairs and triples of those that move a wrong byte by themselves: the output is named
  // only when one minimal set (no reproducing part) reproduces it, as two explanations are no diagnosis
  oracle::FixDeviations moving = 0;
  std::vector<oracle::FixDeviations> minimal;
  for (const oracle::FixDeviation d : oracle::kFixDeviations) {
    if ((applicable & oracle::bitOf(d)) == 0) continue;
    const Trial t = trial(oracle::bitOf(d), data, base, actual, wrong);
    if (t.movesWrongByte) moving |= oracle::bitOf(d);
    if (t.reproduces) minimal.push_back(oracle::bitOf(d));
  }
  if (minimal.size() > 1) return 0;
  constexpr auto kAll = oracle::FixDeviations{1} << oracle::kFixDeviations.size();
  for (std::size_t size = 2; size <= kMostDeviations; ++size) {
    for (oracle::FixDeviations set = 1; set < kAll; ++set) {
      if ((set & ~moving) != 0 || static_cast<std::size_t>(std::popcount(set)) != size) continue;
      if (std::any_of(minimal.begin(), minimal.end(), [&](oracle::FixDeviations m) { return (m & ~set) == 0; })) continue;
      if (!trial(set, data, base, actual, wrong).reproduces) continue;
      minimal.push_back(set);
      if (minimal.size() > 1) return 0;
    }
  }
  return minimal.empty() ? 0 : minimal.front();
}

std::string stated(oracle::FixDeviations deviations) {
  std::string text;
  for (const oracle::FixDeviation d : oracle::kFixDeviations) {
    if ((deviations & oracle::bitOf(d)) != 0) text += (text.empty() ? "" : " ") + statedOne(d);
  }
  return text;
}

oracle::FixDeviations deviationsIn(std::string_view message) {
  oracle::FixDeviations out = 0;
  for (const oracle::FixDeviation d : oracle::kFixDeviations) {
    if (message.find(statedOne(d)) != std::string_view::npos) out |= oracle::bitOf(d);
  }
  return out;
}

}  // namespace dcconf::properties
