// The validity query: the oracle's judgement of a case a backend holds, for the plugin host's
// check_case and the exec protocol's validate message. REJECTED is for invalid calls only; a valid call a backend
// cannot express is NOT_SUPPORTED (or outside its declared limits): docs/plugin-abi.md, docs/exec-protocol.md.
#pragma once

#include <string>
#include <string_view>

#include "dcconf/oracle/oracle.hpp"

namespace dcconf::backends {

struct Validity {
  enum class Kind : int { valid = 0, invalid = 1, notSupported = 2, malformed = 3 };  // = enum dcconf_check
  Kind kind = Kind::valid;
  std::string clause;  // the first broken clause ("PAD-G2U-1"); empty when valid
  std::string detail;  // one line: "params.blockCount = 0: ..."; empty when valid
};

// Malformed (no documented call), not supported by the product (PROD), invalid (G-4, then G-1/G-2/G-5 bounds against
// the case's buffer sizes), or valid. Never throws on bad values.
Validity judgeValidity(const oracle::Case& c);
std::string_view name(Validity::Kind kind);  // "valid", "invalid", "not-supported", "malformed"

}  // namespace dcconf::backends
