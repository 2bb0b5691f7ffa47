// Walks a dcconf.vectors/1 set and fills the Ascend C parameter structs of each test, as a device harness outside
// CANN would before calling DataCopy / DataCopyPad; here it prints one line per test and checks each buffer's size.
// Build: c++ -std=c++17 walk_set.cpp -I PREFIX/include -L PREFIX/lib -ldcconf_vectors_loader -o walk_set
// Run:   ./walk_set SET_DIR   (exit 0: every test read; 1: a test could not be read; 2: usage)
#include <cstdint>
#include <cstdio>
#include <string>

#include "dcconf_vectors.hpp"

// The Ascend C structs, field for field (kernel_operator_common_intf.h and friends); a harness inside CANN
// includes the real headers instead.
struct DataCopyParams {
  uint16_t blockCount = 0, blockLen = 0, srcStride = 0, dstStride = 0;
};
struct DataCopyExtParams {
  uint16_t blockCount = 0;
  uint32_t blockLen = 0, srcStride = 0, dstStride = 0, rsv = 0;
};
template <typename T>
struct DataCopyPadExtParams {
  bool isPad = false;
  uint8_t leftPadding = 0, rightPadding = 0;
  T paddingValue = 0;
};
struct Nd2NzParams {
  uint16_t ndNum = 0, nValue = 0, dValue = 0, srcNdMatrixStride = 0, srcDValue = 0, dstNzC0Stride = 0,
           dstNzNStride = 0, dstNzMatrixStride = 0;
};

namespace {

using dcconf_vectors::number;
using Fields = std::map<std::string, std::string>;

template <typename T>
T field(const Fields& fields, const char* name) {
  return static_cast<T>(number(fields, name).value_or(0));
}

// The parameter structs of one test, filled; returns what was filled, "" for a type this example does not map.
std::string fill(const dcconf_vectors::Test& t) {
  if (t.paramsType == "DataCopyParams") {
    DataCopyParams p{field<uint16_t>(t.params, "blockCount"), field<uint16_t>(t.params, "blockLen"),
                     field<uint16_t>(t.params, "srcStride"), field<uint16_t>(t.params, "dstStride")};
    return "DataCopyParams{" + std::to_string(p.blockCount) + ", " + std::to_string(p.blockLen) + ", " +
           std::to_string(p.srcStride) + ", " + std::to_string(p.dstStride) + "}";
  }
  if (t.paramsType == "DataCopyExtParams") {
    DataCopyExtParams p;
    p.blockCount = field<uint16_t>(t.params, "blockCount");
    p.blockLen = field<uint32_t>(t.params, "blockLen");
    p.srcStride = field<uint32_t>(t.params, "srcStride");
    p.dstStride = field<uint32_t>(t.params, "dstStride");
    std::string text = "DataCopyExtParams{" + std::to_string(p.blockCount) + ", " + std::to_string(p.blockLen) + ", " +
                       std::to_string(p.srcStride) + ", " + std::to_string(p.dstStride) + ", 0}";
    if (t.padParamsType == "DataCopyPadExtParams") {
      // paddingValue is the raw bits of T: a harness reinterprets them as its T (half, float, ...)
      DataCopyPadExtParams<uint64_t> pad;
      pad.isPad = t.padParams.count("isPad") != 0 && t.padParams.at("isPad") == "true";
      pad.leftPadding = field<uint8_t>(t.padParams, "leftPadding");
      pad.rightPadding = field<uint8_t>(t.padParams, "rightPadding");
      pad.paddingValue = field<uint64_t>(t.padParams, "paddingValue");
      text += " DataCopyPadExtParams{" + std::string(pad.isPad ? "true" : "false") + ", " +
              std::to_string(pad.leftPadding) + ", " + std::to_string(pad.rightPadding) + ", bits " +
              std::to_string(pad.paddingValue) + "}";
    }
    return text;
  }
  if (t.paramsType == "Nd2NzParams") {
    Nd2NzParams p{field<uint16_t>(t.params, "ndNum"), field<uint16_t>(t.params, "nValue"),
                  field<uint16_t>(t.params, "dValue"), field<uint16_t>(t.params, "srcNdMatrixStride"),
                  field<uint16_t>(t.params, "srcDValue"), field<uint16_t>(t.params, "dstNzC0Stride"),
                  field<uint16_t>(t.params, "dstNzNStride"), field<uint16_t>(t.params, "dstNzMatrixStride")};
    return "Nd2NzParams{ndNum " + std::to_string(p.ndNum) + ", nValue " + std::to_string(p.nValue) + ", dValue " +
           std::to_string(p.dValue) + ", ...}";
  }
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s SET_DIR\n", argv[0]);
    return 2;
  }
  std::string error;
  const auto set = dcconf_vectors::loadSet(argv[1], error);
  if (!set) {
    std::fprintf(stderr, "walk_set: error: %s\n", error.c_str());
    return 1;
  }
  std::size_t filled = 0;
  for (const dcconf_vectors::Test& t : set->tests) {
    // the buffers the harness copies to the device (src, dst before) and, for a valid test, what it compares with
    for (const dcconf_vectors::BufferRef* b : {&t.src, &t.dst, &t.expected, &t.care}) {
      if (b->file.empty()) continue;
      if (dcconf_vectors::readBuffer(*set, *b, error).empty() && b->size != 0) {
        std::fprintf(stderr, "walk_set: error: %s: %s\n", t.tcId.c_str(), error.c_str());
        return 1;
      }
    }
    const std::string structs = fill(t);
    filled += !structs.empty();
    std::printf("%s %s %s %s %s\n", t.tcId.c_str(), t.api.c_str(), t.path.c_str(), t.result.c_str(),
                structs.empty() ? ("(" + t.paramsType + ": not mapped by this example)").c_str() : structs.c_str());
  }
  std::printf("%zu tests of %s, %zu with their parameter structs filled\n", set->tests.size(), set->product.c_str(),
              filled);
  return 0;
}
