// CaseData -> dcconf.case/1. Writes every field (defaults included) so a case file is explicit, and raw bits as
// "0x..." strings so paddingValue and padRegister round-trip exactly whatever the dtype.
#include <algorithm>

#include <nlohmann/json.hpp>

#include "dcconf/casefile/casefile.hpp"
#include "dcconf/casefile/io.hpp"
#include "hex.hpp"
#include "struct_fields.hpp"

namespace dcconf::casefile {
namespace {

using nlohmann::json;
using detail::formatHexBits;

// How many dimensions a SliceParams writes: dimValue (at most 8), or further while a later entry is not default,
// so that loading the JSON gives back an equal struct.
std::size_t sliceDimsToWrite(const oracle::SliceParams& p) {
  std::size_t n = std::min<std::size_t>(p.dimValue, oracle::kMaxSliceDims);
  for (std::size_t k = n; k < oracle::kMaxSliceDims; ++k) {
    const bool isDefault = p.srcSliceInfo[k] == oracle::SliceInfo{} && p.dstSliceInfo[k] == oracle::SliceInfo{} &&
                           p.srcShape[k] == 0 && p.dstShape[k] == 0;
    if (!isDefault) n = k + 1;
  }
  return n;
}

template <class S>
json structJson(const S& s) {
  json out = json::object();
  detail::visitFields(s, [&](const char* key, const auto& member) { out[key] = member; });
  if constexpr (detail::kHasPaddingValue<S>) out["paddingValue"] = formatHexBits(s.paddingValue);
  if constexpr (detail::kIsSlice<S>) {
    const std::size_t dims = sliceDimsToWrite(s);
    detail::sliceArrays(
        s,
        [&](const char* key, const auto& infos) {
          out[key] = json::array();
          for (std::size_t k = 0; k < dims; ++k) out[key].push_back(structJson(infos[k]));
        },
        [&](const char* key, const auto& shape) {
          out[key] = json::array();
          for (std::size_t k = 0; k < dims; ++k) out[key].push_back(shape[k]);
        });
  }
  if constexpr (detail::kIsNdDma<S>) {
    // dim entries, or further while a later entry is not 0, so that loading the JSON gives back an equal struct
    std::size_t dims = std::min<std::size_t>(s.dim, oracle::kMaxNdDmaDims);
    detail::ndDmaArrays(s, [&](const char*, const auto& array) {
      for (std::size_t k = dims; k < array.size(); ++k) {
        if (array[k] != 0) dims = k + 1;
      }
    });
    detail::ndDmaArrays(s, [&](const char* key, const auto& array) {
      out[key] = json::array();
      for (std::size_t k = 0; k < dims; ++k) out[key].push_back(array[k]);
    });
    out["constantValue"] = formatHexBits(s.constantValue);
  }
  if constexpr (detail::kIsCo12<S>) out["quantPre"] = std::string(oracle::name(s.quantPre));
  if constexpr (std::is_same_v<S, oracle::FixpipeState>) {
    out["srcDType"] = std::string(oracle::name(s.srcDType));
    out["quantScalar"] = formatHexBits(s.quantScalar);
    out["quantTensor"] = json::array();
    for (const std::uint64_t q : s.quantTensor) out["quantTensor"].push_back(formatHexBits(q));
    // FIX950-1: only the 950 call has a layout, so every earlier FIX case file reads and writes back unchanged
    if (s.layout) {
      out["layout"] = std::string(oracle::name(*s.layout));
      out["nz2dn"] = structJson(s.nz2dn);
    }
    if (s.dualDstCtl != 0) out["dualDstCtl"] = s.dualDstCtl;  // FIX950-9: only a dual-destination case writes it
  }
  if constexpr (std::is_same_v<S, oracle::DataCopyEnhancedParams>) {
    out["blockMode"] = std::string(oracle::name(s.blockMode));
    out["deqScale"] = std::string(oracle::name(s.deqScale));
    // ENH-2 extensions, written only when used so that cases without a conversion keep their exact form
    if (s.srcDType) out["srcDType"] = std::string(oracle::name(*s.srcDType));
    if (!s.deqTensor.empty()) {
      out["deqTensor"] = json::array();
      for (const std::uint64_t q : s.deqTensor) out["deqTensor"].push_back(formatHexBits(q));
    }
  }
  return out;
}

template <class Variant>
json typedStructJson(const Variant& params) {
  json out = std::visit([](const auto& s) { return structJson(s); }, params);
  out["type"] = std::string(oracle::typeName(params));
  return out;
}

// The case without its buffers' contents; the caller adds "hex" or "file" to src and dst.
json caseJson(const oracle::Case& c, const std::string& description) {
  json out;
  out["schema"] = kCaseSchema;
  if (!description.empty()) out["description"] = description;
  out["product"] = std::string(oracle::name(c.product));
  out["api"] = std::string(oracle::name(c.api));
  out["path"] = oracle::pathName(c.srcPos, c.dstPos);
  out["dtype"] = std::string(oracle::name(c.dtype));
  out["params"] = typedStructJson(c.params);
  if (!std::holds_alternative<std::monostate>(c.padParams)) {
    out["padParams"] = typedStructJson(c.padParams);
  }
  if (c.nd2nzParams) out["nd2nzParams"] = structJson(*c.nd2nzParams);
  if (c.enhancedParams) out["enhancedParams"] = structJson(*c.enhancedParams);
  if (c.fixpipe) out["fixpipe"] = structJson(*c.fixpipe);
  if (c.padRegister) out["padRegister"] = formatHexBits(*c.padRegister);
  // PAD-CMP-1: written only when not Normal, so every earlier case file reads and writes back unchanged
  if (c.paddingMode != oracle::PaddingMode::normal) out["paddingMode"] = std::string(oracle::name(c.paddingMode));
  if (c.loopMode) out["loopMode"] = structJson(*c.loopMode);  // LOOP-1
  // ATOM-1: written only when set, so every earlier case file reads and writes back unchanged
  if (c.atomic != oracle::AtomicOp::none) out["atomic"] = std::string(oracle::name(c.atomic));
  out["profile"] = oracle::profileName(c.profile);
  out["src"] = {{"size", c.src.sizeBytes}, {"offset", c.src.offsetBytes}};
  out["dst"] = {{"size", c.dst.sizeBytes}, {"offset", c.dst.offsetBytes}};
  return out;
}

}  // namespace

bool sameCase(const oracle::Case& a, const oracle::Case& b) {
  return a.product == b.product && a.api == b.api && a.srcPos == b.srcPos && a.dstPos == b.dstPos &&
         a.dtype == b.dtype && a.params == b.params && a.padParams == b.padParams && a.nd2nzParams == b.nd2nzParams &&
         a.enhancedParams == b.enhancedParams && a.fixpipe == b.fixpipe &&
         a.padRegister == b.padRegister && a.paddingMode == b.paddingMode && a.loopMode == b.loopMode &&
         a.atomic == b.atomic && a.profile == b.profile && a.src == b.src && a.dst == b.dst;
}

bool operator==(const CaseData& a, const CaseData& b) {
  return sameCase(a.c, b.c) && a.src == b.src && a.dstBefore == b.dstBefore && a.description == b.description;
}

json toJson(const CaseData& data) {
  json out = caseJson(data.c, data.description);
  out["src"]["hex"] = detail::encodeHexBytes(data.src);
  out["dst"]["hex"] = detail::encodeHexBytes(data.dstBefore);
  return out;
}

std::string toJsonText(const CaseData& data) { return toJson(data).dump(2) + "\n"; }

json toJsonWithoutBuffers(const oracle::Case& c) { return caseJson(c, ""); }

// Returns null JSON when a buffer file cannot be written (nothing here throws; the caller reports it).
json toJsonWithFiles(const CaseData& data, const std::filesystem::path& dir, const std::string& stem) {
  json out = caseJson(data.c, data.description);
  const std::string srcName = stem + ".src.bin";
  const std::string dstName = stem + ".dst.bin";
  if (!writeFileAtomic(dir / srcName, data.src).empty() || !writeFileAtomic(dir / dstName, data.dstBefore).empty()) {
    return nullptr;
  }
  out["src"]["file"] = srcName;
  out["dst"]["file"] = dstName;
  return out;
}

}  // namespace dcconf::casefile
