#include "dcconf/backends/children.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace dcconf::backends {
namespace {

constexpr int kMaxChildren = 64;
std::atomic<pid_t> children[kMaxChildren];  // 0: a free slot
std::atomic<bool> stopRequested{false};

}  // namespace

void registerChild(pid_t target) noexcept {
  for (auto& slot : children) {
    pid_t expected = 0;
    if (slot.compare_exchange_strong(expected, target)) return;
  }
}

void unregisterChild(pid_t target) noexcept {
  for (auto& slot : children) {
    pid_t expected = target;
    if (slot.compare_exchange_strong(expected, 0)) return;
  }
}

void killRegisteredChildren() noexcept {
  stopRequested.store(true);
  for (auto& slot : children) {
    const pid_t target = slot.load();
    if (target != 0) ::kill(target, SIGKILL);
  }
}

bool stopping() noexcept { return stopRequested.load(); }

void forgetAllChildren() noexcept {
  for (auto& slot : children) slot.store(0);
}

void becomeSubreaper() noexcept { ::prctl(PR_SET_CHILD_SUBREAPER, 1); }

namespace {

// The processes whose parent is this one, from /proc/PID/stat ("pid (comm) state ppid ..."; comm may hold spaces
// and parentheses, so the fields are read after the last ')').
std::vector<pid_t> childProcesses() {
  std::vector<pid_t> found;
  DIR* proc = ::opendir("/proc");
  if (proc == nullptr) return found;
  const pid_t self = ::getpid();
  while (const dirent* entry = ::readdir(proc)) {
    char* end = nullptr;
    const long pid = std::strtol(entry->d_name, &end, 10);
    if (*end != '\0' || pid <= 0) continue;
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;
    char text[512];
    const ssize_t n = ::read(fd, text, sizeof text - 1);
    ::close(fd);
    if (n <= 0) continue;
    text[n] = '\0';
    const char* paren = std::strrchr(text, ')');
    char state = 0;
    long ppid = 0;
    if (paren != nullptr && std::sscanf(paren + 1, " %c %ld", &state, &ppid) == 2 && ppid == self) {
      found.push_back(static_cast<pid_t>(pid));
    }
  }
  ::closedir(proc);
  return found;
}

}  // namespace

int killAllDescendants() noexcept {
  int killed = 0;
  try {
    for (int round = 0; round < 64; ++round) {  // each round reaches one more generation of adopted orphans
      const std::vector<pid_t> found = childProcesses();
      if (found.empty()) break;
      for (const pid_t pid : found) {
        if (::kill(pid, SIGKILL) == 0) ++killed;
      }
      for (const pid_t pid : found) {
        while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
        }
      }
    }
  } catch (...) {  // std::bad_alloc: nothing more to do on the way out
  }
  return killed;
}

}  // namespace dcconf::backends
