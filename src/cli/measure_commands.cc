#include "cli/measure_commands.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <ostream>
#include <string>
#include <vector>

#include "ai/policy.h"
#include "cli/calibrate.h"
#include "cli/ladder.h"
#include "cli/sprt.h"
#include "cli/value_data.h"
#include "engine/errors.h"
#include "games/registry.h"

namespace pacwar::cli {
namespace {

std::shared_ptr<const engine::Game> measured_game(const std::string& name) {
  auto game = find_game(name);
  if (!game) throw engine::UsageError("unknown game '" + name + "'");
  return game;
}

void add_match_options(CLI::App& command, MatchConfig& match) {
  command.add_option("--jobs", match.jobs, "games played at once (default 1)")
      ->check(CLI::Range(1, 256));
  command.add_option("--threads", match.threads, "search threads of each player (default 1)")
      ->check(CLI::Range(1, 256));
  command
      .add_option("--max-actions", match.max_actions,
                  "actions after which a game stops unfinished (counts as a draw)")
      ->check(CLI::Range(1, 1000000000));
}

}  // namespace

struct MeasureCommands::State {
  CLI::App* ladder = nullptr;
  CLI::App* sprt = nullptr;
  CLI::App* calibrate = nullptr;
  CLI::App* record = nullptr;
  CLI::App* train = nullptr;
  RecordConfig record_config;
  TrainConfig train_config;
  std::string model_out;
  std::string game;
  bool json = false;
  std::string players;
  std::string ratings;  // ladder --ratings FILE
  LadderConfig ladder_config;
  SprtConfig sprt_config;
  CalibrateConfig calibrate_config;
};

MeasureCommands::MeasureCommands(CLI::App& app) : state_(std::make_unique<State>()) {
  State& s = *state_;
  const std::string specs =
      "random, heuristic, mcts[:N|:Nms|:easy|:normal|:hard|:expert][,c=X][,depth=N], mcts-v1[:...] "
      "(the frozen search of 940a9ac), mcts-v2[:...][,c=X][,depth=N][,reuse=0|1] (of c4de046), "
      "doctrine (a competent human's plan, docs/ai.md), "
      "oracle[:...] (sees hidden cards: measurement only)";

  s.ladder = app.add_subcommand("ladder", "round-robin rating of computer players (Elo)");
  s.ladder->add_option("game", s.game, "the game")->required();
  s.ladder->add_option("--players", s.players, "comma-separated players: " + specs)->required();
  s.ladder->add_option("--games", s.ladder_config.games, "games per pairing and side")
      ->check(CLI::Range(1, 1000000));
  s.ladder->add_option("--seed", s.ladder_config.seed, "random seed");
  s.ladder->add_option(
      "--ratings", s.ratings,
      "write the computer levels' ratings into FILE (data/server/ai_ratings.json)");
  s.ladder->add_option("--journal", s.ladder_config.journal,
                       "append each finished game to FILE; games it holds are not played again");
  add_match_options(*s.ladder, s.ladder_config.match);
  s.ladder->add_flag("--json", s.json, "print one JSON object");

  s.sprt = app.add_subcommand("sprt", "sequential A/B test of two players (fishtest's GSPRT)");
  s.sprt->add_option("game", s.game, "the game")->required();
  s.sprt->add_option("--new", s.sprt_config.new_player, "the candidate: " + specs)->required();
  s.sprt->add_option("--base", s.sprt_config.base_player, "the reference player")->required();
  s.sprt->add_option("--elo0", s.sprt_config.elo0, "H0: the candidate is at most this better");
  s.sprt->add_option("--elo1", s.sprt_config.elo1, "H1: the candidate is at least this better");
  s.sprt->add_option("--alpha", s.sprt_config.alpha, "false positive rate (default 0.05)");
  s.sprt->add_option("--beta", s.sprt_config.beta, "false negative rate (default 0.05)");
  s.sprt->add_option("--seed", s.sprt_config.seed, "random seed");
  s.sprt->add_option("--max-pairs", s.sprt_config.max_pairs, "stop undecided after this many")
      ->check(CLI::Range(1, 10000000));
  add_match_options(*s.sprt, s.sprt_config.match);
  s.sprt->add_flag("--json", s.json, "print one JSON object");

  s.calibrate = app.add_subcommand("calibrate", "the evaluator's win probability against results");
  s.calibrate->add_option("game", s.game, "the game")->required();
  s.calibrate->add_option("--player", s.calibrate_config.player, "who plays both seats");
  s.calibrate->add_option("--games", s.calibrate_config.games, "self-play games")
      ->check(CLI::Range(1, 1000000));
  s.calibrate->add_option("--seed", s.calibrate_config.seed, "random seed");
  s.calibrate->add_option("--svg", s.calibrate_config.svg,
                          "reliability plot to write (default docs/calibration-GAME.svg)");
  s.calibrate->add_option("--analysis", s.calibrate_config.analysis,
                          "score the analysis view's win probability (a search of this mcts:N "
                          "from the seat's view, through the game's shipped map) instead of the "
                          "evaluator's");
  s.calibrate->add_option("--fit", s.calibrate_config.fit,
                          "with --analysis: score the raw numbers and write the map fitted on "
                          "them to this file (data/GAME/win_calibration.json)");
  add_match_options(*s.calibrate, s.calibrate_config.match);
  s.calibrate->add_flag("--json", s.json, "print one JSON object");

  s.record = app.add_subcommand(
      "record", "self-play positions (features of the acting seat's view) and results, as CSV");
  s.record->add_option("game", s.game, "the game")->required();
  s.record->add_option("--player", s.record_config.player,
                       "who plays both seats (default mcts:20)");
  s.record->add_option("--games", s.record_config.games, "self-play games")
      ->check(CLI::Range(1, 1000000));
  s.record->add_option("--seed", s.record_config.seed, "random seed");
  s.record->add_option("--out", s.record_config.out, "the CSV file to write")->required();
  add_match_options(*s.record, s.record_config.match);

  s.train = app.add_subcommand("train", "fit the learned value model on recorded positions");
  s.train->add_option("game", s.game, "the game")->required();
  s.train->add_option("--data", s.train_config.data, "a file written by pacwar record")->required();
  s.train->add_option("--seed", s.train_config.seed, "random seed of the held-out split");
  s.train->add_option("--held-out", s.train_config.held_out,
                      "share of the games held out (default 0.2)");
  s.train->add_option("--l2", s.train_config.l2, "L2 penalty on the weights (default 1)");
  s.train->add_option("--out", s.model_out, "the model file to write (data/GAME/value_model.json)")
      ->required();
}

MeasureCommands::~MeasureCommands() = default;

bool MeasureCommands::selected() const {
  return *state_->ladder || *state_->sprt || *state_->calibrate || *state_->record ||
         *state_->train;
}

int MeasureCommands::run(std::ostream& out, std::ostream& progress) const {
  State& s = *state_;
  const auto game = measured_game(s.game);
  const engine::Options options = engine::Json::object();
  engine::Json json;
  if (*s.record) {
    s.record_config.command = "pacwar record " + s.game + " --player " + s.record_config.player +
                              " --games " + std::to_string(s.record_config.games) + " --seed " +
                              std::to_string(s.record_config.seed) + " --out " +
                              s.record_config.out;
    const RecordResult result = run_record(game, options, s.record_config, &progress);
    out << engine::Json{{"games", result.games},
                        {"unfinished", result.unfinished},
                        {"positions", result.positions},
                        {"seconds", result.seconds},
                        {"out", s.record_config.out}}
               .dump()
        << "\n";
    return 0;
  }
  if (*s.train) {
    char l2[32];
    std::snprintf(l2, sizeof l2, "%g", s.train_config.l2);
    char held[32];
    std::snprintf(held, sizeof held, "%g", s.train_config.held_out);
    s.train_config.command = "pacwar train " + s.game + " --data " + s.train_config.data +
                             " --seed " + std::to_string(s.train_config.seed) + " --held-out " +
                             held + " --l2 " + l2 + " --out " + s.model_out;
    const ai::GamePolicies policies = ai::policies_for(game->name(), game->num_seats());
    if (!policies.features) throw engine::UsageError(s.game + " defines no features");
    const TrainResult result =
        train_value_model(game->name(), policies.features->names(),
                          read_value_data(s.train_config.data), s.train_config);
    std::ofstream file(s.model_out);
    if (!file) throw engine::UsageError("train: cannot write '" + s.model_out + "'");
    file << ai::to_json(result.model).dump(2) << "\n";
    if (!file) throw engine::UsageError("train: writing '" + s.model_out + "' failed");
    out << to_json(result).dump(2) << "\n";
    return 0;
  }
  if (*s.ladder) {
    s.ladder_config.players.clear();
    std::string rest = s.players;
    while (true) {
      const std::size_t comma = rest.find(',');
      // A comma followed by a setting (c=, depth=) belongs to the spec before it.
      std::size_t cut = comma;
      while (cut != std::string::npos && rest.find('=', cut) != std::string::npos &&
             rest.find('=', cut) < rest.find(',', cut + 1)) {
        cut = rest.find(',', cut + 1);
      }
      s.ladder_config.players.push_back(rest.substr(0, cut));
      if (cut == std::string::npos) break;
      rest = rest.substr(cut + 1);
    }
    const LadderResult result = run_ladder(game, options, s.ladder_config, &progress);
    if (!s.ratings.empty()) {
      const std::time_t now =
          std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
      char date[16];
      std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
      const std::string measured = "pacwar ladder " + s.game + " --players " + s.players +
                                   " --games " + std::to_string(s.ladder_config.games) +
                                   " --seed " + std::to_string(s.ladder_config.seed) + ", " + date;
      std::string names;
      for (const std::string& level :
           write_level_ratings(s.ratings, result, game->name(), measured))
        names += (names.empty() ? "" : ", ") + level;
      progress << "ladder: the ratings of " << names << " written to " << s.ratings << std::endl;
    }
    if (!s.json) {
      out << to_text(result, *game);
      return 0;
    }
    json = to_json(result, s.ladder_config, *game);
  } else if (*s.sprt) {
    const SprtResult result = run_sprt(game, options, s.sprt_config, &progress);
    json = to_json(result, s.sprt_config, *game);
    if (!s.json) {
      char line[300];
      std::snprintf(line, sizeof line,
                    "%s after %d games (%d pairs): LLR %.2f [%.2f, %.2f], pentanomial "
                    "[%d %d %d %d %d], score %.1f%%, Elo %.1f +- %.1f\n",
                    to_string(result.sprt.status()).c_str(), 2 * result.sprt.pairs(),
                    result.sprt.pairs(), result.sprt.llr(), result.sprt.lower_bound(),
                    result.sprt.upper_bound(), result.sprt.pentanomial()[0],
                    result.sprt.pentanomial()[1], result.sprt.pentanomial()[2],
                    result.sprt.pentanomial()[3], result.sprt.pentanomial()[4],
                    100.0 * result.sprt.score(), result.sprt.elo(), result.sprt.elo_margin());
      out << line;
      return 0;
    }
  } else {
    if (s.calibrate_config.svg.empty())
      s.calibrate_config.svg = "docs/calibration-" + s.game + ".svg";
    const CalibrateResult result = run_calibrate(game, options, s.calibrate_config, &progress);
    json = to_json(result, s.calibrate_config, *game);
    if (!s.json) {
      out << json.dump(2) << "\n";
      return 0;
    }
  }
  out << json.dump() << "\n";
  return 0;
}

}  // namespace pacwar::cli
