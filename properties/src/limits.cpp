// Declared limits (dcconf.limits/2 and /1, docs/limits.md): reading, checking and mapping a case inside them. Fields are read
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
#include "draw.hpp"

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

// Whether the operation has cases on the product (DN2NZ has none on Atlas A2).
bool hasCasesOn(oracle::Operation operation, oracle::Product product) {
  Scope scope;
  scope.product = product;
  return hasGenerator(operation) && scopeHasCases(operation, scope) && !detail::allowedPathsAll(operation, scope).empty();
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
  if (value <= p.last) {  // >= first: first is the smallest multiple >= min
    const std::uint64_t down = value / p.step * p.step;
    // a positive draw stays positive: 0 is often no valid value (a blockLen) where the draw's value was one
    return down == 0 && p.last >= p.step ? p.step : down;
  }
  // Above the range (mostly a widened draw of the documented range's upper end): the range's top boundary or the
  // one below it one time in four each, so the declared boundaries are reached; else folded back over the range.
  const std::uint64_t count = (p.last - p.first) / p.step + 1;
  switch (mix(value) % 4) {
    case 0: return p.last;
    case 1: return count > 1 ? p.last - p.step : p.last;
    default: return p.first + ((value - p.first) / p.step % count) * p.step;
  }
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

std::uint64_t FieldLimit::count() const {
  if (!values.empty()) return admittedSet(*this).size();
  const Progression p = progressionOf(*this);
  if (p.empty) return 0;
  const std::uint64_t spans = (p.last - p.first) / p.step;
  return spans == ~std::uint64_t{0} ? spans : spans + 1;
}

std::uint64_t FieldLimit::at(std::uint64_t index) const {
  if (!values.empty()) return admittedSet(*this).at(index);
  return progressionOf(*this).first + index * multipleOf;
}

void FieldLimit::intersect(const FieldLimit& more) {
  min = std::max(min, more.min);
  max = std::min(max, more.max);
  if (const auto lcm = checkedLcm(multipleOf, more.multipleOf)) {
    multipleOf = *lcm;
  } else {  // no multiple of both but 0 fits in 64 bits: 0 alone, when the ranges admit it
    multipleOf = 1;
    max = 0;
    if (min > 0) min = 1;  // nothing admitted: every draw of the field is excluded
  }
  if (values.empty()) {
    values = more.values;
  } else if (!more.values.empty()) {
    std::vector<std::uint64_t> both;
    std::set_intersection(values.begin(), values.end(), more.values.begin(), more.values.end(), std::back_inserter(both));
    values = both;
    if (both.empty()) min = 1, max = 0;  // nothing admitted: every draw of the field is excluded
  }
}

bool LimitScope::applies(const oracle::Case& c) const {
  if (!products.empty() && std::find(products.begin(), products.end(), c.product) == products.end()) return false;
  if (!dtypes.empty() && std::find(dtypes.begin(), dtypes.end(), c.dtype) == dtypes.end()) return false;
  if (paths.empty()) return true;
  const std::string path = oracle::pathName(c.srcPos, c.dstPos);
  return std::any_of(paths.begin(), paths.end(), [&](const std::string& glob) { return globMatch(glob, path); });
}

bool LimitScope::appliesOnAny(std::span<const oracle::Product> on) const {
  if (products.empty() || on.empty()) return true;
  return std::any_of(on.begin(), on.end(), [&](oracle::Product p) { return std::find(products.begin(), products.end(), p) != products.end(); });
}

std::string LimitScope::describe() const {
  std::vector<std::string> parts;
  auto join = [](const auto& list, auto text) {
    std::string out;
    for (const auto& item : list) out += (out.empty() ? "" : ", ") + std::string(text(item));
    return out;
  };
  if (!products.empty()) parts.push_back(join(products, [](oracle::Product p) { return oracle::name(p); }));
  if (!paths.empty()) parts.push_back(join(paths, [](const std::string& g) { return g; }));
  if (!dtypes.empty()) parts.push_back(join(dtypes, [](oracle::DType d) { return oracle::name(d); }));
  if (parts.empty()) return "";
  return " [" + join(parts, [](const std::string& p) { return p; }) + "]";
}

FieldLimit DeclaredField::resolved(std::uint64_t sizeofT) const {
  FieldLimit f = limit;
  if (min) f.min = std::max(f.min, boundValue(*min, sizeofT));
  if (max) f.max = std::min(f.max, boundValue(*max, sizeofT));
  if (multipleOf) {
    FieldLimit multiple;
    multiple.multipleOf = std::max<std::uint64_t>(1, boundValue(*multipleOf, sizeofT));
    f.intersect(multiple);
  }
  return f;
}

std::string DeclaredField::describe() const {
  std::string out = limit.describe();
  bool first = out == limit.field;
  auto add = [&](const std::string& part) {
    out += (first ? " " : ", ") + part;
    first = false;
  };
  if (!minText.empty()) add(">= " + minText);
  if (!maxText.empty()) add("<= " + maxText);
  if (!multipleText.empty()) add("multiple of " + multipleText);
  return out + when.describe();
}

namespace {

// What applies to one case: its fields' limits (every declaration whose scope holds, intersected) and constraints.
struct Resolved {
  std::vector<FieldLimit> fields;
  std::vector<const LimitConstraint*> constraints;
  std::uint64_t sizeofT = 1;
  const FieldLimit* limitOf(const std::string& field) const {
    const auto found = std::find_if(fields.begin(), fields.end(), [&](const FieldLimit& f) { return f.field == field; });
    return found == fields.end() ? nullptr : &*found;
  }
};

Resolved resolve(const OperationLimits& declared, const oracle::Case& c) {
  Resolved r;
  r.sizeofT = std::max<std::uint64_t>(1, oracle::sizeBytes(c.dtype));
  for (const DeclaredField& d : declared.fields) {
    if (!d.when.applies(c)) continue;
    const FieldLimit f = d.resolved(r.sizeofT);
    const auto same = std::find_if(r.fields.begin(), r.fields.end(), [&](const FieldLimit& g) { return g.field == f.field; });
    if (same != r.fields.end()) {
      same->intersect(f);
    } else {
      r.fields.push_back(f);
    }
  }
  for (const LimitConstraint& k : declared.constraints) {
    if (k.when.applies(c)) r.constraints.push_back(&k);
  }
  return r;
}

// The declarations of c's operation, or null when c's operation is not limited (or c is no call).
const OperationLimits* declaredFor(const Limits& limits, const oracle::Case& c) {
  const auto resolved = oracle::resolveOperation(c);
  if (!resolved.operation) return nullptr;
  const auto found = limits.operations.find(*resolved.operation);
  return found == limits.operations.end() ? nullptr : &found->second;
}

// A constraint's field values in c; false when c lacks one of them (the constraint then does not apply).
bool readAll(const json& c, const LimitConstraint& k, std::vector<std::uint64_t>& out) {
  out.clear();
  for (const std::string& field : k.expression.fields) {
    const auto value = readField(c, pointerOf(field));
    if (!value) return false;
    out.push_back(*value);
  }
  return true;
}

// Whether the constraint applies (its condition holds) and whether its claim holds, for these field values.
struct Evaluation {
  bool active = false;
  bool holds = true;
  bool tight = false;
};
Evaluation evaluateConstraint(const LimitConstraint& k, std::uint64_t sizeofT, const std::vector<std::uint64_t>& fields,
                              std::vector<std::uint64_t>& scratch) {
  Evaluation out;
  evaluate(k.expression, sizeofT, fields, scratch);
  for (std::size_t n = 0; n < k.conditions; ++n) {
    if (!holds(k.expression.comparisons[n], scratch)) return out;
  }
  out.active = true;
  const Comparison& claim = k.expression.comparisons.back();
  out.holds = holds(claim, scratch);
  const std::uint64_t a = scratch[claim.left], b = scratch[claim.right];
  out.tight = claim.op == CompareOp::lt ? a != ~std::uint64_t{0} && a + 1 == b : a == b;
  return out;
}

std::string valuesText(const LimitConstraint& k, const std::vector<std::uint64_t>& values) {
  std::string out;
  for (std::size_t f = 0; f < values.size(); ++f) {
    out += (f ? ", " : "") + k.expression.fields[f] + " = " + std::to_string(values[f]);
  }
  return out;
}

// The indices [first, end) of a field's values (valueAt(i), increasing in i) for which the claim holds, the constraint's
// other fields as given. The field is on one side of the claim only, and that side grows with it: the claim holds for a
// prefix of the values (the field on the left of <=, <), a suffix (on the right), or, for ==, at most at the first
// value whose side reaches the other's.
struct Interval {
  std::uint64_t first = 0, end = 0;
  bool empty() const { return first >= end; }
};
template <typename ValueAt>
Interval holdingInterval(const LimitExpression& e, const Comparison& claim, std::size_t f, std::vector<std::uint64_t> fields,
                         std::uint64_t sizeofT, std::uint64_t count, ValueAt valueAt) {
  std::vector<std::uint64_t> scratch;
  const bool onLeft = mentions(e, claim.left, f);
  auto sidesAt = [&](std::uint64_t index) {
    fields[f] = valueAt(index);
    evaluate(e, sizeofT, fields, scratch);
  };
  auto firstWhere = [&](auto predicate) {  // predicate is false, then true, over the indices
    std::uint64_t lo = 0, hi = count;
    while (lo < hi) {
      const std::uint64_t mid = lo + (hi - lo) / 2;
      sidesAt(mid);
      if (predicate()) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  };
  if (claim.op == CompareOp::eq) {
    const std::uint64_t reach = firstWhere([&] { return onLeft ? scratch[claim.left] >= scratch[claim.right] : scratch[claim.right] >= scratch[claim.left]; });
    if (reach == count) return {};
    sidesAt(reach);
    return holds(claim, scratch) ? Interval{reach, reach + 1} : Interval{};
  }
  if (onLeft) return {0, firstWhere([&] { return !holds(claim, scratch); })};
  return {firstWhere([&] { return holds(claim, scratch); }), count};
}

// Moves one field of a broken constraint so that its claim holds: a field on one side of the claim only, the
// candidates in an order the draw decides, each to the nearest admitted value that makes the claim hold (or, one time
// in two, another admitted value that does, so the fields spread over their range). `aligned` prefers a power of two
// (the alignment rules of these fields are powers of two: FIX nSize).
void repairOne(json& j, const LimitConstraint& k, const Resolved& r, const std::vector<std::uint64_t>& fields, bool aligned,
               std::uint64_t attempt) {
  static const FieldLimit kFree{};
  const Comparison& claim = k.expression.comparisons.back();
  std::uint64_t seed = attempt * 0x9E3779B97F4A7C15ull;
  for (const std::uint64_t v : fields) seed = mix(seed ^ v);
  std::vector<std::size_t> candidates;
  for (std::size_t f = 0; f < fields.size(); ++f) {
    if (mentions(k.expression, claim.left, f) != mentions(k.expression, claim.right, f)) candidates.push_back(f);
  }
  if (candidates.empty()) return;
  std::rotate(candidates.begin(), candidates.begin() + static_cast<std::ptrdiff_t>(seed % candidates.size()), candidates.end());
  for (const std::size_t f : candidates) {
    const FieldLimit* limit = r.limitOf(k.expression.fields[f]);
    const FieldLimit& domain = limit ? *limit : kFree;
    const std::uint64_t count = domain.count();
    const Interval holding = holdingInterval(k.expression, claim, f, fields, r.sizeofT, count,
                                             [&](std::uint64_t i) { return domain.at(i); });
    if (holding.empty()) continue;
    // nearest the drawn value, which lies past the interval: its top end when the claim holds for a prefix
    const bool prefix = claim.op != CompareOp::eq && mentions(k.expression, claim.left, f);
    const std::uint64_t index = prefix ? holding.end - 1 : holding.first;
    std::uint64_t chosen = domain.at(index);
    if (claim.op != CompareOp::eq && (seed >> 8) % 2 == 1) {  // another value that holds, nearer the range's middle
      chosen = domain.at(prefix ? mix(seed) % (index + 1) : index + mix(seed) % std::min(count - index, index + 1));
    }
    if (aligned) {
      const std::uint64_t power = prefix ? std::bit_floor(chosen) : std::bit_ceil(chosen);
      // the claim holds exactly for the admitted values between the interval's ends
      if (power != 0 && domain.admits(power) && power >= domain.at(holding.first) && power <= domain.at(holding.end - 1)) {
        chosen = power;
      }
    }
    writeField(j, pointerOf(k.expression.fields[f]), chosen);
    return;
  }
}

constexpr int kRepairRounds = 4;

// Each broken constraint repaired in turn, rounds until all hold (a repair can break an earlier constraint).
void repairConstraints(json& j, const Resolved& r, bool aligned, std::uint64_t attempt) {
  std::vector<std::uint64_t> fields, scratch;
  for (int round = 0; round < kRepairRounds; ++round) {
    bool broken = false;
    for (const LimitConstraint* k : r.constraints) {
      if (!readAll(j, *k, fields)) continue;
      if (evaluateConstraint(*k, r.sizeofT, fields, scratch).holds) continue;
      broken = true;
      repairOne(j, *k, r, fields, aligned, attempt + static_cast<std::uint64_t>(round));
    }
    if (!broken) return;
  }
}

}  // namespace

std::string Limits::violation(const oracle::Case& c) const {
  const auto resolved = oracle::resolveOperation(c);
  if (!resolved.operation) return "";
  const auto found = operations.find(*resolved.operation);
  if (found == operations.end()) return "";
  const Resolved r = resolve(found->second, c);
  const json j = casefile::toJsonWithoutBuffers(c);
  const std::string op(oracle::key(*resolved.operation));
  for (const FieldLimit& f : r.fields) {
    const auto value = readField(j, pointerOf(f.field));
    if (value && !f.admits(*value)) return op + ": " + f.field + " = " + std::to_string(*value) + " outside " + f.describe();
  }
  std::vector<std::uint64_t> fields, scratch;
  for (const LimitConstraint* k : r.constraints) {
    if (!readAll(j, *k, fields) || evaluateConstraint(*k, r.sizeofT, fields, scratch).holds) continue;
    return op + ": " + k->text + " broken (" + valuesText(*k, fields) + ")";
  }
  return "";
}

bool Limits::mapInside(oracle::Case& c) const {
  const auto resolved = oracle::resolveOperation(c);
  if (!resolved.operation) return false;
  const auto found = operations.find(*resolved.operation);
  if (found == operations.end()) return true;
  const Resolved r = resolve(found->second, c);
  json mappedFields = casefile::toJsonWithoutBuffers(c);
  for (const FieldLimit& f : r.fields) {
    const auto at = pointerOf(f.field);
    const auto value = readField(mappedFields, at);
    if (!value) continue;
    const auto mapped = f.map(*value);
    if (!mapped) return false;
    writeField(mappedFields, at, *mapped);
  }
  // The constraints are repaired; when that gives no valid call, again preferring powers of two, then in other orders.
  auto attempt = [&](std::uint64_t number) -> std::optional<oracle::Case> {
    json j = mappedFields;
    repairConstraints(j, r, number % 2 == 1, number);
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
  std::optional<oracle::Case> mapped = attempt(0);
  for (std::uint64_t number = 1; !mapped && !r.constraints.empty() && number < 4; ++number) mapped = attempt(number);
  if (!mapped) return false;
  c = std::move(*mapped);
  return true;
}

std::optional<FieldLimit> Limits::fieldLimit(const oracle::Case& c, const std::string& field) const {
  const OperationLimits* declared = declaredFor(*this, c);
  if (declared == nullptr) return std::nullopt;
  const Resolved r = resolve(*declared, c);
  if (const FieldLimit* f = r.limitOf(field)) return *f;
  return std::nullopt;
}

std::vector<ConstraintUse> Limits::uses(const oracle::Case& c) const {
  std::vector<ConstraintUse> out;
  const OperationLimits* declared = declaredFor(*this, c);
  if (declared == nullptr || declared->constraints.empty()) return out;
  const Resolved r = resolve(*declared, c);
  const json j = casefile::toJsonWithoutBuffers(c);
  std::vector<std::uint64_t> fields, scratch;
  for (const LimitConstraint* k : r.constraints) {
    ConstraintUse use{k};
    if (readAll(j, *k, fields)) {
      const Evaluation e = evaluateConstraint(*k, r.sizeofT, fields, scratch);
      use.active = e.active;
      use.tight = e.active && e.tight;
    }
    out.push_back(use);
  }
  return out;
}

std::optional<FieldRange> Limits::narrow(const oracle::Case& c, oracle::Operation operation, const FieldRange& range) const {
  const auto found = operations.find(operation);
  if (found == operations.end()) return range;
  const std::string_view name = range.name;
  const std::string_view member = name.substr(name.rfind('.') + 1);  // "DataCopyExtParams.srcStride" -> "srcStride"
  FieldRange out = range;
  const Resolved r = resolve(found->second, c);
  for (const FieldLimit& f : r.fields) {
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
  // A constraint that bounds the field given the case's other fields narrows it further: the gate then wants the
  // boundary the constraint leaves this case (a pitch's dstStride at its largest for the drawn blockLen).
  std::optional<json> j;
  std::vector<std::uint64_t> fields, scratch;
  for (const LimitConstraint* k : r.constraints) {
    const Comparison& claim = k->expression.comparisons.back();
    for (std::size_t f = 0; f < k->expression.fields.size(); ++f) {
      const std::string& field = k->expression.fields[f];
      if (field.substr(field.rfind('.') + 1) != member) continue;
      const bool left = mentions(k->expression, claim.left, f), right = mentions(k->expression, claim.right, f);
      if (left == right) continue;  // on both sides (or only in the condition): not monotone in it
      if (!j) j = casefile::toJsonWithoutBuffers(c);
      if (!readAll(*j, *k, fields)) break;
      const bool inCondition = std::any_of(k->expression.comparisons.begin(), k->expression.comparisons.end() - 1,
                                           [&](const Comparison& cond) { return mentions(k->expression, cond.left, f) || mentions(k->expression, cond.right, f); });
      if (inCondition || !evaluateConstraint(*k, r.sizeofT, fields, scratch).active) break;
      const std::uint64_t count = (out.reachMax - out.docMin) / out.step + 1;
      const Interval holding = holdingInterval(k->expression, claim, f, fields, r.sizeofT, count,
                                               [&](std::uint64_t i) { return out.docMin + i * out.step; });
      if (holding.empty()) return std::nullopt;
      const std::uint64_t lo = out.docMin + holding.first * out.step, hi = out.docMin + (holding.end - 1) * out.step;
      out.docMin = lo;
      out.docMax = std::clamp(out.docMax, lo, hi);
      out.reachMax = hi;
      break;
    }
  }
  return out;
}

std::vector<std::string> Limits::describe(std::span<const oracle::Product> products) const {
  std::vector<std::string> out;
  for (const auto& [operation, declared] : operations) {
    if (!products.empty() && std::none_of(products.begin(), products.end(), [&](oracle::Product p) { return hasCasesOn(operation, p); })) {
      continue;  // DN2NZ's limits said nothing to an Atlas A2 run
    }
    const std::string op(oracle::key(operation));
    for (const DeclaredField& f : declared.fields) {
      if (f.when.appliesOnAny(products)) out.push_back(op + ": " + f.describe());
    }
    for (const LimitConstraint& k : declared.constraints) {
      if (k.when.appliesOnAny(products)) out.push_back(op + ": " + k.describe());
    }
  }
  return out;
}

void Limits::add(const Limits& more) {
  sources.insert(sources.end(), more.sources.begin(), more.sources.end());
  for (const auto& [operation, declared] : more.operations) {
    OperationLimits& mine = operations[operation];
    mine.fields.insert(mine.fields.end(), declared.fields.begin(), declared.fields.end());
    mine.constraints.insert(mine.constraints.end(), declared.constraints.begin(), declared.constraints.end());
  }
}

// ---- reading dcconf.limits/1 and /2 ----------------------------------------------------------------------------------

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

// What one file may say: dcconf.limits/1 has fields with numbers and two-field relations only.
struct Reading {
  std::string label;
  oracle::Operation operation{};
  bool v2 = false;
  void needV2(const std::string& at, const json& value, const char* what) const {
    if (!v2) bad(label, at, value, std::string(what) + " needs \"format\": \"" + kLimitsFormat + "\"");
  }
  std::function<bool(const std::string&)> isField() const {
    const std::set<std::string>* known = &knownFields(operation);
    return [known](const std::string& name) { return known->count(name) != 0; };
  }
};

// A min, max or multipleOf: a number, or (dcconf.limits/2) a bound over sizeof(T) and C0.
void readBound(const Reading& in, const std::string& where, const json& value, std::uint64_t& constant,
               std::optional<LimitExpression>& expression, std::string& text) {
  if (!value.is_string()) {
    constant = number(in.label, where, value);
    return;
  }
  in.needV2(where, value, "an expression");
  LimitExpression e;
  const std::string why = parseLimitExpression(e, value.get<std::string>(), ExprForm::bound, in.isField());
  if (!why.empty()) bad(in.label, where, value, why);
  expression = std::move(e);
  text = value.get<std::string>();
}

DeclaredField readFieldLimit(const Reading& in, const std::string& at, const std::string& field, const json& spec,
                             const LimitScope& when) {
  if (knownFields(in.operation).count(field) == 0) {
    bad(in.label, at, json(field), "no integer field of " + std::string(oracle::key(in.operation)) +
                                       " cases (names as in the case file: params.blockCount, padParams.leftPadding)");
  }
  if (!spec.is_object()) bad(in.label, at, spec, "expected an object with min, max, multipleOf or values");
  DeclaredField d;
  d.when = when;
  FieldLimit& f = d.limit;
  f.field = field;
  for (const auto& [key, value] : spec.items()) {
    const std::string where = at + "." + key;
    if (key == "min") {
      readBound(in, where, value, f.min, d.min, d.minText);
    } else if (key == "max") {
      readBound(in, where, value, f.max, d.max, d.maxText);
    } else if (key == "multipleOf") {
      readBound(in, where, value, f.multipleOf, d.multipleOf, d.multipleText);
      for (const std::uint64_t size : kElementSizes) {
        if (d.multipleOf ? boundValue(*d.multipleOf, size) == 0 : f.multipleOf == 0) {
          bad(in.label, where, value, d.multipleOf ? "is 0 for sizeof(T) = " + std::to_string(size) : "must be at least 1");
        }
      }
    } else if (key == "values") {
      if (!value.is_array() || value.empty() || value.size() > kMaxLimitValues) {
        bad(in.label, where, value, "expected a non-empty array of at most " + std::to_string(kMaxLimitValues) + " numbers");
      }
      for (std::size_t k = 0; k < value.size(); ++k) f.values.push_back(number(in.label, where + "[" + std::to_string(k) + "]", value[k]));
      std::sort(f.values.begin(), f.values.end());
      f.values.erase(std::unique(f.values.begin(), f.values.end()), f.values.end());
    } else {
      bad(in.label, where, value, "unknown key (min, max, multipleOf, values)");
    }
  }
  if (f.min > f.max) bad(in.label, at + ".min", json(f.min), "above max " + std::to_string(f.max));
  bool admitsSome = false;  // for some element size: a dtype-dependent bound may leave other sizes nothing (not drawn)
  for (const std::uint64_t size : kElementSizes) {
    const FieldLimit resolved = d.resolved(size);
    admitsSome = admitsSome || (resolved.min <= resolved.max && resolved.map(resolved.min).has_value());
  }
  if (!admitsSome) bad(in.label, at, spec, "admits no value");
  return d;
}

template <typename Parse>
void eachEntry(const Reading& in, const std::string& at, const json& list, const char* expected, Parse parse) {
  if (!list.is_array() || list.size() > kMaxLimitEntries) {
    bad(in.label, at, list, std::string("expected an array of at most ") + std::to_string(kMaxLimitEntries) + " " + expected);
  }
  for (std::size_t k = 0; k < list.size(); ++k) parse(at + "[" + std::to_string(k) + "]", list[k]);
}

LimitScope readScope(const Reading& in, const std::string& at, const json& spec) {
  in.needV2(at, spec, "\"when\"");
  if (!spec.is_object()) bad(in.label, at, spec, "expected an object with products, paths or dtypes");
  LimitScope scope;
  for (const auto& [key, value] : spec.items()) {
    const std::string where = at + "." + key;
    auto text = [&](const std::string& w, const json& v) {
      if (!v.is_string()) bad(in.label, w, v, "expected a string");
      return v.get<std::string>();
    };
    if (key == "products") {
      eachEntry(in, where, value, "product names", [&](const std::string& w, const json& v) {
        const auto product = oracle::parseProduct(text(w, v));
        if (!product) bad(in.label, w, v, "not a product (dcconf list: atlas-a2, ascend950, ...)");
        if (!hasCasesOn(in.operation, *product)) bad(in.label, w, v, std::string(oracle::key(in.operation)) + " has no cases on it");
        scope.products.push_back(*product);
      });
    } else if (key == "paths") {
      eachEntry(in, where, value, "path globs", [&](const std::string& w, const json& v) {
        const std::string glob = text(w, v);
        const auto& paths = oracle::documentedPaths(in.operation);
        if (std::none_of(paths.begin(), paths.end(), [&](const oracle::PathPair& p) { return globMatch(glob, oracle::pathName(p.src, p.dst)); })) {
          bad(in.label, w, v, "matches no path of " + std::string(oracle::key(in.operation)) + " (\"GM->VECIN\", \"CO1->*\")");
        }
        scope.paths.push_back(glob);
      });
    } else if (key == "dtypes") {
      eachEntry(in, where, value, "dtype names", [&](const std::string& w, const json& v) {
        const auto dtype = oracle::parseDType(text(w, v));
        if (!dtype) bad(in.label, w, v, "not a dtype (half, float, int8_t, ...)");
        scope.dtypes.push_back(*dtype);
      });
    } else {
      bad(in.label, where, value, "unknown key (products, paths, dtypes)");
    }
  }
  return scope;
}

LimitConstraint readConstraint(const Reading& in, const std::string& at, const json& spec, const LimitScope& when) {
  LimitConstraint k;
  k.when = when;
  auto part = [&](const std::string& where, const json& text, ExprForm form) {
    if (!text.is_string()) bad(in.label, where, text, "expected a comparison as a string");
    const std::string why = parseLimitExpression(k.expression, text.get<std::string>(), form, in.isField());
    if (!why.empty()) bad(in.label, where, text, why);
  };
  if (spec.is_object()) {
    for (const auto& [key, value] : spec.items()) {
      if (key != "if" && key != "then") bad(in.label, at + "." + key, value, "unknown key (if, then)");
    }
    if (!spec.contains("if") || !spec.contains("then")) bad(in.label, at, spec, "expected {\"if\": condition, \"then\": comparison}");
    part(at + ".if", spec.at("if"), ExprForm::condition);
    k.conditions = k.expression.comparisons.size();
    part(at + ".then", spec.at("then"), ExprForm::claim);
    k.text = spec.at("then").get<std::string>() + " if " + spec.at("if").get<std::string>();
  } else {
    part(at, spec, ExprForm::claim);
    k.text = spec.get<std::string>();
  }
  return k;
}

// One block: fields, relations and (dcconf.limits/2) constraints, all under the block's "when".
void readBlock(const Reading& in, const std::string& at, const json& spec, OperationLimits& out) {
  if (!spec.is_object()) bad(in.label, at, spec, "expected an object with fields, relations, constraints or when");
  const LimitScope when = spec.contains("when") ? readScope(in, at + ".when", spec.at("when")) : LimitScope{};
  const std::string opKey(oracle::key(in.operation));
  for (const auto& [key, value] : spec.items()) {
    if (key == "when") continue;
    if (key == "fields") {
      if (!value.is_object()) bad(in.label, at + ".fields", value, "expected an object keyed by field");
      for (const auto& [field, fieldSpec] : value.items()) {
        out.fields.push_back(readFieldLimit(in, at + ".fields." + field, field, fieldSpec, when));
      }
    } else if (key == "relations") {
      eachEntry(in, at + ".relations", value, "relations", [&](const std::string& where, const json& r) {
        if (!r.is_array() || r.size() != 3 || !r[0].is_string() || !r[1].is_string() || !r[2].is_string()) {
          bad(in.label, where, r, "expected [\"field\", \"<=\" or \"==\", \"field\"]");
        }
        const std::string op = r[1].get<std::string>();
        if (op != "<=" && op != "==") bad(in.label, where + "[1]", r[1], "expected \"<=\" or \"==\"");
        for (const json& side : {r[0], r[2]}) {
          if (knownFields(in.operation).count(side.get<std::string>()) == 0) bad(in.label, where, side, "no integer field of " + opKey + " cases");
        }
        out.constraints.push_back(readConstraint(in, where, json(r[0].get<std::string>() + " " + op + " " + r[2].get<std::string>()), when));
      });
    } else if (key == "constraints") {
      in.needV2(at + ".constraints", value, "\"constraints\"");
      eachEntry(in, at + ".constraints", value, "constraints", [&](const std::string& where, const json& k) {
        out.constraints.push_back(readConstraint(in, where, k, when));
      });
    } else {
      bad(in.label, at + "." + key, value, "unknown key (fields, relations, constraints, when)");
    }
  }
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
    if (format != kLimitsFormat && format != kLimitsFormatV1) {
      bad(label, "format", root.contains("format") ? format : json(nullptr),
          std::string("expected \"") + kLimitsFormat + "\" (or \"" + kLimitsFormatV1 + "\")");
    }
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
      const Reading in{label, *operation, format == kLimitsFormat};
      OperationLimits& declared = limits.operations[*operation];
      if (spec.is_array()) {  // several blocks, each with its own "when"
        in.needV2(at, spec, "a list of blocks");
        eachEntry(in, at, spec, "blocks", [&](const std::string& where, const json& block) { readBlock(in, where, block, declared); });
      } else {
        readBlock(in, at, spec, declared);
      }
      if (declared.fields.empty() && declared.constraints.empty()) limits.operations.erase(*operation);  // limits nothing
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
