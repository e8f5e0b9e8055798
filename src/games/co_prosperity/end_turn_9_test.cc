// Tests of 9.0 End of Turn and the 4.0 victory conditions.
#include <gtest/gtest.h>

#include "games/co_prosperity/scenario_for_test.h"

namespace pacwar::co_prosperity {
namespace {

using testing::Scenario;

Scenario& end_turn(Scenario& sc) {
  sc.at_operations(kJapanese);
  sc.acts({"pass", "pass"});
  return sc;
}

TEST(CoProsperityEndOfTurn, FreeStrategicMovesOneUnitEach_9_0) {
  Scenario sc;
  sc.empty_board(2);
  sc.put("J-Inf-2", "Shanghai").put("J-CV-1", "Japan");
  end_turn(sc);
  EXPECT_EQ(sc.s().step, Step::EndTurnMove);
  EXPECT_EQ(sc.s().seat, kJapanese);
  sc.acts({"move J-Inf-2", "to Okinawa"});
  EXPECT_FALSE(sc.is_legal("move J-Inf-2"));  // once each
  sc.act("done");
  EXPECT_EQ(sc.s().seat, kAllied);
  sc.act("done");
  EXPECT_EQ(sc.s().turn, 3);
  EXPECT_EQ(sc.s().step, Step::ChooseCards);
}

// 9.0: each unit offered for an End of Turn move says where it is, air units and units in the
// Retreat Box too ("Move J-Air-1 (Air 2/2, air, at Japan)").
TEST(CoProsperityEndOfTurn, EveryUnitInTheMenuSaysWhereItIs_9_0) {
  Scenario sc;
  sc.empty_board(2);
  sc.put("J-Air-1", "Japan").put("J-Inf-2", "Shanghai").put("J-CV-1", "Okinawa");
  sc.put("J-BB-1", "Japanese-Retreat-Box");
  end_turn(sc);
  ASSERT_EQ(sc.s().step, Step::EndTurnMove);
  std::vector<engine::ActionCode> actions;
  sc.s().legal_actions(actions);
  int units = 0;
  for (engine::ActionCode a : actions) {
    const std::string id = sc.s().action_id(a);
    if (id.rfind("move ", 0) != 0) continue;
    ++units;
    const std::string label = sc.s().action_label(a);
    EXPECT_NE(label.find(", at " + sc.where(id.substr(5)) + ")"), std::string::npos) << label;
  }
  EXPECT_EQ(units, 4);
  EXPECT_EQ(sc.s().action_label(encode(Kind::Move, sc.unit("J-Air-1"))),
            "Move J-Air-1 (Air 2/2, air, at Japan)");
  // The same for the other menus that name an air unit: a bomber (8.8), an air unit picked for
  // a strategic move (8.1.1).
  EXPECT_EQ(sc.s().action_label(encode(Kind::Bomber, sc.unit("J-Air-1"))),
            "Bomb with J-Air-1 (Air 2/2, air, at Japan)");
  EXPECT_EQ(sc.s().action_label(encode(Kind::Pick, sc.unit("J-Air-1"))),
            "Pick J-Air-1 (Air 2/2, air, at Japan)");
}

TEST(CoProsperityEndOfTurn, AlliesFirstAfterTheirDeclaration_9_0) {
  Scenario sc;
  sc.empty_board(2);
  sc.s().first = kAllied;
  sc.at_operations(kAllied);
  sc.acts({"pass", "pass"});
  EXPECT_EQ(sc.s().seat, kAllied);
}

TEST(CoProsperityEndOfTurn, OneNavalUnitInASpaceWithoutPort_9_0) {
  Scenario sc;
  sc.empty_board(2);
  sc.put("J-CV-1", "Marshall-Islands").put("J-BB-1", "Marshall-Islands");
  end_turn(sc).acts({"done", "keep J-CV-1"});
  EXPECT_EQ(sc.where("J-CV-1"), "Marshall-Islands");
  EXPECT_EQ(sc.where("J-BB-1"), "Japanese-Retreat-Box");
}

// 9.0 limits a space without a port to one naval unit but does not say which: the owner
// chooses the one that stays (the others go to his Retreat Box, docs/rulings.md).
TEST(CoProsperityEndOfTurn, OwnerChoosesTheShipThatStaysWithoutAPort_9_0) {
  Scenario sc;
  sc.empty_board(2);
  sc.put("J-CV-1", "Marshall-Islands").put("J-BB-1", "Marshall-Islands");
  sc.put("J-BB-2", "Marshall-Islands").put("J-CV-2", "Okinawa").put("J-BB-3", "Okinawa");
  end_turn(sc).act("done");
  ASSERT_EQ(sc.s().seat, kJapanese);
  EXPECT_EQ(sc.legal(), (std::vector<std::string>{"keep J-CV-1", "keep J-BB-1", "keep J-BB-2"}));
  sc.act("keep J-BB-2");
  EXPECT_EQ(sc.where("J-BB-2"), "Marshall-Islands");
  EXPECT_EQ(sc.where("J-CV-1"), "Japanese-Retreat-Box");
  EXPECT_EQ(sc.where("J-BB-1"), "Japanese-Retreat-Box");
  EXPECT_EQ(sc.where("J-CV-2"), "Okinawa");  // a port: no limit
  EXPECT_EQ(sc.where("J-BB-3"), "Okinawa");
  EXPECT_EQ(sc.s().seat, kAllied);
}

TEST(CoProsperityEndOfTurn, CommonwealthDoesNotMoveBeforeTheWar_9_0_7_4_1) {
  Scenario sc;
  sc.empty_board(2, true, false);
  sc.put("CW-Inf-1", "Calcutta").put("US-Inf-1", "Samoa");
  end_turn(sc).act("done");
  EXPECT_FALSE(sc.is_legal("move CW-Inf-1"));
  EXPECT_TRUE(sc.is_legal("move US-Inf-1"));
}

TEST(CoProsperityVictory, JapaneseSuddenVictoryNeedsTwoColours_4_1) {
  Scenario sc;
  sc.empty_board(2);
  sc.put("J-Inf-2", "Chungking").put("J-Inf-3", "Kunming");
  end_turn(sc).acts({"done", "done"});
  EXPECT_FALSE(sc.s().is_terminal());  // same colour
  sc.put("J-Inf-3", "Calcutta");
  end_turn(sc).acts({"done", "done"});
  EXPECT_TRUE(sc.s().is_terminal());
  EXPECT_EQ(sc.s().winner(), kJapanese);
}

TEST(CoProsperityVictory, AlliedSuddenVictoryWinsTies_4_2) {
  Scenario sc;
  sc.empty_board(2);
  sc.put("J-Inf-2", "Chungking").put("J-Inf-3", "Calcutta").put("US-Inf-1", "Japan");
  end_turn(sc).acts({"done", "done"});
  EXPECT_EQ(sc.s().winner(), kAllied);
}

TEST(CoProsperityVictory, EightSpacesIn1944OrSevenAfterTheAtlantic_4_3_8_9) {
  Scenario sc;
  sc.empty_board(6);
  sc.put("US-Inf-1", "Marshall-Islands");  // Japan holds 5 of its spaces
  sc.put("J-Inf-2", "Guam").put("J-Inf-3", "Borneo");
  end_turn(sc).acts({"done", "done"});
  EXPECT_EQ(sc.s().winner(), kAllied);  // 7 < 8
  Scenario sc2;
  sc2.empty_board(6);
  sc2.s().atlantic_used = true;
  sc2.put("US-Inf-1", "Marshall-Islands").put("J-Inf-2", "Guam").put("J-Inf-3", "Borneo");
  end_turn(sc2).acts({"done", "done"});
  EXPECT_EQ(sc2.s().winner(), kJapanese);  // 7 >= 7
}

}  // namespace
}  // namespace pacwar::co_prosperity
