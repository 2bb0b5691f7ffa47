// The kill matrix: the default property suite against every mutant, each run only on the operations and dtypes
// its fault touches, stopped at its first kill. A fixpipe mutant the suite did not kill then meets the fixed FIX
// cases (fix_cases.hpp).
#include <algorithm>
#include <iomanip>
#include <ostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "dcconf/mutants/mutants.hpp"
#include "dcconf/report/report.hpp"
#include "dcconf/run/diff.hpp"
#include "dcconf/run/lifecycle.hpp"
#include "engine_internal.hpp"
#include "fix_cases.hpp"

namespace dcconf::mutants {

namespace {

// The units a mutant can fail: its operations on its product, its dtypes, valid-case properties only (G-4 is about
// invalid cases, which no mutant changes).
std::vector<std::uint64_t> unitsFor(const Mutant& mutant, const std::vector<run::Unit>& units) {
  std::vector<std::uint64_t> indices;
  for (std::uint64_t i = 0; i < units.size(); ++i) {
    const run::Unit& unit = units[i];
    if (unit.property->kind == run::PropertyKind::onInvalid && !mutant.acceptsInvalid) continue;
    if (std::find(mutant.operations.begin(), mutant.operations.end(), unit.operation) == mutant.operations.end()) continue;
    if (mutant.affectsDType && !mutant.affectsDType(unit.dtype)) continue;
    indices.push_back(i);
  }
  return indices;
}

// The fixed FIX cases, in order, until one differs from the oracle on a cared byte (G-1) or is refused.
void killOnFixedCases(const Mutant& mutant, KillRow& row, std::vector<run::OutputFile>& files) {
  auto backend = makeMutantBackend(mutant);
  const std::vector<casefile::CaseData> cases = fixpipeKillCases();
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const casefile::CaseData& data = cases[k];
    if (mutant.affectsDType && !mutant.affectsDType(data.c.dtype)) continue;
    ++row.casesToKill;
    const oracle::Evaluation e = oracle::evaluate(data.c, data.src, data.dstBefore);
    std::vector<std::uint8_t> dst = data.dstBefore;
    const backends::RunResult r = backend->run(data.c, data.src, dst);
    if (r.status == backends::RunStatus::ok && oracle::firstMismatch(e.expectation, dst) == oracle::kNoMismatch) continue;
    row.killed = true;
    row.killedBy = "G-1 conformance (fixed FIX case)";
    row.unit = "fixpipe " + std::string(oracle::name(data.c.dtype));
    if (r.status != backends::RunStatus::ok) {
      row.failureClause = "G-4";
      row.diff = {"backend answered " + std::string(backends::name(r.status)) + ": " + r.detail};
    } else {
      const run::MismatchReport m = run::describeMismatches(data.c, e, dst);
      row.failureClause = m.clause;
      row.diff = m.lines;
      row.diff.insert(row.diff.begin(), m.summary);
    }
    row.caseFile = row.mutant + "/failures/fixed-fix-case-" + std::to_string(k) + ".json";
    files.push_back({row.caseFile, casefile::toJsonText(data)});
    return;
  }
}

KillRow killOne(const Mutant& mutant, const KillOptions& options, std::vector<run::OutputFile>& files,
                std::ostream&) {
  KillRow row;
  row.mutant = mutant.name;
  row.clause = mutant.clause;
  row.conditionClass = mutant.conditionClass;
  row.seed = options.seed;
  run::RunOptions runOptions;
  runOptions.backendSpec = "mutant:" + row.mutant;
  runOptions.product = mutant.product;
  runOptions.seed = options.seed;
  // a conditional mutant is wrong only on rare inputs: it gets the default run's cases, not a time budget
  if (!options.defaultRun && mutant.conditionClass.empty()) runOptions.timeBudget = options.timePerMutant;
  runOptions.failFast = true;
  runOptions.quiet = true;
  runOptions.commandLine = "dcconf mutants --only " + row.mutant + " --seed " + std::to_string(options.seed);
  const std::vector<run::Unit> units = run::planUnits(runOptions);
  const std::vector<std::uint64_t> indices = unitsFor(mutant, units);
  auto backend = makeMutantBackend(mutant);
  std::vector<run::OutputFile> found;
  std::ostringstream quiet;  // --fail-fast's own line is noise here
  const auto start = std::chrono::steady_clock::now();
  const report::Report report = run::runUnits(runOptions, *backend, units, indices, found, quiet);
  if (report.failures().empty()) {
    const auto& ops = mutant.operations;
    if (std::find(ops.begin(), ops.end(), oracle::Operation::fixpipe) != ops.end()) killOnFixedCases(mutant, row, files);
    row.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return row;
  }
  row.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const report::Failure& failure = report.failures().front();
  row.killed = true;
  row.killedBy = failure.property;
  row.unit = failure.group + " " + failure.dtype;
  row.failureClause = failure.clause;
  row.casesToKill = report.counts({failure.group, failure.dtype}, failure.property).total();
  row.diff = failure.diff;
  if (!failure.caseFile.empty()) row.caseFile = row.mutant + "/" + failure.caseFile;
  for (auto& file : found) files.push_back({row.mutant + "/" + file.relativePath, std::move(file.text)});
  return row;
}

}  // namespace

KillMatrix runKillMatrixOneSeed(const KillOptions& options, std::ostream& err);

bool KillMatrix::allKilled() const {
  return std::all_of(rows.begin(), rows.end(), [](const KillRow& row) { return row.killed; });
}

namespace {

double median(std::vector<std::uint64_t> cases) {
  if (cases.empty()) return 0;
  std::sort(cases.begin(), cases.end());
  const std::size_t mid = cases.size() / 2;
  return cases.size() % 2 == 1 ? static_cast<double>(cases[mid])
                               : static_cast<double>(cases[mid - 1] + cases[mid]) / 2.0;
}

}  // namespace

double KillMatrix::medianCasesToKill() const {
  std::vector<std::uint64_t> cases;
  for (const KillRow& row : rows) {
    if (row.killed) cases.push_back(row.casesToKill);
  }
  return median(std::move(cases));
}

std::map<std::string, KillMatrix::ClassSummary> KillMatrix::byConditionClass() const {
  std::map<std::string, std::vector<std::uint64_t>> cases;
  std::map<std::string, ClassSummary> out;
  for (const KillRow& row : rows) {
    if (row.conditionClass.empty()) continue;
    ClassSummary& s = out[row.conditionClass];
    ++s.mutants;
    if (!row.killed) continue;
    ++s.killed;
    s.worstCasesToKill = std::max(s.worstCasesToKill, row.casesToKill);
    cases[row.conditionClass].push_back(row.casesToKill);
  }
  for (auto& [name, s] : out) s.medianCasesToKill = median(cases[name]);
  return out;
}

void KillMatrix::print(std::ostream& out) const {
  std::size_t nameWidth = 6;
  auto label = [&](const KillRow& row) { return seedCount > 1 ? row.mutant + "@" + std::to_string(row.seed) : row.mutant; };
  for (const KillRow& row : rows) nameWidth = std::max(nameWidth, label(row).size());
  out << std::left << std::setw(static_cast<int>(nameWidth)) << "mutant" << "  " << std::setw(11) << "clause"
      << "  " << std::setw(8) << "verdict" << "  " << std::setw(36) << "killed by" << "  " << std::setw(6) << "cases"
      << "  counterexample\n";
  std::size_t killed = 0;
  for (const KillRow& row : rows) {
    killed += row.killed ? 1 : 0;
    out << std::setw(static_cast<int>(nameWidth)) << label(row) << "  " << std::setw(11) << row.clause << "  "
        << std::setw(8) << (row.killed ? "killed" : "SURVIVED") << "  " << std::setw(36) << row.killedBy << "  "
        << std::setw(6) << (row.killed ? std::to_string(row.casesToKill) : "-") << "  " << row.caseFile << "\n";
  }
  out << killed << "/" << rows.size() << (seedCount > 1 ? " mutant runs (" + std::to_string(seedCount) + " seeds)" : " mutants")
      << " killed; median cases to first kill: " << medianCasesToKill() << "\n";
  for (const auto& [name, s] : byConditionClass()) {
    out << "conditional " << name << ": " << s.killed << "/" << s.mutants << " killed; cases to kill median "
        << s.medianCasesToKill << ", worst " << s.worstCasesToKill << "\n";
  }
  for (const KillRow& row : rows) {
    if (!row.killed) out << "SURVIVED: " << label(row) << " (" << row.clause << "): fix the suite, not the mutant\n";
  }
}

std::string KillMatrix::toJsonText() const {
  nlohmann::json json;
  json["schema"] = "dcconf.mutants/1";
  json["allKilled"] = allKilled();
  json["medianCasesToKill"] = medianCasesToKill();
  json["classes"] = nlohmann::json::object();
  for (const auto& [name, s] : byConditionClass()) {
    json["classes"][name] = {{"mutants", s.mutants},
                             {"killed", s.killed},
                             {"medianCasesToKill", s.medianCasesToKill},
                             {"worstCasesToKill", s.worstCasesToKill}};
  }
  if (!interrupted.empty()) json["interrupted"] = true;  // only then: the rows are the mutants that finished
  if (!interrupted.empty()) json["interruptedBy"] = interrupted;
  json["mutants"] = nlohmann::json::array();
  for (const KillRow& row : rows) {
    json["mutants"].push_back({{"mutant", row.mutant},
                               {"clause", row.clause},
                               {"conditionClass", row.conditionClass},
                               {"seed", row.seed},
                               {"killed", row.killed},
                               {"killedBy", row.killedBy},
                               {"unit", row.unit},
                               {"failureClause", row.failureClause},
                               {"casesToKill", row.casesToKill},
                               {"caseFile", row.caseFile},
                               {"diff", row.diff},
                               {"seconds", row.seconds}});
  }
  return json.dump(2) + "\n";
}

KillMatrix runKillMatrix(const KillOptions& options, std::ostream& err) {
  if (options.seeds.size() > 1) {  // one matrix per seed; its files under seed-N/
    KillMatrix all;
    all.seedCount = options.seeds.size();
    for (const std::uint64_t seed : options.seeds) {
      KillOptions one = options;
      one.seeds = {seed};
      const std::string prefix = "seed-" + std::to_string(seed) + "/";
      if (options.fileSink) {
        one.fileSink = [&](run::OutputFile&& file) { options.fileSink({prefix + file.relativePath, std::move(file.text)}); };
      }
      KillMatrix matrix = runKillMatrix(one, err);
      all.interrupted = matrix.interrupted;
      for (KillRow& row : matrix.rows) {
        if (!row.caseFile.empty()) row.caseFile = prefix + row.caseFile;
        all.rows.push_back(std::move(row));
      }
      for (run::OutputFile& file : matrix.files) all.files.push_back({prefix + file.relativePath, std::move(file.text)});
      if (!all.interrupted.empty()) break;
    }
    return all;
  }
  KillOptions single = options;
  if (options.seeds.size() == 1) single.seed = options.seeds.front();
  return runKillMatrixOneSeed(single, err);
}

KillMatrix runKillMatrixOneSeed(const KillOptions& options, std::ostream& err) {
  KillMatrix matrix;
  std::uint64_t selected = 0;
  for (const Mutant& mutant : catalogue()) selected += run::globMatch(options.nameGlob, mutant.name);
  // On a terminal: mutants done / total, survivors so far, elapsed, ETA (the per-mutant lines below stay for logs).
  report::Progress progress("dcconf mutants", 0, selected);
  for (const Mutant& mutant : catalogue()) {
    if (!run::globMatch(options.nameGlob, mutant.name) || mutant.conditionClass.empty() == options.conditional) continue;
    KillRow finished = killOne(mutant, options, matrix.files, err);
    if (run::interrupted()) {  // the mutant cut short is no result: keep the finished ones, say why the list ends
      matrix.interrupted = run::interruptName();
      matrix.files.clear();
      break;
    }
    matrix.rows.push_back(std::move(finished));
    if (options.fileSink) {
      for (run::OutputFile& file : matrix.files) options.fileSink(std::move(file));
      matrix.files.clear();
    }
    const KillRow& row = matrix.rows.back();
    progress.unitDone(row.casesToKill, !row.killed);
    if (report::Progress::enabledByDefault()) err << "\r\033[K";  // the line replaces the bar, which redraws below
    err << "dcconf mutants: " << row.mutant << (options.seeds.empty() ? "" : " seed " + std::to_string(options.seed)) << ": " << (row.killed ? "killed" : "SURVIVED") << " in "
        << std::fixed << std::setprecision(2) << row.seconds << "s\n" << std::defaultfloat;
  }
  return matrix;
}

}  // namespace dcconf::mutants
