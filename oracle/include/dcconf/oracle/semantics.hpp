// The text of every clause, from docs/semantics.md embedded at build time: `dcconf explain --clause ID` prints it
// and failure pages quote the clause a failure broke. No file is read at run time.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dcconf::oracle {

struct ClauseText {
  std::string id;       // "FIX-2"
  std::string section;  // "10. Quantising / ReLU copy out of L0C (`FIX`)"
  std::string text;     // the clause's paragraph (a register row: its columns, "name: value" a line), markup kept
};

// The clause `id` defines (case-insensitive: "fix-2" finds FIX-2); empty when docs/semantics.md defines no such id.
std::optional<ClauseText> clauseText(std::string_view id);
// Every id docs/semantics.md defines, in its order.
std::vector<std::string> clauseIds();
// The defined ids that occur in `text` as whole tokens ("[G-1] ... PAD-G2U-3" -> G-1, PAD-G2U-3), first occurrence
// order, each once; FIX-6a is not FIX-6.
std::vector<std::string> clausesCitedIn(std::string_view text);
// docs/semantics.md as built in.
std::string_view semanticsDocument();

}  // namespace dcconf::oracle
