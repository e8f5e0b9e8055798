// The player `mcts-v2` (ai/agent.h): its budgets, the three settings it takes, the search
// experiments it refuses, and the game's tree reuse by default.
#include <gtest/gtest.h>

#include <string>

#include "ai/agent.h"

namespace pacwar::ai {
namespace {

TEST(MctsV2, ParsesBudgetsAndPlayerSettings) {
  const auto plain = parse_agent_spec("mcts-v2");
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->kind, AgentSpec::Kind::kMctsV2);
  EXPECT_EQ(plain->mcts.iterations, 1000);
  EXPECT_LT(plain->mcts.exploration, 0.0);  // the game's
  EXPECT_LT(plain->mcts.reuse_tree, 0);     // the game's
  EXPECT_EQ(parse_agent_spec("mcts-v2:easy")->mcts.iterations, 200);
  EXPECT_EQ(parse_agent_spec("mcts-v2:hard")->mcts.iterations, 4000);  // its level, not today's
  EXPECT_EQ(parse_agent_spec("mcts-v2:hard")->mcts.time_ms, 0.0);
  EXPECT_EQ(parse_agent_spec("mcts-v2:250")->mcts.iterations, 250);
  EXPECT_EQ(parse_agent_spec("mcts-v2:50ms")->mcts.time_ms, 50.0);
  const auto tuned = parse_agent_spec("mcts-v2:300,c=0.45,depth=12,reuse=1");
  ASSERT_TRUE(tuned);
  EXPECT_EQ(tuned->kind, AgentSpec::Kind::kMctsV2);
  EXPECT_EQ(tuned->mcts.iterations, 300);
  EXPECT_DOUBLE_EQ(tuned->mcts.exploration, 0.45);
  EXPECT_EQ(tuned->mcts.playout_depth, 12);
  EXPECT_EQ(tuned->mcts.reuse_tree, 1);
  EXPECT_EQ(parse_agent_spec("mcts-v2,reuse=0")->mcts.reuse_tree, 0);
  EXPECT_FALSE(parse_agent_spec("mcts-v2:"));
  EXPECT_FALSE(parse_agent_spec("mcts-v2:0"));
  EXPECT_FALSE(parse_agent_spec("mcts-v2x"));
}

TEST(MctsV2, RefusesTheSearchExperiments) {
  for (const char* setting : {"eval=model", "eval=game", "tm=1", "tmmax=2", "tmclose=0.5", "pw=1",
                              "rave=100", "mast=0.3", "mastkeep=0.5", "nst=4", "mastexp=1",
                              "prior=1", "puct=1", "fpu=0.1", "split=even", "speed=2"}) {
    EXPECT_FALSE(parse_agent_spec(std::string("mcts-v2:200,") + setting)) << setting;
  }
}

TEST(MctsV2, RemembersWhereTheGameReusesItsTree) {
  const auto spec = parse_agent_spec("mcts-v2:easy");
  ASSERT_TRUE(spec);
  EXPECT_TRUE(make_agent(*spec, "co-prosperity", 2)->remembers());
  EXPECT_FALSE(make_agent(*spec, "pacific-war", 2)->remembers());
  EXPECT_FALSE(make_agent(*parse_agent_spec("mcts-v2,reuse=0"), "co-prosperity", 2)->remembers());
  EXPECT_TRUE(make_agent(*parse_agent_spec("mcts-v2,reuse=1"), "pacific-war", 2)->remembers());
}

}  // namespace
}  // namespace pacwar::ai
