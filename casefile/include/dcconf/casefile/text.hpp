// Small text helpers every layer above casefile/ shares: one glob matcher (option scopes, baselines, vector
// selection) and one XML escape (JUnit reports, SVG/HTML pictures).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace dcconf::casefile {

// Shell-style glob with * and ?. Iterative with one backtrack point: no recursion on an untrusted pattern, and
// linear enough for option values and baseline entries.
bool globMatch(std::string_view pattern, std::string_view text);

// One byte as "0x1f": how every report, failure line and vector verdict prints a byte.
std::string hexByte(std::uint8_t value);

// Text and attribute escaping for XML 1.0 (JUnit) and SVG/HTML: & < > " ' become entities; the control characters
// XML 1.0 forbids even when escaped (all below 0x20 but tab, newline and carriage return) become '?'.
std::string xmlEscape(std::string_view text);

}  // namespace dcconf::casefile
