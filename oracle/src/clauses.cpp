// =====================================================================================================================
// Which clause defines a destination byte's content                         (reports: a failure names its clause)
// =====================================================================================================================
// A mismatch is labelled with the clause that says what the byte must hold: the region (data, pads, dummy, tails,
// ambiguities) together with the operation and the case's switches (small C0, sidStoreMode, ReLU, channelSplit,
// nz2nd) that pick the clause defining that region. KEEP bytes are G-1's and are labelled by the runner.
#include "dcconf/oracle/oracle.hpp"

namespace dcconf::oracle {
namespace {

std::string enhancedClause(const Case& c, Operation op) {
  if (op == Operation::enhancedNormal || !c.enhancedParams) return "ENH-1";  // block geometry only
  const DataCopyEnhancedParams& e = *c.enhancedParams;
  const bool deq8 = e.deqScale == DeqScale::deq8 || e.deqScale == DeqScale::vdeq8;
  if (deq8 && (e.sidStoreMode == 0 || e.sidStoreMode == 1)) return "ENH-3";  // which 16-byte half holds a result
  if (e.isRelu) return "ENH-3";                                              // linear rectification
  if (e.deqScale != DeqScale::none) return "ENH-2";                          // the deqScale conversion (ENH-4)
  return "ENH-1";                                                            // a MATRIX / VECTOR / SMALL_CHANNEL move
}

std::string fixpipeClause(const Case& c) {
  const auto& p = std::get<DataCopyCO12DstParams>(c.params);
  const bool converts = p.quantPre != QuantMode::NoQuant || p.reluPre != 0;
  if (converts) return "FIX-6";        // the element's value is FIX-6's conversion
  if (p.nz2ndEn) return "FIX-2";       // a pure move: the layout defines the byte
  if (p.channelSplit) return "FIX-3";
  return "FIX-1";
}

// FIX950: the conversion (FIX950-5), the dual-destination split, or the layout's clause for a pure move.
std::string fixpipe950Clause(const Case& c) {
  const auto& p = std::get<DataCopyCO12DstParams>(c.params);
  if (p.quantPre != QuantMode::NoQuant || p.reluPre != 0) return "FIX950-5";
  if (c.fixpipe && c.fixpipe->dualDstCtl == 1) return "FIX950-10";  // the M split places the byte
  if (c.fixpipe && c.fixpipe->dualDstCtl == 2) return "FIX950-11";  // the N split
  if (c.fixpipe && c.fixpipe->layout == Co2Layout::ROW_MAJOR) return "FIX950-3";
  if (c.fixpipe && c.fixpipe->layout == Co2Layout::COLUMN_MAJOR) return "FIX950-4";
  return "FIX950-2";
}

// Who wrote a byte twice with no documented order: LOOP-3 (loop iterations), NDDMA-4, DN2NZ-1, ND2NZUB-5, BRC-4, or
// ND2NZ-4 (the clause the others, FIX's overlapping bursts among them, follow).
std::string collisionClause(const Case& c, Operation op) {
  if (c.loopMode) return "LOOP-3";
  switch (op) {
    case Operation::nddma: return "NDDMA-4";
    case Operation::dn2nz: return "DN2NZ-1";
    case Operation::nd2nzGmToUb: return "ND2NZUB-5";
    case Operation::broadcastUbToL0c: return "BRC-4";
    default: return "ND2NZ-4";
  }
}

}  // namespace

std::string unspecifiedClause(const Case& c, Operation op, Region region) {
  if (const int amb = ambiguityId(region); amb != 0) return "AMB-" + std::to_string(amb);
  switch (region) {
    case Region::keep:
    case Region::data: return "";
    case Region::leftPad:
    case Region::rightPad: return "PAD-G2U-4";
    case Region::dummy: return op == Operation::nd2nzGmToUb ? "ND2NZUB-4" : "AMB-2";
    case Region::zeroTail: return "ND2NZ-3";
    case Region::collision: return collisionClause(c, op);
    case Region::compactTail: return "PAD-CMP-3";
    case Region::special: return "AMB-16";
    case Region::workspace: return "PAD-U2L1-1";
    default: return "";
  }
}

std::string definingClause(const Case& c, Operation op, Region region) {
  if (const int amb = ambiguityId(region); amb != 0) return "AMB-" + std::to_string(amb);
  // NDDMA-3 defines its own pads; NDDMA-4 its overlaps
  if (op == Operation::nddma && region != Region::keep) return region == Region::collision ? "NDDMA-4" : "NDDMA-3";
  switch (region) {
    case Region::keep: return "G-1";
    case Region::leftPad:
    case Region::rightPad: return "PAD-G2U-4";
    case Region::dummy: return op == Operation::nd2nzGmToUb ? "ND2NZUB-4" : "PAD-G2U-5";
    case Region::compactTail: return "PAD-CMP-3";
    case Region::special: return "AMB-16";
    case Region::workspace: return "PAD-U2L1-1";
    case Region::collision: return collisionClause(c, op);
    default: break;
  }
  const bool tail = region == Region::zeroTail;
  switch (op) {
    case Operation::padGmToUb: return "PAD-G2U-3";
    case Operation::padUbToGm: return "PAD-U2G-2";
    case Operation::padUbToTscm: return tail ? "ND2NZ-3" : "PAD-U2L1-1";
    case Operation::copy0Level: return "DC-2";
    case Operation::copy2Level: return "DC-3";
    case Operation::nd2nz: return tail ? "ND2NZ-3" : "ND2NZ-2";
    case Operation::nz2nd: return "NZ2ND-2";
    case Operation::slice: return "SLICE-4";  // the burst placement of each (source, destination) offset pair
    case Operation::dn2nz: return std::get<Dn2NzParams>(c.params).enableSmallC0 ? "DN2NZ-3" : "DN2NZ-1";
    case Operation::enhancedNormal:
    case Operation::enhancedCo1ToCo2: return enhancedClause(c, op);
    case Operation::fixpipe: return fixpipeClause(c);
    case Operation::padCompactGmToUb: return "PAD-CMP-2";
    case Operation::padCompactUbToGm: return "PAD-CMP-4";
    case Operation::fixpipe950: return fixpipe950Clause(c);
    case Operation::nddma: return "NDDMA-3";
    case Operation::nd2nzGmToUb: return "ND2NZUB-3";
    case Operation::broadcastUbToL0c: return "BRC-3";
  }
  return std::string(clauseFamily(op));
}

}  // namespace dcconf::oracle
