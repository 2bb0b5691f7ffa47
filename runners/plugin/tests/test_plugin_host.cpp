// The plugin host: loading errors are one line, and a plugin that crashes or hangs costs one case, not the run.
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "plugin_test_support.hpp"

namespace dcconf::plugin::test {
namespace {

void expectLoadError(const char* path, const std::string& fragment) {
  const PluginLoad loaded = makePluginBackend(path, {1000, 2000});
  EXPECT_FALSE(loaded.backend);
  EXPECT_NE(loaded.error.find(fragment), std::string::npos) << loaded.error;
  EXPECT_NE(loaded.error.find(path), std::string::npos) << loaded.error;
  EXPECT_EQ(loaded.error.find('\n'), std::string::npos) << loaded.error;
}

// Our child processes, zombies included, from /proc/<pid>/stat ("pid (comm) state ppid ...").
int childCount() {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    std::ifstream stat(entry.path() / "stat");
    std::string line;
    if (!std::getline(stat, line)) continue;
    const auto close = line.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(line.substr(close + 1));
    std::string state;
    long ppid = 0;
    rest >> state >> ppid;
    count += ppid == ::getpid();
  }
  return count;
}

TEST(PluginHost, OneWorkerServesManyCasesAndNoneOutlivesTheBackend) {
  ASSERT_EQ(childCount(), 0);
  {
    const auto backend = load(DCCONF_CRASHY_PLUGIN);
    ASSERT_TRUE(backend);
    std::mt19937 rng(13);
    for (int i = 0; i < 50; ++i) {
      EXPECT_EQ(compareWithOracle(*backend, padCase(2), rng).result.status, backends::RunStatus::ok);
    }
    EXPECT_EQ(childCount(), 1);
    EXPECT_EQ(compareWithOracle(*backend, padCase(3), rng).result.status, backends::RunStatus::crashed);
    EXPECT_EQ(childCount(), 0);  // the dead worker is reaped at once; the next call starts one
    EXPECT_EQ(compareWithOracle(*backend, padCase(1), rng).result.status, backends::RunStatus::ok);
    EXPECT_EQ(childCount(), 1);
  }
  EXPECT_EQ(childCount(), 0);
}

TEST(PluginHost, LoadErrorsAreOneLine) {
  expectLoadError("/nonexistent/libnothing.so", "No such file");
  expectLoadError(DCCONF_NOT_A_PLUGIN, "not a dcconf plugin");
  expectLoadError(DCCONF_BAD_ABI_PLUGIN, "ABI version 99, this dcconf speaks 1");
}

TEST(PluginHost, LoadsTheExample) {
  const auto backend = load(DCCONF_EXAMPLE_PLUGIN);
  ASSERT_TRUE(backend);
  EXPECT_EQ(backend->name(), "example");
  EXPECT_EQ(backend->version(), "1.0 (dcconf example plugin)");
  EXPECT_TRUE(backend->supports(padCase(1)));
  Case nz2nd;
  nz2nd.api = Api::DataCopy;
  nz2nd.srcPos = Position::VECOUT;
  nz2nd.dstPos = Position::GM;
  nz2nd.params = Nz2NdParamsFull{};
  EXPECT_FALSE(backend->supports(nz2nd));
}

TEST(PluginHost, RejectsBuffersThatDisagreeWithTheCase) {
  const auto backend = load(DCCONF_EXAMPLE_PLUGIN);
  ASSERT_TRUE(backend);
  const Case c = padCase(2);
  Bytes src(c.src.sizeBytes - 1), dst(c.dst.sizeBytes);
  EXPECT_EQ(backend->run(c, src, dst).status, backends::RunStatus::error);
}

TEST(PluginHost, CrashCostsOneCase) {
  const auto backend = load(DCCONF_CRASHY_PLUGIN);
  ASSERT_TRUE(backend);
  std::mt19937 rng(7);
  const Comparison crash = compareWithOracle(*backend, padCase(3), rng);
  EXPECT_EQ(crash.result.status, backends::RunStatus::crashed);
  EXPECT_NE(crash.result.detail.find("SIGSEGV"), std::string::npos) << crash.result.detail;
  EXPECT_TRUE(crash.dstUntouched);
  for (const std::uint16_t blockCount : std::initializer_list<std::uint16_t>{2, 4, 3, 1}) {  // a fresh worker each time the plugin dies
    const Comparison next = compareWithOracle(*backend, padCase(blockCount), rng);
    EXPECT_EQ(next.result.status,
              blockCount == 3 ? backends::RunStatus::crashed : backends::RunStatus::ok) << next.result.detail;
    if (blockCount != 3) {
      EXPECT_EQ(next.firstMismatch, kNoMismatch);
    }
  }
  EXPECT_TRUE(backend->supports(padCase(1)));
}

// Issue 30 item 5: a plugin thread that writes dst after run() returned, while the worker is idle and keeps its
// mapping (the next call has the same sizes, so nothing is remapped under the late write): the buffers are
// write-protected between calls, the write faults, and the next call reports where it happened.
TEST(PluginHost, AWriteAfterRunReturnedIsACrashBetweenCalls) {
  ASSERT_EQ(::setenv("DCCONF_HOSTILE", "late-write", 1), 0);
  const auto backend = load(DCCONF_HOSTILE_PLUGIN);
  ASSERT_TRUE(backend);
  const Case c = padCase(2);
  Bytes src(c.src.sizeBytes, 0x5A), dst(c.dst.sizeBytes, 0xA5);
  EXPECT_EQ(backend->run(c, src, dst).status, backends::RunStatus::ok);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the plugin's thread writes 50 ms after the reply
  Bytes again(c.dst.sizeBytes, 0xA5);
  const backends::RunResult next = backend->run(c, src, again);
  ::unsetenv("DCCONF_HOSTILE");
  EXPECT_EQ(next.status, backends::RunStatus::crashed) << next.detail;
  EXPECT_NE(next.detail.find("between calls, after run() returned"), std::string::npos) << next.detail;
}

// Issue 16: a supports() that crashes is the plugin's crash, reported by the run() that follows, never a silent
// "not supported" (a run of nothing but NOT_SUPPORTED used to exit 0).
TEST(PluginHost, CrashInSupportsIsACrash) {
  const auto backend = load(DCCONF_SUPPORTS_CRASH_PLUGIN);
  ASSERT_TRUE(backend);
  std::mt19937 rng(5);
  for (int i = 0; i < 2; ++i) {
    EXPECT_TRUE(backend->supports(padCase(2)));  // "ask run()", which answers for it
    const Comparison compared = compareWithOracle(*backend, padCase(2), rng);
    EXPECT_EQ(compared.result.status, backends::RunStatus::crashed) << compared.result.detail;
    EXPECT_NE(compared.result.detail.find("in supports()"), std::string::npos) << compared.result.detail;
  }
}

TEST(PluginHost, HangIsKilledAtTheTimeout) {
  const auto backend = load(DCCONF_HANG_PLUGIN, {300, 5000});
  ASSERT_TRUE(backend);
  std::mt19937 rng(11);
  const auto start = std::chrono::steady_clock::now();
  const Comparison hang = compareWithOracle(*backend, padCase(5), rng);
  const auto elapsed = std::chrono::steady_clock::now() - start;
  EXPECT_EQ(hang.result.status, backends::RunStatus::timedOut) << hang.result.detail;
  EXPECT_NE(hang.result.detail.find("300 ms"), std::string::npos) << hang.result.detail;
  EXPECT_GE(elapsed, std::chrono::milliseconds(300));
  EXPECT_LT(elapsed, std::chrono::milliseconds(1500));
  const Comparison next = compareWithOracle(*backend, padCase(4), rng);
  EXPECT_EQ(next.result.status, backends::RunStatus::ok) << next.result.detail;
  EXPECT_EQ(next.firstMismatch, kNoMismatch);
}


}  // namespace
}  // namespace dcconf::plugin::test

namespace dcconf::plugin::test {
namespace {

// A valid slice case (SLICE, ABI 1.1): one 32-byte burst GM->VECIN on Atlas A2.
Case sliceCase() {
  Case c;
  c.api = Api::DataCopy;
  c.dstPos = Position::VECIN;
  c.dtype = DType::half;
  SliceParams p;
  p.srcSliceInfo[0] = {0, 15, 0, 1};
  p.dstSliceInfo[0] = {0, 15, 0, 1};
  p.srcShape[0] = p.dstShape[0] = 16;
  c.params = p;
  sizeBuffers(c, 0);
  return c;
}

// Versioning rule: a plugin whose case_struct_size predates a field is only given cases it can express; the others
// are NOT_SUPPORTED without a call (the v1.0 fixture aborts if it is called with one).
TEST(PluginHost, V1_0PluginIsNotGivenCasesItCannotExpress) {
  const auto backend = load(DCCONF_V1_0_PLUGIN);
  ASSERT_TRUE(backend);
  std::mt19937 rng(7);
  EXPECT_FALSE(backend->supports(sliceCase()));
  const auto slice = compareWithOracle(*backend, sliceCase(), rng);
  EXPECT_EQ(slice.result.status, backends::RunStatus::notSupported) << slice.result.detail;
  EXPECT_NE(slice.result.detail.find("case_struct_size"), std::string::npos) << slice.result.detail;
  EXPECT_EQ(compareWithOracle(*backend, padCase(2), rng).result.status, backends::RunStatus::ok);
}

// ABI 1.2: a plugin built against the 1.1 header is never handed a quantising copy (the fixture aborts if it is),
// while 1.1 and older cases still reach it.
TEST(PluginHost, V1_1PluginIsNotGivenFixpipeCases) {
  const auto backend = load(DCCONF_V1_1_PLUGIN);
  ASSERT_TRUE(backend);
  std::mt19937 rng(11);
  EXPECT_FALSE(backend->supports(fixpipeCase()));
  const auto fix = compareWithOracle(*backend, fixpipeCase(), rng);
  EXPECT_EQ(fix.result.status, backends::RunStatus::notSupported) << fix.result.detail;
  EXPECT_NE(fix.result.detail.find("this case needs 608"), std::string::npos) << fix.result.detail;
  EXPECT_EQ(compareWithOracle(*backend, sliceCase(), rng).result.status, backends::RunStatus::notSupported);
  EXPECT_EQ(compareWithOracle(*backend, padCase(2), rng).result.status, backends::RunStatus::ok);
}

// A 1.2 plugin (the example) is given the quantising copy: the V* tensor reaches the worker through the shared
// mapping (the parent's pointer would be meaningless there) and the result matches the oracle.
TEST(PluginHost, ExamplePluginRunsAFixpipeCaseWithItsQuantTensor) {
  const auto backend = load(DCCONF_EXAMPLE_PLUGIN);
  ASSERT_TRUE(backend);
  std::mt19937 rng(13);
  Case c = fixpipeCase();
  std::get<DataCopyCO12DstParams>(c.params).quantPre = QuantMode::VDEQF16;
  // Scales of (n + 1) * 2^-20 keep random int32 sources inside half's range; deq-rne pins AMB-10 so every byte counts.
  for (std::uint32_t n = 0; n < 16; ++n) {
    const float scale = std::ldexp(1.0F, -20) * static_cast<float>(n + 1);
    c.fixpipe->quantTensor.push_back(encodeQuantParam(scale, 0, false, 0, false));
  }
  c.profile.fixDeqRounding = Profile::FixDeqRounding::deqRne;
  ASSERT_TRUE(backend->supports(c));
  const auto r = compareWithOracle(*backend, c, rng);
  ASSERT_EQ(r.verdict, Verdict::computed);
  ASSERT_EQ(r.result.status, backends::RunStatus::ok) << r.result.detail;
  EXPECT_EQ(r.firstMismatch, kNoMismatch);
  c.fixpipe->quantTensor.resize(15);  // one entry short of nSize: FIX-4, read from the tensor's length
  EXPECT_EQ(compareWithOracle(*backend, c, rng).result.status, backends::RunStatus::rejected);
}

// ABI 1.3: a plugin built against the 1.2 header is never handed an enhanced conversion or a pinned AMB-13..15 word
// (the fixture aborts if it is), while 1.2 and older cases still reach it.
TEST(PluginHost, V1_2PluginIsNotGivenEnhancedConversionCases) {
  const auto backend = load(DCCONF_V1_2_PLUGIN);
  ASSERT_TRUE(backend);
  std::mt19937 rng(17);
  const Case deq8 = enhancedDeq8Case();
  EXPECT_FALSE(backend->supports(deq8));
  const auto r = compareWithOracle(*backend, deq8, rng);
  EXPECT_EQ(r.result.status, backends::RunStatus::notSupported) << r.result.detail;
  EXPECT_NE(r.result.detail.find("knows a dcconf_case of 608 bytes; this case needs 640"), std::string::npos)
      << r.result.detail;
  Case pinned = padCase(2);
  pinned.profile.sidHalf = Profile::SidHalf::matmulPairing;
  EXPECT_FALSE(backend->supports(pinned));
  EXPECT_EQ(compareWithOracle(*backend, pinned, rng).result.status, backends::RunStatus::notSupported);
  EXPECT_EQ(compareWithOracle(*backend, padCase(2), rng).result.status, backends::RunStatus::ok);
  EXPECT_EQ(compareWithOracle(*backend, fixpipeCase(), rng).result.status, backends::RunStatus::ok);
}

// The 1.3 example is given the enhanced conversions: a VDEQ8 case's deq tensor reaches the worker through the shared
// mapping, and with AMB-8..15 pinned every element matches the oracle; a short tensor is rejected (ENH-2).
TEST(PluginHost, ExamplePluginRunsAnEnhancedCaseWithItsDeqTensor) {
  const auto backend = load(DCCONF_EXAMPLE_PLUGIN);
  ASSERT_TRUE(backend);
  std::mt19937 rng(19);
  Case c = enhancedDeq8Case();
  c.enhancedParams->deqScale = DeqScale::vdeq8;
  for (std::uint32_t n = 0; n < 32; ++n) {  // burst 1 reads entries 16..31 (vdeq-advance): scales 2^-24 * (n + 1)
    c.enhancedParams->deqTensor.push_back(encodeQuantParam(std::ldexp(1.0F, -24) * static_cast<float>(n + 1), 0,
                                                           false, n, n % 2 == 1));
  }
  c.profile = *parseProfile("offset-signed,relu-before-offset,vdeq-advance,negscale-signed").profile;
  ASSERT_TRUE(backend->supports(c));
  const auto r = compareWithOracle(*backend, c, rng);
  ASSERT_EQ(r.verdict, Verdict::computed) << r.firstClause;
  ASSERT_EQ(r.result.status, backends::RunStatus::ok) << r.result.detail;
  EXPECT_EQ(r.firstMismatch, kNoMismatch);
  c.enhancedParams->deqTensor.resize(31);  // one short of 16 per burst: ENH-2, read from the tensor's length
  const auto shortTensor = compareWithOracle(*backend, c, rng);
  EXPECT_EQ(shortTensor.result.status, backends::RunStatus::rejected) << shortTensor.result.detail;
  EXPECT_EQ(shortTensor.firstClause, "ENH-2");
}

// A 1.1 plugin (the example) is asked, and declines the new operations itself.
TEST(PluginHost, ExamplePluginDeclinesTheNewOperations) {
  const auto backend = load(DCCONF_EXAMPLE_PLUGIN);
  ASSERT_TRUE(backend);
  std::mt19937 rng(7);
  EXPECT_FALSE(backend->supports(sliceCase()));
  EXPECT_EQ(compareWithOracle(*backend, sliceCase(), rng).result.status, backends::RunStatus::notSupported);
}


// Issue 26 item 5: the host table's check_case. The fixture rejects what dcconf calls invalid, naming the clause
// dcconf gave it, runs the valid calls, and answers its own limit (blockCount > 8) NOT_SUPPORTED, never REJECTED.
TEST(PluginHost, ValidityQueryRejectsExactlyTheInvalidCalls) {
  const auto backend = load(DCCONF_VALIDITY_PLUGIN);
  ASSERT_TRUE(backend);
  std::mt19937 rng(26);
  const Comparison valid = compareWithOracle(*backend, padCase(2), rng);
  ASSERT_EQ(valid.verdict, Verdict::computed);
  EXPECT_EQ(valid.result.status, backends::RunStatus::ok) << valid.result.detail;
  EXPECT_EQ(valid.firstMismatch, kNoMismatch);

  Case zero = padCase(2);
  std::get<DataCopyExtParams>(zero.params).blockCount = 0;
  const Comparison invalid = compareWithOracle(*backend, zero, rng);
  ASSERT_EQ(invalid.verdict, Verdict::invalid);
  EXPECT_EQ(invalid.result.status, backends::RunStatus::rejected);
  EXPECT_EQ(invalid.result.detail.rfind("dcconf says " + invalid.firstClause + ": params.blockCount = 0", 0), 0u)
      << invalid.result.detail;
  EXPECT_TRUE(invalid.dstUntouched);

  Case shortDst = padCase(2);
  shortDst.dst.sizeBytes -= 8;  // G-1: the destination buffer ends inside the footprint (bounds are invalid too)
  const Comparison bounds = compareWithOracle(*backend, shortDst, rng);
  ASSERT_EQ(bounds.verdict, Verdict::invalid);
  EXPECT_EQ(bounds.result.status, backends::RunStatus::rejected) << bounds.result.detail;
  EXPECT_EQ(bounds.result.detail.rfind("dcconf says " + bounds.firstClause, 0), 0u) << bounds.result.detail;

  const Comparison limited = compareWithOracle(*backend, padCase(9), rng);
  ASSERT_EQ(limited.verdict, Verdict::computed);
  EXPECT_EQ(limited.result.status, backends::RunStatus::notSupported) << limited.result.detail;
}

// The check_case of a case the product lacks (PROD) is not-supported, with the clause; an old plugin without the
// optional exports (the example) loads and runs as before and declares no limits.
TEST(PluginHost, ValidityQueryNamesNotSupportedAndOldPluginsAreUnchanged) {
  const auto backend = load(DCCONF_VALIDITY_PLUGIN);
  ASSERT_TRUE(backend);
  std::mt19937 rng(27);
  Case kirin = padCase(2);
  kirin.api = Api::DataCopy;
  kirin.padParams = std::monostate{};
  kirin.params = DataCopyParams{1, 1, 0, 0};
  kirin.product = Product::kirin9020;
  sizeBuffers(kirin, 0);
  const Comparison unsupported = compareWithOracle(*backend, kirin, rng);
  ASSERT_EQ(unsupported.verdict, Verdict::notSupported);
  EXPECT_EQ(unsupported.result.status, backends::RunStatus::notSupported);
  EXPECT_EQ(unsupported.result.detail.rfind("dcconf says " + unsupported.firstClause, 0), 0u) << unsupported.result.detail;

  const auto example = load(DCCONF_EXAMPLE_PLUGIN);
  ASSERT_TRUE(example);
  EXPECT_EQ(example->declaredLimits(), "");
  EXPECT_EQ(compareWithOracle(*example, padCase(2), rng).result.status, backends::RunStatus::ok);
}

// Issue 26 item 1: dcconf_backend_limits_v1()'s text reaches the host through the worker's hello.
TEST(PluginHost, DeclaredLimitsTravelFromTheWorker) {
  const auto backend = load(DCCONF_LIMITS_PLUGIN);
  ASSERT_TRUE(backend);
  const std::string limits = backend->declaredLimits();
  EXPECT_NE(limits.find("\"format\": \"dcconf.limits/2\""), std::string::npos) << limits;
  EXPECT_NE(limits.find("params.dstNzC0Stride"), std::string::npos) << limits;
}

}  // namespace
}  // namespace dcconf::plugin::test
