// Progressive widening (`mcts:...,pw=K`): how many root actions the search considers, and that
// it does not peek at hidden cards.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>

#include "ai/agent.h"
#include "ai/mcts.h"
#include "ai/policy.h"
#include "ai/positions_for_test.h"
#include "engine/random_play.h"
#include "engine/rng.h"
#include "games/registry.h"

namespace pacwar::ai {
namespace {

using testing::position;

using engine::State;

int visited(const MctsResult& result) {
  int n = 0;
  for (const long long v : result.visits) n += v > 0 ? 1 : 0;
  return n;
}

TEST(AiWidening, TheRootConsidersAtMostKTimesTheRootOfItsVisits) {
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    auto state = position(name, 4, 30, 12, false);
    ASSERT_NE(state, nullptr) << name;
    const auto legal = static_cast<int>(state->legal_actions().size());
    MctsConfig config;
    config.iterations = 100;
    Mcts wide(config, policies_for(name, 2));
    EXPECT_EQ(visited(wide.search(*state, 3)), std::min(legal, 100)) << name;
    for (const double k : {0.5, 1.0}) {
      config.widening = k;
      Mcts narrow(config, policies_for(name, 2));
      const MctsResult r = narrow.search(*state, 3);
      EXPECT_EQ(r.iterations, 100);
      EXPECT_LE(visited(r), static_cast<int>(std::ceil(k * std::sqrt(100.0))) + 1)
          << name << " pw=" << k;
      EXPECT_GE(visited(r), 2) << name << " pw=" << k;
    }
  }
}

TEST(AiWidening, HiddenCardsDoNotChangeTheDecision) {
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    testing::for_each_hidden_pair(name,
                                  [&](const State& state, const State& other, std::uint64_t seed) {
                                    const auto spec = parse_agent_spec("mcts:200,pw=1");
                                    ASSERT_TRUE(spec);
                                    Mcts a(spec->mcts, policies_for(name, 2));
                                    Mcts b(spec->mcts, policies_for(name, 2));
                                    const MctsResult ra = a.search(state, 50 + seed);
                                    const MctsResult rb = b.search(other, 50 + seed);
                                    EXPECT_EQ(ra.action, rb.action) << name << " seed " << seed;
                                    EXPECT_EQ(ra.visits, rb.visits) << name << " seed " << seed;
                                  });
  }
}

TEST(AiWidening, ParsesTheSetting) {
  EXPECT_DOUBLE_EQ(parse_agent_spec("mcts:50ms,pw=1.5")->mcts.widening, 1.5);
  EXPECT_DOUBLE_EQ(parse_agent_spec("mcts:50ms")->mcts.widening, 0.0) << "off by default";
  EXPECT_FALSE(parse_agent_spec("mcts:50ms,pw=-1"));
  EXPECT_FALSE(parse_agent_spec("mcts-v1:50ms,pw=1"));
}

}  // namespace
}  // namespace pacwar::ai
