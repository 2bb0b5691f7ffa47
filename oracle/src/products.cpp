// Product support (SEMANTICS section 11, clause PROD): the declarative table oracle/data/products.tsv, embedded at
// build time as kProductTableText and read here by a small line parser. A case outside the table is NOT_SUPPORTED
// for that product, never a failure.
#include <algorithm>
#include <map>
#include <sstream>

#include "paths.hpp"

namespace dcconf::oracle {
namespace detail {
extern const std::string_view kProductTableText;  // products_table.cpp (generated)
}  // namespace detail

namespace {

std::vector<std::string> splitWords(const std::string& line) {
  std::istringstream in(line.substr(0, line.find('#')));
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

std::vector<std::string> splitList(const std::string& list) {
  std::vector<std::string> items;
  std::istringstream in(list);
  for (std::string item; std::getline(in, item, ',');) items.push_back(item);
  return items;
}

std::optional<PathPair> parsePath(const std::string& text) {
  const auto arrow = text.find("->");
  if (arrow == std::string::npos) return std::nullopt;
  const auto src = parsePosition(text.substr(0, arrow));
  const auto dst = parsePosition(text.substr(arrow + 2));
  if (!src || !dst) return std::nullopt;
  return PathPair{*src, *dst};
}

// One declaration per line; the first error stops the parse.
class TableParser {
 public:
  SupportTableParse parse(std::string_view text) {
    std::istringstream in{std::string(text)};
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
      const std::vector<std::string> words = splitWords(line);
      if (words.empty()) continue;
      const std::string error = declaration(words);
      if (!error.empty()) return {std::nullopt, "line " + std::to_string(number) + ": " + error};
    }
    return {table_, {}};
  }

 private:
  std::string declaration(const std::vector<std::string>& w) {
    if (w[0] == "dtypes" && w.size() == 3) return dtypeSet(w[1], w[2]);
    if (w[0] == "paths" && w.size() == 3) return pathSet(w[1], w[2]);
    if (w[0] == "product" && w.size() == 3) return product(w[1], w[2]);
    if (w[0] == "op" && w.size() == 5) return operation(w[1], w[2], w[3], w[4]);
    return "expected 'dtypes NAME LIST', 'paths NAME LIST', 'product ID PROFILE' or 'op PRODUCT OPERATION PATHS "
           "DTYPES', got '" + w[0] + "' with " + std::to_string(w.size() - 1) + " fields";
  }

  std::string dtypeSet(const std::string& setName, const std::string& list) {
    std::vector<DType> set;
    for (const std::string& item : splitList(list)) {
      const auto dtype = parseDType(item);
      if (!dtype) return "unknown dtype '" + item + "'";
      set.push_back(*dtype);
    }
    return dtypeSets_.emplace(setName, set).second ? "" : "dtype set '" + setName + "' declared twice";
  }

  std::string pathSet(const std::string& setName, const std::string& list) {
    std::vector<PathPair> set;
    for (const std::string& item : splitList(list)) {
      const auto path = parsePath(item);
      if (!path) return "malformed path '" + item + "' (SRC->DST)";
      set.push_back(*path);
    }
    return pathSets_.emplace(setName, set).second ? "" : "path set '" + setName + "' declared twice";
  }

  std::string product(const std::string& id, const std::string& profile) {
    const auto p = parseProduct(id);
    if (!p) return "unknown product '" + id + "'";
    if (!parseProfile(profile).profile) return "unknown profile '" + profile + "'";
    for (const auto& known : table_.products) {
      if (known.product == *p) return "product '" + id + "' declared twice";
    }
    table_.products.push_back({*p, profile});
    return {};
  }

  std::string operation(const std::string& productId, const std::string& opKey, const std::string& paths,
                        const std::string& dtypes) {
    const auto p = parseProduct(productId);
    if (!p) return "unknown product '" + productId + "'";
    const auto op = parseOperationKey(opKey);
    if (!op) return "unknown operation '" + opKey + "'";
    SupportRow row{*p, *op, {}, {}};
    const std::span<const PathPair> documented = documentedPaths(*op);
    if (paths == "*") {
      row.paths.assign(documented.begin(), documented.end());
    } else if (const auto it = pathSets_.find(paths); it != pathSets_.end()) {
      for (const PathPair& path : it->second) {
        const bool isDocumented = std::any_of(documented.begin(), documented.end(), [&](const PathPair& d) {
          return d.src == path.src && d.dst == path.dst;
        });
        if (isDocumented) row.paths.push_back(path);  // a shared set may name paths another operation lacks
      }
    } else {
      return "unknown path set '" + paths + "'";
    }
    const auto set = dtypeSets_.find(dtypes);
    if (set == dtypeSets_.end()) return "unknown dtype set '" + dtypes + "'";
    row.dtypes = set->second;
    for (const auto& known : table_.rows) {
      if (known.product == row.product && known.operation == row.operation) {
        return "operation '" + opKey + "' listed twice for '" + productId + "'";
      }
    }
    table_.rows.push_back(std::move(row));
    return {};
  }

  SupportTable table_;
  std::map<std::string, std::vector<DType>> dtypeSets_;
  std::map<std::string, std::vector<PathPair>> pathSets_;
};

const SupportRow* rowFor(const SupportTable& table, Product product, Operation operation) {
  for (const SupportRow& row : table.rows) {
    if (row.product == product && row.operation == operation) return &row;
  }
  return nullptr;
}

}  // namespace

SupportTableParse parseSupportTable(std::string_view text) { return TableParser{}.parse(text); }

const SupportTableParse& supportTable() {
  static const SupportTableParse parsed = parseSupportTable(detail::kProductTableText);
  return parsed;
}

bool hasAtomicCopies(Product product) {
  return product == Product::atlas_a2 || product == Product::atlas_a3 || product == Product::ascend950;
}

bool takesAtomic(Operation operation) {
  return operation == Operation::padUbToGm || operation == Operation::copy0Level || operation == Operation::copy2Level;
}

bool hasLoopMode(Product product) { return product == Product::ascend950; }

bool takesLoopMode(Operation operation) {
  return operation == Operation::padGmToUb || operation == Operation::padUbToGm ||
         operation == Operation::padCompactGmToUb || operation == Operation::padCompactUbToGm;
}

// ATOM-2: the SupportType list of SetAtomicAdd/Max/MinImpl in the A2/A3 (dav_c220) and 950 (dav_3510) headers.
bool isAtomicDType(DType dtype) {
  switch (dtype) {
    case DType::int8_t:
    case DType::int16_t:
    case DType::int32_t:
    case DType::half:
    case DType::bfloat16_t:
    case DType::float_: return true;
    default: return false;
  }
}

std::vector<Violation> checkSupport(const Case& c, Operation operation) {
  const SupportTableParse& parsed = supportTable();
  if (!parsed.table) return {{"PROD", "product", std::string(name(c.product)), "product table: " + parsed.error}};
  const std::string product(name(c.product));
  const SupportRow* row = rowFor(*parsed.table, c.product, operation);
  if (row == nullptr) {
    return {{"PROD", "product", product, product + " does not document " + std::string(name(operation))}};
  }
  const bool pathListed = std::any_of(row->paths.begin(), row->paths.end(), [&](const PathPair& path) {
    return path.src == c.srcPos && path.dst == c.dstPos;
  });
  if (!pathListed) {
    return {{"PROD", "path", pathName(c.srcPos, c.dstPos),
             product + " does not document " + std::string(name(operation)) + " on " + pathName(c.srcPos, c.dstPos) +
                 (c.srcPos == Position::CO2 || c.dstPos == Position::CO2 ? " (it has no CO2 position)" : "")}};
  }
  if (std::find(row->dtypes.begin(), row->dtypes.end(), c.dtype) == row->dtypes.end()) {
    return {{"PROD", "dtype", std::string(name(c.dtype)),
             product + " does not document " + std::string(name(c.dtype)) + " for " + std::string(name(operation))}};
  }
  if (c.loopMode && !hasLoopMode(c.product)) {  // LOOP-1: SetLoopModePara is in the 950 header only
    return {{"LOOP-1", "loopMode", "set", product + " has no loop mode (SetLoopModePara is Ascend 950 only)"}};
  }
  // ATOM-1 (project): SetAtomicAdd/Max/Min modelled on Atlas A2, A3 and the Ascend 950 (the pages give the 200I/500
  // A2, the 310P AI Core and Atlas training SetAtomicAdd with fewer types; not modelled yet)
  if (c.atomic != AtomicOp::none && !hasAtomicCopies(c.product)) {
    return {{"ATOM-1", "atomic", std::string(name(c.atomic)),
             product + " has no atomic copy modelled (SetAtomic* is modelled on atlas-a2, atlas-a3, ascend950)"}};
  }
  if (operation == Operation::enhancedCo1ToCo2 && c.enhancedParams) {
    const DataCopyEnhancedParams& e = *c.enhancedParams;
    // ENH-2: table 9 lists float -> half on CO1->CO2, but no deqScale of table 5 does it and no page gives its
    // arithmetic; this oracle does not model it.
    if (e.deqScale == DeqScale::none && e.srcDType == DType::float_ && c.dtype == DType::half) {
      return {{"ENH-2", "enhancedParams.srcDType", "float", "float -> half without deqScale (table 9) is not modelled"}};
    }
    // ENH-4: the V* modes pick a parameter per column; the column order inside a 16x4 fractal is undocumented.
    const bool perColumn = e.deqScale == DeqScale::vdeq || e.deqScale == DeqScale::vdeq8 || e.deqScale == DeqScale::vdeq16;
    if (perColumn && e.blockMode == BlockMode::smallChannel) {
      return {{"ENH-4", "enhancedParams.blockMode", std::string(name(e.blockMode)),
               "a V* deqScale on BLOCK_MODE_SMALL_CHANNEL is not modelled (column order of a 16x4 fractal)"}};
    }
  }
  return {};
}

}  // namespace dcconf::oracle
