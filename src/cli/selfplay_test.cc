#include "cli/selfplay.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "engine/random_play.h"
#include "games/registry.h"
#include "tests/toy_game.h"

namespace pacwar::cli {
namespace {

bool same(const SelfplayResult& a, const SelfplayResult& b) {
  return a.games == b.games && a.completed == b.completed && a.wins == b.wins &&
         a.draws == b.draws && a.invariant_violations == b.invariant_violations &&
         a.violations == b.violations && a.mean_actions == b.mean_actions && a.digest == b.digest;
}

TEST(SelfplayTest, PlaysCompleteGamesAndCounts) {
  const SelfplayResult result =
      run_selfplay(toy::game(), engine::Json::object(),
                   {.games = 300, .seed = 11, .max_actions_per_game = 10000});
  EXPECT_EQ(result.games, 300);
  EXPECT_EQ(result.completed, 300);
  EXPECT_EQ(result.invariant_violations, 0);
  EXPECT_TRUE(result.violations.empty());
  ASSERT_EQ(result.wins.size(), 2u);
  EXPECT_EQ(result.wins[0] + result.wins[1] + result.draws, 300);
  EXPECT_GT(result.wins[0], 0);
  EXPECT_GT(result.wins[1], 0);
  EXPECT_GT(result.mean_actions, 5.0);
  EXPECT_GT(result.games_per_second, 0.0);
}

TEST(SelfplayTest, DeterministicWhateverTheThreadCount) {
  const auto one = run_selfplay(toy::game(), engine::Json::object(),
                                {.games = 257, .seed = 5, .max_actions_per_game = 10000});
  const auto two =
      run_selfplay(toy::game(), engine::Json::object(),
                   {.games = 257, .seed = 5, .threads = 2, .max_actions_per_game = 10000});
  const auto seven = run_selfplay(toy::game(), engine::Json::object(),
                                  {.games = 257,
                                   .seed = 5,
                                   .threads = 7,
                                   .max_actions_per_game = 10000,
                                   .check_invariants = false});
  EXPECT_TRUE(same(one, two));
  EXPECT_TRUE(same(one, seven));
  const auto other_seed =
      run_selfplay(toy::game(), engine::Json::object(),
                   {.games = 257, .seed = 6, .threads = 2, .max_actions_per_game = 10000});
  EXPECT_NE(one.digest, other_seed.digest);
  // More threads than games is fine.
  const auto few =
      run_selfplay(toy::game(), engine::Json::object(),
                   {.games = 3, .seed = 5, .threads = 16, .max_actions_per_game = 10000});
  EXPECT_EQ(few.games, 3);
  EXPECT_EQ(few.completed, 3);
}

TEST(SelfplayTest, CountsInvariantViolations) {
  // Every toy game reaches its third player action: each game fails there exactly once.
  const engine::Json options = {{"bad_invariant_at", 3}};
  const auto result = run_selfplay(
      toy::game(), options, {.games = 40, .seed = 2, .threads = 3, .max_actions_per_game = 10000});
  EXPECT_EQ(result.invariant_violations, 40);
  EXPECT_EQ(result.completed, 0);
  ASSERT_EQ(result.violations.size(), kMaxViolationMessages);
  EXPECT_EQ(result.violations[0].rfind("game 0, action ", 0), 0u) << result.violations[0];
  EXPECT_NE(result.violations[0].find("': toy invariant broken at move 3"), std::string::npos)
      << result.violations[0];
  EXPECT_EQ(result.violations[9].rfind("game 9, ", 0), 0u) << result.violations[9];

  // Unchecked, the same games complete.
  const auto unchecked = run_selfplay(toy::game(), options,
                                      {.games = 40,
                                       .seed = 2,
                                       .threads = 3,
                                       .max_actions_per_game = 10000,
                                       .check_invariants = false});
  EXPECT_EQ(unchecked.invariant_violations, 0);
  EXPECT_EQ(unchecked.completed, 40);
}

TEST(SelfplayTest, CountsTransitionViolations) {
  const auto result =
      run_selfplay(toy::game(), {{"bad_transition", true}},
                   {.games = 100, .seed = 3, .threads = 2, .max_actions_per_game = 10000});
  EXPECT_GT(result.invariant_violations, 0);
  EXPECT_LT(result.invariant_violations, 100);  // some games never rest
  EXPECT_EQ(result.completed + result.invariant_violations, 100);
  ASSERT_FALSE(result.violations.empty());
  EXPECT_NE(result.violations[0].find("'rest': toy transition refuses rest"), std::string::npos)
      << result.violations[0];
}

TEST(SelfplayTest, GameTooLongIsAViolation) {
  const auto result = run_selfplay(toy::game(), engine::Json::object(),
                                   {.games = 5, .seed = 1, .max_actions_per_game = 4});
  EXPECT_EQ(result.invariant_violations, 5);
  EXPECT_EQ(result.completed, 0);
  ASSERT_FALSE(result.violations.empty());
  EXPECT_EQ(result.violations[0].rfind("game 0: not finished after 4 actions (at ", 0), 0u)
      << result.violations[0];
}

TEST(SelfplayTest, JsonNamesSeats) {
  const auto result = run_selfplay(toy::game(), engine::Json::object(),
                                   {.games = 10, .seed = 1, .max_actions_per_game = 10000});
  const engine::Json json = to_json(result, toy::ToyGame());
  for (const char* key :
       {"games", "completed", "red_wins", "blue_wins", "draws", "invariant_violations",
        "violations", "mean_actions", "games_per_second", "digest"}) {
    EXPECT_TRUE(json.contains(key)) << key;
  }
  EXPECT_EQ(json["red_wins"].get<int>() + json["blue_wins"].get<int>() + json["draws"].get<int>(),
            10);
  EXPECT_EQ(json["digest"].get<std::string>().size(), 16u);
}

// Both games report how long each game lasted and how it ended; every completed game is in
// both histograms, and the reason is the game's last public log line (a victory).
TEST(SelfplayTest, EndTurnsAndEndReasonsForBothGames) {
  for (const char* name : {"pacific-war", "co-prosperity"}) {
    const auto game = find_game(name);
    ASSERT_NE(game, nullptr) << name;
    const SelfplayResult result = run_selfplay(game, engine::Json::object(),
                                               {.games = 6, .seed = 5, .check_invariants = false});
    ASSERT_EQ(result.completed, 6) << name;
    int by_turn = 0;
    for (const auto& [turn, n] : result.end_turn) {
      EXPECT_GE(turn, 1) << name;
      EXPECT_LE(turn, 6) << name;
      by_turn += n;
    }
    EXPECT_EQ(by_turn, 6) << name;
    int by_reason = 0;
    for (const auto& [reason, n] : result.end_reasons) {
      EXPECT_NE(reason.find("victory"), std::string::npos) << name << ": " << reason;
      by_reason += n;
    }
    EXPECT_EQ(by_reason, 6) << name;
    const engine::Json json = to_json(result, *game);
    EXPECT_TRUE(json.contains("end_turn"));
    EXPECT_TRUE(json.contains("end_reasons"));
  }
}

// Self-play reads the end turn from State::turn_number(), which both games answer from a field
// instead of building the view: it must be the view's "turn" at every point of a game.
TEST(SelfplayTest, TurnNumberIsTheViewsTurn) {
  for (const char* name : {"pacific-war", "co-prosperity"}) {
    const auto game = find_game(name);
    ASSERT_NE(game, nullptr) << name;
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      auto state = game->new_initial_state(game->normalize_options(engine::Json::object()));
      engine::RandomPlayer player;
      engine::Rng player_rng(seed);
      engine::Rng chance_rng(seed + 100);
      for (int i = 0; !state->is_terminal(); ++i) {
        if (i % 25 == 0) {
          ASSERT_EQ(state->turn_number(), state->view(-1)["turn"].get<int>()) << name << " " << i;
        }
        state->apply(player.pick(*state, player_rng, chance_rng), nullptr);
      }
      EXPECT_EQ(state->turn_number(), state->view(-1)["turn"].get<int>()) << name;
    }
  }
}

}  // namespace
}  // namespace pacwar::cli
