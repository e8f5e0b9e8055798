#include "cli/terminal_commands.h"

#include <cstdint>
#include <iostream>
#include <random>
#include <utility>
#include <vector>

#include "ai/agent.h"
#include "cli/arena.h"
#include "cli/bench.h"
#include "cli/cards.h"
#include "cli/data_override.h"
#include "cli/play.h"
#include "cli/selfplay.h"
#include "engine/data_file.h"
#include "engine/errors.h"
#include "engine/session.h"
#include "games/registry.h"
#include "games/render.h"

namespace pacwar::cli {
namespace {

using engine::Json;
using engine::UsageError;

std::string known_games() {
  std::string text;
  for (const std::string& name : game_names()) text += (text.empty() ? "" : ", ") + name;
  return text.empty() ? "none" : text;
}

std::shared_ptr<const engine::Game> game_named(const std::string& name) {
  auto game = find_game(name);
  if (!game) throw UsageError("unknown game '" + name + "' (known: " + known_games() + ")");
  return game;
}

// The first positional argument after argv[from]: every option of play and load takes a value
// unless written --option=value (or is -h/--help).
std::optional<std::string> first_positional(int argc, char** argv, int from) {
  for (int i = from; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg.empty() || arg[0] != '-') return arg;
    if (arg != "-h" && arg != "--help" && arg.find('=') == std::string::npos) ++i;
  }
  return std::nullopt;
}

Json read_save_file(const std::string& file) { return engine::read_user_file(file, "save file"); }

// --rules values: a JSON object, key=value (value as JSON if it parses, else text), or a rule
// spec such as "all", "advanced", "optional:15.1,15.2" or "15.1", added to the "rules" list.
engine::Options parse_rules(const std::vector<std::string>& rules) {
  engine::Options options = Json::object();
  for (const std::string& rule : rules) {
    if (!rule.empty() && rule[0] == '{') {
      Json object = Json::parse(rule, nullptr, false);
      if (object.is_discarded() || !object.is_object()) {
        throw UsageError("--rules '" + rule + "': not a valid JSON object");
      }
      options.update(object);
      continue;
    }
    const auto equals = rule.find('=');
    const std::string key = rule.substr(0, equals);
    if (key.empty()) throw UsageError("--rules '" + rule + "': expected key=value");
    if (equals == std::string::npos) {
      if (!options.contains("rules") || !options["rules"].is_array())
        options["rules"] = Json::array();
      options["rules"].push_back(rule);
      continue;
    }
    const std::string text = rule.substr(equals + 1);
    Json value = Json::parse(text, nullptr, false);
    options[key] = value.is_discarded() ? Json(text) : value;
  }
  return options;
}

constexpr const char* kPlayerNames =
    "human, random, heuristic, doctrine (a competent human's plan), mcts, mcts:N (iterations), "
    "mcts:easy|normal|hard|expert, mcts:Nms, with optional ,c=X (exploration) ,depth=N (playout "
    "depth)";

// Per-seat --<seat_name> PLAYER options of a subcommand.
struct SeatOptions {
  void add(CLI::App& command, const engine::Game& game, bool allow_human = true) {
    kinds.assign(static_cast<std::size_t>(game.num_seats()), "");
    for (int seat = 0; seat < game.num_seats(); ++seat) {
      command
          .add_option("--" + game.seat_name(seat), kinds[static_cast<std::size_t>(seat)],
                      "who plays " + game.seat_name(seat) + ": " + kPlayerNames)
          ->check(CLI::Validator(
              [allow_human](std::string& text) -> std::string {
                // Between computer players (arena) the measurement-only oracle is allowed too.
                if (!allow_human)
                  return ai::parse_agent_spec(text) ? "" : "unknown player '" + text + "'";
                return parse_player(text) ? "" : "unknown player '" + text + "'";
              },
              "PLAYER"));
    }
  }
  // The chosen players; seats without a choice get `first` (seat 0) or `others`.
  std::vector<PlayerSpec> players(int seats, const std::string& first,
                                  const std::string& others) const {
    std::vector<PlayerSpec> players;
    for (int seat = 0; seat < seats; ++seat) {
      std::string kind = static_cast<std::size_t>(seat) < kinds.size()
                             ? kinds[static_cast<std::size_t>(seat)]
                             : std::string();
      if (kind.empty()) kind = seat == 0 ? first : others;
      players.push_back(*parse_player(kind));
    }
    return players;
  }
  std::vector<std::string> kinds;
};

BoardRenderer renderer_for(const std::string& game) {
  return [game](const Json& view) { return render_board(game, view); };
}

}  // namespace

Prelude read_prelude(int argc, char** argv) {
  Prelude p;
  p.command = argc > 1 ? argv[1] : "";
  if (p.command == "play" || p.command == "arena") {
    if (auto name = first_positional(argc, argv, 2)) p.seat_game = game_named(*name);
  } else if (p.command == "load") {
    if (auto file = first_positional(argc, argv, 2)) {
      p.save = read_save_file(*file);
      if (p.save->is_object() && p.save->contains("game") && (*p.save)["game"].is_string()) {
        p.seat_game = find_game((*p.save)["game"].get<std::string>());
      }
    }
  }
  return p;
}

Runner add_play(CLI::App& command, const Prelude& prelude) {
  struct Options {
    std::string game;
    std::uint64_t seed = 0;
    std::vector<std::string> rules;
    SeatOptions seats;
    int threads = -1;  // every core: root-parallel search while a person waits
    std::string data_override;
  };
  auto o = std::make_shared<Options>();
  command.add_option("game", o->game, "the game, e.g. pacific-war")->required();
  CLI::Option* seed_option = command.add_option("--seed", o->seed, "random seed (default: new)");
  command
      .add_option("--rules", o->rules,
                  "rules to switch on: all, advanced, optional:15.1,... or a section (repeatable)")
      ->allow_extra_args(false);
  command
      .add_option("--threads", o->threads,
                  "search threads of each mcts player (default: one per core)")
      ->check(CLI::Range(1, 256));
  command.add_option("--data-override", o->data_override, "JSON patch over data/GAME/*.json");
  command.footer(std::string("Seats: --<seat-name> PLAYER, one of ") + kPlayerNames +
                 " (default: the first seat human, others random).\n");
  if (prelude.command == "play" && prelude.seat_game) o->seats.add(command, *prelude.seat_game);
  return [o, seed_option] {
    const auto overridden = use_data_override(o->data_override);  // sets PACWAR_DATA when given
    auto game = game_named(o->game);
    if (seed_option->count() == 0) {
      std::random_device device;
      o->seed = (static_cast<std::uint64_t>(device()) << 32) | device();
    }
    engine::Session session(game, parse_rules(o->rules), o->seed);
    std::cout << "pacwar " << o->game << ", seed " << o->seed << "\n";
    const auto players = o->seats.players(game->num_seats(), "human", "random");
    return run_play(session, players, std::cin, std::cout, renderer_for(o->game), o->threads);
  };
}

Runner add_load(CLI::App& command, const Prelude& prelude) {
  struct Options {
    std::string file;
    SeatOptions seats;
  };
  auto o = std::make_shared<Options>();
  command.add_option("file", o->file, "the save file")->required();
  command.footer(std::string("Seats: --<seat-name> PLAYER, one of ") + kPlayerNames +
                 " (default: every seat human).\n");
  if (prelude.command == "load" && prelude.seat_game) o->seats.add(command, *prelude.seat_game);
  return [o, save = prelude.save] {
    engine::Session session =
        engine::Session::load(save ? *save : read_save_file(o->file), find_game);
    const auto players = o->seats.players(session.game().num_seats(), "human", "human");
    return run_loaded(session, players, std::cin, std::cout, renderer_for(session.game().name()));
  };
}

Runner add_selfplay(CLI::App& command, const Prelude&) {
  struct Options {
    std::string game;
    SelfplayConfig config;
    std::vector<std::string> rules;
    bool json = false;
    bool no_check = false;
  };
  auto o = std::make_shared<Options>();
  command.add_option("game", o->game, "the game")->required();
  command.add_option("--games", o->config.games, "number of games")
      ->check(CLI::Range(0, 1000000000));
  command.add_option("--seed", o->config.seed, "random seed");
  command.add_option("--threads", o->config.threads, "threads")->check(CLI::Range(1, 1024));
  command
      .add_option("--max-actions", o->config.max_actions_per_game,
                  "actions after which a game counts as not finite")
      ->check(CLI::Range(1, 1000000000));
  command.add_option("--rules", o->rules, "rule option (repeatable)")->allow_extra_args(false);
  command.add_flag("--no-check", o->no_check, "skip the invariant and transition checks");
  command.add_flag("--json", o->json, "print one JSON object");
  return [o] {
    auto game = game_named(o->game);
    o->config.check_invariants = !o->no_check;
    const SelfplayResult result = run_selfplay(game, parse_rules(o->rules), o->config);
    const Json json = to_json(result, *game);
    std::cout << (o->json ? json.dump() : json.dump(2)) << "\n";
    return result.invariant_violations == 0 ? 0 : 1;
  };
}

Runner add_bench(CLI::App& command, const Prelude&) {
  struct Options {
    std::string game;
    BenchConfig config;
    std::vector<std::string> rules;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  command.add_option("game", o->game, "the game")->required();
  command.add_option("--seed", o->config.seed, "random seed");
  command.add_option("--seconds", o->config.seconds_per_measure, "time per measure")
      ->check(CLI::Range(0.001, 3600.0));
  command
      .add_option("--games", o->config.games,
                  "play exactly this many random games (fixed work, e.g. for callgrind)")
      ->check(CLI::Range(1LL, 1000000000LL));
  command.add_option("--rules", o->rules, "rule option (repeatable)")->allow_extra_args(false);
  command.add_flag("--json", o->json, "print one JSON object");
  return [o] {
    auto game = game_named(o->game);
    const BenchResult result = run_bench(game, parse_rules(o->rules), o->config);
    const Json json = to_json(result);
    std::cout << (o->json ? json.dump() : json.dump(2)) << "\n";
    return 0;
  };
}

Runner add_arena(CLI::App& command, const Prelude& prelude) {
  struct Options {
    std::string game;
    ArenaConfig config;
    std::vector<std::string> rules;
    SeatOptions seats;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  command.add_option("game", o->game, "the game")->required();
  command.add_option("--games", o->config.games, "number of games")
      ->check(CLI::Range(0, 1000000000));
  command.add_option("--seed", o->config.seed, "random seed");
  command.add_option("--threads", o->config.threads, "search threads of each mcts player")
      ->check(CLI::Range(1, 256));
  command.add_option("--jobs", o->config.jobs, "games played at once (default 1)")
      ->check(CLI::Range(1, 256));
  command
      .add_option("--max-actions", o->config.max_actions_per_game,
                  "actions after which a game is stopped unfinished")
      ->check(CLI::Range(1, 1000000000));
  command.add_option("--rules", o->rules, "rule option (repeatable)")->allow_extra_args(false);
  command.add_option("--save-dir", o->config.save_dir,
                     "write each game's save file (game-N.json) to this directory");
  command.add_flag("--json", o->json, "print one JSON object");
  command.footer(
      "Seats: --<seat-name> "
      "random|heuristic|doctrine|mcts|mcts:N|mcts:easy|normal|hard|expert|mcts:Nms[,c=X][,depth=N] "
      "(default: random).\n");
  if (prelude.command == "arena" && prelude.seat_game)
    o->seats.add(command, *prelude.seat_game, false);
  return [o] {
    auto game = game_named(o->game);
    for (int seat = 0; seat < game->num_seats(); ++seat) {
      const auto index = static_cast<std::size_t>(seat);
      const bool given = index < o->seats.kinds.size() && !o->seats.kinds[index].empty();
      o->config.players.push_back(given ? o->seats.kinds[index] : "random");
    }
    const ArenaResult result = run_arena(game, parse_rules(o->rules), o->config);
    const Json json = to_json(result, o->config, *game);
    std::cout << (o->json ? json.dump() : json.dump(2)) << "\n";
    return 0;
  };
}

Runner add_cards(CLI::App& command, const Prelude&) {
  struct Options {
    std::string game;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  command.add_option("game", o->game, "the game")->required();
  command.add_flag("--json", o->json, "print one JSON array");
  return [o] {
    const Json json = cards_json(o->game);
    std::cout << (o->json ? json.dump() : json.dump(2)) << "\n";
    return 0;
  };
}

}  // namespace pacwar::cli
