#include "cli/analysis_commands.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <string>

#include "analysis/analysis.h"
#include "cli/balance.h"
#include "cli/match.h"
#include "engine/data_file.h"
#include "engine/errors.h"
#include "games/registry.h"

namespace pacwar::cli {
namespace {

engine::Json read_json_file(const std::string& file) {
  return engine::read_user_file(file, "save file");
}

}  // namespace

struct AnalysisCommands::State {
  CLI::App* analyse = nullptr;
  std::string save_file;
  std::string seat;
  bool json = false;
  analysis::AnalysisConfig config;
  CLI::App* balance = nullptr;
  BalanceConfig balance_config;
  std::vector<std::string> balance_rules;
};

AnalysisCommands::AnalysisCommands(CLI::App& app) : state_(std::make_unique<State>()) {
  State& s = *state_;
  s.analyse = app.add_subcommand(
      "analyse", "the computer player's judgement of one seat's decisions in a saved game");
  s.analyse->alias("analyze");
  s.analyse->add_option("save", s.save_file, "the save file (pacwar load's format)")->required();
  s.analyse->add_option("--seat", s.seat, "the seat analysed (its name, e.g. japanese)")
      ->required();
  s.analyse->add_option(
      "--player", s.config.player,
      "the searcher: mcts:easy (default), mcts:normal or mcts:N (mcts:4000: the old hard)");
  s.analyse->add_option("--seed", s.config.seed, "random seed of the searches (default 1)");
  s.analyse->add_option("--threads", s.config.threads, "search threads (default 1)")
      ->check(CLI::Range(1, 256));
  s.analyse->add_flag("--json", s.json, "print one JSON object");

  BalanceConfig& b = s.balance_config;
  s.balance = app.add_subcommand(
      "balance", "the balance lab: games between equal computer players, a report with plots");
  s.balance->add_option("game", b.game, "the game")->required();
  s.balance->add_option("--player", b.player, "who plays both seats (default heuristic)");
  s.balance->add_option("--games", b.games, "games per data variant")
      ->check(CLI::Range(1, 10000000));
  s.balance->add_option("--seed", b.seed, "random seed");
  s.balance->add_option("--jobs", b.jobs, "games played at once (default 1)")
      ->check(CLI::Range(1, 256));
  s.balance
      ->add_option("--max-actions", b.max_actions,
                   "actions after which a game stops unfinished (default 20000)")
      ->check(CLI::Range(1, 1000000000));
  s.balance
      ->add_option("--rules", s.balance_rules, "rule to switch on (repeatable), as play takes it")
      ->allow_extra_args(false);
  s.balance->add_option("--data-override", b.data_override,
                        "JSON patch over data/GAME/*.json (docs/balance.md)");
  s.balance
      ->add_option("--sweep", b.sweeps,
                   "data value to change by -1 and +1, as a JSON pointer with the file first: "
                   "/units.json/units/0/attack (repeatable)")
      ->allow_extra_args(false);
  s.balance->add_option("--out", b.out, "directory for report.html and summary.json")->required();
}

AnalysisCommands::~AnalysisCommands() = default;

bool AnalysisCommands::selected() const {
  return state_->analyse->parsed() || state_->balance->parsed();
}

int AnalysisCommands::run(std::ostream& out, std::ostream& progress) const {
  State& s = *state_;
  if (s.balance->parsed()) {
    BalanceConfig& b = s.balance_config;
    for (const std::string& rule : s.balance_rules) {
      if (!b.options.contains("rules")) b.options["rules"] = engine::Json::array();
      b.options["rules"].push_back(rule);
    }
    const BalanceResult result = run_balance(b, &progress);
    std::filesystem::create_directories(b.out);
    std::ofstream(std::filesystem::path(b.out) / "report.html") << balance_report(result, b);
    const engine::Json summary = to_json(result, b);
    std::ofstream(std::filesystem::path(b.out) / "summary.json") << summary.dump(2) << "\n";
    out << summary.dump() << "\n";
    return 0;
  }
  const engine::Json save = read_json_file(s.save_file);
  const std::string game_name =
      save.is_object() && save.contains("game") && save["game"].is_string()
          ? save["game"].get<std::string>()
          : "";
  const auto game = find_game(game_name);
  if (!game)
    throw engine::UsageError("save file '" + s.save_file + "': unknown game '" + game_name + "'");
  const int seat = analysis::seat_by_name(*game, s.seat);
  const auto start = std::chrono::steady_clock::now();
  const engine::Json result =
      analysis::analyse_game(save, seat, s.config, [&](int done, int total) {
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (done > 0 && (done % 10 == 0 || done == total)) {
          progress << "analyse: "
                   << progress_line(static_cast<std::size_t>(done), static_cast<std::size_t>(total),
                                    seconds, "decisions")
                   << std::endl;
        }
        return true;
      });
  if (s.json) {
    out << result.dump() << "\n";
    return 0;
  }
  for (const engine::Json& move : result["moves"]) {
    char line[160];
    std::snprintf(line, sizeof line, "%4d %5.1f%% -> %5.1f%% %-10s ", move["move"].get<int>(),
                  100.0 * move["before"].get<double>(), 100.0 * move["after"].get<double>(),
                  move["mark"].get<std::string>().c_str());
    out << line << move["taken"].get<std::string>();
    if (move["taken"] != move["best"]) out << "  (best: " << move["best"].get<std::string>() << ")";
    out << "\n";
  }
  out << result["summary"].dump() << "\n";
  return 0;
}

}  // namespace pacwar::cli
