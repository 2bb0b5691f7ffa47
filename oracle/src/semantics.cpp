// The clause texts of docs/semantics.md (embedded by oracle/CMakeLists.txt), parsed once on first use. A clause is a
// list item starting with its bold id (indented lines continue it) or a table row whose first cell is an id; the
// format is the one docs/semantics.md states and scripts/check_semantics.py reads.
#include "dcconf/oracle/semantics.hpp"

#include <algorithm>
#include <cctype>
#include <utility>

namespace dcconf::oracle {
namespace detail {
extern const std::string_view kSemanticsText;
}

namespace {

bool isUpperOrDigit(char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }
bool isWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

// FAMILY-N or FAMILY-Na, FAMILY = upper-case words joined by '-' ("PAD-G2U", "AMB", "G").
bool isClauseId(std::string_view s) {
  const std::size_t dash = s.rfind('-');
  if (dash == std::string_view::npos || dash == 0 || dash + 1 >= s.size()) return false;
  std::string_view number = s.substr(dash + 1);
  if (!number.empty() && number.back() >= 'a' && number.back() <= 'z') number.remove_suffix(1);
  if (number.empty() || !std::all_of(number.begin(), number.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return false;
  }
  const std::string_view family = s.substr(0, dash);
  return family.front() >= 'A' && family.front() <= 'Z' && family.back() != '-' &&
         std::all_of(family.begin(), family.end(), [](char c) { return isUpperOrDigit(c) || c == '-'; });
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// A register row's first cell may tag a project-only id: "AMB-21 *(project)*" is the clause AMB-21.
std::string projectIdOf(const std::string& cell) {
  constexpr std::string_view kTag = "*(project)*";
  const std::size_t at = cell.find(kTag);
  return at == std::string::npos ? cell : std::string(trim(std::string_view(cell).substr(0, at)));
}

std::vector<std::string> cells(std::string_view row) {
  row = trim(row);
  if (row.starts_with('|')) row.remove_prefix(1);
  if (row.ends_with('|')) row.remove_suffix(1);
  std::vector<std::string> out;
  for (std::size_t start = 0;;) {
    const std::size_t bar = row.find('|', start);
    out.emplace_back(trim(row.substr(start, bar == std::string_view::npos ? row.size() - start : bar - start)));
    if (bar == std::string_view::npos) return out;
    start = bar + 1;
  }
}

std::vector<ClauseText> parse(std::string_view doc) {
  std::vector<ClauseText> out;
  std::string section;
  std::vector<std::string> header;  // the current table's column names
  std::string previousRow;          // a table's header is the row before its |---| line
  bool inItem = false;              // the last clause is a list item that indented lines continue
  for (std::size_t start = 0; start < doc.size();) {
    const std::size_t end = std::min(doc.find('\n', start), doc.size());
    const std::string_view line = doc.substr(start, end - start);
    start = end + 1;
    if (inItem && line.starts_with("  ") && !trim(line).empty()) {
      out.back().text += "\n" + std::string(trim(line));
      continue;
    }
    inItem = false;
    if (line.starts_with("## ")) {
      section = std::string(trim(line.substr(3)));
    } else if (line.starts_with("- **")) {
      const std::size_t close = line.find("**", 4);
      if (close == std::string_view::npos || !isClauseId(line.substr(4, close - 4))) continue;
      out.push_back({std::string(line.substr(4, close - 4)), section, std::string(trim(line.substr(close + 2)))});
      inItem = true;
    } else if (line.starts_with("|")) {
      const std::vector<std::string> row = cells(line);
      if (!row.empty() && row.front().starts_with("---")) {
        header = cells(previousRow);
      } else if (!row.empty() && isClauseId(projectIdOf(row.front()))) {
        ClauseText clause{projectIdOf(row.front()), section, ""};
        for (std::size_t i = 1; i < row.size(); ++i) {
          if (!clause.text.empty()) clause.text += "\n";
          clause.text += (i < header.size() ? header[i] : "column " + std::to_string(i)) + ": " + row[i];
        }
        out.push_back(std::move(clause));
      }
      previousRow = std::string(line);
    }
  }
  return out;
}

const std::vector<ClauseText>& clauses() {
  static const std::vector<ClauseText> parsed = parse(detail::kSemanticsText);
  return parsed;
}

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::toupper(static_cast<unsigned char>(x)) == std::toupper(static_cast<unsigned char>(y));
         });
}

}  // namespace

std::optional<ClauseText> clauseText(std::string_view id) {
  for (const ClauseText& clause : clauses()) {
    if (equalsIgnoringCase(clause.id, trim(id))) return clause;
  }
  return std::nullopt;
}

std::vector<std::string> clauseIds() {
  std::vector<std::string> ids;
  for (const ClauseText& clause : clauses()) ids.push_back(clause.id);
  return ids;
}

std::vector<std::string> clausesCitedIn(std::string_view text) {
  std::vector<std::pair<std::size_t, std::string>> found;  // (first position, id)
  for (const ClauseText& clause : clauses()) {
    for (std::size_t at = text.find(clause.id); at != std::string_view::npos; at = text.find(clause.id, at + 1)) {
      const std::size_t after = at + clause.id.size();
      const bool startsToken = at == 0 || (!isWordChar(text[at - 1]) && text[at - 1] != '-');
      const bool endsToken = after == text.size() || !isWordChar(text[after]);
      if (startsToken && endsToken) {
        found.emplace_back(at, clause.id);
        break;
      }
    }
  }
  std::sort(found.begin(), found.end());
  std::vector<std::string> ids;
  for (auto& [at, id] : found) ids.push_back(std::move(id));
  return ids;
}

std::string_view semanticsDocument() { return detail::kSemanticsText; }

}  // namespace dcconf::oracle
