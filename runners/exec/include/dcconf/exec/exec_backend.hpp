// The exec backend: drives an out-of-process implementation under test (a simulator wrapper) through the
// dcconf.exec/1 protocol (docs/exec-protocol.md). One child process serves many cases; it is restarted only
// after a crash, a timeout or a protocol error.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "dcconf/backends/backend.hpp"

namespace dcconf::exec {

inline constexpr const char* kExecProtocol = "dcconf.exec/1";
// Offered in the hello: the case travels inline in the request and both buffers in one shared-memory arena, so a
// case costs one request line and one reply line, no files (docs/exec-protocol.md, "dcconf.exec/2").
inline constexpr const char* kExecProtocolV2 = "dcconf.exec/2";
// A reply line longer than this is a protocol error: nothing the child says decides how much dcconf allocates.
inline constexpr std::size_t kMaxReplyLineBytes = 64 * 1024;

struct ExecOptions {
  // Session folders (case files, the child's stderr log, kept failures) go below this; empty: $TMPDIR itself
  // (each session is its own private exec.XXXXXX folder).
  std::filesystem::path workDir;
  std::uint32_t perCaseTimeoutMs = 10000;
  // Starting a simulator can take much longer than one case, so the hello has its own budget.
  std::uint32_t handshakeTimeoutMs = 30000;
  // The newest protocol version offered in the hello: 2 offers dcconf.exec/2 (a child that does not take it is
  // served with dcconf.exec/1), 1 offers nothing (the old file-based transport only).
  int maxProtocolVersion = 2;
  // workDir is removed when the run ends (dcconf run without --keep-temp): a kept failure says so.
  bool sessionIsTemporary = false;
};

// Not thread-safe: one backend serves one runner thread (it owns one child process).
class ExecBackend : public backends::Backend {
 public:
  // How many times the command has been started (1 unless a crash, timeout or protocol error forced a restart).
  virtual std::uint64_t processStarts() const = 0;
  // The folder this backend writes to: <workDir>/exec.XXXXXX. It holds stderr.log and kept failed case folders.
  virtual const std::filesystem::path& sessionDir() const = 0;
  // The child's hello reply as it sent it (name, version, and whatever else it chose to add, e.g. a pid).
  virtual std::string helloReply() const = 0;
  // The protocol the running child chose in its hello: kExecProtocol or kExecProtocolV2.
  virtual std::string protocol() const = 0;
};

struct ExecBackendResult {
  std::unique_ptr<ExecBackend> backend;  // null when error is set
  std::string error;                     // one line: why the command could not start or failed the handshake
};

// Starts `command` via /bin/sh -c in its own process group and performs the handshake. Never throws.
ExecBackendResult makeExecBackend(const std::string& command, const ExecOptions& options = {});

}  // namespace dcconf::exec
