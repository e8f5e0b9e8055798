// Time management of a time budget (ai/time_manager.h): the bank's arithmetic, the early stop
// and the close call paid from the bank, and that it does not peek at hidden cards.
#include "ai/time_manager.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

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

using engine::ActionCode;
using engine::Rng;
using engine::State;

TEST(AiTimeManager, TheBankKeepsTheMeanAtMostTheAverage) {
  TimeBank bank(100.0, 3.0);
  EXPECT_DOUBLE_EQ(bank.soft_ms(), 100.0);
  EXPECT_DOUBLE_EQ(bank.hard_ms(), 100.0);  // nothing saved yet: no extension
  bank.charge(40.0);                        // stopped early: 60 saved
  EXPECT_DOUBLE_EQ(bank.bank_ms(), 60.0);
  EXPECT_DOUBLE_EQ(bank.soft_ms(), 100.0);
  EXPECT_DOUBLE_EQ(bank.hard_ms(), 160.0);
  bank.charge(10.0);
  bank.charge(10.0);
  bank.charge(10.0);  // 60 + 3 × 90 = 330 saved
  EXPECT_DOUBLE_EQ(bank.bank_ms(), 330.0);
  EXPECT_DOUBLE_EQ(bank.hard_ms(), 300.0);  // capped at 3 × the average
  bank.charge(300.0);
  EXPECT_DOUBLE_EQ(bank.bank_ms(), 130.0);
  // An overrun is a debt the next decisions pay: a shorter soft limit, no extension.
  bank.charge(260.0);
  EXPECT_DOUBLE_EQ(bank.bank_ms(), -30.0);
  EXPECT_DOUBLE_EQ(bank.soft_ms(), 70.0);
  EXPECT_DOUBLE_EQ(bank.hard_ms(), 70.0);
  bank.charge(1000.0);  // a huge overrun: the next decision still gets a quarter
  EXPECT_DOUBLE_EQ(bank.soft_ms(), 25.0);
  EXPECT_DOUBLE_EQ(bank.hard_ms(), 25.0);
  EXPECT_THROW(TimeBank(0.0, 3.0), std::invalid_argument);
  EXPECT_THROW(TimeBank(10.0, 0.5), std::invalid_argument);
}

TEST(AiTimeManager, SpendingWhatTheBankAllowsKeepsTheMean) {
  // Decisions that use exactly their hard limit when close, half their soft one otherwise.
  TimeBank bank(50.0, 3.0);
  double used = 0.0;
  for (int k = 0; k < 1000; ++k) {
    const double ms = k % 3 == 0 ? bank.hard_ms() : 0.5 * bank.soft_ms();
    bank.charge(ms);
    used += ms;
    ASSERT_LE(used, 50.0 * (k + 1) + 1e-6) << "decision " << k;
  }
  EXPECT_GT(used, 0.9 * 50.0 * 1000);  // and the savings were spent, not hoarded
}

TEST(AiTimeManager, DecidedWhenTheRunnerUpCannotCatchUp) {
  EXPECT_EQ(top_two({3, 9, 1, 9}).best, 9);
  EXPECT_EQ(top_two({3, 9, 1, 9}).second, 9);
  EXPECT_EQ(top_two({3, 10, 1, 9}).second, 9);
  EXPECT_EQ(top_two({7}).second, 0);
  EXPECT_EQ(top_two({}).best, 0);
  EXPECT_TRUE(decided({100, 40}, 59));
  EXPECT_FALSE(decided({100, 40}, 60));  // a tie would be possible
  EXPECT_FALSE(decided({0, 0}, 0));
  EXPECT_TRUE(close_call({100, 60}, 0.5));
  EXPECT_FALSE(close_call({100, 40}, 0.5));
  EXPECT_FALSE(close_call({0, 0}, 0.5));
}

// Scores only the position one action after the root: +1 for the acting seat when it is the
// one `favoured` leads to (by the state's hash: use with see_hidden), else -1; 0 for all while
// `neutral`.
class FavourOne final : public Evaluator {
 public:
  FavourOne(std::uint64_t favoured, int seat) : favoured_(favoured), seat_(seat) {}
  void evaluate(const State& state, std::vector<double>& values) const override {
    values.assign(2, 0.0);
    if (neutral) return;
    const double v = state.hash() == favoured_ ? 1.0 : -1.0;
    values[static_cast<std::size_t>(seat_)] = v;
    values[static_cast<std::size_t>(1 - seat_)] = -v;
  }
  bool neutral = false;

 private:
  std::uint64_t favoured_;
  int seat_;
};

class OneActionHorizon final : public PlayoutPolicy {
 public:
  ActionCode pick(const State&, const std::vector<ActionCode>& legal, Rng& rng) const override {
    return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
  }
  bool stop(const State& root, const State& state) const override {
    return state.move_number() >= root.move_number() + 1;
  }
};

struct Rigged {
  std::unique_ptr<State> state;
  ActionCode favoured = 0;
  std::shared_ptr<FavourOne> evaluator;
  GamePolicies policies;
};

Rigged rigged(const std::string& name) {
  Rigged r;
  r.state = position(name, 3, 60, 3);
  if (!r.state) return r;
  const auto legal = r.state->legal_actions();
  r.favoured = legal[legal.size() / 2];
  auto next = r.state->clone();
  next->apply(r.favoured, nullptr);
  r.evaluator = std::make_shared<FavourOne>(next->hash(), r.state->current_seat());
  r.policies = policies_for(name, 2);
  r.policies.evaluator = r.evaluator;
  r.policies.playout = std::make_shared<OneActionHorizon>();
  return r;
}

TEST(AiTimeManager, StopsEarlyOnADecidedMoveAndSpendsTheSavingOnACloseCall) {
  Rigged r = rigged("co-prosperity");
  ASSERT_NE(r.state, nullptr);
  MctsConfig config;
  config.iterations = 0;
  config.time_ms = 200;
  config.see_hidden = true;  // the favoured world's hash is the true state's
  config.time_manage = true;
  Mcts mcts(config, r.policies);
  const MctsResult decided_move = mcts.search(*r.state, 1);
  EXPECT_EQ(decided_move.action, r.favoured);
  EXPECT_TRUE(decided_move.stopped_early);
  EXPECT_LT(decided_move.ms, 200.0);
  EXPECT_NEAR(mcts.bank_ms(), 200.0 - decided_move.ms, 1e-9);
  // Every action now scores the same: a close call, searched past 200 ms with the saving.
  r.evaluator->neutral = true;
  const MctsResult close = mcts.search(*r.state, 2);
  EXPECT_FALSE(close.stopped_early);
  EXPECT_GT(close.ms, 200.0 + 0.5 * (200.0 - decided_move.ms));
  // Without time management the same search stops at its 200 ms.
  config.time_manage = false;
  Mcts plain(config, r.policies);
  r.evaluator->neutral = false;
  EXPECT_FALSE(plain.search(*r.state, 1).stopped_early);
  EXPECT_DOUBLE_EQ(plain.bank_ms(), 0.0);
}

TEST(AiTimeManager, OnAnIterationBudgetItOnlyStopsWhenTheMoveCannotChange) {
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    Rigged r = rigged(name);
    ASSERT_NE(r.state, nullptr) << name;
    MctsConfig config;
    config.iterations = 2000;
    config.see_hidden = true;
    Mcts full(config, r.policies);
    config.time_manage = true;
    Mcts managed(config, r.policies);
    const MctsResult a = full.search(*r.state, 9);
    const MctsResult b = managed.search(*r.state, 9);
    EXPECT_EQ(a.action, r.favoured) << name;
    EXPECT_EQ(b.action, a.action) << name;
    EXPECT_EQ(a.iterations, 2000) << name;
    EXPECT_TRUE(b.stopped_early) << name;
    EXPECT_LT(b.iterations, 2000) << name;
  }
  // With the games' own policies on real positions: the same action as the full search.
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      auto state = position(name, seed, 50 + 70 * static_cast<int>(seed), 2);
      ASSERT_NE(state, nullptr);
      MctsConfig config;
      config.iterations = 400;
      Mcts full(config, policies_for(name, 2));
      config.time_manage = true;
      Mcts managed(config, policies_for(name, 2));
      const MctsResult a = full.search(*state, seed);
      const MctsResult b = managed.search(*state, seed);
      EXPECT_EQ(b.action, a.action) << name << " seed " << seed;
      EXPECT_LE(b.iterations, a.iterations);
    }
  }
}

// No peeking with time management: two states that differ only in what the acting seat cannot
// see give the same decision after the same number of iterations (an iteration budget makes
// the managed search deterministic).
TEST(AiTimeManager, HiddenCardsDoNotChangeTheManagedDecision) {
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    testing::for_each_hidden_pair(
        name, [&](const State& state, const State& other, std::uint64_t seed) {
          const auto spec = parse_agent_spec("mcts:300,tm=1");
          ASSERT_TRUE(spec);
          ASSERT_TRUE(spec->mcts.time_manage);
          Mcts a(spec->mcts, policies_for(name, 2));
          Mcts b(spec->mcts, policies_for(name, 2));
          const MctsResult ra = a.search(state, 77 + seed);
          const MctsResult rb = b.search(other, 77 + seed);
          EXPECT_EQ(ra.action, rb.action) << name << " seed " << seed;
          EXPECT_EQ(ra.iterations, rb.iterations) << name << " seed " << seed;
          EXPECT_EQ(ra.visits, rb.visits) << name << " seed " << seed;
        });
  }
}

TEST(AiTimeManager, ParsesTheSpecSettings) {
  const auto spec = parse_agent_spec("mcts:50ms,tm=1,tmmax=4,tmclose=0.7");
  ASSERT_TRUE(spec);
  EXPECT_TRUE(spec->mcts.time_manage);
  EXPECT_DOUBLE_EQ(spec->mcts.tm_max_factor, 4.0);
  EXPECT_DOUBLE_EQ(spec->mcts.tm_close, 0.7);
  EXPECT_FALSE(parse_agent_spec("mcts:50ms")->mcts.time_manage) << "off by default";
  EXPECT_FALSE(parse_agent_spec("mcts:50ms,tm=2"));
  EXPECT_FALSE(parse_agent_spec("mcts:50ms,tmmax=0.5"));
  EXPECT_FALSE(parse_agent_spec("mcts:50ms,tmclose=1.5"));
  EXPECT_FALSE(parse_agent_spec("mcts-v1:50ms,tm=1")) << "the frozen player has none";
}

}  // namespace
}  // namespace pacwar::ai
