// Tests for 11.0 Victory Phase.
#include "games/pacific_war/scenario_for_test.h"

namespace pacwar::pacific_war {
namespace {

using testing::Scenario;

// 11.0 Example: Turn 1 ends 11 to 9 in Port VPs, Bases 4 to 4: the marker is on 2 Japanese.
// Turn 2: the same Ports, the Allies add the Solomon Islands (Bases 4 to 5): 2 + 2 - 1 = 3.
TEST(Victory_11_0, VictoryPointExample) {
  Scenario sc;
  sc.empty_board(1).port("Philippines", kJapanese).port("Singapore", kJapanese);
  for (const char* b : {"Okinawa", "Mariana-Islands", "Kwajalein-Atoll", "Borneo"})
    sc.base(b, kJapanese);
  for (const char* b : {"Dutch-Harbor", "Midway", "Johnston-Island", "Port-Moresby"})
    sc.base(b, kAllied);
  sc.base("Attu-Island", -1).base("Rabaul", -1).base("Solomon-Islands", -1);
  EXPECT_EQ(port_vp(sc.s(), kJapanese), 11);
  EXPECT_EQ(port_vp(sc.s(), kAllied), 9);
  EXPECT_EQ(base_count(sc.s(), kJapanese), 4);
  EXPECT_EQ(base_count(sc.s(), kAllied), 4);
  victory_phase(sc.s(), nullptr);
  EXPECT_EQ(sc.s().vp, 2);
  EXPECT_EQ(sc.s().turn, 2);
  sc.base("Solomon-Islands", kAllied);
  victory_phase(sc.s(), nullptr);
  EXPECT_EQ(sc.s().vp, 3);
}

// 11.0: an enemy Port held as a Base counts as a Base, and gives nobody its VPs.
TEST(Victory_11_0, PortHeldAsABase) {
  Scenario sc;
  sc.empty_board(1).put("Mogami", "Singapore").control();
  EXPECT_EQ(port_vp(sc.s(), kAllied), 11);  // 13 less Singapore's 2
  EXPECT_EQ(base_count(sc.s(), kJapanese), 4);
}

// 11.1.2 and 11.1.3: automatic victory at the end of Turns 4 and 5.
TEST(Victory_11_1, AutomaticVictoryTurnFourAndFive) {
  struct Case {
    int turn, vp_before, winner;
  };
  // The board of 14.3 gives 7 to 13 in Ports (-6) and Bases 3 to 2 (+1): -5 a Turn.
  for (Case c : {Case{4, 10, kJapanese}, Case{4, 4, kAllied}, Case{4, 6, -1}, Case{5, 0, kAllied},
                 Case{5, 1, kJapanese}}) {
    Scenario sc;
    sc.empty_board(c.turn);
    sc.s().vp = static_cast<std::int8_t>(c.vp_before);
    victory_phase(sc.s(), nullptr);
    EXPECT_EQ(sc.s().winner(), c.winner) << "turn " << c.turn << " vp " << c.vp_before;
  }
}

}  // namespace
}  // namespace pacwar::pacific_war
