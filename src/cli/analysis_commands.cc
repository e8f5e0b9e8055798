#include "cli/analysis_commands.h"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <ostream>
#include <string>

#include "analysis/analysis.h"
#include "cli/match.h"
#include "engine/errors.h"
#include "games/registry.h"

namespace pacwar::cli {
namespace {

engine::Json read_json_file(const std::string& file) {
  std::ifstream stream(file);
  if (!stream) throw engine::UsageError("cannot read save file '" + file + "'");
  engine::Json json = engine::Json::parse(stream, nullptr, false);
  if (json.is_discarded()) throw engine::UsageError("save file '" + file + "' is not valid JSON");
  return json;
}

}  // namespace

struct AnalysisCommands::State {
  CLI::App* analyse = nullptr;
  std::string save_file;
  std::string seat;
  bool json = false;
  analysis::AnalysisConfig config;
};

AnalysisCommands::AnalysisCommands(CLI::App& app) : state_(std::make_unique<State>()) {
  State& s = *state_;
  s.analyse = app.add_subcommand(
      "analyse", "the computer player's judgement of one seat's decisions in a saved game");
  s.analyse->alias("analyze");
  s.analyse->add_option("save", s.save_file, "the save file (pacwar load's format)")->required();
  s.analyse->add_option("--seat", s.seat, "the seat analysed (its name, e.g. japanese)")
      ->required();
  s.analyse->add_option("--player", s.config.player,
                        "the searcher: mcts:easy (default), mcts:normal, mcts:hard or mcts:N");
  s.analyse->add_option("--seed", s.config.seed, "random seed of the searches (default 1)");
  s.analyse->add_option("--threads", s.config.threads, "search threads (default 1)")
      ->check(CLI::Range(1, 256));
  s.analyse->add_flag("--json", s.json, "print one JSON object");
}

AnalysisCommands::~AnalysisCommands() = default;

bool AnalysisCommands::selected() const { return state_->analyse->parsed(); }

int AnalysisCommands::run(std::ostream& out, std::ostream& progress) const {
  State& s = *state_;
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
                                    seconds)
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
