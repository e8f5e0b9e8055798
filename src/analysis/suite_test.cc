// The strategic test suites (docs/suite.md): every stored position loads, its labels are legal
// there and cite the rules; scoring follows the labels; the analysis view is scored on a
// position's blunder and good action; the players it asks see only their seat's view.
#include "analysis/suite.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "ai/agent.h"
#include "ai/positions_for_test.h"
#include "engine/data_dir.h"
#include "engine/errors.h"
#include "engine/hex.h"
#include "engine/session.h"
#include "games/registry.h"

namespace pacwar::analysis {
namespace {

using engine::Json;

// The games with a suite in data/, and the least positions each must hold (issue 36).
int required_positions(const std::string& game) {
  if (game == "pacific-war") return 120;
  if (game == "co-prosperity") return 60;
  return 1;
}

TEST(Suite, EveryStoredPositionLoadsWithLegalLabelsCitingTheRules) {
  int suites = 0;
  for (const std::string& game : game_names()) {
    if (!std::filesystem::exists(game_data_dir(game) + "/suite/suite.json")) continue;
    ++suites;
    const Suite suite = load_suite(game);
    EXPECT_GE(static_cast<int>(suite.positions.size()), required_positions(game)) << game;
    std::map<std::string, int> per_theme;
    for (const SuitePosition& p : suite.positions) {
      ++per_theme[p.theme];
      for (const std::string& problem : check_position(suite, p)) ADD_FAILURE() << problem;
    }
    for (const auto& [theme, text] : suite.themes)
      EXPECT_GT(per_theme[theme], 0) << game << ": theme " << theme << " has no position";
  }
  EXPECT_EQ(suites, 2) << "both games have a suite";
}

TEST(Suite, LabelsAreIdsOrPrefixesAndABlunderBeatsABroaderGoodPattern) {
  SuitePosition p;
  p.good = {"to *"};
  p.acceptable = {"pass"};
  p.blunder = {"to Japan"};
  EXPECT_EQ(verdict_for(p, "to Truk"), Verdict::kGood);
  EXPECT_EQ(verdict_for(p, "to Japan"), Verdict::kBlunder);
  EXPECT_EQ(verdict_for(p, "pass"), Verdict::kAcceptable);
  EXPECT_EQ(verdict_for(p, "decline"), Verdict::kOther);
  EXPECT_TRUE(label_matches("pick *", "pick Kaga"));
  EXPECT_FALSE(label_matches("pick", "pick Kaga"));
}

// A one-position suite cut from a seeded game of `game` in a temporary directory: the position
// is the first decision with at least three choices after 40 actions; `good` is its first legal
// action, `blunder` its second.
class TinySuite {
 public:
  explicit TinySuite(const std::string& game) {
    dir_ = std::filesystem::temp_directory_path() /
           ("pacwar-suite-test-" + std::to_string(::getpid()) + "-" + game);
    std::filesystem::create_directories(dir_ / "games");
    const auto g = find_game(game);
    engine::Session session(g, g->normalize_options(Json::object()), 7);
    int at = -1;
    std::vector<std::string> legal;
    for (int k = 0; !session.state().is_terminal(); ++k) {
      if (session.state().is_chance()) {
        session.resolve_chance();
        continue;
      }
      legal = session.legal_ids();
      if (k >= 40 && legal.size() >= 3) {
        at = static_cast<int>(session.history_ids().size());
        hash_ = engine::to_hex(session.state().hash());
        seat_ = g->seat_name(session.state().current_seat());
        break;
      }
      session.apply_id(legal[static_cast<std::size_t>(k) % legal.size()]);
    }
    EXPECT_GE(at, 0);
    std::ofstream(dir_ / "games" / "g.json") << session.save().dump();
    good_ = legal[0];
    blunder_ = legal[1];
    const Json doc = {{"themes", {{"t", "a test"}}},
                      {"positions",
                       {{{"id", "p1"},
                         {"theme", "t"},
                         {"sections", {"3.0"}},
                         {"game", "g"},
                         {"at", at},
                         {"state_hash", hash_},
                         {"seat", seat_},
                         {"good", {good_}},
                         {"blunder", {blunder_}},
                         {"why", "a test (3.0)"}}}}};
    std::ofstream(dir_ / "suite.json") << doc.dump(2);
  }
  ~TinySuite() { std::filesystem::remove_all(dir_); }
  TinySuite(const TinySuite&) = delete;
  TinySuite& operator=(const TinySuite&) = delete;

  std::string dir() const { return dir_.string(); }
  const std::string& hash() const { return hash_; }

 private:
  std::filesystem::path dir_;
  std::string hash_, seat_, good_, blunder_;
};

TEST(Suite, ScoresEachChoiceByItsLabel) {
  const TinySuite tiny("pacific-war");
  const Suite suite = load_suite("pacific-war", tiny.dir());
  ASSERT_EQ(suite.positions.size(), 1u);
  for (const std::string& problem : check_position(suite, suite.positions[0]))
    ADD_FAILURE() << problem;
  SuiteConfig config;
  config.player = "random";
  const Json result = run_suite(suite, config);
  EXPECT_EQ(result["positions"], 1);
  EXPECT_EQ(result["good"].get<int>() + result["acceptable"].get<int>() +
                result["blunder"].get<int>() + result["other"].get<int>(),
            1);
  const std::string verdict = result["results"][0]["verdict"];
  EXPECT_EQ(result[verdict], 1);
  EXPECT_EQ(result["themes"]["t"]["positions"], 1);
  EXPECT_DOUBLE_EQ(result["good_rate"].get<double>(), result["good"].get<int>() * 1.0);
}

TEST(Suite, TheAnalysisIsScoredOnEachPositionsBlunderAndGoodAction) {
  for (const std::string game : {"pacific-war", "co-prosperity"}) {
    const TinySuite tiny(game);
    const Suite suite = load_suite(game, tiny.dir());
    SuiteConfig config;
    AnalysisConfig analysis;
    analysis.player = "mcts:40";
    const Json result = analyse_suite(suite, config, analysis);
    EXPECT_EQ(result["analysis"], "mcts:40");
    for (const std::string kind : {"blunder", "good"}) {
      const Json& counts = result[kind + "s"];
      EXPECT_EQ(counts["analysed"], 1) << game << " " << kind;
      EXPECT_EQ(counts["marked"].get<int>(), counts["inaccuracy"].get<int>() +
                                                 counts["mistake"].get<int>() +
                                                 counts["blunder"].get<int>());
      const Json& d = result["results"][0][kind];
      // The analysis of the labelled action, marked as its loss says (analysis.h).
      EXPECT_EQ(d["mark"], mark_for_loss(d["loss"].get<double>())) << game << " " << kind;
      EXPECT_EQ(counts["marked"].get<int>(), d["mark"].get<std::string>().empty() ? 0 : 1);
    }
    EXPECT_EQ(analyse_suite(suite, config, analysis), result) << game << ": the same for a seed";
    // The analysis refuses what a game's analysis refuses: a time budget, the oracle.
    analysis.player = "mcts:100ms";
    EXPECT_THROW(analyse_suite(suite, config, analysis), engine::UsageError);
    analysis.player = "oracle:easy";
    EXPECT_THROW(analyse_suite(suite, config, analysis), engine::UsageError);
  }
}

TEST(Suite, RefusesTheOracleAnUnknownThemeAndAMovedPosition) {
  const TinySuite tiny("co-prosperity");
  Suite suite = load_suite("co-prosperity", tiny.dir());
  SuiteConfig config;
  config.player = "oracle:easy";
  EXPECT_THROW(run_suite(suite, config), engine::UsageError);
  config.player = "mcts:easy";
  config.theme = "no-such-theme";
  EXPECT_THROW(run_suite(suite, config), engine::UsageError);
  suite.positions[0].state_hash = "0123456789abcdef";
  EXPECT_THROW(position_session(suite, suite.positions[0]), engine::DataError);
  EXPECT_FALSE(check_position(suite, suite.positions[0]).empty());
}

TEST(Suite, DecisionsListEachChoiceAndTheOneTheSaveEndsAt) {
  const TinySuite tiny("pacific-war");
  const Suite suite = load_suite("pacific-war", tiny.dir());
  const Json& save = suite.games.at("g");
  const Json all = save_decisions(save, 0, -1, false);
  ASSERT_FALSE(all.empty());
  const Json& last = all.back();
  EXPECT_TRUE(last["chose"].is_null());
  EXPECT_EQ(last["at"], save["actions"].size());
  EXPECT_EQ(last["state_hash"], tiny.hash());
  EXPECT_GE(last["legal"].size(), 3u);
  for (std::size_t i = 0; i + 1 < all.size(); ++i) EXPECT_TRUE(all[i]["chose"].is_string());
  const Json some = save_decisions(save, 10, 20, true);
  for (const Json& d : some) {
    EXPECT_GE(d["at"].get<int>(), 10);
    EXPECT_LT(d["at"].get<int>(), 20);
    EXPECT_TRUE(d.contains("view"));
  }
}

TEST(Suite, AGameWithoutASuiteIsAClearError) {
  EXPECT_THROW(load_suite("pacific-war", "/nonexistent/suite"), engine::UsageError);
  EXPECT_THROW(load_suite("no-such-game"), engine::UsageError);
}

// The suite asks its players through ai::make_agent: another deal of what the deciding seat
// cannot see gives the same choice (the no-peeking pairs of ai/positions_for_test.h).
TEST(SuiteHiddenInfo, ThePlayersItAsksChooseFromTheirSeatsViewOnly) {
  for (const std::string& game : {std::string("pacific-war"), std::string("co-prosperity")}) {
    for (const std::string& player : {std::string("mcts:easy"), std::string("heuristic")}) {
      const auto spec = ai::parse_agent_spec(player);
      ASSERT_TRUE(spec);
      ai::testing::for_each_hidden_pair(game, [&](const engine::State& state,
                                                  const engine::State& other, std::uint64_t seed) {
        auto a = ai::make_agent(*spec, game, 2, 1);
        auto b = ai::make_agent(*spec, game, 2, 1);
        EXPECT_EQ(state.action_id(a->choose(state, seed)), other.action_id(b->choose(other, seed)))
            << game << " " << player << " seed " << seed;
      });
    }
  }
}

}  // namespace
}  // namespace pacwar::analysis
