// Tests for 9.0 Combat, after the manual's examples, with scripted dice.
#include "games/pacific_war/scenario_for_test.h"

namespace pacwar::pacific_war {
namespace {

using testing::fight;
using testing::Scenario;

// A combat at `oz` with the given units, the attacker about to fight with `mp` MP left.
// Combat Example (1), after Reaction example (1), in full: the Japanese play no card, the
// Allies play Great Marianas Turkey Shoot (A12): the Japanese airstrike of 16 becomes 8, [8-9]
// one column left for the Allied LBA = [6-7], where the example's 3 scores one hit.
TEST(Combat_9_5, CombatExampleOneMidway) {
  Scenario sc;
  sc.empty_board(2);
  for (const char* u : {"Akagi", "Kaga", "Hiryu", "Soryu", "Nagato", "Mutsu", "Nachi", "Myoko"})
    sc.put(u, "Japan");
  sc.put("LBA-A1", "Midway").put("LBA-A2", "Hawaiian-Islands");
  for (const char* u : {"Enterprise", "Yorktown", "Hornet", "Northampton", "Chester", "Chicago",
                        "Portland", "Astoria", "Salt-Lake-City"})
    sc.put(u, "Hawaiian-Islands");
  sc.give(kAllied, 12);
  sc.control().at_action(kJapanese);
  sc.acts({"move-from Japan", "all", "to Midway", "counterattack"});
  for (const char* u : {"Enterprise", "Yorktown", "Hornet", "Northampton", "Chester", "Chicago",
                        "Portland", "Astoria", "Salt-Lake-City"})
    sc.act(std::string("pick ") + u);
  // 9.0.1: the Japanese hold no card; the Allies play the Turkey Shoot.
  ASSERT_EQ(sc.s().step, Step::CombatCards);
  EXPECT_EQ(sc.s().seat, kAllied);
  sc.act("event A12");
  // Japanese airstrike: 16 halved to 8, Allied LBA present: one column left.
  ASSERT_EQ(sc.s().step, Step::FireDie);
  EXPECT_EQ(sc.c().crt.columns[sc.s().combat.column].label, "6-7");
  sc.act("die 3").act("hit Enterprise").act("die 4");  // one hit; 4 > Enterprise's 2: sunk
  // Allied airstrike 14 (three carriers and the LBA); the Japanese have more carriers.
  EXPECT_EQ(sc.c().crt.columns[sc.s().combat.column].label, "10-12");
  sc.act("die 5");  // three hits
  sc.acts({"hit Akagi", "hit Kaga", "hit Soryu", "die 1", "die 3", "die 2"});
  EXPECT_EQ(sc.where("Enterprise"), "sunk");
  EXPECT_EQ(sc.where("Kaga"), "sunk");
  EXPECT_EQ(sc.where("Akagi"), "track:3");  // back next Turn
  EXPECT_EQ(sc.where("Soryu"), "track:4");  // two Turns
  sc.acts({"stay", "stay", "surface"});
  // Japanese gunnery 10 = Nagato 4 + Mutsu 4 + Nachi 1 + Myoko 1.
  EXPECT_EQ(sc.c().crt.columns[sc.s().combat.column].label, "10-12");
  sc.act("die 6");  // four hits, allocated by the Allies to their cruisers
  sc.acts({"hit Northampton", "hit Chester", "hit Chicago", "hit Portland"});
  sc.acts({"die 2", "die 3", "die 4", "die 5"});
  // Allied gunnery 6: six cruisers.
  EXPECT_EQ(sc.c().crt.columns[sc.s().combat.column].label, "6-7");
  sc.act("die 4");  // two hits, allocated by the Japanese
  sc.acts({"hit Nagato", "hit Mutsu", "die 4", "die 5"});
  for (const char* u : {"Northampton", "Chester", "Chicago", "Portland", "Mutsu"})
    EXPECT_EQ(sc.where(u), "sunk") << u;
  EXPECT_EQ(sc.where("Nagato"), "removed");  // would return on Turn 6
  // The Japanese have no MP left; the Allies retreat to Hawaii, their LBA leaves the map.
  ASSERT_EQ(sc.s().step, Step::RetreatDecision);
  sc.acts({"stay", "retreat", "retreat-to Hawaiian-Islands"});
  EXPECT_EQ(sc.where("Yorktown"), "Hawaiian-Islands");
  EXPECT_EQ(sc.where("Salt-Lake-City"), "Hawaiian-Islands");
  EXPECT_EQ(sc.where("LBA-A1"), "track:3");
  // The Japanese won; they choose to retreat to Japan.
  sc.acts({"retreat", "retreat-to Japan"});
  for (const char* u : {"Hiryu", "Nachi", "Myoko"}) EXPECT_EQ(sc.where(u), "Japan") << u;
  EXPECT_NE(sc.log_text().find("Japanese win the combat at Midway"), std::string::npos);
  // Midway is empty but stays Allied: the LBA in Hawaii projects air superiority.
  EXPECT_EQ(sc.controller_of("Midway"), kAllied);
}

// Combat Example (2): cruisers in the Philippines; Houston cannot return to port and is
// redeployed, Ops Complete, to Ceylon; then Nachi and Myoko take Borneo in a second round.
TEST(Combat_9_5, CombatExampleTwoPhilippinesAndBorneo) {
  Scenario sc;
  sc.empty_board(1);
  for (const char* u : {"Nagato", "Mutsu", "Kongo", "Haruna", "Fuso", "Yamashiro", "Atago"})
    sc.put(u, "Indochina");
  for (const char* u : {"Tone", "Chikuma", "Haguro", "Ashigara", "Nachi", "Myoko"})
    sc.put(u, "Okinawa");
  sc.put("Exeter", "Singapore").put("Houston", "Philippines").put("De-Ruyter", "Borneo");
  sc.put("LBA-J1", "Japan").put("LBA-J3", "Truk").put("LBA-A1", "Australia");
  sc.control().at_action(kJapanese).give(kJapanese, 1).give(kJapanese, 2);
  // Six battleships and a cruiser move from Indochina to Singapore and sink Exeter.
  sc.acts({"move-from Indochina", "all", "to Singapore", "no-reaction", "surface"});
  EXPECT_EQ(sc.c().crt.columns[sc.s().combat.column].label, "20-25");  // gunnery 21
  sc.act("die 1");                                                     // two hits, both on Exeter
  sc.acts({"die 6", "die 6", "die 1"});  // Exeter sunk; Exeter's gunnery 1 misses
  EXPECT_EQ(sc.where("Exeter"), "sunk");
  sc.act("stay");  // the Japanese won and stay
  EXPECT_EQ(sc.s().port_owner[sc.oz("Singapore")], kAllied);
  EXPECT_EQ(sc.s().base_marker[sc.oz("Singapore")], kJapanese);  // a Base on the Port
  // Tone, Chikuma, Haguro and Ashigara to the Philippines with 2 MP left.
  sc.at_action(kJapanese).acts({"move-from Okinawa", "pick Tone", "pick Chikuma", "pick Haguro",
                                "pick Ashigara", "done", "to Philippines", "no-reaction"});
  EXPECT_EQ(sc.s().combat.mp, 2);
  ASSERT_EQ(sc.s().step, Step::SurfaceDecision);  // no carriers: no Airstrike Combat
  sc.act("surface");
  EXPECT_EQ(sc.c().crt.columns[sc.s().combat.column].label, "4-5");
  sc.act("die 1");  // no hits
  EXPECT_EQ(sc.c().crt.columns[sc.s().combat.column].label, "1");
  sc.acts({"die 5", "hit Chikuma", "die 6"});  // one hit: Chikuma sunk
  EXPECT_EQ(sc.where("Chikuma"), "sunk");
  sc.acts({"stay", "retreat"});  // the Allies retreat: no Port reachable
  EXPECT_EQ(sc.where("Houston"), "Ceylon");
  EXPECT_FALSE(sc.ready("Houston"));
  sc.act("stay");
  EXPECT_EQ(sc.s().base_marker[sc.oz("Philippines")], kJapanese);
  // Nachi and Myoko through the Philippines to Borneo; two rounds.
  sc.at_action(kJapanese).acts({"move-from Okinawa", "all", "to Borneo", "no-reaction"});
  EXPECT_EQ(sc.s().combat.mp, 1);
  sc.acts({"surface", "die 3", "die 2"});  // [2]: 0 hits; De Ruyter [1]: 0 hits
  sc.acts({"stay", "stay", "continue", "stay", "surface", "die 6"});  // [2] 6: two hits
  sc.acts({"die 3", "die 4", "die 1"});
  EXPECT_EQ(sc.where("De-Ruyter"), "sunk");
  sc.act("stay");
  EXPECT_EQ(sc.controller_of("Borneo"), kJapanese);
  // Supply Phase: Singapore needs 2 Ground Strength; 21 strength points give 1, a card 1 more.
  EXPECT_EQ(ground_strength(sc.s(), kJapanese, sc.oz("Singapore")), 1);
}

// 9.2.4: every targeted unit takes one hit before any takes a second.
TEST(Combat_9_2_4, HitsSpreadEvenlyBeforeASecondHit) {
  Scenario sc;
  sc.empty_board(1).put("Akagi", "Midway").put("Mutsu", "Midway").put("Hiryu", "Midway");
  sc.put("Yorktown", "Midway").put("Enterprise", "Midway").put("Hornet", "Midway");
  fight(sc, "Midway", kAllied, 0);
  ASSERT_EQ(sc.s().combat.firing, kAllied);
  sc.act("die 6");  // Allied 12 vs more... [10-12] 6 = 4 hits: one each, then one more
  EXPECT_EQ(sc.s().step, Step::Allocate);
  EXPECT_EQ(sc.s().combat.hits_left, 1);  // three were forced, one each
  for (const char* u : {"Akagi", "Mutsu", "Hiryu"})
    EXPECT_EQ(sc.s().units[sc.unit(u)].pend_hits, 1) << u;
  EXPECT_TRUE(sc.is_legal("hit Mutsu"));
}

// 9.2.5 Example of Hit Allocation: six hits on three Naval units and an LBA.
TEST(Combat_9_2_5, SixHitsOnThreeShipsAndAnLba) {
  Scenario sc;
  sc.empty_board(1).put("Kumano", "Port-Moresby").put("Mogami", "Port-Moresby");
  sc.put("Mikuma", "Port-Moresby").put("LBA-J1", "Port-Moresby");
  sc.put("Lexington", "Port-Moresby").put("Saratoga", "Port-Moresby");
  sc.put("Yorktown", "Port-Moresby").put("Enterprise", "Port-Moresby");
  sc.put("Hornet", "Port-Moresby").put("Wasp", "Port-Moresby");
  sc.put("Essex", "Port-Moresby").put("CV-10", "Port-Moresby");
  fight(sc, "Port-Moresby", kAllied, 0);
  sc.act("die 5");  // 32 strength, Japanese LBA: one column left = [26-30]: 6 hits
  EXPECT_EQ(sc.s().combat.hits_left, 2);  // four forced, one on each unit
  sc.act("hit LBA-J1");
  EXPECT_FALSE(sc.is_legal("hit LBA-J1"));  // it already has two
  sc.act("hit Mogami");
  EXPECT_EQ(sc.s().units[sc.unit("LBA-J1")].pend_hits, 2);
  EXPECT_EQ(sc.s().units[sc.unit("Mogami")].pend_hits, 2);
  EXPECT_EQ(sc.s().units[sc.unit("Kumano")].pend_hits, 1);
}

// 9.2.5 Examples 2 and 3: Oklahoma (defense 3) damaged on Turn 2 and on Turn 4.
TEST(Combat_9_2_5, OklahomaRepairTurns) {
  Scenario ok;
  ok.empty_board(2).put("Oklahoma", "Midway").put("Kumano", "Midway").put("Mogami", "Midway");
  ok.put("Mikuma", "Midway");
  fight(ok, "Midway", kJapanese, 0);
  ok.act("surface").act("die 6");  // Japanese 3 at [3]: 2 hits, both on Oklahoma
  ok.acts({"die 1", "die 1"});     // two damage against defense 3
  ok.act("die 1");                 // Oklahoma's 3 at [3]: no hit
  EXPECT_EQ(ok.where("Oklahoma"), "track:4");
  // Direct check of the repair arithmetic of 9.2.5 against the examples.
  Scenario sc;
  sc.empty_board(2);
  EXPECT_EQ(return_turn(sc.s(), 2), 4);
  EXPECT_EQ(return_turn(sc.s(), 3), 5);
  sc.s().turn = 4;
  EXPECT_GT(return_turn(sc.s(), 2), kLastTurn);
  sc.s().turn = 0;
  EXPECT_EQ(return_turn(sc.s(), 1), 2);  // 5.0 note: Turn 0 damage 1 returns on Turn 2
}

// 9.2.5 Heavily Armored: each die -1; two 1s do no damage; a 6 always sinks.
TEST(Combat_9_2_5, HeavyArmor) {
  Scenario sc;
  sc.empty_board(2).put("Yamato", "Midway");
  for (const char* u : {"North-Carolina", "Washington", "South-Dakota", "Indiana"})
    sc.put(u, "Midway");
  fight(sc, "Midway", kAllied, 0);
  sc.act("surface").act("die 4");        // Allied 16 at [16-19]: 3 hits, all on Yamato
  sc.acts({"die 1", "die 1", "die 2"});  // armored: 0 + 0 + 1 = 1: damaged, not sunk
  sc.act("die 1");                       // Yamato's 5 at [4-5]: no hit
  EXPECT_EQ(sc.where("Yamato"), "track:3");

  Scenario six;
  six.empty_board(2).put("Yamato", "Midway").put("North-Carolina", "Midway");
  fight(six, "Midway", kAllied, 0);
  six.act("surface").act("die 5");  // Allied 4 at [4-5]: 2 hits on Yamato
  six.acts({"die 6", "die 1"});     // armored total 5 is not over 5, but a 6 sinks her
  six.act("die 1");                 // Yamato's reply misses
  EXPECT_EQ(six.where("Yamato"), "sunk");
}

}  // namespace
}  // namespace pacwar::pacific_war
