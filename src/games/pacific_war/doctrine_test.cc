// The Pacific War's doctrine players (doctrine.h): its choices in scripted positions.
#include "games/pacific_war/doctrine.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/rng.h"
#include "games/pacific_war/scenario_for_test.h"

namespace pacwar::pacific_war {
namespace {

using testing::Scenario;

// The doctrine's choice among the legal actions of the scenario's position, as an id.
std::string doctrine_choice(Scenario& sc, int side, std::uint64_t seed = 1) {
  const PacificWarDoctrine doctrine(side);
  engine::Rng rng(seed);
  const std::vector<engine::ActionCode> legal = sc.s().legal_actions();
  return sc.s().action_id(doctrine.choose_in(sc.s(), legal, rng));
}

// 9.2.4: the side hit puts a hit on its cruiser, not its carrier; allocating its airstrike's
// hits on the enemy, it picks the carrier.
TEST(PacificWarDoctrine, HitGoesOnTheCruiserNotTheCarrier) {
  Scenario sc;
  sc.empty_board(2).put("Lexington", "Hawaiian-Islands").put("New-Orleans", "Hawaiian-Islands");
  PwState& s = sc.s();
  s.step = Step::Allocate;
  const std::vector<engine::ActionCode> legal = {encode(Kind::Hit, sc.unit("Lexington")),
                                                 encode(Kind::Hit, sc.unit("New-Orleans"))};
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    engine::Rng rng(seed);
    EXPECT_EQ(s.action_id(PacificWarDoctrine(kAllied).choose_in(s, legal, rng)), "hit New-Orleans");
    EXPECT_EQ(s.action_id(PacificWarDoctrine(kJapanese).choose_in(s, legal, rng)), "hit Lexington");
  }
}

// A lone cruiser is not sent into the Kido Butai next door.
TEST(PacificWarDoctrine, LoneShipAvoidsTheStackThatSinksIt) {
  Scenario sc;
  sc.empty_board(3)
      .put("New-Orleans", "Hawaiian-Islands")
      .put("Akagi", "Midway")
      .put("Kaga", "Midway")
      .put("Nagato", "Midway")
      .control()
      .at_action(kAllied)
      .act("move-from Hawaiian-Islands");
  while (sc.s().step == Step::PickGroup) sc.act(sc.legal().front());
  ASSERT_EQ(sc.s().step, Step::ChooseDestination) << sc.s().prompt();
  ASSERT_TRUE(sc.is_legal("to Midway"));
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    EXPECT_NE(doctrine_choice(sc, kAllied, seed), "to Midway");
  }
}

// The same move with the odds reversed: the Japanese fleet attacks the lone cruiser.
TEST(PacificWarDoctrine, StrongFleetAttacksWhatItOutguns) {
  Scenario sc;
  sc.empty_board(2)
      .put("New-Orleans", "Hawaiian-Islands")
      .put("Akagi", "Midway")
      .put("Kaga", "Midway")
      .put("Nagato", "Midway")
      .control()
      .at_action(kJapanese)
      .act("move-from Midway");
  while (sc.s().step == Step::PickGroup) sc.act(sc.is_legal("all") ? "all" : sc.legal().front());
  ASSERT_EQ(sc.s().step, Step::ChooseDestination) << sc.s().prompt();
  ASSERT_TRUE(sc.is_legal("to Hawaiian-Islands"));
  EXPECT_EQ(doctrine_choice(sc, kJapanese), "to Hawaiian-Islands");
}

// Turn 1: Japan's fleet gathered at Indochina spends a card on the Initiative (a real action
// follows: Singapore or the Philippines); with no ship that can move, it keeps its cards.
TEST(PacificWarDoctrine, InitiativeOnlyWhenARealActionFollows) {
  Scenario with_fleet;
  with_fleet.empty_board(1)
      .put("Akagi", "Indochina")
      .put("Kaga", "Indochina")
      .put("Nagato", "Indochina")
      .give(kJapanese, 1)
      .give(kJapanese, 2)
      .give(kJapanese, 3)
      .control();
  with_fleet.s().step = Step::Init1;
  with_fleet.s().seat = kJapanese;
  EXPECT_NE(doctrine_choice(with_fleet, kJapanese), "decline");

  Scenario without;
  without.empty_board(1)
      .put("Akagi", "Indochina", /*ready=*/false)
      .give(kJapanese, 1)
      .give(kJapanese, 2)
      .give(kJapanese, 3)
      .control();
  without.s().step = Step::Init1;
  without.s().seat = kJapanese;
  EXPECT_EQ(doctrine_choice(without, kJapanese), "decline");
}

}  // namespace
}  // namespace pacwar::pacific_war
