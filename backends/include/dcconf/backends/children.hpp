// The child processes a backend runs (plugin workers, exec process groups), so that an interrupted dcconf can stop
// them from its signal handler instead of leaving them running. Async-signal-safe: a fixed table of
// atomics, no allocation, no locks.
#pragma once

#include <sys/types.h>

namespace dcconf::backends {

// target as for kill(2): a process id, or minus a process group id for the whole group. A full table (64 live
// children) only means that child is not stopped early; its parent-death signal still ends it.
void registerChild(pid_t target) noexcept;
void unregisterChild(pid_t target) noexcept;
// SIGKILL to every registered child; callable from a signal handler. From then on stopping() is true and backends
// start no new child (a case cut short must not restart the process that was just killed).
void killRegisteredChildren() noexcept;
bool stopping() noexcept;
// In a freshly forked process: the parent's children are not its to kill.
void forgetAllChildren() noexcept;

// dcconf adopts every orphaned descendant (PR_SET_CHILD_SUBREAPER): a helper that an exec backend or a plugin starts
// with setsid, or a simulator under a `sh -c` that did not exec, becomes dcconf's child when its parent dies, so that
// killAllDescendants() reaches it (such helpers had outlived the run).
void becomeSubreaper() noexcept;
// SIGKILL to every child process, reaping each; adopted grandchildren of a killed child come next, until none is
// left (bounded). Every exit path of dcconf calls it. Returns how many processes it killed.
int killAllDescendants() noexcept;

}  // namespace dcconf::backends
