// The exporter: curated edge cases, the documents' worked examples and seeded random cases, grouped per
// api x path x dtype into Wycheproof-shaped files, with raw tensors under data/ and a hashed manifest.
#include "dcconf/vectors/export.hpp"

#include <algorithm>
#include <optional>
#include <set>

#include <nlohmann/json.hpp>
#include <rapidcheck/Random.h>

#include "dcconf/backends/children.hpp"
#include "dcconf/casefile/result.hpp"
#include "dcconf/oracle/alternatives.hpp"
#include "dcconf/oracle/numeric.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "dcconf/properties/fixpipe.hpp"
#include "dcconf/properties/generators.hpp"
#include "dcconf/properties/invariants.hpp"
#include "dcconf/report/report.hpp"
#include "dcconf/vectors/sha256.hpp"
#include "drafts.hpp"

namespace dcconf::vectors {

using namespace dcconf::oracle;
using detail::Draft;
using nlohmann::json;

const std::map<std::string, FlagDef>& flagCatalogue() {
  static const std::map<std::string, FlagDef> flags{
      {"UNALIGNED_BLOCKLEN", {"PAD-G2U-2", "blockLen (bytes) is not a multiple of 32: blocks are padded to 32 B in UB"}},
      {"LEFT_PAD", {"PAD-G2U-3", "leftPadding > 0: pad elements before the data"}},
      {"RIGHT_PAD", {"PAD-G2U-3", "rightPadding > 0: pad elements after the data"}},
      {"LEFT_PAD_MAX", {"PAD-G2U-1", "leftPadding*sizeof(T) == 32, the largest allowed"}},
      {"RIGHT_PAD_MAX", {"PAD-G2U-1", "rightPadding*sizeof(T) == 32, the largest allowed"}},
      {"PAD_VALUE", {"PAD-G2U-4", "isPad with pad elements: they hold paddingValue"}},
      {"PAD_REGISTER", {"PAD-G2U-4", "isPad false with pads: they hold the SetPadValue register"}},
      {"DUMMY_FILL", {"PAD-G2U-5", "pads + data is not a multiple of 32 B: dummy bytes (ANY by default, AMB-2)"}},
      {"SRC_GAP", {"PAD-G2U-2", "a non-zero source stride between blocks (DC-2, PAD-U2G-2 alike)"}},
      {"DST_GAP", {"PAD-G2U-3", "a non-zero destination stride: the gaps between blocks are KEEP"}},
      {"GM_UNALIGNED", {"G-5", "a GM buffer starts at an offset that is not 32-byte aligned"}},
      {"GUARD_BYTES", {"G-1", "the destination has bytes outside the write footprint: they must keep their value"}},
      {"U2G_EXACT_BYTES", {"PAD-U2G-2", "UB -> GM writes exactly blockLen bytes per block, never the UB dummy"}},
      {"TWO_LEVEL_REMAINDER", {"DC-3", "calCount*sizeof(T) is not a multiple of 32: the remainder is dropped"}},
      {"ND2NZ_TAIL", {"ND2NZ-3", "dValue is not a multiple of C0: the row tail is zero-filled"}},
      {"ND2NZ_MULTI_MATRIX", {"ND2NZ-2", "ndNum > 1: several matrices"}},
      {"NZ2ND_MULTI_MATRIX", {"NZ2ND-2", "ndNum > 1: several matrices"}},
      {"SLICE_MULTI_DIM", {"SLICE-4", "dimValue > 1: an offset list over the outer dimensions, paired by position"}},
      {"SLICE_GM_BYTE_STRIDE", {"SLICE-4", "srcStride0*sizeof(T) is not a multiple of 32: the unaligned (pad) transport"}},
      {"DN2NZ_TAIL", {"DN2NZ-1", "dValue is not a multiple of C0: the d tail is zero-filled"}},
      {"DN2NZ_MULTI_MATRIX", {"DN2NZ-1", "dnNum > 1: several matrices"}},
      {"DN2NZ_SMALL_C0", {"DN2NZ-3", "enableSmallC0 with dValue <= 4 (its polarity is AMB-7)"}},
      {"DN2NZ_FP4", {"DN2NZ-4", "a 4-bit pair type moved as bytes (ND2NZ-5)"}},
      {"ENH_CO1_BLOCK_MODE", {"ENH-1", "CO1->CO2 with BLOCK_MODE_MATRIX, VECTOR or SMALL_CHANNEL units"}},
      {"ENH_RELU", {"ENH-3", "isRelu on CO1->CO2: linear rectification on the way"}},
      {"ENH_DEQ", {"ENH-2", "deqScale DEQ / DEQ16 on CO1->CO2: a scalar deqValue conversion (ENH-4: FIX-5/6 arithmetic)"}},
      {"ENH_VDEQ", {"ENH-2", "deqScale VDEQ / VDEQ8 / VDEQ16: per-column parameters from enhancedParams.deqTensor"}},
      {"ENH_DEQ8_STORE_MODE", {"ENH-3", "DEQ8 / VDEQ8: int8/uint8 results stored by sidStoreMode 0 (high 16 B), 1 (low) or 3 (contiguous)"}},
      {"ENH_DEQ_HALF_SOURCE", {"ENH-2", "DEQ half -> half (table 5)"}},
      {"FIX_NO_QUANT", {"FIX-4", "NoQuant: float -> float or int32_t -> int32_t copied out of L0C unchanged"}},
      {"FIX_FLOAT_NARROWING", {"FIX-6", "F322F16 / F322BF16: float to half or bfloat16_t, round to nearest even"}},
      {"FIX_DEQF16", {"FIX-6", "DEQF16 / VDEQF16: f32(int32 x) * M1 to half"}},
      {"FIX_QUANT_8BIT", {"FIX-6", "QF322B8_PRE / REQ8 (or V*): scale, clamp, round half to even, offset, saturate to 8 bits"}},
      {"FIX_PER_COLUMN", {"FIX-4", "a V* mode: one uint64 quant parameter per column from the SetFixPipeConfig tensor"}},
      {"FIX_QUANT_FIELDS", {"FIX-5", "a quant parameter with MCB, an offset, or the ignored low 13 scale bits set"}},
      {"FIX_RELU", {"FIX-6", "reluPre 1: negative inputs scaled by M2 = 0 (max(x, 0) without quant)"}},
      {"FIX_CHANNEL_SPLIT", {"FIX-3", "channelSplit: a float destination in 8-channel (32-byte) rows"}},
      {"FIX_NZ2ND", {"FIX-2", "nz2ndEn: the NZ source written as ND rows (SetFixpipeNz2ndFlag)"}},
      {"FIX_NZ2ND_MULTI_MATRIX", {"FIX-2", "nz2ndEn with ndNum > 1: several matrices"}},
      {"FIX_TO_A1", {"FIX-4", "CO1->A1: no float or int32_t destination"}},
      {"FIX_NZ_C0_32", {"FIX-1", "an 8-bit NZ result: C0d = 32 channels per 32-byte row (the revised FIX-1), nSize a multiple of 32"}},
      {"FIX_DEQ_ZERO_SIGN", {"FIX-6a", "DEQF16 / VDEQF16 with ReLU: a negative input gives +0.0, never -0.0"}},
      {"AMB_8", {"AMB-8", "some elements are ANY: their value depends on whether the 9-bit offset is signed (FIX-7)"}},
      {"AMB_9", {"AMB-9", "some elements are ANY: their value depends on whether the MCB shift is N or N+1 (FIX-7)"}},
      {"AMB_10", {"AMB-10", "some elements are ANY: their value depends on how DEQF16 rounds (FIX-7)"}},
      {"AMB_11", {"AMB-11", "some elements are ANY: their value depends on ReLU before or after the offset (FIX-7)"}},
      {"AMB_12", {"AMB-12", "some elements are ANY: their value depends on how a sign-extended negative scale reads (FIX-7)"}},
      {"AMB_13", {"AMB-13", "some elements are ANY: V* parameters of bursts after the first repeat or advance (ENH-4)"}},
      {"AMB_14", {"AMB-14", "some elements are ANY: whether a DEQ16 int16 result gets the offset (ENH-4)"}},
      {"AMB_19", {"AMB-19", "some bytes are ANY: the MATRIX/VECTOR blockLen unit (table blocks or 32-byte blocks, ENH-1)"}},
      {"AMB_20", {"AMB-20", "some elements are ANY: DEQF16/VDEQF16 with MCB saturates to int16 or to half (FIX-6)"}},
      {"AMB_21", {"AMB-21", "some bytes are ANY: Compact leftPadding/rightPadding ignored or padding the packed run"}},
      {"AMB_22", {"AMB-22", "some bytes are ANY: the Compact UB-side stride ignored or counted in bytes"}},
      {"AMB_40", {"AMB-40", "some bytes are ANY: BroadCastVecToMM dstGap tail to head or head to head (BRC-3)"}},
      {"AMB_41", {"AMB-41", "some bytes are ANY: BroadCastVecToMM blockLen of half in 16 elements or 64 bytes"}},
      {"BRC", {"BRC-3", "BroadCastVecToMM UB->L0C: each 16-element row fills a 16x16 fractal (Atlas inference)"}},
      {"BRC_MULTI_BLOCK", {"BRC-3", "BroadCastVecToMM with blockCount > 1: blocks srcGap data blocks and dstGap fractals apart"}},
      {"UB_TO_L1", {"DC-5", "the plain DataCopy VECIN/VECOUT->A1/B1 (project, issue 31 item 5): DC-2/DC-3 bytes into L1"}},
      {"ND2NZ_UB_TO_L1", {"ND2NZ-6", "DataCopy with Nd2NzParams VECIN/VECOUT->TSCM (project): GM->L1's ND2NZ from the UB, ndNum 1 (AMB-38)"}},
      {"AMB_39", {"AMB-39", "some elements are ANY: the 950's vector x + 0 on -0, subnormal and NaN floats, or any 8-bit byte (ND2NZ-8)"}},
      {"ND2NZ_GM_TO_UB", {"ND2NZUB-3", "DataCopy with Nd2NzParams GM->VECIN (project, issue 31 item 6): the emulated ND2NZ into the UB"}},
      {"ND2NZUB_TAIL", {"ND2NZUB-4", "dValue is not a multiple of C0: the last column block's tail bytes are ANY (0 or the pad dummy)"}},
      {"NDDMA", {"NDDMA-3", "DataCopy GM->VECIN with NdDmaParams (950): a loop nest of up to 5 dimensions with pads"}},
      {"NDDMA_MULTI_DIM", {"NDDMA-3", "NdDmaParams with dim > 1: the destination index sums every dimension's stride"}},
      {"NDDMA_PAD_CONSTANT", {"NDDMA-3", "NDDMA pads in constant mode: each pad element is constantValue's low bytes"}},
      {"NDDMA_PAD_NEAREST", {"NDDMA-3", "NDDMA pads in nearest-value mode: each pad takes its dimension's nearest element"}},
      {"NDDMA_B64", {"NDDMA-2", "NDDMA with an 8-byte T: constant mode, pad 0, halved stride limits (AMB-35)"}},
      {"NDDMA_COLLISION", {"NDDMA-4", "NDDMA tuples write the same destination element: those bytes are ANY"}},
      {"LOOP_MODE", {"LOOP-3", "DataCopyPad in loop mode (SetLoopModePara, 950): the call repeated over two loop levels"}},
      {"LOOP_COLLISION", {"LOOP-3", "loop iterations write the same destination bytes: those bytes are ANY"}},
      {"ATOMIC_ADD", {"ATOM-4", "SetAtomicAdd<T>(): each written element is the prior GM element + the copied one"}},
      {"ATOMIC_MAX", {"ATOM-5", "SetAtomicMax<T>(): each written element is the larger of the prior and the copied"}},
      {"ATOMIC_MIN", {"ATOM-5", "SetAtomicMin<T>(): each written element is the smaller of the prior and the copied"}},
      {"COMPACT", {"PAD-CMP-2", "DataCopyPad PaddingMode::Compact: the UB blocks packed at pitch blockLen (950)"}},
      {"COMPACT_TAIL", {"PAD-CMP-3", "blockCount*blockLen is not a multiple of 32 B: the tail up to 32 B is filled"}},
      {"FIX950_NZ", {"FIX950-2", "950 Fixpipe, CO2Layout::NZ: dstStride counts elements"}},
      {"FIX950_ND", {"FIX950-3", "950 Fixpipe, CO2Layout::ROW_MAJOR: srcNdStride counts C0_SIZE (16 elements)"}},
      {"FIX950_DN", {"FIX950-4", "950 Fixpipe, CO2Layout::COLUMN_MAJOR: the transposed result"}},
      {"FIX950_MULTI_MATRIX", {"FIX950-3", "950 Fixpipe with ndNum or dnNum > 1"}},
      {"FIX950_NOP", {"FIX950-6", "950 Fixpipe with a zero count: nothing written (AMB-23's default)"}},
      {"FIX950_UB", {"FIX950-8", "950 Fixpipe toward the UB (CO1->VECIN/VECOUT)"}},
      {"FIX950_L1", {"FIX950-13", "950 Fixpipe toward L1 (CO1->A1)"}},
      {"FIX950_DUAL_M", {"FIX950-10", "950 Fixpipe dualDstCtl 1: the rows split between two UBs end to end"}},
      {"FIX950_DUAL_N", {"FIX950-11", "950 Fixpipe dualDstCtl 2: the columns split between two UBs end to end"}},
      {"ALTERNATIVES", {"G-6", "open alternatives ambiguities: the output must also match one whole reading of the test's alternatives (a byte-wise mix fails)"}},
      {"NAN_CLASS", {"AMB-16", "a float conversion gives a NaN (NaN source, inf x 0): its bytes are ANY, but nanElements lists it and any NaN of T passes, inf or a number fails"}},
      {"ANY_BYTES", {"AMB-2", "some destination bytes are ANY (care mask 0): unspecified (AMB-2 dummy, PAD-G2U-4 pads, ND2NZ-4)"}},
      {"WORKED_EXAMPLE", {"PAD-G2U-6", "a worked example of the documents (docs/examples; PAD-G2U-6, SLICE-5, NZ2ND-3, ...): its comment names the clause"}},
      {"RANDOM", {"G-1", "drawn by the property suite's generators from the set's seed"}},
      {"INVALID_BLOCKCOUNT", {"PAD-G2U-1", "blockCount out of range (PAD-G2U-1, PAD-U2G-1, DC-1; AMB-1 for 0)"}},
      {"INVALID_BLOCKLEN", {"PAD-G2U-1", "blockLen out of range (PAD-G2U-1, PAD-U2G-1, DC-1)"}},
      {"INVALID_PADDING", {"PAD-G2U-1", "leftPadding/rightPadding*sizeof(T) > 32, or a 64-bit paddingValue != 0"}},
      {"INVALID_CALCOUNT", {"DC-3", "2-level calCount moves more than 65535 blocks (AMB-4)"}},
      {"INVALID_ND2NZ", {"ND2NZ-1", "an Nd2NzParams field out of range (ND2NZ-1, PAD-U2L1-2)"}},
      {"INVALID_NZ2ND", {"NZ2ND-1", "an Nz2NdParamsFull field out of range"}},
      {"INVALID_BOUNDS", {"G-1", "a buffer is too small for the footprint (G-1 destination, G-2 source)"}},
      {"INVALID_ALIGNMENT", {"G-5", "a UB/L1 operand does not start 32-byte aligned"}},
      {"INVALID_SLICE", {"SLICE-4", "a SliceInfo / dimValue / shape constraint broken (SLICE-1..4)"}},
      {"INVALID_DN2NZ", {"DN2NZ-2", "a Dn2NzParams field out of range, or enableSmallC0 misused (DN2NZ-2, DN2NZ-3)"}},
      {"INVALID_ENHANCED", {"ENH-1", "an unsupported or misplaced DataCopyEnhancedParams field (ENH-1..3)"}},
      {"INVALID_FIX", {"FIX-1", "a DataCopyCO12DstParams or fixpipe state constraint broken (FIX-1..6)"}},
      {"INVALID_OTHER", {"G-4", "another constraint broken; the test's clause and field name it"}},
  };
  return flags;
}

namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

// "datacopypad_gm2vecin_half": the group file's stem for a case.
// An atomic copy (ATOM-1) gets files of its own, so adding atomic vectors moves no plain vector's tcId.
std::string groupStem(const Case& c) {
  return lower(name(c.api)) + "_" + lower(name(c.srcPos)) + "2" + lower(name(c.dstPos)) + "_" + std::string(name(c.dtype)) +
         (c.atomic != AtomicOp::none ? "_atomic" : "");
}

std::string invalidFlag(const std::string& clause, const std::string& field) {
  if (clause.rfind("ND2NZ", 0) == 0 || clause.rfind("PAD-U2L1", 0) == 0) return "INVALID_ND2NZ";
  if (clause.rfind("NZ2ND", 0) == 0) return "INVALID_NZ2ND";
  if (clause.rfind("SLICE", 0) == 0) return "INVALID_SLICE";
  if (clause.rfind("DN2NZ", 0) == 0) return "INVALID_DN2NZ";
  if (clause.rfind("ENH", 0) == 0) return "INVALID_ENHANCED";
  if (clause.rfind("FIX", 0) == 0) return "INVALID_FIX";
  if (clause == "DC-3") return "INVALID_CALCOUNT";
  if (clause == "G-5") return "INVALID_ALIGNMENT";
  if (clause == "G-1" || clause == "G-2") return "INVALID_BOUNDS";
  if (field.find("blockCount") != std::string::npos) return "INVALID_BLOCKCOUNT";
  if (field.find("blockLen") != std::string::npos) return "INVALID_BLOCKLEN";
  if (field.find("adding") != std::string::npos) return "INVALID_PADDING";
  return "INVALID_OTHER";
}

// FIX: the mode family, the per-column and field-level parameters, and the layout switches.
void addFixpipeFlags(const Case& c, std::set<std::string>& flags) {
  const auto& p = std::get<DataCopyCO12DstParams>(c.params);
  const FixpipeState& f = *c.fixpipe;
  const bool perColumn = properties::isPerColumnMode(p.quantPre);
  switch (p.quantPre) {
    case QuantMode::NoQuant: flags.insert("FIX_NO_QUANT"); break;
    case QuantMode::F322F16:
    case QuantMode::F322BF16: flags.insert("FIX_FLOAT_NARROWING"); break;
    case QuantMode::DEQF16:
    case QuantMode::VDEQF16: flags.insert("FIX_DEQF16"); break;
    default: flags.insert("FIX_QUANT_8BIT"); break;
  }
  if (perColumn) flags.insert("FIX_PER_COLUMN");
  if (properties::isScaledMode(p.quantPre)) {
    std::vector<std::uint64_t> used{f.quantScalar};
    if (perColumn) used.assign(f.quantTensor.begin(), f.quantTensor.begin() + p.nSize);
    for (const std::uint64_t q : used) {
      const QuantParam fields = decodeQuantParam(q);
      if (fields.mcb || fields.offsetBits != 0 || (q & 0x1FFFu) != 0) flags.insert("FIX_QUANT_FIELDS");
    }
  }
  if (p.reluPre == 1) flags.insert("FIX_RELU");
  if (p.channelSplit) flags.insert("FIX_CHANNEL_SPLIT");
  if (p.nz2ndEn) flags.insert(f.ndNum > 1 ? "FIX_NZ2ND_MULTI_MATRIX" : "FIX_NZ2ND");
  if (c.dstPos == Position::A1) flags.insert("FIX_TO_A1");
  if (!p.nz2ndEn && sizeBytes(c.dtype) == 1) flags.insert("FIX_NZ_C0_32");
  if ((p.quantPre == QuantMode::DEQF16 || p.quantPre == QuantMode::VDEQF16) && p.reluPre == 1) {
    flags.insert("FIX_DEQ_ZERO_SIGN");
  }
}

// The flags a valid case's parameters and expectation show, added to the ones its source chose.
// NDDMA-2..4: the walk's shape, its pad mode (only where a dimension has pads), b64, and collisions (ANY bytes).
void addNdDmaFlags(const NdDmaParams& p, std::uint64_t s, const Evaluation& e, std::set<std::string>& flags) {
  flags.insert("NDDMA");
  if (p.dim > 1) flags.insert("NDDMA_MULTI_DIM");
  bool padded = false;
  for (std::size_t i = 0; i < std::min<std::size_t>(p.dim, kMaxNdDmaDims); ++i) {
    padded = padded || p.loopLpSize[i] > 0 || p.loopRpSize[i] > 0;
  }
  if (padded) flags.insert(p.isNearestValueMode ? "NDDMA_PAD_NEAREST" : "NDDMA_PAD_CONSTANT");
  if (s == 8) flags.insert("NDDMA_B64");
  const auto& region = e.expectation.region;
  if (std::find(region.begin(), region.end(), Region::collision) != region.end()) flags.insert("NDDMA_COLLISION");
}

void addVisibleFlags(const Case& c, Operation op, const Evaluation& e, std::set<std::string>& flags) {
  const std::uint64_t s = sizeBytes(c.dtype);
  std::uint64_t blockLen = 0, srcStride = 0, dstStride = 0;
  std::visit([&](const auto& p) {
    if constexpr (requires { p.blockLen; p.srcStride; }) {
      blockLen = p.blockLen, srcStride = p.srcStride, dstStride = p.dstStride;
    }
  }, c.params);
  std::uint64_t left = 0, right = 0;
  bool isPad = false;
  std::visit([&](const auto& p) {
    if constexpr (requires { p.leftPadding; }) left = p.leftPadding, right = p.rightPadding, isPad = p.isPad;
  }, c.padParams);
  if (op == Operation::padGmToUb) {
    if (blockLen % 32 != 0) flags.insert("UNALIGNED_BLOCKLEN");
    if (left > 0) flags.insert(left * s == 32 ? "LEFT_PAD_MAX" : "LEFT_PAD");
    if (right > 0) flags.insert(right * s == 32 ? "RIGHT_PAD_MAX" : "RIGHT_PAD");
    if (left + right > 0) flags.insert(isPad ? "PAD_VALUE" : "PAD_REGISTER");
    if (((left + right) * s + blockLen) % 32 != 0) flags.insert("DUMMY_FILL");
  }
  if (op == Operation::padUbToGm && blockLen % 32 != 0) flags.insert("U2G_EXACT_BYTES");
  if (op == Operation::padCompactGmToUb || op == Operation::padCompactUbToGm) flags.insert("COMPACT");
  if (c.loopMode) flags.insert("LOOP_MODE");
  if (c.atomic != AtomicOp::none) flags.insert(c.atomic == AtomicOp::add ? "ATOMIC_ADD" : c.atomic == AtomicOp::max ? "ATOMIC_MAX" : "ATOMIC_MIN");  // ATOM
  if (c.loopMode && std::find(e.expectation.region.begin(), e.expectation.region.end(), Region::collision) !=
                        e.expectation.region.end()) {
    flags.insert("LOOP_COLLISION");
  }
  if (op == Operation::padCompactGmToUb) {
    std::uint64_t count = 0;
    std::visit([&](const auto& p) {
      if constexpr (requires { p.blockCount; }) count = p.blockCount;
    }, c.params);
    if (count * blockLen % 32 != 0) flags.insert("COMPACT_TAIL");
  }
  if (srcStride > 0) flags.insert("SRC_GAP");
  if (dstStride > 0) flags.insert("DST_GAP");
  if ((c.srcPos == Position::GM && c.src.offsetBytes % 32 != 0) || (c.dstPos == Position::GM && c.dst.offsetBytes % 32 != 0)) {
    flags.insert("GM_UNALIGNED");
  }
  if (const auto* cal = std::get_if<CalCount>(&c.params); cal && (std::uint64_t{cal->calCount} * s) % 32 != 0) {
    flags.insert("TWO_LEVEL_REMAINDER");
  }
  const Nd2NzParams* nd = std::get_if<Nd2NzParams>(&c.params);
  if (op == Operation::padUbToTscm && c.nd2nzParams) nd = &*c.nd2nzParams;
  if (nd != nullptr && op != Operation::nd2nzGmToUb && nd->dValue % (32 / s) != 0) flags.insert("ND2NZ_TAIL");
  const bool apart = properties::drawnApart(op, {c.srcPos, c.dstPos});
  if (apart && (op == Operation::copy0Level || op == Operation::copy2Level)) flags.insert("UB_TO_L1");  // DC-5
  if (apart && op == Operation::nd2nz) flags.insert("ND2NZ_UB_TO_L1");  // ND2NZ-6; AMB_39 comes with its region
  if (op == Operation::nd2nzGmToUb) {
    flags.insert("ND2NZ_GM_TO_UB");
    if (nd->dValue % nd2nzGmToUbC0(c) != 0) flags.insert("ND2NZUB_TAIL");
  }
  if (nd != nullptr && nd->ndNum > 1) flags.insert("ND2NZ_MULTI_MATRIX");
  if (const auto* nz = std::get_if<Nz2NdParamsFull>(&c.params); nz && nz->ndNum > 1) flags.insert("NZ2ND_MULTI_MATRIX");
  if (const auto* brc = std::get_if<BroadCastVecToMMParams>(&c.params)) {  // BRC (project)
    flags.insert("BRC");
    if (brc->blockCount > 1) flags.insert("BRC_MULTI_BLOCK");
  }
  if (const auto* nddma = std::get_if<NdDmaParams>(&c.params)) addNdDmaFlags(*nddma, s, e, flags);  // NDDMA (project)
  if (const auto* slice = std::get_if<SliceParams>(&c.params)) {
    if (slice->dimValue > 1) flags.insert("SLICE_MULTI_DIM");
    if (c.srcPos == Position::GM && (std::uint64_t{slice->srcSliceInfo[0].stride} * s) % 32 != 0) {
      flags.insert("SLICE_GM_BYTE_STRIDE");
    }
  }
  if (const auto* dn = std::get_if<Dn2NzParams>(&c.params)) {
    if (dn->dValue % (32 / s) != 0) flags.insert("DN2NZ_TAIL");
    if (dn->dnNum > 1) flags.insert("DN2NZ_MULTI_MATRIX");
    if (dn->enableSmallC0) flags.insert("DN2NZ_SMALL_C0");
    if (c.dtype == DType::fp4x2_e2m1_t || c.dtype == DType::fp4x2_e1m2_t) flags.insert("DN2NZ_FP4");
  }
  if (op == Operation::enhancedCo1ToCo2) {
    flags.insert("ENH_CO1_BLOCK_MODE");
    if (c.enhancedParams && c.enhancedParams->isRelu) flags.insert("ENH_RELU");
    if (c.enhancedParams && c.enhancedParams->deqScale != DeqScale::none) {
      const DeqScale d = c.enhancedParams->deqScale;
      const bool perColumn = d == DeqScale::vdeq || d == DeqScale::vdeq8 || d == DeqScale::vdeq16;
      flags.insert(perColumn ? "ENH_VDEQ" : "ENH_DEQ");
      if (d == DeqScale::deq8 || d == DeqScale::vdeq8) flags.insert("ENH_DEQ8_STORE_MODE");
      if (c.enhancedParams->srcDType == DType::half) flags.insert("ENH_DEQ_HALF_SOURCE");
    }
  }
  if (op == Operation::fixpipe) addFixpipeFlags(c, flags);
  if (op == Operation::fixpipe950 && c.fixpipe && c.fixpipe->layout) {  // FIX950-2/3/4/6
    const Co2Layout layout = *c.fixpipe->layout;
    const auto& p = std::get<DataCopyCO12DstParams>(c.params);
    flags.insert(layout == Co2Layout::NZ ? "FIX950_NZ" : layout == Co2Layout::ROW_MAJOR ? "FIX950_ND" : "FIX950_DN");
    const std::uint64_t count = layout == Co2Layout::ROW_MAJOR      ? c.fixpipe->ndNum
                                : layout == Co2Layout::COLUMN_MAJOR ? c.fixpipe->nz2dn.dnNum
                                                                    : 1;
    if (count > 1) flags.insert("FIX950_MULTI_MATRIX");
    if (count == 0 || p.nSize == 0 || p.mSize == 0) flags.insert("FIX950_NOP");
    if (c.dstPos == Position::VECIN || c.dstPos == Position::VECOUT) flags.insert("FIX950_UB");  // FIX950-8
    if (c.dstPos == Position::A1) flags.insert("FIX950_L1");                                      // FIX950-13
    if (oracle::isDualDestination(c)) flags.insert(c.fixpipe->dualDstCtl == 1 ? "FIX950_DUAL_M" : "FIX950_DUAL_N");
  }
  const auto& region = e.expectation.region;
  if (std::any_of(region.begin(), region.end(), [](Region r) { return r == Region::keep; })) flags.insert("GUARD_BYTES");
  for (const Region r : region) {  // FIX-7: elements left ANY by an ambiguity, one flag per AMB that has one
    if (const int id = ambiguityId(r); id != 0 && flagCatalogue().contains("AMB_" + std::to_string(id))) {
      flags.insert("AMB_" + std::to_string(id));
    }
  }
  const auto& care = e.expectation.care;
  if (std::any_of(care.begin(), care.end(), [](std::uint8_t v) { return v == 0; })) flags.insert("ANY_BYTES");
  if (!e.expectation.classes.empty()) flags.insert("NAN_CLASS");
}

std::uint64_t mix(std::uint64_t seed, std::uint64_t a, std::uint64_t b, std::uint64_t c) {
  std::uint64_t z = seed ^ (0x9E3779B97F4A7C15ull * (a + 1)) ^ (0xC2B2AE3D27D4EB4Full * (b + 1)) ^ (0x165667B19E3779F9ull * (c + 1));
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Whether the product has some path of op that the filter selects, for this dtype; `apart` picks the paths drawn
// apart (properties::drawnApart: DC-5, ND2NZ-6, FIX950-8) or the others.
bool selected(const ExportOptions& o, Operation op, DType dtype, std::optional<bool> apart = std::nullopt) {
  for (const auto& path : documentedPaths(op)) {
    if (apart && properties::drawnApart(op, path) != *apart) continue;
    Case probe;
    probe.product = o.product;
    probe.dtype = dtype;
    probe.srcPos = path.src;
    probe.dstPos = path.dst;
    if (properties::globMatch(o.pathGlob, pathName(path.src, path.dst)) && checkSupport(probe, op).empty()) return true;
  }
  return false;
}

// The scope of op's paths drawn apart, when the filter selects them beside older paths (a filter that selects only
// them already draws them in the plain scope): the run's apart units' scope.
std::optional<properties::Scope> apartScope(const ExportOptions& o, Operation op, DType dtype) {
  if (!selected(o, op, dtype, true) || !selected(o, op, dtype, false)) return std::nullopt;
  properties::Scope scope;
  scope.product = o.product;
  scope.dtypes = {dtype};
  scope.pathGlob = op == Operation::fixpipe950 ? "CO1->VEC*" : o.pathGlob;  // FIX950-8's generator: its own rule
  scope.apartOnly = op != Operation::fixpipe950;
  scope.profile = o.profile;
  if (!properties::scopeHasCases(op, scope)) return std::nullopt;
  return scope;
}

void randomDrafts(const ExportOptions& o, std::vector<Draft>& out) {
  if (o.count == 0) return;
  std::uint64_t opIndex = 0;
  report::Progress progress("dcconf vectors export", 0, std::size(kAllOperations) * allDTypes().size());
  for (const Operation op : kAllOperations) {
    ++opIndex;
    if (!properties::hasGenerator(op)) {
      for (std::size_t k = 0; k < allDTypes().size(); ++k) progress.unitDone(0, false);
      continue;
    }
    for (const auto& info : allDTypes()) {
      if (backends::stopping()) return;  // SIGINT/SIGTERM: the caller writes nothing
      progress.unitDone(o.count + 1, false);
      if (!properties::globMatch(o.dtypeGlob, info.name) || !selected(o, op, info.dtype)) continue;
      properties::Scope scope;
      scope.product = o.product;
      scope.dtypes = {info.dtype};
      scope.pathGlob = o.pathGlob;
      scope.profile = o.profile;
      const auto dtypeIndex = static_cast<std::uint64_t>(info.dtype);
      // count valid draws of one scope, the n-th seeded by (seed, op, dtype, first + n): the plain scope's from 0, so
      // its vectors stay as they were; the apart paths' from 2^21
      // atomic: each draw's atomic twin instead (ATOM-1/2, where the product and T have one)
      const auto draw = [&](const properties::Scope& drawScope, std::uint64_t first, bool atomic = false) {
        for (std::uint32_t i = 0; i < o.count; ++i) {
          if (backends::stopping()) return;  // --count 10000 takes minutes per dtype
          try {
            const int size = static_cast<int>(10 + (i * 23) % 60);
            auto generated =
                properties::genCase(op, drawScope)(rc::Random(mix(o.seed, opIndex, dtypeIndex, first + i)), size).value();
            if (!properties::globMatch(o.pathGlob, pathName(generated.data.c.srcPos, generated.data.c.dstPos))) continue;
            if (atomic) {
              const std::optional<Case> twin = properties::atomicTwin(generated.data);
              if (!twin || twin->atomic == AtomicOp::none) continue;
              generated.data.c = *twin;
            }
            out.push_back({std::move(generated.data),
                           "random " + std::string(atomic ? "atomic " : "") + std::string(name(op)) + " case " +
                               std::to_string(i),
                           {"RANDOM"}, false, "", "", std::nullopt});
          } catch (...) {  // a generator that gives up on this scope yields no vector (deterministically)
          }
        }
      };
      if (properties::scopeHasCases(op, scope)) {  // e.g. FIX to int16_t: no QuantMode_t (FIX-4)
        draw(scope, 0);
        try {
          auto invalid = properties::genInvalidCase(op, scope)(rc::Random(mix(o.seed, opIndex, dtypeIndex, 1u << 20)), 30).value();
          std::string comment = invalid.clause + ": " + invalid.field + ": " + invalid.how;
          out.push_back({std::move(invalid.data), std::move(comment), {"RANDOM", invalidFlag(invalid.clause, invalid.field)},
                         true, invalid.clause, invalid.field, invalid.validBase});
        } catch (...) {
        }
      }
      if (const auto apart = apartScope(o, op, info.dtype)) draw(*apart, std::uint64_t{1} << 21);
      // ATOM-1: the UB->GM copies' atomic twins, from seeds of their own (2^22 on)
      if (takesAtomic(op) && hasAtomicCopies(o.product) && isAtomicDType(info.dtype) &&
          properties::scopeHasCases(op, scope)) {
        draw(scope, std::uint64_t{1} << 22, true);
      }
    }
  }
}

void exampleDrafts(const ExportOptions& o, std::vector<Draft>& out) {
  for (const auto& [fileName, text] : workedExamples()) {
    auto loaded = casefile::parseCaseText(text, ".", fileName);
    auto* data = std::get_if<casefile::CaseData>(&loaded);
    if (data == nullptr) continue;
    const bool retargeted = data->c.product != o.product;
    data->c.product = o.product;  // the set's product decides support; the semantics are the example's
    data->c.profile = o.profile;
    const std::string comment = fileName + (retargeted ? " (re-targeted to " + std::string(name(o.product)) + ")" : "") +
                                ": " + data->description;
    data->description.clear();
    const auto violations = validate(data->c);
    if (violations.empty()) {
      out.push_back({std::move(*data), comment, {"WORKED_EXAMPLE"}, false, "", "", std::nullopt});
    } else if (violations.front().clause != "PROD" && resolveOperation(data->c).operation) {
      const Violation first = violations.front();
      out.push_back({std::move(*data), comment, {"WORKED_EXAMPLE", invalidFlag(first.clause, first.field)}, true,
                     first.clause, first.field, std::nullopt});
    }
  }
}

// A finished vector: its test object and its tensors.
struct Built {
  Operation operation;
  json test;
  std::vector<SetFile> tensors;
};

json bufferRef(const BufferSpec& spec, const std::string& file) {
  return {{"size", spec.sizeBytes}, {"offset", spec.offsetBytes}, {"file", file}};
}
json tensorRef(const std::string& file, std::uint64_t size) { return {{"file", file}, {"size", size}}; }

// The valid base's writes, moved by the destination offset the break changed and clipped to the buffer.
json allowedWrites(const Draft& d) {
  json ranges = json::array();
  if (!d.validBase || !validate(*d.validBase).empty()) return ranges;
  const auto shift = static_cast<std::int64_t>(d.data.c.dst.offsetBytes) - static_cast<std::int64_t>(d.validBase->dst.offsetBytes);
  const auto size = static_cast<std::int64_t>(d.data.c.dst.sizeBytes);
  for (const ByteRange& r : footprint(*d.validBase).writes) {
    const std::int64_t begin = std::clamp<std::int64_t>(static_cast<std::int64_t>(r.begin) + shift, 0, size);
    const std::int64_t end = std::clamp<std::int64_t>(static_cast<std::int64_t>(r.end) + shift, 0, size);
    if (begin < end) ranges.push_back({begin, end});
  }
  return ranges;
}

// G-6: a case with open alternatives (the default profile) carries one expected/care pair per distinct whole
// reading, beside expected.bin/care.bin and named like `dcconf case`'s files (data/<tcId>.expected.<words>.bin).
void addAlternatives(const Draft& d, const Evaluation& e, const std::string& stem, json& t, std::vector<SetFile>& tensors,
                     std::set<std::string>& flags) {
  const Alternatives a = alternatives(d.data.c, d.data.src, d.data.dstBefore, e.expectation);
  const std::vector<WholeReading> readings = distinctReadings(a, e.expectation);
  if (readings.empty()) return;
  json ambiguities = json::array();
  for (const int id : a.ambIds) ambiguities.push_back("AMB-" + std::to_string(id));
  json list = json::array();
  for (const WholeReading& reading : readings) {
    json words = json::array();
    for (const std::size_t m : reading.combinations) words.push_back(a.words(m));
    std::string name = a.words(reading.combinations.front());
    std::replace(name.begin(), name.end(), ',', '.');
    const std::string expectedFile = stem + ".expected." + name + ".bin";
    const std::string careFile = stem + ".care." + name + ".bin";
    list.push_back({{"combinations", std::move(words)},
                    {"expected", tensorRef(expectedFile, reading.expected.size())},
                    {"care", tensorRef(careFile, reading.care.size())}});
    tensors.push_back({expectedFile, reading.expected});
    tensors.push_back({careFile, reading.care});
  }
  t["alternatives"] = {{"clause", "G-6"}, {"ambiguities", std::move(ambiguities)}, {"readings", std::move(list)}};
  flags.insert("ALTERNATIVES");
}

std::optional<Built> build(const Draft& d, const std::string& tcId, std::set<std::string>& flagsUsed) {
  const auto resolution = resolveOperation(d.data.c);
  if (!resolution.operation) return std::nullopt;
  const Evaluation e = evaluate(d.data.c, d.data.src, d.data.dstBefore);
  std::set<std::string> flags(d.flags.begin(), d.flags.end());
  Built built{*resolution.operation, json::object(), {}};
  json caseJson = casefile::toJson(d.data);
  caseJson.erase("description");
  const std::string stem = "data/" + tcId;
  caseJson["src"] = bufferRef(d.data.c.src, stem + ".src.bin");
  caseJson["dst"] = bufferRef(d.data.c.dst, stem + ".dst.bin");
  built.tensors.push_back({stem + ".src.bin", d.data.src});
  built.tensors.push_back({stem + ".dst.bin", d.data.dstBefore});
  json& t = built.test;
  t["tcId"] = tcId;
  t["comment"] = d.comment;
  if (d.invalid) {
    if (e.verdict != Verdict::invalid) return std::nullopt;
    t["result"] = "invalid";
    t["clause"] = d.clause;
    t["field"] = d.field;
    t["allowedWrites"] = allowedWrites(d);
  } else {
    if (e.verdict != Verdict::computed) return std::nullopt;
    addVisibleFlags(d.data.c, *resolution.operation, e, flags);
    t["result"] = "valid";
    t["expected"] = tensorRef(stem + ".expected.bin", e.expectation.expected.size());
    t["care"] = tensorRef(stem + ".care.bin", e.expectation.care.size());
    built.tensors.push_back({stem + ".expected.bin", e.expectation.expected});
    built.tensors.push_back({stem + ".care.bin", e.expectation.care});
    addAlternatives(d, e, stem, t, built.tensors, flags);
    if (!e.expectation.classes.empty()) {  // AMB-16 (project): only when there is one, so older sets stay as they were
      t["nanElements"] = casefile::nanElementsJson(e.expectation.classes);
    }
  }
  t["flags"] = json(std::vector<std::string>(flags.begin(), flags.end()));
  t["case"] = std::move(caseJson);
  flagsUsed.insert(flags.begin(), flags.end());
  return built;
}

std::vector<std::uint8_t> textBytes(const json& value) {
  const std::string text = value.dump(2) + "\n";
  return {text.begin(), text.end()};
}

json notesFor(const std::set<std::string>& flags) {
  json notes = json::object();
  for (const std::string& flag : flags) {
    const FlagDef& def = flagCatalogue().at(flag);
    notes[flag] = {{"clause", def.clause}, {"description", def.description}};
  }
  return notes;
}

bool inScope(const ExportOptions& o, const Case& c) {
  return properties::globMatch(o.pathGlob, pathName(c.srcPos, c.dstPos)) && properties::globMatch(o.dtypeGlob, name(c.dtype));
}

// The params struct names that a testGroup shares.
std::string paramsKey(const Case& c) {
  std::string key(typeName(c.params));
  if (!std::holds_alternative<std::monostate>(c.padParams)) key += "+" + std::string(typeName(c.padParams));
  return key;
}

}  // namespace

Exported exportSet(const ExportOptions& o) {
  std::vector<Draft> drafts = detail::curatedDrafts(o);
  exampleDrafts(o, drafts);
  randomDrafts(o, drafts);
  // file stem -> drafts in order
  std::map<std::string, std::vector<const Draft*>> byFile;
  for (const Draft& d : drafts) {
    if (inScope(o, d.data.c)) byFile[groupStem(d.data.c)].push_back(&d);
  }
  Exported exported;
  std::set<std::string> allFlags;
  json files = json::object();
  json groups = json::array();
  auto add = [&](SetFile file) {
    files[file.relativePath] = {{"size", file.bytes.size()}, {"sha256", sha256Hex(file.bytes)}};
    exported.files.push_back(std::move(file));
  };
  for (const auto& [stem, list] : byFile) {
    // testGroups: one per operation x params structs, in order of first appearance; tcIds run through the file.
    std::vector<std::pair<std::string, std::vector<const Draft*>>> testGroups;
    for (const Draft* d : list) {
      const auto op = resolveOperation(d->data.c).operation;
      const std::string shared = std::string(op ? key(*op) : "unknown") + "|" + paramsKey(d->data.c);
      auto it = std::find_if(testGroups.begin(), testGroups.end(), [&](const auto& g) { return g.first == shared; });
      if (it == testGroups.end()) it = testGroups.insert(testGroups.end(), {shared, {}});
      it->second.push_back(d);
    }
    std::set<std::string> fileFlags;
    json jsonGroups = json::array();
    std::uint64_t n = 0;
    for (const auto& [groupKey, members] : testGroups) {
      json tests = json::array();
      std::optional<Operation> op;
      for (const Draft* d : members) {
        char id[16];
        std::snprintf(id, sizeof id, "%04llu", static_cast<unsigned long long>(n + 1));
        auto built = build(*d, stem + "-" + id, fileFlags);
        if (!built) continue;
        ++n;
        op = built->operation;
        tests.push_back(std::move(built->test));
        for (auto& tensor : built->tensors) add(std::move(tensor));
      }
      if (tests.empty()) continue;
      const Case& first = members.front()->data.c;
      json group = {{"operation", key(*op)}, {"clauseFamily", clauseFamily(*op)}, {"paramsType", typeName(first.params)}};
      if (!std::holds_alternative<std::monostate>(first.padParams)) group["padParamsType"] = typeName(first.padParams);
      group["tests"] = std::move(tests);
      jsonGroups.push_back(std::move(group));
    }
    if (n == 0) continue;
    const Case& c = list.front()->data.c;
    json groupFile = {{"schema", kGroupSchema},
                      {"api", name(c.api)},
                      {"path", pathName(c.srcPos, c.dstPos)},
                      {"dtype", name(c.dtype)},
                      {"product", name(o.product)},
                      {"profile", profileName(o.profile)},
                      {"numberOfTests", n},
                      {"notes", notesFor(fileFlags)},
                      {"testGroups", std::move(jsonGroups)}};
    add({stem + ".json", textBytes(groupFile)});
    groups.push_back(stem + ".json");
    allFlags.insert(fileFlags.begin(), fileFlags.end());
    exported.tests += n;
  }
  if (exported.tests == 0) {
    exported.error = "nothing to export: no case matches --paths '" + o.pathGlob + "' and --dtypes '" + o.dtypeGlob +
                     "' on " + std::string(name(o.product));
    exported.files.clear();
    return exported;
  }
  json manifest = {{"schema", kManifestSchema},
                   {"dcconfVersion", DCCONF_VERSION},
                   {"seed", o.seed},
                   {"product", name(o.product)},
                   {"profile", profileName(o.profile)},
                   {"paths", o.pathGlob},
                   {"dtypes", o.dtypeGlob},
                   {"count", o.count},
                   {"command", o.command},
                   {"numberOfTests", exported.tests},
                   {"flags", notesFor(allFlags)},
                   {"groups", std::move(groups)},
                   {"files", std::move(files)}};
  exported.files.push_back({kManifestFile, textBytes(manifest)});
  return exported;
}

}  // namespace dcconf::vectors
