// Ascend C parameter structs, field for field: same names, same widths, same defaults.
// One deliberate difference: DataCopyPadExtParams<T>::paddingValue is a T in Ascend C; the oracle's dtype is a
// run-time value, so it holds the raw little-endian bits of T in the low sizeof(T) bytes.
#pragma once

#include <cstdint>
#include <string_view>
#include <variant>

namespace dcconf::oracle {

struct DataCopyParams {
  std::uint16_t blockCount = 0;
  std::uint16_t blockLen = 0;
  std::uint16_t srcStride = 0;
  std::uint16_t dstStride = 0;
  friend bool operator==(const DataCopyParams&, const DataCopyParams&) = default;
};

struct DataCopyExtParams {
  std::uint16_t blockCount = 0;
  std::uint32_t blockLen = 0;
  std::uint32_t srcStride = 0;
  std::uint32_t dstStride = 0;
  std::uint32_t rsv = 0;
  friend bool operator==(const DataCopyExtParams&, const DataCopyExtParams&) = default;
};

struct DataCopyPadParams {
  bool isPad = false;
  std::uint8_t leftPadding = 0;
  std::uint8_t rightPadding = 0;
  std::uint64_t paddingValue = 0;
  friend bool operator==(const DataCopyPadParams&, const DataCopyPadParams&) = default;
};

struct DataCopyPadExtParams {
  bool isPad = false;
  std::uint8_t leftPadding = 0;
  std::uint8_t rightPadding = 0;
  std::uint64_t paddingValue = 0;  // raw bits of T (see the banner)
  friend bool operator==(const DataCopyPadExtParams&, const DataCopyPadExtParams&) = default;
};

struct Nd2NzParams {
  std::uint16_t ndNum = 0;
  std::uint16_t nValue = 0;
  std::uint16_t dValue = 0;
  std::uint16_t srcNdMatrixStride = 0;
  std::uint16_t srcDValue = 0;
  std::uint16_t dstNzC0Stride = 0;
  std::uint16_t dstNzNStride = 0;
  std::uint16_t dstNzMatrixStride = 0;
  friend bool operator==(const Nd2NzParams&, const Nd2NzParams&) = default;
};

struct Nz2NdParamsFull {
  std::uint16_t ndNum = 1;
  std::uint16_t nValue = 0;
  std::uint16_t dValue = 0;
  std::uint16_t srcNdMatrixStride = 1;
  std::uint16_t srcNStride = 0;
  std::uint16_t dstDStride = 0;
  std::uint16_t dstNdMatrixStride = 1;
  friend bool operator==(const Nz2NdParamsFull&, const Nz2NdParamsFull&) = default;
};

// The 2-level interface's single argument, DataCopy(dst, src, calCount).
struct CalCount {
  std::uint32_t calCount = 0;
  friend bool operator==(const CalCount&, const CalCount&) = default;
};

using CopyParams = std::variant<DataCopyParams, DataCopyExtParams, Nd2NzParams, Nz2NdParamsFull, CalCount>;
using PadParams = std::variant<std::monostate, DataCopyPadParams, DataCopyPadExtParams>;

// The struct name as the case file spells it in "type".
std::string_view typeName(const CopyParams& params);
std::string_view typeName(const PadParams& params);

}  // namespace dcconf::oracle
