// Tests for the Co-Prosperity Sphere terminal board.
#include "games/co_prosperity/render_text.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "engine/random_play.h"
#include "games/registry.h"

namespace pacwar::co_prosperity {
namespace {

TEST(CoProsperityRender, BoardShowsTheSpacesAndOnlyYourOwnCards) {
  const auto game = find_game("co-prosperity");
  auto state = game->new_initial_state(engine::Options::object());
  engine::RandomPlayer player;
  engine::Rng a(5), b(6);
  for (int i = 0; i < 150 && !state->is_terminal(); ++i)
    state->apply(player.pick(*state, a, b), nullptr);
  for (int seat : {0, 1}) {
    const engine::Json view = state->view(seat);
    const std::string board = render_text(view);
    EXPECT_NE(board.find("Turn "), std::string::npos);
    EXPECT_NE(board.find("Japan"), std::string::npos);
    std::istringstream lines(board);
    for (std::string line; std::getline(lines, line);) EXPECT_LE(line.size(), 100u) << line;
    // The other seat's card names never appear.
    const engine::Json other = state->view(1 - seat);
    const std::string other_side = seat == 0 ? "allied" : "japanese";
    for (const auto& card : other["hands"][other_side].value("cards", engine::Json::array())) {
      const std::string name = card.value("name", "");
      bool in_own_hand = false;
      const std::string own_side = seat == 0 ? "japanese" : "allied";
      for (const auto& own : view["hands"][own_side].value("cards", engine::Json::array()))
        in_own_hand |= own.value("name", "") == name;
      if (!name.empty() && !in_own_hand) {
        EXPECT_EQ(board.find(name), std::string::npos) << name;
      }
    }
  }
}

// Task of the terminal board: each counter as printed (2.2.1): type, steps, combat factor(s),
// attack priority and movement allowance; spaces with their routes; cards with their icons.
TEST(CoProsperityRender, UnitsShowTypeStepsFactorPriorityAndMovement_2_2_1) {
  const auto game = find_game("co-prosperity");
  auto state = game->new_initial_state(engine::Options::object());
  // Allied split (3.1), then one Japanese card.
  while (state->current_seat() == 1) state->apply(state->legal_actions()[0], nullptr);
  state->apply(state->legal_actions()[0], nullptr);
  const std::string board = render_text(state->view(0));
  auto has = [&](const std::string& s) { return board.find(s) != std::string::npos; };
  EXPECT_TRUE(has("J-CV-1    CV   steps 2/2  factor 3")) << board;
  EXPECT_TRUE(has("priority A  move 3 by sea"));
  EXPECT_TRUE(has("J-BB-1    BB   steps 2/2  factor 3"));
  EXPECT_TRUE(has("priority B  move 2 by sea"));
  EXPECT_TRUE(has("J-Inf-1   Inf  steps 1/2  factor 3"));  // set up reduced (3.1)
  EXPECT_TRUE(has("priority C  move 1 by land"));
  EXPECT_TRUE(has("CH-Inf-1  Inf  steps 2/2  factor 1 att/2 def"));  // 8.6.2
  EXPECT_TRUE(has("priority D"));
  EXPECT_TRUE(has("J-Air-1   Air  steps 2/2  no factor"));
  EXPECT_TRUE(has("routes: sea Port-Arthur, sea Midway (2)"));  // 2.1.7 distance 2
  EXPECT_TRUE(has("Borneo  [Allied control; Commonwealth space, port, oil"));
  EXPECT_TRUE(has("J1 Kido Butai: development / naval / replenish-navy"));
  EXPECT_TRUE(has("Production Track (8.4.2): J-CV-3 (2 advances to the map)"));
  EXPECT_TRUE(has("Allied hand: 0 cards (hidden)"));
}

}  // namespace
}  // namespace pacwar::co_prosperity
