// The C++ case model <-> the plugin ABI's dcconf_case (runners/plugin/include/dcconf_backend.h), field for field.
#pragma once

#include <optional>
#include <string>

#include "dcconf/oracle/case.hpp"
#include "dcconf_backend.h"

namespace dcconf::plugin {

// Fills every field, including struct_size and the resolved operation (DCCONF_OP_NONE for a malformed case).
dcconf_case toAbi(const oracle::Case& c);

struct FromAbi {
  std::optional<oracle::Case> value;
  std::string error;  // one line naming the field whose value is out of range, when value is empty
};
// The inverse of toAbi; the operation field is derived, so it is not read back.
FromAbi fromAbi(const dcconf_case& c);

}  // namespace dcconf::plugin
