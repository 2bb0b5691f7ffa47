// dcconf-cann-run's logic: vector set in, <tcId>.bin out, with a summary of what was skipped and why.
#include "runner.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <cstring>
#include <fstream>

#include <nlohmann/json.hpp>

#include "dcconf/casefile/text.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "dcconf/run/run.hpp"
#include "fixpipe_host.hpp"

namespace dcconf::cann {

namespace fs = std::filesystem;
using oracle::Case;
using oracle::Position;

namespace {

// ---- can this build run the vector? ----------------------------------------------------------------------------

enum class Memory : std::uint8_t { gm, ub, l1, l0c };
Memory memoryOf(Position p) {
  switch (p) {
    case Position::GM: return Memory::gm;
    case Position::VECIN:
    case Position::VECOUT:
    case Position::CO2: return Memory::ub;
    case Position::CO1: return Memory::l0c;
    default: return Memory::l1;  // A1, B1, TSCM
  }
}

// The real FIX or FIX950 kernel runs this case: its source buffer carries the Mmad operands (fixpipe_host.hpp).
bool usesFixKernel(const Case& c, const Capabilities& caps) {
  const std::optional<oracle::Operation> op = oracle::resolveOperation(c).operation;
  return caps.fixSourceViaMmad && c.fixpipe && (op == oracle::Operation::fixpipe || op == oracle::Operation::fixpipe950);
}

// The kernel stages an on-chip source and destination in their memories whole (device sizes: rounded up to 32, the
// destination with its guard tail).
std::optional<std::string> capacityProblem(const Case& c, const Capabilities& caps) {
  std::array<std::uint64_t, 4> need{};
  need[static_cast<std::size_t>(memoryOf(c.srcPos))] += srcDeviceBytes(c);
  // FIX950-9: each AIV stages one half of a dual-destination buffer (the second with the guard tail)
  need[static_cast<std::size_t>(memoryOf(c.dstPos))] +=
      oracle::isDualDestination(c) ? dstDeviceBytes(c) - c.dst.sizeBytes / 2 : dstDeviceBytes(c);
  if (usesFixKernel(c, caps)) {  // whole L0C fractals; A, B and the quant tensor pass through L1
    need[static_cast<std::size_t>(Memory::l0c)] = fixL0cBytes(c);
    need[static_cast<std::size_t>(Memory::l1)] += fixOperandBytes(c) + fixQuantL1Bytes(c);
  }
  const std::array<std::pair<const char*, std::uint64_t>, 4> have{
      {{"GM", ~std::uint64_t{0}}, {"UB", caps.ubBytes}, {"L1", caps.l1Bytes}, {"L0C", caps.l0cBytes}}};
  for (std::size_t m = 1; m < have.size(); ++m) {
    if (need[m] > have[m].second) {
      return std::string("buffers need ") + std::to_string(need[m]) + " bytes of " + have[m].first +
             " (rounded to 32, with the guard tail); the kernel stages at most " + std::to_string(have[m].second);
    }
  }
  return std::nullopt;
}

template <typename T>
bool contains(const std::vector<T>& list, T value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

// ---- outputs ---------------------------------------------------------------------------------------------------

using casefile::hexByte;

std::vector<std::uint8_t> withGuardTail(std::span<const std::uint8_t> bytes, std::uint64_t deviceBytes,
                                        std::uint8_t guard) {
  std::vector<std::uint8_t> out(deviceBytes, guard);
  std::copy(bytes.begin(), bytes.end(), out.begin());
  return out;
}

struct DeviceRun {
  std::optional<std::vector<std::uint8_t>> dst;  // dst.size bytes, once copied back
  std::string failure;                           // "" when the run and its checks succeeded
};

// One vector on the device: buffers, launch, status word, copy back, guard tail.
DeviceRun runOnDevice(const vectors::Vector& v, const Encoded& encoded, Device& device, std::uint8_t guard) {
  const Case& c = v.data.c;
  const DcconfCannTiling& t = encoded.tiling;
  LaunchBuffers b;
  std::vector<std::uint8_t> dst = withGuardTail(v.data.dstBefore, t.dstDeviceBytes, guard);
  std::vector<std::uint8_t> status(kStatusBytes, 0xFF);  // the kernel must overwrite it
  const auto tilingBytes = std::as_bytes(std::span(&t, 1));
  const std::vector<std::uint8_t> src = usesFixKernel(c, device.capabilities())
                                            ? fixMmadOperands(c, v.data.src)
                                            : withGuardTail(v.data.src, t.srcDeviceBytes, guard);
  std::vector<std::uint8_t> aux(auxDeviceBytes(encoded.aux.size() * sizeof(std::uint64_t)), 0);
  if (!aux.empty()) std::memcpy(aux.data(), encoded.aux.data(), encoded.aux.size() * sizeof(std::uint64_t));
  std::string error;
  const auto step = [&error](std::string result) {
    if (error.empty()) error = std::move(result);
  };
  step(device.alloc(sizeof t, b.tiling));
  step(device.alloc(src.size(), b.src));
  step(device.alloc(t.dstDeviceBytes, b.dst));
  step(device.alloc(kStatusBytes, b.status));
  if (!aux.empty()) step(device.alloc(aux.size(), b.aux));
  if (!error.empty()) return {{}, "alloc: " + error};
  step(device.copyIn(b.tiling, std::span(reinterpret_cast<const std::uint8_t*>(tilingBytes.data()), tilingBytes.size())));
  step(device.copyIn(b.src, src));
  step(device.copyIn(b.dst, dst));
  step(device.copyIn(b.status, status));
  if (!aux.empty()) step(device.copyIn(b.aux, aux));
  if (!error.empty()) return {{}, "copy-in: " + error};
  const KernelEntry& entry =
      entryOf(static_cast<DcconfCannFamily>(t.family), static_cast<DcconfCannPosition>(t.srcPos),
              static_cast<DcconfCannPosition>(t.dstPos));
  if (entry.entry == DCCONF_CANN_ENTRY_NONE) {
    return {{}, "no kernel entry for family " + std::string(familyName(static_cast<DcconfCannFamily>(t.family)))};
  }
  if (std::string launched = device.launch(entry, b); !launched.empty()) {
    return {{}, "launch of kernel dcconf_cann_" + std::string(entry.name) + " (" +
                    std::string(coreTypeName(entry.core)) + "): " + launched};
  }
  step(device.copyOut(b.status, status));
  step(device.copyOut(b.dst, dst));
  if (!error.empty()) return {{}, "copy-out: " + error};
  std::uint32_t word = 0;
  std::memcpy(&word, status.data(), sizeof word);
  if (word != DCCONF_CANN_STATUS_OK) {
    return {{}, "kernel status " + std::to_string(word) + ": " + std::string(kernelStatusName(word))};
  }
  DeviceRun run;
  for (std::uint64_t at = c.dst.sizeBytes; at < dst.size() && run.failure.empty(); ++at) {
    if (dst[at] != guard) {
      run.failure = "G-1: wrote past the destination: guard byte dst.size+" + std::to_string(at - c.dst.sizeBytes) +
                    " is " + hexByte(dst[at]) + ", was " + hexByte(guard);
    }
  }
  dst.resize(c.dst.sizeBytes);
  run.dst = std::move(dst);
  return run;
}

std::vector<const vectors::Vector*> selectedVectors(const vectors::VectorSet& set, const std::string& glob) {
  std::vector<const vectors::Vector*> out;
  for (const auto& v : set.vectors) {
    if (run::globMatch(glob, v.tcId)) out.push_back(&v);
  }
  return out;
}

}  // namespace

std::string_view name(VectorStatus status) {
  switch (status) {
    case VectorStatus::written: return "written";
    case VectorStatus::skipped: return "skipped";
    case VectorStatus::failed: return "failed";
  }
  return "?";
}

std::optional<std::string> skipReason(const vectors::Vector& v, const Capabilities& caps, bool launchInvalid) {
  const Case& c = v.data.c;
  if (v.result == vectors::Result::invalid && !launchInvalid) {
    return "invalid vector (" + v.clause + " " + v.field +
           "): not launched, verify counts the missing output as REJECTED (--launch-invalid runs it)";
  }
  const std::optional<Arch> arch = archOf(c.product);
  if (!arch) {
    return "product " + std::string(oracle::name(c.product)) +
           " has no architecture in this harness (dav-2201: atlas-a2, atlas-a3; dav-3510: ascend950)";
  }
  if (*arch != caps.arch) {
    return "product " + std::string(oracle::name(c.product)) + " is " + std::string(name(*arch)) +
           "; this build targets " + std::string(name(caps.arch));
  }
  const oracle::OperationResolution resolved = oracle::resolveOperation(c);
  if (!resolved.operation) return "malformed call (CASE): " + resolved.error;
  const DcconfCannFamily family = familyOf(*resolved.operation);
  if (!contains(caps.families, family)) {
    return "no " + std::string(familyName(family)) + " kernel (" +
           std::string(oracle::clauseFamily(*resolved.operation)) + ") in this build for " + std::string(name(caps.arch));
  }
  if (!contains(caps.dtypes, c.dtype)) {
    return "the " + std::string(familyName(family)) + " kernel is not built for dtype " + std::string(oracle::name(c.dtype));
  }
  if (c.loopMode && !caps.loopMode) {
    return "loop mode (LOOP-1): SetLoopModePara is in the dav-3510 headers only; this build targets " +
           std::string(name(caps.arch));
  }
  if (c.atomic != oracle::AtomicOp::none && !contains(caps.atomicDTypes, c.dtype)) {
    return "atomic " + std::string(oracle::name(c.atomic)) + " (ATOM-2): SetAtomic* is not instantiated for dtype " +
           std::string(oracle::name(c.dtype)) + " (the headers' SupportType list)";
  }
  if (oracle::isUbToL1Path(*resolved.operation, {c.srcPos, c.dstPos}) && !caps.ubToL1) {
    return std::string(*resolved.operation == oracle::Operation::nd2nz ? "ND2NZ-6" : "DC-5") +
           ": UB->L1 on " + std::string(name(caps.arch)) +
           " is a message to the Matmul API's KFC server (DataCopyUB2L1Impl / DataCopyUB2L1ND2NZImpl), which this "
           "harness does not set up; it runs on dav-3510 only (docs/cann.md)";
  }
  if (memoryOf(c.dstPos) == Memory::l1 && !caps.l1Destinations) {
    return "L1 destination (" + std::string(oracle::name(c.dstPos)) +
           "): this build has no L1 readback (configure with -DDCCONF_CANN_L1_READBACK=ON once checked, docs/cann.md)";
  }
  if (auto problem = capacityProblem(c, caps)) return problem;
  if (family == DCCONF_CANN_FAMILY_FIXPIPE_950) {
    if (auto problem = fix950UbProblem(c)) return problem;
  }
  if (usesFixKernel(c, caps)) return fixpipeProblem(v);
  return std::nullopt;
}

std::uint64_t Summary::count(VectorStatus status) const {
  return static_cast<std::uint64_t>(
      std::count_if(vectors.begin(), vectors.end(), [status](const VectorOutcome& o) { return o.status == status; }));
}

std::string Summary::toJsonText() const {
  nlohmann::ordered_json j;
  j["schema"] = "dcconf.cann-run/1";
  j["device"] = device;
  j["arch"] = arch;
  j["set"] = set;
  j["counts"] = {{"selected", vectors.size()},
                 {"written", count(VectorStatus::written)},
                 {"skipped", count(VectorStatus::skipped)},
                 {"failed", count(VectorStatus::failed)}};
  j["vectors"] = nlohmann::ordered_json::array();
  for (const auto& o : vectors) {
    j["vectors"].push_back({{"tcId", o.tcId}, {"status", std::string(name(o.status))}, {"reason", o.reason}});
  }
  return j.dump(2) + "\n";
}

std::string Summary::toText() const {
  std::string out;
  for (const auto& o : vectors) {
    if (o.status != VectorStatus::written) out += std::string(name(o.status)) + " " + o.tcId + ": " + o.reason + "\n";
  }
  out += "dcconf-cann-run " + device + " (" + arch + ") on " + set + ": " + std::to_string(vectors.size()) +
         " selected, " + std::to_string(count(VectorStatus::written)) + " written, " +
         std::to_string(count(VectorStatus::skipped)) + " skipped, " + std::to_string(count(VectorStatus::failed)) +
         " failed\n";
  return out;
}

std::string writeFileNoClobber(const fs::path& dir, const std::string& name, std::span<const std::uint8_t> bytes,
                               bool force) {
  const fs::path target = dir / name;
  const fs::path temp = dir / ("." + name + ".tmp." + std::to_string(::getpid()));
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    out.flush();
    if (!out) {
      std::error_code ignored;
      fs::remove(temp, ignored);
      return "cannot write " + temp.string();
    }
  }
  // rename replaces (only with --force); link fails with EEXIST instead of replacing, even against a racing writer.
  const int rc = force ? ::rename(temp.c_str(), target.c_str()) : ::link(temp.c_str(), target.c_str());
  const int err = errno;
  std::error_code ignored;
  if (!force || rc != 0) fs::remove(temp, ignored);
  if (rc == 0) return "";
  return target.string() + (err == EEXIST ? ": exists (use --force to overwrite)" : ": " + std::string(std::strerror(err)));
}

RunResult runSet(const vectors::VectorSet& set, Device& device, const RunOptions& options) {
  RunResult result;
  const std::vector<const vectors::Vector*> selected = selectedVectors(set, options.tcGlob);
  if (selected.empty()) {
    result.nothing = "no vector's tcId matches --tc '" + options.tcGlob + "'";
    return result;
  }
  std::error_code ec;
  fs::create_directories(options.outDir, ec);
  if (!fs::is_directory(options.outDir, ec)) {
    result.refused = options.outDir.string() + ": cannot create the output folder";
    return result;
  }
  // Refuse before any device time is spent: no existing output is replaced without --force.
  if (!options.force) {
    std::vector<std::string> names{kSummaryJson, kSummaryText};
    for (const auto* v : selected) names.push_back(v->tcId + ".bin");
    for (const auto& n : names) {
      if (fs::exists(options.outDir / n, ec)) {
        result.refused = (options.outDir / n).string() + ": exists (use --force to overwrite)";
        return result;
      }
    }
  }
  Summary summary;
  summary.device = device.name();
  summary.arch = std::string(name(device.capabilities().arch));
  summary.set = options.setArgument.empty() ? set.dir.string() : options.setArgument;
  for (const auto* v : selected) {
    VectorOutcome outcome{v->tcId, VectorStatus::written, ""};
    const fs::path target = options.outDir / (v->tcId + ".bin");
    bool wroteFile = false;
    std::optional<std::string> reason = skipReason(*v, device.capabilities(), options.launchInvalid);
    const EncodeResult encoded = reason ? EncodeResult{} : encode(v->data.c, {options.guardByte});
    if (!reason && !encoded.encoded) reason = "tiling: " + encoded.error.oneLine();
    if (reason) {
      outcome = {v->tcId, VectorStatus::skipped, *reason};
    } else {
      DeviceRun run = runOnDevice(*v, *encoded.encoded, device, options.guardByte);
      device.releaseAll();
      if (run.dst) {
        // Written even when the guard tail was hit, so verify can still judge the destination's own bytes.
        std::string written = writeFileNoClobber(options.outDir, v->tcId + ".bin", *run.dst, options.force);
        wroteFile = written.empty();
        if (!wroteFile) run.failure = run.failure.empty() ? written : run.failure + "; " + written;
      }
      if (!run.failure.empty()) outcome = {v->tcId, VectorStatus::failed, run.failure};
    }
    // A stale output of a vector not written this time must not be judged as this run's.
    if (!wroteFile && options.force) fs::remove(target, ec);
    summary.vectors.push_back(std::move(outcome));
  }
  const std::string json = summary.toJsonText();
  const std::string text = summary.toText();
  std::string error = writeFileNoClobber(options.outDir, kSummaryJson,
                                         std::span(reinterpret_cast<const std::uint8_t*>(json.data()), json.size()),
                                         options.force);
  if (error.empty()) {
    error = writeFileNoClobber(options.outDir, kSummaryText,
                               std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()), options.force);
  }
  result.refused = error;
  result.summary = std::move(summary);
  return result;
}

}  // namespace dcconf::cann
