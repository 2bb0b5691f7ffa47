// The host program's logic (dcconf-cann-run, docs/cann.md): for every selected vector of a set, decide whether this
// build can run it (else skip with a reason), encode the tiling block, fill guard-tailed device buffers, launch the
// family's kernel, copy the destination back, check the guard tail and the kernel's status word, and write
// <tcId>.bin atomically into the output folder, where `dcconf vectors verify` judges it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "dcconf/vectors/vectors.hpp"
#include "device.hpp"

namespace dcconf::cann {

struct RunOptions {
  std::filesystem::path outDir;
  bool force = false;            // overwrite existing outputs (and remove stale ones of skipped vectors)
  std::string tcGlob = "*";
  std::uint8_t guardByte = kDefaultGuardByte;
  bool launchInvalid = false;    // launch invalid vectors too (the device may fault); default: skip them
  std::string setArgument;       // the set folder as typed, for the summary
};

enum class VectorStatus : std::uint8_t { written, skipped, failed };
std::string_view name(VectorStatus status);

struct VectorOutcome {
  std::string tcId;
  VectorStatus status = VectorStatus::written;
  std::string reason;  // skipped / failed: one line; written: empty, or a note
};

struct Summary {
  std::string device;
  std::string arch;
  std::string set;
  std::vector<VectorOutcome> vectors;
  std::uint64_t count(VectorStatus status) const;
  std::string toJsonText() const;  // schema dcconf.cann-run/1
  std::string toText() const;      // one line per skipped / failed vector, then the totals
};

struct RunResult {
  std::optional<Summary> summary;
  std::string refused;   // output refused (exit 5): an existing file without --force, or an unwritable folder
  std::string nothing;   // nothing selected by --tc (exit 7)
};

inline constexpr const char* kSummaryJson = "cann-run.json";
inline constexpr const char* kSummaryText = "cann-run.txt";

// Why this build cannot run the vector, or nullopt if it can (the set's product must map to the device's
// architecture, the family and dtype must be built, the buffers must fit the on-chip memories the kernel stages
// through, a FIX vector must pass fixpipeProblem: exact L0C preload, quant tensor and nz2nd strides the kernel takes).
std::optional<std::string> skipReason(const vectors::Vector& v, const Capabilities& caps, bool launchInvalid);

RunResult runSet(const vectors::VectorSet& set, Device& device, const RunOptions& options);

// Writes bytes to dir/name through a temporary file and a rename (force) or a link that refuses to replace (no
// force). "" or an error line.
std::string writeFileNoClobber(const std::filesystem::path& dir, const std::string& name,
                               std::span<const std::uint8_t> bytes, bool force);

}  // namespace dcconf::cann
