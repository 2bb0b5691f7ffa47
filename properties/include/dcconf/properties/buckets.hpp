// Coverage buckets: every generated case is classified; a bucket that should be reachable but got under 1% of the
// cases means the generator never reaches an edge, which is a bug in the generator.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "dcconf/casefile/casefile.hpp"
#include "dcconf/oracle/case.hpp"

namespace dcconf::properties {

// The bucket names a case falls in ("blockLen%32==0", "pad:left", "width:2", "gm-offset:unaligned", ...).
std::vector<std::string> bucketsOf(const casefile::CaseData& data);
// The buckets every generator of this operation must reach.
std::vector<std::string> reachableBuckets(oracle::Operation operation);

class BucketTally {
 public:
  void add(const casefile::CaseData& data);
  void addNamed(const std::string& bucket) { ++counts_[bucket]; }
  void countCase() { ++cases_; }
  std::uint64_t cases() const { return cases_; }
  double percent(const std::string& bucket) const;
  // Names of the wanted buckets under minPercent of the cases.
  std::vector<std::string> starved(const std::vector<std::string>& wanted, double minPercent) const;
  std::string report() const;  // "bucket: 12.3%" lines, sorted by name

 private:
  std::map<std::string, std::uint64_t> counts_;
  std::uint64_t cases_ = 0;
};

}  // namespace dcconf::properties
