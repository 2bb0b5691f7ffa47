#include "dcconf/oracle/types.hpp"

#include <array>

namespace dcconf::oracle {
namespace {

constexpr std::array<DTypeInfo, 14> kDTypes{{
    {DType::int8_t, "int8_t", 1, false, true},
    {DType::uint8_t, "uint8_t", 1, false, false},
    {DType::int16_t, "int16_t", 2, false, true},
    {DType::uint16_t, "uint16_t", 2, false, false},
    {DType::int32_t, "int32_t", 4, false, true},
    {DType::uint32_t, "uint32_t", 4, false, false},
    {DType::int64_t, "int64_t", 8, false, true},
    {DType::uint64_t, "uint64_t", 8, false, false},
    {DType::half, "half", 2, true, true},
    {DType::bfloat16_t, "bfloat16_t", 2, true, true},
    {DType::float_, "float", 4, true, true},
    {DType::double_, "double", 8, true, true},
    // DN2NZ-4: a byte of two 4-bit floats, handled as an opaque byte (ND2NZ-5)
    {DType::fp4x2_e2m1_t, "fp4x2_e2m1_t", 1, false, false},
    {DType::fp4x2_e1m2_t, "fp4x2_e1m2_t", 1, false, false},
}};

struct PositionName {
  Position position;
  std::string_view name;
};
constexpr std::array<PositionName, 8> kPositions{{
    {Position::GM, "GM"}, {Position::VECIN, "VECIN"}, {Position::VECOUT, "VECOUT"}, {Position::A1, "A1"},
    {Position::B1, "B1"}, {Position::TSCM, "TSCM"}, {Position::CO1, "CO1"}, {Position::CO2, "CO2"},
}};

constexpr std::array<Product, 8> kProducts{
    Product::kirin9020, Product::kirinx90, Product::atlas_a2, Product::atlas_a3,
    Product::atlas_200i_500_a2, Product::atlas_training, Product::atlas_inference_310p, Product::ascend950,
};
constexpr std::array<std::string_view, 8> kProductNames{
    "kirin9020", "kirinx90", "atlas-a2", "atlas-a3", "atlas-200i-500-a2", "atlas-training", "atlas-inference-310p",
    "ascend950",
};

}  // namespace

std::span<const DTypeInfo> allDTypes() { return kDTypes; }

const DTypeInfo& info(DType dtype) {
  for (const auto& entry : kDTypes) {
    if (entry.dtype == dtype) return entry;
  }
  return kDTypes.front();  // unreachable: every enumerator is in the table
}

std::string_view name(DType dtype) { return info(dtype).name; }
std::uint32_t sizeBytes(DType dtype) { return info(dtype).sizeBytes; }

std::optional<DType> parseDType(std::string_view text) {
  for (const auto& entry : kDTypes) {
    if (entry.name == text) return entry.dtype;
  }
  return std::nullopt;
}

std::string_view name(Position position) { return kPositions[static_cast<std::size_t>(position)].name; }

std::optional<Position> parsePosition(std::string_view text) {
  for (const auto& entry : kPositions) {
    if (entry.name == text) return entry.position;
  }
  return std::nullopt;
}

bool isLocal(Position position) { return position != Position::GM; }

std::string_view name(Api api) {
  switch (api) {
    case Api::DataCopy: return "DataCopy";
    case Api::DataCopyPad: return "DataCopyPad";
    case Api::BroadCastVecToMM: return "BroadCastVecToMM";
  }
  return "?";
}

std::optional<Api> parseApi(std::string_view text) {
  if (text == "DataCopy") return Api::DataCopy;
  if (text == "DataCopyPad") return Api::DataCopyPad;
  if (text == "BroadCastVecToMM") return Api::BroadCastVecToMM;
  return std::nullopt;
}

std::span<const Product> allProducts() { return kProducts; }
std::string_view name(Product product) { return kProductNames[static_cast<std::size_t>(product)]; }

std::optional<Product> parseProduct(std::string_view text) {
  for (std::size_t i = 0; i < kProducts.size(); ++i) {
    if (kProductNames[i] == text) return kProducts[i];
  }
  return std::nullopt;
}

}  // namespace dcconf::oracle
