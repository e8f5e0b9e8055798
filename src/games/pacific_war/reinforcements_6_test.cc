// Tests for 6.0 Reinforcements and 7.0 Resource Card draws.
#include "games/pacific_war/scenario_for_test.h"

namespace pacwar::pacific_war {
namespace {

using testing::Scenario;

void due(Scenario& sc, const std::string& unit, int turn, bool repairing) {
  set_loc(sc.s(), sc.unit(unit), kLocTrack);
  sc.s().units[sc.unit(unit)].turn = static_cast<std::uint8_t>(turn);
  sc.s().units[sc.unit(unit)].flags = repairing ? (kReady | kRepairing) : kReady;
}

TEST(Reinforcements_6_1, EachNationArrivesAtItsPort) {
  Scenario sc;
  sc.empty_board(1);
  due(sc, "Yamato", 2, false);
  due(sc, "North-Carolina", 2, false);
  due(sc, "Houston", 2, true);
  due(sc, "Valiant", 2, false);
  due(sc, "HMAS-Canberra", 2, true);
  due(sc, "LBA-J1", 2, true);
  due(sc, "LBA-A1", 2, false);
  sc.control();
  begin_turn(sc.s(), nullptr);
  EXPECT_EQ(sc.where("Yamato"), "Japan");
  EXPECT_EQ(sc.where("North-Carolina"), "West-Coast");  // 6.1.2
  EXPECT_EQ(sc.where("Houston"), "Hawaiian-Islands");   // 6.1.3 repaired
  EXPECT_EQ(sc.where("Valiant"), "Madagascar");
  EXPECT_EQ(sc.where("HMAS-Canberra"), "Australia");
  EXPECT_EQ(sc.where("LBA-J1"), "Japan");
  ASSERT_EQ(sc.s().step, Step::ReinforceLba);  // 6.1 note: West Coast or Madagascar
  EXPECT_TRUE(sc.is_legal("to Madagascar"));
  sc.act("to Madagascar");
  EXPECT_EQ(sc.where("LBA-A1"), "Madagascar");
}

// 6.1.7 / 10.3.1: with Hawaii in Japanese hands, US repairs are lost; Australian ones go to
// the West Coast; Japanese reinforcements wait while Japan is not theirs (6.1.6).
TEST(Reinforcements_6_1_7, RepairsAtAnEnemyPort) {
  Scenario sc;
  sc.empty_board(2).port("Hawaiian-Islands", kJapanese).port("Australia", kJapanese);
  due(sc, "Houston", 3, true);
  due(sc, "HMAS-Canberra", 3, true);
  sc.control();
  begin_turn(sc.s(), nullptr);
  EXPECT_EQ(sc.where("Houston"), "sunk");
  EXPECT_EQ(sc.where("HMAS-Canberra"), "West-Coast");

  Scenario japan;
  japan.empty_board(2).put("Houston", "Japan");
  due(japan, "Musashi", 3, false);
  japan.control();
  begin_turn(japan.s(), nullptr);
  EXPECT_EQ(japan.where("Musashi"), "track:3");  // delayed
}

// 10.3.1: "Any Japanese units undergoing repairs are immediately destroyed and removed from the
// game, the moment there are no Ports available in the Japan OZ." The audit's position: Turn 2,
// Akagi repairing until Turn 3, an Allied cruiser enters an empty Japan (an Allied Base marker
// on the Japanese Port). Akagi is lost at once, not at the next Reinforcements Phase.
TEST(Reinforcements_10_3_1, RepairsLostTheMomentJapanIsOccupied) {
  Scenario sc;
  sc.empty_board(2).put("Houston", "Okinawa");
  due(sc, "Akagi", 3, true);
  due(sc, "Musashi", 3, false);  // a reinforcement: delayed at most (6.1.6), never lost
  sc.control().at_action(kAllied).acts({"move-from Okinawa", "pick Houston", "to Japan"});
  EXPECT_EQ(sc.s().base_marker[sc.oz("Japan")], kAllied);
  EXPECT_EQ(sc.where("Akagi"), "sunk");
  EXPECT_EQ(sc.where("Musashi"), "track:3");
  EXPECT_NE(sc.log_text().find("Akagi, under repair, is lost"), std::string::npos);
}

// 10.3.1 / 6.1.7: while Japanese ships still hold Japan, a combat is pending and the Port is
// not yet lost: the repairs stay on the Turn Track until the enemy is alone there.
TEST(Reinforcements_10_3_1, RepairsStayWhileTheOwnerStillFightsForThePort) {
  Scenario sc;
  sc.empty_board(2).put("Houston", "Okinawa").put("Mogami", "Japan");
  due(sc, "Akagi", 3, true);
  sc.control().at_action(kAllied).acts({"move-from Okinawa", "pick Houston", "to Japan"});
  ASSERT_EQ(sc.s().step, Step::Reaction);
  EXPECT_EQ(sc.where("Akagi"), "track:3");
}

// 6.1.7: "All units undergoing Repair should be removed from the game at the moment they are
// occupied (no matter the Turn they are due to arrive)". A Japanese cruiser alone in the
// Hawaiian Islands removes the US ships repairing there at once; Australian repairs are the
// exception (they go to the West Coast), and so are US LBA (placed at the West Coast or
// Madagascar, 6.1 note).
TEST(Reinforcements_6_1_7, RepairsLostTheMomentTheirPortIsOccupied) {
  Scenario sc;
  sc.empty_board(2).put("Mogami", "Midway");
  due(sc, "Houston", 4, true);
  due(sc, "HMAS-Canberra", 3, true);
  due(sc, "LBA-A1", 3, true);
  sc.control().at_action(kJapanese).acts(
      {"move-from Midway", "pick Mogami", "to Hawaiian-Islands"});
  EXPECT_EQ(sc.where("Houston"), "sunk");
  EXPECT_EQ(sc.where("HMAS-Canberra"), "track:3");
  EXPECT_EQ(sc.where("LBA-A1"), "track:3");
}

// 6.2: British withdrawals, and the example of a ship whose repairs end after it.
TEST(Reinforcements_6_2, BritishWithdrawals) {
  Scenario sc;
  sc.empty_board(2).put("Revenge", "Ceylon").put("Warspite", "Ceylon");
  due(sc, "Valiant", 5, true);  // 2-3 ship damaged past its withdrawal
  sc.control();
  begin_turn(sc.s(), nullptr);                 // Turn 3
  EXPECT_EQ(sc.where("Revenge"), "removed");   // C-3
  EXPECT_EQ(sc.where("Warspite"), "removed");  // 1-3
  sc.s().turn = 4;
  begin_turn(sc.s(), nullptr);  // Turn 5: Valiant's repairs end after Turn 3
  EXPECT_EQ(sc.where("Valiant"), "removed");
}

// 7.1-7.3: the Japanese draw 2 only with Borneo; the Allies by the schedule; hand limits.
TEST(Cards_7_2, JapaneseDrawNeedsBorneo) {
  Scenario sc;
  sc.empty_board(2).base("Borneo", kAllied).give(kJapanese, 1).control();
  begin_draw_phase(sc.s(), nullptr);
  EXPECT_EQ(sc.s().draw_left[kJapanese], 0);
  EXPECT_EQ(sc.s().draw_left[kAllied], 3);
  Scenario oil;
  oil.empty_board(2).base("Borneo", kJapanese).give(kJapanese, 1).give(kJapanese, 2);
  oil.give(kJapanese, 3).control();
  begin_draw_phase(oil.s(), nullptr);
  EXPECT_EQ(oil.s().draw_left[kJapanese], 1);  // the hand limit of 4
}

TEST(Cards_7_0, TheLeaderInVpDrawsFirst) {
  Scenario sc;
  sc.empty_board(2).base("Borneo", kJapanese).control();
  sc.s().vp = -1;
  begin_draw_phase(sc.s(), nullptr);
  EXPECT_EQ(sc.s().seat, kAllied);
  Scenario tie;
  tie.empty_board(2).base("Borneo", kJapanese).control();
  begin_draw_phase(tie.s(), nullptr);
  EXPECT_EQ(tie.s().seat, kJapanese);
}

// 7.4: when one card is left, the discards are shuffled into a new deck at once.
TEST(Cards_7_4, ReshuffleWhenOneCardIsLeft) {
  Scenario sc;
  sc.empty_board(4).base("Borneo", kAllied);
  for (int i = 0; i < sc.c().num_cards(); ++i) sc.s().cards[i] = CardLoc::Discard;
  sc.s().cards[sc.card(1)] = CardLoc::Deck;
  sc.s().cards[sc.card(2)] = CardLoc::Deck;
  sc.control();
  begin_draw_phase(sc.s(), nullptr);
  sc.act("draw card-01");
  EXPECT_EQ(deck_size(sc.s()), 15);  // card 2 and the 14 discards
  EXPECT_EQ(hand_size(sc.s(), kAllied), 1);
}

}  // namespace
}  // namespace pacwar::pacific_war
