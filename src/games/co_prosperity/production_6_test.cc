// Tests of 3.1 set-up, 6.0 production and the Production Track (8.4.2 example), development and
// replenishment (6.3.1, 6.3.2, 8.4.1) and CBI development (8.5.1).
#include <gtest/gtest.h>

#include "games/co_prosperity/render_text.h"
#include "games/co_prosperity/scenario_for_test.h"

namespace pacwar::co_prosperity {
namespace {

using testing::Scenario;

TEST(CoProsperitySetup, AlliedSplitThenJapaneseChooseFourCards_3_1) {
  Scenario sc;
  EXPECT_EQ(sc.where("J-CV-3"), "track");
  EXPECT_EQ(sc.where("CW-BB-1"), "Singapore");
  EXPECT_EQ(sc.steps("CW-BB-1"), 1);
  EXPECT_EQ(sc.steps("J-Inf-1"), 1);
  EXPECT_TRUE(sc.is_legal("place US-CV-1 Samoa"));
  sc.acts({"place US-CV-1 Pearl-Harbor", "place US-CV-2 Samoa", "place US-BB-1 Pearl-Harbor",
           "place US-BB-2 Pearl-Harbor", "place US-Inf-1 Samoa", "place US-Air-1 Pearl-Harbor"});
  EXPECT_EQ(sc.steps("US-Inf-1"), 1);
  EXPECT_EQ(sc.s().step, Step::ChooseCards);
  EXPECT_EQ(sc.s().pp[kJapanese], 4);  // 6.1: 5 squares, at most 4
  EXPECT_EQ(sc.s().pp[kAllied], 6);    // 6.2: before war
  // The label in words (the id stays "choose J1"): the card's name and its icons by name.
  EXPECT_EQ(sc.s().action_label(encode(Kind::Choose, sc.card("J1"))),
            "Choose J1 Kido Butai (Development, Naval, Replenish navy) (6.0)");
  sc.acts({"choose J1", "choose J2", "choose J3", "choose J5"});
  EXPECT_EQ(sc.s().seat, kAllied);
  // The Japanese choice is hidden from the Allied player.
  EXPECT_FALSE(sc.s().view(kAllied)["hands"]["japanese"].contains("cards"));
  EXPECT_EQ(sc.s().view(kAllied)["hands"]["japanese"]["count"], 4);
  for (const char* k : {"A1", "A2", "A3", "A4", "A11", "A16"}) sc.act(std::string("choose ") + k);
  EXPECT_EQ(sc.s().step, Step::DeclareJapanese);
  EXPECT_EQ(sc.s().action_label(encode(Kind::Declare, (1 << kUS) | (1 << kCommonwealth))),
            "Declare war on the US and the Commonwealth (7.1)");
  EXPECT_EQ(sc.s().action_label(encode(Kind::NoDeclaration)), "No declaration of war (7.0)");
}

// The view of the Allied seat shows the US units still to split (3.1), the one asked about
// first, with the steps they are set up with; the Japanese seat and spectators do not get it.
TEST(CoProsperitySetup, ViewShowsTheSplitPoolToTheAlliedSeatOnly_3_1) {
  Scenario sc;
  engine::Json allied = sc.s().view(kAllied);
  ASSERT_TRUE(allied.contains("setup_pool"));
  EXPECT_EQ(allied["setup_pool"]["placing"], "US-CV-1");
  ASSERT_EQ(allied["setup_pool"]["units"].size(), 6u);
  EXPECT_EQ(allied["setup_pool"]["units"][0]["id"], "US-CV-1");
  EXPECT_FALSE(sc.s().view(kJapanese).contains("setup_pool"));
  EXPECT_FALSE(sc.s().view(-1).contains("setup_pool"));
  sc.act("place US-CV-1 Pearl-Harbor");
  allied = sc.s().view(kAllied);
  EXPECT_EQ(allied["setup_pool"]["units"].size(), 5u);
  EXPECT_EQ(allied["setup_pool"]["placing"], "US-CV-2");
  for (const engine::Json& u : allied["setup_pool"]["units"]) {
    if (u["id"] == "US-Inf-1") {
      EXPECT_EQ(u["steps"], 1);  // set up reduced (3.1 asterisk)
    }
  }
  sc.acts({"place US-CV-2 Samoa", "place US-BB-1 Pearl-Harbor", "place US-BB-2 Pearl-Harbor",
           "place US-Inf-1 Samoa", "place US-Air-1 Pearl-Harbor"});
  EXPECT_FALSE(sc.s().view(kAllied).contains("setup_pool"));
}

TEST(CoProsperityProduction, JapanesePpCountsControlledSquaresUpToFour_6_1) {
  Scenario sc;
  sc.empty_board(2);
  EXPECT_EQ(japanese_pp(sc.s()), 4);
  sc.put("US-Inf-1", "Port-Arthur");
  EXPECT_EQ(japanese_pp(sc.s()), 3);
  sc.put("US-Inf-2", "Shanghai");
  EXPECT_EQ(japanese_pp(sc.s()), 2);
}

// 6.0: a hand of one card is "1 card" in the log and on both players' boards, never "1 cards".
TEST(CoProsperityProduction, OneCardIsCountedInTheSingular_6_0) {
  Scenario sc;
  sc.empty_board(2);
  sc.s().step = Step::ChooseCards;
  sc.s().seat = kJapanese;
  sc.s().pp[kJapanese] = 1;
  sc.act("choose J1");
  EXPECT_NE(sc.log_text().find("Japanese player chose 1 card."), std::string::npos)
      << sc.log_text();
  EXPECT_EQ(sc.log_text().find("1 cards"), std::string::npos) << sc.log_text();
  const std::string own = render_text(sc.s().view(kJapanese));
  EXPECT_NE(own.find("Japanese hand (1 card, action icons 6.3):"), std::string::npos) << own;
  const std::string theirs = render_text(sc.s().view(kAllied));
  EXPECT_NE(theirs.find("Japanese hand: 1 card (hidden)"), std::string::npos) << theirs;
  EXPECT_NE(theirs.find("Allied hand (0 cards, action icons 6.3):"), std::string::npos) << theirs;
}

TEST(CoProsperityProduction, AlliedPpDependsOnWhoDeclared_6_2) {
  Scenario sc;
  sc.empty_board(2, false, false);
  EXPECT_EQ(allied_pp(sc.s()), 6);
  sc.s().us_war = true;
  sc.s().us_bonus = 4;
  EXPECT_EQ(allied_pp(sc.s()), 10);
  sc.s().us_bonus = 2;
  EXPECT_EQ(allied_pp(sc.s()), 8);
}

// 8.4.2 EXAMPLE: a CV developed on Turn 1 cannot advance that turn, advances one box on Turn 2
// (only one), and on Turn 3 reaches the map at Samoa or Hawaii.
TEST(CoProsperityProduction, ProductionTrackExample_8_4_2) {
  Scenario sc;
  sc.empty_board(1, false, false);
  sc.give("A4").give("A5").at_operations(kAllied);
  sc.acts({"play A4 development", "develop US-CV-1"});
  EXPECT_EQ(sc.where("US-CV-1"), "track");
  sc.at_operations(kAllied);
  EXPECT_FALSE(sc.is_legal("play A5 replenish-navy"));  // placed this turn
  // Turn 2: one box.
  sc.s().turn = 2;
  sc.give("A10").at_operations(kAllied);
  sc.acts({"play A5 replenish-navy", "advance US-CV-1"});
  EXPECT_EQ(sc.where("US-CV-1"), "track");
  EXPECT_EQ(sc.s().units[sc.unit("US-CV-1")].track_left, 1);
  sc.at_operations(kAllied);
  EXPECT_FALSE(sc.is_legal("play A10 replenish-any"));  // only one box this turn
  // Turn 3: onto the map, at Samoa or Pearl Harbor.
  sc.s().turn = 3;
  sc.at_operations(kAllied);
  sc.acts({"play A10 replenish-any", "advance US-CV-1"});
  EXPECT_TRUE(sc.is_legal("home Pearl-Harbor"));
  sc.act("home Samoa");
  EXPECT_EQ(sc.where("US-CV-1"), "Samoa");
  EXPECT_EQ(sc.steps("US-CV-1"), 2);
}

TEST(CoProsperityProduction, JapaneseTrackUnitLandsInJapan_8_4_2) {
  Scenario sc;
  sc.empty_board(1);
  sc.s().units[sc.unit("J-CV-3")] = UnitState{kLocTrack, 2, 2, 0, 0, 0};
  sc.give("J5").give("J1").at_operations(kJapanese);
  sc.acts({"play J5 replenish-any", "advance J-CV-3"});
  sc.s().turn = 2;
  sc.at_operations(kJapanese);
  sc.acts({"play J1 replenish-navy", "advance J-CV-3"});
  EXPECT_EQ(sc.where("J-CV-3"), "Japan");
}

TEST(CoProsperityProduction, InfantryIsDevelopedDirectlyAtHome_6_3_1) {
  Scenario sc;
  sc.empty_board(2);
  sc.give("J6").at_operations(kJapanese);
  sc.act("play J6 development");
  EXPECT_TRUE(sc.is_legal("develop J-Vet-1"));
  EXPECT_FALSE(sc.is_legal("develop J-Vet-2"));  // identical counters: one choice
  sc.act("develop J-Vet-1");
  EXPECT_EQ(sc.where("J-Vet-1"), "Japan");
  EXPECT_EQ(sc.steps("J-Vet-1"), 2);
}

TEST(CoProsperityProduction, ReplenishNeedsATraceHome_8_4_1) {
  Scenario sc;
  sc.empty_board(2);
  sc.put("J-Inf-2", "Shanghai", 1).put("J-Inf-3", "Guilin", 1);
  sc.put("CH-Inf-1", "Chungking").put("CH-Inf-2", "Kunming");
  // Guilin's neighbours Chungking and Kunming are Chinese; Shanghai is the only way home.
  sc.give("J3").at_operations(kJapanese);
  sc.act("play J3 replenish-army");
  EXPECT_TRUE(sc.is_legal("replenish J-Inf-2"));
  EXPECT_TRUE(sc.is_legal("replenish J-Inf-3"));
  sc.act("replenish J-Inf-3");
  EXPECT_EQ(sc.steps("J-Inf-3"), 2);
  // Cut Shanghai off: Port Arthur and Okinawa in Allied hands, Shanghai itself still Japanese.
  sc.put("US-Inf-1", "Port-Arthur").put("US-Inf-2", "Okinawa");
  sc.give("J5").at_operations(kJapanese);
  EXPECT_FALSE(sc.is_legal("play J5 replenish-any"));
}

TEST(CoProsperityCbi, CommonwealthInfantryFirstThenReducedUnits_8_5_1) {
  Scenario sc;
  sc.empty_board(2, true, false);
  sc.give("A13").at_operations(kAllied);
  sc.acts({"play A13 cbi", "nation commonwealth", "op develop"});
  EXPECT_EQ(sc.legal(), std::vector<std::string>{"develop CW-Inf-1"});  // infantry first
  sc.act("develop CW-Inf-1");
  sc.act("home Calcutta");
  EXPECT_EQ(sc.steps("CW-Inf-1"), 2);
  // Chinese units arrive reduced (8.5.1).
  sc.give("A11").at_operations(kAllied);
  sc.acts({"play A11 cbi", "nation china", "op develop", "develop CH-Inf-1", "home Kunming"});
  EXPECT_EQ(sc.where("CH-Inf-1"), "Kunming");
  EXPECT_EQ(sc.steps("CH-Inf-1"), 1);
  // and may be replenished the same turn (8.5.2).
  sc.give("A12").at_operations(kAllied);
  sc.acts({"play A12 cbi", "nation china", "op replenish", "replenish CH-Inf-1"});
  EXPECT_EQ(sc.steps("CH-Inf-1"), 2);
}

TEST(CoProsperityProduction, NavyIconsForShipsAndAirArmyForGroundAndAir_6_3_2) {
  Scenario sc;
  sc.empty_board(3);
  sc.put("J-Inf-2", "Japan", 1).put("J-CV-1", "Japan", 1).put("J-Air-1", "Japan", 1);
  sc.give("J7").give("J3").give("J5").at_operations(kJapanese);
  sc.act("play J7 replenish-navy");
  EXPECT_EQ(sc.legal(), (std::vector<std::string>{"replenish J-CV-1", "replenish J-Air-1"}));
  sc.acts({"replenish J-CV-1", "pass", "play J3 replenish-army"});
  EXPECT_EQ(sc.legal(), (std::vector<std::string>{"replenish J-Inf-2", "replenish J-Air-1"}));
  sc.acts({"replenish J-Inf-2", "pass", "play J5 replenish-any"});
  EXPECT_EQ(sc.legal(), (std::vector<std::string>{"replenish J-Air-1"}));
}

}  // namespace
}  // namespace pacwar::co_prosperity
