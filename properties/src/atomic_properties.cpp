// ATOM (project, issue 31 item 7): the atomic copies to GM checked in the default run without a generator of their
// own. Each drawn VECIN/VECOUT->GM DataCopy / DataCopyPad is turned into its atomic twin (SetAtomicAdd, Max or Min
// of the case's T, one per case) and checked against the oracle with the drawn destination as prior content (G-1 on
// ATOM-3), and the law "add onto a zeroed destination == the plain copy" is checked between two IUT runs.
#include <cstring>

#include "compare.hpp"
#include "dcconf/properties/invariants.hpp"

namespace dcconf::properties {

using namespace dcconf::oracle;
using namespace detail;

namespace {

bool ubToGm(const Case& c) {
  const auto op = resolveOperation(c).operation;
  const bool ub = c.srcPos == Position::VECIN || c.srcPos == Position::VECOUT;
  return op && ub && c.dstPos == Position::GM && takesAtomic(*op);
}

// The atomic twin of a plain case, the op picked from the case's bytes (so a shrunk case keeps its op), or the case
// itself when it already carries one; nullopt when the product or T has no atomic copy (ATOM-1/2).
std::optional<Case> atomicTwin(const CaseData& data) {
  if (!ubToGm(data.c) || data.c.loopMode) return std::nullopt;
  Case twin = data.c;
  if (twin.atomic == AtomicOp::none) {
    const std::uint64_t pick = (data.src.empty() ? 0 : data.src.front()) + data.dstBefore.size();
    twin.atomic = static_cast<AtomicOp>(1 + pick % 3);
  }
  const auto op = resolveOperation(twin).operation;
  if (!op || !checkSupport(twin, *op).empty() || !validate(twin).empty()) return std::nullopt;
  return twin;
}

}  // namespace

Outcome checkAtom3AtomicConformance(Backend& iut, const CaseData& data) {
  const std::optional<Case> twin = atomicTwin(data);
  if (!twin) return Outcome::notApplicable("no atomic twin (ATOM-1/2: path, product or T)");
  CaseData atomic = data;
  atomic.c = *twin;
  std::string why;
  const auto e = computed(atomic, &why);
  if (!e) return Outcome::fail("ATOM-3 " + familyOf(atomic.c) + ": atomic twin not computed: " + why);
  const Run run = runIut(iut, atomic.c, atomic.src, atomic.dstBefore);
  if (auto status = statusOutcome(run, "ATOM-3", atomic.c)) return *status;
  const std::uint64_t byte = firstMismatch(e->expectation, run.dst);
  if (byte == kNoMismatch) return Outcome::pass();
  if (const std::string broken = classViolationAt(e->expectation, run.dst, byte, byte); !broken.empty()) {
    return Outcome::fail("ATOM-3 " + std::string(name(atomic.c.atomic)) + ": IUT differs from the oracle: " + broken);
  }
  return Outcome::fail("ATOM-3 " + std::string(name(atomic.c.atomic)) + ": IUT differs from the oracle: " +
                       describeByte(atomic.c, e->expectation.expected, run.dst, byte, regionOf(*e, byte)));
}

// ATOM-4 law: SetAtomicAdd onto a destination of +0 elements is the plain copy, except where the copied element is
// -0 (AMB-30: +0 + -0), a NaN (any NaN) or a subnormal (AMB-27): those elements are not compared.
Outcome checkLawAtomAddOntoZeroIsPlain(Backend& iut, const CaseData& data) {
  std::optional<Case> twin = atomicTwin(data);
  if (!twin) return Outcome::notApplicable("no atomic twin (ATOM-1/2: path, product or T)");
  twin->atomic = AtomicOp::add;
  Case plain = *twin;
  plain.atomic = AtomicOp::none;
  const std::vector<std::uint8_t> zeros(data.dstBefore.size(), 0);
  const Run a = runIut(iut, *twin, data.src, zeros);
  if (auto status = statusOutcome(a, "ATOM-4", *twin)) return *status;
  const Run p = runIut(iut, plain, data.src, zeros);
  if (auto status = statusOutcome(p, "ATOM-4", plain)) return *status;
  const std::uint32_t s = sizeBytes(twin->dtype);
  const bool isFloat = twin->dtype == DType::half || twin->dtype == DType::bfloat16_t || twin->dtype == DType::float_;
  const std::uint32_t mantissaBits = twin->dtype == DType::half ? 10 : twin->dtype == DType::bfloat16_t ? 7 : 23;
  for (std::uint64_t q = twin->dst.offsetBytes; q + s <= zeros.size(); q += s) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, p.dst.data() + q, s);
    if (isFloat) {
      const std::uint64_t magnitude = bits & ((std::uint64_t{1} << (8 * s - 1)) - 1);
      const bool exponentAllOnes = magnitude >> mantissaBits == (std::uint64_t{1} << (8 * s - 1 - mantissaBits)) - 1;
      const bool nan = exponentAllOnes && (magnitude & ((std::uint64_t{1} << mantissaBits) - 1)) != 0;
      const bool subnormal = magnitude != 0 && magnitude >> mantissaBits == 0;
      if (bits != magnitude && magnitude == 0) continue;  // -0
      if (nan || subnormal) continue;
    }
    if (std::memcmp(a.dst.data() + q, p.dst.data() + q, s) != 0) {
      return Outcome::fail("ATOM-4 law add onto +0 == plain copy: the two runs differ (plain as expected, add as "
                           "actual): " + describeByte(*twin, p.dst, a.dst, q, "data"));
    }
  }
  return Outcome::pass();
}

}  // namespace dcconf::properties
