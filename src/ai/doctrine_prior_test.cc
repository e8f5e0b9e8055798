// The doctrine as the tree's prior (ai/prior.h, `mcts:...,dprior=M`, issue 42): the option
// parses, the bonus's arithmetic, the doctrine's choice gets the most visits where it is clear,
// and the prior is asked on the searcher's sampled worlds only (two worlds that differ only in
// the opponent's hidden cards give the same search).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "ai/agent.h"
#include "ai/mcts.h"
#include "ai/policy.h"
#include "ai/positions_for_test.h"
#include "ai/prior.h"
#include "engine/rng.h"

namespace pacwar::ai {
namespace {

using engine::ActionCode;
using engine::State;
using testing::position;

TEST(AiDoctrinePrior, ParsesTheSettings) {
  const auto spec = parse_agent_spec("mcts:4000,dprior=0.5,dpmin=3");
  ASSERT_TRUE(spec);
  EXPECT_DOUBLE_EQ(spec->mcts.doctrine_prior, 0.5);
  EXPECT_EQ(spec->mcts.doctrine_min_visits, 3);
  const auto plain = parse_agent_spec("mcts:4000");
  ASSERT_TRUE(plain);
  EXPECT_DOUBLE_EQ(plain->mcts.doctrine_prior, 0.0) << "off by default";
  EXPECT_EQ(plain->mcts.doctrine_min_visits, 8);
  EXPECT_TRUE(parse_agent_spec("mcts:100ms,dprior=2"));
  EXPECT_FALSE(parse_agent_spec("mcts:4000,dprior=-1"));
  EXPECT_FALSE(parse_agent_spec("mcts:4000,dprior=x"));
  EXPECT_FALSE(parse_agent_spec("mcts:4000,dpmin=1.5"));
  EXPECT_FALSE(parse_agent_spec("mcts-v1:1000,dprior=1"));
  EXPECT_FALSE(parse_agent_spec("mcts-v2:1000,dprior=1"));
  EXPECT_FALSE(parse_agent_spec("doctrine,dprior=1"));
}

TEST(AiDoctrinePrior, TheBonusIsPuctsTermWithTheDoctrinesMass) {
  EXPECT_DOUBLE_EQ(doctrine_bonus(1.0, 100, 9), 1.0);  // √100 / (1 + 9)
  EXPECT_DOUBLE_EQ(doctrine_bonus(0.5, 100, 9), 0.5);
  EXPECT_DOUBLE_EQ(doctrine_bonus(2.0, 0, 0), 2.0);  // an untried child: √1 / 1
  EXPECT_DOUBLE_EQ(doctrine_bonus(0.0, 400, 3), 0.0);
  EXPECT_LT(doctrine_bonus(1.0, 400, 40), doctrine_bonus(1.0, 400, 20)) << "fades with visits";
  EXPECT_GT(doctrine_bonus(1.0, 1600, 20), doctrine_bonus(1.0, 400, 20)) << "grows with N";
}

// The doctrine's choice for the acting seat in six worlds drawn from its view; -1 unless all
// six agree.
long long clear_doctrine_choice(const GamePolicies& policies, const State& state) {
  const int seat = state.current_seat();
  const auto doctrine = policies.doctrine(seat);
  if (!doctrine) return -1;
  const std::vector<ActionCode> legal = state.legal_actions();
  long long choice = -1;
  for (std::uint64_t k = 0; k < 6; ++k) {
    engine::Rng rng(1000 + k);
    auto world = state.clone();
    world->resample_hidden(seat, rng);
    const auto chosen = static_cast<long long>(doctrine->choose(*world, legal, rng));
    if (choice >= 0 && chosen != choice) return -1;
    choice = chosen;
  }
  return choice;
}

TEST(AiDoctrinePrior, TheDoctrinesChoiceGetsThePriorMass) {
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    const GamePolicies policies = policies_for(name, 2);
    ASSERT_TRUE(policies.doctrine) << name;
    int checked = 0;
    int chosen = 0;
    int more_visits = 0;
    for (std::uint64_t seed = 1; seed <= 14; ++seed) {
      auto state = position(name, seed, 20 + 25 * static_cast<int>(seed), 4);
      if (!state) continue;  // the game ended first
      const long long choice = clear_doctrine_choice(policies, *state);
      if (choice < 0) continue;
      ++checked;
      Mcts with(parse_agent_spec("mcts:300,dprior=3,dpmin=0")->mcts, policies);
      Mcts plain(parse_agent_spec("mcts:300")->mcts, policies);
      const MctsResult rw = with.search(*state, seed);
      const MctsResult rp = plain.search(*state, seed);
      const auto at = static_cast<std::size_t>(
          std::find(rw.actions.begin(), rw.actions.end(), static_cast<ActionCode>(choice)) -
          rw.actions.begin());
      ASSERT_LT(at, rw.actions.size());
      if (rw.action == static_cast<ActionCode>(choice)) ++chosen;
      if (rw.visits[at] > rp.visits[at]) ++more_visits;
    }
    EXPECT_GE(checked, 3) << name;
    EXPECT_EQ(chosen, checked) << name << ": a strong doctrine prior decides";
    EXPECT_EQ(more_visits, checked) << name << ": the doctrine's choice gains visits";
  }
}

TEST(AiDoctrinePrior, HiddenCardsDoNotChangeTheDecision) {
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    testing::for_each_hidden_pair(name,
                                  [&](const State& state, const State& other, std::uint64_t seed) {
                                    const auto spec = parse_agent_spec("mcts:200,dprior=1,dpmin=1");
                                    ASSERT_TRUE(spec);
                                    Mcts a(spec->mcts, policies_for(name, 2));
                                    Mcts b(spec->mcts, policies_for(name, 2));
                                    const MctsResult ra = a.search(state, 70 + seed);
                                    const MctsResult rb = b.search(other, 70 + seed);
                                    EXPECT_EQ(ra.action, rb.action) << name << " seed " << seed;
                                    EXPECT_EQ(ra.visits, rb.visits) << name << " seed " << seed;
                                  });
  }
}

TEST(AiDoctrinePrior, DeterministicForASeedAndDifferentFromPlainUcb) {
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    int differs = 0;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      auto state = position(name, seed, 60 * static_cast<int>(seed), 6);
      ASSERT_NE(state, nullptr);
      const auto spec = parse_agent_spec("mcts:150,dprior=1,dpmin=2");
      ASSERT_TRUE(spec);
      Mcts a(spec->mcts, policies_for(name, 2));
      Mcts b(spec->mcts, policies_for(name, 2));
      const MctsResult ra = a.search(*state, seed);
      const MctsResult rb = b.search(*state, seed);
      EXPECT_EQ(ra.action, rb.action);
      EXPECT_EQ(ra.visits, rb.visits);
      EXPECT_EQ(ra.iterations, 150);
      Mcts plain(parse_agent_spec("mcts:150")->mcts, policies_for(name, 2));
      if (plain.search(*state, seed).visits != ra.visits) ++differs;
    }
    EXPECT_GE(differs, 2) << name << ": the doctrine prior changes the search";
  }
}

}  // namespace
}  // namespace pacwar::ai
