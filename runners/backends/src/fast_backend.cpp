// Placeholder until the fast backend lands: it claims no support, so nothing can mistake it for a pass.
#include "dcconf/backends/backend.hpp"

namespace dcconf::backends {
namespace {
class FastBackend final : public Backend {
 public:
  std::string name() const override { return "fast"; }
  std::string version() const override { return "0"; }
  bool supports(const oracle::Case&) const override { return false; }
  RunResult run(const oracle::Case&, std::span<const std::uint8_t>, std::span<std::uint8_t>) override {
    return {RunStatus::notSupported, "fast backend not built yet"};
  }
};
}  // namespace
std::unique_ptr<Backend> makeFastBackend() { return std::make_unique<FastBackend>(); }
}  // namespace dcconf::backends
