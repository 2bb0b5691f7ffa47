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
                   DCCONF_CANN_FAMILY_NZ2ND};
  if (arch == Arch::dav2201) {
    caps.families.insert(caps.families.end(),
                         {DCCONF_CANN_FAMILY_SLICE, DCCONF_CANN_FAMILY_ENHANCED_NORMAL, DCCONF_CANN_FAMILY_FIXPIPE});
  } else {
    caps.families.push_back(DCCONF_CANN_FAMILY_DN2NZ);
  }
  for (const auto& info : oracle::allDTypes()) caps.dtypes.push_back(info.dtype);
  return caps;
}

Capabilities fakeCapabilities(Arch arch) {
  Capabilities caps = kernelCapabilities(arch);
  caps.fixSourceViaMmad = false;
  return caps;
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
