#include "cli/measure_commands.h"

#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "cli/calibrate.h"
#include "cli/ladder.h"
#include "cli/sprt.h"
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
  std::string game;
  bool json = false;
  std::string players;
  LadderConfig ladder_config;
  SprtConfig sprt_config;
  CalibrateConfig calibrate_config;
};

MeasureCommands::MeasureCommands(CLI::App& app) : state_(std::make_unique<State>()) {
  State& s = *state_;
  const std::string specs =
      "random, heuristic, mcts[:N|:Nms|:easy|:normal|:hard][,c=X][,depth=N], mcts-v1[:...] "
      "(the frozen search of 940a9ac), oracle[:...] (sees hidden cards: measurement only)";

  s.ladder = app.add_subcommand("ladder", "round-robin rating of computer players (Elo)");
  s.ladder->add_option("game", s.game, "the game")->required();
  s.ladder->add_option("--players", s.players, "comma-separated players: " + specs)->required();
  s.ladder->add_option("--games", s.ladder_config.games, "games per pairing and side")
      ->check(CLI::Range(1, 1000000));
  s.ladder->add_option("--seed", s.ladder_config.seed, "random seed");
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
  add_match_options(*s.calibrate, s.calibrate_config.match);
  s.calibrate->add_flag("--json", s.json, "print one JSON object");
}

MeasureCommands::~MeasureCommands() = default;

bool MeasureCommands::selected() const {
  return *state_->ladder || *state_->sprt || *state_->calibrate;
}

int MeasureCommands::run(std::ostream& out, std::ostream& progress) const {
  State& s = *state_;
  const auto game = measured_game(s.game);
  const engine::Options options = engine::Json::object();
  engine::Json json;
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
