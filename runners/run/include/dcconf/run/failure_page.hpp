// failures/ID.html beside failures/ID.json: a saved failure drawn by pictures/ (docs/pictures.md). Shared by
// `dcconf run` and `dcconf vectors check/verify`.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "dcconf/backends/backend.hpp"
#include "dcconf/casefile/casefile.hpp"
#include "dcconf/properties/sparse.hpp"
#include "dcconf/report/report.hpp"

namespace dcconf::run {

// actual: the destination the implementation produced (empty when it produced none); expected/care: the truth when
// it is not the oracle's (a vector's expected.bin and care.bin), else null.
std::string failurePicture(const casefile::CaseData& data, const report::Failure& failure,
                           std::span<const std::uint8_t> actual, const std::vector<std::uint8_t>* expected = nullptr,
                           const std::vector<std::uint8_t>* care = nullptr);

// A sparse case's failure: the case run once more on the backend, its destination windows drawn.
std::string sparseFailurePicture(backends::Backend& backend, const properties::SparseCase& sparse,
                                 const report::Failure& failure);

// "failures/<id>.html", the page's path relative to the report folder.
std::string failurePicturePath(const report::Failure& failure);

}  // namespace dcconf::run
