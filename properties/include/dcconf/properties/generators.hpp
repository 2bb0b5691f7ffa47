// Generators of valid and invalid cases for the property suite (one per operation x params struct).
// Every generated case is a complete casefile::CaseData and prints as dcconf.case/1 JSON, so a shrunk
// counterexample is a case file. Choices are ordered simplest first so shrinking moves toward fewer blocks,
// zero strides, no padding, aligned lengths and the smallest dtype.
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <rapidcheck.h>

#include "dcconf/casefile/casefile.hpp"
#include "dcconf/casefile/text.hpp"
#include "dcconf/oracle/oracle.hpp"

namespace dcconf::properties {

struct Limits;  // limits.hpp

// Which DataCopyPad parameter structs a case uses: the Ext pair or the 16-bit pair.
enum class ParamStruct : std::uint8_t { ext, plain };

// What a run asks the generators for: one product, some dtypes, some paths, one profile. The default scope is the
// property suite's own: mostly the default product, every supported dtype and path, AMB-2 varied per case.
struct Scope {
  std::optional<oracle::Product> product;
  std::vector<oracle::DType> dtypes;  // empty: every dtype the product supports for the operation
  std::string pathGlob = "*";         // shell glob over "GM->VECIN", ...
  std::optional<oracle::Profile> profile;
  // Declared limits (limits.hpp): every valid draw is mapped inside them; a draw no mapping fits throws
  // LimitsExclude. Null: the documented space.
  std::shared_ptr<const Limits> limits;
  // Only the paths drawn apart (drawnApart: DC-5's UB->L1), as the run's own units for them draw; otherwise those
  // paths are drawn only when the glob leaves no other path of the operation.
  bool apartOnly = false;

  bool allowsPath(oracle::Position src, oracle::Position dst) const;
  bool allowsDType(oracle::DType dtype) const;
};

// Paths added to an operation after its units existed, drawn apart: only by a scope that allows none of the
// operation's other paths (the run gives them units of their own), so every older unit draws what it drew before.
// FIX950-8: the 950 Fixpipe's CO1->VECIN/VECOUT; DC-5: the plain DataCopy's UB->L1; ND2NZ-6: ND2NZ's UB->TSCM.
bool drawnApart(oracle::Operation operation, const oracle::PathPair& path);

// Shell-style glob with * and ? (one matcher for every layer: casefile/text.hpp).
using casefile::globMatch;

// DCCONF_PROP_SCALE (default 1, at most 64) multiplies the upper ends of sizes, counts and strides.
std::uint64_t propScale();

struct GeneratedCase {
  GeneratedCase() = default;
  GeneratedCase(casefile::CaseData generated) : data(std::move(generated)) {}  // NOLINT: {drawBuffers(c)} reads well
  casefile::CaseData data;
  // A planted move's first kMaxMoveBytesScanned read source bytes (coverage.hpp, moveReadRanges), computed once:
  // planted by the generator and measured by the run from the same ranges. Empty for the other operations and for
  // unplanted moves (random bytes, not scanned: they count as cases that drew no class, never as drawing one).
  std::vector<oracle::ByteRange> moveReads;
};
std::ostream& operator<<(std::ostream& os, const GeneratedCase& generated);  // dcconf.case/1 JSON

// onlyWidthBytes != 0 restricts the dtype to that sizeof(T) (used by the invalid generators).
rc::Gen<GeneratedCase> genPadGmToUb(ParamStruct params, std::uint32_t onlyWidthBytes = 0, const Scope& scope = {});
rc::Gen<GeneratedCase> genPadUbToGm(ParamStruct params, const Scope& scope = {});
rc::Gen<GeneratedCase> genPadUbToTscm(ParamStruct params, const Scope& scope = {});
rc::Gen<GeneratedCase> genCopy0Level(const Scope& scope = {});
rc::Gen<GeneratedCase> genCopy2Level(const Scope& scope = {});
rc::Gen<GeneratedCase> genNd2Nz(const Scope& scope = {});
rc::Gen<GeneratedCase> genNz2Nd(const Scope& scope = {});
rc::Gen<GeneratedCase> genSlice(const Scope& scope = {});             // SLICE: GM->VECIN, VECOUT->GM, CO2->GM
rc::Gen<GeneratedCase> genDn2Nz(const Scope& scope = {});             // DN2NZ (Ascend 950), AMB-7 varied
rc::Gen<GeneratedCase> genEnhancedNormal(const Scope& scope = {});    // ENH-1 BLOCK_MODE_NORMAL
rc::Gen<GeneratedCase> genEnhancedCo1ToCo2(const Scope& scope = {});  // ENH-1..4 CO1->CO2, deqScale too
rc::Gen<GeneratedCase> genFixpipe(const Scope& scope = {});  // FIX-1..7: every QuantMode_t x FIX-4 pair x path
// Whether genCase covers the operation.
bool hasGenerator(oracle::Operation operation);
// Whether genCase(operation, scope) can draw a case at all: false when no documented call of the operation fits the
// scope (FIX: no QuantMode_t converts to the scope's dtypes on its paths, e.g. int16_t, or float on CO1->A1).
bool scopeHasCases(oracle::Operation operation, const Scope& scope);
// Both param structs of the pad paths, or the one generator of the other operations.
rc::Gen<GeneratedCase> genCase(oracle::Operation operation, const Scope& scope = {});
rc::Gen<GeneratedCase> genAnyCase();

// A valid case with exactly one constraint broken, and the clause/field the oracle must name.
struct InvalidCase {
  casefile::CaseData data;
  oracle::Case validBase;  // the case before the break: its footprint bounds what an IUT may write
  std::string clause;      // "PAD-G2U-1"
  std::string field;       // "params.blockCount"
  std::string how;         // one line: what was broken
  std::string breaker;     // the breaker that drew it: "padG2UBlockCount", "G-5 misaligned local", ... (set by genInvalidCase)
};
std::ostream& operator<<(std::ostream& os, const InvalidCase& invalid);
// Any operation's invalid cases, half of them the seed operations' (the mixed G-4 tests count their clauses).
rc::Gen<InvalidCase> genInvalidCase();
// Only the breaks of one operation's constraints (and G-1/G-2/G-5 on it), within the scope.
rc::Gen<InvalidCase> genInvalidCase(oracle::Operation operation, const Scope& scope);

// G-4 minimum (docs/coverage.md): the breakers genInvalidCase(operation, scope) draws from, by name: the operation's
// own constraint breakers, then "G-5 misaligned local" (when one of its paths has a local operand) and "G-1/G-2
// short buffer". The run engine's G-4 unit draws each of them by index, kBreakerMinimum times, before drawing freely.
std::vector<std::string> invalidBreakers(oracle::Operation operation, const Scope& scope);
rc::Gen<InvalidCase> genInvalidCase(oracle::Operation operation, const Scope& scope, std::size_t breaker);
inline constexpr std::uint32_t kBreakerMinimum = 5;

// NZ2ND-4 round trip: an ND matrix x in GM, ND2NZ to L1 with dstNzNStride 1 and dstNzC0Stride = N', then NZ2ND
// back with srcNStride = N'. dValue is a multiple of 16; 32-bit dtypes use an even nValue and N' = nValue.
struct RoundTripCase {
  GeneratedCase nd2nz;             // the first leg, GM -> A1
  oracle::Nz2NdParamsFull back;    // the second leg, VECOUT -> GM, reading the first leg's output
  std::vector<std::uint8_t> gmBefore;  // the NZ2ND destination's prior content (nValue*dValue elements)
};
std::ostream& operator<<(std::ostream& os, const RoundTripCase& roundTrip);
rc::Gen<RoundTripCase> genRoundTrip(const Scope& scope = {});

}  // namespace dcconf::properties
