// Tests for 8.12 Reaction Movement, after the manual's two examples.
#include "games/pacific_war/scenario_for_test.h"

namespace pacwar::pacific_war {
namespace {

using testing::Scenario;

// The Midway position of Reaction example (1) and Combat Example (1).
Scenario midway(int turn) {
  Scenario sc;
  sc.empty_board(turn);
  for (const char* u : {"Akagi", "Kaga", "Hiryu", "Soryu", "Nagato", "Mutsu", "Nachi", "Myoko"})
    sc.put(u, "Japan");
  sc.put("LBA-A1", "Midway").put("LBA-A2", "Hawaiian-Islands");
  for (const char* u : {"Enterprise", "Yorktown", "Hornet", "Northampton", "Chester", "Chicago",
                        "Portland", "Astoria", "Salt-Lake-City", "Nevada", "Oklahoma"})
    sc.put(u, "Hawaiian-Islands");
  sc.put("Arizona", "Hawaiian-Islands", false);
  sc.control().at_action(kJapanese);
  return sc;
}

// Example of Reaction Movement (1): an Allied LBA at Midway lets the Allies react; they
// counterattack from Hawaii with carriers and cruisers; Arizona (Ops Complete) and the speed-0
// battleships cannot join; every ship that joins flips to Ops Complete.
TEST(Reaction_8_12, ExampleOneCounterattackAtMidway) {
  Scenario sc = midway(2);
  sc.acts({"move-from Japan", "all", "to Midway"});
  ASSERT_EQ(sc.s().step, Step::Reaction);
  EXPECT_EQ(sc.s().seat, kAllied);
  EXPECT_EQ(sc.s().move.mp, 0);  // the battleships' speed 2 is spent on the Nav Point route
  sc.act("counterattack");
  EXPECT_FALSE(sc.is_legal("pick Arizona"));
  EXPECT_FALSE(sc.is_legal("pick Nevada"));
  EXPECT_FALSE(sc.is_legal("pick Oklahoma"));
  for (const char* u : {"Enterprise", "Yorktown", "Hornet", "Northampton", "Chester", "Chicago",
                        "Portland", "Astoria"})
    sc.act(std::string("pick ") + u);
  sc.act("pick Salt-Lake-City");  // the last eligible ship: combat begins
  EXPECT_EQ(sc.where("Enterprise"), "Midway");
  EXPECT_FALSE(sc.ready("Enterprise"));
  EXPECT_EQ(sc.where("Arizona"), "Hawaiian-Islands");
  EXPECT_EQ(sc.s().combat.oz, sc.oz("Midway"));
  EXPECT_EQ(sc.s().step, Step::FireDie);  // Japanese airstrike first
}

// Example of Reaction Movement (2): the Japanese at Samoa evacuate; isolated, they redeploy
// Ops Complete to Truk, the nearest Japanese Port; their LBA returns next Turn.
TEST(Reaction_8_12, ExampleTwoEmergencyEvacuationFromSamoa) {
  Scenario sc;
  sc.empty_board(2)
      .put("Zuiho", "Samoa-Islands")
      .put("Ryujo", "Samoa-Islands")
      .put("Chokai", "Samoa-Islands")
      .put("Zuikaku", "Samoa-Islands", false)
      .put("LBA-J3", "Samoa-Islands")
      .put("Hiryu", "Truk")
      .put("Soryu", "Truk")
      .put("Washington", "West-Coast")
      .put("North-Carolina", "West-Coast")
      .base("Solomon-Islands", kAllied)
      .control()
      .at_action(kAllied);
  sc.acts({"move-from West-Coast", "all", "to Samoa-Islands"});
  ASSERT_EQ(sc.s().step, Step::Reaction);
  EXPECT_FALSE(sc.is_legal("counterattack"));  // Truk is too far for speed 3 - 1
  sc.act("evacuate");
  for (const char* u : {"Zuiho", "Ryujo", "Chokai", "Zuikaku"}) {
    EXPECT_EQ(sc.where(u), "Truk") << u;
    EXPECT_FALSE(sc.ready(u)) << u;
  }
  EXPECT_EQ(sc.where("LBA-J3"), "track:3");
  EXPECT_EQ(sc.where("Washington"), "Samoa-Islands");
  EXPECT_EQ(sc.controller_of("Samoa-Islands"), kAllied);
}

TEST(Reaction_8_12, JapaneseLbaGivesNoReaction) {
  Scenario sc;
  sc.empty_board(2).put("LBA-J1", "Okinawa").put("Houston", "Philippines").control();
  sc.at_action(kAllied).acts({"move-from Philippines", "pick Houston", "to Okinawa"});
  // No 8.12 Reaction: only 9.5.1's retreat before the first round is offered.
  EXPECT_FALSE(sc.is_legal("counterattack"));
  EXPECT_NE(sc.s().prompt().find("9.5.1"), std::string::npos);
}

TEST(Reaction_8_12, PursuitAfterEvacuationUsesTheMpLeft) {
  Scenario sc;
  sc.empty_board(2).put("Zuiho", "Midway").put("Houston", "Hawaiian-Islands").control();
  sc.at_action(kAllied).acts({"move-from Hawaiian-Islands", "pick Houston", "to Midway"});
  ASSERT_EQ(sc.s().step, Step::Reaction);
  sc.act("evacuate");
  ASSERT_EQ(sc.s().step, Step::RetreatDestination);  // Zuiho chooses among Japanese Ports
  sc.act("retreat-to Japan");
  EXPECT_EQ(sc.where("Zuiho"), "Japan");
  ASSERT_EQ(sc.s().step, Step::Pursuit);  // Houston spent 1 of its 3 MP
  EXPECT_TRUE(sc.is_legal("to Johnston-Island"));
  sc.act("stop");
  EXPECT_EQ(sc.where("Houston"), "Midway");
}

}  // namespace
}  // namespace pacwar::pacific_war
