#include "witp/mtb_60_5.h"

#include <gtest/gtest.h>

#include "engine/errors.h"

namespace pacwar::witp {
namespace {

// 60.5.4 Example: "If 6 MTB points were screened, a counter-attack DR (2D6) of 4 would result in
// the loss of 2 MTB points."
TEST(Witp60_5_4, SixScreenedDiceFourLosesTwo) {
  EXPECT_EQ(mtb_counterattack_losses(6, 4), 2);
  EXPECT_EQ(mtb_counterattack_losses(6, 6), 0);
  EXPECT_EQ(mtb_counterattack_losses(6, 9), 0);
  EXPECT_THROW(mtb_counterattack_losses(6, 1), engine::UsageError);
  EXPECT_THROW(mtb_counterattack_losses(-1, 4), engine::UsageError);
}

TEST(Witp60_5_4, PointsAvailableCappedAtTwelve) {
  EXPECT_EQ(mtb_points_available({.dice = 7}), 7);
  EXPECT_EQ(mtb_points_available({.dice = 7, .located = true, .night = true}), 9);
  EXPECT_EQ(mtb_points_available({.dice = 12, .located = true, .night = true}), 12);
  EXPECT_EQ(mtb_points_available({.dice = 9, .mtb_points = 5}), 5);
  EXPECT_THROW(mtb_points_available({.dice = 13}), engine::UsageError);
}

// 60.5.6 Examples: 4 Kates, Air Combat 3: 4 x 3 = 12 / 2 = 6; 3 Zeros, Air Combat 5: 15 / 2 =
// 7.5, rounded up to 8.
TEST(Witp60_5_6, KateSixZeroEight) {
  EXPECT_EQ(mtb_air_attack_value(4, 3), 6);
  EXPECT_EQ(mtb_air_attack_value(3, 5), 8);
  EXPECT_EQ(mtb_air_losses(7, 4), 3);
  EXPECT_EQ(mtb_air_losses(4, 4), 0);
  EXPECT_EQ(mtb_air_losses(20, 4), 4);
  EXPECT_THROW(mtb_air_attack_value(-3, 5), engine::UsageError);
}

TEST(Witp60_5_8, AttritionZeroReadsTen) {
  EXPECT_EQ(mtb_attrition_losses(25, 0), 2);  // 10% of 25 = 2.5, rounded down
  EXPECT_EQ(mtb_attrition_losses(25, 3), 0);
  EXPECT_EQ(mtb_attrition_losses(40, 5), 2);
  EXPECT_THROW(mtb_attrition_losses(40, 11), engine::UsageError);
}

}  // namespace
}  // namespace pacwar::witp
