#include "witp/strategic_bombing_55.h"

#include <gtest/gtest.h>

#include "engine/data_dir.h"
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

// Three columns of a Bombardment of Ports & Airbases Table, for the tests only (the chartbook's
// cells are the player's): 1+ at DR 7 "-", 8 "S"; 50+ at DR 7 "S", 8 "D1", 12 "D2";
// 176+ at DR 7 "D1", 8 "D2", 10 "D3".
Tables ports_table() {
  Json rows = Json::array();
  auto cell = [&](std::int64_t column, std::int64_t dr, const char* result) {
    rows.push_back({{"min_strength", column}, {"dr", dr}, {"result", result}});
  };
  cell(1, 7, "-");
  cell(1, 8, "S");
  cell(50, 7, "S");
  cell(50, 8, "D1");
  cell(50, 12, "D2");
  cell(176, 7, "D1");
  cell(176, 8, "D2");
  cell(176, 10, "D3");
  const Json document = {{"format", "pacwar-witp-tables"},
                         {"version", 1},
                         {"tables", {{"bombardment_of_ports_and_airbases", {{"rows", rows}}}}}};
  return Tables::from_json(document, "test-tables.json");
}

// 55.3: the strength's column, 2D6 + DRMs; damage adds up to D4 (55.3.2).
TEST(Witp55_3, StrategicStrikeColumnAndCumulativeDamage) {
  const Tables tables = ports_table();
  StrategicStrikeResult result = strategic_strike({.strength = 120, .dice = 8}, tables);
  EXPECT_EQ(result.column, 50);
  EXPECT_EQ(result.result, 1);
  EXPECT_EQ(result.damage_after, 1);
  // D3 + D2 = D4 at most.
  result = strategic_strike({.strength = 176, .dice = 8, .current_damage = 3}, tables);
  EXPECT_EQ(result.result, 2);
  EXPECT_EQ(result.damage_after, 4);
  EXPECT_EQ(result.levels_inflicted, 1);
  // A red Industrial Center adds 1D6: 8 + 4 = 12 on the 50+ column, D2 on a suppressed center.
  result = strategic_strike({.strength = 60,
                             .dice = 8,
                             .red_industrial_center = true,
                             .red_die = 4,
                             .current_damage = kSuppressed},
                            tables);
  EXPECT_EQ(result.modified_dr, 12);
  EXPECT_EQ(result.damage_after, 2);
  // The net DRM of Rule Book I's procedure is the player's: 9 - 2 = 7.
  EXPECT_EQ(strategic_strike({.strength = 60, .dice = 9, .drm = -2}, tables).result, kSuppressed);
}

// 55.3.2: successive suppressed results have no cumulative effect.
TEST(Witp55_3_2, SuppressedResultsDoNotAccumulate) {
  EXPECT_EQ(add_bomb_damage(kNoDamage, kSuppressed), kSuppressed);
  EXPECT_EQ(add_bomb_damage(kSuppressed, kSuppressed), kSuppressed);
  EXPECT_EQ(add_bomb_damage(2, kSuppressed), 2);
  EXPECT_EQ(add_bomb_damage(kSuppressed, 1), 1);
  EXPECT_EQ(add_bomb_damage(1, kNoDamage), 1);
  EXPECT_EQ(add_bomb_damage(2, 3), 4);
  EXPECT_THROW(add_bomb_damage(5, 1), engine::UsageError);
}

// 55.3.4: a carrier raid shifts left by the 2D6 differential: 176+ shifted 2 is the 1+ column.
TEST(Witp55_3_4, CarrierRaidShiftsLeft) {
  const Tables tables = ports_table();
  const StrategicStrikeResult result = strategic_strike(
      {.strength = 176, .dice = 8, .carrier_raid = true, .raid_first_die = 5, .raid_second_die = 3},
      tables);
  EXPECT_EQ(result.printed_column, 176);
  EXPECT_EQ(result.left_shifts, 2);
  EXPECT_EQ(result.column, 1);
  EXPECT_EQ(result.result, kSuppressed);
  // Doubles: no shift. A shift past the leftmost column is refused (the text is silent).
  EXPECT_EQ(strategic_strike({.strength = 60,
                              .dice = 8,
                              .carrier_raid = true,
                              .raid_first_die = 3,
                              .raid_second_die = 3},
                             tables)
                .column,
            50);
  EXPECT_THROW(strategic_strike({.strength = 60,
                                 .dice = 8,
                                 .carrier_raid = true,
                                 .raid_first_die = 1,
                                 .raid_second_die = 3},
                                tables),
               engine::UsageError);
}

// 55.5.2: incendiary damage on a center damaged by normal attacks makes it all incendiary.
TEST(Witp55_5_2, IncendiaryDamageMarksTheCenter) {
  const Tables tables = ports_table();
  EXPECT_TRUE(
      strategic_strike({.strength = 60, .dice = 8, .current_damage = 2, .incendiary = true}, tables)
          .incendiary_after);
  EXPECT_FALSE(
      strategic_strike({.strength = 60, .dice = 7, .current_damage = 2, .incendiary = true}, tables)
          .incendiary_after);  // a suppressed result inflicts no level
  EXPECT_FALSE(strategic_strike({.strength = 60, .dice = 8}, tables).incendiary_after);
}

TEST(Witp55_3, StrategicStrikeRejectsBadInputAndMissingCells) {
  const Tables tables = ports_table();
  EXPECT_THROW(strategic_strike({.strength = 177, .dice = 8}, tables), engine::UsageError);
  EXPECT_THROW(strategic_strike({.strength = 0, .dice = 8}, tables), engine::UsageError);
  EXPECT_THROW(strategic_strike({.strength = 60, .dice = 13}, tables), engine::UsageError);
  EXPECT_THROW(strategic_strike({.strength = 60, .dice = 8, .red_industrial_center = true}, tables),
               engine::UsageError);  // the red die is 1-6
  try {
    strategic_strike({.strength = 60, .dice = 9}, tables);
    FAIL();
  } catch (const engine::UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("bombardment_of_ports_and_airbases"), std::string::npos)
        << e.what();
  }
  const Tables example = Tables::load(source_dir() + "/data/witp/tables.example.json");
  EXPECT_THROW(strategic_strike({.strength = 60, .dice = 8}, example), engine::UsageError);
  EXPECT_THROW(parse_damage_level("--current-damage", "D5"), engine::UsageError);
  EXPECT_EQ(parse_damage_level("--current-damage", "S"), kSuppressed);
}

// 41.1.4 / 41.1.7: after a passed TQ check, 1D6 (+2 for an ENGR) on the 176+ column.
TEST(Witp41_1_4, FacilityDemolition) {
  const Tables tables = ports_table();
  EXPECT_EQ(facility_demolition(true, 6, true, tables).result, 2);  // DR 8: D2
  EXPECT_EQ(facility_demolition(true, 6, true, tables).modified_dr, 8);
  EXPECT_FALSE(facility_demolition(false, 0, false, tables).attempted);
  EXPECT_THROW(facility_demolition(true, 7, false, tables), engine::UsageError);
  EXPECT_THROW(facility_demolition(true, 3, false, tables), engine::UsageError);  // no DR 3 cell
}

}  // namespace
}  // namespace pacwar::witp
