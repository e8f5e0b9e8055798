// Schema versions (migrations.h): today's database (tests/fixtures/schema-v1.sqlite) opens and
// plays on after the upgrade, a newer database is refused unchanged, and servers starting at
// once apply each migration once. On SQLite, or on PostgreSQL with $PACWAR_TEST_POSTGRES
// (scripts/test-postgres.sh).
#include <fstream>
#include <iterator>
#include <map>
#include <set>

#include "server/db/schema_fixture.h"
#include "server/db/store.h"

namespace pacwar::server {
namespace {

using testing::ApiClient;
using testing::FixtureDb;
using testing::InProcessServer;
using testing::Reply;
using testing::TempDir;

int version_of(const std::string& url) {
  std::unique_ptr<Database> db = open_database(url);
  auto c = db->acquire();
  try {
    return schema_version(*c);
  } catch (const DbError&) {
    return 0;  // no schema_version table: made before schema versions
  }
}

ApiClient logged_in(int port, const std::string& name) {
  ApiClient c(port);
  const Reply r = c.post("/api/login", {{"username", name}, {"password", "password123"}});
  EXPECT_EQ(r.status, 200) << name << ": " << r.text;
  return c;
}

TEST(ServerSchema, MigrationsAreNumberedOneAfterAnother) {
  int expected = 1;
  for (const Migration& m : migrations()) {
    EXPECT_EQ(m.version, expected++);
    EXPECT_FALSE(m.statements.empty());
  }
  EXPECT_EQ(latest_schema_version(), 2);
}

TEST(ServerSchema, TodaysDatabaseUpgradesAndPlaysOn) {
  TempDir dir;
  FixtureDb fixture(dir);
  EXPECT_EQ(version_of(fixture.url()), 0);
  ServerConfig config = testing::test_config(dir, 4);
  config.db = fixture.url();
  InProcessServer server(config);
  EXPECT_EQ(version_of(fixture.url()), latest_schema_version());

  // The fixture's games and who sits where, read from the upgraded database.
  std::map<std::string, std::string> status;
  std::map<std::string, std::vector<std::string>> players;
  {
    std::unique_ptr<Database> db = open_database(fixture.url());
    auto c = db->acquire();
    for (const SqlRow& row : c->query("SELECT id, status, rules_version FROM games")) {
      status[*row[0]] = *row[1];
      EXPECT_EQ(row[2].value_or("?"), "");  // games from before the column
    }
    for (const SqlRow& row : c->query("SELECT game_id, username FROM seats ORDER BY seat")) {
      if (row[1]) players[*row[0]].push_back(*row[1]);
    }
  }
  ASSERT_EQ(status.size(), 5U);
  std::map<std::string, ApiClient> clients;
  for (const char* name : {"alice", "bob", "carol", "dave"}) {
    clients.emplace(name, logged_in(server.port(), name));
  }

  int finished = 0;
  for (const auto& [id, game_status] : status) {
    SCOPED_TRACE("game " + id);
    ASSERT_FALSE(players[id].empty());
    for (const std::string& name : players[id]) {
      ApiClient& c = clients.at(name);
      EXPECT_NE(c.get("/api/games").text.find(id), std::string::npos);  // in the lobby
      EXPECT_EQ(c.get("/api/games/" + id).status, 200);
    }
    if (game_status == "finished") {
      ++finished;
      continue;
    }
    // One legal action by whoever is to move (after the computer's turn, against it).
    bool moved = false;
    for (int tries = 0; tries < 2000 && !moved; ++tries) {
      for (const std::string& name : players[id]) {
        ApiClient& c = clients.at(name);
        const Reply state = c.get("/api/games/" + id);
        ASSERT_EQ(state.status, 200) << state.text;
        ASSERT_EQ(state.body["status"], "active");
        if (state.body["legal"].empty()) continue;
        const Reply r =
            c.post("/api/games/" + id + "/actions",
                   {{"action", state.body["legal"][0]["id"]}, {"version", state.body["version"]}});
        EXPECT_EQ(r.status, 200) << r.text;
        moved = true;
        break;
      }
      if (!moved) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    EXPECT_TRUE(moved);
  }
  EXPECT_EQ(finished, 1);

  // Ratings, chat and the War in the Pacific campaign are still there.
  const std::string board = clients.at("alice").get("/api/leaderboard/pacific-war").text;
  EXPECT_NE(board.find("dave"), std::string::npos) << board;
  EXPECT_NE(board.find("carol"), std::string::npos) << board;
  bool chat_found = false;
  for (const auto& [id, names] : players) {
    const Reply chat = clients.at(names[0]).get("/api/games/" + id + "/chat");
    if (chat.text.find("Good luck, bob") != std::string::npos) chat_found = true;
  }
  EXPECT_TRUE(chat_found);
  const Reply campaigns = clients.at("alice").get("/api/witp/campaigns");
  EXPECT_EQ(campaigns.status, 200);
  EXPECT_NE(campaigns.text.find("Fixture campaign"), std::string::npos) << campaigns.text;
}

std::string file_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(ServerSchema, NewerDatabaseIsRefusedUnchanged) {
  TempDir dir;
  FixtureDb fixture(dir);
  {
    // A "newer pacwar" left version 1 and then version latest + 3.
    std::unique_ptr<Database> db = open_database(fixture.url());
    auto c = db->acquire();
    c->execute(
        "CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied BIGINT NOT NULL)");
    c->execute("INSERT INTO schema_version (version, applied) VALUES (1, 0), (?, 0)",
               {std::int64_t{latest_schema_version() + 3}});
  }
  const std::filesystem::path file = dir.path() / "fixture.db";
  const bool sqlite = fixture.url().rfind("sqlite:", 0) == 0;
  const std::string before = sqlite ? file_bytes(file) : "";
  const std::string expected =
      "this database is at schema version " + std::to_string(latest_schema_version() + 3) +
      " but this pacwar knows only up to " + std::to_string(latest_schema_version()) +
      ": run the newer pacwar or restore a backup";
  try {
    Store store(open_database(fixture.url()));
    ADD_FAILURE() << "a newer database was opened";
  } catch (const SchemaTooNew& e) {
    EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
  }
  TempDir server_dir;
  ServerConfig config = testing::test_config(server_dir, 2);
  config.db = fixture.url();
  EXPECT_THROW(InProcessServer{config}, SchemaTooNew);

  // Nothing changed: no migration 2 column, the same file.
  std::unique_ptr<Database> db = open_database(fixture.url());
  auto c = db->acquire();
  EXPECT_THROW(c->query("SELECT rules_version FROM games"), DbError);
  EXPECT_EQ(schema_version(*c), latest_schema_version() + 3);
  if (sqlite) {
    EXPECT_TRUE(file_bytes(file) == before);
  }
}

TEST(ServerSchema, ServersStartingAtOnceMigrateOnce) {
  TempDir dir;
  FixtureDb fixture(dir);
  constexpr int kOpenings = 4;
  std::vector<std::thread> threads;
  std::atomic<int> opened{0};
  for (int i = 0; i < kOpenings; ++i) {
    threads.emplace_back([&] {
      try {
        Store store(open_database(fixture.url()));
        ++opened;
      } catch (const std::exception& e) {
        ADD_FAILURE() << e.what();
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(opened, kOpenings);
  std::unique_ptr<Database> db = open_database(fixture.url());
  auto c = db->acquire();
  std::vector<int> applied;
  for (const SqlRow& row : c->query("SELECT version FROM schema_version ORDER BY version")) {
    applied.push_back(std::stoi(*row[0]));
  }
  std::vector<int> expected;
  for (const Migration& m : migrations()) expected.push_back(m.version);
  EXPECT_EQ(applied, expected);  // each once (the version is the table's key)
  EXPECT_EQ(c->query("SELECT rules_version FROM games").size(), 5U);
}

}  // namespace
}  // namespace pacwar::server
