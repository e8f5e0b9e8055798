// Games in progress after a rule fix (server/rules_repair.h, docs/deploy.md "Rule fixes and games
// in progress"): a test game whose rule changes between two servers on one database, reported
// and repaired; and the command line on a real game whose stored log was made illegal.
#include "server/rules_repair.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>

#include "engine/data_dir.h"
#include "server/api_error.h"
#include "server/notice_queue.h"
#include "server/notices.h"
#include "server/test_support.h"
#include "server/user_settings.h"

namespace pacwar::server {
namespace {

using engine::ActionCode;
using engine::Json;
using testing::TempDir;

// "Tally": two seats add 1..`most` in turn to a total, then a coin adds 0 or 1 (chance); the
// seat that makes the total reach 12 wins. Version 1 of its rules lets a seat add up to 3,
// version 2 only up to 2 (the rule fix).
constexpr int kTarget = 12;
constexpr ActionCode kCoin = 100;

class TallyState final : public engine::State {
 public:
  explicit TallyState(int most) : most_(most) {}
  std::unique_ptr<State> clone() const override { return std::make_unique<TallyState>(*this); }
  int current_seat() const override {
    if (total_ >= kTarget) return engine::kTerminalSeat;
    return coin_ ? engine::kChanceSeat : seat_;
  }
  void legal_actions(std::vector<ActionCode>& out) const override {
    out.clear();
    if (current_seat() < 0) return;
    for (int k = 1; k <= most_; ++k) out.push_back(static_cast<ActionCode>(k));
  }
  void chance_outcomes(std::vector<engine::ChanceOutcome>& out) const override {
    out.clear();
    if (current_seat() == engine::kChanceSeat) out = {{kCoin, 0.5}, {kCoin + 1, 0.5}};
  }
  void apply(ActionCode action, engine::LogSink* log) override {
    if (action >= kCoin) {
      total_ += static_cast<int>(action - kCoin);
      coin_ = false;
      if (total_ >= kTarget) winner_ = 1 - seat_;  // the seat that moved before the coin
      return;
    }
    total_ += static_cast<int>(action);
    if (log) log->add({"adds " + std::to_string(action), "1", engine::kAllSeats});
    ++moves_;
    if (total_ >= kTarget) {
      winner_ = seat_;
    } else {
      coin_ = true;
    }
    seat_ = 1 - seat_;
  }
  std::string action_id(ActionCode action) const override {
    return action >= kCoin ? "coin-" + std::to_string(action - kCoin)
                           : "add-" + std::to_string(action);
  }
  std::string action_label(ActionCode action) const override { return action_id(action); }
  std::string prompt() const override { return "1: add to the tally"; }
  bool is_undo_barrier(ActionCode action) const override { return action >= kCoin; }
  std::vector<double> returns() const override {
    if (winner_ < 0) return {0.0, 0.0};
    return {winner_ == 0 ? 1.0 : -1.0, winner_ == 1 ? 1.0 : -1.0};
  }
  int winner() const override { return winner_; }
  Json view(int /*seat*/) const override { return {{"total", total_}}; }
  void resample_hidden(int /*seat*/, engine::Rng& /*rng*/) override {}
  std::uint64_t hash() const override {
    return static_cast<std::uint64_t>(total_ * 4 + seat_ * 2 + (coin_ ? 1 : 0));
  }
  std::string check_invariants() const override { return ""; }
  std::string check_transition(const State&, ActionCode) const override { return ""; }
  int move_number() const override { return moves_; }

 private:
  int most_;
  int total_ = 0;
  int seat_ = 0;
  bool coin_ = false;
  int moves_ = 0;
  int winner_ = -1;
};

class Tally final : public engine::Game {
 public:
  explicit Tally(int most) : most_(most) {}
  std::string name() const override { return "tally"; }
  int num_seats() const override { return 2; }
  std::string seat_name(int seat) const override { return seat == 0 ? "north" : "south"; }
  engine::Options normalize_options(const engine::Options& options) const override {
    return options.is_null() ? engine::Options::object() : options;
  }
  std::unique_ptr<engine::State> new_initial_state(const engine::Options&) const override {
    return std::make_unique<TallyState>(most_);
  }

 private:
  int most_;
};

std::vector<GameRules> tally_rules(int version) {
  return {{std::make_shared<Tally>(version == 1 ? 3 : 2), std::to_string(version)}};
}

std::string ratings_file() { return game_data_dir("server") + "/ai_ratings.json"; }

// Plays `ids` in game `id`, each by the seat to move (`north`, `south`: the players' names).
void play(GameService& games, const std::string& id, const std::string& north,
          const std::string& south, const std::vector<std::string>& ids) {
  for (const std::string& action : ids) {
    const Json state = Json::parse(games.state_text(north, id));
    const bool first = state["your_turn"].get<bool>();
    games.act(first ? north : south, id, {{"action", action}, {"version", state["version"]}});
  }
}

TEST(RulesRepair, AGameMadeIllegalByARuleFixIsReportedThenResumedAtItsLastLegalAction) {
  TempDir dir;
  Store store(open_database(testing::test_db(dir)));
  Notifier notifier;
  const std::string ann = testing::unique("ann");  // north
  const std::string bob = testing::unique("bob");  // south
  std::string id;
  std::int64_t length = 0;
  {
    store.create_user(ann, "x", now_ms());
    store.create_user(bob, "x", now_ms());
    GameService v1(store, notifier, tally_rules(1));
    const Json created =
        v1.create(ann, {{"game", "tally"}, {"seat", "north"}, {"opponent", "human"}});
    id = created["id"].get<std::string>();
    v1.join(bob, created["invite"].get<std::string>());
    play(v1, id, ann, bob,
         {"add-1", "add-2", "add-3", "add-1"});  // add-3 is legal under version 1 only
    EXPECT_FALSE(v1.check_game(id).has_value());
    length = Json::parse(v1.state_text(ann, id))["version"].get<std::int64_t>();
    EXPECT_EQ(store.load_game(id)->rules_version, "1");
  }
  {
    // Ann asked for browser notices; Bob set up nothing (he reads the game's chat).
    auto c = store.database().acquire();
    write_settings(*c, ann, {{"notify", {{"browser", true}}}}, now_ms());
  }

  GameService v2(store, notifier, tally_rules(2));
  Platform platform(store.database(), v2, ratings_file());
  // The report: the game, both versions, the action and where.
  const auto problem = v2.check_game(id);
  ASSERT_TRUE(problem.has_value());
  EXPECT_EQ(problem->index, 4);  // add-1, coin, add-2, coin, then add-3
  EXPECT_EQ(problem->action, "add-3");
  EXPECT_EQ(problem->length, length);
  EXPECT_EQ(problem->game.rules_version, "1");
  EXPECT_EQ(problem->rules_now, "2");
  std::ostringstream report;
  EXPECT_GE(report_replay_problems(v2, report), 1);  // PostgreSQL: other tests' games too
  EXPECT_NE(report.str().find("game " + id +
                              " (tally, active, began under rules 1, this server "
                              "plays 2): stored action 4 of " +
                              std::to_string(length) + " 'add-3' no longer replays"),
            std::string::npos)
      << report.str();
  EXPECT_NE(report.str().find("pacwar games repair"), std::string::npos);
  // The game waits for the repair: the players get a clear refusal, not a server error.
  try {
    v2.state_text(ann, id);
    ADD_FAILURE() << "a game whose log no longer replays was answered";
  } catch (const ApiError& e) {
    EXPECT_EQ(e.status(), 503);
    EXPECT_NE(std::string(e.what()).find("correction of the rules"), std::string::npos);
  }

  const auto result = repair_game(v2, platform, id);
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(result->taken_back, length - 4);
  EXPECT_EQ(result->status.status, "active");
  // It goes on from action 4, north to move (add-3 is gone), under the rules of version 2.
  const Json state = Json::parse(v2.state_text(ann, id));
  EXPECT_EQ(state["version"], 4);
  EXPECT_TRUE(state["your_turn"].get<bool>());
  EXPECT_EQ(state["legal"].size(), 2u) << state["legal"].dump();
  EXPECT_FALSE(v2.check_game(id).has_value());
  for (const ReplayProblem& p : v2.check_games()) EXPECT_NE(p.game.id, id) << problem_line(p);
  play(v2, id, ann, bob, {"add-2"});
  // Both players are told: ann by her browser notice, both in the game's chat.
  const Json told = notices_of(store.database(), ann);
  int repairs = 0;
  for (const Json& n : told) repairs += n["kind"] == "rules_repair";
  EXPECT_EQ(repairs, 1) << told.dump();
  const Json chat = platform.chat(bob, id, 0)["messages"];
  ASSERT_EQ(chat.size(), 1u);
  EXPECT_TRUE(chat[0]["server"].get<bool>());
  EXPECT_NE(chat[0]["text"].get<std::string>().find("version 1 to 2"), std::string::npos)
      << chat[0].dump();
  // Nothing more to repair.
  EXPECT_FALSE(repair_game(v2, platform, id).has_value());
  v2.resign(ann, id);  // a shared PostgreSQL database: other servers never meet this test game
}

TEST(RulesRepair, TheNoticeSaysWhatChangedInPublicWords) {
  const Json body = {{"seat", "north"},   {"opponent", "bob"},   {"move", 4},
                     {"your_turn", true}, {"rules_before", "1"}, {"rules_now", "2"},
                     {"taken_back", 3}};
  const std::string text = notice_text("rules_repair", body, "Tally", "http://x/#/game/g");
  EXPECT_EQ(text,
            "pacwar, Tally (you play north, move 4): the server's rules were corrected (version 1 "
            "to 2) and the last 3 actions of this game no longer follow them: they were taken "
            "back, and the game goes on from action 4. It is your turn. http://x/#/game/g");
  EXPECT_TRUE(wants(effective_settings(Json::object()), "rules_repair"));
}

// The command line on a real game: a stored action made illegal (as a rule fix would) is
// reported by `games check` (exit 1), repaired by `games repair`, and then checks clean.
TEST(RulesRepair, TheCommandsCheckAndRepairTheServersDatabase) {
  if (testing::postgres_url()) GTEST_SKIP() << "the SQLite file of the test is enough";
  TempDir dir;
  const std::string db = "sqlite:" + (dir.path() / "pacwar.db").string();
  std::string id;
  {
    Store store(open_database(db));
    Notifier notifier;
    GameService games(store, notifier);
    store.create_user("ann", "x", now_ms());
    store.create_user("bob", "x", now_ms());
    const Json created =
        games.create("ann", {{"game", "pacific-war"}, {"seat", "japanese"}, {"opponent", "human"}});
    id = created["id"].get<std::string>();
    games.join("bob", created["invite"].get<std::string>());
    const Json first = Json::parse(games.state_text("ann", id));
    const std::string mover = first["your_turn"].get<bool>() ? "ann" : "bob";
    const Json state = Json::parse(games.state_text(mover, id));
    ASSERT_FALSE(state.at("legal").empty());
    games.act(mover, id, {{"action", state["legal"][0].at("id")}, {"version", state["version"]}});
    auto c = store.database().acquire();
    c->execute(
        "UPDATE actions SET action = 'a move the rules no longer have' WHERE game_id = ? "
        "AND idx = 0",
        {id});
  }
  const std::string bin = pacwar::testing::pacwar_binary();
  const auto run = [&](const std::string& args, std::string& out) {
    const std::string file = (dir.path() / "out.txt").string();
    const int status =
        std::system((bin + " " + args + " --db " + db + " > " + file + " 2>&1").c_str());
    std::ifstream in(file);
    out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  };
  std::string out;
  EXPECT_EQ(run("games check", out), 1) << out;
  EXPECT_NE(out.find("game " + id + " (pacific-war, active, began under rules 1"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("stored action 0 of"), std::string::npos) << out;
  EXPECT_EQ(run("games repair", out), 0) << out;
  EXPECT_NE(out.find("repaired:"), std::string::npos) << out;
  EXPECT_EQ(run("games check", out), 0) << out;
  EXPECT_NE(out.find("every game in progress replays"), std::string::npos) << out;
}

}  // namespace
}  // namespace pacwar::server
