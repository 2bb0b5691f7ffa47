// Internal contract between the dispatcher (oracle.cpp) and the one-file-per-path semantics.
// A path describes its writes as a walk: for each destination byte it emits where the value comes from. The same
// walk yields the footprint and the expectation, so the two can never disagree.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dcconf/oracle/case.hpp"
#include "dcconf/oracle/expectation.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "dcconf/oracle/work.hpp"
#include "byte_scan.hpp"

namespace dcconf::oracle::detail {

struct ByteSource {
  // rectified: byte srcByte of max(x, 0) where x is the source element of type dtype holding that byte (ENH-3
  // isRelu); the element starts at a multiple of sizeof(dtype) from the copy's source start.
  // nanClass: ANY, but the element is a NaN of dtype (AMB-16 (project): the payload is open, not the class).
  enum class Kind : std::uint8_t { source, literal, unspecified, rectified, nanClass };
  // srcByte first: 16 bytes, passed in two registers per written byte (24 with the padding kind-first left).
  std::uint64_t srcByte = 0;  // Kind::source, Kind::rectified: byte index from the copy's source start;
                              // Kind::nanClass: the byte's index in its element
  Kind kind = Kind::unspecified;
  std::uint8_t literal = 0;   // Kind::literal
  DType dtype = DType::uint8_t;  // Kind::rectified, Kind::nanClass

  static ByteSource fromSource(std::uint64_t byte) { return {byte, Kind::source, 0, DType::uint8_t}; }
  static ByteSource fromLiteral(std::uint8_t value) { return {0, Kind::literal, value, DType::uint8_t}; }
  static ByteSource rectified(std::uint64_t byte, DType dtype) { return {byte, Kind::rectified, 0, dtype}; }
  static ByteSource any() { return {}; }
  static ByteSource nanClass(std::uint32_t byteInElement, DType dtype) {
    return {byteInElement, Kind::nanClass, 0, dtype};
  }
};
static_assert(sizeof(ByteSource) == 16);

// ENH-3 / FIX-6 ReLU of one element's raw bits: the result bits, or nullopt where the sources do not pin the
// result down (NaN, and -0.0 whose max with 0 may be either zero).
std::optional<std::uint64_t> rectifiedBits(DType dtype, std::uint64_t bits);

// Destination byte indices are from the copy's destination start. A concrete class, not an interface: walks call
// write() once per destination byte, and only an inlined call lets them stay byte by byte and still make large
// goldens quickly (a virtual call per byte held the oracle near 30 MB/s). Two modes: recording the
// footprint and, given an expectation, every byte's value (oracle.cpp's Recorder); or keeping the byte sources of
// a workspace (PAD-U2L1's first leg, pad_ub_to_tscm.cpp).
// A read or written mark: an enum, not a char type, so that storing one does not make the compiler reload every
// member of the sink per byte (a char store may alias anything).
enum class Mark : std::uint8_t { no = 0, yes = 1 };

// Sparse mode (buffers of up to 2^40 bytes that mostly do not exist): no array is sized by the buffers.
// Reads and writes are kept as ranges in walk order (sorted and coalesced at the end); with windows, the
// expectation holds only the windows' bytes, concatenated in window order.
struct SparseState {
  std::vector<ByteRange> reads;   // buffer coordinates
  std::vector<ByteRange> writes;  // buffer coordinates
  std::span<const ByteRange> windows;      // sorted, disjoint destination windows (buffer coordinates)
  std::vector<std::uint64_t> windowStart;  // index in the expectation of each window's first byte
  std::size_t lastWindow = 0;              // walks write mostly forward: the window of the last write first
  std::uint64_t uncoveredWrites = 0;       // writes outside every window (the caller's windows are too small)
};

// Per-thread scratch vectors (the read and written marks, the UB->TSCM workspace): the next evaluation on the thread
// reuses their pages instead of faulting in fresh zeroed ones. takeScratch hands out the kept vector
// filled to size; keepScratch keeps the larger of the two if it holds at most maxEntries (a huge one-off case
// does not pin its memory for good).
template <class T>
std::vector<T> takeScratch(std::vector<T>& scratch, std::uint64_t size, T fill) {
  std::vector<T> taken = std::move(scratch);
  taken.assign(size, fill);
  return taken;
}
template <class T>
void keepScratch(std::vector<T>& scratch, std::vector<T>& used, std::size_t maxEntries) {
  if (used.capacity() <= maxEntries && used.capacity() > scratch.capacity()) scratch = std::move(used);
}

class WriteSink {
 public:
  // One destination byte. A walk that writes many bytes goes through a ByteWriter instead (same effect).
  void write(std::uint64_t dstByte, ByteSource source, Region region);
  // FIX: an element the walk computes with (bytes [srcByte, srcByte + size) from the copy's source start, marked as
  // read). nullopt when the sink only records the footprint: the walk then emits anything for the value.
  std::optional<std::uint64_t> readElement(std::uint64_t srcByte, std::uint32_t size);
  // A source byte some reading moves to a destination byte the readings disagree on (written ANY, readings.hpp): it
  // is still read, so G-2's footprint and the sparse lane's seeded windows hold it (each reading's alternative is
  // evaluated from it, G-6). No-op for a byte not from the source.
  void noteRead(ByteSource source);
  // LOOP-3: the walks of one loop iteration see its source and destination starts as the copy's own.
  void shiftStarts(std::uint64_t srcBytes, std::uint64_t dstBytes) {
    srcOffset_ += srcBytes;
    dstOffset_ += dstBytes;
  }
  void unshiftStarts(std::uint64_t srcBytes, std::uint64_t dstBytes) {
    srcOffset_ -= srcBytes;
    dstOffset_ -= dstBytes;
  }
  // work.hpp: a walk that knows its size up front refuses at once (what names the fields: "loopMode.loop1Size
  // 2097152 x ..."); every other walk is stopped by its ByteWriter once it has written the cap.
  void expectWork(std::uint64_t units, const std::string& what) const;
  // Spends units of the cap (a LOOP iteration, a slice of bytes), polling the stop request; throws past the cap.
  void spendWork(std::uint64_t units);

 protected:
  // per workspace byte: 1 + the source byte written there, 0 while unwritten
  explicit WriteSink(std::vector<std::uint64_t>& workspace) : workspace_(&workspace) {}
  WriteSink(const Case& c, Expectation* expectation, std::span<const std::uint8_t> src);
  // Sparse mode: the expectation (if any) is sized by the windows, the marks are ranges in `sparse`.
  WriteSink(const Case& c, Expectation* expectation, std::span<const std::uint8_t> src, SparseState& sparse);
  ~WriteSink();  // hands the marks back to this thread's scratch (no fresh pages per evaluation)
  WriteSink(const WriteSink&) = delete;
  WriteSink& operator=(const WriteSink&) = delete;

  std::vector<std::uint64_t>* workspace_ = nullptr;
  std::uint64_t srcOffset_ = 0;
  std::uint64_t dstOffset_ = 0;
  std::vector<Mark> read_;     // per source byte: read by the walk
  std::vector<Mark> written_;  // per destination byte: written by the walk (footprint-only mode; else the regions)
  Expectation* expectation_ = nullptr;
  std::span<const std::uint8_t> src_;
  SparseState* sparse_ = nullptr;
  std::uint64_t workLeft_ = maxWorkBytes();  // work.hpp: what this walk may still write

 private:
  friend class ByteWriter;
  void writeRectified(std::uint64_t d, ByteSource source);  // ENH-3 isRelu: rare, out of line
  // AMB-16 (project): the class constraint of the element whose first byte is expectation index d; rare.
  [[gnu::cold]] void markClass(std::uint64_t d, ByteSource source);
  void writeSparse(std::uint64_t dstByte, ByteSource source, Region region);  // sparse: out of line
  void writeSparseSourceRun(std::uint64_t dstByte, std::uint64_t srcByte, std::uint64_t n, Region region);
  void expectSparse(std::uint64_t d, ByteSource source, Region region);  // the windowed expectation of buffer byte d
  std::size_t windowOf(std::uint64_t d);  // the sparse window holding buffer byte d, or SIZE_MAX
};

// The hot state of a WriteSink copied into the walk's own frame: `ByteWriter out(sink);` then `out.write(...)` per
// byte. A byte store may alias any memory, so the compiler reloads every member of a sink reached through a
// reference after each byte; a local whose address never escapes it keeps in registers (1.5x faster).
class ByteWriter {
 public:
  explicit ByteWriter(WriteSink& sink)
      : sink_(&sink),
        special_(sink.workspace_ != nullptr || sink.sparse_ != nullptr),
        workspaceMode_(sink.workspace_ != nullptr),
        workspace_(workspaceMode_ ? sink.workspace_->data() : nullptr),  // null also for an empty workspace
        workspaceSize_(sink.workspace_ != nullptr ? sink.workspace_->size() : 0),
        srcOffset_(sink.srcOffset_),
        dstOffset_(sink.dstOffset_),
        read_(sink.read_.data()),
        readSize_(sink.read_.size()),
        written_(sink.written_.data()),
        writtenSize_(sink.written_.size()),
        expectation_(sink.expectation_ != nullptr),
        expected_(expectation_ ? sink.expectation_->expected.data() : nullptr),
        care_(expectation_ ? sink.expectation_->care.data() : nullptr),
        region_(expectation_ ? sink.expectation_->region.data() : nullptr),
        regionSize_(expectation_ ? sink.expectation_->region.size() : 0),
        src_(sink.src_.data()) {
    if (sink.workLeft_ == 0) sink.spendWork(1);  // throws: the cap is spent
    slice_ = ticks_ = std::min(kWorkSliceBytes, sink.workLeft_);
  }
  ~ByteWriter() { sink_->workLeft_ -= std::min(sink_->workLeft_, slice_ - ticks_); }
  ByteWriter(const ByteWriter&) = delete;
  ByteWriter& operator=(const ByteWriter&) = delete;

  [[gnu::always_inline]] void write(std::uint64_t dstByte, ByteSource source, Region region) {
    // work.hpp: a register count, a cold call every slice (static: `this` must not escape, or every byte store
    // would make the compiler reload the writer's members)
    if (--ticks_ == 0) [[unlikely]] ticks_ = slice_ = nextSlice(sink_, slice_);
    if (special_) [[unlikely]] {  // one flag for both rare modes keeps the dense path at one test per byte
      if (!workspaceMode_) return sink_->writeSparse(dstByte, source, region);
      // only the prefix the second leg can read is kept
      assert(source.kind == ByteSource::Kind::source && "a first leg moves source bytes only (PAD-U2G-2)");
      if (dstByte < workspaceSize_) workspace_[dstByte] = source.srcByte + 1;
      return;
    }
    const std::uint64_t d = dstOffset_ + dstByte;
    const bool fromSource = source.kind == ByteSource::Kind::source || source.kind == ByteSource::Kind::rectified;
    if (fromSource) {
      assert(srcOffset_ + source.srcByte < readSize_ && "walk read outside its extents");
      read_[srcOffset_ + source.srcByte] = Mark::yes;
    }
    if (!expectation_) {  // footprint only
      assert(d < writtenSize_ && "walk wrote outside its extents");
      written_[d] = Mark::yes;
      return;
    }
    // With an expectation, a byte's region is its written mark: walks never write Region::keep.
    assert(d < regionSize_ && "walk wrote outside its extents");
    if (region_[d] != Region::keep) {  // ND2NZ-4: written twice, the write order is undocumented
      care_[d] = 0;
      region_[d] = Region::collision;
      return;
    }
    region_[d] = region;
    switch (source.kind) {
      case ByteSource::Kind::source: expected_[d] = src_[srcOffset_ + source.srcByte]; break;
      case ByteSource::Kind::literal: expected_[d] = source.literal; break;
      case ByteSource::Kind::unspecified:
        assert(canBeUnspecified(region) && "an ANY byte names its reason (a region other than keep and data)");
        care_[d] = 0;
        break;
      case ByteSource::Kind::rectified: sink_->writeRectified(d, source); break;
      case ByteSource::Kind::nanClass: sink_->markClass(d, source); break;
    }
  }

  // write(dstByte + k, ByteSource::fromSource(srcByte + k), region) for k in [0, n): a walk's block of source bytes.
  // Inside the current work slice the footprint is recorded a block at a time, and in dense mode the marks and
  // bytes are set so too where no byte of the block was written before; every other byte takes the byte path, so
  // the result is the same.
  void writeSourceRun(std::uint64_t dstByte, std::uint64_t srcByte, std::uint64_t n, Region region) {
    while (n > 0) {
      const std::uint64_t run = workspaceMode_ ? 0 : std::min(n, ticks_ - 1);  // ticks_ >= 1: the slice ends at 0
      if (run == 0 || (!special_ && !freshRun(dstOffset_ + dstByte, run))) {
        const std::uint64_t bytes = run == 0 ? 1 : run;
        for (std::uint64_t k = 0; k < bytes; ++k) write(dstByte + k, ByteSource::fromSource(srcByte + k), region);
        dstByte += bytes, srcByte += bytes, n -= bytes;
        continue;
      }
      ticks_ -= run;
      if (special_) {  // sparse mode
        sink_->writeSparseSourceRun(dstByte, srcByte, run, region);
        dstByte += run, srcByte += run, n -= run;
        continue;
      }
      const std::uint64_t s = srcOffset_ + srcByte;
      const std::uint64_t d = dstOffset_ + dstByte;
      assert(s + run <= readSize_ && "walk read outside its extents");
      std::memset(read_ + s, static_cast<int>(Mark::yes), run);
      if (!expectation_) {
        assert(d + run <= writtenSize_ && "walk wrote outside its extents");
        std::memset(written_ + d, static_cast<int>(Mark::yes), run);
      } else {
        assert(d + run <= regionSize_ && "walk wrote outside its extents");
        std::memset(region_ + d, static_cast<int>(region), run);
        std::memcpy(expected_ + d, src_ + s, run);
      }
      dstByte += run, srcByte += run, n -= run;
    }
  }

 private:
  // No byte of [d, d + n) written yet (footprint mode: always, a second write only sets a mark again).
  bool freshRun(std::uint64_t d, std::uint64_t n) const {
    if (!expectation_) return true;
    assert(d + n <= regionSize_ && "walk wrote outside its extents");
    static_assert(static_cast<int>(Region::keep) == 0 && sizeof(Region) == 1);
    return allZero({reinterpret_cast<const std::uint8_t*>(region_ + d), n});
  }

  [[gnu::cold, gnu::noinline]] static std::uint64_t nextSlice(WriteSink* sink, std::uint64_t spent) {
    sink->spendWork(spent);  // throws past the cap or on a stop request
    return std::max<std::uint64_t>(1, std::min(kWorkSliceBytes, sink->workLeft_));
  }

  WriteSink* sink_;
  std::uint64_t slice_ = 0;  // this writer's current slice of the sink's work, counted down in ticks_
  std::uint64_t ticks_ = 0;
  bool special_;  // workspace or sparse mode
  bool workspaceMode_;
  std::uint64_t* workspace_;
  std::uint64_t workspaceSize_;
  std::uint64_t srcOffset_;
  std::uint64_t dstOffset_;
  Mark* read_;
  std::uint64_t readSize_;
  Mark* written_;
  std::uint64_t writtenSize_;
  bool expectation_;
  std::uint8_t* expected_;
  std::uint8_t* care_;
  Region* region_;
  std::uint64_t regionSize_;
  const std::uint8_t* src_;
};

inline void WriteSink::write(std::uint64_t dstByte, ByteSource source, Region region) {
  ByteWriter(*this).write(dstByte, source, region);
}

// Byte b of an element whose raw bits are elementBits: little-endian, so the low byte first.
inline std::uint8_t elementByte(std::uint64_t elementBits, std::uint64_t byteInElement) {
  return static_cast<std::uint8_t>(elementBits >> (8 * byteInElement));
}

inline Violation violation(std::string clause, std::string field, std::uint64_t value, std::string message) {
  return {std::move(clause), std::move(field), std::to_string(value), std::move(message)};
}

// Appends a violation when value is outside [lo, hi]; note is appended to the message when value is 0.
void requireRange(std::vector<Violation>& out, const char* clause, const char* field, std::uint64_t value,
                  std::uint64_t lo, std::uint64_t hi, const char* zeroNote = "");
inline constexpr const char* kAmb1Note = " (AMB-1: profile hw-noop accepts 0 as a no-op)";

// One documented operation: constraints, the extents of a valid call, and the walk of its writes.
struct PathSemantics {
  std::vector<Violation> (*check)(const Case&);
  Extents (*extents)(const Case&);
  void (*walk)(const Case&, WriteSink&);
};

const PathSemantics& padGmToUbSemantics();
const PathSemantics& padUbToGmSemantics();
const PathSemantics& padUbToTscmSemantics();
const PathSemantics& copy0LevelSemantics();
const PathSemantics& copy2LevelSemantics();
const PathSemantics& nd2nzSemantics();
const PathSemantics& nz2ndSemantics();
const PathSemantics& sliceSemantics();
const PathSemantics& dn2nzSemantics();
const PathSemantics& enhancedNormalSemantics();
const PathSemantics& enhancedCo1ToCo2Semantics();
const PathSemantics& fixpipeSemantics();
const PathSemantics& padCompactGmToUbSemantics();
const PathSemantics& padCompactUbToGmSemantics();
const PathSemantics& fixpipe950Semantics();
const PathSemantics& nddmaSemantics();
const PathSemantics& nd2nzGmToUbSemantics();
const PathSemantics& broadcastUbToL0cSemantics();
// LOOP: the pad call of the case's operation repeated over two loop levels (loop_mode.cpp); `inner` is the
// semantics of the single call.
const PathSemantics& loopModeSemantics();
const PathSemantics& singleCallSemantics(Operation operation);
// ATOM (atomic.cpp): the UB->GM call under SetAtomicAdd/Max/Min<T>(); its walk is the plain call's, and
// applyAtomic turns each written element into op(prior content, written value) in the expectation (ATOM-3). windows:
// the destination byte ranges the expectation holds, concatenated (the whole buffer when dense).
const PathSemantics& atomicSemantics();
void applyAtomic(const Case& c, std::span<const std::uint8_t> dstBefore, std::span<const ByteRange> windows,
                 Expectation& e);

// ---- shared pieces used by more than one path ------------------------------------------------------------------

// DataCopyParams and DataCopyExtParams, widened; DataCopyPad reads both the same way.
struct PadBlocks {
  std::uint64_t blockCount = 0;
  std::uint64_t blockLenBytes = 0;
  std::uint64_t srcStride = 0;  // unit depends on the side: bytes on GM, 32-byte blocks on UB
  std::uint64_t dstStride = 0;
  bool isExt = false;
};
PadBlocks padBlocks(const CopyParams& params);

// DataCopyPadParams and DataCopyPadExtParams, widened.
struct PadFill {
  bool isPad = false;
  std::uint64_t leftPadding = 0;   // elements
  std::uint64_t rightPadding = 0;  // elements
  std::uint64_t paddingValue = 0;  // raw bits of T
};
PadFill padFill(const PadParams& params);
// PAD-G2U-1's rules (blocks, pads, AMB-17/18, 64-bit paddingValue) under the caller's clause id.
void checkPadGmToUb(std::vector<Violation>& out, const char* clause, const Case& c);

// PAD-G2U-1 / PAD-U2G-1 block constraints (shared wording, the caller's clause id).
void checkPadBlocks(std::vector<Violation>& out, const char* clause, const PadBlocks& blocks, const Profile& profile);

// PAD-U2G-2 walk with the GM-side stride unit given, so PAD-U2L1 can reuse it with AMB-3.
void walkUbToGmBlocks(const PadBlocks& blocks, std::uint64_t dstStrideUnitBytes, WriteSink& sink);
Extents ubToGmExtents(const PadBlocks& blocks, std::uint64_t dstStrideUnitBytes);

// ND2NZ-1 ranges, with the field prefix ("params." or "nd2nzParams.").
void checkNd2NzRanges(std::vector<Violation>& out, const std::string& prefix, const Nd2NzParams& p,
                      const Profile& profile);
// Where ND2NZ-2 takes its bytes: the copy's source, or the GM workspace a first leg wrote (PAD-U2L1), per workspace
// byte 1 + the source byte it holds, 0 where the first leg never wrote (ANY). A plain value, so the walk inlines it.
struct Nd2NzSource {
  const std::vector<std::uint64_t>* workspace = nullptr;
  bool open = false;  // every moved byte ANY (ND2NZ-8, AMB-39)
  ByteSource operator()(std::uint64_t byte) const {
    if (open) return ByteSource::any();
    if (workspace == nullptr) return ByteSource::fromSource(byte);
    const std::uint64_t held = byte < workspace->size() ? (*workspace)[byte] : 0;
    return held != 0 ? ByteSource::fromSource(held - 1) : ByteSource::any();
  }
  // Why an ANY byte of the walk is ANY: AMB-39's open bytes, or PAD-U2L1-1's unwritten workspace.
  Region anyRegion() const { return open ? Region::ambiguous39 : Region::workspace; }
};
// ND2NZ-6..8 (project, nd2nz_ub_to_l1.cpp): DataCopy ND2NZ VECIN/VECOUT->TSCM, its checks (the page's ranges and
// AMB-38's layouts), whether its moved bytes are open (8-bit T on the 950, AMB-39), and AMB-39's float elements
// marked in the expectation after the walk (windows as applyAtomic's).
bool isNd2NzUbToL1(const Case& c);
std::vector<Violation> checkNd2NzUbToL1(const Case& c);
bool nd2nzUbToL1BytesOpen(const Case& c);
void applyNd2NzUbToL1Values(const Case& c, std::span<const ByteRange> windows, Expectation& e);
// ND2NZ-2/3 over either source of bytes.
void walkNd2Nz(const Nd2NzParams& p, std::uint32_t elementBytes, WriteSink& sink, const Nd2NzSource& sourceOf);
Extents nd2nzExtents(const Nd2NzParams& p, std::uint32_t elementBytes);

// DC-2 blocks in 32-byte units; the enhanced NORMAL mode reuses them (ENH-1).
struct Blocks32 {
  std::uint64_t blockCount = 0;
  std::uint64_t blockLenBlocks32 = 0;
  std::uint64_t srcStrideBlocks32 = 0;
  std::uint64_t dstStrideBlocks32 = 0;
};
void checkDataCopyParams(std::vector<Violation>& out, const char* clause, const DataCopyParams& p,
                         const Profile& profile);
void walkBlocks32(const Blocks32& b, WriteSink& sink);
Extents blocks32Extents(const Blocks32& b);

}  // namespace dcconf::oracle::detail
