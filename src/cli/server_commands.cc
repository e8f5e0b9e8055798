#include "cli/server_commands.h"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <iostream>

#include "cli/data_override.h"
#include "cli/serve.h"
#include "cli/worker.h"
#include "engine/data_dir.h"

namespace pacwar::cli {
namespace {

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

}  // namespace

Runner add_serve(CLI::App& command, const Prelude&) {
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

Runner add_worker(CLI::App& command, const Prelude&) {
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

}  // namespace pacwar::cli
