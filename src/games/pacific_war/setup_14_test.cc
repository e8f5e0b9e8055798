// Tests for 14.0 Game Set-Up and 5.0 Turn Zero, played through from the start.
#include "games/pacific_war/scenario_for_test.h"

namespace pacwar::pacific_war {
namespace {

using testing::Scenario;

// Plays the set-up: the [LAC] LBA where given, every uncoded Japanese ship in Japan, and the
// Japanese opening hand of cards 1-4.
void set_up(Scenario& sc, const std::string& lac1, const std::string& lac2) {
  sc.act("place LBA-A1 " + lac1).act("place LBA-A2 " + lac2);
  while (sc.s().step == Step::SetupJapanese)
    sc.act("place " + sc.c().units[sc.s().pending_unit].id + " Japan");
  sc.acts({"draw card-01", "draw card-02", "draw card-03", "draw card-04"});
}

TEST(SetUp_14_1, AlliedSetUpChoicesAndFixedPlacements) {
  Scenario sc;
  EXPECT_EQ(sc.s().step, Step::SetupAllied);
  EXPECT_TRUE(sc.is_legal("place LBA-A1 Australia"));
  EXPECT_TRUE(sc.is_legal("place LBA-A1 Samoa-Islands"));
  EXPECT_TRUE(sc.is_legal("place LBA-A1 Port-Moresby"));
  EXPECT_FALSE(sc.is_legal("place LBA-A1 Midway"));
  sc.act("place LBA-A1 Port-Moresby");
  EXPECT_FALSE(sc.is_legal("place LBA-A2 Port-Moresby"));  // one LBA per Base
  EXPECT_EQ(sc.where("Houston"), "Philippines");
  EXPECT_EQ(sc.where("De-Ruyter"), "Borneo");
  EXPECT_EQ(sc.where("Hermes"), "Ceylon");
  EXPECT_EQ(sc.where("Indianapolis"), "Midway");
  EXPECT_EQ(sc.where("Lexington"), "pool");  // [PH]: placed in Turn 0 Phase IV
  EXPECT_EQ(hand_size(sc.s(), kAllied), 0);  // 14.1: no cards
}

TEST(SetUp_14_2, JapaneseCapitalShipsOnlyAtPorts) {
  Scenario sc;
  sc.act("place LBA-A1 Australia").act("place LBA-A2 Samoa-Islands");
  ASSERT_EQ(sc.s().step, Step::SetupJapanese);
  const UnitDef& first = sc.c().units[sc.s().pending_unit];
  ASSERT_TRUE(first.capital);
  EXPECT_TRUE(sc.is_legal("place " + first.id + " Truk"));
  EXPECT_FALSE(sc.is_legal("place " + first.id + " Okinawa"));
  while (sc.s().step == Step::SetupJapanese) {
    const UnitDef& d = sc.c().units[sc.s().pending_unit];
    if (!d.capital) {
      EXPECT_TRUE(sc.is_legal("place " + d.id + " Kwajalein-Atoll")) << d.id;
    }
    sc.act("place " + d.id + " Japan");
  }
  EXPECT_EQ(sc.s().step, Step::SetupDraw);
  sc.acts({"draw card-05", "draw card-06", "draw card-07", "draw card-08"});
  EXPECT_EQ(hand_size(sc.s(), kJapanese), 4);
}

// The view shows the seat setting up its units still to place, the one asked about first; the
// other seat and spectators do not see them (the web page's set-up pool).
TEST(SetUp_14_2, ViewShowsTheSetUpPoolToItsSeatOnly) {
  Scenario sc;
  const engine::Json allied = sc.s().view(kAllied);
  ASSERT_TRUE(allied.contains("setup_pool"));
  EXPECT_EQ(allied["setup_pool"]["placing"], "LBA-A1");
  ASSERT_EQ(allied["setup_pool"]["units"].size(), 2u);
  EXPECT_EQ(allied["setup_pool"]["units"][0]["id"], "LBA-A1");
  EXPECT_FALSE(allied["setup_pool"]["units"][0].contains("ready"));
  EXPECT_FALSE(sc.s().view(kJapanese).contains("setup_pool"));
  EXPECT_FALSE(sc.s().view(-1).contains("setup_pool"));
  sc.act("place LBA-A1 Australia").act("place LBA-A2 Samoa-Islands");
  EXPECT_FALSE(sc.s().view(kAllied).contains("setup_pool"));
  engine::Json japanese = sc.s().view(kJapanese);
  ASSERT_TRUE(japanese.contains("setup_pool"));
  const std::size_t pool = japanese["setup_pool"]["units"].size();
  EXPECT_GT(pool, 20u);
  const std::string first = sc.c().units[sc.s().pending_unit].id;
  EXPECT_EQ(japanese["setup_pool"]["placing"], first);
  EXPECT_EQ(japanese["setup_pool"]["units"][0]["id"], first);
  sc.act("place " + first + " Japan");
  japanese = sc.s().view(kJapanese);
  EXPECT_EQ(japanese["setup_pool"]["units"].size(), pool - 1);
  EXPECT_NE(japanese["setup_pool"]["placing"], first);
}

// 14.3 Examples: Kwajalein is a Japanese Base through the LBA at Truk; Rabaul is Japanese
// unless an Allied LBA at Port Moresby contests it. 14.3.1 fixes the other markers.
TEST(SetUp_14_3, BaseMarkersAtTheStart) {
  Scenario sc;
  set_up(sc, "Australia", "Samoa-Islands");
  EXPECT_EQ(sc.controller_of("Kwajalein-Atoll"), kJapanese);
  EXPECT_EQ(sc.controller_of("Rabaul"), kJapanese);
  EXPECT_EQ(sc.controller_of("Okinawa"), kJapanese);
  EXPECT_EQ(sc.controller_of("Mariana-Islands"), kJapanese);
  EXPECT_EQ(sc.controller_of("Midway"), kAllied);
  EXPECT_EQ(sc.controller_of("Borneo"), kAllied);
  EXPECT_EQ(sc.controller_of("Attu-Island"), -1);
  EXPECT_EQ(sc.controller_of("Dutch-Harbor"), -1);
  EXPECT_EQ(sc.controller_of("Japan"), kJapanese);
  EXPECT_EQ(sc.controller_of("Truk"), kJapanese);
  EXPECT_EQ(sc.controller_of("Singapore"), kAllied);

  Scenario moresby;
  set_up(moresby, "Port-Moresby", "Australia");
  EXPECT_EQ(moresby.controller_of("Rabaul"), -1);
  EXPECT_EQ(moresby.controller_of("Port-Moresby"), kAllied);
}

// 5.0 Turn Zero: Pearl Harbor on the 31+ column, Malaya on [6-7], damage one Turn later,
// the strike force back in Japan, the [PH] units at Hawaii.
TEST(TurnZero_5_0, PearlHarborAndMalaya) {
  Scenario sc;
  set_up(sc, "Australia", "Samoa-Islands");
  ASSERT_EQ(sc.s().step, Step::FireDie);
  EXPECT_EQ(sc.c().crt.columns[sc.s().combat.column].label, "31+");
  sc.act("die 1");  // 31+ die 1: 4 hits among the ten ships in Pearl Harbor
  EXPECT_EQ(sc.s().step, Step::Allocate);
  EXPECT_EQ(sc.s().seat, kJapanese);  // the attacker allocates airstrike hits
  sc.acts({"hit Arizona", "hit Oklahoma", "hit California", "hit West-Virginia"});
  sc.acts({"die 4", "die 2", "die 1", "die 3"});  // by unit order: Oklahoma, Arizona, ...
  EXPECT_EQ(sc.where("Oklahoma"), "sunk");        // 4 > 3
  EXPECT_EQ(sc.where("Arizona"), "track:3");      // 2 damage on Turn 0: Turn 3
  EXPECT_EQ(sc.where("California"), "track:2");
  EXPECT_EQ(sc.where("West-Virginia"), "track:4");
  // Phase II: the LBA in Indochina against Prince of Wales, Repulse and Exeter on [6-7].
  ASSERT_EQ(sc.s().step, Step::FireDie);
  EXPECT_EQ(sc.c().crt.columns[sc.s().combat.column].label, "6-7");
  sc.act("die 3").act("hit Repulse").act("die 6");  // one hit: Repulse sunk
  EXPECT_EQ(sc.where("Repulse"), "sunk");
  // Phases III-V.
  EXPECT_EQ(sc.where("Akagi"), "Japan");
  EXPECT_TRUE(sc.ready("Akagi"));
  EXPECT_EQ(sc.where("Lexington"), "Hawaiian-Islands");
  EXPECT_EQ(sc.s().turn, 1);
  EXPECT_EQ(sc.s().vp, 0);  // no Victory Points on Turn 0
}

// 15.1 Yamamoto's Original Plan: on 5-6 a third wave with a column from a second die.
TEST(TurnZero_15_1, YamamotosThirdWave) {
  RuleOptions rules;
  rules.set("15.1");
  Scenario sc(rules);
  set_up(sc, "Australia", "Samoa-Islands");
  sc.act("die 1");
  sc.acts({"hit Arizona", "hit Oklahoma", "hit California", "hit West-Virginia"});
  sc.acts({"die 1", "die 1", "die 1", "die 1"});
  ASSERT_EQ(sc.s().step, Step::YamamotoDie);
  sc.act("die 5").act("die 6");  // the [16-19] column
  ASSERT_EQ(sc.s().step, Step::FireDie);
  EXPECT_EQ(sc.c().crt.columns[sc.s().combat.column].label, "16-19");
}

}  // namespace
}  // namespace pacwar::pacific_war
