// The sparse lane (docs/coverage.md "Sparse buffers"): cases whose strides reach past what a flat buffer
// holds (a 4 GiB GM stride), run on casefile::SparseBuffer mappings and compared against the oracle's windowed
// evaluation. Two blocks (rows, bursts) so the stride moves data; every other field small.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "dcconf/pictures/pictures.hpp"
#include "dcconf/properties/coverage.hpp"
#include "dcconf/properties/generators.hpp"
#include "dcconf/properties/invariants.hpp"

namespace dcconf::properties {

// One scheduled value: the field (its coverage-model name) and the value it takes.
struct SparseDraw {
  std::string field;   // "DataCopyExtParams.srcStride"
  std::uint64_t value = 0;
};

struct SparseCase {
  oracle::Case c;             // buffers' sizes and offsets set; their bytes are seeded, never stored
  SparseDraw draw;
  std::uint64_t seed = 0;     // the buffers' bytes: splitmix64 from seed (src) and seed + 1 (dst) in the windows
  std::string describe() const;  // "DataCopyExtParams.srcStride = 4294967295 (PAD-G2U, half, seed 17)"
};

// Whether the operation has fields whose reach is limited by the buffer size and a sparse generator for them.
bool hasSparseCases(oracle::Operation operation);
// The Compact DataCopyPad operations (PAD-CMP), whose sparse units came later (loop mode's fields only).
bool hasCompactLoopSparseCases(oracle::Operation operation);
// NDDMA, whose sparse units came after its other units: each dimension's strides, moved.
bool hasNdDmaSparseCases(oracle::Operation operation);
// DN2NZ, whose sparse units came after NDDMA's: its source and destination matrix strides and its column stride.
bool hasDn2NzSparseCases(oracle::Operation operation);
// The scheduled draws of an operation: per such field, each bit from the dense reach's width to the field's top bit
// (the value 2^b plus drawn low bits), and the documented maximum and maximum-1. The sparse unit draws them in turn.
// Worked out once per unit: the schedule of a SLICE unit has ~1300 slots.
class SparseSchedule {
 public:
  SparseSchedule(oracle::Operation operation, const Scope& scope);
  std::size_t size() const;
  // The k-th scheduled case (k modulo the schedule), the rest of the case drawn small from the dense generator.
  rc::Gen<SparseCase> gen(std::size_t k) const;

 private:
  struct Slots;
  oracle::Operation operation_;
  Scope scope_;
  std::shared_ptr<const Slots> slots_;
};
std::size_t sparseScheduleSize(oracle::Operation operation, const Scope& scope);
rc::Gen<SparseCase> genSparseCase(oracle::Operation operation, const Scope& scope, std::size_t k);

// The case's gated fields for the coverage model, the stretched fields with their reach raised to the documented
// maximum: the sparse lane draws their every bit and both maxima, so the gate holds them over the whole range.
std::vector<FieldSample> sparseFieldSamples(const SparseCase& sc);

// The bytes a sparse case's windows materialise (src + dst, guards and page rounding included), and the most a saved
// case may ask for: a sparse case whose footprint is dense (2 x 1 GiB) would otherwise take several times its
// windows in memory. The sparse lane's own draws keep their windows far below it.
inline constexpr std::uint64_t kMaxSparseWindowBytes = std::uint64_t{256} << 20;
std::uint64_t sparseWindowBytes(const SparseCase& sc);

// G-1 on sparse buffers: every cared byte of the windows (footprint +- 64 guard bytes, page aligned) equals the
// oracle's windowed expectation, and no page outside the windows holds a non-zero byte (SEEK_DATA/SEEK_HOLE).
Outcome checkSparseConformance(Backend& iut, const SparseCase& sc);

// A sparse case run once more for its failure's picture: the destination windows, the oracle's expectation over
// them, the backend's bytes of the same windows and the first byte written outside them.
struct SparseRunBytes {
  std::string error;  // not empty: no picture (the buffers, the oracle, or a backend that did not answer OK)
  pictures::SparseDestination dst;
};
SparseRunBytes rerunSparse(Backend& iut, const SparseCase& sc);

}  // namespace dcconf::properties
