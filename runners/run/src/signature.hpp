// Issue 26: what makes two failures the same bug. A unit keeps drawing after its first failure and reports one
// shrunk failure per distinct signature; the terminal groups the failures of all units by signature.
//
// A signature is how the failure shows (its status, and whether a byte that must be kept was written or a value is
// wrong: deliberately coarse, as the first wrong byte of one bug moves from draw to draw) and the case's modes that make it happen: its conversion (FIX quantPre and source
// type, ENH blockMode / deqScale) and those of its switches (ReLU, nz2nd, ndNum > 1, channelSplit, pads, small C0)
// that are on AND needed: the engine switches each off on the minimal case and keeps those whose switching off makes
// the failure go away. A drawn case that fails the same way in a case with a known bug's modes is that bug.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dcconf/oracle/oracle.hpp"

namespace dcconf::run {

struct CaseModes {
  std::string conversion;              // "quantPre=DEQF16 src=int32_t", "" for a plain move
  std::vector<std::string> switchesOn;  // "relu", "nz2nd", "ndNum>1", "channelSplit", "leftPadding", ...
};
CaseModes modesOf(const oracle::Case& c);

// For each switch that is on: its name and the case with it off (the buffers unchanged; the result may be invalid).
std::vector<std::pair<std::string, oracle::Case>> switchedOff(const oracle::Case& c);

struct FailureSignature {
  std::string symptom;              // "FAIL: a wrong value", "FAIL: a byte that must be kept was written"
  std::string conversion;
  std::vector<std::string> needed;  // the switches the failure needs
  std::string key() const;          // one string: what report.json's `signature` holds
  // A failure of case c with this symptom is this bug when c has the conversion and every needed switch on.
  bool explains(std::string_view symptomOfFailure, const oracle::Case& c) const;
};

// The symptom of a failing property's message ("... dst byte 64 (region guard): expected 0xa5, actual 0x00").
std::string symptomOf(std::string_view status, std::string_view message);

}  // namespace dcconf::run
