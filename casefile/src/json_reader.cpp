#include "json_reader.hpp"

#include <algorithm>
#include <cmath>

#include "dcconf/casefile/json_guard.hpp"

namespace dcconf::casefile::detail {

// Clipped: a message quotes a value in a few dozen characters, never a whole array the file chose to make huge.
std::string shown(const json& value) {
  return clipForMessage(value.is_string() ? value.get<std::string>() : value.dump());
}

void Context::fail(std::string field, std::string value, std::string message) const {
  // 64: a value shown() already clipped (40 characters and "...(N bytes)") passes unchanged.
  throw LoadFailure{{file_, clipForMessage(field, 80), clipForMessage(value, 64), std::move(message)}};
}

std::uint64_t readUInt64(const Context& ctx, const json& value, const std::string& field, std::string_view width) {
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  // The parser stores every non-negative integer as unsigned, but JSON built in C++ from an int is signed.
  if (value.is_number_integer()) {
    const std::int64_t number = value.get<std::int64_t>();
    if (number < 0) ctx.fail(field, value, "must not be negative");
    return static_cast<std::uint64_t>(number);
  }
  if (value.is_number_float()) {
    // Integers beyond 2^64 - 1 also arrive as floats: say which problem it is.
    const double number = value.get<double>();
    if (number >= 18446744073709551616.0) ctx.fail(field, value, "does not fit " + std::string(width));
    if (number < 0) ctx.fail(field, value, "must not be negative");
    ctx.fail(field, value, number == std::floor(number) ? "must be written as an integer (no '.' or exponent)"
                                                        : "must be an integer, not a fraction");
  }
  ctx.fail(field, value, "must be a non-negative integer, not " + std::string(value.type_name()));
}

std::string readString(const Context& ctx, const json& value, const std::string& field) {
  if (!value.is_string()) ctx.fail(field, value, "must be a string, not " + std::string(value.type_name()));
  return value.get<std::string>();
}

void requireObject(const Context& ctx, const json& value, const std::string& name) {
  if (!value.is_object()) {
    ctx.fail(name.empty() ? "<top level>" : name, value, "must be a JSON object, not " + std::string(value.type_name()));
  }
}

ObjectReader::ObjectReader(const Context& ctx, const json& object, std::string name,
                           std::vector<std::string_view> known)
    : ctx_(ctx), object_(object), prefix_(name.empty() ? "" : name + ".") {
  requireObject(ctx_, object_, name);
  for (const auto& [key, value] : object_.items()) {
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    std::string names;
    for (const auto& knownKey : known) names += (names.empty() ? "" : ", ") + std::string(knownKey);
    ctx_.fail(field(key), "", "unknown key (known here: " + names + ")");
  }
}

const json* ObjectReader::optional(std::string_view key) const {
  const auto it = object_.find(key);
  return it == object_.end() ? nullptr : &*it;
}

const json& ObjectReader::required(std::string_view key) const {
  const json* value = optional(key);
  if (value == nullptr) ctx_.fail(field(key), "", "missing (required)");
  return *value;
}

}  // namespace dcconf::casefile::detail
