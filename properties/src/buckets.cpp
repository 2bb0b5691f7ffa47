// Coverage buckets per operation. The reachable list is what the generators promise to hit (>= 1% of the cases).
#include "dcconf/properties/buckets.hpp"
#include "dcconf/properties/fixpipe.hpp"

#include <algorithm>
#include <cstdio>
#include <functional>

#include "dcconf/oracle/oracle.hpp"

namespace dcconf::properties {

using namespace dcconf::oracle;

namespace {

using Names = std::vector<std::string>;

void flag(Names& out, bool condition, const char* bucket) {
  if (condition) out.emplace_back(bucket);
}

void padBlockBuckets(Names& out, const Case& c, std::uint64_t s) {
  out.push_back("params:" + std::string(typeName(c.params)));
  std::visit([&](const auto& p) {
    if constexpr (requires { p.blockLen; p.srcStride; }) {
      flag(out, p.blockLen == 1, "blockLen:1");
      flag(out, p.blockLen < 32, "blockLen<32B");
      flag(out, p.blockLen % 32 == 0, "blockLen%32B==0");
      flag(out, p.blockLen % 32 != 0 && p.blockLen > 32, "blockLen>32B,unaligned");
      flag(out, s > 1 && p.blockLen % s != 0, "blockLen%sizeof(T)!=0");
      flag(out, p.blockCount > 1, "blockCount>1");
      flag(out, p.srcStride == 0, "srcStride:0");
      flag(out, p.srcStride > 0, "srcStride>0");
      flag(out, p.dstStride == 0, "dstStride:0");
      flag(out, p.dstStride > 0, "dstStride>0");
    }
  }, c.params);
}

void padFillBuckets(Names& out, const Case& c, std::uint64_t s) {
  std::visit([&](const auto& p) {
    if constexpr (requires { p.isPad; }) {
      const std::uint64_t maxPad = 32 / s;
      flag(out, p.leftPadding == 0 && p.rightPadding == 0, "pad:none");
      flag(out, p.leftPadding != 0 && p.rightPadding == 0, "pad:left-only");
      flag(out, p.leftPadding == 0 && p.rightPadding != 0, "pad:right-only");
      flag(out, p.leftPadding != 0 && p.rightPadding != 0, "pad:both");
      flag(out, p.leftPadding == maxPad, "pad:left=32B");
      flag(out, p.rightPadding == maxPad, "pad:right=32B");
      flag(out, p.isPad, "isPad");
      flag(out, !p.isPad && c.padRegister.has_value(), "padRegister");
      const std::uint64_t blockLen = std::visit([](const auto& q) -> std::uint64_t {
        if constexpr (requires { q.blockLen; }) return q.blockLen; else return 0;
      }, c.params);
      if (c.paddingMode == PaddingMode::normal) {
        flag(out, (blockLen + (p.leftPadding + p.rightPadding) * s) % 32 != 0, "dummy-tail");
      }
    }
  }, c.padParams);
  if (c.paddingMode == PaddingMode::normal) out.push_back("profile:" + profileName(c.profile));
}

// PAD-CMP: the packed run's tail (PAD-CMP-3) and the readings of AMB-21 (pads) and AMB-22 (UB-side stride).
void compactBuckets(Names& out, const Case& c, bool gmToUb) {
  std::uint64_t runBytes = 0;
  std::visit([&](const auto& p) {
    if constexpr (requires { p.blockLen; p.srcStride; }) runBytes = std::uint64_t{p.blockCount} * p.blockLen;
  }, c.params);
  flag(out, std::holds_alternative<DataCopyParams>(c.params), "compact:DataCopyParams");  // PAD-CMP-1's two spellings
  if (gmToUb) {
    flag(out, runBytes % 32 != 0, "compact:tail");
    flag(out, runBytes % 32 == 0, "compact:no-tail");
    const char* pads[] = {"AMB-21:open", "AMB-21:cmp-pads-ignored", "AMB-21:cmp-pads-run"};
    out.push_back(pads[static_cast<int>(c.profile.compactPads)]);
  }
  const char* stride[] = {"AMB-22:open", "AMB-22:cmp-stride-ignored", "AMB-22:cmp-stride-bytes"};
  out.push_back(stride[static_cast<int>(c.profile.compactUbStride)]);
}

// LOOP (Ascend 950): loop mode on or off, a level of 0 iterations (AMB-25), both levels repeating, and iterations whose
// destinations overlap (LOOP-3's collisions).
void loopBuckets(Names& out, const Case& c) {
  if (!c.loopMode) {
    out.push_back("loop:off");
    return;
  }
  const LoopModeParams& l = *c.loopMode;
  out.push_back("loop:on");
  flag(out, l.loop1Size == 0 || l.loop2Size == 0, "loop:zero");
  flag(out, l.loop1Size > 1 && l.loop2Size > 1, "loop:both-levels");
  Case call = c;
  call.loopMode.reset();
  const std::uint64_t span = extents(call).dstSpanBytes;
  const std::uint64_t innerSpan = l.loop1Size == 0 ? 0 : (l.loop1Size - 1) * l.loop1DstStride + span;
  flag(out, (l.loop1Size > 1 && l.loop1DstStride < span) || (l.loop2Size > 1 && l.loop1Size > 0 && l.loop2DstStride < innerSpan),
       "loop:collide");
}

// ATOM (project): the atomic state of a UB->GM copy. Reported, not gated: the generators do not draw atomics yet.
void atomicBuckets(Names& out, const Case& c) {
  if (c.dstPos == Position::GM && (c.srcPos == Position::VECIN || c.srcPos == Position::VECOUT)) {
    out.push_back("atomic:" + std::string(name(c.atomic)));
  }
}

void nd2nzBuckets(Names& out, const Nd2NzParams& p, std::uint64_t s) {
  const std::uint64_t C0 = 32 / s;
  const std::uint64_t matrixElems = alignUp(p.dValue, C0) / C0 * p.dstNzC0Stride * C0;
  flag(out, p.ndNum > 1 && p.dstNzMatrixStride >= matrixElems, "ndNum>1,disjoint");
  flag(out, p.ndNum > 1 && p.dstNzMatrixStride < matrixElems, "ndNum>1,overlapping");
  flag(out, p.nValue % 16 != 0, "nValue%16!=0");
  flag(out, p.dValue % C0 != 0, "dValue%C0!=0 (tail)");
  flag(out, p.dValue != 0 && p.dValue % C0 == 0, "dValue%C0==0");
  flag(out, p.dValue % C0 == C0 - 1, "dValue=C0*k-1");
  flag(out, p.dValue % C0 == 1 && p.dValue > C0, "dValue=C0*k+1");
  flag(out, p.dstNzNStride > 1, "dstNzNStride>1");
}

// ND2NZUB (project): the emulation's tail dummy bytes, its 255-row calls, A2/A3 float's 64-byte rows (AMB-34)
void nd2nzGmToUbBuckets(Names& out, const Case& c, const Nd2NzParams& p) {
  const std::uint64_t C0 = nd2nzGmToUbC0(c);
  flag(out, p.ndNum == 0, "ndNum:0 (moves nothing)");
  flag(out, p.nValue % 16 != 0, "nValue%16!=0");
  flag(out, p.nValue > 255, "nValue>255 (several pad calls)");
  flag(out, p.dValue % C0 != 0, "dValue%C0!=0 (tail)");
  flag(out, p.dValue != 0 && p.dValue % C0 == 0, "dValue%C0==0");
  flag(out, C0 * sizeBytes(c.dtype) > 32, "float rows of 16 (AMB-34)");
  flag(out, p.dstNzC0Stride < p.nValue * p.dstNzNStride && p.dValue > C0, "column blocks overlap (ND2NZUB-5)");
  if (c.profile.nd2nzUbReading == Profile::Nd2NzUbReading::page) out.push_back("profile:nd2nzub-page");
}

// BRC (project): several blocks, gaps on either side, the readings AMB-40 (several blocks) and AMB-41 (half) open
void broadcastBuckets(Names& out, const Case& c) {
  const auto& p = std::get<BroadCastVecToMMParams>(c.params);
  flag(out, p.blockCount > 1, "blockCount>1");
  flag(out, p.blockLen > 1, "blockLen>1");
  flag(out, p.srcGap > 0, "srcGap>0");
  flag(out, p.dstGap > 0, "dstGap>0");
  flag(out, p.blockCount > 1 && p.dstGap < p.blockLen, "dstGap<blockLen (AMB-40 head-to-head overlaps)");
  flag(out, c.srcPos == Position::VECOUT, "src:VECOUT");
}

void nz2ndBuckets(Names& out, const Nz2NdParamsFull& p) {
  flag(out, p.ndNum > 1, "ndNum>1");
  flag(out, p.nValue % 16 != 0, "nValue%16!=0");
  flag(out, p.dValue > 16, "dValue>16");
  flag(out, p.dstDStride > p.dValue, "dstDStride>dValue");
  flag(out, p.srcNStride < p.nValue, "srcNStride<nValue (overlap)");
}

void sliceBuckets(Names& out, const Case& c, const SliceParams& p, std::uint64_t s) {
  out.push_back("path:" + pathName(c.srcPos, c.dstPos));
  flag(out, p.dimValue == 1, "dimValue:1");
  flag(out, p.dimValue > 1 && p.dimValue <= 3, "dimValue:2-3");
  flag(out, p.dimValue >= 4, "dimValue>=4");
  flag(out, p.srcSliceInfo[0].burstLen > 1, "burstLen>1");
  const SliceInfo& src0 = p.srcSliceInfo[0];
  const std::uint64_t e = 32 * std::uint64_t{src0.burstLen} / s;
  const std::uint64_t bursts = (std::uint64_t{src0.endIndex} - src0.startIndex + 1 + src0.stride) / (e + src0.stride);
  flag(out, bursts == 0, "bursts:0 (moves nothing)");
  flag(out, bursts == 1, "bursts:1");
  flag(out, bursts > 1, "bursts>1");
  flag(out, src0.stride == 0, "srcStride0:0");
  flag(out, src0.stride > 0 && (src0.stride * s) % 32 == 0, "srcStride0*s%32B==0");
  flag(out, (src0.stride * s) % 32 != 0, "srcStride0*s%32B!=0 (GM pad transport)");
  flag(out, p.dstSliceInfo[0].stride > 0, "dstStride0>0");
  flag(out, src0.stride >= 3 * e, "srcStride0>=3 bursts");
  bool outerPicks = false;
  for (std::size_t k = 1; k < p.dimValue; ++k) outerPicks = outerPicks || p.srcSliceInfo[k].endIndex > p.srcSliceInfo[k].startIndex;
  flag(out, outerPicks, "outer dimension selects >1");
}

void dn2nzBuckets(Names& out, const Case& c, const Dn2NzParams& p, std::uint64_t s) {
  const std::uint64_t c0 = 32 / s;
  const bool small = p.enableSmallC0 != (c.profile.smallC0Polarity == Profile::SmallC0Polarity::cApiPage);
  out.push_back("profile:" + profileName(c.profile));
  flag(out, c.dtype == DType::fp4x2_e2m1_t || c.dtype == DType::fp4x2_e1m2_t, "dtype:fp4x2");
  flag(out, small, "smallC0");
  flag(out, p.dnNum > 1, "dnNum>1");
  flag(out, !small && p.dValue % c0 != 0, "dValue%C0!=0 (tail)");
  flag(out, p.nValue % 16 != 0, "nValue%16!=0");
  flag(out, p.dValue > c0, "dValue>C0");
  flag(out, p.srcDValue > p.nValue, "srcDValue>nValue");
  flag(out, p.dstNzNStride > 1, "dstNzNStride>1");
  flag(out, std::max(p.srcDValue, p.srcDnMatrixStride) > 0xFFFFFFFFull, "64-bit stride>=2^32");
}

void enhancedBuckets(Names& out, const Case& c, std::uint64_t s) {
  const auto& p = std::get<DataCopyParams>(c.params);
  const DataCopyEnhancedParams& e = *c.enhancedParams;
  out.push_back("path:" + pathName(c.srcPos, c.dstPos));
  out.push_back(std::string(name(e.blockMode)) + ",width:" + std::to_string(s));
  flag(out, e.isRelu, "isRelu");
  flag(out, p.blockCount > 1, "blockCount>1");
  flag(out, p.srcStride > 0, "srcStride>0");
  flag(out, p.dstStride > 0, "dstStride>0");
  flag(out, e.deqValue != 0 || e.sidStoreMode != 0 || e.padValue != 0, "unread fields set");
  if (c.srcPos != Position::CO1) return;
  // ENH-2..4: the conversion, the DEQ8/VDEQ8 store mode, V* tensors with equal columns
  out.push_back("deqScale:" + std::string(name(e.deqScale)));
  if (e.deqScale == DeqScale::deq8 || e.deqScale == DeqScale::vdeq8) {
    out.push_back("sidStoreMode:" + std::to_string(e.sidStoreMode));
  }
  flag(out, !e.deqTensor.empty() && std::all_of(e.deqTensor.begin(), e.deqTensor.end(),
                                                [&](std::uint64_t q) { return q == e.deqTensor.front(); }),
       "V*:columns equal");
  flag(out, e.isRelu && e.deqScale != DeqScale::none, "isRelu with deqScale");
}

// FIX: mode and conversion, layout switches, and the FIX-5 fields of the scalar (or of every V* column).
void fixpipeBuckets(Names& out, const Case& c) {
  const auto& p = std::get<DataCopyCO12DstParams>(c.params);
  const FixpipeState& f = *c.fixpipe;
  out.push_back("path:" + pathName(c.srcPos, c.dstPos));
  out.push_back(std::string(name(p.quantPre)) + ":" + std::string(name(f.srcDType)) + "->" + std::string(name(c.dtype)));
  out.push_back(c.profile == Profile{} ? "profile:default" : "profile:AMB-8..12 pinned");
  flag(out, p.reluPre == 1, "reluPre");
  flag(out, p.channelSplit, "channelSplit");
  flag(out, p.nz2ndEn, "nz2ndEn");
  flag(out, p.nz2ndEn && f.ndNum > 1, "nz2ndEn,ndNum>1");
  flag(out, p.nz2ndEn && p.nSize % 16 != 0, "nz2ndEn,nSize%16!=0");
  flag(out, p.mSize % 16 != 0, "mSize%16!=0");
  flag(out, p.nSize > 16, "nSize>16");
  const bool vector = isPerColumnMode(p.quantPre);
  if (!isScaledMode(p.quantPre)) return;
  std::vector<std::uint64_t> params{f.quantScalar};
  if (vector) params.assign(f.quantTensor.begin(), f.quantTensor.begin() + p.nSize);
  flag(out, vector && std::adjacent_find(params.begin(), params.end(), std::not_equal_to<>()) == params.end(), "V*:columns equal");
  flag(out, vector && std::adjacent_find(params.begin(), params.end(), std::not_equal_to<>()) != params.end(), "V*:columns differ");
  const bool eight = c.dtype == DType::int8_t || c.dtype == DType::uint8_t;
  auto any = [&](const char* bucket, auto predicate) { flag(out, std::any_of(params.begin(), params.end(), predicate), bucket); };
  auto m1 = [](std::uint64_t q) { return (q >> 13) & 0x7FFFF; };  // FIX-5 fields, read here from the bits directly
  auto exponent = [&](std::uint64_t q) { return (m1(q) >> 10) & 0xFF; };
  any("M1<0", [&](std::uint64_t q) { return (m1(q) >> 18) != 0; });
  any("M1==0", [&](std::uint64_t q) { return (m1(q) & 0x3FFFF) == 0; });
  any("M1 subnormal", [&](std::uint64_t q) { return exponent(q) == 0 && (m1(q) & 0x3FF) != 0; });
  any("M1 inf/nan", [&](std::uint64_t q) { return exponent(q) == 0xFF; });
  any("scale low 13 bits set", [](std::uint64_t q) { return (q & 0x1FFF) != 0; });
  any("MCB", [](std::uint64_t q) { return ((q >> 36) & 1) != 0; });
  any("offset!=0", [](std::uint64_t q) { return ((q >> 37) & 0x1FF) != 0; });
  any("sign bit!=T", [&](std::uint64_t q) { return eight && (((q >> 46) & 1) != 0) != (c.dtype == DType::int8_t); });
  any("sign-extended scale (AMB-12)", [](std::uint64_t q) { return (q >> 32) == 0xFFFFFFFFu; });
}

// FIX950: the layout, the conversion, the switches and the counts (AMB-23's NOP).
void fixpipe950Buckets(Names& out, const Case& c) {
  const auto& p = std::get<DataCopyCO12DstParams>(c.params);
  const FixpipeState& f = *c.fixpipe;
  const Co2Layout layout = f.layout.value_or(Co2Layout::NZ);
  out.push_back("layout:" + std::string(name(layout)));
  out.push_back(std::string(name(p.quantPre)) + ":" + std::string(name(f.srcDType)) + "->" + std::string(name(c.dtype)));
  flag(out, p.reluPre == 1, "reluEn");
  flag(out, p.channelSplit, "isChannelSplit");
  const std::uint64_t count = layout == Co2Layout::ROW_MAJOR ? f.ndNum : (layout == Co2Layout::COLUMN_MAJOR ? f.nz2dn.dnNum : 1);
  flag(out, count > 1, "matrices>1");
  flag(out, p.nSize == 0 || p.mSize == 0 || count == 0, "zero count (NOP, AMB-23)");
  flag(out, layout == Co2Layout::COLUMN_MAJOR && f.nz2dn.srcNzC0Stride > 1, "srcNzC0Stride>1");
  flag(out, c.profile.fix950Zero == Profile::Fix950Zero::reject, "profile:fix950-zero-reject");
  // FIX950-8..11: the UB destination and its dual-destination modes. Recorded, not in reachableBuckets: only the
  // run's UB units draw them (a scope of the UB paths); the run's row FixpipeParamsArch3510.dualDstCtl gates them
  const bool ub = c.dstPos == Position::VECIN || c.dstPos == Position::VECOUT;
  out.push_back(ub ? "path:CO1->UB" : "path:CO1->GM");
  if (ub) out.push_back("dualDstCtl:" + std::to_string(f.dualDstCtl));
}

}  // namespace

std::vector<std::string> bucketsOf(const casefile::CaseData& data) {
  const Case& c = data.c;
  const std::uint64_t s = sizeBytes(c.dtype);
  Names out{"width:" + std::to_string(s)};
  const bool gmUnaligned = (c.srcPos == Position::GM && c.src.offsetBytes % 32 != 0) ||
                           (c.dstPos == Position::GM && c.dst.offsetBytes % 32 != 0);
  flag(out, gmUnaligned, "gm-offset:unaligned");
  flag(out, c.src.sizeBytes + c.dst.sizeBytes > 16 * 1024, "buffers>16KiB");  // informational: keep it rare
  const auto op = resolveOperation(c).operation;
  if (!op) return out;
  switch (*op) {
    case Operation::padGmToUb:
      padBlockBuckets(out, c, s);
      padFillBuckets(out, c, s);
      loopBuckets(out, c);
      break;
    case Operation::padUbToGm:
      padBlockBuckets(out, c, s);
      loopBuckets(out, c);
      atomicBuckets(out, c);
      break;
    case Operation::padCompactGmToUb:
      padBlockBuckets(out, c, s);
      padFillBuckets(out, c, s);
      compactBuckets(out, c, true);
      loopBuckets(out, c);
      break;
    case Operation::padCompactUbToGm:
      padBlockBuckets(out, c, s);
      compactBuckets(out, c, false);
      loopBuckets(out, c);
      break;
    case Operation::padUbToTscm:
      padBlockBuckets(out, c, s);
      nd2nzBuckets(out, *c.nd2nzParams, s);
      break;
    case Operation::copy0Level: {
      const auto& p = std::get<DataCopyParams>(c.params);
      flag(out, p.blockCount > 1, "blockCount>1");
      flag(out, p.srcStride > 0, "srcStride>0");
      flag(out, p.dstStride > 0, "dstStride>0");
      flag(out, p.srcStride == 0 && p.dstStride == 0, "strides:0");
      atomicBuckets(out, c);
      break;
    }
    case Operation::copy2Level: {
      const std::uint64_t bytes = std::uint64_t{std::get<CalCount>(c.params).calCount} * s;
      flag(out, bytes < 32, "calCount*s<32B (moves nothing)");
      flag(out, bytes % 32 != 0 && bytes > 32, "calCount remainder dropped");
      flag(out, bytes % 32 == 0 && bytes > 0, "calCount*s%32B==0");
      atomicBuckets(out, c);
      break;
    }
    case Operation::nd2nz: nd2nzBuckets(out, std::get<Nd2NzParams>(c.params), s); break;
    case Operation::nz2nd: nz2ndBuckets(out, std::get<Nz2NdParamsFull>(c.params)); break;
    case Operation::slice: sliceBuckets(out, c, std::get<SliceParams>(c.params), s); break;
    case Operation::dn2nz: dn2nzBuckets(out, c, std::get<Dn2NzParams>(c.params), s); break;
    case Operation::enhancedNormal:
    case Operation::enhancedCo1ToCo2: enhancedBuckets(out, c, s); break;
    case Operation::fixpipe: fixpipeBuckets(out, c); break;
    case Operation::fixpipe950: fixpipe950Buckets(out, c); break;
    case Operation::nddma: break;  // NDDMA: no generator, no buckets yet
    case Operation::nd2nzGmToUb: nd2nzGmToUbBuckets(out, c, std::get<Nd2NzParams>(c.params)); break;
    case Operation::broadcastUbToL0c: broadcastBuckets(out, c); break;
  }
  return out;
}

std::vector<std::string> reachableBuckets(Operation operation) {
  const Names padBlocks{"params:DataCopyParams", "params:DataCopyExtParams", "blockLen:1", "blockLen<32B", "blockLen%32B==0", "blockLen>32B,unaligned",
                        "blockCount>1", "srcStride:0", "srcStride>0", "dstStride:0",
                        "dstStride>0", "width:1", "width:2", "width:4"};
  const Names nd2nz{"nValue%16!=0", "dValue%C0!=0 (tail)", "dValue%C0==0", "dValue=C0*k-1", "dValue=C0*k+1"};
  auto join = [](Names a, const Names& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
  };
  switch (operation) {
    case Operation::padGmToUb:
      return join(padBlocks, {"width:8", "gm-offset:unaligned", "pad:none", "pad:left-only", "pad:right-only",
                              "pad:both", "pad:left=32B", "pad:right=32B", "isPad", "padRegister", "dummy-tail",
                              "profile:default", "profile:doc-dummy", "profile:pad-dummy"});
    // PAD-G2U-1 (AMB-17): GM->UB blockLen is whole elements by default; the UB->GM legs are not
    case Operation::padUbToGm: return join(padBlocks, {"blockLen%sizeof(T)!=0", "width:8", "gm-offset:unaligned"});
    case Operation::padCompactGmToUb:  // PAD-CMP-1: DataCopyExtParams only
      return {"params:DataCopyExtParams", "blockLen:1", "blockLen<32B", "blockLen%32B==0", "blockLen>32B,unaligned",
              "blockCount>1", "srcStride:0", "srcStride>0", "dstStride:0", "dstStride>0", "width:1", "width:2",
              "width:4", "width:8", "gm-offset:unaligned", "pad:none", "pad:left-only", "pad:right-only", "pad:both",
              "isPad", "padRegister", "compact:tail", "compact:no-tail", "AMB-21:open", "AMB-21:cmp-pads-ignored",
              "AMB-21:cmp-pads-run", "AMB-22:open", "AMB-22:cmp-stride-ignored", "AMB-22:cmp-stride-bytes",
              "loop:off", "loop:on", "loop:zero", "loop:both-levels", "loop:collide"};
    case Operation::padCompactUbToGm:
      return {"params:DataCopyExtParams", "blockLen:1", "blockLen<32B", "blockLen%32B==0", "blockLen>32B,unaligned",
              "blockCount>1", "srcStride:0", "srcStride>0", "dstStride:0", "dstStride>0", "width:1", "width:2",
              "width:4", "width:8", "gm-offset:unaligned", "AMB-22:open", "AMB-22:cmp-stride-ignored",
              "AMB-22:cmp-stride-bytes", "loop:off", "loop:on", "loop:zero", "loop:both-levels", "loop:collide"};
    case Operation::padUbToTscm:
      return join(padBlocks, join(nd2nz, {"blockLen%sizeof(T)!=0", "width:8", "dstNzNStride>1"}));
    case Operation::copy0Level:
      return {"width:1", "width:2", "width:4", "gm-offset:unaligned", "blockCount>1", "srcStride>0", "dstStride>0",
              "strides:0"};
    case Operation::copy2Level:
      return {"width:1", "width:2", "width:4", "gm-offset:unaligned", "calCount*s<32B (moves nothing)",
              "calCount remainder dropped", "calCount*s%32B==0"};
    case Operation::nd2nz:
      return join(nd2nz, {"width:1", "width:2", "width:4", "gm-offset:unaligned", "ndNum>1,disjoint",
                          "ndNum>1,overlapping", "dstNzNStride>1"});
    case Operation::nz2nd:
      return {"width:2", "width:4", "gm-offset:unaligned", "ndNum>1", "nValue%16!=0", "dValue>16",
              "dstDStride>dValue", "srcNStride<nValue (overlap)"};
    case Operation::slice:
      return {"width:1", "width:2", "width:4", "gm-offset:unaligned", "path:GM->VECIN", "path:VECOUT->GM",
              "path:CO2->GM", "dimValue:1", "dimValue:2-3", "dimValue>=4", "burstLen>1", "bursts:0 (moves nothing)",
              "bursts:1", "bursts>1", "srcStride0:0", "srcStride0*s%32B==0", "srcStride0*s%32B!=0 (GM pad transport)",
              "dstStride0>0", "srcStride0>=3 bursts", "outer dimension selects >1"};
    case Operation::dn2nz:
      return {"width:1", "width:2", "width:4", "gm-offset:unaligned", "profile:default", "profile:c-api-page",
              "dtype:fp4x2", "smallC0", "dnNum>1", "dValue%C0!=0 (tail)", "nValue%16!=0", "dValue>C0",
              "srcDValue>nValue", "dstNzNStride>1", "64-bit stride>=2^32"};
    case Operation::enhancedNormal:
      return {"width:1", "width:2", "width:4", "gm-offset:unaligned", "path:GM->VECIN", "path:VECOUT->GM",
              "path:VECIN->VECOUT", "blockCount>1", "srcStride>0", "dstStride>0", "unread fields set"};
    case Operation::enhancedCo1ToCo2:
      return {"width:2", "width:4", "BLOCK_MODE_MATRIX,width:2", "BLOCK_MODE_MATRIX,width:4",
              "BLOCK_MODE_VECTOR,width:2", "BLOCK_MODE_VECTOR,width:4", "BLOCK_MODE_SMALL_CHANNEL,width:2",
              "BLOCK_MODE_SMALL_CHANNEL,width:4", "isRelu", "blockCount>1", "srcStride>0", "dstStride>0",
              "width:1", "deqScale:DEQ_NONE", "deqScale:DEQ", "deqScale:VDEQ", "deqScale:DEQ8", "deqScale:VDEQ8",
              "deqScale:DEQ16", "deqScale:VDEQ16", "sidStoreMode:0", "sidStoreMode:1", "sidStoreMode:3",
              "V*:columns equal", "isRelu with deqScale"};
    case Operation::fixpipe: {
      Names out{"width:1", "width:2", "width:4", "path:CO1->GM", "path:CO1->A1", "profile:default",
                "profile:AMB-8..12 pinned", "reluPre", "channelSplit", "nz2ndEn", "nz2ndEn,ndNum>1",
                "nz2ndEn,nSize%16!=0", "mSize%16!=0", "nSize>16", "V*:columns equal", "V*:columns differ", "M1<0",
                "M1==0", "M1 subnormal", "M1 inf/nan", "scale low 13 bits set", "MCB", "offset!=0", "sign bit!=T",
                "sign-extended scale (AMB-12)"};
      for (const char* conversion :  // FIX-4, one bucket per QuantMode_t conversion
           {"NoQuant:int32_t->int32_t", "NoQuant:float->float", "F322F16:float->half", "F322BF16:float->bfloat16_t",
            "DEQF16:int32_t->half", "VDEQF16:int32_t->half", "QF322B8_PRE:float->int8_t", "QF322B8_PRE:float->uint8_t",
            "VQF322B8_PRE:float->int8_t", "VQF322B8_PRE:float->uint8_t", "REQ8:int32_t->int8_t",
            "REQ8:int32_t->uint8_t", "VREQ8:int32_t->int8_t", "VREQ8:int32_t->uint8_t"}) {
        out.emplace_back(conversion);
      }
      return out;
    }
    case Operation::nddma: return {};  // NDDMA: no generator yet
    case Operation::broadcastUbToL0c:
      return {"width:2", "width:4", "blockCount>1", "blockLen>1", "srcGap>0", "dstGap>0", "src:VECOUT"};
    case Operation::nd2nzGmToUb:
      return {"width:1", "width:2", "width:4", "gm-offset:unaligned", "nValue%16!=0", "dValue%C0!=0 (tail)",
              "dValue%C0==0"};
    case Operation::fixpipe950: {
      Names out{"width:1", "width:2", "width:4", "layout:NZ", "layout:ROW_MAJOR", "layout:COLUMN_MAJOR", "reluEn",
                "isChannelSplit", "matrices>1", "zero count (NOP, AMB-23)", "srcNzC0Stride>1",
                "profile:fix950-zero-reject"};
      for (const char* conversion :  // FIX950-1: FIX-4's conversions
           {"NoQuant:int32_t->int32_t", "NoQuant:float->float", "F322F16:float->half", "F322BF16:float->bfloat16_t",
            "DEQF16:int32_t->half", "VDEQF16:int32_t->half", "QF322B8_PRE:float->int8_t", "QF322B8_PRE:float->uint8_t",
            "VQF322B8_PRE:float->int8_t", "VQF322B8_PRE:float->uint8_t", "REQ8:int32_t->int8_t",
            "REQ8:int32_t->uint8_t", "VREQ8:int32_t->int8_t", "VREQ8:int32_t->uint8_t"}) {
        out.emplace_back(conversion);
      }
      return out;
    }
  }
  return {};
}

void BucketTally::add(const casefile::CaseData& data) {
  ++cases_;
  for (const std::string& bucket : bucketsOf(data)) ++counts_[bucket];
}

double BucketTally::percent(const std::string& bucket) const {
  const auto it = counts_.find(bucket);
  if (cases_ == 0 || it == counts_.end()) return 0.0;
  return 100.0 * static_cast<double>(it->second) / static_cast<double>(cases_);
}

std::vector<std::string> BucketTally::starved(const std::vector<std::string>& wanted, double minPercent) const {
  std::vector<std::string> out;
  for (const std::string& bucket : wanted) {
    if (percent(bucket) < minPercent) out.push_back(bucket);
  }
  return out;
}

std::string BucketTally::report() const {
  std::string text;
  for (const auto& [bucket, count] : counts_) {
    char line[160];
    std::snprintf(line, sizeof line, "  %-34s %6.1f%%  (%llu)\n", bucket.c_str(), percent(bucket),
                  static_cast<unsigned long long>(count));
    text += line;
  }
  return text;
}

}  // namespace dcconf::properties
