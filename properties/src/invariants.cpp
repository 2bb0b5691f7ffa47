// Invariants 1-6 and 8 and the oracle's self-consistency (the equivalence laws are in laws.cpp).
#include "dcconf/properties/invariants.hpp"

#include <algorithm>

#include "compare.hpp"
#include "dcconf/properties/diagnosis.hpp"
#include "dcconf/oracle/numeric.hpp"

namespace dcconf::properties {

using namespace dcconf::oracle;
using namespace detail;

namespace {

// Runs the IUT on a generated case after the oracle computed it: the shared prologue of invariants 1-3.
struct Checked {
  std::optional<Outcome> early;  // set when the invariant is decided before comparing bytes
  Evaluation e;
  Run run;
};
Checked runChecked(Backend& iut, const CaseData& data, std::span<const std::uint8_t> src, const char* clause) {
  Checked out;
  std::string why;
  auto e = computed(data, &why);
  if (!e) {
    out.early = Outcome::fail(std::string(clause) + " " + familyOf(data.c) + ": generated case not computed: " + why);
    return out;
  }
  out.e = std::move(*e);
  out.run = runIut(iut, data.c, src, data.dstBefore);
  out.early = statusOutcome(out.run, clause, data.c);
  return out;
}

// The same for an invariant about one operation: other operations are not applicable.
Checked runCheckedOn(Operation operation, Backend& iut, const CaseData& data, const char* clause) {
  if (resolveOperation(data.c).operation == operation) return runChecked(iut, data, data.src, clause);
  Checked out;
  out.early = Outcome::notApplicable(std::string("not ") + std::string(name(operation)));
  return out;
}

Outcome mismatch(const char* clause, const std::string& what, const CaseData& data, const Evaluation& e,
                 std::span<const std::uint8_t> expected, std::span<const std::uint8_t> actual, std::uint64_t byte) {
  return Outcome::fail(std::string(clause) + " " + familyOf(data.c) + ": " + what + ": " +
                       describeByte(data.c, expected, actual, byte, regionOf(e, byte)));
}

// A G-1 failure names the FIX-6 deviations that reproduce the output, when some do (diagnosis.hpp).
Outcome diagnosed(Outcome failure, const CaseData& data, const Checked& k) {
  if (const oracle::FixDeviations d = reproducingDeviations(data, k.e.expectation, k.run.dst); d != 0) {
    failure.message += " " + stated(d);
  }
  return failure;
}

}  // namespace

Outcome checkG1Conformance(Backend& iut, const CaseData& data) {
  Checked k = runChecked(iut, data, data.src, "G-1");
  if (k.early) return *k.early;
  const std::uint64_t byte = firstMismatch(k.e.expectation, k.run.dst);
  if (byte == kNoMismatch) {
    Outcome passed = Outcome::pass();
    // G-6: the bytes the open readings decide must follow one whole combination of them.
    const Alternatives alternatives = oracle::alternatives(data.c, data.src, data.dstBefore, k.e.expectation);
    if (std::string mix = wholeReadings(alternatives, k.run.dst, &passed.readings); !mix.empty()) {
      return diagnosed(Outcome::fail("G-1 " + familyOf(data.c) + ": " + mix), data, k);
    }
    passed.unspecifiedBytesByRegion = unspecifiedBytesByRegion(k.e.expectation);
    return passed;
  }
  if (const std::string broken = classViolationAt(k.e.expectation, k.run.dst, byte, byte); !broken.empty()) {
    return diagnosed(Outcome::fail("G-1 " + familyOf(data.c) + ": IUT differs from the oracle: " + broken), data, k);
  }
  return diagnosed(mismatch("G-1", "IUT differs from the oracle", data, k.e, k.e.expectation.expected, k.run.dst, byte),
                   data, k);
}

// Compares the IUT with itself (clean source vs poisoned source), not with the oracle: a wrong value is G-1's
// business; G-2 is only about whether bytes outside the read footprint leak into the result.
Outcome checkG2NoStrayReads(Backend& iut, const CaseData& data) {
  Checked clean = runChecked(iut, data, data.src, "G-2");
  if (clean.early) return *clean.early;
  // every byte the result may not depend on is flipped, so any dependence shows
  std::vector<std::uint8_t> poisoned = data.src;
  std::uint64_t at = 0;  // the footprint's reads are sorted and disjoint: flip the gaps between them
  const auto flipUpTo = [&](std::uint64_t end) {
    for (; at < end; ++at) poisoned[at] = static_cast<std::uint8_t>(~poisoned[at]);
  };
  for (const ByteRange& r : clean.e.footprint.reads) {
    flipUpTo(std::min<std::uint64_t>(r.begin, poisoned.size()));
    at = std::max(at, std::min<std::uint64_t>(r.end, poisoned.size()));
  }
  flipUpTo(poisoned.size());
  const Run dirty = runIut(iut, data.c, poisoned, data.dstBefore);
  if (auto status = statusOutcome(dirty, "G-2", data.c)) return *status;
  const std::uint64_t byte = firstCaredDifference(clean.e.expectation.care, clean.run.dst, dirty.dst);
  if (byte == kNoMismatch) {
    // G-6: the bytes the open readings decide may not switch reading either when stray bytes change (the two
    // outputs are judged by the same alternatives: the expectation depends on footprint.reads only). Two equal
    // outputs follow the same readings, so only a difference in ANY bytes needs the alternatives' 2^k evaluations.
    if (clean.run.dst == dirty.dst) return Outcome::pass();
    const Alternatives alternatives = oracle::alternatives(data.c, data.src, data.dstBefore, clean.e.expectation);
    if (alternatives.empty()) return Outcome::pass();
    const Consistency before = consistentCombinations(alternatives, clean.run.dst);
    const Consistency after = consistentCombinations(alternatives, dirty.dst);
    if (before.consistent.none() || after.consistent.none() || (before.consistent & after.consistent).any()) {
      return Outcome::pass();  // a mix within one output is G-1's failure, not G-2's
    }
    std::string clean6, dirty6;
    for (std::size_t k = 0; k < alternatives.ambIds.size(); ++k) {
      clean6 += " " + readingText(alternatives.ambIds[k], readingsOf(alternatives, before.consistent, k));
      dirty6 += " " + readingText(alternatives.ambIds[k], readingsOf(alternatives, after.consistent, k));
    }
    return Outcome::fail("G-2 " + familyOf(data.c) + ": G-6: poisoning src bytes outside footprint.reads changed the "
                         "reading the output follows: clean" + clean6 + ", poisoned" + dirty6);
  }
  return mismatch("G-2", "result changed when src bytes outside footprint.reads were poisoned (clean run shown as "
                  "expected)", data, clean.e, clean.run.dst, dirty.dst, byte);
}

Outcome checkG3Determinism(Backend& iut, const CaseData& data) {
  Checked first = runChecked(iut, data, data.src, "G-3");
  if (first.early) return *first.early;
  const Run second = runIut(iut, data.c, data.src, data.dstBefore);
  if (auto status = statusOutcome(second, "G-3", data.c)) return *status;
  const std::uint64_t byte = firstCaredDifference(first.e.expectation.care, first.run.dst, second.dst);
  if (byte == kNoMismatch) return Outcome::pass();
  return mismatch("G-3", "two runs differ (first run shown as expected)", data, first.e, first.run.dst, second.dst,
                  byte);
}

// ---- 4. PAD-G2U-3/4/5 ---------------------------------------------------------------------------------------------

namespace {

struct PadView {
  std::uint64_t blockCount, blockLen, srcStride, dstStride;
  bool isPad;
  std::uint64_t left, right, value;
};

PadView padView(const Case& c) {
  PadView v{};
  std::visit([&](const auto& p) {
    if constexpr (requires { p.blockLen; p.srcStride; }) v = {p.blockCount, p.blockLen, p.srcStride, p.dstStride, false, 0, 0, 0};
  }, c.params);
  std::visit([&](const auto& p) {
    if constexpr (requires { p.isPad; }) {
      v.isPad = p.isPad;
      v.left = p.leftPadding;
      v.right = p.rightPadding;
      v.value = p.paddingValue;
    }
  }, c.padParams);
  return v;
}

std::optional<std::uint8_t> elementByte(std::optional<std::uint64_t> bits, std::uint64_t k) {
  if (!bits) return std::nullopt;
  return static_cast<std::uint8_t>(*bits >> (8 * k));
}

// The spec's value of pad byte k (PAD-G2U-4) and dummy byte k (PAD-G2U-5) of a block; nullopt is ANY.
struct PadRules {
  const Case& c;
  const PadView& v;
  std::uint64_t s;

  std::optional<std::uint64_t> padElement() const {
    if (v.isPad) return v.value;
    return c.padRegister;
  }
  std::optional<std::uint8_t> pad(std::uint64_t k) const { return elementByte(padElement(), k % s); }
  std::optional<std::uint8_t> dummy(std::span<const std::uint8_t> src, std::uint64_t srcBlock, std::uint64_t k) const {
    const auto padValue = v.isPad ? std::optional<std::uint64_t>(v.value) : std::nullopt;
    switch (c.profile.padDummy) {
      case Profile::PadDummy::any: return std::nullopt;
      case Profile::PadDummy::padDummy: return elementByte(padValue, k % s);
      case Profile::PadDummy::docDummy:
        if (v.left == 0 && v.right == 0) {  // the block's first element, repeated
          return k % s < v.blockLen ? std::optional<std::uint8_t>(src[srcBlock + k % s]) : std::nullopt;
        }
        return elementByte(padValue, k % s);
    }
    return std::nullopt;
  }
};

}  // namespace

Outcome checkPadG2U345Regions(Backend& iut, const CaseData& data) {
  const Case& c = data.c;
  const Checked checked = runCheckedOn(Operation::padGmToUb, iut, data, "PAD-G2U-3");
  if (checked.early) return *checked.early;

  const PadView v = padView(c);
  const PadRules rules{c, v, sizeBytes(c.dtype)};
  const std::uint64_t leftBytes = v.left * rules.s;
  const std::uint64_t rightBytes = v.right * rules.s;
  const std::uint64_t W = alignUp(leftBytes + rightBytes + v.blockLen, kDataBlockBytes);
  std::vector<std::uint8_t> want = data.dstBefore;  // what the spec says, where it says anything
  std::vector<std::uint8_t> care(want.size(), 0);
  std::vector<const char*> clause(want.size(), "PAD-G2U-3");
  auto expect = [&](std::uint64_t at, std::optional<std::uint8_t> value, const char* id) {
    care[at] = value ? 1 : 0;
    if (value) want[at] = *value;
    clause[at] = id;
  };
  // LOOP-3: in loop mode every iteration (i2, i1) is this call shifted by the byte strides, and a byte two iterations
  // write is ANY; one iteration otherwise (a loop size of 0 runs none, AMB-25)
  const LoopModeParams l = c.loopMode.value_or(LoopModeParams{1, 1, 0, 0, 0, 0});
  auto forEachBlock = [&](auto&& visit) {
    for (std::uint64_t i2 = 0; i2 < l.loop2Size; ++i2) {
      for (std::uint64_t i1 = 0; i1 < l.loop1Size; ++i1) {
        for (std::uint64_t i = 0; i < v.blockCount; ++i) {
          visit(c.src.offsetBytes + i2 * l.loop2SrcStride + i1 * l.loop1SrcStride + i * (v.blockLen + v.srcStride),
                c.dst.offsetBytes + i2 * l.loop2DstStride + i1 * l.loop1DstStride + i * (W + kDataBlockBytes * v.dstStride));
        }
      }
    }
  };
  std::vector<std::uint32_t> writes(want.size(), 0);
  forEachBlock([&](std::uint64_t, std::uint64_t dstBlock) {
    for (std::uint64_t at = dstBlock; at < dstBlock + W && at < writes.size(); ++at) ++writes[at];
  });
  forEachBlock([&](std::uint64_t srcBlock, std::uint64_t dstBlock) {
    auto expectWritten = [&](std::uint64_t at, std::optional<std::uint8_t> value, const char* id) {
      if (writes[at] > 1) return expect(at, std::nullopt, "LOOP-3 collision");
      expect(at, value, id);
    };
    std::uint64_t at = dstBlock;
    for (std::uint64_t k = 0; k < leftBytes; ++k) expectWritten(at++, rules.pad(k), "PAD-G2U-4 left pad");
    for (std::uint64_t k = 0; k < v.blockLen; ++k) expectWritten(at++, data.src[srcBlock + k], "PAD-G2U-3 data");
    for (std::uint64_t k = 0; k < rightBytes; ++k) expectWritten(at++, rules.pad(k), "PAD-G2U-4 right pad");
    for (std::uint64_t k = 0; at < dstBlock + W; ++k) expectWritten(at++, rules.dummy(data.src, srcBlock, k), "PAD-G2U-5 dummy");
    // PAD-G2U-3: the dstStride gap after the block is KEEP, unless another iteration writes it
    for (std::uint64_t k = 0; k < kDataBlockBytes * v.dstStride && at < want.size(); ++k, ++at) {
      if (writes[at] == 0) expect(at, data.dstBefore[at], "PAD-G2U-3 gap");
    }
  });
  for (std::uint64_t b = 0; b < want.size(); ++b) {
    if (care[b] != 0 && checked.run.dst[b] != want[b]) {
      return Outcome::fail(std::string(clause[b]) + " (profile " + profileName(c.profile) + "): " +
                           describeByte(c, want, checked.run.dst, b, regionOf(checked.e, b)));
    }
  }
  return Outcome::pass();
}

// ---- 5. NZ2ND-4 round trip ------------------------------------------------------------------------------------------

namespace {

// NZ2ND-4 for 32-bit T, derived by hand from ND2NZ-2 (C0 = 8, dstNzC0Stride = N', dstNzNStride 1) and NZ2ND-2
// (C0 = 16, srcNStride = N'): output (r, c) reads NZ element p = (c/16)*16N' + 16r + c%16; within a 16-column
// block the first 8N' elements are the ND2NZ block of columns [16(c/16), +8) and the next 8N' the block after it, so
//   r <  N'/2: x(2r + (c%16)/8,          16(c/16) + c%8)
//   r >= N'/2: x(2(r - N'/2) + (c%16)/8, 16(c/16) + 8 + c%8).
std::pair<std::uint64_t, std::uint64_t> nz2ndOfNd2nz32(std::uint64_t r, std::uint64_t c, std::uint64_t nPrime) {
  const std::uint64_t half = nPrime / 2;
  const std::uint64_t upper = r >= half ? 1 : 0;
  return {2 * (r - upper * half) + (c % 16) / 8, 16 * (c / 16) + 8 * upper + c % 8};
}

}  // namespace

Outcome checkNz2Nd4RoundTrip(Backend& iut, const RoundTripCase& roundTrip) {
  const CaseData& first = roundTrip.nd2nz.data;
  const Case& c1 = first.c;
  const auto& nd = std::get<Nd2NzParams>(c1.params);
  const Run leg1 = runIut(iut, c1, first.src, first.dstBefore);
  if (auto status = statusOutcome(leg1, "NZ2ND-4", c1)) return *status;

  Case c2 = c1;
  c2.srcPos = Position::VECOUT;
  c2.dstPos = Position::GM;
  c2.params = roundTrip.back;
  c2.src = c1.dst;  // the L1 result, read back from the same offset
  c2.dst = {roundTrip.gmBefore.size(), 0};
  if (auto problems = validate(c2); !problems.empty()) return Outcome::fail("NZ2ND-4 second leg invalid: " + describe(problems.front()));
  const Run leg2 = runIut(iut, c2, leg1.dst, roundTrip.gmBefore);
  if (auto status = statusOutcome(leg2, "NZ2ND-4", c2)) return *status;

  const std::uint64_t s = sizeBytes(c1.dtype);
  std::vector<std::uint8_t> want = roundTrip.gmBefore;
  for (std::uint64_t r = 0; r < nd.nValue; ++r) {
    for (std::uint64_t col = 0; col < nd.dValue; ++col) {
      const auto [xr, xc] = s == 2 ? std::pair{r, col} : nz2ndOfNd2nz32(r, col, nd.dstNzC0Stride);
      const std::uint64_t from = c1.src.offsetBytes + (xr * nd.srcDValue + xc) * s;
      const std::uint64_t to = (r * roundTrip.back.dstDStride + col) * s;
      for (std::uint64_t b = 0; b < s; ++b) want[to + b] = first.src[from + b];
    }
  }
  for (std::uint64_t b = 0; b < want.size(); ++b) {
    if (leg2.dst[b] != want[b]) {
      return Outcome::fail(std::string("NZ2ND-4 round trip (") + (s == 2 ? "identity" : "32-bit permutation") +
                           ") breaks: " + describeByte(c2, want, leg2.dst, b, "data"));
    }
  }
  return Outcome::pass();
}

// ---- 6. ND2NZ-3 ------------------------------------------------------------------------------------------------------

Outcome checkNd2Nz3TailZeroFill(Backend& iut, const CaseData& data) {
  const Case& c = data.c;
  const Checked checked = runCheckedOn(Operation::nd2nz, iut, data, "ND2NZ-3");
  if (checked.early) return *checked.early;

  const auto& p = std::get<Nd2NzParams>(c.params);
  const std::uint64_t s = sizeBytes(c.dtype);
  const std::uint64_t C0 = kDataBlockBytes / s;
  const auto written = rangeMask(checked.e.footprint.writes, data.dstBefore.size());
  auto elementByteAt = [&](std::uint64_t i, std::uint64_t r, std::uint64_t col) {
    return c.dst.offsetBytes +
           s * (i * p.dstNzMatrixStride + (col / C0) * p.dstNzC0Stride * C0 + r * p.dstNzNStride * C0 + col % C0);
  };
  for (std::uint64_t i = 0; i < p.ndNum; ++i) {
    for (std::uint64_t r = 0; r < alignUp(p.nValue, 16); ++r) {
      for (std::uint64_t col = r < p.nValue ? p.dValue : 0; col < alignUp(p.dValue, C0); ++col) {
        for (std::uint64_t b = elementByteAt(i, r, col), end = b + s; b < end && b < checked.run.dst.size(); ++b) {
          const bool tail = r < p.nValue;
          // a collision (ND2NZ-4) is ANY; a row beyond nValue that another row or matrix writes is not ours to judge
          if (tail ? checked.e.expectation.region[b] == Region::collision : written[b] != 0) continue;
          const std::uint8_t want = tail ? 0 : data.dstBefore[b];
          if (checked.run.dst[b] == want) continue;
          std::vector<std::uint8_t> expected = checked.run.dst;
          expected[b] = want;
          return Outcome::fail(std::string(tail ? "ND2NZ-3 tail not zero" : "ND2NZ-3 row beyond nValue written") +
                               " (matrix " + std::to_string(i) + ", row " + std::to_string(r) + ", column " +
                               std::to_string(col) + "): " + describeByte(c, expected, checked.run.dst, b, regionOf(checked.e, b)));
        }
      }
    }
  }
  return Outcome::pass();
}

// ---- 8. G-4 -----------------------------------------------------------------------------------------------------------

Outcome checkG4OracleRejectsExactly(const InvalidCase& invalid) {
  const Evaluation e = evaluate(invalid.data.c, invalid.data.src, invalid.data.dstBefore);
  const bool exact = e.verdict == Verdict::invalid && e.violations.size() == 1 &&
                     e.violations.front().clause == invalid.clause && e.violations.front().field == invalid.field;
  if (exact) return Outcome::pass();
  std::string said = "verdict " + std::string(name(e.verdict));
  for (const Violation& v : e.violations) said += "; " + describe(v);
  return Outcome::fail("G-4 " + invalid.clause + ": expected exactly one violation " + invalid.clause + " " +
                       invalid.field + " (" + invalid.how + "), oracle said " + said);
}

Outcome checkG4IutInvalidPolicy(Backend& iut, const InvalidCase& invalid, InvalidPolicyTally& tally) {
  const CaseData& data = invalid.data;
  const Run run = runIut(iut, data.c, data.src, data.dstBefore);
  switch (run.result.status) {
    case backends::RunStatus::rejected:
    case backends::RunStatus::error: ++tally.rejected; return Outcome::pass();
    case backends::RunStatus::notSupported: ++tally.notSupported; return Outcome::notSupported(run.result.detail);
    case backends::RunStatus::ok: ++tally.ranAnyway; break;
    default:
      return Outcome::fail("G-4 " + invalid.clause + ": IUT " + std::string(backends::name(run.result.status)) +
                           " on an invalid case: " + run.result.detail);
  }
  // the valid base's writes, moved with the destination offset (a G-5 break shifts it)
  const auto shift = static_cast<std::int64_t>(data.c.dst.offsetBytes) - static_cast<std::int64_t>(invalid.validBase.dst.offsetBytes);
  const auto allowed = rangeMask(footprint(invalid.validBase).writes, data.dstBefore.size(), shift);
  for (std::uint64_t b = 0; b < run.dst.size(); ++b) {
    if (allowed[b] == 0 && run.dst[b] != data.dstBefore[b]) {
      return Outcome::fail("G-4/G-1 " + invalid.clause + " " + invalid.field + ": IUT ran an invalid case and wrote " +
                           "outside the footprint of its valid part: " +
                           describeByte(data.c, data.dstBefore, run.dst, b, "guard"));
    }
  }
  return Outcome::pass();
}

// ---- oracle self-consistency ----------------------------------------------------------------------------------------

namespace {

bool within(const std::vector<ByteRange>& ranges, std::uint64_t begin, std::uint64_t end) {
  for (const ByteRange& r : ranges) {
    if (r.begin < begin || r.end > end) return false;
  }
  return true;
}

}  // namespace

Outcome checkOracleSelfConsistency(const CaseData& data) {
  const Case& c = data.c;
  std::string why;
  const auto e = computed(data, &why);
  if (!e) return Outcome::fail("G-4 " + familyOf(c) + ": generated case not valid: " + why);
  const std::string family = familyOf(c);
  const Expectation& x = e->expectation;
  const auto written = rangeMask(e->footprint.writes, x.region.size());
  for (std::uint64_t b = 0; b < x.region.size(); ++b) {
    const std::string at = family + " dst byte " + std::to_string(b) + " (region " + std::string(name(x.region[b])) + ")";
    if ((x.region[b] != Region::keep) != (written[b] != 0)) return Outcome::fail("G-1 self: footprint.writes != region != keep at " + at);
    if (x.care[b] == 0 && written[b] == 0) return Outcome::fail("G-1 self: ANY byte outside footprint.writes at " + at);
    if (written[b] == 0 && x.expected[b] != data.dstBefore[b]) return Outcome::fail("G-1 self: KEEP byte changed at " + at);
  }
  const Extents ext = extents(c);
  if (!within(e->footprint.writes, c.dst.offsetBytes, c.dst.offsetBytes + ext.dstSpanBytes)) {
    return Outcome::fail("G-1 self " + family + ": footprint.writes outside oracle::extents");
  }
  if (!within(e->footprint.reads, c.src.offsetBytes, c.src.offsetBytes + ext.srcSpanBytes)) {
    return Outcome::fail("G-2 self " + family + ": footprint.reads outside oracle::extents");
  }
  const Footprint alone = footprint(c);
  if (alone.reads != e->footprint.reads || alone.writes != e->footprint.writes) {
    return Outcome::fail("G-1/G-2 self " + family + ": oracle::footprint differs from evaluate's footprint");
  }
  return Outcome::pass();
}

Outcome checkSparseMatchesDense(const CaseData& data) {
  const Case& c = data.c;
  std::string why;
  const auto dense = computed(data, &why);
  if (!dense) return Outcome::fail("G-4 " + familyOf(c) + ": generated case not valid: " + why);
  const std::string family = familyOf(c);
  const Footprint sparse = sparseFootprint(c);
  if (sparse.reads != dense->footprint.reads || sparse.writes != dense->footprint.writes) {
    return Outcome::fail("G-1/G-2 sparse " + family + ": sparseFootprint differs from evaluate's footprint");
  }
  const std::vector<ByteRange> whole{{0, data.dstBefore.size()}};
  const std::vector<ByteRange> guarded = guardWindows(sparse.writes, 64, 1, data.dstBefore.size());
  for (const auto& windows : {whole, guarded}) {
    if (data.dstBefore.empty()) break;
    WindowedEvaluation w;
    evaluateWindows(c, data.src, data.dstBefore, windows, w);
    if (w.verdict != Verdict::computed || w.uncoveredWrites != 0) {
      return Outcome::fail("G-1 sparse " + family + ": windowed evaluation not computed or windows missed writes");
    }
    if (w.footprint.reads != dense->footprint.reads || w.footprint.writes != dense->footprint.writes) {
      return Outcome::fail("G-1/G-2 sparse " + family + ": windowed footprint differs from evaluate's");
    }
    for (const ByteRange& r : windows) {
      for (std::uint64_t b = r.begin; b < r.end; ++b) {
        const std::uint64_t at = w.indexOf(b);
        const Expectation& x = dense->expectation;
        const Expectation& y = w.expectation;
        if (at == kNoMismatch || x.care[b] != y.care[at] || x.region[b] != y.region[at] ||
            (x.care[b] != 0 && x.expected[b] != y.expected[at])) {
          return Outcome::fail("G-1 sparse " + family + ": windowed expectation differs at dst byte " +
                               std::to_string(b) + " (dense region " + std::string(name(x.region[b])) + ")");
        }
      }
    }
    // AMB-16 (project): the same NaN-class elements, at the windowed indices of the dense ones inside the windows
    std::vector<ClassConstraint> mapped;
    for (ClassConstraint k : dense->expectation.classes) {
      const std::uint64_t at = w.indexOf(k.index);
      if (at == kNoMismatch) continue;
      k.index = at;
      mapped.push_back(k);
    }
    if (mapped != w.expectation.classes) {
      return Outcome::fail("G-1 sparse " + family + ": windowed NaN-class elements (AMB-16) differ from the dense " +
                           "ones (" + std::to_string(w.expectation.classes.size()) + " vs " +
                           std::to_string(mapped.size()) + ")");
    }
  }
  return Outcome::pass();
}

}  // namespace dcconf::properties
