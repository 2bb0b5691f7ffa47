// dcconf._core: the oracle, the case file contract, the run diff and the property generators, for Python.
// Thin: every rule lives in the C++ libraries; this file only converts. Buffers cross as contiguous uint8 arrays
// (the Python side makes a byte view of any dtype), results come back as numpy arrays that own their memory.
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include "dcconf/casefile/casefile.hpp"
#include "dcconf/casefile/result.hpp"
#include "dcconf/oracle/alternatives.hpp"
#include "dcconf/oracle/numeric.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "dcconf/oracle/work.hpp"
#include "dcconf/properties/generators.hpp"
#include "dcconf/properties/minimise.hpp"
#include "dcconf/run/diff.hpp"

namespace py = pybind11;
using namespace dcconf;

namespace {

// A load error of the case format (docs/case-format.md): becomes dcconf.CaseFormatError on the Python side.
struct FormatError {
  casefile::LoadError error;
};

std::span<const std::uint8_t> bytesOf(const py::buffer& buffer, const char* what) {
  const py::buffer_info info = buffer.request();
  if (info.ndim != 1 || info.itemsize != 1 || (info.size > 0 && info.strides[0] != 1)) {
    throw py::value_error(std::string(what) + ": expected a contiguous 1-d uint8 view");
  }
  return {static_cast<const std::uint8_t*>(info.ptr), static_cast<std::size_t>(info.size)};
}

// A numpy array that owns the vector's memory (no copy).
template <typename T>
py::array_t<T> toArray(std::vector<T>&& values) {
  auto* owned = new std::vector<T>(std::move(values));
  py::capsule free(owned, [](void* p) { delete static_cast<std::vector<T>*>(p); });
  return py::array_t<T>({static_cast<py::ssize_t>(owned->size())}, {static_cast<py::ssize_t>(sizeof(T))},
                        owned->data(), free);
}

py::array boolArray(std::vector<std::uint8_t>&& care) {
  return toArray(std::move(care)).attr("view")(py::dtype("bool"));  // 0/1 bytes: the same memory as numpy bool
}

// The case (JSON text without buffer contents) with the caller's buffers: sizes come from the arrays.
casefile::CaseData parseWithBuffers(const std::string& caseText, std::span<const std::uint8_t> src,
                                    std::span<const std::uint8_t> dst) {
  nlohmann::json json = nlohmann::json::parse(caseText);
  for (auto [key, bytes] : {std::pair{"src", src}, std::pair{"dst", dst}}) {
    nlohmann::json buffer = nlohmann::json::object();
    buffer["size"] = 0;
    // the offset as given, so that the case file's range check refuses 2**64 or -1 instead of a wrapped value
    const nlohmann::json& given = json[key];
    buffer["offset"] = given.is_object() && given.contains("offset") ? given["offset"] : nlohmann::json(0);
    buffer[std::string(key) == "src" ? "hex" : "fill"] = std::string(key) == "src" ? nlohmann::json("") : nlohmann::json(0);
    json[key] = buffer;
  }
  // Sizes 0 parse without allocating; the real sizes and bytes are the arrays'.
  casefile::LoadResult loaded = casefile::parseCase(json, ".", "<case>");
  if (auto* error = std::get_if<casefile::LoadError>(&loaded)) throw FormatError{*error};
  auto data = std::get<casefile::CaseData>(std::move(loaded));
  data.c.src.sizeBytes = src.size();
  data.c.dst.sizeBytes = dst.size();
  data.src.assign(src.begin(), src.end());
  data.dstBefore.assign(dst.begin(), dst.end());
  return data;
}

void applyOverrides(oracle::Case& c, const std::string& product, const std::string& profile) {
  if (!product.empty()) {
    const auto parsed = oracle::parseProduct(product);
    if (!parsed) throw py::value_error("product: unknown product '" + product + "' (see dcconf list)");
    c.product = *parsed;
  }
  if (!profile.empty()) {
    const auto parsed = oracle::parseProfile(profile);
    if (!parsed.profile) throw py::value_error("profile: " + parsed.error);
    c.profile = *parsed.profile;
  }
}

py::list violationsList(const std::vector<oracle::Violation>& violations) {
  py::list out;
  for (const auto& v : violations) out.append(py::make_tuple(v.clause, v.field, v.value, v.message, oracle::describe(v)));
  return out;
}

py::list rangesList(const std::vector<oracle::ByteRange>& ranges) {
  py::list out;
  for (const auto& r : ranges) out.append(py::make_tuple(r.begin, r.end));
  return out;
}

std::string operationName(const oracle::Case& c) {
  const auto resolved = oracle::resolveOperation(c);
  return resolved.operation ? std::string(oracle::name(*resolved.operation)) : std::string();
}

// G-6: the open alternatives of a computed case: the ambiguity ids and one dict per distinct whole reading (its
// combinations' profile words and its expected/care arrays).
py::dict alternativesDict(const casefile::CaseData& data, const oracle::Expectation& base) {
  const oracle::Alternatives a = oracle::alternatives(data.c, data.src, data.dstBefore, base);
  py::list readings;
  for (oracle::WholeReading& reading : oracle::distinctReadings(a, base)) {
    py::list words;
    for (const std::size_t m : reading.combinations) words.append(a.words(m));
    readings.append(py::dict(py::arg("combinations") = words, py::arg("expected") = toArray(std::move(reading.expected)),
                             py::arg("care") = boolArray(std::move(reading.care))));
  }
  py::dict out;
  out["ambiguities"] = a.ambIds;
  out["readings"] = readings;
  return out;
}

// The alternatives of a case, computed apart from evaluate (2^k more evaluations: only when asked for).
py::object alternativesOf(const std::string& caseText, const py::buffer& srcBuffer, const py::buffer& dstBuffer,
                          const std::string& product, const std::string& profile) {
  casefile::CaseData data = parseWithBuffers(caseText, bytesOf(srcBuffer, "src"), bytesOf(dstBuffer, "dst_before"));
  applyOverrides(data.c, product, profile);
  const oracle::Evaluation e = oracle::evaluate(data.c, data.src, data.dstBefore);
  if (e.verdict != oracle::Verdict::computed) return py::none();
  return alternativesDict(data, e.expectation);
}

py::dict evaluateCase(const std::string& caseText, const py::buffer& srcBuffer, const py::buffer& dstBuffer,
                      const std::string& product, const std::string& profile) {
  casefile::CaseData data = parseWithBuffers(caseText, bytesOf(srcBuffer, "src"), bytesOf(dstBuffer, "dst_before"));
  applyOverrides(data.c, product, profile);
  oracle::Evaluation e;
  {
    py::gil_scoped_release release;
    e = oracle::evaluate(data.c, data.src, data.dstBefore);
  }
  py::dict out;
  out["verdict"] = std::string(oracle::name(e.verdict));
  out["operation"] = operationName(data.c);
  out["product"] = std::string(oracle::name(data.c.product));
  out["profile"] = oracle::profileName(data.c.profile);
  out["violations"] = violationsList(e.violations);
  out["reads"] = rangesList(e.footprint.reads);
  out["writes"] = rangesList(e.footprint.writes);
  if (e.verdict == oracle::Verdict::computed) {
    py::dict unspecified;
    const auto byRegion = oracle::unspecifiedBytesByRegion(e.expectation);
    for (std::size_t r = 0; r < byRegion.size(); ++r) {
      if (byRegion[r] != 0) unspecified[py::str(std::string(oracle::whyUnspecified(static_cast<oracle::Region>(r))))] = byRegion[r];
    }
    out["unspecified"] = unspecified;
    // G-6: whether an open alternatives ambiguity left a byte ANY (else alternatives() is empty: nothing to compute)
    bool open = false;
    for (std::size_t i = 0; i < e.expectation.care.size() && !open; ++i) {
      const int id = oracle::ambiguityId(e.expectation.region[i]);
      open = e.expectation.care[i] == 0 && id != 0 && oracle::isAlternatives(id) && oracle::leavesOpen(data.c.profile, id);
    }
    out["open_alternatives"] = open;
    std::vector<std::uint8_t> region(e.expectation.region.size());
    std::memcpy(region.data(), e.expectation.region.data(), region.size());
    py::list nans;  // AMB-16 (project): elements whose bytes are ANY but whose value must be a NaN of the dtype
    for (const auto& k : e.expectation.classes) nans.append(py::make_tuple(k.index, std::string(oracle::name(k.dtype))));
    out["nan_elements"] = nans;
    out["expected"] = toArray(std::move(e.expectation.expected));
    out["care"] = boolArray(std::move(e.expectation.care));
    out["region"] = toArray(std::move(region));
  }
  return out;
}

py::dict diffCase(const std::string& caseText, const py::buffer& srcBuffer, const py::buffer& dstBuffer,
                  const py::buffer& actualBuffer, std::size_t maxLines, const std::string& product,
                  const std::string& profile) {
  casefile::CaseData data = parseWithBuffers(caseText, bytesOf(srcBuffer, "src"), bytesOf(dstBuffer, "dst_before"));
  applyOverrides(data.c, product, profile);
  const auto actual = bytesOf(actualBuffer, "actual");
  const oracle::Evaluation e = oracle::evaluate(data.c, data.src, data.dstBefore);
  if (e.verdict != oracle::Verdict::computed) throw py::value_error("check: the case is " + std::string(oracle::name(e.verdict)));
  if (actual.size() != data.dstBefore.size()) {
    throw py::value_error("actual: is " + std::to_string(actual.size()) + " bytes, the destination is " +
                          std::to_string(data.dstBefore.size()));
  }
  const run::MismatchReport report = run::describeMismatches(data.c, e, actual, maxLines);
  py::dict out;
  // G-6: matching every cared byte is not enough when alternatives are open: one whole reading must explain them.
  py::dict followed;
  out["mix"] = "";
  if (report.mismatchedBytes == 0) {
    const oracle::Alternatives a = oracle::alternatives(data.c, data.src, data.dstBefore, e.expectation);
    if (!a.empty()) {
      const oracle::Consistency k = oracle::consistentCombinations(a, actual);
      if (k.consistent.none()) {
        out["mix"] = oracle::describeConflict(a, k, actual);
      } else {
        for (std::size_t i = 0; i < a.ambIds.size(); ++i) {
          const unsigned bits = oracle::readingsOf(a, k.consistent, i);
          const oracle::ReadingWords w = oracle::readingWords(a.ambIds[i]);
          py::list words;
          if ((bits & 1u) != 0) words.append(std::string(w.first));
          if ((bits & 2u) != 0) words.append(std::string(w.second));
          followed[py::str("AMB-" + std::to_string(a.ambIds[i]))] = words;
        }
      }
    }
  }
  out["readings"] = followed;
  out["mismatched_bytes"] = report.mismatchedBytes;
  out["first_byte"] = report.firstByte == oracle::kNoMismatch ? py::object(py::none()) : py::int_(report.firstByte);
  out["clause"] = report.clause;
  out["summary"] = report.summary;
  out["lines"] = report.lines;
  return out;
}

// Spans from the parameters alone: buffers as large as they could be, so only support and the constraints can
// fail. Returns ((srcSpan, dstSpan) or None, violations, verdict), checked in the oracle's order.
py::tuple extentsOf(const std::string& caseText, const std::string& product, const std::string& profile) {
  casefile::CaseData data = parseWithBuffers(caseText, {}, {});
  applyOverrides(data.c, product, profile);
  data.c.src.sizeBytes = data.c.dst.sizeBytes = std::numeric_limits<std::uint64_t>::max() / 4;
  const auto resolved = oracle::resolveOperation(data.c);
  if (!resolved.operation) {
    return py::make_tuple(py::none(), violationsList({{"CASE", "api", "", resolved.error}}), "malformed");
  }
  const auto unsupported = oracle::checkSupport(data.c, *resolved.operation);
  if (!unsupported.empty()) return py::make_tuple(py::none(), violationsList(unsupported), "not-supported");
  // FIX950-9: a two-UB buffer's size must be even; its span then runs from the offset to the end of the second half
  const bool dual = oracle::isDualDestination(data.c);
  if (dual) data.c.dst.sizeBytes &= ~std::uint64_t{1};
  const auto violations = oracle::validate(data.c);
  if (!violations.empty()) return py::make_tuple(py::none(), violationsList(violations), "invalid");
  if (dual) data.c.dst.sizeBytes = 0;  // extents() then gives one half's span
  const oracle::Extents x = oracle::extents(data.c);
  const std::uint64_t dstSpan = dual ? data.c.dst.offsetBytes + 2 * x.dstSpanBytes : x.dstSpanBytes;
  return py::make_tuple(py::make_tuple(x.srcSpanBytes, dstSpan), py::list(), "computed");
}

// A case file (path) or text -> (canonical JSON text with inline buffers, src, dst_before, description).
py::tuple loadCase(const std::string& textOrPath, bool isPath, const std::string& baseDir, std::uint64_t maxBufferBytes) {
  casefile::LoadLimits limits;
  limits.maxBufferBytes = maxBufferBytes;
  casefile::LoadResult loaded = isPath ? casefile::loadCaseFile(textOrPath, limits)
                                       : casefile::parseCaseText(textOrPath, baseDir, "<json>", limits);
  if (auto* error = std::get_if<casefile::LoadError>(&loaded)) throw FormatError{*error};
  auto data = std::get<casefile::CaseData>(std::move(loaded));
  nlohmann::json json = casefile::toJson(data);
  for (const char* key : {"src", "dst"}) json[key].erase("hex");
  return py::make_tuple(json.dump(), toArray(std::move(data.src)), toArray(std::move(data.dstBefore)));
}

// dcconf.vectors lint: a vector's case (its src/dst naming files) read by the case file's parser, as `dcconf vectors
// lint` reads it; None, or (field, value, why) of the first refusal.
py::object checkCaseFields(const std::string& caseText) {
  nlohmann::json json = nlohmann::json::parse(caseText);
  for (const char* key : {"src", "dst"}) {
    if (!json.contains(key) || !json[key].is_object()) continue;
    for (const char* content : {"file", "hex", "fill"}) json[key].erase(content);  // the sizes are checked apart
  }
  const casefile::LoadResult loaded = casefile::parseCaseWithoutBuffers(std::move(json), "<case>");
  if (const auto* error = std::get_if<casefile::LoadError>(&loaded)) return py::make_tuple(error->field, error->value, error->message);
  return py::none();
}

std::string caseToJson(const std::string& caseText, const py::buffer& srcBuffer, const py::buffer& dstBuffer) {
  const casefile::CaseData data = parseWithBuffers(caseText, bytesOf(srcBuffer, "src"), bytesOf(dstBuffer, "dst_before"));
  return casefile::toJsonText(data);
}

// ---- property generators ---------------------------------------------------------------------------------------

properties::Scope scopeOf(const std::string& product, const std::string& dtype, const std::string& pathGlob,
                          const std::string& profile) {
  properties::Scope scope;
  if (!product.empty()) {
    scope.product = oracle::parseProduct(product);
    if (!scope.product) throw py::value_error("product: unknown product '" + product + "'");
  }
  if (!dtype.empty()) {
    const auto parsed = oracle::parseDType(dtype);
    if (!parsed) throw py::value_error("dtype: unknown dtype '" + dtype + "'");
    scope.dtypes = {*parsed};
  }
  scope.pathGlob = pathGlob.empty() ? "*" : pathGlob;
  if (!profile.empty()) {
    const auto parsed = oracle::parseProfile(profile);
    if (!parsed.profile) throw py::value_error("profile: " + parsed.error);
    scope.profile = parsed.profile;
  }
  return scope;
}

oracle::Operation operationOf(const std::string& key) {
  const auto operation = oracle::parseOperationKey(key);
  if (!operation) throw py::value_error("operation: unknown operation '" + key + "'");
  return *operation;
}

std::string caseText(const casefile::CaseData& data) { return casefile::toJsonText(data); }

// The case the generator draws for (seed, size); with fails, the greedy shrink toward a minimal failing case:
// the first simpler candidate that still fails replaces the current one (as RapidCheck's own search does).
py::tuple drawCase(const std::string& operationKey, const std::string& product, const std::string& dtype,
                   const std::string& pathGlob, const std::string& profile, std::uint64_t seed, int size,
                   const std::function<bool(const std::string&)>& fails, std::uint32_t maxTries) {
  const properties::Scope scope = scopeOf(product, dtype, pathGlob, profile);
  const oracle::Operation operation = operationOf(operationKey);
  if (!properties::scopeHasCases(operation, scope)) return py::make_tuple(py::none(), 0);
  auto shrinkable = properties::genCase(operation, scope)(rc::Random(seed), size);
  std::uint32_t steps = 0;
  if (fails) {
    std::uint32_t tries = 0;
    bool progressed = true;
    while (progressed && tries < maxTries) {
      progressed = false;
      auto shrinks = shrinkable.shrinks();
      while (auto candidate = shrinks.next()) {
        if (++tries > maxTries) break;
        if (fails(caseText(candidate->value().data))) {
          shrinkable = std::move(*candidate);
          ++steps;
          progressed = true;
          break;
        }
      }
    }
    // then each integer field down to its smallest failing value (the shrink tree alone stops at, e.g., 63)
    if (tries < maxTries) {
      const properties::Minimised minimised = properties::minimiseIntegerFields(
          shrinkable.value().data, [&](const casefile::CaseData& data) { return fails(caseText(data)); },
          maxTries - tries);
      if (minimised.steps > 0) return py::make_tuple(caseText(minimised.data), steps + minimised.steps);
    }
  }
  return py::make_tuple(caseText(shrinkable.value().data), steps);
}

// A case with exactly one constraint broken (G-4), the clause and field the oracle must name, and the writes of
// the valid case it was broken from (what an implementation that runs it anyway may touch).
py::tuple drawInvalidCase(const std::string& operationKey, const std::string& product, const std::string& dtype,
                          const std::string& pathGlob, const std::string& profile, std::uint64_t seed, int size) {
  const properties::Scope scope = scopeOf(product, dtype, pathGlob, profile);
  const oracle::Operation operation = operationOf(operationKey);
  if (!properties::scopeHasCases(operation, scope)) return py::make_tuple(py::none(), "", "", "", py::list(), 0);
  try {
    const auto shrinkable = properties::genInvalidCase(operation, scope)(rc::Random(seed), size);
    const properties::InvalidCase& invalid = shrinkable.value();
    py::list writes;
    if (oracle::validate(invalid.validBase).empty()) writes = rangesList(oracle::footprint(invalid.validBase).writes);
    return py::make_tuple(caseText(invalid.data), invalid.clause, invalid.field, invalid.how, writes,
                          invalid.validBase.dst.offsetBytes);
  } catch (const std::exception&) {  // no break of this operation fits the scope (a generator's suchThat gave up)
    return py::make_tuple(py::none(), "", "", "", py::list(), 0);
  }
}

py::list supportRows(const std::string& product) {
  const auto& table = oracle::supportTable();
  if (!table.table) throw std::runtime_error("the product table does not parse: " + table.error);
  py::list out;
  for (const auto& row : table.table->rows) {
    if (!product.empty() && oracle::name(row.product) != product) continue;
    py::list paths;
    for (const auto& p : row.paths) paths.append(oracle::pathName(p.src, p.dst));
    py::list dtypes;
    for (const auto d : row.dtypes) dtypes.append(std::string(oracle::name(d)));
    out.append(py::dict(py::arg("product") = std::string(oracle::name(row.product)),
                        py::arg("operation") = std::string(oracle::key(row.operation)),
                        py::arg("name") = std::string(oracle::name(row.operation)),
                        py::arg("family") = std::string(oracle::clauseFamily(row.operation)),
                        py::arg("generator") = properties::hasGenerator(row.operation), py::arg("paths") = paths,
                        py::arg("dtypes") = dtypes));
  }
  return out;
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "dcconf's C++ oracle, case format, diff and generators (use the dcconf package, not this module)";
  static py::exception<std::runtime_error> formatError(m, "_FormatError", PyExc_ValueError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const FormatError& e) {
      py::object args = py::make_tuple(e.error.oneLine(), e.error.file, e.error.field, e.error.value, e.error.message);
      PyErr_SetObject(formatError.ptr(), args.ptr());
    } catch (const nlohmann::json::exception& e) {
      py::object args = py::make_tuple(std::string("<json>: ") + e.what(), "<json>", "", "", e.what());
      PyErr_SetObject(formatError.ptr(), args.ptr());
    } catch (const oracle::WorkCapExceeded& e) {  // as `dcconf case` refuses it (exit 4): a CaseFormatError
      py::object args = py::make_tuple(std::string("<case>: ") + e.what(), "<case>", "work", "", e.what());
      PyErr_SetObject(formatError.ptr(), args.ptr());
    } catch (const oracle::EvaluationStopped&) {  // the poll below saw Ctrl-C: its KeyboardInterrupt is pending
      if (PyErr_Occurred() == nullptr) PyErr_SetNone(PyExc_KeyboardInterrupt);
    }
  });
  // Ctrl-C inside a long evaluation (work.hpp): the walk polls every few MiB; Python's handlers run here.
  oracle::setStopPoll([] {
    py::gil_scoped_acquire gil;
    return PyErr_CheckSignals() != 0;
  });
  m.def("set_max_work", &oracle::setMaxWorkBytes, py::arg("bytes"));
  m.def("max_work", &oracle::maxWorkBytes);
  m.def("evaluate", &evaluateCase, py::arg("case_text"), py::arg("src"), py::arg("dst"), py::arg("product") = "",
        py::arg("profile") = "");
  m.def("alternatives", &alternativesOf, py::arg("case_text"), py::arg("src"), py::arg("dst"), py::arg("product") = "",
        py::arg("profile") = "");
  m.def("diff", &diffCase, py::arg("case_text"), py::arg("src"), py::arg("dst"), py::arg("actual"),
        py::arg("max_lines") = 8, py::arg("product") = "", py::arg("profile") = "");
  m.def("extents", &extentsOf, py::arg("case_text"), py::arg("product") = "", py::arg("profile") = "");
  m.def("load_case", &loadCase, py::arg("text_or_path"), py::arg("is_path"), py::arg("base_dir") = ".",
        py::arg("max_buffer_bytes") = std::uint64_t{256} << 20);
  m.def("check_case_fields", &checkCaseFields, py::arg("case_text"));
  m.def("case_to_json", &caseToJson, py::arg("case_text"), py::arg("src"), py::arg("dst"));
  m.def("draw", &drawCase, py::arg("operation"), py::arg("product"), py::arg("dtype"), py::arg("path_glob"),
        py::arg("profile"), py::arg("seed"), py::arg("size"), py::arg("fails") = nullptr, py::arg("max_tries") = 2000);
  m.def("draw_invalid", &drawInvalidCase, py::arg("operation"), py::arg("product"), py::arg("dtype"),
        py::arg("path_glob"), py::arg("profile"), py::arg("seed"), py::arg("size"));
  m.def("support", &supportRows, py::arg("product") = "");
  m.def("region_names", [] {
    py::list names;
    for (std::size_t r = 0; r < oracle::kRegionCount; ++r) {
      names.append(std::string(oracle::name(static_cast<oracle::Region>(r))));
    }
    return names;
  });
  m.def("encode_quant_param", &oracle::encodeQuantParam, py::arg("scale"), py::arg("n") = 0, py::arg("mcb") = false,
        py::arg("offset_bits") = 0, py::arg("signed_result") = false);
  m.def("encode_number", [](const std::string& dtype, double value) {
    const auto parsed = oracle::parseDType(dtype);
    if (!parsed) throw py::value_error("dtype: unknown dtype '" + dtype + "'");
    const auto encoded = oracle::encodeNumber(*parsed, value);
    if (!encoded.ok) throw py::value_error(encoded.error);
    return encoded.bits;
  });
  m.def("dtypes", [] {
    py::list out;
    for (const auto& d : oracle::allDTypes()) out.append(py::make_tuple(std::string(d.name), d.sizeBytes, d.isFloat, d.isSigned));
    return out;
  });
}
