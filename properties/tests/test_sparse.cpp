// The sparse lane's loop-mode slots (issue 31 item 2, docs/coverage.md "Sparse buffers"): LOOP-2's loop sizes past
// 2^16-1 and GM-side loop strides past 2^21-1, dealt over the Ascend 950's dtype units; and NDDMA's stride slots
// (item 9): each dimension's source and destination strides past 2^12-1, moved by a dimension of two elements; and
// DN2NZ's matrix and column strides past 2^20-1 (issue 29's leftover).
#include <algorithm>
#include <bit>
#include <map>
#include <set>
#include <string>

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include "dcconf/backends/backend.hpp"
#include "dcconf/mutants/mutants.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "dcconf/properties/sparse.hpp"

namespace dcconf::properties {
namespace {

using oracle::Operation;
using oracle::Product;

constexpr Operation kNormalPads[] = {Operation::padGmToUb, Operation::padUbToGm};
constexpr Operation kCompactPads[] = {Operation::padCompactGmToUb, Operation::padCompactUbToGm};
// The schedule of one PAD unit before loop mode: GM stride bits 21..31 and UB stride bits 17..31, each with both maxima.
constexpr std::size_t kStrideSlots = (32 - 21 + 2) + (32 - 17 + 2);
// LOOP-2: two sizes of bits 16..20 and two GM-side strides of bits 21..39, each with both maxima.
constexpr std::size_t kLoopSlots = 2 * (21 - 16 + 2) + 2 * (40 - 21 + 2);

Scope unitScope(Product product, oracle::DType dtype) {
  Scope scope;
  scope.product = product;
  scope.dtypes = {dtype};
  return scope;
}

std::vector<oracle::DType> dtypesOn950(Operation operation) {
  std::vector<oracle::DType> out;
  for (const oracle::DTypeInfo& d : oracle::allDTypes()) {
    oracle::Case probe;
    probe.api = operation == Operation::nddma ? oracle::Api::DataCopy : oracle::Api::DataCopyPad;
    const bool gmToUb = operation == Operation::padGmToUb || operation == Operation::padCompactGmToUb ||
                        operation == Operation::nddma;
    probe.srcPos = gmToUb ? oracle::Position::GM : oracle::Position::VECIN;
    probe.dstPos = gmToUb ? oracle::Position::VECIN : oracle::Position::GM;
    if (operation == Operation::nddma) {
      probe.params = oracle::NdDmaParams{};
    } else {
      probe.params = oracle::DataCopyExtParams{};
    }
    if (operation == Operation::padCompactGmToUb || operation == Operation::padCompactUbToGm) {
      probe.paddingMode = oracle::PaddingMode::compact;
    }
    probe.product = Product::ascend950;
    probe.dtype = d.dtype;
    if (oracle::checkSupport(probe, operation).empty()) out.push_back(d.dtype);
  }
  return out;
}

SparseCase drawSlot(Operation operation, const Scope& scope, std::size_t k) {
  return genSparseCase(operation, scope, k)(rc::Random(k + 1), 50).value();
}

std::unique_ptr<backends::Backend> mutantNamed(std::string_view name) {
  const auto& all = mutants::catalogue();
  const auto it = std::find_if(all.begin(), all.end(), [&](const mutants::Mutant& m) { return m.name == name; });
  if (it == all.end()) throw std::logic_error("no mutant " + std::string(name));
  return mutants::makeMutantBackend(*it);
}

// Every loop slot reaches exactly one of the 950's dtype units of the operation, after the unit's stride slots (whose
// places and seeds stay as they were); another product's units have no loop slot.
TEST(SparseLoop, LOOP_2_everyLoopSlotIsDealtToExactlyOneDtypeUnit) {
  for (const Operation operation : kNormalPads) {
    const std::vector<oracle::DType> dtypes = dtypesOn950(operation);
    ASSERT_GE(dtypes.size(), 2u);
    std::map<std::pair<std::string, std::uint64_t>, int> seen;  // (field, top bit or maximum) -> units drawing it
    std::size_t loopCases = 0;
    for (const oracle::DType dtype : dtypes) {
      const Scope scope = unitScope(Product::ascend950, dtype);
      const std::size_t size = sparseScheduleSize(operation, scope);
      ASSERT_GE(size, kStrideSlots);
      for (std::size_t k = 0; k < kStrideSlots; ++k) {  // cheap to draw: only the field names are looked at
        EXPECT_EQ(drawSlot(operation, scope, k).draw.field.rfind("DataCopyExtParams.", 0), 0u) << k;
      }
      for (std::size_t k = kStrideSlots; k < size; ++k) {
        const SparseCase sc = drawSlot(operation, scope, k);
        ASSERT_TRUE(sc.c.loopMode.has_value()) << sc.describe();
        EXPECT_EQ(sc.c.product, Product::ascend950);
        EXPECT_TRUE(oracle::validate(sc.c).empty()) << sc.describe();
        const std::uint64_t v = sc.draw.value;
        const bool size21 = sc.draw.field.ends_with("Size");
        const std::uint64_t docMax = size21 ? (std::uint64_t{1} << 21) - 1 : (std::uint64_t{1} << 40) - 1;
        const std::uint64_t key = v >= docMax - 1 ? v : std::bit_width(v) - 1;  // a maximum, or the top bit drawn
        ++seen[{sc.draw.field, key}];
        ++loopCases;
      }
    }
    EXPECT_EQ(loopCases, kLoopSlots) << oracle::name(operation);
    EXPECT_EQ(seen.size(), kLoopSlots) << oracle::name(operation);
    for (const auto& [slot, units] : seen) EXPECT_EQ(units, 1) << slot.first << " " << slot.second;
    EXPECT_EQ(sparseScheduleSize(operation, unitScope(Product::atlas_a2, dtypes.front())), kStrideSlots);
  }
}

// The Compact operations' sparse units (planned last) hold the two GM-side loop strides' slots only, each dealt to
// one dtype unit, and pass on the fast backend.
TEST(SparseLoop, LOOP_2_compactUnitsDrawTheGmStridesOnce) {
  for (const Operation operation : kCompactPads) {
    EXPECT_FALSE(hasSparseCases(operation));
    EXPECT_TRUE(hasCompactLoopSparseCases(operation));
    std::map<std::pair<std::string, std::uint64_t>, int> seen;
    for (const oracle::DType dtype : dtypesOn950(operation)) {
      const Scope scope = unitScope(Product::ascend950, dtype);
      const auto fast = backends::makeFastBackend();
      for (std::size_t k = 0; k < sparseScheduleSize(operation, scope); ++k) {
        const SparseCase sc = drawSlot(operation, scope, k);
        ASSERT_TRUE(sc.c.loopMode.has_value() && sc.c.paddingMode == oracle::PaddingMode::compact) << sc.describe();
        EXPECT_TRUE(sc.draw.field.ends_with("Stride")) << sc.describe();
        const std::uint64_t docMax = (std::uint64_t{1} << 40) - 1;
        ++seen[{sc.draw.field, sc.draw.value >= docMax - 1 ? sc.draw.value : std::bit_width(sc.draw.value) - 1}];
        const Outcome outcome = checkSparseConformance(*fast, sc);
        EXPECT_EQ(outcome.kind, Outcome::Kind::pass) << outcome.message;
      }
    }
    EXPECT_EQ(seen.size(), 2 * (40 - 21 + 2u)) << oracle::name(operation);
    for (const auto& [slot, units] : seen) EXPECT_EQ(units, 1) << slot.first << " " << slot.second;
  }
}

// The largest GM-side loop stride (2^40-1 bytes: a source or destination a little over 1 TiB, as holes) passes on the
// fast and oracle backends, and a backend keeping the GM-side loop strides in 21 bits fails it (LOOP-3's bytes).
TEST(SparseLoop, LOOP_3_largestGmStridePassesAndATruncatedStrideFails) {
  Scope scope;
  scope.product = Product::ascend950;
  const std::size_t size = sparseScheduleSize(Operation::padUbToGm, scope);
  bool found = false;
  for (std::size_t k = 0; k < size && !found; ++k) {
    const SparseCase sc = drawSlot(Operation::padUbToGm, scope, k);
    if (sc.draw.field != "LoopModeParams.loop2DstStride" || sc.draw.value != (std::uint64_t{1} << 40) - 1) continue;
    found = true;
    EXPECT_GT(sc.c.dst.sizeBytes, std::uint64_t{1} << 40);
    for (auto make : {backends::makeFastBackend, backends::makeOracleBackend}) {
      const auto iut = make();
      const Outcome outcome = checkSparseConformance(*iut, sc);
      EXPECT_EQ(outcome.kind, Outcome::Kind::pass) << iut->name() << ": " << outcome.message;
    }
    const auto wrong = mutantNamed("condU2gLoopGmStride21Bit");
    const Outcome outcome = checkSparseConformance(*wrong, sc);
    EXPECT_TRUE(outcome.failed()) << outcome.message;
    EXPECT_NE(outcome.message.find("LoopModeParams.loop2DstStride = 1099511627775"), std::string::npos)
        << outcome.message;
  }
  EXPECT_TRUE(found) << "the schedule has no slot for loop2DstStride = 2^40-1";
}

// A loop size of 2^16 + low bits: the dense lane's reach plus one bit. Every iteration's bytes are cared for, so a
// backend keeping the sizes in 16 bits (it runs the low bits' count of iterations) fails, and the fast backend passes.
TEST(SparseLoop, LOOP_3_sizePastTheDenseReachCatchesA16BitSize) {
  Scope scope;
  scope.product = Product::ascend950;
  for (const Operation operation : kNormalPads) {
    const std::size_t size = sparseScheduleSize(operation, scope);
    bool found = false;
    for (std::size_t k = 0; k < size && !found; ++k) {
      const SparseCase sc = drawSlot(operation, scope, k);
      if (sc.draw.field != "LoopModeParams.loop1Size" || std::bit_width(sc.draw.value) != 17) continue;
      found = true;
      const auto fast = backends::makeFastBackend();
      const Outcome passed = checkSparseConformance(*fast, sc);
      EXPECT_EQ(passed.kind, Outcome::Kind::pass) << passed.message;
      const auto wrong = mutantNamed("condG2uLoopSize16Bit");
      if (operation == Operation::padGmToUb) {
        const Outcome outcome = checkSparseConformance(*wrong, sc);
        EXPECT_TRUE(outcome.failed()) << outcome.message;
      }
    }
    EXPECT_TRUE(found) << oracle::name(operation);
  }
}

// NDDMA-2 (issue 31 item 9): over the 950's 12 dtype units, every stride slot (each dimension's source stride bits
// 12..39 and destination stride bits 12..19, each with its maximum and maximum-1) is drawn by exactly one unit, whose
// T can show it: the case moves dimension w's second element by the slot's stride, within NDDMA-2's 2^40-byte span.
TEST(SparseNdDma, NDDMA_2_everyStrideSlotIsDealtToOneUnitThatShowsIt) {
  EXPECT_TRUE(hasNdDmaSparseCases(Operation::nddma));
  EXPECT_FALSE(hasSparseCases(Operation::nddma));  // the older sparse property plans no NDDMA unit: seeds stay
  const std::vector<oracle::DType> dtypes = dtypesOn950(Operation::nddma);
  ASSERT_EQ(dtypes.size(), 12u);
  std::map<std::pair<std::string, int>, int> seen;  // (field, top bit of the value) -> draws
  std::map<std::string, std::set<std::uint64_t>> maxima;  // field -> its values at its largest observable value - 1 or up
  for (const oracle::DType dtype : dtypes) {
    const Scope scope = unitScope(Product::ascend950, dtype);
    const std::size_t size = sparseScheduleSize(Operation::nddma, scope);
    ASSERT_GE(size, 1u) << oracle::name(dtype);
    const std::uint64_t s = oracle::sizeBytes(dtype);
    for (std::size_t k = 0; k < size; ++k) {
      const SparseCase sc = drawSlot(Operation::nddma, scope, k);
      ASSERT_TRUE(oracle::validate(sc.c).empty()) << sc.describe();
      EXPECT_EQ(sc.c.dtype, dtype);
      const auto& p = std::get<oracle::NdDmaParams>(sc.c.params);
      const std::size_t w = p.dim - 1u;
      const bool src = sc.draw.field == "NdDmaParams.loopSrcStride[" + std::to_string(w) + "]";
      ASSERT_TRUE(src || sc.draw.field == "NdDmaParams.loopDstStride[" + std::to_string(w) + "]") << sc.describe();
      EXPECT_EQ(p.loopSize[w], 2u) << sc.describe();
      EXPECT_EQ(p.loopLpSize[w] + p.loopRpSize[w], 0) << sc.describe();
      const std::uint64_t v = sc.draw.value;
      EXPECT_EQ(src ? p.loopSrcStride[w] : std::uint64_t{p.loopDstStride[w]}, v) << sc.describe();
      EXPECT_GE(v, std::uint64_t{1} << 12) << sc.describe();
      if (src) {
        EXPECT_LT((v + 1) * s, std::uint64_t{1} << 40) << sc.describe();
      }
      const std::uint64_t largest = src ? (std::uint64_t{1} << 40) - 2 : (std::uint64_t{1} << 20) - 1;
      if (v >= largest - 1) maxima[sc.draw.field].insert(v);
      ++seen[{sc.draw.field, static_cast<int>(std::bit_width(v)) - 1}];
    }
  }
  // bits 12 .. top-1 once each; the top bit three times: its slot, the maximum and the maximum - 1
  EXPECT_EQ(seen.size(), 5 * ((40 - 12) + (20 - 12u)));
  for (const auto& [slot, draws] : seen) {
    const int topBit = slot.first.starts_with("NdDmaParams.loopSrcStride") ? 39 : 19;
    EXPECT_EQ(draws, slot.second == topBit ? 3 : 1) << slot.first << " bit " << slot.second;
  }
  EXPECT_EQ(maxima.size(), 10u);
  for (const auto& [field, values] : maxima) {
    const std::uint64_t largest = field.starts_with("NdDmaParams.loopSrcStride") ? (std::uint64_t{1} << 40) - 2
                                                                                 : (std::uint64_t{1} << 20) - 1;
    EXPECT_EQ(values, (std::set<std::uint64_t>{largest - 1, largest})) << field;  // a 1-byte T's for the source
  }
  EXPECT_EQ(sparseScheduleSize(Operation::nddma, unitScope(Product::atlas_a2, dtypes.front())), 0u);
}

// Every NDDMA slot passes on the fast and oracle backends; a backend keeping the source strides in 32 bits fails the
// largest source stride, one keeping the destination strides in 16 bits the largest destination stride.
TEST(SparseNdDma, NDDMA_3_allSlotsPassAndTruncatedStridesFail) {
  const auto fast = backends::makeFastBackend();
  const auto oracleBackend = backends::makeOracleBackend();
  const auto src32 = mutantNamed("condNdDmaSrcStride32Bit");
  const auto dst16 = mutantNamed("condNdDmaDstStride16Bit");
  std::size_t srcCaught = 0, dstCaught = 0, cases = 0;
  for (const oracle::DType dtype : dtypesOn950(Operation::nddma)) {
    const Scope scope = unitScope(Product::ascend950, dtype);
    for (std::size_t k = 0; k < sparseScheduleSize(Operation::nddma, scope); ++k) {
      const SparseCase sc = drawSlot(Operation::nddma, scope, k);
      ++cases;
      for (const auto* iut : {fast.get(), oracleBackend.get()}) {
        const Outcome outcome = checkSparseConformance(*const_cast<backends::Backend*>(iut), sc);
        EXPECT_EQ(outcome.kind, Outcome::Kind::pass) << iut->name() << ": " << outcome.message;
      }
      const bool src = sc.draw.field.starts_with("NdDmaParams.loopSrcStride");
      auto& wrong = src ? *src32 : *dst16;
      const bool past = src ? sc.draw.value >= (std::uint64_t{1} << 32) : sc.draw.value >= (std::uint64_t{1} << 16);
      const Outcome outcome = checkSparseConformance(wrong, sc);
      EXPECT_EQ(outcome.failed(), past) << sc.describe() << ": " << outcome.message;
      (src ? srcCaught : dstCaught) += outcome.failed() ? 1 : 0;
    }
  }
  EXPECT_EQ(cases, 200u);
  EXPECT_EQ(srcCaught, 5 * (40 - 32 + 2u));  // bits 32..39 and both maxima of each dimension
  EXPECT_EQ(dstCaught, 5 * (20 - 16 + 2u));
}

// DN2NZ-2 (issue 29's leftover): each DN2NZ unit of the 950 draws the source matrix and column strides' bits 20..37
// with the lane's top 2^38-1 and one less (no address space holds the documented 2^64-1) and the destination matrix
// stride's bits 20..31 with its maximum and maximum-1 block, moved by a second matrix or column; every case passes on
// the fast and oracle backends, and a 32-bit source matrix stride or a 20-bit destination one fails exactly the slots
// past it.
TEST(SparseDn2Nz, DN2NZ_2_everyStrideBitMovesDataAndTruncationsFail) {
  EXPECT_TRUE(hasDn2NzSparseCases(Operation::dn2nz));
  EXPECT_FALSE(hasSparseCases(Operation::dn2nz));  // the older sparse property plans no DN2NZ unit: seeds stay
  const auto fast = backends::makeFastBackend();
  const auto oracleBackend = backends::makeOracleBackend();
  const auto src32 = mutantNamed("condDn2nzSrcMatrixStride32Bit");
  const auto dst20 = mutantNamed("condDn2nzDstMatrixStride20Bit");
  std::size_t units = 0;
  for (const oracle::DTypeInfo& d : oracle::allDTypes()) {
    const Scope scope = unitScope(Product::ascend950, d.dtype);
    const std::size_t size = sparseScheduleSize(Operation::dn2nz, scope);
    if (size == 0) continue;  // not a DN2NZ-4 type
    ++units;
    ASSERT_EQ(size, 2 * (38 - 20 + 2) + (32 - 20 + 2u)) << d.name;
    std::map<std::string, std::set<int>> bits;  // field -> top bits drawn
    std::map<std::string, std::uint64_t> largest;
    for (std::size_t k = 0; k < size; ++k) {
      const SparseCase sc = drawSlot(Operation::dn2nz, scope, k);
      ASSERT_TRUE(oracle::validate(sc.c).empty()) << sc.describe();
      const auto& p = std::get<oracle::Dn2NzParams>(sc.c.params);
      const std::uint64_t v = sc.draw.value;
      const bool dst = sc.draw.field == "Dn2NzParams.dstNzMatrixStride";
      EXPECT_EQ(sc.draw.field == "Dn2NzParams.srcDnMatrixStride" ? p.srcDnMatrixStride
                : sc.draw.field == "Dn2NzParams.srcDValue"       ? p.srcDValue
                                                                 : std::uint64_t{p.dstNzMatrixStride},
                v)
          << sc.describe();
      // the stride moves data: a second matrix (dnNum 2) or a second column (dValue 2)
      EXPECT_TRUE(p.dnNum == 2 || p.dValue == 2) << sc.describe();
      EXPECT_GE(v, std::uint64_t{1} << 20) << sc.describe();
      if (dst) {
        EXPECT_EQ(v * oracle::sizeBytes(d.dtype) % 32, 0u) << sc.describe();
      }
      bits[sc.draw.field].insert(static_cast<int>(std::bit_width(v)) - 1);
      largest[sc.draw.field] = std::max(largest[sc.draw.field], v);
      for (const auto* iut : {fast.get(), oracleBackend.get()}) {
        const Outcome outcome = checkSparseConformance(*const_cast<backends::Backend*>(iut), sc);
        EXPECT_EQ(outcome.kind, Outcome::Kind::pass) << iut->name() << ": " << outcome.message;
      }
      const bool srcMatrix = sc.draw.field == "Dn2NzParams.srcDnMatrixStride";
      EXPECT_EQ(checkSparseConformance(*src32, sc).failed(), srcMatrix && v >= (std::uint64_t{1} << 32)) << sc.describe();
      EXPECT_EQ(checkSparseConformance(*dst20, sc).failed(), dst) << sc.describe();
    }
    EXPECT_EQ(bits["Dn2NzParams.srcDnMatrixStride"].size(), 38 - 20u) << d.name;
    EXPECT_EQ(bits["Dn2NzParams.srcDValue"].size(), 38 - 20u) << d.name;
    EXPECT_EQ(bits["Dn2NzParams.dstNzMatrixStride"].size(), 32 - 20u) << d.name;
    EXPECT_EQ(largest["Dn2NzParams.srcDValue"], (std::uint64_t{1} << 38) - 1) << d.name;
    const std::uint64_t c0 = 32 / oracle::sizeBytes(d.dtype);
    EXPECT_EQ(largest["Dn2NzParams.dstNzMatrixStride"], 0xFFFFFFFFull / c0 * c0) << d.name;
  }
  EXPECT_GE(units, 8u);
  EXPECT_EQ(sparseScheduleSize(Operation::dn2nz, unitScope(Product::atlas_a2, oracle::DType::half)), 0u);
}

}  // namespace
}  // namespace dcconf::properties
