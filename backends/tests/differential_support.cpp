// Shared differential-test helpers (differential_support.hpp).
#include "differential_support.hpp"

#include <sstream>
#include <type_traits>
#include <variant>

namespace dcconf::backends::test {

using oracle::Case;

// ---- reporting --------------------------------------------------------------------------------------------------

std::string describeCase(const Case& c) {
  std::ostringstream out;
  out << oracle::name(c.product) << " " << oracle::name(c.api) << " " << oracle::pathName(c.srcPos, c.dstPos) << " "
      << oracle::name(c.dtype) << " profile=" << oracle::profileName(c.profile) << " " << oracle::typeName(c.params)
      << "{";
  std::visit(
      [&](const auto& p) {
        using P = std::decay_t<decltype(p)>;
        if constexpr (std::is_same_v<P, oracle::DataCopyParams> || std::is_same_v<P, oracle::DataCopyExtParams>) {
          out << "blockCount=" << p.blockCount << " blockLen=" << p.blockLen << " srcStride=" << p.srcStride
              << " dstStride=" << p.dstStride;
        } else if constexpr (std::is_same_v<P, oracle::Nd2NzParams>) {
          out << "nd2nz";
        } else if constexpr (std::is_same_v<P, oracle::SliceParams>) {
          out << "dimValue=" << p.dimValue;
          for (std::size_t k = 0; k < p.dimValue && k < oracle::kMaxSliceDims; ++k) {
            const auto& a = p.srcSliceInfo[k];
            const auto& b = p.dstSliceInfo[k];
            out << " [" << k << "] src{" << a.startIndex << "," << a.endIndex << "," << a.stride << "," << a.burstLen
                << " shape " << p.srcShape[k] << "} dst{" << b.startIndex << "," << b.endIndex << "," << b.stride << ","
                << b.burstLen << " shape " << p.dstShape[k] << "}";
          }
        } else if constexpr (std::is_same_v<P, oracle::Dn2NzParams>) {
          out << "dnNum=" << p.dnNum << " nValue=" << p.nValue << " dValue=" << p.dValue
              << " srcDnMatrixStride=" << p.srcDnMatrixStride << " srcDValue=" << p.srcDValue
              << " dstNzC0Stride=" << p.dstNzC0Stride << " dstNzNStride=" << p.dstNzNStride
              << " dstNzMatrixStride=" << p.dstNzMatrixStride << " enableSmallC0=" << p.enableSmallC0;
        } else if constexpr (std::is_same_v<P, oracle::Nz2NdParamsFull>) {
          out << "ndNum=" << p.ndNum << " nValue=" << p.nValue << " dValue=" << p.dValue
              << " srcNdMatrixStride=" << p.srcNdMatrixStride << " srcNStride=" << p.srcNStride
              << " dstDStride=" << p.dstDStride << " dstNdMatrixStride=" << p.dstNdMatrixStride;
        } else if constexpr (std::is_same_v<P, oracle::DataCopyCO12DstParams>) {
          out << "nSize=" << p.nSize << " mSize=" << p.mSize << " dstStride=" << p.dstStride
              << " srcStride=" << p.srcStride << " quantPre=" << oracle::name(p.quantPre) << " reluPre=" << +p.reluPre
              << " channelSplit=" << p.channelSplit << " nz2ndEn=" << p.nz2ndEn << " sid=" << +p.sid;
        } else if constexpr (std::is_same_v<P, oracle::BroadCastVecToMMParams>) {
          out << "blockCount=" << p.blockCount << " blockLen=" << +p.blockLen << " srcGap=" << +p.srcGap
              << " dstGap=" << +p.dstGap;
        } else if constexpr (std::is_same_v<P, oracle::NdDmaParams>) {
          out << "dim=" << +p.dim << " constantValue=" << p.constantValue << " nearest=" << p.isNearestValueMode;
          for (std::size_t i = 0; i < p.dim && i < oracle::kMaxNdDmaDims; ++i) {
            out << " [" << i << "]{src=" << p.loopSrcStride[i] << " dst=" << p.loopDstStride[i] << " size=" << p.loopSize[i]
                << " lp=" << +p.loopLpSize[i] << " rp=" << +p.loopRpSize[i] << "}";
          }
        } else {
          out << "calCount=" << p.calCount;
        }
      },
      c.params);
  out << "}";
  auto nd2nz = [&](const oracle::Nd2NzParams& p) {
    out << " Nd2Nz{ndNum=" << p.ndNum << " nValue=" << p.nValue << " dValue=" << p.dValue
        << " srcNdMatrixStride=" << p.srcNdMatrixStride << " srcDValue=" << p.srcDValue
        << " dstNzC0Stride=" << p.dstNzC0Stride << " dstNzNStride=" << p.dstNzNStride
        << " dstNzMatrixStride=" << p.dstNzMatrixStride << "}";
  };
  if (const auto* p = std::get_if<oracle::Nd2NzParams>(&c.params)) nd2nz(*p);
  if (c.nd2nzParams) nd2nz(*c.nd2nzParams);
  std::visit(
      [&](const auto& p) {
        if constexpr (!std::is_same_v<std::decay_t<decltype(p)>, std::monostate>) {
          out << " pad{isPad=" << p.isPad << " left=" << int{p.leftPadding} << " right=" << int{p.rightPadding}
              << " value=0x" << std::hex << p.paddingValue << std::dec << "}";
        }
      },
      c.padParams);
  if (c.padRegister) out << " padRegister=0x" << std::hex << *c.padRegister << std::dec;
  if (c.enhancedParams) {
    out << " enhanced{" << oracle::name(c.enhancedParams->blockMode) << " " << oracle::name(c.enhancedParams->deqScale)
        << " isRelu=" << c.enhancedParams->isRelu << " padMode=" << int{c.enhancedParams->padMode} << "}";
  }
  if (c.fixpipe) {
    const oracle::FixpipeState& f = *c.fixpipe;
    out << " fixpipe{src=" << oracle::name(f.srcDType) << " quantScalar=0x" << std::hex << f.quantScalar;
    if (!f.quantTensor.empty()) out << " quantTensor[0]=0x" << f.quantTensor.front();
    out << std::dec << " tensorEntries=" << f.quantTensor.size() << " ndNum=" << f.ndNum
        << " srcNdStride=" << f.srcNdStride << " dstNdStride=" << f.dstNdStride << "}";
  }
  out << " src{size=" << c.src.sizeBytes << " offset=" << c.src.offsetBytes << "} dst{size=" << c.dst.sizeBytes
      << " offset=" << c.dst.offsetBytes << "}";
  return out.str();
}

// ---- the checks ---------------------------------------------------------------------------------------------------

GuardedDst guardedDst(Draw& d, std::uint64_t sizeBytes) { return {d.bytes(sizeBytes + 2 * kGuardBytes)}; }

Comparison compareWithOracle(Backend& backend, const Case& c, std::span<const std::uint8_t> src, Draw& d) {
  GuardedDst dst = guardedDst(d, c.dst.sizeBytes);
  const std::vector<std::uint8_t> before = dst.bytes;
  const oracle::Evaluation e = oracle::evaluate(c, src, dst.inner());
  if (e.verdict != oracle::Verdict::computed) {
    return {"generator bug: oracle says " + std::string(oracle::name(e.verdict)) + ": " +
            oracle::describe(e.violations.front())};
  }
  Comparison out;
  for (const oracle::ByteRange& w : e.footprint.writes) {
    for (std::uint64_t b = w.begin; b < w.end; ++b) ++(e.expectation.care[b] != 0 ? out.caredBytes : out.anyBytes);
  }
  const RunResult r = backend.run(c, src, dst.span());
  if (r.status != RunStatus::ok) return {"status " + std::string(name(r.status)) + ": " + r.detail};
  for (std::uint64_t i = 0; i < kGuardBytes; ++i) {
    const std::uint64_t after = dst.bytes.size() - 1 - i;
    if (dst.bytes[i] != before[i] || dst.bytes[after] != before[after]) return {"wrote a guard byte outside dst"};
  }
  const std::uint64_t at = oracle::firstMismatch(e.expectation, dst.inner());
  if (at == oracle::kNoMismatch) return out;
  out.failure = "dst byte " + std::to_string(at) + " (region " + std::string(oracle::name(e.expectation.region[at])) +
                "): got " + std::to_string(dst.inner()[at]) + ", expected " + std::to_string(e.expectation.expected[at]);
  return out;
}

std::string differential(Backend& backend, const Case& c, Draw& d) {
  const std::vector<std::uint8_t> src = d.bytes(c.src.sizeBytes);
  return compareWithOracle(backend, c, src, d).failure;
}

}  // namespace dcconf::backends::test
