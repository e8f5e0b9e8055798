// Tests of 7.0 Declaration of War: targets, cost (7.2.1, 7.2.2), air transfer and Special
// Operations (7.3 examples) with the surprise attack of 8.6.4.
#include <gtest/gtest.h>

#include "games/co_prosperity/scenario_for_test.h"

namespace pacwar::co_prosperity {
namespace {

using testing::Scenario;

Scenario& at_japanese_declaration(Scenario& sc) {
  sc.s().step = Step::DeclareJapanese;
  sc.s().seat = kJapanese;
  return sc;
}

TEST(CoProsperityWar, JapanMayDeclareOnUsCommonwealthOrBoth_7_1) {
  Scenario sc;
  sc.empty_board(2, false, false);
  at_japanese_declaration(sc);
  EXPECT_EQ(sc.legal(), (std::vector<std::string>{"declare us", "declare commonwealth",
                                                  "declare us+commonwealth", "no-declaration"}));
}

// 8.6.4 EXAMPLE: Japanese carriers (A) surprise a US carrier and battleship (B) and eliminate
// only the carrier: the battleship may not fire back, and the carriers must retreat (8.7).
TEST(CoProsperityWar, SurpriseAttackExample_8_6_4) {
  Scenario sc;
  sc.empty_board(3, false, false);
  sc.put("J-CV-1", "Japan").put("J-CV-2", "Japan");
  sc.put("US-CV-1", "Midway").put("US-BB-1", "Midway").put("US-Air-1", "Pearl-Harbor");
  at_japanese_declaration(sc);
  sc.act("declare us");
  EXPECT_EQ(sc.where("US-Air-1"), "Allied-Retreat-Box");  // 7.3 air transfer
  EXPECT_TRUE(sc.s().us_war);
  EXPECT_EQ(sc.s().us_bonus, 4);
  sc.acts({"special naval", "from Japan", "pick J-CV-1", "pick J-CV-2", "to Midway"});
  EXPECT_FALSE(sc.s().step == Step::Reaction);  // 7.3: no reaction to a Special Operation
  sc.acts({"no-diversion", "no-diversion"});
  sc.dice({1, 2, 6, 6});  // the attackers all fire first: two hits
  EXPECT_EQ(sc.where("US-CV-1"), "pool");
  // The battleship (B) may not fire against carriers (A): no more dice.
  EXPECT_EQ(sc.s().step, Step::SpecialOp);
  EXPECT_EQ(sc.where("US-BB-1"), "Midway");
  EXPECT_EQ(sc.steps("US-BB-1"), 2);
  EXPECT_EQ(sc.where("J-CV-1"), "Japanese-Retreat-Box");
  EXPECT_EQ(sc.where("J-CV-2"), "Japanese-Retreat-Box");
}

TEST(CoProsperityWar, SurpriseDefendersOfEqualPriorityFireBack_8_6_4) {
  Scenario sc;
  sc.empty_board(3, false, false);
  sc.put("J-BB-1", "Japan");
  sc.put("US-CV-1", "Midway", 1).put("US-BB-1", "Midway", 1);
  at_japanese_declaration(sc);
  sc.acts({"declare us", "special naval", "from Japan"});
  sc.act("to Midway");
  sc.dice({6, 6});  // the attacking battleship (B) misses
  // Both US units (A and B) are at least B: they fire.
  EXPECT_EQ(sc.s().step, Step::CombatDie);
  sc.dice({1, 6});
  EXPECT_EQ(sc.steps("J-BB-1"), 1);
}

TEST(CoProsperityWar, SurpriseMarineFiresAsGroundSoCAndBetterAnswer_8_6_4_8_2_4) {
  Scenario sc;
  sc.empty_board(3, false, false);
  sc.put("J-Mar-1", "Japan");
  sc.put("US-BB-1", "Guam", 1).put("US-Inf-1", "Guam", 1);
  at_japanese_declaration(sc);
  sc.acts({"declare us", "special naval", "from Japan", "to Guam"});
  sc.dice({6});                             // the marine lands and fires as infantry (C)
  EXPECT_EQ(sc.s().step, Step::CombatDie);  // B and C defenders answer
  sc.dice({6, 1});
  EXPECT_EQ(sc.where("J-Mar-1"), "pool");  // one step: the infantry's hit destroys it
  EXPECT_EQ(sc.s().step, Step::SpecialOp);
}

// 7.3 EXAMPLE 1: Japan declares war on the Commonwealth; it cannot attack Chinese spaces (nor
// US ones) with the Special Operations.
TEST(CoProsperityWar, SpecialOperationsOnlyAgainstTheNewEnemy_7_3_Example1) {
  Scenario sc;
  sc.empty_board(3, false, false);
  sc.put("J-Inf-2", "Shanghai").put("J-CV-1", "Truk");
  at_japanese_declaration(sc);
  sc.act("declare commonwealth");
  EXPECT_FALSE(sc.is_legal("special ground"));  // Shanghai only borders Chinese spaces
  sc.acts({"special naval", "from Truk"});
  EXPECT_TRUE(sc.is_legal("to New-Guinea"));
  EXPECT_TRUE(sc.is_legal("to Solomon-Islands"));
  EXPECT_FALSE(sc.is_legal("to Guam"));              // US, not at war
  EXPECT_FALSE(sc.is_legal("to Marshall-Islands"));  // friendly: not a target
  sc.act("to New-Guinea");
  EXPECT_EQ(sc.controller("New-Guinea"), kJapanese);
  EXPECT_EQ(sc.s().special_left, 1);
}

// 7.3 EXAMPLE 2: the US declared war; the next turn Japan declares war on the Commonwealth: its
// Special Operations may attack Commonwealth spaces but not US ones.
TEST(CoProsperityWar, SpecialOperationsAfterUsDeclaration_7_3_Example2) {
  Scenario sc;
  sc.empty_board(3, true, false);
  sc.s().allied_declared = true;
  sc.s().first = kAllied;
  sc.put("J-CV-1", "Truk");
  at_japanese_declaration(sc);
  EXPECT_EQ(sc.legal(), (std::vector<std::string>{"declare commonwealth", "no-declaration"}));
  sc.acts({"declare commonwealth", "special naval", "from Truk"});
  EXPECT_FALSE(sc.is_legal("to Guam"));
  EXPECT_TRUE(sc.is_legal("to New-Guinea"));
}

TEST(CoProsperityWar, SpecialNavalMoveNeedNotStopInEmptyEnemySpaces_7_3) {
  Scenario sc;
  sc.empty_board(3, false, false);
  sc.put("J-CV-1", "Okinawa");
  at_japanese_declaration(sc);
  sc.acts({"declare us", "special naval", "from Okinawa"});
  // Okinawa - Philippines (US) - Borneo would be Commonwealth (not at war): Guam is 2 away.
  EXPECT_TRUE(sc.is_legal("to Guam"));
}

TEST(CoProsperityWar, AlliedDeclarationCostsDiscardedCards_7_2_1) {
  Scenario sc;
  sc.empty_board(2, false, false);
  EXPECT_EQ(war_cost(sc.s()), 4);
  sc.s().turn = 1;
  EXPECT_EQ(war_cost(sc.s()), 5);
  sc.s().cw_war = true;
  EXPECT_EQ(war_cost(sc.s()), 4);  // 7.2.2
  sc.s().cw_war = false;
  sc.s().turn = 2;
  sc.put("J-Air-1", "Japan");
  for (const char* k : {"A1", "A2", "A3", "A4", "A5"}) sc.give(k);
  sc.s().step = Step::DeclareAllied;
  sc.s().seat = kAllied;
  sc.act("declare japan");
  EXPECT_EQ(sc.where("J-Air-1"), "Japanese-Retreat-Box");
  EXPECT_EQ(sc.s().step, Step::DiscardCost);
  sc.acts({"discard A1", "discard A2", "discard A3", "discard A4"});
  EXPECT_EQ(sc.s().step, Step::SpecialOp);
  EXPECT_EQ(hand_size(sc.s(), kAllied), 1);
  EXPECT_EQ(sc.s().first, kAllied);  // 7.2
  EXPECT_EQ(allied_pp(sc.s()), 8);   // 6.2
  EXPECT_FALSE(sc.s().view(kJapanese).dump().find("Pacific Fleet") != std::string::npos);
}

// 7.0, 7.2: when the Allied player may declare war and does not, both players read it in the
// log; when the cost (7.2.1) is more than his hand, he had no choice and nothing is said.
TEST(CoProsperityWar, AlliesDecliningWarIsLogged_7_2) {
  Scenario sc;
  sc.empty_board(2, false, false);
  for (const char* k : {"A1", "A2", "A3", "A4", "A5"}) sc.give(k);
  at_japanese_declaration(sc);
  sc.act("no-declaration");
  ASSERT_EQ(sc.s().step, Step::DeclareAllied);
  sc.act("no-declaration");
  EXPECT_FALSE(sc.s().us_war);
  const engine::LogLine* declined = nullptr;
  for (const auto& line : sc.log_lines())
    if (line.text.find("does not declare war") != std::string::npos) declined = &line;
  ASSERT_NE(declined, nullptr) << sc.log_text();
  EXPECT_EQ(declined->text, "The Allied player does not declare war on Japan (cost 4 cards).");
  EXPECT_EQ(declined->rule, "7.2");
  EXPECT_TRUE(declined->visible(kJapanese));
  EXPECT_TRUE(declined->visible(-1));  // public: spectators read it too

  Scenario poor;  // 3 cards for a cost of 4: the Allied player is not asked
  poor.empty_board(2, false, false);
  for (const char* k : {"A1", "A2", "A3"}) poor.give(k);
  at_japanese_declaration(poor);
  poor.act("no-declaration");
  EXPECT_NE(poor.s().step, Step::DeclareAllied);
  EXPECT_EQ(poor.log_text().find("declare war"), std::string::npos) << poor.log_text();
}

TEST(CoProsperityWar, NotAtWarRestrictions_7_4) {
  Scenario sc;
  sc.empty_board(2, false, false);
  sc.put("J-Inf-2", "Kunming").put("CW-Inf-1", "Calcutta").put("US-CV-1", "Philippines");
  sc.put("CH-Inf-1", "Chungking");
  sc.give("J3").at_operations(kJapanese);
  sc.acts({"play J3 ground", "from Kunming"});
  EXPECT_FALSE(sc.is_legal("to Rangoon"));  // 7.4.2: Commonwealth not at war
  // 7.4.1: Commonwealth units do not move before the war.
  sc.give("A13").at_operations(kAllied);
  sc.acts({"play A13 cbi", "nation commonwealth"});
  EXPECT_EQ(sc.legal(), std::vector<std::string>{"op develop"});
  // 7.4.2: US units may not enter Japanese spaces before the war.
  sc.give("A1").at_operations(kAllied);
  sc.acts({"play A1 naval", "from Philippines"});
  // Okinawa (Japanese) and Borneo (Commonwealth, not at war) are closed: Guam is the only
  // destination and is taken at once.
  EXPECT_EQ(sc.where("US-CV-1"), "Guam");
}

}  // namespace
}  // namespace pacwar::co_prosperity
