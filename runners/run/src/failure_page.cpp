#include "dcconf/run/failure_page.hpp"

#include "dcconf/pictures/pictures.hpp"

namespace dcconf::run {

std::string failurePicture(const casefile::CaseData& data, const report::Failure& failure,
                           std::span<const std::uint8_t> actual, const std::vector<std::uint8_t>* expected,
                           const std::vector<std::uint8_t>* care) {
  pictures::FailureInput input;
  input.id = failure.id;
  input.title = failure.group + " " + failure.dtype + ", " + failure.property;
  input.status = failure.status;
  input.clause = failure.clause;
  input.message = failure.message;
  input.diff = failure.diff;
  input.repro = failure.repro;
  input.actual.assign(actual.begin(), actual.end());
  if (expected != nullptr && care != nullptr) {
    input.expected = *expected;
    input.care = *care;
  }
  return pictures::failurePage(data, input);
}

std::string failurePicturePath(const report::Failure& failure) { return "failures/" + failure.id + ".html"; }

}  // namespace dcconf::run
