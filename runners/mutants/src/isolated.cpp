// A backend run one call at a time in a forked child, as the plugin host runs a plugin: a mutant that really crashes
// (abort, a null write) or hangs (an endless loop) on a rare input is then CRASH or TIMEOUT, and the kill matrix
// goes on. The child writes dst and its answer into shared memory; it dies with its parent (PR_SET_PDEATHSIG).
#include "isolated.hpp"

#include <malloc.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <thread>

#include "dcconf/backends/children.hpp"

namespace dcconf::mutants {

using backends::RunResult;
using backends::RunStatus;

namespace {

// The child's answer, ahead of dst's bytes in the shared mapping.
struct Answer {
  int done = 0;  // 1 once the child has written status and detail
  RunStatus status = RunStatus::error;
  char detail[256] = {};
};

class IsolatedBackend final : public backends::Backend {
 public:
  IsolatedBackend(std::unique_ptr<backends::Backend> inner, std::chrono::milliseconds timeout)
      : inner_(std::move(inner)), timeout_(timeout) {}
  std::string name() const override { return inner_->name(); }
  std::string version() const override { return inner_->version(); }
  bool supports(const oracle::Case& c) const override { return inner_->supports(c); }
  bool acceptsSparseBuffers() const override { return inner_->acceptsSparseBuffers(); }

  // dst is the parent's private memory: the child works on a copy in shared memory, copied back after.
  RunResult run(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) override {
    const std::size_t bytes = sizeof(Answer) + dst.size();
    void* map = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED) return {RunStatus::error, std::string("isolated mutant: mmap: ") + std::strerror(errno)};
    auto* answer = new (map) Answer{};
    const std::span<std::uint8_t> shared{static_cast<std::uint8_t*>(map) + sizeof(Answer), dst.size()};
    std::copy(dst.begin(), dst.end(), shared.begin());
    const RunResult result = runInChild(*answer, [&] { return inner_->run(c, src, shared); });
    if (result.status == RunStatus::ok || result.status == RunStatus::rejected) {
      std::copy(shared.begin(), shared.end(), dst.begin());
    }
    ::munmap(map, bytes);
    return result;
  }

  // A sparse buffer is a MAP_SHARED memfd mapping: the child writes it in place and the parent sees it.
  RunResult runSparse(const oracle::Case& c, SparseBytes src, SparseBytes dst) override {
    void* map = ::mmap(nullptr, sizeof(Answer), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED) return {RunStatus::error, std::string("isolated mutant: mmap: ") + std::strerror(errno)};
    auto* answer = new (map) Answer{};
    const RunResult result = runInChild(*answer, [&] { return inner_->runSparse(c, src, dst); });
    ::munmap(map, sizeof(Answer));
    return result;
  }

 private:
  // Runs work() in a forked child that reports through answer (shared memory); a crash, a signal or a hang past the
  // timeout is the result.
  template <class Work>
  RunResult runInChild(Answer& answer, Work work) {
    if (backends::stopping()) return {RunStatus::error, "dcconf is stopping (interrupted)"};
    ::malloc_trim(0);
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) return {RunStatus::error, std::string("isolated mutant: fork: ") + std::strerror(errno)};
    if (pid == 0) {
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (::getppid() != parent) ::_exit(0);
      backends::forgetAllChildren();
      const rlimit noCore{0, 0};  // a crashing mutant should not spend seconds writing a core file
      ::setrlimit(RLIMIT_CORE, &noCore);
      const RunResult r = work();
      answer.status = r.status;
      std::strncpy(answer.detail, r.detail.c_str(), sizeof answer.detail - 1);
      answer.done = 1;
      ::_exit(0);
    }
    backends::registerChild(pid);
    const auto deadline = std::chrono::steady_clock::now() + timeout_;
    int status = 0;
    pid_t reaped = 0;
    auto pause = std::chrono::microseconds(20);
    while ((reaped = ::waitpid(pid, &status, WNOHANG)) == 0 && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(pause);
      pause = std::min<std::chrono::microseconds>(pause * 2, std::chrono::milliseconds(5));
    }
    if (reaped == 0) {  // still running at the deadline
      ::kill(pid, SIGKILL);
      while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      backends::unregisterChild(pid);
      return {RunStatus::timedOut, "mutant did not answer within " + std::to_string(timeout_.count()) +
                                       " ms; child killed (SIGKILL)"};
    }
    backends::unregisterChild(pid);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && answer.done == 1) {
      return {answer.status, std::string(answer.detail, strnlen(answer.detail, sizeof answer.detail))};
    }
    if (WIFSIGNALED(status)) {
      return {RunStatus::crashed, "mutant child killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
                                      strsignal(WTERMSIG(status)) + ")"};
    }
    return {RunStatus::crashed, "mutant child exited with status " + std::to_string(WEXITSTATUS(status)) +
                                    " without an answer (a sanitizer report?)"};
  }

  std::unique_ptr<backends::Backend> inner_;
  std::chrono::milliseconds timeout_;
};

}  // namespace

std::unique_ptr<backends::Backend> isolate(std::unique_ptr<backends::Backend> inner, std::chrono::milliseconds timeout) {
  return std::make_unique<IsolatedBackend>(std::move(inner), timeout);
}

}  // namespace dcconf::mutants
