// Properties of the quantising / ReLU copy out of L0C (DataCopyCO12DstParams, SEMANTICS section 10, FIX-1..7), one
// per oracle @post of oracle/src/fixpipe.cpp. Each value property compares the IUT's output with a reference written
// here from the clause (the compiler's _Float16 conversion, an independent round-to-nearest-even, ordering), never
// with the oracle's numbers; the oracle only says which elements the spec pins (care) so ANY elements are skipped.
// Cases of other operations, or whose elements the clause does not pin, are not applicable.
#pragma once

#include "dcconf/properties/invariants.hpp"

namespace dcconf::properties {

// FIX-4: the V* modes read one quant parameter per column (SetFixPipeConfig tensor); the scaled modes (DEQF16,
// QF322B8_PRE, REQ8 and their V* forms) read a FIX-5 parameter at all, NoQuant / F322F16 / F322BF16 none.
bool isPerColumnMode(oracle::QuantMode mode);
bool isScaledMode(oracle::QuantMode mode);
bool isEightBitMode(oracle::QuantMode mode);  // QF322B8_PRE, REQ8 and their V* forms: FIX-5's offset
// FIX-1 (revised) / FIX-3: the destination's C0d in elements: 32 for an 8-bit T, 8 with channelSplit, else 16.
std::uint64_t fixDestinationC0(const oracle::Case& c);

// FIX-6: with reluPre, a non-negative scale and a zero offset, no element of the result is negative.
Outcome checkFix6ReluNeverNegative(Backend& iut, const CaseData& data);
// FIX-6: NoQuant without ReLU copies float -> float and int32 -> int32 bit for bit.
Outcome checkFix6NoQuantIsIdentity(Backend& iut, const CaseData& data);
// FIX-6: F322F16 equals the compiler's float -> _Float16 conversion (non-NaN sources; ReLU: negatives give +0).
Outcome checkFix6F322F16IsFloat16Cast(Backend& iut, const CaseData& data);
// FIX-6: F322BF16 equals round-to-nearest-even on the top 16 bits (non-NaN sources; ReLU: negatives give +0).
Outcome checkFix6F322BF16IsRoundNearestEven(Backend& iut, const CaseData& data);
// FIX-6: DEQF16 / VDEQF16 without MCB equal _Float16(f32(x) * M1) rounded once (not under deq-trunc).
Outcome checkFix6Deqf16IsHalfOfExactProduct(Backend& iut, const CaseData& data);
// FIX-6: QF322B8_PRE / REQ8 and their V* forms: per column with a positive scale the result is non-decreasing in the
// input; without MCB and offset, y = x*M1 >= 256 gives the type's maximum and (no ReLU) y <= -257 its minimum.
Outcome checkFix6EightBitMonotonicAndSaturating(Backend& iut, const CaseData& data);

// FIX-4 law: a V* mode whose tensor holds one parameter in every column == the scalar mode with that parameter.
Outcome checkLawFix4VectorEqualColumnsIsScalar(Backend& iut, const CaseData& data);
// FIX-1/FIX-2 law: nz2nd matrix i == the NZ (no nz2nd) copy of the same source rows, element (m, n) moved from
// byte 32*dstStride'*(n/16) + (16m + n%16)*s to element i*dstNdStride + m*dstStride + n.
Outcome checkLawFix2Nz2ndIsNzRelaidOut(Backend& iut, const CaseData& data);
// FIX-1/FIX-3 law: channelSplit == the non-split float copy (C0 16) with element (m, n) moved to byte
// (n/8)*32*dstStride + 32m + 4(n%8).
Outcome checkLawFix3ChannelSplitIsNzRelaidOut(Backend& iut, const CaseData& data);
// FIX950-4 (project): a COLUMN_MAJOR (NZ2DN) case with srcNzC0Stride 1 writes, element for element, what the
// ROW_MAJOR (NZ2ND) case over the same L0C matrices writes, transposed.
Outcome checkLawFix950DnIsNdTransposed(Backend& iut, const CaseData& data);

// FIX-7 (oracle): under the default profile an element is ANY with region ambiguous(AMB-k) exactly when its value
// differs between the 32 readings of AMB-8..12 (the named profiles), k the lowest AMB whose flip alone changes it;
// an element all readings agree on is pinned to that value (or ANY for a reason outside AMB-8..12 under each).
Outcome checkFix7AnyExactlyWhereReadingsDiffer(const CaseData& data);

// FIX-7 (revised), ENH-4 (oracle): for a FIX or ENH CO1->CO2 case, every byte the default profile cares about has
// the same value under every fully pinned profile (each of AMB-8..12, and AMB-13/14 for ENH, pinned to one of its
// readings: 32 or 128 profiles), so the default never asserts a value that some combination of readings denies.
// No relevance filter: every combination is evaluated.
Outcome checkDefaultCaresOnlyWhereEveryPinnedProfileAgrees(const CaseData& data);

}  // namespace dcconf::properties
