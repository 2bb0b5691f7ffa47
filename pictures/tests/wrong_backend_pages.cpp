// Writes failures pages for the deliberately wrong backends of properties/tests/support/wrong_backends.cpp:
// for each mutation, the first generated case (fixed seeds) on which its destination differs from the oracle's
// cared bytes becomes OUT/<mutation>.html, and OUT/manifest.txt lists "<mutation> <first mismatching byte>".
// CTest renders each page in Chromium (pictures.browser.wrong_backend.*).
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "dcconf/casefile/io.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "dcconf/pictures/pictures.hpp"
#include "dcconf/properties/generators.hpp"
#include "support/wrong_backends.hpp"

namespace {

using dcconf::properties::testing::Mutation;
namespace oracle = dcconf::oracle;

constexpr int kSeedsPerOperation = 60;

// The first mismatching byte of the mutated backend on this case, or kNoMismatch.
std::uint64_t firstMismatch(dcconf::backends::Backend& backend, const dcconf::casefile::CaseData& data,
                            std::vector<std::uint8_t>& actual) {
  const auto e = oracle::evaluate(data.c, data.src, data.dstBefore);
  if (e.verdict != oracle::Verdict::computed) return oracle::kNoMismatch;
  actual = data.dstBefore;
  if (backend.run(data.c, data.src, actual).status != dcconf::backends::RunStatus::ok) return oracle::kNoMismatch;
  return oracle::firstMismatch(e.expectation, actual);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: pictures_wrong_backend_pages OUTDIR\n";
    return 2;
  }
  const std::filesystem::path out = argv[1];
  std::filesystem::create_directories(out);
  std::string manifest;
  for (int m = 0; m <= static_cast<int>(Mutation::fixSplitPitchOneBlockMore); ++m) {
    auto backend = dcconf::properties::testing::makeWrongBackend(static_cast<Mutation>(m));
    bool found = false;
    for (const oracle::Operation op : oracle::kAllOperations) {
      if (found || !dcconf::properties::hasGenerator(op)) continue;
      const auto gen = dcconf::properties::genCase(op);
      for (int seed = 1; seed <= kSeedsPerOperation && !found; ++seed) {
        const auto data = gen(rc::Random(static_cast<std::uint64_t>(seed)), 40).value().data;
        std::vector<std::uint8_t> actual;
        const std::uint64_t first = firstMismatch(*backend, data, actual);
        if (first == oracle::kNoMismatch) continue;
        dcconf::pictures::FailureInput f;
        f.id = "mutation-" + std::to_string(m);
        f.title = std::string(oracle::name(op)) + " " + std::string(oracle::name(data.c.dtype)) +
                  ", wrong backend (properties/tests/support/wrong_backends.cpp)";
        f.status = "FAIL";
        f.clause = "G-1";
        f.message = "the destination differs from the oracle's first at byte " + std::to_string(first);
        f.repro = "pictures_wrong_backend_pages " + out.string();
        f.actual = actual;
        const std::string page = dcconf::pictures::failurePage(data, f);
        const std::string error = dcconf::casefile::writeFileAtomic(out / (f.id + ".html"), page);
        if (!error.empty()) {
          std::cerr << error << "\n";
          return 1;
        }
        manifest += f.id + " " + std::to_string(first) + "\n";
        found = true;
      }
    }
  }
  const std::string error = dcconf::casefile::writeFileAtomic(out / "manifest.txt", manifest);
  if (!error.empty()) std::cerr << error << "\n";
  std::cout << manifest;
  return error.empty() ? 0 : 1;
}
