// Tests for 12.0 Control, after the manual's examples.
#include "games/pacific_war/scenario_for_test.h"

namespace pacwar::pacific_war {
namespace {

using testing::Scenario;

// 12.2 Example, read for a Base (docs/rulings.md): Japanese ships without LBA in an OZ under
// Allied air superiority: neither player controls it.
TEST(Control_12_2, NavalControlCancelledByEnemyAirSuperiority) {
  Scenario sc;
  sc.empty_board(1).put("Kumano", "Borneo").put("LBA-A1", "Philippines").control();
  EXPECT_EQ(sc.controller_of("Borneo"), -1);
  Scenario alone;
  alone.empty_board(1).put("Kumano", "Borneo").control();
  EXPECT_EQ(alone.controller_of("Borneo"), kJapanese);
}

// 12.1: air superiority never crosses a Nav Point route.
TEST(Control_12_1, NoAirSuperiorityAcrossANavPoint) {
  Scenario sc;
  sc.empty_board(1).put("LBA-J1", "Japan").base("Midway", -1).control();
  EXPECT_TRUE(air_superiority(sc.s(), kJapanese, sc.oz("Okinawa")));
  EXPECT_FALSE(air_superiority(sc.s(), kJapanese, sc.oz("Midway")));
  EXPECT_FALSE(air_superiority(sc.s(), kJapanese, sc.oz("Attu-Island")));
}

// 12.3.3 Example of Control, step by step.
TEST(Control_12_3_3, ExampleOfControl) {
  Scenario sc;
  sc.empty_board(1).put("LBA-J2", "Indochina").put("De-Ruyter", "Borneo").control();
  // Mogami ends its move in Singapore: a Japanese Base marker on the Allied Port.
  sc.put("Mogami", "Singapore").control();
  EXPECT_EQ(sc.s().base_marker[sc.oz("Singapore")], kJapanese);
  EXPECT_EQ(sc.s().port_owner[sc.oz("Singapore")], kAllied);
  // Mikuma and Houston sink each other in the Philippines: the Port stays Allied.
  EXPECT_EQ(sc.controller_of("Philippines"), kAllied);
  // Suzuya and Kumano sink De Ruyter in Borneo: the Base turns Japanese.
  set_loc(sc.s(), sc.unit("De-Ruyter"), kLocSunk);
  sc.put("Suzuya", "Borneo").put("Kumano", "Borneo").control();
  EXPECT_EQ(sc.controller_of("Borneo"), kJapanese);
  // Turn 2: British ships sink Mogami and one survives: Singapore is an Allied Port again.
  set_loc(sc.s(), sc.unit("Mogami"), kLocSunk);
  sc.put("Cornwall", "Singapore").control();
  EXPECT_EQ(sc.s().base_marker[sc.oz("Singapore")], -1);
  EXPECT_EQ(sc.controller_of("Singapore"), kAllied);
  // An Allied LBA in Singapore: Borneo falls under Allied air superiority: neither controls.
  sc.put("LBA-A1", "Singapore").control();
  EXPECT_EQ(sc.controller_of("Borneo"), -1);
  // A Japanese LBA in Borneo: a Japanese Base again.
  sc.put("LBA-J1", "Borneo").control();
  EXPECT_EQ(sc.controller_of("Borneo"), kJapanese);
}

// 12.3.1: a Base held on an enemy Port under the owner's air superiority becomes contested.
TEST(Control_12_3_1, ContestedPort) {
  Scenario sc;
  sc.empty_board(1).put("Houston", "Indochina").put("LBA-J1", "Okinawa").control();
  EXPECT_TRUE(sc.s().contested[sc.oz("Indochina")]);
  EXPECT_EQ(sc.controller_of("Indochina"), -1);
  set_loc(sc.s(), sc.unit("Houston"), kLocSunk);
  sc.control();  // 12.3.3: the Port returns to its owner at once
  EXPECT_EQ(sc.controller_of("Indochina"), kJapanese);
}

}  // namespace
}  // namespace pacwar::pacific_war
