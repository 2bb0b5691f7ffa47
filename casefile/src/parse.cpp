// dcconf.case/1 -> CaseData (docs/case-format.md). Strict: unknown keys, out-of-width values, wrong JSON types and
// buffers that disagree with their declared size are errors naming the field.
#include <array>
#include <cmath>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "dcconf/casefile/casefile.hpp"
#include "dcconf/casefile/json_guard.hpp"
#include "dcconf/oracle/numeric.hpp"
#include "hex.hpp"
#include "json_reader.hpp"
#include "struct_fields.hpp"

namespace dcconf::casefile {
namespace {

namespace fs = std::filesystem;
using namespace detail;

// ---- names ------------------------------------------------------------------------------------------------------

template <class Range, class NameOf>
std::string joinNames(const Range& range, NameOf nameOf) {
  std::string joined;
  for (const auto& item : range) joined += (joined.empty() ? "" : ", ") + std::string(nameOf(item));
  return joined;
}

template <class Parse>
auto readName(const Context& ctx, const json& value, const std::string& field, Parse parse, const std::string& known) {
  const std::string text = readString(ctx, value, field);
  const auto parsed = parse(text);
  if (!parsed) ctx.fail(field, text, "unknown name (known: " + known + ")");
  return *parsed;
}

oracle::DType readDType(const Context& ctx, const json& value) {
  return readName(ctx, value, "dtype", oracle::parseDType,
                  joinNames(oracle::allDTypes(), [](const oracle::DTypeInfo& i) { return i.name; }));
}

oracle::Product readProduct(const Context& ctx, const json& value) {
  return readName(ctx, value, "product", oracle::parseProduct,
                  joinNames(oracle::allProducts(), [](oracle::Product p) { return oracle::name(p); }));
}

oracle::Api readApi(const Context& ctx, const json& value) {
  return readName(ctx, value, "api", oracle::parseApi, "DataCopy, DataCopyPad");
}

// "GM->VECIN": the source and destination TPosition names.
std::pair<oracle::Position, oracle::Position> readPath(const Context& ctx, const json& value) {
  const std::string text = readString(ctx, value, "path");
  const auto arrow = text.find("->");
  const auto src = oracle::parsePosition(std::string_view(text).substr(0, arrow));
  const auto dst = arrow == std::string::npos ? std::nullopt : oracle::parsePosition(text.substr(arrow + 2));
  if (!src || !dst) {
    ctx.fail("path", text, "must be SRC->DST with positions GM, VECIN, VECOUT, A1, B1, TSCM, CO1, CO2");
  }
  return {*src, *dst};
}

// ---- raw bits and pad values ------------------------------------------------------------------------------------

// A raw bit pattern: a non-negative integer or "0x..." (up to 16 hex digits).
std::uint64_t readRawBits(const Context& ctx, const json& value, const std::string& field) {
  if (!value.is_string()) return readUInt64(ctx, value, field);
  const auto bits = parseHexBits(value.get<std::string>());
  if (!bits) ctx.fail(field, value, "must be an integer or a \"0x...\" string of up to 16 hex digits");
  return *bits;
}

// DataCopyPadExtParams<T>::paddingValue is a T: a number is encoded as T, a "0x..." string is T's raw bits.
std::uint64_t readElementValue(const Context& ctx, const json& value, const std::string& field, oracle::DType dtype) {
  const std::uint32_t elementBytes = oracle::sizeBytes(dtype);
  const std::string typeName(oracle::name(dtype));
  if (value.is_string()) {
    const std::uint64_t bits = readRawBits(ctx, value, field);
    if (elementBytes < 8 && (bits >> (8 * elementBytes)) != 0) {
      ctx.fail(field, value, "raw bits do not fit " + typeName + " (" + std::to_string(elementBytes) + " bytes)");
    }
    return bits;
  }
  if (!value.is_number()) ctx.fail(field, value, "must be a number or a \"0x...\" string of raw bits");
  const double number = value.get<double>();
  // Integers beyond 2^53 would silently lose bits through the double: ask for raw bits instead.
  if (!value.is_number_float() && std::fabs(number) > 9007199254740992.0) {
    ctx.fail(field, value, "beyond 2^53: write it as a \"0x...\" string of raw bits");
  }
  const oracle::EncodedNumber encoded = oracle::encodeNumber(dtype, number);
  if (!encoded.ok) ctx.fail(field, value, encoded.error);
  return encoded.bits;
}

// ---- structs ------------------------------------------------------------------------------------------------------

template <class S>
std::vector<std::string_view> keysOf() {
  std::vector<std::string_view> keys{"type"};
  S probe{};
  visitFields(probe, [&](const char* key, auto&) { keys.push_back(key); });
  if constexpr (kHasPaddingValue<S>) keys.push_back("paddingValue");
  if constexpr (kIsCo12<S>) keys.push_back("quantPre");
  if constexpr (kIsNdDma<S>) {
    ndDmaArrays(probe, [&](const char* key, auto&) { keys.push_back(key); });
    keys.push_back("constantValue");
  }
  if constexpr (kIsSlice<S>) {
    sliceArrays(probe, [&](const char* key, auto&) { keys.push_back(key); },
                [&](const char* key, auto&) { keys.push_back(key); });
  }
  return keys;
}

// A JSON array of at most kMaxSliceDims entries; entries past its end keep their defaults.
const json& readDimArray(const Context& ctx, const json& value, const std::string& field) {
  if (!value.is_array()) ctx.fail(field, value, "must be an array (one entry per dimension, dimension 0 first)");
  if (value.size() > oracle::kMaxSliceDims) {
    ctx.fail(field, value, "has " + std::to_string(value.size()) + " entries, at most 8 dimensions (SLICE-4)");
  }
  return value;
}

void readSliceArrays(const ObjectReader& reader, oracle::SliceParams& p) {
  const Context& ctx = reader.context();
  sliceArrays(
      p,
      [&](const char* key, auto& infos) {
        const json* value = reader.optional(key);
        if (value == nullptr) return;
        const json& array = readDimArray(ctx, *value, reader.field(key));
        for (std::size_t k = 0; k < array.size(); ++k) {
          const std::string name = reader.field(key) + "[" + std::to_string(k) + "]";
          std::vector<std::string_view> keys;
          visitFields(infos[k], [&](const char* member, auto&) { keys.push_back(member); });
          const ObjectReader entry(ctx, array[k], name, keys);
          visitFields(infos[k], [&](const char* member, auto& field) {
            using Member = std::remove_reference_t<decltype(field)>;
            if (const json* v = entry.optional(member)) field = readField<Member>(ctx, *v, entry.field(member));
          });
        }
      },
      [&](const char* key, auto& shape) {
        const json* value = reader.optional(key);
        if (value == nullptr) return;
        const json& array = readDimArray(ctx, *value, reader.field(key));
        for (std::size_t k = 0; k < array.size(); ++k) {
          shape[k] = readField<std::uint32_t>(ctx, array[k], reader.field(key) + "[" + std::to_string(k) + "]");
        }
      });
}

// NDDMA (project): each NdDmaLoopInfo array holds at most 5 entries (NDDMA-2); entries past its end stay 0.
void readNdDmaArrays(const ObjectReader& reader, oracle::NdDmaParams& p) {
  const Context& ctx = reader.context();
  ndDmaArrays(p, [&](const char* key, auto& array) {
    const json* value = reader.optional(key);
    if (value == nullptr) return;
    if (!value->is_array()) ctx.fail(reader.field(key), *value, "must be an array (one entry per dimension, dimension 0 first)");
    if (value->size() > oracle::kMaxNdDmaDims) {
      ctx.fail(reader.field(key), *value, "has " + std::to_string(value->size()) + " entries, at most 5 dimensions (NDDMA-2)");
    }
    using Entry = typename std::remove_reference_t<decltype(array)>::value_type;
    for (std::size_t k = 0; k < value->size(); ++k) {
      array[k] = readField<Entry>(ctx, (*value)[k], reader.field(key) + "[" + std::to_string(k) + "]");
    }
  });
}

template <class S>
void readFieldsInto(const ObjectReader& reader, S& s) {
  visitFields(s, [&](const char* key, auto& member) {
    using Member = std::remove_reference_t<decltype(member)>;
    if (const json* value = reader.optional(key)) member = readField<Member>(reader.context(), *value, reader.field(key));
  });
}

oracle::QuantMode readQuantMode(const Context& ctx, const json& value, const std::string& field) {
  const std::string text = readString(ctx, value, field);
  for (const oracle::QuantMode m : oracle::kAllQuantModes) {
    if (oracle::name(m) == text) return m;
  }
  ctx.fail(field, text,
           "unknown QuantMode_t (known: " + joinNames(oracle::kAllQuantModes, [](oracle::QuantMode m) { return oracle::name(m); }) + ")");
}

// The struct named by "type" among the candidates, its fields read over the Ascend C defaults.
// padDType is the element type a DataCopyPadExtParams paddingValue is encoded as.
template <class Variant>
Variant readTypedStruct(const Context& ctx, const json& value, const std::string& name,
                        std::initializer_list<Variant> candidates, oracle::DType padDType) {
  requireObject(ctx, value, name);
  const auto typeIt = value.find("type");
  if (typeIt == value.end()) ctx.fail(name + ".type", "", "missing (required)");
  const std::string type = readString(ctx, *typeIt, name + ".type");
  for (Variant result : candidates) {
    if (oracle::typeName(result) != type) continue;
    std::visit(
        [&](auto& s) {
          using S = std::remove_reference_t<decltype(s)>;
          const ObjectReader reader(ctx, value, name, keysOf<S>());
          readFieldsInto(reader, s);
          if constexpr (kIsSlice<S>) readSliceArrays(reader, s);
          if constexpr (kIsNdDma<S>) {
            readNdDmaArrays(reader, s);
            // NdDmaParams<T, dim>::constantValue is a T, encoded as DataCopyPadExtParams' paddingValue
            if (const json* v = reader.optional("constantValue")) {
              s.constantValue = readElementValue(ctx, *v, reader.field("constantValue"), padDType);
            }
          }
          if constexpr (kIsCo12<S>) {
            if (const json* mode = reader.optional("quantPre")) {
              s.quantPre = readQuantMode(ctx, *mode, reader.field("quantPre"));
            }
          }
          if constexpr (kHasPaddingValue<S>) {
            if (const json* pad = reader.optional("paddingValue")) {
              // DataCopyPadParams::paddingValue is a uint64_t in Ascend C (raw bits); the Ext one is a T.
              s.paddingValue = std::is_same_v<S, oracle::DataCopyPadExtParams>
                                   ? readElementValue(ctx, *pad, reader.field("paddingValue"), padDType)
                                   : readRawBits(ctx, *pad, reader.field("paddingValue"));
            }
          }
        },
        result);
    return result;
  }
  ctx.fail(name + ".type", type,
           "unknown type (known: " + joinNames(candidates, [](const Variant& v) { return oracle::typeName(v); }) + ")");
}

oracle::CopyParams readCopyParams(const Context& ctx, const json& value, oracle::DType dtype) {
  return readTypedStruct<oracle::CopyParams>(ctx, value, "params",
                                             {oracle::DataCopyParams{}, oracle::DataCopyExtParams{},
                                              oracle::Nd2NzParams{}, oracle::Nz2NdParamsFull{}, oracle::CalCount{},
                                              oracle::SliceParams{}, oracle::Dn2NzParams{},
                                              oracle::DataCopyCO12DstParams{}, oracle::NdDmaParams{},
                                              oracle::BroadCastVecToMMParams{}},
                                             dtype);
}

oracle::PadParams readPadParams(const Context& ctx, const json& value, oracle::DType dtype) {
  return readTypedStruct<oracle::PadParams>(ctx, value, "padParams",
                                            {oracle::DataCopyPadParams{}, oracle::DataCopyPadExtParams{}}, dtype);
}

// nd2nzParams has a single possible type, so "type" is optional there.
oracle::Nd2NzParams readNd2NzParams(const Context& ctx, const json& value) {
  const ObjectReader reader(ctx, value, "nd2nzParams", keysOf<oracle::Nd2NzParams>());
  if (const json* type = reader.optional("type")) {
    if (readString(ctx, *type, "nd2nzParams.type") != "Nd2NzParams") {
      ctx.fail("nd2nzParams.type", *type, "must be Nd2NzParams");
    }
  }
  oracle::Nd2NzParams params;
  readFieldsInto(reader, params);
  return params;
}

// LOOP-1 (project): SetLoopModePara's LoopModeParams ("type" optional).
oracle::LoopModeParams readLoopMode(const Context& ctx, const json& value) {
  const ObjectReader reader(ctx, value, "loopMode", keysOf<oracle::LoopModeParams>());
  if (const json* type = reader.optional("type")) {
    if (readString(ctx, *type, "loopMode.type") != "LoopModeParams") ctx.fail("loopMode.type", *type, "must be LoopModeParams");
  }
  oracle::LoopModeParams params;
  readFieldsInto(reader, params);
  return params;
}

// DataCopyEnhancedParams: a single possible type ("type" optional); blockMode and deqScale by Ascend C name.
template <class Enum, std::size_t N>
Enum readEnumName(const Context& ctx, const json& value, const std::string& field, const std::array<Enum, N>& all) {
  const std::string text = readString(ctx, value, field);
  for (const Enum e : all) {
    if (oracle::name(e) == text) return e;
  }
  ctx.fail(field, text, "unknown name (known: " + joinNames(all, [](Enum e) { return oracle::name(e); }) + ")");
}

// An array of raw uint64 parameters (integers or "0x..."), at most 65535 entries.
std::vector<std::uint64_t> readRawBitsArray(const Context& ctx, const json& value, const std::string& field) {
  if (!value.is_array()) ctx.fail(field, value, "must be an array of raw uint64 parameters");
  if (value.size() > 65535) ctx.fail(field, "", "more than 65535 entries");
  std::vector<std::uint64_t> out;
  for (std::size_t k = 0; k < value.size(); ++k) out.push_back(readRawBits(ctx, value[k], field + "[" + std::to_string(k) + "]"));
  return out;
}

oracle::DataCopyEnhancedParams readEnhancedParams(const Context& ctx, const json& value) {
  using oracle::BlockMode;
  using oracle::DeqScale;
  std::vector<std::string_view> keys = keysOf<oracle::DataCopyEnhancedParams>();
  for (const char* k : {"blockMode", "deqScale", "srcDType", "deqTensor"}) keys.push_back(k);
  const ObjectReader reader(ctx, value, "enhancedParams", keys);
  if (const json* type = reader.optional("type")) {
    if (readString(ctx, *type, "enhancedParams.type") != "DataCopyEnhancedParams") {
      ctx.fail("enhancedParams.type", *type, "must be DataCopyEnhancedParams");
    }
  }
  oracle::DataCopyEnhancedParams params;
  readFieldsInto(reader, params);
  if (const json* mode = reader.optional("blockMode")) {
    params.blockMode = readEnumName(ctx, *mode, "enhancedParams.blockMode",
                                    std::array{BlockMode::normal, BlockMode::matrix, BlockMode::vector,
                                               BlockMode::smallChannel, BlockMode::depthwise});
  }
  if (const json* deq = reader.optional("deqScale")) {
    params.deqScale = readEnumName(ctx, *deq, "enhancedParams.deqScale",
                                   std::array{DeqScale::none, DeqScale::deq, DeqScale::vdeq, DeqScale::deq8,
                                              DeqScale::vdeq8, DeqScale::deq16, DeqScale::vdeq16});
  }
  if (const json* t = reader.optional("srcDType")) {
    params.srcDType = readName(ctx, *t, "enhancedParams.srcDType", oracle::parseDType, "int32_t, half, ...");
  }
  if (const json* tensor = reader.optional("deqTensor")) {
    params.deqTensor = readRawBitsArray(ctx, *tensor, "enhancedParams.deqTensor");
  }
  return params;
}

// fixpipe: the FIX call's state besides its params (srcDType, SetFixpipePreQuantFlag, SetFixPipeConfig tensor,
// SetFixpipeNz2ndFlag).
oracle::FixpipeState readFixpipe(const Context& ctx, const json& value) {
  std::vector<std::string_view> keys = keysOf<oracle::FixpipeState>();
  keys.erase(keys.begin());  // no "type"
  for (const char* k : {"srcDType", "quantScalar", "quantTensor", "layout", "nz2dn", "dualDstCtl"}) keys.push_back(k);
  const ObjectReader reader(ctx, value, "fixpipe", keys);
  oracle::FixpipeState state;
  readFieldsInto(reader, state);
  // FIX950-1 (project): a layout makes the case the 950's FixpipeParamsArch3510 call; nz2dn its Nz2DnParams
  if (const json* layout = reader.optional("layout")) {
    state.layout = readEnumName(ctx, *layout, "fixpipe.layout", std::to_array(oracle::kAllCo2Layouts));
  }
  if (const json* nz2dn = reader.optional("nz2dn")) {
    std::vector<std::string_view> dnKeys = keysOf<oracle::Nz2DnState>();
    dnKeys.erase(dnKeys.begin());  // no "type"
    const ObjectReader dnReader(ctx, *nz2dn, "fixpipe.nz2dn", dnKeys);
    readFieldsInto(dnReader, state.nz2dn);
  }
  // FIX950-9 (project): any uint8 is read, so the oracle names FIX950-9 for 3 and above (not a parse error)
  if (const json* dual = reader.optional("dualDstCtl")) state.dualDstCtl = readField<std::uint8_t>(ctx, *dual, "fixpipe.dualDstCtl");
  if (const json* t = reader.optional("srcDType")) {
    state.srcDType = readName(ctx, *t, "fixpipe.srcDType", oracle::parseDType, "float, int32_t");
  }
  if (const json* q = reader.optional("quantScalar")) state.quantScalar = readRawBits(ctx, *q, "fixpipe.quantScalar");
  if (const json* tensor = reader.optional("quantTensor")) state.quantTensor = readRawBitsArray(ctx, *tensor, "fixpipe.quantTensor");
  return state;
}

oracle::Profile readProfile(const Context& ctx, const json& value) {
  std::string spec;
  if (value.is_array()) {
    for (const json& word : value) spec += (spec.empty() ? "" : ",") + readString(ctx, word, "profile");
  } else {
    spec = readString(ctx, value, "profile");
  }
  const oracle::ProfileParse parsed = oracle::parseProfile(spec);
  if (!parsed.profile) ctx.fail("profile", value, parsed.error);
  return *parsed.profile;
}

// ---- buffers --------------------------------------------------------------------------------------------------

struct LoadedBuffer {
  oracle::BufferSpec spec;
  std::vector<std::uint8_t> bytes;
};

std::vector<std::uint8_t> readHexBuffer(const Context& ctx, const json& value, const std::string& field,
                                        std::uint64_t sizeBytes) {
  const std::string text = readString(ctx, value, field);
  const auto digits = countHexDigits(text);
  if (!digits) ctx.fail(field, "", "holds a character that is neither a hex digit nor white space");
  if (*digits != 2 * sizeBytes) {
    ctx.fail(field, "", "holds " + std::to_string(*digits) + " hex digits, size " + std::to_string(sizeBytes) +
                            " needs " + std::to_string(2 * sizeBytes));
  }
  return decodeHexBytes(text);
}

// "file" is relative to the case file's directory; its size is checked before anything is read.
std::vector<std::uint8_t> readFileBuffer(const Context& ctx, const json& value, const std::string& field,
                                         std::uint64_t sizeBytes, const fs::path& baseDir) {
  const std::string name = readString(ctx, value, field);
  const fs::path path = baseDir / name;
  std::error_code ec;
  const bool regular = fs::is_regular_file(path, ec);
  if (!regular) ctx.fail(field, name, "cannot read " + path.string() + ": " + (ec ? ec.message() : "not a regular file"));
  const std::uintmax_t fileBytes = fs::file_size(path, ec);
  if (ec) ctx.fail(field, name, "cannot read " + path.string() + ": " + ec.message());
  if (fileBytes != sizeBytes) {
    ctx.fail(field, name, "is " + std::to_string(fileBytes) + " bytes, size says " + std::to_string(sizeBytes));
  }
  std::vector<std::uint8_t> bytes(sizeBytes);
  std::ifstream in(path, std::ios::binary);
  in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(sizeBytes));
  if (!in || static_cast<std::uint64_t>(in.gcount()) != sizeBytes) {
    ctx.fail(field, name, "cannot read " + path.string() + " to the end");
  }
  return bytes;
}

std::uint8_t readFillByte(const Context& ctx, const json& value, const std::string& field) {
  const std::uint64_t bits = readRawBits(ctx, value, field);
  if (bits > 0xFF) ctx.fail(field, value, "a fill is one byte (0x00..0xff)");
  return static_cast<std::uint8_t>(bits);
}

// side is "src" or "dst"; only the destination may be a "fill" (the source's content is the test's input).
LoadedBuffer readBuffer(const Context& ctx, const json& value, const std::string& side, const fs::path& baseDir,
                        const LoadLimits& limits) {
  const bool fillAllowed = side == "dst";
  std::vector<std::string_view> keys{"size", "offset", "file", "hex"};
  if (fillAllowed) keys.push_back("fill");
  const ObjectReader reader(ctx, value, side, keys);
  LoadedBuffer buffer;
  const json& size = reader.required("size");
  buffer.spec.sizeBytes = readField<std::uint64_t>(ctx, size, reader.field("size"));
  // Before any allocation: the size is untrusted input.
  if (buffer.spec.sizeBytes > limits.maxBufferBytes) {
    ctx.fail(reader.field("size"), size, "over the buffer limit of " + std::to_string(limits.maxBufferBytes) + " bytes");
  }
  if (const json* offset = reader.optional("offset")) {
    buffer.spec.offsetBytes = readField<std::uint64_t>(ctx, *offset, reader.field("offset"));
  }
  const json* hex = reader.optional("hex");
  const json* file = reader.optional("file");
  const json* fill = fillAllowed ? reader.optional("fill") : nullptr;
  const int sources = (hex != nullptr) + (file != nullptr) + (fill != nullptr);
  if (sources != 1) {
    ctx.fail(side, "", std::string(sources == 0 ? "needs" : "takes only") + " one of \"file\", \"hex\"" +
                           (fillAllowed ? ", \"fill\"" : ""));
  }
  if (hex != nullptr) {
    buffer.bytes = readHexBuffer(ctx, *hex, reader.field("hex"), buffer.spec.sizeBytes);
  } else if (file != nullptr) {
    buffer.bytes = readFileBuffer(ctx, *file, reader.field("file"), buffer.spec.sizeBytes, baseDir);
  } else {
    buffer.bytes.assign(buffer.spec.sizeBytes, readFillByte(ctx, *fill, reader.field("fill")));
  }
  return buffer;
}

// ---- the case -------------------------------------------------------------------------------------------------

CaseData readCase(const Context& ctx, const json& root, const fs::path& baseDir, const LoadLimits& limits) {
  const ObjectReader reader(ctx, root, "",
                            {"schema", "description", "product", "api", "path", "dtype", "params", "padParams",
                             "nd2nzParams", "enhancedParams", "fixpipe", "padRegister", "paddingMode", "loopMode",
                             "atomic", "profile", "src", "dst"});
  const json& schema = reader.required("schema");
  if (readString(ctx, schema, "schema") != kCaseSchema) {
    ctx.fail("schema", schema, std::string("this reader understands ") + kCaseSchema + " only");
  }
  CaseData data;
  oracle::Case& c = data.c;
  if (const json* description = reader.optional("description")) {
    data.description = readString(ctx, *description, "description");
    if (data.description.size() > kMaxDescriptionBytes) {  // a 100 MB description was once accepted
      ctx.fail("description", std::to_string(data.description.size()) + " bytes",
               "longer than " + std::to_string(kMaxDescriptionBytes) + " bytes (a description is a note, not data)");
    }
  }
  if (const json* product = reader.optional("product")) c.product = readProduct(ctx, *product);
  c.api = readApi(ctx, reader.required("api"));
  std::tie(c.srcPos, c.dstPos) = readPath(ctx, reader.required("path"));
  c.dtype = readDType(ctx, reader.required("dtype"));
  c.params = readCopyParams(ctx, reader.required("params"), c.dtype);
  if (const json* pad = reader.optional("padParams")) c.padParams = readPadParams(ctx, *pad, c.dtype);
  if (const json* nd = reader.optional("nd2nzParams")) c.nd2nzParams = readNd2NzParams(ctx, *nd);
  if (const json* enh = reader.optional("enhancedParams")) c.enhancedParams = readEnhancedParams(ctx, *enh);
  if (const json* fix = reader.optional("fixpipe")) c.fixpipe = readFixpipe(ctx, *fix);
  if (const json* reg = reader.optional("padRegister")) c.padRegister = readRawBits(ctx, *reg, "padRegister");
  if (const json* mode = reader.optional("paddingMode")) {  // PAD-CMP-1: DataCopyPad<T, PaddingMode::Compact>
    c.paddingMode = readEnumName(ctx, *mode, "paddingMode",
                                 std::array{oracle::PaddingMode::normal, oracle::PaddingMode::compact});
  }
  if (const json* loop = reader.optional("loopMode")) c.loopMode = readLoopMode(ctx, *loop);
  if (const json* atomic = reader.optional("atomic")) {  // ATOM-1 (project): the SetAtomic* state
    const std::string text = readString(ctx, *atomic, "atomic");
    const auto op = oracle::parseAtomicOp(text);
    if (!op) ctx.fail("atomic", *atomic, "must be \"none\", \"add\", \"max\" or \"min\"");
    c.atomic = *op;
  }
  if (const json* profile = reader.optional("profile")) c.profile = readProfile(ctx, *profile);
  LoadedBuffer src = readBuffer(ctx, reader.required("src"), "src", baseDir, limits);
  LoadedBuffer dst = readBuffer(ctx, reader.required("dst"), "dst", baseDir, limits);
  c.src = src.spec;
  c.dst = dst.spec;
  data.src = std::move(src.bytes);
  data.dstBefore = std::move(dst.bytes);
  return data;
}

// nlohmann reports a byte offset; people want line and column.
std::string parseErrorPosition(const std::string& text, std::size_t byte) {
  std::size_t line = 1;
  std::size_t column = 1;
  for (std::size_t i = 0; i + 1 < byte && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

}  // namespace

LoadResult parseCase(const nlohmann::json& json, const fs::path& baseDir, const std::string& fileLabel,
                     const LoadLimits& limits) {
  try {
    return readCase(Context(fileLabel), json, baseDir, limits);
  } catch (const LoadFailure& failure) {
    return failure.error;
  } catch (const std::exception& e) {  // a library error we did not foresee still becomes one line
    return LoadError{fileLabel, "", "", std::string("internal error: ") + e.what()};
  }
}

LoadResult parseCaseWithoutBuffers(nlohmann::json json, const std::string& fileLabel) {
  if (!json.is_object()) return parseCase(json, "", fileLabel);
  std::uint64_t sizes[2] = {}, offsets[2] = {};
  const char* sides[2] = {"src", "dst"};
  for (int k = 0; k < 2; ++k) {
    nlohmann::json& side = json[sides[k]];
    if (!side.is_object()) return LoadError{fileLabel, sides[k], side.dump(), "expected an object with size and offset"};
    for (const char* key : {"size", "offset"}) {
      const auto found = side.find(key);
      if (found == side.end() || !found->is_number_unsigned()) {
        return LoadError{fileLabel, std::string(sides[k]) + "." + key,
                         found == side.end() ? "(missing)" : found->dump(), "expected a whole number"};
      }
    }
    sizes[k] = side["size"].get<std::uint64_t>();
    offsets[k] = side["offset"].get<std::uint64_t>();
    side = {{"size", 0}, {"offset", 0}, {"hex", ""}};  // no bytes: only the sizes are the case's
  }
  LoadResult loaded = parseCase(json, "", fileLabel);
  if (auto* data = std::get_if<CaseData>(&loaded)) {
    data->c.src.sizeBytes = sizes[0];
    data->c.src.offsetBytes = offsets[0];
    data->c.dst.sizeBytes = sizes[1];
    data->c.dst.offsetBytes = offsets[1];
  }
  return loaded;
}

LoadResult parseCaseText(const std::string& text, const fs::path& baseDir, const std::string& fileLabel,
                         const LoadLimits& limits) {
  // Depth first: nothing below may recurse on a nesting the file chose.
  if (std::string deep = jsonDepthError(text); !deep.empty()) return LoadError{fileLabel, "", "", "malformed JSON: " + deep};
  nlohmann::json json;
  try {
    json = parseJsonRejectingDuplicates(text);
  } catch (const DuplicateKey& e) {
    return LoadError{fileLabel, clipForMessage(e.key, 64), "", "malformed JSON: the key is given twice (which one counts?)"};
  } catch (const nlohmann::json::parse_error& e) {
    return LoadError{fileLabel, "", "",
                     "malformed JSON at " + parseErrorPosition(text, e.byte) + ": " + parseErrorExcerpt(e.what())};
  } catch (const nlohmann::json::exception& e) {  // e.g. out_of_range.406: a number such as 1e400 overflows a double
    const std::string what = e.what();
    const auto number = what.find("number overflow");
    return LoadError{fileLabel, "", "",
                     "malformed JSON: " + clipForMessage(number == std::string::npos ? what : what.substr(number), 80)};
  }
  return parseCase(json, baseDir, fileLabel, limits);
}

LoadResult loadCaseFile(const fs::path& path, const LoadLimits& limits) {
  const std::string label = path.string();
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) {
    return LoadError{label, "", "", "cannot read: " + (ec ? ec.message() : std::string("not a regular file"))};
  }
  // The case file itself is untrusted too: two inline buffers at the cap, as hex, plus room for the rest.
  const std::uintmax_t fileBytes = fs::file_size(path, ec);
  const std::uint64_t capBytes = limits.maxBufferBytes > (1ull << 60) ? ~0ull : 4 * limits.maxBufferBytes + (1u << 20);
  if (ec || fileBytes > capBytes) {
    return LoadError{label, "", "", ec ? "cannot read: " + ec.message() : "case file too large"};
  }
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in && !in.eof()) return LoadError{label, "", "", "cannot read to the end"};
  return parseCaseText(text.str(), path.parent_path(), label, limits);
}

}  // namespace dcconf::casefile
