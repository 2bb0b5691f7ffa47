// Edits of a case's block or pad parameters whatever struct holds them: shared by the mutant catalogue and the
// property tests' deliberately wrong backends.
#pragma once

#include <variant>

#include "dcconf/oracle/case.hpp"

namespace dcconf::mutants {

// Calls edit on the DataCopyParams or DataCopyExtParams the case holds, if any.
template <typename Edit>
void editBlocks(oracle::Case& c, Edit edit) {
  std::visit([&](auto& p) {
    if constexpr (requires { p.blockLen; p.srcStride; }) edit(p);
  }, c.params);
}

// Calls edit on the DataCopyPadParams or DataCopyPadExtParams the case holds, if any.
template <typename Edit>
void editPad(oracle::Case& c, Edit edit) {
  std::visit([&](auto& p) {
    if constexpr (requires { p.isPad; }) edit(p);
  }, c.padParams);
}

}  // namespace dcconf::mutants
