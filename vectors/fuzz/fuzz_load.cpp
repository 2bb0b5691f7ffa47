// libFuzzer target: the vector-set loader's JSON parsers on arbitrary bytes. The first byte picks the manifest or
// a group file parser; tensors are resolved in a folder that holds none (every file reference must fail cleanly).
// Must never crash, hang or allocate beyond its caps (run with -rss_limit_mb=512 -malloc_limit_mb=256).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "dcconf/vectors/vectors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  dcconf::vectors::LoadLimits limits;
  limits.maxBufferBytes = 1 << 20;
  limits.maxJsonBytes = 1 << 20;
  limits.maxTests = 1000;
  std::vector<dcconf::vectors::Problem> problems;
  if (data[0] % 2 == 0) {
    (void)dcconf::vectors::parseManifest(text, problems, limits);
  } else {
    dcconf::vectors::Manifest manifest;  // defines a few flags so the notes/flag checks run
    manifest.flags["GUARD_BYTES"] = {"G-1", "the destination has bytes outside the write footprint: they must keep their value"};
    manifest.files["data/a.src.bin"] = {64, std::string(64, '0')};
    (void)dcconf::vectors::parseGroup(text, "fuzz.json", manifest, "/nonexistent-dcconf-fuzz", problems, limits);
  }
  return 0;
}
