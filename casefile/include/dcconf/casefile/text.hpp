// Small text helpers every layer above casefile/ shares: one glob matcher (option scopes, baselines, vector
// selection) and one XML escape (JUnit reports, SVG/HTML pictures).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
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

// Any text from outside (a backend's detail or name, a path, a command line) as valid UTF-8, cut to at most maxBytes
// on a character boundary ("..." appended when cut): JSON serialisation throws on one invalid byte and a cut inside a
// character makes one. Each byte that is not part of a well-formed UTF-8 sequence (stray continuation,
// overlong form, surrogate, above U+10FFFF, truncated sequence) becomes the four characters "\xNN"; with
// escapeControls, so does every control character (below 0x20 and 0x7f), so a NUL never reaches a terminal raw.
std::string validUtf8(std::string_view text, std::size_t maxBytes = std::numeric_limits<std::size_t>::max(),
                      bool escapeControls = false, bool* wasCut = nullptr);

// Length of the well-formed UTF-8 sequence starting at text[pos], or 0 when the byte there does not start one.
std::size_t utf8SequenceLength(std::string_view text, std::size_t pos);

}  // namespace dcconf::casefile
