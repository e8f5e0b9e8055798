// Games in progress after a rule fix (server/play/rules_repair.h, docs/deploy.md "Rule fixes and
// games in progress"): a test game whose rule changes between two servers on one database, reported
// and repaired; and the command line on a real game whose stored log was made illegal.
#include "server/play/rules_repair.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>

#include "engine/data_dir.h"
#include "server/accounts/user_settings.h"
#include "server/http/api_error.h"
#include "server/notify/notice_queue.h"
#include "server/notify/notices.h"
#include "server/test_support.h"
#include "tests/toy_game.h"

namespace pacwar::server {
namespace {

using engine::Json;
using testing::TempDir;

// The toy game (tests/toy_game.h): version 1 of its rules has "stretch", version 2 (the rule
// fix) has not.
std::vector<GameRules> toy_rules(int version) {
  return {{std::make_shared<toy::ToyGame>(/*stretch=*/version == 1), std::to_string(version)}};
}

std::string ratings_file() { return game_data_dir("server") + "/ai_ratings.json"; }

// Plays `ids` in game `id`, each by the seat to move (`red`, `blue`: the players' names).
void play(GameService& games, const std::string& id, const std::string& red,
          const std::string& blue, const std::vector<std::string>& ids) {
  for (const std::string& action : ids) {
    const Json state = Json::parse(games.state_text(red, id));
    const bool first = state["your_turn"].get<bool>();
    games.act(first ? red : blue, id, {{"action", action}, {"version", state["version"]}});
  }
}

TEST(RulesRepair, AGameMadeIllegalByARuleFixIsReportedThenResumedAtItsLastLegalAction) {
  TempDir dir;
  Store store(open_database(testing::test_db(dir)));
  Notifier notifier;
  const std::string ann = testing::unique("ann");  // red
  const std::string bob = testing::unique("bob");  // blue
  std::string id;
  std::int64_t length = 0;
  {
    store.create_user(ann, "x", now_ms());
    store.create_user(bob, "x", now_ms());
    GameService v1(store, notifier, toy_rules(1));
    const Json created =
        v1.create(ann, Json{{"game", "toy"}, {"seat", "red"}, {"opponent", "human"}});
    id = created["id"].get<std::string>();
    v1.join(bob, created["invite"].get<std::string>());
    play(v1, id, ann, bob, {"stretch", "rest", "rest"});  // stretch: version 1 only
    EXPECT_FALSE(v1.check_game(id).has_value());
    length = Json::parse(v1.state_text(ann, id))["version"].get<std::int64_t>();
    EXPECT_EQ(store.load_game(id)->rules_version, "1");
  }
  {
    // Ann asked for browser notices; Bob set up nothing (he reads the game's chat).
    auto c = store.database().acquire();
    write_settings(*c, ann, {{"notify", {{"browser", true}}}}, now_ms());
  }

  GameService v2(store, notifier, toy_rules(2));
  Platform platform(store.database(), v2, ratings_file());
  // The report: the game, both versions, the action and where.
  const auto problem = v2.check_game(id);
  ASSERT_TRUE(problem.has_value());
  EXPECT_EQ(problem->index, 2);  // the two cards dealt, then the stretch
  EXPECT_EQ(problem->action, "stretch");
  EXPECT_EQ(problem->length, length);
  EXPECT_EQ(problem->game.rules_version, "1");
  EXPECT_EQ(problem->rules_now, "2");
  std::ostringstream report;
  EXPECT_GE(report_replay_problems(v2, report), 1);  // PostgreSQL: other tests' games too
  EXPECT_NE(report.str().find("game " + id +
                              " (toy, active, began under rules 1, this server "
                              "plays 2): stored action 2 of " +
                              std::to_string(length) + " 'stretch' no longer replays"),
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
  EXPECT_EQ(result->taken_back, length - 2);
  EXPECT_EQ(result->status.status, PlayStatus::kActive);
  // It goes on from action 2, red to move, under the rules of version 2: no stretch.
  const Json state = Json::parse(v2.state_text(ann, id));
  EXPECT_EQ(state["version"], 2);
  EXPECT_TRUE(state["your_turn"].get<bool>());
  for (const Json& a : state["legal"]) EXPECT_NE(a["id"], "stretch") << state["legal"].dump();
  EXPECT_FALSE(state["legal"].empty());
  EXPECT_FALSE(v2.check_game(id).has_value());
  for (const ReplayProblem& p : v2.check_games()) EXPECT_NE(p.game.id, id) << problem_line(p);
  play(v2, id, ann, bob, {"rest"});
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
  const Json body = {{"seat", "red"},     {"opponent", "bob"},   {"move", 4},
                     {"your_turn", true}, {"rules_before", "1"}, {"rules_now", "2"},
                     {"taken_back", 3}};
  const std::string text = notice_text("rules_repair", body, "Toy", "http://x/#/game/g");
  EXPECT_EQ(text,
            "pacwar, Toy (you play red, move 4): the server's rules were corrected (version 1 "
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
    const Json created = games.create(
        "ann", Json{{"game", "pacific-war"}, {"seat", "japanese"}, {"opponent", "human"}});
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
