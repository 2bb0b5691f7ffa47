// The validity query: oracle::checkSupport and oracle::validate in the order evaluate() applies them.
#include "dcconf/backends/validity.hpp"

namespace dcconf::backends {

Validity judgeValidity(const oracle::Case& c) {
  const auto describe = [](Validity::Kind kind, const oracle::Violation& v) {
    return Validity{kind, v.clause, v.field + " = " + v.value + ": " + v.message};
  };
  const auto resolution = oracle::resolveOperation(c);
  if (!resolution.operation) return {Validity::Kind::malformed, "CASE", resolution.error};
  if (const auto unsupported = oracle::checkSupport(c, *resolution.operation); !unsupported.empty()) {
    return describe(Validity::Kind::notSupported, unsupported.front());
  }
  if (const auto broken = oracle::validate(c); !broken.empty()) return describe(Validity::Kind::invalid, broken.front());
  return {};
}

std::string_view name(Validity::Kind kind) {
  switch (kind) {
    case Validity::Kind::valid: return "valid";
    case Validity::Kind::invalid: return "invalid";
    case Validity::Kind::notSupported: return "not-supported";
    case Validity::Kind::malformed: return "malformed";
  }
  return "malformed";
}

}  // namespace dcconf::backends
