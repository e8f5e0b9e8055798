// Tree reuse between decisions: the subtree of the chosen action is kept when the same seat
// decides next where that action led, and only then; the decisions stay deterministic.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "ai/mcts.h"
#include "ai/policy.h"
#include "engine/random_play.h"
#include "engine/rng.h"
#include "games/registry.h"

namespace pacwar::ai {
namespace {

using engine::State;

long long visit_sum(const MctsResult& result) {
  long long sum = 0;
  for (const long long v : result.visits) sum += v;
  return sum;
}

// A position after `actions` random actions where the seat to act, having chosen `action`,
// decides again at once (no chance, no other seat between).
struct Chain {
  std::unique_ptr<State> first;
  std::unique_ptr<State> second;
};

Chain find_chain(const std::string& name, std::uint64_t seed, int iterations, int threads) {
  const auto game = find_game(name);
  auto state = game->new_initial_state(game->normalize_options(engine::Json::object()));
  engine::RandomPlayer player;
  engine::Rng rng(seed);
  for (int done = 0; !state->is_terminal() && done < 3000; ++done) {
    if (done > 40 && !state->is_chance() && state->legal_actions().size() >= 2) {
      MctsConfig config;
      config.iterations = iterations;
      config.threads = threads;
      config.even_split = true;  // reproducible with two threads
      Mcts probe(config, policies_for(name, 2));
      const MctsResult r = probe.search(*state, 5);
      auto next = state->clone();
      next->apply(r.action, nullptr);
      if (next->current_seat() == state->current_seat() && next->legal_actions().size() >= 2) {
        return {state->clone(), std::move(next)};
      }
    }
    state->apply(player.pick(*state, rng, rng), nullptr);
  }
  return {};
}

TEST(AiTreeReuse, KeepsTheChosenSubtreeWhenTheSeatDecidesAgain) {
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    for (const int threads : {1, 2}) {
      const Chain chain = find_chain(name, 11, 300, threads);
      ASSERT_NE(chain.first, nullptr) << name;
      MctsConfig config;
      config.iterations = 300;
      config.threads = threads;
      config.even_split = true;  // reproducible with two threads
      EXPECT_LT(config.reuse_tree, 0) << "the game's by default";
      config.reuse_tree = 1;
      Mcts reusing(config, policies_for(name, 2));
      const MctsResult first = reusing.search(*chain.first, 5);
      const MctsResult second = reusing.search(*chain.second, 6);
      EXPECT_EQ(second.iterations, 300);
      EXPECT_GT(visit_sum(second), 300) << name << ": visits carried over from the first search";
      // The same sequence of searches decides the same.
      Mcts again(config, policies_for(name, 2));
      again.search(*chain.first, 5);
      const MctsResult repeat = again.search(*chain.second, 6);
      EXPECT_EQ(repeat.visits, second.visits);
      // Without reuse the second search starts afresh.
      config.reuse_tree = 0;
      Mcts fresh(config, policies_for(name, 2));
      fresh.search(*chain.first, 5);
      EXPECT_EQ(visit_sum(fresh.search(*chain.second, 6)), 300);
      // A position the first decision did not lead to starts afresh too.
      config.reuse_tree = 1;
      Mcts other(config, policies_for(name, 2));
      other.search(*chain.first, 5);
      EXPECT_EQ(visit_sum(other.search(*chain.first, 6)), 300);
    }
  }
}

}  // namespace
}  // namespace pacwar::ai
