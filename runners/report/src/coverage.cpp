#include "dcconf/report/coverage.hpp"

#include <algorithm>
#include <bit>
#include <iomanip>
#include <sstream>

#include <nlohmann/json.hpp>

namespace dcconf::report {

namespace {

constexpr const char* kBoundaryNames[] = {"min", "min+1", "max-1", "max"};

std::string hex(std::uint64_t bits) {
  std::ostringstream out;
  out << "0x" << std::hex << bits;
  return out.str();
}

std::uint64_t parseHex(const nlohmann::json& j) { return std::stoull(j.get<std::string>(), nullptr, 16); }

}  // namespace

void FieldCoverage::merge(const FieldCoverage& o) {
  widthBits = std::max(widthBits, o.widthBits);
  docMax = std::max(docMax, o.docMax);
  reachMax = std::max(reachMax, o.reachMax);
  cases += o.cases;
  if (o.cases > 0) {
    min = std::min(min, o.min);
    max = std::max(max, o.max);
  }
  bitsSet |= o.bitsSet;
  bitsRequired |= o.bitsRequired;
  boundaries |= o.boundaries;
  valuesSeen |= o.valuesSeen;
  valuesRequired |= o.valuesRequired;
}

std::vector<std::string> FieldCoverage::gaps() const {
  std::vector<std::string> out;
  for (std::uint32_t b = 0; b < 4; ++b) {
    if ((boundaries & (1u << b)) == 0) out.push_back(std::string("boundary ") + kBoundaryNames[b]);
  }
  const std::uint64_t missing = bitsRequired & ~bitsSet;
  for (int bit = 0; bit < 64; ++bit) {
    if (missing >> bit & 1) out.push_back("bit " + std::to_string(bit));
  }
  const std::uint64_t unseen = valuesRequired & ~valuesSeen;
  for (int v = 0; v < 64; ++v) {
    if (unseen >> v & 1) out.push_back("value " + std::to_string(v));
  }
  return out;
}

void NumberCoverage::merge(const NumberCoverage& o) {
  cases += o.cases;
  required |= o.required;
  drawn |= o.drawn;
}

std::vector<std::string> NumberCoverage::gaps(const std::vector<std::string>& classNames) const {
  std::vector<std::string> out;
  for (std::size_t k = 0; k < 32; ++k) {
    if ((required & ~drawn) >> k & 1) out.push_back("class " + (k < classNames.size() ? classNames[k] : std::to_string(k)));
  }
  return out;
}

void Coverage::addField(const std::string& operation, const std::string& field, const FieldCoverage& sample) {
  fields_[operation][field].merge(sample);
}

void Coverage::addBreaker(const std::string& operation, const std::string& clause, std::uint64_t n) {
  breakers_[operation][clause] += n;
}

void Coverage::addNumbers(const std::string& operation, const std::string& conversion, const NumberCoverage& sample) {
  numbers_[operation][conversion].merge(sample);
}

void Coverage::expectBreaker(const std::string& operation, const std::string& breaker, std::uint64_t minimum) {
  BreakerDraws& draws = breakerDraws_[operation][breaker];
  draws.minimum = std::max(draws.minimum, minimum);
}

void Coverage::addBreakerDraw(const std::string& operation, const std::string& breaker, std::uint64_t n) {
  breakerDraws_[operation][breaker].drawn += n;
}

void Coverage::addTime(const TimeSplit& t) {
  time_.generationSeconds += t.generationSeconds;
  time_.oracleSeconds += t.oracleSeconds;
  time_.backendSeconds += t.backendSeconds;
}

std::vector<std::string> Coverage::gaps() const {
  std::vector<std::string> out;
  for (const auto& [operation, byField] : fields_) {
    for (const auto& [field, coverage] : byField) {
      for (const std::string& gap : coverage.gaps()) out.push_back(operation + " " + field + ": " + gap);
    }
  }
  for (const auto& [operation, byConversion] : numbers_) {
    for (const auto& [conversion, n] : byConversion) {
      for (const std::string& gap : n.gaps(numberClassNames_)) out.push_back(operation + " " + conversion + ": " + gap);
    }
  }
  for (const auto& [operation, byBreaker] : breakerDraws_) {
    for (const auto& [breaker, draws] : byBreaker) {
      if (draws.drawn >= draws.minimum) continue;
      out.push_back(operation + " G-4 breaker " + breaker + ": drawn " + std::to_string(draws.drawn) +
                    " times, minimum " + std::to_string(draws.minimum));
    }
  }
  return out;
}

void Coverage::print(std::ostream& out) const {
  out << "field coverage (docs/coverage.md): range drawn, bits set of the gated range, boundaries min/min+1/max-1/max\n";
  for (const auto& [operation, byField] : fields_) {
    out << operation << "\n";
    for (const auto& [field, c] : byField) {
      const int required = std::popcount(c.bitsRequired);
      const int set = std::popcount(c.bitsRequired & c.bitsSet);
      std::string marks;
      for (std::uint32_t b = 0; b < 4; ++b) marks += (c.boundaries & (1u << b)) ? 'x' : '.';
      out << "  " << std::left << std::setw(34) << field << std::right << " [" << (c.cases ? c.min : 0) << ", "
          << c.max << "] of [.., " << c.reachMax << (c.reachMax < c.docMax ? "<" + std::to_string(c.docMax) : "")
          << "]  bits " << set << "/" << required << "  bounds " << marks << "  cases " << c.cases;
      const auto missing = c.gaps();
      if (!missing.empty()) out << "  MISSING " << missing.size();
      out << "\n";
    }
  }
  if (!numbers_.empty()) {
    out << "numbers that matter: source-value classes drawn per conversion (x drawn, . missing, - not meaningful)\n  "
        << std::setw(44) << "";
    for (const std::string& n : numberClassNames_) out << " " << n;
    out << "\n";
  }
  for (const auto& [operation, byConversion] : numbers_) {
    for (const auto& [conversion, n] : byConversion) {
      out << "  " << std::left << std::setw(44) << (operation + " " + conversion) << std::right;
      for (std::size_t k = 0; k < numberClassNames_.size(); ++k) {
        const char mark = (n.required >> k & 1) == 0 ? '-' : (n.drawn >> k & 1) ? 'x' : '.';
        out << " " << std::setw(static_cast<int>(numberClassNames_[k].size())) << mark;
      }
      out << "  cases " << n.cases;
      const auto missing = n.gaps(numberClassNames_);
      if (!missing.empty()) out << "  MISSING " << missing.size();
      out << "\n";
    }
  }
  for (const auto& [operation, byClause] : breakers_) {
    out << operation << " G-4 breakers drawn:";
    for (const auto& [clause, n] : byClause) out << " " << clause << "=" << n;
    out << "\n";
  }
  for (const auto& [operation, byBreaker] : breakerDraws_) {
    out << operation << " G-4 breakers drawn/minimum:";
    for (const auto& [breaker, draws] : byBreaker) out << " " << breaker << "=" << draws.drawn << "/" << draws.minimum;
    out << "\n";
  }
  const double total = time_.generationSeconds + time_.oracleSeconds + time_.backendSeconds;
  if (total > 0) {
    out << std::fixed << std::setprecision(2) << "time: generation " << time_.generationSeconds << " s, oracle "
        << time_.oracleSeconds << " s, backend " << time_.backendSeconds << " s\n";
  }
}

std::string Coverage::toJsonText() const {
  nlohmann::json json;
  json["fields"] = nlohmann::json::object();
  for (const auto& [operation, byField] : fields_) {
    for (const auto& [field, c] : byField) {
      nlohmann::json boundaries = nlohmann::json::object();
      for (std::uint32_t b = 0; b < 4; ++b) boundaries[kBoundaryNames[b]] = (c.boundaries & (1u << b)) != 0;
      json["fields"][operation][field] = {{"widthBits", c.widthBits}, {"docMax", c.docMax},
                                          {"reachMax", c.reachMax},   {"cases", c.cases},
                                          {"min", c.cases ? c.min : 0}, {"max", c.max},
                                          {"bitsSet", hex(c.bitsSet)}, {"bitsRequired", hex(c.bitsRequired)},
                                          {"boundaries", boundaries},  {"missing", c.gaps()}};
      if (c.valuesRequired != 0) {
        json["fields"][operation][field]["valuesSeen"] = hex(c.valuesSeen);
        json["fields"][operation][field]["valuesRequired"] = hex(c.valuesRequired);
      }
    }
  }
  json["numberClasses"] = numberClassNames_;
  json["numbers"] = nlohmann::json::object();
  for (const auto& [operation, byConversion] : numbers_) {
    for (const auto& [conversion, n] : byConversion) {
      auto names = [&](std::uint32_t bits) {
        std::vector<std::string> out;
        for (std::size_t k = 0; k < numberClassNames_.size(); ++k) {
          if (bits >> k & 1) out.push_back(numberClassNames_[k]);
        }
        return out;
      };
      json["numbers"][operation][conversion] = {{"cases", n.cases},
                                                {"required", names(n.required)},
                                                {"drawn", names(n.drawn & n.required)},
                                                {"missing", n.gaps(numberClassNames_)}};
    }
  }
  json["breakers"] = breakers_;
  if (!breakerDraws_.empty()) {
    for (const auto& [operation, byBreaker] : breakerDraws_) {
      for (const auto& [breaker, draws] : byBreaker) {
        json["breakerDraws"][operation][breaker] = {{"drawn", draws.drawn}, {"minimum", draws.minimum}};
      }
    }
  }
  json["time"] = {{"generationSeconds", time_.generationSeconds},
                  {"oracleSeconds", time_.oracleSeconds},
                  {"backendSeconds", time_.backendSeconds}};
  return json.dump();
}

bool Coverage::mergeJsonText(const std::string& text) {
  const auto json = nlohmann::json::parse(text, nullptr, false);
  if (json.is_discarded()) return false;
  try {
    for (const auto& [operation, byField] : json.at("fields").items()) {
      for (const auto& [field, j] : byField.items()) {
        FieldCoverage c;
        c.widthBits = j.at("widthBits").get<std::uint32_t>();
        c.docMax = j.at("docMax").get<std::uint64_t>();
        c.reachMax = j.at("reachMax").get<std::uint64_t>();
        c.cases = j.at("cases").get<std::uint64_t>();
        c.min = j.at("min").get<std::uint64_t>();
        c.max = j.at("max").get<std::uint64_t>();
        c.bitsSet = parseHex(j.at("bitsSet"));
        c.bitsRequired = parseHex(j.at("bitsRequired"));
        for (std::uint32_t b = 0; b < 4; ++b) {
          if (j.at("boundaries").at(kBoundaryNames[b]).get<bool>()) c.boundaries |= 1u << b;
        }
        if (j.contains("valuesRequired")) {
          c.valuesSeen = parseHex(j.at("valuesSeen"));
          c.valuesRequired = parseHex(j.at("valuesRequired"));
        }
        addField(operation, field, c);
      }
    }
    if (numberClassNames_.empty() && json.contains("numberClasses")) {
      numberClassNames_ = json.at("numberClasses").get<std::vector<std::string>>();
    }
    if (json.contains("numbers")) {
      for (const auto& [operation, byConversion] : json.at("numbers").items()) {
        for (const auto& [conversion, j] : byConversion.items()) {
          auto bits = [&](const nlohmann::json& list) {
            std::uint32_t out = 0;
            for (const auto& name : list) {
              const auto at = std::find(numberClassNames_.begin(), numberClassNames_.end(), name.get<std::string>());
              if (at == numberClassNames_.end()) throw std::invalid_argument("unknown number class");
              out |= 1u << (at - numberClassNames_.begin());
            }
            return out;
          };
          addNumbers(operation, conversion, {j.at("cases").get<std::uint64_t>(), bits(j.at("required")), bits(j.at("drawn"))});
        }
      }
    }
    for (const auto& [operation, byClause] : json.at("breakers").items()) {
      for (const auto& [clause, n] : byClause.items()) addBreaker(operation, clause, n.get<std::uint64_t>());
    }
    if (json.contains("breakerDraws")) {
      for (const auto& [operation, byBreaker] : json.at("breakerDraws").items()) {
        for (const auto& [breaker, j] : byBreaker.items()) {
          expectBreaker(operation, breaker, j.at("minimum").get<std::uint64_t>());
          addBreakerDraw(operation, breaker, j.at("drawn").get<std::uint64_t>());
        }
      }
    }
    const auto& t = json.at("time");
    addTime({t.at("generationSeconds").get<double>(), t.at("oracleSeconds").get<double>(),
             t.at("backendSeconds").get<double>()});
  } catch (const std::exception&) {
    return false;
  }
  return true;
}

}  // namespace dcconf::report
