#include "witp/china_47.h"

#include <gtest/gtest.h>

#include "engine/errors.h"

namespace pacwar::witp {
namespace {

TEST(Witp47_6_2, TenPointsAStepRoundingHalfUp) {
  EXPECT_EQ(chinese_replacement_steps(14), 1);
  EXPECT_EQ(chinese_replacement_steps(15), 2);
  EXPECT_EQ(chinese_replacement_steps(4), 0);
  EXPECT_EQ(chinese_replacement_steps(216), 22);
  EXPECT_THROW(chinese_replacement_steps(-1), engine::UsageError);
}

// 47.17 Example: a Japanese Inf. Div. of TQ 6 with 10 steps equals 16 garrison points.
TEST(Witp47_17, InfantryDivisionSixteenGarrisonPoints) {
  const GarrisonResult one = china_garrison({{6, 10}}, 0);
  EXPECT_EQ(one.total, 16);
  EXPECT_FALSE(one.sufficient);
  const GarrisonResult many = china_garrison(std::vector<GarrisonUnit>(13, {6, 10}), 8);
  EXPECT_EQ(many.total, 216);
  EXPECT_TRUE(many.sufficient);
  EXPECT_THROW(china_garrison({{6, -1}}, 0), engine::UsageError);
  EXPECT_THROW(china_garrison({{6, 10}}, -3), engine::UsageError);
}

}  // namespace
}  // namespace pacwar::witp
