// FakeDevice: a dcconf backend plays the kernel on the case decoded from the tiling block in "device" memory.
#include "fake_device.hpp"

#include <algorithm>
#include <cstring>

#include "dcconf/oracle/numeric.hpp"

namespace dcconf::cann {

std::unique_ptr<FakeDevice> FakeDevice::make(const std::string& backend, Capabilities capabilities, FakeFaults faults) {
  std::unique_ptr<backends::Backend> impl;
  if (backend == "fast") impl = backends::makeFastBackend();
  if (backend == "oracle") impl = backends::makeOracleBackend();
  if (!impl) return nullptr;
  return std::unique_ptr<FakeDevice>(new FakeDevice(std::move(impl), backend, std::move(capabilities), faults));
}

namespace {

// The cube as the FIX kernel drives it: L0C = A x B with A in L0A (ZZ: row r is 32 bytes of K0 operands), B one
// L0B fractal (ZN: (k, n) at n*K0 + k), int8 x int8 summed in int32 or half x half summed in float; written NZ with
// one 16-column block ((r, n) at element 16r + n). Written from the Mmad definition, independently of the host's
// fixMmadOperands, so a layout slip on either side fails the FIX vectors of the golden run.
std::vector<std::uint8_t> playMmad(bool intOperands, std::span<const std::uint8_t> operands, std::uint64_t l0cBytes) {
  const std::uint64_t s = intOperands ? 1 : 2;
  const std::uint64_t k0 = DCCONF_CANN_BLOCK_BYTES / s;
  const std::uint64_t rows = l0cBytes / DCCONF_CANN_FIX_ROW_BYTES;
  const std::uint8_t* a = operands.data();
  const std::uint8_t* b = operands.data() + rows * DCCONF_CANN_BLOCK_BYTES;
  const auto operand = [s](const std::uint8_t* at) -> double {
    if (s == 1) return static_cast<std::int8_t>(*at);
    std::uint16_t bits = 0;
    std::memcpy(&bits, at, sizeof bits);
    return oracle::halfBitsToFloat(bits);
  };
  std::vector<std::uint8_t> c(l0cBytes);
  for (std::uint64_t r = 0; r < rows; ++r) {
    for (std::uint64_t n = 0; n < 16; ++n) {
      std::int32_t sumInt = 0;
      float sumFloat = 0.0f;  // the accumulator starts at +0 (cmatrixInitVal)
      for (std::uint64_t k = 0; k < k0; ++k) {
        const double product = operand(a + (r * k0 + k) * s) * operand(b + (n * k0 + k) * s);
        sumInt += static_cast<std::int32_t>(intOperands ? product : 0.0);
        sumFloat += static_cast<float>(product);
      }
      std::uint8_t* out = c.data() + (r * 16 + n) * 4;
      if (intOperands) {
        std::memcpy(out, &sumInt, 4);
      } else {
        std::memcpy(out, &sumFloat, 4);
      }
    }
  }
  return c;
}

}  // namespace

std::vector<std::uint8_t>* FakeDevice::buffer(BufferId id) {
  const auto it = memory_.find(id);
  return it == memory_.end() ? nullptr : &it->second;
}

std::string FakeDevice::alloc(std::uint64_t bytes, BufferId& out) {
  out = next_++;
  memory_[out].assign(bytes, 0xEE);  // uninitialised device memory is not zero
  return "";
}

std::string FakeDevice::copyIn(BufferId dst, std::span<const std::uint8_t> bytes) {
  std::vector<std::uint8_t>* b = buffer(dst);
  if (b == nullptr || bytes.size() > b->size()) return "fake: copy-in to buffer " + std::to_string(dst) + " out of range";
  std::copy(bytes.begin(), bytes.end(), b->begin());
  return "";
}

std::string FakeDevice::copyOut(BufferId src, std::span<std::uint8_t> bytes) {
  std::vector<std::uint8_t>* b = buffer(src);
  if (b == nullptr || bytes.size() > b->size()) return "fake: copy-out of buffer " + std::to_string(src) + " out of range";
  std::copy_n(b->begin(), bytes.size(), bytes.begin());
  return "";
}

// What the kernel does: check the block and that this entry takes its family and destination (as the kernel's
// DCCONF_CANN_KERNEL_ON does), run the call on the destination buffer, report a status word.
std::uint32_t FakeDevice::runKernel(const KernelEntry& entry, const LaunchBuffers& buffers) {
  const DcconfCannFamily family = entry.family;
  std::vector<std::uint8_t>* tilingBytes = buffer(buffers.tiling);
  if (tilingBytes == nullptr || tilingBytes->size() < sizeof(DcconfCannTiling)) return DCCONF_CANN_STATUS_BAD_TILING;
  DcconfCannTiling tiling;
  std::memcpy(&tiling, tilingBytes->data(), sizeof tiling);
  std::vector<std::uint64_t> aux(tiling.auxBytes / sizeof(std::uint64_t));
  if (std::vector<std::uint8_t>* bytes = buffer(buffers.aux); bytes != nullptr && !aux.empty()) {
    std::memcpy(aux.data(), bytes->data(), std::min<std::size_t>(bytes->size(), aux.size() * sizeof(std::uint64_t)));
  }
  const DecodeResult decoded = decode(tiling, aux);
  if (!decoded.c) return DCCONF_CANN_STATUS_BAD_TILING;
  if (tiling.family != family) return DCCONF_CANN_STATUS_BAD_FAMILY;
  if (!entryTakes(entry, family, static_cast<DcconfCannPosition>(tiling.srcPos),
                  static_cast<DcconfCannPosition>(tiling.dstPos))) {
    return DCCONF_CANN_STATUS_BAD_PATH;
  }
  std::vector<std::uint8_t>* src = buffer(buffers.src);
  std::vector<std::uint8_t>* dst = buffer(buffers.dst);
  const oracle::Case& c = *decoded.c;
  if (src == nullptr || dst == nullptr || dst->size() < c.dst.sizeBytes) return DCCONF_CANN_STATUS_BAD_TILING;
  const bool fixKernel = family == DCCONF_CANN_FAMILY_FIXPIPE || family == DCCONF_CANN_FAMILY_FIXPIPE_950;
  if (fixKernel && capabilities_.fixSourceViaMmad) {  // the source buffer is A and B
    const std::uint64_t l0cBytes = DCCONF_CANN_FIX_L0C_BYTES(std::uint64_t{tiling.srcDeviceBytes});
    if (!c.fixpipe || src->size() < l0cBytes / 2 + DCCONF_CANN_FIX_IDENTITY_BYTES) return DCCONF_CANN_STATUS_BAD_PATH;
    std::vector<std::uint8_t> l0c = playMmad(c.fixpipe->srcDType == oracle::DType::int32_t, *src, l0cBytes);
    (void)backend_->run(c, std::span(l0c.data(), c.src.sizeBytes), std::span(dst->data(), c.dst.sizeBytes));
    return DCCONF_CANN_STATUS_OK;
  }
  if (src->size() < c.src.sizeBytes) return DCCONF_CANN_STATUS_BAD_TILING;
  // Only the case's bytes are the call's buffers; the rounding and the guard tail stay outside it, as on the device.
  (void)backend_->run(c, std::span(src->data(), c.src.sizeBytes), std::span(dst->data(), c.dst.sizeBytes));
  return DCCONF_CANN_STATUS_OK;
}

std::string FakeDevice::launch(const KernelEntry& entry, const LaunchBuffers& buffers) {
  const std::uint64_t ordinal = launches_++;
  if (faults_.failLaunch == ordinal) return "fake: injected launch failure (launch " + std::to_string(ordinal) + ")";
  const std::uint32_t status = runKernel(entry, buffers);
  if (std::vector<std::uint8_t>* word = buffer(buffers.status); word != nullptr && word->size() >= sizeof status) {
    std::memcpy(word->data(), &status, sizeof status);
  }
  std::vector<std::uint8_t>* dst = buffer(buffers.dst);
  std::vector<std::uint8_t>* tilingBytes = buffer(buffers.tiling);
  if (dst == nullptr || tilingBytes == nullptr) return "";
  DcconfCannTiling tiling;
  std::memcpy(&tiling, tilingBytes->data(), sizeof tiling);
  if (faults_.corruptLaunch == ordinal) {
    const std::uint64_t at = tiling.dstOffsetBytes + faults_.corruptByteAfterDstOffset;
    if (at < dst->size()) (*dst)[at] ^= 0xFF;
  }
  if (faults_.overrunLaunch == ordinal && tiling.dstSizeBytes < dst->size()) (*dst)[tiling.dstSizeBytes] ^= 0xFF;
  return "";
}

}  // namespace dcconf::cann
