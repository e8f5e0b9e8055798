// Accounts and invitations (issue 14 hole 6, issue 15 "Accounts") against a real server: hashed
// invitation tokens that expire, a new link, the migration of clear tokens, cancelling a waiting
// game, changing the password, logging out everywhere, deleting the account, the lobby filter.
// Named ServerApi* so that scripts/test-postgres.sh runs them on PostgreSQL too.
#include <gtest/gtest.h>

#include <thread>

#include "server/accounts/crypto.h"
#include "server/db/db.h"
#include "server/test_support.h"

namespace pacwar::server {
namespace {

using engine::Json;
using testing::ApiClient;
using testing::InProcessServer;
using testing::Reply;
using testing::TempDir;
using testing::unique;

class ServerApiAccounts : public ::testing::Test {
 protected:
  ServerConfig config() {
    ServerConfig c = testing::test_config(dir_, 8);
    c.webhook_allow_hosts = {"127.0.0.1"};  // the deletion test's webhook is on this machine
    return c;
  }
  void start(ServerConfig c) { server_ = std::make_unique<InProcessServer>(std::move(c)); }
  void start() { start(config()); }
  ApiClient client() { return ApiClient(server_->port()); }
  ApiClient user(const std::string& name, const std::string& password = "password123") {
    ApiClient c = client();
    const Reply r = c.signup(name, password);
    EXPECT_EQ(r.status, 201) << r.text;
    return c;
  }
  static Reply create(ApiClient& c, const std::string& opponent) {
    const Reply r = c.post("/api/games", {{"game", "pacific-war"},
                                          {"seat", "japanese"},
                                          {"options", Json::array()},
                                          {"opponent", opponent}});
    EXPECT_EQ(r.status, 201) << r.text;
    return r;
  }
  // Every text value of the tables that hold invitations.
  std::string stored_invitations() {
    auto db = open_database(testing::test_db(dir_));
    auto c = db->acquire();
    std::string all;
    for (const char* sql : {"SELECT game_id, token_hash FROM invites",
                            "SELECT id, invite FROM games WHERE invite IS NOT NULL"}) {
      for (const SqlRow& row : c->query(sql)) {
        for (const auto& v : row) all += v.value_or("") + "\n";
      }
    }
    return all;
  }

  TempDir dir_;
  std::unique_ptr<InProcessServer> server_;
};

TEST_F(ServerApiAccounts, InvitationTokensAreStoredHashedAndShownOnce) {
  start();
  ApiClient alice = user(unique("alice"));
  const Reply created = create(alice, "human");
  const std::string id = created.body["id"];
  const std::string token = created.body["invite"];
  ASSERT_EQ(token.size(), 32u);
  EXPECT_TRUE(created.body["invite_expires"].is_string());
  // The database holds its hash, never the token; no answer shows it again.
  const std::string stored = stored_invitations();
  EXPECT_EQ(stored.find(token), std::string::npos) << stored;
  EXPECT_NE(stored.find(token_hash(token)), std::string::npos) << stored;
  EXPECT_EQ(alice.get("/api/games/" + id).text.find(token), std::string::npos);
  EXPECT_EQ(alice.get("/api/games").text.find(token), std::string::npos);
  ApiClient bob = user(unique("bob"));
  ASSERT_EQ(bob.post("/api/invites/" + token).status, 200);
  EXPECT_EQ(stored_invitations().find(id), std::string::npos);  // used: gone
}

TEST_F(ServerApiAccounts, InvitationsExpireAndTheCreatorGetsANewLink) {
  ServerConfig c = config();
  c.invite_lifetime = std::chrono::milliseconds(300);
  start(c);
  ApiClient alice = user(unique("alice"));
  ApiClient bob = user(unique("bob"));
  const Reply created = create(alice, "human");
  const std::string id = created.body["id"];
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  Reply r = bob.post("/api/invites/" + created.body["invite"].get<std::string>());
  EXPECT_EQ(r.status, 410) << r.text;
  EXPECT_NE(r.body.value("error", "").find("expired"), std::string::npos) << r.text;

  // Only the creator may ask for a new link, and only while the game waits.
  EXPECT_EQ(bob.post("/api/games/" + id + "/invite").status, 403);
  EXPECT_EQ(alice.post("/api/games/00ff00ff/invite").status, 404);
  const Reply fresh = alice.post("/api/games/" + id + "/invite");
  ASSERT_EQ(fresh.status, 200) << fresh.text;
  const std::string first = fresh.body["invite"];
  const Reply second = alice.post("/api/games/" + id + "/invite");  // replaces the first
  ASSERT_EQ(second.status, 200);
  EXPECT_EQ(bob.post("/api/invites/" + first).status, 404);
  r = bob.post("/api/invites/" + second.body["invite"].get<std::string>());
  ASSERT_EQ(r.status, 200) << r.text;
  r = alice.post("/api/games/" + id + "/invite");
  EXPECT_EQ(r.status, 409) << r.text;  // started
}

TEST_F(ServerApiAccounts, ClearTokensOfOlderDatabasesAreHashedOnStart) {
  start();
  ApiClient alice = user(unique("alice"));
  const std::string id = create(alice, "human").body["id"];
  const std::string cookie = alice.cookie();
  server_.reset();
  const std::string clear = random_token(16);
  {
    // What a server before issue 14 stored: the clear token in games.invite.
    auto db = open_database(testing::test_db(dir_));
    auto c = db->acquire();
    c->execute("DELETE FROM invites WHERE game_id = ?", {id});
    c->execute("UPDATE games SET invite = ? WHERE id = ?", {clear, id});
  }
  start();
  const std::string stored = stored_invitations();
  EXPECT_EQ(stored.find(clear), std::string::npos) << stored;
  EXPECT_NE(stored.find(token_hash(clear)), std::string::npos) << stored;
  ApiClient bob = user(unique("bob"));
  const Reply r = bob.post("/api/invites/" + clear);  // the link already sent still works
  EXPECT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["id"], id);
}

TEST_F(ServerApiAccounts, AWaitingGameCanBeCancelledByItsCreatorOnly) {
  start();
  ApiClient alice = user(unique("alice"));
  ApiClient bob = user(unique("bob"));
  const Reply created = create(alice, "human");
  const std::string id = created.body["id"];
  EXPECT_EQ(bob.del("/api/games/" + id).status, 403);
  Reply r = alice.del("/api/games/" + id);
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(alice.get("/api/games/" + id).status, 404);
  EXPECT_TRUE(alice.get("/api/games").body["games"].empty());
  EXPECT_EQ(bob.post("/api/invites/" + created.body["invite"].get<std::string>()).status, 404);
  EXPECT_EQ(alice.del("/api/games/" + id).status, 404);
  // A started game is resigned, not deleted.
  const std::string ai = create(alice, "random").body["id"];
  r = alice.del("/api/games/" + ai);
  EXPECT_EQ(r.status, 409);
  EXPECT_NE(r.body.value("error", "").find("resign"), std::string::npos) << r.text;
}

TEST_F(ServerApiAccounts, ChangingThePasswordNeedsTheOldOneAndEndsOtherSessions) {
  start();
  const std::string name = unique("alice");
  ApiClient here = user(name, "old password 1");
  ApiClient there = client();
  ASSERT_EQ(there.post("/api/login", {{"username", name}, {"password", "old password 1"}}).status,
            200);
  Reply r = here.post("/api/me/password",
                      {{"old_password", "wrong one 1"}, {"new_password", "new password 2"}});
  EXPECT_EQ(r.status, 403) << r.text;
  r = here.post("/api/me/password",
                {{"old_password", "old password 1"}, {"new_password", "short"}});
  EXPECT_EQ(r.status, 400) << r.text;
  EXPECT_EQ(there.get("/api/me").status, 200);  // nothing changed yet
  r = here.post("/api/me/password",
                {{"old_password", "old password 1"}, {"new_password", "new password 2"}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(here.get("/api/me").status, 200);
  EXPECT_EQ(there.get("/api/me").status, 401);
  ApiClient again = client();
  EXPECT_EQ(again.post("/api/login", {{"username", name}, {"password", "old password 1"}}).status,
            401);
  EXPECT_EQ(again.post("/api/login", {{"username", name}, {"password", "new password 2"}}).status,
            200);
}

TEST_F(ServerApiAccounts, WrongOldPasswordsAreThrottledLikeLogIns) {
  start();
  ApiClient alice = user(unique("alice"));
  int last = 0;
  for (int i = 0; i < 8 && last != 429; ++i) {
    last = alice
               .post("/api/me/password",
                     {{"old_password", "guess " + std::to_string(i)}, {"new_password", "x1234567"}})
               .status;
  }
  EXPECT_EQ(last, 429);
}

TEST_F(ServerApiAccounts, LogOutEverywhere) {
  start();
  const std::string name = unique("alice");
  ApiClient one = user(name);
  ApiClient two = client();
  ASSERT_EQ(two.post("/api/login", {{"username", name}, {"password", "password123"}}).status, 200);
  const Reply r = one.post("/api/me/logout-all");
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_NE(r.header("Set-Cookie").find("Max-Age=0"), std::string::npos);
  EXPECT_EQ(one.get("/api/me").status, 401);
  EXPECT_EQ(two.get("/api/me").status, 401);
}

TEST_F(ServerApiAccounts, DeletingTheAccountKeepsFinishedGamesUnderDeletedUser) {
  start();
  const std::string name = unique("alice");
  ApiClient alice = user(name);
  ApiClient bob = user(unique("bob"));
  // A finished game, a game in progress against bob, a game against the computer, a waiting one.
  Reply c = create(alice, "human");
  const std::string finished = c.body["id"];
  ASSERT_EQ(bob.post("/api/invites/" + c.body["invite"].get<std::string>()).status, 200);
  ASSERT_EQ(bob.post("/api/games/" + finished + "/resign").status, 200);
  c = create(alice, "human");
  const std::string active = c.body["id"];
  ASSERT_EQ(bob.post("/api/invites/" + c.body["invite"].get<std::string>()).status, 200);
  const std::string computer = create(alice, "random").body["id"];
  const std::string waiting = create(alice, "human").body["id"];
  ApiClient other_session = client();
  ASSERT_EQ(
      other_session.post("/api/login", {{"username", name}, {"password", "password123"}}).status,
      200);
  // Rows of the other services: notification settings (a notice of bob's join is queued too)
  // and a War in the Pacific campaign; deleting the account clears them.
  ASSERT_EQ(alice.put("/api/me/settings", {{"webhook_url", "http://127.0.0.1:9/hook"}}).status,
            200);
  ASSERT_EQ(alice.post("/api/witp/campaigns", {{"name", "Guadalcanal"}, {"start_cycle", "0/1/42"}})
                .status,
            201);

  EXPECT_EQ(alice.del("/api/me", {{"password", "not it 123"}}).status, 403);
  EXPECT_EQ(alice.del("/api/me").status, 400);
  const Reply r = alice.del("/api/me", {{"password", "password123"}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["resigned"].size(), 2u) << r.text;
  EXPECT_EQ(alice.get("/api/me").status, 401);
  EXPECT_EQ(other_session.get("/api/me").status, 401);
  EXPECT_EQ(client().post("/api/login", {{"username", name}, {"password", "password123"}}).status,
            401);

  // Bob's lobby: the finished game and the resigned one, the opponent shown as "deleted user".
  const Json games = bob.get("/api/games").body["games"];
  ASSERT_EQ(games.size(), 2u) << games.dump();
  for (const Json& g : games) {
    EXPECT_EQ(g["opponent"], "deleted user") << g.dump();
    EXPECT_EQ(g["status"], "finished");
  }
  Json state = bob.get("/api/games/" + active).body;
  EXPECT_EQ(state["seats"]["japanese"], "deleted user") << state.dump();
  EXPECT_EQ(state["result"]["resigned"], "japanese");
  EXPECT_EQ(state["result"]["winner"], "allied");
  EXPECT_EQ(bob.get("/api/games/" + waiting).status, 404);  // deleted
  // The name is free again; the new owner does not get the old games.
  ApiClient newcomer = user(name);
  EXPECT_TRUE(newcomer.get("/api/games").body["games"].empty());
  EXPECT_EQ(newcomer.get("/api/games/" + finished).status, 403);
  EXPECT_EQ(newcomer.get("/api/games/" + computer).status, 403);
  EXPECT_EQ(newcomer.get("/api/games/" + waiting).status, 404);
  EXPECT_TRUE(newcomer.get("/api/witp/campaigns").body["campaigns"].empty());
  EXPECT_TRUE(newcomer.get("/api/me/settings").body["webhook_url"].is_null());
}

TEST_F(ServerApiAccounts, TheLobbyFiltersByStatus) {
  start();
  ApiClient alice = user(unique("alice"));
  const std::string waiting = create(alice, "human").body["id"];
  const std::string active = create(alice, "random").body["id"];
  const std::string resigned = create(alice, "random").body["id"];
  ASSERT_EQ(alice.post("/api/games/" + resigned + "/resign").status, 200);
  auto ids = [&](const std::string& status) {
    std::vector<std::string> out;
    const Json games = alice.get("/api/games?status=" + status).body["games"];
    for (const Json& g : games) {
      out.push_back(g["id"]);
    }
    return out;
  };
  EXPECT_EQ(ids("waiting"), std::vector<std::string>{waiting});
  EXPECT_EQ(ids("active"), std::vector<std::string>{active});
  EXPECT_EQ(ids("finished"), std::vector<std::string>{resigned});
  EXPECT_EQ(ids("resigned"), std::vector<std::string>{resigned});
  EXPECT_EQ(alice.get("/api/games").body["games"].size(), 3u);
  const Reply bad = alice.get("/api/games?status=lost");
  EXPECT_EQ(bad.status, 400);
  EXPECT_NE(bad.body.value("error", "").find("waiting, active, finished or resigned"),
            std::string::npos);
}

}  // namespace
}  // namespace pacwar::server
