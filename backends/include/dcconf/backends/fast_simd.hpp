// Which SIMD kernels the fast backend's quantising copy uses (runtime dispatch; docs/bench.md).
#pragma once

#include <string_view>

namespace dcconf::backends {

// The Highway target the fast backend's SIMD kernels run on ("AVX3", "AVX2"), or "scalar" when this CPU lacks AVX2
// and F16C or the kernels are turned off.
std::string_view fastSimdTarget();
// Turns the SIMD kernels off (tests compare the scalar path with them) or back on; returns the previous setting.
bool setFastSimdEnabled(bool enabled);

}  // namespace dcconf::backends
