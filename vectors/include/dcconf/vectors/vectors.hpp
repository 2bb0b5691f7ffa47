// dcconf.vectors/1 (docs/vectors-format.md): a folder of golden vectors for device harnesses that cannot link
// dcconf. manifest.json + one Wycheproof-shaped group file per api x path x dtype + raw tensors under data/.
// Loading never throws, never trusts a size it has not capped, and reports every problem as one line naming the
// file and the field.
#pragma once

#include <functional>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "dcconf/casefile/casefile.hpp"
#include "dcconf/oracle/expectation.hpp"

namespace dcconf::vectors {

inline constexpr const char* kManifestSchema = "dcconf.vectors/1";
inline constexpr const char* kGroupSchema = "dcconf.vectors.group/1";
inline constexpr const char* kManifestFile = "manifest.json";

struct FlagDef {
  std::string clause;       // the clause(s) the flag exercises: "PAD-G2U-5"
  std::string description;  // one line
  friend bool operator==(const FlagDef&, const FlagDef&) = default;
};

struct FileEntry {
  std::uint64_t size = 0;
  std::string sha256;  // lower-case hex
};

struct Manifest {
  std::string dcconfVersion;
  std::uint64_t seed = 0;
  std::string product;
  std::string profile;
  std::string paths = "*";
  std::string dtypes = "*";
  std::uint64_t count = 0;
  std::string command;
  std::uint64_t numberOfTests = 0;
  std::map<std::string, FlagDef> flags;
  std::vector<std::string> groups;         // group file names, in the set's order
  std::map<std::string, FileEntry> files;  // every file of the set but the manifest, by relative path
};

enum class Result : std::uint8_t { valid, invalid };

struct Vector {
  std::string tcId;       // unique in the set: "<group stem>-<nnnn>"; a harness dumps <tcId>.bin
  std::string comment;
  std::vector<std::string> flags;
  Result result = Result::valid;
  std::string groupFile;  // the group file it came from
  casefile::CaseData data;                 // the case, its src and the destination before the copy
  std::vector<std::uint8_t> expected;      // valid: the destination after the copy
  std::vector<std::uint8_t> care;          // valid: 1 where expected must match, 0 for ANY
  // valid, optional ("nanElements"; absent in older sets): ANY elements that must be a NaN of their
  // dtype, any payload (AMB-16 (project)), sorted by offset
  std::vector<oracle::ClassConstraint> nanElements;
  std::string clause;                      // invalid: the clause the oracle names (G-4)
  std::string field;                       // invalid: the offending field
  std::vector<oracle::ByteRange> allowedWrites;  // invalid: where an IUT that runs it anyway may write (G-4)
  // valid, G-6: the open alternatives ambiguities of the case (default profile). Empty for a pinned profile and for
  // sets exported before the field existed: then expected/care alone judge.
  struct Reading {
    std::vector<std::string> words;          // per combination giving these bytes: "offset-signed,deq-rne"
    std::vector<std::size_t> combinations;   // the same as bit masks: bit k = the second reading of ambIds[k]
    std::vector<std::uint8_t> expected;      // the destination under this whole reading
    std::vector<std::uint8_t> care;          // care.bin plus every byte this reading decides
  };
  std::vector<int> ambIds;         // ascending: 8 for "AMB-8"
  std::vector<Reading> readings;   // one per distinct whole reading; an output must match one of them
};

struct VectorSet {
  std::filesystem::path dir;
  Manifest manifest;
  std::vector<Vector> vectors;
};

struct Problem {
  std::string file;     // relative to the set: "manifest.json", "data/x.src.bin"
  std::string field;    // "files[\"data/x.src.bin\"].sha256", "testGroups[0].tests[3].tcId"; may be empty
  std::string message;  // why
  std::string oneLine() const;  // "data/x.src.bin: sha256: does not match the manifest (corrupted or truncated)"
};

struct LoadLimits {
  std::uint64_t maxBufferBytes = 256ull << 20;  // any one tensor
  std::uint64_t maxJsonBytes = 64ull << 20;     // the manifest and each group file
  std::uint64_t maxTests = 1u << 20;            // in the whole set
  std::uint64_t maxTotalBytes = 4ull << 30;     // all files the manifest lists, together
  // Called with (files done, files in all) as each listed file is hashed and each group parsed: for a progress bar.
  std::function<void(std::uint64_t, std::uint64_t)> onProgress;
};

struct Loaded {
  std::optional<VectorSet> set;   // present when problems is empty
  std::vector<Problem> problems;  // lint's findings; the first is the one to show when loading fails
};

// Reads and checks the whole set: manifest, every listed file's size and sha256 (before it is parsed), every group,
// every tensor's size against its case, tcIds unique, every flag defined, no unlisted files.
Loaded loadSet(const std::filesystem::path& dir, const LoadLimits& limits = {});

// The in-memory parsers loadSet uses (and the fuzz target drives). Problems are appended; a nullopt / short
// result means the text is unusable. Group parsing reads tensors relative to dir.
std::optional<Manifest> parseManifest(const std::string& text, std::vector<Problem>& problems,
                                      const LoadLimits& limits = {});
std::vector<Vector> parseGroup(const std::string& text, const std::string& fileName, const Manifest& manifest,
                               const std::filesystem::path& dir, std::vector<Problem>& problems,
                               const LoadLimits& limits = {});

// "DataCopyPad GM->VECIN": the report's group for a vector.
std::string reportGroup(const oracle::Case& c);

}  // namespace dcconf::vectors
