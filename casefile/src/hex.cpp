#include "hex.hpp"

namespace dcconf::casefile::detail {
namespace {

int digitValue(char ch) {
  if (ch >= '0' && ch <= '9') return ch - '0';
  if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
  return -1;
}

bool isSpace(char ch) { return ch == ' ' || ch == '\n' || ch == '\t' || ch == '\r'; }

constexpr char kDigits[] = "0123456789abcdef";

}  // namespace

std::optional<std::uint64_t> countHexDigits(std::string_view text) {
  std::uint64_t digits = 0;
  for (const char ch : text) {
    if (isSpace(ch)) continue;
    if (digitValue(ch) < 0) return std::nullopt;
    ++digits;
  }
  return digits;
}

std::vector<std::uint8_t> decodeHexBytes(std::string_view text) {
  std::vector<std::uint8_t> bytes;
  bytes.reserve(text.size() / 2);
  int high = -1;
  for (const char ch : text) {
    if (isSpace(ch)) continue;
    const int value = digitValue(ch);
    if (high < 0) {
      high = value;
    } else {
      bytes.push_back(static_cast<std::uint8_t>(high * 16 + value));
      high = -1;
    }
  }
  return bytes;
}

std::string encodeHexBytes(std::span<const std::uint8_t> bytes) {
  std::string text;
  text.reserve(bytes.size() * 2);
  for (const std::uint8_t byte : bytes) {
    text.push_back(kDigits[byte >> 4]);
    text.push_back(kDigits[byte & 0xF]);
  }
  return text;
}

std::optional<std::uint64_t> parseHexBits(std::string_view text) {
  if (text.size() < 3 || text.size() > 18 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X')) return std::nullopt;
  std::uint64_t bits = 0;
  for (const char ch : text.substr(2)) {
    const int value = digitValue(ch);
    if (value < 0) return std::nullopt;
    bits = bits * 16 + static_cast<std::uint64_t>(value);
  }
  return bits;
}

std::string formatHexBits(std::uint64_t bits) {
  std::string digits;
  do {
    digits.insert(digits.begin(), kDigits[bits & 0xF]);
    bits >>= 4;
  } while (bits != 0);
  return "0x" + digits;
}

}  // namespace dcconf::casefile::detail
