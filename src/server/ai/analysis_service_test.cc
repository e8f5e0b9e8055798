// Hints and post-game analysis through the API: the option, the hint from the player's view only
// (another deal of the opponent's cards gives the same answer), the background analysis.
#include "server/ai/analysis_service.h"

#include <gtest/gtest.h>

#include <random>
#include <thread>

#include "analysis/analysis.h"
#include "engine/rng.h"
#include "engine/session.h"
#include "games/registry.h"
#include "server/test_support.h"

namespace pacwar::server {
namespace {

using engine::Json;
using testing::ApiClient;
using testing::InProcessServer;
using testing::Reply;
using testing::TempDir;
using testing::unique;

class ServerAnalysis : public ::testing::Test {
 public:
  void SetUp() override {
    ServerConfig config = testing::test_config(dir_, 8);
    config.agent_threads = 1;
    server_ = std::make_unique<InProcessServer>(config);
    store_ = std::make_unique<Store>(open_database(config.db));
  }
  ApiClient user(const std::string& prefix) { return testing::signed_up(server_->port(), prefix); }
  static std::string create(ApiClient& c, const Json& hints, const std::string& game) {
    Json body = {{"game", game}, {"seat", "japanese"}, {"opponent", "random"}};
    if (!hints.is_null()) body["hints"] = hints;
    return testing::create_game(c, body);
  }
  static Json wait_turn(ApiClient& c, const std::string& id) { return testing::wait_turn(c, id); }
  // The true position of game `id` (every action stored so far), rebuilt from the store.
  std::unique_ptr<engine::Session> truth(const std::string& id) {
    auto record = store_->load_game(id);
    EXPECT_TRUE(record.has_value());
    auto session =
        std::make_unique<engine::Session>(find_game(record->game), record->options, record->seed);
    for (const ActionRecord& action : record->actions) session->apply_id(action.id);
    return session;
  }

  TempDir dir_;
  std::unique_ptr<InProcessServer> server_;
  std::unique_ptr<Store> store_;
};

TEST_F(ServerAnalysis, HintsAreAnOptionShownInTheLobbyAndRefusedWithoutIt) {
  ApiClient alice = user("hinta");
  const std::string with = create(alice, true, "pacific-war");
  const std::string without = create(alice, nullptr, "pacific-war");
  EXPECT_EQ(alice
                .post("/api/games", {{"game", "pacific-war"},
                                     {"seat", "japanese"},
                                     {"opponent", "random"},
                                     {"hints", "yes"}})
                .status,
            400);
  const Reply lobby = alice.get("/api/games");  // kept: the loop reads into it
  for (const Json& g : lobby.body["games"]) {
    EXPECT_EQ(g["hints"].get<bool>(), g["id"] == with) << g.dump();
  }
  EXPECT_EQ(alice.get("/api/games/" + with + "/features").body,
            Json({{"hints", true}, {"rated", false}}));
  EXPECT_FALSE(alice.get("/api/games/" + without + "/features").body["hints"].get<bool>());
  wait_turn(alice, without);
  const Reply refused = alice.post("/api/games/" + without + "/hint");
  EXPECT_EQ(refused.status, 409) << refused.text;
  ApiClient mallory = user("hintm");
  EXPECT_EQ(mallory.post("/api/games/" + with + "/hint").status, 403);
  EXPECT_EQ(mallory.get("/api/games/" + with + "/features").status, 403);
}

// The hint is what the search sees from the player's seat: the same answer comes from another
// deal of everything that seat cannot see (the opponent's hand differs).
void expect_hint_from_the_view_only(ServerAnalysis& test, ApiClient& alice,
                                    const std::string& game) {
  const std::string id = ServerAnalysis::create(alice, true, game);
  std::mt19937 rng(7);
  int compared = 0;
  for (int step = 0; step < 400 && compared < 2; ++step) {
    const Json state = ServerAnalysis::wait_turn(alice, id);
    ASSERT_EQ(state["status"], "active");
    const auto session = test.truth(id);
    const engine::State& now = session->state();
    const int seat = now.current_seat();
    ASSERT_EQ(seat, 0);
    std::unique_ptr<engine::State> other;
    for (std::uint64_t k = 0; k < 50 && !other; ++k) {
      auto copy = now.clone();
      engine::Rng draw(k + 1);
      copy->resample_hidden(seat, draw);
      if (copy->view(1 - seat) != now.view(1 - seat)) other = std::move(copy);
    }
    if (step >= 20 && other && state["legal"].size() >= 2) {
      ASSERT_EQ(other->view(seat), now.view(seat));
      const Reply r = alice.post("/api/games/" + id + "/hint");
      ASSERT_EQ(r.status, 200) << r.text;
      ASSERT_FALSE(r.body["top"].empty());
      EXPECT_LE(r.body["top"].size(), 3u);
      for (const Json& t : r.body["top"]) {
        bool legal = false;
        for (const Json& l : state["legal"]) legal = legal || l["id"] == t["id"];
        EXPECT_TRUE(legal) << t.dump();
      }
      EXPECT_FALSE(r.body["main_line"].empty());
      analysis::AnalysisConfig config;
      config.player = r.body["player"];
      const analysis::Hint elsewhere =
          analysis::hint(*other, analysis::search_config(config), game, {"japanese", "allied"},
                         AnalysisService::hint_seed(id, session->history_ids().size()),
                         analysis::kMainLineLength, analysis::WinCalibration::for_game(game));
      Json answer = r.body;
      answer.erase("version");
      answer.erase("player");
      EXPECT_EQ(answer, analysis::to_json(elsewhere)) << game << " step " << step;
      ++compared;
    }
    const Json& legal = state["legal"];
    const std::string action = legal[rng() % legal.size()]["id"];
    const Reply moved = alice.post("/api/games/" + id + "/actions",
                                   {{"action", action}, {"version", state["version"]}});
    ASSERT_EQ(moved.status, 200) << moved.text;
  }
  EXPECT_EQ(compared, 2) << game;
}

TEST_F(ServerAnalysis, HintComesFromThePlayersViewOnly) {
  ApiClient alice = user("hintv");
  expect_hint_from_the_view_only(*this, alice, "pacific-war");
  expect_hint_from_the_view_only(*this, alice, "co-prosperity");
}

TEST_F(ServerAnalysis, AFinishedGameIsAnalysedInTheBackground) {
  ApiClient alice = user("anal");
  const std::string id = create(alice, nullptr, "co-prosperity");
  std::mt19937 rng(3);
  for (int step = 0; step < 12; ++step) {
    const Json state = wait_turn(alice, id);
    const Json& legal = state["legal"];
    alice.post("/api/games/" + id + "/actions",
               {{"action", legal[rng() % legal.size()]["id"]}, {"version", state["version"]}});
  }
  EXPECT_EQ(alice.post("/api/games/" + id + "/analysis").status, 409);  // not finished
  EXPECT_EQ(alice.get("/api/games/" + id + "/analysis").body["status"], "none");
  wait_turn(alice, id);
  ASSERT_EQ(alice.post("/api/games/" + id + "/resign").status, 200);
  const Reply queued = alice.post("/api/games/" + id + "/analysis");
  ASSERT_EQ(queued.status, 202) << queued.text;
  ApiClient mallory = user("analm");
  EXPECT_EQ(mallory.get("/api/games/" + id + "/analysis").status, 403);
  Json status;
  for (int i = 0; i < 1200; ++i) {
    status = alice.get("/api/games/" + id + "/analysis").body;
    if (status["status"] == "done" || status["status"] == "failed") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_EQ(status["status"], "done") << status.dump();
  const Json& a = status["analysis"];
  EXPECT_EQ(a["seat_name"], "japanese");
  EXPECT_EQ(status["done"], status["total"]);
  EXPECT_EQ(a["moves"].size(), a["decisions"].get<std::size_t>());
  ASSERT_GE(a["moves"].size(), 3u);
  const auto record = store_->load_game(id);
  for (const Json& move : a["moves"]) {
    const auto& action = record->actions[move["index"].get<std::size_t>()];
    EXPECT_EQ(action.seat, 0);
    EXPECT_EQ(move["taken"], action.id);
  }
  // Asked again: the stored analysis, not a new job.
  EXPECT_EQ(alice.post("/api/games/" + id + "/analysis").body["analysis"], a);
}

}  // namespace
}  // namespace pacwar::server
