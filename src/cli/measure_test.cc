// The measurement commands' smoke versions (tiny ladder, SPRT, calibration) and the oracle's
// confinement: it searches the true state, so neither `play` nor the server offers it.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "ai/agent.h"
#include "cli/calibrate.h"
#include "cli/ladder.h"
#include "cli/play.h"
#include "cli/sprt.h"
#include "engine/errors.h"
#include "engine/rng.h"
#include "games/registry.h"
#include "server/test_support.h"

namespace pacwar::cli {
namespace {

using engine::Json;

TEST(Oracle, IsAMeasurementPlayerOnly) {
  const auto spec = ai::parse_agent_spec("oracle:200");
  ASSERT_TRUE(spec);
  EXPECT_EQ(spec->kind, ai::AgentSpec::Kind::kOracle);
  EXPECT_EQ(spec->mcts.iterations, 200);
  EXPECT_FALSE(parse_player("oracle"));  // play and load refuse it
  EXPECT_FALSE(parse_player("oracle:hard"));
  EXPECT_EQ(parse_player("mcts-v1:normal")->kind, PlayerKind::kMcts);
  EXPECT_EQ(ai::parse_agent_spec("mcts-v1:50ms")->kind, ai::AgentSpec::Kind::kMctsV1);
  EXPECT_EQ(ai::parse_agent_spec("mcts-v1:easy")->mcts.iterations, 200);
  EXPECT_EQ(parse_player("mcts-v2:normal")->kind, PlayerKind::kMcts);  // play takes it, as mcts-v1
  EXPECT_EQ(ai::parse_agent_spec("mcts-v2:50ms")->kind, ai::AgentSpec::Kind::kMctsV2);
  EXPECT_FALSE(ai::parse_agent_spec("mcts-v3"));
  EXPECT_FALSE(ai::parse_agent_spec("oracles"));
}

TEST(Oracle, TheServerRefusesIt) {
  server::testing::TempDir dir;
  server::ServerConfig config;
  config.db = server::testing::test_db(dir);
  server::testing::InProcessServer server(std::move(config));
  server::testing::ApiClient client(server.port());
  ASSERT_EQ(client.signup(server::testing::unique("oracle")).status, 201);
  for (const std::string opponent : {"oracle", "oracle:hard", "mcts-v1", "mcts-v2"}) {
    const auto reply = client.post("/api/games", {{"game", "pacific-war"},
                                                  {"seat", "japanese"},
                                                  {"options", Json::array()},
                                                  {"opponent", opponent}});
    EXPECT_EQ(reply.status, 400) << opponent;
  }
}

TEST(Measure, TinyLadder) {
  const auto game = find_game("co-prosperity");
  LadderConfig config;
  config.players = {"random", "heuristic"};
  config.games = 1;
  config.seed = 5;
  std::ostringstream progress;
  const LadderResult result = run_ladder(game, Json::object(), config, &progress);
  ASSERT_EQ(result.players.size(), 2u);
  EXPECT_EQ(result.anchor, "random");
  EXPECT_EQ(result.players[0].elo, 0.0);
  EXPECT_EQ(result.players[0].games, 2);
  EXPECT_EQ(result.players[1].games, 2);
  EXPECT_NEAR(result.players[0].score + result.players[1].score, 2.0, 1e-9);
  EXPECT_NE(progress.str().find("2/2 games"), std::string::npos);
  EXPECT_NE(to_text(result, *game).find("heuristic"), std::string::npos);
  EXPECT_EQ(to_json(result, config, *game)["players"].size(), 2u);
  config.players = {"random", "random"};
  EXPECT_THROW(run_ladder(game, Json::object(), config, nullptr), engine::UsageError);
  config.players = {"random", "nobody"};
  EXPECT_THROW(run_ladder(game, Json::object(), config, nullptr), engine::UsageError);
}

// `ladder --ratings FILE`: the levels the ladder played get its ratings in the server's file;
// the others, and the other game, keep theirs; the server reads the result.
TEST(Measure, TheLadderWritesTheLevelsRatings) {
  const auto game = find_game("co-prosperity");
  server::testing::TempDir dir;
  const std::string file = (dir.path() / "ai_ratings.json").string();
  const Json before = {
      {"source", "old"},
      {"scale", "Glicko rating = 1000 + ladder Elo"},
      {"games",
       {{"co-prosperity",
         {{"random", {{"rating", 1000}, {"deviation", 50}, {"ladder", "0"}}},
          {"heuristic", {{"rating", 1111}, {"deviation", 99}, {"ladder", "111 ± 194"}}},
          {"mcts:hard", {{"rating", 1666}, {"deviation", 184}, {"ladder", "666 ± 360"}}}}},
        {"pacific-war", {{"random", {{"rating", 1000}, {"deviation", 50}, {"ladder", "0"}}}}}}}};
  std::ofstream(file) << before.dump();
  LadderConfig config;
  config.players = {"random", "heuristic", "mcts:4"};
  config.games = 2;
  config.seed = 5;
  const LadderResult result = run_ladder(game, Json::object(), config, nullptr);
  const auto written = write_level_ratings(file, result, "co-prosperity", "the command, a date");
  EXPECT_EQ(written, (std::vector<std::string>{"random", "heuristic"}));
  std::ifstream in(file);
  const Json after = Json::parse(in);
  const Json& levels = after["games"]["co-prosperity"];
  EXPECT_EQ(levels["random"]["rating"], 1000.0);
  EXPECT_EQ(levels["random"]["deviation"], 50.0);
  EXPECT_EQ(levels["heuristic"]["rating"], std::round(1000.0 + result.players[1].elo));
  EXPECT_EQ(levels["heuristic"]["deviation"], std::round(result.players[1].margin / 1.96));
  EXPECT_EQ(levels["heuristic"]["ladder"].get<std::string>().find('('), std::string::npos)
      << "the figure alone: the leaderboard shows it";
  EXPECT_EQ(after["sources"]["co-prosperity"], "the command, a date");
  EXPECT_EQ(levels["mcts:hard"], before["games"]["co-prosperity"]["mcts:hard"]) << "not played";
  EXPECT_FALSE(levels.contains("mcts:4")) << "not a level of the file";
  EXPECT_EQ(after["games"]["pacific-war"], before["games"]["pacific-war"]);
  EXPECT_EQ(after["scale"], before["scale"]);
  // The server reads it.
  server::ServerConfig server_config;
  server_config.db = server::testing::test_db(dir);
  server_config.ai_ratings = file;
  EXPECT_NO_THROW(server::testing::InProcessServer server(std::move(server_config)));
  // A game the file does not rate, or a file that is not a ratings file, is refused.
  EXPECT_THROW(write_level_ratings(file, result, "no-such-game", "x"), engine::UsageError);
  std::ofstream(file) << "not json";
  EXPECT_THROW(write_level_ratings(file, result, "co-prosperity", "x"), engine::UsageError);
}

TEST(Measure, TinySprtIsTheSameWithAnyNumberOfJobs) {
  const auto game = find_game("co-prosperity");
  SprtConfig config;
  config.new_player = "heuristic";
  config.base_player = "random";
  config.max_pairs = 3;
  const SprtResult one = run_sprt(game, Json::object(), config, nullptr);
  config.match.jobs = 2;
  const SprtResult two = run_sprt(game, Json::object(), config, nullptr);
  EXPECT_EQ(one.sprt.pairs(), 3);
  EXPECT_EQ(one.sprt.pentanomial(), two.sprt.pentanomial());
  EXPECT_EQ(one.new_wins + one.base_wins + one.draws, 6);
  const Json json = to_json(one, config, *game);
  EXPECT_EQ(json["games"], 6);
  EXPECT_EQ(json["result"], "continue");
}

TEST(Measure, TinyCalibration) {
  const auto game = find_game("pacific-war");
  CalibrateConfig config;
  config.player = "random";
  config.games = 2;
  const CalibrateResult result = run_calibrate(game, Json::object(), config, nullptr);
  EXPECT_EQ(result.games, 2);
  ASSERT_GT(result.stats.samples, 0);
  int counted = 0;
  for (const ReliabilityBin& bin : result.stats.bins) counted += bin.count;
  EXPECT_EQ(counted, result.stats.samples);
  EXPECT_GE(result.stats.brier, 0.0);
  EXPECT_LE(result.stats.brier, 1.0);
  const std::string svg = reliability_svg(result.stats, result.platt_held_out, "test");
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
}

// `--analysis mcts:N`: the analysis view's number (a search from the seat's view) instead of
// the evaluator's; players that see hidden cards or depend on time are refused.
TEST(Measure, TinyCalibrationOfTheAnalysisView) {
  const auto game = find_game("co-prosperity");
  CalibrateConfig config;
  config.player = "random";
  config.games = 1;
  config.seed = 4;
  const CalibrateResult evaluator = run_calibrate(game, Json::object(), config, nullptr);
  config.analysis = "mcts:20";
  const CalibrateResult analysis = run_calibrate(game, Json::object(), config, nullptr);
  ASSERT_GT(analysis.stats.samples, 0);
  EXPECT_EQ(analysis.stats.samples, evaluator.stats.samples) << "the same games and decisions";
  EXPECT_NE(analysis.stats.brier, evaluator.stats.brier) << "another predictor";
  EXPECT_EQ(to_json(analysis, config, *game)["predictor"], "analysis mcts:20");
  for (const std::string bad : {"mcts:20ms", "oracle:20", "heuristic"}) {
    config.analysis = bad;
    EXPECT_THROW(run_calibrate(game, Json::object(), config, nullptr), engine::UsageError) << bad;
  }
}

TEST(Measure, PlattScalingRecoversAKnownCurve) {
  // Outcomes drawn with p = 1 / (1 + exp(-(3 v - 0.5))): the fit finds a = 3, b = -0.5.
  engine::Rng rng(9);
  std::vector<std::pair<double, bool>> samples;
  for (int i = 0; i < 20000; ++i) {
    const double v = 2.0 * rng.uniform() - 1.0;
    const double p = 1.0 / (1.0 + std::exp(-(3.0 * v - 0.5)));
    samples.emplace_back((1.0 + v) / 2.0, rng.uniform() < p);
  }
  const PlattFit fit = fit_platt(samples);
  EXPECT_NEAR(fit.a, 3.0, 0.2);
  EXPECT_NEAR(fit.b, -0.5, 0.1);
}

TEST(Measure, CalibrationStatistics) {
  // Perfectly calibrated bins: 0.2 predicted, 1 in 5 won; 0.8 predicted, 4 in 5 won.
  std::vector<std::pair<double, bool>> samples;
  for (int i = 0; i < 5; ++i) samples.emplace_back(0.2, i == 0);
  for (int i = 0; i < 5; ++i) samples.emplace_back(0.8, i != 0);
  const CalibrationStats stats = calibration_stats(samples);
  EXPECT_EQ(stats.samples, 10);
  EXPECT_NEAR(stats.brier, 0.16, 1e-12);
  EXPECT_NEAR(stats.base_rate, 0.5, 1e-12);
  EXPECT_NEAR(stats.bins[2].observed, 0.2, 1e-12);
  EXPECT_NEAR(stats.bins[8].observed, 0.8, 1e-12);
  EXPECT_EQ(stats.bins[5].count, 0);
}

}  // namespace
}  // namespace pacwar::cli
