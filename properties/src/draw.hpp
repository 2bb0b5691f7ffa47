// Drawing helpers shared by the generators. Every function here calls *gen and so must run inside rc::gen::exec.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include <rapidcheck.h>

#include "dcconf/casefile/casefile.hpp"
#include "dcconf/oracle/oracle.hpp"
#include "dcconf/properties/coverage.hpp"
#include "dcconf/properties/generators.hpp"

namespace dcconf::properties::detail {

// An edge value (listed simplest first) most of the time, otherwise anything in [lo, hi]; shrinks toward edges[0]
// or toward lo.
std::uint64_t drawEdgy(const std::vector<std::uint64_t>& edges, std::uint64_t lo, std::uint64_t hi);
std::uint64_t drawInRange(std::uint64_t lo, std::uint64_t hi);  // inclusive; shrinks toward lo
bool drawBool();                                                // shrinks toward false

// RapidCheck's element / elementOf / weightedElement never shrink, so an edge picked from a list stayed in the shrunk
// counterexample (mSize 16 where 1 does). These pick the same way (same distribution) but shrink toward index 0,
// the simplest choice; every shrunk value is one the draw could have made, so the case stays valid.
std::size_t drawIndex(std::size_t count);                               // uniform; shrinks toward 0
std::size_t drawWeightedIndex(const std::vector<std::size_t>& weights); // by weight; shrinks toward 0
bool drawWeightedBool(std::size_t falseWeight, std::size_t trueWeight);  // shrinks toward false
bool drawOneIn(std::uint32_t n);                                         // true one time in n; shrinks toward false
template <typename T>
T drawElement(const std::vector<T>& elements) {
  return elements[drawIndex(elements.size())];
}
template <typename T, typename... Ts>
T drawOneOf(T first, Ts... rest) {
  return drawElement(std::vector<T>{first, static_cast<T>(rest)...});
}
// Always `value` when generated, but shrinks toward `target`: a knob that only shrinking turns (source breadth).
std::uint64_t drawShrinkOnly(std::uint64_t value, std::uint64_t target);
// Mostly products.front() (the default product), else any of them; shrinks toward products.front().
oracle::Product drawProduct(const std::vector<oracle::Product>& products);

// whole_range.cpp (docs/coverage.md): a value of the field's whole reach (a boundary, or a top bit drawn uniformly
// over its width); and the widening: in n cases of 40 (n fields), one field of c's gated parameter struct drawn
// whole, the others set small so the case stays cheap and the field observable. No-op for an ungated operation.
std::uint64_t drawWhole(const FieldRange& range);
// coverage.cpp: LoopModeParams' six coverage rows (LOOP-2): loop1Size, loop2Size, loop1SrcStride, loop1DstStride,
// loop2SrcStride, loop2DstStride, the strides in the unit and range of their side (srcIsGm: DataCopyPad GM->UB).
std::vector<FieldRange> loopRanges(bool srcIsGm);
// drawWhole for the operations with many rows or few cases (SLICE, UB->TSCM): a boundary three draws in four, the
// upper two (which only wide cases reach) three times as often as the lower two; the value shrinks toward the minimum
// in steps of the range's step (a wide SLICE shape of 65534 shrinks to the one burst a fault needs).
std::uint64_t drawWholeUpper(const FieldRange& range);
void widenSometimes(oracle::Case& c, oracle::Operation operation);
void widenPadUbToTscm(oracle::Case& c, const Scope& scope);  // both legs of PAD-U2L1, kept matched
void growToAsIfFootprint(InvalidCase& invalid);
// numbers.cpp: ENH CO1 source elements of type u rewritten with ties, saturation bounds and special values (often).
void plantConversionSources(casefile::CaseData& data, oracle::DType u);
// special_data.cpp: a move's read source bytes laid with zero / 0xFF runs, a repeated 32-byte block and
// the dtype's special elements, one case in two (every finish()ed case; a no-op for the conversions).
void plantMoveSources(GeneratedCase& generated);

// generators.cpp: mostly disjoint layouts, sometimes overlapping ones (collisions are ANY: ND2NZ-4); shrinks toward
// disjoint. A stride keeping consecutive items apart (>= disjoint), or colliding (< disjoint) when overlapping; a
// fixed number of draws either way.
bool drawOverlap();
std::uint64_t drawStrideFrom(std::uint64_t disjoint, bool overlap, std::uint64_t lo, std::uint64_t extraMax);

// A case skeleton: api and path set, params of the right type (values drawn later).
oracle::Case makeCase(oracle::Api api, oracle::Position src, oracle::Position dst, oracle::CopyParams params);

// Product and dtype for c's api/path, both among the supported ones (PROD) and the scope's; atlas-a2 and the
// smallest dtype first.
void drawProductAndDType(oracle::Case& c, oracle::Operation operation, const Scope& scope,
                         std::uint32_t onlyWidthBytes = 0);

// One of the operation's documented paths that the scope allows (and its product has), the common one first.
oracle::PathPair drawPath(oracle::Operation operation, const Scope& scope);
// Every such path (drawPath draws one of them): the drawn-apart ones (drawnApart) only when no other is allowed.
std::vector<oracle::PathPair> allowedPaths(oracle::Operation operation, const Scope& scope);
// Every such path, the drawn-apart ones included.
std::vector<oracle::PathPair> allowedPathsAll(oracle::Operation operation, const Scope& scope);

// The scope's profile when it has one, else what the generator drew.
void applyScopeProfile(oracle::Case& c, const Scope& scope);

// Sizes the buffers from oracle::extents plus random guard bytes before and after (GM offsets may be unaligned,
// local offsets are 32-byte aligned), fills them with seeded bytes, and checks the case is valid and supported.
// srcWordsRewritten: the caller rewrites every whole 4-byte word of src from its offset on (the FIX source fill), so
// those bytes are left zero rather than seeded and thrown away; every other byte is what it would have been.
casefile::CaseData drawBuffers(const oracle::Case& c, bool srcWordsRewritten = false);

// Deterministic filler for buffers: contents need no shrinking, so a seed stands in for the bytes.
std::vector<std::uint8_t> seededBytes(std::uint64_t seed, std::uint64_t count);
// Bytes [from, to) of seededBytes(seed, bytes.size()) into the same places of bytes.
void fillSeeded(std::span<std::uint8_t> bytes, std::uint64_t seed, std::uint64_t from, std::uint64_t to);

// Throws when the case is not valid and supported: the generator's own postcondition.
void requireValid(const oracle::Case& c);

// Maps c inside the scope's declared limits (limits.hpp), or throws LimitsExclude when no mapping fits.
void mapInsideLimits(oracle::Case& c, const Scope& scope);

// The scope's profile over the drawn one, then buffers (drawBuffers): the last step of every generator.
GeneratedCase finish(oracle::Case c, const Scope& scope);

// DC-1 block parameters in 32-byte units, small and shrinking toward one block with zero strides.
oracle::DataCopyParams drawDataCopyBlocks();

// The generators of generators_slice_dn2nz_enh.cpp (SLICE, DN2NZ, ENH), dispatched by genCase.
GeneratedCase drawSlice(const Scope& scope);
// The SLICE widening's parts, shared with the sparse lane (sparse.cpp): the coverage rows of all eight dimensions
// and row j of dimension d among them; the wide field with vx in that row and the rest drawn (vy: the other side's
// value where the layout sets both; outerBurstLen: dimensions >= 1, which move no data: AMB-5); and the layout
// showing it.
struct WideSliceField {
  std::size_t d = 0;
  std::size_t j = 0;
  std::uint64_t vx = 0;
  std::uint64_t vy = 0;
  std::array<std::uint64_t, oracle::kMaxSliceDims> outerBurstLen{};
};
std::vector<FieldRange> sliceRangesAtEveryDim(const oracle::Case& c);
const FieldRange& sliceRow(const std::vector<FieldRange>& ranges, std::size_t d, std::size_t j);
WideSliceField drawWideSliceField(const std::vector<FieldRange>& ranges, std::size_t d, std::size_t j,
                                  std::uint64_t vx);
oracle::SliceParams wideSliceLayout(const oracle::Case& c, bool ubSrc, const WideSliceField& wide);
GeneratedCase drawDn2Nz(const Scope& scope);
// The DN2NZ widening's layout (whole_range.cpp), shared with the sparse lane: field (a coverage row of DN2NZ) at v,
// the rest one or two elements; c0 the large-C0 mode's, enableSmallC0Off the switch value that keeps it (AMB-7).
void widenDn2Nz(oracle::Dn2NzParams& p, std::uint64_t c0, bool enableSmallC0Off, bool evenRows, std::uint64_t v,
                std::size_t field);
GeneratedCase drawNdDma(const Scope& scope);  // generators_nddma.cpp (NDDMA, project)
GeneratedCase drawBroadcastUbToL0c(const Scope& scope);  // generators_broadcast.cpp (BRC, project)
GeneratedCase drawEnhancedNormal(const Scope& scope);
GeneratedCase drawEnhancedCo1ToCo2(const Scope& scope);

// generators_fixpipe.cpp (FIX): the valid generator, whether the scope holds any FIX-4 conversion, and the one-break
// generators of the FIX constraints the scope can express.
GeneratedCase drawFixpipe(const Scope& scope);
bool fixpipeHasCases(const Scope& scope);
// A G-4 breaker by name (its function's), so the minimum schedule and the report can name it (docs/coverage.md).
struct NamedBreaker {
  const char* name;
  InvalidCase (*make)(const Scope&);
};
std::vector<NamedBreaker> fixpipeBreakers(const Scope& scope);
// FIX950 (project, generators_fixpipe.cpp): the 950 Fixpipe's generator, whether the scope has a case, its breakers.
GeneratedCase drawFixpipe950(const Scope& scope);
bool fixpipe950HasCases(const Scope& scope);
std::vector<NamedBreaker> fixpipe950Breakers(const Scope& scope);

}  // namespace dcconf::properties::detail
