// Vocabulary of the oracle: element types, tensor positions, products, APIs (SEMANTICS section 0 and 11).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace dcconf::oracle {

// Ascend C element types by their Ascend C names. float/double are spelled out as in Ascend C.
enum class DType : std::uint8_t {
  int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t, uint64_t,
  half, bfloat16_t, float_, double_,
  // DN2NZ-4: two 4-bit values per byte; moved as bytes (ND2NZ-5), so sizeBytes is 1 and every count is in bytes.
  fp4x2_e2m1_t, fp4x2_e1m2_t,
};

struct DTypeInfo {
  DType dtype;
  std::string_view name;  // Ascend C spelling: "half", "float", "int8_t", ...
  std::uint32_t sizeBytes;
  bool isFloat;
  bool isSigned;
};

std::span<const DTypeInfo> allDTypes();
const DTypeInfo& info(DType dtype);
std::string_view name(DType dtype);
std::uint32_t sizeBytes(DType dtype);
std::optional<DType> parseDType(std::string_view name);

// TPosition values that appear in the documented paths.
enum class Position : std::uint8_t { GM, VECIN, VECOUT, A1, B1, TSCM, CO1, CO2 };

std::string_view name(Position position);
std::optional<Position> parsePosition(std::string_view name);
// G-5: every position but GM is an on-chip buffer whose operand start is 32-byte aligned.
bool isLocal(Position position);

enum class Api : std::uint8_t { DataCopy, DataCopyPad, BroadCastVecToMM };  // BroadCastVecToMM: BRC (project)
std::string_view name(Api api);
std::optional<Api> parseApi(std::string_view name);

enum class Product : std::uint8_t {
  kirin9020, kirinx90, atlas_a2, atlas_a3, atlas_200i_500_a2, atlas_training, atlas_inference_310p, ascend950,
};
inline constexpr Product kDefaultProduct = Product::atlas_a2;
std::span<const Product> allProducts();
std::string_view name(Product product);  // "atlas-a2", ...
std::optional<Product> parseProduct(std::string_view name);

inline constexpr std::uint64_t kDataBlockBytes = 32;  // "C0B": one UB data block

constexpr std::uint64_t alignUp(std::uint64_t value, std::uint64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

// Overflow-safe arithmetic for extents built from 64-bit parameter fields (DN2NZ-2, SLICE): the result saturates at
// UINT64_MAX, so an extent that overflows can only fail a bounds check, never wrap into a small, wrong span.
constexpr std::uint64_t satMul(std::uint64_t a, std::uint64_t b) {
  std::uint64_t product = 0;
  return __builtin_mul_overflow(a, b, &product) ? ~std::uint64_t{0} : product;
}
constexpr std::uint64_t satAdd(std::uint64_t a, std::uint64_t b) {
  std::uint64_t sum = 0;
  return __builtin_add_overflow(a, b, &sum) ? ~std::uint64_t{0} : sum;
}

}  // namespace dcconf::oracle
