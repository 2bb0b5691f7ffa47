#include "wrong_backends.hpp"

#include <algorithm>
#include <vector>

#include "dcconf/mutants/case_edits.hpp"
#include "dcconf/oracle/numeric.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "dcconf/properties/generators.hpp"

namespace dcconf::properties::testing {

using namespace dcconf::oracle;
using backends::RunResult;
using backends::RunStatus;

namespace {

using mutants::editBlocks;
using mutants::editPad;

std::optional<Operation> operationOf(const Case& c) { return resolveOperation(c).operation; }

// First destination byte the oracle writes with a cared value (a data byte), if any.
std::optional<std::uint64_t> firstCaredWrite(const Case& c, std::span<const std::uint8_t> src,
                                             std::span<const std::uint8_t> dst) {
  const Evaluation e = evaluate(c, src, dst);
  if (e.verdict != Verdict::computed) return std::nullopt;
  for (std::uint64_t b = 0; b < dst.size(); ++b) {
    if (e.expectation.region[b] == Region::data && e.expectation.care[b] != 0) return b;
  }
  return std::nullopt;
}

// SLICE-2: the outermost dimension (k >= 1) that selects several indices on both sides selects one fewer on both, so
// the offset lists stay equally long and the case stays valid.
void dropLastOuterIndex(SliceParams& p) {
  auto count = [](const SliceInfo& si) { return (si.endIndex - si.startIndex + 1 + si.stride) / (si.stride + 1); };
  for (std::size_t k = p.dimValue - 1; k >= 1; --k) {
    SliceInfo& src = p.srcSliceInfo[k];
    SliceInfo& dst = p.dstSliceInfo[k];
    if (count(src) < 2 || count(src) != count(dst)) continue;
    for (SliceInfo* si : {&src, &dst}) si->endIndex = si->startIndex + (count(*si) - 2) * (si->stride + 1);
    return;
  }
}

class WrongBackend final : public backends::Backend {
 public:
  explicit WrongBackend(Mutation mutation) : mutation_(mutation), oracle_(backends::makeOracleBackend()) {}
  std::string name() const override { return "wrong"; }
  std::string version() const override { return "0"; }
  bool supports(const Case& c) const override { return oracle_->supports(c); }

  RunResult run(const Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) override {
    const std::vector<std::uint8_t> before(dst.begin(), dst.end());
    const Case mutated = mutateCase(c);
    RunResult result = oracle_->run(mutated, src, dst);
    if (result.status == RunStatus::rejected && mutation_ == Mutation::acceptInvalidWriteOutside) {
      const std::uint64_t at = c.dst.offsetBytes > 0 ? 0 : dst.size() - 1;  // the first guard, else the last
      if (!dst.empty()) dst[at] = static_cast<std::uint8_t>(~dst[at]);
      return {};
    }
    if (result.status != RunStatus::ok) return result;
    mutateBytes(c, src, before, dst);
    return result;
  }

 private:
  Case mutateCase(const Case& in) const {
    Case c = in;
    const auto op = operationOf(c);
    switch (mutation_) {
      case Mutation::dropLastBlock:
        editBlocks(c, [](auto& p) { if (p.blockCount > 1) --p.blockCount; });
        break;
      case Mutation::swapPads:
        editPad(c, [](auto& p) { std::swap(p.leftPadding, p.rightPadding); });
        break;
      case Mutation::ignorePadRegister: c.padRegister.reset(); break;
      case Mutation::padDummyUnderDocDummy:
        if (c.profile.padDummy == Profile::PadDummy::docDummy) c.profile.padDummy = Profile::PadDummy::padDummy;
        break;
      case Mutation::plainIgnoresDstStride:
        if (c.api == Api::DataCopyPad && std::holds_alternative<DataCopyParams>(c.params)) {
          std::get<DataCopyParams>(c.params).dstStride = 0;
        }
        break;
      case Mutation::tscmGmStrideIn32B: c.profile.tscmGmStrideUnit = Profile::TscmGmStrideUnit::docTable32; break;
      case Mutation::nd2nzUbDropsLastRow:
        if ((op == Operation::nd2nzGmToUb || (op == Operation::nd2nz && drawnApart(Operation::nd2nz, {c.srcPos, c.dstPos}))) &&
            std::get<Nd2NzParams>(c.params).nValue > 1) {
          --std::get<Nd2NzParams>(c.params).nValue;
        }
        break;
      case Mutation::dc0IgnoresSrcStride:
        if (op == Operation::copy0Level) std::get<DataCopyParams>(c.params).srcStride = 0;
        break;
      case Mutation::sliceDropsLastOuterIndex:
        if (op == Operation::slice) dropLastOuterIndex(std::get<SliceParams>(c.params));
        break;
      case Mutation::dn2nzPackedSrc:
        if (op == Operation::dn2nz) {
          auto& p = std::get<Dn2NzParams>(c.params);
          p.srcDValue = std::max<std::uint64_t>(1, p.nValue);
        }
        break;
      case Mutation::enhNormalIgnoresDstStride:
        if (op == Operation::enhancedNormal) std::get<DataCopyParams>(c.params).dstStride = 0;
        break;
      case Mutation::co1ReluIgnored:
        if (op == Operation::enhancedCo1ToCo2) c.enhancedParams->isRelu = false;
        break;
      case Mutation::co1StoreModeHalvesSwapped:
        if (op == Operation::enhancedCo1ToCo2 && c.enhancedParams->sidStoreMode <= 1) c.enhancedParams->sidStoreMode ^= 1;
        break;
      case Mutation::co1DeqScaleDoubled:
        if (op == Operation::enhancedCo1ToCo2 &&
            (c.enhancedParams->deqScale == DeqScale::deq || c.enhancedParams->deqScale == DeqScale::deq16)) {
          c.enhancedParams->deqValue += std::uint64_t{1} << 23;  // M1's exponent + 1
        }
        break;
      case Mutation::co1ScalarIgnoresOffset:
        if (op == Operation::enhancedCo1ToCo2 &&
            (c.enhancedParams->deqScale == DeqScale::deq8 || c.enhancedParams->deqScale == DeqScale::deq16)) {
          c.enhancedParams->deqValue &= ~(std::uint64_t{0x1FF} << 37);
        }
        break;
      case Mutation::nddmaNearestAsConstant:
        if (op == Operation::nddma) std::get<NdDmaParams>(c.params).isNearestValueMode = false;
        break;
      case Mutation::nddmaPadsSwapped:
        if (op == Operation::nddma) {
          auto& p = std::get<NdDmaParams>(c.params);
          std::swap(p.loopLpSize, p.loopRpSize);
        }
        break;
      default: mutateFixpipe(c); break;
    }
    return c;
  }

  // The FIX mutations: each a case edit before the oracle runs.
  void mutateFixpipe(Case& c) const {
    if (operationOf(c) != Operation::fixpipe) return;
    auto& p = std::get<DataCopyCO12DstParams>(c.params);
    FixpipeState& f = *c.fixpipe;
    switch (mutation_) {
      case Mutation::fixReluIgnored: p.reluPre = 0; break;
      case Mutation::fixReluAlwaysOn: p.reluPre = 1; break;
      case Mutation::fixVectorReadsScalar:
        if (p.quantPre == QuantMode::VDEQF16) p.quantPre = QuantMode::DEQF16;
        if (p.quantPre == QuantMode::VQF322B8_PRE) p.quantPre = QuantMode::QF322B8_PRE;
        if (p.quantPre == QuantMode::VREQ8) p.quantPre = QuantMode::REQ8;
        break;
      case Mutation::fixSignBitFlipped:
        f.quantScalar ^= std::uint64_t{1} << 46;
        for (auto& q : f.quantTensor) q ^= std::uint64_t{1} << 46;
        break;
      case Mutation::fixNz2ndRowPitchIsNSize:
        if (p.nz2ndEn) p.dstStride = p.nSize;
        break;
      case Mutation::fixSplitPitchOneBlockMore:
        if (p.channelSplit) ++p.dstStride;
        break;
      default: break;
    }
  }

  void mutateBytes(const Case& c, std::span<const std::uint8_t> src, const std::vector<std::uint8_t>& before,
                   std::span<std::uint8_t> dst) {
    switch (mutation_) {
      case Mutation::writeGuardByte: writeGuard(c, dst); break;
      case Mutation::readOutsideFootprint: readOutside(c, src, before, dst); break;
      case Mutation::nondeterministicByte:
        if (++runs_ % 2 == 0) flipFirstData(c, src, before, dst);
        break;
      case Mutation::twoLevelRoundsUp: copyPartialBlock(c, src, dst); break;
      case Mutation::nd2nzTailNotZeroed: restoreZeroTail(c, src, before, dst); break;
      case Mutation::nz2ndFloatC0Of8: nz2ndWithC0Of8(c, src, before, dst); break;
      case Mutation::nanResultAsInf: nanAsInf(c, src, before, dst); break;
      case Mutation::atomAddOverflowToMax: atomOverflowToMax(c, before, dst); break;
      default: break;
    }
  }

  static void writeGuard(const Case& c, std::span<std::uint8_t> dst) {
    const Footprint f = footprint(c);
    if (f.writes.empty()) return;
    const std::uint64_t after = f.writes.back().end;
    if (after < dst.size()) dst[after] = static_cast<std::uint8_t>(~dst[after]);
  }

  static void flipFirstData(const Case& c, std::span<const std::uint8_t> src, const std::vector<std::uint8_t>& before,
                            std::span<std::uint8_t> dst) {
    if (const auto b = firstCaredWrite(c, src, before)) dst[*b] = static_cast<std::uint8_t>(~dst[*b]);
  }

  static void readOutside(const Case& c, std::span<const std::uint8_t> src, const std::vector<std::uint8_t>& before,
                          std::span<std::uint8_t> dst) {
    const Footprint f = footprint(c);
    if (f.reads.empty()) return;
    const std::uint64_t outside = f.reads.front().begin > 0 ? f.reads.front().begin - 1 : f.reads.back().end;
    if (outside >= src.size()) return;
    if (const auto b = firstCaredWrite(c, src, before)) dst[*b] = static_cast<std::uint8_t>(dst[*b] ^ src[outside]);
  }

  static void copyPartialBlock(const Case& c, std::span<const std::uint8_t> src, std::span<std::uint8_t> dst) {
    if (!std::holds_alternative<CalCount>(c.params)) return;
    const std::uint64_t bytes = std::uint64_t{std::get<CalCount>(c.params).calCount} * sizeBytes(c.dtype);
    for (std::uint64_t k = bytes / 32 * 32; k < alignUp(bytes, 32); ++k) {
      if (c.src.offsetBytes + k < src.size() && c.dst.offsetBytes + k < dst.size()) {
        dst[c.dst.offsetBytes + k] = src[c.src.offsetBytes + k];
      }
    }
  }

  static void restoreZeroTail(const Case& c, std::span<const std::uint8_t> src, const std::vector<std::uint8_t>& before,
                              std::span<std::uint8_t> dst) {
    const Evaluation e = evaluate(c, src, before);
    if (e.verdict != Verdict::computed) return;
    for (std::uint64_t b = 0; b < dst.size(); ++b) {
      if (e.expectation.region[b] == Region::zeroTail) dst[b] = before[b];
    }
  }

  // AMB-16 (project): the elements that must be a NaN of T hold +inf (the canonical NaN with its mantissa cleared).
  static void nanAsInf(const Case& c, std::span<const std::uint8_t> src, const std::vector<std::uint8_t>& before,
                       std::span<std::uint8_t> dst) {
    const Evaluation e = evaluate(c, src, before);
    if (e.verdict != Verdict::computed) return;
    for (const ClassConstraint& k : e.expectation.classes) {
      const std::uint32_t s = sizeBytes(k.dtype);
      const std::uint64_t quietBit = s == 2 && k.dtype == DType::half ? 0x0200u : s == 2 ? 0x0040u : s == 4 ? 0x00400000u
                                                                                                    : 0x0008000000000000u;
      const std::uint64_t inf = canonicalNanBits(k.dtype) & ~quietBit;
      storeElementBits(dst, k.index, s, inf);
    }
  }

  // ATOM-4 with the overflow clamped: where GM held a finite element, an add's +-inf becomes +-(largest finite of T).
  static void atomOverflowToMax(const Case& c, const std::vector<std::uint8_t>& before, std::span<std::uint8_t> dst) {
    const std::uint32_t mantissaBits = c.dtype == DType::half ? 10 : c.dtype == DType::bfloat16_t ? 7 : 23;
    if (c.atomic != AtomicOp::add || (c.dtype != DType::half && c.dtype != DType::bfloat16_t && c.dtype != DType::float_)) return;
    const std::uint32_t s = sizeBytes(c.dtype);
    const std::uint64_t signBit = std::uint64_t{1} << (8 * s - 1);
    const std::uint64_t inf = ((signBit - 1) >> mantissaBits) << mantissaBits;
    for (std::uint64_t q = c.dst.offsetBytes; q + s <= dst.size() && q + s <= before.size(); q += s) {
      const std::uint64_t result = loadElementBits(dst, q, s);
      if ((result & ~signBit) != inf || (loadElementBits(before, q, s) & ~signBit) >= inf) continue;
      const std::uint64_t clamped = (result & signBit) | (inf - 1);
      storeElementBits(dst, q, s, clamped);
    }
  }

  // NZ2ND-2 with the 32-bit ND2NZ C0 (8) instead of 16: the classic float mix-up.
  static void nz2ndWithC0Of8(const Case& c, std::span<const std::uint8_t> src, const std::vector<std::uint8_t>& before,
                             std::span<std::uint8_t> dst) {
    if (!std::holds_alternative<Nz2NdParamsFull>(c.params) || sizeBytes(c.dtype) != 4) return;
    std::copy(before.begin(), before.end(), dst.begin());
    const auto& p = std::get<Nz2NdParamsFull>(c.params);
    constexpr std::uint64_t s = 4, c0 = 8;
    for (std::uint64_t i = 0; i < p.ndNum; ++i) {
      for (std::uint64_t r = 0; r < p.nValue; ++r) {
        for (std::uint64_t col = 0; col < p.dValue; ++col) {
          const std::uint64_t to = c.dst.offsetBytes + s * (i * p.dstNdMatrixStride + r * p.dstDStride + col);
          const std::uint64_t from =
              c.src.offsetBytes + s * (i * 256 * p.srcNdMatrixStride + (col / c0) * c0 * p.srcNStride + c0 * r + col % c0);
          if (to + s > dst.size() || from + s > src.size()) continue;
          std::copy_n(src.begin() + static_cast<std::ptrdiff_t>(from), s, dst.begin() + static_cast<std::ptrdiff_t>(to));
        }
      }
    }
  }

  Mutation mutation_;
  std::unique_ptr<backends::Backend> oracle_;
  std::uint64_t runs_ = 0;
};

class UnsupportingBackend final : public backends::Backend {
 public:
  std::string name() const override { return "none"; }
  std::string version() const override { return "0"; }
  bool supports(const Case&) const override { return false; }
  RunResult run(const Case&, std::span<const std::uint8_t>, std::span<std::uint8_t>) override {
    return {RunStatus::notSupported, "supports nothing"};
  }
};

}  // namespace

std::unique_ptr<backends::Backend> makeUnsupportingBackend() { return std::make_unique<UnsupportingBackend>(); }

std::unique_ptr<backends::Backend> makeWrongBackend(Mutation mutation) { return std::make_unique<WrongBackend>(mutation); }

}  // namespace dcconf::properties::testing
