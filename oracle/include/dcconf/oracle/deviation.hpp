// Diagnosis, never an expectation: FIX-6's arithmetic with one stage done the way a third-party
// simulator's quantising copy got it wrong. A failure whose bytes the oracle reproduces under one deviation is
// reported as that defect (properties/relation.hpp), so two defects of one conversion mode are two bugs.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "dcconf/oracle/oracle.hpp"

namespace dcconf::oracle {

enum class FixDeviation : std::uint8_t {
  offsetBeforeRounding,  // 8-bit results: round(y + offset) for round(y) + offset
  noClampBeforeOffset,   // 8-bit results: y not saturated to [-256, 255] before the offset
  vectorWordByRow,       // V* modes: the quant tensor indexed by the row m, not the column n
  vectorWordFirst,       // V* modes: every column given the tensor's entry 0
  mcbIgnored,            // the MCB shift and its int16 saturation skipped (bit 36 read as 0)
  scaleFromAll32Bits,    // M1 read from bits [31:0], the low 13 bits kept
  reluOnProduct,         // ReLU on the product x * M1 rather than on x (M2 = 0)
  negativeZeroKept,      // DEQF16 / VDEQF16: no zero offset after the conversion, -0.0 stays
};
inline constexpr std::array kFixDeviations{FixDeviation::offsetBeforeRounding, FixDeviation::noClampBeforeOffset,
                                           FixDeviation::vectorWordByRow,      FixDeviation::vectorWordFirst,
                                           FixDeviation::mcbIgnored,
                                           FixDeviation::scaleFromAll32Bits,   FixDeviation::reluOnProduct,
                                           FixDeviation::negativeZeroKept};

// "the offset added before rounding": how a report names it.
std::string_view describe(FixDeviation deviation);

// A set of deviations, one bit each (bit d for FixDeviation d).
using FixDeviations = std::uint32_t;
constexpr FixDeviations bitOf(FixDeviation deviation) { return FixDeviations{1} << static_cast<unsigned>(deviation); }

// The deviations that can change case c's output: the 8-bit ones for an 8-bit result, the V* ones for a V* mode,
// MCB for an int32 source, ReLU's with ReLU on, -0.0 for DEQF16 / VDEQF16; none for a mode without FIX-5's scale.
FixDeviations applicableDeviations(const Case& c);

// While one lives, the FIX and FIX950 evaluations of this thread (evaluate, alternatives) have the deviations.
class AsIf {
 public:
  explicit AsIf(FixDeviations deviations);
  ~AsIf();
  AsIf(const AsIf&) = delete;
  AsIf& operator=(const AsIf&) = delete;
};

}  // namespace dcconf::oracle
