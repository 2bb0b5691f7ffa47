// The launch table (host/device.cpp kernelEntries, mirrored by kernels/launch.asc): every family and destination a
// call can have maps to one kernel entry whose core type is the one the vendor's headers run that copy on (GM -> L1
// and FIX on the cube core, UB copies on the vector core, UB -> TSCM on both: docs/cann.md, "Core types"). The
// expected rows are written out by hand from that reading, not derived from the table.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <set>

#include "dcconf/vectors/vectors.hpp"
#include "fake_device.hpp"

namespace dcconf::cann {
namespace {

const std::filesystem::path kGolden = std::filesystem::path(DCCONF_SOURCE_DIR) / "vectors/golden";

struct Expected {
  DcconfCannFamily family;
  DcconfCannPosition dst;
  std::string_view name;  // "" = no entry
  DcconfCannCoreType core;
  DcconfCannPosition src = DCCONF_CANN_POS_GM;  // the rows' source where it matters (UB -> L1), GM otherwise
};

// One row per (family, destination) the case format allows (SEMANTICS path lists).
constexpr Expected kExpected[] = {
    {DCCONF_CANN_FAMILY_PAD_GM_TO_UB, DCCONF_CANN_POS_VECIN, "pad_gm_to_ub", DCCONF_CANN_CORE_AIV},
    {DCCONF_CANN_FAMILY_PAD_GM_TO_UB, DCCONF_CANN_POS_VECOUT, "pad_gm_to_ub", DCCONF_CANN_CORE_AIV},
    {DCCONF_CANN_FAMILY_PAD_UB_TO_GM, DCCONF_CANN_POS_GM, "pad_ub_to_gm", DCCONF_CANN_CORE_AIV},
    {DCCONF_CANN_FAMILY_PAD_UB_TO_TSCM, DCCONF_CANN_POS_TSCM, "pad_ub_to_tscm", DCCONF_CANN_CORE_MIX,
     DCCONF_CANN_POS_VECIN},
    {DCCONF_CANN_FAMILY_COPY_0LEVEL, DCCONF_CANN_POS_VECIN, "copy_0level", DCCONF_CANN_CORE_AIV},
    {DCCONF_CANN_FAMILY_COPY_0LEVEL, DCCONF_CANN_POS_VECOUT, "copy_0level", DCCONF_CANN_CORE_AIV},
    {DCCONF_CANN_FAMILY_COPY_0LEVEL, DCCONF_CANN_POS_GM, "copy_0level", DCCONF_CANN_CORE_AIV},
    {DCCONF_CANN_FAMILY_COPY_0LEVEL, DCCONF_CANN_POS_A1, "copy_0level_l1", DCCONF_CANN_CORE_AIC},
    {DCCONF_CANN_FAMILY_COPY_0LEVEL, DCCONF_CANN_POS_B1, "copy_0level_l1", DCCONF_CANN_CORE_AIC},
    {DCCONF_CANN_FAMILY_COPY_2LEVEL, DCCONF_CANN_POS_VECIN, "copy_2level", DCCONF_CANN_CORE_AIV},
    {DCCONF_CANN_FAMILY_COPY_2LEVEL, DCCONF_CANN_POS_VECOUT, "copy_2level", DCCONF_CANN_CORE_AIV},
    {DCCONF_CANN_FAMILY_COPY_2LEVEL, DCCONF_CANN_POS_GM, "copy_2level", DCCONF_CANN_CORE_AIV},
    {DCCONF_CANN_FAMILY_COPY_2LEVEL, DCCONF_CANN_POS_A1, "copy_2level_l1", DCCONF_CANN_CORE_AIC},
    {DCCONF_CANN_FAMILY_COPY_2LEVEL, DCCONF_CANN_POS_B1, "copy_2level_l1", DCCONF_CANN_CORE_AIC},
    {DCCONF_CANN_FAMILY_ND2NZ, DCCONF_CANN_POS_A1, "nd2nz", DCCONF_CANN_CORE_AIC},
    {DCCONF_CANN_FAMILY_ND2NZ, DCCONF_CANN_POS_B1, "nd2nz", DCCONF_CANN_CORE_AIC},
    {DCCONF_CANN_FAMILY_NZ2ND, DCCONF_CANN_POS_GM, "nz2nd", DCCONF_CANN_CORE_AIV},
    {DCCONF_CANN_FAMILY_SLICE, DCCONF_CANN_POS_VECIN, "slice", DCCONF_CANN_CORE_AIV},
    {DCCONF_CANN_FAMILY_SLICE, DCCONF_CANN_POS_GM, "slice", DCCONF_CANN_CORE_AIV},
    {DCCONF_CANN_FAMILY_DN2NZ, DCCONF_CANN_POS_A1, "dn2nz", DCCONF_CANN_CORE_AIC},
    {DCCONF_CANN_FAMILY_DN2NZ, DCCONF_CANN_POS_B1, "dn2nz", DCCONF_CANN_CORE_AIC},
    {DCCONF_CANN_FAMILY_ENHANCED_NORMAL, DCCONF_CANN_POS_VECIN, "enhanced_normal", DCCONF_CANN_CORE_AIV},
    {DCCONF_CANN_FAMILY_ENHANCED_NORMAL, DCCONF_CANN_POS_VECOUT, "enhanced_normal", DCCONF_CANN_CORE_AIV},
    {DCCONF_CANN_FAMILY_ENHANCED_NORMAL, DCCONF_CANN_POS_GM, "enhanced_normal", DCCONF_CANN_CORE_AIV},
    {DCCONF_CANN_FAMILY_ENHANCED_NORMAL, DCCONF_CANN_POS_A1, "enhanced_normal_l1", DCCONF_CANN_CORE_AIC},
    {DCCONF_CANN_FAMILY_ENHANCED_NORMAL, DCCONF_CANN_POS_B1, "enhanced_normal_l1", DCCONF_CANN_CORE_AIC},
    {DCCONF_CANN_FAMILY_FIXPIPE, DCCONF_CANN_POS_GM, "fixpipe", DCCONF_CANN_CORE_AIC},
    {DCCONF_CANN_FAMILY_FIXPIPE, DCCONF_CANN_POS_A1, "fixpipe", DCCONF_CANN_CORE_AIC},
    {DCCONF_CANN_FAMILY_ENHANCED_CO1_TO_CO2, DCCONF_CANN_POS_CO2, "", DCCONF_CANN_CORE_NONE},
    // PAD-CMP (issue 31 item 1, dav-3510): GM <-> UB like the Normal DataCopyPad, so the vector core (dav_3510
    // CopyGmToUbufAlignV2 / CopyUbufToGmAlignV2 sit behind the same AIV-only DataCopyPad entry points).
    {DCCONF_CANN_FAMILY_PAD_COMPACT_GM_TO_UB, DCCONF_CANN_POS_VECIN, "pad_compact_gm_to_ub", DCCONF_CANN_CORE_AIV},
    {DCCONF_CANN_FAMILY_PAD_COMPACT_GM_TO_UB, DCCONF_CANN_POS_VECOUT, "pad_compact_gm_to_ub", DCCONF_CANN_CORE_AIV},
    {DCCONF_CANN_FAMILY_PAD_COMPACT_UB_TO_GM, DCCONF_CANN_POS_GM, "pad_compact_ub_to_gm", DCCONF_CANN_CORE_AIV},
    // FIX950 (issue 31 items 3, 4, dav-3510): dav_3510 FixpipeL0C2GMImpl / FixpipeL0C2UBImpl run `if ASCEND_IS_AIC`;
    // toward the UB the two AIVs own the destination UBs (the fixpipe_l0c2ub example: __mix__(1, 2)).
    {DCCONF_CANN_FAMILY_FIXPIPE_950, DCCONF_CANN_POS_GM, "fixpipe_950", DCCONF_CANN_CORE_AIC},
    {DCCONF_CANN_FAMILY_FIXPIPE_950, DCCONF_CANN_POS_VECIN, "fixpipe_950_ub", DCCONF_CANN_CORE_MIX_1_2},
    {DCCONF_CANN_FAMILY_FIXPIPE_950, DCCONF_CANN_POS_VECOUT, "fixpipe_950_ub", DCCONF_CANN_CORE_MIX_1_2},
    // ND2NZUB (issue 31 item 6): DataCopyGM2UBND2NZImpl runs `if ASCEND_IS_AIV` (dav_3510) / returns
    // `if ASCEND_IS_NOT_AIV` (dav_c220): the vector core, unlike the GM -> A1/B1 ND2NZ above.
    {DCCONF_CANN_FAMILY_ND2NZ_GM_TO_UB, DCCONF_CANN_POS_VECIN, "nd2nz_gm_to_ub", DCCONF_CANN_CORE_AIV},
    // DC-5 / ND2NZ-6 (issue 31 item 5, dav-3510): issued by the vector core (CopyUbufToCbuf `if ASCEND_IS_AIV`) into
    // L1, which only the cube core loads and reads back: MIX, one AIC and two AIVs (not 1:1, which would select the
    // vendor's KFC message route).
    {DCCONF_CANN_FAMILY_COPY_0LEVEL, DCCONF_CANN_POS_A1, "copy_0level_ub_to_l1", DCCONF_CANN_CORE_MIX_1_2,
     DCCONF_CANN_POS_VECIN},
    {DCCONF_CANN_FAMILY_COPY_0LEVEL, DCCONF_CANN_POS_B1, "copy_0level_ub_to_l1", DCCONF_CANN_CORE_MIX_1_2,
     DCCONF_CANN_POS_VECOUT},
    {DCCONF_CANN_FAMILY_COPY_2LEVEL, DCCONF_CANN_POS_A1, "copy_2level_ub_to_l1", DCCONF_CANN_CORE_MIX_1_2,
     DCCONF_CANN_POS_VECOUT},
    {DCCONF_CANN_FAMILY_COPY_2LEVEL, DCCONF_CANN_POS_B1, "copy_2level_ub_to_l1", DCCONF_CANN_CORE_MIX_1_2,
     DCCONF_CANN_POS_VECIN},
    {DCCONF_CANN_FAMILY_ND2NZ, DCCONF_CANN_POS_TSCM, "nd2nz_ub_to_l1", DCCONF_CANN_CORE_MIX_1_2,
     DCCONF_CANN_POS_VECIN},
    {DCCONF_CANN_FAMILY_ND2NZ, DCCONF_CANN_POS_TSCM, "nd2nz_ub_to_l1", DCCONF_CANN_CORE_MIX_1_2,
     DCCONF_CANN_POS_VECOUT},
    // NDDMA (issue 31 item 9, dav-3510): the DataCopy<T, dim, config> GM -> VECIN returns `if ASCEND_IS_AIC`.
    {DCCONF_CANN_FAMILY_NDDMA, DCCONF_CANN_POS_VECIN, "nddma", DCCONF_CANN_CORE_AIV},
};

// The status word the fake answers when the block is launched on the entry (buffers as the block sizes them).
std::uint32_t fakeStatus(const DcconfCannTiling& tiling, const KernelEntry& entry, Arch arch) {
  std::unique_ptr<FakeDevice> device = FakeDevice::make("fast", fakeCapabilities(arch));
  LaunchBuffers b;
  std::vector<std::uint8_t> block(sizeof tiling);
  std::memcpy(block.data(), &tiling, sizeof tiling);
  EXPECT_EQ(device->alloc(block.size(), b.tiling), "");
  EXPECT_EQ(device->alloc(tiling.srcDeviceBytes, b.src), "");
  EXPECT_EQ(device->alloc(tiling.dstDeviceBytes, b.dst), "");
  EXPECT_EQ(device->alloc(kStatusBytes, b.status), "");
  EXPECT_EQ(device->copyIn(b.tiling, block), "");
  EXPECT_EQ(device->launch(entry, b), "");
  std::uint32_t word = 0xFFFFFFFFu;
  std::vector<std::uint8_t> status(kStatusBytes);
  EXPECT_EQ(device->copyOut(b.status, status), "");
  std::memcpy(&word, status.data(), sizeof word);
  return word;
}

bool fromUb(DcconfCannPosition pos) { return pos == DCCONF_CANN_POS_VECIN || pos == DCCONF_CANN_POS_VECOUT; }

// The row of (family, dst); for an L1 destination also of the source's side (UB or not: item 5's rows).
const Expected* expectedFor(DcconfCannFamily family, DcconfCannPosition src, DcconfCannPosition dst) {
  const bool l1 = dst == DCCONF_CANN_POS_A1 || dst == DCCONF_CANN_POS_B1 || dst == DCCONF_CANN_POS_TSCM;
  for (const Expected& row : kExpected) {
    if (row.family == family && row.dst == dst && (!l1 || fromUb(row.src) == fromUb(src))) return &row;
  }
  return nullptr;
}

TEST(CannEntries, CoreTypes_EveryFamilyAndDestinationMapsToTheEntryOnItsCore) {
  for (const Expected& row : kExpected) {
    const KernelEntry& entry = entryOf(row.family, row.src, row.dst);
    const std::string where = std::string(familyName(row.family)) + " -> dst position " + std::to_string(row.dst);
    EXPECT_EQ(entry.name, row.name) << where;
    EXPECT_EQ(coreTypeName(entry.core), coreTypeName(row.core)) << where;
    if (!row.name.empty()) {
      EXPECT_EQ(entry.family, row.family) << where;
    }
  }
}

// Every family a build has kernels for has at least one entry, and every entry code is used once (one switch case
// each in kernels/launch.asc) under a unique kernel name.
TEST(CannEntries, CoreTypes_TableCoversEveryBuiltFamilyOnce) {
  std::set<int> codes;
  std::set<std::string_view> names;
  for (const KernelEntry& entry : kernelEntries()) {
    EXPECT_TRUE(codes.insert(entry.entry).second) << entry.name;
    EXPECT_TRUE(names.insert(entry.name).second) << entry.name;
    EXPECT_NE(entry.core, DCCONF_CANN_CORE_NONE) << entry.name;
  }
  EXPECT_EQ(codes.size(), static_cast<std::size_t>(DCCONF_CANN_ENTRY_COUNT) - 1);
  for (const Arch arch : {Arch::dav2201, Arch::dav3510}) {
    for (const DcconfCannFamily family : kernelCapabilities(arch).families) {
      const bool any = std::any_of(kernelEntries().begin(), kernelEntries().end(),
                                   [family](const KernelEntry& e) { return e.family == family; });
      EXPECT_TRUE(any) << familyName(family);
    }
  }
}

// The golden set's calls, as they reach the launch table: each has an entry, on the core the hand table gives.
TEST(CannEntries, CoreTypes_GoldenVectorsRouteToTheExpectedCore) {
  vectors::Loaded loaded = vectors::loadSet(kGolden);
  ASSERT_TRUE(loaded.set) << loaded.problems.front().oneLine();
  std::size_t routed = 0;
  for (const vectors::Vector& v : loaded.set->vectors) {
    const EncodeResult encoded = encode(v.data.c);
    if (!encoded.encoded) continue;  // malformed calls never reach a launch
    const DcconfCannTiling& t = encoded.encoded->tiling;
    const auto family = static_cast<DcconfCannFamily>(t.family);
    const auto dst = static_cast<DcconfCannPosition>(t.dstPos);
    const auto src = static_cast<DcconfCannPosition>(t.srcPos);
    const Expected* row = expectedFor(family, src, dst);
    ASSERT_NE(row, nullptr) << v.tcId << ": no hand-written row for " << familyName(family) << " dst " << int{t.dstPos};
    EXPECT_EQ(entryOf(family, src, dst).name, row->name) << v.tcId;
    EXPECT_EQ(coreTypeName(entryOf(family, src, dst).core), coreTypeName(row->core)) << v.tcId;
    ++routed;
  }
  EXPECT_GT(routed, 0u);
}

// The fake plays the kernel's own check: an entry that does not take the block's destination answers BAD_PATH, one
// for another family BAD_FAMILY, the right one OK.
TEST(CannEntries, CoreTypes_FakeRefusesTheOtherCoresEntry) {
  vectors::Loaded loaded = vectors::loadSet(kGolden);
  ASSERT_TRUE(loaded.set) << loaded.problems.front().oneLine();
  const vectors::Vector* gmToVecin = nullptr;
  for (const vectors::Vector& v : loaded.set->vectors) {
    const oracle::Case& c = v.data.c;
    if (v.result == vectors::Result::valid && c.srcPos == oracle::Position::GM &&
        c.dstPos == oracle::Position::VECIN && encode(c).encoded &&
        encode(c).encoded->tiling.family == DCCONF_CANN_FAMILY_COPY_0LEVEL) {
      gmToVecin = &v;
      break;
    }
  }
  ASSERT_NE(gmToVecin, nullptr) << "the golden set has a DC GM->VECIN vector";
  const DcconfCannTiling tiling = encode(gmToVecin->data.c).encoded->tiling;
  const auto statusOf = [&](const KernelEntry& entry) { return fakeStatus(tiling, entry, Arch::dav2201); };
  constexpr DcconfCannPosition gm = DCCONF_CANN_POS_GM, vecin = DCCONF_CANN_POS_VECIN, a1 = DCCONF_CANN_POS_A1;
  EXPECT_EQ(statusOf(entryOf(DCCONF_CANN_FAMILY_COPY_0LEVEL, gm, vecin)), DCCONF_CANN_STATUS_OK);
  EXPECT_EQ(statusOf(entryOf(DCCONF_CANN_FAMILY_COPY_0LEVEL, gm, a1)), DCCONF_CANN_STATUS_BAD_PATH);
  EXPECT_EQ(statusOf(entryOf(DCCONF_CANN_FAMILY_COPY_0LEVEL, vecin, a1)), DCCONF_CANN_STATUS_BAD_PATH);  // item 5
  EXPECT_EQ(statusOf(entryOf(DCCONF_CANN_FAMILY_ND2NZ, gm, a1)), DCCONF_CANN_STATUS_BAD_FAMILY);
}

// FIX950: a CO1->GM block runs on fixpipe_950 and is refused by fixpipe_950_ub (BAD_PATH) and by FIX's entry
// (BAD_FAMILY); a CO1->VECOUT block the other way round.
TEST(CannEntries, CoreTypes_FakeRoutesFix950ByDestination) {
  oracle::Case c;
  c.product = oracle::Product::ascend950;
  c.api = oracle::Api::DataCopy;
  c.srcPos = oracle::Position::CO1;
  c.dstPos = oracle::Position::GM;
  c.dtype = oracle::DType::float_;
  oracle::DataCopyCO12DstParams p;
  p.nSize = 16;
  p.mSize = 1;
  p.srcStride = 16;
  p.dstStride = 16;
  c.params = p;
  c.fixpipe = oracle::FixpipeState{};
  c.fixpipe->srcDType = oracle::DType::float_;
  c.fixpipe->layout = oracle::Co2Layout::ROW_MAJOR;
  c.src = {64, 0};
  c.dst = {64, 0};
  const KernelEntry& gm = entryOf(DCCONF_CANN_FAMILY_FIXPIPE_950, DCCONF_CANN_POS_CO1, DCCONF_CANN_POS_GM);
  const KernelEntry& ub = entryOf(DCCONF_CANN_FAMILY_FIXPIPE_950, DCCONF_CANN_POS_CO1, DCCONF_CANN_POS_VECOUT);
  const KernelEntry& fix = entryOf(DCCONF_CANN_FAMILY_FIXPIPE, DCCONF_CANN_POS_CO1, DCCONF_CANN_POS_GM);
  const DcconfCannTiling toGm = encode(c).encoded.value().tiling;
  EXPECT_EQ(fakeStatus(toGm, gm, Arch::dav3510), DCCONF_CANN_STATUS_OK);
  EXPECT_EQ(fakeStatus(toGm, ub, Arch::dav3510), DCCONF_CANN_STATUS_BAD_PATH);
  EXPECT_EQ(fakeStatus(toGm, fix, Arch::dav3510), DCCONF_CANN_STATUS_BAD_FAMILY);
  c.dstPos = oracle::Position::VECOUT;
  const DcconfCannTiling toUb = encode(c).encoded.value().tiling;
  EXPECT_EQ(fakeStatus(toUb, ub, Arch::dav3510), DCCONF_CANN_STATUS_OK);
  EXPECT_EQ(fakeStatus(toUb, gm, Arch::dav3510), DCCONF_CANN_STATUS_BAD_PATH);
}

}  // namespace
}  // namespace dcconf::cann
