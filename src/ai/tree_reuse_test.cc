// Tree reuse between decisions: the subtree of the chosen action is kept when the same seat
// decides next where that action led, and only then; the decisions stay deterministic, and a
// reused search does not peek.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "ai/mcts.h"
#include "ai/policy.h"
#include "ai/positions_for_test.h"
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

// Two worlds that differ only in what the seat cannot see: the same first decision, the same
// chained second one from the kept subtree (which also decides whether to keep it: only when
// the seat decides again at once, which it sees), in both games with reuse on.
TEST(AiTreeReuse, AReusedSearchDoesNotPeek) {
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    MctsConfig config;
    config.iterations = 150;
    config.reuse_tree = 1;
    int chained = 0;
    testing::for_each_hidden_pair(
        name, [&](const State& state, const State& other, std::uint64_t seed) {
          Mcts a(config, policies_for(name, 2));
          Mcts b(config, policies_for(name, 2));
          const MctsResult ra = a.search(state, 40 + seed);
          const MctsResult rb = b.search(other, 40 + seed);
          ASSERT_EQ(ra.action, rb.action) << name << " seed " << seed;
          ASSERT_EQ(ra.visits, rb.visits) << name << " seed " << seed;
          auto next = state.clone();
          auto other_next = other.clone();
          next->apply(ra.action, nullptr);
          other_next->apply(rb.action, nullptr);
          if (next->is_terminal() || next->is_chance() || other_next->is_chance() ||
              next->legal_actions().size() < 2) {
            return;
          }
          EXPECT_EQ(next->current_seat(), other_next->current_seat()) << name << " seed " << seed;
          const MctsResult sa = a.search(*next, 41 + seed);
          const MctsResult sb = b.search(*other_next, 41 + seed);
          EXPECT_EQ(sa.action, sb.action) << name << " seed " << seed;
          EXPECT_EQ(sa.visits, sb.visits) << name << " seed " << seed;
          if (next->current_seat() == state.current_seat()) {
            ++chained;
            EXPECT_GT(visit_sum(sa), 150) << name << " seed " << seed << ": the subtree was kept";
          }
        });
    EXPECT_GE(chained, 1) << name << ": no pair where the seat decided again at once";
  }
}

}  // namespace
}  // namespace pacwar::ai
