// Deliberately wrong backends: the oracle with one thing corrupted, so that each invariant can be shown to fail.
#pragma once

#include <memory>

#include "dcconf/backends/backend.hpp"

namespace dcconf::properties::testing {

enum class Mutation {
  dropLastBlock,             // blockCount - 1 blocks (PAD-*, DC-2)
  writeGuardByte,            // flips the byte right after the write footprint (G-1)
  readOutsideFootprint,      // the first data byte depends on a source byte outside footprint.reads (G-2)
  nondeterministicByte,      // every second run flips the first data byte (G-3)
  swapPads,                  // leftPadding and rightPadding exchanged (PAD-G2U-3/4)
  ignorePadRegister,         // isPad false: pads left as they were instead of the SetPadValue value (PAD-G2U-4)
  padDummyUnderDocDummy,     // profile doc-dummy computed as pad-dummy (PAD-G2U-5)
  plainIgnoresDstStride,     // DataCopyParams' dstStride treated as 0 on DataCopyPad (Ext vs plain law)
  tscmGmStrideIn32B,         // UB->TSCM GM leg with dstStride in 32-byte units (AMB-3 other reading)
  dc0IgnoresSrcStride,       // DataCopy 0-level with srcStride 0 (DC-2, Pad vs DataCopy law)
  twoLevelRoundsUp,          // 2-level also copies the partial last block (DC-3)
  nd2nzTailNotZeroed,        // ND2NZ column tail left as it was (ND2NZ-3)
  nz2ndFloatC0Of8,           // NZ2ND with C0 = 8 for 32-bit T (NZ2ND-2/4)
  acceptInvalidWriteOutside,  // runs an invalid case and writes a byte outside any footprint (G-4)
  sliceDropsLastOuterIndex,  // slice loop one short in the outermost selecting dimension, both sides (SLICE-2/4)
  dn2nzPackedSrc,            // DN2NZ reads D with stride nValue instead of srcDValue (DN2NZ-1)
  enhNormalIgnoresDstStride, // enhanced BLOCK_MODE_NORMAL with dstStride 0 (ENH-1 == DC-2)
  co1ReluIgnored,            // CO1->CO2 copies verbatim when isRelu (ENH-3)
  co1StoreModeHalvesSwapped, // DEQ8/VDEQ8 sidStoreMode 0 and 1 swapped (ENH-3)
  co1DeqScaleDoubled,        // DEQ / DEQ16 multiply by 2*M1 (ENH-2/4)
  co1ScalarIgnoresOffset,    // DEQ8 / DEQ16 read deqValue without its offset bits (ENH-2/4)
  fixReluIgnored,            // FIX: reluPre treated as 0 (FIX-6)
  fixReluAlwaysOn,           // FIX: reluPre treated as 1 (FIX-6: NoQuant, F322F16, F322BF16 rectify)
  fixVectorReadsScalar,      // FIX: a V* mode converts with the SetFixpipePreQuantFlag scalar (FIX-4)
  fixSignBitFlipped,         // FIX: bit 46 of every quant parameter inverted: int8 vs uint8 saturation (FIX-5/6)
  fixNz2ndRowPitchIsNSize,   // FIX: nz2nd rows nSize elements apart instead of dstStride (FIX-2)
  fixSplitPitchOneBlockMore, // FIX: channelSplit bursts 32*(dstStride+1) bytes apart (FIX-3)
  nanResultAsInf,            // +inf where a conversion's result must be a NaN of T (AMB-16 (project), FIX-6, ENH-4)
  atomAddOverflowToMax,      // an atomic add's inf over a finite prior element stored as the largest finite (ATOM-4)
  nd2nzUbDropsLastRow,       // ND2NZ GM->UB or UB->L1 moves nValue - 1 rows (ND2NZUB-3, ND2NZ-6)
  nddmaNearestAsConstant,    // NDDMA: the nearest-value mode padded with constantValue (NDDMA-3)
  nddmaPadsSwapped           // NDDMA: loopLpSize and loopRpSize exchanged in every dimension (NDDMA-3)
};

std::unique_ptr<backends::Backend> makeWrongBackend(Mutation mutation);
// A backend that supports nothing: the suite must not count it as passing.
std::unique_ptr<backends::Backend> makeUnsupportingBackend();

}  // namespace dcconf::properties::testing
