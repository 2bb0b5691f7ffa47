// ATOM (project): the atomic copies to GM checked in the default run without a generator of their
// own. Each drawn VECIN/VECOUT->GM DataCopy / DataCopyPad is turned into its atomic twin (SetAtomicAdd, Max or Min
// of the case's T, one per case) and checked against the oracle with the drawn destination as prior content (G-1 on
// ATOM-3), and the law "add onto a zeroed destination == the plain copy" is checked between two IUT runs.
#include <algorithm>
#include <cstring>
#include <vector>

#include "compare.hpp"
#include "dcconf/oracle/numeric.hpp"
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

}  // namespace

// The op is picked from the case's bytes, so a shrunk case keeps its op.
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

namespace {

// ATOM-4/5's edge values of T as raw bits: for floats the zeros, +-1, the extremes of each class (largest finite,
// smallest normal, largest and smallest subnormal, inf, a quiet NaN), and the addends whose sum with 1, 1 + ulp or the
// largest finite is a tie (to even: down, up, up into inf); for integers 0, +-1, 2 and the ends of the range.
std::vector<std::uint64_t> atomicEdgeValues(DType t) {
  const std::uint32_t widthBits = 8 * sizeBytes(t);
  const std::uint64_t all = widthBits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << widthBits) - 1;
  const std::uint64_t sign = std::uint64_t{1} << (widthBits - 1);
  if (t == DType::int8_t || t == DType::int16_t || t == DType::int32_t) {
    return {0, 1, all, 2, sign - 1, sign, sign - 2, sign + 1};
  }
  const std::uint32_t mantissaBits = t == DType::half ? 10 : t == DType::bfloat16_t ? 7 : 23;
  const std::uint64_t exponentField = (sign - 1) >> mantissaBits;  // all ones: inf and NaN
  const std::uint64_t bias = exponentField >> 1;
  const std::uint64_t one = bias << mantissaBits;
  const std::uint64_t inf = exponentField << mantissaBits;
  const std::uint64_t maxFinite = inf - 1;
  const std::uint64_t halfUlpOfOne = (bias - mantissaBits - 1) << mantissaBits;
  const std::uint64_t halfUlpOfMax = (exponentField - 1 - mantissaBits - 1) << mantissaBits;
  return {0,           sign,         one,        one | sign,        one | 1,     maxFinite,   maxFinite | sign,
          maxFinite - 1, inf,        inf | sign, inf | std::uint64_t{1} << (mantissaBits - 1),
          std::uint64_t{1} << mantissaBits, (std::uint64_t{1} << mantissaBits) | sign, (std::uint64_t{1} << mantissaBits) - 1,
          1,           halfUlpOfOne, halfUlpOfMax, halfUlpOfMax | sign};
}

// Each whole element of T from `startBytes` on becomes an edge value, picked by its own first byte (so shrinking the
// drawn bytes toward 0 shrinks the picks toward +0).
void fillWithEdgeValues(DType t, std::uint64_t startBytes, std::vector<std::uint8_t>& bytes) {
  const std::vector<std::uint64_t> edges = atomicEdgeValues(t);
  const std::uint32_t s = sizeBytes(t);
  for (std::uint64_t q = startBytes; q + s <= bytes.size(); q += s) {
    storeElementBits(bytes, q, s, edges[bytes[q] % edges.size()]);
  }
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

// ATOM-4/5 edge values: the atomic twin (as ATOM-3) with every element of the source and of the prior destination an
// edge value, so ties, overflow to inf, inf - inf, NaN, -0 and subnormal operands and integer extremes meet in one run
// (random bits rarely pair them). The oracle decides which of those results are ANY (AMB-27..30).
Outcome checkAtomEdgeValues(Backend& iut, const CaseData& data) {
  CaseData edged = data;
  fillWithEdgeValues(data.c.dtype, data.c.src.offsetBytes, edged.src);
  fillWithEdgeValues(data.c.dtype, data.c.dst.offsetBytes, edged.dstBefore);
  Outcome outcome = checkAtom3AtomicConformance(iut, edged);
  if (outcome.failed()) outcome.message = "ATOM-4/5 edge values: " + outcome.message;
  return outcome;
}

// ATOM-4 law: SetAtomicAdd onto a destination of +0 elements is the plain copy, except on the elements the oracle
// leaves open under the twin: cut by a block (AMB-26), a subnormal (AMB-27), -0 (AMB-30: +0 + -0) or a NaN (a class):
// those are not compared.
Outcome checkLawAtomAddOntoZeroIsPlain(Backend& iut, const CaseData& data) {
  std::optional<Case> twin = atomicTwin(data);
  if (!twin) return Outcome::notApplicable("no atomic twin (ATOM-1/2: path, product or T)");
  twin->atomic = AtomicOp::add;
  Case plain = *twin;
  plain.atomic = AtomicOp::none;
  CaseData onZeros = data;
  onZeros.c = *twin;
  onZeros.dstBefore.assign(data.dstBefore.size(), 0);
  std::string why;
  const auto e = computed(onZeros, &why);
  if (!e) return Outcome::fail("ATOM-4 law: atomic twin not computed: " + why);
  const Run a = runIut(iut, *twin, data.src, onZeros.dstBefore);
  if (auto status = statusOutcome(a, "ATOM-4", *twin)) return *status;
  const Run p = runIut(iut, plain, data.src, onZeros.dstBefore);
  if (auto status = statusOutcome(p, "ATOM-4", plain)) return *status;
  const std::uint32_t s = sizeBytes(twin->dtype);
  for (std::uint64_t q = twin->dst.offsetBytes; q + s <= onZeros.dstBefore.size(); q += s) {
    if (std::any_of(e->expectation.care.begin() + static_cast<std::ptrdiff_t>(q),
                    e->expectation.care.begin() + static_cast<std::ptrdiff_t>(q + s), [](std::uint8_t c) { return c == 0; })) {
      continue;
    }
    if (std::memcmp(a.dst.data() + q, p.dst.data() + q, s) != 0) {
      return Outcome::fail("ATOM-4 law add onto +0 == plain copy: the two runs differ (plain as expected, add as "
                           "actual): " + describeByte(*twin, p.dst, a.dst, q, "data"));
    }
  }
  return Outcome::pass();
}

}  // namespace dcconf::properties
