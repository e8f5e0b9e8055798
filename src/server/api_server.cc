#include "server/api_server.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <unordered_map>

#include "engine/data_dir.h"
#include "server/accounts/accounts.h"
#include "server/ai/agent_runner.h"
#include "server/ai/analysis_service.h"
#include "server/http/api_error.h"
#include "server/play/catalog.h"
#include "server/http/client_address.h"
#include "server/accounts/crypto.h"
#include "server/accounts/csrf.h"
#include "server/db/db.h"
#include "server/play/games.h"
#include "server/db/group_commit.h"
#include "server/ops/health.h"
#include "server/http/server.h"
#include "server/http/json_http.h"
#include "server/ops/metrics.h"
#include "server/ops/metrics_routes.h"
#include "server/notify/notice_routes.h"
#include "server/notify/notice_worker.h"
#include "server/db/pg_listener.h"
#include "server/community/platform.h"
#include "server/community/platform_routes.h"
#include "server/accounts/rate_limit.h"
#include "server/play/rules_repair.h"
#include "server/http/security_headers.h"
#include "server/db/store.h"
#include "server/db/store_status.h"
#include "server/witp/witp_api.h"

namespace pacwar::server {
namespace {

using engine::Json;
using http::Request;
using http::Response;

constexpr const char* kCookie = "pacwar_session";
constexpr const char* kJson = "application/json";
// The value of cookie `name` in the request's Cookie header, or "".
std::string cookie(const Request& req, const std::string& name) {
  const std::string header = req.header("cookie");
  std::size_t pos = 0;
  while (pos < header.size()) {
    std::size_t end = header.find(';', pos);
    if (end == std::string::npos) end = header.size();
    std::string item = header.substr(pos, end - pos);
    const auto first = item.find_first_not_of(' ');
    if (first != std::string::npos) item.erase(0, first);
    if (item.rfind(name + "=", 0) == 0) return item.substr(name.size() + 1);
    pos = end + 1;
  }
  return "";
}

bool valid_username(const std::string& name) {
  return name.size() >= 3 && name.size() <= 32 &&
         std::all_of(name.begin(), name.end(),
                     [](unsigned char c) { return std::isalnum(c) || c == '_' || c == '-'; });
}

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

std::string event_text(const Json& data) { return "event: update\ndata: " + data.dump() + "\n\n"; }

}  // namespace

struct ApiServer::Impl {
  explicit Impl(ServerConfig c)
      : config(std::move(c)),
        store(open_database(config.db)),
        games(store, notifier),
        catalog(games),
        platform(store.database(), games,
                 config.ai_ratings.empty() ? game_data_dir("server") + "/ai_ratings.json"
                                           : config.ai_ratings),
        login_throttle(config.login_throttle),
        signup_limit(std::max(1, config.signups_per_address), config.signup_window),
        notified(store.database().kind() == "postgresql"),
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
    if (runner) games.set_agent_queue([this](const std::string&) { runner->wake(); });
    if (notified) {
      // One connection of its own LISTENs for the changes of every process (this one too).
      listener = std::make_unique<PgListener>(
          config.db, kGamesChannel,
          PgListener::Callbacks{[this](std::string_view payload) {
                                  const std::string id = game_of_notice(payload);
                                  if (!id.empty()) notifier.publish(id);
                                  if (runner) runner->wake();
                                },
                                [this] {
                                  notifier.publish_all();
                                  if (runner) runner->wake();
                                }});
    }
  }

  ServerConfig config;
  // Before every member that reports to them (the AI worker, the HTTP server's observer).
  Metrics metrics;
  Health health;
  Notifier notifier;
  // Live game pages (event streams) open per user: a slot is held while a stream is open.
  struct StreamSlots {
    std::mutex mutex;
    std::unordered_map<std::string, int> open;
  };
  std::shared_ptr<StreamSlots> stream_slots = std::make_shared<StreamSlots>();
  // A slot of `user`'s, released when the token goes; nullptr when the user has the most open.
  std::shared_ptr<void> take_stream_slot(const std::string& user) {
    const int most = config.max_streams_per_user;
    std::lock_guard lock(stream_slots->mutex);
    int& open = stream_slots->open[user];
    if (most > 0 && open >= most) return nullptr;
    ++open;
    // Not null (a null token would test false): it points at the counts, which it keeps alive.
    return std::shared_ptr<void>(stream_slots.get(), [slots = stream_slots, user](void*) {
      std::lock_guard release(slots->mutex);
      if (--slots->open[user] <= 0) slots->open.erase(user);
    });
  }
  Store store;
  GameService games;
  Catalog catalog;
  Platform platform;  // ratings, challenges, spectators, chat (platform.h)
  LoginThrottle login_throttle;
  RateLimiter signup_limit;
  bool notified;  // PostgreSQL: changes of other processes come as notices
  std::string dummy_hash;
  std::unique_ptr<AgentRunner> runner;        // the embedded AI worker, unless --ai-workers 0
  std::unique_ptr<AnalysisService> analysis;  // hints and post-game analysis (issue 19)
  std::unique_ptr<PgListener> listener;
  std::unique_ptr<NoticeWorker> notices;  // started by bind(), when the port is known
  // Last, so that it is destroyed first: its handlers use the members above.
  http::Server web;

  std::int64_t clock_now() const { return config.clock ? config.clock() : now_ms(); }

  // Live game pages open now, every user's.
  std::int64_t open_streams() const {
    std::lock_guard lock(stream_slots->mutex);
    std::int64_t total = 0;
    for (const auto& [user, open] : stream_slots->open) total += open;
    return total;
  }

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
      sample.streams_open = open_streams();
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

  // Wraps a handler: ApiError and every other exception become a JSON error answer.
  // The logged-in user, or ApiError 401.
  std::string user(const Request& req) {
    const std::string token = cookie(req, kCookie);
    if (!token.empty()) {
      if (auto name = store.session_user(token_hash(token), now_ms())) return *name;
    }
    throw ApiError(401, "log in first");
  }

  void start_session(Response& res, const std::string& username) {
    const std::string token = random_token(32);
    const auto lifetime = std::chrono::duration_cast<std::chrono::seconds>(config.session_lifetime);
    store.create_session(token_hash(token), username, now_ms() + lifetime.count() * 1000);
    res.set_header("Set-Cookie", std::string(kCookie) + "=" + token +
                                     "; Path=/; HttpOnly; SameSite=Lax; Max-Age=" +
                                     std::to_string(lifetime.count()) + secure_flag());
  }

  // "; Secure" when browsers reach the server over https (--public-origin https://...).
  std::string secure_flag() const {
    return config.public_origin.rfind("https://", 0) == 0 ? "; Secure" : "";
  }

  // 429 with Retry-After.
  static ApiError too_many(Response& res, int wait, const std::string& what) {
    res.set_header("Retry-After", std::to_string(wait));
    return ApiError(429, what + "; try again in " + std::to_string(wait) + " seconds",
                    {{"retry_after", wait}});
  }

  // Before a new game: the user's open games and open invitations stay under their caps.
  void check_game_caps(const std::string& me, const Json& body) {
    int open = 0;
    int invitations = 0;
    for (const GameRecord& g : store.games_of(me)) {
      if (g.state.status == "finished") continue;
      ++open;
      if (g.state.status == "waiting") ++invitations;
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
    const bool invites = member(body, "opponent") == "human";
    if (invites && config.max_open_invitations > 0 && invitations >= config.max_open_invitations) {
      throw ApiError(429, "you have " + std::to_string(invitations) +
                              " invitations nobody took yet, the most allowed; cancel one first "
                              "(DELETE /api/games/ID, or Cancel in the lobby)");
    }
  }

  // Hints and post-game analysis (analysis_service.h). A hint is one small search: it runs on the
  // slow pool, so that it never holds a worker of the other requests.
  void analysis_routes() {
    web.route("GET", std::string(kGamePath) + "/features",
              guarded([this](const Request& req, Response& res) {
                Json features = analysis->features(user(req), req.matches[1]);
                // Rated per the game's settings (platform.h); a game with hints never is.
                features["rated"] =
                    !features["hints"].get<bool>() && platform.settings(req.matches[1]).rated;
                send_json(res, 200, features);
              }));
    web.route("POST", std::string(kGamePath) + "/hint",
              guarded([this](const Request& req, Response& res) {
                send_json(res, 200, analysis->hint(user(req), req.matches[1]));
              }),
              http::Server::Pool::kSlow);
    web.route("GET", std::string(kGamePath) + "/analysis",
              guarded([this](const Request& req, Response& res) {
                send_json(res, 200, analysis->analysis_status(user(req), req.matches[1]));
              }));
    web.route("POST", std::string(kGamePath) + "/analysis",
              guarded([this](const Request& req, Response& res) {
                send_json(res, 202, analysis->request_analysis(user(req), req.matches[1]));
              }));
  }

  void routes() {
    web.route("POST", "/api/signup", guarded([this](const Request& req, Response& res) {
                const Json body = json_body(req);
                const std::string username = string_field(body, "username");
                const std::string password = string_field(body, "password");
                if (!valid_username(username)) {
                  throw ApiError(400, "a username has 3 to 32 characters: letters, digits, _ or -");
                }
                if (password.size() < 8)
                  throw ApiError(400, "a password has at least 8 characters");
                if (password.size() > 1024)
                  throw ApiError(400, "a password has at most 1024 characters");
                if (config.signups_per_address > 0) {
                  const std::string key = req.remote_addr;
                  if (!signup_limit.attempt(key)) {
                    throw too_many(res, std::max(1, signup_limit.retry_after(key)),
                                   "too many accounts created from your address");
                  }
                }
                if (!store.create_user(username, hash_password(password), now_ms())) {
                  throw ApiError(409, "the username '" + username + "' is taken");
                }
                start_session(res, username);
                send_json(res, 201, {{"username", username}});
              }),
              http::Server::Pool::kSlow);

    web.route("POST", "/api/login", guarded([this](const Request& req, Response& res) {
                const Json body = json_body(req);
                const std::string username = string_field(body, "username");
                const std::string password = string_field(body, "password");
                const std::string& address = req.remote_addr;
                if (const int wait = login_throttle.wait(username, address); wait > 0) {
                  throw too_many(res, wait,
                                 "too many failed log-ins for this name from your address");
                }
                const auto hash = store.password_hash(username);
                const bool ok = verify_password(hash ? *hash : dummy_hash, password) && hash;
                if (!ok) {
                  login_throttle.failed(username, address);
                  throw ApiError(401, "wrong username or password");
                }
                login_throttle.succeeded(username, address);
                start_session(res, username);
                send_json(res, 200, {{"username", username}});
              }),
              http::Server::Pool::kSlow);

    web.route("POST", "/api/logout", guarded([this](const Request& req, Response& res) {
                const std::string token = cookie(req, kCookie);
                if (!token.empty()) store.delete_session(token_hash(token));
                res.set_header("Set-Cookie", std::string(kCookie) +
                                                 "=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0" +
                                                 secure_flag());
                res.status = 204;
              }));

    web.route("GET", "/api/me", guarded([this](const Request& req, Response& res) {
                send_json(res, 200, {{"username", user(req)}});
              }));

    web.route("GET", "/api/catalog", guarded([this](const Request&, Response& res) {
                res.set_content(catalog.catalog_json(), kJson);
              }));

    web.route("GET", R"(/api/content/([a-z0-9-]{1,64}))",
              guarded([this](const Request& req, Response& res) {
                const std::string* content = catalog.content_json(req.matches[1]);
                if (content == nullptr) throw ApiError(404, "no game '" + req.matches[1] + "'");
                res.set_content(*content, kJson);
              }));

    web.route("POST", "/api/games", guarded([this](const Request& req, Response& res) {
                const std::string me = user(req);
                const Json body = platform.prepare_create(json_body(req));
                check_game_caps(me, body);
                const bool hints = AnalysisService::hints_requested(body);
                GameSettings settings = platform.settings_of_body(body);
                if (hints) settings.rated = false;  // a game with hints is never rated
                Json created = games.create(me, body);
                if (hints) analysis->set_hints(created["id"].get<std::string>(), true);
                platform.save_settings(created.value("id", ""), settings);
                send_json(res, 201, created);
              }));

    web.route("GET", "/api/games", guarded([this](const Request& req, Response& res) {
                const std::string me = user(req);
                Json lobby = games.lobby(me);
                analysis->add_lobby_flags(lobby);
                add_lobby_clocks(lobby, me, games, store);
                send_json(res, 200, filter_lobby(std::move(lobby), req));
              }));
    add_notice_routes(web, games, store,
                      {[this](const Request& req) { return user(req); },
                       [](http::Handler h) { return guarded(std::move(h)); },
                       !config.smtp_url.empty(), WebhookPolicy{config.webhook_allow_hosts}});

    web.route("POST", R"(/api/invites/([0-9a-f]{1,64}))",
              guarded([this](const Request& req, Response& res) {
                const std::string me = user(req);
                send_json(res, 200, games.join(me, req.matches[1]));
              }));

    web.route("GET", kGamePath, guarded([this](const Request& req, Response& res) {
                const std::string me = user(req);
                std::optional<std::int64_t> log_since;
                if (req.has_param("log_since")) {
                  const std::string text = req.param("log_since");
                  if (text.empty() || text.size() > 15 ||
                      text.find_first_not_of("0123456789") != std::string::npos) {
                    throw ApiError(400,
                                   "log_since must be a non-negative integer (a log line "
                                   "index), not '" +
                                       text.substr(0, 20) + "'");
                  }
                  log_since = std::stoll(text);
                }
                res.set_content(games.state_text(me, req.matches[1], log_since), kJson);
              }));

    web.route("POST", std::string(kGamePath) + "/actions",
              guarded([this](const Request& req, Response& res) {
                const std::string me = user(req);
                res.set_content(games.act(me, req.matches[1], json_body(req)), kJson);
              }));

    web.route("POST", std::string(kGamePath) + "/undo",
              guarded([this](const Request& req, Response& res) {
                const std::string me = user(req);
                res.set_content(games.undo(me, req.matches[1], json_body(req)), kJson);
              }));

    web.route("POST", std::string(kGamePath) + "/resign",
              guarded([this](const Request& req, Response& res) {
                const std::string me = user(req);
                res.set_content(games.resign(me, req.matches[1]), kJson);
              }));

    web.route("GET", std::string(kGamePath) + "/replay",
              guarded([this](const Request& req, Response& res) {
                const std::string me = user(req);
                std::int64_t step = 0;
                if (req.has_param("step")) {
                  const std::string text = req.param("step");
                  if (text.empty() || text.size() > 12 ||
                      !std::all_of(text.begin(), text.end(),
                                   [](unsigned char c) { return std::isdigit(c); })) {
                    throw ApiError(400, "step must be a number of actions, e.g. ?step=12");
                  }
                  step = std::stoll(text);
                }
                send_json(res, 200, games.replay(me, req.matches[1], step));
              }));

    analysis_routes();

    web.route("GET", std::string(kGamePath) + "/events",
              guarded([this](const Request& req, Response& res) {
                const std::string me = user(req);
                const std::string id = req.matches[1];
                games.summary(me, id);  // 403 / 404 before the stream starts
                std::shared_ptr<void> slot = take_stream_slot(me);
                if (!slot) {
                  throw ApiError(429, "you have " + std::to_string(config.max_streams_per_user) +
                                          " live game pages open, the most this server allows: "
                                          "close one, then reload this page");
                }
                res.content_type = "text/event-stream";
                res.set_header("Cache-Control", "no-cache");
                res.set_header("X-Accel-Buffering", "no");
                res.stream = std::make_shared<GameEvents>(*this, me, id, std::move(slot));
              }));

    add_witp_routes(
        web, store.database(), [](http::Handler h) { return guarded(std::move(h)); },
        [this](const Request& req) { return user(req); }, config.max_campaign_bytes);
    add_account_routes(web, {store, games, login_throttle, config.invite_lifetime,
                             [this](const Request& req) { return user(req); },
                             [](const Request& req) {
                               const std::string token = cookie(req, kCookie);
                               return token.empty() ? std::string() : token_hash(token);
                             },
                             dummy_hash,
                             std::string(kCookie) + "=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0" +
                                 secure_flag()});
    add_platform_routes(web, platform,
                        {[this](const Request& req) { return user(req); },
                         [this](const std::string& me, const Json& body) {
                           check_game_caps(me, body);
                           return games.create(me, body);
                         }});

    add_metrics_routes(web, metrics, health, AddressAllowList(config.metrics_allow));
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

  // The live updates of one game for one user (server-sent events): an event when the game's
  // revision changed since the last one sent, else a heartbeat comment now and then. Woken by the
  // game's notifier channel (changes made here) and every poll interval (other processes).
  class GameEvents final : public http::Stream {
   public:
    GameEvents(Impl& server, std::string user, std::string id, std::shared_ptr<void> slot)
        : server_(server),
          user_(std::move(user)),
          id_(std::move(id)),
          channel_(server.notifier.channel(id_)),
          slot_(std::move(slot)) {}
    void start(std::function<void()> wake) override {
      subscription_ = channel_->subscribe(std::move(wake));
    }
    std::optional<std::string> next() override {
      if (server_.notifier.stopped()) return std::nullopt;
      GameService::Summary summary;
      try {
        summary = server_.games.summary(user_, id_);
      } catch (const std::exception&) {
        return std::nullopt;  // the game or the access went away: end the stream
      }
      const auto now = std::chrono::steady_clock::now();
      const std::int64_t chat = server_.platform.chat_count(id_);
      summary.event["chat"] = chat;
      if (summary.revision != sent_revision_ || chat != sent_chat_) {
        sent_revision_ = summary.revision;
        sent_chat_ = chat;
        last_write_ = now;
        return event_text(summary.event);
      }
      if (now - last_write_ >= server_.config.heartbeat) {
        last_write_ = now;
        return std::string(": heartbeat\n\n");
      }
      return std::string();
    }
    void stop() override {
      subscription_.reset();
      slot_.reset();  // the user's slot (take_stream_slot) is free again
    }

   private:
    Impl& server_;
    std::string user_;
    std::string id_;
    std::shared_ptr<Notifier::Channel> channel_;
    std::shared_ptr<void> slot_;
    Notifier::Channel::Subscription subscription_;
    std::int64_t sent_revision_ = -1;
    std::int64_t sent_chat_ = -1;
    std::chrono::steady_clock::time_point last_write_ = std::chrono::steady_clock::now();
  };
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
