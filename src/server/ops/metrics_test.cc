// /metrics and /healthz (metrics_routes.h) on the in-process server: route labels without ids,
// the health checks' 200 and 503 with the failing part named, and the address check applied.
// tests/metrics_scrape.py parses a real server's /metrics with the Prometheus client's parser.
#include "server/ops/metrics.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <thread>

#include "server/db/db.h"
#include "server/ops/health.h"
#include "server/test_support.h"

namespace pacwar::server {
namespace {

using engine::Json;
using testing::ApiClient;
using testing::InProcessServer;
using testing::Reply;
using testing::TempDir;

TEST(Metrics, RouteLabelsHoldNoIds) {
  EXPECT_EQ(http::route_label(R"(/api/games/([0-9a-f]{1,64})/actions)"),
            "/api/games/:param/actions");
  EXPECT_EQ(http::route_label(R"(/api/content/([a-z0-9-]{1,64}))"), "/api/content/:param");
  EXPECT_EQ(http::route_label("/api/me"), "/api/me");
  EXPECT_EQ(http::route_label(R"(/a/((x)|(y))/b\.json)"), "/a/:param/b.json");
}

TEST(Metrics, HealthNamesTheFailingPart) {
  Health health;
  health.add("database", []() -> Json { throw DbError("connection refused"); });
  health.add("ai_workers", [] { return Json{{"jobs_queued", 0}}; });
  const Health::Result failing = health.run();
  EXPECT_EQ(failing.status, 503);
  EXPECT_EQ(failing.body["status"], "failing");
  EXPECT_EQ(failing.body["failing"], Json::array({"database"}));
  EXPECT_EQ(failing.body["checks"]["database"]["ok"], false);
  EXPECT_EQ(failing.body["checks"]["database"]["error"], "connection refused");
  EXPECT_EQ(failing.body["checks"]["ai_workers"]["ok"], true);

  Health good;
  good.add("database", [] { return Json{{"kind", "sqlite"}}; });
  const Health::Result ok = good.run();
  EXPECT_EQ(ok.status, 200);
  EXPECT_EQ(ok.body["status"], "ok");
  EXPECT_FALSE(ok.body.contains("failing"));
}

TEST(Metrics, CountsRequestsByRouteAndDatabaseErrors) {
  Metrics metrics;
  const std::string get = "GET";
  metrics.observe_request({get, "/api/games/:param", 200, "", std::chrono::milliseconds(3)});
  metrics.observe_request({get, "/api/games/:param", 500, "database", std::chrono::seconds(1)});
  const std::string text = metrics.render();
  EXPECT_NE(
      text.find(
          R"(pacwar_http_request_duration_seconds_count{method="GET",route="/api/games/:param"} 2)"),
      std::string::npos)
      << text;
  EXPECT_NE(text.find(R"(pacwar_db_errors_total{where="request"} 1)"), std::string::npos) << text;
  // Made-up methods share one series.
  for (const std::string method : {"BREW", "WHEN"}) {
    metrics.observe_request({method, "none", 405, "", std::chrono::milliseconds(1)});
  }
  const std::string after = metrics.render();
  EXPECT_NE(
      after.find(R"(pacwar_http_request_duration_seconds_count{method="OTHER",route="none"} 2)"),
      std::string::npos)
      << after;
  EXPECT_EQ(after.find("BREW"), std::string::npos);
  EXPECT_NE(text.find(R"(pacwar_http_responses_total{code="5xx"} 1)"), std::string::npos) << text;
}

class MetricsServer : public ::testing::Test {
 protected:
  ServerConfig config() { return testing::test_config(dir_, 4); }
  TempDir dir_;
};

TEST_F(MetricsServer, HealthyServerAnswers200AndMetricsFromLoopback) {
  InProcessServer server(config());
  ApiClient alice = testing::signed_up(server.port(), "alice");
  const std::string id = testing::create_game(
      alice, {{"game", "pacific-war"}, {"seat", "japanese"}, {"opponent", "random"}});
  ASSERT_EQ(alice.get("/api/games/" + id).status, 200);

  ApiClient probe(server.port());
  const Reply health = probe.get("/healthz");
  ASSERT_EQ(health.status, 200) << health.text;
  EXPECT_EQ(health.body["status"], "ok");
  EXPECT_EQ(health.body["checks"]["database"]["ok"], true);
  EXPECT_EQ(health.body["checks"]["ai_workers"]["embedded"], true);

  probe.set_parse(false);
  const Reply metrics = probe.get("/metrics");
  ASSERT_EQ(metrics.status, 200) << metrics.text;
  EXPECT_EQ(metrics.header("Content-Type").rfind("text/plain; version=0.0.4", 0), 0u);
  const std::string& text = metrics.text;
  EXPECT_NE(text.find(R"(route="/api/games/:param")"), std::string::npos) << text;
  EXPECT_NE(text.find(R"(route="/api/signup")"), std::string::npos) << text;
  EXPECT_EQ(text.find(id), std::string::npos) << "a game id in a label";
  // At least this game (on PostgreSQL the database is shared with other tests).
  const std::string active = R"(pacwar_games{status="active"} )";
  const auto at = text.find(active);
  ASSERT_NE(at, std::string::npos) << text;
  EXPECT_GE(std::stod(text.substr(at + active.size())), 1.0) << text;
}

TEST_F(MetricsServer, RefusedToAddressesNotAllowed) {
  ServerConfig c = config();
  c.metrics_allow = {"10.0.0.0/8"};  // loopback is not in it: the test's own requests are refused
  InProcessServer server(c);
  ApiClient probe(server.port());
  EXPECT_EQ(probe.get("/metrics").status, 403);
  EXPECT_EQ(probe.get("/healthz").status, 403);
  EXPECT_EQ(probe.get("/api/catalog").status, 200);
}

TEST_F(MetricsServer, NoWorkerTakingTheComputersTurnsFails503) {
  ServerConfig c = config();
  c.agent_threads = 0;  // the AI left to `pacwar worker`s, and none runs
  c.health_ai_wait = std::chrono::milliseconds(0);
  InProcessServer server(c);
  ApiClient probe(server.port());
  if (!testing::postgres_url()) {  // a shared PostgreSQL database may hold other tests' turns
    EXPECT_EQ(probe.get("/healthz").status, 200) << "no turn waits yet";
  }

  ApiClient alice = testing::signed_up(server.port(), "alice");
  const std::string id = testing::create_game(
      alice, {{"game", "pacific-war"}, {"seat", "allied"}, {"opponent", "random"}});
  // Play until it is the computer player's turn: its job is queued for a worker, none takes it.
  for (int i = 0; i < 200; ++i) {
    const Reply state = alice.get("/api/games/" + id);
    ASSERT_EQ(state.status, 200) << state.text;
    if (!state.body["your_turn"].get<bool>()) break;
    const Reply acted =
        alice.post("/api/games/" + id + "/actions",
                   {{"action", state.body["legal"][0]["id"]}, {"version", state.body["version"]}});
    ASSERT_EQ(acted.status, 200) << acted.text;
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const Reply health = probe.get("/healthz");
  ASSERT_EQ(health.status, 503) << health.text;
  EXPECT_EQ(health.body["failing"], Json::array({"ai_workers"}));
  EXPECT_NE(health.body["checks"]["ai_workers"]["error"].get<std::string>().find("--ai-workers 0"),
            std::string::npos)
      << health.text;
  EXPECT_EQ(health.body["checks"]["database"]["ok"], true);
}

// A database that no longer answers the probe's query (here its games table renamed away by
// another connection: on SQLite, where a test cannot stop the server's database): 503 naming
// "database", and the error counted in /metrics.
TEST_F(MetricsServer, DatabaseNotAnsweringFails503) {
  if (testing::postgres_url()) GTEST_SKIP() << "renames a table of the shared PostgreSQL database";
  ServerConfig c = config();
  InProcessServer server(c);
  ApiClient probe(server.port());
  ASSERT_EQ(probe.get("/healthz").status, 200);
  {
    std::unique_ptr<Database> other = open_database(c.db);
    auto connection = other->acquire();
    connection->execute("ALTER TABLE games RENAME TO games_gone");
  }
  const Reply health = probe.get("/healthz");
  ASSERT_EQ(health.status, 503) << health.text;
  EXPECT_EQ(health.body["status"], "failing");
  EXPECT_EQ(health.body["checks"]["database"]["ok"], false);
  EXPECT_NE(health.body["checks"]["database"]["error"].get<std::string>().find("games"),
            std::string::npos)
      << health.text;
  probe.set_parse(false);
  const Reply metrics = probe.get("/metrics");
  EXPECT_NE(metrics.text.find(R"(pacwar_db_errors_total{where="health"} 1)"), std::string::npos)
      << metrics.text;
}

}  // namespace
}  // namespace pacwar::server
