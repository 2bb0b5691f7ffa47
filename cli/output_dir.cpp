#include "output_dir.hpp"

#include <fstream>
#include <iostream>
#include <set>
#include <system_error>
#include <utility>

#include <unistd.h>

#include "dcconf/casefile/io.hpp"
#include "dcconf/run/lifecycle.hpp"

namespace dcconf::cli {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kMarkerHeader = "written by dcconf; --force may replace this folder\n";
constexpr std::size_t kMaxCheckedEntries = 1000000;  // a folder this big is not one dcconf wrote

// "" when every file under dir is one the marker lists (what dcconf wrote there), else the first that is not, named
// (--force once deleted a notes.txt the user had added to a dcconf output).
std::string foreignFile(const fs::path& dir) {
  std::ifstream marker(dir / StagedOutput::kMarkerFile);
  std::set<std::string> listed;
  for (std::string line; listed.size() < kMaxCheckedEntries && std::getline(marker, line);) listed.insert(line);
  std::error_code ec;
  std::size_t seen = 0;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (++seen > kMaxCheckedEntries) return dir.string() + " holds more than a million entries";
    if (it->is_directory(ec) && !it->is_symlink(ec)) continue;
    const std::string relative = it->path().lexically_relative(dir).string();
    if (relative == StagedOutput::kMarkerFile || listed.count(relative) != 0) continue;
    return it->path().string() + " was not written by dcconf";
  }
  if (ec) return "cannot list " + dir.string() + ": " + ec.message();
  return {};
}

// "" when dir may be (re)placed; otherwise why not. --force replaces only an empty folder or one dcconf wrote
// (it holds kMarkerFile), never a file and never a folder of someone else's (--force once lost data).
std::string refusal(const fs::path& dir, bool force, bool marked) {
  std::error_code ec;
  const fs::file_status status = fs::symlink_status(dir, ec);
  if (!fs::exists(status)) return {};
  if (!fs::is_directory(status)) {
    return dir.string() + " exists and is not a folder: dcconf never replaces it, not even with --force";
  }
  if (fs::is_empty(dir, ec)) return {};
  // An unmarked kind (a vector set) is never replaced: saying "use --force" there would send people round in circles.
  if (!marked) {
    return dir.string() + " exists and is not empty: dcconf never replaces it, not even with --force (write to a new "
           "folder, or remove this one yourself)";
  }
  if (!force) return dir.string() + " exists and is not empty (use --force to replace it)";
  if (!fs::is_regular_file(fs::symlink_status(dir / StagedOutput::kMarkerFile, ec))) {
    return dir.string() + " is not a folder dcconf wrote (no " + StagedOutput::kMarkerFile +
           "): --force replaces only those; move it away yourself";
  }
  if (std::string foreign = foreignFile(dir); !foreign.empty()) {
    return foreign + ": --force replaces only what dcconf wrote; move it away yourself";
  }
  return {};
}

// A sibling of dir, so the final rename stays on one file system: ".<name>.<tag>-<pid>".
fs::path sibling(const fs::path& dir, const char* tag) {
  return dir.parent_path() / ("." + dir.filename().string() + "." + tag + "-" + std::to_string(::getpid()));
}

// "." and ".." have no name to rename aside ("cannot move . aside: Device or resource busy"): made absolute.
fs::path withoutTrailingSlash(const fs::path& dir) {
  fs::path normal = dir.lexically_normal();
  if (normal.empty() || normal.filename() == "." || normal.filename() == ".." || !normal.has_filename()) {
    std::error_code ec;
    normal = fs::absolute(dir, ec).lexically_normal();
  }
  return normal.has_filename() ? normal : normal.parent_path();
}

}  // namespace

StagedOutput::Begin StagedOutput::begin(const fs::path& requested, bool force, const std::vector<NamedPath>& inputs,
                                        bool marked) {
  if (std::string why = overlapError({"--out", requested}, inputs); !why.empty()) return {std::nullopt, why};
  const fs::path dir = withoutTrailingSlash(requested);
  if (std::string why = refusal(dir, force, marked); !why.empty()) return {std::nullopt, why};
  const fs::path staging = sibling(dir, "tmp");
  // Staging folders of this output left by a dcconf that was killed (SIGKILL: no handler ran): gone, and said.
  for (const auto& [path, pid] : run::removeStaleFolders(dir.parent_path().empty() ? fs::path(".") : dir.parent_path(),
                                                         "." + dir.filename().string() + ".tmp-", "")) {
    std::cerr << "dcconf: note: removed " << path.string() << ", the staging folder of dcconf process " << pid
              << " which no longer runs (killed?)\n";
  }
  std::error_code ec;
  fs::remove_all(staging, ec);  // a leftover of an earlier crash with the same pid
  fs::create_directories(staging, ec);
  if (ec) return {std::nullopt, "cannot create " + staging.string() + ": " + ec.message()};
  StagedOutput output(dir, staging, force);
  if (marked) {
    if (std::string error = output.write(kMarkerFile, kMarkerHeader); !error.empty()) return {std::nullopt, error};
  }
  output.marked_ = marked;
  return {std::move(output), {}};
}

StagedOutput::StagedOutput(StagedOutput&& other) noexcept
    : dir_(std::move(other.dir_)), staging_(std::exchange(other.staging_, {})), force_(other.force_),
      marked_(other.marked_) {}

StagedOutput::~StagedOutput() {
  if (staging_.empty()) return;
  std::error_code ignored;
  fs::remove_all(staging_, ignored);
}

// name may hold subfolders ("failures/x.json"); they are created inside the staging directory.
std::string StagedOutput::write(const std::string& name, std::span<const std::uint8_t> bytes) {
  std::error_code ec;
  fs::create_directories((staging_ / name).parent_path(), ec);
  return casefile::writeFileAtomic(staging_ / name, bytes);
}

std::string StagedOutput::write(const std::string& name, std::string_view text) {
  return write(name, std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

std::string StagedOutput::commit(bool markedInterrupted) {
  if (run::interrupted() && !markedInterrupted) {
    return "interrupted by " + run::interruptName() + ": nothing written to " + dir_.string();
  }
  // Checked again: dir may have been filled while we computed.
  if (std::string why = refusal(dir_, force_, /*marked=*/true); !why.empty()) return why;
  std::error_code ec;
  if (marked_) {  // the marker lists every file written, so that a later --force deletes only those
    std::string marker(kMarkerHeader);
    for (auto it = fs::recursive_directory_iterator(staging_, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      if (!it->is_directory(ec)) marker += it->path().lexically_relative(staging_).string() + "\n";
    }
    if (std::string error = write(kMarkerFile, marker); !error.empty()) return error;
  }
  const fs::path old = sibling(dir_, "old");
  const bool replacing = fs::exists(dir_, ec);
  if (replacing) {
    fs::remove_all(old, ec);
    fs::rename(dir_, old, ec);
    if (ec) return "cannot move " + dir_.string() + " aside: " + ec.message();
  }
  fs::rename(staging_, dir_, ec);
  if (ec) {
    std::error_code ignored;
    if (replacing) fs::rename(old, dir_, ignored);  // put the old content back
    return "cannot move " + staging_.string() + " to " + dir_.string() + ": " + ec.message();
  }
  staging_.clear();
  if (replacing) fs::remove_all(old, ec);
  return {};
}

}  // namespace dcconf::cli
