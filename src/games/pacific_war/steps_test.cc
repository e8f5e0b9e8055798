// The table of steps (steps.h): every Step has one entry that is well formed, and the state's
// engine interface follows it (engine/step_table_for_test.h); what this game's entries say.
#include "games/pacific_war/steps.h"

#include <gtest/gtest.h>

#include "engine/step_table_for_test.h"
#include "games/pacific_war/game.h"
#include "games/registry.h"

namespace pacwar::pacific_war {
namespace {

TEST(PacificWarSteps, EveryStepHasOneEntry) {
  engine::testing::expect_every_step_has_one_entry(step_table());
  EXPECT_EQ(step_rules(Step::GameOver).actor, Actor::Terminal);
  EXPECT_EQ(step_rules(Step::FireDie).actor, Actor::Chance);
  EXPECT_EQ(step_rules(Step::Readying).extra, Rest::Busy);
  EXPECT_EQ(step_rules(Step::DrawCards).extra, Rest::AtRest);
  EXPECT_EQ(std::string(step_rules(Step::Readying).phase), "supply");
}

// Along random games (every other one with all the Advanced and Optional Rules): chance steps
// are exactly those of Actor::Chance, a seat's step has legal actions, and every step has a
// prompt.
TEST(PacificWarSteps, RandomGamesFollowTheTable) {
  engine::testing::expect_random_games_follow_table<PwState>(
      *find_game("pacific-war"), 5,
      [](std::uint64_t seed) {
        return seed % 2 ? engine::Json{{"rules", "all"}} : engine::Json::object();
      },
      [](const PwState& s, const StepRules& rules) {
        EXPECT_FALSE(s.prompt().empty()) << rules.name;
      });
}

}  // namespace
}  // namespace pacwar::pacific_war
