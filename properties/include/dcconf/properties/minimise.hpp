// Field-wise minimisation of a failing case: after RapidCheck's shrink, each integer field of the case's
// parameter structs is binary-searched down to the smallest value that still fails, so a counterexample is minimal
// in every field (a model failing for blockLen > 40 ends at blockLen 41, not wherever the shrink tree stopped).
#pragma once

#include <cstdint>
#include <functional>

#include "dcconf/casefile/casefile.hpp"

namespace dcconf::properties {

struct Minimised {
  casefile::CaseData data;
  std::uint32_t steps = 0;  // fields lowered
  std::uint32_t tries = 0;  // calls of `fails`
};

// `fails` is asked only about cases the oracle computes (valid, supported by the product); a candidate it refuses
// counts as passing. Every integer member of the top-level objects other than src/dst (params, padParams, fixpipe,
// ... and objects nested in them) is searched in [0, value]; passes repeat until nothing lowers, within maxTries.
// The search assumes failure is monotone in each field; where it is not, the result still fails and is no larger.
Minimised minimiseIntegerFields(const casefile::CaseData& failing,
                                const std::function<bool(const casefile::CaseData&)>& fails,
                                std::uint32_t maxTries = 2000);

}  // namespace dcconf::properties
