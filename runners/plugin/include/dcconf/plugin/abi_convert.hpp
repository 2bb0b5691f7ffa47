// The C++ case model <-> the plugin ABI's dcconf_case (runners/plugin/include/dcconf_backend.h), field for field.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "dcconf/oracle/case.hpp"
#include "dcconf_backend.h"

namespace dcconf::plugin {

// Fills every field, including struct_size and the resolved operation (DCCONF_OP_NONE for a malformed case).
// fixpipe.quantTensor and enhancedConversion.deqTensor point into c (no copy): the result is valid only while c lives and is not changed.
dcconf_case toAbi(const oracle::Case& c);

struct FromAbi {
  std::optional<oracle::Case> value;
  std::string error;  // one line naming the field whose value is out of range, when value is empty
};
// The inverse of toAbi; the operation field is derived, so it is not read back. Reads no field past c.struct_size
// (a v1.0 case, DCCONF_CASE_V1_0_SIZE bytes, has the 1.1 fields at their defaults; a 1.1 case the 1.2 ones; a 1.2
// case the 1.3 ones). Copies fixpipe.quantTensor and enhancedConversion.deqTensor out of their pointers (NULL with a
// non-zero length is an error).
FromAbi fromAbi(const dcconf_case& c);

// How many bytes of dcconf_case a reader must know to see everything this case says: DCCONF_CASE_V1_0_SIZE for the
// original operations, dtypes and profile fields, more for the 1.1 ones (fp4x2 dtypes, AMB-7, slice, DN2NZ,
// enhanced), the 1.2 ones (FIX: DataCopyCO12DstParams, the fixpipe state, AMB-8..12) and the 1.3 ones (the enhanced
// CO1->CO2 conversions: deqScale, srcDType, deqTensor; AMB-13..15). A plugin whose case_struct_size is smaller is
// not given the case (NOT_SUPPORTED without a call).
std::size_t abiCaseBytesNeeded(const oracle::Case& c);

}  // namespace dcconf::plugin
