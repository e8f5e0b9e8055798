// `pacwar serve`: the JSON HTTP API of docs/api.md, the static files of the browser UI, and
// server-sent events per game, on the event-loop HTTP server of src/server/http/.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "server/accounts/throttle.h"
#include "server/notify/webhook_address.h"

namespace pacwar::server {

struct ServerConfig {
  std::string db = "sqlite:pacwar.db";  // sqlite:FILE or postgresql://...
  std::string web_dir;                  // static files served at /; empty: none
  std::string host = "127.0.0.1";
  int port = 8080;        // 0: any free port
  int threads = 4;        // worker threads for the API's handlers (connections need no thread)
  int agent_threads = 4;  // threads of the embedded AI worker; 0: AI left to `pacwar worker`s
  // A computer player's job claimed by a worker that died is claimed again after this long.
  std::chrono::milliseconds agent_lease{std::chrono::seconds(30)};
  int agent_nice = 10;  // computer players think at a lower priority than the requests
  // Failed log-ins per (username, address) and per address: growing waits (throttle.h).
  ThrottleConfig login_throttle;
  // Accounts created per client address in `signup_window` (0: no limit).
  int signups_per_address = 10;
  std::chrono::seconds signup_window{60 * 60};
  // Per user: games not finished (waiting or active), and of them games waiting for the invited
  // player (open invitations). 0: no limit.
  int max_open_games = 50;
  int max_open_invitations = 10;
  // Per user: games created or joined in the last hour, before one more may be created
  // (--max-new-games-per-hour; 0: no limit). Finished games are deleted, with their chat and
  // replays, once nothing happened in them for this long (--keep-finished-days; 0: kept for
  // ever). Ratings already earned stay.
  int max_new_games_per_hour = 60;
  std::chrono::hours keep_finished_games{0};
  // A War in the Pacific campaign's stored document at most (issue 41, hole 3): its log keeps
  // 1,000 changes of about 150 bytes and the undo patches of the last 200, so only books far
  // beyond a real campaign's reach it. 0: no limit.
  std::size_t max_campaign_bytes = 4u << 20;
  // The origin browsers reach the server at ("https://pacwar.example.org"): writes must come from
  // it (csrf.h); an https origin marks the session cookie Secure. Empty: http://<Host header>.
  std::string public_origin;
  // The computer levels' fixed ratings (--ai-ratings); empty: data/server/ai_ratings.json.
  std::string ai_ratings;
  // Peer addresses of reverse proxies whose X-Forwarded-For names the client (--trust-proxy).
  std::vector<std::string> trusted_proxies;
  std::chrono::hours session_lifetime{24 * 30};
  // How long an invitation link works (--invite-days); the creator can ask for a new one.
  std::chrono::milliseconds invite_lifetime{std::chrono::hours(24 * 7)};
  // SQLite: event streams check the store this often for changes made by other processes.
  // (PostgreSQL: changes are announced by NOTIFY; the streams check only with the heartbeat.)
  std::chrono::milliseconds poll_interval{1000};
  std::chrono::seconds heartbeat{15};
  // Games nobody asked for in this long are dropped from memory (replayed when asked again).
  std::chrono::milliseconds unload_games_after{std::chrono::minutes(10)};
  std::size_t max_body_bytes = 64 * 1024;
  // Connections open at once from one client address (--max-connections-per-address; 0: no
  // limit; trusted proxies have none), and live game pages (event streams) open at once per
  // user (--max-streams-per-user; 0: no limit). A request's head must arrive within
  // header_timeout of its first byte.
  std::size_t max_connections_per_address = 256;
  int max_streams_per_user = 20;
  std::chrono::milliseconds header_timeout{10'000};
  // Notifications and clocks (notice_worker.h): SMTP server (smtp://host:port; empty: no
  // e-mail), sender address, whether this process runs the worker, its polls and first retry.
  std::string smtp_url;
  std::string mail_from = "pacwar@localhost";
  // Webhooks go only to public addresses, except to these hosts (--webhook-allow-host): a
  // club's own chat server on its network (webhook_address.h). `webhook_resolve` looks names up
  // (empty: getaddrinfo; tests inject one).
  std::vector<std::string> webhook_allow_hosts;
  Resolver webhook_resolve;
  bool notice_worker = true;
  std::chrono::milliseconds notice_poll{500};
  std::chrono::milliseconds clock_poll{1000};
  std::chrono::milliseconds notice_retry{30'000};
  // The time source of clocks and notices (tests inject one); empty: the system clock.
  std::function<std::int64_t()> clock;
  // Client addresses (CIDR networks) that may read /metrics and /healthz (--metrics-allow;
  // metrics_routes.h). Default: loopback only.
  std::vector<std::string> metrics_allow = {"127.0.0.0/8", "::1/128"};
  // /healthz fails ("ai_workers") when a computer player's turn waited longer than this for a
  // worker: none is running (--ai-workers 0 and no `pacwar worker`), or every one is stuck.
  std::chrono::milliseconds health_ai_wait{std::chrono::minutes(5)};
};

class ApiServer {
 public:
  // Opens the database (creating the schema) and loads the games; throws with a clear message.
  explicit ApiServer(ServerConfig config);
  ~ApiServer();
  ApiServer(const ApiServer&) = delete;
  ApiServer& operator=(const ApiServer&) = delete;

  // Binds the address; returns the port (the chosen one when config.port is 0).
  int bind();
  // Serves until stop() (from another thread or a signal handler thread).
  void run();
  void stop();
  // The number of games held in memory.
  std::size_t loaded_games() const;
  // The computer players kept between their decisions in loaded games (GameService).
  std::size_t remembered_agents() const;
  // The routes of the API, {method, path pattern}, in order (the tests enumerate the writes).
  std::vector<std::pair<std::string, std::string>> routes() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pacwar::server
