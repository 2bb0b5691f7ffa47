// G-6 for an implementation that follows a case's pinned profile: under the default profile an *alternatives*
// ambiguity accepts one whole reading, so the code an implementation runs for the other reading (the example plugin
// and profile-aware simulators pick their reading from the case) is never exercised. Here each exercised ambiguity
// is pinned to each of its readings in turn: where the implementation's output changes with the pin it follows the
// pin, and each pinned output must then be the oracle's for that reading; where it does not change, the pin is not an
// input to it (a hardware-like implementation) and G-1's whole-reading check already judges it.
#include <string>

#include "compare.hpp"
#include "dcconf/oracle/alternatives.hpp"

namespace dcconf::properties {

using namespace oracle;
using namespace detail;

Outcome checkG6PinnedReadingsFollowed(Backend& iut, const CaseData& data) {
  std::string why;
  const auto base = computed(data, &why);
  if (!base) return Outcome::fail("G-6 " + familyOf(data.c) + ": generated case not computed: " + why);
  const Alternatives open = alternatives(data.c, data.src, data.dstBefore, base->expectation);
  if (open.empty()) return Outcome::notApplicable("no open reading exercised");
  bool followed = false;
  for (const int ambId : open.ambIds) {
    CaseData pinned[2] = {data, data};
    Run runs[2];
    for (int r = 0; r < 2; ++r) {
      pinned[r].c.profile = pinReading(data.c.profile, ambId, r == 1);
      runs[r] = runIut(iut, pinned[r].c, pinned[r].src, pinned[r].dstBefore);
      if (auto status = statusOutcome(runs[r], "G-6", pinned[r].c)) return *status;
    }
    if (runs[0].dst == runs[1].dst) continue;  // the pin is no input to this implementation
    followed = true;
    const ReadingWords words = readingWords(ambId);
    for (int r = 0; r < 2; ++r) {
      const auto e = computed(pinned[r], &why);
      if (!e) continue;  // this reading does not fit the case's buffers: not one of its alternatives
      const std::uint64_t byte = firstMismatch(e->expectation, runs[r].dst);
      if (byte == kNoMismatch) continue;
      const std::string word(r == 0 ? words.first : words.second);
      return Outcome::fail("G-6 " + familyOf(data.c) + ": AMB-" + std::to_string(ambId) +
                           ": the IUT follows the pinned reading (its output changes with the pin), but pinned to " +
                           word + " it differs from the oracle: " +
                           describeByte(pinned[r].c, e->expectation.expected, runs[r].dst, byte, regionOf(*e, byte)));
    }
  }
  return followed ? Outcome::pass() : Outcome::notApplicable("the IUT does not follow a pinned reading");
}

}  // namespace dcconf::properties
