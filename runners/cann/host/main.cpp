// dcconf-cann-run: replays a dcconf vector set on a device (docs/cann.md) and writes <tcId>.bin per vector for
// `dcconf vectors verify`. In the CANN project (runners/cann/CMakeLists.txt) --device acl drives the Ascend C kernels
// through ACL on the CPU model, the simulator or an NPU (whichever CMAKE_ASC_RUN_MODE built); everywhere,
// --device fake-fast / fake-oracle plays the kernels with a dcconf backend, to check the pipeline without CANN.
// Exit statuses (docs/exit-status.md): 0 every launched vector written, 1 a vector failed, 2 usage, 4 the set does
// not load, 5 output refused, 7 device unavailable or nothing selected.
#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>

#include "fake_device.hpp"
#include "runner.hpp"
#if DCCONF_CANN_WITH_ACL
#include "acl_device.hpp"
#endif

namespace {

int fail(int status, const std::string& message) {
  std::cerr << "dcconf-cann-run: error: " << message << "\n";
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace dcconf::cann;
  CLI::App app{"Replay a dcconf vector set on a CANN device and write <tcId>.bin outputs for dcconf vectors verify"};
  std::string setDir;
  RunOptions options;
  std::string outDir;
#if DCCONF_CANN_WITH_ACL
  std::string deviceKind = "acl";
  std::string archName = DCCONF_CANN_ARCH;
#else
  std::string deviceKind = "fake-fast";
  std::string archName = "dav-2201";
#endif
  int deviceId = 0;
  unsigned guardByte = kDefaultGuardByte;
  bool quiet = false;
  app.add_option("SET", setDir, "the vector set's folder (dcconf vectors export)")->required();
  app.add_option("--out", outDir, "folder for <tcId>.bin, cann-run.json and cann-run.txt")->required();
  app.add_flag("--force", options.force, "overwrite existing outputs; remove stale ones of skipped vectors");
  app.add_option("--tc", options.tcGlob, "only vectors whose tcId matches this glob")->capture_default_str();
  app.add_option("--device", deviceKind, "acl (CANN build only) | fake-fast | fake-oracle")->capture_default_str();
  app.add_option("--arch", archName, "fake devices: dav-2201 | dav-3510 (acl: the built CMAKE_ASC_ARCHITECTURES)")
      ->capture_default_str();
  app.add_option("--device-id", deviceId, "acl: aclrtSetDevice id")->capture_default_str();
  app.add_option("--guard-byte", guardByte, "value of the guard bytes after every buffer")
      ->check(CLI::Range(0u, 255u))
      ->capture_default_str();
  app.add_flag("--launch-invalid", options.launchInvalid,
               "launch invalid (G-4) vectors too; by default they are skipped and verify counts them REJECTED");
  app.add_flag("--quiet", quiet, "no summary on stdout");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  options.outDir = outDir;
  options.guardByte = static_cast<std::uint8_t>(guardByte);
  options.setArgument = setDir;

  std::unique_ptr<Device> device;
  if (deviceKind == "fake-fast" || deviceKind == "fake-oracle") {
    const auto arch = parseArch(archName);
    if (!arch) return fail(2, "--arch: unknown architecture '" + archName + "' (dav-2201 or dav-3510)");
    device = FakeDevice::make(deviceKind.substr(5), fakeCapabilities(*arch));
  } else if (deviceKind == "acl") {
#if DCCONF_CANN_WITH_ACL
    std::string error;
    device = makeAclDevice(deviceId, error);
    if (!device) return fail(7, "--device acl: " + error);
#else
    return fail(7, "--device acl: this dcconf-cann-run was built without CANN (build runners/cann as its own CMake "
                   "project where CANN is installed, docs/cann.md)");
#endif
  } else {
    return fail(2, "--device: unknown device '" + deviceKind + "' (acl, fake-fast, fake-oracle)");
  }
  (void)deviceId;

  const dcconf::vectors::Loaded loaded = dcconf::vectors::loadSet(setDir);
  if (!loaded.set) {
    for (const auto& problem : loaded.problems) std::cerr << "dcconf-cann-run: error: " << setDir << "/" << problem.oneLine() << "\n";
    return 4;
  }
  const RunResult result = runSet(*loaded.set, *device, options);
  if (!result.nothing.empty()) return fail(7, result.nothing);
  if (result.summary && !quiet) std::cout << result.summary->toText();
  if (!result.refused.empty()) return fail(5, result.refused);
  return result.summary->count(VectorStatus::failed) == 0 ? 0 : 1;
}
