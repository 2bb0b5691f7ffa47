// Numbers that matter for the ENH deq conversions (ENH-2..4): random source bytes never hit an exact rounding tie,
// so a case sometimes rewrites its CO1 source elements with special values: ties after the drawn scales (odd values
// for 0.5 and 1.5, 2 mod 4 for 0.25, 2049 for the half spacing of 2), the 8- and 16-bit saturation bounds and one
// past them, +-0, small integers and, for half sources, subnormals, +-inf and NaN. (FIX draws its own:
// generators_fixpipe.cpp.)
#include <cstring>

#include "draw.hpp"

namespace dcconf::properties::detail {

using namespace dcconf::oracle;

namespace {

const std::vector<std::uint32_t>& specialInt32() {
  static const std::vector<std::uint32_t> values = [] {
    std::vector<std::uint32_t> out;
    for (const std::int64_t v : {0LL,     1LL,     -1LL,    2LL,     3LL,     -3LL,    5LL,    -5LL,    6LL,
                                 -6LL,    7LL,     127LL,   128LL,   -128LL,  -129LL,  254LL,  255LL,   256LL,
                                 257LL,   -255LL,  -256LL,  -257LL,  -258LL,  510LL,   511LL,  32767LL, 32768LL,
                                 -32768LL, -32769LL, 65534LL, 65535LL, 65536LL, -65536LL, -65537LL, 2049LL, 2051LL,
                                 4098LL,  -2049LL, 65519LL, 65520LL, 131040LL, 2147483647LL, -2147483648LL,
                                 // the int16 bounds and one past under the other drawn scales (2, 0.25, -1, 1.5)
                                 16384LL, -16384LL, 131068LL, -131072LL, -32767LL, 21845LL,
                                 // the half bound 65504 after scale 1, 2, 0.25, -1 and 1.5 (DEQ int32->half)
                                 65504LL, 32752LL, 262016LL, -65504LL, 43670LL,
                                 // one past the int16 bounds after scale 0.25 and -1
                                 131072LL, -131076LL, 32769LL}) {
      out.push_back(static_cast<std::uint32_t>(v));
    }
    return out;
  }();
  return values;
}

const std::vector<std::uint32_t>& specialHalf() {
  static const std::vector<std::uint32_t> values{0x0000, 0x8000, 0x3C00, 0xBC00, 0x3800, 0x3E00, 0x4100, 0xC100,
                                                 0x4200, 0x0001, 0x0003, 0x03FF, 0x8001, 0x0400, 0x7BFF, 0xFBFF,
                                                 0x7C00, 0xFC00, 0x7E00, 0xFE01, 0x57F0, 0x5800, 0x5BF8, 0x5C00,
                                                 0x77FF, 0xF7FF};  // the half bound at scale 2
  return values;
}

}  // namespace

void plantConversionSources(casefile::CaseData& data, DType u) {
  const bool plant = drawWeightedBool(1, 2);  // two cases in three; shrinks toward the seeded bytes
  const auto seed = *rc::gen::arbitrary<std::uint32_t>();
  if (!plant) return;
  const std::uint32_t s = sizeBytes(u);
  const auto& list = s == 2 ? specialHalf() : specialInt32();
  std::uint64_t state = seed;
  for (std::uint64_t at = data.c.src.offsetBytes; at + s <= data.src.size(); at += s) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    if ((state >> 62) == 0) continue;  // one element in four keeps its random bits
    const std::uint32_t value = list[(state >> 33) % list.size()];
    std::memcpy(&data.src[at], &value, s);  // little-endian host, as every buffer here
  }
}

}  // namespace dcconf::properties::detail
