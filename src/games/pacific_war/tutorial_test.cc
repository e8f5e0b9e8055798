// The "Learn to play" texts of The Pacific War (data/pacific-war/tutorial.json): one entry per step
// of the table of steps (steps.h), checked by games/tutorial_check_for_test.h; and the view names
// the step as the table does.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/random_play.h"
#include "games/pacific_war/game.h"
#include "games/pacific_war/steps.h"
#include "games/registry.h"
#include "games/tutorial_check_for_test.h"

namespace pacwar::pacific_war {
namespace {

using engine::Json;

TEST(PacificWarTutorial, OneEntryPerStepWithItsSection) {
  std::vector<games::testing::StepFacts> steps;
  for (std::size_t i = 0; i < kNumSteps; ++i) {
    const StepRules& rules = step_rules(static_cast<Step>(i));
    steps.push_back(
        {rules.name, rules.rule, rules.actor == Actor::Chance, rules.actor == Actor::Seat});
  }
  games::testing::check_tutorial("pacific-war", steps);
}

// The view names the step by the same name as the table, for both seats and spectators.
TEST(PacificWarTutorial, ViewNamesTheStep) {
  const auto game = find_game("pacific-war");
  engine::RandomPlayer player;
  engine::Rng rng(7);
  auto state = game->new_initial_state(game->normalize_options(Json::object()));
  const auto& pw = static_cast<const PwState&>(*state);
  for (int moves = 0; moves < 150 && !state->is_terminal(); ++moves) {
    for (int seat = -1; seat <= 1; ++seat)
      ASSERT_EQ(state->view(seat).value("step", ""), step_rules(pw.step).name);
    state->apply(player.pick(*state, rng, rng), nullptr);
  }
}

}  // namespace
}  // namespace pacwar::pacific_war
