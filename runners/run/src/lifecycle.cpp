#include "dcconf/run/lifecycle.hpp"

#include <malloc.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <iostream>

#include "dcconf/backends/children.hpp"
#include "dcconf/oracle/work.hpp"

namespace dcconf::run {
namespace {

namespace fs = std::filesystem;

// ---- the private temporary folder ---------------------------------------------------------------------------------

fs::path tempDir;        // empty until first use
pid_t tempOwner = 0;     // the process that created it (a forked worker must not remove it)
bool keepTemp = false;

void removeAtExit() { removeRunTempDir(); }

// "dcconf-run.<pid>.XXXXXX": the pid says whose it is, so a later run can tell a dead process's leftover.
constexpr std::string_view kTempPrefix = "dcconf-run.";

// ---- signals ------------------------------------------------------------------------------------------------------

volatile sig_atomic_t caught = 0;
volatile sig_atomic_t isWorker = 0;  // a worker gets the terminal's SIGINT and the parent's SIGTERM: both count once
constexpr int kMaxWorkers = 256;
std::atomic<pid_t> workers[kMaxWorkers];

void onInterrupt(int signo) {
  if (caught != 0 && isWorker) return;
  if (caught != 0) {  // the second signal: no more waiting
    backends::killRegisteredChildren();
    ::signal(signo, SIG_DFL);
    ::raise(signo);
    return;
  }
  caught = signo;
  const int savedErrno = errno;
  backends::killRegisteredChildren();  // a hung backend must not hold the stop up for its timeout
  for (auto& worker : workers) {
    const pid_t pid = worker.load();
    if (pid > 0) ::kill(pid, SIGTERM);
  }
  errno = savedErrno;
}

}  // namespace

fs::path runTempDir(std::string* error) {
  // A forked worker shares its parent's folder (the parent removes it); it never makes one it could not remove.
  if (!tempDir.empty()) return tempDir;
  std::error_code ec;
  const fs::path base = fs::temp_directory_path(ec);  // $TMPDIR, else /tmp
  if (ec) {
    if (error) *error = "no temporary folder ($TMPDIR): " + ec.message();
    return {};
  }
  for (const auto& [path, pid] : removeStaleFolders(base, std::string(kTempPrefix), ".")) {
    std::cerr << "dcconf: note: removed " << path.string() << ", the temporary folder of dcconf process " << pid
              << " which no longer runs (killed?)\n";
  }
  std::string pattern = (base / (std::string(kTempPrefix) + std::to_string(::getpid()) + ".XXXXXX")).string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    if (error) *error = "cannot create a temporary folder in " + base.string() + ": " + std::strerror(errno);
    return {};
  }
  const bool first = tempOwner == 0;
  tempDir = pattern;
  tempOwner = ::getpid();
  if (first) std::atexit(removeAtExit);  // removeRunTempDir() clears tempDir: a later call makes a new one
  return tempDir;
}

void keepTemporaryFolder(bool keep) { keepTemp = keep; }
bool temporaryFolderKept() { return keepTemp; }

std::vector<std::pair<fs::path, pid_t>> removeStaleFolders(const fs::path& dir, const std::string& prefix,
                                                           const std::string& pidEnd) {
  std::vector<std::pair<fs::path, pid_t>> removed;
  std::error_code ec;
  std::size_t seen = 0;
  for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator() && ++seen < 100000;
       it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.rfind(prefix, 0) != 0) continue;
    const std::size_t digitsEnd = pidEnd.empty() ? name.size() : name.find(pidEnd, prefix.size());
    if (digitsEnd == std::string::npos || digitsEnd == prefix.size() || digitsEnd - prefix.size() > 9) continue;
    const std::string digits = name.substr(prefix.size(), digitsEnd - prefix.size());
    if (digits.find_first_not_of("0123456789") != std::string::npos) continue;
    const pid_t pid = static_cast<pid_t>(std::stol(digits));
    // Only a process that is gone (ESRCH): a live one, or one we may not signal, keeps its folder.
    if (pid <= 0 || pid == ::getpid() || ::kill(pid, 0) == 0 || errno != ESRCH) continue;
    std::error_code removeError;
    if (!it->is_directory(removeError) || it->is_symlink(removeError)) continue;
    fs::remove_all(it->path(), removeError);
    if (!removeError) removed.emplace_back(it->path(), pid);
  }
  return removed;
}

void removeRunTempDir() {
  if (tempDir.empty() || tempOwner != ::getpid() || keepTemp) return;
  std::error_code ec;
  fs::remove_all(tempDir, ec);
  tempDir.clear();
}

void retainFreedMemory() {
  ::mallopt(M_MMAP_THRESHOLD, 256 << 20);
  ::mallopt(M_TRIM_THRESHOLD, 512 << 20);
}

void installInterruptHandlers() {
  struct sigaction action {};
  action.sa_handler = onInterrupt;
  ::sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: a blocking wait returns EINTR and looks at the flag
  ::sigaction(SIGINT, &action, nullptr);
  ::sigaction(SIGTERM, &action, nullptr);
  oracle::setStopPoll([] { return caught != 0; });  // a long walk of the oracle stops too (work.hpp)
}

int interruptSignal() { return caught; }

std::string interruptName() {
  switch (caught) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    default: return "";
  }
}

void registerWorker(pid_t pid) {
  for (auto& slot : workers) {
    pid_t expected = 0;
    if (slot.compare_exchange_strong(expected, pid)) return;
  }
}

void becomeWorker() {
  for (auto& slot : workers) slot.store(0);
  backends::forgetAllChildren();
  isWorker = 1;
}

}  // namespace dcconf::run
