// dcconf list [--product P] [--json]: the support matrix (SEMANTICS section 11, oracle/data/products.tsv): for each
// product its default profile and, per documented operation, the paths and dtypes it supports.
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "dcconf/run/run.hpp"
#include "diagnostics.hpp"

namespace dcconf::cli {
namespace {

struct ListOptions {
  std::string product;  // empty: every product
  bool json = false;
  bool units = false;  // the run's units with their stable ids, for --only and baselines
  std::string pathGlob = "*";
  std::string dtypeGlob = "*";
  std::string onlyGlob = "*";
};

int listUnits(const ListOptions& options) {
  run::RunOptions run;
  if (!options.product.empty()) run.product = *oracle::parseProduct(options.product);
  run.pathGlob = options.pathGlob;
  run.dtypeGlob = canonicalDTypeGlob(options.dtypeGlob);
  run.onlyGlob = options.onlyGlob;
  const std::vector<run::UnitInfo> units = run::listUnits(run);
  if (options.json) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& u : units) {
      out.push_back({{"id", u.id}, {"group", u.group}, {"dtype", u.dtype}, {"property", u.property}});
    }
    std::cout << nlohmann::json{{"product", std::string(oracle::name(run.product))}, {"units", out}}.dump(2) << "\n";
  } else {
    for (const auto& u : units) std::cout << u.id << "\t" << u.group << "\t" << u.property << "\n";
    std::cout << units.size() << " units on " << oracle::name(run.product) << "\n";
  }
  return code(units.empty() ? ExitStatus::backendUnavailable : ExitStatus::ok);
}

template <class Range, class Name>
std::string joined(const Range& items, Name nameOf) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : ",") + std::string(nameOf(item));
  return out;
}

std::string pathText(const oracle::PathPair& p) { return oracle::pathName(p.src, p.dst); }

// ATOM-1/2: the element types of a row's UB->GM paths that also run under SetAtomicAdd/Max/Min; empty if none.
std::vector<oracle::DType> atomicDTypes(const oracle::SupportRow& row) {
  std::vector<oracle::DType> out;
  if (!oracle::hasAtomicCopies(row.product) || !oracle::takesAtomic(row.operation)) return out;
  for (const oracle::DType dtype : row.dtypes) {
    if (oracle::isAtomicDType(dtype)) out.push_back(dtype);
  }
  return out;
}

// The call forms a user searches for by name: LOOP-1's loop mode and FIX950-1's CO2Layout template argument.
bool loopMode(const oracle::SupportRow& row) {
  return oracle::hasLoopMode(row.product) && oracle::takesLoopMode(row.operation);
}
std::vector<std::string> layouts(const oracle::SupportRow& row) {
  std::vector<std::string> out;
  if (row.operation != oracle::Operation::fixpipe950) return out;
  for (const oracle::Co2Layout layout : oracle::kAllCo2Layouts) out.emplace_back(oracle::name(layout));
  return out;
}

nlohmann::json productJson(const oracle::SupportTable& table, const oracle::ProductDefaults& product) {
  nlohmann::json operations = nlohmann::json::array();
  for (const oracle::SupportRow& row : table.rows) {
    if (row.product != product.product) continue;
    nlohmann::json paths = nlohmann::json::array();
    for (const auto& path : row.paths) paths.push_back(pathText(path));
    nlohmann::json dtypes = nlohmann::json::array();
    for (const oracle::DType dtype : row.dtypes) dtypes.push_back(std::string(oracle::name(dtype)));
    nlohmann::json op = {{"operation", std::string(oracle::key(row.operation))},
                         {"name", std::string(oracle::name(row.operation))},
                         {"family", std::string(oracle::clauseFamily(row.operation))},
                         {"paths", paths},
                         {"dtypes", dtypes}};
    const std::vector<oracle::DType> atomic = atomicDTypes(row);
    if (!atomic.empty()) {  // ATOM-1/2: the atomic forms of the UB->GM paths
      nlohmann::json names = nlohmann::json::array();
      for (const oracle::DType dtype : atomic) names.push_back(std::string(oracle::name(dtype)));
      op["atomic"] = {{"ops", {"add", "max", "min"}}, {"dtypes", names}};
    }
    if (loopMode(row)) op["loopMode"] = true;
    if (const auto names = layouts(row); !names.empty()) op["layouts"] = names;
    operations.push_back(std::move(op));
  }
  return {{"product", std::string(oracle::name(product.product))}, {"profile", product.profile},
          {"operations", operations}};
}

void printProductText(const oracle::SupportTable& table, const oracle::ProductDefaults& product) {
  std::cout << oracle::name(product.product) << " (profile " << product.profile << ")\n";
  for (const oracle::SupportRow& row : table.rows) {
    if (row.product != product.product) continue;
    std::cout << "  " << oracle::key(row.operation) << " [" << oracle::clauseFamily(row.operation) << "]\n"
              << "    paths:  " << joined(row.paths, pathText) << "\n"
              << "    dtypes: " << joined(row.dtypes, [](oracle::DType t) { return oracle::name(t); }) << "\n";
    if (const std::vector<oracle::DType> atomic = atomicDTypes(row); !atomic.empty()) {
      std::cout << "    atomic: add,max,min on VECIN/VECOUT->GM [ATOM] for "
                << joined(atomic, [](oracle::DType t) { return oracle::name(t); }) << "\n";
    }
    if (loopMode(row)) std::cout << "    loop mode: SetLoopModePara(LoopModeParams) before the call [LOOP]\n";
    if (const auto names = layouts(row); !names.empty()) {
      std::cout << "    layouts: " << joined(names, [](const std::string& n) { return n; })
                << " (FixpipeConfig CO2Layout, FixpipeParamsArch3510) [FIX950]\n";
    }
  }
}

int runList(const ListOptions& options) {
  const oracle::SupportTableParse& parsed = oracle::supportTable();
  if (!parsed.table) return fail(ExitStatus::unreadableCase, "product table: " + parsed.error);
  if (!options.product.empty() && !oracle::parseProduct(options.product)) {
    return fail(ExitStatus::usage, unknownProduct("--product", options.product));
  }
  if (const std::string error = dtypeGlobError("--dtype", canonicalDTypeGlob(options.dtypeGlob)); !error.empty()) {
    return fail(ExitStatus::usage, error);
  }
  if (options.units) return listUnits(options);
  nlohmann::json products = nlohmann::json::array();
  for (const oracle::ProductDefaults& product : parsed.table->products) {
    if (!options.product.empty() && oracle::name(product.product) != options.product) continue;
    if (options.json) {
      products.push_back(productJson(*parsed.table, product));
    } else {
      printProductText(*parsed.table, product);
    }
  }
  // The ambiguity profile words (SEMANTICS section 12 and the AMBs found since), for --profile.
  std::vector<std::string> words;
  for (const std::string_view word : oracle::allProfileNames()) words.emplace_back(word);
  if (options.json) {
    std::cout << nlohmann::json{{"schema", "dcconf.support/1"}, {"products", products}, {"profileWords", words}}.dump(2)
              << "\n";
  } else {
    std::cout << "profile words (--profile a,b,...): " << joined(words, [](const std::string& w) { return w; }) << "\n";
  }
  return code(ExitStatus::ok);
}

}  // namespace

Command addListCommand(CLI::App& parent) {
  auto options = std::make_shared<ListOptions>();
  CLI::App* app = parent.add_subcommand("list", "Print the support matrix: product -> operations, paths, dtypes");
  app->add_option("--product", options->product, "only this product (e.g. atlas-a2)");
  app->add_flag("--json", options->json, "machine-readable output (schema dcconf.support/1)");
  app->add_flag("--units", options->units, "list the units dcconf run plans, with the ids --only and baselines use");
  app->add_option("--path,--paths", options->pathGlob, "with --units: as dcconf run --path")->capture_default_str();
  app->add_option("--dtype,--dtypes", options->dtypeGlob, "with --units: as dcconf run --dtype")->capture_default_str();
  app->add_option("--only", options->onlyGlob, "with --units: as dcconf run --only")->capture_default_str();
  return {app, [options] { return runList(*options); }};
}

}  // namespace dcconf::cli
