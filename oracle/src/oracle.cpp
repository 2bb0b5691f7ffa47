// The dispatcher: resolve the operation, check support, constraints and bounds, then walk the path's writes.
#include "dcconf/oracle/oracle.hpp"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cstring>
#include <limits>

#include "dcconf/oracle/numeric.hpp"
#include "byte_scan.hpp"
#include "paths.hpp"

namespace dcconf::oracle {
namespace {

using detail::ByteSource;
using detail::PathSemantics;

const PathSemantics& semanticsOfCall(Operation operation) {
  switch (operation) {
    case Operation::padGmToUb: return detail::padGmToUbSemantics();
    case Operation::padUbToGm: return detail::padUbToGmSemantics();
    case Operation::padUbToTscm: return detail::padUbToTscmSemantics();
    case Operation::copy0Level: return detail::copy0LevelSemantics();
    case Operation::copy2Level: return detail::copy2LevelSemantics();
    case Operation::nd2nz: return detail::nd2nzSemantics();
    case Operation::nz2nd: return detail::nz2ndSemantics();
    case Operation::slice: return detail::sliceSemantics();
    case Operation::dn2nz: return detail::dn2nzSemantics();
    case Operation::enhancedNormal: return detail::enhancedNormalSemantics();
    case Operation::enhancedCo1ToCo2: return detail::enhancedCo1ToCo2Semantics();
    case Operation::fixpipe: return detail::fixpipeSemantics();
    case Operation::padCompactGmToUb: return detail::padCompactGmToUbSemantics();
    case Operation::padCompactUbToGm: return detail::padCompactUbToGmSemantics();
    case Operation::fixpipe950: return detail::fixpipe950Semantics();
    case Operation::nddma: return detail::nddmaSemantics();
    case Operation::nd2nzGmToUb: return detail::nd2nzGmToUbSemantics();
    case Operation::broadcastUbToL0c: return detail::broadcastUbToL0cSemantics();
  }
  assert(false && "every Operation has semantics");
  return detail::padGmToUbSemantics();
}

// A case in loop mode (LOOP) repeats its operation's call; resolveOperation admits it on the pad operations only.
const PathSemantics& semanticsOf(const Case& c, Operation operation) {
  if (c.atomic != AtomicOp::none) return detail::atomicSemantics();  // ATOM: resolveOperation admits UB->GM only
  return c.loopMode ? detail::loopModeSemantics() : semanticsOfCall(operation);
}

// G-5 for a local operand, then G-1/G-2: the buffer must hold [offset, offset + span).
void checkBuffer(std::vector<Violation>& out, const char* side, Position position, const BufferSpec& buffer,
                 std::uint64_t spanBytes, const char* footprintClause) {
  const std::string prefix(side);
  if (isLocal(position) && buffer.offsetBytes % kDataBlockBytes != 0) {
    out.push_back(detail::violation("G-5", prefix + ".offset", buffer.offsetBytes,
                                    std::string(name(position)) + " operand start must be 32-byte aligned"));
  }
  const bool overflows = buffer.offsetBytes > std::numeric_limits<std::uint64_t>::max() - spanBytes;
  if (overflows || buffer.offsetBytes + spanBytes > buffer.sizeBytes) {
    out.push_back(detail::violation(
        footprintClause, prefix + ".size", buffer.sizeBytes,
        prefix + " buffer too small: the copy " + (prefix == "src" ? "reads" : "writes") + " bytes [" +
            std::to_string(buffer.offsetBytes) + ", " +
            (overflows ? std::string("overflow") : std::to_string(buffer.offsetBytes + spanBytes)) + ")"));
  }
}

// Records every write of a walk (WriteSink's recording mode): the footprint always, the expectation when asked.
class Recorder final : public detail::WriteSink {
 public:
  Recorder(const Case& c, Expectation* expectation, std::span<const std::uint8_t> src)
      : WriteSink(c, expectation, src) {}

  Footprint footprint() const {
    const auto bytesOf = [](const auto& marks) {
      return std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(marks.data()), marks.size());
    };
    // With an expectation, a written byte is one whose region is not keep (Region::keep is 0).
    return {ranges(bytesOf(read_)), expectation_ != nullptr ? ranges(bytesOf(expectation_->region))
                                                            : ranges(bytesOf(written_))};
  }

 private:
  // The ranges of non-zero bytes, 32 bytes at a time where they are all zero or all marked (walks move 32-byte
  // blocks), byte by byte elsewhere.
  static std::vector<ByteRange> ranges(std::span<const std::uint8_t> marks) {
    std::vector<ByteRange> out;
    const auto mark = [&out](std::uint64_t begin, std::uint64_t end) {
      if (!out.empty() && out.back().end == begin) {
        out.back().end = end;
      } else {
        out.push_back({begin, end});
      }
    };
    const std::uint8_t* p = marks.data();
    const std::uint64_t n = marks.size();
    std::uint64_t i = 0;
    while (i < n) {
      if (i + 32 <= n) {
        const std::uint64_t w[4] = {detail::loadWord(p + i), detail::loadWord(p + i + 8), detail::loadWord(p + i + 16),
                                    detail::loadWord(p + i + 24)};
        if ((w[0] | w[1] | w[2] | w[3]) == 0) {
          i += 32;
          continue;
        }
        if (!detail::hasZeroByte(w[0]) && !detail::hasZeroByte(w[1]) && !detail::hasZeroByte(w[2]) &&
            !detail::hasZeroByte(w[3])) {
          mark(i, i + 32);
          i += 32;
          continue;
        }
      }
      for (const std::uint64_t stop = std::min(n, i + 32); i < stop; ++i) {
        if (p[i] != 0) mark(i, i + 1);
      }
    }
    return out;
  }
};

// Sparse mode: the ranges of the walk, the expectation over windows.
class SparseRecorder final : public detail::WriteSink {
 public:
  SparseRecorder(const Case& c, Expectation* expectation, std::span<const std::uint8_t> src,
                 detail::SparseState& state)
      : WriteSink(c, expectation, src, state) {}
  Footprint footprint() const { return {coalesced(sparse_->reads), coalesced(sparse_->writes)}; }

 private:
  static std::vector<ByteRange> coalesced(std::vector<ByteRange> ranges) {
    std::sort(ranges.begin(), ranges.end(), [](const ByteRange& a, const ByteRange& b) { return a.begin < b.begin; });
    std::vector<ByteRange> out;
    for (const ByteRange& r : ranges) {
      if (!out.empty() && r.begin <= out.back().end) {
        out.back().end = std::max(out.back().end, r.end);
      } else {
        out.push_back(r);
      }
    }
    return out;
  }
};

// Appends [begin, begin + size) to ranges in walk order, extending the last range where the walk continues it.
inline void appendRange(std::vector<ByteRange>& ranges, std::uint64_t begin, std::uint64_t size) {
  if (!ranges.empty()) {
    ByteRange& last = ranges.back();
    if (begin >= last.begin && begin <= last.end) {
      last.end = std::max(last.end, begin + size);
      return;
    }
  }
  ranges.push_back({begin, begin + size});
}

}  // namespace

namespace detail {

namespace {
// The read and written marks of the last recording sink on this thread, kept so that the next evaluation reuses
// their pages instead of faulting in fresh zeroed ones (a third of a large evaluation's time). A sink made while
// another one lives simply gets fresh vectors.
struct MarkScratch {
  std::vector<detail::Mark> read;
  std::vector<detail::Mark> written;
};
thread_local MarkScratch markScratch;
constexpr std::size_t kMaxKeptMarkBytes = 256u << 20;  // a huge one-off case does not pin its marks for good

using Marks = std::vector<detail::Mark>;
}  // namespace

WriteSink::WriteSink(const Case& c, Expectation* expectation, std::span<const std::uint8_t> src)
    : srcOffset_(c.src.offsetBytes),
      dstOffset_(c.dst.offsetBytes),
      read_(takeScratch(markScratch.read, c.src.sizeBytes, Mark::no)),
      written_(expectation == nullptr ? takeScratch(markScratch.written, c.dst.sizeBytes, Mark::no) : Marks{}),
      expectation_(expectation),
      src_(src) {}

WriteSink::WriteSink(const Case& c, Expectation* expectation, std::span<const std::uint8_t> src, SparseState& sparse)
    : srcOffset_(c.src.offsetBytes), dstOffset_(c.dst.offsetBytes), expectation_(expectation), src_(src),
      sparse_(&sparse) {}

void WriteSink::writeSparse(std::uint64_t dstByte, ByteSource source, Region region) {
  SparseState& s = *sparse_;
  const std::uint64_t d = dstOffset_ + dstByte;
  if (source.kind == ByteSource::Kind::source || source.kind == ByteSource::Kind::rectified) {
    assert((expectation_ == nullptr || srcOffset_ + source.srcByte < src_.size()) && "walk read outside its extents");
    appendRange(s.reads, srcOffset_ + source.srcByte, 1);
  }
  appendRange(s.writes, d, 1);
  if (expectation_ != nullptr) expectSparse(d, source, region);
}

void WriteSink::writeSparseSourceRun(std::uint64_t dstByte, std::uint64_t srcByte, std::uint64_t n, Region region) {
  SparseState& s = *sparse_;
  assert((expectation_ == nullptr || srcOffset_ + srcByte + n <= src_.size()) && "walk read outside its extents");
  appendRange(s.reads, srcOffset_ + srcByte, n);
  appendRange(s.writes, dstOffset_ + dstByte, n);
  if (expectation_ == nullptr) return;  // footprint only
  // a window's share of the run at once where none of its bytes is written yet; every other byte as one write
  Expectation& e = *expectation_;
  while (n > 0) {
    const std::uint64_t d = dstOffset_ + dstByte;
    const std::size_t w = windowOf(d);
    if (w == SIZE_MAX) {  // outside every window: counted byte by byte
      expectSparse(d, ByteSource::fromSource(srcByte), region);
      dstByte += 1, srcByte += 1, n -= 1;
      continue;
    }
    const std::uint64_t m = std::min(n, s.windows[w].end - d);
    const std::uint64_t at = s.windowStart[w] + (d - s.windows[w].begin);
    if (allZero({reinterpret_cast<const std::uint8_t*>(e.region.data() + at), m})) {
      std::memset(e.region.data() + at, static_cast<int>(region), m);
      std::memcpy(e.expected.data() + at, src_.data() + srcOffset_ + srcByte, m);
    } else {
      for (std::uint64_t k = 0; k < m; ++k) expectSparse(d + k, ByteSource::fromSource(srcByte + k), region);
    }
    dstByte += m, srcByte += m, n -= m;
  }
}

std::size_t WriteSink::windowOf(std::uint64_t d) {
  SparseState& s = *sparse_;
  // the last window, its successor, else a binary search
  const auto holds = [&](std::size_t k) { return k < s.windows.size() && s.windows[k].begin <= d && d < s.windows[k].end; };
  std::size_t w = s.lastWindow;
  if (holds(w)) return w;
  w = holds(w + 1) ? w + 1
                   : static_cast<std::size_t>(std::upper_bound(s.windows.begin(), s.windows.end(), d,
                                                               [](std::uint64_t v, const ByteRange& r) {
                                                                 return v < r.begin;
                                                               }) -
                                              s.windows.begin()) -
                         1;
  if (w >= s.windows.size() || !holds(w)) return SIZE_MAX;  // also w = -1 (before the first window)
  s.lastWindow = w;
  return w;
}

void WriteSink::expectSparse(std::uint64_t d, ByteSource source, Region region) {
  SparseState& s = *sparse_;
  const std::size_t w = windowOf(d);
  if (w == SIZE_MAX) {
    ++s.uncoveredWrites;
    return;
  }
  const std::uint64_t at = s.windowStart[w] + (d - s.windows[w].begin);
  Expectation& e = *expectation_;
  if (e.region[at] != Region::keep) {  // ND2NZ-4, as the dense path
    e.care[at] = 0;
    e.region[at] = Region::collision;
    return;
  }
  e.region[at] = region;
  switch (source.kind) {
    case ByteSource::Kind::source: e.expected[at] = src_[srcOffset_ + source.srcByte]; break;
    case ByteSource::Kind::literal: e.expected[at] = source.literal; break;
    case ByteSource::Kind::unspecified:
      assert(canBeUnspecified(region) && "an ANY byte names its reason (a region other than keep and data)");
      e.care[at] = 0;
      break;
    case ByteSource::Kind::rectified: writeRectified(at, source); break;
    case ByteSource::Kind::nanClass: markClass(at, source); break;
  }
}

void WriteSink::expectWork(std::uint64_t units, const std::string& what) const {
  if (units > workLeft_) throw WorkCapExceeded(workCapMessage(units, what));
}

void WriteSink::spendWork(std::uint64_t units) {
  if (units > workLeft_) {
    throw WorkCapExceeded(workCapMessage(maxWorkBytes() - workLeft_ + units, "destination bytes written, repeats counted"));
  }
  workLeft_ -= units;
  if (pollStop()) throw EvaluationStopped();
}

WriteSink::~WriteSink() {
  keepScratch(markScratch.read, read_, kMaxKeptMarkBytes);
  keepScratch(markScratch.written, written_, kMaxKeptMarkBytes);
}

void WriteSink::writeRectified(std::uint64_t d, ByteSource source) {
  const std::uint32_t s = sizeBytes(source.dtype);
  const std::uint64_t byteInElement = source.srcByte % s;
  const std::uint64_t elementStart = srcOffset_ + source.srcByte - byteInElement;
  const auto bits = rectifiedBits(source.dtype, loadElementBits(src_, elementStart, s));
  expectation_->care[d] = bits ? 1 : 0;
  expectation_->expected[d] = bits ? elementByte(*bits, byteInElement) : expectation_->expected[d];
  if (!bits) expectation_->region[d] = Region::special;  // AMB-16: max(NaN, 0), max(-0.0, 0)
}

void WriteSink::markClass(std::uint64_t d, ByteSource source) {
  expectation_->care[d] = 0;
  expectation_->region[d] = Region::special;  // AMB-16 (project): the payload is open, not the class
  if (source.srcByte == 0) expectation_->classes.push_back({d, source.dtype, ValueClass::nan});
}

void WriteSink::noteRead(ByteSource source) {
  if (source.kind != ByteSource::Kind::source && source.kind != ByteSource::Kind::rectified) return;
  if (workspace_ != nullptr) return;  // the workspace leg records no reads (ByteWriter::write)
  const std::uint64_t at = srcOffset_ + source.srcByte;
  if (sparse_ != nullptr) {
    appendRange(sparse_->reads, at, 1);
    return;
  }
  assert(at < read_.size() && "walk read outside its extents");
  read_[at] = Mark::yes;
}

std::optional<std::uint64_t> WriteSink::readElement(std::uint64_t srcByte, std::uint32_t size) {
  assert(workspace_ == nullptr && "the workspace leg reads no elements");
  if (sparse_ != nullptr) {
    appendRange(sparse_->reads, srcOffset_ + srcByte, size);
    if (expectation_ == nullptr) return std::nullopt;
    return loadElementBits(src_, srcOffset_ + srcByte, size);
  }
  for (std::uint32_t b = 0; b < size; ++b) {
    assert(srcOffset_ + srcByte + b < read_.size() && "walk read outside its extents");
    read_[srcOffset_ + srcByte + b] = Mark::yes;
  }
  if (expectation_ == nullptr) return std::nullopt;
  return loadElementBits(src_, srcOffset_ + srcByte, size);
}

const PathSemantics& singleCallSemantics(Operation operation) { return semanticsOfCall(operation); }

}  // namespace detail

namespace {
std::atomic<std::uint64_t> maxWork{kDefaultMaxWorkBytes};
std::atomic<StopPoll> stopPoll{nullptr};
}  // namespace

void setMaxWorkBytes(std::uint64_t bytes) { maxWork.store(std::max<std::uint64_t>(bytes, 1)); }
std::uint64_t maxWorkBytes() { return maxWork.load(std::memory_order_relaxed); }
void setStopPoll(StopPoll poll) { stopPoll.store(poll); }
bool pollStop() {
  const StopPoll poll = stopPoll.load(std::memory_order_relaxed);
  return poll != nullptr && poll();
}

std::string workCapMessage(std::uint64_t work, const std::string& what) {
  return "work = " + std::to_string(work) + " (" + what + "): above the cap of " + std::to_string(maxWorkBytes()) +
         " bytes walked by one evaluation (--max-work raises it)";
}

std::string_view name(Verdict verdict) {
  switch (verdict) {
    case Verdict::computed: return "computed";
    case Verdict::invalid: return "invalid";
    case Verdict::notSupported: return "not-supported";
    case Verdict::malformed: return "malformed";
  }
  return "?";
}

std::vector<Violation> validate(const Case& c) {
  const OperationResolution resolution = resolveOperation(c);
  if (!resolution.operation) return {{"CASE", "path", pathName(c.srcPos, c.dstPos), resolution.error}};
  const PathSemantics& semantics = semanticsOf(c, *resolution.operation);
  std::vector<Violation> out = semantics.check(c);  // constraints first
  if (!out.empty()) return out;
  const Extents e = semantics.extents(c);  // then bounds
  checkBuffer(out, "src", c.srcPos, c.src, e.srcSpanBytes, "G-2");
  checkBuffer(out, "dst", c.dstPos, c.dst, e.dstSpanBytes, "G-1");
  return out;
}

Extents extents(const Case& c) {
  const OperationResolution resolution = resolveOperation(c);
  assert(resolution.operation && "extents() needs a resolvable case");
  return semanticsOf(c, *resolution.operation).extents(c);
}

Footprint footprint(const Case& c) {
  const OperationResolution resolution = resolveOperation(c);
  assert(resolution.operation && validate(c).empty() && "footprint() needs a valid case");
  Recorder recorder(c, nullptr, {});
  semanticsOf(c, *resolution.operation).walk(c, recorder);
  return recorder.footprint();
}

namespace {
// evaluate()'s order of work up to the walk: resolve, buffer lengths, support (PROD), constraints and bounds.
// False with the verdict and violations set when the case is not computed.
bool passesGates(const Case& c, std::span<const std::uint8_t> src, std::span<const std::uint8_t> dstBefore,
                 Verdict& verdict, std::vector<Violation>& violations) {
  const OperationResolution resolution = resolveOperation(c);
  if (!resolution.operation) {
    verdict = Verdict::malformed;
    violations = {{"CASE", "path", pathName(c.srcPos, c.dstPos), resolution.error}};
    return false;
  }
  if (src.size() != c.src.sizeBytes || dstBefore.size() != c.dst.sizeBytes) {
    verdict = Verdict::malformed;
    violations = {{"CASE", src.size() != c.src.sizeBytes ? "src.size" : "dst.size",
                   std::to_string(src.size() != c.src.sizeBytes ? src.size() : dstBefore.size()),
                   "buffer length differs from the size the case declares"}};
    return false;
  }
  violations = checkSupport(c, *resolution.operation);
  if (!violations.empty()) {
    verdict = Verdict::notSupported;
    return false;
  }
  violations = validate(c);
  if (!violations.empty()) {
    verdict = Verdict::invalid;
    return false;
  }
  verdict = Verdict::computed;
  return true;
}
// AMB-16 (project): keeps a class constraint only where every byte of its element stayed an ANY value (AMB-16's
// special region, or AMB-39's x + 0 of a NaN); a later write, ND2NZ-4's collision or a layout reading that moves the
// element leaves no class to check; sorted by index.
void settleClasses(Expectation& e) {
  std::sort(e.classes.begin(), e.classes.end(),
            [](const ClassConstraint& a, const ClassConstraint& b) { return a.index < b.index; });
  std::vector<ClassConstraint> kept;
  for (const ClassConstraint& k : e.classes) {
    const std::uint64_t size = sizeBytes(k.dtype);
    bool whole = k.index + size <= e.care.size() && (kept.empty() || kept.back().index + sizeBytes(kept.back().dtype) <= k.index);
    for (std::uint64_t b = 0; whole && b < size; ++b) {
      const Region r = e.region[k.index + b];
      whole = e.care[k.index + b] == 0 && (r == Region::special || r == Region::ambiguous39);
    }
    if (whole) kept.push_back(k);
  }
  e.classes = std::move(kept);
}
}  // namespace

Evaluation evaluate(const Case& c, std::span<const std::uint8_t> src, std::span<const std::uint8_t> dstBefore) {
  Evaluation result;
  evaluate(c, src, dstBefore, result);
  return result;
}

void evaluate(const Case& c, std::span<const std::uint8_t> src, std::span<const std::uint8_t> dstBefore,
              Evaluation& result) {
  result.violations.clear();
  result.footprint = {};
  result.expectation.expected.clear();  // clear() keeps the capacity the next computed case reuses
  result.expectation.care.clear();
  result.expectation.region.clear();
  result.expectation.classes.clear();
  if (!passesGates(c, src, dstBefore, result.verdict, result.violations)) return;
  Expectation& e = result.expectation;
  e.expected.assign(dstBefore.begin(), dstBefore.end());  // KEEP is VALUE of the prior content
  e.care.assign(dstBefore.size(), 1);
  e.region.assign(dstBefore.size(), Region::keep);
  Recorder recorder(c, &e, src);
  semanticsOf(c, *resolveOperation(c).operation).walk(c, recorder);
  const ByteRange whole{0, dstBefore.size()};
  detail::applyAtomic(c, dstBefore, {&whole, 1}, e);  // ATOM-3: the prior content is an input
  detail::applyNd2NzUbToL1Values(c, {&whole, 1}, e);  // ND2NZ-8 (AMB-39)
  settleClasses(e);
  result.footprint = recorder.footprint();
}

// ---- sparse evaluation ----------------------------------------------------------------------------------------

Footprint sparseFootprint(const Case& c) {
  const OperationResolution resolution = resolveOperation(c);
  assert(resolution.operation && validate(c).empty() && "sparseFootprint() needs a valid case");
  detail::SparseState state;
  SparseRecorder recorder(c, nullptr, {}, state);
  semanticsOf(c, *resolution.operation).walk(c, recorder);
  return recorder.footprint();
}

std::vector<ByteRange> guardWindows(std::span<const ByteRange> writes, std::uint64_t guardBytes,
                                    std::uint64_t alignBytes, std::uint64_t bufferBytes) {
  assert(alignBytes != 0);
  std::vector<ByteRange> out;
  for (const ByteRange& r : writes) {
    const std::uint64_t begin = (r.begin > guardBytes ? r.begin - guardBytes : 0) / alignBytes * alignBytes;
    const std::uint64_t end = std::min(bufferBytes, alignUp(std::min(bufferBytes, r.end + guardBytes), alignBytes));
    if (begin >= end) continue;
    if (!out.empty() && begin <= out.back().end) {
      out.back().end = std::max(out.back().end, end);
    } else {
      out.push_back({begin, end});
    }
  }
  return out;
}

std::uint64_t WindowedEvaluation::indexOf(std::uint64_t b) const {
  std::uint64_t at = 0;
  for (const ByteRange& w : windows) {  // few windows: two blocks and their guards
    if (b >= w.begin && b < w.end) return at + (b - w.begin);
    at += w.end - w.begin;
  }
  return kNoMismatch;
}

void evaluateWindows(const Case& c, std::span<const std::uint8_t> src, std::span<const std::uint8_t> dstBefore,
                     std::span<const ByteRange> windows, WindowedEvaluation& result) {
  result.violations.clear();
  result.footprint = {};
  result.windows.assign(windows.begin(), windows.end());
  result.uncoveredWrites = 0;
  Expectation& e = result.expectation;
  e.expected.clear();
  e.care.clear();
  e.region.clear();
  e.classes.clear();
  if (!passesGates(c, src, dstBefore, result.verdict, result.violations)) return;
  detail::SparseState state;
  state.windows = result.windows;
  std::uint64_t total = 0;
  for (const ByteRange& w : result.windows) {
    assert(w.begin < w.end && w.end <= dstBefore.size() && "windows lie inside the destination");
    assert((&w == result.windows.data() || w.begin >= (&w - 1)->end) && "windows are sorted and disjoint");
    state.windowStart.push_back(total);
    total += w.end - w.begin;
    e.expected.insert(e.expected.end(), dstBefore.begin() + static_cast<std::ptrdiff_t>(w.begin),
                      dstBefore.begin() + static_cast<std::ptrdiff_t>(w.end));  // KEEP is the prior content
  }
  e.care.assign(total, 1);
  e.region.assign(total, Region::keep);
  SparseRecorder recorder(c, &e, src, state);
  semanticsOf(c, *resolveOperation(c).operation).walk(c, recorder);
  detail::applyAtomic(c, dstBefore, result.windows, e);  // ATOM-3
  detail::applyNd2NzUbToL1Values(c, result.windows, e);  // ND2NZ-8 (AMB-39)
  settleClasses(e);
  result.footprint = recorder.footprint();
  result.uncoveredWrites = state.uncoveredWrites;
}

}  // namespace dcconf::oracle
