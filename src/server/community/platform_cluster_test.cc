// Spectators and chat past one process: a spectator's live updates come from its own server
// process while the players move and chat on another (PostgreSQL: NOTIFY; SQLite: the streams'
// polling). scripts/test-postgres.sh runs it on PostgreSQL (the ServerProcess* filter).
#include <gtest/gtest.h>

#include "server/test_support.h"

namespace pacwar::server {
namespace {

using engine::Json;
using testing::ApiClient;
using testing::Reply;
using testing::ServerProcess;
using testing::TempDir;
using testing::unique;

TEST(ServerProcessSpectators, MovesAndChatReachASpectatorOnAnotherProcess) {
  TempDir dir;
  const std::string db = testing::test_db(dir);
  const bool postgres = testing::postgres_url().has_value();
  ServerProcess one(db);
  ServerProcess two(db);
  ApiClient alice(one.port());
  ASSERT_EQ(alice.signup(unique("alice")).status, 201);
  ApiClient bob(one.port());
  ASSERT_EQ(bob.signup(unique("bob")).status, 201);
  ApiClient carol(two.port());
  ASSERT_EQ(carol.signup(unique("carol")).status, 201);
  const Reply created = alice.post("/api/games", {{"game", "pacific-war"},
                                                  {"seat", "japanese"},
                                                  {"opponent", "human"},
                                                  {"public", true},
                                                  {"spectator_chat", "read"},
                                                  {"open", true}});
  ASSERT_EQ(created.status, 201) << created.text;
  const std::string id = created.body["id"];
  ASSERT_EQ(bob.post("/api/challenges/" + id + "/accept").status, 200);
  // Carol watches on the other process.
  testing::EventReader carol_events(two.port(), id, carol.cookie());
  ASSERT_TRUE(carol_events.wait_version(0));
  // A chat message on process one: the stream on two announces it (PostgreSQL: by the notice,
  // long before the 15 s heartbeat; SQLite: within the polling second).
  const auto sent = std::chrono::steady_clock::now();
  ASSERT_EQ(alice.post("/api/games/" + id + "/chat", {{"text", "good luck"}}).status, 201);
  ASSERT_TRUE(carol_events.wait_for([](const Json& e) { return e.value("chat", 0) >= 1; },
                                    std::chrono::seconds(10)));
  const double chat_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - sent).count();
  std::cout << "chat message to a spectator on another process: " << chat_ms << " ms ("
            << (postgres ? "PostgreSQL NOTIFY" : "SQLite polling") << ")\n";
  if (postgres) {
    EXPECT_LT(chat_ms, 5000.0);
  }
  const Reply chat = carol.get("/api/games/" + id + "/chat");
  ASSERT_EQ(chat.status, 200) << chat.text;
  EXPECT_EQ(chat.body["messages"][0]["text"], "good luck");
  // A move by Bob (Allied sets up first) on process one reaches Carol's stream on two.
  const Reply state = bob.get("/api/games/" + id);
  ASSERT_TRUE(state.body["your_turn"].get<bool>()) << state.text;
  const Reply acted =
      bob.post("/api/games/" + id + "/actions",
               {{"action", state.body["legal"][0]["id"]}, {"version", state.body["version"]}});
  ASSERT_EQ(acted.status, 200) << acted.text;
  ASSERT_TRUE(carol_events.wait_version(acted.body["version"]));
  const Reply watched = carol.get("/api/games/" + id);
  ASSERT_EQ(watched.status, 200) << watched.text;
  EXPECT_TRUE(watched.body["spectator"].get<bool>());
  EXPECT_EQ(watched.body["version"], acted.body["version"]);
}

}  // namespace
}  // namespace pacwar::server
