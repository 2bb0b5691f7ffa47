// The fast backend's atomic copies to GM (ATOM-1..5, project): the plain UB->GM call, then each element of T it
// wrote whole combined with what GM held before (add, max, min). Written from SEMANTICS section 2c, not from the
// oracle: the written blocks come from DC-2/DC-3/PAD-U2G-2, the arithmetic from ATOM-4/5.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <vector>

#include "fast_common.hpp"
#include "fast_quant.hpp"

namespace dcconf::backends::fast {
namespace {

using oracle::AtomicOp;
using oracle::DType;

struct Block {
  std::uint64_t begin = 0;  // from the copy's destination start
  std::uint64_t lenBytes = 0;
};

// The destination bytes the plain call writes (DC-2, DC-3 with AMB-4, PAD-U2G-2).
std::vector<Block> writtenBlocks(const oracle::Case& c, oracle::Operation operation) {
  std::vector<Block> out;
  if (operation == oracle::Operation::copy2Level) {
    std::uint64_t blocks = std::uint64_t{std::get<oracle::CalCount>(c.params).calCount} * oracle::sizeBytes(c.dtype) / 32;
    if (c.profile.calCountOverflow == oracle::Profile::CalCountOverflow::hwWrap) blocks %= 65536;
    if (blocks != 0) out.push_back({0, 32 * blocks});
    return out;
  }
  std::uint64_t count = 0;
  std::uint64_t len = 0;
  std::uint64_t pitch = 0;
  if (const auto* p = std::get_if<oracle::DataCopyParams>(&c.params)) {
    if (operation == oracle::Operation::copy0Level) {  // DC-2: 32-byte units
      count = p->blockCount;
      len = 32 * std::uint64_t{p->blockLen};
      pitch = 32 * (std::uint64_t{p->blockLen} + p->dstStride);
    } else {  // PAD-U2G-2: bytes
      count = p->blockCount;
      len = p->blockLen;
      pitch = len + p->dstStride;
    }
  } else if (const auto* e = std::get_if<oracle::DataCopyExtParams>(&c.params)) {
    count = e->blockCount;
    len = e->blockLen;
    pitch = len + e->dstStride;
  }
  if (len == 0) return out;
  for (std::uint64_t i = 0; i < count; ++i) out.push_back({i * pitch, len});
  return out;
}

// A double to a binary format of mantBits stored bits and exponent bias, to nearest even, overflow to inf.
std::uint64_t roundTo(double y, int mantBits, int bias) {
  const int width = mantBits + std::bit_width(static_cast<unsigned>(2 * bias + 1));
  const std::uint64_t sign = std::signbit(y) ? std::uint64_t{1} << width : 0;
  const std::uint64_t inf = sign | ((std::uint64_t{1} << (width - mantBits)) - 1) << mantBits;
  if (std::isnan(y)) return inf | std::uint64_t{1} << (mantBits - 1);
  const auto bits = std::bit_cast<std::uint64_t>(std::fabs(y));
  if (bits == 0) return sign;
  const int exp = static_cast<int>(bits >> 52) - 1023;
  if (exp > bias) return inf;
  const std::uint64_t mant = (bits & ((std::uint64_t{1} << 52) - 1)) | (std::uint64_t{1} << 52);
  const int drop = 52 - mantBits + (exp >= 1 - bias ? 0 : 1 - bias - exp);
  if (drop >= 64) return sign;
  std::uint64_t kept = mant >> drop;
  if (exp >= 1 - bias) kept = (static_cast<std::uint64_t>(exp + bias) << mantBits) + kept - (std::uint64_t{1} << mantBits);
  const std::uint64_t rest = mant & ((std::uint64_t{1} << drop) - 1);
  const std::uint64_t halfway = std::uint64_t{1} << (drop - 1);
  if (rest > halfway || (rest == halfway && (kept & 1u) != 0)) ++kept;  // a carry reaches inf
  return sign | kept;
}

double floatValue(DType t, std::uint64_t bits) {
  if (t == DType::float_) return std::bit_cast<float>(static_cast<std::uint32_t>(bits));
  if (t == DType::bfloat16_t) return std::bit_cast<float>(static_cast<std::uint32_t>(bits) << 16);
  const auto h = static_cast<std::uint32_t>(bits);  // half
  const double sign = (h & 0x8000u) != 0 ? -1.0 : 1.0;
  const std::uint32_t e = (h >> 10) & 0x1Fu;
  const std::uint32_t m = h & 0x3FFu;
  if (e == 0x1F) return m != 0 ? std::nan("") : sign * INFINITY;
  return sign * std::ldexp(e == 0 ? m : m + 1024.0, e == 0 ? -24 : static_cast<int>(e) - 25);
}

std::int64_t intValue(DType t, std::uint64_t bits) {
  if (t == DType::int8_t) return static_cast<std::int8_t>(bits);
  if (t == DType::int16_t) return static_cast<std::int16_t>(bits);
  return static_cast<std::int32_t>(bits);
}

// ATOM-4/5 on one element; the readings AMB-27..30 leave open take IEEE's answer here, which the oracle accepts.
std::uint64_t combine(AtomicOp op, DType t, std::uint64_t oldBits, std::uint64_t newBits) {
  const std::uint32_t s = oracle::sizeBytes(t);
  const std::uint64_t mask = s == 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * s)) - 1;
  if (t == DType::int8_t || t == DType::int16_t || t == DType::int32_t) {
    const std::int64_t a = intValue(t, oldBits);
    const std::int64_t b = intValue(t, newBits);
    const std::int64_t r = op == AtomicOp::add ? a + b : op == AtomicOp::max ? std::max(a, b) : std::min(a, b);
    return static_cast<std::uint64_t>(r) & mask;  // an overflowing add wraps (AMB-28)
  }
  const double a = floatValue(t, oldBits);
  const double b = floatValue(t, newBits);
  if (op == AtomicOp::add) {
    if (t == DType::float_) {
      return std::bit_cast<std::uint32_t>(static_cast<float>(a) + static_cast<float>(b));
    }
    return t == DType::half ? roundTo(a + b, 10, 15) : roundTo(a + b, 7, 127);
  }
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) ? oldBits : newBits;  // AMB-29: the NaN
  return (op == AtomicOp::max ? b > a : b < a) ? newBits : oldBits;
}

bool atomicType(DType t) {
  return t == DType::int8_t || t == DType::int16_t || t == DType::int32_t || t == DType::half ||
         t == DType::bfloat16_t || t == DType::float_;
}

}  // namespace

RunResult runAtomic(const oracle::Case& c, oracle::Operation operation, std::span<const std::uint8_t> src,
                    std::span<std::uint8_t> dst, RunResult (*plain)(const oracle::Case&, std::span<const std::uint8_t>,
                                                                     std::span<std::uint8_t>)) {
  Checker check;
  check.require(atomicType(c.dtype), "ATOM-2", "dtype", static_cast<std::uint64_t>(c.dtype),
                "SetAtomicAdd/Max/Min<T> takes int8_t, int16_t, int32_t, half, bfloat16_t or float");
  if (check.failed()) return check.rejection();
  oracle::Case call = c;
  call.atomic = AtomicOp::none;
  // the prior content of the bytes the call writes, kept before the plain call (only within the buffer: an
  // out-of-bounds call is rejected by the plain call before it writes)
  const std::vector<Block> blocks = writtenBlocks(c, operation);
  std::vector<std::vector<std::uint8_t>> prior;
  const std::uint64_t start = c.dst.offsetBytes;
  for (const Block& b : blocks) {
    const std::uint64_t from = std::min<std::uint64_t>(dst.size(), start + b.begin);
    const std::uint64_t to = std::min<std::uint64_t>(dst.size(), start + b.begin + b.lenBytes);
    prior.emplace_back(dst.begin() + static_cast<std::ptrdiff_t>(from), dst.begin() + static_cast<std::ptrdiff_t>(to));
  }
  const RunResult result = plain(call, src, dst);
  if (result.status != RunStatus::ok) return result;
  const std::uint32_t s = oracle::sizeBytes(c.dtype);
  for (std::size_t k = 0; k < blocks.size(); ++k) {
    const Block& b = blocks[k];
    // ATOM-3: whole elements of T from the copy's destination start; a part-written one keeps the copy (AMB-26)
    for (std::uint64_t q = (b.begin + s - 1) / s * s; q + s <= b.begin + b.lenBytes; q += s) {
      std::uint64_t oldBits = 0;
      std::uint64_t newBits = 0;
      std::memcpy(&oldBits, prior[k].data() + (q - b.begin), s);
      std::memcpy(&newBits, dst.data() + start + q, s);
      const std::uint64_t r = combine(c.atomic, c.dtype, oldBits, newBits);
      std::memcpy(dst.data() + start + q, &r, s);
    }
  }
  return result;
}

}  // namespace dcconf::backends::fast
