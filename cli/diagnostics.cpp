#include "diagnostics.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <iostream>
#include <string>
#include <utility>

#include "dcconf/casefile/text.hpp"
#include "dcconf/oracle/types.hpp"

#include "dcconf/casefile/text.hpp"

namespace dcconf::cli {
namespace {

constexpr std::size_t kMaxErrorLineBytes = 2000;

std::string& programNameStorage() {
  static std::string name = "dcconf";
  return name;
}

}  // namespace

void setProgramName(std::string name) {
  if (!name.empty()) programNameStorage() = std::move(name);
}
const std::string& programName() { return programNameStorage(); }

void printError(std::string_view line) {
  std::string oneLine(line.substr(0, kMaxErrorLineBytes + 4));
  for (char& ch : oneLine) {
    if (ch == '\n' || ch == '\r') ch = ' ';  // a library message must not break the one-line rule
  }
  // Valid UTF-8 with control characters escaped (a NUL from an input never reaches the terminal raw) and of
  // bounded length, whatever part of an input the message quotes.
  std::cerr << "dcconf: error: " << casefile::validUtf8(oneLine, kMaxErrorLineBytes, true) << '\n';
}

int fail(ExitStatus status, std::string_view line) {
  printError(line);
  return code(status);
}

std::optional<std::uint64_t> parseByteCount(std::string_view text) {
  int shift = 0;
  if (!text.empty() && std::string_view("KMG").find(static_cast<char>(std::toupper(text.back()))) != std::string_view::npos) {
    shift = 10 * (1 + static_cast<int>(std::string_view("KMG").find(static_cast<char>(std::toupper(text.back())))));
    text.remove_suffix(1);
  }
  const auto value = parseUInt64(text);
  constexpr std::uint64_t kLimit = std::uint64_t{1} << 50;
  if (!value || *value > (kLimit >> shift)) return std::nullopt;
  return *value << shift;
}

std::string byteCountText(std::uint64_t bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double value = static_cast<double>(bytes);
  std::size_t unit = 0;
  while (value >= 1024 && unit + 1 < std::size(units)) {
    value /= 1024;
    ++unit;
  }
  char text[32];
  std::snprintf(text, sizeof text, unit == 0 ? "%.0f %s" : "%.1f %s", value, units[unit]);
  return text;
}

std::optional<std::uint64_t> parseUInt64(std::string_view text) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::optional<std::chrono::milliseconds> parseDuration(const std::string& text) {
  // Digits, then a unit: no sign (stoull took "-1" as 2^64-1), no wrap, no zero ("0s" ran, an
  // overflowing "307445734561825861m" wrapped to a few seconds).
  const std::size_t digits = std::min(text.find_first_not_of("0123456789"), text.size());
  const auto value = parseUInt64(std::string_view(text).substr(0, digits));
  if (!value || *value == 0) return std::nullopt;
  const std::string unit = text.substr(digits);
  const std::uint64_t perUnit = unit == "ms" ? 1 : unit == "s" || unit.empty() ? 1000 : unit == "m" ? 60000 : 0;
  constexpr std::uint64_t kMaxMs = 1000000000000ull;  // 10^12 ms, about 31 years
  if (perUnit == 0 || *value > kMaxMs / perUnit) return std::nullopt;
  return std::chrono::milliseconds(static_cast<std::int64_t>(*value * perUnit));
}

namespace {

// Edit distance with adjacent transpositions (optimal string alignment): "rnu" is one edit from "run".
std::size_t editDistance(std::string_view a, std::string_view b) {
  auto same = [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
  };
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (same(a[i - 1], b[j - 1]) ? 0 : 1)});
      if (i > 1 && j > 1 && same(a[i - 1], b[j - 2]) && same(a[i - 2], b[j - 1])) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.size()][b.size()];
}

// Common spellings of the Ascend C dtypes (numpy / PyTorch / short forms).
constexpr std::pair<std::string_view, std::string_view> kDTypeAliases[] = {
    {"fp16", "half"},       {"f16", "half"},       {"float16", "half"},     {"bf16", "bfloat16_t"},
    {"bfloat16", "bfloat16_t"}, {"fp32", "float"}, {"f32", "float"},        {"float32", "float"},
    {"fp64", "double"},     {"f64", "double"},     {"float64", "double"},   {"i8", "int8_t"},
    {"int8", "int8_t"},     {"u8", "uint8_t"},     {"uint8", "uint8_t"},    {"i16", "int16_t"},
    {"int16", "int16_t"},   {"u16", "uint16_t"},   {"uint16", "uint16_t"},  {"i32", "int32_t"},
    {"int32", "int32_t"},   {"u32", "uint32_t"},   {"uint32", "uint32_t"},  {"i64", "int64_t"},
    {"int64", "int64_t"},   {"u64", "uint64_t"},   {"uint64", "uint64_t"},
};

}  // namespace

std::string closestName(std::string_view word, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t bestDistance = std::string::npos;
  for (const std::string& candidate : candidates) {
    const std::size_t d = editDistance(word, candidate);
    if (d < bestDistance) {
      bestDistance = d;
      best = candidate;
    }
  }
  const std::size_t allowed = std::max<std::size_t>(1, word.size() / 3);
  if (best.empty() || bestDistance == 0) return "";
  if (bestDistance <= allowed) return best;
  for (const std::string& candidate : candidates) {  // "atlas" -> "atlas-a2": the first name it begins
    if (word.size() >= 2 && candidate.rfind(word, 0) == 0) return candidate;
  }
  return "";
}

std::string didYouMean(std::string_view word, const std::vector<std::string>& candidates) {
  const std::string best = closestName(word, candidates);
  return best.empty() ? "" : " (did you mean '" + best + "'?)";
}

std::string canonicalDTypeGlob(const std::string& glob) {
  for (const auto& [alias, name] : kDTypeAliases) {
    if (glob == alias) return std::string(name);
  }
  return glob;
}

std::string dtypeGlobError(const std::string& option, const std::string& glob) {
  std::vector<std::string> names;
  for (const auto& info : oracle::allDTypes()) {
    if (casefile::globMatch(glob, info.name)) return "";
    names.emplace_back(info.name);
  }
  std::vector<std::string> spellings = names;
  for (const auto& [alias, name] : kDTypeAliases) spellings.emplace_back(alias);
  std::string best = closestName(glob, spellings);
  best = canonicalDTypeGlob(best);
  return option + ": '" + glob + "' matches no dtype" + (best.empty() ? "" : " (did you mean '" + best + "'?)") +
         "; dtypes: half, float, int8_t, ... (dcconf list), aliases fp16, bf16, f32, i8, u8, ...";
}

oracle::ProfileParse parseProfileOption(const std::string& option, const std::string& spec) {
  oracle::ProfileParse parsed = oracle::parseProfile(spec);
  if (parsed.profile) return parsed;
  std::vector<std::string> words{"default"};
  for (const std::string_view word : oracle::allProfileNames()) words.emplace_back(word);
  std::size_t start = 0;
  while (start <= spec.size()) {
    const std::size_t comma = std::min(spec.find(',', start), spec.size());
    const std::string word = spec.substr(start, comma - start);
    if (!word.empty() && std::find(words.begin(), words.end(), word) == words.end()) {
      parsed.error = option + ": unknown profile word '" + word + "'" + didYouMean(word, words) + "; " +
                     std::to_string(words.size() - 1) + " words, comma-separated (dcconf list prints them)";
      return parsed;
    }
    start = comma + 1;
  }
  parsed.error = option + ": " + parsed.error;
  return parsed;
}

std::string unknownProduct(const std::string& option, const std::string& word, const std::string& hint) {
  std::vector<std::string> names;
  for (const oracle::Product product : oracle::allProducts()) names.emplace_back(oracle::name(product));
  const std::string best = closestName(word, names);
  return option + ": unknown product '" + word + "'" + (best.empty() ? "" : " (did you mean '" + best + "'?)") + " (" +
         hint + ")";
}

}  // namespace dcconf::cli
