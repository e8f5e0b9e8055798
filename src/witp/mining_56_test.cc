#include "witp/mining_56.h"

#include <gtest/gtest.h>

#include "engine/errors.h"

namespace pacwar::witp {
namespace {

// 56.4.2 Example: 2 B-24s off Brunei (value 9), extended range, rolls 6 -> 5: (9 x 2) = 18;
// x 50% = 9 MSPs.
TEST(Witp56_4_2, BruneiNineMsps) {
  const MiningResult result =
      strategic_mining({.aps = 2, .resource_value = 9, .die = 6, .extended_range = true});
  EXPECT_EQ(result.modified_die, 5);
  EXPECT_EQ(result.percent, 50);
  EXPECT_EQ(result.msp_lost, 9);
}

// 56.4.3 Example: 4 B-29s against Yokohama (major port), extended range, rolls 5 -> 4:
// (5 x 4) = 20; x 40% = 8 MSPs.
TEST(Witp56_4_3, YokohamaEightMsps) {
  const MiningResult result = strategic_mining(
      {.aps = 4, .target = MiningTarget::kMajorPort, .die = 5, .extended_range = true});
  EXPECT_EQ(result.msp_lost, 8);
  EXPECT_EQ(strategic_mining({.aps = 1, .target = MiningTarget::kMinorPort, .die = 6}).msp_lost,
            2);  // 3 x 60% = 1.8
}

TEST(Witp56_4_2, RoundsHalfDownAndNetBelowOneIsZero) {
  // 1 x 5 x 50% = 2.5 -> 2 (".5 down"); 1 x 7 x 50% = 3.5 -> 3.
  EXPECT_EQ(strategic_mining({.aps = 1, .resource_value = 5, .die = 5}).msp_lost, 2);
  EXPECT_EQ(strategic_mining({.aps = 1, .resource_value = 7, .die = 5}).msp_lost, 3);
  EXPECT_EQ(strategic_mining({.aps = 1, .resource_value = 7, .die = 6}).msp_lost, 4);  // 4.2
  const MiningResult none = strategic_mining({.aps = 3,
                                              .resource_value = 9,
                                              .die = 2,
                                              .extended_range = true,
                                              .japanese_si_levels = 1,
                                              .night = true});
  EXPECT_EQ(none.modified_die, 0);
  EXPECT_EQ(none.msp_lost, 0);
}

TEST(Witp56_4_2, RejectsBadInput) {
  EXPECT_THROW(strategic_mining({.aps = -2, .resource_value = 9, .die = 6}), engine::UsageError);
  EXPECT_THROW(strategic_mining({.aps = 2, .resource_value = 9, .die = 7}), engine::UsageError);
  EXPECT_THROW(strategic_mining({.aps = 2, .resource_value = -9, .die = 3}), engine::UsageError);
  EXPECT_THROW(parse_mining_target("--target", "airfield"), engine::UsageError);
}

}  // namespace
}  // namespace pacwar::witp
