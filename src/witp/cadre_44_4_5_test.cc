#include "witp/cadre_44_4_5.h"

#include <gtest/gtest.h>

#include "engine/errors.h"

namespace pacwar::witp {
namespace {

// 44.4.5 Example: the 19th Indian Div. (TQ 6, 10 steps, release 0/9/44) moved in 1942: TQ 4,
// 5 steps, and 14 CPs to release it early.
TEST(Witp44_4_5, NineteenthIndianDivisionFourteenCps) {
  const CadreResult result =
      cadre_release({.printed_tq = 6, .printed_steps = 10, .years_early = 2});
  EXPECT_EQ(result.tq, 4);
  EXPECT_EQ(result.steps, 5);
  EXPECT_EQ(result.steps_removed, 5);
  EXPECT_EQ(result.release_cps, 14);
}

TEST(Witp44_4_5, OnTimeCostsNothingAndReplacementsTwoStepsOneCp) {
  const CadreResult result = cadre_release({.printed_tq = 5, .printed_steps = 3, .years_early = 0});
  EXPECT_EQ(result.release_cps, 0);
  EXPECT_EQ(result.steps, 3);
  EXPECT_EQ(cadre_release({.printed_tq = 5, .printed_steps = 3, .years_early = 1}).steps, 3);
  EXPECT_EQ(cadre_replacement_cost(3).cadre_steps, 6);
  EXPECT_EQ(cadre_replacement_cost(3).cps, 3);
}

TEST(Witp44_4_5, RejectsBadInput) {
  EXPECT_THROW(cadre_release({.printed_tq = 6, .printed_steps = -10, .years_early = 2}),
               engine::UsageError);
  EXPECT_THROW(cadre_release({.printed_tq = 6, .printed_steps = 10, .years_early = -1}),
               engine::UsageError);
  EXPECT_THROW(cadre_replacement_cost(-1), engine::UsageError);
  // Four years early leaves no steps (4 x 25%): refused, not a 0-step unit for 56 CPs.
  EXPECT_THROW(cadre_release({.printed_tq = 6, .printed_steps = 10, .years_early = 4}),
               engine::UsageError);
  EXPECT_EQ(cadre_release({.printed_tq = 6, .printed_steps = 10, .years_early = 3}).steps, 3);
}

}  // namespace
}  // namespace pacwar::witp
