#include "cli/arena.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/play.h"
#include "engine/errors.h"
#include "engine/session.h"
#include "games/registry.h"
#include "tests/toy_game.h"

namespace pacwar::cli {
namespace {

TEST(AiArena, CountsWinsAndTimesDecisions) {
  const auto game = find_game("pacific-war");
  ArenaConfig config;
  config.games = 1;
  config.seed = 3;
  config.players = {"heuristic", "mcts:4"};
  const ArenaResult result = run_arena(game, engine::Options::object(), config);
  EXPECT_EQ(result.games, 1);
  EXPECT_EQ(result.wins[0] + result.wins[1] + result.draws + result.unfinished, 1);
  EXPECT_GT(result.decisions, 0);
  EXPECT_GE(result.p95_ms_per_decision, 0.0);
  const engine::Json json = to_json(result, config, *game);
  EXPECT_TRUE(json.contains("japanese_wins"));
  EXPECT_TRUE(json.contains("allied_wins"));
  EXPECT_TRUE(json.contains("mean_ms_per_decision"));
  EXPECT_TRUE(json.contains("p95_ms_per_decision"));
  // The same seed plays the same games.
  const ArenaResult again = run_arena(game, engine::Options::object(), config);
  EXPECT_EQ(again.wins, result.wins);
  EXPECT_EQ(again.mean_actions, result.mean_actions);
}

TEST(AiArena, PlaysCoProsperity) {
  const auto game = find_game("co-prosperity");
  ArenaConfig config;
  config.games = 1;
  config.seed = 4;
  config.players = {"mcts:4", "heuristic"};
  const ArenaResult result = run_arena(game, engine::Options::object(), config);
  EXPECT_EQ(result.games, 1);
  EXPECT_EQ(result.wins[0] + result.wins[1] + result.draws + result.unfinished, 1);
  EXPECT_EQ(result.unfinished, 0);
  EXPECT_GT(result.decisions, 0);
  const ArenaResult again = run_arena(game, engine::Options::object(), config);
  EXPECT_EQ(again.wins, result.wins);
  EXPECT_EQ(again.mean_actions, result.mean_actions);
}

// Issue 36: `arena --json` gives per side the decisions counted and each blunder counter's
// count and rate per 100 decisions (docs/ai.md, "Blunder counters").
TEST(AiArena, JsonReportsBlunderCountersPerSide) {
  for (const char* name : {"pacific-war", "co-prosperity"}) {
    const auto game = find_game(name);
    ArenaConfig config;
    config.games = 1;
    config.seed = 36;
    config.players = {"heuristic", "heuristic"};
    const ArenaResult result = run_arena(game, engine::Options::object(), config);
    const engine::Json json = to_json(result, config, *game);
    ASSERT_TRUE(json.contains("blunders")) << name;
    for (const char* side : {"japanese", "allied"}) {
      const engine::Json& seat = json["blunders"][side];
      ASSERT_TRUE(seat.is_object()) << name << " " << side;
      ASSERT_TRUE(seat["decisions"].is_number_integer());
      EXPECT_GT(seat["decisions"].get<long long>(), 0) << name << " " << side;
      for (const char* counter : {"suicide", "cards_left", "round_trip"}) {
        ASSERT_TRUE(seat.contains(counter)) << name << " " << side << " " << counter;
        EXPECT_TRUE(seat[counter]["count"].is_number_integer());
        EXPECT_GE(seat[counter]["count"].get<long long>(), 0);
        EXPECT_TRUE(seat[counter]["per_100"].is_number());
        EXPECT_NEAR(seat[counter]["per_100"].get<double>(),
                    100.0 * seat[counter]["count"].get<double>() / seat["decisions"].get<double>(),
                    1e-9);
      }
    }
    if (std::string(name) == "pacific-war") {
      EXPECT_TRUE(json["blunders"]["japanese"].contains("idle_initiative"));
      EXPECT_TRUE(json["blunders"]["allied"].contains("ops_complete_idle"));
    }
  }
}

// Games played at once give the same games as one after another: each game's dice and players'
// seeds come from (seed, game index) alone, and each job has its own players.
TEST(AiArena, JobsPlayTheSameGames) {
  const auto game = find_game("pacific-war");
  ArenaConfig config;
  config.games = 4;
  config.seed = 9;
  config.players = {"mcts:3", "heuristic"};
  const ArenaResult one = run_arena(game, engine::Options::object(), config);
  config.jobs = 2;
  const ArenaResult two = run_arena(game, engine::Options::object(), config);
  ASSERT_EQ(one.per_game.size(), 4u);
  ASSERT_EQ(two.per_game.size(), 4u);
  for (std::size_t g = 0; g < 4; ++g) {
    EXPECT_EQ(one.per_game[g].index, static_cast<int>(g));
    EXPECT_EQ(two.per_game[g].index, static_cast<int>(g));
    EXPECT_EQ(one.per_game[g].winner, two.per_game[g].winner) << "game " << g;
    EXPECT_EQ(one.per_game[g].actions, two.per_game[g].actions) << "game " << g;
    EXPECT_EQ(one.per_game[g].end, two.per_game[g].end) << "game " << g;
    EXPECT_FALSE(one.per_game[g].end.empty());
  }
  EXPECT_EQ(one.wins, two.wins);
  EXPECT_EQ(one.decisions, two.decisions);
  const engine::Json json = to_json(two, config, *game);
  ASSERT_EQ(json["per_game"].size(), 4u);
  EXPECT_EQ(json["jobs"], 2);
  EXPECT_TRUE(json["per_game"][0]["end"].is_array());
}

// --save-dir: each game's save loads (the hash check replays every action, chance included) into
// the position where the game ended, for `pacwar load` and `pacwar analyse`.
TEST(AiArena, SavesEachGameForLoadAndAnalysis) {
  const auto game = find_game("co-prosperity");
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("pacwar-arena-saves-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  ArenaConfig config;
  config.games = 2;
  config.seed = 5;
  config.jobs = 2;
  config.players = {"heuristic", "random"};
  config.max_actions_per_game = 150;
  config.save_dir = dir.string();
  const ArenaResult result = run_arena(game, engine::Options::object(), config);
  for (const ArenaGame& played : result.per_game) {
    std::ifstream in(dir / ("game-" + std::to_string(played.index) + ".json"));
    ASSERT_TRUE(in) << "game " << played.index;
    const engine::Json save = engine::Json::parse(in);
    const engine::Session loaded = engine::Session::load(save, find_game);
    EXPECT_EQ(static_cast<int>(loaded.history_ids().size()), played.actions);
    EXPECT_EQ(loaded.state().is_terminal(), played.finished);
    if (played.finished) {
      EXPECT_EQ(loaded.state().winner(), played.winner);
    }
  }
  std::filesystem::remove_all(dir);
  config.save_dir = "/proc/pacwar-no-such-dir";
  EXPECT_THROW(run_arena(game, engine::Options::object(), config), engine::UsageError);
}

TEST(AiArena, RefusesUnknownPlayers) {
  ArenaConfig config;
  config.players = {"random", "robot"};
  EXPECT_THROW(run_arena(std::make_shared<toy::ToyGame>(), engine::Options::object(), config),
               engine::UsageError);
}

TEST(AiPlay, ComputerPlayersFinishAGame) {
  engine::Session session(std::make_shared<toy::ToyGame>(), engine::Json::object(), 9);
  std::istringstream in;
  std::ostringstream out;
  const std::vector<PlayerSpec> players = {*parse_player("mcts:20"), *parse_player("heuristic")};
  EXPECT_EQ(run_play(session, players, in, out, [](const engine::Json&) { return ""; }), 0);
  EXPECT_TRUE(session.state().is_terminal());
  EXPECT_EQ(parse_player_kind("mcts:hard"), PlayerKind::kMcts);
  EXPECT_EQ(parse_player_kind("heuristic"), PlayerKind::kHeuristic);
}

}  // namespace
}  // namespace pacwar::cli
