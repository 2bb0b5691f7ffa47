// Valid- and invalid-case generators of the quantising / ReLU copy out of L0C (DataCopyCO12DstParams, SEMANTICS
// section 10, FIX-1..7). Dependent draws in the order the constraints need them: path, product, one FIX-4 triple
// (QuantMode_t, source U, destination T), the layout (nz2nd, channelSplit, sizes, strides), the quant parameters
// field by field (FIX-5), the AMB-8..12 profile, then buffers whose source words are special values. Every choice
// is ordered simplest first and shrinks toward it (draw.hpp's pickers), so a shrunk case is NoQuant int32 -> int32,
// mSize 1, nSize C0, minimal strides, no ReLU / channelSplit / nz2nd, scale 1.0, default profile, zero source words.
#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "dcconf/oracle/numeric.hpp"
#include "dcconf/properties/coverage.hpp"
#include "dcconf/properties/fixpipe.hpp"
#include "dcconf/properties/generators.hpp"
#include "draw.hpp"

namespace dcconf::properties::detail {

using namespace dcconf::oracle;

namespace {

// ---- FIX-4: the conversions each QuantMode_t performs (written from the clause, not from the oracle) ----------

struct FixTriple {
  QuantMode mode;
  DType u;  // the L0C source
  DType t;  // the destination (the case's dtype)
};

// Simplest first: the identity copies, the float conversions, the scalar-scaled modes, then the per-column V* modes.
// int32_t -> int16_t is listed by FIX-4 but no QuantMode_t produces it (the oracle rejects it), so it is not drawn.
constexpr FixTriple kFixTriples[] = {
    {QuantMode::NoQuant, DType::int32_t, DType::int32_t},       {QuantMode::NoQuant, DType::float_, DType::float_},
    {QuantMode::F322F16, DType::float_, DType::half},           {QuantMode::F322BF16, DType::float_, DType::bfloat16_t},
    {QuantMode::DEQF16, DType::int32_t, DType::half},           {QuantMode::QF322B8_PRE, DType::float_, DType::int8_t},
    {QuantMode::QF322B8_PRE, DType::float_, DType::uint8_t},    {QuantMode::REQ8, DType::int32_t, DType::int8_t},
    {QuantMode::REQ8, DType::int32_t, DType::uint8_t},          {QuantMode::VDEQF16, DType::int32_t, DType::half},
    {QuantMode::VQF322B8_PRE, DType::float_, DType::int8_t},    {QuantMode::VQF322B8_PRE, DType::float_, DType::uint8_t},
    {QuantMode::VREQ8, DType::int32_t, DType::int8_t},          {QuantMode::VREQ8, DType::int32_t, DType::uint8_t},
};

bool isEightBit(DType t) { return t == DType::int8_t || t == DType::uint8_t; }

// What a breaker needs of its valid base: a destination, nz2nd on or off, and a filter on the triple.
struct FixForce {
  std::optional<Position> dst;
  std::optional<bool> nz2nd;
  bool (*triple)(const FixTriple&) = nullptr;
  bool rangedRegister = false;  // only products whose nz2nd register fields have checked ranges (FIX-2, not FIX-8)
};

bool hasRangedRegister(Product product) {
  const Nz2ndRegister reg = nz2ndRegister(product);
  return reg.maxSrcNdStride < 0xFFFF || reg.maxDstNdStride < 0xFFFFFFFF;
}

// The triples the product has on CO1->dst within the scope (FIX-4: CO1->A1 has no float or int32_t destination).
std::vector<FixTriple> triplesFor(Product product, Position dst, const Scope& scope, const FixForce& force) {
  std::vector<FixTriple> out;
  if (force.nz2nd.value_or(false) && dst != Position::GM) return out;  // FIX-2: nz2nd is CO1->GM only
  if (force.rangedRegister && !hasRangedRegister(product)) return out;
  Case probe;
  probe.product = product;
  probe.srcPos = Position::CO1;
  probe.dstPos = dst;
  for (const FixTriple& tr : kFixTriples) {
    probe.dtype = tr.t;
    const bool a1Ok = dst != Position::A1 || (tr.t != DType::float_ && tr.t != DType::int32_t);
    if (a1Ok && scope.allowsDType(tr.t) && (force.triple == nullptr || force.triple(tr)) &&
        checkSupport(probe, Operation::fixpipe).empty()) {
      out.push_back(tr);
    }
  }
  return out;
}

std::vector<Product> productsOf(const Scope& scope) {
  if (scope.product) return {*scope.product};
  std::vector<Product> out{kDefaultProduct};
  for (Product p : allProducts()) {
    if (p != kDefaultProduct) out.push_back(p);
  }
  return out;
}

// The documented paths the scope and the force allow on which some product in scope has a triple.
std::vector<PathPair> pathsFor(const Scope& scope, const FixForce& force) {
  std::vector<PathPair> out;
  for (const PathPair& path : documentedPaths(Operation::fixpipe)) {
    if (!scope.allowsPath(path.src, path.dst) || (force.dst && *force.dst != path.dst)) continue;
    const auto products = productsOf(scope);
    if (std::any_of(products.begin(), products.end(),
                    [&](Product p) { return !triplesFor(p, path.dst, scope, force).empty(); })) {
      out.push_back(path);
    }
  }
  return out;
}

// ---- FIX-5: one 64-bit quant parameter, field by field ----------------------------------------------------------

// M1 values as the 19 bits [31:13] (1 sign, 8 exponent, 10 mantissa): the fp32 bits >> 13.
constexpr std::uint64_t m1Of(float value) { return std::bit_cast<std::uint32_t>(value) >> 13; }
constexpr std::uint64_t kM1NegativeBit = 1u << 18;

std::uint64_t drawQuantParam(DType t) {
  // 1.0 first; then a fraction, a power of two, zeros of both signs, negatives, subnormals, the largest finite, inf
  const std::uint64_t m1 = drawEdgy({m1Of(1.0F), m1Of(0.5F), m1Of(0.25F), m1Of(2.0F), m1Of(0.0F), m1Of(-0.0F),
                                     m1Of(-1.0F), m1Of(-0.5F), 1, 0x3FF, kM1NegativeBit | 1, m1Of(3.0F) | 1,
                                     m1Of(std::numeric_limits<float>::max()), m1Of(std::numeric_limits<float>::infinity())},
                                    0, 0x7FFFF);
  const std::uint64_t ignoredLow13 = drawEdgy({0}, 0, 0x1FFF);  // FIX-5: the low 13 bits of an fp32 scale
  const std::uint64_t n = drawEdgy({0, 1, 15}, 0, 15);
  const std::uint64_t mcb = drawOneIn(3) ? 1 : 0;
  const std::uint64_t offset = drawEdgy({0, 1, 0x1FF, 0x100, 0xFF, 0x101}, 0, 0x1FF);  // 9 bits (AMB-8)
  // the sign bit mostly matches T (1: int8 result); sometimes it does not, which FIX-5 leaves to the parameter
  const bool wantSigned = t == DType::int8_t;
  const bool signBit = isEightBit(t) ? drawOneIn(5) != wantSigned : drawBool();
  const std::uint64_t sign = signBit ? 1 : 0;
  const bool highSet = drawOneIn(8);
  const std::uint64_t anyHigh = drawInRange(1, 0x1FFFF);  // drawn either way: a fixed number of draws (drawLayout)
  const std::uint64_t unusedHigh = highSet ? anyHigh : 0;  // bits [63:47]
  std::uint64_t q = (m1 << 13) | ignoredLow13 | n << 32 | mcb << 36 | offset << 37 | sign << 46 | unusedHigh << 47;
  // AMB-12: a negative fp32 scale cast to uint64 through int32, its sign copied into bits [63:32]
  const bool signExtend = drawOneIn(4);
  if ((m1 & kM1NegativeBit) != 0 && signExtend) {
    q = static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<std::int32_t>(static_cast<std::uint32_t>(q))));
  }
  return q;
}

// A field the call does not read (the scalar in a V* mode, anything in NoQuant/F322F16/F322BF16): mostly 0.
std::uint64_t drawUnread() { return drawEdgy({0}, 0, std::numeric_limits<std::uint64_t>::max()); }

// ---- FIX-7: the profile ---------------------------------------------------------------------------------------

// Mostly the default profile (ANY where AMB-8..12 matter); sometimes each AMB is pinned to a drawn reading.
Profile drawFixProfile() {
  const bool pin = drawOneIn(4);
  Profile p;  // the readings are drawn either way: a fixed number of draws (see drawLayout)
  p.fixOffset = drawOneOf(Profile::FixOffset::any, Profile::FixOffset::offsetSigned, Profile::FixOffset::offsetUnsigned);
  p.fixShift = drawOneOf(Profile::FixShift::any, Profile::FixShift::shiftRaw, Profile::FixShift::shiftPlusOne);
  p.fixDeqRounding = drawOneOf(Profile::FixDeqRounding::any, Profile::FixDeqRounding::deqRne,
                               Profile::FixDeqRounding::deqTrunc);
  p.fixReluOrder = drawOneOf(Profile::FixReluOrder::any, Profile::FixReluOrder::reluBeforeOffset,
                             Profile::FixReluOrder::reluAfterOffset);
  p.fixNegScale = drawOneOf(Profile::FixNegScale::any, Profile::FixNegScale::negScaleSigned,
                            Profile::FixNegScale::negScaleMagnitude);
  return pin ? p : Profile{};
}

// ---- source values --------------------------------------------------------------------------------------------

std::uint32_t f32(float value) { return std::bit_cast<std::uint32_t>(value); }

// Float sources: signed zeros, infinities, NaNs (quiet, signalling, with payload), subnormals, the half and bfloat16
// rounding ties and overflow edges, and the 8-bit half-way values (FIX-6 rounds half to even before saturating).
const std::vector<std::uint32_t>& specialFloats() {
  static const std::vector<std::uint32_t> values{
      f32(0.0F), f32(-0.0F), f32(1.0F), f32(-1.0F), f32(0.5F), f32(-0.5F), f32(1.5F), f32(2.5F), f32(-2.5F),
      0x7F800000u, 0xFF800000u, 0x7FC00000u, 0x7F800001u, 0xFFC00123u, 0x00000001u, 0x807FFFFFu, 0x00800000u,
      f32(std::numeric_limits<float>::max()), f32(65504.0F), f32(65520.0F), f32(-65520.0F),
      f32(1.0F + 0x1p-11F), f32(1.0F + 3 * 0x1p-11F), f32(0x1p-24F), f32(0x1p-25F), f32(3 * 0x1p-26F),
      f32(1.0F + 0x1p-8F), f32(1.0F + 3 * 0x1p-8F), f32(-(1.0F + 0x1p-8F)), 0x3F808001u, 0x7F7F8000u,
      f32(127.5F), f32(128.5F), f32(255.5F), f32(256.0F), f32(-128.5F), f32(-256.5F), f32(-300.0F), f32(0.49999997F),
      0x7F7F0000u, 0xFF7F0000u, f32(-65504.0F)};  // the bfloat16 bound, and the half bound's negative
  return values;
}

// int32 sources: the limits, the 8- and 16-bit saturation edges, the half edges, and the first integers fp32 cannot
// hold.
const std::vector<std::uint32_t>& specialInts() {
  static const std::vector<std::uint32_t> values = [] {
    std::vector<std::uint32_t> out;
    for (const std::int64_t v : {0LL, 1LL, -1LL, 2LL, 3LL, 2147483647LL, -2147483648LL, 127LL, 128LL, -128LL, -129LL,
                                 255LL, 256LL, -256LL, -257LL, 32767LL, 32768LL, -32768LL, -32769LL, 65535LL,
                                 16777217LL, -16777217LL, 16777219LL, 1073741825LL,
                                 // DEQF16 at scale 1: a half tie (2049), the half bound and one past it (to inf)
                                 2049LL, -2051LL, 65504LL, -65504LL, 65520LL, -65520LL}) {
      out.push_back(static_cast<std::uint32_t>(v));
    }
    return out;
  }();
  return values;
}

std::uint64_t mixBits(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Simplest first (shrinking order): small values, special values, raw bits.
enum class SourceMix : std::uint8_t { small, special, raw };

// How the source words are drawn. Generated with the full breadth; only shrinking narrows it, toward zero words.
struct SourceDraw {
  SourceMix mix;
  std::uint32_t seed;
  std::uint64_t nonZeroWords;  // words from the offset on that are drawn; the rest are 0 (0.0F for floats)
  std::uint64_t smallMax;      // small values lie in [-smallMax, smallMax] (halves of it for floats)
  std::uint64_t specials;      // only the first `specials` entries of the special list (entry 0 is zero)
};

// One source word: a special value, a small value (halves for floats), or raw bits.
std::uint32_t sourceWord(const SourceDraw& d, DType u, std::uint64_t hash) {
  const bool isFloat = u == DType::float_;
  if (d.mix == SourceMix::raw) return static_cast<std::uint32_t>(hash >> 16);
  const auto& list = isFloat ? specialFloats() : specialInts();
  if (d.mix == SourceMix::special && hash % 4 != 0) return list[(hash >> 8) % d.specials];  // else a small value
  const auto small = static_cast<std::int64_t>((hash >> 8) % (2 * d.smallMax + 1)) - static_cast<std::int64_t>(d.smallMax);
  return isFloat ? f32(static_cast<float>(small) / 2.0F) : static_cast<std::uint32_t>(small);
}

// Rewrites every 4-byte word from the source offset on (CO1 is 32-byte aligned, so the words are the elements).
void fillSource(casefile::CaseData& data) {
  const DType u = data.c.fixpipe->srcDType;
  const std::uint64_t words = (data.src.size() - data.c.src.offsetBytes) / 4;
  SourceDraw d{};
  d.mix = static_cast<SourceMix>(drawWeightedIndex({2, 2, 1}));
  d.seed = *rc::gen::arbitrary<std::uint32_t>();
  d.nonZeroWords = drawShrinkOnly(words, 0);
  d.smallMax = drawShrinkOnly(600, 0);
  d.specials = drawShrinkOnly((u == DType::float_ ? specialFloats() : specialInts()).size(), 1);
  for (std::uint64_t word = 0; word < words; ++word) {
    const std::uint64_t at = data.c.src.offsetBytes + 4 * word;
    // hashed by the word's index from the offset, so a shrunk offset keeps the values
    const std::uint32_t value = word < d.nonZeroWords ? sourceWord(d, u, mixBits(d.seed * 0x9E3779B97F4A7C15ull + word)) : 0;
    oracle::storeElementBits(data.src, at, 4, value);
  }
}

// ---- the layout (FIX-1, FIX-2, FIX-3) -------------------------------------------------------------------------

void drawNz2ndRegister(FixpipeState& f, const DataCopyCO12DstParams& p, bool overlap, Product product);

// Every draw below is made whatever the branch (and the unused one dropped): RapidCheck regenerates the draws after
// a shrunk one by position, so a fixed count keeps them when a flag shrinks off (nz2nd off keeps mSize and the source).
DataCopyCO12DstParams drawLayout(Case& c, const FixForce& force) {
  const std::uint64_t k = propScale();
  const bool gm = c.dstPos == Position::GM;
  const std::uint64_t s = sizeBytes(c.dtype);
  DataCopyCO12DstParams p;
  // FIX-3: channelSplit for a float T only (NoQuant on CO1->GM), on 3 in 4 so that rare T mostly gets it
  const bool split = drawWeightedBool(1, 3);
  p.channelSplit = c.dtype == DType::float_ && !force.nz2nd.value_or(false) && split;
  const bool nz2nd = force.nz2nd.value_or(drawOneIn(3));
  p.nz2ndEn = gm && !p.channelSplit && nz2nd;
  const std::uint64_t c0 = p.channelSplit ? 8 : (s == 1 ? 32 : 16);  // FIX-1 (revised): C0d 32 for 8-bit T
  p.mSize = static_cast<std::uint16_t>(drawEdgy({1, 2, 16, 15, 17}, 1, 24 * k));
  const std::uint64_t nSizeNz2nd = drawEdgy({1, 16, 15, 17, 32}, 1, 36 * k);
  const std::uint64_t nSizeBlocks = c0 * drawEdgy({1, 2}, 1, 3 * k);
  p.nSize = static_cast<std::uint16_t>(p.nz2ndEn ? nSizeNz2nd : nSizeBlocks);
  // srcStride: whole 16-row groups, normally at least mSize rows (blocks apart), sometimes aliasing (reads overlap)
  const std::uint64_t rowGroups = (p.mSize + 15) / 16;
  const bool alias = drawOneIn(10);
  const std::uint64_t aliasGroups = drawInRange(0, rowGroups - 1);
  const std::uint64_t spareGroups = drawEdgy({0}, 0, 2);
  p.srcStride = static_cast<std::uint16_t>(16 * (alias ? aliasGroups : rowGroups + spareGroups));
  // dstStride: head-to-head bursts at least one burst apart; rarely closer, whose collisions are ANY (as ND2NZ-4)
  const bool overlap = drawOneIn(8);
  const std::uint64_t apart = p.nz2ndEn ? p.nSize : (p.mSize * c0 * s + 31) / 32;
  const std::uint64_t closer = drawInRange(1, std::max<std::uint64_t>(apart, 2) - 1);
  const std::uint64_t spare = drawEdgy({0, 1}, 0, 4 * k);
  p.dstStride = static_cast<std::uint32_t>(overlap && apart > 1 ? closer : apart + spare);
  p.reluPre = drawBool() ? 1 : 0;
  p.sid = static_cast<std::uint8_t>(drawEdgy({0}, 0, 255));  // not read by the copy
  drawNz2ndRegister(*c.fixpipe, p, overlap, c.product);
  return p;
}

// SetFixpipeNz2ndFlag: with nz2nd, matrices apart in both buffers unless drawn overlapping; without it (FIX-2: the
// register is read only with nz2ndEn) sometimes anything.
void drawNz2ndRegister(FixpipeState& f, const DataCopyCO12DstParams& p, bool overlap, Product product) {
  const auto ndNum = static_cast<std::uint16_t>(drawEdgy({1, 2, 3}, 1, 3));
  // FIX-2: srcNdStride counts 1024-byte fractals (16 rows of 16 elements), at most 512; dstNdStride elements, at
  // most 65535 (A2/A3); FIX-8: C0_SIZE units (one 16-element row) and whole fields on the 950. A matrix spans
  // (column blocks - 1) * srcStride + mSize 16-element rows.
  const Nz2ndRegister reg = nz2ndRegister(product);
  const std::uint64_t srcRows = ((p.nSize + 15) / 16 - 1) * std::uint64_t{p.srcStride} + p.mSize;
  const std::uint64_t srcMatrix = (srcRows * 16 + reg.srcNdStrideElements - 1) / reg.srcNdStrideElements;  // units
  const std::uint64_t dstMatrix = (p.mSize - 1) * std::uint64_t{p.dstStride} + p.nSize;  // elements
  const std::uint64_t srcSpare = drawEdgy({0}, 0, 16), srcUnread = drawEdgy({0}, 0, reg.maxSrcNdStride);
  const std::uint64_t dstCloser = drawInRange(1, std::max<std::uint64_t>(dstMatrix, 2) - 1);
  const std::uint64_t dstSpare = drawEdgy({0}, 0, 32), dstUnread = drawEdgy({0}, 0, reg.maxDstNdStride);
  const bool junk = drawOneIn(6);
  const std::uint64_t junkNdNum = drawInRange(0, 65535), junkSrc = drawInRange(0, 65535);
  const std::uint64_t junkDst = drawInRange(0, 0xFFFFFFFFu);
  if (p.nz2ndEn) {
    const bool several = ndNum > 1;
    f.ndNum = ndNum;
    // capped at the register's ranges: the source matrices then overlap, which reads allow, and destination
    // matrices overlap, whose collisions are ANY
    f.srcNdStride = static_cast<std::uint16_t>(
        several ? std::min<std::uint64_t>(reg.maxSrcNdStride, srcMatrix + srcSpare) : srcUnread);
    f.dstNdStride = static_cast<std::uint32_t>(std::min<std::uint64_t>(reg.maxDstNdStride,
                                                                       !several                      ? dstUnread
                                                                       : overlap && dstMatrix > 1 ? dstCloser
                                                                                                  : dstMatrix + dstSpare));
  } else if (junk) {
    f.ndNum = static_cast<std::uint16_t>(junkNdNum);
    f.srcNdStride = static_cast<std::uint16_t>(junkSrc);
    f.dstNdStride = static_cast<std::uint32_t>(junkDst);
  }
}

// The dense L0C source (4-byte elements) a widened matrix or row stride may span: past it the stride is cut (A2/A3
// ndNum: a shared source; 950 toward the UB or L1: a smaller srcNzC0Stride).
constexpr std::uint64_t kWideSourceBytes = std::uint64_t{4} << 20;
constexpr std::uint64_t kL0cElementBytes = 4;

// Whole ranges (docs/coverage.md): 7 cases in 100 widen one of nSize, mSize,
// srcStride, dstStride and, turning nz2nd on, the register's ndNum, srcNdStride, dstNdStride to the coverage model's
// range; everything else is one row, one or two column blocks, matrices one element apart, so the case stays cheap
// and the wide field observable. Without a wide field nothing changes.
struct FixWidening {
  bool wide = false;
  std::size_t pick = 0;  // 0..6, mapped onto the fields the case can widen
};
// Drawn before the layout, so that shrinking first tries the case without its wide field while the layout still
// holds the values it was drawn with (drawn after, the layout shrank freely under the wide field, which overrides
// it, and the narrow case left at the end no longer failed: the shrinker stayed in a wide case).
FixWidening drawFixWidening() {
  const bool wide = drawWeightedBool(93, 7);
  return {wide, drawIndex(7)};
}

void widenFixpipe(Case& c, DataCopyCO12DstParams& p, const FixForce& force, const FixWidening& widening) {
  const bool canNz2nd = c.dstPos == Position::GM && !p.channelSplit && force.nz2nd.value_or(true);
  const bool keepNz2nd = force.nz2nd.has_value();
  const std::size_t n = canNz2nd && !(keepNz2nd && !p.nz2ndEn) ? 7 : 4;
  if (!widening.wide) return;
  const std::size_t pick = widening.pick % n;
  const std::size_t field = pick < 4 ? pick : pick + 4;  // fieldRanges: the 8 params fields, then the register's
  if (field >= 8) p.nz2ndEn = true;
  FixpipeState& f = *c.fixpipe;
  c.params = p;
  const std::vector<FieldRange> ranges = fieldRanges(c, Operation::fixpipe);
  const std::uint64_t v = drawWhole(ranges[field]);
  const bool nz2nd = p.nz2ndEn;
  const std::uint64_t c0 = fixDestinationC0(c);
  p.mSize = 1;
  p.nSize = static_cast<std::uint16_t>(nz2nd ? 1 : c0);
  p.srcStride = 16;
  p.dstStride = 1;
  f.ndNum = 1;
  f.srcNdStride = 1;
  f.dstNdStride = 1;
  switch (field) {
    case 0: p.nSize = static_cast<std::uint16_t>(v); p.dstStride = static_cast<std::uint32_t>(nz2nd ? v : 1); break;
    case 1: p.mSize = static_cast<std::uint16_t>(v); p.srcStride = 0; break;  // one source column group: unread
    case 2: p.nSize = 32; p.srcStride = static_cast<std::uint16_t>(v); p.dstStride = nz2nd ? 32 : 1; break;
    case 3:
      p.dstStride = static_cast<std::uint32_t>(v);
      if (nz2nd) p.mSize = 2; else p.nSize = static_cast<std::uint16_t>(2 * c0);
      break;
    case 8:
      f.ndNum = static_cast<std::uint16_t>(v);
      // The matrices' sources one register unit apart up to kWideSourceBytes; past it they share one source
      // (srcNdStride 0), or a wide ndNum alone would fill a dense source of up to 64 MiB (A2/A3: 65535 KiB).
      if (v * nz2ndRegister(c.product).srcNdStrideElements * kL0cElementBytes > kWideSourceBytes) f.srcNdStride = 0;
      break;
    case 9: f.ndNum = 2; f.srcNdStride = static_cast<std::uint16_t>(v); break;
    default: f.ndNum = 2; f.dstNdStride = static_cast<std::uint32_t>(v); break;
  }
}

// A valid FIX case under the force: path, product, triple, layout, parameters, profile, buffers, source values.
casefile::CaseData drawFixpipeData(const Scope& scope, const FixForce& force) {
  const std::vector<PathPair> paths = pathsFor(scope, force);
  if (paths.empty()) throw std::logic_error("no path of fixpipe matches the scope");
  const PathPair path = drawElement(paths);
  std::vector<Product> products;
  for (Product p : productsOf(scope)) {
    if (!triplesFor(p, path.dst, scope, force).empty()) products.push_back(p);
  }
  Case c = makeCase(Api::DataCopy, path.src, path.dst, DataCopyCO12DstParams{});
  c.product = drawProduct(products);
  // the float identity copy twice as often: it alone carries channelSplit (FIX-3)
  std::vector<FixTriple> weighted;
  for (const FixTriple& tr : triplesFor(c.product, path.dst, scope, force)) {
    weighted.insert(weighted.end(), tr.t == DType::float_ ? 2 : 1, tr);
  }
  const FixTriple tr = drawElement(weighted);
  c.dtype = tr.t;
  c.fixpipe = FixpipeState{};
  c.fixpipe->srcDType = tr.u;
  const FixWidening widening = drawFixWidening();
  DataCopyCO12DstParams p = drawLayout(c, force);
  p.quantPre = tr.mode;
  widenFixpipe(c, p, force, widening);
  FixpipeState& f = *c.fixpipe;
  const std::uint64_t scalar = drawQuantParam(tr.t), unread = drawUnread();  // both drawn: see drawLayout
  f.quantScalar = isScaledMode(tr.mode) && !isPerColumnMode(tr.mode) ? scalar : unread;
  // V*: one parameter per column, sometimes a few spare entries; equal columns first (one parameter reads better
  // than nSize of them), the distinct ones drawn last, since their number varies with nSize
  const std::uint64_t entries = p.nSize + drawEdgy({0}, 0, 3);
  const bool distinct = drawWeightedBool(1, 2);
  if (isPerColumnMode(tr.mode)) f.quantTensor.assign(entries, scalar);
  c.params = p;
  c.profile = drawFixProfile();
  applyScopeProfile(c, scope);
  mapInsideLimits(c, scope);
  if (isPerColumnMode(tr.mode) && c.fixpipe->quantTensor.size() < std::get<DataCopyCO12DstParams>(c.params).nSize) {
    c.fixpipe->quantTensor.resize(std::get<DataCopyCO12DstParams>(c.params).nSize, scalar);  // nSize mapped up
  }
  casefile::CaseData data = drawBuffers(c, true);
  fillSource(data);
  if (isPerColumnMode(tr.mode) && distinct && std::get<DataCopyCO12DstParams>(data.c.params).nSize <= 256) {  // a wide nSize keeps equal columns: cheap draws
    for (std::uint64_t& q : data.c.fixpipe->quantTensor) q = drawQuantParam(tr.t);
    requireValid(data.c);
  }
  return data;
}

// ---- G-4: one constraint broken at a time ---------------------------------------------------------------------

DataCopyCO12DstParams& fixParams(InvalidCase& out) { return std::get<DataCopyCO12DstParams>(out.data.c.params); }

InvalidCase breakFrom(const Scope& scope, const FixForce& force, std::string clause, std::string field, std::string how) {
  casefile::CaseData data = drawFixpipeData(scope, force);
  const Case base = data.c;
  return {std::move(data), base, std::move(clause), std::move(field), std::move(how), {}};
}

bool floatDst(const FixTriple& tr) { return tr.t == DType::float_; }
bool nonFloatDst(const FixTriple& tr) { return tr.t != DType::float_; }
bool vectorMode(const FixTriple& tr) { return isPerColumnMode(tr.mode); }
bool noQuantFloat(const FixTriple& tr) { return tr.mode == QuantMode::NoQuant && tr.t == DType::float_; }

InvalidCase fix1NSizeNotMultipleOfC0(const Scope& scope) {
  InvalidCase out = breakFrom(scope, {std::nullopt, false, nullptr}, "FIX-1", "params.nSize", "nSize % C0 != 0 without nz2nd");
  auto& p = fixParams(out);
  const std::uint64_t c0 = fixDestinationC0(out.data.c);
  p.nSize = static_cast<std::uint16_t>(p.nSize - drawInRange(1, c0 - 1));  // down: a V* tensor stays long enough
  return out;
}

InvalidCase fix1Field(const Scope& scope) {
  InvalidCase out = breakFrom(scope, {}, "FIX-1", "params.srcStride", "srcStride % 16 != 0");
  auto& p = fixParams(out);
  switch (drawInRange(0, 2)) {
    case 0: p.srcStride = static_cast<std::uint16_t>(p.srcStride + drawInRange(1, 15)); break;
    case 1: out.field = "params.dstStride"; out.how = "dstStride == 0"; p.dstStride = 0; break;
    default: out.field = "params.mSize"; out.how = "mSize == 0"; p.mSize = 0; break;
  }
  return out;
}

InvalidCase fix2Nz2ndOnA1(const Scope& scope) {
  InvalidCase out = breakFrom(scope, {Position::A1, false, nullptr}, "FIX-2", "params.nz2ndEn", "nz2ndEn on CO1->A1");
  fixParams(out).nz2ndEn = true;
  out.data.c.fixpipe->ndNum = static_cast<std::uint16_t>(drawInRange(1, 3));
  // the base case's register is junk (unread without nz2ndEn): keep it inside FIX-2's ranges, one break only
  const Nz2ndRegister reg = nz2ndRegister(out.data.c.product);
  FixpipeState& f = *out.data.c.fixpipe;
  f.srcNdStride = static_cast<std::uint16_t>(f.srcNdStride % (reg.maxSrcNdStride + 1));
  f.dstNdStride = static_cast<std::uint32_t>(f.dstNdStride % (reg.maxDstNdStride + 1));
  return out;
}

InvalidCase fix2NdNumZero(const Scope& scope) {
  InvalidCase out = breakFrom(scope, {Position::GM, true, nullptr}, "FIX-2", "fixpipe.ndNum", "nz2ndEn with ndNum 0");
  out.data.c.fixpipe->ndNum = 0;
  return out;
}

// FIX-2: the A2/A3 register ranges, srcNdStride <= 512 (1024-byte units) or dstNdStride <= 65535.
InvalidCase fix2Nz2ndRegisterRange(const Scope& scope) {
  InvalidCase out = breakFrom(scope, {Position::GM, true, nullptr, true}, "FIX-2", "fixpipe.srcNdStride",
                              "srcNdStride > 512");
  FixpipeState& f = *out.data.c.fixpipe;
  const Nz2ndRegister reg = nz2ndRegister(out.data.c.product);
  const std::uint64_t src = drawWhole({"srcNdStride", 16, reg.maxSrcNdStride + 1, 65535, 65535, 1});
  const std::uint64_t dst = drawWhole({"dstNdStride", 32, reg.maxDstNdStride + 1, 0xFFFFFFFFu, 0xFFFFFFFFu, 1});
  if (drawBool()) {
    f.srcNdStride = static_cast<std::uint16_t>(src);
  } else {
    out.field = "fixpipe.dstNdStride";
    out.how = "dstNdStride > 65535";
    f.dstNdStride = static_cast<std::uint32_t>(dst);
  }
  return out;
}

InvalidCase fix3SplitNonFloat(const Scope& scope) {
  InvalidCase out = breakFrom(scope, {std::nullopt, false, nonFloatDst}, "FIX-3", "params.channelSplit",
                              "channelSplit with a non-float destination");
  fixParams(out).channelSplit = true;
  return out;
}

InvalidCase fix3SplitWithNz2nd(const Scope& scope) {
  InvalidCase out = breakFrom(scope, {Position::GM, true, floatDst}, "FIX-3", "params.channelSplit",
                              "channelSplit with nz2ndEn");
  fixParams(out).channelSplit = true;
  return out;
}

// FIX-4: the source type swapped: no QuantMode_t converts the other source to the same T in the same mode. (A source
// type other than float / int32_t is rejected too, but the case format's schema already refuses it.)
InvalidCase fix4DTypePair(const Scope& scope) {
  InvalidCase out = breakFrom(scope, {}, "FIX-4", "dtype", "source type swapped: not this QuantMode_t's conversion");
  DType& u = out.data.c.fixpipe->srcDType;
  u = u == DType::float_ ? DType::int32_t : DType::float_;
  return out;
}

InvalidCase fix4TensorTooShort(const Scope& scope) {
  InvalidCase out = breakFrom(scope, {std::nullopt, std::nullopt, vectorMode}, "FIX-4", "fixpipe.quantTensor",
                              "a V* tensor shorter than nSize");
  out.data.c.fixpipe->quantTensor.resize(drawInRange(0, fixParams(out).nSize - 1));
  return out;
}

// FIX-4: CO1->A1 has no float destination (the NoQuant float -> float case moved to A1, nothing else changed).
InvalidCase fix4A1Float(const Scope& scope) {
  InvalidCase out = breakFrom(scope, {Position::GM, false, noQuantFloat}, "FIX-4", "dtype", "float destination on CO1->A1");
  out.data.c.dstPos = Position::A1;
  return out;
}

InvalidCase fix6ReluPre(const Scope& scope) {
  InvalidCase out = breakFrom(scope, {}, "FIX-6", "params.reluPre", "reluPre > 1");
  fixParams(out).reluPre = static_cast<std::uint8_t>(drawInRange(2, 255));
  return out;
}

// ==== FIX950 (project): the Ascend 950 Fixpipe, FixpipeParamsArch3510<CO2Layout> ===============================
// Dependent draws as FIX's: one FIX-4 triple of the 950, the layout (NZ first: it shrinks toward the FIX-like copy),
// sizes and strides (disjoint by default, overlapping 1 in 8), the layout's matrix parameters, the quant parameters,
// the profile (AMB-8..12 pinned 1 in 4, AMB-23 fix950-zero-reject 1 in 8 when no count is zero), buffers, source
// values. 7 cases in 100 widen one field of the coverage model (docs/coverage.md) over its whole range, the rest
// minimal, so the case stays cheap; a widened count of 0 is AMB-23's NOP.

struct Fix950Force {
  std::optional<Co2Layout> layout;
  bool (*triple)(const FixTriple&) = nullptr;
  bool noZero = false;  // a breaker needs a case that computes
};

// FIX950-8: a scope that allows CO1->GM draws it (every unit that existed before the UB path draws as it did); a
// scope of the UB paths only (the run's FIX950 UB units) draws CO1->VECIN / VECOUT.
bool drawsToUb(const Scope& scope) {
  return !scope.allowsPath(Position::CO1, Position::GM) &&
         (scope.allowsPath(Position::CO1, Position::VECIN) || scope.allowsPath(Position::CO1, Position::VECOUT));
}

// FIX950-13: a scope of CO1->A1 alone (the run's FIX950 L1 units) draws toward L1.
bool drawsToL1(const Scope& scope) {
  return !scope.allowsPath(Position::CO1, Position::GM) && !scope.allowsPath(Position::CO1, Position::VECIN) &&
         !scope.allowsPath(Position::CO1, Position::VECOUT) && scope.allowsPath(Position::CO1, Position::A1);
}

std::vector<FixTriple> triples950(const Scope& scope, const Fix950Force& force) {
  std::vector<FixTriple> out;
  if (scope.product && *scope.product != Product::ascend950) return out;
  const bool ub = drawsToUb(scope);
  const bool l1 = drawsToL1(scope);
  if (!ub && !l1 && !scope.allowsPath(Position::CO1, Position::GM)) return out;
  Case probe;
  probe.product = Product::ascend950;
  probe.srcPos = Position::CO1;
  probe.dstPos = l1   ? Position::A1
                 : !ub ? Position::GM
                       : (scope.allowsPath(Position::CO1, Position::VECIN) ? Position::VECIN : Position::VECOUT);
  for (const FixTriple& tr : kFixTriples) {
    probe.dtype = tr.t;
    if (scope.allowsDType(tr.t) && (force.triple == nullptr || force.triple(tr)) &&
        checkSupport(probe, Operation::fixpipe950).empty()) {
      out.push_back(tr);
    }
  }
  return out;
}

// Every draw is made whatever the branch (a fixed draw count, see drawLayout).
void drawLayout950(Case& c, DataCopyCO12DstParams& p, Co2Layout layout) {
  const std::uint64_t k = propScale();
  const std::uint64_t s = sizeBytes(c.dtype);
  FixpipeState& f = *c.fixpipe;
  const bool split = drawWeightedBool(1, 3);
  p.channelSplit = layout == Co2Layout::NZ && c.dtype == DType::float_ && f.srcDType == DType::float_ && split;
  const std::uint64_t c0 = p.channelSplit ? 8 : (s == 1 ? 32 : 16);  // FIX950-2: FIX-1's C0d
  p.mSize = static_cast<std::uint16_t>(drawEdgy({1, 2, 16, 15, 17}, 1, 24 * k));
  const std::uint64_t nSizeNd = drawEdgy({1, 16, 15, 17, 32}, 1, 36 * k);
  const std::uint64_t nSizeBlocks = c0 * drawEdgy({1, 2}, 1, 3 * k);
  p.nSize = static_cast<std::uint16_t>(layout == Co2Layout::NZ ? nSizeBlocks : nSizeNd);
  const std::uint64_t c0Stride = drawEdgy({1, 2}, 1, 3);  // FIX950-4: srcNzC0Stride, C0_SIZE units
  f.nz2dn.srcNzC0Stride = static_cast<std::uint16_t>(c0Stride);
  const std::uint64_t rowsPerBlock = layout == Co2Layout::COLUMN_MAJOR ? (p.mSize - 1) * c0Stride + 1 : p.mSize;
  const std::uint64_t rowGroups = (rowsPerBlock + 15) / 16;
  const bool alias = drawOneIn(10);
  const std::uint64_t aliasGroups = drawInRange(0, rowGroups - 1);
  const std::uint64_t spareGroups = drawEdgy({0}, 0, 2);
  p.srcStride = static_cast<std::uint16_t>(16 * (alias ? aliasGroups : rowGroups + spareGroups));
  const bool overlap = drawOneIn(8);
  const std::uint64_t apart = layout == Co2Layout::NZ ? p.mSize * c0 : (layout == Co2Layout::ROW_MAJOR ? p.nSize : p.mSize);
  const std::uint64_t closer = drawInRange(1, std::max<std::uint64_t>(apart, 2) - 1);
  const std::uint64_t spare = drawEdgy({0, 1}, 0, 4 * k);
  p.dstStride = static_cast<std::uint32_t>(overlap && apart > 1 ? closer : apart + spare);  // elements (FIX950-2)
  p.reluPre = drawBool() ? 1 : 0;
  // matrices (FIX950-3/4): in C0_SIZE = 16-element units on the source, elements on the destination
  const std::uint64_t count = drawEdgy({1, 2, 3}, 1, 3);
  const std::uint64_t blocks = (p.nSize + 15) / 16;
  const std::uint64_t srcMatrixC0 = (blocks - 1) * std::uint64_t{p.srcStride} + rowsPerBlock;
  const std::uint64_t dstMatrix = layout == Co2Layout::COLUMN_MAJOR ? (p.nSize - 1) * std::uint64_t{p.dstStride} + p.mSize
                                                                    : (p.mSize - 1) * std::uint64_t{p.dstStride} + p.nSize;
  const std::uint64_t srcSpare = drawEdgy({0}, 0, 16), dstSpare = drawEdgy({0}, 0, 32);
  const std::uint64_t unreadSrc = drawEdgy({0}, 0, 65535), unreadDst = drawEdgy({0}, 0, 0xFFFFFFFFu);
  const auto srcStep = static_cast<std::uint16_t>(std::min<std::uint64_t>(65535, srcMatrixC0 + srcSpare));
  const auto dstStep = static_cast<std::uint32_t>(std::min<std::uint64_t>(0xFFFFFFFFu, dstMatrix + dstSpare));
  const bool several = count > 1;
  if (layout == Co2Layout::ROW_MAJOR) {
    f.ndNum = static_cast<std::uint16_t>(count);
    f.srcNdStride = several ? srcStep : static_cast<std::uint16_t>(unreadSrc);
    f.dstNdStride = several ? dstStep : static_cast<std::uint32_t>(unreadDst);
  } else if (layout == Co2Layout::COLUMN_MAJOR) {
    f.nz2dn.dnNum = static_cast<std::uint16_t>(count);
    f.nz2dn.srcNzMatrixStride = several ? srcStep : static_cast<std::uint16_t>(unreadSrc);
    f.nz2dn.dstDnMatrixStride = several ? dstStep : static_cast<std::uint32_t>(unreadDst);
  }
}

// Whole ranges: the rows of fieldRanges(c, fixpipe950) for this layout; one field wide, the others minimal.
void widenFixpipe950(Case& c, DataCopyCO12DstParams& p, bool wide, std::size_t pick, bool noZero) {
  if (!wide) return;
  FixpipeState& f = *c.fixpipe;
  const Co2Layout layout = *f.layout;
  c.params = p;
  const std::vector<FieldRange> ranges = fieldRanges(c, Operation::fixpipe950);
  // the sized fields: 0..3 (nSize, mSize, srcStride, dstStride), then the layout's matrix rows from index 8 (a UB
  // case's dualDstCtl row, last, is an enumeration drawn by drawUb950)
  std::vector<std::size_t> fields{0, 1, 2, 3};
  for (std::size_t r = 8; r < ranges.size(); ++r) {
    if (ranges[r].name != "FixpipeParamsArch3510.dualDstCtl") fields.push_back(r);
  }
  const std::size_t field = fields[pick % fields.size()];
  std::uint64_t v = drawWholeUpper(ranges[field]);  // many rows for few cases: boundaries mostly (draw.hpp)
  const std::uint64_t c0 = p.channelSplit ? 8 : (sizeBytes(c.dtype) == 1 ? 32 : 16);
  const bool nz = layout == Co2Layout::NZ;
  p.mSize = 1;
  p.nSize = static_cast<std::uint16_t>(nz ? c0 : 1);
  p.srcStride = 16;
  p.dstStride = 1;
  f.ndNum = 1;
  f.srcNdStride = 1;
  f.dstNdStride = 1;
  f.nz2dn = Nz2DnState{1, 1, 1, 1};
  const std::string_view name = ranges[field].name;
  if (noZero && v == 0 && ranges[field].docMin == 0) v = ranges[field].step;  // a breaker's base computes
  if (name.ends_with(".nSize")) {
    p.nSize = static_cast<std::uint16_t>(nz ? std::max<std::uint64_t>(c0, v / c0 * c0) : v);
    if (layout == Co2Layout::ROW_MAJOR) p.dstStride = static_cast<std::uint32_t>(std::max<std::uint64_t>(1, v));
  } else if (name.ends_with(".mSize")) {
    p.mSize = static_cast<std::uint16_t>(v);
    p.srcStride = 0;  // one source column group: unread
    if (nz) p.dstStride = static_cast<std::uint32_t>(c0);
    if (layout == Co2Layout::COLUMN_MAJOR) p.dstStride = static_cast<std::uint32_t>(std::max<std::uint64_t>(1, v));
  } else if (name.ends_with(".srcStride")) {
    p.nSize = 32;
    p.srcStride = static_cast<std::uint16_t>(v);
    p.dstStride = nz ? static_cast<std::uint32_t>(c0) : (layout == Co2Layout::ROW_MAJOR ? 32 : 1);
  } else if (name.ends_with(".dstStride")) {
    p.dstStride = static_cast<std::uint32_t>(v);
    if (nz) p.nSize = static_cast<std::uint16_t>(2 * c0);
    else if (layout == Co2Layout::ROW_MAJOR) p.mSize = 2;
    else p.nSize = 2;
  } else if (name == "Nz2NdParams.ndNum") {
    f.ndNum = static_cast<std::uint16_t>(v);
  } else if (name == "Nz2NdParams.srcNdStride") {
    f.ndNum = 2;
    f.srcNdStride = static_cast<std::uint16_t>(v);
  } else if (name == "Nz2NdParams.dstNdStride") {
    f.ndNum = 2;
    f.dstNdStride = static_cast<std::uint32_t>(std::max<std::uint64_t>(1, v));
  } else if (name == "Nz2DnParams.dnNum") {
    f.nz2dn.dnNum = static_cast<std::uint16_t>(v);
  } else if (name == "Nz2DnParams.srcNzMatrixStride") {
    f.nz2dn.dnNum = 2;
    f.nz2dn.srcNzMatrixStride = static_cast<std::uint16_t>(v);
  } else if (name == "Nz2DnParams.dstDnMatrixStride") {
    f.nz2dn.dnNum = 2;
    f.nz2dn.dstDnMatrixStride = static_cast<std::uint32_t>(std::max<std::uint64_t>(1, v));
  } else if (name == "Nz2DnParams.srcNzC0Stride") {
    p.mSize = 2;
    p.dstStride = 2;
    f.nz2dn.srcNzC0Stride = static_cast<std::uint16_t>(v);
  }
}

// FIX950-8..11: the drawn call made a UB one (CO1->VECIN or VECOUT): no isChannelSplit, ROW_MAJOR nSize and
// COLUMN_MAJOR mSize whole 32-byte runs (rounded inside their ranges), and a pure move (NoQuant, NZ or ROW_MAJOR)
// two times in three dual: dualDstCtl 1 with mSize even or 2 with nSize a multiple of 32, reluEn 0. A fixed draw
// count whatever the branch.
// A multiple of a near v, in [a, top].
std::uint64_t fitMultiple(std::uint64_t v, std::uint64_t a, std::uint64_t top) {
  const std::uint64_t up = (v + a - 1) / a * a;
  return up <= top ? std::max(up, a) : top / a * a;
}

// FIX950-8 / FIX950-13, toward the UB or L1: no isChannelSplit, ROW_MAJOR nSize and COLUMN_MAJOR mSize whole 32-byte
// runs (rounded inside their ranges).
void fitLocalDestination(const Case& c, DataCopyCO12DstParams& p) {
  const Co2Layout layout = *c.fixpipe->layout;
  const std::uint64_t s = sizeBytes(c.dtype);
  p.channelSplit = false;
  if (layout == Co2Layout::NZ && p.nSize % 16 != 0) p.nSize = static_cast<std::uint16_t>(fitMultiple(p.nSize, 16, 4095));
  if (layout == Co2Layout::ROW_MAJOR && p.nSize != 0) {
    p.nSize = static_cast<std::uint16_t>(fitMultiple(p.nSize, 32 / s, 4095));
  }
  if (layout == Co2Layout::COLUMN_MAJOR && p.mSize != 0) {
    p.mSize = static_cast<std::uint16_t>(fitMultiple(p.mSize, 32 / s, 32767));
  }
}

// FIX950-13: the drawn call made an L1 one (CO1->A1), with the UB's size rules and no dual mode.
void drawL1950(Case& c, DataCopyCO12DstParams& p) {
  c.dstPos = Position::A1;
  fitLocalDestination(c, p);
}

// NZ2DN rows are 16 * srcNzC0Stride L0C elements apart (FIX950-4). Toward the UB or L1 a COLUMN_MAJOR mSize is
// rounded up to a whole 32-byte run (8 to 32 rows), so a widened srcNzC0Stride of 65535 would span up to 124 MiB of
// dense source: there the stride is capped to keep the rows within kWideSourceBytes. The GM units draw its whole
// range (two rows, 4 MiB), which the gate counts for the operation.
void capLocalRowStride(Case& c, const DataCopyCO12DstParams& p) {
  Nz2DnState& d = c.fixpipe->nz2dn;
  if (*c.fixpipe->layout != Co2Layout::COLUMN_MAJOR || p.mSize < 2) return;
  const std::uint64_t rowBytes = 16 * kL0cElementBytes * std::uint64_t{p.mSize - 1u};
  if (rowBytes * d.srcNzC0Stride > kWideSourceBytes) {
    d.srcNzC0Stride = static_cast<std::uint16_t>(std::max<std::uint64_t>(1, kWideSourceBytes / rowBytes));
  }
}

void drawUb950(Case& c, DataCopyCO12DstParams& p) {
  FixpipeState& f = *c.fixpipe;
  const Co2Layout layout = *f.layout;
  const bool vecin = drawBool();
  const std::uint64_t dual = drawInRange(0, 2);
  c.dstPos = vecin ? Position::VECIN : Position::VECOUT;
  const auto fit = fitMultiple;
  fitLocalDestination(c, p);
  const bool pureMove = p.quantPre == QuantMode::NoQuant && layout != Co2Layout::COLUMN_MAJOR;
  f.dualDstCtl = static_cast<std::uint8_t>(pureMove ? dual : 0);
  if (f.dualDstCtl != 0) p.reluPre = 0;
  if (f.dualDstCtl == 1 && p.mSize % 2 != 0) p.mSize = static_cast<std::uint16_t>(fit(p.mSize, 2, 65534));
  if (f.dualDstCtl == 2 && p.nSize != 0) p.nSize = static_cast<std::uint16_t>(fit(p.nSize, 32, 4095));
}

// Number classes (docs/coverage.md): three cases in four plant, in the source element every layout reads first (matrix
// 0, m 0, n 0), a value whose converted result is a bound, one past it, or a tie, where the scale allows an exact
// source (the gate's result classes would otherwise hang on a few lucky draws of the ~2400 cases).
void plantResultClass950(casefile::CaseData& data) {
  const bool plant = drawWeightedBool(1, 3);
  const std::size_t which = drawIndex(5);
  const Case& c = data.c;
  const auto& p = std::get<DataCopyCO12DstParams>(c.params);
  const FixpipeState& f = *c.fixpipe;
  if (!plant || !isScaledMode(p.quantPre) || p.nSize == 0 || p.mSize == 0) return;
  if (data.src.size() < c.src.offsetBytes + 4) return;
  const std::uint64_t qBits = isPerColumnMode(p.quantPre) ? f.quantTensor.at(0) : f.quantScalar;
  const QuantParam q = decodeQuantParam(qBits);
  if ((qBits >> 32) == 0xFFFFFFFFu || q.mcb || q.offsetBits >= 256 || !std::isfinite(q.m1) || q.m1 == 0.0F) return;
  double y = 0.0;  // the product f32(x) * M1 wanted
  if (c.dtype == DType::half) {
    const double targets[] = {65504.0, 65520.0, 1.0 + 0x1p-11, 65504.0, 65520.0};
    y = targets[which];
  } else {
    const std::int64_t lo = q.signedResult ? -128 : 0, hi = q.signedResult ? 127 : 255;
    const double targets[] = {static_cast<double>(lo), static_cast<double>(hi), static_cast<double>(lo - 1),
                              static_cast<double>(hi + 1), 10.5};
    y = targets[which] - (which < 4 ? static_cast<double>(q.offsetBits) : 0.0);
  }
  const double x = y / static_cast<double>(q.m1);
  std::uint32_t word = 0;
  if (f.srcDType == DType::int32_t) {
    if (x != std::floor(x) || std::fabs(x) > 16777216.0 || x * static_cast<double>(q.m1) != y) return;
    word = static_cast<std::uint32_t>(static_cast<std::int32_t>(x));
  } else {
    const float xf = static_cast<float>(x);
    if (static_cast<double>(xf) * static_cast<double>(q.m1) != y) return;
    word = std::bit_cast<std::uint32_t>(xf);
  }
  oracle::storeElementBits(data.src, c.src.offsetBytes, 4, word);
}

casefile::CaseData drawFixpipe950Data(const Scope& scope, const Fix950Force& force) {
  const std::vector<FixTriple> triples = triples950(scope, force);
  if (triples.empty()) throw std::logic_error("no FIX950 conversion matches the scope");
  Case c = makeCase(Api::DataCopy, Position::CO1, Position::GM, DataCopyCO12DstParams{});
  c.product = Product::ascend950;
  std::vector<FixTriple> weighted;
  for (const FixTriple& tr : triples) weighted.insert(weighted.end(), tr.t == DType::float_ ? 2 : 1, tr);
  const FixTriple tr = drawElement(weighted);
  c.dtype = tr.t;
  c.fixpipe = FixpipeState{};
  c.fixpipe->srcDType = tr.u;
  const Co2Layout drawn = drawOneOf(Co2Layout::NZ, Co2Layout::ROW_MAJOR, Co2Layout::COLUMN_MAJOR);
  const Co2Layout layout = force.layout.value_or(drawn);
  c.fixpipe->layout = layout;
  // a quarter of the cases wide (FIX's 7 in 100 leaves gaps: three layouts share the run's ~2400 cases, and the
  // cases are small: the whole fixpipe950 part of the ascend950 run takes about a second)
  const bool wide = drawWeightedBool(3, 1);
  const std::size_t pick = drawIndex(8);
  DataCopyCO12DstParams p;
  drawLayout950(c, p, layout);
  p.quantPre = tr.mode;
  widenFixpipe950(c, p, wide, pick, force.noZero);
  if (drawsToUb(scope)) drawUb950(c, p);  // FIX950-8: the UB units only, after the GM units' draws
  if (drawsToL1(scope)) drawL1950(c, p);  // FIX950-13: the L1 units only
  if (drawsToUb(scope) || drawsToL1(scope)) capLocalRowStride(c, p);
  FixpipeState& f = *c.fixpipe;
  // FIX950-6 / AMB-23: one case in 24 a zero count, the page's NOP (NZ: mSize, ROW_MAJOR: ndNum, COLUMN_MAJOR: dnNum)
  const bool zeroCount = drawOneIn(24);
  if (zeroCount && !force.noZero) {
    if (layout == Co2Layout::ROW_MAJOR) f.ndNum = 0;
    else if (layout == Co2Layout::COLUMN_MAJOR) f.nz2dn.dnNum = 0;
    else p.mSize = 0;
  }
  const std::uint64_t scalar = drawQuantParam(tr.t), unread = drawUnread();
  f.quantScalar = isScaledMode(tr.mode) && !isPerColumnMode(tr.mode) ? scalar : unread;
  const std::uint64_t entries = p.nSize + drawEdgy({0}, 0, 3);
  if (isPerColumnMode(tr.mode)) f.quantTensor.assign(entries, scalar);
  c.params = p;
  Profile profile = drawFixProfile();
  const bool zero = p.nSize == 0 || p.mSize == 0 || (layout == Co2Layout::ROW_MAJOR && f.ndNum == 0) ||
                    (layout == Co2Layout::COLUMN_MAJOR && f.nz2dn.dnNum == 0);
  const bool reject = drawOneIn(8);
  if (reject && !zero) profile.fix950Zero = Profile::Fix950Zero::reject;  // AMB-23: the header's reading
  c.profile = profile;
  applyScopeProfile(c, scope);
  if (zero && c.profile.fix950Zero == Profile::Fix950Zero::reject) {  // the scope's profile rejects a zero count
    auto& q = std::get<DataCopyCO12DstParams>(c.params);
    // the smallest sizes the call takes: toward the UB whole 32-byte runs (FIX950-8) and the split's (FIX950-10/11)
    const bool ub = drawsToUb(scope) || drawsToL1(scope);
    const std::uint64_t run = 32 / sizeBytes(c.dtype);
    const std::uint64_t nMin = f.dualDstCtl == 2 ? 32 : (layout == Co2Layout::NZ ? 16 : (ub && layout == Co2Layout::ROW_MAJOR ? run : 1));
    const std::uint64_t mMin = f.dualDstCtl == 1 ? 2 : (ub && layout == Co2Layout::COLUMN_MAJOR ? run : 1);
    if (q.nSize == 0) q.nSize = static_cast<std::uint16_t>(nMin);
    if (q.mSize == 0) q.mSize = static_cast<std::uint16_t>(mMin);
    if (f.ndNum == 0) f.ndNum = 1;
    if (f.nz2dn.dnNum == 0) f.nz2dn.dnNum = 1;
    if (isPerColumnMode(tr.mode) && f.quantTensor.size() < q.nSize) f.quantTensor.resize(q.nSize, scalar);
  }
  mapInsideLimits(c, scope);
  casefile::CaseData data = drawBuffers(c, true);
  fillSource(data);
  // V*: two cases in three draw each column's parameter (as FIX does), a small nSize only (cheap draws)
  const bool distinct = drawWeightedBool(1, 2);
  const auto& q = std::get<DataCopyCO12DstParams>(data.c.params);
  if (isPerColumnMode(tr.mode) && distinct && q.nSize <= 256) {
    for (std::uint64_t& word : data.c.fixpipe->quantTensor) word = drawQuantParam(tr.t);
  }
  plantResultClass950(data);
  return data;
}

// ---- G-4 for FIX950: one constraint broken at a time ----

InvalidCase break950(const Scope& scope, const Fix950Force& force, std::string clause, std::string field, std::string how) {
  Fix950Force f = force;
  f.noZero = true;
  casefile::CaseData data = drawFixpipe950Data(scope, f);
  const Case base = data.c;
  return {std::move(data), base, std::move(clause), std::move(field), std::move(how), {}};
}

InvalidCase fix950Field(const Scope& scope) {
  InvalidCase out = break950(scope, {}, "FIX950-2", "params.srcStride", "srcStride % 16 != 0");
  auto& p = fixParams(out);
  switch (drawInRange(0, 3)) {
    case 0: p.srcStride = static_cast<std::uint16_t>(p.srcStride + drawInRange(1, 15)); break;
    case 1: out.field = "params.dstStride"; out.how = "dstStride == 0"; p.dstStride = 0; break;
    case 2:
      out.clause = "FIX950-1";
      out.field = "params.nz2ndEn";
      out.how = "nz2ndEn set (not a FixpipeParamsArch3510 field)";
      p.nz2ndEn = true;
      break;
    default:
      out.clause = "FIX950-1";
      out.field = "params.reluPre";
      out.how = "reluEn > 1";
      p.reluPre = static_cast<std::uint8_t>(drawInRange(2, 255));
      break;
  }
  return out;
}

InvalidCase fix950NzNSize(const Scope& scope) {
  InvalidCase out = break950(scope, {Co2Layout::NZ, nullptr, true}, "FIX950-2", "params.nSize", "NZ nSize % C0d != 0");
  auto& p = fixParams(out);
  const std::uint64_t c0 = p.channelSplit ? 8 : (sizeBytes(out.data.c.dtype) == 1 ? 32 : 16);
  p.nSize = static_cast<std::uint16_t>(p.nSize - drawInRange(1, c0 - 1));
  return out;
}

InvalidCase fix950SplitWithNd(const Scope& scope) {
  const Co2Layout layout = drawOneOf(Co2Layout::ROW_MAJOR, Co2Layout::COLUMN_MAJOR);
  InvalidCase out = break950(scope, {layout, noQuantFloat, true}, "FIX950-2", "params.channelSplit",
                             "isChannelSplit with NZ2ND / NZ2DN");
  fixParams(out).channelSplit = true;
  return out;
}

InvalidCase fix950DstNdStrideZero(const Scope& scope) {
  InvalidCase out = break950(scope, {Co2Layout::ROW_MAJOR, nullptr, true}, "FIX950-3", "fixpipe.dstNdStride",
                             "ndNum > 1 with dstNdStride 0");
  FixpipeState& f = *out.data.c.fixpipe;
  f.ndNum = static_cast<std::uint16_t>(std::max<std::uint16_t>(2, f.ndNum));
  f.srcNdStride = static_cast<std::uint16_t>(std::max<std::uint16_t>(1, f.srcNdStride));
  f.dstNdStride = 0;
  return out;
}

InvalidCase fix950Nz2Dn(const Scope& scope) {
  InvalidCase out = break950(scope, {Co2Layout::COLUMN_MAJOR, nullptr, true}, "FIX950-4", "fixpipe.nz2dn.srcNzC0Stride",
                             "srcNzC0Stride 0");
  FixpipeState& f = *out.data.c.fixpipe;
  switch (drawInRange(0, 2)) {
    case 0: f.nz2dn.srcNzC0Stride = 0; break;
    case 1:
      out.field = "fixpipe.nz2dn.dstDnMatrixStride";
      out.how = "dnNum > 1 with dstDnMatrixStride 0 (AMB-24)";
      f.nz2dn.dnNum = static_cast<std::uint16_t>(std::max<std::uint16_t>(2, f.nz2dn.dnNum));
      f.nz2dn.srcNzMatrixStride = static_cast<std::uint16_t>(std::max<std::uint16_t>(1, f.nz2dn.srcNzMatrixStride));
      f.nz2dn.dstDnMatrixStride = 0;
      break;
    default:
      out.field = "params.mSize";
      out.how = "NZ2DN mSize > 32767 (AMB-24)";
      // just past the header's 32767, rows one C0_SIZE apart: the as-if footprint stays about 2 MiB
      fixParams(out).mSize = static_cast<std::uint16_t>(drawInRange(32768, 32800));
      f.nz2dn.srcNzC0Stride = 1;
      break;
  }
  return out;
}

InvalidCase fix950DTypePair(const Scope& scope) {
  // isChannelSplit is for float -> float only (FIX950-2): swapping its source would break two clauses at once
  InvalidCase out = break950(scope, {}, "FIX950-1", "dtype", "source type swapped: not this QuantMode_t's conversion");
  while (fixParams(out).channelSplit) {
    out = break950(scope, {}, "FIX950-1", "dtype", "source type swapped: not this QuantMode_t's conversion");
  }
  DType& u = out.data.c.fixpipe->srcDType;
  u = u == DType::float_ ? DType::int32_t : DType::float_;
  return out;
}

InvalidCase fix950TensorTooShort(const Scope& scope) {
  InvalidCase out = break950(scope, {std::nullopt, vectorMode, true}, "FIX950-5", "fixpipe.quantTensor",
                             "a V* tensor shorter than nSize");
  out.data.c.fixpipe->quantTensor.resize(drawInRange(0, fixParams(out).nSize - 1));
  return out;
}

// AMB-23 under fix950-zero-reject: a zero count is invalid (FIX950-6).
InvalidCase fix950ZeroRejected(const Scope& scope) {
  InvalidCase out = break950(scope, {}, "FIX950-6", "params.nSize", "nSize 0 under fix950-zero-reject");
  out.data.c.profile.fix950Zero = Profile::Fix950Zero::reject;
  out.validBase.profile.fix950Zero = Profile::Fix950Zero::reject;
  auto& p = fixParams(out);
  FixpipeState& f = *out.data.c.fixpipe;
  switch (drawInRange(0, 2)) {
    case 0: p.nSize = 0; break;
    case 1: out.field = "params.mSize"; out.how = "mSize 0 under fix950-zero-reject"; p.mSize = 0; break;
    default:
      if (*f.layout == Co2Layout::ROW_MAJOR) {
        out.field = "fixpipe.ndNum";
        f.ndNum = 0;
      } else if (*f.layout == Co2Layout::COLUMN_MAJOR) {
        out.field = "fixpipe.nz2dn.dnNum";
        f.nz2dn.dnNum = 0;
      } else {
        p.nSize = 0;
        break;
      }
      out.how = "count 0 under fix950-zero-reject";
      break;
  }
  return out;
}

// ---- G-4 for the UB path (FIX950-8..11), drawn by the UB units only ----

// A UB base case the predicate accepts (redrawn: dualDstCtl is drawn, not forced).
InvalidCase breakUb(const Scope& scope, const Fix950Force& force, bool (*wanted)(const Case&), std::string clause,
                    std::string field, std::string how) {
  for (int attempt = 0; attempt < 64; ++attempt) {
    InvalidCase out = break950(scope, force, clause, field, how);
    if (wanted(out.data.c)) return out;
  }
  throw std::logic_error("no UB base case for the FIX950 breaker " + clause + " " + field);
}
bool anyUb(const Case&) { return true; }
bool isDual(const Case& c) { return c.fixpipe->dualDstCtl != 0; }
bool splitsM(const Case& c) { return c.fixpipe->dualDstCtl == 1; }
bool splitsN(const Case& c) { return c.fixpipe->dualDstCtl == 2; }
bool notSplitN(const Case& c) { return c.fixpipe->dualDstCtl != 2; }

// FIX950-9: a reserved dualDstCtl, an odd two-UB buffer, or the dual mode with ReLU / NZ2DN.
InvalidCase fix950UbDual(const Scope& scope) {
  switch (drawInRange(0, 3)) {
    case 0: {
      InvalidCase out = breakUb(scope, {}, anyUb, "FIX950-9", "fixpipe.dualDstCtl", "dualDstCtl 3 or more (reserved)");
      out.data.c.fixpipe->dualDstCtl = static_cast<std::uint8_t>(drawInRange(3, 255));
      return out;
    }
    case 1: {
      InvalidCase out = breakUb(scope, {std::nullopt, noQuantFloat, true}, isDual, "FIX950-9", "dst.size",
                                "two UBs of an odd size");
      out.data.c.dst.sizeBytes += 1;
      out.data.dstBefore.push_back(0x5A);
      return out;
    }
    case 2: {
      InvalidCase out = breakUb(scope, {std::nullopt, noQuantFloat, true}, isDual, "FIX950-9", "fixpipe.dualDstCtl",
                                "dual destination with reluEn");
      fixParams(out).reluPre = 1;
      return out;
    }
    default: {
      InvalidCase out = breakUb(scope, {Co2Layout::COLUMN_MAJOR, noQuantFloat, true}, anyUb, "FIX950-9",
                                "fixpipe.dualDstCtl", "dual destination with NZ2DN");
      out.data.c.fixpipe->dualDstCtl = 1;  // mSize is a whole 32-byte run of float: even (FIX950-10 holds)
      return out;
    }
  }
}

// FIX950-10 / FIX950-11: an odd mSize for the M split, an nSize not a multiple of 32 for the N split.
InvalidCase fix950UbSplit(const Scope& scope) {
  if (drawBool()) {
    InvalidCase out = breakUb(scope, {std::nullopt, noQuantFloat, true}, splitsM, "FIX950-10", "params.mSize",
                              "M split with an odd mSize");
    fixParams(out).mSize = static_cast<std::uint16_t>(fixParams(out).mSize - 1);
    return out;
  }
  InvalidCase out = breakUb(scope, {std::nullopt, noQuantFloat, true}, splitsN, "FIX950-11", "params.nSize",
                            "N split with nSize % 32 == 16");
  fixParams(out).nSize = static_cast<std::uint16_t>(fixParams(out).nSize - 16);
  return out;
}

// FIX950-8: NZ2ND toward the UB with nSize*sizeof(T) not a multiple of 32, or isChannelSplit toward the UB.
// FIX950-13: toward L1, a ROW_MAJOR nSize or COLUMN_MAJOR mSize not a whole 32-byte run, or isChannelSplit.
InvalidCase fix950L1Run(const Scope& scope) {
  const bool floatNoQuant = !triples950(scope, {std::nullopt, noQuantFloat, false}).empty();  // isChannelSplit's
  switch (drawInRange(0, floatNoQuant ? 2 : 1)) {
    case 0: {
      InvalidCase out = break950(scope, {Co2Layout::ROW_MAJOR, nullptr, true}, "FIX950-13", "params.nSize",
                                 "NZ2ND to L1 with nSize*sizeof(T) % 32 != 0");
      fixParams(out).nSize = static_cast<std::uint16_t>(fixParams(out).nSize - 1);
      return out;
    }
    case 1: {
      InvalidCase out = break950(scope, {Co2Layout::COLUMN_MAJOR, nullptr, true}, "FIX950-13", "params.mSize",
                                 "NZ2DN to L1 with mSize*sizeof(T) % 32 != 0");
      fixParams(out).mSize = static_cast<std::uint16_t>(fixParams(out).mSize - 1);
      return out;
    }
    default: {
      InvalidCase out = break950(scope, {Co2Layout::NZ, noQuantFloat, true}, "FIX950-13", "params.channelSplit",
                                 "isChannelSplit toward L1");
      fixParams(out).channelSplit = true;
      return out;
    }
  }
}

InvalidCase fix950UbRun(const Scope& scope) {
  const bool floatNoQuant = !triples950(scope, {std::nullopt, noQuantFloat, false}).empty();  // isChannelSplit's
  if (!floatNoQuant || drawBool()) {
    InvalidCase out = breakUb(scope, {Co2Layout::ROW_MAJOR, nullptr, true}, notSplitN, "FIX950-8", "params.nSize",
                              "NZ2ND to the UB with nSize*sizeof(T) % 32 != 0");
    fixParams(out).nSize = static_cast<std::uint16_t>(fixParams(out).nSize - 1);
    return out;
  }
  InvalidCase out = breakUb(scope, {Co2Layout::NZ, noQuantFloat, true}, anyUb, "FIX950-8", "params.channelSplit",
                            "isChannelSplit toward the UB");
  fixParams(out).channelSplit = true;
  return out;
}

}  // namespace

GeneratedCase drawFixpipe950(const Scope& scope) { return {drawFixpipe950Data(scope, {})}; }
bool fixpipe950HasCases(const Scope& scope) { return !triples950(scope, {}).empty(); }

std::vector<NamedBreaker> fixpipe950Breakers(const Scope& scope) {
  if (triples950(scope, {}).empty()) return {};
#define DCCONF_BREAKER(f) NamedBreaker{#f, f}
  std::vector<NamedBreaker> out{DCCONF_BREAKER(fix950Field), DCCONF_BREAKER(fix950NzNSize),
                                DCCONF_BREAKER(fix950DstNdStrideZero), DCCONF_BREAKER(fix950Nz2Dn),
                                DCCONF_BREAKER(fix950DTypePair), DCCONF_BREAKER(fix950ZeroRejected)};
  if (!triples950(scope, {std::nullopt, noQuantFloat, false}).empty()) out.push_back(DCCONF_BREAKER(fix950SplitWithNd));
  if (!triples950(scope, {std::nullopt, vectorMode, false}).empty()) out.push_back(DCCONF_BREAKER(fix950TensorTooShort));
  if (drawsToL1(scope)) out.push_back(DCCONF_BREAKER(fix950L1Run));  // FIX950-13
  // FIX950-8..11: after the others, for the UB units only, so the GM units' breakers and draws stay as they were
  if (drawsToUb(scope)) {
    out.push_back(DCCONF_BREAKER(fix950UbRun));
    if (!triples950(scope, {std::nullopt, noQuantFloat, false}).empty()) {
      out.push_back(DCCONF_BREAKER(fix950UbDual));
      out.push_back(DCCONF_BREAKER(fix950UbSplit));
    }
  }
#undef DCCONF_BREAKER
  return out;
}

GeneratedCase drawFixpipe(const Scope& scope) { return {drawFixpipeData(scope, {})}; }

bool fixpipeHasCases(const Scope& scope) { return !pathsFor(scope, {}).empty(); }

std::vector<NamedBreaker> fixpipeBreakers(const Scope& scope) {
  struct Breaker {
    NamedBreaker named;
    FixForce needs;
  };
#define DCCONF_BREAKER(f) NamedBreaker{#f, f}
  const Breaker all[] = {
      {DCCONF_BREAKER(fix1NSizeNotMultipleOfC0), {std::nullopt, false, nullptr}},
      {DCCONF_BREAKER(fix1Field), {}},
      {DCCONF_BREAKER(fix2Nz2ndOnA1), {Position::A1, false, nullptr}},
      {DCCONF_BREAKER(fix2NdNumZero), {Position::GM, true, nullptr}},
      {DCCONF_BREAKER(fix2Nz2ndRegisterRange), {Position::GM, true, nullptr, true}},
      {DCCONF_BREAKER(fix3SplitNonFloat), {std::nullopt, false, nonFloatDst}},
      {DCCONF_BREAKER(fix3SplitWithNz2nd), {Position::GM, true, floatDst}},
      {DCCONF_BREAKER(fix4DTypePair), {}},
      {DCCONF_BREAKER(fix4TensorTooShort), {std::nullopt, std::nullopt, vectorMode}},
      {DCCONF_BREAKER(fix6ReluPre), {}},
  };
  std::vector<NamedBreaker> out;
  for (const Breaker& b : all) {
    if (!pathsFor(scope, b.needs).empty()) out.push_back(b.named);
  }
  // the broken case lands on CO1->A1: only when the scope has that path too
  if (!pathsFor(scope, {Position::GM, false, noQuantFloat}).empty() && scope.allowsPath(Position::CO1, Position::A1)) {
    out.push_back(DCCONF_BREAKER(fix4A1Float));
  }
#undef DCCONF_BREAKER
  return out;
}

}  // namespace dcconf::properties::detail
