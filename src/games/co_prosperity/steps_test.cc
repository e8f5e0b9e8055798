// The table of steps (steps.h): every Step has one entry that is well formed, and the state's
// engine interface follows it.
#include "games/co_prosperity/steps.h"

#include <gtest/gtest.h>

#include "engine/random_play.h"
#include "games/co_prosperity/game.h"
#include "games/registry.h"

namespace pacwar::co_prosperity {
namespace {

TEST(CoProsperitySteps, EveryStepHasOneEntry) {
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
  EXPECT_EQ(step_rules(Step::CombatDie).actor, Actor::Chance);
  EXPECT_TRUE(step_rules(Step::Allocate).combat);
  EXPECT_FALSE(step_rules(Step::Destination).combat);
  EXPECT_EQ(std::string(step_rules(Step::EndTurnMove).phase), "end-of-turn");
}

// Along random games: chance steps are exactly those of Actor::Chance, a seat's step has legal
// actions, every prompt begins with a section its entry names, and the view shows the phase.
TEST(CoProsperitySteps, RandomGamesFollowTheTable) {
  const auto game = find_game("co-prosperity");
  engine::RandomPlayer player;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    engine::Rng rng(seed);
    auto state = game->new_initial_state(game->normalize_options(engine::Json::object()));
    auto& cps = static_cast<CpsState&>(*state);
    while (!state->is_terminal()) {
      const StepRules& rules = step_rules(cps.step);
      EXPECT_EQ(state->is_chance(), rules.actor == Actor::Chance);
      if (rules.actor == Actor::Seat) {
        EXPECT_FALSE(state->legal_actions().empty());
      }
      const std::string prompt = state->prompt();
      const std::string section = prompt.substr(0, prompt.find_first_of(": "));
      EXPECT_NE(std::string(rules.rule).find(section.substr(0, 3)), std::string::npos)
          << prompt << " / " << rules.rule;
      EXPECT_EQ(state->view(-1)["phase"], rules.phase);
      state->apply(player.pick(*state, rng, rng), nullptr);
    }
    EXPECT_EQ(step_rules(cps.step).actor, Actor::Terminal);
  }
}

}  // namespace
}  // namespace pacwar::co_prosperity
