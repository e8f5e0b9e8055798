// pacwar: the command line. play, load, selfplay, bench and arena over any registered game.
//
// Seat options are named after the game's seats (--japanese, --allied for Pacific War), so the
// game is looked up before the command line is parsed: it is the first positional argument of
// `play` (or the game of the save file given to `load`).
#include <CLI/CLI.hpp>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "ai/agent.h"
#include "cli/analysis_commands.h"
#include "cli/arena.h"
#include "cli/backup.h"
#include "cli/bench.h"
#include "cli/cards.h"
#include "cli/data_override.h"
#include "cli/games_commands.h"
#include "cli/measure_commands.h"
#include "cli/play.h"
#include "cli/selfplay.h"
#include "cli/serve.h"
#include "cli/suite_commands.h"
#include "cli/witp_commands.h"
#include "cli/worker.h"
#include "engine/data_dir.h"
#include "engine/data_file.h"
#include "engine/errors.h"
#include "engine/session.h"
#include "games/registry.h"
#include "games/render.h"

namespace pacwar::cli {
namespace {

using engine::Json;
using engine::UsageError;

constexpr int kErrorExit = 2;

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

// web/ beside data/: the installed one (<exe dir>/../share/pacwar/web, never the source tree's
// then), else ./web or the source tree's; "" if none.
std::string default_web_dir() {
  if (const std::string share = installed_share_dir(); !share.empty()) {
    const std::filesystem::path web = std::filesystem::path(share) / "web";
    return std::filesystem::is_directory(web) ? web.string() : "";
  }
  for (const std::filesystem::path& dir :
       {std::filesystem::path("web"), std::filesystem::path(source_dir()) / "web"}) {
    if (std::filesystem::is_directory(dir)) return dir.string();
  }
  return "";
}

// `pacwar serve --config FILE`: sets each option of `serve` that the command line left out from
// FILE's `name = value` lines (CLI11's INI/TOML reader; the name is the long option's without
// its dashes). A name that is no option of serve, a section, a value the option refuses or an
// unreadable file: a CLI::Error whose message names the option.
void read_serve_config(CLI::App& serve, const std::string& file) {
  CLI::ConfigTOML format;  // from_file is not const
  for (const CLI::ConfigItem& item : format.from_file(file)) {
    if (!item.parents.empty()) {
      throw CLI::ConfigError("[" + item.parents.front() +
                             "]: no sections, the options go at the top of the file");
    }
    CLI::Option* option =
        item.name == "config" ? nullptr : serve.get_option_no_throw("--" + item.name);
    if (option == nullptr) {
      throw CLI::ConfigError("'" + item.name +
                             "' is not an option of pacwar serve (see pacwar serve --help)");
    }
    if (option->count() > 0) continue;  // the command line wins
    if (option->get_expected_min() == 0) {
      option->add_result(option->get_flag_value(item.name, format.to_flag(item)));
    } else {
      option->add_result(item.inputs);
    }
    option->run_callback();  // checks and converts the value: ValidationError, ConversionError
  }
}

BoardRenderer renderer_for(const std::string& game) {
  return [game](const Json& view) { return render_board(game, view); };
}

// What run() knows before the command line is parsed: the seat options of play, load and arena
// are named after the game's seats, so their game (or the save file's) is looked up first.
struct Prelude {
  std::string command;                            // argv[1]
  std::shared_ptr<const engine::Game> seat_game;  // the game whose seats name options
  std::optional<Json> save;                       // load: the save file, read once
};

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

// What a subcommand runs once the command line is parsed: its exit code.
using Runner = std::function<int()>;

// Each add_* adds a subcommand's options to `command` and returns what it runs; the options'
// values live in the returned runner.

Runner add_play(CLI::App& command, Prelude& prelude) {
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

Runner add_load(CLI::App& command, Prelude& prelude) {
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

Runner add_selfplay(CLI::App& command, Prelude&) {
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

Runner add_bench(CLI::App& command, Prelude&) {
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

Runner add_arena(CLI::App& command, Prelude& prelude) {
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

Runner add_cards(CLI::App& command, Prelude&) {
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

Runner add_serve(CLI::App& command, Prelude&) {
  struct Options {
    server::ServerConfig config;
    std::string data_override;
    double lease = 30;
    int keep_finished_days = 0;
    double invite_days = 7;
    std::string config_file;
  };
  auto o = std::make_shared<Options>();
  server::ServerConfig& config = o->config;
  command.add_option("--port", config.port, "TCP port (0: any free port)")
      ->check(CLI::Range(0, 65535));
  command.add_option("--host", config.host, "address to listen on (0.0.0.0: every one)");
  command.add_option("--db", config.db, "database: sqlite:FILE or postgresql://...");
  command.add_option("--data-override", o->data_override, "JSON patch over data/GAME/*.json");
  command.add_option("--web", config.web_dir, "directory of the browser UI (default: web/)");
  command.add_option("--ai-ratings", config.ai_ratings,
                     "the computer levels' fixed ratings (default: data/server/ai_ratings.json)");
  command
      .add_option("--threads", config.threads,
                  "worker threads for requests (connections need none; default 4)")
      ->check(CLI::Range(1, 256));
  command.add_option("--ai-threads", config.agent_threads, "computer player threads")
      ->check(CLI::Range(1, 64));
  command
      .add_option("--ai-workers", config.agent_threads,
                  "threads of the embedded computer player worker (0: leave the computer "
                  "players to `pacwar worker` processes; default 4)")
      ->check(CLI::Range(0, 64));
  command
      .add_option("--ai-lease", o->lease,
                  "seconds after which a computer player's job whose worker died is claimed "
                  "again (default 30)")
      ->check(CLI::Range(0.1, 3600.0));
  command
      .add_option("--ai-nice", config.agent_nice,
                  "nice value added to the computer player threads (default 10)")
      ->check(CLI::Range(0, 19));
  command.add_option("--public-origin", config.public_origin,
                     "origin browsers use, e.g. https://pacwar.example.org (writes must come from "
                     "it; https marks the cookie Secure)");
  command.add_option("--trust-proxy", config.trusted_proxies,
                     "address of a reverse proxy whose X-Forwarded-For names the client "
                     "(e.g. 127.0.0.1); repeatable");
  command.add_option("--signups-per-hour", config.signups_per_address,
                     "accounts one address may create per hour (0: no limit; default 10)");
  command.add_option("--max-open-games", config.max_open_games,
                     "unfinished games per user (0: no limit; default 50)");
  command
      .add_option("--max-new-games-per-hour", config.max_new_games_per_hour,
                  "games one user may start or join per hour (0: no limit; default 60)")
      ->check(CLI::NonNegativeNumber);
  command
      .add_option("--keep-finished-days", o->keep_finished_days,
                  "delete a finished game, with its chat and replay, this many days after its "
                  "last move (0: keep every game; default 0); ratings stay")
      ->check(CLI::Range(0, 36500));
  command.add_option("--smtp-url", config.smtp_url,
                     "SMTP server for e-mail notices, e.g. smtp://mail.example.org:25 "
                     "(default: no e-mail)");
  command.add_option("--mail-from", config.mail_from,
                     "sender address of e-mail notices (default pacwar@localhost)");
  command.add_option("--max-connections-per-address", config.max_connections_per_address,
                     "connections open at once from one client address (0: no limit; default "
                     "256; the --trust-proxy addresses have none)");
  command
      .add_option("--max-streams-per-user", config.max_streams_per_user,
                  "live game pages open at once per user (0: no limit; default 20)")
      ->check(CLI::NonNegativeNumber);
  command.add_option("--webhook-allow-host", config.webhook_allow_hosts,
                     "a host that players' notification webhooks may reach even on a loopback or "
                     "private address (e.g. your club's own chat server); repeatable. Others "
                     "must resolve to public addresses only");
  command
      .add_option("--metrics-allow", config.metrics_allow,
                  "client networks that may read /metrics and /healthz, e.g. "
                  "127.0.0.0/8,::1,10.0.0.0/8 (default: loopback only)")
      ->delimiter(',');
  command
      .add_option("--invite-days", o->invite_days,
                  "days an invitation link works (the game's creator can ask for a new one; "
                  "default 7)")
      ->check(CLI::Range(0.001, 3650.0));
  command.add_option("--config", o->config_file,
                     "read the options left out here from FILE: one 'name = value' line each, "
                     "the name without its dashes (e.g. port = 8080)");
  return [o, serve = &command] {
    if (!o->config_file.empty()) {  // before the data override, which it may set
      try {
        read_serve_config(*serve, o->config_file);
      } catch (const CLI::Error& e) {
        std::cerr << "pacwar serve: --config " << o->config_file << ": " << e.what() << "\n";
        return kErrorExit;
      }
    }
    const auto overridden = use_data_override(o->data_override);  // sets PACWAR_DATA when given
    server::ServerConfig& settings = o->config;
    settings.agent_lease = std::chrono::milliseconds(static_cast<std::int64_t>(o->lease * 1000));
    settings.invite_lifetime =
        std::chrono::milliseconds(static_cast<std::int64_t>(o->invite_days * 86400.0 * 1000.0));
    settings.keep_finished_games = std::chrono::hours(24 * o->keep_finished_days);
    if (settings.web_dir.empty()) settings.web_dir = default_web_dir();
    return run_serve(settings, std::cout);
  };
}

Runner add_worker(CLI::App& command, Prelude&) {
  struct Options {
    WorkerConfig config;
    double lease = 30;
  };
  auto o = std::make_shared<Options>();
  command.add_option("--db", o->config.db, "database: postgresql://... (or sqlite:FILE)")
      ->required();
  command.add_option("--threads", o->config.threads, "thinker threads (default 2)")
      ->check(CLI::Range(1, 256));
  command.add_option("--name", o->config.name, "name of this worker (default worker-HOST-PID)");
  command.add_option("--ai-ratings", o->config.ai_ratings,
                     "the computer levels' fixed ratings (default: data/server/ai_ratings.json)");
  command.add_option("--nice", o->config.nice, "nice value added to the thinker threads")
      ->check(CLI::Range(0, 19));
  command
      .add_option("--lease", o->lease,
                  "seconds after which a job this worker claimed may be claimed by another "
                  "(default 30)")
      ->check(CLI::Range(0.1, 3600.0));
  return [o] {
    o->config.lease = std::chrono::milliseconds(static_cast<std::int64_t>(o->lease * 1000));
    return run_worker(o->config, std::cout);
  };
}

// A subcommand and its line in `pacwar --help`, with the function that adds its options.
struct Command {
  const char* name;
  const char* help;
  Runner (*add)(CLI::App& command, Prelude& prelude);
};

// The commands of this file, in the order `pacwar --help` lists them.
constexpr Command kCommands[] = {
    {"play", "play a game in the terminal", add_play},
    {"load", "resume a saved game in the terminal (a finished one: a read-only review)", add_load},
    {"selfplay", "random self-play with every check", add_selfplay},
    {"bench", "speed of the game module", add_bench},
    {"arena", "games between computer players", add_arena},
    {"cards", "list the Resource Card ends and their events", add_cards},
    {"serve", "the web server: play in the browser", add_serve},
    {"worker", "plays the computer players' turns of a shared database (see docs/deploy.md)",
     add_worker},
};

// A family of subcommands that names its own (cli/*_commands.h): added to the app, it tells
// after parsing whether the command line chose one of them and runs it.
struct CommandGroup {
  std::function<bool()> selected;
  Runner run;
};

template <typename Group, typename... Streams>
CommandGroup group(CLI::App& app, Streams&... streams) {
  auto commands = std::make_shared<const Group>(app);
  return {[commands] { return commands->selected(); },
          [commands, &streams...] { return commands->run(streams...); }};
}

// Every family of subcommands after those of kCommands, in the order `pacwar --help` lists them.
std::vector<CommandGroup> add_command_groups(CLI::App& app) {
  std::vector<CommandGroup> groups;
  groups.push_back(group<WitpCommands>(app, std::cin, std::cout));
  groups.push_back(group<MeasureCommands>(app, std::cout, std::cerr));
  groups.push_back(group<AnalysisCommands>(app, std::cout, std::cerr));
  groups.push_back(group<SuiteCommands>(app, std::cout, std::cerr));
  add_backup_commands(app);  // each runs in its callback during parsing
  groups.push_back(group<GamesCommands>(app, std::cout));
  return groups;
}

int run(int argc, char** argv) {
  CLI::App app{"pacwar: strategic board wargames with every rule enforced"};
  app.require_subcommand(1);
  Prelude prelude = read_prelude(argc, argv);
  std::vector<std::pair<const CLI::App*, Runner>> commands;
  for (const Command& command : kCommands) {
    CLI::App* sub = app.add_subcommand(command.name, command.help);
    commands.emplace_back(sub, command.add(*sub, prelude));
  }
  const std::vector<CommandGroup> groups = add_command_groups(app);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : kErrorExit;
  }
  for (const CommandGroup& g : groups)
    if (g.selected()) return g.run();
  for (const auto& [sub, runner] : commands)
    if (sub->parsed()) return runner();
  return kErrorExit;
}

}  // namespace
}  // namespace pacwar::cli

int main(int argc, char** argv) {
  try {
    return pacwar::cli::run(argc, argv);
  } catch (const std::invalid_argument& e) {
    std::cerr << "pacwar: error: options: " << e.what() << "\n";
  } catch (const std::exception& e) {
    std::cerr << "pacwar: error: " << e.what() << "\n";
  }
  return 2;
}
