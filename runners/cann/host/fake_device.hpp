// FakeDevice: device memory is host memory and the "kernel" is a dcconf backend (fast or oracle) run on the case the
// tiling block in device memory decodes to, so the host program's whole path (encode, buffers, guard tails, status
// word, copy back, output files) is exercised without CANN. Faults can be injected per launch ordinal. With
// Capabilities::fixSourceViaMmad a FIX source buffer holds the kernel's Mmad operands, which the fake multiplies back
// into the L0C image (as the cube would) before the backend runs the call on it.
#pragma once

#include <map>
#include <memory>
#include <optional>

#include "dcconf/backends/backend.hpp"
#include "device.hpp"

namespace dcconf::cann {

struct FakeFaults {
  std::optional<std::uint64_t> corruptLaunch;  // this launch (0-based) flips one destination byte afterwards:
  std::uint64_t corruptByteAfterDstOffset = 0; //   byte dst.offset + this
  std::optional<std::uint64_t> failLaunch;     // this launch returns an error (as aclrtSynchronizeStream would)
  std::optional<std::uint64_t> overrunLaunch;  // this launch also writes the first guard-tail byte
};

class FakeDevice final : public Device {
 public:
  // backend: "fast" or "oracle".
  static std::unique_ptr<FakeDevice> make(const std::string& backend, Capabilities capabilities, FakeFaults faults = {});

  std::string name() const override { return "fake:" + backendName_; }
  const Capabilities& capabilities() const override { return capabilities_; }
  std::string alloc(std::uint64_t bytes, BufferId& out) override;
  std::string copyIn(BufferId dst, std::span<const std::uint8_t> bytes) override;
  std::string launch(const KernelEntry& entry, const LaunchBuffers& buffers) override;
  std::string copyOut(BufferId src, std::span<std::uint8_t> bytes) override;
  void releaseAll() override { memory_.clear(); }

  std::uint64_t launches() const { return launches_; }

 private:
  FakeDevice(std::unique_ptr<backends::Backend> backend, std::string backendName, Capabilities capabilities,
             FakeFaults faults)
      : backend_(std::move(backend)), backendName_(std::move(backendName)), capabilities_(std::move(capabilities)),
        faults_(faults) {}
  std::vector<std::uint8_t>* buffer(BufferId id);
  std::uint32_t runKernel(const KernelEntry& entry, const LaunchBuffers& buffers);

  std::unique_ptr<backends::Backend> backend_;
  std::string backendName_;
  Capabilities capabilities_;
  FakeFaults faults_;
  std::map<BufferId, std::vector<std::uint8_t>> memory_;
  BufferId next_ = 0;
  std::uint64_t launches_ = 0;
};

}  // namespace dcconf::cann
