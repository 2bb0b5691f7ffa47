// Declared limits (issue 26 item 1, docs/limits.md): the part of each operation's parameter space a backend can
// express, as per-field ranges, multiples and value sets and relations between two fields (dcconf.limits/1). The
// generators map every draw inside them by construction (Limits::mapInside, called by the generators' last step), so
// shrinking stays inside too; a draw no mapping fits is not drawn (LimitsExclude), never a pass or a failure.
#pragma once

#include <cstdint>
#include <exception>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "dcconf/oracle/oracle.hpp"
#include "dcconf/properties/coverage.hpp"

namespace dcconf::properties {

inline constexpr const char* kLimitsFormat = "dcconf.limits/1";
// A limits text longer than this is refused (a plugin's or an exec hello's bytes decide no allocation).
inline constexpr std::size_t kMaxLimitsBytes = 1 << 20;
inline constexpr std::size_t kMaxLimitValues = 4096;  // entries of one "values" set

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
  std::optional<std::uint64_t> largestAtMost(std::uint64_t value) const;
  std::optional<std::uint64_t> smallestAtLeast(std::uint64_t value) const;
  std::string describe() const;  // "params.blockCount in [1, 8]", "padParams.leftPadding in {0}"
};

enum class RelationOp : std::uint8_t { lessOrEqual, equal };

struct FieldRelation {
  std::string left;
  RelationOp op = RelationOp::lessOrEqual;
  std::string right;
  std::string describe() const;  // "params.nValue <= params.dstNzC0Stride"
};

struct OperationLimits {
  std::vector<FieldLimit> fields;
  std::vector<FieldRelation> relations;
};

struct Limits {
  std::vector<std::string> sources;  // where they were declared: the file, "plugin", "exec hello"
  std::map<oracle::Operation, OperationLimits> operations;

  bool empty() const { return operations.empty(); }
  bool limits(oracle::Operation operation) const { return operations.count(operation) != 0; }
  // "" when c (of a limited operation or not) lies inside; else the first declaration it breaks, with c's value.
  std::string violation(const oracle::Case& c) const;
  bool admits(const oracle::Case& c) const { return violation(c).empty(); }
  // Maps c inside: every declared field onto an admitted value (FieldLimit::map), then each relation by moving its
  // left field (or, when no admitted value fits, its right one). False when the result is still outside or is no
  // longer a valid call (the draw is then not made). Fields a case does not have (rsv of DataCopyParams) are free.
  bool mapInside(oracle::Case& c) const;
  // The coverage gate's range for a field of a limited operation: the documented range narrowed to the declared one
  // (nullopt: the limits leave the field no value, the gate demands nothing of it).
  std::optional<FieldRange> narrow(oracle::Operation operation, const FieldRange& range) const;
  std::vector<std::string> describe() const;  // one line per declaration: "nd2nz: params.dstNzNStride in {1}"
  // Both apply: per field the intersection, relations of both.
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
