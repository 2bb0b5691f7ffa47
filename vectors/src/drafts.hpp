// Inside the exporter: a vector before it has a tcId and files.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "dcconf/casefile/casefile.hpp"
#include "dcconf/vectors/export.hpp"

namespace dcconf::vectors::detail {

struct Draft {
  casefile::CaseData data;
  std::string comment;
  std::vector<std::string> flags;  // chosen flags; the exporter adds those it can see in the parameters
  bool invalid = false;
  std::string clause;  // invalid: the clause the oracle must name
  std::string field;
  std::optional<oracle::Case> validBase;  // invalid: the case before the break (bounds what an IUT may write)
};

// The curated edge cases for the product/profile/filters (valid and invalid), in a fixed order.
std::vector<Draft> curatedDrafts(const ExportOptions& options);

}  // namespace dcconf::vectors::detail
