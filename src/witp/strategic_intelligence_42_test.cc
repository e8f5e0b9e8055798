#include "witp/strategic_intelligence_42.h"

#include <gtest/gtest.h>

#include "engine/data_dir.h"
#include "engine/errors.h"

namespace pacwar::witp {
namespace {

// 42.2.2: +1 Sigint 2 / Magic 2; +2 3 / 5; +3 5 / 8.
TEST(Witp42_2_2, CapabilitiesBySiDifferential) {
  EXPECT_EQ(si_effects(3, 2).sigint, 2);
  EXPECT_EQ(si_effects(3, 2).magic, 2);
  EXPECT_EQ(si_effects(3, 1).magic, 5);
  EXPECT_EQ(si_effects(4, 1).sigint, 5);
  EXPECT_EQ(si_effects(4, 1).magic, 8);
  EXPECT_EQ(si_effects(2, 2).sigint, 0);
  EXPECT_EQ(si_effects(1, 3).magic, 0);
  EXPECT_EQ(si_effects(3, 3).deception, 2);  // 42.3.5
  EXPECT_THROW(si_effects(5, 1), engine::UsageError);
  EXPECT_THROW(si_effects(2, 4), engine::UsageError);
}

// 42.2.3 Example: at +3 a DR of 7 gives 7 Sigint and 7 Magic.
TEST(Witp42_2_3, RandomCapabilities) {
  EXPECT_EQ(random_si_effects({4, 1, 3, 4}).sigint, 7);
  EXPECT_EQ(random_si_effects({4, 1, 3, 4}).magic, 7);
  EXPECT_EQ(random_si_effects({2, 1, 5, 2}).sigint, 2);
  const SiEffects split = random_si_effects({3, 1, 5, 2, "split"});
  EXPECT_EQ(split.sigint, 5);
  EXPECT_EQ(split.magic, 2);
  EXPECT_THROW(random_si_effects({3, 1, 5, 2, "both"}), engine::UsageError);
}

TEST(Witp42_5_3, SiPlusChitsAtMostTwoAndLevelThree) {
  EXPECT_EQ(japanese_si_level(1, 1), 2);
  EXPECT_EQ(japanese_si_level(1, 5), 3);
  EXPECT_EQ(japanese_si_level(2, 2), 3);
  EXPECT_EQ(allied_si_level(4, true, false), 4);
  EXPECT_EQ(allied_si_level(3, true, true), 2);
  EXPECT_EQ(allied_si_level(2, false, true), 1);
  EXPECT_THROW(japanese_si_level(4, 0), engine::UsageError);
  EXPECT_THROW(japanese_si_level(2, -1), engine::UsageError);
}

TEST(Witp42_8, Jn25DoublesOrSeven) {
  EXPECT_TRUE(jn25_takes_effect(3, 3));
  EXPECT_TRUE(jn25_takes_effect(2, 5));
  EXPECT_FALSE(jn25_takes_effect(2, 4));
  EXPECT_EQ(jn25_counters(6), 6);
  EXPECT_EQ(jn25_counters(3), 4);
}

TEST(Witp42_3_1, SigintCardsTenPercentPerPip) {
  EXPECT_EQ(sigint_cards(3, 14), 5);  // 30% of 14 = 4.2, up
  EXPECT_EQ(sigint_cards(6, 5), 3);
  EXPECT_THROW(sigint_cards(3, -1), engine::UsageError);
}

TEST(Witp42_4, MagicDrawIsSeeded) {
  const ChitCups cups = load_chit_cups(source_dir() + "/data/witp/chit_cups.json");
  engine::Rng a(11);
  engine::Rng b(11);
  const MagicDraw first = draw_magic(cups, 5, a);
  EXPECT_EQ(first.chits, draw_magic(cups, 5, b).chits);
  EXPECT_GE(first.chits.size(), 5u);
  EXPECT_THROW(draw_magic(cups, -1, a), engine::UsageError);
}

TEST(Witp42_7, YamamotoSeventyFivePercentUp) {
  EXPECT_EQ(yamamoto_cps_lost(30), 23);
  EXPECT_EQ(yamamoto_cps_lost(0), 0);
}

// Two columns of a Bombardment of Air Points Table at DR 7, for the test only (the chartbook's
// cells are the player's).
Tables two_columns() {
  const Json document = {{"format", "pacwar-witp-tables"},
                         {"version", 1},
                         {"tables",
                          {{"bombardment_of_air_points",
                            {{"rows",
                              {{{"min_strength", 1}, {"dr", 7}, {"percent", 25}},
                               {{"min_strength", 21}, {"dr", 7}, {"percent", 35}}}}}}}}};
  return Tables::from_json(document, "test-tables.json");
}

// 42.7: all six effects. 30 CPs in the Combined Fleet HQ lose 23; HQs of 8 and 4 in its radius
// lose 6 and 3; a reserve of 30 on the 21+ column at DR 7 (35%) loses 10.5, rounded to 11, into
// a special future operations pool; Koga's 10 CPs from the HQ's 7 left take only those 7.
TEST(Witp42_7, YamamotoMissionAllEffects) {
  YamamotoInput input;
  input.hq = {30, 30};
  input.others = {{8, 8}, {4, 4}};
  input.reserve_cps = 30;
  input.reserve_dice = 7;
  input.koga = KogaPaidFrom::kHq;
  input.si_dice = 9;
  const YamamotoResult result = yamamoto_mission(input, two_columns());
  EXPECT_EQ(result.hq_lost, 23);
  EXPECT_EQ(result.others_lost, (std::vector<std::int64_t>{6, 3}));
  EXPECT_EQ(result.reserve_column, 21);
  EXPECT_EQ(result.reserve_percent, 35);
  EXPECT_EQ(result.reserve_lost, 11);
  EXPECT_EQ(result.koga_cps, 7);
  EXPECT_EQ(result.hq_left, 0);
  EXPECT_EQ(result.reserve_left, 19);
  EXPECT_EQ(result.si_plus_chits, 9);
  // Koga paid from the reserve instead: 10 of the 19 left.
  input.koga = KogaPaidFrom::kReserve;
  const YamamotoResult from_reserve = yamamoto_mission(input, two_columns());
  EXPECT_EQ(from_reserve.koga_cps, 10);
  EXPECT_EQ(from_reserve.reserve_left, 9);
  EXPECT_EQ(from_reserve.hq_left, 7);
  // A reserve of 20 reads the 1+ column: 25% of 20 = 5.
  input.reserve_cps = 20;
  EXPECT_EQ(yamamoto_mission(input, two_columns()).reserve_lost, 5);
}

// 42.7: CPs already spent cannot be lost; an empty reserve needs no table; Koga never forces
// the payer below 0.
TEST(Witp42_7, YamamotoLossesNeverBelowZero) {
  YamamotoInput input;
  input.hq = {40, 12};  // 75% of 40 is 30, but only 12 are left
  input.reserve_cps = 4;
  input.reserve_dice = 7;
  input.koga = KogaPaidFrom::kReserve;
  const YamamotoResult result = yamamoto_mission(input, two_columns());
  EXPECT_EQ(result.hq_lost, 12);
  EXPECT_EQ(result.reserve_lost, 1);  // 25% of 4
  EXPECT_EQ(result.koga_cps, 3);
  EXPECT_EQ(result.reserve_left, 0);
  input.reserve_cps = 0;
  input.koga = KogaPaidFrom::kNone;
  const YamamotoResult empty = yamamoto_mission(input, Tables("no-tables.json"));
  EXPECT_EQ(empty.reserve_lost, 0);
  EXPECT_EQ(empty.koga_cps, 0);
}

TEST(Witp42_7, YamamotoRejectsBadInputAndMissingCells) {
  YamamotoInput input;
  input.hq = {30, 30};
  input.reserve_cps = 30;
  input.reserve_dice = 8;  // no cell at DR 8: the chartbook's, refused naming the table
  try {
    yamamoto_mission(input, two_columns());
    FAIL();
  } catch (const engine::UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("bombardment_of_air_points"), std::string::npos)
        << e.what();
  }
  input.reserve_dice = 1;
  EXPECT_THROW(yamamoto_mission(input, two_columns()), engine::UsageError);
  input.reserve_dice = 7;
  input.si_dice = 13;
  EXPECT_THROW(yamamoto_mission(input, two_columns()), engine::UsageError);
  input.si_dice = 7;
  input.hq = {-1, 0};
  EXPECT_THROW(yamamoto_mission(input, two_columns()), engine::UsageError);
  input.hq = {30, 30};
  input.reserve_cps = -5;
  EXPECT_THROW(yamamoto_mission(input, two_columns()), engine::UsageError);
  EXPECT_THROW(parse_koga_paid_from("--koga-paid-from", "army"), engine::UsageError);
}

}  // namespace
}  // namespace pacwar::witp
