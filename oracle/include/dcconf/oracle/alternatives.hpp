// G-6: the ambiguities of kind *alternatives* are one hardware behaviour each, so a case follows one whole
// combination of their readings. The default expectation leaves every byte such a reading decides ANY; this adds,
// for those bytes, which combinations give which value, so a comparison can demand that one combination explains
// every checked byte, and a run can say which readings an implementation follows (its reading fingerprint).
#pragma once

#include <bitset>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dcconf/oracle/case.hpp"
#include "dcconf/oracle/expectation.hpp"
#include "dcconf/oracle/oracle.hpp"

namespace dcconf::oracle {

// The alternatives ambiguities the oracle can leave open (a Profile value "any"), in register order. AMB-7 and
// AMB-15 are alternatives too, but the Profile pins a default reading of each (the page's), so they are never open.
inline constexpr int kOpenAlternativeIds[] = {8, 9, 10, 11, 12, 13, 14, 19, 20, 21, 22, 40, 41};
bool isAlternatives(int ambId);  // the register's kind column: AMB-7..15, 19..22, 40, 41
// The profile words of AMB-n's two readings ({"offset-signed", "offset-unsigned"} for 8); empty views otherwise.
struct ReadingWords {
  std::string_view first;
  std::string_view second;
};
ReadingWords readingWords(int ambId);
// Whether `profile` leaves AMB-n open (its field is "any").
bool leavesOpen(const Profile& profile, int ambId);
// `profile` with AMB-n pinned to its first (second = false) or second reading.
Profile pinReading(Profile profile, int ambId, bool second);

// At most 8 exercised ambiguities: 256 combinations (FIX opens 6, ENH up to 8).
inline constexpr std::size_t kMaxCombinations = 256;
using Combinations = std::bitset<kMaxCombinations>;

struct Alternatives {
  // The exercised open alternatives ambiguities, ascending. Combination m takes the second reading of ambIds[k]
  // when bit k of m is set.
  std::vector<int> ambIds;
  // The combinations that are alternatives of the case: computed under that whole pinned profile (a combination
  // whose validation or footprint does not fit the case's buffers is not one).
  Combinations valid;
  // The bytes some combination decides (the base expectation's other ANY bytes have nothing to choose), stored as
  // runs of consecutive indices that share a pattern: which combinations give the byte's first, second, ...
  // distinct value, and under which it stays ANY. A wide case's millions of such bytes cost a few bytes each.
  struct Pattern {
    Combinations unconstrained;          // combinations under which the byte is still ANY (AMB-16, NaN, a dummy byte)
    std::vector<Combinations> choices;   // per distinct value, in the order the combinations first give it
  };
  struct Run {
    std::uint64_t index = 0;   // of its first byte in the base expectation (a buffer byte, or a window index)
    std::uint64_t length = 0;
    std::uint64_t firstValue = 0;  // byte j's value of choice k: values[firstValue + j * choices + k]
    std::uint32_t pattern = 0;
  };
  std::vector<Pattern> patterns;
  std::vector<Run> runs;  // ascending index, disjoint
  std::vector<std::uint8_t> values;
  std::uint64_t pinnedEvaluations = 0;  // how many whole-profile evaluations this took (cost accounting)

  // One decided byte.
  struct Byte {
    std::uint64_t index = 0;
    const Pattern* pattern = nullptr;
    const std::uint8_t* values = nullptr;  // one per choice
    std::size_t choiceCount() const { return pattern->choices.size(); }
    std::uint8_t value(std::size_t k) const { return values[k]; }
    const Combinations& combinations(std::size_t k) const { return pattern->choices[k]; }
    const Combinations& unconstrained() const { return pattern->unconstrained; }
    // The combinations under which the byte may be `actual`: those giving that value, and those leaving it ANY.
    Combinations follows(std::uint8_t actual) const {
      Combinations out = pattern->unconstrained;
      for (std::size_t k = 0; k < choiceCount(); ++k) {
        if (values[k] == actual) out |= pattern->choices[k];
      }
      return out;
    }
  };
  std::uint64_t byteCount() const;
  // f(const Byte&) for every decided byte in ascending index; f returns false to stop.
  template <class F>
  void forEachByte(F&& f) const {
    for (const Run& run : runs) {
      const Pattern& p = patterns[run.pattern];
      for (std::uint64_t j = 0; j < run.length; ++j) {
        if (!f(Byte{run.index + j, &p, values.data() + run.firstValue + j * p.choices.size()})) return;
      }
    }
  }
  // The decided byte at `index`, or none.
  std::optional<Byte> byteAt(std::uint64_t index) const;

  std::size_t combinationCount() const { return std::size_t{1} << ambIds.size(); }
  bool empty() const { return ambIds.empty(); }
  // The profile words of combination m: "offset-signed,shift-raw".
  std::string words(std::size_t combination) const;
};

// One distinct whole reading of a case: `base` with every byte this reading decides set and cared. Combinations
// that give the same bytes share one reading, named by the first (the files of `dcconf case` and of golden vectors).
struct WholeReading {
  std::vector<std::size_t> combinations;  // ascending; combinations[0] names the reading
  std::vector<std::uint8_t> expected;
  std::vector<std::uint8_t> care;
};
// The distinct whole readings of `alternatives` over a full (not windowed) `base`, in combination order.
std::vector<WholeReading> distinctReadings(const Alternatives& alternatives, const Expectation& base);

// The alternatives of a computed case whose default evaluation is `base` (evaluate(c, src, dstBefore)). Only the
// ambiguities the case exercises are enumerated: those blamed for an ANY byte under some combination of the others.
// Empty when the profile leaves none open or the case exercises none.
Alternatives alternatives(const Case& c, std::span<const std::uint8_t> src, std::span<const std::uint8_t> dstBefore,
                          const Expectation& base);
// The same for a sparse evaluation over `windows` (indices are window indices, as base.expectation's).
Alternatives alternativesInWindows(const Case& c, std::span<const std::uint8_t> src,
                                   std::span<const std::uint8_t> dstBefore, const WindowedEvaluation& base);

// For an output that matches the base expectation on every cared byte: the combinations that explain every byte of
// `actual` (indexed like the base expectation). Empty = a byte-wise mix of readings (G-6).
struct Consistency {
  Combinations consistent;
  // When consistent is empty: a few byte indices no single combination explains together (two when a pair does).
  std::vector<std::uint64_t> conflicting;
};
Consistency consistentCombinations(const Alternatives& alternatives, std::span<const std::uint8_t> actual);
// Of `combinations`, which readings of ambIds[k] occur: bit 0 the first reading, bit 1 the second.
unsigned readingsOf(const Alternatives& alternatives, const Combinations& combinations, std::size_t k);
// "AMB-8 offset-signed" / "AMB-8 offset-signed|offset-unsigned" for readingsOf's bits.
std::string readingText(int ambId, unsigned readings);
// The G-6 failure line: "G-6: no single combination of the open readings explains the output: byte 0x40 follows
// only AMB-8 offset-signed; byte 0x44 only AMB-8 offset-unsigned". bufferByte maps an index to a buffer offset.
std::string describeConflict(const Alternatives& alternatives, const Consistency& consistency,
                             std::span<const std::uint8_t> actual,
                             const std::function<std::uint64_t(std::uint64_t)>& bufferByte = {});

}  // namespace dcconf::oracle
