// Load test of `pacwar serve` on 127.0.0.1: starts the server binary on a fresh database, plays
// N concurrent games against the `random` computer player (so the server, not the AI, is
// measured), each client acting as fast as it is allowed, for a bounded time and number of
// actions, then prints the action latencies (p50/p99) and the server's memory per game as JSON.
//
//   pacwar_server_load [--games 100] [--seconds 20] [--max-actions 2000] [--db URL]
//                      [--full-log 1]  (ask for the whole log each time, as before log_since)
//                      [--wait events|poll]  (events: like the web UI, wait for the game's
//                                             live update, then read the state; poll: read it
//                                             every 2 ms while the computer player moves)
//                      [--port P --pid PID]  (a server already running on 127.0.0.1:P, e.g.
//                                             under valgrind; PID for its CPU and memory)
#include <sys/resource.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "server/test_support.h"

namespace {

using pacwar::engine::Json;
using pacwar::server::testing::ApiClient;
using pacwar::server::testing::EventReader;
using pacwar::server::testing::Reply;
using pacwar::server::testing::ServerProcess;
using pacwar::server::testing::TempDir;
using Clock = std::chrono::steady_clock;

// CPU time the process has used, in milliseconds: user and system (the kernel's work for it).
struct CpuTime {
  double user = 0;
  double system = 0;
};
CpuTime cpu_ms(int pid) {
  if (pid <= 0) return {};
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  std::istringstream fields(text.substr(text.rfind(')') + 2));
  std::string field;
  long ticks[2] = {0, 0};
  for (int i = 3; i <= 15 && fields >> field; ++i) {
    if (i == 14 || i == 15) ticks[i - 14] = std::stol(field);
  }
  const auto ms = [](long t) {
    return 1000.0 * static_cast<double>(t) / static_cast<double>(sysconf(_SC_CLK_TCK));
  };
  return {ms(ticks[0]), ms(ticks[1])};
}

long rss_kib(int pid) {
  if (pid <= 0) return -1;
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  }
  return -1;
}

// CPU time (user + system) this process (the load clients) has used, in milliseconds.
double own_cpu_ms() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const auto ms = [](const timeval& t) {
    return 1000.0 * static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1000.0;
  };
  return ms(usage.ru_utime) + ms(usage.ru_stime);
}

double load_average() {
  std::ifstream file("/proc/loadavg");
  double load = 0;
  file >> load;
  return load;
}

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const auto index = static_cast<std::size_t>(p * static_cast<double>(values.size() - 1) + 0.5);
  return values[std::min(index, values.size() - 1)];
}

// What a client reads in a state answer, taken from its text by a SAX parser (no JSON tree), so
// that the load clients, which share the machine's cores with the server, cost little.
struct Brief {
  bool your_turn = false;
  std::string status;
  std::int64_t version = 0;
  std::int64_t log_from = 0;
  std::int64_t log_lines = 0;
  std::vector<std::string> legal;  // the legal action ids
};

class BriefReader : public nlohmann::json_sax<Json> {
 public:
  explicit BriefReader(Brief& brief) : brief_(brief) {}
  bool null() override { return true; }
  bool boolean(bool value) override {
    if (depth_ == 1 && top_key_ == "your_turn") brief_.your_turn = value;
    return true;
  }
  bool number_integer(number_integer_t value) override {
    number(value);
    return true;
  }
  bool number_unsigned(number_unsigned_t value) override {
    number(static_cast<std::int64_t>(value));
    return true;
  }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t& value) override {
    if (depth_ == 1 && top_key_ == "status") brief_.status = value;
    if (depth_ == 3 && top_key_ == "legal" && item_key_ == "id") brief_.legal.push_back(value);
    return true;
  }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override {
    if (depth_ == 2 && top_key_ == "log") ++brief_.log_lines;
    ++depth_;
    return true;
  }
  bool key(string_t& value) override {
    if (depth_ == 1) top_key_ = value;
    if (depth_ == 3) item_key_ = value;
    return true;
  }
  bool end_object() override {
    --depth_;
    return true;
  }
  bool start_array(std::size_t) override {
    ++depth_;
    return true;
  }
  bool end_array() override {
    --depth_;
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }

 private:
  void number(std::int64_t value) {
    if (depth_ != 1) return;
    if (top_key_ == "version") brief_.version = value;
    if (top_key_ == "log_from") brief_.log_from = value;
  }
  Brief& brief_;
  int depth_ = 0;
  std::string top_key_;
  std::string item_key_;
};

// Reads a state answer; false when it is not valid JSON.
bool read_brief(const std::string& text, Brief& brief) {
  brief = Brief();
  BriefReader reader(brief);
  return Json::sax_parse(text, &reader);
}

struct Worker {
  std::vector<double> act_ms;
  std::vector<double> get_ms;
  int errors = 0;
  int finished = 0;
  std::string first_error;  // what went wrong first, if anything
  Clock::time_point end;    // when the client stopped acting
  void error(const std::string& what) {
    ++errors;
    if (first_error.empty()) first_error = what.substr(0, 300);
  }
};

}  // namespace

int main(int argc, char** argv) {
  int games = 100;
  double seconds = 20;
  int max_actions = 2000;
  std::string db;
  bool full_log = false;
  bool poll = false;
  int attach_port = 0;
  int attach_pid = 0;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string option = argv[i];
    if (option == "--games")
      games = std::clamp(std::stoi(argv[i + 1]), 1, 1000);
    else if (option == "--seconds")
      seconds = std::clamp(std::stod(argv[i + 1]), 1.0, 600.0);
    else if (option == "--max-actions")
      max_actions = std::clamp(std::stoi(argv[i + 1]), 1, 100000);
    else if (option == "--db")
      db = argv[i + 1];
    else if (option == "--wait")
      poll = std::string(argv[i + 1]) == "poll";
    else if (option == "--port")
      attach_port = std::stoi(argv[i + 1]);
    else if (option == "--pid")
      attach_pid = std::stoi(argv[i + 1]);
    else if (option == "--full-log")
      full_log = std::string(argv[i + 1]) != "0";
    else {
      std::cerr << "unknown option " << option << "\n";
      return 2;
    }
  }
  TempDir dir;
  if (db.empty()) db = "sqlite:" + (dir.path() / "load.db").string();
  std::optional<ServerProcess> started;
  // Each client holds two connections (its requests and its game's event stream), and the stream
  // of a finished game holds its server thread until the next heartbeat (15 s) shows it closed:
  // more request threads than the default 256, so that no client waits for one.
  if (attach_port == 0) started.emplace(db, std::vector<std::string>{});
  const int port = attach_port != 0 ? attach_port : started->port();
  const int pid = attach_port != 0 ? attach_pid : started->pid();

  // One account per 10 games (signing up costs an argon2id hash each).
  std::vector<std::string> cookies;
  for (int u = 0; u < (games + 9) / 10; ++u) {
    ApiClient c(port);
    const Reply r = c.signup(pacwar::server::testing::unique("load"));
    if (r.status != 201) {
      std::cerr << "signup failed: " << r.text << "\n";
      return 1;
    }
    cookies.push_back(c.cookie());
  }
  const long rss_before = rss_kib(pid);
  std::vector<std::string> ids;
  for (int g = 0; g < games; ++g) {
    ApiClient c(port);
    c.set_cookie(cookies[static_cast<std::size_t>(g / 10)]);
    const Reply r = c.post(
        "/api/games",
        {{"game", "pacific-war"}, {"seat", g % 2 ? "allied" : "japanese"}, {"opponent", "random"}});
    if (r.status != 201) {
      std::cerr << "create failed: " << r.text << "\n";
      return 1;
    }
    ids.push_back(r.body["id"]);
  }
  const long rss_created = rss_kib(pid);

  std::vector<Worker> workers(static_cast<std::size_t>(games));
  std::vector<std::thread> threads;
  const auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
  const auto start = Clock::now();
  const CpuTime cpu_before = cpu_ms(pid);
  const double own_cpu_before = own_cpu_ms();
  for (int g = 0; g < games; ++g) {
    threads.emplace_back([&, g] {
      Worker& w = workers[static_cast<std::size_t>(g)];
      ApiClient c(port);
      c.set_cookie(cookies[static_cast<std::size_t>(g / 10)]);
      std::mt19937 rng(static_cast<unsigned>(g));
      std::string id = ids[static_cast<std::size_t>(g)];
      int actions = 0;
      c.set_parse(false);
      Brief state;  // the last state seen: an action's answer is the next state
      bool have_state = false;
      // Log lines already held: like the web UI, ask only for the newer ones (?log_since=N).
      std::int64_t lines = 0;
      const auto keep = [&](const Reply& r) {
        have_state = read_brief(r.text, state);
        if (!have_state) w.error("unreadable answer: " + r.text.substr(0, 100));
        lines = full_log || !have_state ? 0 : state.log_from + state.log_lines;
      };
      std::unique_ptr<EventReader> events;
      std::vector<std::thread> closers;
      if (!poll) events = std::make_unique<EventReader>(port, id, c.cookie());
      std::string doing;  // the request under way, for the error message
      while (Clock::now() < deadline && actions < max_actions) {
        try {
          if (!have_state || !state.your_turn) {
            if (have_state && poll) std::this_thread::sleep_for(std::chrono::milliseconds(2));
            if (have_state && !poll) {
              // The live update that says it is my turn again (or the game is over).
              const std::int64_t seen = state.version;
              events->wait_for(
                  [seen](const Json& e) {
                    return e["version"].get<std::int64_t>() != seen &&
                           (e["your_turn"].get<bool>() || e["status"] == "finished");
                  },
                  std::chrono::seconds(2));
            }
            doing = "GET state";
            const auto t0 = Clock::now();
            const Reply r = c.get("/api/games/" + id + "?log_since=" + std::to_string(lines));
            w.get_ms.push_back(
                std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
            if (r.status != 200) {
              w.error("GET " + std::to_string(r.status) + ": " + r.text);
              have_state = false;
              lines = 0;
              continue;
            }
            keep(r);
            if (!have_state) continue;
          }
          if (state.status == "finished") {
            ++w.finished;
            c.set_parse(true);
            doing = "POST /api/games";
            const Reply r =
                c.post("/api/games",
                       {{"game", "pacific-war"}, {"seat", "japanese"}, {"opponent", "random"}});
            c.set_parse(false);
            if (r.status != 201) break;
            id = r.body["id"];
            if (!poll) {
              // Closing a stream may wait for the server's next heartbeat: in another thread.
              closers.emplace_back([old = std::move(events)]() mutable { old.reset(); });
              events = std::make_unique<EventReader>(port, id, c.cookie());
            }
            have_state = false;
            lines = 0;
            continue;
          }
          if (!state.your_turn || state.legal.empty()) continue;
          const std::size_t pick =
              std::uniform_int_distribution<std::size_t>(0, state.legal.size() - 1)(rng);
          const std::string body = "{\"action\":" + Json(state.legal[pick]).dump() +
                                   ",\"log_since\":" + std::to_string(lines) +
                                   ",\"version\":" + std::to_string(state.version) + "}";
          doing = "POST action";
          const auto t0 = Clock::now();
          const Reply r = c.post_text("/api/games/" + id + "/actions", body);
          w.act_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
          ++actions;
          if (r.status != 200) {
            w.error("action " + std::to_string(r.status) + ": " + r.text);
            have_state = false;
            lines = 0;
            continue;
          }
          keep(r);
        } catch (const std::exception& e) {
          w.error(doing + ": " + e.what());
          have_state = false;
          lines = 0;
        }
      }
      w.end = Clock::now();
      // Closing an event stream may wait for the server's next heartbeat: not measured.
      events.reset();
      for (std::thread& closer : closers) closer.join();
    });
  }
  for (std::thread& t : threads) t.join();
  Clock::time_point end = start;
  for (const Worker& w : workers) end = std::max(end, w.end);
  const double elapsed = std::chrono::duration<double>(end - start).count();
  const long rss_after = rss_kib(pid);
  const CpuTime cpu_after = cpu_ms(pid);
  const double user_used = cpu_after.user - cpu_before.user;
  const double system_used = cpu_after.system - cpu_before.system;
  const double cpu_used = user_used + system_used;
  const double own_cpu_used = own_cpu_ms() - own_cpu_before;

  std::vector<double> act, get;
  int errors = 0, finished = 0;
  Json first_errors = Json::array();
  for (const Worker& w : workers) {
    if (!w.first_error.empty() && first_errors.size() < 3) first_errors.push_back(w.first_error);
    act.insert(act.end(), w.act_ms.begin(), w.act_ms.end());
    get.insert(get.end(), w.get_ms.begin(), w.get_ms.end());
    errors += w.errors;
    finished += w.finished;
  }
  const Json result = {
      {"games", games},
      {"log", full_log ? "whole log in every answer" : "log_since: new lines only"},
      {"wait", poll ? "poll the state every 2 ms" : "live-update events, then the state"},
      {"seconds", elapsed},
      {"db", db.rfind("sqlite:", 0) == 0 ? "sqlite" : "postgresql"},
      {"actions", act.size()},
      {"actions_per_second", static_cast<double>(act.size()) / elapsed},
      {"action_ms",
       {{"p50", percentile(act, 0.5)},
        {"p90", percentile(act, 0.9)},
        {"p99", percentile(act, 0.99)},
        {"max", percentile(act, 1.0)}}},
      {"get_state_ms", {{"p50", percentile(get, 0.5)}, {"p99", percentile(get, 0.99)}}},
      {"gets", get.size()},
      {"errors", errors},
      {"first_errors", first_errors},
      // Server CPU per human action (it includes the computer player's replies and the reads).
      {"server_cpu_ms_per_action", act.empty() ? 0.0 : cpu_used / static_cast<double>(act.size())},
      {"server_system_cpu_share", cpu_used > 0 ? system_used / cpu_used : 0.0},
      // The load clients' own CPU per action (they share the machine with the server).
      {"client_cpu_ms_per_action",
       act.empty() ? 0.0 : own_cpu_used / static_cast<double>(act.size())},
      {"machine_load_average", load_average()},
      {"games_finished", finished},
      {"server_rss_kib",
       {{"before_games", rss_before}, {"games_created", rss_created}, {"after_run", rss_after}}},
      {"rss_per_game_kib",
       {{"created", static_cast<double>(rss_created - rss_before) / games},
        {"after_run", static_cast<double>(rss_after - rss_before) / games}}}};
  std::cout << result.dump(2) << "\n";
  return errors == 0 ? 0 : 1;
}
