// The JSON API against a real server on an ephemeral port (SQLite in a temporary directory, or
// the PostgreSQL of $PACWAR_TEST_POSTGRES: scripts/test-postgres.sh runs these tests there too).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "engine/session.h"
#include "games/registry.h"
#include "server/ai/agent_runner.h"
#include "server/db/db.h"
#include "server/db/store.h"
#include "server/test_support.h"

namespace pacwar::server {
namespace {

using engine::Json;
using testing::ApiClient;
using testing::InProcessServer;
using testing::Reply;
using testing::TempDir;
using testing::unique;

class ServerApi : public ::testing::Test {
 protected:
  ServerConfig config() { return testing::test_config(dir_, 16); }
  void start(ServerConfig c) { server_ = std::make_unique<InProcessServer>(std::move(c)); }
  void start() { start(config()); }
  ApiClient client() { return ApiClient(server_->port()); }
  ApiClient user(const std::string& prefix) { return testing::signed_up(server_->port(), prefix); }
  static std::string create(ApiClient& c, const std::string& opponent,
                            const std::string& seat = "japanese",
                            const std::string& game = "pacific-war") {
    return testing::create_game(
        c, {{"game", game}, {"seat", seat}, {"options", Json::array()}, {"opponent", opponent}});
  }
  static Json wait_turn(ApiClient& c, const std::string& id) { return testing::wait_turn(c, id); }

  TempDir dir_;
  std::unique_ptr<InProcessServer> server_;
};

TEST_F(ServerApi, SignupLoginLogout) {
  start();
  ApiClient c = client();
  const std::string name = unique("alice");
  Reply r = c.signup(name, "correct horse");
  ASSERT_EQ(r.status, 201) << r.text;
  EXPECT_EQ(r.body["username"], name);
  const std::string set_cookie = r.header("Set-Cookie");
  EXPECT_NE(set_cookie.find("HttpOnly"), std::string::npos);
  EXPECT_NE(set_cookie.find("SameSite=Lax"), std::string::npos);
  EXPECT_EQ(c.get("/api/me").body["username"], name);

  EXPECT_EQ(client().signup(name, "another password").status, 409);
  EXPECT_EQ(client().signup("x", "password123").status, 400);
  EXPECT_EQ(client().signup(unique("bob"), "short").status, 400);
  EXPECT_EQ(client().signup("bad name!", "password123").status, 400);

  EXPECT_EQ(c.post("/api/logout").status, 204);
  EXPECT_EQ(c.get("/api/me").status, 401);
  EXPECT_EQ(c.post("/api/login", {{"username", name}, {"password", "wrong one"}}).status, 401);
  EXPECT_EQ(c.get("/api/me").status, 401);
  r = c.post("/api/login", {{"username", name}, {"password", "correct horse"}});
  EXPECT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(c.get("/api/me").body["username"], name);
  EXPECT_EQ(client()
                .post("/api/login", {{"username", unique("nobody")}, {"password", "whatever1"}})
                .status,
            401);
}

// Log-in throttling, sign-up limits and the other abuse defences: security_test.cc.

TEST_F(ServerApi, MalformedRequestsAreRefusedClearly) {
  ServerConfig c = config();
  c.max_body_bytes = 4096;
  start(c);
  ApiClient alice = user("alice");
  const std::string id = create(alice, "random");
  const Json before = wait_turn(alice, id);

  Reply r = alice.post_text("/api/games/" + id + "/actions", "{not json");
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.body.value("error", "").find("not valid JSON"), std::string::npos);
  EXPECT_EQ(alice.post_text("/api/games/" + id + "/actions", "[1,2]").status, 400);
  r = alice.post("/api/games/" + id + "/actions", {{"action", 5}, {"version", before["version"]}});
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.body.value("error", "").find("'action'"), std::string::npos);
  r = alice.post("/api/games/" + id + "/actions", {{"action", "x"}, {"version", "1"}});
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.body.value("error", "").find("'version'"), std::string::npos);
  r = alice.post_text("/api/games/" + id + "/actions", std::string(10000, ' '));
  EXPECT_EQ(r.status, 413);
  EXPECT_TRUE(r.body.contains("error"));
  EXPECT_EQ(alice.get("/api/games/0123456789abcdef").status, 404);
  EXPECT_EQ(alice.get("/api/games/not-a-game").status, 404);
  EXPECT_EQ(alice.get("/api/nothing-here").status, 404);
  EXPECT_EQ(alice.post("/api/games", {{"game", "chess"}, {"seat", "white"}, {"opponent", "random"}})
                .status,
            400);
  EXPECT_EQ(alice
                .post("/api/games",
                      {{"game", "pacific-war"}, {"seat", "british"}, {"opponent", "random"}})
                .status,
            400);
  EXPECT_EQ(alice
                .post("/api/games",
                      {{"game", "pacific-war"}, {"seat", "japanese"}, {"opponent", "mcts:999999"}})
                .status,
            400);
  r = alice.post("/api/games", {{"game", "pacific-war"},
                                {"seat", "japanese"},
                                {"options", {"99.9"}},
                                {"opponent", "random"}});
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.body.value("error", "").find("99.9"), std::string::npos);
  EXPECT_EQ(client().get("/api/games").status, 401);
  EXPECT_EQ(client().get("/api/games/" + id).status, 401);
  // Nothing changed.
  const Reply after = alice.get("/api/games/" + id);
  EXPECT_EQ(after.body["version"], before["version"]);
  EXPECT_EQ(after.body["view"], before["view"]);
}

TEST_F(ServerApi, CatalogAndContent) {
  start();
  ApiClient c = client();
  const Reply catalog = c.get("/api/catalog");
  ASSERT_EQ(catalog.status, 200);
  ASSERT_TRUE(catalog.body["games"].is_array());
  EXPECT_EQ(catalog.body["games"][0]["name"], "pacific-war");
  EXPECT_EQ(catalog.body["games"][0]["seats"], Json({"japanese", "allied"}));
  EXPECT_EQ(catalog.body["opponents"][0], "human");
  const Reply content = c.get("/api/content/pacific-war");
  ASSERT_EQ(content.status, 200);
  EXPECT_TRUE(content.body.contains("map"));
  EXPECT_TRUE(content.body.contains("units"));
  EXPECT_TRUE(content.body.contains("cards"));
  EXPECT_EQ(c.get("/api/content/chess").status, 404);
}

TEST_F(ServerApi, CreateActAndIllegalActionChangesNothing) {
  start();
  ApiClient alice = user("alice");
  const std::string id = create(alice, "random");
  Json state = wait_turn(alice, id);
  EXPECT_EQ(state["status"], "active");
  EXPECT_EQ(state["seat"], "japanese");
  EXPECT_EQ(state["seats"]["allied"], "random");
  ASSERT_FALSE(state["legal"].empty());
  EXPECT_FALSE(state["prompt"].get<std::string>().empty());

  const Reply illegal = alice.post("/api/games/" + id + "/actions",
                                   {{"action", "fly to the moon"}, {"version", state["version"]}});
  EXPECT_EQ(illegal.status, 400);
  EXPECT_NE(illegal.body.value("error", "").find("illegal action"), std::string::npos);
  ASSERT_TRUE(illegal.body["legal"].is_array());
  EXPECT_EQ(illegal.body["legal"].size(), state["legal"].size());
  const Reply same = alice.get("/api/games/" + id);
  EXPECT_EQ(same.body["version"], state["version"]);
  EXPECT_EQ(same.body["view"], state["view"]);
  EXPECT_EQ(same.body["log"], state["log"]);

  const std::string action = state["legal"][0]["id"];
  const Reply acted = alice.post("/api/games/" + id + "/actions",
                                 {{"action", action}, {"version", state["version"]}});
  ASSERT_EQ(acted.status, 200) << acted.text;
  EXPECT_GT(acted.body["version"].get<int>(), state["version"].get<int>());

  // The lobby lists it.
  const Reply lobby = alice.get("/api/games");
  ASSERT_EQ(lobby.status, 200);
  ASSERT_EQ(lobby.body["games"].size(), 1u);
  EXPECT_EQ(lobby.body["games"][0]["id"], id);
  EXPECT_EQ(lobby.body["games"][0]["opponent"], "random");
  EXPECT_EQ(lobby.body["games"][0]["status"], "active");
}

TEST_F(ServerApi, InvitationSeatsTurnsAndStaleVersions) {
  start();
  ApiClient alice = user("alice");
  ApiClient bob = user("bob");
  ApiClient carol = user("carol");
  const Reply created = alice.post(
      "/api/games", {{"game", "pacific-war"}, {"seat", "allied"}, {"opponent", "human"}});
  ASSERT_EQ(created.status, 201) << created.text;
  const std::string id = created.body["id"];
  const std::string token = created.body["invite"];
  ASSERT_FALSE(token.empty());

  Json state = alice.get("/api/games/" + id).body;
  EXPECT_EQ(state["status"], "waiting");
  EXPECT_FALSE(state["your_turn"].get<bool>());
  EXPECT_EQ(alice.get("/api/games").body["games"][0]["status"], "waiting");
  EXPECT_EQ(bob.get("/api/games/" + id).status, 403);  // not a player yet

  EXPECT_EQ(alice.post("/api/invites/" + token).status, 409);  // own game
  EXPECT_EQ(bob.post("/api/invites/00112233").status, 404);
  const Reply joined = bob.post("/api/invites/" + token);
  ASSERT_EQ(joined.status, 200) << joined.text;
  EXPECT_EQ(joined.body["id"], id);
  EXPECT_EQ(joined.body["seat"], "japanese");
  EXPECT_EQ(carol.post("/api/invites/" + token).status, 404);  // used
  EXPECT_EQ(carol.get("/api/games/" + id).status, 403);

  // Allied set-up comes first (14.1): alice acts, bob may not.
  state = alice.get("/api/games/" + id).body;
  ASSERT_EQ(state["status"], "active");
  ASSERT_TRUE(state["your_turn"].get<bool>()) << state.dump();
  const Json bob_state = bob.get("/api/games/" + id).body;
  EXPECT_FALSE(bob_state["your_turn"].get<bool>());
  EXPECT_TRUE(bob_state["legal"].empty());
  EXPECT_TRUE(bob_state["prompt"].is_null());
  const std::string action = state["legal"][0]["id"];
  Reply r = bob.post("/api/games/" + id + "/actions",
                     {{"action", action}, {"version", state["version"]}});
  EXPECT_EQ(r.status, 403);
  EXPECT_NE(r.body.value("error", "").find("not your turn"), std::string::npos);
  r = carol.post("/api/games/" + id + "/actions",
                 {{"action", action}, {"version", state["version"]}});
  EXPECT_EQ(r.status, 403);
  r = alice.post("/api/games/" + id + "/actions",
                 {{"action", action}, {"version", state["version"].get<int>() + 1}});
  EXPECT_EQ(r.status, 409);
  EXPECT_EQ(r.body["version"], state["version"]);
  r = alice.post("/api/games/" + id + "/actions",
                 {{"action", action}, {"version", state["version"]}});
  ASSERT_EQ(r.status, 200) << r.text;
  // The same version again is stale now.
  r = alice.post("/api/games/" + id + "/actions",
                 {{"action", action}, {"version", state["version"]}});
  EXPECT_EQ(r.status, 409);

  // Both lobbies show whose turn it is.
  const Json a = alice.get("/api/games").body["games"][0];
  const Json b = bob.get("/api/games").body["games"][0];
  EXPECT_EQ(a["to_move"], b["to_move"]);
  EXPECT_NE(a["your_turn"], b["your_turn"]);
  EXPECT_EQ(a["opponent"], bob.get("/api/me").body["username"]);
}

TEST_F(ServerApi, UndoTakesBackOwnLastAction) {
  start();
  ApiClient alice = user("alice");
  const std::string id = create(alice, "random");
  const Json state = wait_turn(alice, id);
  EXPECT_FALSE(state["can_undo"].get<bool>());
  EXPECT_EQ(alice.post("/api/games/" + id + "/undo", {{"version", state["version"]}}).status, 409);
  // Japanese set-up placements are not barriers.
  const Reply acted =
      alice.post("/api/games/" + id + "/actions",
                 {{"action", state["legal"][0]["id"]}, {"version", state["version"]}});
  ASSERT_EQ(acted.status, 200);
  ASSERT_TRUE(acted.body["can_undo"].get<bool>()) << acted.body["prompt"];
  EXPECT_EQ(alice.post("/api/games/" + id + "/undo", {{"version", state["version"]}}).status, 409);
  const Reply undone =
      alice.post("/api/games/" + id + "/undo", {{"version", acted.body["version"]}});
  ASSERT_EQ(undone.status, 200) << undone.text;
  EXPECT_EQ(undone.body["version"], state["version"]);
  EXPECT_EQ(undone.body["view"], state["view"]);
}

// Memory follows the games being played: a game nobody asked for in a while leaves memory, and
// asked for again it is replayed from the store to the same state (games.cc, unload_idle).
TEST_F(ServerApi, IdleGamesLeaveMemoryAndComeBackTheSame) {
  ServerConfig c = config();
  c.unload_games_after = std::chrono::milliseconds(0);
  start(c);
  ApiClient alice = user("alice");
  const std::string first = create(alice, "random");
  const Json state = wait_turn(alice, first);
  const Reply acted =
      alice.post("/api/games/" + first + "/actions",
                 {{"action", state["legal"][0]["id"]}, {"version", state["version"]}});
  ASSERT_EQ(acted.status, 200) << acted.text;
  const Json before = wait_turn(alice, first);
  const std::string second = create(alice, "random");
  wait_turn(alice, second);  // every request looks for idle games: the first one is dropped
  EXPECT_EQ(server_->server().loaded_games(), 1u);
  const Reply after = alice.get("/api/games/" + first);
  ASSERT_EQ(after.status, 200) << after.text;
  EXPECT_EQ(after.body, before);
  const Reply next =
      alice.post("/api/games/" + first + "/actions",
                 {{"action", before["legal"][0]["id"]}, {"version", before["version"]}});
  EXPECT_EQ(next.status, 200) << next.text;
}

// A menu group (State::action_group) reaches the page: the legal actions that use one card on
// one of several targets carry `group` (the card's words, the same for all of them) and `choice`
// (the target); ids and labels are the game's. The game is stored as the server keeps it: a
// seed and the actions that lead to a Japanese decision with such a group.
TEST_F(ServerApi, LegalActionsOfOneCardOnSeveralTargetsCarryTheirGroup) {
  start();
  std::string name;
  ApiClient alice = testing::signed_up(server_->port(), "alice", &name);
  const auto game = find_game("pacific-war");
  const Json options = game->normalize_options(Json::object());
  GameRecord record;
  std::random_device device;
  char id[17];
  std::snprintf(id, sizeof id, "%08x%08x", device(), device());
  record.id = id;
  record.game = "pacific-war";
  record.options = options;
  record.seed = 2;
  record.seats = {SeatRecord{name, ""}, SeatRecord{"", "random"}};
  // Both sides take their first legal action until the Japanese may play a card on one of
  // several targets (seed 2: J12 Kure Naval Arsenal on the Japanese ships of the Turn Track).
  engine::Session session(game, options, record.seed);
  auto grouped = [](const engine::State& state) {
    std::map<std::string, int> members;
    for (const engine::ActionCode a : state.legal_actions()) {
      const std::string group = state.action_group(a).label;
      if (!group.empty() && ++members[group] == 2) return true;
    }
    return false;
  };
  while (!session.state().is_terminal() &&
         (session.state().current_seat() != 0 || !grouped(session.state()))) {
    if (session.state().is_chance()) {
      session.resolve_chance();
    } else {
      session.apply(session.state().legal_actions().front());
    }
  }
  ASSERT_FALSE(session.state().is_terminal());
  for (std::size_t i = 0; i < session.history_ids().size(); ++i) {
    record.actions.push_back({session.history_ids()[i], session.history_seats()[i]});
  }
  record.state.to_move = 0;
  record.state.version = static_cast<std::int64_t>(record.actions.size());
  record.created_ms = record.state.updated_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(
          std::chrono::system_clock::now().time_since_epoch())
          .count();
  Store(open_database(config().db)).create_game(record);

  const Reply reply = alice.get("/api/games/" + record.id);
  ASSERT_EQ(reply.status, 200) << reply.text;
  EXPECT_EQ(Json::parse(reply.text).dump(), reply.text);  // keys in order
  const engine::State& state = session.state();
  const std::vector<engine::ActionCode> legal = state.legal_actions();
  ASSERT_EQ(reply.body["legal"].size(), legal.size());
  std::map<std::string, std::vector<std::string>> groups;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    const Json& entry = reply.body["legal"][i];
    const engine::ActionGroup group = state.action_group(legal[i]);
    EXPECT_EQ(entry["id"], state.action_id(legal[i]));
    EXPECT_EQ(entry["label"], state.action_label(legal[i]));
    if (group.label.empty()) {
      EXPECT_FALSE(entry.contains("group")) << entry.dump();
      EXPECT_FALSE(entry.contains("choice")) << entry.dump();
      continue;
    }
    EXPECT_EQ(entry.value("group", ""), group.label);
    EXPECT_EQ(entry.value("choice", ""), group.choice);
    groups[group.label].push_back(group.choice);
  }
  std::size_t largest = 0;
  for (const auto& [label, choices] : groups) largest = std::max(largest, choices.size());
  EXPECT_GE(largest, 2u) << reply.body["legal"].dump();
}

// A computer player whose search remembers its earlier searches (tree reuse: on in
// Co-Prosperity) is kept with the game between its decisions, so that it plays in the browser as
// the ladder measured it; one that does not (The Pacific War's) is made afresh each time.
TEST_F(ServerApi, ComputerPlayersThatRememberAreKeptWithTheGame) {
  start();
  ApiClient alice = user("alice");
  const std::string remembering = create(alice, "mcts:easy", "japanese", "co-prosperity");
  Json state = wait_turn(alice, remembering);
  for (int i = 0; i < 40 && server_->server().remembered_agents() == 0; ++i) {
    const Reply acted =
        alice.post("/api/games/" + remembering + "/actions",
                   {{"action", state["legal"][0]["id"]}, {"version", state["version"]}});
    ASSERT_EQ(acted.status, 200) << acted.text;
    state = wait_turn(alice, remembering);
  }
  EXPECT_EQ(server_->server().remembered_agents(), 1u) << "the Allied mcts:easy is kept";
  const std::string plain = create(alice, "mcts:easy", "allied", "pacific-war");
  wait_turn(alice, plain);  // the Japanese mcts:easy has moved
  EXPECT_EQ(server_->server().loaded_games(), 2u);
  EXPECT_EQ(server_->server().remembered_agents(), 1u) << "The Pacific War's is not kept";
}

// State answers are written as text and kept per seat between changes (games.cc): they are
// canonical JSON (what nlohmann::json writes: sorted keys, no spaces), an undo cuts the kept log
// lines, and a server that loads the game afresh from the database answers the same bytes.
TEST_F(ServerApi, StateAnswersAreCanonicalAndSurviveUndoAndRestart) {
  start();
  ApiClient alice = user("alice");
  const std::string id = create(alice, "random");
  const auto canonical = [](const Reply& r) {
    EXPECT_EQ(r.status, 200) << r.text;
    EXPECT_EQ(Json::parse(r.text).dump(), r.text);
  };
  Json state = wait_turn(alice, id);
  const std::string path = "/api/games/" + id;
  const Reply first = alice.get(path);
  canonical(first);
  const Reply acted = alice.post(
      path + "/actions", {{"action", state["legal"][0]["id"]}, {"version", state["version"]}});
  canonical(acted);
  ASSERT_TRUE(acted.body["can_undo"].get<bool>());
  const Reply undone = alice.post(path + "/undo", {{"version", acted.body["version"]}});
  canonical(undone);
  EXPECT_EQ(undone.body["log"], first.body["log"]);
  EXPECT_EQ(undone.body["view"], first.body["view"]);
  // Another action after the undo: its log lines replace the taken-back ones.
  const Json& legal = undone.body["legal"];
  const Reply other = alice.post(path + "/actions", {{"action", legal[legal.size() - 1]["id"]},
                                                     {"version", undone.body["version"]}});
  canonical(other);
  const Reply since = alice.get(path + "?log_since=" + std::to_string(first.body["log"].size()));
  canonical(since);
  Json tail = Json::array();
  for (std::size_t i = first.body["log"].size(); i < other.body["log"].size(); ++i) {
    tail.push_back(other.body["log"][i]);
  }
  EXPECT_EQ(since.body["log"], tail);
  state = wait_turn(alice, id);
  const Reply before = alice.get(path);
  canonical(before);

  server_.reset();  // a new server process: the game is replayed from the database
  start();
  ApiClient again = client();
  again.set_cookie(alice.cookie());
  const Reply after = again.get(path);
  canonical(after);
  EXPECT_EQ(after.text, before.text);
}

TEST_F(ServerApi, ResignAndReplay) {
  start();
  ApiClient alice = user("alice");
  ApiClient bob = user("bob");
  const std::string id = create(alice, "random");
  Json state = wait_turn(alice, id);
  for (int i = 0; i < 5; ++i) {
    const Reply r =
        alice.post("/api/games/" + id + "/actions",
                   {{"action", state["legal"][0]["id"]}, {"version", state["version"]}});
    ASSERT_EQ(r.status, 200);
    state = wait_turn(alice, id);
  }
  EXPECT_EQ(alice.get("/api/games/" + id + "/replay?step=1").status, 409);  // not finished
  EXPECT_EQ(bob.post("/api/games/" + id + "/resign").status, 403);
  const Reply resigned = alice.post("/api/games/" + id + "/resign");
  ASSERT_EQ(resigned.status, 200) << resigned.text;
  EXPECT_EQ(resigned.body["status"], "finished");
  EXPECT_EQ(resigned.body["result"]["winner"], "allied");
  EXPECT_FALSE(resigned.body["your_turn"].get<bool>());
  EXPECT_EQ(alice.post("/api/games/" + id + "/resign").status, 409);
  EXPECT_EQ(alice
                .post("/api/games/" + id + "/actions",
                      {{"action", state["legal"][0]["id"]}, {"version", resigned.body["version"]}})
                .status,
            409);
  EXPECT_EQ(alice.get("/api/games").body["games"][0]["result"]["winner"], "allied");

  const int steps = resigned.body["version"];
  Reply r = alice.get("/api/games/" + id + "/replay?step=0");
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["steps"], steps);
  EXPECT_TRUE(r.body["action"].is_null());
  r = alice.get("/api/games/" + id + "/replay?step=" + std::to_string(steps));
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.body["view"], resigned.body["view"]);
  EXPECT_EQ(r.body["log"], resigned.body["log"]);
  // The last action was alice's own (Japanese): she sees its id.
  EXPECT_EQ(r.body["by"], "japanese");
  EXPECT_FALSE(r.body["action"].is_null());
  EXPECT_EQ(alice.get("/api/games/" + id + "/replay?step=" + std::to_string(steps + 1)).status,
            400);
  EXPECT_EQ(alice.get("/api/games/" + id + "/replay?step=-1").status, 400);
  EXPECT_EQ(bob.get("/api/games/" + id + "/replay?step=0").status, 403);
}

// Issue 41, hole 2: live game pages (event streams) per user are capped (the audit opened 300
// for one user); a page closed gives its place back.
TEST_F(ServerApi, LiveGamePagesPerUserAreCapped) {
  ServerConfig c = config();
  c.max_streams_per_user = 2;
  start(c);
  ApiClient alice = user("alice");
  const std::string id = create(alice, "random");
  const Json state = wait_turn(alice, id);
  auto first = std::make_unique<testing::EventReader>(server_->port(), id, alice.cookie());
  testing::EventReader second(server_->port(), id, alice.cookie());
  ASSERT_TRUE(first->wait_version(state["version"]));
  ASSERT_TRUE(second.wait_version(state["version"]));
  const Reply third = alice.get("/api/games/" + id + "/events");
  EXPECT_EQ(third.status, 429) << third.text;
  EXPECT_NE(third.body.value("error", "").find("live game pages"), std::string::npos);
  first.reset();
  bool reopened = false;
  for (int i = 0; i < 50 && !reopened; ++i) {  // the server sees the close on its next read
    testing::EventReader again(server_->port(), id, alice.cookie());
    reopened = again.wait_for([](const Json&) { return true; }, std::chrono::milliseconds(200));
  }
  EXPECT_TRUE(reopened);
}

TEST_F(ServerApi, EventsAnnounceEveryChangeWithoutHiddenData) {
  ServerConfig c = config();
  c.poll_interval = std::chrono::milliseconds(100);
  start(c);
  ApiClient alice = user("alice");
  const std::string id = create(alice, "random");
  Json state = wait_turn(alice, id);

  {
    testing::EventReader reader(server_->port(), id, alice.cookie());
    EXPECT_TRUE(reader.wait_version(state["version"]));
    const Reply acted =
        alice.post("/api/games/" + id + "/actions",
                   {{"action", state["legal"][0]["id"]}, {"version", state["version"]}});
    ASSERT_EQ(acted.status, 200);
    EXPECT_TRUE(reader.wait_version(acted.body["version"]));
    for (const Json& event : reader.events()) {
      std::vector<std::string> keys;
      for (auto it = event.begin(); it != event.end(); ++it) keys.push_back(it.key());
      // "chat": the number of chat messages (platform.h), no text.
      EXPECT_EQ(keys,
                (std::vector<std::string>{"chat", "status", "to_move", "version", "your_turn"}));
    }
  }
  // Another user may not listen.
  ApiClient bob = user("bob");
  EXPECT_EQ(bob.get("/api/games/" + id + "/events").status, 403);
}

// The quick lane (AgentRunner): a thinker that claims only the jobs of computer players without
// a time budget takes a newer `random` job over an older `mcts:expert` one; the other thinkers
// take the oldest.
TEST_F(ServerApi, QuickLaneClaimsOnlyTheJobsOfQuickPlayers) {
  EXPECT_EQ(AgentRunner::quick_agents(),
            (std::vector<std::string>{"random", "heuristic", "mcts:easy", "mcts:normal"}));
  ServerConfig c = config();
  c.agent_threads = 0;  // the jobs stay queued
  start(c);
  ApiClient alice = user("alice");
  // Alice takes the Japanese seat: the computer sets up the Allies first (14.1).
  const std::string slow = create(alice, "mcts:expert");
  const std::string quick = create(alice, "random");
  Store store(open_database(c.db));
  const auto now = now_ms();
  const std::optional<AiJob> lane =
      store.claim_ai_job("lane", now, 60'000, AgentRunner::quick_agents());
  ASSERT_TRUE(lane.has_value());
  EXPECT_EQ(lane->game_id, quick);
  EXPECT_FALSE(store.claim_ai_job("lane", now, 60'000, AgentRunner::quick_agents()).has_value());
  const std::optional<AiJob> any = store.claim_ai_job("any", now, 60'000);
  ASSERT_TRUE(any.has_value());
  EXPECT_EQ(any->game_id, slow);
  EXPECT_FALSE(store.claim_ai_job("any", now, 60'000).has_value());
}

// A game of The Pacific War between two people: `allied` created it, `japanese` joined.
std::string allied_versus_japanese(ApiClient& allied, ApiClient& japanese) {
  const Reply created = allied.post(
      "/api/games", {{"game", "pacific-war"}, {"seat", "allied"}, {"opponent", "human"}});
  EXPECT_EQ(created.status, 201) << created.text;
  const std::string id = created.body.value("id", "");
  const std::string invite = created.body.value("invite", "");
  EXPECT_EQ(japanese.post("/api/invites/" + invite).status, 200);
  return id;
}

// Issue 43: a stream opened with ?log_since=N carries the seat's state before the update of
// each change the user did not make (so the page needs no GET), with only the log lines it has
// not sent; the user's own change has only its update (its answer had the state).
TEST_F(ServerApi, EventsWithLogSinceCarryTheStateOfOthersMoves) {
  start();
  ApiClient alice = user("alice");
  ApiClient bob = user("bob");
  const std::string id = allied_versus_japanese(alice, bob);
  Json a = alice.get("/api/games/" + id).body;
  const Json b = bob.get("/api/games/" + id).body;
  ASSERT_TRUE(a["your_turn"].get<bool>()) << a.dump();
  const std::size_t bob_lines = b["log"].size();
  testing::EventReader bob_events(server_->port(), id, bob.cookie(),
                                  "?log_since=" + std::to_string(bob_lines));
  testing::EventReader alice_events(server_->port(), id, alice.cookie(),
                                    "?log_since=" + std::to_string(a["log"].size()));
  // states=turn: only the states of bob's turn (or the game's end).
  testing::EventReader bob_turns(server_->port(), id, bob.cookie(),
                                 "?states=turn&log_since=" + std::to_string(bob_lines));
  ASSERT_TRUE(bob_events.wait_version(a["version"]));
  ASSERT_TRUE(bob_turns.wait_version(a["version"]));
  ASSERT_TRUE(alice_events.wait_version(a["version"]));
  // Two of alice's actions, each seen by bob's stream.
  for (int i = 0; i < 2; ++i) {
    const Reply r = alice.post("/api/games/" + id + "/actions",
                               {{"action", a["legal"][0]["id"]}, {"version", a["version"]}});
    ASSERT_EQ(r.status, 200) << r.text;
    a = r.body;
    ASSERT_TRUE(bob_events.wait_version(a["version"]));
    ASSERT_TRUE(alice_events.wait_version(a["version"]));
  }
  // Bob's last state is his GET's answer, and his log grows by the lines sent.
  const Reply bob_now = bob.get("/api/games/" + id);
  const std::vector<Json> states = bob_events.states();
  ASSERT_FALSE(states.empty());
  EXPECT_EQ(states.back()["version"], a["version"]);
  Json log = b["log"];
  for (const Json& state : states) {
    const auto from = state["log_from"].get<std::size_t>();
    ASSERT_LE(from, log.size());
    Json merged = Json::array();
    for (std::size_t i = 0; i < from; ++i) merged.push_back(log[i]);
    for (const Json& line : state["log"]) merged.push_back(line);
    log = merged;
  }
  EXPECT_EQ(log, bob_now.body["log"]);
  Json bob_whole = states.back();
  bob_whole["log"] = log;
  bob_whole["log_from"] = 0;
  EXPECT_EQ(bob_whole, bob_now.body);
  EXPECT_EQ(states.front()["log_from"], bob_lines);
  // Each state comes just before an update of the same version.
  const std::vector<Json> updates = bob_events.events();
  const std::vector<std::size_t> before = bob_events.states_before();
  for (std::size_t k = 0; k < updates.size(); ++k) {
    if (before[k] == 0 || (k > 0 && before[k] == before[k - 1])) continue;
    EXPECT_EQ(states[before[k] - 1]["version"], updates[k]["version"]);
  }
  // Alice made every change since her stream opened: after the state of its first event (on
  // connecting), updates only.
  const std::vector<Json> alice_states = alice_events.states();
  ASSERT_LE(alice_states.size(), 1u);
  for (const Json& state : alice_states) EXPECT_LT(state["version"], a["version"]);
  EXPECT_GE(alice_events.events().size(), 3u);
  ASSERT_TRUE(bob_turns.wait_version(a["version"]));
  const std::vector<Json> turns = bob_turns.states();
  ASSERT_FALSE(turns.empty());  // the last action made it bob's turn (the set-up, 14.2)
  EXPECT_LT(turns.size(), states.size());
  for (const Json& state : turns)
    EXPECT_TRUE(state["your_turn"].get<bool>() || state["status"] == "finished") << state.dump();
  EXPECT_EQ(turns.back()["version"], a["version"]);
  // A bad log_since or states is refused.
  EXPECT_EQ(bob.get("/api/games/" + id + "/events?states=mine&log_since=0").status, 400);
  EXPECT_EQ(bob.get("/api/games/" + id + "/events?log_since=x").status, 400);
  EXPECT_EQ(bob.get("/api/games/" + id + "/events?log_since=-1").status, 400);
}

// After an undo the stream sends the whole log again (the lines it sent may have changed), and
// a log_since past the seat's lines (an old page) gets the whole log, not an error.
TEST_F(ServerApi, EventStateAfterAnUndoHasTheWholeLog) {
  start();
  ApiClient alice = user("alice");
  ApiClient bob = user("bob");
  const std::string id = allied_versus_japanese(alice, bob);
  Json a = alice.get("/api/games/" + id).body;
  testing::EventReader bob_events(server_->port(), id, bob.cookie(), "?log_since=100000");
  ASSERT_TRUE(bob_events.wait_version(a["version"]));
  Reply r = alice.post("/api/games/" + id + "/actions",
                       {{"action", a["legal"][0]["id"]}, {"version", a["version"]}});
  ASSERT_EQ(r.status, 200) << r.text;
  ASSERT_TRUE(bob_events.wait_version(r.body["version"]));
  std::vector<Json> states = bob_events.states();
  ASSERT_FALSE(states.empty());
  EXPECT_EQ(states.back()["log_from"], 0);  // 100000 was past the log
  EXPECT_EQ(states.back()["log"], bob.get("/api/games/" + id).body["log"]);
  ASSERT_TRUE(r.body["can_undo"].get<bool>()) << r.text;
  const std::size_t before_undo = states.size();
  r = alice.post("/api/games/" + id + "/undo", {{"version", r.body["version"]}});
  ASSERT_EQ(r.status, 200) << r.text;
  ASSERT_TRUE(bob_events.wait_for([&](const Json& e) { return e["version"] == r.body["version"]; },
                                  std::chrono::seconds(10)));
  // The undo cut the log: bob's stream sends the whole log again.
  states = bob_events.states();
  ASSERT_GT(states.size(), before_undo);
  EXPECT_EQ(states.back()["version"], r.body["version"]);
  EXPECT_EQ(states.back()["log_from"], 0);
  EXPECT_EQ(states.back()["log"], bob.get("/api/games/" + id).body["log"]);
  const std::size_t after_undo = states.size();
  const Reply again =
      alice.post("/api/games/" + id + "/actions",
                 {{"action", r.body["legal"][0]["id"]}, {"version", r.body["version"]}});
  ASSERT_EQ(again.status, 200) << again.text;
  ASSERT_TRUE(bob_events.wait_version(again.body["version"]));
  states = bob_events.states();
  ASSERT_GT(states.size(), after_undo);
  Json log = states[after_undo - 1]["log"];
  const auto from = states.back()["log_from"].get<std::size_t>();
  ASSERT_LE(from, log.size());
  log.erase(log.begin() + static_cast<std::ptrdiff_t>(from), log.end());
  for (const Json& line : states.back()["log"]) log.push_back(line);
  EXPECT_EQ(log, bob.get("/api/games/" + id).body["log"]);
}

}  // namespace
}  // namespace pacwar::server
