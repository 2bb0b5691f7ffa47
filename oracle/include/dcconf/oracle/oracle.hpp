// The oracle's entry points. Order of work for every case, as in a reference interpreter:
// resolve the operation, check support (PROD), check constraints, check bounds, then compute.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <span>
#include <vector>

#include "dcconf/oracle/case.hpp"
#include "dcconf/oracle/expectation.hpp"

namespace dcconf::oracle {

enum class Verdict : std::uint8_t {
  computed,      // valid; expectation is filled
  invalid,       // violations say which clauses broke (G-4)
  notSupported,  // the product lacks this path or dtype (section 11): neither a pass nor a failure
  malformed,     // the api/path/params combination is not a documented call at all
};
std::string_view name(Verdict verdict);

// The byte extents a valid case touches, from the parameters alone (no buffers needed): the source must hold
// [src.offset, src.offset + srcSpanBytes) and the destination [dst.offset, dst.offset + dstSpanBytes).
struct Extents {
  std::uint64_t srcSpanBytes = 0;
  std::uint64_t dstSpanBytes = 0;
};

// Support (section 11). Empty when supported; otherwise one violation with clause "PROD" (or "ENH-2" / "ENH-4" for
// the enhanced CO1->CO2 conversions this oracle does not model: float -> half without deqScale, V* on
// SMALL_CHANNEL).
std::vector<Violation> checkSupport(const Case& c, Operation operation);
// ATOM-1 (project): the products with atomic copies to GM modelled (Atlas A2, A3, Ascend 950), the operations they
// apply to (DataCopy 0/2-level and DataCopyPad, on their VECIN/VECOUT->GM paths), and ATOM-2's element types.
bool hasAtomicCopies(Product product);
bool takesAtomic(Operation operation);
bool isAtomicDType(DType dtype);
// LOOP-1 (project): SetLoopModePara, on the Ascend 950 only, before a DataCopyPad GM<->UB, Normal or Compact.
bool hasLoopMode(Product product);
bool takesLoopMode(Operation operation);
// ND2NZUB-3 (project): the elements of one NZ row of a DataCopy ND2NZ GM->UB, C0 = 32/s, or 16 for float on Atlas
// A2/A3 under AMB-34's default (the header's 64-byte float rows); 32/s under AMB-33's nd2nzub-page.
std::uint64_t nd2nzGmToUbC0(const Case& c);
// BRC-2 (project): the CO1 start alignment of a BroadCastVecToMM, in bytes: 256 elements, or 64 bytes under AMB-42's
// brc-align-64b.
std::uint64_t broadcastDstAlignBytes(const Case& c);

// The product table (oracle/data/products.tsv, embedded at build time): product -> operation -> paths, dtypes.
struct SupportRow {
  Product product;
  Operation operation;
  std::vector<PathPair> paths;  // "*" in the table expands to documentedPaths(operation)
  std::vector<DType> dtypes;
};
struct ProductDefaults {
  Product product;
  std::string profile;  // the ambiguity profile spec its cases default to ("default")
};
struct SupportTable {
  std::vector<ProductDefaults> products;
  std::vector<SupportRow> rows;
};
struct SupportTableParse {
  std::optional<SupportTable> table;
  std::string error;  // "line 12: unknown dtype 'foo'" when table is empty
};
SupportTableParse parseSupportTable(std::string_view text);
// The embedded table, parsed once. An unparsable table (a build-time mistake) makes every case NOT_SUPPORTED.
const SupportTableParse& supportTable();

// Every broken constraint (G-4), then, if the constraints hold, every bounds problem (G-1/G-2/G-5).
// Never throws on bad values.
std::vector<Violation> validate(const Case& c);

// Preconditions: validate(c) is empty.
Extents extents(const Case& c);

// FIX950-9 (project): a 950 Fixpipe toward the UB with dualDstCtl 1 or 2 writes two UBs end to end, the start offset
// inside each half of dst. Its extents() reach into the second half, B/2 on: with dst.sizeBytes 0 they are one half's
// span, which is how a generator sizes such a buffer (each half: offset + that span; B twice that).
bool isDualDestination(const Case& c);
Footprint footprint(const Case& c);

struct Evaluation {
  Verdict verdict = Verdict::malformed;
  std::vector<Violation> violations;  // for invalid, notSupported and malformed
  Footprint footprint;                // for computed
  Expectation expectation;            // for computed
};

// The clause that defines what a destination byte of `region` holds for this case and operation ("ND2NZ-3" for a
// column tail, "ENH-3" for a sidStoreMode half, "AMB-11" for an ambiguous byte, "G-1" for KEEP): reports label a
// mismatch with it.
std::string definingClause(const Case& c, Operation operation, Region region);
// The clause that leaves a byte of `region` unspecified (ANY) for this case and operation: the ambiguity ("AMB-2" for
// a dummy byte, "AMB-26" for an atomic element written in part), or the clause that leaves it open ("PAD-G2U-4" for a
// pad without a value, "LOOP-3" for a loop-mode collision). "" for keep and data, which are never ANY.
std::string unspecifiedClause(const Case& c, Operation operation, Region region);

// src and dstBefore must be exactly c.src.sizeBytes and c.dst.sizeBytes long.
Evaluation evaluate(const Case& c, std::span<const std::uint8_t> src, std::span<const std::uint8_t> dstBefore);
// The same into an existing evaluation, reusing its vectors' capacity: a caller evaluating many large cases (a
// backend, a benchmark) then pays no fresh pages per call. Every field of `result` is overwritten.
void evaluate(const Case& c, std::span<const std::uint8_t> src, std::span<const std::uint8_t> dstBefore,
              Evaluation& result);

// ---- sparse evaluation ----------------------------------------------------------------------------------------
// For buffers too big to allocate (a 4 GiB GM stride): the same walks, but nothing is sized by the case's buffers.
// src and dstBefore may be huge virtual mappings: only footprint bytes of src and window bytes of dstBefore are read.

// Preconditions: validate(c) is empty. Equals footprint(c), in memory proportional to the footprint's ranges.
Footprint sparseFootprint(const Case& c);

// Sorted, disjoint windows: each write range widened by guardBytes on both sides, rounded out to multiples of
// alignBytes (a page), clipped to [0, bufferBytes) and coalesced.
std::vector<ByteRange> guardWindows(std::span<const ByteRange> writes, std::uint64_t guardBytes,
                                    std::uint64_t alignBytes, std::uint64_t bufferBytes);

struct WindowedEvaluation {
  Verdict verdict = Verdict::malformed;
  std::vector<Violation> violations;  // as Evaluation
  Footprint footprint;                // for computed
  std::vector<ByteRange> windows;     // the windows evaluated (a copy)
  // The windows' bytes concatenated in window order; KEEP bytes hold dstBefore's.
  Expectation expectation;
  // Writes that fell outside every window (their bytes are not in the expectation): a caller whose windows do not
  // cover the footprint must not compare; 0 when they do.
  std::uint64_t uncoveredWrites = 0;
  // Index in `expectation` of destination buffer byte b, or kNoMismatch when b lies in no window.
  std::uint64_t indexOf(std::uint64_t b) const;
};

// evaluate() restricted to the windows (sorted, disjoint, inside the destination buffer). src and dstBefore must
// be exactly c.src.sizeBytes and c.dst.sizeBytes long (they may be mappings whose bytes mostly do not exist).
void evaluateWindows(const Case& c, std::span<const std::uint8_t> src, std::span<const std::uint8_t> dstBefore,
                     std::span<const ByteRange> windows, WindowedEvaluation& result);

}  // namespace dcconf::oracle
