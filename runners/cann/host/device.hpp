// The device a vector runs on, as the host program sees it: buffers, copy in, launch one kernel family, copy out.
// Two implementations: AclDevice (acl_device.cpp, compiled only in the CANN project: CPU model, simulator or NPU)
// and FakeDevice (fake_device.hpp: the dcconf fast or oracle backend plays the kernel; the main build tests the
// host logic with it, and it can inject failures).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "codec.hpp"
#include "dcconf/oracle/types.hpp"

namespace dcconf::cann {

// Ascend C architectures (--npu-arch): dav-2201 = Atlas A2/A3, dav-3510 = Ascend 950.
enum class Arch : std::uint8_t { dav2201, dav3510 };
std::string_view name(Arch arch);
std::optional<Arch> parseArch(std::string_view text);
std::optional<Arch> archOf(oracle::Product product);  // nullopt: no architecture of this harness

// What one build of the kernels can run. The on-chip sizes bound what a kernel can stage.
struct Capabilities {
  Arch arch = Arch::dav2201;
  std::vector<DcconfCannFamily> families;  // kernels built
  std::vector<oracle::DType> dtypes;       // dtypes their switch covers
  std::uint64_t ubBytes = 192u << 10;      // Unified Buffer (VECIN/VECOUT/CO2 staging)
  std::uint64_t l1Bytes = 512u << 10;      // L1 (A1/B1/TSCM)
  std::uint64_t l0cBytes = 128u << 10;     // L0C (CO1)
  bool l1Destinations = true;    // the kernels can read an L1 destination back (kernels/common.h, L1ToGm)
  // The FIX kernel runs FIX vectors: its source buffer carries Mmad operands (fixpipe_host.hpp) and only vectors
  // fixpipeProblem accepts are launched. FakeDevice honours it too (it multiplies the operands back into L0C).
  // FIX950 (dav-3510) loads L0C the same way (kernels/fixpipe950.asc).
  bool fixSourceViaMmad = true;
  // SetLoopModePara around the DataCopyPad GM<->UB (LOOP-1: the 950 header only, so dav-3510), and the
  // element types SetAtomicAdd/Max/Min<T> compile for (ATOM-2: the headers' SupportType lists; the dav_3510 one is a
  // static_assert, so the kernel instantiates no other T and answers BAD_DTYPE).
  bool loopMode = false;
  std::vector<oracle::DType> atomicDTypes;
  // DC-5 / ND2NZ-6 (VECIN/VECOUT -> L1). dav-3510 only: there the vendor's DataCopyUB2L1Impl and
  // DataCopyUB2L1ND2NZImpl copy directly on the vector core when the kernel is not MIX 1:1; on dav-2201 they only
  // send a message to the Matmul API's KFC server, which this harness does not set up.
  bool ubToL1 = false;
};
// The families kernels/ implements on an architecture (DN2NZ, DataCopyPad Compact, FIX950 and NDDMA on dav-3510
// only; slice / enhanced / FIX on dav-2201 only, as the product table gives them; CO1->CO2 nowhere: neither architecture has CO2),
// every dtype; loop mode on dav-3510; atomic copies to GM on both (ATOM-1: A2, A3 and the 950); the GM->UB ND2NZ
// (ND2NZUB) on both.
Capabilities kernelCapabilities(Arch arch);
// What FakeDevice plays by default: the same families, FIX with the vector's own source (a dcconf backend needs no
// L0C preload), so every valid golden FIX vector runs.
Capabilities fakeCapabilities(Arch arch);

// One entry of kernels/launch.asc and the core type it declares (KERNEL_TASK_TYPE_DEFAULT). In the vendor's dav_c220
// and dav_c310 headers GM -> L1 and L1 -> GM run only on the cube core (AIC), UB copies only on the vector core (AIV),
// and UB -> TSCM on the AIV with its GM -> L1 leg sent to the AIC; so a family whose paths end in L1 and elsewhere
// (DC, 2-level, enhanced normal) has one entry per side (docs/cann.md, "Core types").
// l1: a destination in L1 written from GM (or L0C): the cube core's copies; ubToL1: a VECIN/VECOUT source and an L1
// destination (DC-5, ND2NZ-6: issued by the vector core, dav-3510 only); notL1: the other destinations; ub: a
// VECIN/VECOUT/CO2 destination (FIX950 CO1->UB), notUb the others.
enum class DstSide : std::uint8_t { any, l1, notL1, ub, notUb, ubToL1 };
struct KernelEntry {
  DcconfCannEntry entry = DCCONF_CANN_ENTRY_NONE;
  DcconfCannFamily family = DCCONF_CANN_FAMILY_NONE;
  DcconfCannCoreType core = DCCONF_CANN_CORE_NONE;
  DstSide dst = DstSide::any;  // which of the family's destinations this entry takes
  std::string_view name;       // the kernel's symbol, dcconf_cann_<name>
};
std::span<const KernelEntry> kernelEntries();  // every entry kernels/ defines, on either architecture
bool entryTakes(const KernelEntry& entry, DcconfCannFamily family, DcconfCannPosition srcPos,
                DcconfCannPosition dstPos);
// The entry that runs a call of this family from srcPos writing dstPos; entry NONE when kernels/ has none (CO1->CO2).
const KernelEntry& entryOf(DcconfCannFamily family, DcconfCannPosition srcPos, DcconfCannPosition dstPos);
std::string_view coreTypeName(DcconfCannCoreType core);  // "AIV", "AIC", "MIX", "MIX_1_2"

using BufferId = std::uint32_t;
inline constexpr BufferId kNoBuffer = 0xFFFFFFFFu;

// The kernel's arguments, in this order: tiling block, source (FIX: the Mmad operands), destination, aux (quant
// tensor, padded to whole 128-byte bursts), status word.
struct LaunchBuffers {
  BufferId tiling = kNoBuffer;
  BufferId src = kNoBuffer;
  BufferId dst = kNoBuffer;
  BufferId aux = kNoBuffer;
  BufferId status = kNoBuffer;
};
inline constexpr std::uint64_t kStatusBytes = DCCONF_CANN_BLOCK_BYTES;

class Device {
 public:
  virtual ~Device() = default;
  virtual std::string name() const = 0;  // "acl:npu:0", "fake:fast"
  virtual const Capabilities& capabilities() const = 0;
  // Each returns "" on success, otherwise one error line.
  virtual std::string alloc(std::uint64_t bytes, BufferId& out) = 0;
  virtual std::string copyIn(BufferId dst, std::span<const std::uint8_t> bytes) = 0;
  virtual std::string launch(const KernelEntry& entry, const LaunchBuffers& buffers) = 0;  // and wait for it
  virtual std::string copyOut(BufferId src, std::span<std::uint8_t> bytes) = 0;
  virtual void releaseAll() = 0;  // frees every buffer (after each vector)
};

std::string_view kernelStatusName(std::uint32_t status);  // DCCONF_CANN_STATUS_*

}  // namespace dcconf::cann
