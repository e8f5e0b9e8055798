// Tests for 8.0 Strategy Phase: the Initiative procedure and the card actions.
#include "games/pacific_war/scenario_for_test.h"

namespace pacwar::pacific_war {
namespace {

using testing::Scenario;

// Two LBA to give each side a legal action after the dice (8.2 step 4).
Scenario initiative_board() {
  Scenario sc;
  sc.empty_board(1)
      .put("LBA-J1", "Japan")
      .put("LBA-J2", "Indochina")
      .put("LBA-A1", "Australia")
      .put("LBA-A2", "Hawaiian-Islands")
      .give(kJapanese, 1)
      .give(kJapanese, 2)
      .give(kJapanese, 3)
      .give(kJapanese, 4)
      .give(kAllied, 5)
      .give(kAllied, 6)
      .control();
  begin_strategy_phase(sc.s(), nullptr);
  return sc;
}

// 8.2 Long Example of Initiative, step by step.
TEST(Strategy_8_2, LongExampleOfInitiative) {
  Scenario sc = initiative_board();
  PwState& s = sc.s();
  ASSERT_EQ(s.step, Step::Init1);
  sc.act("initiative J01").act("skip");  // Japanese discard and act: 3 cards left
  EXPECT_EQ(hand_size(s, kJapanese), 3);
  ASSERT_EQ(s.step, Step::Init2);
  sc.act("initiative A05").act("skip");  // the Allies do the same: 1 card left
  EXPECT_EQ(hand_size(s, kAllied), 1);
  ASSERT_EQ(s.step, Step::Init1);
  sc.act("initiative J02").act("skip");  // Japanese again: 2 cards left
  EXPECT_EQ(hand_size(s, kJapanese), 2);
  ASSERT_EQ(s.step, Step::Init2);
  sc.act("decline");  // the Allies keep their last card
  ASSERT_EQ(s.step, Step::Init1);
  sc.act("decline");  // the Japanese keep theirs: step (3)
  ASSERT_EQ(s.step, Step::Init3);
  sc.act("initiative A06").act("skip");  // the Allies change their mind: no cards left
  EXPECT_EQ(hand_size(s, kAllied), 0);
  ASSERT_EQ(s.step, Step::Init1);
  sc.act("decline");  // the Allies have nothing to discard: straight to the dice
  ASSERT_EQ(s.step, Step::InitDieJapanese);
  sc.act("die 3").act("die 4");  // the Allies win the Initiative and act first
  ASSERT_EQ(s.step, Step::ChooseAction);
  EXPECT_EQ(s.seat, kAllied);
  EXPECT_TRUE(sc.is_legal("pass"));
  EXPECT_FALSE(sc.is_legal("skip"));
  sc.act("redeploy LBA-A2").act("to Samoa-Islands");
  ASSERT_EQ(s.step, Step::ChooseAction);  // then the Japanese take an action
  EXPECT_EQ(s.seat, kJapanese);
  sc.act("redeploy LBA-J1").act("to Okinawa");
  ASSERT_EQ(s.step, Step::Init1);        // back to step (1)
  sc.act("initiative J03").act("skip");  // one card left
  EXPECT_EQ(hand_size(s, kJapanese), 1);
  ASSERT_EQ(s.step, Step::Init1);  // the Allies cannot discard: back to the Japanese
  sc.act("decline");
  ASSERT_EQ(s.step, Step::InitDieJapanese);
  sc.act("die 2").act("die 2");  // a tie ends the Strategy Phase
  EXPECT_NE(sc.log_text().find("A tie: the Strategy Phase ends"), std::string::npos);
  EXPECT_NE(sc.log_text().find("Supply Phase"), std::string::npos);
}

// 8.2 step (4): both players pass after the dice, the phase ends.
TEST(Strategy_8_2, BothPassAfterTheDiceEndsThePhase) {
  Scenario sc = initiative_board();
  sc.acts({"decline", "decline", "die 5", "die 1", "pass", "pass"});
  EXPECT_NE(sc.log_text().find("Both players pass"), std::string::npos);
  EXPECT_NE(sc.log_text().find("Supply Phase"), std::string::npos);
}

// 8.2 step (4): one player passes, the other acts; back to step (1).
TEST(Strategy_8_2, OnePassesTheOtherActs) {
  Scenario sc = initiative_board();
  sc.acts({"decline", "decline", "die 1", "die 6", "pass"});
  EXPECT_EQ(sc.s().seat, kJapanese);
  sc.act("redeploy LBA-J1").act("to Okinawa");
  EXPECT_EQ(sc.s().step, Step::Init1);
}

// 8.6 Resupply: non-capital ships at a Base; capital ships only at a Port.
TEST(Strategy_8_6, ResupplyAtABaseReadiesOnlyNonCapitalShips) {
  Scenario sc;
  sc.empty_board(1)
      .put("Nagato", "Okinawa", false)
      .put("Myoko", "Okinawa", false)
      .put("Kongo", "Truk", false)
      .give(kJapanese, 7)
      .base("Okinawa", kJapanese)
      .control()
      .at_action(kJapanese);
  sc.act("resupply J07 Okinawa");
  EXPECT_FALSE(sc.ready("Nagato"));
  EXPECT_TRUE(sc.ready("Myoko"));
  EXPECT_FALSE(sc.ready("Kongo"));
  EXPECT_EQ(sc.s().cards[sc.card(7)], CardLoc::Discard);
}

TEST(Strategy_8_6, ResupplyAtAPortReadiesEveryShip) {
  Scenario sc;
  sc.empty_board(1).put("Kongo", "Truk", false).put("Tone", "Truk", false).give(kJapanese, 7);
  sc.control().at_action(kJapanese).act("resupply J07 Truk");
  EXPECT_TRUE(sc.ready("Kongo"));
  EXPECT_TRUE(sc.ready("Tone"));
}

// 8.7 Fleet Train: Allied only, Turns 4 and 5, on an Allied Base; it acts as a Port.
TEST(Strategy_8_7, FleetTrainOnlyOnTurnsFourAndFive) {
  Scenario sc;
  sc.empty_board(3).put("LBA-A1", "Midway").give(kAllied, 8).control().at_action(kAllied);
  EXPECT_FALSE(sc.is_legal("fleet-train A08 Midway"));
  sc.s().turn = 4;
  EXPECT_TRUE(sc.is_legal("fleet-train A08 Midway"));
  sc.act("fleet-train A08 Midway");
  EXPECT_EQ(sc.s().fleet_train_oz, sc.oz("Midway"));
  EXPECT_TRUE(usable_port(sc.s(), kAllied, sc.oz("Midway")));
}

// 8.7: "If, however, at any time there is at least one Japanese Naval unit present in an OZ
// with an FT marker, the FT marker is then immediately removed." The audit's position: Turn 4,
// the Fleet Train at Midway with Houston; Mogami attacks from Japan. The marker goes the moment
// Mogami arrives, before any reaction or combat, and stays gone whatever the combat does.
TEST(Strategy_8_7, FleetTrainRemovedTheMomentAJapaneseShipArrives) {
  Scenario sc;
  sc.empty_board(4).put("Houston", "Midway").put("Mogami", "Japan").give(kAllied, 8);
  sc.control().at_action(kAllied).act("fleet-train A08 Midway");
  ASSERT_EQ(sc.s().fleet_train_oz, sc.oz("Midway"));
  sc.at_action(kJapanese).acts({"move-from Japan", "pick Mogami", "to Midway"});
  ASSERT_EQ(sc.s().step, Step::Reaction);  // the combat has not begun
  EXPECT_EQ(sc.s().fleet_train_oz, -1);
  EXPECT_NE(sc.log_text().find("Fleet Train marker is removed"), std::string::npos);
  EXPECT_FALSE(usable_port(sc.s(), kAllied, sc.oz("Midway")));
  // Both sides miss and Mogami retreats to Japan: the marker does not come back, and Houston,
  // alone at Midway, holds the Base by 12.2.
  sc.acts({"no-reaction", "surface", "die 1", "die 1", "retreat", "retreat-to Japan"});
  EXPECT_EQ(sc.where("Mogami"), "Japan");
  EXPECT_EQ(sc.s().fleet_train_oz, -1);
  EXPECT_EQ(sc.controller_of("Midway"), kAllied);
}

// 8.7 with 8.9.3 (docs/rulings.md 63): the Fleet Train's Base took any number of LBA, as a Port
// does. When the marker goes, the LBA there stay: 8.9.3 limits where an LBA may be moved, and
// the marker's removal moves nothing. No further LBA may join them while it is a Base.
TEST(Strategy_8_7, LbaStayWhenTheFleetTrainGoes) {
  Scenario sc;
  sc.empty_board(4).put("LBA-A1", "Midway").put("LBA-A2", "Midway").put("Mogami", "Japan");
  sc.put("LBA-A3", "Hawaiian-Islands").give(kAllied, 8);
  sc.control().at_action(kAllied).act("fleet-train A08 Midway");
  sc.at_action(kJapanese).acts({"move-from Japan", "pick Mogami", "to Midway"});
  EXPECT_EQ(sc.s().fleet_train_oz, -1);
  EXPECT_EQ(sc.where("LBA-A1"), "Midway");
  EXPECT_EQ(sc.where("LBA-A2"), "Midway");
  EXPECT_EQ(sc.s().check_invariants(), "");
  Scenario later;  // the same Base after the combat, held by the two LBA
  later.empty_board(4).put("LBA-A1", "Midway").put("LBA-A2", "Midway");
  later.put("LBA-A3", "Hawaiian-Islands").control().at_action(kAllied);
  later.act("redeploy LBA-A3");
  EXPECT_FALSE(later.is_legal("to Midway"));
}

// 8.8 Restricted Sea Routes: closed until the Allies discard a card; then open for both.
TEST(Strategy_8_8, OpeningTheRestrictedRoutes) {
  Scenario sc;
  sc.empty_board(1).put("Houston", "Australia").give(kAllied, 9).control().at_action(kAllied);
  sc.act("move-from Australia").act("pick Houston");
  EXPECT_FALSE(sc.is_legal("to Borneo"));  // Australia-Borneo is closed
  Scenario open;
  open.empty_board(1).put("Houston", "Australia").give(kAllied, 9).control().at_action(kAllied);
  open.act("open-routes A09");
  EXPECT_TRUE(open.s().routes_open);
  open.at_action(kAllied).act("move-from Australia").act("pick Houston");
  EXPECT_TRUE(open.is_legal("to Borneo"));
}

}  // namespace
}  // namespace pacwar::pacific_war
