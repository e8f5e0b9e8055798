#include "witp/rail_35.h"

#include <gtest/gtest.h>

#include "engine/data_dir.h"
#include "engine/errors.h"

namespace pacwar::witp {
namespace {

// 35.1.1: entrain/detrain cost by unit class, plus entrained steps halved (up), plus hexes.
TEST(Witp35_1_1, RailcapOfADivisionMove) {
  const RailcapResult result = railcap_used(
      {.unit = RailUnit::kOtherLarger, .steps = 7, .entrain = true, .detrain = true, .hexes = 9});
  EXPECT_EQ(result.entrain_cost, 14);
  EXPECT_EQ(result.detrain_cost, 14);
  EXPECT_EQ(result.entrained_steps_cost, 4);
  EXPECT_EQ(result.total, 41);
  EXPECT_EQ(
      railcap_used({.unit = RailUnit::kMechEngineerCavalry, .steps = 2, .entrain = true}).total, 7);
}

TEST(Witp35_2_3, RailAndGroundMovementCombined) {
  EXPECT_EQ(ground_mps_after_rail(7), 4);
  EXPECT_EQ(ground_mps_after_rail(0), 6);
  EXPECT_EQ(rail_hexes_after_ground(2), 24);
  EXPECT_THROW(ground_mps_after_rail(-1), engine::UsageError);
  EXPECT_THROW(rail_hexes_after_ground(7), engine::UsageError);
}

// 35.3.4 Example: 4 CPs spent on 1 ENGR unit repairs D4 damage level.
TEST(Witp35_3_4, FourCpsOnOneEngineerRepairD4) {
  EXPECT_EQ(rail_repair_by_engineer(4, 1), 4);
  EXPECT_EQ(rail_repair_by_unit(4, 2), 1);
  const RailCpRepair cps = rail_repair_by_cps(2, 5);
  EXPECT_EQ(cps.cps, 2);
  EXPECT_EQ(cps.levels, 3);
  EXPECT_THROW(rail_repair_by_cps(0, 5), engine::UsageError);
  EXPECT_THROW(rail_repair_by_engineer(-1, 1), engine::UsageError);
}

TEST(Witp35_5, RestoreTwoToOneIncreaseOneToOne) {
  const RailcapRaise restore = railcap_raise(6, 10, 15, 3, false);
  EXPECT_EQ(restore.cps, 6);
  EXPECT_EQ(restore.railcap, 9);
  const RailcapRaise both = railcap_raise(8, 10, 15, 4, true);
  EXPECT_EQ(both.restored, 2);
  EXPECT_EQ(both.increased, 2);
  EXPECT_EQ(both.cps, 4);
  EXPECT_THROW(railcap_raise(10, 10, 15, 1, false), engine::UsageError);
  EXPECT_THROW(railcap_raise(14, 10, 15, 2, true), engine::UsageError);
  EXPECT_THROW(railcap_raise(10, 10, 15, -1, true), engine::UsageError);
}

TEST(Witp35_1_1, RejectsBadInput) {
  EXPECT_THROW(parse_rail_unit("--unit", "armour"), engine::UsageError);
  EXPECT_THROW(railcap_used({.steps = -2}), engine::UsageError);
  EXPECT_THROW(railcap_used({.steps = 2, .hexes = -1}), engine::UsageError);
}

// 35.6.3 Example: Japan captures Singapore; Malaya's Railcap of 10; 5 CPs (net DRM +6), 2D6 of
// 7 on the 176+ column: 100% of Malaya's Railcap falls into Japanese hands.
TEST(Witp35_6_3, MalayaRailcapAllCaptured) {
  const Tables tables = Tables::load(source_dir() + "/data/witp/tables.example.json");
  const RailcapStrikeResult result =
      railcap_strike({.railcap = 10, .dice = 7, .drm = 5, .capture = true}, tables);
  EXPECT_EQ(result.modified_dr, 13);
  EXPECT_EQ(result.percent, 100);
  EXPECT_EQ(result.railcap, 10);
  // Any other cell is the chartbook's: refused, naming the table.
  EXPECT_THROW(railcap_strike({.railcap = 10, .dice = 7, .drm = 2, .capture = true}, tables),
               engine::UsageError);
  EXPECT_THROW(railcap_strike({.railcap = 10, .dice = 7, .drm = -1, .capture = true}, tables),
               engine::UsageError);
  EXPECT_THROW(railcap_strike({.railcap = -1, .dice = 7, .drm = 5}, tables), engine::UsageError);
}

// A tables file with one 176+ cell that is not 100%, to show the rounding (a test table, not
// the chartbook's).
Tables one_cell(std::int64_t dr, std::int64_t percent) {
  const Json document = {
      {"format", "pacwar-witp-tables"},
      {"version", 1},
      {"tables",
       {{"bombardment_of_air_points",
         {{"rows", {{{"min_strength", 176}, {"dr", dr}, {"percent", percent}}}}}}}}};
  return Tables::from_json(document, "test-tables.json");
}

// 35.7.1: the 35.6 procedure (base +1, +1 per CP) on the 176+ column; the Malaya cell (DR 13,
// 100%) reached by a demolition instead of a capture destroys all 10.
TEST(Witp35_7_1, DemolitionUsesTheCaptureProcedure) {
  const Tables tables = Tables::load(source_dir() + "/data/witp/tables.example.json");
  RailcapDemolitionResult result =
      railcap_demolition({.railcap = 10, .tq_check_passed = true, .dice = 7, .cps = 5}, tables);
  EXPECT_TRUE(result.attempted);
  EXPECT_EQ(result.drm, 6);
  EXPECT_EQ(result.modified_dr, 13);
  EXPECT_EQ(result.percent, 100);
  EXPECT_EQ(result.destroyed, 10);
  EXPECT_EQ(result.railcap_left, 0);
  // The enemy claims -1 for each broken unit of the demolishing side in the country.
  result = railcap_demolition(
      {.railcap = 10, .tq_check_passed = true, .dice = 7, .cps = 7, .broken_units = 2}, tables);
  EXPECT_EQ(result.modified_dr, 13);
  // An ENGR lead unit adds 2 (41.1.7).
  result = railcap_demolition(
      {.railcap = 10, .tq_check_passed = true, .dice = 7, .cps = 3, .engineer_lead = true}, tables);
  EXPECT_EQ(result.modified_dr, 13);
  EXPECT_EQ(result.destroyed, 10);
}

// 35.7.1: a failed TQ check ends the attempt; no roll, nothing destroyed.
TEST(Witp35_7_1, FailedTqCheckDestroysNothing) {
  const Tables none("data/witp/no-such-tables.json");
  const RailcapDemolitionResult result =
      railcap_demolition({.railcap = 10, .tq_check_passed = false}, none);
  EXPECT_FALSE(result.attempted);
  EXPECT_EQ(result.destroyed, 0);
  EXPECT_EQ(result.railcap_left, 10);
}

// 35.7.1 "the percentage (rounded down)": 55% of 7 is 3.85, 3 destroyed (a capture rounds up).
TEST(Witp35_7_1, PercentageRoundedDown) {
  const Tables tables = one_cell(9, 55);
  const RailcapDemolitionResult result =
      railcap_demolition({.railcap = 7, .tq_check_passed = true, .dice = 8}, tables);
  EXPECT_EQ(result.percent, 55);
  EXPECT_EQ(result.destroyed, 3);
  EXPECT_EQ(result.railcap_left, 4);
  EXPECT_EQ(railcap_strike({.railcap = 7, .dice = 8, .drm = 0, .capture = true}, tables).railcap,
            4);
}

TEST(Witp35_7_1, RejectsBadInputAndMissingCells) {
  const Tables tables = Tables::load(source_dir() + "/data/witp/tables.example.json");
  // Any cell but the Malaya one is the chartbook's: refused, naming the table.
  try {
    railcap_demolition({.railcap = 10, .tq_check_passed = true, .dice = 7}, tables);
    FAIL();
  } catch (const engine::UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("Bombardment of Air Points"), std::string::npos)
        << e.what();
  }
  EXPECT_THROW(railcap_demolition({.railcap = 10, .tq_check_passed = true, .dice = 13}, tables),
               engine::UsageError);
  EXPECT_THROW(railcap_demolition({.railcap = -1, .tq_check_passed = true, .dice = 7}, tables),
               engine::UsageError);
  EXPECT_THROW(
      railcap_demolition({.railcap = 10, .tq_check_passed = true, .dice = 7, .cps = -1}, tables),
      engine::UsageError);
  EXPECT_THROW(railcap_demolition(
                   {.railcap = 10, .tq_check_passed = true, .dice = 7, .broken_units = -1}, tables),
               engine::UsageError);
}

}  // namespace
}  // namespace pacwar::witp
