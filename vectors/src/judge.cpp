// Judging a vector set: replayed on a backend (check) or from a device harness's dumped outputs (verify). The
// vector's expected.bin and care.bin are the truth; the oracle only supplies regions for readable diffs.
#include "dcconf/vectors/judge.hpp"

#include <chrono>
#include <ctime>
#include <fstream>

#include "dcconf/backends/children.hpp"
#include "dcconf/casefile/text.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "dcconf/run/diff.hpp"
#include "dcconf/run/failure_page.hpp"
#include "dcconf/run/run.hpp"

namespace dcconf::vectors {

namespace fs = std::filesystem;
using report::CaseStatus;

namespace {

using casefile::hexByte;

struct Judgement {
  CaseStatus status = CaseStatus::pass;
  std::string clause;
  std::string message;  // one line, for failures
  std::vector<std::string> diff;
  std::vector<std::pair<int, unsigned>> readings;  // G-6, a pass: per AMB id the readings followed (bit 0 first)
};

Judgement failed(std::string clause, std::string message, std::vector<std::string> diff = {}) {
  return {CaseStatus::fail, std::move(clause), std::move(message), std::move(diff), {}};
}

std::uint64_t firstCaredDifference(const Vector::Reading& reading, std::span<const std::uint8_t> actual) {
  for (std::uint64_t b = 0; b < actual.size(); ++b) {
    if (reading.care[b] != 0 && reading.expected[b] != actual[b]) return b;
  }
  return oracle::kNoMismatch;
}

// "reading offset-signed,deq-rne" (and "= offset-signed,deq-trunc" for the combinations giving the same bytes).
std::string readingName(const Vector::Reading& reading) {
  std::string out = "reading " + reading.words.front();
  for (std::size_t w = 1; w < reading.words.size() && w < 4; ++w) out += " = " + reading.words[w];
  if (reading.words.size() > 4) out += " = ... (" + std::to_string(reading.words.size()) + " combinations)";
  return out;
}

// G-6: an output that matches the cared bytes must also match one whole reading of the open alternatives. A pass
// records the readings it follows (the fingerprint); no reading explaining it is a byte-wise mix of readings.
Judgement judgeReadings(const Vector& v, std::span<const std::uint8_t> actual) {
  if (v.readings.empty()) return {};  // no open alternatives: a pinned profile, or a set older than the field
  std::vector<std::size_t> followed;
  std::vector<std::string> lines;
  for (const Vector::Reading& reading : v.readings) {
    const std::uint64_t b = firstCaredDifference(reading, actual);
    if (b == oracle::kNoMismatch) {
      followed.insert(followed.end(), reading.combinations.begin(), reading.combinations.end());
    } else if (lines.size() < 8) {
      lines.push_back(readingName(reading) + " differs at dst byte " + std::to_string(b) + ": expected " +
                      hexByte(reading.expected[b]) + ", actual " + hexByte(actual[b]));
    }
  }
  std::string ambiguities;
  for (const int id : v.ambIds) ambiguities += (ambiguities.empty() ? "AMB-" : ", AMB-") + std::to_string(id);
  if (followed.empty()) {
    std::string message = v.tcId + ": G-6: the output matches every cared byte but no single whole reading of " +
                          ambiguities + " (a call follows one reading of each ambiguity; a byte-wise mix fails):";
    for (std::size_t l = 0; l < lines.size() && l < 2; ++l) message += (l == 0 ? " " : "; ") + lines[l];
    return failed("G-6", std::move(message), std::move(lines));
  }
  Judgement pass;
  for (std::size_t k = 0; k < v.ambIds.size(); ++k) {
    unsigned bits = 0;
    for (const std::size_t m : followed) bits |= 1u << ((m >> k) & 1u);
    pass.readings.emplace_back(v.ambIds[k], bits);
  }
  return pass;
}

// A valid vector's destination against expected.bin under care.bin.
Judgement judgeValid(const Vector& v, std::span<const std::uint8_t> actual) {
  if (actual.size() != v.expected.size()) {
    return failed("G-1", v.tcId + ": the output is " + std::to_string(actual.size()) + " bytes, expected " +
                             std::to_string(v.expected.size()) + " (the case's dst.size)");
  }
  oracle::Evaluation e = oracle::evaluate(v.data.c, v.data.src, v.data.dstBefore);
  if (e.verdict != oracle::Verdict::computed) {
    return failed("G-4", v.tcId + ": this dcconf's oracle says " + std::string(oracle::name(e.verdict)) +
                             " for a valid vector: the set comes from another dcconf version (re-export it)");
  }
  e.expectation.expected = v.expected;
  e.expectation.care = v.care;
  e.expectation.classes = v.nanElements;  // AMB-16 (project); empty for an older set
  const run::MismatchReport mismatches = run::describeMismatches(v.data.c, e, actual);
  if (mismatches.mismatchedBytes == 0) return judgeReadings(v, actual);
  return failed(mismatches.clause, v.tcId + ": " + mismatches.summary, mismatches.lines);
}

// An invalid vector that ran anyway: nothing may change outside allowedWrites (G-4).
Judgement judgeInvalidRan(const Vector& v, std::span<const std::uint8_t> actual) {
  if (actual.size() != v.data.dstBefore.size()) {
    return failed("G-4", v.tcId + ": the output is " + std::to_string(actual.size()) + " bytes, expected " +
                             std::to_string(v.data.dstBefore.size()) + " (the case's dst.size)");
  }
  std::vector<std::uint8_t> allowed(actual.size(), 0);
  for (const auto& range : v.allowedWrites) std::fill(allowed.begin() + static_cast<std::ptrdiff_t>(range.begin),
                                                      allowed.begin() + static_cast<std::ptrdiff_t>(range.end), 1);
  for (std::size_t b = 0; b < actual.size(); ++b) {
    if (allowed[b] == 0 && actual[b] != v.data.dstBefore[b]) {
      return failed("G-4", v.tcId + ": invalid (" + v.clause + " " + v.field + ") and run anyway, it wrote byte " +
                               std::to_string(b) + " outside the allowed writes: expected " +
                               hexByte(v.data.dstBefore[b]) + ", got " + hexByte(actual[b]) + " (G-4/G-1)");
    }
  }
  return {CaseStatus::acceptedInvalid, "", "", {}, {}};
}

class Recorder {
 public:
  Recorder(report::RunMeta meta, std::string reproPrefix)
      : report_(std::move(meta)), reproPrefix_(std::move(reproPrefix)) {}

  // actual: the destination the implementation produced, when it produced one (for the failure's picture).
  void record(const Vector& v, const Judgement& j, std::span<const std::uint8_t> actual = {}) {
    const report::GroupKey key{reportGroup(v.data.c), std::string(oracle::name(v.data.c.dtype))};
    const char* property = v.result == Result::valid ? kValidProperty : kInvalidProperty;
    report_.record(key, property, j.status);
    report_.addUnit(v.tcId, key, property);
    for (const auto& [ambId, readings] : j.readings) report_.addReading(ambId, readings);  // G-6 fingerprint
    if (!report::isFailure(j.status)) return;
    report::Failure failure;
    failure.id = v.tcId;
    failure.unit = v.tcId;
    failure.group = key.group;
    failure.dtype = key.dtype;
    failure.property = property;
    failure.clause = j.clause;
    failure.status = std::string(report::name(j.status));
    failure.message = j.message;
    failure.diff = j.diff;
    failure.caseFile = v.groupFile;
    failure.repro = reproPrefix_ + " --tc " + v.tcId;
    const std::string page = run::failurePicture(v.data, failure, actual, &v.expected, &v.care);
    pages_.push_back({run::failurePicturePath(failure), std::vector<std::uint8_t>(page.begin(), page.end())});
    report_.addFailure(std::move(failure));
  }

  report::Report finish(std::chrono::steady_clock::time_point start) {
    report_.finish(std::chrono::steady_clock::now() - start);
    return std::move(report_);
  }
  report::Report& report() { return report_; }
  std::vector<SetFile> takePages() { return std::move(pages_); }

 private:
  report::Report report_;
  std::vector<SetFile> pages_;  // failures/<tcId>.html
  std::string reproPrefix_;
};

report::RunMeta metaFor(const VectorSet& set, const JudgeOptions& options, std::string backend, std::string version) {
  return {options.command, DCCONF_VERSION, std::move(backend), std::move(version), set.manifest.product,
          set.manifest.profile, set.manifest.seed, "1/1", report::isoNowUtc()};
}

bool selected(const Vector& v, const JudgeOptions& options) { return run::globMatch(options.tcGlob, v.tcId); }

std::string noneSelected(const JudgeOptions& options) {
  return "no vector's tcId matches --tc '" + options.tcGlob + "'";
}

}  // namespace

Judged checkSet(const VectorSet& set, const std::string& backendSpec, std::uint32_t perCaseTimeoutMs,
                const JudgeOptions& options) {
  Judged judged;
  run::BackendMade made = run::makeBackend(backendSpec, perCaseTimeoutMs);
  if (!made.backend) return {std::nullopt, made.error, {}, {}};
  const auto start = std::chrono::steady_clock::now();
  Recorder recorder(metaFor(set, options, made.backend->name(), made.backend->version()),
                    "dcconf vectors check " + run::shellQuoteArg(options.setArgument) + " --backend " +
                        run::shellQuoteArg(backendSpec));
  std::uint64_t judgedCount = 0;
  report::Progress progress("dcconf vectors check", 0, set.vectors.size());
  for (const Vector& v : set.vectors) {
    if (backends::stopping()) break;  // SIGINT/SIGTERM: the report holds the vectors judged
    if (!selected(v, options)) continue;
    ++judgedCount;
    std::vector<std::uint8_t> actual = v.data.dstBefore;
    const backends::RunResult result = made.backend->run(v.data.c, v.data.src, actual);
    Judgement j;
    const std::string answered = v.tcId + ": backend answered " + std::string(backends::name(result.status)) +
                                 (result.detail.empty() ? "" : ": " + result.detail);
    switch (result.status) {
      case backends::RunStatus::ok:
        if (options.saveOutputs) judged.outputs.push_back({v.tcId + ".bin", actual});
        j = v.result == Result::valid ? judgeValid(v, actual) : judgeInvalidRan(v, actual);
        break;
      case backends::RunStatus::rejected:
      case backends::RunStatus::error:
        j = v.result == Result::invalid ? Judgement{CaseStatus::rejected, "", "", {}, {}}
                                        : failed("G-4", answered + " on a valid vector");
        break;
      case backends::RunStatus::notSupported: j = {CaseStatus::notSupported, "", "", {}, {}}; break;
      case backends::RunStatus::crashed: j = {CaseStatus::crash, "G-4", answered, {}, {}}; break;
      case backends::RunStatus::timedOut: j = {CaseStatus::timeout, "G-4", answered, {}, {}}; break;
      case backends::RunStatus::violated: j = failed("G-1", answered); break;
    }
    recorder.record(v, j, result.status == backends::RunStatus::ok ? std::span<const std::uint8_t>(actual)
                                                                  : std::span<const std::uint8_t>());
    progress.unitDone(1, report::isFailure(j.status));
  }
  progress.finish();
  if (judgedCount == 0) return {std::nullopt, noneSelected(options), {}, {}};
  judged.report = recorder.finish(start);
  judged.failurePages = recorder.takePages();
  return judged;
}

std::string outputsFolderError(const fs::path& outputsDir) {
  std::error_code ec;
  if (fs::is_directory(outputsDir, ec)) return "";
  return "--outputs: " + outputsDir.string() + (fs::exists(outputsDir, ec) ? " is not a directory" : " does not exist");
}

Judged verifySet(const VectorSet& set, const fs::path& outputsDir, const JudgeOptions& options) {
  if (std::string error = outputsFolderError(outputsDir); !error.empty()) return {std::nullopt, error, {}, {}};
  std::error_code ec;
  const auto start = std::chrono::steady_clock::now();
  Recorder recorder(metaFor(set, options, "outputs:" + outputsDir.string(), ""),
                    "dcconf vectors verify " + run::shellQuoteArg(options.setArgument) + " --outputs " +
                        run::shellQuoteArg(outputsDir.string()));
  recorder.report().addNote("invalid vectors: no <tcId>.bin counts as REJECTED; one that leaves every byte outside "
                            "allowedWrites alone counts as ACCEPTED_INVALID (G-4)");
  std::uint64_t judgedCount = 0;
  report::Progress progress("dcconf vectors verify", 0, set.vectors.size());
  for (const Vector& v : set.vectors) {
    if (!selected(v, options)) continue;
    ++judgedCount;
    const fs::path file = outputsDir / (v.tcId + ".bin");
    const std::uint64_t want = v.data.c.dst.sizeBytes;
    Judgement j;
    std::vector<std::uint8_t> actual;
    if (!fs::is_regular_file(file, ec)) {
      j = v.result == Result::invalid ? Judgement{CaseStatus::rejected, "", "", {}, {}}
                                      : failed("G-1", v.tcId + ": no output " + file.filename().string() + " in " +
                                                          outputsDir.string() + " (the harness did not dump it)");
    } else if (const std::uintmax_t size = fs::file_size(file, ec); ec || size != want) {
      j = failed("G-1", v.tcId + ": " + file.filename().string() + " is " + (ec ? "unreadable" : std::to_string(size) + " bytes") +
                            ", expected " + std::to_string(want) + " (the case's dst.size)");
    } else {
      actual.resize(want);
      std::ifstream in(file, std::ios::binary);
      in.read(reinterpret_cast<char*>(actual.data()), static_cast<std::streamsize>(want));
      if (static_cast<std::uint64_t>(in.gcount()) != want) {
        j = failed("G-1", v.tcId + ": cannot read " + file.string() + " to the end");
      } else {
        j = v.result == Result::valid ? judgeValid(v, actual) : judgeInvalidRan(v, actual);
      }
    }
    recorder.record(v, j, actual);
    progress.unitDone(1, report::isFailure(j.status));
  }
  if (judgedCount == 0) return {std::nullopt, noneSelected(options), {}, {}};
  Judged judged;
  judged.report = recorder.finish(start);
  judged.failurePages = recorder.takePages();
  return judged;
}

}  // namespace dcconf::vectors
