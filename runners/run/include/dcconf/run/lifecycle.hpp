// What a run leaves behind when it ends, however it ends: a private temporary folder removed at exit,
// and SIGINT/SIGTERM turned into an orderly stop (workers and backend processes stopped, the report of what
// finished written, exit 130/143) instead of a death that leaves no report and orphans behind.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace dcconf::run {

// $TMPDIR/dcconf-run.<pid>.XXXXXX (mode 0700), created on first use and removed when the process that created it
// exits (atexit), unless keepTemporaryFolder(true). Empty when it cannot be created (the error is in *error).
// Creating it first removes the folders of dcconf processes that no longer run (SIGKILL leaves them), with a note
// on stderr for each.
std::filesystem::path runTempDir(std::string* error = nullptr);
void keepTemporaryFolder(bool keep);
bool temporaryFolderKept();  // --keep-temp: what lives in runTempDir() outlives the run
void removeRunTempDir();  // now, idempotent; only in the process that created it
// Removes the folders in dir named prefix<pid>pidEnd... (pidEnd empty: the name ends with the pid) whose process no
// longer exists (kill(pid, 0) fails with ESRCH); returns each with its pid. At most 100,000 entries are looked at.
std::vector<std::pair<std::filesystem::path, pid_t>> removeStaleFolders(const std::filesystem::path& dir,
                                                                        const std::string& prefix,
                                                                        const std::string& pidEnd);

// A property run allocates and frees buffers of a case's size for every case; glibc hands blocks over 128 KiB back
// to the kernel at once, and the next case faults them in again (40% of the Ascend 950's Compact runs). Keeps freed
// blocks up to 256 MiB in the heap and trims it past 512 MiB of free memory. Process-wide: the CLI's run commands.
void retainFreedMemory();

// Installs the SIGINT/SIGTERM handlers: the first signal is recorded, the backend processes are killed and the
// worker processes are told (SIGTERM) to stop; the run then winds down and reports. A second signal kills at once.
void installInterruptHandlers();
int interruptSignal();  // 0, SIGINT or SIGTERM
inline bool interrupted() { return interruptSignal() != 0; }
std::string interruptName();  // "SIGINT", "SIGTERM" or ""

// Worker processes the handler forwards the signal to (as SIGTERM).
void registerWorker(pid_t pid);
// In a freshly forked worker: forgets the parent's workers and backend processes; any signal after the first is
// ignored (a terminal's SIGINT and the parent's SIGTERM both arrive), so the worker always reports what finished.
void becomeWorker();

}  // namespace dcconf::run
