// The case file's key for every Ascend C struct field, in one table used both to read and to write, so the two
// directions cannot drift. paddingValue is not listed: its JSON form depends on the dtype (see parse.cpp); neither
// are SliceParams' arrays (see sliceArrays) nor DataCopyEnhancedParams' enums (written by their Ascend C names).
#pragma once

#include <type_traits>
#include <variant>

#include "dcconf/oracle/params.hpp"

namespace dcconf::casefile::detail {

// Calls visit(key, member) for each field of p, in Ascend C declaration order. P may be const.
template <class P, class Visit>
void visitFields(P& p, Visit&& visit) {
  using S = std::remove_const_t<P>;
  namespace o = oracle;
  if constexpr (std::is_same_v<S, o::DataCopyParams> || std::is_same_v<S, o::DataCopyExtParams>) {
    visit("blockCount", p.blockCount);
    visit("blockLen", p.blockLen);
    visit("srcStride", p.srcStride);
    visit("dstStride", p.dstStride);
    if constexpr (std::is_same_v<S, o::DataCopyExtParams>) visit("rsv", p.rsv);
  } else if constexpr (std::is_same_v<S, o::DataCopyPadParams> || std::is_same_v<S, o::DataCopyPadExtParams>) {
    visit("isPad", p.isPad);
    visit("leftPadding", p.leftPadding);
    visit("rightPadding", p.rightPadding);
  } else if constexpr (std::is_same_v<S, o::Nd2NzParams>) {
    visit("ndNum", p.ndNum);
    visit("nValue", p.nValue);
    visit("dValue", p.dValue);
    visit("srcNdMatrixStride", p.srcNdMatrixStride);
    visit("srcDValue", p.srcDValue);
    visit("dstNzC0Stride", p.dstNzC0Stride);
    visit("dstNzNStride", p.dstNzNStride);
    visit("dstNzMatrixStride", p.dstNzMatrixStride);
  } else if constexpr (std::is_same_v<S, o::Nz2NdParamsFull>) {
    visit("ndNum", p.ndNum);
    visit("nValue", p.nValue);
    visit("dValue", p.dValue);
    visit("srcNdMatrixStride", p.srcNdMatrixStride);
    visit("srcNStride", p.srcNStride);
    visit("dstDStride", p.dstDStride);
    visit("dstNdMatrixStride", p.dstNdMatrixStride);
  } else if constexpr (std::is_same_v<S, o::CalCount>) {
    visit("calCount", p.calCount);
  } else if constexpr (std::is_same_v<S, o::SliceParams>) {
    visit("dimValue", p.dimValue);
  } else if constexpr (std::is_same_v<S, o::SliceInfo>) {
    visit("startIndex", p.startIndex);
    visit("endIndex", p.endIndex);
    visit("stride", p.stride);
    visit("burstLen", p.burstLen);
  } else if constexpr (std::is_same_v<S, o::Dn2NzParams>) {
    visit("dnNum", p.dnNum);
    visit("nValue", p.nValue);
    visit("dValue", p.dValue);
    visit("srcDnMatrixStride", p.srcDnMatrixStride);
    visit("srcDValue", p.srcDValue);
    visit("dstNzC0Stride", p.dstNzC0Stride);
    visit("dstNzNStride", p.dstNzNStride);
    visit("dstNzMatrixStride", p.dstNzMatrixStride);
    visit("enableSmallC0", p.enableSmallC0);
  } else if constexpr (std::is_same_v<S, o::DataCopyEnhancedParams>) {
    visit("deqValue", p.deqValue);
    visit("sidStoreMode", p.sidStoreMode);
    visit("isRelu", p.isRelu);
    visit("padMode", p.padMode);
    visit("padValue", p.padValue);
  } else if constexpr (std::is_same_v<S, o::DataCopyCO12DstParams>) {
    // quantPre is written by its QuantMode_t name (parse.cpp / emit.cpp)
    visit("nSize", p.nSize);
    visit("mSize", p.mSize);
    visit("dstStride", p.dstStride);
    visit("srcStride", p.srcStride);
    visit("reluPre", p.reluPre);
    visit("channelSplit", p.channelSplit);
    visit("nz2ndEn", p.nz2ndEn);
    visit("sid", p.sid);
  } else if constexpr (std::is_same_v<S, o::FixpipeState>) {
    // srcDType by name, quantScalar and quantTensor as raw bits (parse.cpp / emit.cpp)
    visit("ndNum", p.ndNum);
    visit("srcNdStride", p.srcNdStride);
    visit("dstNdStride", p.dstNdStride);
  } else if constexpr (std::is_same_v<S, o::Nz2DnState>) {
    // FIX950-4 (project): Nz2DnParams, written inside fixpipe.nz2dn
    visit("dnNum", p.dnNum);
    visit("srcNzMatrixStride", p.srcNzMatrixStride);
    visit("dstDnMatrixStride", p.dstDnMatrixStride);
    visit("srcNzC0Stride", p.srcNzC0Stride);
  } else if constexpr (std::is_same_v<S, o::LoopModeParams>) {
    // LOOP (project): SetLoopModePara's LoopModeParams, in its declaration order
    visit("loop1Size", p.loop1Size);
    visit("loop2Size", p.loop2Size);
    visit("loop1SrcStride", p.loop1SrcStride);
    visit("loop1DstStride", p.loop1DstStride);
    visit("loop2SrcStride", p.loop2SrcStride);
    visit("loop2DstStride", p.loop2DstStride);
  } else if constexpr (std::is_same_v<S, o::NdDmaParams>) {
    // NDDMA (project): the five per-dimension arrays are ndDmaArrays; constantValue is a T (parse.cpp / emit.cpp)
    visit("dim", p.dim);
    visit("isNearestValueMode", p.isNearestValueMode);
  } else if constexpr (std::is_same_v<S, o::BroadCastVecToMMParams>) {
    // BRC (project): BroadCastVecToMM's four scalar arguments, in the signature's order
    visit("blockCount", p.blockCount);
    visit("blockLen", p.blockLen);
    visit("srcGap", p.srcGap);
    visit("dstGap", p.dstGap);
  } else if constexpr (std::is_same_v<S, std::monostate>) {
    // "no pad params" has no fields
  } else {
    static_assert(!sizeof(S), "visitFields: unknown struct");
  }
}

// SliceParams' four per-dimension arrays, by key: SliceInfo arrays and shape arrays.
template <class P, class VisitInfo, class VisitShape>
void sliceArrays(P& p, VisitInfo&& visitInfo, VisitShape&& visitShape) {
  visitInfo("srcSliceInfo", p.srcSliceInfo);
  visitInfo("dstSliceInfo", p.dstSliceInfo);
  visitShape("srcShape", p.srcShape);
  visitShape("dstShape", p.dstShape);
}
template <class P>
constexpr bool kIsSlice = std::is_same_v<std::remove_const_t<P>, oracle::SliceParams>;

// NdDmaParams' five per-dimension arrays (NdDmaLoopInfo), by key, dimension 0 first.
template <class P, class VisitArray>
void ndDmaArrays(P& p, VisitArray&& visitArray) {
  visitArray("loopSrcStride", p.loopSrcStride);
  visitArray("loopDstStride", p.loopDstStride);
  visitArray("loopSize", p.loopSize);
  visitArray("loopLpSize", p.loopLpSize);
  visitArray("loopRpSize", p.loopRpSize);
}
template <class P>
constexpr bool kIsNdDma = std::is_same_v<std::remove_const_t<P>, oracle::NdDmaParams>;

template <class P>
constexpr bool kIsCo12 = std::is_same_v<std::remove_const_t<P>, oracle::DataCopyCO12DstParams>;

template <class P>
constexpr bool kHasPaddingValue = std::is_same_v<std::remove_const_t<P>, oracle::DataCopyPadParams> ||
                                  std::is_same_v<std::remove_const_t<P>, oracle::DataCopyPadExtParams>;

}  // namespace dcconf::casefile::detail
