#include "server/api_server.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "engine/data_dir.h"
#include "server/accounts/account_routes.h"
#include "server/accounts/crypto.h"
#include "server/accounts/csrf.h"
#include "server/accounts/rate_limit.h"
#include "server/accounts/sessions.h"
#include "server/ai/agent_runner.h"
#include "server/ai/analysis_routes.h"
#include "server/ai/analysis_service.h"
#include "server/community/platform.h"
#include "server/community/platform_routes.h"
#include "server/db/db.h"
#include "server/db/group_commit.h"
#include "server/db/pg_listener.h"
#include "server/db/store.h"
#include "server/db/store_status.h"
#include "server/http/api_error.h"
#include "server/http/client_address.h"
#include "server/http/json_http.h"
#include "server/http/routes.h"
#include "server/http/security_headers.h"
#include "server/http/server.h"
#include "server/notify/notice_worker.h"
#include "server/ops/health.h"
#include "server/ops/metrics.h"
#include "server/ops/metrics_routes.h"
#include "server/play/catalog.h"
#include "server/play/clock_routes.h"
#include "server/play/game_events.h"
#include "server/play/game_routes.h"
#include "server/play/games.h"
#include "server/play/rules_repair.h"
#include "server/witp/witp_api.h"

namespace pacwar::server {
namespace {

using engine::Json;
using http::Request;
using http::Response;

http::ServerOptions http_options(const ServerConfig& config, bool notified) {
  http::ServerOptions options;
  options.workers = std::max(1, config.threads);
  options.limits.max_body = config.max_body_bytes;
  options.header_timeout = config.header_timeout;
  options.max_connections_per_address = config.max_connections_per_address;
  options.unlimited_addresses = config.trusted_proxies;  // a proxy's clients share its address
  // With NOTIFY (PostgreSQL) a stream is woken by every change; its periodic check only sends
  // the heartbeat. SQLite: the periodic check finds the changes of other processes.
  options.stream_interval =
      notified ? std::chrono::milliseconds(config.heartbeat) : config.poll_interval;
  return options;
}

std::unique_ptr<AgentRunner> embedded_worker(GameService& games, Store& store,
                                             const ServerConfig& config, Metrics& metrics) {
  if (config.agent_threads <= 0) return nullptr;
  store.free_ai_job_leases();
  AgentRunner::Options options;
  options.name = "serve-" + std::to_string(getpid());
  options.threads = config.agent_threads;
  options.nice = config.agent_nice;
  options.lease = config.agent_lease;
  options.on_decision = [&metrics](auto took) { metrics.observe_ai_decision(took); };
  options.on_db_error = [&metrics] { metrics.count_db_error("ai_worker"); };
  return std::make_unique<AgentRunner>(games, store, options);
}

// Analysis threads where the computer players think (none with --ai-workers 0: then the
// analyses wait for a server that has them).
std::unique_ptr<AnalysisService> make_analysis_service(Store& store, const ServerConfig& config) {
  AnalysisService::Options options;
  options.threads = config.agent_threads > 0 ? 1 : 0;
  options.nice = config.agent_nice;
  options.worker = "serve-" + std::to_string(getpid());
  return std::make_unique<AnalysisService>(store, options);
}

}  // namespace

struct ApiServer::Impl {
  explicit Impl(ServerConfig c)
      : config(std::move(c)),
        store(open_database(config.db)),
        sessions(store, config.session_lifetime, config.public_origin.rfind("https://", 0) == 0),
        games(store, notifier),
        catalog(games),
        platform(store.database(), games,
                 config.ai_ratings.empty() ? game_data_dir("server") + "/ai_ratings.json"
                                           : config.ai_ratings),
        login_throttle(config.login_throttle),
        signup_limit(std::max(1, config.signups_per_address), config.signup_window),
        notified(store.database().kind() == "postgresql"),
        stream_slots(config.max_streams_per_user),
        web(http_options(config, notified)) {
    games.set_unload_after(config.unload_games_after);
    if (config.clock) games.set_clock(config.clock);
    games.set_invite_lifetime(config.invite_lifetime);
    // Invitations stored in clear before issue 14: hashed, valid for one more lifetime.
    store.migrate_clear_invites(now_ms() + config.invite_lifetime.count());
    // Games that began under other rules than these: one whose log no longer replays is
    // reported to the operator (rules_repair.h).
    report_replay_problems(games, std::cerr);
    games.set_watch_check([this](const std::string& id) { return platform.is_public(id); });
    games.set_on_finish([this](const GameRecord& g) { platform.game_finished(g); });
    // A hash to check unknown usernames against, so both answers take the same time.
    dummy_hash = hash_password(random_token(16));
    analysis = make_analysis_service(store, config);
    routes();
    // Games whose computer player was to move, stored before the jobs existed.
    store.queue_missing_ai_jobs(now_ms());
    runner = embedded_worker(games, store, config, metrics);
    watch();
    if (runner) games.set_agent_queue(runner.get());
    if (notified) {
      // Before the listener's thread starts; nothing is trusted until the epoch is resumed.
      games.set_notice_epoch(&notice_epoch);
      store.set_notice_epoch(&notice_epoch);
      platform.set_notice_epoch(&notice_epoch);
      // One connection of its own LISTENs for the changes of every process (this one too). A
      // notice's revision vouches for the game in memory (GameService::noticed); one without
      // drops the chat count kept (a chat message); the worker looks only when a job waits. A
      // deletion of sessions drops the sessions kept (Store::session_user).
      listener = std::make_unique<PgListener>(
          config.db, kGamesChannel,
          PgListener::Callbacks{[this](std::string_view payload) {
                                  if (payload == kSessionsNotice) {
                                    store.sessions_noticed();
                                    return;
                                  }
                                  const auto notice = parse_game_notice(payload);
                                  if (!notice) {
                                    if (runner) runner->wake();
                                    return;
                                  }
                                  games.noticed(notice->game, notice->revision);
                                  if (notice->revision < 0) platform.chat_noticed(notice->game);
                                  notifier.publish(notice->game);
                                  if (runner && notice->job) runner->wake();
                                },
                                [this] {
                                  notice_epoch.resumed();
                                  notifier.publish_all();
                                  if (runner) runner->wake();
                                },
                                [this] { notice_epoch.lost(); }});
      // Trusted from now on: the connection LISTENs (the notices before it are not kept).
      notice_epoch.resumed();
    }
  }

  ServerConfig config;
  // Before every member that reports to them (the AI worker, the HTTP server's observer).
  Metrics metrics;
  Health health;
  Notifier notifier;
  // PostgreSQL: whether the LISTEN connection's notices may stand in for reads (notice_epoch.h).
  NoticeEpoch notice_epoch;
  Store store;
  Sessions sessions;
  GameService games;
  Catalog catalog;
  Platform platform;  // ratings, challenges, spectators, chat (platform.h)
  LoginThrottle login_throttle;
  RateLimiter signup_limit;
  bool notified;             // PostgreSQL: changes of other processes come as notices
  StreamSlots stream_slots;  // live game pages open per user
  std::string dummy_hash;
  std::unique_ptr<AgentRunner> runner;        // the embedded AI worker, unless --ai-workers 0
  std::unique_ptr<AnalysisService> analysis;  // hints and post-game analysis (issue 19)
  std::unique_ptr<PgListener> listener;
  std::unique_ptr<NoticeWorker> notices;  // started by bind(), when the port is known
  // Last, so that it is destroyed first: its handlers use the members above.
  http::Server web;

  std::int64_t clock_now() const { return config.clock ? config.clock() : now_ms(); }

  // /metrics and /healthz (metrics_routes.h): the gauges read when scraped, and the health
  // checks: the database answers, and the computer players' turns are taken by a worker.
  void watch() {
    metrics.set_commit_source([this] {
      const Database::CommitStats stats = store.database().commit_stats();
      return std::pair<std::uint64_t, std::uint64_t>{stats.commits, stats.syncs};
    });
    metrics.set_sampler([this] {
      MetricsSample sample;
      Database& db = store.database();
      sample.games_by_status = games_by_status(db);
      sample.games_loaded = static_cast<std::int64_t>(games.loaded_games());
      sample.streams_open = stream_slots.open();
      const AiQueue queue = ai_queue(db, clock_now());
      sample.ai_jobs_queued = queue.queued;
      sample.ai_jobs_waiting = queue.waiting;
      sample.ai_job_oldest_wait_seconds = static_cast<double>(queue.oldest_wait_ms) / 1000.0;
      const NoticeCounts notices_now = notice_counts(db);
      sample.notices_pending = notices_now.pending;
      sample.notices_failed = notices_now.failed;
      return sample;
    });
    health.add("database", [this] {
      try {
        ping_database(store.database());
      } catch (const DbError&) {
        metrics.count_db_error("health");
        throw;
      }
      return Json{{"kind", store.database().kind()}};
    });
    health.add("ai_workers", [this] { return ai_health(); });
  }

  // The embedded worker's threads renew their heartbeat (AgentRunner::heartbeat); any worker,
  // here or a `pacwar worker` elsewhere, takes the queued turns within config.health_ai_wait.
  Json ai_health() {
    const AiQueue queue = ai_queue(store.database(), clock_now());
    Json details = {{"embedded", runner != nullptr},
                    {"jobs_queued", queue.queued},
                    {"jobs_waiting", queue.waiting},
                    {"oldest_wait_seconds", static_cast<double>(queue.oldest_wait_ms) / 1000.0}};
    if (runner) {
      const auto age = std::chrono::steady_clock::now() - runner->heartbeat();
      const auto most = 2 * runner->heartbeat_every() + std::chrono::seconds(5);
      const auto age_ms = std::chrono::duration_cast<std::chrono::milliseconds>(age).count();
      if (age > most) {
        throw std::runtime_error(
            "the embedded AI worker's threads stopped: its last heartbeat "
            "was " +
            std::to_string(age_ms / 1000) + " s ago");
      }
      details["threads"] = config.agent_threads;
      details["heartbeat_age_seconds"] = static_cast<double>(age_ms) / 1000.0;
    }
    if (queue.oldest_wait_ms > config.health_ai_wait.count()) {
      throw std::runtime_error(
          "a computer player's turn has waited " + std::to_string(queue.oldest_wait_ms / 1000) +
          " s for a worker (" + std::to_string(queue.waiting) + " waiting); " +
          (runner ? std::string("the embedded worker is not keeping up")
                  : std::string("this server runs none (--ai-workers 0): is a `pacwar worker` "
                                "running?")));
    }
    return details;
  }

  void start_notices(int port) {
    if (!config.notice_worker || notices) return;
    NoticeOptions options;
    // The process and its port: several servers on one machine tell their claims apart.
    options.name = "notices-" + std::to_string(getpid()) + "-" + std::to_string(port);
    options.smtp_url = config.smtp_url;
    options.webhook_policy = WebhookPolicy{config.webhook_allow_hosts};
    options.resolve = config.webhook_resolve;
    options.mail_from = config.mail_from;
    options.base_url = !config.public_origin.empty()
                           ? config.public_origin
                           : "http://" + config.host + ":" + std::to_string(port);
    const Json list = Json::parse(catalog.catalog_json(), nullptr, false);
    const Json& entries = list.is_object() && list.contains("games") ? list["games"] : list;
    if (entries.is_array()) {
      for (const Json& e : entries) options.titles[e.value("name", "")] = e.value("title", "");
    }
    options.poll = config.notice_poll;
    options.clock_poll = config.clock_poll;
    options.retry = config.notice_retry;
    options.keep_finished = config.keep_finished_games;
    options.clock = config.clock;
    options.on_db_error = [this] { metrics.count_db_error("notice_worker"); };
    notices = std::make_unique<NoticeWorker>(games, store, std::move(options));
  }

  // Before a new game: the user's open games and open invitations stay under their caps.
  void check_game_caps(const std::string& me, const CreateGameRequest& request) {
    int open = 0;
    int invitations = 0;
    for (const GameRecord& g : store.games_of(me)) {
      if (g.state.status == PlayStatus::kFinished) continue;
      ++open;
      if (g.state.status == PlayStatus::kWaiting) ++invitations;
    }
    if (config.max_open_games > 0 && open >= config.max_open_games) {
      throw ApiError(429, "you have " + std::to_string(open) +
                              " unfinished games, the most allowed; finish, resign or cancel "
                              "one first");
    }
    if (config.max_new_games_per_hour > 0) {
      constexpr std::int64_t kHour = 3600 * 1000;
      const std::int64_t now = config.clock ? config.clock() : now_ms();
      const std::vector<std::int64_t> started = store.games_started_since(me, now - kHour);
      const auto most = static_cast<std::size_t>(config.max_new_games_per_hour);
      if (started.size() >= most) {
        // Free again once the oldest game that keeps the count at the most is an hour old.
        const std::int64_t free_at = started[started.size() - most] + kHour;
        const std::int64_t wait = std::max<std::int64_t>(1, (free_at - now + 999) / 1000);
        throw ApiError(429,
                       "you started " + std::to_string(started.size()) +
                           " games in the last hour, the most allowed; try again in " +
                           std::to_string(wait) + " seconds",
                       {{"retry_after", wait}});
      }
    }
    const bool invites = request.against_person();
    if (invites && config.max_open_invitations > 0 && invitations >= config.max_open_invitations) {
      throw ApiError(429, "you have " + std::to_string(invitations) +
                              " invitations nobody took yet, the most allowed; cancel one first "
                              "(DELETE /api/games/ID, or Cancel in the lobby)");
    }
  }

  // POST /api/games: the caps, the game, then its settings and hints.
  Json create_game(const std::string& me, CreateGameRequest request) {
    platform.prepare_create(request);
    check_game_caps(me, request);
    GameSettings settings = platform.settings_of(request);
    if (request.hints) settings.rated = false;  // a game with hints is never rated
    Json created = games.create(me, request);
    if (request.hints) analysis->set_hints(created["id"].get<std::string>(), true);
    platform.save_settings(created.value("id", ""), settings);
    return created;
  }

  // Every route, each concern's in its folder (http/routes.h); then what the server does
  // around every request.
  void routes() {
    Routes api(web, {[this](const Request& req) { return sessions.user(req); },
                     operator_check(AddressAllowList(config.metrics_allow))});
    const AccountDeps accounts{store,
                               games,
                               sessions,
                               login_throttle,
                               signup_limit,
                               config.signups_per_address > 0,
                               dummy_hash,
                               !config.smtp_url.empty(),
                               WebhookPolicy{config.webhook_allow_hosts}};
    register_session_routes(api, accounts);
    register_me_routes(api, accounts);
    register_game_routes(
        api, {games,
              store,
              catalog,
              [this](const std::string& me, const CreateGameRequest& request) {
                return create_game(me, request);
              },
              [this](Json& lobby) { analysis->add_lobby_flags(lobby); },
              {games, notifier, [this](const std::string& id) { return platform.chat_count(id); },
               config.heartbeat},
              stream_slots,
              config.invite_lifetime});
    register_clock_routes(api, games, store);
    register_analysis_routes(api, *analysis, [this](const std::string& id) {
      // Rated per the game's settings (platform.h); a game with hints never is.
      return platform.settings(id).rated;
    });
    register_witp_routes(api, store.database(), config.max_campaign_bytes);
    register_platform_routes(api, platform,
                             [this](const std::string& me, const CreateGameRequest& request) {
                               check_game_caps(me, request);
                               return games.create(me, request);
                             });
    register_metrics_routes(api, metrics, health);

    web.set_observer([this](const http::Served& served) { metrics.observe_request(served); });
    // A request's SQLite commits do not hold its worker until their WAL sync: the answer waits
    // for it instead (group_commit.h), and the worker serves the next request meanwhile.
    web.set_around([](Response& res, const std::function<void()>& run) {
      DeferScope scope;
      run();
      if (scope.pending()) res.when_ready = scope.take();
    });

    if (!config.web_dir.empty()) {
      if (!std::filesystem::is_directory(config.web_dir)) {
        throw std::runtime_error("--web " + config.web_dir + ": no such directory");
      }
      web.set_static_dir(config.web_dir);
    }

    // Every request: the client's address (behind a trusted proxy, from X-Forwarded-For), then
    // the cross-site write check (csrf.h); every answer: the security headers.
    web.set_request_filter([this](Request& req, Response& res) {
      req.remote_addr = client_address(req, config.trusted_proxies);
      if (auto refusal = cross_site_refusal(req, config.public_origin)) {
        send_json(res, 403, {{"error", *refusal}});
        return false;
      }
      return true;
    });
    web.set_response_filter(add_security_headers);

    web.set_error_handler([](const Request& req, Response& res) {
      std::string message = "error";
      if (res.status == 404) message = "nothing at " + req.path;
      if (res.status == 413) message = "the request body is too large";
      if (res.status == 400) message = "bad request";
      if (res.status == 405) message = "method not allowed";
      if (res.status == 411) message = "send the body with a Content-Length";
      if (res.status == 431) message = "the request's header fields are too large";
      send_json(res, res.status, {{"error", message}});
    });
  }
};

ApiServer::ApiServer(ServerConfig config) {
  const std::string& origin = config.public_origin;
  if (!origin.empty()) {
    const bool scheme = origin.rfind("https://", 0) == 0 || origin.rfind("http://", 0) == 0;
    const auto host_at = origin.find("://") + 3;
    if (!scheme || origin.size() <= host_at ||
        origin.find_first_of("/?# ", host_at) != std::string::npos) {
      throw std::runtime_error("--public-origin '" + origin +
                               "': give scheme and host only, e.g. https://pacwar.example.org");
    }
  }
  init_crypto();
  impl_ = std::make_unique<Impl>(std::move(config));
}

ApiServer::~ApiServer() { stop(); }

int ApiServer::bind() {
  const int port = impl_->web.bind(impl_->config.host, impl_->config.port);
  impl_->start_notices(port);
  return port;
}

void ApiServer::run() { impl_->web.run(); }

void ApiServer::stop() {
  impl_->notifier.shutdown();
  impl_->web.stop();
}

std::size_t ApiServer::loaded_games() const { return impl_->games.loaded_games(); }
std::size_t ApiServer::remembered_agents() const { return impl_->games.remembered_agents(); }

std::vector<std::pair<std::string, std::string>> ApiServer::routes() const {
  return impl_->web.routes();
}

}  // namespace pacwar::server
