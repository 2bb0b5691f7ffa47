// Typed reads of JSON members that record a Problem instead of throwing (nlohmann's get<> throws on a type mismatch).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dcconf/vectors/vectors.hpp"

namespace dcconf::vectors::detail {

class Fields {
 public:
  Fields(std::string file, std::vector<Problem>& problems) : file_(std::move(file)), problems_(problems) {}

  void fail(const std::string& field, const std::string& message) const { problems_.push_back({file_, field, message}); }

  // The member, or nullptr (and a problem when required). `at` is the object's own field path ("" at top level).
  const nlohmann::json* member(const nlohmann::json& object, const std::string& at, const std::string& key,
                               bool required = true) const {
    if (!object.is_object()) {
      fail(at, "is not a JSON object");
      return nullptr;
    }
    const auto it = object.find(key);
    if (it == object.end()) {
      if (required) fail(join(at, key), "is missing");
      return nullptr;
    }
    return &*it;
  }

  std::optional<std::string> string(const nlohmann::json& object, const std::string& at, const std::string& key,
                                    bool required = true) const {
    const nlohmann::json* value = member(object, at, key, required);
    if (value == nullptr) return std::nullopt;
    if (!value->is_string()) {
      fail(join(at, key), "is not a string");
      return std::nullopt;
    }
    return value->get<std::string>();
  }

  std::optional<std::uint64_t> unsignedInt(const nlohmann::json& object, const std::string& at,
                                           const std::string& key, bool required = true) const {
    const nlohmann::json* value = member(object, at, key, required);
    if (value == nullptr) return std::nullopt;
    if (!value->is_number_unsigned() && !(value->is_number_integer() && value->get<std::int64_t>() >= 0)) {
      fail(join(at, key), "= " + value->dump().substr(0, 40) + ": is not a whole number >= 0");
      return std::nullopt;
    }
    return value->get<std::uint64_t>();
  }

  static std::string join(const std::string& at, const std::string& key) { return at.empty() ? key : at + "." + key; }
  const std::string& file() const { return file_; }
  std::size_t problemCount() const { return problems_.size(); }

 private:
  std::string file_;
  std::vector<Problem>& problems_;
};

}  // namespace dcconf::vectors::detail
