// Issue 16: SIGINT/SIGTERM to `dcconf run` stop the workers and the exec process groups, leave report.json and
// junit.xml marked interrupted with what finished, remove every temporary file, and exit 130 / 143.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <thread>

#include "run_dcconf.hpp"

namespace dcconf::cli::testing {
namespace {

using Clock = std::chrono::steady_clock;

// Starts `dcconf ARGS` with TMPDIR=tmp in the background; stdout and stderr go to files in dir.
pid_t startDcconf(const std::string& args, const fs::path& dir, const fs::path& tmp) {
  const std::string command = "TMPDIR='" + tmp.string() + "' exec '" + DCCONF_EXE + "' " + args + " > '" +
                              (dir / "stdout.txt").string() + "' 2> '" + (dir / "stderr.txt").string() + "'";
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  return pid;
}

// The exit status, or -1 if it did not end within the limit (then it is killed).
int waitFor(pid_t pid, std::chrono::seconds limit) {
  const auto end = Clock::now() + limit;
  int status = 0;
  while (Clock::now() < end) {
    if (::waitpid(pid, &status, WNOHANG) == pid) return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ::kill(pid, SIGKILL);
  ::waitpid(pid, &status, 0);
  return -1;
}

// Running: it exists and is not a zombie (a container's init may never reap an orphan).
bool alive(pid_t pid) {
  if (::kill(pid, 0) != 0) return false;
  const std::string stat = readText("/proc/" + std::to_string(pid) + "/stat");
  const auto close = stat.rfind(')');
  return close == std::string::npos || stat.substr(close + 2, 1) != "Z";
}

void expectInterruptedReport(const fs::path& out) {
  ASSERT_TRUE(fs::exists(out / "report.json"));
  const auto report = nlohmann::json::parse(readText(out / "report.json"));
  EXPECT_EQ(report.value("interrupted", false), true);
  EXPECT_NE(readText(out / "junit.xml").find("interrupted by SIG"), std::string::npos);
}

void expectNothingLeft(const fs::path& dir, const fs::path& tmp) {
  EXPECT_TRUE(fs::is_empty(tmp)) << "temporary files left in " << tmp;
  for (const auto& entry : fs::directory_iterator(dir)) {
    EXPECT_NE(entry.path().filename().string().rfind(".out.", 0), 0u) << "staging left: " << entry.path();
  }
}

// NDDMA with five dimensions of 511 padded elements and zero strides: 511^5 elements from a 64-byte buffer.
const char* const kHugeNddma = R"({"schema": "dcconf.case/1", "product": "ascend950", "api": "DataCopy",
  "path": "GM->VECIN", "dtype": "half", "profile": "nddma-interleave-any",
  "params": {"type": "NdDmaParams", "dim": 5, "constantValue": "0x7c8d", "isNearestValueMode": false,
             "loopSize": [1, 1, 1, 1, 1], "loopLpSize": [255, 255, 255, 255, 255], "loopRpSize": [255, 255, 255, 255, 255],
             "loopSrcStride": [0, 0, 0, 0, 0], "loopDstStride": [0, 0, 0, 0, 0]},
  "src": {"size": 4, "offset": 0, "hex": "00000000"}, "dst": {"size": 64, "offset": 0, "fill": 0}})";

// A case asking for unbounded work ends at once with one line naming the fields and the cap (--max-work), and
// with the cap raised, SIGTERM ends the long evaluation within 5 s in case, explain and run --replay.
TEST(Signals, HugeWorkIsRefusedAndALongEvaluationStopsOnSigterm) {
  const fs::path dir = scratchDir();
  const fs::path tmp = dir / "tmp";
  fs::create_directories(tmp);
  std::ofstream(dir / "nddma.json") << kHugeNddma;
  const std::string file = "'" + (dir / "nddma.json").string() + "'";
  const RunResult refused = runDcconf("case " + file + " --out '" + (dir / "refused").string() + "'", dir);
  EXPECT_EQ(refused.status, 4) << refused.stderrText;
  EXPECT_NE(refused.stderrText.find("work = 69684228527102 (params.loopLpSize+loopSize+loopRpSize[0] 511 x"),
            std::string::npos)
      << refused.stderrText;
  EXPECT_NE(refused.stderrText.find("above the cap of 2147483648 bytes walked by one evaluation (--max-work raises it)"),
            std::string::npos)
      << refused.stderrText;
  for (const std::string& command : {"case " + file + " --out '" + (dir / "o1").string() + "'",
                                     "explain " + file + " --out '" + (dir / "o2").string() + "'",
                                     "run --replay " + file}) {
    const pid_t pid = startDcconf(command + " --max-work 100000000000000", dir, tmp);
    std::this_thread::sleep_for(std::chrono::seconds(2));
    ASSERT_TRUE(alive(pid)) << command << " ended before the signal: " << readText(dir / "stderr.txt");
    ::kill(pid, SIGTERM);
    EXPECT_EQ(waitFor(pid, std::chrono::seconds(5)), 143) << command << ": " << readText(dir / "stderr.txt");
  }
  EXPECT_FALSE(fs::exists(dir / "o1")) << "an interrupted case writes nothing";
}

TEST(Signals, SigtermStopsWorkersAndWritesTheInterruptedReport) {
  const fs::path dir = scratchDir();
  fs::create_directories(dir / "tmp");
  const pid_t pid = startDcconf("run --threads 2 --time 120s --seed 3 --out '" + (dir / "out").string() + "'", dir, dir / "tmp");
  std::this_thread::sleep_for(std::chrono::seconds(3));
  ASSERT_TRUE(alive(pid));
  ::kill(pid, SIGTERM);
  EXPECT_EQ(waitFor(pid, std::chrono::seconds(30)), 143) << readText(dir / "stderr.txt");
  expectInterruptedReport(dir / "out");
  EXPECT_NE(readText(dir / "stdout.txt").find("interrupted by SIGTERM"), std::string::npos) << "no summary printed";
  expectNothingLeft(dir, dir / "tmp");
  // No worker survives (they would keep burning CPU): none of dcconf's processes is left.
  EXPECT_NE(std::system(("pgrep -f -- '[-]-seed 3 --out " + (dir / "out").string() + "' > /dev/null").c_str()), 0);
}

TEST(Signals, SigintKillsAHungExecBackendGroup) {
  const fs::path dir = scratchDir();
  fs::create_directories(dir / "tmp");
  const std::string backend = "exec:sh " + std::string(DCCONF_SOURCE_DIR) + "/cli/tests/fixtures/hang_exec.sh '" +
                              (dir / "backend.pid").string() + "'";
  const pid_t pid = startDcconf("run --cases 5 --timeout-ms 600000 --path 'GM->VECIN' --dtype half --backend \"" + backend +
                                    "\" --out '" + (dir / "out").string() + "'",
                                dir, dir / "tmp");
  const auto end = Clock::now() + std::chrono::seconds(20);
  // backend.pid.sleep appears once the first case was sent and hangs
  while (!fs::exists(dir / "backend.pid.sleep") && Clock::now() < end) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const pid_t backendPid = std::stoi(readText(dir / "backend.pid"));
  const pid_t sleepPid = std::stoi(readText(dir / "backend.pid.sleep"));
  ASSERT_TRUE(alive(backendPid));
  ASSERT_TRUE(alive(sleepPid));
  const auto sent = Clock::now();
  ::kill(pid, SIGINT);
  EXPECT_EQ(waitFor(pid, std::chrono::seconds(20)), 130) << readText(dir / "stderr.txt");
  EXPECT_LT(Clock::now() - sent, std::chrono::seconds(10)) << "waited for the hung case instead of stopping";
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_FALSE(alive(backendPid)) << "the exec backend's shell outlived dcconf";
  EXPECT_FALSE(alive(sleepPid)) << "the exec backend's process group outlived dcconf";
  expectInterruptedReport(dir / "out");
  expectNothingLeft(dir, dir / "tmp");
}

// Issue 16 (5): the exec runner's case folders live in a private folder under TMPDIR, gone when the run ends.
TEST(Signals, ExecCaseFoldersGoToTmpdirAndAreRemoved) {
  const fs::path dir = scratchDir();
  fs::create_directories(dir / "tmp");
  const std::string backend = std::string("exec:python3 ") + DCCONF_SOURCE_DIR + "/runners/exec/examples/example_exec_backend.py";
  const RunResult r = runDcconf("TMPDIR='" + (dir / "tmp").string() + "' '" + DCCONF_EXE + "' run --cases 3 --seed 2 --quiet --path 'GM->VECIN' --dtype half --backend '" + backend + "'", dir, false);
  EXPECT_EQ(r.status, 0) << r.stderrText;
  EXPECT_TRUE(fs::is_empty(dir / "tmp"));
  const RunResult threaded = runDcconf("TMPDIR='" + (dir / "tmp").string() + "' '" + DCCONF_EXE + "' run --threads 2 --cases 3 --seed 2 --quiet --path 'GM->VECIN' --dtype half --backend '" + backend + "'", dir, false);
  EXPECT_EQ(threaded.status, 0) << threaded.stderrText;
  EXPECT_TRUE(fs::is_empty(dir / "tmp")) << "worker processes left temporary files";
  const RunResult kept = runDcconf("TMPDIR='" + (dir / "tmp").string() + "' '" + DCCONF_EXE + "' run --keep-temp --cases 3 --seed 2 --quiet --path 'GM->VECIN' --dtype half --backend '" + backend + "'", dir, false);
  EXPECT_EQ(kept.status, 0) << kept.stderrText;
  EXPECT_FALSE(fs::is_empty(dir / "tmp")) << "--keep-temp keeps the run's folder";
}

}  // namespace
}  // namespace dcconf::cli::testing
