// Prior knowledge in the search tree (ai/prior.h, `mcts:...,prior=W`, `,puct=C`): the playout
// policies' weights are their pick's probabilities, the selection rule, and that the search with
// a prior does not peek at hidden cards and is deterministic for a seed on one thread.
#include "ai/prior.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "ai/agent.h"
#include "ai/mcts.h"
#include "ai/policy.h"
#include "ai/positions_for_test.h"
#include "engine/rng.h"

namespace pacwar::ai {
namespace {

using engine::ActionCode;
using engine::State;
using testing::position;

TEST(AiPrior, PlayoutWeightsAreNormalisedAndArePickFrequencies) {
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    const GamePolicies policies = policies_for(name, 2);
    int uneven = 0;
    for (std::uint64_t seed = 1; seed <= 16; ++seed) {
      auto state = position(name, seed, 20 + 25 * static_cast<int>(seed), 3);
      ASSERT_NE(state, nullptr) << name << " seed " << seed;
      const std::vector<ActionCode> legal = state->legal_actions();
      std::vector<double> weights;
      policies.playout->weights(*state, legal, weights);
      ASSERT_EQ(weights.size(), legal.size());
      EXPECT_NEAR(std::accumulate(weights.begin(), weights.end(), 0.0), 1.0, 1e-9);
      for (const double w : weights) EXPECT_GT(w, 0.0);
      if (*std::max_element(weights.begin(), weights.end()) >
          1.5 * *std::min_element(weights.begin(), weights.end())) {
        ++uneven;
      }
      // The order of the list does not change an action's weight (the search asks in sorted
      // order).
      std::vector<ActionCode> sorted = legal;
      std::sort(sorted.begin(), sorted.end());
      std::vector<double> sorted_weights;
      policies.playout->weights(*state, sorted, sorted_weights);
      std::map<ActionCode, double> by_action;
      for (std::size_t i = 0; i < legal.size(); ++i) by_action[legal[i]] = weights[i];
      for (std::size_t i = 0; i < sorted.size(); ++i) {
        EXPECT_NEAR(sorted_weights[i], by_action[sorted[i]], 1e-12);
      }
      // pick() chooses each action about as often as its weight says: within 5 standard
      // deviations of the binomial count over 20,000 draws.
      constexpr int kDraws = 20000;
      std::map<ActionCode, int> picked;
      engine::Rng rng(seed * 31 + 7);
      for (int k = 0; k < kDraws; ++k) ++picked[policies.playout->pick(*state, legal, rng)];
      for (std::size_t i = 0; i < legal.size(); ++i) {
        const double expected = weights[i] * kDraws;
        const double sd = std::sqrt(kDraws * weights[i] * (1.0 - weights[i]));
        EXPECT_NEAR(picked[legal[i]], expected, 5.0 * sd + 1.0)
            << name << " seed " << seed << " action " << legal[i];
      }
    }
    // The check means something only where the weights are not uniform.
    EXPECT_GE(uneven, 3) << name;
  }
}

TEST(AiPrior, UniformPlayoutWeightsAreUniform) {
  const UniformPlayout uniform;
  auto state = position("pacific-war", 2, 50, 3);
  ASSERT_NE(state, nullptr);
  const std::vector<ActionCode> legal = state->legal_actions();
  std::vector<double> weights;
  uniform.weights(*state, legal, weights);
  ASSERT_EQ(weights.size(), legal.size());
  for (const double w : weights) EXPECT_DOUBLE_EQ(w, 1.0 / static_cast<double>(legal.size()));
}

TEST(AiPrior, AnUntriedActionWithAHighPriorIsTriedFirst) {
  PriorSettings settings;
  settings.bias = 1.0;
  // Nothing tried: the highest prior.
  std::vector<PriorArm> arms{{0.2, 0, 0, 0.0}, {0.5, 0, 0, 0.0}, {0.3, 0, 0, 0.0}};
  EXPECT_EQ(choose_arm(arms, 0, settings), 1u);
  settings.bias = 0.0;
  settings.puct = 1.0;
  EXPECT_EQ(choose_arm(arms, 0, settings), 1u);
  // PUCT: an untried action of prior 0.5 at the tried ones' mean beats tried ones of that
  // value, but one of prior 0.05 does not beat a clearly better tried one.
  arms = {{0.1, 10, 12, 3.0}, {0.5, 0, 0, 0.0}, {0.4, 2, 12, 0.6}};
  EXPECT_EQ(choose_arm(arms, 12, settings), 1u);
  arms = {{0.85, 10, 12, 9.0}, {0.05, 0, 0, 0.0}, {0.1, 2, 12, 0.6}};
  EXPECT_EQ(choose_arm(arms, 12, settings), 0u);
  // A first-play urgency reduction makes untried actions wait.
  arms = {{0.45, 10, 12, 3.0}, {0.1, 0, 0, 0.0}, {0.45, 6, 12, 1.8}};
  settings.fpu = 0.0;
  const std::size_t without = choose_arm(arms, 12, settings);
  settings.fpu = 1.0;
  EXPECT_EQ(without, 1u);
  EXPECT_NE(choose_arm(arms, 12, settings), 1u);
}

TEST(AiPrior, ProgressiveBiasFadesWithVisits) {
  PriorSettings settings;
  settings.exploration = 0.0;
  settings.bias = 1.0;
  // Equal values: the higher prior wins while it has few visits ...
  std::vector<PriorArm> arms{{0.8, 1, 10, 0.5}, {0.2, 1, 10, 0.5}};
  EXPECT_EQ(choose_arm(arms, 10, settings), 0u);
  // ... and the better value once the bias has faded: 0.8 / 1001 against 0.2 / 2.
  arms = {{0.8, 1000, 1100, 400.0}, {0.2, 1, 1100, 0.45}};
  EXPECT_EQ(choose_arm(arms, 1100, settings), 1u);
}

TEST(AiPrior, TheFirstIterationFollowsTheHighestPrior) {
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    const GamePolicies policies = policies_for(name, 2);
    int checked = 0;
    for (std::uint64_t seed = 1; seed <= 16; ++seed) {
      auto state = position(name, seed, 30 + 25 * static_cast<int>(seed), 3);
      ASSERT_NE(state, nullptr);
      std::vector<ActionCode> legal = state->legal_actions();
      std::sort(legal.begin(), legal.end());
      std::vector<double> weights;
      policies.playout->weights(*state, legal, weights);
      const auto top = std::max_element(weights.begin(), weights.end());
      if (std::count(weights.begin(), weights.end(), *top) > 1) continue;  // a tie
      ++checked;
      for (const std::string spec_text : {"mcts:1,prior=1", "mcts:1,puct=1"}) {
        const auto spec = parse_agent_spec(spec_text);
        ASSERT_TRUE(spec);
        Mcts mcts(spec->mcts, policies);
        const MctsResult r = mcts.search(*state, seed);
        EXPECT_EQ(r.action, legal[static_cast<std::size_t>(top - weights.begin())])
            << name << " " << spec_text << " seed " << seed;
      }
    }
    EXPECT_GE(checked, 2) << name;
  }
}

TEST(AiPrior, HiddenCardsDoNotChangeTheDecision) {
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    testing::for_each_hidden_pair(
        name, [&](const State& state, const State& other, std::uint64_t seed) {
          for (const std::string spec_text : {"mcts:200,prior=1", "mcts:200,puct=1.5,fpu=0.1"}) {
            const auto spec = parse_agent_spec(spec_text);
            ASSERT_TRUE(spec);
            Mcts a(spec->mcts, policies_for(name, 2));
            Mcts b(spec->mcts, policies_for(name, 2));
            const MctsResult ra = a.search(state, 50 + seed);
            const MctsResult rb = b.search(other, 50 + seed);
            EXPECT_EQ(ra.action, rb.action) << name << " " << spec_text << " seed " << seed;
            EXPECT_EQ(ra.visits, rb.visits) << name << " " << spec_text << " seed " << seed;
          }
        });
  }
}

TEST(AiPrior, DeterministicForASeedOnOneThreadAndDifferentFromPlainUcb) {
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    int differs = 0;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      auto state = position(name, seed, 60 * static_cast<int>(seed), 6);
      ASSERT_NE(state, nullptr);
      for (const std::string spec_text : {"mcts:150,prior=2", "mcts:150,puct=1"}) {
        const auto spec = parse_agent_spec(spec_text);
        ASSERT_TRUE(spec);
        ASSERT_EQ(spec->mcts.threads, 1);
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
    }
    EXPECT_GE(differs, 5) << name << ": the prior changes the search";
  }
}

TEST(AiPrior, ParsesTheSettings) {
  const auto spec = parse_agent_spec("mcts:50ms,prior=0.5,puct=1.5,fpu=0.2");
  ASSERT_TRUE(spec);
  EXPECT_DOUBLE_EQ(spec->mcts.prior_bias, 0.5);
  EXPECT_DOUBLE_EQ(spec->mcts.puct, 1.5);
  EXPECT_DOUBLE_EQ(spec->mcts.fpu, 0.2);
  const auto plain = parse_agent_spec("mcts:50ms");
  EXPECT_DOUBLE_EQ(plain->mcts.prior_bias, 0.0) << "off by default";
  EXPECT_DOUBLE_EQ(plain->mcts.puct, 0.0) << "off by default";
  EXPECT_FALSE(parse_agent_spec("mcts:50ms,prior=-1"));
  EXPECT_FALSE(parse_agent_spec("mcts:50ms,puct=x"));
  EXPECT_FALSE(parse_agent_spec("mcts-v1:50ms,prior=1"));
  EXPECT_FALSE(parse_agent_spec("mcts-v1:50ms,puct=1"));
}

}  // namespace
}  // namespace pacwar::ai
