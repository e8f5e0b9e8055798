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

}  // namespace
}  // namespace pacwar::co_prosperity
