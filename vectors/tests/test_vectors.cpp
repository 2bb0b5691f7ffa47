// The vectors library: sha256, deterministic export, check and verify (pass, corrupted byte, missing and
// wrong-sized outputs), and every bad-input case of issue 5 as one clear problem naming file and field.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>

#include <nlohmann/json.hpp>

#include "dcconf/oracle/oracle.hpp"
#include "dcconf/vectors/export.hpp"
#include "dcconf/vectors/judge.hpp"
#include "dcconf/vectors/sha256.hpp"
#include "dcconf/vectors/vectors.hpp"

namespace dcconf::vectors {
namespace {

namespace fs = std::filesystem;

TEST(Sha256, KnownAnswers) {
  EXPECT_EQ(sha256Hex(std::string_view("")), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256Hex(std::string_view("abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256Hex(std::string_view("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256Hex(std::string(1000000, 'a')), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  // 55, 56 and 64 bytes: the padding's one-block/two-block edges
  EXPECT_EQ(sha256Hex(std::string(55, 'a')), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
  EXPECT_EQ(sha256Hex(std::string(56, 'a')), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
  EXPECT_EQ(sha256Hex(std::string(64, 'a')), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
}

class TempDir {
 public:
  TempDir() {
    static int counter = 0;
    path_ = fs::temp_directory_path() /
            ("dcconf-vectors-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

void writeBytes(const fs::path& path, const std::vector<std::uint8_t>& bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                              static_cast<std::streamsize>(bytes.size()));
}
std::vector<std::uint8_t> readBytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}
void writeText(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }
std::string readText(const fs::path& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), {}};
}

ExportOptions smallOptions() {
  ExportOptions o;
  o.count = 2;
  o.seed = 11;
  o.dtypeGlob = "half";
  o.command = "test";
  return o;
}

// count random cases of every dtype of the product on the paths the glob selects
ExportOptions everyDType(oracle::Product product, std::uint32_t count, std::string pathGlob) {
  ExportOptions o = smallOptions();
  o.product = product;
  o.count = count;
  o.dtypeGlob = "*";
  o.pathGlob = std::move(pathGlob);
  return o;
}

fs::path exportTo(const fs::path& dir, const ExportOptions& options = smallOptions()) {
  const Exported exported = exportSet(options);
  EXPECT_TRUE(exported.error.empty()) << exported.error;
  for (const auto& file : exported.files) writeBytes(dir / file.relativePath, file.bytes);
  return dir;
}

VectorSet load(const fs::path& dir) {
  Loaded loaded = loadSet(dir);
  EXPECT_TRUE(loaded.problems.empty()) << loaded.problems.front().oneLine();
  return std::move(*loaded.set);
}

// The first problem, or "" when the set loads.
std::string firstProblem(const fs::path& dir) {
  const Loaded loaded = loadSet(dir);
  return loaded.problems.empty() ? "" : loaded.problems.front().oneLine();
}

// Re-hashes a changed file in the manifest, so a test reaches the check behind the hash.
void rehash(const fs::path& dir, const std::string& rel) {
  auto manifest = nlohmann::json::parse(readText(dir / kManifestFile));
  const auto bytes = readBytes(dir / rel);
  manifest["files"][rel] = {{"size", bytes.size()}, {"sha256", sha256Hex(bytes)}};
  writeText(dir / kManifestFile, manifest.dump(2));
}

// Edits a JSON file of the set in place and re-hashes it, so the check behind the hash is what a test reaches.
template <typename Edit>
void editJson(const fs::path& dir, const std::string& rel, Edit edit) {
  auto json = nlohmann::json::parse(readText(dir / rel));
  edit(json);
  writeText(dir / rel, json.dump(2));
  if (rel != kManifestFile) rehash(dir, rel);
}

TEST(Export, SameSeedSameBytesAndSeedMatters) {
  const Exported a = exportSet(smallOptions());
  const Exported b = exportSet(smallOptions());
  ASSERT_EQ(a.files.size(), b.files.size());
  for (std::size_t i = 0; i < a.files.size(); ++i) {
    EXPECT_EQ(a.files[i].relativePath, b.files[i].relativePath);
    EXPECT_EQ(a.files[i].bytes, b.files[i].bytes) << a.files[i].relativePath;
  }
  ExportOptions other = smallOptions();
  other.seed = 12;
  EXPECT_NE(exportSet(other).files.back().bytes, a.files.back().bytes);  // the manifest (seed, hashes) differs
}

TEST(Export, CuratedExamplesFlagsAndInvalidVectors) {
  TempDir tmp;
  const VectorSet set = load(exportTo(tmp.path()));
  std::set<std::string> flags;
  bool worked = false, invalidWithClause = false;
  for (const Vector& v : set.vectors) {
    flags.insert(v.flags.begin(), v.flags.end());
    worked = worked || v.comment.find("PAD-G2U-6") != std::string::npos;
    if (v.result == Result::invalid) {
      invalidWithClause = invalidWithClause || !v.clause.empty();
      EXPECT_TRUE(v.expected.empty());
    }
  }
  for (const char* flag : {"UNALIGNED_BLOCKLEN", "RIGHT_PAD_MAX", "DUMMY_FILL", "ND2NZ_TAIL", "GUARD_BYTES",
                           "INVALID_BLOCKCOUNT", "WORKED_EXAMPLE", "RANDOM"}) {
    EXPECT_TRUE(flags.contains(flag)) << flag;
  }
  for (const auto& [flag, def] : set.manifest.flags) EXPECT_FALSE(def.clause.empty()) << flag;
  EXPECT_TRUE(worked);
  EXPECT_TRUE(invalidWithClause);
}

// FIX: the curated and random quantising copies land in CO1 groups with their FIX-* flags, an AMB_n flag wherever
// an ambiguity left elements ANY (care 0), INVALID_FIX breaks, and the set replays cleanly on the oracle.
TEST(Export, FixpipeGroupsCarryFixAndAmbFlags) {
  TempDir tmp;
  ExportOptions o = smallOptions();
  o.dtypeGlob = "*";
  o.pathGlob = "CO1->*";
  const VectorSet set = load(exportTo(tmp.path(), o));
  std::set<std::string> flags;
  for (const Vector& v : set.vectors) {
    EXPECT_EQ(oracle::resolveOperation(v.data.c).operation, oracle::Operation::fixpipe) << v.tcId;
    flags.insert(v.flags.begin(), v.flags.end());
    const bool ambiguous = std::any_of(v.flags.begin(), v.flags.end(), [](const std::string& f) { return f.rfind("AMB_", 0) == 0; });
    if (ambiguous) {
      EXPECT_TRUE(std::find(v.care.begin(), v.care.end(), 0) != v.care.end()) << v.tcId;
    }
  }
  for (const char* flag : {"FIX_NO_QUANT", "FIX_FLOAT_NARROWING", "FIX_DEQF16", "FIX_QUANT_8BIT", "FIX_PER_COLUMN",
                           "FIX_QUANT_FIELDS", "FIX_RELU", "FIX_CHANNEL_SPLIT", "FIX_NZ2ND_MULTI_MATRIX", "FIX_TO_A1",
                           "AMB_8", "AMB_9", "AMB_10", "AMB_11", "AMB_12", "INVALID_FIX", "WORKED_EXAMPLE", "RANDOM"}) {
    EXPECT_TRUE(flags.contains(flag)) << flag;
  }
  const Judged judged = checkSet(set, "oracle", 1000, JudgeOptions{});
  ASSERT_TRUE(judged.report) << judged.error;
  EXPECT_TRUE(judged.report->passed());
  EXPECT_GT(judged.report->totals()[report::CaseStatus::rejected], 0u);
}

// NDDMA (issue 31 item 9): the 950's GM->VECIN NDDMA vectors carry NDDMA and the flags their parameters and
// expectation show (pad mode only with pads, b64 by the dtype, collisions where the oracle marks them), and replay.
TEST(Export, NdDmaVectorsCarryTheirFlags) {
  TempDir tmp;
  const VectorSet set = load(exportTo(tmp.path(), everyDType(oracle::Product::ascend950, 5, "GM->VECIN")));
  std::set<std::string> flags;
  std::uint64_t nddma = 0;
  for (const Vector& v : set.vectors) {
    const auto* p = std::get_if<oracle::NdDmaParams>(&v.data.c.params);
    auto has = [&v](const char* flag) { return std::find(v.flags.begin(), v.flags.end(), flag) != v.flags.end(); };
    if (p == nullptr || v.result != Result::valid) continue;
    ++nddma;
    flags.insert(v.flags.begin(), v.flags.end());
    EXPECT_TRUE(has("NDDMA")) << v.tcId;
    EXPECT_EQ(has("NDDMA_MULTI_DIM"), p->dim > 1) << v.tcId;
    EXPECT_EQ(has("NDDMA_B64"), oracle::sizeBytes(v.data.c.dtype) == 8) << v.tcId;
    EXPECT_FALSE(has("NDDMA_PAD_NEAREST") && has("NDDMA_PAD_CONSTANT")) << v.tcId;
    EXPECT_TRUE(!has("NDDMA_PAD_NEAREST") || p->isNearestValueMode) << v.tcId;
    EXPECT_TRUE(!has("NDDMA_COLLISION") || has("ANY_BYTES")) << v.tcId;
  }
  EXPECT_GT(nddma, 0u);
  for (const char* flag : {"NDDMA", "NDDMA_MULTI_DIM", "NDDMA_PAD_CONSTANT", "NDDMA_PAD_NEAREST", "NDDMA_B64"}) {
    EXPECT_TRUE(flags.contains(flag)) << flag;
  }
  const Judged judged = checkSet(set, "oracle", 1000, JudgeOptions{});
  ASSERT_TRUE(judged.report) << judged.error;
  EXPECT_TRUE(judged.report->passed());
}

// ATOM-1 (issue 31 item 7): a random export also draws the UB->GM copies' atomic twins (add, max and min), in files of
// their own (so no plain vector's tcId moves) with the ATOMIC_* flags; they replay on the oracle and the fast backend.
// A product without atomic copies (Atlas training) gets none.
TEST(Export, AtomicTwinsOfUbToGmCopiesHaveFilesOfTheirOwn) {
  for (const oracle::Product product : {oracle::Product::atlas_a2, oracle::Product::ascend950, oracle::Product::atlas_training}) {
    TempDir tmp;
    const VectorSet set = load(exportTo(tmp.path(), everyDType(product, 6, "VECOUT->GM")));
    std::set<oracle::AtomicOp> ops;
    std::uint64_t plain = 0;
    for (const Vector& v : set.vectors) {
      const bool atomic = v.data.c.atomic != oracle::AtomicOp::none;
      EXPECT_EQ(atomic, v.tcId.find("_atomic-") != std::string::npos) << v.tcId;
      if (!atomic) {
        ++plain;
        continue;
      }
      if (v.result == Result::invalid) {  // the curated ATOM-2 break: an atomic state on a type it does not take
        EXPECT_EQ(v.clause, "ATOM-2") << v.tcId;
        EXPECT_FALSE(oracle::isAtomicDType(v.data.c.dtype)) << v.tcId;
        continue;
      }
      ops.insert(v.data.c.atomic);
      EXPECT_TRUE(oracle::isAtomicDType(v.data.c.dtype)) << v.tcId;
      const std::string flag = v.data.c.atomic == oracle::AtomicOp::add ? "ATOMIC_ADD"
                               : v.data.c.atomic == oracle::AtomicOp::max ? "ATOMIC_MAX" : "ATOMIC_MIN";
      EXPECT_NE(std::find(v.flags.begin(), v.flags.end(), flag), v.flags.end()) << v.tcId;
    }
    EXPECT_GT(plain, 0u);
    if (!oracle::hasAtomicCopies(product)) {
      EXPECT_TRUE(ops.empty()) << oracle::name(product);
      continue;
    }
    EXPECT_EQ(ops.size(), 3u) << oracle::name(product);
    for (const char* backend : {"oracle", "fast"}) {
      const Judged judged = checkSet(set, backend, 1000, JudgeOptions{});
      ASSERT_TRUE(judged.report) << judged.error;
      EXPECT_TRUE(judged.report->passed()) << backend << " on " << oracle::name(product);
    }
  }
}

// ENH-2/3: the enhanced deqScale copies of a CO2 product carry their conversion flags, and replay on the oracle.
TEST(Export, EnhancedDeqScaleGroupsCarryEnhFlags) {
  TempDir tmp;
  ExportOptions o = everyDType(oracle::Product::atlas_training, 6, "CO1->CO2");
  o.seed = 3;
  const VectorSet set = load(exportTo(tmp.path(), o));
  std::set<std::string> flags;
  for (const Vector& v : set.vectors) {
    flags.insert(v.flags.begin(), v.flags.end());
    const bool deq = v.data.c.enhancedParams && v.data.c.enhancedParams->deqScale != oracle::DeqScale::none;
    if (v.result == Result::valid) {
      EXPECT_EQ(deq, std::find(v.flags.begin(), v.flags.end(), "ENH_DEQ") != v.flags.end() ||
                         std::find(v.flags.begin(), v.flags.end(), "ENH_VDEQ") != v.flags.end())
          << v.tcId;
    }
  }
  for (const char* flag : {"ENH_CO1_BLOCK_MODE", "ENH_RELU", "ENH_DEQ", "ENH_VDEQ", "ENH_DEQ8_STORE_MODE"}) {
    EXPECT_TRUE(flags.contains(flag)) << flag;
  }
  const Judged judged = checkSet(set, "oracle", 1000, JudgeOptions{});
  ASSERT_TRUE(judged.report) << judged.error;
  EXPECT_TRUE(judged.report->passed());
}

TEST(Check, FastBackendPassesAndInvalidVectorsAreRejected) {
  TempDir tmp;
  const VectorSet set = load(exportTo(tmp.path()));
  JudgeOptions options;
  const Judged judged = checkSet(set, "fast", 1000, options);
  ASSERT_TRUE(judged.report) << judged.error;
  EXPECT_TRUE(judged.report->passed());
  EXPECT_GT(judged.report->totals()[report::CaseStatus::pass], 0u);
  EXPECT_GT(judged.report->totals()[report::CaseStatus::rejected], 0u);
  EXPECT_FALSE(checkSet(set, "nonsense", 1000, options).report);
}

struct SavedOutputs {
  TempDir tmp;
  fs::path set;
  fs::path outputs;
  VectorSet loaded;
  SavedOutputs() : set(exportTo(tmp.path() / "set")), outputs(tmp.path() / "out"), loaded(load(set)) {
    JudgeOptions options;
    options.saveOutputs = true;
    const Judged judged = checkSet(loaded, "fast", 1000, options);
    for (const auto& file : judged.outputs) writeBytes(outputs / file.relativePath, file.bytes);
  }
  const Vector& firstValid() const {
    for (const Vector& v : loaded.vectors) {
      if (v.result == Result::valid && v.data.c.api == oracle::Api::DataCopyPad) return v;
    }
    throw std::logic_error("no valid vector");
  }
};

TEST(Verify, OutputsOfFastPass) {
  SavedOutputs s;
  const Judged judged = verifySet(s.loaded, s.outputs, {});
  ASSERT_TRUE(judged.report) << judged.error;
  EXPECT_TRUE(judged.report->passed());
}

TEST(Verify, OneCorruptedByteFailsNamingTcIdByteAndClause) {
  SavedOutputs s;
  const Vector& v = s.firstValid();
  std::uint64_t byte = 0;
  while (v.care[byte] == 0 || v.data.c.dst.offsetBytes > byte) ++byte;
  auto bytes = readBytes(s.outputs / (v.tcId + ".bin"));
  bytes[byte] ^= 0x5A;
  writeBytes(s.outputs / (v.tcId + ".bin"), bytes);
  const Judged judged = verifySet(s.loaded, s.outputs, {});
  ASSERT_TRUE(judged.report);
  EXPECT_FALSE(judged.report->passed());
  ASSERT_EQ(judged.report->failures().size(), 1u);
  const report::Failure& f = judged.report->failures().front();
  EXPECT_EQ(f.id, v.tcId);
  EXPECT_NE(f.message.find(v.tcId), std::string::npos);
  EXPECT_NE(f.message.find("byte " + std::to_string(byte)), std::string::npos) << f.message;
  EXPECT_FALSE(f.clause.empty());
  EXPECT_NE(f.message.find(f.clause), std::string::npos) << f.message;
}

// AMB-16 (project, issue 29 item 4): a valid vector's nanElements must hold some NaN of their dtype (any payload);
// a set from before issue 29 has no nanElements and judges those bytes as plain ANY, as it did.
TEST(Verify, NanElementsMustHoldSomeNan) {
  SavedOutputs s;
  const Vector* nanVector = nullptr;
  for (const Vector& v : s.loaded.vectors) {
    if (!v.nanElements.empty()) nanVector = &v;
  }
  ASSERT_NE(nanVector, nullptr) << "the curated half FIX vectors hold a NaN source";
  const Vector& v = *nanVector;
  EXPECT_NE(std::find(v.flags.begin(), v.flags.end(), "NAN_CLASS"), v.flags.end());
  const oracle::ClassConstraint k = v.nanElements.front();
  ASSERT_EQ(k.dtype, oracle::DType::half);
  const fs::path out = s.outputs / (v.tcId + ".bin");
  auto bytes = readBytes(out);
  JudgeOptions options;
  options.tcGlob = v.tcId;
  const auto judgeWith = [&](std::uint16_t element) {
    bytes[k.index] = static_cast<std::uint8_t>(element);
    bytes[k.index + 1] = static_cast<std::uint8_t>(element >> 8);
    writeBytes(out, bytes);
    return verifySet(s.loaded, s.outputs, options);
  };
  EXPECT_TRUE(judgeWith(0xFE01).report->passed());  // a negative NaN with another payload
  const Judged inf = judgeWith(0x7C00);
  ASSERT_TRUE(inf.report);
  ASSERT_EQ(inf.report->failures().size(), 1u);
  const report::Failure& f = inf.report->failures().front();
  EXPECT_NE(f.clause.find("AMB-16"), std::string::npos) << f.clause;
  EXPECT_NE(f.message.find("not of their class"), std::string::npos) << f.message;
  ASSERT_FALSE(f.diff.empty());
  EXPECT_NE(f.diff.back().find("expected a NaN of half"), std::string::npos) << f.diff.back();
  EXPECT_FALSE(judgeWith(0x3C00).report->passed());  // 1.0
  // an old set: the same test without nanElements loads, and its ANY bytes take anything
  editJson(s.set, v.groupFile, [](nlohmann::json& group) {
    for (auto& g : group["testGroups"]) {
      for (auto& t : g["tests"]) t.erase("nanElements");
    }
  });
  const VectorSet old = load(s.set);
  EXPECT_TRUE(verifySet(old, s.outputs, options).report->passed());
}

TEST(Verify, MissingAndWrongSizedOutputsFail) {
  SavedOutputs s;
  const Vector& v = s.firstValid();
  fs::remove(s.outputs / (v.tcId + ".bin"));
  Judged judged = verifySet(s.loaded, s.outputs, {});
  ASSERT_TRUE(judged.report);
  ASSERT_EQ(judged.report->failures().size(), 1u);
  EXPECT_NE(judged.report->failures()[0].message.find("no output " + v.tcId + ".bin"), std::string::npos);
  writeBytes(s.outputs / (v.tcId + ".bin"), std::vector<std::uint8_t>(v.data.c.dst.sizeBytes + 3));
  judged = verifySet(s.loaded, s.outputs, {});
  ASSERT_EQ(judged.report->failures().size(), 1u);
  EXPECT_NE(judged.report->failures()[0].message.find(std::to_string(v.data.c.dst.sizeBytes + 3) + " bytes, expected " +
                                                      std::to_string(v.data.c.dst.sizeBytes)),
            std::string::npos)
      << judged.report->failures()[0].message;
}

TEST(Verify, InvalidVectorThatWritesOutsideAllowedFails) {
  SavedOutputs s;
  for (const Vector& v : s.loaded.vectors) {
    if (v.result != Result::invalid) continue;
    std::vector<std::uint8_t> out = v.data.dstBefore;
    out.back() ^= 0xFF;  // the last byte is a guard byte for every curated case
    writeBytes(s.outputs / (v.tcId + ".bin"), out);
    JudgeOptions options;
    options.tcGlob = v.tcId;
    const Judged judged = verifySet(s.loaded, s.outputs, options);
    ASSERT_TRUE(judged.report);
    ASSERT_EQ(judged.report->failures().size(), 1u) << v.tcId;
    EXPECT_EQ(judged.report->failures()[0].clause, "G-4");
    writeBytes(s.outputs / (v.tcId + ".bin"), v.data.dstBefore);
    EXPECT_EQ(verifySet(s.loaded, s.outputs, options).report->totals()[report::CaseStatus::acceptedInvalid], 1u);
    return;
  }
  FAIL() << "no invalid vector";
}

// ---- bad input: one clear problem naming the file and the field ----

class BadInput : public ::testing::Test {
 protected:
  TempDir tmp;
  fs::path dir = exportTo(tmp.path() / "set", [] {
    ExportOptions o = smallOptions();
    o.count = 0;
    return o;
  }());
  VectorSet set = load(dir);
  const Vector& v = set.vectors.front();
  std::string srcFile() const { return "data/" + v.tcId + ".src.bin"; }
};

TEST_F(BadInput, LintPassesOnAnExport) { EXPECT_EQ(firstProblem(dir), ""); }

// nanElements (AMB-16 (project)) must name float elements whose bytes are ANY in care, inside dst
TEST_F(BadInput, NanElementsOnACaredByteOrNotAFloat) {
  const Loaded first = loadSet(dir);
  ASSERT_TRUE(first.set);
  const Vector* target = nullptr;
  for (const Vector& candidate : first.set->vectors) {
    const std::uint64_t at = candidate.data.c.dst.offsetBytes;
    if (candidate.result == Result::valid && candidate.care[at] == 1 && candidate.care[at + 1] == 1) {
      target = &candidate;
      break;
    }
  }
  ASSERT_NE(target, nullptr);
  const std::string tcId = target->tcId;
  const std::uint64_t cared = target->data.c.dst.offsetBytes;
  const auto setNan = [&](nlohmann::json entry) {
    editJson(dir, target->groupFile, [&](nlohmann::json& group) {
      for (auto& g : group["testGroups"]) {
        for (auto& t : g["tests"]) {
          if (t["tcId"] == tcId) t["nanElements"] = nlohmann::json::array({entry});
        }
      }
    });
  };
  setNan({{"offset", cared}, {"dtype", "half"}});
  EXPECT_NE(firstProblem(dir).find("nanElements[0].offset"), std::string::npos) << firstProblem(dir);
  EXPECT_NE(firstProblem(dir).find("cared"), std::string::npos) << firstProblem(dir);
  setNan({{"offset", 0}, {"dtype", "int32_t"}});
  EXPECT_NE(firstProblem(dir).find("not a float type"), std::string::npos) << firstProblem(dir);
}

TEST_F(BadInput, TruncatedBin) {
  auto bytes = readBytes(dir / srcFile());
  bytes.pop_back();
  writeBytes(dir / srcFile(), bytes);
  const std::string problem = firstProblem(dir);
  EXPECT_NE(problem.find(srcFile() + ": size: is " + std::to_string(bytes.size()) + " bytes"), std::string::npos) << problem;
}

TEST_F(BadInput, CorruptedBinHashMismatch) {
  auto bytes = readBytes(dir / srcFile());
  bytes[0] ^= 1;
  writeBytes(dir / srcFile(), bytes);
  const std::string problem = firstProblem(dir);
  EXPECT_NE(problem.find(srcFile() + ": sha256: is "), std::string::npos) << problem;
  EXPECT_NE(problem.find("corrupted"), std::string::npos);
}

TEST_F(BadInput, JsonThatIsNotAVectorSet) {
  writeText(dir / kManifestFile, R"({"schema": "dcconf.case/1", "product": "atlas-a2"})");
  EXPECT_EQ(firstProblem(dir),
            "manifest.json: schema: = \"dcconf.case/1\": not a dcconf vector set manifest (expected \"dcconf.vectors/1\")");
  writeText(dir / kManifestFile, "[1, 2");
  EXPECT_EQ(firstProblem(dir).rfind("manifest.json: is not JSON: ", 0), 0u) << firstProblem(dir);
  fs::remove(dir / kManifestFile);
  EXPECT_NE(firstProblem(dir).find("not a dcconf vector set"), std::string::npos);
  EXPECT_NE(firstProblem(dir / "nothing-here").find("is not a vector set folder"), std::string::npos);
}

TEST_F(BadInput, GroupFileThatIsNotAGroup) {
  const std::string group = set.manifest.groups.front();
  writeText(dir / group, R"({"schema": "dcconf.vectors/1"})");
  rehash(dir, group);
  EXPECT_NE(firstProblem(dir).find(group + ": schema: = \"dcconf.vectors/1\": not a dcconf vector group file"),
            std::string::npos)
      << firstProblem(dir);
}

// A tensor whose size disagrees with the case: the expected.bin of a valid vector rewritten one byte longer.
TEST_F(BadInput, SizeThatDoesNotMatchTheCase) {
  const std::string group = v.groupFile;
  editJson(dir, group, [&](nlohmann::json& json) {
    auto& test = json["testGroups"][0]["tests"][0];
    ASSERT_EQ(test["tcId"], v.tcId);
    test["expected"]["size"] = v.data.c.dst.sizeBytes + 1;
  });
  EXPECT_EQ(firstProblem(dir), group + ": testGroups[0].tests[0].expected.size: = " +
                                   std::to_string(v.data.c.dst.sizeBytes + 1) + ": the case's dst.size is " +
                                   std::to_string(v.data.c.dst.sizeBytes));
}

TEST_F(BadInput, AbsurdSizesAreRefusedBeforeAnyAllocation) {
  const std::uint64_t huge = 1ull << 40;
  editJson(dir, kManifestFile, [&](nlohmann::json& manifest) { manifest["files"][srcFile()]["size"] = huge; });
  EXPECT_NE(firstProblem(dir).find("manifest.json: files[\"" + srcFile() + "\"].size: = 1099511627776: over the limit"),
            std::string::npos)
      << firstProblem(dir);
  // the same size in the case itself
  const std::string group = v.groupFile;
  rehash(dir, srcFile());
  editJson(dir, group, [&](nlohmann::json& json) { json["testGroups"][0]["tests"][0]["case"]["src"]["size"] = huge; });
  EXPECT_NE(firstProblem(dir).find(group + ": testGroups[0].tests[0].case.src.size: = 1099511627776: over the buffer limit"),
            std::string::npos)
      << firstProblem(dir);
}

TEST_F(BadInput, LintFindsDuplicateIdsUndefinedFlagsAndStrayFiles) {
  const std::string group = v.groupFile;
  editJson(dir, group, [](nlohmann::json& json) {
    auto& tests = json["testGroups"][0]["tests"];
    ASSERT_GE(tests.size(), 2u);
    tests[1]["tcId"] = tests[0]["tcId"];
    tests[0]["flags"].push_back("NO_SUCH_FLAG");
  });
  writeText(dir / "stray.txt", "x");
  const Loaded loaded = loadSet(dir);
  std::string all;
  for (const auto& p : loaded.problems) all += p.oneLine() + "\n";
  EXPECT_NE(all.find("\"NO_SUCH_FLAG\" is not defined in the manifest"), std::string::npos) << all;
  EXPECT_NE(all.find("stray.txt: is in the set folder but not listed in manifest.json"), std::string::npos) << all;
  // with the flag fixed, the duplicate id is what remains
  editJson(dir, group, [](nlohmann::json& json) {
    auto& flags = json["testGroups"][0]["tests"][0]["flags"];
    flags.erase(flags.size() - 1);
  });
  fs::remove(dir / "stray.txt");
  EXPECT_NE(firstProblem(dir).find("tcId: \"" + v.tcId + "\" is not unique"), std::string::npos) << firstProblem(dir);
}

TEST_F(BadInput, PathsOutsideTheSetAreRefused) {
  editJson(dir, kManifestFile, [](nlohmann::json& manifest) {
    manifest["files"]["../escape.bin"] = {{"size", 1}, {"sha256", std::string(64, '0')}};
  });
  EXPECT_NE(firstProblem(dir).find("is not a relative path inside the set"), std::string::npos);
}

// Random garbage and random single-byte edits of a real group file: never a crash, always problems or a set.
// G-6 (issue 27): default-profile vectors with open alternatives. The curated FIX set (count 0, so it is fixed) has
// an AMB-8 vector (one ambiguity, two readings); outputs that follow either whole reading pass and name it, an
// output mixing them byte-wise fails naming G-6 and both readings, and the same set without the field (an older
// export) judges byte-wise as before.
struct AlternativesSet {
  TempDir tmp;
  fs::path set = tmp.path() / "set";
  fs::path outputs = tmp.path() / "out";
  VectorSet loaded;
  const Vector* amb8 = nullptr;
  AlternativesSet() {
    ExportOptions o = smallOptions();
    o.count = 0;
    o.dtypeGlob = "*";
    o.pathGlob = "CO1->GM";
    loaded = load(exportTo(set, o));
    for (const Vector& v : loaded.vectors) {
      if (v.ambIds == std::vector<int>{8} && amb8 == nullptr) amb8 = &v;
    }
  }
  // Every valid vector's output: reading `k` where it has readings, else expected.bin; a quiet NaN wherever the
  // vector wants some NaN of T (nanElements, issue 29), as an implementation would write one.
  void writeOutputs(std::size_t k) const {
    fs::remove_all(outputs);
    for (const Vector& v : loaded.vectors) {
      if (v.result != Result::valid) continue;
      std::vector<std::uint8_t> out =
          v.readings.empty() ? v.expected : v.readings.at(std::min(k, v.readings.size() - 1)).expected;
      for (const oracle::ClassConstraint& nan : v.nanElements) {
        const std::uint32_t s = oracle::sizeBytes(nan.dtype);
        const std::uint64_t bits = s == 2 ? (nan.dtype == oracle::DType::half ? 0x7E00u : 0x7FC0u)
                                          : s == 4 ? 0x7FC00000u : 0x7FF8000000000000u;
        for (std::uint32_t b = 0; b < s; ++b) out.at(nan.index + b) = static_cast<std::uint8_t>(bits >> (8 * b));
      }
      writeBytes(outputs / (v.tcId + ".bin"), out);
    }
  }
  // readings[0] with its first byte that readings[1] decides differently set to readings[1]'s value.
  std::vector<std::uint8_t> mixed() const {
    const auto& r0 = amb8->readings.at(0);
    const auto& r1 = amb8->readings.at(1);
    std::vector<std::uint8_t> out = r0.expected;
    std::size_t differing = 0, swapped = out.size();
    for (std::size_t b = 0; b < out.size(); ++b) {
      if (r0.care[b] != 0 && r1.care[b] != 0 && r0.expected[b] != r1.expected[b]) {
        ++differing;
        if (swapped == out.size()) swapped = b;
      }
    }
    EXPECT_GE(differing, 2u) << "a mix needs two bytes the readings decide differently";
    out[swapped] = r1.expected[swapped];
    return out;
  }
};

TEST(Alternatives, ExportCarriesOneReadingPerWholeCombinationAndTheG6Flag) {
  AlternativesSet s;
  ASSERT_NE(s.amb8, nullptr) << "the curated FIX set has no AMB-8 vector";
  const Vector& v = *s.amb8;
  EXPECT_NE(std::find(v.flags.begin(), v.flags.end(), "ALTERNATIVES"), v.flags.end());
  EXPECT_EQ(s.loaded.manifest.flags.at("ALTERNATIVES").clause, "G-6");
  ASSERT_EQ(v.readings.size(), 2u);
  EXPECT_EQ(v.readings[0].words, std::vector<std::string>{"offset-signed"});
  EXPECT_EQ(v.readings[1].words, std::vector<std::string>{"offset-unsigned"});
  EXPECT_TRUE(fs::exists(s.set / "data" / (v.tcId + ".expected.offset-signed.bin")));
  // Each reading is the oracle under that pinned profile, on every byte the pinned evaluation cares about, and
  // keeps every byte the default cares about.
  for (std::size_t r = 0; r < 2; ++r) {
    oracle::Case pinned = v.data.c;
    pinned.profile = *oracle::parseProfile(r == 0 ? "offset-signed" : "offset-unsigned").profile;
    const oracle::Evaluation e = oracle::evaluate(pinned, v.data.src, v.data.dstBefore);
    ASSERT_EQ(e.verdict, oracle::Verdict::computed);
    EXPECT_EQ(v.readings[r].care, e.expectation.care) << r;
    for (std::size_t b = 0; b < v.care.size(); ++b) {
      if (v.care[b] != 0) { ASSERT_EQ(v.readings[r].expected[b], v.expected[b]) << b; }
      if (e.expectation.care[b] != 0) { ASSERT_EQ(v.readings[r].expected[b], e.expectation.expected[b]) << b; }
    }
  }
  // A pinned profile exports no alternatives (as before the field).
  ExportOptions pinnedOptions = smallOptions();
  pinnedOptions.count = 0;
  pinnedOptions.dtypeGlob = "*";
  pinnedOptions.pathGlob = "CO1->GM";
  pinnedOptions.profile = *oracle::parseProfile("offset-signed,shift-raw,deq-rne,relu-before-offset,negscale-signed").profile;
  TempDir other;
  for (const Vector& p : load(exportTo(other.path(), pinnedOptions)).vectors) {
    EXPECT_TRUE(p.readings.empty()) << p.tcId;
    EXPECT_EQ(std::find(p.flags.begin(), p.flags.end(), "ALTERNATIVES"), p.flags.end()) << p.tcId;
  }
}

TEST(Alternatives, VerifyAcceptsEitherWholeReadingAndNamesIt) {
  AlternativesSet s;
  ASSERT_NE(s.amb8, nullptr);
  for (std::size_t k = 0; k < 2; ++k) {
    s.writeOutputs(k);
    const Judged judged = verifySet(s.loaded, s.outputs, {});
    ASSERT_TRUE(judged.report) << judged.error;
    EXPECT_TRUE(judged.report->passed()) << (judged.report->failures().empty() ? "" : judged.report->failures()[0].message);
    const auto& readings = judged.report->readings();
    ASSERT_TRUE(readings.contains(8));
    // reading 0 (offset-signed) everywhere, then the last reading of each vector: AMB-8's second
    EXPECT_EQ(readings.at(8).firstOnly, k == 0 ? readings.at(8).cases() : 0u);
    EXPECT_EQ(readings.at(8).secondOnly, k == 0 ? 0u : readings.at(8).cases());
  }
}

TEST(Alternatives, VerifyFailsAByteWiseMixNamingG6AndTheReadings) {
  AlternativesSet s;
  ASSERT_NE(s.amb8, nullptr);
  s.writeOutputs(0);
  writeBytes(s.outputs / (s.amb8->tcId + ".bin"), s.mixed());
  const Judged judged = verifySet(s.loaded, s.outputs, {});
  ASSERT_TRUE(judged.report);
  ASSERT_EQ(judged.report->failures().size(), 1u);
  const report::Failure& f = judged.report->failures().front();
  EXPECT_EQ(f.id, s.amb8->tcId);
  EXPECT_EQ(f.clause, "G-6");
  EXPECT_NE(f.message.find("G-6"), std::string::npos) << f.message;
  EXPECT_NE(f.message.find("AMB-8"), std::string::npos) << f.message;
  EXPECT_NE(f.message.find("reading offset-signed differs"), std::string::npos) << f.message;
  EXPECT_NE(f.message.find("reading offset-unsigned differs"), std::string::npos) << f.message;
}

TEST(Alternatives, ASetWithoutTheFieldStillVerifiesByteWise) {
  AlternativesSet s;
  ASSERT_NE(s.amb8, nullptr);
  // Strip the field and its files, as a set exported before it existed.
  auto manifest = nlohmann::json::parse(readText(s.set / kManifestFile));
  for (const std::string& group : s.loaded.manifest.groups) {
    editJson(s.set, group, [&](nlohmann::json& g) {
      for (auto& testGroup : g["testGroups"]) {
        for (auto& test : testGroup["tests"]) {
          if (!test.contains("alternatives")) continue;
          for (const auto& reading : test["alternatives"]["readings"]) {
            for (const char* key : {"expected", "care"}) {
              const std::string rel = reading[key]["file"];
              fs::remove(s.set / rel);
              manifest["files"].erase(rel);
            }
          }
          test.erase("alternatives");
        }
      }
    });
    manifest["files"][group] = nlohmann::json::parse(readText(s.set / kManifestFile))["files"][group];
  }
  writeText(s.set / kManifestFile, manifest.dump(2));
  const VectorSet old = load(s.set);
  for (const Vector& v : old.vectors) EXPECT_TRUE(v.readings.empty()) << v.tcId;
  s.loaded = old;
  s.writeOutputs(0);
  std::vector<std::uint8_t> mix;
  for (const Vector& v : old.vectors) {
    if (v.tcId == s.amb8->tcId) mix = AlternativesSet{}.mixed();  // the same curated vector of a fresh export
  }
  ASSERT_FALSE(mix.empty());
  writeBytes(s.outputs / (s.amb8->tcId + ".bin"), mix);
  const Judged judged = verifySet(old, s.outputs, {});
  ASSERT_TRUE(judged.report) << judged.error;
  EXPECT_TRUE(judged.report->passed()) << (judged.report->failures().empty() ? "" : judged.report->failures()[0].message);
  EXPECT_TRUE(judged.report->readings().empty());
}

TEST(Alternatives, LintNamesABadCombination) {
  AlternativesSet s;
  ASSERT_NE(s.amb8, nullptr);
  editJson(s.set, s.amb8->groupFile, [&](nlohmann::json& g) {
    for (auto& testGroup : g["testGroups"]) {
      for (auto& test : testGroup["tests"]) {
        if (test["tcId"] == s.amb8->tcId) test["alternatives"]["readings"][0]["combinations"][0] = "offset-sideways";
      }
    }
  });
  const std::string problem = firstProblem(s.set);
  EXPECT_NE(problem.find("alternatives.readings[0].combinations"), std::string::npos) << problem;
  EXPECT_NE(problem.find("offset-sideways"), std::string::npos) << problem;
}

TEST(LoaderRobustness, MutatedGroupTextNeverCrashes) {
  TempDir tmp;
  const fs::path dir = exportTo(tmp.path());
  const VectorSet set = load(dir);
  const std::string group = set.manifest.groups.front();
  const std::string text = readText(dir / group);
  std::mt19937_64 random(5);
  for (int i = 0; i < 300; ++i) {
    std::string mutated = text;
    for (int k = 0; k < 3; ++k) mutated[random() % mutated.size()] = static_cast<char>(random() % 128);
    std::vector<Problem> problems;
    (void)parseGroup(mutated, group, set.manifest, dir, problems);
  }
}

}  // namespace
// The shipped golden sets (scripts/regen_golden.sh): each product family's set holds a curated vector for every
// path and boundary its product adds beyond the seed pages (issue 31), and every vector replays on the oracle and the
// fast backend. The flags are the exporter's own reading of each case, so a curated case that stopped reaching its
// path (a malformed or re-sized case) shows up here as a missing flag.
TEST(Golden, EachProductSetHoldsItsPaths) {
  const std::map<std::string, std::vector<std::string>> expected{
      {"golden", {"ATOMIC_ADD", "ATOMIC_MAX", "ATOMIC_MIN", "ND2NZ_GM_TO_UB", "ND2NZUB_TAIL", "UB_TO_L1",
                  "ND2NZ_UB_TO_L1", "U2G_EXACT_BYTES", "FIX_NZ2ND_MULTI_MATRIX"}},
      {"golden-ascend950", {"COMPACT", "COMPACT_TAIL", "AMB_21", "AMB_22", "LOOP_MODE", "LOOP_COLLISION", "ATOMIC_ADD",
                            "ATOMIC_MAX", "ATOMIC_MIN", "FIX950_NZ", "FIX950_ND", "FIX950_DN", "FIX950_MULTI_MATRIX",
                            "FIX950_NOP", "FIX950_UB", "FIX950_DUAL_M", "FIX950_DUAL_N", "NDDMA", "NDDMA_MULTI_DIM",
                            "NDDMA_PAD_CONSTANT", "NDDMA_PAD_NEAREST", "NDDMA_B64", "NDDMA_COLLISION",
                            "ND2NZ_GM_TO_UB", "ND2NZUB_TAIL", "UB_TO_L1", "ND2NZ_UB_TO_L1", "AMB_39", "DN2NZ_TAIL",
                            "DN2NZ_MULTI_MATRIX", "DN2NZ_SMALL_C0", "FIX950_L1", "FIX_NZ2ND_MULTI_MATRIX"}},
      {"golden-atlas-inference-310p", {"BRC", "BRC_MULTI_BLOCK", "AMB_41", "UB_TO_L1"}},
  };
  for (const auto& [dir, flags] : expected) {
    const VectorSet set = load(fs::path(DCCONF_SOURCE_DIR) / "vectors" / dir);
    std::set<std::string> seen;
    std::set<std::string> invalidClauses;
    for (const Vector& v : set.vectors) {
      seen.insert(v.flags.begin(), v.flags.end());
      if (v.result == Result::invalid) invalidClauses.insert(v.clause);
    }
    for (const std::string& flag : flags) EXPECT_TRUE(seen.contains(flag)) << dir << " has no " << flag << " vector";
    if (dir == "golden-ascend950") {
      for (const char* clause : {"PAD-CMP-1", "LOOP-2", "ATOM-2", "FIX950-1", "FIX950-8", "FIX950-9", "FIX950-10",
                                 "NDDMA-2", "NDDMA-4", "ND2NZUB-3", "DN2NZ-2", "FIX950-13", "FIX-1"}) {
        EXPECT_TRUE(invalidClauses.contains(clause)) << dir << " has no invalid vector naming " << clause;
      }
    }
    for (const char* backend : {"oracle", "fast"}) {
      const Judged judged = checkSet(set, backend, 1000, JudgeOptions{});
      ASSERT_TRUE(judged.report) << judged.error;
      EXPECT_TRUE(judged.report->passed()) << backend << " on " << dir;
    }
  }
}

}  // namespace dcconf::vectors
