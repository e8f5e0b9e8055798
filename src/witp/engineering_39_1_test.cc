#include "witp/engineering_39_1.h"

#include <gtest/gtest.h>

#include "engine/errors.h"

namespace pacwar::witp {
namespace {

// 39.1.9 Example: two US ENGR Rgts. on the Ledo road in a jungle hex: 10 G/Ts for one ENGR, cut
// by no more than half: complete at the end of the 5th G/T.
TEST(Witp39_1_9, TwoEngineersHalveTenToFive) {
  EXPECT_EQ(hastened_construction(10, 2).gts, 5);
  EXPECT_EQ(hastened_construction(10, 3).gts, 5);  // never below half
  EXPECT_EQ(hastened_construction(10, 1).gts, 10);
  EXPECT_EQ(hastened_construction(5, 4).gts, 3);  // half of 5 rounded up
}

TEST(Witp39_1_9, RejectsBadInput) {
  EXPECT_THROW(hastened_construction(0, 2), engine::UsageError);
  EXPECT_THROW(hastened_construction(10, 0), engine::UsageError);
  EXPECT_THROW(hastened_construction(10, -2), engine::UsageError);
}

}  // namespace
}  // namespace pacwar::witp
