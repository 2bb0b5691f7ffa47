// A backend whose calls can time out (plugin worker, exec process) also implements CallTimeout, so that a run can
// give each call its adaptive budget (a hang costs seconds, not the full --timeout-ms per case).
#pragma once

#include <cstdint>

namespace dcconf::backends {

class CallTimeout {
 public:
  virtual ~CallTimeout() = default;
  // The budget of the calls that follow: the backend waits min(timeoutMs, its own per-case timeout) and names that
  // budget in its TIMEOUT detail.
  virtual void setCallTimeoutMs(std::uint32_t timeoutMs) = 0;
};

}  // namespace dcconf::backends
