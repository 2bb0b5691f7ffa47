// An output directory written atomically: files go into a sibling temporary directory, and commit() renames it
// into place, so DIR holds either its old content or the complete new one, never a mix.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "safe_output.hpp"

namespace dcconf::cli {

class StagedOutput {
 public:
  // Marks a folder dcconf wrote: only such a folder (or an empty one) may be replaced with --force.
  static constexpr const char* kMarkerFile = ".dcconf-output";

  // Empty error and a staging directory, or an error line: DIR is, contains or lies inside one of inputs; DIR is a
  // file; DIR is non-empty without force, or with force but not marked; or it cannot be created. marked = false
  // for a folder others read as a whole (a vector set lists every file it holds): --force never replaces it.
  struct Begin;
  static Begin begin(const std::filesystem::path& dir, bool force, const std::vector<NamedPath>& inputs = {},
                     bool marked = true);

  StagedOutput(StagedOutput&& other) noexcept;
  StagedOutput& operator=(StagedOutput&&) = delete;
  StagedOutput(const StagedOutput&) = delete;
  StagedOutput& operator=(const StagedOutput&) = delete;
  ~StagedOutput();  // an uncommitted staging directory is removed

  // Each returns "" or an error line.
  std::string write(const std::string& name, std::span<const std::uint8_t> bytes);
  std::string write(const std::string& name, std::string_view text);
  // After SIGINT/SIGTERM nothing is committed ("interrupted ...") unless the caller marked its output interrupted
  // and says so with markedInterrupted.
  std::string commit(bool markedInterrupted = false);

 private:
  StagedOutput(std::filesystem::path dir, std::filesystem::path staging, bool force)
      : dir_(std::move(dir)), staging_(std::move(staging)), force_(force) {}

  std::filesystem::path dir_;
  std::filesystem::path staging_;  // empty once committed or moved from
  bool force_ = false;
  bool marked_ = false;
};

struct StagedOutput::Begin {
  std::optional<StagedOutput> output;
  std::string error;
};

}  // namespace dcconf::cli
