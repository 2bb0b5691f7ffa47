// dcconf vectors export|check|verify|lint: golden vector sets for device harnesses (docs/vectors-format.md).
#include <iostream>
#include <memory>

#include "baseline_option.hpp"
#include "commands.hpp"
#include "dcconf/pictures/pictures.hpp"
#include "dcconf/run/run.hpp"
#include "dcconf/vectors/export.hpp"
#include "dcconf/vectors/judge.hpp"
#include "dcconf/vectors/vectors.hpp"
#include "diagnostics.hpp"
#include "output_dir.hpp"
#include "run_verdict.hpp"

namespace dcconf::cli {
namespace {

struct VectorsOptions {
  // export
  std::string outDir;
  bool force = false;
  std::string product = std::string(oracle::name(oracle::kDefaultProduct));
  std::string profile = "default";
  std::string paths = "*";
  std::string dtypes = "*";
  std::uint32_t count = 4;
  std::uint64_t seed = 1;
  std::string maxBytes;  // "64M": the set's size bound (a --count 4 ascend950 set holds 4 MiB tensors)
  // check / verify / lint
  std::string setDir;
  std::string backend = "fast";
  std::uint32_t timeoutMs = 10000;
  std::string outputsDir;
  std::string reportDir;
  std::string saveOutputs;
  std::string tcGlob = "*";
  bool quiet = false;
  bool verbose = false;  // -v: the judge's summary in full (every unspecified reason, every G-6 reading)
  std::string baseline;  // expected failures by tcId glob (docs/baseline.md)
  bool strictBaseline = false;
};

int runExport(const VectorsOptions& o) {
  vectors::ExportOptions options;
  const auto product = oracle::parseProduct(o.product);
  if (!product) return fail(ExitStatus::usage, unknownProduct("--product", o.product));
  const std::string dtypes = canonicalDTypeGlob(o.dtypes);
  if (const std::string error = dtypeGlobError("--dtypes", dtypes); !error.empty()) return fail(ExitStatus::usage, error);
  const auto profile = parseProfileOption("--profile", o.profile);
  if (!profile.profile) return fail(ExitStatus::usage, profile.error);
  if (o.count > 10000) return fail(ExitStatus::usage, "--count: must be at most 10000");
  std::optional<std::uint64_t> maxBytes;
  if (!o.maxBytes.empty() && !(maxBytes = parseByteCount(o.maxBytes))) {
    return fail(ExitStatus::usage, "--max-bytes: '" + o.maxBytes + "' is not a size like 500K, 64M or 2G");
  }
  options.product = *product;
  options.profile = *profile.profile;
  options.pathGlob = o.paths;
  options.dtypeGlob = dtypes;
  options.count = o.count;
  options.seed = o.seed;
  // Recorded without --out/--force: the set is the same wherever it is written.
  options.command = "dcconf vectors export --product " + o.product + " --profile " + oracle::profileName(options.profile) +
                    " --paths " + run::shellQuoteArg(o.paths) + " --dtypes " + run::shellQuoteArg(dtypes) +
                    " --count " + std::to_string(o.count) + " --seed " + std::to_string(o.seed);
  // A set is read as a whole (every file listed), so it carries no marker: --force never replaces one.
  StagedOutput::Begin begin = StagedOutput::begin(o.outDir, o.force, {}, /*marked=*/false);  // refuse before spending time
  if (!begin.output) return fail(ExitStatus::outputRefused, begin.error);
  const vectors::Exported exported = vectors::exportSet(options);
  if (!exported.error.empty()) return fail(ExitStatus::backendUnavailable, exported.error);
  std::uint64_t bytes = 0;
  for (const auto& file : exported.files) bytes += file.bytes.size();
  const std::string size = std::to_string(exported.tests) + " vectors, " + byteCountText(bytes) + " in " +
                           std::to_string(exported.files.size()) + " files";
  if (maxBytes && bytes > *maxBytes) {  // said before anything is written
    return fail(ExitStatus::usage, "--max-bytes: the set would be " + size + ", above " + o.maxBytes +
                                       ": lower --count, or narrow --paths / --dtypes (nothing written)");
  }
  if (!o.quiet) std::cout << "writing " << size << " to " << o.outDir << std::endl;
  std::string error;
  for (const auto& file : exported.files) {
    if (error.empty()) error = begin.output->write(file.relativePath, file.bytes);
  }
  if (error.empty()) error = begin.output->commit();
  if (!error.empty()) return fail(ExitStatus::outputRefused, error);
  if (!o.quiet) std::cout << "exported " << exported.tests << " vectors to " << o.outDir << "\n";
  return code(ExitStatus::ok);
}

// Loads a set with a progress bar on a terminal (files hashed and groups parsed so far, elapsed, ETA).
vectors::Loaded loadWithProgress(const std::string& dir) {
  std::optional<report::Progress> progress;
  vectors::LoadLimits limits;
  limits.onProgress = [&progress](std::uint64_t, std::uint64_t total) {
    if (!progress) progress.emplace("dcconf vectors load", 0, total);
    progress->unitDone(0, false);
  };
  return vectors::loadSet(dir, limits);
}

// The set, or the exit status of a set that does not load (every problem on its own line).
std::optional<vectors::VectorSet> loadOrReport(const std::string& dir, int& status) {
  vectors::Loaded loaded = loadWithProgress(dir);
  if (loaded.set) return std::move(loaded.set);
  for (const auto& problem : loaded.problems) printError(dir + "/" + problem.oneLine());
  status = code(ExitStatus::unreadableCase);
  return std::nullopt;
}

// report.json, junit.xml, report.html and failures/<tcId>.html under --out, as dcconf run writes them.
int finishJudged(const VectorsOptions& o, const vectors::Judged& judged, std::optional<StagedOutput>& reportOut,
                 std::optional<StagedOutput>& outputsOut) {
  if (!judged.report) return fail(ExitStatus::backendUnavailable, judged.error);
  if (!o.quiet) judged.report->printSummary(std::cout, o.verbose);
  judged.report->printTotals(std::cout);  // the verdict, last
  std::string error;
  if (reportOut) {
    error = reportOut->write("report.json", judged.report->toJsonText());
    if (error.empty()) error = reportOut->write("junit.xml", judged.report->toJunitXml());
    std::vector<std::string> pages;
    for (const auto& page : judged.failurePages) {
      if (error.empty()) error = reportOut->write(page.relativePath, page.bytes);
      pages.push_back(page.relativePath);
    }
    if (error.empty()) error = reportOut->write("report.html", pictures::reportPage(judged.report->toJsonText(), pages));
    if (error.empty()) error = reportOut->commit();
  }
  if (outputsOut) {
    for (const auto& file : judged.outputs) {
      if (error.empty()) error = outputsOut->write(file.relativePath, file.bytes);
    }
    if (error.empty()) error = outputsOut->commit();
  }
  if (!error.empty()) return fail(ExitStatus::outputRefused, error);
  return exitCodeOf(*judged.report, false);
}

std::optional<StagedOutput> stage(const NamedPath& out, bool force, const std::vector<NamedPath>& inputs,
                                  std::string& error) {
  if (out.path.empty() || !error.empty()) return std::nullopt;
  error = overlapError(out, inputs);
  if (!error.empty()) return std::nullopt;
  StagedOutput::Begin begin = StagedOutput::begin(out.path, force);
  if (!begin.output) error = begin.error;
  return std::move(begin.output);
}

int runJudge(const VectorsOptions& o, bool verify, const std::string& commandLine) {
  std::string error;
  // Neither output may be, hold or lie in the set, the dumped outputs, or the other output.
  const NamedPath setInput{"the vector set", o.setDir};
  std::optional<StagedOutput> reportOut =
      stage({"--out", o.reportDir}, o.force, {setInput, {"--outputs", o.outputsDir}, {"--save-outputs", o.saveOutputs}}, error);
  std::optional<StagedOutput> outputsOut =
      verify ? std::nullopt : stage({"--save-outputs", o.saveOutputs}, o.force, {setInput, {"--out", o.reportDir}}, error);
  if (!error.empty()) return fail(ExitStatus::outputRefused, error);
  // A mistyped --outputs is said at once, not after the set has loaded (seconds for a big set).
  if (verify) {
    if (std::string missing = vectors::outputsFolderError(o.outputsDir); !missing.empty()) {
      return fail(ExitStatus::backendUnavailable, missing);
    }
  }
  std::optional<report::Baseline> baseline;
  if (const std::string baselineError = loadBaselineOption(o.baseline, o.strictBaseline, baseline);
      !baselineError.empty()) {
    return fail(ExitStatus::usage, baselineError);
  }
  int status = 0;
  const auto set = loadOrReport(o.setDir, status);
  if (!set) return status;
  vectors::JudgeOptions options;
  options.tcGlob = o.tcGlob;
  options.command = commandLine;
  options.setArgument = o.setDir;
  options.saveOutputs = !o.saveOutputs.empty();
  vectors::Judged judged = verify ? vectors::verifySet(*set, o.outputsDir, options)
                                  : vectors::checkSet(*set, o.backend, o.timeoutMs, options);
  if (baseline && judged.report) report::applyBaseline(*judged.report, *baseline, o.strictBaseline);
  return finishJudged(o, judged, reportOut, outputsOut);
}

int runLint(const VectorsOptions& o) {
  const vectors::Loaded loaded = loadWithProgress(o.setDir);
  for (const auto& problem : loaded.problems) printError(o.setDir + "/" + problem.oneLine());
  if (!loaded.set) return code(ExitStatus::unreadableCase);
  if (!o.quiet) {
    std::cout << o.setDir << ": " << loaded.set->vectors.size() << " vectors in " << loaded.set->manifest.groups.size()
              << " group files, " << loaded.set->manifest.files.size() << " files hashed, "
              << loaded.set->manifest.flags.size() << " flags defined: ok\n";
  }
  return code(ExitStatus::ok);
}

}  // namespace

Command addVectorsCommand(CLI::App& parent) {
  auto o = std::make_shared<VectorsOptions>();
  CLI::App* app = parent.add_subcommand("vectors", "Golden vector sets for device harnesses: export, check, verify, lint");
  app->require_subcommand(1);

  CLI::App* exp = app->add_subcommand("export", "Write a deterministic vector set (same seed and version: same bytes)");
  exp->add_option("--out", o->outDir, "the set's folder (created; an existing one must be empty)")->required();
  exp->add_flag("--force", o->force,
                "accepted, but a set is never replaced: a non-empty --out is refused (exit 5); remove it yourself");
  exp->add_option("--product", o->product, "product id (dcconf list)")->capture_default_str();
  exp->add_option("--profile", o->profile, "ambiguity profile, e.g. hw-noop,doc-dummy")->capture_default_str();
  exp->add_option("--path,--paths", o->paths, "only paths matching this glob, e.g. 'GM->*'")->capture_default_str();
  exp->add_option("--dtype,--dtypes", o->dtypes, "only dtypes matching this glob, e.g. 'half'")->capture_default_str();
  exp->add_option("--count", o->count, "random valid cases per operation x dtype (plus one random invalid)")
      ->capture_default_str();
  exp->add_option("--seed", o->seed, "seed of the random cases")->capture_default_str();
  exp->add_option("--max-bytes", o->maxBytes,
                  "refuse (exit 2, nothing written) a set larger than this, e.g. 64M; the size is said before writing");
  exp->add_flag("--quiet", o->quiet, "no summary line");

  CLI::App* check = app->add_subcommand("check", "Replay every vector on a backend and report as dcconf run does");
  check->add_option("DIR", o->setDir, "the vector set's folder")->required();
  check->add_option("--backend", o->backend, "fast | oracle | plugin:PATH.so | exec:\"COMMAND ARGS\"")->capture_default_str();
  check->add_option("--timeout-ms", o->timeoutMs, "per-case timeout for plugin and exec backends")->capture_default_str()
      ->check(CLI::Range(1u, 3600000u));  // 0 would time every case out: a run that tests nothing
  check->add_option("--save-outputs", o->saveOutputs, "write the backend's destination as <tcId>.bin into this folder");

  CLI::App* verify = app->add_subcommand("verify", "Judge the <tcId>.bin outputs a device harness dumped");
  verify->add_option("DIR", o->setDir, "the vector set's folder")->required();
  verify->add_option("--outputs", o->outputsDir, "folder of <tcId>.bin, one per vector the harness ran")->required();

  for (CLI::App* judge : {check, verify}) {
    judge->add_option("--out", o->reportDir, "write report.json, junit.xml, report.html and failures/*.html here");
    judge->add_flag("--force", o->force, "replace non-empty output folders");
    judge->add_option("--tc,--only", o->tcGlob, "only vectors whose tcId (their unit id) matches this glob")
        ->capture_default_str();
    judge->add_flag("--quiet", o->quiet, "no summary table");
    judge->add_flag("-v,--verbose", o->verbose, "the summary in full: every unspecified reason and G-6 reading");
    judge->add_option("--baseline", o->baseline, "expected failures by tcId glob (JSON, docs/baseline.md)");
    judge->add_flag("--strict-baseline", o->strictBaseline, "a listed vector that now passes (XPASS) fails the run");
  }

  CLI::App* lint = app->add_subcommand("lint", "Check a vector set: schema, hashes, sizes, unique tcIds, flags defined");
  lint->add_option("DIR", o->setDir, "the vector set's folder")->required();
  lint->add_flag("--quiet", o->quiet, "no summary line");

  return {app, [o, exp, verify, lint] {
            if (exp->parsed()) return runExport(*o);
            if (lint->parsed()) return runLint(*o);
            const bool isVerify = verify->parsed();
            std::string line = "dcconf vectors " + std::string(isVerify ? "verify " : "check ") +
                               run::shellQuoteArg(o->setDir) +
                               (isVerify ? " --outputs " + run::shellQuoteArg(o->outputsDir)
                                         : " --backend " + run::shellQuoteArg(o->backend));
            if (o->tcGlob != "*") line += " --tc " + run::shellQuoteArg(o->tcGlob);
            return runJudge(*o, isVerify, line);
          }};
}

}  // namespace dcconf::cli
