#include "witp/production_52_4.h"

#include <gtest/gtest.h>

#include "engine/errors.h"

namespace pacwar::witp {
namespace {

// 52.4.1 Example: 1 CV initiated in 0/1/43 allows no more than 2 in 0/2/43.
TEST(Witp52_4_1, OneCvThenAtMostTwo) {
  EXPECT_EQ(production_gearing_limit(1), 2);
  EXPECT_EQ(production_gearing_limit(0), 1);
  EXPECT_THROW(production_gearing_limit(-1), engine::UsageError);
}

TEST(Witp52_4_1, CvGearingRollOfSixPlusOnePerRoll) {
  EXPECT_TRUE(cv_gearing_stops(6, 1));
  EXPECT_FALSE(cv_gearing_stops(5, 1));
  EXPECT_TRUE(cv_gearing_stops(5, 2));
  EXPECT_THROW(cv_gearing_stops(7, 1), engine::UsageError);
}

}  // namespace
}  // namespace pacwar::witp
