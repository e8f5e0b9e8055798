// Hidden information, wider than hidden_info_test.cc: in random games of both games, every text
// a viewer receives — the create answer and initial state, every state and action answer, the
// errors of illegal actions (with their legal ids), undo answers, live events, replay steps and,
// for a spectator (a user who plays neither seat of this public game), its state answers, live
// events, replay steps, chat, the list of public games and every refusal — is collected; at the end
// no identifier of a card that was never visible to that viewer (never in its view, its own legal
// actions or a log line it may read, at any version, by the authoritative state rebuilt from the
// stored log) may appear
// in any of them. This covers the deck (boardgame.io sent its initial deck), undo history
// (boardgame.io), and replays and saves (VASSAL's deck order).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <regex>
#include <set>

#include "engine/session.h"
#include "games/registry.h"
#include "server/db/store.h"
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

constexpr int kSpectatorSlot = 2;

class HiddenEverywhere : public ::testing::Test {
 protected:
  void SetUp() override {
    const ServerConfig config = testing::test_config(dir_, 8);
    server_ = std::make_unique<InProcessServer>(config);
    store_ = std::make_unique<Store>(open_database(config.db));
  }

  // What `viewer` (a seat, or -1 for the public) may see of game `id` after `version` actions.
  std::string visible_text(const std::string& id, std::int64_t version, int viewer) {
    auto record = store_->load_game(id);
    EXPECT_TRUE(record.has_value());
    auto session =
        std::make_unique<engine::Session>(find_game(record->game), record->options, record->seed);
    for (std::int64_t i = 0; i < version; ++i) session->apply_id(record->actions[i].id);
    const engine::State& state = session->state();
    std::string text = state.view(viewer).dump();
    // The seat to act knows its own legal actions (they may name its own cards).
    if (viewer >= 0 && !state.is_terminal() && state.current_seat() == viewer) {
      for (engine::ActionCode action : state.legal_actions()) {
        text += "\n" + state.action_id(action) + " " + state.action_label(action);
      }
    }
    for (const engine::LogLine& line : session->log()) {
      const bool readable =
          viewer < 0 ? line.visible_to == engine::kAllSeats : line.visible(viewer);
      if (readable) text += "\n" + line.text;
    }
    return text;
  }

  // The card ids of `game` (content files), e.g. "J01", "A12".
  std::vector<std::string> card_ids(const std::string& game) {
    ApiClient c(server_->port());
    const Reply content = c.get("/api/content/" + game);
    EXPECT_EQ(content.status, 200);
    std::vector<std::string> ids;
    std::function<void(const Json&)> walk = [&](const Json& j) {
      if (j.is_object()) {
        if (j.contains("id") && j["id"].is_string() && j.contains("name")) {
          ids.push_back(j["id"].get<std::string>());
        }
        for (const auto& [k, v] : j.items()) walk(v);
      } else if (j.is_array()) {
        for (const Json& v : j) walk(v);
      }
    };
    walk(content.body["cards"]);
    return ids;
  }

  void record(int viewer, const std::string& what, const Reply& r) {
    received_[viewer].push_back(what + ": " + r.text);
  }

  // Marks every card id found in `text` as seen by `viewer`.
  void saw(int viewer, const std::string& text) {
    for (const std::string& id : cards_) {
      if (mentions(text, id)) seen_[viewer].insert(id);
    }
  }

  // Whether `id` occurs in `text` as a whole word, neither preceded nor followed by an ASCII
  // letter or digit: the regex "(^|[^A-Za-z0-9])ID($|[^A-Za-z0-9])". An id of letters, digits,
  // '-' and '_' (every card id) is searched as plain text, which is the same test without
  // std::regex's cost (most of this test's time, many times more in the ASan build); any other
  // id goes through the regex.
  bool mentions(const std::string& text, const std::string& id) {
    const auto alnum = [](char c) {
      return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    };
    const bool plain = !id.empty() && std::all_of(id.begin(), id.end(), [&](char c) {
      return alnum(c) || c == '-' || c == '_';
    });
    if (!plain) return std::regex_search(text, pattern(id));
    for (std::size_t at = text.find(id); at != std::string::npos; at = text.find(id, at + 1)) {
      const std::size_t end = at + id.size();
      if ((at == 0 || !alnum(text[at - 1])) && (end == text.size() || !alnum(text[end]))) {
        return true;
      }
    }
    return false;
  }

  const std::regex& pattern(const std::string& id) {
    auto& p = patterns_[id];
    if (!p) p = std::make_unique<std::regex>("(^|[^A-Za-z0-9])" + id + "($|[^A-Za-z0-9])");
    return *p;
  }

  void play(const std::string& game, int steps, unsigned seed) {
    cards_ = card_ids(game);
    ASSERT_GT(cards_.size(), 10u);
    ApiClient japanese(server_->port());
    ApiClient allied(server_->port());
    ApiClient spectator(server_->port());
    ASSERT_EQ(japanese.signup(unique("jap")).status, 201);
    ASSERT_EQ(allied.signup(unique("all")).status, 201);
    ASSERT_EQ(spectator.signup(unique("spec")).status, 201);
    const Reply created = japanese.post("/api/games", {{"game", game},
                                                       {"seat", "japanese"},
                                                       {"opponent", "human"},
                                                       {"public", true},
                                                       {"spectator_chat", "read"}});
    ASSERT_EQ(created.status, 201) << created.text;
    record(0, "create", created);
    const std::string id = created.body["id"];
    const std::string path = "/api/games/" + id;
    record(1, "join", allied.post("/api/invites/" + created.body["invite"].get<std::string>()));
    ApiClient* clients[2] = {&japanese, &allied};
    // The streams carry the states too (?log_since, issue 43): every one of them is checked.
    EventReader events0(server_->port(), id, japanese.cookie(), "?log_since=0");
    EventReader events1(server_->port(), id, allied.cookie(), "?log_since=0");
    EventReader events2(server_->port(), id, spectator.cookie(), "?log_since=0");
    std::mt19937 rng(seed);
    std::int64_t last_version = -1;
    auto observe = [&](std::int64_t version) {
      if (version == last_version) return;
      last_version = version;
      for (int seat = 0; seat < 2; ++seat) saw(seat, visible_text(id, version, seat));
      saw(kSpectatorSlot, visible_text(id, version, -1));
    };
    auto spectate = [&]() {
      const Reply watched = spectator.get(path);
      EXPECT_EQ(watched.status, 200) << watched.text;
      EXPECT_EQ(watched.body.value("spectator", false), true);
      EXPECT_TRUE(watched.body["legal"].empty());
      EXPECT_FALSE(watched.body.contains("invite"));
      if (watched.status == 200) {  // exactly the public view (view(-1)) of that version
        EXPECT_EQ(
            visible_text(id, watched.body["version"], -1).rfind(watched.body["view"].dump(), 0),
            0u);
      }
      record(kSpectatorSlot, "state", watched);
      record(kSpectatorSlot, "public games", spectator.get("/api/public-games"));
      record(kSpectatorSlot, "chat", spectator.get(path + "/chat"));
      record(kSpectatorSlot, "chat post", spectator.post(path + "/chat", {{"text", "hello"}}));
      record(kSpectatorSlot, "replay", spectator.get(path + "/replay?step=1"));
      record(kSpectatorSlot, "act",
             spectator.post(path + "/actions", {{"action", "x"}, {"version", 0}}));
      record(kSpectatorSlot, "undo", spectator.post(path + "/undo", {{"version", 0}}));
      record(kSpectatorSlot, "lobby", spectator.get("/api/games"));
    };
    for (int step = 0; step < steps; ++step) {
      int to_act = -1;
      Json state;
      for (int seat = 0; seat < 2; ++seat) {
        const Reply r = clients[seat]->get(path);
        ASSERT_EQ(r.status, 200) << r.text;
        record(seat, "state", r);
        observe(r.body["version"]);
        if (r.body["your_turn"].get<bool>()) {
          to_act = seat;
          state = r.body;
        }
      }
      if (step % 10 == 0) {
        spectate();
        record(to_act < 0 ? 0 : to_act, "chat",
               clients[to_act < 0 ? 0 : to_act]->post(path + "/chat",
                                                      {{"text", "move " + std::to_string(step)}}));
      }
      if (to_act < 0) break;
      ApiClient& c = *clients[to_act];
      // An illegal action: its error lists the legal ids of this seat only.
      const Reply illegal = c.post(
          path + "/actions",
          {{"action", "no such action " + std::to_string(step)}, {"version", state["version"]}});
      EXPECT_EQ(illegal.status, 400);
      record(to_act, "illegal", illegal);
      // Out of turn: the other seat's error.
      record(1 - to_act, "out of turn",
             clients[1 - to_act]->post(path + "/actions", {{"action", state["legal"][0]["id"]},
                                                           {"version", state["version"]}}));
      const Json& legal = state["legal"];
      const std::size_t pick = std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng);
      const Reply acted =
          c.post(path + "/actions", {{"action", legal[pick]["id"]}, {"version", state["version"]}});
      ASSERT_EQ(acted.status, 200) << acted.text;
      record(to_act, "act", acted);
      observe(acted.body["version"]);
      if (step % 7 == 3 && acted.body["can_undo"].get<bool>()) {
        const Reply undone = c.post(path + "/undo", {{"version", acted.body["version"]}});
        record(to_act, "undo", undone);
        if (undone.status == 200) observe(undone.body["version"]);
      }
    }
    // The end: a resignation, then replays for both seats and the spectator.
    const Reply resigned = japanese.post(path + "/resign");
    ASSERT_EQ(resigned.status, 200) << resigned.text;
    record(0, "resign", resigned);
    const std::int64_t final_version = japanese.get(path).body["version"];
    observe(final_version);
    for (int seat = 0; seat < 2; ++seat) {
      for (std::int64_t s = 0; s <= final_version;
           s += std::max<std::int64_t>(1, final_version / 25)) {
        const Reply r = clients[seat]->get(path + "/replay?step=" + std::to_string(s));
        ASSERT_EQ(r.status, 200) << r.text;
        record(seat, "replay " + std::to_string(s), r);
      }
      record(seat, "lobby", clients[seat]->get("/api/games"));
    }
    for (std::int64_t s = 0; s <= final_version;
         s += std::max<std::int64_t>(1, final_version / 25)) {
      const Reply r = spectator.get(path + "/replay?step=" + std::to_string(s));
      ASSERT_EQ(r.status, 200) << r.text;
      EXPECT_TRUE(r.body["action"].is_null()) << "a spectator is shown no action id";
      record(kSpectatorSlot, "replay " + std::to_string(s), r);
    }
    spectate();
    events0.wait_for([](const Json& e) { return e.value("status", "") == "finished"; },
                     std::chrono::seconds(5));
    events1.wait_for([](const Json& e) { return e.value("status", "") == "finished"; },
                     std::chrono::seconds(5));
    for (const Json& e : events0.events()) received_[0].push_back("event: " + e.dump());
    for (const Json& e : events1.events()) received_[1].push_back("event: " + e.dump());
    for (const std::string& t : events0.state_texts()) received_[0].push_back("state event: " + t);
    for (const std::string& t : events1.state_texts()) received_[1].push_back("state event: " + t);
    EXPECT_FALSE(events0.state_texts().empty()) << "the other seat's moves carried no state";
    EXPECT_FALSE(events1.state_texts().empty()) << "the other seat's moves carried no state";
    events2.wait_for([](const Json& e) { return e.value("status", "") == "finished"; },
                     std::chrono::seconds(5));
    for (const Json& e : events2.events())
      received_[kSpectatorSlot].push_back("event: " + e.dump());
    for (const std::string& t : events2.state_texts())
      received_[kSpectatorSlot].push_back("state event: " + t);
    EXPECT_FALSE(events2.state_texts().empty()) << "the spectator's stream carried no state";
    EXPECT_FALSE(events2.events().empty()) << "the spectator got no live update";
    EXPECT_FALSE(events0.events().empty());

    // The check: a card never visible to a viewer appears in nothing that viewer received.
    for (int viewer = 0; viewer <= kSpectatorSlot; ++viewer) {
      int hidden = 0;
      for (const std::string& card : cards_) {
        if (seen_[viewer].count(card)) continue;
        ++hidden;
        for (const std::string& text : received_[viewer]) {
          EXPECT_FALSE(mentions(text, card)) << "card " << card << " never visible to viewer "
                                             << viewer << " is in " << text.substr(0, 300);
        }
      }
      hidden_total_ += hidden;
      EXPECT_GT(received_[viewer].size(), 5u);
    }
  }

  TempDir dir_;
  std::unique_ptr<InProcessServer> server_;
  std::unique_ptr<Store> store_;
  std::vector<std::string> cards_;
  std::map<std::string, std::unique_ptr<std::regex>> patterns_;
  std::set<std::string> seen_[3];
  std::vector<std::string> received_[3];
  int hidden_total_ = 0;
};

int game_steps(int normal) {
  return std::getenv("PACWAR_SELFPLAY_GAMES") != nullptr ? normal / 3 : normal;
}

TEST_F(HiddenEverywhere, RandomPacificWarGame) {
  play("pacific-war", game_steps(90), 5);
  EXPECT_GT(hidden_total_, 10);  // cards that stayed hidden from someone were checked
}

TEST_F(HiddenEverywhere, RandomCoProsperityGame) {
  play("co-prosperity", game_steps(90), 6);
  EXPECT_GT(hidden_total_, 10);
}

}  // namespace
}  // namespace pacwar::server
