// libFuzzer target: every reader of untrusted text beyond the vector loader, on arbitrary bytes. The first
// byte picks the reader:
//   '0' a case file: parse, evaluate on the oracle, write back and parse again (the round trip must give the same
//       case, and every text the error path returns must be one line of valid UTF-8);
//   '1' an exec backend's reply line (dcconf.exec/1);
//   '2' a report.json: merged into a report (as a worker's result and as a shard of `report merge`), which must then
//       serialise (report.json threw on invalid UTF-8 before);
//   '3' a baseline, and a report.json turned into a baseline (which must parse back).
// Any exception that escapes, any abort below, or a sanitizer report is a finding. Run with -rss_limit_mb=512
// -malloc_limit_mb=256 (the readers cap what they allocate).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <variant>
#include <vector>

#include "../../runners/exec/src/reply.hpp"
#include "dcconf/casefile/casefile.hpp"
#include "dcconf/casefile/text.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "dcconf/report/baseline.hpp"
#include "dcconf/report/merge.hpp"
#include "dcconf/report/report.hpp"

namespace {

using namespace dcconf;

// A finding: the message says which invariant broke (libFuzzer keeps the input).
[[noreturn]] void finding(const char* what) {
  std::fprintf(stderr, "fuzz_inputs finding: %s\n", what);
  std::abort();
}

void expectOneValidLine(const std::string& text, const char* what) {
  if (casefile::validUtf8(text) != text || text.find('\n') != std::string::npos) finding(what);
}

void caseRoundTrip(const std::string& text) {
  casefile::LoadLimits limits;
  limits.maxBufferBytes = 1 << 16;
  const casefile::LoadResult loaded = casefile::parseCaseText(text, "/nonexistent-dcconf-fuzz", "<fuzz>", limits);
  if (const auto* error = std::get_if<casefile::LoadError>(&loaded)) {
    expectOneValidLine(error->oneLine(), "a case file's error line is not one line of valid UTF-8");
    return;
  }
  const casefile::CaseData& data = std::get<casefile::CaseData>(loaded);
  (void)oracle::evaluate(data.c, data.src, data.dstBefore);
  const casefile::LoadResult again = casefile::parseCaseText(casefile::toJsonText(data), "/nonexistent-dcconf-fuzz",
                                                             "<fuzz>", limits);
  const auto* back = std::get_if<casefile::CaseData>(&again);
  if (back == nullptr) finding("a case dcconf wrote does not parse back");
  if (!(*back == data)) finding("a case does not survive the write/parse round trip");
}

void execReply(const std::string& text) {
  const exec::detail::Reply reply = exec::detail::parseReply(text, 7);
  if (reply.result) {
    expectOneValidLine(reply.result->detail, "an exec reply's detail is not one line of valid UTF-8");
  } else {
    expectOneValidLine(reply.protocolError, "an exec protocol error is not one line of valid UTF-8");
  }
}

void reportReaders(const std::string& text) {
  report::Report worker(report::RunMeta{});
  std::string why;
  if (worker.mergeJson(text, &why)) {
    (void)worker.toJsonText();
    (void)worker.toJunitXml();
  } else {
    expectOneValidLine(why, "a report reader's error is not one line of valid UTF-8");
  }
  const report::Merged merged = report::mergeShardReports({{"a", text}});
  if (merged.report) {
    (void)merged.report->toJsonText();
  } else {
    expectOneValidLine(merged.error, "report merge's error is not one line of valid UTF-8");
  }
}

void baselineReaders(const std::string& text) {
  (void)report::parseBaseline(text, "fuzz.json");
  const report::BaselineWritten written = report::baselineFromReport(text, "report.json");
  if (written.error.empty() && !report::parseBaseline(written.text, "written.json").baseline) {
    finding("a baseline dcconf wrote does not parse back");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  switch (data[0] % 4) {
    case 0: caseRoundTrip(text); break;
    case 1: execReply(text); break;
    case 2: reportReaders(text); break;
    default: baselineReaders(text); break;
  }
  return 0;
}
