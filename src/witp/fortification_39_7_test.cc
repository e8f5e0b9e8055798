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

}  // namespace
}  // namespace pacwar::witp
