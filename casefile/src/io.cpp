#include "dcconf/casefile/io.hpp"

#include <fstream>
#include <system_error>

#include <unistd.h>

namespace dcconf::casefile {
namespace fs = std::filesystem;

std::string writeFileAtomic(const fs::path& path, std::string_view text) {
  // The pid keeps two processes writing the same file from sharing a temporary.
  const fs::path temp = path.string() + ".tmp-" + std::to_string(::getpid());
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.close();
    if (!out) {
      std::error_code ignored;
      fs::remove(temp, ignored);
      return "cannot write " + temp.string();
    }
  }
  std::error_code ec;
  fs::rename(temp, path, ec);
  if (ec) {
    fs::remove(temp, ec);
    return "cannot rename " + temp.string() + " to " + path.string() + ": " + ec.message();
  }
  return {};
}

std::string writeFileAtomic(const fs::path& path, std::span<const std::uint8_t> bytes) {
  return writeFileAtomic(path, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

}  // namespace dcconf::casefile
