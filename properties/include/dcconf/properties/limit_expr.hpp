// Expressions of declared limits (dcconf.limits/2, docs/limits.md): sums and products of a case's integer fields,
// whole numbers, sizeof(T) and C0 = 32/sizeof(T), with alignUp, ceilDiv, min, max and division by a constant. There is
// no subtraction and no division by a field, so every expression is nondecreasing in each field: a broken comparison is
// repaired by a binary search over the values of one field (Limits::mapInside).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dcconf::properties {

inline constexpr std::size_t kMaxExpressionChars = 512;
inline constexpr int kMaxExpressionDepth = 16;  // nested parentheses and calls: the parser's recursion is bounded
// The element sizes sizeof(T) takes: a divisor, an alignment or a multipleOf is checked non-zero for each.
inline constexpr std::uint64_t kElementSizes[] = {1, 2, 4, 8};

enum class CompareOp : std::uint8_t { le, lt, eq, ne };  // ">=" and ">" are read with the sides swapped

struct ExprNode {
  enum class Kind : std::uint8_t { number, field, sizeofT, c0, add, mul, div, alignUp, ceilDiv, min, max };
  Kind kind = Kind::number;
  std::uint64_t value = 0;     // a number, or the index of a field in LimitExpression::fields
  std::uint32_t a = 0, b = 0;  // operands: indices of earlier nodes
};

struct Comparison {
  std::uint32_t left = 0, right = 0;  // root nodes of the two sides
  CompareOp op = CompareOp::le;
};

// Parsed texts sharing one node list and one field list: a bound (one expression, no fields), or comparisons joined by
// "&&" (a constraint's condition, then its claim). Nodes are in post-order, so one pass evaluates them all.
struct LimitExpression {
  std::vector<ExprNode> nodes;
  std::vector<std::string> fields;
  std::vector<Comparison> comparisons;
  std::uint32_t root = 0;  // a bound's value
};

enum class ExprForm : std::uint8_t {
  bound,      // an expression over numbers, sizeof(T) and C0 (a field's min, max or multipleOf)
  claim,      // one comparison over fields
  condition,  // comparisons joined by &&, "!=" allowed
};

// Appends the parse of text to into; "" on success, else why (with the column), for the caller's one-line error.
// isField says whether a dotted name is an integer field of the operation.
std::string parseLimitExpression(LimitExpression& into, std::string_view text, ExprForm form,
                                 const std::function<bool(const std::string&)>& isField);

// Every node's value for a case with this sizeof(T) and these field values (by LimitExpression::fields index);
// arithmetic saturates at 2^64 - 1, so an overflow can only break a "<=", never wrap into a small value.
void evaluate(const LimitExpression& e, std::uint64_t sizeofT, std::span<const std::uint64_t> fieldValues,
              std::vector<std::uint64_t>& values);
bool holds(const Comparison& comparison, const std::vector<std::uint64_t>& values);
// The value of a bound for a dtype of this size (a bound names no field).
std::uint64_t boundValue(const LimitExpression& bound, std::uint64_t sizeofT);
// Whether node `node` depends on field `field`.
bool mentions(const LimitExpression& e, std::uint32_t node, std::size_t field);

}  // namespace dcconf::properties
