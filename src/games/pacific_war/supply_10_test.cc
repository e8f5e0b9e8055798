// Tests for 10.0 Supply Phase, after the manual's examples.
#include "games/pacific_war/scenario_for_test.h"

namespace pacwar::pacific_war {
namespace {

using testing::Scenario;

// 10.1 Example of Isolation: Chokai at Australia (a Japanese Base on the Allied Port) and Aoba
// in the Solomon Islands cannot trace to a Japanese Port and go to Truk, Ops Complete;
// Australia is an Allied Port again; HMAS Australia then traces supply and is not isolated.
TEST(Supply_10_1, ExampleOfIsolation) {
  Scenario sc;
  sc.empty_board(2)
      .put("Chokai", "Australia")
      .put("Aoba", "Solomon-Islands")
      .put("HMAS-Australia", "Rabaul")
      .put("LBA-A1", "Rabaul")
      .put("LBA-J3", "Truk")
      .control();
  EXPECT_EQ(sc.s().base_marker[sc.oz("Australia")], kJapanese);
  EXPECT_TRUE(is_isolated(sc.s(), kJapanese, sc.oz("Australia")));
  EXPECT_TRUE(is_isolated(sc.s(), kJapanese, sc.oz("Solomon-Islands")));
  EXPECT_TRUE(is_isolated(sc.s(), kAllied, sc.oz("Rabaul")));  // before the Japanese go
  begin_supply_phase(sc.s(), nullptr);
  EXPECT_EQ(sc.where("Chokai"), "Truk");
  EXPECT_EQ(sc.where("Aoba"), "Truk");
  EXPECT_FALSE(sc.ready("Chokai"));
  EXPECT_EQ(sc.controller_of("Australia"), kAllied);
  EXPECT_EQ(sc.controller_of("Solomon-Islands"), kAllied);
  EXPECT_EQ(sc.where("HMAS-Australia"), "Rabaul");  // traces to Australia and Samoa now
  EXPECT_FALSE(is_isolated(sc.s(), kAllied, sc.oz("Rabaul")));
}

TEST(Supply_10_1, UnitsAtAFriendlyPortAreNeverIsolated) {
  Scenario sc;
  sc.empty_board(2).put("Kongo", "Truk").put("Houston", "Mariana-Islands");
  sc.put("Exeter", "Rabaul").put("Hermes", "Kwajalein-Atoll").control();
  EXPECT_FALSE(is_isolated(sc.s(), kJapanese, sc.oz("Truk")));
}

// 10.2: Ground Strength = (airstrike + gunnery) / 20 plus a card each; capture needs the VP.
TEST(Supply_10_2, PortInvasionWithACardForSingapore) {
  Scenario sc;
  sc.empty_board(1);
  for (const char* u : {"Nagato", "Mutsu", "Kongo", "Haruna", "Fuso", "Yamashiro", "Atago"})
    sc.put(u, "Singapore");
  sc.give(kJapanese, 3).control();
  EXPECT_EQ(ground_strength(sc.s(), kJapanese, sc.oz("Singapore")), 1);
  begin_supply_phase(sc.s(), nullptr);
  ASSERT_EQ(sc.s().step, Step::Invasion);
  EXPECT_FALSE(sc.is_legal("capture Singapore"));
  sc.act("ground J03 Singapore");
  sc.act("capture Singapore");
  EXPECT_EQ(sc.s().port_owner[sc.oz("Singapore")], kJapanese);
  EXPECT_EQ(sc.s().base_marker[sc.oz("Singapore")], -1);
  EXPECT_EQ(sc.controller_of("Singapore"), kJapanese);
}

// 10.2 / 12.3.2 and column D of the control table (docs/rulings.md 62): a Port that neither side
// controls (Japanese ships at the Allied Philippines under an Allied Air Superiority Zone) may
// be invaded by the side that does not own it.
TEST(Supply_10_2, AContestedPortCanBeInvaded) {
  Scenario sc;
  sc.empty_board(2);
  for (const char* u : {"Nagato", "Mutsu", "Kongo", "Haruna", "Fuso", "Yamashiro", "Atago"})
    sc.put(u, "Philippines");
  sc.put("LBA-A1", "Borneo").give(kJapanese, 3).control();
  ASSERT_TRUE(sc.s().contested[sc.oz("Philippines")]);
  ASSERT_EQ(sc.controller_of("Philippines"), -1);
  begin_supply_phase(sc.s(), nullptr);
  ASSERT_EQ(sc.s().step, Step::Invasion);
  EXPECT_EQ(sc.s().seat, kJapanese);
  sc.act("ground J03 Philippines");  // 1 Ground Strength from the ships, 1 from the card
  sc.act("capture Philippines");
  EXPECT_EQ(sc.s().port_owner[sc.oz("Philippines")], kJapanese);
}

// 10.2.1: Ports cannot be captured without Naval units present.
TEST(Supply_10_2_1, NoCaptureWithoutNavalUnits) {
  Scenario sc;
  sc.empty_board(1).put("LBA-J1", "Samoa-Islands").give(kJapanese, 3).control();
  begin_supply_phase(sc.s(), nullptr);
  EXPECT_NE(sc.s().step, Step::Invasion);
}

// 11.1.1: capturing Japan ends the game with an Allied victory.
TEST(Supply_10_2, CapturingJapanWinsForTheAllies) {
  Scenario sc;
  sc.empty_board(3);
  for (const char* u :
       {"Iowa",        "Missouri",     "Wisconsin",   "New-Jersey",    "North-Carolina",
        "Washington",  "South-Dakota", "Indiana",     "Massachusetts", "Alabama",
        "Essex",       "CV-10",        "CV-16",       "Intrepid",      "CV-12",
        "Bunker-Hill", "CV-18",        "Ticonderoga", "Franklin",      "Shangri-La",
        "Lexington",   "Saratoga",     "Yorktown",    "Enterprise",    "Hornet",
        "Wasp"})
    sc.put(u, "Japan");
  sc.control();
  EXPECT_GE(ground_strength(sc.s(), kAllied, sc.oz("Japan")), 5);
  begin_supply_phase(sc.s(), nullptr);
  ASSERT_EQ(sc.s().step, Step::Invasion);
  EXPECT_EQ(sc.s().seat, kAllied);
  sc.act("capture Japan");
  EXPECT_EQ(sc.s().step, Step::GameOver);
  EXPECT_EQ(sc.s().winner(), kAllied);
}

// 10.4 Return to Port in the Supply Phase moves every group, each unit once.
TEST(Supply_10_4, ReturnToPortAndRedeploymentOfEveryUnit) {
  Scenario sc;
  sc.empty_board(2)
      .put("Kumano", "Okinawa", false)
      .put("Mogami", "Mariana-Islands", false)
      .put("LBA-J1", "Japan")
      .control();
  begin_supply_phase(sc.s(), nullptr);
  ASSERT_EQ(sc.s().step, Step::SupplyMoves);
  sc.acts({"return-from Okinawa", "pick Kumano", "to Japan"});
  sc.acts({"return-from Mariana-Islands", "pick Mogami", "to Japan"});
  EXPECT_FALSE(sc.is_legal("return-from Japan"));  // each unit moves once
  sc.acts({"redeploy LBA-J1", "to Okinawa"});      // nothing left to move: the step ends
  EXPECT_EQ(sc.where("Kumano"), "Japan");
  EXPECT_EQ(sc.where("LBA-J1"), "Okinawa");
  // 10.5: Japanese ships in Japan are readied for free.
  EXPECT_TRUE(sc.ready("Kumano"));
  EXPECT_TRUE(sc.ready("Mogami"));
}

// 10.5: elsewhere a card readies every ship at a Port, non-capital ships only at a Base.
TEST(Supply_10_5, ReadyingWithACard) {
  Scenario sc;
  sc.empty_board(2)
      .put("Houston", "Australia", false)
      .put("Nevada", "Australia", false)
      .put("Portland", "Midway", false)
      .put("Arizona", "Midway", false)
      .put("Pensacola", "Hawaiian-Islands", false)
      .give(kAllied, 4)
      .control();
  begin_supply_phase(sc.s(), nullptr);
  // no invasion, no move wanted
  while (sc.s().step == Step::SupplyMoves) sc.act("done");
  ASSERT_EQ(sc.s().step, Step::Readying);
  EXPECT_TRUE(sc.ready("Pensacola"));  // US ships at Hawaii ready for free
  EXPECT_FALSE(sc.ready("Nevada"));    // Australia readies only Australian ships for free
  EXPECT_TRUE(sc.is_legal("ready A04 Australia"));
  EXPECT_TRUE(sc.is_legal("ready A04 Midway"));
  sc.act("ready A04 Midway");
  EXPECT_TRUE(sc.ready("Portland"));
  EXPECT_FALSE(sc.ready("Arizona"));  // capital ships only at a Port
}

}  // namespace
}  // namespace pacwar::pacific_war
