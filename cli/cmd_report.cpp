// dcconf report merge DIR... --out DIR: one report.json and junit.xml from the reports of a sharded run's shards,
// with their failures/ case files, gated again on an optional baseline (the CI gate after a matrix of shards).
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "baseline_option.hpp"
#include "commands.hpp"
#include "dcconf/pictures/pictures.hpp"
#include "dcconf/report/merge.hpp"
#include "dcconf/run/run.hpp"
#include "diagnostics.hpp"
#include "output_dir.hpp"

namespace dcconf::cli {
namespace {

namespace fs = std::filesystem;

constexpr std::uintmax_t kMaxReportBytes = 256u << 20;

struct MergeOptions {
  std::vector<std::string> shardDirs;
  std::string outDir;
  bool force = false;
  std::string baseline;
  bool strictBaseline = false;
  bool quiet = false;
};

// The file's text, or an error line.
std::string readCapped(const fs::path& path, std::string& text) {
  std::error_code ec;
  const std::uintmax_t size = fs::file_size(path, ec);
  if (ec) return path.string() + ": cannot read (" + ec.message() + ")";
  if (size > kMaxReportBytes) return path.string() + ": " + std::to_string(size) + " bytes, more than a report may have";
  std::ifstream in(path, std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (!in && !in.eof()) return path.string() + ": cannot read";
  text = buffer.str();
  return "";
}

bool inside(const fs::path& inner, const fs::path& outer) {
  const fs::path a = fs::weakly_canonical(inner);
  const fs::path b = fs::weakly_canonical(outer);
  auto [end, unused] = std::mismatch(b.begin(), b.end(), a.begin(), a.end());
  (void)unused;
  return end == b.end();
}

int runMerge(const MergeOptions& o) {
  for (const auto& dir : o.shardDirs) {
    if (inside(o.outDir, dir) || inside(dir, o.outDir)) {
      return fail(ExitStatus::outputRefused, "--out " + o.outDir + " is or lies inside the shard folder " + dir +
                                                 " (or contains it): choose a folder of its own");
    }
  }
  std::optional<report::Baseline> baseline;
  if (const std::string error = loadBaselineOption(o.baseline, o.strictBaseline, baseline); !error.empty()) {
    return fail(ExitStatus::usage, error);
  }
  std::vector<report::ShardReport> shards;
  for (const auto& dir : o.shardDirs) {
    std::string text;
    if (std::string error = readCapped(fs::path(dir) / "report.json", text); !error.empty()) {
      return fail(ExitStatus::unreadableCase, error);
    }
    shards.push_back({dir, std::move(text)});
  }
  report::Merged merged = report::mergeShardReports(shards);
  if (!merged.report) return fail(ExitStatus::unreadableCase, merged.error);
  if (baseline) report::applyBaseline(*merged.report, *baseline, o.strictBaseline);
  StagedOutput::Begin begin = StagedOutput::begin(o.outDir, o.force);
  if (!begin.output) return fail(ExitStatus::outputRefused, begin.error);
  StagedOutput& out = *begin.output;
  std::string error = out.write("report.json", merged.report->toJsonText());
  if (error.empty()) error = out.write("junit.xml", merged.report->toJunitXml());
  // The shards' saved failing cases, so every caseFile in the merged report resolves under --out.
  // With it, its picture (ID.html) and a G-4 failure's valid part (ID.valid.json: --replay bounds the invalid case's
  // writes with it); then report.html over the merged report, linking the pictures.
  std::vector<std::string> pages;
  for (const auto& failure : merged.report->failures()) {
    if (!error.empty() || failure.caseFile.rfind("failures/", 0) != 0) continue;
    for (const auto& dir : o.shardDirs) {
      const fs::path source = fs::path(dir) / failure.caseFile;
      if (!fs::is_regular_file(source)) continue;
      for (const std::string& name :
           {failure.caseFile, run::validBasePath(failure.caseFile), "failures/" + failure.id + ".html"}) {
        std::string text;
        if (name != failure.caseFile && !fs::is_regular_file(fs::path(dir) / name)) continue;
        if (error.empty()) error = readCapped(fs::path(dir) / name, text);
        if (error.empty()) error = out.write(name, text);
        if (name.ends_with(".html")) pages.push_back(name);
      }
      break;
    }
  }
  if (error.empty()) error = out.write("report.html", pictures::reportPage(merged.report->toJsonText(), pages));
  if (error.empty()) error = out.commit();
  if (!error.empty()) return fail(ExitStatus::outputRefused, error);
  if (!o.quiet) merged.report->printSummary(std::cout);
  merged.report->printTotals(std::cout);  // the verdict, last
  return code(merged.report->passed() ? ExitStatus::ok : ExitStatus::checksFailed);
}

}  // namespace

Command addReportCommand(CLI::App& parent) {
  auto o = std::make_shared<MergeOptions>();
  CLI::App* app = parent.add_subcommand("report", "Work with report folders (report.json + junit.xml)");
  app->require_subcommand(1);
  CLI::App* merge = app->add_subcommand("merge", "Merge the report folders of every shard of one run into one");
  merge->add_option("DIR", o->shardDirs, "one report folder per shard (dcconf run --shard I/N --out DIR)")
      ->required();
  merge->add_option("--out", o->outDir, "the merged report folder (created; replaced only with --force)")->required();
  merge->add_flag("--force", o->force, "replace a non-empty --out folder");
  merge->add_option("--baseline", o->baseline, "apply this baseline to the merged run (docs/baseline.md)");
  merge->add_flag("--strict-baseline", o->strictBaseline, "a baseline entry that now passes (XPASS) fails the merge");
  merge->add_flag("--quiet", o->quiet, "no summary table");
  return {app, [o] { return runMerge(*o); }};
}

}  // namespace dcconf::cli
