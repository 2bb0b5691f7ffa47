// Loading a dcconf.vectors/1 set: manifest, hashes and sizes first (capped before anything is read), then groups.
#include <fstream>
#include <set>

#include <nlohmann/json.hpp>

#include "dcconf/casefile/json_guard.hpp"
#include "dcconf/oracle/alternatives.hpp"
#include "dcconf/vectors/sha256.hpp"
#include "dcconf/vectors/vectors.hpp"
#include "json_fields.hpp"

namespace dcconf::vectors {

namespace fs = std::filesystem;
using nlohmann::json;
using detail::Fields;

std::string Problem::oneLine() const {
  std::string line = file;
  if (!field.empty()) line += ": " + field;
  return line + ": " + message;
}

std::string reportGroup(const oracle::Case& c) {
  return std::string(oracle::name(c.api)) + " " + oracle::pathName(c.srcPos, c.dstPos);
}

namespace {

// A set-relative path that stays inside the set: no absolute paths, no "..", no empty parts.
bool safeRelative(const std::string& rel) {
  if (rel.empty() || rel.front() == '/' || rel.find('\\') != std::string::npos || rel.find('\0') != std::string::npos) {
    return false;
  }
  for (const auto& part : fs::path(rel)) {
    if (part == ".." || part == "." || part.empty()) return false;
  }
  return true;
}

bool isHex64(const std::string& text) {
  return text.size() == 64 && text.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// Reads at most `cap` bytes; the caller has checked the file's size.
std::optional<std::vector<std::uint8_t>> readCapped(const fs::path& path, std::uint64_t size) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::vector<std::uint8_t> bytes(size);
  in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(size));
  if (static_cast<std::uint64_t>(in.gcount()) != size) return std::nullopt;
  return bytes;
}

// The file's size from the file system, or a problem.
std::optional<std::uint64_t> fileSize(const fs::path& path, const std::string& rel, std::vector<Problem>& problems) {
  std::error_code ec;
  if (fs::is_symlink(path, ec)) {  // it could point anywhere, out of the set included
    problems.push_back({rel, "", "is a symbolic link to " + fs::read_symlink(path, ec).string().substr(0, 120) +
                                     ": a vector set holds regular files only"});
    return std::nullopt;
  }
  if (!fs::is_regular_file(path, ec)) {
    problems.push_back({rel, "", "cannot read " + path.string() + ": " + (ec ? ec.message() : "missing or not a regular file")});
    return std::nullopt;
  }
  const std::uintmax_t size = fs::file_size(path, ec);
  if (ec) {
    problems.push_back({rel, "", "cannot read " + path.string() + ": " + ec.message()});
    return std::nullopt;
  }
  return size;
}

std::optional<json> parseJsonText(const std::string& text, const std::string& file, std::vector<Problem>& problems) {
  std::string why;
  std::optional<json> guarded = casefile::parseJsonGuarded(text, why);  // depth capped before parsing
  if (!guarded) {
    problems.push_back({file, "", "is not JSON: " + casefile::clipForMessage(why, 120)});
    return std::nullopt;
  }
  json parsed = std::move(*guarded);
  if (!parsed.is_object()) {
    problems.push_back({file, "", "is not a JSON object"});
    return std::nullopt;
  }
  return parsed;
}

void checkSchema(const json& top, const Fields& f, const char* expected, const char* what) {
  const auto schema = f.string(top, "", "schema");
  if (schema && *schema != expected) {
    f.fail("schema", "= \"" + schema->substr(0, 60) + "\": not a " + what + " (expected \"" + expected + "\")");
  }
}

std::vector<std::string> readStringArray(const json& object, const std::string& at, const std::string& key,
                                         const Fields& f) {
  std::vector<std::string> out;
  const json* array = f.member(object, at, key);
  if (array == nullptr) return out;
  if (!array->is_array()) {
    f.fail(Fields::join(at, key), "is not an array");
    return out;
  }
  for (std::size_t i = 0; i < array->size(); ++i) {
    if (!(*array)[i].is_string()) {
      f.fail(Fields::join(at, key) + "[" + std::to_string(i) + "]", "is not a string");
      continue;
    }
    out.push_back((*array)[i].get<std::string>());
  }
  return out;
}

std::map<std::string, FlagDef> readFlags(const json& object, const std::string& key, const Fields& f) {
  std::map<std::string, FlagDef> flags;
  const json* notes = f.member(object, "", key);
  if (notes == nullptr) return flags;
  if (!notes->is_object()) {
    f.fail(key, "is not an object of flag definitions");
    return flags;
  }
  for (const auto& [name, def] : notes->items()) {
    const std::string at = key + "." + name;
    const auto clause = f.string(def, at, "clause");
    const auto description = f.string(def, at, "description");
    if (clause && clause->empty()) f.fail(at + ".clause", "is empty: every flag names the clause it exercises");
    if (clause && description) flags[name] = {*clause, *description};
  }
  return flags;
}

}  // namespace

std::optional<Manifest> parseManifest(const std::string& text, std::vector<Problem>& problems,
                                      const LoadLimits& limits) {
  const std::size_t before = problems.size();
  const auto top = parseJsonText(text, kManifestFile, problems);
  if (!top) return std::nullopt;
  const Fields f(kManifestFile, problems);
  checkSchema(*top, f, kManifestSchema, "dcconf vector set manifest");
  if (problems.size() != before) return std::nullopt;
  Manifest m;
  m.dcconfVersion = f.string(*top, "", "dcconfVersion").value_or("");
  m.seed = f.unsignedInt(*top, "", "seed").value_or(0);
  m.product = f.string(*top, "", "product").value_or("");
  m.profile = f.string(*top, "", "profile").value_or("");
  m.paths = f.string(*top, "", "paths").value_or("*");
  m.dtypes = f.string(*top, "", "dtypes").value_or("*");
  m.count = f.unsignedInt(*top, "", "count").value_or(0);
  m.command = f.string(*top, "", "command").value_or("");
  m.numberOfTests = f.unsignedInt(*top, "", "numberOfTests").value_or(0);
  if (m.numberOfTests > limits.maxTests) {
    f.fail("numberOfTests", "= " + std::to_string(m.numberOfTests) + ": over the limit of " +
                                std::to_string(limits.maxTests) + " tests");
  }
  m.flags = readFlags(*top, "flags", f);
  m.groups = readStringArray(*top, "", "groups", f);
  std::uint64_t total = 0;
  if (const json* files = f.member(*top, "", "files"); files != nullptr) {
    static const json kNoFiles = json::object();
    if (!files->is_object()) f.fail("files", "is not an object of file entries");
    for (const auto& [rel, entry] : (files->is_object() ? *files : kNoFiles).items()) {
      const std::string at = "files[\"" + rel.substr(0, 120) + "\"]";
      if (!safeRelative(rel)) {
        f.fail(at, "is not a relative path inside the set");
        continue;
      }
      const auto size = f.unsignedInt(entry, at, "size");
      const auto sha = f.string(entry, at, "sha256");
      if (!size || !sha) continue;
      if (!isHex64(*sha)) f.fail(at + ".sha256", "is not 64 lower-case hex digits");
      const std::uint64_t cap = std::max(limits.maxBufferBytes, limits.maxJsonBytes);
      if (*size > cap) {
        f.fail(at + ".size", "= " + std::to_string(*size) + ": over the limit of " + std::to_string(cap) + " bytes");
        continue;
      }
      total += *size;
      m.files[rel] = {*size, *sha};
    }
  }
  if (total > limits.maxTotalBytes) {
    f.fail("files", "add up to " + std::to_string(total) + " bytes: over the limit of " +
                        std::to_string(limits.maxTotalBytes));
  }
  for (const std::string& group : m.groups) {
    if (!m.files.contains(group)) f.fail("groups", "names \"" + group.substr(0, 120) + "\", which files does not list");
  }
  if (problems.size() != before) return std::nullopt;
  return m;
}

namespace {

// One tensor reference {"file", "size"} of a test: listed in the manifest (so hashed), of the declared size.
std::optional<std::vector<std::uint8_t>> readTensor(const json& test, const std::string& at, const std::string& key,
                                                    std::uint64_t dstSize, const Manifest& manifest,
                                                    const fs::path& dir, const Fields& f, const LoadLimits& limits) {
  const json* ref = f.member(test, at, key);
  if (ref == nullptr) return std::nullopt;
  const std::string field = Fields::join(at, key);
  const auto rel = f.string(*ref, field, "file");
  const auto size = f.unsignedInt(*ref, field, "size");
  if (!rel || !size) return std::nullopt;
  if (*size != dstSize) {
    f.fail(field + ".size", "= " + std::to_string(*size) + ": the case's dst.size is " + std::to_string(dstSize));
    return std::nullopt;
  }
  if (*size > limits.maxBufferBytes) {
    f.fail(field + ".size", "= " + std::to_string(*size) + ": over the buffer limit");
    return std::nullopt;
  }
  const auto listed = manifest.files.find(*rel);
  if (!safeRelative(*rel) || listed == manifest.files.end()) {
    f.fail(field + ".file", "= \"" + rel->substr(0, 120) + "\": not a file the manifest lists");
    return std::nullopt;
  }
  if (listed->second.size != *size) {
    f.fail(field + ".size", "= " + std::to_string(*size) + ": the manifest says " + *rel + " is " +
                                std::to_string(listed->second.size) + " bytes");
    return std::nullopt;
  }
  std::vector<Problem> sizeProblems;
  const auto actual = fileSize(dir / *rel, *rel, sizeProblems);
  if (!actual || *actual != *size) {
    f.fail(field + ".file", *rel + " is not " + std::to_string(*size) + " bytes");
    return std::nullopt;
  }
  auto bytes = readCapped(dir / *rel, *size);
  if (!bytes) f.fail(field + ".file", "cannot read " + *rel);
  return bytes;
}

// The case's src/dst "file" references must be manifest files (so their hashes were checked).
bool caseFilesListed(const json& caseJson, const std::string& at, const Manifest& manifest, const Fields& f) {
  bool ok = true;
  for (const char* side : {"src", "dst"}) {
    const json* buffer = f.member(caseJson, at, side);
    if (buffer == nullptr) return false;
    const auto rel = f.string(*buffer, at + "." + side, "file", false);
    if (rel && (!safeRelative(*rel) || !manifest.files.contains(*rel))) {
      f.fail(at + "." + side + ".file", "= \"" + rel->substr(0, 120) + "\": not a file the manifest lists");
      ok = false;
    }
  }
  return ok;
}

std::vector<oracle::ByteRange> readRanges(const json& test, const std::string& at, std::uint64_t dstSize,
                                          const Fields& f) {
  std::vector<oracle::ByteRange> ranges;
  const json* array = f.member(test, at, "allowedWrites");
  if (array == nullptr) return ranges;
  const std::string field = at + ".allowedWrites";
  if (!array->is_array()) {
    f.fail(field, "is not an array of [begin, end) pairs");
    return ranges;
  }
  for (std::size_t i = 0; i < array->size(); ++i) {
    const json& pair = (*array)[i];
    if (!pair.is_array() || pair.size() != 2 || !pair[0].is_number_unsigned() || !pair[1].is_number_unsigned() ||
        pair[0].get<std::uint64_t>() > pair[1].get<std::uint64_t>() || pair[1].get<std::uint64_t>() > dstSize) {
      f.fail(field + "[" + std::to_string(i) + "]", "is not a [begin, end) pair inside dst (size " +
                                                        std::to_string(dstSize) + ")");
      continue;
    }
    ranges.push_back({pair[0].get<std::uint64_t>(), pair[1].get<std::uint64_t>()});
  }
  return ranges;
}

// The optional "nanElements" of a valid test (AMB-16 (project)): [{"offset": N, "dtype": "bfloat16_t"}, ...], each
// a float element inside dst whose bytes are ANY in care, sorted and disjoint.
std::vector<oracle::ClassConstraint> readNanElements(const json& test, const std::string& at,
                                                     const std::vector<std::uint8_t>& care, const Fields& f) {
  std::vector<oracle::ClassConstraint> out;
  const json* array = f.member(test, at, "nanElements", false);
  if (array == nullptr) return out;
  const std::string field = at + ".nanElements";
  if (!array->is_array()) {
    f.fail(field, "is not an array of {offset, dtype} objects");
    return out;
  }
  for (std::size_t i = 0; i < array->size(); ++i) {
    const std::string item = field + "[" + std::to_string(i) + "]";
    const auto offset = f.unsignedInt((*array)[i], item, "offset");
    const auto dtypeName = f.string((*array)[i], item, "dtype");
    if (!offset || !dtypeName) continue;
    const auto dtype = oracle::parseDType(*dtypeName);
    if (!dtype || oracle::canonicalNanBits(*dtype) == 0) {
      f.fail(item + ".dtype", "= \"" + dtypeName->substr(0, 40) + "\": not a float type (half, bfloat16_t, float, double)");
      continue;
    }
    const std::uint64_t size = oracle::sizeBytes(*dtype);
    if (*offset > care.size() || care.size() - *offset < size ||
        (!out.empty() && out.back().index + oracle::sizeBytes(out.back().dtype) > *offset)) {
      f.fail(item + ".offset", "= " + std::to_string(*offset) + ": not inside dst after the previous element");
      continue;
    }
    bool any = true;
    for (std::uint64_t b = 0; b < size; ++b) any = any && care[*offset + b] == 0;
    if (!any) {
      f.fail(item + ".offset", "= " + std::to_string(*offset) + ": its bytes are cared in care (a NaN element is ANY)");
      continue;
    }
    out.push_back({*offset, *dtype, oracle::ValueClass::nan});
  }
  return out;
}

void checkFlags(const std::vector<std::string>& flags, const std::string& at, const Manifest& manifest,
                const std::map<std::string, FlagDef>& notes, const Fields& f) {
  for (const std::string& flag : flags) {
    if (!manifest.flags.contains(flag)) f.fail(at + ".flags", "\"" + flag.substr(0, 60) + "\" is not defined in the manifest");
    if (!notes.contains(flag)) f.fail(at + ".flags", "\"" + flag.substr(0, 60) + "\" is not defined in this file's notes");
  }
}

bool isCareMask(const std::vector<std::uint8_t>& care, const std::string& field, const Fields& f) {
  for (std::size_t i = 0; i < care.size(); ++i) {
    if (care[i] > 1) {
      f.fail(field, "byte " + std::to_string(i) + " is " + std::to_string(care[i]) + ": a care mask holds 0 or 1");
      return false;
    }
  }
  return true;
}

// "offset-signed,deq-rne" -> its combination (bit k = the second reading of ambIds[k]), or nullopt.
std::optional<std::size_t> combinationOf(const std::string& words, const std::vector<int>& ambIds) {
  std::size_t m = 0, k = 0, begin = 0;
  while (k < ambIds.size()) {
    const std::size_t end = std::min(words.find(',', begin), words.size());
    const std::string_view word(words.data() + begin, end - begin);
    const oracle::ReadingWords w = oracle::readingWords(ambIds[k]);
    if (word == w.second) m |= std::size_t{1} << k;
    else if (word != w.first) return std::nullopt;
    ++k;
    begin = end + 1;
    if (end == words.size()) break;
  }
  if (k != ambIds.size() || begin <= words.size()) return std::nullopt;
  return m;
}

// G-6: the optional "alternatives" of a valid test; absent in pinned-profile sets and in sets older than the field.
bool readAlternatives(const json& test, const std::string& at, Vector& v, const Manifest& manifest,
                      const fs::path& dir, const Fields& f, const LoadLimits& limits) {
  const json* alt = f.member(test, at, "alternatives", false);
  if (alt == nullptr) return true;
  const std::string field = at + ".alternatives";
  for (const std::string& name : readStringArray(*alt, field, "ambiguities", f)) {
    int id = 0;
    if (name.rfind("AMB-", 0) == 0 && name.size() <= 7 && name.find_first_not_of("0123456789", 4) == std::string::npos &&
        name.size() > 4) {
      id = std::stoi(name.substr(4));
    }
    if (!oracle::isAlternatives(id) || (!v.ambIds.empty() && id <= v.ambIds.back())) {
      f.fail(field + ".ambiguities", "\"" + name.substr(0, 20) + "\": not an alternatives ambiguity (AMB-7..15, 19..22) "
                                     "in ascending order");
      return false;
    }
    v.ambIds.push_back(id);
  }
  if (v.ambIds.empty() || v.ambIds.size() > 8) {
    f.fail(field + ".ambiguities", "needs 1 to 8 ambiguities (G-6)");
    return false;
  }
  const json* readings = f.member(*alt, field, "readings");
  if (readings == nullptr) return false;
  if (!readings->is_array() || readings->empty() || readings->size() > (std::size_t{1} << v.ambIds.size())) {
    f.fail(field + ".readings", "is not an array of 1 to 2^" + std::to_string(v.ambIds.size()) + " readings");
    return false;
  }
  const std::uint64_t dstSize = v.data.c.dst.sizeBytes;
  for (std::size_t r = 0; r < readings->size(); ++r) {
    const std::string rat = field + ".readings[" + std::to_string(r) + "]";
    Vector::Reading reading;
    reading.words = readStringArray((*readings)[r], rat, "combinations", f);
    for (const std::string& words : reading.words) {
      const auto m = combinationOf(words, v.ambIds);
      if (!m) {
        f.fail(rat + ".combinations", "\"" + words.substr(0, 120) + "\": not one profile word per ambiguity, in order");
        return false;
      }
      reading.combinations.push_back(*m);
    }
    if (reading.combinations.empty()) {
      f.fail(rat + ".combinations", "is empty: a reading names the combinations that give it");
      return false;
    }
    auto expected = readTensor((*readings)[r], rat, "expected", dstSize, manifest, dir, f, limits);
    auto care = readTensor((*readings)[r], rat, "care", dstSize, manifest, dir, f, limits);
    if (!expected || !care || !isCareMask(*care, rat + ".care", f)) return false;
    reading.expected = std::move(*expected);
    reading.care = std::move(*care);
    v.readings.push_back(std::move(reading));
  }
  return true;
}

std::optional<Vector> parseTest(const json& test, const std::string& at, const std::string& fileName,
                                const Manifest& manifest, const std::map<std::string, FlagDef>& notes,
                                const fs::path& dir, const Fields& f, const LoadLimits& limits) {
  const std::size_t before = f.problemCount();
  Vector v;
  v.groupFile = fileName;
  v.tcId = f.string(test, at, "tcId").value_or("");
  v.comment = f.string(test, at, "comment").value_or("");
  v.flags = readStringArray(test, at, "flags", f);
  checkFlags(v.flags, at, manifest, notes, f);
  if (const auto result = f.string(test, at, "result")) {
    if (*result == "valid") v.result = Result::valid;
    else if (*result == "invalid") v.result = Result::invalid;
    else f.fail(at + ".result", "= \"" + result->substr(0, 40) + "\": not valid or invalid");
  }
  if (!v.tcId.empty() && v.tcId.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_-.") != std::string::npos) {
    f.fail(at + ".tcId", "= \"" + v.tcId.substr(0, 60) + "\": only a-z, 0-9, '_', '-' and '.' (it names a file)");
  }
  const json* caseJson = f.member(test, at, "case");
  if (caseJson == nullptr || f.problemCount() != before) return std::nullopt;
  if (!caseFilesListed(*caseJson, at + ".case", manifest, f)) return std::nullopt;
  casefile::LoadResult loaded =
      casefile::parseCase(*caseJson, dir, fileName + ": " + at + ".case", casefile::LoadLimits{limits.maxBufferBytes});
  if (const auto* error = std::get_if<casefile::LoadError>(&loaded)) {
    f.fail(at + ".case." + error->field, (error->value.empty() ? "" : "= " + error->value.substr(0, 60) + ": ") + error->message);
    return std::nullopt;
  }
  v.data = std::move(std::get<casefile::CaseData>(loaded));
  const std::uint64_t dstSize = v.data.c.dst.sizeBytes;
  if (v.result == Result::valid) {
    auto expected = readTensor(test, at, "expected", dstSize, manifest, dir, f, limits);
    auto care = readTensor(test, at, "care", dstSize, manifest, dir, f, limits);
    if (!expected || !care || !isCareMask(*care, at + ".care", f)) return std::nullopt;
    v.nanElements = readNanElements(test, at, *care, f);
    v.expected = std::move(*expected);
    v.care = std::move(*care);
    if (!readAlternatives(test, at, v, manifest, dir, f, limits)) return std::nullopt;
  } else {
    v.clause = f.string(test, at, "clause").value_or("");
    v.field = f.string(test, at, "field").value_or("");
    v.allowedWrites = readRanges(test, at, dstSize, f);
  }
  if (f.problemCount() != before) return std::nullopt;
  return v;
}

}  // namespace

std::vector<Vector> parseGroup(const std::string& text, const std::string& fileName, const Manifest& manifest,
                               const fs::path& dir, std::vector<Problem>& problems, const LoadLimits& limits) {
  std::vector<Vector> out;
  const std::size_t before = problems.size();
  const auto top = parseJsonText(text, fileName, problems);
  if (!top) return out;
  const Fields f(fileName, problems);
  checkSchema(*top, f, kGroupSchema, "dcconf vector group file");
  if (problems.size() != before) return out;
  const auto api = f.string(*top, "", "api");
  const auto path = f.string(*top, "", "path");
  const auto dtype = f.string(*top, "", "dtype");
  const auto declared = f.unsignedInt(*top, "", "numberOfTests");
  const auto notes = readFlags(*top, "notes", f);
  for (const auto& [flag, def] : notes) {
    const auto it = manifest.flags.find(flag);
    if (it == manifest.flags.end() || !(it->second == def)) {
      f.fail("notes." + flag, "differs from the manifest's definition (or the manifest has none)");
    }
  }
  const json* groups = f.member(*top, "", "testGroups");
  if (groups == nullptr) return out;
  if (!groups->is_array()) {
    f.fail("testGroups", "is not an array");
    return out;
  }
  std::uint64_t seen = 0;
  for (std::size_t g = 0; g < groups->size(); ++g) {
    const std::string gat = "testGroups[" + std::to_string(g) + "]";
    const json* tests = f.member((*groups)[g], gat, "tests");
    if (tests == nullptr) continue;
    if (!tests->is_array()) {
      f.fail(gat + ".tests", "is not an array");
      continue;
    }
    for (std::size_t t = 0; t < tests->size(); ++t) {
      if (++seen > limits.maxTests) {
        f.fail(gat + ".tests", "more than " + std::to_string(limits.maxTests) + " tests");
        return out;
      }
      const std::string at = gat + ".tests[" + std::to_string(t) + "]";
      auto vector = parseTest((*tests)[t], at, fileName, manifest, notes, dir, f, limits);
      if (!vector) continue;
      const oracle::Case& c = vector->data.c;
      if ((api && *api != oracle::name(c.api)) || (path && *path != oracle::pathName(c.srcPos, c.dstPos)) ||
          (dtype && *dtype != oracle::name(c.dtype))) {
        f.fail(at + ".case", "is a " + std::string(oracle::name(c.api)) + " " + oracle::pathName(c.srcPos, c.dstPos) +
                                 " " + std::string(oracle::name(c.dtype)) + " case, but the file's api/path/dtype differ");
        continue;
      }
      out.push_back(std::move(*vector));
    }
  }
  if (declared && *declared != seen) {
    f.fail("numberOfTests", "= " + std::to_string(*declared) + ": the file holds " + std::to_string(seen) + " tests");
  }
  return out;
}

Loaded loadSet(const fs::path& dir, const LoadLimits& limits) {
  Loaded loaded;
  auto& problems = loaded.problems;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    problems.push_back({dir.string(), "", "is not a vector set folder (expected a directory holding manifest.json)"});
    return loaded;
  }
  const auto manifestSize = fileSize(dir / kManifestFile, kManifestFile, problems);
  if (!manifestSize) {
    problems.back().message += ": not a dcconf vector set";
    return loaded;
  }
  if (*manifestSize > limits.maxJsonBytes) {
    problems.push_back({kManifestFile, "", "is " + std::to_string(*manifestSize) + " bytes: over the limit of " +
                                               std::to_string(limits.maxJsonBytes)});
    return loaded;
  }
  const auto manifestBytes = readCapped(dir / kManifestFile, *manifestSize);
  if (!manifestBytes) {
    problems.push_back({kManifestFile, "", "cannot be read to the end"});
    return loaded;
  }
  const auto manifest = parseManifest(std::string(manifestBytes->begin(), manifestBytes->end()), problems, limits);
  if (!manifest) return loaded;
  // Every listed file: exists, has the declared size (checked before reading), and the declared sha256.
  bool filesOk = true;
  // Progress: one step per hashed file, then one per group file parsed.
  const std::uint64_t steps = manifest->files.size() + manifest->groups.size();
  std::uint64_t done = 0;
  auto step = [&] {
    if (limits.onProgress) limits.onProgress(++done, steps);
  };
  for (const auto& [rel, entry] : manifest->files) {
    step();
    const auto size = fileSize(dir / rel, rel, problems);
    if (!size) {
      filesOk = false;
      continue;
    }
    if (*size != entry.size) {
      problems.push_back({rel, "size", "is " + std::to_string(*size) + " bytes, the manifest says " +
                                           std::to_string(entry.size) + " (truncated or replaced)"});
      filesOk = false;
      continue;
    }
    const auto bytes = readCapped(dir / rel, entry.size);
    const std::string digest = bytes ? sha256Hex(*bytes) : "";
    if (digest != entry.sha256) {
      problems.push_back({rel, "sha256", "is " + digest + ", the manifest says " + entry.sha256 + " (corrupted)"});
      filesOk = false;
    }
  }
  // Nothing in the folder that the manifest does not vouch for.
  std::uint64_t walked = 0;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (++walked > 4 * limits.maxTests) break;
    const std::string rel = it->path().lexically_relative(dir).generic_string();  // relative() would follow a link
    if (it->is_symlink()) {
      if (!manifest->files.contains(rel)) {  // a listed one was reported above
        std::error_code linkEc;  // not ec: it ends the walk
        problems.push_back({rel, "", "is a symbolic link to " + fs::read_symlink(it->path(), linkEc).string().substr(0, 120) +
                                         ": a vector set holds regular files only"});
      }
      continue;
    }
    if (it->is_directory()) continue;
    if (rel != kManifestFile && !manifest->files.contains(rel)) {
      problems.push_back({rel, "", "is in the set folder but not listed in manifest.json"});
    }
  }
  if (!filesOk) return loaded;
  VectorSet set{dir, *manifest, {}};
  std::set<std::string> ids;
  for (const std::string& group : manifest->groups) {
    step();
    const auto bytes = readCapped(dir / group, manifest->files.at(group).size);
    if (!bytes) continue;
    if (bytes->size() > limits.maxJsonBytes) {
      problems.push_back({group, "", "is over the limit of " + std::to_string(limits.maxJsonBytes) + " bytes"});
      continue;
    }
    auto vectors = parseGroup(std::string(bytes->begin(), bytes->end()), group, *manifest, dir, problems, limits);
    for (auto& vector : vectors) {
      if (!ids.insert(vector.tcId).second) {
        problems.push_back({group, "tcId", "\"" + vector.tcId + "\" is not unique in the set"});
        continue;
      }
      if (set.vectors.size() >= limits.maxTests) {
        problems.push_back({group, "", "more than " + std::to_string(limits.maxTests) + " tests in the set"});
        return loaded;
      }
      set.vectors.push_back(std::move(vector));
    }
  }
  if (set.vectors.size() != manifest->numberOfTests && problems.empty()) {
    problems.push_back({kManifestFile, "numberOfTests", "= " + std::to_string(manifest->numberOfTests) +
                                                            ": the groups hold " + std::to_string(set.vectors.size())});
  }
  if (problems.empty()) loaded.set = std::move(set);
  return loaded;
}

}  // namespace dcconf::vectors
