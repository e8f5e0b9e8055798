// ISMCTS and the heuristic bot on The Pacific War: no peeking at hidden information, legal
// moves only, determinism for a seed.
#include "ai/mcts.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "ai/agent.h"
#include "ai/heuristic.h"
#include "ai/policy.h"
#include "engine/random_play.h"
#include "engine/rng.h"
#include "games/registry.h"

namespace pacwar::ai {
namespace {

using engine::ActionCode;
using engine::Rng;
using engine::State;

// Fewer and shorter games under the sanitizers: PACWAR_AI_TEST_SCALE=0.2 etc.
double test_scale() {
  const char* env = std::getenv("PACWAR_AI_TEST_SCALE");
  return env != nullptr ? std::atof(env) : 1.0;
}

std::shared_ptr<const engine::Game> game_named(const std::string& name) { return find_game(name); }

// A state reached by seeded random play after at least `actions` actions where a seat with
// at least two choices acts and its opponent holds cards (hidden information exists).
std::unique_ptr<State> mid_game(const std::string& name, std::uint64_t seed, int actions) {
  const auto game = game_named(name);
  auto state = game->new_initial_state(game->normalize_options(engine::Json::object()));
  engine::RandomPlayer player;
  Rng rng(seed);
  for (int done = 0; !state->is_terminal(); ++done) {
    if (done >= actions && !state->is_chance() && state->legal_actions().size() >= 2) {
      auto other = state->clone();
      Rng probe(seed + 99);
      other->resample_hidden(state->current_seat(), probe);
      if (other->hash() != state->hash() || done > actions + 400) return state;
    }
    state->apply(player.pick(*state, rng, rng), nullptr);
  }
  return nullptr;
}

// The same state with everything the acting seat cannot see drawn again with another rng,
// differing from the original.
std::unique_ptr<State> other_hidden(const State& state, std::uint64_t seed) {
  for (std::uint64_t k = 0; k < 100; ++k) {
    auto other = state.clone();
    Rng rng(seed + k);
    other->resample_hidden(state.current_seat(), rng);
    if (other->hash() != state.hash()) return other;
  }
  return nullptr;
}

void expect_same_decisions_without_peeking(const std::string& name) {
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    auto state = mid_game(name, seed, 40 + 60 * static_cast<int>(seed));
    ASSERT_NE(state, nullptr);
    auto other = other_hidden(*state, seed * 7);
    if (!other) continue;  // nothing hidden here
    ASSERT_EQ(state->view(state->current_seat()), other->view(state->current_seat()));
    ++compared;
    MctsConfig config;
    config.iterations = 150;
    Mcts a(config, policies_for(name, 2));
    Mcts b(config, policies_for(name, 2));
    const MctsResult ra = a.search(*state, 1234 + seed);
    const MctsResult rb = b.search(*other, 1234 + seed);
    EXPECT_EQ(ra.action, rb.action) << "seed " << seed;
    EXPECT_EQ(ra.visits, rb.visits) << "seed " << seed;
    EXPECT_EQ(ra.iterations, 150);

    HeuristicPlayer ha(HeuristicConfig{}, policies_for(name, 2));
    HeuristicPlayer hb(HeuristicConfig{}, policies_for(name, 2));
    EXPECT_EQ(ha.choose(*state, seed), hb.choose(*other, seed)) << "seed " << seed;
  }
  EXPECT_GE(compared, 3);
}

TEST(AiMcts, HiddenInformationDoesNotChangeTheDecision) {
  expect_same_decisions_without_peeking("pacific-war");
}

TEST(AiMcts, HiddenInformationDoesNotChangeTheDecisionCoProsperity) {
  expect_same_decisions_without_peeking("co-prosperity");
}

TEST(AiMcts, FixedSeedGivesTheSameMoveWithThreads) {
  auto state = mid_game("pacific-war", 3, 200);
  ASSERT_NE(state, nullptr);
  MctsConfig config;
  config.iterations = 200;
  config.threads = 2;
  config.even_split = true;
  Mcts a(config, policies_for("pacific-war", 2));
  const MctsResult first = a.search(*state, 77);
  const MctsResult again = a.search(*state, 77);  // the reused trees start afresh
  Mcts b(config, policies_for("pacific-war", 2));
  const MctsResult other = b.search(*state, 77);
  EXPECT_EQ(first.action, again.action);
  EXPECT_EQ(first.visits, again.visits);
  EXPECT_EQ(first.visits, other.visits);
  EXPECT_EQ(first.iterations, 200);
  long long sum = 0;
  for (const long long v : first.visits) sum += v;
  EXPECT_EQ(sum, 200);  // every iteration passes through one root child
}

TEST(AiMcts, FixedSeedGivesTheSameMoveWithThreadsCoProsperity) {
  auto state = mid_game("co-prosperity", 5, 80);
  ASSERT_NE(state, nullptr);
  MctsConfig config;
  config.iterations = 120;
  config.threads = 2;
  config.even_split = true;
  Mcts a(config, policies_for("co-prosperity", 2));
  Mcts b(config, policies_for("co-prosperity", 2));
  const MctsResult first = a.search(*state, 91);
  const MctsResult other = b.search(*state, 91);
  EXPECT_EQ(first.action, other.action);
  EXPECT_EQ(first.visits, other.visits);
  EXPECT_EQ(first.iterations, 120);
}

// Without even_split, two threads share the budget: exactly the budget runs, every iteration
// passes through one root child, and each thread's tree stays its own.
TEST(AiMcts, ThreadsShareTheIterationBudget) {
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    auto state = mid_game(name, 3, 120);
    ASSERT_NE(state, nullptr) << name;
    MctsConfig config;
    config.iterations = 301;
    config.threads = 2;
    Mcts mcts(config, policies_for(name, 2));
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const MctsResult result = mcts.search(*state, seed);
      EXPECT_EQ(result.iterations, 301) << name;
      long long sum = 0;
      for (const long long v : result.visits) sum += v;
      EXPECT_EQ(sum, 301) << name;
      EXPECT_NE(std::find(result.actions.begin(), result.actions.end(), result.action),
                result.actions.end());
    }
  }
}

TEST(AiMcts, ZeroThreadsMeansEveryCore) {
  MctsConfig config;
  config.threads = 0;
  const Mcts mcts(config, policies_for("pacific-war", 2));
  EXPECT_EQ(mcts.config().threads,
            static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
}

TEST(AiMcts, TimeBudgetStops) {
  auto state = mid_game("pacific-war", 4, 150);
  ASSERT_NE(state, nullptr);
  MctsConfig config;
  config.iterations = 0;
  config.time_ms = 20;
  Mcts mcts(config, policies_for("pacific-war", 2));
  const MctsResult result = mcts.search(*state, 5);
  EXPECT_GT(result.iterations, 0);
  const auto legal = state->legal_actions();
  EXPECT_NE(std::find(legal.begin(), legal.end(), result.action), legal.end());
}

// Wraps a game's policies: counts playout picks, stops `horizon` moves after the root (0: never)
// and records how far past the root the evaluated positions were.
class CountingPlayout final : public PlayoutPolicy {
 public:
  CountingPlayout(std::shared_ptr<const PlayoutPolicy> inner, int horizon, bool knows = false)
      : inner_(std::move(inner)), horizon_(horizon), knows_(knows) {}
  bool knows_best(const State& state) const override {
    (void)state;
    return knows_;
  }
  ActionCode pick(const State& state, const std::vector<ActionCode>& legal,
                  Rng& rng) const override {
    ++picks;
    return inner_->pick(state, legal, rng);
  }
  bool stop(const State& root, const State& state) const override {
    return horizon_ > 0 && state.move_number() >= root.move_number() + horizon_;
  }
  mutable long long picks = 0;  // single-threaded searches only

 private:
  std::shared_ptr<const PlayoutPolicy> inner_;
  int horizon_;
  bool knows_;
};

class FarthestEvaluator final : public Evaluator {
 public:
  explicit FarthestEvaluator(std::shared_ptr<const Evaluator> inner) : inner_(std::move(inner)) {}
  void evaluate(const State& state, std::vector<double>& values) const override {
    farthest = std::max(farthest, state.move_number());
    inner_->evaluate(state, values);
  }
  mutable int farthest = 0;

 private:
  std::shared_ptr<const Evaluator> inner_;
};

TEST(AiMcts, PlayoutDepthDefaultsToTheGames) {
  auto state = mid_game("pacific-war", 3, 120);
  ASSERT_NE(state, nullptr);
  for (const int configured : {0, 30}) {
    GamePolicies policies = policies_for("pacific-war", 2);
    EXPECT_EQ(policies.playout_depth, 30);
    policies.playout_depth = 3;
    auto counting = std::make_shared<CountingPlayout>(policies.playout, 0);
    policies.playout = counting;
    MctsConfig config;
    config.iterations = 100;
    config.playout_depth = configured;
    Mcts mcts(config, policies);
    const MctsResult result = mcts.search(*state, 8);
    ASSERT_EQ(result.values.size(), result.actions.size());
    // At most one expansion pick and `depth` playout picks an iteration.
    if (configured == 0) {
      EXPECT_LE(counting->picks, 100 * (3 + 1));
    } else {
      EXPECT_GT(counting->picks, 100 * (3 + 1));
    }
  }
}

// MAST (`mast=1`: every playout move by its statistics) leaves the prompts where the game's
// policy knows best (PlayoutPolicy::knows_best) to the policy.
TEST(AiMcts, MastLeavesThePromptsThePolicyKnowsBestToIt) {
  auto state = mid_game("pacific-war", 3, 120);
  ASSERT_NE(state, nullptr);
  long long picks[2] = {0, 0};
  for (const bool knows : {false, true}) {
    GamePolicies policies = policies_for("pacific-war", 2);
    auto counting = std::make_shared<CountingPlayout>(policies.playout, 0, knows);
    policies.playout = counting;
    MctsConfig config;
    config.iterations = 100;
    config.playout_depth = 10;
    config.mast = 1.0;
    Mcts mcts(config, policies);
    (void)mcts.search(*state, 8);
    picks[knows ? 1 : 0] = counting->picks;
  }
  // Without: the expansions only (at most one pick an iteration).
  EXPECT_LE(picks[0], 100);
  EXPECT_GT(picks[1], 100 * 3);
}

TEST(AiMcts, NeitherTreeNorPlayoutGoesPastTheHorizon) {
  auto state = mid_game("pacific-war", 3, 120);
  ASSERT_NE(state, nullptr);
  GamePolicies policies = policies_for("pacific-war", 2);
  auto farthest = std::make_shared<FarthestEvaluator>(policies.evaluator);
  policies.evaluator = farthest;
  policies.playout = std::make_shared<CountingPlayout>(policies.playout, 4);
  MctsConfig config;
  config.iterations = 300;
  Mcts mcts(config, policies);
  const MctsResult result = mcts.search(*state, 9);
  EXPECT_GT(farthest->farthest, state->move_number());
  EXPECT_LE(farthest->farthest, state->move_number() + 4);
  for (std::size_t i = 0; i < result.actions.size(); ++i) {
    EXPECT_GE(result.values[i], -1.0);
    EXPECT_LE(result.values[i], 1.0);
  }
}

// A toy game where what seat 0 may do depends on its hidden card h (0..3): seat 1 picks 0..2,
// seat 0 picks 10 + h, 20 or 21, seat 1 picks 30 or 31, seat 0 picks 40 + h or 50. Seat 1's
// search meets seat 0's nodes with other legal actions in each world; apply() throws on an
// action that is not legal in the world at hand.
class HiddenLegalityState final : public State {
 public:
  explicit HiddenLegalityState(int hidden) : hidden_(hidden) {}
  std::unique_ptr<State> clone() const override {
    return std::make_unique<HiddenLegalityState>(*this);
  }
  int current_seat() const override {
    return moves_.size() >= 4 ? engine::kTerminalSeat : moves_.size() % 2 == 0 ? 1 : 0;
  }
  void legal_actions(std::vector<ActionCode>& out) const override {
    const auto h = static_cast<ActionCode>(hidden_);
    const std::vector<std::vector<ActionCode>> by_move = {
        {0, 1, 2}, {10 + h, 20, 21}, {30, 31}, {40 + h, 50}};
    if (moves_.size() < by_move.size()) {
      for (const ActionCode action : by_move[moves_.size()]) out.push_back(action);
    }
  }
  void chance_outcomes(std::vector<engine::ChanceOutcome>&) const override {}
  void apply(ActionCode action, engine::LogSink*) override {
    const auto legal = State::legal_actions();
    if (std::find(legal.begin(), legal.end(), action) == legal.end()) {
      throw std::logic_error("illegal action " + std::to_string(action) + " with card " +
                             std::to_string(hidden_));
    }
    moves_.push_back(action);
  }
  std::string action_id(ActionCode action) const override { return std::to_string(action); }
  std::string action_label(ActionCode action) const override { return action_id(action); }
  std::string prompt() const override { return "toy"; }
  bool is_undo_barrier(ActionCode) const override { return false; }
  std::vector<double> returns() const override {
    ActionCode sum = static_cast<ActionCode>(hidden_);
    for (const ActionCode m : moves_) sum += m;
    return sum % 2 == 0 ? std::vector<double>{1.0, -1.0} : std::vector<double>{-1.0, 1.0};
  }
  int winner() const override { return is_terminal() ? (returns()[0] > 0.0 ? 0 : 1) : -1; }
  engine::Json view(int) const override { return engine::Json::object(); }
  void resample_hidden(int seat, Rng& rng) override {
    if (seat == 1) hidden_ = static_cast<int>(rng.below(4));
  }
  std::uint64_t hash() const override { return moves_.size(); }
  std::string check_invariants() const override { return ""; }
  std::string check_transition(const State&, ActionCode) const override { return ""; }
  int move_number() const override { return static_cast<int>(moves_.size()); }

 private:
  int hidden_;
  std::vector<ActionCode> moves_;
};

// Selection matches a node's children with the actions legal in each world (a node whose
// children were all legal in one world is taken as such again only for the same legal set).
TEST(AiMcts, ChildrenLegalInOneWorldOnlyAreNeverPlayedInAnother) {
  for (const std::string spec : {"mcts:3000", "mcts:3000,rave=100,mast=0.5", "mcts:3000,pw=1"}) {
    SCOPED_TRACE(spec);
    MctsConfig config = parse_agent_spec(spec)->mcts;
    config.playout_depth = 10;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      Mcts mcts(config, policies_for("toy", 2));
      const HiddenLegalityState root(2);
      MctsResult result;
      ASSERT_NO_THROW(result = mcts.search(root, seed));
      EXPECT_EQ(result.iterations, 3000);
      long long visits = 0;
      for (const long long v : result.visits) visits += v;
      EXPECT_EQ(visits, 3000);
    }
  }
}

// Plays whole games of an agent against random play; every agent move must be legal.
void play_against_random(const std::string& name, const AgentSpec& spec, int games,
                         std::uint64_t seed) {
  const auto game = game_named(name);
  const auto options = game->normalize_options(engine::Json::object());
  auto agent = make_agent(spec, name, 2);
  engine::RandomPlayer random;
  for (int g = 0; g < games; ++g) {
    const int ai_seat = g % 2;
    Rng rng(seed + static_cast<std::uint64_t>(g));
    auto state = game->new_initial_state(options);
    int decisions = 0;
    for (int n = 0; n < 100000 && !state->is_terminal(); ++n) {
      if (state->current_seat() == ai_seat) {
        const ActionCode action = agent->choose(*state, rng.next());
        const auto legal = state->legal_actions();
        ASSERT_NE(std::find(legal.begin(), legal.end(), action), legal.end())
            << "illegal " << state->action_id(action) << " at " << state->prompt();
        state->apply(action, nullptr);
        ++decisions;
      } else {
        state->apply(random.pick(*state, rng, rng), nullptr);
      }
    }
    EXPECT_TRUE(state->is_terminal());
    EXPECT_GT(decisions, 0);
  }
}

TEST(AiMcts, EveryMoveIsLegalAgainstRandom) {
  AgentSpec spec = *parse_agent_spec("mcts:12");
  spec.mcts.playout_depth = 10;
  play_against_random("pacific-war", spec, std::max(1, static_cast<int>(2 * test_scale())), 11);
}

TEST(AiMcts, EveryMoveIsLegalAgainstRandomCoProsperity) {
  AgentSpec spec = *parse_agent_spec("mcts:12");
  spec.mcts.playout_depth = 10;
  play_against_random("co-prosperity", spec, std::max(1, static_cast<int>(2 * test_scale())), 12);
}

TEST(AiHeuristic, EveryMoveIsLegalAgainstRandom) {
  play_against_random("pacific-war", *parse_agent_spec("heuristic"),
                      std::max(1, static_cast<int>(2 * test_scale())), 21);
}

TEST(AiHeuristic, EveryMoveIsLegalAgainstRandomCoProsperity) {
  play_against_random("co-prosperity", *parse_agent_spec("heuristic"),
                      std::max(1, static_cast<int>(2 * test_scale())), 22);
}

TEST(AiAgent, ParsesNames) {
  EXPECT_EQ(parse_agent_spec("random")->kind, AgentSpec::Kind::kRandom);
  EXPECT_EQ(parse_agent_spec("heuristic")->kind, AgentSpec::Kind::kHeuristic);
  EXPECT_EQ(parse_agent_spec("mcts")->mcts.iterations, 1000);
  EXPECT_EQ(parse_agent_spec("mcts:easy")->mcts.iterations, 200);
  EXPECT_EQ(parse_agent_spec("mcts:easy")->mcts.threads, 1);
  // hard and expert are what a person waits for: time budgets on two threads, managed, capped.
  for (const auto& [name, ms] :
       {std::pair<std::string, double>{"hard", kHardMs}, {"expert", kExpertMs}}) {
    const auto level = parse_agent_spec("mcts:" + name);
    ASSERT_TRUE(level) << name;
    EXPECT_EQ(level->mcts.iterations, 0) << name;
    EXPECT_EQ(level->mcts.time_ms, ms) << name;
    EXPECT_EQ(level->mcts.threads, 2) << name;
    EXPECT_EQ(level->mcts.time_manage, kLevelsManageTime) << name;
    EXPECT_LE(level->mcts.time_ms * level->mcts.tm_max_factor, 5000.0) << name << ": the cap";
  }
  EXPECT_EQ(kHardMs, 1000.0);
  EXPECT_EQ(kExpertMs, 3000.0);
  EXPECT_FALSE(parse_agent_spec("mcts:hard,tm=0")->mcts.time_manage);
  EXPECT_EQ(parse_agent_spec("oracle:expert")->mcts.time_ms, kExpertMs);
  // The old hard by its budget; the frozen searches keep their own levels.
  EXPECT_EQ(parse_agent_spec("mcts:4000")->mcts.iterations, 4000);
  EXPECT_EQ(parse_agent_spec("mcts:4000")->mcts.threads, 1);
  EXPECT_EQ(parse_agent_spec("mcts-v1:hard")->mcts.iterations, 4000);
  EXPECT_EQ(parse_agent_spec("mcts-v1:hard")->mcts.time_ms, 0.0);
  EXPECT_FALSE(parse_agent_spec("mcts-v1:expert"));
  EXPECT_FALSE(parse_agent_spec("mcts-v2:expert"));
  EXPECT_EQ(parse_agent_spec("mcts:250")->mcts.iterations, 250);
  EXPECT_EQ(parse_agent_spec("mcts:50ms")->mcts.time_ms, 50.0);
  EXPECT_EQ(parse_agent_spec("mcts:50ms")->mcts.iterations, 0);
  EXPECT_FALSE(parse_agent_spec("mcts:"));
  EXPECT_FALSE(parse_agent_spec("mcts:0"));
  EXPECT_FALSE(parse_agent_spec("mcts:x"));
  EXPECT_FALSE(parse_agent_spec("mctsx"));
  EXPECT_FALSE(parse_agent_spec("human"));
  // Search settings after commas.
  const auto tuned = parse_agent_spec("mcts:300,c=0.45,depth=12");
  ASSERT_TRUE(tuned);
  EXPECT_EQ(tuned->mcts.iterations, 300);
  EXPECT_DOUBLE_EQ(tuned->mcts.exploration, 0.45);
  EXPECT_EQ(tuned->mcts.playout_depth, 12);
  EXPECT_EQ(parse_agent_spec("mcts:4000,depth=5")->mcts.iterations, 4000);
  EXPECT_EQ(parse_agent_spec("mcts:hard,depth=5")->mcts.time_ms, kHardMs);
  EXPECT_FALSE(parse_agent_spec("mcts:300,"));
  EXPECT_FALSE(parse_agent_spec("mcts:300,c=-1"));
  EXPECT_FALSE(parse_agent_spec("mcts:300,depth=0"));
  EXPECT_FALSE(parse_agent_spec("mcts:300,speed=2"));
  EXPECT_FALSE(parse_agent_spec("heuristic,c=1"));
}

}  // namespace
}  // namespace pacwar::ai
