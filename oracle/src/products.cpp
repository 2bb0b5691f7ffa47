// Product support (SEMANTICS section 11): which operations and dtypes each product documents.
// A case outside this table is NOT_SUPPORTED for that product, never a failure.
#include <algorithm>
#include <array>

#include "paths.hpp"

namespace dcconf::oracle {
namespace {

using enum DType;

constexpr std::array kPadDTypesKirin{int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, half, float_};
constexpr std::array kPadDTypesAtlasA2{int8_t,  uint8_t,  int16_t, uint16_t,   int32_t, uint32_t,
                                       int64_t, uint64_t, half,    bfloat16_t, float_,  double_};
constexpr std::array kPadDTypes200I{int8_t, uint8_t, half, bfloat16_t, int16_t, uint16_t, float_, int32_t, uint32_t};
// DC-4: the normal DataCopy dtypes; NZ2ND-1 keeps the 16- and 32-bit ones.
constexpr std::array kDataCopyDTypes{half, int16_t, uint16_t, float_, int32_t, uint32_t, int8_t, uint8_t};
constexpr std::array kNz2NdDTypes{half, int16_t, uint16_t, float_, int32_t, uint32_t};

struct ProductSupport {
  Product product;
  std::uint32_t operationMask;
  std::span<const DType> padDTypes;
  bool hasCo2;  // the CO2 position (UB seen from L0C) exists only on the older parts
};

using enum Operation;
constexpr std::uint32_t bit(Operation op) { return 1u << static_cast<unsigned>(op); }
constexpr std::uint32_t kPadOps = bit(padGmToUb) | bit(padUbToGm) | bit(padUbToTscm);
constexpr std::uint32_t kCopyOps = bit(copy0Level) | bit(copy2Level) | bit(nd2nz) | bit(nz2nd);
// ascend950: its vendor headers implement the Atlas A2 data-copy paths (SEMANTICS section 11).
const std::array<ProductSupport, 8> kSupport{{
    {Product::kirin9020, kPadOps, kPadDTypesKirin, false},
    {Product::kirinx90, kPadOps, kPadDTypesKirin, false},
    {Product::atlas_a2, kPadOps | kCopyOps, kPadDTypesAtlasA2, false},
    {Product::atlas_a3, kPadOps | kCopyOps, kPadDTypesAtlasA2, false},
    {Product::atlas_200i_500_a2, bit(padGmToUb) | bit(padUbToGm), kPadDTypes200I, false},
    {Product::atlas_training, kCopyOps, {}, true},
    {Product::atlas_inference_310p, kCopyOps, {}, true},
    {Product::ascend950, kPadOps | kCopyOps, kPadDTypesAtlasA2, false},
}};

const ProductSupport& supportOf(Product product) { return kSupport[static_cast<std::size_t>(product)]; }

bool contains(std::span<const DType> dtypes, DType dtype) {
  return std::find(dtypes.begin(), dtypes.end(), dtype) != dtypes.end();
}

std::span<const DType> dtypesFor(const ProductSupport& support, Operation operation) {
  switch (operation) {
    case padGmToUb:
    case padUbToGm:
    case padUbToTscm:
      return support.padDTypes;
    case copy0Level:
    case copy2Level:
    case nd2nz:
      return kDataCopyDTypes;
    case nz2nd:
      return kNz2NdDTypes;
  }
  return {};
}

}  // namespace

std::vector<Violation> checkSupport(const Case& c, Operation operation) {
  const ProductSupport& support = supportOf(c.product);
  const std::string product(name(c.product));
  if ((support.operationMask & bit(operation)) == 0) {
    return {{"PROD", "product", product, product + " does not document " + std::string(name(operation))}};
  }
  if ((c.srcPos == Position::CO2 || c.dstPos == Position::CO2) && !support.hasCo2) {
    return {{"PROD", "path", pathName(c.srcPos, c.dstPos), product + " has no CO2 position"}};
  }
  if (!contains(dtypesFor(support, operation), c.dtype)) {
    return {{"PROD", "dtype", std::string(name(c.dtype)),
             product + " does not document " + std::string(name(c.dtype)) + " for " + std::string(name(operation))}};
  }
  return {};
}

}  // namespace dcconf::oracle
