// Declared limits (docs/limits.md): the part of each operation's parameter space a backend can express, as per-field
// ranges, multiples and value sets (bounds may depend on sizeof(T) and C0), constraints over expressions of fields,
// conditional ones, and scopes by product, path and dtype (dcconf.limits/2; dcconf.limits/1 is read too). The
// generators map every draw inside them by construction (Limits::mapInside, called by the generators' last step), so
// shrinking stays inside too; a draw no mapping fits is not drawn (LimitsExclude), never a pass or a failure.
#pragma once

#include <cstdint>
#include <exception>
#include <filesystem>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dcconf/oracle/oracle.hpp"
#include "dcconf/properties/coverage.hpp"
#include "dcconf/properties/limit_expr.hpp"

namespace dcconf::properties {

inline constexpr const char* kLimitsFormat = "dcconf.limits/2";
inline constexpr const char* kLimitsFormatV1 = "dcconf.limits/1";  // fields and two-field relations only; still read
// A limits text longer than this is refused (a plugin's or an exec hello's bytes decide no allocation).
inline constexpr std::size_t kMaxLimitsBytes = 1 << 20;
inline constexpr std::size_t kMaxLimitValues = 4096;  // entries of one "values" set
inline constexpr std::size_t kMaxLimitEntries = 256;  // blocks of an operation, constraints of a block, scope entries

// One field, named as the case file names it ("params.blockCount", "padParams.leftPadding", "fixpipe.ndNum").
struct FieldLimit {
  std::string field;
  std::uint64_t min = 0;
  std::uint64_t max = ~std::uint64_t{0};
  std::uint64_t multipleOf = 1;
  std::vector<std::uint64_t> values;  // sorted, unique; empty: no set declared
  bool admits(std::uint64_t value) const;
  // value itself when admitted; else an admitted value chosen from it (a deterministic fold, so equal draws give
  // equal cases and smaller draws tend to smaller values); nullopt when the field admits nothing.
  std::optional<std::uint64_t> map(std::uint64_t value) const;
  // The admitted values in increasing order, by index (count saturates at 2^64 - 1): a constraint's repair searches them.
  std::uint64_t count() const;
  std::uint64_t at(std::uint64_t index) const;
  // Narrowed to the values both admit.
  void intersect(const FieldLimit& more);
  std::string describe() const;  // "params.blockCount in [1, 8]", "padParams.leftPadding in {0}"
};

// Where a declaration applies (dcconf.limits/2 "when"): each list empty means every product, path or dtype.
struct LimitScope {
  std::vector<oracle::Product> products;
  std::vector<std::string> paths;  // shell globs over "GM->VECIN", "CO1->*"
  std::vector<oracle::DType> dtypes;
  bool applies(const oracle::Case& c) const;
  bool appliesOnAny(std::span<const oracle::Product> products) const;
  std::string describe() const;  // "" or " [atlas-a2; GM->*; half, float]"
};

// A field's declaration: its constant parts in `limit`, a min, max or multipleOf that depends on the dtype as a bound
// expression over sizeof(T) and C0, resolved per case (T: the case's dtype, for FIX the destination's).
struct DeclaredField {
  FieldLimit limit;
  LimitScope when;
  std::optional<LimitExpression> min, max, multipleOf;
  std::string minText, maxText, multipleText;
  FieldLimit resolved(std::uint64_t sizeofT) const;
  std::string describe() const;
};

// A comparison over the operation's fields that must hold, optionally only where a condition holds ("if"). The
// dcconf.limits/1 relations [a, "<=", b] are read as the constraint "a <= b".
struct LimitConstraint {
  LimitScope when;
  LimitExpression expression;  // comparisons: the condition's, then the claim
  std::size_t conditions = 0;
  std::string text;  // "fixpipe.dstStride == params.mSize * C0 * sizeof(T) / 32 if params.nz2ndEn == 0"
  std::string describe() const { return text + when.describe(); }
};

struct OperationLimits {
  std::vector<DeclaredField> fields;
  std::vector<LimitConstraint> constraints;
};

// How one drawn case met one constraint: whether it applied (its scope and condition held) and whether its claim was
// at its boundary (both sides equal; for "<" one apart), for the report's coverage of the declared space.
struct ConstraintUse {
  const LimitConstraint* constraint = nullptr;
  bool active = false;
  bool tight = false;
};

struct Limits {
  std::vector<std::string> sources;  // where they were declared: the file, "plugin", "exec hello"
  std::map<oracle::Operation, OperationLimits> operations;

  bool empty() const { return operations.empty(); }
  bool limits(oracle::Operation operation) const { return operations.count(operation) != 0; }
  // "" when c (of a limited operation or not) lies inside; else the first declaration it breaks, with c's values.
  std::string violation(const oracle::Case& c) const;
  bool admits(const oracle::Case& c) const { return violation(c).empty(); }
  // Maps c inside: every declared field onto an admitted value (FieldLimit::map), then each broken constraint by
  // moving one field it names to the nearest value of that field that makes it hold (a binary search: every
  // expression is nondecreasing in each field), rounds until all hold. False when the result is still outside or is
  // no longer a valid call (the draw is then not made). Fields a case does not have (rsv of DataCopyParams) are free.
  bool mapInside(oracle::Case& c) const;
  // The declared limit of one field for c's product, path and dtype: every declaration that applies, intersected.
  std::optional<FieldLimit> fieldLimit(const oracle::Case& c, const std::string& field) const;
  // The constraints that apply to c's product, path and dtype, with whether each was active and tight.
  std::vector<ConstraintUse> uses(const oracle::Case& c) const;
  // The coverage gate's range for a field of c (a case of a limited operation): the documented range narrowed to the
  // one declared for c's product, path and dtype (nullopt: the limits leave the field no value, the gate demands
  // nothing of it).
  std::optional<FieldRange> narrow(const oracle::Case& c, oracle::Operation operation, const FieldRange& range) const;
  // One line per declaration ("nd2nz: params.dstNzNStride in {1}"); given products, only the declarations that can
  // apply on one of them (an operation with no cases there, or a scope naming other products, is left out).
  std::vector<std::string> describe(std::span<const oracle::Product> products = {}) const;
  // Both apply: each declaration of both, a field's intersected where a case meets several.
  void add(const Limits& more);
};

// Thrown by a generator whose draw no mapping fits inside the limits: the caller does not draw that case.
struct LimitsExclude : std::exception {
  const char* what() const noexcept override { return "the declared limits leave this draw no valid case"; }
};

struct LimitsLoad {
  std::optional<Limits> limits;
  std::string error;  // one line: "limits.json: operations.nd2nz.fields.params.dstNzNStride.min = -1: ..."
};
// label names the source in errors and in Limits::sources.
LimitsLoad parseLimits(const std::string& text, const std::string& label);
LimitsLoad loadLimitsFile(const std::filesystem::path& path);

}  // namespace dcconf::properties
