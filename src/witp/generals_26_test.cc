#include "witp/generals_26.h"

#include <gtest/gtest.h>

#include "engine/errors.h"

namespace pacwar::witp {
namespace {

TEST(Witp26_1_2, WhichGeneralImparts) {
  EXPECT_EQ(which_general({.die = 3, .on_site_present = true}), Imparting::kOnSite);
  EXPECT_EQ(which_general({.die = 4, .on_site_present = true}), Imparting::kHq);
  EXPECT_EQ(which_general({.die = 4, .on_site_present = true, .hq_commander_admiral = true}),
            Imparting::kOnSite);
  EXPECT_EQ(which_general({.die = 2}), Imparting::kNone);
  EXPECT_EQ(which_general({.die = 6}), Imparting::kHq);
  EXPECT_EQ(which_general({.die = 6, .on_site_present = true, .isolated = true}), Imparting::kNone);
  EXPECT_EQ(which_general({.die = 1, .on_site_present = true, .isolated = true}),
            Imparting::kOnSite);
  EXPECT_THROW(which_general({.die = 0}), engine::UsageError);
}

// 26.2.1 Example: Gen. Slim's TQ "+2 (6)/+1": +2 on a 6, else +1; column shift "+2 (5)/+1 (2)":
// 2 on 5-6, 1 on 2-4, none on a 1.
TEST(Witp26_2_1, SlimsRatings) {
  const auto tq = parse_rating("--rating", "+2 (6)/+1");
  EXPECT_EQ(rating_for_die(tq, 6), 2);
  EXPECT_EQ(rating_for_die(tq, 5), 1);
  EXPECT_EQ(rating_for_die(tq, 1), 1);
  const auto shift = parse_rating("--rating", "+2 (5)/+1 (2)");
  EXPECT_EQ(rating_for_die(shift, 6), 2);
  EXPECT_EQ(rating_for_die(shift, 5), 2);
  EXPECT_EQ(rating_for_die(shift, 4), 1);
  EXPECT_EQ(rating_for_die(shift, 2), 1);
  EXPECT_EQ(rating_for_die(shift, 1), 0);
  EXPECT_EQ(rating_for_die(parse_rating("--rating", "-1"), 3), -1);
  EXPECT_THROW(parse_rating("--rating", "+2 (7)"), engine::UsageError);
  EXPECT_THROW(parse_rating("--rating", "two"), engine::UsageError);
  EXPECT_THROW(parse_rating("--rating", "+2 (6"), engine::UsageError);
}

// 26.2.2 Example: a broken US Inf. Div. (TQ 6) under MacArthur (+1): 7, halved 3.5 -> 4; without
// him it would have been 3.
TEST(Witp26_2_2, MacArthurTqSixToSevenToFour) {
  EXPECT_EQ(modified_tq({.printed_tq = 6, .modifier = 1}), 7);
  EXPECT_EQ(modified_tq({.printed_tq = 6, .modifier = 1, .halved = true}), 4);
  EXPECT_EQ(modified_tq({.printed_tq = 6, .modifier = 0, .halved = true}), 3);
  EXPECT_THROW(modified_tq({.printed_tq = 6, .modifier = 3}), engine::UsageError);
  EXPECT_THROW(modified_tq({.printed_tq = -6}), engine::UsageError);
}

// 26.2.3 Example: Yamashita (+2): "its basic 6, plus 2 ... = 8".
TEST(Witp26_2_3, YamashitaEightMps) {
  EXPECT_EQ(ground_mp_allowance(2), 8);
  EXPECT_EQ(ground_mp_allowance(-1), 5);
  EXPECT_THROW(ground_mp_allowance(3), engine::UsageError);
  EXPECT_THROW(ground_mp_allowance(-2), engine::UsageError);
}

TEST(Witp26_4, GeneralEliminationTable) {
  EXPECT_EQ(general_elimination(2), EliminationResult::kEliminated);
  EXPECT_EQ(general_elimination(4), EliminationResult::kEliminated);
  EXPECT_EQ(general_elimination(5), EliminationResult::kTurnTrack);
  EXPECT_EQ(general_elimination(6), EliminationResult::kTurnTrack);
  EXPECT_EQ(general_elimination(7), EliminationResult::kNoEffect);
  EXPECT_EQ(general_elimination(12), EliminationResult::kNoEffect);
  EXPECT_THROW(general_elimination(13), engine::UsageError);
}

}  // namespace
}  // namespace pacwar::witp
