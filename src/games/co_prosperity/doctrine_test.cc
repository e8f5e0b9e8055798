// Co-Prosperity's doctrine players (doctrine.h): their choices in scripted positions.
#include "games/co_prosperity/doctrine.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/rng.h"
#include "games/co_prosperity/rules.h"
#include "games/co_prosperity/scenario_for_test.h"

namespace pacwar::co_prosperity {
namespace {

using testing::Scenario;

std::string doctrine_choice(Scenario& sc, int side, const std::vector<engine::ActionCode>& legal,
                            std::uint64_t seed = 1) {
  engine::Rng rng(seed);
  return sc.s().action_id(CoProsperityDoctrine(side).choose_in(sc.s(), legal, rng));
}

// 8.6.5: the Allies take a hit on the Chinese infantry, not the US carrier.
TEST(CoProsperityDoctrine, HitGoesOnTheCheapestUnit) {
  Scenario sc;
  sc.empty_board(3).put("US-CV-1", "Chungking").put("CH-Inf-1", "Chungking");
  sc.s().step = Step::Allocate;
  const std::vector<engine::ActionCode> legal = {encode(Kind::Hit, sc.unit("US-CV-1")),
                                                 encode(Kind::Hit, sc.unit("CH-Inf-1"))};
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    EXPECT_EQ(doctrine_choice(sc, kAllied, legal, seed), "hit CH-Inf-1");
  }
}

// 7.1 / 6.2: with the Allied production well above Japan's, Japan does not bring the US into
// the war.
TEST(CoProsperityDoctrine, JapanDoesNotDeclareWarOnTheUsWhenOutproduced) {
  Scenario sc;
  sc.empty_board(1, /*us_war=*/false, /*cw_war=*/false).put("J-Inf-1", "Japan");
  sc.s().step = Step::DeclareJapanese;
  sc.s().seat = kJapanese;
  ASSERT_LT(japanese_pp(sc.s()), allied_pp(sc.s()));
  const std::vector<engine::ActionCode> legal = sc.s().legal_actions();
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const std::string choice = doctrine_choice(sc, kJapanese, legal, seed);
    EXPECT_EQ(choice.find("us"), std::string::npos) << choice;
  }
}

// From 1941 Japan goes to war on the Commonwealth alone: the Allies gain no PP by it (6.2).
TEST(CoProsperityDoctrine, JapanDeclaresWarOnTheCommonwealthAloneIn1941) {
  Scenario sc;
  sc.empty_board(3, /*us_war=*/false, /*cw_war=*/false).put("J-Inf-1", "Japan");
  sc.s().step = Step::DeclareJapanese;
  sc.s().seat = kJapanese;
  const std::vector<engine::ActionCode> legal = sc.s().legal_actions();
  EXPECT_EQ(doctrine_choice(sc, kJapanese, legal), "declare commonwealth");
}

// 9.0: no End of Turn move that gives up a space the side holds.
TEST(CoProsperityDoctrine, NoEndOfTurnMoveEmptiesAHeldSpace) {
  Scenario sc;
  sc.empty_board(3).put("CW-Inf-1", "Singapore").put("CW-Inf-2", "Calcutta");
  sc.s().step = Step::EndTurnMove;
  sc.s().seat = kAllied;
  sc.s().eot_side = kAllied;
  const std::vector<engine::ActionCode> legal = {encode(Kind::Move, sc.unit("CW-Inf-1")),
                                                 encode(Kind::Done)};
  EXPECT_EQ(doctrine_choice(sc, kAllied, legal), "done");
}

}  // namespace
}  // namespace pacwar::co_prosperity
