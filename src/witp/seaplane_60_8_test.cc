#include "witp/seaplane_60_8.h"

#include <gtest/gtest.h>

#include "engine/errors.h"

namespace pacwar::witp {
namespace {

// 60.8.2 Example: a non-engr unit with a TQ of 5 takes 3 G/Ts (14/5 = 2.8, rounded up).
TEST(Witp60_8_2, TqFiveTakesThreeGts) {
  const SeaplaneResult result = seaplane_construction({.level = 1, .tq = 5});
  EXPECT_EQ(result.gts, 3);
  EXPECT_EQ(result.cps, 3);
  EXPECT_EQ(seaplane_construction({.level = 2, .engineers = 2}).gts, 1);
  EXPECT_EQ(seaplane_construction({.level = 2, .engineers = 1}).gts, 2);
  EXPECT_EQ(seaplane_construction({.level = 2, .engineers = 1}).cps, 0);
}

TEST(Witp60_8_2, RejectsBadInput) {
  EXPECT_THROW(seaplane_construction({.level = 2, .tq = 5}), engine::UsageError);
  EXPECT_THROW(seaplane_construction({.level = 1, .tq = 0}), engine::UsageError);
  EXPECT_THROW(seaplane_construction({.level = 1, .engineers = -1}), engine::UsageError);
  EXPECT_THROW(seaplane_aa(3, 4), engine::UsageError);
}

TEST(Witp60_8_5, AaAndIsolatedCapacity) {
  EXPECT_EQ(seaplane_aa(1, 7), 8);
  EXPECT_EQ(seaplane_aa(2, 4), 12);
  EXPECT_EQ(seaplane_capacity(5, true), 2);
  EXPECT_EQ(seaplane_capacity(5, false), 5);
}

}  // namespace
}  // namespace pacwar::witp
