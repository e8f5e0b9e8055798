#include "witp/strategic_bombing_55.h"

#include <gtest/gtest.h>

#include "engine/errors.h"

namespace pacwar::witp {
namespace {

TEST(Witp55_3_1, HomelandCenterAa) {
  EXPECT_EQ(homeland_center_aa(4, 7, 2), 27);
  EXPECT_THROW(homeland_center_aa(-1, 0, 0), engine::UsageError);
}

TEST(Witp55_3_3, StrikesAbove176Divide) {
  EXPECT_EQ(split_strategic_strike(400), (std::vector<std::int64_t>{176, 176, 48}));
  EXPECT_EQ(split_strategic_strike(176), (std::vector<std::int64_t>{176}));
  EXPECT_THROW(split_strategic_strike(0), engine::UsageError);
}

TEST(Witp55_4, RepairAboveTheDamageLevelWithIncrementalDrms) {
  EXPECT_TRUE(bomb_damage_repair({.damage = 3, .die = 4}).success);
  EXPECT_EQ(bomb_damage_repair({.damage = 3, .die = 4}).damage_after, 0);
  EXPECT_FALSE(bomb_damage_repair({.damage = 3, .die = 4, .attempt = 2}).success);
  EXPECT_FALSE(bomb_damage_repair(
                   {.damage = 2, .die = 4, .attempt = 2, .outside_japan_without_engineer = true})
                   .success);
  EXPECT_TRUE(bomb_damage_repair({.damage = 0, .die = 2, .attempt = 2}).success);
  EXPECT_FALSE(bomb_damage_repair({.damage = 0, .die = 1, .attempt = 2}).success);
  EXPECT_THROW(bomb_damage_repair({.damage = 5, .die = 4}), engine::UsageError);
  EXPECT_THROW(bomb_damage_repair({.damage = 1, .die = 0}), engine::UsageError);
}

// 55.5: fire-bomb damage is reduced one level at a time.
TEST(Witp55_5, FireBombDamageOneLevelAtATime) {
  const BombRepairResult result = bomb_damage_repair({.damage = 3, .die = 6, .fire_bombed = true});
  EXPECT_TRUE(result.success);
  EXPECT_EQ(result.damage_after, 2);
}

TEST(Witp55_5_4, FireBombingSiShift) {
  EXPECT_TRUE(fire_bombing_si(5, 2, 3, true).shift);
  EXPECT_FALSE(fire_bombing_si(6, 2, 3, true).shift);
  EXPECT_FALSE(fire_bombing_si(3, 2, 3, false).shift);
  EXPECT_TRUE(fire_bombing_si(2, 2, 3, false).shift);
  EXPECT_THROW(fire_bombing_si(10, 2, 3, true), engine::UsageError);
}

TEST(Witp55_6, ABombs) {
  EXPECT_TRUE(first_abomb_dud(0, 0));
  EXPECT_FALSE(first_abomb_dud(0, 1));
  const AbombCollateral collateral = abomb_collateral(3, 10, 5, 4);
  EXPECT_EQ(collateral.replacement_level, 0);
  EXPECT_EQ(collateral.reserve_cps, 6);
  EXPECT_TRUE(abomb_availability(true, 2, 0, 0).available);  // 0 reads ten
  EXPECT_FALSE(abomb_availability(true, 2, 0, 9).available);
  EXPECT_TRUE(abomb_availability(true, 3, 1, 9).available);
  EXPECT_FALSE(abomb_availability(false, 2, 5, 9).eligible);
  EXPECT_FALSE(abomb_availability(true, 4, 5, 9).eligible);
  EXPECT_THROW(abomb_availability(true, 2, -1, 9), engine::UsageError);
}

}  // namespace
}  // namespace pacwar::witp
