// dcconf explain CASE.json --out DIR: explain.html and explain.svg, the case drawn as pictures (docs/pictures.md).
#include <memory>

#include "commands.hpp"
#include "dcconf/casefile/casefile.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "dcconf/pictures/pictures.hpp"
#include "diagnostics.hpp"
#include "output_dir.hpp"

namespace dcconf::cli {
namespace {

struct ExplainOptions {
  std::string casePath;
  std::string outDir;
  bool force = false;
  std::string profile;  // overrides the case's profile when set
  std::uint64_t maxBufferBytes = casefile::LoadLimits{}.maxBufferBytes;
};

int runExplain(const ExplainOptions& options) {
  auto loaded = casefile::loadCaseFile(options.casePath, {options.maxBufferBytes});
  if (const auto* error = std::get_if<casefile::LoadError>(&loaded)) {
    return fail(ExitStatus::unreadableCase, error->oneLine());
  }
  casefile::CaseData& data = std::get<casefile::CaseData>(loaded);
  if (!options.profile.empty()) {
    const oracle::ProfileParse parsed = oracle::parseProfile(options.profile);
    if (!parsed.profile) return fail(ExitStatus::usage, "--profile: " + parsed.error);
    data.c.profile = *parsed.profile;
  }
  // As `dcconf case`: a call that is not documented at all (4) writes nothing; an invalid (3) or unsupported (6)
  // case gets a page that says why, and the status says so too.
  const oracle::Evaluation evaluation = oracle::evaluate(data.c, data.src, data.dstBefore);
  if (evaluation.verdict == oracle::Verdict::malformed) {
    for (const auto& violation : evaluation.violations) printError(options.casePath + ": " + oracle::describe(violation));
    return code(ExitStatus::unreadableCase);
  }
  StagedOutput::Begin staged = StagedOutput::begin(options.outDir, options.force);
  if (!staged.output) return fail(ExitStatus::outputRefused, staged.error);
  const pictures::Explained explained = pictures::explainCase(data);
  std::string error = staged.output->write("explain.html", explained.html);
  if (error.empty()) error = staged.output->write("explain.svg", explained.svg);
  if (error.empty()) error = staged.output->commit();
  if (!error.empty()) return fail(ExitStatus::outputRefused, error);
  for (const auto& violation : evaluation.violations) printError(options.casePath + ": " + oracle::describe(violation));
  switch (evaluation.verdict) {
    case oracle::Verdict::invalid: return code(ExitStatus::invalidCase);
    case oracle::Verdict::notSupported: return code(ExitStatus::notSupported);
    default: return code(ExitStatus::ok);
  }
}

}  // namespace

Command addExplainCommand(CLI::App& parent) {
  auto options = std::make_shared<ExplainOptions>();
  CLI::App* app = parent.add_subcommand("explain", "Draw a case: explain.html and explain.svg (source, destination, regions)");
  app->add_option("CASE", options->casePath, "dcconf.case/1 file (docs/case-format.md)")->required();
  app->add_option("--out", options->outDir, "output directory (created; replaced only with --force)")->required();
  app->add_flag("--force", options->force, "replace a non-empty output directory");
  app->add_option("--profile", options->profile, "ambiguity profile, overrides the case's (e.g. hw-noop,doc-dummy)");
  app->add_option("--max-buffer-bytes", options->maxBufferBytes, "refuse buffers larger than this")
      ->capture_default_str();
  return {app, [options] { return runExplain(*options); }};
}

}  // namespace dcconf::cli
