// dcconf_vectors.hpp: a small C++17 loader for dcconf.vectors/1 golden vector sets (docs/vectors-format.md), for a
// device harness outside CANN: walk the tests of a set, read each case's parameters by their Ascend C field names
// and its buffers. Link libdcconf_vectors_loader.a; the example examples/walk_set.cpp fills the Ascend C parameter
// structs from it. It reads what the set says; `dcconf vectors lint SET` checks hashes and sizes.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace dcconf_vectors {

struct BufferRef {
  std::string file;        // relative to the set, e.g. "data/<tcId>.src.bin"; empty when the case has none
  std::uint64_t size = 0;  // bytes
  std::uint64_t offset = 0;  // where the copy starts inside the buffer
};

struct Test {
  std::string tcId, comment, result;  // result: "valid" or "invalid"
  std::vector<std::string> flags;
  std::string api, path, dtype, operation, clauseFamily;  // "DataCopyPad", "GM->VECIN", "half", "padGmToUb", ...
  std::string paramsType, padParamsType;  // "DataCopyExtParams", "DataCopyPadExtParams" ("" when none)
  // The scalar fields of the case's params / padParams / other parameter objects ("fixpipe", "loopMode", ...), by
  // their Ascend C names, as text: numbers in decimal, booleans "true"/"false", enums by name ("F322F16").
  std::map<std::string, std::string> params, padParams;
  std::map<std::string, std::map<std::string, std::string>> other;
  BufferRef src, dst, expected, care;  // expected / care: valid tests only
  std::string caseJson;  // the whole dcconf.case/1 object, for what the maps leave out (arrays)
};

struct Set {
  std::string dir, product, profile;
  std::vector<Test> tests;  // in the manifest's group order, then the group's order
};

// The set in dir, or nullopt with error (one line naming the file, the field and what is wrong).
std::optional<Set> loadSet(const std::string& dir, std::string& error);

// A field of params (etc.) as an unsigned number (decimal or 0x hex text); nullopt when absent or not a number.
std::optional<std::uint64_t> number(const std::map<std::string, std::string>& fields, const std::string& name);

// The bytes of a set file (a BufferRef's file); empty with error when it cannot be read or has another size.
std::vector<std::uint8_t> readBuffer(const Set& set, const BufferRef& buffer, std::string& error);

}  // namespace dcconf_vectors
