// Functional coverage of a run (docs/coverage.md): per operation and field, the range drawn, the boundaries hit and
// the bits toggled; the G-4 breakers drawn per clause; and how the run's time split between generation, oracle and
// backend. Generic: the properties library says which fields exist and what their ranges are.
#pragma once

#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace dcconf::report {

// The boundaries of a field's gated range, as bits of FieldCoverage::boundaries.
inline constexpr std::uint32_t kBoundaryMin = 1, kBoundaryMinPlus1 = 2, kBoundaryMaxMinus1 = 4, kBoundaryMax = 8;

struct FieldCoverage {
  std::uint32_t widthBits = 0;
  std::uint64_t docMax = 0;    // the documented upper end (largest seen over the cases' dtypes)
  std::uint64_t reachMax = 0;  // the gated upper end (docs/coverage.md: out of reach above it)
  std::uint64_t cases = 0;
  std::uint64_t min = ~std::uint64_t{0};
  std::uint64_t max = 0;
  std::uint64_t bitsSet = 0;       // OR of every value
  std::uint64_t bitsRequired = 0;  // every bit of the gated range
  std::uint32_t boundaries = 0;    // kBoundary* hit (against each case's own range)
  std::uint64_t valuesSeen = 0;      // an enumeration's values drawn, as bits (value v: bit v)
  std::uint64_t valuesRequired = 0;  // every value of an enumeration (0 for a plain range)
  void merge(const FieldCoverage& other);
  // "bit 23", "boundary max": what the gate misses; empty when the field is covered.
  std::vector<std::string> gaps() const;
};

// The special source-value classes drawn for one conversion of an arithmetic path (FIX per quant mode, ENH deq),
// as bits of the properties' NumberClass (names: classNames).
struct NumberCoverage {
  std::uint64_t cases = 0;
  std::uint32_t required = 0;  // the classes meaningful for the conversion's source and destination
  std::uint32_t drawn = 0;
  void merge(const NumberCoverage& other);
  // "class -0": the required classes never drawn.
  std::vector<std::string> gaps(const std::vector<std::string>& classNames) const;
};

struct TimeSplit {
  double generationSeconds = 0;
  double oracleSeconds = 0;  // everything a property does besides generating and calling the backend
  double backendSeconds = 0;
};

// One G-4 breaker of an operation: how often it was drawn, and the minimum the run schedules for it.
struct BreakerDraws {
  std::uint64_t drawn = 0;
  std::uint64_t minimum = 0;
};

class Coverage {
 public:
  void addField(const std::string& operation, const std::string& field, const FieldCoverage& sample);
  void addBreaker(const std::string& operation, const std::string& clause, std::uint64_t n = 1);
  void addTime(const TimeSplit& time);
  void addNumbers(const std::string& operation, const std::string& conversion, const NumberCoverage& sample);
  // The class names, bit by bit (set by whoever records numbers; report.json lists them by name).
  void setNumberClassNames(std::vector<std::string> names) { numberClassNames_ = std::move(names); }
  // A breaker the run must draw at least `minimum` times (registered with 0 draws), and one draw of it.
  void expectBreaker(const std::string& operation, const std::string& breaker, std::uint64_t minimum);
  void addBreakerDraw(const std::string& operation, const std::string& breaker, std::uint64_t n = 1);

  const std::map<std::string, std::map<std::string, FieldCoverage>>& fields() const { return fields_; }
  const std::map<std::string, std::map<std::string, std::uint64_t>>& breakers() const { return breakers_; }
  const TimeSplit& time() const { return time_; }
  const std::map<std::string, std::map<std::string, NumberCoverage>>& numbers() const { return numbers_; }
  const std::map<std::string, std::map<std::string, BreakerDraws>>& breakerDraws() const { return breakerDraws_; }
  bool empty() const { return fields_.empty() && breakers_.empty() && numbers_.empty() && breakerDraws_.empty(); }

  // Every gap, for the gate: of every field ("padGmToUb DataCopyExtParams.srcStride: bit 23"), of every conversion
  // drawn ("fixpipe REQ8 int32_t->int8_t: class tie"), then every breaker drawn fewer times than its minimum
  // ("padGmToUb G-4 breaker padG2UPadding: drawn 3 times, minimum 5").
  std::vector<std::string> gaps() const;
  // The short terminal table of `dcconf run --coverage`.
  void print(std::ostream& out) const;
  std::string toJsonText() const;              // the report's "coverage" member
  bool mergeJsonText(const std::string& text);  // a worker's; false if it is not one

 private:
  std::map<std::string, std::map<std::string, FieldCoverage>> fields_;
  std::map<std::string, std::map<std::string, std::uint64_t>> breakers_;
  std::map<std::string, std::map<std::string, NumberCoverage>> numbers_;
  std::vector<std::string> numberClassNames_;
  std::map<std::string, std::map<std::string, BreakerDraws>> breakerDraws_;
  TimeSplit time_;
};

}  // namespace dcconf::report
