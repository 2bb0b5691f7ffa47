#include "draw.hpp"
#include "dcconf/properties/limits.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <unordered_map>

namespace dcconf::properties::detail {

using namespace dcconf::oracle;

std::uint64_t drawInRange(std::uint64_t lo, std::uint64_t hi) {
  // rc::gen::inRange narrows the range by the test's size; at the nominal size 100 it spans it all, so every case
  // can reach the far edges (and the bucket check does not depend on where in the run a case falls)
  constexpr int kFullRangeSize = 100;
  if (hi - lo == std::numeric_limits<std::uint64_t>::max()) return *rc::gen::arbitrary<std::uint64_t>();
  return lo + *rc::gen::resize(kFullRangeSize, rc::gen::inRange<std::uint64_t>(0, hi - lo + 1));
}

std::uint64_t drawEdgy(const std::vector<std::uint64_t>& edges, std::uint64_t lo, std::uint64_t hi) {
  // weighted 3:2 so edges dominate but the interior is still explored
  const bool interior = drawWeightedBool(3, 2);
  return interior ? drawInRange(lo, hi) : drawElement(edges);
}

bool drawBool() { return drawIndex(2) == 1; }

namespace {

// The picked index as a shrinkable that shrinks toward 0 (RapidCheck's own pickers return shrinkable::just).
rc::Shrinkable<std::size_t> indexTowardZero(std::size_t picked) {
  return rc::shrinkable::shrinkRecur(picked, [](std::size_t i) { return rc::shrink::towards<std::size_t>(i, 0); });
}

}  // namespace

std::size_t drawIndex(std::size_t count) {
  // the pick of rc::gen::elementOf (one next() modulo the count), so the generated cases are unchanged
  return *rc::Gen<std::size_t>(
      [count](const rc::Random& random, int) { return indexTowardZero(rc::Random(random).next() % count); });
}

std::size_t drawWeightedIndex(const std::vector<std::size_t>& weights) {
  // the pick of rc::gen::weightedElement, so the generated cases are unchanged
  return *rc::Gen<std::size_t>([map = rc::detail::FrequencyMap(weights)](const rc::Random& random, int) {
    return indexTowardZero(map.lookup(rc::Random(random).next() % map.sum()));
  });
}

bool drawWeightedBool(std::size_t falseWeight, std::size_t trueWeight) {
  return drawWeightedIndex({falseWeight, trueWeight}) == 1;
}

bool drawOneIn(std::uint32_t n) { return drawWeightedBool(n - 1, 1); }

std::uint64_t drawShrinkOnly(std::uint64_t value, std::uint64_t target) {
  return *rc::Gen<std::uint64_t>([value, target](const rc::Random&, int) {
    return rc::shrinkable::shrinkRecur(value, [target](std::uint64_t x) { return rc::shrink::towards(x, target); });
  });
}

Product drawProduct(const std::vector<Product>& products) {
  // mostly the default product: it documents every path, so the other draws stay simple
  const bool any = drawWeightedBool(3, 1);
  const Product other = drawElement(products);  // drawn either way: a fixed number of draws keeps later ones in place
  return any ? other : products.front();
}

Case makeCase(Api api, Position src, Position dst, CopyParams params) {
  Case c;
  c.api = api;
  c.srcPos = src;
  c.dstPos = dst;
  c.params = std::move(params);
  return c;
}

namespace {

// checkSupport(c, operation).empty(), memoized: support reads only the product, operation, path and dtype (and the
// deqScale of CO1->CO2, not memoized), and the draws below ask it dozens of times per generated case.
bool isSupported(const Case& c, Operation operation) {
  if (operation == Operation::enhancedCo1ToCo2) return checkSupport(c, operation).empty();
  const std::uint32_t key = static_cast<std::uint32_t>(operation) << 24 | static_cast<std::uint32_t>(c.product) << 16 |
                            static_cast<std::uint32_t>(c.srcPos) << 12 | static_cast<std::uint32_t>(c.dstPos) << 8 |
                            static_cast<std::uint32_t>(c.dtype);
  thread_local std::unordered_map<std::uint32_t, bool> memo;
  const auto [entry, inserted] = memo.try_emplace(key, false);
  if (inserted) entry->second = checkSupport(c, operation).empty();
  return entry->second;
}

// allDTypes() by size, smallest first (stable: table order within a size).
const std::vector<DTypeInfo>& dtypesBySize() {
  static const std::vector<DTypeInfo> sorted = [] {
    std::vector<DTypeInfo> dtypes(allDTypes().begin(), allDTypes().end());
    std::stable_sort(dtypes.begin(), dtypes.end(),
                     [](const DTypeInfo& a, const DTypeInfo& b) { return a.sizeBytes < b.sizeBytes; });
    return dtypes;
  }();
  return sorted;
}

}  // namespace

void drawProductAndDType(Case& c, Operation operation, const Scope& scope, std::uint32_t onlyWidthBytes) {
  std::vector<Product> products{scope.product.value_or(kDefaultProduct)};
  if (!scope.product) {
    for (Product p : allProducts()) {
      if (p != kDefaultProduct) products.push_back(p);
    }
  }
  const std::vector<DTypeInfo>& dtypes = dtypesBySize();
  Case probe = c;
  auto supported = [&](Product p, DType d) {
    probe.product = p;
    probe.dtype = d;
    return isSupported(probe, operation) && (onlyWidthBytes == 0 || sizeBytes(d) == onlyWidthBytes) &&
           scope.allowsDType(d);
  };
  std::vector<Product> usable;
  for (Product p : products) {
    if (std::any_of(dtypes.begin(), dtypes.end(), [&](const DTypeInfo& d) { return supported(p, d.dtype); })) {
      usable.push_back(p);
    }
  }
  if (usable.empty()) throw std::logic_error("no product in scope supports " + std::string(name(operation)));
  c.product = drawProduct(usable);
  std::vector<DType> usableDTypes;
  for (const DTypeInfo& d : dtypes) {
    if (supported(c.product, d.dtype)) usableDTypes.push_back(d.dtype);
  }
  c.dtype = drawElement(usableDTypes);
}

}  // namespace dcconf::properties::detail

namespace dcconf::properties {

using oracle::Operation;
using oracle::PathPair;
using oracle::Position;

bool drawnApart(Operation operation, const PathPair& path) {
  if (operation == Operation::fixpipe950) {  // FIX950-8, FIX950-13
    return path.src == Position::CO1 &&
           (path.dst == Position::VECIN || path.dst == Position::VECOUT || path.dst == Position::A1);
  }
  return oracle::isUbToL1Path(operation, path);  // DC-5, ND2NZ-6
}

}  // namespace dcconf::properties

namespace dcconf::properties::detail {

std::vector<PathPair> allowedPaths(Operation operation, const Scope& scope) {
  std::vector<PathPair> allowed = allowedPathsAll(operation, scope);
  // DC-5, ND2NZ-6: the UB->L1 paths only for a scope without the older ones (fixpipe950's generator keeps its own rule)
  if (operation == Operation::fixpipe950) return allowed;
  std::vector<PathPair> apart, older;
  for (const PathPair& path : allowed) (drawnApart(operation, path) ? apart : older).push_back(path);
  return scope.apartOnly || older.empty() ? apart : older;
}

std::vector<PathPair> allowedPathsAll(Operation operation, const Scope& scope) {
  std::vector<PathPair> allowed;
  for (const PathPair& path : documentedPaths(operation)) {
    if (!scope.allowsPath(path.src, path.dst)) continue;
    if (scope.product) {  // e.g. CO2->GM exists only on the older products
      Case probe;
      probe.product = *scope.product;
      probe.srcPos = path.src;
      probe.dstPos = path.dst;
      const bool anyDType = std::any_of(allDTypes().begin(), allDTypes().end(), [&](const DTypeInfo& d) {
        probe.dtype = d.dtype;
        return scope.allowsDType(d.dtype) && isSupported(probe, operation);
      });
      if (!anyDType) continue;
    }
    allowed.push_back(path);
  }
  return allowed;
}

PathPair drawPath(Operation operation, const Scope& scope) {
  const std::vector<PathPair> allowed = allowedPaths(operation, scope);
  if (allowed.empty()) throw std::logic_error("no path of " + std::string(name(operation)) + " matches the scope");
  return drawElement(allowed);
}

void applyScopeProfile(Case& c, const Scope& scope) {
  if (scope.profile) c.profile = *scope.profile;
}

void mapInsideLimits(Case& c, const Scope& scope) {
  if (scope.limits && !scope.limits->empty() && !scope.limits->mapInside(c)) throw LimitsExclude{};
}

GeneratedCase finish(Case c, const Scope& scope) {
  applyScopeProfile(c, scope);
  mapInsideLimits(c, scope);
  GeneratedCase generated{drawBuffers(c)};
  plantMoveSources(generated);
  return generated;
}

DataCopyParams drawDataCopyBlocks() {
  const std::uint64_t k = propScale();
  DataCopyParams p;
  p.blockCount = static_cast<std::uint16_t>(drawEdgy({1, 2, 3}, 1, 8 * k));
  p.blockLen = static_cast<std::uint16_t>(drawEdgy({1, 2}, 1, 16 * k));
  p.srcStride = static_cast<std::uint16_t>(drawEdgy({0, 1, 64 * k}, 0, 8 * k));
  p.dstStride = static_cast<std::uint16_t>(drawEdgy({0, 1, 64 * k}, 0, 8 * k));
  return p;
}

namespace {

// Word `word` of the splitmix64 stream from `seed`: its eight bytes are buffer bytes 8 word .. 8 word + 7.
std::uint64_t seededWord(std::uint64_t seed, std::uint64_t word) {
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ull * (word + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace

void fillSeeded(std::span<std::uint8_t> bytes, std::uint64_t seed, std::uint64_t from, std::uint64_t to) {
  std::uint64_t i = from;
  for (; i < to && i % 8 != 0; ++i) bytes[i] = static_cast<std::uint8_t>(seededWord(seed, i / 8) >> (8 * (i % 8)));
  // whole words at once (one byte per step was the run's top profile entry, a store per byte its second)
  for (; i + 8 <= to; i += 8) {
    const std::uint64_t z = seededWord(seed, i / 8);
    if constexpr (std::endian::native == std::endian::little) {
      std::memcpy(bytes.data() + i, &z, 8);
    } else {
      for (std::uint64_t k = 0; k < 8; ++k) bytes[i + k] = static_cast<std::uint8_t>(z >> (8 * k));
    }
  }
  for (; i < to; ++i) bytes[i] = static_cast<std::uint8_t>(seededWord(seed, i / 8) >> (8 * (i % 8)));
}

std::vector<std::uint8_t> seededBytes(std::uint64_t seed, std::uint64_t count) {
  std::vector<std::uint8_t> bytes(count);
  fillSeeded(bytes, seed, 0, count);
  return bytes;
}

void requireValid(const Case& c) {
  const auto resolution = resolveOperation(c);
  if (!resolution.operation) throw std::logic_error("generator produced a malformed case: " + resolution.error);
  auto problems = checkSupport(c, *resolution.operation);
  if (problems.empty()) problems = validate(c);
  if (!problems.empty()) throw std::logic_error("generator produced an invalid case: " + describe(problems.front()));
}

namespace {

std::uint64_t drawOffsetBytes(Position position) {
  if (isLocal(position)) return kDataBlockBytes * drawEdgy({0}, 0, 3);  // G-5
  return drawEdgy({0, 1, 31, 32}, 0, 64);
}

}  // namespace

casefile::CaseData drawBuffers(const Case& caseIn, bool srcWordsRewritten) {
  Case c = caseIn;
  const bool dual = isDualDestination(c);
  if (dual) c.dst.sizeBytes = 0;  // FIX950-9: extents() then gives one half's span
  const Extents e = extents(c);
  c.src.offsetBytes = drawOffsetBytes(c.srcPos);
  c.src.sizeBytes = c.src.offsetBytes + e.srcSpanBytes + drawEdgy({0}, 0, 48);
  c.dst.offsetBytes = drawOffsetBytes(c.dstPos);
  if (c.api == Api::BroadCastVecToMM) {  // BRC-2 / AMB-42: the CO1 start on 256 elements (or 64 bytes)
    c.dst.offsetBytes = c.dst.offsetBytes / kDataBlockBytes * broadcastDstAlignBytes(c);
  }
  c.dst.sizeBytes = c.dst.offsetBytes + e.dstSpanBytes + drawEdgy({0}, 0, 48);
  if (dual) c.dst.sizeBytes *= 2;  // the two sub-blocks' UBs end to end, the offset inside each
  requireValid(c);
  const auto seed = *rc::gen::arbitrary<std::uint32_t>();
  casefile::CaseData data;
  data.c = c;
  if (srcWordsRewritten) {
    const std::uint64_t words = c.src.sizeBytes > c.src.offsetBytes ? (c.src.sizeBytes - c.src.offsetBytes) / 4 : 0;
    data.src.resize(c.src.sizeBytes);
    fillSeeded(data.src, seed, 0, c.src.offsetBytes);
    fillSeeded(data.src, seed, c.src.offsetBytes + 4 * words, c.src.sizeBytes);
  } else {
    data.src = seededBytes(seed, c.src.sizeBytes);
  }
  data.dstBefore = seededBytes(~std::uint64_t{seed}, c.dst.sizeBytes);
  return data;
}

}  // namespace dcconf::properties::detail
