// G-6 for an implementation that follows a case's pinned profile: under the default profile an *alternatives*
// ambiguity accepts one whole reading, so the code an implementation runs for the other reading (the example plugin
// and profile-aware simulators pick their reading from the case) is never exercised. Here one ambiguity the case
// exercises is pinned to each of its readings in turn: where the implementation's output changes with the pin it
// follows the pin, and each pinned output must then be the oracle's for that reading; where it does not change, the
// pin is no input to it (a hardware-like implementation) and G-1's whole-reading check already judges it.
#include <optional>
#include <string>
#include <vector>

#include "compare.hpp"
#include "dcconf/oracle/alternatives.hpp"

namespace dcconf::properties {

using namespace oracle;
using namespace detail;

namespace {

// The open alternatives ambiguities the default expectation blames for an ANY byte, ascending (no enumeration of
// their combinations: that is G-1's).
std::vector<int> blamedAmbiguities(const Case& c, const Expectation& e) {
  std::vector<bool> seen(kLastAmbiguityId + 1, false);
  for (std::size_t i = 0; i < e.care.size(); ++i) {
    if (e.care[i] == 0) seen[static_cast<std::size_t>(ambiguityId(e.region[i]))] = true;
  }
  std::vector<int> out;
  for (const int id : kOpenAlternativeIds) {
    if (seen[static_cast<std::size_t>(id)] && leavesOpen(c.profile, id)) out.push_back(id);
  }
  return out;
}

}  // namespace

// One blamed ambiguity per case (picked by the case's destination size, so a unit's draws cover them all): two more
// IUT runs and two evaluations a case, whatever the number of open readings.
Outcome checkG6PinnedReadingsFollowed(Backend& iut, const CaseData& data) {
  std::string why;
  const auto base = computed(data, &why);
  if (!base) return Outcome::fail("G-6 " + familyOf(data.c) + ": generated case not computed: " + why);
  const std::vector<int> blamed = blamedAmbiguities(data.c, base->expectation);
  if (blamed.empty()) return Outcome::notApplicable("no open reading exercised");
  const int ambId = blamed[data.c.dst.sizeBytes % blamed.size()];
  CaseData pinned[2] = {data, data};
  std::optional<Evaluation> expected[2];
  for (int r = 0; r < 2; ++r) {
    pinned[r].c.profile = pinReading(data.c.profile, ambId, r == 1);
    expected[r] = computed(pinned[r], &why);
    // a reading under which the call is invalid or does not fit its buffers (e.g. AMB-15's per-burst V* tensor) is
    // not one of this case's alternatives: nothing to follow
    if (!expected[r]) return Outcome::notApplicable("AMB-" + std::to_string(ambId) + " pinned: " + why);
  }
  Run runs[2];
  for (int r = 0; r < 2; ++r) {
    runs[r] = runIut(iut, pinned[r].c, pinned[r].src, pinned[r].dstBefore);
    if (auto status = statusOutcome(runs[r], "G-6", pinned[r].c)) return *status;
  }
  if (runs[0].dst == runs[1].dst) return Outcome::notApplicable("the IUT does not follow a pinned reading");
  const ReadingWords words = readingWords(ambId);
  for (int r = 0; r < 2; ++r) {
    const auto& e = expected[r];
    const std::uint64_t byte = firstMismatch(e->expectation, runs[r].dst);
    if (byte == kNoMismatch) continue;
    const std::string word(r == 0 ? words.first : words.second);
    return Outcome::fail("G-6 " + familyOf(data.c) + ": AMB-" + std::to_string(ambId) +
                         ": the IUT follows the pinned reading (its output changes with the pin), but pinned to " +
                         word + " it differs from the oracle: " +
                         describeByte(pinned[r].c, e->expectation.expected, runs[r].dst, byte, regionOf(*e, byte)));
  }
  return Outcome::pass();
}

}  // namespace dcconf::properties
