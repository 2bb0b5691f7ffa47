// One child process behind pipes: /bin/sh -c <command> in its own process group, line I/O with deadlines,
// and a kill that takes the whole group down. POSIX only; nothing here throws.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <variant>

namespace dcconf::exec::detail {

using Clock = std::chrono::steady_clock;

enum class IoStatus : std::uint8_t {
  done,      // the line was written / read
  timedOut,  // the deadline passed first
  closed,    // the child closed its end (it exited or is exiting)
  tooLong,   // read only: no newline within maxLineBytes
};

struct LineRead {
  IoStatus status = IoStatus::done;
  std::string line;  // without the newline; set when status == done
};

// What /bin/sh -c runs for a backend command: `exec COMMAND` for a simple command, so that the backend itself
// carries the parent-death signal; any other command unchanged.
std::string shellCommandFor(const std::string& command);

class ChildProcess {
 public:
  // stdin/stdout are pipes to us; stderr appends to stderrLog. Returns one line of error when it cannot start.
  static std::variant<std::unique_ptr<ChildProcess>, std::string> start(const std::string& command,
                                                                        const std::filesystem::path& stderrLog);
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  // Closes the child's stdin (its cue to exit), allows it a short grace period, then kills the group and reaps.
  ~ChildProcess();

  IoStatus writeLine(std::string_view line, Clock::time_point deadline);
  LineRead readLine(Clock::time_point deadline, std::size_t maxLineBytes);

  // After a closed pipe: waits up to `grace` for the exit, then kills the group and reaps. Returns what happened:
  // "exited with code 3", "killed by signal 11 (Segmentation fault)", "closed its stdout but kept running".
  std::string reapAfterClose(std::chrono::milliseconds grace);
  // SIGKILL to the whole process group (simulators fork helpers), then reap the leader.
  void killGroup();

  pid_t pid() const { return pid_; }
  // Size of the stderr log when this child started: its own messages are the ones after this offset.
  std::uintmax_t stderrLogStartBytes() const { return stderrLogStartBytes_; }

 private:
  ChildProcess(pid_t pid, int stdinFd, int stdoutFd, std::uintmax_t stderrLogStartBytes)
      : pid_(pid), stdinFd_(stdinFd), stdoutFd_(stdoutFd), stderrLogStartBytes_(stderrLogStartBytes) {}
  // Waits for the leader to exit without reaping it (its pid, hence the group id, stays reserved while we kill).
  bool waitExitNoReap(Clock::time_point deadline, std::string& description);
  void closeFds();

  pid_t pid_ = -1;  // also the process group id; -1 once reaped
  int stdinFd_ = -1;
  int stdoutFd_ = -1;
  std::uintmax_t stderrLogStartBytes_ = 0;
  std::string pending_;  // bytes read past the last newline
};

// The last few non-empty lines the child wrote to the log after fromBytes, joined by " | ", as one line.
std::string stderrTail(const std::filesystem::path& stderrLog, std::uintmax_t fromBytes);

// Control characters become spaces and the text is cut to maxBytes, so it fits a one-line detail.
std::string oneLine(std::string_view text, std::size_t maxBytes = 300);

}  // namespace dcconf::exec::detail
