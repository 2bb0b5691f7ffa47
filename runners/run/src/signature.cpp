#include "signature.hpp"

#include <algorithm>
#include <type_traits>
#include <variant>

namespace dcconf::run {
namespace {

// "(region guard)" of the property's message, or "" (a crash, a timeout, a law without a byte).
std::string regionIn(std::string_view message) {
  const std::size_t at = message.find("(region ");
  if (at == std::string_view::npos) return "";
  const std::size_t begin = at + 8, end = message.find(')', begin);
  return end == std::string_view::npos ? "" : std::string(message.substr(begin, end - begin));
}

// Deliberately coarse: a value fault's first differing byte and its value vary from draw to draw; its region and
// whether the copy wrote where it must not do not.
std::string relationOf(const std::string& region) {
  if (region == "guard" || region == "gap" || region == "keep") return "a byte that must be kept was written";
  return "a wrong value";
}

}  // namespace

CaseModes modesOf(const oracle::Case& c) {
  CaseModes m;
  for (auto& [name, off] : switchedOff(c)) m.switchesOn.push_back(name);
  if (const auto* p = std::get_if<oracle::DataCopyCO12DstParams>(&c.params)) {
    m.conversion = "quantPre=" + std::string(oracle::name(p->quantPre));
    if (c.fixpipe) m.conversion += " src=" + std::string(oracle::name(c.fixpipe->srcDType));
  }
  if (c.enhancedParams) {
    const auto& e = *c.enhancedParams;
    m.conversion = "blockMode=" + std::to_string(static_cast<int>(e.blockMode)) +
                   " deqScale=" + std::to_string(static_cast<int>(e.deqScale));
    if (e.srcDType) m.conversion += " src=" + std::string(oracle::name(*e.srcDType));
  }
  return m;
}

std::vector<std::pair<std::string, oracle::Case>> switchedOff(const oracle::Case& c) {
  std::vector<std::pair<std::string, oracle::Case>> out;
  auto add = [&](const char* name, auto&& change) {
    oracle::Case off = c;
    change(off);
    out.emplace_back(name, std::move(off));
  };
  if (const auto* p = std::get_if<oracle::DataCopyCO12DstParams>(&c.params)) {
    auto fix = [](oracle::Case& k) -> oracle::DataCopyCO12DstParams& { return std::get<oracle::DataCopyCO12DstParams>(k.params); };
    if (p->reluPre != 0) add("relu", [&](oracle::Case& k) { fix(k).reluPre = 0; });
    if (p->nz2ndEn) add("nz2nd", [&](oracle::Case& k) { fix(k).nz2ndEn = false; });
    if (p->channelSplit) add("channelSplit", [&](oracle::Case& k) { fix(k).channelSplit = false; });
    if (p->nz2ndEn && c.fixpipe && c.fixpipe->ndNum > 1) add("ndNum>1", [](oracle::Case& k) { k.fixpipe->ndNum = 1; });
  }
  if (c.enhancedParams && c.enhancedParams->isRelu) add("relu", [](oracle::Case& k) { k.enhancedParams->isRelu = false; });
  if (const auto* p = std::get_if<oracle::Dn2NzParams>(&c.params); p != nullptr && p->enableSmallC0) {
    add("smallC0", [](oracle::Case& k) { std::get<oracle::Dn2NzParams>(k.params).enableSmallC0 = false; });
  }
  std::visit(
      [&](const auto& pad) {
        using P = std::decay_t<decltype(pad)>;
        if constexpr (!std::is_same_v<P, std::monostate>) {
          if (pad.leftPadding > 0) add("leftPadding", [](oracle::Case& k) { std::get<P>(k.padParams).leftPadding = 0; });
          if (pad.rightPadding > 0) add("rightPadding", [](oracle::Case& k) { std::get<P>(k.padParams).rightPadding = 0; });
        }
      },
      c.padParams);
  return out;
}

std::string symptomOf(std::string_view status, std::string_view message) {
  // "(region gap, PAD-G2U-2)": the region is the first word; a law's message without a region is a wrong value
  std::string region = regionIn(message);
  region = region.substr(0, region.find(','));
  return std::string(status) + ": " + relationOf(region);
}

std::string FailureSignature::key() const {
  std::string text = symptom;
  if (!conversion.empty() || !needed.empty()) {
    text += " [" + conversion;
    for (const auto& name : needed) text += (text.back() == '[' ? "" : " ") + name;
    text += "]";
  }
  return text;
}

bool FailureSignature::explains(std::string_view symptomOfFailure, const oracle::Case& c) const {
  if (symptomOfFailure != symptom) return false;
  const CaseModes m = modesOf(c);
  if (m.conversion != conversion) return false;
  for (const auto& name : needed) {
    if (std::find(m.switchesOn.begin(), m.switchesOn.end(), name) == m.switchesOn.end()) return false;
  }
  return true;
}

}  // namespace dcconf::run
