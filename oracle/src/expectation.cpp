#include "dcconf/oracle/expectation.hpp"

#include <algorithm>
#include <array>

#include "dcconf/oracle/numeric.hpp"
#include "paths.hpp"

namespace dcconf::oracle {

std::string_view name(Region region) {
  constexpr std::array<std::string_view, 21> kNames{
      "keep",      "data",          "left-pad",         "right-pad",        "dummy",            "zero-tail",
      "collision", "ambiguous(AMB-8)", "ambiguous(AMB-9)", "ambiguous(AMB-10)", "ambiguous(AMB-11)", "ambiguous(AMB-12)",
      "ambiguous(AMB-13)", "ambiguous(AMB-14)", "ambiguous(AMB-19)", "ambiguous(AMB-20)",
      "ambiguous(AMB-21)", "ambiguous(AMB-22)", "compact-tail", "ambiguous(AMB-40)", "ambiguous(AMB-41)"};
  return kNames[static_cast<std::size_t>(region)];
}

int ambiguityId(Region region) {
  const int first = static_cast<int>(Region::ambiguous8);
  const int r = static_cast<int>(region);
  if (region == Region::ambiguous19) return 19;  // turn 3: AMB-15..18 have no ANY region
  if (region == Region::ambiguous20) return 20;
  if (region == Region::ambiguous21) return 21;
  if (region == Region::ambiguous22) return 22;
  if (region == Region::ambiguous40) return 40;
  if (region == Region::ambiguous41) return 41;
  return r >= first && r <= static_cast<int>(Region::ambiguous14) ? 8 + (r - first) : 0;
}
Region ambiguousRegion(int ambId) {
  if (ambId == 19) return Region::ambiguous19;
  if (ambId == 20) return Region::ambiguous20;
  if (ambId == 21) return Region::ambiguous21;
  if (ambId == 22) return Region::ambiguous22;
  if (ambId == 40) return Region::ambiguous40;
  if (ambId == 41) return Region::ambiguous41;
  return static_cast<Region>(static_cast<int>(Region::ambiguous8) + (ambId - 8));
}

std::vector<std::uint64_t> ambiguousByteCounts(const std::vector<Region>& regions) {
  std::vector<std::uint64_t> counts(kLastAmbiguityId + 1, 0);
  for (const Region r : regions) {
    if (const int id = ambiguityId(r); id != 0) ++counts[static_cast<std::size_t>(id)];
  }
  return counts;
}

std::vector<std::uint64_t> unspecifiedBytesByRegion(const Expectation& expectation) {
  std::vector<std::uint64_t> counts;
  for (std::size_t b = 0; b < expectation.care.size(); ++b) {
    if (expectation.care[b] != 0) continue;
    const auto r = static_cast<std::size_t>(expectation.region[b]);
    if (counts.size() <= r) counts.resize(r + 1, 0);
    ++counts[r];
  }
  return counts;
}

std::string_view whyUnspecified(Region region) {
  switch (region) {
    case Region::keep: return "G-1: KEEP bytes are never unspecified";
    case Region::data:
      return "AMB-16: special value the spec leaves open (NaN payload, -0.0 under ReLU, -inf x 0, sign of an ENH DEQ "
             "zero), or unwritten workspace (PAD-U2L1)";
    case Region::leftPad:
    case Region::rightPad: return "PAD-G2U-4: pad bytes with no padding value given";
    case Region::dummy: return "AMB-2: DataCopyPad dummy bytes (PAD-G2U-5; or the pad value they repeat is unspecified)";
    case Region::zeroTail: return "ND2NZ-3: zero tail";
    case Region::collision: return "ND2NZ-4: written more than once, order undocumented (as ND2NZUB-5, NDDMA-4, LOOP-3, BRC-4)";
    case Region::ambiguous8: return "AMB-8: quant offset signed or unsigned (FIX-7)";
    case Region::ambiguous9: return "AMB-9: quant shift N raw or N+1 (FIX-7)";
    case Region::ambiguous10: return "AMB-10: rounding of fractional DEQF16 results (FIX-7)";
    case Region::ambiguous11: return "AMB-11: order of ReLU and offset (FIX-7)";
    case Region::ambiguous12: return "AMB-12: negative scale sign-extended into the parameter (FIX-7)";
    case Region::ambiguous13: return "AMB-13: V* parameters for bursts after the first (ENH-4)";
    case Region::ambiguous14: return "AMB-14: offset bits on a DEQ16 int16 result (ENH-4)";
    case Region::ambiguous19: return "AMB-19: MATRIX/VECTOR blockLen in table blocks or 32-byte data blocks (ENH-1)";
    case Region::ambiguous20: return "AMB-20: DEQF16/VDEQF16 with MCB, shifted value saturated to int16 or half (FIX-6)";
    case Region::ambiguous21: return "AMB-21: Compact leftPadding/rightPadding ignored or padding the packed run (PAD-CMP-3)";
    case Region::ambiguous22: return "AMB-22: Compact UB-side stride ignored or counted in bytes (PAD-CMP-2, PAD-CMP-4)";
    case Region::compactTail: return "PAD-CMP-3: Compact tail bytes without isPad";
    case Region::ambiguous40: return "AMB-40: BroadCastVecToMM dstGap tail to head or head to head (BRC-3)";
    case Region::ambiguous41: return "AMB-41: BroadCastVecToMM blockLen of half in 16 elements or 64 bytes (BRC-2)";
  }
  return "unknown region";
}

std::string describe(const Violation& v) { return v.clause + ": " + v.field + " = " + v.value + ": " + v.message; }

std::string_view name(ValueClass valueClass) {
  switch (valueClass) {
    case ValueClass::nan: return "NaN";
  }
  return "?";
}

std::string describeViolation(const ClassConstraint& constraint, std::span<const std::uint8_t> actualElement) {
  const std::uint32_t size = sizeBytes(constraint.dtype);
  const std::string actual = actualElement.size() < size
                                 ? std::string("past the buffer's end")
                                 : formatElement(constraint.dtype, loadElementBits(actualElement, 0, size));
  return "expected a " + std::string(name(constraint.valueClass)) + " of " + std::string(name(constraint.dtype)) +
         " (AMB-16 (project): any payload), actual " + actual;
}

std::string describe(const ClassConstraint& constraint) {
  return "AMB-16 (project): a " + std::string(name(constraint.valueClass)) + " of " +
         std::string(name(constraint.dtype)) + ", any payload";
}

namespace {
struct FloatBits {
  std::uint32_t exponentBits;
  std::uint32_t mantissaBits;
};
FloatBits floatBits(DType dtype) {
  switch (dtype) {
    case DType::half: return {5, 10};
    case DType::bfloat16_t: return {8, 7};
    case DType::float_: return {8, 23};
    case DType::double_: return {11, 52};
    default: return {0, 0};
  }
}
}  // namespace

bool holdsClass(const ClassConstraint& constraint, std::span<const std::uint8_t> elementBytes) {
  const FloatBits f = floatBits(constraint.dtype);
  const std::uint32_t size = sizeBytes(constraint.dtype);
  if (f.exponentBits == 0 || elementBytes.size() < size) return false;
  std::uint64_t bits = 0;
  for (std::uint32_t b = 0; b < size; ++b) bits |= std::uint64_t{elementBytes[b]} << (8 * b);
  const std::uint64_t exponentMask = (std::uint64_t{1} << f.exponentBits) - 1;
  const std::uint64_t mantissaMask = (std::uint64_t{1} << f.mantissaBits) - 1;
  // NaN: every exponent bit set and a non-zero mantissa (inf has a zero one), either sign
  return ((bits >> f.mantissaBits) & exponentMask) == exponentMask && (bits & mantissaMask) != 0;
}

std::uint64_t canonicalNanBits(DType dtype) {
  const FloatBits f = floatBits(dtype);
  if (f.exponentBits == 0) return 0;
  const std::uint64_t exponentMask = (std::uint64_t{1} << f.exponentBits) - 1;
  return (exponentMask << f.mantissaBits) | (std::uint64_t{1} << (f.mantissaBits - 1));  // quiet bit only
}

std::uint64_t firstClassViolation(std::span<const ClassConstraint> classes, std::span<const std::uint8_t> actual,
                                  std::uint64_t actualStartIndex) {
  for (std::uint64_t k = 0; k < classes.size(); ++k) {
    const ClassConstraint& c = classes[k];
    const std::uint64_t size = sizeBytes(c.dtype);
    if (c.index < actualStartIndex) continue;
    const std::uint64_t at = c.index - actualStartIndex;
    if (at >= actual.size()) break;  // sorted: the rest lie past actual too
    if (at + size > actual.size() || !holdsClass(c, actual.subspan(at, size))) return k;
  }
  return kNoMismatch;
}

void writeCanonicalClasses(std::span<const ClassConstraint> classes, std::span<std::uint8_t> out) {
  for (const ClassConstraint& c : classes) {
    storeElementBits(out, c.index, sizeBytes(c.dtype), canonicalNanBits(c.dtype));
  }
}

std::uint64_t firstMismatch(const Expectation& expectation, std::span<const std::uint8_t> actual) {
  const std::uint64_t n = expectation.expected.size();
  if (actual.size() != n) return std::min<std::uint64_t>(actual.size(), n);
  std::uint64_t first = kNoMismatch;
  for (std::uint64_t i = 0; i < n; ++i) {
    if (expectation.care[i] != 0 && expectation.expected[i] != actual[i]) {
      first = i;
      break;
    }
  }
  // AMB-16 (project): the class of an element whose payload is open; its bytes have care 0, so they never
  // appeared above and only an earlier constraint can come first.
  const std::uint64_t k = firstClassViolation(expectation.classes, actual);
  if (k != kNoMismatch) first = std::min(first, expectation.classes[k].index);
  return first;
}

namespace detail {

void requireRange(std::vector<Violation>& out, const char* clause, const char* field, std::uint64_t value,
                  std::uint64_t lo, std::uint64_t hi, const char* zeroNote) {
  if (value >= lo && value <= hi) return;
  const std::string fieldName(field);
  std::string message = fieldName.substr(fieldName.rfind('.') + 1) + " must be in [" + std::to_string(lo) + ", " +
                        std::to_string(hi) + "]";
  if (value == 0) message += zeroNote;
  out.push_back(violation(clause, fieldName, value, message));
}

}  // namespace detail
}  // namespace dcconf::oracle
