// The "Learn to play" texts of Co-Prosperity Sphere (data/co-prosperity/tutorial.json): one entry
// per step of the table of steps (steps.h), checked by games/tutorial_check_for_test.h; and the
// view names the step as the table does.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/random_play.h"
#include "games/co_prosperity/game.h"
#include "games/co_prosperity/steps.h"
#include "games/registry.h"
#include "games/tutorial_check_for_test.h"

namespace pacwar::co_prosperity {
namespace {

using engine::Json;

TEST(CoProsperityTutorial, OneEntryPerStepWithItsSection) {
  std::vector<games::testing::StepFacts> steps;
  for (std::size_t i = 0; i < kNumSteps; ++i) {
    const StepRules& rules = step_rules(static_cast<Step>(i));
    steps.push_back(
        {rules.name, rules.rule, rules.actor == Actor::Chance, rules.actor == Actor::Seat});
  }
  games::testing::check_tutorial("co-prosperity", steps);
}

// The view names the step by the same name as the table, for both seats and spectators.
TEST(CoProsperityTutorial, ViewNamesTheStep) {
  const auto game = find_game("co-prosperity");
  engine::RandomPlayer player;
  engine::Rng rng(7);
  auto state = game->new_initial_state(game->normalize_options(Json::object()));
  const auto& cps = static_cast<const CpsState&>(*state);
  for (int moves = 0; moves < 150 && !state->is_terminal(); ++moves) {
    for (int seat = -1; seat <= 1; ++seat)
      ASSERT_EQ(state->view(seat).value("step", ""), step_rules(cps.step).name);
    state->apply(player.pick(*state, rng, rng), nullptr);
  }
}

}  // namespace
}  // namespace pacwar::co_prosperity
