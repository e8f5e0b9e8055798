// Hidden information: every answer a seat gets during scripted and random games holds exactly
// view(seat) and the log lines that seat may read, never the opponent's hand or the deck.
// The authoritative state is rebuilt here from the stored log, independently of the server.
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <set>

#include "engine/session.h"
#include "games/registry.h"
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

// Keys that would list the deck: any key naming a deck must hold a count, never cards.
void expect_no_deck(const Json& json, const std::string& where) {
  if (json.is_object()) {
    for (auto it = json.begin(); it != json.end(); ++it) {
      if (it.key().find("deck") != std::string::npos) {
        EXPECT_TRUE(it.value().is_number()) << where << ": '" << it.key() << "' lists cards";
      }
      expect_no_deck(it.value(), where);
    }
  } else if (json.is_array()) {
    for (const Json& item : json) expect_no_deck(item, where);
  }
}

// Fewer actions in the sanitizer run (it sets PACWAR_SELFPLAY_GAMES): it checks memory, not volume.
bool sanitizer_run() { return std::getenv("PACWAR_SELFPLAY_GAMES") != nullptr; }
int steps(int normal) { return sanitizer_run() ? normal / 2 : normal; }
int at_least(int normal) { return sanitizer_run() ? 1 : normal; }

class HiddenInformation : public ::testing::Test {
 protected:
  void SetUp() override {
    const ServerConfig config = testing::test_config(dir_, 8);
    server_ = std::make_unique<InProcessServer>(config);
    store_ = std::make_unique<Store>(open_database(config.db));
  }

  // The authoritative session of game `id` after its first `version` actions.
  std::unique_ptr<engine::Session> truth(const std::string& id, std::int64_t version) {
    auto record = store_->load_game(id);
    EXPECT_TRUE(record.has_value());
    auto game = find_cached(record->game);
    auto session = std::make_unique<engine::Session>(game, record->options, record->seed);
    EXPECT_GE(static_cast<std::int64_t>(record->actions.size()), version);
    for (std::int64_t i = 0; i < version; ++i) session->apply_id(record->actions[i].id);
    return session;
  }

  std::shared_ptr<const engine::Game> find_cached(const std::string& name) {
    auto& game = games_[name];
    if (!game) game = find_game(name);
    return game;
  }

  // Checks one answer given to `seat` that describes the game at `version`.
  void check(const std::string& id, int seat, const Reply& reply, std::int64_t version,
             std::set<std::string>& seen_by_seat) {
    ASSERT_EQ(reply.status, 200) << reply.text;
    ++checked_;
    const auto session = truth(id, version);
    const engine::State& state = session->state();
    const int opponent = 1 - seat;
    const std::string me = session->game().seat_name(seat);
    const std::string them = session->game().seat_name(opponent);
    const Json& view = reply.body["view"];
    // Exactly this seat's view and log.
    EXPECT_EQ(view, state.view(seat)) << "version " << version;
    Json log = Json::array();
    std::string public_text = state.view(-1).dump();
    for (const engine::LogLine& line : session->log()) {
      if (line.visible(seat)) log.push_back({{"text", line.text}, {"rule", line.rule}});
      if (line.visible_to == engine::kAllSeats) public_text += "\n" + line.text;
    }
    EXPECT_EQ(reply.body["log"], log);
    EXPECT_FALSE(view["hands"][them].contains("cards")) << "the opponent's hand is sent";
    expect_no_deck(reply.body, "answer at version " + std::to_string(version));
    // The opponent's cards never appear anywhere in the answer, unless this seat has seen them
    // (in its own hand earlier) or they are public (a discard, a log line for everybody).
    const Json their_view = state.view(opponent);
    for (const Json& card : their_view["hands"][them]["cards"]) {
      for (const std::string& token :
           {card["name"].get<std::string>(), "\"" + card["id"].get<std::string>() + "\""}) {
        if (public_text.find(token) != std::string::npos || seen_by_seat.count(token)) continue;
        EXPECT_EQ(reply.text.find(token), std::string::npos)
            << "hidden card " << token << " of " << them << " sent to " << me;
        ++hidden_checked_;
      }
    }
    const Json my_view = state.view(seat);
    for (const Json& card : my_view["hands"][me]["cards"]) {
      seen_by_seat.insert(card["name"].get<std::string>());
      seen_by_seat.insert("\"" + card["id"].get<std::string>() + "\"");
    }
  }

  // Two humans play `steps` actions (first legal action, or random ones); every answer to
  // either seat is checked.
  void play(const std::string& game, bool random, int steps, unsigned seed) {
    ApiClient japanese(server_->port());
    ApiClient allied(server_->port());
    ASSERT_EQ(japanese.signup(unique("jap")).status, 201);
    ASSERT_EQ(allied.signup(unique("all")).status, 201);
    const Reply created =
        japanese.post("/api/games", {{"game", game}, {"seat", "japanese"}, {"opponent", "human"}});
    ASSERT_EQ(created.status, 201) << created.text;
    const std::string id = created.body["id"];
    ASSERT_EQ(allied.post("/api/invites/" + created.body["invite"].get<std::string>()).status, 200);
    ApiClient* clients[2] = {&japanese, &allied};
    std::set<std::string> seen[2];
    std::mt19937 rng(seed);
    for (int step = 0; step < steps; ++step) {
      int to_act = -1;
      for (int seat = 0; seat < 2; ++seat) {
        const Reply r = clients[seat]->get("/api/games/" + id);
        check(id, seat, r, r.body["version"], seen[seat]);
        if (r.body["your_turn"].get<bool>()) to_act = seat;
        const Reply lobby = clients[seat]->get("/api/games");
        ASSERT_EQ(lobby.status, 200);
        expect_no_deck(lobby.body, "lobby");
      }
      if (to_act < 0) break;  // finished
      const Json state = clients[to_act]->get("/api/games/" + id).body;
      const Json& legal = state["legal"];
      ASSERT_FALSE(legal.empty());
      const std::size_t pick =
          random ? std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng) : 0;
      const Reply acted =
          clients[to_act]->post("/api/games/" + id + "/actions",
                                {{"action", legal[pick]["id"]}, {"version", state["version"]}});
      check(id, to_act, acted, acted.body["version"], seen[to_act]);
    }
  }

  TempDir dir_;
  std::unique_ptr<InProcessServer> server_;
  std::unique_ptr<Store> store_;
  std::map<std::string, std::shared_ptr<const engine::Game>> games_;
  int checked_ = 0;
  int hidden_checked_ = 0;
};

TEST_F(HiddenInformation, ScriptedPacificWarGame) {
  play("pacific-war", false, steps(120), 1);
  EXPECT_GT(checked_, at_least(300));
  EXPECT_GT(hidden_checked_, at_least(100));  // the opponent held cards that had to stay hidden
}

TEST_F(HiddenInformation, RandomPacificWarGames) {
  for (unsigned seed = 1; seed <= 2; ++seed) play("pacific-war", true, steps(150), seed);
  EXPECT_GT(hidden_checked_, at_least(100));
}

TEST_F(HiddenInformation, RandomCoProsperityGame) {
  play("co-prosperity", true, steps(150), 3);
  EXPECT_GT(checked_, at_least(300));
}

TEST_F(HiddenInformation, GameAgainstComputerPlayer) {
  ApiClient alice(server_->port());
  ASSERT_EQ(alice.signup(unique("alice")).status, 201);
  const Reply created = alice.post(
      "/api/games", {{"game", "pacific-war"}, {"seat", "allied"}, {"opponent", "random"}});
  ASSERT_EQ(created.status, 201);
  const std::string id = created.body["id"];
  std::set<std::string> seen;
  std::mt19937 rng(7);
  for (int step = 0; step < steps(150); ++step) {
    Reply r = alice.get("/api/games/" + id);
    check(id, 1, r, r.body["version"], seen);
    if (r.body["status"] == "finished") break;
    if (!r.body["your_turn"].get<bool>()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      continue;
    }
    const Json& legal = r.body["legal"];
    const std::size_t pick = std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng);
    const Reply acted = alice.post("/api/games/" + id + "/actions",
                                   {{"action", legal[pick]["id"]}, {"version", r.body["version"]}});
    check(id, 1, acted, acted.body["version"], seen);
  }
  EXPECT_GT(hidden_checked_, at_least(20));
}

// A seat that asks only for the log lines after those it holds (?log_since=N on GET,
// "log_since" in an action) ends up with exactly its visible log: never a hidden line, none
// missing or repeated; and log_since past its lines, or not a non-negative integer, is refused
// with 400 and changes nothing.
TEST_F(HiddenInformation, LogSinceGivesOnlyTheSeatsNewLines) {
  ApiClient japanese(server_->port());
  ApiClient allied(server_->port());
  ASSERT_EQ(japanese.signup(unique("jap")).status, 201);
  ASSERT_EQ(allied.signup(unique("all")).status, 201);
  const Reply created = japanese.post(
      "/api/games", {{"game", "pacific-war"}, {"seat", "japanese"}, {"opponent", "human"}});
  ASSERT_EQ(created.status, 201) << created.text;
  const std::string id = created.body["id"];
  ASSERT_EQ(allied.post("/api/invites/" + created.body["invite"].get<std::string>()).status, 200);
  ApiClient* clients[2] = {&japanese, &allied};
  Json held[2] = {Json::array(), Json::array()};  // each seat's log, put together piece by piece
  const auto expect_log = [&](int seat, std::int64_t version) {
    const auto session = truth(id, version);
    Json log = Json::array();
    for (const engine::LogLine& line : session->log()) {
      if (line.visible(seat)) log.push_back({{"text", line.text}, {"rule", line.rule}});
    }
    EXPECT_EQ(held[seat], log) << "seat " << seat << " at version " << version;
  };
  const auto take = [&](int seat, const Reply& r) {
    ASSERT_EQ(r.status, 200) << r.text;
    EXPECT_EQ(r.body["log_from"].get<std::int64_t>(), static_cast<std::int64_t>(held[seat].size()));
    for (const Json& line : r.body["log"]) held[seat].push_back(line);
    expect_log(seat, r.body["version"]);
  };
  std::mt19937 rng(21);
  for (int step = 0; step < steps(80); ++step) {
    int to_act = -1;
    Json state;
    for (int seat = 0; seat < 2; ++seat) {
      const Reply r = clients[seat]->get("/api/games/" + id +
                                         "?log_since=" + std::to_string(held[seat].size()));
      take(seat, r);
      if (r.body["your_turn"].get<bool>()) {
        to_act = seat;
        state = r.body;
      }
    }
    if (to_act < 0) break;
    const Json& legal = state["legal"];
    const std::size_t pick = std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng);
    const Reply acted =
        clients[to_act]->post("/api/games/" + id + "/actions",
                              {{"action", legal[pick]["id"]},
                               {"version", state["version"]},
                               {"log_since", static_cast<std::int64_t>(held[to_act].size())}});
    take(to_act, acted);
  }
  ASSERT_GT(held[0].size(), 10u);
  // The loop may end on the other seat's action: bring the Japanese log up to date first.
  take(0, japanese.get("/api/games/" + id + "?log_since=" + std::to_string(held[0].size())));

  // Bounds: all lines held gives an empty log; one past them, or a bad value, is refused.
  const std::string path = "/api/games/" + id;
  const auto lines = static_cast<std::int64_t>(held[0].size());
  Reply r = japanese.get(path + "?log_since=" + std::to_string(lines));
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_TRUE(r.body["log"].empty());
  EXPECT_EQ(r.body["log_from"], lines);
  r = japanese.get(path + "?log_since=0");
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.body["log"], held[0]);
  EXPECT_EQ(r.body["log_from"], 0);
  r = japanese.get(path + "?log_since=" + std::to_string(lines + 1));
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.body.value("error", "").find("log_since"), std::string::npos) << r.text;
  for (const char* bad : {"-1", "abc", "1.5", "", "99999999999999999999"}) {
    EXPECT_EQ(japanese.get(path + "?log_since=" + bad).status, 400) << bad;
  }
  // In an action: refused before anything is applied.
  r = japanese.get(path);
  const Json now = r.body;
  const int seat = now["your_turn"].get<bool>() ? 0 : 1;
  const Json state = clients[seat]->get(path).body;
  if (state["your_turn"].get<bool>()) {
    for (const Json& bad : {Json(-1), Json("3"), Json(1.5), Json(lines * 100 + 1000)}) {
      const Reply refused = clients[seat]->post(
          path + "/actions",
          {{"action", state["legal"][0]["id"]}, {"version", state["version"]}, {"log_since", bad}});
      EXPECT_EQ(refused.status, 400) << bad.dump();
    }
    EXPECT_EQ(clients[seat]->get(path).body["version"], state["version"]) << "a refused action "
                                                                             "changed the game";
  }
}

}  // namespace
}  // namespace pacwar::server
