#include "dcconf/oracle/case.hpp"

#include <array>
#include <iterator>

namespace dcconf::oracle {

// ---- profiles (SEMANTICS section 12) ---------------------------------------------------------------------------

namespace {

struct ProfileWord {
  std::string_view name;
  void (*apply)(Profile&);
  bool (*isSet)(const Profile&);
};

constexpr std::array<ProfileWord, 47> kProfileWords{{
    {"hw-noop", [](Profile& p) { p.zeroCount = Profile::ZeroCount::hwNoop; },
     [](const Profile& p) { return p.zeroCount == Profile::ZeroCount::hwNoop; }},
    {"doc-dummy", [](Profile& p) { p.padDummy = Profile::PadDummy::docDummy; },
     [](const Profile& p) { return p.padDummy == Profile::PadDummy::docDummy; }},
    {"pad-dummy", [](Profile& p) { p.padDummy = Profile::PadDummy::padDummy; },
     [](const Profile& p) { return p.padDummy == Profile::PadDummy::padDummy; }},
    {"doc-table", [](Profile& p) { p.tscmGmStrideUnit = Profile::TscmGmStrideUnit::docTable32; },
     [](const Profile& p) { return p.tscmGmStrideUnit == Profile::TscmGmStrideUnit::docTable32; }},
    {"hw-wrap", [](Profile& p) { p.calCountOverflow = Profile::CalCountOverflow::hwWrap; },
     [](const Profile& p) { return p.calCountOverflow == Profile::CalCountOverflow::hwWrap; }},
    {"doc-range", [](Profile& p) { p.nd2nzZeroMatrixStride = Profile::Nd2NzZeroMatrixStride::docRange; },
     [](const Profile& p) { return p.nd2nzZeroMatrixStride == Profile::Nd2NzZeroMatrixStride::docRange; }},
    {"c-api-page", [](Profile& p) { p.smallC0Polarity = Profile::SmallC0Polarity::cApiPage; },
     [](const Profile& p) { return p.smallC0Polarity == Profile::SmallC0Polarity::cApiPage; }},
#define DCCONF_FIX_WORD(word, field, value)                                   \
  {word, [](Profile& p) { p.field = Profile::value; },                        \
   [](const Profile& p) { return p.field == Profile::value; }}
    DCCONF_FIX_WORD("offset-signed", fixOffset, FixOffset::offsetSigned),
    DCCONF_FIX_WORD("offset-unsigned", fixOffset, FixOffset::offsetUnsigned),
    DCCONF_FIX_WORD("shift-raw", fixShift, FixShift::shiftRaw),
    DCCONF_FIX_WORD("shift-plus-one", fixShift, FixShift::shiftPlusOne),
    DCCONF_FIX_WORD("deq-rne", fixDeqRounding, FixDeqRounding::deqRne),
    DCCONF_FIX_WORD("deq-trunc", fixDeqRounding, FixDeqRounding::deqTrunc),
    DCCONF_FIX_WORD("relu-before-offset", fixReluOrder, FixReluOrder::reluBeforeOffset),
    DCCONF_FIX_WORD("relu-after-offset", fixReluOrder, FixReluOrder::reluAfterOffset),
    DCCONF_FIX_WORD("negscale-signed", fixNegScale, FixNegScale::negScaleSigned),
    DCCONF_FIX_WORD("negscale-magnitude", fixNegScale, FixNegScale::negScaleMagnitude),
    DCCONF_FIX_WORD("vdeq-repeat", vdeqTensorStep, VdeqTensorStep::repeat),
    DCCONF_FIX_WORD("vdeq-advance", vdeqTensorStep, VdeqTensorStep::advance),
    DCCONF_FIX_WORD("deq16-no-offset", deq16Offset, Deq16Offset::ignored),
    DCCONF_FIX_WORD("deq16-offset", deq16Offset, Deq16Offset::added),
    DCCONF_FIX_WORD("sid-matmul", sidHalf, SidHalf::matmulPairing),
    DCCONF_FIX_WORD("byte-len", padBlockLen, PadBlockLen::byteLen),
    DCCONF_FIX_WORD("pad-raw", padRawValue, PadRawValue::padRaw),
    DCCONF_FIX_WORD("enh-len-block", enhBlockLenUnit, EnhBlockLenUnit::block),
    DCCONF_FIX_WORD("enh-len-32b", enhBlockLenUnit, EnhBlockLenUnit::dataBlock32),
    DCCONF_FIX_WORD("deqf16-mcb-int16", deqf16Mcb, Deqf16Mcb::int16),
    DCCONF_FIX_WORD("deqf16-mcb-half", deqf16Mcb, Deqf16Mcb::half),
    DCCONF_FIX_WORD("cmp-pads-ignored", compactPads, CompactPads::ignored),
    DCCONF_FIX_WORD("cmp-pads-run", compactPads, CompactPads::run),
    DCCONF_FIX_WORD("cmp-stride-ignored", compactUbStride, CompactUbStride::ignored),
    DCCONF_FIX_WORD("cmp-stride-bytes", compactUbStride, CompactUbStride::bytes),
    DCCONF_FIX_WORD("fix950-zero-reject", fix950Zero, Fix950Zero::reject),
    DCCONF_FIX_WORD("nd2nzub-page", nd2nzUbReading, Nd2NzUbReading::page),
    DCCONF_FIX_WORD("nd2nzub-c0-8", nd2nzUbFloatC0, Nd2NzUbFloatC0::page8),
    DCCONF_FIX_WORD("nd2nzu2l1-page", nd2nzU2L1Reading, Nd2NzU2L1Reading::page),
    DCCONF_FIX_WORD("nd2nzu2l1-move", nd2nzU2L1Values, Nd2NzU2L1Values::move),
    DCCONF_FIX_WORD("brc-dstgap-gap", brcDstGap, BrcDstGap::gap),
    DCCONF_FIX_WORD("brc-dstgap-stride", brcDstGap, BrcDstGap::stride),
    DCCONF_FIX_WORD("brc-half-len-16", brcHalfLen, BrcHalfLen::elems16),
    DCCONF_FIX_WORD("brc-half-len-64b", brcHalfLen, BrcHalfLen::bytes64),
    DCCONF_FIX_WORD("brc-align-64b", brcDstAlign, BrcDstAlign::bytes64),
    DCCONF_FIX_WORD("nddma-b64-wrap", ndDmaB64Stride, NdDmaB64Stride::wrap),
    DCCONF_FIX_WORD("nddma-interleave-any", ndDmaInterleave, NdDmaInterleave::any),
    DCCONF_FIX_WORD("nddma-size0-noop", ndDmaZeroSize, NdDmaZeroSize::noop),
#undef DCCONF_FIX_WORD
    // The default's own readings of AMB-7 and AMB-15, by name: a canonical name leaves them out (isSet false).
    {"basic-api-page", [](Profile& p) { p.smallC0Polarity = Profile::SmallC0Polarity::basicApiPage; },
     [](const Profile&) { return false; }},
    {"sid-doc", [](Profile& p) { p.sidHalf = Profile::SidHalf::docPage; }, [](const Profile&) { return false; }},
}};

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

}  // namespace

ProfileParse parseProfile(std::string_view spec) {
  Profile profile;
  while (true) {
    const auto comma = spec.find(',');
    const std::string_view word = trim(spec.substr(0, comma));
    if (word == "default") profile = Profile{};  // resets what came before it
    if (word != "default" && !word.empty()) {
      bool known = false;
      for (const auto& entry : kProfileWords) {
        if (entry.name == word) {
          entry.apply(profile);
          known = true;
        }
      }
      if (!known) {
        std::string names = "default";
        for (const auto& entry : kProfileWords) names += ", " + std::string(entry.name);
        return {std::nullopt, "unknown profile '" + std::string(word) + "' (known: " + names + ")"};
      }
    }
    if (comma == std::string_view::npos) break;
    spec.remove_prefix(comma + 1);
  }
  return {profile, {}};
}

std::string profileName(const Profile& profile) {
  std::string joined;
  for (const auto& entry : kProfileWords) {
    if (!entry.isSet(profile)) continue;
    if (!joined.empty()) joined.push_back(',');
    joined.append(entry.name);
  }
  return joined.empty() ? "default" : joined;
}

std::vector<std::string_view> allProfileNames() {
  std::vector<std::string_view> names{"default"};
  for (const auto& entry : kProfileWords) names.push_back(entry.name);
  return names;
}

// ---- params type names -------------------------------------------------------------------------------------------

std::string_view typeName(const CopyParams& params) {
  constexpr std::array<std::string_view, std::variant_size_v<CopyParams>> kNames{
      "DataCopyParams", "DataCopyExtParams", "Nd2NzParams", "Nz2NdParamsFull", "calCount", "SliceInfo", "Dn2NzParams",
      "DataCopyCO12DstParams", "NdDmaParams", "BroadCastVecToMMParams"};
  return kNames[params.index()];
}

std::string_view typeName(const PadParams& params) {
  constexpr std::array<std::string_view, 3> kNames{"none", "DataCopyPadParams", "DataCopyPadExtParams"};
  return kNames[params.index()];
}

std::string_view name(BlockMode mode) {
  constexpr std::array<std::string_view, 5> kNames{"BLOCK_MODE_NORMAL", "BLOCK_MODE_MATRIX", "BLOCK_MODE_VECTOR",
                                                   "BLOCK_MODE_SMALL_CHANNEL", "BLOCK_MODE_DEPTHWISE"};
  const auto i = static_cast<std::size_t>(mode);
  return i < kNames.size() ? kNames[i] : "?";
}

std::string_view name(DeqScale scale) {
  constexpr std::array<std::string_view, 7> kNames{"DEQ_NONE", "DEQ", "VDEQ", "DEQ8", "VDEQ8", "DEQ16", "VDEQ16"};
  const auto i = static_cast<std::size_t>(scale);
  return i < kNames.size() ? kNames[i] : "?";
}

std::string_view name(Co2Layout layout) {
  constexpr std::array<std::string_view, 3> kNames{"NZ", "ROW_MAJOR", "COLUMN_MAJOR"};
  const auto i = static_cast<std::size_t>(layout);
  return i < kNames.size() ? kNames[i] : "?";
}

std::string_view name(QuantMode mode) {
  constexpr std::array<std::string_view, 9> kNames{"NoQuant",     "F322F16",      "F322BF16", "DEQF16", "VDEQF16",
                                                   "QF322B8_PRE", "VQF322B8_PRE", "REQ8",     "VREQ8"};
  const auto i = static_cast<std::size_t>(mode);
  return i < kNames.size() ? kNames[i] : "?";
}

// ---- operations --------------------------------------------------------------------------------------------------

namespace {

struct OperationNames {
  Operation operation;
  std::string_view key;     // the enumerator
  std::string_view name;    // for people
  std::string_view family;  // clause family
};
constexpr std::array<OperationNames, std::size(kAllOperations)> kOperationNames{{
    {Operation::padGmToUb, "padGmToUb", "DataCopyPad GM->UB", "PAD-G2U"},
    {Operation::padUbToGm, "padUbToGm", "DataCopyPad UB->GM", "PAD-U2G"},
    {Operation::padUbToTscm, "padUbToTscm", "DataCopyPad UB->TSCM", "PAD-U2L1"},
    {Operation::copy0Level, "copy0Level", "DataCopy 0-level", "DC"},
    {Operation::copy2Level, "copy2Level", "DataCopy 2-level", "DC"},
    {Operation::nd2nz, "nd2nz", "DataCopy ND2NZ", "ND2NZ"},
    {Operation::nz2nd, "nz2nd", "DataCopy NZ2ND", "NZ2ND"},
    {Operation::slice, "slice", "DataCopy slice", "SLICE"},
    {Operation::dn2nz, "dn2nz", "DataCopy DN2NZ", "DN2NZ"},
    {Operation::enhancedNormal, "enhancedNormal", "DataCopy enhanced (normal)", "ENH"},
    {Operation::enhancedCo1ToCo2, "enhancedCo1ToCo2", "DataCopy enhanced CO1->CO2", "ENH"},
    {Operation::fixpipe, "fixpipe", "DataCopy CO1 quant/relu (DataCopyCO12DstParams)", "FIX"},
    {Operation::padCompactGmToUb, "padCompactGmToUb", "DataCopyPad Compact GM->UB", "PAD-CMP"},
    {Operation::padCompactUbToGm, "padCompactUbToGm", "DataCopyPad Compact UB->GM", "PAD-CMP"},
    {Operation::fixpipe950, "fixpipe950", "Fixpipe CO1->GM/UB/L1 (FixpipeParamsArch3510, Ascend 950)", "FIX950"},
    {Operation::nddma, "nddma", "DataCopy multi-dimensional GM->UB (NdDmaParams, NDDMA, Ascend 950)", "NDDMA"},
    {Operation::nd2nzGmToUb, "nd2nzGmToUb", "DataCopy ND2NZ GM->UB", "ND2NZUB"},
    {Operation::broadcastUbToL0c, "broadcastUbToL0c", "BroadCastVecToMM UB->L0C", "BRC"},
}};
static_assert([] {
  for (std::size_t i = 0; i < kOperationNames.size(); ++i) {
    if (static_cast<std::size_t>(kOperationNames[i].operation) != i) return false;
  }
  return true;
}(), "kOperationNames follows the enumerator order");

}  // namespace

std::string_view name(Operation operation) { return kOperationNames[static_cast<std::size_t>(operation)].name; }
std::string_view clauseFamily(Operation operation) {
  return kOperationNames[static_cast<std::size_t>(operation)].family;
}
std::string_view key(Operation operation) { return kOperationNames[static_cast<std::size_t>(operation)].key; }

std::optional<Operation> parseOperationKey(std::string_view text) {
  for (const auto& entry : kOperationNames) {
    if (entry.key == text) return entry.operation;
  }
  return std::nullopt;
}

std::string_view name(PaddingMode mode) { return mode == PaddingMode::compact ? "Compact" : "Normal"; }

std::uint64_t elementMask(DType dtype) {
  const std::uint32_t s = sizeBytes(dtype);
  return s >= 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * s)) - 1;
}

void widenToExtParams(Case& c) {
  if (const auto* p = std::get_if<DataCopyParams>(&c.params)) {
    c.params = DataCopyExtParams{p->blockCount, p->blockLen, p->srcStride, p->dstStride, 0};
  }
  if (const auto* pad = std::get_if<DataCopyPadParams>(&c.padParams)) {
    c.padParams = DataCopyPadExtParams{pad->isPad, pad->leftPadding, pad->rightPadding, pad->paddingValue & elementMask(c.dtype)};
  }
}

std::string_view name(AtomicOp op) {
  switch (op) {
    case AtomicOp::none: return "none";
    case AtomicOp::add: return "add";
    case AtomicOp::max: return "max";
    case AtomicOp::min: return "min";
  }
  return "?";
}

std::optional<AtomicOp> parseAtomicOp(std::string_view text) {
  for (AtomicOp op : {AtomicOp::none, AtomicOp::add, AtomicOp::max, AtomicOp::min}) {
    if (text == name(op)) return op;
  }
  return std::nullopt;
}

std::string pathName(Position src, Position dst) { return std::string(name(src)) + "->" + std::string(name(dst)); }

std::span<const PathPair> documentedPaths(Operation operation) {
  using P = Position;
  static constexpr PathPair kGmToUb[] = {{P::GM, P::VECIN}, {P::GM, P::VECOUT}};
  static constexpr PathPair kUbToGm[] = {{P::VECOUT, P::GM}, {P::VECIN, P::GM}};
  static constexpr PathPair kUbToTscm[] = {{P::VECOUT, P::TSCM}, {P::VECIN, P::TSCM}};
  static constexpr PathPair kDataCopy[] = {{P::GM, P::VECIN},    {P::GM, P::A1},     {P::GM, P::B1},
                                           {P::VECIN, P::VECOUT}, {P::VECOUT, P::GM}, {P::CO2, P::GM}};
  // DC-5 (project): the 0- and 2-level calls also copy UB -> L1 (A2/A3, inference AI Core, 950)
  static constexpr PathPair kDataCopyLevels[] = {{P::GM, P::VECIN},    {P::GM, P::A1},     {P::GM, P::B1},
                                                 {P::VECIN, P::VECOUT}, {P::VECOUT, P::GM}, {P::CO2, P::GM},
                                                 {P::VECIN, P::A1},     {P::VECIN, P::B1},  {P::VECOUT, P::A1},
                                                 {P::VECOUT, P::B1}};
  static constexpr PathPair kNd2Nz[] = {{P::GM, P::A1}, {P::GM, P::B1}};
  // ND2NZ-6 (project): DataCopy ND2NZ also UB -> L1 (TSCM), A2/A3 and the 950
  static constexpr PathPair kNd2NzWithUb[] = {{P::GM, P::A1}, {P::GM, P::B1}, {P::VECIN, P::TSCM}, {P::VECOUT, P::TSCM}};
  static constexpr PathPair kNz2Nd[] = {{P::VECOUT, P::GM}};
  static constexpr PathPair kSlice[] = {{P::GM, P::VECIN}, {P::VECOUT, P::GM}, {P::CO2, P::GM}};
  static constexpr PathPair kCo1ToCo2[] = {{P::CO1, P::CO2}};
  static constexpr PathPair kFixpipe[] = {{P::CO1, P::GM}, {P::CO1, P::A1}};
  static constexpr PathPair kFixpipe950[] = {
      {P::CO1, P::GM}, {P::CO1, P::VECIN}, {P::CO1, P::VECOUT}, {P::CO1, P::A1}};  // FIX950-1/8/13
  static constexpr PathPair kNdDma[] = {{P::GM, P::VECIN}};
  static constexpr PathPair kNd2NzGmToUb[] = {{P::GM, P::VECIN}};
  static constexpr PathPair kBroadcast[] = {{P::VECIN, P::CO1}, {P::VECOUT, P::CO1}};  // BRC-1
  switch (operation) {
    case Operation::padGmToUb:
    case Operation::padCompactGmToUb: return kGmToUb;
    case Operation::padUbToGm:
    case Operation::padCompactUbToGm: return kUbToGm;
    case Operation::padUbToTscm: return kUbToTscm;
    case Operation::copy0Level:
    case Operation::copy2Level: return kDataCopyLevels;
    case Operation::enhancedNormal: return kDataCopy;
    case Operation::nd2nz: return kNd2NzWithUb;
    case Operation::dn2nz: return kNd2Nz;
    case Operation::nz2nd: return kNz2Nd;
    case Operation::slice: return kSlice;
    case Operation::enhancedCo1ToCo2: return kCo1ToCo2;
    case Operation::fixpipe: return kFixpipe;
    case Operation::fixpipe950: return kFixpipe950;
    case Operation::nddma: return kNdDma;
    case Operation::nd2nzGmToUb: return kNd2NzGmToUb;
    case Operation::broadcastUbToL0c: return kBroadcast;
  }
  return {};
}

namespace {

bool isUb(Position p) { return p == Position::VECIN || p == Position::VECOUT; }

}  // namespace

bool isUbToL1Path(Operation operation, const PathPair& path) {
  switch (operation) {
    case Operation::copy0Level:  // DC-5
    case Operation::copy2Level: return isUb(path.src) && (path.dst == Position::A1 || path.dst == Position::B1);
    case Operation::nd2nz: return isUb(path.src) && path.dst == Position::TSCM;  // ND2NZ-6
    default: return false;
  }
}

namespace {

// DC-1: the normal DataCopy paths (0-level and 2-level alike).
bool isDataCopyPath(Position src, Position dst) {
  return (src == Position::GM && (dst == Position::VECIN || dst == Position::A1 || dst == Position::B1)) ||
         (src == Position::VECIN && dst == Position::VECOUT) ||
         (dst == Position::GM && (src == Position::VECOUT || src == Position::CO2));
}

OperationResolution fail(std::string why) { return {std::nullopt, std::move(why)}; }

OperationResolution resolvePad(const Case& c) {
  const bool ext = std::holds_alternative<DataCopyExtParams>(c.params);
  if (!ext && !std::holds_alternative<DataCopyParams>(c.params)) {
    return fail("params.type: DataCopyPad takes DataCopyExtParams or DataCopyParams, not " +
                std::string(typeName(c.params)));
  }
  const std::string path = pathName(c.srcPos, c.dstPos);
  // PAD-CMP-1 (rev. 2026-12): Compact takes either struct, as Normal does
  const bool compact = c.paddingMode == PaddingMode::compact;
  if (c.srcPos == Position::GM && isUb(c.dstPos)) {
    const bool padMatches = ext ? std::holds_alternative<DataCopyPadExtParams>(c.padParams)
                                : std::holds_alternative<DataCopyPadParams>(c.padParams);
    if (!padMatches) {
      return fail(std::string("padParams: DataCopyPad ") + path + " with " + std::string(typeName(c.params)) +
                  " takes " + (ext ? "DataCopyPadExtParams" : "DataCopyPadParams") + ", got " +
                  std::string(typeName(c.padParams)));
    }
    if (c.nd2nzParams) return fail("nd2nzParams: only DataCopyPad VECIN/VECOUT->TSCM takes Nd2NzParams");
    if (c.enhancedParams) return fail("enhancedParams: only DataCopy takes DataCopyEnhancedParams");
    if (c.fixpipe) return fail("fixpipe: only DataCopy with DataCopyCO12DstParams reads the fixpipe state");
    return {compact ? Operation::padCompactGmToUb : Operation::padGmToUb, {}};
  }
  if (c.padRegister) return fail("padRegister: only DataCopyPad GM->VECIN/VECOUT reads the pad register");
  if (c.enhancedParams) return fail("enhancedParams: only DataCopy takes DataCopyEnhancedParams");
  if (c.fixpipe) return fail("fixpipe: only DataCopy with DataCopyCO12DstParams reads the fixpipe state");
  if (!std::holds_alternative<std::monostate>(c.padParams)) {
    return fail("padParams: only DataCopyPad GM->VECIN/VECOUT takes pad parameters, not " + path);
  }
  if (isUb(c.srcPos) && c.dstPos == Position::GM) {
    if (c.nd2nzParams) return fail("nd2nzParams: only DataCopyPad VECIN/VECOUT->TSCM takes Nd2NzParams");
    return {compact ? Operation::padCompactUbToGm : Operation::padUbToGm, {}};
  }
  if (compact) return fail("paddingMode: PaddingMode::Compact is a DataCopyPad GM<->UB mode only (PAD-CMP-1), not " + path);
  if (c.loopMode) return fail("loopMode: loop mode applies to DataCopyPad GM<->UB only (LOOP-1), not " + path);
  if (isUb(c.srcPos) && c.dstPos == Position::TSCM) {
    if (!c.nd2nzParams) return fail("nd2nzParams: DataCopyPad " + path + " needs Nd2NzParams");
    return {Operation::padUbToTscm, {}};
  }
  return fail("path: '" + path +
              "' is not a DataCopyPad path (GM->VECIN, GM->VECOUT, VECIN->GM, VECOUT->GM, VECIN->TSCM, VECOUT->TSCM)");
}

// ENH-1: DataCopyEnhancedParams goes with DataCopyParams; CO1->CO2 is its own operation, the normal paths another.
OperationResolution resolveEnhanced(const Case& c) {
  const std::string path = pathName(c.srcPos, c.dstPos);
  if (!std::holds_alternative<DataCopyParams>(c.params)) {
    return fail("params.type: enhanced DataCopy takes DataCopyParams, not " + std::string(typeName(c.params)));
  }
  if (c.srcPos == Position::CO1 && c.dstPos == Position::CO2) return {Operation::enhancedCo1ToCo2, {}};
  if (!isDataCopyPath(c.srcPos, c.dstPos)) {
    return fail("path: '" + path + "' is not an enhanced DataCopy path (GM->VECIN, GM->A1, GM->B1, VECIN->VECOUT, "
                "VECOUT->GM, CO2->GM, CO1->CO2)");
  }
  return {Operation::enhancedNormal, {}};
}

OperationResolution resolveDataCopy(const Case& c) {
  if (c.loopMode) return fail("loopMode: loop mode applies to DataCopyPad GM<->UB only (LOOP-1), not DataCopy");
  const std::string path = pathName(c.srcPos, c.dstPos);
  if (!std::holds_alternative<std::monostate>(c.padParams)) return fail("padParams: DataCopy takes no pad parameters");
  if (c.paddingMode != PaddingMode::normal) return fail("paddingMode: only DataCopyPad takes a PaddingMode (PAD-CMP-1)");
  if (c.nd2nzParams) return fail("nd2nzParams: DataCopy takes its Nd2NzParams as params");
  if (c.padRegister) return fail("padRegister: only DataCopyPad GM->VECIN/VECOUT reads the pad register");
  if (std::holds_alternative<DataCopyCO12DstParams>(c.params)) {
    if (c.enhancedParams) return fail("enhancedParams: DataCopyCO12DstParams takes no DataCopyEnhancedParams");
    if (!c.fixpipe) return fail("fixpipe: DataCopyCO12DstParams needs the fixpipe state (srcDType, quant parameters)");
    if (c.fixpipe->layout) {  // FIX950-1: the 950's FixpipeParamsArch3510 call
      if (c.srcPos != Position::CO1 || (c.dstPos != Position::GM && c.dstPos != Position::A1 && !isUb(c.dstPos))) {
        return fail("path: '" + path +
                    "' is not a FixpipeParamsArch3510 path modelled here (CO1->GM FIX950-1, CO1->VECIN/VECOUT FIX950-8, "
                    "CO1->A1 FIX950-13)");
      }
      return {Operation::fixpipe950, {}};
    }
    if (c.srcPos != Position::CO1 || (c.dstPos != Position::GM && c.dstPos != Position::A1)) {
      return fail("path: '" + path + "' is not a DataCopyCO12DstParams path (CO1->GM, CO1->A1)");
    }
    return {Operation::fixpipe, {}};
  }
  if (c.fixpipe) return fail("fixpipe: only DataCopy with DataCopyCO12DstParams reads the fixpipe state");
  if (c.enhancedParams) return resolveEnhanced(c);
  if (std::holds_alternative<SliceParams>(c.params)) {
    const bool gmToUb = c.srcPos == Position::GM && c.dstPos == Position::VECIN;
    const bool toGm = (c.srcPos == Position::VECOUT || c.srcPos == Position::CO2) && c.dstPos == Position::GM;
    if (!gmToUb && !toGm) return fail("path: '" + path + "' is not a slice DataCopy path (GM->VECIN, VECOUT->GM, CO2->GM)");
    return {Operation::slice, {}};
  }
  if (std::holds_alternative<NdDmaParams>(c.params)) {  // NDDMA-1: GM->VECIN only
    if (c.srcPos != Position::GM || c.dstPos != Position::VECIN) {
      return fail("path: '" + path + "' is not a multi-dimensional NDDMA DataCopy path (GM->VECIN, NDDMA-1)");
    }
    return {Operation::nddma, {}};
  }
  if (std::holds_alternative<Dn2NzParams>(c.params)) {
    if (c.srcPos != Position::GM || (c.dstPos != Position::A1 && c.dstPos != Position::B1)) {
      return fail("path: '" + path + "' is not a DN2NZ path (GM->A1, GM->B1)");
    }
    return {Operation::dn2nz, {}};
  }
  if (std::holds_alternative<DataCopyParams>(c.params) || std::holds_alternative<CalCount>(c.params)) {
    const Operation level = std::holds_alternative<CalCount>(c.params) ? Operation::copy2Level : Operation::copy0Level;
    if (!isDataCopyPath(c.srcPos, c.dstPos) && !isUbToL1Path(level, {c.srcPos, c.dstPos})) {
      return fail("path: '" + path +
                  "' is not a normal DataCopy path (GM->VECIN, GM->A1, GM->B1, VECIN->VECOUT, VECOUT->GM, CO2->GM, "
                  "VECIN/VECOUT->A1/B1)");
    }
    return {level, {}};
  }
  if (std::holds_alternative<Nd2NzParams>(c.params)) {
    if (c.srcPos == Position::GM && c.dstPos == Position::VECIN) return {Operation::nd2nzGmToUb, {}};  // ND2NZUB-1
    const bool ubToTscm = isUbToL1Path(Operation::nd2nz, {c.srcPos, c.dstPos});
    if (!ubToTscm && (c.srcPos != Position::GM || (c.dstPos != Position::A1 && c.dstPos != Position::B1))) {
      return fail("path: '" + path + "' is not an ND2NZ path (GM->A1, GM->B1, GM->VECIN, VECIN/VECOUT->TSCM)");
    }
    return {Operation::nd2nz, {}};  // ND2NZ-6 (project): UB->TSCM too
  }
  if (std::holds_alternative<Nz2NdParamsFull>(c.params)) {
    if (c.srcPos != Position::VECOUT || c.dstPos != Position::GM) {
      return fail("path: '" + path + "' is not an NZ2ND path (VECOUT->GM)");
    }
    return {Operation::nz2nd, {}};
  }
  return fail("params.type: DataCopy takes DataCopyParams, calCount, Nd2NzParams, Nz2NdParamsFull, SliceInfo or "
              "Dn2NzParams, DataCopyCO12DstParams or NdDmaParams, not " +
              std::string(typeName(c.params)));
}

// BRC-1 (project): BroadCastVecToMM takes its four arguments and nothing of the DataCopy family.
OperationResolution resolveBroadcast(const Case& c) {
  const std::string path = pathName(c.srcPos, c.dstPos);
  if (!std::holds_alternative<BroadCastVecToMMParams>(c.params)) {
    return fail("params.type: BroadCastVecToMM takes BroadCastVecToMMParams, not " + std::string(typeName(c.params)));
  }
  if (!std::holds_alternative<std::monostate>(c.padParams)) return fail("padParams: BroadCastVecToMM takes none");
  if (c.paddingMode != PaddingMode::normal) return fail("paddingMode: only DataCopyPad takes a PaddingMode (PAD-CMP-1)");
  if (c.loopMode) return fail("loopMode: loop mode applies to DataCopyPad GM<->UB only (LOOP-1), not BroadCastVecToMM");
  if (c.nd2nzParams) return fail("nd2nzParams: only DataCopyPad VECIN/VECOUT->TSCM takes Nd2NzParams");
  if (c.padRegister) return fail("padRegister: only DataCopyPad GM->VECIN/VECOUT reads the pad register");
  if (c.enhancedParams) return fail("enhancedParams: only DataCopy takes DataCopyEnhancedParams");
  if (c.fixpipe) return fail("fixpipe: only DataCopy with DataCopyCO12DstParams reads the fixpipe state");
  if (!isUb(c.srcPos) || c.dstPos != Position::CO1) {
    return fail("path: '" + path + "' is not a BroadCastVecToMM path (VECIN->CO1, VECOUT->CO1, BRC-1)");
  }
  return {Operation::broadcastUbToL0c, {}};
}

// ATOM-1 (project): the atomic state is modelled on the UB->GM plain DataCopy and DataCopyPad (Normal, one call).
OperationResolution resolveAtomic(const Case& c, OperationResolution resolved) {
  if (c.atomic == AtomicOp::none || !resolved.operation) return resolved;
  const Operation op = *resolved.operation;
  const bool plainUbToGm = (op == Operation::copy0Level || op == Operation::copy2Level) && isUb(c.srcPos);
  if ((plainUbToGm || op == Operation::padUbToGm) && !c.loopMode) return resolved;
  return fail("atomic: an atomic copy is modelled on DataCopy and DataCopyPad (Normal, no loop mode) "
              "VECIN/VECOUT->GM only (ATOM-1), not " + std::string(name(op)) + " " + pathName(c.srcPos, c.dstPos) +
              (c.loopMode ? " in loop mode" : ""));
}

}  // namespace

OperationResolution resolveOperation(const Case& c) {
  if (c.api == Api::BroadCastVecToMM) return resolveAtomic(c, resolveBroadcast(c));
  return resolveAtomic(c, c.api == Api::DataCopyPad ? resolvePad(c) : resolveDataCopy(c));
}

}  // namespace dcconf::oracle
