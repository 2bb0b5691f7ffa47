// A shared-library plugin (the C ABI of dcconf_backend.h) as a Backend, crash-isolated in a worker process.
//
// The worker is a fork() of this process that dlopen()s the library, creates one plugin instance and serves cases
// over a socket until the backend is destroyed; buffers travel through a shared memory mapping. A worker that dies
// turns the case into RunStatus::crashed (detail names the signal); one that does not answer within the timeout is
// killed (SIGKILL) and the case is RunStatus::timedOut. Either way the next call starts a fresh worker.
//
// Caveats: the worker is a fork without exec, so start it from a process whose other threads hold no locks the
// plugin needs (glibc's malloc and dlopen are fork-safe). The worker gets SIGKILL when the thread that started it
// exits (PR_SET_PDEATHSIG), so that a hung plugin never outlives dcconf; use a backend from one thread.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "dcconf/backends/backend.hpp"

namespace dcconf::plugin {

// Untrusted sizes are capped before anything is allocated or mapped for them.
inline constexpr std::uint64_t kMaxPluginBufferBytes = std::uint64_t{1} << 30;  // per buffer (src, dst)
inline constexpr std::size_t kMaxPluginDetailBytes = 512;                       // detail line, NUL included

struct PluginOptions {
  std::uint32_t perCaseTimeoutMs = 5000;  // one run() or supports() call
  std::uint32_t loadTimeoutMs = 10000;    // dlopen + entry point + create() in a fresh worker
};

struct PluginLoad {
  std::unique_ptr<backends::Backend> backend;  // empty on failure
  std::string error;                           // one line when backend is empty
};

// Starts the first worker and checks the library (loadable, exports dcconf_backend_v1, ABI version, create()).
PluginLoad makePluginBackend(const std::string& libraryPath, const PluginOptions& options = {});

}  // namespace dcconf::plugin
