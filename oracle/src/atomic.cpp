// =====================================================================================================================
// Atomic copies to GM, SetAtomicAdd<T>() / SetAtomicMax<T>() / SetAtomicMin<T>() before a UB->GM DataCopy or
// DataCopyPad (Atlas A2, A3, Ascend 950)                                    SEMANTICS section 2c, clauses ATOM-*
// =====================================================================================================================
// @pre  the case's operation is DataCopy (0- or 2-level) or DataCopyPad (Normal) VECIN/VECOUT->GM (ATOM-1, resolve).
// @post the call writes the bytes it writes without atomics (its own clauses), but each element of T it writes, at a
//       multiple of sizeof(T) from the copy's destination start, holds op(old, new): old its content before the
//       call, new what the plain call writes (ATOM-3). Bytes the call does not write are KEEP.
// @post add: integers exact, ANY past T's range (AMB-28); floats the exact sum rounded once to T, nearest even,
//       overflow to inf (ATOM-4); a NaN operand or inf + -inf gives some NaN (AMB-16's class). max/min: the larger /
//       smaller value (ATOM-5); a NaN operand (AMB-29) or +0 against -0 (AMB-30) leaves the element ANY.
// @post subnormal float operands or exact sums (AMB-27), a zero sum of opposite signs (AMB-30) and an element the
//       call writes only in part or across two DataCopyPad blocks (AMB-26) leave the element's written bytes ANY.
#include <bit>
#include <cmath>

#include "dcconf/oracle/numeric.hpp"
#include "paths.hpp"

namespace dcconf::oracle::detail {
namespace {

// The plain call the atomic state wraps: the case without its atomic field.
Case plainCall(const Case& c) {
  Case call = c;
  call.atomic = AtomicOp::none;
  return call;
}
const PathSemantics& callSemantics(const Case& call) { return singleCallSemantics(*resolveOperation(call).operation); }

std::vector<Violation> check(const Case& c) {
  std::vector<Violation> out;
  if (!isAtomicDType(c.dtype)) {  // ATOM-2: a static_assert / ASCENDC_ASSERT in the header
    out.push_back({"ATOM-2", "dtype", std::string(name(c.dtype)),
                   std::string("SetAtomic") + (c.atomic == AtomicOp::add ? "Add" : c.atomic == AtomicOp::max ? "Max" : "Min") +
                       "<T> takes int8_t, int16_t, int32_t, half, bfloat16_t or float"});
  }
  const Case call = plainCall(c);
  for (Violation& v : callSemantics(call).check(call)) out.push_back(std::move(v));  // the call's own clauses
  return out;
}

Extents extents(const Case& c) {
  const Case call = plainCall(c);
  return callSemantics(call).extents(call);
}

// The walk is the plain call's: applyAtomic then combines each written element with the prior content.
void walk(const Case& c, WriteSink& sink) {
  const Case call = plainCall(c);
  callSemantics(call).walk(call, sink);
}

// One element's outcome: its bits, ANY for the reason `why`, or ANY but some NaN of T (AMB-16's class).
struct Outcome {
  enum class Kind : std::uint8_t { bits, any, nan } kind = Kind::any;
  std::uint64_t bits = 0;
  Region why = Region::ambiguous26;
};
Outcome valueOf(std::uint64_t bits) { return {Outcome::Kind::bits, bits, Region::data}; }
Outcome any(Region why) { return {Outcome::Kind::any, 0, why}; }
Outcome someNan() { return {Outcome::Kind::nan, 0, Region::special}; }


std::int64_t signedValue(DType t, std::uint64_t bits) {
  switch (t) {
    case DType::int8_t: return static_cast<std::int8_t>(bits);
    case DType::int16_t: return static_cast<std::int16_t>(bits);
    default: return static_cast<std::int32_t>(bits);
  }
}

// ATOM-4 / ATOM-5 on integers: two's complement; add exact when it fits T, else ANY (AMB-28: wrap or saturate).
Outcome combineInteger(AtomicOp op, DType t, std::uint64_t oldBits, std::uint64_t newBits) {
  const std::int64_t a = signedValue(t, oldBits);
  const std::int64_t b = signedValue(t, newBits);
  const std::uint64_t mask = (std::uint64_t{1} << (8 * sizeBytes(t))) - 1;
  if (op == AtomicOp::max) return valueOf(static_cast<std::uint64_t>(std::max(a, b)) & mask);
  if (op == AtomicOp::min) return valueOf(static_cast<std::uint64_t>(std::min(a, b)) & mask);
  const std::int64_t sum = a + b;
  const std::int64_t limit = std::int64_t{1} << (8 * sizeBytes(t) - 1);
  if (sum < -limit || sum >= limit) return any(Region::ambiguous28);
  return valueOf(static_cast<std::uint64_t>(sum) & mask);
}

// ATOM-4: the exact sum rounded once to T (a double holds every half sum exactly; for bfloat16 and float the
// double rounding is harmless, 53 >= 2p + 2).
std::uint64_t roundedSum(DType t, double a, double b) {
  if (t == DType::float_) {
    return std::bit_cast<std::uint32_t>(static_cast<float>(a) + static_cast<float>(b));  // IEEE single, RNE
  }
  const double sum = a + b;
  return t == DType::half ? doubleToHalfBits(sum, false) : doubleToBfloat16Bits(sum);
}

Outcome combineFloat(AtomicOp op, DType t, std::uint64_t oldBits, std::uint64_t newBits) {
  const double a = decodeElement(t, oldBits);
  const double b = decodeElement(t, newBits);
  if (std::isnan(a) || std::isnan(b)) return op == AtomicOp::add ? someNan() : any(Region::ambiguous29);
  if (isSubnormal(t, a) || isSubnormal(t, b)) return any(Region::ambiguous27);  // operands flushed or not
  if (op == AtomicOp::add) {
    if (std::isinf(a) && std::isinf(b) && a != b) return someNan();  // inf + -inf
    if (isSubnormal(t, a + b)) return any(Region::ambiguous27);  // a subnormal exact sum (exact: both normal)
    if (a + b == 0.0 && !(a == 0.0 && b == 0.0 && std::signbit(a) == std::signbit(b))) return any(Region::ambiguous30);
    return valueOf(roundedSum(t, a, b));
  }
  if (a == b) return oldBits == newBits ? valueOf(oldBits) : any(Region::ambiguous30);  // +0 against -0
  const bool takeOld = op == AtomicOp::max ? a > b : a < b;
  return valueOf(takeOld ? oldBits : newBits);
}

Outcome combine(AtomicOp op, DType t, std::uint64_t oldBits, std::uint64_t newBits) {
  return t == DType::half || t == DType::bfloat16_t || t == DType::float_ ? combineFloat(op, t, oldBits, newBits)
                                                                          : combineInteger(op, t, oldBits, newBits);
}

// AMB-26: whether the element at rel bytes from the copy's destination start lies inside one DataCopyPad block
// (PAD-U2G-2: blocks of blockLen bytes, blockLen + dstStride apart). DataCopy's 32-byte blocks hold whole elements.
bool insideOneBlock(const Case& c, std::uint64_t rel, std::uint64_t s) {
  if (c.api != Api::DataCopyPad) return true;
  const PadBlocks b = padBlocks(c.params);
  const std::uint64_t pitch = b.blockLenBytes + b.dstStride;
  return pitch == 0 || rel % pitch + s <= b.blockLenBytes;
}

}  // namespace

const PathSemantics& atomicSemantics() {
  static const PathSemantics semantics{check, extents, walk};
  return semantics;
}

void applyAtomic(const Case& c, std::span<const std::uint8_t> dstBefore, std::span<const ByteRange> windows,
                 Expectation& e) {
  if (c.atomic == AtomicOp::none) return;
  const std::uint64_t s = sizeBytes(c.dtype);
  const std::uint64_t start = c.dst.offsetBytes;  // ATOM-3: elements of T from the copy's destination start
  std::uint64_t windowAt = 0;                     // index in the expectation of the window's first byte
  for (const ByteRange& w : windows) {
    const std::uint64_t first = w.begin > start ? start + (w.begin - start) / s * s : start;
    for (std::uint64_t q = first; q < w.end; q += s) {  // element [q, q + s)
      std::uint64_t written = 0;
      bool anyByte = false;
      Outcome outcome = any(Region::ambiguous26);  // part of an element written (or cut by the window)
      for (std::uint64_t p = std::max(q, w.begin); p < std::min(q + s, w.end); ++p) {
        const std::uint64_t at = windowAt + (p - w.begin);
        if (e.region[at] == Region::keep) continue;
        ++written;
        if (e.care[at] == 0 && !anyByte) outcome = any(e.region[at]);  // an ANY input byte keeps its reason
        anyByte = anyByte || e.care[at] == 0;
      }
      if (written == 0) continue;
      const bool whole = written == s && q >= w.begin && q + s <= w.end && insideOneBlock(c, q - start, s);
      if (whole && !anyByte) {
        const std::uint64_t at = windowAt + (q - w.begin);
        outcome = combine(c.atomic, c.dtype, loadElementBits(dstBefore, q, static_cast<std::uint32_t>(s)),
                          loadElementBits(e.expected, at, static_cast<std::uint32_t>(s)));
      }
      for (std::uint64_t p = std::max(q, w.begin); p < std::min(q + s, w.end); ++p) {
        const std::uint64_t at = windowAt + (p - w.begin);
        if (e.region[at] == Region::keep) continue;
        if (outcome.kind == Outcome::Kind::bits) {
          e.expected[at] = elementByte(outcome.bits, p - q);
        } else {
          e.care[at] = 0;
          e.region[at] = outcome.why;
        }
      }
      if (outcome.kind == Outcome::Kind::nan) e.classes.push_back({windowAt + (q - w.begin), c.dtype, ValueClass::nan});
    }
    windowAt += w.end - w.begin;
  }
}

}  // namespace dcconf::oracle::detail
