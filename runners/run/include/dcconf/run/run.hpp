// `dcconf run`: the property suite against one backend, with reports, shrunk failures and sharding.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dcconf/backends/backend.hpp"
#include "dcconf/casefile/casefile.hpp"
#include "dcconf/casefile/text.hpp"
#include "dcconf/oracle/case.hpp"
#include "dcconf/properties/limits.hpp"
#include "dcconf/properties/sparse.hpp"
#include "dcconf/report/report.hpp"

namespace dcconf::run {

struct Shard {
  std::uint32_t index = 0;  // 0-based
  std::uint32_t count = 1;
};

struct RunOptions {
  std::string backendSpec = "fast";  // fast | oracle | plugin:PATH | exec:COMMAND
  oracle::Product product = oracle::kDefaultProduct;
  // --product a,b or all: several products in one run and one report (unit ids then start with "product:");
  // empty or one: `product` alone.
  std::vector<oracle::Product> products;
  std::string pathGlob = "*";   // matched against "GM->VECIN", ...
  std::string dtypeGlob = "*";  // matched against "half", ...
  oracle::Profile profile;
  std::uint64_t seed = 0;
  std::uint32_t casesPerProperty = 100;
  std::optional<std::chrono::milliseconds> timeBudget;  // spread over the run; overrides casesPerProperty
  std::uint32_t threads = 1;  // worker processes (RapidCheck is single-threaded)
  Shard shard;
  bool failFast = false;
  std::filesystem::path outDir;  // where the caller will put report.json, junit.xml, failures/ (named in repros)
  std::uint32_t perCaseTimeoutMs = 10000;  // plugin and exec backends
  std::string commandLine;                 // recorded in report.json
  std::string program = "dcconf";          // as the user invoked it (build/dcconf): repros start with it, so they paste
  bool quiet = false;                      // no summary table on stdout
  std::string onlyGlob = "*";              // unit ids ("padGmToUb/half/G-1-conformance") to run
  std::uint32_t reruns = 0;                // replays of a failing case; a pass among them makes it FLAKY (G-3)
  // --results-jsonl: one JSON line per finished unit appended here (O_APPEND, one write per line, so the workers of
  // --threads share it and a killed run leaves every finished unit); the caller creates the file with its header.
  std::filesystem::path resultsJsonl;
  // --limits FILE (docs/limits.md): drawn inside, together with the backend's own (Backend::declaredLimits).
  std::optional<properties::Limits> limits;
  // Bounds of the failure machinery for a backend wrong everywhere (per process): failures whose cases are kept
  // (later ones are counted and listed without a case), and the time spent shrinking and minimising failures.
  std::size_t maxFailuresKept = 200;
  std::chrono::seconds shrinkBudget{120};
};

// The limits a run draws inside: options.limits and the backend's own, both applied. Null when neither declares
// any; error (one line naming the source, field and value) when the backend's text does not read.
struct EffectiveLimits {
  std::shared_ptr<const properties::Limits> limits;
  std::string error;
};
EffectiveLimits effectiveLimits(const RunOptions& options, const backends::Backend& backend);

// The first line of a --results-jsonl file ({"schema": "dcconf.results/1", ...}): what --force may replace.
inline constexpr const char* kResultsSchema = "dcconf.results/1";
// A report error that starts so is a failed write of the --results-jsonl stream: an output refused (exit 5).
inline constexpr std::string_view kResultsJsonlError = "--results-jsonl: cannot write ";
inline bool isOutputError(std::string_view error) { return error.substr(0, kResultsJsonlError.size()) == kResultsJsonlError; }
std::string resultsJsonlHeader(const RunOptions& options);

// A backend made from its spec, once per worker process.
struct BackendMade {
  std::unique_ptr<backends::Backend> backend;
  std::string error;  // one line when backend is empty
};
BackendMade makeBackend(const std::string& spec, std::uint32_t perCaseTimeoutMs);

struct OutputFile {
  std::string relativePath;  // "failures/<id>.json"
  std::string text;
};

struct RunOutcome {
  std::string error;                     // one line when the run could not start (backend, plan)
  std::optional<report::Report> report;  // when it ran
  std::vector<OutputFile> files;         // the shrunk failing cases, for the caller to write under outDir
};

// Runs the property suite; progress goes to stderr on a terminal. The engine writes no files itself.
RunOutcome runSuite(const RunOptions& options, std::ostream& err);

// How a replay ended, as the exit status says it (docs/exit-status.md): 0, 1, 8 (every check NOT_SUPPORTED: the
// backend lacks the operation or, for a sparse case, the sparse capability) or 7 (error: the backend did not load).
struct ReplayResult {
  enum class Verdict : std::uint8_t { conforms, fails, nothingTested, backendUnavailable, tooLarge } verdict = Verdict::conforms;
  std::string error;  // backendUnavailable, tooLarge: one line
};

// Runs one saved case against the backend: every case property once, and the diff against the oracle.
// An invalid case (a G-4 failure) is judged as the run judged it: the backend may reject it, or run it and write
// only inside the footprint of `validBase` (the case before the break, saved beside it as ID.valid.json);
// without validBase its writes are listed, not judged.
ReplayResult replayCase(const RunOptions& options, const casefile::CaseData& data, std::ostream& out,
                        const casefile::CaseData* validBase = nullptr);

// A sparse unit's failure as a case file: dcconf.case/1 with the buffers' sizes and offsets but no bytes,
// and "sparse": {"seed", "field", "value"}: the windows around the footprint hold splitmix64 bytes from the seed
// (src) and seed + 1 (dst), everything else is a hole (docs/case-format.md). replaySparseCase runs it again.
std::string sparseCaseText(const properties::SparseCase& sparse);
// The sparse member of a case file's JSON, when it has one: the case and its seed, or an error naming the field.
struct SparseCaseRead {
  std::optional<properties::SparseCase> sparse;  // empty and error empty: not a sparse case file
  std::string error;
};
SparseCaseRead readSparseCase(const nlohmann::json& json, const std::string& fileLabel);
// G-1 on the sparse buffers, as the run judged it; prints the verdict line.
ReplayResult replaySparseCase(const RunOptions& options, const properties::SparseCase& sparse, std::ostream& out);

// "failures/ID.json" -> "failures/ID.valid.json": where a G-4 failure's valid part is saved.
std::string validBasePath(const std::string& caseFile);
// The valid part as a case file of its own: validBase with the invalid case's buffers cut or zero-extended to its
// sizes (only its footprint is used).
casefile::CaseData validBaseData(const casefile::CaseData& invalid, const oracle::Case& validBase);

// GTEST_SHARD_INDEX / GTEST_TOTAL_SHARDS, when both are set and sane.
std::optional<Shard> shardFromEnvironment();
// Why the GTEST_ variables are unusable (one set, out of range, not a number), as gtest refuses them; "" when fine.
std::string shardEnvironmentError();

// Every unit `dcconf run` would plan with these options: stable id, operation name, dtype, property.
struct UnitInfo {
  std::string id;
  std::string group;
  std::string dtype;
  std::string property;
};
std::vector<UnitInfo> listUnits(const RunOptions& options);

// Quotes text for a POSIX shell when it needs it.
std::string shellQuoteArg(const std::string& text);

// Shell-style glob with * and ? (casefile/text.hpp).
using casefile::globMatch;

}  // namespace dcconf::run
