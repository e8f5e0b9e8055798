#include "cli/suite_commands.h"

#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "analysis/suite.h"
#include "engine/data_file.h"
#include "engine/errors.h"

namespace pacwar::cli {

struct SuiteCommands::State {
  CLI::App* suite = nullptr;
  std::string game;
  std::string directory;
  analysis::SuiteConfig config;
  bool json = false;
  bool check = false;
  std::string analysis;  // --analysis: score the analysis view instead of a player

  CLI::App* decisions = nullptr;
  std::string save_file;
  int from = 0;
  int to = -1;
  bool views = false;
};

SuiteCommands::SuiteCommands(CLI::App& app) : state_(std::make_unique<State>()) {
  State& s = *state_;
  s.suite = app.add_subcommand(
      "suite", "a computer player scored on the game's strategic test suite (docs/suite.md)");
  s.suite->add_option("game", s.game, "the game")->required();
  s.suite->add_option("--player", s.config.player,
                      "the player: mcts:easy|normal|hard|expert, mcts:4000 (the old hard), "
                      "mcts-v1, heuristic, ... (default "
                      "mcts:normal)");
  s.suite->add_option("--seed", s.config.seed, "random seed of the player (default 1)");
  s.suite->add_option("--threads", s.config.threads, "search threads (default 1)")
      ->check(CLI::Range(1, 256));
  s.suite->add_option("--theme", s.config.theme, "only the positions of this theme");
  s.suite->add_option("--position", s.config.ids, "only this position (repeatable)")
      ->allow_extra_args(false);
  s.suite->add_option("--dir", s.directory, "the suite's directory (default data/GAME/suite)");
  s.suite->add_flag("--check", s.check,
                    "check every position (loads, labels legal, rules cited) and play nothing");
  s.suite->add_option("--analysis", s.analysis,
                      "score the analysis view instead of a player: whether this searcher "
                      "(mcts:easy, as the server's analyses, or mcts:N) marks each position's "
                      "blunder and leaves its good action unmarked");
  s.suite->add_flag("--json", s.json, "print one JSON object");

  s.decisions = app.add_subcommand(
      "decisions",
      "a save file's decisions with their legal actions, as JSON (for suite positions)");
  s.decisions->add_option("save", s.save_file, "the save file (pacwar load's format)")->required();
  s.decisions->add_option("--from", s.from, "the first action counted (default 0)")
      ->check(CLI::Range(0, 1000000000));
  s.decisions->add_option("--to", s.to, "the action before which to stop (default: the end)")
      ->check(CLI::Range(0, 1000000000));
  s.decisions->add_flag("--views", s.views, "add the deciding seat's view to each decision");
}

SuiteCommands::~SuiteCommands() = default;

bool SuiteCommands::selected() const {
  return state_->suite->parsed() || state_->decisions->parsed();
}

int SuiteCommands::run(std::ostream& out, std::ostream& progress) const {
  const State& s = *state_;
  if (s.decisions->parsed()) {
    const engine::Json save = engine::read_data_file(s.save_file);
    for (const engine::Json& d : analysis::save_decisions(save, s.from, s.to, s.views))
      out << d.dump() << "\n";
    return 0;
  }
  const analysis::Suite suite = analysis::load_suite(s.game, s.directory);
  if (s.check) {
    int bad = 0;
    for (const analysis::SuitePosition& p : suite.positions) {
      for (const std::string& line : analysis::check_position(suite, p)) {
        out << line << "\n";
        ++bad;
      }
    }
    out << suite.positions.size() << " positions, " << bad << " problems\n";
    return bad == 0 ? 0 : 1;
  }
  const auto report = [&progress](int done, int total) {
    if (done % 10 == 0 || done == total)
      progress << "suite: " << done << " of " << total << " positions" << std::endl;
  };
  if (!s.analysis.empty()) {
    analysis::AnalysisConfig config;
    config.player = s.analysis;
    config.seed = s.config.seed;
    const engine::Json result = analysis::analyse_suite(suite, s.config, config, report);
    if (s.json) {
      out << result.dump() << "\n";
      return 0;
    }
    out << suite.game << " suite, analysis by " << s.analysis << "\n";
    for (const std::string kind : {"blunder", "good"}) {
      const engine::Json& c = result[kind + "s"];
      out << kind << " actions analysed " << c["analysed"].get<int>() << ", marked "
          << c["marked"].get<int>() << " (inaccuracy " << c["inaccuracy"].get<int>() << ", mistake "
          << c["mistake"].get<int>() << ", blunder " << c["blunder"].get<int>() << ")\n";
    }
    return 0;
  }
  const engine::Json result = analysis::run_suite(suite, s.config, report);
  if (s.json) {
    out << result.dump() << "\n";
    return 0;
  }
  char line[200];
  const auto row = [&](const std::string& name, const engine::Json& t) {
    std::snprintf(line, sizeof line, "%-24s %4d %6.1f%% %6.1f%% %6.1f%%\n", name.c_str(),
                  t["positions"].get<int>(), 100.0 * t["good_rate"].get<double>(),
                  100.0 * t["acceptable"].get<int>() / std::max(1, t["positions"].get<int>()),
                  100.0 * t["blunder_rate"].get<double>());
    out << line;
  };
  out << suite.game << " suite, player " << s.config.player << "\n";
  std::snprintf(line, sizeof line, "%-24s %4s %7s %7s %7s\n", "theme", "pos", "good", "accept",
                "blunder");
  out << line;
  for (const auto& [name, t] : result["themes"].items()) row(name, t);
  row("all", result);
  return 0;
}

}  // namespace pacwar::cli
