// Load test of `pacwar serve` on 127.0.0.1: starts the server binary on a fresh database, plays
// N concurrent games against the `random` computer player (so the server, not the AI, is
// measured), each client acting as fast as it is allowed, for a bounded time and number of
// actions, then prints the action latencies (p50/p99) and the server's memory per game as JSON.
//
//   pacwar_server_load [--games 100] [--seconds 20] [--max-actions 2000] [--db URL]
//                      [--full-log 1]  (ask for the whole log each time, as before log_since)
#include <algorithm>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "server/test_support.h"

namespace {

using pacwar::engine::Json;
using pacwar::server::testing::ApiClient;
using pacwar::server::testing::Reply;
using pacwar::server::testing::ServerProcess;
using pacwar::server::testing::TempDir;
using Clock = std::chrono::steady_clock;

// CPU time (user + system) the process has used, in milliseconds.
double cpu_ms(int pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  std::istringstream fields(text.substr(text.rfind(')') + 2));
  std::string field;
  long ticks = 0;
  for (int i = 3; i <= 15 && fields >> field; ++i) {
    if (i == 14 || i == 15) ticks += std::stol(field);
  }
  return 1000.0 * static_cast<double>(ticks) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

long rss_kib(int pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  }
  return -1;
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

struct Worker {
  std::vector<double> act_ms;
  std::vector<double> get_ms;
  int errors = 0;
  int finished = 0;
};

}  // namespace

int main(int argc, char** argv) {
  int games = 100;
  double seconds = 20;
  int max_actions = 2000;
  std::string db;
  bool full_log = false;
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
    else if (option == "--full-log")
      full_log = std::string(argv[i + 1]) != "0";
    else {
      std::cerr << "unknown option " << option << "\n";
      return 2;
    }
  }
  TempDir dir;
  if (db.empty()) db = "sqlite:" + (dir.path() / "load.db").string();
  ServerProcess server(db);
  const int pid = server.pid();

  // One account per 10 games (signing up costs an argon2id hash each).
  std::vector<std::string> cookies;
  for (int u = 0; u < (games + 9) / 10; ++u) {
    ApiClient c(server.port());
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
    ApiClient c(server.port());
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
  const double cpu_before = cpu_ms(pid);
  for (int g = 0; g < games; ++g) {
    threads.emplace_back([&, g] {
      Worker& w = workers[static_cast<std::size_t>(g)];
      ApiClient c(server.port());
      c.set_cookie(cookies[static_cast<std::size_t>(g / 10)]);
      std::mt19937 rng(static_cast<unsigned>(g));
      std::string id = ids[static_cast<std::size_t>(g)];
      int actions = 0;
      Json state;  // the last state seen: an action's answer is the next state
      // Log lines already held: like the web UI, ask only for the newer ones (?log_since=N).
      std::int64_t lines = 0;
      const auto keep_log = [&](const Json& body) {
        lines = full_log ? 0
                         : body.value("log_from", std::int64_t{0}) +
                               static_cast<std::int64_t>(body["log"].size());
      };
      while (Clock::now() < deadline && actions < max_actions) {
        try {
          if (state.is_null() || !state["your_turn"].get<bool>()) {
            if (!state.is_null()) std::this_thread::sleep_for(std::chrono::milliseconds(2));
            const auto t0 = Clock::now();
            const Reply r = c.get("/api/games/" + id + "?log_since=" + std::to_string(lines));
            w.get_ms.push_back(
                std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
            if (r.status != 200) {
              ++w.errors;
              state = nullptr;
              lines = 0;
              continue;
            }
            state = r.body;
            keep_log(state);
          }
          if (state["status"] == "finished") {
            ++w.finished;
            const Reply r =
                c.post("/api/games",
                       {{"game", "pacific-war"}, {"seat", "japanese"}, {"opponent", "random"}});
            if (r.status != 201) break;
            id = r.body["id"];
            state = nullptr;
            lines = 0;
            continue;
          }
          if (!state["your_turn"].get<bool>()) continue;
          const Json& legal = state["legal"];
          const std::size_t pick =
              std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng);
          const auto t0 = Clock::now();
          const Reply r = c.post(
              "/api/games/" + id + "/actions",
              {{"action", legal[pick]["id"]}, {"version", state["version"]}, {"log_since", lines}});
          w.act_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
          ++actions;
          if (r.status != 200) {
            ++w.errors;
            state = nullptr;
            lines = 0;
            continue;
          }
          state = r.body;
          keep_log(state);
        } catch (const std::exception&) {
          ++w.errors;
          state = nullptr;
          lines = 0;
        }
      }
    });
  }
  for (std::thread& t : threads) t.join();
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  const long rss_after = rss_kib(pid);
  const double cpu_used = cpu_ms(pid) - cpu_before;

  std::vector<double> act, get;
  int errors = 0, finished = 0;
  for (const Worker& w : workers) {
    act.insert(act.end(), w.act_ms.begin(), w.act_ms.end());
    get.insert(get.end(), w.get_ms.begin(), w.get_ms.end());
    errors += w.errors;
    finished += w.finished;
  }
  const Json result = {
      {"games", games},
      {"log", full_log ? "whole log in every answer" : "log_since: new lines only"},
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
      // Server CPU per human action (it includes the computer player's replies and the reads).
      {"server_cpu_ms_per_action", act.empty() ? 0.0 : cpu_used / static_cast<double>(act.size())},
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
