#include "signature.hpp"

#include <algorithm>
#include <type_traits>
#include <variant>

#include "dcconf/properties/diagnosis.hpp"
#include "dcconf/properties/fixpipe.hpp"

namespace dcconf::run {
namespace {

// "(region guard)" of the property's message, or "" (a crash, a timeout, a law without a byte).
std::string regionIn(std::string_view message) {
  const std::size_t at = message.find("(region ");
  if (at == std::string_view::npos) return "";
  const std::size_t begin = at + 8, end = message.find(')', begin);
  return end == std::string_view::npos ? "" : std::string(message.substr(begin, end - begin));
}

const char* const kLayoutSwitches[] = {"nz2nd", "ndNum>1", "channelSplit", "leftPadding", "rightPadding", "smallC0"};

using properties::isEightBitMode;
using properties::isScaledMode;

// The FIX-5 quant words a FIX case reads: the scalar, or the V* tensor's first nSize entries.
std::vector<std::uint64_t*> quantWords(oracle::Case& c) {
  std::vector<std::uint64_t*> words;
  const auto& p = std::get<oracle::DataCopyCO12DstParams>(c.params);
  if (!properties::isPerColumnMode(p.quantPre)) return {&c.fixpipe->quantScalar};
  for (std::size_t n = 0; n < p.nSize && n < c.fixpipe->quantTensor.size(); ++n) words.push_back(&c.fixpipe->quantTensor[n]);
  return words;
}

// FIX-5's fields as switches: on when a word the case reads has them, off with them cleared in every word.
struct QuantField {
  const char* name;
  bool (*on)(std::uint64_t word);
  std::uint64_t (*off)(std::uint64_t word);
  bool eightBitOnly;
};
constexpr std::uint64_t kSignExtended = 0x1FFFFFFFFull;  // bits [63:31] of an AMB-12 sign-extended negative scale
const QuantField kQuantFields[] = {
    {"mcb", [](std::uint64_t q) { return (q >> 36 & 1) != 0 && (q >> 31) != kSignExtended; },
     [](std::uint64_t q) { return q & ~(std::uint64_t{1} << 36); }, false},
    {"offset", [](std::uint64_t q) { return (q >> 37 & 0x1FF) != 0 && (q >> 31) != kSignExtended; },
     [](std::uint64_t q) { return q & ~(std::uint64_t{0x1FF} << 37); }, true},
    {"scaleLowBits", [](std::uint64_t q) { return (q & 0x1FFF) != 0; },
     [](std::uint64_t q) { return q & ~std::uint64_t{0x1FFF}; }, false},
    {"negativeScale", [](std::uint64_t q) { return (q >> 31 & 1) != 0; },
     [](std::uint64_t q) { return (q >> 31) == kSignExtended ? q & 0x7FFFFFFF : q & ~(std::uint64_t{1} << 31); }, false},
};

// FIX-5's fields that are on in a scaled FIX case, each with the case that has it off (see kQuantFields), and
// columnsDiffer: V* words that are not all equal, off with every word the first.
void addQuantFieldSwitches(const oracle::Case& c, const auto& add) {
  oracle::Case copy = c;
  const std::vector<std::uint64_t*> words = quantWords(copy);
  if (words.empty()) return;
  const bool eightBit = isEightBitMode(std::get<oracle::DataCopyCO12DstParams>(c.params).quantPre);
  for (const QuantField& field : kQuantFields) {
    if (field.eightBitOnly && !eightBit) continue;
    if (std::none_of(words.begin(), words.end(), [&](const std::uint64_t* q) { return field.on(*q); })) continue;
    add(field.name, [&](oracle::Case& k) {
      for (std::uint64_t* q : quantWords(k)) *q = field.off(*q);
    });
  }
  if (std::any_of(words.begin(), words.end(), [&](const std::uint64_t* q) { return *q != *words.front(); })) {
    add("columnsDiffer", [](oracle::Case& k) {
      const std::vector<std::uint64_t*> all = quantWords(k);
      for (std::uint64_t* q : all) *q = *all.front();
    });
  }
}

}  // namespace

CaseModes modesOf(const oracle::Case& c) {
  CaseModes m;
  for (auto& [name, off] : switchedOff(c)) m.switchesOn.push_back(name);
  if (const auto* p = std::get_if<oracle::DataCopyCO12DstParams>(&c.params)) {
    // the scaled modes share FIX-5's parameter and FIX-6's scale: one defect there shows in each of them
    m.conversion = isScaledMode(p->quantPre) ? "quantPre=scaled (FIX-5)" : "quantPre=" + std::string(oracle::name(p->quantPre));
    if (c.fixpipe && !isScaledMode(p->quantPre)) m.conversion += " src=" + std::string(oracle::name(c.fixpipe->srcDType));
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
    if (c.fixpipe && isScaledMode(p->quantPre)) addQuantFieldSwitches(c, add);
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

std::string Symptom::text() const {
  if (keptWritten) return status + ": a byte that must be kept was written";
  std::string text = status + ": a wrong value";
  const char* joint = " as if ";
  for (const oracle::FixDeviation d : oracle::kFixDeviations) {
    if ((deviations & oracle::bitOf(d)) == 0) continue;
    text += joint + std::string(oracle::describe(d));
    joint = " and ";
  }
  return text;
}

Symptom symptomOf(std::string_view status, std::string_view message) {
  // "(region gap, PAD-G2U-2)": the region is the first word; a law's message without a region is a wrong value
  std::string region = regionIn(message);
  region = region.substr(0, region.find(','));
  Symptom s;
  s.status = std::string(status);
  s.keptWritten = region == "guard" || region == "gap" || region == "keep";
  if (!s.keptWritten) s.deviations = properties::deviationsIn(message);
  return s;
}

std::string FailureSignature::key() const {
  std::string text = symptom.text();
  if (!conversion.empty() || !needed.empty()) {
    text += " [" + conversion;
    for (const auto& name : needed) text += (text.back() == '[' ? "" : " ") + name;
    text += "]";
  }
  return text;
}

bool FailureSignature::explains(const Symptom& failure, const oracle::Case& c) const {
  if (!failure.sameOutcome(symptom)) return false;
  if (symptom.deviations != 0) {
    return (failure.deviations & symptom.deviations) == symptom.deviations &&
           (conversion.empty() || modesOf(c).conversion == conversion);
  }
  if (failure.deviations != 0) return false;
  const CaseModes m = modesOf(c);
  if (!conversion.empty() && m.conversion != conversion) return false;
  for (const auto& name : needed) {
    if (std::find(m.switchesOn.begin(), m.switchesOn.end(), name) == m.switchesOn.end()) return false;
  }
  return true;
}

void keepWhatTellsDefectsApart(FailureSignature& s, oracle::FixDeviations covered) {
  if (const oracle::FixDeviations d = s.symptom.deviations; d != 0) {
    const oracle::FixDeviations fresh = (d & ~covered) != 0 ? d & ~covered : d;
    s.symptom.deviations = fresh & (~fresh + 1);  // the lowest one
    s.needed.clear();
    return;
  }
  const auto isLayout = [](const std::string& name) {
    return std::any_of(std::begin(kLayoutSwitches), std::end(kLayoutSwitches), [&](const char* l) { return name == l; });
  };
  if (std::none_of(s.needed.begin(), s.needed.end(), isLayout)) return;
  s.conversion.clear();
  std::erase_if(s.needed, [&](const std::string& name) { return !isLayout(name) && name != "relu"; });
}

}  // namespace dcconf::run
