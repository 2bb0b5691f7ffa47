// FIX properties (SEMANTICS section 10): value references written from FIX-5/FIX-6, two layout laws (FIX-2 nz2nd,
// FIX-3 channelSplit) and the V* law, and the FIX-7 ambiguity bookkeeping of the oracle. The element layout below
// is re-derived from FIX-1..3 here rather than taken from the oracle, so a layout bug there shows up as a failure.
#include "dcconf/properties/fixpipe.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>
#include <map>
#include <optional>

#include "compare.hpp"
#include "dcconf/oracle/numeric.hpp"

namespace dcconf::properties {

using namespace dcconf::oracle;
using namespace detail;

bool isPerColumnMode(QuantMode m) { return m == QuantMode::VDEQF16 || m == QuantMode::VQF322B8_PRE || m == QuantMode::VREQ8; }
bool isScaledMode(QuantMode m) { return m != QuantMode::NoQuant && m != QuantMode::F322F16 && m != QuantMode::F322BF16; }
bool isEightBitMode(QuantMode m) {
  return m == QuantMode::QF322B8_PRE || m == QuantMode::VQF322B8_PRE || m == QuantMode::REQ8 || m == QuantMode::VREQ8;
}
std::uint64_t fixDestinationC0(const Case& c) {
  if (std::get<DataCopyCO12DstParams>(c.params).channelSplit) return 8;
  return sizeBytes(c.dtype) == 1 ? 32 : 16;
}

namespace {

// ---- the element layout of FIX-1/2/3 -------------------------------------------------------------------------

struct FixElement {
  std::uint64_t i, m, n;
  std::uint64_t srcByte, dstByte;  // from the buffers' starts (offsets included)
};

const DataCopyCO12DstParams& fixParams(const Case& c) { return std::get<DataCopyCO12DstParams>(c.params); }

// FIX-1: burst n/C0d at 32*dstStride bytes, C0d*m + n%C0d inside it (C0d 32 for 8-bit T); FIX-3: C0d 8; FIX-2: row
// pitch dstStride, matrix pitch dstNdStride (elements); srcNdStride in the product's unit (FIX-2: 256 elements,
// FIX-8: 16 on the 950). The source is NZ with 16-column fractals whatever C0d is.
std::vector<FixElement> fixElements(const Case& c) {
  const auto& p = fixParams(c);
  const FixpipeState& f = *c.fixpipe;
  const std::uint64_t s = sizeBytes(c.dtype);
  const std::uint64_t c0 = fixDestinationC0(c);
  const std::uint64_t matrices = p.nz2ndEn ? f.ndNum : 1;
  const std::uint64_t srcUnit = oracle::nz2ndRegister(c.product).srcNdStrideElements;
  std::vector<FixElement> out;
  for (std::uint64_t i = 0; i < matrices; ++i) {
    for (std::uint64_t m = 0; m < p.mSize; ++m) {
      for (std::uint64_t n = 0; n < p.nSize; ++n) {
        const std::uint64_t srcElem = i * f.srcNdStride * srcUnit + (n / 16) * p.srcStride * 16 + 16 * m + n % 16;
        const std::uint64_t dst = p.nz2ndEn ? (i * f.dstNdStride + m * p.dstStride + n) * s
                                            : 32 * std::uint64_t{p.dstStride} * (n / c0) + (c0 * m + n % c0) * s;
        out.push_back({i, m, n, c.src.offsetBytes + 4 * srcElem, c.dst.offsetBytes + dst});
      }
    }
  }
  return out;
}

bool cared(const Evaluation& e, std::uint64_t at, std::uint64_t size) {
  for (std::uint64_t b = 0; b < size; ++b) {
    if (e.expectation.care[at + b] == 0) return false;
  }
  return true;
}

bool isFix(const Case& c) { return resolveOperation(c).operation == Operation::fixpipe; }
std::uint64_t paramOf(const Case& c, std::uint64_t n) {
  return isPerColumnMode(fixParams(c).quantPre) ? c.fixpipe->quantTensor[n] : c.fixpipe->quantScalar;
}

// FIX-5, read from the bits: M1 is the fp32 with the low 13 bits cleared.
float m1Of(std::uint64_t q) { return std::bit_cast<float>(static_cast<std::uint32_t>(q) & 0xFFFFE000u); }
bool mcbOf(std::uint64_t q) { return ((q >> 36) & 1u) != 0; }
std::uint64_t offsetOf(std::uint64_t q) { return (q >> 37) & 0x1FFu; }
bool signedResultOf(std::uint64_t q) { return ((q >> 46) & 1u) != 0; }

float floatOf(std::uint64_t bits) { return std::bit_cast<float>(static_cast<std::uint32_t>(bits)); }
std::int32_t int32Of(std::uint64_t bits) { return static_cast<std::int32_t>(static_cast<std::uint32_t>(bits)); }
std::uint64_t halfBits(double value) { return std::bit_cast<std::uint16_t>(static_cast<_Float16>(value)); }

// Round to nearest even on the 16 bits bfloat16 keeps (written apart from the oracle's numeric.cpp).
std::uint64_t bfloat16Rne(std::uint32_t bits) {
  const std::uint32_t lsb = (bits >> 16) & 1u;
  return (bits + 0x7FFFu + lsb) >> 16;
}

std::string hex(std::uint64_t value) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(value));
  return text;
}

std::string at(const FixElement& el) {
  return "element (i " + std::to_string(el.i) + ", m " + std::to_string(el.m) + ", n " + std::to_string(el.n) +
         ") at dst byte " + std::to_string(el.dstByte);
}

// ---- running the IUT and looking at pinned elements ---------------------------------------------------------------

struct Ran {
  Evaluation e;
  std::vector<std::uint8_t> dst;
};

// The oracle's evaluation and the IUT's output, or the outcome that ends the check (not computed, IUT status).
std::variant<Ran, Outcome> runBoth(Backend& iut, const CaseData& data, const std::string& clause) {
  std::string why;
  auto e = computed(data, &why);
  if (!e) return Outcome::fail(clause + " FIX: case not computed: " + why);
  Run run = runIut(iut, data.c, data.src, data.dstBefore);
  if (auto status = statusOutcome(run, clause, data.c)) return *status;
  return Ran{std::move(*e), std::move(run.dst)};
}

// A check of one pinned element: the source word x and the IUT's element out; a message when it is wrong.
using ElementCheck = std::function<std::optional<std::string>(const FixElement&, std::uint64_t x, std::uint64_t out)>;

// Calls check on every element of a FIX case whose bytes the oracle cares about (ANY elements and collisions are
// what the spec leaves open). Not applicable when no element was checked.
Outcome checkElements(Backend& iut, const CaseData& data, const std::string& clause, const ElementCheck& check,
                      const std::function<std::optional<std::string>()>& finish = {}) {
  auto both = runBoth(iut, data, clause);
  if (auto* early = std::get_if<Outcome>(&both)) return *early;
  const Ran& r = std::get<Ran>(both);
  const std::uint32_t s = sizeBytes(data.c.dtype);
  std::uint64_t checked = 0;
  for (const FixElement& el : fixElements(data.c)) {
    if (!cared(r.e, el.dstByte, s)) continue;
    const auto wrong = check(el, loadElementBits(data.src, el.srcByte, 4), loadElementBits(r.dst, el.dstByte, s));
    if (!wrong) continue;
    ++checked;
    if (!wrong->empty()) return Outcome::fail(clause + " FIX: " + at(el) + ": " + *wrong);
  }
  if (finish) {
    if (const auto wrong = finish()) return Outcome::fail(clause + " FIX: " + *wrong);
  }
  return checked == 0 ? Outcome::notApplicable("no element the clause pins") : Outcome::pass();
}

// What a check returns: nullopt = the element is outside the clause; "" = checked and right; text = wrong.
std::optional<std::string> expectBits(std::uint64_t x, std::uint64_t out, std::uint64_t want) {
  if (out == want) return std::string();
  return "source " + hex(x) + ": expected " + hex(want) + ", IUT wrote " + hex(out);
}

bool isNegative(DType t, std::uint64_t bits, bool signedByte) {
  switch (t) {
    case DType::int8_t:
    case DType::uint8_t: return signedByte && (bits & 0x80u) != 0;
    case DType::int32_t: return (bits & 0x80000000u) != 0;
    case DType::half:
    case DType::bfloat16_t: {
      const bool nan = t == DType::half ? (bits & 0x7C00u) == 0x7C00u && (bits & 0x3FFu) != 0
                                        : (bits & 0x7F80u) == 0x7F80u && (bits & 0x7Fu) != 0;
      return (bits & 0x8000u) != 0 && (bits & 0x7FFFu) != 0 && !nan;
    }
    default: {
      const float f = floatOf(bits);
      return f < 0.0F;
    }
  }
}

bool hasMode(const CaseData& data, std::initializer_list<QuantMode> modes) {
  if (!isFix(data.c)) return false;
  return std::find(modes.begin(), modes.end(), fixParams(data.c).quantPre) != modes.end();
}

}  // namespace

Outcome checkFix6ReluNeverNegative(Backend& iut, const CaseData& data) {
  if (!isFix(data.c) || fixParams(data.c).reluPre != 1) return Outcome::notApplicable("no reluPre");
  const Case& c = data.c;
  const bool scaled = isScaledMode(fixParams(c).quantPre);
  const bool eightBit = c.dtype == DType::int8_t || c.dtype == DType::uint8_t;
  return checkElements(iut, data, "FIX-6", [&](const FixElement& el, std::uint64_t x, std::uint64_t out) -> std::optional<std::string> {
    const std::uint64_t q = paramOf(c, el.n);
    // ReLU zeroes the negative inputs (M2 = 0): a negative scale or an offset can still make the result negative
    if (scaled && (std::signbit(m1Of(q)) || (eightBit && offsetOf(q) != 0))) return std::nullopt;
    if (!isNegative(c.dtype, out, signedResultOf(q))) return std::string();
    return "source " + hex(x) + " gave the negative " + hex(out) + " although ReLU is on";
  });
}

Outcome checkFix6NoQuantIsIdentity(Backend& iut, const CaseData& data) {
  if (!hasMode(data, {QuantMode::NoQuant}) || fixParams(data.c).reluPre != 0) return Outcome::notApplicable("not NoQuant");
  return checkElements(iut, data, "FIX-6", [](const FixElement&, std::uint64_t x, std::uint64_t out) {
    return expectBits(x, out, x);
  });
}

namespace {

// F322F16 / F322BF16: the reference conversion of the (ReLU-rectified) source; NaN sources are left out.
Outcome checkFloatNarrowing(Backend& iut, const CaseData& data, QuantMode mode, std::uint64_t (*reference)(float)) {
  if (!hasMode(data, {mode})) return Outcome::notApplicable("other mode");
  const bool relu = fixParams(data.c).reluPre == 1;
  return checkElements(iut, data, "FIX-6", [&](const FixElement&, std::uint64_t x, std::uint64_t out) -> std::optional<std::string> {
    const float f = floatOf(x);
    if (std::isnan(f)) return std::nullopt;
    return expectBits(x, out, relu && f < 0.0F ? 0 : reference(f));
  });
}

}  // namespace

Outcome checkFix6F322F16IsFloat16Cast(Backend& iut, const CaseData& data) {
  return checkFloatNarrowing(iut, data, QuantMode::F322F16, [](float f) { return halfBits(f); });
}

Outcome checkFix6F322BF16IsRoundNearestEven(Backend& iut, const CaseData& data) {
  return checkFloatNarrowing(iut, data, QuantMode::F322BF16, [](float f) { return bfloat16Rne(std::bit_cast<std::uint32_t>(f)); });
}

Outcome checkFix6Deqf16IsHalfOfExactProduct(Backend& iut, const CaseData& data) {
  if (!hasMode(data, {QuantMode::DEQF16, QuantMode::VDEQF16})) return Outcome::notApplicable("not DEQF16");
  if (data.c.profile.fixDeqRounding == Profile::FixDeqRounding::deqTrunc) return Outcome::notApplicable("deq-trunc");
  const bool relu = fixParams(data.c).reluPre == 1;
  return checkElements(iut, data, "FIX-6", [&](const FixElement& el, std::uint64_t x, std::uint64_t out) -> std::optional<std::string> {
    const std::uint64_t q = paramOf(data.c, el.n);
    if (mcbOf(q)) return std::nullopt;  // the shift's N is AMB-9
    const std::int32_t xi = int32Of(x);
    // f32(x) * M1 is exact in a double (24 x 11 significant bits), so the conversion rounds once
    const double y = static_cast<double>(static_cast<float>(xi)) * (relu && xi < 0 ? 0.0 : static_cast<double>(m1Of(q)));
    if (std::isnan(y)) return (out & 0x7C00u) == 0x7C00u && (out & 0x3FFu) != 0 ? "" : "expected a NaN, IUT wrote " + hex(out);
    const std::uint64_t h = halfBits(std::clamp(y, -65504.0, 65504.0));  // FIX-6 (rev. 2026-12): saturates, never inf
    return expectBits(x, out, h == 0x8000u ? 0 : h);  // FIX-6a: -0.0 + the zero offset = +0.0
  });
}

Outcome checkFix6EightBitMonotonicAndSaturating(Backend& iut, const CaseData& data) {
  if (!hasMode(data, {QuantMode::QF322B8_PRE, QuantMode::VQF322B8_PRE, QuantMode::REQ8, QuantMode::VREQ8})) {
    return Outcome::notApplicable("not an 8-bit mode");
  }
  const Case& c = data.c;
  const bool floatSrc = c.fixpipe->srcDType == DType::float_;
  const bool relu = fixParams(c).reluPre == 1;
  std::map<std::uint64_t, std::vector<std::pair<double, int>>> byColumn;  // n -> (input, output)
  auto check = [&](const FixElement& el, std::uint64_t x, std::uint64_t out) -> std::optional<std::string> {
    const std::uint64_t q = paramOf(c, el.n);
    const float m1 = m1Of(q);
    if (!(m1 > 0.0F) || std::isinf(m1)) return std::nullopt;  // a positive finite scale only
    const double v = floatSrc ? static_cast<double>(floatOf(x)) : static_cast<double>(static_cast<float>(int32Of(x)));
    if (std::isnan(v)) return std::nullopt;
    const bool signedResult = signedResultOf(q);
    const int value = signedResult ? static_cast<std::int8_t>(out) : static_cast<int>(out);
    byColumn[el.n].emplace_back(floatSrc ? v : static_cast<double>(int32Of(x)), value);
    if (mcbOf(q) || offsetOf(q) != 0) return std::string();
    const double y = v * static_cast<double>(m1);
    const int hi = signedResult ? 127 : 255, lo = signedResult ? -128 : 0;
    if (y >= 256.0 && value != hi) return "y = x*M1 = " + std::to_string(y) + " must saturate to " + std::to_string(hi) + ", IUT wrote " + std::to_string(value);
    if (!relu && y <= -257.0 && value != lo) return "y = x*M1 = " + std::to_string(y) + " must saturate to " + std::to_string(lo) + ", IUT wrote " + std::to_string(value);
    return std::string();
  };
  auto monotonic = [&]() -> std::optional<std::string> {
    for (auto& [n, pairs] : byColumn) {
      std::stable_sort(pairs.begin(), pairs.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
      for (std::size_t k = 1; k < pairs.size(); ++k) {
        if (pairs[k].second < pairs[k - 1].second) {
          return "column " + std::to_string(n) + " is not monotonic: input " + std::to_string(pairs[k - 1].first) +
                 " gave " + std::to_string(pairs[k - 1].second) + " but the larger input " +
                 std::to_string(pairs[k].first) + " gave " + std::to_string(pairs[k].second);
        }
      }
    }
    return std::nullopt;
  };
  return checkElements(iut, data, "FIX-6", check, monotonic);
}

// ---- laws -----------------------------------------------------------------------------------------------------

namespace {

// One element of the first case and where the same element sits in the derived case.
struct BytePair {
  FixElement element;
  std::uint64_t derivedByte;
};

// Bytes both expectations care about must agree between the IUT's two outputs, element by element.
Outcome comparePairs(const std::string& law, const Ran& a, const Ran& b, const std::vector<BytePair>& pairs,
                     std::uint32_t s, std::uint64_t& compared) {
  for (const BytePair& p : pairs) {
    if (!cared(a.e, p.element.dstByte, s) || !cared(b.e, p.derivedByte, s)) continue;
    ++compared;
    const std::uint64_t first = loadElementBits(a.dst, p.element.dstByte, s);
    const std::uint64_t second = loadElementBits(b.dst, p.derivedByte, s);
    if (first != second) {
      return Outcome::fail(law + ": " + at(p.element) + " is " + hex(first) + ", the derived case wrote " +
                           hex(second) + " at its byte " + std::to_string(p.derivedByte));
    }
  }
  return Outcome::pass();
}

// The derived NZ case (no nz2nd, no channelSplit, nSize up to a multiple of C0d, bursts apart) reading the source
// from srcShiftBytes on; its destination is a fresh buffer from offset 0 and its source grows as needed.
CaseData derivedNz(const CaseData& data, std::uint64_t srcShiftBytes) {
  CaseData d = data;
  auto& p = std::get<DataCopyCO12DstParams>(d.c.params);
  p.nz2ndEn = false;
  p.channelSplit = false;
  const std::uint64_t c0 = fixDestinationC0(d.c);
  p.nSize = static_cast<std::uint16_t>((p.nSize + c0 - 1) / c0 * c0);
  p.dstStride = static_cast<std::uint32_t>((std::uint64_t{p.mSize} * c0 * sizeBytes(d.c.dtype) + 31) / 32);
  auto& tensor = d.c.fixpipe->quantTensor;
  if (isPerColumnMode(p.quantPre) && tensor.size() < p.nSize) tensor.resize(p.nSize, tensor.empty() ? 0 : tensor.back());
  d.c.src.offsetBytes += srcShiftBytes;
  d.c.dst.offsetBytes = 0;
  const Extents e = extents(d.c);
  d.c.src.sizeBytes = std::max(data.c.src.sizeBytes, d.c.src.offsetBytes + e.srcSpanBytes);
  d.c.dst.sizeBytes = e.dstSpanBytes;
  d.src.resize(d.c.src.sizeBytes, 0);
  d.dstBefore.assign(d.c.dst.sizeBytes, 0x5A);
  return d;
}

// Whether derivedNz can express the case: nSize rounded up to the NZ C0d (16 for a float with channelSplit) still
// fits the u16 field (a wide nSize of 65534 does not).
bool nzExpressible(const CaseData& data) {
  return (std::uint64_t{fixParams(data.c).nSize} + 15) / 16 * 16 <= 0xFFFF;
}

// The NZ byte of element (m, n) in a derivedNz case (FIX-1: C0d 32 for 8-bit T, else 16).
std::uint64_t nzByte(const CaseData& derived, std::uint64_t m, std::uint64_t n) {
  const auto& p = fixParams(derived.c);
  const std::uint64_t c0 = fixDestinationC0(derived.c);
  return 32 * std::uint64_t{p.dstStride} * (n / c0) + (c0 * m + n % c0) * sizeBytes(derived.c.dtype);
}

std::string unusable(const Case& c) {
  const auto problems = validate(c);
  return problems.empty() ? std::string() : describe(problems.front());
}

// Runs the first case, then each derived case with the pairs of its elements; pass when every cared pair agrees.
Outcome lawOverDerived(Backend& iut, const std::string& law, const CaseData& data,
                       const std::vector<std::pair<CaseData, std::vector<BytePair>>>& derived) {
  auto first = runBoth(iut, data, law);
  if (auto* early = std::get_if<Outcome>(&first)) return *early;
  std::uint64_t compared = 0;
  for (const auto& [d, pairs] : derived) {
    if (const std::string why = unusable(d.c); !why.empty()) return Outcome::fail(law + ": derived case invalid: " + why);
    auto second = runBoth(iut, d, law);
    if (auto* early = std::get_if<Outcome>(&second)) return *early;
    const Outcome o = comparePairs(law, std::get<Ran>(first), std::get<Ran>(second), pairs, sizeBytes(data.c.dtype), compared);
    if (o.failed()) return o;
  }
  return compared == 0 ? Outcome::notApplicable("no element both sides pin") : Outcome::pass();
}

}  // namespace

Outcome checkLawFix4VectorEqualColumnsIsScalar(Backend& iut, const CaseData& data) {
  if (!hasMode(data, {QuantMode::VDEQF16, QuantMode::VQF322B8_PRE, QuantMode::VREQ8})) return Outcome::notApplicable("not V*");
  CaseData equal = data;  // every column gets column 0's parameter
  auto& tensor = equal.c.fixpipe->quantTensor;
  std::fill(tensor.begin(), tensor.end(), tensor.front());
  CaseData scalar = equal;
  auto& p = std::get<DataCopyCO12DstParams>(scalar.c.params);
  p.quantPre = p.quantPre == QuantMode::VDEQF16 ? QuantMode::DEQF16
               : p.quantPre == QuantMode::VREQ8 ? QuantMode::REQ8
                                                 : QuantMode::QF322B8_PRE;
  scalar.c.fixpipe->quantScalar = tensor.front();
  scalar.c.fixpipe->quantTensor.clear();
  std::vector<BytePair> pairs;
  for (const FixElement& el : fixElements(equal.c)) pairs.push_back({el, el.dstByte});
  return lawOverDerived(iut, "FIX-4 law V* with equal columns == scalar mode", equal, {{scalar, pairs}});
}

Outcome checkLawFix2Nz2ndIsNzRelaidOut(Backend& iut, const CaseData& data) {
  if (!isFix(data.c) || !fixParams(data.c).nz2ndEn) return Outcome::notApplicable("not nz2nd");
  if (!nzExpressible(data)) return Outcome::notApplicable("nSize rounded up to C0d is past 65535");
  const FixpipeState& f = *data.c.fixpipe;
  std::vector<std::pair<CaseData, std::vector<BytePair>>> derived;
  const std::vector<FixElement> elements = fixElements(data.c);
  // matrix i: an NZ copy of the rows at i*srcNdStride. Each derived case copies the buffers, so of a wide ndNum
  // (docs/coverage.md) the law takes the first and the last four matrices; G-1 compares every one with the oracle.
  for (std::uint64_t i = 0; i < f.ndNum; i = (i == 3 && f.ndNum > 8) ? f.ndNum - 4 : i + 1) {
    // FIX-2: 1024-byte units on A2/A3; FIX-8: C0_SIZE (16 four-byte elements) on the 950
    CaseData d = derivedNz(data, i * f.srcNdStride * nz2ndRegister(data.c.product).srcNdStrideElements * 4);
    std::vector<BytePair> pairs;
    for (const FixElement& el : elements) {
      if (el.i == i) pairs.push_back({el, nzByte(d, el.m, el.n)});
    }
    derived.emplace_back(std::move(d), std::move(pairs));
  }
  return lawOverDerived(iut, "FIX-2 law nz2nd == NZ re-laid out", data, derived);
}

Outcome checkLawFix3ChannelSplitIsNzRelaidOut(Backend& iut, const CaseData& data) {
  if (!isFix(data.c) || !fixParams(data.c).channelSplit) return Outcome::notApplicable("not channelSplit");
  if (!nzExpressible(data)) return Outcome::notApplicable("nSize rounded up to C0d is past 65535");
  CaseData d = derivedNz(data, 0);
  std::vector<BytePair> pairs;
  for (const FixElement& el : fixElements(data.c)) pairs.push_back({el, nzByte(d, el.m, el.n)});
  return lawOverDerived(iut, "FIX-3 law channelSplit == C0d-16 copy re-laid out", data, {{std::move(d), pairs}});
}

// FIX950-4 against FIX950-3: matrix i of the DN case (srcNzMatrixStride, rows 16 elements apart) is matrix i of an
// ND case with srcNdStride = srcNzMatrixStride (both C0_SIZE units); element (m, n) at n*dstStride + m there, at
// m*nSize + n here (a fresh dense destination).
Outcome checkLawFix950DnIsNdTransposed(Backend& iut, const CaseData& data) {
  const Case& c = data.c;
  if (resolveOperation(c).operation != Operation::fixpipe950 || c.fixpipe->layout != Co2Layout::COLUMN_MAJOR) {
    return Outcome::notApplicable("not NZ2DN");
  }
  const auto& p = fixParams(c);
  const FixpipeState& f = *c.fixpipe;
  if (f.nz2dn.srcNzC0Stride != 1) return Outcome::notApplicable("srcNzC0Stride != 1: rows no ND case reads");
  const std::uint64_t matrices = f.nz2dn.dnNum, elements = std::uint64_t{p.mSize} * p.nSize;
  if (matrices == 0 || elements == 0) return Outcome::notApplicable("a NOP (AMB-23)");
  if (matrices * elements > (std::uint64_t{1} << 18) || elements > 0xFFFFFFFFu) {
    return Outcome::notApplicable("too large a transpose to re-run");
  }
  const std::uint64_t s = sizeBytes(c.dtype);
  CaseData nd = data;
  auto& q = std::get<DataCopyCO12DstParams>(nd.c.params);
  q.dstStride = p.nSize;
  nd.c.fixpipe->layout = Co2Layout::ROW_MAJOR;
  nd.c.fixpipe->ndNum = f.nz2dn.dnNum;
  nd.c.fixpipe->srcNdStride = f.nz2dn.srcNzMatrixStride;
  nd.c.fixpipe->dstNdStride = static_cast<std::uint32_t>(elements);
  nd.c.dstPos = Position::GM;  // FIX950-8: the UB's formulas are GM's, without its 32-byte nSize rule for ND
  nd.c.dst.offsetBytes = 0;
  nd.c.dst.sizeBytes = matrices * elements * s;
  nd.dstBefore.assign(nd.c.dst.sizeBytes, 0x5A);
  std::vector<BytePair> pairs;
  for (std::uint64_t i = 0; i < matrices; ++i) {
    for (std::uint64_t m = 0; m < p.mSize; ++m) {
      for (std::uint64_t n = 0; n < p.nSize; ++n) {
        const std::uint64_t srcElem = i * 16 * std::uint64_t{f.nz2dn.srcNzMatrixStride} + (n / 16) * p.srcStride * 16 + 16 * m + n % 16;
        const std::uint64_t dst = (i * f.nz2dn.dstDnMatrixStride + n * std::uint64_t{p.dstStride} + m) * s;
        pairs.push_back({{i, m, n, c.src.offsetBytes + 4 * srcElem, c.dst.offsetBytes + dst}, (i * elements + m * p.nSize + n) * s});
      }
    }
  }
  return lawOverDerived(iut, "FIX950-4 law NZ2DN == NZ2ND transposed", data, {{std::move(nd), std::move(pairs)}});
}

// ---- FIX-7: the oracle's ANY elements ------------------------------------------------------------------------

namespace {

// AMB-8..12 each pinned: bit k of mask chooses the second named reading of AMB-(8+k).
Profile pinnedProfile(unsigned mask) {
  Profile p;
  auto bit = [&](unsigned k) { return ((mask >> k) & 1u) != 0; };
  p.fixOffset = bit(0) ? Profile::FixOffset::offsetUnsigned : Profile::FixOffset::offsetSigned;
  p.fixShift = bit(1) ? Profile::FixShift::shiftPlusOne : Profile::FixShift::shiftRaw;
  p.fixDeqRounding = bit(2) ? Profile::FixDeqRounding::deqTrunc : Profile::FixDeqRounding::deqRne;
  p.fixReluOrder = bit(3) ? Profile::FixReluOrder::reluAfterOffset : Profile::FixReluOrder::reluBeforeOffset;
  p.fixNegScale = bit(4) ? Profile::FixNegScale::negScaleMagnitude : Profile::FixNegScale::negScaleSigned;
  return p;
}

// An element under one evaluation: pinned with its bits, or ANY.
struct Reading {
  bool pinned;
  std::uint64_t bits;
  friend bool operator==(const Reading&, const Reading&) = default;
};

Reading readingOf(const Evaluation& e, std::uint64_t at, std::uint32_t s) {
  return cared(e, at, s) ? Reading{true, loadElementBits(e.expectation.expected, at, s)} : Reading{false, 0};
}

// The AMBs whose question FIX-7 asks of this case's parameters (bit k: AMB-(8+k)): an offset with bit 8 set (AMB-8)
// for 8-bit results, an MCB shift (AMB-9), DEQF16's rounding (AMB-10), ReLU for 8-bit results (AMB-11), a
// parameter whose bits [63:32] are a sign extension (AMB-12), DEQF16 with MCB (AMB-20, bit 5). The others are held
// at their first reading: at most 32 evaluations per case, usually one or two.
unsigned fix7Ambiguities(const Case& c) {
  const auto& p = fixParams(c);
  const QuantMode m = p.quantPre;
  const bool eight = c.dtype == DType::int8_t || c.dtype == DType::uint8_t;
  const bool deq = m == QuantMode::DEQF16 || m == QuantMode::VDEQF16;
  if (!eight && !deq) return 0;  // NoQuant, F322F16, F322BF16 read no quant parameter
  unsigned open = (deq ? 4u : 0u) | (eight && p.reluPre == 1 ? 8u : 0u);  // AMB-11 even without offset: -inf * 0
  for (std::uint64_t n = 0; n < p.nSize; ++n) {
    const std::uint64_t q = paramOf(c, n);
    if (eight && offsetOf(q) >= 256) open |= 1u;
    if (mcbOf(q)) open |= 2u;
    if ((q >> 32) == 0xFFFFFFFFu) open |= 16u;
    if (deq && mcbOf(q)) open |= 32u;  // AMB-20: DEQF16's MCB saturation, int16 or half
  }
  return open;
}

}  // namespace

Outcome checkFix7AnyExactlyWhereReadingsDiffer(const CaseData& data) {
  if (!isFix(data.c)) return Outcome::notApplicable("not FIX");
  CaseData byDefault = data;
  byDefault.c.profile = Profile{};
  std::string why;
  const auto base = computed(byDefault, &why);
  if (!base) return Outcome::fail("FIX-7: case not computed: " + why);
  const unsigned open = fix7Ambiguities(data.c);
  constexpr unsigned kMasks = 64;  // AMB-8..12 and AMB-20
  std::vector<std::optional<Evaluation>> pinned(kMasks);  // by mask; only the masks within `open`
  for (unsigned mask = 0; mask < kMasks; ++mask) {
    if ((mask & ~open) != 0) continue;
    CaseData d = data;
    d.c.profile = pinnedProfile(mask & 31u);
    d.c.profile.deqf16Mcb = (mask & 32u) != 0 ? Profile::Deqf16Mcb::half : Profile::Deqf16Mcb::int16;
    pinned[mask] = computed(d, &why);
    if (!pinned[mask]) return Outcome::fail("FIX-7: case not computed under " + profileName(d.c.profile) + ": " + why);
  }
  const std::uint32_t s = sizeBytes(data.c.dtype);
  for (const FixElement& el : fixElements(data.c)) {
    const Region region = base->expectation.region[el.dstByte];
    if (region == Region::collision) continue;  // written twice: ANY for FIX-1's undocumented order, not an AMB
    std::vector<Reading> readings(kMasks, Reading{false, 0});
    for (unsigned mask = 0; mask < kMasks; ++mask) {
      if (pinned[mask]) readings[mask] = readingOf(*pinned[mask], el.dstByte, s);
    }
    int lowest = 0;  // the first AMB (AMB-8..12, then AMB-20) whose flip alone changes the element
    for (unsigned k = 0; k < 6 && lowest == 0; ++k) {
      if (((open >> k) & 1u) == 0) continue;
      for (unsigned mask = 0; mask < kMasks; ++mask) {
        if ((mask & ~open) == 0 && readings[mask] != readings[mask ^ (1u << k)]) lowest = k < 5 ? static_cast<int>(8 + k) : 20;
      }
    }
    const Reading got = readingOf(*base, el.dstByte, s);
    const std::string where = at(el) + " (source " + hex(loadElementBits(data.src, el.srcByte, 4)) + ", parameter " +
                              hex(paramOf(data.c, el.n)) + ")";
    if (lowest == 0 && got != readings.front()) {
      return Outcome::fail("FIX-7: " + where + ": every AMB-8..12 reading gives " +
                           (readings.front().pinned ? hex(readings.front().bits) : std::string("ANY")) +
                           ", the default profile " + (got.pinned ? hex(got.bits) : "ANY (" + std::string(name(region)) + ")"));
    }
    if (lowest == 0 && !got.pinned && ambiguityId(region) != 0) {
      return Outcome::fail("FIX-7: " + where + ": ANY with region " + std::string(name(region)) +
                           " although no AMB-8..12 reading changes it");
    }
    if (lowest != 0 && (got.pinned || ambiguityId(region) != lowest)) {
      return Outcome::fail("FIX-7 AMB-" + std::to_string(lowest) + ": " + where + ": the readings differ (lowest " +
                           "AMB whose flip changes it: AMB-" + std::to_string(lowest) + "), the default profile gives " +
                           (got.pinned ? hex(got.bits) : "ANY with region " + std::string(name(region))));
    }
  }
  return Outcome::pass();
}

// ---- FIX-7 (revised): the cross product of the readings -------------------------------------------------------

Outcome checkDefaultCaresOnlyWhereEveryPinnedProfileAgrees(const CaseData& data) {
  const bool enh = std::holds_alternative<DataCopyParams>(data.c.params) && data.c.enhancedParams &&
                   data.c.srcPos == Position::CO1;
  if (!isFix(data.c) && !enh) return Outcome::notApplicable("not FIX or ENH CO1->CO2");
  CaseData byDefault = data;
  byDefault.c.profile = Profile{};
  byDefault.c.profile.sidHalf = data.c.profile.sidHalf;  // AMB-15 has a default reading: not part of the product
  std::string why;
  const auto base = computed(byDefault, &why);
  if (!base) return Outcome::notApplicable("not computed under the default profile: " + why);
  const unsigned readings = enh ? 7 : 6;  // AMB-8..12, and AMB-13/14 for ENH, AMB-20 for FIX
  std::uint64_t compared = 0;
  for (unsigned mask = 0; mask < (1u << readings); ++mask) {
    CaseData d = byDefault;
    Profile& p = d.c.profile;
    p = pinnedProfile(mask & 31u);  // AMB-8..12
    p.sidHalf = byDefault.c.profile.sidHalf;
    if (enh) {
      p.vdeqTensorStep = (mask & 32u) != 0 ? Profile::VdeqTensorStep::advance : Profile::VdeqTensorStep::repeat;
      p.deq16Offset = (mask & 64u) != 0 ? Profile::Deq16Offset::added : Profile::Deq16Offset::ignored;
    } else {
      p.deqf16Mcb = (mask & 32u) != 0 ? Profile::Deqf16Mcb::half : Profile::Deqf16Mcb::int16;
    }
    const auto pinned = computed(d, &why);
    if (!pinned) continue;  // this reading makes the case invalid (vdeq-advance: a tensor of 16 entries)
    const auto& want = base->expectation;
    const auto& got = pinned->expectation;
    for (std::uint64_t b = 0; b < want.expected.size(); ++b) {
      if (want.care[b] == 0) continue;
      ++compared;
      if (got.care[b] != 0 && got.expected[b] == want.expected[b]) continue;
      return Outcome::fail("FIX-7 cross product: byte " + std::to_string(b) + " [" + std::string(name(want.region[b])) +
                           "]: the default profile cares about it with " + hex(want.expected[b]) + ", profile " +
                           profileName(p) + " gives " + (got.care[b] != 0 ? hex(got.expected[b]) : "ANY"));
    }
  }
  return compared == 0 ? Outcome::notApplicable("no cared byte") : Outcome::pass();
}

}  // namespace dcconf::properties
