#include "witp/air_attrition_37.h"

#include <gtest/gtest.h>

#include "engine/errors.h"

namespace pacwar::witp {
namespace {

TEST(Witp37_1, EightPercentUsTenPercentOthersHalfUp) {
  EXPECT_EQ(air_attrition({.nationality = Nationality::kUs, .aps = 50}).losses, 4);     // 4.0
  EXPECT_EQ(air_attrition({.nationality = Nationality::kUs, .aps = 25}).losses, 2);     // 2.0
  EXPECT_EQ(air_attrition({.nationality = Nationality::kOther, .aps = 25}).losses, 3);  // 2.5
  EXPECT_EQ(air_attrition({.nationality = Nationality::kOther, .aps = 24}).losses, 2);  // 2.4
  // Doubled APs count twice: 20 + 5 = 25 -> 2.5 -> 3.
  EXPECT_EQ(air_attrition({.aps = 20, .doubled = 5}).counted, 25);
  EXPECT_EQ(air_attrition({.aps = 20, .doubled = 5}).losses, 3);
}

TEST(Witp37_1, RejectsBadInput) {
  EXPECT_THROW(air_attrition({.aps = -1}), engine::UsageError);
  EXPECT_THROW(air_attrition({.aps = 3, .doubled = 4}), engine::UsageError);
  EXPECT_THROW(parse_nationality("--nationality", "martian"), engine::UsageError);
}

// 37.1.3 Examples: 13 FTR losses -> no more than 10 Army; 12 BMR losses -> no more than 8 Army.
TEST(Witp37_1_3, ThirteenFightersTenArmyTwelveBombersEightArmy) {
  EXPECT_EQ(max_army_losses(JapaneseBlock::kFighter, 13), 10);
  EXPECT_EQ(max_army_losses(JapaneseBlock::kBomber, 12), 8);
  EXPECT_EQ(max_army_losses(JapaneseBlock::kFighter, 1), 0);
  EXPECT_EQ(max_army_losses(JapaneseBlock::kFighter, 0), 0);
  EXPECT_EQ(max_army_losses(JapaneseBlock::kFighter, 5), 3);  // 4:1 is not less than 4:1
  EXPECT_THROW(max_army_losses(JapaneseBlock::kBomber, -1), engine::UsageError);
}

// 37.1.7 Example: one elite and one non-elite G3M at Kwajalein: the elite AP has a 1/3 chance.
TEST(Witp37_1_7, EliteOneThirdChance) {
  const EliteChance chance = elite_attrition_chance(1, 1);
  EXPECT_EQ(chance.numerator, 1);
  EXPECT_EQ(chance.denominator, 3);
  EXPECT_EQ(elite_attrition_chance(2, 0).numerator, 1);
  EXPECT_EQ(elite_attrition_chance(2, 0).denominator, 1);
  EXPECT_THROW(elite_attrition_chance(0, 0), engine::UsageError);
}

}  // namespace
}  // namespace pacwar::witp
