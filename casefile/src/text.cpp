#include "dcconf/casefile/text.hpp"

#include <algorithm>

namespace dcconf::casefile {

bool globMatch(std::string_view pattern, std::string_view text) {
  std::size_t p = 0, t = 0, starP = std::string_view::npos, starT = 0;
  while (t < text.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
      ++p;
      ++t;
    } else if (p < pattern.size() && pattern[p] == '*') {
      starP = p++;
      starT = t;
    } else if (starP != std::string_view::npos) {  // the last * swallows one more character
      p = starP + 1;
      t = ++starT;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

std::string hexByte(std::uint8_t value) {
  static constexpr char kHex[] = "0123456789abcdef";
  return std::string("0x") + kHex[value >> 4] + kHex[value & 0xF];
}

std::string xmlEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char ch : text) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        if (static_cast<unsigned char>(ch) < 0x20 && ch != '\n' && ch != '\t' && ch != '\r') {
          out += '?';
        } else {
          out += ch;
        }
    }
  }
  return out;
}

std::size_t utf8SequenceLength(std::string_view text, std::size_t pos) {
  const auto at = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = at(pos);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;  // the allowed range of the second byte (RFC 3629, table 3-7)
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;   // overlong
    if (lead == 0xED) high = 0x9F;  // surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;   // overlong
    if (lead == 0xF4) high = 0x8F;  // above U+10FFFF
  } else {
    return 0;
  }
  if (pos + length > text.size()) return 0;
  if (at(pos + 1) < low || at(pos + 1) > high) return 0;
  for (std::size_t i = 2; i < length; ++i) {
    if (at(pos + i) < 0x80 || at(pos + i) > 0xBF) return 0;
  }
  return length;
}

std::string validUtf8(std::string_view text, std::size_t maxBytes, bool escapeControls, bool* wasCut) {
  if (wasCut != nullptr) *wasCut = false;
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(std::min(text.size(), maxBytes) + 3);
  for (std::size_t pos = 0; pos < text.size();) {
    const std::size_t length = utf8SequenceLength(text, pos);
    const unsigned char byte = static_cast<unsigned char>(text[pos]);
    const bool escape = length == 0 || (escapeControls && length == 1 && (byte < 0x20 || byte == 0x7f));
    const std::size_t width = escape ? 4 : length;
    if (out.size() + width > maxBytes) {
      out += "...";
      if (wasCut != nullptr) *wasCut = true;
      return out;
    }
    if (escape) {
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 0xF];
      pos += 1;
    } else {
      out.append(text.substr(pos, length));
      pos += length;
    }
  }
  return out;
}

}  // namespace dcconf::casefile
