// A case: one call of one data-copy API, with its buffers' sizes and start offsets (the dcconf.case/1 model).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dcconf/oracle/params.hpp"
#include "dcconf/oracle/types.hpp"

namespace dcconf::oracle {

// Ambiguity profile (SEMANTICS section 12). Each AMB-n is one field; the defaults are the spec's default profile.
struct Profile {
  enum class ZeroCount : std::uint8_t { reject, hwNoop };                     // AMB-1
  enum class PadDummy : std::uint8_t { any, docDummy, padDummy };             // AMB-2
  enum class TscmGmStrideUnit : std::uint8_t { bytes, docTable32 };           // AMB-3
  enum class CalCountOverflow : std::uint8_t { reject, hwWrap };              // AMB-4
  enum class Nd2NzZeroMatrixStride : std::uint8_t { acceptWhenSingle, docRange };  // AMB-6 (and DN2NZ-2)
  enum class SmallC0Polarity : std::uint8_t { basicApiPage, cApiPage };               // AMB-7
  // AMB-8..12 (FIX-7): "any" is the default: a result that depends on the reading is ANY.
  enum class FixOffset : std::uint8_t { any, offsetSigned, offsetUnsigned };          // AMB-8
  enum class FixShift : std::uint8_t { any, shiftRaw, shiftPlusOne };                 // AMB-9
  enum class FixDeqRounding : std::uint8_t { any, deqRne, deqTrunc };                 // AMB-10
  enum class FixReluOrder : std::uint8_t { any, reluBeforeOffset, reluAfterOffset };  // AMB-11
  enum class FixNegScale : std::uint8_t { any, negScaleSigned, negScaleMagnitude };   // AMB-12
  // AMB-13..15 (ENH-4, enhanced CO1->CO2 conversions). AMB-13/14 default "any" like AMB-8..12; AMB-15 defaults to
  // the page's reading (ENH-3 gives it).
  enum class VdeqTensorStep : std::uint8_t { any, repeat, advance };     // AMB-13: V* entries for burst i >= 1
  enum class Deq16Offset : std::uint8_t { any, ignored, added };         // AMB-14: offset bits on an int16 result
  enum class SidHalf : std::uint8_t { docPage, matmulPairing };          // AMB-15: sidStoreMode 0/1 halves
  // AMB-17/18 are validity questions (G-4: the default rejects what the vendor's checks reject); AMB-19/20
  // are open by default ("any"): a byte that depends on the reading is ANY.
  enum class PadBlockLen : std::uint8_t { elementMultiple, byteLen };    // AMB-17: blockLen % sizeof(T) != 0
  enum class PadRawValue : std::uint8_t { reject, padRaw };              // AMB-18: non-Ext paddingValue != 0
  enum class EnhBlockLenUnit : std::uint8_t { any, block, dataBlock32 };  // AMB-19: MATRIX/VECTOR blockLen unit
  enum class Deqf16Mcb : std::uint8_t { any, int16, half };              // AMB-20: DEQF16/VDEQF16 MCB saturation
  // PAD-CMP (project): DataCopyPad PaddingMode::Compact, open by default like AMB-19 ("any").
  enum class CompactPads : std::uint8_t { any, ignored, run };           // AMB-21: leftPadding/rightPadding
  enum class CompactUbStride : std::uint8_t { any, ignored, bytes };     // AMB-22: the UB-side stride
  // FIX950 (project): a zero nSize/mSize/ndNum/dnNum of the 950 Fixpipe, a NOP (the page) or rejected (the
  // header's assertions). Validity, like AMB-1; the page's NOP by default.
  enum class Fix950Zero : std::uint8_t { noop, reject };                 // AMB-23
  // ND2NZUB (project): DataCopy ND2NZ GM->UB, the vendor's emulation or the page (AMB-33, validity: the
  // default rejects where they differ), and the A2/A3 float rows of 16 elements or the page's 8 (AMB-34, pinned).
  enum class Nd2NzUbReading : std::uint8_t { emulation, page };          // AMB-33
  enum class Nd2NzUbFloatC0 : std::uint8_t { header16, page8 };          // AMB-34
  // ND2NZ-6 (project): DataCopy ND2NZ UB->L1, valid where every vendor route agrees with the page or as the
  // page says (AMB-38, validity), and the 950 SSBuffer route's x + 0 on the values (AMB-39, open by default).
  enum class Nd2NzU2L1Reading : std::uint8_t { routes, page };           // AMB-38
  enum class Nd2NzU2L1Values : std::uint8_t { any, move };              // AMB-39
  // BRC (project): BroadCastVecToMM. AMB-40/41 open by default like AMB-19 ("any"); AMB-42 validity.
  enum class BrcDstGap : std::uint8_t { any, gap, stride };              // AMB-40: dstGap tail to head or head to head
  enum class BrcHalfLen : std::uint8_t { any, elems16, bytes64 };        // AMB-41: the blockLen unit of half
  enum class BrcDstAlign : std::uint8_t { elems256, bytes64 };           // AMB-42: the destination start alignment
  // NDDMA (project): validity questions, rejected by default (the page's ranges and rules).
  enum class NdDmaB64Stride : std::uint8_t { reject, wrap };             // AMB-35: b64 strides past the doubled fields
  enum class NdDmaInterleave : std::uint8_t { reject, any };             // AMB-36: interleaving ascending dst strides
  enum class NdDmaZeroSize : std::uint8_t { reject, noop };              // AMB-37: a loopSize of 0

  ZeroCount zeroCount = ZeroCount::reject;
  PadDummy padDummy = PadDummy::any;
  TscmGmStrideUnit tscmGmStrideUnit = TscmGmStrideUnit::bytes;
  CalCountOverflow calCountOverflow = CalCountOverflow::reject;
  Nd2NzZeroMatrixStride nd2nzZeroMatrixStride = Nd2NzZeroMatrixStride::acceptWhenSingle;
  SmallC0Polarity smallC0Polarity = SmallC0Polarity::basicApiPage;
  FixOffset fixOffset = FixOffset::any;
  FixShift fixShift = FixShift::any;
  FixDeqRounding fixDeqRounding = FixDeqRounding::any;
  FixReluOrder fixReluOrder = FixReluOrder::any;
  FixNegScale fixNegScale = FixNegScale::any;
  VdeqTensorStep vdeqTensorStep = VdeqTensorStep::any;
  Deq16Offset deq16Offset = Deq16Offset::any;
  SidHalf sidHalf = SidHalf::docPage;
  PadBlockLen padBlockLen = PadBlockLen::elementMultiple;
  PadRawValue padRawValue = PadRawValue::reject;
  EnhBlockLenUnit enhBlockLenUnit = EnhBlockLenUnit::any;
  Deqf16Mcb deqf16Mcb = Deqf16Mcb::any;
  CompactPads compactPads = CompactPads::any;
  CompactUbStride compactUbStride = CompactUbStride::any;
  Fix950Zero fix950Zero = Fix950Zero::noop;
  Nd2NzUbReading nd2nzUbReading = Nd2NzUbReading::emulation;
  Nd2NzUbFloatC0 nd2nzUbFloatC0 = Nd2NzUbFloatC0::header16;
  Nd2NzU2L1Reading nd2nzU2L1Reading = Nd2NzU2L1Reading::routes;
  Nd2NzU2L1Values nd2nzU2L1Values = Nd2NzU2L1Values::any;
  BrcDstGap brcDstGap = BrcDstGap::any;
  BrcHalfLen brcHalfLen = BrcHalfLen::any;
  BrcDstAlign brcDstAlign = BrcDstAlign::elems256;
  NdDmaB64Stride ndDmaB64Stride = NdDmaB64Stride::reject;
  NdDmaInterleave ndDmaInterleave = NdDmaInterleave::reject;
  NdDmaZeroSize ndDmaZeroSize = NdDmaZeroSize::reject;

  friend bool operator==(const Profile&, const Profile&) = default;
};

// Profile names: "default", "hw-noop", "doc-dummy", "pad-dummy", "doc-table", "hw-wrap", "doc-range",
// "c-api-page", and for AMB-8..12 "offset-signed", "offset-unsigned", "shift-raw", "shift-plus-one", "deq-rne",
// "deq-trunc", "relu-before-offset", "relu-after-offset", "negscale-signed", "negscale-magnitude", and for
// AMB-13..15 "vdeq-repeat", "vdeq-advance", "deq16-no-offset", "deq16-offset", "sid-matmul", and
// "byte-len" (AMB-17), "pad-raw" (AMB-18), "enh-len-block", "enh-len-32b" (AMB-19), "deqf16-mcb-int16",
// "deqf16-mcb-half" (AMB-20), "cmp-pads-ignored", "cmp-pads-run" (AMB-21), "cmp-stride-ignored",
// "cmp-stride-bytes" (AMB-22), "fix950-zero-reject" (AMB-23), "nd2nzub-page" (AMB-33), "nd2nzub-c0-8" (AMB-34),
// "brc-dstgap-gap", "brc-dstgap-stride" (AMB-40), "brc-half-len-16", "brc-half-len-64b" (AMB-41), "brc-align-64b"
// (AMB-42), "nddma-b64-wrap" (AMB-35), "nddma-interleave-any" (AMB-36), "nddma-size0-noop" (AMB-37),
// "basic-api-page" (AMB-7) and "sid-doc" (AMB-15): the last two name the readings the default already pins, so every
// reading can be named (a canonical name leaves them out).
// A spec is a comma-separated list of names, applied left to right over the default.
struct ProfileParse {
  std::optional<Profile> profile;
  std::string error;  // names the offending word when profile is empty
};
ProfileParse parseProfile(std::string_view spec);
std::string profileName(const Profile& profile);  // canonical: "default" or the non-default names, comma-joined
std::vector<std::string_view> allProfileNames();

struct BufferSpec {
  std::uint64_t sizeBytes = 0;
  std::uint64_t offsetBytes = 0;  // where the copy starts inside the buffer
  friend bool operator==(const BufferSpec&, const BufferSpec&) = default;
};

// DataCopyPad's PaddingMode template argument (PAD-CMP-1, Ascend 950): Normal is every other DataCopyPad clause.
enum class PaddingMode : std::uint8_t { normal, compact };
std::string_view name(PaddingMode mode);  // "Normal", "Compact"

// The DMA atomic state a copy to GM runs under (ATOM, project): SetAtomicAdd<T>(), SetAtomicMax<T>(),
// SetAtomicMin<T>(); none is SetAtomicNone() / DisableDmaAtomic(), a plain overwrite.
enum class AtomicOp : std::uint8_t { none, add, max, min };
std::string_view name(AtomicOp op);  // "none", "add", "max", "min"
std::optional<AtomicOp> parseAtomicOp(std::string_view name);

struct Case {
  Product product = kDefaultProduct;
  Api api = Api::DataCopyPad;
  Position srcPos = Position::GM;
  Position dstPos = Position::VECIN;
  DType dtype = DType::half;
  CopyParams params;
  PadParams padParams;
  std::optional<Nd2NzParams> nd2nzParams;   // VECIN/VECOUT->TSCM only
  std::optional<std::uint64_t> padRegister;  // raw bits last set by SetPadValue
  std::optional<DataCopyEnhancedParams> enhancedParams;  // enhanced DataCopy only (ENH), with DataCopyParams
  // FIX only, with DataCopyCO12DstParams: dtype is the destination T, fixpipe->srcDType the source U.
  std::optional<FixpipeState> fixpipe;
  PaddingMode paddingMode = PaddingMode::normal;  // DataCopyPad GM<->UB only (PAD-CMP)
  std::optional<LoopModeParams> loopMode;         // DataCopyPad GM<->UB on the Ascend 950 only (LOOP)
  // ATOM (project): UB->GM DataCopy / DataCopyPad only; the destination's prior content is then an input (ATOM-3).
  AtomicOp atomic = AtomicOp::none;
  Profile profile;
  BufferSpec src;
  BufferSpec dst;
  friend bool operator==(const Case&, const Case&) = default;
};

// The documented operations. A case maps to exactly one, or to none (a malformed case).
enum class Operation : std::uint8_t {
  padGmToUb,    // PAD-G2U
  padUbToGm,    // PAD-U2G
  padUbToTscm,  // PAD-U2L1
  copy0Level,   // DC-1, DC-2
  copy2Level,   // DC-3
  nd2nz,        // ND2NZ
  nz2nd,        // NZ2ND
  slice,        // SLICE
  dn2nz,        // DN2NZ
  enhancedNormal,   // ENH-1 BLOCK_MODE_NORMAL on the normal DataCopy paths
  enhancedCo1ToCo2, // ENH-1 MATRIX / VECTOR / SMALL_CHANNEL, CO1->CO2
  fixpipe,          // FIX: DataCopyCO12DstParams, CO1->GM and CO1->A1
  padCompactGmToUb,  // PAD-CMP: DataCopyPad<T, PaddingMode::Compact> GM->UB (Ascend 950)
  padCompactUbToGm,  // PAD-CMP: DataCopyPad<T, PaddingMode::Compact> UB->GM (Ascend 950)
  fixpipe950,        // FIX950: Fixpipe with FixpipeParamsArch3510<CO2Layout> CO1->GM and CO1->UB (Ascend 950)
  nddma,             // NDDMA: multi-dimensional DataCopy GM->VECIN with NdDmaParams (Ascend 950)
  nd2nzGmToUb,       // ND2NZUB: DataCopy ND2NZ GM->VECIN, software emulated (A2/A3/950)
  broadcastUbToL0c,  // BRC: BroadCastVecToMM VECIN/VECOUT->CO1 (Atlas inference)
};
std::string_view name(Operation operation);
// The clause family prefix ("PAD-G2U", "DC", ...) used in vector flags and report grouping.
std::string_view clauseFamily(Operation operation);

struct OperationResolution {
  std::optional<Operation> operation;
  std::string error;  // why the api/path/params/padParams combination is not a documented call
};
OperationResolution resolveOperation(const Case& c);

std::string pathName(Position src, Position dst);  // "GM->VECIN"

struct PathPair {
  Position src;
  Position dst;
};
// The documented paths of an operation (DC-1, PAD-G2U, ..., SLICE, DN2NZ, ENH), first the common one.
std::span<const PathPair> documentedPaths(Operation operation);
// The project's UB->L1 paths: DC-5, the plain (0- and 2-level) DataCopy VECIN/VECOUT->A1/B1 (the enhanced one is not
// modelled there); ND2NZ-6, the ND2NZ VECIN/VECOUT->TSCM. False for every other operation and path.
bool isUbToL1Path(Operation operation, const PathPair& path);
inline constexpr Operation kAllOperations[] = {Operation::padGmToUb, Operation::padUbToGm, Operation::padUbToTscm,
                                               Operation::copy0Level, Operation::copy2Level, Operation::nd2nz,
                                               Operation::nz2nd, Operation::slice, Operation::dn2nz,
                                               Operation::enhancedNormal, Operation::enhancedCo1ToCo2,
                                               Operation::fixpipe, Operation::padCompactGmToUb,
                                               Operation::padCompactUbToGm, Operation::fixpipe950,
                                               Operation::nddma,
                                               Operation::nd2nzGmToUb,
                                               Operation::broadcastUbToL0c};
// The enumerator's name ("padGmToUb"), as the product table (oracle/data/products.tsv) spells it.
std::string_view key(Operation operation);
std::optional<Operation> parseOperationKey(std::string_view key);

// AMB-18: the element a 64-bit paddingValue field stands for is its low sizeof(T) bytes.
std::uint64_t elementMask(DType dtype);
// PAD-CMP-1 (rev. 2026-12): the plain DataCopyParams / DataCopyPadParams of a call, in their Ext spelling (the same
// call: the vendor hands both to one implementation); Ext fields are left as they are.
void widenToExtParams(Case& c);

}  // namespace dcconf::oracle
