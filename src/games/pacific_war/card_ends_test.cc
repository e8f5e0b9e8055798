// Every card end played in a scenario with its effect checked: the ends that no other test
// plays (issue 13). The others are in card_events_test.cc and combat_9_test.cc (A12).
#include <algorithm>

#include "games/pacific_war/scenario_for_test.h"

namespace pacwar::pacific_war {
namespace {

using testing::Scenario;

void invasion_phase(Scenario& sc, int side) {
  sc.s().step = Step::Invasion;
  sc.s().supply_side = static_cast<std::int8_t>(side);
  sc.s().seat = static_cast<std::int8_t>(side);
}

// A05 U.S. Marines and A13 Island Hopping: +2 Ground Strength for one Allied Port Invasion.
// Houston alone (0 Ground Strength) at Japanese-held Truk (1 VP) captures it with either card.
TEST(CardEnds, A05AndA13GiveTwoGroundStrength) {
  for (int number : {5, 13}) {
    Scenario sc;
    sc.empty_board(3).put("Houston", "Truk").give(kAllied, number).control();
    invasion_phase(sc, kAllied);
    EXPECT_FALSE(sc.is_legal("capture Truk"));
    const std::string end = number == 5 ? "A05" : "A13";
    sc.act("event " + end + " Truk");
    EXPECT_EQ(sc.s().committed[sc.oz("Truk")], 2) << end;
    sc.act("capture Truk");
    EXPECT_EQ(sc.s().port_owner[sc.oz("Truk")], kAllied) << end;
  }
}

// The invasion ends ask only for a Port Invasion, not for one short of Ground Strength: J02
// may be played where the Ground Strength is already enough.
TEST(CardEnds, InvasionEndsNeedOnlyAnInvasion) {
  Scenario sc;
  sc.empty_board(2).put("Nagato", "Truk").port("Truk", kAllied).give(kJapanese, 2).control();
  invasion_phase(sc, kJapanese);
  EXPECT_EQ(ground_strength(sc.s(), kJapanese, sc.oz("Truk")), 0);
  sc.s().committed[sc.oz("Truk")] = 1;  // already enough for Truk's 1 VP
  EXPECT_TRUE(sc.is_legal("capture Truk"));
  EXPECT_TRUE(sc.is_legal("event J02 Truk"));
  EXPECT_FALSE(sc.is_legal("event J02 Singapore"));  // no invasion there
}

// J14 Tokyo Rose: the Allied player discards one card of his choice.
TEST(CardEnds, J14AlliesDiscardOne) {
  Scenario sc;
  sc.empty_board(2).give(kJapanese, 14).give(kAllied, 3).give(kAllied, 4);
  sc.control().at_action(kJapanese);
  sc.act("event J14");
  ASSERT_EQ(sc.s().step, Step::EventDiscard);
  EXPECT_EQ(sc.s().seat, kAllied);
  sc.act("lose A04");
  EXPECT_EQ(hand_size(sc.s(), kAllied), 1);
  EXPECT_EQ(sc.s().cards[sc.card(4)], CardLoc::Discard);
  // Not playable against an empty hand.
  Scenario none;
  none.empty_board(2).give(kJapanese, 14).control().at_action(kJapanese);
  EXPECT_FALSE(none.is_legal("event J14"));
}

// A14 Thach Weave: the Japanese Airstrike Combat one column left for this Combat.
TEST(CardEnds, A14ShiftsTheJapaneseAirstrikeLeft) {
  for (bool play : {false, true}) {
    Scenario sc;
    sc.empty_board(2).put("Akagi", "Midway").put("Kaga", "Midway").put("Houston", "Midway");
    sc.give(kAllied, 14).control();
    sc.s().step = Step::ChooseAction;
    sc.s().active = kJapanese;
    sc.s().after = AfterAction::ToInit1;
    begin_combat(sc.s(), sc.oz("Midway"), kJapanese, 0, nullptr);
    ASSERT_EQ(sc.s().step, Step::CombatCards);
    sc.act(play ? "event A14" : "no-event");
    ASSERT_EQ(sc.s().step, Step::FireDie);
    ASSERT_EQ(sc.s().combat.firing, kJapanese);
    // Akagi 4 + Kaga 4 = 8: [8-9], one column left is [6-7].
    EXPECT_EQ(sc.c().crt.columns[sc.s().combat.column].label, play ? "6-7" : "8-9");
  }
}

// J01 Kido Butai: every Ops Complete Japanese carrier in one OZ flips to Ready, then one Naval
// move.
TEST(CardEnds, J01ReadiesCarriersThenOneNavalMove) {
  Scenario sc;
  sc.empty_board(2).put("Akagi", "Truk", false).put("Nagato", "Truk", false);
  sc.give(kJapanese, 1).control().at_action(kJapanese);
  sc.act("event J01 Truk");
  EXPECT_TRUE(sc.ready("Akagi"));
  EXPECT_FALSE(sc.ready("Nagato"));  // not a carrier
  ASSERT_EQ(sc.s().step, Step::ChooseAction);
  for (const auto& id : sc.legal())
    EXPECT_TRUE(id.rfind("move-from ", 0) == 0 || id == "skip") << id;
  sc.acts({"move-from Truk", "pick Akagi", "to Rabaul"});
  EXPECT_EQ(sc.where("Akagi"), "Rabaul");
}

// J04 End of Battleship Era (Japanese) and A08 George C. Kenney (Allied): an LBA starts a
// combat (9.0.2), striking the enemy ships in an adjacent OZ; J04 only the capital ships.
TEST(CardEnds, J04AndA08LbaStrikes) {
  Scenario j;
  j.empty_board(2).put("LBA-J3", "Truk").put("Houston", "Rabaul").give(kJapanese, 4);
  j.control().at_action(kJapanese);
  EXPECT_FALSE(j.is_legal("event J04 Rabaul"));  // Houston is not a capital ship
  j.put("North-Carolina", "Rabaul").control();
  ASSERT_TRUE(j.is_legal("event J04 Rabaul"));
  j.act("event J04 Rabaul");
  while (j.s().step == Step::CombatCards || j.s().step == Step::StrikeLba) j.act(j.legal().front());
  ASSERT_EQ(j.s().step, Step::FireDie);
  EXPECT_EQ(j.s().combat.firing, kJapanese);
  j.act("die 6");
  EXPECT_EQ(j.s().units[j.unit("Houston")].pend_hits, 0);  // not a target

  Scenario a;
  a.empty_board(2).put("LBA-A1", "Port-Moresby").put("Aoba", "Rabaul").give(kAllied, 8);
  a.control().at_action(kAllied);
  ASSERT_TRUE(a.is_legal("event A08 Rabaul"));
  a.act("event A08 Rabaul");
  while (a.s().step == Step::CombatCards || a.s().step == Step::StrikeLba) a.act(a.legal().front());
  ASSERT_EQ(a.s().step, Step::FireDie);
  EXPECT_EQ(a.s().combat.firing, kAllied);
}

// J15 Halsey's Decision and A15 Operation Vengeance (Strategic Events, 8.3.1): cancel the
// Strategy Action the other side took the Initiative for; each is used once (4.6).
TEST(CardEnds, J15AndA15CancelTheAction) {
  Scenario a;  // the Allies interrupt the Japanese
  a.empty_board(2).put("LBA-J1", "Japan").put("LBA-A1", "Australia").give(kAllied, 15);
  a.give(kJapanese, 1).control();
  begin_strategy_phase(a.s(), nullptr);
  a.act("initiative J01");
  ASSERT_EQ(a.s().step, Step::Interrupt);
  ASSERT_TRUE(a.is_legal("event A15"));
  a.act("event A15");
  EXPECT_TRUE(strategic_used(a.s(), a.card(15), kAllied));
  EXPECT_NE(a.s().step, Step::ChooseAction);  // the Japanese action is lost

  Scenario j;  // the Japanese interrupt the Allies
  j.empty_board(2).put("LBA-J1", "Japan").put("LBA-A1", "Australia").give(kJapanese, 15);
  j.give(kAllied, 2).control();
  begin_strategy_phase(j.s(), nullptr);
  j.act("decline");  // step (1): the Japanese keep their card
  ASSERT_EQ(j.s().seat, kAllied);
  j.act("initiative A02");
  ASSERT_EQ(j.s().step, Step::Interrupt);
  EXPECT_EQ(j.s().seat, kJapanese);
  j.act("event J15");
  EXPECT_TRUE(strategic_used(j.s(), j.card(15), kJapanese));
  EXPECT_FALSE(j.s().step == Step::ChooseAction && j.s().seat == kAllied);
}

}  // namespace
}  // namespace pacwar::pacific_war
