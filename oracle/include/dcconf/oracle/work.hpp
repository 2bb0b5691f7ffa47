// The work one walk of the oracle may do, and the stop request it polls (docs/exit-status.md, "Limits on untrusted
// input"). A tiny case can ask for unbounded work (LOOP's 2^21 x 2^21 iterations with zero strides, NDDMA's five
// padded dimensions): the walk counts the destination bytes it writes and refuses past the cap, and every few MiB it
// asks whether the process was told to stop (SIGINT/SIGTERM, Ctrl-C in Python).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace dcconf::oracle {

// Destination bytes one evaluation may walk (writes counted with their repeats; a LOOP iteration counts at least 1).
inline constexpr std::uint64_t kDefaultMaxWorkBytes = std::uint64_t{1} << 31;
void setMaxWorkBytes(std::uint64_t bytes);  // process-wide; 0 is taken as 1
std::uint64_t maxWorkBytes();

// Thrown by a walk that would pass the cap: one line naming the field(s), the value and the cap.
struct WorkCapExceeded : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A walk polls this every kWorkSliceBytes; true stops it with EvaluationStopped. Null (the default): never stop.
using StopPoll = bool (*)();
void setStopPoll(StopPoll poll);
bool pollStop();  // the poll's answer (false without one)
struct EvaluationStopped : std::runtime_error {
  EvaluationStopped() : std::runtime_error("evaluation stopped by a signal") {}
};
inline constexpr std::uint64_t kWorkSliceBytes = std::uint64_t{1} << 22;

// "work = 4398046511104 (what): above the cap of 4294967296 bytes walked (--max-work raises it)"
std::string workCapMessage(std::uint64_t work, const std::string& what);

}  // namespace dcconf::oracle
