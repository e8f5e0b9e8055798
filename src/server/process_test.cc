// The real `pacwar serve` binary as a process: a kill -9 at any moment loses no accepted
// action, and several server processes share one database (SQLite here; the PostgreSQL run of
// scripts/test-postgres.sh repeats them on PostgreSQL).
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <iterator>
#include <memory>
#include <random>
#include <sstream>
#include <thread>
#include <vector>

#include "server/test_support.h"

namespace pacwar::server {
namespace {

using engine::Json;
using testing::ApiClient;
using testing::Reply;
using testing::ServerProcess;
using testing::TempDir;
using testing::unique;

// Plays a random legal action when it is `c`'s turn; returns the answer, or a
// status 0 reply when it was not its turn.
Reply act_if_my_turn(ApiClient& c, const std::string& id, std::mt19937& rng) {
  const Reply state = c.get("/api/games/" + id);
  if (state.status != 200 || !state.body["your_turn"].get<bool>()) return Reply{};
  const Json& legal = state.body["legal"];
  const std::size_t pick = std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng);
  return c.post("/api/games/" + id + "/actions",
                {{"action", legal[pick]["id"]}, {"version", state.body["version"]}});
}

// The CPU time (user + system, seconds) process `pid` has used so far (/proc/PID/stat).
double cpu_seconds(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::istringstream fields(text.substr(text.rfind(')') + 2));  // after "pid (comm) "
  std::string field;
  double ticks = 0;
  for (int i = 3; fields >> field && i <= 15; ++i)
    if (i == 14 || i == 15) ticks += std::stod(field);  // utime, stime
  return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

// Issue 41, hole 2: with `ulimit -n 64` and more idle connections than descriptors, accept4
// fails with EMFILE while the listening socket stays readable. The server must not spin on it
// (it used 85% of a core, and new clients hung): it sheds the longest-idle connections, and a
// new client is answered.
TEST(ServerProcessTest, OutOfDescriptorsShedsIdleConnectionsWithoutSpinning) {
  TempDir dir;
  ServerProcess server(testing::test_db(dir), {}, 64);
  // Served once before the descriptors are used up: its threads have started (clang's UBSan
  // checks a new thread's first call through a pipe, and without a descriptor it reported the
  // thread's own object as of another type).
  EXPECT_EQ(ApiClient(server.port()).get("/api/me").status, 401);
  std::vector<int> idle;
  for (int i = 0; i < 80; ++i) {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    ASSERT_GE(fd, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(server.port()));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
    idle.push_back(fd);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const double before = cpu_seconds(server.pid());
  std::this_thread::sleep_for(std::chrono::seconds(2));
  const double used = cpu_seconds(server.pid()) - before;
  EXPECT_LT(used, 0.5) << "CPU seconds in 2 s with the descriptors used up";
  ApiClient fresh(server.port());
  EXPECT_EQ(fresh.get("/api/me").status, 401);  // answered (not logged in), not left hanging
  for (const int fd : idle) ::close(fd);
}

TEST(ServerProcessTest, KillNineMidGameLosesNoAcceptedAction) {
  TempDir dir;
  const std::string db = testing::test_db(dir);
  std::string id;
  std::string cookie;
  std::int64_t acknowledged = 0;
  Json acknowledged_view;
  std::mt19937 rng(11);
  {
    ServerProcess server(db);
    ApiClient alice(server.port());
    ASSERT_EQ(alice.signup(unique("alice")).status, 201);
    cookie = alice.cookie();
    const Reply created = alice.post(
        "/api/games", {{"game", "pacific-war"}, {"seat", "japanese"}, {"opponent", "random"}});
    ASSERT_EQ(created.status, 201);
    id = created.body["id"];
    // Act as fast as possible while another thread kills the server at a random moment.
    std::atomic<bool> killed{false};
    std::atomic<bool> first_acknowledged{false};
    const auto delay = std::chrono::milliseconds(100 + rng() % 250);
    std::thread killer([&, delay] {
      // After the first acknowledged action (commits are fsynced: slow on a busy disk), early
      // enough that a random game (a few hundred actions) is still going on.
      for (int i = 0; i < 3000 && !first_acknowledged; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
      std::this_thread::sleep_for(delay);
      server.kill_now();
      killed = true;
    });
    while (!killed) {
      try {
        const Reply r = act_if_my_turn(alice, id, rng);
        if (r.status == 200) {
          acknowledged = r.body["version"];
          acknowledged_view = r.body["view"];
          first_acknowledged = true;
        }
      } catch (const std::runtime_error&) {
        break;  // the connection died with the server
      }
    }
    killer.join();
  }
  ASSERT_GT(acknowledged, 0);
  // Restart on the same database: the session cookie is still valid (sessions are stored), the
  // game holds every acknowledged action, and the computer player goes on.
  ServerProcess server(db);
  ApiClient alice(server.port());
  alice.set_cookie(cookie);
  const Reply state = alice.get("/api/games/" + id);
  ASSERT_EQ(state.status, 200) << state.text;
  EXPECT_GE(state.body["version"].get<std::int64_t>(), acknowledged);
  for (int i = 0; i < 20; ++i) {
    const Reply r = act_if_my_turn(alice, id, rng);
    if (r.status == 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      continue;
    }
    ASSERT_EQ(r.status, 200) << r.text;
  }
  if (state.body["status"] == "active") {
    EXPECT_GT(alice.get("/api/games/" + id).body["version"].get<std::int64_t>(),
              state.body["version"].get<std::int64_t>());
  }
}

// Group commit (issue 43): with many games acting at once, commits share WAL syncs; every
// action the server acknowledged in any game is still there after kill -9.
TEST(ServerProcessTest, KillNineWithManyGamesActingLosesNoAcknowledgedAction) {
  TempDir dir;
  const std::string db = testing::test_db(dir);
  constexpr int kPlayers = 6;
  std::vector<std::string> ids(kPlayers), cookies(kPlayers);
  std::vector<std::int64_t> acknowledged(kPlayers, 0);
  {
    ServerProcess server(db);
    std::vector<std::unique_ptr<ApiClient>> clients;
    for (int p = 0; p < kPlayers; ++p) {
      clients.push_back(std::make_unique<ApiClient>(server.port()));
      ApiClient& c = *clients.back();
      ASSERT_EQ(c.signup(unique("many")).status, 201);
      cookies[static_cast<std::size_t>(p)] = c.cookie();
      const Reply created = c.post(
          "/api/games", {{"game", "pacific-war"}, {"seat", "japanese"}, {"opponent", "random"}});
      ASSERT_EQ(created.status, 201);
      ids[static_cast<std::size_t>(p)] = created.body["id"];
    }
    std::atomic<bool> killed{false};
    std::atomic<int> players_acknowledged{0};
    std::vector<std::thread> players;
    for (int p = 0; p < kPlayers; ++p) {
      players.emplace_back([&, p] {
        const auto k = static_cast<std::size_t>(p);
        std::mt19937 rng(static_cast<unsigned>(100 + p));
        bool counted = false;
        while (!killed) {
          try {
            const Reply r = act_if_my_turn(*clients[k], ids[k], rng);
            if (r.status == 200) {
              acknowledged[k] = r.body["version"];
              if (!counted) ++players_acknowledged;
              counted = true;
            }
          } catch (const std::runtime_error&) {
            break;  // the connection died with the server
          }
        }
      });
    }
    // Kill once every player has had actions acknowledged, while they all still act.
    for (int i = 0; i < 3000 && players_acknowledged < kPlayers; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    server.kill_now();
    killed = true;
    for (auto& player : players) player.join();
  }
  ServerProcess server(db);
  for (int p = 0; p < kPlayers; ++p) {
    const auto k = static_cast<std::size_t>(p);
    ASSERT_GT(acknowledged[k], 0) << "player " << p;
    ApiClient c(server.port());
    c.set_cookie(cookies[k]);
    const Reply state = c.get("/api/games/" + ids[k]);
    ASSERT_EQ(state.status, 200) << state.text;
    EXPECT_GE(state.body["version"].get<std::int64_t>(), acknowledged[k]) << "player " << p;
  }
}

TEST(ServerProcessTest, RestartKeepsTheExactState) {
  TempDir dir;
  const std::string db = testing::test_db(dir);
  std::mt19937 rng(5);
  std::string id;
  std::string cookie;
  Json before;
  {
    ServerProcess server(db);
    ApiClient alice(server.port());
    ASSERT_EQ(alice.signup(unique("alice")).status, 201);
    cookie = alice.cookie();
    const Reply created = alice.post(
        "/api/games", {{"game", "pacific-war"}, {"seat", "allied"}, {"opponent", "human"}});
    id = created.body["id"];
    ApiClient bob(server.port());
    ASSERT_EQ(bob.signup(unique("bob")).status, 201);
    ASSERT_EQ(bob.post("/api/invites/" + created.body["invite"].get<std::string>()).status, 200);
    for (int i = 0; i < 40; ++i) {
      if (act_if_my_turn(alice, id, rng).status == 0) act_if_my_turn(bob, id, rng);
    }
    before = alice.get("/api/games/" + id).body;
    server.kill_now();
  }
  ServerProcess server(db);
  ApiClient alice(server.port());
  alice.set_cookie(cookie);
  const Reply after = alice.get("/api/games/" + id);
  ASSERT_EQ(after.status, 200);
  EXPECT_EQ(after.body["version"], before["version"]);
  EXPECT_EQ(after.body["view"], before["view"]);
  EXPECT_EQ(after.body["log"], before["log"]);
  EXPECT_EQ(after.body["legal"], before["legal"]);
}

TEST(ServerProcessTest, TwoServersShareOneDatabase) {
  TempDir dir;
  const std::string db = testing::test_db(dir);
  ServerProcess one(db);
  ServerProcess two(db);
  ApiClient alice(one.port());
  ASSERT_EQ(alice.signup(unique("alice")).status, 201);
  ApiClient bob(two.port());
  ASSERT_EQ(bob.signup(unique("bob")).status, 201);
  const Reply created = alice.post(
      "/api/games", {{"game", "pacific-war"}, {"seat", "allied"}, {"opponent", "human"}});
  ASSERT_EQ(created.status, 201);
  const std::string id = created.body["id"];
  // Bob joins and plays on the other server.
  ASSERT_EQ(bob.post("/api/invites/" + created.body["invite"].get<std::string>()).status, 200);
  std::mt19937 rng(3);
  // Bob listens on server two; alice acts on server one: the event crosses the processes.
  testing::EventReader events(two.port(), id, bob.cookie());
  ASSERT_TRUE(events.wait_version(0));
  const Reply first = act_if_my_turn(alice, id, rng);
  ASSERT_EQ(first.status, 200) << first.text;
  EXPECT_TRUE(events.wait_version(first.body["version"]));
  int moves = 0;
  for (int i = 0; i < 60; ++i) {
    Reply r = act_if_my_turn(alice, id, rng);
    if (r.status == 0) r = act_if_my_turn(bob, id, rng);
    if (r.status == 200) ++moves;
  }
  EXPECT_GT(moves, 30);
  const Json a = alice.get("/api/games/" + id).body;
  const Json b = bob.get("/api/games/" + id).body;
  EXPECT_EQ(a["version"], b["version"]);
  EXPECT_EQ(a["view"]["turn"], b["view"]["turn"]);

  // The same action sent at the same version to both servers at once: exactly one is accepted.
  ApiClient alice_on_two(two.port());
  alice_on_two.set_cookie(alice.cookie());
  ApiClient bob_on_one(one.port());
  bob_on_one.set_cookie(bob.cookie());
  int races = 0;
  for (int i = 0; i < 10; ++i) {
    ApiClient* first_client = &alice;
    ApiClient* second = &alice_on_two;
    Json state = alice.get("/api/games/" + id).body;
    if (!state["your_turn"].get<bool>()) {
      first_client = &bob_on_one;
      second = &bob;
      state = bob.get("/api/games/" + id).body;
    }
    if (state["status"] != "active") break;
    const Json body = {{"action", state["legal"][0]["id"]}, {"version", state["version"]}};
    Reply r1, r2;
    std::thread t([&] { r1 = first_client->post("/api/games/" + id + "/actions", body); });
    r2 = second->post("/api/games/" + id + "/actions", body);
    t.join();
    EXPECT_EQ((r1.status == 200) + (r2.status == 200), 1) << r1.text << " / " << r2.text;
    EXPECT_TRUE(r1.status == 409 || r2.status == 409);
    ++races;
  }
  EXPECT_GT(races, 5);
  // Both servers agree on the log afterwards.
  EXPECT_EQ(alice.get("/api/games/" + id).body["log"],
            alice_on_two.get("/api/games/" + id).body["log"]);
}

}  // namespace
}  // namespace pacwar::server
