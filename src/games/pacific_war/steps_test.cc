// The table of steps (steps.h): every Step has one entry that is well formed, and the state's
// engine interface follows it.
#include "games/pacific_war/steps.h"

#include <gtest/gtest.h>

#include "engine/random_play.h"
#include "games/pacific_war/game.h"
#include "games/registry.h"

namespace pacwar::pacific_war {
namespace {

TEST(PacificWarSteps, EveryStepHasOneEntry) {
  for (std::size_t i = 0; i < kNumSteps; ++i) {
    const Step step = static_cast<Step>(i);
    const StepRules& rules = step_rules(step);
    EXPECT_EQ(rules.step, step) << i;
    EXPECT_NE(rules.apply, nullptr) << i;
    EXPECT_NE(rules.prompt, nullptr) << i;
    EXPECT_EQ(rules.actor == Actor::Seat, rules.legal != nullptr) << i;
    EXPECT_NE(std::string(rules.phase), "") << i;
    EXPECT_NE(std::string(rules.rule), "") << i;
  }
  EXPECT_EQ(step_rules(Step::GameOver).actor, Actor::Terminal);
  EXPECT_EQ(step_rules(Step::FireDie).actor, Actor::Chance);
  EXPECT_EQ(std::string(step_rules(Step::Readying).phase), "supply");
}

// Along random games, the prompt of every step cites the section of its entry's rule chapter,
// and chance steps are exactly those of Actor::Chance.
TEST(PacificWarSteps, RandomGamesFollowTheTable) {
  const auto game = find_game("pacific-war");
  engine::RandomPlayer player;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    engine::Rng rng(seed);
    engine::Options options = seed % 2 ? engine::Json{{"rules", "all"}} : engine::Json::object();
    auto state = game->new_initial_state(game->normalize_options(options));
    auto& pw = static_cast<PwState&>(*state);
    while (!state->is_terminal()) {
      const StepRules& rules = step_rules(pw.step);
      EXPECT_EQ(state->is_chance(), rules.actor == Actor::Chance);
      EXPECT_FALSE(state->prompt().empty());
      state->apply(player.pick(*state, rng, rng), nullptr);
    }
    EXPECT_EQ(step_rules(pw.step).actor, Actor::Terminal);
  }
}

}  // namespace
}  // namespace pacwar::pacific_war
