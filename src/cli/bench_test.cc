#include "cli/bench.h"

#include <gtest/gtest.h>

#include "tests/toy_game.h"

namespace pacwar::cli {
namespace {

TEST(BenchTest, MeasuresSomething) {
  BenchConfig config;
  config.seconds_per_measure = 0.01;
  const BenchResult result =
      run_bench(std::make_shared<toy::ToyGame>(), engine::Json::object(), config);
  EXPECT_GT(result.clone_ns, 0.0);
  EXPECT_GT(result.apply_action_ns, 0.0);
  EXPECT_GT(result.random_games_per_second, 0.0);
  const engine::Json json = to_json(result);
  EXPECT_TRUE(json.contains("clone_ns"));
  EXPECT_TRUE(json.contains("apply_action_ns"));
  EXPECT_TRUE(json.contains("random_games_per_second"));
}

TEST(BenchTest, FixedNumberOfGames) {
  BenchConfig config;
  config.seconds_per_measure = 1000.0;  // ignored: the games are counted, not timed
  config.games = 3;
  const BenchResult result =
      run_bench(std::make_shared<toy::ToyGame>(), engine::Json::object(), config);
  EXPECT_EQ(result.games, 3);
  EXPECT_EQ(result.clones, 16);
}

TEST(BenchTest, EndlessGameIsAnError) {
  BenchConfig config;
  config.seconds_per_measure = 0.01;
  config.max_actions_per_game = 3;
  EXPECT_THROW(run_bench(std::make_shared<toy::ToyGame>(), engine::Json::object(), config),
               std::runtime_error);
}

}  // namespace
}  // namespace pacwar::cli
