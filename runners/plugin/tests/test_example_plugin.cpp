// The example plugin agrees with the oracle on random DataCopyPad GM<->UB and DataCopy 0-level cases, rejects the
// invalid ones without touching dst, and the broken fixture is caught.
#include <array>

#include "plugin_test_support.hpp"

namespace dcconf::plugin::test {
namespace {

std::uint64_t pick(std::mt19937& rng, std::uint64_t lo, std::uint64_t hi) {
  return std::uniform_int_distribution<std::uint64_t>(lo, hi)(rng);
}
template <typename T>
T pickU(std::mt19937& rng, std::uint64_t lo, std::uint64_t hi) {
  return static_cast<T>(pick(rng, lo, hi));
}

constexpr std::array kCopyDTypes{DType::half,    DType::int16_t, DType::uint16_t, DType::float_,
                                 DType::int32_t, DType::uint32_t, DType::int8_t,  DType::uint8_t};

Case randomPadGmToUb(std::mt19937& rng) {
  Case c;
  c.dtype = static_cast<DType>(pick(rng, 0, 11));
  const std::uint64_t s = sizeBytes(c.dtype);
  const bool isPad = pick(rng, 0, 1) == 1;
  const auto left = pickU<std::uint8_t>(rng, 0, 32 / s);
  const auto right = pickU<std::uint8_t>(rng, 0, 32 / s);
  const std::uint64_t value = s == 8 ? 0 : rng() & ((std::uint64_t{1} << (8 * s)) - 1);
  const auto blockCount = pickU<std::uint16_t>(rng, 1, 6);
  if (pick(rng, 0, 1) == 1) {
    c.params = DataCopyExtParams{blockCount, pickU<std::uint32_t>(rng, 1, 100), pickU<std::uint32_t>(rng, 0, 40),
                                 pickU<std::uint32_t>(rng, 0, 3), 0};
    c.padParams = DataCopyPadExtParams{isPad, left, right, value};
  } else {
    c.params = DataCopyParams{blockCount, pickU<std::uint16_t>(rng, 1, 100), pickU<std::uint16_t>(rng, 0, 40),
                              pickU<std::uint16_t>(rng, 0, 3)};
    c.padParams = DataCopyPadParams{isPad, left, right, value};
  }
  if (pick(rng, 0, 3) == 0) c.padRegister = rng();
  c.dstPos = pick(rng, 0, 1) == 1 ? Position::VECIN : Position::VECOUT;
  return c;
}

Case randomPadUbToGm(std::mt19937& rng) {
  Case c;
  c.dtype = static_cast<DType>(pick(rng, 0, 11));
  c.srcPos = pick(rng, 0, 1) == 1 ? Position::VECIN : Position::VECOUT;
  c.dstPos = Position::GM;
  c.params = DataCopyExtParams{pickU<std::uint16_t>(rng, 1, 6), pickU<std::uint32_t>(rng, 1, 100),
                               pickU<std::uint32_t>(rng, 0, 3), pickU<std::uint32_t>(rng, 0, 40), 0};
  return c;
}

Case randomCopy0Level(std::mt19937& rng) {
  constexpr std::array<std::pair<Position, Position>, 5> kPaths{{{Position::GM, Position::VECIN},
                                                                 {Position::GM, Position::A1},
                                                                 {Position::GM, Position::B1},
                                                                 {Position::VECIN, Position::VECOUT},
                                                                 {Position::VECOUT, Position::GM}}};
  Case c;
  c.api = Api::DataCopy;
  std::tie(c.srcPos, c.dstPos) = kPaths[pick(rng, 0, kPaths.size() - 1)];
  c.dtype = kCopyDTypes[pick(rng, 0, kCopyDTypes.size() - 1)];
  c.params = DataCopyParams{pickU<std::uint16_t>(rng, 1, 5), pickU<std::uint16_t>(rng, 1, 4),
                            pickU<std::uint16_t>(rng, 0, 3), pickU<std::uint16_t>(rng, 0, 3)};
  return c;
}

std::uint64_t randomOffset(std::mt19937& rng, Position position) {
  return isLocal(position) ? 32 * pick(rng, 0, 2) : pick(rng, 0, 40);
}

// A valid case on one of the example's paths, sized to fit, under a profile the example follows.
Case randomValidCase(std::mt19937& rng) {
  const auto kind = pick(rng, 0, 2);
  Case c = kind == 0 ? randomPadGmToUb(rng) : kind == 1 ? randomPadUbToGm(rng) : randomCopy0Level(rng);
  c.product = pick(rng, 0, 1) == 1 ? Product::atlas_a2 : Product::atlas_a3;
  c.profile = *parseProfile(std::array{"default", "doc-dummy", "hw-noop"}[pick(rng, 0, 2)]).profile;
  c.src.offsetBytes = randomOffset(rng, c.srcPos);
  c.dst.offsetBytes = randomOffset(rng, c.dstPos);
  sizeBuffers(c, pick(rng, 0, 40));
  return c;
}

// Sets blockCount or blockLen through whichever params struct the case holds.
void setBlocks(Case& c, std::optional<std::uint16_t> blockCount, std::optional<std::uint16_t> blockLen) {
  std::visit(
      [&](auto& p) {
        if constexpr (requires { p.blockLen; }) {
          if (blockCount) p.blockCount = *blockCount;
          if (blockLen) p.blockLen = *blockLen;
        }
      },
      c.params);
}

// One way to break the case (G-4 constraints, G-1/G-2 bounds, G-5 alignment).
void breakCase(std::mt19937& rng, Case& c) {
  switch (pick(rng, 0, 5)) {
    case 0: setBlocks(c, 0, std::nullopt); break;     // invalid unless hw-noop
    case 1: setBlocks(c, 4096, std::nullopt); break;
    case 2: setBlocks(c, std::nullopt, 0); break;
    case 3: c.src.sizeBytes = c.src.offsetBytes + extents(c).srcSpanBytes - 1; break;
    case 4: c.dst.sizeBytes = c.dst.offsetBytes + extents(c).dstSpanBytes - 1; break;
    default:
      if (auto* pad = std::get_if<DataCopyPadExtParams>(&c.padParams)) {
        pad->leftPadding = static_cast<std::uint8_t>(32 / sizeBytes(c.dtype) + 1);
      } else if (isLocal(c.dstPos)) {
        c.dst.offsetBytes += 16;
        c.dst.sizeBytes += 16;
      } else {
        c.src.offsetBytes += c.src.sizeBytes;
      }
  }
}

TEST(ExamplePlugin, AgreesWithTheOracle) {
  const auto backend = load(DCCONF_EXAMPLE_PLUGIN);
  ASSERT_TRUE(backend);
  std::mt19937 rng(20260521);
  int computed = 0, invalid = 0;
  for (int i = 0; i < 600; ++i) {
    Case c = randomValidCase(rng);
    const bool broken = pick(rng, 0, 3) == 0;
    if (broken) breakCase(rng, c);
    ASSERT_TRUE(backend->supports(c)) << "case " << i;
    const Comparison r = compareWithOracle(*backend, c, rng);
    if (r.verdict == Verdict::computed) {
      ++computed;
      ASSERT_EQ(r.result.status, backends::RunStatus::ok) << "case " << i << ": " << r.result.detail;
      ASSERT_EQ(r.firstMismatch, kNoMismatch) << "case " << i << " (" << name(*resolveOperation(c).operation) << ")";
    } else {
      ++invalid;
      ASSERT_EQ(r.verdict, Verdict::invalid) << "case " << i;
      ASSERT_EQ(r.result.status, backends::RunStatus::rejected) << "case " << i;
      // The example checks in the oracle's order and starts its detail with the clause (a convention, not the ABI).
      EXPECT_EQ(r.result.detail.rfind(r.firstClause + ":", 0), 0u) << r.result.detail << " vs " << r.firstClause;
      ASSERT_TRUE(r.dstUntouched) << "case " << i << " wrote into dst while rejecting it";
    }
  }
  EXPECT_GT(computed, 300);
  EXPECT_GT(invalid, 60);
}

TEST(ExamplePlugin, AnswersNotSupportedOffItsPaths) {
  const auto backend = load(DCCONF_EXAMPLE_PLUGIN);
  ASSERT_TRUE(backend);
  Case kirin = padCase(2);
  kirin.product = Product::kirin9020;
  EXPECT_FALSE(backend->supports(kirin));
  std::mt19937 rng(3);
  EXPECT_EQ(compareWithOracle(*backend, kirin, rng).result.status, backends::RunStatus::notSupported);
}

TEST(ExamplePlugin, BrokenFixtureIsCaught) {
  const auto backend = load(DCCONF_BROKEN_PLUGIN);
  ASSERT_TRUE(backend);
  std::mt19937 rng(5);
  int mismatches = 0;
  for (int i = 0; i < 50; ++i) {
    Case c = randomPadGmToUb(rng);
    sizeBuffers(c, 0);
    const Comparison r = compareWithOracle(*backend, c, rng);
    ASSERT_EQ(r.result.status, backends::RunStatus::ok) << r.result.detail;
    mismatches += r.firstMismatch != kNoMismatch;
  }
  EXPECT_GT(mismatches, 0);
}

}  // namespace
}  // namespace dcconf::plugin::test
