// The exec backend against real child processes: the example backend (which must agree with the oracle) and
// runners/exec/tests/fixtures/faulty_backend.py, which crashes, hangs, babbles or writes a wrong-sized dst on cue.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "dcconf/exec/exec_backend.hpp"
#include "dcconf/oracle/oracle.hpp"

namespace dcconf::exec {
namespace {

namespace fs = std::filesystem;
using backends::RunResult;
using backends::RunStatus;
using oracle::Case;
using oracle::DType;
using oracle::Position;
using Bytes = std::vector<std::uint8_t>;

const std::string kExampleCommand = std::string(DCCONF_PYTHON3) + " " + DCCONF_EXEC_EXAMPLE;
// The example takes dcconf.exec/2 when offered; `--protocol 1` keeps it on the file-based dcconf.exec/1.
const std::string kExampleV1Command = kExampleCommand + " --protocol 1";
const std::string kValidatingCommand =
    std::string(DCCONF_PYTHON3) + " " + DCCONF_EXEC_FIXTURES + "/validating_backend.py";
std::string faultyCommand(const std::string& mode) {
  return std::string(DCCONF_PYTHON3) + " " + DCCONF_EXEC_FIXTURES + "/faulty_backend.py " + mode;
}

// A case with its buffers, sized from the oracle's extents so that it is valid.
struct CaseRun {
  Case c;
  Bytes src;
  Bytes dst;
};

Case makeCase(oracle::Api api, Position src, Position dst, DType dtype) {
  Case c;
  c.api = api;
  c.srcPos = src;
  c.dstPos = dst;
  c.dtype = dtype;
  return c;
}

class Generator {
 public:
  explicit Generator(std::uint32_t seed) : rng_(seed) {}

  std::uint32_t uniform(std::uint32_t lo, std::uint32_t hi) {
    return std::uniform_int_distribution<std::uint32_t>(lo, hi)(rng_);
  }
  template <class T>
  T pick(std::initializer_list<T> values) {
    return *(values.begin() + uniform(0, static_cast<std::uint32_t>(values.size() - 1)));
  }
  Bytes randomBytes(std::uint64_t n) {
    Bytes b(n);
    for (auto& byte : b) byte = static_cast<std::uint8_t>(uniform(0, 255));
    return b;
  }
  template <class U>
  U u(std::uint32_t lo, std::uint32_t hi) {
    return static_cast<U>(uniform(lo, hi));
  }

  // Gives c buffers (random content, a random start offset, a few guard bytes after) if it is a valid case.
  std::optional<CaseRun> complete(Case c) {
    c.src.offsetBytes = offsetFor(c.srcPos);
    c.dst.offsetBytes = offsetFor(c.dstPos);
    c.src.sizeBytes = c.dst.sizeBytes = std::uint64_t{1} << 30;  // bounds come after the constraints
    if (!oracle::validate(c).empty()) return std::nullopt;
    const oracle::Extents e = oracle::extents(c);
    c.src.sizeBytes = c.src.offsetBytes + e.srcSpanBytes + uniform(0, 40);
    c.dst.sizeBytes = c.dst.offsetBytes + e.dstSpanBytes + uniform(0, 40);
    return CaseRun{c, randomBytes(c.src.sizeBytes), randomBytes(c.dst.sizeBytes)};
  }

  Case padGmToUb() {
    Case c = makeCase(oracle::Api::DataCopyPad, Position::GM, pick({Position::VECIN, Position::VECOUT}),
                      pick({DType::int8_t, DType::uint16_t, DType::half, DType::bfloat16_t, DType::float_,
                            DType::int32_t, DType::int64_t}));
    const std::uint32_t s = oracle::sizeBytes(c.dtype);
    const oracle::DataCopyPadExtParams pad{uniform(0, 1) == 1, u<std::uint8_t>(0, 32 / s), u<std::uint8_t>(0, 32 / s),
                                           s == 8 ? 0 : randomBits()};
    if (uniform(0, 1) == 1) {
      c.params = oracle::DataCopyExtParams{u<std::uint16_t>(1, 6), uniform(1, 100), uniform(0, 40), uniform(0, 3), 0};
      c.padParams = pad;
    } else {
      c.params = oracle::DataCopyParams{u<std::uint16_t>(1, 6), u<std::uint16_t>(1, 100), u<std::uint16_t>(0, 40),
                                        u<std::uint16_t>(0, 3)};
      c.padParams = oracle::DataCopyPadParams{pad.isPad, pad.leftPadding, pad.rightPadding, pad.paddingValue};
    }
    if (!pad.isPad && uniform(0, 1) == 1) c.padRegister = randomBits();
    return c;
  }

  Case padUbToGm() {
    Case c = makeCase(oracle::Api::DataCopyPad, pick({Position::VECIN, Position::VECOUT}), Position::GM,
                      pick({DType::uint8_t, DType::half, DType::float_}));
    c.params = oracle::DataCopyExtParams{u<std::uint16_t>(1, 6), uniform(1, 100), uniform(0, 3), uniform(0, 40), 0};
    return c;
  }

  Case copy0Level() {
    const auto [src, dst] = pick<std::pair<Position, Position>>({{Position::GM, Position::VECIN},
                                                                 {Position::GM, Position::A1},
                                                                 {Position::VECIN, Position::VECOUT},
                                                                 {Position::VECOUT, Position::GM}});
    Case c = makeCase(oracle::Api::DataCopy, src, dst, pick({DType::half, DType::int32_t}));
    c.params = oracle::DataCopyParams{u<std::uint16_t>(1, 5), u<std::uint16_t>(1, 4), u<std::uint16_t>(0, 3),
                                      u<std::uint16_t>(0, 3)};
    return c;
  }

  // Mostly non-overlapping layouts (ND2NZ-4), as the spec asks of generators.
  Case nd2nz() {
    Case c = makeCase(oracle::Api::DataCopy, Position::GM, pick({Position::A1, Position::B1}),
                      pick({DType::int8_t, DType::half, DType::float_}));
    const std::uint32_t c0 = 32 / oracle::sizeBytes(c.dtype);
    oracle::Nd2NzParams p;
    p.ndNum = u<std::uint16_t>(1, 3);
    p.nValue = u<std::uint16_t>(1, 20);
    p.dValue = u<std::uint16_t>(1, 40);
    p.srcDValue = u<std::uint16_t>(p.dValue, p.dValue + 5u);
    p.srcNdMatrixStride = u<std::uint16_t>(p.nValue * p.srcDValue, p.nValue * p.srcDValue + 9u);
    p.dstNzNStride = 1;
    p.dstNzC0Stride = u<std::uint16_t>(p.nValue, p.nValue + 4u);
    const std::uint32_t fractalColumns = (p.dValue + c0 - 1) / c0;
    p.dstNzMatrixStride =
        u<std::uint16_t>(fractalColumns * p.dstNzC0Stride * c0, fractalColumns * p.dstNzC0Stride * c0 + 32);
    c.params = p;
    return c;
  }

 private:
  // G-5: local operands start 32-byte aligned; GM may start anywhere.
  std::uint32_t offsetFor(Position position) { return oracle::isLocal(position) ? 32 * uniform(0, 1) : uniform(0, 7); }
  std::uint64_t randomBits() { return (std::uint64_t{uniform(0, ~0u)} << 32) | uniform(0, ~0u); }
  std::mt19937 rng_;
};

// A fresh work dir per test, removed afterwards (kept failures included).
class ExecBackendTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string testName = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    std::replace(testName.begin(), testName.end(), '/', '-');  // parameterised names: "Runs/crash"
    workDir_ = fs::temp_directory_path() / ("dcconf-exec-test-" + std::to_string(::getpid()) + "-" + testName);
    fs::remove_all(workDir_);
  }
  void TearDown() override {
    fs::remove_all(workDir_);
    // Every backend of the test is gone by now: each child it started must have been reaped, none left running.
    int status = 0;
    EXPECT_EQ(::waitpid(-1, &status, WNOHANG), -1);
    EXPECT_EQ(errno, ECHILD);
  }

  std::unique_ptr<ExecBackend> start(const std::string& command, std::uint32_t perCaseTimeoutMs = 10000,
                                     int maxProtocolVersion = 2) {
    ExecOptions options{workDir_, perCaseTimeoutMs};
    options.maxProtocolVersion = maxProtocolVersion;
    ExecBackendResult made = makeExecBackend(command, options);
    EXPECT_EQ(made.error, "");
    return std::move(made.backend);
  }

  // A valid PAD-G2U case with the given blockCount (the fixtures' trigger).
  CaseRun padCase(std::uint16_t blockCount) {
    Case c = makeCase(oracle::Api::DataCopyPad, Position::GM, Position::VECIN, DType::half);
    c.params = oracle::DataCopyExtParams{blockCount, 40, 0, 0, 0};
    c.padParams = oracle::DataCopyPadExtParams{true, 0, 2, 0};
    std::optional<CaseRun> run = gen_.complete(c);
    EXPECT_TRUE(run.has_value());
    return *run;
  }

  // Starts the faulty fixture in `mode` and runs the case whose blockCount triggers the fault.
  RunResult triggerFault(std::unique_ptr<ExecBackend>& backend, const std::string& mode, std::uint16_t blockCount,
                         std::uint32_t perCaseTimeoutMs = 10000) {
    backend = start(faultyCommand(mode), perCaseTimeoutMs);  // the fixture's modes are spelled like test names
    if (!backend) return {RunStatus::error, "did not start"};
    faultyBefore_ = faultyAfter_ = padCase(blockCount);
    return runCase(*backend, faultyAfter_);
  }

  // The example on random cases of its four operations: every result agrees with the oracle, one process serves
  // all of them, and no case leaves a file behind.
  void expectExampleAgreesOnRandomCases(ExecBackend& backend) {
    using Draw = Case (Generator::*)();
    const Draw draws[] = {&Generator::padGmToUb, &Generator::padUbToGm, &Generator::copy0Level, &Generator::nd2nz};
    std::set<oracle::Operation> covered;
    int ran = 0;
    for (int attempt = 0; ran < 100 && attempt < 1000; ++attempt) {
      std::optional<CaseRun> run = gen_.complete((gen_.*draws[attempt % 4])());
      if (!run) continue;
      const CaseRun before = *run;
      const RunResult result = runCase(backend, *run);
      ASSERT_EQ(result.status, RunStatus::ok) << result.detail;
      expectAgreesWithOracle(before, run->dst);
      covered.insert(oracle::resolveOperation(run->c).operation.value());
      ++ran;
    }
    EXPECT_EQ(ran, 100);
    EXPECT_EQ(covered.size(), 4u);
    EXPECT_EQ(backend.processStarts(), 1u);
    // Successful cases leave no folder behind: the session holds only the (empty) stderr log.
    for (const auto& entry : fs::directory_iterator(backend.sessionDir())) {
      EXPECT_EQ(entry.path().filename(), "stderr.log");
    }
  }

  RunResult triggerFaultV2(std::unique_ptr<ExecBackend>& backend, const std::string& mode, std::uint16_t blockCount,
                           std::uint32_t perCaseTimeoutMs = 10000) {
    backend = start(faultyCommand(mode) + " --v2", perCaseTimeoutMs);
    if (!backend) return {RunStatus::error, "did not start"};
    EXPECT_EQ(backend->protocol(), kExecProtocolV2);
    faultyBefore_ = faultyAfter_ = padCase(blockCount);
    return runCase(*backend, faultyAfter_);
  }

  // After a failure the backend still serves the next case, restarting the child only if it had to.
  void expectNextCaseOk(ExecBackend& backend, std::uint64_t expectedStarts) {
    CaseRun next = padCase(1);
    const CaseRun before = next;
    const RunResult result = runCase(backend, next);
    EXPECT_EQ(result.status, RunStatus::ok) << result.detail;
    expectAgreesWithOracle(before, next.dst);
    EXPECT_EQ(backend.processStarts(), expectedStarts);
  }

  static RunResult runCase(backends::Backend& backend, CaseRun& run) { return backend.run(run.c, run.src, run.dst); }

  // Every cared byte of the result agrees with the oracle.
  static void expectAgreesWithOracle(const CaseRun& before, const Bytes& after) {
    const oracle::Evaluation e = oracle::evaluate(before.c, before.src, before.dst);
    ASSERT_EQ(e.verdict, oracle::Verdict::computed);
    const std::uint64_t at = oracle::firstMismatch(e.expectation, after);
    EXPECT_EQ(at, oracle::kNoMismatch) << "first mismatch at dst byte " << at << " ("
                                       << oracle::name(e.expectation.region[at]) << ") of "
                                       << oracle::name(oracle::resolveOperation(before.c).operation.value());
  }

  fs::path workDir_;
  Generator gen_{20261121};
  CaseRun faultyBefore_, faultyAfter_;  // the case triggerFault ran, before and after
};

TEST_F(ExecBackendTest, HandshakeGivesNameVersionAndOneProcess) {
  auto backend = start(kExampleCommand);
  ASSERT_TRUE(backend);
  EXPECT_EQ(backend->name(), "example-python");
  EXPECT_EQ(backend->version(), "1.0");
  EXPECT_EQ(backend->processStarts(), 1u);
  EXPECT_NE(backend->helloReply().find("\"pid\""), std::string::npos);
  EXPECT_TRUE(fs::is_directory(backend->sessionDir()));
  EXPECT_EQ(backend->sessionDir().parent_path(), fs::absolute(workDir_));
}

TEST_F(ExecBackendTest, ExampleAgreesWithOracleOnRandomCases) {
  auto backend = start(kExampleCommand);
  ASSERT_TRUE(backend);
  EXPECT_EQ(backend->protocol(), kExecProtocolV2);
  expectExampleAgreesOnRandomCases(*backend);
}

// The file-based dcconf.exec/1 stays: a child that does not take the offer, and a dcconf that makes none.
TEST_F(ExecBackendTest, ExampleAgreesWithOracleOverProtocolV1) {
  auto backend = start(kExampleV1Command);
  ASSERT_TRUE(backend);
  EXPECT_EQ(backend->protocol(), kExecProtocol);
  expectExampleAgreesOnRandomCases(*backend);
}

TEST_F(ExecBackendTest, ProtocolIsTheChildsChoiceAmongWhatWasOffered) {
  EXPECT_EQ(start(kExampleCommand, 10000, /*maxProtocolVersion=*/1)->protocol(), kExecProtocol);
  EXPECT_EQ(start(faultyCommand("crash"))->protocol(), kExecProtocol);  // an old hello without "protocol"
  // A child that claims /2 although dcconf offered only /1 is refused at the handshake.
  ExecOptions v1Only{workDir_, 2000};
  v1Only.maxProtocolVersion = 1;
  const ExecBackendResult made = makeExecBackend(faultyCommand("crash") + " --v2", v1Only);
  EXPECT_FALSE(made.backend);
  EXPECT_NE(made.error.find("child speaks \"dcconf.exec/2\", dcconf speaks dcconf.exec/1"), std::string::npos)
      << made.error;
}

TEST_F(ExecBackendTest, OneProcessServesManyCases) {
  auto backend = start(kExampleCommand);
  ASSERT_TRUE(backend);
  const std::string hello = backend->helloReply();
  for (int i = 0; i < 50; ++i) {
    CaseRun run = padCase(static_cast<std::uint16_t>(1 + i % 4));
    ASSERT_EQ(runCase(*backend, run).status, RunStatus::ok);
  }
  EXPECT_EQ(backend->processStarts(), 1u);
  EXPECT_EQ(backend->helloReply(), hello);  // same pid: no restart happened
}

TEST_F(ExecBackendTest, InvalidIsRejectedAndUnimplementedIsNotSupported) {
  auto backend = start(kExampleCommand);
  ASSERT_TRUE(backend);
  CaseRun invalid = padCase(1);
  std::get<oracle::DataCopyExtParams>(invalid.c.params).blockCount = 0;
  EXPECT_EQ(runCase(*backend, invalid).status, RunStatus::rejected);

  CaseRun nz2nd = padCase(1);
  nz2nd.c.api = oracle::Api::DataCopy;
  nz2nd.c.srcPos = Position::VECOUT;
  nz2nd.c.dstPos = Position::GM;
  nz2nd.c.padParams = std::monostate{};
  nz2nd.c.params = oracle::Nz2NdParamsFull{1, 16, 16, 1, 16, 16, 1};
  const RunResult result = runCase(*backend, nz2nd);
  EXPECT_EQ(result.status, RunStatus::notSupported);
  EXPECT_NE(result.detail.find("Nz2NdParamsFull"), std::string::npos) << result.detail;
}

// The quantising copy (FIX) travels as dcconf.case/1 JSON like any case: its params, the "fixpipe" state (source
// dtype, nz2nd register, quant parameters) and the profile reach the example, which implements NoQuant (the
// layouts and ReLU) and declines the conversions by name.
TEST_F(ExecBackendTest, FixpipeCasesReachTheExampleAndComeBack) {
  auto backend = start(kExampleCommand);
  ASSERT_TRUE(backend);
  int ran = 0;
  for (int attempt = 0; ran < 30 && attempt < 300; ++attempt) {
    Case c = makeCase(oracle::Api::DataCopy, Position::CO1, Position::GM, gen_.pick({DType::float_, DType::int32_t}));
    oracle::DataCopyCO12DstParams p;
    p.nz2ndEn = gen_.uniform(0, 1) == 1;
    p.channelSplit = !p.nz2ndEn && c.dtype == DType::float_ && gen_.uniform(0, 1) == 1;
    p.reluPre = gen_.u<std::uint8_t>(0, 1);
    p.mSize = gen_.u<std::uint16_t>(1, 3);
    p.nSize = p.nz2ndEn ? gen_.u<std::uint16_t>(1, 40)
                        : static_cast<std::uint16_t>((p.channelSplit ? 8 : 16) * gen_.uniform(1, 3));
    p.srcStride = static_cast<std::uint16_t>(16 * gen_.uniform(1, 2));
    p.dstStride = p.nz2ndEn ? p.nSize + gen_.uniform(0, 3) : (p.mSize * 64 + 31) / 32 + gen_.uniform(0, 2);
    c.params = p;
    c.fixpipe = oracle::FixpipeState{};
    c.fixpipe->srcDType = c.dtype;
    c.fixpipe->ndNum = p.nz2ndEn ? gen_.u<std::uint16_t>(1, 3) : 1;
    c.fixpipe->srcNdStride = static_cast<std::uint16_t>(p.srcStride / 16 * ((p.nSize + 15) / 16));  // FIX-2: fractals
    c.fixpipe->dstNdStride = p.mSize * p.dstStride + gen_.uniform(0, 5);
    std::optional<CaseRun> run = gen_.complete(c);
    if (!run) continue;
    const CaseRun before = *run;
    const RunResult result = runCase(*backend, *run);
    ASSERT_EQ(result.status, RunStatus::ok) << result.detail;
    expectAgreesWithOracle(before, run->dst);
    ++ran;
  }
  EXPECT_EQ(ran, 30);
  Case deq = makeCase(oracle::Api::DataCopy, Position::CO1, Position::GM, DType::half);
  deq.params = oracle::DataCopyCO12DstParams{16, 1, 1, 16, oracle::QuantMode::DEQF16, 0, false, false, 0};
  deq.fixpipe = oracle::FixpipeState{};
  std::optional<CaseRun> run = gen_.complete(deq);
  ASSERT_TRUE(run);
  const RunResult result = runCase(*backend, *run);
  EXPECT_EQ(result.status, RunStatus::notSupported);
  EXPECT_NE(result.detail.find("quantPre DEQF16"), std::string::npos) << result.detail;
  EXPECT_EQ(backend->processStarts(), 1u);
}

// One row per misbehaviour of fixtures/faulty_backend.py. Every fault keeps its case folder, leaves dst alone, and
// the next case is served (after a restart unless the stream stayed in step).
struct Fault {
  const char* mode;
  std::uint16_t blockCount;  // the fixture's trigger
  std::uint32_t perCaseTimeoutMs;
  RunStatus status;
  const char* detailFragment;
  std::uint64_t startsAfterNextCase;
  std::int64_t minElapsedMs;
  std::int64_t maxElapsedMs;  // includes starting python for the handshake
};

class ExecFaultTest : public ExecBackendTest, public ::testing::WithParamInterface<Fault> {};

TEST_P(ExecFaultTest, IsReportedKeptAndTheNextCaseRuns) {
  const Fault& fault = GetParam();
  std::unique_ptr<ExecBackend> backend;
  const auto begin = std::chrono::steady_clock::now();
  const RunResult result = triggerFault(backend, fault.mode, fault.blockCount, fault.perCaseTimeoutMs);
  const auto elapsedMs =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - begin).count();
  ASSERT_TRUE(backend);
  EXPECT_EQ(result.status, fault.status) << result.detail;
  EXPECT_NE(result.detail.find(fault.detailFragment), std::string::npos) << result.detail;
  EXPECT_EQ(result.detail.find('\n'), std::string::npos) << result.detail;
  EXPECT_GE(elapsedMs, fault.minElapsedMs);
  EXPECT_LT(elapsedMs, fault.maxElapsedMs);
  EXPECT_EQ(faultyAfter_.dst, faultyBefore_.dst);  // nothing is taken from a failed case
  for (const char* kept : {"case.json", "case.src.bin", "case.dst.bin", "request.jsonl", "failure.txt"}) {
    EXPECT_TRUE(fs::exists(backend->sessionDir() / "1" / kept)) << kept;  // everything a replay needs
  }
  expectNextCaseOk(*backend, fault.startsAfterNextCase);
}

INSTANTIATE_TEST_SUITE_P(
    Faults, ExecFaultTest,
    ::testing::Values(
        Fault{"crash", 3, 10000, RunStatus::crashed,
              "child exited with code 3 during the case; stderr: faulty_backend: crashing on purpose", 2, 0, 10000},
        // "killed by signal 11 (...)", or "exited with code 139, i.e. 128 + signal 11 (...)" when a wrapper script
        // (a pyenv shim, say) stands between the shell and python.
        Fault{"segv", 4, 10000, RunStatus::crashed, "signal 11 (Segmentation fault)", 2, 0, 10000},
        Fault{"hang", 5, 500, RunStatus::timedOut, "no reply within 500 ms; process group killed", 2, 500, 2500},
        Fault{"garbage", 7, 10000, RunStatus::error, "malformed reply: reply is not a JSON object: this is not json", 2,
              0, 10000},
        // The reply line itself was fine, so the stream is in step and the same process serves the next case.
        Fault{"wrong_size", 9, 10000, RunStatus::error, "bytes, the case's dst has", 1, 0, 10000}),
    [](const ::testing::TestParamInfo<Fault>& row) { return std::string(row.param.mode); });

// The same faults over dcconf.exec/2: the failed case is kept as a dcconf.exec/1 case folder (replayable by hand
// with any backend), dst is untouched, the next case runs.
class ExecFaultV2Test : public ExecBackendTest, public ::testing::WithParamInterface<Fault> {};

TEST_P(ExecFaultV2Test, IsReportedKeptAsAV1FolderAndTheNextCaseRuns) {
  const Fault& fault = GetParam();
  std::unique_ptr<ExecBackend> backend;
  const RunResult result = triggerFaultV2(backend, fault.mode, fault.blockCount, fault.perCaseTimeoutMs);
  ASSERT_TRUE(backend);
  EXPECT_EQ(result.status, fault.status) << result.detail;
  EXPECT_NE(result.detail.find(fault.detailFragment), std::string::npos) << result.detail;
  EXPECT_EQ(faultyAfter_.dst, faultyBefore_.dst);
  for (const char* kept : {"case.json", "case.src.bin", "case.dst.bin", "request.jsonl", "failure.txt"}) {
    EXPECT_TRUE(fs::exists(backend->sessionDir() / "1" / kept)) << kept;
  }
  std::ifstream request(backend->sessionDir() / "1" / "request.jsonl");
  std::string line;
  std::getline(request, line);
  EXPECT_NE(line.find("\"protocol\":\"dcconf.exec/1\""), std::string::npos) << line;
  expectNextCaseOk(*backend, fault.startsAfterNextCase);
  EXPECT_EQ(backend->protocol(), kExecProtocolV2);  // the restarted child took the offer again
}

INSTANTIATE_TEST_SUITE_P(
    FaultsV2, ExecFaultV2Test,
    ::testing::Values(Fault{"crash", 3, 10000, RunStatus::crashed, "faulty_backend: crashing on purpose", 2, 0, 0},
                      Fault{"segv", 4, 10000, RunStatus::crashed, "signal 11 (Segmentation fault)", 2, 0, 0},
                      Fault{"hang", 5, 500, RunStatus::timedOut, "no reply within 500 ms", 2, 0, 0},
                      Fault{"garbage", 7, 10000, RunStatus::error, "malformed reply", 2, 0, 0}),
    [](const ::testing::TestParamInfo<Fault>& row) { return std::string(row.param.mode); });

// A child that truncates the shared arena cannot make dcconf's mapping fault (SIGBUS): the memfd is sealed
// against shrinking, the truncation fails in the child, and the case is served normally.
TEST_F(ExecBackendTest, ChildCannotShrinkTheArena) {
  std::unique_ptr<ExecBackend> backend;
  const RunResult result = triggerFaultV2(backend, "shrink_arena", 6);
  ASSERT_TRUE(backend);
  EXPECT_EQ(result.status, RunStatus::ok) << result.detail;
  expectNextCaseOk(*backend, 1);
}

TEST_F(ExecBackendTest, CommandNotFoundIsAOneLineConstructionError) {
  const ExecBackendResult made = makeExecBackend("dcconf-no-such-command-4711", {workDir_, 2000});
  EXPECT_FALSE(made.backend);
  EXPECT_NE(made.error.find("exited with code 127"), std::string::npos) << made.error;
  EXPECT_NE(made.error.find("not found"), std::string::npos) << made.error;
  EXPECT_EQ(made.error.find('\n'), std::string::npos) << made.error;
}

TEST_F(ExecBackendTest, HandshakeGarbageIsAConstructionError) {
  const ExecBackendResult made = makeExecBackend("read request; echo hello-but-not-json", {workDir_, 2000});
  EXPECT_FALSE(made.backend);
  EXPECT_NE(made.error.find("handshake reply is not {\"hello\":true,...}: hello-but-not-json"), std::string::npos)
      << made.error;
}

TEST_F(ExecBackendTest, CleanSessionLeavesNothingBehind) {
  fs::path session;
  {
    auto backend = start(kExampleCommand);
    ASSERT_TRUE(backend);
    session = backend->sessionDir();
    CaseRun run = padCase(2);
    ASSERT_EQ(runCase(*backend, run).status, RunStatus::ok);
  }
  EXPECT_FALSE(fs::exists(session));
}


// Issue 26 item 1: a child's hello may declare its limits; the backend hands them to the run as they were sent.
TEST_F(ExecBackendTest, HelloLimitsAreTheBackendsDeclaredLimits) {
  auto backend = start(kValidatingCommand);
  ASSERT_TRUE(backend);
  const std::string limits = backend->declaredLimits();
  EXPECT_NE(limits.find("\"dcconf.limits/1\""), std::string::npos) << limits;
  EXPECT_NE(limits.find("padParams.leftPadding"), std::string::npos) << limits;
  auto plain = start(kExampleCommand);  // a hello without "limits" declares none
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->declaredLimits(), "");
}

TEST_F(ExecBackendTest, HelloLimitsThatAreNotAnObjectAreAHandshakeError) {
  const ExecBackendResult made = makeExecBackend(
      "read request; echo '{\"hello\":true,\"name\":\"x\",\"limits\":\"narrow\"}'; read rest", {workDir_, 2000});
  EXPECT_FALSE(made.backend);
  EXPECT_NE(made.error.find("\"limits\" is not a dcconf.limits object"), std::string::npos) << made.error;
}

// Issue 26 item 5: the child asks {"validate": true, "case": ...} before replying and gets dcconf's verdict with the
// broken clause; the fixture rejects exactly what dcconf calls invalid and says so in its detail.
TEST_F(ExecBackendTest, ValidateQuestionGetsTheOraclesVerdictAndClause) {
  auto backend = start(kValidatingCommand);
  ASSERT_TRUE(backend);
  ASSERT_EQ(backend->protocol(), kExecProtocolV2);
  CaseRun valid = padCase(2);
  const Bytes before = valid.dst;
  const RunResult ok = runCase(*backend, valid);
  ASSERT_EQ(ok.status, RunStatus::ok) << ok.detail;
  expectAgreesWithOracle({valid.c, valid.src, before}, valid.dst);

  CaseRun invalid = padCase(2);
  std::get<oracle::DataCopyExtParams>(invalid.c.params).blockCount = 0;  // PAD-G2U-1: blockCount in [1, 4095]
  const RunResult rejected = runCase(*backend, invalid);
  EXPECT_EQ(rejected.status, RunStatus::rejected) << rejected.detail;
  EXPECT_EQ(rejected.detail.rfind("dcconf says PAD-G2U-1: params.blockCount = 0", 0), 0u) << rejected.detail;

  // Kirin 9020 documents DataCopyPad only (PROD): a normal DataCopy there is not supported, not invalid
  Case plain = makeCase(oracle::Api::DataCopy, Position::GM, Position::VECIN, DType::half);
  plain.params = oracle::DataCopyParams{1, 1, 0, 0};
  std::optional<CaseRun> unsupported = gen_.complete(plain);
  ASSERT_TRUE(unsupported);
  unsupported->c.product = oracle::Product::kirin9020;
  const auto evaluation = oracle::evaluate(unsupported->c, unsupported->src, unsupported->dst);
  ASSERT_EQ(evaluation.verdict, oracle::Verdict::notSupported);
  const RunResult answered = runCase(*backend, *unsupported);
  EXPECT_EQ(answered.status, RunStatus::notSupported) << answered.detail;
  EXPECT_EQ(answered.detail.rfind("dcconf says " + evaluation.violations.front().clause, 0), 0u) << answered.detail;
  EXPECT_EQ(backend->processStarts(), 1u);  // the questions kept the stream in step
}

}  // namespace
}  // namespace dcconf::exec
