// Reading a generated page in the pictures' tests.
#pragma once

#include <cstddef>
#include <string>

namespace dcconf::pictures::testing {

inline std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

// The rect elements of one grid (from its <g id="grid-ID"> to the next </g>).
inline std::string gridText(const std::string& page, const std::string& id) {
  const std::size_t begin = page.find("<g id=\"grid-" + id + "\">");
  if (begin == std::string::npos) return "";
  return page.substr(begin, page.find("</g>", begin) - begin);
}

}  // namespace dcconf::pictures::testing
