#include "child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <thread>
#include <vector>

#include "dcconf/backends/children.hpp"
#include "dcconf/casefile/text.hpp"

namespace dcconf::exec::detail {
namespace {

constexpr std::chrono::milliseconds kExitGrace{1000};
constexpr std::chrono::milliseconds kExitPollInterval{2};

std::string errnoText(const char* what) { return std::string(what) + ": " + std::strerror(errno); }

// poll() wants whole milliseconds; round up so we never spin on a 0 ms timeout before the deadline.
int remainingMs(Clock::time_point deadline) {
  const auto left = deadline - Clock::now();
  if (left <= Clock::duration::zero()) return 0;
  const auto ms = std::chrono::ceil<std::chrono::milliseconds>(left).count();
  return static_cast<int>(std::min<long long>(ms, 1 << 30));
}

// Returns false when the deadline passed; EINTR is retried.
bool pollFor(int fd, short events, Clock::time_point deadline) {
  for (;;) {
    pollfd p{fd, events, 0};
    const int n = ::poll(&p, 1, remainingMs(deadline));
    if (n > 0) return true;
    if (n == 0) return false;
    if (errno != EINTR) return true;  // let the following read/write report the error
  }
}

void closeFd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

struct Pipe {
  int readEnd = -1;
  int writeEnd = -1;
  bool open() {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return false;
    readEnd = fds[0];
    writeEnd = fds[1];
    return true;
  }
  void close() {
    closeFd(readEnd);
    closeFd(writeEnd);
  }
};

std::string signalText(int signal) {
  const char* description = ::sigdescr_np(signal);  // unlike strsignal, thread-safe
  return "signal " + std::to_string(signal) + " (" + (description ? description : "?") + ")";
}

std::string describeExit(const siginfo_t& info) {
  if (info.si_code != CLD_EXITED) return "killed by " + signalText(info.si_status);
  std::string text = "exited with code " + std::to_string(info.si_status);
  // A wrapper shell or script reports its child's death by signal N as exit code 128 + N.
  if (info.si_status > 128 && info.si_status < 128 + 65) text += ", i.e. 128 + " + signalText(info.si_status - 128);
  return text;
}

// dup2 onto itself keeps close-on-exec set (only possible if dcconf itself runs with 0/1/2 closed).
bool placeFd(int fd, int target) {
  if (fd == target) return ::fcntl(fd, F_SETFD, 0) == 0;
  return ::dup2(fd, target) >= 0;
}

// Between fork and exec only async-signal-safe calls: everything the child needs is prepared before fork.
[[noreturn]] void execChild(const Pipe& in, const Pipe& out, int logFd, int execErrorFd, char* const argv[],
                            pid_t parent) {
  ::setpgid(0, 0);
  // Dies with dcconf (an orphaned backend once kept running); the check covers a parent that died before.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(127);
  // Ignored signals stay ignored across exec; the parent ignores SIGPIPE, the child must not inherit that.
  struct sigaction defaultAction {};
  defaultAction.sa_handler = SIG_DFL;
  ::sigaction(SIGPIPE, &defaultAction, nullptr);
  sigset_t none;
  ::sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  if (!placeFd(in.readEnd, STDIN_FILENO) || !placeFd(out.writeEnd, STDOUT_FILENO) || !placeFd(logFd, STDERR_FILENO)) {
    const int e = errno;
    [[maybe_unused]] const auto ignored = ::write(execErrorFd, &e, sizeof e);
    ::_exit(127);
  }
  ::close_range(3, ~0U, 0);  // fds another part of dcconf opened without O_CLOEXEC are not the child's business
  ::execv("/bin/sh", argv);
  const int e = errno;
  [[maybe_unused]] const auto ignored = ::write(execErrorFd, &e, sizeof e);
  ::_exit(127);
}

}  // namespace

// dash does not exec the last command of `sh -c`, so after a SIGKILL of dcconf the shell died of its
// parent-death signal and the backend it had started ran on. A simple command (words, quotes, variables: no list,
// pipe, redirection, subshell or compound) is run as `exec COMMAND`: the backend replaces the shell and keeps the
// parent-death signal. Anything else runs as written (docs/exec-protocol.md: begin such a command with `exec`).
std::string shellCommandFor(const std::string& command) {
  if (command.find_first_of(";&|<>(){}`\n") != std::string::npos || command.find("$(") != std::string::npos) {
    return command;
  }
  const std::size_t begin = command.find_first_not_of(" \t");
  if (begin == std::string::npos) return command;
  const std::string first = command.substr(begin, command.find_first_of(" \t", begin) - begin);
  static const char* const kNotACommand[] = {"if", "then", "else", "elif", "fi", "case", "esac", "for", "while",
                                             "until", "do", "done", "!", "time", "cd", "exec", "eval"};
  for (const char* word : kNotACommand) {
    if (first == word) return command;
  }
  if (first.find('=') != std::string::npos) return command;  // NAME=value prefix assignments
  return "exec " + command;
}

std::variant<std::unique_ptr<ChildProcess>, std::string> ChildProcess::start(const std::string& command,
                                                                             const std::filesystem::path& stderrLog) {
  std::error_code ec;
  const std::uintmax_t logBytes =
      std::filesystem::exists(stderrLog, ec) ? std::filesystem::file_size(stderrLog, ec) : 0;
  const int logFd = ::open(stderrLog.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (logFd < 0) return errnoText(("cannot open " + stderrLog.string()).c_str());
  Pipe in, out, execError;
  if (!in.open() || !out.open() || !execError.open()) {
    const std::string error = errnoText("pipe");
    in.close(), out.close(), execError.close(), ::close(logFd);
    return error;
  }
  std::string shell = "/bin/sh", dashC = "-c", commandCopy = shellCommandFor(command);
  char* const argv[] = {shell.data(), dashC.data(), commandCopy.data(), nullptr};

  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid == 0) execChild(in, out, logFd, execError.writeEnd, argv, parent);
  const std::string forkError = pid < 0 ? errnoText("fork") : "";
  if (pid > 0) {
    ::setpgid(pid, pid);  // also here: whichever runs first, the group exists before we may kill it
    backends::registerChild(-pid);  // an interrupted dcconf kills the whole group
  }
  ::close(logFd);
  closeFd(in.readEnd);
  closeFd(out.writeEnd);
  closeFd(execError.writeEnd);
  if (pid < 0) {
    in.close(), out.close(), execError.close();
    return forkError;
  }
  // The error pipe is close-on-exec: EOF means exec succeeded, an int means it failed with that errno.
  int execErrno = 0;
  ssize_t n;
  do n = ::read(execError.readEnd, &execErrno, sizeof execErrno);
  while (n < 0 && errno == EINTR);
  execError.close();
  auto child = std::unique_ptr<ChildProcess>(new ChildProcess(pid, in.writeEnd, out.readEnd, logBytes));
  if (n == static_cast<ssize_t>(sizeof execErrno)) {
    child->killGroup();
    return std::string("cannot run /bin/sh: ") + std::strerror(execErrno);
  }
  ::fcntl(child->stdinFd_, F_SETFL, O_NONBLOCK);
  ::fcntl(child->stdoutFd_, F_SETFL, O_NONBLOCK);
  return child;
}

ChildProcess::~ChildProcess() {
  if (pid_ < 0) return;
  closeFd(stdinFd_);
  std::string ignored;
  waitExitNoReap(Clock::now() + kExitGrace, ignored);
  killGroup();
}

void ChildProcess::closeFds() {
  closeFd(stdinFd_);
  closeFd(stdoutFd_);
}

IoStatus ChildProcess::writeLine(std::string_view line, Clock::time_point deadline) {
  std::string text(line);
  text += '\n';
  std::size_t written = 0;
  while (written < text.size()) {
    if (!pollFor(stdinFd_, POLLOUT, deadline)) return IoStatus::timedOut;
    const ssize_t n = ::write(stdinFd_, text.data() + written, text.size() - written);
    if (n >= 0) {
      written += static_cast<std::size_t>(n);
    } else if (errno != EAGAIN && errno != EINTR) {
      return IoStatus::closed;  // EPIPE (SIGPIPE is ignored): the child is gone
    }
  }
  return IoStatus::done;
}

LineRead ChildProcess::readLine(Clock::time_point deadline, std::size_t maxLineBytes) {
  char chunk[4096];
  for (;;) {
    if (const auto newline = pending_.find('\n'); newline != std::string::npos) {
      LineRead result{IoStatus::done, pending_.substr(0, newline)};
      pending_.erase(0, newline + 1);
      if (!result.line.empty() && result.line.back() == '\r') result.line.pop_back();
      return result;
    }
    if (pending_.size() > maxLineBytes) return {IoStatus::tooLong, {}};
    if (!pollFor(stdoutFd_, POLLIN, deadline)) return {IoStatus::timedOut, {}};
    const ssize_t n = ::read(stdoutFd_, chunk, sizeof chunk);
    if (n > 0) {
      pending_.append(chunk, static_cast<std::size_t>(n));
    } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
      return {IoStatus::closed, {}};
    }
  }
}

bool ChildProcess::waitExitNoReap(Clock::time_point deadline, std::string& description) {
  for (;;) {
    siginfo_t info{};
    if (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0) {
      description = errnoText("waitid");
      return false;
    }
    if (info.si_pid == pid_) {
      description = describeExit(info);
      return true;
    }
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(kExitPollInterval);
  }
}

std::string ChildProcess::reapAfterClose(std::chrono::milliseconds grace) {
  std::string description;
  if (!waitExitNoReap(Clock::now() + grace, description) && description.empty()) {
    description = "closed its stdout but kept running (killed)";
  }
  killGroup();
  return description;
}

void ChildProcess::killGroup() {
  closeFds();
  if (pid_ < 0) return;
  ::kill(-pid_, SIGKILL);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  backends::unregisterChild(-pid_);
  pid_ = -1;
}

std::string stderrTail(const std::filesystem::path& stderrLog, std::uintmax_t fromBytes) {
  constexpr std::uintmax_t kTailBytes = 2048;
  constexpr std::size_t kTailLines = 3;
  std::error_code ec;
  const std::uintmax_t size = std::filesystem::file_size(stderrLog, ec);
  if (ec || size <= fromBytes) return "";
  const std::uintmax_t begin = std::max(fromBytes, size > kTailBytes ? size - kTailBytes : 0);
  std::ifstream in(stderrLog, std::ios::binary);
  in.seekg(static_cast<std::streamoff>(begin));
  std::string text(static_cast<std::size_t>(size - begin), '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));

  std::vector<std::string_view> lines;
  for (std::size_t pos = 0; pos < text.size();) {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    if (end > pos) lines.emplace_back(text.data() + pos, end - pos);
    pos = end + 1;
  }
  std::string joined;
  for (std::size_t i = lines.size() > kTailLines ? lines.size() - kTailLines : 0; i < lines.size(); ++i) {
    joined += (joined.empty() ? "" : " | ") + std::string(lines[i]);
  }
  return oneLine(joined);
}

std::string oneLine(std::string_view text, std::size_t maxBytes) {
  // Look at no more than could be kept (a 4-byte escape per input byte at worst), then make it valid UTF-8 cut on a
  // character boundary: a simulator's Chinese message must not be cut mid-character.
  std::string out(text.substr(0, maxBytes + 4));
  for (char& ch : out) {
    if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f) ch = ' ';
  }
  std::string valid = casefile::validUtf8(out, maxBytes);
  if (text.size() > out.size() && !valid.ends_with("...")) valid += "...";
  return valid;
}

}  // namespace dcconf::exec::detail
