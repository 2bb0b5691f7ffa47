// The curated sets' builder: sizes a hand-built case to its extents plus guard bytes, fills its buffers, and keeps an
// invalid case only when the oracle names the clause it was built to break. curated.cpp (the seed pages) and
// curated_beyond.cpp (the paths beyond them) share it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "dcconf/oracle/oracle.hpp"
#include "drafts.hpp"

namespace dcconf::vectors::detail::curated {

using namespace dcconf::oracle;

inline constexpr std::uint8_t kGuard = 0xA5;    // the destination's prior content: guard bytes are KEEP (G-1)
inline constexpr std::uint64_t kSlackBytes = 32;  // guard bytes after the footprint on both buffers

inline std::uint8_t patternByte(std::uint64_t i) { return static_cast<std::uint8_t>((i * 131 + 7) & 0xFF); }

// FIX source words: the values FIX-6 rounds, saturates or rectifies at, cycled over the L0C source (29 of each, so
// the cycle does not line up with the 16-element rows).
inline void fillFixSource(casefile::CaseData& d) {
  static const std::vector<std::uint32_t> floats = [] {
    std::vector<std::uint32_t> out;
    for (const float v : {0.0F, -0.0F, 1.0F, -1.0F, 0.5F, 2.5F, -2.5F, 1.0F + 0x1p-11F, 1.0F + 3 * 0x1p-11F,
                          1.0F + 0x1p-8F, 1.0F + 3 * 0x1p-8F, 65504.0F, 65520.0F, -65520.0F, 0x1p-24F, 0x1p-25F,
                          127.5F, 128.5F, 255.5F, -128.5F, -256.5F, 300.0F, -300.0F, 3.0e38F, 1.0e-40F}) {
      out.push_back(std::bit_cast<std::uint32_t>(v));
    }
    for (const std::uint32_t bits : {0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00123u}) out.push_back(bits);  // inf, NaN
    return out;
  }();
  static const std::vector<std::uint32_t> ints = [] {
    std::vector<std::uint32_t> out;
    for (const std::int64_t v : {0LL, 1LL, -1LL, 2LL, 3LL, -3LL, 5LL, 127LL, 128LL, -128LL, -129LL, 255LL, 256LL, -256LL,
                                 -257LL, 1000LL, -1000LL, 32767LL, 32768LL, -32768LL, -32769LL, 65535LL, 16777217LL,
                                 -16777217LL, 2147483647LL, -2147483648LL, 7LL, -7LL, 100LL}) {
      out.push_back(static_cast<std::uint32_t>(v));
    }
    return out;
  }();
  const auto& words = d.c.fixpipe->srcDType == DType::float_ ? floats : ints;
  for (std::uint64_t at = d.c.src.offsetBytes, k = 0; at + 4 <= d.src.size(); at += 4, ++k) {
    for (std::uint64_t b = 0; b < 4; ++b) d.src[at + b] = static_cast<std::uint8_t>(words[k % words.size()] >> (8 * b));
  }
}

// Whether the case's product has its call (PROD); validate() checks the parameters only. A case that is no call at
// all is a mistake in the list.
inline bool supported(const Case& c, const std::string& comment) {
  const auto resolved = resolveOperation(c);
  if (!resolved.operation) throw std::logic_error("curated case \"" + comment + "\" is no documented call: " + resolved.error);
  return checkSupport(c, *resolved.operation).empty();
}

// Sizes the buffers to the case's extents plus guard bytes, then fills src with a pattern (FIX: special values) and
// dst with the guard.
inline std::optional<casefile::CaseData> sized(Case c, const std::string& comment) {
  c.src.sizeBytes = c.dst.sizeBytes = 1u << 22;  // probe: big enough for every curated case's extents
  if (const auto violations = validate(c); !violations.empty()) {
    if (supported(c, comment)) throw std::logic_error("curated case \"" + comment + "\" breaks " + violations.front().clause + " " +
                                             violations.front().field + ": " + violations.front().message);
    return std::nullopt;  // the product has no such call: the set leaves it out
  }
  const bool dual = isDualDestination(c);  // FIX950-9: two UBs end to end, each sized alone (dst.size 0 asks for one)
  if (dual) c.dst.sizeBytes = 0;
  const Extents e = extents(c);
  c.src.sizeBytes = c.src.offsetBytes + e.srcSpanBytes + kSlackBytes;
  c.dst.sizeBytes = (dual ? 2 : 1) * (c.dst.offsetBytes + e.dstSpanBytes + kSlackBytes);
  casefile::CaseData data{c, std::vector<std::uint8_t>(c.src.sizeBytes), std::vector<std::uint8_t>(c.dst.sizeBytes, kGuard), ""};
  for (std::uint64_t i = 0; i < data.src.size(); ++i) data.src[i] = patternByte(i);
  if (data.c.fixpipe) fillFixSource(data);
  return data;
}

inline Case baseCase(const ExportOptions& o, Api api, Position src, Position dst, DType dtype, CopyParams params,
              PadParams pad = std::monostate{}) {
  Case c;
  c.product = o.product;
  c.profile = o.profile;
  c.api = api;
  c.srcPos = src;
  c.dstPos = dst;
  c.dtype = dtype;
  c.params = std::move(params);
  c.padParams = std::move(pad);
  return c;
}

class Builder {
 public:
  explicit Builder(const ExportOptions& options) : o_(options) {}

  // `fill` replaces the pattern where the values matter (ATOM: the prior GM content is an input).
  void valid(const Case& c, std::string comment, std::vector<std::string> flags = {},
             const std::function<void(casefile::CaseData&)>& fill = {}) {
    auto data = sized(c, comment);
    if (!data) return;
    if (fill) fill(*data);
    out_.push_back({std::move(*data), std::move(comment), std::move(flags), false, "", "", std::nullopt});
  }

  // The valid base, then `breakIt` breaks one constraint; kept only when the oracle names `clause`.
  template <typename Break>
  void invalid(const Case& base, const std::string& clause, const std::string& field, const std::string& flag,
               std::string comment, Break breakIt) {
    auto data = sized(base, comment);
    if (!data) return;
    const Case validBase = data->c;
    breakIt(*data);
    const auto violations = validate(data->c);
    const bool named = std::any_of(violations.begin(), violations.end(),
                                   [&](const Violation& v) { return v.clause == clause && v.field == field; });
    if (!named) {  // a break the oracle does not name as intended is a mistake in the list, not a product's gap
      throw std::logic_error("curated invalid case \"" + comment + "\" does not break " + clause + " " + field);
    }
    out_.push_back({std::move(*data), std::move(comment), {flag}, true, clause, field, validBase});
  }

  const ExportOptions& options() const { return o_; }
  std::vector<Draft> take() { return std::move(out_); }

 private:
  const ExportOptions& o_;
  std::vector<Draft> out_;
};

// curated_beyond.cpp: the paths beyond the seed pages.
void addBeyondSeedDrafts(Builder& b);

}  // namespace dcconf::vectors::detail::curated
