#include "cli/games_commands.h"

#include <ostream>
#include <string>
#include <vector>

#include "cli/data_override.h"
#include "engine/data_dir.h"
#include "engine/errors.h"
#include "server/http/api_error.h"
#include "server/db/db.h"
#include "server/notify/notifier.h"
#include "server/play/rules_repair.h"

namespace pacwar::cli {

struct GamesCommands::State {
  CLI::App* games = nullptr;
  CLI::App* check = nullptr;
  CLI::App* repair = nullptr;
  std::string db;
  std::string data_override;
  std::string ai_ratings;
  std::vector<std::string> ids;
  bool json = false;
};

GamesCommands::GamesCommands(CLI::App& app) : state_(std::make_unique<State>()) {
  State& s = *state_;
  s.games = app.add_subcommand("games",
                               "the server's games in progress after a rule fix (docs/deploy.md)");
  s.games->require_subcommand(1);
  s.check = s.games->add_subcommand(
      "check",
      "replays every game not finished; lists those whose log no longer follows the "
      "rules (exit 1 when there is one)");
  s.repair = s.games->add_subcommand(
      "repair",
      "resumes each game that no longer replays at its last legal action and tells "
      "its players (a notice and a line in the game's chat)");
  for (CLI::App* command : {s.check, s.repair}) {
    command->add_option("--db", s.db, "the server's database: sqlite:FILE or postgresql://...")
        ->required();
    command->add_option("--data-override", s.data_override,
                        "the JSON patch over data/GAME/*.json the server runs with, if any");
    command->add_option("--ai-ratings", s.ai_ratings,
                        "the server's computer levels' ratings file, if not the default");
  }
  s.check->add_flag("--json", s.json, "print one JSON object");
  s.repair->add_option("--game", s.ids, "only this game (repeatable; default: every one)");
}

GamesCommands::~GamesCommands() = default;

bool GamesCommands::selected() const { return state_->games->parsed(); }

int GamesCommands::run(std::ostream& out) const {
  const State& s = *state_;
  const auto overridden = use_data_override(s.data_override);  // as `serve` loads the games
  server::Store store(server::open_database(s.db));
  server::Notifier notifier;
  server::GameService games(store, notifier);
  if (s.check->parsed()) {
    const auto problems = games.check_games();
    if (s.json) {
      engine::Json list = engine::Json::array();
      for (const server::ReplayProblem& p : problems) {
        list.push_back({{"id", p.game.id},
                        {"game", p.game.game},
                        {"status", p.game.state.status},
                        {"rules_began", p.game.rules_version},
                        {"rules_now", p.rules_now},
                        {"index", p.index},
                        {"length", p.length},
                        {"action", p.action},
                        {"error", p.error}});
      }
      out << engine::Json{{"problems", list}}.dump() << "\n";
    } else {
      for (const server::ReplayProblem& p : problems) out << server::problem_line(p) << "\n";
      out << (problems.empty() ? "every game in progress replays under these rules\n"
                               : std::to_string(problems.size()) +
                                     (problems.size() == 1 ? " game needs" : " games need") +
                                     " `pacwar games repair`\n");
    }
    return problems.empty() ? 0 : 1;
  }
  server::Platform platform(
      store.database(), games,
      s.ai_ratings.empty() ? game_data_dir("server") + "/ai_ratings.json" : s.ai_ratings);
  std::vector<std::string> ids = s.ids;
  if (ids.empty()) {
    for (const server::ReplayProblem& p : games.check_games()) ids.push_back(p.game.id);
  }
  int left = 0;
  for (const std::string& id : ids) {
    try {
      const auto result = server::repair_game(games, platform, id);
      if (!result) {
        out << "game " << id << ": replays under these rules; nothing to repair\n";
        continue;
      }
      out << server::problem_line(result->problem) << "\n  repaired: " << result->taken_back
          << (result->taken_back == 1 ? " action" : " actions")
          << " taken back; the game goes on from action " << result->status.version << " ("
          << result->status.status << "); its players were told\n";
    } catch (const server::ApiError& e) {
      out << "game " << id << ": not repaired: " << e.what() << "\n";
      ++left;
    }
  }
  return left == 0 ? 0 : 1;
}

}  // namespace pacwar::cli
