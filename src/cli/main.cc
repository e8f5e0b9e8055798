// pacwar: the command line. play, load, selfplay, bench and arena over any registered game.
//
// Seat options are named after the game's seats (--japanese, --allied for Pacific War), so the
// game is looked up before the command line is parsed: it is the first positional argument of
// `play` (or the game of the save file given to `load`).
#include <CLI/CLI.hpp>
#include <filesystem>
#include <iostream>
#include <optional>
#include <random>
#include <string>
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

int run(int argc, char** argv) {
  CLI::App app{"pacwar: strategic board wargames with every rule enforced"};
  app.require_subcommand(1);

  const std::string command = argc > 1 ? argv[1] : "";
  std::shared_ptr<const engine::Game> seat_game;  // the game whose seats name options
  std::optional<Json> save;
  if (command == "play" || command == "arena") {
    if (auto name = first_positional(argc, argv, 2)) seat_game = game_named(*name);
  } else if (command == "load") {
    if (auto file = first_positional(argc, argv, 2)) {
      save = read_save_file(*file);
      if (save->is_object() && save->contains("game") && (*save)["game"].is_string()) {
        seat_game = find_game((*save)["game"].get<std::string>());
      }
    }
  }

  // play
  CLI::App* play = app.add_subcommand("play", "play a game in the terminal");
  std::string play_game;
  std::uint64_t play_seed = 0;
  std::vector<std::string> play_rules;
  SeatOptions play_seats;
  play->add_option("game", play_game, "the game, e.g. pacific-war")->required();
  CLI::Option* seed_option = play->add_option("--seed", play_seed, "random seed (default: new)");
  int play_threads = -1;  // every core: root-parallel search while a person waits
  play->add_option("--rules", play_rules,
                   "rules to switch on: all, advanced, optional:15.1,... or a section (repeatable)")
      ->allow_extra_args(false);
  play->add_option("--threads", play_threads,
                   "search threads of each mcts player (default: one per core)")
      ->check(CLI::Range(1, 256));
  std::string data_override;  // play and serve: docs/balance.md
  play->add_option("--data-override", data_override, "JSON patch over data/GAME/*.json");
  play->footer(std::string("Seats: --<seat-name> PLAYER, one of ") + kPlayerNames +
               " (default: the first seat human, others random).\n");
  if (command == "play" && seat_game) play_seats.add(*play, *seat_game);

  // load
  CLI::App* load = app.add_subcommand(
      "load", "resume a saved game in the terminal (a finished one: a read-only review)");
  std::string load_file;
  SeatOptions load_seats;
  load->add_option("file", load_file, "the save file")->required();
  load->footer(std::string("Seats: --<seat-name> PLAYER, one of ") + kPlayerNames +
               " (default: every seat human).\n");
  if (command == "load" && seat_game) load_seats.add(*load, *seat_game);

  // selfplay
  CLI::App* selfplay = app.add_subcommand("selfplay", "random self-play with every check");
  std::string selfplay_game;
  SelfplayConfig selfplay_config;
  std::vector<std::string> selfplay_rules;
  bool selfplay_json = false;
  bool no_check = false;
  selfplay->add_option("game", selfplay_game, "the game")->required();
  selfplay->add_option("--games", selfplay_config.games, "number of games")
      ->check(CLI::Range(0, 1000000000));
  selfplay->add_option("--seed", selfplay_config.seed, "random seed");
  selfplay->add_option("--threads", selfplay_config.threads, "threads")->check(CLI::Range(1, 1024));
  selfplay
      ->add_option("--max-actions", selfplay_config.max_actions_per_game,
                   "actions after which a game counts as not finite")
      ->check(CLI::Range(1, 1000000000));
  selfplay->add_option("--rules", selfplay_rules, "rule option (repeatable)")
      ->allow_extra_args(false);
  selfplay->add_flag("--no-check", no_check, "skip the invariant and transition checks");
  selfplay->add_flag("--json", selfplay_json, "print one JSON object");

  // bench
  CLI::App* bench = app.add_subcommand("bench", "speed of the game module");
  std::string bench_game;
  BenchConfig bench_config;
  std::vector<std::string> bench_rules;
  bool bench_json = false;
  bench->add_option("game", bench_game, "the game")->required();
  bench->add_option("--seed", bench_config.seed, "random seed");
  bench->add_option("--seconds", bench_config.seconds_per_measure, "time per measure")
      ->check(CLI::Range(0.001, 3600.0));
  bench
      ->add_option("--games", bench_config.games,
                   "play exactly this many random games (fixed work, e.g. for callgrind)")
      ->check(CLI::Range(1LL, 1000000000LL));
  bench->add_option("--rules", bench_rules, "rule option (repeatable)")->allow_extra_args(false);
  bench->add_flag("--json", bench_json, "print one JSON object");

  // arena
  CLI::App* arena = app.add_subcommand("arena", "games between computer players");
  std::string arena_game;
  ArenaConfig arena_config;
  std::vector<std::string> arena_rules;
  SeatOptions arena_seats;
  bool arena_json = false;
  arena->add_option("game", arena_game, "the game")->required();
  arena->add_option("--games", arena_config.games, "number of games")
      ->check(CLI::Range(0, 1000000000));
  arena->add_option("--seed", arena_config.seed, "random seed");
  arena->add_option("--threads", arena_config.threads, "search threads of each mcts player")
      ->check(CLI::Range(1, 256));
  arena->add_option("--jobs", arena_config.jobs, "games played at once (default 1)")
      ->check(CLI::Range(1, 256));
  arena
      ->add_option("--max-actions", arena_config.max_actions_per_game,
                   "actions after which a game is stopped unfinished")
      ->check(CLI::Range(1, 1000000000));
  arena->add_option("--rules", arena_rules, "rule option (repeatable)")->allow_extra_args(false);
  arena->add_option("--save-dir", arena_config.save_dir,
                    "write each game's save file (game-N.json) to this directory");
  arena->add_flag("--json", arena_json, "print one JSON object");
  arena->footer(
      "Seats: --<seat-name> "
      "random|heuristic|doctrine|mcts|mcts:N|mcts:easy|normal|hard|expert|mcts:Nms[,c=X][,depth=N] "
      "(default: random).\n");
  if (command == "arena" && seat_game) arena_seats.add(*arena, *seat_game, false);

  // cards
  CLI::App* cards = app.add_subcommand("cards", "list the Resource Card ends and their events");
  std::string cards_game;
  bool cards_json_flag = false;
  cards->add_option("game", cards_game, "the game")->required();
  cards->add_flag("--json", cards_json_flag, "print one JSON array");

  // serve
  CLI::App* serve = app.add_subcommand("serve", "the web server: play in the browser");
  server::ServerConfig serve_config;
  serve->add_option("--port", serve_config.port, "TCP port (0: any free port)")
      ->check(CLI::Range(0, 65535));
  serve->add_option("--host", serve_config.host, "address to listen on (0.0.0.0: every one)");
  serve->add_option("--db", serve_config.db, "database: sqlite:FILE or postgresql://...");
  serve->add_option("--data-override", data_override, "JSON patch over data/GAME/*.json");
  serve->add_option("--web", serve_config.web_dir, "directory of the browser UI (default: web/)");
  serve->add_option("--ai-ratings", serve_config.ai_ratings,
                    "the computer levels' fixed ratings (default: data/server/ai_ratings.json)");
  serve
      ->add_option("--threads", serve_config.threads,
                   "worker threads for requests (connections need none; default 4)")
      ->check(CLI::Range(1, 256));
  serve->add_option("--ai-threads", serve_config.agent_threads, "computer player threads")
      ->check(CLI::Range(1, 64));
  serve
      ->add_option("--ai-workers", serve_config.agent_threads,
                   "threads of the embedded computer player worker (0: leave the computer "
                   "players to `pacwar worker` processes; default 4)")
      ->check(CLI::Range(0, 64));
  double serve_lease = 30;
  serve
      ->add_option("--ai-lease", serve_lease,
                   "seconds after which a computer player's job whose worker died is claimed "
                   "again (default 30)")
      ->check(CLI::Range(0.1, 3600.0));

  // worker
  CLI::App* worker = app.add_subcommand(
      "worker", "plays the computer players' turns of a shared database (see docs/deploy.md)");
  WorkerConfig worker_config;
  worker->add_option("--db", worker_config.db, "database: postgresql://... (or sqlite:FILE)")
      ->required();
  worker->add_option("--threads", worker_config.threads, "thinker threads (default 2)")
      ->check(CLI::Range(1, 256));
  worker->add_option("--name", worker_config.name, "name of this worker (default worker-HOST-PID)");
  worker->add_option("--ai-ratings", worker_config.ai_ratings,
                     "the computer levels' fixed ratings (default: data/server/ai_ratings.json)");
  worker->add_option("--nice", worker_config.nice, "nice value added to the thinker threads")
      ->check(CLI::Range(0, 19));
  double worker_lease = 30;
  worker
      ->add_option("--lease", worker_lease,
                   "seconds after which a job this worker claimed may be claimed by another "
                   "(default 30)")
      ->check(CLI::Range(0.1, 3600.0));
  serve
      ->add_option("--ai-nice", serve_config.agent_nice,
                   "nice value added to the computer player threads (default 10)")
      ->check(CLI::Range(0, 19));
  serve->add_option("--public-origin", serve_config.public_origin,
                    "origin browsers use, e.g. https://pacwar.example.org (writes must come from "
                    "it; https marks the cookie Secure)");
  serve->add_option("--trust-proxy", serve_config.trusted_proxies,
                    "address of a reverse proxy whose X-Forwarded-For names the client "
                    "(e.g. 127.0.0.1); repeatable");
  serve->add_option("--signups-per-hour", serve_config.signups_per_address,
                    "accounts one address may create per hour (0: no limit; default 10)");
  serve->add_option("--max-open-games", serve_config.max_open_games,
                    "unfinished games per user (0: no limit; default 50)");
  serve
      ->add_option("--max-new-games-per-hour", serve_config.max_new_games_per_hour,
                   "games one user may start or join per hour (0: no limit; default 60)")
      ->check(CLI::NonNegativeNumber);
  int keep_finished_days = 0;
  serve
      ->add_option("--keep-finished-days", keep_finished_days,
                   "delete a finished game, with its chat and replay, this many days after its "
                   "last move (0: keep every game; default 0); ratings stay")
      ->check(CLI::Range(0, 36500));
  serve->add_option("--smtp-url", serve_config.smtp_url,
                    "SMTP server for e-mail notices, e.g. smtp://mail.example.org:25 "
                    "(default: no e-mail)");
  serve->add_option("--mail-from", serve_config.mail_from,
                    "sender address of e-mail notices (default pacwar@localhost)");
  serve->add_option("--max-connections-per-address", serve_config.max_connections_per_address,
                    "connections open at once from one client address (0: no limit; default "
                    "256; the --trust-proxy addresses have none)");
  serve
      ->add_option("--max-streams-per-user", serve_config.max_streams_per_user,
                   "live game pages open at once per user (0: no limit; default 20)")
      ->check(CLI::NonNegativeNumber);
  serve->add_option("--webhook-allow-host", serve_config.webhook_allow_hosts,
                    "a host that players' notification webhooks may reach even on a loopback or "
                    "private address (e.g. your club's own chat server); repeatable. Others "
                    "must resolve to public addresses only");
  serve
      ->add_option("--metrics-allow", serve_config.metrics_allow,
                   "client networks that may read /metrics and /healthz, e.g. "
                   "127.0.0.0/8,::1,10.0.0.0/8 (default: loopback only)")
      ->delimiter(',');
  double invite_days = 7;
  serve
      ->add_option("--invite-days", invite_days,
                   "days an invitation link works (the game's creator can ask for a new one; "
                   "default 7)")
      ->check(CLI::Range(0.001, 3650.0));
  std::string serve_config_file;
  serve->add_option("--config", serve_config_file,
                    "read the options left out here from FILE: one 'name = value' line each, "
                    "the name without its dashes (e.g. port = 8080)");

  const WitpCommands witp(app);
  const MeasureCommands measure(app);
  const AnalysisCommands analysis_commands(app);
  const SuiteCommands suite_commands(app);
  add_backup_commands(app);
  const GamesCommands games_commands(app);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : kErrorExit;
  }

  if (witp.selected()) return witp.run(std::cin, std::cout);
  if (measure.selected()) return measure.run(std::cout, std::cerr);
  if (analysis_commands.selected()) return analysis_commands.run(std::cout, std::cerr);
  if (suite_commands.selected()) return suite_commands.run(std::cout, std::cerr);
  if (games_commands.selected()) return games_commands.run(std::cout);
  if (*serve && !serve_config_file.empty()) {  // before the data override, which it may set
    try {
      read_serve_config(*serve, serve_config_file);
    } catch (const CLI::Error& e) {
      std::cerr << "pacwar serve: --config " << serve_config_file << ": " << e.what() << "\n";
      return kErrorExit;
    }
  }
  const auto overridden = use_data_override(data_override);  // sets PACWAR_DATA when given
  if (*play) {
    auto game = game_named(play_game);
    if (seed_option->count() == 0) {
      std::random_device device;
      play_seed = (static_cast<std::uint64_t>(device()) << 32) | device();
    }
    engine::Session session(game, parse_rules(play_rules), play_seed);
    std::cout << "pacwar " << play_game << ", seed " << play_seed << "\n";
    const auto players = play_seats.players(game->num_seats(), "human", "random");
    return run_play(session, players, std::cin, std::cout, renderer_for(play_game), play_threads);
  }
  if (*load) {
    if (!save) save = read_save_file(load_file);
    engine::Session session = engine::Session::load(*save, find_game);
    const auto players = load_seats.players(session.game().num_seats(), "human", "human");
    return run_loaded(session, players, std::cin, std::cout, renderer_for(session.game().name()));
  }
  if (*worker) {
    worker_config.lease = std::chrono::milliseconds(static_cast<std::int64_t>(worker_lease * 1000));
    return run_worker(worker_config, std::cout);
  }
  if (*serve) {
    serve_config.agent_lease =
        std::chrono::milliseconds(static_cast<std::int64_t>(serve_lease * 1000));
    serve_config.invite_lifetime =
        std::chrono::milliseconds(static_cast<std::int64_t>(invite_days * 86400.0 * 1000.0));
    serve_config.keep_finished_games = std::chrono::hours(24 * keep_finished_days);
    if (serve_config.web_dir.empty()) serve_config.web_dir = default_web_dir();
    return run_serve(serve_config, std::cout);
  }
  if (*selfplay) {
    auto game = game_named(selfplay_game);
    selfplay_config.check_invariants = !no_check;
    const SelfplayResult result = run_selfplay(game, parse_rules(selfplay_rules), selfplay_config);
    const Json json = to_json(result, *game);
    std::cout << (selfplay_json ? json.dump() : json.dump(2)) << "\n";
    return result.invariant_violations == 0 ? 0 : 1;
  }
  if (*bench) {
    auto game = game_named(bench_game);
    const BenchResult result = run_bench(game, parse_rules(bench_rules), bench_config);
    const Json json = to_json(result);
    std::cout << (bench_json ? json.dump() : json.dump(2)) << "\n";
    return 0;
  }
  if (*cards) {
    const Json json = cards_json(cards_game);
    std::cout << (cards_json_flag ? json.dump() : json.dump(2)) << "\n";
    return 0;
  }
  if (*arena) {
    auto game = game_named(arena_game);
    for (int seat = 0; seat < game->num_seats(); ++seat) {
      const auto index = static_cast<std::size_t>(seat);
      const bool given = index < arena_seats.kinds.size() && !arena_seats.kinds[index].empty();
      arena_config.players.push_back(given ? arena_seats.kinds[index] : "random");
    }
    const ArenaResult result = run_arena(game, parse_rules(arena_rules), arena_config);
    const Json json = to_json(result, arena_config, *game);
    std::cout << (arena_json ? json.dump() : json.dump(2)) << "\n";
    return 0;
  }
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
