#include "dcconf/run/failure_page.hpp"

#include "dcconf/pictures/pictures.hpp"

namespace dcconf::run {

namespace {
pictures::FailureInput inputOf(const report::Failure& failure) {
  pictures::FailureInput input;
  input.id = failure.id;
  input.title = failure.group + " " + failure.dtype + ", " + failure.property;
  input.status = failure.status;
  input.clause = failure.clause;
  input.message = failure.message;
  input.diff = failure.diff;
  input.repro = failure.repro;
  return input;
}
}  // namespace

std::string failurePicture(const casefile::CaseData& data, const report::Failure& failure,
                           std::span<const std::uint8_t> actual, const std::vector<std::uint8_t>* expected,
                           const std::vector<std::uint8_t>* care) {
  pictures::FailureInput input = inputOf(failure);
  input.actual.assign(actual.begin(), actual.end());
  if (expected != nullptr && care != nullptr) {
    input.expected = *expected;
    input.care = *care;
  }
  return pictures::failurePage(data, input);
}

std::string sparseFailurePicture(backends::Backend& backend, const properties::SparseCase& sparse,
                                 const report::Failure& failure) {
  pictures::FailureInput input = inputOf(failure);
  properties::SparseRunBytes run = properties::rerunSparse(backend, sparse);
  if (!run.error.empty()) input.diff.push_back("run again for this picture: " + run.error);
  return pictures::sparseFailurePage(sparse.c, input, run.dst);
}

std::string failurePicturePath(const report::Failure& failure) { return "failures/" + failure.id + ".html"; }

}  // namespace dcconf::run
