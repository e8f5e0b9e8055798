// The table of steps (steps.h): every Step has one entry that is well formed, and the state's
// engine interface follows it (engine/step_table_for_test.h); what this game's entries say.
#include "games/co_prosperity/steps.h"

#include <gtest/gtest.h>

#include "engine/step_table_for_test.h"
#include "games/co_prosperity/game.h"
#include "games/registry.h"

namespace pacwar::co_prosperity {
namespace {

TEST(CoProsperitySteps, EveryStepHasOneEntry) {
  engine::testing::expect_every_step_has_one_entry(step_table());
  EXPECT_EQ(step_rules(Step::GameOver).actor, Actor::Terminal);
  EXPECT_EQ(step_rules(Step::CombatDie).actor, Actor::Chance);
  EXPECT_TRUE(is_combat_step(Step::Allocate));
  EXPECT_FALSE(is_combat_step(Step::Destination));
  EXPECT_EQ(std::string(step_rules(Step::EndTurnMove).phase), "end-of-turn");
}

// Along random games: chance steps are exactly those of Actor::Chance, a seat's step has legal
// actions, every prompt begins with a section its entry names, and the view shows the phase.
TEST(CoProsperitySteps, RandomGamesFollowTheTable) {
  engine::testing::expect_random_games_follow_table<CpsState>(
      *find_game("co-prosperity"), 5, [](std::uint64_t) { return engine::Json::object(); },
      [](const CpsState& s, const StepRules& rules) {
        const std::string prompt = s.prompt();
        const std::string section = prompt.substr(0, prompt.find_first_of(": "));
        EXPECT_NE(std::string(rules.rule).find(section.substr(0, 3)), std::string::npos)
            << prompt << " / " << rules.rule;
        EXPECT_EQ(s.view(-1)["phase"], rules.phase);
      });
}

}  // namespace
}  // namespace pacwar::co_prosperity
