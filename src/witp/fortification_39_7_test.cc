#include "witp/fortification_39_7.h"

#include <gtest/gtest.h>

#include "engine/errors.h"

namespace pacwar::witp {
namespace {

// 39.7.3 Example: a 6-3 Rgt. and a 4-10 Div. (13 steps) in an intact 12/3 fortification: 13 - 3
// = 10; 12 - 10 = a Level-2 strength fortification.
TEST(Witp39_7_3, ThirteenStepsInTwelveThreeFortIsLevelTwo) {
  const FortResult result = fortification({.strength = 12, .size = 3, .steps = 13});
  EXPECT_EQ(result.excess_steps, 10);
  EXPECT_EQ(result.effective_strength, 2);
}

TEST(Witp39_7_3, NeverBelowOneAndFullWithinSize) {
  EXPECT_EQ(fortification({.strength = 5, .size = 3, .steps = 20}).effective_strength, 1);
  EXPECT_EQ(fortification({.strength = 8, .size = 4, .steps = 4}).effective_strength, 8);
}

// 39.7.4 "its strength and size levels are immediately halved (rounded down)".
TEST(Witp39_7_4, VacatedFortHalved) {
  const FortResult result = fortification({.strength = 9, .size = 5, .steps = 0});
  EXPECT_EQ(result.effective_strength, 0);
  EXPECT_EQ(result.vacated_strength, 4);
  EXPECT_EQ(result.vacated_size, 2);
}

TEST(Witp39_7_3, RejectsBadInput) {
  EXPECT_THROW(fortification({.strength = 15, .size = 3, .steps = 3}), engine::UsageError);
  EXPECT_THROW(fortification({.strength = 0, .size = 3, .steps = 3}), engine::UsageError);
  EXPECT_THROW(fortification({.strength = 5, .size = -3, .steps = 3}), engine::UsageError);
  EXPECT_THROW(fortification({.strength = 5, .size = 3, .steps = -3}), engine::UsageError);
}

// 39.7.3 Example: 1 Rgt. (3 steps) + 1 Bde. (5 steps) in an 8/3 fort; the Bde. succeeds: 8/3
// becomes 8/4. 39.7.2: 8+ for the Allies, 7+ for Japan.
TEST(Witp39_7_3, SizeUpgradeEightThreeToEightFour) {
  const FortUpgradeResult result = fort_upgrade(
      {.japanese = false, .dice = 8, .kind = FortUpgrade::kSize, .strength = 8, .size = 3});
  EXPECT_TRUE(result.success);
  EXPECT_EQ(result.strength, 8);
  EXPECT_EQ(result.size, 4);
}

TEST(Witp39_7_2, JapaneseSevenOthersEight) {
  EXPECT_TRUE(fort_upgrade({.japanese = true, .dice = 7, .strength = 3, .size = 3}).success);
  EXPECT_FALSE(fort_upgrade({.japanese = false, .dice = 7, .strength = 3, .size = 3}).success);
  EXPECT_EQ(
      fort_upgrade({.japanese = false, .dice = 6, .drm = 2, .strength = 3, .size = 3}).strength, 4);
  EXPECT_THROW(fort_upgrade({.dice = 13}), engine::UsageError);
  EXPECT_THROW(fort_upgrade({.dice = 12, .strength = 14, .size = 3}), engine::UsageError);
  EXPECT_THROW(fort_upgrade({.dice = 12, .strength = 4, .size = -1}), engine::UsageError);
  EXPECT_THROW(parse_fort_upgrade("--upgrade", "depth"), engine::UsageError);
}

TEST(Witp39_7_4, CapturedFortLosesDamageAndADie) {
  EXPECT_EQ(captured_fort_strength(9, 1, 3), 5);
  EXPECT_EQ(captured_fort_strength(3, 0, 6), 0);
  EXPECT_THROW(captured_fort_strength(9, -1, 3), engine::UsageError);
  EXPECT_THROW(captured_fort_strength(9, 1, 7), engine::UsageError);
}

}  // namespace
}  // namespace pacwar::witp
