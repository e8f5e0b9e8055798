// Helpers of the server tests: a temporary directory, the database the tests use (SQLite in the
// temporary directory, or the PostgreSQL of $PACWAR_TEST_POSTGRES), a small JSON API client with
// its cookie, the server in-process on an ephemeral port, and the server binary as a process.
#pragma once

#include <gtest/gtest.h>
#include <httplib.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "engine/game.h"
#include "server/api_server.h"
#include "tests/pacwar_binary.h"

namespace pacwar::server::testing {

using engine::Json;

class TempDir {
 public:
  TempDir() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "pacwar-server-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// A short random suffix, so that tests sharing one PostgreSQL database never collide.
inline std::string unique(const std::string& prefix) {
  static std::atomic<unsigned> counter{0};
  std::random_device device;
  return prefix + "_" + std::to_string(device() % 100000) + "_" + std::to_string(++counter);
}

inline std::optional<std::string> postgres_url() {
  const char* url = std::getenv("PACWAR_TEST_POSTGRES");
  if (url == nullptr || *url == '\0') return std::nullopt;
  return std::string(url);
}

// The database of a test: $PACWAR_TEST_POSTGRES when set, else a SQLite file in `dir`.
inline std::string test_db(const TempDir& dir) {
  if (auto url = postgres_url()) return *url;
  return "sqlite:" + (dir.path() / "pacwar.db").string();
}

struct Reply {
  int status = 0;
  Json body;
  std::string text;
  httplib::Headers headers;
  std::string header(const std::string& name) const {
    auto it = headers.find(name);
    return it == headers.end() ? "" : it->second;
  }
};

// A JSON API client that keeps its session cookie, like a browser.
class ApiClient {
 public:
  explicit ApiClient(int port) : client_("127.0.0.1", port) {
    client_.set_read_timeout(std::chrono::seconds(30));
    client_.set_keep_alive(true);
    client_.set_tcp_nodelay(true);
  }

  Reply get(const std::string& path) { return finish(client_.Get(path, headers())); }
  Reply post(const std::string& path, const Json& body = Json::object()) {
    return post_text(path, body.dump());
  }
  Reply put(const std::string& path, const Json& body) {
    return finish(client_.Put(path, headers(), body.dump(), "application/json"));
  }
  Reply post_text(const std::string& path, const std::string& text) {
    return finish(client_.Post(path, headers(), text, "application/json"));
  }
  Reply del(const std::string& path, const Json& body = Json::object()) {
    return finish(client_.Delete(path, headers(), body.dump(), "application/json"));
  }

  // Signs up (or logs in when the name exists) and keeps the cookie.
  Reply signup(const std::string& name, const std::string& password = "password123") {
    return post("/api/signup", {{"username", name}, {"password", password}});
  }
  const std::string& cookie() const { return cookie_; }
  void set_cookie(const std::string& cookie) { cookie_ = cookie; }
  // false: replies keep only their text (`body` stays null), for a client that reads it itself.
  void set_parse(bool parse) { parse_ = parse; }

 private:
  httplib::Headers headers() const {
    httplib::Headers h;
    if (!cookie_.empty()) h.emplace("Cookie", "pacwar_session=" + cookie_);
    return h;
  }
  Reply finish(const httplib::Result& result) {
    if (!result) throw std::runtime_error("request failed: " + httplib::to_string(result.error()));
    Reply reply;
    reply.status = result->status;
    reply.text = result->body;
    reply.headers = result->headers;
    if (parse_) reply.body = Json::parse(result->body, nullptr, false);
    if (result->has_header("Set-Cookie")) {
      const std::string header = result->get_header_value("Set-Cookie");
      const std::string key = "pacwar_session=";
      if (header.rfind(key, 0) == 0)
        cookie_ = header.substr(key.size(), header.find(';') - key.size());
    }
    return reply;
  }

  httplib::Client client_;
  std::string cookie_;
  bool parse_ = true;
};

// The server in this process, on an ephemeral port of 127.0.0.1.
class InProcessServer {
 public:
  explicit InProcessServer(ServerConfig config) : server_(prepare(std::move(config))) {
    port_ = server_.bind();
    thread_ = std::thread([this] { server_.run(); });
  }
  ~InProcessServer() {
    server_.stop();
    thread_.join();
  }
  int port() const { return port_; }
  ApiServer& server() { return server_; }

 private:
  static ServerConfig prepare(ServerConfig config) {
    config.host = "127.0.0.1";
    config.port = 0;
    return config;
  }
  ApiServer server_;
  int port_ = 0;
  std::thread thread_;
};

// The configuration of a test's in-process server: the test's own database, `threads` HTTP
// threads, the rest as `pacwar serve` starts.
inline ServerConfig test_config(const TempDir& dir, int threads) {
  ServerConfig c;
  c.db = test_db(dir);
  c.threads = threads;
  return c;
}

// A client of the server on `port`, signed up under a unique name made from `prefix` (written to
// `*name` when asked for).
inline ApiClient signed_up(int port, const std::string& prefix, std::string* name = nullptr) {
  ApiClient c(port);
  const std::string n = unique(prefix);
  const Reply r = c.signup(n);
  EXPECT_EQ(r.status, 201) << r.text;
  if (name != nullptr) *name = n;
  return c;
}

// POST /api/games with `body`; the new game's id ("" after a failed expectation).
inline std::string create_game(ApiClient& c, const Json& body) {
  const Reply r = c.post("/api/games", body);
  EXPECT_EQ(r.status, 201) << r.text;
  return r.body.value("id", "");
}

// GETs game `id` until it is the client's turn or the game is over (a computer player moves in
// the background); the state then, or null after a failed expectation.
inline Json wait_turn(ApiClient& c, const std::string& id) {
  for (int i = 0; i < 4000; ++i) {
    const Reply r = c.get("/api/games/" + id);
    EXPECT_EQ(r.status, 200) << r.text;
    if (r.status != 200) return nullptr;
    if (r.body["your_turn"].get<bool>() || r.body["status"] == "finished") return r.body;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ADD_FAILURE() << "never the client's turn in game " << id;
  return nullptr;
}

// Reads a game's event stream in a thread and keeps the data of every `update` event.
class EventReader {
 public:
  // `query`: e.g. "?log_since=12" (the stream then carries the seat's state: states()).
  EventReader(int port, const std::string& id, const std::string& cookie,
              const std::string& query = "")
      : client_("127.0.0.1", port) {
    client_.set_read_timeout(std::chrono::seconds(30));
    thread_ = std::thread([this, id, cookie, query] {
      std::string buffer;
      client_.Get("/api/games/" + id + "/events" + query, {{"Cookie", "pacwar_session=" + cookie}},
                  [&](const char* data, std::size_t size) {
                    buffer.append(data, size);
                    std::size_t end;
                    while ((end = buffer.find("\n\n")) != std::string::npos) {
                      const std::string message = buffer.substr(0, end);
                      buffer.erase(0, end + 2);
                      const auto at = message.find("data: ");
                      if (at == std::string::npos) continue;
                      if (message.rfind("event: update", 0) == 0) {
                        {
                          std::lock_guard lock(mutex_);
                          events_.push_back(Json::parse(message.substr(at + 6)));
                          states_before_.push_back(states_.size());
                        }
                        arrived_.notify_all();
                      } else if (message.rfind("event: state", 0) == 0) {
                        std::lock_guard lock(mutex_);
                        state_texts_.push_back(message.substr(at + 6));
                        states_.push_back(Json::parse(state_texts_.back()));
                      }
                    }
                    return !stop_.load();
                  });
    });
  }
  ~EventReader() {
    stop_ = true;
    client_.stop();
    thread_.join();
  }
  std::vector<Json> events() {
    std::lock_guard lock(mutex_);
    return events_;
  }
  // The `state` events, parsed and as sent, in order.
  std::vector<Json> states() {
    std::lock_guard lock(mutex_);
    return states_;
  }
  std::vector<std::string> state_texts() {
    std::lock_guard lock(mutex_);
    return state_texts_;
  }
  // For each update event (events()), how many state events came before it.
  std::vector<std::size_t> states_before() {
    std::lock_guard lock(mutex_);
    return states_before_;
  }
  // Waits (up to 10 s) for an event announcing at least `version`.
  bool wait_version(std::int64_t version) {
    return wait_for(
        [&](const Json& event) { return event["version"].get<std::int64_t>() >= version; },
        std::chrono::seconds(10));
  }
  // Waits until the last event received satisfies `done`, or `timeout` passed (then false).
  template <class Done>
  bool wait_for(Done done, std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    return arrived_.wait_for(lock, timeout,
                             [&] { return !events_.empty() && done(events_.back()); });
  }

 private:
  httplib::Client client_;
  std::atomic<bool> stop_{false};
  std::mutex mutex_;
  std::condition_variable arrived_;
  std::vector<Json> events_;
  std::vector<Json> states_;
  std::vector<std::string> state_texts_;
  std::vector<std::size_t> states_before_;
  std::thread thread_;
};

// `pacwar serve` as a child process; the port is read from the line it prints.
class ServerProcess {
 public:
  // `max_files` > 0: the process's limit of open files (`ulimit -n`), set before exec.
  explicit ServerProcess(const std::string& db, const std::vector<std::string>& extra = {},
                         int max_files = 0) {
    int out[2];
    // The arguments are built before fork: the child only calls exec.
    const std::string binary = ::pacwar::testing::pacwar_binary();
    std::vector<std::string> args = {binary,   "serve",     "--port", "0",
                                     "--host", "127.0.0.1", "--db",   db};
    args.insert(args.end(), extra.begin(), extra.end());
    std::vector<char*> argv;
    for (std::string& arg : args) argv.push_back(arg.data());
    argv.push_back(nullptr);
    if (pipe(out) != 0) throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      dup2(out[1], STDOUT_FILENO);
      close(out[0]);
      close(out[1]);
      if (max_files > 0) {
        const rlimit files{static_cast<rlim_t>(max_files), static_cast<rlim_t>(max_files)};
        setrlimit(RLIMIT_NOFILE, &files);
      }
      execv(binary.c_str(), argv.data());
      _exit(127);
    }
    close(out[1]);
    std::string line;
    char c;
    while (read(out[0], &c, 1) == 1 && c != '\n') line += c;
    close(out[0]);
    const auto at = line.find("127.0.0.1:");
    if (at == std::string::npos) {
      kill_now();
      throw std::runtime_error("the server did not start: '" + line + "'");
    }
    port_ = std::stoi(line.substr(at + 10));
  }
  ~ServerProcess() { kill_now(); }
  int port() const { return port_; }
  int pid() const { return pid_; }
  // kill -9, and wait for the process to be gone.
  void kill_now() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGKILL);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
  }

 private:
  pid_t pid_ = -1;
  int port_ = 0;
};

}  // namespace pacwar::server::testing
