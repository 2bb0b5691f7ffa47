// Special data in every move: random source bytes never hold a 32-byte block of zeros (p = 2^-256)
// or a float -0.0 (p = 2^-16 .. 2^-64 per element), so a simulator that skips writing zero blocks or flushes -0.0 in
// a move passed every run. One move case in two lays structured data over the source bytes it reads: the dtype's
// special elements (+-0, +-inf, quiet and signalling NaNs with payloads, subnormals, integer min/max), a run of 0x00
// and one of 0xFF (32..128 bytes, starting at a read range's 32-byte grid or off it) and a repeated 32-byte block.
// Every segment is laid in order in the first read ranges with room for it, so a planted case with a few hundred read
// bytes holds every class by construction, not by the draw's luck (docs/coverage.md). moveSample measures the
// classes on the read bytes, for every move case, planted or not.
#include <algorithm>
#include <cstring>

#include "draw.hpp"

namespace dcconf::properties {

using namespace dcconf::oracle;

namespace {

constexpr std::uint32_t bit(NumberClass k) { return 1u << static_cast<unsigned>(k); }

// A float format by its bit fields (sign, exponent, quiet bit of the mantissa).
struct FloatBits {
  std::uint64_t sign, exponent, mantissa, quiet;
};
std::optional<FloatBits> floatBits(DType t) {
  switch (t) {
    case DType::half: return FloatBits{0x8000, 0x7C00, 0x03FF, 0x0200};
    case DType::bfloat16_t: return FloatBits{0x8000, 0x7F80, 0x007F, 0x0040};
    case DType::float_: return FloatBits{0x80000000u, 0x7F800000u, 0x007FFFFFu, 0x00400000u};
    case DType::double_:
      return FloatBits{std::uint64_t{1} << 63, std::uint64_t{0x7FF} << 52, (std::uint64_t{1} << 52) - 1,
                       std::uint64_t{1} << 51};
    default: return std::nullopt;
  }
}

bool isSignedInteger(DType t) {
  return t == DType::int8_t || t == DType::int16_t || t == DType::int32_t || t == DType::int64_t;
}
bool isUnsignedInteger(DType t) {
  return t == DType::uint8_t || t == DType::uint16_t || t == DType::uint32_t || t == DType::uint64_t;
}
std::uint64_t allOnes(std::uint64_t sizeBytes) {
  return sizeBytes >= 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * sizeBytes)) - 1;
}

// The element classes a move requires of dtype t (fp4 pairs are bytes: only the byte classes).
std::uint32_t elementClassesRequired(DType t) {
  if (floatBits(t)) {
    return bit(NumberClass::minusZero) | bit(NumberClass::plusInf) | bit(NumberClass::minusInf) |
           bit(NumberClass::nan) | bit(NumberClass::sNaN) | bit(NumberClass::subnormal);
  }
  if (isSignedInteger(t) || isUnsignedInteger(t)) return bit(NumberClass::intMin) | bit(NumberClass::intMax);
  return 0;
}

std::uint32_t elementClasses(DType t, std::uint64_t x) {
  const std::uint64_t s = sizeBytes(t);
  if (const auto f = floatBits(t)) {
    const std::uint64_t magnitude = x & ~f->sign;
    const bool negative = (x & f->sign) != 0;
    if (magnitude == 0) return negative ? bit(NumberClass::minusZero) : bit(NumberClass::plusZero);
    if ((x & f->exponent) == f->exponent) {
      if ((x & f->mantissa) == 0) return negative ? bit(NumberClass::minusInf) : bit(NumberClass::plusInf);
      return (x & f->quiet) != 0 ? bit(NumberClass::nan) : bit(NumberClass::sNaN);
    }
    return (x & f->exponent) == 0 ? bit(NumberClass::subnormal) : 0;
  }
  const std::uint64_t ones = allOnes(s);
  if (isSignedInteger(t)) {
    const std::uint64_t min = std::uint64_t{1} << (8 * s - 1);
    return x == min ? bit(NumberClass::intMin) : x == (ones >> 1) ? bit(NumberClass::intMax) : 0;
  }
  if (isUnsignedInteger(t)) return x == 0 ? bit(NumberClass::intMin) : x == ones ? bit(NumberClass::intMax) : 0;
  return 0;
}

// The special elements of t planted in one case: payloads vary with the case's seed (a payload-dropping path shows).
std::vector<std::uint64_t> specialElements(DType t, std::uint64_t seed) {
  const std::uint64_t s = sizeBytes(t);
  if (const auto f = floatBits(t)) {
    const std::uint64_t payload = (seed % f->quiet) | 1;  // below the quiet bit, never zero
    return {f->sign,                                    // -0.0
            f->exponent,                                // +inf
            f->sign | f->exponent,                      // -inf
            f->exponent | f->quiet | payload,           // quiet NaN with a payload
            f->sign | f->exponent | f->quiet,           // negative quiet NaN
            f->exponent | payload,                      // signalling NaN with a payload
            f->sign | f->exponent | (f->mantissa & ~f->quiet),  // negative sNaN, every other payload bit
            1,                                          // smallest subnormal
            f->sign | f->mantissa,                      // largest subnormal, negative
            0};                                         // +0.0
  }
  const std::uint64_t ones = allOnes(s);
  if (isSignedInteger(t)) {
    const std::uint64_t min = std::uint64_t{1} << (8 * s - 1);
    return {min, ones >> 1, min + 1, ones};  // min, max, min+1, -1
  }
  if (isUnsignedInteger(t)) return {0, ones, ones - 1, 1};
  return {};
}

}  // namespace

std::vector<ByteRange> moveReadRanges(const Case& c, std::uint64_t srcBytes) {
  std::uint64_t limit = kMaxMoveBytesScanned;
  std::vector<ByteRange> out;
  for (const ByteRange& r : footprint(c).reads) {
    const std::uint64_t end = std::min(r.end, srcBytes);
    if (r.begin >= end) continue;
    const std::uint64_t take = std::min(end - r.begin, limit);
    out.push_back({r.begin, r.begin + take});
    limit -= take;
    if (limit == 0) break;
  }
  return out;
}

// Every operation but the conversions (ENH CO1->CO2: numbers.cpp plants, numberSample measures; FIX and FIX950 likewise).
bool isMove(Operation operation) {
  return operation != Operation::enhancedCo1ToCo2 && operation != Operation::fixpipe && operation != Operation::fixpipe950;
}

std::optional<NumberSample> moveSample(const Case& c, std::span<const std::uint8_t> src, Operation operation) {
  if (!isMove(operation)) return std::nullopt;
  return moveSample(c, src, operation, moveReadRanges(c, src.size()));
}

std::optional<NumberSample> moveSample(const Case& c, std::span<const std::uint8_t> src, Operation operation,
                                       std::span<const ByteRange> reads) {
  if (!isMove(operation)) return std::nullopt;
  const DType t = c.dtype;
  const std::uint64_t s = sizeBytes(t);
  NumberSample out{"move " + std::string(name(t)),
                   bit(NumberClass::zeroBlock) | bit(NumberClass::onesBlock) | bit(NumberClass::repeatedBlock) |
                       elementClassesRequired(t),
                   0};
  for (const ByteRange& r : reads) {
    std::uint64_t zeros = 0, ones = 0;
    for (std::uint64_t at = r.begin; at < r.end; ++at) {
      zeros = src[at] == 0x00 ? zeros + 1 : 0;
      ones = src[at] == 0xFF ? ones + 1 : 0;
      if (zeros >= kDataBlockBytes) out.drawn |= bit(NumberClass::zeroBlock);
      if (ones >= kDataBlockBytes) out.drawn |= bit(NumberClass::onesBlock);
    }
    // elements on the case's element grid (from the source offset), whole inside the range
    const std::uint64_t first = c.src.offsetBytes + alignUp(r.begin - std::min(r.begin, c.src.offsetBytes), s);
    for (std::uint64_t at = std::max(first, r.begin); at + s <= r.end; at += s) {
      std::uint64_t x = 0;
      std::memcpy(&x, &src[at], s);  // little-endian host, as every buffer here
      out.drawn |= elementClasses(t, x);
    }
    // repeated blocks on the range's 32-byte grid
    for (std::uint64_t at = r.begin; at + 2 * kDataBlockBytes <= r.end; at += kDataBlockBytes) {
      const std::uint8_t* a = &src[at];
      if (std::memcmp(a, a + kDataBlockBytes, kDataBlockBytes) == 0 &&
          std::any_of(a + 1, a + kDataBlockBytes, [&](std::uint8_t b) { return b != a[0]; })) {
        out.drawn |= bit(NumberClass::repeatedBlock);
      }
    }
  }
  return out;
}

namespace detail {

void plantMoveSources(GeneratedCase& generated) {
  casefile::CaseData& data = generated.data;
  const Case& c = data.c;
  const auto resolution = resolveOperation(c);
  // no draws for a conversion: its generator's later draws (numbers.cpp) stay as they were
  if (!resolution.operation || !isMove(*resolution.operation)) return;
  const bool plant = drawWeightedBool(1, 1);  // one case in two; shrinks toward the seeded bytes
  const auto seed = *rc::gen::arbitrary<std::uint32_t>();
  if (!plant) return;
  // the footprint walk costs about what the oracle's does: only for planted cases (measured from the same ranges);
  // an unplanted case keeps moveReads empty, so the run counts it as a case that drew no class (never as drawing one)
  generated.moveReads = moveReadRanges(c, data.src.size());
  const std::uint64_t s = sizeBytes(c.dtype);
  const std::vector<ByteRange>& ranges = generated.moveReads;
  std::size_t r = 0;
  std::uint64_t cursor = ranges.empty() ? 0 : ranges[0].begin;
  // The first place from the cursor on where `bytes` fit in one range, starting on grid (relative to `base`) plus
  // skew; advances the cursor past it. False when no range has room (the segment is left out).
  auto place = [&](std::uint64_t bytes, bool elementGrid, std::uint64_t skew, std::uint64_t& at) {
    for (; r < ranges.size(); ++r, cursor = r < ranges.size() ? ranges[r].begin : cursor) {
      const std::uint64_t begin = std::max(cursor, ranges[r].begin);
      const std::uint64_t base = elementGrid ? c.src.offsetBytes : ranges[r].begin;
      const std::uint64_t grid = elementGrid ? s : kDataBlockBytes;
      if (begin < base) continue;
      at = base + alignUp(begin - base, grid) + skew;
      if (at + bytes <= ranges[r].end) {
        cursor = at + bytes;
        return true;
      }
    }
    return false;
  };
  const std::uint64_t zeroLen = kDataBlockBytes + seed % 97;          // 32..128 bytes
  const std::uint64_t onesLen = kDataBlockBytes + (seed >> 8) % 97;
  const std::uint64_t zeroSkew = (seed >> 16) % 2 == 0 ? 0 : 1 + (seed >> 17) % 31;  // on the 32-byte grid or off
  const std::uint64_t onesSkew = (seed >> 22) % 2 == 0 ? 0 : 1 + (seed >> 23) % 31;
  const std::vector<std::uint64_t> elements = specialElements(c.dtype, seed);
  std::uint64_t at = 0;
  // the segments in a seed-drawn rotation, so a case with few read bytes holds a different one first
  for (unsigned k = 0; k < 4; ++k) {
    switch ((k + seed) % 4) {
      case 0:
        for (const std::uint64_t value : elements) {
          if (place(s, true, 0, at)) std::memcpy(&data.src[at], &value, s);
        }
        break;
      case 1:
        if (place(zeroLen, false, zeroSkew, at)) std::fill_n(data.src.begin() + static_cast<std::ptrdiff_t>(at), zeroLen, 0x00);
        break;
      case 2:
        if (place(onesLen, false, onesSkew, at)) std::fill_n(data.src.begin() + static_cast<std::ptrdiff_t>(at), onesLen, 0xFF);
        break;
      case 3:
        if (place(2 * kDataBlockBytes, false, 0, at)) {
          std::copy_n(data.src.begin() + static_cast<std::ptrdiff_t>(at), kDataBlockBytes,
                      data.src.begin() + static_cast<std::ptrdiff_t>(at + kDataBlockBytes));
        }
        break;
    }
  }
}

}  // namespace detail
}  // namespace dcconf::properties
