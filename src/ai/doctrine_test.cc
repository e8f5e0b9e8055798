// The doctrine players (engine/doctrine.h, AgentSpec::Kind::kDoctrine): legal play through whole
// games, no peeking at hidden cards, determinism, and speed.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ai/agent.h"
#include "ai/positions_for_test.h"
#include "engine/random_play.h"
#include "engine/rng.h"
#include "games/registry.h"

namespace pacwar::ai {
namespace {

const char* const kGames[] = {"pacific-war", "co-prosperity"};

TEST(AiDoctrine, ParsesItsName) {
  const auto spec = parse_agent_spec("doctrine");
  ASSERT_TRUE(spec);
  EXPECT_EQ(spec->kind, AgentSpec::Kind::kDoctrine);
  EXPECT_FALSE(parse_agent_spec("doctrine,c=1")) << "no search settings";
  EXPECT_FALSE(parse_agent_spec("doctrine:100"));
  for (const std::string name : kGames) {
    const auto module = find_module(name);
    ASSERT_TRUE(module);
    EXPECT_TRUE(module->doctrine) << name << " hands out a doctrine";
  }
}

// Whole games of the doctrine on each side against random play, on several seeds: every choice
// legal, every game finished, each decision quick.
TEST(AiDoctrine, PlaysWholeGamesLegallyAgainstRandom) {
  for (const std::string name : kGames) {
    const auto game = find_game(name);
    ASSERT_TRUE(game);
    const auto options = game->normalize_options(engine::Json::object());
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      const int doctrine_seat = static_cast<int>(seed % 2);
      auto agent = make_agent(*parse_agent_spec("doctrine"), name, 2);
      engine::RandomPlayer random;
      engine::Rng rng(seed);
      auto state = game->new_initial_state(options);
      int decisions = 0;
      double slowest_ms = 0.0;
      for (int n = 0; n < 100000 && !state->is_terminal(); ++n) {
        if (state->current_seat() != doctrine_seat) {
          state->apply(random.pick(*state, rng, rng), nullptr);
          continue;
        }
        const auto start = std::chrono::steady_clock::now();
        const engine::ActionCode action = agent->choose(*state, rng.next());
        slowest_ms = std::max(slowest_ms, std::chrono::duration<double, std::milli>(
                                              std::chrono::steady_clock::now() - start)
                                              .count());
        const auto legal = state->legal_actions();
        ASSERT_NE(std::find(legal.begin(), legal.end(), action), legal.end())
            << name << " seed " << seed << ": illegal " << state->action_id(action) << " at "
            << state->prompt();
        state->apply(action, nullptr);
        ++decisions;
      }
      EXPECT_TRUE(state->is_terminal()) << name << " seed " << seed;
      EXPECT_GT(decisions, 10) << name << " seed " << seed;
      // Well under a millisecond as a rule; a loaded test machine gets a wide margin.
      EXPECT_LT(slowest_ms, 50.0) << name << " seed " << seed;
    }
  }
}

// No peeking: two states that differ only in what the acting seat cannot see (the opponent's
// hand, the deck) give the same choice for the same seed.
TEST(AiDoctrine, HiddenCardsDoNotChangeTheChoice) {
  for (const std::string name : kGames) {
    testing::for_each_hidden_pair(
        name, [&](const engine::State& state, const engine::State& other, std::uint64_t seed) {
          auto a = make_agent(*parse_agent_spec("doctrine"), name, 2);
          auto b = make_agent(*parse_agent_spec("doctrine"), name, 2);
          for (std::uint64_t k = 0; k < 4; ++k) {
            EXPECT_EQ(a->choose(state, seed * 31 + k), b->choose(other, seed * 31 + k))
                << name << " seed " << seed;
          }
        });
  }
}

// The same state and seed give the same action.
TEST(AiDoctrine, IsDeterministicForASeed) {
  for (const std::string name : kGames) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      const auto state = testing::position(name, seed, 30 * static_cast<int>(seed), 2);
      ASSERT_NE(state, nullptr);
      auto a = make_agent(*parse_agent_spec("doctrine"), name, 2);
      auto b = make_agent(*parse_agent_spec("doctrine"), name, 2);
      EXPECT_EQ(a->choose(*state, seed), b->choose(*state, seed)) << name << " seed " << seed;
    }
  }
}

}  // namespace
}  // namespace pacwar::ai
