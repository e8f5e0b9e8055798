#include "witp/last_man_27_8.h"

#include <gtest/gtest.h>

#include "engine/errors.h"

namespace pacwar::witp {
namespace {

// 27.8.1 Example: an Allied 4:1 attack: +3 to the attack DR, or +3 to the Japanese minimum
// casualty DR, or -3 to his own, or any combination totalling 3.
TEST(Witp27_8_1, AlliedFourToOneSplitsThree) {
  const LastManResult all_attack = last_man_drms({.odds = 4, .combat = 3});
  EXPECT_EQ(all_attack.pool, 3);
  EXPECT_EQ(all_attack.combat_drm, 2);  // base -1, +3
  const LastManResult split =
      last_man_drms({.odds = 4, .combat = 1, .enemy_casualty = 1, .own_casualty = 1});
  EXPECT_EQ(split.enemy_casualty_drm, 1);
  EXPECT_EQ(split.own_casualty_drm, -1);
  EXPECT_THROW(last_man_drms({.odds = 4, .combat = 2, .own_casualty = 2}), engine::UsageError);
  EXPECT_THROW(last_man_drms({.odds = 4, .combat = -1}), engine::UsageError);
  EXPECT_THROW(last_man_drms({.odds = 0}), engine::UsageError);
}

}  // namespace
}  // namespace pacwar::witp
