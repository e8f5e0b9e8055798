// Tests for the card events (4.5, 4.6, 8.3.1, 8.4, 8.5, 9.0.1, 9.0.2, 10.2.1): the manual's
// card examples with scripted dice and draws, and one test per effect primitive.
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "games/pacific_war/scenario_for_test.h"

namespace pacwar::pacific_war {
namespace {

using testing::fight;
using testing::Scenario;

// A combat at `oz`, the attacker about to fight with `mp` MP left (its card window opens).
std::string column(Scenario& sc) { return sc.c().crt.columns[sc.s().combat.column].label; }

// 9.0.2 Example (1): at the beginning of combat the Japanese play The Retreat From Kiska; all
// their units retreat and the combat ends without a shot.
TEST(CardEvents_9_0_2, ExampleOneRetreatFromKiska) {
  Scenario sc;
  sc.empty_board(2).put("Nachi", "Attu-Island").put("Myoko", "Attu-Island");
  sc.put("Houston", "Attu-Island").put("Chester", "Attu-Island").give(kJapanese, 11).control();
  fight(sc, "Attu-Island", kAllied, 0);
  ASSERT_EQ(sc.s().step, Step::CombatCards);
  EXPECT_EQ(sc.s().seat, kJapanese);  // 9.0.1: the Japanese player first
  EXPECT_EQ(sc.legal(), (std::vector<std::string>{"event J11", "no-event"}));
  sc.act("event J11");
  if (sc.s().step == Step::RetreatDestination) sc.act("retreat-to Japan");
  EXPECT_EQ(sc.where("Nachi"), "Japan");
  EXPECT_EQ(sc.where("Myoko"), "Japan");
  // The Attacker wins without a combat round and may stay (9.4).
  ASSERT_EQ(sc.s().step, Step::RetreatDecision);
  sc.act("stay");
  EXPECT_EQ(sc.s().combat.oz, -1);
  EXPECT_EQ(sc.log_text().find("hit die"), std::string::npos);
  EXPECT_EQ(sc.log_text().find("Combat round"), std::string::npos);
}

// 9.0.2 Example (2): Battle of Midway and Proximity Fuse at the beginning, Battle of the Coral
// Sea during the Japanese airstrike, Redoubtable Tanaka and Battle of Cape Esperance at the
// beginning of Surface Combat.
TEST(CardEvents_9_0_2, ExampleTwoMidwayCoralSeaTanakaEsperance) {
  Scenario sc;
  sc.empty_board(3);
  for (const char* u : {"Akagi", "Kaga", "Nagato", "Mutsu"}) sc.put(u, "Midway");
  for (const char* u : {"Yorktown", "Enterprise", "North-Carolina", "Washington"})
    sc.put(u, "Midway");
  sc.give(kJapanese, 8).give(kAllied, 4).give(kAllied, 7).give(kAllied, 3).give(kAllied, 6);
  fight(sc, "Midway", kJapanese, 0);
  // Beginning of Combat: the Japanese have nothing to play (Tanaka is a Surface card).
  ASSERT_EQ(sc.s().step, Step::CombatCards);
  EXPECT_EQ(sc.s().seat, kAllied);
  EXPECT_EQ(sc.legal(), (std::vector<std::string>{"event A04", "event A07", "no-event"}));
  sc.acts({"event A04", "event A07"});  // nothing else to play: the window closes
  EXPECT_TRUE(strategic_used(sc.s(), sc.card(4), kAllied));
  // During the Japanese Airstrike resolution the Allies play Coral Sea.
  ASSERT_EQ(sc.s().step, Step::CombatCards);
  EXPECT_NE(sc.s().prompt().find("during the Japanese combat resolution"), std::string::npos);
  sc.act("event A03");
  ASSERT_EQ(sc.s().step, Step::FireDie);
  EXPECT_EQ(sc.s().combat.firing, kJapanese);
  EXPECT_EQ(column(sc), "3");  // 8 is [8-9], three shifts to the left
  sc.act("die 6");             // [3] 6: two hits, allocated by the Allied player
  ASSERT_EQ(sc.s().step, Step::Allocate);
  EXPECT_EQ(sc.s().seat, kAllied);
  sc.acts({"hit Yorktown", "hit Enterprise", "die 1", "die 1"});
  EXPECT_EQ(sc.s().combat.firing, kAllied);
  EXPECT_EQ(column(sc), "8-9");  // no card shifts the Allied airstrike
  sc.acts({"die 1", "hit Akagi", "die 1"});
  EXPECT_EQ(sc.where("Yorktown"), "track:4");
  sc.acts({"stay", "stay", "surface"});
  // Beginning of Surface Combat: Tanaka, then Cape Esperance.
  ASSERT_EQ(sc.s().step, Step::CombatCards);
  EXPECT_EQ(sc.s().seat, kJapanese);
  sc.act("event J08");
  EXPECT_EQ(sc.s().seat, kAllied);
  sc.act("event A06");
  // The first "resolved first" stands: the Japanese fire first, two columns left (Midway).
  ASSERT_EQ(sc.s().step, Step::FireDie);
  EXPECT_EQ(sc.s().combat.firing, kJapanese);
  EXPECT_EQ(column(sc), "4-5");
  sc.act("die 4");  // one hit, allocated by the Allies
  sc.acts({"hit North-Carolina", "die 6"});
  // The losses are applied before the Allies fire: North Carolina is gone already.
  EXPECT_EQ(sc.where("North-Carolina"), "sunk");
  EXPECT_EQ(sc.s().combat.firing, kAllied);
  EXPECT_EQ(column(sc), "13-15");  // Washington's 4 is [4-5], +2 Midway +2 Cape Esperance
  EXPECT_LT(sc.log_text().find("North Carolina is sunk"),
            sc.log_text().find("Allied surface fire"));
}

// 9.0.2 Example (3): In the Emperor's Presence makes the Allies discard four cards, reshuffle
// and draw four. The ruling (docs/rulings.md): of four Strategic Events drawn, the combat ones
// (A03, A04) may be used in combat, the interrupts (A09, A15) may not.
TEST(CardEvents_9_0_2, ExampleThreeInTheEmperorsPresence) {
  Scenario sc;
  sc.empty_board(3).put("Kongo", "Samoa-Islands").put("Houston", "Samoa-Islands");
  sc.give(kJapanese, 10).give(kAllied, 4).give(kAllied, 1).give(kAllied, 2).give(kAllied, 5);
  fight(sc, "Samoa-Islands", kJapanese, 0);
  ASSERT_EQ(sc.s().seat, kJapanese);
  sc.act("event J10");
  ASSERT_EQ(sc.s().step, Step::EventDraw);
  EXPECT_EQ(hand_size(sc.s(), kAllied), 0);
  EXPECT_EQ(sc.s().cards[sc.card(4)], CardLoc::Deck);  // reshuffled with the discards
  sc.acts({"draw card-03", "draw card-04", "draw card-09", "draw card-15"});
  EXPECT_EQ(hand_size(sc.s(), kAllied), 4);
  ASSERT_EQ(sc.s().step, Step::CombatCards);
  EXPECT_EQ(sc.s().seat, kAllied);
  EXPECT_EQ(sc.legal(), (std::vector<std::string>{"event A04", "no-event"}));
  // The Japanese hand is hidden from the Allies and the Allied hand from the Japanese.
  EXPECT_FALSE(sc.s().view(kJapanese)["hands"]["allied"].contains("cards"));
}

// 7.4 (In the Emperor's Presence, 9.0.2): a hand of one card is logged as "1 card".
TEST(CardEvents_9_0_2, RedrawOfAOneCardHandSaysOneCard) {
  Scenario sc;
  sc.empty_board(3).put("Kongo", "Samoa-Islands").put("Houston", "Samoa-Islands");
  sc.give(kJapanese, 10).give(kAllied, 4);
  fight(sc, "Samoa-Islands", kJapanese, 0);
  ASSERT_EQ(sc.s().seat, kJapanese);
  sc.act("event J10");
  EXPECT_NE(sc.log_text().find("discard their 1 card;"), std::string::npos) << sc.log_text();
  EXPECT_EQ(sc.log_text().find("1 cards"), std::string::npos) << sc.log_text();
}

// 9.0.1: Japanese first, one card at a time, until both pass in turn; a side with nothing to
// play is not asked. A Strategic Event interrupt is never offered in combat.
TEST(CardEvents_9_0_1, OneCardAtATimeUntilBothPass) {
  Scenario sc;
  sc.empty_board(3).put("Kongo", "Samoa-Islands").put("Houston", "Samoa-Islands");
  sc.give(kJapanese, 6).give(kJapanese, 15).give(kAllied, 11).give(kAllied, 9);
  fight(sc, "Samoa-Islands", kJapanese, 0);
  EXPECT_EQ(sc.legal(), (std::vector<std::string>{"event J06", "no-event"}));
  sc.act("no-event");
  EXPECT_EQ(sc.legal(), (std::vector<std::string>{"event A11", "no-event"}));
  sc.act("event A11");  // the Japanese may answer
  EXPECT_EQ(sc.s().seat, kJapanese);
  sc.act("event J06");
  EXPECT_EQ(sc.s().step, Step::SurfaceDecision);  // nobody can play more: the window closes
  sc.act("surface");
  EXPECT_EQ(sc.s().combat.mods.shift[kJapanese][1], 1);
  EXPECT_EQ(sc.s().combat.mods.shift[kAllied][1], 1);
  EXPECT_EQ(column(sc), "4-5");  // Kongo 3 is [3], +1 Long Lance
}

// 8.4: no event on Turn 0 (Turn 0 has no Supply Phase); events from Turn 1 on.
TEST(CardEvents_8_4, NoEventsOnTurnZero) {
  Scenario sc;
  sc.empty_board(0).put("Kongo", "Samoa-Islands").put("Houston", "Samoa-Islands");
  sc.give(kJapanese, 6);
  EXPECT_FALSE(events_usable(sc.s()));
  fight(sc, "Samoa-Islands", kJapanese, 0);
  EXPECT_EQ(sc.s().step, Step::SurfaceDecision);  // no card window
  Scenario one;
  one.empty_board(1).put("Kongo", "Samoa-Islands").put("Houston", "Samoa-Islands");
  one.give(kJapanese, 6);
  fight(one, "Samoa-Islands", kJapanese, 0);
  EXPECT_EQ(one.s().step, Step::CombatCards);
}

// The Kurita example of 8.3.1: the Japanese win the dice; the Allies interrupt with Admiral
// Kurita Turned Away; the Japanese action is lost, the round restarts at step (1), and the
// Strategy Phase does not end. The Strategic Event can never be played again (4.6).
TEST(Strategy_8_3_1, KuritaInterruption) {
  Scenario sc;
  sc.empty_board(2).put("LBA-J1", "Japan").put("LBA-A1", "Australia").give(kAllied, 9).control();
  begin_strategy_phase(sc.s(), nullptr);
  ASSERT_EQ(sc.s().step, Step::Init3);  // the Japanese hold no card
  sc.acts({"decline", "die 5", "die 2"});
  ASSERT_EQ(sc.s().step, Step::Interrupt);
  EXPECT_EQ(sc.s().seat, kAllied);
  EXPECT_EQ(sc.legal(), (std::vector<std::string>{"event A09", "no-event"}));
  EXPECT_NE(sc.s().prompt().find("8.3.1"), std::string::npos);
  sc.act("event A09");
  EXPECT_TRUE(strategic_used(sc.s(), sc.card(9), kAllied));
  EXPECT_EQ(sc.s().passes, 0);
  EXPECT_EQ(sc.s().step, Step::InitDieJapanese);  // step (1): no cards left, so the dice again
  EXPECT_TRUE(sc.s().view(kJapanese)["strategic_events_played"].dump().find("A09") !=
              std::string::npos);
  // The card comes back into the Allied hand later: its event is spent (4.6).
  sc.give(kAllied, 9);
  sc.acts({"die 6", "die 1"});
  EXPECT_EQ(sc.s().step, Step::ChooseAction);  // not interrupted
  EXPECT_EQ(sc.s().seat, kJapanese);
}

// 8.3.1 without an interrupt: declining lets the Active Player act.
TEST(Strategy_8_3_1, DecliningLetsTheActivePlayerAct) {
  Scenario sc;
  sc.empty_board(2).put("LBA-J1", "Japan").put("LBA-A1", "Australia").give(kAllied, 15);
  sc.give(kJapanese, 1).control();
  begin_strategy_phase(sc.s(), nullptr);
  sc.act("initiative J01");
  ASSERT_EQ(sc.s().step, Step::Interrupt);
  sc.act("no-event");
  EXPECT_EQ(sc.s().step, Step::ChooseAction);
  EXPECT_EQ(sc.s().seat, kJapanese);
}

// 10.2.1 Battle of Iwo Jima: the Japanese choose the Philippines; the Allies' 40 strength
// points (2 Ground Strength) no longer suffice; one card more does.
TEST(Supply_10_2_1, BattleOfIwoJima) {
  for (bool allied_card : {false, true}) {
    Scenario sc;
    sc.empty_board(3).port("Philippines", kJapanese);
    for (const char* u : {"Lexington", "Saratoga", "Yorktown", "Enterprise", "Hornet", "Wasp",
                          "Essex", "CV-10", "CV-16", "Intrepid"})
      sc.put(u, "Philippines");
    sc.give(kJapanese, 16);
    if (allied_card) sc.give(kAllied, 1);
    sc.control();
    EXPECT_EQ(ground_strength(sc.s(), kAllied, sc.oz("Philippines")), 2);
    sc.s().step = Step::Invasion;
    sc.s().supply_side = kJapanese;
    sc.s().seat = kJapanese;
    EXPECT_TRUE(sc.is_legal("event J16 Philippines"));
    sc.act("event J16 Philippines");
    EXPECT_EQ(ground_needed(sc.s(), sc.oz("Philippines")), 3);
    // The Japanese have nothing more to do: the Allied sub-phase follows.
    if (!allied_card) {
      EXPECT_NE(sc.s().step, Step::Invasion);  // nothing the Allies can do
      EXPECT_EQ(sc.s().port_owner[sc.oz("Philippines")], kJapanese);
      continue;
    }
    ASSERT_EQ(sc.s().step, Step::Invasion);
    EXPECT_EQ(sc.s().seat, kAllied);
    EXPECT_FALSE(sc.is_legal("capture Philippines"));
    sc.act("ground A01 Philippines");
    sc.act("capture Philippines");
    EXPECT_EQ(sc.s().port_owner[sc.oz("Philippines")], kAllied);
  }
}

// ground_strength (J02): +2 Ground Strength at the Port being invaded.
TEST(CardEffects, GroundStrength) {
  Scenario sc;
  sc.empty_board(2).put("Nagato", "Singapore").give(kJapanese, 2).control();
  sc.s().step = Step::Invasion;
  sc.s().supply_side = kJapanese;
  sc.s().seat = kJapanese;
  EXPECT_EQ(ground_strength(sc.s(), kJapanese, sc.oz("Singapore")), 0);
  sc.act("event J02 Singapore");
  EXPECT_TRUE(sc.is_legal("capture Singapore"));  // 0 + 2 = Singapore's 2
}

// lba_strike (J05 T Force): the LBA in Truk strikes the Allied ships in Rabaul one column to
// the right; the Allies may answer with their combat cards; no return fire.
TEST(CardEffects, LbaStrikeStartsACombat) {
  Scenario sc;
  sc.empty_board(2).put("LBA-J3", "Truk").put("Houston", "Rabaul").put("Chester", "Rabaul");
  sc.give(kJapanese, 5).give(kAllied, 7).control().at_action(kJapanese);
  ASSERT_TRUE(sc.is_legal("event J05 Rabaul"));
  sc.act("event J05 Rabaul");
  ASSERT_EQ(sc.s().step, Step::CombatCards);  // 9.0.1 at the beginning of the combat
  EXPECT_EQ(sc.s().seat, kAllied);
  sc.act("event A07");  // Proximity Fuse: one column left again
  ASSERT_EQ(sc.s().step, Step::FireDie);
  EXPECT_EQ(column(sc), "3");            // LBA 3 at [3], +1 -1
  sc.acts({"die 6", "die 6", "die 6"});  // two hits: one each
  EXPECT_EQ(sc.where("Houston"), "sunk");
  EXPECT_EQ(sc.where("Chester"), "sunk");
  EXPECT_EQ(sc.where("LBA-J3"), "Truk");
  EXPECT_EQ(sc.s().combat.oz, -1);  // the action is over: no cards left, the dice
  EXPECT_EQ(sc.s().step, Step::InitDieJapanese);
}

// lba_strike with a unit filter (A10 Skip Bombing: Non-Capital only) and the LBA choice.
TEST(CardEffects, LbaStrikeTargetsAndStrikerChoice) {
  Scenario sc;
  sc.empty_board(2).put("Kongo", "Rabaul").put("LBA-A1", "Port-Moresby");
  sc.put("LBA-A2", "Solomon-Islands").give(kAllied, 10).control().at_action(kAllied);
  EXPECT_FALSE(sc.is_legal("event A10 Rabaul"));  // Kongo is a capital ship
  sc.put("Aoba", "Rabaul").control();
  sc.act("event A10 Rabaul");
  ASSERT_EQ(sc.s().step, Step::StrikeLba);
  EXPECT_NE(sc.s().prompt().find("9.0.2"), std::string::npos);
  sc.act("strike-with LBA-A2");
  ASSERT_EQ(sc.s().step, Step::FireDie);
  sc.acts({"die 6", "die 1"});  // LBA 2 at [2] +1 = [3]: 2 hits, both on Aoba
  EXPECT_EQ(sc.s().units[sc.unit("Kongo")].pend_hits, 0);
}

// surface_hits_lba (J07 Bombardment): surface hits may go to the LBA.
TEST(CardEffects, SurfaceHitsOnLba) {
  Scenario sc;
  sc.empty_board(2).put("Kongo", "Midway").put("LBA-A1", "Midway").give(kJapanese, 7);
  fight(sc, "Midway", kJapanese, 0);
  sc.act("event J07");
  // 9.1.1: the defending LBA takes part in Airstrike Combat (Kongo has no carrier to answer).
  ASSERT_EQ(sc.s().step, Step::FireDie);
  sc.act("die 1");  // no hit
  while (sc.is_legal("stay")) sc.act("stay");
  sc.act("surface");
  ASSERT_EQ(sc.s().step, Step::FireDie);
  sc.act("die 6");  // Kongo 3 at [3]: 2 hits on the LBA
  EXPECT_EQ(sc.where("LBA-A1"), "track:4");
}

// victory_points and exhaust_units (A01 Doolittle Raid), Turns 1-2 only.
TEST(CardEffects, VictoryPointsAndExhaustUnits) {
  Scenario sc;
  sc.empty_board(2).put("Akagi", "Japan").put("Nagato", "Japan").put("LBA-A1", "Australia");
  sc.give(kAllied, 1).control().at_action(kAllied);
  sc.act("event A01");
  EXPECT_EQ(sc.s().vp, -1);
  EXPECT_FALSE(sc.ready("Akagi"));
  EXPECT_TRUE(sc.ready("Nagato"));  // not a carrier
  Scenario late;
  late.empty_board(3).give(kAllied, 1).at_action(kAllied);
  EXPECT_FALSE(late.is_legal("event A01"));
}

// discard (A02 Silent Service): the Japanese choose a card to lose.
TEST(CardEffects, EnemyDiscards) {
  Scenario sc;
  sc.empty_board(2).give(kAllied, 2).give(kJapanese, 6).give(kJapanese, 7);
  sc.control().at_action(kAllied);
  sc.act("event A02");
  ASSERT_EQ(sc.s().step, Step::EventDiscard);
  EXPECT_EQ(sc.s().seat, kJapanese);
  EXPECT_EQ(sc.legal(), (std::vector<std::string>{"lose J06", "lose J07"}));
  sc.act("lose J07");
  EXPECT_EQ(hand_size(sc.s(), kJapanese), 1);
  EXPECT_EQ(sc.s().step, Step::Init1);
}

// extra_action (J13 Operation A-Go): two LBA redeployments as one Strategy Action.
TEST(CardEffects, ExtraActions) {
  Scenario sc;
  sc.empty_board(2).put("LBA-J1", "Japan").put("LBA-J2", "Indochina").give(kJapanese, 13);
  sc.control().at_action(kJapanese);
  sc.act("event J13");
  ASSERT_EQ(sc.s().step, Step::ChooseAction);
  for (const auto& id : sc.legal())
    EXPECT_TRUE(id.rfind("redeploy ", 0) == 0 || id == "skip") << id;
  sc.acts({"redeploy LBA-J1", "to Okinawa"});
  ASSERT_EQ(sc.s().step, Step::ChooseAction);
  sc.act("skip");
  EXPECT_EQ(sc.s().step, Step::InitDieJapanese);  // the action is over
  EXPECT_EQ(sc.where("LBA-J1"), "Okinawa");
}

// ready_units (J09 Tokyo Express): Non-Capital ships in one OZ flip to Ready, then they move.
TEST(CardEffects, ReadyUnitsThenMove) {
  Scenario sc;
  sc.empty_board(2).put("Aoba", "Rabaul", false).put("Kongo", "Rabaul", false);
  sc.give(kJapanese, 9).control().at_action(kJapanese);
  sc.act("event J09 Rabaul");
  EXPECT_TRUE(sc.ready("Aoba"));
  EXPECT_FALSE(sc.ready("Kongo"));
  ASSERT_EQ(sc.s().step, Step::ChooseAction);
  EXPECT_TRUE(sc.is_legal("move-from Rabaul"));
}

// repair (J12 Kure Naval Arsenal): one Turn earlier; back now when that is this Turn.
TEST(CardEffects, Repair) {
  Scenario sc;
  sc.empty_board(2).give(kJapanese, 12).control().at_action(kJapanese);
  for (const char* u : {"Kaga", "Akagi"}) {
    set_loc(sc.s(), sc.unit(u), kLocTrack);
    sc.s().units[sc.unit(u)].flags = kReady | kRepairing;
  }
  sc.s().units[sc.unit("Kaga")].turn = 4;
  sc.s().units[sc.unit("Akagi")].turn = 3;
  EXPECT_TRUE(sc.is_legal("event J12 Kaga"));
  sc.act("event J12 Akagi");
  EXPECT_EQ(sc.where("Akagi"), "Japan");
  EXPECT_TRUE(sc.ready("Akagi"));
  sc.give(kJapanese, 12).at_action(kJapanese).act("event J12 Kaga");
  EXPECT_EQ(sc.where("Kaga"), "track:3");
}

// 4.5 in the terminal's menu: an Event with many targets (J12 Kure Naval Arsenal: any Japanese
// ship on the Turn Track) is one menu group, named by the card's words, whose choices are its
// targets (State::action_group); the actions, their ids and labels stay as they are. Any action
// that uses one card on one of several targets groups the same way (here: resupply with J12).
TEST(CardEvents_4_5, OneCardsTargetsFormOneMenuGroup) {
  Scenario sc;
  sc.empty_board(2).put("Kongo", "Truk", false).put("Tone", "Japan", false);
  sc.give(kJapanese, 12).control().at_action(kJapanese);
  for (const char* u : {"Kaga", "Akagi", "Hiryu"}) {
    set_loc(sc.s(), sc.unit(u), kLocTrack);
    sc.s().units[sc.unit(u)].flags = kReady | kRepairing;
    sc.s().units[sc.unit(u)].turn = 4;
  }
  const PwState& s = sc.s();
  const std::string text = card_end(s, sc.card(12), kJapanese).text;
  const std::string event = "Play J12 Kure Naval Arsenal: " + text + " (4.5)";
  std::map<std::string, std::vector<std::string>> choices;  // group -> its choices
  for (const engine::ActionCode action : s.legal_actions()) {
    const std::string id = s.action_id(action);
    const std::string label = s.action_label(action);
    const engine::ActionGroup group = s.action_group(action);
    if (group.label.empty()) {
      EXPECT_EQ(id.rfind("event J12", 0), std::string::npos) << id;
      continue;
    }
    choices[group.label].push_back(group.choice);
    // The label is the group's words with " at " and the choice inside.
    std::string rebuilt = label;
    const std::size_t at = rebuilt.find(" at " + group.choice);
    ASSERT_NE(at, std::string::npos) << label;
    rebuilt.erase(at, 4 + group.choice.size());
    EXPECT_EQ(rebuilt, group.label) << label;
  }
  EXPECT_EQ(choices[event], (std::vector<std::string>{"Akagi", "Kaga", "Hiryu"}))
      << ::testing::PrintToString(choices);
  const engine::ActionCode kaga = encode(Kind::Event, sc.card(12), sc.unit("Kaga"));
  EXPECT_EQ(s.action_id(kaga), "event J12 Kaga");
  EXPECT_EQ(s.action_label(kaga), "Play J12 Kure Naval Arsenal at Kaga: " + text + " (4.5)");
  EXPECT_EQ(choices["Discard J12 Kure Naval Arsenal to resupply (8.6)"],
            (std::vector<std::string>{"Japan", "Truk"}))
      << ::testing::PrintToString(choices);
}

// early_reinforcement (A16 Arsenal of Democracy): a US ship due next Turn arrives now.
TEST(CardEffects, EarlyReinforcement) {
  Scenario sc;
  sc.empty_board(2).give(kAllied, 16).control().at_action(kAllied);
  set_loc(sc.s(), sc.unit("Essex"), kLocTrack);
  sc.s().units[sc.unit("Essex")].turn = 3;
  sc.s().units[sc.unit("Essex")].flags = kReady;
  sc.act("event A16 Essex");
  EXPECT_EQ(sc.where("Essex"), "West-Coast");
  EXPECT_TRUE(sc.ready("Essex"));
}

// 4.6: a Strategic Event is played once per game; its card remains a Resource.
TEST(CardEvents_4_6, StrategicEventOncePerGame) {
  Scenario sc;
  sc.empty_board(2).put("Akagi", "Indochina").put("Warspite", "Ceylon");
  sc.give(kJapanese, 3).control().at_action(kJapanese);
  sc.act("event J03");
  EXPECT_FALSE(sc.ready("Warspite"));
  EXPECT_EQ(sc.s().vp, 1);
  sc.give(kJapanese, 3).at_action(kJapanese);
  EXPECT_FALSE(sc.is_legal("event J03"));
  EXPECT_TRUE(sc.is_legal("resupply J03 Indochina") || sc.is_legal("skip"));
}

// Playing a card reveals it: an undo barrier; a hidden hand stays hidden in the views.
TEST(CardEvents_4_5, PlayedCardIsAnUndoBarrier) {
  Scenario sc;
  sc.empty_board(2).put("LBA-J1", "Japan").give(kJapanese, 13).control().at_action(kJapanese);
  const auto code = engine::applicable(sc.s());
  for (auto c : code)
    if (sc.s().action_id(c) == "event J13") {
      EXPECT_TRUE(sc.s().is_undo_barrier(c));
    }
  EXPECT_FALSE(sc.s().view(kAllied)["hands"]["japanese"].contains("cards"));
}

}  // namespace
}  // namespace pacwar::pacific_war
