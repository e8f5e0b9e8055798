// Backups (server/db/backup.h, `pacwar backup` / `pacwar restore`): a backup taken while a server
// writes restores into a fresh database on which a new server finds every game. SQLite only
// (PostgreSQL: pg_dump, scripts/test-postgres.sh).
#include "server/db/backup.h"

#include <cstdio>

#include "server/db/migrations.h"
#include "server/db/store.h"
#include "server/test_support.h"

namespace pacwar::server {
namespace {

using engine::Json;
using testing::ApiClient;
using testing::InProcessServer;
using testing::Reply;
using testing::TempDir;

ServerConfig sqlite_config(const TempDir& dir, const std::string& file) {
  ServerConfig config = testing::test_config(dir, 4);
  config.db = "sqlite:" + (dir.path() / file).string();
  config.agent_threads = 1;
  config.max_new_games_per_hour = 0;  // the writer below makes many
  return config;
}

Json new_game(ApiClient& c, const std::string& opponent) {
  const Reply r =
      c.post("/api/games", {{"game", "pacific-war"}, {"seat", "japanese"}, {"opponent", opponent}});
  EXPECT_EQ(r.status, 201) << r.text;
  return r.body;
}

TEST(ServerBackup, BackupWhileServingRestoresEveryGame) {
  TempDir dir;
  std::vector<std::string> before;  // games made before the backup started
  const std::string backup = (dir.path() / "backup.db").string();
  std::string name;
  {
    InProcessServer server(sqlite_config(dir, "live.db"));
    ApiClient alice = testing::signed_up(server.port(), "alice", &name);
    for (int i = 0; i < 3; ++i) before.push_back(new_game(alice, "human")["id"]);
    before.push_back(new_game(alice, "random")["id"]);

    // Another connection writes all through the backup.
    std::atomic<bool> stop{false};
    std::atomic<int> written{0};
    std::thread writer([&] {
      ApiClient bob = testing::signed_up(server.port(), "bob");
      while (!stop) {  // a waiting game made and cancelled: two transactions
        const std::string id = new_game(bob, "human").value("id", "");
        EXPECT_EQ(bob.del("/api/games/" + id).status, 200);
        ++written;
      }
    });
    while (written < 2) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    BackupInfo info;
    for (int i = 0; i < 3; ++i) info = backup_sqlite((dir.path() / "live.db").string(), backup);
    stop = true;
    writer.join();
    EXPECT_EQ(info.schema_version, latest_schema_version());
    EXPECT_GT(info.bytes, 0);
    EXPECT_FALSE(std::filesystem::exists(backup + "-wal"));
  }

  const std::string restored = (dir.path() / "restored.db").string();
  EXPECT_EQ(restore_sqlite(backup, restored, false).schema_version, latest_schema_version());
  EXPECT_THROW(restore_sqlite(backup, restored, false), std::runtime_error);  // exists
  EXPECT_NO_THROW(restore_sqlite(backup, restored, true));

  InProcessServer server(sqlite_config(dir, "restored.db"));
  ApiClient alice(server.port());
  ASSERT_EQ(alice.post("/api/login", {{"username", name}, {"password", "password123"}}).status,
            200);
  const std::string lobby = alice.get("/api/games").text;
  testing::wait_turn(alice, before.back());  // the game against the computer
  int moved = 0;
  for (const std::string& id : before) {
    EXPECT_NE(lobby.find(id), std::string::npos) << id;
    const Reply got = alice.get("/api/games/" + id);
    ASSERT_EQ(got.status, 200) << got.text;
    if (got.body["legal"].empty()) continue;  // waiting for its second player
    const Json& state = got.body;
    const Reply r =
        alice.post("/api/games/" + id + "/actions",
                   {{"action", state["legal"][0]["id"]}, {"version", state["version"]}});
    EXPECT_EQ(r.status, 200) << r.text;
    ++moved;
  }
  EXPECT_GE(moved, 1);
}

TEST(ServerBackup, RestoreChecksTheBackup) {
  TempDir dir;
  const std::string file = (dir.path() / "a.db").string();
  { Store store(open_sqlite(file)); }
  const std::string backup = (dir.path() / "a.backup").string();
  backup_sqlite(file, backup);
  {
    std::unique_ptr<Database> db = open_sqlite(backup);
    db->acquire()->execute("INSERT INTO schema_version (version, applied) VALUES (99, 0)");
  }
  try {
    restore_sqlite(backup, (dir.path() / "b.db").string(), false);
    ADD_FAILURE() << "a backup of a newer schema was restored";
  } catch (const SchemaTooNew& e) {
    EXPECT_NE(std::string(e.what()).find("schema version 99"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "b.db"));
  {
    std::FILE* junk = std::fopen((dir.path() / "junk").c_str(), "w");
    std::fputs("not a database", junk);
    std::fclose(junk);
  }
  EXPECT_THROW(
      restore_sqlite((dir.path() / "junk").string(), (dir.path() / "c.db").string(), false),
      std::exception);
  try {
    sqlite_file_of_url("postgresql:///pacwar");
    ADD_FAILURE();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("pg_dump"), std::string::npos);
  }
}

// The commands of the binary: backup, then restore refusing to replace a database.
TEST(ServerBackup, CommandLine) {
  TempDir dir;
  const std::string file = (dir.path() / "a.db").string();
  { Store store(open_sqlite(file)); }
  const std::string pacwar = pacwar::testing::pacwar_binary();
  const auto run = [](const std::string& command) {
    return WEXITSTATUS(std::system((command + " >/dev/null 2>&1").c_str()));
  };
  const std::string backup = (dir.path() / "a.backup").string();
  EXPECT_EQ(run(pacwar + " backup --db sqlite:" + file + " --out " + backup), 0);
  EXPECT_TRUE(std::filesystem::exists(backup));
  EXPECT_NE(run(pacwar + " restore --from " + backup + " --db sqlite:" + file), 0);
  EXPECT_EQ(run(pacwar + " restore --from " + backup + " --db sqlite:" + file + " --force"), 0);
  EXPECT_EQ(
      run(pacwar + " restore --from " + backup + " --db sqlite:" + (dir.path() / "n.db").string()),
      0);
  EXPECT_NE(run(pacwar + " backup --db postgresql:///x --out " + backup), 0);
}

}  // namespace
}  // namespace pacwar::server
