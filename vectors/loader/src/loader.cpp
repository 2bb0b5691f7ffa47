#include "dcconf_vectors.hpp"

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

namespace dcconf_vectors {
namespace {

using nlohmann::json;

bool readJson(const std::string& path, json& out, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = path + ": cannot be read";
    return false;
  }
  out = json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (out.is_discarded() || !out.is_object()) {
    error = path + ": is not a JSON object";
    return false;
  }
  return true;
}

std::string scalarText(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  return v.dump();
}

std::map<std::string, std::string> scalars(const json& object) {
  std::map<std::string, std::string> out;
  if (!object.is_object()) return out;
  for (const auto& [key, value] : object.items()) {
    if (key != "type" && !value.is_object() && !value.is_array()) out[key] = scalarText(value);
  }
  return out;
}

BufferRef bufferOf(const json& object) {
  BufferRef b;
  if (!object.is_object()) return b;
  b.file = object.value("file", "");
  b.size = object.value("size", std::uint64_t{0});
  b.offset = object.value("offset", std::uint64_t{0});
  return b;
}

}  // namespace

std::optional<Set> loadSet(const std::string& dir, std::string& error) {
  json manifest;
  if (!readJson(dir + "/manifest.json", manifest, error)) return std::nullopt;
  if (manifest.value("schema", "") != "dcconf.vectors/1") {
    error = dir + "/manifest.json: schema: not dcconf.vectors/1";
    return std::nullopt;
  }
  Set set;
  set.dir = dir;
  set.product = manifest.value("product", "");
  set.profile = manifest.value("profile", "");
  const json groups = manifest.value("groups", json::array());
  for (const auto& name : groups) {
    const std::string file = dir + "/" + (name.is_string() ? name.get<std::string>() : std::string());
    json group;
    if (!readJson(file, group, error)) return std::nullopt;
    for (const auto& testGroup : group.value("testGroups", json::array())) {
      for (const auto& t : testGroup.value("tests", json::array())) {
        const json c = t.value("case", json::object());
        if (!c.is_object() || !t.contains("tcId")) {
          error = file + ": a test without tcId or case";
          return std::nullopt;
        }
        Test test;
        test.tcId = t.value("tcId", "");
        test.comment = t.value("comment", "");
        test.result = t.value("result", "");
        for (const auto& flag : t.value("flags", json::array())) test.flags.push_back(scalarText(flag));
        test.api = c.value("api", "");
        test.path = c.value("path", "");
        test.dtype = c.value("dtype", "");
        test.operation = testGroup.value("operation", "");
        test.clauseFamily = testGroup.value("clauseFamily", "");
        test.paramsType = testGroup.value("paramsType", "");
        test.padParamsType = testGroup.value("padParamsType", "");
        test.params = scalars(c.value("params", json::object()));
        test.padParams = scalars(c.value("padParams", json::object()));
        for (const auto& [key, value] : c.items()) {
          if (value.is_object() && key != "params" && key != "padParams" && key != "src" && key != "dst") {
            test.other[key] = scalars(value);
          }
        }
        test.src = bufferOf(c.value("src", json::object()));
        test.dst = bufferOf(c.value("dst", json::object()));
        test.expected = bufferOf(t.value("expected", json::object()));
        test.care = bufferOf(t.value("care", json::object()));
        test.caseJson = c.dump();
        set.tests.push_back(std::move(test));
      }
    }
  }
  return set;
}

std::optional<std::uint64_t> number(const std::map<std::string, std::string>& fields, const std::string& name) {
  const auto found = fields.find(name);
  if (found == fields.end() || found->second.empty()) return std::nullopt;
  const std::string& text = found->second;
  const bool hex = text.rfind("0x", 0) == 0;
  std::size_t used = 0;
  try {
    const unsigned long long value = std::stoull(hex ? text.substr(2) : text, &used, hex ? 16 : 10);
    if (used != text.size() - (hex ? 2 : 0) || text[0] == '-') return std::nullopt;
    return value;
  } catch (...) {
    return std::nullopt;
  }
}

std::vector<std::uint8_t> readBuffer(const Set& set, const BufferRef& buffer, std::string& error) {
  const std::string path = set.dir + "/" + buffer.file;
  std::ifstream in(path, std::ios::binary);
  if (buffer.file.empty() || !in) {
    error = path + ": cannot be read";
    return {};
  }
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (bytes.size() != buffer.size) {
    error = path + ": " + std::to_string(bytes.size()) + " bytes, the case says " + std::to_string(buffer.size);
    return {};
  }
  return bytes;
}

}  // namespace dcconf_vectors
