// Declared limits (dcconf.limits/1, docs/limits.md): reading, checking and mapping a case inside them. Fields are read
// and written through the case's JSON form (dcconf.case/1 names), so every parameter struct is covered without a list
// of fields to keep in step (as minimise.cpp does).
#include "dcconf/properties/limits.hpp"

#include <algorithm>
#include <bit>
#include <fstream>
#include <numeric>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "dcconf/casefile/casefile.hpp"
#include "dcconf/casefile/json_guard.hpp"
#include "dcconf/casefile/text.hpp"
#include "dcconf/properties/generators.hpp"

namespace dcconf::properties {

namespace {

using nlohmann::json;

json::json_pointer pointerOf(const std::string& field) {
  std::string path;
  std::size_t start = 0;
  while (start <= field.size()) {
    const std::size_t dot = std::min(field.find('.', start), field.size());
    path += "/" + field.substr(start, dot - start);
    start = dot + 1;
  }
  return json::json_pointer(path);
}

// A field's value as a number (a bool reads 0/1); nullopt when the case has no such integer field.
std::optional<std::uint64_t> readField(const json& c, const json::json_pointer& at) {
  if (!c.contains(at)) return std::nullopt;
  const json& v = c.at(at);
  if (v.is_boolean()) return v.get<bool>() ? 1 : 0;
  if (v.is_number_unsigned()) return v.get<std::uint64_t>();
  if (v.is_number_integer() && v.get<std::int64_t>() >= 0) return static_cast<std::uint64_t>(v.get<std::int64_t>());
  return std::nullopt;
}

void writeField(json& c, const json::json_pointer& at, std::uint64_t value) {
  if (c.at(at).is_boolean()) {
    c[at] = value != 0;
  } else {
    c[at] = value;
  }
}

// The integer and bool fields of the operation's cases, by dotted name: what a limits file may name. Collected from
// the generators' own draws (every params struct and optional object they produce), so the list cannot drift; on
// every product and every documented path (the paths drawn apart too), since the 950's fields (loopMode,
// fixpipe.dualDstCtl on CO1->UB) exist only there. The case file writes every field of a struct it writes, so a struct drawn once gives them all.
void collect(const json& node, const std::string& at, std::set<std::string>& out) {
  if (node.is_object()) {
    for (const auto& [key, value] : node.items()) collect(value, at.empty() ? key : at + "." + key, out);
  } else if (node.is_boolean() || node.is_number_unsigned() || node.is_number_integer()) {
    out.insert(at);
  }
}

const std::set<std::string>& knownFields(oracle::Operation operation) {
  static std::map<oracle::Operation, std::set<std::string>> cache;
  auto found = cache.find(operation);
  if (found != cache.end()) return found->second;
  std::set<std::string>& fields = cache[operation];
  if (!hasGenerator(operation)) return fields;
  for (const oracle::Product product : oracle::allProducts()) {
    for (const oracle::PathPair& path : oracle::documentedPaths(operation)) {
      Scope scope;
      scope.product = product;
      scope.pathGlob = oracle::pathName(path.src, path.dst);
      scope.apartOnly = drawnApart(operation, path);
      if (!scopeHasCases(operation, scope)) continue;
      const rc::Gen<GeneratedCase> gen = genCase(operation, scope);
      for (int k = 0; k < 64; ++k) {
        std::optional<GeneratedCase> drawn;
        try {
          drawn = gen(rc::Random(static_cast<std::uint64_t>(k) * 7919 + 1), 50).value();
        } catch (const std::exception&) {  // a draw the generator gave up on names no field
          continue;
        }
        const json c = casefile::toJsonWithoutBuffers(drawn->data.c);
        for (const auto& [key, value] : c.items()) {
          if (key != "src" && key != "dst" && value.is_object()) collect(value, key, fields);
        }
      }
    }
  }
  return fields;
}

// lcm(a, b), or nullopt when it exceeds 2^64 - 1: then no value but 0 is a multiple of both (std::lcm would wrap).
std::optional<std::uint64_t> checkedLcm(std::uint64_t a, std::uint64_t b) {
  std::uint64_t out = 0;
  if (__builtin_mul_overflow(a / std::gcd(a, b), b, &out)) return std::nullopt;
  return out;
}

std::string setText(const std::vector<std::uint64_t>& values) {
  std::string out = "{";
  for (std::size_t k = 0; k < values.size() && k < 8; ++k) out += (k ? ", " : "") + std::to_string(values[k]);
  return out + (values.size() > 8 ? ", ... (" + std::to_string(values.size()) + " values)}" : "}");
}

// The admitted values as an arithmetic progression first + k*step, k < count (no value set declared).
struct Progression {
  std::uint64_t first = 0, last = 0, step = 1;
  bool empty = true;
};
Progression progressionOf(const FieldLimit& f) {
  Progression p;
  p.step = f.multipleOf;
  const std::uint64_t up = f.min % p.step == 0 ? f.min : f.min + (p.step - f.min % p.step);
  if (up < f.min || up > f.max) return p;  // overflow or no multiple inside
  p.first = up;
  p.last = f.max / p.step * p.step;
  p.empty = false;
  return p;
}

std::vector<std::uint64_t> admittedSet(const FieldLimit& f) {
  std::vector<std::uint64_t> out;
  for (const std::uint64_t v : f.values) {
    if (v >= f.min && v <= f.max && v % f.multipleOf == 0) out.push_back(v);
  }
  return out;
}

// splitmix64's finaliser: which way a value above a range maps, spread evenly whatever the values' pattern.
std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace

bool FieldLimit::admits(std::uint64_t value) const {
  if (value < min || value > max || value % multipleOf != 0) return false;
  return values.empty() || std::binary_search(values.begin(), values.end(), value);
}

std::optional<std::uint64_t> FieldLimit::map(std::uint64_t value) const {
  if (admits(value)) return value;
  if (!values.empty()) {
    const std::vector<std::uint64_t> set = admittedSet(*this);
    if (set.empty()) return std::nullopt;
    return set[value % set.size()];
  }
  const Progression p = progressionOf(*this);
  if (p.empty) return std::nullopt;
  if (value <= p.first) return p.first;
  if (value <= p.last) return value / p.step * p.step;  // >= first: first is the smallest multiple >= min
  // Above the range (mostly a widened draw of the documented range's upper end): the range's top boundary or the
  // one below it one time in four each, so the declared boundaries are reached; else folded back over the range.
  const std::uint64_t count = (p.last - p.first) / p.step + 1;
  switch (mix(value) % 4) {
    case 0: return p.last;
    case 1: return count > 1 ? p.last - p.step : p.last;
    default: return p.first + ((value - p.first) / p.step % count) * p.step;
  }
}

std::optional<std::uint64_t> FieldLimit::largestAtMost(std::uint64_t value) const {
  if (!values.empty()) {
    std::optional<std::uint64_t> best;
    for (const std::uint64_t v : admittedSet(*this)) {
      if (v <= value) best = v;
    }
    return best;
  }
  const Progression p = progressionOf(*this);
  if (p.empty || value < p.first) return std::nullopt;
  return std::min(p.last, value / p.step * p.step);
}

std::optional<std::uint64_t> FieldLimit::smallestAtLeast(std::uint64_t value) const {
  if (!values.empty()) {
    for (const std::uint64_t v : admittedSet(*this)) {
      if (v >= value) return v;
    }
    return std::nullopt;
  }
  const Progression p = progressionOf(*this);
  if (p.empty || value > p.last) return std::nullopt;
  if (value <= p.first) return p.first;
  return (value + p.step - 1) / p.step * p.step;
}

std::string FieldLimit::describe() const {
  std::string out = field;
  if (!values.empty()) out += " in " + setText(values);
  if (min != 0 || max != ~std::uint64_t{0}) {
    out += (values.empty() ? " in [" : ", [") + std::to_string(min) + ", " +
           (max == ~std::uint64_t{0} ? std::string("...") : std::to_string(max)) + "]";
  }
  if (multipleOf != 1) out += ", multiple of " + std::to_string(multipleOf);
  return out;
}

std::string FieldRelation::describe() const {
  return left + (op == RelationOp::lessOrEqual ? " <= " : " == ") + right;
}

std::string Limits::violation(const oracle::Case& c) const {
  const auto resolved = oracle::resolveOperation(c);
  if (!resolved.operation) return "";
  const auto found = operations.find(*resolved.operation);
  if (found == operations.end()) return "";
  const json j = casefile::toJsonWithoutBuffers(c);
  const std::string op(oracle::key(*resolved.operation));
  for (const FieldLimit& f : found->second.fields) {
    const auto value = readField(j, pointerOf(f.field));
    if (value && !f.admits(*value)) return op + ": " + f.field + " = " + std::to_string(*value) + " outside " + f.describe();
  }
  for (const FieldRelation& r : found->second.relations) {
    const auto a = readField(j, pointerOf(r.left));
    const auto b = readField(j, pointerOf(r.right));
    if (!a || !b) continue;
    if (r.op == RelationOp::lessOrEqual ? *a <= *b : *a == *b) continue;
    return op + ": " + r.describe() + " broken (" + std::to_string(*a) + ", " + std::to_string(*b) + ")";
  }
  return "";
}

bool Limits::mapInside(oracle::Case& c) const {
  const auto resolved = oracle::resolveOperation(c);
  if (!resolved.operation) return false;
  const auto found = operations.find(*resolved.operation);
  if (found == operations.end()) return true;
  const OperationLimits& declared = found->second;
  json mappedFields = casefile::toJsonWithoutBuffers(c);
  auto limitOf = [&](const std::string& field) -> const FieldLimit* {
    for (const FieldLimit& f : declared.fields) {
      if (f.field == field) return &f;
    }
    return nullptr;
  };
  static const FieldLimit kFree{};
  for (const FieldLimit& f : declared.fields) {
    const auto at = pointerOf(f.field);
    const auto value = readField(mappedFields, at);
    if (!value) continue;
    const auto mapped = f.map(*value);
    if (!mapped) return false;
    writeField(mappedFields, at, *mapped);
  }
  // Each broken relation is repaired by moving one of its fields: the left one down (or, for ==, onto the right
  // one's value) or the right one up. Which comes first is decided by the draw (a hash of both values), so both
  // fields explore their declared range. When that gives no valid call, the same with a raise to the next power of two
  // (these fields' alignment rules are powers of two: FIX nSize), then the other order.
  auto attempt = [&](bool leftFirst, bool raiseAligned) -> std::optional<oracle::Case> {
    json j = mappedFields;
    for (const FieldRelation& r : declared.relations) {
      const auto la = pointerOf(r.left), rb = pointerOf(r.right);
      const auto a = readField(j, la), b = readField(j, rb);
      if (!a || !b) continue;
      const FieldLimit& fl = limitOf(r.left) ? *limitOf(r.left) : kFree;
      const FieldLimit& fr = limitOf(r.right) ? *limitOf(r.right) : kFree;
      const bool left = leftFirst == ((mix(*a ^ (*b << 17)) & 1) == 0);
      if (r.op == RelationOp::lessOrEqual) {
        if (*a <= *b) continue;
        const auto lowered = fl.largestAtMost(*b);
        const auto raised = fr.smallestAtLeast(raiseAligned ? std::bit_ceil(*a) : *a);
        if (lowered && (left || !raised)) {
          writeField(j, la, *lowered);
        } else if (raised) {
          writeField(j, rb, *raised);
        }
      } else if (*a != *b) {
        if (fl.admits(*b) && (left || !fr.admits(*a))) {
          writeField(j, la, *b);
        } else if (fr.admits(*a)) {
          writeField(j, rb, *a);
        }
      }
    }
    auto loaded = casefile::parseCaseWithoutBuffers(std::move(j), "<limits>");
    auto* data = std::get_if<casefile::CaseData>(&loaded);
    if (data == nullptr) return std::nullopt;  // a mapped value that does not fit its field
    if (!violation(data->c).empty()) return std::nullopt;
    for (const oracle::Violation& broken : oracle::validate(data->c)) {  // buffers are sized later: G-1/G-2/G-5 then
      if (!broken.clause.starts_with("G-1") && !broken.clause.starts_with("G-2") && !broken.clause.starts_with("G-5")) {
        return std::nullopt;
      }
    }
    return data->c;
  };
  std::optional<oracle::Case> mapped = attempt(true, false);
  if (!mapped && !declared.relations.empty()) mapped = attempt(true, true);
  if (!mapped && !declared.relations.empty()) mapped = attempt(false, false);
  if (!mapped) return false;
  c = std::move(*mapped);
  return true;
}

std::optional<FieldRange> Limits::narrow(oracle::Operation operation, const FieldRange& range) const {
  const auto found = operations.find(operation);
  if (found == operations.end()) return range;
  const std::string_view name = range.name;
  const std::string_view member = name.substr(name.rfind('.') + 1);  // "DataCopyExtParams.srcStride" -> "srcStride"
  FieldRange out = range;
  for (const FieldLimit& f : found->second.fields) {
    if (f.field.substr(f.field.rfind('.') + 1) != member) continue;
    std::uint64_t lo = std::max(out.docMin, f.min), hi = std::min(out.reachMax, f.max);
    const std::optional<std::uint64_t> lcm = checkedLcm(out.step, f.multipleOf);
    if (!lcm) {  // only 0 is a multiple of both
      if (lo > 0 || (!f.values.empty() && f.values.front() != 0)) return std::nullopt;
      out.docMin = out.docMax = out.reachMax = 0;
      continue;
    }
    const std::uint64_t step = *lcm;
    if (!f.values.empty()) {  // a set: the gate wants its admitted values' span
      std::optional<std::uint64_t> first, last;
      for (const std::uint64_t v : f.values) {
        if (v < lo || v > hi || v % step != 0) continue;
        if (!first) first = v;
        last = v;
      }
      if (!first) return std::nullopt;
      lo = *first;
      hi = *last;
    }
    if (lo % step != 0 && __builtin_add_overflow(lo, step - lo % step, &lo)) return std::nullopt;
    hi = hi / step * step;
    if (lo > hi) return std::nullopt;
    out.docMin = lo;
    out.docMax = std::min(out.docMax, hi);
    out.reachMax = hi;
    out.step = step;
  }
  return out;
}

std::vector<std::string> Limits::describe() const {
  std::vector<std::string> out;
  for (const auto& [operation, declared] : operations) {
    const std::string op(oracle::key(operation));
    for (const FieldLimit& f : declared.fields) out.push_back(op + ": " + f.describe());
    for (const FieldRelation& r : declared.relations) out.push_back(op + ": " + r.describe());
  }
  return out;
}

void Limits::add(const Limits& more) {
  sources.insert(sources.end(), more.sources.begin(), more.sources.end());
  for (const auto& [operation, declared] : more.operations) {
    OperationLimits& mine = operations[operation];
    for (const FieldLimit& f : declared.fields) {
      auto same = std::find_if(mine.fields.begin(), mine.fields.end(), [&](const FieldLimit& g) { return g.field == f.field; });
      if (same == mine.fields.end()) {
        mine.fields.push_back(f);
        continue;
      }
      same->min = std::max(same->min, f.min);
      same->max = std::min(same->max, f.max);
      if (const auto lcm = checkedLcm(same->multipleOf, f.multipleOf)) {
        same->multipleOf = *lcm;
      } else {  // no multiple of both but 0 fits in 64 bits: 0 alone, when the ranges admit it
        same->multipleOf = 1;
        same->max = 0;
        if (same->min > 0) same->min = 1;  // nothing admitted: every draw of the field is excluded
      }
      if (same->values.empty()) {
        same->values = f.values;
      } else if (!f.values.empty()) {
        std::vector<std::uint64_t> both;
        std::set_intersection(same->values.begin(), same->values.end(), f.values.begin(), f.values.end(),
                              std::back_inserter(both));
        same->values = both;
        if (both.empty()) same->min = 1, same->max = 0;  // nothing admitted: every draw of the field is excluded
      }
    }
    mine.relations.insert(mine.relations.end(), declared.relations.begin(), declared.relations.end());
  }
}

// ---- reading dcconf.limits/1 ---------------------------------------------------------------------------------------

namespace {

struct Bad {
  std::string line;
};

[[noreturn]] void bad(const std::string& label, const std::string& field, const json& value, const std::string& why) {
  std::string shown = value.is_discarded() ? std::string("(missing)") : value.dump();
  if (shown.size() > 60) shown = shown.substr(0, 57) + "...";
  throw Bad{label + ": " + field + " = " + shown + ": " + why};
}

std::uint64_t number(const std::string& label, const std::string& field, const json& value) {
  if (!value.is_number_unsigned() && !(value.is_number_integer() && value.get<std::int64_t>() >= 0)) {
    bad(label, field, value, "not a whole number in [0, 2^64-1]");
  }
  return value.get<std::uint64_t>();
}

FieldLimit readFieldLimit(const std::string& label, const std::string& at, oracle::Operation operation,
                          const std::string& field, const json& spec) {
  const std::set<std::string>& known = knownFields(operation);
  if (known.count(field) == 0) {
    bad(label, at, json(field), "no integer field of " + std::string(oracle::key(operation)) +
                                    " cases (names as in the case file: params.blockCount, padParams.leftPadding)");
  }
  if (!spec.is_object()) bad(label, at, spec, "expected an object with min, max, multipleOf or values");
  FieldLimit f;
  f.field = field;
  for (const auto& [key, value] : spec.items()) {
    const std::string where = at + "." + key;
    if (key == "min") {
      f.min = number(label, where, value);
    } else if (key == "max") {
      f.max = number(label, where, value);
    } else if (key == "multipleOf") {
      f.multipleOf = number(label, where, value);
      if (f.multipleOf == 0) bad(label, where, value, "must be at least 1");
    } else if (key == "values") {
      if (!value.is_array() || value.empty() || value.size() > kMaxLimitValues) {
        bad(label, where, value, "expected a non-empty array of at most " + std::to_string(kMaxLimitValues) + " numbers");
      }
      for (std::size_t k = 0; k < value.size(); ++k) f.values.push_back(number(label, where + "[" + std::to_string(k) + "]", value[k]));
      std::sort(f.values.begin(), f.values.end());
      f.values.erase(std::unique(f.values.begin(), f.values.end()), f.values.end());
    } else {
      bad(label, where, value, "unknown key (min, max, multipleOf, values)");
    }
  }
  if (f.min > f.max) bad(label, at + ".min", json(f.min), "above max " + std::to_string(f.max));
  FieldLimit probe = f;
  if (!probe.map(f.min)) bad(label, at, spec, "admits no value");
  return f;
}

}  // namespace

LimitsLoad parseLimits(const std::string& text, const std::string& label) {
  if (text.size() > kMaxLimitsBytes) {
    return {std::nullopt, label + ": " + std::to_string(text.size()) + " bytes: longer than " +
                              std::to_string(kMaxLimitsBytes) + " bytes"};
  }
  if (std::string deep = casefile::jsonDepthError(text); !deep.empty()) return {std::nullopt, label + ": " + deep};
  const json root = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (root.is_discarded()) return {std::nullopt, label + ": not JSON"};
  try {
    if (!root.is_object()) bad(label, "(top level)", root, "expected an object");
    const json format = root.value("format", json());
    if (format != kLimitsFormat) bad(label, "format", root.contains("format") ? format : json(nullptr), std::string("expected \"") + kLimitsFormat + "\"");
    Limits limits;
    limits.sources.push_back(label);
    for (const auto& [key, value] : root.items()) {
      if (key != "format" && key != "operations" && key != "description") bad(label, key, value, "unknown key (format, description, operations)");
    }
    const json operations = root.value("operations", json::object());
    if (!operations.is_object()) bad(label, "operations", operations, "expected an object keyed by operation");
    for (const auto& [opKey, spec] : operations.items()) {
      const std::string at = "operations." + opKey;
      const auto operation = oracle::parseOperationKey(opKey);
      if (!operation) bad(label, at, json(opKey), "not an operation key (dcconf list: padGmToUb, nd2nz, ...)");
      if (!spec.is_object()) bad(label, at, spec, "expected an object with fields and relations");
      OperationLimits declared;
      for (const auto& [key, value] : spec.items()) {
        if (key == "fields") {
          if (!value.is_object()) bad(label, at + ".fields", value, "expected an object keyed by field");
          for (const auto& [field, fieldSpec] : value.items()) {
            declared.fields.push_back(readFieldLimit(label, at + ".fields." + field, *operation, field, fieldSpec));
          }
        } else if (key == "relations") {
          if (!value.is_array()) bad(label, at + ".relations", value, "expected an array");
          for (std::size_t k = 0; k < value.size(); ++k) {
            const std::string where = at + ".relations[" + std::to_string(k) + "]";
            const json& r = value[k];
            if (!r.is_array() || r.size() != 3 || !r[0].is_string() || !r[1].is_string() || !r[2].is_string()) {
              bad(label, where, r, "expected [\"field\", \"<=\" or \"==\", \"field\"]");
            }
            FieldRelation relation{r[0].get<std::string>(), RelationOp::lessOrEqual, r[2].get<std::string>()};
            const std::string op = r[1].get<std::string>();
            if (op == "==") {
              relation.op = RelationOp::equal;
            } else if (op != "<=") {
              bad(label, where + "[1]", r[1], "expected \"<=\" or \"==\"");
            }
            for (const std::string* side : {&relation.left, &relation.right}) {
              if (knownFields(*operation).count(*side) == 0) {
                bad(label, where, json(*side), "no integer field of " + opKey + " cases");
              }
            }
            declared.relations.push_back(relation);
          }
        } else {
          bad(label, at + "." + key, value, "unknown key (fields, relations)");
        }
      }
      if (!declared.fields.empty() || !declared.relations.empty()) limits.operations[*operation] = std::move(declared);
    }
    return {std::move(limits), ""};
  } catch (const Bad& error) {
    return {std::nullopt, error.line};
  }
}

LimitsLoad loadLimitsFile(const std::filesystem::path& path) {
  const std::string label = path.string();
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return {std::nullopt, label + ": not a readable file"};
  if (std::filesystem::file_size(path, ec) > kMaxLimitsBytes) {
    return {std::nullopt, label + ": longer than " + std::to_string(kMaxLimitsBytes) + " bytes"};
  }
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in && !in.eof()) return {std::nullopt, label + ": cannot be read"};
  return parseLimits(text.str(), label);
}

}  // namespace dcconf::properties
