// AclDevice over the ACL runtime: aclrtMalloc / aclrtMemcpy / the kernels' launch wrappers (kernels/launch.asc,
// <<<1, nullptr, stream>>>) / aclrtSynchronizeStream. Built only by runners/cann/CMakeLists.txt with CANN; the same
// binary runs on the CPU model, the simulator or an NPU depending on CMAKE_ASC_RUN_MODE. NOT COMPILED HERE.
#include "acl_device.hpp"

#include <map>

#include "acl/acl.h"
#include "launch.h"

namespace dcconf::cann {
namespace {

std::string aclError(const char* call, aclError code) {
  const char* recent = aclGetRecentErrMsg();
  return std::string(call) + " failed with " + std::to_string(static_cast<int>(code)) +
         (recent != nullptr ? std::string(": ") + recent : std::string());
}

class AclDevice final : public Device {
 public:
  AclDevice(int deviceId, aclrtStream stream, Capabilities caps)
      : deviceId_(deviceId), stream_(stream), caps_(std::move(caps)) {}
  ~AclDevice() override {
    releaseAll();
    aclrtDestroyStream(stream_);
    aclrtResetDevice(deviceId_);
    aclFinalize();
  }

  std::string name() const override { return std::string("acl:") + DCCONF_CANN_RUN_MODE + ":" + std::to_string(deviceId_); }
  const Capabilities& capabilities() const override { return caps_; }

  std::string alloc(std::uint64_t bytes, BufferId& out) override {
    void* ptr = nullptr;
    if (const aclError rc = aclrtMalloc(&ptr, bytes, ACL_MEM_MALLOC_HUGE_FIRST); rc != ACL_SUCCESS) {
      return aclError("aclrtMalloc", rc);
    }
    out = next_++;
    buffers_[out] = {ptr, bytes};
    return "";
  }
  std::string copyIn(BufferId dst, std::span<const std::uint8_t> bytes) override {
    const auto it = buffers_.find(dst);
    if (it == buffers_.end()) return "copy-in: unknown buffer";
    const aclError rc = aclrtMemcpy(it->second.ptr, it->second.bytes, bytes.data(), bytes.size(), ACL_MEMCPY_HOST_TO_DEVICE);
    return rc == ACL_SUCCESS ? "" : aclError("aclrtMemcpy(host to device)", rc);
  }
  std::string copyOut(BufferId src, std::span<std::uint8_t> bytes) override {
    const auto it = buffers_.find(src);
    if (it == buffers_.end()) return "copy-out: unknown buffer";
    const aclError rc = aclrtMemcpy(bytes.data(), bytes.size(), it->second.ptr, bytes.size(), ACL_MEMCPY_DEVICE_TO_HOST);
    return rc == ACL_SUCCESS ? "" : aclError("aclrtMemcpy(device to host)", rc);
  }
  std::string launch(const KernelEntry& entry, const LaunchBuffers& b) override {
    const int launched = dcconf_cann_launch(static_cast<uint32_t>(entry.entry), stream_, ptr(b.tiling), ptr(b.src),
                                            ptr(b.dst), ptr(b.aux), ptr(b.status));
    if (launched != 0) return "no kernel dcconf_cann_" + std::string(entry.name) + " in this build";
    const aclError rc = aclrtSynchronizeStream(stream_);
    return rc == ACL_SUCCESS ? "" : aclError("aclrtSynchronizeStream", rc);
  }
  void releaseAll() override {
    for (auto& [id, buffer] : buffers_) aclrtFree(buffer.ptr);
    buffers_.clear();
  }

 private:
  struct Buffer {
    void* ptr;
    std::uint64_t bytes;
  };
  std::uint8_t* ptr(BufferId id) {
    const auto it = buffers_.find(id);
    return it == buffers_.end() ? nullptr : static_cast<std::uint8_t*>(it->second.ptr);
  }

  int deviceId_;
  aclrtStream stream_;
  Capabilities caps_;
  std::map<BufferId, Buffer> buffers_;
  BufferId next_ = 0;
};

}  // namespace

std::unique_ptr<Device> makeAclDevice(int deviceId, std::string& error) {
  if (const aclError rc = aclInit(nullptr); rc != ACL_SUCCESS) {
    error = aclError("aclInit", rc);
    return nullptr;
  }
  if (const aclError rc = aclrtSetDevice(deviceId); rc != ACL_SUCCESS) {
    error = aclError("aclrtSetDevice", rc);
    aclFinalize();
    return nullptr;
  }
  aclrtStream stream = nullptr;
  if (const aclError rc = aclrtCreateStream(&stream); rc != ACL_SUCCESS) {
    error = aclError("aclrtCreateStream", rc);
    aclrtResetDevice(deviceId);
    aclFinalize();
    return nullptr;
  }
  Capabilities caps = kernelCapabilities(*parseArch(DCCONF_CANN_ARCH));
  caps.l1Destinations = DCCONF_CANN_L1_READBACK != 0;
  return std::make_unique<AclDevice>(deviceId, stream, std::move(caps));
}

}  // namespace dcconf::cann
