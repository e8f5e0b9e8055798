// Ratings, open challenges, rematches, spectators and chat through the JSON API (SQLite here, or
// the PostgreSQL of $PACWAR_TEST_POSTGRES: scripts/test-postgres.sh runs them there too).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "engine/data_dir.h"
#include "server/db/db.h"
#include "server/play/games.h"
#include "server/community/glicko2.h"
#include "server/test_support.h"

namespace pacwar::server {
namespace {

using engine::Json;
using testing::ApiClient;
using testing::EventReader;
using testing::InProcessServer;
using testing::Reply;
using testing::TempDir;
using testing::unique;

class ServerPlatform : public ::testing::Test {
 protected:
  void SetUp() override {
    ServerConfig c = testing::test_config(dir_, 8);
    c.agent_threads = 0;  // no computer moves: the tests resign at once
    server_ = std::make_unique<InProcessServer>(c);
  }
  ApiClient user(std::string& name, const std::string& prefix) {
    return testing::signed_up(server_->port(), prefix, &name);
  }
  static Json find_player(const Json& board, const std::string& name) {
    for (const Json& p : board["players"]) {
      if (p["username"] == name) return p;
    }
    return nullptr;
  }
  // A game between two people, B accepting A's open challenge; returns its id.
  std::string challenge_accepted(ApiClient& a, ApiClient& b, const std::string& b_name,
                                 Json extra = Json::object()) {
    Json body = {
        {"game", "pacific-war"}, {"seat", "japanese"}, {"opponent", "human"}, {"open", true}};
    body.update(extra);
    const Reply created = a.post("/api/games", body);
    EXPECT_EQ(created.status, 201) << created.text;
    const std::string id = created.body.value("id", "");
    const Reply list = b.get("/api/challenges");
    EXPECT_EQ(list.status, 200);
    bool listed = false;
    for (const Json& ch : list.body["challenges"]) listed = listed || ch["id"] == id;
    EXPECT_TRUE(listed) << "an open challenge is listed for " << b_name << ": " << list.text;
    const Reply accepted = b.post("/api/challenges/" + id + "/accept");
    EXPECT_EQ(accepted.status, 200) << accepted.text;
    EXPECT_EQ(accepted.body.value("seat", ""), "allied");
    return id;
  }

  TempDir dir_;
  std::unique_ptr<InProcessServer> server_;
};

// A level the ladder has not measured (null in the ratings file, --ai-ratings) cannot be played
// rated; the shipped file rates every level.
TEST(ServerPlatformRatings, AnUnmeasuredComputerLevelIsNotRated) {
  TempDir dir;
  const std::string file = (dir.path() / "ratings.json").string();
  {
    std::ofstream out(file);
    out << R"({"games": {"pacific-war": {"random": {"rating": 1000, "deviation": 50},)"
        << R"( "mcts:hard": null}}})";
  }
  ServerConfig c;
  c.db = testing::test_db(dir);
  c.agent_threads = 0;
  c.ai_ratings = file;
  InProcessServer server(c);
  ApiClient a(server.port());
  ASSERT_EQ(a.signup(unique("unmeasured")).status, 201);
  const Reply hard = a.post(
      "/api/games",
      {{"game", "pacific-war"}, {"seat", "allied"}, {"opponent", "mcts:hard"}, {"rated", true}});
  EXPECT_EQ(hard.status, 400);
  EXPECT_NE(hard.body.value("error", "").find("no measured rating"), std::string::npos)
      << hard.text;
  const Reply random = a.post(
      "/api/games",
      {{"game", "pacific-war"}, {"seat", "allied"}, {"opponent", "random"}, {"rated", true}});
  EXPECT_EQ(random.status, 201) << random.text;
}

// The shipped ratings (data/server/ai_ratings.json) measure every computer level of both games
// but mcts:expert, which no ladder has measured yet (null: its games are not rated; docs/ai.md,
// "Levels with time budgets").
TEST(ServerPlatformRatings, TheShippedFileRatesEveryLevel) {
  std::ifstream in(game_data_dir("server") + "/ai_ratings.json");
  ASSERT_TRUE(in);
  const Json data = Json::parse(in);
  for (const std::string game : {"pacific-war", "co-prosperity"}) {
    for (const std::string& level : agent_levels()) {
      ASSERT_TRUE(data["games"][game].contains(level)) << game << " " << level;
      const Json& entry = data["games"][game][level];
      if (level == "mcts:expert") {
        EXPECT_TRUE(entry.is_null()) << game << ": a rating of expert needs its ladder";
        continue;
      }
      ASSERT_TRUE(entry.is_object()) << game << " " << level;
      EXPECT_GT(entry["deviation"].get<double>(), 0.0) << game << " " << level;
    }
  }
}

TEST_F(ServerPlatform, RatedGameAgainstTheComputerUsesTheLevelsFixedRating) {
  std::string name;
  ApiClient a = user(name, "rated");
  const Reply created = a.post(
      "/api/games",
      {{"game", "pacific-war"}, {"seat", "allied"}, {"opponent", "random"}, {"rated", true}});
  ASSERT_EQ(created.status, 201) << created.text;
  const std::string id = created.body["id"];
  ASSERT_EQ(a.post("/api/games/" + id + "/resign").status, 200);
  const Reply board = a.get("/api/leaderboard/pacific-war");
  ASSERT_EQ(board.status, 200) << board.text;
  // random's rating in data/server/ai_ratings.json: 1000, deviation 50.
  bool random_listed = false;
  for (const Json& level : board.body["computer"]) {
    if (level["level"] == "random") {
      random_listed = true;
      EXPECT_EQ(level["rating"], 1000);
    }
  }
  EXPECT_TRUE(random_listed);
  const glicko2::Rating expected = glicko2::update({}, {{1000.0, 50.0, 0.0}});
  const Json me = find_player(board.body, name);
  ASSERT_FALSE(me.is_null()) << board.text;
  EXPECT_EQ(me["rating"].get<double>(), std::round(expected.rating));
  EXPECT_EQ(me["games"], 1);
  EXPECT_EQ(me["losses"], 1);
  EXPECT_TRUE(me["provisional"].get<bool>());
  // Another resign of the same game changes nothing.
  EXPECT_EQ(a.post("/api/games/" + id + "/resign").status, 409);
  EXPECT_EQ(find_player(a.get("/api/leaderboard/pacific-war").body, name)["games"], 1);
}

// docs/api.md: a game with hints is never rated, even when asked to be; its end moves no rating.
TEST_F(ServerPlatform, AGameWithHintsIsNeverRated) {
  std::string name;
  ApiClient a = user(name, "hinted");
  const Reply rated = a.post(
      "/api/games",
      {{"game", "pacific-war"}, {"seat", "allied"}, {"opponent", "random"}, {"rated", true}});
  ASSERT_EQ(rated.status, 201) << rated.text;
  EXPECT_TRUE(a.get("/api/games/" + rated.body["id"].get<std::string>() + "/features")
                  .body["rated"]
                  .get<bool>());
  const Reply created = a.post("/api/games", {{"game", "pacific-war"},
                                              {"seat", "allied"},
                                              {"opponent", "random"},
                                              {"rated", true},
                                              {"hints", true}});
  ASSERT_EQ(created.status, 201) << created.text;
  const std::string id = created.body["id"];
  const Json features = a.get("/api/games/" + id + "/features").body;
  EXPECT_TRUE(features["hints"].get<bool>()) << features.dump();
  EXPECT_FALSE(features["rated"].get<bool>()) << features.dump();
  ASSERT_EQ(a.post("/api/games/" + id + "/resign").status, 200);
  EXPECT_TRUE(find_player(a.get("/api/leaderboard/pacific-war").body, name).is_null());
}

TEST_F(ServerPlatform, RatedGameBetweenPeopleMovesBothRatings) {
  std::string a_name, b_name;
  ApiClient a = user(a_name, "ra");
  ApiClient b = user(b_name, "rb");
  const std::string id = challenge_accepted(a, b, b_name, {{"rated", true}});
  ASSERT_EQ(a.post("/api/games/" + id + "/resign").status, 200);
  const Json board = a.get("/api/leaderboard/pacific-war").body;
  const Json pa = find_player(board, a_name);
  const Json pb = find_player(board, b_name);
  ASSERT_FALSE(pa.is_null());
  ASSERT_FALSE(pb.is_null());
  const double win = glicko2::update({}, {{1500.0, 350.0, 1.0}}).rating;
  const double loss = glicko2::update({}, {{1500.0, 350.0, 0.0}}).rating;
  EXPECT_EQ(pb["rating"].get<double>(), std::round(win));
  EXPECT_EQ(pa["rating"].get<double>(), std::round(loss));
  EXPECT_EQ(pb["rank"], 1);
  EXPECT_EQ(pb["wins"], 1);
  // An unrated game changes nothing.
  const std::string unrated = challenge_accepted(a, b, b_name);
  ASSERT_EQ(b.post("/api/games/" + unrated + "/resign").status, 200);
  EXPECT_EQ(find_player(a.get("/api/leaderboard/pacific-war").body, a_name)["games"], 1);
  // The other game's board is empty of them.
  EXPECT_TRUE(find_player(a.get("/api/leaderboard/co-prosperity").body, a_name).is_null());
}

TEST_F(ServerPlatform, BadSettingsAreRefusedAndCreateNothing) {
  std::string name;
  ApiClient a = user(name, "bad");
  const Json base = {{"game", "pacific-war"}, {"seat", "japanese"}, {"opponent", "human"}};
  const auto refused = [&](Json extra, const std::string& words) {
    Json body = base;
    body.update(extra);
    const Reply r = a.post("/api/games", body);
    EXPECT_EQ(r.status, 400) << body.dump();
    EXPECT_NE(r.body.value("error", "").find(words), std::string::npos) << r.text;
  };
  refused({{"rated", "yes"}}, "'rated' must be true or false");
  refused({{"public", 1}}, "'public' must be true or false");
  refused({{"spectator_chat", "write"}}, "spectator_chat");
  refused({{"spectator_chat", "read"}}, "only a public game");
  refused({{"open", true}, {"opponent", "random"}}, "open challenge is for a person");
  EXPECT_TRUE(a.get("/api/games").body["games"].empty());
  EXPECT_EQ(a.get("/api/leaderboard/no-such-game").status, 404);
  EXPECT_EQ(a.get("/api/leaderboard/pacific-war?limit=x").status, 400);
  ApiClient anonymous(server_->port());
  EXPECT_EQ(anonymous.get("/api/leaderboard/pacific-war").status, 401);
  EXPECT_EQ(anonymous.get("/api/challenges").status, 401);
}

TEST_F(ServerPlatform, RandomSideAndChallengeRules) {
  std::string a_name, b_name, c_name;
  ApiClient a = user(a_name, "ca");
  ApiClient b = user(b_name, "cb");
  ApiClient c = user(c_name, "cc");
  const Reply created = a.post(
      "/api/games",
      {{"game", "co-prosperity"}, {"seat", "random"}, {"opponent", "human"}, {"open", true}});
  ASSERT_EQ(created.status, 201) << created.text;
  const std::string id = created.body["id"];
  const Json mine = a.get("/api/games/" + id).body;
  EXPECT_TRUE(mine["seat"] == "japanese" || mine["seat"] == "allied") << mine["seat"];
  // Its creator sees it as theirs and cannot accept it.
  const Json own = a.get("/api/challenges").body["challenges"];
  ASSERT_EQ(own.size(), 1u);
  EXPECT_TRUE(own[0]["yours"].get<bool>());
  EXPECT_EQ(a.post("/api/challenges/" + id + "/accept").status, 409);
  ASSERT_EQ(b.post("/api/challenges/" + id + "/accept").status, 200);
  const Reply late = c.post("/api/challenges/" + id + "/accept");
  EXPECT_EQ(late.status, 409) << late.text;
  EXPECT_EQ(c.post("/api/challenges/ffff/accept").status, 404);
  EXPECT_EQ(a.get("/api/games/" + id).body["status"], "active");
}

TEST_F(ServerPlatform, RematchSwapsSidesAndIsOfferedToTheOpponentOnly) {
  std::string a_name, b_name, c_name;
  ApiClient a = user(a_name, "ma");
  ApiClient b = user(b_name, "mb");
  ApiClient c = user(c_name, "mc");
  const std::string id = challenge_accepted(a, b, b_name, {{"public", true}});
  EXPECT_EQ(a.post("/api/games/" + id + "/rematch").status, 409);  // not finished
  ASSERT_EQ(b.post("/api/games/" + id + "/resign").status, 200);
  EXPECT_EQ(c.post("/api/games/" + id + "/rematch").status, 403);
  const Reply rematch = a.post("/api/games/" + id + "/rematch");
  ASSERT_EQ(rematch.status, 201) << rematch.text;
  EXPECT_EQ(rematch.body["seat"], "allied");
  const std::string next = rematch.body["id"];
  EXPECT_EQ(b.post("/api/games/" + id + "/rematch").status, 409);  // one rematch per game
  bool offered = false;
  const Reply offers = b.get("/api/challenges");
  for (const Json& ch : offers.body["challenges"]) {
    if (ch["id"] == next) {
      offered = true;
      EXPECT_EQ(ch["for"], b_name);
      EXPECT_EQ(ch["rematch_of"], id);
      EXPECT_EQ(ch["your_side"], "japanese");
    }
  }
  EXPECT_TRUE(offered) << offers.text;
  const Json challenges = c.get("/api/challenges").body["challenges"];  // kept: looped over
  for (const Json& ch : challenges) EXPECT_NE(ch["id"], next);
  EXPECT_EQ(c.post("/api/challenges/" + next + "/accept").status, 403);
  const Reply accepted = b.post("/api/challenges/" + next + "/accept");
  ASSERT_EQ(accepted.status, 200) << accepted.text;
  EXPECT_EQ(accepted.body["seat"], "japanese");
  // Against the computer the rematch starts at once, the same level on the other side.
  const Reply vs = a.post(
      "/api/games", {{"game", "pacific-war"}, {"seat", "japanese"}, {"opponent", "heuristic"}});
  ASSERT_EQ(a.post("/api/games/" + vs.body["id"].get<std::string>() + "/resign").status, 200);
  const Reply again = a.post("/api/games/" + vs.body["id"].get<std::string>() + "/rematch");
  ASSERT_EQ(again.status, 201) << again.text;
  const Json state = a.get("/api/games/" + again.body["id"].get<std::string>()).body;
  EXPECT_EQ(state["seat"], "allied");
  EXPECT_EQ(state["seats"]["japanese"], "heuristic");
}

// Issue 41, hole 6: a rematch offered to bob was bound to the name "bob": once bob deleted his
// account, a new account that took the name could accept it. It is bound to bob's account.
TEST_F(ServerPlatform, ARematchIsForTheAccountNotForItsName) {
  std::string a_name, b_name;
  ApiClient a = user(a_name, "ra");
  ApiClient b = user(b_name, "rb");
  const std::string id = challenge_accepted(a, b, b_name);
  ASSERT_EQ(b.post("/api/games/" + id + "/resign").status, 200);
  const Reply rematch = a.post("/api/games/" + id + "/rematch");
  ASSERT_EQ(rematch.status, 201) << rematch.text;
  const std::string next = rematch.body["id"];
  // Bob deletes his account; somebody signs up with his name.
  ASSERT_EQ(b.del("/api/me", {{"password", "password123"}}).status, 200);
  ApiClient impostor(server_->port());
  ASSERT_EQ(impostor.signup(b_name, "another password").status, 201);
  const Json offers = impostor.get("/api/challenges").body["challenges"];
  for (const Json& ch : offers) EXPECT_NE(ch["id"], next) << offers.dump();
  const Reply taken = impostor.post("/api/challenges/" + next + "/accept");
  EXPECT_EQ(taken.status, 403) << taken.text;
  EXPECT_NE(taken.body.value("error", "").find("deleted"), std::string::npos) << taken.text;
  // Nothing changed: the rematch waits, its creator sees it is for a deleted account and may
  // cancel it.
  EXPECT_EQ(a.get("/api/games/" + next).body["status"], "waiting");
  bool listed = false;
  const Json own = a.get("/api/challenges").body["challenges"];  // kept: looped over
  for (const Json& ch : own) {
    if (ch["id"] != next) continue;
    listed = true;
    EXPECT_EQ(ch["for"], "deleted user");
  }
  EXPECT_TRUE(listed);
  EXPECT_EQ(a.del("/api/games/" + next).status, 200);
}

// A rematch stored before the binding (and accounts made before account ids) is bound on start
// to the account that holds the name then: its player still sees it and accepts it. One for a
// name nobody holds any more is bound to nobody.
TEST_F(ServerPlatform, RematchesOfOlderDatabasesAreBoundOnStart) {
  std::string a_name, b_name, c_name;
  ApiClient a = user(a_name, "oa");
  ApiClient b = user(b_name, "ob");
  ApiClient third = user(c_name, "oc");
  auto rematch_of = [&](ApiClient& other, const std::string& other_name) {
    const std::string id = challenge_accepted(a, other, other_name);
    EXPECT_EQ(a.post("/api/games/" + id + "/resign").status, 200);
    const Reply rematch = a.post("/api/games/" + id + "/rematch");
    EXPECT_EQ(rematch.status, 201) << rematch.text;
    return rematch.body.value("id", "");
  };
  const std::string next = rematch_of(b, b_name);
  const std::string gone = rematch_of(third, c_name);
  const std::string ghost = unique("ghost");
  ServerConfig c = testing::test_config(dir_, 8);
  c.agent_threads = 0;
  server_.reset();
  {
    // What a server before issue 41 stored: the name only, no account ids.
    auto db = open_database(c.db);
    auto sql = db->acquire();
    sql->execute("DELETE FROM challenge_accounts WHERE game_id = ? OR game_id = ?", {next, gone});
    sql->execute("DELETE FROM account_ids WHERE username = ? OR username = ?", {a_name, b_name});
    // The second one's player was deleted before the server that binds them started.
    sql->execute("UPDATE game_settings SET challenge_for = ? WHERE game_id = ?", {ghost, gone});
  }
  server_ = std::make_unique<InProcessServer>(c);
  {
    auto db = open_database(c.db);
    auto sql = db->acquire();
    EXPECT_EQ(
        sql->query("SELECT account_id FROM challenge_accounts WHERE game_id = ?", {next}).size(),
        1u);  // bound when the server started
  }
  ApiClient b2(server_->port());
  b2.set_cookie(b.cookie());  // sessions are kept
  bool offered = false;
  const Json offers = b2.get("/api/challenges").body["challenges"];  // kept: looped over
  for (const Json& ch : offers) offered = offered || (ch["id"] == next && ch["for"] == b_name);
  EXPECT_TRUE(offered) << offers.dump();
  const Reply accepted = b2.post("/api/challenges/" + next + "/accept");
  EXPECT_EQ(accepted.status, 200) << accepted.text;
  ApiClient a2(server_->port());
  a2.set_cookie(a.cookie());
  const Json own = a2.get("/api/challenges").body["challenges"];  // kept: looped over
  bool listed = false;
  for (const Json& ch : own) listed = listed || (ch["id"] == gone && ch["for"] == "deleted user");
  EXPECT_TRUE(listed) << own.dump();
  ApiClient c2(server_->port());
  c2.set_cookie(third.cookie());
  EXPECT_EQ(c2.post("/api/challenges/" + gone + "/accept").status, 403);
}

TEST_F(ServerPlatform, ChallengesAndRematchesKeepTheClock) {
  std::string a_name, b_name;
  ApiClient a = user(a_name, "ka");
  ApiClient b = user(b_name, "kb");
  const Json control = {
      {"kind", "bank"}, {"bank_s", 3 * 86400}, {"increment_s", 86400}, {"on_timeout", "lose"}};
  const Reply created = a.post("/api/games", {{"game", "pacific-war"},
                                              {"seat", "japanese"},
                                              {"opponent", "human"},
                                              {"open", true},
                                              {"clock", control}});
  ASSERT_EQ(created.status, 201) << created.text;
  const std::string id = created.body["id"];
  // The lobby's list shows the clock of the challenge before anyone accepts it.
  auto listed_clock = [](ApiClient& who, const std::string& game) {
    const Json list = who.get("/api/challenges").body["challenges"];
    for (const Json& ch : list) {
      if (ch["id"] == game) return ch["clock"];
    }
    return Json("not listed");
  };
  EXPECT_EQ(listed_clock(b, id), control);
  ASSERT_EQ(b.post("/api/challenges/" + id + "/accept").status, 200);
  // The accepted game has that clock, running for the seat to move.
  Json clock = a.get("/api/games/" + id + "/clock").body["clock"];
  ASSERT_TRUE(clock.is_object()) << clock.dump();
  EXPECT_EQ(clock["control"], control);
  EXPECT_TRUE(clock["running"].is_string()) << clock.dump();
  // A challenge without a clock lists null.
  const Reply plain = a.post(
      "/api/games",
      {{"game", "pacific-war"}, {"seat", "japanese"}, {"opponent", "human"}, {"open", true}});
  EXPECT_TRUE(listed_clock(b, plain.body["id"]).is_null());
  // The rematch of the finished game takes its time control, offered and started with it.
  ASSERT_EQ(a.post("/api/games/" + id + "/resign").status, 200);
  const Reply rematch = b.post("/api/games/" + id + "/rematch");
  ASSERT_EQ(rematch.status, 201) << rematch.text;
  const std::string next = rematch.body["id"];
  EXPECT_EQ(listed_clock(a, next), control);
  ASSERT_EQ(a.post("/api/challenges/" + next + "/accept").status, 200);
  clock = b.get("/api/games/" + next + "/clock").body["clock"];
  ASSERT_TRUE(clock.is_object()) << clock.dump();
  EXPECT_EQ(clock["control"], control);
  EXPECT_TRUE(clock["running"].is_string()) << clock.dump();
}

TEST_F(ServerPlatform, SpectatorsWatchPublicGamesOnly) {
  std::string a_name, b_name, c_name;
  ApiClient a = user(a_name, "sa");
  ApiClient b = user(b_name, "sb");
  ApiClient c = user(c_name, "sc");
  const std::string hidden = challenge_accepted(a, b, b_name);
  EXPECT_EQ(c.get("/api/games/" + hidden).status, 403);
  EXPECT_EQ(c.get("/api/games/" + hidden + "/chat").status, 403);
  const std::string id = challenge_accepted(a, b, b_name, {{"public", true}});
  const Reply watched = c.get("/api/games/" + id);
  ASSERT_EQ(watched.status, 200) << watched.text;
  EXPECT_TRUE(watched.body["spectator"].get<bool>());
  EXPECT_TRUE(watched.body["seat"].is_null());
  EXPECT_TRUE(watched.body["legal"].empty());
  EXPECT_FALSE(watched.body["your_turn"].get<bool>());
  EXPECT_FALSE(watched.body["can_undo"].get<bool>());
  EXPECT_EQ(watched.body["seats"]["japanese"], a_name);
  // A spectator cannot act, undo or resign.
  EXPECT_EQ(c.post("/api/games/" + id + "/actions", {{"action", "x"}, {"version", 0}}).status, 403);
  EXPECT_EQ(c.post("/api/games/" + id + "/resign").status, 403);
  // Listed among the public games, not the private one.
  bool listed = false;
  const Reply public_games = c.get("/api/public-games");
  for (const Json& g : public_games.body["games"]) {
    listed = listed || g["id"] == id;
    EXPECT_NE(g["id"], hidden);
  }
  EXPECT_TRUE(listed) << public_games.text;
  // Live updates reach the spectator.
  EventReader events(server_->port(), id, c.cookie());
  ASSERT_EQ(a.post("/api/games/" + id + "/resign").status, 200);
  EXPECT_TRUE(events.wait_for([](const Json& e) { return e.value("status", "") == "finished"; },
                              std::chrono::seconds(10)));
  EXPECT_FALSE(events.events().back()["your_turn"].get<bool>());
  // And the replay of the finished game.
  const Reply replay = c.get("/api/games/" + id + "/replay?step=0");
  ASSERT_EQ(replay.status, 200) << replay.text;
  EXPECT_TRUE(replay.body["seat"].is_null());
  EXPECT_TRUE(replay.body["action"].is_null());
  EXPECT_EQ(c.get("/api/games/" + hidden + "/replay").status, 403);
}

TEST_F(ServerPlatform, ChatIsStoredLimitedAndDeliveredLive) {
  std::string a_name, b_name, c_name, d_name;
  ApiClient a = user(a_name, "ha");
  ApiClient b = user(b_name, "hb");
  ApiClient c = user(c_name, "hc");
  const std::string id =
      challenge_accepted(a, b, b_name, {{"public", true}, {"spectator_chat", "read"}});
  const std::string chat = "/api/games/" + id + "/chat";
  EventReader events(server_->port(), id, c.cookie());
  const std::string script = "<script>alert('x')</script> & \"hi\"";
  const Reply posted = a.post(chat, {{"text", script}});
  ASSERT_EQ(posted.status, 201) << posted.text;
  EXPECT_EQ(posted.body["n"], 0);
  // The spectator's stream announces the message; the text is kept as written (the page shows
  // it as text, web/chat.js).
  EXPECT_TRUE(events.wait_for([](const Json& e) { return e.value("chat", 0) >= 1; },
                              std::chrono::seconds(10)));
  const Reply read = c.get(chat);
  ASSERT_EQ(read.status, 200) << read.text;
  ASSERT_EQ(read.body["messages"].size(), 1u);
  EXPECT_EQ(read.body["messages"][0]["text"], script);
  EXPECT_EQ(read.body["messages"][0]["user"], a_name);
  EXPECT_FALSE(read.body["can_post"].get<bool>());
  // Spectators only read.
  const Reply spectator_post = c.post(chat, {{"text", "hello"}});
  EXPECT_EQ(spectator_post.status, 403);
  EXPECT_NE(spectator_post.body.value("error", "").find("spectators read"), std::string::npos);
  // Length and content.
  EXPECT_EQ(b.post(chat, {{"text", std::string(501, 'x')}}).status, 400);
  EXPECT_EQ(b.post(chat, {{"text", "   "}}).status, 400);
  EXPECT_EQ(b.post(chat, {{"text", std::string("a\x01")}}).status, 400);
  EXPECT_EQ(b.post(chat, {{"text", 5}}).status, 400);
  // 500 characters of two bytes each are allowed (characters, not bytes).
  std::string accents;
  for (int i = 0; i < 500; ++i) accents += "\xc3\xa9";
  EXPECT_EQ(b.post(chat, {{"text", accents}}).status, 201);
  // The rate: 5 messages in 30 seconds, then 429 with Retry-After.
  for (int i = 0; i < 4; ++i)
    ASSERT_EQ(b.post(chat, {{"text", "m" + std::to_string(i)}}).status, 201);
  const Reply flood = b.post(chat, {{"text", "one too many"}});
  EXPECT_EQ(flood.status, 429) << flood.text;
  EXPECT_FALSE(flood.header("Retry-After").empty());
  EXPECT_GT(flood.body.value("retry_after", 0), 0);
  EXPECT_EQ(a.get(chat).body["messages"].size(), 6u);
  EXPECT_EQ(a.get(chat + "?since=5").body["messages"].size(), 1u);
  EXPECT_EQ(a.get(chat + "?since=-1").status, 400);
  // A game whose spectators may not read the chat.
  const std::string quiet = challenge_accepted(a, b, b_name, {{"public", true}});
  EXPECT_EQ(a.post("/api/games/" + quiet + "/chat", {{"text", "gg"}}).status, 201);
  // A spectator's page asks as it opens: told so (can_read false), without an error and without
  // the players' messages.
  const Reply closed = c.get("/api/games/" + quiet + "/chat");
  EXPECT_EQ(closed.status, 200) << closed.text;
  EXPECT_FALSE(closed.body.value("can_read", true));
  EXPECT_FALSE(closed.body.value("can_post", true));
  EXPECT_TRUE(closed.body["messages"].empty());
  EXPECT_EQ(closed.text.find("gg"), std::string::npos);
  EXPECT_TRUE(a.get("/api/games/" + quiet + "/chat").body.value("can_read", false));
  EXPECT_EQ(b.get("/api/games/" + quiet + "/chat").body["messages"].size(), 1u);
}

}  // namespace
}  // namespace pacwar::server
