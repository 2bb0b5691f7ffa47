// What makes two failures the same bug. A unit keeps drawing after its first failure and
// reports one shrunk failure per distinct signature; the terminal groups the failures of all units by signature.
//
// A signature is how the failure shows (its status; whether a byte that must be kept was written or a value is wrong,
// and for a conversion how the wrong element relates to the right one: not the first wrong byte, which moves from
// draw to draw) and the case's modes that make it happen: its conversion (FIX: the plain move, F322F16, F322BF16 or
// the FIX-5 scaled modes together; ENH blockMode / deqScale) and those of its switches (ReLU, nz2nd, ndNum > 1,
// channelSplit, pads, small C0, and FIX-5's MCB, offset, scale low bits, negative scale, V* columns that differ) that
// are on AND needed: the engine switches each off on the minimal case and keeps those whose switching off makes the
// failure go away. A drawn case that fails the same way, with a known bug's modes and no further switch it needs,
// is that bug.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dcconf/oracle/oracle.hpp"
#include "dcconf/oracle/deviation.hpp"

namespace dcconf::run {

struct CaseModes {
  std::string conversion;              // "quantPre=DEQF16 src=int32_t", "" for a plain move
  std::vector<std::string> switchesOn;  // "relu", "nz2nd", "ndNum>1", "channelSplit", "leftPadding", ...
};
CaseModes modesOf(const oracle::Case& c);

// For each switch that is on: its name and the case with it off (the buffers unchanged; the result may be invalid).
std::vector<std::pair<std::string, oracle::Case>> switchedOff(const oracle::Case& c);

// How a failure shows: its status, whether a byte that must be kept was written (else a value is wrong), and the
// FIX-6 deviations that reproduce the output when the message names them (properties/diagnosis.hpp).
struct Symptom {
  std::string status;  // "FAIL", "CRASH", ...
  bool keptWritten = false;
  oracle::FixDeviations deviations = 0;
  std::string text() const;  // "FAIL: a wrong value", "FAIL: a wrong value as if the MCB shift ignored"
  bool sameOutcome(const Symptom& other) const { return status == other.status && keptWritten == other.keptWritten; }
};
// The symptom of a failing property's message ("... dst byte 64 (region guard): expected 0xa5, actual 0x00").
Symptom symptomOf(std::string_view status, std::string_view message);

struct FailureSignature {
  Symptom symptom;
  std::string conversion;
  std::vector<std::string> needed;  // the switches the failure needs
  std::string key() const;          // one string: what report.json's `signature` holds
  // A failure of case c with this symptom is this bug when c has the conversion and every needed switch on. A bug
  // named by a deviation (one) explains the part of a failure that deviation reproduces.
  bool explains(const Symptom& failure, const oracle::Case& c) const;
};

// Once the needed switches are known: a FIX-6 deviation that reproduces the output is the defect, whatever the
// switches (they only say which draws happened to show it); of several together, the first that `covered` (those
// of the bugs already known) lacks. Otherwise a failure that needs a layout switch (nz2nd, ndNum>1, channelSplit,
// the pads, small C0) moves wrong elements: its conversion and FIX-5's value switches do not name it.
void keepWhatTellsDefectsApart(FailureSignature& s, oracle::FixDeviations covered);

}  // namespace dcconf::run
