#include "server/api_server.h"

#include <httplib.h>
#include <sys/socket.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <filesystem>
#include <iostream>

#include "server/agent_runner.h"
#include "server/api_error.h"
#include "server/catalog.h"
#include "server/crypto.h"
#include "server/db.h"
#include "server/games.h"
#include "server/rate_limit.h"
#include "server/store.h"

namespace pacwar::server {
namespace {

using engine::Json;
using httplib::Request;
using httplib::Response;

constexpr const char* kCookie = "pacwar_session";
constexpr const char* kJson = "application/json";
constexpr const char* kGamePath = R"(/api/games/([0-9a-f]{1,64}))";

void send_json(Response& res, int status, const Json& body) {
  res.status = status;
  res.set_content(body.dump(), kJson);
}

void send_error(Response& res, const ApiError& e) { send_json(res, e.status(), e.body()); }

Json parse_body(const Request& req) {
  if (req.body.empty()) return Json::object();
  Json body = Json::parse(req.body, nullptr, false);
  if (body.is_discarded()) throw ApiError(400, "the body is not valid JSON");
  if (!body.is_object()) throw ApiError(400, "the body must be a JSON object");
  return body;
}

std::string string_field(const Json& body, const char* name) {
  auto it = body.find(name);
  if (it == body.end() || !it->is_string()) {
    throw ApiError(400, std::string("field '") + name + "' must be a string");
  }
  return it->get<std::string>();
}

// The value of cookie `name` in the request's Cookie header, or "".
std::string cookie(const Request& req, const std::string& name) {
  const std::string header = req.get_header_value("Cookie");
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

std::string event_text(const Json& data) { return "event: update\ndata: " + data.dump() + "\n\n"; }

}  // namespace

struct ApiServer::Impl {
  explicit Impl(ServerConfig c)
      : config(std::move(c)),
        store(open_database(config.db)),
        games(store, notifier),
        catalog(games),
        user_limit(config.login_attempts_per_user, config.login_window),
        address_limit(config.login_attempts_per_address, config.login_window),
        runner(games, config.agent_threads) {
    games.set_agent_queue([this](const std::string& id) { runner.enqueue(id); });
    // A hash to check unknown usernames against, so both answers take the same time.
    dummy_hash = hash_password(random_token(16));
    routes();
    // Games whose computer player was to move when the server last stopped.
    for (const std::string& id : store.games_awaiting_agents()) runner.enqueue(id);
  }

  ServerConfig config;
  Notifier notifier;
  Store store;
  GameService games;
  Catalog catalog;
  RateLimiter user_limit;
  RateLimiter address_limit;
  AgentRunner runner;
  std::string dummy_hash;
  httplib::Server http;
  // The listening socket, so that bind() can give it a longer queue of pending connections.
  int listen_socket = -1;

  // Wraps a handler: ApiError and every other exception become a JSON error answer.
  template <class F>
  httplib::Server::Handler handler(F f) {
    return [this, f](const Request& req, Response& res) {
      try {
        f(req, res);
      } catch (const ApiError& e) {
        send_error(res, e);
      } catch (const std::exception& e) {
        std::cerr << "pacwar serve: " << req.method << " " << req.path << ": " << e.what() << "\n";
        send_json(res, 500, {{"error", std::string("internal error: ") + e.what()}});
      }
    };
  }

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
                                     std::to_string(lifetime.count()));
  }

  void routes() {
    http.Post("/api/signup", handler([this](const Request& req, Response& res) {
                const Json body = parse_body(req);
                const std::string username = string_field(body, "username");
                const std::string password = string_field(body, "password");
                if (!valid_username(username)) {
                  throw ApiError(400, "a username has 3 to 32 characters: letters, digits, _ or -");
                }
                if (password.size() < 8)
                  throw ApiError(400, "a password has at least 8 characters");
                if (password.size() > 1024)
                  throw ApiError(400, "a password has at most 1024 characters");
                if (!store.create_user(username, hash_password(password), now_ms())) {
                  throw ApiError(409, "the username '" + username + "' is taken");
                }
                start_session(res, username);
                send_json(res, 201, {{"username", username}});
              }));

    http.Post("/api/login", handler([this](const Request& req, Response& res) {
                const Json body = parse_body(req);
                const std::string username = string_field(body, "username");
                const std::string password = string_field(body, "password");
                const std::string user_key = "user:" + username;
                const std::string address_key = "address:" + req.remote_addr;
                if (!user_limit.attempt(user_key) || !address_limit.attempt(address_key)) {
                  const int wait = std::max({1, user_limit.retry_after(user_key),
                                             address_limit.retry_after(address_key)});
                  res.set_header("Retry-After", std::to_string(wait));
                  throw ApiError(429, "too many log-in attempts; try again in " +
                                          std::to_string(wait) + " seconds");
                }
                const auto hash = store.password_hash(username);
                const bool ok = verify_password(hash ? *hash : dummy_hash, password) && hash;
                if (!ok) throw ApiError(401, "wrong username or password");
                start_session(res, username);
                send_json(res, 200, {{"username", username}});
              }));

    http.Post("/api/logout", handler([this](const Request& req, Response& res) {
                const std::string token = cookie(req, kCookie);
                if (!token.empty()) store.delete_session(token_hash(token));
                res.set_header("Set-Cookie", std::string(kCookie) +
                                                 "=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
                res.status = 204;
              }));

    http.Get("/api/me", handler([this](const Request& req, Response& res) {
               send_json(res, 200, {{"username", user(req)}});
             }));

    http.Get("/api/catalog", handler([this](const Request&, Response& res) {
               res.set_content(catalog.catalog_json(), kJson);
             }));

    http.Get(R"(/api/content/([a-z0-9-]{1,64}))",
             handler([this](const Request& req, Response& res) {
               const std::string* content = catalog.content_json(req.matches[1]);
               if (content == nullptr)
                 throw ApiError(404, "no game '" + req.matches[1].str() + "'");
               res.set_content(*content, kJson);
             }));

    http.Post("/api/games", handler([this](const Request& req, Response& res) {
                const std::string me = user(req);
                send_json(res, 201, games.create(me, parse_body(req)));
              }));

    http.Get("/api/games", handler([this](const Request& req, Response& res) {
               send_json(res, 200, games.lobby(user(req)));
             }));

    http.Post(R"(/api/invites/([0-9a-f]{1,64}))",
              handler([this](const Request& req, Response& res) {
                const std::string me = user(req);
                send_json(res, 200, games.join(me, req.matches[1]));
              }));

    http.Get(kGamePath, handler([this](const Request& req, Response& res) {
               const std::string me = user(req);
               std::optional<std::int64_t> log_since;
               if (req.has_param("log_since")) {
                 const std::string text = req.get_param_value("log_since");
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

    http.Post(std::string(kGamePath) + "/actions",
              handler([this](const Request& req, Response& res) {
                const std::string me = user(req);
                res.set_content(games.act(me, req.matches[1], parse_body(req)), kJson);
              }));

    http.Post(std::string(kGamePath) + "/undo", handler([this](const Request& req, Response& res) {
                const std::string me = user(req);
                res.set_content(games.undo(me, req.matches[1], parse_body(req)), kJson);
              }));

    http.Post(std::string(kGamePath) + "/resign",
              handler([this](const Request& req, Response& res) {
                const std::string me = user(req);
                res.set_content(games.resign(me, req.matches[1]), kJson);
              }));

    http.Get(std::string(kGamePath) + "/replay", handler([this](const Request& req, Response& res) {
               const std::string me = user(req);
               std::int64_t step = 0;
               if (req.has_param("step")) {
                 const std::string text = req.get_param_value("step");
                 if (text.empty() || text.size() > 12 ||
                     !std::all_of(text.begin(), text.end(),
                                  [](unsigned char c) { return std::isdigit(c); })) {
                   throw ApiError(400, "step must be a number of actions, e.g. ?step=12");
                 }
                 step = std::stoll(text);
               }
               send_json(res, 200, games.replay(me, req.matches[1], step));
             }));

    http.Get(std::string(kGamePath) + "/events", handler([this](const Request& req, Response& res) {
               const std::string me = user(req);
               const std::string id = req.matches[1];
               games.summary(me, id);  // 403 / 404 before the stream starts
               struct Stream {
                 std::int64_t sent_revision = -1;
                 std::chrono::steady_clock::time_point last_write =
                     std::chrono::steady_clock::now();
               };
               auto stream = std::make_shared<Stream>();
               // Woken only by changes of this game (and by shutdown).
               auto channel = notifier.channel(id);
               res.set_header("Cache-Control", "no-cache");
               res.set_header("X-Accel-Buffering", "no");
               res.set_chunked_content_provider(
                   "text/event-stream",
                   [this, me, id, stream, channel](std::size_t, httplib::DataSink& sink) {
                     const std::uint64_t seen = channel->sequence();
                     if (notifier.stopped() || !sink.is_writable()) return false;
                     GameService::Summary summary;
                     try {
                       summary = games.summary(me, id);
                     } catch (const std::exception&) {
                       return false;  // the game or the access went away: end the stream
                     }
                     const auto now = std::chrono::steady_clock::now();
                     if (summary.revision != stream->sent_revision) {
                       stream->sent_revision = summary.revision;
                       stream->last_write = now;
                       const std::string text = event_text(summary.event);
                       return sink.write(text.data(), text.size());
                     }
                     if (now - stream->last_write >= config.heartbeat) {
                       stream->last_write = now;
                       static constexpr char kBeat[] = ": heartbeat\n\n";
                       return sink.write(kBeat, sizeof kBeat - 1);
                     }
                     channel->wait(seen, config.poll_interval);
                     return !notifier.stopped();
                   });
             }));

    if (!config.web_dir.empty()) {
      if (!std::filesystem::is_directory(config.web_dir)) {
        throw std::runtime_error("--web " + config.web_dir + ": no such directory");
      }
      http.set_mount_point("/", config.web_dir);
    }

    http.set_error_handler([](const Request& req, Response& res) {
      if (!res.body.empty()) return;
      std::string message = "error";
      if (res.status == 404) message = "nothing at " + req.path;
      if (res.status == 413) message = "the request body is too large";
      if (res.status == 400) message = "bad request";
      if (res.status == 405) message = "method not allowed";
      send_json(res, res.status, {{"error", message}});
    });
    // cpp-httplib listens with a queue of 5 pending connections: when more clients connect at
    // once, the kernel drops their first SYN and they retry after a second. bind() lengthens
    // the queue on the socket kept here.
    http.set_socket_options([this](socket_t sock) {
      httplib::default_socket_options(sock);
      listen_socket = sock;
    });
    http.set_payload_max_length(config.max_body_bytes);
    http.set_keep_alive_max_count(1000);
    http.set_keep_alive_timeout(5);
    http.set_tcp_nodelay(true);
    const auto threads = static_cast<std::size_t>(std::max(4, config.threads));
    http.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  }
};

ApiServer::ApiServer(ServerConfig config) {
  init_crypto();
  impl_ = std::make_unique<Impl>(std::move(config));
}

ApiServer::~ApiServer() { stop(); }

int ApiServer::bind() {
  int port = impl_->config.port;
  if (port == 0) {
    port = impl_->http.bind_to_any_port(impl_->config.host);
    if (port < 0) throw std::runtime_error("cannot bind " + impl_->config.host);
  } else if (!impl_->http.bind_to_port(impl_->config.host, port)) {
    throw std::runtime_error("cannot listen on " + impl_->config.host + ":" + std::to_string(port) +
                             " (in use?)");
  }
  // Listening again on a listening socket sets its queue length (Linux); capped by somaxconn.
  if (impl_->listen_socket >= 0) ::listen(impl_->listen_socket, SOMAXCONN);
  return port;
}

void ApiServer::run() { impl_->http.listen_after_bind(); }

void ApiServer::stop() {
  impl_->notifier.shutdown();
  impl_->http.stop();
}

std::size_t ApiServer::loaded_games() const { return impl_->games.loaded_games(); }

}  // namespace pacwar::server
