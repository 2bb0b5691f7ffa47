// Inside the run engine: the plan (which units run) and the unit runner, shared by run.cpp and the tests.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "dcconf/backends/backend.hpp"
#include "dcconf/casefile/casefile.hpp"
#include "dcconf/properties/invariants.hpp"
#include "dcconf/report/report.hpp"
#include "dcconf/run/run.hpp"

namespace dcconf::run {

enum class PropertyKind : std::uint8_t { onCase, onInvalid, onRoundTrip, onSparse };  // onSparse: the sparse lane (G-1)

struct PropertyDef {
  std::string name;     // "G-1 conformance"
  std::string clauses;  // what a failure of it breaks, when the diff cannot say better
  PropertyKind kind;
  bool (*appliesTo)(oracle::Operation);
  properties::Outcome (*onCase)(backends::Backend&, const casefile::CaseData&);  // kind onCase only
  // Added after its operations' units existed: its units are planned after every other unit (the apart ones too), so
  // no older unit's index, and the seed it gives, moves; a later addition takes a higher rank (1, 2, ...).
  int plannedLast = 0;
  // Only for the paths drawn apart (properties::drawnApart): its units exist in the run's apart pass only.
  bool apartOnly = false;
};
const std::vector<PropertyDef>& propertyCatalogue();

// One RapidCheck property over one operation and one dtype.
struct Unit {
  oracle::Operation operation;
  std::string group;  // the report's row: operation name
  oracle::DType dtype;
  const PropertyDef* property;
  std::string id;         // stable: "padGmToUb/half/G-1-conformance" (operation key / dtype / property slug)
  std::string pathGlob;   // the generator's path filter ("*" when --path named the operation itself)
  oracle::Product product = oracle::kDefaultProduct;
  bool apartOnly = false;  // DC-5: a unit of the UB->L1 paths only (properties::Scope::apartOnly)
};

// The run's products: those of --product a,b, or the one product.
std::vector<oracle::Product> runProducts(const RunOptions& options);

// "atlas-a2" or, for a run over several products, "atlas-a2,atlas-training": the report's meta.product.
std::string productsName(const RunOptions& options);

// "G-1 conformance" -> "G-1-conformance": the property part of a unit id.
std::string propertySlug(const std::string& propertyName);

// Every unit the options select, in a fixed order (sharding and seeds depend on it).
std::vector<Unit> planUnits(const RunOptions& options);

report::Report runUnits(const RunOptions& options, backends::Backend& backend, const std::vector<Unit>& units,
                        const std::vector<std::uint64_t>& unitIndices, std::vector<OutputFile>& files,
                        std::ostream& err);


}  // namespace dcconf::run
