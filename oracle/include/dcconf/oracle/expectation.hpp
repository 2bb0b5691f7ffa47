// What the oracle says about every destination byte (SEMANTICS section 0): VALUE, KEEP or ANY.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dcconf/oracle/types.hpp"

namespace dcconf::oracle {

// Why a destination byte holds what it holds; lets a report say "right pad" instead of "byte 45".
enum class Region : std::uint8_t {
  keep,       // outside the write footprint (G-1)
  data,       // a source byte moved verbatim
  leftPad,    // PAD-G2U-3
  rightPad,   // PAD-G2U-3
  dummy,      // PAD-G2U-5
  zeroTail,   // ND2NZ-3
  collision,  // written more than once, order undocumented (ND2NZ-4)
  // FIX-7: ANY because the value depends on an unresolved ambiguity (default profile); one value per AMB id.
  ambiguous8, ambiguous9, ambiguous10, ambiguous11, ambiguous12,
  ambiguous13, ambiguous14,  // ENH-4 (AMB-15 has a default reading, so no ANY region)
  ambiguous19,  // ENH-1: the MATRIX/VECTOR blockLen unit decides whether or what the byte is
  ambiguous20,  // FIX-6: DEQF16/VDEQF16 with MCB, the shifted value saturated to int16 or to half
  ambiguous21,  // PAD-CMP-3 (project): Compact leftPadding/rightPadding ignored or padding the packed run
  ambiguous22,  // PAD-CMP-2/4 (project): the Compact UB-side stride ignored or counted in bytes
  compactTail,  // PAD-CMP-3 (project): the bytes after the packed run up to the next 32-byte boundary
  // BRC (project), after the others so the existing values keep their numbers
  ambiguous40,  // BRC-3: BroadCastVecToMM dstGap tail to head or head to head
  ambiguous41,  // BRC-2: BroadCastVecToMM blockLen of half in 16 elements or 64 bytes
  // Every other ANY byte's reason, so that no ANY byte is left as "data" without one
  special,      // AMB-16: a special value's result (NaN payload, -0.0 under ReLU, inf x 0, an ENH DEQ zero's sign)
  workspace,    // PAD-U2L1-1: the ND2NZ leg reads a workspace byte the UB->GM leg never wrote
  ambiguous26,  // ATOM-3: an atomic element written in part or across two DataCopyPad blocks
  ambiguous27,  // ATOM-4/5: subnormal operands or sums of an atomic copy, kept or flushed
  ambiguous28,  // ATOM-4: an atomic integer add past T's range, wraps or saturates
  ambiguous29,  // ATOM-5: an atomic max or min with a NaN operand
  ambiguous30,  // ATOM-4/5: the sign of a zero from an atomic copy
  ambiguous39,  // ND2NZ-8: the 950 SSBuffer route's x + 0 on -0, subnormals, NaNs and 8-bit bytes
};
inline constexpr std::size_t kRegionCount = static_cast<std::size_t>(Region::ambiguous39) + 1;
std::string_view name(Region region);  // "keep", ..., "ambiguous(AMB-8)"
// The AMB number of an ambiguous region (8..14, 19..22, 26..30, 39..41), or 0 for every other region (AMB-16's
// special region included: it is a wildcard with no region of its own per question).
int ambiguityId(Region region);
Region ambiguousRegion(int ambId);  // the ids above; precondition: ambiguityId(result) == ambId
inline constexpr int kLastAmbiguityId = 41;
// How many destination bytes are ANY because of each ambiguity: index AMB id (0..41), entry byte count.
std::vector<std::uint64_t> ambiguousByteCounts(const std::vector<Region>& regions);
struct Expectation;
// How many bytes of the expectation are ANY (care 0), indexed by Region; empty when none are, trailing zeros cut.
std::vector<std::uint64_t> unspecifiedBytesByRegion(const Expectation& expectation);
// Why the bytes of a region are ANY when they are: the clause and, for an ambiguity, its question.
// "AMB-2: DataCopyPad dummy bytes (PAD-G2U-5)". Only meaningful for regions that can hold ANY bytes.
std::string_view whyUnspecified(Region region);
// keep and data bytes are never ANY: a walk that marks a byte ANY names one of the other regions (its reason).
constexpr bool canBeUnspecified(Region region) { return region != Region::keep && region != Region::data; }

struct Violation {
  std::string clause;   // "PAD-G2U-1"
  std::string field;    // "params.blockCount"
  std::string value;    // "0"
  std::string message;  // one line, no clause/field repeated
  friend bool operator==(const Violation&, const Violation&) = default;
};
// "PAD-G2U-1: params.blockCount = 0: blockCount must be in [1, 4095]"
std::string describe(const Violation& violation);

struct ByteRange {
  std::uint64_t begin = 0;  // inclusive, buffer coordinates (the case's offset already applied)
  std::uint64_t end = 0;    // exclusive
  friend bool operator==(const ByteRange&, const ByteRange&) = default;
};

struct Footprint {
  std::vector<ByteRange> reads;   // source bytes the result may depend on (G-2), sorted and coalesced
  std::vector<ByteRange> writes;  // destination bytes the copy may write (G-1), sorted and coalesced
};

// The full expected destination buffer. care[i] == 1: dst[i] must equal expected[i] (VALUE, or KEEP with the
// prior byte); care[i] == 0: ANY.
// AMB-16 leaves a NaN's payload open, not its class *(project)*: an element whose bytes are ANY (care 0) but whose
// value must be some NaN of dtype (a NaN source of a float conversion, inf x 0), any payload and sign.
enum class ValueClass : std::uint8_t { nan };
struct ClassConstraint {
  std::uint64_t index = 0;  // the element's first byte, an index into Expectation::expected
  DType dtype = DType::half;  // half, bfloat16_t, float or double: the element is sizeBytes(dtype) bytes
  ValueClass valueClass = ValueClass::nan;
  friend bool operator==(const ClassConstraint&, const ClassConstraint&) = default;
};
std::string_view name(ValueClass valueClass);  // "NaN"
// "AMB-16 (project): a NaN of half, any payload"
std::string describe(const ClassConstraint& constraint);
// "expected a NaN of bfloat16_t (AMB-16 (project): any payload), actual inf": the failure text of a broken constraint.
std::string describeViolation(const ClassConstraint& constraint, std::span<const std::uint8_t> actualElement);
// The element's bytes (little-endian, sizeBytes(dtype) of them) are of the constraint's class.
bool holdsClass(const ClassConstraint& constraint, std::span<const std::uint8_t> elementBytes);
// A canonical quiet NaN of a float dtype (half 0x7E00, bfloat16 0x7FC0, float 0x7FC00000, double 0x7FF8...):
// what the oracle backend writes where a class constraint stands.
std::uint64_t canonicalNanBits(DType dtype);

struct Expectation {
  std::vector<std::uint8_t> expected;
  std::vector<std::uint8_t> care;
  std::vector<Region> region;
  std::vector<ClassConstraint> classes;  // sorted by index, disjoint; every byte they cover has care 0
};

// First index where actual disagrees with a cared byte, or holds an element outside its class constraint (the
// element's first byte), or npos.
inline constexpr std::uint64_t kNoMismatch = ~std::uint64_t{0};
std::uint64_t firstMismatch(const Expectation& expectation, std::span<const std::uint8_t> actual);
// The first index i < care.size() with care[i] != 0 and a[i] != b[i], or kNoMismatch; a and b hold care.size() bytes
// at least.
std::uint64_t firstCaredDifference(std::span<const std::uint8_t> care, std::span<const std::uint8_t> a,
                                   std::span<const std::uint8_t> b);
// The first class constraint actual breaks (index into expectation.classes), or npos; bytes outside actual fail.
std::uint64_t firstClassViolation(std::span<const ClassConstraint> classes, std::span<const std::uint8_t> actual,
                                  std::uint64_t actualStartIndex = 0);
// Writes a canonical NaN of each constraint into out (indexed like the expectation): an implementation that
// writes only what the oracle pins still meets the class constraints.
void writeCanonicalClasses(std::span<const ClassConstraint> classes, std::span<std::uint8_t> out);

}  // namespace dcconf::oracle
