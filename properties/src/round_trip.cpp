// NZ2ND-4 round-trip cases: ND2NZ with dstNzNStride 1 and dstNzC0Stride = N', then NZ2ND with srcNStride = N'.
#include <algorithm>
#include <stdexcept>

#include "dcconf/properties/generators.hpp"
#include "draw.hpp"

namespace dcconf::properties {

using namespace dcconf::oracle;
using namespace detail;

std::ostream& operator<<(std::ostream& os, const RoundTripCase& roundTrip) {
  const Nz2NdParamsFull& b = roundTrip.back;
  return os << "NZ2ND leg {ndNum " << b.ndNum << ", nValue " << b.nValue << ", dValue " << b.dValue
            << ", srcNdMatrixStride " << b.srcNdMatrixStride << ", srcNStride " << b.srcNStride << ", dstDStride "
            << b.dstDStride << ", dstNdMatrixStride " << b.dstNdMatrixStride << "} after the ND2NZ leg:\n"
            << roundTrip.nd2nz;
}

namespace {

RoundTripCase drawRoundTrip(const Scope& scope) {
  Case c = makeCase(Api::DataCopy, Position::GM, Position::A1, Nd2NzParams{});
  // the width must be one the scope allows: 2 or 4 bytes, whichever the scope's dtypes have
  std::vector<std::uint32_t> widths;
  for (const std::uint32_t width : {2u, 4u}) {
    if (std::any_of(allDTypes().begin(), allDTypes().end(),
                    [&](const DTypeInfo& d) { return d.sizeBytes == width && scope.allowsDType(d.dtype); })) {
      widths.push_back(width);
    }
  }
  if (widths.empty()) throw std::logic_error("NZ2ND-4 round trip needs a 16- or 32-bit dtype in scope");
  // The first leg is ND2NZ whatever path the run filters on. (Built, not assigned: GCC 12 warns falsely on
  // assigning a short literal to a std::string, GCC bug 105651.)
  const Scope nd2nzScope{scope.product, scope.dtypes, "*", scope.profile, scope.limits};
  drawProductAndDType(c, Operation::nd2nz, nd2nzScope, drawElement(widths));
  applyScopeProfile(c, scope);
  const bool wide = sizeBytes(c.dtype) == 4;
  // NZ2ND-4: 32-bit T needs an even nValue and N' = nValue for the permutation to be total
  const auto n = static_cast<std::uint16_t>(wide ? 2 * drawEdgy({1, 8}, 1, 16) : drawEdgy({1, 16, 15, 17}, 1, 33));
  const auto nPrime = static_cast<std::uint16_t>(wide ? n : n + drawEdgy({0}, 0, 16));
  const auto d = static_cast<std::uint16_t>(16 * drawEdgy({1, 2}, 1, 3));
  Nd2NzParams nd;
  nd.ndNum = 1;
  nd.nValue = n;
  nd.dValue = d;
  nd.srcDValue = static_cast<std::uint16_t>(d + drawEdgy({0}, 0, 4));
  nd.dstNzC0Stride = nPrime;
  nd.dstNzNStride = 1;
  nd.dstNzMatrixStride = 1;
  c.params = nd;
  RoundTripCase out;
  out.nd2nz = {drawBuffers(c)};
  out.back = Nz2NdParamsFull{1, n, d, 1, nPrime, static_cast<std::uint16_t>(d + drawEdgy({0}, 0, 8)), 1};
  const std::uint64_t gmElems = std::uint64_t{n - 1u} * out.back.dstDStride + d;
  out.gmBefore = seededBytes(*rc::gen::arbitrary<std::uint32_t>(), gmElems * sizeBytes(c.dtype));
  return out;
}

}  // namespace

rc::Gen<RoundTripCase> genRoundTrip(const Scope& scope) {
  return rc::gen::exec([=] { return drawRoundTrip(scope); });
}

}  // namespace dcconf::properties
