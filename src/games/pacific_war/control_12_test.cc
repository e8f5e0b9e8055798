// Tests for 12.0 Control, after the manual's examples.
#include "engine/random_play.h"
#include "games/pacific_war/scenario_for_test.h"
#include "games/registry.h"

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

// 12.2 (B) with 12.1 (docs/rulings.md 61): an enemy LBA across a Nav Point route projects no
// Air Superiority Zone, so it does not cancel naval control of the Base; one across an open
// route without a Nav Point does.
TEST(Control_12_2, NoDenialAcrossANavPointRoute) {
  Scenario far;
  far.empty_board(2).put("Kumano", "Midway").put("LBA-A1", "Dutch-Harbor").control();
  EXPECT_EQ(far.controller_of("Midway"), kJapanese);
  Scenario near;
  near.empty_board(2).put("Kumano", "Midway").put("LBA-A1", "Hawaiian-Islands").control();
  EXPECT_EQ(near.controller_of("Midway"), -1);
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

namespace pacwar::pacific_war {
namespace {

// The per-map masks the legal-action generators use (state.h) agree with the per-OZ queries
// on every position of random games, with and without the Advanced and Optional rules.
TEST(Control_12_0, MasksAgreeWithThePerOzQueries) {
  engine::RandomPlayer player;
  const auto game = find_game("pacific-war");
  int positions = 0;
  for (const engine::Json& rules : {engine::Json::array(), engine::Json("all")}) {
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      engine::Rng rng(seed);
      auto state = game->new_initial_state(game->normalize_options(engine::Json{{"rules", rules}}));
      while (!state->is_terminal()) {
        const auto& s = static_cast<const PwState&>(*state);
        for (int side : {kJapanese, kAllied}) {
          std::uint32_t controlled = 0, usable = 0, owned = 0, negative = 0, contested = 0;
          for (int oz = 0; oz < kMaxOz; ++oz) {
            const std::uint32_t bit = std::uint32_t{1} << oz;
            if (oz < s.content().num_ozs() && controller(s, oz) == side) controlled |= bit;
            if (oz < s.content().num_ozs() && usable_port(s, side, oz)) usable |= bit;
            if (s.port_owner[static_cast<std::size_t>(oz)] == side) owned |= bit;
            if (s.base_marker[static_cast<std::size_t>(oz)] < 0) negative |= bit;
            if (s.contested[static_cast<std::size_t>(oz)]) contested |= bit;
          }
          ASSERT_EQ(controlled_ozs(s, side), controlled) << positions;
          ASSERT_EQ(usable_ports(s, side), usable) << positions;
          ASSERT_EQ(oz_mask_equal(s.port_owner, static_cast<std::int8_t>(side)), owned);
          ASSERT_EQ(oz_mask_negative(s.base_marker), negative);
          ASSERT_EQ(oz_mask_equal(s.contested, true), contested);
        }
        ++positions;
        state->apply(player.pick(*state, rng, rng), nullptr);
      }
    }
  }
  EXPECT_GT(positions, 3000);
}

}  // namespace
}  // namespace pacwar::pacific_war
