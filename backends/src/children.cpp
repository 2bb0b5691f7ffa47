#include "dcconf/backends/children.hpp"

#include <signal.h>

#include <atomic>

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

}  // namespace dcconf::backends
