// The adaptive per-call timeout (issue 29 item 5): the budget follows the backend's observed call times, scaled by
// bytes for large calls, within [1 s, --timeout-ms]; an operation is spent after two timeouts or
// CallBudget::kCrashesToSpend crashes.
#include <gtest/gtest.h>

#include "../src/call_budget.hpp"

namespace dcconf::run {
namespace {

TEST(CallBudget, IsTheCapUntilACallWasAnswered) {
  const CallBudget budget(10000);
  EXPECT_EQ(budget.budgetMs(100), 10000u);
  EXPECT_EQ(budget.budgetMs(std::uint64_t{1} << 30), 10000u);
}

TEST(CallBudget, IsTwentyTimesTheSlowestSmallCallWithinOneSecondAndTheCap) {
  CallBudget budget(10000);
  budget.observe(512, 0.001);
  EXPECT_EQ(budget.budgetMs(512), 1000u) << "20 ms is below the 1 s floor";
  budget.observe(512, 0.2);
  EXPECT_EQ(budget.budgetMs(512), 4000u);
  budget.observe(512, 0.01);  // a faster call does not lower the budget
  EXPECT_EQ(budget.budgetMs(512), 4000u);
  budget.observe(512, 3.0);
  EXPECT_EQ(budget.budgetMs(512), 10000u) << "never above --timeout-ms";
}

TEST(CallBudget, ScalesLargeCallsByBytes) {
  CallBudget budget(60000);
  budget.observe(1024, 0.001);
  budget.observe(1 << 20, 0.1);  // 0.1 s per MiB
  EXPECT_EQ(budget.budgetMs(1024), 1000u);
  EXPECT_EQ(budget.budgetMs(std::uint64_t{8} << 20), 16000u) << "8 MiB: 20 x 0.8 s";
  EXPECT_EQ(budget.budgetMs(std::uint64_t{64} << 20), 60000u) << "capped";
}

TEST(CallBudget, ACapBelowTheFloorWins) {
  CallBudget budget(150);
  budget.observe(64, 0.0001);
  EXPECT_EQ(budget.budgetMs(64), 150u);
}

TEST(CallBudget, AnOperationIsSpentAfterTwoTimeoutsAndSaysWhyWithItsLastBudget) {
  CallBudget budget(10000);
  EXPECT_FALSE(budget.spent("DataCopyPad GM->UB"));
  budget.timedOut("DataCopyPad GM->UB", 1000);
  EXPECT_FALSE(budget.spent("DataCopyPad GM->UB"));
  budget.timedOut("DataCopyPad GM->UB", 1200);
  EXPECT_TRUE(budget.spent("DataCopyPad GM->UB"));
  EXPECT_FALSE(budget.spent("DataCopy GM->UB")) << "per operation";
  EXPECT_EQ(budget.spentReason("DataCopyPad GM->UB").rfind("not run: DataCopyPad GM->UB timed out 2 times in this "
                                                           "run (last budget 1200 ms)", 0),
            0u);
}

TEST(CallBudget, AnOperationIsSpentAfterABoundedNumberOfCrashesAndSaysHowMany) {
  CallBudget budget(10000);
  for (std::uint32_t k = 1; k < CallBudget::kCrashesToSpend; ++k) budget.crashed("DataCopy GM->UB");
  EXPECT_FALSE(budget.spent("DataCopy GM->UB"));
  budget.crashed("DataCopy GM->UB");
  EXPECT_TRUE(budget.spent("DataCopy GM->UB"));
  EXPECT_TRUE(budget.spentByCrashes("DataCopy GM->UB"));
  EXPECT_FALSE(budget.spent("DataCopyPad GM->UB")) << "per operation";
  EXPECT_EQ(budget.spentReason("DataCopy GM->UB")
                .rfind("not run: DataCopy GM->UB crashed the backend " + std::to_string(CallBudget::kCrashesToSpend) +
                           " times in this run",
                       0),
            0u);
  // two timeouts spend it as well; the reason then names the timeouts
  CallBudget both(10000);
  both.timedOut("DataCopy GM->UB", 1000);
  both.timedOut("DataCopy GM->UB", 1000);
  EXPECT_FALSE(both.spentByCrashes("DataCopy GM->UB"));
  EXPECT_EQ(both.spentReason("DataCopy GM->UB").rfind("not run: DataCopy GM->UB timed out 2", 0), 0u);
}

}  // namespace
}  // namespace dcconf::run
