// The plugin host: a parent side (PluginBackend) that owns a worker process, and the worker's serve loop.
// Wire format: fixed-size structs over a Unix socket (parent and worker are the same binary, so layouts agree);
// buffers in a memfd mapped MAP_SHARED by both. Everything the worker sends back is range-checked, since the plugin
// runs in the worker's address space and may have scribbled over it.
#include "dcconf/plugin/plugin_backend.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstddef>
#include <cstring>
#include <mutex>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "dcconf/backends/call_timeout.hpp"
#include "dcconf/backends/children.hpp"
#include "dcconf/casefile/text.hpp"
#include "dcconf/backends/validity.hpp"

#include "dcconf/plugin/abi_convert.hpp"
#include "dcconf_backend.h"

namespace dcconf::plugin {
namespace {

using Clock = std::chrono::steady_clock;
using backends::RunResult;
using backends::RunStatus;

constexpr std::size_t kMaxNameBytes = 128;
constexpr std::uint64_t kMaxLimitsBytes = 1 << 20;  // dcconf_backend_limits_v1()'s text (dcconf_backend.h)        // plugin name / version, NUL included
constexpr std::uint64_t kMappingAlignBytes = 4096;  // mapping grows in whole pages
constexpr std::uint64_t kDstAlignBytes = 64;        // dst starts on a cache line after src
// Guard bytes before and after src and dst in the shared mapping: a plugin that writes 1 or 64 bytes past
// either end of a buffer, or 1 before it, changes a guard byte and the case fails naming the region. A page's worth
// catches every overrun a copy's stride arithmetic makes within one block.
constexpr std::uint64_t kGuardBytes = 4096;

// The part of the v1 table this host calls; a plugin's struct_size must cover it.
constexpr std::size_t kV1TableBytes = offsetof(dcconf_backend_v1_t, run) + sizeof(dcconf_backend_v1_t::run);

// runSparse: src and dst are the caller's sparse memfds, passed to the worker with SCM_RIGHTS right
// after the request; only the tensors travel in the shared mapping (at its start).
enum class RequestKind : std::uint32_t { supports = 1, run = 2, runSparse = 3 };

struct Request {
  RequestKind kind = RequestKind::run;
  std::uint64_t mappingBytes = 0;  // the worker remaps when this differs from its mapping
  std::uint32_t newMemfd = 0;      // the mapping's memfd was replaced: the new one follows (SCM_RIGHTS) first
  std::uint64_t srcOffsetBytes = 0;
  std::uint64_t srcBytes = 0;
  std::uint64_t dstOffsetBytes = 0;
  std::uint64_t dstBytes = 0;
  // The case's uint64 tensors (Tensor) travel in the mapping after dst, each 64-byte aligned; the worker points the
  // case's pointers at them (the parent's pointers mean nothing in the worker).
  std::uint64_t tensorOffsetBytes[2] = {};
  std::uint64_t usedBytes = 0;  // the mapping's prefix this call uses (buffers, guards, tensors)
  dcconf_case c{};
};

struct Reply {
  std::int32_t status = DCCONF_ERROR;  // run: dcconf_status
  std::int32_t supported = 0;          // supports
  char detail[kMaxPluginDetailBytes] = {};
};

struct Hello {
  std::int32_t ok = 0;
  std::uint64_t limitsBytes = 0;  // dcconf_backend_limits_v1()'s text follows the hello, this long (capped)
  std::uint64_t caseBytes = DCCONF_CASE_V1_0_SIZE;  // the dcconf_case layout the plugin was compiled against
  char name[kMaxNameBytes] = {};
  char version[kMaxNameBytes] = {};
  char error[kMaxPluginDetailBytes] = {};  // when !ok
};

// Copies text into a fixed field, truncating, always NUL-terminated.
template <std::size_t N>
void setText(char (&field)[N], const char* text) {
  std::snprintf(field, N, "%s", text == nullptr ? "" : text);
}

// A fixed field from the worker as one printable line: stops at the first NUL or at the end of the field.
template <std::size_t N>
std::string lineOf(const char (&field)[N]) {
  std::string out(field, strnlen(field, N));
  std::replace_if(out.begin(), out.end(), [](char ch) { return static_cast<unsigned char>(ch) < 0x20; }, ' ');
  return casefile::validUtf8(out);  // a plugin's bytes are not text until made so (else report.json throws)
}

// ---- socket I/O ----

enum class Io : std::uint8_t { ok, closed, timedOut, failed };

Io sendAll(int fd, const void* data, std::size_t bytes) {
  const auto* p = static_cast<const char*>(data);
  while (bytes > 0) {
    const ssize_t sent = ::send(fd, p, bytes, MSG_NOSIGNAL);  // a dead peer is EPIPE, never SIGPIPE
    if (sent < 0) {
      if (errno == EINTR) continue;
      return errno == EPIPE || errno == ECONNRESET ? Io::closed : Io::failed;
    }
    p += sent;
    bytes -= static_cast<std::size_t>(sent);
  }
  return Io::ok;
}

// Reads exactly bytes; no deadline means wait forever (the worker waiting for its next request).
Io recvAll(int fd, void* data, std::size_t bytes, std::optional<Clock::time_point> deadline) {
  auto* p = static_cast<char*>(data);
  while (bytes > 0) {
    int timeoutMs = -1;
    if (deadline) {
      const Clock::time_point now = Clock::now();
      if (now >= *deadline) return Io::timedOut;
      // Rounded up: a truncated wait would give up to 1 ms before the deadline.
      const auto left = std::chrono::ceil<std::chrono::milliseconds>(*deadline - now).count();
      timeoutMs = static_cast<int>(std::min<long long>(left, INT_MAX));
    }
    pollfd pfd{fd, POLLIN, 0};
    const int ready = ::poll(&pfd, 1, timeoutMs);
    if (ready < 0 && errno != EINTR) return Io::failed;
    if (ready <= 0) continue;  // EINTR, or a timeout the next pass reports
    const ssize_t got = ::recv(fd, p, bytes, 0);
    if (got == 0) return Io::closed;
    if (got < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      return errno == ECONNRESET ? Io::closed : Io::failed;
    }
    p += got;
    bytes -= static_cast<std::size_t>(got);
  }
  return Io::ok;
}

std::string errnoText(const char* what) { return std::string(what) + ": " + std::strerror(errno); }

// "killed by SIGSEGV (Segmentation fault)" / "exited with status 3"
std::string describeExit(int waitStatus) {
  if (WIFSIGNALED(waitStatus)) {
    const int sig = WTERMSIG(waitStatus);
    const char* abbrev = sigabbrev_np(sig);
    return "killed by SIG" + std::string(abbrev != nullptr ? abbrev : std::to_string(sig).c_str()) + " (" +
           strsignal(sig) + ")";
  }
  if (WIFEXITED(waitStatus)) return "exited with status " + std::to_string(WEXITSTATUS(waitStatus));
  return "stopped";
}

// ---- the worker ----

// Closes every inherited descriptor but stdio and the two the worker needs, so that the worker holds no other
// worker's socket open (that would hide the other worker's end-of-file).
void closeInheritedFds(int a, int b) {
  const int lo = std::min(a, b);
  const int hi = std::max(a, b);
  if (lo > 3) ::close_range(3, static_cast<unsigned>(lo - 1), 0);
  if (hi > lo + 1) ::close_range(static_cast<unsigned>(lo + 1), static_cast<unsigned>(hi - 1), 0);
  ::close_range(static_cast<unsigned>(hi + 1), ~0u, 0);
}

// The host table's check_case (dcconf_backend.h): the oracle's judgement of a case the plugin holds. Runs in the
// worker, which is this dcconf forked, so the oracle is at hand.
int hostCheckCase(const dcconf_case* abi, char* clause, size_t clauseCap, char* detail, size_t detailCap) {
  const auto say = [&](int verdict, const std::string& id, const std::string& why) {
    if (clause != nullptr && clauseCap > 0) std::snprintf(clause, clauseCap, "%s", id.c_str());
    if (detail != nullptr && detailCap > 0) std::snprintf(detail, detailCap, "%s", why.c_str());
    return verdict;
  };
  if (abi == nullptr) return say(DCCONF_CHECK_MALFORMED, "CASE", "check_case: NULL case");
  const FromAbi converted = fromAbi(*abi);
  if (!converted.value) return say(DCCONF_CHECK_MALFORMED, "CASE", converted.error);
  const backends::Validity verdict = backends::judgeValidity(*converted.value);
  return say(static_cast<int>(verdict.kind), verdict.clause, verdict.detail);
}

const dcconf_host_v1_t kHost{sizeof(dcconf_host_v1_t), hostCheckCase};

// Loads the plugin and checks its table; on failure says why in hello.error. The optional exports (1.5): the host
// table is handed over before create(), the limits text is kept for the hello.
// The dcconf_case bytes level 1.minor covers (the header's DCCONF_CASE_V1_n_SIZE marks); a level above this
// header's newest knows every field of it.
std::uint64_t caseBytesOfLevel(std::uint32_t minor) {
  static constexpr std::uint64_t kBytes[] = {
      DCCONF_CASE_V1_0_SIZE,  DCCONF_CASE_V1_1_SIZE, DCCONF_CASE_V1_2_SIZE, DCCONF_CASE_V1_3_SIZE, DCCONF_CASE_V1_4_SIZE,
      DCCONF_CASE_V1_5_SIZE,  DCCONF_CASE_V1_6_SIZE, DCCONF_CASE_V1_7_SIZE, DCCONF_CASE_V1_8_SIZE, DCCONF_CASE_V1_9_SIZE,
      DCCONF_CASE_V1_10_SIZE, DCCONF_CASE_V1_11_SIZE, DCCONF_CASE_V1_12_SIZE, sizeof(dcconf_case)};
  static_assert(std::size(kBytes) == DCCONF_CASE_LEVEL_CURRENT + 1, "one entry per level of the header");
  return kBytes[std::min<std::uint32_t>(minor, DCCONF_CASE_LEVEL_CURRENT)];
}

const dcconf_backend_v1_t* loadTable(const std::string& path, Hello& hello, std::string* limitsText = nullptr) {
  // dlopen searches the library path for a name without a slash; a file of that name here is what the user meant.
  const bool here = path.find('/') == std::string::npos && ::access(path.c_str(), F_OK) == 0;
  void* library = ::dlopen((here ? "./" + path : path).c_str(), RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) {
    setText(hello.error, ::dlerror());
    return nullptr;
  }
  auto* entry = reinterpret_cast<dcconf_backend_v1_fn>(::dlsym(library, DCCONF_ENTRY_POINT_NAME));
  if (entry == nullptr) {
    setText(hello.error, "not a dcconf plugin: it does not export " DCCONF_ENTRY_POINT_NAME "()");
    return nullptr;
  }
  const dcconf_backend_v1_t* table = entry();
  std::string why;
  if (table == nullptr) {
    why = DCCONF_ENTRY_POINT_NAME "() returned NULL";
  } else if (table->abi_version != DCCONF_ABI_VERSION) {
    why = "plugin ABI version " + std::to_string(table->abi_version) + ", this dcconf speaks " +
          std::to_string(DCCONF_ABI_VERSION);
  } else if (table->struct_size < kV1TableBytes) {
    why = "plugin table struct_size " + std::to_string(table->struct_size) + " is smaller than the v1 table (" +
          std::to_string(kV1TableBytes) + " bytes)";
  } else if (table->create == nullptr || table->destroy == nullptr || table->supports == nullptr ||
             table->run == nullptr) {
    why = "plugin table has a NULL function pointer (create, destroy, supports and run are required)";
  }
  if (!why.empty()) {
    setText(hello.error, why.c_str());
    return nullptr;
  }
  // since 1.1: a table that reaches case_struct_size and sets it says which dcconf_case the plugin knows: a level
  // number (DCCONF_CASE_LEVEL), or a sizeof as older plugins wrote it
  constexpr std::size_t kCaseSizeEnd = offsetof(dcconf_backend_v1_t, case_struct_size) + sizeof(std::uint32_t);
  if (table->struct_size >= kCaseSizeEnd && table->case_struct_size != 0) {
    const std::uint32_t declared = table->case_struct_size;
    hello.caseBytes = declared < DCCONF_CASE_V1_0_SIZE ? caseBytesOfLevel(declared)
                                                       : std::max<std::uint64_t>(DCCONF_CASE_V1_0_SIZE, declared);
  }
  if (auto* setHost = reinterpret_cast<dcconf_backend_set_host_v1_fn>(::dlsym(library, DCCONF_SET_HOST_ENTRY_POINT_NAME))) {
    setHost(&kHost);
  }
  auto* limits = reinterpret_cast<dcconf_backend_limits_v1_fn>(::dlsym(library, DCCONF_LIMITS_ENTRY_POINT_NAME));
  if (limits != nullptr && limitsText != nullptr) {
    const char* text = limits();
    // one byte over the cap is enough for the host to refuse it, naming the cap
    if (text != nullptr) *limitsText = std::string(text, strnlen(text, kMaxLimitsBytes + 1));
    hello.limitsBytes = limitsText->size();
  }
  return table;
}

// One byte with room for two descriptors as ancillary data (SCM_RIGHTS): what sendFds sends and recvFds reads.
struct FdMessage {
  char byte = 'F';
  iovec iov{&byte, 1};
  alignas(cmsghdr) char control[CMSG_SPACE(2 * sizeof(int))] = {};
  msghdr msg{};
  FdMessage() {
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
  }
  FdMessage(const FdMessage&) = delete;  // msg points into this object
  FdMessage& operator=(const FdMessage&) = delete;
};

// Two file descriptors as ancillary data of one byte; the receiver owns its copies.
Io sendFds(int sock, int first, int second) {
  FdMessage m;
  msghdr& msg = m.msg;
  cmsghdr* cmsg = CMSG_FIRSTHDR(&msg);
  cmsg->cmsg_level = SOL_SOCKET;
  cmsg->cmsg_type = SCM_RIGHTS;
  cmsg->cmsg_len = CMSG_LEN(2 * sizeof(int));
  const int fds[2] = {first, second};
  std::memcpy(CMSG_DATA(cmsg), fds, sizeof fds);
  while (true) {
    if (::sendmsg(sock, &msg, MSG_NOSIGNAL) == 1) return Io::ok;
    if (errno == EINTR) continue;
    return errno == EPIPE || errno == ECONNRESET ? Io::closed : Io::failed;
  }
}

// The two descriptors sendFds sent, or false.
bool recvFds(int sock, int& first, int& second) {
  FdMessage m;
  msghdr& msg = m.msg;
  ssize_t got = 0;
  while ((got = ::recvmsg(sock, &msg, MSG_CMSG_CLOEXEC)) < 0 && errno == EINTR) {
  }
  const cmsghdr* cmsg = got == 1 ? CMSG_FIRSTHDR(&msg) : nullptr;
  if (cmsg == nullptr || cmsg->cmsg_level != SOL_SOCKET || cmsg->cmsg_type != SCM_RIGHTS ||
      cmsg->cmsg_len != CMSG_LEN(2 * sizeof(int))) {
    return false;
  }
  int fds[2];
  std::memcpy(fds, CMSG_DATA(cmsg), sizeof fds);
  first = fds[0];
  second = fds[1];
  return true;
}

// One buffer's windows as a count and (begin, end) pairs; false on a broken channel or more than the cap.
Io sendWindows(int sock, std::span<const oracle::ByteRange> windows) {
  const std::uint64_t count = windows.size();
  Io io = sendAll(sock, &count, sizeof count);
  for (const oracle::ByteRange& w : windows) {
    const std::uint64_t pair[2] = {w.begin, w.end};
    if (io == Io::ok) io = sendAll(sock, pair, sizeof pair);
  }
  return io;
}
bool recvWindows(int sock, std::vector<std::uint64_t>& flat);

// The seeded windows of one sparse buffer travel after the fds: a count, then (begin, end) pairs.
constexpr std::uint64_t kMaxSparseWindows = 4096;

bool recvWindows(int sock, std::vector<std::uint64_t>& flat) {
  std::uint64_t count = 0;
  if (recvAll(sock, &count, sizeof count, std::nullopt) != Io::ok || count > kMaxSparseWindows) return false;
  flat.resize(2 * count);
  return count == 0 || recvAll(sock, flat.data(), flat.size() * sizeof(std::uint64_t), std::nullopt) == Io::ok;
}

// A caller's sparse buffer mapped in the worker: src privately (a plugin that writes its source changes only its
// own copy, as with the dense mapping), dst shared (the caller sees the writes). Only the windows are accessible:
// a plugin that touches any other page faults (CRASH) instead of allocating a terabyte file's pages.
// Unmapped and closed on scope exit.
class WorkerSparseMap {
 public:
  WorkerSparseMap(int fd, std::uint64_t bytes, bool shared, const std::vector<std::uint64_t>& windows)
      : fd_(fd), bytes_(bytes) {
    if (bytes == 0) return;
    void* base = ::mmap(nullptr, bytes, PROT_NONE, (shared ? MAP_SHARED : MAP_PRIVATE) | MAP_NORESERVE, fd, 0);
    if (base == MAP_FAILED) return;
    base_ = static_cast<std::uint8_t*>(base);
    for (std::size_t k = 0; k + 1 < windows.size(); k += 2) {
      const std::uint64_t begin = std::min(windows[k], bytes);
      const std::uint64_t end = std::min(windows[k + 1], bytes);
      if (end <= begin) continue;
      if (::mprotect(base_ + begin, end - begin, PROT_READ | PROT_WRITE) != 0) {
        ::munmap(base_, bytes_);
        base_ = nullptr;
        return;
      }
    }
  }
  WorkerSparseMap(const WorkerSparseMap&) = delete;
  WorkerSparseMap& operator=(const WorkerSparseMap&) = delete;
  ~WorkerSparseMap() {
    if (base_ != nullptr) ::munmap(base_, bytes_);
    if (fd_ >= 0) ::close(fd_);
  }
  bool ok() const { return bytes_ == 0 || base_ != nullptr; }
  std::uint8_t* data() const { return base_; }

 private:
  int fd_;
  std::uint64_t bytes_;
  std::uint8_t* base_ = nullptr;
};

// The uint64 tensors a case passes by pointer: FIX's V* quant tensor (ABI 1.2) and the enhanced deq tensor (1.3).
enum Tensor : std::size_t { quantTensor, deqTensor, tensorCount };

struct TensorField {
  const std::uint64_t** pointer;
  std::uint64_t length;
};
// The case's pointer and length of each tensor; a tensor whose part of the case is not in use counts as empty.
std::array<TensorField, tensorCount> tensorFields(dcconf_case& c) {
  return {TensorField{&c.fixpipe.quantTensor, c.hasFixpipe != 0 ? c.fixpipe.quantTensorLength : 0},
          TensorField{&c.enhancedConversion.deqTensor,
                      c.hasEnhancedParams != 0 ? c.enhancedConversion.deqTensorLength : 0}};
}

class WorkerMapping {
 public:
  explicit WorkerMapping(int memfd) : memfd_(memfd) {}
  // The parent grew the mapping into a new (sealed) memfd: map that one from now on.
  void replace(int memfd) {
    if (base_ != nullptr) ::munmap(base_, bytes_);
    base_ = nullptr;
    bytes_ = 0;
    ::close(memfd_);
    memfd_ = memfd;
  }
  // The mapping at the parent's size with the call's prefix writable (the rest stays read-only), or nullptr.
  // Only the prefix changes protection: a grown mapping is hundreds of MiB, and protecting all of it twice a call
  // was most of a plugin run's CPU time.
  std::uint8_t* at(std::uint64_t bytes, std::uint64_t usedBytes) {
    if (bytes != bytes_) {
      if (base_ != nullptr) ::munmap(base_, bytes_);
      base_ = ::mmap(nullptr, bytes, PROT_READ, MAP_SHARED, memfd_, 0);
      bytes_ = bytes;
      if (base_ == MAP_FAILED) {
        base_ = nullptr;
        bytes_ = 0;
      }
    }
    writable_ = std::min(bytes_, oracle::alignUp(usedBytes, static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE))));
    if (base_ == nullptr || (writable_ != 0 && ::mprotect(base_, writable_, PROT_READ | PROT_WRITE) != 0)) {
      return nullptr;
    }
    return static_cast<std::uint8_t*>(base_);
  }
  // After run() returned: the buffers are read-only until the next call, so a plugin thread that writes them late
  // faults (the worker dies: CRASH) instead of changing bytes dcconf already judged.
  void writeProtect() {
    if (base_ != nullptr && writable_ != 0) ::mprotect(base_, writable_, PROT_READ);
    writable_ = 0;
  }

 private:
  int memfd_;
  void* base_ = nullptr;
  std::uint64_t bytes_ = 0;
  std::uint64_t writable_ = 0;
};

[[noreturn]] void serve(int sock, int memfd, const std::string& path) {
  Hello hello;
  std::string limitsText;
  const dcconf_backend_v1_t* table = loadTable(path, hello, &limitsText);
  void* self = table != nullptr ? table->create() : nullptr;
  if (table != nullptr && self == nullptr) setText(hello.error, "plugin create() returned NULL");
  hello.ok = self != nullptr;
  if (self != nullptr) {
    setText(hello.name, table->name);
    setText(hello.version, table->version);
  }
  if (sendAll(sock, &hello, sizeof hello) != Io::ok || self == nullptr) ::_exit(0);
  if (hello.limitsBytes > 0 && sendAll(sock, limitsText.data(), limitsText.size()) != Io::ok) ::_exit(0);

  WorkerMapping mapping(memfd);
  Request request;
  const auto pointTensorsInto = [&request](std::uint8_t* base) {
    const auto fields = tensorFields(request.c);
    for (std::size_t k = 0; k < tensorCount; ++k) {
      if (fields[k].length != 0) {
        *fields[k].pointer = reinterpret_cast<const std::uint64_t*>(base + request.tensorOffsetBytes[k]);
      }
    }
  };
  while (recvAll(sock, &request, sizeof request, std::nullopt) == Io::ok) {
    if (request.newMemfd != 0) {
      int grown = -1;
      int copy = -1;
      if (!recvFds(sock, grown, copy)) break;
      if (copy != grown) ::close(copy);
      mapping.replace(grown);
    }
    Reply reply;
    const auto tensors = tensorFields(request.c);
    for (const TensorField& t : tensors) *t.pointer = nullptr;  // supports() sees no tensor (dcconf_backend.h)
    if (request.kind == RequestKind::supports) {
      reply.status = DCCONF_OK;
      reply.supported = table->supports(self, &request.c) != 0;
    } else if (std::uint8_t* base = mapping.at(request.mappingBytes, request.usedBytes); base == nullptr) {
      setText(reply.detail, errnoText("plugin worker cannot map the buffers").c_str());
    } else if (request.kind == RequestKind::runSparse) {
      int srcFd = -1;
      int dstFd = -1;
      if (!recvFds(sock, srcFd, dstFd)) break;  // the parent sends them right after the request: a broken channel
      std::vector<std::uint64_t> srcWindows;
      std::vector<std::uint64_t> dstWindows;
      if (!recvWindows(sock, srcWindows) || !recvWindows(sock, dstWindows)) {
        ::close(srcFd);
        ::close(dstFd);
        break;
      }
      const WorkerSparseMap src(srcFd, request.srcBytes, false, srcWindows);
      const WorkerSparseMap dst(dstFd, request.dstBytes, true, dstWindows);
      if (!src.ok() || !dst.ok()) {
        setText(reply.detail, errnoText("plugin worker cannot map the sparse buffers").c_str());
      } else {
        pointTensorsInto(base);
        reply.status = table->run(self, &request.c, src.data(), request.srcBytes, dst.data(), request.dstBytes,
                                  reply.detail, sizeof reply.detail);
        reply.detail[sizeof reply.detail - 1] = '\0';
      }
    } else {
      pointTensorsInto(base);
      reply.status = table->run(self, &request.c, base + request.srcOffsetBytes, request.srcBytes,
                                base + request.dstOffsetBytes, request.dstBytes, reply.detail, sizeof reply.detail);
      reply.detail[sizeof reply.detail - 1] = '\0';
    }
    mapping.writeProtect();
    if (sendAll(sock, &reply, sizeof reply) != Io::ok) break;
  }
  table->destroy(self);  // the parent closed its end: a clean shutdown
  ::_exit(0);
}

// ---- the parent ----

class PluginBackend final : public backends::Backend, public backends::CallTimeout {
 public:
  PluginBackend(std::string path, const PluginOptions& options) : path_(std::move(path)), options_(options) {}
  PluginBackend(const PluginBackend&) = delete;
  PluginBackend& operator=(const PluginBackend&) = delete;

  ~PluginBackend() override {
    stopWorker(std::chrono::milliseconds(std::min<std::uint32_t>(options_.perCaseTimeoutMs, 1000)));
    if (mapping_ != nullptr) ::munmap(mapping_, mappingBytes_);
    if (memfd_ >= 0) ::close(memfd_);
  }

  // Creates the shared memory and starts the first worker; empty on success.
  std::string start() {
    if (std::string error = growMapping(kMappingAlignBytes); !error.empty()) return error;
    return startWorker();
  }

  std::string name() const override { return name_; }
  std::string version() const override { return version_; }
  std::string declaredLimits() const override { return limits_; }

  // Whether the plugin's dcconf_case layout can express every field this case uses (ABI versioning rules).
  bool expressible(const oracle::Case& c) const { return abiCaseBytesNeeded(c) <= pluginCaseBytes_; }

  bool supports(const oracle::Case& c) const override {
    if (!expressible(c)) return false;
    const std::lock_guard lock(mutex_);
    Request request;
    request.kind = RequestKind::supports;
    request.c = toAbi(c);
    Reply reply;
    // A crash or hang here is the plugin's failure, not "not supported" (that once ran green having tested
    // nothing): answer true, and the run() that follows reports it as CRASH or TIMEOUT. The next call starts a
    // fresh worker.
    RunResult asked = transact(request, reply);
    if (asked.status == RunStatus::crashed || asked.status == RunStatus::timedOut) {
      asked.detail = "in supports(): " + asked.detail;
      supportsFailure_ = std::move(asked);
      return true;
    }
    return asked.status == RunStatus::ok && reply.supported != 0;
  }

  RunResult run(const oracle::Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) override {
    if (src.size() != c.src.sizeBytes || dst.size() != c.dst.sizeBytes) {
      return {RunStatus::error, "buffer lengths differ from the sizes the case declares"};
    }
    if (src.size() > kMaxPluginBufferBytes || dst.size() > kMaxPluginBufferBytes) {
      return {RunStatus::error, "buffer larger than the plugin host's cap of " +
                                    std::to_string(kMaxPluginBufferBytes) + " bytes"};
    }
    if (std::optional<RunResult> refused = inexpressible(c)) return *refused;
    const std::lock_guard lock(mutex_);
    if (supportsFailure_) return *std::exchange(supportsFailure_, std::nullopt);
    Request request;
    request.kind = RequestKind::run;
    request.c = toAbi(c);
    // [guard][src][guard ... guard][dst][guard][tensors]: every buffer between guard bytes
    request.srcOffsetBytes = kGuardBytes;
    request.srcBytes = src.size();
    request.dstOffsetBytes = oracle::alignUp(kGuardBytes + src.size() + 2 * kGuardBytes, kDstAlignBytes);
    request.dstBytes = dst.size();
    const std::uint64_t dstEnd = request.dstOffsetBytes + request.dstBytes;
    if (std::string error = placeTensors(request, dstEnd + kGuardBytes); !error.empty()) {
      return {RunStatus::error, error};
    }
    const std::uint64_t srcEnd = request.srcOffsetBytes + src.size();
    const std::array<GuardRegion, 4> guards{GuardRegion{"guard before src", 0, kGuardBytes},
                                            GuardRegion{"guard after src", srcEnd, request.dstOffsetBytes - kGuardBytes},
                                            GuardRegion{"guard before dst", request.dstOffsetBytes - kGuardBytes,
                                                        request.dstOffsetBytes},
                                            GuardRegion{"guard after dst", dstEnd, dstEnd + kGuardBytes}};
    ++calls_;
    for (const GuardRegion& guard : guards) fillGuard(guard);
    std::copy(src.begin(), src.end(), mapping_ + request.srcOffsetBytes);
    std::copy(dst.begin(), dst.end(), mapping_ + request.dstOffsetBytes);

    Reply reply;
    RunResult result = transact(request, reply);
    if (result.status != RunStatus::ok) return result;
    // Whatever the status, dst shows what the plugin did to it (a rejected case must leave it untouched: G-4).
    std::copy_n(mapping_ + request.dstOffsetBytes, dst.size(), dst.begin());
    // The worker write-protected the mapping when run() returned, so these bytes are final.
    for (const GuardRegion& guard : guards) {
      if (std::string changed = checkGuard(guard); !changed.empty()) return {RunStatus::violated, changed};
    }
    const auto [srcAt, callerAt] = std::mismatch(mapping_ + request.srcOffsetBytes, mapping_ + srcEnd, src.begin());
    if (srcAt != mapping_ + srcEnd) {
      return {RunStatus::violated, "source modified: src byte " + std::to_string(srcAt - (mapping_ + request.srcOffsetBytes)) +
                                       " of " + std::to_string(src.size()) + " changed from " +
                                       casefile::hexByte(*callerAt) + " to " + casefile::hexByte(*srcAt) +
                                       " (src is const: a plugin must not write it)"};
    }
    return resultOf(reply);
  }

  // Sparse buffers: the worker maps the caller's memfds, so the plugin writes them in place and nothing
  // of a terabyte buffer is copied; the windows around the footprint are its guard bytes.
  bool acceptsSparseBuffers() const override { return true; }
  RunResult runSparse(const oracle::Case& c, SparseBytes src, SparseBytes dst) override {
    if (src.bytes.size() != c.src.sizeBytes || dst.bytes.size() != c.dst.sizeBytes) {
      return {RunStatus::error, "buffer lengths differ from the sizes the case declares"};
    }
    if (src.fd < 0 || dst.fd < 0) return {RunStatus::error, "sparse buffers come without their memfds"};
    if (src.windows.size() > kMaxSparseWindows || dst.windows.size() > kMaxSparseWindows) {
      return {RunStatus::error, "more than " + std::to_string(kMaxSparseWindows) + " windows in a sparse buffer"};
    }
    if (std::optional<RunResult> refused = inexpressible(c)) return *refused;
    const std::lock_guard lock(mutex_);
    if (supportsFailure_) return *std::exchange(supportsFailure_, std::nullopt);
    Request request;
    request.kind = RequestKind::runSparse;
    request.c = toAbi(c);
    request.srcBytes = src.bytes.size();
    request.dstBytes = dst.bytes.size();
    if (std::string error = placeTensors(request, 0); !error.empty()) return {RunStatus::error, error};
    Reply reply;
    RunResult result = transact(request, reply, SparseHandoff{src, dst});
    if (result.status == RunStatus::crashed) {
      result.detail += " (on sparse buffers only the seeded windows around the footprint are mapped in the worker: a "
                       "touch of any other page faults; docs/coverage.md)";
    }
    return result.status != RunStatus::ok ? result : resultOf(reply);
  }

  void setCallTimeoutMs(std::uint32_t timeoutMs) override {
    const std::lock_guard lock(mutex_);
    callTimeoutMs_ = std::min(timeoutMs, options_.perCaseTimeoutMs);
  }

 private:
  struct GuardRegion {
    const char* name;  // "guard after dst": what a FAIL names
    std::uint64_t begin;
    std::uint64_t end;
  };
  // A guard byte's value: differs per offset and per call, so a plugin that writes a constant or copies a stale
  // guard is seen.
  std::uint8_t guardByte(std::uint64_t offset) const {
    const std::uint64_t mixed = ((offset + 1) * 0x9E3779B97F4A7C15ull) ^ (calls_ * 0xC2B2AE3D27D4EB4Full);
    return static_cast<std::uint8_t>(mixed >> 56);
  }
  void fillGuard(const GuardRegion& guard) const {
    for (std::uint64_t k = guard.begin; k < guard.end; ++k) mapping_[k] = guardByte(k);
  }
  // Empty, or "guard after dst: byte +0 (dst offset 96) changed from 0x.. to 0x..".
  std::string checkGuard(const GuardRegion& guard) const {
    for (std::uint64_t k = guard.begin; k < guard.end; ++k) {
      if (mapping_[k] == guardByte(k)) continue;
      const bool isAfter = std::string_view(guard.name).find("after") != std::string_view::npos;
      const std::string where = isAfter ? "byte +" + std::to_string(k - guard.begin) + " past the end"
                                        : "byte -" + std::to_string(guard.end - k) + " before the start";
      return std::string(guard.name) + ": " + where + " changed from " + casefile::hexByte(guardByte(k)) + " to " +
             casefile::hexByte(mapping_[k]) + " (a write outside the buffer)";
    }
    return {};
  }

  // notSupported when the plugin's dcconf_case layout cannot carry a field this case uses.
  std::optional<RunResult> inexpressible(const oracle::Case& c) const {
    if (expressible(c)) return std::nullopt;
    const std::size_t need = abiCaseBytesNeeded(c);
    return RunResult{RunStatus::notSupported, "plugin '" + name_ + "' knows a dcconf_case of " +
                                                  std::to_string(pluginCaseBytes_) + " bytes; this case needs " +
                                                  std::to_string(need) +
                                                  " (later ABI fields: see dcconf_backend.h, case_struct_size)"};
  }

  // The case's tensors into the mapping from `from` on, in Tensor order (toAbi pointed the case at the vectors of
  // c, which the copy reads); grows the mapping and records its size in the request.
  std::string placeTensors(Request& request, std::uint64_t from) {
    const auto tensors = tensorFields(request.c);
    std::uint64_t end = from;
    for (std::size_t k = 0; k < tensorCount; ++k) {
      request.tensorOffsetBytes[k] = oracle::alignUp(end, kDstAlignBytes);
      end = request.tensorOffsetBytes[k] + tensors[k].length * sizeof(std::uint64_t);
    }
    if (std::string error = growMapping(end); !error.empty()) return error;
    request.mappingBytes = mappingBytes_;
    request.usedBytes = end;
    for (std::size_t k = 0; k < tensorCount; ++k) {
      if (tensors[k].length != 0) {
        std::memcpy(mapping_ + request.tensorOffsetBytes[k], *tensors[k].pointer,
                    tensors[k].length * sizeof(std::uint64_t));
      }
    }
    return {};
  }

  static RunResult resultOf(const Reply& reply) {
    switch (reply.status) {
      case DCCONF_OK: return {};
      case DCCONF_REJECTED: return {RunStatus::rejected, lineOf(reply.detail)};
      case DCCONF_NOT_SUPPORTED: return {RunStatus::notSupported, lineOf(reply.detail)};
      case DCCONF_ERROR: return {RunStatus::error, lineOf(reply.detail)};
      default:
        const std::string detail = lineOf(reply.detail);
        return {RunStatus::error, "plugin returned " + std::to_string(reply.status) + ", not a dcconf_status" +
                                      (detail.empty() ? "" : ": " + detail)};
    }
  }

  std::string startWorker() const {
    if (backends::stopping()) return "dcconf is stopping (interrupted)";
    int fds[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) return errnoText("socketpair");
    const pid_t parent = ::getpid();
    std::fflush(nullptr);  // else the worker holds a copy of unwritten stdio output, printed again if it exit()s
    const pid_t pid = ::fork();
    if (pid < 0) {
      ::close(fds[0]);
      ::close(fds[1]);
      return errnoText("fork");
    }
    if (pid == 0) {
      // The worker: never returns into the parent's code (it would run the caller's stack twice).
      // Its own process group: a plugin's kill(0, SIGTERM) stops the worker, not the run; killing the group ends
      // whatever the plugin forked.
      ::setpgid(0, 0);
      ::signal(SIGTERM, SIG_DFL);  // dcconf's stop-and-report handler is not the worker's: a SIGTERM ends it
      ::signal(SIGINT, SIG_DFL);
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (::getppid() != parent) ::_exit(0);
      backends::forgetAllChildren();  // the host's other children are not the worker's to kill
      const rlimit noCore{0, 0};  // a crashing plugin should not spend seconds writing a core file
      ::setrlimit(RLIMIT_CORE, &noCore);
      closeInheritedFds(fds[1], memfd_);
      try {
        serve(fds[1], memfd_, path_);
      } catch (...) {
        ::_exit(111);
      }
    }
    ::close(fds[1]);
    sock_ = fds[0];
    pid_ = pid;
    memfdChanged_ = false;  // it inherited the current memfd
    ::setpgid(pid, pid);  // also here: whichever runs first, the group exists before we may kill it
    backends::registerChild(-pid);  // an interrupted dcconf kills the worker's group at once, not after the timeout

    Hello hello;
    const Io io = recvAll(sock_, &hello, sizeof hello,
                          Clock::now() + std::chrono::milliseconds(options_.loadTimeoutMs));
    if (io == Io::ok && hello.ok != 0) {
      name_ = lineOf(hello.name);
      version_ = lineOf(hello.version);
      pluginCaseBytes_ = hello.caseBytes;
      if (hello.limitsBytes > kMaxLimitsBytes) {
        stopWorker(std::chrono::milliseconds(0));
        return "dcconf_backend_limits_v1() returned more than " + std::to_string(kMaxLimitsBytes) + " bytes of limits";
      }
      std::string limits(hello.limitsBytes, '\0');
      if (hello.limitsBytes > 0 &&
          recvAll(sock_, limits.data(), limits.size(), Clock::now() + std::chrono::milliseconds(options_.loadTimeoutMs)) != Io::ok) {
        stopWorker(std::chrono::milliseconds(0));
        return "worker " + reap() + " while sending the plugin's limits";
      }
      limits_ = std::move(limits);
      return {};
    }
    std::string why = io == Io::ok         ? lineOf(hello.error)
                      : io == Io::timedOut ? "did not finish loading within " +
                                                 std::to_string(options_.loadTimeoutMs) + " ms"
                                           : "worker " + reap() + " while loading the plugin";
    stopWorker(std::chrono::milliseconds(0));
    return why;
  }

  // One request, one reply. status ok means reply is filled; crashed/timedOut/error otherwise, with the worker gone.
  // runSparse's buffers: their memfds (SCM_RIGHTS) and windows follow the request.
  struct SparseHandoff {
    SparseBytes src;
    SparseBytes dst;
  };
  RunResult transact(const Request& request, Reply& reply, std::optional<SparseHandoff> sparse = {}) const {
    if (pid_ < 0) {
      if (std::string error = startWorker(); !error.empty()) {
        return {RunStatus::error, "plugin '" + path_ + "' could not be restarted: " + error};
      }
    }
    if (int status = 0; ::waitpid(pid_, &status, WNOHANG) == pid_) {  // died while idle: after its last reply
      ::kill(-pid_, SIGKILL);
      backends::unregisterChild(-pid_);
      ::close(sock_);
      pid_ = -1;
      sock_ = -1;
      return {RunStatus::crashed, "plugin worker " + describeExit(status) +
                                      " between calls, after run() returned (dcconf write-protects the buffers then: "
                                      "a plugin thread that writes them late faults)"};
    }
    Request sent = request;
    sent.newMemfd = memfdChanged_ ? 1 : 0;
    Io io = sendAll(sock_, &sent, sizeof sent);
    if (io == Io::ok && memfdChanged_) io = sendFds(sock_, memfd_, memfd_);
    if (io == Io::ok) memfdChanged_ = false;
    if (io == Io::ok && sparse) io = sendFds(sock_, sparse->src.fd, sparse->dst.fd);
    if (io == Io::ok && sparse) io = sendWindows(sock_, sparse->src.windows);
    if (io == Io::ok && sparse) io = sendWindows(sock_, sparse->dst.windows);
    if (io == Io::ok) {
      io = recvAll(sock_, &reply, sizeof reply, Clock::now() + std::chrono::milliseconds(callTimeoutMs_));
    }
    switch (io) {
      case Io::ok:
        return {};
      case Io::timedOut:
        stopWorker(std::chrono::milliseconds(0));
        return {RunStatus::timedOut, "plugin did not answer within " + budgetText() + "; worker killed (SIGKILL)"};
      case Io::closed:
        return {RunStatus::crashed, "plugin worker " + reap()};
      case Io::failed:
        break;
    }
    const std::string error = errnoText("plugin worker channel");
    stopWorker(std::chrono::milliseconds(0));
    return {RunStatus::error, error};
  }

  // "1000 ms (adaptive budget; --timeout-ms 10000)" when the run's adaptive budget is below the per-case timeout.
  std::string budgetText() const {
    std::string text = std::to_string(callTimeoutMs_) + " ms";
    if (callTimeoutMs_ < options_.perCaseTimeoutMs) {
      text += " (adaptive budget; --timeout-ms " + std::to_string(options_.perCaseTimeoutMs) + ")";
    }
    return text;
  }

  // The worker closed its end: it is exiting, or closed the socket itself. SIGKILL does not change the exit status
  // of a process that is already exiting, so the status names the real cause.
  std::string reap() const {
    ::kill(-pid_, SIGKILL);  // the worker's group: the worker and what the plugin forked
    ::kill(pid_, SIGKILL);   // (should the plugin have left the group)
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    ::close(sock_);
    backends::unregisterChild(-pid_);
    pid_ = -1;
    sock_ = -1;
    return describeExit(status);
  }

  // Lets the worker shut down cleanly (destroy()) within grace, then kills it.
  void stopWorker(std::chrono::milliseconds grace) const {
    if (pid_ < 0) return;
    ::shutdown(sock_, SHUT_WR);  // the worker sees end-of-file and calls destroy()
    char drain = 0;
    if (grace.count() > 0) recvAll(sock_, &drain, 1, Clock::now() + grace);
    reap();
  }

  // A larger mapping is a new memfd, sized once and sealed (F_SEAL_SHRINK | F_SEAL_GROW): a plugin that ftruncates
  // it gets EPERM instead of making dcconf die of SIGBUS on its next touch. The worker gets the new fd
  // with the next request. Grows at least twofold, so a run swaps memfds a handful of times.
  std::string growMapping(std::uint64_t bytes) {
    bytes = std::max(oracle::alignUp(bytes, kMappingAlignBytes), kMappingAlignBytes);
    if (bytes <= mappingBytes_) return {};
    bytes = std::max(bytes, std::min<std::uint64_t>(2 * mappingBytes_, oracle::alignUp(kMaxPluginBufferBytes,
                                                                                          kMappingAlignBytes)));
    const int memfd = ::memfd_create("dcconf-plugin", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (memfd < 0) return errnoText("memfd_create");
    if (::ftruncate(memfd, static_cast<off_t>(bytes)) != 0 ||
        ::fcntl(memfd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) != 0) {
      const std::string error = errnoText("plugin buffer memfd");
      ::close(memfd);
      return error;
    }
    void* base = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, memfd, 0);
    if (base == MAP_FAILED) {
      const std::string error = errnoText("plugin buffer mmap");
      ::close(memfd);
      return error;
    }
    if (mapping_ != nullptr) ::munmap(mapping_, mappingBytes_);
    if (memfd_ >= 0) ::close(memfd_);
    memfd_ = memfd;
    mapping_ = static_cast<std::uint8_t*>(base);
    mappingBytes_ = bytes;
    memfdChanged_ = true;
    return {};
  }

  const std::string path_;
  const PluginOptions options_;
  std::uint32_t callTimeoutMs_ = options_.perCaseTimeoutMs;  // setCallTimeoutMs: never above the per-case timeout
  int memfd_ = -1;
  mutable bool memfdChanged_ = false;  // the worker still maps the previous memfd
  std::uint64_t calls_ = 0;            // dense runs so far: salts the guard bytes
  std::uint8_t* mapping_ = nullptr;
  std::uint64_t mappingBytes_ = 0;
  // The worker, restarted on demand from const supports() as well.
  mutable std::mutex mutex_;
  mutable pid_t pid_ = -1;
  mutable int sock_ = -1;
  mutable std::string name_;
  mutable std::string version_;
  mutable std::string limits_;  // dcconf_backend_limits_v1()'s text, from the worker's hello
  mutable std::uint64_t pluginCaseBytes_ = DCCONF_CASE_V1_0_SIZE;  // from the worker's hello
  mutable std::optional<RunResult> supportsFailure_;  // how the last supports() crashed or hung, for run() to report
};

}  // namespace

PluginLoad makePluginBackend(const std::string& libraryPath, const PluginOptions& options) {
  // dlopen("") opens dcconf itself, which then "does not export" the entry point: say what is really wrong.
  if (libraryPath.empty()) return {nullptr, "plugin '': empty library path (write plugin:PATH.so)"};
  auto backend = std::make_unique<PluginBackend>(libraryPath, options);
  if (std::string error = backend->start(); !error.empty()) {
    return {nullptr, "plugin '" + libraryPath + "': " + error};
  }
  return {std::move(backend), {}};
}

}  // namespace dcconf::plugin
