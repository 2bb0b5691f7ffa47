// `dcconf vectors export`: builds a vector set in memory, deterministically (same options and dcconf version ->
// byte-identical files). The caller writes the files (the CLI stages them and renames, so nothing half-written).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "dcconf/oracle/case.hpp"
#include "dcconf/vectors/vectors.hpp"

namespace dcconf::vectors {

struct ExportOptions {
  oracle::Product product = oracle::kDefaultProduct;
  oracle::Profile profile;
  std::string pathGlob = "*";   // over "GM->VECIN", ...
  std::string dtypeGlob = "*";  // over "half", ...
  std::uint32_t count = 4;      // random valid cases per operation x dtype (and one random invalid when > 0)
  std::uint64_t seed = 1;
  std::string command;          // recorded in the manifest (no time stamp: the set must be reproducible)
};

struct SetFile {
  std::string relativePath;  // "manifest.json", "datacopypad_gm2vecin_half.json", "data/<tcId>.src.bin"
  std::vector<std::uint8_t> bytes;
};

struct Exported {
  std::vector<SetFile> files;  // manifest last
  std::uint64_t tests = 0;
  std::string error;  // one line when nothing could be exported (nothing matches the filters)
};

Exported exportSet(const ExportOptions& options);

// Every flag a vector may carry, with the clause it exercises (the manifest repeats the ones a set uses).
const std::map<std::string, FlagDef>& flagCatalogue();

// The worked examples of the documents (docs/examples/*.json, embedded at build time): file name -> JSON text.
const std::map<std::string, std::string>& workedExamples();

}  // namespace dcconf::vectors
