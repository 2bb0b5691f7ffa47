// The suite's invariants, one named function each, clause ids in the name. A check takes the implementation under
// test (IUT) as a Backend& and returns an Outcome; a failure message names the clause, the first bad byte, its
// region and the expected vs actual element decoded as the case's dtype.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dcconf/backends/backend.hpp"
#include "dcconf/properties/generators.hpp"

namespace dcconf::properties {

struct Outcome {
  enum class Kind : std::uint8_t {
    pass,
    fail,
    notSupported,   // the IUT does not implement the case: neither pass nor fail, but counted
    notApplicable,  // the law's preconditions do not hold for this case (counted, not a failure)
  };
  Kind kind = Kind::pass;
  std::string message;
  // G-1 on a pass: how many destination bytes were ANY, indexed by oracle::Region (empty when none), so a run can
  // say how much it left unchecked and why.
  std::vector<std::uint64_t> unspecifiedBytesByRegion;
  // G-6 on a pass: for each alternatives ambiguity the case exercised, the readings the output is consistent with
  // (bit 0 the first reading, bit 1 the second), for the run's reading fingerprint.
  struct Reading {
    int ambId = 0;
    unsigned readings = 0;
  };
  std::vector<Reading> readings;

  static Outcome pass() { return {}; }
  static Outcome fail(std::string why) { return {Kind::fail, std::move(why), {}, {}}; }
  static Outcome notSupported(std::string why) { return {Kind::notSupported, std::move(why), {}, {}}; }
  static Outcome notApplicable(std::string why) { return {Kind::notApplicable, std::move(why), {}, {}}; }
  bool failed() const { return kind == Kind::fail; }
};

using CaseData = casefile::CaseData;
using backends::Backend;

// 1. G-1: the IUT equals the oracle on every cared byte; KEEP bytes (guards, gaps) untouched.
Outcome checkG1Conformance(Backend& iut, const CaseData& data);
// ATOM-3 (project): the case's VECIN/VECOUT->GM copy under SetAtomicAdd/Max/Min<T>() (one op per case) agrees with
// the oracle on every cared byte, the drawn destination being the prior content (atomic_properties.cpp).
Outcome checkAtom3AtomicConformance(Backend& iut, const CaseData& data);
// ATOM-1/2: the atomic twin of a drawn VECIN/VECOUT->GM copy (SetAtomicAdd/Max/Min<T>, the op picked from the case's
// bytes), or the case itself when it carries one; nullopt where the product or T has no atomic copy, or in loop mode.
std::optional<oracle::Case> atomicTwin(const CaseData& data);
// ATOM-4/5 (project): the same with every source and prior destination element an edge value of T (ties, the ends
// of each class, inf, NaN, -0, subnormals, integer extremes), picked from the drawn bytes (atomic_properties.cpp).
Outcome checkAtomEdgeValues(Backend& iut, const CaseData& data);
// ATOM-4 law (project): SetAtomicAdd onto +0 elements == the plain copy, apart from -0, NaN and subnormal elements.
Outcome checkLawAtomAddOntoZeroIsPlain(Backend& iut, const CaseData& data);
// G-6 for an implementation that follows pinned readings (pinned_readings.cpp): one alternatives ambiguity the case
// exercises pinned to each reading; where the output changes with the pin, each pinned output is the oracle's.
Outcome checkG6PinnedReadingsFollowed(Backend& iut, const CaseData& data);
// 2. G-2: poisoning every source byte outside footprint.reads changes no cared byte.
Outcome checkG2NoStrayReads(Backend& iut, const CaseData& data);
// 3. G-3: two runs agree on every cared byte.
Outcome checkG3Determinism(Backend& iut, const CaseData& data);
// 4. PAD-G2U-3/4/5, derived from SEMANTICS section 1 directly (not from the oracle's expectation).
Outcome checkPadG2U345Regions(Backend& iut, const CaseData& data);
// 5. NZ2ND-4: NZ2ND(ND2NZ(x)) == x for 16-bit T; the fixed permutation for 32-bit T.
Outcome checkNz2Nd4RoundTrip(Backend& iut, const RoundTripCase& roundTrip);
// 6. ND2NZ-3: the column tail up to AlignUp(dValue, C0) is 0; rows from nValue to the next 16 untouched.
Outcome checkNd2Nz3TailZeroFill(Backend& iut, const CaseData& data);

// 7. Equivalence laws.
// PAD-G2U-1/PAD-U2G-1/PAD-U2L1-1: DataCopyExtParams and DataCopyParams agree when every value fits 16 bits.
Outcome checkLawPadExtEqualsPlain(Backend& iut, const CaseData& data);
// DC-3: 2-level calCount == 0-level {1, floor(calCount*s/32), 0, 0} (nothing moved when that is 0).
Outcome checkLawDc3TwoLevelIsZeroLevel(Backend& iut, const CaseData& data);
// PAD-G2U-2/PAD-U2G-2 vs DC-2: DataCopyPad with 32-byte aligned blockLen and no padding == DataCopy 0-level.
Outcome checkLawPadAlignedEqualsDc2(Backend& iut, const CaseData& data);
// PAD-G2U-2/PAD-U2G-2/DC-2: k blocks with zero strides == one block of k*len, where representable.
Outcome checkLawZeroStrideBlocksConcatenate(Backend& iut, const CaseData& data);
// PAD-CMP-2/4: a Compact run without pads or strides == one Normal DataCopyPad block of count*len bytes.
Outcome checkLawCompactIsOneNormalBlock(Backend& iut, const CaseData& data);
// PAD-U2L1-1: UB->TSCM == UB->GM (PAD-U2G) then ND2NZ, on every byte the UB->TSCM expectation cares about.
Outcome checkLawPadU2L1IsU2GThenNd2Nz(Backend& iut, const CaseData& data);

// SLICE-1/SLICE-3: a slice whose every dimension selects its whole shape (dimension 0 in whole bursts, no strides,
// equal shapes on both sides) == DataCopy 0-level {1, elements*s/32, 0, 0}.
Outcome checkLawSliceFullRangeIsContiguousCopy(Backend& iut, const CaseData& data);
// SLICE-4: GM->VECIN gather then VECOUT->GM scatter with the two sides' slices exchanged restores the selected GM
// elements into a fresh GM buffer and leaves every other byte KEEP (strides whole 32-byte blocks on both sides).
Outcome checkLawSliceGatherThenScatterRestores(Backend& iut, const CaseData& data);
// DN2NZ-1: DN2NZ of a transpose-stored matrix == ND2NZ of the matrix (both run on the IUT; not in small-C0 mode).
Outcome checkLawDn2Nz1TransposeIsNd2Nz(Backend& iut, const CaseData& data);
// NDDMA-3 (project): h rows of w elements (w whole 32-byte blocks) with strides {1, w} / {1, w} and no pads ==
// DataCopy 0-level {h, w*s/32, 0, 0} (DC-2), on the drawn case's dtype, offsets and bytes.
Outcome checkLawNdDmaPadlessRowsAreContiguousCopy(Backend& iut, const CaseData& data);
// NDDMA-3: a constant-mode case with pads == the padless case (the same source walk, destination packed) padded by
// hand with constantValue's low sizeof(T) bytes (numpy's constant pad), on the bytes the oracle cares about.
Outcome checkLawNdDmaConstantPadIsPaddedPadless(Backend& iut, const CaseData& data);
// NDDMA-3: a nearest-mode case with pads == the padless case padded by hand with the clamped element of each
// dimension (numpy's edge pad).
Outcome checkLawNdDmaNearestPadIsEdgePadded(Backend& iut, const CaseData& data);
// NDDMA-3 (NDDMA-5 scenario 3's shape): the transpose {1, w}/{h, 1} and then {1, h}/{w, 1} (the UB result as the
// second call's GM source) gives back the source box; the rest of the UB KEEP.
Outcome checkLawNdDmaTransposeTwiceIsIdentity(Backend& iut, const CaseData& data);
// ENH-1: enhanced DataCopy with BLOCK_MODE_NORMAL == DataCopy 0-level with the same DataCopyParams (DC-2).
Outcome checkLawEnh1NormalIsDc0Level(Backend& iut, const CaseData& data);
// ND2NZUB-3 law (project): the GM->UB ND2NZ equals GM->L1's ND2NZ of the same parameters on the bytes both care about.
Outcome checkLawNd2NzUbIsNd2NzToL1(Backend& iut, const CaseData& data);
// ND2NZ-6 law (project): the ND2NZ UB->L1 equals GM->L1's ND2NZ from the same source bytes where both care.
Outcome checkLawNd2NzUbToL1IsNd2NzFromGm(Backend& iut, const CaseData& data);
// ENH-3: with isRelu (scale sign bit clear, offset 0) no cared result element is negative.
Outcome checkEnh3ReluNeverNegative(Backend& iut, const CaseData& data);
// ENH-2: DEQ / DEQ16 with deqValue 1.0 on ints |x| <= 2048 == DEQ_NONE moving those ints already in T.
Outcome checkLawEnh2UnitScaleIsExact(Backend& iut, const CaseData& data);
// ENH-3: DEQ8/VDEQ8 sidStoreMode 3 output == sidStoreMode 0/1 output re-packed (dstStride 0).
Outcome checkLawEnh3StoreMode3IsRepacked(Backend& iut, const CaseData& data);
// ENH-2: a V* mode whose columns are all q == the scalar mode with deqValue q.
Outcome checkLawEnh2EqualColumnsIsScalar(Backend& iut, const CaseData& data);

// 8. G-4: the oracle rejects with exactly the expected clause and field.
Outcome checkG4OracleRejectsExactly(const InvalidCase& invalid);
// G-4 for an IUT: rejected, or if it runs the case it writes nothing outside the footprint the valid base implies.
// Running an invalid case is not a failure: ranAnyway counts it (reported separately).
struct InvalidPolicyTally {
  std::uint64_t rejected = 0;
  std::uint64_t ranAnyway = 0;
  std::uint64_t notSupported = 0;
};
Outcome checkG4IutInvalidPolicy(Backend& iut, const InvalidCase& invalid, InvalidPolicyTally& tally);

// Oracle self-consistency (G-1/G-2 bookkeeping): footprint.writes == bytes with region != keep; every ANY byte is
// inside footprint.writes; expected == dstBefore outside it; footprint within oracle::extents; footprint(c) agrees.
Outcome checkOracleSelfConsistency(const CaseData& data);
// Sparse evaluation agrees with the dense one: sparseFootprint == footprint; evaluateWindows over the
// whole destination == evaluate byte for byte; over the footprint +- 64 guard bytes == evaluate on those bytes.
Outcome checkSparseMatchesDense(const CaseData& data);

}  // namespace dcconf::properties
