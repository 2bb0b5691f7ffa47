// Architectures, what kernels/ builds for each, kernel status words.
#include "device.hpp"

#include "dcconf/oracle/oracle.hpp"

namespace dcconf::cann {

std::string_view name(Arch arch) { return arch == Arch::dav2201 ? "dav-2201" : "dav-3510"; }

std::optional<Arch> parseArch(std::string_view text) {
  if (text == "dav-2201") return Arch::dav2201;
  if (text == "dav-3510") return Arch::dav3510;
  return std::nullopt;
}

std::optional<Arch> archOf(oracle::Product product) {
  switch (product) {
    case oracle::Product::atlas_a2:
    case oracle::Product::atlas_a3: return Arch::dav2201;
    case oracle::Product::ascend950: return Arch::dav3510;
    default: return std::nullopt;
  }
}

Capabilities kernelCapabilities(Arch arch) {
  Capabilities caps;
  caps.arch = arch;
  caps.families = {DCCONF_CANN_FAMILY_PAD_GM_TO_UB, DCCONF_CANN_FAMILY_PAD_UB_TO_GM, DCCONF_CANN_FAMILY_PAD_UB_TO_TSCM,
                   DCCONF_CANN_FAMILY_COPY_0LEVEL,  DCCONF_CANN_FAMILY_COPY_2LEVEL,  DCCONF_CANN_FAMILY_ND2NZ,
                   DCCONF_CANN_FAMILY_NZ2ND,
                   // ND2NZUB: DataCopyGM2UBND2NZImpl is in the dav_c220 and the dav_3510 headers; FIX (FIX-8):
                   // DataCopyL0C2GMImpl / DataCopyL0C2L1Impl likewise
                   DCCONF_CANN_FAMILY_ND2NZ_GM_TO_UB, DCCONF_CANN_FAMILY_FIXPIPE};
  if (arch == Arch::dav2201) {
    caps.families.insert(caps.families.end(), {DCCONF_CANN_FAMILY_SLICE, DCCONF_CANN_FAMILY_ENHANCED_NORMAL});
  } else {
    caps.families.insert(caps.families.end(), {DCCONF_CANN_FAMILY_DN2NZ, DCCONF_CANN_FAMILY_PAD_COMPACT_GM_TO_UB,
                                               DCCONF_CANN_FAMILY_PAD_COMPACT_UB_TO_GM, DCCONF_CANN_FAMILY_FIXPIPE_950,
                                               DCCONF_CANN_FAMILY_NDDMA});
    caps.loopMode = true;
    caps.ubToL1 = true;
  }
  for (const auto& info : oracle::allDTypes()) {
    caps.dtypes.push_back(info.dtype);
    if (oracle::isAtomicDType(info.dtype)) caps.atomicDTypes.push_back(info.dtype);
  }
  return caps;
}

Capabilities fakeCapabilities(Arch arch) {
  Capabilities caps = kernelCapabilities(arch);
  caps.fixSourceViaMmad = false;
  return caps;
}

// The launch table, one row per entry of kernels/launch.asc. @post every family but CO1->CO2 has an entry for each
// destination its paths allow; GM -> A1/B1 rows are AIC, UB rows AIV, UB -> TSCM MIX.
std::span<const KernelEntry> kernelEntries() {
  using enum DstSide;
  static constexpr KernelEntry kEntries[] = {
      {DCCONF_CANN_ENTRY_PAD_GM_TO_UB, DCCONF_CANN_FAMILY_PAD_GM_TO_UB, DCCONF_CANN_CORE_AIV, any, "pad_gm_to_ub"},
      {DCCONF_CANN_ENTRY_PAD_UB_TO_GM, DCCONF_CANN_FAMILY_PAD_UB_TO_GM, DCCONF_CANN_CORE_AIV, any, "pad_ub_to_gm"},
      {DCCONF_CANN_ENTRY_PAD_UB_TO_TSCM, DCCONF_CANN_FAMILY_PAD_UB_TO_TSCM, DCCONF_CANN_CORE_MIX, any,
       "pad_ub_to_tscm"},
      {DCCONF_CANN_ENTRY_COPY_0LEVEL_UB, DCCONF_CANN_FAMILY_COPY_0LEVEL, DCCONF_CANN_CORE_AIV, notL1, "copy_0level"},
      {DCCONF_CANN_ENTRY_COPY_0LEVEL_L1, DCCONF_CANN_FAMILY_COPY_0LEVEL, DCCONF_CANN_CORE_AIC, l1, "copy_0level_l1"},
      {DCCONF_CANN_ENTRY_COPY_2LEVEL_UB, DCCONF_CANN_FAMILY_COPY_2LEVEL, DCCONF_CANN_CORE_AIV, notL1, "copy_2level"},
      {DCCONF_CANN_ENTRY_COPY_2LEVEL_L1, DCCONF_CANN_FAMILY_COPY_2LEVEL, DCCONF_CANN_CORE_AIC, l1, "copy_2level_l1"},
      {DCCONF_CANN_ENTRY_ND2NZ, DCCONF_CANN_FAMILY_ND2NZ, DCCONF_CANN_CORE_AIC, l1, "nd2nz"},
      {DCCONF_CANN_ENTRY_NZ2ND, DCCONF_CANN_FAMILY_NZ2ND, DCCONF_CANN_CORE_AIV, any, "nz2nd"},
      {DCCONF_CANN_ENTRY_SLICE, DCCONF_CANN_FAMILY_SLICE, DCCONF_CANN_CORE_AIV, any, "slice"},
      {DCCONF_CANN_ENTRY_DN2NZ, DCCONF_CANN_FAMILY_DN2NZ, DCCONF_CANN_CORE_AIC, any, "dn2nz"},
      {DCCONF_CANN_ENTRY_ENHANCED_NORMAL_UB, DCCONF_CANN_FAMILY_ENHANCED_NORMAL, DCCONF_CANN_CORE_AIV, notL1,
       "enhanced_normal"},
      {DCCONF_CANN_ENTRY_ENHANCED_NORMAL_L1, DCCONF_CANN_FAMILY_ENHANCED_NORMAL, DCCONF_CANN_CORE_AIC, l1,
       "enhanced_normal_l1"},
      {DCCONF_CANN_ENTRY_FIXPIPE, DCCONF_CANN_FAMILY_FIXPIPE, DCCONF_CANN_CORE_AIC, any, "fixpipe"},
      {DCCONF_CANN_ENTRY_PAD_COMPACT_GM_TO_UB, DCCONF_CANN_FAMILY_PAD_COMPACT_GM_TO_UB, DCCONF_CANN_CORE_AIV, any,
       "pad_compact_gm_to_ub"},
      {DCCONF_CANN_ENTRY_PAD_COMPACT_UB_TO_GM, DCCONF_CANN_FAMILY_PAD_COMPACT_UB_TO_GM, DCCONF_CANN_CORE_AIV, any,
       "pad_compact_ub_to_gm"},
      // FIX950: the Fixpipe runs on the AIC; toward the UB both AIVs stage and read back their UB (FIX950-9)
      {DCCONF_CANN_ENTRY_FIXPIPE_950, DCCONF_CANN_FAMILY_FIXPIPE_950, DCCONF_CANN_CORE_AIC, notUb, "fixpipe_950"},
      {DCCONF_CANN_ENTRY_FIXPIPE_950_UB, DCCONF_CANN_FAMILY_FIXPIPE_950, DCCONF_CANN_CORE_MIX_1_2, ub,
       "fixpipe_950_ub"},
      {DCCONF_CANN_ENTRY_ND2NZ_GM_TO_UB, DCCONF_CANN_FAMILY_ND2NZ_GM_TO_UB, DCCONF_CANN_CORE_AIV, any,
       "nd2nz_gm_to_ub"},
      {DCCONF_CANN_ENTRY_COPY_0LEVEL_UB_TO_L1, DCCONF_CANN_FAMILY_COPY_0LEVEL, DCCONF_CANN_CORE_MIX_1_2, ubToL1,
       "copy_0level_ub_to_l1"},
      {DCCONF_CANN_ENTRY_COPY_2LEVEL_UB_TO_L1, DCCONF_CANN_FAMILY_COPY_2LEVEL, DCCONF_CANN_CORE_MIX_1_2, ubToL1,
       "copy_2level_ub_to_l1"},
      {DCCONF_CANN_ENTRY_ND2NZ_UB_TO_L1, DCCONF_CANN_FAMILY_ND2NZ, DCCONF_CANN_CORE_MIX_1_2, ubToL1,
       "nd2nz_ub_to_l1"},
      {DCCONF_CANN_ENTRY_NDDMA, DCCONF_CANN_FAMILY_NDDMA, DCCONF_CANN_CORE_AIV, any, "nddma"},
  };
  return kEntries;
}

bool entryTakes(const KernelEntry& entry, DcconfCannFamily family, DcconfCannPosition srcPos,
                DcconfCannPosition dstPos) {
  const bool l1 = dstPos == DCCONF_CANN_POS_A1 || dstPos == DCCONF_CANN_POS_B1 || dstPos == DCCONF_CANN_POS_TSCM;
  const bool ub = dstPos == DCCONF_CANN_POS_VECIN || dstPos == DCCONF_CANN_POS_VECOUT || dstPos == DCCONF_CANN_POS_CO2;
  const bool fromUb = srcPos == DCCONF_CANN_POS_VECIN || srcPos == DCCONF_CANN_POS_VECOUT;
  if (entry.family != family) return false;
  switch (entry.dst) {
    case DstSide::any: return true;  // a family without a UB -> L1 entry (PAD-U2L1's UB -> TSCM) takes it here
    case DstSide::l1: return l1 && !fromUb;
    case DstSide::notL1: return !l1;
    case DstSide::ub: return ub;
    case DstSide::notUb: return !ub;
    case DstSide::ubToL1: return l1 && fromUb;
  }
  return false;
}

const KernelEntry& entryOf(DcconfCannFamily family, DcconfCannPosition srcPos, DcconfCannPosition dstPos) {
  static constexpr KernelEntry kNone{};
  for (const KernelEntry& entry : kernelEntries()) {
    if (entryTakes(entry, family, srcPos, dstPos)) return entry;
  }
  return kNone;
}

std::string_view coreTypeName(DcconfCannCoreType core) {
  switch (core) {
    case DCCONF_CANN_CORE_AIV: return "AIV";
    case DCCONF_CANN_CORE_AIC: return "AIC";
    case DCCONF_CANN_CORE_MIX: return "MIX";
    case DCCONF_CANN_CORE_MIX_1_2: return "MIX_1_2";
    default: return "none";
  }
}

std::string_view kernelStatusName(std::uint32_t status) {
  switch (status) {
    case DCCONF_CANN_STATUS_OK: return "ok";
    case DCCONF_CANN_STATUS_BAD_TILING: return "bad tiling block (magic/version/size)";
    case DCCONF_CANN_STATUS_BAD_FAMILY: return "tiling block is for another kernel family";
    case DCCONF_CANN_STATUS_BAD_DTYPE: return "kernel not built for this dtype";
    case DCCONF_CANN_STATUS_BAD_PATH: return "kernel does not implement these positions";
    default: return "unknown status (the kernel did not write its status word)";
  }
}

}  // namespace dcconf::cann
