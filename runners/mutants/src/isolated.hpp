// Runs each call of a backend in a forked child with a timeout (isolated.cpp): a crash is CRASH, a hang TIMEOUT.
#pragma once

#include <chrono>
#include <memory>

#include "dcconf/backends/backend.hpp"

namespace dcconf::mutants {

std::unique_ptr<backends::Backend> isolate(std::unique_ptr<backends::Backend> inner, std::chrono::milliseconds timeout);

}  // namespace dcconf::mutants
