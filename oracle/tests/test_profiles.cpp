// Ambiguity profiles (SEMANTICS section 12): parsing and naming, then each AMB-n under default and under its
// other profile(s): AMB-1 hw-noop, AMB-2 any/doc-dummy/pad-dummy, AMB-3 doc-table, AMB-4 hw-wrap, AMB-6 doc-range.
#include "test_support.hpp"

namespace dcconf::oracle::test {
namespace {

Profile profile(std::string_view spec) {
  const ProfileParse parsed = parseProfile(spec);
  EXPECT_TRUE(parsed.profile.has_value()) << parsed.error;
  return parsed.profile.value_or(Profile{});
}

TEST(Profiles, ParseAndName) {
  EXPECT_EQ(profile("default"), Profile{});
  EXPECT_EQ(profile(""), Profile{});
  EXPECT_EQ(profileName(Profile{}), "default");
  Profile want;
  want.zeroCount = Profile::ZeroCount::hwNoop;
  EXPECT_EQ(profile("hw-noop"), want);
  want.padDummy = Profile::PadDummy::docDummy;
  want.calCountOverflow = Profile::CalCountOverflow::hwWrap;
  EXPECT_EQ(profile(" hw-noop , doc-dummy,hw-wrap "), want);
  EXPECT_EQ(profileName(want), "hw-noop,doc-dummy,hw-wrap");
  EXPECT_EQ(profile(profileName(want)), want);
  // later words override earlier ones for the same AMB
  EXPECT_EQ(profile("doc-dummy,pad-dummy").padDummy, Profile::PadDummy::padDummy);
  EXPECT_EQ(profile("pad-dummy").padDummy, Profile::PadDummy::padDummy);
  // "default" resets whatever came before it
  EXPECT_EQ(profile("hw-noop,doc-dummy,default"), Profile{});
  EXPECT_EQ(profile("hw-noop,default,hw-wrap").zeroCount, Profile::ZeroCount::reject);
  EXPECT_EQ(profile("doc-table").tscmGmStrideUnit, Profile::TscmGmStrideUnit::docTable32);
  EXPECT_EQ(profile("doc-range").nd2nzZeroMatrixStride, Profile::Nd2NzZeroMatrixStride::docRange);
  EXPECT_EQ(profile("c-api-page").smallC0Polarity, Profile::SmallC0Polarity::cApiPage);  // AMB-7
  EXPECT_EQ(Profile{}.smallC0Polarity, Profile::SmallC0Polarity::basicApiPage);
  EXPECT_EQ(profileName(profile("c-api-page,doc-range")), "doc-range,c-api-page");
  const ProfileParse bad = parseProfile("hw-noop,hw-nope");
  EXPECT_FALSE(bad.profile.has_value());
  EXPECT_NE(bad.error.find("hw-nope"), std::string::npos) << bad.error;
  const std::vector<std::string_view> names{"default", "hw-noop", "doc-dummy", "pad-dummy",
                                            "doc-table", "hw-wrap", "doc-range", "c-api-page",
                                            // AMB-8..12 (FIX-7)
                                            "offset-signed", "offset-unsigned", "shift-raw", "shift-plus-one",
                                            "deq-rne", "deq-trunc", "relu-before-offset", "relu-after-offset",
                                            "negscale-signed", "negscale-magnitude",
                                            // AMB-13..15 (ENH-4)
                                            "vdeq-repeat", "vdeq-advance", "deq16-no-offset", "deq16-offset",
                                            "sid-matmul",
                                            // turn 3: AMB-17..20, and the default's readings of AMB-7 / AMB-15
                                            "byte-len", "pad-raw", "enh-len-block", "enh-len-32b",
                                            "deqf16-mcb-int16", "deqf16-mcb-half",
                                            // issue 31 (project): AMB-21/22, PaddingMode::Compact
                                            "cmp-pads-ignored", "cmp-pads-run", "cmp-stride-ignored",
                                            "cmp-stride-bytes",
                                            // issue 31 item 3 (project): AMB-23, the 950 Fixpipe's zero counts
                                            "fix950-zero-reject",
                                            // issue 31 item 6 (project): AMB-33/41, the GM->UB ND2NZ
                                            "nd2nzub-page", "nd2nzub-c0-8",
                                            // issue 31 item 5 (project): AMB-38/39, the UB->L1 ND2NZ
                                            "nd2nzu2l1-page", "nd2nzu2l1-move",
                                            // issue 31 item 8 (project): AMB-40..42, BroadCastVecToMM
                                            "brc-dstgap-gap", "brc-dstgap-stride", "brc-half-len-16",
                                            "brc-half-len-64b", "brc-align-64b",
                                            // issue 31 item 9 (project): AMB-35..37, NDDMA
                                            "nddma-b64-wrap", "nddma-interleave-any", "nddma-size0-noop",
                                            "basic-api-page", "sid-doc"};
  EXPECT_EQ(allProfileNames(), names);
  for (const auto n : names) EXPECT_TRUE(parseProfile(n).profile.has_value()) << n;
}

// Turn 3: every reading has a name. The AMB-17..20 words change the profile and name themselves; basic-api-page
// and sid-doc pin what the default already takes (so they undo c-api-page / sid-matmul, and name as "default").
TEST(Profiles, Turn3Words) {
  for (const char* word : {"byte-len", "pad-raw", "enh-len-block", "enh-len-32b", "deqf16-mcb-int16", "deqf16-mcb-half"}) {
    const Profile p = *parseProfile(word).profile;
    EXPECT_NE(p, Profile{}) << word;
    EXPECT_EQ(profileName(p), word);
  }
  EXPECT_EQ(parseProfile("byte-len").profile->padBlockLen, Profile::PadBlockLen::byteLen);
  EXPECT_EQ(parseProfile("pad-raw").profile->padRawValue, Profile::PadRawValue::padRaw);
  EXPECT_EQ(parseProfile("enh-len-32b").profile->enhBlockLenUnit, Profile::EnhBlockLenUnit::dataBlock32);
  EXPECT_EQ(parseProfile("deqf16-mcb-half").profile->deqf16Mcb, Profile::Deqf16Mcb::half);
  EXPECT_EQ(Profile{}.enhBlockLenUnit, Profile::EnhBlockLenUnit::any);  // AMB-19/20 open by default
  EXPECT_EQ(Profile{}.deqf16Mcb, Profile::Deqf16Mcb::any);
  EXPECT_EQ(*parseProfile("basic-api-page").profile, Profile{});
  EXPECT_EQ(*parseProfile("sid-doc").profile, Profile{});
  EXPECT_EQ(*parseProfile("c-api-page,basic-api-page").profile, Profile{});
  EXPECT_EQ(*parseProfile("sid-matmul,sid-doc").profile, Profile{});
  EXPECT_EQ(profileName(*parseProfile("sid-matmul,enh-len-32b").profile), "sid-matmul,enh-len-32b");
}

// Issue 31 item 9 (project): the NDDMA words each set their own AMB field, name themselves and round-trip; the
// default rejects (validity).
TEST(Profiles, NdDmaWords) {
  EXPECT_EQ(Profile{}.ndDmaZeroSize, Profile::NdDmaZeroSize::reject);
  Profile want;
  want.ndDmaZeroSize = Profile::NdDmaZeroSize::noop;
  EXPECT_EQ(profile("nddma-size0-noop"), want);
  EXPECT_EQ(profileName(want), "nddma-size0-noop");
  EXPECT_EQ(profile("nddma-size0-noop,default"), Profile{});
  EXPECT_EQ(Profile{}.ndDmaInterleave, Profile::NdDmaInterleave::reject);
  want.ndDmaInterleave = Profile::NdDmaInterleave::any;
  EXPECT_EQ(profile("nddma-size0-noop, nddma-interleave-any"), want);
  EXPECT_EQ(profileName(want), "nddma-interleave-any,nddma-size0-noop");
  EXPECT_EQ(profile(profileName(want)), want);
  EXPECT_EQ(Profile{}.ndDmaB64Stride, Profile::NdDmaB64Stride::reject);
  EXPECT_EQ(profile("nddma-b64-wrap").ndDmaB64Stride, Profile::NdDmaB64Stride::wrap);
  want.ndDmaB64Stride = Profile::NdDmaB64Stride::wrap;
  EXPECT_EQ(profileName(want), "nddma-b64-wrap,nddma-interleave-any,nddma-size0-noop");
  EXPECT_EQ(profile(profileName(want)), want);
}

// ---- AMB-1: blockCount / blockLen == 0 ------------------------------------------------------------------------

TEST(Profiles, Amb1ZeroCountsRejectedByDefaultNoopUnderHwNoop) {
  std::vector<Case> cases;
  Case g = makeCase(Api::DataCopyPad, Position::GM, Position::VECIN, DType::half, DataCopyExtParams{0, 0, 0, 0, 0}, 64, 64);
  g.padParams = DataCopyPadExtParams{true, 1, 1, 0};
  cases.push_back(g);
  Case gp = makeCase(Api::DataCopyPad, Position::GM, Position::VECOUT, DType::half, DataCopyParams{1, 0, 0, 0}, 64, 64);
  gp.padParams = DataCopyPadParams{};
  cases.push_back(gp);
  cases.push_back(makeCase(Api::DataCopyPad, Position::VECOUT, Position::GM, DType::float_,
                           DataCopyExtParams{0, 64, 0, 0, 0}, 64, 64));
  Case t = makeCase(Api::DataCopyPad, Position::VECIN, Position::TSCM, DType::half, DataCopyExtParams{1, 0, 0, 0, 0}, 64,
                    64);
  t.nd2nzParams = Nd2NzParams{1, 0, 16, 0, 16, 1, 1, 1};
  cases.push_back(t);
  cases.push_back(makeCase(Api::DataCopy, Position::GM, Position::VECIN, DType::half, DataCopyParams{0, 1, 0, 0}, 64, 64));
  cases.push_back(makeCase(Api::DataCopy, Position::GM, Position::A1, DType::half, DataCopyParams{3, 0, 1, 1}, 64, 64));
  for (Case c : cases) {
    SCOPED_TRACE(pathName(c.srcPos, c.dstPos) + " " + std::string(typeName(c.params)));
    Trial r = runCase(c);
    EXPECT_EQ(r.eval.verdict, Verdict::invalid);
    ASSERT_FALSE(r.eval.violations.empty());
    for (const Violation& v : r.eval.violations) EXPECT_EQ(v.value, "0") << describe(v);
    c.profile = profile("hw-noop");
    expectNoop(runCase(c));
  }
}

// hw-noop changes nothing for a non-zero case.
TEST(Profiles, Amb1HwNoopLeavesOrdinaryCasesAlone) {
  Case c = makeCase(Api::DataCopyPad, Position::VECIN, Position::GM, DType::half, DataCopyExtParams{2, 10, 0, 1, 0}, 64, 64);
  const Trial a = runCase(c);
  c.profile = profile("hw-noop");
  const Trial b = runCase(c);
  ASSERT_EQ(a.eval.verdict, Verdict::computed);
  EXPECT_EQ(a.eval.expectation.expected, b.eval.expectation.expected);
  EXPECT_EQ(a.eval.expectation.care, b.eval.expectation.care);
  EXPECT_EQ(a.eval.footprint.writes, b.eval.footprint.writes);
}

// ---- AMB-2: dummy bytes ---------------------------------------------------------------------------------------

struct DummyCase {
  std::uint8_t left, right;
  bool isPad;
};

// float, blockLen 8 (2 elements) + pads; pad value 0x11223344. Returns the dummy bytes' (care, value) per profile.
Trial dummyTrial(const DummyCase& d, std::string_view spec) {
  const std::uint64_t W = 32;
  Case c = makeCase(Api::DataCopyPad, Position::GM, Position::VECIN, DType::float_, DataCopyExtParams{1, 8, 0, 0, 0}, 8,
                    W);
  c.padParams = DataCopyPadExtParams{d.isPad, d.left, d.right, 0x11223344};
  c.profile = profile(spec);
  Bytes src{0xA1, 0xA2, 0xA3, 0xA4, 0xB1, 0xB2, 0xB3, 0xB4};
  return runCase(c, src);
}

TEST(Profiles, Amb2DummyBytes) {
  const std::uint8_t padBytes[4] = {0x44, 0x33, 0x22, 0x11};
  const std::uint8_t firstElement[4] = {0xA1, 0xA2, 0xA3, 0xA4};
  for (const DummyCase d : {DummyCase{0, 0, false}, DummyCase{0, 0, true}, DummyCase{1, 0, false},
                            DummyCase{1, 0, true}, DummyCase{0, 2, true}, DummyCase{0, 2, false}}) {
    const std::uint64_t dummyStart = 4 * (d.left + d.right) + 8;
    for (const char* spec : {"default", "doc-dummy", "pad-dummy"}) {
      SCOPED_TRACE(std::string(spec) + " L " + std::to_string(d.left) + " R " + std::to_string(d.right) +
                   (d.isPad ? " isPad" : " !isPad"));
      const Trial r = dummyTrial(d, spec);
      ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
      const std::string_view s(spec);
      for (std::uint64_t k = dummyStart; k < 32; ++k) {
        EXPECT_EQ(r.eval.expectation.region[k], Region::dummy);
        const std::uint64_t j = (k - dummyStart) % 4;
        if (s == "default") {
          EXPECT_EQ(r.eval.expectation.care[k], 0);  // ANY
        } else if (s == "doc-dummy" && d.left == 0 && d.right == 0) {
          EXPECT_EQ(r.eval.expectation.care[k], 1);  // the block's first element, whatever isPad says
          EXPECT_EQ(r.eval.expectation.expected[k], firstElement[j]);
        } else if (d.isPad) {  // doc-dummy with a pad, or pad-dummy: the padding value
          EXPECT_EQ(r.eval.expectation.care[k], 1);
          EXPECT_EQ(r.eval.expectation.expected[k], padBytes[j]);
        } else {
          EXPECT_EQ(r.eval.expectation.care[k], 0);
        }
      }
    }
  }
}

// ---- AMB-3: UB -> TSCM GM-leg dstStride unit ----------------------------------------------------------------

TEST(Profiles, Amb3TscmGmStrideUnit) {
  // half, 2 rows of 16 halves; dstStride 2: bytes (default) -> GM pitch 34 bytes = 17 halves;
  // doc-table (32-byte units) -> GM pitch 32 + 64 = 96 bytes = 48 halves
  for (const bool docTable : {false, true}) {
    const std::uint16_t srcD = docTable ? 48 : 17;
    Case c = makeCase(Api::DataCopyPad, Position::VECIN, Position::TSCM, DType::half, DataCopyExtParams{2, 32, 0, 2, 0},
                      64, 64 + 32);
    c.nd2nzParams = Nd2NzParams{1, 2, 16, 0, srcD, 2, 1, 1};
    if (docTable) c.profile = profile("doc-table");
    const Trial r = runCase(c);
    ASSERT_EQ(r.eval.verdict, Verdict::computed) << violationsText(r.eval.violations);
    // NZ block r = row r; row 1 must be UB block 1 exactly when srcDValue matches the pitch
    for (std::uint64_t b = 0; b < 64; ++b) {
      EXPECT_EQ(r.eval.expectation.expected[b], r.src[b]) << (docTable ? "doc-table " : "bytes ") << b;
      EXPECT_EQ(r.eval.expectation.care[b], 1);
    }
    // with the other profile's pitch, row 1 is read from the wrong workspace place
    Case other = c;
    other.profile = profile(docTable ? "default" : "doc-table");
    const Trial o = runCase(other);
    ASSERT_EQ(o.eval.verdict, Verdict::computed);
    bool differs = false;
    for (std::uint64_t b = 32; b < 64; ++b) {
      differs = differs || o.eval.expectation.care[b] == 0 || o.eval.expectation.expected[b] != r.src[b];
    }
    EXPECT_TRUE(differs);
  }
}

// ---- AMB-4: 2-level block count over 65535 ------------------------------------------------------------------

TEST(Profiles, Amb4CalCountOverflow) {
  // half calCount (65536 + 1) * 16: 65537 whole blocks; default rejects, hw-wrap moves 65537 mod 65536 = 1 block
  Case c = makeCase(Api::DataCopy, Position::GM, Position::VECIN, DType::half, CalCount{65537 * 16}, 64, 96);
  Trial r = runCase(c);
  EXPECT_EQ(r.eval.verdict, Verdict::invalid);
  EXPECT_VIOLATION(r.eval.violations, "DC-3", "params.calCount", std::to_string(65537 * 16));
  c.profile = profile("hw-wrap");
  r = runCase(c);
  Model m(r.src, r.dst);
  for (std::uint64_t k = 0; k < 32; ++k) m.copy(k, k);
  expectComputedAsModel(r, m);
  // exactly 65536 blocks wraps to nothing
  c.params = CalCount{65536 * 16};
  expectNoop(runCase(c));
  // at 65535 blocks both profiles agree
  c.params = CalCount{65535 * 16};
  c.src.sizeBytes = c.dst.sizeBytes = 65535 * 32;
  EXPECT_EQ(runCase(c).eval.verdict, Verdict::computed);
  c.profile = Profile{};
  EXPECT_EQ(runCase(c).eval.verdict, Verdict::computed);
}

// ---- AMB-6: dstNzMatrixStride == 0 with ndNum <= 1 ----------------------------------------------------------

TEST(Profiles, Amb6ZeroMatrixStride) {
  for (const std::uint16_t ndNum : {std::uint16_t{0}, std::uint16_t{1}, std::uint16_t{2}}) {
    SCOPED_TRACE("ndNum " + std::to_string(ndNum));
    Case c = makeCase(Api::DataCopy, Position::GM, Position::A1, DType::half, Nd2NzParams{ndNum, 2, 16, 16, 16, 2, 1, 0},
                      128, 128);
    const Trial def = runCase(c);
    if (ndNum <= 1) {
      EXPECT_EQ(def.eval.verdict, Verdict::computed) << violationsText(def.eval.violations);
    } else {
      EXPECT_EQ(def.eval.verdict, Verdict::invalid);
      EXPECT_VIOLATION(def.eval.violations, "ND2NZ-1", "params.dstNzMatrixStride", "0");
    }
    c.profile = profile("doc-range");
    const Trial strict = runCase(c);
    EXPECT_EQ(strict.eval.verdict, Verdict::invalid);
    EXPECT_VIOLATION(strict.eval.violations, "ND2NZ-1", "params.dstNzMatrixStride", "0");
  }
  // the same on the UB -> TSCM path's Nd2NzParams
  Case t = makeCase(Api::DataCopyPad, Position::VECIN, Position::TSCM, DType::half, DataCopyExtParams{1, 32, 0, 0, 0}, 64,
                    64);
  t.nd2nzParams = Nd2NzParams{1, 1, 16, 0, 16, 1, 1, 0};
  EXPECT_EQ(runCase(t).eval.verdict, Verdict::computed);
  t.profile = profile("doc-range");
  EXPECT_VIOLATION(runCase(t).eval.violations, "ND2NZ-1", "nd2nzParams.dstNzMatrixStride", "0");
}

}  // namespace
}  // namespace dcconf::oracle::test
