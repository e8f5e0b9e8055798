// Tests of 8.1-8.3 movement, 3.4/3.5 control, 6.4 Resource Points, 8.9 Reinforcements from the
// Atlantic and 5.1 North Wind Rain.
#include <gtest/gtest.h>

#include "games/co_prosperity/scenario_for_test.h"

namespace pacwar::co_prosperity {
namespace {

using testing::Scenario;

TEST(CoProsperityControl, UnitsThenAirRangeThenOriginalOwner_3_4_3_5) {
  Scenario sc;
  sc.empty_board(3, false, false);
  EXPECT_EQ(sc.controller("Philippines"), kAllied);
  sc.put("J-Air-1", "Okinawa");
  EXPECT_EQ(sc.controller("Okinawa"), kJapanese);
  EXPECT_EQ(sc.controller("Philippines"), kAllied);  // 3.5: the US is not at war
  sc.s().us_war = true;
  EXPECT_EQ(sc.controller("Philippines"), kJapanese);  // 3.5: distance 1
  EXPECT_EQ(sc.controller("Guam"), kAllied);           // distance 2 from Okinawa
  sc.put("US-Air-1", "Guam");
  EXPECT_EQ(sc.controller("Philippines"), kAllied);  // both in range: original owner
  sc.put("US-Inf-1", "Truk");
  EXPECT_EQ(sc.controller("Truk"), kAllied);  // a unit beats air range (Guam's air unit)
}

TEST(CoProsperityMovement, StrategicMoveOnlyThroughFriendlySpaces_8_1) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-Inf-2", "Japan").put("US-Inf-1", "Okinawa");
  sc.give("J2").at_operations(kJapanese);
  sc.acts({"play J2 strategic", "from Japan"});
  EXPECT_TRUE(sc.is_legal("to Port-Arthur"));
  EXPECT_TRUE(sc.is_legal("to Japanese-Retreat-Box"));  // 8.1.2
  EXPECT_TRUE(sc.is_legal("to Shanghai"));              // by land from Port Arthur
  EXPECT_FALSE(sc.is_legal("to Okinawa"));              // enemy
  EXPECT_FALSE(sc.is_legal("to Philippines"));
}

TEST(CoProsperityMovement, NavalUnitsNeverUseLandRoutes_8_1) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-BB-1", "Port-Arthur");
  sc.give("J2").at_operations(kJapanese);
  sc.acts({"play J2 strategic", "from Port-Arthur"});
  EXPECT_TRUE(sc.is_legal("to Japan"));
  EXPECT_TRUE(sc.is_legal("to Shanghai"));  // by sea through Japan and Okinawa
  EXPECT_FALSE(sc.is_legal("to Guilin"));
}

TEST(CoProsperityMovement, NavalMoveHaltsInEnemySpaces_8_2_1) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-CV-1", "Japan");
  sc.give("J5").at_operations(kJapanese);
  sc.acts({"play J5 naval", "from Japan"});
  EXPECT_TRUE(sc.is_legal("to Philippines"));
  EXPECT_FALSE(sc.is_legal("to Borneo"));  // would go on through the US Philippines
  EXPECT_TRUE(sc.is_legal("to Midway"));   // distance 2 route
}

TEST(CoProsperityMovement, EnemyAirCostsOneMore_8_2_2) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-BB-1", "Japan").put("US-Air-1", "Midway");
  sc.give("J5").at_operations(kJapanese);
  sc.acts({"play J5 naval", "from Japan"});
  EXPECT_FALSE(sc.is_legal("to Midway"));  // 2 + 1 > 2
  EXPECT_TRUE(sc.is_legal("to Okinawa"));
}

TEST(CoProsperityMovement, MarinesFightAsShipsThenAsGround_8_2_4) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-Mar-1", "Japan").put("US-Inf-1", "Okinawa", 1);
  sc.give("J5").at_operations(kJapanese);
  sc.acts({"play J5 naval", "from Japan", "to Okinawa"});
  // No A/B fire (the marine's naval side is a transport); in C it fires as ground at 3.
  sc.dice({2, 6});  // marine hits, US infantry (also C) misses
  EXPECT_EQ(sc.where("US-Inf-1"), "pool");
  EXPECT_EQ(sc.where("J-Mar-1"), "Okinawa");
  EXPECT_EQ(sc.s().units[sc.unit("J-Mar-1")].flags, 0);  // back on its ground side
}

TEST(CoProsperityMovement, GroundMovesTwoUnitsChineseOneAtATime_8_3) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-Inf-2", "Shanghai").put("J-Inf-3", "Shanghai").put("J-Inf-4", "Shanghai");
  sc.give("J3").at_operations(kJapanese);
  sc.acts({"play J3 ground", "from Shanghai", "pick J-Inf-2", "pick J-Inf-3"});
  EXPECT_EQ(sc.s().step, Step::Destination);  // at most two
  sc.act("to Guilin");
  EXPECT_EQ(sc.where("J-Inf-3"), "Guilin");
  sc.put("CH-Inf-1", "Chungking").put("CH-Inf-2", "Chungking");
  sc.give("A11").at_operations(kAllied);
  sc.acts({"play A11 cbi", "nation china", "op ground", "from Chungking", "pick CH-Inf-1"});
  EXPECT_EQ(sc.s().step, Step::Destination);  // 8.5.5: one at a time
}

TEST(CoProsperityCbi, OnlyCbiCardsOperateChineseAndCommonwealthUnits_8_0_8_5) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("CW-BB-1", "Singapore").put("CH-Air-1", "Kunming").put("US-Air-1", "Calcutta");
  sc.put("J-Inf-2", "Rangoon");
  sc.give("A9").give("A11").give("A13").at_operations(kAllied);
  EXPECT_FALSE(sc.is_legal("play A9 naval"));  // a US card cannot move the Commonwealth BB
  EXPECT_TRUE(sc.is_legal("play A11 bombing-china"));
  EXPECT_FALSE(sc.is_legal("play A13 bombing-commonwealth"));  // no Commonwealth air unit
  sc.act("play A11 bombing-china");
  EXPECT_EQ(sc.legal(), std::vector<std::string>{"bomber CH-Air-1"});  // not the US air unit
  sc.give("A14").at_operations(kAllied);
  sc.acts({"play A14 cbi", "nation commonwealth", "op naval"});
  EXPECT_TRUE(sc.is_legal("from Singapore"));  // 8.5.4
}

TEST(CoProsperityMovement, ResourcePointsFromBorneo_6_4) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-Inf-2", "Borneo").put("J-Inf-3", "Philippines").put("J-CV-1", "Japan");
  sc.put("J-Inf-4", "Okinawa");
  begin_operations(sc.s(), nullptr);
  EXPECT_EQ(sc.s().rp, 2);
  EXPECT_TRUE(sc.is_legal("rp naval"));
  sc.acts({"rp naval", "from Japan", "to Port-Arthur"});
  EXPECT_EQ(sc.s().rp, 1);
  // Without a trace from Borneo to Japan the RP cannot be used.
  sc.put("US-Inf-1", "Okinawa").put("J-Inf-4", "Japan");
  sc.at_operations(kJapanese);
  EXPECT_FALSE(sc.is_legal("rp naval"));
}

TEST(CoProsperityAtlantic, ReinforcementsOnceThenGroundOnly_8_9) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("US-Inf-2", "Rangoon");
  sc.give("A16").at_operations(kAllied);
  sc.acts({"play A16 atlantic", "place US-CV-1 Pearl-Harbor", "place US-BB-1 Samoa"});
  EXPECT_EQ(sc.where("US-CV-1"), "Pearl-Harbor");
  EXPECT_EQ(sc.where("US-BB-1"), "Samoa");
  EXPECT_TRUE(sc.s().atlantic_used);
  sc.s().cards[sc.card("A16")] = CardLoc::Hand;
  sc.at_operations(kAllied);
  EXPECT_FALSE(sc.is_legal("play A16 atlantic"));
  EXPECT_TRUE(sc.is_legal("play A16 ground"));
}

TEST(CoProsperityNorthWindRain, Only1941Or1942WithAFullVeteran_5_1) {
  Scenario sc;
  sc.empty_board(2);
  sc.put("J-Vet-1", "Port-Arthur");
  sc.give("J8").at_operations(kJapanese);
  EXPECT_FALSE(sc.is_legal("play J8 north-wind-rain"));  // 1940
  sc.s().turn = 3;
  sc.at_operations(kJapanese);
  sc.act("play J8 north-wind-rain");
  EXPECT_EQ(sc.where("J-Vet-1"), "Vladivostok");
  EXPECT_EQ(sc.s().cards[sc.card("J8")], CardLoc::Removed);
  const Control ctl = compute_control(sc.s());
  EXPECT_EQ(japanese_space_count(sc.s(), ctl), 7);  // 6 Japanese spaces + Vladivostok
}

TEST(CoProsperityNorthWindRain, UpkeepEachFollowingTurnOrFailure_5_1) {
  Scenario sc;
  sc.empty_board(4);
  sc.put("J-Inf-2", "Port-Arthur");
  sc.s().units[sc.unit("J-Vet-1")] = UnitState{kVladivostok, 2, 0, 0, 0, 0};
  sc.s().nwr_done = true;
  sc.s().cards[sc.card("J8")] = CardLoc::Removed;
  sc.s().nwr_turn = 3;
  sc.give("J3").at_operations(kJapanese);
  EXPECT_TRUE(sc.is_legal("play J3 sustain"));
  sc.act("play J3 sustain");
  EXPECT_TRUE(sc.s().nwr_sustained);
  sc.acts({"pass", "pass", "done", "done"});  // end of 1942: supplied, it stays
  EXPECT_EQ(sc.where("J-Vet-1"), "Vladivostok");
  // 1943: not supplied: removed at the end of the turn.
  sc.s().cards.fill(CardLoc::Out);
  sc.s().cards[sc.card("J8")] = CardLoc::Removed;
  sc.at_operations(kJapanese);
  sc.acts({"pass", "pass", "done", "done"});
  EXPECT_EQ(sc.where("J-Vet-1"), "removed");
  EXPECT_TRUE(sc.s().vladivostok_gone);
}

TEST(CoProsperityOperations, APlayerWhoPassedMayResumeTwoPassesInARowEnd_8_0) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-Inf-2", "Shanghai").put("US-Inf-1", "Samoa");
  sc.give("J3").give("J6").give("A4").give("A8").at_operations(kJapanese);
  sc.act("pass");
  EXPECT_EQ(sc.s().seat, kAllied);
  sc.acts({"play A4 development", "develop US-Inf-2", "home Pearl-Harbor"});
  ASSERT_EQ(sc.s().step, Step::Operations);
  EXPECT_EQ(sc.s().seat, kJapanese);
  EXPECT_TRUE(sc.is_legal("play J3 ground"));  // the Japanese passed before and may resume
  sc.acts({"play J3 development", "develop J-Inf-1"});
  EXPECT_EQ(sc.where("J-Inf-1"), "Japan");
  EXPECT_EQ(sc.s().seat, kAllied);
  sc.acts({"pass", "pass"});  // both in succession: the phase ends with cards in hand
  EXPECT_EQ(sc.s().step, Step::EndTurnMove);
  EXPECT_EQ(hand_size(sc.s(), kJapanese), 1);
  EXPECT_EQ(hand_size(sc.s(), kAllied), 1);
}

TEST(CoProsperityMovement, AirUnitsMoveOnlyStrategically_8_1_1) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-Air-1", "Shanghai");
  sc.give("J1").give("J4").at_operations(kJapanese);
  EXPECT_FALSE(sc.is_legal("play J1 naval"));
  EXPECT_FALSE(sc.is_legal("play J4 ground"));
  sc.acts({"play J4 strategic", "from Shanghai", "to Okinawa"});
  EXPECT_EQ(sc.where("J-Air-1"), "Okinawa");
}

TEST(CoProsperityCbi, StrategicMoveOfOneCountryFromOneSpace_8_5_3) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("CH-Inf-1", "Kunming").put("CH-Inf-2", "Kunming").put("CW-Inf-1", "Kunming");
  sc.put("US-Inf-1", "Kunming");
  sc.give("A11").at_operations(kAllied);
  sc.acts({"play A11 cbi", "nation china", "op strategic", "from Kunming"});
  EXPECT_EQ(sc.legal(), (std::vector<std::string>{"pick CH-Inf-1", "pick CH-Inf-2"}));
  sc.acts({"pick CH-Inf-1", "pick CH-Inf-2", "to Guilin"});
  EXPECT_EQ(sc.where("CH-Inf-1"), "Guilin");
  EXPECT_EQ(sc.where("CH-Inf-2"), "Guilin");
  EXPECT_EQ(sc.where("CW-Inf-1"), "Kunming");
  EXPECT_EQ(sc.where("US-Inf-1"), "Kunming");
}

}  // namespace
}  // namespace pacwar::co_prosperity
