// The dcconf.exec/1 client side (docs/exec-protocol.md): writes each case as a case folder, sends one request
// line, waits for one reply line, and turns every way the child can misbehave into a RunStatus.
#include "dcconf/exec/exec_backend.hpp"

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>

#include "child_process.hpp"
#include "dcconf/backends/call_timeout.hpp"
#include "reply.hpp"
#include "dcconf/backends/children.hpp"
#include "dcconf/backends/validity.hpp"
#include "dcconf/casefile/casefile.hpp"
#include "dcconf/casefile/io.hpp"
#include "dcconf/casefile/json_guard.hpp"

namespace dcconf::exec {
namespace {

namespace fs = std::filesystem;
using backends::RunResult;
using backends::RunStatus;
using detail::ChildProcess;
using detail::Clock;
using detail::IoStatus;
using detail::oneLine;
using detail::parseReply;
using detail::Reply;
using nlohmann::json;

// How long a child that closed its stdout may take to exit before we kill it: only its exit code is at stake.
constexpr std::chrono::milliseconds kExitGrace{500};

// A write to a dead child must be a crash of the child (EPIPE), not of dcconf. Respect a handler the host
// application installed; only the default (terminate) is replaced.
void ignoreSigpipeOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction current {};
    if (::sigaction(SIGPIPE, nullptr, &current) == 0 && current.sa_handler == SIG_DFL) {
      struct sigaction ignore {};
      ignore.sa_handler = SIG_IGN;
      ::sigaction(SIGPIPE, &ignore, nullptr);
    }
  });
}

// Reads the child's result into dst; the file must hold exactly dst.size() bytes (the case's size, never its).
std::string readDst(const fs::path& path, std::span<std::uint8_t> dst) {
  std::error_code ec;
  const std::uintmax_t sizeBytes = fs::file_size(path, ec);
  if (ec) return "status ok but the dst file " + path.string() + " is missing";
  if (sizeBytes != dst.size()) {
    return "dst file has " + std::to_string(sizeBytes) + " bytes, the case's dst has " + std::to_string(dst.size());
  }
  std::vector<std::uint8_t> bytes(dst.size());
  std::ifstream in(path, std::ios::binary);
  in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (static_cast<std::size_t>(in.gcount()) != bytes.size()) return "cannot read the dst file " + path.string();
  std::copy(bytes.begin(), bytes.end(), dst.begin());
  return "";
}

// dcconf.exec/2's buffer arena: one memfd shared with the child, which opens it as /proc/<dcconf pid>/fd/<fd>. It
// only grows (sealed against shrinking, so no child can make dcconf's mapping fault); pages of a big case are
// given back after it.
class SharedArena {
 public:
  SharedArena() = default;
  SharedArena(const SharedArena&) = delete;
  SharedArena& operator=(const SharedArena&) = delete;
  ~SharedArena() {
    if (data_ != nullptr) ::munmap(data_, bytes_);
    if (fd_ >= 0) ::close(fd_);
  }

  // Makes the arena at least `needBytes` long; "" or why not.
  std::string reserve(std::size_t needBytes) {
    if (needBytes > kMaxArenaBytes) {
      return "the case needs " + std::to_string(needBytes) + " bytes of arena, more than the " +
             std::to_string(kMaxArenaBytes) + " dcconf.exec/2 maps";
    }
    if (fd_ < 0) {
      fd_ = ::memfd_create("dcconf-exec-arena", MFD_CLOEXEC | MFD_ALLOW_SEALING);
      if (fd_ < 0) return std::string("memfd_create: ") + std::strerror(errno);
      if (::fcntl(fd_, F_ADD_SEALS, F_SEAL_SHRINK) != 0) return std::string("sealing the arena: ") + std::strerror(errno);
    }
    if (needBytes <= bytes_ && bytes_ > 0) return "";
    // Never empty (a child cannot map an empty file); doubling keeps the number of remaps logarithmic.
    const std::size_t newBytes =
        std::max<std::size_t>(roundUp(std::max<std::size_t>(needBytes, 1), kGrainBytes), std::min(2 * bytes_, kMaxArenaBytes));
    if (::ftruncate(fd_, static_cast<off_t>(newBytes)) != 0) return std::string("ftruncate: ") + std::strerror(errno);
    void* mapped = ::mmap(nullptr, newBytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd_, 0);
    if (mapped == MAP_FAILED) return std::string("mmap: ") + std::strerror(errno);
    if (data_ != nullptr) ::munmap(data_, bytes_);
    data_ = static_cast<std::uint8_t*>(mapped);
    bytes_ = newBytes;
    return "";
  }

  // Returns the pages of a big case to the system; the size (what the child maps) stays.
  void release(std::size_t usedBytes) {
    if (usedBytes >= kReleaseAboveBytes) {
      ::fallocate(fd_, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 0, static_cast<off_t>(bytes_));
    }
  }

  std::uint8_t* data() const { return data_; }
  std::size_t bytes() const { return bytes_; }
  std::string childPath() const { return "/proc/" + std::to_string(::getpid()) + "/fd/" + std::to_string(fd_); }

  static std::size_t roundUp(std::size_t value, std::size_t grain) { return (value + grain - 1) / grain * grain; }

 private:
  static constexpr std::size_t kGrainBytes = 64 * 1024;
  static constexpr std::size_t kReleaseAboveBytes = 16u << 20;
  // Two dense buffers at the case loader's cap (256 MiB each) and the page between them.
  static constexpr std::size_t kMaxArenaBytes = (512u << 20) + 2 * kGrainBytes;
  int fd_ = -1;
  std::uint8_t* data_ = nullptr;
  std::size_t bytes_ = 0;
};

class ExecBackendImpl final : public ExecBackend, public backends::CallTimeout {
 public:
  ExecBackendImpl(std::string command, const ExecOptions& options, fs::path sessionDir)
      : command_(std::move(command)),
        options_(options),
        session_(std::move(sessionDir)),
        stderrLog_(session_ / "stderr.log") {}

  ~ExecBackendImpl() override {
    child_.reset();  // EOF on its stdin, then reaped
    // A clean session leaves nothing behind; kept failures or anything the child said on stderr stay.
    std::error_code ec;
    const bool quietChild = !fs::exists(stderrLog_, ec) || fs::file_size(stderrLog_, ec) == 0;
    if (!keptFailure_ && quietChild) fs::remove_all(session_, ec);
  }

  // Starts the command and performs the handshake; "" on success.
  std::string startChild() {
    if (backends::stopping()) return "dcconf is stopping (interrupted)";
    auto started = ChildProcess::start(command_, stderrLog_);
    if (auto* error = std::get_if<std::string>(&started)) return *error;
    child_ = std::move(std::get<std::unique_ptr<ChildProcess>>(started));
    ++starts_;
    const auto deadline = Clock::now() + std::chrono::milliseconds(options_.handshakeTimeoutMs);
    nlohmann::ordered_json hello = {{"protocol", kExecProtocol}, {"hello", true}};
    if (options_.maxProtocolVersion >= 2) hello["offer"] = nlohmann::ordered_json::array({kExecProtocolV2});
    std::string failure;
    if (child_->writeLine(hello.dump(), deadline) == IoStatus::done) {
      const detail::LineRead read = child_->readLine(deadline, kMaxReplyLineBytes);
      switch (read.status) {
        case IoStatus::done:
          failure = acceptHello(read.line);
          break;
        case IoStatus::timedOut:
          failure = "no hello reply within " + std::to_string(options_.handshakeTimeoutMs) + " ms";
          break;
        case IoStatus::tooLong:
          failure = "hello reply longer than " + std::to_string(kMaxReplyLineBytes) + " bytes";
          break;
        case IoStatus::closed:
          failure = childDied("before its hello reply");
          break;
      }
    } else {
      failure = childDied("before reading the hello");
    }
    if (!failure.empty()) dropChild();
    return failure;
  }

  std::string name() const override { return name_; }
  std::string version() const override { return version_; }
  // Only the child knows; it answers not-supported per case, which the runner reports like supports() == false.
  bool supports(const oracle::Case&) const override { return true; }
  std::uint64_t processStarts() const override { return starts_; }
  const fs::path& sessionDir() const override { return session_; }
  std::string helloReply() const override { return helloReply_; }
  std::string declaredLimits() const override { return limits_; }
  void setCallTimeoutMs(std::uint32_t timeoutMs) override {
    callTimeoutMs_ = std::min(timeoutMs, options_.perCaseTimeoutMs);
  }
  std::string protocol() const override { return protocol_; }

  RunResult run(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) override {
    if (!child_) {
      if (const std::string error = startChild(); !error.empty()) {
        return {RunStatus::error, "cannot restart `" + oneLine(command_, 80) + "`: " + error};
      }
    }
    const std::uint64_t id = nextId_++;
    if (protocol_ == kExecProtocolV2) return runInArena(id, c, src, dst);
    const fs::path caseDir = session_ / std::to_string(id);
    const fs::path dstPath = caseDir / "dst.bin";
    if (const std::string error = writeCaseFolder(caseDir, c, src, dst); !error.empty()) {
      return finish(caseDir, {RunStatus::error, error}, "");
    }
    // ordered_json: the request reads in protocol order in transcripts and in the kept request.jsonl.
    const nlohmann::ordered_json request = {{"protocol", kExecProtocol},
                                            {"id", id},
                                            {"case", (caseDir / "case.json").string()},
                                            {"dst", dstPath.string()},
                                            {"dstBytes", dst.size()}};
    const std::string requestLine = request.dump();
    writeTextFile(caseDir / "request.jsonl", requestLine + "\n");
    return finish(caseDir, exchange(requestLine, id, [&] { return readDst(dstPath, dst); }), requestLine);
  }

 private:
  // dcconf.exec/2: both buffers in the arena (src at 0, dst at the next page), the case inline in the request. Only
  // a failure writes files: the dcconf.exec/1 case folder, so a kept case replays as before.
  RunResult runInArena(std::uint64_t id, const oracle::Case& c, std::span<const std::uint8_t> src,
                       std::span<std::uint8_t> dst) {
    const std::size_t dstAt = SharedArena::roundUp(src.size(), 4096);
    if (std::string error = arena_.reserve(dstAt + dst.size()); !error.empty()) return {RunStatus::error, error};
    std::copy(src.begin(), src.end(), arena_.data());
    std::copy(dst.begin(), dst.end(), arena_.data() + dstAt);
    const nlohmann::ordered_json request = {{"protocol", kExecProtocolV2},
                                            {"id", id},
                                            {"case", casefile::toJsonWithoutBuffers(c)},
                                            {"arena", arena_.childPath()},
                                            {"arenaBytes", arena_.bytes()},
                                            {"srcAt", 0},
                                            {"dstAt", dstAt},
                                            {"dstBytes", dst.size()}};
    const std::string requestLine = request.dump();
    RunResult result = exchange(requestLine, id, [&] {
      std::copy_n(arena_.data() + dstAt, dst.size(), dst.begin());
      return std::string();
    });
    arena_.release(dstAt + dst.size());
    if (!isFailure(result.status)) return result;
    // dst still holds the destination before the copy: only an ok answer copied the arena back.
    const fs::path caseDir = session_ / std::to_string(id);
    if (const std::string error = writeCaseFolder(caseDir, c, src, dst); !error.empty()) {
      result.detail += " (the case could not be kept: " + error + ")";
      return result;
    }
    const nlohmann::ordered_json replay = {{"protocol", kExecProtocol},
                                           {"id", id},
                                           {"case", (caseDir / "case.json").string()},
                                           {"dst", (caseDir / "dst.bin").string()},
                                           {"dstBytes", dst.size()}};
    writeTextFile(caseDir / "request.jsonl", replay.dump() + "\n");
    return finish(caseDir, std::move(result), requestLine);
  }

  static bool isFailure(RunStatus status) {
    return status == RunStatus::error || status == RunStatus::crashed || status == RunStatus::timedOut;
  }

  std::string acceptHello(const std::string& line) {
    if (std::string deep = casefile::jsonDepthError(line); !deep.empty()) return "handshake reply: " + deep;
    const json reply = json::parse(line, nullptr, /*allow_exceptions=*/false);
    const auto helloIt = reply.is_object() ? reply.find("hello") : reply.end();
    if (reply.is_discarded() || !reply.is_object() || helloIt == reply.end() || *helloIt != true) {
      return "handshake reply is not {\"hello\":true,...}: " + oneLine(line, 80);
    }
    const auto nameIt = reply.find("name");
    if (nameIt == reply.end() || !nameIt->is_string() || nameIt->get<std::string>().empty()) {
      return "handshake reply has no \"name\" string: " + oneLine(line, 80);
    }
    const auto versionIt = reply.find("version");
    if (versionIt != reply.end() && !versionIt->is_string()) return "handshake \"version\" is not a string";
    // the child's own declared limits (docs/limits.md): a dcconf.limits object, read by the run
    const auto limitsIt = reply.find("limits");
    if (limitsIt != reply.end() && !limitsIt->is_object()) return "handshake \"limits\" is not a dcconf.limits object";
    std::string chosen = kExecProtocol;
    if (const auto protocolIt = reply.find("protocol"); protocolIt != reply.end()) {
      const bool v2 = options_.maxProtocolVersion >= 2 && *protocolIt == kExecProtocolV2;
      if (*protocolIt != kExecProtocol && !v2) {
        return "child speaks " + oneLine(protocolIt->dump(), 40) + ", dcconf speaks " + kExecProtocol +
               (options_.maxProtocolVersion >= 2 ? std::string(" or ") + kExecProtocolV2 : std::string());
      }
      if (v2) chosen = kExecProtocolV2;
    }
    // The first hello names the backend for the whole run, so a report does not change name after a restart.
    if (name_.empty()) {
      name_ = oneLine(nameIt->get<std::string>(), 80);
      version_ = versionIt == reply.end() ? "" : oneLine(versionIt->get<std::string>(), 80);
      limits_ = limitsIt == reply.end() ? "" : limitsIt->dump();
    }
    helloReply_ = line;
    protocol_ = chosen;
    return "";
  }

  // The request/reply round trip for one case. Every failure that may leave the stream out of step drops the child.
  // takeResult reads the child's result after an ok reply: "" or why it cannot.
  template <class TakeResult>
  RunResult exchange(const std::string& requestLine, std::uint64_t id, TakeResult&& takeResult) {
    const auto deadline = Clock::now() + std::chrono::milliseconds(callTimeoutMs_);
    IoStatus io = child_->writeLine(requestLine, deadline);
    detail::LineRead read;
    detail::LineKind kind;
    // Before its reply the child may ask whether a case is valid (the validity query), each question answered on
    // its stdin at once; at most kMaxValidateQuestions per case, within the case's deadline.
    for (std::uint32_t questions = 0; io == IoStatus::done; ++questions) {
      read = child_->readLine(deadline, kMaxReplyLineBytes);
      io = read.status;
      kind = {};
      if (io != IoStatus::done || questions >= kMaxValidateQuestions) break;
      kind = detail::classifyLine(read.line);
      if (kind.kind != detail::LineKind::Kind::question) break;
      io = child_->writeLine(answerValidate(read.line), deadline);
    }
    switch (io) {
      case IoStatus::done:
        break;
      case IoStatus::timedOut:
        dropChild();
        return {RunStatus::timedOut,
                "no reply within " + std::to_string(callTimeoutMs_) + " ms" +
                    (callTimeoutMs_ < options_.perCaseTimeoutMs
                         ? " (adaptive budget; --timeout-ms " + std::to_string(options_.perCaseTimeoutMs) + ")"
                         : std::string()) +
                    "; process group killed, restarting for the next case"};
      case IoStatus::closed: {
        const std::string died = childDied("during the case");
        dropChild();
        return {RunStatus::crashed, died};
      }
      case IoStatus::tooLong:
        dropChild();
        return {RunStatus::error, "reply line longer than " + std::to_string(kMaxReplyLineBytes) + " bytes"};
    }
    Reply reply = kind.kind == detail::LineKind::Kind::malformedQuestion ? Reply{{}, kind.why} : parseReply(read.line, id);
    if (!reply.result) {
      dropChild();
      return {RunStatus::error, "malformed reply: " + reply.protocolError};
    }
    if (reply.result->status == RunStatus::ok) {
      if (std::string error = takeResult(); !error.empty()) return {RunStatus::error, std::move(error)};
    }
    return std::move(*reply.result);
  }

  static constexpr std::uint32_t kMaxValidateQuestions = 64;

  // {"validate": true, "case": {dcconf.case/1 without buffers: src/dst give size and offset}} ->
  // {"validate": true, "verdict": "valid" | "invalid" | "not-supported" | "malformed", "clause", "message"}
  static std::string answerValidate(const std::string& line) {
    const json question = json::parse(line, nullptr, /*allow_exceptions=*/false);
    nlohmann::ordered_json answer = {{"validate", true}};
    if (const auto id = question.find("id"); id != question.end()) answer["id"] = *id;
    const auto it = question.find("case");
    backends::Validity verdict{backends::Validity::Kind::malformed, "CASE", "no \"case\" object"};
    if (it != question.end() && it->is_object()) {
      auto loaded = casefile::parseCaseWithoutBuffers(*it, "validate");
      if (const auto* error = std::get_if<casefile::LoadError>(&loaded)) {
        verdict.detail = error->oneLine();
      } else {
        verdict = backends::judgeValidity(std::get<casefile::CaseData>(loaded).c);
      }
    }
    answer["verdict"] = std::string(backends::name(verdict.kind));
    answer["clause"] = verdict.clause;
    answer["message"] = verdict.detail;
    return answer.dump();
  }

  // Describes how the child ended (exit code or signal, then its last stderr lines) and reaps it.
  std::string childDied(const std::string& when) {
    const std::string how = child_->reapAfterClose(kExitGrace);
    const std::string tail = detail::stderrTail(stderrLog_, child_->stderrLogStartBytes());
    return "child " + how + " " + when + (tail.empty() ? "" : "; stderr: " + tail);
  }

  // No grace period here: the child is hung or out of step, so it is killed at once. The next run() restarts it.
  void dropChild() {
    if (child_) child_->killGroup();
    child_.reset();
  }

  std::string writeCaseFolder(const fs::path& caseDir, const oracle::Case& c, std::span<const std::uint8_t> src,
                              std::span<const std::uint8_t> dst) {
    std::error_code ec;
    fs::remove_all(caseDir, ec);  // a leftover of an earlier session cannot be reused: ids restart at 1
    if (!fs::create_directories(caseDir, ec)) return "cannot create " + caseDir.string() + ": " + ec.message();
    casefile::CaseData data;
    data.c = c;
    data.src.assign(src.begin(), src.end());
    data.dstBefore.assign(dst.begin(), dst.end());
    const json caseJson = casefile::toJsonWithFiles(data, caseDir, "case");
    if (caseJson.is_null()) return "cannot write the buffers of " + caseDir.string();
    return writeTextFile(caseDir / "case.json", caseJson.dump(2) + "\n");
  }

  static std::string writeTextFile(const fs::path& path, const std::string& text) {
    return casefile::writeFileAtomic(path, std::string_view(text));
  }

  // Success (the child answered, whatever it answered, and its result was readable) deletes the case folder;
  // a failure keeps it for replay, with the outcome in failure.txt, and says where it is.
  RunResult finish(const fs::path& caseDir, RunResult result, const std::string& requestLine) {
    std::error_code ec;
    if (!isFailure(result.status)) {
      fs::remove_all(caseDir, ec);
      return result;
    }
    keptFailure_ = true;
    writeTextFile(caseDir / "failure.txt", std::string(backends::name(result.status)) + ": " + result.detail +
                                               "\nrequest: " + requestLine + "\n");
    result.detail += options_.sessionIsTemporary ? " [case in " + caseDir.string() + ", kept only with --keep-temp]"
                                                 : " [case kept in " + caseDir.string() + "]";
    return result;
  }

  std::string command_;
  ExecOptions options_;
  std::uint32_t callTimeoutMs_ = options_.perCaseTimeoutMs;  // setCallTimeoutMs: never above the per-case timeout
  fs::path session_;
  fs::path stderrLog_;
  std::unique_ptr<ChildProcess> child_;
  std::string name_;
  std::string version_;
  std::string helloReply_;
  std::string limits_;  // the first hello's "limits", as JSON text
  std::string protocol_ = kExecProtocol;
  SharedArena arena_;
  std::uint64_t starts_ = 0;
  std::uint64_t nextId_ = 1;
  bool keptFailure_ = false;
};

// <workDir>/exec.XXXXXX: two backends (or two runs) sharing a work dir never share case folders.
std::variant<fs::path, std::string> makeSessionDir(const fs::path& workDir) {
  const fs::path base = workDir.empty() ? fs::temp_directory_path() : workDir;
  std::error_code ec;
  fs::create_directories(base, ec);
  std::string pattern = fs::absolute(base, ec).append(workDir.empty() ? "dcconf-exec.XXXXXX" : "exec.XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) return "cannot create a session folder in " + base.string();
  return fs::path(pattern);
}

}  // namespace

ExecBackendResult makeExecBackend(const std::string& command, const ExecOptions& options) {
  ignoreSigpipeOnce();
  auto session = makeSessionDir(options.workDir);
  if (auto* error = std::get_if<std::string>(&session)) return {nullptr, "exec backend: " + *error};
  auto backend = std::make_unique<ExecBackendImpl>(command, options, std::get<fs::path>(session));
  if (const std::string error = backend->startChild(); !error.empty()) {
    // The session folder survives (in the destructor) only if the child wrote to stderr; under dcconf run it sits in
    // the run's temporary folder, removed at exit: then the message carries the log's tail rather than a dead path.
    const fs::path log = backend->sessionDir() / "stderr.log";
    std::error_code ec;
    const bool logged = fs::file_size(log, ec) > 0 && !ec;
    std::string where;
    if (logged && options.sessionIsTemporary) {
      const bool tailShown = error.find("stderr: ") != std::string::npos;  // childDied() quoted it already
      where = (tailShown ? " (" : " (stderr: " + detail::stderrTail(log, 0) + "; ") +
              std::string("the whole stderr log is kept only with --keep-temp)");
    } else if (logged) {
      where = " (log: " + log.string() + ")";
    }
    return {nullptr, "exec backend: cannot start `" + oneLine(command, 80) + "`: " + error + where};
  }
  return {std::move(backend), ""};
}

}  // namespace dcconf::exec
