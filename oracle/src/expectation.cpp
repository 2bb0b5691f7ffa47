#include "dcconf/oracle/expectation.hpp"

#include <algorithm>
#include <array>
#include <cassert>

#include "dcconf/oracle/numeric.hpp"
#include "byte_scan.hpp"
#include "paths.hpp"

namespace dcconf::oracle {

namespace {

// One row per region, in the enum's order: its name, the AMB id it stands for (0: none) and why its bytes are ANY
// when they are (the clause first).
struct RegionInfo {
  Region region;
  std::string_view name;
  int ambId;
  std::string_view why;
};
constexpr std::array<RegionInfo, kRegionCount> kRegions{{
    {Region::keep, "keep", 0, "G-1: KEEP bytes are never unspecified"},
    {Region::data, "data", 0, "no reason: a data byte is a VALUE, never ANY"},
    {Region::leftPad, "left-pad", 0, "PAD-G2U-4: pad bytes with no padding value given"},
    {Region::rightPad, "right-pad", 0, "PAD-G2U-4: pad bytes with no padding value given"},
    {Region::dummy, "dummy", 0, "AMB-2: DataCopyPad dummy bytes (PAD-G2U-5; or the pad value they repeat is unspecified)"},
    {Region::zeroTail, "zero-tail", 0, "ND2NZ-3: zero tail"},
    {Region::collision, "collision", 0, "ND2NZ-4: written more than once, order undocumented (as ND2NZUB-5, NDDMA-4, LOOP-3, BRC-4)"},
    {Region::ambiguous8, "ambiguous(AMB-8)", 8, "AMB-8: quant offset signed or unsigned (FIX-7)"},
    {Region::ambiguous9, "ambiguous(AMB-9)", 9, "AMB-9: quant shift N raw or N+1 (FIX-7)"},
    {Region::ambiguous10, "ambiguous(AMB-10)", 10, "AMB-10: rounding of fractional DEQF16 results (FIX-7)"},
    {Region::ambiguous11, "ambiguous(AMB-11)", 11, "AMB-11: order of ReLU and offset (FIX-7)"},
    {Region::ambiguous12, "ambiguous(AMB-12)", 12, "AMB-12: negative scale sign-extended into the parameter (FIX-7)"},
    {Region::ambiguous13, "ambiguous(AMB-13)", 13, "AMB-13: V* parameters for bursts after the first (ENH-4)"},
    {Region::ambiguous14, "ambiguous(AMB-14)", 14, "AMB-14: offset bits on a DEQ16 int16 result (ENH-4)"},
    {Region::ambiguous19, "ambiguous(AMB-19)", 19, "AMB-19: MATRIX/VECTOR blockLen in table blocks or 32-byte data blocks (ENH-1)"},
    {Region::ambiguous20, "ambiguous(AMB-20)", 20, "AMB-20: DEQF16/VDEQF16 with MCB, shifted value saturated to int16 or half (FIX-6)"},
    {Region::ambiguous21, "ambiguous(AMB-21)", 21, "AMB-21: Compact leftPadding/rightPadding ignored or padding the packed run (PAD-CMP-3)"},
    {Region::ambiguous22, "ambiguous(AMB-22)", 22, "AMB-22: Compact UB-side stride ignored or counted in bytes (PAD-CMP-2, PAD-CMP-4)"},
    {Region::compactTail, "compact-tail", 0, "PAD-CMP-3: Compact tail bytes without isPad"},
    {Region::ambiguous40, "ambiguous(AMB-40)", 40, "AMB-40: BroadCastVecToMM dstGap tail to head or head to head (BRC-3)"},
    {Region::ambiguous41, "ambiguous(AMB-41)", 41, "AMB-41: BroadCastVecToMM blockLen of half in 16 elements or 64 bytes (BRC-2)"},
    {Region::special, "special(AMB-16)", 0, "AMB-16: special value the spec leaves open (NaN payload, -0.0 under ReLU, -inf x 0, sign of an ENH DEQ zero)"},
    {Region::workspace, "workspace", 0, "PAD-U2L1-1: the ND2NZ leg reads a GM workspace byte the UB->GM leg never wrote"},
    {Region::ambiguous26, "ambiguous(AMB-26)", 26, "AMB-26: an atomic copy writes part of an element, or one across two DataCopyPad blocks (ATOM-3)"},
    {Region::ambiguous27, "ambiguous(AMB-27)", 27, "AMB-27: subnormal operands or sum of an atomic add, max or min, kept or flushed (ATOM-4, ATOM-5)"},
    {Region::ambiguous28, "ambiguous(AMB-28)", 28, "AMB-28: an atomic integer add past the type's range, wraps or saturates (ATOM-4)"},
    {Region::ambiguous29, "ambiguous(AMB-29)", 29, "AMB-29: an atomic max or min with a NaN operand (ATOM-5)"},
    {Region::ambiguous30, "ambiguous(AMB-30)", 30, "AMB-30: the sign of a zero from an atomic copy (+0 against -0, x + -x) (ATOM-4, ATOM-5)"},
    {Region::ambiguous39, "ambiguous(AMB-39)", 39, "AMB-39: the 950 SSBuffer route's x + 0 on -0, subnormals, NaN payloads and 8-bit bytes (ND2NZ-8)"},
}};

constexpr bool regionsInOrder() {
  for (std::size_t i = 0; i < kRegions.size(); ++i) {
    if (static_cast<std::size_t>(kRegions[i].region) != i) return false;
  }
  return true;
}
static_assert(regionsInOrder(), "kRegions lists every Region once, in the enum's order");

const RegionInfo& infoOf(Region region) { return kRegions[static_cast<std::size_t>(region)]; }

}  // namespace

std::string_view name(Region region) { return infoOf(region).name; }

int ambiguityId(Region region) { return infoOf(region).ambId; }

Region ambiguousRegion(int ambId) {
  for (const RegionInfo& r : kRegions) {
    if (r.ambId == ambId && ambId != 0) return r.region;
  }
  assert(false && "no ambiguous region for that AMB id");
  return Region::special;
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
  detail::forEachZeroByte(expectation.care, [&](std::uint64_t b) {
    const auto r = static_cast<std::size_t>(expectation.region[b]);
    if (counts.size() <= r) counts.resize(r + 1, 0);
    ++counts[r];
  });
  return counts;
}

std::string_view whyUnspecified(Region region) { return infoOf(region).why; }

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

std::uint64_t firstCaredDifference(std::span<const std::uint8_t> care, std::span<const std::uint8_t> a,
                                   std::span<const std::uint8_t> b) {
  assert(a.size() >= care.size() && b.size() >= care.size());
  const std::uint64_t n = care.size();
  std::uint64_t i = 0;
  for (; i + 8 <= n; i += 8) {  // a word at a time: 0xFF in each byte whose care is not zero, then the difference
    const std::uint64_t c = detail::loadWord(care.data() + i);
    const std::uint64_t careHigh = (((c & ~detail::kHighBits) + ~detail::kHighBits) | c) & detail::kHighBits;
    const std::uint64_t cared = (careHigh >> 7) * 0xFF;
    if (((detail::loadWord(a.data() + i) ^ detail::loadWord(b.data() + i)) & cared) != 0) break;
  }
  for (; i < n; ++i) {
    if (care[i] != 0 && a[i] != b[i]) return i;
  }
  return kNoMismatch;
}

std::uint64_t firstMismatch(const Expectation& expectation, std::span<const std::uint8_t> actual) {
  const std::uint64_t n = expectation.expected.size();
  if (actual.size() != n) return std::min<std::uint64_t>(actual.size(), n);
  std::uint64_t first = firstCaredDifference(expectation.care, expectation.expected, actual);
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
