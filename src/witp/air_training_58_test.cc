#include "witp/air_training_58.h"

#include <gtest/gtest.h>

#include "engine/errors.h"

namespace pacwar::witp {
namespace {

// 58.1 B: 2D6 at or below the weeks counter succeeds; then 1D10 x 10% of the green APs,
// rounded up: 7 green APs, 3 weeks, DR 3, 1D10 of 4: 40% of 7 = 2.8, 3 upgraded.
TEST(Witp58_1, TrainingMissionUpgrade) {
  AirTrainingInput input{.weeks = 3, .green_aps = 7, .dice = 3, .d10 = 4};
  AirTrainingResult result = air_training(input);
  EXPECT_TRUE(result.success);
  EXPECT_EQ(result.percent, 40);
  EXPECT_EQ(result.upgraded, 3);
  EXPECT_EQ(result.still_green, 4);
  // 0 reads as ten: all of them (ruling R31).
  input.d10 = 0;
  EXPECT_EQ(air_training(input).upgraded, 7);
  // Above the counter: no upgrade, no 1D10 needed.
  input.dice = 4;
  input.d10 = -1;
  result = air_training(input);
  EXPECT_FALSE(result.success);
  EXPECT_EQ(result.upgraded, 0);
  EXPECT_EQ(result.still_green, 7);
}

// 58.1 B: Japanese APs training outside Japan add the 2D6 differential (ruling R30).
TEST(Witp58_1, JapaneseOutsideJapanAdverseDifferential) {
  AirTrainingInput input{.weeks = 5,
                         .green_aps = 4,
                         .dice = 3,
                         .japanese_outside_japan = true,
                         .adverse_first_die = 6,
                         .adverse_second_die = 3,
                         .d10 = 5};
  AirTrainingResult result = air_training(input);
  EXPECT_EQ(result.drm, 3);
  EXPECT_EQ(result.modified_dr, 6);
  EXPECT_FALSE(result.success);
  input.adverse_second_die = 5;
  result = air_training(input);
  EXPECT_EQ(result.modified_dr, 4);
  EXPECT_TRUE(result.success);
  EXPECT_EQ(result.upgraded, 2);
}

TEST(Witp58_1, RejectsBadInput) {
  EXPECT_THROW(air_training({.weeks = 0, .green_aps = 4, .dice = 3}), engine::UsageError);
  EXPECT_THROW(air_training({.weeks = 3, .green_aps = -1, .dice = 3}), engine::UsageError);
  EXPECT_THROW(air_training({.weeks = 3, .green_aps = 4, .dice = 13}), engine::UsageError);
  EXPECT_THROW(air_training({.weeks = 3, .green_aps = 4, .dice = 3, .d10 = 10}),
               engine::UsageError);
  EXPECT_THROW(
      air_training({.weeks = 3, .green_aps = 4, .dice = 3, .japanese_outside_japan = true}),
      engine::UsageError);  // the adverse 2D6 is missing
}

}  // namespace
}  // namespace pacwar::witp
