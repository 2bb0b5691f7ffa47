// Shared helpers for the oracle's family tests: building cases, recognisable buffer patterns, and a hand-written
// "model" of the expected destination that the tests fill from the documents (never from the oracle), plus the
// comparisons every test runs (expected bytes, care mask, regions, footprints, guard bytes, G-2 poisoning).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "dcconf/oracle/case.hpp"
#include "dcconf/oracle/expectation.hpp"
#include "dcconf/oracle/oracle.hpp"

// The family tests describe cases with designated initialisers that name only the fields a case changes.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

namespace dcconf::oracle::test {

using Bytes = std::vector<std::uint8_t>;

// Destination guard pattern (0xA5-like, varying so a shifted copy is visible).
inline std::uint8_t guardByte(std::uint64_t i) { return static_cast<std::uint8_t>(0xA5u ^ ((i * 0x1Du) & 0xF0u)); }
// Source pattern: distinct from the guard's high nibbles for the first 16 bytes, period 251 (prime) after.
inline std::uint8_t srcPattern(std::uint64_t i) { return static_cast<std::uint8_t>(i % 251u + 1u); }

inline Bytes guardBuffer(std::uint64_t n) {
  Bytes b(n);
  for (std::uint64_t i = 0; i < n; ++i) b[i] = guardByte(i);
  return b;
}
inline Bytes patternBuffer(std::uint64_t n) {
  Bytes b(n);
  for (std::uint64_t i = 0; i < n; ++i) b[i] = srcPattern(i);
  return b;
}

// Little-endian element store/load, written here so tests never use the oracle's loadElementBits for expectations.
inline void storeLE(Bytes& buf, std::uint64_t byteOffset, std::uint64_t bits, std::uint32_t size) {
  for (std::uint32_t b = 0; b < size; ++b) buf[byteOffset + b] = static_cast<std::uint8_t>(bits >> (8 * b));
}
inline std::uint64_t loadLE(const Bytes& buf, std::uint64_t byteOffset, std::uint32_t size) {
  std::uint64_t v = 0;
  for (std::uint32_t b = 0; b < size; ++b) v |= std::uint64_t{buf[byteOffset + b]} << (8 * b);
  return v;
}

// IEEE half bits of a small integer via the compiler's own _Float16 (independent of the oracle's numeric code).
inline std::uint16_t halfBitsOf(float value) {
  const auto h = static_cast<_Float16>(value);
  std::uint16_t bits = 0;
  std::memcpy(&bits, &h, sizeof bits);
  return bits;
}
inline std::uint32_t floatBitsOf(float value) {
  std::uint32_t bits = 0;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

inline Case makeCase(Api api, Position srcPos, Position dstPos, DType dtype, CopyParams params,
                     std::uint64_t srcSize, std::uint64_t dstSize, std::uint64_t srcOffset = 0,
                     std::uint64_t dstOffset = 0) {
  Case c;
  c.api = api;
  c.srcPos = srcPos;
  c.dstPos = dstPos;
  c.dtype = dtype;
  c.params = std::move(params);
  c.src = {srcSize, srcOffset};
  c.dst = {dstSize, dstOffset};
  return c;
}

// The hand-derived expectation: every byte starts KEEP (prior content, care 1); the test marks what the document
// says the copy writes. Coordinates are buffer coordinates (the test adds the case's offsets itself).
class Model {
 public:
  Model(const Bytes& src, const Bytes& dstBefore)
      : src_(src), expected_(dstBefore), care_(dstBefore.size(), 1), region_(dstBefore.size(), Region::keep),
        read_(src.size(), 0), written_(dstBefore.size(), 0) {}

  // dst[d] = src[s]; a second write of one byte makes it a collision (ND2NZ-4: order undocumented, ANY)
  void copy(std::uint64_t d, std::uint64_t s, Region region = Region::data) {
    read_.at(s) = 1;
    if (written_.at(d) != 0) return collide(d);
    mark(d);
    expected_.at(d) = src_.at(s);
    care_[d] = 1;
    region_[d] = region;
  }
  void literal(std::uint64_t d, std::uint8_t value, Region region) {
    if (written_.at(d) != 0) return collide(d);
    mark(d);
    expected_.at(d) = value;
    care_[d] = 1;
    region_[d] = region;
  }
  // dst[d..d+size) = the little-endian bits of one element
  void element(std::uint64_t d, std::uint64_t bits, std::uint32_t size, Region region) {
    for (std::uint32_t b = 0; b < size; ++b) literal(d + b, static_cast<std::uint8_t>(bits >> (8 * b)), region);
  }
  void any(std::uint64_t d, Region region) {
    if (written_.at(d) != 0) return collide(d);
    mark(d);
    care_[d] = 0;
    region_[d] = region;
  }
  // A byte read (the result may depend on it) without being copied verbatim, e.g. doc-dummy's first element.
  void read(std::uint64_t s) { read_.at(s) = 1; }
  void collide(std::uint64_t d) {
    mark(d);
    care_[d] = 0;
    region_[d] = Region::collision;
  }

  const Bytes& expected() const { return expected_; }
  const Bytes& care() const { return care_; }
  const std::vector<Region>& region() const { return region_; }
  const Bytes& readMask() const { return read_; }
  std::vector<ByteRange> reads() const { return ranges(read_); }
  std::vector<ByteRange> writes() const { return ranges(written_); }

  static std::vector<ByteRange> ranges(const Bytes& marks) {
    std::vector<ByteRange> out;
    for (std::uint64_t i = 0; i < marks.size(); ++i) {
      if (marks[i] == 0) continue;
      if (!out.empty() && out.back().end == i) {
        out.back().end = i + 1;
      } else {
        out.push_back({i, i + 1});
      }
    }
    return out;
  }

 private:
  void mark(std::uint64_t d) { written_.at(d) = 1; }

  Bytes src_;
  Bytes expected_;
  Bytes care_;
  std::vector<Region> region_;
  Bytes read_;
  Bytes written_;
};

inline std::string rangesText(const std::vector<ByteRange>& ranges) {
  std::string out;
  for (const auto& r : ranges) out += "[" + std::to_string(r.begin) + "," + std::to_string(r.end) + ") ";
  return out;
}

inline std::string violationsText(const std::vector<Violation>& violations) {
  std::string out;
  for (const auto& v : violations) out += describe(v) + "\n";
  return out;
}

// Compares the oracle's evaluation with the hand model byte by byte (reports at most 12 differences).
inline void expectEvaluationMatches(const Evaluation& e, const Model& m, const Bytes& dstBefore) {
  ASSERT_EQ(e.verdict, Verdict::computed) << violationsText(e.violations);
  ASSERT_EQ(e.expectation.expected.size(), m.expected().size());
  ASSERT_EQ(e.expectation.care.size(), m.care().size());
  ASSERT_EQ(e.expectation.region.size(), m.region().size());
  int reported = 0;
  for (std::uint64_t i = 0; i < m.expected().size() && reported < 12; ++i) {
    const bool careDiffers = e.expectation.care[i] != m.care()[i];
    const bool regionDiffers = e.expectation.region[i] != m.region()[i];
    const bool valueDiffers = m.care()[i] != 0 && e.expectation.expected[i] != m.expected()[i];
    if (careDiffers || regionDiffers || valueDiffers) {
      ++reported;
      ADD_FAILURE() << "dst byte " << i << ": oracle {value " << int{e.expectation.expected[i]} << ", care "
                    << int{e.expectation.care[i]} << ", region " << name(e.expectation.region[i]) << "} vs doc {value "
                    << int{m.expected()[i]} << ", care " << int{m.care()[i]} << ", region " << name(m.region()[i])
                    << "}";
    }
  }
  // G-1: every byte outside the write footprint is KEEP with the guard byte, care 1.
  std::vector<std::uint8_t> inWrites(dstBefore.size(), 0);
  for (const auto& r : e.footprint.writes) {
    for (std::uint64_t i = r.begin; i < r.end && i < inWrites.size(); ++i) inWrites[i] = 1;
  }
  for (std::uint64_t i = 0; i < dstBefore.size(); ++i) {
    if (inWrites[i] != 0) continue;
    if (e.expectation.region[i] != Region::keep || e.expectation.care[i] != 1 ||
        e.expectation.expected[i] != dstBefore[i]) {
      ADD_FAILURE() << "guard byte " << i << " outside the write footprint is not KEEP";
      break;
    }
  }
  EXPECT_EQ(rangesText(e.footprint.writes), rangesText(m.writes())) << "write footprint";
  EXPECT_EQ(rangesText(e.footprint.reads), rangesText(m.reads())) << "read footprint";
}

// A prepared case with recognisable buffers, evaluated once.
struct Trial {
  Case c;
  Bytes src;
  Bytes dst;
  Evaluation eval;
};
inline Trial runCase(const Case& c) {
  Trial r{c, patternBuffer(c.src.sizeBytes), guardBuffer(c.dst.sizeBytes), {}};
  r.eval = evaluate(r.c, r.src, r.dst);
  return r;
}
inline Trial runCase(const Case& c, Bytes src) {
  Trial r{c, std::move(src), guardBuffer(c.dst.sizeBytes), {}};
  r.eval = evaluate(r.c, r.src, r.dst);
  return r;
}

// G-2: flip every source byte outside the (hand-derived) read set; the expectation must not move. Also checks
// that footprint() agrees with evaluate() and that extents() covers both footprints.
inline void expectNoStrayReads(const Trial& r, const Model& m) {
  Bytes poisoned = r.src;
  for (std::uint64_t i = 0; i < poisoned.size(); ++i) {
    if (m.readMask()[i] == 0) poisoned[i] = static_cast<std::uint8_t>(~poisoned[i] ^ 0x3Cu);
  }
  const Evaluation again = evaluate(r.c, poisoned, r.dst);
  ASSERT_EQ(again.verdict, Verdict::computed);
  EXPECT_EQ(again.expectation.expected, r.eval.expectation.expected) << "result depends on a byte outside reads";
  EXPECT_EQ(again.expectation.care, r.eval.expectation.care);
  const Footprint f = footprint(r.c);
  EXPECT_EQ(rangesText(f.reads), rangesText(r.eval.footprint.reads));
  EXPECT_EQ(rangesText(f.writes), rangesText(r.eval.footprint.writes));
  const Extents x = extents(r.c);
  if (!f.reads.empty()) {
    EXPECT_LE(f.reads.back().end, r.c.src.offsetBytes + x.srcSpanBytes);
  }
  if (!f.writes.empty()) {
    EXPECT_LE(f.writes.back().end, r.c.dst.offsetBytes + x.dstSpanBytes);
  }
}

inline void expectComputedAsModel(const Trial& r, const Model& m) {
  expectEvaluationMatches(r.eval, m, r.dst);
  expectNoStrayReads(r, m);
}

// A violation list contains one with this clause, field and value.
inline bool hasViolation(const std::vector<Violation>& vs, const std::string& clause, const std::string& field,
                         const std::string& value) {
  for (const auto& v : vs) {
    if (v.clause == clause && v.field == field && v.value == value) return true;
  }
  return false;
}

#define EXPECT_VIOLATION(vs, clause, field, value)                                                              \
  EXPECT_TRUE(::dcconf::oracle::test::hasViolation((vs), (clause), (field), (value)))                          \
      << "missing " << (clause) << " " << (field) << " = " << (value) << "; got:\n"                             \
      << ::dcconf::oracle::test::violationsText(vs)

// No-op expectation: nothing written, nothing read, every byte KEEP.
inline void expectNoop(const Trial& r) {
  ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
  EXPECT_TRUE(r.eval.footprint.writes.empty());
  EXPECT_TRUE(r.eval.footprint.reads.empty());
  EXPECT_EQ(r.eval.expectation.expected, r.dst);
  EXPECT_EQ(r.eval.expectation.care, Bytes(r.dst.size(), 1));
  for (const Region region : r.eval.expectation.region) EXPECT_EQ(region, Region::keep);
}

}  // namespace dcconf::oracle::test
