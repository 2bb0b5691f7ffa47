// dcconf run: plan the units, make the backend, spread the work over shards and worker processes, merge reports.
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <optional>
#include <random>
#include <sstream>

#include <nlohmann/json.hpp>

#include "dcconf/casefile/json_guard.hpp"
#include "dcconf/exec/exec_backend.hpp"
#include "dcconf/plugin/plugin_backend.hpp"
#include "dcconf/properties/fixpipe.hpp"
#include "dcconf/properties/invariants.hpp"
#include "dcconf/oracle/work.hpp"
#include "dcconf/properties/sparse.hpp"
#include "dcconf/run/diff.hpp"
#include "dcconf/run/lifecycle.hpp"
#include "dcconf/run/run.hpp"

#include "dcconf/casefile/text.hpp"
#include "engine_internal.hpp"

namespace dcconf::run {

using oracle::Operation;
namespace props = dcconf::properties;

namespace {

bool always(Operation) { return true; }
bool isFix(Operation op) { return op == Operation::fixpipe; }
bool isNddma(Operation op) { return op == Operation::nddma; }
// The operations with alternatives ambiguities (G-6): FIX and FIX950 (AMB-8..12, 20), ENH CO1->CO2 (AMB-13, 14, 19),
// Compact (AMB-21, 22), BroadCastVecToMM (AMB-40, 41).
bool hasAlternatives(Operation op) {
  return op == Operation::fixpipe || op == Operation::fixpipe950 || op == Operation::enhancedCo1ToCo2 ||
         op == Operation::padCompactGmToUb || op == Operation::padCompactUbToGm || op == Operation::broadcastUbToL0c;
}
bool isPad(Operation op) {
  return op == Operation::padGmToUb || op == Operation::padUbToGm || op == Operation::padUbToTscm;
}

}  // namespace

// What `dcconf run` checks on an implementation, one RapidCheck property each. The laws are cheap and catch
// implementations whose paths disagree with each other even where one of them happens to match the oracle.
const std::vector<PropertyDef>& propertyCatalogue() {
  static const std::vector<PropertyDef> catalogue{
      {"G-1 conformance", "G-1", PropertyKind::onCase, always, props::checkG1Conformance},
      {"G-2 no stray reads", "G-2", PropertyKind::onCase, always, props::checkG2NoStrayReads},
      {"G-3 determinism", "G-3", PropertyKind::onCase, always, props::checkG3Determinism},
      {"PAD-G2U-3/4/5 pad regions", "PAD-G2U-4", PropertyKind::onCase,
       [](Operation op) { return op == Operation::padGmToUb; }, props::checkPadG2U345Regions},
      {"ND2NZ-3 tail zero fill", "ND2NZ-3", PropertyKind::onCase, [](Operation op) { return op == Operation::nd2nz; },
       props::checkNd2Nz3TailZeroFill},
      {"law: Ext params == plain params", "PAD-G2U-1", PropertyKind::onCase, isPad, props::checkLawPadExtEqualsPlain},
      {"law: DC-3 2-level == 0-level", "DC-3", PropertyKind::onCase,
       [](Operation op) { return op == Operation::copy2Level; }, props::checkLawDc3TwoLevelIsZeroLevel},
      {"law: aligned DataCopyPad == DC-2", "DC-2", PropertyKind::onCase,
       [](Operation op) { return op == Operation::padGmToUb || op == Operation::padUbToGm; },
       props::checkLawPadAlignedEqualsDc2},
      {"law: zero-stride blocks concatenate", "DC-2", PropertyKind::onCase,
       [](Operation op) { return op == Operation::padGmToUb || op == Operation::padUbToGm || op == Operation::copy0Level; },
       props::checkLawZeroStrideBlocksConcatenate},
      {"law: PAD-CMP Compact run == one Normal block", "PAD-CMP-2", PropertyKind::onCase,
       [](Operation op) { return op == Operation::padCompactGmToUb || op == Operation::padCompactUbToGm; },
       props::checkLawCompactIsOneNormalBlock},
      {"law: PAD-U2L1 == U2G then ND2NZ", "PAD-U2L1-1", PropertyKind::onCase,
       [](Operation op) { return op == Operation::padUbToTscm; }, props::checkLawPadU2L1IsU2GThenNd2Nz},
      {"law: SLICE full-range == contiguous copy", "SLICE-1", PropertyKind::onCase,
       [](Operation op) { return op == Operation::slice; }, props::checkLawSliceFullRangeIsContiguousCopy},
      {"law: SLICE gather then scatter restores", "SLICE-4", PropertyKind::onCase,
       [](Operation op) { return op == Operation::slice; }, props::checkLawSliceGatherThenScatterRestores},
      {"law: DN2NZ-1 transpose-stored == ND2NZ", "DN2NZ-1", PropertyKind::onCase,
       [](Operation op) { return op == Operation::dn2nz; }, props::checkLawDn2Nz1TransposeIsNd2Nz},
      {"law: ND2NZUB-3 GM->UB == GM->L1 ND2NZ", "ND2NZUB-3", PropertyKind::onCase,
       [](Operation op) { return op == Operation::nd2nzGmToUb; }, props::checkLawNd2NzUbIsNd2NzToL1, true},
      {"law: ND2NZ-6 UB->L1 == GM->L1 ND2NZ", "ND2NZ-6", PropertyKind::onCase,
       [](Operation op) { return op == Operation::nd2nz; }, props::checkLawNd2NzUbToL1IsNd2NzFromGm, true, true},
      // NDDMA-3's laws, IUT against itself; added after the NDDMA units existed
      {"law: NDDMA-3 padless rows == contiguous copy", "NDDMA-3", PropertyKind::onCase, isNddma,
       props::checkLawNdDmaPadlessRowsAreContiguousCopy, true},
      {"law: NDDMA-3 constant pads == padded padless", "NDDMA-3", PropertyKind::onCase, isNddma,
       props::checkLawNdDmaConstantPadIsPaddedPadless, true},
      {"law: NDDMA-3 nearest pads == edge padded", "NDDMA-3", PropertyKind::onCase, isNddma,
       props::checkLawNdDmaNearestPadIsEdgePadded, true},
      {"law: NDDMA-3 transpose twice == identity", "NDDMA-3", PropertyKind::onCase, isNddma,
       props::checkLawNdDmaTransposeTwiceIsIdentity, true},
      {"law: ENH-1 NORMAL == DC-2 0-level", "ENH-1", PropertyKind::onCase,
       [](Operation op) { return op == Operation::enhancedNormal; }, props::checkLawEnh1NormalIsDc0Level},
      {"FIX-6 ReLU never negative", "FIX-6", PropertyKind::onCase, isFix, props::checkFix6ReluNeverNegative},
      {"FIX-6 NoQuant is the identity", "FIX-6", PropertyKind::onCase, isFix, props::checkFix6NoQuantIsIdentity},
      {"FIX-6 F322F16 == _Float16 cast", "FIX-6", PropertyKind::onCase, isFix, props::checkFix6F322F16IsFloat16Cast},
      {"FIX-6 F322BF16 == RNE", "FIX-6", PropertyKind::onCase, isFix, props::checkFix6F322BF16IsRoundNearestEven},
      {"FIX-6 DEQF16 == half(x*M1)", "FIX-6", PropertyKind::onCase, isFix, props::checkFix6Deqf16IsHalfOfExactProduct},
      {"FIX-6 8-bit monotonic, saturating", "FIX-6", PropertyKind::onCase, isFix,
       props::checkFix6EightBitMonotonicAndSaturating},
      {"law: FIX-4 V* equal columns == scalar", "FIX-4", PropertyKind::onCase, isFix,
       props::checkLawFix4VectorEqualColumnsIsScalar},
      {"law: FIX-2 nz2nd == NZ re-laid out", "FIX-2", PropertyKind::onCase, isFix, props::checkLawFix2Nz2ndIsNzRelaidOut},
      {"law: FIX-3 channelSplit == NZ re-laid out", "FIX-3", PropertyKind::onCase, isFix,
       props::checkLawFix3ChannelSplitIsNzRelaidOut},
      {"law: FIX950-4 NZ2DN == NZ2ND transposed", "FIX950-4", PropertyKind::onCase,
       [](Operation op) { return op == Operation::fixpipe950; }, props::checkLawFix950DnIsNdTransposed},
      {"NZ2ND-4 round trip", "NZ2ND-4", PropertyKind::onRoundTrip, [](Operation op) { return op == Operation::nz2nd; },
       nullptr},
      // each drawn UB->GM DataCopy / DataCopyPad under an atomic op (ATOM, A2/A3/950)
      {"ATOM-3 atomic copy to GM", "ATOM-3", PropertyKind::onCase, oracle::takesAtomic,
       props::checkAtom3AtomicConformance},
      {"law: ATOM-4 add onto zero == plain copy", "ATOM-4", PropertyKind::onCase, oracle::takesAtomic,
       props::checkLawAtomAddOntoZeroIsPlain},
      {"ATOM-4/5 atomic edge values", "ATOM-4/5", PropertyKind::onCase, oracle::takesAtomic, props::checkAtomEdgeValues,
       true},
      {"G-4 invalid cases", "G-4", PropertyKind::onInvalid, always, nullptr},
      // strides past a flat buffer (bits 21..31 of a GM stride), on sparse mappings (docs/coverage.md)
      {"G-1 sparse buffers", "G-1", PropertyKind::onSparse, props::hasSparseCases, nullptr},
      // the Compact DataCopyPad's loop mode past the dense reach (planned last: seeds stay)
      {"G-1 sparse buffers", "G-1", PropertyKind::onSparse, props::hasCompactLoopSparseCases, nullptr, 2},
      // NDDMA's strides past the dense reach, moved by a dimension of two (planned last: seeds stay)
      {"G-1 sparse buffers", "G-1", PropertyKind::onSparse, props::hasNdDmaSparseCases, nullptr, 3},
      // DN2NZ's matrix and column strides past the dense reach (planned last: seeds stay)
      {"G-1 sparse buffers", "G-1", PropertyKind::onSparse, props::hasDn2NzSparseCases, nullptr, 4},
      {"law: Ext params == plain params", "PAD-CMP-1", PropertyKind::onCase,
       [](Operation op) { return op == Operation::padCompactGmToUb || op == Operation::padCompactUbToGm; },
       props::checkLawPadExtEqualsPlain, 5},
      {"G-6 pinned readings followed", "G-6", PropertyKind::onCase, hasAlternatives,
       props::checkG6PinnedReadingsFollowed, 6},
  };
  return catalogue;
}


std::string propertySlug(const std::string& propertyName) {
  std::string out;
  for (const char ch : propertyName) {
    const bool keep = std::isalnum(static_cast<unsigned char>(ch)) != 0 || ch == '-';
    if (keep) {
      out += ch;
    } else if (!out.empty() && out.back() != '-') {
      out += '-';
    }
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out;
}

namespace {

std::string unitGroupId(Operation op, oracle::DType dtype) {
  return std::string(oracle::key(op)) + "/" + std::string(oracle::name(dtype));
}

std::string unitId(Operation op, oracle::DType dtype, const PropertyDef& property) {
  return unitGroupId(op, dtype) + "/" + propertySlug(property.name);
}

// ATOM-1/2: the atomic properties have units only where an atomic copy exists (A2/A3/950, its six types), so the
// other products' units, and the seeds their indices give, stay as they were.
bool isAtomicProperty(const PropertyDef& property) { return property.clauses.starts_with("ATOM"); }
bool plannedOn(const PropertyDef& property, oracle::Product product, oracle::DType dtype) {
  if (!isAtomicProperty(property)) return true;
  return oracle::hasAtomicCopies(product) && oracle::isAtomicDType(dtype);
}

// --path selects by the summary's names too: the operation key ("padGmToUb"), its name ("DataCopyPad GM->UB") or the
// name's path word ("GM->UB"). Such a match keeps every documented path of the operation.
bool pathGlobNamesOperation(const std::string& glob, Operation op) {
  const std::string_view name = oracle::name(op);
  const auto space = name.rfind(' ');
  return globMatch(glob, oracle::key(op)) || globMatch(glob, name) ||
         (space != std::string_view::npos && globMatch(glob, name.substr(space + 1)));
}

// Paths drawn apart (properties::drawnApart) have units of their own, planned after every other unit (as the atomic
// ones): the units of the operation's older paths keep their paths, indices and seeds. FIX950-8: the 950 Fixpipe
// toward the UB, with the generator's scope on kFixpipeUbPaths, "ub" after the dtype in the unit id
// ("fixpipe950/float/ub/G-1-conformance"); then DC-5's plain DataCopy and ND2NZ-6's ND2NZ UB->L1, "l1" after the
// dtype; last of all (Pass::fixpipe950L1) FIX950-13's Fixpipe toward L1, scope kFixpipeL1Paths, "l1".
constexpr const char* kFixpipeUbPaths = "CO1->VEC*";
constexpr const char* kFixpipeL1Paths = "CO1->A1";
enum class Pass : std::uint8_t { main, apart, fixpipe950L1 };
const char* apartTag(Operation op, Pass pass) {
  return op == Operation::fixpipe950 && pass == Pass::apart ? "ub" : "l1";
}

// The units of one product; with several products each group and id starts with the product ("atlas-a2:...").
// Pass::apart: only the units of the paths drawn apart (but the 950 Fixpipe's L1 path); Pass::fixpipe950L1: that
// path's; Pass::main: every other unit.
void planProductUnits(const RunOptions& options, oracle::Product product, bool prefix, std::vector<Unit>& units,
                      Pass pass = Pass::main) {
  const bool apartPass = pass != Pass::main;
  const std::string productPrefix = prefix ? std::string(oracle::name(product)) + ":" : "";
  for (const Operation op : oracle::kAllOperations) {
    if (!props::hasGenerator(op)) continue;
    if (pass == Pass::fixpipe950L1 && op != Operation::fixpipe950) continue;
    const bool byName = options.pathGlob != "*" && pathGlobNamesOperation(options.pathGlob, op);
    const std::string pathGlob = byName ? "*" : options.pathGlob;
    for (const auto& dtypeInfo : oracle::allDTypes()) {
      if (!globMatch(options.dtypeGlob, dtypeInfo.name)) continue;
      bool anyPath = false;  // some documented path of op matches the filter and the product has it
      for (const auto& path : oracle::documentedPaths(op)) {
        if (props::drawnApart(op, path) != apartPass) continue;
        const bool fix950L1 = op == Operation::fixpipe950 && path.dst == oracle::Position::A1;
        if (apartPass && fix950L1 != (pass == Pass::fixpipe950L1)) continue;
        oracle::Case probe;
        probe.product = product;
        probe.dtype = dtypeInfo.dtype;
        probe.srcPos = path.src;
        probe.dstPos = path.dst;
        anyPath = anyPath || (globMatch(pathGlob, oracle::pathName(path.src, path.dst)) &&
                              oracle::checkSupport(probe, op).empty());
      }
      props::Scope scope;  // e.g. no QuantMode_t converts to int16_t (FIX-4): no FIX unit for it
      scope.product = product;
      scope.dtypes = {dtypeInfo.dtype};
      scope.pathGlob = !apartPass || op != Operation::fixpipe950 ? pathGlob
                       : pass == Pass::apart                     ? kFixpipeUbPaths
                                                                 : kFixpipeL1Paths;
      scope.apartOnly = apartPass && op != Operation::fixpipe950;  // FIX950-8's generator keeps its own rule
      scope.profile = options.profile;
      if (!anyPath || !props::scopeHasCases(op, scope)) continue;
      for (const PropertyDef& property : propertyCatalogue()) {
        if (!property.appliesTo(op) || !plannedOn(property, product, dtypeInfo.dtype)) continue;
        if (apartPass && isAtomicProperty(property)) continue;  // ATOM-1: no path drawn apart ends in GM
        if (property.apartOnly && !apartPass) continue;
        std::string id = productPrefix + (apartPass ? unitGroupId(op, dtypeInfo.dtype) + "/" + apartTag(op, pass) + "/" +
                                                          propertySlug(property.name)
                                                    : unitId(op, dtypeInfo.dtype, property));
        if (!globMatch(options.onlyGlob, id)) continue;
        units.push_back({op, productPrefix + std::string(oracle::name(op)), dtypeInfo.dtype, &property, std::move(id),
                         scope.pathGlob, product, scope.apartOnly});
      }
    }
  }
}

// The pass's units of each of the run's products; a unit id names its product when the run has several.
void planEachProduct(const RunOptions& options, std::vector<Unit>& units, Pass pass) {
  const std::vector<oracle::Product> products = runProducts(options);
  for (const oracle::Product product : products) planProductUnits(options, product, products.size() > 1, units, pass);
}

}  // namespace

std::vector<oracle::Product> runProducts(const RunOptions& options) {
  return options.products.empty() ? std::vector{options.product} : options.products;
}

std::vector<Unit> planUnits(const RunOptions& options) {
  std::vector<Unit> units;
  planEachProduct(options, units, Pass::main);
  // The atomic units come after every other: a unit's seed follows from its index, so the units
  // that existed before them keep their seeds, and with them the draws the mutant kill matrix relies on (seed 8 of
  // condNz2ndDropsMatrixAt4095 survived when they were interleaved).
  // The NDDMA units, then the GM->UB ND2NZ's, then BroadCastVecToMM's come after those, for the same reason.
  const auto rank = [](const Unit& unit) {
    if (unit.operation == Operation::broadcastUbToL0c) return 4;
    if (unit.operation == Operation::nd2nzGmToUb) return 3;
    return unit.operation == Operation::nddma ? 2 : isAtomicProperty(*unit.property) ? 1 : 0;
  };
  std::stable_sort(units.begin(), units.end(), [&](const Unit& a, const Unit& b) { return rank(a) < rank(b); });
  // The units of paths drawn apart after those, for the same reason: FIX950-8's, then DC-5's
  std::vector<Unit> apart;
  planEachProduct(options, apart, Pass::apart);
  std::stable_partition(apart.begin(), apart.end(), [](const Unit& unit) { return unit.operation == Operation::fixpipe950; });
  units.insert(units.end(), apart.begin(), apart.end());
  // The units of properties added later (ATOM-4/5's edge values, the ND2NZUB-3 law) last of all, for the same reason,
  // by rank: the Compact DataCopyPad's sparse units (rank 2) after the rest.
  std::stable_sort(units.begin(), units.end(),
                   [](const Unit& a, const Unit& b) { return a.property->plannedLast < b.property->plannedLast; });
  // FIX950-13's units after all of those, for the same reason
  planEachProduct(options, units, Pass::fixpipe950L1);
  return units;
}

std::string productsName(const RunOptions& options) {
  std::string names;
  for (const oracle::Product product : runProducts(options)) {
    names += (names.empty() ? "" : ",") + std::string(oracle::name(product));
  }
  return names;
}

std::vector<UnitInfo> listUnits(const RunOptions& options) {
  std::vector<UnitInfo> out;
  for (const Unit& unit : planUnits(options)) {
    out.push_back({unit.id, unit.group, std::string(oracle::name(unit.dtype)), unit.property->name});
  }
  return out;
}

BackendMade makeBackend(const std::string& spec, std::uint32_t perCaseTimeoutMs) {
  if (spec == "fast") return {backends::makeFastBackend(), {}};
  if (spec == "oracle") return {backends::makeOracleBackend(), {}};
  if (spec.rfind("plugin:", 0) == 0) {
    plugin::PluginOptions pluginOptions;
    pluginOptions.perCaseTimeoutMs = perCaseTimeoutMs;
    auto loaded = plugin::makePluginBackend(spec.substr(7), pluginOptions);
    return {std::move(loaded.backend), loaded.error};
  }
  if (spec.rfind("exec:", 0) == 0) {
    exec::ExecOptions execOptions;
    execOptions.perCaseTimeoutMs = perCaseTimeoutMs;
    std::string tempError;
    execOptions.workDir = runTempDir(&tempError);  // private to this run, removed at exit
    if (execOptions.workDir.empty()) return {nullptr, "exec backend: " + tempError};
    execOptions.sessionIsTemporary = !temporaryFolderKept();  // messages name a path only when it survives
    auto started = exec::makeExecBackend(spec.substr(5), execOptions);
    return {std::move(started.backend), started.error};
  }
  return {nullptr, "--backend: '" + spec + "' is not fast, oracle, plugin:PATH or exec:COMMAND"};
}

std::optional<Shard> shardFromEnvironment() {
  const char* index = std::getenv("GTEST_SHARD_INDEX");
  const char* total = std::getenv("GTEST_TOTAL_SHARDS");
  if (index == nullptr || total == nullptr) return std::nullopt;
  char* end = nullptr;
  const unsigned long i = std::strtoul(index, &end, 10);
  if (*end != '\0') return std::nullopt;
  const unsigned long n = std::strtoul(total, &end, 10);
  if (*end != '\0' || n == 0 || i >= n || n > 100000) return std::nullopt;
  return Shard{static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(n)};
}

std::string shardEnvironmentError() {
  const char* index = std::getenv("GTEST_SHARD_INDEX");
  const char* total = std::getenv("GTEST_TOTAL_SHARDS");
  if (index == nullptr && total == nullptr) return "";
  if (index == nullptr || total == nullptr) {
    return std::string(index == nullptr ? "GTEST_TOTAL_SHARDS" : "GTEST_SHARD_INDEX") + " is set but " +
           (index == nullptr ? "GTEST_SHARD_INDEX" : "GTEST_TOTAL_SHARDS") + " is not: set both or neither";
  }
  if (shardFromEnvironment()) return "";
  // gtest refuses these too: a silent shard 1/1 would run everything on every shard.
  return std::string("GTEST_SHARD_INDEX = '") + index + "', GTEST_TOTAL_SHARDS = '" + total +
         "': need whole numbers with 0 <= GTEST_SHARD_INDEX < GTEST_TOTAL_SHARDS <= 100000";
}

namespace {

// A worker process's result travels to the parent as one JSON document in a temporary file.
std::string encodeWorkerResult(const report::Report& report, const std::vector<OutputFile>& files) {
  nlohmann::json json;
  json["report"] = nlohmann::json::parse(report.toJsonText());
  json["files"] = nlohmann::json::array();
  for (const auto& file : files) json["files"].push_back({{"path", file.relativePath}, {"text", file.text}});
  return json.dump();
}

bool decodeWorkerResult(const std::string& text, report::Report& merged, std::vector<OutputFile>& files) {
  const auto json = nlohmann::json::parse(text, nullptr, false);
  if (json.is_discarded() || !json.contains("report") || !json.contains("files")) return false;
  if (!merged.mergeJson(json["report"].dump())) return false;
  for (const auto& file : json["files"]) {
    files.push_back({file.value("path", ""), file.value("text", "")});
  }
  return true;
}

// Runs the indices on `workers` forked processes and merges what they report.
RunOutcome runOnWorkers(const RunOptions& options, const std::vector<Unit>& units,
                        const std::vector<std::uint64_t>& indices, std::ostream& err) {
  struct Worker {
    pid_t pid;
    std::string resultFile;
    std::size_t unitCount;
  };
  std::vector<Worker> workers;
  for (std::uint32_t w = 0; w < options.threads; ++w) {
    std::vector<std::uint64_t> mine;
    for (std::size_t k = w; k < indices.size(); k += options.threads) mine.push_back(indices[k]);
    std::string tempError;
    const std::filesystem::path temp = runTempDir(&tempError);  // $TMPDIR, private, removed at exit
    if (temp.empty()) return {tempError, std::nullopt, {}};
    const std::string path = (temp / ("worker-" + std::to_string(w) + ".json")).string();
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) return {"cannot fork a worker process", std::nullopt, {}};
    if (pid == 0) {
      becomeWorker();
      ::prctl(PR_SET_PDEATHSIG, SIGTERM);  // a worker never outlives dcconf
      if (::getppid() != parent) std::_Exit(4);
      BackendMade made = makeBackend(options.backendSpec, options.perCaseTimeoutMs);
      if (!made.backend) std::_Exit(3);
      std::vector<OutputFile> files;
      RunOptions mineOptions = options;
      if (w != 0) mineOptions.quiet = true;
      try {
        const report::Report report = runUnits(mineOptions, *made.backend, units, mine, files, err);
        std::ofstream out(path);
        out << encodeWorkerResult(report, files);
        out.close();
        std::_Exit(out ? 0 : 6);
      } catch (const std::exception& e) {  // the parent reports the worker's units as untested (never a pass)
        err << "dcconf: error: worker " << w + 1 << ": " << casefile::validUtf8(e.what(), 300, true) << std::endl;
        std::_Exit(5);
      }
    }
    registerWorker(pid);  // SIGINT/SIGTERM reach it as SIGTERM: it stops and reports what finished
    workers.push_back({pid, path, mine.size()});
  }
  RunOutcome outcome;
  std::vector<OutputFile> files;
  BackendMade probe = makeBackend(options.backendSpec, options.perCaseTimeoutMs);  // for the report's names
  report::Report merged({options.commandLine, DCCONF_VERSION, probe.backend ? probe.backend->name() : options.backendSpec,
                         probe.backend ? probe.backend->version() : "", productsName(options),
                         oracle::profileName(options.profile), options.seed,
                         std::to_string(options.shard.index + 1) + "/" + std::to_string(options.shard.count), ""});
  for (std::size_t w = 0; w < workers.size(); ++w) {
    const Worker& worker = workers[w];
    int status = 0;
    while (::waitpid(worker.pid, &status, 0) < 0 && errno == EINTR) {
    }
    std::ifstream in(worker.resultFile);
    std::stringstream text;
    text << in.rdbuf();
    std::remove(worker.resultFile.c_str());
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || !decodeWorkerResult(text.str(), merged, files)) {
      // Its units were not tested: the report must not pass (once "passed": true with 0 cases).
      const std::string how = WIFSIGNALED(status) ? "was killed by signal " + std::to_string(WTERMSIG(status))
                              : WIFEXITED(status) && WEXITSTATUS(status) != 0
                                  ? "exited with status " + std::to_string(WEXITSTATUS(status))
                                  : "left no readable result";
      outcome.error = "worker process " + std::to_string(w + 1) + " of " + std::to_string(workers.size()) + " " +
                      how + " before reporting: its " + std::to_string(worker.unitCount) + " units were not tested";
      merged.addError(outcome.error);
    }
  }
  outcome.report = std::move(merged);
  outcome.files = std::move(files);
  return outcome;
}

}  // namespace

RunOutcome runSuite(const RunOptions& options, std::ostream& err) {
  const std::vector<Unit> units = planUnits(options);
  if (units.empty()) {
    return {"nothing to run: no unit matches --path '" + options.pathGlob + "', --dtype '" + options.dtypeGlob +
                "' and --only '" + options.onlyGlob + "' on " + productsName(options) +
                " (dcconf list --units)",
            std::nullopt, {}};
  }
  std::vector<std::uint64_t> indices;
  for (std::uint64_t i = 0; i < units.size(); ++i) {
    if (i % options.shard.count == options.shard.index) indices.push_back(i);
  }
  if (options.threads > 1) return runOnWorkers(options, units, indices, err);
  BackendMade made = makeBackend(options.backendSpec, options.perCaseTimeoutMs);
  if (!made.backend) return {made.error, std::nullopt, {}};
  // a backend whose own limits do not read cannot be run as it asks (docs/limits.md): one line, nothing runs
  if (EffectiveLimits limits = effectiveLimits(options, *made.backend); !limits.error.empty()) {
    return {limits.error, std::nullopt, {}};
  }
  RunOutcome outcome;
  outcome.report = runUnits(options, *made.backend, units, indices, outcome.files, err);
  return outcome;
}

std::string validBasePath(const std::string& caseFile) {
  const std::string stem = caseFile.size() > 5 && caseFile.ends_with(".json") ? caseFile.substr(0, caseFile.size() - 5) : caseFile;
  return stem + ".valid.json";
}

casefile::CaseData validBaseData(const casefile::CaseData& invalid, const oracle::Case& validBase) {
  casefile::CaseData out{validBase, invalid.src, invalid.dstBefore,
                         "G-4: the valid case this invalid case was broken from; --replay bounds its writes by this "
                         "case's footprint"};
  out.src.resize(validBase.src.sizeBytes);
  out.dstBefore.resize(validBase.dst.sizeBytes);
  return out;
}

namespace {

// G-4 on replay: the oracle refuses the case; the backend must reject it or stay inside validBase's footprint.
bool replayInvalid(backends::Backend& backend, const casefile::CaseData& data, const oracle::Evaluation& evaluation,
                   const casefile::CaseData* validBase, std::ostream& out) {
  out << "oracle verdict: " << oracle::name(evaluation.verdict);
  for (const auto& violation : evaluation.violations) out << "\n  " << oracle::describe(violation);
  out << "\n";
  if (validBase) {
    properties::InvalidCase invalid;
    invalid.data = data;
    invalid.validBase = validBase->c;
    if (!evaluation.violations.empty()) {
      invalid.clause = evaluation.violations.front().clause;
      invalid.field = evaluation.violations.front().field;
    }
    properties::InvalidPolicyTally tally;
    const props::Outcome outcome = properties::checkG4IutInvalidPolicy(backend, invalid, tally);
    const char* verdict = outcome.failed()                                      ? "FAIL"
                          : outcome.kind == props::Outcome::Kind::notSupported ? "NOT_SUPPORTED"
                          : tally.rejected > 0                                  ? "REJECTED"
                                                                                : "ACCEPTED_INVALID";
    out << verdict << "  G-4 invalid cases";
    if (!outcome.message.empty()) out << ": " << outcome.message;
    out << "\n";
    return !outcome.failed();
  }
  std::vector<std::uint8_t> actual = data.dstBefore;
  const auto result = backend.run(data.c, data.src, actual);
  if (result.status != backends::RunStatus::ok) {
    out << "backend answered " << backends::name(result.status) << ": " << result.detail << "\n";
    return result.status == backends::RunStatus::rejected || result.status == backends::RunStatus::error ||
           result.status == backends::RunStatus::notSupported;
  }
  std::uint64_t written = 0;
  std::uint64_t first = 0;
  for (std::uint64_t b = 0; b < actual.size(); ++b) {
    if (actual[b] == data.dstBefore[b]) continue;
    if (written++ == 0) first = b;
  }
  out << "ACCEPTED_INVALID  the backend ran the invalid case and changed " << written << " destination byte(s)";
  if (written > 0) out << ", first at byte " << first;
  out << "; no " << validBasePath("ID.json") << " beside the case, so which writes its valid part allows is unknown\n";
  return true;
}

}  // namespace

ReplayResult replayCase(const RunOptions& options, const casefile::CaseData& data, std::ostream& out,
                        const casefile::CaseData* validBase) {
  using Verdict = ReplayResult::Verdict;
  BackendMade made = makeBackend(options.backendSpec, options.perCaseTimeoutMs);
  if (!made.backend) return {Verdict::backendUnavailable, made.error};
  const auto resolution = oracle::resolveOperation(data.c);
  if (!resolution.operation) {
    out << "dcconf: error: " << resolution.error << "\n";
    return {Verdict::fails, ""};
  }
  const auto evaluation = oracle::evaluate(data.c, data.src, data.dstBefore);
  // An invalid case has no expectation: the case properties would each say only "not computed".
  if (evaluation.verdict == oracle::Verdict::invalid) {
    return {replayInvalid(*made.backend, data, evaluation, validBase, out) ? Verdict::conforms : Verdict::fails, ""};
  }
  bool conforms = true;
  bool tested = false;  // a property that passed or failed: NOT_SUPPORTED and n/a test nothing
  for (const PropertyDef& property : propertyCatalogue()) {
    if (property.kind != PropertyKind::onCase || !property.appliesTo(*resolution.operation)) continue;
    const props::Outcome outcome = property.onCase(*made.backend, data);
    tested = tested || outcome.kind == props::Outcome::Kind::pass || outcome.kind == props::Outcome::Kind::fail;
    const char* verdict = outcome.kind == props::Outcome::Kind::fail           ? "FAIL"
                          : outcome.kind == props::Outcome::Kind::notSupported ? "NOT_SUPPORTED"
                          : outcome.kind == props::Outcome::Kind::notApplicable ? "n/a"
                                                                               : "PASS";
    out << verdict << "  " << property.name;
    if (!outcome.message.empty()) out << ": " << outcome.message;
    out << "\n";
    conforms = conforms && !outcome.failed();
  }
  if (evaluation.verdict == oracle::Verdict::computed) {
    std::vector<std::uint8_t> actual = data.dstBefore;
    const auto result = made.backend->run(data.c, data.src, actual);
    if (result.status == backends::RunStatus::ok) {
      const MismatchReport mismatches = describeMismatches(data.c, evaluation, actual, 32);
      if (mismatches.mismatchedBytes > 0) {
        out << mismatches.summary << "\n";
        for (const auto& line : mismatches.lines) out << "  " << line << "\n";
      }
    } else {
      out << "backend answered " << backends::name(result.status) << ": " << result.detail << "\n";
    }
  } else {
    out << "oracle verdict: " << oracle::name(evaluation.verdict);
    for (const auto& violation : evaluation.violations) out << "\n  " << oracle::describe(violation);
    out << "\n";
  }
  return {!conforms ? Verdict::fails : tested || evaluation.verdict != oracle::Verdict::computed ? Verdict::conforms
                                                                                                : Verdict::nothingTested,
          ""};
}

}  // namespace dcconf::run

namespace dcconf::run {

std::string sparseCaseText(const properties::SparseCase& sparse) {
  nlohmann::json json = casefile::toJsonWithoutBuffers(sparse.c);
  json["description"] = "sparse: " + sparse.describe();
  json["sparse"] = {{"seed", sparse.seed}, {"field", sparse.draw.field}, {"value", sparse.draw.value}};
  return json.dump(2) + "\n";
}

SparseCaseRead readSparseCase(const nlohmann::json& json, const std::string& fileLabel) {
  SparseCaseRead read;
  if (!json.is_object() || !json.contains("sparse")) return read;
  const nlohmann::json& member = json.at("sparse");
  auto bad = [&](const std::string& field, const std::string& why) {
    read.error = fileLabel + ": sparse." + field + ": " + why + " (a sparse case: docs/case-format.md)";
    return read;
  };
  if (!member.is_object()) return bad("", "must be an object {\"seed\", \"field\", \"value\"}");
  for (const auto& [key, value] : member.items()) {
    if (key != "seed" && key != "field" && key != "value") return bad(casefile::clipForMessage(key, 40), "unknown key");
  }
  if (!member.contains("seed") || !member.at("seed").is_number_unsigned()) return bad("seed", "must be an unsigned integer");
  if (member.contains("field") && !member.at("field").is_string()) return bad("field", "must be a string");
  if (member.contains("value") && !member.at("value").is_number_unsigned()) return bad("value", "must be an unsigned integer");
  nlohmann::json caseJson = json;
  caseJson.erase("sparse");
  casefile::LoadResult loaded = casefile::parseCaseWithoutBuffers(std::move(caseJson), fileLabel);
  if (const auto* error = std::get_if<casefile::LoadError>(&loaded)) {
    read.error = error->oneLine();
    return read;
  }
  properties::SparseCase sparse;
  sparse.c = std::get<casefile::CaseData>(loaded).c;
  sparse.seed = member.at("seed").get<std::uint64_t>();
  sparse.draw.field = member.value("field", "");
  sparse.draw.value = member.value("value", std::uint64_t{0});
  read.sparse = std::move(sparse);
  return read;
}

ReplayResult replaySparseCase(const RunOptions& options, const properties::SparseCase& sparse, std::ostream& out) {
  using Verdict = ReplayResult::Verdict;
  // The footprint walk of a dense case is as long as its footprint: it gets the cap it is checked against as its work
  // cap (destination bytes walked, repeats counted), so a 2 x 1 GiB case is refused in a fraction of a second.
  const std::string capText = " MiB a sparse case may materialise; save a case this dense as a dense case file";
  const std::uint64_t savedWork = oracle::maxWorkBytes();
  oracle::setMaxWorkBytes(std::min(savedWork, props::kMaxSparseWindowBytes));
  std::optional<std::uint64_t> bytes;
  try {
    bytes = props::sparseWindowBytes(sparse);
  } catch (const oracle::WorkCapExceeded&) {
  }
  oracle::setMaxWorkBytes(savedWork);
  if (!bytes) {
    return {Verdict::tooLarge, "sparse windows: the footprint walk passed " +
                                   std::to_string(props::kMaxSparseWindowBytes) + " destination bytes: more than the " +
                                   std::to_string(props::kMaxSparseWindowBytes >> 20) + capText};
  }
  if (*bytes > props::kMaxSparseWindowBytes) {
    return {Verdict::tooLarge, "sparse windows = " + std::to_string(*bytes) + " bytes (src and dst footprint): more than the " +
                                   std::to_string(props::kMaxSparseWindowBytes >> 20) + capText};
  }
  BackendMade made = makeBackend(options.backendSpec, options.perCaseTimeoutMs);
  if (!made.backend) return {Verdict::backendUnavailable, made.error};
  const props::Outcome outcome = props::checkSparseConformance(*made.backend, sparse);
  const char* verdict = outcome.kind == props::Outcome::Kind::fail           ? "FAIL"
                        : outcome.kind == props::Outcome::Kind::notSupported ? "NOT_SUPPORTED"
                        : outcome.kind == props::Outcome::Kind::notApplicable ? "n/a"
                                                                             : "PASS";
  out << verdict << "  G-1 sparse buffers (" << sparse.describe() << ")";
  if (!outcome.message.empty()) out << ": " << outcome.message;
  out << "\n";
  return {outcome.failed()                                      ? Verdict::fails
          : outcome.kind == props::Outcome::Kind::notSupported ? Verdict::nothingTested
                                                                : Verdict::conforms,
          ""};
}

}  // namespace dcconf::run
