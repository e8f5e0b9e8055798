// Tests for the Optional Rules 15.2 and 15.3 (15.1 is tested with Turn 0 in setup_14_test.cc).
#include "games/pacific_war/scenario_for_test.h"

namespace pacwar::pacific_war {
namespace {

using testing::rules;
using testing::Scenario;

void next_turn(Scenario& sc) {
  begin_turn(sc.s(), nullptr);
  EXPECT_EQ(sc.s().check_invariants(), "");
}

// 15.2: one card on Turn 1; on Turns 2 and 3 a die, any result but 1 gives one more card,
// with or without Borneo; with Borneo the total is three.
TEST(Optional_15_2, JapanStocksAdditionalOilReserves) {
  Scenario sc(rules("15.2"));
  sc.empty_board(0);
  next_turn(sc);  // Turn 1, Borneo Allied
  ASSERT_EQ(sc.s().step, Step::DrawCards);
  EXPECT_EQ(sc.s().draw_left[kJapanese], 1);
  next_turn(sc);  // Turn 2: the die first
  ASSERT_EQ(sc.s().step, Step::OilDie);
  EXPECT_NE(sc.s().prompt().find("15.2"), std::string::npos);
  sc.act("die 1");
  EXPECT_EQ(sc.s().draw_left[kJapanese], 0);
  sc.empty_board(2);  // empty the hands again
  sc.base("Borneo", kJapanese);
  next_turn(sc);  // Turn 3, Borneo Japanese
  sc.act("die 2");
  EXPECT_EQ(sc.s().draw_left[kJapanese], 3);
  for (int i = 0; i < sc.c().num_cards(); ++i) sc.s().cards[i] = CardLoc::Deck;
  next_turn(sc);  // Turn 4: no die, only Borneo's two
  EXPECT_NE(sc.s().step, Step::OilDie);
  EXPECT_EQ(sc.s().draw_left[kJapanese], 2);

  Scenario plain;  // without 15.2: nothing on Turn 1 without Borneo, no die
  plain.empty_board(0);
  next_turn(plain);
  EXPECT_EQ(plain.s().draw_left[kJapanese], 0);
}

// 15.3: the Allied draws are 1, 2, 3, 6, 8 instead of 2, 3, 4, 8, 10 (7.3).
TEST(Optional_15_3, AlliesAdditionallyWeakened) {
  const std::vector<int> weakened = {1, 2, 3, 6, 8};
  const std::vector<int> standard = {2, 3, 4, 8, 10};
  for (int with = 0; with < 2; ++with) {
    Scenario sc(with ? rules("15.3") : RuleOptions{});
    sc.empty_board(0);
    for (int turn = 1; turn <= 5; ++turn) {
      for (int i = 0; i < sc.c().num_cards(); ++i) sc.s().cards[i] = CardLoc::Deck;
      next_turn(sc);
      EXPECT_EQ(sc.s().draw_left[kAllied], (with ? weakened : standard)[turn - 1])
          << "turn " << turn;
    }
  }
}

}  // namespace
}  // namespace pacwar::pacific_war
