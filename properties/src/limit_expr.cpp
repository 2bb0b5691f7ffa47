// Reading and evaluating the expressions of declared limits (limit_expr.hpp, docs/limits.md).
#include "dcconf/properties/limit_expr.hpp"

#include <algorithm>
#include <cctype>

#include "dcconf/oracle/types.hpp"

namespace dcconf::properties {

namespace {

using Kind = ExprNode::Kind;

struct ParseError {
  std::string why;
};

std::uint64_t apply(Kind kind, std::uint64_t a, std::uint64_t b) {
  switch (kind) {
    case Kind::add: return oracle::satAdd(a, b);
    case Kind::mul: return oracle::satMul(a, b);
    case Kind::div: return a / b;
    case Kind::alignUp: return a > ~std::uint64_t{0} - (b - 1) ? ~std::uint64_t{0} : oracle::alignUp(a, b);
    case Kind::ceilDiv: return a / b + (a % b != 0);
    case Kind::min: return std::min(a, b);
    case Kind::max: return std::max(a, b);
    default: return 0;
  }
}

class Parser {
 public:
  Parser(LimitExpression& e, std::string_view text, ExprForm form, const std::function<bool(const std::string&)>& isField)
      : e_(e), text_(text), form_(form), isField_(isField) {
    for (const ExprNode& n : e_.nodes) constant_.push_back(n.kind != Kind::field && (n.kind < Kind::add || (constant_[n.a] && constant_[n.b])));
  }

  void parse() {
    if (text_.size() > kMaxExpressionChars) throw ParseError{"longer than " + std::to_string(kMaxExpressionChars) + " characters"};
    if (form_ == ExprForm::bound) {
      e_.root = expression();
    } else {
      comparison();
      while (form_ == ExprForm::condition && eat("&&")) comparison();
    }
    space();
    if (at_ < text_.size()) fail(form_ == ExprForm::bound ? "unexpected text after the expression" : "unexpected text after the comparison");
  }

 private:
  [[noreturn]] void fail(const std::string& why) const {
    throw ParseError{why + " (column " + std::to_string(at_ + 1) + ")"};
  }
  void space() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }
  bool eat(std::string_view token) {
    space();
    if (text_.substr(at_, token.size()) != token) return false;
    at_ += token.size();
    return true;
  }
  void expect(std::string_view token) {
    if (!eat(token)) fail("expected '" + std::string(token) + "'");
  }
  std::uint32_t push(ExprNode node) {
    const bool constant = node.kind != Kind::field && (node.kind < Kind::add || (constant_[node.a] && constant_[node.b]));
    e_.nodes.push_back(node);
    constant_.push_back(constant);
    return static_cast<std::uint32_t>(e_.nodes.size() - 1);
  }
  // A divisor or alignment: no field (the expression stays nondecreasing in each field) and never 0.
  void requireConstantDivisor(std::uint32_t node, const char* what) {
    if (!constant_[node]) fail(std::string(what) + " may use numbers, sizeof(T) and C0 only, never a field");
    for (const std::uint64_t size : kElementSizes) {
      std::vector<std::uint64_t> values;
      evaluate(e_, size, {}, values);
      if (values[node] == 0) fail(std::string(what) + " is 0 for sizeof(T) = " + std::to_string(size));
    }
  }

  void comparison() {
    const std::uint32_t left = expression();
    Comparison c;
    bool swapped = false;
    if (eat("<=")) {
      c.op = CompareOp::le;
    } else if (eat(">=")) {
      c.op = CompareOp::le, swapped = true;
    } else if (eat("==")) {
      c.op = CompareOp::eq;
    } else if (eat("!=")) {
      if (form_ != ExprForm::condition) fail("'!=' only in a condition (\"if\")");
      c.op = CompareOp::ne;
    } else if (eat("<")) {
      c.op = CompareOp::lt;
    } else if (eat(">")) {
      c.op = CompareOp::lt, swapped = true;
    } else {
      fail("expected a comparison: <=, <, >=, >, ==" + std::string(form_ == ExprForm::condition ? " or !=" : ""));
    }
    const std::uint32_t right = expression();
    c.left = swapped ? right : left;
    c.right = swapped ? left : right;
    if (constant_[c.left] && constant_[c.right]) fail("compares no field");
    e_.comparisons.push_back(c);
  }

  std::uint32_t expression() {
    std::uint32_t sum = term();
    for (;;) {
      if (eat("+")) {
        sum = push({Kind::add, 0, sum, term()});
      } else if (space(), at_ < text_.size() && text_[at_] == '-') {
        fail("no subtraction: move the term to the other side");
      } else {
        return sum;
      }
    }
  }

  std::uint32_t term() {
    std::uint32_t product = factor();
    for (;;) {
      if (eat("*")) {
        product = push({Kind::mul, 0, product, factor()});
      } else if (eat("/")) {
        const std::uint32_t divisor = factor();
        requireConstantDivisor(divisor, "a divisor");
        product = push({Kind::div, 0, product, divisor});
      } else {
        return product;
      }
    }
  }

  std::uint32_t factor() {
    if (++depth_ > kMaxExpressionDepth) fail("nested deeper than " + std::to_string(kMaxExpressionDepth));
    const std::uint32_t node = primary();
    --depth_;
    return node;
  }

  std::uint32_t primary() {
    space();
    if (at_ >= text_.size()) fail("expected a number, a field, sizeof(T), C0 or a call");
    if (eat("(")) {
      const std::uint32_t inner = expression();
      expect(")");
      return inner;
    }
    if (std::isdigit(static_cast<unsigned char>(text_[at_]))) return number();
    std::size_t end = at_;
    while (end < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[end])) || text_[end] == '_' || text_[end] == '.')) ++end;
    if (end == at_) fail("expected a number, a field, sizeof(T), C0 or a call");
    const std::string name(text_.substr(at_, end - at_));
    at_ = end;
    if (name == "sizeof") {
      expect("(");
      expect("T");
      expect(")");
      return push({Kind::sizeofT});
    }
    if (name == "C0") return push({Kind::c0});
    static const std::pair<const char*, Kind> kCalls[] = {
        {"alignUp", Kind::alignUp}, {"ceilDiv", Kind::ceilDiv}, {"min", Kind::min}, {"max", Kind::max}};
    for (const auto& [call, kind] : kCalls) {
      if (name != call) continue;
      expect("(");
      const std::uint32_t a = expression();
      expect(",");
      const std::uint32_t b = expression();
      expect(")");
      if (kind == Kind::alignUp || kind == Kind::ceilDiv) requireConstantDivisor(b, kind == Kind::alignUp ? "an alignment" : "a divisor");
      return push({kind, 0, a, b});
    }
    if (form_ == ExprForm::bound) {
      at_ -= name.size();
      fail("a bound may use numbers, sizeof(T) and C0 only ('" + name + "'); relate fields in \"constraints\"");
    }
    if (!isField_(name)) {
      at_ -= name.size();
      fail("'" + name + "' is no integer field of the operation's cases (nor sizeof(T), C0, alignUp, ceilDiv, min, max)");
    }
    const auto known = std::find(e_.fields.begin(), e_.fields.end(), name);
    const std::size_t index = static_cast<std::size_t>(known - e_.fields.begin());
    if (known == e_.fields.end()) e_.fields.push_back(name);
    return push({Kind::field, index});
  }

  std::uint32_t number() {
    std::uint64_t value = 0;
    const bool hex = text_.substr(at_, 2) == "0x" || text_.substr(at_, 2) == "0X";
    if (hex) at_ += 2;
    const std::size_t start = at_;
    while (at_ < text_.size() && std::isxdigit(static_cast<unsigned char>(text_[at_]))) {
      const char ch = text_[at_];
      if (!hex && !std::isdigit(static_cast<unsigned char>(ch))) break;
      const std::uint64_t digit = std::isdigit(static_cast<unsigned char>(ch)) ? static_cast<std::uint64_t>(ch - '0')
                                                                                : static_cast<std::uint64_t>(std::tolower(ch) - 'a' + 10);
      if (__builtin_mul_overflow(value, hex ? 16 : 10, &value) || __builtin_add_overflow(value, digit, &value)) {
        fail("a number above 2^64 - 1");
      }
      ++at_;
    }
    if (at_ == start) fail("expected hex digits");
    return push({Kind::number, value});
  }

  LimitExpression& e_;
  std::string_view text_;
  ExprForm form_;
  const std::function<bool(const std::string&)>& isField_;
  std::vector<bool> constant_;  // per node: names no field
  std::size_t at_ = 0;
  int depth_ = 0;
};

}  // namespace

std::string parseLimitExpression(LimitExpression& into, std::string_view text, ExprForm form,
                                 const std::function<bool(const std::string&)>& isField) {
  LimitExpression parsed = into;  // into is left as it was on an error
  try {
    Parser(parsed, text, form, isField).parse();
  } catch (const ParseError& error) {
    return error.why;
  }
  into = std::move(parsed);
  return "";
}

void evaluate(const LimitExpression& e, std::uint64_t sizeofT, std::span<const std::uint64_t> fieldValues,
              std::vector<std::uint64_t>& values) {
  values.resize(e.nodes.size());
  for (std::size_t k = 0; k < e.nodes.size(); ++k) {
    const ExprNode& n = e.nodes[k];
    switch (n.kind) {
      case Kind::number: values[k] = n.value; break;
      case Kind::field: values[k] = n.value < fieldValues.size() ? fieldValues[n.value] : 0; break;
      case Kind::sizeofT: values[k] = sizeofT; break;
      case Kind::c0: values[k] = oracle::kDataBlockBytes / sizeofT; break;
      default: values[k] = apply(n.kind, values[n.a], values[n.b]); break;
    }
  }
}

bool holds(const Comparison& comparison, const std::vector<std::uint64_t>& values) {
  const std::uint64_t a = values[comparison.left], b = values[comparison.right];
  switch (comparison.op) {
    case CompareOp::le: return a <= b;
    case CompareOp::lt: return a < b;
    case CompareOp::eq: return a == b;
    case CompareOp::ne: return a != b;
  }
  return false;
}

std::uint64_t boundValue(const LimitExpression& bound, std::uint64_t sizeofT) {
  std::vector<std::uint64_t> values;
  evaluate(bound, sizeofT, {}, values);
  return values.at(bound.root);
}

bool mentions(const LimitExpression& e, std::uint32_t node, std::size_t field) {
  std::vector<std::uint32_t> pending{node};  // explicit stack: the nodes are a tree of bounded size
  while (!pending.empty()) {
    const ExprNode& n = e.nodes[pending.back()];
    pending.pop_back();
    if (n.kind == Kind::field && n.value == field) return true;
    if (n.kind >= Kind::add) {
      pending.push_back(n.a);
      pending.push_back(n.b);
    }
  }
  return false;
}

}  // namespace dcconf::properties
