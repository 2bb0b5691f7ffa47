// The curated edge cases: one vector per boundary the clauses name, built by hand so each exists for a reason.
#include <numeric>

#include "dcconf/oracle/oracle.hpp"
#include "drafts.hpp"

namespace dcconf::vectors::detail {

using namespace dcconf::oracle;

namespace {

constexpr std::uint8_t kGuard = 0xA5;    // the destination's prior content: guard bytes are KEEP (G-1)
constexpr std::uint64_t kSlackBytes = 32;  // guard bytes after the footprint on both buffers

std::uint8_t patternByte(std::uint64_t i) { return static_cast<std::uint8_t>((i * 131 + 7) & 0xFF); }

// Sizes the buffers to the case's extents plus guard bytes, then fills src with a pattern and dst with the guard.
std::optional<casefile::CaseData> sized(Case c) {
  c.src.sizeBytes = c.dst.sizeBytes = 1u << 22;  // probe: big enough for every curated case's extents
  if (!validate(c).empty()) return std::nullopt;
  const Extents e = extents(c);
  c.src.sizeBytes = c.src.offsetBytes + e.srcSpanBytes + kSlackBytes;
  c.dst.sizeBytes = c.dst.offsetBytes + e.dstSpanBytes + kSlackBytes;
  casefile::CaseData data{c, std::vector<std::uint8_t>(c.src.sizeBytes), std::vector<std::uint8_t>(c.dst.sizeBytes, kGuard), ""};
  for (std::uint64_t i = 0; i < data.src.size(); ++i) data.src[i] = patternByte(i);
  return data;
}

Case baseCase(const ExportOptions& o, Api api, Position src, Position dst, DType dtype, CopyParams params,
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

  void valid(const Case& c, std::string comment, std::vector<std::string> flags = {}) {
    auto data = sized(c);
    if (!data) return;
    out_.push_back({std::move(*data), std::move(comment), std::move(flags), false, "", "", std::nullopt});
  }

  // The valid base, then `breakIt` breaks one constraint; kept only when the oracle names `clause`.
  template <typename Break>
  void invalid(const Case& base, const std::string& clause, const std::string& field, const std::string& flag,
               std::string comment, Break breakIt) {
    auto data = sized(base);
    if (!data) return;
    const Case validBase = data->c;
    breakIt(*data);
    const auto violations = validate(data->c);
    const bool named = std::any_of(violations.begin(), violations.end(),
                                   [&](const Violation& v) { return v.clause == clause && v.field == field; });
    if (!named) return;
    out_.push_back({std::move(*data), std::move(comment), {flag}, true, clause, field, validBase});
  }

  const ExportOptions& options() const { return o_; }
  std::vector<Draft> take() { return std::move(out_); }

 private:
  const ExportOptions& o_;
  std::vector<Draft> out_;
};

DataCopyExtParams ext(std::uint16_t count, std::uint32_t len, std::uint32_t srcStride = 0, std::uint32_t dstStride = 0) {
  return {count, len, srcStride, dstStride, 0};
}
DataCopyPadExtParams padExt(bool isPad, std::uint8_t left, std::uint8_t right, std::uint64_t value) {
  return {isPad, left, right, value};
}

void padGmToUbCases(Builder& b, DType t) {
  const auto& o = b.options();
  const std::uint32_t s = sizeBytes(t);
  const auto g2u = [&](CopyParams p, PadParams pad) {
    return baseCase(o, Api::DataCopyPad, Position::GM, Position::VECIN, t, std::move(p), std::move(pad));
  };
  const auto maxPad = static_cast<std::uint8_t>(32 / s);
  const std::uint64_t value = 0x0102030405060708ull & (s == 8 ? 0 : (std::uint64_t{1} << (8 * s)) - 1);  // PAD-G2U-1: 64-bit pads are 0
  b.valid(g2u(ext(3, 13 * s), padExt(false, 0, 0, 0)), "PAD-G2U-2: 3 blocks of 13 elements, not a multiple of 32 bytes");
  b.valid(g2u(ext(2, 5 * s), padExt(true, 0, maxPad, value)), "PAD-G2U-1: rightPadding*s == 32, the largest allowed");
  b.valid(g2u(ext(2, 5 * s), padExt(true, maxPad, 0, value)), "PAD-G2U-1: leftPadding*s == 32, the largest allowed");
  b.valid(g2u(ext(2, 3 * s), padExt(true, 1, 2, value)), "PAD-G2U-3/4: left and right pad with a pad value, dummy after");
  Case reg = g2u(ext(2, 3 * s), padExt(false, 1, 1, 0));
  reg.padRegister = 0x1111111111111111ull & (s == 8 ? ~0ull : (std::uint64_t{1} << (8 * s)) - 1);
  b.valid(reg, "PAD-G2U-4: isPad false, pads take the pad register set by SetPadValue", {"PAD_REGISTER"});
  b.valid(g2u(ext(3, 8 * s, 5, 2), padExt(false, 0, 0, 0)), "PAD-G2U-2/3: srcStride 5 bytes, dstStride 2 blocks (KEEP gaps)");
  Case unaligned = g2u(ext(2, 6 * s, 0, 0), padExt(true, 0, 1, value));
  unaligned.src.offsetBytes = 3 * s;
  b.valid(unaligned, "G-5: the GM source starts at an address that is not 32-byte aligned");
  DataCopyParams plain{2, static_cast<std::uint16_t>(7 * s), 1, 1};
  b.valid(g2u(plain, DataCopyPadParams{true, 1, 0, value}), "PAD-G2U-1: the 16-bit DataCopyParams/DataCopyPadParams pair");

  const Case good = g2u(ext(2, 4 * s), padExt(true, 0, 1, value));
  b.invalid(good, "PAD-G2U-1", "params.blockCount", "INVALID_BLOCKCOUNT", "PAD-G2U-1: blockCount 4096 > 4095",
            [](casefile::CaseData& d) { std::get<DataCopyExtParams>(d.c.params).blockCount = 4096; });
  b.invalid(good, "PAD-G2U-1", "padParams.rightPadding", "INVALID_PADDING", "PAD-G2U-1: rightPadding*s > 32",
            [&](casefile::CaseData& d) {
              std::get<DataCopyPadExtParams>(d.c.padParams).rightPadding = static_cast<std::uint8_t>(maxPad + 1);
            });
  b.invalid(good, "PAD-G2U-1", "params.blockLen", "INVALID_BLOCKLEN", "PAD-G2U-1: Ext blockLen 2097152 > 2097151",
            [](casefile::CaseData& d) { std::get<DataCopyExtParams>(d.c.params).blockLen = 2097152; });
  b.invalid(good, "G-1", "dst.size", "INVALID_BOUNDS", "G-1: the destination buffer ends inside the write footprint",
            [](casefile::CaseData& d) {
              d.c.dst.sizeBytes -= kSlackBytes + 1;
              d.dstBefore.resize(d.c.dst.sizeBytes);
            });
  b.invalid(good, "G-5", "dst.offset", "INVALID_ALIGNMENT", "G-5: the UB destination does not start 32-byte aligned",
            [](casefile::CaseData& d) {
              d.c.dst.offsetBytes = 16;
              d.c.dst.sizeBytes += 32;
              d.dstBefore.resize(d.c.dst.sizeBytes, kGuard);
            });
}

void padUbToGmCases(Builder& b, DType t) {
  const std::uint32_t s = sizeBytes(t);
  const auto u2g = [&](CopyParams p) {
    return baseCase(b.options(), Api::DataCopyPad, Position::VECOUT, Position::GM, t, std::move(p),
                    DataCopyPadExtParams{});
  };
  b.valid(u2g(ext(3, 13 * s, 0, 7)), "PAD-U2G-2: exactly blockLen bytes per block; dstStride gaps and the tail KEEP");
  b.invalid(u2g(ext(2, 4 * s)), "PAD-U2G-1", "params.blockCount", "INVALID_BLOCKCOUNT", "PAD-U2G-1: blockCount 4096",
            [](casefile::CaseData& d) { std::get<DataCopyExtParams>(d.c.params).blockCount = 4096; });
}

void dataCopyCases(Builder& b, DType t) {
  const std::uint32_t s = sizeBytes(t);
  const auto dc = [&](CopyParams p) {
    return baseCase(b.options(), Api::DataCopy, Position::GM, Position::VECIN, t, std::move(p));
  };
  b.valid(dc(DataCopyParams{2, 1, 1, 1}), "DC-2: two 32-byte blocks, one block of stride on each side");
  b.valid(dc(CalCount{40 / s + 1}), "DC-3: calCount*s not a multiple of 32: the remainder is dropped");
  b.valid(dc(CalCount{1}), "DC-3: fewer than 32 bytes: nothing moves");
  b.invalid(dc(DataCopyParams{2, 1, 0, 0}), "DC-1", "params.blockCount", "INVALID_BLOCKCOUNT", "DC-1: blockCount 4096",
            [](casefile::CaseData& d) { std::get<DataCopyParams>(d.c.params).blockCount = 4096; });
}

void nd2nzCases(Builder& b, DType t) {
  const std::uint32_t c0 = 32 / sizeBytes(t);
  const auto nd = [&](Nd2NzParams p) {
    return baseCase(b.options(), Api::DataCopy, Position::GM, Position::A1, t, p);
  };
  const auto d = static_cast<std::uint16_t>(c0 + c0 / 4 + 1);
  b.valid(nd({1, 3, d, 0, d, 16, 1, 1}), "ND2NZ-3: dValue not a multiple of C0: the tail is zero-filled");
  b.valid(nd({2, 2, static_cast<std::uint16_t>(c0), static_cast<std::uint16_t>(2 * c0 + 3),
              static_cast<std::uint16_t>(c0), 16, 1, static_cast<std::uint16_t>(16 * c0)}),
          "ND2NZ-2: two matrices, the source's matrix stride larger than a matrix");
  b.invalid(nd({1, 3, d, 0, d, 16, 1, 1}), "ND2NZ-1", "params.srcDValue", "INVALID_ND2NZ", "ND2NZ-1: srcDValue 0",
            [](casefile::CaseData& dd) { std::get<Nd2NzParams>(dd.c.params).srcDValue = 0; });
}

}  // namespace

std::vector<Draft> curatedDrafts(const ExportOptions& options) {
  Builder b(options);
  // One dtype per element width keeps the set small; the widths are where the byte arithmetic differs.
  for (const DType t : {DType::uint8_t, DType::half, DType::float_, DType::int64_t}) {
    padGmToUbCases(b, t);
    padUbToGmCases(b, t);
    dataCopyCases(b, t);
    nd2nzCases(b, t);
  }
  return b.take();
}

}  // namespace dcconf::vectors::detail
