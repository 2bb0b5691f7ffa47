// Strict reading of JSON values into fixed-width fields. A bad value throws LoadFailure, which the public API
// catches and returns as a LoadError: inside the parser an error is one throw, outside nothing throws.
#pragma once

#include <concepts>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

#include "dcconf/casefile/casefile.hpp"

namespace dcconf::casefile::detail {

using nlohmann::json;

struct LoadFailure {
  LoadError error;
};

// The value as the user wrote it: strings without quotes, everything else as compact JSON.
std::string shown(const json& value);

// Names the case file in every error.
class Context {
 public:
  explicit Context(std::string fileLabel) : file_(std::move(fileLabel)) {}
  [[noreturn]] void fail(std::string field, std::string value, std::string message) const;
  // Only for a JSON value (a template, so "" and std::string arguments pick the overload above).
  template <class J>
    requires std::same_as<J, json>
  [[noreturn]] void fail(const std::string& field, const J& value, std::string message) const {
    fail(field, shown(value), std::move(message));
  }

 private:
  std::string file_;
};

template <class U>
constexpr std::string_view widthName() {
  if constexpr (std::is_same_v<U, std::uint8_t>) return "uint8_t";
  if constexpr (std::is_same_v<U, std::uint16_t>) return "uint16_t";
  if constexpr (std::is_same_v<U, std::uint32_t>) return "uint32_t";
  if constexpr (std::is_same_v<U, std::uint64_t>) return "uint64_t";
}

// A non-negative JSON integer that fits 64 bits; floats, negatives and other types fail naming the field. width
// names the field's own type in the message for a value beyond 2^64 - 1.
std::uint64_t readUInt64(const Context& ctx, const json& value, const std::string& field,
                         std::string_view width = "uint64_t");

template <class T>
T readField(const Context& ctx, const json& value, const std::string& field) {
  if constexpr (std::is_same_v<T, bool>) {
    if (!value.is_boolean()) ctx.fail(field, value, "must be true or false");
    return value.get<bool>();
  } else {
    static_assert(std::is_unsigned_v<T>, "struct fields are bool or unsigned");
    const std::uint64_t wide = readUInt64(ctx, value, field, widthName<T>());
    if (wide > std::numeric_limits<T>::max()) ctx.fail(field, value, "does not fit " + std::string(widthName<T>()));
    return static_cast<T>(wide);
  }
}

std::string readString(const Context& ctx, const json& value, const std::string& field);

// name is the object's field ("params"), or "" for the top level.
void requireObject(const Context& ctx, const json& value, const std::string& name);

// An object with a fixed set of keys. The constructor rejects unknown keys first, so a typo ("blokLen") is reported
// as itself rather than as a missing or defaulted field.
class ObjectReader {
 public:
  ObjectReader(const Context& ctx, const json& object, std::string name, std::vector<std::string_view> known);
  const json* optional(std::string_view key) const;
  const json& required(std::string_view key) const;
  std::string field(std::string_view key) const { return prefix_ + std::string(key); }
  const Context& context() const { return ctx_; }

 private:
  const Context& ctx_;
  const json& object_;
  std::string prefix_;  // "params." or ""
};

}  // namespace dcconf::casefile::detail
